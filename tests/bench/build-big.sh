#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Big real sections for `make bench`: SQLite 3.40 (Debian bookworm's source
# package, amalgamation plus its shell) compiled once by gcc -O2 (x86_64)
# and assembled and linked statically by each toolchain:
#   bookworm 2.40 (SFrame v1), trixie 2.44 (v2), sid 2.47 (v3).
#
# Usage: tests/bench/build-big.sh OUTDIR
# Writes OUTDIR/TC/sqlite3-static (ELF), its raw .sframe, and
# OUTDIR/MANIFEST.tsv (path toolchain version bytes).  The sources and the
# compiler's assembly are cached in .deps/bench/ (the first run takes a few
# minutes: building the amalgamation needs tclsh, from the bench group of
# scripts/install-deps.sh).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CACHE="$REPO/.deps/bench"
die() { printf 'build-big: ERROR: %s\n' "$*" >&2; exit 1; }
log() { printf 'build-big: %s\n' "$*" >&2; }
[ $# = 1 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
mkdir -p "$1"
OUT=$(cd "$1" && pwd)
ENV="$REPO/.deps/peers/peers.env"
[ -f "$ENV" ] || die "missing $ENV (scripts/install-deps.sh peers)"
# shellcheck disable=SC1090
. "$ENV"

src_dir() { find "$CACHE/src" -mindepth 1 -maxdepth 1 -type d -name 'sqlite3-*' 2>/dev/null | head -1; }
if [ -z "$(src_dir)" ]; then
    log "fetching the sqlite3 source package (bookworm deb-src)"
    A="$CACHE/apt"
    mkdir -p "$A/lists/partial" "$A/cache/archives/partial" "$CACHE/dl" "$CACHE/src"
    cat >"$A/src.sources" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    AO=(-o "Dir::Etc::sourcelist=$A/src.sources" -o Dir::Etc::sourceparts=/dev/null
        -o "Dir::State::Lists=$A/lists" -o "Dir::Cache=$A/cache" -o APT::Sandbox::User=root)
    ls "$A/lists/"*Sources* >/dev/null 2>&1 || apt-get "${AO[@]}" -q update >&2 \
        || die "apt-get update (deb-src bookworm) failed"
    (cd "$CACHE/dl" && apt-get "${AO[@]}" -q source --download-only sqlite3 >&2) \
        || die "apt-get source --download-only sqlite3 failed"
    orig=$(ls "$CACHE"/dl/sqlite3_*.orig.tar.* | grep -v -- -www | head -1)
    tar -xf "$orig" -C "$CACHE/src" || die "cannot unpack $orig"
fi
S=$(src_dir)
B="$S/bld"
if [ ! -f "$B/sqlite3.c" ] || [ ! -f "$B/shell.c" ]; then
    command -v tclsh >/dev/null || die "tclsh missing (scripts/install-deps.sh bench)"
    log "building the amalgamation in $B"
    mkdir -p "$B"
    (cd "$B" && ../configure --disable-tcl >configure.log 2>&1 && make sqlite3.c shell.c >make.log 2>&1) \
        || die "amalgamation build failed (see $B/*.log)"
fi
DEFS=(-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION)
for f in sqlite3 shell; do
    if [ ! -f "$B/$f.s" ] || [ "$B/$f.c" -nt "$B/$f.s" ]; then
        log "gcc -O2 -S $f.c (once for every toolchain)"
        gcc -O2 -g0 "${DEFS[@]}" -I"$B" -S "$B/$f.c" -o "$B/$f.s.tmp" && mv "$B/$f.s.tmp" "$B/$f.s"
    fi
done

printf 'path\ttoolchain\tversion\tbytes\n' >"$OUT/MANIFEST.tsv.tmp"
for tc in bookworm trixie sid; do
    v="BIN_${tc^^}_X86_64"
    bin=${!v:-}
    [ -n "$bin" ] || { log "skip $tc: no x86_64 toolchain with --gsframe"; continue; }
    d="$OUT/$tc"; mkdir -p "$d"
    for f in sqlite3 shell; do
        "$bin/as" --gsframe -o "$d/$f.o" "$B/$f.s" || die "$tc as $f.s failed"
    done
    gcc -B "$bin/" -static -o "$d/sqlite3-static" "$d/sqlite3.o" "$d/shell.o" -lm \
        || die "$tc static link failed"
    "$bin/objcopy" --dump-section .sframe="$d/sqlite3-static.sframe" "$d/sqlite3-static" "$d/.tmp" \
        || die "$tc: no .sframe in sqlite3-static"
    rm -f "$d/.tmp"
    ver=$(od -An -tu1 -j2 -N1 "$d/sqlite3-static.sframe" | tr -d ' ')
    printf '%s\t%s\t%s\t%s\n' "$tc/sqlite3-static" "$tc" "$ver" \
        "$(stat -c %s "$d/sqlite3-static.sframe")" >>"$OUT/MANIFEST.tsv.tmp"
    log "$tc: sqlite3-static, SFrame v$ver, $(stat -c %s "$d/sqlite3-static.sframe") bytes"
done
mv "$OUT/MANIFEST.tsv.tmp" "$OUT/MANIFEST.tsv"
