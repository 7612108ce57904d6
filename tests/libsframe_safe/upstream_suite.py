# SPDX-License-Identifier: MIT
"""The upstream libsframe testsuite (binutils' libsframe/testsuite), run
outside binutils against any libsframe.so.N: each C program is compiled with
the stand-in DejaGnu header (tests/libsframe_safe/dejagnu/) and the ABI's
installed headers, linked against the library under test, and run with that
library's directory alone on LD_LIBRARY_PATH.  The output is DejaGnu's
(PASS:/FAIL: lines in .exp order), so the names compare one for one with
the libsframe.sum Debian ships.

    python3 upstream_suite.py --testsuite DIR --include DIR --lib FILE [--build DIR]
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
STANDIN = HERE / "dejagnu"
TIMEOUT = 60
HOST_EXECUTE = re.compile(r'host_execute\s+"testsuite/([^/"]+)/([^/"]+)"')


def programs(testsuite):
    """(subdir, name) of every program the .exp files run, in runtest's
    order: the tool's subdirectories sorted, each .exp in its own order."""
    out = []
    for exp in sorted(pathlib.Path(testsuite).glob("libsframe.*/*.exp")):
        out += HOST_EXECUTE.findall(exp.read_text())
    return out


def expected_names(summary_text):
    """The PASS/FAIL lines of the libsframe section of a DejaGnu .sum (or of
    Debian's test-summary, which holds every tool's .sum)."""
    names, inside = [], False
    for line in summary_text.splitlines():
        if "=== libsframe tests ===" in line:
            inside = True
        elif "=== libsframe Summary ===" in line:
            break
        elif inside and re.match(r"(PASS|FAIL|XFAIL|XPASS|UNSUPPORTED|UNRESOLVED): ", line):
            names.append(line)
    return names


def loaded_libsframe(exe, libdir):
    """The path the loader resolves the program's libsframe.so.N to."""
    env = dict(os.environ, LD_LIBRARY_PATH=str(libdir), LD_TRACE_LOADED_OBJECTS="1")
    out = subprocess.run([str(exe)], env=env, capture_output=True, text=True,
                         timeout=TIMEOUT).stdout
    m = re.search(r"libsframe\.so\.\d+ => (\S+)", out)
    return pathlib.Path(m.group(1)).resolve() if m else None


def build(testsuite, include, lib, outdir, cc="gcc"):
    """Compile every program against `include` and link it with `lib` (a
    libsframe.so.N file).  Returns {name: executable or None}; a program
    that does not build is None (its compiler output on stderr)."""
    testsuite, outdir = pathlib.Path(testsuite), pathlib.Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    exes = {}
    for sub, name in programs(testsuite):
        src = testsuite / sub / f"{name}.c"
        exe = outdir / name
        p = subprocess.run([cc, "-std=gnu11", "-O1", "-g", "-w",
                            f"-I{STANDIN}", f"-I{testsuite}", f"-I{include}",
                            str(src), str(lib), "-o", str(exe)],
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.stderr.write(p.stderr)
        exes[name] = exe if p.returncode == 0 else None
    return exes


def run(testsuite, exes, lib):
    """Run each program in a directory holding the decode tests' DATA files
    with lib alone (under its file name) on LD_LIBRARY_PATH.  Returns the DejaGnu
    lines: the program's own, plus `FAIL: name` where DejaGnu's
    host_execute reports the program itself (no build, a signal, a non-zero
    exit, a timeout) or where the loader would take another libsframe."""
    testsuite, soname = pathlib.Path(testsuite), pathlib.Path(lib).name
    lib = pathlib.Path(lib).resolve()
    lines = []
    with tempfile.TemporaryDirectory() as rundir:
        for data in sorted((testsuite / "libsframe.decode").glob("DATA*")):
            os.symlink(data, pathlib.Path(rundir) / data.name)
        # the library alone: a stock library's own directory holds a libc
        # newer than this system's
        libdir = pathlib.Path(rundir) / "lib"
        libdir.mkdir()
        os.symlink(lib, libdir / soname)
        env = dict(os.environ, LD_LIBRARY_PATH=str(libdir))
        for name, exe in exes.items():
            if exe is None:
                lines.append(f"FAIL: {name} (does not build)")
                continue
            got = loaded_libsframe(exe, libdir)
            if got != lib:
                lines.append(f"FAIL: {name} (loads {got}, not {lib})")
                continue
            try:
                p = subprocess.run([str(exe)], cwd=rundir, env=env, capture_output=True,
                                   text=True, errors="replace", timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                lines.append(f"FAIL: {name} (timeout)")
                continue
            lines += [ln for ln in p.stdout.splitlines() if re.match(r"(PASS|FAIL): ", ln)]
            if p.returncode != 0:
                lines.append(f"FAIL: {name} (exit status {p.returncode})")
    return lines


def run_suite(testsuite, include, lib, builddir):
    return run(testsuite, build(testsuite, include, lib, builddir), lib)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--testsuite", required=True, help="libsframe/testsuite of a binutils tree")
    ap.add_argument("--include", required=True, help="directory of that ABI's sframe-api.h")
    ap.add_argument("--lib", required=True, help="the libsframe.so.N under test")
    ap.add_argument("--build", help="where the programs go (default: a temporary directory)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        lines = run_suite(a.testsuite, a.include, a.lib, a.build or tmp)
    print("\n".join(lines))
    npass = sum(ln.startswith("PASS: ") for ln in lines)
    nfail = len(lines) - npass
    print(f"\n# of expected passes\t\t{npass}")
    if nfail:
        print(f"# of unexpected failures\t{nfail}")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
