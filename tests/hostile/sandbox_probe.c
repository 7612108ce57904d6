/* SPDX-License-Identifier: MIT */
/* sandbox_probe.c - the fuzz harnesses' sandbox (fuzz/fuzz_sandbox.h) on
 * its own: writes one file into the sandbox, prints the sandbox path, then
 * exits ("exit") or waits to be killed ("hold"). */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_sandbox.h"

int main(int argc, char **argv) {
  if (argc != 2 || (strcmp(argv[1], "exit") != 0 && strcmp(argv[1], "hold") != 0)) {
    fprintf(stderr, "usage: sandbox_probe exit|hold\n");
    return 2;
  }
  (void)fuzz_sandbox_write("in.a", "!<arch>\n", 8);
  printf("%s\n", fuzz_sandbox());
  fflush(stdout);
  if (strcmp(argv[1], "hold") == 0)
    for (;;)
      pause();
  return 0;
}
