#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CLI end to end on the whole real corpus: sframe-validate against
# objdump --sframe and readelf --sframe of the toolchain that made each file.
#
#   tests/bench/cli_bench.sh SFRAME_VALIDATE CORPUS_DIR [BIG_DIR]
#
# Every ELF file of CORPUS_DIR/MANIFEST.tsv (and BIG_DIR/MANIFEST.tsv) is
# given to each tool in its own process, output to /dev/null; a pass over
# the corpus is repeated REPS times (default 3) and reported as min and
# median seconds, next to /bin/true FILE (the cost of starting a process
# here: the floor every per-file row pays).  sid/trixie tools are started
# through their own loader exactly as their wrappers do (without the
# wrapper's /bin/sh).  Files a
# tool cannot dump still count (its time is what it takes to say so).
# Measurements only.
set -euo pipefail
SFV=$1 CORPUS=$2 BIG=${3:-}
REPS=${REPS:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck disable=SC1091
. "$HERE/../../.deps/peers/peers.env"

files=() tcs=() arches=()
while IFS=$'\t' read -r path tc arch _; do
    [ "$path" = path ] && continue
    files+=("$CORPUS/$path"); tcs+=("$tc"); arches+=("$arch")
done <"$CORPUS/MANIFEST.tsv"
if [ -n "$BIG" ] && [ -f "$BIG/MANIFEST.tsv" ]; then
    while IFS=$'\t' read -r path tc _; do
        [ "$path" = path ] && continue
        files+=("$BIG/$path"); tcs+=("$tc"); arches+=(x86_64)
    done <"$BIG/MANIFEST.tsv"
fi
n=${#files[@]}
bytes=$(cat "${files[@]}" | wc -c)

# tool_line TC ARCH TOOL -> the wrapper's exec line without "$@"
tool_line() {
    local v="BIN_${1^^}_${2^^}"
    sed -n 's/^exec //p' "${!v}/$3" | sed 's/ "\$@"$//'
}
# One script of literal command lines per tool (built before timing, so a
# pass is one bash process running n commands and nothing else).
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
declare -A LINE
for ((i = 0; i < n; i++)); do
    q=$(printf '%q' "${files[$i]}")
    echo "$(printf '%q' "$SFV") -q $q >/dev/null 2>&1" >>"$TMP/sfv.sh"
    echo "/bin/true $q >/dev/null 2>&1" >>"$TMP/floor.sh"
    for t in objdump readelf; do
        k="${tcs[$i]}/${arches[$i]}/$t"
        [ -n "${LINE[$k]:-}" ] || LINE[$k]=$(tool_line "${tcs[$i]}" "${arches[$i]}" "$t")
        echo "${LINE[$k]} --sframe $q >/dev/null 2>&1" >>"$TMP/$t.sh"
    done
done
{ printf '%q -q' "$SFV"; printf ' %q' "${files[@]}"; echo ' >/dev/null 2>&1'; } >"$TMP/sfv-one.sh"

now() { date +%s%N; }
stats() {  # nanoseconds... -> "min median" in seconds
    printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END{printf "%.3f %.3f", v[1]/1e9, v[int((NR+1)/2)]/1e9}'
}

echo
echo "CLI end to end: $n ELF files of the real corpus ($bytes bytes), $REPS passes each,"
echo "one process per file unless said otherwise"
declare -A MIN MED
for kind in floor sfv sfv-one objdump readelf; do
    ts=()
    for ((r = 0; r < REPS; r++)); do
        t0=$(now); bash "$TMP/$kind.sh" || true; ts+=($(( $(now) - t0 )))
    done
    read -r mn md <<<"$(stats "${ts[@]}")"
    MIN[$kind]=$mn MED[$kind]=$md
done
printf '  %-44s %9s %9s\n' "command (whole corpus)" "min s" "median s"
printf '  %-44s %9.3f %9.3f\n' "/bin/true FILE (process start: the floor)" "${MIN[floor]}" "${MED[floor]}"
printf '  %-44s %9.3f %9.3f\n' "sframe-validate -q FILE (one process per file)" "${MIN[sfv]}" "${MED[sfv]}"
printf '  %-44s %9.3f %9.3f\n' "sframe-validate -q FILE... (one process)" "${MIN[sfv-one]}" "${MED[sfv-one]}"
printf '  %-44s %9.3f %9.3f\n' "objdump --sframe FILE (same toolchain)" "${MIN[objdump]}" "${MED[objdump]}"
printf '  %-44s %9.3f %9.3f\n' "readelf --sframe FILE (same toolchain)" "${MIN[readelf]}" "${MED[readelf]}"
printf '  ratio readelf/sframe-validate %.2fx (min), objdump/sframe-validate %.2fx (min)\n' \
    "$(awk "BEGIN{print ${MIN[readelf]} / ${MIN[sfv]}}")" "$(awk "BEGIN{print ${MIN[objdump]} / ${MIN[sfv]}}")"
# Above the floor: the work each tool does once its process runs.
printf '  above the floor: readelf/sframe-validate %.2fx, objdump/sframe-validate %.2fx\n' \
    "$(awk "BEGIN{f=${MIN[floor]}; print (${MIN[readelf]} - f) / (${MIN[sfv]} - f)}")" \
    "$(awk "BEGIN{f=${MIN[floor]}; print (${MIN[objdump]} - f) / (${MIN[sfv]} - f)}")"
printf 'RESULT cli files=%s bytes=%s floor=%s sfv=%s sfv_one=%s objdump=%s readelf=%s\n' "$n" "$bytes" \
    "${MIN[floor]}" "${MIN[sfv]}" "${MIN[sfv-one]}" "${MIN[objdump]}" "${MIN[readelf]}"
