"""The workbench's engines as OpenSpiel (pyspiel) Python games.

    import pyspiel, gamebench.openspiel
    gamebench.openspiel.register()
    game = pyspiel.load_game("gamebench_bagh_chal", {"ply_limit": 60})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

register() adds three games to pyspiel's registry (calling it again does nothing):

- gamebench_tigers_goats (parameters ply_limit, long_range) and gamebench_bagh_chal
  (ply_limit): two players, 0 = goats (moves first), 1 = tigers; deterministic, perfect
  information, zero-sum, terminal rewards (+1/-1, 0 for a draw: the ply limit and
  threefold repetition are draws, as in docs/rules.md). OpenSpiel's MCTSBot, alpha-beta
  and the rest of its algorithms for such games play them.
- gamebench_coin_sorter: one player, explicit chance (pyspiel's EXPLICIT_STOCHASTIC):
  new_initial_state() starts before the deal; the 25 coins of the deal and every refill
  are chance nodes of one coin each, outcome 0 = triangle, 1 = square, 2 = circle, each
  1/3. Rewards per move (the points of the swap and its cascade, summed over the chance
  nodes of the refills that follow it): at a chance node rewards() is the running sum
  since the last decision, so read it at decision nodes and at the end (as
  rl_environment does), where the rewards add up to the return, the score.

Action ids, observation tensors and notation are the library's (include/gamebench.h;
gamebench.load_game(name).info["action_space"] says the layout);
str(state) is the position text; information state strings are the history (the games
are public), observation strings the position text. Clone, serialize and deserialize
work (a state is rebuilt from its game and its actions).

OpenSpiel is imported here only, so `import gamebench` never needs it. Python games are
called through pyspiel's trampolines: every call crosses Python, so C++ algorithms run
slower on them than on pyspiel's own games, and the batched gamebench API is the fast path.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import gamebench

__all__ = ["register", "GAMES", "engine_state"]

#: OpenSpiel name -> gamebench name.
GAMES = {
    "gamebench_tigers_goats": "tigers-goats",
    "gamebench_bagh_chal": "bagh-chal",
    "gamebench_coin_sorter": "coin-sorter",
}

_LONG_NAMES = {
    "gamebench_tigers_goats": "gamebench Tigers & Goats (8x8)",
    "gamebench_bagh_chal": "gamebench Bagh-Chal (5x5)",
    "gamebench_coin_sorter": "gamebench Coin Sorter",
}

_registered = False
_engines: dict = {}


def _snake(key: str) -> str:
    out = []
    for ch in key:
        if ch.isupper():
            out.append("_")
            out.append(ch.lower())
        else:
            out.append(ch)
    return "".join(out)


def _rules_key(rules: dict) -> tuple:
    return tuple(sorted(rules.items()))


def _engine_game(name: str, rules_key: tuple) -> "gamebench.Game":
    """The gamebench game of (name, rules), loaded once per process."""
    key = (name, rules_key)
    game = _engines.get(key)
    if game is None:
        game = gamebench.load_game(name, **dict(rules_key))
        _engines[key] = game
    return game


def _replay(name: str, rules_key: tuple, actions: tuple) -> "_Engine":
    """The engine state after `actions` (chance outcomes included) from the start."""
    state = _engine_game(name, rules_key).new_initial_state()
    for action in actions:
        state.apply_action(action)
    return _Engine(name, rules_key, state, list(actions))


class _Engine:
    """A gamebench state and the actions that made it.

    pyspiel clones a Python state by deep-copying its __dict__ and serializes it by
    pickling the __dict__: this holder copies the engine state through the library
    (gb_state_clone) and pickles as its game and actions, replayed on loading.
    """

    __slots__ = ("name", "rules_key", "state", "actions")

    def __init__(self, name, rules_key, state, actions):
        self.name = name
        self.rules_key = rules_key
        self.state = state
        self.actions = actions

    def __deepcopy__(self, memo):
        return _Engine(self.name, self.rules_key, self.state.clone(), list(self.actions))

    def __reduce__(self):
        return (_replay, (self.name, self.rules_key, tuple(self.actions)))


def engine_state(state: pyspiel.State) -> "gamebench.State":
    """The gamebench.State under a state of a gamebench_* game (read it; step the pyspiel state)."""
    return state._engine.state


class _Observer:
    """The library's observation tensor (planes x rows x columns) and the position text."""

    def __init__(self, shape, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        del player  # perfect information: every player sees the same
        self.tensor[:] = state._engine.state.observation_tensor()

    def string_from(self, state, player):
        del player
        return str(state._engine.state)


class _State(pyspiel.State):
    """A pyspiel state over a gamebench state (see the module doc)."""

    def __init__(self, game):
        super().__init__(game)
        state = game.engine.new_initial_state()  # no seed: explicit chance nodes (Coin Sorter)
        self._engine = _Engine(game.engine.name, game.rules_key, state, [])
        # Returns just before the last decision was applied: rewards() is what has been
        # earned since (the decision and the chance nodes after it), so the rewards read
        # at decision nodes and at the end add up to the returns.
        self._returns_before_decision = [0.0] * game.num_players()

    def current_player(self):
        return self._engine.state.current_player()

    def _legal_actions(self, player):
        state = self._engine.state
        if state.is_terminal() or player != state.current_player():
            return []
        if state.is_chance_node():
            return sorted(action for action, _ in state.chance_outcomes())
        return list(state.legal_actions())

    def chance_outcomes(self):
        return [(int(action), float(p)) for action, p in self._engine.state.chance_outcomes()]

    def _apply_action(self, action):
        engine = self._engine
        if not engine.state.is_chance_node():
            self._returns_before_decision = list(engine.state.returns())
        engine.state.apply_action(int(action))
        engine.actions.append(int(action))

    def _action_to_string(self, player, action):
        try:
            return self._engine.state.action_to_string(int(action))
        except gamebench.GameBenchError:
            # OpenSpiel may name an action that is not legal here; the library only names legal ones.
            return f"action {int(action)}"

    def is_terminal(self):
        return self._engine.state.is_terminal()

    def returns(self):
        return [float(r) for r in self._engine.state.returns()]

    def rewards(self):
        return [float(r) - b for r, b in zip(self._engine.state.returns(), self._returns_before_decision)]

    def __str__(self):
        return str(self._engine.state)


def _make_game_class(short_name: str, engine_name: str, defaults: dict, game_type: pyspiel.GameType):
    class Game(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            unknown = sorted(set(params) - set(defaults))
            if unknown:
                raise ValueError(f"{short_name} has no parameter {', '.join(unknown)} "
                                 f"(its parameters: {', '.join(sorted(defaults)) or 'none'})")
            rules = {**defaults, **params}
            self.rules_key = _rules_key(rules)
            self.engine = _engine_game(engine_name, self.rules_key)
            engine = self.engine
            two_player = engine.num_players() == 2
            info = pyspiel.GameInfo(
                num_distinct_actions=engine.num_distinct_actions(),
                max_chance_outcomes=engine.max_chance_outcomes(),
                num_players=engine.num_players(),
                min_utility=float(engine.min_utility()),
                max_utility=float(engine.max_utility()),
                utility_sum=0.0 if two_player else None,
                max_game_length=engine.max_game_length(),
            )
            super().__init__(game_type, info, rules)
            self._shape = tuple(engine.observation_tensor_shape())

        def new_initial_state(self):
            return _State(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
                return _Observer(self._shape, params)
            return IIGObserverForPublicInfoGame(iig_obs_type, params)

    Game.__name__ = Game.__qualname__ = "".join(part.title() for part in short_name.split("_")) + "Game"
    return Game


def register() -> None:
    """Registers gamebench_tigers_goats, gamebench_bagh_chal and gamebench_coin_sorter with pyspiel."""
    global _registered
    if _registered:
        return
    known = set(pyspiel.registered_names())
    for short_name, engine_name in GAMES.items():
        if short_name in known:
            continue
        engine = gamebench.load_game(engine_name)
        defaults = {_snake(key): value for key, value in engine.get_parameters().items()}
        two_player = engine.num_players() == 2
        game_type = pyspiel.GameType(
            short_name=short_name,
            long_name=_LONG_NAMES[short_name],
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(pyspiel.GameType.ChanceMode.DETERMINISTIC if two_player
                         else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC),
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=(pyspiel.GameType.Utility.ZERO_SUM if two_player
                     else pyspiel.GameType.Utility.GENERAL_SUM),
            reward_model=(pyspiel.GameType.RewardModel.TERMINAL if two_player
                          else pyspiel.GameType.RewardModel.REWARDS),
            max_num_players=engine.num_players(),
            min_num_players=engine.num_players(),
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=defaults,
        )
        pyspiel.register_game(game_type, _make_game_class(short_name, engine_name, defaults, game_type))
    _registered = True
