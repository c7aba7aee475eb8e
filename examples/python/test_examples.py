#!/usr/bin/env python3
"""Self-test of the example agents (standard library only).

    python3 examples/python/test_examples.py        (or: python3 -m unittest test_examples)

Each agent runs as a subprocess and is spoken to as docs/protocol.md says. The legal
moves sent come from the small reference move generators below, which are checked
against the perft counts of docs/rules.md first.
"""
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = {"tigers-goats": "tigers_goats_agent.py", "bagh-chal": "bagh_chal_agent.py",
           "coin-sorter": "coin_sorter_agent.py"}
RULES = {"tigers-goats": '{"longRange":false,"plyLimit":300}', "bagh-chal": '{"plyLimit":300}',
         "coin-sorter": "{}"}
TEXTS = {"tigers-goats": ("GGGGGGGG/G6G/G6G/G2TT2G/G3T2G/G2T3G/G1G4G/G1GGGGGG g 0", "goats"),
         "bagh-chal": ("T3T/5/2G2/1T3/1G2T t 18 0", "tigers")}  # examples of docs/formats.md
RESERVED = {"time", "depth", "nodes", "playouts", "timeout", "margin"}
TIMEOUT = 10.0  # seconds for any one reply (the workbench's default move timeout)


# ---------------------------------------------------------------------------
# A running agent


class AgentProcess:
    def __init__(self, game, hash_seed="0"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)  # set order must not matter
        env.pop("PYTHONUNBUFFERED", None)  # the agent must flush by itself
        self.proc = subprocess.Popen(
            [sys.executable, os.path.join(HERE, SCRIPTS[game])], cwd=os.path.dirname(HERE),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.lines, self.stderr = queue.Queue(), []
        self.readers = [threading.Thread(target=self._read, daemon=True),
                        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True)]
        for reader in self.readers:
            reader.start()

    def _read(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8"))
        self.lines.put(None)  # end of output

    def send(self, *lines, end="\n"):
        for line in lines:
            self.proc.stdin.write((line + end).encode("utf-8"))
        self.proc.stdin.flush()

    def read(self):
        try:
            line = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError("no reply within %s s; stderr: %r" % (TIMEOUT, self.stderr[-5:]))
        if line is None:
            raise AssertionError("the agent closed its output; stderr: %r" % self.stderr[-5:])
        assert line.endswith("\n"), line
        return line.rstrip("\r\n").strip()

    def handshake(self, version="1"):
        self.send("protocol " + version)
        lines = [self.read()]
        while lines[-1] != "ok" and not lines[-1].startswith("error"):
            lines.append(self.read())
        return lines

    def go(self, go="go depth=1"):
        """Sends `go`; returns the move and the info lines before it."""
        self.send(go)
        infos = []
        line = self.read()
        while not line.startswith("move "):
            assert re.match(r"info( |$)", line), "not info or move: %r" % line
            for item in line.split(" string ")[0].split()[1:]:  # key=number before `string`
                key, _, value = item.partition("=")
                assert key in ("nodes", "playouts", "depth", "value"), line
                assert re.fullmatch(r"-?(\d+\.?\d*|\.\d+)([eE]-?\d+)?", value), line
            infos.append(line)
            line = self.read()
        words = line.split()
        assert len(words) == 2, line
        return words[1], infos

    def quit(self):
        self.send("quit")
        try:
            code = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("still running 1 s after quit")
        assert self.lines.get(timeout=1.0) is None, "output after quit"
        return code

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for reader in self.readers:
            reader.join(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except BrokenPipeError:
                pass


# ---------------------------------------------------------------------------
# Reference move generators, in the engine's order (docs/rules.md)

KING = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]  # N NE E SE S SW W NW
ROOK = KING[0::2]


def parse_board(field, size):
    board = {}
    for row, rank in enumerate(field.split("/")):
        cells = "".join("." * int(ch) if ch.isdigit() else ch for ch in rank)
        board.update({(f, size - 1 - row): ch for f, ch in enumerate(cells) if ch != "."})
    return board


def name(p):
    return "abcdefgh"[p[0]] + str(p[1] + 1)


def point(text):
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


class HuntGame:
    """Tigers & Goats (size 8) or Bagh-Chal (size 5): board {(file, rank): piece}, side 'g'/'t'."""

    def __init__(self, size, text):
        fields = text.split()
        self.size, self.board, self.side = size, parse_board(fields[0], size), fields[1]
        self.in_hand = int(fields[2]) if size == 5 else 0
        self.captures = int(fields[-1])

    def index(self, p):
        return self.size * p[1] + p[0]

    def empty(self, p):
        return 0 <= p[0] < self.size and 0 <= p[1] < self.size and p not in self.board

    def directions(self, p):  # goat steps; in Bagh-Chal also every line through p
        if self.size == 8:
            return KING
        return KING if (p[0] + p[1]) % 2 == 0 else ROOK

    def pieces(self, piece):
        return sorted((p for p, x in self.board.items() if x == piece), key=self.index)

    def legal(self):
        if self.captures >= (4 if self.size == 8 else 5):
            return []
        if self.side == "g" and self.in_hand:
            return [name(p) for p in sorted(
                ((f, r) for f in range(5) for r in range(5)), key=self.index) if self.empty(p)]
        if self.side == "g":
            return [name(p) + "-" + name((p[0] + dx, p[1] + dy)) for dx, dy in KING
                    for p in self.pieces("G")
                    if (dx, dy) in self.directions(p) and self.empty((p[0] + dx, p[1] + dy))]
        moves = []
        for p in self.pieces("T"):
            jumps, steps = [], []
            for dx, dy in (ROOK if self.size == 8 else self.directions(p)):
                q = (p[0] + dx, p[1] + dy)
                beyond = (q[0] + dx, q[1] + dy)
                if self.board.get(q) == "G" and self.empty(beyond):
                    jumps.append(beyond)
                while self.empty(q):
                    steps.append(q)
                    q = (q[0] + dx, q[1] + dy)
                    if self.size == 5:
                        break  # Bagh-Chal tigers step one point
            moves += [name(p) + "x" + name(q) for q in sorted(jumps, key=self.index)]
            moves += [name(p) + "-" + name(q) for q in sorted(steps, key=self.index)]
        return moves

    def play(self, move):
        after = HuntGame.__new__(HuntGame)
        after.__dict__.update(self.__dict__, board=dict(self.board))
        if "-" not in move and "x" not in move:
            after.board[point(move)] = "G"
            after.in_hand -= 1
        else:
            a, b = (point(s) for s in move.replace("x", "-").split("-"))
            after.board[b] = after.board.pop(a)
            if "x" in move:
                del after.board[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)]
                after.captures += 1
        after.side = "t" if self.side == "g" else "g"
        return after

    def capture_possible(self):  # for the side to move
        return any("x" in m for m in self.legal())


def tigers_goats(text="GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0"):
    return HuntGame(8, text)


def bagh_chal(text="T3T/5/5/5/T3T g 20 0"):
    return HuntGame(5, text)


def perft(position, depth):
    if depth == 0:
        return 1
    return sum(perft(position.play(m), depth - 1) for m in position.legal())


LINES = [[5 * r + c for c in range(5)] for r in range(5)] + [[5 * r + c for r in range(5)] for c in range(5)]
SWAPS = [(a, b) for a in range(25) for b in range(a + 1, 25)]


def cell_name(i):
    return "abcde"[i % 5] + str(i // 5 + 1)


def complete_lines(coins):
    return [line for line in LINES if len(set(coins[i] for i in line)) == 1]


class CoinSorter:
    def __init__(self, rng):
        self.rng, self.coins, self.turns, self.score = rng, [rng.choice("TSC") for _ in range(25)], 10, 0
        self.settle(scoring=False)

    def settle(self, scoring):
        lines = complete_lines(self.coins)
        while lines:
            self.score += len(lines) if scoring else 0
            for line in lines:
                for i in line:
                    self.coins[i] = self.rng.choice("TSC")
            lines = complete_lines(self.coins)

    def text(self):
        rows = "".join(self.coins)
        return "/".join(rows[i:i + 5] for i in range(0, 25, 5)) + " %d %d" % (self.turns, self.score)

    def legal(self):
        return [cell_name(a) + ":" + cell_name(b) for a, b in SWAPS] if self.turns else []

    def play(self, swap):
        a, b = (5 * (int(c[1]) - 1) + ord(c[0]) - ord("a") for c in swap.split(":"))
        self.coins[a], self.coins[b] = self.coins[b], self.coins[a]
        self.turns -= 1
        self.settle(scoring=True)


def lines_completed_by(coins, swap):
    a, b = (5 * (int(c[1]) - 1) + ord(c[0]) - ord("a") for c in swap.split(":"))
    after = list(coins)
    after[a], after[b] = after[b], after[a]
    return len(complete_lines(after))


# ---------------------------------------------------------------------------
# Driving whole games


def play_two_player(agent, game, seed, side, opponent_seed, plies=100, greed=None, check=None):
    """One game against a seeded random mover; returns the moves. `check(position, move)`
    is called for every move of the agent."""
    if greed is not None:
        agent.send("set greed %s" % greed)
    agent.send("newgame %s seed=%d side=%s rules=%s" % (game, seed, side, RULES[game]))
    position = tigers_goats() if game == "tigers-goats" else bagh_chal()
    opponent, moves = random.Random(opponent_seed), []
    while len(moves) < plies and position.legal():
        legal = position.legal()
        if position.side == side[0]:
            agent.send("position start")
            if moves:
                agent.send("moves " + " ".join(moves))
            agent.send("legal " + " ".join(legal))
            move, _ = agent.go("go depth=1" if len(moves) % 2 else "go")
            assert move in legal, "%s not legal after %s" % (move, moves)
            if check:
                check(position, move)
        else:
            move = opponent.choice(legal)
        moves.append(move)
        position = position.play(move)
    return moves


def play_coin_sorter(agent, seed, deal_seed, greed=None, four=None, check=None):
    """One deal; returns (swaps, score)."""
    for key, value in (("greed", greed), ("four", four)):
        if value is not None:
            agent.send("set %s %s" % (key, value))
    agent.send("newgame coin-sorter seed=%d side=player rules={}" % seed)
    puzzle, swaps = CoinSorter(random.Random(deal_seed)), []
    while puzzle.legal():
        agent.send("position text " + puzzle.text(), "legal " + " ".join(puzzle.legal()))
        swap, _ = agent.go("go playouts=10 clock=5 inc=0.1 future=yes")  # unknown keys ignored
        assert swap in puzzle.legal(), swap
        if check:
            check(list(puzzle.coins), swap)
        swaps.append(swap)
        puzzle.play(swap)
    return swaps, puzzle.score


# ---------------------------------------------------------------------------
# The tests


class ReferenceGenerators(unittest.TestCase):
    def test_perft_matches_rules_md(self):
        self.assertEqual([perft(tigers_goats(), d) for d in (1, 2, 3)], [68, 1080, 74360])
        self.assertEqual([perft(bagh_chal(), d) for d in (1, 2, 3, 4)], [21, 252, 5052, 68204])
        boxed = tigers_goats("8/8/8/3G4/2GTG3/3G4/8/8 t 0")
        self.assertEqual(sorted(boxed.legal()), sorted(["d4xb4", "d4xf4", "d4xd2", "d4xd6"]))


class AgentTestCase(unittest.TestCase):
    def start(self, game, hash_seed="0"):
        agent = AgentProcess(game, hash_seed)
        self.addCleanup(agent.close)
        return agent

    def started(self, game, hash_seed="0"):
        agent = self.start(game, hash_seed)
        self.assertEqual(agent.handshake()[-1], "ok")
        return agent


class AgentsFile(unittest.TestCase):
    def test_agents_json_lists_the_three_scripts(self):
        with open(os.path.join(HERE, "agents.json"), encoding="utf-8") as f:
            entries = json.load(f)
        self.assertEqual([e["name"] for e in entries], ["py-tigers-goats", "py-bagh-chal", "py-coin-sorter"])
        for entry in entries:
            self.assertEqual(entry["command"][0], "python3")
            self.assertIn(entry["command"][1], SCRIPTS.values())
            self.assertTrue(os.path.isfile(os.path.join(HERE, entry.get("dir", "."), entry["command"][1])))


class Handshake(AgentTestCase):
    def test_handshake_declares_name_options_want_legal_ok(self):
        for game in SCRIPTS:
            with self.subTest(game=game):
                lines = self.start(game).handshake()
                self.assertRegex(lines[0], r"^name \S")
                self.assertEqual(lines[-3:], ["want legal", "want gameover", "ok"])
                options = lines[1:-3]
                self.assertTrue(options, "at least one option")
                names = []
                for line in options:
                    words = line.split()
                    self.assertEqual(words[0], "option")
                    keys = dict(w.split("=", 1) for w in words[1:])
                    self.assertRegex(keys["name"], r"^[A-Za-z0-9_.-]+$")
                    self.assertNotIn(keys["name"], RESERVED)
                    names.append(keys["name"])
                    self.assertIn(keys["type"], ("integer", "real"))
                    low, high, default = (float(keys[k]) for k in ("min", "max", "default"))
                    self.assertLessEqual(low, default)
                    self.assertLessEqual(default, high)
                self.assertIn("greed", names)
                self.assertEqual(len(names), len(set(names)))

    def test_other_protocol_version_is_refused(self):
        agent = self.start("bagh-chal")
        self.assertEqual(agent.handshake("2"), ["error unsupported protocol version"])
        self.assertEqual(agent.proc.wait(timeout=1.0), 0)

    def test_unknown_commands_blank_lines_and_crlf_are_ignored(self):
        agent = self.start("bagh-chal")
        agent.send("protocol 1", end="\r\n")
        lines = [agent.read()]
        while lines[-1] != "ok":
            lines.append(agent.read())
        agent.send("", "   ", "isready", "uci", "set nosuchoption 3", "debug on")
        agent.send("newgame bagh-chal seed=5 side=goats rules={\"plyLimit\":300} future=1", end="\r\n")
        agent.send("  position   start  ", "legal " + " ".join(bagh_chal().legal()), "hello world")
        move, _ = agent.go("go depth=3 time=0.5 clock=12 inc=0.1 mystery")
        self.assertIn(move, bagh_chal().legal())
        self.assertEqual(agent.quit(), 0)

    def test_gameover_is_read_without_a_reply_and_the_next_game_plays(self):
        agent = self.start("bagh-chal")
        self.assertEqual(agent.handshake()[-1], "ok")
        for seed, end in [(5, "gameover result=win termination=normal"),
                          (6, "gameover result=loss termination=time future=1")]:
            agent.send("newgame bagh-chal seed=%d side=goats rules={\"plyLimit\":300}" % seed, "position start",
                       "legal " + " ".join(bagh_chal().legal()))
            move, _ = agent.go("go depth=1")
            self.assertIn(move, bagh_chal().legal())
            agent.send(end)
        coin = self.start("coin-sorter")
        self.assertEqual(coin.handshake()[-1], "ok")
        coin.send("gameover result=score score=17 termination=normal")
        self.assertEqual(agent.quit(), 0)
        self.assertEqual(coin.quit(), 0)  # quit() also checks that nothing came before it
        agent.close()  # joins the reader of its standard error
        self.assertTrue(any(b"result=loss termination=time" in line for line in agent.stderr), agent.stderr)

    def test_end_of_input_ends_the_process(self):
        agent = self.started("coin-sorter")
        agent.proc.stdin.close()
        self.assertEqual(agent.proc.wait(timeout=1.0), 0)


class LegalAndReproducible(AgentTestCase):
    def session(self, game, hash_seed):
        """A whole run of one process: several games on both sides, then quit."""
        agent = self.started(game, hash_seed)
        agent.send("set greed 0.7")
        log = []
        if game == "coin-sorter":
            for seed in (11, 12, 11):
                log.append(play_coin_sorter(agent, seed, deal_seed=seed * 7)[0])
        else:
            for seed, side in ((11, "goats"), (12, "tigers"), (11, "goats")):
                log.append(play_two_player(agent, game, seed, side, opponent_seed=seed * 7))
        if game != "coin-sorter":  # a position as text, as `bench grade` sends it
            text, side = TEXTS[game]
            position = bagh_chal(text) if game == "bagh-chal" else tigers_goats(text)
            agent.send("newgame %s seed=3 side=%s rules=%s" % (game, side, RULES[game]),
                       "position text " + text, "legal " + " ".join(position.legal()))
            move, _ = agent.go("go time=0.1")
            self.assertIn(move, position.legal())
            log.append([move])
        self.assertEqual(agent.quit(), 0)
        return log

    def test_moves_are_legal_and_the_same_seed_gives_the_same_moves(self):
        for game in SCRIPTS:
            with self.subTest(game=game):
                first = self.session(game, hash_seed="1")
                self.assertEqual(first[0], first[2], "same seed in the same process")
                self.assertEqual(first, self.session(game, hash_seed="2"), "same seed, new process")

    def test_different_seeds_give_different_games(self):
        agent = self.started("bagh-chal")
        games = [play_two_player(agent, "bagh-chal", seed, "goats", opponent_seed=1, plies=20)
                 for seed in range(1, 6)]
        self.assertGreater(len(set(map(tuple, games))), 1)


class Heuristics(AgentTestCase):
    def test_bagh_chal_tiger_captures_and_goat_blocks(self):
        agent = self.started("bagh-chal")
        agent.send("set greed 1", "newgame bagh-chal seed=1 side=tigers rules={\"plyLimit\":300}")
        position = bagh_chal().play("c3").play("a1-b2").play("b1")
        agent.send("position start", "moves c3 a1-b2 b1", "legal " + " ".join(position.legal()))
        self.assertEqual(agent.go()[0], "b2xd4")
        agent.send("position text T3T/5/2G2/1T3/1G2T t 18 0", "legal " + " ".join(position.legal()))
        self.assertEqual(agent.go()[0], "b2xd4")
        agent.send("newgame bagh-chal seed=1 side=goats rules={\"plyLimit\":300}")
        position = bagh_chal().play("c3").play("a1-b2")
        agent.send("position start", "moves c3 a1-b2", "legal " + " ".join(position.legal()))
        self.assertEqual(agent.go()[0], "d4")  # the only point that saves the goat on c3

    def test_tigers_goats_tiger_captures(self):
        agent = self.started("tigers-goats")
        agent.send("set greed 1", "newgame tigers-goats seed=1 side=tigers rules=" + RULES["tigers-goats"])
        position = tigers_goats("8/8/8/8/2GT4/8/8/8 t 0")
        agent.send("position text 8/8/8/8/2GT4/8/8/8 t 0", "legal " + " ".join(position.legal()))
        self.assertEqual(agent.go()[0], "d4xb4")

    def test_greedy_play_takes_captures_and_keeps_goats_safe(self):
        def check(position, move):
            legal = position.legal()
            if position.side == "t":
                if any("x" in m for m in legal):
                    self.assertIn("x", move)
            elif any(not position.play(m).capture_possible() for m in legal):
                self.assertFalse(position.play(move).capture_possible(), move)

        for game in ("tigers-goats", "bagh-chal"):
            with self.subTest(game=game):
                agent = self.started(game)
                for seed in (1, 2):
                    for side in ("goats", "tigers"):
                        play_two_player(agent, game, seed, side, opponent_seed=seed + 10,
                                        plies=120, greed=1, check=check)

    def test_coin_sorter_completes_the_most_lines_when_four_is_0(self):
        def check(coins, swap):
            best = max(lines_completed_by(coins, "%s:%s" % (cell_name(a), cell_name(b))) for a, b in SWAPS)
            self.assertEqual(lines_completed_by(coins, swap), best)

        agent = self.started("coin-sorter")
        for seed in (1, 2, 3):
            play_coin_sorter(agent, seed, deal_seed=seed, greed=1, four=0, check=check)

    def test_coin_sorter_greed_matters(self):
        agent = self.started("coin-sorter")
        totals = {}
        for greed in (0, 1):
            totals[greed] = sum(play_coin_sorter(agent, seed, deal_seed=100 + seed, greed=greed)[1]
                                for seed in range(10))
        self.assertGreater(totals[1], totals[0] + 20)


if __name__ == "__main__":
    unittest.main()
