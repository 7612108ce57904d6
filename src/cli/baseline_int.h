/* SPDX-License-Identifier: MIT */
/* baseline_int.h - the index of --baseline=OLD.json shared by
 * baseline_load.c (reading and indexing OLD.json) and baseline.c (the
 * run: matching, the report's baseline part, the exit status). */
#ifndef SFV_CLI_BASELINE_INT_H
#define SFV_CLI_BASELINE_INT_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"

typedef struct bl_file {
  char *path;
  int idx;                   /* index in this run, -1 while not seen */
} bl_file;

typedef struct bl_ent {
  uint32_t file;             /* into files[] */
  const char *rule;          /* the catalogue's id (static) */
  int64_t fde, fre;
  sfv_severity sev;
  int matched;
  /* Entries of one key form a chain in baseline order (index + 1, 0 =
   * end); the first of the chain is in the hash table and keeps the
   * chain's last entry and its first unmatched one, so that identical
   * keys cost O(1) each to index and to match. */
  uint32_t next, last, cursor;
} bl_ent;

/* A new diagnostic of this run. */
typedef struct bl_new {
  uint32_t file;
  const char *rule;          /* catalogue id (static) */
  int64_t fde, fre;
  sfv_severity sev;
} bl_new;

struct cli_baseline {
  const char *name;
  bl_file *files;
  uint32_t nfiles, capfiles;
  bl_ent *ents;
  uint32_t nents, capents;
  uint32_t *fslot, fmask;    /* open addressing: file index + 1 */
  uint32_t *eslot, emask;    /* entry index + 1 */
  bl_new *news;
  uint32_t nnew, capnew;
  uint32_t cur;              /* files[] index of the file being checked */
  uint64_t unchanged, nerr_new;
  int oom;
  int sarif;                 /* the report is SARIF (else JSON) */
  uint64_t probes;           /* hash-table steps past the first slot (a
                                work counter: linear in the entries) */
  const char *bad_rule;      /* loading: a rule id not in the catalogue */
  size_t bad_off;
};

/* Hash of a diagnostic's key (path, rule, FDE, FRE). */
uint64_t bl_key_hash(const char *path, const char *rule, int64_t fde,
                     int64_t fre);
/* Grows *p (elements of el bytes, *cap of them) to hold need; 0 when out
 * of memory. */
int bl_grow(void **p, uint32_t *cap, size_t el, uint32_t need);
/* Index of path in files[], adding it when add; UINT32_MAX if absent or
 * out of memory. */
uint32_t bl_file_of(cli_baseline *b, const char *path, int add);

#endif
