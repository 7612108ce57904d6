/* SPDX-License-Identifier: MIT */
/* cov_exit.c - linked into make coverage-cli's CLI with -Wl,--wrap=_exit
 * (beside tests/tools/fault.c): the coverage profile is written by _exit
 * too, so that what the -j workers run (they end with _exit) is counted,
 * and, before any profile write, a soft RLIMIT_FSIZE a test set is raised
 * to its hard limit, so the profile is not cut and the process does not
 * die of SIGXFSZ at exit (what the CLI itself writes stays limited). */
#include <sys/resource.h>

int __llvm_profile_write_file(void);
void __real__exit(int status);
void __wrap__exit(int status);
void sfv_cov_before_profile(void);
void sfv_fault_disarm(void);

void sfv_cov_before_profile(void) {
  struct rlimit r;
  if (getrlimit(RLIMIT_FSIZE, &r) == 0 && r.rlim_cur != r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    (void)setrlimit(RLIMIT_FSIZE, &r);
  }
}

void __wrap__exit(int status) {
  sfv_fault_disarm();
  sfv_cov_before_profile();
  (void)__llvm_profile_write_file();
  __real__exit(status);
}
