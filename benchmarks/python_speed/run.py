"""The driver of benchmarks/python-speed.sh.

Every row of the table is a worker process of loops.py holding one loop (set up, with one
untimed game, before any timing). Then ROUNDS rounds: in each, every worker in turn (a new
seeded shuffle each round) plays whole games for one slice of SLICE seconds while the others
wait on their pipes. A row's steps/s is the median over the rounds; a ratio between two rows
is the median over the rounds of the ratio of their slices in that round, so both sides of
every ratio were measured within seconds of each other, however the machine's speed drifts.
Each slice also records the CPU time the rest of the machine used meanwhile (the load).

    python run.py --bench PATH [--rounds 30] [--slice 0.15] [--envs 4096] [--seed 1]

Prints the Markdown tables; progress on stderr.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LOOPS = os.path.join(HERE, "loops.py")
sys.path.insert(0, HERE)
import loops  # noqa: E402


def rows(envs, bench):
    """(key, game, label, what one step is, kind, options)."""
    r = []
    for game in ("bagh-chal", "tigers-goats"):
        r.append((game + "/gamebench", game, "`gamebench`, one state",
                  "`legal_actions()`, `random.choice`, `apply_action(a)`, `is_terminal()`", "gamebench", []))
        if game == "bagh-chal":
            r.append((game + "/baghchal", game, "PyPI `baghchal` 1.0.1 (pure Python)",
                      "`possible_moves()` (a set, sorted), `random.choice`, `move(m)`, `is_game_over()`",
                      "baghchal", []))
        r += [
            (game + "/protocol", game, "agent protocol: a Python referee and 2 `bench serve --agent random`",
             "`position start`, `moves …`, `go` to the side to move's process, its `move` read back; "
             "the referee keeps board, captures, repetitions, ply count", "protocol", ["bench=" + bench]),
            (game + "/vector2", game, "`gamebench.VectorEnv`, %d envs, 2 threads" % envs,
             "one env's share of `env.step(env.random_actions(k))` (auto-reset)", "vector",
             ["n=%d" % envs, "threads=2"]),
            (game + "/vector1", game, "`gamebench.VectorEnv`, %d envs, 1 thread" % envs,
             "the same on 1 thread", "vector", ["n=%d" % envs, "threads=1"]),
            (game + "/raw2", game, "library alone: `gb_vec_random_actions` + `gb_vec_step`, 2 threads",
             "the same two calls through ctypes, buffers made once, every output", "vectorraw",
             ["n=%d" % envs, "threads=2", "outputs=all"]),
            (game + "/rawmin2", game, "library alone, no observations, masks, players, 2 threads",
             "the same with NULL for observations, masks and players", "vectorraw",
             ["n=%d" % envs, "threads=2", "outputs=none"]),
            (game + "/playouts2", game, "`gamebench.random_playouts`, %d per call, 2 threads" % envs,
             "a ply of the call's whole random games", "playouts", ["n=%d" % envs, "threads=2"]),
            (game + "/bench", game, "the engine alone: `bench playouts`, 1 thread, no Python",
             "a ply of its random games (its own clock)", "bench",
             ["bench=" + bench, "games=%d" % {"bagh-chal": 20000, "tigers-goats": 5000}[game]]),
        ]
    for game in ("breakthrough", "checkers"):
        r.append(("pyspiel/" + game, game, "pyspiel `%s` (C++)" % game,
                  "`legal_actions()`, `random.choice`, `apply_action(a)`, `is_terminal()`", "pyspiel", []))
    return r


TARGETS = [
    ("Bagh-Chal, one state ≥ 20 × `baghchal`", "bagh-chal/gamebench", "bagh-chal/baghchal", 20),
    ("Bagh-Chal, one state ≥ pyspiel `breakthrough`", "bagh-chal/gamebench", "pyspiel/breakthrough", 1),
    ("Bagh-Chal, one state ≥ pyspiel `checkers`", "bagh-chal/gamebench", "pyspiel/checkers", 1),
    ("Tigers & Goats, one state ≥ pyspiel `breakthrough`", "tigers-goats/gamebench", "pyspiel/breakthrough", 1),
    ("Tigers & Goats, one state ≥ pyspiel `checkers`", "tigers-goats/gamebench", "pyspiel/checkers", 1),
]
OTHER_RATIOS = [
    ("protocol / `baghchal`", "bagh-chal/protocol", "bagh-chal/baghchal"),
    ("one state / protocol", "bagh-chal/gamebench", "bagh-chal/protocol"),
    ("one state / protocol", "tigers-goats/gamebench", "tigers-goats/protocol"),
    ("one state / the engine alone", "bagh-chal/gamebench", "bagh-chal/bench"),
    ("one state / the engine alone", "tigers-goats/gamebench", "tigers-goats/bench"),
    ("`VectorEnv` 2 threads / 1 thread", "bagh-chal/vector2", "bagh-chal/vector1"),
    ("`VectorEnv` 2 threads / 1 thread", "tigers-goats/vector2", "tigers-goats/vector1"),
    ("`VectorEnv` / library alone, every output (2 threads)", "bagh-chal/vector2", "bagh-chal/raw2"),
    ("`VectorEnv` / library alone, every output (2 threads)", "tigers-goats/vector2", "tigers-goats/raw2"),
    ("library alone: every output / none (2 threads)", "bagh-chal/raw2", "bagh-chal/rawmin2"),
    ("library alone: every output / none (2 threads)", "tigers-goats/raw2", "tigers-goats/rawmin2"),
    ("`random_playouts` plies / `VectorEnv` steps (2 threads)", "bagh-chal/playouts2", "bagh-chal/vector2"),
    ("`random_playouts` plies / `VectorEnv` steps (2 threads)", "tigers-goats/playouts2", "tigers-goats/vector2"),
    ("`VectorEnv` 2 threads / one state", "bagh-chal/vector2", "bagh-chal/gamebench"),
    ("`VectorEnv` 2 threads / one state", "tigers-goats/vector2", "tigers-goats/gamebench"),
]


def check_referee(bench, games, seed):
    """The protocol rows' referee against `bench replay`: the same plies and outcome for every
    game (at the standard ply limit and at 40, so that the ply-limit end is played too)."""
    checked = 0
    for game in ("bagh-chal", "tigers-goats"):
        for limit in (loops.PLY_LIMIT, 40):
            records = []
            one, close = loops.protocol_referee(game, bench, seed + 100000, ply_limit=limit, records=records)
            try:
                for _ in range(games):
                    one()
            finally:
                close()
            for moves, outcome in records:
                out = subprocess.run([bench, "replay", "--game", game, "--ply-limit", str(limit),
                                      "--moves", ",".join(moves), "--json"], capture_output=True, text=True)
                d = json.loads(out.stdout) if out.returncode == 0 else {}
                if d.get("outcome") != outcome or d.get("plies") != len(moves):
                    sys.exit("python-speed: the protocol referee ended a %s game (%d plies, %s) where bench replay "
                             "says %s" % (game, len(moves), outcome, out.stdout.strip() or out.stderr.strip()))
                checked += 1
    return checked


class Worker:
    def __init__(self, row, seed):
        self.key, self.game, _, _, kind, options = row
        self.cmd = [sys.executable, LOOPS, "--worker", kind, self.game, str(seed)] + options
        self.p = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if self.p.stdout.readline().strip() != "ready":
            self.fail()

    def fail(self):
        self.p.kill()
        sys.exit("python-speed: %s failed (its error is above)" % " ".join(self.cmd))

    def play(self, seconds):
        self.p.stdin.write("play %s\n" % seconds)
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            self.fail()
        return json.loads(line)

    def close(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.close()
        self.p.wait()


def quartiles(values):
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--slice", type=float, default=0.15)
    ap.add_argument("--envs", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=25, help="protocol games per game and ply limit checked against bench replay")
    ap.add_argument("--only", default="", help="comma-separated row keys (for testing)")
    args = ap.parse_args()
    table = rows(args.envs, args.bench)
    if args.only:
        table = [t for t in table if t[0] in args.only.split(",")]
    checked = check_referee(args.bench, args.check, args.seed) if args.check else 0

    workers = [Worker(t, args.seed) for t in table]
    rates = {t[0]: [] for t in table}
    others = []  # cores' worth of CPU used by other processes during each slice
    shuffle = random.Random(args.seed)
    try:
        for r in range(args.rounds):
            order = list(workers)
            shuffle.shuffle(order)
            for w in order:
                d = w.play(args.slice)
                rates[w.key].append(d["steps"] / d["seconds"])
                others.append(max(0.0, d["busy"] - d["cpu"]) / d["wall"])
            print("round %d/%d: %s" % (r + 1, args.rounds, ", ".join(
                "%s %.0f" % (w.key, rates[w.key][-1]) for w in workers)), file=sys.stderr, flush=True)
    finally:
        for w in workers:
            w.close()
    med = {k: statistics.median(v) for k, v in rates.items()}

    def ratios(a, b):
        return [x / y for x, y in zip(rates[a], rates[b])] if a in rates and b in rates else None

    if checked:
        print("The protocol referee was checked first: %d games (%d for each game and ply limit, 300 and 40) "
              "end with the same plies and outcome as `bench replay` of their moves." % (checked, args.check))
        print()
    busy = sum(1 for o in others if o > 0.25)
    print("Load from other processes while the slices ran (the machine's busy CPU time less the measured "
          "process's and its children's, per second of slice): mean %.2f cores, %d of %d slices above 0.25."
          % (statistics.mean(others), busy, len(others)))
    print()
    print("| game | loop | what one step is | steps/s, median of %d slices | middle half of the slices |"
          % args.rounds)
    print("|---|---|---|---:|---:|")
    for key, game, label, what, _, _ in table:
        lo, hi = quartiles(rates[key])
        print("| %s | %s | %s | %s | %s – %s |" % (game, label, what, format(round(med[key]), ","),
                                                   format(round(lo), ","), format(round(hi), ",")))
    print()
    print("Ratios: the median over the %d rounds of the ratio of the two rows' slices in the same round "
          "(middle half of the rounds in brackets)." % args.rounds)
    print()
    print("| target (issue 38) | measured | met |")
    print("|---|---:|---|")
    for label, a, b, want in TARGETS:
        r = ratios(a, b)
        if r:
            m, (lo, hi) = statistics.median(r), quartiles(r)
            print("| %s | %.2f × (%.2f – %.2f) | %s |" % (label, m, lo, hi, "yes" if m >= want else "**no**"))
    for game, name in (("bagh-chal", "Bagh-Chal"), ("tigers-goats", "Tigers & Goats")):
        key = game + "/vector2"
        if key in med:
            print("| %s, batched (`VectorEnv`) ≥ 1,000,000 steps/s on 2 cores | %s steps/s | %s |"
                  % (name, format(round(med[key]), ","), "yes" if med[key] >= 1e6 else "**no**"))
    print()
    print("| other ratios | game | ratio |")
    print("|---|---|---:|")
    for label, a, b in OTHER_RATIOS:
        r = ratios(a, b)
        if r:
            lo, hi = quartiles(r)
            print("| %s | %s | %.3g × (%.3g – %.3g) |" % (label, a.split("/")[0], statistics.median(r), lo, hi))


if __name__ == "__main__":
    main()
