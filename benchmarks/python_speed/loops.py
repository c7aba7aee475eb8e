"""The loops of benchmarks/python-speed.sh: random games (or batched steps) from Python.

Each KIND makes a `one()` that plays one whole game (or one batched call) and returns
(steps, games ended); a worker process holds one loop and plays it in time slices when
run.py asks, so that every loop is measured in its own process, interleaved with the others:

    python loops.py --worker KIND GAME SEED [key=value ...]
        prints `ready` after one untimed game; then for each line `play SECONDS` on stdin it
        plays whole games until SECONDS have passed and prints one JSON line: steps, seconds
        (wall time of the slice), games, cpu (CPU seconds of this process and its children
        in the slice), busy (CPU seconds of the whole machine in the slice); `quit` ends it.
    python loops.py KIND GAME SECONDS SEED [key=value ...]
        one measurement of SECONDS, as one JSON line (for trying a loop by hand).

KIND is one of
    gamebench     our package, one state: legal_actions, random.choice, apply_action, is_terminal
    baghchal      the PyPI package `baghchal` (pure Python), bagh-chal only
    pyspiel       OpenSpiel's C++ games from Python (GAME: breakthrough, checkers, ...)
    protocol      Python as the referee of two `bench serve --agent random` processes over pipes
                  (bench=PATH), docs/protocol.md
    vector        gamebench.VectorEnv: random_actions + step (n=, threads=)
    vectorraw     the same two library calls through ctypes with buffers made once
                  (n=, threads=, outputs=all|none): the library's own cost
    playouts      gamebench.random_playouts (n=, threads=)
    bench         `bench playouts` (bench=PATH): the engine alone, timed by its own clock

Python's random is seeded with SEED (game i of the protocol loop is `newgame ... seed=SEED+i`).
"""
import json
import os
import random
import subprocess
import sys
import time


def gamebench_loop(game_name, seed, **_):
    import gamebench
    game = gamebench.load_game(game_name)
    choice = random.Random(seed).choice

    def one():
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            n += 1
        return n, 1
    return one, None


def baghchal_loop(game_name, seed, **_):
    assert game_name == "bagh-chal", "the baghchal package plays bagh-chal only"
    cwd = os.getcwd()
    from baghchal.env import Board  # its import changes the working directory
    os.chdir(cwd)
    choice = random.Random(seed).choice

    def one():
        board = Board()
        n = 0
        while not board.is_game_over():
            # possible_moves() is a set: sorted, so that a seed gives the same games.
            board.move(choice(sorted(board.possible_moves())))
            n += 1
        return n, 1
    return one, None


def pyspiel_loop(game_name, seed, **_):
    import pyspiel
    game = pyspiel.load_game(game_name)
    choice = random.Random(seed).choice

    def one():
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            n += 1
        return n, 1
    return one, None


# ------------------------------------------------------------------ the protocol referee

STARTS = {
    "bagh-chal": ("T3T/5/5/5/T3T", 5, 5, 20),          # board, files, ranks, goats in hand
    "tigers-goats": ("GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG", 8, 8, 0),
}
CAPTURES_TO_WIN = {"bagh-chal": 5, "tigers-goats": 4}
PLY_LIMIT = 300


class Referee:
    """The rules a referee needs beside its agents, read off the moves' notation: the board
    (for threefold repetition), the captures, the ply limit. Legality and "no legal move"
    are the agents' (a served agent answers `error no legal move`)."""

    def __init__(self, game):
        rows, self.files, ranks, self.hand0 = STARTS[game]
        self.game = game
        self.start = []
        for row in reversed(rows.split("/")):  # rank 1 first
            for c in row:
                self.start.extend("." * int(c) if c.isdigit() else c)
        assert len(self.start) == self.files * ranks

    def square(self, text):
        return (int(text[1:]) - 1) * self.files + ord(text[0]) - 97

    def new_game(self):
        self.board = list(self.start)
        self.hand = self.hand0
        self.captured = 0
        self.goats_to_move = True
        self.seen = {self.key(): 1}

    def text(self):
        """The position text (docs/formats.md)."""
        rows = []
        for r in range(len(self.board) // self.files - 1, -1, -1):
            row, empty = "", 0
            for c in self.board[r * self.files:(r + 1) * self.files]:
                if c == ".":
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + c
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        side = "g" if self.goats_to_move else "t"
        if self.game == "bagh-chal":
            return "%s %s %d %d" % ("/".join(rows), side, self.hand, self.captured)
        return "%s %s %d" % ("/".join(rows), side, self.captured)

    def key(self):
        return "".join(self.board) + ("g" if self.goats_to_move else "t") + str(self.hand)

    def play(self, move):
        """Plays a move; returns True when the new position is a threefold repetition."""
        b = self.board
        if "-" in move:
            f, t = move.split("-")
            f, t = self.square(f), self.square(t)
            b[t], b[f] = b[f], "."
            irreversible = False
        elif "x" in move:
            f, t = move.split("x")
            f, t = self.square(f), self.square(t)
            b[t], b[f] = b[f], "."
            ff, fr, tf, tr = f % self.files, f // self.files, t % self.files, t // self.files
            b[(fr + tr) // 2 * self.files + (ff + tf) // 2] = "."  # adjacent capture: the midpoint
            self.captured += 1
            irreversible = True
        else:  # a placement (bagh-chal)
            b[self.square(move)] = "G"
            self.hand -= 1
            irreversible = True
        self.goats_to_move = not self.goats_to_move
        key = self.key()
        if irreversible:
            self.seen = {key: 1}
            return False
        count = self.seen.get(key, 0) + 1
        self.seen[key] = count
        return count >= 3


def protocol_referee(game_name, bench, seed, ply_limit=PLY_LIMIT, records=None):
    """Random games refereed in Python, each side a `bench serve --game G --agent random`
    process (started once, reused for every game, as a tournament does). Each ply sends the
    protocol's request to the side to move (`position start`, `moves` with the game so far,
    `go`) and reads `info` and `move` back. The referee ends a game by the rules' order
    (docs/rules.md): captures, no legal move (the agent's `error no legal move`), ply limit
    (the side to move then asked once more, from the position's text, whether it has a
    move), threefold repetition. Returns (one, close); with a list `records`, one() appends
    each game's moves and outcome to it."""
    rules = {"plyLimit": ply_limit} if game_name == "bagh-chal" else {"longRange": False, "plyLimit": ply_limit}
    rules = json.dumps(rules, separators=(",", ":")).encode()
    agents = []
    for side in (b"goats", b"tigers"):
        p = subprocess.Popen([bench, "serve", "--game", game_name, "--agent", "random"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        p.stdin.write(b"protocol 1\n")
        p.stdin.flush()
        while p.stdout.readline().strip() != b"ok":
            pass
        agents.append((side, p))
    referee = Referee(game_name)
    captures_to_win = CAPTURES_TO_WIN[game_name]
    played = [0]

    def ask(p, request):
        """The agent's move for a request, or None when it has none."""
        p.stdin.write(request)
        p.stdin.flush()
        reply = p.stdout.readline()
        while reply.startswith(b"info"):
            reply = p.stdout.readline()
        if reply.startswith(b"move "):
            return reply[5:].strip()
        assert reply.startswith(b"error no legal move"), reply
        return None

    def one():
        referee.new_game()
        for side, p in agents:
            p.stdin.write(b"newgame %s seed=%d side=%s rules=%s\n" % (game_name.encode(), seed + played[0], side, rules))
        played[0] += 1
        line = b""
        plies = 0
        repeated = False
        while True:
            p = agents[0 if referee.goats_to_move else 1][1]
            if referee.captured >= captures_to_win:
                outcome = "tigers win"
                break
            if repeated:
                outcome = "draw"
                break
            if plies == ply_limit:  # a draw, unless the side to move has no move (rule 2 first)
                text = b"position text %s\ngo\n" % referee.text().encode()
                outcome = "draw" if ask(p, text) else ("tigers win" if referee.goats_to_move else "goats win")
                break
            move = ask(p, b"position start\nmoves" + line + b"\ngo\n" if line else b"position start\ngo\n")
            if move is None:  # the side to move has no legal move: it loses
                outcome = "tigers win" if referee.goats_to_move else "goats win"
                break
            line += b" " + move
            repeated = referee.play(move.decode())
            plies += 1
        if records is not None:
            records.append((line.decode().split(), outcome))
        return plies, 1

    def close():
        for _, p in agents:
            p.stdin.write(b"quit\n")
            p.stdin.close()
            p.wait()
    return one, close


def protocol_loop(game_name, seed, bench="bench", **_):
    return protocol_referee(game_name, bench, seed)


# --------------------------------------------------------------------- batched API

def vector_loop(game_name, seed, n="1024", threads="2", **_):
    import gamebench
    env = gamebench.VectorEnv(gamebench.load_game(game_name), int(n), seed=seed, threads=int(threads))
    env.reset()
    counter = [seed]

    def one():
        counter[0] += 1
        _, _, terminals, _, _ = env.step(env.random_actions(counter[0]))
        return env.num_envs, int(terminals.sum()) if hasattr(terminals, "sum") else sum(terminals)
    return one, env.close


def vector_raw_loop(game_name, seed, n="1024", threads="2", outputs="all", **_):
    """The library's own cost of a batched step, for the reading of the table: gb_vec_random_actions
    and gb_vec_step called through ctypes with buffers made once (VectorEnv.step makes new
    arrays each call); outputs=none passes NULL for observations, masks and players."""
    import ctypes
    import numpy as np
    import gamebench
    from gamebench import _lib
    game = gamebench.load_game(game_name)
    n = int(n)
    env = gamebench.VectorEnv(game, n, seed=seed, threads=int(threads))
    env.reset()
    step, random_actions = _lib.F["gb_vec_step"], _lib.F["gb_vec_random_actions"]
    actions = np.zeros(n, np.int64)
    rewards = np.zeros(n, np.float32)
    terminals = np.zeros(n, np.uint8)
    obs = np.zeros(n * game.observation_tensor_size(), np.float32)
    masks = np.zeros(n * game.num_distinct_actions(), np.uint8)
    players = np.zeros(n, np.int32)
    err = _lib.Error()

    def address(a):
        return a.ctypes.data if outputs == "all" else None
    args = (env._h, actions.ctypes.data, address(obs), rewards.ctypes.data, terminals.ctypes.data,
            address(masks), address(players), ctypes.byref(err))
    counter = [seed]
    buffers = (actions, rewards, terminals, obs, masks, players)  # alive as long as one() is

    def one():
        counter[0] += 1
        if random_actions(env._h, counter[0], buffers[0].ctypes.data, ctypes.byref(err)) or step(*args):
            raise RuntimeError(err.message.decode())
        return n, int(terminals.sum())
    return one, env.close


def playouts_loop(game_name, seed, n="1024", threads="2", **_):
    import gamebench
    state = gamebench.load_game(game_name).new_initial_state()
    counter = [seed]

    def one():
        counter[0] += 1
        _, lengths = gamebench.random_playouts(state, int(n), seed=counter[0], threads=int(threads))
        return int(sum(lengths)), int(n)
    return one, None


def bench_playouts(game_name, seed, bench="bench", games="20000", **_):
    """`bench playouts`: plies and seconds as the engine times them (its start-up is not counted)."""
    counter = [seed]

    def one():
        counter[0] += int(games)
        out = subprocess.run([bench, "playouts", "--game", game_name, "--games", games, "--seed", str(counter[0]),
                              "--threads", "1", "--json"], capture_output=True, text=True, check=True).stdout
        d = json.loads(out)
        return d["plies"], d["games"], d["seconds"]
    return one, None


KINDS = {"gamebench": gamebench_loop, "baghchal": baghchal_loop, "pyspiel": pyspiel_loop,
         "protocol": protocol_loop, "vector": vector_loop, "vectorraw": vector_raw_loop,
         "playouts": playouts_loop, "bench": bench_playouts}


# ------------------------------------------------------------------------- timing

HZ = os.sysconf("SC_CLK_TCK")


def machine_busy():
    """CPU seconds the whole machine has spent busy (not idle, not waiting for I/O)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return (sum(v) - v[3] - v[4]) / HZ


def tree_cpu():
    """CPU seconds of this process, its waited-for children, and its live children."""
    t = os.times()
    total = t.user + t.system + t.children_user + t.children_system
    try:
        with open("/proc/self/task/%d/children" % os.getpid()) as f:
            kids = f.read().split()
    except OSError:
        kids = []
    for pid in kids:
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / HZ
        except (OSError, IndexError, ValueError):
            pass
    return total


def play(one, seconds):
    """Whole games (or calls) until `seconds` have passed: steps, seconds, games, cpu, busy."""
    steps = games = 0
    own_seconds = 0.0
    busy, cpu = machine_busy(), tree_cpu()
    start = time.perf_counter()
    while True:
        r = one()
        steps += r[0]
        games += r[1]
        if len(r) > 2:
            own_seconds += r[2]
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    d = {"steps": steps, "seconds": own_seconds or elapsed, "wall": elapsed, "games": games,
         "cpu": tree_cpu() - cpu, "busy": machine_busy() - busy}
    return d


def make(kind, game_name, seed, options):
    one, close = KINDS[kind](game_name, seed, **options)
    one()  # warm-up, untimed
    return one, close


def worker(argv):
    kind, game_name, seed = argv[0], argv[1], int(argv[2])
    one, close = make(kind, game_name, seed, dict(a.split("=", 1) for a in argv[3:]))
    print("ready", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] == "quit":
            break
        print(json.dumps(play(one, float(words[1]))), flush=True)
    if close:
        close()


def main(argv):
    if argv[1] == "--worker":
        worker(argv[2:])
        return
    kind, game_name, seconds, seed = argv[1], argv[2], float(argv[3]), int(argv[4])
    one, close = make(kind, game_name, seed, dict(a.split("=", 1) for a in argv[5:]))
    print(json.dumps(play(one, seconds)))
    if close:
        close()


if __name__ == "__main__":
    main(sys.argv)
