#!/usr/bin/env bash
# CI: no compiler warning in our own targets (Sources/, Tests/). A debug build of every
# target and the tests with warnings as errors, in a build folder of its own
# (.build/warnings, so the README's `swift test` build keeps its flags). A file with a
# warning then never counts as built: the next, incremental, run compiles it and reports
# it again, so the check stays sound while an unchanged tree costs seconds and a change
# only the files it touches (the first run is a whole debug build).
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift build --build-tests --build-path .build/warnings -Xswiftc -warnings-as-errors > "$log" 2>&1 || status=$?

# Our files' diagnostics, once each (a warning as an error says `error:`; a warning the
# flag did not promote still says `warning:`).
ours=$(grep -E "^($PWD|$(pwd -P))/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: (warning|error):" "$log" | sort -u || true)
if [ -n "$ours" ]; then
    echo "compiler warnings (as errors) in Sources/ or Tests/:"
    echo "$ours"
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "the warnings build failed (status $status) without a diagnostic in Sources/ or Tests/:"
    tail -n 20 "$log"
    exit 1
fi
echo "no compiler warnings in Sources/ or Tests/"
