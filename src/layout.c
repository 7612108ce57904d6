/* layout.c - the field-offset table compiled from layout.def, and reads
 * through it (every read bounds-checked by the cursor). */
#include "spec.h"
#include "cursor.h"

typedef struct field_desc {
  uint8_t is_signed;
  sfv_field_loc v[3];
} field_desc;

#define HDR SFV_IN_HDR
#define FDE SFV_IN_FDE
#define ATTR SFV_IN_ATTR
#define NONE SFV_IN_NONE
static const field_desc fields[SFV_FLD_COUNT] = {
#define SFV_STRUCT(name, s1, s2, s3)
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3)              \
  [SFV_FLD_##name] = {sg, {{w1, o1, n1}, {w2, o2, n2}, {w3, o3, n3}}},
#include "layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
};
#undef HDR
#undef FDE
#undef ATTR
#undef NONE

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

sfv_field_loc sfv_field_in(sfv_field f, uint8_t version) {
  sfv_field_loc none = {SFV_IN_NONE, 0, 0};
  if ((unsigned)f >= (unsigned)SFV_FLD_COUNT || version < 1 || version > 3)
    return none;
  return fields[f].v[version - 1];
}

int sfv_field_signed(sfv_field f) {
  return (unsigned)f < (unsigned)SFV_FLD_COUNT && fields[f].is_signed;
}

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

int sfv_field_read(const sfv_section *sec, uint64_t base, sfv_field f,
                   int64_t *v) {
  sfv_field_loc l = sfv_field_in(f, sec->hdr.version);
  sfv_cursor c;
  uint64_t x;
  *v = 0;
  if (l.where == SFV_IN_NONE || base > sec->size)
    return 0;
  cur_init(&c, sec->data, base, sec->size, sec->big_endian);
  if (!cur_skip(&c, l.off) || !cur_un(&c, l.width, &x))
    return 0;
  *v = sfv_field_signed(f) ? sfv_sext(x, l.width) : (int64_t)x;
  return 1;
}
