# SPDX-License-Identifier: MIT
"""Stock GNU ld links byte-identical files with the drop-in first on its
library path: ld's SFrame merge (libbfd's elf-sframe.c: decode each input,
re-encode the output) and the PLT .sframe it synthesizes go through the
library's encoder, so any difference in FDE order, FRE type, header or
padding shows here.

Inputs: every relocatable object of the real corpus built by the
toolchain, each linked alone (-shared, calls to undefined functions going
through the PLT, and a static executable), and binutils' own ld SFrame
tests (ld-sframe, ld-x86-64, ld-aarch64, ld-s390: each .d with an #ld
line, its sources assembled by the same toolchain's as, linked with the
.d's options).  sid's ld runs with the ABI 3 drop-in, trixie's with ABI 1,
bookworm's (the system's) with ABI 0;
each link runs twice (stock library, drop-in) and the output file, exit
status and messages must be equal."""
import pathlib
import re
import shlex
import shutil
import subprocess

import pytest

import binutils_suite
import rwlib
import safe_support as ss

ARCHES = ("x86_64", "aarch64", "s390x")
SINGLE_MODES = (["-shared", "--unresolved-symbols=ignore-all"],
                ["-e", "0", "--unresolved-symbols=ignore-all"])


def dropin_wrapper(stock_wrapper, libdir, out):
    """A copy of a peers' wrapper script (the loader, its --library-path, the
    program) with libdir first on --library-path; for a wrapper of a system
    (bookworm) program, which runs it directly, the system's loader with
    libdir on --library-path."""
    text = pathlib.Path(stock_wrapper).read_text()
    new, n = re.subn(r'--library-path "', f'--library-path "{libdir}:', text)
    if n == 0:
        new, n = re.subn(r'^exec "', f'exec "{ss.SYSTEM_LOADER}" --library-path "{libdir}" "',
                         text, flags=re.M)
    assert n == 1, f"unexpected wrapper {stock_wrapper}"
    out.write_text(new)
    out.chmod(0o755)
    return out


def loaded_libsframe(wrapper):
    """The libsframe the wrapper's loader resolves for its program."""
    line = [ln for ln in pathlib.Path(wrapper).read_text().splitlines()
            if ln.startswith("exec ")][0]
    argv = shlex.split(line)[1:-1]   # loader --library-path P program
    if len(argv) == 1:
        argv = [ss.SYSTEM_LOADER, *argv]  # a system program, run directly
    out = subprocess.run([argv[0], "--list", *argv[1:]], capture_output=True,
                         text=True).stdout
    m = re.search(r"libsframe\.so\.\d+ => (\S+)", out)
    return pathlib.Path(m.group(1)).resolve() if m else None


def link_twice(stock_ld, dropin_ld, args, work, name):
    """Runs one link with each library; returns None when they agree, else
    what differs.  Both failing the same way counts as agreeing."""
    outs = []
    for tag, ld in (("stock", stock_ld), ("dropin", dropin_ld)):
        out = work / f"{name}.{tag}"
        rc, _, err = rwlib.run([ld, *args, "-o", out], cwd=work)
        data = out.read_bytes() if out.exists() else None
        outs.append((rc, err.replace(str(out), "OUT"), data))
    if outs[0] == outs[1]:
        return None
    (rc1, e1, d1), (rc2, e2, d2) = outs
    return f"{name} {args}: rc {rc1}/{rc2} stderr {e1[-200:]!r}/{e2[-200:]!r} " \
           f"bytes {'same' if d1 == d2 else 'differ'}"


def binutils_links(env, tc, arch, bindir, work):
    """(name, ld arguments) of binutils' ld SFrame tests for one arch, their
    sources assembled into work."""
    src = pathlib.Path(env["BINUTILS_SRC_DIR"])
    out = []
    for test, ddir, dfile, arches in binutils_suite.discover(src):
        if dfile is None or arch not in arches or not test.startswith("ld-"):
            continue
        opts, _ = binutils_suite.parse_d(dfile)
        if "ld" not in opts or "error" in opts:
            continue
        objs = []
        for i, s in enumerate(opts["source"] or [dfile.stem + ".s"]):
            parts = s.split()
            o = work / f"{dfile.stem}-{i}.o"
            flags = (opts.get("as", "") + " " + " ".join(parts[1:])).split()
            if arch == "x86_64" and "--64" not in flags and "--x32" not in flags:
                flags = ["--64"] + flags
            rc, _, _ = rwlib.run([f"{bindir}/as", *flags, "-o", o, ddir / parts[0]], cwd=work)
            if rc != 0:
                break
            objs.append(str(o))
        else:
            out.append((test.replace("/", "_"),
                        ["-L", str(ddir), *opts["ld"].split(), *objs,
                         *opts.get("ld_after_inputs", "").split()]))
    return out


@pytest.mark.parametrize("abi", sorted(ss.ABIS))
def test_ld_links_identical(peers_env, realworld, abi, tmp_path):
    suite_env = {**peers_env, **rwlib.load_env("binutils-src")}
    ss.ensure_built()
    tc = ss.ABIS[abi][0]
    lib = ss.dropin(abi).resolve()
    libdir = lib.parent
    compared, diffs = 0, []
    for arch in ARCHES:
        bindir = suite_env.get(f"BIN_{tc.upper()}_{arch.upper()}", "")
        if not bindir:
            continue   # that toolchain has no SFrame-capable binutils for arch
        work = tmp_path / arch
        work.mkdir()
        stock_ld = pathlib.Path(bindir) / "ld"
        dropin_ld = dropin_wrapper(stock_ld, libdir, work / "ld-dropin")
        assert loaded_libsframe(dropin_ld) == lib
        assert loaded_libsframe(stock_ld) != lib
        links = [(f"{pathlib.Path(r['path']).parent.name}-{pathlib.Path(r['path']).stem}-{i}",
                  [*mode, r["path"]])
                 for r in realworld
                 if r["toolchain"] == tc and r["arch"] == arch and r["kind"] == "o"
                 for i, mode in enumerate(SINGLE_MODES)]
        links += binutils_links(suite_env, tc, arch, bindir, work)
        for name, args in links:
            d = link_twice(stock_ld, dropin_ld, args, work, name)
            if d:
                diffs.append(f"{arch}: {d}")
            compared += 1
            for f in work.glob(f"{name}.*"):
                f.unlink()
        shutil.rmtree(work, ignore_errors=True)
    assert compared >= 50, f"only {compared} links compared"
    assert diffs == [], f"{len(diffs)} of {compared} links differ:\n" + "\n".join(diffs[:20])
