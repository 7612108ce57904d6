#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check the base corpus of build-corpus.sh (gcc -O2/-O0 C and zlib with
bookworm/trixie/sid binutils, aarch64 pac-ret variants) the way
binutils_suite.py and producers.py check theirs, so docs/REALWORLD.md has one
table for all of it.

Usage: base_corpus.py --out DIR CORPUSDIR   (CORPUSDIR has MANIFEST.tsv)
"""
import argparse
import concurrent.futures as cf
import csv
import json
import os
import pathlib
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rwlib  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--sfv", default=str(rwlib.ROOT / "build" / "sframe-validate"))
    ap.add_argument("corpus")
    args = ap.parse_args()
    env = rwlib.load_env("peers")
    corpus = pathlib.Path(args.corpus).resolve()
    xfail = rwlib.load_xfail()
    rows = []
    with open(corpus / "MANIFEST.tsv", newline="") as fh:
        for rec in csv.reader(fh, delimiter="\t"):
            if rec and rec[0] != "path" and not rec[0].startswith("#"):
                rows.append(rec)

    def one(rec):
        path, tc, arch, kind = rec[:4]
        _, cfg, opt = path.split("/")[:3]
        variant = cfg.split("-", 1)[1]
        shape = opt + ("" if variant == "plain" else f" {variant}")
        meta = dict(producer=f"gcc/{tc}", linker="gnu", toolchain=tc, arch=arch, shape=shape,
                    kind=kind, version_tool=env.get(f"{tc.upper()}_AS_VERSION", ""),
                    expected_rules=[], test="build-corpus.sh")
        r = rwlib.check_file(args.sfv, f"{env[f'BIN_{tc.upper()}_{arch.upper()}']}/objdump",
                             env["BIN_SID_X86_64"] + "/readelf", corpus / path,
                             rwlib.LAYOUT[tc], f"base/{path}", meta)
        return rwlib.classify(r, xfail)

    with cf.ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "2"))) as ex:
        files = list(ex.map(one, rows))
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(dict(files=files), indent=1))
    bad = [f for f in files if f["unexpected"]]
    print(f"base_corpus: {len(files)} files, {len(bad)} with unexpected errors or dump differences")
    for f in bad[:20]:
        print("  ", f["key"], f["unexpected"])


if __name__ == "__main__":
    main()
