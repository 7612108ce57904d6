/* layout.c - field positions from layout.def (the field table, structure
 * sizes and reads through them are inline in spec.h; every read is
 * bounds-checked by the cursor). */
#include "spec.h"
#include "cursor.h"

/* The public constants restate the table; they must agree with it. */
_Static_assert(SFV_HEADER_SIZE == 28, "header size");
_Static_assert(SFV_FDE_SIZE_V1 == 17 && SFV_FDE_SIZE_V2 == 20 &&
                   SFV_FDE_SIZE_V3 == 16 && SFV_FDE_ATTR_SIZE_V3 == 5,
               "FDE sizes: see layout.def SFV_STRUCT(FDE) and (ATTR)");

uint64_t sfv_field_at(const sfv_section *sec, const sfv_fde *fde,
                      sfv_field f) {
  sfv_field_loc l = sfv_field_in(f, sec->hdr.version);
  switch (l.where) {
  case SFV_IN_HDR: return l.off;
  case SFV_IN_FDE: return fde != NULL ? fde->offset + l.off : 0;
  case SFV_IN_ATTR: return fde != NULL ? fde->attr_offset + l.off : 0;
  default: return 0;
  }
}
