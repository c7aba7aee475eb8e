"""Gymnasium environments of the workbench's puzzles; importing this module registers them.

    import gymnasium, gamebench.gymnasium
    env = gymnasium.make("gamebench/CoinSorter-v0")
    obs, info = env.reset(seed=7)              # the deal of `bench replay --game coin-sorter --seed 7`
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

    env = gymnasium.make("gamebench/Balls-v0", level=7)
    obs, info = env.reset(seed=3)
    obs, score, terminated, truncated, info = env.step([0, 160, 240])   # tap 0@160,240

Gymnasium is imported here only, so `import gamebench` never needs it.

gamebench/CoinSorter-v0 (CoinSorterEnv): one deal of Coin Sorter, ten swaps.
- Action: Discrete(300), the swap of cells a < b as a*25 - a*(a+1)/2 + (b-a-1) (cells
  a1=0, b1=1, ..., e5=24, row 1 at the top). Every swap is legal until the deal is over;
  info["action_mask"] (np.int8, 300) says so (all ones while playing, zeros at the end).
- Observation: Box(0, 1, (4, 5, 5), float32): triangles, squares, circles (one-hot per
  cell), turns left / 10.
- Reward: the points of the step (lines completed by the swap and its cascade).
  Terminated after the tenth swap; never truncated.
- reset(seed=S) deals deal S (the same game as `bench replay --seed S`); reset() deals
  a seed drawn from env.np_random. Refills come from the deal's seeded stream, as in
  `bench`: the agent cannot see them coming. info: action_mask, score, seed.

gamebench/Balls-v0 (BallsEnv, option level=1..10): one tap per episode.
- Action: MultiDiscrete([308802, 320, 480]), the tap (t, x, y): tick t counted from the
  level's start, point (x, y) in the 320 x 480 field. Every tap is legal, so there is
  no mask. (A flat Discrete of the 4.7e10 taps would be exact too, but samplers and
  policies handle three small factors far better; they are exactly the tap's fields.)
- Observation: Box (3, 48, 32) float32, per 10 x 10 cell of the field at tick 0: ball
  count, sum of dx, sum of dy; bounds from the level's number of balls n: count in
  [0, n], sums in [-n, n]. After the tap: the balls left, at the tick the level ended.
- Reward: the score, balls exploded by the chain. Terminated after the tap.
- reset(seed=S) deals deal S of the level (`bench replay --game balls --level L --seed S`);
  reset() draws the seed from env.np_random. info: seed, and after the tap the score.

render_mode "ansi": render() returns the position text (docs/formats.md); "human":
prints it.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

import gamebench

__all__ = ["CoinSorterEnv", "BallsEnv", "BALLS_TAP_SHAPE", "register"]

#: (ticks, x, y) of a Balls! tap: t in 0..308801, x in 0..319, y in 0..479.
BALLS_TAP_SHAPE = (308802, 320, 480)


def _seed_from(np_random: np.random.Generator) -> int:
    """A 64-bit deal seed drawn from the env's generator."""
    high, low = (int(v) for v in np_random.integers(0, 2**32, size=2, dtype=np.uint64))
    return (high << 32) | low


def _check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be an int in 0..2**64-1, not {seed!r}")
    return int(seed)


class _PuzzleEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: "gamebench.Game", render_mode: str | None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self.game = game
        self._state = None
        self._seed = None

    @property
    def game_state(self) -> "gamebench.State":
        """The engine state (a gamebench.State): read it or clone it; step the env, not it."""
        if self._state is None:
            raise gymnasium.error.ResetNeeded("call reset() first")
        return self._state

    def _deal(self, seed):
        super().reset(seed=seed)
        self._seed = _check_seed(seed) if seed is not None else _seed_from(self.np_random)
        self._state = self.game.new_initial_state(seed=self._seed)
        return self._state

    def _observation(self) -> np.ndarray:
        return np.array(self._state.observation_array(), dtype=np.float32, copy=True)

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: make the env with "
                                  "render_mode='ansi' (returns the position text) or 'human' (prints it).")
            return None
        text = str(self.game_state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        self._state = None


class CoinSorterEnv(_PuzzleEnv):
    """Coin Sorter, one deal per episode (see the module doc)."""

    def __init__(self, render_mode: str | None = None):
        super().__init__(gamebench.load_game("coin-sorter"), render_mode)
        self.num_actions = self.game.num_distinct_actions()
        self.action_space = spaces.Discrete(self.num_actions)
        self.observation_space = spaces.Box(0.0, 1.0, shape=tuple(self.game.observation_tensor_shape()),
                                            dtype=np.float32)

    def _info(self) -> dict:
        state = self._state
        if state.is_terminal():
            mask = np.zeros(self.num_actions, dtype=np.int8)
        else:
            mask = np.array(state.legal_actions_mask(), dtype=np.int8)
        return {"action_mask": mask, "score": float(state.returns()[0]), "seed": self._seed}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self._deal(seed)
        return self._observation(), self._info()

    def step(self, action):
        state = self.game_state
        state.apply_action(int(action))
        if state.is_chance_node():  # the seeded referee resolves chance; this would be a library bug
            raise RuntimeError("coin-sorter state stopped at a chance node in seeded mode")
        reward = float(state.rewards()[0])
        terminated = bool(state.is_terminal())
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()


class BallsEnv(_PuzzleEnv):
    """Balls!, one tap per episode (see the module doc)."""

    def __init__(self, level: int = 1, render_mode: str | None = None):
        super().__init__(gamebench.load_game("balls", level=level), render_mode)
        self.level = int(self.game.get_parameters().get("level", level))
        shape = tuple(self.game.observation_tensor_shape())
        # The level's number of balls, counted in a deal's first observation (plane 0 is the count).
        first = np.asarray(self.game.new_initial_state(seed=0).observation_array(), dtype=np.float64)
        self.num_balls = int(round(first[0].sum()))
        n = float(self.num_balls)
        low = np.full(shape, -n, dtype=np.float32)
        low[0] = 0.0
        high = np.full(shape, n, dtype=np.float32)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.MultiDiscrete(np.array(BALLS_TAP_SHAPE, dtype=np.int64))

    @staticmethod
    def tap_to_action(t: int, x: int, y: int) -> int:
        """The library's action id of tap t@x,y: (t*480 + y)*320 + x."""
        return (int(t) * 480 + int(y)) * 320 + int(x)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self._deal(seed)
        return self._observation(), {"seed": self._seed}

    def step(self, action):
        state = self.game_state
        t, x, y = (int(v) for v in np.asarray(action).reshape(-1))
        if not (0 <= t < BALLS_TAP_SHAPE[0] and 0 <= x < BALLS_TAP_SHAPE[1] and 0 <= y < BALLS_TAP_SHAPE[2]):
            raise ValueError(f"tap ({t}, {x}, {y}) is outside MultiDiscrete{list(BALLS_TAP_SHAPE)}")
        state.apply_action(self.tap_to_action(t, x, y))
        score = float(state.returns()[0])
        if self.render_mode == "human":
            self.render()
        return self._observation(), score, bool(state.is_terminal()), False, {"seed": self._seed, "score": score}


def register() -> None:
    """Registers gamebench/CoinSorter-v0 and gamebench/Balls-v0 (done on import; idempotent)."""
    if "gamebench/CoinSorter-v0" not in gymnasium.registry:
        gymnasium.register(id="gamebench/CoinSorter-v0", entry_point="gamebench.gymnasium:CoinSorterEnv")
    if "gamebench/Balls-v0" not in gymnasium.registry:
        gymnasium.register(id="gamebench/Balls-v0", entry_point="gamebench.gymnasium:BallsEnv",
                           kwargs={"level": 1})


register()
