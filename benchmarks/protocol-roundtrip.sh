#!/usr/bin/env bash
# The agent protocol's round trip (docs/protocol.md): what a move costs when the agent
# is a process (`bench serve`, or a Python agent) instead of the same agent in process.
#
# For each game, one tournament with `random` in process and the same tournament with
# `random` served (`bench serve --game G --agent random` in an agents file); two-player
# games play it against in-process `greedy` (the games are identical either way, so
# both runs time the same moves from the same positions). The figure is random's
# "ms per move" of summary.json (the time the tournament waits for the agent's move:
# for a served agent, writing position, moves and go, the server replaying the game
# and choosing, and reading the reply). Each measurement runs RUNS times (default 5),
# in process and served alternately; the table gives the medians.
# When examples/python (PY_DIR) has an agent for a game (a .py file named after it),
# that agent is timed the same way: the cost of a Python agent's move.
#
#   benchmarks/protocol-roundtrip.sh                 # RUNS=5 GAMES=100 DEALS=200
#   BENCH=.build/release/bench benchmarks/protocol-roundtrip.sh   # skip the build
#
# GAMES: games per two-player tournament (even); DEALS: Coin Sorter deals.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
GAMES=${GAMES:-100}
DEALS=${DEALS:-200}
SEED=${SEED:-1}
PY_DIR=${PY_DIR:-examples/python}
if [[ -z ${BENCH:-} ]]; then
  swift build -c release --product bench >/dev/null
  BENCH=.build/release/bench
fi
shown=$BENCH
# Absolute: the agents files name it as their program.
BENCH=$(cd "$(dirname "$BENCH")" && pwd)/$(basename "$BENCH")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

fail() { echo "protocol-roundtrip: $*" >&2; exit 1; }
median() { python3 -c "import sys,statistics; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }
fmt() { python3 -c "import sys; print(format(float(sys.argv[1]), sys.argv[2]))" "$@"; }
# ms per move and moves of agent $2 in the summary.json of folder $1: "MS MOVES".
throughput() {
  python3 - "$1/summary.json" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for row in d["run"]["throughput"]:
    if row["agent"] == sys.argv[2]:
        print(row["averageMillisecondsPerMove"], row["moves"]); break
else:
    sys.exit("no throughput row for " + sys.argv[2])
PY
}
# The games of folder $1 without times and names, to check two runs played the same.
games_of() {
  python3 - "$1/games.jsonl" <<'PY'
import hashlib, json, sys
rows = []
for line in open(sys.argv[1]):
    r = json.loads(line)
    for k in ("times", "agents", "agent", "nodes", "playouts"):
        r.pop(k, None)
    rows.append(json.dumps(r, sort_keys=True))
print(len(rows), hashlib.sha256("\n".join(sorted(rows)).encode()).hexdigest())
PY
}

# tournament GAME OUT AGENTFILE-or-"" AGENTS...: plays it on one thread, fails loudly.
tournament() {
  local game=$1 out=$2 file=$3; shift 3
  local count=$GAMES; [[ $game == coin-sorter ]] && count=$DEALS
  local args=(tournament --game "$game" --games "$count" --seed "$SEED" --threads 1 --out "$out" --agents "$@")
  [[ -n $file ]] && args+=(--agent-file "$file")
  rm -rf "$out"
  "$BENCH" "${args[@]}" >"$work/stdout" 2>"$work/stderr" || fail "bench ${args[*]}: $(cat "$work/stderr")"
  [[ ! -s $work/stderr ]] || fail "bench ${args[*]} wrote to stderr: $(cat "$work/stderr")"
}

# piped GAME FOLDER: the server's own cost per go, its input piped in one go (no
# waiting for replies): "µs/go with the games' histories" and "µs/go from the start
# position", from every ply of FOLDER's games (after the opening), medians of RUNS.
piped() {
  python3 - "$BENCH" "$1" "$2" "$RUNS" "$work" <<'PY'
import json, statistics, subprocess, sys, time
bench, game, folder, runs, work = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
config = json.load(open(folder + "/tournament.json"))
rules = json.dumps({k: config[k] for k in ("longRange", "plyLimit") if k in config}, separators=(",", ":"))
full, bare, gos = ["protocol 1"], ["protocol 1"], 0
for line in open(folder + "/games.jsonl"):
    r = json.loads(line)
    moves = r["opening"] + r["moves"]
    for lines in (full, bare):
        lines.append(f"newgame {game} seed={r['seed']} side={r['sides'][0]} rules={rules}")
    for i in range(len(r["opening"]), len(moves)):
        full += ["position start"] + (["moves " + " ".join(moves[:i])] if i else []) + ["go"]
        bare += ["position start", "go"]
        gos += 1
def cost(lines):
    path = f"{work}/piped.in"
    open(path, "w").write("\n".join(lines + ["quit"]) + "\n")
    times = []
    for _ in range(runs):
        with open(path) as stdin:
            t = time.perf_counter()
            out = subprocess.run([bench, "serve", "--game", game, "--agent", "random"], stdin=stdin,
                                 capture_output=True, check=True).stdout
            times.append(time.perf_counter() - t)
        assert out.count(b"\nmove ") == gos, "a go without its move"
    return statistics.median(times) / gos * 1e6
print(f"{cost(full):.1f} {cost(bare):.1f} {gos}")
PY
}

rows=()
pipedrows=()
# measure GAME LABEL AGENTFILE AGENT [OPPONENT]: LABEL's medians against in-process random.
# Appends a table row; the in-process figures are measured alongside.
measure() {
  local game=$1 label=$2 file=$3 agent=$4 opponent=${5:-}
  local inproc=() ext=() moves="" ext_moves="" same=""
  for run in $(seq "$RUNS"); do
    local order=(in ext); (( run % 2 )) || order=(ext in)
    for which in "${order[@]}"; do
      if [[ $which == in ]]; then
        tournament "$game" "$work/in" "" random $opponent
        read -r ms n < <(throughput "$work/in" random); [[ -n ${ms:-} ]] || fail "no throughput"; inproc+=("$ms"); moves=$n
      else
        tournament "$game" "$work/ext" "$file" "$agent" $opponent
        read -r ms n < <(throughput "$work/ext" "$agent"); [[ -n ${ms:-} ]] || fail "no throughput"; ext+=("$ms"); ext_moves=$n
      fi
    done
  done
  if [[ $label == served* ]]; then
    # A served random plays exactly the in-process games: check it.
    [[ $(games_of "$work/in") == $(games_of "$work/ext") ]] || fail "$game: served random played other games than in process"
    same=" (same games)"
  fi
  local mi me; mi=$(median "${inproc[@]}"); me=$(median "${ext[@]}")
  local runs_ext; runs_ext=$(python3 -c "import sys; print(', '.join(format(float(x)*1000, '.0f') for x in sys.argv[1:]))" "${ext[@]}")
  rows+=("| $game | $label | ${opponent:-—} | $ext_moves$same | $(fmt "$(python3 -c "print($mi*1000)")" .1f) | $(fmt "$(python3 -c "print($me*1000)")" .1f) | $(fmt "$(python3 -c "print(($me-$mi)*1000)")" .1f) | $(fmt "$(python3 -c "print(1000/$me)")" .0f) | $(fmt "$(python3 -c "print(1000/$mi if $mi > 0 else float('inf'))")" .0f) | $runs_ext |")
}

for game in tigers-goats bagh-chal coin-sorter; do
  opponent=greedy; [[ $game == coin-sorter ]] && opponent=""
  cat >"$work/served-$game.json" <<EOF
[{"name": "served", "command": ["$BENCH", "serve", "--game", "$game", "--agent", "random"]}]
EOF
  measure "$game" "served random (bench serve)" "$work/served-$game.json" served $opponent
  if [[ -n $opponent ]]; then
    read -r with_history bare gos < <(piped "$game" "$work/in")
    pipedrows+=("| $game | $gos | $with_history | $bare |")
  fi
  py=""
  if [[ -d $PY_DIR ]]; then
    py=$(find "$PY_DIR" -maxdepth 1 -name "*${game//-/_}*.py" | sort | head -1)
  fi
  if [[ -n $py ]]; then
    pydir=$(cd "$(dirname "$py")" && pwd)
    cat >"$work/python-$game.json" <<EOF
[{"name": "python", "command": ["python3", "$(basename "$py")"], "dir": "$pydir"}]
EOF
    measure "$game" "Python agent ($(basename "$py"))" "$work/python-$game.json" python $opponent
  fi
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
build=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['run']['build'])" "$work/in/summary.json")
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
python_note="No Python agents: $PY_DIR does not exist or has no agent named after a game; skipped."
[[ -d $PY_DIR ]] && [[ -n $(find "$PY_DIR" -maxdepth 1 -name '*.py' | head -1) ]] && python_note="Python agents from $PY_DIR ($(python3 --version 2>&1))."

cat <<EOT
# The agent protocol's round trip

Produced by \`benchmarks/protocol-roundtrip.sh\` (RUNS=$RUNS, GAMES=$GAMES, DEALS=$DEALS, SEED=$SEED):
medians of the runs, in process and external alternately, each tournament on one thread.
Machine: $(uname -srm), $(nproc) cores ($cpu), $(date -u '+%Y-%m-%d %H:%M UTC');
load average $load_before at the start, $load_after at the end.
Bench: \`$shown\` ($build; $(swift --version 2>&1 | grep -m1 -o 'Swift version [^ ]*')).

Each row: the agent's µs per move in the tournament's throughput table (random in
process against the same agent as a process), the difference (the protocol's round
trip, the server's replay of the game included), and moves per second of each. Two-player
games are played against in-process greedy (\`--agents random greedy\` against
\`--agents served greedy\`), so both sides of a row time the same moves.
$python_note

| game | external agent | opponent | its moves per run | in-process random µs/move | external µs/move | round trip µs/move | external moves/s | in-process moves/s | external runs (µs/move) |
|---|---|---|---:|---:|---:|---:|---:|---:|---|
$(printf '%s\n' "${rows[@]}")

The server's own share: \`bench serve --agent random\` with every go of the games above
(each ply after the opening, both sides) piped in at once, so nothing waits for a reply;
µs per go including the process's start, medians of RUNS. Each go is sent as the protocol
sends it (\`position start\`, \`moves\` with the whole game so far), which the server replays;
"from the start position" sends \`position start\` and \`go\` only. The round trip above,
less the first, is what the pipes, the waiting and the workbench's side of each move cost.

| game | gos | µs/go with the game's moves | µs/go from the start position |
|---|---:|---:|---:|
$(printf '%s\n' "${pipedrows[@]}")
EOT
