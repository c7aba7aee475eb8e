#!/usr/bin/env bash
# Fuzzes the release `bench` with generated command lines (issue 9, "no crash on any
# input"): mutations of valid command lines for every command, piped input for
# `play`, and damaged copies of small tournament folders for `report` and
# `tournament --resume`. Each run has a timeout and tiny budgets; see
# benchmarks/README.md for what counts as a finding.
#
#   SEED=1 COUNT=100000 benchmarks/fuzz.sh      seeded, reproducible
#   SEED=1 CASES=17,4242 benchmarks/fuzz.sh     show cases without running them
#
# Other settings: START (first case, default 0), JOBS (parallel runs, default the
# cores), TIMEOUT (seconds per run, default 10), WORK (the work folder, default a new
# temporary one), BENCH (the executable; set it to skip the build).
# Exits 1 when there is a finding; each is written with its reproducer to
# WORK/fuzz-findings.txt, its folder and input kept under WORK/findings/case-N.
set -euo pipefail
cd "$(dirname "$0")/.."
export SEED=${SEED:-1} COUNT=${COUNT:-100000}
if [ -n "${CASES:-}" ]; then exec python3 benchmarks/fuzz.py; fi
if [ -z "${BENCH:-}" ]; then
  swift build -c release --product bench >&2
  BENCH=.build/release/bench
fi
export BENCH
ulimit -c 0
exec python3 benchmarks/fuzz.py
