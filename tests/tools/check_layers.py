#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_layers.py - the source tree keeps its layers (docs/ARCHITECTURE.md).

Usage: check_layers.py BUILD_OBJ_DIR

Reads two graphs and fails (exit 1) on the first broken rule, naming it:
  includes  every #include "..." of src/**/*.{c,h}, resolved as the compiler
            does (the including file's folder, then src/);
  calls     which object file defines each symbol another one uses, from
            `nm` over BUILD_OBJ_DIR/<folder>/*.o (the objects of one build).
Rules:
  1. Folders form layers, bottom first: common, sframe, lookup, cfi, elf
     (libsfv), fmt (the printers), then side by side cli (the command)
     and compat (the libsframe drop-in), which never include or call
     each other.  A file includes and calls only its own folder, lower
     folders and the public faces (src/*.h, src/sfv_rules.def).
  2. fmt, cli and compat see libsfv through the public faces and one
     in-tree, not installed, header-only face: src/common/intree.h (the
     typed reporters of the command's own rules and the work budget).
     They include no other header of a libsfv folder, but compat, which
     also writes sections (the libsframe encoder), includes the format's
     facts (src/sframe/spec.h: layout.def's field table) and the cursor
     (src/common/cursor.h) rather than restate them.
  3. No circles: neither in the include graph nor among object files
     (a group of files that call each other round is one room, not a
     layer).
  4. Basenames are unique across src/.
"""
import collections
import os
import re
import subprocess
import sys

SRC = "src"
LAYERS = ["common", "sframe", "lookup", "cfi", "elf", "fmt", "cli", "compat"]
LIBSFV = set(LAYERS[:5])
INTREE_FACES = {os.path.join(SRC, "common", "intree.h")}
# Header-only format facts the libsframe encoder writes with (rule 2).
COMPAT_FACTS = {os.path.join(SRC, "sframe", "spec.h"), os.path.join(SRC, "common", "cursor.h")}
# cli and compat share the top rank: neither may reach the other.
RANK = {d: min(i, 6) for i, d in enumerate(LAYERS)}
TOP = {"cli", "compat"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder(path):
    rel = os.path.relpath(path, SRC)
    return rel.split(os.sep)[0] if os.sep in rel else None  # None: public


def sources():
    out = []
    for root, _, files in os.walk(SRC):
        for f in files:
            if f.endswith((".c", ".h", ".def")):
                out.append(os.path.join(root, f))
    return sorted(out)


def resolve(including, name):
    for base in (os.path.dirname(including), SRC):
        p = os.path.normpath(os.path.join(base, name))
        if os.path.exists(p):
            return p
    return None  # a system or out-of-tree header


def cycles(graph):
    """Strongly connected components of more than one node (Tarjan,
    iterative)."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = n[0]; n[0] += 1
        stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = n[0]; n[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def layer_ok(src_dir, dst_dir):
    if dst_dir is None:
        return True
    if src_dir is None:  # a public face includes only public faces
        return False
    if src_dir != dst_dir and {src_dir, dst_dir} <= TOP:
        return False
    return RANK[dst_dir] <= RANK[src_dir]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    objdir = sys.argv[1]
    errors = []
    files = sources()

    names = collections.defaultdict(list)
    for f in files:
        names[os.path.basename(f)].append(f)
    for base, where in sorted(names.items()):
        if len(where) > 1:
            errors.append("basename %s is not unique: %s" % (base, ", ".join(where)))

    inc = collections.defaultdict(set)
    for f in files:
        for name in INCLUDE.findall(open(f, encoding="utf-8").read()):
            target = resolve(f, name)
            if target is None or target == f:
                continue
            inc[f].add(target)
            a, b = folder(f), folder(target)
            if a not in (None, *LAYERS) or b not in (None, *LAYERS):
                errors.append("%s: includes %s, outside the known folders" % (f, target))
            elif not layer_ok(a, b):
                errors.append("%s (layer %s) includes %s (layer %s): a layer includes only itself, lower layers and the public faces"
                              % (f, a or "public", target, b))
            elif a in ("fmt", "cli", "compat") and b in LIBSFV and target not in INTREE_FACES \
                    and not (a == "compat" and target in COMPAT_FACTS):
                errors.append("%s includes libsfv's private %s: fmt, cli and compat use the public faces" % (f, target))
    for comp in cycles(inc):
        errors.append("include circle: " + " -> ".join(comp))

    defs, uses, objs = {}, collections.defaultdict(set), []
    for d in LAYERS:
        dd = os.path.join(objdir, d)
        if not os.path.isdir(dd):
            errors.append("no objects in %s (build first)" % dd)
            continue
        for o in sorted(os.listdir(dd)):
            if not o.endswith(".o") or not os.path.exists(
                    os.path.join(SRC, d, o[:-2] + ".c")):
                continue  # not an object of today's sources
            path = os.path.join(dd, o)
            objs.append(path)
            nm = subprocess.run(["nm", path], capture_output=True, text=True, check=True).stdout
            for line in nm.splitlines():
                parts = line.split()
                if len(parts) == 2 and parts[0] == "U":
                    uses[path].add(parts[1])
                elif len(parts) == 3 and parts[1] in "TDBRVWC":
                    defs.setdefault(parts[2], path)
    calls = collections.defaultdict(set)
    for o in objs:
        for sym in uses[o]:
            target = defs.get(sym)
            if target is None or target == o:
                continue
            calls[o].add(target)
            a = os.path.basename(os.path.dirname(o))
            b = os.path.basename(os.path.dirname(target))
            if RANK[b] > RANK[a] or (a != b and {a, b} <= TOP):
                errors.append("%s (layer %s) uses %s from %s (layer %s): calls go down, never up"
                              % (o, a, sym, target, b))
    for comp in cycles(calls):
        errors.append("call circle among objects: " + " <-> ".join(comp))

    if errors:
        for e in errors:
            print("check-layers: " + e, file=sys.stderr)
        sys.exit(1)
    print("check-layers: %d source files in %d layers, %d include and %d call edges between files: "
          "every edge goes down or sideways, no circle, basenames unique"
          % (len(files), len(LAYERS), sum(map(len, inc.values())), sum(map(len, calls.values()))))


if __name__ == "__main__":
    main()
