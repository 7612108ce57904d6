# SPDX-License-Identifier: MIT
"""conformance/run against fake adapters: each runner feature (structured
rejections vs crashes, --check-reasons, --known-failures, skipped cases,
JUnit contents, usage errors, timeouts) and the standalone release tarball
unpacked into an empty directory."""
import hashlib
import importlib.machinery
import importlib.util
import json
import pathlib
import re
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONF = ROOT / "conformance"
RUN = CONF / "run"
# Most tests run a sample (each case spawns the fake adapter): every verdict,
# accepted and rejected implementation-defined cases, an alias target.
SAMPLE = ("^(valid-matrix-v2-amd64|valid-empty-v1|valid-flex-no-datawords|invalid-magic|"
          "invalid-fde-sorted-v2|invalid-fre-bounds-v2|invalid-fde-fre-type-3-v2|"
          "impldef-fde-info-unused-v3|impldef-trailing-garbage|impldef-fde-func-overlap|"
          "impldef-fre-s390x-regnum-negative)$")

# Answers from the manifest it is given (argv[1] is the case file, the
# manifest sits two levels up): accept what may be accepted, reject the rest
# with the case's rule and offset.  MODE tweaks the answers per test.
ORACLE = """
import json, os, sys
case_file = sys.argv[-1]
base = os.path.dirname(os.path.dirname(os.path.abspath(case_file)))
m = json.load(open(os.path.join(base, 'manifest.json')))
c = [c for c in m['cases'] if os.path.basename(c['file']) == os.path.basename(case_file)][0]
MODE = {mode!r}
if c['verdict'] == 'invalid' or c.get('decision') == 'reject':
    err = {{'rule': c['rule'], 'offset': c['offset']}}
    if MODE == 'wrong-rule':
        err = {{'rule': 'magic', 'offset': 0}}
    elif MODE == 'no-reason':
        err = {{'message': 'bad section'}}
    elif MODE == 'diagnostics':
        err = {{'diagnostics': [{{'rule': 'magic', 'offset': 0}}, err]}}
    print(json.dumps({{'error': err}}))
    sys.exit(1)
if c['id'] == 'valid-matrix-v2-amd64' and MODE == 'break-one':
    sys.exit(1)
print(open(os.path.join(base, c['expect'])).read() if c['expect'] else '{{}}')
"""


def adapter(tmp_path, name, body):
    p = tmp_path / name
    p.write_text(f"#!{sys.executable}\nimport json, os, sys, time\n{body}\n")
    p.chmod(0o755)
    return str(p)


def oracle(tmp_path, mode="", name="oracle"):
    return adapter(tmp_path, name, ORACLE.format(mode=mode))


def run(*args, cwd=None, runner=RUN):
    return subprocess.run([sys.executable, str(runner), *map(str, args)],
                          capture_output=True, text=True, cwd=cwd)


def summary(tmp_path, *args):
    sj = tmp_path / "summary.json"
    p = run("-q", "--summary-json", sj, *args)
    assert p.returncode in (0, 1), p.stderr
    (s,) = json.loads(sj.read_text()).values()
    return p, s


@pytest.fixture(scope="module")
def manifest():
    return json.loads((CONF / "manifest.json").read_text())


@pytest.fixture(scope="module")
def sample(manifest):
    import re
    cases = [c for c in manifest["cases"] if re.search(SAMPLE, c["id"])]
    assert len(cases) == 11
    return cases


def test_oracle_passes_with_reasons_and_junit(tmp_path, manifest):
    ad = oracle(tmp_path)
    junit = tmp_path / "j.xml"
    p, s = summary(tmp_path, "--check-reasons", "--junit", junit, ad)
    assert p.returncode == 0, p.stdout[-2000:]
    assert s["pass"] == len(manifest["cases"]) and not s["failures"]
    assert s["suite_version"] == manifest["suite_version"]
    assert len(s["suite_sha256"]) == 64
    (suite,) = ET.parse(junit).getroot().findall("testsuite")
    props = {e.get("name"): e.get("value") for e in suite.find("properties")}
    assert props["suite_version"] == manifest["suite_version"]
    assert props["suite_sha256"] == s["suite_sha256"]
    assert props["adapter"] == ad
    case = next(c for c in manifest["cases"] if c["id"] == "impldef-fde-info-unused-v3")
    tc = next(t for t in suite.findall("testcase") if t.get("name") == case["id"])
    cp = {e.get("name"): e.get("value") for e in tc.find("properties")}
    assert cp["description"] == case["description"]
    assert cp["verdict"] == "implementation-defined"
    assert cp["rule"] == "fde-info-unused" and cp["offset"] == str(case["offset"])
    assert cp["flags"] == "fde-info-unused" and cp["spec"].startswith("v3 2.3.2: ")


def test_adapter_label_is_the_full_command(tmp_path):
    ad = oracle(tmp_path)
    cmd = f"{sys.executable} {ad}"
    sj = tmp_path / "s.json"
    p = run("-q", "--filter", "^valid-empty-v1$", "--summary-json", sj, cmd)
    assert p.returncode == 0, p.stdout + p.stderr
    assert list(json.loads(sj.read_text())) == [cmd]
    assert f"== adapter: {cmd}" in p.stdout


@pytest.mark.parametrize("body,why", [
    ("os.abort()", "signal 6"),
    ("raise RuntimeError('boom')", "exit 1 without a structured rejection"),
    ("print('hello'); sys.exit(0)", "exit 0 but stdout is not exactly one JSON value"),
    ("print('{}{}'); sys.exit(0)", "exit 0 but stdout is not exactly one JSON value"),
    ("print(json.dumps({'error': 3})); sys.exit(1)", 'stdout is not {"error": {...}}'),
    ("print(json.dumps({'error': {}, 'x': 1})); sys.exit(1)", 'stdout is not {"error": {...}}'),
    ("print(json.dumps({'error': {'offset': '7'}})); sys.exit(1)", "error.offset"),
    ("sys.stdout.buffer.write(b'\\xff'); sys.exit(1)", "not UTF-8"),
    ("sys.exit(3)", "exit 3"),
])
def test_anything_but_accept_or_structured_reject_is_a_crash(tmp_path, body, why):
    p, s = summary(tmp_path, "--filter", "^(valid|invalid)-magic", adapter(tmp_path, "bad", body))
    assert p.returncode == 1
    assert s["crashed"] == s["run"] > 0, s
    assert all(why in f["detail"] for f in s["failures"]), s["failures"][:2]


def n_valid(cases):
    return sum(c["verdict"] == "valid" for c in cases)


def n_rejected(cases):
    return sum(c["verdict"] == "invalid" or c.get("decision") == "reject" for c in cases)


def test_bare_reject_counts_only_with_the_migration_flag(tmp_path, sample):
    ad = adapter(tmp_path, "bare", "sys.exit(1)")
    _, s = summary(tmp_path, "--filter", SAMPLE, ad)
    assert s["crashed"] == len(sample)
    _, s = summary(tmp_path, "--filter", SAMPLE, "--allow-bare-reject", ad)
    assert s["crashed"] == 0 and s["wrongly-rejected"] == n_valid(sample)
    assert s["pass"] == len(sample) - n_valid(sample)


def test_structured_rejections_of_everything(tmp_path, sample):
    ad = adapter(tmp_path, "strict", "print(json.dumps({'error': {}})); sys.exit(1)")
    p, s = summary(tmp_path, "--filter", SAMPLE, ad)
    assert p.returncode == 1
    assert s["wrongly-rejected"] == n_valid(sample) and s["crashed"] == 0


def test_lax_adapter_is_flagged(tmp_path, sample):
    _, s = summary(tmp_path, "--filter", SAMPLE, adapter(tmp_path, "lax", "print('{}')"))
    assert s["wrongly-accepted"] == sum(c["verdict"] == "invalid" for c in sample)
    assert s["decoded-differently"] > 0


def test_check_reasons(tmp_path, sample):
    f = ("--filter", SAMPLE)
    _, s = summary(tmp_path, "--check-reasons", *f, oracle(tmp_path, "wrong-rule", "wr"))
    wrong = [x for x in s["failures"] if x["outcome"] == "wrong-reason"]
    # every rejection but invalid-magic's names the wrong rule
    assert len(wrong) == n_rejected(sample) - 1
    assert "adapter said magic@0" in wrong[0]["detail"]
    _, s = summary(tmp_path, "--check-reasons", *f, oracle(tmp_path, "no-reason", "nr"))
    assert s["wrong-reason"] == n_rejected(sample)
    assert all("names no rule and no offset" in x["detail"] for x in s["failures"])
    # Without --check-reasons the same answers pass.
    p, s = summary(tmp_path, *f, oracle(tmp_path, "no-reason", "nr2"))
    assert p.returncode == 0
    # One matching entry in `diagnostics` is enough.
    p, s = summary(tmp_path, "--check-reasons", *f, oracle(tmp_path, "diagnostics", "dg"))
    assert p.returncode == 0, s["failures"][:3]


def test_known_failures_xfail_and_xpass(tmp_path, manifest):
    ad = oracle(tmp_path, "break-one")
    kf = tmp_path / "kf.txt"
    kf.write_text("# comment\nvalid-matrix-v2-amd64  our v2 amd64 reader is broken\n")
    p, s = summary(tmp_path, "--filter", SAMPLE, "--known-failures", kf, ad)
    assert p.returncode == 0, s["failures"]
    assert s["xfail"] == 1 and s["xfail_ids"] == ["valid-matrix-v2-amd64"]
    # An old id (alias) works; a listed case that passes is an xpass failure.
    kf.write_text("invalid-fde-info-unused-v3: renamed in 1.1\n")
    p, s = summary(tmp_path, "--filter", SAMPLE, "--known-failures", kf, oracle(tmp_path))
    assert p.returncode == 1
    assert s["xpass"] == 1
    assert s["failures"][0]["id"] == "impldef-fde-info-unused-v3"
    assert "renamed in 1.1" in s["failures"][0]["detail"]
    kf.write_text("no-such-case  reason\n")
    p = run("--known-failures", kf, oracle(tmp_path))
    assert p.returncode == 2 and "no case 'no-such-case'" in p.stderr
    assert "Traceback" not in p.stderr


def test_skipped_cases_are_reported(tmp_path, manifest):
    junit = tmp_path / "j.xml"
    p, s = summary(tmp_path, "--versions", "2", "--filter", SAMPLE, "--junit", junit,
                   oracle(tmp_path))
    assert p.returncode == 0
    n2 = sum(c["version"] == 2 for c in manifest["cases"] if re.search(SAMPLE, c["id"]))
    assert s["cases"] == len(manifest["cases"]) and s["run"] == n2 > 0
    assert s["skipped"] == len(manifest["cases"]) - n2
    (suite,) = ET.parse(junit).getroot().findall("testsuite")
    skipped = [t for t in suite.findall("testcase") if t.find("skipped") is not None]
    assert len(skipped) == s["skipped"] and suite.get("skipped") == str(s["skipped"])
    msgs = {t.find("skipped").get("message") for t in skipped}
    assert "skipped: version 3 not in --versions" in msgs
    assert "skipped: not matched by --filter" in msgs


def test_endian_selects_by_byte_order(tmp_path, manifest):
    p, s = summary(tmp_path, "--endian", "big", oracle(tmp_path))
    assert p.returncode == 0
    big = sum(c["endian"] == "big" for c in manifest["cases"])
    assert s["run"] == big > 0 and s["skipped"] == len(manifest["cases"]) - big


def test_junit_carries_adapter_stderr_and_failures(tmp_path):
    ad = adapter(tmp_path, "noisy", "sys.stderr.write('NOISE-42\\n'); print('{}')")
    junit = tmp_path / "j.xml"
    run("-q", "--filter", "^invalid-magic$", "--junit", junit, ad)
    tc = next(t for t in ET.parse(junit).getroot().iter("testcase")
              if t.get("name") == "invalid-magic")
    assert tc.find("system-err").text.strip() == "NOISE-42"
    assert tc.find("failure").get("message").startswith("wrongly-accepted")


@pytest.mark.parametrize("args,msg", [
    (["--filter", "("], "--filter: bad regular expression"),
    (["--versions", "x"], "--versions: expected a comma-separated list"),
    (["--versions", "7"], "--versions: SFrame versions are 1, 2 and 3"),
    (["--filter", "^no-such-case$"], "no cases selected"),
    (["--expect-version", "0.0.1"], "--expect-version"),
])
def test_usage_errors_exit_2_with_a_message(tmp_path, args, msg):
    p = run(*args, oracle(tmp_path))
    assert p.returncode == 2, p.stdout
    assert msg in p.stderr and "Traceback" not in p.stderr


def test_usage_errors_without_options(tmp_path):
    assert run().returncode == 2
    p = run(tmp_path / "missing-adapter")
    assert p.returncode == 2 and "not found" in p.stderr


def test_timeout_is_a_crash(tmp_path):
    p, s = summary(tmp_path, "--timeout", "0.5", "--filter", "^valid-empty-v1$",
                   adapter(tmp_path, "slow", "time.sleep(5)"))
    assert s["crashed"] == 1 and s["failures"][0]["detail"] == "timeout"


def build_dist(out):
    p = subprocess.run([sys.executable, str(CONF / "make-dist"), "--out", str(out)],
                       capture_output=True, text=True, check=True)
    return pathlib.Path(p.stdout.strip())


def test_release_tarball_runs_from_an_empty_directory(tmp_path, manifest):
    tgz = build_dist(tmp_path / "dist")
    ver = manifest["suite_version"]
    assert tgz.name == f"sframe-conformance-{ver}.tar.gz"
    digest = hashlib.sha256(tgz.read_bytes()).hexdigest()
    assert (tgz.parent / (tgz.name + ".sha256")).read_text().split()[0] == digest
    assert build_dist(tmp_path / "again").read_bytes() == tgz.read_bytes(), "not reproducible"
    empty = tmp_path / "empty"
    empty.mkdir()
    with tarfile.open(tgz) as tar:
        names = tar.getnames()
        tar.extractall(empty)
    top = f"sframe-conformance-{ver}"
    for need in ("run", "manifest.json", "README.md", "CHANGELOG.md", "rules.json",
                 "adapters/reference_adapter.py", "known-failures/reference-adapter.txt",
                 "schema/canonical.schema.json", "schema/manifest.schema.json",
                 "decisions/libsframe-2.47.txt", "decisions/libsframe-2.44.txt"):
        assert f"{top}/{need}" in names
    assert not [n for n in names if n.endswith(".c")
                or ("/adapters/" in n and not n.endswith("/reference_adapter.py"))]
    ad = oracle(tmp_path)
    # -I: no user site, no PYTHONPATH; cwd is elsewhere: stdlib only.
    p = subprocess.run([sys.executable, "-I", str(empty / top / "run"), "-q", "--filter",
                        SAMPLE, "--check-reasons", "--expect-version", ver, ad],
                       capture_output=True, text=True, cwd=str(tmp_path))
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    assert f"suite {ver}" in p.stdout
    # The shipped decisions files are valid --decisions input for this suite.
    for dec in ("libsframe-2.47", "libsframe-2.44"):
        q = subprocess.run([sys.executable, "-I", str(empty / top / "run"), "-q", "--filter",
                            "^valid-empty-v2$", "--decisions",
                            str(empty / top / "decisions" / f"{dec}.txt"), ad],
                           capture_output=True, text=True, cwd=str(tmp_path))
        assert q.returncode == 0, q.stdout[-2000:] + q.stderr
    # The README it ships pins this version and this content hash.
    sha = re.search(r"sha256:([0-9a-f]{16})", p.stdout).group(1)
    text = (empty / top / "README.md").read_text()
    assert "@SUITE_" not in text and f"--expect-version {ver}" in text
    full = re.search(r"--expect-sha256 ([0-9a-f]{64})", text).group(1)
    assert full.startswith(sha)
    # Every rule a case names is in the shipped catalogue.
    rules = {r["id"] for r in json.loads((empty / top / "rules.json").read_text())["rules"]}
    assert {c["rule"] for c in manifest["cases"] if c["rule"]} <= rules


def check_readme(*args):
    return subprocess.run([sys.executable, str(CONF / "make-dist"), "--check-readme", *args],
                          capture_output=True, text=True)


def test_check_readme_rejects_a_stale_pin(tmp_path, manifest):
    """--check-readme (make gen-check) passes the README a release ships, and
    fails on one filled in for another version or content hash."""
    tgz = build_dist(tmp_path / "dist")
    top = f"sframe-conformance-{manifest['suite_version']}"
    with tarfile.open(tgz) as tar:
        shipped = tar.extractfile(f"{top}/README.md").read().decode()
    good = tmp_path / "README-good.md"
    good.write_text(shipped)
    p = check_readme(str(good))
    assert p.returncode == 0, p.stderr
    assert check_readme().returncode == 0
    sys.dont_write_bytecode = True
    loader = importlib.machinery.SourceFileLoader("make_dist", str(CONF / "make-dist"))
    spec = importlib.util.spec_from_loader("make_dist", loader)
    dist = importlib.util.module_from_spec(spec)
    loader.exec_module(dist)
    version, sha = dist.suite_meta()
    major = int(version.split(".")[0])
    for wrong, what in (((f"{major - 1}.9.0", sha), f"--expect-version {major - 1}.9.0"),
                        ((version, "0" * 64), "--expect-sha256 0000000000000000")):
        stale = tmp_path / "README-stale.md"
        stale.write_bytes(dist.readme(*wrong))
        p = check_readme(str(stale))
        assert p.returncode == 1 and what in p.stderr, p.stderr
    # A pin typed into the template (not a placeholder) is stale the day the
    # version moves: the check of the template catches it too.
    assert dist.readme_problems(shipped.replace(f"--expect-version {version}",
                                                "--expect-version 1.1.0"), version, sha)


def test_the_tarball_alone_runs_its_reference_adapter(tmp_path, manifest):
    """Adoption from the tarball only: unpack it in an empty directory and run
    the reference adapter it ships, as its README says, from elsewhere."""
    tgz = build_dist(tmp_path / "dist")
    empty = tmp_path / "empty"
    empty.mkdir()
    with tarfile.open(tgz) as tar:
        tar.extractall(empty)
    top = empty / f"sframe-conformance-{manifest['suite_version']}"
    ref = f"{sys.executable} -I {top / 'adapters' / 'reference_adapter.py'}"
    kf = top / "known-failures" / "reference-adapter.txt"
    for extra in ([], ["--compare", "stored"]):
        p = subprocess.run([sys.executable, "-I", str(top / "run"), "-q", "--check-reasons",
                            "--known-failures", str(kf), *extra, ref],
                           capture_output=True, text=True, cwd=str(tmp_path))
        assert p.returncode == 0, p.stdout[-3000:] + p.stderr


def test_runner_names_the_differing_json_path(tmp_path):
    case = "valid-matrix-v2-amd64"
    body = f"""
e = json.load(open({str(CONF / 'expect' / (case + '.json'))!r}))
e['fdes'][2]['fres'][1]['cfa']['offset'] += 8
print(json.dumps(e))"""
    p = run("-q", "--filter", f"^{case}$", adapter(tmp_path, "off", body))
    assert p.returncode == 1
    assert "$.fdes[2].fres[1].cfa.offset: expected" in p.stdout


# An adapter that prints, for each accepted case, the expect file of one
# reading (SIDES: {decision: side}) and optionally spoils one layer.
SIDED = """
import json, os, sys
case_file = sys.argv[-1]
base = os.path.dirname(os.path.dirname(os.path.abspath(case_file)))
m = json.load(open(os.path.join(base, 'manifest.json')))
c = [c for c in m['cases'] if os.path.basename(c['file']) == os.path.basename(case_file)][0]
SIDES, SPOIL, DECLARE = {sides!r}, {spoil!r}, {declare!r}
want = c['expect']
for a in c.get('expect_sides', []):
    if a['sides'] == SIDES:
        want = a['expect']
d = json.load(open(os.path.join(base, want)))
fre = d['fdes'][0]['fres'][0] if d['fdes'] and d['fdes'][0]['fres'] else None
if SPOIL == 'rules' and fre:
    fre['cfa'] = {{'kind': 'same'}}
if SPOIL == 'stored' and fre:
    fre['start'] += 1
if SPOIL == 'no-rules' and fre:
    for f in d['fdes']:
        for r in f['fres']:
            del r['cfa'], r['ra'], r['fp']
if SPOIL == 'regnum':
    for f in d['fdes']:
        for r in f['fres']:
            for k in ('cfa', 'ra', 'fp'):
                if r[k].get('reg_p') == 0:
                    r[k]['regnum'] = 7
if DECLARE:
    d['decisions'] = SIDES
print(json.dumps(d))
"""
S390X_FLEX = "^(valid-matrix-v3-s390x|valid-v3-flex-drap-s390x|valid-matrix-v2-amd64)$"


def sided(tmp_path, sides=None, spoil="", declare=False, name="sided"):
    return adapter(tmp_path, name, SIDED.format(sides=sides or {}, spoil=spoil,
                                                declare=declare))


def test_a_declared_decision_is_compared_with_its_reading(tmp_path):
    literal = {"s390x-flex-cfa-scaled": "literal"}
    dec = tmp_path / "decisions.txt"
    dec.write_text("# ours\ns390x-flex-cfa-scaled literal\n")
    # undeclared: the other reading is a decision-mismatch, not decoded-differently
    p, s = summary(tmp_path, "--filter", S390X_FLEX, sided(tmp_path, literal))
    assert s["decision-mismatch"] == 2 and s["pass"] == 1, p.stdout
    assert "s390x-flex-cfa-scaled=literal" in p.stdout
    # declared by file or by the adapter's own field: pass
    p, s = summary(tmp_path, "--filter", S390X_FLEX, "--decisions", dec, sided(tmp_path, literal))
    assert s["pass"] == 3, p.stdout
    p, s = summary(tmp_path, "--filter", S390X_FLEX, sided(tmp_path, literal, declare=True))
    assert s["pass"] == 3, p.stdout
    # declared literal but decodes the suite's way: decision-mismatch
    p, s = summary(tmp_path, "--filter", S390X_FLEX, "--decisions", dec, sided(tmp_path))
    assert s["decision-mismatch"] == 2, p.stdout


def test_decisions_file_errors_are_usage_errors(tmp_path):
    for text, want in (("no-such-decision x\n", "no decision"),
                       ("s390x-flex-cfa-scaled sideways\n", "no reading"),
                       ("s390x-flex-cfa-scaled\n", "DECISION SIDE")):
        dec = tmp_path / "d.txt"
        dec.write_text(text)
        p = run("--decisions", dec, sided(tmp_path))
        assert p.returncode == 2 and want in p.stderr, p.stderr


def test_layers_have_their_own_outcomes(tmp_path):
    p, s = summary(tmp_path, "--filter", S390X_FLEX, sided(tmp_path, spoil="rules"))
    assert s["rules-differ"] == 3 and s["decoded-differently"] == 0, p.stdout
    p, s = summary(tmp_path, "--filter", S390X_FLEX, sided(tmp_path, spoil="stored"))
    assert s["decoded-differently"] == 3 and s["rules-differ"] == 0, p.stdout
    assert ".start: expected" in p.stdout


def test_compare_stored_ignores_the_rules(tmp_path):
    for spoil in ("rules", "no-rules"):
        p, s = summary(tmp_path, "--filter", S390X_FLEX, "--compare", "stored",
                       sided(tmp_path, spoil=spoil))
        assert s["pass"] == 3, p.stdout
    p, s = summary(tmp_path, "--filter", S390X_FLEX, "--compare", "stored",
                   sided(tmp_path, spoil="stored"))
    assert s["decoded-differently"] == 3, p.stdout


def test_regnum_without_reg_p_is_not_compared(tmp_path, manifest):
    p, s = summary(tmp_path, "--filter", "^valid-flex-ra-regnum-ignored$",
                   sided(tmp_path, spoil="regnum"))
    assert s["pass"] == 1, p.stdout


def test_kind_is_compared_first(tmp_path):
    p, s = summary(tmp_path, "--filter", "^valid-matrix-v2-amd64$", sided(tmp_path, spoil="rules"))
    assert ".cfa.kind: expected" in p.stdout, p.stdout


# An adapter written against suite 1.0.0's protocol (README of 1.0.0,
# "Writing an adapter"): accept = exit 0 + the canonical JSON, which then
# printed `regnum` on every expr rule; reject = exit 1, stdout ignored.
PROTOCOL_1 = """
import json, os, sys
case_file = sys.argv[-1]
base = os.path.dirname(os.path.dirname(os.path.abspath(case_file)))
m = json.load(open(os.path.join(base, 'manifest.json')))
c = [c for c in m['cases'] if os.path.basename(c['file']) == os.path.basename(case_file)][0]
if c['verdict'] == 'invalid' or c.get('decision') == 'reject':
    sys.exit(1)
d = json.load(open(os.path.join(base, c['expect']))) if c['expect'] else {}
for f in d.get('fdes', []):
    for r in f['fres']:
        for k in ('cfa', 'ra', 'fp'):
            if r[k]['kind'] == 'expr':
                r[k].setdefault('regnum', 0)
print(json.dumps(d))
"""


def test_a_protocol_1_adapter_passes_or_gets_a_version_error(tmp_path):
    a = adapter(tmp_path, "v1adapter", PROTOCOL_1)
    p = run("-q", "--filter", SAMPLE, a)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "protocol of suite 1.0.0" in p.stderr and "--protocol 1" in p.stderr
    p = run("-q", "--filter", SAMPLE, "--protocol", "1", a)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr


def test_retired_ids_are_accepted_with_a_warning(tmp_path, manifest):
    assert manifest["retired"], "no retired ids: drop this test"
    gone = manifest["retired"][0]["id"]
    ids = {c["id"] for c in manifest["cases"]} | {a for c in manifest["cases"]
                                                 for a in c.get("aliases", [])}
    assert gone not in ids
    kf = tmp_path / "kf.txt"
    kf.write_text(f"{gone} an old failure\n")
    p = run("-q", "--filter", SAMPLE, "--known-failures", kf, oracle(tmp_path))
    assert p.returncode == 0, p.stderr
    assert f"{gone} was retired in" in p.stderr


def test_expect_sha256_checks_the_content_hash(tmp_path):
    sj = tmp_path / "s.json"
    p = run("-q", "--filter", SAMPLE, "--summary-json", sj, oracle(tmp_path))
    (s,) = json.loads(sj.read_text()).values()
    p = run("-q", "--filter", SAMPLE, "--expect-sha256", s["suite_sha256"], oracle(tmp_path))
    assert p.returncode == 0, p.stderr
    p = run("-q", "--filter", SAMPLE, "--expect-sha256", "0" * 64, oracle(tmp_path))
    assert p.returncode == 2 and "content hash" in p.stderr


def test_junit_outcome_property_and_label(tmp_path):
    kf = tmp_path / "kf.txt"
    kf.write_text("valid-matrix-v2-amd64 [crashed] known\n")
    xml = tmp_path / "j.xml"
    p = run("-q", "--filter", SAMPLE, "--versions", "2", "--known-failures", kf,
            "--junit", xml, "--label", "my-reader", oracle(tmp_path, "break-one"))
    assert p.returncode == 0, p.stdout + p.stderr
    suite = ET.parse(xml).getroot().find("testsuite")
    assert suite.get("name") == "sframe-conformance[my-reader]"
    props = {t.get("name"): {q.get("name"): q.get("value") for q in t.iter("property")}
             for t in suite.findall("testcase")}
    assert props["valid-matrix-v2-amd64"]["outcome"] == "xfail"
    assert props["valid-matrix-v2-amd64"]["known_failure"] == "crashed"
    assert props["invalid-magic"]["outcome"] == "pass"
    assert props["valid-empty-v1"]["outcome"] == "skipped"
    xf = [t for t in suite.findall("testcase") if t.get("name") == "valid-matrix-v2-amd64"][0]
    assert xf.find("skipped") is None and xf.find("failure") is None
    assert run("--label", "a", "--label", "b", oracle(tmp_path)).returncode == 2


def test_known_failure_of_another_kind_fails(tmp_path):
    kf = tmp_path / "kf.txt"
    kf.write_text("valid-matrix-v2-amd64 [decoded-differently] was a decode bug\n")
    p, s = summary(tmp_path, "--filter", SAMPLE, "--known-failures", kf,
                   oracle(tmp_path, "break-one"))
    assert s["crashed"] == 1 and s["xfail"] == 0, p.stdout
    assert "listed as [decoded-differently]" in p.stdout
    kf.write_text("valid-matrix-v2-amd64 [sideways] x\n")
    assert run("--known-failures", kf, oracle(tmp_path)).returncode == 2


def test_known_failures_rule_entries(tmp_path):
    kf = tmp_path / "kf.txt"
    kf.write_text("rule:fde-sorted [wrongly-accepted] no sortedness check\n")
    accept_all = adapter(tmp_path, "accept_all", SIDED.format(sides={}, spoil="", declare=False)
                         .replace("want = c['expect']", "want = c['expect'] or "
                                  "[x for x in m['cases'] if x['expect']][0]['expect']"))
    p, s = summary(tmp_path, "--filter", "^invalid-fde-sorted-", "--known-failures", kf,
                   accept_all)
    assert s["xfail"] == 3 and not s["failures"], p.stdout
    # a rule entry none of whose cases fails is stale: reported like an xpass
    p, s = summary(tmp_path, "--filter", "^invalid-fde-sorted-", "--known-failures", kf,
                   oracle(tmp_path))
    assert s["xpass"] == 1 and p.returncode == 1, p.stdout
    assert "rule:fde-sorted" in p.stdout
    kf.write_text("rule:no-such-rule x\n")
    assert run("--known-failures", kf, oracle(tmp_path)).returncode == 2
