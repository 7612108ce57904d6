/* SPDX-License-Identifier: MIT */
/* errors.c - sframe_errmsg and the error-return helper. */
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"

/* The texts of the ABI's error codes, in code order (the ABI's own
 * spelling, "Corrput FDE." included: callers may compare them). */
static const char *const sfc_errtext[SFRAME_ERR_END - SFRAME_ERR_BASE] = {
    "SFrame version not supported.",
    "Out of Memory.",
    "Corrupt SFrame.",
    "Buffer does not contain SFrame data.",
    "Corrupt SFrame decoder.",
    "Corrupt SFrame encoder.",
    "Corrput FDE.",
    "Corrupt FRE.",
    "FDE not found.",
    "FDEs not sorted.",
    "FRE not found.",
    "FRE offset not present.",
};

const char *sframe_errmsg(int error) {
  if (error >= SFRAME_ERR_BASE && error < SFRAME_ERR_END)
    return sfc_errtext[error - SFRAME_ERR_BASE];
  return strerror(error);
}

int sfc_fail(int *errp, int err) {
  if (errp != NULL)
    *errp = err;
  return SFRAME_ERR;
}

int sfc_strict(void) {
  const char *s = getenv("SFV_LIBSFRAME_STRICT");
  return s != NULL && strcmp(s, "1") == 0;
}
