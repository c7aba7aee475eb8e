#!/usr/bin/env python3
"""The cost of solving Bagh-Chal's placement phase, measured and projected.

Reads the JSON of `bench solve --game bagh-chal --placement K,... --json` (one report
per K goats in hand) and prints a Markdown table: per K the values found, the nodes per
position (median over all, median over the drawn ones, since a draw needs both sides'
trees), and the growth of the median from K - 1 to K. Then it projects the cost of the
start (K = 20): the median nodes at the largest K solved, times the geometric mean of
the growth factors of the last three steps raised to the missing K, at the measured
nodes per second. The projection is an extrapolation over 9 or more doublings, not a
measurement; it says so.

usage: benchmarks/placement-projection.py placement.json [THREADS]
(THREADS: the --threads of the run, default 2)
"""
import json
import math
import statistics
import sys


def main(path, threads):
    with open(path) as f:
        reports = json.load(f)
    reports.sort(key=lambda r: r["goatsInHand"])
    print("| goats in hand | placed | positions | solved | goats win | draw | tigers win | median nodes | median nodes (draws) | max nodes | growth of the median | nodes/s (all threads) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    medians = {}
    for r in reports:
        solved = [n for v, n in zip(r["values"], r["nodes"]) if v != "unsolved"]
        draws = [n for v, n in zip(r["values"], r["nodes"]) if v == "draw"]
        med = statistics.median(solved) if solved else None
        medd = statistics.median(draws) if draws else None
        k = r["goatsInHand"]
        medians[k] = med
        growth = ""
        if med and medians.get(k - 1):
            growth = f"{med / medians[k - 1]:.1f}x"
        fmt = lambda x: "—" if x is None else f"{x:,.0f}"
        print(f"| {k} | {r['placed']} | {r['positions']} | {r['solved']} | {r['wins']} | {r['draws']} | {r['losses']} | "
              f"{fmt(med)} | {fmt(medd)} | {fmt(r['maxNodes'])} | {growth} | {r['nodesPerSecond']:,.0f} |")
    ks = sorted(k for k, m in medians.items() if m)
    if len(ks) < 4:
        return
    last = ks[-1]
    steps = [medians[k] / medians[k - 1] for k in ks[-3:] if medians.get(k - 1)]
    g = math.exp(sum(math.log(s) for s in steps) / len(steps))
    nodes20 = medians[last] * g ** (20 - last)
    # One position is one search on one thread, so the rate is per thread, from the
    # largest K (small K spend their time clearing the tables). Whole-run rates
    # include the tail where one thread finishes alone, so this is a lower bound.
    big = next(r for r in reports if r["goatsInHand"] == last)
    rate = big["nodesPerSecond"] / threads
    seconds = nodes20 / rate
    print()
    print(f"Projection for the start (20 goats in hand): {medians[last]:,.0f} nodes at {last} in hand "
          f"× {g:.2f}^{20 - last} (the geometric mean growth of the last {len(steps)} steps) "
          f"≈ {nodes20:.1e} nodes; at {rate:,.0f} nodes/s that is about {seconds:.1e} s "
          f"({seconds / 86400 / 365.25:,.1f} years) for one search on one thread of this machine (the rate of the largest K per thread).")


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 2)
