#!/bin/bash
# benchmarks/slurm-local.sh: `bench cluster slurm` on a real, one-node Slurm cluster.
#
# As root on a fresh Debian machine (12 or later; no systemd needed): installs
# slurm-wlm and munge from Debian's packages, starts munged, slurmctld and slurmd on
# this machine (loopback only), then
#   1. plays a small tournament on one machine (bench tournament --out);
#   2. plays the same through `bench cluster slurm --shards 4 --submit`, waits for the
#      merge job and compares the merged summary.json with the single-machine one
#      (equal apart from the `run` object and `command`);
#   3. again, with one shard cancelled mid-run (scancel JOBID_K) and resubmitted
#      (sbatch --array=K shards.sbatch, which resumes it), merged by a merge job
#      submitted after it, compared again, and games.jsonl checked to hold every
#      game index exactly once;
# and stops the daemons it started. Exits 0 only if every comparison held.
# Not part of `swift test`: it needs root and a few minutes. docs/cluster.md tells
# what it printed when it was last run.
#
# usage: benchmarks/slurm-local.sh [--bench PATH] [--work DIR] [--keep]
#   --bench PATH   the bench executable (default: build it, `swift build -c release`)
#   --work DIR     where the runs go (default: a fresh folder under /tmp)
#   --keep         leave the daemons running (slurm.conf stays either way)
# Environment: GAMES (games per pairing, default 8), AGENTS (default: the game's
# default agents as `bench` alone plays them), SEED (default 1).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bench=""
work=""
keep=0
while [ $# -gt 0 ]; do
    case "$1" in
        --bench) bench="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "slurm-local.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
GAMES="${GAMES:-8}"
SEED="${SEED:-1}"

say() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*"; }
fail() { say "FAILED: $*"; exit 1; }
start_seconds=$SECONDS

[ "$(id -u)" = 0 ] || { echo "slurm-local.sh: run as root (it installs packages and starts daemons)" >&2; exit 2; }

# --- the bench executable --------------------------------------------------------
if [ -z "$bench" ]; then
    say "building bench (swift build -c release)"
    (cd "$here" && swift build -c release >/dev/null)
    bench="$here/.build/release/bench"
fi
bench="$(readlink -f "$bench")"
[ -x "$bench" ] || fail "no bench executable at $bench"
if [ -n "${AGENTS:-}" ]; then
    read -r -a agents <<<"$AGENTS"
else
    # The default tournament's agents: what `bench` alone plays (its help says it).
    read -r -a agents <<<"$("$bench" help | sed -n 's/.*bench tournament --agents \(.*\) --games .*/\1/p' | head -1)"
fi
[ "${#agents[@]}" -ge 2 ] || fail "could not tell the default agents from bench help; set AGENTS"
[ -n "$work" ] || work="$(mktemp -d /tmp/slurm-local.XXXXXX)"
mkdir -p "$work"
work="$(readlink -f "$work")"
tournament=(--agents "${agents[@]}" --games "$GAMES" --seed "$SEED")
say "bench: $bench"
say "tournament: ${tournament[*]}"
say "work folder: $work"

# --- Slurm and munge ---------------------------------------------------------------
if ! command -v sbatch >/dev/null || ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq slurm-wlm munge >/dev/null
fi

conf=/etc/slurm/slurm.conf
marker="# written by benchmarks/slurm-local.sh"
if [ -e "$conf" ] && ! grep -qF "$marker" "$conf"; then
    fail "$conf exists and was not written by this script: this is for a machine without a Slurm of its own"
fi
if pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null; then
    fail "slurmctld or slurmd is already running; stop it first"
fi

started=()
jobs_submitted=()
stop_daemons() {
    if [ "${#jobs_submitted[@]}" -gt 0 ] && [ -n "$(squeue -h -j "$(IFS=,; echo "${jobs_submitted[*]}")" 2>/dev/null)" ]; then
        scancel "${jobs_submitted[@]}" 2>/dev/null || true
    fi
    [ "$keep" = 1 ] && { say "--keep: daemons left running (${started[*]:-none})"; return; }
    local name pid
    for name in slurmd slurmctld munged; do
        pid="$(cat "/run/slurm-local-$name.pid" 2>/dev/null || true)"
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        fi
        rm -f "/run/slurm-local-$name.pid"
    done
    [ "${#started[@]}" -gt 0 ] && say "stopped ${started[*]}"
    return 0
}
trap stop_daemons EXIT

# munge: a key if there is none, and the daemon (as the munge user, as Debian runs it).
if [ ! -s /etc/munge/munge.key ]; then
    say "creating /etc/munge/munge.key"
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
    chown munge:munge /etc/munge/munge.key
    chmod 400 /etc/munge/munge.key
fi
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown munge:munge /run/munge /var/log/munge /var/lib/munge
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
    runuser -u munge -- /usr/sbin/munged
    for _ in $(seq 50); do [ -S /run/munge/munge.socket.2 ] && break; sleep 0.1; done
    cp /run/munge/munged.pid /run/slurm-local-munged.pid
    started+=(munged)
fi
munge -n </dev/null | unmunge >/dev/null || fail "munge does not work (munged not running?)"

host="$(hostname -s)"
cpus="$(nproc)"
memory_mb=$(( $(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 ))
mkdir -p /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat >"$conf" <<EOF
$marker: a one-node cluster on this machine
ClusterName=benchlocal
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory_mb State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
say "slurm.conf: node $host, $cpus CPUs, $memory_mb MB, partition local"

# -c: a clean start, no jobs or state from an earlier run of this script.
/usr/sbin/slurmctld -c
for _ in $(seq 100); do [ -s /run/slurmctld.pid ] && break; sleep 0.1; done
cp /run/slurmctld.pid /run/slurm-local-slurmctld.pid
started+=(slurmctld)
/usr/sbin/slurmd
for _ in $(seq 100); do [ -s /run/slurmd.pid ] && break; sleep 0.1; done
cp /run/slurmd.pid /run/slurm-local-slurmd.pid
started+=(slurmd)

for i in $(seq 120); do
    state="$(sinfo -h -n "$host" -o '%t' 2>/dev/null || true)"
    [ "$state" = idle ] && break
    [ "$i" = 120 ] && fail "the node is not idle after 60 s (sinfo: ${state:-nothing}); see /var/log/slurm/"
    sleep 0.5
done
say "sinfo: node $host idle"
sinfo

# A trivial job first: does the cluster run anything at all?
probe="$work/probe.out"
job="$(sbatch --parsable --output="$probe" --wrap 'echo probe on $(hostname -s) with ${SLURM_CPUS_PER_TASK:-1} cpus' | cut -d';' -f1)"
for i in $(seq 120); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    [ "$i" = 120 ] && fail "the probe job $job did not finish in 60 s"
    sleep 0.5
done
grep -q '^probe on' "$probe" 2>/dev/null || fail "the probe job $job wrote nothing to $probe"
say "probe job $job: $(cat "$probe")"

# --- helpers -------------------------------------------------------------------------
# The state of job $1 (slurmctld keeps finished jobs for MinJobAge = an hour).
job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }

# Waits until job $1 has left the queue (at most $2 seconds); prints its final state.
wait_job() {
    local job="$1" limit="$2" t=0
    while [ -n "$(squeue -h -j "$job" 2>/dev/null)" ]; do
        [ "$t" -ge "$((limit * 2))" ] && { echo TIMEOUT; return; }
        sleep 0.5
        t=$((t + 1))
    done
    job_state "$job"
}

failures=0
check() {  # check WHAT COMMAND...: runs COMMAND, says ok or FAILED
    local what="$1"
    shift
    if "$@"; then say "ok: $what"; else say "FAILED: $what"; failures=$((failures + 1)); fi
}

# summary.json files equal apart from the `run` object (times, machine) and `command`.
same_summary() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d.pop("run", None)
    d.pop("command", None)
if a == b:
    sys.exit(0)
def diff(x, y, path="$"):
    if type(x) != type(y):
        return f"{path}: {x!r} vs {y!r}"
    if isinstance(x, dict):
        for k in sorted(set(x) | set(y)):
            if k not in x or k not in y:
                return f"{path}.{k}: only in one"
            d = diff(x[k], y[k], f"{path}.{k}")
            if d: return d
    elif isinstance(x, list):
        if len(x) != len(y):
            return f"{path}: {len(x)} vs {len(y)} items"
        for i, (u, v) in enumerate(zip(x, y)):
            d = diff(u, v, f"{path}[{i}]")
            if d: return d
    elif x != y:
        return f"{path}: {x!r} vs {y!r}"
    return None
print("   first difference:", diff(a, b))
sys.exit(1)
PY
}

# games.jsonl holds games 0..$2-1, each exactly once (in order when $3 = ordered).
each_game_once() {
    python3 - "$1" "$2" "${3:-}" <<'PY'
import json, sys, collections
path, total, ordered = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "ordered"
indices = [json.loads(line)["index"] for line in open(path) if line.strip()]
counts = collections.Counter(indices)
doubled = sorted(i for i, n in counts.items() if n > 1)
missing = sorted(set(range(total)) - set(counts))
extra = sorted(set(counts) - set(range(total)))
if doubled or missing or extra or (ordered and indices != sorted(indices)):
    print(f"   {path}: {len(indices)} records; doubled {doubled[:10]}, missing {missing[:10]}, foreign {extra[:10]}"
          + (", out of order" if ordered and indices != sorted(indices) else ""))
    sys.exit(1)
print(f"   {path}: {len(indices)} records, games 0-{total - 1} once each" + (", in order" if ordered else ""))
PY
}

# Submits the tournament through bench cluster slurm into $1; sets shards_job and merge_job.
submit() {
    local out="$1" printed
    printed="$(cd "$work" && "$bench" cluster slurm --shards 4 --submit -- tournament "${tournament[@]}" --out "$out")"
    printf '%s\n' "$printed" | sed 's/^/   | /'
    shards_job="$(printf '%s\n' "$printed" | sed -n 's/^submitted: shards as array job \([0-9]*\).*/\1/p')"
    merge_job="$(printf '%s\n' "$printed" | sed -n 's/.*merge as job \([0-9]*\).*/\1/p')"
    [ -n "$shards_job" ] && [ -n "$merge_job" ] || fail "bench cluster slurm --submit printed no job ids"
    jobs_submitted+=("$shards_job" "$merge_job")
}


# --- 1. one machine -------------------------------------------------------------------
say "1. the tournament on one machine ($cpus threads)"
t0=$SECONDS
"$bench" tournament "${tournament[@]}" --threads "$cpus" --out "$work/single" >"$work/single.md"
games="$(grep -c . "$work/single/games.jsonl")"
say "   $games games in $((SECONDS - t0)) s: $work/single"

# --- 2. four shards on Slurm, merged ------------------------------------------------------
say "2. the same as 4 shards: bench cluster slurm --shards 4 --submit"
t0=$SECONDS
submit "$work/cluster"
state="$(wait_job "$merge_job" 900)"
say "   merge job $merge_job: $state after $((SECONDS - t0)) s"
for k in 0 1 2 3; do
    check "shard $k ($shards_job""_$k) completed" test "$(job_state "${shards_job}_$k")" = COMPLETED
done
check "merge job completed" test "$state" = COMPLETED
check "merged summary.json equals the one machine's (apart from run, command)" \
    same_summary "$work/cluster/merged/summary.json" "$work/single/summary.json"
check "merged games.jsonl holds every game once, in order" each_game_once "$work/cluster/merged/games.jsonl" "$games" ordered

# --- 3. a shard cancelled mid-run and resubmitted ----------------------------------------
say "3. again, with a shard cancelled mid-run and resubmitted"
t0=$SECONDS
submit "$work/cancel"
k=1
log="$work/cancel/shards/shard-$k/games.jsonl"
per_shard=$(( (games + 3) / 4 ))
cancelled_at=""
for _ in $(seq 3000); do
    st="$(job_state "${shards_job}_$k")"
    n="$( (grep -c . "$log" 2>/dev/null) || true)"
    n="${n:-0}"
    if [ "$st" = RUNNING ] && [ "$n" -ge 1 ]; then
        scancel "${shards_job}_$k"
        cancelled_at="$n"
        break
    fi
    case "$st" in COMPLETED|FAILED|CANCELLED|TIMEOUT) break ;; esac
    sleep 0.1
done
[ -n "$cancelled_at" ] || fail "shard $k ended ($st) before it could be cancelled mid-run: make it longer (GAMES=16)"
for _ in $(seq 100); do [ "$(job_state "${shards_job}_$k")" = CANCELLED ] && break; sleep 0.1; done
n="$(grep -c . "$log" || true)"
say "   cancelled shard $k (${shards_job}_$k, $(job_state "${shards_job}_$k")) with $n games in its log"
check "shard $k was cancelled mid-run" test "$n" -lt "$per_shard"
resubmitted="$(sbatch --parsable --array=$k "$work/cancel/slurm/shards.sbatch" | cut -d';' -f1)"
jobs_submitted+=("$resubmitted")
say "   resubmitted: sbatch --array=$k shards.sbatch -> job $resubmitted"
# The first merge depended on every task succeeding: Slurm cancels it (--kill-on-invalid-dep).
# The merge again, after the rest of the array and the resubmitted task:
merge2="$(sbatch --parsable --dependency=afterany:$shards_job,afterok:$resubmitted "$work/cancel/slurm/merge.sbatch" | cut -d';' -f1)"
jobs_submitted+=("$merge2")
say "   merge resubmitted: sbatch --dependency=afterany:$shards_job,afterok:$resubmitted merge.sbatch -> job $merge2"
state="$(wait_job "$merge2" 900)"
say "   merge job $merge2: $state after $((SECONDS - t0)) s"
check "the first merge job ($merge_job) did not run (Slurm cancelled it)" test "$(wait_job "$merge_job" 60)" = CANCELLED
check "the resubmitted shard completed" test "$(job_state "${resubmitted}")" = COMPLETED
check "the resubmitted shard resumed (its log shows two starts, the second with --resume)" \
    test "$(grep -c '^bench-shards: shard' "$work/cancel/slurm/logs/shard-$k.out")" = 2 -a \
    "$(grep -c -- "--out $work/cancel/shards/shard-$k --resume\$" "$work/cancel/slurm/logs/shard-$k.out")" -ge 1
check "merge job completed" test "$state" = COMPLETED
check "shard $k's games.jsonl holds its games once each (nothing replayed)" python3 -c '
import json, sys, collections
c = collections.Counter(json.loads(l)["index"] for l in open(sys.argv[1]) if l.strip())
sys.exit(0 if c and max(c.values()) == 1 else 1)' "$log"
check "merged summary.json equals the one machine's (apart from run, command)" \
    same_summary "$work/cancel/merged/summary.json" "$work/single/summary.json"
check "merged games.jsonl holds every game once, in order" each_game_once "$work/cancel/merged/games.jsonl" "$games" ordered

elapsed=$((SECONDS - start_seconds))
if [ "$failures" = 0 ]; then
    say "all comparisons held ($((elapsed / 60)) min $((elapsed % 60)) s); results in $work"
    exit 0
fi
say "$failures comparisons failed ($((elapsed / 60)) min $((elapsed % 60)) s); results in $work"
exit 1
