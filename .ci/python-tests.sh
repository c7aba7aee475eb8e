#!/usr/bin/env bash
# The Python package (issue 38) as a user installs it: a fresh virtual environment, the
# test tooling from PyPI, `pip install ./python` (whose build backend builds libGameBenchC
# in release), `import gamebench` from outside the repository (the installed copy, not
# the source tree), then python/tests against the release `bench`.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset GAMEBENCH_LIBRARY PYTHONPATH

echo "== a fresh virtual environment"
if ! python3 -m venv "$work/venv" 2>/dev/null; then
    echo "python3 -m venv failed: installing Debian's python3-venv"
    apt-get update -qq && apt-get install -y -qq python3-venv > /dev/null
    python3 -m venv "$work/venv"
fi
py="$work/venv/bin/python"

echo "== test tooling from PyPI"
"$py" -m pip install -q --disable-pip-version-check numpy pettingzoo gymnasium open-spiel pytest

echo "== pip install ./python (builds libGameBenchC)"
"$py" -m pip install -q --disable-pip-version-check ./python

echo "== import gamebench from outside the repository"
(cd "$work" && "$py" -c 'import gamebench, os, sys
assert not gamebench.__file__.startswith(sys.argv[1]), gamebench.__file__
print("gamebench", gamebench.__version__, "library", gamebench.library_version(), "at", gamebench.library_path)
print("games:", ", ".join(gamebench.game_names()))' "$top/python")

if [ -z "${BENCH:-}" ]; then
    echo "== release bench"
    swift build -c release --product bench 2>&1 | tail -n 3
    test "${PIPESTATUS[0]}" -eq 0
    BENCH="$top/.build/release/bench"
fi
export BENCH

echo "== python -m pytest python/tests"
"$py" -m pytest -q python/tests
echo "Python tests passed"
