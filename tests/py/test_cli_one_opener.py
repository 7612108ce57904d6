# SPDX-License-Identifier: MIT
"""One way to open an input: in src/cli and src/fmt, only reader.c's
cli_open_regular() opens a file for reading.  The other opens are of
another kind and listed here: directories of a -r walk (O_DIRECTORY),
/dev/null for a standard descriptor closed at start, and the report's
unlinked temporary file (O_TMPFILE, file_list.c), which is made, never
an input.  A new fopen(),
open() or openat() elsewhere fails this test: read through reader.h."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
CALL = re.compile(r"(?<![\w.>])(fopen|freopen|fdopen|open|openat|opendir|creat)\s*\(")


def code(text):
    """text without comments and string literals (their places kept)."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.S)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def allowed(path, line):
    if path == "src/cli/reader.c":
        return "openat(dfd, path, O_RDONLY | O_NONBLOCK" in line
    if path == "src/cli/tree.c":
        return "O_DIRECTORY" in line
    if path == "src/cli/file_list.c":
        return "open(dir, O_TMPFILE | O_RDWR" in line
    if path == "src/cli/main.c":
        return 'open("", fd == 0 ? O_RDONLY : O_WRONLY)' in line
    return False


def test_only_the_reader_opens_inputs():
    bad = []
    for f in sorted((ROOT / "src" / "cli").glob("*.c")) + sorted((ROOT / "src" / "fmt").glob("*.c")):
        rel = str(f.relative_to(ROOT))
        for n, line in enumerate(code(f.read_text()).splitlines(), 1):
            if CALL.search(line) and not allowed(rel, line):
                bad.append(f"{rel}:{n}: {line.strip()}")
    assert not bad, "opens outside reader.c's cli_open_regular():\n" + "\n".join(bad)
