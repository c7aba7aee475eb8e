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
# Each measurement is a fresh process playing whole games (seeded: Python's random from
# SEED) for at least SECONDS_EACH seconds after one untimed warm-up game; all run RUNS
# times in a rotated order, and the table gives medians, every run, and the targets
# (one state >= 20x baghchal and >= pyspiel; batched >= 1,000,000 steps/s on 2 cores).
#
#   benchmarks/python-speed.sh > results/python-speed.md     # RUNS=5 SECONDS_EACH=1 ENVS=4096 SEED=1
#   VENV=/path/to/venv benchmarks/python-speed.sh            # use (and install into) this venv
#   BENCH=.build/release/bench benchmarks/python-speed.sh    # skip building bench
#
# Without VENV, a virtual environment is made in a temporary folder (removed at the end)
# and numpy, open-spiel and baghchal are installed from PyPI, then `pip install ./python`
# (which builds libGameBenchC.so). Swift builds and that install hold
# /tmp/swift-build.lock (flock), so no two builds share .build at once.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
SECONDS_EACH=${SECONDS_EACH:-1}
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
tables=$("$py" "$OLDPWD/benchmarks/python_speed/run.py" --bench "$BENCH" --runs "$RUNS" \
  --seconds "$SECONDS_EACH" --envs "$ENVS" --seed "$SEED")
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cat <<EOF
# Our engines from Python: random games, steps per second

Produced by \`benchmarks/python-speed.sh > results/python-speed.md\` (RUNS=$RUNS, SECONDS_EACH=$SECONDS_EACH,
ENVS=$ENVS, SEED=$SEED): each measurement a fresh Python process playing whole random games
for at least $SECONDS_EACH s after one untimed game; every row measured $RUNS times in one run,
in a rotated order; medians. A step is one ply (one action applied); for the batched rows,
one environment stepped once (a call steps all $ENVS). Python's \`random.Random($SEED)\` chooses
the moves (\`random.choice\` over the legal actions), except in the protocol rows, where the
served \`random\` agent chooses from its \`newgame\` seed, and in the batched rows, where
the library draws the actions (\`random_actions\`, \`random_playouts\`).
Machine: $(uname -sr) $(uname -m), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $date;
load average $load_before at the start (processes over 20% CPU: ${busy_before:-none}), $load_after at the end.
$versions. Bench: \`$BENCH\`.

$tables
EOF
