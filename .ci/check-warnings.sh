#!/usr/bin/env bash
# CI: no compiler warning in our own targets (Sources/, Tests/).
#
#   bash .ci/check-warnings.sh LOG   # reads the output of a build (CI: its `swift test`)
#   bash .ci/check-warnings.sh       # builds everything with warnings as errors first
#
# CI passes the log of its `swift test`, which on a fresh clone compiles every file of
# every target and the tests, so each warning is in it, at no extra cost. Without a log
# (an incremental tree, where files already built print nothing) it makes a debug build
# of everything in a folder of its own (.build/warnings) with -warnings-as-errors: a file
# with a warning then never counts as built, so every later run reports it again (the
# first run is a whole debug build, 2-3 minutes on 2 cores; later ones seconds).
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
if [ $# -ge 1 ]; then
    log=$1
else
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    swift build --build-tests --build-path .build/warnings -Xswiftc -warnings-as-errors > "$log" 2>&1 || status=$?
fi

# Our files' diagnostics, once each (a warning promoted by the flag says `error:`).
ours=$(grep -E "^($PWD|$(pwd -P))/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: (warning|error):" "$log" | sort -u || true)
if [ -n "$ours" ]; then
    echo "compiler warnings in Sources/ or Tests/:"
    echo "$ours"
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "the warnings build failed (status $status) without a diagnostic in Sources/ or Tests/:"
    tail -n 20 "$log"
    exit 1
fi
echo "no compiler warnings in Sources/ or Tests/"
