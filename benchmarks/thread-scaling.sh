#!/usr/bin/env bash
# Time to a fixed depth on 1 and 2 threads over the committed position set
# (benchmarks/search-positions.txt): issue 23's 2-thread scaling table. For each
# position, RUNS runs per thread count (default 3), the median wall time of each; the
# table gives per game the summed medians, their ratio (1 thread / 2 threads), and the
# geometric mean of the per-position ratios, and the machine's ceiling: two 1-thread
# searches of the position run at once as separate processes (2 x the 1-thread time over
# their mean time). Needs both cores free: with another job on the machine the 2-thread
# figure measures the machine, not the search.
#   SPEC=alphabeta DEPTH_TG=9 DEPTH_BC=18 RUNS=3 benchmarks/thread-scaling.sh   (SPEC=alphabeta:ybw=false: Lazy SMP)
# GAMES=bagh-chal (or tigers-goats) measures one game's positions only.
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH=${BENCH:-.build/release/bench}
RUNS=${RUNS:-3}
DEPTH_TG=${DEPTH_TG:-7}
DEPTH_BC=${DEPTH_BC:-11}
SPEC=${SPEC:-alphabeta}
GAMES=${GAMES:-tigers-goats,bagh-chal}
[[ -x $BENCH ]] || swift build -c release --product bench >/dev/null
sep=":"; [[ $SPEC == *:* ]] && sep=","
echo "# Time to depth on 1 and 2 threads"
echo
# The command and the depths name only the games measured.
said="" depths=()
[[ $GAMES != tigers-goats,bagh-chal ]] && said="GAMES=$GAMES "
[[ ,$GAMES, == *,tigers-goats,* ]] && said+="DEPTH_TG=$DEPTH_TG " && depths+=("Tigers & Goats at depth $DEPTH_TG")
[[ ,$GAMES, == *,bagh-chal,* ]] && said+="DEPTH_BC=$DEPTH_BC " && depths+=("Bagh-Chal at depth $DEPTH_BC")
echo "Produced by \`SPEC=$SPEC ${said}RUNS=$RUNS benchmarks/thread-scaling.sh\`"
echo "on $(nproc) cores of $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(date -u '+%Y-%m-%d %H:%M') UTC;"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start. $(grep -v '^#' benchmarks/search-positions.txt | grep -cE "^(${GAMES//,/|})"$'\t') positions"
echo "(benchmarks/search-positions.txt), $(IFS=,; echo "${depths[*]}" | sed 's/,/, /');"
echo "each time the median of $RUNS runs, the runs of 1 thread, 2 threads and the pair interleaved."
echo
python3 - "$BENCH" "$SPEC$sep" "$DEPTH_TG" "$DEPTH_BC" "$RUNS" "$GAMES" <<'PY'
import json, math, statistics, subprocess, sys
bench, spec, depth_tg, depth_bc, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
games = sys.argv[6].split(",")
rows = {}
for line in open("benchmarks/search-positions.txt"):
    line = line.rstrip("\n")
    if not line or line.startswith("#"): continue
    game, pos = line.split("\t")
    if game not in games: continue
    depth = depth_tg if game == "tigers-goats" else depth_bc
    command = lambda threads: [bench, "search", "--game", game, "--agent", f"{spec}depth={depth},threads={threads}",
                               "--position", pos, "--json"]
    # Runs interleaved (1 thread, 2 threads, the pair; then again): this machine's speed
    # drifts over seconds, and a slow spell should fall on all three alike.
    ts, ns, pair = {1: [], 2: []}, {1: [], 2: []}, []
    for _ in range(runs):
        for threads in (1, 2):
            r = json.loads(subprocess.run(command(threads), check=True, capture_output=True, text=True).stdout)
            # A proven win or loss ends the search before the depth asked, on any thread count.
            ts[threads].append(r["seconds"]); ns[threads].append(r["nodes"])
        # The machine's own ceiling: the same 1-thread search run twice at once, as two
        # processes (no sharing at all). 2 x t1 / (their mean time) is what two cores give
        # perfectly parallel work here; a 2-thread search cannot beat it.
        procs = [subprocess.Popen(command(1), stdout=subprocess.PIPE, text=True) for _ in range(2)]
        outs = [json.loads(q.communicate()[0]) for q in procs]
        if any(q.returncode != 0 for q in procs): sys.exit("bench search failed")
        pair.append(sum(o["seconds"] for o in outs) / 2)
    times = {t: statistics.median(ts[t]) for t in (1, 2)}
    nodes = {t: statistics.median(ns[t]) for t in (1, 2)}
    rows.setdefault(game, []).append((times[1], times[2], nodes[1], nodes[2], statistics.median(pair)))
if not rows: sys.exit(f"thread-scaling: no positions of GAMES={','.join(games)} in benchmarks/search-positions.txt")
print("| game | positions | depth | 1 thread s | 2 threads s | time to depth, 1 / 2 threads | geometric mean of position ratios | nodes, 2 threads / 1 | ceiling: two 1-thread searches at once |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
allr = []
for game, rs in rows.items():
    t1 = sum(r[0] for r in rs); t2 = sum(r[1] for r in rs)
    ratios = [r[0] / r[1] for r in rs if r[1] > 0]
    allr += ratios
    g = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    n = sum(r[3] for r in rs) / sum(r[2] for r in rs)
    depth = depth_tg if game == "tigers-goats" else depth_bc
    c = 2 * t1 / sum(r[4] for r in rs)
    print(f"| {game} | {len(rs)} | {depth} | {t1:.2f} | {t2:.2f} | **{t1 / t2:.2f}x** | {g:.2f}x | {n:.2f} | {c:.2f}x |")
t1 = sum(r[0] for rs in rows.values() for r in rs); t2 = sum(r[1] for rs in rows.values() for r in rs)
tp = sum(r[4] for rs in rows.values() for r in rs)
g = math.exp(sum(math.log(x) for x in allr) / len(allr))
print(f"| both | {len(allr)} | | {t1:.2f} | {t2:.2f} | **{t1 / t2:.2f}x** | {g:.2f}x | | {2 * t1 / tp:.2f}x |")
# Each position (numbered from 0 within its game, in the file's order): which searches
# gain little from the second thread, and whether it is nodes or time a node.
print()
print("| game | position | 1 thread s | 2 threads s | ratio | nodes, 1 thread | nodes, 2 threads | nodes 2 / 1 |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for game, rs in rows.items():
    for i, r in enumerate(rs):
        print(f"| {game} | {i} | {r[0]:.3f} | {r[1]:.3f} | {r[0] / r[1]:.2f}x | {r[2]:.0f} | {r[3]:.0f} | {r[3] / r[2]:.2f} |")
PY
echo
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
