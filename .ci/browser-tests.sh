#!/usr/bin/env bash
# report.html in a real browser (docs/report.md): Debian's chromium, headless, installed
# when missing; a short tournament of each game with --out, then .ci/browser_test.py opens
# each report at random #game=K&ply=P and checks the `position` element against
# `bench replay`, the arrow keys, no request and no console error, and keeps screenshots
# in each tournament's folder. BENCH (default .build/release/bench), OUT (default
# .build/browser-tests), CHECKS (positions per game, default 6); README_PNG=path also
# copies the Bagh-Chal screenshot there.
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH="${BENCH:-$PWD/.build/release/bench}"
OUT="${OUT:-$PWD/.build/browser-tests}"
CHECKS="${CHECKS:-6}"
echo "== report.html in headless Chromium: positions against bench replay, the arrow keys, no request, no console error"
start=$(date +%s)
if ! command -v chromium > /dev/null; then
    echo "installing chromium (apt-get)"
    t=$(date +%s)
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
    echo "chromium installed in $(( $(date +%s) - t )) s"
    start=$(date +%s)
fi
rm -rf "$OUT" && mkdir -p "$OUT"
"$BENCH" tournament --game tigers-goats --agents random greedy --games 4 --seed 7 --threads 2 --out "$OUT/tigers-goats" > /dev/null
"$BENCH" tournament --game bagh-chal --agents random greedy --games 4 --seed 7 --threads 2 --out "$OUT/bagh-chal" > /dev/null
"$BENCH" tournament --game coin-sorter --agents random greedy --games 3 --seed 7 --threads 2 --out "$OUT/coin-sorter" > /dev/null
"$BENCH" tournament --game balls --level 6 --agents random greedy --games 3 --seed 7 --threads 2 --out "$OUT/balls" > /dev/null
python3 .ci/browser_test.py "$BENCH" "$CHECKS" "$OUT/tigers-goats" "$OUT/bagh-chal" "$OUT/coin-sorter" "$OUT/balls"
if [ -n "${README_PNG:-}" ]; then cp "$(ls "$OUT"/bagh-chal/screenshot-*.png | head -n 1)" "$README_PNG"; fi
echo "browser tests took $(( $(date +%s) - start )) s (after chromium was installed)"
