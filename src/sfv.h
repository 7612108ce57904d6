/* SPDX-License-Identifier: MIT */
/* sfv.h - libsfv: strict, zero-allocation SFrame (v1, v2, v3) decoder and
 * validator.  The umbrella over the library's faces; include it, or only
 * the face a program uses:
 *
 *   sfv_common.h    the API macro, version, format constants, status codes
 *                   and the contract every function keeps
 *   sfv_decode.h    the decoded structures and the in-place accessors
 *   sfv_lookup.h    PC -> FDE -> FRE, and the lookup index
 *   sfv_validate.h  the rule catalogue, diagnostics, sfv_validate()
 *   sfv_elf.h       the ELF container
 *   sfv_cfi.h       DWARF CFI: reader, interpreter, comparison
 */
#ifndef SFV_H
#define SFV_H

#include "sfv_common.h"
#include "sfv_decode.h"
#include "sfv_lookup.h"
#include "sfv_validate.h"
#include "sfv_elf.h"
#include "sfv_cfi.h"

#endif /* SFV_H */
