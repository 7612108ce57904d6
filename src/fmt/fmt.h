/* SPDX-License-Identifier: MIT */
/* fmt.h - the printers of sframe-validate (build/libsfvfmt.a): everything
 * the tool prints, and nothing else.
 *
 * Consumers: the command line (src/cli), the conformance adapter
 * (conformance/adapters/sfv_canonical.c), the peer test driver
 * (tests/peers/sfv_driver.c) and the fuzzers.  The core library (src/ itself)
 * never includes this header: printers depend on libsfv, not the reverse.
 *
 * Output invariants, for every printer:
 *  - JSON and SARIF are strict UTF-8 (RFC 8259, SARIF 2.1.0): bytes that
 *    are not valid UTF-8 become U+FFFD; where the raw bytes matter (paths)
 *    they are given again, in hex, in a separate field ("path_bytes").
 *  - Text output never passes a control byte, DEL, a C1 control or an
 *    invalid UTF-8 byte from a path or a symbol name through: each such byte
 *    is written as \xHH (and a backslash as \\), so a name cannot forge a
 *    line or reach the terminal as an escape sequence (fmt_text_str).
 *  - Untrusted text (paths, member names, list entries, section and symbol
 *    names, anything read from a baseline) is printed only by fmt_text_str,
 *    fmt_text_quote, fmt_json_str and fmt_json_path: every other string
 *    src/cli and src/fmt print is a literal or one of the tool's own
 *    tables (make check-untrusted-print).
 *  - No printer keeps state in static storage: a report's counters live in
 *    its fmt_report.
 */
#ifndef SFV_FMT_H
#define SFV_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sfv.h"

/* Output formats.  FMT_MARKDOWN is for the catalogue only, FMT_CANONICAL
 * for validation runs only. */
enum fmt_format { FMT_TEXT, FMT_JSON, FMT_MARKDOWN, FMT_SARIF, FMT_CANONICAL };

/* "text", "json", ... -> FMT_*; 0 when unknown. */
int fmt_parse_format(const char *s, int *out);

/* ------------------------------------------------------------ UTF-8 */

/* Length (1-4) of the valid UTF-8 sequence at s[0..n) (shortest form, no
 * surrogates, at most U+10FFFF), or 0 when s[0] does not start one. */
size_t fmt_utf8_seq(const unsigned char *s, size_t n);
/* 1 when the NUL-terminated s is valid UTF-8. */
int fmt_utf8_valid(const char *s);
/* Largest len <= n such that s[0..len) does not end inside a character:
 * a trailing lead byte whose continuation bytes are missing is dropped. */
size_t fmt_utf8_trim(const char *s, size_t n);

/* ------------------------------------------------------------ text */

/* s with every byte that is not printable UTF-8 text written as \xHH
 * (control bytes, DEL, C1 controls, bytes of invalid sequences) and a
 * backslash as \\. */
void fmt_text_str(FILE *out, const char *s);
/* The same into buf (always NUL-terminated when n > 0); returns the
 * length the whole quoted string needs, like snprintf. */
size_t fmt_text_quote(char *buf, size_t n, const char *s);

/* ------------------------------------------------------------ JSON */

/* A JSON string literal for s: strict UTF-8, invalid bytes as \ufffd,
 * control bytes and DEL escaped. */
void fmt_json_str(FILE *out, const char *s);
/* ,"KEY":"<path>" and, when path is not valid UTF-8, ,"KEY_bytes":"<hex>"
 * with the raw bytes (lower-case hex, two digits per byte).  `lead` is
 * written first (e.g. "{" or ","). */
void fmt_json_path(FILE *out, const char *lead, const char *key, const char *path);

/* "errors":[{"path":..,"message":..},..] for the files whose state is
 * FMT_FILE_IO_ERROR (JSON report and --lookup document). */
struct fmt_files;
void fmt_json_io_errors(FILE *out, const struct fmt_files *files);

/* ------------------------------------------------------------ --dump */

/* objdump's lines before the section ("\nPATH:     file format BFD\n\n").
 * BFD name of an ELF file as objdump prints it ("elf64-x86-64"). */
const char *fmt_bfd_name(const sfv_elf *e);
void fmt_dump_file_header(FILE *out, const char *path, const sfv_elf *e);
/* "Contents of the SFrame section NAME:\n". */
void fmt_dump_section_title(FILE *out, const char *name);

typedef struct fmt_dump_opts {
  int objdump_version;       /* layout: 240, 244 or 247 */
  uint64_t vma;              /* section address */
  uint64_t max_rows;         /* FRE rows printed at most; 0 = no cap */
  const char *who;           /* prefix of the reasons printed on stderr;
                                NULL: "sframe-validate: --dump" */
} fmt_dump_opts;

/* The section printed exactly as GNU objdump --sframe prints it, from the
 * "  Header :" line on.  Returns 0; 1 when the section cannot be dumped
 * (objdump would fail too: the reason on stderr, nothing on out); 2 when
 * the dump stopped at max_rows (the rows up to the cap are printed, the
 * caller says so on stderr; *total_rows then holds the rows a full dump
 * prints); 3 when, with a cap, checking that objdump dumps the section
 * would read more FRE rows than the work budget allows (the cap, plus
 * src/common/work.h's budget for the section's size; FDEs share FRE blocks):
 * nothing is printed, *total_rows holds the rows.  total_rows may be
 * NULL. */
int fmt_dump_section(FILE *out, const uint8_t *data, size_t size,
                     const fmt_dump_opts *opt, uint64_t *total_rows);

/* The FDE layout in which the libsframe of layout 240/244/247 reads a
 * section of version v: the version whose FDE struct it reads the FDE
 * table as, or 0 for a version its header check refuses.  2.47 reads v2
 * and v3 each in its own; 2.44 has one FDE struct, v2's 20 bytes, and
 * reads v1 and v2 in it (table placement, lookups, FRE reads and the byte
 * swap); 2.40 reads v1 in its own.  The one statement of which versions
 * each library reads, and how: --dump's header check and byte swap, and
 * the drop-in's SFC_FDE_VERSION / SFC_FDE_LAYOUT (src/compat/compat.h). */
unsigned fmt_fde_layout(int layout, uint8_t v);

/* sfv_open of the size bytes at b in the FDE layout the libsframe of
 * `layout` reads them in (fmt_fde_layout; a version it refuses: as they
 * are): b's version byte set to that layout's for the open, then given
 * back.  sec->hdr.version is then the layout's. */
sfv_status fmt_open_in_layout(sfv_section *sec, uint8_t *b, size_t size, int layout);

/* 1 when the libsframe of layout 240/244 reads the section's tables
 * (opened in its FDE layout) elsewhere than sfh_fdeoff and sfh_freoff say:
 * it reads the FDE table right after the (auxiliary) header and the FRE
 * sub-section right after that table's entries of its FDE struct, whatever
 * they say (2.47 where they say: 0). */
int fmt_tables_moved(const sfv_section *in_layout, int layout);

/* Where fmt_tables_moved, b's sfh_fdeoff and sfh_freoff (b: the section's
 * bytes, writable, in_layout opened over them) rewritten to where the
 * library reads the tables, in the section's byte order, and in_layout
 * opened again, so that every read through libsfv lands where the
 * library's does; 0 on success (or nothing to move), -1 when the FRE
 * offset does not fit in 32 bits or the open fails. */
int fmt_place_tables(sfv_section *in_layout, uint8_t *b, size_t size, int layout);

/* 1 when the sframe_decode of layout 240/244 cannot copy the FDE table of
 * the section (opened in the library's FDE layout): it sizes the copy in
 * an int, num_fdes x its FDE struct modulo 2^32, and a negative size makes
 * its malloc fail (SFRAME_ERR_NOMEM).  2.47: 0. */
int fmt_fde_copy_fails(const sfv_section *in_layout, int layout);

/* 1 when the libsframe of layout 240/244/247 accepts the section's header
 * (sframe_decode's header checks: version, flags, fdeoff <= freoff); 0
 * when it refuses the section before objdump prints its title: objdump
 * 2.40/2.44 then say "file format not recognized" (status 1).  A section
 * that does not open as SFrame counts as accepted here (fmt_dump_section
 * reports it). */
int fmt_dump_header_decodes(const uint8_t *data, size_t size, int layout);

/* libsframe's reading of one FRE's info byte in layout 240/244/247, the
 * one rule its FRE walk, its sanity check and its row entry follow:
 * *bytes gets the data bytes it copies into its row entry and steps over
 * (count << size code; count for size code 3, undefined: one byte a
 * word).  Returns 1 when its sanity check hands the FRE out (size code
 * 0-2 and at most 3 data words in 2.40/2.44, 6 in 2.47); 0 when it
 * refuses it; -1 when the bytes overrun its row entry (4 bytes a word it
 * holds: its copy would write past the entry). */
int fmt_dump_fre_words(unsigned size_code, unsigned count, int layout,
                       unsigned *bytes);

/* The FREs of one FDE as the layout's libsframe walks them
 * (sframe_decoder_get_fre), through libsfv: at the positions its own
 * stepping gives, which for an FRE of data-word size code 3 (undefined)
 * is one byte per data word.  fmt_dump_fre_next returns 1 with *fre
 * filled and *sane = 1 when libsframe hands the FRE out, *sane = 0 when
 * its sanity check refuses it (size code 3, or more data words than its
 * row entry holds: 3 in 2.40/2.44, 6 in 2.47; *fre then holds the info
 * byte's fields and no data words); 0 after the last FRE; -1 where
 * libsframe's walk is undefined (an FRE past `limit`, its copy's end, or
 * data words past its row entry; an undefined FRE type).  `limit` as
 * sfv_fre_iter_init takes it. */
typedef struct fmt_dump_fre_iter {
  sfv_fre_iter it;
  int layout;
  int ok;                    /* iter_init succeeded, or the FDE has no FREs */
} fmt_dump_fre_iter;
void fmt_dump_fre_init(fmt_dump_fre_iter *w, const sfv_section *sec,
                       const sfv_fde *fde, uint64_t limit, int layout);
int fmt_dump_fre_next(fmt_dump_fre_iter *w, sfv_fre *fre, int *sane);

/* The byte swap of a foreign-endian section as the layout's libsframe
 * does it in sframe_decode (dump_swap.c): the one model of it, for the
 * drop-in's own swap (src/compat/swap.c) and for --dump's check.  sec:
 * the section opened in its own byte order over the bytes to swap, in
 * the library's FDE layout (fmt_open_in_layout; opened in another, -1).  With
 * fields NULL nothing is written and the answer is whether the library's
 * swap succeeds; otherwise buf (sec's bytes, writable) is swapped in
 * place: fields reverses the fields the library swaps of the structure at
 * section offset `at` (the header, an FDE entry or a v3 attribute; it
 * needs the field table), and the FREs' start addresses and data words
 * are reversed here.  0 on success, -1 where the library's swap fails,
 * would leave the buffer or assert, or the walk outgrows the work
 * budget. */
enum { FMT_SWAP_HDR, FMT_SWAP_FDE, FMT_SWAP_ATTR };
/* Reverses the n bytes at p (one field's swap). */
void fmt_swap_bytes(uint8_t *p, unsigned n);
typedef void (*fmt_swap_fields_fn)(uint8_t *buf, uint64_t at, uint8_t version, int what);
int fmt_dump_swap(const sfv_section *sec, uint8_t *buf, int layout,
                  fmt_swap_fields_fn fields);

/* Default FRE-row cap of --dump for a section of `size` bytes: one row per
 * section byte, at least 65536.  A section whose FDEs each own their FRE
 * block has fewer rows than bytes (an FRE takes at least 2 bytes), so only
 * FDEs sharing FRE blocks (output O(FDEs x FREs)) reach it. */
uint64_t fmt_dump_default_rows(size_t size);

/* Size of the buffers the printers format a diagnostic's message into. */
#define FMT_MSG_MAX 640

/* ------------------------------------------------------------ --lookup */

/* A lookup's answer, as the caller found it: sfv_find_fre()'s status and
 * result, and when it found no FRE, whether an FDE covers pc
 * (sfv_find_fde()).  The printer prints it; it runs no lookup. */
typedef struct fmt_lookup_answer {
  uint64_t pc;
  sfv_status status;   /* sfv_find_fre() */
  sfv_lookup lk;       /* its result, when status is SFV_OK */
  int have_fde;        /* status != SFV_OK: an FDE covers pc ... */
  sfv_fde fde;         /* ... this one, */
  uint64_t fde_start;  /* starting here */
  /* The section's verdict, when the caller validated it (validated 1):
   * a lenient reader's answer is printed either way, then whether a
   * strict reader would take the section at all. */
  int validated;
  uint32_t errors;     /* 0: valid */
  int have_first_error;
  sfv_diag first_error;
} fmt_lookup_answer;
/* The caller's lookup at pc, through the public lookup face (sfv_find_fre,
 * then sfv_find_fde when no FRE applies), as the answer the printer takes;
 * the verdict fields stay 0 (not validated). */
static inline void fmt_lookup_answer_find(const sfv_section *sec, uint64_t pc,
                                          fmt_lookup_answer *a) {
  memset(a, 0, sizeof *a);
  a->pc = pc;
  a->status = sfv_find_fre(sec, pc, &a->lk);
  if (a->status != SFV_OK)
    a->have_fde = sfv_find_fde(sec, pc, &a->fde, &a->fde_start) == SFV_OK;
}
/* JSON: extra (when not NULL) writes more members (each starting with a
 * comma) before the object's closing brace. */
typedef void (*fmt_json_extra_fn)(FILE *out, void *ctx);
/* The FRE that applies at a->pc and its recovery rules, or why none does.
 * Text: the lines documented in lookup_print.c (path not printed).  JSON:
 * one object, no trailing newline, "path" first when path != NULL.
 * With a verdict (validated), JSON carries "valid" and, when invalid,
 * "errors" (the count) and "first_error" {"rule","offset","offset_space",
 * "message"}; text prints it with fmt_lookup_verdict_text().
 * Returns 0 when an FRE with valid rules was found in a section without
 * errors, 1 otherwise. */
int fmt_lookup_print(FILE *out, const sfv_section *sec,
                     const fmt_lookup_answer *a, int format, const char *path,
                     fmt_json_extra_fn extra, void *ctx);
/* Text: the verdict's line, after the answer and what the caller prints
 * with it, when the section has errors: "section INVALID: N errors;
 * first: RULE at .sframe+0xOFF: MESSAGE (...)".  Nothing otherwise. */
void fmt_lookup_verdict_text(FILE *out, const fmt_lookup_answer *a);
/* JSON: the verdict's members of a lookup object, each starting with a
 * comma ("valid", and "errors" and "first_error" when invalid); nothing
 * when the caller did not validate. */
void fmt_lookup_verdict_json(FILE *out, const fmt_lookup_answer *a);
/* The one-line answer of a batch lookup (formats in lookup_line.c),
 * newline included, formatted by hand at dst, which has room for
 * FMT_LOOKUP_LINE_MAX + json_tail_len bytes; JSON: json_tail (the verdict's
 * members) is copied before the closing brace.  Returns its length. */
#define FMT_LOOKUP_LINE_MAX 1024
size_t fmt_lookup_line(char *dst, const sfv_section *sec, const fmt_lookup_answer *a,
                       int format, const char *json_tail, size_t json_tail_len);
/* A found answer's line in parts, for callers that reuse parts: the FDE's
 * fields (fmt_lookup_fde_part: a function of the FDE alone, at most
 * FMT_LOOKUP_FDE_MAX bytes) and the FRE's base register, rules, flags and
 * rules status (fmt_lookup_rules_part: a function of them alone, at most
 * FMT_LOOKUP_RULES_MAX bytes); fmt_lookup_found_line() puts them together
 * with the PC and the FRE's index and start (fmt_lookup_line's found line,
 * byte for byte).  Each returns the length written at dst. */
#define FMT_LOOKUP_FDE_MAX 96
#define FMT_LOOKUP_RULES_MAX 320
size_t fmt_lookup_fde_part(char *dst, uint32_t index, uint64_t start, uint32_t size,
                           int format);
size_t fmt_lookup_rules_part(char *dst, const sfv_section *sec, uint8_t base_reg,
                             const sfv_recovery_set *rs, sfv_status recovery_status,
                             int format);
size_t fmt_lookup_found_line(char *dst, uint64_t pc, const char *fde_part,
                             size_t fde_len, uint32_t fre_index, uint64_t fre_start,
                             const char *rules_part, size_t rules_len, int format,
                             const char *json_tail, size_t json_tail_len);
/* Batch answers from the lookup index with the parts kept (lookup_memo.c):
 * direct-mapped tables in caller memory, of fde_slots FDE parts (keyed by
 * FDE index) and rule_slots rules parts (keyed by the hit's rule entry,
 * sfv_index_hit.recovery: one entry holds one FRE info byte and data
 * words, hence one base register, rule set and status), each a power of
 * two, zero-filled by the caller (calloc: pages never used are never
 * touched).  A part not in its slot is formatted and replaces it, so
 * every line is fmt_lookup_line()'s for the same answer. */
typedef struct fmt_memo_fde {      /* one cache line */
  uint32_t key;                      /* FDE index + 1 (indexes < 2^32 - 1); 0: empty */
  uint8_t len;
  char s[59];                        /* parts that fit (all but the widest JSON) */
} fmt_memo_fde;
typedef struct fmt_memo_rules {
  const sfv_recovery_set *key;       /* NULL: empty */
  size_t len;
  char s[FMT_LOOKUP_RULES_MAX];
} fmt_memo_rules;
typedef struct fmt_lookup_memo {
  const sfv_section *sec;
  const sfv_index *ix;
  int format;
  fmt_memo_fde *fdes;
  fmt_memo_rules *rules;
  uint32_t fde_mask, rule_mask;
} fmt_lookup_memo;
void fmt_lookup_memo_init(fmt_lookup_memo *m, const sfv_section *sec,
                          const sfv_index *ix, int format, fmt_memo_fde *fdes,
                          uint32_t fde_slots, fmt_memo_rules *rules,
                          uint32_t rule_slots);
/* The line of a found answer h (sfv_index_find(m->ix, pc) gave SFV_OK and
 * h), as fmt_lookup_line() formats it; dst as fmt_lookup_line()'s. */
size_t fmt_lookup_memo_line(fmt_lookup_memo *m, char *dst, uint64_t pc,
                            const sfv_index_hit *h, const char *json_tail,
                            size_t json_tail_len);
/* A recovery rule's token ("sp+16", "[cfa-8](fixed)", "same") at p, at
 * most 48 bytes; returns its end. */
char *fmt_lookup_rule_token(char *p, const sfv_section *sec, const sfv_recovery *r);
/* A lookup that could not run (no SFrame section, undecodable section):
 * text "pc 0x..: not found: MESSAGE", JSON {"path":..,"pc":N,"found":false,
 * "reason":REASON,"status":MESSAGE}. */
void fmt_lookup_unavailable(FILE *out, uint64_t pc, int format, const char *path,
                            const char *reason, const char *message);

/* ------------------------------------------------------------ canonical */

/* The conformance suite's canonical decode JSON (conformance/README.md).
 * Returns 0 and prints the JSON when the section is accepted (no errors),
 * 1 (nothing on out; the errors named on stderr) when rejected, 2 (nothing
 * on out or stderr) when out of memory. */
int fmt_canonical(FILE *out, const uint8_t *data, size_t size);

/* ------------------------------------------------------------ catalogue */

/* --list-rules: the rule catalogue as text, JSON or Markdown. */
void fmt_list_rules(FILE *out, int format);

/* ------------------------------------------------------------ reports */

/* What a report knows about the file whose diagnostics it prints. */
typedef struct fmt_file_info {
  const char *path;
  int idx;                   /* index of the file on the command line */
  int is_elf;
  int is_archive;            /* an ar archive's own record (ar-* rules) */
  uint32_t members;          /* ... its members, and those that are ELF */
  uint32_t elf_members;
  const sfv_elf *elf;        /* when is_elf */
  uint64_t section_file_offset; /* file offset of the SFrame data (ELF) */
  int have_section;          /* SFrame data located (always for raw) */
  const sfv_section *sec;    /* decoded header, or NULL */
  const sfv_elf_result *elf_res; /* coverage etc., or NULL */
} fmt_file_info;

typedef struct fmt_counts {
  uint32_t errors, warnings, notes, suppressed;
} fmt_counts;

enum fmt_file_state { FMT_FILE_UNREAD = 0, FMT_FILE_VALID, FMT_FILE_INVALID,
                      FMT_FILE_IO_ERROR };

/* Every file of a run, in run order (for SARIF's artifacts and the JSON
 * "errors" list), handed out one at a time: the list is not held in
 * memory (src/cli/file_list.c keeps it in a temporary file). */
typedef struct fmt_file_rec {
  const char *path;
  uint64_t size;
  unsigned char state;           /* enum fmt_file_state */
  const char *io_error;          /* its message, or NULL */
} fmt_file_rec;
struct fmt_files {
  /* Calls fn for each file (idx: its number in the run; with io_only, only
   * the files in FMT_FILE_IO_ERROR) in order. */
  void (*each)(void *ctx, int io_only,
               void (*fn)(void *arg, int idx, const fmt_file_rec *f),
               void *arg);
  void *ctx;
};
typedef struct fmt_files fmt_files;

typedef struct fmt_report fmt_report;

/* One report format: the vtable behind fmt_report. */
typedef struct fmt_report_ops {
  void (*begin)(fmt_report *r);
  void (*file_begin)(fmt_report *r, const fmt_file_info *fi);
  /* Called for diagnostics within the cap only. */
  void (*diag)(fmt_report *r, const fmt_file_info *fi, const sfv_diag *d,
               sfv_severity sev);
  void (*file_end)(fmt_report *r, const fmt_file_info *fi,
                   const fmt_counts *c, int valid);
  void (*end)(fmt_report *r, const fmt_files *files);
} fmt_report_ops;

/* A validation report: one document (JSON, SARIF) or a stream of lines
 * (text) on `out`.  Diagnostics over max_diags in one file are counted as
 * suppressed and not printed, whoever produced them. */
struct fmt_report {
  const fmt_report_ops *ops;
  FILE *out;
  int quiet;                 /* text: the per-file summary only */
  uint32_t max_diags;        /* per file; 0 = SFV_DEFAULT_MAX_DIAGS */
  unsigned long files;       /* files begun */
  unsigned long diags;       /* diagnostics printed in the current file */
  unsigned long results;     /* SARIF: results printed in the run */
  uint32_t over_cap;         /* current file: diagnostics not printed */
  /* --baseline (src/cli/baseline.c): the next diagnostic's state ("new",
   * "unchanged"; NULL: no baseline), and what JSON/SARIF add at the end
   * (JSON: members of the top object; SARIF: results of the run). */
  const char *baseline_state;
  void (*tail)(fmt_report *r, void *ctx);
  void *tail_ctx;
  /* The run's summary (summary.h), printed by end() when not NULL: text
   * lines after the files', JSON "summary", SARIF run.properties. */
  const struct fmt_summary *summary;
  unsigned long joined;      /* parts: list items written so far */
};

/* Sets r up for format FMT_TEXT, FMT_JSON or FMT_SARIF; 0 for others. */
int fmt_report_init(fmt_report *r, int format, FILE *out, int quiet,
                    uint32_t max_diags);
void fmt_report_begin(fmt_report *r);
void fmt_report_file_begin(fmt_report *r, const fmt_file_info *fi);
void fmt_report_diag(fmt_report *r, const fmt_file_info *fi, const sfv_diag *d,
                     sfv_severity sev);
/* c: the file's counts; diagnostics the report held back over the cap are
 * added to c->suppressed in what is printed. */
void fmt_report_file_end(fmt_report *r, const fmt_file_info *fi,
                         const fmt_counts *c, int valid);
void fmt_report_end(fmt_report *r, const fmt_files *files);
/* SARIF, from a tail: a result of the baseline that this run no longer
 * reports (baselineState "absent"); fde/fre SFV_NONE when not given. */
void fmt_sarif_absent(fmt_report *r, const char *path, int idx,
                      const char *rule, sfv_severity sev, int64_t fde,
                      int64_t fre);

/* Parts: a parallel run (src/cli/jobs.c) renders each file's part of the
 * document on its own, in a worker, and the parent writes the parts in
 * file order.  Invariant of every format: two consecutive items of a list
 * (JSON file objects, SARIF results) differ from a first item only by one
 * leading ','.  So a part is rendered as if it held the document's first
 * items, and the parent adds that ',' when needed:
 *   worker: fmt_report_part_begin(r); ...the file...; n = part_items(r);
 *   parent: fmt_report_part_join(r, n); then writes the part's bytes. */
void fmt_report_part_begin(fmt_report *r);
unsigned long fmt_report_part_items(const fmt_report *r);
void fmt_report_part_join(fmt_report *r, unsigned long items);

#endif
