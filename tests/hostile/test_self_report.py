# SPDX-License-Identifier: MIT
"""The tool's own --format=json report always loads as a --baseline: the
reader's limits follow the writer's.  Strings are decoded in place (the
reader has no string limit of its own), the document's nesting stays
under JR_MAX_DEPTH, and the worst-case names the writer prints load: an
archive member name of 4000 bytes that are not UTF-8 (each printed as
U+FFFD, and again in hex in "path_bytes") and an operand of the longest
length Linux passes (MAX_ARG_STRLEN, 128 KiB) in "errors"."""
import json
import os
import pathlib
import re

from hostile_lib import gnu_archive, linked_elf, run

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAX_ARG_STRLEN = 131072


def depth(v):
    if isinstance(v, dict):
        return 1 + max((depth(x) for x in v.values()), default=0)
    if isinstance(v, list):
        return 1 + max((depth(x) for x in v), default=0)
    return 0


def test_worst_case_report_loads_as_baseline(sfv_bin, tmp_path):
    elf = linked_elf()
    (tmp_path / "lib.a").write_bytes(gnu_archive([(b"\xff" * 4000, elf)]))
    (tmp_path / "x.elf").write_bytes(elf)
    missing = b"\xfe" * (MAX_ARG_STRLEN - 1)
    args = [b"--summary", b"--require-version=1", b"lib.a", b"x.elf", missing]
    p = run(sfv_bin, "--format=json", *args, cwd=tmp_path)
    doc = json.loads(p.stdout)
    assert p.returncode == 2                        # the missing operand
    longest = max(len(f["path"].encode()) for f in doc["files"])
    assert longest > 3 * 4000, longest             # past the old 8 KiB limit
    assert len(doc["errors"][0]["path"].encode()) == 3 * len(missing)
    (tmp_path / "old.json").write_text(p.stdout.decode())
    p = run(sfv_bin, "--format=json", "--baseline=old.json", *args, cwd=tmp_path)
    assert b"--baseline" not in p.stderr, p.stderr
    b = json.loads(p.stdout)["baseline"]
    assert b["new"] == 0 and b["fixed"] == 0 and b["unchanged"] == 2, b
    # The deepest document the writer makes (summary, baseline, archive,
    # ELF with .eh_frame comparison) stays under the reader's nesting bound.
    hdr = (ROOT / "src" / "cli" / "json_read.h").read_text()
    bound = int(re.search(r"#define JR_MAX_DEPTH (\d+)", hdr).group(1))
    assert depth(json.loads(p.stdout)) < bound
