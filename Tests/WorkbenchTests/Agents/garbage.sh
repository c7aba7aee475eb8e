#!/bin/sh
# Answers go with a line that the protocol does not allow there. Usage:
# garbage.sh DIR [MODE], MODE one of
#   hello    a line that is neither info nor move (the default)
#   error    an `error` line
#   badinfo  an info line with a negative node count
#   after    a correct answer, then an info line after the move
#   blank    a correct answer with blank lines before and after the move (ignored)
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
    # One write for both lines in `after` mode, so the extra line is there when the
    # workbench next looks, however the processes are scheduled.
    if [ "$mode" = after ]; then printf 'move %s\ninfo string one more thing\n' "$first"
    elif [ "$mode" = blank ]; then printf '\n  \nmove %s\n\n \r\n' "$first"
    else printf 'move %s\n' "$first"; fi
}
serve
