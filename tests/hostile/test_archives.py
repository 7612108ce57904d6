# SPDX-License-Identifier: MIT
"""ar archives: GNU (long names in "//"), BSD ("#1/N"), thin archives,
nested archives refused, hostile headers reported as ar-* diagnostics;
every ELF member validated and named as binutils names it,
"lib.a(member.o)", in text, JSON and SARIF; --dump as objdump prints it."""
import json
import shutil
import subprocess

import pytest

from hostile_lib import ar_hdr as hdr, gnu_archive, linked_elf, member, rel_elf_aliased, \
    run, run_json, rules_of

ELF = linked_elf()


def bsd_archive(members):
    out = b"!<arch>\n" + member("#1/20", b"__.SYMDEF SORTED\0\0\0\0" + bytes(8))
    for name, data in members:
        n = name.encode()
        out += hdr(f"#1/{len(n)}", len(n) + len(data)) + n + data
        if (len(n) + len(data)) % 2:
            out += b"\n"
    return out


def records(doc):
    return {f["path"]: f for f in doc["files"]}


def test_gnu_archive_long_names_json(sfv_bin, tmp_path):
    a = tmp_path / "libx.a"
    a.write_bytes(gnu_archive([("short.o", ELF), ("a_rather_long_member_name.o", ELF)]))
    rc, doc, _ = run_json(sfv_bin, a)
    recs = records(doc)
    assert rc == 0, doc
    assert f"{a}(short.o)" in recs and f"{a}(a_rather_long_member_name.o)" in recs
    assert recs[f"{a}(short.o)"]["format"] == "elf" and recs[f"{a}(short.o)"]["valid"]
    assert recs[str(a)]["format"] == "archive"


def test_real_gnu_ar_and_objdump_dump(sfv_bin, tmp_path):
    if shutil.which("ar") is None or shutil.which("objdump") is None:
        pytest.skip("binutils (ar, objdump) not installed")
    (tmp_path / "m.o").write_bytes(rel_elf_aliased(1, 1))
    (tmp_path / "long_member_name_over_15.o").write_bytes(ELF)
    subprocess.run(["ar", "rcs", "lib.a", "m.o", "long_member_name_over_15.o"],
                   cwd=tmp_path, check=True)
    p = run(sfv_bin, "-q", "lib.a", cwd=tmp_path)
    assert b"lib.a(m.o): valid" in p.stdout and b"lib.a(long_member_name_over_15.o): valid" in p.stdout
    assert p.returncode == 0, p.stdout


def test_bsd_archive(sfv_bin, tmp_path):
    a = tmp_path / "libb.a"
    a.write_bytes(bsd_archive([("one.o", ELF), ("a_long_bsd_name.o", ELF)]))
    p = run(sfv_bin, "-q", a)
    assert p.returncode == 0, p.stdout
    assert f"{a}(one.o): valid".encode() in p.stdout
    assert f"{a}(a_long_bsd_name.o): valid".encode() in p.stdout
    assert b"2 members, 2 ELF" in p.stdout  # __.SYMDEF is not a member


def test_thin_archive(sfv_bin, tmp_path):
    if shutil.which("ar") is None:
        pytest.skip("binutils ar not installed")
    d = tmp_path / "objs"
    d.mkdir()
    (d / "t.o").write_bytes(ELF)
    subprocess.run(["ar", "rcsT", str(tmp_path / "thin.a"), "objs/t.o"], cwd=tmp_path, check=True)
    p = run(sfv_bin, "-q", tmp_path / "thin.a")
    assert p.returncode == 0 and b"(objs/t.o): valid" in p.stdout, p.stdout
    # The named file gone: ar-thin-member.
    (d / "t.o").unlink()
    rc, doc, _ = run_json(sfv_bin, tmp_path / "thin.a")
    assert rc == 1 and "ar-thin-member" in rules_of(doc), doc
    # Replaced by a FIFO: refused without blocking.
    import os
    os.mkfifo(d / "t.o")
    rc, doc, _ = run_json(sfv_bin, tmp_path / "thin.a", timeout=60)
    assert rc == 1 and "ar-thin-member" in rules_of(doc)


def test_thin_archive_bsd_name(sfv_bin, tmp_path):
    """As binutils reads it: a #1/N name in a thin archive occupies its N
    bytes after the header (the next header follows them) and names a file
    of the header's size minus N."""
    (tmp_path / "one.o").write_bytes(ELF)
    (tmp_path / "two.o").write_bytes(ELF)
    a = tmp_path / "t.a"
    a.write_bytes(b"!<thin>\n" + hdr("#1/5", len(ELF) + 5) + b"one.o" +
                  hdr("two.o/", len(ELF)))
    p = run(sfv_bin, "-q", a)
    assert p.returncode == 0, p.stdout
    assert f"{a}(one.o): valid".encode() in p.stdout
    assert f"{a}(two.o): valid".encode() in p.stdout
    assert b"2 members, 2 ELF" in p.stdout


def test_long_member_names_are_never_cut(sfv_bin, tmp_path):
    """An archive path of about 3,000 bytes and two member names of 2,000
    that differ only in their last byte: each record keeps its whole name
    (a cut one printed both alike, and a baseline keyed them alike)."""
    d = tmp_path
    for k in range(15):
        d = d / ("d" * 200)
    d.mkdir(parents=True)
    names = ["m" * 1999 + "1", "m" * 1999 + "2"]
    a = d / "lib.a"
    a.write_bytes(gnu_archive([(n, ELF) for n in names]))
    rc, doc, _ = run_json(sfv_bin, a.relative_to(tmp_path), cwd=tmp_path)
    paths = [f["path"] for f in doc["files"]]
    rel = str(a.relative_to(tmp_path))
    assert paths == [f"{rel}({names[0]})", f"{rel}({names[1]})", rel], \
        [len(p) for p in paths]


def test_nested_archive_refused(sfv_bin, tmp_path):
    inner = gnu_archive([("in.o", ELF)])
    a = tmp_path / "outer.a"
    a.write_bytes(gnu_archive([("inner.a", inner), ("x.o", ELF)]))
    rc, doc, _ = run_json(sfv_bin, a)
    assert rc == 0 and rules_of(doc, str(a)) == ["ar-nested"], doc
    assert f"{a}(x.o)" in records(doc)


def test_non_elf_member_is_a_note(sfv_bin, tmp_path):
    a = tmp_path / "m.a"
    a.write_bytes(gnu_archive([("readme.txt", b"hello\n"), ("x.o", ELF)]))
    rc, doc, _ = run_json(sfv_bin, a)
    assert rc == 0 and rules_of(doc, str(a)) == ["ar-member-not-elf"]


@pytest.mark.parametrize("name,data,rule", [
    ("truncated header", b"!<arch>\n" + hdr("x.o/", 4)[:40], "ar-header"),
    ("bad fmag", b"!<arch>\n" + hdr("x.o/", 4, fmag=b"XX") + b"abcd", "ar-header"),
    ("size past end", b"!<arch>\n" + hdr("x.o/", 4096) + ELF[:100], "ar-header"),
    ("size not decimal", b"!<arch>\n" + hdr("x.o/", b"12ab") + b"abcd", "ar-header"),
    ("huge size", b"!<arch>\n" + hdr("x.o/", b"9999999999") + b"ab", "ar-header"),
    ("long name without table", b"!<arch>\n" + member("/0", ELF), "ar-name"),
    ("long name past table", b"!<arch>\n" + member("//", b"a.o/\n") + member("/99", ELF), "ar-name"),
    ("long name unterminated", b"!<arch>\n" + member("//", b"abc") + member("/0", ELF), "ar-name"),
    ("bsd name past member", b"!<arch>\n" + hdr("#1/64", 8) + b"abcdefgh", "ar-name"),
    # Thin archives: a member's size is that of a file elsewhere, so it
    # bounds nothing in the archive; names and tables must lie in it.
    ("thin bsd name past end", b"!<thin>\n" + hdr("#1/64", 100000), "ar-name"),
    ("thin bsd name past end, some bytes", b"!<thin>\n" + hdr("#1/64", 100000) + b"abc", "ar-name"),
    ("thin long name past table", b"!<thin>\n" + member("//", b"a.o/\n") + hdr("/99", 100), "ar-name"),
    ("thin name table past end", b"!<thin>\n" + hdr("//", 4096) + b"a.o/\n", "ar-header"),
    ("thin symbol table past end", b"!<thin>\n" + hdr("/", 4096) + b"\0\0\0\0", "ar-header"),
    ("thin bsd symdef past end", b"!<thin>\n" + hdr("__.SYMDEF", 4096) + b"\0" * 8, "ar-header"),
])
def test_hostile_headers(sfv_bin, tmp_path, name, data, rule):
    a = tmp_path / "bad.a"
    a.write_bytes(data)
    for fmt in ("text", "json", "sarif"):
        p = run(sfv_bin, f"--format={fmt}", a)
        assert p.returncode == 1, (name, fmt, p.stdout, p.stderr)
        if fmt != "text":
            json.loads(p.stdout)
    rc, doc, _ = run_json(sfv_bin, a)
    assert rule in rules_of(doc, str(a)), (name, doc)


def test_member_names_in_sarif(sfv_bin, tmp_path):
    a = tmp_path / "s.a"
    a.write_bytes(gnu_archive([("x.o", ELF)]))
    p = run(sfv_bin, "--format=sarif", "--Werror", a)
    doc = json.loads(p.stdout)
    assert doc["runs"][0]["artifacts"][0]["location"]["uri"].endswith("s.a")


def test_lookup_on_archive_refused(sfv_bin, tmp_path):
    a = tmp_path / "l.a"
    a.write_bytes(gnu_archive([("x.o", ELF)]))
    p = run(sfv_bin, "--lookup=0x1000", a)
    assert p.returncode == 2 and b"ar archive" in p.stderr
