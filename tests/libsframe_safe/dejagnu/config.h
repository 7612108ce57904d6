/* SPDX-License-Identifier: MIT */
/* The upstream libsframe testsuite programs include the build tree's
 * config.h; they need nothing from it. */
