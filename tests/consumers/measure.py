#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs every measured consumer harness on every conformance case (and on
the valid base section each invalid case was made from) and writes the
accept/reject/crash matrix.

  tests/consumers/measure.py --build build [--json OUT] [--markdown]
                             [--only NAME,...] [--files FILE...]

Harnesses (built by mk/consumers.mk from Debian packages; conformance
adapter protocol, conformance/README.md): exit 0 + canonical JSON = accept,
exit 1 = reject, anything else (signal, other status, 20 s timeout, exit 0
without JSON) = crash, counted apart from the verdicts.

Outcome per (case, harness):
  verdict   accept | reject | crash
  base      verdict on the case's valid base section (invalid and
            implementation-defined cases are a base plus ONE change, see
            gen/mutations.py); a case says something about the rule it
            breaks only when the reader accepts its base ("conclusive")
  decode    for accepted cases with an expect file: "same" or the first
            differing JSON path ("will it compute the same unwind rows?")
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CONF = os.path.join(ROOT, "conformance")
TIMEOUT = 20

sys.path.insert(0, os.path.join(ROOT, "gen"))


def env_file(path):
    """KEY=VALUE lines of a generated .env file (shell-quoted values)."""
    out = {}
    if os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                if "=" in line and not line.startswith("#"):
                    k, v = line.rstrip("\n").split("=", 1)
                    out[k] = " ".join(shlex.split(v)) if v else ""
    return out


def harnesses(build):
    """name -> (argv prefix, SFrame versions the reader claims, consumer bit).
    The bit is the SFV_C_* name of src/sfv.h the harness measures."""
    peers = env_file(os.path.join(ROOT, ".deps", "peers", "peers.env"))
    py = sys.executable
    h = {
        "kernel": ([py, os.path.join(HERE, "kernel_model.py")], {3}, "KERNEL"),
        "glibc-2.43": ([os.path.join(build, "consumers", "glibc-harness")], {2}, "GLIBC"),
        "libsframe-2.47": ([os.path.join(build, "consumers", "libsframe-2.47")], {2, 3},
                           "LIBSFRAME_2_47"),
        "libsframe-2.44": ([os.path.join(build, "consumers", "libsframe-2.44")], {1, 2},
                           "LIBSFRAME_2_44"),
    }
    if peers.get("LLVM_READOBJ"):
        h["llvm-22"] = ([py, os.path.join(CONF, "adapters", "llvm_readobj_adapter.py"),
                         "--readobj", peers["LLVM_READOBJ"]], {2}, "LLVM")
    cons = env_file(os.path.join(ROOT, ".deps", "consumers", "consumers.env"))
    if cons.get("LLVM23_READOBJ"):
        h["llvm-23"] = ([py, os.path.join(CONF, "adapters", "llvm_readobj_adapter.py"),
                         "--readobj", cons["LLVM23_READOBJ"]], {2}, "LLVM")
    return h


# Harnesses that model a reader from its cited source (no Debian package
# ships it): verdicts only, no rows.
MODELS = {"kernel"}


def run_one(argv, path):
    """-> (verdict, stdout JSON or None, stderr tail)."""
    try:
        p = subprocess.run(argv + [path], capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "crash", None, "timeout"
    err = p.stderr.decode(errors="replace").strip().splitlines()
    why = err[-1] if err else ""
    if p.returncode == 1:
        return "reject", None, why
    if p.returncode == 0:
        try:
            return "accept", json.loads(p.stdout), why
        except ValueError:
            return "crash", None, "exit 0 without JSON"
    return "crash", None, (f"signal {-p.returncode}" if p.returncode < 0
                           else f"exit {p.returncode}") + (f": {why}" if why else "")


def first_diff(want, got, path="$"):
    if isinstance(want, dict) and isinstance(got, dict):
        for k in want:
            if k not in got:
                return f"{path}.{k}: missing"
            d = first_diff(want[k], got[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(want, list) and isinstance(got, list):
        if len(want) != len(got):
            return f"{path}: {len(want)} entries expected, got {len(got)}"
        for i, (a, b) in enumerate(zip(want, got)):
            d = first_diff(a, b, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if want == got else f"{path}: expected {want!r}, got {got!r}"


def unwind_view(expect, abi):
    """The canonical decode as an unwinder sees it: pauth_key is dropped on
    ABIs other than AArch64, where spec 2.3.3 says the bit is unused (it
    changes no row, and llvm-readobj prints it on AArch64 only)."""
    if abi.startswith("aarch64"):
        return expect
    return dict(expect, fdes=[{k: v for k, v in f.items() if k != "pauth_key"}
                              for f in expect.get("fdes", [])])


def base_sections():
    """case id -> bytes of the valid section the case was made from (the
    generator's Builder records it; gen/ itself is not changed)."""
    import encoder
    import generate
    import mutations
    bases = {}
    orig_bad = mutations.Builder.bad

    def bad(self, id_, base, *a, **kw):
        bases[id_] = encoder.encode(base).data
        return orig_bad(self, id_, base, *a, **kw)
    mutations.Builder.bad = bad
    try:
        generate.all_cases()
    finally:
        mutations.Builder.bad = orig_bad
    return bases


def measure(build, only=None, workers=2):
    with open(os.path.join(CONF, "manifest.json")) as fh:
        cases = json.load(fh)["cases"]
    hs = harnesses(build)
    if only:
        hs = {k: v for k, v in hs.items() if k in only}
    bases = base_sections()
    tmp = tempfile.mkdtemp(prefix="sfv-consumers-")
    base_files = {}
    for cid, data in bases.items():
        key = hashlib.sha1(data).hexdigest()
        path = os.path.join(tmp, key + ".sframe")
        if not os.path.exists(path):
            with open(path, "wb") as fh:
                fh.write(data)
        base_files[cid] = path
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as ex:
        for name, (argv, _, _) in hs.items():
            for c in cases:            # every case, whatever its version
                f = os.path.join(CONF, c["file"])
                jobs[(name, f)] = ex.submit(run_one, argv, f)
                b = base_files.get(c["id"])
                if b and (name, b) not in jobs:
                    jobs[(name, b)] = ex.submit(run_one, argv, b)
        results = {k: v.result() for k, v in jobs.items()}
    matrix = {"harnesses": {n: {"versions": sorted(v[1]), "bit": v[2]} for n, v in hs.items()},
              "cases": []}
    for c in cases:
        row = {"id": c["id"], "rule": c["rule"], "verdict": c["verdict"],
               "version": c["version"], "abi": c["abi"], "endian": c["endian"],
               "also": c.get("also", []), "readers": {}}
        for name in hs:
            verdict, out, why = results[(name, os.path.join(CONF, c["file"]))]
            r = {"verdict": verdict, "why": why}
            b = base_files.get(c["id"])
            r["base"] = results[(name, b)][0] if b else None
            if verdict == "accept" and c.get("expect") and name not in MODELS:
                with open(os.path.join(CONF, c["expect"])) as fh:
                    want = unwind_view(json.load(fh), c["abi"])
                    r["decode"] = first_diff(want, out) or "same"
            row["readers"][name] = r
        matrix["cases"].append(row)
    for f in set(base_files.values()):
        os.unlink(f)
    os.rmdir(tmp)
    return matrix


def markdown(matrix):
    names = list(matrix["harnesses"])
    out = ["| case | " + " | ".join(names) + " |",
           "|---|" + "---|" * len(names)]
    for row in matrix["cases"]:
        cells = []
        for n in names:
            r = row["readers"].get(n)
            if r is None:
                cells.append("-")
                continue
            v = r["verdict"]
            if r.get("decode") not in (None, "same"):
                v += " (rows differ)"
            if r["base"] not in (None, "accept"):
                v += f" [base: {r['base']}]"
            cells.append(v)
        out.append(f"| {row['id']} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--json")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--only", help="comma-separated harness names")
    a = ap.parse_args()
    m = measure(os.path.abspath(a.build), a.only.split(",") if a.only else None)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(m, fh, indent=1)
    if a.markdown:
        print(markdown(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
