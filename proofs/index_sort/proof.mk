# SPDX-License-Identifier: MIT
# ix_sort (harness.c) on at most 2 records: the sort proofs/sfv_index's
# .build runs replace by its model (two FDEs at N = 64).  Loops: the heap
# sort's two loops and the sift (3).
PROOF_FLAGS.index_sort := --unwind 3
PROOF_VARS.index_sort := 2
$(PROVE_BUILD)/index_sort.2.ok: src/lookup/index_build.c src/lookup/index.h
