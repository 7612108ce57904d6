# SPDX-License-Identifier: MIT
"""--profile on the command line: names, combinations, output formats, and
the reason codes of docs/CONSUMERS.md on sections made for each fact."""
import json
import subprocess

import pytest

from conftest import ROOT

CASES = ROOT / "conformance" / "cases"


def run(sfv_bin, *args):
    return subprocess.run([sfv_bin, *args], capture_output=True, text=True)


@pytest.mark.parametrize("bad", ["nope", "kernel,", ",kernel", "", "kernel,,glibc",
                                 "libsframe-2.45", "KERNEL"])
def test_unknown_profile_is_a_usage_error(sfv_bin, bad):
    p = run(sfv_bin, f"--profile={bad}", str(CASES / "valid-matrix-v3-amd64.sframe"))
    assert p.returncode == 2
    assert "bad --profile" in p.stderr and p.stdout == ""


def diags(sfv_bin, case, *profiles):
    p = run(sfv_bin, "--format=json", *[f"--profile={x}" for x in profiles],
            str(CASES / f"{case}.sframe"))
    assert p.returncode in (0, 1), p.stderr
    return [(d["rule"], d["aux"]) for d in json.loads(p.stdout)["files"][0]["diagnostics"]
            if d["rule"].startswith("profile-")], p.returncode


@pytest.mark.parametrize("case,profile,reason", [
    ("valid-kernel-v2-section", "kernel", 1),
    ("valid-kernel-unsorted-v3", "kernel", 2),
    ("valid-unsorted-v2", "glibc", 2),
    ("valid-pcrel-starts-v2", "libsframe-2.44", 3),
    ("impldef-kernel-auxhdr-present-v3", "kernel", 4),
    ("valid-kernel-no-fres-v3", "kernel", 5),
    ("impldef-kernel-fde-same-start-v3", "kernel", 6),
    ("invalid-fre-bounds-v3", "libsframe-2.47", 7),
    ("invalid-fde-func-start-pcrel-overflow", "kernel", 10),
    ("valid-kernel-mask-fres-over-size-v3", "kernel", 16),      # K17 (S4)
    ("valid-kernel-func-end-past-user-v3", "kernel", 17),       # K18 (S4)
    ("impldef-kernel-fre-start-at-end-v3", "kernel", 7),        # K11 (S4)
    ("impldef-kernel-fre-start-range-mask-v3", "kernel", 7),    # K11 (S4)
    ("impldef-flex-control-unused", "kernel", 7),               # K14 (S4)
    ("valid-matrix-v1-amd64", "libsframe-2.44", 1),   # several FDEs
    ("valid-matrix-v3-amd64", "llvm", 1),
])
def test_refusal_reasons(sfv_bin, case, profile, reason):
    got, rc = diags(sfv_bin, case, profile)
    assert ("profile-" + profile.replace(".", "-"), reason) in got, got
    assert rc == 1


def test_kernel_profile_refuses_what_any_revision_refuses(sfv_bin):
    """gen/kernel_cases.py KERNEL records what each cited kernel revision
    does with each case; --profile=kernel refuses a case exactly when one of
    them does not accept it, so a section it passes loads on all of them."""
    from kernel_cases import KERNEL
    bad = []
    for cid, (s1, s4, fact) in KERNEL.items():
        got, _ = diags(sfv_bin, cid, "kernel")
        refused = any(rule == "profile-kernel" for rule, _ in got)
        if refused != (s1 != "accept" or s4 != "accept"):
            bad.append(f"{cid} ({fact}): S1 {s1}, S4 {s4}, --profile "
                       f"{'refuses' if refused else 'accepts'}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("case,profile,reason", [
    ("valid-matrix-v2-aarch64-le", "glibc", 13),
    ("impldef-fixed-fp-offset-positive", "libsframe-2.47", 11),
    ("impldef-fixed-ra-offset-aarch64", "glibc", 12),
    ("valid-s390x-v2-regnum", "llvm", 15),
])
def test_rows_reasons(sfv_bin, case, profile, reason):
    got, rc = diags(sfv_bin, case, profile)
    assert ("profile-" + profile.replace(".", "-") + "-rows", reason) in got, got
    assert rc == 0, "a rows warning alone does not fail the file"


def test_accepted_everywhere_prints_nothing(sfv_bin):
    p = run(sfv_bin, "--profile=libsframe-2.47,llvm", "--profile=glibc",
            str(CASES / "valid-matrix-v2-amd64.sframe"))
    assert p.returncode == 0 and "profile-" not in p.stdout, p.stdout


def test_several_profiles_combine_and_sarif_carries_them(sfv_bin):
    p = run(sfv_bin, "--profile=kernel,glibc", "--profile=llvm", "--format=sarif",
            str(CASES / "valid-matrix-v3-amd64.sframe"))
    assert p.returncode == 1
    doc = json.loads(p.stdout)
    ids = {r["ruleId"] for r in doc["runs"][0]["results"]}
    assert ids == {"profile-glibc", "profile-llvm"}, ids


def test_profile_rules_are_in_the_catalogue(sfv_bin):
    p = run(sfv_bin, "--list-rules", "--format=json")
    ids = {r["id"] for r in json.loads(p.stdout)}
    for name in ("kernel", "glibc", "libsframe-2-44", "libsframe-2-47", "llvm"):
        assert f"profile-{name}" in ids and f"profile-{name}-rows" in ids


def test_elf_file_and_missing_sframe(sfv_bin, tmp_path):
    """An ELF file without .sframe has nothing for a reader: no profile
    verdict (--require-sframe is the policy for that)."""
    elf = tmp_path / "empty.o"
    subprocess.run(["cc", "-c", "-x", "c", "-", "-o", str(elf)], input="int x;\n",
                   text=True, check=True)
    p = run(sfv_bin, "--profile=kernel", str(elf))
    assert p.returncode == 0 and "profile-" not in p.stdout, p.stdout


def test_reason_is_named_in_json_values(sfv_bin):
    """aux is the reason code; "values" names it (enum sfv_profile_reason),
    and the text message says the name, not a bare number."""
    case = str(CASES / "impldef-kernel-auxhdr-present-v3.sframe")
    p = run(sfv_bin, "--format=json", "--profile=kernel", case)
    (d,) = [d for d in json.loads(p.stdout)["files"][0]["diagnostics"]
            if d["rule"] == "profile-kernel" and d["aux"] == 4]
    assert d["aux"] == 4 and d["values"]["reason"] == "auxiliary-header", d
    t = run(sfv_bin, "--profile=kernel", case)
    assert "reason auxiliary-header" in t.stdout, t.stdout
