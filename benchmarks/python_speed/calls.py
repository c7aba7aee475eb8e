"""The cost of each call of the one-state loop, for the reading of benchmarks/python-speed.sh:
µs per call of `is_terminal()`, `legal_actions()`, `current_player()` (the cheapest call there
is: it reads a field), `clone()`, `apply_action(a)` (timed as clone and apply, less the clone)
and `random.choice` over the legal actions, for `gamebench` (Bagh-Chal, Tigers & Goats) and
pyspiel (`breakthrough`, `checkers`), averaged over POSITIONS positions of random games (every
ply of seeded random games, the end positions left out).

Each figure is the fastest of REPEATS passes over the positions, each call made LOOPS times
per position in a pass (timeit's convention: the least disturbed), the games taking turns
within every repetition.

    python calls.py [--repeats 5] [--positions 20000] [--loops 1] [--seed 1]
"""
import argparse
import random
import timeit


def positions(game, count, rng):
    """(state, a legal action) at every ply of random games, until `count` of them."""
    out = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            legal = state.legal_actions()
            action = rng.choice(legal)
            out.append((state.clone(), action, legal))
            state.apply_action(action)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--positions", type=int, default=20000)
    ap.add_argument("--loops", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    import gamebench
    import pyspiel
    rng = random.Random(args.seed)
    games = [("`gamebench` bagh-chal", gamebench.load_game("bagh-chal")),
             ("`gamebench` tigers-goats", gamebench.load_game("tigers-goats")),
             ("pyspiel breakthrough", pyspiel.load_game("breakthrough")),
             ("pyspiel checkers", pyspiel.load_game("checkers"))]
    calls = ["is_terminal()", "legal_actions()", "current_player()", "clone()", "clone() + apply_action(a)",
             "random.choice"]
    loops = range(args.loops)
    choice = random.Random(args.seed).choice

    def timers(ps):
        states = [p[0] for p in ps]
        legals = [p[2] for p in ps]
        applies = [(p[0].clone, p[1]) for p in ps]

        def each(method):
            def run():
                for s in states:
                    f = getattr(s, method)
                    for _ in loops:
                        f()
            return run

        def clone_apply():
            for clone, a in applies:
                for _ in loops:
                    clone().apply_action(a)

        def choices():
            for legal in legals:
                for _ in loops:
                    choice(legal)
        return {"is_terminal()": each("is_terminal"), "legal_actions()": each("legal_actions"),
                "current_player()": each("current_player"), "clone()": each("clone"),
                "clone() + apply_action(a)": clone_apply, "random.choice": choices}
    subjects = []
    for name, game in games:
        ps = positions(game, args.positions, rng)
        subjects.append((name, sum(len(p[2]) for p in ps) / len(ps), timers(ps)))
    best = {}
    n = args.positions * args.loops
    for _ in range(args.repeats):
        for name, _, fs in subjects:
            for call in calls:
                t = timeit.timeit(fs[call], number=1) / n * 1e6
                best[name, call] = min(best.get((name, call), t), t)
    print("| µs per call (fastest of %d passes over %d positions × %d) | legal actions (mean) | %s | `apply_action(a)` (by difference) |"
          % (args.repeats, args.positions, args.loops, " | ".join(
              "`%s`" % c if c != "random.choice" else "`random.choice` over them"
              for c in calls if c != "clone() + apply_action(a)")))
    print("|---|---:|" + "---:|" * (len(calls) - 1) + "---:|")
    for name, count, _ in subjects:
        cells = ["%.2f" % best[name, c] for c in calls if c != "clone() + apply_action(a)"]
        apply = best[name, "clone() + apply_action(a)"] - best[name, "clone()"]
        print("| %s | %.1f | %s | %.2f |" % (name, count, " | ".join(cells), apply))


if __name__ == "__main__":
    main()
