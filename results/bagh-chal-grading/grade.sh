#!/usr/bin/env bash
# Grades Bagh-Chal agents against the tablebase (docs/tablebase.md) and writes
# summary.md here: the table, with the command on top. The same seed gives every agent the same positions, and the same
# numbers for any --threads.
#
#   results/bagh-chal-grading/grade.sh [POSITIONS] [SEED]     (default 20000 1)
#
# Needs the table: bench solve --game bagh-chal (about 1-2 minutes in a release build;
# read from tablebases/bagh-chal.tb when it is there).
set -euo pipefail
cd "$(dirname "$0")/../.."
positions=${1:-20000}
seed=${2:-1}
out=results/bagh-chal-grading
swift build -c release --product bench 2>&1 | tail -n 1
B=.build/release/bench
$B solve --game bagh-chal > /dev/null
# Alpha-beta twice at each budget: the search before issue 23 (lmr=false) and today's
# defaults (late-move reductions), at the same depths and at the same time per move.
agents=(random greedy
        "alphabeta:depth=2,lmr=false" "alphabeta:depth=2" "alphabeta:depth=4,lmr=false" "alphabeta:depth=4"
        "alphabeta:depth=6,lmr=false" "alphabeta:depth=6" "alphabeta:depth=8,lmr=false" "alphabeta:depth=8"
        "alphabeta:time=0.01,lmr=false" "alphabeta:time=0.01"
        "mcts:playouts=100" "mcts:playouts=1000" "mcts:playouts=10000"
        "mcts:playouts=1000,cap=10" "mcts:playouts=10000,cap=10" tablebase)
{
  echo "# Bagh-Chal agents graded by the tablebase"
  echo
  echo "Made by \`results/bagh-chal-grading/grade.sh $positions $seed\`, which runs for each agent:"
  echo
  echo '```sh'
  echo "bench grade --game bagh-chal --agent SPEC --positions $positions --seed $seed --threads 2"
  echo '```'
  echo
  echo "$positions random sliding-phase positions (the same for every agent), the side to move"
  echo "played by the agent; W/D/L: the positions' values for the side to move. Percentages with"
  echo "95% Wilson intervals; each blunder column as a share of the positions with the value it"
  echo "starts from. \`tablebase\` is the check: it must keep every value and every fastest win."
  echo "\`lmr=false\` is the alpha-beta search before issue 23; the rows at a time per move (10 ms)"
  echo "depend on the machine's speed and load, so they differ a little from run to run."
  echo
  # Rows already in the table made by this same command are kept, not graded again: with
  # depth and playout budgets a row is the same on every run (REGRADE=1 grades every row).
  made_by="grade.sh $positions $seed\`"
  old=""
  if [[ -z ${REGRADE:-} && -f "$out/summary.md" ]] && grep -qF "$made_by" "$out/summary.md"; then old="$out/summary.md"; fi
  first=1
  for a in "${agents[@]}"; do
    if [[ $first = 0 && -n $old && $a != *time=* ]] && row=$(grep -F "| $a | $positions (" "$old"); then
      echo "$row"; echo "kept the row of $a" >&2; continue
    fi
    start=$(date +%s)
    report=$($B grade --game bagh-chal --agent "$a" --positions "$positions" --seed "$seed" --threads 2)
    if [ $first = 1 ]; then echo "$report" | tail -n 3; first=0; else echo "$report" | tail -n 1; fi
    echo "graded $a in $(( $(date +%s) - start )) s" >&2
  done
} > "$out/summary.md.tmp"
mv "$out/summary.md.tmp" "$out/summary.md"
cat "$out/summary.md"
