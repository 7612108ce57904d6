/* SPDX-License-Identifier: MIT */
/* hello.c - the demo program `make demo` compiles with -Wa,--gsframe. */
#include <stdio.h>
#include <stdlib.h>

static int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }

int main(int argc, char **argv) {
  (void)argv;
  printf("hello from a binary with an .sframe section (%d)\n", depth(argc));
  return EXIT_SUCCESS;
}
