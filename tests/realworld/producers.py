#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build SFrame output in shapes beyond `gcc -O2` C, with GNU binutils
(sid 2.47.50 = v3, trixie 2.44 = v2, bookworm 2.40 = v1) and LLVM 22 (clang,
llvm-mc, lld: v2), linked by GNU ld, ld.lld-22 and mold 3.0, and check every
file with sframe-validate.

Usage: producers.py --out DIR [--sfv BIN] [--subset] [--jobs N] [--only REGEX]

A configuration is (producer, linker, arch, shape).  Producers:
  gcc/<tc>      gcc 12 (bookworm; cross for aarch64, s390x) with `-B` the
                binutils of toolchain tc and -Wa,--gsframe
  clang22       clang-22 -Wa,--gsframe -Wa,--allow-experimental-sframe
                (x86_64 only), objects; linked by trixie GNU ld, sid GNU ld
                (refuses v2 input: recorded), ld.lld-22 and mold
  llvm-mc22     llvm-mc --gsframe on the hand-written assembly
Linkers: GNU ld of the producer's toolchain ("gnu"), and sid's mold 3.0
(gcc -fuse-ld=mold) for gcc/sid (v3 input, every arch), gcc/trixie (v2
input, x86_64) and clang22: config names gcc/<tc>+mold/... and
clang22/mold/....
Shapes: see SHAPES below; Debian source packages zlib (C), tinyxml2 (C++),
libffi (C + assembly with CFI) from bookworm's deb-src.

Built files are cached per configuration under OUT/<config>/ (a stamp of the
tool versions, the configuration, this script and the sources); checking
always reruns.  Writes OUT/results.json {"configs": [...], "files": [...]}.
"""
import argparse
import concurrent.futures as cf
import hashlib
import inspect
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rwlib  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
SRC = HERE / "src"
DEBSRC = rwlib.DEPS / "realworld" / "debsrc"
CROSS_CC = {"x86_64": "gcc", "aarch64": "aarch64-linux-gnu-gcc", "s390x": "s390x-linux-gnu-gcc"}
DEMO = ["demo_lib", "demo_main", "bigfunc", "many"]

# shape -> (compile flags, link flags, builder)
SHAPES = {
    "O0": (["-O0"], [], "demo"),
    "O2": (["-O2"], [], "demo"),
    "Os": (["-Os"], [], "demo"),
    "O3": (["-O3"], [], "demo"),
    "fno-omit-frame-pointer": (["-O2", "-fno-omit-frame-pointer"], [], "demo"),
    "ffunction-sections-gc": (["-O2", "-ffunction-sections"], ["-Wl,--gc-sections"], "demo"),
    "flto": (["-O2", "-flto"], ["-flto"], "demo"),
    "z-separate-code": (["-O2"], ["-Wl,-z,separate-code"], "demo"),
    "cet-ibt": (["-O2", "-fcf-protection=full"], ["-Wl,-z,ibt,-z,ibtplt"], "demo"),
    "static": (["-O2"], [], "static"),
    "static-pie": (["-O2"], [], "static-pie"),
    "ld-r": (["-O2"], [], "ld-r"),
    "nostdlib-shared": (["-O2"], [], "nolibc"),
    "plt-heavy": (["-O2"], [], "plt"),
    "plt-heavy-fno-plt": (["-O2", "-fno-plt"], ["-Wl,-z,now"], "plt"),
    "cxx-eh": (["-O2"], [], "cxx"),
    "asm-cfi": ([], [], "asm"),
    "pkg-zlib": (["-O2"], [], "zlib"),
    "pkg-tinyxml2": (["-O2"], [], "tinyxml2"),
    "pkg-libffi": (["-O2"], [], "libffi"),
    "icf": (["-O2", "-ffunction-sections"], ["-Wl,--icf=all"], "demo"),
    "empty-sframe": (["-O2"], [], "empty-sframe"),
}
X86_ONLY = {"cet-ibt"}
# shapes only some linkers can make (GNU ld has no --icf)
LINKER_ONLY = {"icf": {"mold"}}
# mold run through sid's loader cannot re-execute itself, which it does
# for a GCC LTO plugin link: "-plugin: error while loading shared libraries"
MOLD_CANNOT = {"flto"}
MOLD_TRIXIE_SHAPES = ["O2", "static", "ld-r", "empty-sframe"]
NEEDS_CXX = {"cxx-eh", "pkg-tinyxml2"}
CLANG_SHAPES = ["O0", "O2", "Os", "O3", "fno-omit-frame-pointer", "ffunction-sections-gc",
                "cxx-eh", "asm-cfi", "plt-heavy", "nostdlib-shared", "pkg-zlib",
                "pkg-tinyxml2", "pkg-libffi", "empty-sframe"]
# `make test`: a representative subset (every producer, the riskiest shapes)
SUBSET = re.compile(r"^(gcc/sid/x86_64/(O0|cet-ibt|nostdlib-shared|cxx-eh|asm-cfi|ld-r|static-pie|plt-heavy)"
                    r"|gcc/sid/aarch64/(O2|asm-cfi)|gcc/sid/s390x/(O2|asm-cfi)"
                    r"|gcc/trixie/x86_64/(nostdlib-shared|cet-ibt)|gcc/bookworm/x86_64/nostdlib-shared"
                    r"|gcc/trixie/aarch64/asm-cfi"
                    r"|clang22/[^/]+/x86_64/(O2|cxx-eh|asm-cfi|plt-heavy)|llvm-mc22/none/x86_64/asm-cfi"
                    r"|gcc/sid\+mold/x86_64/(O2|static-pie|ld-r|ffunction-sections-gc|icf|empty-sframe"
                    r"|cet-ibt|plt-heavy|asm-cfi)|gcc/sid\+mold/(aarch64|s390x)/O2"
                    r"|gcc/sid/x86_64/empty-sframe|gcc/trixie\+mold/x86_64/empty-sframe)$")


class BuildError(Exception):
    pass


# ------------------------------------------------------------ Debian sources
def debsrc(pkg):
    """Unpacked bookworm source package (dpkg-source -x), cached."""
    src = DEBSRC / "src"
    got = sorted(src.glob(f"{pkg}_*")) if src.exists() else []
    got = [g for g in got if g.is_dir()]
    if got:
        return got[0]
    a = DEBSRC / "apt"
    (a / "lists" / "partial").mkdir(parents=True, exist_ok=True)
    (a / "cache" / "archives" / "partial").mkdir(parents=True, exist_ok=True)
    (a / "src.sources").write_text(
        "Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\n"
        "Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n")
    ao = ["-o", f"Dir::Etc::sourcelist={a}/src.sources", "-o", "Dir::Etc::sourceparts=/dev/null",
          "-o", f"Dir::State::Lists={a}/lists", "-o", f"Dir::Cache={a}/cache",
          "-o", "APT::Sandbox::User=root"]
    if not list((a / "lists").glob("*Sources*")):
        subprocess.run(["apt-get", *ao, "-q", "update"], check=True, stdout=subprocess.DEVNULL)
    dl = DEBSRC / "dl"
    dl.mkdir(parents=True, exist_ok=True)
    subprocess.run(["apt-get", *ao, "-q", "source", "--download-only", pkg], cwd=dl, check=True,
                   stdout=subprocess.DEVNULL)
    dsc = sorted(dl.glob(f"{pkg}_*.dsc"))[-1]
    src.mkdir(parents=True, exist_ok=True)
    subprocess.run(["dpkg-source", "--no-check", "-x", str(dsc), str(src / dsc.stem)],
                   check=True, stdout=subprocess.DEVNULL)
    return src / dsc.stem


def libffi_config(arch):
    """fficonfig.h / ffi.h / ffitarget.h of libffi's configure for arch (cached)."""
    d = DEBSRC / f"libffi-config-{arch}"
    if (d / "include" / "ffi.h").exists():
        return d
    top = debsrc("libffi")
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    host = {"x86_64": "x86_64-linux-gnu", "aarch64": "aarch64-linux-gnu",
            "s390x": "s390x-linux-gnu"}[arch]
    r = subprocess.run([str(top / "configure"), f"--host={host}", "--disable-docs",
                        f"CC={CROSS_CC[arch]}"], cwd=d, capture_output=True, text=True)
    if r.returncode != 0 or not (d / "include" / "ffi.h").exists():
        raise BuildError(f"libffi configure for {arch} failed: {r.stdout[-300:]}{r.stderr[-300:]}")
    return d


# ------------------------------------------------------------ one configuration
class Config:
    def __init__(self, name, producer, linker, arch, shape, env, out):
        self.name, self.producer, self.linker, self.arch, self.shape = name, producer, linker, arch, shape
        self.env, self.dir = env, out / name
        self.files = []  # (path, kind, expected_rules)
        self.log = []
        self.status = "built"
        self.detail = ""

    # tools
    def gnu_bindir(self, tc):
        return self.env.get(f"BIN_{tc.upper()}_{self.arch.upper()}", "")

    def sh(self, cmd, cwd=None):
        self.log.append(" ".join(map(str, cmd)))
        rc, out, err = rwlib.run(cmd, cwd=cwd or self.dir, timeout=600)
        if rc != 0:
            raise BuildError(f"{' '.join(map(str, cmd))[:300]}\n-> exit {rc}: {err[-600:]}")
        for line in err.splitlines():
            if "sframe" in line.lower() and line not in self.detail:
                self.detail += line[-300:] + "\n"   # e.g. sid ld ignoring v2 input
        return err

    def compilers(self, cflags):
        """(cc, cxx, link-driver) command prefixes."""
        mold = ["-B", f"{self.env.get('BIN_MOLD', '')}/", "-fuse-ld=mold"]
        if self.producer.startswith("gcc/"):
            b = self.gnu_bindir(self.producer.split("/")[1])
            base = ["-B", f"{b}/", "-Wa,--gsframe", "-g0", *cflags]
            cxx = ["g++", *base] if self.arch == "x86_64" else None
            cc = [CROSS_CC[self.arch], *base]
            if self.linker == "mold":
                return cc, cxx and [*cxx, *mold], [*cc, *mold]
            return cc, cxx, cc
        sf = ["-Wa,--gsframe", "-Wa,--allow-experimental-sframe", "-g0", *cflags]
        cc = [self.env["CLANG22"], *sf]
        cxx = [self.env["CLANGXX22"], *sf]
        if self.linker == "trixie-ld":
            link = ["gcc", "-B", f"{self.env['BIN_TRIXIE_X86_64']}/", *cflags]
        elif self.linker == "sid-ld":
            link = ["gcc", "-B", f"{self.env['BIN_SID_X86_64']}/", *cflags]
        elif self.linker == "mold":
            link = ["gcc", *mold, *cflags]
        else:
            link = ["gcc", "-B", f"{self.env['BIN_LLVM22']}/", "-fuse-ld=lld", *cflags]
        return cc, cxx, link

    def add(self, path, kind):
        exp = []
        if self.linker == "lld" and kind != "o":
            # lld concatenates .sframe inputs and writes no PT_GNU_SFRAME:
            # both are reported, rightly (docs/FINDINGS.md)
            exp = ["concatenated-sections", "elf-no-pt-sframe"]
        self.files.append((str(path), kind, exp))

    def objects_only(self):
        return self.linker in ("none", "objects")

    # builders ---------------------------------------------------------------
    def build(self):
        if self.linker == "mold" and self.shape in MOLD_CANNOT:
            raise BuildError("skipped: mold through sid's loader cannot re-execute itself "
                             "(GCC LTO plugin link)")
        cflags, ldflags, kind = SHAPES[self.shape]
        cc, cxx, link = self.compilers(cflags)
        getattr(self, "b_" + kind.replace("-", "_"))(cc, cxx, link, ldflags)

    def compile(self, cc, src, obj, *extra):
        if not self.producer.startswith("gcc/") and str(src).endswith(".S"):
            # clang run through sid's loader cannot spawn its own -cc1 (it
            # re-executes /proc/self/exe, the loader): preprocess, then assemble
            self.sh([*cc, *extra, "-E", src, "-o", obj + ".s"])
            src = obj + ".s"
        self.sh([*cc, "-fPIC", *extra, "-c", src, "-o", obj])
        if self.objects_only() or (self.producer.startswith("gcc/") and self.linker == "gnu"):
            self.add(self.dir / obj, "o")   # a mold configuration's objects are the gnu one's
        return obj

    def b_demo(self, cc, cxx, link, ldflags):
        objs = [self.compile(cc, SRC / f"{f}.c", f"{f}.o") for f in DEMO]
        if self.objects_only():
            return
        self.sh([*link, "-shared", *ldflags, "-o", "libdemo.so", "demo_lib.o"])
        self.add(self.dir / "libdemo.so", "so")
        self.sh([*link, *ldflags, "-o", "demo", "demo_main.o", "bigfunc.o", "many.o", "-L.",
                 "-ldemo", "-Wl,-rpath,$ORIGIN"])
        self.add(self.dir / "demo", "exe")
        del objs

    def b_empty_sframe(self, cc, cxx, link, ldflags):
        """The demo linked with two extra inputs whose .sframe is zero bytes
        (SHT_GNU_SFRAME and PROGBITS), next to SFrame of the producer's
        version."""
        for f in DEMO:
            self.compile(cc, SRC / f"{f}.c", f"{f}.o")
        empties = [self.compile(cc, SRC / "empty" / f"{e}.s", f"{e}.o")
                   for e in ("sframe_gnu", "sframe_progbits")]
        if self.objects_only():
            return
        self.sh([*link, "-shared", *ldflags, "-o", "libdemo.so", "demo_lib.o", *empties])
        self.add(self.dir / "libdemo.so", "so")
        self.sh([*link, *ldflags, "-o", "demo", "demo_main.o", *empties, "bigfunc.o", "many.o",
                 "-L.", "-ldemo", "-Wl,-rpath,$ORIGIN"])
        self.add(self.dir / "demo", "exe")

    def b_static(self, cc, cxx, link, ldflags, pie=False):
        for f in DEMO:
            self.compile(cc, SRC / f"{f}.c", f"{f}.o")
        if self.objects_only():
            return
        flag = "-static-pie" if pie else "-static"
        self.sh([*link, flag, *ldflags, "-o", "demo-static", *[f"{f}.o" for f in DEMO]])
        self.add(self.dir / "demo-static", "static")

    def b_static_pie(self, cc, cxx, link, ldflags):
        self.b_static(cc, cxx, link, ldflags, pie=True)

    def b_ld_r(self, cc, cxx, link, ldflags):
        for f in DEMO:
            self.compile(cc, SRC / f"{f}.c", f"{f}.o")
        if self.objects_only():
            return
        self.sh([*link, "-r", "-nostdlib", "-o", "combined.o", "demo_main.o", "bigfunc.o", "many.o",
                 "demo_lib.o"])
        self.add(self.dir / "combined.o", "o-r")
        self.sh([*link, "-o", "demo", "combined.o"])
        self.add(self.dir / "demo", "exe")

    def b_nolibc(self, cc, cxx, link, ldflags):
        self.compile(cc, SRC / "extra" / "nolibc.c", "nolibc.o")
        if self.objects_only():
            return
        self.sh([*link, "-shared", "-nostdlib", *ldflags, "-o", "libnolibc.so", "nolibc.o"])
        self.add(self.dir / "libnolibc.so", "so")

    def b_plt(self, cc, cxx, link, ldflags):
        self.compile(cc, SRC / "extra" / "plt_heavy.c", "plt_heavy.o")
        self.compile(cc, SRC / "extra" / "ext_defs.c", "ext_defs.o")
        if self.objects_only():
            return
        self.sh([*link, "-shared", *ldflags, "-o", "libext.so", "ext_defs.o"])
        self.sh([*link, "-shared", *ldflags, "-o", "libplt.so", "plt_heavy.o", "-L.", "-lext",
                 "-lm"])
        self.add(self.dir / "libplt.so", "so")

    def b_cxx(self, cc, cxx, link, ldflags):
        if cxx is None:
            raise BuildError("skipped: no C++ cross compiler for " + self.arch)
        self.compile(cxx, SRC / "extra" / "cxx_demo.cpp", "cxx_demo.o")
        if self.objects_only():
            return
        self.sh([*link, *ldflags, "-o", "cxx_demo", "cxx_demo.o", "-lstdc++", "-lm"])
        self.add(self.dir / "cxx_demo", "exe")
        self.sh([*link, "-shared", *ldflags, "-o", "libcxx_demo.so", "cxx_demo.o", "-lstdc++"])
        self.add(self.dir / "libcxx_demo.so", "so")

    def b_asm(self, cc, cxx, link, ldflags):
        src = SRC / "asm" / f"{self.arch}_cfi.s"
        if self.producer == "llvm-mc22":
            self.sh([self.env["LLVM_MC22"], "--gsframe", "-filetype=obj",
                     "-triple=x86_64-linux-gnu", "-o", "asm.o", src])
            self.add(self.dir / "asm.o", "o")
            return
        self.compile(cc, src, "asm.o")
        # libffi's hand-written assembly of this architecture (with its CFI)
        cfg = libffi_config(self.arch)
        top = debsrc("libffi")
        asms = {"x86_64": ["src/x86/unix64.S", "src/x86/win64.S"],
                "aarch64": ["src/aarch64/sysv.S"], "s390x": ["src/s390/sysv.S"]}[self.arch]
        inc = [f"-I{cfg}", f"-I{cfg}/include", f"-I{top}/include", f"-I{top}/src/{ {'x86_64': 'x86', 'aarch64': 'aarch64', 's390x': 's390'}[self.arch]}"]
        objs = ["asm.o"]
        for a in asms:
            o = pathlib.Path(a).stem + "-ffi.o"
            self.compile(cc, top / a, o, *inc)
            objs.append(o)
        if self.objects_only():
            return
        self.sh([*link, "-shared", "-nostdlib", *ldflags, "-o", "libasm.so", *objs])
        self.add(self.dir / "libasm.so", "so")

    def b_zlib(self, cc, cxx, link, ldflags):
        top = debsrc("zlib")
        objs = []
        for f in sorted(top.glob("*.c")):
            objs.append(self.compile(cc, f, f.stem + ".o", "-D_LARGEFILE64_SOURCE=1", "-DHAVE_HIDDEN",
                                     "-DZ_HAVE_UNISTD_H", "-DZ_HAVE_STDARG_H", f"-I{top}"))
        self.compile(cc, top / "test" / "example.c", "example.o", f"-I{top}")
        if self.objects_only():
            return
        self.sh([*link, "-shared", "-Wl,-soname,libz.so.1", *ldflags, "-o", "libz.so", *objs])
        self.add(self.dir / "libz.so", "so")
        self.sh([*link, *ldflags, "-o", "zexample", "example.o", "-L.", "-lz", "-Wl,-rpath,$ORIGIN"])
        self.add(self.dir / "zexample", "exe")

    def b_tinyxml2(self, cc, cxx, link, ldflags):
        if cxx is None:
            raise BuildError("skipped: no C++ cross compiler for " + self.arch)
        top = debsrc("tinyxml2")
        self.compile(cxx, top / "tinyxml2.cpp", "tinyxml2.o", f"-I{top}")
        self.compile(cxx, top / "xmltest.cpp", "xmltest.o", f"-I{top}")
        if self.objects_only():
            return
        self.sh([*link, "-shared", *ldflags, "-o", "libtinyxml2.so", "tinyxml2.o", "-lstdc++"])
        self.add(self.dir / "libtinyxml2.so", "so")
        self.sh([*link, *ldflags, "-o", "xmltest", "xmltest.o", "-L.", "-ltinyxml2", "-lstdc++",
                 "-Wl,-rpath,$ORIGIN"])
        self.add(self.dir / "xmltest", "exe")

    def b_libffi(self, cc, cxx, link, ldflags):
        cfg = libffi_config(self.arch)
        top = debsrc("libffi")
        sub = {"x86_64": "x86", "aarch64": "aarch64", "s390x": "s390"}[self.arch]
        srcs = ["src/prep_cif.c", "src/types.c", "src/raw_api.c", "src/java_raw_api.c",
                "src/closures.c", "src/tramp.c"]
        srcs += {"x86_64": ["src/x86/ffi64.c", "src/x86/ffiw64.c", "src/x86/unix64.S",
                            "src/x86/win64.S"],
                 "aarch64": ["src/aarch64/ffi.c", "src/aarch64/sysv.S"],
                 "s390x": ["src/s390/ffi.c", "src/s390/sysv.S"]}[self.arch]
        inc = [f"-I{cfg}", f"-I{cfg}/include", f"-I{top}/include", f"-I{top}/src/{sub}",
               f"-I{top}/src"]
        if not self.producer.startswith("gcc/"):
            inc.append("-Wno-error=implicit-function-declaration")  # tramp.c; clang >= 16
        objs = [self.compile(cc, top / s, pathlib.Path(s).stem + ".o", *inc) for s in srcs]
        if self.objects_only():
            return
        self.sh([*link, "-shared", *ldflags, "-o", "libffi.so", *objs])
        self.add(self.dir / "libffi.so", "so")


def all_configs(env):
    """[(name, producer, linker, arch, shape)]"""
    out = []
    for tc in ("sid", "trixie", "bookworm"):
        for arch in ("x86_64", "aarch64", "s390x"):
            if not env.get(f"BIN_{tc.upper()}_{arch.upper()}"):
                continue
            for shape in SHAPES:
                if shape in X86_ONLY and arch != "x86_64":
                    continue
                if shape in LINKER_ONLY:
                    continue
                if shape == "O2":
                    continue  # in build-corpus.sh already
                out.append((f"gcc/{tc}/{arch}/{shape}", f"gcc/{tc}", "gnu", arch, shape))
    if env.get("BIN_MOLD"):
        for arch in ("x86_64", "aarch64", "s390x"):
            for shape in SHAPES:
                if shape in X86_ONLY and arch != "x86_64":
                    continue
                out.append((f"gcc/sid+mold/{arch}/{shape}", "gcc/sid", "mold", arch, shape))
        for shape in MOLD_TRIXIE_SHAPES:
            out.append((f"gcc/trixie+mold/x86_64/{shape}", "gcc/trixie", "mold", "x86_64", shape))
    for shape in CLANG_SHAPES:
        for linker in ("objects", "trixie-ld", "sid-ld", "lld") + (("mold",) if env.get("BIN_MOLD") else ()):
            out.append((f"clang22/{linker}/x86_64/{shape}", "clang22", linker, "x86_64", shape))
    out.append(("llvm-mc22/none/x86_64/asm-cfi", "llvm-mc22", "none", "x86_64", "asm-cfi"))
    return out


def stamp_of(cfg, env):
    """Cache key of a configuration's build: tool versions, the configuration,
    the code that builds it (its builder, compile, compilers, add) and every
    source file.  Editing the checks or reports never rebuilds."""
    h = hashlib.sha256()
    h.update(repr(cfg).encode())
    h.update(repr(SHAPES[cfg[4]]).encode())
    for k in sorted(env):
        if k.endswith("_VERSION") or k.endswith("_DEB"):
            h.update(f"{k}={env[k]}".encode())
    kind = SHAPES[cfg[4]][2].replace("-", "_")
    for fn in (getattr(Config, "b_" + kind), Config.compile, Config.compilers, Config.add,
               Config.sh):
        h.update(inspect.getsource(fn).encode())
    if kind == "static_pie":
        h.update(inspect.getsource(Config.b_static).encode())
    for f in sorted(SRC.rglob("*")):
        if f.is_file():
            h.update(f.read_bytes())
    return h.hexdigest()


def build_config(cfgt, env, out):
    name, producer, linker, arch, shape = cfgt
    c = Config(name, producer, linker, arch, shape, env, out)
    stamp = stamp_of(cfgt, env)
    sf = c.dir / "stamp.json"
    if sf.exists():
        old = json.loads(sf.read_text())
        if old.get("stamp") == stamp:
            return classify_status(old)
    shutil.rmtree(c.dir, ignore_errors=True)
    c.dir.mkdir(parents=True)
    try:
        c.build()
    except BuildError as e:
        c.status, c.detail = "build-failed", str(e)
    except Exception as e:  # a bug here: record it, never hide it
        c.status, c.detail = "driver-error", repr(e)
    (c.dir / "build.log").write_text("\n".join(c.log))
    rec = dict(stamp=stamp, name=name, producer=producer, linker=linker, arch=arch, shape=shape,
               status=c.status, detail=c.detail[-800:], files=c.files)
    sf.write_text(json.dumps(rec, indent=1))
    return classify_status(rec)


def classify_status(rec):
    """build-failed -> skipped (the configuration cannot exist here) or
    tool-crashed (a GNU tool aborted on its own output) where the message
    says so; anything else stays build-failed (a test failure)."""
    msg = rec["detail"]
    if rec["status"] == "build-failed":
        if msg.startswith("skipped"):
            rec["status"] = "skipped"
        elif "cannot find rcrt1.o" in msg:
            rec["status"] = "skipped"
            rec["detail"] = "skipped: this cross libc has no rcrt1.o (no -static-pie)\n" + msg
        elif "Assertion" in msg or "assertion fail" in msg:
            rec["status"] = "tool-crashed"
    return rec


def tool_version(env, producer, linker):
    mold = f" + {env.get('MOLD_VERSION', 'mold')}" if linker == "mold" else ""
    if producer.startswith("gcc/"):
        tc = producer.split("/")[1]
        return env.get(f"{tc.upper()}_AS_VERSION", "") + mold
    return env.get("CLANG22_VERSION", "") + (f" + {linker}" if linker not in ("none", "objects") else "")


def check_config(rec, env, sfv, xfail):
    producer, linker, arch = rec["producer"], rec["linker"], rec["arch"]
    if producer.startswith("gcc/"):
        tc = producer.split("/")[1]
    elif linker == "trixie-ld":
        tc = "trixie"
    else:
        tc = "sid"   # LLVM output: compared with sid's objdump
    b = env[f"BIN_{tc.upper()}_{arch.upper()}"]
    # the objdump of the linking toolchain; clang's objects: sid's objdump
    layout = rwlib.LAYOUT[tc]
    readelf = env["BIN_SID_X86_64"] + "/readelf"
    out = []
    for path, kind, exp in rec["files"]:
        key = f"{rec['name']}/{pathlib.Path(path).name}"
        meta = dict(producer=producer, linker=linker, toolchain=tc, arch=arch, shape=rec["shape"],
                    kind=kind, version_tool=tool_version(env, producer, linker),
                    expected_rules=exp, test=rec["name"])
        r = rwlib.check_file(sfv, f"{b}/objdump", readelf, path, layout, key, meta)
        out.append(rwlib.classify(r, xfail))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--sfv", default=str(rwlib.ROOT / "build" / "sframe-validate"))
    ap.add_argument("--subset", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "2")))
    args = ap.parse_args()
    env = rwlib.load_env("peers", "llvm", "mold")
    out = pathlib.Path(args.out).resolve()
    cfgs = all_configs(env)
    if args.subset:
        cfgs = [c for c in cfgs if SUBSET.search(c[0])]
    if args.only:
        cfgs = [c for c in cfgs if re.search(args.only, c[0])]
    # Debian sources and libffi's configure first (shared by the builds)
    for p in ("zlib", "tinyxml2", "libffi"):
        if any(c[4] == f"pkg-{p}" or (p == "libffi" and c[4] == "asm-cfi") for c in cfgs):
            debsrc(p)
    for arch in {c[3] for c in cfgs if c[4] in ("pkg-libffi", "asm-cfi")}:
        libffi_config(arch)
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        recs = list(ex.map(lambda c: build_config(c, env, out), cfgs))
    xfail = rwlib.load_xfail()
    files = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for fl in ex.map(lambda r: check_config(r, env, args.sfv, xfail), recs):
            files.extend(fl)
    versions = {k: v for k, v in env.items() if k.endswith("_VERSION") or k.endswith("_DEB")}
    versions["gcc"] = subprocess.run(["gcc", "--version"], capture_output=True,
                                     text=True).stdout.splitlines()[0]
    (out / "results.json").write_text(json.dumps(dict(versions=versions, configs=recs,
                                                      files=files), indent=1))
    bad = [f for f in files if f["unexpected"]]
    failed = [r for r in recs if r["status"] in ("build-failed", "driver-error")]
    print(f"producers: {len(recs)} configurations, {len(files)} files, {len(bad)} with "
          f"unexpected errors or dump differences, {len(failed)} builds failed")
    for r in failed[:20]:
        print("  build:", r["name"], r["status"], r["detail"][:300].replace("\n", " | "))
    for f in bad[:30]:
        print("  ", f["key"], f["unexpected"])


if __name__ == "__main__":
    main()
