/* SPDX-License-Identifier: MIT */
/* dlfcn.h shim for the glibc SFrame harness (our own code): glibc 2.42+'s
 * struct dl_find_object has dlfo_sframe, which bookworm's 2.36 header lacks.
 * Only what sframe.c uses is declared; the harness supplies the lookup. */
#ifndef SFV_SHIM_DLFCN_H
#define SFV_SHIM_DLFCN_H
#include <stddef.h>
#define DLFO_FLAG_SFRAME 1
struct dl_find_object {
  unsigned long long dlfo_flags;
  void *dlfo_map_start;
  void *dlfo_map_end;
  void *dlfo_link_map;
  void *dlfo_eh_frame;
  void *dlfo_sframe;
};
#endif
