#!/usr/bin/env python3
"""Pentanomial counts of a colour-swapped tournament's games.jsonl, for one agent.

    python3 benchmarks/pentanomial.py DIR/games.jsonl AGENT

Prints the counts of complete pairs scoring 0, 1/4, 1/2, 3/4 and 1 for AGENT (the
input of `bench sprt --pentanomial`), AGENT's wins, losses and draws over those pairs'
games, and the median nodes a move of AGENT and of its opponents (moves that searched).
A torn last line and unfinished pairs are left out. Standard library only.
"""
import collections
import json
import statistics
import sys

path, agent = sys.argv[1], sys.argv[2]
pairs = collections.defaultdict(list)
with open(path) as log:
    for line in log:
        try:
            r = json.loads(line)
        except ValueError:
            continue
        first = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(r["result"])
        if first is None or agent not in r["agents"]:
            continue
        mine = r["agents"].index(agent)
        score = first if mine == 0 else 1 - first
        # Moves alternate from the first side after the opening; nodes are per agent move.
        plies = len(r["opening"])
        own, other = [], []
        for k, n in enumerate(r["nodes"]):
            if n > 0:
                (own if (plies + k) % 2 == mine else other).append(n)
        pairs[(r["pairing"], r["pair"])].append((score, own, other))

counts, wins, losses, draws = [0] * 5, 0, 0, 0
own_nodes, other_nodes = [], []
for games in pairs.values():
    if len(games) != 2:
        continue
    counts[int(round(2 * sum(s for s, _, _ in games)))] += 1
    for s, own, other in games:
        wins += s == 1
        losses += s == 0
        draws += s == 0.5
        own_nodes += own
        other_nodes += other
print("pentanomial", ",".join(map(str, counts)), "pairs", sum(counts))
print(f"{agent}: won {wins}, lost {losses}, drew {draws}")
if own_nodes and other_nodes:
    a, b = statistics.median(own_nodes), statistics.median(other_nodes)
    print(f"median nodes a move: {agent} {a:,.0f}, opponents {b:,.0f} ({a / b:.2f}x)")
