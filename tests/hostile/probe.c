/* SPDX-License-Identifier: MIT */
/* probe.c - the work counter of the CLI scaling tests: linked into a build
 * of the whole CLI (libsfv, the printers, src/cli) compiled with
 * -finstrument-functions, which calls __cyg_profile_func_enter at the entry
 * of every function, inlined ones included.  The count of those calls is
 * the run's work; at exit it is written to the file SFV_PROBE_OUT names.
 * Tests compare it across inputs of doubling size (never a timer). */
#include <stdio.h>
#include <stdlib.h>

#define NOI __attribute__((no_instrument_function))

void __cyg_profile_func_enter(void *fn, void *site) NOI;
void __cyg_profile_func_exit(void *fn, void *site) NOI;

static unsigned long long calls;

void __cyg_profile_func_enter(void *fn, void *site) {
  (void)fn;
  (void)site;
  calls++;
}

void __cyg_profile_func_exit(void *fn, void *site) {
  (void)fn;
  (void)site;
}

static void report(void) NOI __attribute__((destructor));
static void report(void) {
  const char *path = getenv("SFV_PROBE_OUT");
  FILE *f;
  if (path == NULL || (f = fopen(path, "w")) == NULL)
    return;
  fprintf(f, "%llu\n", calls);
  fclose(f);
}
