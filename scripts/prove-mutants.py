#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Planted bugs the proofs must catch (proofs/mutants.txt).

A proof that passes says nothing unless it can fail: an assumption that
contradicts itself, or a model that hides the code, proves anything.  Each
mutant here is one small bug planted in a copy of the tree; the proof run
it names must then fail, on the property it names.  A mutant whose proof
still passes (or fails for another reason: a compile error, a time-out) is
a finding against the proofs, and the run exits 1.

Each mutant in proofs/mutants.txt is a block of "key: value" lines:
  [id]          its name
  run:          the proof run that must fail (a run of make prove)
  file:         the file planted in
  find:         a line fragment that occurs exactly once in the file
  replace:      what it becomes (the bug)
  expect:       a fragment of the failed property's description (cbmc's
                "[property] line N <description>: FAILURE"); alternatives
                separated by " || " (cbmc --stop-on-fail reports the first
                property it finds violated)
  tier:         quick (make test runs it) or full (make prove-mutants only)
  timeout:      seconds the run may take (default 1800)

  prove-mutants.py [--tier quick|full] [--jobs N] [--list] [ID...]
  prove-mutants.py --check "RUN..."   (plant nothing, run nothing: every
                                       mutant still applies, to a run of RUN...)

Each mutant runs in build/mutants/<id>/, a copy of src/, proofs/, mk/,
scripts/ and the Makefile with the one line changed, CBMC shared
(.deps), through make's own proof rule with --stop-on-fail added.  The
tree itself is never edited.
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import time

KEYS = ("run", "file", "find", "replace", "expect", "tier", "timeout")
COPY = ("src", "proofs", "mk", "scripts", "Makefile")


def parse(path):
    mutants, cur, order = {}, None, []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                cur = line[1:-1]
                if cur in mutants:
                    sys.exit("%s:%d: mutant %s twice" % (path, n, cur))
                mutants[cur] = {"id": cur, "line": n}
                order.append(cur)
                continue
            key, sep, value = line.partition(": ")
            if cur is None or not sep or key not in KEYS:
                sys.exit("%s:%d: expected [id] or one of %s" % (path, n, ", ".join(KEYS)))
            mutants[cur][key] = value.replace("\\n", "\n") if key in ("find", "replace") else value
    for m in mutants.values():
        for key in KEYS[:6]:
            if key not in m:
                sys.exit("%s:%d: mutant %s has no %s" % (path, m["line"], m["id"], key))
        if m["tier"] not in ("quick", "full"):
            sys.exit("%s:%d: mutant %s: tier quick or full" % (path, m["line"], m["id"]))
        if m["find"] == m["replace"]:
            sys.exit("%s:%d: mutant %s changes nothing" % (path, m["line"], m["id"]))
    return [mutants[i] for i in order]


def planted_text(m, root):
    """m's file with its bug, and None; or None and why it cannot be
    planted (no such file, or its fragment not there exactly once)."""
    src = os.path.join(root, m["file"])
    if not os.path.exists(src):
        return None, "%s: no such file" % m["file"]
    with open(src, encoding="utf-8") as f:
        text = f.read()
    count = text.count(m["find"])
    if count != 1:
        return None, "no longer applies: %r occurs %d times in %s (the code moved: " \
                     "update proofs/mutants.txt)" % (m["find"], count, m["file"])
    return text.replace(m["find"], m["replace"]), None


def plant(m, root, work):
    """The copy of the tree with m's bug; None, or why it cannot be planted."""
    text, why = planted_text(m, root)
    if why:
        return why
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for name in COPY:
        s = os.path.join(root, name)
        (shutil.copytree if os.path.isdir(s) else shutil.copy2)(s, os.path.join(work, name))
    os.symlink(os.path.join(root, ".deps"), os.path.join(work, ".deps"))
    with open(os.path.join(work, m["file"]), "w", encoding="utf-8") as f:
        f.write(text)
    return None


def failed_properties(log):
    """The descriptions of the properties cbmc reports violated: its
    "[name] line N description: FAILURE" lines, and with --stop-on-fail the
    "Violated property:" block (its location, description, expression)."""
    out = []
    lines = [l.strip() for l in log.splitlines()]
    for i, line in enumerate(lines):
        if line.endswith(": FAILURE") and line.startswith("["):
            out.append(line[:-len(": FAILURE")])
        elif line == "Violated property:":
            out.append(" | ".join(lines[i + 1:i + 4]))
    return out


def run_one(m, root, make):
    work = os.path.join(root, "build", "mutants", m["id"])
    why = plant(m, root, work)
    if why:
        return m, "NOT PLANTED", why, 0.0
    t = time.time()
    cmd = [make, "--no-print-directory", "-C", work, "PROVE_EXTRA=--stop-on-fail",
           "build/prove/%s.ok" % m["run"]]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=int(m.get("timeout", "1800")))
    except subprocess.TimeoutExpired:
        return m, "NOT KILLED", "no answer within %s s" % m.get("timeout", "1800"), \
            time.time() - t
    secs = time.time() - t
    log_path = os.path.join(work, "build", "prove", m["run"] + ".log")
    log = open(log_path, encoding="utf-8", errors="replace").read() \
        if os.path.exists(log_path) else r.stdout + r.stderr
    if r.returncode == 0:
        return m, "SURVIVED", "%s still proves with the bug" % m["run"], secs
    if "VERIFICATION FAILED" not in log:
        tail = " | ".join((r.stdout + r.stderr).strip().splitlines()[-4:])
        return m, "NOT KILLED", "the run did not get to a verdict: " + tail, secs
    props = failed_properties(log)
    wants = m["expect"].split(" || ")
    hit = [p for p in props if any(w in p for w in wants)]
    if not hit:
        return m, "NOT KILLED", "failed, but not on %r: %s" % (m["expect"], props[:3]), secs
    shutil.rmtree(work, ignore_errors=True)
    return m, "killed", hit[0], secs


def check(args, root, mutants):
    """--check: every mutant plants and names a run of make prove; every
    harness has a mutant.  1 when not."""
    runs, unplanted, bare = set(args.check.split()), 0, 0
    for m in mutants:
        _, why = planted_text(m, root)
        if m["run"] not in runs:
            why = "run %s is not a run of make prove" % m["run"]
        if why:
            unplanted += 1
            print("%s:%d: mutant %s: %s" % (args.catalogue, m["line"], m["id"], why))
    for h in sorted(os.listdir(os.path.join(root, "proofs"))):
        if not os.path.exists(os.path.join(root, "proofs", h, "harness.c")):
            continue
        if not any(m["run"] == h or m["run"].startswith(h + ".") for m in mutants):
            bare += 1
            print("%s: harness %s has no mutant: a proof never seen to fail"
                  % (args.catalogue, h))
    print("check-mutants: %d mutants, %d plant in the tree as it is; %d harnesses "
          "without one" % (len(mutants), len(mutants) - unplanted, bare))
    return 1 if unplanted or bare else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tier", choices=("quick", "full"), default="full",
                    help="quick: the quick tier only; full: every mutant")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--check", metavar="RUNS",
                    help="run nothing: check that every mutant still plants (its fragment "
                         "occurs once) and names a run of RUNS (make prove's, space-separated), "
                         "and that every harness of proofs/ has a mutant")
    ap.add_argument("--catalogue", default="proofs/mutants.txt")
    ap.add_argument("ids", nargs="*")
    args = ap.parse_args()
    root = os.getcwd()
    mutants = parse(args.catalogue)
    if args.ids:
        unknown = set(args.ids) - {m["id"] for m in mutants}
        if unknown:
            sys.exit("prove-mutants: no mutant %s" % ", ".join(sorted(unknown)))
        mutants = [m for m in mutants if m["id"] in args.ids]
    elif args.tier == "quick":
        mutants = [m for m in mutants if m["tier"] == "quick"]
    if args.check is not None:
        return check(args, root, mutants)
    if args.list:
        for m in mutants:
            print("%-32s %-5s %s" % (m["id"], m["tier"], m["run"]))
        return 0
    if not os.path.exists(os.path.join(root, ".deps", "cbmc", "cbmc.env")):
        sys.exit("prove-mutants: CBMC is not installed (make prove-mutants installs it)")
    make = os.environ.get("MAKE", "make")
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_one, m, root, make) for m in mutants]
        for fut in concurrent.futures.as_completed(futures):
            m, verdict, detail, secs = fut.result()
            print("mutant %s (%s, %s:%s): %s in %.0f s: %s"
                  % (m["id"], m["run"], args.catalogue, m["line"], verdict, secs, detail),
                  flush=True)
            bad += verdict != "killed"
    print("prove-mutants: %d mutants, %d killed, %d not" % (len(mutants), len(mutants) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
