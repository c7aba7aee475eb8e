"""The framework adapters against their frameworks' own checkers (issue 38).

PettingZoo's api_test and seed_test, Gymnasium's check_env (bare and through
gymnasium.make), pyspiel's random_sim_test on the three gamebench_* games, and
OpenSpiel's MCTSBot finishing Bagh-Chal games through evaluate_bots; plus the
adapters' own promises: rewards, the ply limit as a draw, seeds, renders, masks.

A framework's tests are skipped only when that framework cannot be imported.
Run: GAMEBENCH_LIBRARY=.build/release/libGameBenchC.so PYTHONPATH=python \
     python -m pytest python/tests/test_adapters.py
"""

import re
import warnings

import numpy as np
import pytest

import gamebench


def _framework(name):
    return pytest.importorskip(name, reason=f"{name} is not installed (pip install {name})")


def _caught(fn, *args, **kwargs):
    """Runs fn and returns the messages of every warning it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn(*args, **kwargs)
    return [str(w.message) for w in caught]


def _unexpected(messages, allowed):
    return [m for m in messages if not any(re.search(pattern, m) for pattern in allowed)]


# ------------------------------------------------------------------ PettingZoo

# Warnings of pettingzoo's api_test that these environments draw by design, each for a
# reason in gamebench/pettingzoo.py: agents named by their sides; the observation is a
# dict of the board and the action mask, as PettingZoo's own classic games have it (the
# test exempts those by name from the two warnings about it).
PETTINGZOO_ALLOWED = [
    r"We recommend agents to be named in the format",
    r"Observation space for each agent probably should be gymnasium.spaces.box",
    r"^Observation is not a NumPy array$",
]


@pytest.mark.parametrize("game,rules", [("bagh-chal", {}),
                                        ("tigers-goats", {"ply_limit": 100}),
                                        ("tigers-goats", {"ply_limit": 100, "long_range": True})])
def test_pettingzoo_api_test(game, rules):
    _framework("pettingzoo")
    from pettingzoo.test import api_test

    import gamebench.pettingzoo as gpz

    env = gpz.env(game, **rules)
    messages = _caught(api_test, env, num_cycles=400, verbose_progress=False)
    assert _unexpected(messages, PETTINGZOO_ALLOWED) == []


@pytest.mark.parametrize("game", ["bagh-chal", "tigers-goats"])
def test_pettingzoo_seed_test(game):
    _framework("pettingzoo")
    from pettingzoo.test import seed_test

    import gamebench.pettingzoo as gpz

    seed_test(lambda: gpz.env(game, ply_limit=60), num_cycles=100)


def _play_random(env, rng, max_steps=10_000):
    """Plays env to its end with random legal moves; returns per agent the rewards summed."""
    totals = {agent: 0.0 for agent in env.possible_agents}
    for _ in range(max_steps):
        if not env.agents:
            break
        agent = env.agent_selection
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        assert not truncated, "every end is a termination by the rules"
        if terminated:
            env.step(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal)))
    return totals


def test_pettingzoo_rewards_masks_and_the_engine_agree():
    _framework("pettingzoo")
    import gamebench.pettingzoo as gpz

    rng = np.random.default_rng(5)
    outcomes = set()
    for game in ("bagh-chal", "tigers-goats"):
        env = gpz.env(game, ply_limit=120)
        shadow_game = gamebench.load_game(game, ply_limit=120)
        for episode in range(6):
            env.reset(seed=episode)
            shadow = shadow_game.new_initial_state()
            totals = {a: 0.0 for a in env.possible_agents}
            while env.agents:
                agent = env.agent_selection
                obs, reward, terminated, _, _ = env.last()
                totals[agent] += reward
                if terminated:
                    env.step(None)
                    continue
                # The mask is the engine's legal actions, for the agent to move only.
                assert agent == gpz.AGENTS[shadow.current_player()]
                assert np.flatnonzero(obs["action_mask"]).tolist() == shadow.legal_actions()
                other = gpz.AGENTS[1 - gpz.AGENTS.index(agent)]
                assert not env.observe(other)["action_mask"].any()
                np.testing.assert_array_equal(obs["observation"], np.asarray(shadow.observation_array()))
                assert obs["observation"].min() >= 0.0 and obs["observation"].max() <= 1.0
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                env.step(action)
                shadow.apply_action(action)
            returns = shadow.returns()
            assert shadow.is_terminal()
            assert [totals[a] for a in gpz.AGENTS] == [float(r) for r in returns]
            assert sum(totals.values()) == 0.0 and set(totals.values()) <= {-1.0, 0.0, 1.0}
            outcomes.add(tuple(returns))
    assert len(outcomes) >= 2, f"random games all ended alike: {outcomes}"


def test_pettingzoo_ply_limit_is_a_draw_by_termination():
    _framework("pettingzoo")
    import gamebench.pettingzoo as gpz

    env = gpz.env("bagh-chal", ply_limit=3)
    env.reset()
    plies = 0
    while not any(env.terminations.values()):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        plies += 1
    assert plies == 3
    assert env.terminations == {"goats": True, "tigers": True}
    assert env.truncations == {"goats": False, "tigers": False}
    assert env.rewards == {"goats": 0.0, "tigers": 0.0}
    assert env.game_state.returns() == [0.0, 0.0]


def test_pettingzoo_render_illegal_action_and_position_option():
    _framework("pettingzoo")
    import gamebench.pettingzoo as gpz

    env = gpz.env("bagh-chal", render_mode="ansi")
    env.reset()
    start = env.render()
    assert start == str(gamebench.load_game("bagh-chal").new_initial_state())
    occupied = int(np.flatnonzero(env.observe("goats")["observation"][1])[0])  # a tiger's point
    with pytest.raises(gamebench.IllegalActionError):
        env.step(occupied)  # a goat cannot be placed on a tiger
    assert env.render() == start and env.agent_selection == "goats"
    env.step(12)  # c3
    after = env.render()
    assert after != start and env.agent_selection == "tigers"
    env.reset(options={"position": after})
    assert env.render() == after and env.agent_selection == "tigers"
    with pytest.raises(ValueError):
        gpz.env("coin-sorter")


# ------------------------------------------------------------------ Gymnasium

# check_env on a gymnasium.make'd env says the wrapped env is not the unwrapped one: that
# is what the second call is for.
GYM_MAKE_ALLOWED = [r"is different from the unwrapped version"]


@pytest.mark.parametrize("env_id,kwargs", [("gamebench/CoinSorter-v0", {}),
                                           ("gamebench/Balls-v0", {"level": 1}),
                                           ("gamebench/Balls-v0", {"level": 10})])
def test_gymnasium_check_env(env_id, kwargs):
    gymnasium = _framework("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import gamebench.gymnasium  # noqa: F401  (registers the ids)

    made = gymnasium.make(env_id, **kwargs)
    assert _caught(check_env, made.unwrapped) == []
    assert _unexpected(_caught(check_env, gymnasium.make(env_id, **kwargs)), GYM_MAKE_ALLOWED) == []
    for mode in ("ansi", None):
        env = gymnasium.make(env_id, render_mode=mode, **kwargs)
        env.reset(seed=2)
        assert _unexpected(_caught(check_env, env), GYM_MAKE_ALLOWED) == []


def test_gymnasium_coin_sorter_plays_the_documented_deal():
    gymnasium = _framework("gymnasium")
    import gamebench.gymnasium  # noqa: F401

    env = gymnasium.make("gamebench/CoinSorter-v0", render_mode="ansi")
    obs, info = env.reset(seed=7)
    engine = gamebench.load_game("coin-sorter").new_initial_state(seed=7)
    assert env.render() == str(engine)
    np.testing.assert_array_equal(obs, np.asarray(engine.observation_array()))
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].tolist() == [1] * 300
    # docs/rules.md: seed 7, swap e1:a2 completes row 1 for one point.
    action = engine.string_to_action("e1:a2")
    obs, reward, terminated, truncated, info = env.step(action)
    assert (reward, terminated, truncated, info["score"]) == (1.0, False, False, 1.0)
    assert env.render().split() == ["TTTTC/SSTCC/SSTST/TSCCS/SCCSC", "9", "1"]
    total, steps = reward, 1
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
        total += reward
        steps += 1
        assert not truncated
    assert steps == 10 and total == info["score"]
    assert not info["action_mask"].any()


def test_gymnasium_seeds_and_random_deals():
    gymnasium = _framework("gymnasium")
    import gamebench.gymnasium  # noqa: F401

    env = gymnasium.make("gamebench/CoinSorter-v0")
    first = [env.reset(seed=11)[0]] + [env.reset()[0] for _ in range(3)]
    again = [env.reset(seed=11)[0]] + [env.reset()[0] for _ in range(3)]
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a, b)
    assert len({a.tobytes() for a in first}) == 4, "unseeded resets deal new deals"
    seeds = [env.reset()[1]["seed"] for _ in range(3)]
    assert len(set(seeds)) == 3 and all(0 <= s < 2**64 for s in seeds)


def test_gymnasium_balls_tap_is_the_replay():
    gymnasium = _framework("gymnasium")
    import gamebench.gymnasium  # noqa: F401

    env = gymnasium.make("gamebench/Balls-v0", level=1, render_mode="ansi")
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and obs[0].sum() == 4  # level 1 deals 4 balls
    # README: `bench replay --game balls --level 1 --seed 1 --moves "0@65,199"` scores 2.
    obs, score, terminated, truncated, info = env.step(np.array([0, 65, 199]))
    assert (score, terminated, truncated) == (2.0, True, False)
    assert env.observation_space.contains(obs) and obs[0].sum() == 2  # two balls left
    engine = gamebench.load_game("balls", level=1).new_initial_state(seed=1)
    engine.apply_action(engine.string_to_action("0@65,199"))
    assert env.render() == str(engine)
    with pytest.raises(ValueError):
        env.unwrapped.step([308802, 0, 0])
    assert gymnasium.make("gamebench/Balls-v0", level=10).unwrapped.num_balls == 30


# ------------------------------------------------------------------ OpenSpiel


def _pyspiel():
    pyspiel = _framework("pyspiel")
    import gamebench.openspiel as gos

    gos.register()
    gos.register()  # a second call does nothing
    return pyspiel, gos


@pytest.mark.parametrize("name,params,sims", [("gamebench_bagh_chal", {}, 10),
                                              ("gamebench_tigers_goats", {"ply_limit": 150}, 4),
                                              ("gamebench_coin_sorter", {}, 20)])
def test_openspiel_random_sim_test(name, params, sims):
    pyspiel, _ = _pyspiel()
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_openspiel_game_and_parameters():
    pyspiel, gos = _pyspiel()
    game = pyspiel.load_game("gamebench_bagh_chal(ply_limit=40)")
    assert game.max_game_length() == 40 and game.num_distinct_actions() == 650
    assert game.observation_tensor_shape() == [6, 5, 5]
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    state = game.new_initial_state()
    assert state.legal_actions() == gamebench.load_game("bagh-chal").new_initial_state().legal_actions()
    state.apply_action(state.string_to_action("c3"))
    assert state.current_player() == 1 and str(state) == str(gos.engine_state(state))
    assert np.asarray(state.observation_tensor()).reshape(6, 5, 5)[0].sum() == 1  # one goat on the board
    with pytest.raises(Exception):
        pyspiel.load_game("gamebench_bagh_chal", {"no_such_rule": 1})


def test_openspiel_coin_sorter_chance_nodes_are_the_deal():
    pyspiel, _ = _pyspiel()
    game = pyspiel.load_game("gamebench_coin_sorter")
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    # docs/rules.md: seed 1 deals CSTCT/CTTTS/TSCSS/CTCCT/STTCT, no complete line.
    deal = "CSTCT/CTTTS/TSCSS/CTCCT/STTCT"
    for coin in deal.replace("/", ""):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == [0, 1, 2] and all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)
        state.apply_action("TSC".index(coin))
    assert not state.is_chance_node() and state.current_player() == 0
    seeded = gamebench.load_game("coin-sorter").new_initial_state(seed=1)
    assert str(state) == str(seeded)
    assert len(state.legal_actions()) == 300 and state.rewards() == [0.0]
    clone = state.clone()
    clone.apply_action(0)
    assert str(state) == str(seeded) and len(clone.history()) == 26
    restored = game.deserialize_state(clone.serialize())
    assert str(restored) == str(clone) and restored.history() == clone.history()


def _mcts_games(pyspiel, seed, games=2, ply_limit=40, simulations=20):
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("gamebench_bagh_chal", {"ply_limit": ply_limit})
    results = []
    for g in range(games):
        rng = np.random.RandomState(seed + g)
        bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                             evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                             random_state=rng)
                for _ in range(2)]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        results.append((list(returns), len(state.history()) if state.is_terminal() else None))
    return results


def test_openspiel_mcts_bot_finishes_bagh_chal_games():
    pyspiel, _ = _pyspiel()
    results = _mcts_games(pyspiel, seed=3)
    for returns, plies in results:
        assert plies is not None and 0 < plies <= 40
        assert sum(returns) == 0 and returns[0] in (-1.0, 0.0, 1.0)
    # Seeded bots on a deterministic game: the same games again.
    assert _mcts_games(pyspiel, seed=3, games=1) == results[:1]


# ------------------------------------------------------------------ examples

EXAMPLES = __import__("pathlib").Path(__file__).resolve().parent.parent / "examples"


def _run_example(name, *args):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _example_module(name):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_random_rollouts():
    out = _run_example("random_rollouts.py", "--seconds", "0.2", "--playouts", "500", "--envs", "256")
    rates = [float(m.replace(",", "")) for m in re.findall(r"([\d,]+) steps/s", out)]
    assert len(rates) == 3 and all(r > 0 for r in rates), out


def test_example_evaluate_policy_plays_and_grades():
    out = _run_example("evaluate_policy.py", "--games", "2", "--tablebase", "/nonexistent/bagh-chal.tb")
    assert "one-ply policy against alphabeta:depth=4, 2 games" in out
    assert "bench solve --game bagh-chal --threads 2" in out  # how to make the missing tablebase
    example = _example_module("evaluate_policy")
    # The move classifier and the policy's view of a position, on a known position.
    game = gamebench.load_game("bagh-chal")
    state = game.state_from_text("T3T/5/2G2/5/T3T t 19 0")
    assert example.captured(state) == 0 and example.goats_in_hand(state) == 19
    assert example.is_capture(25 + 0 * 25 + 12) and not example.is_capture(25 + 0 * 25 + 6)
    policy = example.OnePlyPolicy(game, seed=1)
    assert len(policy.tiger_moves(game.state_from_text("T3T/5/2G2/5/T3T g 19 0"))) == 12


def test_example_evaluate_policy_tablebase_grading():
    example = _example_module("evaluate_policy")
    path = example.find_tablebase(None)
    if path is None:
        pytest.skip("no Bagh-Chal tablebase ($BAGH_CHAL_TABLEBASE or tablebases/bagh-chal.tb; "
                    "bench solve --game bagh-chal --threads 2)")
    game = gamebench.load_game("bagh-chal")
    # Sliding-phase positions of seeded random games: under perfect play a position's value
    # is the best its moves keep (win > draw > loss), and no move improves on it.
    order = {"loss": 0, "draw": 1, "win": 2}
    graded = 0
    for seed in range(6):
        state = game.new_initial_state()
        ply = 0
        while not state.is_terminal() and example.goats_in_hand(state) > 0:
            state.apply_action(state.random_action(gamebench.derive_seed(seed, ply, 0)))
            ply += 1
        if state.is_terminal():
            continue
        counts = example.grade(game, path, [(state, a) for a in state.legal_actions()])
        assert sum(counts.values()) == len(state.legal_actions())
        befores = {before for before, _ in counts}
        assert len(befores) == 1
        before = befores.pop()
        assert max(order[after] for _, after in counts) == order[before]
        graded += 1
    assert graded >= 2


def test_example_learn_coin_sorter_learns():
    example = _example_module("learn_coin_sorter")
    import numpy as np

    # The decoding of the batched observation is the library's position text.
    state = gamebench.load_game("coin-sorter").new_initial_state(seed=7)
    boards, turns = example.decode(state.observation_array()[None])
    assert "".join("TSC"[k] for k in boards[0]) == str(state).split()[0].replace("/", "") and turns[0] == 10
    # The afterstates of every swap, against swapping and counting by hand.
    rng = np.random.default_rng(3)
    boards = rng.integers(0, 3, (3, 25))
    base, changed = example.afterstates(boards)
    for n in range(3):
        for k in range(300):
            after = boards[n].copy()
            a, b = example.SWAP_A[k], example.SWAP_B[k]
            after[a], after[b] = after[b], after[a]
            grid = after.reshape(5, 5)
            lines = [grid[r] for r in range(5)] + [grid[:, c] for c in range(5)]
            full = list(base[n, :10])
            for j in range(4):
                if example.CHANGED[k, j] != example.NO_LINE:
                    full[example.CHANGED[k, j]] = changed[n, k, j]
            assert full == [np.bincount(line, minlength=3).max() for line in lines]
    out = _run_example("learn_coin_sorter.py", "--envs", "64", "--train-steps", "400", "--eval-deals", "200")
    before, after = (float(v) for v in re.findall(r"([\d.]+) ± [\d.]+ points per deal", out))
    assert before < 1.0 and after > 3.0, out
