#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Whole trees with -j (issue 29 item 1): sframe-validate -r on two trees,
# with -j1, -j2 and the default (no -j), in files/s and MB/s.
#
#   tests/bench/tree_bench.sh SFRAME_VALIDATE CORPUS_DIR [BIG_DIR] WORK_DIR
#
# Trees (hard links under WORK_DIR, made once):
#   small  every ELF file of CORPUS_DIR/MANIFEST.tsv but the static
#          executables, COPIES times (default 10): a distribution-like tree
#          of thousands of small files;
#   large  the static executables of the corpus and BIG_DIR's SQLite links,
#          LARGE_COPIES times (default 4).
# Each pass runs the 3 settings on both trees one after the other (so load
# changes hit them alike), REPS passes (default 5); min and median seconds.
# The load average is printed with the rows: ratios within one run mean
# more than absolute numbers.  Measurements only.
set -euo pipefail
SFV=$1 CORPUS=$2
if [ $# -ge 4 ]; then BIG=$3 WORK=$4; else BIG= WORK=$3; fi
REPS=${REPS:-5} COPIES=${COPIES:-10} LARGE_COPIES=${LARGE_COPIES:-4}

make_tree() {  # NAME COPIES FILE... (made once, under WORK/NAME)
    local name=$1 copies=$2 c f i=0
    shift 2
    [ -f "$WORK/$name.done" ] && return
    rm -rf "${WORK:?}/$name"
    for ((c = 0; c < copies; c++)); do
        mkdir -p "$WORK/$name/c$c"
        for f in "$@"; do
            i=$((i + 1))
            ln "$f" "$WORK/$name/c$c/f$i" 2>/dev/null || cp "$f" "$WORK/$name/c$c/f$i"
        done
    done
    touch "$WORK/$name.done"
}

small=() large=()
while IFS=$'\t' read -r path _ _ kind _; do
    [ "$path" = path ] && continue
    if [ "$kind" = static ]; then large+=("$CORPUS/$path"); else small+=("$CORPUS/$path"); fi
done <"$CORPUS/MANIFEST.tsv"
if [ -n "$BIG" ] && [ -f "$BIG/MANIFEST.tsv" ]; then
    while IFS=$'\t' read -r path _; do
        [ "$path" = path ] && continue
        large+=("$BIG/$path")
    done <"$BIG/MANIFEST.tsv"
fi
mkdir -p "$WORK"
make_tree small "$COPIES" "${small[@]}"
make_tree large "$LARGE_COPIES" "${large[@]}"

now() { date +%s%N; }
stats() {  # nanoseconds... -> "min median" in seconds
    printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END{printf "%.3f %.3f", v[1]/1e9, v[int((NR+1)/2)]/1e9}'
}
declare -A TS
SETTINGS="j1 j2 jdef"
arg() { case $1 in j1) echo -j1 ;; j2) echo -j2 ;; *) echo --summary ;; esac; }
for ((r = 0; r < REPS; r++)); do
    for t in small large; do
        for s in $SETTINGS; do
            t0=$(now)
            "$SFV" -q -r "$(arg "$s")" "$WORK/$t" >/dev/null 2>&1 || true
            TS[$t.$s]="${TS[$t.$s]:-} $(( $(now) - t0 ))"
        done
    done
done
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo
echo "Whole trees (-r), $REPS passes, $(nproc) CPUs, load average $load:"
printf '  %-7s %6s %11s  %-6s %8s %8s %9s %8s\n' tree files bytes "-j" "min s" "med s" "files/s" "MB/s"
for t in small large; do
    n=$(find "$WORK/$t" -type f | wc -l)
    bytes=$(find "$WORK/$t" -type f -printf '%s\n' | awk '{s+=$1} END{print s}')
    line="RESULT tree name=$t files=$n bytes=$bytes load=${load// /,}"
    for s in $SETTINGS; do
        # shellcheck disable=SC2086
        read -r mn md <<<"$(stats ${TS[$t.$s]})"
        printf '  %-7s %6s %11s  %-6s %8.3f %8.3f %9.0f %8.1f\n' "$t" "$n" "$bytes" \
            "${s#j}" "$mn" "$md" "$(awk "BEGIN{print $n / $mn}")" \
            "$(awk "BEGIN{print $bytes / $mn / 1e6}")"
        line+=" $s=$mn"
    done
    echo "$line"
done
