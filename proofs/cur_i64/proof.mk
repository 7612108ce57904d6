# SPDX-License-Identifier: MIT
# Eight symbolic byte loads: over 3 minutes.
PROVE_SLOW += cur_i64
