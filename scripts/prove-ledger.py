#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The proof ledger: which CBMC runs passed, on which inputs.

A run's inputs are everything that decides its verdict: its whole command
(build/prove/<run>.cmd: the CBMC options, defines, unwinding bounds and
sources), the files the preprocessor reads for it (build/prove/<run>.d,
its include closure, written by gcc -MM with the run's own defines), its
harness folder's proof.mk and scripts, and the CBMC version.  Their
SHA-256 is the run's key.  proofs/ledger.tsv holds one line per run that
passed: the run, the key of the inputs it passed on, its wall seconds,
the day and the commit.  A run whose current key equals the recorded one
is proved for the tree as it is, whichever clone or machine ran it.

  prove-ledger.py [--times LOG] record RUN...
                                 record the runs of build/prove that passed
                                 on the inputs they have now
  prove-ledger.py status RUN...  how many RUNs the ledger covers as they
                                 are now, and which it does not
  prove-ledger.py stale RUN...   the RUNs it does not cover, one a line

status and stale need build/prove/<run>.cmd and .d for every RUN (make
prove-inputs writes them without running CBMC).
"""
import argparse
import datetime
import glob
import hashlib
import os
import subprocess
import sys

FIELDS = ("run", "inputs", "seconds", "date", "commit")
HEADER = ("# proofs/ledger.tsv: CBMC runs of make prove that passed "
          "(scripts/prove-ledger.py; docs/PROOFS.md, \"Campaign record\").\n"
          "# inputs: SHA-256 (first 20 hex digits) of the run's command, "
          "include closure, proof.mk, scripts and CBMC version.\n"
          "# " + "\t".join(FIELDS) + "\n")


def die(msg):
    sys.stderr.write("prove-ledger: " + msg + "\n")
    sys.exit(2)


def file_sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def cbmc_version(env_path):
    """CBMC_VERSION and CBMC_DEB of the installed CBMC (cbmc.env)."""
    if not os.path.exists(env_path):
        die(env_path + " missing: CBMC is not installed (make prove installs it)")
    keep = []
    with open(env_path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(("CBMC_VERSION=", "CBMC_DEB=")):
                keep.append(line.strip())
    if len(keep) != 2:
        die(env_path + ": no CBMC_VERSION/CBMC_DEB")
    return " ".join(sorted(keep))


def dep_files(d_path):
    """The prerequisites of the rules in a gcc -MM -MP file, normalised."""
    with open(d_path, encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    files = set()
    for line in text.splitlines():
        target, sep, deps = line.partition(":")
        if not sep:
            continue
        for dep in deps.split():
            files.add(os.path.normpath(dep))
    return files


def run_inputs(build, run):
    """The run's command file and its input files (sorted), or None when
    make has not written its .cmd and .d."""
    name = run.split(".")[0]
    cmd = os.path.join(build, run + ".cmd")
    d = os.path.join(build, run + ".d")
    if not (os.path.exists(cmd) and os.path.exists(d)):
        return None
    files = dep_files(d)
    files.update(p for p in [os.path.join("proofs", name, "proof.mk")] +
                 glob.glob(os.path.join("proofs", name, "*.sh"))
                 if os.path.exists(p))
    return cmd, sorted(files)


def run_key(build, run, cbmc):
    """The key of the run's inputs and the files it hashed (command
    first); (None, None) when an input is missing."""
    got = run_inputs(build, run)
    if got is None:
        return None, None
    cmd, files = got
    h = hashlib.sha256()
    h.update(("cbmc " + cbmc + "\n").encode())
    h.update(("cmd " + file_sha(cmd) + "\n").encode())
    for p in files:
        if not os.path.exists(p):
            return None, None
        h.update(("%s %s\n" % (p, file_sha(p))).encode())
    return h.hexdigest()[:20], [cmd] + files


def read_ledger(path):
    rows = {}
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) != len(FIELDS):
                die("%s:%d: %d fields, %d expected" % (path, n, len(cols), len(FIELDS)))
            rows[cols[0]] = dict(zip(FIELDS, cols))
    return rows


def write_ledger(path, rows):
    tmp = path + ".new"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(HEADER)
        for run in sorted(rows):
            f.write("\t".join(rows[run][k] for k in FIELDS) + "\n")
    os.replace(tmp, path)


def commit_id():
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src", "proofs", "mk"],
                               capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "-"
    lines = [l for l in dirty.splitlines() if not l.endswith("proofs/ledger.tsv")]
    return head + ("+" if lines else "")


def record(args, runs):
    cbmc = cbmc_version(args.cbmc_env)
    rows = read_ledger(args.ledger)
    commit = commit_id()
    times = {}
    if args.times:
        with open(args.times, encoding="utf-8", errors="replace") as f:
            for line in f:
                w = line.split()
                if len(w) == 5 and w[0] == "prove:" and w[2] == "ok" and w[3].startswith("("):
                    times[w[1]] = w[3][1:]
    done = skipped = 0
    for run in runs:
        ok = os.path.join(args.build, run + ".ok")
        if not os.path.exists(ok):
            continue
        key, inputs = run_key(args.build, run, cbmc)
        if key is None:
            skipped += 1
            continue
        t_ok = os.path.getmtime(ok)
        if any(os.path.getmtime(p) > t_ok for p in inputs):
            skipped += 1  # an input changed after the run: not this run's verdict
            continue
        with open(ok, encoding="utf-8") as f:
            secs = f.read().strip() or times.get(run, "")
        day = datetime.datetime.fromtimestamp(t_ok, datetime.timezone.utc).strftime("%Y-%m-%d")
        rows[run] = {"run": run, "inputs": key, "seconds": secs if secs.isdigit() else "-",
                     "date": day, "commit": commit}
        done += 1
    write_ledger(args.ledger, rows)
    print("prove-ledger: recorded %d runs (%d passed on inputs changed since, not recorded)"
          % (done, skipped))


def classify(args, runs):
    cbmc = cbmc_version(args.cbmc_env)
    rows = read_ledger(args.ledger)
    current, stale, never = [], [], []
    for run in runs:
        key, _ = run_key(args.build, run, cbmc)
        if key is None:
            die("no %s.cmd/.d: run make prove-inputs first" % os.path.join(args.build, run))
        if run in rows and rows[run]["inputs"] == key:
            current.append(run)
        elif run in rows:
            stale.append(run)
        else:
            never.append(run)
    return current, stale, never


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build/prove")
    ap.add_argument("--ledger", default="proofs/ledger.tsv")
    ap.add_argument("--cbmc-env", default=".deps/cbmc/cbmc.env")
    ap.add_argument("--times", metavar="LOG",
                    help="record: wall seconds from make's 'prove: RUN ok (N s)' lines "
                         "in LOG, for .ok files that hold none")
    ap.add_argument("verb", choices=("record", "status", "stale"))
    ap.add_argument("runs", nargs="*")
    args = ap.parse_args()
    if args.verb == "record":
        record(args, args.runs)
        return
    current, stale, never = classify(args, args.runs)
    if args.verb == "stale":
        for run in stale + never:
            print(run)
        return
    print("prove-status: %d runs; %d proved on their inputs as they are now (%s), "
          "%d proved on other inputs, %d never"
          % (len(args.runs), len(current), args.ledger, len(stale), len(never)))
    for label, runs in (("proved on other inputs", stale), ("never proved", never)):
        if runs:
            print("  %s: %s" % (label, " ".join(runs)))


if __name__ == "__main__":
    main()
