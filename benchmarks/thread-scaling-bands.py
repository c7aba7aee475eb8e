#!/usr/bin/env python3
"""The 2-thread curve past a second from tables of benchmarks/thread-scaling.sh.

Reads the per-position rows of one or more of its outputs (the same positions and depths),
takes each position's median over them, and prints, per game, the summed 1- and 2-thread
times of the searches in each band of one-thread time (from 1 s: the curve below is
benchmarks/threads-curve.sh's), then each table's ratio per game.
    python3 benchmarks/thread-scaling-bands.py results/search-strength/thread-scaling-deep/depth-11-20-*.md
"""
import re, statistics, sys

BANDS = [(1, 5, "1 s–5 s"), (5, 20, "5 s–20 s"), (20, float("inf"), "20 s and more")]
ROW = re.compile(r"\| (tigers-goats|bagh-chal) \| (\d+) \| ([\d.]+) \| ([\d.]+) \| [\d.]+x \| (\d+) \| (\d+) \|")

if len(sys.argv) < 2:
    sys.exit("usage: thread-scaling-bands.py TABLE.md...")
tables = []
for path in sys.argv[1:]:
    try:
        rows = [(m[1], int(m[2]), float(m[3]), float(m[4]), int(m[5]), int(m[6])) for m in map(ROW.match, open(path)) if m]
    except OSError as e:
        sys.exit(f"thread-scaling-bands: {path}: {e.strerror}")
    if not rows:
        sys.exit(f"thread-scaling-bands: {path}: no per-position rows of benchmarks/thread-scaling.sh")
    tables.append(rows)
games = [g for g in ("tigers-goats", "bagh-chal") if any(r[0] == g for t in tables for r in t)]

print("| game | 1-thread time | searches | 1 thread s | 2 threads s | ratio (sum) | nodes 2 / 1 |")
print("|---|---|---:|---:|---:|---:|---:|")
for game in games:
    runs = {}
    for t in tables:
        for r in t:
            if r[0] == game:
                runs.setdefault(r[1], []).append(r[2:])
    # Each position's median over the tables: time and nodes on 1 and 2 threads.
    medians = [[statistics.median(x[i] for x in v) for i in range(4)] for v in runs.values()]
    for low, high, name in BANDS:
        band = [m for m in medians if low <= m[0] < high]
        if not band:
            continue
        t1, t2 = sum(m[0] for m in band), sum(m[1] for m in band)
        n = sum(m[3] for m in band) / sum(m[2] for m in band)
        print(f"| {game} | {name} | {len(band)} | {t1:.2f} | {t2:.2f} | **{t1 / t2:.2f}x** | {n:.2f} |")
print()
print("| table | " + " | ".join(games) + " |")
print("|---|" + "---:|" * len(games))
for path, t in zip(sys.argv[1:], tables):
    ratios = []
    for game in games:
        rs = [r for r in t if r[0] == game]
        ratios.append(f"{sum(r[2] for r in rs) / sum(r[3] for r in rs):.2f}x" if rs else "")
    print(f"| {path.rsplit('/', 1)[-1]} | " + " | ".join(ratios) + " |")
