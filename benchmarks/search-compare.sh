#!/usr/bin/env bash
# Search speed of several builds of `bench`, side by side in one run: the before/after
# table of a performance change (issue 13). For each build, alpha-beta nodes/s on the
# three middle-game positions of search.sh (depth DEPTH, 1 thread) and MCTS playouts/s
# from the start (PLAYOUTS playouts, 1 thread). Every measurement runs RUNS times
# (default 3), the builds in turn within each run, so a change in the machine's load
# hits them all; the table gives the medians.
#   BENCHES="before=/tmp/bench-old after=.build/release/bench" benchmarks/search-compare.sh
# Without BENCHES it measures .build/release/bench alone (built first).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
DEPTH=${DEPTH:-7}
PLAYOUTS=${PLAYOUTS:-50000}
if [[ -z ${BENCHES:-} ]]; then
  swift build -c release --product bench >/dev/null
  BENCHES="current=.build/release/bench"
fi
read -r -a builds <<<"$BENCHES"
POSITIONS=(
  "G1GG1GGG/G3G2G/GT1GG3/GG2T2G/1G1T3G/7G/G1G1TGG1/G1GGG1GG g 0"
  "1GGGG2G/G3G3/G3TGGG/G1G3TG/G2T1T1G/G3G2G/G3GG1G/GGG1G2G g 0"
  "G1GG1GGG/G1G5/G1T1G3/G2TGGG1/1GG1T2G/G1T4G/G3G2G/G1GGG1GG g 0"
)
get() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
median() { python3 -c "import sys,statistics; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }
fmt() { python3 -c "import sys; print(format(float(sys.argv[1]) / float(sys.argv[2]), sys.argv[3]))" "$@"; }
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

declare -A rate    # "build,measurement" -> space-separated rates of the runs
declare -A nodes   # measurement -> node count (must agree between builds)
for _ in $(seq "$RUNS"); do
  for b in "${builds[@]}"; do
    label=${b%%=*}; bin=${b#*=}
    for i in "${!POSITIONS[@]}"; do
      r=$("$bin" search --json --agent "alphabeta:depth=$DEPTH" --position "${POSITIONS[$i]}")
      n=$(get nodes <<<"$r")
      if [[ -n ${nodes[ab$i]:-} && ${nodes[ab$i]} != "$n" ]]; then
        echo "search-compare: $label searched $n nodes on position $((i + 1)), another build ${nodes[ab$i]}" >&2; exit 1
      fi
      nodes[ab$i]=$n
      rate[$label,ab$i]+="$(get nodesPerSecond <<<"$r") "
    done
    rate[$label,mcts]+="$("$bin" search --json --agent "mcts:playouts=$PLAYOUTS" | get playoutsPerSecond) "
  done
done

labels=(); for b in "${builds[@]}"; do labels+=("${b%%=*}"); done
echo "# Search speed before and after"
echo
echo "Produced by \`benchmarks/search-compare.sh\` (RUNS=$RUNS, medians; the builds in turn within each run),"
echo "on $(nproc) cores of $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(date -u '+%Y-%m-%d %H:%M UTC');"
echo "load average $load_before at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end. Builds: $(for b in "${builds[@]}"; do printf '`%s` (`%s`) ' "${b%%=*}" "${b#*=}"; done)."
echo
echo "Commands: \`bench search --agent alphabeta:depth=$DEPTH --position P --json\` (nodesPerSecond) and"
echo "\`bench search --agent mcts:playouts=$PLAYOUTS --json\` (playoutsPerSecond), both on 1 thread."
echo
printf '| measurement |'; for l in "${labels[@]}"; do printf ' %s |' "$l"; done; echo
printf '|---|'; for _ in "${labels[@]}"; do printf -- '---:|'; done; echo
for i in "${!POSITIONS[@]}"; do
  printf '| alpha-beta depth %s, position %s (%s nodes): M nodes/s |' "$DEPTH" "$((i + 1))" "${nodes[ab$i]}"
  for l in "${labels[@]}"; do read -r -a v <<<"${rate[$l,ab$i]}"; printf ' %s |' "$(fmt "$(median "${v[@]}")" 1e6 .2f)"; done; echo
done
printf '| MCTS %s playouts from the start: playouts/s |' "$PLAYOUTS"
for l in "${labels[@]}"; do read -r -a v <<<"${rate[$l,mcts]}"; printf ' %s |' "$(fmt "$(median "${v[@]}")" 1 .0f)"; done; echo
echo
echo "Positions: 1 \`${POSITIONS[0]}\`, 2 \`${POSITIONS[1]}\`, 3 \`${POSITIONS[2]}\`."
echo "Alpha-beta's node counts agreed between the builds (the script fails otherwise)."
