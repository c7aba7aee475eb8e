"""The exceptions: one class per status of include/gamebench.h, each carrying the
library's one-line message as its text and the status as ``.code``."""

__all__ = [
    "GameBenchError", "HandleError", "ArgumentError", "UnknownGameError", "RulesError",
    "IllegalActionError", "TextError", "SpecError", "AgentFileError", "StateError",
]


class GameBenchError(Exception):
    """A call the library refused. ``str(e)`` is its one-line message, ``e.code`` the status."""

    code = 0

    def __init__(self, message, code=None):
        super().__init__(message)
        if code is not None:
            self.code = code

    def __str__(self):
        return self.args[0] if self.args else ""


class HandleError(GameBenchError):
    """Not a live handle (freed, closed, or of another kind). GB_ERR_HANDLE."""
    code = 1


class ArgumentError(GameBenchError, ValueError):
    """A bad argument: a buffer of the wrong size, a count, budget or seed out of range. GB_ERR_ARGUMENT."""
    code = 2


class UnknownGameError(GameBenchError):
    """A game name the library does not know. GB_ERR_GAME."""
    code = 3


class RulesError(GameBenchError, ValueError):
    """Rules that are not valid for the game (unknown key, value out of range). GB_ERR_RULES."""
    code = 4


class IllegalActionError(GameBenchError, ValueError):
    """An action that is not legal in the state. GB_ERR_ACTION."""
    code = 5


class TextError(GameBenchError, ValueError):
    """Position or move text that does not parse. GB_ERR_TEXT."""
    code = 6


class SpecError(GameBenchError, ValueError):
    """An agent spec that does not parse or is not for the game. GB_ERR_SPEC."""
    code = 7


class AgentFileError(GameBenchError, OSError):
    """A file an agent needs (a tablebase, learned weights) cannot be read. GB_ERR_FILE."""
    code = 8

    def __init__(self, message, code=None):
        # OSError's own constructor would read a second argument as errno.
        GameBenchError.__init__(self, message, code)


class StateError(GameBenchError):
    """The call does not fit the state (an action at a terminal state, chance outcomes at a decision). GB_ERR_STATE."""
    code = 9


BY_CODE = {c.code: c for c in (HandleError, ArgumentError, UnknownGameError, RulesError, IllegalActionError,
                               TextError, SpecError, AgentFileError, StateError)}


def error_for(code, message):
    """The exception for a status and its message (GameBenchError for a code this version does not know)."""
    cls = BY_CODE.get(code)
    if cls is None:
        return GameBenchError(message or "gamebench: unknown error status %d" % code, code)
    return cls(message or "gamebench: %s (status %d) without a message" % (cls.__name__, code))
