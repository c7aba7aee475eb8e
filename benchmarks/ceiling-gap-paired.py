#!/usr/bin/env python3
"""The gap to the ceiling for agents of another tournament on the same deals:
oracle − agent per deal (matched by the record's deal seed), with its mean and 95%
t-interval. For agents added after the ceiling table was played.

    benchmarks/ceiling-gap-paired.py results/coin-sorter-ceiling results/coin-sorter-ceiling/tuned-expectimax
"""
import json
import math
import sys

from scipy import stats  # only for the t quantile


def scores(folder):
    by_agent = {}
    with open(f"{folder}/games.jsonl") as f:
        for line in f:
            r = json.loads(line)
            by_agent.setdefault(r["agents"][0], {})[r["seed"]] = r["score"]
    return by_agent


def main(ceiling, other):
    oracle = next(v for k, v in scores(ceiling).items() if k.split(":", 1)[0] == "oracle")
    print("| agent | deals | mean score | gap: oracle − agent | 95% interval (paired) | share of the ceiling |")
    print("|---|---:|---:|---:|---|---:|")
    for agent, s in scores(other).items():
        d = [oracle[seed] - s[seed] for seed in s if seed in oracle]
        n = len(d)
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        h = stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n)
        own = sum(s.values()) / len(s)
        ceil = sum(oracle[seed] for seed in s) / n
        print(f"| `{agent}` | {n} | {own:.3f} | {mean:.3f} | [{mean - h:.3f}, {mean + h:.3f}] | {100 * own / ceil:.1f}% |")


if __name__ == "__main__":
    main(*sys.argv[1:3])
