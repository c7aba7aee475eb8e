#!/usr/bin/env python3
"""Checks that every result under results/ still comes out of the command printed above it.

    benchmarks/results-check.py [--bench B] [--games N] [--full] [--timeout S] [--tablebase F] [--only TEXT]

For each result it says one of:

  reproduced  the command, run again, gives the same numbers (`part`: the same games
              for the part it played, see below);
  differs     it does not: the first difference is shown;
  skipped     not run, and why (a timing, a time budget, hours of CPU, a missing file).

What is checked:

- Every tournament folder (a tournament.json under results/, the verification matches
  of tuning runs included): its command (tournament.json's, the one at the top of its
  summary.md) is run again into a temporary folder and every game record is compared
  with the committed one of the same index, move by move (the times aside). Without
  --full, a costly tournament is run as shard 0/K of the same command (`--shard`,
  docs/cluster.md: the same games as the whole run, every K-th unit), K chosen so that
  about --games games are played: the games it plays must be the committed ones.
  Tournaments whose agents search under a time budget (`time=`) cannot be reproduced
  and are skipped.
- The `bench grade` commands of the READMEs (needs the sliding tablebase: --tablebase,
  or tablebases/bagh-chal.tb): every table row the command prints must be in the README.
- The `bench tournament` commands of the READMEs that write to /tmp (checks made after a
  run, with a hand-made table): run whole when they play at most --games × 10 games; the
  W-D-L (two-player) or the mean difference (puzzles) each prints must be in the README.
- Everything else is listed as skipped, with the reason.

The exit status is 1 when a result differs, else 0.
"""
import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# Results that are not a tournament folder nor a README command checked below: why
# they are not run. (Timings vary with the machine and its load: their scripts measure
# them again, they cannot be compared number for number.)
# Results known to differ, and where their folder says so.
KNOWN = {
    "results/tigers-goats-round-robin": "known: made by the binary of 2026-11-22 (ec8c9b7); with lmr=false spelled "
                                        "out 579 of 1,000 games still differ; its README.md says so, and "
                                        "rerun-2026-11-26/ is the full rerun by today's binary",
    "results/tuning-tigers-goats/verify": "known: alphabeta:depth=3 meant lmr=off when this ran (late-move reductions became "
                                          "the default later); results/tuning-tigers-goats/README.md gives the commands with "
                                          "lmr=false spelled out, which reproduce it",
}

SKIPPED = {
    "results/perft.md": "a timing (benchmarks/perft.sh measures it again; speeds vary with the machine)",
    "results/search.md": "a timing (benchmarks/search.sh)",
    "results/c-parity.md": "a timing (benchmarks/c-parity.sh)",
    "results/balls-speed.md": "a timing (benchmarks/balls-speed.sh)",
    "results/python-speed.md": "a timing (benchmarks/python-speed.sh)",
    "results/protocol-roundtrip.md": "a timing (benchmarks/protocol-roundtrip.sh)",
    "results/search-strength/thread-scaling.md": "a timing (benchmarks/thread-scaling.sh)",
    "results/search-strength/nodes-to-depth.md": "measured by benchmarks/nodes-to-depth.sh with times beside the nodes",
    "results/bagh-chal-placement": "hours: its first command took 1,354 s and the second 4·10⁸ nodes, on 2 cores",
    "results/bagh-chal-placement-sweep": "hours and 8.1 GiB: the retrograde sweep of all 39 placement layers",
    "results/bagh-chal-grading": "hours: grade.sh grades 18 agents (alpha-beta to depth 8, MCTS 10,000 playouts) on 20,000 positions; "
                                 "placement.md also needs the 8.1 GiB placement layers",
    "results/coin-sorter-learning (bench train)": "the weights: three bench train runs, about 4 minutes of CPU, not re-run here "
                                                  "(the tournament with the committed weights is checked)",
    "results/tuning-tigers-goats (bench tune)": "the tune run: 600 iterations (its verification games in verify/ are checked)",
    "results/tuning-coin-sorter (bench tune)": "the tune run: 5,000 iterations of 64 deals (its verification games are checked)",
    "results/tuning-python-bagh-chal (bench tune)": "the tune run: 300 iterations through the Python agent (its verification games are checked)",
}


def without_times(record):
    """A record's game: the times aside, and the record format's version (records of an
    earlier format have no `format` and no `termination` when the game ended normally)."""
    r = dict(record)
    r.pop("times", None)
    r.pop("format", None)
    r.setdefault("termination", "normal")
    return r


def tournament_command(folder):
    """The bench tournament command of a folder's tournament.json, as argument words after 'bench'."""
    with open(os.path.join(folder, "tournament.json")) as f:
        data = json.load(f)
    config = data.get("config", data)
    command = config["command"]
    # A tuning run's verification: "# the verification match of: …\n# the same games as:\nbench tournament …".
    lines = [l for l in command.splitlines() if l.startswith("bench ")]
    words = shlex.split(lines[-1])[1:]
    # Runs before issue 41 left the tune command's agent files out of the second line: taken from the first.
    tune = [l for l in command.splitlines() if l.startswith("# the verification match of: ")]
    if tune and "--agent-file" not in words:
        t = shlex.split(tune[0].split(": ", 1)[1])
        for i, w in enumerate(t[:-1]):
            if w == "--agent-file":
                words += ["--agent-file", t[i + 1]]
    return words, config


def replace_option(words, name, value):
    out, i = [], 0
    while i < len(words):
        if words[i] == name:
            i += 2
            continue
        out.append(words[i])
        i += 1
    return out + [name, value]


def run(bench, words, timeout, cwd=ROOT):
    return subprocess.run([bench] + words, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def first_difference(a, b):
    keys = sorted(set(a) | set(b))
    parts = []
    for k in keys:
        if a.get(k) != b.get(k):
            x, y = json.dumps(a.get(k))[:160], json.dumps(b.get(k))[:160]
            parts.append(f"    {k}: committed {x}\n    {k}: now       {y}")
    return "\n".join(parts)


def check_tournament(folder, args, tmp):
    rel = os.path.relpath(folder, ROOT)
    words, config = tournament_command(folder)
    agents = config.get("agents", [])
    if any("time=" in a for a in agents):
        return "skipped", "its agents search under a time budget (time=): the games depend on the machine's speed"
    with open(os.path.join(folder, "games.jsonl")) as f:
        committed = {}
        for line in f:
            if line.strip():
                r = json.loads(line)
                committed[r["index"]] = without_times(r)
    out = os.path.join(tmp, rel.replace("/", "_"))
    words = replace_option(words, "--out", out)
    part = ""
    if not args.full and len(committed) > args.games:
        k = max(2, round(len(committed) / args.games))
        words = replace_option(words, "--shard", f"0/{k}")
        part = f" (shard 0/{k} of the command)"
    try:
        p = run(args.bench, words, args.timeout)
    except subprocess.TimeoutExpired:
        return "skipped", f"over the {args.timeout} s limit{part}"
    if p.returncode != 0:
        return "differs", f"the command failed (exit {p.returncode}): {p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ''}"
    played = []
    with open(os.path.join(out, "games.jsonl")) as f:
        played = [without_times(json.loads(l)) for l in f if l.strip()]
    if not played:
        return "differs", "the command played no game"
    for r in sorted(played, key=lambda r: r["index"]):
        c = committed.get(r["index"])
        if c is None:
            return "differs", f"game {r['index']} is not in the committed games.jsonl"
        if c != r:
            return "differs", f"game {r['index']} differs{part}:\n" + first_difference(c, r)
    what = "all" if len(played) == len(committed) else f"{len(played)} of"
    return "reproduced", f"{what} {len(committed)} games identical{part}"


def readme_blocks(path):
    """The shell blocks of a README: lists of lines, continuation lines joined."""
    text = open(path).read()
    blocks = []
    for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
        if m.group(1) not in ("", "sh", "bash"):
            continue
        lines = m.group(2).replace("\\\n", " ").splitlines()
        blocks.append([l for l in lines if l.strip() and not l.lstrip().startswith("#")])
    return text, blocks


def shell(args, assignments, line, timeout):
    script = 'bench() { "$BENCH" "$@"; }\n' + "\n".join(assignments) + "\n" + line + "\n"
    return subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, BENCH=args.bench))


def check_readme(path, args, tmp, report):
    rel = os.path.relpath(path, ROOT)
    text, blocks = readme_blocks(path)
    for block in blocks:
        assignments = [l for l in block if re.match(r"^[A-Z_]+=", l)]
        for line in block:
            if line.startswith("bench grade"):
                name = f"{rel}: {line}"
                if not args.tablebase:
                    report(name, "skipped", "needs the sliding tablebase (89 MB; bench solve --game bagh-chal, "
                                            "or --tablebase F)")
                    continue
                try:
                    p = shell(args, assignments, line + f" --tablebase {shlex.quote(args.tablebase)}", args.timeout)
                except subprocess.TimeoutExpired:
                    report(name, "skipped", f"over the {args.timeout} s limit")
                    continue
                rows = [l for l in p.stdout.splitlines() if l.startswith("| ") and not l.startswith("| agent ")]
                if p.returncode != 0 or not rows:
                    report(name, "differs", f"exit {p.returncode}: {p.stderr.strip()[-300:]}")
                    continue
                missing = [r for r in rows if r not in text]
                report(name, "differs" if missing else "reproduced",
                       ("printed a row not in the README:\n    " + "\n    ".join(missing)) if missing
                       else f"its table row{'s' if len(rows) > 1 else ''} in the README")
            elif line.startswith("bench tournament") and "--out /tmp/" in line:
                name = f"{rel}: {line}"
                games = re.search(r"--games (\d+)", line)
                agents = len(re.search(r"--agents (.*?) --", line).group(1).split())
                total = int(games.group(1)) * agents * (agents - 1) // 2 if games else 0
                if not args.full and total > args.games * 10:
                    report(name, "skipped", f"costly: {total} games (--full runs it)")
                    continue
                out = os.path.join(tmp, "readme-" + str(abs(hash(line))))
                try:
                    p = shell(args, assignments, re.sub(r"--out /tmp/\S+", f"--out {out}", line), args.timeout)
                except subprocess.TimeoutExpired:
                    report(name, "skipped", f"over the {args.timeout} s limit")
                    continue
                if p.returncode != 0:
                    report(name, "differs", f"exit {p.returncode}: {p.stderr.strip()[-300:]}")
                    continue
                s = json.load(open(os.path.join(out, "summary.json")))
                if s.get("pairings"):
                    o = s["pairings"][0]["overall"]
                    shown = [f"{o['wins']}-{o['draws']}-{o['losses']}", f"{o['losses']}-{o['draws']}-{o['wins']}"]
                else:
                    d = s["puzzleComparisons"][0]["comparison"]["difference"]["mean"]
                    shown = [f"{d:+.3f}", f"{-d:+.3f}"]
                ok = any(x in text for x in shown)
                report(name, "reproduced" if ok else "differs",
                       f"{shown[0]} is in its table" if ok else f"it gives {shown[0]}, not in the README's table")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--bench", default=os.path.join(ROOT, ".build/release/bench"))
    ap.add_argument("--games", type=int, default=60, help="about how many games a costly tournament plays (a shard)")
    ap.add_argument("--full", action="store_true", help="run every command whole")
    ap.add_argument("--timeout", type=int, default=900, help="seconds one command may take")
    ap.add_argument("--tablebase", default=None, help="the sliding tablebase (default tablebases/bagh-chal.tb if there)")
    ap.add_argument("--only", default="", help="check only results whose path contains this")
    args = ap.parse_args()
    args.bench = os.path.abspath(args.bench)
    if args.tablebase is None and os.path.exists(os.path.join(ROOT, "tablebases/bagh-chal.tb")):
        args.tablebase = os.path.join(ROOT, "tablebases/bagh-chal.tb")
    if not os.access(args.bench, os.X_OK):
        sys.exit(f"results-check: no bench at {args.bench} (swift build -c release --product bench)")
    counts = {"reproduced": 0, "differs": 0, "skipped": 0}

    def report(name, status, detail):
        counts[status] += 1
        print(f"{status:10} {name}\n           {detail}", flush=True)

    with tempfile.TemporaryDirectory(prefix="results-check-") as tmp:
        for name, why in SKIPPED.items():
            if args.only in name:
                report(name, "skipped", why)
        for config in sorted(glob.glob(os.path.join(ROOT, "results/**/tournament.json"), recursive=True)):
            folder = os.path.dirname(config)
            rel = os.path.relpath(folder, ROOT)
            if args.only not in rel:
                continue
            status, detail = check_tournament(folder, args, tmp)
            if status == "differs" and rel in KNOWN:
                detail = KNOWN[rel] + "\n" + detail
            report(rel + " (" + " ".join(tournament_command(folder)[0][:12]) + " …)", status, detail)
        for readme in sorted(glob.glob(os.path.join(ROOT, "results/*/README.md"))):
            if args.only in os.path.relpath(readme, ROOT):
                check_readme(readme, args, tmp, report)
    print(f"\n{counts['reproduced']} reproduced, {counts['differs']} differ, {counts['skipped']} skipped")
    sys.exit(1 if counts["differs"] else 0)


if __name__ == "__main__":
    main()
