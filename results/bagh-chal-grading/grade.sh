#!/usr/bin/env bash
# Grades Bagh-Chal agents against the tablebase (docs/tablebase.md) or, with PHASE
# placement, on placement-phase positions against the placement sweep's layers
# (docs/placement.md), and writes summary.md (placement.md) here: the table, with the
# command on top. The same seed gives every agent the same positions, and the same
# numbers for any --threads.
#
#   results/bagh-chal-grading/grade.sh [POSITIONS] [SEED] [PHASE]     (default 20000 1 sliding)
#
# Needs the table: bench solve --game bagh-chal (about 1-2 minutes in a release build;
# read from tablebases/bagh-chal.tb when it is there); PHASE placement also needs all 39
# layers in tablebases/bagh-chal-placement (bench solve --game bagh-chal --placement-all
# tablebases/bagh-chal-placement: about 45 minutes on two free cores, 8.2 GiB).
set -euo pipefail
cd "$(dirname "$0")/../.."
positions=${1:-20000}
seed=${2:-1}
phase=${3:-sliding}
out=results/bagh-chal-grading
case $phase in
  sliding) file=summary.md; command="results/bagh-chal-grading/grade.sh $positions $seed"; options=() ;;
  placement) file=placement.md; command="results/bagh-chal-grading/grade.sh $positions $seed placement"; options=(--phase placement) ;;
  *) echo "grade.sh: PHASE must be sliding or placement, got '$phase'" >&2; exit 2 ;;
esac
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
  if [[ $phase == sliding ]]; then
    echo "# Bagh-Chal agents graded by the tablebase"
  else
    echo "# Bagh-Chal agents graded on placement-phase positions"
  fi
  echo
  echo "Made by \`$command\`, which runs for each agent:"
  echo
  echo '```sh'
  echo "bench grade --game bagh-chal ${options[*]:+${options[*]} }--agent SPEC --positions $positions --seed $seed --threads 2"
  echo '```'
  echo
  if [[ $phase == sliding ]]; then
    echo "$positions random sliding-phase positions (the same for every agent), the side to move"
    echo "played by the agent; W/D/L: the positions' values for the side to move. Percentages with"
    echo "95% Wilson intervals; each blunder column as a share of the positions with the value it"
    echo "starts from. \`tablebase\` is the check: it must keep every value and every fastest win."
  else
    echo "$positions random placement-phase positions (0-38 random plies from the start, every ply"
    echo "equally likely; the same positions for every agent), the side to move played by the agent;"
    echo "W/D/L: the positions' values for the side to move, read from the placement layers, which"
    echo "store win, draw or loss without the number of plies (so there is no fastest-win column)."
    echo "Percentages with 95% Wilson intervals; each blunder column as a share of the positions with"
    echo "the value it starts from. \`tablebase\` (which reads the layers) is the check: it must keep every value."
  fi
  echo "\`lmr=false\` is the alpha-beta search before issue 23; the rows at a time per move (10 ms)"
  echo "depend on the machine's speed and load, so they differ a little from run to run."
  echo
  # Rows already in the table made by this same command are kept, not graded again: with
  # depth and playout budgets a row is the same on every run (REGRADE=1 grades every row).
  old=""
  if [[ -z ${REGRADE:-} && -f "$out/$file" ]] && grep -qF "Made by \`$command\`," "$out/$file"; then old="$out/$file"; fi
  first=1
  for a in "${agents[@]}"; do
    if [[ $first = 0 && -n $old && $a != *time=* ]] && row=$(grep -F "| $a | $positions (" "$old"); then
      echo "$row"; echo "kept the row of $a" >&2; continue
    fi
    start=$(date +%s)
    report=$($B grade --game bagh-chal "${options[@]}" --agent "$a" --positions "$positions" --seed "$seed" --threads 2)
    if [ $first = 1 ]; then echo "$report" | tail -n 3; first=0; else echo "$report" | tail -n 1; fi
    echo "graded $a in $(( $(date +%s) - start )) s" >&2
  done
} > "$out/$file.tmp"
mv "$out/$file.tmp" "$out/$file"
cat "$out/$file"
