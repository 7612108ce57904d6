# SPDX-License-Identifier: MIT
"""SFrame output in shapes beyond gcc -O2 C (-O0/-Os/-O3, frame pointers,
-ffunction-sections + --gc-sections, LTO, C++ exceptions and templates,
hand-written assembly with CFI incl. libffi's, -nostdlib -shared, -static,
-static-pie, ld -r, -z separate-code, x86 CET PLTs, PLT-heavy objects,
Debian's zlib, tinyxml2 and libffi, --icf=all, inputs with zero-byte
.sframe sections) from GNU binutils 2.40/2.44/2.47.50 and LLVM 22 (clang,
llvm-mc), linked by GNU ld, ld.lld-22 and mold 3.0, built by
tests/realworld/producers.py.  Zero errors and objdump-identical dumps,
except known-false.tsv (fixes in progress) and errors that are right
(ld.lld's concatenated .sframe).

`make test` runs producers.SUBSET; SFV_REALWORLD_FULL=1 runs everything."""
import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
import rwlib

# Builds real toolchains' output (module fixtures): left to make test.
pytestmark = pytest.mark.corpus

FULL = bool(os.environ.get("SFV_REALWORLD_FULL"))


@pytest.fixture(scope="module")
def results(sfv_bin):
    out = ROOT / "build" / ("rw-producers" if FULL else "rw-producers-subset")
    cmd = [sys.executable, str(ROOT / "tests/realworld/producers.py"), "--out", str(out),
           "--sfv", sfv_bin] + ([] if FULL else ["--subset"])
    subprocess.run(cmd, check=True)
    return json.loads((out / "results.json").read_text())


# GNU tools that abort on their own output: configuration -> reason.  Any
# other abort or build failure fails the test.
TOOL_CRASHES = {
    "gcc/trixie/x86_64/asm-cfi": "gas 2.44 writes an FRE at the function end for libffi's "
                                 "win64.S; ld 2.44 aborts (libsframe assertion), FINDINGS R6",
    "gcc/trixie/x86_64/pkg-libffi": "as gcc/trixie/x86_64/asm-cfi",
    "gcc/bookworm/x86_64/asm-cfi": "as gcc/trixie/x86_64/asm-cfi, with 2.40",
    "gcc/bookworm/x86_64/pkg-libffi": "as gcc/trixie/x86_64/asm-cfi, with 2.40",
}


# Linkers that refuse an input another linker takes: configuration -> reason.
LINKER_REFUSALS = {
    "clang22/lld/x86_64/empty-sframe": "ld.lld-22: 'section type mismatch for .sframe', a "
                                       "PROGBITS .sframe next to SHT_GNU_SFRAME ones, "
                                       "FINDINGS R9",
}


def test_every_configuration_builds(results):
    bad = [(c["name"], c["status"], c["detail"][:300]) for c in results["configs"]
           if c["status"] not in ("built", "skipped")
           and not (c["status"] == "tool-crashed" and c["name"] in TOOL_CRASHES)
           and not (c["status"] == "linker-refused" and c["name"] in LINKER_REFUSALS)]
    assert not bad, bad


def test_every_file_validates_and_dumps_like_objdump(results):
    rwlib.assert_no_unexpected(results["files"])


def test_clang_objects_are_v2_and_valid(results):
    objs = [f for f in results["files"] if f["producer"] in ("clang22", "llvm-mc22")
            and f["kind"] == "o" and f["sframe"]]
    assert objs
    for f in objs:
        if f["shape"] == "empty-sframe" and f["version"] is None:
            # the shape's hand-made empty sections: no header to version
            assert f["warnings"] == {"elf-sframe-empty": 1} and not f["errors"], f["key"]
            continue
        assert f["version"] == 2 and not f["errors"], (f["key"], f["errors"])
        assert f["dump"] == "identical", (f["key"], f["dump_detail"])


def test_lld_concatenation_is_reported(results):
    """ld.lld-22 concatenates the .sframe of its inputs (no merge, no
    PT_GNU_SFRAME): a link of several clang objects must be reported as
    concatenated-sections (docs/FINDINGS.md)."""
    multi = [f for f in results["files"] if f.get("linker") == "lld" and f["kind"] == "exe"
             and f["shape"] in ("O2", "cxx-eh", "O0", "Os", "O3")]
    assert multi
    assert any("concatenated-sections" in f["errors"] for f in multi), \
        [(f["key"], f["errors"]) for f in multi]


def test_gnu_ld_drops_clang_sframe(results):
    """GNU ld keeps none of clang 22's v2 .sframe input: sid 2.47.50 says
    'unexpected SFrame format version 2', trixie 2.44 'no .sframe will be
    created' (it rejects the PC-relative flag).  Recorded so a change in
    either shows up here."""
    notes = {c["linker"]: c["detail"] for c in results["configs"]
             if c["producer"] == "clang22" and c["linker"] in ("sid-ld", "trixie-ld")
             and c["shape"] == "O2"}
    assert "unexpected SFrame format version 2" in notes.get("sid-ld", ""), notes
    assert "no .sframe will be created" in notes.get("trixie-ld", ""), notes


def linked(results, name_re):
    """Linked files (not objects) of the configurations whose name matches."""
    return [f for f in results["files"] if re.match(name_re, f["test"]) and f["kind"] != "o"]


def test_mold_links_sframe_v3_in_every_shape(results):
    """mold 3.0 merges sid's SFrame v3 input in every link shape (shared, PIE,
    static, static-pie, -r, --gc-sections, --icf=all, CET PLTs, ...): every
    output carries v3, valid, its dump identical to objdump's, and compared
    with its own .eh_frame over real functions (no cfi-* error)."""
    built = {c["name"] for c in results["configs"]
             if c["linker"] == "mold" and c["producer"] == "gcc/sid" and c["status"] == "built"}
    assert built
    files = linked(results, r"gcc/sid\+mold/")
    assert {f["test"] for f in files} == built
    for f in files:
        assert f["sframe"] and f["version"] == 3, (f["key"], f["version"])
        assert not f["errors"] and f["dump"] == "identical", (f["key"], f["errors"],
                                                              f["dump_detail"])
        if f["kind"] != "o-r":
            assert (f.get("cfi") or {}).get("functions", 0) > 0, (f["key"], f.get("cfi"))


def test_mold_takes_zero_byte_sframe_inputs(results):
    """Inputs whose .sframe is zero bytes (SHT_GNU_SFRAME and PROGBITS) next
    to v3 input: mold links (no crash, cf. mold issue 1646) and keeps the v3
    SFrame of the other inputs."""
    cfgs = [c for c in results["configs"] if c["linker"] == "mold"
            and c["shape"] == "empty-sframe" and c["producer"] == "gcc/sid"]
    assert cfgs and all(c["status"] == "built" for c in cfgs), cfgs
    files = linked(results, r"gcc/sid\+mold/[^/]+/empty-sframe$")
    assert len(files) == 2 * len(cfgs)
    assert all(f["version"] == 3 and not f["errors"] for f in files), files


def test_mold_drops_v2_sframe_silently(results):
    """mold 3.0 keeps no SFrame v2 input (trixie's as, clang 22): its output
    has no .sframe, and the link says nothing about it.  Recorded so that a
    change shows up here."""
    cfgs = [c for c in results["configs"] if c["linker"] == "mold"
            and c["producer"] in ("gcc/trixie", "clang22") and c["status"] == "built"]
    assert cfgs
    for c in cfgs:
        assert "mold:" not in c["detail"], c   # mold's messages start so
    files = [f for f in results["files"] if f["linker"] == "mold"
             and f["producer"] in ("gcc/trixie", "clang22") and f["kind"] != "o"]
    assert files and not any(f["sframe"] for f in files), \
        [f["key"] for f in files if f["sframe"]]
    assert not any(f["errors"] for f in files)
