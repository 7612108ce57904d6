/* SPDX-License-Identifier: MIT */
/* dump_check.c - whether the objdump of a layout (240, 244, 247) decodes
 * and dumps a section deterministically (dump.c prints nothing otherwise).
 * objdump reads without bounds checks, asserts, and prints stale data for
 * unreadable FREs; these checks follow each libsframe's own. */
#include <stdlib.h>

#include "dump.h"

/* Data words the row entry of the layout's libsframe holds, 4 bytes each
 * (its FRE sanity check's limit). */
static unsigned max_datawords(int layout) {
  return layout == 247 ? 6u : 3u;
}

unsigned fmt_dump_addr_bytes(uint8_t fre_type) {
  return fre_type == SFV_FRE_ADDR4 ? 4u : fre_type == SFV_FRE_ADDR2 ? 2u : 1u;
}

void fmt_dump_fre_init(fmt_dump_fre_iter *w, const sfv_section *sec,
                       const sfv_fde *fde, uint64_t limit, int layout) {
  sfv_status st = sfv_fre_iter_init(&w->it, sec, fde, limit);
  w->layout = layout;
  /* libsframe never looks at the FRE type of an FDE without FREs; the
   * iterator then ends at once. */
  w->ok = st == SFV_OK || (st == SFV_E_FRE_TYPE && fde->num_fres == 0);
}

int fmt_dump_fre_words(unsigned size_code, unsigned count, int layout,
                       unsigned *bytes) {
  unsigned max = max_datawords(layout);
  *bytes = size_code > 2 ? count : count << size_code;
  if (*bytes > 4u * max)
    return -1;
  return size_code <= 2 && count <= max;
}

/* libsframe copies each FRE on the way into its row entry
 * (fmt_dump_fre_words) and checks the entry only when it is the one asked
 * for.  The data words of a refused FRE are never read: they may lie past
 * the limit (libsframe then reads past its copy of the FRE sub-section;
 * no next FRE can start there). */
int fmt_dump_fre_next(fmt_dump_fre_iter *w, sfv_fre *fre, int *sane) {
  unsigned asz, bytes;
  sfv_status st;
  int verdict;
  *sane = 0;
  if (!w->ok)
    return -1;
  st = sfv_fre_next(&w->it, fre);
  if (st == SFV_END)
    return 0;
  asz = fmt_dump_addr_bytes(w->it.fre_type);
  if (st != SFV_OK &&
      ((st != SFV_E_DATAWORD_SIZE && st != SFV_E_BOUNDS) ||
       fre->offset > w->it.limit || w->it.limit - fre->offset <= asz))
    return -1;                 /* no start and info byte inside the limit */
  verdict = fmt_dump_fre_words(fre->dw_size_code, fre->dw_count, w->layout, &bytes);
  *sane = verdict > 0;
  if (verdict < 0 || (st != SFV_OK && *sane))
    return -1;                 /* past its row entry, or words past the limit */
  if (st != SFV_OK) {
    w->it.pos = fre->offset + asz + 1u + bytes;
    w->it.next++;
  }
  return 1;
}

static int flags_valid(int layout, uint8_t version, uint8_t flags) {
  unsigned valid;
  if (layout == 247)
    valid = version == 3 ? 0x5u : 0x7u;
  else
    valid = 0x3u;
  return (flags & ~valid) == 0;
}

/* 1 when the layout's dump keeps its row entry from one function to the
 * next: 2.44's and 2.40's dump_sframe_func_with_fres fill one local entry
 * (2.40: `sframe_frame_row_entry fre`), at the same stack address for each
 * function, only where sframe_decoder_get_fre hands an FRE out.  A
 * function whose first FRE it refuses then prints the last row an earlier
 * function filled (dump.c); before any, memory the section does not
 * determine (stack bytes of earlier calls, pointers among them).  2.47:
 * not established, refused. */
static int row_kept_across_fdes(int layout) {
  return layout == 244 || layout == 240;
}

/* A FRE libsframe hands out passes the layout's own checks when objdump
 * reads it. */
static int fre_dumpable(int layout, const sfv_section *sec, const sfv_fde *fde,
                        const sfv_fre *fre) {
  if (layout == 247) {
    if (fre->start > fde->size)
      return 0;                       /* sframe_decoder_get_fre asserts */
    if (fde->fde_type == SFV_FDE_FLEX && fre->dw_count != 0 &&
        (fre->dw_count < 2 || (sfv_abi_sp_regnum(sec->hdr.abi_arch) < 0 &&
                               fmt_dump_flex_names_reg(sec, fre))))
      return 0;                       /* asserts on CFA words / reg names */
  } else if (fde->size != 0 ? fre->start >= fde->size : fre->start != 0) {
    return 0;
  }
  return 1;
}

/* FRE blocks [start, end) as section offsets, for the overlap check. */
typedef struct span {
  uint64_t start, end;
} span;

static int span_cmp(const void *a, const void *b) {
  const span *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* 1 when no two blocks share a byte (objdump byte-swaps each block in
 * place; a shared block would be swapped twice). */
static int spans_disjoint(span *s, uint32_t n) {
  uint32_t i;
  if (n > 1)
    qsort(s, n, sizeof *s, span_cmp);
  for (i = 1; i < n; i++)
    if (s[i].start < s[i - 1].end)
      return 0;
  return 1;
}

static int header_decodes(const sfv_header *h, int layout) {
  return fmt_fde_layout(layout, h->version) != 0 &&
         flags_valid(layout, h->version, h->flags) && h->fdeoff <= h->freoff;
}

int fmt_dump_header_decodes(const uint8_t *data, size_t size, int layout) {
  sfv_section sec;
  if (sfv_open(&sec, data, size) != SFV_OK)
    return 1;
  return header_decodes(&sec.hdr, layout);
}

int fmt_dump_checkable(const sfv_section *sec, int layout) {
  const sfv_header *h = &sec->hdr;
  uint64_t fre_end;
  uint32_t i;
  span *spans = NULL;
  int ok = 0, row_filled = 0;

  if (!header_decodes(h, layout))
    return 0;
  if (fmt_dump_header_only(layout, h->version))
    return 1;                         /* header only (a foreign-endian one
                                         once swapped in v2's FDE layout:
                                         fmt_dump_swap, the caller's
                                         question) */
  if (sec->fde_avail != h->num_fdes)
    return 0;
  fre_end = sfv_fre_subsection_offset(sec) + h->fre_len;
  if (h->fre_len != 0 && fre_end > sec->size)
    return 0;                         /* objdump copies fre_len bytes (none
                                         when 0: only FDEs without FREs,
                                         which read none, then dump) */
  if (sec->big_endian && h->num_fdes != 0) {
    spans = malloc((size_t)h->num_fdes * sizeof *spans);
    if (spans == NULL)
      return 0;
  }

  for (i = 0; i < h->num_fdes; i++) {
    sfv_fde fde;
    fmt_dump_fre_iter w;
    sfv_fre fre;
    int r, sane;
    if (sfv_fde_get(sec, i, &fde) != SFV_OK)
      goto out;
    fmt_dump_fre_init(&w, sec, &fde, fre_end, layout);
    if (!w.ok)
      goto out;
    /* objdump prints a refused FRE as the row before it (dump.c); the
     * first one of a function prints an unset row entry, or (2.44) the
     * last one an earlier function filled. */
    while ((r = fmt_dump_fre_next(&w, &fre, &sane)) > 0) {
      if (sane ? !fre_dumpable(layout, sec, &fde, &fre)
               : fre.index == 0 && !(row_filled && row_kept_across_fdes(layout)))
        goto out;
      row_filled |= sane;
    }
    if (r < 0)
      goto out;
    if (sec->big_endian && w.it.pos > fre_end)
      goto out;                       /* the byte swap reads the refused
                                         FRE's words too */
    if (spans != NULL) {
      spans[i].start = h->version == 3 ? fde.attr_offset : fde.fres_offset;
      spans[i].end = w.it.pos;
    }
  }

  /* A foreign-endian section is byte-swapped first (whether that succeeds:
   * fmt_dump_swap, the caller's question).  The dump then reads the bytes
   * as this section holds them only where the swap reversed each once:
   * FRE blocks disjoint, the FDE table before the FRE sub-section. */
  if (sec->big_endian &&
      ((spans != NULL && spans_disjoint(spans, h->num_fdes) != 1) ||
       (uint64_t)h->num_fdes * sfv_fde_entry_size(sec) > (uint64_t)h->freoff - h->fdeoff))
    goto out;
  ok = 1;
out:
  free(spans);
  return ok;
}

