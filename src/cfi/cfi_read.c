/* SPDX-License-Identifier: MIT */
/* cfi_read.c - DWARF call frame information: entries (CIE, FDE), LEB128
 * and encoded pointers, for .eh_frame (LSB/gABI) and .debug_frame (DWARF
 * 2-5).
 *
 * Invariants: every read goes through the cursor, bounded by the entry
 * being read (never the section end, so an entry cannot borrow its
 * neighbour's bytes); reading a CIE is O(1) (augmentation strings of at
 * most SFV_CFI_AUG_MAX characters, LEB128 of at most 10 bytes, one
 * personality pointer), so an FDE costs O(1) plus its own length; the
 * iterator advances by at least 4 bytes per entry.  Target address
 * arithmetic wraps modulo 2^(8 * address size), as the consumers' own
 * readers do, computed without unsigned overflow.
 */
#include "cfi/cfi.h"

#define SFV_CFI_AUG_MAX 16u

const char *sfv_cfi_err_name(sfv_cfi_err e) {
  static const char *const name[] = {
      "none", "truncated field", "entry length past the section end",
      "CIE pointer does not reach a CIE", "unsupported CIE version",
      "unknown augmentation", "undefined pointer encoding",
      "LEB128 wider than 64 bits", "undefined CFA instruction",
      "arithmetic overflow", "location moves backward",
      "remember_state stack overflow", "restore_state without remember_state",
      "CFA offset/register change on an expression CFA",
      "location advance in CIE instructions", "work budget exhausted",
      "unsupported address or segment size"};
  _Static_assert(sizeof name / sizeof name[0] == SFV_CFI_ERR_ADDR_SIZE + 1,
                 "one description per sfv_cfi_err");
  return (unsigned)e < sizeof name / sizeof name[0] ? name[e] : "unknown";
}

sfv_status sfv_cfi_init(sfv_cfi *cfi, const void *data, size_t size,
                        uint8_t kind, uint8_t big_endian, uint8_t addr_size,
                        uint16_t machine, uint64_t addr) {
  if (cfi == NULL || (data == NULL && size != 0) ||
      (addr_size != 4 && addr_size != 8) || kind > SFV_CFI_DEBUG_FRAME)
    return SFV_E_ARG;
  *cfi = (sfv_cfi){0};
  cfi->data = (const uint8_t *)data;
  cfi->size = size;
  cfi->addr = addr;
  cfi->machine = machine;
  cfi->kind = kind;
  cfi->big_endian = big_endian;
  cfi->addr_size = addr_size;
  return SFV_OK;
}

/* At most 10 bytes (70 bits); the bits past 64 must be zero (unsigned) or
 * copies of bit 63 are not checked (signed, as readers ignore them). */
/* The LEB128 walk both forms share: at most 10 bytes (64 bits), 7 bits a
 * byte, bits past 64 dropped (the caller judges them from *last).  On success *n is the index of the last byte
 * and *last that byte. */
static int leb_read(sfv_cursor *c, uint64_t *v, unsigned *n, uint8_t *last,
                    sfv_cfi_err *err) {
  uint64_t x = 0;
  unsigned i;
  uint8_t b;
  for (i = 0;; i++) {
    if (i == 10) {
      *err = SFV_CFI_ERR_LEB128;
      return 0;
    }
    if (!cur_u8(c, &b)) {
      *err = SFV_CFI_ERR_TRUNCATED;
      return 0;
    }
    /* byte 9 holds bit 63 only: the rest would shift out */
    x |= (uint64_t)(b & (i == 9 ? 0x01u : 0x7fu)) << (7u * i);
    if (!(b & 0x80u))
      break;
  }
  *v = x;
  *n = i;
  *last = b;
  return 1;
}

int sfv_cfi_uleb(sfv_cursor *c, uint64_t *v, sfv_cfi_err *err) {
  unsigned n;
  uint8_t b;
  if (!leb_read(c, v, &n, &b, err))
    return 0;
  if (n == 9 && (b & 0x7eu) != 0) { /* a value past 64 bits */
    *err = SFV_CFI_ERR_LEB128;
    return 0;
  }
  return 1;
}

int sfv_cfi_sleb(sfv_cursor *c, int64_t *v, sfv_cfi_err *err) {
  uint64_t x;
  unsigned n;
  uint8_t b;
  if (!leb_read(c, &x, &n, &b, err))
    return 0;
  if (n < 9 && (b & 0x40u)) /* sign-extend: set every bit above 7(n+1) */
    x |= ~((((uint64_t)1) << (7u * (n + 1u))) - 1u);
  *v = sfv_sext(x, 8);
  return 1;
}

/* Encoding defined by the LSB (format nibble, application bits 4-6,
 * indirect bit 7), or omit. */
static int enc_valid(uint8_t enc) {
  unsigned fmt = enc & 0x0fu, app = enc & 0x70u;
  if (enc == SFV_PE_OMIT)
    return 1;
  if (!(fmt <= 4u || (fmt >= 8u && fmt <= 0xcu)))
    return 0;
  return app <= 0x50u;
}

/* a + b modulo 2^64, without unsigned-overflow traps. */
static uint64_t wrap_add(uint64_t a, uint64_t b) {
  uint64_t r;
  (void)__builtin_add_overflow(a, b, &r);
  return r;
}

int sfv_cfi_read_ptr(const sfv_cfi *cfi, sfv_cursor *c, uint8_t enc,
                     unsigned addr_size, int fmt_only, uint64_t *val,
                     uint8_t *resolved, sfv_cfi_err *err) {
  uint64_t field, x = 0, base = 0;
  unsigned fmt = enc & 0x0fu, app = enc & 0x70u;
  int64_t s;
  int ok = 1;

  *val = 0;
  *resolved = 0;
  if (enc == SFV_PE_OMIT)
    return 1;
  if (!enc_valid(enc)) {
    *err = SFV_CFI_ERR_ENCODING;
    return 0;
  }
  if (!fmt_only && app == 0x50u) { /* aligned: absptr at an aligned address */
    uint64_t a = wrap_add(cfi->addr, c->pos);
    if (!cur_skip(c, (addr_size - (a % addr_size)) % addr_size)) {
      *err = SFV_CFI_ERR_TRUNCATED;
      return 0;
    }
    fmt = 0;
  }
  field = c->pos;
  switch (fmt) {
  case 0x0: ok = cur_un(c, addr_size, &x); break;
  case 0x8: ok = cur_un(c, addr_size, &x);
    x = (uint64_t)sfv_sext(x, addr_size);
    break;
  case 0x1: return sfv_cfi_uleb(c, val, err) ? (*resolved = 1, 1) : 0;
  case 0x9:
    if (!sfv_cfi_sleb(c, &s, err))
      return 0;
    x = (uint64_t)s;
    break;
  case 0x2: ok = cur_un(c, 2, &x); break;
  case 0x3: ok = cur_un(c, 4, &x); break;
  case 0x4: ok = cur_un(c, 8, &x); break;
  case 0xa: ok = cur_un(c, 2, &x); x = (uint64_t)sfv_sext(x, 2); break;
  case 0xb: ok = cur_un(c, 4, &x); x = (uint64_t)sfv_sext(x, 4); break;
  case 0xc: ok = cur_un(c, 8, &x); break;
  default: *err = SFV_CFI_ERR_ENCODING; return 0;
  }
  if (!ok) {
    *err = SFV_CFI_ERR_TRUNCATED;
    return 0;
  }
  *resolved = 1;
  if (!fmt_only) {
    switch (app) {
    case 0x10: base = wrap_add(cfi->addr, field); break;
    case 0x20: base = cfi->text_addr; *resolved = cfi->text_known; break;
    case 0x30: base = cfi->data_addr; *resolved = cfi->data_known; break;
    case 0x40: *resolved = 0; break; /* funcrel: only for LSDA data */
    default: break;
    }
    if (enc & SFV_PE_INDIRECT)
      *resolved = 0; /* the address of a pointer in memory we do not have */
    x = wrap_add(x, base);
  }
  if (addr_size == 4)
    x &= 0xffffffffu;
  *val = x;
  return 1;
}

/* An entry's header: length (32- or 64-bit DWARF) and CIE id/pointer. */
typedef struct cfi_entry {
  uint64_t off;
  uint64_t end;
  uint64_t body;      /* first byte after the id field */
  uint64_t cie;       /* FDE: offset of its CIE */
  int is_cie;
  int terminator;
} cfi_entry;

static int read_entry(const sfv_cfi *cfi, uint64_t off, cfi_entry *e,
                      sfv_cfi_err *err, uint64_t *err_off) {
  sfv_cursor c;
  uint64_t len, id, id_pos;
  uint32_t l32;
  unsigned offsz = 4;

  cur_init(&c, cfi->data, off, cfi->size, cfi->big_endian);
  *e = (cfi_entry){0};
  e->off = off;
  e->end = cfi->size;
  *err_off = off;
  if (!cur_u32(&c, &l32)) {
    *err = SFV_CFI_ERR_TRUNCATED;
    return 0;
  }
  if (l32 == 0) {
    e->terminator = 1;
    e->end = c.pos;
    return 1;
  }
  len = l32;
  if (l32 == 0xffffffffu) {
    if (!cur_un(&c, 8, &len)) {
      *err = SFV_CFI_ERR_TRUNCATED;
      return 0;
    }
    offsz = 8;
  } else if (l32 >= 0xfffffff0u) {
    *err = SFV_CFI_ERR_LENGTH;
    return 0;
  }
  if (!cur_has(&c, len)) {
    *err = SFV_CFI_ERR_LENGTH;
    return 0;
  }
  e->end = c.pos + len;
  c.end = e->end;
  id_pos = c.pos;
  if (!cur_un(&c, offsz, &id)) {
    *err = SFV_CFI_ERR_TRUNCATED;
    *err_off = id_pos;
    return 0;
  }
  e->body = c.pos;
  if (cfi->kind == SFV_CFI_EH_FRAME) {
    e->is_cie = id == 0;
    if (!e->is_cie) {
      if (id > id_pos) {
        *err = SFV_CFI_ERR_CIE_POINTER;
        *err_off = id_pos;
        return 0;
      }
      e->cie = id_pos - id;
    }
  } else {
    e->is_cie = offsz == 4 ? id == 0xffffffffu : id == UINT64_MAX;
    e->cie = id;
  }
  return 1;
}

#define FAIL(code)                                                           \
  do {                                                                       \
    *err = (code);                                                           \
    *err_off = c.pos;                                                        \
    return SFV_E_ENCODING;                                                   \
  } while (0)

sfv_status sfv_cfi_read_cie(const sfv_cfi *cfi, uint64_t off, sfv_cfi_cie *out,
                            sfv_cfi_err *err, uint64_t *err_off) {
  cfi_entry e;
  sfv_cursor c;
  char aug[SFV_CFI_AUG_MAX + 1];
  unsigned n = 0, i;
  uint8_t b;
  uint64_t u;

  if (cfi == NULL || out == NULL || err == NULL || err_off == NULL)
    return SFV_E_ARG;
  if (!read_entry(cfi, off, &e, err, err_off))
    return SFV_E_BOUNDS;
  cur_init(&c, cfi->data, e.body, e.end, cfi->big_endian);
  if (e.terminator || !e.is_cie)
    FAIL(SFV_CFI_ERR_CIE_POINTER);
  *out = (sfv_cfi_cie){0};
  out->offset = off;
  out->end = e.end;
  out->fde_enc = 0;
  out->lsda_enc = SFV_PE_OMIT;
  out->addr_size = cfi->addr_size;
  if (!cur_u8(&c, &out->version))
    FAIL(SFV_CFI_ERR_TRUNCATED);
  if (!(out->version == 1 || out->version == 3 ||
        (out->version == 4 && cfi->kind == SFV_CFI_DEBUG_FRAME)))
    FAIL(SFV_CFI_ERR_VERSION);
  for (;;) {
    if (!cur_u8(&c, &b))
      FAIL(SFV_CFI_ERR_TRUNCATED);
    if (b == 0)
      break;
    if (n == SFV_CFI_AUG_MAX)
      FAIL(SFV_CFI_ERR_AUGMENTATION);
    aug[n++] = (char)b;
  }
  aug[n] = '\0';
  if (out->version == 4) {
    if (!cur_u8(&c, &out->addr_size) || !cur_u8(&c, &out->seg_size))
      FAIL(SFV_CFI_ERR_TRUNCATED);
    if ((out->addr_size != 4 && out->addr_size != 8) || out->seg_size > 8)
      FAIL(SFV_CFI_ERR_ADDR_SIZE);
  }
  if (n == 2 && aug[0] == 'e' && aug[1] == 'h') { /* old GCC: eh_ptr */
    if (!cur_skip(&c, cfi->addr_size))
      FAIL(SFV_CFI_ERR_TRUNCATED);
  } else if (n > 0 && aug[0] != 'z') {
    FAIL(SFV_CFI_ERR_AUGMENTATION);
  }
  if (!sfv_cfi_uleb(&c, &out->code_align, err) ||
      !sfv_cfi_sleb(&c, &out->data_align, err)) {
    *err_off = c.pos;
    return SFV_E_ENCODING;
  }
  if (out->version == 1) {
    if (!cur_u8(&c, &b))
      FAIL(SFV_CFI_ERR_TRUNCATED);
    out->ra_reg = b;
  } else {
    if (!sfv_cfi_uleb(&c, &u, err)) {
      *err_off = c.pos;
      return SFV_E_ENCODING;
    }
    if (u > UINT32_MAX)
      FAIL(SFV_CFI_ERR_OVERFLOW);
    out->ra_reg = (uint32_t)u;
  }
  if (n > 0 && aug[0] == 'z') {
    uint64_t aug_end;
    out->has_z = 1;
    if (!sfv_cfi_uleb(&c, &u, err)) {
      *err_off = c.pos;
      return SFV_E_ENCODING;
    }
    if (!cur_has(&c, u))
      FAIL(SFV_CFI_ERR_TRUNCATED);
    aug_end = c.pos + u;
    c.end = aug_end; /* augmentation data must stay inside its length */
    for (i = 1; i < n; i++) {
      uint8_t enc, res;
      uint64_t pv;
      if (aug[i] == 'S') {
        out->signal = 1;
      } else if (aug[i] == 'B') {
        out->bkey = 1;
      } else if (aug[i] == 'G') {
        /* AArch64 MTE tagged frames: nothing to read */
      } else if (aug[i] == 'L' || aug[i] == 'R' || aug[i] == 'P') {
        if (!cur_u8(&c, &enc))
          FAIL(SFV_CFI_ERR_TRUNCATED);
        if (!enc_valid(enc))
          FAIL(SFV_CFI_ERR_ENCODING);
        if (aug[i] == 'L')
          out->lsda_enc = enc;
        else if (aug[i] == 'R')
          out->fde_enc = enc;
        else if (!sfv_cfi_read_ptr(cfi, &c, enc, cfi->addr_size, 0, &pv, &res,
                                   err)) {
          *err_off = c.pos;
          return SFV_E_ENCODING;
        }
      } else {
        break; /* unknown: the rest of the data is skipped by its length */
      }
    }
    c.end = e.end;
    c.pos = aug_end;
  }
  out->insn_off = c.pos;
  out->insn_end = e.end;
  return SFV_OK;
}

/* Reads the FDE whose header is e. */
static sfv_status read_fde(const sfv_cfi *cfi, const cfi_entry *e,
                           sfv_cfi_fde *out, sfv_cfi_err *err,
                           uint64_t *err_off) {
  sfv_cursor c;
  sfv_status st;
  uint8_t res, rres;
  uint64_t u, hi;

  *out = (sfv_cfi_fde){0};
  out->offset = e->off;
  out->end = e->end;
  out->cie_offset = e->cie;
  if (e->cie >= cfi->size) {
    *err = SFV_CFI_ERR_CIE_POINTER;
    *err_off = e->body;
    return SFV_E_BOUNDS;
  }
  st = sfv_cfi_read_cie(cfi, e->cie, &out->cie, err, err_off);
  if (st != SFV_OK) {
    if (*err == SFV_CFI_ERR_LENGTH || *err == SFV_CFI_ERR_TRUNCATED)
      *err = SFV_CFI_ERR_CIE_POINTER; /* the pointer reached no entry */
    return st;
  }
  cur_init(&c, cfi->data, e->body, e->end, cfi->big_endian);
  if (!cur_skip(&c, out->cie.seg_size))
    FAIL(SFV_CFI_ERR_TRUNCATED);
  if (cfi->kind == SFV_CFI_EH_FRAME) {
    if (out->cie.fde_enc == SFV_PE_OMIT)
      FAIL(SFV_CFI_ERR_ENCODING);
    if (!sfv_cfi_read_ptr(cfi, &c, out->cie.fde_enc, cfi->addr_size, 0,
                          &out->pc_begin, &res, err) ||
        !sfv_cfi_read_ptr(cfi, &c, out->cie.fde_enc, cfi->addr_size, 1,
                          &out->pc_range, &rres, err)) {
      *err_off = c.pos;
      return SFV_E_ENCODING;
    }
  } else {
    if (!cur_un(&c, out->cie.addr_size, &out->pc_begin) ||
        !cur_un(&c, out->cie.addr_size, &out->pc_range))
      FAIL(SFV_CFI_ERR_TRUNCATED);
    res = 1;
  }
  out->pc_ok = res;
  if (res && __builtin_add_overflow(out->pc_begin, out->pc_range, &hi))
    FAIL(SFV_CFI_ERR_OVERFLOW);
  if (out->cie.has_z) {
    if (!sfv_cfi_uleb(&c, &u, err)) {
      *err_off = c.pos;
      return SFV_E_ENCODING;
    }
    if (!cur_skip(&c, u))
      FAIL(SFV_CFI_ERR_TRUNCATED);
  }
  out->insn_off = c.pos;
  out->insn_end = e->end;
  return SFV_OK;
}

sfv_status sfv_cfi_iter_init(sfv_cfi_iter *it, const sfv_cfi *cfi) {
  if (it == NULL || cfi == NULL)
    return SFV_E_ARG;
  *it = (sfv_cfi_iter){0};
  it->cfi = cfi;
  return SFV_OK;
}

sfv_status sfv_cfi_next_fde(sfv_cfi_iter *it, sfv_cfi_fde *out) {
  const sfv_cfi *cfi;
  cfi_entry e;
  sfv_status st;

  if (it == NULL || out == NULL || it->cfi == NULL)
    return SFV_E_ARG;
  cfi = it->cfi;
  it->err = SFV_CFI_ERR_NONE;
  while (it->pos < cfi->size) {
    it->err_entry = it->pos;
    if (!read_entry(cfi, it->pos, &e, &it->err, &it->err_off)) {
      /* A readable length still delimits the entry (e.end); else e.end
       * is the section end and iteration stops. */
      it->pos = e.end > it->pos ? e.end : cfi->size;
      return SFV_E_BOUNDS;
    }
    it->pos = e.end;
    if (e.terminator) {
      if (cfi->kind == SFV_CFI_EH_FRAME) {
        it->pos = cfi->size;
        return SFV_END;
      }
      continue;
    }
    if (e.is_cie) {
      sfv_cfi_cie cie;
      it->cies++;
      st = sfv_cfi_read_cie(cfi, e.off, &cie, &it->err, &it->err_off);
      if (st != SFV_OK)
        return st;
      continue;
    }
    st = read_fde(cfi, &e, out, &it->err, &it->err_off);
    out->index = it->fdes++;
    return st;
  }
  return SFV_END;
}
