"""The driver of benchmarks/python-speed.sh: every loop of loops.py (and `bench playouts`, the
engine with no Python), RUNS times each, in one run, in a rotated order (run r starts at
row r), each measurement a fresh process; prints the Markdown tables: medians and every
run, the targets of issue 38 against the same run's medians.

    python run.py --bench PATH [--runs 5] [--seconds 1] [--envs 4096] [--seed 1]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LOOPS = os.path.join(HERE, "loops.py")

# (key, game, label, what the loop does, command kind, options)
def rows(envs):
    r = []
    for game in ("bagh-chal", "tigers-goats"):
        r += [
            (game + "/gamebench", game, "`gamebench`, one state",
             "`legal_actions()`, `random.choice`, `apply_action(a)`, `is_terminal()`", "gamebench", []),
        ]
        if game == "bagh-chal":
            r.append((game + "/baghchal", game, "PyPI `baghchal` 1.0.1 (pure Python)",
                      "`possible_moves()` (a set, sorted), `random.choice`, `move(m)`, `is_game_over()`",
                      "baghchal", []))
        r += [
            (game + "/protocol", game, "agent protocol: Python referee, 2 × `bench serve --agent random`",
             "per ply `position start` + `moves …` + `go` to the side to move's process, read `move`; "
             "referee tracks board, captures, repetition, ply limit", "protocol", []),
            (game + "/vector2", game, "`gamebench.VectorEnv`, %d envs, 2 threads" % envs,
             "`env.step(env.random_actions(k))`, auto-reset", "vector", ["n=%d" % envs, "threads=2"]),
            (game + "/vector1", game, "`gamebench.VectorEnv`, %d envs, 1 thread" % envs,
             "the same on 1 thread", "vector", ["n=%d" % envs, "threads=1"]),
            (game + "/raw2", game, "library alone: `gb_vec_random_actions` + `gb_vec_step`, %d envs, 2 threads" % envs,
             "the same two calls through ctypes, buffers made once (all outputs)", "vectorraw",
             ["n=%d" % envs, "threads=2", "outputs=all"]),
            (game + "/rawmin2", game, "library alone, no observations or masks, 2 threads",
             "the same, NULL for observations, masks and players", "vectorraw",
             ["n=%d" % envs, "threads=2", "outputs=none"]),
            (game + "/playouts2", game, "`gamebench.random_playouts`, %d per call, 2 threads" % envs,
             "whole random games in one call; plies counted", "playouts", ["n=%d" % envs, "threads=2"]),
            (game + "/bench", game, "engine alone: `bench playouts`, 1 thread (no Python)",
             "the Swift engine's own random games (its own clock)", "bench", []),
        ]
    for game in ("breakthrough", "checkers"):
        r.append(("pyspiel/" + game, game, "pyspiel `%s` (C++)" % game,
                  "`legal_actions()`, `random.choice`, `apply_action(a)`, `is_terminal()`", "pyspiel", []))
    return r


def measure(kind, game, options, args):
    if kind == "bench":
        games = {"bagh-chal": 200000, "tigers-goats": 50000}[game]
        out = subprocess.run([args.bench, "playouts", "--game", game, "--games", str(games), "--seed", str(args.seed),
                              "--threads", "1", "--json"], capture_output=True, text=True, check=True).stdout
        d = json.loads(out)
        return d["plies"] / d["seconds"], d["plies"], d["seconds"]
    cmd = [sys.executable, LOOPS, kind, game, str(args.seconds), str(args.seed)] + options
    if kind == "protocol":
        cmd.append("bench=" + args.bench)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("python-speed: %s failed:\n%s" % (" ".join(cmd), p.stderr.strip()))
    d = json.loads(p.stdout)
    return d["steps"] / d["seconds"], d["steps"], d["seconds"]


def check_referee(args):
    """The protocol rows' referee against `bench replay`: the same plies and outcome for every
    game (at the standard ply limit and at 40, so that the ply-limit end is played too)."""
    sys.path.insert(0, HERE)
    import loops
    checked = 0
    for game in ("bagh-chal", "tigers-goats"):
        for limit in (loops.PLY_LIMIT, 40):
            _, _, _, records = loops.protocol_games(game, args.bench, args.seed + 100000, count=args.check,
                                                    verify=True, ply_limit=limit)
            for moves, outcome in records:
                out = subprocess.run([args.bench, "replay", "--game", game, "--ply-limit", str(limit),
                                      "--moves", ",".join(moves), "--json"], capture_output=True, text=True)
                d = json.loads(out.stdout) if out.returncode == 0 else {}
                if d.get("outcome") != outcome or d.get("plies") != len(moves):
                    sys.exit("python-speed: the protocol referee ended a %s game (%d plies, %s) where bench replay "
                             "says %s" % (game, len(moves), outcome, out.stdout.strip() or out.stderr.strip()))
                checked += 1
    return checked


def fmt(x):
    return format(round(x), ",")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--envs", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=25, help="protocol games per game and ply limit checked against bench replay")
    ap.add_argument("--only", default="", help="comma-separated row keys (for testing)")
    args = ap.parse_args()
    table = rows(args.envs)
    if args.only:
        keep = args.only.split(",")
        table = [t for t in table if t[0] in keep]
    checked = check_referee(args) if args.check else 0
    rates = {t[0]: [] for t in table}
    for run in range(args.runs):
        order = table[run % len(table):] + table[:run % len(table)]
        for key, game, _, _, kind, options in order:
            rate, steps, seconds = measure(kind, game, options, args)
            rates[key].append(rate)
            print("run %d %-24s %12.0f steps/s (%d in %.3f s)" % (run + 1, key, rate, steps, seconds),
                  file=sys.stderr, flush=True)
    med = {k: statistics.median(v) for k, v in rates.items()}

    if checked:
        print("The protocol referee was checked first: %d games (%d for each game and ply limit, 300 and 40) end "
              "with the same plies and outcome as `bench replay` of their moves." % (checked, args.check))
        print()
    print("| game | loop | what one step is | steps/s (median) | every run (thousands) |")
    print("|---|---|---|---:|---|")
    for key, game, label, what, _, _ in table:
        runs = ", ".join("%.0f" % (x / 1000) for x in rates[key])
        print("| %s | %s | %s | %s | %s |" % (game, label, what, fmt(med[key]), runs))

    def ratio(a, b):
        return med[a] / med[b] if a in med and b in med else None

    checks = [
        ("Bagh-Chal, one state ≥ 20 × `baghchal`", "bagh-chal/gamebench", "bagh-chal/baghchal", 20),
        ("Bagh-Chal, one state ≥ pyspiel `breakthrough`", "bagh-chal/gamebench", "pyspiel/breakthrough", 1),
        ("Bagh-Chal, one state ≥ pyspiel `checkers`", "bagh-chal/gamebench", "pyspiel/checkers", 1),
        ("Tigers & Goats, one state ≥ pyspiel `breakthrough`", "tigers-goats/gamebench", "pyspiel/breakthrough", 1),
        ("Tigers & Goats, one state ≥ pyspiel `checkers`", "tigers-goats/gamebench", "pyspiel/checkers", 1),
    ]
    print()
    print("| target (issue 38) | measured (ratio of this run's medians) | met |")
    print("|---|---:|---|")
    for label, a, b, want in checks:
        r = ratio(a, b)
        if r is not None:
            print("| %s | %.2f × | %s |" % (label, r, "yes" if r >= want else "**no**"))
    for game in ("bagh-chal", "tigers-goats"):
        key = game + "/vector2"
        if key in med:
            print("| %s, batched ≥ 1,000,000 steps/s on 2 cores | %s steps/s | %s |"
                  % ({"bagh-chal": "Bagh-Chal", "tigers-goats": "Tigers & Goats"}[game], fmt(med[key]),
                     "yes" if med[key] >= 1e6 else "**no**"))
    others = [("one state / `baghchal`", "bagh-chal/gamebench", "bagh-chal/baghchal"),
              ("protocol / `baghchal`", "bagh-chal/protocol", "bagh-chal/baghchal"),
              ("one state / protocol", "bagh-chal/gamebench", "bagh-chal/protocol"),
              ("one state / protocol", "tigers-goats/gamebench", "tigers-goats/protocol"),
              ("one state / engine alone", "bagh-chal/gamebench", "bagh-chal/bench"),
              ("one state / engine alone", "tigers-goats/gamebench", "tigers-goats/bench"),
              ("batched 2 threads / 1 thread", "bagh-chal/vector2", "bagh-chal/vector1"),
              ("batched 2 threads / 1 thread", "tigers-goats/vector2", "tigers-goats/vector1"),
              ("`VectorEnv` / library alone (2 threads)", "bagh-chal/vector2", "bagh-chal/raw2"),
              ("`VectorEnv` / library alone (2 threads)", "tigers-goats/vector2", "tigers-goats/raw2"),
              ("library alone: all outputs / none (2 threads)", "bagh-chal/raw2", "bagh-chal/rawmin2"),
              ("library alone: all outputs / none (2 threads)", "tigers-goats/raw2", "tigers-goats/rawmin2"),
              ("random_playouts plies / `VectorEnv` steps (2 threads)", "bagh-chal/playouts2", "bagh-chal/vector2"),
              ("random_playouts plies / `VectorEnv` steps (2 threads)", "tigers-goats/playouts2", "tigers-goats/vector2"),
              ("batched 2 threads / one state", "bagh-chal/vector2", "bagh-chal/gamebench"),
              ("batched 2 threads / one state", "tigers-goats/vector2", "tigers-goats/gamebench")]
    print()
    print("| other ratios (this run's medians) | game | ratio |")
    print("|---|---|---:|")
    for label, a, b in others:
        r = ratio(a, b)
        if r is not None:
            print("| %s | %s | %.3g × |" % (label, a.split("/")[0], r))


if __name__ == "__main__":
    main()
