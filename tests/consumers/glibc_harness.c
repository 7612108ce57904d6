/* SPDX-License-Identifier: MIT */
/* glibc_harness.c - measured consumer harness for glibc's SFrame reader.
 *
 * Built at test time (mk/consumers.mk) from the reader's own files, which
 * scripts/install-deps.sh consumers extracts from sid's glibc 2.43 source
 * package into .deps/consumers/ (they are never copied into the
 * repository): this file #includes sysdeps/generic/sframe-read.c and
 * sframe.c, with the small shims of tests/consumers/glibc-shim/.
 *
 * `glibc-harness FILE` follows the conformance adapter protocol
 * (conformance/README.md): exit 0 and the canonical JSON when glibc would
 * use the section for every PC it describes, exit 1 when it would not
 * (reason on stderr); anything else (a signal, exit 3) is a crash or a
 * harness fault, counted apart.
 *
 * What "accept" means for glibc (it has no validator; it reads lazily and
 * without any bounds check: __sframe_decode takes no length):
 *   1. __sframe_decode succeeds (magic in host order, version 2, known
 *      flags, fdeoff <= freoff);
 *   2. every FRE of every FDE passes glibc's FRE sanity check, and at
 *      every PC the section describes (an FRE's first PC, when it is
 *      inside its function and, for MASK FDEs, its repetition block) the
 *      lookup __sframe_find_fre finds an FRE; the backtrace step of sframe.c
 *      (__stacktrace_sframe, the path glibc's backtrace() takes) is run
 *      there too.  If the lookup finds another FDE's FRE (overlapping
 *      functions), that FRE's row is printed: the rows differ.  Where the step
 *      gives up and falls back to the DWARF unwinder (an FRE with fewer
 *      data words than CFA + RA), glibc computes no row: printed as all
 *      rules "undefined", so the runner reports a different decode unless
 *      the spec's row is that too (outermost frame, v2 erratum 2).
 * The section is copied to the end of a mapping followed by a PROT_NONE
 * guard page (and preceded by one), so glibc's unchecked reads past the
 * section end die with SIGSEGV: the runner counts that as a crash.
 *
 * Rows: the recovery rules printed are those glibc's getters give
 * (__sframe_fre_get_{base_reg_id,cfa,ra,fp}_offset), i.e. exactly what the
 * backtrace step computes; each is cross-checked against one real
 * __stacktrace_sframe step over a fake stack whose 8-byte slots hold their
 * own addresses (pages mapped on demand by a SIGSEGV handler).
 */
#define _GNU_SOURCE 1
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sframe-read.c"
#include "sframe.c"

#define PAGE 4096u
#define STACK_SPAN ((uintptr_t)9 << 30) /* +-4.5 GiB around the fake SP */

static char *sec_buf;              /* the section, ending at a guard page */
static uintptr_t stack_lo, stack_hi;

int harness_dl_find_object(void *address, struct dl_find_object *result) {
  (void)address;
  memset(result, 0, sizeof *result);
  result->dlfo_flags = DLFO_FLAG_SFRAME;
  result->dlfo_sframe = sec_buf;
  return 0;
}

/* Fake stack pages appear on first touch, each 8-byte slot holding its own
 * address; any other fault is a real crash (default action re-raised). */
static void on_segv(int sig, siginfo_t *si, void *uc) {
  uintptr_t a = (uintptr_t)si->si_addr;
  (void)uc;
  if (a >= stack_lo && a < stack_hi) {
    uintptr_t p = a & ~(uintptr_t)(PAGE - 1), q;
    if (mprotect((void *)p, PAGE, PROT_READ | PROT_WRITE) == 0) {
      for (q = p; q < p + PAGE; q += 8)
        *(uintptr_t *)q = q;
      return;
    }
  }
  signal(sig, SIG_DFL);
}

static char *load(const char *path, size_t *size) {
  FILE *fh = fopen(path, "rb");
  static char tmp[1 << 24];
  size_t n, pages;
  char *m;
  if (fh == NULL)
    return NULL;
  n = fread(tmp, 1, sizeof tmp, fh);
  fclose(fh);
  pages = (n + PAGE - 1) / PAGE + 2;
  m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    return NULL;
  mprotect(m, PAGE, PROT_NONE);
  mprotect(m + (pages - 1) * PAGE, PAGE, PROT_NONE);
  memcpy(m + (pages - 1) * PAGE - n, tmp, n);
  *size = n;
  return m + (pages - 1) * PAGE - n;
}

static int sp_reg(uint8_t abi) { return abi == 3 ? 7 : abi == 4 ? 15 : 31; }
static int fp_reg(uint8_t abi) { return abi == 3 ? 6 : abi == 4 ? 11 : 29; }

static void rule_expr(const char *name, int reg_p, int deref_p, int regnum, long long off) {
  printf("\"%s\":{\"kind\":\"expr\",\"reg_p\":%d,\"deref_p\":%d,\"regnum\":%d,"
         "\"offset\":%lld}", name, reg_p, deref_p, regnum, off);
}
static void rule_kind(const char *name, const char *kind) {
  printf("\"%s\":{\"kind\":\"%s\"}", name, kind);
}

static const char *fre_at(sframe_decoder_ctx *d, sframe_func_desc_entry *fdep,
                          uint32_t j, uint32_t *start, uint8_t *info,
                          const char **datawords);

/* One FRE as glibc's lookup sees it, plus its recovery rules. */
typedef struct row {
  uint32_t start;
  uint8_t info;
  int fallback;                  /* the step gives up: no CFA or no RA */
  int32_t cfa, ra, fp;
  int have_fp;
} row;

/* The recovery rules glibc's getters give for fre.  Returns the reason
 * when glibc cannot use the FRE at all (a malformed FRE info byte); an FRE
 * the backtrace step gives up on (fewer data words than CFA + RA: the
 * outermost frame of v2 erratum 2, or an AArch64/s390x FRE with the RA in
 * a register) is a row marked fallback: glibc computes no row there and
 * hands over to DWARF. */
static const char *rules_of(sframe_decoder_ctx *d, sframe_frame_row_entry *fre, row *r) {
  _Unwind_Reason_Code err;
  memset(r, 0, sizeof *r);
  r->start = fre->fre_start_addr;
  r->info = fre->fre_info;
  if (!sframe_fre_sanity_check_p(fre))
    return "FRE info byte fails glibc's sanity check (data-word size or count)";
  r->cfa = __sframe_fre_get_cfa_offset(d, fre, &err);
  if (err == _URC_NO_REASON)
    r->ra = __sframe_fre_get_ra_offset(d, fre, &err);
  if (err != _URC_NO_REASON) {
    r->fallback = 1;
    return NULL;
  }
  r->fp = __sframe_fre_get_fp_offset(d, fre, &err);
  r->have_fp = err == _URC_NO_REASON;
  return NULL;
}

/* The row glibc's lookup (__sframe_find_fre) gives at section-relative pc:
 * NULL, with the reason, when it finds no FRE. */
static const char *glibc_row(sframe_decoder_ctx *d, int32_t pc, row *r) {
  sframe_frame_row_entry fre;
  memset(r, 0, sizeof *r);
  if (__sframe_find_fre(d, pc, &fre) != _URC_NO_REASON)
    return "__sframe_find_fre finds no FRE at a PC the section describes";
  return rules_of(d, &fre, r);
}

/* 1 when FRE start s of FDE fdep is a PC the function has (INC: inside the
 * function; MASK: inside the repetition block too): glibc is asked there. */
static int described(const sframe_func_desc_entry *fdep, uint32_t s) {
  if (s >= fdep->sfde_func_size)
    return 0;
  if (sframe_get_fde_type((sframe_func_desc_entry *)fdep) == SFRAME_FDE_TYPE_PCMASK)
    return fdep->sfde_func_rep_size == 0 || s < fdep->sfde_func_rep_size;
  return 1;
}

/* Row of FRE j: at a described PC what the lookup finds there (possibly
 * another FDE's FRE: then the rows differ), else the getters on the FRE. */
static const char *row_of(sframe_decoder_ctx *d, uint32_t i, uint32_t j, row *r,
                          int32_t *pc_out, int *asked) {
  sframe_func_desc_entry *fdep = &d->sfd_funcdesc[i];
  int32_t fstart = sframe_decoder_get_secrel_func_start_addr(d, i);
  sframe_frame_row_entry fre;
  uint32_t s;
  uint8_t info;
  const char *dw, *why = fre_at(d, fdep, j, &s, &info, &dw);
  *pc_out = (int32_t)((uint32_t)fstart + s);
  *asked = 0;
  if (why != NULL)
    return why;
  fre.fre_start_addr = s;
  fre.fre_info = info;
  fre.fre_offsets = dw;
  why = rules_of(d, &fre, r);       /* glibc must be able to read every FRE */
  if (why != NULL || !described(fdep, s))
    return why;
  *asked = 1;
  return glibc_row(d, *pc_out, r);
}

/* One real __stacktrace_sframe step at pc; 0 when it agrees with r. */
static int backtrace_step(int32_t pc, const row *r) {
  void *ra_lst[1] = {0};
  frame f;
  uintptr_t mid = stack_lo + STACK_SPAN / 2, cfa;
  f.pc = (uintptr_t)sec_buf + (uintptr_t)(intptr_t)pc;
  f.sp = mid;
  f.fp = mid + 0x10000;
  if (__stacktrace_sframe(ra_lst, 1, &f) != 1)
    return r->fallback ? 0 : 1;
  if (r->fallback)
    return 1;
  cfa = (SFRAME_V1_FRE_CFA_BASE_REG_ID(r->info) == SFRAME_BASE_REG_SP
             ? mid : mid + 0x10000) + (uintptr_t)(intptr_t)r->cfa;
  if (f.sp != cfa)
    return 1;
  /* slot values equal their addresses only for 8-aligned locations */
  if ((cfa + (uintptr_t)(intptr_t)r->ra) % 8 == 0 &&
      (uintptr_t)ra_lst[0] != cfa + (uintptr_t)(intptr_t)r->ra)
    return 1;
  if (r->have_fp && (cfa + (uintptr_t)(intptr_t)r->fp) % 8 == 0 &&
      f.fp != cfa + (uintptr_t)(intptr_t)r->fp)
    return 1;
  return 0;
}

static void print_rules(const row *r, uint8_t abi) {
  if (r->fallback) { /* no row: nothing is recovered by SFrame */
    rule_kind("cfa", "undefined"); putchar(',');
    rule_kind("ra", "undefined"); putchar(',');
    rule_kind("fp", "undefined");
    return;
  }
  rule_expr("cfa", 1, 0,
            SFRAME_V1_FRE_CFA_BASE_REG_ID(r->info) == SFRAME_BASE_REG_SP ? sp_reg(abi)
                                                                        : fp_reg(abi),
            r->cfa);
  putchar(',');
  rule_expr("ra", 0, 1, 0, r->ra);
  putchar(',');
  if (r->have_fp)
    rule_expr("fp", 0, 1, 0, r->fp);
  else
    rule_kind("fp", "same");
}

/* FRE j's start offset and info byte, walking the FRE block the way
 * __sframe_find_fre does (glibc has no by-index getter). */
static const char *fre_at(sframe_decoder_ctx *d, sframe_func_desc_entry *fdep,
                          uint32_t j, uint32_t *start, uint8_t *info,
                          const char **datawords) {
  uint32_t fre_type = sframe_get_fre_type(fdep), k;
  size_t asz = sframe_fre_start_addr_size(fre_type);
  const char *p = d->sfd_fres + fdep->sfde_func_start_fre_off;
  sframe_frame_row_entry fre;
  if (asz == 0)
    return "FRE type undefined";
  for (k = 0;; k++) {
    fre.fre_start_addr = 0;
    sframe_decode_fre_start_address(p, &fre.fre_start_addr, fre_type);
    fre.fre_info = *(const uint8_t *)(p + asz);
    if (k == j)
      break;
    p += sframe_fre_entry_size(&fre, asz);
  }
  *start = fre.fre_start_addr;
  *info = fre.fre_info;
  *datawords = p + asz + 1;
  return NULL;
}

static uint32_t dataword(const char *p, unsigned k, unsigned size) {
  uint8_t b1;
  uint16_t b2;
  uint32_t b4;
  if (size == 1) { memcpy(&b1, p + k, 1); return b1; }
  if (size == 2) { memcpy(&b2, p + 2 * k, 2); return b2; }
  memcpy(&b4, p + 4 * k, 4);
  return b4;
}

int main(int argc, char **argv) {
  sframe_decoder_ctx dc, *d = &dc;
  struct sigaction sa;
  size_t size = 0;
  uint32_t i, j, n;
  sframe_header *h;
  void *st;

  if (argc != 2 || (sec_buf = load(argv[1], &size)) == NULL) {
    fputs("usage: glibc-harness FILE\n", stderr);
    return 2;
  }
  st = mmap(NULL, STACK_SPAN, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (st == MAP_FAILED) {
    perror("mmap");
    return 3;
  }
  stack_lo = (uintptr_t)st;
  stack_hi = stack_lo + STACK_SPAN;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigaction(SIGSEGV, &sa, NULL);

  memset(d, 0, sizeof *d);
  if (__sframe_decode(d, sec_buf) != _URC_NO_REASON) {
    fputs("glibc: __sframe_decode rejects the header\n", stderr);
    return 1;
  }
  h = &d->sfd_header;
  n = h->sfh_num_fdes;

  /* Verdict pass. */
  for (i = 0; i < n; i++) {
    sframe_func_desc_entry *fdep = &d->sfd_funcdesc[i];
    for (j = 0; j < fdep->sfde_func_num_fres; j++) {
      row r;
      int32_t pc;
      int asked;
      const char *why = row_of(d, i, j, &r, &pc, &asked);
      if (why != NULL) {
        fprintf(stderr, "glibc: FDE %u FRE %u (pc %d): %s\n", i, j, pc, why);
        return 1;
      }
      if (asked && backtrace_step(pc, &r) != 0) {
        fprintf(stderr, "glibc-harness: FDE %u FRE %u: __stacktrace_sframe disagrees "
                        "with the getters\n", i, j);
        return 3;
      }
    }
  }

  printf("{\"format\":\"sframe-canonical-1\",\"header\":{\"version\":%u,"
         "\"endian\":\"little\",\"flags\":%u,\"abi_arch\":%u,\"cfa_fixed_fp_offset\":%d,"
         "\"cfa_fixed_ra_offset\":%d,\"auxhdr_len\":%u,\"num_fdes\":%u,"
         "\"num_fres\":%u,\"fre_len\":%u,\"fdeoff\":%u,\"freoff\":%u},\"fdes\":[",
         h->sfh_preamble.sfp_version, h->sfh_preamble.sfp_flags, h->sfh_abi_arch,
         h->sfh_cfa_fixed_fp_offset, h->sfh_cfa_fixed_ra_offset, h->sfh_auxhdr_len,
         n, h->sfh_num_fres, h->sfh_fre_len, h->sfh_fdeoff, h->sfh_freoff);
  for (i = 0; i < n; i++) {
    sframe_func_desc_entry *fdep = &d->sfd_funcdesc[i];
    int32_t fstart = sframe_decoder_get_secrel_func_start_addr(d, i);
    uint8_t info = fdep->sfde_func_info;
    printf("%s{\"func_start\":%d,\"func_size\":%u,\"fre_off\":%u,\"num_fres\":%u,"
           "\"fre_type\":%u,\"pc_type\":%u,\"fde_type\":0,\"rep_size\":%u,"
           "\"pauth_key\":%u,\"signal\":0,\"fres\":[",
           i ? "," : "", fstart, fdep->sfde_func_size, fdep->sfde_func_start_fre_off,
           fdep->sfde_func_num_fres, info & 0xfu, (info >> 4) & 1u,
           fdep->sfde_func_rep_size, (info >> 5) & 1u);
    for (j = 0; j < fdep->sfde_func_num_fres; j++) {
      uint32_t s, k, cnt, dsz;
      uint8_t finfo;
      const char *dw;
      row r;
      int32_t pc;
      int asked;
      (void)fre_at(d, fdep, j, &s, &finfo, &dw);
      (void)row_of(d, i, j, &r, &pc, &asked);
      cnt = SFRAME_V1_FRE_OFFSET_COUNT(finfo);
      dsz = 1u << SFRAME_V1_FRE_OFFSET_SIZE(finfo);
      printf("%s{\"start\":%u,\"base_reg\":\"%s\",\"mangled_ra\":%u,"
             "\"dataword_size\":%u,\"datawords\":[",
             j ? "," : "", s, (finfo & 1) ? "sp" : "fp",
             sframe_get_fre_ra_mangled_p(finfo) ? 1u : 0u, dsz);
      for (k = 0; k < cnt; k++)
        printf("%s%u", k ? "," : "", dataword(dw, k, dsz));
      fputs("],", stdout);
      print_rules(&r, h->sfh_abi_arch);
      putchar('}');
    }
    fputs("]}", stdout);
  }
  fputs("]}\n", stdout);
  return 0;
}
