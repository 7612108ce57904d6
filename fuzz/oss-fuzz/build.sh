#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# OSS-Fuzz / ClusterFuzzLite build script for sframe-validate.
# Uses only the OSS-Fuzz variables: CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE
# OUT SRC WORK (SANITIZER is read only to leave out what cannot work).
# Produces $OUT/fuzz_<harness> plus _seed_corpus.zip, .dict, .options for
# every fuzz/fuzz_*.c that defines LLVMFuzzerTestOneInput, but not_built.
# make check-fuzz-harnesses fails when one is missing.
cd "$SRC/sframe-validate"

# The library (src/{common,sframe,lookup,cfi,elf}/*.c), the printers (src/fmt/*.c, libsfvfmt.a) and the
# CLI's file handling (src/cli/*.c but main.c, for fuzz_cli_file).
LIB=$(ls src/common/*.c src/sframe/*.c src/lookup/*.c src/cfi/*.c src/elf/*.c)
FMT=$(ls src/fmt/*.c)
CLI=$(ls src/cli/*.c | grep -v '/main\.c$')
STD="-std=c11 -D_DEFAULT_SOURCE -Isrc -Ifuzz"

mkdir -p "$WORK/sfv"
lib_objs=""
for f in $LIB $FMT $CLI fuzz/sframe_model.c fuzz/mutator_libfuzzer.c; do
  o="$WORK/sfv/$(echo "$f" | tr / _).o"
  $CC $CFLAGS $STD -c "$f" -o "$o"
  lib_objs="$lib_objs $o"
done

# The libsframe drop-in (src/compat, ABI 3) for diff_libsframe_safe, its
# exports renamed sfc_dropin_* as mk/fuzz.mk does; without a stock
# libsframe.so.3 ($SFV_LIBSFRAME_STOCK) the harness runs the drop-in alone.
# dropin_objs ABI DIR: the drop-in's objects at ABI (exports renamed by its
# map) and the transcript side, under DIR; their paths in $dropin (apart
# from $lib_objs, which every harness links).
dropin_objs() {
  mkdir -p "$2/gen"
  sed -n 's/^ *\([a-z_0-9]*\);$/#define \1 sfc_dropin_\1/p' "src/compat/libsframe$1.map" \
    > "$2/gen/sfc_dropin_names.h"
  dropin=""
  for f in src/compat/*.c; do
    o="$2/compat_$(basename "$f" .c).o"
    $CC $CFLAGS $STD -I"$2/gen" -DSFV_COMPAT_ABI=$1 -include "$2/gen/sfc_dropin_names.h" -c "$f" -o "$o"
    dropin="$dropin $o"
  done
  for f in libsframe_api libsframe_transcript peer_alloc peer_got; do
    $CC $CFLAGS -I"$2/gen" $STD -DSFV_COMPAT_ABI=$1 -c "fuzz/$f.c" -o "$2/$f.o"
    dropin="$dropin $2/$f.o"
  done
}
dropin_objs 3 "$WORK/sfv"
extra_diff_libsframe_safe=$dropin

# The same at ABI 1 for diff_libsframe_safe1 and at ABI 0 for
# diff_libsframe_safe0 (drop-in libsframe.so.1 / .so.0; stock one from
# $SFV_LIBSFRAME1_STOCK / $SFV_LIBSFRAME0_STOCK, else the drop-in alone).
for abi in 1 0; do
  dropin_objs $abi "$WORK/sfv/abi$abi"
  eval "extra_diff_libsframe_safe$abi=\$dropin"
done

# diff_libsframe needs Debian sid's libsframe (make fuzz builds it locally).
not_built="diff_libsframe"
harnesses=""
for f in $(grep -l '^int LLVMFuzzerTestOneInput' fuzz/fuzz_*.c); do
  h=$(basename "$f" .c); h=${h#fuzz_}
  case " $not_built " in *" $h "*) ;; *) harnesses="$harnesses $h" ;; esac
done

for h in $harnesses; do
  $CC $CFLAGS $STD -c "fuzz/fuzz_$h.c" -o "$WORK/sfv/fuzz_$h.o"
  extra_var="extra_$h"
  $CXX $CXXFLAGS "$WORK/sfv/fuzz_$h.o" ${!extra_var:-} $lib_objs $LIB_FUZZING_ENGINE -o "$OUT/fuzz_$h"
  rm -f "$OUT/fuzz_${h}_seed_corpus.zip"
  seed_dirs=""
  for d in "corpus/$h" corpus/seeds corpus/regression; do
    [ -d "$d" ] && seed_dirs="$seed_dirs $d"
  done
  # -j: flat names are fine, files are content-addressed or uniquely named.
  find $seed_dirs -type f ! -name '*.dict' ! -name '*.options' -print0 |
    xargs -0 zip -q -j "$OUT/fuzz_${h}_seed_corpus.zip"
  dict=$(sed -n 's/^dict *= *//p' "corpus/$h.options")
  cp "corpus/${dict:-sframe.dict}" "$OUT/fuzz_$h.dict"
  sed "s/^dict = .*/dict = fuzz_$h.dict/" "corpus/$h.options" > "$OUT/fuzz_$h.options"
done
