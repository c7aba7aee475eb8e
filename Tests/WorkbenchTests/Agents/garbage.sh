#!/bin/sh
# Answers go with a line that the protocol does not allow there. Usage:
# garbage.sh DIR [MODE], MODE one of
#   hello    a line that is neither info nor move (the default)
#   error    an `error` line
#   badinfo  an info line with a negative node count
. "${0%/*}/protocol.sh"
mode=${2:-hello}
answer() {
    echo "garbage.sh: answering with $mode (pid $$)" >&2
    printf 'info nodes=3\n'
    case "$mode" in
        hello) printf 'hello there, workbench\n' ;;
        error) printf 'error out of ideas\n' ;;
        badinfo) printf 'info nodes=-5\n' ;;
    esac
    printf 'move %s\n' "$first"
}
serve
