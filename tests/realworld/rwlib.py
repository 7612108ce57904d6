"""Shared pieces of the real-world corpus drivers (binutils_suite.py,
producers.py) and their pytest files: the peers' environment, running
sframe-validate on one file, comparing --dump with a toolchain's objdump,
binutils' regexp_diff, and the known-false-error list.

Every function here runs programs out of process and never raises on a bad
input file: a crash of a peer is a result, not an exception.
"""
import collections
import hashlib
import json
import os
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEPS = ROOT / ".deps"
TIMEOUT = 120

# objdump layout per GNU toolchain (sframe-validate --objdump=VER)
LAYOUT = {"bookworm": 240, "trixie": 244, "sid": 247}


def load_env(*names):
    """KEY=VALUE pairs of .deps env files (peers.env, llvm.env, ...), after
    installing the install-deps.sh groups they come from."""
    files = {"peers": DEPS / "peers" / "peers.env", "llvm": DEPS / "peers" / "llvm.env",
             "mold": DEPS / "peers" / "mold.env",
             "binutils-src": DEPS / "realworld" / "binutils-src" / "binutils-src.env"}
    if os.environ.get("SFV_FAST_TIER") == "1":
        import pytest
        pytest.skip("make check: real toolchains are left to make test")
    want = [n for n in names if not files[n].exists()]
    if want:
        subprocess.run([str(ROOT / "scripts" / "install-deps.sh"), *want], check=True)
    env = {}
    for n in names:
        out = subprocess.run(["bash", "-c", f"set -a; . '{files[n]}'; env -0"],
                             check=True, capture_output=True).stdout
        for item in out.split(b"\0"):
            if b"=" in item:
                k, v = item.split(b"=", 1)
                k, v = k.decode(), v.decode()
                if os.environ.get(k) != v and k not in ("_", "SHLVL", "PWD", "OLDPWD"):
                    env[k] = v   # only what the env file set
    return env


def run(cmd, cwd=None, timeout=TIMEOUT, env=None):
    """(returncode, stdout, stderr) as text; a timeout is returncode -999.
    env: variables added to the environment."""
    full = dict(os.environ, **env) if env else None
    try:
        p = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True,
                           timeout=timeout, env=full)
    except subprocess.TimeoutExpired:
        return -999, "", "timeout"
    except OSError as e:   # e.g. the program is being rebuilt
        return -998, "", f"cannot run {cmd[0]}: {e}"
    return (p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1"))


def has_sframe(readelf, path):
    rc, out, _ = run([readelf, "-SW", path])
    return rc == 0 and re.search(r"\]\s+\.sframe\s", out) is not None


def sha(path):
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()[:16]


def validate(sfv, path, *args):
    """sframe-validate's verdict on one file: dict(rc, version, errors,
    warnings, notes) where the last three are {rule: count}; rc 2 or a
    crash gives rc and a pseudo-rule 'sfv-exit-N' among the errors."""
    rc, out, err = run([sfv, "--format=json", *args, path])
    res = dict(rc=rc, version=None, errors={}, warnings={}, notes={})
    if rc not in (0, 1):
        res["errors"] = {f"sfv-exit-{rc}": 1}
        res["stderr"] = err[-500:]
        return res
    (f,) = json.loads(out)["files"]
    sev = {"error": collections.Counter(), "warning": collections.Counter(),
           "note": collections.Counter()}
    for d in f["diagnostics"]:
        sev[d["severity"]][d["rule"]] += 1
    res.update(errors=dict(sev["error"]), warnings=dict(sev["warning"]),
               notes=dict(sev["note"]))
    if f.get("sframe"):
        res["version"] = f["sframe"]["version"]
    return res


def dump_compare(sfv, objdump, path, layout):
    """Is `sframe-validate --dump --objdump=layout F` the same as
    `objdump --sframe F` (stdout and exit status)?  Returns (verdict,
    detail): 'identical', 'differs' or 'objdump-failed' (objdump crashed
    or timed out: nothing to compare with)."""
    orc, oout, oerr = run([objdump, "--sframe", path])
    if orc < 0:
        return "objdump-failed", f"objdump exit {orc}: {oerr[-200:]}"
    src, sout, serr = run([sfv, "--dump", f"--objdump={layout}", path])
    if sout == oout and (src == 0) == (orc == 0):
        return "identical", ""
    a, b = oout.splitlines(), sout.splitlines()
    for i in range(max(len(a), len(b))):
        la = a[i] if i < len(a) else "<EOF>"
        lb = b[i] if i < len(b) else "<EOF>"
        if la != lb:
            return "differs", (f"exit objdump {orc} sfv {src}; line {i + 1}: objdump "
                               f"{la!r} sfv {lb!r}; sfv stderr {serr.strip()[:160]!r}")
    return "differs", f"exit objdump {orc} sfv {src}; sfv stderr {serr.strip()[:160]!r}"


# ------------------------------------------------------------ regexp_diff
def _tcl_re(s):
    """Tcl ARE -> Python re for what binutils' .d files use."""
    for k, v in (("[:space:]", r"\s"), ("[:digit:]", r"\d"), ("[:xdigit:]", "0-9a-fA-F"),
                 ("[:alnum:]", "0-9A-Za-z"), ("[:alpha:]", "A-Za-z")):
        s = s.replace(k, v)
    return s


def _match(pat, line):
    neg = pat.startswith("!")
    try:
        m = re.fullmatch(_tcl_re(pat[neg:]), line) is not None
    except re.error:
        m = pat[neg:] == line
    return m != neg


def regexp_diff(actual, expected):
    """binutils-common.exp's regexp_diff, line for line: ACTUAL text against
    the lines of a .d body (#... skips lines up to the next pattern, #?
    optional, #pass ends, #failif inverts, other # lines are comments, blank
    lines are skipped at the start of each step on both sides but a blank
    pattern after #... matches a blank line).  Returns (ok, message)."""
    fa = actual.split("\n")
    if fa and fa[-1] == "":
        fa.pop()
    fb = list(expected)
    pa = pb = 0

    def gets_a():
        nonlocal pa
        if pa >= len(fa):
            return None
        pa += 1
        return fa[pa - 1]

    def gets_b():
        nonlocal pb
        if pb >= len(fb):
            return None
        pb += 1
        return fb[pb - 1]

    end_1 = end_2 = diff_pass = fail_if = False
    diff = None
    while True:
        la = lb = ""
        while la == "":
            la = gets_a()
            if la is None:
                end_1, la = True, ""
                break
        while lb == "" or lb.startswith("#"):
            if lb.startswith("#pass"):
                end_2 = diff_pass = True
                break
            elif lb.startswith("#failif"):
                fail_if = True
            elif lb.startswith("#..."):
                lb = gets_b()
                if lb is None:
                    end_2 = diff_pass = True
                    break
                while not _match(lb, la):
                    la = gets_a()
                    if la is None:
                        end_1, la = True, ""
                        break
                break
            elif lb.startswith("#?"):
                if not end_1:
                    if _match(lb[2:], la):
                        lb = lb[2:]
                        break
            lb = gets_b()
            if lb is None:
                end_2, lb = True, ""
                break
        if diff_pass or (end_1 and end_2):
            break
        if end_1:
            diff = f"extra regexps starting with {lb!r}"
            break
        if end_2:
            diff = f"extra lines starting with {la!r}"
            break
        if not _match(lb, la):
            diff = f"line {la!r} does not match {lb!r}"
    if diff is None and not diff_pass and (pa >= len(fa)) != (pb >= len(fb)):
        diff = "different lengths"
    if fail_if:
        return (diff is not None, "" if diff else "matched a #failif pattern")
    return diff is None, diff or ""


# ------------------------------------------------------------ known false errors
def load_xfail():
    """tests/realworld/known-false.tsv: rows `kind  pattern  rule  owner  reason`.
    kind 'error': rule may be reported as an error on files whose key
    (producer/test/toolchain/arch/file) matches the regex pattern; kind
    'dump': --dump may differ from objdump there (rule = a label)."""
    rows = []
    p = pathlib.Path(__file__).with_name("known-false.tsv")
    for line in p.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, pat, rule, owner, reason = line.split("\t")
        rows.append(dict(kind=kind, pattern=re.compile(pat), rule=rule, owner=owner,
                         reason=reason))
    return rows


def known(xfail, kind, key, rule):
    for r in xfail:
        if r["kind"] == kind and r["rule"] in (rule, "*") and r["pattern"].search(key):
            return r
    return None


def classify(record, xfail):
    """Split a file record's errors and dump verdict into unexpected ones
    (real problems) and known ones (listed in known-false.tsv).  Adds
    record['unexpected'] and record['known'] (lists of strings)."""
    key = record["key"]
    unexpected, kn = [], []
    for rule, n in sorted(record["errors"].items()):
        if rule in record.get("expected_rules", ()):
            continue
        if known(xfail, "error", key, rule):
            kn.append(f"error {rule}")
        else:
            unexpected.append(f"error {rule} x{n}")
    if record.get("dump") == "differs":
        label = record.get("dump_label", "dump")
        if known(xfail, "dump", key, label):
            kn.append(f"dump {label}")
        else:
            unexpected.append(f"dump differs ({label}): {record.get('dump_detail', '')}")
    record["unexpected"], record["known"] = unexpected, kn
    return record


def dump_label(path, readelf, sfv_rc_out):
    """A coarse label for why a dump may differ: no-sframe, empty-sframe,
    relocatable, or sframe."""
    rc, out, _ = run([readelf, "-SW", path])
    m = re.search(r"\]\s+\.sframe\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", out)
    if not m:
        return "no-sframe"
    if int(m.group(1), 16) == 0:
        return "empty-sframe"
    if re.search(r"Type:\s+REL ", run([readelf, "-hW", path])[1] or ""):
        return "relocatable"
    return "sframe"


def check_file(sfv, objdump, readelf, path, layout, key, meta):
    """Validate one produced file and compare its dump; returns a record."""
    rec = dict(meta, key=key, path=str(path), sha=sha(path))
    rec.update(validate(sfv, path))
    rec["sframe"] = has_sframe(readelf, path)
    rec["dump_label"] = dump_label(path, readelf, None)
    rec["dump"], rec["dump_detail"] = dump_compare(sfv, objdump, path, layout)
    if rec["dump"] == "differs" and rec["dump_label"] != "no-sframe" and \
            run([objdump, "--sframe", path])[0] != 0:
        rec["dump_label"] = "objdump-refuses"   # objdump exits 1 on this section
    return rec


def stale_known(files):
    """known-false.tsv rows that no file needed: candidates to remove once
    the fix is merged (reported, not failed: the list shrinks by hand)."""
    used = set()
    for f in files:
        for k in f.get("known", ()):
            used.add(k.split()[1])
    return [r for r in load_xfail()
            if r["rule"] not in used and r["owner"] != "producer"]  # true errors stay


def assert_no_unexpected(files):
    """Fails on any file whose diagnostics or dump differ from what is expected
    (known-false.tsv aside); prints the known rows still needed and the stale
    ones.  Shared by the binutils-suite and producer tests."""
    bad = [(f["key"], f["unexpected"]) for f in files if f["unexpected"]]
    known = collections.Counter(k for f in files for k in f["known"])
    print("\nknown false errors/dump differences still present:", dict(known))
    stale = [r["rule"] for r in stale_known(files)]
    print("known-false.tsv rows no file here needs (remove once fixed everywhere):", stale)
    assert not bad, "\n".join(map(str, bad[:40]))
