# SPDX-License-Identifier: MIT
"""--lookup=- and --lookup=@FILE (issue 29 item 5): one PC a line, each
answered on one line with the facts --lookup=PC gives (text: fixed fields,
the verdict once at the end; json: JSON Lines, one compact object with the
verdict's members), compared field by field with single --lookup=PC runs, bad lines answered with their line number and
quoted text without stopping the run, bounded lines, CRLF, empty input, a
write error, and a list that is not a regular file or a pipe."""
import json
import os
import subprocess

import pytest

from test_cli_tree import linked

PCS = [0x1000, 0x1001, 0x10ff, 0x1100, 0x11ff, 0x1200, 0xfff, 0]


@pytest.fixture
def elf(tmp_path):
    p = tmp_path / "a.elf"
    p.write_bytes(linked(3, flags=1))
    return p


def sfv(sfv_bin, *args, stdin=None, **kw):
    p = subprocess.run([sfv_bin, *map(str, args)], input=stdin, capture_output=True,
                       timeout=120, **kw)
    assert b"AddressSanitizer" not in p.stderr and b"runtime error" not in p.stderr
    return p


def single_json(sfv_bin, elf, pc):
    return json.loads(sfv(sfv_bin, "--format=json", f"--lookup={pc}", elf).stdout)["lookups"][0]


def token(r):
    """A rule's token, derived from --lookup=PC's structured rule object."""
    if r["kind"] != "expr":
        return {"same": "same", "undefined": "undefined"}[r["kind"]]
    t = r["base"]
    if r["source"] != "register" or r["deref"] or r["offset"] != 0:
        t += ("-" if r["offset"] < 0 else "+") + str(abs(r["offset"]))
    if r["deref"]:
        t = f"[{t}]"
    return t + ("(fixed)" if r["source"] == "fixed" else "")


def facts_of_single(o):
    """The facts of --lookup=PC's JSON object that the one-line answer carries."""
    f = {"pc": o["pc"], "found": o["found"]}
    if not o["found"]:
        f["reason"] = o["reason"]
        if "fde" in o:
            f["fde"] = (o["fde"]["index"], o["fde"]["start"], o["fde"]["size"])
        f["status"] = o["status"]
        return f
    f["fde"] = (o["fde"]["index"], o["fde"]["start"], o["fde"]["size"])
    f["fre"] = (o["fre"]["index"], o["fre"]["start"], o["fre"]["base"])
    f["rules"] = tuple(token(o["rules"][k]) for k in ("cfa", "ra", "fp"))
    f["pauth_key"] = o["pauth_key"] if o["ra_mangled"] else None
    f["ra_mangled"], f["signal"] = o["ra_mangled"], o["signal"]
    f["rules_status"] = o["rules_status"]
    return f


def facts_of_text(line):
    """The facts of one text answer line (the format of the man page)."""
    pc, what, *rest = line.split(" ", 2)
    f = {"pc": int(pc, 16), "found": what == "found"}
    rest = rest[0] if rest else ""
    if what != "found":
        f["reason"] = what
        if what == "no-fde":
            assert rest == ""
            f["status"] = "not found"
            return f
        i, start, size, *status = rest.split(" ", 3)
        f["fde"] = (int(i), int(start, 16), int(size))
        f["status"] = status[0] if status else "not found"
        assert (what == "no-fre") == (not status)
        return f
    rest, _, warning = rest.partition(" warning: ")
    i, start, size, fi, fstart, base, cfa, ra, fp, flags = rest.split(" ")
    f["fde"] = (int(i), int(start, 16), int(size))
    f["fre"] = (int(fi), int(fstart, 16), base)
    f["rules"] = (cfa, ra, fp)
    fl = [] if flags == "-" else flags.split(",")
    assert fl and flags != "-" or flags == "-"
    pauth = [x for x in fl if x.startswith("pauth-")]
    f["ra_mangled"], f["signal"] = bool(pauth), "signal" in fl
    f["pauth_key"] = {"pauth-A": "A", "pauth-B": "B", "pauth-?": None}[pauth[0]] if pauth else None
    f["rules_status"] = warning or "ok"
    return f


def facts_of_jsonl(o):
    """The facts of one JSON Lines answer object."""
    f = {"pc": o["pc"], "found": o["found"]}
    if "fde_index" in o:
        f["fde"] = (o["fde_index"], o["fde_start"], o["fde_size"])
    if not o["found"]:
        f["reason"], f["status"] = o["reason"], o["status"]
        return f
    f["fre"] = (o["fre_index"], o["fre_start"], o["fre_base"])
    f["rules"] = (o["cfa"], o["ra"], o["fp"])
    f["ra_mangled"], f["signal"] = o["ra_mangled"], o["signal"]
    f["pauth_key"] = o["pauth_key"] if o["ra_mangled"] else None
    f["rules_status"] = o["rules_status"]
    return f


def test_text_answers_are_those_of_single_lookups(sfv_bin, elf):
    lines = "".join(f"{pc:#x}\n" for pc in PCS).encode()
    p = sfv(sfv_bin, "--lookup=-", elf, stdin=lines)
    assert p.stderr == b""
    out = p.stdout.decode().splitlines()
    assert len(out) == len(PCS)         # one line per PC, no verdict line (valid)
    singles = [single_json(sfv_bin, elf, pc) for pc in PCS]
    assert any(o["found"] for o in singles) and not all(o["found"] for o in singles)
    assert [facts_of_text(l) for l in out] == [facts_of_single(o) for o in singles]
    assert p.returncode == 1            # some PCs are not found, as with --lookup=PC


def test_json_lines_are_the_single_lookups_facts(sfv_bin, elf, tmp_path):
    lst = tmp_path / "pcs"
    lst.write_text("".join(f"{pc}\n" for pc in PCS))
    p = sfv(sfv_bin, "--format=json", f"--lookup=@{lst}", elf)
    got = [json.loads(l) for l in p.stdout.decode().splitlines()]
    singles = [single_json(sfv_bin, elf, pc) for pc in PCS]
    assert [facts_of_jsonl(o) for o in got] == [facts_of_single(o) for o in singles]
    # the verdict's members, as --lookup=PC's
    assert all(o["valid"] == s["valid"] for o, s in zip(got, singles))


def test_invalid_sections_verdict(sfv_bin):
    """On the conformance suite's rejected sections: every answer is status 1,
    each JSON Lines object carries --lookup=PC's verdict members, and the
    text answers end with --lookup=PC's verdict line."""
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[2]
    cases = json.loads((root / "conformance" / "manifest.json").read_text())["cases"]
    checked = 0
    for c in cases:
        if c["verdict"] != "invalid":
            continue
        path = root / "conformance" / c["file"]
        s = json.loads(sfv(sfv_bin, "--input=raw", "--format=json", "--lookup=0x1000",
                           path).stdout)["lookups"][0]
        if s.get("reason") == "undecodable":
            continue
        j = sfv(sfv_bin, "--input=raw", "--format=json", "--lookup=-", path,
                stdin=b"0x1000\n")
        o = json.loads(j.stdout)
        assert j.returncode == 1, c["id"]
        assert {k: o.get(k) for k in ("valid", "errors", "first_error")} == \
            {k: s.get(k) for k in ("valid", "errors", "first_error")}, c["id"]
        assert facts_of_jsonl(o) == facts_of_single(s), c["id"]
        t = sfv(sfv_bin, "--input=raw", "--lookup=-", path, stdin=b"0x1000\n")
        single = sfv(sfv_bin, "--input=raw", "--lookup=0x1000", path).stdout.decode()
        verdict = [l for l in single.splitlines() if l.startswith("section INVALID: ")]
        out = t.stdout.decode().splitlines()
        assert t.returncode == 1 and len(out) == 2 and [out[1]] == verdict, c["id"]
        assert facts_of_text(out[0]) == facts_of_single(s), c["id"]
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_found_only_is_status_0(sfv_bin, elf):
    p = sfv(sfv_bin, "--lookup=-", elf, stdin=b"0x1000\n0x1100\n")
    assert p.returncode == 0 and p.stdout.count(b"found") == 2


BAD = [b"xyz", b"0x", b"-1", b"+1", b" 1", b"1 2", b"0x1ffffffffffffffff", b"0x10\x00",
       b"\xff\x01"]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_bad_lines_are_named_and_the_run_goes_on(sfv_bin, elf, fmt):
    data = b"0x1000\n" + b"\n".join(BAD) + b"\n0x1100\n"
    p = sfv(sfv_bin, f"--format={fmt}", "--lookup=-", elf, stdin=data)
    assert p.returncode == 1
    if fmt == "text":
        err = p.stderr.decode().splitlines()
        quoted = ["xyz", "0x", "-1", "+1", " 1", "1 2", "0x1ffffffffffffffff",
                  "0x10", "\\xff\\x01"]   # a NUL ends the quoted text
        whats = ["not a PC"] * 7 + ["line holds a NUL byte", "not a PC"]
        assert err == [f"sframe-validate: --lookup=-: line {i + 2}: {w}: '{q}'"
                       for i, (w, q) in enumerate(zip(whats, quoted))]
        assert p.stdout.decode().count("found") == 2
        assert p.stdout.decode().startswith("0x1000 found ")
    else:
        objs = [json.loads(l) for l in p.stdout.decode("utf-8", errors="strict").splitlines()]
        assert [o.get("pc") for o in objs] == [0x1000] + [None] * len(BAD) + [0x1100]
        assert [o["line"] for o in objs[1:-1]] == list(range(2, 2 + len(BAD)))
        assert objs[1] == {"line": 2, "error": "not a PC", "text": "xyz"}
        assert objs[-2]["text"] == "\ufffd\u0001"
        assert p.stderr == b""


def test_huge_line_is_cut_and_named(sfv_bin, elf):
    data = b"0x1000\n" + b"9" * (1 << 20) + b"\n0x1100"      # no final newline
    p = sfv(sfv_bin, "--lookup=-", elf, stdin=data)
    assert p.returncode == 1
    assert p.stderr.decode() == ("sframe-validate: --lookup=-: line 2: line longer than "
                                 "256 bytes (its start quoted): '" + "9" * 256 + "'\n")
    assert p.stdout.decode().count("found") == 2


def test_crlf_and_blank_lines(sfv_bin, elf):
    a = sfv(sfv_bin, "--lookup=-", elf, stdin=b"0x1000\r\n\r\n\n0x1100\r\n")
    b = sfv(sfv_bin, "--lookup=-", elf, stdin=b"0x1000\n0x1100\n")
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_empty_input(sfv_bin, elf, fmt):
    p = sfv(sfv_bin, f"--format={fmt}", "--lookup=-", elf, stdin=b"")
    assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_write_error(sfv_bin, elf, fmt):
    data = b"0x1000\n" * 100000
    with open("/dev/full", "wb") as full:
        p = subprocess.run([sfv_bin, f"--format={fmt}", "--lookup=-", str(elf)],
                           input=data, stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert p.returncode == 2
    assert p.stderr.decode().splitlines() == [
        "sframe-validate: error writing standard output: No space left on device"]


def test_list_that_is_a_fifo_is_not_opened(sfv_bin, elf, tmp_path):
    f = tmp_path / "fifo"
    os.mkfifo(f)
    p = sfv(sfv_bin, f"--lookup=@{f}", elf)
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr.decode().startswith(f"sframe-validate: --lookup=@{f}: ")


def test_one_file_only(sfv_bin, elf):
    p = sfv(sfv_bin, "--lookup=-", elf, elf, stdin=b"")
    assert p.returncode == 2
    assert b"--lookup=- and --lookup=@FILE take one FILE" in p.stderr


def test_slow_pipe_writer(sfv_bin, elf):
    """A pipe whose writer pauses: answers as the lines come, no busy loop."""
    r, w = os.pipe()
    p = subprocess.Popen([sfv_bin, "--lookup=-", str(elf)], stdin=r,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(r)
    os.write(w, b"0x1000\n")
    import time
    time.sleep(0.3)
    os.write(w, b"0x1100\n")
    os.close(w)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0 and out.count(b"found") == 2 and err == b""
