# SPDX-License-Identifier: MIT
"""Helpers of tests/libsframe_safe: where the drop-in libraries are, and
running a stock Debian binutils program through its own loader with the
drop-in's directory first on --library-path (or without it: the stock
library)."""
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAFE = pathlib.Path(os.environ.get("SFV_LIBSFRAME_SAFE", ROOT / "build" / "libsframe-safe"))
SAFE_ASAN = pathlib.Path(os.environ.get(
    "SFV_LIBSFRAME_SAFE_ASAN", ROOT / "build" / "libsframe-safe-asan" / "libsframe-safe"))

# ABI -> (Debian suite whose programs use it, soname)
ABIS = {3: ("sid", "libsframe.so.3"), 1: ("trixie", "libsframe.so.1"),
        0: ("bookworm", "libsframe.so.0")}

# bookworm is the system these tests run on: its binutils (package
# binutils, libsframe.so.0 in libbinutils) are the system's, under /.
SYSTEM_SUITE = "bookworm"
SYSTEM_LOADER = "/lib64/ld-linux-x86-64.so.2"


def suite_root(env, abi):
    suite = ABIS[abi][0]
    return pathlib.Path("/" if suite == SYSTEM_SUITE else env[f"{suite.upper()}_ROOT"])


def suite_loader(env, abi):
    suite = ABIS[abi][0]
    return SYSTEM_LOADER if suite == SYSTEM_SUITE else env[f"{suite.upper()}_LOADER"]


def ensure_built():
    if os.environ.get("SFV_LIBSFRAME_SAFE") is None:
        subprocess.run(["make", "-C", str(ROOT), "--no-print-directory", "-s",
                        "libsframe-safe"], check=True)


def dropin(abi, asan=False):
    """Path of the drop-in library of `abi`."""
    base = SAFE_ASAN if asan else SAFE
    return base / f"abi{abi}" / ABIS[abi][1]


def stock(env, abi):
    """Path of Debian's library of `abi`."""
    return suite_root(env, abi) / "usr/lib/x86_64-linux-gnu" / ABIS[abi][1]


def run_tool(env, abi, tool, args, use_dropin, extra_env=None, timeout=120,
             arch="x86_64"):
    """Runs the ABI's suite's stock `tool` (objdump, readelf) for `arch`
    (the target it was built for) through that
    suite's loader; with use_dropin, the drop-in's directory comes first on
    the library path.  Returns the CompletedProcess (bytes)."""
    root = suite_root(env, abi)
    libdirs = [str(root / "usr/lib/x86_64-linux-gnu")]
    if use_dropin:
        libdirs.insert(0, str(dropin(abi).parent))
    cmd = [suite_loader(env, abi), "--library-path", ":".join(libdirs),
           str(root / "usr/bin" / f"{arch}-linux-gnu-{tool}")] + list(args)
    e = dict(os.environ)
    e.pop("LD_LIBRARY_PATH", None)
    e.update(extra_env or {})
    return subprocess.run(cmd, capture_output=True, env=e, timeout=timeout)


def loaded_libsframe(env, abi, tool, args, use_dropin, extra_env=None, arch="x86_64"):
    """The libsframe path the loader reports opening (LD_DEBUG=libs)."""
    e = {"LD_DEBUG": "libs"}
    e.update(extra_env or {})
    p = run_tool(env, abi, tool, args, use_dropin, e, arch=arch)
    for line in p.stderr.decode(errors="replace").splitlines():
        if "calling init:" in line and "libsframe" in line:
            return line.split("calling init:", 1)[1].strip(), p
    return None, p


def corpus_elf(realworld, abi, arch="x86_64", kind="exe"):
    """One file of the real corpus that the ABI's suite built."""
    suite = ABIS[abi][0]
    for row in realworld:
        if row["toolchain"] == suite and row["arch"] == arch and row["kind"] == kind:
            return row["path"]
    raise AssertionError(f"no {suite} {arch} {kind} in the real corpus")


def elf_arch(path):
    """x86_64, aarch64, s390x or None, from the ELF header's e_machine."""
    with open(path, "rb") as fh:
        head = fh.read(20)
    if len(head) < 20 or head[:4] != b"\x7fELF":
        return None
    order = "little" if head[5] == 1 else "big"
    return {62: "x86_64", 183: "aarch64", 22: "s390x"}.get(
        int.from_bytes(head[18:20], order))


def tool_exists(env, abi, tool, arch):
    return (suite_root(env, abi) / "usr/bin" / f"{arch}-linux-gnu-{tool}").exists()
