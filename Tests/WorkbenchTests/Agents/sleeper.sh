#!/bin/sh
# Answers every go, but only after sleeping a second: past any small time budget.
# Usage: sleeper.sh DIR
. "${0%/*}/protocol.sh"
answer() {
    echo "sleeper.sh: sleeping 1 s at move $ply (pid $$)" >&2
    sleep_child 1
    printf 'move %s\n' "$first"
}
serve
