#!/usr/bin/env bash
# The C interface under ThreadSanitizer: libGameBenchC built with --sanitize=thread (in a
# build folder of its own), then examples/c/play.c and examples/c/threads.c (vector
# environments and playouts on 2 threads, every game) linked with the toolchain's clang
# and its TSan runtime; any report fails. Not part of .ci/run (a whole release build,
# about 2.5 minutes on 2 cores): run it after changing the library's threaded code.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${TSAN_BUILD:-.build-tsan}
swift build -c release --product GameBenchC --sanitize=thread --scratch-path "$build" 2>&1 | tail -n 1
lib=$(cd "$build/release" && pwd)
bin=$(dirname "$(command -v swift)")
runtime=$(cd "$bin/../lib/swift/linux" && pwd)
for program in play threads; do
    "$bin/clang" -O1 -g -fsanitize=thread -Iinclude "examples/c/$program.c" -L"$lib" -lGameBenchC -L"$runtime" \
        -ldispatch -lBlocksRuntime -Wl,-rpath,"$lib" -Wl,-rpath,"$runtime" -lm -o "$lib/$program-tsan"
    TSAN_OPTIONS=halt_on_error=1 "$lib/$program-tsan" | tail -n 1
done
echo "no ThreadSanitizer report"
