# SPDX-License-Identifier: MIT
"""Shared pytest fixtures: the built CLI and the real-toolchain corpus.

The corpus is built once per session by tests/realworld/build-corpus.sh
(which installs the toolchains it needs itself) into build/realworld.
"""
import csv
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
import peers_support  # importable through tests/conftest.py
BUILD = ROOT / "build"


@pytest.fixture(scope="session")
def peers_env():
    """KEY=VALUE pairs of .deps/peers/peers.env (installs peers if needed)."""
    return peers_support.peers_env()


@pytest.fixture(scope="session")
def realworld():
    """Rows of build/realworld/MANIFEST.tsv as dicts: path, toolchain, arch,
    kind, version, flags (paths absolute)."""
    out = BUILD / "realworld"
    manifest = out / "MANIFEST.tsv"
    if os.environ.get("SFV_REBUILD_CORPUS") or not manifest.exists():
        subprocess.run([str(ROOT / "tests" / "realworld" / "build-corpus.sh"), str(out)],
                       check=True)
    rows = []
    with open(manifest, newline="") as fh:
        for rec in csv.reader(fh, delimiter="\t"):
            if not rec or rec[0].startswith("#") or rec[0] == "path":
                continue
            path, tc, arch, kind, version, flags = rec[:6]
            p = pathlib.Path(path)
            if not p.is_absolute():
                p = out / p
            rows.append(dict(path=str(p), toolchain=tc, arch=arch, kind=kind,
                             version=int(version), flags=int(flags, 16)))
    assert rows, "the real-toolchain corpus is empty"
    return rows
