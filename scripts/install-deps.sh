#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install what sframe-validate needs on a Debian 12 (bookworm) x86_64 machine.
#
# Usage: scripts/install-deps.sh GROUP...
#   base   gcc make pkg-config binutils (2.40) python3-pytest python3-hypothesis
#          python3-jsonschema (for /usr/bin/python3)
#   clang  clang-19 libclang-rt-19-dev llvm-19 (libFuzzer, sanitizers, llvm-cov-19)
#   fuzz   clang + afl++
#   cross  aarch64 and s390x cross gcc + libc, libiberty-dev
#   libdw  libdw-dev libelf-dev (elfutils: the CFI differential oracle)
#   peers  private (never system-wide) Debian trixie and sid binutils, libsframe
#          and llvm-22 under .deps/peers/, wrapper dirs and .deps/peers/peers.env
#   llvm   private sid clang-22, lld-22, llvm-mc (LLVM as a second SFrame
#          producer) under .deps/peers/llvm/, wrappers in .deps/peers/bin-llvm22/
#          and .deps/peers/llvm.env (needs peers)
#   mold   private sid mold (a third linker that reads and merges SFrame v3)
#          under .deps/peers/mold/, wrappers ld.mold and mold in
#          .deps/peers/bin-mold/ (gcc -B .deps/peers/bin-mold/ -fuse-ld=mold)
#          and .deps/peers/mold.env (needs peers)
#   binutils-src  binutils' own SFrame tests (gas cfi-sframe, ld-sframe,
#          ld-x86-64/aarch64/s390, libsframe testsuite, and libsframe/doc:
#          the spec text the conformance tests quote) from sid's
#          binutils-source of the same version as the peers' sid binutils,
#          into .deps/realworld/binutils-src/, plus the libsframe testsuite
#          of trixie's binutils-source (the peers' trixie version) into
#          .deps/realworld/binutils-src/trixie/, and the libsframe testsuite
#          and SFrame headers of the system's (bookworm's) binutils-source,
#          the version of its binutils, into .deps/realworld/binutils-src/
#          bookworm/ (needs peers)
#   consumers  sources of the consumer harnesses (tests/consumers): the SFrame
#          reader files of sid's glibc upstream tarball (private deb-src
#          lists, never installed) extracted into .deps/consumers/, plus the
#          peers group (GNU libsframe 2.44/2.47, llvm-readobj-22) and sid's
#          llvm-readobj-23 (private, under .deps/consumers/llvm23/)
#   bookworm  the .debs of the system's (bookworm's) binutils 2.40 and their
#          runtime (libbinutils ships libsframe.so.0 there), downloaded (never
#          installed) from the system's archive into .deps/peers/debs/
#          bookworm/: test-divert installs them into a scratch root next to
#          libsframe0-safe
#   cbmc   private trixie CBMC (the bounded model checker of make prove) with
#          its runtime libraries under .deps/cbmc/, wrappers cbmc,
#          goto-cc and goto-instrument in .deps/cbmc/bin/, .deps/cbmc/cbmc.env
#   bench  gnuplot-nox (make bench's chart), tcl (SQLite amalgamation), bc
#   deb    debhelper dpkg-dev fakeroot lintian pkg-config lld rpm cpio (make deb,
#          its autopkgtest, the dh_sframe_validate test packages and the RPM
#          hook's test; lld links the package whose SFrame is lost)
#   all    every group
#
# Idempotent and non-interactive. Stamp files in .deps/stamps/ make re-runs
# instant. apt-get update runs only when a package has no candidate or a
# download fails. Exits non-zero with a message when something cannot be had.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)
DEPS="$REPO/.deps"
STAMPS="$DEPS/stamps"
PEERS="$DEPS/peers"
export DEBIAN_FRONTEND=noninteractive

# Bump when a group's definition changes so old stamps are invalidated.
STAMP_REV=5
LLVM_STAMP_REV=1   # llvm and binutils-src groups

log()  { printf 'install-deps: %s\n' "$*" >&2; }
die()  { printf 'install-deps: ERROR: %s\n' "$*" >&2; exit 1; }

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"
    exit 2
}

SUDO=
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "not root and no sudo: cannot apt-get install"
    SUDO="sudo -n"
fi

# ---------------------------------------------------------------- stamps
stamp_text() { printf 'rev=%s\nrepo=%s\n%s\n' "$STAMP_REV" "$REPO" "$*"; }
stamp_ok() {  # NAME TEXT...
    local f="$STAMPS/$1"; shift
    [ -f "$f" ] && [ "$(cat "$f")" = "$(stamp_text "$*")" ]
}
stamp_write() {
    local f="$STAMPS/$1"; shift
    mkdir -p "$STAMPS"
    stamp_text "$*" >"$f.tmp" && mv "$f.tmp" "$f"
}

# ---------------------------------------------------------------- system apt
APT_UPDATED=0
apt_update() {
    [ "$APT_UPDATED" = 1 ] && return 0
    log "apt-get update (system)"
    # Third-party sources on the machine may be unreachable; Debian's are what
    # matter, so a partial failure is tolerated and checked for afterwards.
    $SUDO apt-get -q -o Acquire::Retries=2 -o Acquire::http::Timeout=30 \
        -o Acquire::https::Timeout=30 update >&2 || log "apt-get update reported errors (continuing)"
    APT_UPDATED=1
}

pkg_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]
}
has_candidate() {
    local c
    c=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
    [ -n "$c" ] && [ "$c" != "(none)" ]
}

# apt_install REQUIRED_PKGS... [-- OPTIONAL_PKGS...]
INSTALLED_NOW=()
apt_install() {
    local req=() opt=() p missing=() nocand=() in_opt=0
    for p in "$@"; do
        if [ "$p" = -- ]; then in_opt=1; continue; fi
        if [ $in_opt = 1 ]; then opt+=("$p"); else req+=("$p"); fi
    done
    for p in "${req[@]}" ${opt[@]+"${opt[@]}"}; do
        pkg_installed "$p" || missing+=("$p")
    done
    [ ${#missing[@]} = 0 ] && return 0
    for p in "${missing[@]}"; do has_candidate "$p" || nocand+=("$p"); done
    if [ ${#nocand[@]} -gt 0 ]; then apt_update; fi
    local todo=()
    for p in "${missing[@]}"; do
        if has_candidate "$p"; then todo+=("$p")
        elif printf '%s\n' ${opt[@]+"${opt[@]}"} | grep -qx "$p"; then
            log "optional package $p is not available in this apt configuration: skipped"
        else
            die "package $p has no installation candidate (apt-cache policy $p); it cannot be had here"
        fi
    done
    [ ${#todo[@]} = 0 ] && return 0
    log "apt-get install ${todo[*]}"
    if ! $SUDO apt-get install -y -q --no-install-recommends "${todo[@]}" >&2; then
        # Stale lists give 404s: refresh once and retry.
        APT_UPDATED=0; apt_update
        $SUDO apt-get install -y -q --no-install-recommends "${todo[@]}" >&2 \
            || die "apt-get install ${todo[*]} failed"
    fi
    INSTALLED_NOW+=("${todo[@]}")
}

# ---------------------------------------------------------------- groups
BASE_PKGS="gcc make pkg-config binutils python3-pytest python3-hypothesis"
BASE_OPT="python3-jsonschema"
CLANG_PKGS="clang-19 libclang-rt-19-dev llvm-19"
FUZZ_PKGS="afl++"
LIBDW_PKGS="libdw-dev libelf-dev"
BENCH_PKGS="gnuplot-nox tcl bc"
DEB_PKGS="debhelper dpkg-dev fakeroot lintian pkg-config gcc make lld python3 rpm cpio"
CROSS_PKGS="gcc-aarch64-linux-gnu gcc-s390x-linux-gnu libc6-dev-arm64-cross libc6-dev-s390x-cross libiberty-dev binutils-aarch64-linux-gnu binutils-s390x-linux-gnu"

all_installed() { local p; for p in "$@"; do pkg_installed "$p" || return 1; done; }

group_apt() {  # NAME PKGS [OPT]
    local name=$1 pkgs=$2 opt=${3:-}
    if stamp_ok "$name" "$pkgs $opt" && all_installed $pkgs; then
        log "$name: already done"; return 0
    fi
    # shellcheck disable=SC2086
    apt_install $pkgs -- $opt
    stamp_write "$name" "$pkgs $opt"
    log "$name: ok"
}

do_base() {
    group_apt base "$BASE_PKGS" "$BASE_OPT"
    /usr/bin/python3 -c 'import pytest, hypothesis' 2>/dev/null \
        || die "base: /usr/bin/python3 cannot import pytest/hypothesis"
}
do_clang() {
    group_apt clang "$CLANG_PKGS"
    command -v clang-19 >/dev/null && command -v llvm-cov-19 >/dev/null \
        || die "clang: clang-19/llvm-cov-19 not on PATH after install"
}
do_fuzz() {
    do_clang
    group_apt fuzz "$FUZZ_PKGS"
    command -v afl-fuzz >/dev/null || die "fuzz: afl-fuzz not on PATH after install"
}
do_libdw() {
    group_apt libdw "$LIBDW_PKGS"
    [ -f /usr/include/elfutils/libdw.h ] || die "libdw: elfutils/libdw.h missing after install"
}
do_bench() {
    group_apt bench "$BENCH_PKGS"
    command -v gnuplot >/dev/null && command -v tclsh >/dev/null \
        || die "bench: gnuplot/tclsh not on PATH after install"
}
do_deb() {
    group_apt deb "$DEB_PKGS"
    command -v dpkg-buildpackage >/dev/null && command -v lintian >/dev/null \
        && command -v dh >/dev/null && command -v ld.lld >/dev/null \
        && command -v rpmbuild >/dev/null && command -v cpio >/dev/null \
        || die "deb: dpkg-buildpackage/lintian/dh/ld.lld/rpmbuild/cpio not on PATH after install"
}
do_cross() {
    group_apt cross "$CROSS_PKGS"
    command -v aarch64-linux-gnu-gcc >/dev/null && command -v s390x-linux-gnu-gcc >/dev/null \
        || die "cross: cross compilers not on PATH after install"
}

# ---------------------------------------------------------------- peers
# Packages downloaded (never installed) from sid and trixie.
BINUTILS_RUNTIME="binutils-common libbinutils libctf0 libctf-nobfd0 libjansson4 libzstd1 zlib1g libc6 libgcc-s1"
BINUTILS_TARGETS="binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu binutils-s390x-linux-gnu"
SID_PKGS="$BINUTILS_TARGETS $BINUTILS_RUNTIME libsframe3 libsframe-dev llvm-22 libllvm22 libxml2-16 libedit2 libz3-4 libffi8 libstdc++6 libbsd0 libmd0 libtinfo6"
SID_OPT=""   # optional sid packages (skipped when absent)
TRIXIE_PKGS="$BINUTILS_TARGETS $BINUTILS_RUNTIME libsframe1 binutils-dev"

PAPT="$PEERS/apt"
papt_opts() {
    printf '%s\n' -o "Dir::Etc::sourcelist=$PAPT/peers.sources" -o Dir::Etc::sourceparts=/dev/null \
        -o "Dir::State::Lists=$PAPT/lists" -o "Dir::Cache=$PAPT/cache" \
        -o APT::Sandbox::User=root -o Dir::State::status=/var/lib/dpkg/status \
        -o Acquire::Retries=2
}
papt() { local o; mapfile -t o < <(papt_opts); apt-get "${o[@]}" "$@"; }
papt_cache() { local o; mapfile -t o < <(papt_opts); apt-cache "${o[@]}" "$@"; }

PAPT_UPDATED=0
papt_update() {
    [ "$PAPT_UPDATED" = 1 ] && return 0
    mkdir -p "$PAPT/lists/partial" "$PAPT/cache/archives/partial"
    cat >"$PAPT/peers.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie sid
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    log "apt-get update (private trixie+sid lists in $PAPT)"
    papt -q update >&2 || die "private apt-get update for trixie/sid failed"
    PAPT_UPDATED=1
}

# fetch_suite SUITE DIR PKGS... : download PKG/SUITE .debs into DIR (cache).
fetch_suite() {
    local suite=$1 dir=$2; shift 2
    local p want=() ver fn specs=() info
    mkdir -p "$dir"
    for p in "$@"; do specs+=("$p/$suite"); done
    # one apt-cache call (each call reloads the big sid lists)
    info=$(papt_cache show "${specs[@]}" 2>/dev/null | awk '/^Package: /{p=$2} /^Version: /{if (!(p in v)) v[p]=$2} END{for (k in v) print k, v[k]}' || true)
    for p in "$@"; do
        ver=$(printf '%s\n' "$info" | awk -v p="$p" '$1==p{print $2}')
        if [ -z "$ver" ]; then
            if printf '%s\n' $SID_OPT | grep -qx "$p"; then continue; fi
            log "peers: $p has no version in $suite (private lists in $PAPT)"
            return 1
        fi
        # .deb names use the version without epoch
        # (apt download writes an epoch as %3a: clang-22_1%3a22.1.8-3_amd64.deb)
        fn=$(ls "$dir/${p}_${ver#*:}_"*.deb "$dir/${p}_${ver/:/%3a}_"*.deb 2>/dev/null | head -1 || true)
        [ -n "$fn" ] || want+=("$p/$suite")
    done
    [ ${#want[@]} = 0 ] && return 0
    log "peers: downloading from $suite: ${want[*]}"
    (cd "$dir" && papt -q download "${want[@]}" >&2)
}

extract_suite() {  # DIR ROOT
    local dir=$1 root=$2 d
    rm -rf "$root"; mkdir -p "$root"
    for d in "$dir"/*.deb; do dpkg-deb -x "$d" "$root"; done
}

keep_newest_debs() {  # DIR: drop superseded versions of the same package
    local dir=$1
    ls -t "$dir"/*.deb 2>/dev/null | awk -F/ '{n=$NF; sub(/_.*/, "", n); if (seen[n]++) print}' \
        | while read -r f; do rm -f "$f"; done
}

# fetch_sid_group NAME PKGS... : the newest sid .debs of PKGS in
# .deps/peers/debs/NAME (the private lists refreshed once on failure).
fetch_sid_group() {
    local name=$1; shift
    if ! (fetch_suite sid "$PEERS/debs/$name" "$@"); then
        papt_update
        fetch_suite sid "$PEERS/debs/$name" "$@" || die "$name: cannot download $*"
    fi
    keep_newest_debs "$PEERS/debs/$name"
}

# write_env FILE GROUP : ENV_LINES into FILE, atomically
write_env() {
    {
        echo "# generated by scripts/install-deps.sh $2 on $(date -u +%Y-%m-%dT%H:%M:%SZ); source it"
        printf '%s\n' "${ENV_LINES[@]}"
    } >"$1.tmp"
    mv "$1.tmp" "$1"
}

write_wrapper() {  # FILE ROOT PROGRAM (program path relative to ROOT)
    local f=$1 root=$2 prog=$3
    cat >"$f" <<EOF
#!/bin/sh
# generated by scripts/install-deps.sh: runs a newer-glibc program through its own loader
exec "$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" --library-path "$root/usr/lib/x86_64-linux-gnu:$root/usr/lib/llvm-22/lib" "$root/$prog" "\$@"
EOF
    chmod +x "$f"
}
write_sys_wrapper() {  # FILE PROGRAM
    printf '#!/bin/sh\n# generated by scripts/install-deps.sh\nexec "%s" "$@"\n' "$2" >"$1"
    chmod +x "$1"
}

TOOLS="as ld objdump readelf objcopy"

# gsframe_ok BINDIR : does BINDIR/as write a .sframe section with --gsframe?
gsframe_ok() {
    local d=$1 t
    t=$(mktemp -d)
    printf '.text\n.globl f\nf:\n.cfi_startproc\n.cfi_endproc\n' >"$t/a.s"
    if "$d/as" --gsframe -o "$t/a.o" "$t/a.s" >/dev/null 2>&1 \
        && "$d/readelf" -S "$t/a.o" 2>/dev/null | grep -q '\.sframe'; then
        rm -rf "$t"; return 0
    fi
    rm -rf "$t"; return 1
}

ENV_LINES=()
env_set() {  # KEY VALUE
    local v=$2
    case $v in
        *[!A-Za-z0-9_./:+,=@-]*|'') v="'${v//\'/}'" ;;
    esac
    ENV_LINES+=("$1=$v")
}

make_toolchain_dirs() {  # SUITE ROOT  -> wrapper dirs for x86_64 aarch64 s390x
    local suite=$1 root=$2 arch triple d t ok
    for arch in x86_64 aarch64 s390x; do
        case $arch in
            x86_64) triple=x86_64-linux-gnu ;;
            aarch64) triple=aarch64-linux-gnu ;;
            s390x) triple=s390x-linux-gnu ;;
        esac
        d="$PEERS/bin-$suite-$arch"
        rm -rf "$d"; mkdir -p "$d"
        for t in $TOOLS; do
            [ -e "$root/usr/bin/$triple-$t" ] || die "peers: $suite has no $triple-$t"
            write_wrapper "$d/$t" "$root" "usr/bin/$triple-$t"
        done
        ok=yes
        gsframe_ok "$d" || ok=no
        if [ "$ok" = no ]; then
            log "peers: $suite $arch as does not support --gsframe: bin-$suite-$arch not provided"
            rm -rf "$d"
            env_set "BIN_${suite^^}_${arch^^}" ""
        else
            env_set "BIN_${suite^^}_${arch^^}" "$d"
        fi
        env_set "${suite^^}_GSFRAME_${arch^^}" "$ok"
    done
}

make_bookworm_dirs() {
    local arch triple d t ok
    for arch in x86_64 aarch64 s390x; do
        case $arch in
            x86_64) triple=x86_64-linux-gnu ;;
            aarch64) triple=aarch64-linux-gnu ;;
            s390x) triple=s390x-linux-gnu ;;
        esac
        d="$PEERS/bin-bookworm-$arch"
        rm -rf "$d"; mkdir -p "$d"
        ok=yes
        for t in $TOOLS; do
            if [ -x "/usr/bin/$triple-$t" ]; then write_sys_wrapper "$d/$t" "/usr/bin/$triple-$t"
            else ok=no; fi
        done
        [ "$ok" = yes ] && { gsframe_ok "$d" || ok=no; }
        if [ "$ok" = no ]; then
            log "peers: bookworm $arch binutils missing or without --gsframe: bin-bookworm-$arch not provided"
            rm -rf "$d"
            env_set "BIN_BOOKWORM_${arch^^}" ""
        else
            env_set "BIN_BOOKWORM_${arch^^}" "$d"
        fi
        env_set "BOOKWORM_GSFRAME_${arch^^}" "$ok"
    done
    env_set BOOKWORM_AS_VERSION "$(/usr/bin/as --version | head -1)"
    env_set BOOKWORM_LD_VERSION "$(/usr/bin/ld --version | head -1)"
}

do_peers() {
    local key="sid: $SID_PKGS
trixie: $TRIXIE_PKGS"
    if stamp_ok peers "$key" && [ -f "$PEERS/peers.env" ] \
        && [ -x "$PEERS/bin-sid-x86_64/as" ] && [ -x "$PEERS/bin-llvm/llvm-readobj" ]; then
        log "peers: already done ($PEERS/peers.env)"; return 0
    fi
    # bookworm pieces the peers need: ansidecl.h and the cross binutils 2.40
    apt_install libiberty-dev binutils binutils-aarch64-linux-gnu binutils-s390x-linux-gnu
    command -v dpkg-deb >/dev/null || die "dpkg-deb missing"

    mkdir -p "$PEERS"
    if ! ls "$PAPT/lists/"*_sid_*Packages* >/dev/null 2>&1 \
        || ! ls "$PAPT/lists/"*_trixie_*Packages* >/dev/null 2>&1; then
        papt_update
    fi
    local suite pkgs
    for suite in sid trixie; do
        if [ $suite = sid ]; then pkgs=$SID_PKGS; else pkgs=$TRIXIE_PKGS; fi
        # shellcheck disable=SC2086
        if ! (fetch_suite $suite "$PEERS/debs/$suite" $pkgs); then
            log "peers: download from $suite failed; refreshing private lists and retrying"
            papt_update
            # shellcheck disable=SC2086
            fetch_suite $suite "$PEERS/debs/$suite" $pkgs || die "peers: cannot download $suite packages"
        fi
        keep_newest_debs "$PEERS/debs/$suite"
        log "peers: extracting $suite into $PEERS/$suite/root"
        extract_suite "$PEERS/debs/$suite" "$PEERS/$suite/root"
    done
    local SID_ROOT="$PEERS/sid/root" TRIXIE_ROOT="$PEERS/trixie/root"
    ENV_LINES=()
    env_set PEERS_DIR "$PEERS"
    env_set SID_ROOT "$SID_ROOT"
    env_set TRIXIE_ROOT "$TRIXIE_ROOT"
    env_set SID_LOADER "$SID_ROOT/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
    env_set TRIXIE_LOADER "$TRIXIE_ROOT/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"

    make_toolchain_dirs sid "$SID_ROOT"
    make_toolchain_dirs trixie "$TRIXIE_ROOT"
    [ -d "$PEERS/bin-sid-x86_64" ] || die "peers: sid x86_64 as does not run or lacks --gsframe"
    [ -d "$PEERS/bin-trixie-x86_64" ] || die "peers: trixie x86_64 as does not run or lacks --gsframe"
    make_bookworm_dirs

    local s
    for s in sid trixie; do
        env_set "${s^^}_AS_VERSION" "$("$PEERS/bin-$s-x86_64/as" --version | head -1)"
        env_set "${s^^}_LD_VERSION" "$("$PEERS/bin-$s-x86_64/ld" --version | head -1)"
        env_set "${s^^}_BINUTILS_DEB" "$(dpkg-deb -f "$(ls "$PEERS/debs/$s"/binutils-x86-64-linux-gnu_*.deb)" Version)"
    done

    # libsframe: static library + headers (sframe.h needs ansidecl.h)
    local a inc
    a=$(find "$SID_ROOT" -name libsframe.a | head -1)
    [ -n "$a" ] || die "peers: sid libsframe-dev ships no libsframe.a"
    inc="$PEERS/sid/include"; rm -rf "$inc"; mkdir -p "$inc"
    [ -f "$SID_ROOT/usr/include/sframe.h" ] || die "peers: sid sframe.h not found"
    cp "$SID_ROOT/usr/include/sframe.h" "$SID_ROOT/usr/include/sframe-api.h" "$inc/"
    cp /usr/include/libiberty/ansidecl.h "$inc/"
    env_set SID_LIBSFRAME_A "$a"
    env_set SID_LIBSFRAME_SO "$(ls "$SID_ROOT"/usr/lib/x86_64-linux-gnu/libsframe.so.* | head -1)"
    env_set SID_SFRAME_INCLUDE "$inc"
    env_set SID_LIBSFRAME_DEB "$(dpkg-deb -f "$(ls "$PEERS/debs/sid"/libsframe-dev_*.deb)" Version)"

    a=$(find "$TRIXIE_ROOT" -name libsframe.a | head -1)
    [ -n "$a" ] || die "peers: trixie binutils-dev ships no libsframe.a"
    inc="$PEERS/trixie/include"; rm -rf "$inc"; mkdir -p "$inc"
    [ -f "$TRIXIE_ROOT/usr/include/sframe.h" ] || die "peers: trixie sframe.h not found"
    cp "$TRIXIE_ROOT/usr/include/sframe.h" "$TRIXIE_ROOT/usr/include/sframe-api.h" "$inc/"
    if [ -f "$TRIXIE_ROOT/usr/include/ansidecl.h" ]; then cp "$TRIXIE_ROOT/usr/include/ansidecl.h" "$inc/"
    else cp /usr/include/libiberty/ansidecl.h "$inc/"; fi
    env_set TRIXIE_LIBSFRAME_A "$a"
    env_set TRIXIE_LIBSFRAME_SO "$(ls "$TRIXIE_ROOT"/usr/lib/x86_64-linux-gnu/libsframe.so.* | head -1)"
    env_set TRIXIE_SFRAME_INCLUDE "$inc"
    env_set TRIXIE_LIBSFRAME_DEB "$(dpkg-deb -f "$(ls "$PEERS/debs/trixie"/binutils-dev_*.deb)" Version)"

    # llvm-readobj from llvm-22 (sid)
    local r="$SID_ROOT/usr/lib/llvm-22/bin/llvm-readobj"
    [ -e "$r" ] || die "peers: llvm-22 has no llvm-readobj"
    mkdir -p "$PEERS/bin-llvm"
    write_wrapper "$PEERS/bin-llvm/llvm-readobj" "$SID_ROOT" "usr/lib/llvm-22/bin/llvm-readobj"
    "$PEERS/bin-llvm/llvm-readobj" --version >/dev/null 2>&1 \
        || die "peers: llvm-readobj-22 does not start: $("$PEERS/bin-llvm/llvm-readobj" --version 2>&1 | head -3)"
    env_set LLVM_READOBJ "$PEERS/bin-llvm/llvm-readobj"
    env_set LLVM_READOBJ_VERSION "$("$PEERS/bin-llvm/llvm-readobj" --version | sed -n 's/.*LLVM version //p' | head -1)"

    write_env "$PEERS/peers.env" peers
    stamp_write peers "$key"
    log "peers: ok ($PEERS/peers.env)"
    INSTALLED_NOW+=("peers(sid $(dpkg-deb -f "$(ls "$PEERS/debs/sid"/binutils-x86-64-linux-gnu_*.deb)" Version), trixie, llvm-22)")
}

# ---------------------------------------------------------------- llvm
# sid clang-22/lld-22 as a second SFrame producer. Run through sid's loader
# (they need glibc >= 2.38), next to the peers' sid root (libllvm22 etc.).
LLVM_PKGS="clang-22 lld-22 libclang-cpp22 libclang-common-22-dev libclang1-22 llvm-22-linker-tools"

write_llvm_wrapper() {  # FILE PROGRAM-PATH [FIXED-ARGS...]
    local f=$1 prog=$2; shift 2
    local sid=$PEERS/sid/root llvm=$PEERS/llvm/root
    {
        echo '#!/bin/sh'
        echo '# generated by scripts/install-deps.sh llvm: a sid LLVM program through sid'"'"'s loader'
        printf 'exec "%s" --library-path "%s" "%s"' \
            "$sid/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" \
            "$sid/usr/lib/x86_64-linux-gnu:$sid/usr/lib/llvm-22/lib:$llvm/usr/lib/x86_64-linux-gnu:$llvm/usr/lib/llvm-22/lib" \
            "$prog"
        local a; for a in "$@"; do printf ' "%s"' "$a"; done
        echo ' "$@"'
    } >"$f"
    chmod +x "$f"
}

do_llvm() {
    do_peers
    local key="llvm: $LLVM_PKGS rev=$LLVM_STAMP_REV" root=$PEERS/llvm/root bin=$PEERS/bin-llvm22
    if stamp_ok llvm "$key" && [ -f "$PEERS/llvm.env" ] && [ -x "$bin/clang" ]; then
        log "llvm: already done ($PEERS/llvm.env)"; return 0
    fi
    # shellcheck disable=SC2086
    fetch_sid_group llvm $LLVM_PKGS
    local want have
    want=$(dpkg-deb -f "$(ls "$PEERS/debs/llvm"/clang-22_*.deb)" Version)
    have=$(dpkg-deb -f "$(ls "$PEERS/debs/sid"/libllvm22_*.deb)" Version)
    [ "$want" = "$have" ] || die "llvm: clang-22 $want needs libllvm22 $want but the peers have $have: rerun 'scripts/install-deps.sh peers' after removing .deps/stamps/peers"
    log "llvm: extracting into $root"
    extract_suite "$PEERS/debs/llvm" "$root"
    local l=$root/usr/lib/llvm-22 s=$PEERS/sid/root/usr/lib/llvm-22
    rm -rf "$bin"; mkdir -p "$bin"
    write_llvm_wrapper "$bin/clang" "$l/bin/clang" -resource-dir "$l/lib/clang/22"
    write_llvm_wrapper "$bin/clang++" "$l/bin/clang++" -resource-dir "$l/lib/clang/22"
    write_llvm_wrapper "$bin/ld.lld" "$l/bin/lld" -flavor gnu
    write_llvm_wrapper "$bin/llvm-mc" "$s/bin/llvm-mc"
    write_llvm_wrapper "$bin/llvm-objdump" "$s/bin/llvm-objdump"
    write_llvm_wrapper "$bin/llvm-readobj" "$s/bin/llvm-readobj"
    local t
    t=$(mktemp -d)
    printf 'int f(int x) { return x + 1; }\n' >"$t/a.c"
    "$bin/clang" -c -O2 -Wa,--gsframe -Wa,--allow-experimental-sframe "$t/a.c" -o "$t/a.o" 2>"$t/err" \
        || die "llvm: clang-22 does not compile: $(head -3 "$t/err")"
    "$bin/ld.lld" --version >/dev/null 2>&1 || die "llvm: ld.lld-22 does not start"
    "$bin/llvm-mc" --version >/dev/null 2>&1 || die "llvm: llvm-mc-22 does not start"
    rm -rf "$t"
    ENV_LINES=()
    env_set BIN_LLVM22 "$bin"
    env_set CLANG22 "$bin/clang"
    env_set CLANGXX22 "$bin/clang++"
    env_set LLD22 "$bin/ld.lld"
    env_set LLVM_MC22 "$bin/llvm-mc"
    env_set CLANG22_VERSION "$("$bin/clang" --version | head -1)"
    env_set CLANG22_DEB "$want"
    write_env "$PEERS/llvm.env" llvm
    stamp_write llvm "$key"
    log "llvm: ok ($PEERS/llvm.env)"
    INSTALLED_NOW+=("llvm(clang-22 $want)")
}

# ---------------------------------------------------------------- mold
# sid mold, run through the peers' sid loader (it needs glibc >= 2.38) with
# its own libmimalloc next to the sid runtime libraries.
MOLD_PKGS="mold libmimalloc3"

do_mold() {
    do_peers
    local key="mold: $MOLD_PKGS" root=$PEERS/mold/root bin=$PEERS/bin-mold
    local sid=$PEERS/sid/root
    if stamp_ok mold "$key" && [ -f "$PEERS/mold.env" ] && [ -x "$bin/ld.mold" ]; then
        log "mold: already done ($PEERS/mold.env)"; return 0
    fi
    # shellcheck disable=SC2086
    fetch_sid_group mold $MOLD_PKGS
    log "mold: extracting into $root"
    extract_suite "$PEERS/debs/mold" "$root"
    [ -e "$root/usr/bin/mold" ] || die "mold: the mold package ships no usr/bin/mold"
    rm -rf "$bin"; mkdir -p "$bin"
    local t
    for t in ld.mold mold; do
        printf '%s\n' '#!/bin/sh' \
            '# generated by scripts/install-deps.sh mold: sid mold through sid'"'"'s loader' \
            "exec \"$sid/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2\" --library-path \"$sid/usr/lib/x86_64-linux-gnu:$root/usr/lib/x86_64-linux-gnu\" \"$root/usr/bin/mold\" \"\$@\"" \
            >"$bin/$t"
        chmod +x "$bin/$t"
    done
    "$bin/ld.mold" --version >/dev/null 2>&1 \
        || die "mold: mold does not start: $("$bin/ld.mold" --version 2>&1 | head -3)"
    # a real link through gcc's driver, with SFrame v3 input from sid's as
    t=$(mktemp -d)
    printf 'int main(void) { return 0; }\n' >"$t/a.c"
    gcc -B "$PEERS/bin-sid-x86_64/" -B "$bin/" -fuse-ld=mold -Wa,--gsframe -O2 "$t/a.c" \
        -o "$t/a" 2>"$t/err" || die "mold: gcc -fuse-ld=mold cannot link: $(head -3 "$t/err")"
    "$PEERS/bin-sid-x86_64/readelf" -SW "$t/a" | grep -q ' \.sframe ' \
        || die "mold: mold's output of SFrame v3 input has no .sframe section"
    rm -rf "$t"
    local want
    want=$(dpkg-deb -f "$(ls "$PEERS/debs/mold"/mold_*.deb)" Version)
    ENV_LINES=()
    env_set BIN_MOLD "$bin"
    env_set MOLD "$bin/ld.mold"
    env_set MOLD_VERSION "$("$bin/ld.mold" --version | head -1)"
    env_set MOLD_DEB "$want"
    write_env "$PEERS/mold.env" mold
    stamp_write mold "$key"
    log "mold: ok ($PEERS/mold.env)"
    INSTALLED_NOW+=("mold($want)")
}

# ---------------------------------------------------------------- cbmc
# trixie CBMC (it needs glibc >= 2.38), run through trixie's own loader like
# the peers; only its package and runtime libraries, never installed.
CBMC_PKGS="cbmc minisat libc6 libgcc-s1 libstdc++6 zlib1g"
CBMC="$DEPS/cbmc"

do_cbmc() {
    local key="cbmc: $CBMC_PKGS" root=$CBMC/root bin=$CBMC/bin dl=$CBMC/debs
    if stamp_ok cbmc "$key" && [ -f "$CBMC/cbmc.env" ] && [ -x "$bin/cbmc" ]; then
        log "cbmc: already done ($CBMC/cbmc.env)"; return 0
    fi
    command -v dpkg-deb >/dev/null || die "dpkg-deb missing"
    command -v gcc >/dev/null || die "cbmc: gcc (its C preprocessor) missing"
    if ! ls "$PAPT/lists/"*_trixie_*Packages* >/dev/null 2>&1; then papt_update; fi
    # shellcheck disable=SC2086
    if ! (fetch_suite trixie "$dl" $CBMC_PKGS); then
        papt_update
        # shellcheck disable=SC2086
        fetch_suite trixie "$dl" $CBMC_PKGS || die "cbmc: cannot download $CBMC_PKGS from trixie"
    fi
    keep_newest_debs "$dl"
    log "cbmc: extracting into $root"
    extract_suite "$dl" "$root"
    rm -rf "$bin"; mkdir -p "$bin"
    local t
    for t in cbmc goto-cc goto-instrument; do
        [ -e "$root/usr/bin/$t" ] || die "cbmc: the cbmc package ships no usr/bin/$t"
        printf '%s\n' '#!/bin/sh' \
            '# generated by scripts/install-deps.sh cbmc: trixie CBMC through trixie'"'"'s loader' \
            "exec \"$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2\" --library-path \"$root/usr/lib/x86_64-linux-gnu:$root/usr/lib\" \"$root/usr/bin/$t\" \"\$@\"" \
            >"$bin/$t"
        chmod +x "$bin/$t"
    done
    "$bin/cbmc" --version >/dev/null 2>&1 \
        || die "cbmc: cbmc does not start: $("$bin/cbmc" --version 2>&1 | head -3)"
    # a proof that must fail and one that must hold
    t=$(mktemp -d)
    printf 'int main(void) { int a[2]; unsigned i; if (i <= 2) a[i] = 0; return 0; }\n' >"$t/bad.c"
    printf 'int main(void) { int a[2]; unsigned i; if (i < 2) a[i] = 0; return 0; }\n' >"$t/good.c"
    if "$bin/cbmc" --bounds-check "$t/bad.c" >"$t/out" 2>&1; then
        die "cbmc: an out-of-bounds write was not found"
    fi
    "$bin/cbmc" --bounds-check "$t/good.c" >"$t/out" 2>&1 \
        || die "cbmc: a correct program did not verify: $(tail -3 "$t/out")"
    rm -rf "$t"
    local want
    want=$(dpkg-deb -f "$(ls "$dl"/cbmc_*.deb)" Version)
    ENV_LINES=()
    env_set CBMC_BIN "$bin"
    env_set CBMC "$bin/cbmc"
    env_set CBMC_VERSION "$("$bin/cbmc" --version | head -1)"
    env_set CBMC_DEB "$want"
    write_env "$CBMC/cbmc.env" cbmc
    stamp_write cbmc "$key"
    log "cbmc: ok ($CBMC/cbmc.env)"
    INSTALLED_NOW+=("cbmc($want)")
}

# ---------------------------------------------------------------- bookworm
# The system archive's candidates, which on bookworm are binutils 2.40's
# own; libc6 and libgcc-s1 too, so that the scratch root has its own loader.
BOOKWORM_PKGS="binutils binutils-x86-64-linux-gnu libbinutils binutils-common libctf0 libctf-nobfd0 libgprofng0 libjansson4 libzstd1 zlib1g libstdc++6 gcc-12-base libgcc-s1 libc6"

# bookworm_candidates: "PKG VERSION" per line of BOOKWORM_PKGS, VERSION
# empty where the system's lists offer none.
bookworm_candidates() {
    local p
    # shellcheck disable=SC2086
    apt-cache policy $BOOKWORM_PKGS 2>/dev/null | awk '
        /^[^ ].*:$/ { p = substr($1, 1, length($1) - 1) }
        /^  Candidate: / { c[p] = ($2 == "(none)") ? "" : $2 }
        END { for (k in c) print k, c[k] }' > "$1"
    for p in $BOOKWORM_PKGS; do
        awk -v p="$p" '$1 == p && $2 != "" { f = 1 } END { exit !f }' "$1" || return 1
    done
}

do_bookworm() {
    local dir=$PEERS/debs/bookworm list p ver fn want=()
    mkdir -p "$dir"
    list=$(mktemp)
    if ! bookworm_candidates "$list"; then
        apt_update
        bookworm_candidates "$list" \
            || { rm -f "$list"; die "bookworm: the system's apt lists offer no candidate for one of: $BOOKWORM_PKGS"; }
    fi
    ver=$(awk '$1 == "libbinutils" { print $2 }' "$list")
    case $ver in
        2.40-*) ;;
        *) rm -f "$list"; die "bookworm: the system's archive offers libbinutils $ver, not bookworm's 2.40" ;;
    esac
    while read -r p ver; do
        # apt-get download writes an epoch as %3a
        fn="$dir/${p}_${ver/:/%3a}_"
        ls "$fn"*.deb >/dev/null 2>&1 || want+=("$p=$ver")
        # one version per package: the candidate
        find "$dir" -name "${p}_*.deb" ! -name "${p}_${ver/:/%3a}_*.deb" -delete
    done < "$list"
    rm -f "$list"
    [ ${#want[@]} = 0 ] && { log "bookworm: already done ($dir)"; return 0; }
    log "bookworm: downloading ${want[*]} (system archive)"
    (cd "$dir" && apt-get -q -o APT::Sandbox::User=root download "${want[@]}" >&2) \
        || { APT_UPDATED=0; apt_update
             (cd "$dir" && apt-get -q -o APT::Sandbox::User=root download "${want[@]}" >&2); } \
        || die "bookworm: ${want[*]} cannot be downloaded from the system's archive"
    INSTALLED_NOW+=("bookworm(${#want[@]} .debs in $dir)")
}

# ---------------------------------------------------------------- binutils-src
# binutils' own SFrame tests, of the same version as the peers' sid binutils.
# binutils-source (a binary package) ships the upstream tarball; `apt-get
# source` of that exact version is often gone from the archive.
BSRC_MEMBERS="gas/testsuite/gas/cfi-sframe ld/testsuite/ld-sframe ld/testsuite/ld-x86-64 ld/testsuite/ld-aarch64 ld/testsuite/ld-s390 libsframe/testsuite libsframe/doc"

# binutils_source_deb VERSION [system]: the path of binutils-source_VERSION
# (downloaded once into the peers' deb cache; with "system", from the
# system's own archive: bookworm's version).
binutils_source_deb() {
    local ver=$1 dl=$PEERS/debs/src deb
    mkdir -p "$dl"
    deb=$(ls "$dl"/binutils-source_"${ver#*:}"_*.deb 2>/dev/null | head -1 || true)
    if [ -z "$deb" ] && [ "${2:-}" = system ]; then
        log "binutils-src: downloading binutils-source=$ver (system archive)"
        # A fresh machine may have no package lists yet: update once, retry.
        (cd "$dl" && apt-get -q -o APT::Sandbox::User=root download "binutils-source=$ver" >&2) \
            || { apt_update
                 (cd "$dl" && apt-get -q -o APT::Sandbox::User=root download "binutils-source=$ver" >&2); } \
            || die "binutils-src: binutils-source=$ver cannot be downloaded from the system's archive"
        deb=$(ls "$dl"/binutils-source_"${ver#*:}"_*.deb | head -1)
    fi
    if [ -z "$deb" ]; then
        [ -n "$(ls "$PAPT/lists/" 2>/dev/null)" ] || papt_update
        log "binutils-src: downloading binutils-source=$ver"
        (cd "$dl" && papt -q download "binutils-source=$ver" >&2) || {
            papt_update
            (cd "$dl" && papt -q download "binutils-source=$ver" >&2) \
                || die "binutils-src: binutils-source=$ver cannot be downloaded (moved? rerun peers)"
        }
        deb=$(ls "$dl"/binutils-source_"${ver#*:}"_*.deb | head -1)
    fi
    printf '%s\n' "$deb"
}

# binutils_source_unpack DEB DEST MEMBER...: the members of the upstream
# tarball DEB ships, under DEST/binutils-X.Y/; prints that directory.
binutils_source_unpack() {
    local deb=$1 dest=$2; shift 2
    local t tarball top m members=()
    t=$(mktemp -d)
    dpkg-deb -x "$deb" "$t"
    tarball=$(ls "$t"/usr/src/binutils/binutils-*.tar.* | head -1)
    [ -n "$tarball" ] || die "binutils-src: $deb ships no upstream tarball"
    top=$(basename "$tarball"); top=${top%.tar.*}
    for m in "$@"; do members+=("$top/$m"); done
    mkdir -p "$dest"
    tar -xf "$tarball" -C "$dest" "${members[@]}" || die "binutils-src: cannot unpack $tarball"
    rm -rf "$t"
    printf '%s\n' "$dest/$top"
}

do_binutils_src() {
    do_peers
    local ver tver bver dest=$DEPS/realworld/binutils-src
    bver=$(dpkg-query -W -f='${Version}' binutils)
    ver=$(sed -n "s/^SID_BINUTILS_DEB=//p" "$PEERS/peers.env" | tr -d "'")
    tver=$(sed -n "s/^TRIXIE_BINUTILS_DEB=//p" "$PEERS/peers.env" | tr -d "'")
    [ -n "$ver" ] || die "binutils-src: no SID_BINUTILS_DEB in $PEERS/peers.env"
    [ -n "$tver" ] || die "binutils-src: no TRIXIE_BINUTILS_DEB in $PEERS/peers.env"
    local key="binutils-source=$ver: $BSRC_MEMBERS; trixie binutils-source=$tver: libsframe/testsuite; bookworm binutils-source=$bver: libsframe/testsuite include/sframe*.h rev=$LLVM_STAMP_REV"
    if stamp_ok binutils-src "$key" && [ -f "$dest/binutils-src.env" ]; then
        log "binutils-src: already done ($dest)"; return 0
    fi
    local deb tdeb bdeb sdir tdir bdir
    deb=$(binutils_source_deb "$ver")
    tdeb=$(binutils_source_deb "$tver")
    bdeb=$(binutils_source_deb "$bver" system)
    rm -rf "$dest"
    # shellcheck disable=SC2086  # a list of tarball members
    sdir=$(binutils_source_unpack "$deb" "$dest" $BSRC_MEMBERS)
    tdir=$(binutils_source_unpack "$tdeb" "$dest/trixie" libsframe/testsuite)
    bdir=$(binutils_source_unpack "$bdeb" "$dest/bookworm" libsframe/testsuite \
        include/sframe.h include/sframe-api.h)
    cp /usr/include/libiberty/ansidecl.h "$bdir/include/"
    {
        echo "# generated by scripts/install-deps.sh binutils-src; source it"
        echo "BINUTILS_SRC_DIR=$sdir"
        echo "BINUTILS_SRC_DEB=$ver"
        echo "BINUTILS_SRC_TRIXIE_DIR=$tdir"
        echo "BINUTILS_SRC_TRIXIE_DEB=$tver"
        echo "BINUTILS_SRC_BOOKWORM_DIR=$bdir"
        echo "BINUTILS_SRC_BOOKWORM_DEB=$bver"
    } >"$dest/binutils-src.env"
    stamp_write binutils-src "$key"
    log "binutils-src: ok ($sdir, $tdir, $bdir)"
    INSTALLED_NOW+=("binutils-src($ver, trixie $tver, bookworm $bver)")
}

# ---------------------------------------------------------------- consumers
# glibc's SFrame reader for the measured consumer harness (tests/consumers):
# the upstream tarball of sid's glibc source package, downloaded with private
# deb-src lists (the .dsc of the newest Debian revision may already be gone
# from the archive; only the .orig.tar.xz is needed).  Only the reader's files
# are extracted; nothing is built here and nothing enters the repository.
CONSUMERS="$DEPS/consumers"
GLIBC_SRC_VERSION=2.43
GLIBC_FILES="sysdeps/generic/sframe-read.c sysdeps/generic/sframe-read.h sysdeps/generic/sframe.c sysdeps/generic/sframe.h"

# llvm-readobj-23 (sid llvm-23 + libllvm23, through the peers' private
# lists), run with the peers' sid loader and runtime libraries.  Optional:
# when sid has no llvm-23 the harness list simply lacks it (logged).
consumers_llvm23() {
    local dir="$CONSUMERS/debs-llvm23" r="$CONSUMERS/llvm23/root" w="$CONSUMERS/bin/llvm-readobj-23"
    local sid="$PEERS/sid/root"
    if ! (fetch_suite sid "$dir" llvm-23 libllvm23); then
        log "consumers: llvm-23 not downloadable from sid: no llvm-readobj-23 harness"
        env_set LLVM23_READOBJ ""
        return 0
    fi
    keep_newest_debs "$dir"
    extract_suite "$dir" "$r"
    mkdir -p "$(dirname "$w")"
    printf '%s\n' '#!/bin/sh' \
        '# generated by scripts/install-deps.sh consumers: sid llvm-readobj-23 through sid loader' \
        "exec \"$sid/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2\" --library-path \"$sid/usr/lib/x86_64-linux-gnu:$r/usr/lib/x86_64-linux-gnu:$r/usr/lib/llvm-23/lib\" \"$r/usr/lib/llvm-23/bin/llvm-readobj\" \"\$@\"" \
        >"$w"
    chmod +x "$w"
    if "$w" --version >/dev/null 2>&1; then
        env_set LLVM23_READOBJ "$w"
        env_set LLVM23_READOBJ_VERSION "$("$w" --version | sed -n 's/.*LLVM version //p' | head -1)"
    else
        log "consumers: llvm-readobj-23 does not start: $("$w" --version 2>&1 | head -2)"
        env_set LLVM23_READOBJ ""
    fi
}

do_consumers() {
    local key="glibc $GLIBC_SRC_VERSION: $GLIBC_FILES; llvm-readobj-23"
    local root="$CONSUMERS/glibc-$GLIBC_SRC_VERSION" f
    if stamp_ok consumers "$key" && [ -f "$CONSUMERS/consumers.env" ] \
        && [ -f "$root/sysdeps/generic/sframe-read.c" ]; then
        log "consumers: already done ($CONSUMERS/consumers.env)"; return 0
    fi
    command -v tar >/dev/null && command -v xz >/dev/null || die "consumers: tar/xz missing"
    local sapt="$CONSUMERS/apt"
    mkdir -p "$sapt/lists/partial" "$sapt/cache/archives/partial" "$CONSUMERS/dl"
    printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" "Suites: sid" \
        "Components: main" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" \
        >"$sapt/src.sources"
    local o=(-o "Dir::Etc::sourcelist=$sapt/src.sources" -o Dir::Etc::sourceparts=/dev/null
             -o "Dir::State::Lists=$sapt/lists" -o "Dir::Cache=$sapt/cache"
             -o APT::Sandbox::User=root -o Dir::State::status=/var/lib/dpkg/status
             -o Acquire::Retries=2)
    local tarball="$CONSUMERS/dl/glibc_$GLIBC_SRC_VERSION.orig.tar.xz" ver
    if [ ! -s "$tarball" ]; then
        log "consumers: apt-get update (private sid deb-src lists in $sapt)"
        apt-get "${o[@]}" -q update >&2 || die "consumers: private deb-src update failed"
        # the newest source version of the wanted upstream release
        ver=$(apt-cache "${o[@]}" showsrc glibc 2>/dev/null | sed -n 's/^Version: //p' \
              | grep "^$GLIBC_SRC_VERSION-" | sort -V | tail -1 || true)
        [ -n "$ver" ] || die "consumers: sid has no glibc $GLIBC_SRC_VERSION source package"
        log "consumers: downloading glibc $ver source (only the .orig.tar.xz is used)"
        # apt-get source fails when that revision's .dsc is gone (404) after
        # fetching the tarball (hash-checked by apt): test for the tarball.
        (cd "$CONSUMERS/dl" && apt-get "${o[@]}" -q source --download-only "glibc=$ver" >&2) \
            || log "consumers: apt-get source reported errors (checking for the tarball)"
        [ -s "$tarball" ] || die "consumers: glibc_$GLIBC_SRC_VERSION.orig.tar.xz could not be downloaded"
        printf '%s\n' "$ver" >"$CONSUMERS/dl/glibc.version"
    fi
    rm -rf "$root.tmp"; mkdir -p "$root.tmp"
    local members=()
    for f in $GLIBC_FILES; do members+=("glibc-$GLIBC_SRC_VERSION/$f"); done
    tar -xJf "$tarball" -C "$root.tmp" --strip-components=1 "${members[@]}" \
        || die "consumers: $tarball lacks the SFrame reader files ($GLIBC_FILES)"
    rm -rf "$root"; mv "$root.tmp" "$root"
    ENV_LINES=()
    consumers_llvm23
    env_set GLIBC_SFRAME_SRC "$root/sysdeps/generic"
    env_set GLIBC_SOURCE_VERSION "$(cat "$CONSUMERS/dl/glibc.version" 2>/dev/null || echo "$GLIBC_SRC_VERSION")"
    {
        echo "# generated by scripts/install-deps.sh consumers on $(date -u +%Y-%m-%dT%H:%M:%SZ); source it"
        printf '%s\n' "${ENV_LINES[@]}"
    } >"$CONSUMERS/consumers.env.tmp"
    mv "$CONSUMERS/consumers.env.tmp" "$CONSUMERS/consumers.env"
    stamp_write consumers "$key"
    log "consumers: ok ($CONSUMERS/consumers.env)"
    INSTALLED_NOW+=("consumers(glibc $GLIBC_SRC_VERSION SFrame reader sources)")
}

# ---------------------------------------------------------------- main
[ $# -gt 0 ] || usage
want_base=0 want_clang=0 want_fuzz=0 want_cross=0 want_peers=0 want_libdw=0 want_llvm=0 want_mold=0 want_bsrc=0 want_bench=0 want_consumers=0 want_deb=0 want_cbmc=0 want_bookworm=0
for g in "$@"; do
    case $g in
        base) want_base=1 ;;
        clang) want_clang=1 ;;
        fuzz) want_fuzz=1 ;;
        cross) want_cross=1 ;;
        peers) want_peers=1 ;;
        libdw) want_libdw=1 ;;
        llvm) want_llvm=1 ;;
        mold) want_mold=1 ;;
        binutils-src) want_bsrc=1 ;;
        bookworm) want_bookworm=1 ;;
        consumers) want_consumers=1 want_peers=1 ;;
        cbmc) want_cbmc=1 ;;
        bench) want_bench=1 ;;
        deb) want_deb=1 ;;
        all) want_base=1 want_clang=1 want_fuzz=1 want_cross=1 want_peers=1 want_libdw=1 want_llvm=1 want_mold=1 want_bsrc=1 want_bench=1 want_consumers=1 want_deb=1 want_cbmc=1 want_bookworm=1 ;;
        -h|--help) usage ;;
        *) log "unknown group: $g"; usage ;;
    esac
done
mkdir -p "$STAMPS"
[ $want_base = 1 ] && do_base
[ $want_clang = 1 ] && [ $want_fuzz = 0 ] && do_clang
[ $want_fuzz = 1 ] && do_fuzz
[ $want_cross = 1 ] && do_cross
[ $want_libdw = 1 ] && do_libdw
[ $want_peers = 1 ] && do_peers
[ $want_llvm = 1 ] && do_llvm
[ $want_mold = 1 ] && do_mold
[ $want_bsrc = 1 ] && do_binutils_src
[ $want_bookworm = 1 ] && do_bookworm
[ $want_consumers = 1 ] && do_consumers
[ $want_cbmc = 1 ] && do_cbmc
[ $want_bench = 1 ] && do_bench
[ $want_deb = 1 ] && do_deb
if [ ${#INSTALLED_NOW[@]} -gt 0 ]; then
    log "installed: ${INSTALLED_NOW[*]}"
else
    log "nothing to install"
fi
exit 0
