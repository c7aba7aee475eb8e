#!/usr/bin/env bash
# Nodes and time to a fixed depth over the committed position set
# (benchmarks/search-positions.txt), for each alpha-beta variant of SPECS: the
# node-count column of issue 23's table. One thread, so the counts are exact and the
# same on every run; times are medians of RUNS runs (default 1).
#   SPECS="alphabeta:lmr=false alphabeta" DEPTH_TG=6 DEPTH_BC=9 benchmarks/nodes-to-depth.sh   (alphabeta: today's defaults; lmr=false: before issue 23)
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH=${BENCH:-.build/release/bench}
RUNS=${RUNS:-1}
DEPTH_TG=${DEPTH_TG:-6}
DEPTH_BC=${DEPTH_BC:-9}
SPECS=${SPECS:-"alphabeta:lmr=false alphabeta:lmr=false,qs=2 alphabeta:lmr=false,asp=30 alphabeta alphabeta:qs=2,asp=30"}
[[ -x $BENCH ]] || swift build -c release --product bench >/dev/null
echo "# Nodes to depth"
echo
echo "Produced by \`SPECS=\"$SPECS\" DEPTH_TG=$DEPTH_TG DEPTH_BC=$DEPTH_BC RUNS=$RUNS benchmarks/nodes-to-depth.sh\`"
echo "on $(nproc) cores of $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(date -u '+%Y-%m-%d %H:%M') UTC;"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start. One thread; $(grep -vc '^#' benchmarks/search-positions.txt) positions"
echo "(benchmarks/search-positions.txt), Tigers & Goats at depth $DEPTH_TG, Bagh-Chal at depth $DEPTH_BC."
echo
echo "| spec | T&G nodes | T&G s | Bagh-Chal nodes | Bagh-Chal s | nodes vs first row |"
echo "|---|---:|---:|---:|---:|---:|"
first=""
for spec in $SPECS; do
  declare -A nodes=( [tigers-goats]=0 [bagh-chal]=0 ) secs=( [tigers-goats]=0 [bagh-chal]=0 )
  while IFS=$'\t' read -r game pos; do
    [[ $game == \#* || -z $game ]] && continue
    depth=$DEPTH_TG; [[ $game == bagh-chal ]] && depth=$DEPTH_BC
    sep=":"; [[ $spec == *:* ]] && sep=","
    times=()
    for _ in $(seq "$RUNS"); do
      out=$("$BENCH" search --game "$game" --agent "${spec}${sep}depth=$depth" --position "$pos" --json)
      n=$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['nodes'])" "$out")
      times+=("$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['seconds'])" "$out")")
    done
    t=$(python3 -c "import statistics,sys; print(statistics.median(float(x) for x in sys.argv[1:]))" "${times[@]}")
    nodes[$game]=$(( ${nodes[$game]} + n ))
    secs[$game]=$(python3 -c "print(${secs[$game]} + $t)")
  done < benchmarks/search-positions.txt
  total=$(( ${nodes[tigers-goats]} + ${nodes[bagh-chal]} ))
  [[ -z $first ]] && first=$total
  ratio=$(python3 -c "print(format($total / $first, '.2f') + 'x')")
  printf '| `%s` | %d | %.2f | %d | %.2f | %s |\n' "$spec" "${nodes[tigers-goats]}" "${secs[tigers-goats]}" \
    "${nodes[bagh-chal]}" "${secs[bagh-chal]}" "$ratio"
done
