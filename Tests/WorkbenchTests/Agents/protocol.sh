# The agent protocol (docs/protocol.md) in POSIX sh, sourced by the agents of this
# folder: a working agent that plays the first legal move. Each agent overrides one
# hook to misbehave in its own way.
#
#   $1            a folder where the agent appends its pid to `pids` at start
#                 (and where the pids of the children it starts go too); when it
#                 holds a file `record-input`, every line the agent reads is
#                 appended to `input-PID` there
#   handshake     answers `protocol 1`
#   answer        answers `go`; `$ply` is the number of this go in the game,
#                 `$first` the first legal move, `$legal` all of them (" a b c ")
#
# Anything for people goes to standard error, which the workbench keeps.

set -f  # words of a line are never file name patterns
dir=$1
if [ -n "$dir" ]; then echo $$ >> "$dir/pids"; fi
agent=${0##*/}
record=
if [ -n "$dir" ] && [ -e "$dir/record-input" ]; then record="$dir/input-$$"; fi
ply=0
first=
legal=

handshake() {
    printf 'name %s 1.0\n' "$agent"
    printf 'option name=greed type=real default=0.5 min=0 max=1\n'
    printf 'want legal\n'
    printf 'ok\n'
}

answer() {
    printf 'info nodes=1 string %s\n' "$agent"
    printf 'move %s\n' "$first"
}

# Starts `sleep SECONDS` in the background, noting its pid, and waits for it: a
# child the workbench must end with the agent (it is in the agent's process group).
sleep_child() {
    sleep "$1" &
    if [ -n "$dir" ]; then echo $! >> "$dir/pids"; fi
    wait $!
}

serve() {
    while IFS= read -r line; do
        if [ -n "$record" ]; then printf '%s\n' "$line" >> "$record"; fi
        set -- $line
        case "$1" in
            protocol) handshake ;;
            newgame) ply=0 ;;
            legal) first=$2; shift; legal=" $* " ;;
            go) ply=$((ply + 1)); answer ;;
            quit) exit 0 ;;
        esac
    done
}
