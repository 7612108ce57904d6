#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/oss-fuzz/check.sh OUTDIR - runs build.sh locally the way OSS-Fuzz
# does (CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE OUT SRC WORK), for the
# address, undefined and memory sanitizers, then runs every produced target
# for FUZZ_CHECK_SECONDS (default 10) on its unpacked seed corpus zip, with
# its .dict/.options.  Compiler: clang-19 (CLANG/CLANGXX to override).
# As on OSS-Fuzz's runners, no stock libsframe is given to the
# diff_libsframe_safe* harnesses (they run the drop-in alone: no crash, no
# sanitizer report, no hang; the differential runs are make fuzz-run's and
# the replay's), and unsigned wrap-around is reported but not fatal, as
# ClusterFuzz runs UBSan (silence_unsigned_overflow: the harnesses' hashes
# wrap on purpose).
set -euo pipefail
unset SFV_LIBSFRAME_STOCK SFV_LIBSFRAME1_STOCK SFV_LIBSFRAME0_STOCK
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-silence_unsigned_overflow=1}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
BASE=$(mkdir -p "$1" && cd "$1" && pwd)
SECS=${FUZZ_CHECK_SECONDS:-10}
export CC=${CLANG:-clang-19} CXX=${CLANGXX:-clang++-19}
COMMON="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=fuzzer-no-link"
# OSS-Fuzz's SANITIZER_FLAGS_* (infra/base-images/base-clang).
UBSAN="-fsanitize=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
fail=0
for san in address undefined memory; do
  case $san in
    address) SF="-fsanitize=address -fsanitize-address-use-after-scope" ;;
    undefined) SF="$UBSAN" ;;
    memory) SF="-fsanitize=memory -fsanitize-memory-track-origins" ;;
  esac
  export SANITIZER=$san CFLAGS="$COMMON $SF" CXXFLAGS="$COMMON $SF"
  export LIB_FUZZING_ENGINE=-fsanitize=fuzzer
  export OUT=$BASE/$san/out WORK=$BASE/$san/work SRC=$BASE/$san/src
  rm -rf "$BASE/$san" && mkdir -p "$OUT" "$WORK" "$SRC"
  ln -s "$REPO" "$SRC/sframe-validate"
  echo "oss-fuzz-check: build.sh ($san)"
  "$REPO/fuzz/oss-fuzz/build.sh" > "$BASE/$san/build.log" 2>&1 || {
    echo "oss-fuzz-check: build.sh failed for $san (see $BASE/$san/build.log)"; fail=1; continue; }
  for t in "$OUT"/fuzz_*; do
    case $t in *.zip|*.dict|*.options) continue ;; esac
    name=$(basename "$t")
    corpus=$WORK/corpus-$name && mkdir -p "$corpus"
    unzip -q -o "$OUT/${name}_seed_corpus.zip" -d "$corpus"
    n=$(ls "$corpus" | wc -l)
    if (cd "$OUT" && "./$name" -dict="$name.dict" -max_len=8192 -max_total_time="$SECS" \
          -print_final_stats=1 "$corpus") > "$BASE/$san/$name.log" 2>&1; then
      echo "oss-fuzz-check: $san $name ok ($n seeds, $(sed -n 's/^stat::number_of_executed_units: *//p' "$BASE/$san/$name.log") execs)"
    else
      echo "oss-fuzz-check: $san $name FAILED (see $BASE/$san/$name.log)"; fail=1
    fi
  done
done
exit $fail
