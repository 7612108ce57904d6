/* SPDX-License-Identifier: MIT */
/* compat.h - private to src/compat: the decoder context and the helpers
 * the drop-in's files share. */
#ifndef SFV_COMPAT_COMPAT_H
#define SFV_COMPAT_COMPAT_H

#include "compat/abi.h"
#include "sfv.h"

/* A decoder context owns a copy of the section (upstream's API lets the
 * caller free its buffer right after sframe_decode); every read of it
 * goes through libsfv (`sec` opened over `buf`). */
struct sframe_decoder_ctx {
  uint8_t *buf;
  size_t size;
  sfv_section sec;
};

/* Stores err into *errp when errp is not NULL; returns SFRAME_ERR. */
int sfc_fail(int *errp, int err);

/* 1 when SFV_LIBSFRAME_STRICT=1 is set in the environment. */
int sfc_strict(void);

#endif
