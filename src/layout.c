/* layout.c - structure sizes and field positions from layout.def (the
 * field table and reads through it are inline in spec.h; every read is
 * bounds-checked by the cursor). */
#include "spec.h"
#include "cursor.h"

static const uint8_t struct_sizes[SFV_ST_COUNT][3] = {
#define SFV_STRUCT(name, s1, s2, s3) [SFV_ST_##name] = {s1, s2, s3},
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3)
#include "layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
};

/* The public constants restate the table; they must agree with it. */
_Static_assert(SFV_HEADER_SIZE == 28, "header size");
_Static_assert(SFV_FDE_SIZE_V1 == 17 && SFV_FDE_SIZE_V2 == 20 &&
                   SFV_FDE_SIZE_V3 == 16 && SFV_FDE_ATTR_SIZE_V3 == 5,
               "FDE sizes: see layout.def SFV_STRUCT(FDE) and (ATTR)");

unsigned sfv_struct_size(sfv_struct s, uint8_t version) {
  if ((unsigned)s >= (unsigned)SFV_ST_COUNT || version < 1 || version > 3)
    return 0;
  return struct_sizes[s][version - 1];
}

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
