#!/usr/bin/env bash
# Grades Bagh-Chal agents on placement-phase positions against the placement sweep's
# layers (docs/placement.md) and writes placement.md here: the table, with the command
# on top. The same seed gives every agent the same positions, and the same numbers for
# any --threads.
#
#   results/bagh-chal-grading/grade-placement.sh [POSITIONS] [SEED]     (default 20000 1)
#
# Needs the sliding table (bench solve --game bagh-chal) and all 39 placement layers in
# tablebases/bagh-chal-placement (bench solve --game bagh-chal --placement-all
# tablebases/bagh-chal-placement: about 45 minutes on two free cores, 8.2 GiB).
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
  echo "# Bagh-Chal agents graded on placement-phase positions"
  echo
  echo "Made by \`results/bagh-chal-grading/grade-placement.sh $positions $seed\`, which runs for each agent:"
  echo
  echo '```sh'
  echo "bench grade --game bagh-chal --phase placement --agent SPEC --positions $positions --seed $seed --threads 2"
  echo '```'
  echo
  echo "$positions random placement-phase positions (0-38 random plies from the start, every ply"
  echo "equally likely; the same positions for every agent), the side to move played by the agent;"
  echo "W/D/L: the positions' values for the side to move, read from the placement layers, which"
  echo "store win, draw or loss without the number of plies (so there is no fastest-win column)."
  echo "Percentages with 95% Wilson intervals; each blunder column as a share of the positions with"
  echo "the value it starts from. \`tablebase\` (which reads the layers) is the check: it must keep every value."
  echo "\`lmr=false\` is the alpha-beta search before issue 23; the rows at a time per move (10 ms)"
  echo "depend on the machine's speed and load, so they differ a little from run to run."
  echo
  # Rows already in the table made by this same command are kept, not graded again: with
  # depth and playout budgets a row is the same on every run (REGRADE=1 grades every row).
  made_by="grade-placement.sh $positions $seed\`"
  old=""
  if [[ -z ${REGRADE:-} && -f "$out/placement.md" ]] && grep -qF "$made_by" "$out/placement.md"; then old="$out/placement.md"; fi
  first=1
  for a in "${agents[@]}"; do
    if [[ $first = 0 && -n $old && $a != *time=* ]] && row=$(grep -F "| $a | $positions (" "$old"); then
      echo "$row"; echo "kept the row of $a" >&2; continue
    fi
    start=$(date +%s)
    report=$($B grade --game bagh-chal --phase placement --agent "$a" --positions "$positions" --seed "$seed" --threads 2)
    if [ $first = 1 ]; then echo "$report" | tail -n 3; first=0; else echo "$report" | tail -n 1; fi
    echo "graded $a in $(( $(date +%s) - start )) s" >&2
  done
} > "$out/placement.md.tmp"
mv "$out/placement.md.tmp" "$out/placement.md"
cat "$out/placement.md"
