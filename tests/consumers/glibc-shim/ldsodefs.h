/* SPDX-License-Identifier: MIT */
/* ldsodefs.h shim for the glibc SFrame harness (our own code): GLRO
 * (dl_find_object) is the harness's function that hands sframe.c the
 * section under test. */
#ifndef SFV_SHIM_LDSODEFS_H
#define SFV_SHIM_LDSODEFS_H
#include <string.h>
#include <dlfcn.h>
#define GLRO(name) harness_##name
int harness_dl_find_object(void *address, struct dl_find_object *result);
#endif
