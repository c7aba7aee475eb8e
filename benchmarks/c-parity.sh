#!/usr/bin/env bash
# Swift against hand-written C, side by side in one run (issue 42, issue 13, issue 12):
#   - Tigers & Goats perft 6 and Bagh-Chal perft 8 from the start on 1 thread, against
#     the fastest C we could write (benchmarks/c/perft_fast.c: no move lists, the last
#     ply by popcounts, the last two by a closed form), built with `cc` and, when there
#     is one, with `clang`: the headline ratio is against the faster of the two;
#   - the same perfts against our algorithm in C (benchmarks/c/tigers_goats.c,
#     bagh_chal.c: a move list per ply, only the last ply counted in bulk), the
#     algorithm the Swift perft had before issue 42;
#   - Tigers & Goats random playouts (GAMES games, seed 1) on 1 thread,
#   - and the Swift perft 6 on 2 threads against its own 1-thread speed.
# CPU says what both sides are built for, the same target on both:
#   CPU=native    C with `-O3 -march=native`, Swift with `GAMEBENCH_CPU=native swift
#                 build -c release` (Package.swift: every instruction this processor has);
#   CPU=portable  C with `-O3 -mpopcnt -mbmi -mlzcnt`, Swift with `swift build -c
#                 release` (the bench's default target: x86-64 with those three);
#   unset         as the tables before 2026-11-27 were made: C `-march=native` against
#                 Swift's default build (not the same target). Each measurement runs RUNS times (default 5), C and
# Swift alternately (C first on odd runs, Swift first on even ones, so a drift in the
# machine's load hits both), and the table gives the medians. Each program times its
# own work (start-up excluded).
# The script fails unless every program agrees on the leaf counts, and C and Swift on
# the total plies and outcomes of the playouts (the same seeds give the same games).
# `benchmarks/c-parity.sh > results/c-parity.md` refreshes the committed table;
# BENCH=path/to/bench skips the Swift build and measures that binary instead.
# FAST_ONLY=1 measures only the perft against the fastest C (its two tables): at depth
# 7 and 9 our algorithm in C takes over a minute a run, too long for one quiet hold.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
TG_DEPTH=${TG_DEPTH:-6}
BC_DEPTH=${BC_DEPTH:-8}
GAMES=${GAMES:-200000}
CC=${CC:-cc}
CLANG=${CLANG:-$(command -v clang || true)}
FAST_ONLY=${FAST_ONLY:-0}
CPU=${CPU:-}
case $CPU in
  native|"") cflags="-O3 -march=native" ;;
  portable) cflags="-O3"; [[ $(uname -m) == x86_64 ]] && cflags="-O3 -mpopcnt -mbmi -mlzcnt" ;;
  *) echo "c-parity: CPU must be native or portable, not '$CPU'" >&2; exit 2 ;;
esac
# The Swift build, one line: run below and printed in the table's header.
build_path=.build
swift_build="swift build -c release --product bench"
if [[ $CPU == native ]]; then build_path=.build/native; swift_build="GAMEBENCH_CPU=native $swift_build --build-path $build_path"; fi

out=.build/c-parity/${CPU:-default}
mkdir -p "$out"
for prog in tigers_goats bagh_chal perft_fast; do
  "$CC" $cflags -o "$out/$prog" "benchmarks/c/$prog.c"
done
if [[ -n $CLANG ]]; then "$CLANG" $cflags -o "$out/perft_fast_clang" benchmarks/c/perft_fast.c; fi
if [[ -z ${BENCH:-} ]]; then
  eval "$swift_build" >/dev/null
  BENCH=$build_path/release/bench
fi
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

fail() { echo "c-parity: $*" >&2; exit 1; }
# `key value` pairs of the C programs' one-line output -> the value of key $1.
cfield() { awk -v k="$1" '{ for (i = 1; i < NF; i += 2) if ($i == k) print $(i + 1) }'; }
jfield() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$1"; }
median() { python3 -c "import sys,statistics; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }
runs() { python3 -c "import sys; s=float(sys.argv[1]); print(', '.join(format(float(x)/s, sys.argv[2]) for x in sys.argv[3:]))" "$@"; }
div() { python3 -c "import sys; print(format(float(sys.argv[1]) / float(sys.argv[2]), sys.argv[3]))" "$@"; }
# The median of the runs' own ratios (Swift run i / C run i, measured next to each other):
# steadier than the ratio of the medians when the machine's load changes during the script.
paired() {
  python3 -c "import sys,statistics; a=sys.argv[1].split(); b=sys.argv[2].split(); print(format(statistics.median(float(x) / float(y) for x, y in zip(a, b)), '.2f'))" "$1" "$2"
}

c_tg=(); s_tg=(); s_tg2=(); c_po=(); s_po=(); c_bc=(); s_bc=()
f_tg=(); k_tg=(); f_bc=(); k_bc=()
tg_nodes=""; bc_nodes=""; po_totals=""

# The fastest C perft: $1 the binary, $2 the game, $3 the depth, $4 the array to append to.
c_fast() {
  local r n; r=$("$out/$1" "$2" "$3"); n=$(cfield nodes <<<"$r")
  if [[ $2 == tigers-goats ]]; then
    [[ -z $tg_nodes || $n == "$tg_nodes" ]] || fail "$1 $2 $3: $n leaves, others $tg_nodes"; tg_nodes=$n
  else
    [[ -z $bc_nodes || $n == "$bc_nodes" ]] || fail "$1 $2 $3: $n leaves, others $bc_nodes"; bc_nodes=$n
  fi
  eval "$4+=(\"$(cfield rate <<<"$r")\")"
}
c_fast_all() { # game depth cc-array clang-array
  c_fast perft_fast "$1" "$2" "$3"
  if [[ -n $CLANG ]]; then c_fast perft_fast_clang "$1" "$2" "$4"; fi
}

c_perft_tg() {
  local r; r=$("$out/tigers_goats" perft "$TG_DEPTH")
  [[ -z $tg_nodes || $(cfield nodes <<<"$r") == "$tg_nodes" ]] || fail "C perft $TG_DEPTH: $(cfield nodes <<<"$r") leaves, Swift $tg_nodes"
  tg_nodes=$(cfield nodes <<<"$r"); c_tg+=("$(cfield rate <<<"$r")")
}
swift_perft_tg() { # threads
  local r; r=$("$BENCH" perft --depth "$TG_DEPTH" --threads "$1" --json)
  [[ -z $tg_nodes || $(jfield "['nodes']" <<<"$r") == "$tg_nodes" ]] || fail "Swift perft $TG_DEPTH ($1 threads): $(jfield "['nodes']" <<<"$r") leaves, C $tg_nodes"
  tg_nodes=$(jfield "['nodes']" <<<"$r")
  if [[ $1 == 1 ]]; then s_tg+=("$(jfield "['nodesPerSecond']" <<<"$r")"); else s_tg2+=("$(jfield "['nodesPerSecond']" <<<"$r")"); fi
}
c_playouts() {
  local r t; r=$("$out/tigers_goats" playouts "$GAMES" 1)
  t="$(cfield plies <<<"$r") plies, goats win $(cfield goats <<<"$r"), tigers win $(cfield tigers <<<"$r"), draw $(cfield draws <<<"$r")"
  [[ -z $po_totals || $t == "$po_totals" ]] || fail "C playouts: $t; Swift: $po_totals"
  po_totals=$t; c_po+=("$(cfield rate <<<"$r")")
}
swift_playouts() {
  local r t; r=$("$BENCH" playouts --games "$GAMES" --seed 1 --json)
  t="$(jfield "['plies']" <<<"$r") plies, goats win $(jfield "['outcomes']['goats win']" <<<"$r"), tigers win $(jfield "['outcomes']['tigers win']" <<<"$r"), draw $(jfield "['outcomes']['draw']" <<<"$r")"
  [[ -z $po_totals || $t == "$po_totals" ]] || fail "Swift playouts: $t; C: $po_totals"
  po_totals=$t; s_po+=("$(jfield "['pliesPerSecond']" <<<"$r")")
}
c_perft_bc() {
  local r; r=$("$out/bagh_chal" perft "$BC_DEPTH")
  [[ -z $bc_nodes || $(cfield nodes <<<"$r") == "$bc_nodes" ]] || fail "C Bagh-Chal perft $BC_DEPTH: $(cfield nodes <<<"$r") leaves, Swift $bc_nodes"
  bc_nodes=$(cfield nodes <<<"$r"); c_bc+=("$(cfield rate <<<"$r")")
}
swift_perft_bc() {
  local r; r=$("$BENCH" perft --game bagh-chal --depth "$BC_DEPTH" --threads 1 --json)
  [[ -z $bc_nodes || $(jfield "['nodes']" <<<"$r") == "$bc_nodes" ]] || fail "Swift Bagh-Chal perft $BC_DEPTH: $(jfield "['nodes']" <<<"$r") leaves, C $bc_nodes"
  bc_nodes=$(jfield "['nodes']" <<<"$r"); s_bc+=("$(jfield "['nodesPerSecond']" <<<"$r")")
}

for run in $(seq "$RUNS"); do
  if [[ $FAST_ONLY == 1 ]]; then
    if (( run % 2 )); then
      c_fast_all tigers-goats "$TG_DEPTH" f_tg k_tg; swift_perft_tg 1
      c_fast_all bagh-chal "$BC_DEPTH" f_bc k_bc; swift_perft_bc
    else
      swift_perft_tg 1; c_fast_all tigers-goats "$TG_DEPTH" f_tg k_tg
      swift_perft_bc; c_fast_all bagh-chal "$BC_DEPTH" f_bc k_bc
    fi
    continue
  fi
  if (( run % 2 )); then
    c_fast_all tigers-goats "$TG_DEPTH" f_tg k_tg; swift_perft_tg 1; c_perft_tg; swift_perft_tg 2
    c_playouts; swift_playouts
    c_fast_all bagh-chal "$BC_DEPTH" f_bc k_bc; swift_perft_bc; c_perft_bc
  else
    swift_perft_tg 2; c_perft_tg; swift_perft_tg 1; c_fast_all tigers-goats "$TG_DEPTH" f_tg k_tg
    swift_playouts; c_playouts
    c_perft_bc; swift_perft_bc; c_fast_all bagh-chal "$BC_DEPTH" f_bc k_bc
  fi
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

m_stg=$(median "${s_tg[@]}"); m_sbc=$(median "${s_bc[@]}")
if [[ $FAST_ONLY != 1 ]]; then
  m_ctg=$(median "${c_tg[@]}"); m_stg2=$(median "${s_tg2[@]}")
  m_cpo=$(median "${c_po[@]}"); m_spo=$(median "${s_po[@]}")
  m_cbc=$(median "${c_bc[@]}")
fi
m_ftg=$(median "${f_tg[@]}"); m_fbc=$(median "${f_bc[@]}")
# The fastest C: the compiler whose median is higher, game by game.
best_tg=("${f_tg[@]}"); best_tg_cc=$CC; best_bc=("${f_bc[@]}"); best_bc_cc=$CC
if [[ -n $CLANG ]]; then
  m_ktg=$(median "${k_tg[@]}"); m_kbc=$(median "${k_bc[@]}")
  if python3 -c "import sys; sys.exit(not float(sys.argv[1]) > float(sys.argv[2]))" "$m_ktg" "$m_ftg"; then best_tg=("${k_tg[@]}"); best_tg_cc=clang; fi
  if python3 -c "import sys; sys.exit(not float(sys.argv[1]) > float(sys.argv[2]))" "$m_kbc" "$m_fbc"; then best_bc=("${k_bc[@]}"); best_bc_cc=clang; fi
fi
m_btg=$(median "${best_tg[@]}"); m_bbc=$(median "${best_bc[@]}")
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')

clang_rows=""
if [[ -n $CLANG ]]; then
  clang_rows="| Tigers & Goats perft $TG_DEPTH, fastest C built by clang | \`perft_fast tigers-goats $TG_DEPTH\` | | $(div "$m_ktg" 1e6 .0f) M leaves/s | | | | $(runs 1e6 .0f "${k_tg[@]}") | |
| Bagh-Chal perft $BC_DEPTH, fastest C built by clang | \`perft_fast bagh-chal $BC_DEPTH\` | | $(div "$m_kbc" 1e6 .0f) M leaves/s | | | | $(runs 1e6 .0f "${k_bc[@]}") | |"
fi

cat <<EOT
# Swift against hand-written C

Produced by

    $([[ -n $CPU ]] && echo "CPU=$CPU ")$([[ $FAST_ONLY == 1 ]] && echo "FAST_ONLY=1 ")RUNS=$RUNS GAMES=$GAMES TG_DEPTH=$TG_DEPTH BC_DEPTH=$BC_DEPTH benchmarks/c-parity.sh > results/c-parity.md

C and Swift alternately in one run, medians of the runs. Machine: $(nproc) cores of $cpu, $(date -u '+%Y-%m-%d %H:%M UTC');
load average $load_before at the start, $load_after at the end.
C: \`$CC $cflags\` ($("$CC" --version | head -1))$([[ -n $CLANG ]] && echo " and \`clang $cflags\` ($("$CLANG" --version | head -1))"), benchmarks/c/*.c.
Swift: \`$BENCH\`, built by \`$swift_build\` ($(swift --version 2>&1 | grep -m1 -o 'Swift version [^ ]*')).

## Perft against the fastest C (benchmarks/c/perft_fast.c)

| measurement | C command | Swift command | C median | Swift median | Swift / C | median of run ratios | C runs | Swift runs |
|---|---|---|---:|---:|---:|---:|---|---|
| Tigers & Goats perft $TG_DEPTH, 1 thread ($tg_nodes leaves), C by $best_tg_cc | \`perft_fast tigers-goats $TG_DEPTH\` | \`bench perft --depth $TG_DEPTH --threads 1\` | $(div "$m_btg" 1e6 .0f) M leaves/s | $(div "$m_stg" 1e6 .0f) M leaves/s | **$(div "$m_stg" "$m_btg" .2f)x** | $(paired "${s_tg[*]}" "${best_tg[*]}")x | $(runs 1e6 .0f "${best_tg[@]}") | $(runs 1e6 .0f "${s_tg[@]}") |
| Bagh-Chal perft $BC_DEPTH, 1 thread ($bc_nodes leaves), C by $best_bc_cc | \`perft_fast bagh-chal $BC_DEPTH\` | \`bench perft --game bagh-chal --depth $BC_DEPTH --threads 1\` | $(div "$m_bbc" 1e6 .0f) M leaves/s | $(div "$m_sbc" 1e6 .0f) M leaves/s | **$(div "$m_sbc" "$m_bbc" .2f)x** | $(paired "${s_bc[*]}" "${best_bc[*]}")x | $(runs 1e6 .0f "${best_bc[@]}") | $(runs 1e6 .0f "${s_bc[@]}") |

| other C builds (same runs) | C command | | median | | | | runs | |
|---|---|---|---:|---|---|---|---|---|
| Tigers & Goats perft $TG_DEPTH, fastest C built by $CC | \`perft_fast tigers-goats $TG_DEPTH\` | | $(div "$m_ftg" 1e6 .0f) M leaves/s | | | | $(runs 1e6 .0f "${f_tg[@]}") | |
| Bagh-Chal perft $BC_DEPTH, fastest C built by $CC | \`perft_fast bagh-chal $BC_DEPTH\` | | $(div "$m_fbc" 1e6 .0f) M leaves/s | | | | $(runs 1e6 .0f "${f_bc[@]}") | |
$clang_rows
EOT
if [[ $FAST_ONLY == 1 ]]; then
  cat <<EOT

Target: perft at least 1.0x the fastest C on both games (issue 42). The median of the run
ratios pairs runs made next to each other. Every program agreed on every leaf count (the
script fails otherwise).
EOT
  exit 0
fi
cat <<EOT

## Against our algorithm in C (benchmarks/c/tigers_goats.c, bagh_chal.c)

| measurement | C command | Swift command | C median | Swift median | Swift / C | median of run ratios | C runs | Swift runs |
|---|---|---|---:|---:|---:|---:|---|---|
| Tigers & Goats perft $TG_DEPTH, 1 thread | \`tigers_goats perft $TG_DEPTH\` | \`bench perft --depth $TG_DEPTH --threads 1\` | $(div "$m_ctg" 1e6 .0f) M leaves/s | $(div "$m_stg" 1e6 .0f) M leaves/s | $(div "$m_stg" "$m_ctg" .2f)x | $(paired "${s_tg[*]}" "${c_tg[*]}")x | $(runs 1e6 .0f "${c_tg[@]}") | $(runs 1e6 .0f "${s_tg[@]}") |
| Tigers & Goats random playouts, 1 thread ($po_totals) | \`tigers_goats playouts $GAMES 1\` | \`bench playouts --games $GAMES --seed 1\` | $(div "$m_cpo" 1e6 .2f) M plies/s | $(div "$m_spo" 1e6 .2f) M plies/s | **$(div "$m_spo" "$m_cpo" .2f)x** | $(paired "${s_po[*]}" "${c_po[*]}")x | $(runs 1e6 .2f "${c_po[@]}") | $(runs 1e6 .2f "${s_po[@]}") |
| Bagh-Chal perft $BC_DEPTH, 1 thread | \`bagh_chal perft $BC_DEPTH\` | \`bench perft --game bagh-chal --depth $BC_DEPTH --threads 1\` | $(div "$m_cbc" 1e6 .0f) M leaves/s | $(div "$m_sbc" 1e6 .0f) M leaves/s | $(div "$m_sbc" "$m_cbc" .2f)x | $(paired "${s_bc[*]}" "${c_bc[*]}")x | $(runs 1e6 .0f "${c_bc[@]}") | $(runs 1e6 .0f "${s_bc[@]}") |

| Swift scaling | command | median | runs | 2 threads / 1 thread | median of run ratios |
|---|---|---:|---|---:|---:|
| Tigers & Goats perft $TG_DEPTH, 2 threads | \`bench perft --depth $TG_DEPTH --threads 2\` | $(div "$m_stg2" 1e6 .0f) M leaves/s | $(runs 1e6 .0f "${s_tg2[@]}") | **$(div "$m_stg2" "$m_stg" .2f)x** | $(paired "${s_tg2[*]}" "${s_tg[*]}")x |

Targets: perft at least 1.0x the fastest C on both games (issue 42); Tigers & Goats
playouts at least 0.95x our C, perft on 2 threads at least 1.85x one thread (issue 13).
With another job on the machine the 2-thread figure measures the machine, not the code:
it needs both cores free (load average below 1). A perft run now takes a few tenths of a
second, so single runs are noisy; the median of the run ratios pairs runs made next to
each other. Every program agreed on every leaf count, and C and Swift on the playouts'
total plies and outcomes (the script fails otherwise).
EOT
