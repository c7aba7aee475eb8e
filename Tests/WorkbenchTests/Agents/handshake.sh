#!/bin/sh
# Gets its handshake wrong. Usage: handshake.sh DIR MODE, MODE one of
#   okfirst      `ok` before a `name` line
#   reserved     declares an option named `depth`, which is the workbench's
#   twice        declares the same option twice
#   unsupported  says `error unsupported protocol version` and exits
#   want         asks for something unknown (`want moves`)
#   exit         exits with status 1 before `ok`
. "${0%/*}/protocol.sh"
mode=$2
handshake() {
    echo "handshake.sh: getting it wrong ($mode, pid $$)" >&2
    case "$mode" in
        okfirst) printf 'ok\n' ;;
        reserved) printf 'name handshake.sh\noption name=depth type=integer default=3 min=1 max=9\nok\n' ;;
        twice) printf 'name handshake.sh\noption name=greed type=flag default=true\noption name=greed type=flag default=false\nok\n' ;;
        unsupported) printf 'error unsupported protocol version\n'; exit 0 ;;
        want) printf 'name handshake.sh\nwant moves\nok\n' ;;
        exit) printf 'name handshake.sh\n'; exit 1 ;;
    esac
}
serve
