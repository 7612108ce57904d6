/* SPDX-License-Identifier: MIT */
/* intree.h - libsfv's one in-tree face for its own printers and command
 * (src/fmt, src/cli): built with them, never installed.  What they
 * legitimately share with the library beyond the public faces:
 *  - the typed reporters (report.h), with which the command reports its
 *    own rules (ar-*, profile-*) through the catalogue's slot structs;
 *  - the work budget (work.h), which every loop the input sizes charges,
 *    the command's (--profile) and the printers' (--dump) included;
 *  - the saturating finding counters (count.h), which the command's
 *    per-file counts share with sfv_result's.
 * All are header-only: nothing of libsfv's private code is linked in
 * through this face. */
#ifndef SFV_COMMON_INTREE_H
#define SFV_COMMON_INTREE_H

#include "common/report.h"
#include "common/work.h"
#include "common/count.h"

#endif
