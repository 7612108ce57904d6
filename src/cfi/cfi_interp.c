/* SPDX-License-Identifier: MIT */
/* cfi_interp.c - the DWARF call frame instruction interpreter (DWARF 5
 * 6.4.2), one row at a time.
 *
 * Invariants: each instruction consumes at least one byte of the CIE or FDE
 * and costs one unit of the caller's budget, so the work for an FDE is
 * bounded by its CIE's and its own instruction bytes; the remember_state
 * stack is the caller's array (depth <= cap); locations only move forward
 * (advance deltas are unsigned; set_loc backwards is an error) and are
 * computed with overflow checks; rules are kept for the tracked registers
 * only, so the state has a fixed size.
 */
#include "cfi/cfi.h"
#include "common/work.h"

/* Call frame instructions (DWARF 5 table 7.29, GNU and AArch64 extensions). */
enum {
  CFA_advance_loc = 0x40, CFA_offset = 0x80, CFA_restore = 0xc0,
  CFA_nop = 0x00, CFA_set_loc = 0x01, CFA_advance_loc1 = 0x02,
  CFA_advance_loc2 = 0x03, CFA_advance_loc4 = 0x04,
  CFA_offset_extended = 0x05, CFA_restore_extended = 0x06,
  CFA_undefined = 0x07, CFA_same_value = 0x08, CFA_register = 0x09,
  CFA_remember_state = 0x0a, CFA_restore_state = 0x0b, CFA_def_cfa = 0x0c,
  CFA_def_cfa_register = 0x0d, CFA_def_cfa_offset = 0x0e,
  CFA_def_cfa_expression = 0x0f, CFA_expression = 0x10,
  CFA_offset_extended_sf = 0x11, CFA_def_cfa_sf = 0x12,
  CFA_def_cfa_offset_sf = 0x13, CFA_val_offset = 0x14,
  CFA_val_offset_sf = 0x15, CFA_val_expression = 0x16,
  CFA_MIPS_advance_loc8 = 0x1d, CFA_AARCH64_negate_ra_state_with_pc = 0x2c,
  CFA_GNU_window_save = 0x2d, /* EM_AARCH64: DW_CFA_AARCH64_negate_ra_state */
  CFA_GNU_args_size = 0x2e, CFA_GNU_negative_offset_extended = 0x2f
};

#define SFV_EM_AARCH64 183u

sfv_status sfv_cfi_interp_init(sfv_cfi_interp *ip, const sfv_cfi *cfi,
                               const sfv_cfi_fde *fde, const uint32_t *track,
                               unsigned ntrack, sfv_cfi_state *stack,
                               unsigned cap, uint64_t *budget) {
  unsigned i;
  if (ip == NULL || cfi == NULL || fde == NULL ||
      (track == NULL && ntrack != 0) || ntrack > SFV_CFI_MAX_TRACK ||
      (stack == NULL && cap != 0) || !fde->pc_ok)
    return SFV_E_ARG;
  *ip = (sfv_cfi_interp){0};
  ip->cfi = cfi;
  ip->fde = *fde;
  for (i = 0; i < ntrack; i++)
    ip->track[i] = track[i];
  ip->ntrack = ntrack;
  ip->stack = stack;
  ip->cap = cap;
  ip->pos = fde->cie.insn_off;
  ip->end = fde->cie.insn_end;
  ip->loc = fde->pc_begin;
  ip->row_off = fde->insn_off;
  ip->budget = budget;
  return SFV_OK;
}

/* Index of DWARF register r among the tracked ones, or -1. */
static int slot(const sfv_cfi_interp *ip, uint64_t r) {
  unsigned i;
  for (i = 0; i < ip->ntrack; i++)
    if (ip->track[i] == r)
      return (int)i;
  return -1;
}

static void set_rule(sfv_cfi_interp *ip, uint64_t r, uint8_t kind,
                     int64_t off, uint64_t reg, uint64_t expr) {
  int k = slot(ip, r);
  if (k < 0)
    return;
  ip->cur.regs[k].kind = kind;
  ip->cur.regs[k].offset = off;
  ip->cur.regs[k].reg = reg <= UINT32_MAX ? (uint32_t)reg : UINT32_MAX;
  ip->cur.regs[k].expr = expr;
}

/* factored * data_align, checked. */
static int scale(const sfv_cfi_interp *ip, int64_t factored, int64_t *out) {
  return !__builtin_mul_overflow(factored, ip->fde.cie.data_align, out);
}

static int uscale(const sfv_cfi_interp *ip, uint64_t factored, int64_t *out) {
  if (factored > (uint64_t)INT64_MAX)
    return 0;
  return scale(ip, (int64_t)factored, out);
}

/* The CFA offset operand of DW_CFA_def_cfa / def_cfa_offset (ULEB128, not
 * factored) or of their _sf forms (SLEB128 * data_align).  0 with *err
 * set when it cannot be read or does not fit. */
static int cfa_offset_operand(const sfv_cfi_interp *ip, sfv_cursor *c, int sf,
                              int64_t *off, sfv_cfi_err *err) {
  uint64_t u;
  int64_t s;
  if (!sf) {
    if (!sfv_cfi_uleb(c, &u, err))
      return 0;
    if (u > (uint64_t)INT64_MAX) {
      *err = SFV_CFI_ERR_OVERFLOW;
      return 0;
    }
    *off = (int64_t)u;
    return 1;
  }
  if (!sfv_cfi_sleb(c, &s, err))
    return 0;
  if (!scale(ip, s, off)) {
    *err = SFV_CFI_ERR_OVERFLOW;
    return 0;
  }
  return 1;
}

/* Skips a DWARF expression (ULEB128 length + bytes); *at = its offset. */
static int skip_expr(sfv_cursor *c, uint64_t *at, sfv_cfi_err *err) {
  uint64_t len;
  *at = c->pos;
  if (!sfv_cfi_uleb(c, &len, err))
    return 0;
  if (!cur_skip(c, len)) {
    *err = SFV_CFI_ERR_TRUNCATED;
    return 0;
  }
  return 1;
}

/* Executes one instruction at the cursor.  *adv receives the new location
 * when the instruction advances it (*advanced = 1).  0 on error (ip->err). */
static int step(sfv_cfi_interp *ip, sfv_cursor *c, uint64_t *adv,
                int *advanced) {
  const sfv_cfi_cie *cie = &ip->fde.cie;
  uint8_t op, low;
  uint64_t a = 0, b = 0, delta = 0;
  int64_t s = 0, off = 0;
  sfv_cfi_err *err = &ip->err;
  uint8_t res;

  *advanced = 0;
  if (!cur_u8(c, &op)) {
    *err = SFV_CFI_ERR_TRUNCATED;
    return 0;
  }
  low = op & 0x3fu;
  switch (op & 0xc0u) {
  case CFA_advance_loc:
    delta = low;
    goto advance;
  case CFA_offset:
    if (!sfv_cfi_uleb(c, &a, err))
      return 0;
    if (!uscale(ip, a, &off))
      goto overflow;
    set_rule(ip, low, SFV_CFI_R_OFFSET, off, 0, 0);
    return 1;
  case CFA_restore:
    a = low;
    goto restore;
  default:
    break;
  }
  switch (op) {
  case CFA_nop:
    return 1;
  case CFA_set_loc:
    if (ip->phase == 0) {
      *err = SFV_CFI_ERR_CIE_ADVANCE;
      return 0;
    }
    if (ip->cfi->kind == SFV_CFI_EH_FRAME) {
      if (!sfv_cfi_read_ptr(ip->cfi, c, cie->fde_enc, ip->cfi->addr_size, 0,
                            &a, &res, err))
        return 0;
    } else if (!cur_un(c, cie->addr_size, &a)) {
      *err = SFV_CFI_ERR_TRUNCATED;
      return 0;
    }
    if (a < ip->loc) {
      *err = SFV_CFI_ERR_LOC_BACKWARD;
      return 0;
    }
    *adv = a;
    *advanced = 1;
    return 1;
  case CFA_advance_loc1:
  case CFA_advance_loc2:
  case CFA_advance_loc4:
  case CFA_MIPS_advance_loc8:
    if (!cur_un(c, op == CFA_advance_loc1 ? 1u : op == CFA_advance_loc2 ? 2u
                   : op == CFA_advance_loc4 ? 4u : 8u, &delta)) {
      *err = SFV_CFI_ERR_TRUNCATED;
      return 0;
    }
    goto advance;
  case CFA_offset_extended:
  case CFA_val_offset:
    if (!sfv_cfi_uleb(c, &a, err) || !sfv_cfi_uleb(c, &b, err))
      return 0;
    if (!uscale(ip, b, &off))
      goto overflow;
    set_rule(ip, a, op == CFA_val_offset ? SFV_CFI_R_VAL_OFFSET
                                         : SFV_CFI_R_OFFSET, off, 0, 0);
    return 1;
  case CFA_offset_extended_sf:
  case CFA_val_offset_sf:
    if (!sfv_cfi_uleb(c, &a, err) || !sfv_cfi_sleb(c, &s, err))
      return 0;
    if (!scale(ip, s, &off))
      goto overflow;
    set_rule(ip, a, op == CFA_val_offset_sf ? SFV_CFI_R_VAL_OFFSET
                                            : SFV_CFI_R_OFFSET, off, 0, 0);
    return 1;
  case CFA_GNU_negative_offset_extended:
    if (!sfv_cfi_uleb(c, &a, err) || !sfv_cfi_uleb(c, &b, err))
      return 0;
    if (!uscale(ip, b, &off) || off == INT64_MIN)
      goto overflow;
    set_rule(ip, a, SFV_CFI_R_OFFSET, -off, 0, 0);
    return 1;
  case CFA_restore_extended:
    if (!sfv_cfi_uleb(c, &a, err))
      return 0;
    goto restore;
  case CFA_undefined:
  case CFA_same_value:
    if (!sfv_cfi_uleb(c, &a, err))
      return 0;
    set_rule(ip, a, op == CFA_undefined ? SFV_CFI_R_UNDEF : SFV_CFI_R_SAME,
             0, 0, 0);
    return 1;
  case CFA_register:
    if (!sfv_cfi_uleb(c, &a, err) || !sfv_cfi_uleb(c, &b, err))
      return 0;
    set_rule(ip, a, SFV_CFI_R_REGISTER, 0, b, 0);
    return 1;
  case CFA_remember_state:
    if (ip->depth >= ip->cap) {
      *err = SFV_CFI_ERR_STACK_OVERFLOW;
      return 0;
    }
    ip->stack[ip->depth++] = ip->cur;
    return 1;
  case CFA_restore_state:
    if (ip->depth == 0) {
      *err = SFV_CFI_ERR_STACK_UNDERFLOW;
      return 0;
    }
    ip->cur = ip->stack[--ip->depth];
    return 1;
  case CFA_def_cfa:
  case CFA_def_cfa_sf:
    if (!sfv_cfi_uleb(c, &a, err) ||
        !cfa_offset_operand(ip, c, op == CFA_def_cfa_sf, &off, err))
      return 0;
    if (a > UINT32_MAX)
      goto overflow;
    ip->cur.cfa_kind = SFV_CFI_CFA_REG;
    ip->cur.cfa_reg = (uint32_t)a;
    ip->cur.cfa_offset = off;
    return 1;
  case CFA_def_cfa_register:
    if (!sfv_cfi_uleb(c, &a, err))
      return 0;
    if (ip->cur.cfa_kind != SFV_CFI_CFA_REG) {
      *err = SFV_CFI_ERR_CFA_NOT_REG;
      return 0;
    }
    if (a > UINT32_MAX)
      goto overflow;
    ip->cur.cfa_reg = (uint32_t)a;
    return 1;
  case CFA_def_cfa_offset:
  case CFA_def_cfa_offset_sf:
    if (!cfa_offset_operand(ip, c, op == CFA_def_cfa_offset_sf, &off, err))
      return 0;
    if (ip->cur.cfa_kind != SFV_CFI_CFA_REG) {
      *err = SFV_CFI_ERR_CFA_NOT_REG;
      return 0;
    }
    ip->cur.cfa_offset = off;
    return 1;
  case CFA_def_cfa_expression:
    if (!skip_expr(c, &ip->cur.cfa_expr, err))
      return 0;
    ip->cur.cfa_kind = SFV_CFI_CFA_EXPR;
    return 1;
  case CFA_expression:
  case CFA_val_expression:
    if (!sfv_cfi_uleb(c, &a, err) || !skip_expr(c, &b, err))
      return 0;
    set_rule(ip, a, op == CFA_expression ? SFV_CFI_R_EXPR : SFV_CFI_R_VAL_EXPR,
             0, 0, b);
    return 1;
  case CFA_GNU_args_size:
    if (!sfv_cfi_uleb(c, &a, err))
      return 0;
    ip->args_size = a;
    return 1;
  case CFA_GNU_window_save:
  case CFA_AARCH64_negate_ra_state_with_pc:
    if (ip->cfi->machine != SFV_EM_AARCH64)
      break;
    ip->cur.ra_signed ^= 1u;
    ip->cur.ra_signed_pc = (uint8_t)(ip->cur.ra_signed &&
                                     (op == CFA_AARCH64_negate_ra_state_with_pc ||
                                      ip->cur.ra_signed_pc));
    return 1;
  default:
    break;
  }
  c->pos -= 1; /* point the diagnostic at the opcode */
  *err = SFV_CFI_ERR_OPCODE;
  return 0;

advance:
  if (ip->phase == 0) {
    *err = SFV_CFI_ERR_CIE_ADVANCE;
    return 0;
  }
  if (delta > 0 && cie->code_align > UINT64_MAX / delta)
    goto overflow;
  if (__builtin_add_overflow(ip->loc, delta * cie->code_align, adv))
    goto overflow;
  *advanced = 1;
  return 1;

restore: {
  int k = slot(ip, a);
  if (k >= 0) {
    /* In the CIE the initial state is being built: back to "no rule". */
    if (ip->phase == 0)
      ip->cur.regs[k] = (sfv_cfi_reg){0};
    else
      ip->cur.regs[k] = ip->init.regs[k];
  }
  return 1;
}

overflow:
  *err = SFV_CFI_ERR_OVERFLOW;
  return 0;
}

sfv_status sfv_cfi_interp_next(sfv_cfi_interp *ip, sfv_cfi_row *row) {
  sfv_cursor c;
  uint64_t fde_end, adv;
  int advanced;

  if (ip == NULL || row == NULL || ip->cfi == NULL)
    return SFV_E_ARG;
  fde_end = ip->fde.pc_begin + ip->fde.pc_range; /* checked by the reader */
  for (;;) {
    if (ip->phase == 2)
      return SFV_END;
    if (ip->pos >= ip->end) {
      if (ip->phase == 0) {
        /* CIE done: its state is the initial one, DW_CFA_restore's. */
        ip->init = ip->cur;
        ip->phase = 1;
        ip->pos = ip->fde.insn_off;
        ip->end = ip->fde.insn_end;
        continue;
      }
      ip->phase = 2;
      if (ip->loc >= fde_end)
        return SFV_END;
      row->pc_lo = ip->loc;
      row->pc_hi = fde_end;
      row->insn_off = ip->row_off;
      row->args_size = ip->args_size;
      row->s = ip->cur;
      return SFV_OK;
    }
    if (ip->budget != NULL && !sfv_work_take(ip->budget, 1)) {
      ip->err = SFV_CFI_ERR_BUDGET;
      ip->err_off = ip->pos;
      return SFV_E_RANGE;
    }
    cur_init(&c, ip->cfi->data, ip->pos, ip->end, ip->cfi->big_endian);
    if (!step(ip, &c, &adv, &advanced)) {
      ip->err_off = c.pos;
      ip->phase = 2;
      return SFV_E_ENCODING;
    }
    ip->pos = c.pos;
    if (advanced) {
      uint64_t lo = ip->loc;
      ip->loc = adv;
      if (adv > lo && lo < fde_end) {
        row->pc_lo = lo;
        row->pc_hi = adv < fde_end ? adv : fde_end;
        row->insn_off = ip->row_off;
        row->args_size = ip->args_size;
        row->s = ip->cur;
        ip->row_off = ip->pos;
        return SFV_OK;
      }
      ip->row_off = ip->pos;
      if (adv >= fde_end) {
        ip->phase = 2; /* later instructions describe no PC of the FDE */
        return SFV_END;
      }
    }
  }
}

int sfv_cfi_expr_simple(const sfv_cfi *cfi, uint64_t at, uint32_t *reg,
                        int64_t *offset, int *deref) {
  sfv_cursor c;
  sfv_cfi_err err;
  uint64_t len, r;
  uint8_t op;

  if (cfi == NULL || reg == NULL || offset == NULL || deref == NULL)
    return 0;
  cur_init(&c, cfi->data, at, cfi->size, cfi->big_endian);
  if (!sfv_cfi_uleb(&c, &len, &err) || !cur_has(&c, len))
    return 0;
  c.end = c.pos + len;
  if (!cur_u8(&c, &op))
    return 0;
  if (op >= 0x70u && op <= 0x8fu) { /* DW_OP_breg0 .. DW_OP_breg31 */
    r = op - 0x70u;
  } else if (op == 0x92u) { /* DW_OP_bregx */
    if (!sfv_cfi_uleb(&c, &r, &err) || r > UINT32_MAX)
      return 0;
  } else {
    return 0;
  }
  if (!sfv_cfi_sleb(&c, offset, &err))
    return 0;
  *reg = (uint32_t)r;
  *deref = 0;
  if (cur_left(&c) == 0)
    return 1;
  if (cur_left(&c) == 1 && cur_u8(&c, &op) && op == 0x06u) { /* DW_OP_deref */
    *deref = 1;
    return 1;
  }
  return 0;
}
