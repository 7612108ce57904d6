# SPDX-License-Identifier: MIT
# flex_roles (validate_derive.c) for n = 0..8 (harness.c): the lemma
# proofs/derive_tables assumes in its place.  Loops: the harness's 9
# counts, flex_roles's layout search (2^n / 4 <= 64 turns; its loop 2).
PROOF_SRCS.flex_roles := src/common/rules.c src/sframe/classify.c \
  src/sframe/layout.c
PROOF_FLAGS.flex_roles := --unwind 16 --unwindset flex_roles.2:65
# The harness includes the file that defines flex_roles.
$(PROVE_BUILD)/flex_roles.ok: src/sframe/validate_derive.c
