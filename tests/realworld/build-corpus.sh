#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build the real-toolchain SFrame corpus (nothing of it is committed).
#
# Usage: tests/realworld/build-corpus.sh OUTDIR
#
# Compiles tests/realworld/src/*.c and Debian bookworm's zlib sources with
# gcc -Wa,--gsframe, assembled and linked by three binutils:
#   bookworm 2.40 (SFrame v1): x86_64 aarch64
#   trixie   2.44 (SFrame v2): x86_64 aarch64 (s390x when its as supports it)
#   sid      2.47 (SFrame v3): x86_64 aarch64 s390x
# at -O2 and -O0 (zlib only at -O2); aarch64 also with -mbranch-protection=
# pac-ret and pac-ret+b-key. Outputs per configuration: .o files, libdemo.so,
# libz.so, dynamically linked executables (PLT calls) and static ones.
# For every ELF F with a .sframe section it writes F.sframe (raw bytes),
# F.objdump (that toolchain's objdump --sframe) and a MANIFEST.tsv line:
#   path  toolchain  arch  kind(o|so|exe|static)  version  flags(hex)
# (path relative to OUTDIR). OUTDIR/versions.txt records the tools used.
# Files without .sframe are listed in OUTDIR/no-sframe.txt (not fatal).
# Environment: JOBS (default: nproc), CORPUS_NO_INSTALL=1 skips install-deps.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SRC="$HERE/src"
DEPS="$REPO/.deps"

die() { printf 'build-corpus: ERROR: %s\n' "$*" >&2; exit 1; }
log() { printf 'build-corpus: %s\n' "$*" >&2; }

# ---------------------------------------------------------------- one config
# build_one TOOLCHAIN ARCH VARIANT OPT OUTDIR ZLIBDIR
build_one() {
    local tc=$1 arch=$2 variant=$3 opt=$4 out=$5 zdir=$6
    # shellcheck disable=SC1091
    . "$DEPS/peers/peers.env"
    local binvar="BIN_${tc^^}_${arch^^}" bindir cc extra=() cfg rel
    bindir=${!binvar}
    [ -n "$bindir" ] || die "no $tc toolchain for $arch"
    case $arch in
        x86_64) cc=gcc ;;
        aarch64) cc=aarch64-linux-gnu-gcc ;;
        s390x) cc=s390x-linux-gnu-gcc ;;
    esac
    case $variant in
        plain) ;;
        pac-ret) extra=(-mbranch-protection=pac-ret) ;;
        pac-ret-b-key) extra=(-mbranch-protection=pac-ret+b-key) ;;
    esac
    rel="$tc/$arch-$variant/$opt"
    cfg="$out/$rel"
    rm -rf "$cfg"; mkdir -p "$cfg/obj" "$cfg/zobj"
    local CC=("$cc" -B "$bindir/" -Wa,--gsframe "-$opt" -g0 ${extra[@]+"${extra[@]}"})
    local logf="$cfg/build.log"
    : >"$logf"
    run() { echo "+ $*" >>"$logf"; "$@" >>"$logf" 2>&1; }

    # our sources
    local f b
    for f in demo_lib demo_main bigfunc many; do
        run "${CC[@]}" -fPIC -c "$SRC/$f.c" -o "$cfg/obj/$f.o" || die "$rel: compile $f.c failed (see $logf)"
    done
    run "${CC[@]}" -shared -o "$cfg/libdemo.so" "$cfg/obj/demo_lib.o" || die "$rel: link libdemo.so (see $logf)"
    run "${CC[@]}" -o "$cfg/demo" "$cfg/obj/demo_main.o" "$cfg/obj/bigfunc.o" "$cfg/obj/many.o" \
        -L"$cfg" -ldemo -Wl,-rpath,'$ORIGIN' || die "$rel: link demo (see $logf)"
    if ! run "${CC[@]}" -static -o "$cfg/demo-static" "$cfg/obj/demo_main.o" "$cfg/obj/bigfunc.o" \
        "$cfg/obj/many.o" "$cfg/obj/demo_lib.o"; then
        echo "$rel/demo-static: static link failed" >>"$out/.nosframe.$$"
    fi

    # zlib (only at -O2)
    if [ "$opt" = O2 ]; then
        local zobjs=()
        for f in "$zdir"/*.c; do
            b=$(basename "$f" .c)
            run "${CC[@]}" -fPIC -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN -DZ_HAVE_UNISTD_H -DZ_HAVE_STDARG_H -I"$zdir" -c "$f" -o "$cfg/zobj/$b.o" \
                || die "$rel: compile zlib $b.c (see $logf)"
            zobjs+=("$cfg/zobj/$b.o")
        done
        run "${CC[@]}" -I"$zdir" -c "$zdir/test/example.c" -o "$cfg/zobj/example.o" || die "$rel: example.c"
        run "${CC[@]}" -I"$zdir" -c "$zdir/test/minigzip.c" -o "$cfg/zobj/minigzip.o" || die "$rel: minigzip.c"
        run "${CC[@]}" -shared -Wl,-soname,libz.so.1 -o "$cfg/libz.so" "${zobjs[@]}" || die "$rel: libz.so"
        run "${CC[@]}" -o "$cfg/zexample" "$cfg/zobj/example.o" -L"$cfg" -lz -Wl,-rpath,'$ORIGIN' || die "$rel: zexample"
        run "${CC[@]}" -o "$cfg/minigzip" "$cfg/zobj/minigzip.o" -L"$cfg" -lz -Wl,-rpath,'$ORIGIN' || die "$rel: minigzip"
        if ! run "${CC[@]}" -static -o "$cfg/zexample-static" "$cfg/zobj/example.o" "${zobjs[@]}"; then
            echo "$rel/zexample-static: static link failed" >>"$out/.nosframe.$$"
        fi
    fi

    # collect: raw section, objdump, manifest fragment
    local frag="$cfg/manifest.part" kind ver flags path
    : >"$frag"
    while IFS= read -r f; do
        path=${f#"$out/"}
        case $f in
            *.o) kind=o ;;
            *.so) kind=so ;;
            *-static) kind=static ;;
            *) kind=exe ;;
        esac
        if ! "$bindir/readelf" -S -W "$f" 2>/dev/null | grep -q ' \.sframe '; then
            echo "$path: no .sframe section" >>"$cfg/no-sframe.part"
            continue
        fi
        "$bindir/objcopy" --dump-section .sframe="$f.sframe" "$f" "$cfg/.objcopy.tmp" \
            || die "$path: objcopy --dump-section failed"
        rm -f "$cfg/.objcopy.tmp"
        "$bindir/objdump" --sframe "$f" >"$f.objdump" 2>"$f.objdump.stderr" || true
        [ -s "$f.objdump.stderr" ] || rm -f "$f.objdump.stderr"
        ver=$(od -An -tu1 -j2 -N1 "$f.sframe" | tr -d ' ')
        flags=$(od -An -tx1 -j3 -N1 "$f.sframe" | tr -d ' ')
        printf '%s\t%s\t%s\t%s\t%s\t0x%s\n' "$path" "$tc" "$arch" "$kind" "$ver" "$flags" >>"$frag"
    done < <(find "$cfg" -type f \( -name '*.o' -o -name '*.so' -o -name demo -o -name demo-static \
                -o -name zexample -o -name zexample-static -o -name minigzip \) | sort)
    log "done $rel ($(wc -l <"$frag") files with .sframe)"
}

if [ "${1:-}" = --one ]; then
    shift
    build_one "$@"
    exit 0
fi

# ---------------------------------------------------------------- main
[ $# = 1 ] || { sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
START=$(date +%s)
mkdir -p "$1"
OUT=$(cd "$1" && pwd)

if [ "${CORPUS_NO_INSTALL:-0}" != 1 ]; then
    "$REPO/scripts/install-deps.sh" base cross peers
fi
[ -f "$DEPS/peers/peers.env" ] || die "missing $DEPS/peers/peers.env (run scripts/install-deps.sh peers)"
# shellcheck disable=SC1091
. "$DEPS/peers/peers.env"

# ---- zlib sources from Debian bookworm (deb-src, private apt config), cached
ZCACHE="$DEPS/realworld/zlib"
zlib_dir() { find "$ZCACHE/src" -mindepth 1 -maxdepth 1 -type d -name 'zlib-*' 2>/dev/null | head -1; }
if [ -z "$(zlib_dir)" ] || [ ! -f "$(zlib_dir)/zlib.h" ]; then
    log "fetching zlib source package (bookworm deb-src)"
    A="$ZCACHE/apt"
    mkdir -p "$A/lists/partial" "$A/cache/archives/partial" "$ZCACHE/dl"
    cat >"$A/src.sources" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    AO=(-o "Dir::Etc::sourcelist=$A/src.sources" -o Dir::Etc::sourceparts=/dev/null
        -o "Dir::State::Lists=$A/lists" -o "Dir::Cache=$A/cache" -o APT::Sandbox::User=root)
    if ! ls "$A/lists/"*Sources* >/dev/null 2>&1; then
        apt-get "${AO[@]}" -q update >&2 || die "apt-get update (deb-src bookworm) failed"
    fi
    (cd "$ZCACHE/dl" && apt-get "${AO[@]}" -q source --download-only zlib >&2) \
        || die "apt-get source --download-only zlib failed"
    rm -rf "$ZCACHE/src"; mkdir -p "$ZCACHE/src"
    orig=$(ls "$ZCACHE"/dl/zlib_*.orig.tar.* | head -1)
    [ -n "$orig" ] || die "no zlib orig tarball downloaded"
    tar -xf "$orig" -C "$ZCACHE/src" || die "cannot unpack $orig"
fi
ZDIR=$(zlib_dir)
[ -f "$ZDIR/zlib.h" ] && [ -f "$ZDIR/zconf.h" ] || die "zlib source tree incomplete in $ZDIR"

# ---- configuration matrix
CONFIGS=()
for tc in bookworm trixie sid; do
    for arch in x86_64 aarch64 s390x; do
        v="BIN_${tc^^}_${arch^^}"
        if [ -z "${!v:-}" ]; then
            log "skip $tc/$arch: no SFrame-capable assembler (see peers.env ${tc^^}_GSFRAME_${arch^^})"
            continue
        fi
        variants=plain
        [ "$arch" = aarch64 ] && variants="plain pac-ret pac-ret-b-key"
        for var in $variants; do
            for opt in O2 O0; do
                CONFIGS+=("$tc $arch $var $opt")
            done
        done
    done
done

for tc in bookworm trixie sid; do rm -rf "${OUT:?}/$tc"; done
rm -f "$OUT"/.nosframe.* "$OUT/MANIFEST.tsv" "$OUT/no-sframe.txt"
JOBS=${JOBS:-$(nproc)}
log "building ${#CONFIGS[@]} configurations with $JOBS jobs into $OUT"
printf '%s\n' "${CONFIGS[@]}" | xargs -P "$JOBS" -L 1 bash -c \
    'exec "$0" --one "$1" "$2" "$3" "$4" "'"$OUT"'" "'"$ZDIR"'"' "$HERE/build-corpus.sh" \
    || die "a configuration failed (see OUTDIR/*/*/*/build.log)"

# ---- manifest, logs, versions
{
    printf 'path\ttoolchain\tarch\tkind\tsframe_version\tflags\n'
    find "$OUT" -name manifest.part -exec cat {} + | sort
} >"$OUT/MANIFEST.tsv"
find "$OUT" -name manifest.part -delete
{ find "$OUT" -name no-sframe.part -exec cat {} +; cat "$OUT"/.nosframe.* 2>/dev/null || true; } | sort >"$OUT/no-sframe.txt"
find "$OUT" -name no-sframe.part -delete
rm -f "$OUT"/.nosframe.*

{
    echo "# tools used by tests/realworld/build-corpus.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    for tc in bookworm trixie sid; do
        for arch in x86_64 aarch64 s390x; do
            v="BIN_${tc^^}_${arch^^}"
            d=${!v:-}
            [ -n "$d" ] || { echo "$tc $arch: not built (no SFrame-capable as)"; continue; }
            echo "$tc $arch as: $("$d/as" --version | head -1)"
            echo "$tc $arch ld: $("$d/ld" --version | head -1)"
        done
    done
    echo "sid binutils deb: ${SID_BINUTILS_DEB:-?}; trixie binutils deb: ${TRIXIE_BINUTILS_DEB:-?}"
    echo "gcc x86_64: $(gcc --version | head -1)"
    echo "gcc aarch64: $(aarch64-linux-gnu-gcc --version | head -1)"
    echo "gcc s390x: $(s390x-linux-gnu-gcc --version | head -1)"
    echo "zlib source: $(basename "$ZDIR") ($(ls "$ZCACHE"/dl/*.dsc 2>/dev/null | xargs -n1 basename 2>/dev/null))"
} >"$OUT/versions.txt"

n=$(($(wc -l <"$OUT/MANIFEST.tsv") - 1))
log "wrote $OUT/MANIFEST.tsv ($n files with .sframe, $(wc -l <"$OUT/no-sframe.txt") without) in $(( $(date +%s) - START )) s"
