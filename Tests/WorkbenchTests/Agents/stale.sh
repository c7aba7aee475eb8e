#!/bin/sh
# Answers go with its move, then, before it reads the next request, a second move
# (after a pause, so that the workbench has sent the next request by then): a stale
# line that must not be taken for the next answer. Usage: stale.sh DIR
. "${0%/*}/protocol.sh"
answer() {
    printf 'move %s\n' "$first"
    if [ "$ply" = 1 ]; then
        echo "stale.sh: a second move after a pause (pid $$)" >&2
        sleep 0.4
        printf 'move %s\n' "$first"
        sleep 0.4
    fi
}
serve
