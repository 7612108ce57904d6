/* SPDX-License-Identifier: MIT */
/* gen_seeds.c - writes the hand-made seed sections (corpus/seeds/NAME.sframe):
 * every version x ABI x byte order the format defines, FDE counts 0..12,
 * default / flex / MASK FDEs, PCREL on and off, plus a few deliberate
 * corruptions.  Deterministic (fixed PRNG seeds).  Prints each file's
 * verdict from libsfv so the seed set stays mostly valid.
 *
 *   gen_seeds OUTDIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sframe_model.h"

static uint8_t buf[1 << 20];
static model m;
static unsigned valid_count, total_count;

static void emit(const char *dir, const char *name) {
  char path[512];
  size_t n = model_serialize(&m, buf, sizeof buf);
  sfv_result res;
  FILE *f;
  if (n == 0) {
    fprintf(stderr, "gen_seeds: %s does not fit\n", name);
    exit(1);
  }
  snprintf(path, sizeof path, "%s/%s.sframe", dir, name);
  f = fopen(path, "wb");
  if (f == NULL || fwrite(buf, 1, n, f) != n || fclose(f) != 0) {
    fprintf(stderr, "gen_seeds: cannot write %s\n", path);
    exit(1);
  }
  (void)sfv_validate(buf, n, NULL, NULL, NULL, &res);
  total_count++;
  if (res.errors == 0)
    valid_count++;
  printf("%-40s %6zu bytes  %s (%u errors, %u warnings)\n", name, n,
         res.errors ? "INVALID" : "valid", res.errors, res.warnings);
}

int main(int argc, char **argv) {
  static const uint8_t abis[] = {SFV_ABI_AARCH64_BE, SFV_ABI_AARCH64_LE,
                                 SFV_ABI_AMD64_LE, SFV_ABI_S390X_BE};
  static const uint32_t counts[] = {0, 1, 3, 12};
  static const char *abi_names[] = {"", "aarch64be", "aarch64le", "amd64", "s390x"};
  model_rng r;
  char name[128];
  uint8_t v;
  unsigned a, c;
  if (argc != 2) {
    fprintf(stderr, "usage: gen_seeds OUTDIR\n");
    return 2;
  }
  for (v = 1; v <= 3; v++)
    for (a = 0; a < 4; a++) {
      if (v == 1 && abis[a] == SFV_ABI_S390X_BE)
        continue;
      for (c = 0; c < 4; c++) {
        r.s = 1000u * v + 100u * a + c + 1u;
        model_default(&m, v, abis[a], counts[c], &r);
        snprintf(name, sizeof name, "v%u-%s-%ufde", v, abi_names[abis[a]], counts[c]);
        emit(argv[1], name);
      }
    }
  /* Variants on one amd64 v3 and one v2 section. */
  for (v = 2; v <= 3; v++) {
    r.s = 77u + v;
    model_default(&m, v, SFV_ABI_AMD64_LE, 5, &r);
    m.flags &= (uint8_t)~SFV_F_FDE_FUNC_START_PCREL;
    snprintf(name, sizeof name, "v%u-amd64-abs-starts", v);
    emit(argv[1], name);
    model_default(&m, v, SFV_ABI_AMD64_LE, 5, &r);
    m.trailing_zeros = 58;
    snprintf(name, sizeof name, "v%u-amd64-trailing-zeros", v);
    emit(argv[1], name);
    model_default(&m, v, SFV_ABI_AMD64_LE, 5, &r);
    m.auxhdr_len = 4;
    snprintf(name, sizeof name, "v%u-amd64-auxhdr", v);
    emit(argv[1], name);
    model_default(&m, v, SFV_ABI_AMD64_LE, 6, &r);
    {
      model_fde t = m.fdes[1];
      m.fdes[1] = m.fdes[4];
      m.fdes[4] = t;
      m.flags &= (uint8_t)~SFV_F_FDE_SORTED;
    }
    snprintf(name, sizeof name, "v%u-amd64-unsorted", v);
    emit(argv[1], name);
    model_default(&m, v, SFV_ABI_AMD64_LE, 4, &r);
    m.num_fres_delta = 1;
    snprintf(name, sizeof name, "v%u-amd64-bad-num-fres", v);
    emit(argv[1], name);
    model_default(&m, v, SFV_ABI_AMD64_LE, 4, &r);
    m.fre_len_delta = 3;
    snprintf(name, sizeof name, "v%u-amd64-fre-len-slack", v);
    emit(argv[1], name);
  }
  /* v3 with every FDE flex, and a big one (40 FDEs). */
  r.s = 4242;
  model_default(&m, 3, SFV_ABI_AMD64_LE, 8, &r);
  for (c = 0; c < m.nfdes; c++) {
    m.fdes[c].info2 = SFV_FDE_FLEX;
    m.fdes[c].info &= (uint8_t)~0x10u;
    m.fdes[c].rep_size = 0;
    model_refill_fres(&m, c, &r);
  }
  emit(argv[1], "v3-amd64-all-flex");
  r.s = 4243;
  model_default(&m, 3, SFV_ABI_AARCH64_LE, 40, &r);
  emit(argv[1], "v3-aarch64le-40fde");
  r.s = 4244;
  model_default(&m, 2, SFV_ABI_S390X_BE, 40, &r);
  emit(argv[1], "v2-s390x-40fde");
  printf("%u seeds, %u valid\n", total_count, valid_count);
  return 0;
}
