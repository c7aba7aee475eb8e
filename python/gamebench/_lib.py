"""ctypes bindings of include/gamebench.h: the library found and loaded once, every function
given its argtypes and restype once, and per-thread scratch buffers for outputs.

Library lookup: the environment variable GAMEBENCH_LIBRARY (a path) first; else the copy
installed beside this package; else, in a checkout, the release build of the repository
this package sits in (``../.build/release``).

Short calls go through a PyDLL view of the library (the GIL stays held: cheaper per call);
calls that can run long (agents, playouts, vector environments, loading an agent's file)
go through a CDLL view, which releases the GIL while the library works.

Every function has its argtypes and restype set once (``F``). The five calls a Python
game loop makes at every step (legal actions, apply, terminal, player, returns) are also
bound in ``FAST``, a view with only the restype set: ctypes' argtypes conversion costs
about 100 ns per argument, most of such a call, so these are always passed ctypes
objects of the header's exact types (the state's c_uint64 handle, a c_int64 action,
byref of the thread's scratch outputs), built once, never Python ints.
"""

import ctypes
import os
import threading
from ctypes import POINTER, Structure, c_char, c_char_p, c_double, c_float, c_int32, c_int64, c_uint8, c_uint64, c_void_p

from ._errors import error_for

__all__ = ["LIB", "PYLIB", "path", "Error", "Budget", "SearchResultC", "scratch", "check", "EXPLICIT_CHANCE",
           "PLAYER_CHANCE", "PLAYER_TERMINAL"]

LIBRARY_ENV = "GAMEBENCH_LIBRARY"
_FILE_NAMES = ("libGameBenchC.so", "libGameBenchC.dylib")

EXPLICIT_CHANCE = 1
PLAYER_CHANCE = -1
PLAYER_TERMINAL = -4


class Error(Structure):
    """gb_error."""
    _fields_ = [("code", c_int32), ("message", c_char * 512)]


class Budget(Structure):
    """gb_budget."""
    _fields_ = [("depth", c_int64), ("nodes", c_int64), ("playouts", c_int64), ("seconds", c_double)]


class SearchResultC(Structure):
    """gb_search_result."""
    _fields_ = [("action", c_int64), ("value", c_double), ("nodes", c_int64), ("depth", c_int64),
                ("playouts", c_int64), ("seconds", c_double)]


class Step(Structure):
    """gb_step: one ply of a game loop (gb_state_step)."""
    _fields_ = [("action", c_int64), ("legal", POINTER(c_int64)), ("capacity", c_int64), ("count", c_int64),
                ("reward", c_double), ("player", c_int32)]


def _find():
    env = os.environ.get(LIBRARY_ENV)
    if env:
        return env, "%s=%s" % (LIBRARY_ENV, env)
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.path.join(here, n) for n in _FILE_NAMES]
    repo = os.path.dirname(os.path.dirname(here))
    if os.path.exists(os.path.join(repo, "Package.swift")):
        candidates += [os.path.join(repo, ".build", "release", n) for n in _FILE_NAMES]
    for c in candidates:
        if os.path.isfile(c):
            return c, c
    raise ImportError("gamebench: libGameBenchC not found beside the package (%s); install it with "
                      "`pip install ./python` or set %s to the library's path" % (here, LIBRARY_ENV))


path, _described = _find()
try:
    LIB = ctypes.CDLL(path)      # releases the GIL during a call
    PYLIB = ctypes.PyDLL(path)   # keeps it: for the short calls
except OSError as e:
    raise ImportError("gamebench: cannot load %s: %s" % (_described, str(e).replace("\n", " "))) from None

_H = c_uint64
_S = c_int32
_E = POINTER(Error)
_P = POINTER

# name: (restype, argtypes, long-running). Buffers the caller fills in bulk (observations,
# masks, the arrays of vector calls and playouts) are c_void_p: they are passed as
# addresses, from ctypes arrays, array.array or numpy alike.
_SIGNATURES = {
    "gb_version": (c_char_p, [], False),
    "gb_free": (_S, [_H, _E], False),
    "gb_game_load": (_S, [c_char_p, c_char_p, _P(_H), _E], False),
    "gb_game_info": (_S, [_H, _P(c_char), c_int64, _P(c_int64), _E], False),
    "gb_game_names": (_S, [_P(c_char), c_int64, _P(c_int64), _E], False),
    "gb_state_new": (_S, [_H, c_uint64, c_int32, _P(_H), _E], False),
    "gb_state_clone": (_S, [_H, _P(_H), _E], False),
    "gb_state_text": (_S, [_H, _P(c_char), c_int64, _P(c_int64), _E], False),
    "gb_state_set_text": (_S, [_H, c_char_p, _E], False),
    "gb_state_current_player": (_S, [_H, _P(c_int32), _E], False),
    "gb_state_is_terminal": (_S, [_H, _P(c_int32), _E], False),
    "gb_state_returns": (_S, [_H, _P(c_double), _E], False),
    "gb_state_move_number": (_S, [_H, _P(c_int64), _E], False),
    "gb_state_hash": (_S, [_H, _P(c_uint64), _E], False),
    "gb_state_legal_actions": (_S, [_H, _P(c_int64), c_int64, _P(c_int64), _E], False),
    "gb_state_legal_mask": (_S, [_H, c_void_p, c_int64, _E], False),
    "gb_state_apply": (_S, [_H, c_int64, _E], False),
    "gb_state_step": (_S, [_H, _P(Step), _E], False),
    "gb_state_random_action": (_S, [_H, c_uint64, _P(c_int64), _E], False),
    "gb_state_action_to_string": (_S, [_H, c_int64, _P(c_char), c_int64, _P(c_int64), _E], False),
    "gb_state_string_to_action": (_S, [_H, c_char_p, _P(c_int64), _E], False),
    "gb_state_observation": (_S, [_H, c_void_p, c_int64, _E], False),
    "gb_state_chance_outcomes": (_S, [_H, _P(c_int64), _P(c_double), c_int64, _P(c_int64), _E], False),
    "gb_random_playouts": (_S, [_H, c_int64, c_uint64, c_int32, c_void_p, c_void_p, _E], True),
    "gb_derive_seed": (c_uint64, [c_uint64, c_uint64, c_uint64], False),
    "gb_vec_new": (_S, [_H, c_int64, c_uint64, c_int32, _P(_H), _E], True),
    "gb_vec_reset": (_S, [_H, c_void_p, c_void_p, c_void_p, _E], True),
    "gb_vec_step": (_S, [_H, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, _E], True),
    "gb_vec_random_actions": (_S, [_H, c_uint64, c_void_p, _E], True),
    "gb_vec_state": (_S, [_H, c_int64, _P(_H), _E], False),
    "gb_agent_new": (_S, [_H, c_char_p, c_uint64, _P(_H), _E], True),
    "gb_agent_step": (_S, [_H, _H, _P(Budget), _P(SearchResultC), _E], True),
}

F = {}
"""Every function of the header, bound: name -> ctypes function."""

_missing = []
for _name, (_restype, _argtypes, _long) in _SIGNATURES.items():
    try:
        _f = getattr(LIB if _long else PYLIB, _name)
    except AttributeError:
        _missing.append(_name)
        continue
    _f.restype = _restype
    _f.argtypes = _argtypes
    F[_name] = _f
if _missing:
    raise ImportError("gamebench: %s lacks %s (an older build? rebuild it with "
                      "`swift build -c release --product GameBenchC`)" % (_described, ", ".join(_missing)))


# The hot calls again, restype only (see the module's docstring): FAST[name].
_FAST_NAMES = ("gb_state_legal_actions", "gb_state_step", "gb_state_current_player", "gb_state_returns")
_fast_view = ctypes.PyDLL(path)
FAST = {}
for _name in _FAST_NAMES:
    _f = getattr(_fast_view, _name)
    _f.restype = c_int32
    FAST[_name] = _f


class Scratch:
    """One thread's output buffers, reused call after call (with byref views for the FAST calls)."""

    __slots__ = ("err", "i32", "i64", "u64", "handle", "length", "text", "text_capacity", "actions",
                 "actions_capacity", "actions_view", "probabilities", "doubles", "floats", "floats_capacity",
                 "bytes", "bytes_capacity", "ref_err", "ref_i32", "ref_i64", "ref_doubles", "ref_actions",
                 "c_actions_capacity", "reward", "ref_reward")

    def __init__(self):
        self.err = Error()
        self.i32 = c_int32()
        self.i64 = c_int64()
        self.u64 = c_uint64()
        self.handle = c_uint64()
        self.length = c_int64()
        self.text_capacity = 4096
        self.text = ctypes.create_string_buffer(self.text_capacity)
        self.doubles = (c_double * 16)()
        self.floats_capacity = 0
        self.floats = None
        self.bytes_capacity = 0
        self.bytes = None
        self.ref_err = ctypes.byref(self.err)
        self.ref_i32 = ctypes.byref(self.i32)
        self.ref_i64 = ctypes.byref(self.i64)
        self.ref_doubles = ctypes.byref(self.doubles)
        self.reward = c_double()
        self.ref_reward = ctypes.byref(self.reward)
        self._actions(4096)

    def _actions(self, capacity):
        self.actions_capacity = capacity
        self.c_actions_capacity = c_int64(capacity)
        self.actions = (c_int64 * capacity)()
        self.actions_view = memoryview(self.actions).cast("B").cast("q")  # .tolist() is the fast way out
        self.ref_actions = ctypes.byref(self.actions)
        self.probabilities = (c_double * capacity)()

    def grow_text(self, length):
        self.text_capacity = max(length + 1, 2 * self.text_capacity)
        self.text = ctypes.create_string_buffer(self.text_capacity)

    def grow_actions(self, count):
        self._actions(max(count, 2 * self.actions_capacity))

    def float_buffer(self, size):
        if size > self.floats_capacity:
            self.floats_capacity = size
            self.floats = (c_float * size)()
        return self.floats

    def byte_buffer(self, size):
        if size > self.bytes_capacity:
            self.bytes_capacity = size
            self.bytes = (c_uint8 * size)()
        return self.bytes


class _Local(threading.local):
    def __init__(self):
        self.s = Scratch()


LOCAL = _Local()
"""``LOCAL.s`` is the calling thread's Scratch."""


def scratch():
    return LOCAL.s


def error(err):
    """The exception for a filled gb_error."""
    message = err.message.decode("utf-8", "replace").replace("\n", " ").strip()
    return error_for(err.code, message)


def check(status, err):
    """Raises the exception for a failed status (the slow path: callers test status first)."""
    if status:
        if err.code != status:  # the library must fill err; say so rather than guess
            raise error_for(status, "gamebench: status %d without a matching message (err.code %d)"
                            % (status, err.code))
        raise error(err)


def text_call(fn, *args):
    """Calls a text-output function (snprintf convention), growing the buffer once if needed."""
    s = LOCAL.s
    while True:
        status = fn(*args, s.text, s.text_capacity, s.length, s.err)
        if status:
            check(status, s.err)
        n = s.length.value
        if n < s.text_capacity:
            return ctypes.string_at(s.text, n).decode("utf-8", "replace")
        s.grow_text(n)


def version():
    v = F["gb_version"]()
    return v.decode("utf-8", "replace") if v is not None else ""
