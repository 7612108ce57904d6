# SPDX-License-Identifier: MIT
"""SFrame v1 sections through trixie's libsframe.so.1 (2.44) and the
drop-in of ABI 1, function by function (api_walk.c: every getter, every
FDE and FRE, lookups, dump_sframe).

2.44 has one FDE struct, v2's 20 bytes, and reads a v1 section with it as
it reads a v2 one: its FDE table right after the header, its FREs right
after num_fdes x 20 bytes (a v1 FDE is 17 bytes), sframe_decode swapping
a foreign-endian one the same way.  Only sframe_decoder_get_funcdesc_v2
refuses a v1 section's FDEs, and dump_sframe prints its header alone.  So
a v1 section as gas 2.40 wrote it is read 3 bytes an FDE past its end
(the drop-in decodes it, objdump printing its header, and refuses the
reads past the buffer); the sections below are ones 2.44 reads inside
the buffer."""
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import test_api as api
from test_api import walkers  # noqa: F401  (the fixture)

ROOT = api.ROOT
V1_FDE, V2_FDE = 17, 20


def v1_sections():
    """(name, bytes): each valid v1 case with 3 bytes an FDE appended (2.44
    then reads its FDEs 20 bytes apart, misaligned, and its FREs from 3
    bytes an FDE later, all inside the buffer), and each valid v2 case with
    its version byte set to 1 (2.44 reads it as the v2 section it was;
    sframe_decoder_get_funcdesc_v2 refuses it)."""
    m = json.loads((ROOT / "conformance/manifest.json").read_text())
    for c in m["cases"]:
        if c["verdict"] != "valid" or c["version"] not in (1, 2):
            continue
        data = (ROOT / "conformance" / c["file"]).read_bytes()
        if c["version"] == 1:
            order = "little" if data[:2] == b"\xe2\xde" else "big"
            n = int.from_bytes(data[8:12], order)
            yield c["id"] + "-padded", data + bytes((V2_FDE - V1_FDE) * n)
        else:
            yield c["id"] + "-as-v1", data[:2] + b"\x01" + data[3:]


def written(tmp_path, sections):
    for name, data in sections:
        p = tmp_path / f"{name}.sframe"
        p.write_bytes(data)
        yield p


def compare(case):
    """'crash', 'refused' (the drop-in refuses at decode what stock decodes:
    a table past the buffer), 'same', 'heap' (stock's answer changes with
    the heap's fill, or an FDE's FREs start past sfh_fre_len: it answered
    from memory past its copy) or the case's name (a difference)."""
    stock = api.walk("walk_stock1", case)
    if stock.returncode != 0:
        return "crash"
    mine = api.walk("walk_safe1", case)
    if mine.stdout.startswith(b"decode error") and not stock.stdout.startswith(b"decode"):
        return "refused"
    if (mine.returncode, mine.stdout) == (0, stock.stdout):
        return "same"
    again = subprocess.run([str(api.WALK / "walk_stock1"), str(case)], capture_output=True,
                           timeout=60, env=dict(os.environ, **api.PERTURB))
    if again.stdout != stock.stdout or api.fres_outside_copy(case.read_bytes(), V2_FDE):
        return "heap"
    return case.name


def test_v1_sections_answer_as_stock(walkers, tmp_path):  # noqa: F811
    """The v1 sections 2.44 reads inside the buffer (v1_sections): every
    function answers as 2.44 does, the FREs of their FDEs included, in both
    byte orders."""
    res = {}
    fres = 0
    for case in written(tmp_path, v1_sections()):
        res[case.name] = compare(case)
        asan = api.walk("walk_asan1", case)
        assert asan.returncode == 0 and b"Sanitizer" not in asan.stderr and \
            b"runtime error" not in asan.stderr, (case.name, asan.stderr[-300:])
        if res[case.name] == "same":
            fres += api.walk("walk_stock1", case).stdout.count(b": 0 start=")
    diffs = [k for k, v in res.items() if v not in ("crash", "refused", "same", "heap")]
    same = [k for k, v in res.items() if v == "same"]
    assert not diffs, f"{len(diffs)} v1 sections differ: {diffs}"
    assert len(same) >= 20 and fres >= 100, (len(same), fres, res)
    assert any(k.startswith(("valid-matrix-v2-aarch64-be", "valid-pauth-v2-aarch64-be"))
               for k in same), "no foreign-endian v1 section compared"
    # a valid v1 case as it is: decoded (its own tables lie inside the
    # buffer, and 2.44's dump prints its header alone; 2.44 reads its FREs
    # past the buffer, the drop-in refuses those reads)
    plain = ROOT / "conformance/cases/valid-matrix-v1-amd64.sframe"
    out = api.walk("walk_safe1", plain).stdout
    assert out.startswith(b"hdr 28 abi 3 ver 1") and b"No further information" in out, out
    assert b"fde 0: v1 0 " in out and b"  fre 0: -1" in out, out


def test_v1_mutations_answer_as_stock_abi1(walkers, tmp_path):  # noqa: F811
    """trixie's 2.44 on single-byte corruptions of those v1 sections (each
    of their first 96 bytes: api.mutations): where
    it neither crashes nor answers from heap memory past its copy, the
    drop-in of ABI 1 answers every function the same (decode errors
    included)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        res = list(pool.map(compare, api.mutations(tmp_path, v1_sections(), span=96)))
    counts = {k: res.count(k) for k in ("crash", "refused", "same", "heap")}
    print(f"\n{len(res)} v1 mutations (ABI 1): {counts}")
    diffs = [r for r in res if r not in counts]
    assert counts["same"] >= 2000 and counts["crash"] >= 10, counts
    assert not diffs, f"{len(diffs)} v1 mutations differ: {diffs[:10]}"
