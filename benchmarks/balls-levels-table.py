#!/usr/bin/env python3
"""Assembles results/balls-levels/README.md from each level's summary.json and games.jsonl
(benchmarks/balls-levels.sh). Standard library only. Usage: balls-levels-table.py OUT LAST SIMS"""
import json
import os
import sys

out, last, sims = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
levels = sorted(int(d.split("-")[1]) for d in os.listdir(out) if d.startswith("level-"))
TARGETS = {1: (4, 1), 2: (4, 2), 3: (8, 4), 4: (15, 7), 5: (25, 12), 6: (30, 17), 7: (30, 20), 8: (30, 25), 9: (30, 28), 10: (30, 30)}
solver = f"solver:last={last}"
agents = ["random", "greedy", f"search:sims={sims}", f"search:sims={sims},ticks={last + 1}"]


def pct(x):
    return f"{100 * x:.1f}"


def rate(a):
    return f"{pct(a['passRate'])}% [{pct(a['passLow'])}, {pct(a['passHigh'])}]"


rows, costs, commands, deals = [], [], [], None
for level in levels:
    folder = os.path.join(out, f"level-{level}")
    summary = json.load(open(os.path.join(folder, "summary.json")))
    commands.append(summary["command"])
    by = {a["agent"]: a for a in summary["puzzleAgents"]}
    deals = by[solver]["passTotal"]
    s = by[solver]
    cells = [f"{level} ({TARGETS[level][0]}, {TARGETS[level][1]})", f"**{rate(s)}**"]
    best = max((by[a]["passRate"] for a in agents[1:] if a in by), default=0)
    for a in agents:
        x = by[a]
        cells.append(f"{rate(x)} · {x['scores']['mean']:.2f}")
    gap = 100 * (best - s["passRate"])
    cells.append(f"{gap:+.1f}")
    rows.append("| " + " | ".join(cells) + " |")
    times, nodes, passes, sweeps = [], [], 0, 0
    with open(os.path.join(folder, "games.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            if r["agents"] != [solver]:
                continue
            times.append(r["times"][0])
            nodes.append(r["nodes"][0])
    times.sort()
    nodes.sort()
    space = (last + 1) * 320 * 480
    costs.append(f"| {level} | {sum(nodes) / len(nodes):,.0f} | {nodes[len(nodes) // 2]:,} | {nodes[-1]:,} | "
                 f"{nodes[-1] / space:.3f} | {sum(times) / len(times):.3f} | {times[-1]:.1f} | {sum(times):.0f} |")

import datetime
import platform
load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"] * 3
machine = f"{os.cpu_count()} cores, {platform.machine()}; assembled {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, load average {' '.join(load)} then"
print(f"""# Balls! levels 1-10: agents against what is possible

Produced by `benchmarks/balls-levels.sh` (DEALS={deals}, SIMS={sims}, LAST={last}), which ran, per level:

```sh
""" + "\n".join(commands) + f"""
```

and assembled this file from each level's `summary.json` and `games.jsonl` (`benchmarks/balls-levels-table.py`).
Machine: {machine} (the machine is shared: seconds below include other jobs' load).
Every agent plays the same {deals} deals per level (seeds 1...{deals}); levels 6-10 deal the same 30 balls
for a seed and differ only in the target. Agents: docs/balls.md.

**Solver: passable** is the share of deals for which some tap t@x,y with 0 <= t <= {last} and (x, y) any
point of the field passes the level — proved for each deal, by playing a passing tap (found by the
solver's search, or by its sweep), or by sweeping all {(last + 1) * 320 * 480:,} taps of that space
without one (docs/balls.md, "The solver"). It is exact for that space, with its 95% Wilson interval
over the deals; a tap later than tick {last} may pass a deal the solver calls impassable, so an agent
free to tap at any tick (`search:sims={sims}`) may exceed it. `search:sims={sims},ticks={last + 1}` is
confined to the solver's space, so its pass rate cannot exceed the solver's share.

Each agent cell: pass rate [95% Wilson interval] · mean score. **gap**: best agent's pass rate (greedy
or search) minus the solver's share, in points.

| level (balls, target) | solver: passable (t <= {last}) | random | greedy | search:sims={sims} | search:sims={sims},ticks={last + 1} | gap |
|---|---|---|---|---|---|---:|
""" + "\n".join(rows) + f"""

## What the solver cost

Per deal, as the tournament recorded it (`nodes`: taps simulated by its search and its sweep; the
space holds {(last + 1) * 320 * 480:,} taps; seconds on one thread, {2} threads running).

| level | mean taps simulated | median | max | max share of the space | mean seconds | max seconds | total seconds |
|---:|---:|---:|---:|---:|---:|---:|---:|
""" + "\n".join(costs))
