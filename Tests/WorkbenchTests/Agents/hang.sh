#!/bin/sh
# Never answers a go: waits on a child process (in its process group) instead.
# Usage: hang.sh DIR
. "${0%/*}/protocol.sh"
answer() {
    echo "hang.sh: thinking forever (pid $$)" >&2
    sleep_child 60
}
serve
