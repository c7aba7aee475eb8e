#!/usr/bin/env python3
"""Time to a fixed depth of several alpha-beta variants, interleaved, over the committed
position set (benchmarks/search-positions.txt): the A/B behind a search change whose
effect is a few percent, smaller than the spread of one thread-scaling.sh table.

A variant is NAME=BENCH[,SPEC]: a build of `bench` and an agent spec (default
`alphabeta`); depth=, and threads= when --threads is given, are added to the spec. Each
position is searched RUNS times by every variant in turn (the order reversed on every
other run, so a slow spell of the machine falls on all of them); a line per position gives
each variant's median time and nodes, and the last lines their sums per game and in all.

  benchmarks/time-to-depth-ab.py --runs 3 --threads 2 \\
      before=/tmp/bench-old after=.build/release/bench
  benchmarks/time-to-depth-ab.py --runs 5 --games bagh-chal \\
      one=.build/release/bench,alphabeta:threads=1 two=.build/release/bench,alphabeta:threads=2

Needs both cores free, as thread-scaling.sh does.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("variants", nargs="+", metavar="NAME=BENCH[,SPEC]")
parser.add_argument("--runs", type=int, default=3)
parser.add_argument("--threads", type=int, help="threads=N added to every spec")
parser.add_argument("--games", choices=["both", "tigers-goats", "bagh-chal"], default="both")
parser.add_argument("--depth-tg", type=int, default=9)
parser.add_argument("--depth-bc", type=int, default=18)
args = parser.parse_args()
for option, value in (("--runs", args.runs), ("--threads", 1 if args.threads is None else args.threads),
                      ("--depth-tg", args.depth_tg), ("--depth-bc", args.depth_bc)):
    if value < 1:
        parser.error(f"{option} must be at least 1")

variants = []
for text in args.variants:
    name, sep, rest = text.partition("=")
    bench, _, spec = rest.partition(",")
    if not sep or not name or not bench:
        parser.error(f"variant '{text}' is not NAME=BENCH[,SPEC]")
    if not os.access(bench, os.X_OK):
        parser.error(f"variant '{name}': {bench} is not an executable")
    variants.append((name, bench, spec or "alphabeta"))
if len({v[0] for v in variants}) != len(variants):
    parser.error("two variants have the same name")

positions = []
for line in open(os.path.join(ROOT, "benchmarks", "search-positions.txt")):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    game, position = line.split("\t")
    if args.games in ("both", game):
        positions.append((game, position))

print(f"# {' '.join(sys.argv)}")
totals = {name: {} for name, _, _ in variants}
for game, position in positions:
    depth = args.depth_tg if game == "tigers-goats" else args.depth_bc
    seconds = {name: [] for name, _, _ in variants}
    nodes = {name: [] for name, _, _ in variants}
    for run in range(args.runs):
        for name, bench, spec in variants if run % 2 == 0 else variants[::-1]:
            agent = f"{spec}{',' if ':' in spec else ':'}depth={depth}"
            if args.threads is not None:
                agent += f",threads={args.threads}"
            command = [bench, "search", "--game", game, "--agent", agent, "--position", position, "--json"]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"time-to-depth-ab.py: {' '.join(command)}: {done.stderr.strip()}")
            result = json.loads(done.stdout)
            seconds[name].append(result["seconds"])
            nodes[name].append(result["nodes"])
    cells = [game, position]
    for name, _, _ in variants:
        t, n = statistics.median(seconds[name]), statistics.median(nodes[name])
        total = totals[name].setdefault(game, [0.0, 0])
        total[0] += t
        total[1] += n
        cells.append(f"{name} {t:.3f} s {n / 1e6:.2f} M")
    print(" | ".join(cells), flush=True)
for game in dict.fromkeys(g for g, _ in positions):
    print(game, " | ".join(f"{name} {totals[name][game][0]:.2f} s {totals[name][game][1] / 1e6:.1f} M nodes"
                           for name, _, _ in variants))
print("all", " | ".join(f"{name} {sum(t[0] for t in totals[name].values()):.2f} s" for name, _, _ in variants))
