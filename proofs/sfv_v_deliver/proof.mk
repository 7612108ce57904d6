# SPDX-License-Identifier: MIT
# deliver() against proofs/lib/deliver_contract.h, the lemma the
# whole-validator proof assumes in its place.  No loop, no section byte
# read.
PROOF_SRCS.sfv_v_deliver := src/common/rules.c
# The harness includes the file that defines deliver().
$(PROVE_BUILD)/sfv_v_deliver.ok: src/sframe/validate.c
