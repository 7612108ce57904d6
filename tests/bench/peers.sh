#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the GNU libsframe side of the bench and prints its link arguments.
#
#   tests/bench/peers.sh OUTDIR CC
#
# 2.47 (sid) is linked as it is.  2.44 (trixie) gets every global symbol
# renamed NAME -> ls44x_NAME, in its archive and in the object that calls
# it (objcopy --redefine-syms), so that both versions live in one binary.
# A version that scripts/install-deps.sh peers did not provide is replaced
# by bench_ls_stub.c (the bench then prints "n/a" for it, loudly).
set -euo pipefail
out=$1 cc=$2
here=$(cd "$(dirname "$0")" && pwd)
env="$here/../../.deps/peers/peers.env"
mkdir -p "$out"
SID_LIBSFRAME_A= TRIXIE_LIBSFRAME_A=
# shellcheck disable=SC1090
[ -f "$env" ] && . "$env"
args=()
if [ -f "${SID_LIBSFRAME_A:-}" ]; then
    $cc -std=c11 -O2 -Wall -Werror -DLS_V=47 -I"$SID_SFRAME_INCLUDE" -I"$here" \
        -c "$here/bench_ls.c" -o "$out/ls47.o"
    args+=("$out/ls47.o" "$SID_LIBSFRAME_A")
else
    echo "bench: GNU libsframe 2.47 not installed (scripts/install-deps.sh peers): n/a" >&2
    $cc -std=c11 -O2 -DLS_V=47 -I"$here" -c "$here/bench_ls_stub.c" -o "$out/ls47.o"
    args+=("$out/ls47.o")
fi
if [ -f "${TRIXIE_LIBSFRAME_A:-}" ]; then
    nm -g --defined-only "$TRIXIE_LIBSFRAME_A" | awk 'NF==3{print $3, "ls44x_" $3}' \
        | sort -u >"$out/ls44.syms"
    objcopy --redefine-syms="$out/ls44.syms" "$TRIXIE_LIBSFRAME_A" "$out/libsframe44.a"
    $cc -std=c11 -O2 -Wall -Werror -DLS_V=44 -I"$TRIXIE_SFRAME_INCLUDE" -I"$here" \
        -c "$here/bench_ls.c" -o "$out/ls44.raw.o"
    objcopy --redefine-syms="$out/ls44.syms" "$out/ls44.raw.o" "$out/ls44.o"
    args+=("$out/ls44.o" "$out/libsframe44.a")
else
    echo "bench: GNU libsframe 2.44 not installed (scripts/install-deps.sh peers): n/a" >&2
    $cc -std=c11 -O2 -DLS_V=44 -I"$here" -c "$here/bench_ls_stub.c" -o "$out/ls44.o"
    args+=("$out/ls44.o")
fi
printf '%s\n' "${args[@]}"
