/* SPDX-License-Identifier: MIT */
/* fastpath_diff.h - differential check of sfv_validate()'s FRE fast path
 * (src/sframe/validate_fast.c): the same input validated with and without it
 * (SFV_OPT_NO_FAST_PATH_, src/sframe/decode.h, not API) must give the same
 * status, the same result counts and the same diagnostics in the same
 * order, field by field, under every option set below (no scratch, exact
 * scratch, capped delivery, a callback that stops early, unrelocated, a
 * vma).  Shared by fuzz/fuzz_validate.c and tests/unit/test_fastpath.c.
 * Test code: allocates.
 */
#ifndef SFV_FASTPATH_DIFF_H
#define SFV_FASTPATH_DIFF_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sfv.h"
#include "sframe/decode.h"

typedef struct fp_log {
  sfv_diag *d;
  size_t n;
  size_t cap;
  size_t stop_after;         /* nonzero: ask to stop after that many */
} fp_log;

static int fp_on_diag(void *ctx, const sfv_diag *d) {
  fp_log *l = ctx;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    sfv_diag *p = realloc(l->d, cap * sizeof *p);
    if (p == NULL)
      abort();
    l->d = p;
    l->cap = cap;
  }
  l->d[l->n++] = *d;
  return l->stop_after != 0 && l->n >= l->stop_after;
}

static int fp_same_diag(const sfv_diag *a, const sfv_diag *b) {
  return a->rule == b->rule && a->severity == b->severity &&
         a->offset == b->offset && a->fde == b->fde && a->fre == b->fre &&
         a->found == b->found && a->expected == b->expected && a->aux == b->aux;
}

static void fp_print_diag(const char *which, size_t i, const sfv_diag *d) {
  const sfv_rule_info *r = sfv_rule_get(d->rule);
  fprintf(stderr, "  %s #%zu: %s off %llu fde %lld fre %lld found %lld expected %lld aux %lld\n",
          which, i, r != NULL ? r->id : "?", (unsigned long long)d->offset,
          (long long)d->fde, (long long)d->fre, (long long)d->found,
          (long long)d->expected, (long long)d->aux);
}

/* One option set, both paths.  Returns 0 when they agree, else prints the
 * first difference (label: the input's name) and returns 1. */
static int fp_compare(const uint8_t *data, size_t size, const sfv_options *opt,
                      size_t stop_after, const char *label, const char *set) {
  sfv_options o[2];
  fp_log l[2];
  sfv_result res[2];
  sfv_status st[2];
  size_t i;
  int k, bad = 0;
  for (k = 0; k < 2; k++) {
    o[k] = *opt;
    if (k == 1)
      o[k].flags |= SFV_OPT_NO_FAST_PATH_;
    memset(&l[k], 0, sizeof l[k]);
    l[k].stop_after = stop_after;
    st[k] = sfv_validate(data, size, &o[k], fp_on_diag, &l[k], &res[k]);
  }
  if (st[0] != st[1] || res[0].errors != res[1].errors ||
      res[0].warnings != res[1].warnings || res[0].notes != res[1].notes ||
      res[0].suppressed != res[1].suppressed || res[0].decoded != res[1].decoded) {
    fprintf(stderr, "%s [%s]: fast/slow status %d/%d, errors %u/%u, warnings %u/%u, notes %u/%u, suppressed %u/%u\n",
            label, set, (int)st[0], (int)st[1], res[0].errors, res[1].errors,
            res[0].warnings, res[1].warnings, res[0].notes, res[1].notes,
            res[0].suppressed, res[1].suppressed);
    bad = 1;
  }
  for (i = 0; !bad && i < l[0].n && i < l[1].n; i++)
    if (!fp_same_diag(&l[0].d[i], &l[1].d[i])) {
      fprintf(stderr, "%s [%s]: diagnostic %zu differs (fast, slow):\n", label, set, i);
      fp_print_diag("fast", i, &l[0].d[i]);
      fp_print_diag("slow", i, &l[1].d[i]);
      bad = 1;
    }
  if (!bad && l[0].n != l[1].n) {
    fprintf(stderr, "%s [%s]: %zu diagnostics fast, %zu slow\n", label, set,
            l[0].n, l[1].n);
    bad = 1;
  }
  free(l[0].d);
  free(l[1].d);
  return bad;
}

/* Every option set (quick: without and with scratch only); h varies the
 * capped/stopping ones.  Returns the number of sets where the paths
 * differ. */
static int fp_check_all(const uint8_t *data, size_t size, uint64_t h,
                        int quick, const char *label) {
  sfv_options opt;
  sfv_section sec;
  void *scratch = NULL;
  size_t scratch_size = 0;
  int bad = 0;
  if (sfv_open(&sec, data, size) == SFV_OK) {
    scratch_size = sfv_scratch_size(sec.fde_avail);
    scratch = malloc(scratch_size);
    if (scratch == NULL)
      abort();
  }
  memset(&opt, 0, sizeof opt);
  opt.max_diags = UINT32_MAX;
  bad += fp_compare(data, size, &opt, 0, label, "no scratch");
  opt.scratch = scratch;
  opt.scratch_size = scratch_size;
  bad += fp_compare(data, size, &opt, 0, label, "scratch");
  if (quick) {
    free(scratch);
    return bad;
  }
  opt.max_diags = 1 + (uint32_t)(h % 5);
  bad += fp_compare(data, size, &opt, 0, label, "capped");
  opt.max_diags = 0;
  bad += fp_compare(data, size, &opt, 1 + (size_t)(h / 5 % 4), label, "stop");
  memset(&opt, 0, sizeof opt);
  opt.max_diags = UINT32_MAX;
  opt.flags = SFV_OPT_UNRELOCATED;
  bad += fp_compare(data, size, &opt, 0, label, "unrelocated");
  opt.flags = SFV_OPT_VMA;
  opt.vma = h;
  opt.scratch = scratch;
  opt.scratch_size = scratch_size;
  bad += fp_compare(data, size, &opt, 0, label, "vma");
  free(scratch);
  return bad;
}

#endif
