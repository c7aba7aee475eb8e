#!/usr/bin/env bash
# Whether two builds play the same games and compute the same statistics: the check of a
# change meant to keep behaviour (a refactoring; issue 39's "identical records, times apart").
# The default tournaments of the four games are run with each binary into a scratch folder;
# the records are compared field by field with the move times left out, and summary.json
# with its `run` object (date, speed, machine) left out, so every statistic to the last bit.
#   benchmarks/same-games.sh /tmp/bench-before .build/release/bench
# Prints one line per tournament and exits 1 when any differs.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -eq 2 ]] || { echo "usage: benchmarks/same-games.sh BENCH_BEFORE BENCH_AFTER" >&2; exit 2; }
for b in "$1" "$2"; do [[ -x $b ]] || { echo "same-games.sh: $b is not an executable" >&2; exit 2; }; done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tournaments=(
    "--game tigers-goats --agents random greedy alphabeta:depth=4 mcts:playouts=1000,cap=10 --games 20 --seed 1 --threads 2"
    "--game bagh-chal --agents random greedy alphabeta:depth=4 mcts:playouts=1000,cap=10 --games 20 --seed 1 --threads 2"
    "--game coin-sorter --agents random greedy expectimax --games 100 --seed 1 --threads 2"
    "--game balls --agents random greedy --games 40 --seed 1 --threads 2"
)
status=0
for k in "${!tournaments[@]}"; do
    args=${tournaments[$k]}
    for side in before after; do
        bin=$(realpath "$1"); [[ $side == after ]] && bin=$(realpath "$2")
        # The same --out text in both (the command line is part of summary.json).
        mkdir -p "$scratch/$side"
        # shellcheck disable=SC2086 # the arguments are words
        (cd "$scratch/$side" && "$bin" tournament $args --out "t$k" > /dev/null)
    done
    python3 - "$scratch/before/t$k" "$scratch/after/t$k" "bench tournament $args" <<'PY' || status=1
import json, sys
before, after, command = sys.argv[1:4]

def records(folder):
    by_index = {}
    for line in open(f"{folder}/games.jsonl"):
        r = json.loads(line)
        r.pop("times", None)
        by_index[r["index"]] = r
    return by_index

def summary(folder):
    s = json.load(open(f"{folder}/summary.json"))
    s.pop("run", None)
    return s

a, b = records(before), records(after)
problems = []
if a.keys() != b.keys():
    problems.append(f"games {sorted(a.keys() ^ b.keys())[:5]} in one run only")
for i in sorted(a.keys() & b.keys()):
    if a[i] != b[i]:
        field = next(k for k in sorted(a[i].keys() | b[i].keys()) if a[i].get(k) != b[i].get(k))
        problems.append(f"game {i} differs in '{field}'")
        break
sa, sb = summary(before), summary(after)
if sa != sb:
    key = next(k for k in sorted(sa.keys() | sb.keys()) if sa.get(k) != sb.get(k))
    problems.append(f"summary.json differs in '{key}'")
print(("differs: " + "; ".join(problems) if problems else f"same: {len(a)} games, summary.json") + f"  ({command})")
sys.exit(1 if problems else 0)
PY
done
exit $status
