#!/bin/sh
# Answers go with a move that is not legal. Usage: illegal.sh DIR MODE, MODE one of
#   nonsense  `move a1-a1` at its first move
#   stale     at its second move, the move it played at its first (no longer legal:
#             the piece has left its point, or the point is taken); `a1-a1` in the
#             rare case it is legal again
#   words     `move a1 a2`: not one move
. "${0%/*}/protocol.sh"
mode=${2:-nonsense}
stale=
answer() {
    case "$mode" in
        nonsense)
            echo "illegal.sh: playing a1-a1 (pid $$)" >&2
            printf 'move a1-a1\n' ;;
        stale)
            if [ "$ply" -eq 1 ]; then
                stale=$first
                printf 'move %s\n' "$first"
                return
            fi
            case "$legal" in *" $stale "*) stale=a1-a1 ;; esac
            echo "illegal.sh: playing $stale again (pid $$)" >&2
            printf 'move %s\n' "$stale" ;;
        words)
            echo "illegal.sh: two moves at once (pid $$)" >&2
            printf 'move %s %s\n' "$first" "$first" ;;
    esac
}
serve
