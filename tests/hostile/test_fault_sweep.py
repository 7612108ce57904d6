# SPDX-License-Identifier: MIT
"""Failure injection (tests/tools/fault.c, mk/fault.mk): representative
command lines run with call N of each system call or allocation the CLI
makes failed in turn, N = 1, 2, ... until the command no longer reaches
call N.  Each run must end in a documented status (0, 1, 2; never a
signal), and either

- say what failed (status 2, a line on stderr with the failed operation's
  error: strerror(errno) or "out of memory"), with a JSON or SARIF stdout
  that is a complete document or nothing, or
- not show the failure at all: the failed call was one the command retries
  (EINTR) or does without, and stdout, stderr and status are those of the
  run without failures.

make test, test-hostile and test-fault fail every call on every command
line (about 2.5 minutes on 2 idle cores); make check's fast tier
(SFV_FAST_TIER=1) the first CAP = 2 calls of each function on FAST_LINES."""
import errno
import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FAST = os.environ.get("SFV_FAST_TIER") == "1"
CAP = 2 if FAST else 1 << 30

ALLOC = ("malloc", "calloc", "realloc", "open_memstream")
SYSCALLS = ("open", "openat", "read", "pread", "write", "fstat", "fstatat", "stat",
            "fstatfs", "lseek", "fcntl", "dup", "dup2", "pipe", "fork", "poll",
            "waitpid", "kill", "ftruncate", "memfd_create", "fdopendir", "readdir",
            "fflush", "fclose", "getrandom")
# Calls that a signal can interrupt: EINTR must be retried, never shown.
INTERRUPTIBLE = ("read", "pread", "write", "poll", "waitpid")


@pytest.fixture(scope="session")
def fault_bin():
    """The CLI linked with the shim (make test-fault, check-py, test-hostile
    and coverage-cli name it in SFV_FAULT_BIN); brought up to date here
    otherwise."""
    if "SFV_FAULT_BIN" in os.environ:
        return os.environ["SFV_FAULT_BIN"]
    subprocess.run(["make", "-C", str(ROOT), "-s", "build/fault/sframe-validate"],
                   check=True)
    return str(ROOT / "build" / "fault" / "sframe-validate")


@pytest.fixture(scope="session")
def inputs(tmp_path_factory):
    """A linked program with .sframe and .eh_frame (gcc -Wa,--gsframe), its
    object in an ar archive, its section as a raw file with one error, a
    directory tree, a --files-from list and a baseline."""
    t = tmp_path_factory.mktemp("fault")
    src = t / "p.c"
    src.write_text("int f(int x) { return x * 2; }\n"
                   "int main(int c, char **v) { (void)v; return f(c); }\n")
    subprocess.run(["gcc", "-O1", "-Wa,--gsframe", "-o", str(t / "prog"), str(src)],
                   check=True)
    subprocess.run(["gcc", "-O1", "-Wa,--gsframe", "-c", "-o", str(t / "p.o"), str(src)],
                   check=True)
    subprocess.run(["ar", "rc", str(t / "lib.a"), str(t / "p.o")], check=True)
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.sframe",
                    str(t / "prog"), str(t / "good.sframe")], check=True)
    raw = bytearray((t / "good.sframe").read_bytes())
    raw[12] ^= 0x40                    # sfh_num_fres: an error (status 1)
    (t / "bad.sframe").write_bytes(bytes(raw))
    tree = t / "tree"
    (tree / "sub").mkdir(parents=True)
    shutil.copy(t / "prog", tree / "prog")
    shutil.copy(t / "lib.a", tree / "sub" / "lib.a")
    shutil.copy(t / "p.o", tree / "sub" / "p.o")
    (t / "list").write_text(f"{t / 'prog'}\n{t / 'bad.sframe'}\n")
    base = subprocess.run([os.environ["SFV_BIN"], "--format=json", str(t / "bad.sframe")],
                          capture_output=True)
    (t / "old.json").write_bytes(base.stdout)
    return t


def command_lines(t):
    prog, bad, good = t / "prog", t / "bad.sframe", t / "good.sframe"
    return {
        "single": [prog],
        "j2": ["-j2", prog, bad, good, t / "lib.a"],
        "walk": ["-r", "-j2", t / "tree"],
        "walk-j1": ["-r", "-j1", t / "tree"],
        "archive": [t / "lib.a"],
        "files-from": ["-j1", f"--files-from={t / 'list'}"],
        "stdin-list": ["-j2", "--null", "--files-from=-"],
        "baseline": [f"--baseline={t / 'old.json'}", bad, prog],
        "json": ["--format=json", "-j2", prog, bad],
        "sarif": ["--format=sarif", "-j1", prog, bad],
        "dump": ["--dump", prog],
        "lookup": ["--lookup=0x1139", prog],
        "lookup-json": ["--format=json", "--lookup=0x1139", prog],
        "canonical": ["--format=canonical", good],
        "profile": ["--profile=kernel", "--coverage", prog],
    }


LINES = list(command_lines(pathlib.Path("/")).keys())
FAST_LINES = ["single", "j2", "walk", "files-from", "baseline", "sarif"]
if FAST:
    LINES = FAST_LINES


def stdin_of(argv):
    """--files-from=- reads the list from a pipe (names relative to the
    inputs' directory, the runs' working directory)."""
    if "--files-from=-" not in argv:
        return None
    return b"".join(os.fsencode(p) + b"\0" for p in ("prog", "bad.sframe"))


def run(binary, argv, env=None, cwd=None):
    p = subprocess.run([binary, *map(str, argv)], capture_output=True, timeout=120,
                       env=env, input=stdin_of(argv), cwd=cwd)
    assert p.returncode in (0, 1, 2), (argv, p.returncode, p.stderr[-2000:])
    return p


def document(argv):
    for a in map(str, argv):
        if a in ("--format=json", "--format=sarif"):
            return True
    return False


def check_failed_run(name, fn, n, err, p, clean):
    """The assertions of one run with call n of fn failed with err."""
    what = f"{name}: {fn} call {n} failed with {errno.errorcode[err]}"
    if fn in INTERRUPTIBLE and err == errno.EINTR:
        assert (p.returncode, p.stdout, p.stderr) == clean, what + " was not retried"
        return
    if p.returncode != 2:
        # Not reported: then it must not show at all.
        assert (p.returncode, p.stdout, p.stderr) == clean, \
            f"{what}: status {p.returncode} and output differ from the clean run " \
            f"without a report (stderr {p.stderr[-600:]!r})"
        return
    text = p.stderr.decode("utf-8", "replace")
    said = (os.strerror(err), "out of memory", "the process validating this file died")
    assert any(s in text for s in said), f"{what}: status 2, stderr does not say why: {text!r}"
    assert text.startswith("sframe-validate: "), f"{what}: {text!r}"
    if "error writing standard output" in text:
        return    # stdout is what got out before the write failed
    if document(p.args) and p.stdout:
        try:
            json.loads(p.stdout)
        except ValueError as e:
            raise AssertionError(f"{what}: stdout is not a complete document ({e}): "
                                 f"{p.stdout[-300:]!r}") from None


_clean = {}


def clean_run(fault_bin, argv, cwd):
    key = tuple(map(str, argv))
    if key not in _clean:
        p = run(fault_bin, argv, cwd=cwd)
        _clean[key] = (p.returncode, p.stdout, p.stderr)
    return _clean[key]


def sweep(fault_bin, inputs, name, fn, err, log):
    argv = command_lines(inputs)[name]
    clean = clean_run(fault_bin, argv, inputs)
    n = 0
    reached = 0
    while n < CAP:
        n += 1
        log.unlink(missing_ok=True)
        env = dict(os.environ, SFV_FAULT=f"{fn}:{n}:{err}", SFV_FAULT_LOG=str(log))
        p = run(fault_bin, argv, env, cwd=inputs)
        if not log.exists():
            break              # no process of the run reached call n
        reached = n
        check_failed_run(name, fn, n, err, p, clean)
    return reached


@pytest.mark.parametrize("name", LINES)
def test_failed_allocations(fault_bin, inputs, tmp_path, name):
    reached = {fn: sweep(fault_bin, inputs, name, fn, errno.ENOMEM, tmp_path / "log")
               for fn in ALLOC}
    assert reached["malloc"] + reached["calloc"] > 0, reached


@pytest.mark.parametrize("name", LINES)
def test_failed_system_calls(fault_bin, inputs, tmp_path, name):
    reached = {fn: sweep(fault_bin, inputs, name, fn, errno.EIO, tmp_path / "log")
               for fn in SYSCALLS}
    assert reached["pread"] > 0 and reached["fflush"] > 0, reached


@pytest.mark.parametrize("name", ["j2"] if FAST else
                         ["j2", "walk", "files-from", "baseline", "json"])
def test_interrupted_calls_are_retried(fault_bin, inputs, tmp_path, name):
    for fn in INTERRUPTIBLE:
        sweep(fault_bin, inputs, name, fn, errno.EINTR, tmp_path / "log")


def test_shim_fails_what_it_is_told(fault_bin, inputs, tmp_path):
    """The mechanism itself: the first pread of a single file failed with
    EIO is that file's I/O error, logged once; without SFV_FAULT the shim
    changes nothing."""
    log = tmp_path / "log"
    env = dict(os.environ, SFV_FAULT=f"pread:1:{errno.EIO}", SFV_FAULT_LOG=str(log))
    p = run(fault_bin, [inputs / "prog"], env)
    assert p.returncode == 2 and os.strerror(errno.EIO) in p.stderr.decode()
    assert log.read_text().split()[:2] == ["pread", "1"]
    plain = run(os.environ["SFV_BIN"], [inputs / "prog"])
    shim = run(fault_bin, [inputs / "prog"])
    assert (plain.returncode, plain.stdout, plain.stderr) == \
        (shim.returncode, shim.stdout, shim.stderr)
