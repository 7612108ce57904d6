# SPDX-License-Identifier: MIT
# The zeroed tables satisfy the fast path's tables' invariant
# (harness.c): no code runs, one run.
PROOF_FLAGS.table_frame_zero := --unwind 9
