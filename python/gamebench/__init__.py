"""gamebench: the workbench's engines and agents in process, over its C library (ctypes).

    import gamebench
    game = gamebench.load_game("bagh-chal", ply_limit=300)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state, state.returns())

Names follow pyspiel's (load_game, new_initial_state, legal_actions, apply_action, ...).
Errors raise GameBenchError subclasses whose text is the library's one-line message.
The library is the file named by GAMEBENCH_LIBRARY, else the copy installed beside this
package. numpy is used when installed (VectorEnv arrays, observation_array), never needed.
The adapters live in gamebench.pettingzoo, gamebench.gymnasium and gamebench.openspiel,
each importing its framework only when used.
"""

from ._version import __version__
from ._errors import (AgentFileError, ArgumentError, GameBenchError, HandleError, IllegalActionError, RulesError,
                      SpecError, StateError, TextError, UnknownGameError)
from ._core import (HAS_NUMPY, Agent, Game, SearchResult, State, VectorEnv, derive_seed, game_names,
                    library_version, load_game, random_playouts)
from ._lib import PLAYER_CHANCE as CHANCE_PLAYER, PLAYER_TERMINAL as TERMINAL_PLAYER
from ._lib import path as library_path

__all__ = [
    "__version__", "load_game", "game_names", "derive_seed", "random_playouts", "library_version", "library_path",
    "Game", "State", "Agent", "VectorEnv", "SearchResult", "HAS_NUMPY", "CHANCE_PLAYER", "TERMINAL_PLAYER",
    "GameBenchError", "HandleError", "ArgumentError", "UnknownGameError", "RulesError", "IllegalActionError",
    "TextError", "SpecError", "AgentFileError", "StateError",
]
