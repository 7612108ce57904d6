/* SPDX-License-Identifier: MIT */
/* The program of the dh_sframe_validate test packages (debian/tests/dh-sframe-validate). */
#include <stdio.h>

static int twice(int x) { return 2 * x; }

int main(int argc, char **argv)
{
	(void)argv;
	printf("%d\n", twice(argc));
	return 0;
}
