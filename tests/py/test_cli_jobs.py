# SPDX-License-Identifier: MIT
"""-j batching (issue 29 item 1): workers take batches of files
(src/cli/jobs.c: at most BATCH_MAX = 32 files, an even share of what is left
over BATCH_ROUNDS = 4 rounds per worker, within a window of 3 * BATCH_MAX
files per worker), and the output stays byte for byte that of -j1 on each
stream, in every format, at the batch edges: one file, counts around the
batch and window sizes, a worker dying mid-batch, write errors.  Without
-j, workers start only for runs of 2 files or more holding 32 MiB or more
(docs/PERFORMANCE.md); the run is the same either way."""
import os
import subprocess

import pytest

from test_cli_tree import (assert_closed_pipe, assert_dev_full, jdoc, linked,
                           record_paths, run)

BLOBS = None


def blobs():
    global BLOBS
    if BLOBS is None:   # valid v3, valid v2, invalid (undefined flag)
        BLOBS = [linked(3), linked(2, flags=1), linked(3, flags=0x81)]
    return BLOBS


def make_tree(d, n):
    d.mkdir()
    for i in range(n):
        (d / f"f{i:04d}").write_bytes(blobs()[i % 3])
    return d


def same(a, b):
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)


# 1 file; fewer than a batch; batch sizes 1 -> 2 (-j2: 16 files left);
# a full batch of 32 (256 left with -j2, 384 with -j3); past the window of
# 2 * 96 files.
@pytest.mark.parametrize("n", [1, 2, 15, 16, 17, 255, 256, 257, 300])
@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_batch_edges_are_byte_identical(sfv_bin, tmp_path, n, fmt):
    d = make_tree(tmp_path / "t", n)
    runs = [run(sfv_bin, f"-j{j}", f"--format={fmt}", "-r", d) for j in (1, 2, 3)]
    for r in runs[1:]:
        same(runs[0], r)
    assert runs[0].returncode == (1 if n > 2 else 0)
    if fmt == "json":
        doc = jdoc(runs[0])
        assert [f["path"] for f in doc["files"]] == [str(d / f"f{i:04d}") for i in range(n)]
        assert doc["summary"]["invalid"] == n // 3
    if fmt == "text":
        assert len(record_paths(runs[0].stdout.decode())) == n


def test_default_jobs_on_a_large_run_is_byte_identical(sfv_bin, tmp_path):
    """Over the default's 32 MiB: two files padded (sparse) to 17 MiB."""
    d = make_tree(tmp_path / "t", 6)
    for name in ("f0000", "f0003"):
        with open(d / name, "r+b") as f:
            f.truncate(17 << 20)
    for fmt in ("text", "json", "sarif"):
        a = run(sfv_bin, "-j1", f"--format={fmt}", "-r", d)
        b = run(sfv_bin, f"--format={fmt}", "-r", d)
        c = run(sfv_bin, "-j2", f"--format={fmt}", "-r", d)
        same(a, b)
        same(a, c)


def test_worker_dying_mid_batch_fails_that_file_only(sfv_bin, tmp_path):
    """A worker dies (SIGXFSZ, as in test_cli_tree's dead-worker test) on
    the 4th file of its first batch of 10 (80 files, -j2), holding back
    the messages of the 3 before it (a batch's go out together); a new
    worker does those again, sending each at once, dies on the 4th, which
    alone fails; the next takes the 6 files after it; every other record
    is printed, in order."""
    import resource
    t = make_tree(tmp_path / "t", 80)
    os.unlink(t / "f0003")
    deep = t / "f0003"
    for i in range(8):
        deep = deep / (chr(ord("a") + i) * 200)
    deep.mkdir(parents=True)
    (deep / "x").write_bytes(blobs()[0])

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1500, resource.RLIM_INFINITY))
    p = subprocess.run([sfv_bin, "-r", "-j2", "--no-summary", str(t)],
                       capture_output=True, timeout=120, preexec_fn=limit)
    assert p.returncode == 2
    want = [str(t / f"f{i:04d}") for i in range(80) if i != 3]
    assert record_paths(p.stdout.decode()) == want
    assert p.stderr.decode() == (f"sframe-validate: {deep / 'x'}: internal error: "
                                 "the process validating this file died\n")
    # the other files' output is that of -j1 without them
    q = run(sfv_bin, "-j1", "--no-summary", *want)
    assert p.stdout == q.stdout


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_write_error_with_batches_in_flight(sfv_bin, tmp_path, fmt):
    d = make_tree(tmp_path / "t", 300)
    assert_dev_full(sfv_bin, "-r", "-j2", f"--format={fmt}", d)


def test_closed_pipe_with_batches_in_flight(sfv_bin, tmp_path):
    assert_closed_pipe(sfv_bin, "-r", "-j3", make_tree(tmp_path / "t", 300))
