#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run GNU binutils' own SFrame tests with sid (2.47.50), trixie (2.44) and
bookworm (2.40) binutils and check every file they produce with
sframe-validate.

Usage: binutils_suite.py --out DIR [--sfv BIN] [--subset] [--toolchains sid,trixie,bookworm]

Tests (binutils-source of the peers' sid version, scripts/install-deps.sh
binutils-src): gas/testsuite/gas/cfi-sframe (the run_dump_test list of
cfi-sframe.exp, per target block), ld/testsuite/ld-sframe (every .d, all
three targets), the sframe tests of ld-x86-64, ld-aarch64, ld-s390 (their
.exp's run_dump_test "sframe-*"), and the link tests the .exp files write
inline (pr32769, pr32789-1, pr33401, sframe-reloc-2, sframe-x32).

Each .d is run as binutils' run_dump_test does: every #source (or the .d's
own .s) assembled with #as, linked with #ld (-L the test directory, so -T
scripts are found) when there is one.  An #error test must make as fail.
Older assemblers refuse options (--gsframe-3) or directives: recorded as
'as-refused', never a failure.  With sid tools the .d's #objdump/#readelf
expectation is checked with binutils' regexp_diff (the .d files are written
for sid's version).

Every produced ELF (each distinct .o and the link output) is validated and
its --dump compared with the same toolchain's objdump --sframe.  Writes
OUT/results.json: {"tests": [...], "files": [...]} (see rwlib.check_file).
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rwlib  # noqa: E402

ARCHES = ("x86_64", "aarch64", "s390x")
# The subset `make test` runs: a few of each suite, on every toolchain.
SUBSET = re.compile(r"cfi-sframe-(common-(1|5|10)|x86_64-(1|signal-1|empty-1)|aarch64-(1|pac-ab-key-1|ra-undefined-1)"
                    r"|s390x-(1|fpra-offset-1))$|ld-sframe/(pr32769|discard|sframe-empty)$|"
                    r"ld-x86-64/sframe-(simple-1|pltgot-1|ibt-plt-1|link-1|reloc-2)$|"
                    r"ld-(aarch64|s390)/sframe-simple-1$|libsframe/")


def parse_d(path):
    """Options (#key: value lines before the body) and body lines of a .d."""
    opts = {"source": []}
    body = []
    in_opts = True
    lines = pathlib.Path(path).read_text(errors="replace").splitlines()
    for line in lines:
        m = re.match(r"#\s*([a-z_]+)\s*:\s*(.*)$", line) if in_opts else None
        if m and m.group(1) in ("as", "ld", "source", "objdump", "readelf", "name",
                                "warning", "error", "target", "notarget", "xfail",
                                "ld_after_inputs", "objcopy_linked_file", "nm",
                                "alltargets", "skip", "error_output", "warning_output"):
            k, v = m.group(1), m.group(2).strip()
            if k == "source":
                opts["source"].append(v)
            else:
                opts[k] = v
            continue
        if in_opts and (line.startswith("##") or line.strip() == ""):
            continue
        in_opts = False
    # regexp_diff reads the whole .d: option lines are # comments there
    return opts, lines


def exp_tests(exp, prefix=""):
    """[(name, arches)] of run_dump_test calls in a .exp, with the arches of
    the `istarget` block around them."""
    out = []
    arches = ARCHES
    for line in exp.read_text().splitlines():
        if "istarget" in line:
            got = tuple(a for a, pat in (("x86_64", "x86_64"), ("aarch64", "aarch64"),
                                         ("s390x", "s390x")) if pat in line)
            if got:
                arches = got
        m = re.search(r'run_dump_test\s+"([^"]+)"', line)
        if m and m.group(1).startswith(prefix):
            out.append((m.group(1), arches))
    return out


def discover(src):
    """[(suite/test, dir, d-file-or-None, arches)]"""
    tests = []
    gas = src / "gas/testsuite/gas/cfi-sframe"
    for name, arches in exp_tests(gas / "cfi-sframe.exp"):
        tests.append((f"cfi-sframe/{name}", gas, gas / f"{name}.d", arches))
    lds = src / "ld/testsuite/ld-sframe"
    for d in sorted(lds.glob("*.d")):
        tests.append((f"ld-sframe/{d.stem}", lds, d, ARCHES))
    for sub, exp, arch in (("ld-x86-64", "x86-64.exp", "x86_64"),
                           ("ld-aarch64", "aarch64-elf.exp", "aarch64"),
                           ("ld-s390", "s390.exp", "s390x")):
        dd = src / "ld/testsuite" / sub
        for name, _ in exp_tests(dd / exp, "sframe-"):
            tests.append((f"{sub}/{name}", dd, dd / f"{name}.d", (arch,)))
    # link tests the .exp files write inline (not .d files)
    for name, arches in (("ld-sframe/pr32769", ARCHES), ("ld-sframe/pr32789-1", ARCHES),
                         ("ld-sframe/pr33401", ("x86_64",)),
                         ("ld-x86-64/sframe-reloc-2", ("x86_64",)),
                         ("ld-x86-64/sframe-x32", ("x86_64",))):
        dd = src / "ld/testsuite" / name.split("/")[0]
        tests.append((name, dd, None, arches))
    return tests


class Runner:
    def __init__(self, args, env):
        self.args, self.env = args, env
        self.sfv = args.sfv
        self.files, self.tests = [], []
        self.seen = set()
        self.xfail = rwlib.load_xfail()

    def bindir(self, tc, arch):
        return self.env.get(f"BIN_{tc.upper()}_{arch.upper()}", "")

    def cc(self, arch):
        return {"x86_64": "gcc", "aarch64": "aarch64-linux-gnu-gcc",
                "s390x": "s390x-linux-gnu-gcc"}[arch]

    # one produced file
    def check(self, tc, arch, test, path, kind, expected_rules=()):
        b = self.bindir(tc, arch)
        h = (tc, arch, rwlib.sha(path))
        if h in self.seen:
            return
        self.seen.add(h)
        key = f"binutils/{test}/{tc}/{arch}/{path.name}"
        meta = dict(producer="gnu-binutils-tests", toolchain=tc, arch=arch, test=test,
                    kind=kind, version_tool=self.env.get(f"{tc.upper()}_AS_VERSION", ""),
                    shape="binutils-testsuite", expected_rules=list(expected_rules))
        rec = rwlib.check_file(self.sfv, f"{b}/objdump", self.env["BIN_SID_X86_64"] + "/readelf",
                               path, rwlib.LAYOUT[tc], key, meta)
        rwlib.classify(rec, self.xfail)
        self.files.append(rec)

    def result(self, test, tc, arch, status, detail="", dexp="n/a"):
        self.tests.append(dict(test=test, toolchain=tc, arch=arch, status=status,
                               detail=detail[-400:], dexp=dexp))

    def assemble(self, tc, arch, src, asflags, out, cwd):
        b = self.bindir(tc, arch)
        flags = asflags.split()
        if arch == "x86_64" and "--64" not in flags and "--x32" not in flags:
            flags = ["--64"] + flags
        return rwlib.run([f"{b}/as", *flags, "-o", out, src], cwd=cwd)

    def run_d(self, test, ddir, dfile, tc, arch, work):
        opts, body = parse_d(dfile)
        b = self.bindir(tc, arch)
        sources = opts["source"] or [dfile.stem + ".s"]
        objs = []
        warnings = ""
        expect_error = "error" in opts
        for i, s in enumerate(sources):
            parts = s.split()
            sfile, extra = parts[0], " ".join(parts[1:])
            out = work / f"{i}-{pathlib.Path(sfile).stem}.o"
            rc, so, se = self.assemble(tc, arch, ddir / sfile, opts.get("as", "") + " " + extra,
                                       out, work)
            if expect_error:
                ok = rc != 0 and re.search(rwlib._tcl_re(opts["error"]), se) is not None
                self.result(test, tc, arch, "expected-error" if ok else
                            ("as-refused" if rc != 0 else "error-not-reported"), se)
                return
            if rc != 0 or not out.exists():
                status = "as-crashed" if rc < 0 or rc > 1 or "Internal error" in se \
                    else "as-refused"
                self.result(test, tc, arch, status, se)
                return
            warnings += se
            objs.append(out)
        final = objs
        if "ld" in opts:
            out = work / "dump"
            rc, so, se = rwlib.run([f"{b}/ld", "-L", ddir, *opts["ld"].split(),
                                    *[str(o) for o in objs],
                                    *opts.get("ld_after_inputs", "").split(), "-o", out],
                                   cwd=work)
            if rc != 0 or not out.exists():
                for o in objs:
                    self.check(tc, arch, test, o, "o")
                self.result(test, tc, arch, "ld-crashed" if rc < 0 or rc > 1 else "ld-refused", se)
                return
            final = [out]
            warnings += se
        # run_dump_test: #warning must match the tools' combined stderr
        if "warning" in opts and tc == "sid" and not re.search(
                rwlib._tcl_re(opts["warning"]), warnings):
            self.result(test, tc, arch, "warning-missing", warnings)
        for o in objs:
            self.check(tc, arch, test, o, "o")
        if "ld" in opts:
            self.check(tc, arch, test, final[0], "linked")
        dexp = "n/a"
        if tc == "sid":
            dexp = self.expectation(opts, body, b, final[0], work)
        self.result(test, tc, arch, "built", dexp=dexp)

    def expectation(self, opts, body, b, path, work):
        for prog in ("objdump", "readelf"):
            if prog in opts:
                rc, out, err = rwlib.run([f"{b}/{prog}", *opts[prog].split(), path.name],
                                         cwd=work)
                ok, msg = rwlib.regexp_diff(out, body)
                return "pass" if ok else f"fail: {msg}"
        return "n/a"

    # the inline link tests of the .exp files
    def run_inline(self, test, ddir, tc, arch, work):
        b = self.bindir(tc, arch)
        name = test.split("/")[1]
        steps = []
        if name == "pr32769":
            steps = [("as", "--gsframe-3", "pr32769.s", "a.o"),
                     ("ld", ["--gc-sections", "-e", "foo", "a.o"], "pr32769")]
        elif name == "pr32789-1":
            steps = [("cc", ["-Wa,--gsframe", "-r", "-nostdlib", "pr32789-1a.c",
                             "pr32789-1b.c"], "pr32789-1.o")]
        elif name == "pr33401":
            steps = [("cxx", "StateClient.cpp", "StateClient.s"),
                     ("cxx", "StatePlaying.cpp", "StatePlaying.s"),
                     ("as", "--gsframe", "StateClient.s", "StateClient.o"),
                     ("as", "--gsframe", "StatePlaying.s", "StatePlaying.o"),
                     ("ld", ["-r", "StateClient.o", "StatePlaying.o"], "pr33401.o"),
                     ("ld", ["-r", "pr33401.o"], "pr33401-again.o")]
        elif name == "sframe-reloc-2":
            steps = [("as", "--64 --gsframe", "sframe-reloc-2a.s", "a.o"),
                     ("as", "--64 --gsframe", "sframe-reloc-2b.s", "b.o"),
                     ("ld", ["-m", "elf_x86_64", "-r", "a.o", "b.o"], "sframe-reloc-2.o"),
                     ("ld", ["-m", "elf_x86_64", "sframe-reloc-2.o"], "sframe-reloc-2")]
        elif name == "sframe-x32":
            steps = [("as", "--64 --gsframe", "sframe.s", "sframe.o"),
                     ("objcopy", ["-O", "elf32-x86-64", "sframe.o", "sframe-x32.o"], "sframe-x32.o"),
                     ("ld", ["-shared", "--hash-style=both", "--no-rosegment", "-z",
                             "separate-code", "-melf32_x86_64", "sframe-x32.o"], "sframe-x32")]
        produced = []
        for st in steps:
            if st[0] == "as":
                out = work / st[3]
                src = work / st[2] if (work / st[2]).exists() else ddir / st[2]
                rc, _, se = self.assemble(tc, arch, src, st[1], out, work)
            elif st[0] in ("cc", "cxx"):
                if st[0] == "cxx":
                    if arch != "x86_64":
                        self.result(test, tc, arch, "skipped", "no cross C++ compiler here")
                        return
                    cmd = ["g++", "-S", "-g", "-O2", "-w", ddir / st[1], "-o", st[2]]
                    out = None
                else:
                    cmd = [self.cc(arch), "-B", f"{b}/", *[a if not a.endswith(".c") else ddir / a
                                                          for a in st[1]], "-o", st[2]]
                    out = work / st[2]
                rc, _, se = rwlib.run(cmd, cwd=work)
            elif st[0] == "objcopy":
                out = work / st[2]
                rc, _, se = rwlib.run([f"{b}/objcopy", *st[1]], cwd=work)
            else:
                out = work / st[2]
                rc, _, se = rwlib.run([f"{b}/ld", "-L", ddir, *st[1], "-o", st[2]], cwd=work)
            if rc != 0:
                for p in produced:
                    self.check(tc, arch, test, p, "o" if p.suffix == ".o" else "linked")
                self.result(test, tc, arch, f"{st[0]}-refused" if 0 < rc <= 1 else f"{st[0]}-crashed", se)
                return
            if out is not None:
                produced.append(out)
        for p in produced:
            self.check(tc, arch, test, p, "o" if p.suffix == ".o" else "linked")
        self.result(test, tc, arch, "built")

    def go(self, tests, toolchains):
        out = pathlib.Path(self.args.out).resolve()
        for test, ddir, dfile, arches in tests:
            for tc in toolchains:
                for arch in arches:
                    if not self.bindir(tc, arch):
                        self.result(test, tc, arch, "no-toolchain",
                                    f"{tc} has no SFrame-capable as for {arch}")
                        continue
                    work = out / tc / arch / test
                    shutil.rmtree(work, ignore_errors=True)
                    work.mkdir(parents=True)
                    if dfile is None:
                        self.run_inline(test, ddir, tc, arch, work)
                    else:
                        self.run_d(test, ddir, dfile, tc, arch, work)

    def libsframe_data(self, src):
        """libsframe's testsuite data files (raw sections, decoded by its
        own tests: every one is valid by its authors' intent)."""
        d = src / "libsframe/testsuite/libsframe.decode"
        for f in sorted(d.glob("DATA*")):
            key = f"binutils/libsframe/{f.name}"
            rec = dict(producer="gnu-binutils-tests", toolchain="sid", arch="-",
                       test=f"libsframe/{f.name}", kind="raw", shape="libsframe-testdata",
                       version_tool="libsframe testsuite", key=key, path=str(f),
                       sha=rwlib.sha(f), sframe=True, dump="n/a", dump_detail="",
                       dump_label="raw", expected_rules=[])
            rec.update(rwlib.validate(self.sfv, f))
            rwlib.classify(rec, self.xfail)
            self.files.append(rec)
            self.result(rec["test"], "sid", "-", "built")


def libsframe_programs(runner, src, work):
    """Build libsframe's own test programs (decode, encode, find) against
    sid's libsframe.a with a DejaGnu stand-in, run them in their data
    directory, and capture every section they encode or decode
    (libsframe-shim/capture.c).  Each distinct capture is a file checked
    like the others (raw section, no address: --vma 0)."""
    env = runner.env
    shim = pathlib.Path(__file__).resolve().parent / "libsframe-shim"
    t = src / "libsframe/testsuite"
    work.mkdir(parents=True, exist_ok=True)
    seen = set()
    for c in sorted(t.glob("libsframe.*/*.c")):
        name = c.stem
        exe = work / name
        rc, _, err = rwlib.run(["gcc", "-std=gnu11", "-w", f"-I{shim}",
                                f"-I{env['SID_SFRAME_INCLUDE']}", f"-I{t}", "-o", exe, c,
                                shim / "capture.c", env["SID_LIBSFRAME_A"],
                                "-Wl,--wrap=sframe_decode,--wrap=sframe_encoder_write"])
        test = f"libsframe/{c.parent.name}/{name}"
        if rc != 0:
            runner.result(test, "sid", "-", "cc-refused", err)
            continue
        for old in work.glob(f"{name}-*.sframe"):
            old.unlink()
        # encode-1 compares its output with libsframe.decode/DATA2
        cwd = t / "libsframe.decode" if c.parent.name == "libsframe.encode" else c.parent
        rc, out, err = rwlib.run([exe], cwd=cwd, env={"SFV_CAPTURE": str(work / name)})
        runner.result(test, "sid", "-", "built" if rc == 0 else "program-failed",
                      (out + err)[-300:])
        for f in sorted(work.glob(f"{name}-*.sframe")):
            h = rwlib.sha(f)
            if h in seen:
                continue
            seen.add(h)
            key = f"binutils/{test}/sid/-/{f.name}"
            rec = dict(producer="gnu-binutils-tests", toolchain="sid", arch="-", test=test,
                       kind="raw", shape="libsframe-programs", version_tool="libsframe " +
                       env.get("SID_LIBSFRAME_DEB", ""), key=key, path=str(f), sha=h,
                       sframe=True, dump="n/a", dump_detail="", dump_label="raw",
                       expected_rules=[])
            rec.update(rwlib.validate(runner.sfv, f))
            rwlib.classify(rec, runner.xfail)
            runner.files.append(rec)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--sfv", default=str(rwlib.ROOT / "build" / "sframe-validate"))
    ap.add_argument("--subset", action="store_true")
    ap.add_argument("--toolchains", default="sid,trixie,bookworm")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    env = rwlib.load_env("peers", "binutils-src")
    src = pathlib.Path(env["BINUTILS_SRC_DIR"])
    tests = discover(src)
    if args.subset:
        tests = [t for t in tests if SUBSET.search(t[0])]
    if args.only:
        tests = [t for t in tests if re.search(args.only, t[0])]
    r = Runner(args, env)
    r.go(tests, args.toolchains.split(","))
    if not args.only or "libsframe" in args.only:
        r.libsframe_data(src)
        libsframe_programs(r, src, pathlib.Path(args.out).resolve() / "libsframe-programs")
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    doc = dict(binutils_source=env.get("BINUTILS_SRC_DEB"),
               versions={tc: env.get(f"{tc.upper()}_AS_VERSION") for tc in ("sid", "trixie", "bookworm")},
               tests=r.tests, files=r.files)
    (out / "results.json").write_text(json.dumps(doc, indent=1))
    bad = [f for f in r.files if f["unexpected"]]
    print(f"binutils_suite: {len(r.tests)} test runs, {len(r.files)} files, "
          f"{len(bad)} with unexpected errors or dump differences")
    for f in bad[:30]:
        print("  ", f["key"], f["unexpected"])


if __name__ == "__main__":
    main()
