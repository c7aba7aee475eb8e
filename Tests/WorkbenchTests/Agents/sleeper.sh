#!/bin/sh
# Answers every go, but only after sleeping SECONDS (1 unless given): past any small time budget.
# Usage: sleeper.sh DIR [SECONDS]
seconds=${2:-1}
. "${0%/*}/protocol.sh"
answer() {
    echo "sleeper.sh: sleeping $seconds s at move $ply (pid $$)" >&2
    sleep_child "$seconds"
    printf 'move %s\n' "$first"
}
serve
