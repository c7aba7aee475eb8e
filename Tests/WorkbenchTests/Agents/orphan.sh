#!/bin/sh
# Starts children and exits at its first go. Usage: orphan.sh DIR MODE, MODE one of
#   holder   a child that keeps its standard output open (sleeping); the agent exits
#   setsid   a child in a session of its own (setsid), then plays on
#   daemon   a grandchild in a session of its own, its parent gone at once (a
#            daemon's double fork), then plays on
#   setsid-hang  a child in a session of its own, then never answers (waits on a
#            child in its group): bench is ended by a signal with both alive
. "${0%/*}/protocol.sh"
mode=${2:-holder}
answer() {
    case "$mode" in
        holder)
            if [ "$ply" = 1 ]; then
                sleep 30 &
                if [ -n "$dir" ]; then echo $! >> "$dir/pids"; fi
                echo "orphan.sh: exiting, a child holds my output (pid $$)" >&2
                exit 5
            fi ;;
        setsid)
            if [ "$ply" = 1 ]; then
                setsid sleep 30 </dev/null >/dev/null 2>&1 &
                if [ -n "$dir" ]; then echo $! >> "$dir/pids"; fi
            fi ;;
        daemon)
            if [ "$ply" = 1 ]; then
                ( setsid sleep 30 </dev/null >/dev/null 2>&1 &
                  if [ -n "$dir" ]; then echo $! >> "$dir/pids"; fi ) 
            fi ;;
        setsid-hang)
            setsid sleep 30 </dev/null >/dev/null 2>&1 &
            if [ -n "$dir" ]; then echo $! >> "$dir/pids"; fi
            sleep_child 60 ;;
    esac
    printf 'move %s\n' "$first"
}
serve
