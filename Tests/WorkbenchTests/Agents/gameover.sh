#!/bin/sh
# A well-behaved agent that asks to be told how each game ended (`want gameover`);
# with `record-input` in DIR it logs every line it reads, the gameover lines too.
# Its pid also goes to DIR/told-pids. Usage: gameover.sh DIR
. "${0%/*}/protocol.sh"
if [ -n "$dir" ]; then echo $$ >> "$dir/told-pids"; fi
handshake() {
    printf 'name %s 1.0\n' "$agent"
    printf 'want legal\n'
    printf 'want gameover\n'
    printf 'ok\n'
}
serve
