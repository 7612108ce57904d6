/* SPDX-License-Identifier: MIT */
/* diff_libsframe.h - the record the libsframe oracle child sends back. */
#ifndef SFV_FUZZ_DIFF_LIBSFRAME_H
#define SFV_FUZZ_DIFF_LIBSFRAME_H

#include <stddef.h>
#include <stdint.h>

enum ls_stage {
  LS_ACCEPTS = 0,      /* decoded, every FDE and FRE read */
  LS_REJ_DECODE = 1,   /* sframe_decode() failed */
  LS_REJ_FDE = 2,      /* sframe_decoder_get_funcdesc_v2/v3 failed */
  LS_REJ_FRE = 3,      /* sframe_decoder_get_fre failed */
  LS_BUDGET = 4        /* too many FREs to walk: no verdict */
};

typedef struct ls_record {
  int stage;           /* enum ls_stage */
  int err;             /* libsframe error code, if any */
  uint32_t fde, fre;   /* where it stopped */
  uint32_t finds;      /* sframe_find_fre calls compared */
  int find_skipped;    /* lookups not compared: starts not PC-relative */
  int s390x_flex_cfa_skipped; /* CFA offsets not compared (s390x flex) */
  int find_truncation; /* a lookup differed by libsframe's 32-bit bug */
  int mismatch;        /* values differ from libsfv's (only when compared) */
  char msg[480];
} ls_record;

/* Child exit codes after a sanitizer report (death callback). */
#define LS_EXIT_PEER_CRASH 70  /* inside libsframe: its crash */
#define LS_EXIT_OUR_CRASH 71   /* in libsfv or the harness: a real failure */
extern volatile int ls_in_peer;

/* In the child: runs libsframe over data (a guard-page copy is made) and,
 * with LS_CMP_VALUES (libsfv accepted the section), checks every FDE and
 * FRE value, and with LS_CMP_LOOKUPS too (no checks were skipped, so FDEs
 * do not overlap) sframe_find_fre answers, against libsfv's. */
#define LS_CMP_VALUES 1
#define LS_CMP_LOOKUPS 2
void ls_child_run(const uint8_t *data, size_t size, int compare, ls_record *rec);

#endif
