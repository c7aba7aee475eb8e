#!/usr/bin/env python3
"""Random-policy rollout throughput: one state stepped from Python, and the batched VectorEnv.

    python examples/random_rollouts.py                       # Bagh-Chal, ~3 s per measurement
    python examples/random_rollouts.py --game tigers-goats --envs 4096 --threads 2

Three measurements, each printing steps/s (a step = one move, or one swap in Coin Sorter):
1. single state: a Python loop fetches the legal actions, picks one with Python's
   `random`, applies it, and starts a new game at the end (what a hand-written agent
   loop or a tree search in Python does);
2. VectorEnv: N games stepped by one call each time, random legal actions drawn by the
   library (gb_vec_random_actions), games restarting by themselves when they end;
3. random_playouts: whole random games played inside the library, for comparison.
"""

import argparse
import random
import sys
import time

try:
    import gamebench
except (ImportError, OSError) as missing:  # --help works without it; main() says what is missing
    gamebench, MISSING = None, missing


def single_state(game, seconds, seed):
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)  # two-player games have no chance and ignore the seed
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(256):
            if state.is_terminal():
                games += 1
                state = game.new_initial_state(seed=seed + games)
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            return steps, games, now - start


def batched(game, envs, threads, seconds, seed):
    vec = gamebench.VectorEnv(game, envs, seed=seed, threads=threads)
    vec.reset()
    steps = ends = calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions = vec.random_actions(seed + calls)
        _, _, terminals, _, _ = vec.step(actions)
        calls += 1
        steps += envs
        ends += int(sum(terminals))
        now = time.perf_counter()
        if now >= deadline:
            return steps, ends, now - start


def playouts(game, n, threads, seed):
    state = game.new_initial_state(seed=seed)
    start = time.perf_counter()
    _, lengths = gamebench.random_playouts(state, n, seed=seed, threads=threads)
    elapsed = time.perf_counter() - start
    return int(sum(lengths)), n, elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="bagh-chal", choices=["bagh-chal", "tigers-goats", "coin-sorter"],
                        help="the game (default bagh-chal)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--envs", type=int, default=2048, help="VectorEnv size (default 2048)")
    parser.add_argument("--threads", type=int, default=0, help="worker threads for the batched calls (0: all cores)")
    parser.add_argument("--playouts", type=int, default=20000, help="random_playouts games (default 20000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    args = parser.parse_args(argv)
    if gamebench is None:
        sys.exit(f"gamebench cannot be imported ({MISSING}): pip install ./python, or set "
                 "PYTHONPATH=python and GAMEBENCH_LIBRARY=.build/release/libGameBenchC.so")

    game = gamebench.load_game(args.game)
    print(f"{args.game}, gamebench {gamebench.__version__}")
    steps, games, elapsed = single_state(game, args.seconds, args.seed)
    print(f"single state, Python loop : {steps / elapsed:>12,.0f} steps/s  ({steps:,} steps, {games:,} games, {elapsed:.1f} s)")
    steps, ends, elapsed = batched(game, args.envs, args.threads, args.seconds, args.seed)
    print(f"VectorEnv x{args.envs:<6}        : {steps / elapsed:>12,.0f} steps/s  ({steps:,} steps, {ends:,} games ended, {elapsed:.1f} s)")
    steps, games, elapsed = playouts(game, args.playouts, args.threads, args.seed)
    print(f"random_playouts           : {steps / elapsed:>12,.0f} steps/s  ({steps:,} steps, {games:,} games, {elapsed:.1f} s)")


if __name__ == "__main__":
    main()
