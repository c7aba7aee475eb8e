"""The cost of each call of the one-state loop, for the reading of benchmarks/python-speed.sh:
µs per ply of `apply_action(a)`, `is_terminal()`, `legal_actions()` and `random.choice` over
the legal actions, for `gamebench` (Bagh-Chal, Tigers & Goats) and pyspiel (`breakthrough`,
`checkers`), in the loop's own context: seeded random games are recorded (PLIES plies per
game in all), then replayed from new states, timing

    new      game.new_initial_state() for each game (and its release)
    replay   new + apply_action(a) for each recorded action
    + call   replay + the call after every apply_action

so that apply_action = (replay - new) / plies and a call = (replay + call - replay) / plies;
new itself is given per game.
`random.choice` is timed alone over the recorded legal-action lists. Each time is the
fastest of REPEATS passes (timeit's convention: the least disturbed), the games taking
turns within every pass; so these sum to less per ply than the loops of the main table.

    python calls.py [--repeats 5] [--plies 20000] [--seed 1]
"""
import argparse
import random
import time


def record(game, plies, rng):
    """Random games until `plies` plies: a list of (actions, legal-action lists)."""
    games, total = [], 0
    while total < plies:
        state = game.new_initial_state()
        actions, legals = [], []
        while not state.is_terminal():
            legal = state.legal_actions()
            a = rng.choice(legal)
            actions.append(a)
            legals.append(legal)
            state.apply_action(a)
        games.append((actions, legals))
        total += len(actions)
    return games


def passes(game, games, choice):
    def new():
        for _ in games:
            game.new_initial_state()

    def replay():
        for actions, _ in games:
            s = game.new_initial_state()
            for a in actions:
                s.apply_action(a)

    def with_call(name):
        def run():
            for actions, _ in games:
                s = game.new_initial_state()
                f = getattr(s, name)
                for a in actions:
                    s.apply_action(a)
                    f()
        return run

    def choices():
        for _, legals in games:
            for legal in legals:
                choice(legal)
    return {"new": new, "replay": replay, "is_terminal": with_call("is_terminal"),
            "legal_actions": with_call("legal_actions"), "choice": choices}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--plies", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    import gamebench
    import pyspiel
    rng = random.Random(args.seed)
    subjects = []
    for name, game in (("`gamebench` bagh-chal", gamebench.load_game("bagh-chal")),
                       ("`gamebench` tigers-goats", gamebench.load_game("tigers-goats")),
                       ("pyspiel breakthrough", pyspiel.load_game("breakthrough")),
                       ("pyspiel checkers", pyspiel.load_game("checkers"))):
        games = record(game, args.plies, rng)
        plies = sum(len(a) for a, _ in games)
        legal = sum(len(l) for _, ls in games for l in ls) / plies
        subjects.append((name, plies, legal, len(games), passes(game, games, random.Random(args.seed).choice)))
    best = {}
    for _ in range(args.repeats):
        for name, _, _, _, fs in subjects:
            for key, f in fs.items():
                t = time.perf_counter()
                f()
                t = time.perf_counter() - t
                best[name, key] = min(best.get((name, key), t), t)
    print("| µs per ply (fastest of %d passes over %s plies) | plies per game | legal actions (mean) | "
          "`apply_action(a)` | `is_terminal()` after it | `legal_actions()` after it | `random.choice` over them "
          "| sum | `new_initial_state()`, µs per game |" % (args.repeats, format(args.plies, ",")))
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, plies, legal, games, _ in subjects:
        us = 1e6 / plies
        apply = (best[name, "replay"] - best[name, "new"]) * us
        term = (best[name, "is_terminal"] - best[name, "replay"]) * us
        legal_call = (best[name, "legal_actions"] - best[name, "replay"]) * us
        choice = best[name, "choice"] * us
        print("| %s | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |"
              % (name, plies / games, legal, apply, term, legal_call, choice, apply + term + legal_call + choice,
                 best[name, "new"] * 1e6 / games))


if __name__ == "__main__":
    main()
