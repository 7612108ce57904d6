# SPDX-License-Identifier: MIT
"""Checks two properties of libsfv from the compiler's own call graph and
stack-usage reports (gcc -fcallgraph-info=su), not from reading the source:

  * no recursion: the call graph of src/*.c has no cycle (direct or
    indirect); calls through the caller's diagnostic callback are the
    caller's code and are not edges;
  * no unbounded stack: every defined function's stack usage is "static"
    or "dynamic,bounded" (gcc's word for a fixed frame plus outgoing stack
    arguments, seen at -O0 on calls with many arguments); plain "dynamic"
    (a VLA, alloca) is a violation, and so is a defined function whose
    usage the report does not give.  The largest frames are printed for the
    record.

Usage: check_callgraph.py BUILD_DIR SRC...   (exit 1 on a violation)
"""
import pathlib
import re
import subprocess
import sys

# Stack usage kinds accepted: both have a compile-time bound.
BOUNDED = {"static", "dynamic,bounded"}
USAGE = re.compile(r"(\d+) bytes \(([\w,]+)\)")
NODE = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')


def main() -> int:
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    edges, defined, stack, bad = {}, set(), {}, []
    # Functions of the checked sources (and of headers next to them): the
    # ones whose stack usage must be in the report.
    src_dirs = {str(pathlib.Path(src).parent) for src in sys.argv[2:]}
    ours = set()
    for src in sys.argv[2:]:
        obj = out / (pathlib.Path(src).stem + ".o")
        subprocess.run(["gcc", "-std=c11", "-D_DEFAULT_SOURCE", "-O0", "-Isrc",
                        "-fcallgraph-info=su", "-c", src, "-o", str(obj)],
                       check=True)
        text = obj.with_suffix(".ci").read_text()
        for title, label in NODE.findall(text):
            if "\\n" in label and ":" in label.split("\\n", 1)[1]:
                defined.add(title)
                where = label.split("\\n")[1].rsplit(":", 2)[0]
                if str(pathlib.Path(where).parent) in src_dirs:
                    ours.add(title)
            m = USAGE.search(label)
            if m:
                stack[title] = (int(m.group(1)), m.group(2))
        for a, b in EDGE.findall(text):
            edges.setdefault(a, set()).add(b)
    # Cycle search (iterative DFS, colours).
    colour, cycles = {}, []
    for root in sorted(defined):
        if colour.get(root):
            continue
        stackv = [(root, iter(sorted(edges.get(root, ()))))]
        path = [root]
        colour[root] = 1
        while stackv:
            node, it = stackv[-1]
            nxt = next(it, None)
            if nxt is None:
                colour[node] = 2
                stackv.pop()
                path.pop()
                continue
            if colour.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt])
            elif not colour.get(nxt) and nxt in defined:
                colour[nxt] = 1
                stackv.append((nxt, iter(sorted(edges.get(nxt, ())))))
                path.append(nxt)
    for c in cycles:
        bad.append("recursion: " + " -> ".join(c))
    for f, (n, kind) in sorted(stack.items()):
        if kind not in BOUNDED:
            bad.append(f"dynamic stack ({kind}, {n} bytes): {f}")
    for f in sorted(ours - stack.keys()):
        bad.append(f"no stack usage in gcc's report: {f}")
    big = sorted(((n, f) for f, (n, _) in stack.items()), reverse=True)[:3]
    print(f"check-callgraph: {len(defined)} functions "
          f"({len(stack)} stack usages checked), "
          f"{sum(len(v) for v in edges.values())} call edges, no recursion"
          if not cycles else "check-callgraph: recursion found")
    print("check-callgraph: largest frames (-O0): " +
          ", ".join(f"{f.split(':')[-1]} {n} B" for n, f in big))
    for b in bad:
        print("check-callgraph: " + b, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
