/* SPDX-License-Identifier: MIT */
/* layout.c - field positions from layout.def (the field table, structure
 * sizes and reads through them are inline in spec.h; every read is
 * bounds-checked by the cursor). */
#include "sframe/spec.h"
#include "common/cursor.h"

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

/* Every field lies inside its structure in each version: sfv_field_ld()
 * loads from windows bounds-checked to the structure's size. */
#define SFV_STRUCT(name, s1, s2, s3)                                         \
  enum { SZ_##name##_1 = s1, SZ_##name##_2 = s2, SZ_##name##_3 = s3 };
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3)
#include "sframe/layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
enum {
  SZ_HDR_1 = SZ_HEADER_1, SZ_HDR_2 = SZ_HEADER_2, SZ_HDR_3 = SZ_HEADER_3,
  SZ_NONE_1 = 0, SZ_NONE_2 = 0, SZ_NONE_3 = 0
};
#define SFV_STRUCT(name, s1, s2, s3)
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3)              \
  _Static_assert((o1) + (n1) <= SZ_##w1##_1 && (o2) + (n2) <= SZ_##w2##_2 && \
                     (o3) + (n3) <= SZ_##w3##_3,                             \
                 "layout.def: " #name " outside its structure");
#include "sframe/layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
