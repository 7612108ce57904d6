#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/smoke.sh HARNESS... - runs every harness briefly (default 20 s each,
# FUZZ_SMOKE_SECONDS), one at a time (one core): libFuzzer+ASan/UBSan, then
# libFuzzer+MSan, then AFL++ with the custom mutator and a CMPLOG binary.
# Fails on any crash, invariant failure, sanitizer report or AFL++ crash.
# Logs: $FUZZ_OUT/smoke/<engine>-<harness>.log.  SMOKE_ENGINES selects
# (default "libfuzzer msan afl").
set -euo pipefail
OUT=${FUZZ_OUT:-build/fuzz}
SECS=${FUZZ_SMOKE_SECONDS:-20}
SMOKE=$OUT/smoke
mkdir -p "$SMOKE"
fail=0

seeds() {  # the inputs a harness starts from
  local h=$1 d
  for d in corpus/$h corpus/seeds corpus/regression; do
    [ -d "$d" ] && printf '%s\n' "$d"
  done
}

# The harness's dictionary (corpus/<harness>.options), else sframe.dict.
dict() { local d; d=$(sed -n 's/^dict *= *//p' "corpus/$1.options" 2>/dev/null); echo "corpus/${d:-sframe.dict}"; }
opts() { sed -n 's/^\([a-z_]*\) *= *\(.*\)/-\1=\2/p' "corpus/$1.options" 2>/dev/null | sed 's|-dict=|-dict=corpus/|'; }

run_lf() {  # ENGINE_DIR HARNESS
  local dir=$1 h=$2 bin=$OUT/$1/fuzz_$2 log=$SMOKE/$1-$2.log work=$SMOKE/$1-$2
  [ -x "$bin" ] || { echo "smoke: $bin missing" >&2; fail=1; return; }
  rm -rf "$work"
  mkdir -p "$work/queue" "$work/crashes"
  # Regression inputs of findings not yet fixed are replayed by
  # test-fuzz-replay, not fuzzed here: use seeds and the harness corpus.
  if SFV_LIBSFRAME_CRASH_DIR="$work/libsframe-crashes" "$bin" $(opts "$h") \
      -max_total_time="$SECS" -print_final_stats=1 -artifact_prefix="$work/crashes/" \
      "$work/queue" $(seeds "$h" | grep -v regression) >"$log" 2>&1; then
    printf 'smoke: %-10s %-15s ok   %s execs, cov %s\n' "$dir" "$h" \
      "$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")" \
      "$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)"
  else
    printf 'smoke: %-10s %-15s FAIL (see %s)\n' "$dir" "$h" "$log"; fail=1
  fi
}

run_afl() {  # HARNESS
  local h=$1 work=$SMOKE/afl-$1 in=$SMOKE/afl-$1-in
  rm -rf "$work" "$in"
  mkdir -p "$in"
  # AFL++ wants small seeds: the harness corpus and the hand-made seeds.
  local files f
  mapfile -t files < <(find $(seeds "$h" | grep -v regression) -type f -size -16k \
    ! -name '*.dict' ! -name '*.options' | sort)
  for f in "${files[@]:0:200}"; do cp "$f" "$in/$(echo "$f" | tr / _)"; done
  if AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
      AFL_NO_AFFINITY=1 AFL_CUSTOM_MUTATOR_LIBRARY="$OUT/afl/sfv-mutator.so" \
      SFV_LIBSFRAME_CRASH_DIR="$work/libsframe-crashes" \
      timeout $((SECS + 60)) afl-fuzz -V "$SECS" -i "$in" -o "$work" -x "$(dict "$h")" \
      -c "$OUT/afl-cmplog/fuzz_$h" -- "$OUT/afl/fuzz_$h" >"$SMOKE/afl-$h.log" 2>&1; then
    local crashes execs
    crashes=$(find "$work/default/crashes" -type f -name 'id:*' 2>/dev/null | wc -l)
    execs=$(sed -n 's/^execs_done *: *//p' "$work/default/fuzzer_stats" 2>/dev/null)
    if [ "$crashes" -eq 0 ]; then
      printf 'smoke: %-10s %-15s ok   %s execs\n' afl "$h" "${execs:-?}"
    else
      printf 'smoke: %-10s %-15s FAIL %s crashes in %s\n' afl "$h" "$crashes" "$work/default/crashes"; fail=1
    fi
  else
    printf 'smoke: %-10s %-15s FAIL (see %s)\n' afl "$h" "$SMOKE/afl-$h.log"; fail=1
  fi
}

ENGINES=${SMOKE_ENGINES:-libfuzzer msan afl}
for e in $ENGINES; do
  for h in "$@"; do
    case $e in
      libfuzzer) run_lf libfuzzer "$h" ;;
      msan) [ "$h" = diff_libsframe ] || run_lf msan "$h" ;;
      afl) run_afl "$h" ;;
    esac
  done
done
exit $fail
