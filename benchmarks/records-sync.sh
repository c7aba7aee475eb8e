#!/usr/bin/env bash
# A cheap-agent tournament without --out, with --out (group commit, the default) and with
# --out --sync every (an fsync per game), interleaved run by run; medians of the runs and
# the median of the per-run ratios against the run without --out (issue 42: with --out
# within 1.25x of without). Needs both cores free for figures of the code, not the machine.
#   RUNS=7 GAMES=40000 benchmarks/records-sync.sh > results/records-sync.md
# GAMES_OF="bagh-chal" measures one game only (Tigers & Goats' runs take minutes each).
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH=${BENCH:-.build/release/bench}
RUNS=${RUNS:-7}
GAMES=${GAMES:-40000}
GAMES_OF=${GAMES_OF:-bagh-chal tigers-goats}
for g in $GAMES_OF; do
    [[ $g == bagh-chal || $g == tigers-goats ]] || { echo "records-sync.sh: GAMES_OF holds bagh-chal and/or tigers-goats, not '$g'" >&2; exit 2; }
done
[[ -x $BENCH ]] || swift build -c release --product bench >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "# Records with and without --out"
echo
echo "Produced by \`RUNS=$RUNS GAMES=$GAMES GAMES_OF=\"$GAMES_OF\" benchmarks/records-sync.sh\` on $(nproc) cores of"
echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(date -u '+%Y-%m-%d %H:%M') UTC; load average"
echo "$(cut -d' ' -f1-3 /proc/loadavg) at the start; file system of the output: $(df -T "$scratch" | awk 'NR==2 {print $2}')."
echo "Each row's tournament: \`bench tournament --game G --agents random greedy --games $GAMES --threads 2\`,"
echo "then with \`--out DIR\` and with \`--out DIR --sync every\`; the three interleaved, $RUNS runs each."
echo
python3 - "$BENCH" "$GAMES" "$RUNS" "$scratch" $GAMES_OF <<'PY'
import os, shutil, statistics, subprocess, sys, time
bench, games, runs, scratch, chosen = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:]
print("| game | without --out (games/s) | --out, grouped (games/s) | --out --sync every (games/s) | grouped / without | every / without |")
print("|---|---:|---:|---:|---:|---:|")
for game in chosen:
    base = [bench, "tournament", "--game", game, "--agents", "random", "greedy", "--games", games, "--threads", "2"]
    modes = {"none": [], "grouped": ["--out"], "every": ["--out", "--sync", "every"]}
    seconds = {m: [] for m in modes}
    for r in range(runs):
        for mode, extra in modes.items():
            out = os.path.join(scratch, f"{game}-{mode}-{r}")
            command = base + ([extra[0], out] + extra[1:] if extra else [])
            start = time.monotonic()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            seconds[mode].append(time.monotonic() - start)
            shutil.rmtree(out, ignore_errors=True)
    n = int(games)
    rate = {m: n / statistics.median(s) for m, s in seconds.items()}
    ratio = lambda m: statistics.median(a / b for a, b in zip(seconds[m], seconds["none"]))
    print(f"| {game} | {rate['none']:,.0f} | {rate['grouped']:,.0f} | {rate['every']:,.0f} | "
          f"**{ratio('grouped'):.2f}x** | {ratio('every'):.2f}x |")
    for m in modes:
        print(f"{game} {m} seconds: " + " ".join(f"{x:.2f}" for x in seconds[m]), file=sys.stderr)
PY
echo
echo "Ratios are time with --out over time without, per run, then the median (below 1.25x: the target)."
