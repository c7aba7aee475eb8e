#!/usr/bin/env bash
# Our engines from Python (issue 38, "Speed"): random games of Bagh-Chal and Tigers & Goats
# from a Python loop, in steps (plies) per second, side by side in one run with
#   - `gamebench`, one state (legal_actions, random.choice, apply_action, is_terminal);
#   - the PyPI package `baghchal` (pure Python; Bagh-Chal only);
#   - the agent protocol: a Python referee and two `bench serve --agent random` processes;
#   - pyspiel's C++ `breakthrough` and `checkers` driven by the same loop as `gamebench`;
#   - the batched API: gamebench.VectorEnv (random_actions + step) on 2 threads and 1, and
#     gamebench.random_playouts;
#   - the engine alone, `bench playouts` (no Python), for scale.
# Each row is a process of its own (python_speed/loops.py, set up and warmed by one untimed
# game), and the rows take turns: ROUNDS rounds, in each every row plays whole games for one
# slice of SLICE seconds, in a new seeded order each round (python_speed/run.py). The table
# gives each row's median over the rounds, and each ratio as the median over the rounds of
# the ratio within a round: a shared machine's speed can drift within seconds, with no
# process of its own to show for it, so only measurements taken close together compare.
# Python's random is seeded from SEED.
# Targets: one state >= 20x baghchal and >= pyspiel; batched >= 1,000,000 steps/s on 2 cores.
#
#   benchmarks/python-speed.sh > results/python-speed.md     # ROUNDS=30 SLICE=0.15 ENVS=4096 SEED=1
#   VENV=/path/to/venv benchmarks/python-speed.sh            # use (and install into) this venv
#   BENCH=.build/release/bench benchmarks/python-speed.sh    # skip building bench
#
# python_speed/calls.py adds the cost of each call of the one-state loop (µs per ply).
#
# Without VENV, a virtual environment is made in a temporary folder (removed at the end)
# and numpy, open-spiel and baghchal are installed from PyPI, then `pip install ./python`
# (which builds libGameBenchC.so). Swift builds and that install hold
# /tmp/swift-build.lock (flock), so no two builds share .build at once.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-30}
SLICE=${SLICE:-0.15}
ENVS=${ENVS:-4096}
SEED=${SEED:-1}
PYTHON=${PYTHON:-python3}
LOCK=/tmp/swift-build.lock

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ -z ${VENV:-} ]]; then
  VENV=$tmp/venv
  "$PYTHON" -m venv "$VENV" >&2
fi
"$VENV/bin/pip" install -q numpy open-spiel baghchal >&2
flock "$LOCK" "$VENV/bin/pip" install -q ./python >&2
if [[ -z ${BENCH:-} ]]; then
  flock "$LOCK" swift build -c release --product bench >&2
  BENCH=.build/release/bench
fi
BENCH=$(cd "$(dirname "$BENCH")" && pwd)/$(basename "$BENCH")
tree="commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
dirty=$(git status --porcelain -- Package.swift Sources python 2>/dev/null | wc -l)
(( dirty == 0 )) || tree+=", with $dirty files changed but not committed under Package.swift, Sources/ and python/"
# Run from the temporary folder, so that `import gamebench` is the installed package.
cd "$tmp"
py=$VENV/bin/python
versions=$("$py" - <<'PY'
import importlib.metadata as m, platform, gamebench
names = ["numpy", "open-spiel", "baghchal"]
lib = gamebench.library_path
print("Python %s; gamebench %s (library %s); %s" % (platform.python_version(), gamebench.__version__,
      lib() if callable(lib) else lib, ", ".join("%s %s" % (n, m.version(n)) for n in names)))
PY
)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
busy_before=$(COLUMNS=200 top -bn1 -w 200 | awk 'NR > 7 && $9 + 0 >= 20 { printf "%s%s %s%%", sep, $12, $9; sep = ", " }')
date=$(date -u '+%Y-%m-%d %H:%M UTC')
tables=$("$py" "$OLDPWD/benchmarks/python_speed/run.py" --bench "$BENCH" --rounds "$ROUNDS" \
  --slice "$SLICE" --envs "$ENVS" --seed "$SEED")
echo "python-speed: the cost per call" >&2
calls=$("$py" "$OLDPWD/benchmarks/python_speed/calls.py" --seed "$SEED")
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cat <<EOF
# Our engines from Python: random games, steps per second

Produced by \`benchmarks/python-speed.sh > results/python-speed.md\` (ROUNDS=$ROUNDS, SLICE=$SLICE, ENVS=$ENVS,
SEED=$SEED). Every row is a Python process of its own, set up and warmed by one untimed game;
then $ROUNDS rounds, in each of which every row in turn (a new seeded order each round) plays
whole random games for a slice of $SLICE s while the others wait. A step is one ply (one
action applied); in the batched rows, one environment stepped once (a call steps all $ENVS).
\`random.Random($SEED)\` chooses the moves (\`random.choice\` over the legal actions), except in
the protocol rows, where the served \`random\` agent chooses from its \`newgame\` seed, and in
the batched rows, where the library draws them (\`random_actions\`, \`random_playouts\`).
Machine: $(uname -sr) $(uname -m), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $date;
load average $load_before at the start (processes over 20% CPU: ${busy_before:-none}), $load_after at the end.
$versions. Bench: \`$BENCH\`. Built from $tree.

$tables

## The cost of each call of the one-state loop

From \`benchmarks/python_speed/calls.py\` in the same run (after the tables above): µs per ply
of each call of the loop, in the loop's own context: 20,000 plies of seeded random games of
each game recorded, then replayed from new states with and without each call after every
\`apply_action\` (\`apply_action\` itself: the replay less making the states). Each time is the
fastest of 5 passes, the games taking turns in each, so the least disturbed: these sum to
less per ply than the loops of the main table take.

$calls
EOF
