#!/usr/bin/env python3
"""Tigers & Goats (8x8) example agent: a one-ply heuristic over the legal moves the workbench sends.

Tigers: a capture (`d4xd6`) first, then moves that leave goats open to a jump, then room.
Goats: leave no goat open to a jump, take room from the tigers, and back each other up
(`support`: the cost of a goat with empty squares on both sides along a rank or file).
With probability `greed` the heuristic's move is played, else a uniformly random legal one.
"""
import random

from protocol import run

START = "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0"
ROOK = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # tigers slide and jump along ranks and files only


def square(name):  # "d4" -> (3, 3): file and rank counted from 0
    return ord(name[0]) - ord("a"), int(name[1]) - 1


def empty(board, p):
    return 0 <= p[0] < 8 and 0 <= p[1] < 8 and p not in board


def parse(text):  # position text -> {(file, rank): "G" or "T"}
    board = {}
    for row, rank in enumerate(text.split()[0].split("/")):
        squares = "".join("." * int(ch) if ch.isdigit() else ch for ch in rank)
        board.update({(f, 7 - row): ch for f, ch in enumerate(squares) if ch != "."})
    return board


def play(board, move):  # "b1-c2" steps or slides; "d4xd6" jumps the goat just before d6
    a, b = (square(s) for s in move.replace("x", "-").split("-"))
    board[b] = board.pop(a)
    if "x" in move:
        dx, dy = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
        del board[(b[0] - dx, b[1] - dy)]


def ray(board, p, dx, dy):  # the empty squares from p on along (dx, dy), and the square after them
    squares, q = [], (p[0] + dx, p[1] + dy)
    while empty(board, q):
        squares.append(q)
        q = (q[0] + dx, q[1] + dy)
    return squares, q


def open_goats(board, long_range):  # goats a tiger could jump if the tigers were to move
    def jumpable(p, dx, dy):  # empty beyond p, a tiger behind it (from afar under longRange)
        between, behind = ray(board, p, -dx, -dy)
        return empty(board, (p[0] + dx, p[1] + dy)) and board.get(behind) == "T" and (
            long_range or not between)
    return sum(1 for p, piece in board.items()
               if piece == "G" and any(jumpable(p, dx, dy) for dx, dy in ROOK))


def weak_goats(board):  # goats with empty squares on both sides along a rank or a file
    return sum(1 for p, piece in board.items() if piece == "G" and any(
        empty(board, (p[0] + dx, p[1] + dy)) and empty(board, (p[0] - dx, p[1] - dy))
        for dx, dy in ROOK[:2]))


def tiger_room(board):  # empty squares the tigers could slide to
    return sum(len(ray(board, p, dx, dy)[0])
               for p, piece in board.items() if piece == "T" for dx, dy in ROOK)


class TigersGoatsAgent:
    name = "py-tigers-goats 1.0"
    options = {"greed": ("real", 0.5, 0.0, 1.0), "support": ("real", 1.0, 0.0, 8.0)}
    rng, long_range = random.Random(0), False  # until the first newgame

    def new_game(self, game, seed, side, rules):
        self.rng = random.Random(seed)  # same seed, same requests: same moves
        self.long_range = bool(rules.get("longRange", False))

    def score(self, board, move):  # for the side making the move
        after = dict(board)
        play(after, move)
        to = square(move.replace("x", "-").split("-")[1])
        threats = open_goats(after, self.long_range)
        if after[to] == "T":
            return 1000 * ("x" in move) + 10 * threats + tiger_room(after)
        return -1000 * threats - tiger_room(after) - self.settings["support"] * weak_goats(after)

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
    run(TigersGoatsAgent())
