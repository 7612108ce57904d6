# SPDX-License-Identifier: MIT
"""Shared helpers of tests/py/test_dump.py and test_lookup.py: building the
peer programs (tests/peers/*.c, via `make dump-peers`), reading ELF facts
with readelf, and applying .rela.sframe relocations the way objdump 2.47
does before it dumps a relocatable object."""
import os
import pathlib
import re
import struct
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
PEERS_BUILD = pathlib.Path(os.environ.get("SFV_PEERS", ROOT / "build" / "peers"))

_built = False


def _fast_tier_skip(what):
    """`make check` (SFV_FAST_TIER=1) builds and installs no peer: a test
    that needs one is skipped there, said in the summary, and runs in
    `make test`."""
    if os.environ.get("SFV_FAST_TIER") == "1":
        import pytest
        pytest.skip(f"make check: {what} is left to make test (peer toolchains)")


def peers():
    """Directory with sfv_driver, dump_ref_{sid,trixie,bookworm}, find_ref,
    find_ref_v1 (built by `make dump-peers`, which installs the peers)."""
    global _built
    _fast_tier_skip("the peer programs")
    if not _built:
        subprocess.run(["make", "-C", str(ROOT), "--no-print-directory", "-s",
                        "dump-peers"], check=True)
        _built = True
    return PEERS_BUILD


def peers_env():
    """KEY=VALUE pairs of .deps/peers/peers.env (installs the peers first
    when they are missing)."""
    env_file = ROOT / ".deps" / "peers" / "peers.env"
    _fast_tier_skip("the peers' environment")
    if not env_file.exists():
        subprocess.run([str(ROOT / "scripts" / "install-deps.sh"), "peers"], check=True)
    out = subprocess.run(["bash", "-c", f"set -a; . '{env_file}'; env -0"],
                         check=True, capture_output=True).stdout
    env = {}
    for item in out.split(b"\0"):
        if b"=" in item:
            k, v = item.split(b"=", 1)
            env[k.decode()] = v.decode()
    return env


def readelf_bin(env, arch):
    """sid's readelf for arch (reads every target's ELF)."""
    return os.path.join(env["BIN_SID_" + arch.upper()], "readelf")


def sframe_section(readelf, path):
    """(index, sh_addr) of .sframe, or None."""
    out = subprocess.run([readelf, "-SW", path], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s", line)
        if m and m.group(2) == ".sframe":
            return int(m.group(1)), int(m.group(3), 16)
    return None


# PC-relative relocation types seen on .sframe: name -> field size
_PCREL = {"R_X86_64_PC32": 4, "R_X86_64_PC64": 8, "R_AARCH64_PREL32": 4,
          "R_AARCH64_PREL64": 8, "R_390_PC32": 4, "R_390_PC64": 8}


def relocate(readelf, path, data, big_endian):
    """Apply the .rela.sframe entries of relocatable object `path` to the raw
    section bytes (sections at address 0, as objdump does for a .o).
    Returns new bytes, or None when a relocation type is not handled."""
    out = subprocess.run([readelf, "-rW", path], check=True, capture_output=True,
                         text=True).stdout
    buf = bytearray(data)
    in_sec = False
    e = ">" if big_endian else "<"
    for line in out.splitlines():
        if line.startswith("Relocation section"):
            in_sec = "'.rela.sframe'" in line
            continue
        if not in_sec:
            continue
        parts = line.split()
        if len(parts) < 4 or not re.fullmatch(r"[0-9a-f]+", parts[0]):
            continue
        off, rtype = int(parts[0], 16), parts[2]
        m = re.search(r"([0-9a-f]+)\s+\S+\s*([+-])\s*([0-9a-f]+)\s*$", line)
        if rtype not in _PCREL or not m:
            return None
        sym = int(m.group(1), 16)
        add = int(m.group(3), 16) * (1 if m.group(2) == "+" else -1)
        size = _PCREL[rtype]
        val = (sym + add - off) & ((1 << (8 * size)) - 1)
        buf[off:off + size] = struct.pack(e + ("I" if size == 4 else "Q"), val)
    return bytes(buf)
