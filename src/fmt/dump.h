/* SPDX-License-Identifier: MIT */
/* dump.h - private to src/fmt/dump*.c. */
#ifndef SFV_FMT_DUMP_H
#define SFV_FMT_DUMP_H

#include "fmt/fmt.h"
#include "sfv.h"

/* Walks every FDE and FRE as objdump of `layout` would; 1 when all of it
 * is readable the same way by libsfv and by the layout's libsframe. */
int fmt_dump_checkable(const sfv_section *sec, int layout);

#endif
