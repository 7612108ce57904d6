# SPDX-License-Identifier: MIT
"""--profile=kernel answers "will the kernel take it?": registration and
reads at the PCs the FREs describe.  linux-mm @5ce6138798d7 (S4,
docs/CONSUMERS.md K16) also removes a section when a lookup lands before an
FDE's first FRE or inside an FDE without FREs; that is a lookup-time miss at
a PC no FRE describes, not a registration refusal, so by decision the
profile does not refuse such sections (a PC before the first FRE gets the
validator's fre-first-start warning; a v3 FDE without FREs is the
outermost-frame marker)."""
import json
import subprocess
import sys

from encoder import encode
from model import FDE, FRE, Section, F_FDE_SORTED, F_FDE_FUNC_START_PCREL

ABI_AMD64 = 3


def section(fdes):
    return encode(Section(version=3, abi=ABI_AMD64, fdes=fdes,
                          flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL)).data


def fde(start, fres):
    return FDE(start=start, size=0x20, fres=[FRE(s, [8]) for s in fres])


def check(sfv_bin, tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    p = subprocess.run([sfv_bin, "--format=json", "--profile=kernel", str(path)],
                       capture_output=True, text=True, timeout=120)
    f = json.loads(p.stdout)["files"][0]
    return p.returncode, [d["rule"] for d in f["diagnostics"]]


def test_pc_before_first_fre_not_refused(sfv_bin, tmp_path):
    rc, rules = check(sfv_bin, tmp_path, "first.sframe",
                      section([fde(0x1000, [0, 4]), fde(0x1020, [1, 4])]))
    assert "fre-first-start" in rules, rules
    assert "profile-kernel" not in rules and rc == 0, rules


def test_fde_without_fres_not_refused(sfv_bin, tmp_path):
    rc, rules = check(sfv_bin, tmp_path, "nofres.sframe",
                      section([fde(0x1000, [0, 4]), fde(0x1020, []), fde(0x1040, [0])]))
    # v3 default FDE without FREs: the outermost-frame marker, valid
    assert rules == [] and rc == 0, rules
