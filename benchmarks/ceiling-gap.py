#!/usr/bin/env python3
"""The gap to the ceiling: each agent's mean score, and the oracle's mean minus it
with the paired 95% interval, read from a puzzle tournament's summary.json.

    benchmarks/ceiling-gap.py results/coin-sorter-ceiling/summary.json

The ceiling is the agent whose spec name is `oracle` (it reads the referee's future
draws). The numbers are the tournament's own: the mean and 95% interval of each
agent's scores, and the paired difference oracle − agent on the same deals (mean and
95% t-interval) from the paired-differences table. Prints Markdown.
"""
import json
import sys


def spec_name(agent):
    return agent.split(":", 1)[0].strip()


def main(path):
    with open(path) as f:
        s = json.load(f)
    agents = {a["agent"]: a for a in s["puzzleAgents"]}
    oracles = [name for name in agents if spec_name(name) == "oracle"]
    if len(oracles) != 1:
        sys.exit(f"{path}: expected one agent named oracle, found {oracles}")
    oracle = oracles[0]
    ceiling = agents[oracle]["scores"]["mean"]

    def gap(agent):
        """oracle − agent: (mean, half width, deals) from the paired comparisons."""
        for c in s["puzzleComparisons"]:
            d = c["comparison"]["difference"]
            if (c["agentA"], c["agentB"]) == (oracle, agent):
                return d["mean"], d.get("halfWidth"), d["count"]
            if (c["agentA"], c["agentB"]) == (agent, oracle):
                return -d["mean"], d.get("halfWidth"), d["count"]
        sys.exit(f"{path}: no paired comparison of {oracle} and {agent}")

    def interval(mean, half):
        return "—" if half is None else f"[{mean - half:.3f}, {mean + half:.3f}]"

    print(f"Ceiling: `{oracle}` (reads the referee's future draws), mean {ceiling:.3f} "
          f"{interval(ceiling, agents[oracle]['scores'].get('halfWidth'))} over {agents[oracle]['scores']['count']} deals.")
    print()
    print("| agent | mean score | 95% interval | gap: oracle − agent | 95% interval (paired) | share of the ceiling |")
    print("|---|---:|---|---:|---|---:|")
    others = sorted((a for a in agents if a != oracle), key=lambda a: -agents[a]["scores"]["mean"])
    for a in others:
        m = agents[a]["scores"]
        g, half, _ = gap(a)
        print(f"| `{a}` | {m['mean']:.3f} | {interval(m['mean'], m.get('halfWidth'))} | {g:.3f} | "
              f"{interval(g, half)} | {100 * m['mean'] / ceiling:.1f}% |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: benchmarks/ceiling-gap.py SUMMARY_JSON")
    main(sys.argv[1])
