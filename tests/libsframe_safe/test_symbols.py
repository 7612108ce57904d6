# SPDX-License-Identifier: MIT
"""Each drop-in exports exactly the symbols and version nodes of the Debian
library it replaces, and loads with LD_BIND_NOW=1 into the stock programs
that use it (the loader's own report says which file it opened)."""
import os
import re
import subprocess

import pytest

import safe_support as ss


def dynsyms(path):
    out = subprocess.run(["nm", "-D", "--defined-only", "--with-symbol-versions", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return sorted(" ".join(line.split()[1:]) for line in out.splitlines())


def verdefs(path):
    out = subprocess.run(["readelf", "-V", "--wide", str(path)], check=True,
                         capture_output=True, text=True).stdout
    if "Version definition section" not in out:
        return []                       # unversioned (bookworm's libsframe.so.0)
    part = out.split("Version definition section", 1)[1].split("\n\n", 1)[0]
    return [re.sub(r"^\s*0x[0-9a-f]+:|^\s*0+:", "", line).strip()
            for line in part.splitlines()[2:]]


@pytest.fixture(scope="module")
def built():
    ss.ensure_built()


@pytest.mark.parametrize("abi", sorted(ss.ABIS))
def test_symbol_table_equals_debian(peers_env, built, abi):
    mine, theirs = ss.dropin(abi), ss.stock(peers_env, abi)
    assert dynsyms(mine) == dynsyms(theirs)
    assert verdefs(mine) == verdefs(theirs)
    soname = subprocess.run(["readelf", "-d", str(mine)], check=True,
                            capture_output=True, text=True).stdout
    assert f"[{ss.ABIS[abi][1]}]" in soname


@pytest.mark.parametrize("abi", sorted(ss.ABIS))
@pytest.mark.parametrize("tool", ["objdump", "readelf"])
def test_loads_bind_now_into_stock_tool(peers_env, realworld, built, abi, tool):
    """The stock tool runs with LD_BIND_NOW=1 and the loader opened the
    drop-in, not the stock library (which follows it on the path)."""
    args = ["--sframe", ss.corpus_elf(realworld, abi)]
    where, p = ss.loaded_libsframe(peers_env, abi, tool, args, True, {"LD_BIND_NOW": "1"})
    assert p.returncode == 0, p.stderr[-2000:]
    assert where is not None and os.path.samefile(where, ss.dropin(abi)), where
    where, _ = ss.loaded_libsframe(peers_env, abi, tool, args, False)
    assert where is not None and os.path.samefile(where, ss.stock(peers_env, abi))
