#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""cov_table.py ROOT EXPORT.json... - line and branch coverage per folder
of src/ from `llvm-cov export -summary-only` documents (one per measured
set: the name before '=' in NAME=FILE heads its columns): each folder of
the library (src/ outside cli and fmt) and the library as a whole, fmt
(src/fmt), cli (src/cli) and all of them (what the command runs).  Then the files of the last set with the most lines
not run.  Markdown on stdout."""
import json
import os
import sys


def groups(rel):
    """The rows a file counts in."""
    parts = rel.split("/")
    top = parts[1] if len(parts) > 2 else "(src/)"
    if top in ("cli", "fmt"):
        return {top, "all"}
    return {"library/" + top, "library", "all"}


def load(root, path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    files = {}
    for fl in doc["data"][0]["files"]:
        rel = os.path.relpath(fl["filename"], root)
        if rel.startswith("src/"):
            s = fl["summary"]
            files[rel] = (s["lines"]["count"], s["lines"]["covered"],
                          s["branches"]["count"], s["branches"]["covered"])
    return files


def pct(a, b):
    return f"{100.0 * a / b:.1f} %" if b else "-"


def main():
    root = os.path.abspath(sys.argv[1])
    sets = []
    for arg in sys.argv[2:]:
        name, _, path = arg.partition("=")
        sets.append((name, load(root, path)))
    head = "| folder | " + " | ".join(f"{n}: lines | {n}: branches" for n, _ in sets) + " |"
    print(head)
    print("|" + "---|" * (1 + 2 * len(sets)))
    libs = sorted({g for _, files in sets for rel in files for g in groups(rel)
                   if g.startswith("library/")})
    for grp in libs + ["library", "fmt", "cli", "all"]:
        cells = []
        for _, files in sets:
            t = [0, 0, 0, 0]
            for rel, v in files.items():
                if grp in groups(rel):
                    t = [a + b for a, b in zip(t, v)]
            cells += [f"{pct(t[1], t[0])} ({t[0] - t[1]} missed)", pct(t[3], t[2])]
        label = {"all": "**all (the command)**", "library": "**library**"}.get(grp, grp)
        print(f"| {label} | " + " | ".join(cells) + " |")
    name, files = sets[-1]
    print(f"\nMost lines not run ({name}):\n")
    print("| file | lines not run | lines | branches |")
    print("|---|---|---|---|")
    worst = sorted(files.items(), key=lambda kv: kv[1][0] - kv[1][1], reverse=True)
    for rel, (lc, lv, bc, bv) in worst[:12]:
        print(f"| {rel} | {lc - lv} | {pct(lv, lc)} | {pct(bv, bc)} |")


if __name__ == "__main__":
    main()
