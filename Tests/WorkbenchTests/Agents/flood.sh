#!/bin/sh
# Answers go with endless output. Usage: flood.sh DIR MODE, MODE one of
#   lines  endless `info` lines
#   line   one endless line (no newline)
#   long   one line of 65,600 bytes in two writes, its newline in the second:
#          the read that takes it over the limit also brings its newline
. "${0%/*}/protocol.sh"
mode=${2:-lines}
answer() {
    echo "flood.sh: flooding with $mode (pid $$)" >&2
    if [ "$mode" = long ]; then
        printf 'info string %s' "$(head -c 64988 /dev/zero | tr '\0' x)"
        sleep 0.2
        printf '%s\nmove %s\n' "$(head -c 600 /dev/zero | tr '\0' x)" "$first"
        return
    fi
    if [ "$mode" = line ]; then
        while :; do printf 'info string xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; done
    fi
    while :; do printf 'info nodes=1 string flooding\n'; done
}
serve
