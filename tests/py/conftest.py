# SPDX-License-Identifier: MIT
"""Shared pytest fixtures of tests/py: the peer toolchains (the real
corpus fixture, `realworld`, is in tests/conftest.py, shared by every
suite)."""
import pytest

import peers_support  # importable through tests/conftest.py


@pytest.fixture(scope="session")
def peers_env():
    """KEY=VALUE pairs of .deps/peers/peers.env (installs peers if needed)."""
    return peers_support.peers_env()
