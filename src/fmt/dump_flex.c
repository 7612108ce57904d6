/* SPDX-License-Identifier: MIT */
/* dump_flex.c - which data word of a flex FDE's FRE fills which cell of
 * 2.47's dump row: the one reading the printer (dump.c) and the
 * dumpability check (dump_check.c) share. */
#include "dump.h"

/* Unsigned data word k (zero-extended from its size). */
static uint32_t uword(const sfv_fre *fre, unsigned k, int *ok) {
  *ok = k < fre->dw_count;
  return *ok ? fre->dw_raw[k] : 0;
}

void fmt_dump_flex_row(const sfv_section *sec, const sfv_fre *fre, fmt_flex_row *r) {
  int8_t ffp = sec->hdr.cfa_fixed_fp_offset, fra = sec->hdr.cfa_fixed_ra_offset;
  int ok, fp_ctl_ok, off_ok;
  unsigned fp_idx;
  r->cfa_ctl = uword(fre, 0, &ok);
  r->cfa_off = fmt_dump_word(fre, 1, &ok);
  r->ra_ctl = uword(fre, 2, &ok);
  r->ra = !ok ? FMT_FLEX_RA_NONE : r->ra_ctl == 0 ? FMT_FLEX_RA_PADDING : FMT_FLEX_RA_RULE;
  fp_idx = r->ra == FMT_FLEX_RA_PADDING ? 3u : 4u;
  r->fp_ctl = uword(fre, fp_idx, &fp_ctl_ok);
  r->fp_off = fmt_dump_word(fre, fp_idx + 1, &off_ok);
  if (!off_ok && ffp != 0) {
    r->fp_off = ffp;
    off_ok = 1;
  }
  r->fp = fp_ctl_ok && off_ok;
  r->ra_off = fmt_dump_word(fre, 3, &ok);
  if (!ok)
    r->ra_off = fra != 0 ? fra : -1;
}

int fmt_dump_flex_names_reg(const sfv_section *sec, const sfv_fre *fre) {
  fmt_flex_row r;
  fmt_dump_flex_row(sec, fre, &r);
  return sfv_flex_reg_p(r.cfa_ctl) || (r.fp && sfv_flex_reg_p(r.fp_ctl)) ||
         (r.ra == FMT_FLEX_RA_RULE && sfv_flex_reg_p(r.ra_ctl));
}
