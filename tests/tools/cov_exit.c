/* SPDX-License-Identifier: MIT */
/* cov_exit.c - linked into make coverage-cli's CLI with -Wl,--wrap=_exit:
 * _exit() writes the coverage profile first, so that what the -j workers
 * run (they end with _exit) is counted too. */
int __llvm_profile_write_file(void);
void __real__exit(int status);
void __wrap__exit(int status);

void __wrap__exit(int status) {
  (void)__llvm_profile_write_file();
  __real__exit(status);
}
