#!/usr/bin/env bash
# Balls! levels 1-10 (issue 21): every agent on the same DEALS deals per level (seeds 1...DEALS,
# as `bench tournament --seed 1` deals them), and the solver's passable share (docs/balls.md).
# For each level, one tournament with --out results/balls-levels/level-L (records in games.jsonl),
# then results/balls-levels/README.md is assembled from the summary.json and games.jsonl files
# (Python standard library only). Levels 6-10 all deal 30 balls, so they share their deals.
# `--resume` continues interrupted tournaments. BENCH=path/to/bench skips the build.
# LEVELS="1 2" DEALS=100 OUT=/tmp/x runs a smaller table.
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${DEALS:-1000}
THREADS=${THREADS:-2}
LEVELS=${LEVELS:-"1 2 3 4 5 6 7 8 9 10"}
OUT=${OUT:-results/balls-levels}
SIMS=${SIMS:-4000}
LAST=${LAST:-20}
AGENTS=(random greedy "search:sims=$SIMS" "search:sims=$SIMS,ticks=$((LAST + 1))" "solver:last=$LAST")
if [[ -z ${BENCH:-} ]]; then
  swift build -c release --product bench >/dev/null
  BENCH=.build/release/bench
fi
mkdir -p "$OUT"
commands=()
for L in $LEVELS; do
  cmd=("$BENCH" tournament --game balls --level "$L" --agents "${AGENTS[@]}" --games "$DEALS" --seed 1 --threads "$THREADS" --out "$OUT/level-$L")
  [[ -f $OUT/level-$L/games.jsonl ]] && cmd+=(--resume)
  echo "+ ${cmd[*]}" >&2
  start=$(date +%s)
  "${cmd[@]}" >/dev/null
  echo "level $L: $(( $(date +%s) - start )) s" >&2
  commands+=("bench tournament --game balls --level $L --agents ${AGENTS[*]} --games $DEALS --seed 1 --threads $THREADS --out $OUT/level-$L")
done
printf '%s\n' "${commands[@]}" > "$OUT/commands.txt"
python3 benchmarks/balls-levels-table.py "$OUT" "$LAST" "$SIMS" > "$OUT/README.md"
echo "wrote $OUT/README.md" >&2
