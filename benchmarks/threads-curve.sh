#!/usr/bin/env bash
# The 2-thread curve (issue 42): time to depth on 1 thread over time to depth on 2 threads,
# against one thread's time, from about a millisecond to many seconds. Each position of
# benchmarks/search-positions.txt (every STEP-th of a game's, from OFFSET) is searched to
# depth 1, 2, ... until one thread's time passes MAX seconds (or depth MAXDEPTH); a search
# whose 1-thread probe takes under MIN seconds is skipped (to split the curve into holds of
# a few minutes). Each measured depth runs RUNS times per build and thread count,
# interleaved (builds and thread counts in turn, the order reversed every other run), and
# takes the median of each. Searches are grouped by one thread's time (of the first build)
# into bands; a band's ratio is its summed 1-thread medians over its summed 2-thread
# medians, beside the geometric mean and the least of its searches' ratios, and the
# nodes of 2 threads over those of 1 (the rest of the ratio is nodes per second).
# BENCHES="before=/tmp/bench-old after=.build/release/bench" puts builds side by side.
# Needs both cores free (run it under quiet-timing).
#   GAMES=both MIN=0 MAX=0.3 RUNS=5 STEP=2 benchmarks/threads-curve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BENCHES=${BENCHES:-now=.build/release/bench}
SPEC=${SPEC:-alphabeta}
GAMES=${GAMES:-both}
MIN=${MIN:-0}
MAX=${MAX:-0.3}
MAXDEPTH=${MAXDEPTH:-30}
RUNS=${RUNS:-5}
STEP=${STEP:-2}
OFFSET=${OFFSET:-0}
case $GAMES in both|tigers-goats|bagh-chal) ;; *) echo "threads-curve.sh: GAMES must be both, tigers-goats or bagh-chal, not '$GAMES'" >&2; exit 2;; esac
for n in "$RUNS" "$STEP" "$MAXDEPTH"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "threads-curve.sh: RUNS, STEP and MAXDEPTH must be positive integers" >&2; exit 2; }
done
[[ $OFFSET =~ ^[0-9]+$ ]] || { echo "threads-curve.sh: OFFSET must be a non-negative integer" >&2; exit 2; }
for b in $BENCHES; do
    [[ $b == *=* && -x ${b#*=} ]] || { echo "threads-curve.sh: '$b' is not NAME=BENCH with BENCH an executable" >&2; exit 2; }
done
echo "Produced by \`BENCHES=\"$BENCHES\" SPEC=$SPEC GAMES=$GAMES MIN=$MIN MAX=$MAX MAXDEPTH=$MAXDEPTH RUNS=$RUNS STEP=$STEP OFFSET=$OFFSET benchmarks/threads-curve.sh\`"
echo "on $(nproc) cores of $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(date -u '+%Y-%m-%d %H:%M') UTC;"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start."
echo
python3 - "$SPEC" "$GAMES" "$MIN" "$MAX" "$MAXDEPTH" "$RUNS" "$STEP" "$OFFSET" $BENCHES <<'PY'
import json, math, statistics, subprocess, sys
spec, games, lo, hi, maxdepth, runs, step, offset = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]), int(sys.argv[8])
builds = [b.split("=", 1) for b in sys.argv[9:]]
sep = "," if ":" in spec else ":"
positions, seen = [], {}
for line in open("benchmarks/search-positions.txt"):
    line = line.rstrip("\n")
    if not line or line.startswith("#"): continue
    game, pos = line.split("\t")
    if games not in ("both", game): continue
    i = seen.get(game, 0); seen[game] = i + 1
    if i >= offset and (i - offset) % step == 0: positions.append((game, pos))

def search(bench, game, pos, depth, threads):
    command = [bench, "search", "--game", game, "--agent", f"{spec}{sep}depth={depth},threads={threads}",
               "--position", pos, "--json"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0: sys.exit(f"threads-curve.sh: {' '.join(command)}: {done.stderr.strip()}")
    r = json.loads(done.stdout)
    return r["seconds"], r.get("depth", depth), r["nodes"]

rows = []  # (game, position index, depth, {build: (t1, t2)})
for index, (game, pos) in enumerate(positions):
    for depth in range(1, maxdepth + 1):
        probe, reached, _ = search(builds[0][1], game, pos, depth, 1)
        if reached < depth: break  # a proven result ends the search before the depth asked
        if probe < lo: continue
        times = {(name, t): [] for name, _ in builds for t in (1, 2)}
        nodes = {(name, t): [] for name, _ in builds for t in (1, 2)}
        order = [(name, bench, t) for name, bench in builds for t in (1, 2)]
        for run in range(runs):
            for name, bench, t in order if run % 2 == 0 else order[::-1]:
                s, _, n = search(bench, game, pos, depth, t)
                times[(name, t)].append(s); nodes[(name, t)].append(n)
        med = {name: (statistics.median(times[(name, 1)]), statistics.median(times[(name, 2)]),
                      statistics.median(nodes[(name, 1)]), statistics.median(nodes[(name, 2)])) for name, _ in builds}
        rows.append((game, index, depth, med))
        if med[builds[0][0]][0] > hi: break

bands = [(0, 0.002), (0.002, 0.01), (0.01, 0.05), (0.05, 0.2), (0.2, 1), (1, 5), (5, 1e9)]
def label(a, b):
    f = lambda s: f"{s * 1000:g} ms" if s < 1 else f"{s:g} s"
    return f"under {f(b)}" if a == 0 else f"{f(a)} and more" if b > 1e8 else f"{f(a)}–{f(b)}"
head = "| game | 1-thread time | searches | " + " | ".join(
    f"{name}: 1 thread s | {name}: 2 threads s | {name}: ratio (sum) | {name}: geometric mean | {name}: least | {name}: nodes 2 / 1" for name, _ in builds) + " |"
print(head)
print("|---|---|---:|" + "---:|" * (6 * len(builds)))
for game in (["tigers-goats", "bagh-chal"] if games == "both" else [games]) + (["both"] if games == "both" else []):
    for a, b in bands:
        sel = [r for r in rows if (game == "both" or r[0] == game) and a <= r[3][builds[0][0]][0] < b]
        if not sel: continue
        cells = [game, label(a, b), str(len(sel))]
        for name, _ in builds:
            t1 = sum(r[3][name][0] for r in sel); t2 = sum(r[3][name][1] for r in sel)
            ratios = [r[3][name][0] / r[3][name][1] for r in sel]
            g = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
            n = sum(r[3][name][3] for r in sel) / sum(r[3][name][2] for r in sel)
            cells += [f"{t1:.4f}", f"{t2:.4f}", f"**{t1 / t2:.2f}x**", f"{g:.2f}x", f"{min(ratios):.2f}x", f"{n:.2f}"]
        print("| " + " | ".join(cells) + " |")
print()
print("Every search (medians, seconds):")
print()
print("| game | position | depth | " + " | ".join(f"{name}: 1 thread | {name}: 2 threads | {name}: ratio" for name, _ in builds) + " |")
print("|---|---:|---:|" + "---:|" * (3 * len(builds)))
for game, index, depth, med in rows:
    print(f"| {game} | {index} | {depth} | " + " | ".join(
        f"{med[name][0]:.4f} | {med[name][1]:.4f} | {med[name][0] / med[name][1]:.2f}x" for name, _ in builds) + " |")
PY
echo
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
