/* SPDX-License-Identifier: MIT */
/* canonical.c - --format=canonical: the conformance suite's canonical decode
 * (conformance/README.md, conformance/schema/canonical.schema.json).
 *
 * Verdict: the section is rejected (return 1, nothing on `out`) when
 * sfv_validate() reports any error-severity diagnostic; warnings and notes
 * do not reject.  Accepted sections are printed as one JSON object with
 * every decoded header, FDE and FRE value and the recovery rules of each FRE
 * (sfv_fre_recovery), in the fixed key order of the schema.
 */
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "common/intree.h" /* the saturating counters */

typedef struct canon_run {
  uint32_t errors;
} canon_run;

/* Counts errors; names each on stderr so a rejection can be explained. */
static int canon_diag(void *ctx, const sfv_diag *d) {
  canon_run *cr = ctx;
  if (d->severity == SFV_SEV_ERROR) {
    const sfv_rule_info *ri = sfv_rule_get(d->rule);
    sfv_count_add(&cr->errors, 1);
    fprintf(stderr, "sframe-validate: rejected: %s at offset %llu\n",
            ri != NULL ? ri->id : "?", (unsigned long long)d->offset);
  }
  return 0;
}

static void print_rule(FILE *out, const char *name, const sfv_recovery *r) {
  fprintf(out, "\"%s\":", name);
  if (r->kind == SFV_REC_UNDEFINED) {
    fputs("{\"kind\":\"undefined\"}", out);
  } else if (r->kind == SFV_REC_SAME) {
    fputs("{\"kind\":\"same\"}", out);
  } else {
    /* regnum only where it is effective: 3.2, "Effective only if reg_p
     * is 1". */
    fprintf(out, "{\"kind\":\"expr\",\"reg_p\":%u,\"deref_p\":%u,",
            (unsigned)r->reg_p, (unsigned)r->deref_p);
    if (r->reg_p)
      fprintf(out, "\"regnum\":%lu,", (unsigned long)r->regnum);
    fprintf(out, "\"offset\":%lld}", (long long)r->offset);
  }
}

static void print_header(FILE *out, const sfv_section *sec) {
  const sfv_header *h = &sec->hdr;
  fprintf(out,
          "{\"format\":\"sframe-canonical-1\",\"header\":{\"version\":%u,"
          "\"endian\":\"%s\",\"flags\":%u,\"abi_arch\":%u,"
          "\"cfa_fixed_fp_offset\":%d,\"cfa_fixed_ra_offset\":%d,"
          "\"auxhdr_len\":%u,\"num_fdes\":%lu,\"num_fres\":%lu,\"fre_len\":%lu,"
          "\"fdeoff\":%lu,\"freoff\":%lu},\n\"fdes\":[",
          (unsigned)h->version, sec->big_endian ? "big" : "little",
          (unsigned)h->flags, (unsigned)h->abi_arch, (int)h->cfa_fixed_fp_offset,
          (int)h->cfa_fixed_ra_offset, (unsigned)h->auxhdr_len,
          (unsigned long)h->num_fdes, (unsigned long)h->num_fres,
          (unsigned long)h->fre_len, (unsigned long)h->fdeoff,
          (unsigned long)h->freoff);
}

static void print_fre(FILE *out, const sfv_section *sec, const sfv_fde *fde,
                      const sfv_fre *r) {
  sfv_recovery_set rec;
  unsigned k;
  (void)sfv_fre_recovery(sec, fde, r, &rec);
  fprintf(out,
          "{\"start\":%lu,\"base_reg\":\"%s\",\"mangled_ra\":%u,"
          "\"dataword_size\":%u,\"datawords\":[",
          (unsigned long)r->start, r->base_reg == SFV_BASE_SP ? "sp" : "fp",
          (unsigned)r->mangled_ra, (unsigned)r->dw_size);
  for (k = 0; k < r->dw_count; k++)
    fprintf(out, "%s%lu", k ? "," : "", (unsigned long)r->dw_raw[k]);
  fputs("],", out);
  print_rule(out, "cfa", &rec.cfa);
  fputc(',', out);
  print_rule(out, "ra", &rec.ra);
  fputc(',', out);
  print_rule(out, "fp", &rec.fp);
  fputc('}', out);
}

/* Precondition: the section validated without errors, so every FDE and FRE
 * below decodes. Returns 0, or 1 if decoding fails after all (then the
 * output is incomplete and the caller must treat it as a rejection). */
static int print_fdes(FILE *out, const sfv_section *sec) {
  uint32_t i;
  for (i = 0; i < sec->hdr.num_fdes; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    sfv_fre r;
    sfv_status st;
    int first = 1;
    if (sfv_fde_get(sec, i, &f) != SFV_OK ||
        sfv_fre_iter_init(&it, sec, &f, 0) != SFV_OK)
      return 1;
    fprintf(out,
            "%s\n{\"func_start\":%lld,\"func_size\":%lu,\"fre_off\":%lu,"
            "\"num_fres\":%lu,\"fre_type\":%u,\"pc_type\":%u,\"fde_type\":%u,"
            "\"rep_size\":%u,\"pauth_key\":%u,\"signal\":%u,\"fres\":[",
            i ? "," : "", (long long)f.start, (unsigned long)f.size,
            (unsigned long)f.fre_off, (unsigned long)f.num_fres,
            (unsigned)f.fre_type, (unsigned)f.pc_type, (unsigned)f.fde_type,
            (unsigned)f.rep_size, (unsigned)f.pauth_key, (unsigned)f.signal);
    while ((st = sfv_fre_next(&it, &r)) == SFV_OK) {
      fputs(first ? "\n " : ",\n ", out);
      first = 0;
      print_fre(out, sec, &f, &r);
    }
    if (st != SFV_END)
      return 1;
    fputs("]}", out);
  }
  fputs("]}\n", out);
  return 0;
}

int fmt_canonical(FILE *out, const uint8_t *data, size_t size) {
  sfv_options so;
  sfv_result res;
  sfv_section sec;
  canon_run cr = {0};
  void *scratch = NULL;
  char *buf = NULL;
  size_t len = 0;
  FILE *mem;
  int rc;

  memset(&so, 0, sizeof so);
  if (sfv_open(&sec, data, size) == SFV_OK) {
    so.scratch_size = sfv_scratch_size(sec.fde_avail);
    scratch = malloc(so.scratch_size);
    if (scratch == NULL && so.scratch_size > 0)
      return 2;
    so.scratch = scratch;
  }
  sfv_validate(data, size, &so, canon_diag, &cr, &res);
  free(scratch);
  if (cr.errors > 0 || res.errors > 0 || !res.decoded)
    return 1;
  if (sfv_open(&sec, data, size) != SFV_OK)
    return 1;
  /* Built in memory first: a decoding failure must leave `out` empty. */
  mem = open_memstream(&buf, &len);
  if (mem == NULL)
    return 2;
  print_header(mem, &sec);
  rc = print_fdes(mem, &sec);
  if (fclose(mem) != 0) {        /* the memory stream could not grow */
    free(buf);
    return 2;
  }
  if (rc == 0)
    fwrite(buf, 1, len, out);
  else
    fputs("sframe-validate: accepted section failed to decode\n", stderr);
  free(buf);
  return rc;
}
