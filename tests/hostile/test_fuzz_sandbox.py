# SPDX-License-Identifier: MIT
"""The fuzz harnesses' sandbox (fuzz/fuzz_sandbox.h): a harness killed by
the engine (SIGKILL, no exit handler) leaves its directory, and the next
harness process removes it; a live harness's sandbox is never touched, and
a clean exit removes its own."""
import os
import signal
import subprocess
import time


def start(probe, env):
    p = subprocess.Popen([probe, "hold"], stdout=subprocess.PIPE, env=env, text=True)
    return p, p.stdout.readline().strip()


def test_killed_sandbox_reaped_live_kept(sandbox_probe, tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    dead, dead_dir = start(sandbox_probe, env)
    live, live_dir = start(sandbox_probe, env)
    try:
        assert os.path.isfile(os.path.join(dead_dir, "in.a")), dead_dir
        dead.send_signal(signal.SIGKILL)
        dead.wait(timeout=60)
        assert os.path.isdir(dead_dir)           # no exit handler ran
        out = subprocess.run([sandbox_probe, "exit"], env=env, capture_output=True,
                             text=True, timeout=60, check=True).stdout.strip()
        assert not os.path.exists(dead_dir), os.listdir(tmp_path)
        assert os.path.isfile(os.path.join(live_dir, "in.a"))  # the live one stays
        assert not os.path.exists(out)           # a clean exit removes its own
    finally:
        live.send_signal(signal.SIGKILL)
        live.wait(timeout=60)
    subprocess.run([sandbox_probe, "exit"], env=env, timeout=60, check=True,
                   capture_output=True)
    assert os.listdir(tmp_path) == [], os.listdir(tmp_path)


def test_stale_sandbox_without_lock_reaped(sandbox_probe, tmp_path):
    """An owner killed between mkdtemp and taking its lock: removed once
    stale, left alone while it may still be starting."""
    env = dict(os.environ, TMPDIR=str(tmp_path))
    young, old = tmp_path / "sfv-fuzz-young1", tmp_path / "sfv-fuzz-old123"
    for d in (young, old):
        d.mkdir()
        (d / "PENDING").write_bytes(b"")
    past = time.time() - 3600
    os.utime(old, (past, past))
    subprocess.run([sandbox_probe, "exit"], env=env, timeout=60, check=True,
                   capture_output=True)
    assert not old.exists() and young.exists(), os.listdir(tmp_path)
