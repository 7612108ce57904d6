/* SPDX-License-Identifier: MIT */
/* profile.c - --profile=READER[,READER...]: "will this reader accept the
 * section, and will it compute the same unwind rows?"
 *
 * A profile is data: what the reader reads (versions), needs (flags) and
 * refuses (flags, an auxiliary header, empty sections, equal function
 * starts), which catalogue rules it rejects (the consumers column of
 * sfv_rules.def: any diagnostic of such a rule, whatever its severity,
 * makes it reject), and where it computes other rows than the spec.  Each
 * fact is measured with the real reader (tests/consumers: glibc, libsframe,
 * llvm-readobj) or cited from its source (the kernel); docs/CONSUMERS.md
 * lists them with their evidence.  A refusal is one profile-READER error
 * (aux = reason code), other rows one profile-READER-rows warning.
 *
 * Work: one pass over the FDEs and their FREs for all profiles, one unit
 * of a budget proportional to the section (src/common/work.h) per FDE and per
 * FRE; FDEs may share one FRE block, so when the budget runs out the facts
 * found so far stand and a checks-skipped note (work-budget) says the
 * rest of the section was not read.
 */
#include <string.h>

#include "cli.h"
#include "profile.h"
#include "common/intree.h" /* the rules' slot structs, the work budget */

/* Reasons (aux): enum sfv_profile_reason (sfv.h), named in JSON/SARIF. */

/* What a reader does, by fact. */
typedef struct profile {
  const char *name;
  unsigned bit;                /* SFV_C_* of the consumers column */
  sfv_rule_id rejects, rows;   /* its profile-* rules */
  unsigned versions;           /* SFV_V* it reads */
  uint8_t need_flags[4];       /* by version: flags it requires */
  uint8_t refused_flags[4];    /* by version: flags it refuses */
  unsigned char kernel_layout; /* no auxhdr, FDEs and FREs, strictly ascending
                                  starts, no FRE word a fixed offset replaces */
  unsigned char rows_fixed;    /* a nonzero fixed FP/RA offset wins over FRE words */
  unsigned char rows_no_ra;    /* no row where the RA is in a register */
  unsigned char rows_s390x_v2; /* s390x v2 CFA offsets read undecoded */
  unsigned char v1_misread;    /* misreads v1 FREs: refuses v1 with FREs */
  unsigned char mask_at_size;  /* aborts on a MASK FRE starting at or past
                                  (MASK_AT) or past (MASK_PAST) the function
                                  size, inside rep_size */
} profile;

/* K8, K18: the kernel checks function starts (S4: and ends) against the
 * registered text, which a raw section does not name; no user-space text
 * lies 2^47 bytes or more away from the section. */
#define USER_SPAN ((int64_t)1 << 47)

enum { MASK_PAST = 1, MASK_AT = 2 };

#define F_SORTED SFV_F_FDE_SORTED
#define F_PCREL SFV_F_FDE_FUNC_START_PCREL

static const profile profiles[] = {
    /* K2-K5, K7-K11, K17, K18 (docs/CONSUMERS.md): what any cited revision
       refuses */
    {"kernel", SFV_C_KERNEL, SFV_R_PROFILE_KERNEL, SFV_R_PROFILE_KERNEL_ROWS, SFV_V3,
     {0, 0, 0, F_SORTED | F_PCREL}, {0, 0, 0, 0}, 1, 0, 0, 0, 0, 0},
    /* glibc 2.43: header check v2 only; lookups need SORTED */
    {"glibc", SFV_C_GLIBC, SFV_R_PROFILE_GLIBC, SFV_R_PROFILE_GLIBC_ROWS, SFV_V2,
     {0, 0, F_SORTED, 0}, {0, 0, 0, 0}, 0, 1, 1, 0, 0, 0},
    /* 2.44 misreads v1 FREs: refused, aborts or wrong rows (measured) */
    {"libsframe-2.44", SFV_C_LIBSFRAME_2_44, SFV_R_PROFILE_LIBSFRAME_2_44,
     SFV_R_PROFILE_LIBSFRAME_2_44_ROWS, SFV_V1 | SFV_V2,
     {0, 0, 0, 0}, {0, 0, F_PCREL, 0}, 0, 1, 0, 1, 1, MASK_AT},
    {"libsframe-2.47", SFV_C_LIBSFRAME_2_47, SFV_R_PROFILE_LIBSFRAME_2_47,
     SFV_R_PROFILE_LIBSFRAME_2_47_ROWS, SFV_V2 | SFV_V3,
     {0, 0, 0, 0}, {0, 0, 0, 0}, 0, 1, 0, 0, 0, MASK_PAST},
    {"llvm", SFV_C_LLVM, SFV_R_PROFILE_LLVM, SFV_R_PROFILE_LLVM_ROWS, SFV_V2,
     {0, 0, 0, 0}, {0, 0, 0, 0}, 0, 0, 0, 1, 0, 0},
};
#define NPROFILES (sizeof profiles / sizeof profiles[0])

int cli_profile_parse(const char *list, unsigned *mask) {
  while (*list) {
    size_t n = strcspn(list, ","), k;
    int found = 0;
    for (k = 0; k < NPROFILES; k++)
      if (strlen(profiles[k].name) == n && strncmp(profiles[k].name, list, n) == 0) {
        *mask |= 1u << k;
        found = 1;
      }
    if (!found)
      return 0;
    list += n;
    if (*list == ',' && *++list == '\0')
      return 0;
  }
  return *mask != 0;
}

const char *cli_profile_names(void) {
  return "kernel, glibc, libsframe-2.44, libsframe-2.47, llvm";
}

void cli_profile_note(cli_profile_state *ps, const sfv_diag *d) {
  const sfv_rule_info *ri = sfv_rule_get(d->rule);
  size_t k;
  if (ri == NULL)
    return;
  for (k = 0; k < NPROFILES; k++)
    if (ri->consumers & profiles[k].bit) {
      if (ps->hits[k]++ == 0)
        ps->first_offset[k] = d->offset;
    }
}

typedef struct out {
  cli_profile_emit_fn emit;
  void *ctx;
} out;

/* One finding, severity from the rule table. */
static void say(const out *o, sfv_rule_id rule, uint64_t off, int64_t fde,
                int64_t fre, sfv_slot_values v) {
  const sfv_rule_info *ri = sfv_rule_get(rule);
  sfv_diag d;
  if (ri == NULL)
    return;
  memset(&d, 0, sizeof d);
  d.rule = rule;
  d.severity = ri->severity;
  d.offset = off;
  d.fde = fde;
  d.fre = fre;
  d.found = v.found;
  d.expected = v.expected;
  d.aux = v.aux;
  o->emit(o->ctx, &d);
}

/* The profile-READER rules share one layout (value, reader_needs, reason)
 * and the profile-READER-rows rules another (value, reason): call sites
 * name the slots of the family's layout (reject_slots, rows_slots), and
 * each rule is packed through its own slot struct (src/common/report.h), so a
 * rule whose schema row drifts from its family's does not compile. */
typedef struct sfv_slots_PROFILE_KERNEL reject_slots;
typedef struct sfv_slots_PROFILE_KERNEL_ROWS rows_slots;

#define PACK_REJECT(E)                                                      \
  case SFV_R_##E:                                                           \
    say(o, rule, off, fde, fre,                                             \
        sfv_pack_##E((struct sfv_slots_##E){.value = s.value,                \
                                            .reader_needs = s.reader_needs,  \
                                            .reason = s.reason}));           \
    break;
static void reject(const out *o, sfv_rule_id rule, uint64_t off, int64_t fde,
                   int64_t fre, reject_slots s) {
  switch (rule) {
  PACK_REJECT(PROFILE_KERNEL)
  PACK_REJECT(PROFILE_GLIBC)
  PACK_REJECT(PROFILE_LIBSFRAME_2_44)
  PACK_REJECT(PROFILE_LIBSFRAME_2_47)
  PACK_REJECT(PROFILE_LLVM)
  default: break;
  }
}
#undef PACK_REJECT

#define PACK_ROWS(E)                                                        \
  case SFV_R_##E:                                                           \
    say(o, rule, off, fde, SFV_NONE,                                        \
        sfv_pack_##E((struct sfv_slots_##E){.value = s.value,                \
                                            .reason = s.reason}));           \
    break;
static void rows(const out *o, sfv_rule_id rule, uint64_t off, int64_t fde,
                 rows_slots s) {
  switch (rule) {
  PACK_ROWS(PROFILE_KERNEL_ROWS)
  PACK_ROWS(PROFILE_GLIBC_ROWS)
  PACK_ROWS(PROFILE_LIBSFRAME_2_44_ROWS)
  PACK_ROWS(PROFILE_LIBSFRAME_2_47_ROWS)
  PACK_ROWS(PROFILE_LLVM_ROWS)
  default: break;
  }
}
#undef PACK_ROWS

/* A refusal / other rows of profile p, slots named. */
#define REJECT(off_, fde_, fre_, ...)                                        \
  (reject(o, p->rejects, (off_), (fde_), (fre_), (reject_slots){__VA_ARGS__}), \
   rejected = 1)
#define ROWS(off_, fde_, ...)                                                \
  rows(o, p->rows, (off_), (fde_), (rows_slots){__VA_ARGS__})

typedef struct mask_fact {
  int64_t fde, fre;            /* fde < 0: none */
  uint64_t off, start, size;
} mask_fact;

/* Walks the FREs for the kernel's leftover-word fault (K11), libsframe's
 * MASK start assertion and the row facts; one report of each kind per
 * section (the first FRE found). */
typedef struct fre_facts {
  int64_t leftover_fde, leftover_fre;
  uint64_t leftover_off;
  int64_t fp_word_fde, no_ra_fde, ra_word_fde, any_words;
  mask_fact mask[3];           /* [MASK_PAST], [MASK_AT]: the first MASK FRE
                                  starting past / at or past its size */
  uint64_t stopped_at;         /* budget spent at this FDE's offset */
  int stopped;
} fre_facts;

static void scan_fres(const sfv_section *sec, fre_facts *ff) {
  const sfv_header *h = &sec->hdr;
  int tracks_ra = h->abi_arch != SFV_ABI_AMD64_LE;
  sfv_work w = sfv_work_for(sec->size);
  uint32_t i;
  memset(ff, 0, sizeof *ff);
  ff->leftover_fde = ff->fp_word_fde = ff->no_ra_fde = ff->ra_word_fde = -1;
  ff->mask[MASK_PAST].fde = ff->mask[MASK_AT].fde = -1;
  for (i = 0; i < sec->fde_avail && !w.hit; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    sfv_fre r;
    int64_t j = 0;
    if (sfv_fde_get(sec, i, &f) != SFV_OK || !sfv_work_charge(&w, 1) ||
        sfv_fre_iter_init(&it, sec, &f, 0) != SFV_OK)
      continue;
    for (; sfv_work_charge(&w, 1) && sfv_fre_next(&it, &r) == SFV_OK; j++) {
      unsigned n = r.dw_count;
      if (f.pc_type == SFV_PC_MASK && r.start >= f.size) {
        int k;
        for (k = MASK_PAST; k <= MASK_AT; k++)
          if (ff->mask[k].fde < 0 && (k == MASK_AT || r.start > f.size)) {
            mask_fact m = {i, j, r.offset, r.start, f.size};
            ff->mask[k] = m;
          }
      }
      if (n == 0 || f.fde_type != SFV_FDE_DEFAULT)
        continue;
      ff->any_words = 1;
      if (n == (tracks_ra ? 3u : 2u) && ff->fp_word_fde < 0)
        ff->fp_word_fde = i;
      if (tracks_ra && n == 1 && ff->no_ra_fde < 0)
        ff->no_ra_fde = i;
      if (!tracks_ra && n >= 2 && ff->ra_word_fde < 0)
        ff->ra_word_fde = i;
      /* the kernel: CFA, then RA unless fixed, then FP unless fixed */
      n -= 1;
      if (h->cfa_fixed_ra_offset == 0 && n)
        n--;
      if (h->cfa_fixed_fp_offset == 0 && n)
        n--;
      if (n && ff->leftover_fde < 0) {
        ff->leftover_fde = i;
        ff->leftover_fre = j;
        ff->leftover_off = r.offset;
      }
    }
    if (w.hit) {
      ff->stopped = 1;
      ff->stopped_at = f.offset;
    }
  }
}

/* The kernel's per-FDE refusals (docs/CONSUMERS.md K8, K10, K17, K18): the
 * first FDE in index order with a function start 2^47 or more from the
 * section, a function end more than 2^47 past it (the registered text
 * ends before), a start equal to the previous FDE's, or more FREs than
 * function bytes.  fde < 0: none. */
typedef struct kernel_fde_fact {
  int64_t fde;
  uint64_t off;
  int64_t value, needs;
  unsigned reason;
} kernel_fde_fact;

static kernel_fde_fact kernel_fdes(const sfv_section *sec) {
  kernel_fde_fact k;
  uint32_t i;
  sfv_fde prev, f;
  memset(&k, 0, sizeof k);
  memset(&prev, 0, sizeof prev);
  k.fde = -1;
  for (i = 0; i < sec->fde_avail; i++) {
    if (sfv_fde_get(sec, i, &f) != SFV_OK)
      break;
    k.off = f.offset;
    k.value = i;
    k.needs = (int64_t)i - 1;
    if (!f.start_ok || f.start >= USER_SPAN || f.start <= -USER_SPAN)
      k.reason = SFV_PROF_START_UNREACHABLE;
    else if (f.start + (int64_t)f.size > USER_SPAN) {
      k.reason = SFV_PROF_END_UNREACHABLE;
      k.value = f.start + (int64_t)f.size;
      k.needs = USER_SPAN;
    } else if (i > 0 && f.start == prev.start)
      k.reason = SFV_PROF_EQUAL_STARTS;
    else if (f.num_fres > f.size) {
      k.reason = SFV_PROF_FRES_OVER_SIZE;
      k.value = f.num_fres;
      k.needs = f.size;
    } else {
      prev = f;
      continue;
    }
    k.fde = i;
    return k;
  }
  return k;
}

static void check_one(const profile *p, uint32_t hits, uint64_t hit_off,
                      const sfv_section *sec, const fre_facts *ffp, const out *o) {
  const sfv_header *h = &sec->hdr;
  unsigned v = h->version;
  int rejected = 0;
  fre_facts ff = *ffp;
  kernel_fde_fact kf;
  if (v < 1 || v > 3 || !(p->versions & (1u << (v - 1))) ||
      (v == 1 && p->v1_misread && h->num_fres != 0)) {
    REJECT(2, SFV_NONE, SFV_NONE, .value = v,
           .reader_needs = (p->versions & SFV_V3) ? 3 : (p->versions & SFV_V2) ? 2 : 1,
           .reason = SFV_PROF_VERSION);
    return;  /* nothing else of an unread version matters */
  }
  if ((h->flags & p->need_flags[v]) != p->need_flags[v])
    REJECT(3, SFV_NONE, SFV_NONE, .value = h->flags,
           .reader_needs = p->need_flags[v] & ~h->flags,
           .reason = SFV_PROF_FLAG_MISSING);
  if (h->flags & p->refused_flags[v])
    REJECT(3, SFV_NONE, SFV_NONE, .value = h->flags,
           .reader_needs = h->flags & p->refused_flags[v],
           .reason = SFV_PROF_FLAG_REFUSED);
  if (p->kernel_layout) {
    if (h->auxhdr_len != 0)
      REJECT(7, SFV_NONE, SFV_NONE, .value = h->auxhdr_len,
             .reason = SFV_PROF_AUXHDR);
    if (h->num_fdes == 0 || h->num_fres == 0)
      REJECT(8, SFV_NONE, SFV_NONE, .value = h->num_fdes,
             .reader_needs = h->num_fres, .reason = SFV_PROF_EMPTY);
    /* K7: the FRE sub-section may not start before the FDEs end */
    if ((uint64_t)h->freoff < (uint64_t)h->fdeoff + (uint64_t)h->num_fdes * 16u)
      REJECT(24, SFV_NONE, SFV_NONE, .value = h->freoff,
             .reader_needs = (int64_t)h->fdeoff + (int64_t)h->num_fdes * 16,
             .reason = SFV_PROF_FRES_IN_FDES);
    if ((kf = kernel_fdes(sec)).fde >= 0)
      REJECT(kf.off, kf.fde, SFV_NONE, .value = kf.value, .reader_needs = kf.needs,
             .reason = kf.reason);
    if (ff.leftover_fde >= 0)
      REJECT(ff.leftover_off, ff.leftover_fde, ff.leftover_fre,
             .value = h->cfa_fixed_ra_offset,
             .reader_needs = h->cfa_fixed_fp_offset,
             .reason = SFV_PROF_LEFTOVER_WORDS);
  }
  /* libsframe's sframe_decoder_get_fre asserts start <= size (2.47),
   * start < size (2.44), whatever the PC type (docs/FINDINGS.md F9) */
  if (p->mask_at_size && ff.mask[p->mask_at_size].fde >= 0) {
    const mask_fact *m = &ff.mask[p->mask_at_size];
    REJECT(m->off, m->fde, m->fre, .value = (int64_t)m->start,
           .reader_needs = (int64_t)m->size, .reason = SFV_PROF_MASK_START_PAST_SIZE);
  }
  if (hits)
    REJECT(hit_off, SFV_NONE, SFV_NONE, .value = hits, .reason = SFV_PROF_RULES);
#undef REJECT
  if (rejected)
    return;
  /* Readers that use the section: where their rows differ from the spec's. */
  if (p->rows_fixed && h->cfa_fixed_fp_offset != 0 && ff.fp_word_fde >= 0)
    ROWS(5, ff.fp_word_fde, .value = h->cfa_fixed_fp_offset,
         .reason = SFV_PROF_FIXED_FP);
  if (p->rows_fixed && h->abi_arch != SFV_ABI_AMD64_LE && h->cfa_fixed_ra_offset != 0)
    ROWS(6, SFV_NONE, .value = h->cfa_fixed_ra_offset, .reason = SFV_PROF_FIXED_RA);
  if (p->rows_no_ra && ff.no_ra_fde >= 0 && h->cfa_fixed_ra_offset == 0)
    ROWS(6, ff.no_ra_fde, .value = 1, .reason = SFV_PROF_NO_RA_WORD);
  if (h->abi_arch == SFV_ABI_AMD64_LE && h->cfa_fixed_ra_offset == 0 &&
      ff.ra_word_fde >= 0)
    ROWS(6, ff.ra_word_fde, .value = 0, .reason = SFV_PROF_AMD64_RA_ZERO);
  if (p->rows_s390x_v2 && v == 2 && h->abi_arch == SFV_ABI_S390X_BE && ff.any_words)
    ROWS(4, SFV_NONE, .value = 0, .reason = SFV_PROF_S390X_CFA);
}
#undef ROWS

void cli_profile_check(unsigned mask, const cli_profile_state *ps,
                       const sfv_section *sec, cli_profile_emit_fn emit, void *ctx) {
  out o;
  size_t k;
  fre_facts ff;
  o.emit = emit;
  o.ctx = ctx;
  if (sec != NULL) {
    scan_fres(sec, &ff);
    if (ff.stopped)
      say(&o, SFV_R_CHECKS_SKIPPED, ff.stopped_at, SFV_NONE, SFV_NONE,
          sfv_pack_CHECKS_SKIPPED(
              (struct sfv_slots_CHECKS_SKIPPED){.reason = SFV_SKIP_BUDGET}));
  }
  for (k = 0; k < NPROFILES; k++) {
    if (!(mask & (1u << k)))
      continue;
    if (sec != NULL)
      check_one(&profiles[k], ps->hits[k], ps->first_offset[k], sec, &ff, &o);
    else /* not even a header to read: no reader reads it */
      reject(&o, profiles[k].rejects, ps->first_offset[k], SFV_NONE, SFV_NONE,
             (reject_slots){.value = ps->hits[k], .reason = SFV_PROF_RULES});
  }
}
