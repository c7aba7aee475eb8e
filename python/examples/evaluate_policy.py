#!/usr/bin/env python3
"""A Python policy on Bagh-Chal, against alpha-beta and against perfect play.

    python examples/evaluate_policy.py                 # 10 games against alphabeta:depth=4
    python examples/evaluate_policy.py --games 10 --opponent "mcts:playouts=800"

The policy is a one-ply heuristic written here in Python: it tries every legal move on a
clone of the state and keeps the best by goats captured first, then the captures the
tigers could make next, then the tigers' mobility (goats want all three low, tigers
high); ties are broken by a seeded random choice.

1. Games against a built-in agent (default `alphabeta:depth=4`), the policy playing goats
   and tigers in turn: wins, draws, losses.
2. Against perfect play: every position the policy had to move in during the sliding
   phase (all 20 goats placed) is looked up with the `tablebase` agent, before and after
   its move: how many moves kept the position's value (win, draw or loss for the side
   to move, repetition and the ply limit left out) and how many threw a win or a draw
   away. This needs the sliding-phase tablebase, tablebases/bagh-chal.tb (93 MB); without
   it this part says how to make it (`bench solve --game bagh-chal --threads 2`, about a
   minute on two cores) and the games of part 1 are still played.
"""

import argparse
import os
import random
import sys
import time

try:
    import gamebench
except (ImportError, OSError) as missing:  # --help works without it; main() says what is missing
    gamebench, MISSING = None, missing

GOATS, TIGERS = 0, 1
SIDE = ("goats", "tigers")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def is_capture(action):
    """A Bagh-Chal step or capture from f to t (25 + f*25 + t) that jumps over a point."""
    if action < 25:
        return False
    f, t = divmod(action - 25, 25)
    return max(abs(f // 5 - t // 5), abs(f % 5 - t % 5)) == 2


def captured(state):
    """Goats captured, from the observation's last plane (captured / 5)."""
    obs = state.observation_tensor()
    return round(obs[5 * 25] * 5)


def goats_in_hand(state):
    obs = state.observation_tensor()
    return round(obs[4 * 25] * 20)


class OnePlyPolicy:
    """The best move by a one-ply look at every child (see the module doc)."""

    def __init__(self, game, seed):
        self.game = game
        self.rng = random.Random(seed)

    def tiger_moves(self, state):
        """The tigers' moves in the state's position as if it were their turn (position text
        with the side to move changed: `board side in-hand captured`, docs/formats.md)."""
        fields = str(state).split()
        if fields[1] == "t":
            return state.legal_actions()
        fields[1] = "t"
        return self.game.state_from_text(" ".join(fields)).legal_actions()

    def score(self, child, mover):
        if child.is_terminal():
            return 1e9 * child.returns()[mover]
        tigers = self.tiger_moves(child)
        threats = sum(1 for a in tigers if is_capture(a))
        if mover == GOATS:  # few captures, few threats, little room for the tigers
            return -1000 * captured(child) - 50 * threats - len(tigers)
        return 1000 * captured(child) + 50 * threats + len(tigers)  # the opposite, as tigers

    def step(self, state):
        mover = state.current_player()
        best, best_score = [], None
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            s = self.score(child, mover)
            if best_score is None or s > best_score:
                best, best_score = [action], s
            elif s == best_score:
                best.append(action)
        return self.rng.choice(best)


def play(game, policy, opponent, policy_side):
    """One game; returns the policy's result (+1, 0, -1) and the states it moved in, with its move."""
    state = game.new_initial_state()
    decisions = []
    while not state.is_terminal():
        if state.current_player() == policy_side:
            action = policy.step(state)
            decisions.append((state.clone(), action))
        else:
            action = opponent.step(state)
        state.apply_action(action)
    return state.returns()[policy_side], state.move_number(), decisions


def value_class(value):
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def find_tablebase(path):
    candidates = [path] if path else [os.environ.get("BAGH_CHAL_TABLEBASE", ""),
                                      os.path.join("tablebases", "bagh-chal.tb"),
                                      os.path.join(ROOT, "tablebases", "bagh-chal.tb")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate):
            return candidate
    return None


def grade(game, tablebase_path, decisions):
    """Tablebase values before and after each sliding-phase move of the policy."""
    agent = gamebench.Agent(f"tablebase:file={tablebase_path}", game=game)
    counts = {}
    for state, action in decisions:
        if goats_in_hand(state) != 0:
            continue
        before = value_class(agent.value(state))
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            after = value_class(child.returns()[state.current_player()])
        else:
            after = value_class(-agent.value(child))  # the child's value is for the opponent
        counts[(before, after)] = counts.get((before, after), 0) + 1
    return counts


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--games", type=int, default=10, help="games, sides alternating (default 10)")
    parser.add_argument("--opponent", default="alphabeta:depth=4", help="agent spec (default alphabeta:depth=4)")
    parser.add_argument("--ply-limit", type=int, default=300, help="plies before a draw (default 300)")
    parser.add_argument("--tablebase", default=None,
                        help="tablebase file (default: $BAGH_CHAL_TABLEBASE, else tablebases/bagh-chal.tb "
                             "here or in the repository)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the policy's and the opponent's ties (default 1)")
    args = parser.parse_args(argv)
    if gamebench is None:
        sys.exit(f"gamebench cannot be imported ({MISSING}): pip install ./python, or set "
                 "PYTHONPATH=python and GAMEBENCH_LIBRARY=.build/release/libGameBenchC.so")

    game = gamebench.load_game("bagh-chal", ply_limit=args.ply_limit)
    policy = OnePlyPolicy(game, args.seed)
    tally = {GOATS: [0, 0, 0], TIGERS: [0, 0, 0]}  # wins, draws, losses
    decisions = []
    start = time.perf_counter()
    for g in range(args.games):
        side = GOATS if g % 2 == 0 else TIGERS
        opponent = gamebench.Agent(args.opponent, game=game, seed=args.seed + g)
        result, plies, moves = play(game, policy, opponent, side)
        tally[side][0 if result > 0 else 1 if result == 0 else 2] += 1
        decisions.extend(moves)
        print(f"game {g + 1}: policy as {SIDE[side]:<6} {'won' if result > 0 else 'drew' if result == 0 else 'lost'}"
              f" in {plies} plies")
    print(f"\none-ply policy against {args.opponent}, {args.games} games ({time.perf_counter() - start:.1f} s):")
    for side in (GOATS, TIGERS):
        w, d, l = tally[side]
        print(f"  as {SIDE[side]:<6}: {w} won, {d} drawn, {l} lost")

    sliding = sum(1 for state, _ in decisions if goats_in_hand(state) == 0)
    print(f"\nagainst perfect play: {sliding} of the policy's {len(decisions)} moves were in the sliding phase")
    path = find_tablebase(args.tablebase)
    if path is None:
        print("  no tablebase found (tablebases/bagh-chal.tb). Make it from the repository with\n"
              "      swift build -c release && .build/release/bench solve --game bagh-chal --threads 2\n"
              "  (about a minute on two cores, 93 MB), then run this again from the repository\n"
              "  or pass --tablebase PATH.")
        return 0
    if sliding == 0:
        print("  nothing to grade: no game reached the sliding phase")
        return 0
    start = time.perf_counter()
    try:
        counts = grade(game, path, decisions)
    except gamebench.AgentFileError as e:
        print(f"  the tablebase agent could not read {path}: {e}", file=sys.stderr)
        return 1
    kept = sum(n for (before, after), n in counts.items() if before == after)
    print(f"  tablebase {path} ({time.perf_counter() - start:.1f} s): "
          f"{kept} of {sliding} moves kept the position's value")
    for (before, after), n in sorted(counts.items()):
        mark = "" if before == after else "   <- a mistake" if (before, after) in (
            ("win", "draw"), ("win", "loss"), ("draw", "loss")) else ""
        print(f"    {before:>4} -> {after:<4}: {n}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
