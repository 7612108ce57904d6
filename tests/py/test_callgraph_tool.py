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
