#!/bin/sh
# Answers go with endless output. Usage: flood.sh DIR MODE, MODE one of
#   lines  endless `info` lines
#   line   one endless line (no newline)
#   long   one line of 70,000 bytes, its newline written with it, then a move
. "${0%/*}/protocol.sh"
mode=${2:-lines}
answer() {
    echo "flood.sh: flooding with $mode (pid $$)" >&2
    if [ "$mode" = long ]; then
        long=$(head -c 70000 /dev/zero | tr '\0' x)
        printf 'info string %s\nmove %s\n' "$long" "$first"
        return
    fi
    if [ "$mode" = line ]; then
        while :; do printf 'info string xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; done
    fi
    while :; do printf 'info nodes=1 string flooding\n'; done
}
serve
