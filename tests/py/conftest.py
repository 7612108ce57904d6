# SPDX-License-Identifier: MIT
"""Fixtures of tests/py: the built CLI, the peers' environment and the
real-toolchain corpus come from tests/conftest.py (shared by every suite)."""
