/* SPDX-License-Identifier: MIT */
/* api_walk.c - every decoder function of GNU libsframe's API on one raw
 * .sframe file, each answer printed on stdout, then dump_sframe.  Built
 * once against a stock Debian libsframe (sid: ABI 3, trixie: ABI 1, by
 * the installed sframe-api.h; bookworm: ABI 0, by trixie's header with
 * -DWALK_ABI0, as 2.40's API is 2.44's minus the functions that macro
 * leaves out, with the same row entry) and once against the drop-in: the two
 * outputs must be equal where the stock library does not crash
 * (test_api.py), and the drop-in under ASan must finish cleanly on any
 * input (test_crash_inputs.py).
 *
 *   api_walk FILE   exit 0 after the walk, 2 on usage or I/O errors */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sframe-api.h>

#ifdef SFRAME_VERSION_3
#define WALK_ABI3 1
#define WALK_PC(x) ((int64_t)(x))
#else
#define WALK_ABI3 0
#define WALK_PC(x) ((int32_t)(x)) /* 2.44 takes a 32-bit pc */
#endif

#define WALK_MAX_FDES 2000u
#define WALK_MAX_FRES 200u

static void print_fre(sframe_decoder_ctx *d, sframe_frame_row_entry *fre,
                      unsigned fde_type) {
  int e1 = -7, e2 = -7, e3 = -7, e4 = -7, e5 = -7;
  unsigned reg = sframe_fre_get_base_reg_id(fre, &e1);
#if WALK_ABI3
  int cfa = sframe_fre_get_cfa_offset(d, fre, fde_type, &e2);
  int fp = sframe_fre_get_fp_offset(d, fre, fde_type, &e3);
  int ra = sframe_fre_get_ra_offset(d, fre, fde_type, &e4);
  int und = sframe_fre_get_ra_undefined_p(d, fre, &e5);
#else
  int cfa = sframe_fre_get_cfa_offset(d, fre, &e2);
  int fp = sframe_fre_get_fp_offset(d, fre, &e3);
  int ra = sframe_fre_get_ra_offset(d, fre, &e4);
  int und = 0;
  (void)fde_type;
#endif
  int e6 = -7;
  int mangled = sframe_fre_get_ra_mangled_p(d, fre, &e6);
  printf(" start=%u info=%02x reg=%u/%d cfa=%d/%d fp=%d/%d ra=%d/%d und=%d/%d mg=%d/%d\n",
         fre->fre_start_addr, fre->fre_info, reg, e1, cfa, e2, fp, e3, ra, e4,
         und, e5, mangled, e6);
}

int main(int argc, char **argv) {
  FILE *f;
  char *buf;
  long n;
  int err = 0;
  sframe_decoder_ctx *d;
  unsigned i, j, nf;
  if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL)
    return 2;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  buf = malloc(n > 0 ? (size_t)n : 1u);
  if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n)
    return 2;
  fclose(f);
  d = sframe_decode(buf, (size_t)n, &err);
  free(buf); /* the library keeps its own copy */
  if (d == NULL) {
    printf("decode error %d (%s)\n", err, sframe_errmsg(err));
    return 0;
  }
  nf = sframe_decoder_get_num_fidx(d);
#ifdef WALK_ABI0
#define sframe_decoder_get_version(d) 1u /* 2.40 reads v1 only */
#endif
  printf("hdr %u abi %u ver %u fp %d ra %d fdes %u\n", sframe_decoder_get_hdr_size(d),
         sframe_decoder_get_abi_arch(d), sframe_decoder_get_version(d),
         sframe_decoder_get_fixed_fp_offset(d), sframe_decoder_get_fixed_ra_offset(d), nf);
#if WALK_ABI3
  printf("flags %u\n", sframe_decoder_get_flags(d));
#endif
  for (i = 0; i < nf && i < WALK_MAX_FDES; i++) {
    uint32_t nfres = 0, size = 0;
    int32_t start = 0;
    unsigned char info = 0;
    uint8_t rep = 0;
    unsigned fde_type = 0;
#if WALK_ABI3
    int r = sframe_decoder_get_funcdesc_v2(d, i, &nfres, &size, &start, &info, &rep);
#else
    /* 2.44 and 2.40: the FREs of the FDE sframe_decoder_get_funcdesc gives
     * (2.44's v2 getter refuses a v1 section's FDEs) */
    int r = sframe_decoder_get_funcdesc(d, i, &nfres, &size, &start, &info);
#endif
    printf("fde %u: %s %d n=%u size=%u start=%d info=%02x rep=%u\n", i,
           WALK_ABI3 ? "v2" : "v1", r, nfres, size, start, info, rep);
#if !WALK_ABI3 && !defined WALK_ABI0
    {
      uint32_t n2 = 0, s2 = 0;
      int32_t st2 = 0;
      unsigned char i2 = 0;
      int r2 = sframe_decoder_get_funcdesc_v2(d, i, &n2, &s2, &st2, &i2, &rep);
      printf("  v2 %d n=%u size=%u start=%d info=%02x rep=%u\n", r2, n2, s2, st2, i2, rep);
    }
#endif
#if WALK_ABI3
    {
      uint32_t n3 = 0, s3 = 0;
      int64_t st3 = 0;
      unsigned char i1 = 0, i2 = 0;
      uint8_t rp = 0;
      int e = -7;
      uint32_t off = sframe_decoder_get_offsetof_fde_start_addr(d, i, &e);
      r = sframe_decoder_get_funcdesc_v3(d, i, &n3, &s3, &st3, &i1, &i2, &rp);
      printf("  v3 %d n=%u size=%u start=%lld info=%02x/%02x rep=%u off=%u/%d\n", r, n3,
             s3, (long long)st3, i1, i2, rp, off, e);
      if (r == 0) {
        nfres = n3;
        fde_type = i2 & 0x1fu;
      }
    }
#endif
    for (j = 0; j < nfres && j < WALK_MAX_FRES; j++) {
      sframe_frame_row_entry fre;
      memset(&fre, 0, sizeof fre);
      r = sframe_decoder_get_fre(d, i, j, &fre);
      printf("  fre %u: %d", j, r);
      if (r == 0)
        print_fre(d, &fre, fde_type);
      else
        printf("\n");
    }
    if (r == 0 || nfres == 0) {
      /* lookups at the function's first bytes */
      int64_t base = start;
#if WALK_ABI3
      base = (int64_t)start + sframe_decoder_get_hdr_size(d) + (int64_t)i * 20;
      if (sframe_decoder_get_version(d) == 3)
        base = (int64_t)start + sframe_decoder_get_hdr_size(d) + (int64_t)i * 16;
#endif
      for (j = 0; j < 3; j++) {
        sframe_frame_row_entry fre;
        memset(&fre, 0, sizeof fre);
        r = sframe_find_fre(d, WALK_PC(base + j * (size / 3 + 1)), &fre);
        printf("  find +%u: %d", j * (size / 3 + 1), r);
        if (r == 0)
          print_fre(d, &fre, fde_type);
        else
          printf("\n");
      }
    }
  }
  fflush(stdout);
  dump_sframe(d, 0);
  fflush(stdout);
  sframe_decoder_free(&d);
  printf("freed %d\n", d == NULL);
  return 0;
}
