#!/usr/bin/env bash
# Balls! tap simulator speed (issue 21): taps simulated per second on level 10 (30 balls),
# one thread, over DEALS deals (seeds 1...DEALS):
#   - random taps (t, x, y uniform) and taps on a ball's centre (each catches at least one);
#   - the Swift fast simulator (`bench balls-speed`, Sources/Boards/Balls/Balls+Simulation.swift),
#     the same algorithm in C, and the naive reference in C (every tick stepped from 0,
#     every ball against every explosion: Tests/BoardsTests/BallsReference.swift's way).
# Every program draws the same taps (BallsTapProfile) and times only the simulation.
# Each measurement runs RUNS times (default 3), alternating the order, and the table
# gives medians. The script fails unless Swift and C agree on the sums of scores and end
# ticks, and the naive and fast C agree on the naive run's taps.
# `benchmarks/balls-speed.sh > results/balls-speed.md` refreshes the committed table;
# BENCH=path/to/bench skips the Swift build.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
TAPS=${TAPS:-1000000}
NAIVE_TAPS=${NAIVE_TAPS:-300}
DEALS=${DEALS:-1000}
LEVEL=${LEVEL:-10}
CC=${CC:-cc}

out=.build/balls-speed
mkdir -p "$out"
"$CC" -O3 -march=native -o "$out/balls" benchmarks/c/balls.c
if [[ -z ${BENCH:-} ]]; then
  swift build -c release --product bench >/dev/null
  BENCH=.build/release/bench
fi
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

fail() { echo "balls-speed: $*" >&2; exit 1; }
cfield() { awk -v k="$1" '{ for (i = 1; i < NF; i += 2) if ($i == k) print $(i + 1) }'; }
jfield() { python3 -c "import json,sys; d=json.load(sys.stdin); print(d[sys.argv[1]])" "$1"; }
median() { python3 -c "import sys,statistics; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }
runs() { python3 -c "import sys; s=float(sys.argv[1]); print(', '.join(format(float(x)/s, sys.argv[2]) for x in sys.argv[3:]))" "$@"; }
div() { python3 -c "import sys; print(format(float(sys.argv[1]) / float(sys.argv[2]), sys.argv[3]))" "$@"; }

declare -A rates sums
add() { rates[$1]="${rates[$1]:-} $2"; }
check() { # key sums
  [[ -z ${sums[$1]:-} || ${sums[$1]} == "$2" ]] || fail "$1: sums $2, before ${sums[$1]}"
  sums[$1]=$2
}
swift_fast() { # mode flag
  local r; r=$("$BENCH" balls-speed --level "$LEVEL" --deals "$DEALS" --taps "$TAPS" $2 --json)
  check "$1" "$(jfield scoreSum <<<"$r") $(jfield tickSum <<<"$r")"; add "swift-$1" "$(jfield tapsPerSecond <<<"$r")"
}
c_prog() { # impl mode taps key
  local r; r=$("$out/balls" "$1" "$2" "$3" "$DEALS" "$LEVEL")
  check "$4" "$(cfield scores <<<"$r") $(cfield ticks <<<"$r")"; add "c-$1-$2" "$(cfield rate <<<"$r")"
}

for run in $(seq "$RUNS"); do
  for mode in random hits; do
    flag=""; [[ $mode == hits ]] && flag="--hits"
    if (( run % 2 )); then
      c_prog fast "$mode" "$TAPS" "$mode"; swift_fast "$mode" "$flag"; c_prog naive "$mode" "$NAIVE_TAPS" "$mode-naive"
    else
      c_prog naive "$mode" "$NAIVE_TAPS" "$mode-naive"; swift_fast "$mode" "$flag"; c_prog fast "$mode" "$TAPS" "$mode"
    fi
  done
done
# The naive run's taps, simulated by the fast C program: the same sums.
for mode in random hits; do
  r=$("$out/balls" fast "$mode" "$NAIVE_TAPS" "$DEALS" "$LEVEL")
  check "$mode-naive" "$(cfield scores <<<"$r") $(cfield ticks <<<"$r")"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')

row() { # label key command c-fast-key naive-key
  local m; m=$(median ${rates[$2]})
  echo "| $1 | \`$3\` | $(div "$m" 1 ,.0f) | $(runs 1 ,.0f ${rates[$2]}) | $(div "$m" "$(median ${rates[$4]})" .3g)x | $(div "$m" "$(median ${rates[$5]})" ,.0f)x |"
}
cat <<EOT
# Balls! tap simulator: taps per second

Produced by \`benchmarks/balls-speed.sh\` (RUNS=$RUNS, TAPS=$TAPS, NAIVE_TAPS=$NAIVE_TAPS, DEALS=$DEALS, LEVEL=$LEVEL):
medians of the runs, one thread. Machine: $(nproc) cores of $cpu, $(date -u '+%Y-%m-%d %H:%M UTC');
load average $load_before at the start, $load_after at the end.
C: \`$CC -O3 -march=native\` ($("$CC" --version | head -1)), benchmarks/c/balls.c.
Swift: \`$BENCH\`, built by \`swift build -c release --product bench\` ($(swift --version 2>&1 | grep -m1 -o 'Swift version [^ ]*')).

Level $LEVEL: $DEALS deals (seeds 1...$DEALS), taps drawn from SplitMix64(0xBA11) as \`BallsTapProfile\` says;
*random*: t, x, y uniform; *hits*: a tap on a ball's centre at tick t (it always catches that ball).
Sums of scores and end ticks (score, ticks): random $(cut -d' ' -f1 <<<"${sums[random]}") balls, hits $(cut -d' ' -f1 <<<"${sums[hits]}") balls over $TAPS taps;
Swift and C agree on both, and the naive and fast C agree on the naive runs' $NAIVE_TAPS taps (the script fails otherwise).

| measurement | command | median taps/s | runs | / fast C | / naive |
|---|---|---:|---|---:|---:|
$(row "random taps, fast C" c-fast-random "balls fast random $TAPS $DEALS $LEVEL" c-fast-random c-naive-random)
$(row "random taps, **Swift**" swift-random "bench balls-speed --level $LEVEL --deals $DEALS --taps $TAPS" c-fast-random c-naive-random)
$(row "random taps, naive C (reference)" c-naive-random "balls naive random $NAIVE_TAPS $DEALS $LEVEL" c-fast-random c-naive-random)
$(row "hits, fast C" c-fast-hits "balls fast hits $TAPS $DEALS $LEVEL" c-fast-hits c-naive-hits)
$(row "hits, **Swift**" swift-hits "bench balls-speed --level $LEVEL --deals $DEALS --taps $TAPS --hits" c-fast-hits c-naive-hits)
$(row "hits, naive C (reference)" c-naive-hits "balls naive hits $NAIVE_TAPS $DEALS $LEVEL" c-fast-hits c-naive-hits)

The naive reference steps every tick from 0 to the tap (t is uniform over the period, so
about 154,000 ticks a tap) and then to the end; the fast simulator starts at tick t in
closed form and looks at a ball only at the ticks an explosion may first reach it.
EOT
