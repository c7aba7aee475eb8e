#!/bin/sh
# Crashes at its Nth move of every game, after a line on standard error. Usage:
# crash.sh DIR N [MODE], MODE one of
#   exit    exits with status 3 (the default)
#   signal  kills itself with SIGKILL
#   close   closes its standard output and sleeps (a child process) instead of answering
. "${0%/*}/protocol.sh"
crash_at=${2:-1}
mode=${3:-exit}
answer() {
    if [ "$ply" -ge "$crash_at" ]; then
        echo "crash.sh: boom at move $ply (pid $$)" >&2
        case "$mode" in
            signal) kill -9 $$ ;;
            close) exec >&-; sleep_child 30 ;;
        esac
        exit 3
    fi
    printf 'move %s\n' "$first"
}
serve
