/* SPDX-License-Identifier: MIT */
/* Linked with -Wl,--wrap=sframe_decode into libsframe's test programs: every
   buffer they hand to the decoder (sections they built with the encoder or
   read from their DATA files) is written to $SFV_CAPTURE-N.sframe first. */
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include "sframe-api.h"

sframe_decoder_ctx *__real_sframe_decode(const char *buf, size_t size, int *errp);
sframe_decoder_ctx *__wrap_sframe_decode(const char *buf, size_t size, int *errp);

sframe_decoder_ctx *__wrap_sframe_decode(const char *buf, size_t size, int *errp)
{
    static int n;
    const char *base = getenv("SFV_CAPTURE");
    if (base && buf) {
        char name[4096];
        snprintf(name, sizeof name, "%s-%d.sframe", base, n++);
        FILE *f = fopen(name, "wb");
        if (f) {
            fwrite(buf, 1, size, f);
            fclose(f);
        }
    }
    return __real_sframe_decode(buf, size, errp);
}

/* The encoder's output too (encode-1 never decodes what it encodes). */
char *__real_sframe_encoder_write(sframe_encoder_ctx *e, size_t *size, bool sort, int *errp);
char *__wrap_sframe_encoder_write(sframe_encoder_ctx *e, size_t *size, bool sort, int *errp);

char *__wrap_sframe_encoder_write(sframe_encoder_ctx *e, size_t *size, bool sort, int *errp)
{
    static int n;
    char *buf = __real_sframe_encoder_write(e, size, sort, errp);
    const char *base = getenv("SFV_CAPTURE");
    if (base && buf) {
        char name[4096];
        snprintf(name, sizeof name, "%s-enc%d.sframe", base, n++);
        FILE *f = fopen(name, "wb");
        if (f) {
            fwrite(buf, 1, *size, f);
            fclose(f);
        }
    }
    return buf;
}
