# SPDX-License-Identifier: MIT
"""The file list is streamed (issue 29 item 1): files are checked as they
are listed, and the run's memory does not grow with their number.

- peak RSS of the command (measured through a small wrapper process, as
  tests/hostile/test_sparse.py does) on 1 000 and 20 000 files, with -r
  (directories of 100) and with --files-from, -j1 and -j2, SARIF (whose
  artifacts list needs every file: kept in an unlinked temporary file):
  the two differ by less than RSS_SLACK_KB; holding the list (as before
  this test) cost 4.1-4.2 MB more at 20 000 files than at 1 000;
- the temporary file cannot be made or written (TMPDIR missing, not a
  directory; a failed write through the fault-injection build): status 2,
  the reason on stderr, and a complete document of the files before;
- where open(O_TMPFILE) is refused as a file system or kernel without it
  refuses it (EOPNOTSUPP, EISDIR, EINVAL; through the fault-injection
  build), the file is made by mkostemp and unlinked: the same document,
  status and stderr as with O_TMPFILE, nothing left in $TMPDIR; any other
  errno ends the run as a failure to make it;
- the order of records is -j1's, whatever -j, the list mixing operands,
  walks and --files-from."""
import json
import os
import subprocess

import pytest

from test_cli_tree import linked, record_paths, run

RSS_SLACK_KB = 1024
LONG = "d" * 150          # long names make a held list easy to see


_WRAP = """
import os, sys
fd = int(sys.argv[1])
pid = os.fork()
if pid == 0:
    os.close(fd)
    devnull = os.open("/dev/null", os.O_WRONLY)
    os.dup2(devnull, 1)
    os.execv(sys.argv[2], sys.argv[2:])
_, status, ru = os.wait4(pid, 0)
os.write(fd, b"%d %d" % (os.waitstatus_to_exitcode(status), ru.ru_maxrss))
"""


def peak_rss(argv):
    """(status, peak RSS in KB) of the command alone (stdout discarded)."""
    r, w = os.pipe()
    p = subprocess.Popen(["/usr/bin/python3", "-c", _WRAP, str(w), *map(str, argv)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         pass_fds=(w,))
    os.close(w)
    _, err = p.communicate(timeout=600)
    with os.fdopen(r, "rb") as fh:
        rc, rss = (int(x) for x in fh.read().split())
    assert p.returncode == 0, err
    return rc, rss


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """{n: (root, list file)} for n = 1 000 and 20 000 hard links of one
    small valid ELF file, 100 to a directory."""
    base = tmp_path_factory.mktemp("stream")
    blob = base / "one.elf"
    blob.write_bytes(linked(3))
    out = {}
    for n in (1000, 20000):
        root = base / f"t{n}" / LONG
        names = []
        for i in range(n):
            d = root / f"{LONG}{i // 100:03d}"
            if i % 100 == 0:
                d.mkdir(parents=True)
            p = d / f"f{i:05d}"
            os.link(blob, p)
            names.append(str(p))
        lst = base / f"list{n}.txt"
        lst.write_text("\n".join(names) + "\n")
        out[n] = (root, lst)
    return out


@pytest.mark.skipif(os.environ.get("SFV_SANITIZED") == "1",
                    reason="ASan's quarantine keeps freed memory (RSS grows with "
                    "the allocations); the plain build runs this")
@pytest.mark.parametrize("how", ["-r", "--files-from"])
@pytest.mark.parametrize("jobs", ["-j1", "-j2"])
def test_memory_does_not_grow_with_the_files(sfv_bin, trees, how, jobs):
    rss = {}
    for n, (root, lst) in trees.items():
        src = [root] if how == "-r" else [f"--files-from={lst}"]
        argv = [sfv_bin, jobs, "--format=sarif", *(["-r"] if how == "-r" else []), *src]
        rc, rss[n] = peak_rss(argv)
        assert rc == 0
    assert rss[20000] - rss[1000] < RSS_SLACK_KB, rss


def test_all_artifacts_come_back_from_the_temporary_file(sfv_bin, trees):
    """20 000 artifacts (the temporary file written many times over), in
    order, -j1 equal to -j2."""
    root, _ = trees[20000]
    a = run(sfv_bin, "-j1", "--format=sarif", "-r", root)
    b = run(sfv_bin, "-j2", "--format=sarif", "-r", root)
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    arts = json.loads(a.stdout)["runs"][0]["artifacts"]
    assert len(arts) == 20000
    uris = [x["location"]["uri"] for x in arts]
    assert uris == sorted(uris)


def many_errors(d, n):
    """n empty files (each an I/O error record: JSON and SARIF keep it)."""
    d.mkdir()
    for i in range(n):
        (d / f"{LONG}{i:04d}").write_bytes(b"")
    return sorted(str(p) for p in d.iterdir())


@pytest.mark.parametrize("fmt", ["json", "sarif"])
@pytest.mark.parametrize("tmpdir", ["missing", "file"])
def test_temporary_file_cannot_be_made(sfv_bin, tmp_path, fmt, tmpdir):
    names = many_errors(tmp_path / "t", 600)
    bad = tmp_path / "tmp"
    if tmpdir == "file":
        bad.write_text("")
    p = subprocess.run([sfv_bin, f"--format={fmt}", *names], capture_output=True,
                       timeout=120, env={**os.environ, "TMPDIR": str(bad)})
    assert p.returncode == 2
    err = p.stderr.decode()
    assert ("sframe-validate: the temporary file of the report's list of files: "
            "cannot create it in $TMPDIR: ") in err
    assert err.endswith(("No such file or directory\n", "Not a directory\n"))
    doc = json.loads(p.stdout)          # complete, with the files before
    got = (doc["errors"] if fmt == "json" else doc["runs"][0]["artifacts"])
    assert 0 < len(got) < len(names)
    paths = [g["path"] if fmt == "json" else g["location"]["uri"] for g in got]
    if fmt == "json":
        assert paths == names[:len(paths)]


@pytest.fixture(scope="module")
def fault_bin():
    if "SFV_FAULT_BIN" in os.environ:
        return os.environ["SFV_FAULT_BIN"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    subprocess.run(["make", "-C", root, "-s", "build/fault/sframe-validate"], check=True)
    return os.path.join(root, "build", "fault", "sframe-validate")


def test_temporary_file_write_fails(fault_bin, tmp_path):
    """ENOSPC on the write that first flushes the records (found by
    failing write N = 1, 2, ... until the message names it)."""
    names = many_errors(tmp_path / "t", 600)
    for n in range(1, 400):
        p = subprocess.run([fault_bin, "--format=json", *names], capture_output=True,
                           timeout=120, env={**os.environ, "SFV_FAULT": f"write:{n}:28"})
        if b"cannot write it" in p.stderr:
            break
    else:
        pytest.fail("no write of the temporary file was failed")
    assert p.returncode == 2
    assert p.stderr.decode().endswith(
        "sframe-validate: the temporary file of the report's list of files: "
        "cannot write it: No space left on device\n")
    doc = json.loads(p.stdout)
    paths = [e["path"] for e in doc["errors"]]
    assert 0 < len(paths) < len(names) and paths == names[:len(paths)]


# The command's only open() is the temporary file's (inputs and directories
# are opened with openat): call 1 of open is O_TMPFILE's.
@pytest.mark.parametrize("fmt", ["json", "sarif"])
@pytest.mark.parametrize("errno_", [95, 21, 22])   # EOPNOTSUPP, EISDIR, EINVAL
def test_temporary_file_without_o_tmpfile(fault_bin, tmp_path, fmt, errno_):
    names = many_errors(tmp_path / "t", 600)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    log = tmp_path / "fault.log"
    env = {**os.environ, "TMPDIR": str(tmpdir)}
    plain = subprocess.run([fault_bin, f"--format={fmt}", *names], capture_output=True,
                           timeout=120, env=env)
    p = subprocess.run([fault_bin, f"--format={fmt}", *names], capture_output=True,
                       timeout=120, env={**env, "SFV_FAULT": f"open:1:{errno_}",
                                         "SFV_FAULT_LOG": str(log)})
    assert log.read_text().split()[:2] == ["open", "1"]    # O_TMPFILE was refused
    assert (p.returncode, p.stdout, p.stderr) == (plain.returncode, plain.stdout, plain.stderr)
    assert b"temporary file" not in p.stderr   # only the empty files' I/O errors
    doc = json.loads(p.stdout)
    got = doc["errors"] if fmt == "json" else doc["runs"][0]["artifacts"]
    assert len(got) == len(names)
    assert list(tmpdir.iterdir()) == []                   # unlinked at once


def test_temporary_file_other_open_error(fault_bin, tmp_path):
    """EACCES from open(O_TMPFILE) is not "no O_TMPFILE here": no fallback."""
    names = many_errors(tmp_path / "t", 600)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    p = subprocess.run([fault_bin, "--format=json", *names], capture_output=True,
                       timeout=120, env={**os.environ, "TMPDIR": str(tmpdir),
                                         "SFV_FAULT": "open:1:13"})
    assert p.returncode == 2
    assert p.stderr.decode().endswith(
        "sframe-validate: the temporary file of the report's list of files: "
        "cannot create it in $TMPDIR: Permission denied\n")
    assert list(tmpdir.iterdir()) == []


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_order_is_that_of_j1(sfv_bin, tmp_path, fmt):
    """Operands, walks and --files-from names, interleaved, 3 formats."""
    blobs = [linked(3), linked(2, flags=1), linked(3, flags=0x81)]
    a, b = tmp_path / "a", tmp_path / "b"
    for d, n in ((a, 130), (b, 70)):
        for i in range(n):
            sub = d / f"s{i % 7}"
            sub.mkdir(parents=True, exist_ok=True)
            (sub / f"f{i:03d}").write_bytes(blobs[i % 3])
    single = tmp_path / "one.elf"
    single.write_bytes(blobs[2])
    lst = tmp_path / "list"
    lst.write_text(f"{b}\n{single}\n{a / 's3'}\n")
    args = [f"--format={fmt}", "-r", a, single, f"--files-from={lst}"]
    one = run(sfv_bin, "-j1", *args)
    for j in ("-j2", "-j3"):
        other = run(sfv_bin, j, *args)
        assert (one.returncode, one.stdout, one.stderr) == \
            (other.returncode, other.stdout, other.stderr)
    if fmt == "text":
        got = record_paths(one.stdout.decode())
        walk = lambda d: sorted(str(p) for p in d.rglob("f*"))
        assert got == walk(a) + [str(single)] + walk(b) + [str(single)] + walk(a / "s3")
