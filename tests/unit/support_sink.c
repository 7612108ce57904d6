/* SPDX-License-Identifier: MIT */
/* support_sink.c - diagnostic collection (see diagsink.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagsink.h"

int sink_fn(void *ctx, const sfv_diag *d) {
  sink *s = ctx;
  if (s->n < SINK_MAX)
    s->d[s->n] = *d;
  s->n++;
  if ((unsigned)d->rule < (unsigned)SFV_RULE_COUNT)
    s->per_rule[d->rule]++;
  return s->stop_after != 0 && s->n >= s->stop_after;
}

void sink_dump(const sink *s, const char *title) {
  unsigned i;
  fprintf(stderr, "  diagnostics of %s (%u):\n", title, s->n);
  for (i = 0; i < s->n && i < SINK_MAX; i++) {
    char msg[256];
    const sfv_rule_info *ri = sfv_rule_get(s->d[i].rule);
    sfv_diag_message(&s->d[i], msg, sizeof msg);
    fprintf(stderr, "    %s %s @0x%llx fde %lld fre %lld: %s\n",
            ri ? sfv_severity_name(ri->severity) : "?", ri ? ri->id : "?",
            (unsigned long long)s->d[i].offset, (long long)s->d[i].fde,
            (long long)s->d[i].fre, msg);
  }
}

unsigned sink_count(const sink *s, sfv_rule_id r) {
  unsigned i, c = 0;
  for (i = 0; i < s->n && i < SINK_MAX; i++)
    c += s->d[i].rule == r;
  return c;
}

sfv_status sink_validate(sink *s, const void *data, size_t size,
                         unsigned flags, uint64_t vma, int with_scratch,
                         sfv_result *res) {
  return sink_validate_max(s, data, size, flags, vma, with_scratch, 0, res);
}

sfv_status sink_validate_max(sink *s, const void *data, size_t size,
                             unsigned flags, uint64_t vma, int with_scratch,
                             uint32_t max_diags, sfv_result *res) {
  sfv_options o;
  sfv_status st;
  void *scratch = NULL;
  memset(&o, 0, sizeof o);
  o.flags = flags;
  o.vma = vma;
  o.max_diags = max_diags;
  if (with_scratch) {
    uint32_t nf = 0;
    /* Enough for the FDEs the buffer can hold at the smallest FDE size. */
    nf = (uint32_t)(size / 16u + 1u);
    o.scratch_size = sfv_scratch_size(nf);
    scratch = malloc(o.scratch_size);
    if (scratch == NULL)
      abort();
    o.scratch = scratch;
  }
  s->n = 0;
  memset(s->per_rule, 0, sizeof s->per_rule);
  st = sfv_validate(data, size, &o, sink_fn, s, res);
  free(scratch);
  return st;
}
