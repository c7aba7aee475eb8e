"""The agent protocol loop (docs/protocol.md, version 1), standard library only.

An agent is an object with

    name        free text for the `name` line, e.g. "my-agent 1.0"
    options     {name: declaration}, the options a spec may set:
                  ("integer" or "real", default, min, max)
                  ("flag" or "text", default)
                  ("choice", default, ["a", "b", "c"])
    new_game(game, seed, side, rules)
    choose(state) -> (move, info)
                state: a State below; move: one of state.legal;
                info: a dict for the `info` line (nodes=, playouts=, depth=,
                value=, string=) or None
    game_over(end)  optional: the game is over; end is a dict of the `gameover`
                line's keys, e.g. {"result": "win", "termination": "normal"}
                ({"result": "score", "score": "17", ...} for a puzzle). Without
                it, the result is written to standard error.

The handshake asks for `gameover` (`want gameover`), so a learner sees its reward.

`run(agent)` sets `agent.settings` to {name: current value} (the defaults, then
whatever `set` says) and answers the workbench on stdin/stdout until `quit`.
Debug output goes to standard error (`log`), never to standard output.
"""
import json
import sys

BUDGET_KEYS = {"time": float, "depth": int, "nodes": int, "playouts": int}


class State:
    """What the workbench has said about the position since `position`."""

    def __init__(self):
        self.text = None   # position text, or None for the game's start position
        self.moves = []    # moves played since that position (two-player games)
        self.legal = []    # the legal moves now, in the engine's order
        self.budget = {}   # from `go`, e.g. {"depth": 3}; empty: use your own default


def log(*args):
    """Debug output for people: standard error only."""
    print(*args, file=sys.stderr, flush=True)


def send(*lines):
    sys.stdout.write("".join(line + "\n" for line in lines))
    sys.stdout.flush()  # the workbench waits for the line, not for our buffer


def word(value):
    """A value as protocol text: true/false, plain decimal numbers."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value).replace("e+", "e")
    return str(value)


def option_line(name, declaration):
    kind, default = declaration[0], declaration[1]
    line = "option name=%s type=%s default=%s" % (name, kind, word(default))
    if kind in ("integer", "real"):
        line += " min=%s max=%s" % (word(declaration[2]), word(declaration[3]))
    elif kind == "choice":
        line += " choices=" + ",".join(declaration[2])
    return line


def parse_value(kind, text):
    if kind == "integer":
        return int(text)
    if kind == "real":
        return float(text)
    if kind == "flag":
        return text == "true"
    return text


def info_line(info):
    words = ["info"] + ["%s=%s" % (k, word(v)) for k, v in info.items() if k != "string"]
    if "string" in info:  # free text to the end of the line, so it comes last
        words += ["string", " ".join(str(info["string"]).split())]
    return " ".join(words)


def run(agent):
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    agent.settings = {name: d[1] for name, d in agent.options.items()}
    state = State()
    for raw in sys.stdin:
        line = raw.strip()  # also drops a "\r" before the "\n"
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        if command == "protocol":
            if args != ["1"]:
                send("error unsupported protocol version")
                return
            send("name " + agent.name,
                 *[option_line(n, d) for n, d in agent.options.items()],
                 "want legal", "want gameover", "ok")
        elif command == "set" and len(args) == 2 and args[0] in agent.options:
            agent.settings[args[0]] = parse_value(agent.options[args[0]][0], args[1])
        elif command == "newgame" and args:
            keys = dict(arg.split("=", 1) for arg in args[1:] if "=" in arg)  # unknown keys ignored
            rules = json.loads(keys.get("rules", "{}"))
            agent.new_game(args[0], int(keys.get("seed", "0")), keys.get("side", ""), rules)
            state = State()
        elif command == "position":
            state = State()
            if args[:1] == ["text"]:
                state.text = line.split(None, 2)[2] if len(args) > 1 else ""
        elif command == "moves":
            state.moves = args
        elif command == "legal":
            state.legal = args
        elif command == "go":
            state.budget = {}
            for arg in args:  # unknown keys (clock, inc, ...) are ignored
                key, _, value = arg.partition("=")
                if key in BUDGET_KEYS:
                    try:
                        state.budget[key] = BUDGET_KEYS[key](value)
                    except ValueError:
                        log("ignoring budget", arg)
            move, info = agent.choose(state)
            send(*([info_line(info)] if info else []), "move " + move)
        elif command == "gameover":  # no reply; unknown keys ignored
            end = dict(arg.split("=", 1) for arg in args if "=" in arg)
            if hasattr(agent, "game_over"):
                agent.game_over(end)
            else:
                log("game over:", " ".join("%s=%s" % kv for kv in sorted(end.items())))
        elif command == "quit":
            return
        # any other command is ignored
