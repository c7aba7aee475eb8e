#!/usr/bin/env python3
"""Each agent's mean score on a tournament's deals, and its share of a ceiling played
on the same deals in another tournament folder (the oracle's, run apart because it
costs a hundred times more per move). Pairs games by deal seed.

    benchmarks/ceiling-share.py AGENTS_DIR ORACLE_DIR

Prints Markdown: agent, deals, mean with its 95% interval (t), the paired gap
oracle − agent with its 95% interval, and the share mean(agent) / mean(oracle).
"""
import json
import math
import sys
from collections import defaultdict


def scores(folder):
    by_agent = defaultdict(dict)
    with open(f"{folder}/games.jsonl") as f:
        for line in f:
            g = json.loads(line)
            by_agent[g["agents"][0]][g["seed"]] = g["score"]
    return by_agent


def mean_interval(xs):
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.962 * sd / math.sqrt(n)  # t(0.975, ~1000 df)


def main(agents_dir, oracle_dir):
    agents = scores(agents_dir)
    oracles = scores(oracle_dir)
    if len(oracles) != 1:
        sys.exit(f"{oracle_dir}: expected one agent, found {list(oracles)}")
    oracle_name, oracle = next(iter(oracles.items()))
    common = set(oracle) & set().union(*(set(g) for g in agents.values()))
    oracle = {s: oracle[s] for s in common}
    om, oh = mean_interval(list(oracle.values()))
    print("| agent | deals | mean score | 95% interval | gap: oracle − agent (paired) | share of the oracle |")
    print("|---|---:|---:|---|---:|---:|")
    print(f"| `{oracle_name}` (reads the future draws: a ceiling) | {len(oracle)} | {om:.3f} | [{om - oh:.3f}, {om + oh:.3f}] | — | 100% |")
    rows = []
    for name, games in agents.items():
        # Only the deals both played (all of them when the oracle's run is complete; the
        # deals column says how many).
        seeds = sorted(set(games) & set(oracle))
        if len(seeds) < 2:
            sys.exit(f"{name}: fewer than two deals in common with the oracle")
        m, h = mean_interval([games[s] for s in seeds])
        gm, gh = mean_interval([oracle[s] - games[s] for s in seeds])
        rows.append((m, f"| `{name}` | {len(seeds)} | {m:.3f} | [{m - h:.3f}, {m + h:.3f}] | {gm:.3f} [{gm - gh:.3f}, {gm + gh:.3f}] | "
                        f"{100 * m / om:.1f}% |"))
    for _, row in sorted(rows, key=lambda r: -r[0]):
        print(row)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: benchmarks/ceiling-share.py AGENTS_DIR ORACLE_DIR")
    main(sys.argv[1], sys.argv[2])
