"""Games, states, agents, vector environments and playouts over the C library (ctypes).

The hot calls (legal actions, apply, terminal, current player) bind their functions to
module globals, fetch the thread's scratch buffers once per call and create no ctypes
objects, so a Python loop pays one foreign call per question it asks.
"""

import array
import ctypes
import json
import operator
from collections import namedtuple

from . import _lib
from ._errors import ArgumentError, GameBenchError
from ._lib import F, FAST, LOCAL, Budget, SearchResultC, check, text_call

try:  # numpy is optional: arrays when it is there, array.array / lists when not
    import numpy as _np
except ImportError:  # pragma: no cover - exercised by the no-numpy run
    _np = None

__all__ = ["Game", "State", "Agent", "VectorEnv", "SearchResult", "load_game", "game_names", "derive_seed",
           "random_playouts", "library_version", "HAS_NUMPY"]

HAS_NUMPY = _np is not None

_U64_MAX = (1 << 64) - 1
_I64_MIN = -(1 << 63)
_I64_MAX = (1 << 63) - 1
_I32_MAX = (1 << 31) - 1

# The hot functions, bound once. The _fast_* ones take only ctypes objects (_lib's docstring).
_fast_legal = FAST["gb_state_legal_actions"]
_fast_step = FAST["gb_state_step"]
_fast_current_player = FAST["gb_state_current_player"]
_fast_returns = FAST["gb_state_returns"]
_c_uint64 = ctypes.c_uint64
_c_int64 = ctypes.c_int64
# A state's own buffer of legal actions: MoveList's capacity, more than any position has
# (a larger list, which no game here makes, goes through the thread's growing buffer).
_LEGAL_CAPACITY = 320
_C_LEGAL_CAPACITY = ctypes.c_int64(_LEGAL_CAPACITY)
_LegalBuffer = ctypes.c_int64 * _LEGAL_CAPACITY
_free = F["gb_free"]
_clone = F["gb_state_clone"]
_text = F["gb_state_text"]
_set_text = F["gb_state_set_text"]
_move_number = F["gb_state_move_number"]
_hash = F["gb_state_hash"]
_mask = F["gb_state_legal_mask"]
_random_action = F["gb_state_random_action"]
_to_string = F["gb_state_action_to_string"]
_from_string = F["gb_state_string_to_action"]
_observation = F["gb_state_observation"]
_chance = F["gb_state_chance_outcomes"]
_derive = F["gb_derive_seed"]


# ----------------------------------------------------------------------- arguments

def _seed(value, what="seed"):
    """A seed checked in Python: an integer in 0..2**64-1 (ctypes would wrap anything else)."""
    if value.__class__ is int and 0 <= value <= _U64_MAX:
        return value
    if isinstance(value, bool):
        raise ArgumentError("%s must be an integer in 0..2**64-1, got %r" % (what, value))
    try:
        v = operator.index(value)
    except TypeError:
        raise ArgumentError("%s must be an integer in 0..2**64-1, got %s" % (what, _short(value))) from None
    if not 0 <= v <= _U64_MAX:
        raise ArgumentError("%s must be an integer in 0..2**64-1, got %d" % (what, v))
    return v


def _int_arg(value, what, lo=_I64_MIN, hi=_I64_MAX):
    if isinstance(value, bool):
        raise ArgumentError("%s must be an integer, got %r" % (what, value))
    try:
        v = operator.index(value)
    except TypeError:
        raise ArgumentError("%s must be an integer, got %s" % (what, _short(value))) from None
    if not lo <= v <= hi:
        raise ArgumentError("%s must be in %d..%d, got %d" % (what, lo, hi, v))
    return v


def _action(value):
    """An action id as the library takes it (int64), or ArgumentError."""
    return _int_arg(value, "action")


def _short(value):
    r = repr(value)
    r = r.replace("\n", " ")
    return r if len(r) <= 60 else r[:57] + "..."


def _utf8(text, what):
    if isinstance(text, bytes):
        b = text
    elif isinstance(text, str):
        b = text.encode("utf-8")
    else:
        raise ArgumentError("%s must be a string, got %s" % (what, _short(text)))
    if b"\0" in b:
        raise ArgumentError("%s must not contain a NUL character" % what)
    return b


def _camel(key):
    head, *rest = key.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _free_handle(h):
    """Frees a handle, ignoring a library already gone (interpreter shutdown)."""
    try:
        _free(h, None)
    except Exception:  # pragma: no cover
        pass


def _buffer_address(buffer, formats, what):
    """The address and item count of a writable, C-contiguous buffer of one of `formats`."""
    if _np is not None and isinstance(buffer, _np.ndarray):
        if not buffer.flags.c_contiguous or not buffer.flags.writeable:
            raise ArgumentError("%s must be a writable C-contiguous array" % what)
        if buffer.dtype.char not in formats:
            raise ArgumentError("%s must have items of type %s, got dtype %s" % (what, "/".join(formats), buffer.dtype))
        return buffer.ctypes.data, buffer.size
    try:
        mv = memoryview(buffer)
    except TypeError:
        raise ArgumentError("%s must be a writable buffer (array.array, numpy array, ctypes array), got %s"
                            % (what, type(buffer).__name__)) from None
    fmt = mv.format.lstrip("@=<")
    if mv.readonly or not mv.c_contiguous:
        raise ArgumentError("%s must be a writable C-contiguous buffer" % what)
    if fmt not in formats and not (fmt in ("B", "b", "c") and "B" in formats):
        raise ArgumentError("%s must have items of type %s, got format %r" % (what, "/".join(formats), mv.format))
    if mv.nbytes == 0:
        return None, 0
    holder = (ctypes.c_char * mv.nbytes).from_buffer(mv)
    return ctypes.addressof(holder), mv.nbytes // mv.itemsize


# ---------------------------------------------------------------------------- module

def library_version():
    """The C library's version (gb_version)."""
    return _lib.version()


def game_names():
    """The games the library knows, the default first."""
    return json.loads(text_call(F["gb_game_names"]))


def derive_seed(seed, index, episode):
    """gb_derive_seed: the seed of environment `index`, episode `episode` (as VectorEnv and playouts use)."""
    return _derive(_seed(seed), _seed(index, "index"), _seed(episode, "episode"))


def load_game(name, params=None, **rules):
    """A game by name with its rules: ``load_game("bagh-chal", ply_limit=300)``.

    Rule names are snake_case (mapped to the camelCase keys of tournament.json:
    ply_limit -> plyLimit) or the camelCase keys themselves; `params` may give them as a dict.
    """
    if not isinstance(name, str):
        raise ArgumentError("game name must be a string, got %s" % _short(name))
    merged = {}
    if params is not None:
        if not isinstance(params, dict):
            raise ArgumentError("params must be a dict of rules, got %s" % _short(params))
        merged.update(params)
    merged.update(rules)
    body = {}
    for k, v in merged.items():
        if not isinstance(k, str):
            raise ArgumentError("rule names must be strings, got %s" % _short(k))
        body[_camel(k)] = v
    try:
        rules_json = json.dumps(body, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise ArgumentError("rules must be JSON values: %s" % str(e).replace("\n", " ")) from None
    return Game._load(name, rules_json)


# ------------------------------------------------------------------------------ Game

class _Handle:
    """What every object holding a library handle shares: `close()` frees it now (any
    later call raises HandleError), a forgotten one is freed when collected, and `with`
    closes it. Subclasses set `_h` (the handle) and `_live`."""

    __slots__ = ()

    def close(self):
        """Frees the handle now; any later call raises HandleError."""
        if self._live:
            self._live = False
            s = LOCAL.s
            status = _free(self._h, s.err)
            if status:
                check(status, s.err)

    def __del__(self):
        if getattr(self, "_live", False):
            self._live = False
            _free_handle(self._h)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Game(_Handle):
    """A game loaded with its rules (gb_game_load). Make one with ``load_game``."""

    __slots__ = ("_h", "_live", "name", "title", "info", "_players", "_num_actions", "_shape", "_obs_size",
                 "_chance", "_max_chance", "_puzzle", "_has_mask", "__weakref__")

    @classmethod
    def _load(cls, name, rules_json):
        s = LOCAL.s
        h = ctypes.c_uint64()
        status = F["gb_game_load"](_utf8(name, "game name"), rules_json.encode("utf-8"), h, s.err)
        if status:
            check(status, s.err)
        g = cls.__new__(cls)
        g._h = h.value
        g._live = True
        try:
            g._read_info()
        except BaseException:
            g.close()
            raise
        return g

    def _read_info(self):
        info = json.loads(text_call(F["gb_game_info"], self._h))
        self.info = info
        self.name = info["name"]
        self.title = info.get("title", self.name)
        self._players = int(info["players"])
        self._num_actions = int(info["num_distinct_actions"])
        self._shape = [int(x) for x in info["observation_shape"]]
        size = 1
        for d in self._shape:
            size *= d
        self._obs_size = size
        self._chance = info.get("chance", "none")
        self._max_chance = int(info.get("max_chance_outcomes", 0))
        # A puzzle: one player whose returns are a score (two-player games are zero-sum wins).
        self._puzzle = self._players == 1
        # Balls! has too many taps to list or mask.
        self._has_mask = self._num_actions <= (1 << 24)

    def num_players(self):
        return self._players

    def num_distinct_actions(self):
        return self._num_actions

    def max_chance_outcomes(self):
        return self._max_chance

    def observation_tensor_shape(self):
        return list(self._shape)

    def observation_tensor_size(self):
        return self._obs_size

    def max_game_length(self):
        return int(self.info["max_game_length"])

    def min_utility(self):
        return float(self.info["min_utility"])

    def max_utility(self):
        return float(self.info["max_utility"])

    def get_parameters(self):
        """The rules, every key (defaults included), as the library reports them."""
        return dict(self.info.get("rules", {}))

    def new_initial_state(self, seed=None):
        """A game from its start.

        With a seed the referee draws chance events from the seed's stream (as
        ``bench replay --seed``); without one, chance events are explicit chance nodes
        (Coin Sorter). Two-player games have no chance and ignore the seed; Balls! deals
        from its seed and needs one.
        """
        if seed is None:
            if self._chance == "none":
                seed, flags = 0, 0
            elif self._max_chance > 0:
                seed, flags = 0, _lib.EXPLICIT_CHANCE
            else:
                raise ArgumentError("%s deals from a seed: call new_initial_state(seed=S)" % self.name)
        else:
            seed, flags = _seed(seed), 0
        s = LOCAL.s
        status = F["gb_state_new"](self._h, seed, flags, s.handle, s.err)
        if status:
            check(status, s.err)
        return State._wrap(self, s.handle.value)

    def state_from_text(self, text, seed=None):
        """A state set to a position text (docs/formats.md); `seed` as in new_initial_state."""
        st = self.new_initial_state(seed)
        st.set_position(text)
        return st


    def __repr__(self):
        return "gamebench.Game(%r, %s)" % (getattr(self, "name", "?"), json.dumps(self.get_parameters()))


# ----------------------------------------------------------------------------- State

class State(_Handle):
    """A game state (gb_state_*): pyspiel's names, the library's rules."""

    # _player caches the player to move and _legal_n the count of legal actions in the
    # state's own buffer _legal (None: not asked yet): the handle changes only through
    # this object's own calls, and gb_state_step answers both with each action, so a game
    # loop (legal_actions, apply_action, is_terminal) makes one call into the library a
    # ply. _reward is what the last action earned its mover.
    __slots__ = ("_h", "_c", "_live", "game", "_moved", "_reward", "_player", "_legal", "_legal_view",
                 "_legal_ref", "_legal_n", "_count", "_count_ref", "_step", "_step_ref", "__weakref__")

    @classmethod
    def _wrap(cls, game, h, moved=False, reward=0.0):
        st = cls.__new__(cls)
        st._h = h
        st._c = _c_uint64(h)  # the handle as the FAST calls take it
        st._live = True
        st.game = game
        st._moved = moved
        st._reward = reward
        st._player = None
        st._legal = None
        st._legal_n = None
        return st

    def close(self):
        """Frees the handle now; any later question about the state raises HandleError
        (the cached answers go with the handle)."""
        self._player = self._legal_n = None
        _Handle.close(self)

    def _buffers(self):
        """The state's legal-action buffer, made at its first use."""
        self._legal = _LegalBuffer()
        self._legal_view = memoryview(self._legal).cast("B").cast("q")
        self._legal_ref = ctypes.byref(self._legal)
        self._count = _c_int64()
        self._count_ref = ctypes.byref(self._count)
        self._step = _lib.Step(0, self._legal, _LEGAL_CAPACITY, 0, 0.0, 0)
        self._step_ref = ctypes.byref(self._step)

    # -- questions

    def current_player(self):
        player = self._player
        if player is None:
            s = LOCAL.s
            status = _fast_current_player(self._c, s.ref_i32, s.ref_err)
            if status:
                check(status, s.err)
            player = self._player = s.i32.value
        return player

    def is_terminal(self):
        player = self._player
        if player is None:
            player = self.current_player()
        return player == _lib.PLAYER_TERMINAL

    def is_chance_node(self):
        return self.current_player() == _lib.PLAYER_CHANCE

    def is_player_node(self):
        return self.current_player() >= 0

    def is_simultaneous_node(self):
        return False

    def returns(self):
        """Each player's return: two-player +1/-1/0 at the end (0 before); a puzzle's score so far."""
        s = LOCAL.s
        status = _fast_returns(self._c, s.ref_doubles, s.ref_err)
        if status:
            check(status, s.err)
        return s.doubles[:self.game._players]

    def rewards(self):
        """What the last apply_action earned each player (two-player: the returns on the move that ended the game)."""
        if not self._live:
            self.current_player()  # raises the library's HandleError: the state is closed
        if not self._moved:
            return [0.0] * self.game._players
        if self.game._puzzle:
            return [self._reward]
        if self.is_terminal():
            return self.returns()
        return [0.0] * self.game._players

    def move_number(self):
        s = LOCAL.s
        status = _move_number(self._h, s.i64, s.err)
        if status:
            check(status, s.err)
        return s.i64.value

    def hash(self):
        """The engine's 64-bit hash of the position."""
        s = LOCAL.s
        status = _hash(self._h, s.u64, s.err)
        if status:
            check(status, s.err)
        return s.u64.value

    def num_players(self):
        return self.game._players

    def get_game(self):
        return self.game

    def legal_actions(self, player=None):
        """The legal actions, ascending (outcomes at a chance node; [] at the end; [] for Balls!, whose taps are not listed)."""
        if player is not None and player != self.current_player():
            return []
        n = self._legal_n
        if n is None:
            if self._legal is None:
                self._buffers()
            s = LOCAL.s
            status = _fast_legal(self._c, self._legal_ref, _C_LEGAL_CAPACITY, self._count_ref, s.ref_err)
            if status:
                check(status, s.err)
            n = self._legal_n = self._count.value
        if n <= _LEGAL_CAPACITY:
            return self._legal_view[:n].tolist()
        s = LOCAL.s
        while True:
            status = _fast_legal(self._c, s.ref_actions, s.c_actions_capacity, s.ref_i64, s.ref_err)
            if status:
                check(status, s.err)
            n = s.i64.value
            if n <= s.actions_capacity:
                return s.actions_view[:n].tolist()
            s.grow_actions(n)

    def legal_actions_mask(self, player=None):
        """num_distinct_actions 0/1 ints (not for Balls!)."""
        s = LOCAL.s
        if not self.game._has_mask:  # Balls!: the library says why there is no mask
            status = _mask(self._h, s.byte_buffer(1), 1, s.err)
            if status:
                check(status, s.err)
            raise ArgumentError("%s has too many actions for a mask" % self.game.name)
        n = self.game._num_actions
        if player is not None and player != self.current_player():
            return [0] * n
        buf = s.byte_buffer(n)
        status = _mask(self._h, buf, n, s.err)
        if status:
            check(status, s.err)
        return list(ctypes.string_at(buf, n))

    def write_legal_actions_mask(self, buffer):
        """Writes the mask into a caller's writable byte buffer (its size must be num_distinct_actions)."""
        address, n = _buffer_address(buffer, ("B", "b", "?"), "mask buffer")
        s = LOCAL.s
        status = _mask(self._h, address, n, s.err)
        if status:
            check(status, s.err)

    def chance_outcomes(self):
        """At a chance node: [(outcome, probability), ...]; StateError elsewhere."""
        s = LOCAL.s
        while True:
            status = _chance(self._h, s.actions, s.probabilities, s.actions_capacity, s.i64, s.err)
            if status:
                check(status, s.err)
            n = s.i64.value
            if n <= s.actions_capacity:
                return list(zip(s.actions[:n], s.probabilities[:n]))
            s.grow_actions(n)

    def observation_tensor(self, player=None):
        """The observation planes as a flat list of floats (observation_tensor_shape)."""
        n = self.game._obs_size
        s = LOCAL.s
        buf = s.float_buffer(n)
        status = _observation(self._h, buf, n, s.err)
        if status:
            check(status, s.err)
        return buf[:n]

    def observation_array(self, player=None):
        """The observation as a numpy float32 array shaped observation_tensor_shape (needs numpy)."""
        if _np is None:
            raise ImportError("gamebench: observation_array needs numpy (use observation_tensor for a list)")
        out = _np.empty(self.game._shape, dtype=_np.float32)
        s = LOCAL.s
        status = _observation(self._h, out.ctypes.data, out.size, s.err)
        if status:
            check(status, s.err)
        return out

    def write_observation(self, buffer):
        """Writes the observation into a caller's writable float32 buffer (its size must be observation_tensor_size)."""
        address, n = _buffer_address(buffer, ("f",), "observation buffer")
        s = LOCAL.s
        status = _observation(self._h, address, n, s.err)
        if status:
            check(status, s.err)

    # -- moves

    def apply_action(self, action):
        """Plays a legal action (or a chance outcome at a chance node)."""
        if action.__class__ is not int or not _I64_MIN <= action <= _I64_MAX:
            action = _action(action)
        if self._legal is None:
            self._buffers()
        step = self._step
        step.action = action
        # The state's own gb_step and no error buffer: a failed call changes nothing, so on
        # a failure the same call is made again to fetch the message.
        if _fast_step(self._c, self._step_ref, None):
            self._player = self._legal_n = None
            s = LOCAL.s
            check(_fast_step(self._c, self._step_ref, s.ref_err), s.err)
        self._legal_n = step.count
        self._player = step.player
        self._reward = step.reward
        self._moved = True

    def random_action(self, seed):
        """A uniformly random legal action drawn from `seed` (Balls! included)."""
        seed = _seed(seed)
        s = LOCAL.s
        status = _random_action(self._h, seed, s.i64, s.err)
        if status:
            check(status, s.err)
        return s.i64.value

    def action_to_string(self, *args):
        """``action_to_string(action)`` or pyspiel's ``action_to_string(player, action)``: the move's notation."""
        if len(args) == 2:
            action = args[1]
        elif len(args) == 1:
            action = args[0]
        else:
            raise TypeError("action_to_string takes (action) or (player, action)")
        if action.__class__ is not int or not _I64_MIN <= action <= _I64_MAX:
            action = _action(action)
        return text_call(_to_string, self._h, action)

    def string_to_action(self, *args):
        """``string_to_action(text)`` or ``string_to_action(player, text)``: the action of a move, checked for legality."""
        if len(args) == 2:
            text = args[1]
        elif len(args) == 1:
            text = args[0]
        else:
            raise TypeError("string_to_action takes (text) or (player, text)")
        s = LOCAL.s
        status = _from_string(self._h, _utf8(text, "move text"), s.i64, s.err)
        if status:
            check(status, s.err)
        return s.i64.value

    def set_position(self, text):
        """Sets the position from its text (two-player: a new history there; a puzzle keeps its seed)."""
        s = LOCAL.s
        status = _set_text(self._h, _utf8(text, "position text"), s.err)
        if status:
            check(status, s.err)
        self._moved = False
        self._reward = 0.0
        self._player = self._legal_n = None

    def clone(self):
        """An independent copy (history, referee stream and chance mode included)."""
        s = LOCAL.s
        status = _clone(self._h, s.handle, s.err)
        if status:
            check(status, s.err)
        return State._wrap(self.game, s.handle.value, self._moved, self._reward)

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    # -- text and lifetime

    def __str__(self):
        return text_call(_text, self._h)

    def __repr__(self):
        try:
            return "<gamebench.State %s: %s>" % (self.game.name, self)
        except GameBenchError as e:
            return "<gamebench.State %s: %s>" % (self.game.name, e)



# ----------------------------------------------------------------------------- Agent

SearchResult = namedtuple("SearchResult", ["action", "value", "nodes", "depth", "playouts", "seconds"])
SearchResult.__doc__ = """What an agent's search found: the action, its value for the player to move (NaN if none),
positions visited, depth of the last completed iteration, playouts run, wall-clock seconds."""


class Agent(_Handle):
    """A built-in agent (``alphabeta:depth=6``, ``mcts:playouts=800``, ``tablebase``, ...) for a game."""

    def __init__(self, spec, game, seed=0):
        if isinstance(game, str):
            game = load_game(game)
        if not isinstance(game, Game):
            raise ArgumentError("game must be a gamebench.Game or a game name, got %s" % _short(game))
        self._live = False
        self.spec = spec
        self.game = game
        self.seed = _seed(seed)
        h = ctypes.c_uint64()
        err = _lib.Error()
        status = F["gb_agent_new"](game._h, _utf8(spec, "agent spec"), self.seed, h, err)
        if status:
            check(status, err)
        self._h = h.value
        self._live = True
        self._result = SearchResultC()

    def search(self, state, depth=None, nodes=None, playouts=None, seconds=None):
        """Runs the agent's search at `state` with an optional budget; a SearchResult."""
        if not isinstance(state, State):
            raise ArgumentError("state must be a gamebench.State, got %s" % _short(state))
        budget = None
        if depth is not None or nodes is not None or playouts is not None or seconds is not None:
            budget = Budget()
            if depth is not None:
                budget.depth = _int_arg(depth, "depth")
            if nodes is not None:
                budget.nodes = _int_arg(nodes, "nodes")
            if playouts is not None:
                budget.playouts = _int_arg(playouts, "playouts")
            if seconds is not None:
                try:
                    budget.seconds = float(seconds)
                except (TypeError, ValueError):
                    raise ArgumentError("seconds must be a number, got %s" % _short(seconds)) from None
        r = self._result
        err = _lib.Error()
        status = F["gb_agent_step"](self._h, state._h, budget, r, err)
        if status:
            check(status, err)
        return SearchResult(r.action, r.value, r.nodes, r.depth, r.playouts, r.seconds)

    def step(self, state):
        """The agent's move at `state` (an action id)."""
        return self.search(state).action

    def value(self, state):
        """The value the agent's search gives `state` for the player to move (NaN if none)."""
        return self.search(state).value


    def __repr__(self):
        return "gamebench.Agent(%r, game=%r, seed=%d)" % (self.spec, self.game.name, self.seed)


# ------------------------------------------------------------------------- VectorEnv

def _threads(threads):
    return _int_arg(threads, "threads", 0, _I32_MAX)


def _alloc(kind, count, shape=None):
    """An output array the library fills whole: numpy (shaped) when installed, else a flat array.array.
    Returns (array, address)."""
    if _np is not None:
        dtype = {"f": _np.float32, "B": _np.uint8, "i": _np.int32, "q": _np.int64, "d": _np.float64}[kind]
        a = _np.empty(shape if shape is not None else (count,), dtype=dtype)
        address = a.ctypes.data
    else:
        zero = 0.0 if kind in "fd" else 0
        a = array.array(kind, [zero]) * count
        address = a.buffer_info()[0]
    # An empty batch still gets a real address: the library says what it thinks of it.
    return a, (address if count else _EMPTY_ADDRESS)


_EMPTY = (ctypes.c_double * 1)()
_EMPTY_ADDRESS = ctypes.addressof(_EMPTY)


class VectorEnv(_Handle):
    """`num_envs` games stepped together (gb_vec_*); environment i plays episode k with
    seed derive_seed(seed, i, k) and restarts at once when a game ends."""

    def __init__(self, game, num_envs, seed=0, threads=0):
        if isinstance(game, str):
            game = load_game(game)
        if not isinstance(game, Game):
            raise ArgumentError("game must be a gamebench.Game or a game name, got %s" % _short(game))
        self._live = False
        self.game = game
        n = _int_arg(num_envs, "num_envs")
        self.seed = _seed(seed)
        self.threads = _threads(threads)
        h = ctypes.c_uint64()
        err = _lib.Error()
        status = F["gb_vec_new"](game._h, n, self.seed, self.threads, h, err)
        if status:
            check(status, err)
        self._h = h.value
        self._live = True
        self.num_envs = n

    def _outputs(self):
        n, g = self.num_envs, self.game
        obs = _alloc("f", n * g._obs_size, (n, *g._shape))
        masks = _alloc("B", n * g._num_actions, (n, g._num_actions)) if g._has_mask else (None, None)
        players = _alloc("i", n)
        return obs, masks, players

    def reset(self):
        """Every environment that has moved since its game began to the start of its next
        episode (one that has not moved stays where it is): (observations, masks, players)."""
        obs, masks, players = self._outputs()
        err = _lib.Error()
        status = F["gb_vec_reset"](self._h, obs[1], masks[1], players[1], err)
        if status:
            check(status, err)
        return obs[0], masks[0], players[0]

    def _action_address(self, actions):
        n = self.num_envs
        if _np is not None and not isinstance(actions, (list, tuple)):
            a = _np.asarray(actions)
            if a.dtype.kind not in "iu" or a.dtype == _np.bool_:
                raise ArgumentError("actions must be integers, got an array of dtype %s" % a.dtype)
            if a.shape != (n,):
                raise ArgumentError("actions must be %d action ids (one per environment), got shape %s"
                                    % (n, tuple(a.shape)))
            if a.dtype.kind == "u" and a.dtype.itemsize == 8 and n and int(a.max()) > _I64_MAX:
                raise ArgumentError("actions must fit in int64")
            a = _np.ascontiguousarray(a, dtype=_np.int64)
            return a, a.ctypes.data
        try:
            count = len(actions)
        except TypeError:
            raise ArgumentError("actions must be a sequence of %d action ids, got %s" % (n, _short(actions))) from None
        if count != n:
            raise ArgumentError("actions must be %d action ids (one per environment), got %d" % (n, count))
        try:
            buf = array.array("q", actions)
        except (TypeError, OverflowError):
            for i, a in enumerate(actions):
                try:
                    _action(a)
                except ArgumentError as e:
                    raise ArgumentError("actions[%d]: %s" % (i, e)) from None
            raise ArgumentError("actions must be integers")  # pragma: no cover
        return buf, (buf.buffer_info()[0] if n else None)

    def step(self, actions):
        """Plays actions[i] in environment i: (observations, rewards, terminals, masks, players)."""
        keep, address = self._action_address(actions)
        n = self.num_envs
        obs, masks, players = self._outputs()
        rewards = _alloc("f", n)
        terminals = _alloc("B", n)
        err = _lib.Error()
        status = F["gb_vec_step"](self._h, address, obs[1], rewards[1], terminals[1], masks[1], players[1], err)
        if status:
            check(status, err)
        del keep
        t = terminals[0]
        if _np is not None:
            t = t.view(_np.bool_)
        return obs[0], rewards[0], t, masks[0], players[0]

    def random_actions(self, seed):
        """A uniformly random legal action for every environment, from derive_seed(seed, i, 0)."""
        seed = _seed(seed)
        out = _alloc("q", self.num_envs)
        err = _lib.Error()
        status = F["gb_vec_random_actions"](self._h, seed, out[1], err)
        if status:
            check(status, err)
        return out[0]

    def state(self, index):
        """A new State holding a copy of environment `index`'s game now."""
        i = _int_arg(index, "index")
        h = ctypes.c_uint64()
        err = _lib.Error()
        status = F["gb_vec_state"](self._h, i, h, err)
        if status:
            check(status, err)
        return State._wrap(self.game, h.value)

    def __repr__(self):
        return "gamebench.VectorEnv(%r, num_envs=%d, seed=%d, threads=%d)" % (
            self.game.name, self.num_envs, self.seed, self.threads)


# -------------------------------------------------------------------------- playouts

def random_playouts(state, n, seed=0, threads=0):
    """`n` random playouts from `state` to the end (gb_random_playouts): (returns, lengths).

    returns is n x num_players (numpy float64 (n, players), or a list of lists without
    numpy), lengths the moves each playout played (numpy int64, or a list).
    """
    if not isinstance(state, State):
        raise ArgumentError("state must be a gamebench.State, got %s" % _short(state))
    n = _int_arg(n, "n", 0)
    seed = _seed(seed)
    threads = _threads(threads)
    players = state.game._players
    returns = _alloc("d", n * players, (n, players))
    lengths = _alloc("q", n)
    err = _lib.Error()
    status = F["gb_random_playouts"](state._h, n, seed, threads, returns[1], lengths[1], err)
    if status:
        check(status, err)
    if _np is not None:
        return returns[0], lengths[0]
    flat = returns[0]
    return [list(flat[i * players:(i + 1) * players]) for i in range(n)], list(lengths[0])

