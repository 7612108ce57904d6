# SPDX-License-Identifier: MIT
"""tests/tools/check_untrusted_print.py fails when a name is printed other
than through the printers, and passes on the tree as it is."""
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "tests" / "tools" / "check_untrusted_print.py"


def check(root):
    return subprocess.run([sys.executable, str(TOOL), str(root)], capture_output=True,
                          text=True)


def test_tree_passes():
    r = check(ROOT)
    assert r.returncode == 0, r.stderr


def test_raw_name_fails(tmp_path):
    for d in ("cli", "fmt"):
        shutil.copytree(ROOT / "src" / d, tmp_path / "src" / d)
    f = tmp_path / "src" / "cli" / "output.c"
    f.write_text(f.read_text() + '\nvoid leak(const char *path) {\n'
                 '  printf("In archive %s:\\n", path);\n  fputs(path, stdout);\n}\n')
    r = check(tmp_path)
    assert r.returncode == 1
    assert "printf: %s path" in r.stderr and "fputs: path" in r.stderr, r.stderr
