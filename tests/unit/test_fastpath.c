/* SPDX-License-Identifier: MIT */
/* test_fastpath.c - sfv_validate()'s FRE fast path (src/sframe/validate_fast.c)
 * against the slow path (SFV_OPT_NO_FAST_PATH_): identical status, counts
 * and diagnostics (fuzz/fastpath_diff.h) on
 *   - every conformance case (the generator's output), tests/findings,
 *     the fuzz corpus and regression inputs, tests/unit/data;
 *   - the real corpus sections and the bench inputs when built
 *     (build/realworld, build/bench: a NOTE says when they are absent);
 *   - byte mutations of every input under 256 KiB (FRE sub-section bytes
 *     mostly: starts, info bytes, data words), which walk the fast path's
 *     hand-over points (a start out of order, a word off by one, a count
 *     the ABI refuses, truncation, the budget of the no-scratch walk).
 *   - generated sections (AMD64, AArch64 in both byte orders, v2 and v3,
 *     every data-word width and count) whose FREs draw findings about
 *     their data words, one or several per FRE, at random: the fast
 *     path's learned findings (validate_fast.c find_derive) against the
 *     classifier's, delivered, over the cap and stopped.
 *   - generated v3 sections of flex FDEs (every ABI, both byte orders
 *     where the ABI has them, 1-, 2- and 4-byte words, 0-7 words) whose
 *     control words, padding and info bits are good or bad at random:
 *     the flex fast path (validate_fast.c flex_derive) against the slow
 *     path under every option set.
 * Also: the bit form of the data-word predicates the fast path's masked
 * load uses (sfv_offset_word_bits) against the predicates themselves,
 * s390x's sufficient bit test (sfv_s390x_word_bits) and the flex control
 * word's (sfv_flex_control_bits) against the FRE classifier.
 * Run from the repository root (as make test-unit does).  ELF files are
 * checked on their SFrame data (sfv_elf_open).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "sbuild.h"
#include "sframe/classify.h"
#include "sframe/spec.h"
#include "../../fuzz/fastpath_diff.h"

static unsigned long n_inputs, n_variants, n_sframe;

static void check_bytes(uint8_t *p, size_t n, const char *name) {
  sfv_section sec;
  uint64_t seed = n + 1, h = t_rand(&seed), lo = 0, span = n;
  char label[600];
  unsigned k;
  /* Sections of megabytes (the bench inputs): the two main option sets. */
  CHECKF(fp_check_all(p, n, h, n > 4u * 1024 * 1024, name) == 0,
         "%s: fast and slow paths differ", name);
  n_variants++;
  if (sfv_open(&sec, p, n) == SFV_OK) {
    n_sframe++;
    if (sfv_fre_subsection_offset(&sec) < n) {
      lo = sfv_fre_subsection_offset(&sec);
      span = n - lo;
    }
  }
  if (n == 0 || n > 256 * 1024)
    return;
  for (k = 0; k < 24; k++) {
    uint64_t r = t_rand(&seed);
    /* 3 of 4 mutations in the FRE sub-section, the rest anywhere. */
    size_t at = (size_t)((r & 3) != 0 ? lo + (r >> 8) % span : (r >> 8) % n);
    uint8_t old = p[at];
    uint8_t val = (uint8_t)(k % 3 == 0 ? old ^ (1u << (r >> 40) % 8)
                            : k % 3 == 1 ? (old + 1u) & 0xffu : r >> 48);
    p[at] = val;
    snprintf(label, sizeof label, "%s (byte %zu: 0x%02x -> 0x%02x)", name, at,
             old, val);
    CHECKF(fp_check_all(p, n, r, 0, label) == 0,
           "%s: fast and slow paths differ", label);
    n_variants++;
    p[at] = old;
  }
}

static void check_file(const char *path) {
  FILE *fp = fopen(path, "rb");
  uint8_t *buf;
  long len;
  sfv_elf elf;
  CHECKF(fp != NULL, "cannot open %s", path);
  if (fp == NULL)
    return;
  fseek(fp, 0, SEEK_END);
  len = ftell(fp);
  fseek(fp, 0, SEEK_SET);
  buf = malloc((size_t)len + 1);
  CHECK(buf != NULL);
  if (buf == NULL || fread(buf, 1, (size_t)len, fp) != (size_t)len) {
    CHECKF(0, "cannot read %s", path);
    fclose(fp);
    free(buf);
    return;
  }
  fclose(fp);
  n_inputs++;
  if (sfv_elf_open(&elf, buf, (size_t)len) == SFV_OK) {
    if (elf.sframe_data != NULL) {
      uint8_t *copy = malloc(elf.sframe_len + 1);
      CHECK(copy != NULL);
      memcpy(copy, elf.sframe_data, elf.sframe_len);
      check_bytes(copy, elf.sframe_len, path);
      free(copy);
    }
  } else {
    check_bytes(buf, (size_t)len, path);
  }
  free(buf);
}

/* Every regular file under path (test code: recursion is fine here). */
static void walk(const char *path) {
  struct stat st;
  DIR *d;
  struct dirent *e;
  if (stat(path, &st) != 0)
    return;
  if (!S_ISDIR(st.st_mode)) {
    if (S_ISREG(st.st_mode))
      check_file(path);
    return;
  }
  d = opendir(path);
  if (d == NULL)
    return;
  while ((e = readdir(d)) != NULL) {
    char sub[4096];
    if (e->d_name[0] == '.')
      continue;
    snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
    walk(sub);
  }
  closedir(d);
}

/* One word of w bytes (value x, byte order be) against the bit form of
 * the predicates: the bytes after the word are noise the mask must skip. */
static void word_bits_one(unsigned w, uint8_t be, uint64_t x, uint64_t noise) {
  uint8_t buf[8];
  unsigned k, save;
  int64_t val = sfv_sext(x, w);
  for (k = 0; k < 8; k++)
    buf[k] = (uint8_t)(noise >> (8 * k));
  for (k = 0; k < w; k++)
    buf[k] = (uint8_t)(x >> (8 * (be ? w - 1 - k : k)));
  for (save = 0; save < 2; save++) {
    uint64_t m, e, ld = 0;
    int want = save ? sfv_save_offset_ok(val) : sfv_cfa_offset_ok(val);
    sfv_offset_word_bits(w, be, (int)save, &m, &e);
    for (k = 0; k < 8; k++)
      ld |= (uint64_t)buf[k] << (8 * k);
    CHECKF(((ld & m) == e) == want,
           "word bits: w %u be %u save %u word 0x%llx: predicate says %d", w,
           be, save, (unsigned long long)x, want);
  }
}

typedef void word_check(unsigned w, uint8_t be, uint64_t x, uint64_t noise);

/* one() on every 1- and 2-byte word, the 4-byte edges and 2^nrand random
 * 4-byte ones, in both byte orders, each with noise after it. */
static void each_word(word_check *one, unsigned nrand, uint64_t seed) {
  static const uint64_t edges[] = {0, 1, 7, 8, 0x7ffffff8, 0x7fffffff, 0x80000000,
                                   0x80000008, 0xfffffff8, 0xffffffff, 0xffffffec,
                                   0xffffffeb, 0xfffffff0};
  uint64_t x;
  unsigned be, k;
  for (be = 0; be < 2; be++) {
    for (x = 0; x < 0x100; x++)
      one(1, (uint8_t)be, x, t_rand(&seed));
    for (x = 0; x < 0x10000; x++)
      one(2, (uint8_t)be, x, t_rand(&seed));
    for (k = 0; k < sizeof edges / sizeof edges[0]; k++)
      one(4, (uint8_t)be, edges[k], t_rand(&seed));
    for (k = 0; k < (1u << nrand); k++)
      one(4, (uint8_t)be, t_rand(&seed) & 0xffffffffu, t_rand(&seed));
  }
}

/* sfv_offset_word_bits() says what sfv_cfa_offset_ok/sfv_save_offset_ok
 * say, on each_word()'s words (2^18 random ones). */
static void word_bits(void) { each_word(word_bits_one, 18, 42); }

static unsigned long s390x_passed;

static void count_finding(void *ctx, const sfv_finding *fi) {
  (void)fi;
  ++*(unsigned *)ctx;
}

/* A section header, FDE and FRE for asking the classifier about an FRE
 * of n words of w bytes (its words left to the caller). */
static void probe_fre(sfv_section *sec, sfv_fde *f, sfv_fre *r, uint8_t ver,
                      uint8_t abi, uint8_t fde_type, unsigned n, unsigned w) {
  memset(sec, 0, sizeof *sec);
  memset(f, 0, sizeof *f);
  memset(r, 0, sizeof *r);
  sec->hdr.version = ver;
  sec->hdr.abi_arch = abi;
  sec->hdr.cfa_fixed_ra_offset = -8;
  sec->big_endian = abi != SFV_ABI_AMD64_LE && abi != SFV_ABI_AARCH64_LE;
  f->fde_type = fde_type;
  r->dw_count = (uint8_t)n;
  r->dw_size = (uint8_t)w;
  r->dw_size_code = (uint8_t)(w == 1 ? 0 : w == 2 ? 1 : 2);
  r->info = (uint8_t)(r->dw_count << 1 | r->dw_size_code << 5);
}

/* s390x: a word of w bytes (value x, byte order be) that
 * sfv_s390x_word_bits() passes as data word k draws no finding from the
 * classifier, v2 and v3, in a 3-word FRE whose other words are good. */
static void s390x_bits_one(unsigned w, uint8_t be, uint64_t x, uint64_t noise) {
  uint8_t buf[8];
  uint64_t ld = 0;
  unsigned i, k, ver;
  for (i = 0; i < 8; i++)
    buf[i] = (uint8_t)(noise >> (8 * i));
  for (i = 0; i < w; i++)
    buf[i] = (uint8_t)(x >> (8 * (be ? w - 1 - i : i)));
  for (i = 0; i < 8; i++)
    ld |= (uint64_t)buf[i] << (8 * i);
  for (k = 0; k < 3; k++) {
    uint64_t m, e;
    sfv_s390x_word_bits(w, be, k, &m, &e);
    if ((ld & m) != e)
      continue;
    s390x_passed++;
    for (ver = 2; ver <= 3; ver++) {
      sfv_section sec;
      sfv_fde f;
      sfv_fre r;
      unsigned findings = 0;
      sfv_out o = {count_finding, &findings};
      probe_fre(&sec, &f, &r, (uint8_t)ver, SFV_ABI_S390X_BE, SFV_FDE_DEFAULT,
                3, w);
      for (i = 0; i < 3; i++) {
        int32_t d = i == k ? (int32_t)sfv_sext(x, w) : i == 0 ? 0 : -8;
        r.dw[i] = d;
        r.dw_raw[i] = w == 4 ? (uint32_t)d : (uint32_t)d & ((1u << (8 * w)) - 1u);
      }
      (void)sfv_classify_fre(&sec, &f, &r, &o);
      CHECKF(findings == 0,
             "s390x word bits: v%u w %u be %u word %u = 0x%llx passes, the "
             "classifier has %u findings", ver, w, be, k, (unsigned long long)x, findings);
    }
  }
}

/* sfv_s390x_word_bits() on each_word()'s words (2^16 random ones); the
 * test admits some words in each position. */
static void s390x_bits(void) {
  each_word(s390x_bits_one, 16, 7);
  CHECKF(s390x_passed > 0x10000, "s390x word bits admit only %lu words", s390x_passed);
}

static unsigned long flex_passed[5][6], n_flex_sections;

/* Findings of the classifier for a flex FRE of 6 w-byte words (CFA, RA
 * and FP pairs) of ABI abi whose control words are c at k (0, 2 or 4)
 * and 1 (register 0) elsewhere, the offsets -8. */
static unsigned flex_findings(uint8_t abi, unsigned w, uint64_t c, unsigned k) {
  sfv_section sec;
  sfv_fde f;
  sfv_fre r;
  unsigned findings = 0, i;
  sfv_out o = {count_finding, &findings};
  probe_fre(&sec, &f, &r, 3, abi, SFV_FDE_FLEX, 6, w);
  for (i = 0; i < 6; i++) {
    uint64_t v = i == k ? c : i % 2 == 0 ? 1u : (uint64_t)-8;
    r.dw_raw[i] = (uint32_t)(w == 4 ? v : v & ((1u << (8 * w)) - 1u));
    r.dw[i] = (int32_t)sfv_sext(r.dw_raw[i], w);
  }
  (void)sfv_classify_fre(&sec, &f, &r, &o);
  return findings;
}

/* Flex control words: for each ABI and regbits 4, 5 whose largest
 * admitted control word (register 2^regbits - 1, deref_p set) the
 * classifier accepts in every slot -- the fast path's own condition --
 * every word of w bytes (value x) that sfv_flex_control_bits admits draws
 * no finding, in every slot.  (byte order: the predicate is on values;
 * sfv_word_lane's placement is what the generated sections cover.) */
static void flex_bits_one(unsigned w, uint8_t be, uint64_t x, uint64_t noise) {
  static const uint8_t abis[] = {SFV_ABI_AMD64_LE, SFV_ABI_AARCH64_LE,
                                 SFV_ABI_AARCH64_BE, SFV_ABI_S390X_BE};
  unsigned a, r, k;
  (void)noise;
  if (be)
    return; /* each_word's second pass: the same values */
  for (a = 0; a < sizeof abis; a++)
    for (r = 4; r <= 5; r++) {
      uint64_t m, e, wmask = (w == 4 ? 0xffffffffu : (1u << (8 * w)) - 1u);
      int hi_ok = 1;
      sfv_flex_control_bits(w, r, &m, &e);
      for (k = 0; k <= 4; k += 2)
        hi_ok &= flex_findings(abis[a], w, (~m | e) & wmask, k) == 0;
      if (!hi_ok || (x & m) != e)
        continue;
      flex_passed[abis[a]][r]++;
      for (k = 0; k <= 4; k += 2)
        CHECKF(flex_findings(abis[a], w, x, k) == 0,
               "flex control bits: abi %u regbits %u w %u word %u = 0x%llx "
               "passes, the classifier has findings", abis[a], r, w, k,
               (unsigned long long)x);
    }
}

/* sfv_flex_control_bits() on each_word()'s words (2^14 random ones): the
 * ABIs' register bounds admit regbits 5 (AArch64, s390x: 31) and only 4
 * on AMD64 (16). */
static void flex_bits(void) {
  each_word(flex_bits_one, 14, 11);
  CHECKF(flex_passed[SFV_ABI_AMD64_LE][4] > 0 &&
             flex_passed[SFV_ABI_AMD64_LE][5] == 0 &&
             flex_passed[SFV_ABI_AARCH64_LE][5] > 0 &&
             flex_passed[SFV_ABI_AARCH64_BE][5] > 0 &&
             flex_passed[SFV_ABI_S390X_BE][5] > 0,
         "flex control bits admit: amd64 %lu/%lu, aarch64 %lu, s390x %lu",
         flex_passed[SFV_ABI_AMD64_LE][4], flex_passed[SFV_ABI_AMD64_LE][5],
         flex_passed[SFV_ABI_AARCH64_LE][5], flex_passed[SFV_ABI_S390X_BE][5]);
}

/* A data word of w bytes for word k: mostly one its predicate accepts,
 * else one it refuses (odd, wrong sign, or both). */
static int32_t gen_word(uint64_t *seed, unsigned k, unsigned w) {
  uint64_t r = t_rand(seed);
  int32_t lim = w == 1 ? 15 : w == 2 ? 4000 : 500000;
  int32_t mag = (int32_t)((r >> 8) % (uint64_t)lim) + 1;
  int32_t ok = k == 0 ? 8 * mag : -8 * mag;
  switch (r % 8) {
  case 0: return ok + 1 + (int32_t)(r >> 40) % 7; /* not a multiple of 8 */
  case 1: return -ok;                             /* wrong sign */
  case 2: return -ok + 3;                         /* both */
  default: return ok;
  }
}

/* The generated sections' FREs, FDEs and bytes. */
static sb_fre gen_fres[40][12];
static sb_fde gen_fdes[40];
static uint8_t gen_buf[65536];

/* FDE i of a generated section: function 0x1000 + 0x100 i of 0x80 bytes,
 * 1-byte FRE starts, its nfres FREs at fres. */
static void gen_fde(sb_fde *f, unsigned i, sb_fre *fres, unsigned nfres) {
  f->start = 0x1000 + 0x100 * (int64_t)i;
  f->size = 0x80;
  f->fre_type = 0; /* 1-byte starts */
  f->fres = fres;
  f->nfres = nfres;
}

/* The section of version ver, ABI abi and the nfdes FDEs (sorted,
 * PC-relative from v2 on) into buf: its size. */
static size_t gen_section(uint8_t ver, uint8_t abi, sb_fde *fdes,
                          unsigned nfdes, uint8_t *buf, size_t cap) {
  sb_section d;
  sb_layout lay;
  memset(&d, 0, sizeof d);
  d.version = ver;
  d.flags = SB_F_SORTED | (ver >= 2 ? SB_F_PCREL : 0);
  d.abi = abi;
  d.big_endian = (uint8_t)sb_abi_big_endian(abi);
  d.fixed_ra = abi == SB_ABI_AMD64 ? -8 : 0;
  d.fdes = fdes;
  d.nfdes = nfdes;
  return sb_build(&d, buf, cap, &lay);
}

static unsigned long n_find_sections, n_find_warnings;

static void count_warnings(void *ctx, const sfv_finding *fi) {
  (void)ctx;
  n_find_warnings += fi->rule == SFV_R_FRE_CFA_OFFSET ||
                     fi->rule == SFV_R_FRE_SAVE_OFFSET;
}

/* Sections of 40 FDEs x 12 FREs whose data words draw findings (see
 * gen_word), compared fast against slow under every option set. */
static void findings_per_fre(void) {
  static const uint8_t abis[] = {SB_ABI_AMD64, SB_ABI_AARCH64_LE,
                                 SB_ABI_AARCH64_BE};
  sb_fre (*fres)[12] = gen_fres;
  sb_fde *fdes = gen_fdes;
  uint8_t *buf = gen_buf;
  uint64_t seed = 29;
  unsigned a, ver, code, i, j, k;
  for (a = 0; a < sizeof abis; a++)
    for (ver = 2; ver <= 3; ver++)
      for (code = 0; code <= 2; code++) {
        sfv_section sec;
        size_t n;
        char label[120];
        unsigned w = 1u << code, maxn = abis[a] == SB_ABI_AMD64 ? 2 : 3;
        memset(fdes, 0, sizeof gen_fdes);
        for (i = 0; i < 40; i++) {
          for (j = 0; j < 12; j++) {
            sb_fre *r = &fres[i][j];
            memset(r, 0, sizeof *r);
            r->start = j * 4;
            r->base_reg = (uint8_t)(t_rand(&seed) & 1);
            r->dw_count = (uint8_t)(1 + t_rand(&seed) % maxn);
            r->dw_size = (uint8_t)code;
            for (k = 0; k < r->dw_count; k++)
              r->dw[k] = gen_word(&seed, k, w);
          }
          gen_fde(&fdes[i], i, fres[i], 12);
        }
        n = gen_section((uint8_t)ver, abis[a], fdes, 40, buf, sizeof gen_buf);
        snprintf(label, sizeof label, "findings per FRE (abi %u, v%u, %u-byte words)",
                 abis[a], ver, w);
        CHECKF(fp_check_all(buf, n, seed, 0, label) == 0,
               "%s: fast and slow paths differ", label);
        if (sfv_open(&sec, buf, n) == SFV_OK)
          for (i = 0; i < 40; i++) {
            sfv_fde f;
            sfv_fre_iter it;
            sfv_fre r;
            sfv_out o = {count_warnings, NULL};
            if (sfv_fde_get(&sec, i, &f) != SFV_OK ||
                sfv_fre_iter_init(&it, &sec, &f, 0) != SFV_OK)
              continue;
            while (sfv_fre_next(&it, &r) == SFV_OK)
              (void)sfv_classify_fre(&sec, &f, &r, &o);
          }
        n_find_sections++;
      }
}

/* A flex FRE's word k of count n: the layout's control words mostly good
 * (reg_p, a register below 16 or 32, at times the unused bit, reg_p clear,
 * a register of 16, 17, 31, 32), its padding mostly 0, offsets any. */
static int32_t gen_flex_word(uint64_t *seed, unsigned n, unsigned k) {
  static const int32_t bad[] = {0, 2, 4, 5, 0x81, 0x89, 0xf9, 0x101, 0x103};
  uint64_t r = t_rand(seed);
  int ctrl = k == 0 || (n == 4 && k == 2) || (n == 5 && k == 3) ||
             (n == 6 && (k == 2 || k == 4));
  int pad = n == 5 && k == 2;
  if (ctrl)
    return r % 6 == 0 ? bad[(r >> 8) % (sizeof bad / sizeof bad[0])]
                      : (int32_t)(1u | ((r >> 8) & 2u) | ((r >> 16) % 32u) << 3);
  if (pad)
    return r % 8 == 0 ? (int32_t)(r >> 8) % 5 : 0;
  return (int32_t)(r >> 16) % 300 - 150;
}

/* Sections of 30 FDEs x 10 FREs, every other FDE flex (count 2, 4, 5, 6
 * mostly, at times 0, 1, 3, 7; base_reg and mangled_ra bits at times),
 * compared fast against slow under every option set. */
static void flex_sections(void) {
  static const uint8_t abis[] = {SB_ABI_AMD64, SB_ABI_AARCH64_LE,
                                 SB_ABI_AARCH64_BE, SB_ABI_S390X};
  static const uint8_t counts[] = {2, 4, 5, 6, 2, 5, 0, 1, 3, 7};
  uint64_t seed = 31;
  unsigned a, code, rep, i, j, k;
  for (a = 0; a < sizeof abis; a++)
    for (code = 0; code <= 2; code++)
      for (rep = 0; rep < 4; rep++) {
        size_t n;
        char label[120];
        memset(gen_fdes, 0, sizeof gen_fdes);
        for (i = 0; i < 30; i++) {
          int flex = i % 2 == 1;
          for (j = 0; j < 10; j++) {
            sb_fre *r = &gen_fres[i][j];
            uint64_t x = t_rand(&seed);
            memset(r, 0, sizeof *r);
            r->start = j * 4;
            r->dw_size = (uint8_t)code;
            if (flex) {
              r->dw_count = counts[x % 16 < 10 ? x % 16 % 6 : x % 16 - 6];
              r->base_reg = (uint8_t)((x >> 8) % 16 == 0);
              r->mangled_ra = (uint8_t)((x >> 12) % 16 == 0);
              for (k = 0; k < r->dw_count; k++)
                r->dw[k] = gen_flex_word(&seed, r->dw_count, k);
            } else {
              r->base_reg = 1;
              r->dw_count = 1;
              r->dw[0] = abis[a] == SB_ABI_S390X ? 0 : 16;
            }
          }
          gen_fde(&gen_fdes[i], i, gen_fres[i], 10);
          gen_fdes[i].fde_type = (uint8_t)flex;
        }
        n = gen_section(3, abis[a], gen_fdes, 30, gen_buf, sizeof gen_buf);
        snprintf(label, sizeof label, "flex FREs (abi %u, %u-byte words, #%u)",
                 abis[a], 1u << code, rep);
        CHECKF(n > 0 && fp_check_all(gen_buf, n, seed, 0, label) == 0,
               "%s: fast and slow paths differ", label);
        n_flex_sections++;
      }
}

int main(void) {
  static const char *const in_repo[] = {"conformance/cases", "tests/findings",
                                        "corpus", "tests/unit/data"};
  static const char *const built[] = {"build/realworld", "build/bench/inputs",
                                      "build/bench/big"};
  struct stat st;
  unsigned i;
  word_bits();
  s390x_bits();
  flex_bits();
  findings_per_fre();
  flex_sections();
  CHECKF(n_flex_sections == 48, "flex sections: %lu", n_flex_sections);
  /* Each section draws a data-word finding on about every other FRE. */
  CHECKF(n_find_sections == 18 && n_find_warnings > 18 * 40 * 12 / 4,
         "findings per FRE: %lu sections, %lu data-word findings",
         n_find_sections, n_find_warnings);
  for (i = 0; i < sizeof in_repo / sizeof in_repo[0]; i++) {
    unsigned long before = n_inputs;
    walk(in_repo[i]);
    CHECKF(n_inputs > before, "no inputs under %s (run from the repository root)",
           in_repo[i]);
  }
  for (i = 0; i < sizeof built / sizeof built[0]; i++) {
    if (stat(built[i], &st) != 0)
      printf("test_fastpath: NOTE %s absent (not built here): not compared\n",
             built[i]);
    else
      walk(built[i]);
  }
  printf("test_fastpath: %lu files, %lu SFrame sections, %lu variants compared\n",
         n_inputs, n_sframe, n_variants);
  return t_exit("test_fastpath");
}
