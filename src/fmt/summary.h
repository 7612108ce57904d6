/* SPDX-License-Identifier: MIT */
/* summary.h - a run's summary (sframe-validate -r, --files-from, --summary):
 * what a release engineer asks of a whole tree.  Plain counters, no
 * pointers, so a worker process hands its part to the parent as bytes
 * (src/cli/jobs.c) and a later run may read it back (--baseline).
 *
 * A "record" is what the report prints one summary line / JSON file object
 * for: an ELF file, an archive member, a raw section, an archive's own
 * record.  Counting rules (docs/sframe-validate.1, SUMMARY):
 *  - sections/by_version/flag_set count records whose SFrame header decoded;
 *  - sizes (sframe/eh_frame/exec bytes) are summed over ELF records only;
 *  - by_rule counts the diagnostics delivered (within --max-diags) by their
 *    effective severity; errors/warnings/notes/suppressed are the sums of
 *    the records' totals, suppressed diagnostics included.
 */
#ifndef SFV_FMT_SUMMARY_H
#define SFV_FMT_SUMMARY_H

#include <stdint.h>
#include <stdio.h>

#include "sfv.h"

/* Flag bits counted (bit k = SFrame header flag 1 << k). */
#define FMT_SUMMARY_FLAGS 8

/* Invariant: every field from `inputs` up to `by_rule` is a uint64_t
 * counter (fmt_summary_merge adds them by layout). */
typedef struct fmt_summary {
  uint64_t inputs;           /* files of the run (named or found) */
  uint64_t io_errors;        /* inputs with an I/O error (status 2); set at
                                the end of the run from the files' states */
  uint64_t records;          /* records printed */
  uint64_t valid, invalid;   /* ... by verdict */
  uint64_t elf;              /* ELF records (archive members included) */
  uint64_t raw;              /* raw SFrame sections */
  uint64_t archives;         /* archives' own records */
  uint64_t members;          /* ... their members (ELF or not) */
  uint64_t no_sframe;        /* ELF records without SFrame data */
  uint64_t undecodable;      /* SFrame data whose header does not decode */
  uint64_t sections;         /* SFrame headers decoded */
  uint64_t by_version[4];    /* [1..3]: version; [0]: any other */
  uint64_t flag_set[FMT_SUMMARY_FLAGS]; /* sections with flag bit k set */
  uint64_t fdes;             /* sfh_num_fdes summed */
  uint64_t coverage_records; /* ELF records whose coverage is known */
  uint64_t funcs_total, funcs_covered;
  uint64_t sframe_bytes;     /* ELF records: SFrame data size */
  uint64_t eh_frame_bytes;   /* ELF records: .eh_frame size */
  uint64_t exec_bytes;       /* ELF records: executable sections' size */
  uint64_t errors, warnings, notes, suppressed;
  uint32_t by_rule[SFV_RULE_COUNT][3]; /* [rule][sfv_severity] */
} fmt_summary;

struct fmt_file_info;
struct fmt_counts;

/* One record's facts (at its summary line). */
void fmt_summary_record(fmt_summary *s, const struct fmt_file_info *fi,
                        const struct fmt_counts *c, int valid);
/* One delivered diagnostic with its effective severity. */
void fmt_summary_diag(fmt_summary *s, sfv_rule_id rule, sfv_severity sev);
/* dst += src (a worker's part). */
void fmt_summary_merge(fmt_summary *dst, const fmt_summary *src);

/* Text: lines "summary: ..." (documented in docs/sframe-validate.1). */
void fmt_summary_text(FILE *out, const fmt_summary *s);
/* JSON: one object (docs/json-output.schema.json, "summary"). */
void fmt_summary_json(FILE *out, const fmt_summary *s);

#endif
