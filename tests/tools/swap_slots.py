# SPDX-License-Identifier: MIT
"""Mutation check for the typed reports (issue 10: "swapping any
found/expected pair fails a test"): for every ELF_FIND / AR_FIND /
SFV_FIND call with two or more named slots in the given sources, swaps the
values of each pair of slots, rebuilds the CLI and runs the given test; a
swap the test does not fail is printed as SURVIVED.  Each source is
restored after its mutation.  Slow (one relink and one test run per swap):
run it by hand, not from make test.

Usage: swap_slots.py [--test PYTEST_ARGS] SOURCE...
  e.g. tests/tools/swap_slots.py src/elf/elf_check.c src/elf/elf_reloc.c \\
       src/elf/elf_cover.c src/sframe/policy.c src/cli/archive.c
  (default test: tests/py/test_elf_values.py).  Exit 1 if a swap survived.
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CALL = re.compile(r"\b(ELF_FIND|AR_FIND|SFV_FIND)\(")


def split_top(s):
    """s split at the commas outside parentheses/brackets/braces."""
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


def calls(text):
    """(start, end, argument text) of every reporter call."""
    for m in CALL.finditer(text):
        i, depth = m.end(), 1
        while depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield m.start(), i, text[m.end():i - 1]


def swaps(text):
    """Every text with one pair of slot values of one call swapped, with a
    label."""
    for start, end, inner in calls(text):
        args = split_top(inner)
        slots = [k for k, a in enumerate(args) if a.strip().startswith(".")]
        for x, ix in enumerate(slots):
            for iy in slots[x + 1:]:
                nx, vx = args[ix].split("=", 1)
                ny, vy = args[iy].split("=", 1)
                if vx.strip() == vy.strip():
                    continue
                new = list(args)
                new[ix], new[iy] = nx + "=" + vy, ny + "=" + vx
                line = text.count("\n", 0, start) + 1
                yield (f"line {line}: {nx.strip()} <-> {ny.strip()}",
                       text[:start] + CALL.match(text, start).group(0) +
                       ",".join(new) + ")" + text[end:])


def main(argv):
    test = ["tests/py/test_elf_values.py"]
    if argv[:1] == ["--test"]:
        test, argv = argv[1].split(), argv[2:]
    survived = total = 0
    for src in argv:
        p = ROOT / src
        orig = p.read_text()
        try:
            for label, mutated in swaps(orig):
                p.write_text(mutated)
                total += 1
                b = subprocess.run(["make", "-s", "build/sframe-validate"], cwd=ROOT,
                                   capture_output=True)
                t = None if b.returncode else subprocess.run(
                    [sys.executable, "-m", "pytest", "-q", "-x", *test], cwd=ROOT,
                    capture_output=True)
                verdict = ("no build" if t is None else
                           "caught" if t.returncode else "SURVIVED")
                survived += verdict == "SURVIVED"
                print(f"{src} {label}: {verdict}", flush=True)
        finally:
            p.write_text(orig)
    subprocess.run(["make", "-s", "build/sframe-validate"], cwd=ROOT)
    print(f"swap_slots: {total} swaps, {survived} survived")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
