/* SPDX-License-Identifier: MIT */
/* libsframe_transcript.c - one pass of libsframe's API over a section,
 * written as text lines, the same for any implementation of the ABI
 * (libsframe_api.h): two implementations agree when their transcripts are
 * equal.  Built per ABI (SFV_COMPAT_ABI): the calls the ABI lacks are left
 * out (ABI 1: the v3 and flags getters, sframe_get_fre_udata, the
 * undefined-RA getter and ld's block copy), and the ones it shapes
 * differently are made its way (an int32_t pc, no fde_type argument);
 * ABI 0 is ABI 1 without the version getter and the *_funcdesc_v2
 * functions (its FDEs through the v1 getter only). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_helpers.h"
#include "libsframe_api.h"
#include "sfv.h"

#define MAX_FDES 512u
#define MAX_FRES_PER_FDE 256u
#define MAX_FRE_READS 20000u
#define ERR_UNSET 7777 /* *errp before each call: left alone or set */

/* The decoder as the ABI's getters take it (ABI 1 takes no const). */
typedef SFC_DCONST sframe_decoder_ctx ls_dctx;
#if SFV_COMPAT_ABI == 3
#define LS_TYPE_ARG(t) (t),
#else
#define LS_TYPE_ARG(t)
#endif

void ls_sink_append(ls_sink *s, const char *p, size_t n) {
  if (s->fd >= 0) {
    if (write(s->fd, p, n) != (ssize_t)n)
      _exit(3);
    return;
  }
  if (s->len + n + 1u > s->cap) { /* kept NUL-terminated */
    size_t cap = (s->cap + n + 1u) * 2;
    char *b = realloc(s->buf, cap);
    FUZZ_ASSERT(b != NULL, "transcript: out of memory");
    s->buf = b;
    s->cap = cap;
  }
  memcpy(s->buf + s->len, p, n);
  s->len += n;
  s->buf[s->len] = '\0';
}

__attribute__((format(printf, 2, 3))) static void say(ls_sink *s, const char *fmt, ...) {
  char line[512];
  int n;
  va_list ap;
  va_start(ap, fmt);
  n = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n >= sizeof line)
    n = (int)sizeof line - 1;
  line[n++] = '\n';
  ls_sink_append(s, line, (size_t)n);
}

static unsigned long long hash(const void *p, size_t n) {
  return (unsigned long long)fuzz_hash((const uint8_t *)p, n);
}

/* Bytes of an FRE's data words, from its info byte (size codes 0-2). */
static size_t fre_words_bytes(uint8_t info) {
  unsigned code = (info >> 5) & 3u;
  return code > 2 ? 0 : (size_t)((info >> 1) & 0xfu) << code;
}

static void say_fre(ls_sink *s, const char *what, int ret,
                    const sframe_frame_row_entry *r) {
  size_t n = fre_words_bytes(r->fre_info);
  if (ret != 0) {
    say(s, "%s ret=%d", what, ret);
    return;
  }
  if (n > sizeof LS_FRE_WORDS(r))
    n = sizeof LS_FRE_WORDS(r);
  say(s, "%s ret=0 start=%u info=%#x words=%016llx", what, r->fre_start_addr,
      r->fre_info, hash(LS_FRE_WORDS(r), n));
}

/* The FRE getters over one FRE (fde_type: the FDE's, v3 info2 bits; ABI 3
 * only). */
static void fre_getters(const ls_api *a, ls_dctx *d, const sframe_frame_row_entry *r,
                        uint32_t fde_type, ls_sink *s) {
  int e1 = ERR_UNSET, e2 = ERR_UNSET, e3 = ERR_UNSET, e4 = ERR_UNSET, e5 = ERR_UNSET;
  sframe_frame_row_entry c = *r; /* ABI 1's getters take no const */
  unsigned reg = a->base_reg_id(&c, &e1);
  int32_t cfa = a->cfa_offset(d, &c, LS_TYPE_ARG(fde_type) &e2);
  int32_t fp = a->fp_offset(d, &c, LS_TYPE_ARG(fde_type) &e3);
  int32_t ra = a->ra_offset(d, &c, LS_TYPE_ARG(fde_type) &e4);
  bool m = a->ra_mangled_p(d, &c, &e5);
  say(s, "  reg=%u/%d cfa=%d/%d fp=%d/%d ra=%d/%d mangled=%d/%d", reg, e1, cfa, e2, fp, e3,
      ra, e4, m, e5);
#if SFV_COMPAT_ABI == 3
  {
    int e6 = ERR_UNSET, k;
    bool u = a->ra_undefined_p(d, r, &e6);
    say(s, "  undef=%d/%d", u, e6);
    for (k = 0; k < 7; k++) {
      int e = ERR_UNSET;
      uint32_t v = a->fre_udata(r, k, &e);
      say(s, "  udata[%d]=%u/%d", k, v, e);
    }
  }
#else
  (void)fde_type;
#endif
}

typedef struct fde_info {
  uint32_t num_fres, size;
  int64_t start;
  unsigned char info, info2;
  uint8_t rep;
  int ok;       /* the v3 getter succeeded */
  int encodable; /* every FRE read, inside the function, FRE type 0-2 */
} fde_info;

/* An FRE start the ABI's encoder takes for a function of this size
 * (2.47 asserts start <= size; 2.44 and 2.40 start < size, or 0 for size
 * 0). */
static int start_encodable(uint32_t start, uint32_t size) {
#if SFV_COMPAT_ABI == 3
  return start <= size;
#else
  return size != 0 ? start < size : start == 0;
#endif
}

/* One FDE through the ABI's getters; fills f from the v3 getter (ABI 3)
 * or the v1 one (ABI 1 and 0), with the v2 getter's repetition block size
 * where it answers (ABI 1; ABI 0 has no v2 getter). */
static void fde_getters(const ls_api *a, ls_dctx *d, uint32_t i, ls_sink *s, fde_info *f) {
#if SFV_COMPAT_ABI >= 1
  uint32_t n2 = 0, sz2 = 0;
  int32_t st2 = 0;
  unsigned char inf2 = 0;
  uint8_t rep2 = 0;
  int r2;
#endif
  memset(f, 0, sizeof *f);
#if SFV_COMPAT_ABI == 3
  {
    int e = ERR_UNSET, r3;
    uint32_t off = a->d_offsetof_start(d, i, &e);
    r3 = a->d_funcdesc_v3(d, i, &f->num_fres, &f->size, &f->start, &f->info, &f->info2,
                          &f->rep);
    say(s, "fde %u off=%u/%d v3 ret=%d n=%u size=%u start=%lld info=%#x info2=%#x rep=%u",
        i, off, e, r3, r3 ? 0 : f->num_fres, r3 ? 0 : f->size,
        r3 ? 0 : (long long)f->start, r3 ? 0 : f->info, r3 ? 0 : f->info2, r3 ? 0 : f->rep);
    f->ok = r3 == 0;
  }
#else
  {
    uint32_t n1 = 0, sz1 = 0;
    int32_t st1 = 0;
    unsigned char inf1 = 0;
    int r1 = a->d_funcdesc(d, i, &n1, &sz1, &st1, &inf1);
    say(s, "fde %u v1 ret=%d n=%u size=%u start=%d info=%#x", i, r1, r1 ? 0 : n1,
        r1 ? 0 : sz1, r1 ? 0 : st1, r1 ? 0 : inf1);
    /* The FREs of a v1 section too (2.44's v2 getter refuses those). */
    f->ok = r1 == 0;
    if (f->ok) {
      f->num_fres = n1;
      f->size = sz1;
      f->start = st1;
      f->info = inf1;
    }
  }
#endif
#if SFV_COMPAT_ABI >= 1
  r2 = a->d_funcdesc_v2(d, i, &n2, &sz2, &st2, &inf2, &rep2);
  say(s, "fde %u v2 ret=%d n=%u size=%u start=%d info=%#x rep=%u", i, r2, r2 ? 0 : n2,
      r2 ? 0 : sz2, r2 ? 0 : st2, r2 ? 0 : inf2, r2 ? 0 : rep2);
#endif
#if SFV_COMPAT_ABI == 1
  if (r2 == 0)
    f->rep = rep2;
#endif
}

static void decoder_pass(const ls_api *a, ls_dctx *d, ls_sink *s, fde_info *fi,
                         uint32_t nf) {
  uint32_t i, j, reads = 0;
  for (i = 0; i < nf; i++) {
    fde_info *f = &fi[i];
    fde_getters(a, d, i, s, f);
    f->encodable = f->ok && f->num_fres > 0 && (f->info & 0xfu) <= 2;
    for (j = 0; f->ok && j < f->num_fres; j++) {
      sframe_frame_row_entry r;
      int rr;
      if (j >= MAX_FRES_PER_FDE || reads >= MAX_FRE_READS) {
        f->encodable = 0;
        break;
      }
      reads++;
      memset(&r, 0xa5, sizeof r);
      rr = a->d_fre(d, i, j, &r);
      say_fre(s, "  fre", rr, &r);
      if (rr != 0) {
        f->encodable = 0;
        continue;
      }
      if (!start_encodable(r.fre_start_addr, f->size))
        f->encodable = 0;
      fre_getters(a, d, &r, f->info2 & 0x1fu, s);
    }
  }
}

/* sframe_find_fre around each function: its start (ABI 3: PC-relative,
 * from the FDE's own offset) minus one, start, middle, last byte, end. */
static void find_pass(const ls_api *a, ls_dctx *d, ls_sink *s, const fde_info *fi,
                      uint32_t nf) {
  uint32_t i;
  for (i = 0; i < nf && i < 128; i++) {
    int64_t base, pcs[5];
    unsigned k;
    if (!fi[i].ok)
      continue;
#if SFV_COMPAT_ABI == 3
    {
      int e = ERR_UNSET;
      /* wrapping, as the library's own arithmetic */
      (void)__builtin_add_overflow(fi[i].start, a->d_offsetof_start(d, i, &e), &base);
    }
#else
    base = fi[i].start;
#endif
    (void)__builtin_sub_overflow(base, 1, &pcs[0]);
    pcs[1] = base;
    (void)__builtin_add_overflow(base, fi[i].size / 2, &pcs[2]);
    (void)__builtin_add_overflow(pcs[0], fi[i].size, &pcs[3]);
    (void)__builtin_add_overflow(base, fi[i].size, &pcs[4]);
    for (k = 0; k < 5; k++) {
      sframe_frame_row_entry r;
      sfc_pc_t pc = (sfc_pc_t)(uint64_t)pcs[k]; /* ABI 1: int32_t, wrapped */
      memset(&r, 0xa5, sizeof r);
      say_fre(s, "find", a->find_fre(d, pc, &r), &r);
#if SFV_COMPAT_ABI != 3
      {
        int e = ERR_UNSET;
        void *fd = a->funcdesc_with_addr(d, pc, &e);
        say(s, "funcdesc_with_addr %s/%d", fd != NULL ? "fde" : "NULL", e);
      }
#endif
    }
  }
}

/* dump_sframe's stdout, as a hash and a length. */
static void dump_pass(const ls_api *a, ls_dctx *d, ls_sink *s) {
  FILE *tmp = tmpfile();
  int saved;
  long n;
  char *text;
  FUZZ_ASSERT(tmp != NULL, "transcript: tmpfile");
  fflush(stdout);
  saved = dup(1);
  FUZZ_ASSERT(saved >= 0 && dup2(fileno(tmp), 1) >= 0, "transcript: dup");
  a->dump(d, 0x1000);
  fflush(stdout);
  FUZZ_ASSERT(dup2(saved, 1) >= 0, "transcript: dup2");
  close(saved);
  n = (long)lseek(fileno(tmp), 0, SEEK_END);
  FUZZ_ASSERT(n >= 0 && lseek(fileno(tmp), 0, SEEK_SET) == 0, "transcript: seek");
  text = malloc((size_t)n + 1u);
  FUZZ_ASSERT(text != NULL && read(fileno(tmp), text, (size_t)n) == (ssize_t)n,
              "transcript: read");
  say(s, "dump len=%ld hash=%016llx", n, hash(text, (size_t)n));
  free(text);
  fclose(tmp);
}

static void say_written(const ls_api *a, ls_sink *s, const char *what,
                        sframe_encoder_ctx *e, bool sort) {
  size_t sz = 12345;
  int err = ERR_UNSET;
#if SFV_COMPAT_ABI == 3
  char *out = a->e_write(e, &sz, sort, &err);
  say(s, "%s write ret=%s size=%zu err=%d bytes=%016llx fdes=%u flags=%#x", what,
      out ? "buf" : "NULL", sz, err, out ? hash(out, sz) : 0ull, a->e_num_fidx(e),
      a->e_flags(e));
#else
  char *out = a->e_write(e, &sz, &err); /* 2.44 sorts always */
  (void)sort;
  say(s, "%s write ret=%s size=%zu err=%d bytes=%016llx fdes=%u", what,
      out ? "buf" : "NULL", sz, err, out ? hash(out, sz) : 0ull, a->e_num_fidx(e));
#endif
}

/* Round trip 1, an assembler's calls (and ABI 1/0 ld's): FDE and FRE
 * values re-added, in a section of version ver. */
static void encode_fres(const ls_api *a, ls_dctx *d, uint8_t ver, uint8_t flags, ls_sink *s,
                        const fde_info *fi, uint32_t nf) {
  int err = ERR_UNSET;
  uint32_t i, j, k = 0;
  sframe_encoder_ctx *e = a->encode(ver, flags, a->d_abi_arch(d),
                                    a->d_fixed_fp(d), a->d_fixed_ra(d), &err);
  say(s, "encode ret=%s err=%d", e ? "ctx" : "NULL", err);
  if (e == NULL)
    return;
  for (i = 0; i < nf; i++) {
    if (!fi[i].encodable)
      continue;
#if SFV_COMPAT_ABI == 3
    say(s, "add_funcdesc_v3 %d",
        a->e_add_funcdesc_v3(e, fi[i].start, fi[i].size, fi[i].info, fi[i].info2,
                             fi[i].rep, fi[i].num_fres));
#elif SFV_COMPAT_ABI == 1
    say(s, "add_funcdesc_v2 %d",
        a->e_add_funcdesc_v2(e, (int32_t)fi[i].start, fi[i].size, fi[i].info, fi[i].rep,
                             fi[i].num_fres));
#else
    say(s, "add_funcdesc %d",
        a->e_add_funcdesc(e, (int32_t)fi[i].start, fi[i].size, fi[i].info, fi[i].num_fres));
#endif
    for (j = 0; j < fi[i].num_fres; j++) {
      sframe_frame_row_entry r;
      memset(&r, 0, sizeof r);
      (void)a->d_fre(d, i, j, &r);
      say(s, "add_fre %d", a->e_add_fre(e, k, &r));
    }
    k++;
  }
  say_written(a, s, "rt1", e, !(flags & SFV_F_FDE_SORTED));
  a->encoder_free(&e);
  say(s, "encoder_free %s", e == NULL ? "NULL" : "kept");
}

#if SFV_COMPAT_ABI == 3
/* Round trip 2, ld's calls (v3 sections): FRE blocks copied as they are. */
static void encode_blocks(const ls_api *a, ls_dctx *d, ls_sink *s, const fde_info *fi,
                          uint32_t nf) {
  int err = ERR_UNSET;
  uint32_t i, k = 0;
  sframe_encoder_ctx *e;
  if (a->d_version(d) != 3)
    return;
  e = a->encode(3, a->d_flags(d), a->d_abi_arch(d), a->d_fixed_fp(d), a->d_fixed_ra(d),
                &err);
  if (e == NULL)
    return;
  for (i = 0; i < nf; i++) {
    char *buf = NULL;
    size_t bsz = 0;
    uint32_t n = 0;
    int r;
    if (!fi[i].encodable)
      continue;
    r = a->d_fres_buf(d, i, &buf, &bsz, &n);
    say(s, "fres_buf %u ret=%d size=%zu n=%u bytes=%016llx", i, r, r ? 0 : bsz, r ? 0 : n,
        r == 0 && buf ? hash(buf, bsz) : 0ull);
    if (r != 0)
      continue;
    say(s, "add_funcdesc %d", a->e_add_funcdesc(e, fi[i].start, fi[i].size));
    say(s, "add_fres_buf %d", a->e_add_fres_buf(e, k++, n, buf, bsz));
  }
  say_written(a, s, "rt2", e, true);
  a->encoder_free(&e);
}
#endif

void ls_transcript(const ls_api *a, const uint8_t *data, size_t size, ls_sink *s) {
  int err = ERR_UNSET;
  sframe_decoder_ctx *d;
  fde_info *fi;
  uint32_t nf, t;
  uint8_t flags, ver;
  for (t = 0; t < 5; t++)
    say(s, "calc_fre_type %u", a->calc_fre_type((size_t)1 << (t * 8 + 7)));
  for (t = 0; t < 6; t++) /* the FRE and FDE types upstream accepts */
    say(s, "create_func_info %#x", a->create_func_info(t / 2, t % 2));
  d = a->decode((const char *)data, size, &err);
  say(s, "decode ret=%s err=%d msg=%s", d ? "ctx" : "NULL", err,
      err != ERR_UNSET ? a->errmsg(err) : "-");
  if (d == NULL)
    return;
#if SFV_COMPAT_ABI == 3
  flags = a->d_flags(d);
#else
  flags = size > 3 ? data[3] : 0; /* no getter: the preamble's byte */
#endif
#if SFV_COMPAT_ABI >= 1
  ver = a->d_version(d);
#else
  ver = size > 2 ? data[2] : 0; /* no getter: the preamble's byte */
#endif
  say(s, "hdr size=%u abi=%u version=%u flags=%#x fdes=%u fp=%d ra=%d", a->d_hdr_size(d),
      a->d_abi_arch(d), ver, flags, a->d_num_fidx(d), a->d_fixed_fp(d),
      a->d_fixed_ra(d));
  nf = a->d_num_fidx(d);
  if (nf > MAX_FDES)
    nf = MAX_FDES;
  fi = calloc(nf ? nf : 1u, sizeof *fi);
  FUZZ_ASSERT(fi != NULL, "transcript: out of memory");
  decoder_pass(a, d, s, fi, nf);
  find_pass(a, d, s, fi, nf);
  dump_pass(a, d, s);
  encode_fres(a, d, ver, flags, s, fi, nf);
#if SFV_COMPAT_ABI == 3
  encode_blocks(a, d, s, fi, nf);
#endif
  free(fi);
  a->decoder_free(&d);
  say(s, "decoder_free %s", d == NULL ? "NULL" : "kept");
}
