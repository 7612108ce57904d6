/* SPDX-License-Identifier: MIT */
/* uw-sigframe.h shim for the glibc SFrame harness (our own code): no
 * signal-frame fallback (MD_DECODE_SIGNAL_FRAME stays undefined), so a
 * failed SFrame step is visible as such. */
