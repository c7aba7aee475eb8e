"""PettingZoo AEC environments over the workbench's two-player engines.

    import gamebench.pettingzoo
    env = gamebench.pettingzoo.env("bagh-chal", ply_limit=300, render_mode="ansi")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Games: "tigers-goats" and "bagh-chal" (rules as keyword arguments, e.g. ply_limit=60,
long_range=True; see docs/rules.md). PettingZoo is imported here only, so
`import gamebench` never needs it.

Agents are named by their sides, "goats" (player 0, moves first) and "tigers" (player 1).
(PettingZoo's api_test recommends names such as "player_0" and says so in a warning; the
side names are kept because they say who is who.)

Observations, for either agent: {"observation": float32 array shaped
observation_tensor_shape (Tigers & Goats (5, 8, 8), Bagh-Chal (6, 5, 5); every plane is
0/1 or a fraction, so the space is Box(0, 1)), "action_mask": int8 array of
num_distinct_actions (4096, 650), 1 where the action is legal}. The mask is the legal
moves of the agent to move; it is all zeros for the agent not to move and at the end.
Both agents see the whole board (perfect information); a plane says whose move it is.

Actions: Discrete(num_distinct_actions), the library's ids (include/gamebench.h;
`env.unwrapped.game.info["action_space"]` says the layout): Tigers & Goats from*64 + to
(a1=0 ... h8=63); Bagh-Chal a placement on point p is p, a step or capture from f to t
is 25 + f*25 + t (a1=0 ... e5=24). An illegal action raises gamebench.IllegalActionError (a ValueError)
and leaves the game as it was.

Rewards: +1 to the winner and -1 to the loser on the move that ends the game, 0
otherwise. Every end is by the rules, so every end is a termination, never a
truncation: reaching the ply limit and threefold repetition are draws (both agents
terminated, reward 0), exactly as `bench` scores them. Set `ply_limit` to bound an
episode.

reset(seed=None, options=None): the games have no chance, so the seed changes nothing in
the game; it seeds `env.np_random` (PettingZoo's convention) for callers that want it.
options={"position": TEXT} starts from a position text (docs/formats.md; its ply count
starts at 0, as `bench` reads position text); other option keys are ignored.

render_mode "ansi": render() returns the position text; "human": prints it.

env() returns the environment inside PettingZoo's OrderEnforcingWrapper (a call before
reset() raises), as PettingZoo's own games do; raw_env(...) is the bare class.
`env.unwrapped.game_state` is the gamebench.State, to read or clone (for search).
"""

from __future__ import annotations

import numpy as np
from gymnasium import logger, spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import gamebench

__all__ = ["env", "raw_env", "GameBenchAECEnv", "GAMES", "AGENTS"]

#: The games this adapter offers (two-player, no chance).
GAMES = ("tigers-goats", "bagh-chal")
#: Agent names, by player number: player 0 = goats, player 1 = tigers.
AGENTS = ("goats", "tigers")


def env(game: str = "bagh-chal", render_mode: str | None = None, **rules):
    """A PettingZoo AEC environment of `game` ("tigers-goats" or "bagh-chal") with `rules`,
    in PettingZoo's OrderEnforcingWrapper (calls before reset() raise); `raw_env` is unwrapped."""
    return wrappers.OrderEnforcingWrapper(GameBenchAECEnv(game, render_mode=render_mode, **rules))


class GameBenchAECEnv(AECEnv):
    """Tigers & Goats or Bagh-Chal as a PettingZoo AEC environment (see the module doc)."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "gamebench_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: str = "bagh-chal", render_mode: str | None = None, **rules):
        super().__init__()
        if game not in GAMES:
            raise ValueError(f"gamebench.pettingzoo offers {', '.join(GAMES)}, not {game!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}")
        self.game = gamebench.load_game(game, **rules)
        if self.game.num_players() != len(AGENTS):
            raise ValueError(f"{game} has {self.game.num_players()} players, expected 2")
        self.render_mode = render_mode
        # An instance's name says which game it is (str(env) and the api_test's messages).
        self.metadata = dict(self.metadata, name=f"gamebench_{game.replace('-', '_')}_v0")

        shape = tuple(self.game.observation_tensor_shape())
        num_actions = self.game.num_distinct_actions()
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(num_actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(num_actions) for agent in self.possible_agents}
        self._state = None
        self.np_random, self.np_random_seed = seeding.np_random(None)

    # The spaces are the same objects on every call (PettingZoo seeds them in place).
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def game_state(self) -> "gamebench.State":
        """The engine state (a gamebench.State): read it, clone it, do not step it behind the env."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        position = (options or {}).get("position")
        if position is None:
            self._state = self.game.new_initial_state()
        else:
            self._state = self.game.state_from_text(position)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        if self._state.is_terminal():
            # A position text may be over already: both agents end at once, nothing earned.
            for agent in self.agents:
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self._state.current_player()]

    def observe(self, agent):
        state = self.game_state
        observation = np.asarray(state.observation_array(), dtype=np.float32)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not state.is_terminal() and self.possible_agents[state.current_player()] == agent:
            mask[:] = np.asarray(state.legal_actions_mask(), dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def state(self) -> np.ndarray:
        """The global state: the observation tensor (both sides see everything)."""
        return np.asarray(self.game_state.observation_array(), dtype=np.float32)

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for an agent whose game is over")
        state = self.game_state
        state.apply_action(int(action))  # raises, and changes nothing, on an illegal action
        self._cumulative_rewards[agent] = 0.0
        for name in self.agents:
            self.rewards[name] = 0.0
        if state.is_terminal():
            returns = state.returns()
            for player, name in enumerate(self.possible_agents):
                self.rewards[name] = float(returns[player])
                self.terminations[name] = True
            # The other agent is next to see the end (then this one).
            self.agent_selection = self.possible_agents[1 - self.possible_agents.index(agent)]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: make the env with "
                        "render_mode='ansi' (returns the position text) or 'human' (prints it).")
            return None
        text = str(self.game_state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self._state = None


#: PettingZoo's name for the unwrapped class.
raw_env = GameBenchAECEnv
