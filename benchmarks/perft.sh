#!/usr/bin/env bash
# Move-generation speed of Tigers & Goats: perft 6 from the start on 1 and 2
# threads, and random playouts on 1 thread. Each figure is the median of RUNS runs
# (default 5), as these machines are noisy. Writes the Markdown table to stdout;
# `benchmarks/perft.sh > results/perft.md` refreshes the committed results.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
DEPTH=${DEPTH:-6}
GAMES=${GAMES:-200000}
swift build -c release --product bench >/dev/null
BENCH=.build/release/bench

field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
median() { python3 -c "import sys,statistics; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }

perft_rate() { # threads -> one run's leaves per second
  "$BENCH" perft --depth "$DEPTH" --threads "$1" --json | field nodesPerSecond
}
playout_rate() {
  "$BENCH" playouts --games "$GAMES" --seed 1 --json | field pliesPerSecond
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
one=(); two=(); play=()
for _ in $(seq "$RUNS"); do
  one+=("$(perft_rate 1)"); two+=("$(perft_rate 2)"); play+=("$(playout_rate)")
done
m1=$(median "${one[@]}"); m2=$(median "${two[@]}"); mp=$(median "${play[@]}")
leaves=$("$BENCH" perft --depth "$DEPTH" --json | field nodes)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')

cat <<EOT
# Tigers & Goats move generation

Produced by \`benchmarks/perft.sh\` (RUNS=$RUNS, median of the runs), release build
with popcount and cross-module optimisation (Package.swift), on $(nproc) cores of
$cpu, $(date -u +%Y-%m-%d); load average $load_before at the start, $(cut -d' ' -f1-3 /proc/loadavg)
at the end (other jobs on the machine lower every figure, the 2-thread one most).

| measurement | command | median | runs |
|---|---|---:|---|
| perft $DEPTH, 1 thread ($leaves leaves) | \`bench perft --depth $DEPTH --threads 1\` | $(python3 -c "print(f'{$m1/1e6:.0f}')") M leaves/s | $(python3 -c "print(', '.join(f'{float(x)/1e6:.0f}' for x in '${one[*]}'.split()))") |
| perft $DEPTH, 2 threads | \`bench perft --depth $DEPTH --threads 2\` | $(python3 -c "print(f'{$m2/1e6:.0f}')") M leaves/s | $(python3 -c "print(', '.join(f'{float(x)/1e6:.0f}' for x in '${two[*]}'.split()))") |
| 2-thread speed-up | ratio of the medians | $(python3 -c "print(f'{$m2/$m1:.2f}')")x | |
| random playouts, 1 thread | \`bench playouts --games $GAMES --seed 1\` | $(python3 -c "print(f'{$mp/1e6:.2f}')") M plies/s | $(python3 -c "print(', '.join(f'{float(x)/1e6:.2f}' for x in '${play[*]}'.split()))") |

Targets (issue 2): at least 450 M leaves/s on one thread (a hand-written C bitboard
generator does about 520 M here), at least 1.8x that on 2 threads, and at least
5 M plies/s of random playouts (C: about 6.8 M). The perft counts the last ply in
bulk (a popcount per tiger or direction, without playing the moves), as is usual.
Issue 13 measures the same commands against hand-written C, side by side:
\`benchmarks/c-parity.sh\`, results/c-parity.md (at least 0.95x C, and 1.85x on 2 threads).
EOT
