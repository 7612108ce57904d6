# SPDX-License-Identifier: MIT
"""The call-graph checker (tests/tools/check_callgraph.py, run on libsfv by
`make check-callgraph`) must actually catch what it claims to."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "tests" / "tools" / "check_callgraph.py"


def run(tmp_path, code):
    src = tmp_path / "t.c"
    src.write_text(code)
    return subprocess.run([sys.executable, str(TOOL), str(tmp_path / "out"), str(src)],
                          capture_output=True, text=True)


def test_clean_code_passes(tmp_path):
    r = run(tmp_path, "int g(int x);\nint g(int x) { return x + 1; }\n"
                      "int f(int x);\nint f(int x) { return g(x) * 2; }\n")
    assert r.returncode == 0, r.stderr


def test_mutual_recursion_is_caught(tmp_path):
    r = run(tmp_path, "int odd(unsigned n);\n"
                      "static int even(unsigned n) { return n == 0 ? 1 : odd(n - 1); }\n"
                      "int odd(unsigned n) { return n == 0 ? 0 : even(n - 1); }\n")
    assert r.returncode == 1 and "recursion" in r.stderr


def test_vla_is_caught(tmp_path):
    r = run(tmp_path, "int f(unsigned n);\n"
                      "int f(unsigned n) { char b[n]; b[0] = 1; return b[0]; }\n")
    assert r.returncode == 1 and "dynamic stack" in r.stderr


# A call with stack-passed arguments at -O0: gcc says "(dynamic,bounded)".
MANY_ARGS = ("long h(long a, long b, long c, long d, long e, long f, long g, long i);\n"
             "long h(long a, long b, long c, long d, long e, long f, long g, long i)"
             " { return a + b + c + d + e + f + g + i; }\n"
             "long many(long x);\n"
             "long many(long x) { char big[3000]; big[0] = (char)x;"
             " return h(x, x, x, x, x, x, x, big[0]); }\n")


def test_dynamic_bounded_is_checked_and_accepted(tmp_path):
    r = run(tmp_path, MANY_ARGS)
    ci = (tmp_path / "out" / "t.ci").read_text()
    assert "(dynamic,bounded)" in ci  # the case this test is about
    assert r.returncode == 0, r.stderr
    assert "2 stack usages checked" in r.stdout
    # ... and it is in the largest frames, first (3000+ bytes).
    assert "largest frames (-O0): many " in r.stdout


def test_vla_next_to_bounded_is_still_caught(tmp_path):
    r = run(tmp_path, MANY_ARGS + "int f(unsigned n);\n"
                      "int f(unsigned n) { char b[n]; b[0] = 1; return b[0]; }\n")
    assert r.returncode == 1
    assert "dynamic stack (dynamic," in r.stderr and ": f" in r.stderr
    assert "many" not in r.stderr
