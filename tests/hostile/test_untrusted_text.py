# SPDX-License-Identifier: MIT
"""Untrusted text (paths, archive member names, list entries, section
names, anything read from a baseline) reaches every output only through
the tool's printers: text quotes control bytes, DEL, C1 controls and
invalid UTF-8 as \\xHH (fmt_text_str), JSON and SARIF are strict UTF-8
(fmt_json_str, fmt_json_path).  A baseline rule id that is not in the
catalogue is refused (status 2) with the id quoted.  Each case plants one
hostile name in one field and checks every stream of every format."""
import json
import os
import shutil

import pytest

from hostile_lib import gnu_archive, linked_elf, run

CASES = os.path.join(os.path.dirname(__file__), "..", "..", "conformance", "cases")
# A newline that would start a forged record, an escape sequence, a C1
# control (CSI), DEL and a byte that is not UTF-8.
EVIL = b"x\nevil: valid: 0 errors\x1b[31m\xc2\x9b\x7f\xff"
FORGED = b"evil: valid"


def text_clean(data):
    """No line starts a forged record; no control byte but newline, no DEL,
    no C1 control, no invalid UTF-8 reaches the stream."""
    s = data.decode("utf-8")                  # raises on invalid UTF-8
    for line in s.split("\n"):
        assert not line.startswith(FORGED.decode()), line
        assert not any(ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0 for c in line), repr(line)


def check(p, fmt):
    text_clean(p.stderr)
    if fmt in ("json", "sarif"):
        json.loads(p.stdout.decode("utf-8"))  # strict UTF-8, one document
        assert b"\x1b" not in p.stdout and b"\x7f" not in p.stdout
    else:
        text_clean(p.stdout)


@pytest.fixture
def tree(tmp_path):
    d = os.fsencode(tmp_path)
    elf = linked_elf()
    with open(os.path.join(d, EVIL), "wb") as f:                       # a path
        f.write(elf)
    with open(os.path.join(d, b"lib" + EVIL + b".a"), "wb") as f:       # member names
        f.write(gnu_archive([(EVIL, elf), (b"ok.o", elf)]))
    shutil.copy(os.path.join(CASES, "invalid-abi-5.sframe"), os.path.join(d, b"bad" + EVIL))
    with open(os.path.join(d, b"list" + EVIL), "wb") as f:             # a list's entries
        f.write(EVIL + b"\0" + b"missing" + EVIL + b"\0")
    return d


FORMATS = ["text", "json", "sarif"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("field", ["path", "member", "list", "missing", "walk"])
def test_names_in_every_format(sfv_bin, tree, fmt, field):
    args = {
        "path": [EVIL, b"bad" + EVIL],
        "member": [b"lib" + EVIL + b".a"],
        "list": [b"--null", b"--files-from=list" + EVIL],
        "missing": [b"missing" + EVIL, b"--section=" + EVIL],
        "walk": [b"-r", b"."],
    }[field]
    for extra in ([], [b"-j2"], [b"--summary"]):
        p = run(sfv_bin, f"--format={fmt}", *extra, *args, cwd=tree)
        check(p, fmt)


@pytest.mark.parametrize("mode", [["--dump"], ["--lookup=0x1000"],
                                  ["--lookup=0x1000", "--format=json"]])
def test_names_in_dump_and_lookup(sfv_bin, tree, mode):
    for args in ([EVIL, b"bad" + EVIL], [b"lib" + EVIL + b".a"], [b"--section=" + EVIL, EVIL]):
        p = run(sfv_bin, *mode, *args, cwd=tree)
        check(p, "json" if "--format=json" in mode else "text")


def baseline_doc(rule, path):
    return json.dumps({"files": [{"path": path, "diagnostics": [
        {"rule": rule, "severity": "error", "fde": None, "fre": None}]}]}).encode()


@pytest.mark.parametrize("fmt", FORMATS)
def test_baseline_rule_id_not_in_catalogue_is_refused(sfv_bin, tree, fmt):
    """The sample: a rule id holding a newline, a forged record and escape
    sequences reached the text 'fixed:' lines raw."""
    with open(os.path.join(tree, b"old.json"), "wb") as f:
        f.write(baseline_doc("x\n" + FORGED.decode() + ": 0 errors\x1b[2J", EVIL.decode("latin-1")))
    p = run(sfv_bin, f"--format={fmt}", "--baseline=old.json", EVIL, cwd=tree)
    assert p.returncode == 2 and p.stdout == b"", p
    text_clean(p.stderr)
    assert b"not in this version's catalogue" in p.stderr
    assert b"x\\x0aevil: valid: 0 errors\\x1b[2J" in p.stderr, p.stderr


@pytest.mark.parametrize("fmt", FORMATS)
def test_baseline_paths_and_name_in_every_format(sfv_bin, tree, fmt):
    """Paths read from the baseline (fixed entries) and the baseline's own
    name go through the printers too."""
    name = b"old" + EVIL + b".json"
    p = run(sfv_bin, "--format=json", EVIL, b"bad" + EVIL, cwd=tree)
    doc = json.loads(p.stdout)
    for f in doc["files"]:
        f["diagnostics"].append({"rule": "magic", "severity": "error", "fde": 1, "fre": 2})
    with open(os.path.join(tree, name), "wb") as f:
        f.write(json.dumps(doc).encode())
    p = run(sfv_bin, f"--format={fmt}", b"--baseline=" + name, EVIL, b"bad" + EVIL, cwd=tree)
    assert p.returncode == 0, p.stderr
    check(p, fmt)
    if fmt == "text":
        assert p.stdout.count(b"\nfixed: ") == 2, p.stdout
