/* SPDX-License-Identifier: MIT */
/* sframe_model.c - see sframe_model.h. */
#include <string.h>

#include "sframe_model.h"

uint64_t model_rand(model_rng *r) {
  uint64_t x = r->s ? r->s : 0x9e3779b97f4a7c15ull;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  r->s = x;
  return x * 0x2545f4914f6cdd1dull;
}

uint32_t model_below(model_rng *r, uint32_t n) {
  return n == 0 ? 0 : (uint32_t)(model_rand(r) % n);
}

static unsigned fde_size_for(uint8_t v) {
  return v == 1 ? SFV_FDE_SIZE_V1 : v == 2 ? SFV_FDE_SIZE_V2 : SFV_FDE_SIZE_V3;
}

static unsigned addr_size(uint8_t fre_type) {
  return fre_type == 0 ? 1u : fre_type == 1 ? 2u : fre_type == 2 ? 4u : 0u;
}

static unsigned dw_bytes(uint8_t info) {
  unsigned code = (info >> 5) & 3u;
  return code == 0 ? 1u : code == 1 ? 2u : 4u; /* code 3: undefined, 4 */
}

static unsigned dw_count(uint8_t info) { return (info >> 1) & 0xfu; }

/* ------------------------------------------------------------ parse */

int model_parse(model *m, const uint8_t *data, size_t size) {
  sfv_section sec;
  uint32_t i, n;
  memset(m, 0, sizeof *m);
  if (sfv_open(&sec, data, size) != SFV_OK)
    return 0;
  m->version = sec.hdr.version;
  m->flags = sec.hdr.flags;
  m->abi = sec.hdr.abi_arch;
  m->fixed_fp = sec.hdr.cfa_fixed_fp_offset;
  m->fixed_ra = sec.hdr.cfa_fixed_ra_offset;
  m->big_endian = sec.big_endian;
  m->auxhdr_len = sec.hdr.auxhdr_len;
  n = sec.fde_avail < MODEL_MAX_FDES ? sec.fde_avail : MODEL_MAX_FDES;
  for (i = 0; i < n; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    sfv_fre r;
    model_fde *mf = &m->fdes[m->nfdes];
    sfv_status st = sfv_fde_get(&sec, i, &f);
    if (st == SFV_E_RANGE)
      break;
    memset(mf, 0, sizeof *mf);
    mf->start = f.start_raw;
    mf->size = f.size;
    mf->info = f.info;
    mf->info2 = f.info2;
    mf->rep_size = f.rep_size;
    mf->padding = f.padding;
    m->nfdes++;
    if (st != SFV_OK || sfv_fre_iter_init(&it, &sec, &f, 0) != SFV_OK)
      continue;
    while (mf->nfres < MODEL_MAX_FRES && sfv_fre_next(&it, &r) == SFV_OK) {
      model_fre *mr = &mf->fres[mf->nfres++];
      mr->start = r.start;
      mr->info = r.info;
      memcpy(mr->dw, r.dw_raw, sizeof mr->dw);
    }
  }
  return 1;
}

/* -------------------------------------------------------- serialize */

static size_t fre_bytes(const model *m, const model_fde *f) {
  size_t total = m->version == 3 ? SFV_FDE_ATTR_SIZE_V3 : 0;
  unsigned asz = addr_size(f->info & 0xfu);
  uint32_t k;
  if (asz == 0)
    return total;
  for (k = 0; k < f->nfres; k++)
    total += asz + 1u + (size_t)dw_count(f->fres[k].info) *
                            dw_bytes(f->fres[k].info);
  return total;
}

size_t model_size(const model *m) {
  size_t total = SFV_HEADER_SIZE + (size_t)m->auxhdr_len +
                 (size_t)m->nfdes * fde_size_for(m->version) + m->trailing_zeros;
  uint32_t i;
  for (i = 0; i < m->nfdes; i++)
    total += fre_bytes(m, &m->fdes[i]);
  if (m->fre_len_delta > 0)
    total += (size_t)m->fre_len_delta; /* keep the claimed length in bounds */
  return total;
}

static void put(uint8_t *p, uint64_t v, unsigned n, int be) {
  unsigned i;
  for (i = 0; i < n; i++) {
    unsigned shift = be ? 8u * (n - 1u - i) : 8u * i;
    p[i] = (uint8_t)(v >> shift);
  }
}

size_t model_serialize(const model *m, uint8_t *out, size_t cap) {
  size_t need = model_size(m), fdeoff_abs, freoff_abs, pos;
  unsigned fsz = fde_size_for(m->version);
  uint32_t i, k, num_fres = 0;
  uint64_t fre_len;
  int be = m->big_endian;

  if (need > cap || need > UINT32_MAX)
    return 0;
  memset(out, 0, need);
  fdeoff_abs = SFV_HEADER_SIZE + (size_t)m->auxhdr_len;
  freoff_abs = fdeoff_abs + (size_t)m->nfdes * fsz;
  memset(out + SFV_HEADER_SIZE, 0xaa, m->auxhdr_len);

  pos = freoff_abs;
  for (i = 0; i < m->nfdes; i++) {
    const model_fde *f = &m->fdes[i];
    uint8_t *e = out + fdeoff_abs + (size_t)i * fsz;
    uint32_t fre_off = (uint32_t)(pos - freoff_abs);
    unsigned asz = addr_size(f->info & 0xfu);
    if (m->version == 3) {
      put(e, (uint64_t)f->start, 8, be);
      put(e + 8, f->size, 4, be);
      put(e + 12, fre_off, 4, be);
      put(out + pos, f->nfres, 2, be);
      out[pos + 2] = f->info;
      out[pos + 3] = f->info2;
      out[pos + 4] = f->rep_size;
      pos += SFV_FDE_ATTR_SIZE_V3;
    } else {
      put(e, (uint64_t)f->start, 4, be);
      put(e + 4, f->size, 4, be);
      put(e + 8, fre_off, 4, be);
      put(e + 12, f->nfres, 4, be);
      e[16] = f->info;
      if (m->version == 2) {
        e[17] = f->rep_size;
        put(e + 18, f->padding, 2, be);
      }
    }
    num_fres += f->nfres;
    if (asz == 0)
      continue;
    for (k = 0; k < f->nfres; k++) {
      const model_fre *r = &f->fres[k];
      unsigned n = dw_count(r->info), sz = dw_bytes(r->info), w;
      put(out + pos, r->start, asz, be);
      out[pos + asz] = r->info;
      pos += asz + 1u;
      for (w = 0; w < n; w++) {
        put(out + pos, r->dw[w], sz, be);
        pos += sz;
      }
    }
  }
  fre_len = pos - freoff_abs;

  put(out, SFV_MAGIC, 2, be);
  out[2] = m->version;
  out[3] = m->flags;
  out[4] = m->abi;
  out[5] = (uint8_t)m->fixed_fp;
  out[6] = (uint8_t)m->fixed_ra;
  out[7] = m->auxhdr_len;
  put(out + 8, m->nfdes, 4, be);
  put(out + 12, (uint32_t)((int64_t)num_fres + m->num_fres_delta), 4, be);
  put(out + 16, (uint32_t)((int64_t)fre_len + m->fre_len_delta), 4, be);
  put(out + 20, 0, 4, be);
  put(out + 24, (uint32_t)(freoff_abs - fdeoff_abs), 4, be);
  return need;
}

/* ------------------------------------------------------ defaults */

static uint8_t fre_type_for(uint32_t size) {
  return size < 0x100u ? 0 : size < 0x10000u ? 1 : 2;
}

static uint8_t fre_info(unsigned base_sp, unsigned count, unsigned code) {
  return (uint8_t)((base_sp & 1u) | ((count & 0xfu) << 1) | ((code & 3u) << 5));
}

/* One sensible FRE for the ABI at `start`. */
static void default_fre(const model *m, const model_fde *f, model_fre *r,
                        uint32_t start, model_rng *rng) {
  memset(r, 0, sizeof *r);
  r->start = start;
  if (m->version == 3 && (f->info2 & 0x1fu) == SFV_FDE_FLEX) {
    unsigned shape = model_below(rng, 3);
    uint32_t sp = (uint32_t)sfv_abi_sp_regnum(m->abi);
    r->dw[0] = (sp << 3) | 1u;                /* CFA = SP + 16 */
    r->dw[1] = 16;
    if (shape == 0) {
      r->info = fre_info(0, 2, 0);
    } else if (shape == 1) {
      r->dw[2] = 0;                           /* RA padding */
      r->dw[3] = 2;                           /* FP = *(CFA - 16) */
      r->dw[4] = (uint32_t)-16 & 0xffu;
      r->info = fre_info(0, 5, 0);
    } else {
      r->dw[2] = 2;                           /* RA = *(CFA - 8) */
      r->dw[3] = (uint32_t)-8 & 0xffu;
      r->dw[4] = 2;
      r->dw[5] = (uint32_t)-16 & 0xffu;
      r->info = fre_info(0, 6, 0);
    }
    return;
  }
  switch (m->abi) {
  case SFV_ABI_AMD64_LE: {
    unsigned n = 1 + model_below(rng, 2);
    r->dw[0] = start == 0 ? 8 : 16;
    r->dw[1] = (uint32_t)-16 & 0xffu;
    r->info = fre_info(1, n, 0);
    break;
  }
  case SFV_ABI_AARCH64_BE:
  case SFV_ABI_AARCH64_LE: {
    unsigned n = start == 0 ? 1 : 3;
    r->dw[0] = start == 0 ? 0 : 16;
    r->dw[1] = (uint32_t)-8 & 0xffu;
    r->dw[2] = (uint32_t)-16 & 0xffu;
    r->info = (uint8_t)(fre_info(1, n, 0) | (model_below(rng, 4) == 0 ? 0x80u : 0));
    break;
  }
  default: { /* s390x: CFA stored as (cfa - 160) / 8 */
    unsigned n = 1 + model_below(rng, 3);
    r->dw[0] = start == 0 ? 0 : 2;
    r->dw[1] = (uint32_t)-48 & 0xffu;
    r->dw[2] = (uint32_t)-56 & 0xffu;
    r->info = fre_info(1, n, 0);
    break;
  }
  }
}

static void default_fres(const model *m, model_fde *f, model_rng *rng) {
  uint32_t k, n = 1 + model_below(rng, 4), start = 0;
  int mask = (f->info >> 4) & 1u;
  uint32_t limit = mask ? f->rep_size : f->size;
  f->nfres = 0;
  for (k = 0; k < n && start < limit; k++) {
    default_fre(m, f, &f->fres[f->nfres++], start, rng);
    start += 1 + model_below(rng, limit / 3 + 1);
  }
}

void model_refill_fres(model *m, uint32_t i, model_rng *r) {
  if (i < m->nfdes)
    default_fres(m, &m->fdes[i], r);
}

/* Two's-complement wrapping add (mutants may hold extreme starts). */
static int64_t wrap_add(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a + (uint64_t)b);
}

static int64_t fde_field_offset(const model *m, uint32_t i) {
  return (int64_t)SFV_HEADER_SIZE + m->auxhdr_len +
         (int64_t)i * fde_size_for(m->version);
}

/* Raw start field for a desired section-relative start of FDE i. */
static int64_t raw_start(const model *m, uint32_t i, int64_t want) {
  if (m->version >= 2 && (m->flags & SFV_F_FDE_FUNC_START_PCREL))
    return wrap_add(want, -fde_field_offset(m, i));
  return want;
}

void model_default(model *m, uint8_t version, uint8_t abi, uint32_t nfdes,
                   model_rng *rng) {
  uint32_t i;
  int64_t at = 0x1000;
  memset(m, 0, sizeof *m);
  if (nfdes > MODEL_MAX_FDES)
    nfdes = MODEL_MAX_FDES;
  m->version = version;
  m->abi = abi;
  m->big_endian = abi == SFV_ABI_AARCH64_BE || abi == SFV_ABI_S390X_BE;
  m->flags = SFV_F_FDE_SORTED;
  if (version >= 2 && (version == 3 || model_below(rng, 2)))
    m->flags |= SFV_F_FDE_FUNC_START_PCREL;
  m->fixed_ra = abi == SFV_ABI_AMD64_LE ? -8 : 0;
  m->nfdes = nfdes;
  for (i = 0; i < nfdes; i++) {
    model_fde *f = &m->fdes[i];
    uint32_t kind = model_below(rng, 8);
    memset(f, 0, sizeof *f);
    f->size = 0x20u + model_below(rng, 0x200);
    if (kind == 0)
      f->size += 0x10000u;                  /* needs ADDR4 */
    f->info = fre_type_for(f->size);
    if (version >= 2 && kind == 1) {        /* PLT-like MASK FDE */
      f->info |= 0x10u;
      f->rep_size = 16;
    }
    if (version == 3 && kind == 2)
      f->info2 = SFV_FDE_FLEX;
    if ((abi == SFV_ABI_AARCH64_BE || abi == SFV_ABI_AARCH64_LE) && kind == 3)
      f->info |= 0x20u;                     /* pauth key B */
    f->start = raw_start(m, i, at);
    at += f->size + model_below(rng, 0x40);
    default_fres(m, f, rng);
  }
}

/* ------------------------------------------------------ mutations */

static const int32_t interesting[] = {0,  1,   -1,   2,    7,     8,  -8,
                                      16, -16, 127,  -128, 255,   256, 160,
                                      -160, 0x7fff, -0x8000, 0x10000,
                                      0x7fffffff, (int32_t)0x80000000u};

static int32_t pick_interesting(model_rng *r) {
  return interesting[model_below(r, sizeof interesting / sizeof interesting[0])];
}

static uint32_t tweak32(uint32_t v, model_rng *r) {
  switch (model_below(r, 4)) {
  case 0: return (uint32_t)pick_interesting(r);
  case 1: return v + 1u + model_below(r, 16);
  case 2: return v - 1u - model_below(r, 16);
  default: return v ^ (1u << model_below(r, 32));
  }
}

static void resort_fdes(model *m) {
  /* Insertion sort on resolved start; raw starts are recomputed so that the
   * resolved values survive the move (PCREL). */
  int64_t want[MODEL_MAX_FDES];
  uint32_t i, j;
  for (i = 0; i < m->nfdes; i++)
    want[i] = wrap_add(m->fdes[i].start, -raw_start(m, i, 0)); /* resolved */
  for (i = 1; i < m->nfdes; i++) {
    model_fde t = m->fdes[i];
    int64_t w = want[i];
    j = i;
    while (j > 0 && want[j - 1] > w) {
      m->fdes[j] = m->fdes[j - 1];
      want[j] = want[j - 1];
      j--;
    }
    m->fdes[j] = t;
    want[j] = w;
  }
  for (i = 0; i < m->nfdes; i++)
    m->fdes[i].start = raw_start(m, i, want[i]);
}

static void mutate_header(model *m, model_rng *r) {
  switch (model_below(r, 8)) {
  case 0: m->flags ^= (uint8_t)(1u << model_below(r, 8)); break;
  case 1: m->flags ^= (uint8_t)(1u << model_below(r, 3)); break;
  case 2: m->abi = (uint8_t)model_below(r, 6); break;
  case 3: m->fixed_fp = (int8_t)pick_interesting(r); break;
  case 4: m->fixed_ra = (int8_t)pick_interesting(r); break;
  case 5: m->version = (uint8_t)(1u + model_below(r, 3)); break;
  case 6: m->big_endian ^= 1u; break;
  default: m->auxhdr_len = (uint8_t)(model_below(r, 3) == 0 ? model_below(r, 256) : 0);
  }
}

static void mutate_fde(model *m, model_fde *f, model_rng *r) {
  switch (model_below(r, 10)) {
  case 0: f->start = (int64_t)(int32_t)tweak32((uint32_t)f->start, r); break;
  case 1: f->start = wrap_add(f->start, (int64_t)model_below(r, 64) - 32); break;
  case 2: f->size = tweak32(f->size, r); break;
  case 3: f->info = (uint8_t)((f->info & ~0xfu) | model_below(r, 5)); break;
  case 4: f->info ^= (uint8_t)(0x10u << model_below(r, 4)); break;
  case 5: f->info2 = (uint8_t)(model_below(r, 4) == 0 ? model_below(r, 256)
                                                      : model_below(r, 3));
    break;
  case 6: f->rep_size = (uint8_t)pick_interesting(r); break;
  case 7: f->padding = (uint16_t)model_below(r, 3); break;
  case 8: f->info = (uint8_t)((f->info & ~0xfu) | fre_type_for(f->size)); break;
  default:
    if (m->version >= 2)
      f->start = (int64_t)(INT64_MAX - model_below(r, 64)) *
                 (model_below(r, 2) ? 1 : -1);
  }
}

static void mutate_fre(model_fre *x, const model_fde *f, model_rng *r) {
  unsigned n = dw_count(x->info);
  switch (model_below(r, 8)) {
  case 0: x->start = tweak32(x->start, r); break;
  case 1: x->start = model_below(r, 3) == 0 ? f->size : f->size - 1u; break;
  case 2: /* data-word count */
    x->info = (uint8_t)((x->info & ~0x1eu) |
                        ((model_below(r, 4) ? model_below(r, 7) : model_below(r, 16)) << 1));
    break;
  case 3: x->info = (uint8_t)((x->info & ~0x60u) | (model_below(r, 4) << 5)); break;
  case 4: x->info ^= (uint8_t)(model_below(r, 2) ? 0x01u : 0x80u); break;
  case 5:
    if (n > 0)
      x->dw[model_below(r, n)] = (uint32_t)pick_interesting(r);
    break;
  case 6: /* a flex control word */
    if (n > 0)
      x->dw[model_below(r, n) & ~1u] =
          (model_below(r, 40) << 3) | model_below(r, 8);
    break;
  default:
    if (n > 0)
      x->dw[model_below(r, n)] = tweak32(x->dw[model_below(r, n)], r);
  }
}

void model_mutate(model *m, model_rng *r) {
  uint32_t op = model_below(r, 16);
  model_fde *f = m->nfdes ? &m->fdes[model_below(r, m->nfdes)] : NULL;

  if (op < 2 || f == NULL) {
    if (f == NULL && m->nfdes < MODEL_MAX_FDES && model_below(r, 2)) {
      model tmp;
      model_default(&tmp, m->version ? m->version : 3,
                    m->abi ? m->abi : SFV_ABI_AMD64_LE, 1, r);
      m->fdes[m->nfdes++] = tmp.fdes[0];
      return;
    }
    mutate_header(m, r);
    return;
  }
  switch (op) {
  case 2: case 3: case 4:
    mutate_fde(m, f, r);
    break;
  case 5: case 6: case 7: case 8:
    if (f->nfres > 0)
      mutate_fre(&f->fres[model_below(r, f->nfres)], f, r);
    else
      mutate_fde(m, f, r);
    break;
  case 9: /* insert an FRE */
    if (f->nfres < MODEL_MAX_FRES) {
      uint32_t at = model_below(r, f->nfres + 1), k;
      for (k = f->nfres; k > at; k--)
        f->fres[k] = f->fres[k - 1];
      if (at > 0)
        f->fres[at] = f->fres[at - 1];
      else
        default_fre(m, f, &f->fres[0], 0, r);
      f->fres[at].start += model_below(r, 8);
      f->nfres++;
    }
    break;
  case 10: /* delete an FRE */
    if (f->nfres > 0) {
      uint32_t at = model_below(r, f->nfres);
      memmove(&f->fres[at], &f->fres[at + 1],
              (f->nfres - at - 1) * sizeof f->fres[0]);
      f->nfres--;
    }
    break;
  case 11: { /* duplicate an FDE */
    if (m->nfdes < MODEL_MAX_FDES) {
      uint32_t at = (uint32_t)(f - m->fdes);
      memmove(&m->fdes[at + 1], &m->fdes[at],
              (m->nfdes - at) * sizeof m->fdes[0]);
      m->nfdes++;
      if (model_below(r, 2))
        m->fdes[at + 1].start = wrap_add(m->fdes[at + 1].start, m->fdes[at].size);
    }
    break;
  }
  case 12: { /* delete an FDE */
    uint32_t at = (uint32_t)(f - m->fdes);
    memmove(&m->fdes[at], &m->fdes[at + 1],
            (m->nfdes - at - 1) * sizeof m->fdes[0]);
    m->nfdes--;
    break;
  }
  case 13: { /* swap two FDEs, or sort them */
    uint32_t a = model_below(r, m->nfdes), b = model_below(r, m->nfdes);
    if (model_below(r, 2)) {
      model_fde t = m->fdes[a];
      m->fdes[a] = m->fdes[b];
      m->fdes[b] = t;
    } else {
      resort_fdes(m);
    }
    break;
  }
  case 14: /* layout breakage */
    switch (model_below(r, 4)) {
    case 0: m->num_fres_delta = (int32_t)model_below(r, 5) - 2; break;
    case 1: m->fre_len_delta = (int32_t)model_below(r, 9) - 4; break;
    case 2: m->trailing_zeros = model_below(r, 3) ? 0 : model_below(r, 300); break;
    default: m->num_fres_delta = m->fre_len_delta = 0;
    }
    break;
  default: /* regenerate one FDE's FREs (valid shapes) */
    default_fres(m, f, r);
  }
}

size_t sframe_structured_mutate(uint8_t *data, size_t size, size_t max_size,
                                uint64_t seed) {
  static model m;
  model_rng r;
  uint32_t n, k;
  r.s = seed | 1u;
  if (!model_parse(&m, data, size)) {
    static const uint8_t abis[] = {SFV_ABI_AMD64_LE, SFV_ABI_AARCH64_LE,
                                   SFV_ABI_AARCH64_BE, SFV_ABI_S390X_BE};
    uint8_t v = (uint8_t)(1u + model_below(&r, 3));
    uint8_t abi = abis[model_below(&r, v == 1 ? 3 : 4)];
    if (model_below(&r, 4) != 0)
      return 0;
    model_default(&m, v, abi, 1 + model_below(&r, 6), &r);
  }
  n = 1 + model_below(&r, 4);
  for (k = 0; k < n; k++)
    model_mutate(&m, &r);
  return model_serialize(&m, data, max_size);
}
