#!/usr/bin/env python3
"""Fuzzes the `bench` executable: generated command lines, piped input and damaged
tournament folders, each run with a timeout and classified (issue 9).

Called by benchmarks/fuzz.sh, which builds the release binary first; see
benchmarks/README.md. Everything is a function of SEED and the case number, so a
case can be generated again on its own (CASES=N,M shows them without running).

A run is fine when it exits 0, 1 or 2, and, when it exits 1 or 2, writes exactly
one line on stderr starting with `bench:`. A finding is any other status (a
signal, 132/134/139, ...), a timeout, an error that is not one `bench:` line, or a
`report` (or a `tournament --resume` that fails) that changed games.jsonl.

Some cases (about one in six) are issue 18's hostile inputs, each with the exit
status it must end with: empty items in --moves, numbers in 0x, with a `+` or a
blank, SPRT error rates so small the bounds are infinite, logs and record files that
are FIFOs, links to /dev/zero, link loops, broken links or folders, record lines
giving a key twice, and records whose score, outcome or result contradict each other
or the moves. Such a case is also a finding when it ends with another status, or when
it fails and changed a file of its folder.
"""
import concurrent.futures
import hashlib
import json
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

MASK = (1 << 64) - 1


# MARK: - The seeded stream (the same SplitMix64 as Boards)

class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    @staticmethod
    def mix(z):
        z &= MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return SplitMix64.mix(self.state)

    def below(self, n):
        return self.next() % n if n > 0 else 0

    def chance(self, p):
        return self.next() < p * 2**64

    def pick(self, items):
        return items[self.below(len(items))]


def case_rng(seed, index):
    return SplitMix64(SplitMix64.mix(seed) ^ SplitMix64.mix((index + 1) * 0x9E3779B97F4A7C15))


# MARK: - Dictionaries

TG_START = "GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0"
TG_POSITIONS = [
    TG_START,
    "GGGGGGGG/G6G/G6G/G2TT2G/G3T2G/G2T3G/G1G4G/G1GGGGGG g 0",
    "8/8/8/3G4/2GTG3/3G4/8/8 t 0",
    "8/8/8/8/8/8/8/TG6 t 3",
    "8/8/8/8/8/8/8/8 g 0",
    "TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT t 0",
    "GGGGGGGG/GGGGGGGG/GGGGGGGG/GGGGGGGG/GGGGGGGG/GGGGGGGG/GGGGGGGG/GGGGGGGT g 28",
    "44/8/8/G2TT2G/G2TT2G/8/8/8 t 27",
    "T7/8/8/8/8/8/8/7G g 0",
]
CS_POSITIONS = ["CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0", "TTTTC/SSTCC/SSTST/TSCCS/SCCSC 9 1",
                "TTTTT/SSSSS/CCCCC/TTTTT/SSSSS 0 0", "CSTCT/CTTTS/TSCSS/CTCCT/STTCT 255 2147483647"]
TG_MOVES = ["b1-c2,d4-d3", "b1-c2 d4-d3", "b1-c2", "", "b1-c2,d4-d3,a1-b2", "c1-d2,e4-g4,f1-e2,d5-b5",
            "b1xc2", "e4-e3", "b1-b3", "a1-a1", "h8-h7", "b1-c2,,d4-d3", " b1-c2 , d4-d3 "]
CS_MOVES = ["a1:c3", "a1:b2,a1:d4", "e1:a2", "", "a1:a1", "a1-c3", "f1:a1", "a1:c3,b2:b4,c1:c2,d1:d2,e1:e2,a2:b2,"
            "c2:d2,e2:a3,b3:c3,d3:e3,a4:b4"]
TG_AGENTS = ["random", "greedy", "alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:nodes=200",
             "mcts:playouts=8", "mcts:playouts=16,cap=10", "mcts:iterations=8,c=0,solver=off",
             "greedy:w.mobility=3", "alphabeta:depth=2,tt=0", "alphabeta:depth=1,threads=2",
             "mcts:playouts=8,threads=2", "alphabeta:depth=2,w.captures=-100,w.edge=0"]
TG_SEARCH_AGENTS = TG_AGENTS + ["alphabeta", "alphabeta:depth=4", "mcts", "mcts:playouts=200,cap=10",
                                "alphabeta:time=0.001", "mcts:time=0.001", "alphabeta:nodes=5000,tt=1"]
CS_AGENTS = ["random", "greedy", "expectimax:depth=1,samples=2", "expectimax:depth=1,samples=1,width=2",
             "mcts:playouts=8", "mcts:playouts=8,rollout=2,width=3", "greedy:w.four=1"]
CS_SEARCH_AGENTS = CS_AGENTS + ["expectimax", "expectimax:depth=2,samples=8,width=12", "mcts",
                                "mcts:playouts=100,rollout=5", "expectimax:time=0.001"]
SPRTS = ["0,10,0.05,0.05", "-5,5,0.1,0.1", "0,400,0.25,0.25", "0,10,0.05", "10,0,0.05,0.05"]

BOUNDARY = ["0", "-1", "1", "2", "-0", "+1", "01", "0x10", "0x", "0xffffffffffffffff", "1e300", "-1e300", "1e-300",
            "nan", "NaN", "-nan", "inf", "-inf", "infinity", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
            "99999999999999999999999999999", "4294967296", "65535", "65536", "2147483648", "1.5", "1,5",
            "1_000", "", " ", "\u0663", "\uff13", "\u00bd", "0.0000001", "5e-324", "1e-7", "3 ", " 3",
            "0X10", "+0", "\t5", "0x1p3", "4.9e-324", "1e-320", "1e-10", "+0.05"]
WEIRD = ["", " ", "\t", "\n", "\r\n", "\r", "\x01", "\x1b[31m", "\x7f", "\u00e9", "e\u0301", "\U0001F42F",
         "\u202e", "\ufeff", "\u2028", "\u0085", "--", "-", "---", "--=", "=", ",", ":", "::", "w.", "=1", "\\", "'",
         "\"", "$(true)", "%s%n", "{}", "[]", "null", "x" * 5000, "\u00e9" * 3000]
OPTION_NAMES = ["--game", "--depth", "--divide", "--threads", "--json", "--position", "--games", "--seed",
                "--moves", "--agent", "--agents", "--out", "--gauntlet", "--openings", "--sprt", "--resume",
                "--in", "--record", "--color", "--player", "--goats", "--tigers", "--ply-limit", "--long-range",
                "--help", "-h", "--game=coin-sorter", "--game=tigers-goats", "--json=1", "--depth=", "--=x"]
COMMANDS = ["benchmark", "perft", "replay", "playouts", "search", "tournament", "report", "play", "help", "sprt",
            "--help", "-h", "", "PERFT", "perft\n"]
GAMES = ["tigers-goats", "coin-sorter", "", "Tigers-Goats", "chess", "coin-sorter\n"]
STDIN_LINES = ["b1-c2", "d4-d3", "c1-d2", "moves", "undo", "quit", "exit", "", "  b1-c2  ", "b1xc2", "e4-e3",
               "a1:c3", "e1:a2", "b2:b4", "a1:a1", "undo", "moves", "zz", "\x00", "\xff\xfe", "\U0001F42F",
               "b1-c2\r", "x" * 10000]
DICTIONARY = (BOUNDARY + WEIRD + OPTION_NAMES + COMMANDS + GAMES + TG_POSITIONS + CS_POSITIONS + TG_MOVES
              + CS_MOVES + TG_SEARCH_AGENTS + CS_SEARCH_AGENTS + SPRTS + ["human", "on", "off", "auto"]
              # paths: all inside the case's own folder, or devices that refuse writes
              + ["{IN}", "{OUT}", "{IN}/games.jsonl", "{IN}/tournament.json", "{RECORD}", "/dev/null", "/dev/full",
                 ".", "nonexistent/deeper/x", "in/summary.md"])
RAW = [b"\xff", b"\xfe\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"b1-c2\xff"]


def enc(s):
    return s if isinstance(s, bytes) else s.encode("utf-8", "surrogateescape")


# MARK: - Seeds: valid command lines, one list per command

def seeds():
    """(command, tokens, setup): `{OUT}` is a fresh folder name, `{RECORD}` a record
    file, `{IN}` a tournament folder copied from the bases (setup names which)."""
    s = []
    def add(cmd, tokens, setup=None, weight=1):
        for _ in range(weight):
            s.append((cmd, tokens, setup))
    add("perft", ["perft", "--depth", "3"], weight=2)
    add("perft", ["perft", "--depth", "2", "--json", "--divide"])
    add("perft", ["perft", "--depth=4", "--threads", "2"])
    add("perft", ["perft", "--game", "tigers-goats", "--depth", "3", "--position", TG_POSITIONS[2]])
    add("perft", ["perft", "--depth", "3", "--ply-limit", "5", "--long-range", "--position", TG_POSITIONS[1]])
    add("perft", ["perft", "--game", "coin-sorter", "--depth", "1"])
    add("replay", ["replay", "--moves", "b1-c2,d4-d3", "--json"], weight=2)
    add("replay", ["replay", "--position", TG_POSITIONS[3], "--moves", "a1xc1"])
    add("replay", ["replay", "--position", TG_POSITIONS[1], "--moves", "c1-d2 d3-d4", "--ply-limit", "3"])
    add("replay", ["replay", "--game", "coin-sorter", "--seed", "7", "--moves", "e1:a2", "--json"], weight=2)
    add("replay", ["replay", "--game", "coin-sorter", "--moves", CS_MOVES[-1]])
    add("playouts", ["playouts", "--games", "20", "--seed", "3"], weight=2)
    add("playouts", ["playouts", "--games", "10", "--threads", "2", "--json", "--long-range", "--ply-limit", "50"])
    add("playouts", ["playouts", "--games", "5", "--position", TG_POSITIONS[2], "--seed", "16"])
    add("search", ["search", "--agent", "alphabeta:depth=3", "--json"], weight=2)
    add("search", ["search", "--agent", "mcts:playouts=100,cap=10", "--moves", "b1-c2,d4-d3"])
    add("search", ["search", "--agent", "greedy", "--position", TG_POSITIONS[2], "--seed", "5"])
    add("search", ["search", "--agent", "alphabeta:nodes=500,threads=2,tt=1", "--long-range"])
    add("search", ["search", "--game", "coin-sorter", "--agent", "expectimax:depth=1,samples=4", "--seed", "3"], weight=2)
    add("search", ["search", "--game", "coin-sorter", "--agent", "mcts:playouts=50,rollout=2", "--moves", "e1:a2",
                   "--json"])
    add("tournament", ["tournament", "--agents", "random", "greedy", "--games", "2", "--threads", "1"], weight=2)
    add("tournament", ["tournament", "--agents", "random", "greedy", "alphabeta:depth=1", "--games", "2",
                       "--gauntlet", "--openings", "3", "--seed", "9", "--out", "{OUT}"], weight=2)
    add("tournament", ["tournament", "--agents", "random", "mcts:playouts=8", "--games", "4", "--sprt",
                       "0,10,0.05,0.05", "--out", "{OUT}", "--threads", "2"])
    add("tournament", ["tournament", "--agents", "greedy", "random", "--games", "2", "--ply-limit", "30",
                       "--long-range", "--out", "{OUT}"])
    add("tournament", ["tournament", "--game", "coin-sorter", "--agents", "random", "greedy", "--games", "3",
                       "--out", "{OUT}"], weight=2)
    add("tournament", ["tournament", "--game", "coin-sorter", "--agents", "expectimax:depth=1,samples=2", "--games",
                       "2", "--seed", "4"])
    # --resume on a copy of a base folder (the same options as the base's run).
    add("tournament", ["tournament", "--agents", "random", "greedy", "--games", "4", "--seed", "7", "--openings",
                       "2", "--threads", "1", "--out", "{IN}", "--resume"], setup="tg", weight=3)
    add("tournament", ["tournament", "--game", "coin-sorter", "--agents", "random", "greedy",
                       "expectimax:depth=1,samples=2", "--games", "3", "--seed", "2", "--threads", "1", "--out",
                       "{IN}", "--resume"], setup="cs", weight=2)
    add("report", ["report", "--in", "{IN}"], setup="tg", weight=5)
    add("report", ["report", "--in", "{IN}"], setup="tg4", weight=3)
    add("report", ["report", "--in", "{IN}"], setup="tgs", weight=3)
    add("report", ["report", "--in", "{IN}"], setup="tgl", weight=2)
    add("report", ["report", "--in", "{IN}"], setup="cs", weight=4)
    add("play", ["play", "--tigers", "greedy", "--record", "{RECORD}", "--color", "off"], setup="stdin-tg", weight=3)
    add("play", ["play", "--goats", "random", "--tigers", "mcts:playouts=8", "--record", "{RECORD}", "--seed", "3"])
    add("play", ["play", "--goats", "human", "--tigers", "human", "--record", "{RECORD}", "--position",
                 TG_POSITIONS[1]], setup="stdin-tg")
    add("play", ["play", "--game", "coin-sorter", "--record", "{RECORD}", "--seed", "7"], setup="stdin-cs", weight=2)
    add("play", ["play", "--game", "coin-sorter", "--player", "greedy", "--record", "{RECORD}"])
    add("benchmark", ["benchmark", "--depth", "3", "--threads", "2"], weight=2)
    add("benchmark", ["benchmark", "--game", "coin-sorter"])
    add("help", ["help"])
    add("help", ["help", "tournament"])
    add("help", ["search", "--help"])
    add("help", ["--help"])
    add("sprt", ["sprt", "0,10,0.05,0.05"])
    return s


SEEDS = seeds()
BASES = {
    "tg": ["tournament", "--agents", "random", "greedy", "--games", "4", "--seed", "7", "--openings", "2",
           "--threads", "1"],
    "tg4": ["tournament", "--agents", "random", "greedy", "alphabeta:depth=1", "mcts:playouts=8", "--games", "2",
            "--seed", "3", "--threads", "1"],
    "tgs": ["tournament", "--agents", "random", "greedy", "--games", "8", "--seed", "5", "--sprt",
            "0,10,0.05,0.05", "--threads", "1"],
    "tgl": ["tournament", "--agents", "random", "greedy", "--games", "2", "--ply-limit", "40", "--long-range",
            "--threads", "1"],
    "cs": ["tournament", "--game", "coin-sorter", "--agents", "random", "greedy", "expectimax:depth=1,samples=2",
           "--games", "3", "--seed", "2", "--threads", "1"],
}


# MARK: - Mutating command lines

NUMBER = re.compile(rb"[-+]?\d+(\.\d+)?(e[-+]?\d+)?")


def flip_byte(rng, b):
    if not b:
        return bytes([rng.below(256) or 1])
    i = rng.below(len(b))
    c = b[i] ^ (1 << rng.below(8))
    return b[:i] + bytes([c or 1]) + b[i + 1:]


def mutate_number_inside(rng, b):
    spans = [m.span() for m in NUMBER.finditer(b)]
    if not spans:
        return None
    lo, hi = rng.pick(spans)
    return b[:lo] + enc(rng.pick(BOUNDARY)) + b[hi:]


def mutate_spec(rng, b):
    text = b.decode("utf-8", "surrogateescape")
    name, _, params = text.partition(":")
    items = [p for p in params.split(",")] if params else []
    op = rng.below(9)
    if op == 0:
        items.append(rng.pick(["depth", "nodes", "time", "threads", "tt", "playouts", "iterations", "c", "cap",
                               "solver", "samples", "width", "rollout", "w.mobility", "w.four", "w.nope", "w.",
                               "", "depth"]) + "=" + rng.pick(BOUNDARY + ["on", "off", "1"]))
    elif op == 1 and items:
        items.pop(rng.below(len(items)))
    elif op == 2 and items:
        items.append(rng.pick(items))
    elif op == 3:
        name = rng.pick(["random", "greedy", "alphabeta", "mcts", "expectimax", "", "human", "Random", "mcts "])
    elif op == 4:
        items.append(rng.pick(["", "=", "k", "k=", "=v", "w.=1", "w.captures", "depth==1", "a=b=c"]))
    elif op == 5:
        return enc(text + rng.pick([":", ",", ":,", "::", " ", "\n"]))
    elif op == 6 and items:
        i = rng.below(len(items))
        k, _, v = items[i].partition("=")
        items[i] = k + "=" + rng.pick(BOUNDARY)
    elif op == 7:
        items.append("w." + rng.pick(["captures", "mobility", "trapped", "danger", "threat", "backed", "edge",
                                      "goatMobility", "four", "three", "double"]) + "="
                     + rng.pick(["1e300", "-1e300", "1e308", "-1e308", "5e-324", "0", "-0", "nan", "inf", "1e30"]))
    else:
        return mutate_number_inside(rng, b) or flip_byte(rng, b)
    return enc(name + (":" + ",".join(items) if items or op == 4 else ""))


def mutate_position(rng, b):
    text = b.decode("utf-8", "surrogateescape")
    op = rng.below(7)
    if op == 0:
        fields = text.split(" ")
        fields[rng.below(len(fields))] = rng.pick(BOUNDARY + ["g", "t", "G", "x", ""])
        return enc(" ".join(fields))
    if op == 1:
        return enc(text + rng.pick([" extra", " ", "\n", "\r\n", " 0", "/8"]))
    if op == 2:
        board, _, rest = text.partition(" ")
        ranks = board.split("/")
        i = rng.below(len(ranks))
        ranks[i] = rng.pick(["", "9", "0", "GGGGGGGGG", "44", "1111111", "G7G", "T" * 100, "8" * 50, "\u0663",
                             "\uff18", "g", "TGTGTGTG", "S" * 5, "CCCCCC"])
        if rng.chance(0.3):
            ranks.append(ranks[i])
        return enc("/".join(ranks) + (" " + rest if rest else ""))
    if op == 3:
        return enc(text.replace(" ", rng.pick(["\t", "  ", "\n", "\r\n", ",", ""])))
    if op == 4:
        return mutate_number_inside(rng, b) or flip_byte(rng, b)
    if op == 5:
        return b[:rng.below(len(b) + 1)]
    return flip_byte(rng, b)


def mutate_moves(rng, b):
    text = b.decode("utf-8", "surrogateescape")
    moves = [m for m in re.split(r"[, ]", text)]
    op = rng.below(6)
    if op == 0:
        moves.append(rng.pick(["a1-a2", "d4xd6", "h8xa1", "i9-a1", "a0-a1", "a1:c3", "e5:a1", "x", "-", ":",
                               "b1-c2", "e1:a2", "b1\u2013c2", "B1-C2", "b1-c2-d3", "a1xx", "\u0663"]))
    elif op == 1 and moves:
        moves.insert(rng.below(len(moves) + 1), rng.pick(moves))
    elif op == 2 and moves:
        moves.pop(rng.below(len(moves)))
    elif op == 3:
        return enc(text.replace(",", rng.pick(["\n", "\r\n", "\t", ";", ",,", " , ", ", ,"])))
    elif op == 4:
        moves = moves * (1 + rng.below(40))
    elif op == 5 and rng.chance(0.5):
        return enc(rng.pick([",", ", ", ",,"]) + text if rng.chance(0.5) else text + rng.pick([",", " ,", ",,"]))
    else:
        return flip_byte(rng, b)
    return enc(",".join(moves))


SPEC_OPTIONS = {b"--agent", b"--agents", b"--goats", b"--tigers", b"--player"}


def mutate_tokens(rng, tokens):
    tokens = list(tokens)
    r = rng.below(20)
    for _ in range(1 if r < 12 else 2 if r < 17 else 3):
        # Half the mutations go inside a value (a number, a spec, a position, moves), so
        # most runs get past the option parser.
        op = rng.pick([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 12, 13, 13, 13, 13, 14, 15])
        n = len(tokens)
        i = rng.below(n) if n else 0
        if op in (0, 1) and n:                       # a number, anywhere in a token, to a boundary value
            tokens[i] = mutate_number_inside(rng, tokens[i]) or enc(rng.pick(BOUNDARY))
        elif op == 2 and n:
            tokens[i] = flip_byte(rng, tokens[i])
        elif op == 3 and n:
            del tokens[i]
        elif op == 4 and n:
            tokens.insert(i, tokens[i])
        elif op in (5, 6):
            tokens.insert(rng.below(n + 1), enc(rng.pick(DICTIONARY)) if rng.chance(0.9) else rng.pick(RAW))
        elif op == 7 and n > 1:
            j = rng.below(n)
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == 8 and n:
            tokens[i] = tokens[i][:rng.below(len(tokens[i]) + 1)]
        elif op == 9 and n > 1:
            tokens = tokens[:1 + rng.below(n)]
        elif op == 10 and n:
            tokens[i] = enc(rng.pick(WEIRD)) if rng.chance(0.8) else tokens[i] + enc(rng.pick(WEIRD))
        elif op == 11 and n:                         # --k=v <-> --k v
            t = tokens[i]
            if t.startswith(b"--") and b"=" in t:
                k, _, v = t.partition(b"=")
                tokens[i:i + 1] = [k, v]
            elif t.startswith(b"--") and i + 1 < n:
                tokens[i:i + 2] = [t + b"=" + tokens[i + 1]]
        elif op in (12, 13):                         # mutate inside the value of an option
            opts = [j for j in range(n - 1) if tokens[j].startswith(b"--")]
            if not opts:
                continue
            j = rng.pick(opts) + 1
            key = tokens[j - 1]
            if key in SPEC_OPTIONS:
                tokens[j] = mutate_spec(rng, tokens[j])
            elif key == b"--position":
                tokens[j] = mutate_position(rng, tokens[j])
            elif key == b"--moves":
                tokens[j] = mutate_moves(rng, tokens[j])
            else:
                tokens[j] = mutate_number_inside(rng, tokens[j]) or enc(rng.pick(BOUNDARY + WEIRD))
        elif op == 14:                               # a whole option with a value from the dictionary
            tokens.insert(rng.below(n + 1), enc(rng.pick(OPTION_NAMES)))
            tokens.insert(rng.below(n + 2), enc(rng.pick(DICTIONARY)))
        elif op == 15 and n:
            tokens[0] = enc(rng.pick(COMMANDS))
    return tokens


# MARK: - The cost guard: keeps every run's budget small (a slow run is not a finding)

def as_int(b):
    try:
        t = b.decode("ascii")
    except UnicodeDecodeError:
        return None
    if not re.fullmatch(r"[-+]?[0-9]+", t):
        if re.fullmatch(r"0x[0-9a-fA-F]+", t):
            return int(t, 16)
        return None
    return int(t)


def as_float(b):
    try:
        x = float(b.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        return None
    return x


def option_values(tokens):
    """Every value of every --option, as bench would read it (conservatively: all of them)."""
    values = {}
    i = 1
    while i < len(tokens):
        t = tokens[i]
        if t.startswith(b"--"):
            if b"=" in t:
                k, _, v = t.partition(b"=")
                values.setdefault(k, []).append(v)
            else:
                j = i + 1
                while j < len(tokens) and not tokens[j].startswith(b"--"):
                    values.setdefault(t, []).append(tokens[j])
                    j += 1
                if j == i + 1:
                    values.setdefault(t, [])
        i += 1
    return values


def spec_params(b):
    text = b.decode("utf-8", "replace").strip()
    name, _, params = text.partition(":")
    out = {}
    for item in params.split(","):
        k, _, v = item.partition("=")
        out.setdefault(k, []).append(v.encode())
    return name, out


def spec_cost(b, coin):
    """A rough upper bound of one move's cost in microseconds (release build)."""
    name, p = spec_params(b)
    def ints(k):
        return [x for x in (as_int(v) for v in p.get(k, [])) if x is not None]
    def floats(k):
        return [x for x in (as_float(v) for v in p.get(k, [])) if x is not None]
    times = [t for t in floats("time") if t == t]
    if any(t > 0.002 for t in times):
        return 1e9
    threads = max(ints("threads") + [1])
    if name == "alphabeta" and not coin:
        depth = max(ints("depth") + [0]) or None
        nodes = max(ints("nodes") + [0]) or None
        if depth is None and nodes is None and not times:
            depth = 4
        if depth is None and nodes is None:
            return 2000 * threads
        if depth and depth > 90:
            return 20                                # refused: out of range
        cost = min(30 * 6 ** depth if depth else 1e18, 2 * nodes if nodes else 1e18)
        return cost * threads
    if name == "mcts":
        playouts = max(ints("playouts") + ints("iterations") + [0]) or (None if times else 1000)
        if playouts is None:
            return 2000 * threads
        rollout = max(ints("rollout") + [0]) if coin else 0
        per = (30 + 30 * rollout) if coin else 40
        return playouts * per * threads
    if name == "expectimax" and coin:
        depth = max(ints("depth") + [2])
        samples = max(ints("samples") + [8])
        width = max(ints("width") + [12])
        if depth > 4:
            return 1e9
        return 1.0 * (width * samples) ** depth
    return 20


def too_expensive(tokens, stdin):
    if not tokens:
        return True                                  # the default round robin: a minute
    cmd = tokens[0]
    v = option_values(tokens)
    coin = any(x.strip() == b"coin-sorter" for x in v.get(b"--game", []))
    def ints(k):
        return [x for x in (as_int(y) for y in v.get(k, [])) if x is not None]
    depths = ints(b"--depth")
    threads = max(ints(b"--threads") + [1])
    plylimit = max([x for x in ints(b"--ply-limit") if 0 < x <= 65535] + [300])
    if b"--help" in tokens or b"-h" in tokens:
        return False
    if cmd == b"perft":
        return any(4 < d <= 30 for d in depths)
    if cmd == b"benchmark":
        return not coin and (not depths or any(4 < d <= 30 for d in depths))
    if cmd == b"playouts":
        games = ints(b"--games")
        return not games or max(games) * plylimit > 3_000_000
    if cmd == b"search":
        return any(spec_cost(s, coin) > 300_000 for s in v.get(b"--agent", []))
    if cmd == b"tournament":
        agents = v.get(b"--agents", [])
        if len(agents) > 6:
            return True
        games = ints(b"--games")
        games = max(games) if games else (100 if coin else 20)
        pairings = len(agents) if coin else len(agents) * (len(agents) - 1) // 2
        plies = 10 if coin else plylimit
        cost = sum(spec_cost(a, coin) for a in agents) * games * max(pairings, 1) * plies / max(len(agents), 1)
        return cost > 1_500_000
    if cmd == b"play":
        lines = stdin.count(b"\n") + 1 if stdin else 1
        if coin:
            return sum(spec_cost(s, True) for s in v.get(b"--player", [])) * 10 > 1_500_000
        specs = v.get(b"--goats", []) + v.get(b"--tigers", [])
        if b"--tigers" not in v:
            specs.append(b"alphabeta:depth=5")
        both = all(s.strip() != b"human" for s in (v.get(b"--goats", [b"human"])[:1] + v.get(b"--tigers", [b"x"])[:1]))
        plies = plylimit if both else min(lines, plylimit)
        return sum(spec_cost(s, False) for s in specs if s.strip() != b"human") * plies > 1_500_000
    return False


# MARK: - Mutating tournament folders

TOTAL = {"tg": 4, "tg4": 12, "tgs": 8, "tgl": 2, "cs": 9}
INTS = [0, -1, 1, 2, 3, -2, 7, 63, 64, 65535, 65536, 2**31, 2**32, 2**53, 2**60, 2**62, 2**63 - 1, -2**63,
        2**63, 2**64, 2**64 - 1, 10**30]
FLOATS = [0.0, -0.0, -1.0, 1e308, -1e308, 1.7976931348623157e308, 5e-324, 1e-300, 0.5, 1.5, 1e20]


def json_value(rng, kind):
    r = rng.below(10)
    if r == 0:
        return rng.pick([None, True, False, "", "x", [], {}, "1-0", "\u0000", "\U0001F42F", "inf", "nan"])
    if kind == "float" and r < 5:
        return rng.pick(FLOATS)
    return rng.pick(INTS)


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()


def mutate_record(rng, rec, total):
    keys = ["format", "index", "pairing", "pair", "agents", "sides", "seed", "opening", "moves", "result",
            "outcome", "score", "times", "nodes", "playouts", "start"]
    for _ in range(1 + rng.below(3)):
        k = rng.pick(keys)
        op = rng.below(8)
        if op == 0:
            rec.pop(k, None)
        elif op == 1:
            rec[k] = json_value(rng, "float" if k == "times" else "int")
        elif k in ("times", "nodes", "playouts") and isinstance(rec.get(k), list):
            a = rec[k]
            if op == 2 and a:
                a[rng.below(len(a))] = json_value(rng, "float" if k == "times" else "int")
            elif op == 3:
                big = rng.pick([2**63 - 1, 2**62, -2**63, 2**63 - 2, 1e308, -1e308])
                rec[k] = [big if k != "times" or isinstance(big, float) else float(big) for _ in a]
            elif op == 4 and a:
                a.pop(rng.below(len(a)))
            else:
                a.append(json_value(rng, "float" if k == "times" else "int"))
        elif k in ("moves", "opening") and isinstance(rec.get(k), list):
            a = rec[k]
            if op == 2 and a:
                a.pop(rng.below(len(a)))
            elif op == 3 and a:
                i = rng.below(len(a))
                a.insert(i, a[i])
            elif op == 4 and a:
                a[rng.below(len(a))] = rng.pick(["a1-a2", "d4xd6", "b1-c2", "a1:c3", "", "x", "e1:a2",
                                                 "h8xh6", "\U0001F42F"])
            else:
                a.reverse()
        elif k in ("index", "pairing", "pair"):
            rec[k] = rng.pick([total, total - 1, total + 1, -1, 0, 1, 2**62, 2**63 - 1, -2**63, 2**63, 1.0, 1.5,
                               "0"])
        elif k == "result":
            rec[k] = rng.pick(["1-0", "0-1", "1/2-1/2", "*", "0", "-1", "9223372036854775807",
                               "9223372036854775808", "-9223372036854775808", "1e3", "", "½", "1-0 ", None, 1])
        elif k == "format":
            rec[k] = rng.pick([0, 1, 2, 3, -1, 2**63 - 1, "2", None])
        elif k == "agents" and isinstance(rec.get(k), list):
            rec[k] = rng.pick([[], rec[k][::-1], rec[k] + rec[k][:1], ["random"], ["x", "y"], [""], rec[k][:1] * 2])
        elif k == "sides":
            rec[k] = rng.pick([[], ["tigers", "goats"], ["player"], ["goats", "tigers"], ["goats"], None])
        elif k == "seed":
            seed = rec.get("seed") if isinstance(rec.get("seed"), int) else 0
            rec[k] = rng.pick([0, -1, 2**64 - 1, 2**64, 1.5, seed ^ 1, "1"])
        elif k == "start":
            rec[k] = rng.pick(TG_POSITIONS + CS_POSITIONS + ["", "x", "8/8/8/8/8/8/8/8 t 29"])
        elif k == "score":
            rec[k] = rng.pick([-3, 10**9, 0, 1, 2**63 - 1, None, "1"])
        elif k == "outcome":
            rec[k] = rng.pick(["goats win", "tigers win", "draw", "score 0", "score 1000000000", "unfinished", ""])
        else:
            rec[k] = rng.pick(["", "x" * 1000, "goats win", "score 1", None, 0])
    return rec


def mutate_log(rng, data, total):
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for _ in range(1 + rng.below(3)):
        op = rng.below(17)
        n = len(lines)
        i = rng.below(n) if n else 0
        if op in (0, 1, 2, 3, 4) and n:              # one field of one record
            try:
                rec = json.loads(lines[i])
                if isinstance(rec, dict):
                    lines[i] = dumps(mutate_record(rng, rec, total))
                    continue
            except ValueError:
                pass
            lines[i] = flip_byte(rng, lines[i])
        elif op == 5 and n:
            lines[i] = flip_byte(rng, lines[i])
        elif op == 6 and n:
            lines.insert(i, lines[i])                 # a record twice
        elif op == 7 and n:
            del lines[i]
        elif op == 8 and n > 1:
            j = rng.below(n)
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 9:
            lines.insert(rng.below(n + 1), rng.pick([b"", b" ", b"{}", b"null", b"[]", b"\r", b"{\"index\":0}",
                                                     b"\xff\xfe", b"\x00" * 10, b"x" * 3000, b"\xef\xbb\xbf{}"]))
        elif op == 10 and n:
            lines[i] = lines[i][:rng.below(len(lines[i]) + 1)]
        elif op == 11:
            return b"\r\n".join(lines) + b"\r\n"
        elif op == 12:
            out = b"\n".join(lines) + b"\n"
            return out[:rng.below(len(out) + 1)]    # a torn last line (or an empty log)
        elif op == 13:
            return b"\n".join(lines)                 # no final newline
        elif op == 14 and n and rng.chance(0.5):      # every record's counts at the limit
            for j in range(n):
                try:
                    rec = json.loads(lines[j])
                    k = rng.pick(["nodes", "playouts"])
                    rec[k] = [2**63 - 1] * len(rec.get("moves", []))
                    lines[j] = dumps(rec)
                except (ValueError, TypeError, AttributeError):
                    pass
        elif op == 15:
            return b"\xef\xbb\xbf" + b"\n".join(lines) + b"\n"
        elif op == 16 and n:
            lines[i] = duplicate_key(rng, lines[i])
    return b"\n".join(lines) + (b"\n" if lines else b"")


def duplicate_key(rng, line):
    """The line with one of its keys given a second time (the same value or another)."""
    try:
        rec = json.loads(line)
    except ValueError:
        return line
    if not isinstance(rec, dict) or not rec:
        return line
    key = rng.pick(sorted(rec))
    value = rec[key] if rng.chance(0.5) else json_value(rng, "int")
    extra = dumps({key: value})[1:-1]
    return (b"{" + extra + b"," + line[1:]) if rng.chance(0.5) else (line[:-1] + b"," + extra + b"}")


def mutate_config(rng, data):
    try:
        cfg = json.loads(data)
    except ValueError:
        return flip_byte(rng, data)
    if not isinstance(cfg, dict):
        return flip_byte(rng, data)
    for _ in range(1 + rng.below(2)):
        op = rng.below(12)
        if op == 0:
            cfg["games"] = rng.pick(INTS + [1.5, "4", None])
        elif op == 1:
            agents = cfg["agents"] if isinstance(cfg.get("agents"), list) else []
            cfg["agents"] = rng.pick([[], agents[:1], (agents or ["x"]) * 2, agents[::-1],
                                      ["random", "greedy", "x", "y", "z", "w"], ["alphabeta:depth=99"], None, "random"])
        elif op == 2:
            cfg["openingPlies"] = rng.pick(INTS)
        elif op == 3:
            cfg["plyLimit"] = rng.pick(INTS)
        elif op == 4:
            cfg["gauntlet"] = rng.pick([True, False, None, 1, "true"])
        elif op == 5:
            cfg["sprt"] = rng.pick([None, {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05},
                                    {"elo0": 0, "elo1": 0, "alpha": 0, "beta": 0},
                                    {"elo0": 10, "elo1": 0, "alpha": 1, "beta": 1},
                                    {"elo0": -1e308, "elo1": 1e308, "alpha": 5e-324, "beta": 0.5},
                                    {"elo0": 0, "elo1": 10, "alpha": -1, "beta": 2}, {}, 1])
        elif op == 6:
            cfg["game"] = rng.pick(["tigers-goats", "coin-sorter", "", "chess", None, 1])
        elif op == 7:
            cfg["seed"] = rng.pick([0, -1, 2**64 - 1, 2**64, 1.5, "1"])
        elif op == 8:
            cfg.pop(rng.pick(list(cfg.keys()) or ["game"]), None)
        elif op == 9:
            cfg["longRange"] = rng.pick([True, False, None, 0])
        elif op == 10:
            cfg["command"] = rng.pick(["", "\n" * 10, "x" * 100000, "<svg>&\"'", "\u202e\U0001F42F|"])
        else:
            return flip_byte(rng, dumps(cfg))
    return dumps(cfg)


def rewrite(path, change):
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(change(data))


def huge_schedule(rng, log, cfg):
    """A tournament.json whose schedule is huge (games near 2^40...2^62) and a record
    whose index lies far inside it: an index the schedule allows but no game has."""
    config = json.loads(open(cfg, "rb").read())
    games = rng.pick([2**40, 2**46, 2**52, 2**60, 2**61, 2**62 - 2, (2**63 - 1) // 6 * 2])
    config["games"] = games
    with open(cfg, "wb") as f:
        f.write(dumps(config))
    lines = open(log, "rb").read().split(b"\n")
    i = rng.below(max(1, len(lines) - 1))
    try:
        rec = json.loads(lines[i])
        # (Not a moderate index such as 2^36: the seen-games bit set would take 8 GB and
        # seconds to fill, a timeout rather than a quick trap.)
        rec["index"] = rng.pick([games - 1, games // 2, games - 2])
        lines[i] = dumps(rec)
    except (ValueError, TypeError, IndexError):
        pass
    with open(log, "wb") as f:
        f.write(b"\n".join(lines))


def mutate_folder(rng, folder, base, total):
    """Damages a copy of a base tournament folder: its log, its config, or its shape."""
    log, cfg = os.path.join(folder, "games.jsonl"), os.path.join(folder, "tournament.json")
    r = rng.below(22)
    if r < 10:
        rewrite(log, lambda d: mutate_log(rng, d, total))
    elif r < 16:
        rewrite(cfg, lambda d: mutate_config(rng, d))
        if rng.chance(0.5):
            rewrite(log, lambda d: mutate_log(rng, d, total))
    elif r == 16:
        huge_schedule(rng, log, cfg)
    elif r == 17:
        victim = rng.pick(["games.jsonl", "tournament.json", "summary.md", "summary.json", "summary.csv",
                           "ratings.svg", "scores.svg"])
        if rng.chance(0.5) and victim != "games.jsonl":
            rewrite(log, lambda d: mutate_log(rng, d, total))
        path = os.path.join(folder, victim)
        if os.path.exists(path):
            os.remove(path)
        if rng.chance(0.5):
            os.mkdir(path)                            # a folder where a file should be
    elif r == 18:
        for name in ("games.jsonl", "tournament.json"):
            if rng.chance(0.5):
                open(os.path.join(folder, name), "wb").close()
    elif r >= 20:                                     # a FIFO, a device, a link loop where a file should be
        special(os.path.join(folder, rng.pick(["games.jsonl", "games.jsonl", "tournament.json"])),
                rng.pick(SPECIALS))
    # r == 19: the folder unchanged


SPECIALS = ["fifo", "zero", "loop", "broken", "dir"]


def special(path, what):
    """Puts `what` at `path`: a FIFO, a link to /dev/zero, a link to itself, a broken link, a folder."""
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    if what == "fifo":
        os.mkfifo(path)
    elif what == "zero":
        os.symlink("/dev/zero", path)
    elif what == "loop":
        os.symlink(os.path.basename(path), path)
    elif what == "broken":
        os.symlink(os.path.basename(path) + ".missing", path)
    else:
        os.mkdir(path)


def copy_folder(src, dst):
    """shutil.copytree that keeps links as links and makes FIFOs anew (copying one would block)."""
    def copy(a, b):
        if stat.S_ISFIFO(os.lstat(a).st_mode):
            os.mkfifo(b)
        else:
            shutil.copy2(a, b)
    shutil.copytree(src, dst, symlinks=True, copy_function=copy)


def stdin_for(rng, kind):
    pool = STDIN_LINES
    lines = []
    if kind == "stdin-tg":
        lines = rng.pick([["b1-c2", "d4-d3"], ["c1-d2"], ["moves", "b1-c2", "undo", "undo", "quit"], []])
    elif kind == "stdin-cs":
        lines = rng.pick([["a1:c3", "e1:a2"], ["moves", "undo", "a1:b2"], []])
    for _ in range(rng.below(6)):
        lines.insert(rng.below(len(lines) + 1), rng.pick(pool))
    sep = rng.pick([b"\n", b"\n", b"\r\n", b"\r"])
    data = sep.join(enc(x) for x in lines)
    if rng.chance(0.7):
        data += sep
    if rng.chance(0.1):
        data = flip_byte(rng, data)
    return data


# MARK: - One case

class Case:
    def __init__(self, index, command, argv, stdin, base, folder_seed, expect=None, damage=None):
        self.index, self.command, self.argv, self.stdin = index, command, argv, stdin
        self.base, self.folder_seed = base, folder_seed
        # Hostile cases (issue 18): the exit statuses allowed, and the damage done to
        # the case's folder (a list of (what, arguments)) instead of mutate_folder.
        self.expect, self.damage = expect, damage


# MARK: - Hostile inputs (issue 18), each with the status it must end with

RESUME = {
    "tg": BASES["tg"] + ["--out", "{IN}", "--resume"],
    "cs": BASES["cs"] + ["--out", "{IN}", "--resume"],
}
HOSTILE_WHOLE = ["0x10", "0X2", "+5", "+0", " 5", "5 ", "\t5", "0x0"]
HOSTILE_REAL = ["+0.05", " 0.05", "0.05 ", "0x1p-5", "+5e-2"]
TINY_RATES = ["5e-324", "4.9e-324", "1e-320", "2.2e-308", "1e-10", "9.99e-10"]
MOVE_LISTS = {"tigers-goats": ["b1-c2", "d4-d3", "c1-d2"], "bagh-chal": ["c3", "a1-b2", "b1"],
              "coin-sorter": ["a1:c3", "b2:b4", "e1:a2"]}
SPRT_CMD = ["sprt", "--pentanomial", "0,3,27,20,0", "--elo0", "0", "--elo1", "10"]


def hostile_moves(rng):
    """A move list with an empty item: between two moves, or at either end."""
    game = rng.pick(sorted(MOVE_LISTS))
    moves = MOVE_LISTS[game][:1 + rng.below(3)]
    at = rng.below(len(moves) + 1)
    items = moves[:at] + [rng.pick(["", " ", "\t"])] + moves[at:]
    return game, rng.pick([",", ", ", " ,"]).join(items)


# MARK: - Agents and the agent protocol (issue 41), each with the status it must end with

# One agent for every misbehaviour, in Python (standard library): the first legal move,
# and the shape asked for by its MODE argument. It notes its pid, and those of the
# children it starts, in `pids` beside it.
FUZZ_AGENT = r"""
import os, subprocess, sys, time
mode = sys.argv[1]
rng_long = int(sys.argv[2]) if len(sys.argv) > 2 else 65588   # a line of 65,600 bytes: its newline crosses the limit
here = os.path.dirname(os.path.abspath(__file__))
def note(pid):
    with open(os.path.join(here, "pids"), "a") as f:
        f.write("%d\n" % pid)
note(os.getpid())
def out(text):
    sys.stdout.write(text)
    sys.stdout.flush()
ply, legal = 0, []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "protocol":
        out("name fuzz %s\noption name=greed type=real default=0.5 min=0 max=1\nwant legal\n%sok\n"
            % (mode, "want gameover\n" if mode == "gameover" else ""))
    elif words[0] == "newgame":
        ply = 0
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "gameover" and mode != "gameover":
        out("error a gameover line that was not asked for\n")
    elif words[0] == "go":
        ply += 1
        move = legal[0] if legal else "t@0,0"
        if mode == "long":
            out("info string " + "x" * 64988)        # the rest, and the newline, in the read that crosses the limit
            time.sleep(0.1)
            out("x" * (rng_long - 64988) + "\nmove %s\n" % move)
        elif mode == "blank":
            out("\n  \ninfo nodes=1\n\nmove %s\n\n \r\n" % move)
        elif mode == "stale" and ply == 1:
            out("move %s\n" % move)
            time.sleep(0.3)
            out("move %s\n" % move)
            time.sleep(0.3)
        elif mode == "holder" and ply == 1:
            note(subprocess.Popen(["sleep", "30"]).pid)
            os._exit(5)
        elif mode in ("setsid", "daemon") and ply == 1:
            if mode == "setsid":
                note(subprocess.Popen(["sleep", "30"], start_new_session=True, stdout=subprocess.DEVNULL).pid)
            elif os.fork() == 0:
                note(subprocess.Popen(["sleep", "30"], start_new_session=True, stdout=subprocess.DEVNULL).pid)
                os._exit(0)
            out("move %s\n" % move)
        else:
            out("move %s\n" % move)
    elif words[0] == "quit":
        break
"""
# The termination each mode's games must end with (the agent plays every game).
AGENT_MODES = {"good": "normal", "long": "protocol", "blank": "normal", "stale": "protocol", "holder": "crash",
               "setsid": "normal", "daemon": "normal", "gameover": "normal"}
RESERVED_NAMES = ["human", "random", "greedy", "alphabeta", "mcts", "expectimax", "oracle", "tablebase", "search",
                  "solver"]
SERVE_GAMES = {"bagh-chal": ("goats", '{"plyLimit":300}', "position start"),
               "tigers-goats": ("tigers", '{"longRange":false,"plyLimit":300}', "position start"),
               "coin-sorter": ("player", "{}", "position text " + CS_POSITIONS[0])}


def agent_case(rng):
    """A tournament of the fuzz agent in one MODE against random: exit 0, every game of
    the agent ended with its mode's termination, no process of it left after bench."""
    mode = rng.pick(sorted(AGENT_MODES))
    game = rng.pick(["bagh-chal", "bagh-chal", "tigers-goats", "coin-sorter"])
    entry = {"name": "fz", "command": ["python3", "agent.py", mode, str(rng.pick([65525, 65588, 66000, 70000]))],
             "timeout": 8, "margin": 0.5}
    files = [("write", "agent.py", FUZZ_AGENT.encode()), ("write", "agents.json", dumps([entry]))]
    agents = ["fz"] if game == "coin-sorter" else ["fz", "random"]
    tokens = ["tournament", "--game", game, "--agent-file", "agents.json", "--agents"] + agents + \
        ["--games", "2", "--threads", rng.pick(["1", "2"]), "--out", "{OUT}"]
    if game != "coin-sorter" and rng.chance(0.5):
        tokens += ["--ply-limit", "40"]
    return "tournament", tokens, b"", None, files + [("check-agent", "fz", AGENT_MODES[mode])], {0}


def agent_file_case(rng):
    """An agents file with a reserved name, a zero timeout or a value of the wrong type:
    a usage error (2) of one line, in the workbench's words."""
    entry = {"name": "fz", "command": ["python3", "agent.py", "good"]}
    r = rng.below(4)
    if r == 0:
        entry["name"] = rng.pick(RESERVED_NAMES)
    elif r == 1:
        entry[rng.pick(["timeout", "handshake"])] = rng.pick([0, 0.0, -0.0, -1])
    elif r == 2:
        wrong = {"name": [3, [1], {"a": 1}, None, True], "command": [3, "x", {"a": 1}, None, True, ["python3", 3]],
                 "dir": [3, [1], {"a": 1}, True], "options": [3, "x", [1], True],
                 "timeout": ["x", [1], {"a": 1}, True], "margin": ["x", [1], {"a": 1}, True],
                 "handshake": ["x", [1], {"a": 1}, True]}
        key = rng.pick(sorted(wrong))
        entry[key] = rng.pick(wrong[key])
    else:
        entry = rng.pick([{"name": "fz"}, [entry], 7, "agents"])
    files = [("write", "agent.py", FUZZ_AGENT.encode()), ("write", "agents.json", dumps([entry]))]
    cmd = rng.pick(["agents", "tournament", "search"])
    tokens = {"agents": ["agents", "--agent-file", "agents.json"],
              "tournament": ["tournament", "--game", "bagh-chal", "--agent-file", "agents.json", "--agents", "fz",
                             "random", "--games", "2"],
              "search": ["search", "--game", "bagh-chal", "--agent-file", "agents.json", "--agent", "fz"]}[cmd]
    return cmd, tokens, b"", None, files + [("check-words",)], {2}


def serve_case(rng):
    """`bench serve` given a newgame with a side or rule its game lacks, rules that are
    not an object, `moves` for a puzzle or a malformed gameover (2); or a good game with
    blank lines and gameover lines in it (0)."""
    game = rng.pick(sorted(SERVE_GAMES))
    side, rules, position = SERVE_GAMES[game]
    good = ["protocol 1", "newgame %s seed=%d side=%s rules=%s" % (game, rng.below(1000), side, rules), position,
            "go depth=1" if game != "coin-sorter" else "go"]
    end = "gameover result=%s termination=%s" % ("score" if game == "coin-sorter" else rng.pick(["win", "loss", "draw"]),
                                                 rng.pick(["normal", "time", "crash", "illegal", "protocol"]))
    bad = rng.below(7)
    lines = list(good)
    if bad == 0:
        lines[1] = lines[1].replace("side=" + side, "side=" + rng.pick(["lions", "player", "goats", "tigers", "", "GOATS"]))
        sides = {"player"} if game == "coin-sorter" else {"goats", "tigers"}
        expect = {0} if lines[1].split()[3][5:] in sides else {2}
    elif bad == 1:
        extra = rng.pick([e for e in ['"colour":1', '"level":2', '"plyLimit":0', '"plyLimit":"x"', '"longRange":1']
                          if e.split(":")[0] not in rules])
        lines[1] = lines[1].replace("rules=" + rules, "rules=" + ("{" + extra + "}" if rules == "{}" else rules[:-1] + "," + extra + "}"))
        expect = {2}
    elif bad == 2:
        lines[1] = lines[1].replace("rules=" + rules, "rules=" + rng.pick(["[1]", "1", "x", "{", '"{}"', "null"]))
        expect = {2}
    elif bad == 3 and game == "coin-sorter":
        lines.insert(3, "moves a1:c3")
        expect = {2}
    elif bad == 4:
        lines += [rng.pick(["gameover", "gameover result=won termination=normal", "gameover result=win",
                            "gameover termination=normal", "gameover result=win termination=late", "gameover x"])]
        expect = {2}
    else:                                             # good: blank lines, gameover, a second game
        lines += ["", "   ", end + rng.pick(["", " future=1"]), "\t"] + good[1:]
        expect = {0}
    data = "\n".join(lines + ["quit"]).encode() + b"\n"
    return "serve", ["serve", "--game", game, "--agent", rng.pick(["random", "greedy"])], data, None, [], expect


def hostile_case(rng):
    """(command, tokens, stdin, base, damage, expected statuses) of one hostile input."""
    kind = rng.below(10)
    if kind >= 7:                                     # agents and the agent protocol (issue 41)
        return [agent_case, agent_file_case, serve_case][kind - 7](rng)
    if kind == 0:                                     # an empty item in --moves
        game, moves = hostile_moves(rng)
        cmd = rng.pick(["replay", "search"])
        tokens = [cmd, "--game", game, "--moves", moves] + (["--agent", "random"] if cmd == "search" else [])
        return cmd, tokens, b"", None, None, {2}
    if kind == 1:                                     # a number in 0x, with a `+`, or a blank
        whole, real = rng.pick(HOSTILE_WHOLE), rng.pick(HOSTILE_REAL)
        tokens = rng.pick([
            ["replay", "--game", "coin-sorter", "--seed", whole],
            ["playouts", "--games", "1", "--seed", whole],
            ["perft", "--depth", whole.replace("5", "2").replace("10", "2")],
            ["search", "--agent", "random", "--seed", whole],
            ["tournament", "--agents", "random", "greedy", "--games", whole.replace("5", "2").replace("10", "2")],
            ["play", "--goats", "random", "--tigers", "random", "--seed", whole, "--record", "{RECORD}"],
            SPRT_CMD[:2] + [whole + ",3,27,20,0"] + SPRT_CMD[3:],
            SPRT_CMD + ["--alpha", real],
            SPRT_CMD[:3] + ["--elo0", real.replace("0.05", "0").replace("5e-2", "0")] + SPRT_CMD[5:],
            ["tournament", "--agents", "random", "greedy", "--games", "2", "--sprt", real + ",10,0.05,0.05"],
            ["solve", "--game", "bagh-chal", "--placement", whole.replace("10", "3")],
            ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1", "--c-end", real,
             "--out", "{OUT}"],
            ["tune", "--game", "coin-sorter", "--agent", "greedy", "--iterations", "1", "--bounds",
             "w.four=" + whole + ":9", "--out", "{OUT}"],
            # (Blanks separate the fields of position text, so only 0x and + are hostile there.)
            ["perft", "--depth", "1", "--position",
             "8/8/8/3G4/2GTG3/3G4/8/8 t " + (whole.replace("10", "0") if whole.strip() == whole else "+0")],
        ])
        return tokens[0], tokens, b"", None, None, {2}
    if kind == 2:                                     # SPRT error rates whose bounds would be infinite
        tiny = rng.pick(TINY_RATES)
        r = rng.below(3)
        if r == 0:
            return "sprt", SPRT_CMD + [rng.pick(["--alpha", "--beta"]), tiny] + (["--json"] if rng.chance(0.5) else []), \
                b"", None, None, {2}
        if r == 1:
            rates = [tiny, "0.05"] if rng.chance(0.5) else ["0.05", tiny]
            return "tournament", ["tournament", "--agents", "random", "greedy", "--games", "2", "--sprt",
                                  "0,10," + ",".join(rates), "--out", "{OUT}"], b"", None, None, {2}
        return "report", ["report", "--in", "{IN}"], b"", "tgs", [("sprt", float(tiny))], {1}
    if kind == 3:                                     # a log, config or record file that is not a regular file
        what = rng.pick(SPECIALS)
        r = rng.below(5)
        if r == 0:
            base = rng.pick(["tg", "cs"])
            return "report", ["report", "--in", "{IN}"], b"", base, \
                [("special", rng.pick(["games.jsonl", "tournament.json"]), what)], {1}
        if r == 1:
            base = rng.pick(["tg", "cs"])
            # A loop or broken link for tournament.json reads as "no tournament there" first (a usage error).
            target = rng.pick(["games.jsonl", "tournament.json"])
            expect = {1, 2} if target == "tournament.json" and what in ("loop", "broken") else {1}
            return "tournament", RESUME[base], b"", base, [("special", target, what)], expect
        if r == 2:
            play = rng.pick([["play", "--goats", "random", "--tigers", "random"], ["play", "--game", "coin-sorter",
                                                                                   "--player", "greedy"]])
            return "play", play + ["--record", "{RECORD}"], b"", None, [("special-record", what)], {1}
        if r == 3:
            return "solve", ["solve", "--game", "bagh-chal", "--out", "{RECORD}"], b"", None, \
                [("special-record", rng.pick(["fifo", "zero", "loop", "dir"]))], {1}
        return "grade", ["grade", "--game", "bagh-chal", "--agent", "random", "--positions", "1", "--tablebase",
                         "{RECORD}"], b"", None, [("special-record", rng.pick(["fifo", "zero", "loop", "dir"]))], {1}
    if kind == 4:                                     # a record line giving a key twice
        base = rng.pick(["tg", "cs", "tgs"])
        cmd = "report" if base == "tgs" or rng.chance(0.7) else "tournament"
        tokens = ["report", "--in", "{IN}"] if cmd == "report" else RESUME[base]
        return cmd, tokens, b"", base, [("duplicate", rng.next())], {1}
    # A record whose score, outcome or result contradict each other or the moves,
    # or that carries fields of the other kind of game.
    base = rng.pick(["tg", "cs"])
    edits = {"tg": ["outcome", "score", "result-outcome"],
             "cs": ["score", "outcome", "result-score", "pairing", "opening", "start", "sides"]}[base]
    cmd = "report" if rng.chance(0.7) else "tournament"
    tokens = ["report", "--in", "{IN}"] if cmd == "report" else RESUME[base]
    return cmd, tokens, b"", base, [("contradict", rng.pick(edits), rng.next())], {1}


def damage_folder(workdir, damage):
    """Applies a hostile case's damage (deterministic: made again for reruns and kept copies)."""
    folder = os.path.join(workdir, "in")
    for item in damage:
        what = item[0]
        if what == "write":
            with open(os.path.join(workdir, item[1]), "wb") as f:
                f.write(item[2])
        elif what.startswith("check-"):
            continue                                  # checked after the run (check_after)
        elif what == "special":
            special(os.path.join(folder, item[1]), item[2])
        elif what == "special-record":
            special(os.path.join(workdir, "records.jsonl"), item[1])
        elif what == "sprt":
            path = os.path.join(folder, "tournament.json")
            cfg = json.loads(open(path, "rb").read())
            cfg["sprt"] = {"elo0": 0, "elo1": 10, "alpha": item[1], "beta": 0.05}
            with open(path, "wb") as f:
                f.write(dumps(cfg))
        else:
            path = os.path.join(folder, "games.jsonl")
            lines = open(path, "rb").read().split(b"\n")
            if lines and lines[-1] == b"":
                lines.pop()
            rng = SplitMix64(item[-1])
            i = rng.below(len(lines))
            if what == "duplicate":
                rec = json.loads(lines[i])
                key = rng.pick(sorted(rec))
                value = rec[key] if rng.chance(0.5) else json_value(rng, "int")
                extra = dumps({key: value})[1:-1]
                lines[i] = (b"{" + extra + b"," + lines[i][1:]) if rng.chance(0.5) else (lines[i][:-1] + b"," + extra + b"}")
            else:
                lines[i] = dumps(contradict(json.loads(lines[i]), item[1], rng))
            with open(path, "wb") as f:
                f.write(b"\n".join(lines) + b"\n")


def contradict(rec, edit, rng):
    """`rec` with one redundant field made to disagree (the record otherwise intact)."""
    if edit == "outcome":
        words = ["goats win", "tigers win", "draw", "score 0", "unfinished"] if "score" not in rec else \
            ["score %d" % rng.pick([-3, 10**9, rec["score"] + 1]), "goats win", "unfinished"]
        rec["outcome"] = rng.pick([w for w in words if w != rec["outcome"]])
    elif edit == "score":
        rec["score"] = rng.pick([-3, 10**9, rec.get("score", 0) + 1]) if "score" in rec else rng.pick([0, 1, -3])
    elif edit == "result-outcome":                    # both copies agree, the moves do not
        other = {"1-0": ("0-1", "tigers win"), "0-1": ("1-0", "goats win"), "1/2-1/2": ("1-0", "goats win")}
        rec["result"], rec["outcome"] = other[rec["result"]]
    elif edit == "result-score":
        s = rng.pick([-3, 10**9, rec["score"] + 1])
        rec["result"], rec["score"], rec["outcome"] = str(s), s, "score %d" % s
    elif edit == "pairing":
        rec["pairing"], rec["pair"] = 0, 0
    elif edit == "opening":
        rec["opening"] = ["a1:b2"]
    elif edit == "start":
        rec["start"] = CS_POSITIONS[0]
    elif edit == "sides":
        rec["sides"] = ["goats", "tigers"]
    return rec


def make_case(seed, index):
    rng = case_rng(seed, index)
    if rng.below(6) == 0:
        command, tokens, stdin, base, damage, expect = hostile_case(rng)
        return Case(index, command, [enc(t) for t in tokens], stdin, base, rng.next(), expect, damage)
    command, tokens, setup = rng.pick(SEEDS)
    tokens = [enc(t) for t in tokens]
    base = setup if setup in BASES else None
    stdin = b""
    if setup and setup.startswith("stdin"):
        stdin = stdin_for(rng, setup)
    elif command == "play" and rng.chance(0.5):
        stdin = stdin_for(rng, "stdin-tg")
    argv = tokens
    # One case in ten runs its seed unchanged; a damaged folder mostly with its seed's command.
    mutate = rng.below(10) > (6 if base else 0)
    for _ in range(20):
        candidate = mutate_tokens(rng, tokens) if mutate else tokens
        if not too_expensive(candidate, stdin):
            argv = candidate
            break
    else:
        argv = tokens
    if base is None and rng.chance(0.05):
        base = rng.pick(sorted(BASES))               # a folder to point --in/--out at, undamaged or not
    return Case(index, command, argv, stdin, base, rng.next())


def setup_case(case, workdir, basedir):
    """Makes the case's folder: {OUT}, {RECORD}, {IN} resolve inside it."""
    os.makedirs(workdir, exist_ok=True)
    if case.base:
        copy_folder(os.path.join(basedir, case.base), os.path.join(workdir, "in"))
        if case.damage is not None:
            pass
        elif b"report" in case.argv[:1] or case.folder_seed % 3 != 0:
            mutate_folder(SplitMix64(case.folder_seed), os.path.join(workdir, "in"), case.base,
                          TOTAL[case.base])
    if case.damage is not None:
        damage_folder(workdir, case.damage)
    argv = []
    for t in case.argv:
        t = t.replace(b"{OUT}", b"out").replace(b"{RECORD}", b"records.jsonl").replace(b"{IN}", b"in")
        argv.append(t)
    return argv


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def check_after(case, workdir, status, err):
    """The problems the protocol cases' own checks find (issue 41)."""
    problems = []
    for item in case.damage or []:
        if item[0] == "check-agent":
            pids_path = os.path.join(workdir, "pids")
            pids = [int(x) for x in open(pids_path).read().split()] if os.path.exists(pids_path) else []
            deadline = time.monotonic() + 2
            left = [p for p in pids if alive(p)]
            while left and time.monotonic() < deadline:
                time.sleep(0.02)
                left = [p for p in pids if alive(p)]
            if left:
                problems.append("agent processes outlived bench: %s" % left)
            if status == 0:
                log = os.path.join(workdir, "out", "games.jsonl")
                for line in (open(log, "rb").read().splitlines() if os.path.exists(log) else []):
                    rec = json.loads(line)
                    if item[1] in rec["agents"] and rec.get("termination", "normal") != item[2]:
                        problems.append("game %d of %s ended '%s', expected '%s' (%s)" % (
                            rec["index"], item[1], rec.get("termination", "normal"), item[2], rec.get("reason", "")))
                        break
        elif item[0] == "check-words" and status == 2:
            text = err.decode("utf-8", "replace")
            for words in ("Expected to decode", "Swift.", "Array<", "Dictionary<", "codingPath", "agent 'fz': agent 'fz'"):
                if words in text:
                    problems.append("a message with the decoder's words or a doubled prefix: %r" % text.strip())
            # A context said twice ("tune: tune: ...") or an agent named twice at the start.
            if re.search(r"(?:^|: )([\w-]+): \1: ", text) or re.search(r"agent '[^']*': agent '", text):
                problems.append("a message with a doubled prefix: %r" % text.strip())
    return problems


def digest(path):
    try:
        st = os.lstat(path)
    except OSError as e:
        return "missing:%s" % e.errno
    if stat.S_ISLNK(st.st_mode):                      # never followed: it may be a loop or /dev/zero
        return "link:%s" % os.readlink(path)
    if not stat.S_ISREG(st.st_mode):
        return "special:%o" % stat.S_IFMT(st.st_mode)
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError as e:
        return "unreadable:%s" % e.errno


SAFE = re.compile(rb"^[A-Za-z0-9_./:=,+@%-]+$")


def shq(b):
    """A token as bash reads it back exactly: plain, '...', or $'...' for other bytes."""
    if b and SAFE.match(b):
        return b.decode()
    if all(32 <= c < 127 for c in b) and b"'" not in b:
        return "'" + b.decode() + "'"
    out = "$'"
    for c in b:
        if c == 0x27 or c == 0x5C:
            out += "\\" + chr(c)
        elif 32 <= c < 127:
            out += chr(c)
        else:
            out += "\\x%02x" % c
    return out + "'"


# MARK: - Running

def limits():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    try:
        with open("/proc/meminfo") as f:
            total = int(f.readline().split()[1]) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (total, total))
    except (OSError, ValueError):
        pass


# The main runs skip Swift's backtracer (it takes half a second per crash); a finding
# is run again with it on (explain).
QUIET = dict(os.environ, SWIFT_BACKTRACE="enable=no")


def run_case(case, bench, workdir, basedir, timeout):
    argv = setup_case(case, workdir, basedir)
    watched = [os.path.join(workdir, "in", n) for n in ("games.jsonl", "tournament.json")] if case.base else []
    before = [digest(p) for p in watched]
    t0 = time.monotonic()
    try:
        p = subprocess.run([bench] + argv, input=case.stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           cwd=workdir, timeout=timeout, env=QUIET)
        status, out, err, timed_out = p.returncode, p.stdout, p.stderr, False
    except subprocess.TimeoutExpired as e:
        status, out, err, timed_out = None, e.stdout or b"", e.stderr or b"", True
    seconds = time.monotonic() - t0
    after = [digest(p) for p in watched]
    problems = []
    if timed_out:
        # Once more with a longer limit, to tell a slow run (a busy machine) from a hang.
        again = os.path.join(workdir, "again")
        rerun = setup_case(case, again, basedir)
        t1 = time.monotonic()
        try:
            subprocess.run([bench] + rerun, input=case.stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           cwd=again, timeout=6 * timeout)
            problems.append("timeout after %g s (a rerun finished in %.1f s: slow, not hung)"
                            % (timeout, time.monotonic() - t1))
        except subprocess.TimeoutExpired:
            problems.append("timeout after %g s (and again after %g s)" % (timeout, 6 * timeout))
    elif status < 0:
        problems.append("killed by signal %d (%s)" % (-status, signal.Signals(-status).name
                                                        if -status in signal.valid_signals() else "?"))
    elif status not in (0, 1, 2):
        problems.append("exit status %d" % status)
    elif status in (1, 2):
        if not (err.startswith(b"bench: ") and err.endswith(b"\n") and err.count(b"\n") == 1):
            problems.append("exit %d without exactly one 'bench:' line on stderr (%d lines)"
                            % (status, err.count(b"\n")))
    if case.expect is not None and not timed_out and status >= 0 and status not in case.expect:
        problems.append("hostile input ended with exit %d, expected %s" % (status, "/".join(map(str, sorted(case.expect)))))
    if not timed_out and status >= 0:
        problems += check_after(case, workdir, status, err)
    cmd = argv[0] if argv else b""
    if watched and (cmd == b"report" or (case.expect is not None and status in (1, 2))):
        # report only reads the log and the config; a refused hostile input changes nothing
        for path, a, b in zip(watched, before, after):
            if a != b:
                problems.append("report changed %s (sha256 %s -> %s)" % (os.path.basename(path), a[:12], b[:12]))
    return {"status": "timeout" if timed_out else status, "problems": problems, "stderr": err,
            "stdout": out[-2000:], "argv": argv, "seconds": seconds}


RUNTIME = re.compile(r"(Swift runtime failure: [a-z ]+[a-z]|Fatal error: [^\n]*)")
FAILURE = re.compile(r"Program crashed: ([A-Za-z ]+[a-z])")
FRAME = re.compile(r"(Sources/[^\s:]+\.swift:\d+)")


def explain(case, bench, keep, argv, timeout, problems):
    """Runs a finding again on a copy of its folder with the backtracer on: whether it
    reproduces, and a signature of its cause (the failure and the first source frame)."""
    scratch = keep.rstrip("/") + ".verify"
    shutil.rmtree(scratch, ignore_errors=True)
    copy_folder(keep, scratch)
    env = dict(os.environ, SWIFT_BACKTRACE="enable=yes,color=no,interactive=no")
    try:
        p = subprocess.run([bench] + argv, input=case.stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           cwd=scratch, timeout=6 * timeout, env=env)
        status, err = p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        status, err = "timeout", ""
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    with open(os.path.join(keep, "stderr-backtrace.txt"), "w") as f:
        f.write(err)
    failure = RUNTIME.search(err) or FAILURE.search(err)
    frames = [f for f in FRAME.findall(err)]
    if status == "timeout":
        sig = "timeout"
    elif isinstance(status, int) and status < 0:
        what = re.sub(r" (in \S+ )?at$", "", failure.group(1).strip()) if failure else "?"
        sig = "signal %d: %s at %s" % (-status, what, frames[0] if frames else "?")
    elif isinstance(status, int) and status not in (0, 1, 2):
        sig = "exit %d" % status
    else:
        sig = "exit %s: %s" % (status, err.strip().splitlines()[0][:120] if err.strip() else "(no stderr)")
        if any(p.startswith("timeout") for p in problems):
            sig = "timeout, then on a rerun " + sig
        elif any("changed" in p for p in problems):
            sig = "a file changed; " + sig
        elif status in (1, 2):
            sig = "more than one line on stderr; %s" % sig
    sig = re.sub(r"\d{4,}", "N", sig)                # the same cause whatever the sizes
    return sig, "yes (status %s)" % status if status not in (0, 1, 2) else "status %s on a rerun" % status


def reproduce_line(case, bench, folder, argv):
    line = "cd %s && %s %s" % (shq(folder.encode()), shq(bench.encode()), " ".join(shq(a) for a in argv))
    if case.stdin:
        line += " < stdin.txt"
    else:
        line += " < /dev/null"
    return line


def build_bases(bench, basedir):
    os.makedirs(basedir, exist_ok=True)
    for name, args in sorted(BASES.items()):
        out = os.path.join(basedir, name)
        if os.path.exists(out):
            shutil.rmtree(out)
        subprocess.run([bench] + args + ["--out", out], check=True, stdout=subprocess.DEVNULL)


def main():
    bench = os.path.abspath(os.environ.get("BENCH", ".build/release/bench"))
    seed = int(os.environ.get("SEED", "1"), 0)
    count = int(os.environ.get("COUNT", "100000"))
    start = int(os.environ.get("START", "0"))
    jobs = int(os.environ.get("JOBS", str(os.cpu_count() or 2)))
    timeout = float(os.environ.get("TIMEOUT", "10"))
    keep_per_cause = int(os.environ.get("KEEP", "20"))
    show = os.environ.get("CASES")
    if show:
        for i in (int(x) for x in show.split(",")):
            c = make_case(seed, i)
            print("case %d (%s, folder %s): bench %s%s" % (i, c.command, c.base or "-",
                                                           " ".join(shq(a) for a in c.argv),
                                                           "  <<< " + repr(c.stdin) if c.stdin else ""))
        return 0
    work = os.environ.get("WORK") or tempfile.mkdtemp(prefix="bench-fuzz.")
    os.makedirs(work, exist_ok=True)
    basedir = os.path.join(work, "base")
    findings_dir = os.path.join(work, "findings")
    os.makedirs(findings_dir, exist_ok=True)
    findings_file = os.path.join(work, "fuzz-findings.txt")
    open(findings_file, "w").close()
    print("fuzz: bench %s, SEED=%d, cases %d..<%d, %d jobs, timeout %g s" % (bench, seed, start, start + count,
                                                                          jobs, timeout))
    print("fuzz: work folder %s" % work, flush=True)
    limits()                                          # inherited by every run: no core files, no more memory than the machine has
    build_bases(bench, basedir)

    lock = threading.Lock()
    by_status, by_command, findings, causes, seconds_by_command = {}, {}, [], {}, {}
    hostile_by_status = {}
    harness_errors = []
    done = [0]
    slowest = []
    t0 = time.monotonic()

    def one(i):
        try:
            one_case(i)
        except Exception:                             # a bug of this script: said, counted, and the run goes on
            import traceback
            with lock:
                harness_errors.append(i)
                print("fuzz: case %d: error in fuzz.py:\n%s" % (i, traceback.format_exc()), flush=True)

    def one_case(i):
        case = make_case(seed, i)
        slot = os.path.join(work, "run", "case-%d" % i)
        try:
            r = run_case(case, bench, slot, basedir, timeout)
        finally:
            shutil.rmtree(slot, ignore_errors=True)
        finding = signature = None
        if r["problems"]:
            # The case again, in a folder kept for the reproducer (its setup is deterministic),
            # then run once more on a scratch copy with the backtracer on, for the cause.
            keep = os.path.join(findings_dir, "case-%d" % i)
            shutil.rmtree(keep, ignore_errors=True)
            argv = setup_case(case, keep, basedir)
            if case.stdin:
                with open(os.path.join(keep, "stdin.txt"), "wb") as f:
                    f.write(case.stdin)
            signature, again = explain(case, bench, keep, argv, timeout, r["problems"])
            err_lines = r["stderr"].decode("utf-8", "replace").splitlines()
            with lock:
                seen = len(causes.get(signature, []))
            if seen < keep_per_cause:
                finding = ("case %d: %s\n  cause: %s\n  reproduces: %s\n  repro: %s\n"
                           "  (or: SEED=%d START=%d COUNT=1 benchmarks/fuzz.sh)\n  stderr: %s\n") % (
                    i, "; ".join(r["problems"]), signature, again, reproduce_line(case, bench, keep, argv), seed,
                    i, "\n          ".join(repr(x)[:400] for x in err_lines[:4]) or "(empty)")
            else:
                # Enough reproducers of this cause are kept; this one can be made again.
                shutil.rmtree(keep, ignore_errors=True)
                finding = "case %d: %s\n  cause: %s (folder not kept: SEED=%d START=%d COUNT=1 benchmarks/fuzz.sh)\n" % (
                    i, "; ".join(r["problems"]), signature, seed, i)
        cmd = case.argv[0].decode("utf-8", "replace") if case.argv else "(none)"
        if cmd not in ("benchmark", "perft", "replay", "playouts", "search", "tournament", "report", "play", "help",
                       "sprt", "tune", "solve", "grade", "serve", "agents", "--help", "-h"):
            cmd = "(other: %s seed)" % case.command
        with lock:
            by_status[r["status"]] = by_status.get(r["status"], 0) + 1
            if case.expect is not None:
                hostile_by_status[r["status"]] = hostile_by_status.get(r["status"], 0) + 1
            per = by_command.setdefault(cmd, {})
            per[r["status"]] = per.get(r["status"], 0) + 1
            seconds_by_command[cmd] = seconds_by_command.get(cmd, 0) + r["seconds"]
            slowest.append((r["seconds"], i))
            slowest.sort(reverse=True)
            del slowest[5:]
            if finding:
                findings.append(finding)
                causes.setdefault(signature, []).append(i)
                with open(findings_file, "a") as f:
                    f.write(finding + "\n")
                if len(causes[signature]) <= keep_per_cause:
                    print(finding, flush=True)
            done[0] += 1
            if done[0] % 5000 == 0:
                print("fuzz: %d/%d runs, %d findings, %.0f s" % (done[0], count, len(findings),
                                                                 time.monotonic() - t0), flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, range(start, start + count)))
    shutil.rmtree(os.path.join(work, "run"), ignore_errors=True)
    wall = time.monotonic() - t0

    def fmt(d):
        return ", ".join("%s: %d" % (k, d[k]) for k in sorted(d, key=lambda x: (isinstance(x, str), str(x))))
    print("")
    print("fuzz summary: %d runs in %.0f s (SEED=%d, cases %d..<%d)" % (done[0], wall, seed, start, start + count))
    print("  by exit status: " + fmt(by_status))
    print("  hostile inputs (issue 18, each with its expected status): %d (%s)"
          % (sum(hostile_by_status.values()), fmt(hostile_by_status)))
    print("  by command:")
    for cmd in sorted(by_command):
        n = sum(by_command[cmd].values())
        print("    %-28s %6d  %5.0f ms/run  (%s)" % (cmd, n, 1000 * seconds_by_command[cmd] / n, fmt(by_command[cmd])))
    print("  slowest runs: " + ", ".join("case %d %.2f s" % (i, s) for s, i in slowest))
    if harness_errors:
        print("  cases not run (errors in fuzz.py): %d (%s)" % (len(harness_errors), ", ".join(map(str, harness_errors[:10]))))
    print("  findings: %d (each with its reproducer in %s)" % (len(findings), findings_file))
    for sig in sorted(causes, key=lambda k: -len(causes[k])):
        cases = causes[sig]
        print("    %5d x %s   (cases %s%s)" % (len(cases), sig, ", ".join(map(str, sorted(cases)[:8])),
                                              ", ..." if len(cases) > 8 else ""))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
