# SPDX-License-Identifier: MIT
# The induction that makes deliver_burst_post (proofs/lib/deliver_contract.h)
# a corollary of deliver()'s lemma (proofs/sfv_v_deliver).  No code, no
# loop: arithmetic on any states.
