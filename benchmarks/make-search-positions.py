#!/usr/bin/env python3
"""Writes benchmarks/search-positions.txt: the fixed position set of the search
benchmarks (issue 23), taken from the committed tournament records so that it is
reproducible: from every game of the records between two agents that search
(alphabeta or mcts), the positions after plies 16, 28 and 40 of opening + moves while
the game is still going, one game in STEP, until COUNT positions per game. Usage:
  benchmarks/make-search-positions.py [BENCH] > benchmarks/search-positions.txt"""
import json, subprocess, sys

BENCH = sys.argv[1] if len(sys.argv) > 1 else ".build/release/bench"
SOURCES = [("tigers-goats", "results/tigers-goats-round-robin/games.jsonl", 12),
           ("bagh-chal", "results/python-agent-bagh-chal/games.jsonl", 12)]
PLIES = (16, 28, 40)

def position(game, moves):
    out = subprocess.run([BENCH, "replay", "--game", game, "--moves", ",".join(moves), "--json"],
                         capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    return None if r.get("outcome") else r["position"]

print("# The search benchmarks' positions (benchmarks/make-search-positions.py): game, then position text.")
for game, path, count in SOURCES:
    found = []
    with open(path) as f:
        for n, line in enumerate(f):
            r = json.loads(line)
            if not any(a.startswith(("alphabeta", "mcts", "py-")) for a in r["agents"]):
                continue
            moves = r.get("opening", []) + r["moves"]
            for k in PLIES:
                if len(moves) > k and len(found) < count:
                    p = position(game, moves[:k])
                    if p and p not in found:
                        found.append(p)
            if len(found) >= count:
                break
    for p in found:
        print(f"{game}\t{p}")
