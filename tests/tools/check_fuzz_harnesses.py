#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_fuzz_harnesses.py MAKE_HARNESSES HAVE_LIBSFRAME [OWN_REPLAY]

Every harness in fuzz/ (a fuzz_*.c that defines LLVMFuzzerTestOneInput) is
built everywhere a harness list exists:
  - fuzz/oss-fuzz/build.sh, run for real with OSS-Fuzz's variables and a
    stub compiler that only creates its -o file (and logs its arguments):
    $OUT/fuzz_<h> with its _seed_corpus.zip, .dict and .options, unless
    build.sh's not_built names it, linked from an object of every source
    of the library and the printers (src/{common,sframe,lookup,cfi,elf,
    fmt}/*.c) and, for diff_libsframe_safe<N>, of every src/compat/*.c
    compiled at that harness's ABI (N, or 3) and at no other;
  - mk/fuzz.mk's FUZZ_HARNESSES (MAKE_HARNESSES; diff_libsframe only when
    GNU libsframe is installed, HAVE_LIBSFRAME=1), and make has a rule for
    each one's real fuzzer builds (`make -n`: build/fuzz/libfuzzer/,
    afl/ and afl-cmplog/fuzz_<h>, what `make fuzz` builds);
  - the replay driver's TARGETS (fuzz/regression_driver.c), unless
    mk/fuzz.mk replays it with a driver binary of its own (OWN_REPLAY:
    harnesses whose objects cannot share a program with the others).
Exit 1 with one line per omission."""
import os
import re
import stat
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFINES = re.compile(r"^\s*int\s+LLVMFuzzerTestOneInput\s*\(", re.M)

STUB = """#!/bin/sh
# Stub compiler: logs its arguments, creates the file after -o, compiles
# nothing.
echo "$*" >> "$STUB_LOG"
while [ $# -gt 0 ]; do
  if [ "$1" = -o ]; then : > "$2"; exit 0; fi
  shift
done
exit 0
"""


def harnesses():
    out = []
    for name in sorted(os.listdir(os.path.join(REPO, "fuzz"))):
        if name.startswith("fuzz_") and name.endswith(".c"):
            with open(os.path.join(REPO, "fuzz", name), encoding="utf-8") as f:
                if DEFINES.search(f.read()):
                    out.append(name[len("fuzz_"):-2])
    return out


def not_built():
    with open(os.path.join(REPO, "fuzz/oss-fuzz/build.sh"), encoding="utf-8") as f:
        m = re.search(r'^not_built="([^"]*)"', f.read(), re.M)
    return set(m.group(1).split()) if m else set()


def ossfuzz_outputs(tmp):
    stub = os.path.join(tmp, "cc")
    with open(stub, "w", encoding="utf-8") as f:
        f.write(STUB)
    os.chmod(stub, stat.S_IRWXU)
    env = dict(os.environ)
    for d in ("out", "work", "src"):
        os.mkdir(os.path.join(tmp, d))
    os.symlink(REPO, os.path.join(tmp, "src", "sframe-validate"))
    env.update(CC=stub, CXX=stub, CFLAGS="", CXXFLAGS="", SANITIZER="address",
               STUB_LOG=os.path.join(tmp, "cc.log"),
               LIB_FUZZING_ENGINE="-fsanitize=fuzzer",
               OUT=os.path.join(tmp, "out"), WORK=os.path.join(tmp, "work"),
               SRC=os.path.join(tmp, "src"))
    r = subprocess.run(["bash", os.path.join(REPO, "fuzz/oss-fuzz/build.sh")],
                       env=env, capture_output=True, text=True, check=False)
    if r.returncode != 0:
        sys.exit("check-fuzz-harnesses: build.sh failed with a stub compiler:\n" + r.stderr)
    with open(os.path.join(tmp, "cc.log"), encoding="utf-8") as f:
        log = f.read().splitlines()
    return set(os.listdir(os.path.join(tmp, "out"))), log


LIB_DIRS = ("common", "sframe", "lookup", "cfi", "elf", "fmt")
ABI = re.compile(r"-DSFV_COMPAT_ABI=(\d)")


def link_omissions(log, out_dir):
    """What build.sh's link of each $OUT/fuzz_<h> lacks (from the stub's
    log): an object of a library source, or of a src/compat source at the
    harness's ABI; or a src/compat object of another ABI it links."""
    made = {}                                   # object -> (source, ABI or None)
    links = {}                                  # harness -> its objects
    for line in log:
        args = line.split()
        if "-o" not in args:
            continue
        o = args[args.index("-o") + 1]
        if "-c" in args:
            src = args[args.index("-c") + 1]
            m = ABI.search(line)
            made[o] = (src, m.group(1) if m else None)
        elif os.path.dirname(o) == out_dir:
            links[os.path.basename(o)[len("fuzz_"):]] = [a for a in args if a in made]
    srcs = {os.path.join("src", d, f) for d in LIB_DIRS
            for f in os.listdir(os.path.join(REPO, "src", d)) if f.endswith(".c")}
    compat = {os.path.join("src/compat", f) for f in os.listdir(os.path.join(REPO, "src/compat"))
              if f.endswith(".c")}
    bad = []
    for h, objs in sorted(links.items()):
        got = {made[o] for o in objs}
        have = {s for s, _ in got}
        for s in sorted(srcs - have):
            bad.append(f"fuzz/oss-fuzz/build.sh links fuzz_{h} without {s}")
        m = re.fullmatch(r"diff_libsframe_safe(\d?)", h)
        if m:
            abi = m.group(1) or "3"
            for s in sorted(compat - {s for s, a in got if a == abi}):
                bad.append(f"fuzz/oss-fuzz/build.sh links fuzz_{h} without {s} at ABI {abi}")
        for s, a in sorted(x for x in got if x[1] is not None and x[0] in compat):
            if not m or a != (m.group(1) or "3"):
                bad.append(f"fuzz/oss-fuzz/build.sh links fuzz_{h} with {s} at ABI {a}")
    return bad


def fuzzer_builds(harnesses):
    """The harnesses make cannot build for libFuzzer or AFL++ (make -n
    fails on their binaries), with make's complaint."""
    build = os.environ.get("BUILD", "build")
    bad = []
    for h in harnesses:
        targets = [f"{build}/fuzz/{cfg}/fuzz_{h}" for cfg in ("libfuzzer", "afl", "afl-cmplog")]
        r = subprocess.run(["make", "-n", "-s", "--no-print-directory"] + targets, cwd=REPO,
                           capture_output=True, text=True, check=False)
        if r.returncode != 0:
            bad.append(f"{h}: {r.stderr.strip().splitlines()[-1] if r.stderr.strip() else r.returncode}")
    return bad


def main():
    make_list = set(sys.argv[1].split())
    have_libsframe = sys.argv[2] == "1"
    own_replay = set(sys.argv[3].split()) if len(sys.argv) > 3 else set()
    hs = harnesses()
    if not hs:
        sys.exit("check-fuzz-harnesses: no harness found in fuzz/")
    with open(os.path.join(REPO, "fuzz/regression_driver.c"), encoding="utf-8") as f:
        m = re.search(r"#define TARGETS\(X\)((?:.*\\\n)*.*)", f.read())
    replay = set(re.findall(r"X\((\w+)\)", m.group(1))) if m else set()
    skip = not_built()
    with tempfile.TemporaryDirectory() as tmp:
        out, log = ossfuzz_outputs(tmp)
        bad = link_omissions(log, os.path.join(tmp, "out"))
    for h in hs:
        if h not in skip:
            for f in (f"fuzz_{h}", f"fuzz_{h}_seed_corpus.zip", f"fuzz_{h}.dict",
                      f"fuzz_{h}.options"):
                if f not in out:
                    bad.append(f"fuzz/oss-fuzz/build.sh does not produce {f}")
        if h not in make_list and (h != "diff_libsframe" or have_libsframe):
            bad.append(f"mk/fuzz.mk: FUZZ_HARNESSES lacks {h}")
        if h not in replay and h not in own_replay:
            bad.append(f"fuzz/regression_driver.c: TARGETS lacks {h}")
    built = [h for h in hs if h in make_list]
    for line in fuzzer_builds(built):
        bad.append("mk/fuzz.mk cannot build the libFuzzer/AFL++ binaries of " + line)
    for line in bad:
        print("check-fuzz-harnesses: " + line, file=sys.stderr)
    if bad:
        return 1
    print(f"check-fuzz-harnesses: {len(hs)} harnesses; make has libFuzzer and AFL++ "
          f"builds of {len(built)}; build.sh builds all but "
          f"{' '.join(sorted(skip)) or 'none'}; make and the replay driver all"
          f"{' (own driver: ' + ' '.join(sorted(own_replay)) + ')' if own_replay else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
