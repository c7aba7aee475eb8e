#!/usr/bin/env python3
"""Coin Sorter (5x5 puzzle) example agent: a one-ply heuristic over the swaps the workbench sends.

A swap (`a1:b2`) scores a point per row or column it completes, plus `four` per line
left holding four coins of one kind (one swap from a point). The coins that refill a
completed line are unknown, so they are not guessed. With probability `greed` the best
swap is played, else a uniformly random legal one.
"""
import random

from protocol import run

ROWS = [[5 * r + c for c in range(5)] for r in range(5)]  # cell index = 5 * (row - 1) + column
LINES = ROWS + [[5 * r + c for r in range(5)] for c in range(5)]


def cell(name):  # "b1" -> 1, "a2" -> 5 (row 1 is the top row)
    return 5 * (int(name[1]) - 1) + ord(name[0]) - ord("a")


def line_counts(coins):  # for each line, how many coins of its most common kind
    return [max(coins.count(kind) for kind in "TSC") for coins in
            ("".join(coins[i] for i in line) for line in LINES)]


class CoinSorterAgent:
    name = "py-coin-sorter 1.0"
    options = {"greed": ("real", 0.5, 0.0, 1.0), "four": ("real", 0.3, 0.0, 1.0)}
    rng = random.Random(0)  # until the first newgame

    def new_game(self, game, seed, side, rules):
        self.rng = random.Random(seed)  # same seed, same requests: same swaps

    def score(self, coins, swap):
        a, b = (cell(name) for name in swap.split(":"))
        after = list(coins)
        after[a], after[b] = after[b], after[a]
        counts = line_counts(after)
        return counts.count(5) + self.settings["four"] * counts.count(4)

    def choose(self, state):
        if self.rng.random() >= self.settings["greed"]:
            return self.rng.choice(state.legal), {"nodes": 0, "string": "random"}
        coins = state.text.split()[0].replace("/", "")  # 25 letters T, S, C from a1 to e5
        scores = [self.score(coins, swap) for swap in state.legal]
        top = max(scores)
        best = [m for m, s in zip(state.legal, scores) if s == top]
        return self.rng.choice(best), {"nodes": len(scores), "string": "heuristic"}


if __name__ == "__main__":
    run(CoinSorterAgent())
