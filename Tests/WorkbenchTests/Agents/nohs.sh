#!/bin/sh
# Shakes hands the first time it runs (when the agents file is read), never again:
# a later start reads `protocol 1` and says nothing. Usage: nohs.sh DIR (the marker
# file `shook` in DIR says it has run).
. "${0%/*}/protocol.sh"
if [ -e "$dir/shook" ]; then
    echo "nohs.sh: not shaking hands this time (pid $$)" >&2
    handshake() { :; }
else
    : > "$dir/shook"
fi
serve
