#!/bin/sh
# Plays well, but does not exit at `quit` (nor when its input ends, nor at SIGTERM):
# it waits on a child instead, until the workbench kills it. Usage: stubborn.sh DIR
. "${0%/*}/protocol.sh"
trap '' TERM
serve() {
    while IFS= read -r line; do
        set -- $line
        case "$1" in
            protocol) handshake ;;
            newgame) ply=0 ;;
            legal) first=$2 ;;
            go) ply=$((ply + 1)); answer ;;
            quit) break ;;
        esac
    done
    echo "stubborn.sh: not quitting (pid $$)" >&2
    sleep_child 30
}
serve
