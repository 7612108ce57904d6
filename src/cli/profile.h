/* SPDX-License-Identifier: MIT */
/* profile.h - --profile=READER (src/cli/profile.c, docs/CONSUMERS.md). */
#ifndef SFV_CLI_PROFILE_H
#define SFV_CLI_PROFILE_H

#include <stdint.h>

#include "sfv.h"

#define CLI_NPROFILES 5

/* Diagnostics seen so far in a file whose rule a profile's reader rejects
 * (the consumers column), per profile. */
typedef struct cli_profile_state {
  uint32_t hits[CLI_NPROFILES];
  uint64_t first_offset[CLI_NPROFILES];
} cli_profile_state;

typedef void (*cli_profile_emit_fn)(void *ctx, const sfv_diag *d);

/* Adds the profiles named in a comma-separated list to *mask; 0 when a
 * name is unknown or the list is empty. */
int cli_profile_parse(const char *list, unsigned *mask);
/* The profile names, for --help and messages. */
const char *cli_profile_names(void);
/* Call for every diagnostic delivered for the file. */
void cli_profile_note(cli_profile_state *ps, const sfv_diag *d);
/* After validation: the profile-* diagnostics of the profiles in mask for
 * the opened section sec, through emit; sec NULL: SFrame data that could
 * not even be opened (too small, bad magic or version): refused by all. */
void cli_profile_check(unsigned mask, const cli_profile_state *ps,
                       const sfv_section *sec, cli_profile_emit_fn emit, void *ctx);

#endif
