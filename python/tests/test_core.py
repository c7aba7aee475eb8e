"""Core tests of the gamebench package (plain pytest; also `python -m pytest`).

1. Random games played through Python agree with `bench replay` of the same moves.
2. A VectorEnv equals the same games stepped one by one (auto-reset included).
3. Bad input raises the right exception with a one-line message.
4. Coin Sorter's explicit chance nodes.
5. Agents answer legal moves with values.
6. Playouts are reproducible from their seed whatever the threads.

`bench` is $BENCH, else the repository's release build (.build/release/bench).
Runs with and without numpy.
"""

import array
import json
import math
import os
import random
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import gamebench
from gamebench import (AgentFileError, ArgumentError, GameBenchError, HandleError, IllegalActionError, RulesError,
                       SpecError, StateError, TextError, UnknownGameError)

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.environ.get("BENCH") or os.path.join(REPO, ".build", "release", "bench")
GAMES = 200

try:
    import numpy as np
except ImportError:
    np = None


def flat(x):
    """A flat list of Python numbers from a numpy array (any shape), an array.array or a list of lists."""
    if np is not None and isinstance(x, np.ndarray):
        return x.ravel().tolist()
    return [v for item in x for v in (item if isinstance(item, list) else [item])]


def rows(x, n):
    """The n rows of a batched output (numpy (n, ...) or flat array.array)."""
    values = flat(x)
    size = len(values) // n
    return [values[i * size:(i + 1) * size] for i in range(n)]


# ------------------------------------------------------------ 1. against bench replay

def bench_replay(job):
    game, moves, seed, level = job[:4]
    cmd = [BENCH, "replay", "--game", game, "--moves", moves, "--json"] + list(job[4:])
    if seed is not None:
        cmd += ["--seed", str(seed)]
    if level is not None:
        cmd += ["--level", str(level)]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert out.returncode == 0, "%s: %s" % (" ".join(cmd[:4]), out.stderr.strip())
    return json.loads(out.stdout)


def replay_all(jobs):
    assert os.path.isfile(BENCH) and os.access(BENCH, os.X_OK), (
        "bench not found at %s: build it (swift build -c release --product bench) or set BENCH" % BENCH)
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return list(pool.map(bench_replay, jobs))


def play_random(state, rng):
    """Plays random legal moves to the end; returns their notation (round-trip checked)."""
    moves = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "no legal actions at a state that is not over: %s" % state
        action = rng.choice(legal)
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action
        moves.append(text)
        state.apply_action(action)
    assert state.legal_actions() == []
    assert state.current_player() == gamebench.TERMINAL_PLAYER
    return moves


OUTCOMES = {(1.0, -1.0): "goats win", (-1.0, 1.0): "tigers win", (0.0, 0.0): "draw"}


@pytest.mark.parametrize("name", ["tigers-goats", "bagh-chal"])
def test_two_player_random_games_match_bench_replay(name):
    # Every third game under a short ply limit (rules through both paths; draws too).
    games = [gamebench.load_game(name), gamebench.load_game(name, ply_limit=40)]
    played, jobs = [], []
    for k in range(GAMES):
        short = k % 3 == 2
        state = games[short].new_initial_state()
        moves = play_random(state, random.Random(1000 + k))
        played.append((str(state), state.returns(), state.move_number(), len(moves)))
        jobs.append((name, ",".join(moves), None, None) + (("--ply-limit", "40") if short else ()))
    outcomes = set()
    for (text, returns, plies, n), got in zip(played, replay_all(jobs)):
        assert got["position"] == text
        assert got["plies"] == plies == n
        assert got.get("outcome") == OUTCOMES[tuple(returns)], (returns, got)
        outcomes.add(got["outcome"])
    assert len(outcomes) >= 2, "random games all ended alike: %s" % outcomes


def test_coin_sorter_random_games_match_bench_replay():
    game = gamebench.load_game("coin-sorter")
    played, jobs = [], []
    for k in range(GAMES):
        seed = 1 + k
        state = game.new_initial_state(seed=seed)
        assert not state.is_chance_node()
        moves = play_random(state, random.Random(2000 + k))
        played.append((str(state), state.returns()))
        jobs.append(("coin-sorter", ",".join(moves), seed, None))
    scores = set()
    for (text, returns), got in zip(played, replay_all(jobs)):
        assert got["position"] == text
        assert got["over"] is True
        assert float(got["score"]) == returns[0]
        scores.add(got["score"])
    assert len(scores) > 1


def test_balls_random_taps_match_bench_replay():
    games = {level: gamebench.load_game("balls", level=level) for level in range(1, 11)}
    played, jobs = [], []
    for k in range(GAMES):
        level, seed = 1 + k % 10, 1 + k
        rng = random.Random(3000 + k)
        state = games[level].new_initial_state(seed=seed)
        assert state.legal_actions() == []  # taps are not listed
        if k % 2:
            action = state.random_action(rng.randrange(1 << 64))
        else:  # a tap made from the documented layout: (t*480 + y)*320 + x
            t, x, y = rng.randrange(0, 400), rng.randrange(320), rng.randrange(480)
            action = (t * 480 + y) * 320 + x
            assert state.action_to_string(action) == "%d@%d,%d" % (t, x, y)
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action
        state.apply_action(action)
        assert state.is_terminal()
        assert state.rewards() == state.returns()
        played.append((str(state), state.returns()))
        jobs.append(("balls", text, seed, level))
    scores = set()
    for (text, returns), got in zip(played, replay_all(jobs)):
        assert got["position"] == text
        assert got["over"] is True
        assert float(got["score"]) == returns[0]
        scores.add(got["score"])
    assert len(scores) > 3


# ------------------------------------------------------- 2. batched equals one by one

def mirror_reward(state, action):
    """Applies `action` to a single state; returns (reward of the mover, terminal)."""
    player = state.current_player()
    before = state.returns()[0]
    state.apply_action(action)
    terminal = state.is_terminal()
    if state.game.num_players() == 1:
        return state.returns()[0] - before, terminal
    return (state.returns()[player] if terminal else 0.0), terminal


def check_env_matches(vec, states, obs, masks, players):
    n = vec.num_envs
    game = vec.game
    obs_rows = rows(obs, n)
    mask_rows = rows(masks, n) if masks is not None else None
    player_list = flat(players)
    for i in range(n):
        assert str(vec.state(i)) == str(states[i])
        assert obs_rows[i] == states[i].observation_tensor()
        assert player_list[i] == states[i].current_player()
        if game.name != "balls":
            assert mask_rows[i] == states[i].legal_actions_mask()
    if game.name == "balls":
        assert masks is None


@pytest.mark.parametrize("name,steps", [("tigers-goats", 150), ("bagh-chal", 150), ("coin-sorter", 120),
                                        ("balls", 6)])
def test_vector_env_equals_one_by_one(name, steps):
    rules = {"balls": {"level": 5}, "coin-sorter": {}}.get(name, {"ply_limit": 60})  # short games: many resets
    game = gamebench.load_game(name, **rules)
    n, seed = 6, 77
    vec = gamebench.VectorEnv(game, n, seed=seed, threads=2)
    episodes = [0] * n

    def fresh(i):
        return game.new_initial_state(seed=gamebench.derive_seed(seed, i, episodes[i]))

    states = [fresh(i) for i in range(n)]
    obs, masks, players = vec.reset()
    check_env_matches(vec, states, obs, masks, players)
    rng = random.Random(5)
    resets = 0
    for step in range(steps):
        if step % 2 == 0 or name == "balls":
            actions = vec.random_actions(1000 + step)
            for i, a in enumerate(flat(actions)):
                assert a == states[i].random_action(gamebench.derive_seed(1000 + step, i, 0))
        else:
            actions = [rng.choice(s.legal_actions()) for s in states]
        obs, rewards, terminals, masks, players = vec.step(actions)
        rewards, terminals = flat(rewards), flat(terminals)
        for i, a in enumerate(flat(actions)):
            reward, terminal = mirror_reward(states[i], a)
            assert rewards[i] == reward, (i, step)
            assert bool(terminals[i]) == terminal, (i, step)
            if terminal:
                resets += 1
                episodes[i] += 1
                states[i] = fresh(i)
        check_env_matches(vec, states, obs, masks, players)
        if step == steps // 2:  # reset mid-way: environments with moves start their next episode
            obs, masks, players = vec.reset()
            for i in range(n):
                if states[i].move_number() > 0:
                    episodes[i] += 1
                    states[i] = fresh(i)
            check_env_matches(vec, states, obs, masks, players)
    assert resets >= (n * steps if name == "balls" else 2), "too few games ended: the auto-reset went untested"


def test_vector_env_outputs_shapes_and_types():
    game = gamebench.load_game("bagh-chal")
    vec = gamebench.VectorEnv(game, 3, seed=1, threads=1)
    obs, masks, players = vec.reset()
    obs, rewards, terminals, masks, players = vec.step(vec.random_actions(3))
    size = game.observation_tensor_size()
    if np is not None:
        assert obs.shape == (3, 6, 5, 5) and obs.dtype == np.float32
        assert masks.shape == (3, 650) and masks.dtype == np.uint8
        assert rewards.dtype == np.float32 and terminals.dtype == np.bool_ and players.dtype == np.int32
        assert vec.random_actions(1).dtype == np.int64
    else:
        assert isinstance(obs, array.array) and obs.typecode == "f" and len(obs) == 3 * size
        assert len(masks) == 3 * 650 and len(players) == 3 and len(rewards) == 3 and len(terminals) == 3


# ------------------------------------------------------------------- 3. bad input

def one_line(excinfo, cls):
    e = excinfo.value
    assert type(e) is cls, "%s raised, %s expected: %s" % (type(e).__name__, cls.__name__, e)
    message = str(e)
    assert message and "\n" not in message and len(message) < 400, repr(message)
    assert e.code == cls.code
    return message


def test_bad_input_raises_one_line_errors(tmp_path):
    tg = gamebench.load_game("tigers-goats")
    cs = gamebench.load_game("coin-sorter")
    balls = gamebench.load_game("balls", level=3)
    s = tg.new_initial_state()
    cases = [
        (lambda: gamebench.load_game("chess"), UnknownGameError),
        (lambda: gamebench.load_game("tigers-goats", colour="red"), RulesError),
        (lambda: gamebench.load_game("tigers-goats", ply_limit="many"), RulesError),
        (lambda: gamebench.load_game("bagh-chal", long_range=True), RulesError),
        (lambda: gamebench.load_game("balls", level=11), RulesError),
        (lambda: s.apply_action(4095), IllegalActionError),
        (lambda: s.apply_action(-1), IllegalActionError),
        (lambda: s.apply_action(1 << 70), ArgumentError),
        (lambda: s.apply_action("b1-c2"), ArgumentError),
        (lambda: cs.new_initial_state(seed=1).apply_action(300), IllegalActionError),
        (lambda: s.action_to_string(1 << 40), IllegalActionError),
        (lambda: s.set_position("GGGG/not a board"), TextError),
        (lambda: tg.state_from_text(""), TextError),
        (lambda: cs.state_from_text("XYZ", seed=1), TextError),
        (lambda: s.string_to_action("b1c2"), TextError),
        (lambda: gamebench.Agent("alphabeta:depth=x", tg), SpecError),
        (lambda: gamebench.Agent("no-such-agent", tg), SpecError),
        (lambda: gamebench.Agent("tablebase", cs), SpecError),
        (lambda: gamebench.Agent("greedy:eval=/nonexistent.bin", cs), AgentFileError),
        (lambda: gamebench.Agent("greedy:eval=%s" % (tmp_path / "empty.bin"), cs), AgentFileError),
        (lambda: tg.new_initial_state(seed=-1), ArgumentError),
        (lambda: cs.new_initial_state(seed=1 << 64), ArgumentError),
        (lambda: cs.new_initial_state(seed=1.5), ArgumentError),
        (lambda: gamebench.derive_seed(-1, 0, 0), ArgumentError),
        (lambda: s.random_action(1 << 64), ArgumentError),
        (lambda: gamebench.VectorEnv(tg, 2, seed=-3), ArgumentError),
        (lambda: gamebench.VectorEnv(tg, 0), ArgumentError),
        (lambda: gamebench.random_playouts(s, 4, seed=-1), ArgumentError),
        (lambda: gamebench.random_playouts(s, -4), ArgumentError),
        (lambda: balls.new_initial_state(), ArgumentError),
        (lambda: balls.new_initial_state(seed=1).legal_actions_mask(), ArgumentError),
        (lambda: s.write_observation(array.array("f", [0.0]) * (tg.observation_tensor_size() - 1)), ArgumentError),
        (lambda: s.write_observation(array.array("f", [0.0]) * (tg.observation_tensor_size() + 1)), ArgumentError),
        (lambda: s.write_observation(array.array("d", [0.0]) * tg.observation_tensor_size()), ArgumentError),
        (lambda: s.write_legal_actions_mask(bytearray(100)), ArgumentError),
        (lambda: s.chance_outcomes(), StateError),
        (lambda: gamebench.VectorEnv(tg, 3).step([0, 1]), ArgumentError),
    ]
    (tmp_path / "empty.bin").write_bytes(b"")
    for call, cls in cases:
        with pytest.raises(GameBenchError) as excinfo:
            call()
        one_line(excinfo, cls)
    # The failed calls left the state as it was.
    assert str(s) == str(tg.new_initial_state())
    # The right buffer sizes work.
    buf = array.array("f", [0.0]) * tg.observation_tensor_size()
    s.write_observation(buf)
    assert list(buf) == s.observation_tensor()
    mask = bytearray(tg.num_distinct_actions())
    s.write_legal_actions_mask(mask)
    assert list(mask) == s.legal_actions_mask()
    # Exceptions are also the standard kinds the contract names.
    assert issubclass(AgentFileError, OSError) and issubclass(IllegalActionError, ValueError)


def test_terminal_state_refuses_actions():
    balls = gamebench.load_game("balls", level=1)
    st = balls.new_initial_state(seed=1)
    st.apply_action(st.string_to_action("0@65,199"))
    assert st.is_terminal() and st.returns() == [2.0]
    with pytest.raises(GameBenchError) as excinfo:
        st.apply_action(0)
    assert type(excinfo.value) in (StateError, IllegalActionError)
    one_line(excinfo, type(excinfo.value))
    with pytest.raises(StateError) as excinfo:
        gamebench.Agent("greedy", balls).step(st)
    one_line(excinfo, StateError)


def test_use_after_close_raises_handle_error():
    game = gamebench.load_game("bagh-chal")
    s = game.new_initial_state()
    c = s.clone()
    s.close()
    s.close()  # closing twice is harmless
    for call in (s.legal_actions, s.is_terminal, s.clone, lambda: str(s), lambda: s.apply_action(12)):
        with pytest.raises(HandleError) as excinfo:
            call()
        one_line(excinfo, HandleError)
    assert c.legal_actions()  # the clone is its own handle
    # A state that has moved answers some questions from caches: they close with it.
    moved = game.new_initial_state()
    moved.apply_action(moved.legal_actions()[0])
    moved.close()
    for call in (moved.current_player, moved.is_terminal, moved.is_chance_node, moved.is_player_node,
                 moved.legal_actions, moved.rewards):
        with pytest.raises(HandleError) as excinfo:
            call()
        one_line(excinfo, HandleError)
    agent = gamebench.Agent("random", game, seed=1)
    agent.close()
    with pytest.raises(HandleError) as excinfo:
        agent.step(c)
    one_line(excinfo, HandleError)
    vec = gamebench.VectorEnv(game, 2)
    vec.close()
    with pytest.raises(HandleError) as excinfo:
        vec.reset()
    one_line(excinfo, HandleError)
    with gamebench.load_game("coin-sorter") as g2:
        pass
    with pytest.raises(HandleError) as excinfo:
        g2.new_initial_state(seed=1)
    one_line(excinfo, HandleError)


# ------------------------------------------------------------ 4. explicit chance

def deal(state, coins):
    """Resolves chance nodes with `coins` (letters) in order; returns how many chance nodes there were."""
    n = 0
    for letter in coins:
        assert state.is_chance_node() and state.current_player() == gamebench.CHANCE_PLAYER
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == [0, 1, 2] == state.legal_actions()
        assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=0, abs_tol=1e-12)
        assert [state.action_to_string(a) for a, _ in outcomes] == ["T", "S", "C"]
        state.apply_action(state.string_to_action(letter))
        n += 1
    return n


def test_coin_sorter_explicit_chance():
    game = gamebench.load_game("coin-sorter")
    assert game.max_chance_outcomes() == 3
    # The deal is 25 chance nodes filling a1, b1, ..., e5: seed 1's coins give seed 1's game.
    seeded = game.new_initial_state(seed=1)
    board = str(seeded).split()[0]
    state = game.new_initial_state()  # no seed: chance events are the caller's
    assert deal(state, board.replace("/", "")) == 25
    assert state.is_player_node() and state.current_player() == 0
    assert str(state) == str(seeded) and state.legal_actions() == seeded.legal_actions()
    assert state.move_number() == 0  # chance events are not counted
    assert state.observation_tensor() == seeded.observation_tensor()
    with pytest.raises(StateError):
        state.chance_outcomes()
    # A random deal: at least 25 chance nodes (more when the deal completes lines, which
    # settle), then play with every refill a chance node of the same three outcomes.
    rng = random.Random(9)
    state = game.new_initial_state()
    copy = state.clone()
    assert copy.is_chance_node()  # a clone keeps the explicit mode
    chance_nodes = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            deal(state, rng.choice("TSC"))
            chance_nodes += 1
        else:
            assert chance_nodes >= 25
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    assert decisions == game.max_game_length() and chance_nodes > 25
    assert state.returns()[0] >= 0


# ----------------------------------------------------------------------- 5. agents

@pytest.mark.parametrize("name", ["tigers-goats", "bagh-chal"])
def test_alphabeta_agent_answers_a_legal_move_and_value(name):
    game = gamebench.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    agent = gamebench.Agent("alphabeta:depth=2", game, seed=1)
    result = agent.search(state)
    assert result.action in state.legal_actions()
    assert isinstance(result.value, float) and math.isfinite(result.value)
    assert result.nodes > 0 and result.depth >= 1
    assert agent.step(state) == result.action
    assert agent.value(state) == result.value
    deeper = agent.search(state, depth=3)
    assert deeper.action in state.legal_actions() and deeper.depth >= result.depth


def test_agents_on_puzzles_and_reproducible_seeds():
    cs = gamebench.load_game("coin-sorter")
    state = cs.new_initial_state(seed=4)
    action = gamebench.Agent("greedy", cs).step(state)
    assert action in state.legal_actions()
    tg = gamebench.load_game("tigers-goats")
    start = tg.new_initial_state()
    a1 = gamebench.Agent("mcts:playouts=200", tg, seed=11).search(start)
    a2 = gamebench.Agent("mcts:playouts=200", tg, seed=11).search(start)
    assert a1.action == a2.action and a1.playouts == a2.playouts == 200
    assert a1.action in start.legal_actions()


# --------------------------------------------------------------------- 6. playouts

@pytest.mark.parametrize("name", ["tigers-goats", "bagh-chal", "coin-sorter"])
def test_playouts_reproducible_whatever_the_threads(name):
    game = gamebench.load_game(name)
    state = game.new_initial_state(seed=3) if name == "coin-sorter" else game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    text = str(state)
    runs = [gamebench.random_playouts(state, 40, seed=21, threads=t) for t in (1, 2, 0)]
    first = (flat(runs[0][0]), flat(runs[0][1]))
    for r in runs[1:]:
        assert (flat(r[0]), flat(r[1])) == first
    assert str(state) == text  # the state itself did not move
    other = gamebench.random_playouts(state, 40, seed=22, threads=2)
    assert (flat(other[0]), flat(other[1])) != first
    returns = rows(runs[0][0], 40)
    lengths = first[1]
    assert all(1 <= n <= game.max_game_length() for n in lengths)
    if name == "coin-sorter":
        assert all(r[0] >= 0 for r in returns)
    else:
        assert all(tuple(r) in OUTCOMES for r in returns)


def test_playouts_shape():
    game = gamebench.load_game("bagh-chal")
    returns, lengths = gamebench.random_playouts(game.new_initial_state(), 5, seed=1, threads=1)
    assert len(returns) == 5 and len(lengths) == 5 and all(len(r) == 2 for r in returns)
    returns, lengths = gamebench.random_playouts(game.new_initial_state(), 0, seed=1)
    assert len(returns) == 0 and len(lengths) == 0
    if np is not None:
        assert returns.shape == (0, 2) and returns.dtype == np.float64 and lengths.dtype == np.int64


# ------------------------------------------------------------- the API's contract

def test_game_info_and_action_layout():
    names = gamebench.game_names()
    assert names[0] == "tigers-goats" and set(names) >= {"tigers-goats", "bagh-chal", "coin-sorter", "balls"}
    expected = {"tigers-goats": (2, 4096, [5, 8, 8]), "bagh-chal": (2, 650, [6, 5, 5]),
                "coin-sorter": (1, 300, [4, 5, 5]), "balls": (1, 47431987200, [3, 48, 32])}
    for name, (players, actions, shape) in expected.items():
        g = gamebench.load_game(name)
        assert (g.num_players(), g.num_distinct_actions(), g.observation_tensor_shape()) == (players, actions, shape)
        assert g.observation_tensor_size() == shape[0] * shape[1] * shape[2]
        assert g.name == name and g.max_game_length() > 0 and g.min_utility() <= g.max_utility()
        again = gamebench.load_game(name, **g.get_parameters())
        assert again.get_parameters() == g.get_parameters()
    tg = gamebench.load_game("tigers-goats", ply_limit=120, long_range=True)
    assert tg.get_parameters() == {"plyLimit": 120, "longRange": True}
    s = tg.new_initial_state()
    assert s.string_to_action("b1-c2") == 1 * 64 + 10
    assert s.action_to_string(74) == "b1-c2"
    bc = gamebench.load_game("bagh-chal").new_initial_state()
    assert bc.string_to_action("c3") == 2 * 5 + 2
    cs = gamebench.load_game("coin-sorter").new_initial_state(seed=1)
    assert cs.string_to_action("a1:c3") == 11  # pair (0, 12)
    assert cs.string_to_action("d5:e5") == 299  # pair (23, 24), the last
    # The observation of the start of Tigers & Goats: its pieces and the goats to move.
    obs = s.observation_tensor()
    board = str(s).split()[0]
    assert sum(obs[0:64]) == board.count("G") and sum(obs[64:128]) == board.count("T")
    assert obs[128:192] == [1.0 - a - b for a, b in zip(obs[0:64], obs[64:128])]
    assert obs[192:256] == [1.0] * 64
    if np is not None:
        assert s.observation_array().shape == (5, 8, 8)
        assert s.observation_array().ravel().tolist() == obs
    else:
        with pytest.raises(ImportError) as excinfo:
            s.observation_array()
        assert "numpy" in str(excinfo.value) and "\n" not in str(excinfo.value)
    mask = s.legal_actions_mask()
    assert [a for a, m in enumerate(mask) if m] == s.legal_actions()


def test_state_api_rewards_clone_text_hash():
    bc = gamebench.load_game("bagh-chal")
    s = bc.new_initial_state()
    assert s.rewards() == [0.0, 0.0] and s.returns() == [0.0, 0.0]
    s.apply_action(s.string_to_action("c3"))
    c = s.clone()
    assert str(c) == str(s) and c.hash() == s.hash() and c.move_number() == s.move_number() == 1
    c.apply_action(c.legal_actions()[0])
    assert c.hash() != s.hash() and s.move_number() == 1
    assert s.legal_actions(player=1) == s.legal_actions() and s.legal_actions(player=0) == []
    first = s.legal_actions()[0]
    assert s.action_to_string(1, first) == s.action_to_string(first)
    t = bc.state_from_text(str(c))
    assert str(t) == str(c) and t.move_number() == 0 and t.hash() == c.hash()
    # Rewards: a puzzle's last move's points (greedy play, so that moves score).
    cs = gamebench.load_game("coin-sorter")
    greedy = gamebench.Agent("greedy", cs, seed=1)
    st = cs.new_initial_state(seed=2)
    rewards = []
    while not st.is_terminal():
        st.apply_action(greedy.step(st))
        rewards.append(st.rewards()[0])
    assert sum(rewards) == st.returns()[0] > 0 and len([r for r in rewards if r > 0]) >= 2
    assert "coin-sorter" in repr(st)


def test_python_threads_play_independent_games():
    """States on different Python threads at once (each thread has its own scratch buffers)."""
    import sys
    game = gamebench.load_game("bagh-chal")

    def run(k):
        state = game.new_initial_state()
        moves = play_random(state, random.Random(k))
        return moves, str(state), state.returns(), state.observation_tensor()

    expected = [run(k) for k in range(24)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            got = list(pool.map(run, range(24)))
    finally:
        sys.setswitchinterval(interval)
    assert got == expected


def test_bindings_cover_the_header():
    """Every function of include/gamebench.h is bound, with as many argtypes as it has parameters."""
    import re
    from gamebench import _lib
    with open(os.path.join(REPO, "include", "gamebench.h"), encoding="utf-8") as f:
        header = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    declared = {}
    for name, params in re.findall(r"\b(gb_\w+)\s*\(([^;{]*?)\)\s*;", header):
        params = params.strip()
        declared[name] = 0 if params in ("", "void") else params.count(",") + 1
    assert len(declared) >= 30
    assert set(declared) == set(_lib.F)
    for name, count in declared.items():
        assert len(_lib.F[name].argtypes) == count, name
