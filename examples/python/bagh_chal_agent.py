#!/usr/bin/env python3
"""Bagh-Chal (5x5) example agent: a one-ply heuristic over the legal moves the workbench sends.

Tigers: a capture (`b2xd4`) first, then moves that leave goats open to a jump, then room.
Goats: leave no goat open to a jump, take room from the tigers, like the edge (`edge`).
With probability `greed` the heuristic's move is played, else a uniformly random legal one.
"""
import random

from protocol import run

START = "T3T/5/5/5/T3T g 20 0"
DIRECTIONS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def point(name):  # "c3" -> (2, 2): file and rank counted from 0
    return ord(name[0]) - ord("a"), int(name[1]) - 1


def empty(board, p):
    return 0 <= p[0] < 5 and 0 <= p[1] < 5 and p not in board


def lines_at(p):  # diagonal lines run only through points whose file + rank is even
    return DIRECTIONS if (p[0] + p[1]) % 2 == 0 else DIRECTIONS[0::2]


def parse(text):  # position text -> {(file, rank): "G" or "T"}
    board = {}
    for row, rank in enumerate(text.split()[0].split("/")):
        points = "".join("." * int(ch) if ch.isdigit() else ch for ch in rank)
        board.update({(f, 4 - row): ch for f, ch in enumerate(points) if ch != "."})
    return board


def play(board, move):  # "c3" places a goat, "a1-b2" steps, "b2xd4" jumps the point between
    if "-" not in move and "x" not in move:
        board[point(move)] = "G"
        return
    a, b = (point(s) for s in move.replace("x", "-").split("-"))
    board[b] = board.pop(a)
    if "x" in move:
        del board[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)]


def open_goats(board):  # goats with a tiger on one side and an empty point beyond, on a line
    return sum(1 for p, piece in board.items() if piece == "G" and any(
        board.get((p[0] - dx, p[1] - dy)) == "T" and empty(board, (p[0] + dx, p[1] + dy))
        for dx, dy in lines_at(p)))


def tiger_room(board):  # empty points next to a tiger along a line
    return sum(1 for p, piece in board.items() if piece == "T"
               for dx, dy in lines_at(p) if empty(board, (p[0] + dx, p[1] + dy)))


class BaghChalAgent:
    name = "py-bagh-chal 1.0"
    options = {"greed": ("real", 0.5, 0.0, 1.0), "edge": ("real", 1.0, 0.0, 4.0)}
    rng = random.Random(0)  # until the first newgame

    def new_game(self, game, seed, side, rules):
        self.rng = random.Random(seed)  # same seed, same requests: same moves

    def score(self, board, move):  # for the side making the move
        after = dict(board)
        play(after, move)
        to = point(move.replace("x", "-").split("-")[-1])
        if after[to] == "T":
            return 1000 * ("x" in move) + 10 * open_goats(after) + tiger_room(after)
        on_edge = to[0] in (0, 4) or to[1] in (0, 4)
        return -1000 * open_goats(after) - tiger_room(after) + self.settings["edge"] * on_edge

    def choose(self, state):
        if self.rng.random() >= self.settings["greed"]:
            return self.rng.choice(state.legal), {"nodes": 0, "string": "random"}
        board = parse(state.text or START)
        for move in state.moves:
            play(board, move)
        scores = [self.score(board, move) for move in state.legal]
        top = max(scores)
        best = [m for m, s in zip(state.legal, scores) if s == top]
        return self.rng.choice(best), {"nodes": len(scores), "string": "heuristic"}


if __name__ == "__main__":
    run(BaghChalAgent())
