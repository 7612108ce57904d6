/* SPDX-License-Identifier: MIT */
/* test_cfi.c - the DWARF CFI reader and interpreter (src/cfi/cfi_read.c,
 * src/cfi/cfi_interp.c) on sections built by cfibuild.h: rows of every CFA
 * instruction, pointer encodings, augmentations, .debug_frame, and every
 * error path (truncation at each byte, stack limits, budget). */
#include <stdio.h>
#include <string.h>

#include "cfi/cfi.h"
#include "cfibuild.h"
#include "check.h"
#include "sfv.h"

#define ADDR 0x3000u
#define EM_X86_64 62
#define EM_AARCH64 183

static const uint32_t track[3] = {16, 6, 7}; /* RA column, FP, SP (AMD64) */

static sfv_cfi mk(const cb *b, uint16_t machine) {
  sfv_cfi c;
  CHECK(sfv_cfi_init(&c, b->buf, b->n, SFV_CFI_EH_FRAME, (uint8_t)b->be, 8, machine,
                     b->addr) == SFV_OK);
  return c;
}

/* Reads the only FDE and interprets up to max rows; returns the count and
 * the status that ended it. */
static unsigned rows_of(const sfv_cfi *c, sfv_cfi_row *rows, unsigned max, unsigned cap,
                        sfv_status *end, sfv_cfi_interp *ipo) {
  sfv_cfi_iter it;
  sfv_cfi_fde f;
  sfv_cfi_state stack[4];
  sfv_cfi_interp ip;
  unsigned n = 0;
  sfv_status st;
  sfv_cfi_iter_init(&it, c);
  st = sfv_cfi_next_fde(&it, &f);
  CHECKF(st == SFV_OK, "next_fde: %s (%s at %#llx)", sfv_status_name(st),
         sfv_cfi_err_name(it.err), (unsigned long long)it.err_off);
  if (st != SFV_OK) {
    *end = st;
    return 0;
  }
  CHECK(sfv_cfi_interp_init(&ip, c, &f, track, 3, stack, cap, NULL) == SFV_OK);
  while ((st = sfv_cfi_interp_next(&ip, &rows[n < max ? n : max - 1])) == SFV_OK)
    n++;
  *end = st;
  if (ipo)
    *ipo = ip;
  return n;
}

static const uint8_t cie_x86[] = {0x0c, 7, 8, 0x90, 1}; /* def_cfa r7+8; r16 at cfa-8 */

static void test_prologue(void) {
  /* push %rbp; mov %rsp,%rbp; ...; leave; ret */
  static const uint8_t fi[] = {0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6, 0x4c, 0x0c, 7, 8};
  cb b;
  sfv_cfi c;
  sfv_cfi_row r[8];
  sfv_status st;
  unsigned n;
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zR", 0x1b, 1, -8, 16, cie_x86, sizeof cie_x86);
  cb_fde(&b, 0, 0x1000, 0x20, 1, fi, sizeof fi);
  cb_end(&b);
  c = mk(&b, EM_X86_64);
  n = rows_of(&c, r, 8, 4, &st, NULL);
  CHECK_EQ(st, SFV_END, "end");
  CHECK_EQ(n, 4, "rows");
  CHECK_EQU(r[0].pc_lo, 0x1000, "r0 lo");
  CHECK_EQU(r[0].pc_hi, 0x1001, "r0 hi");
  CHECK_EQ(r[0].s.cfa_kind, SFV_CFI_CFA_REG, "cfa kind");
  CHECK_EQ(r[0].s.cfa_reg, 7, "r0 cfa reg");
  CHECK_EQ(r[0].s.cfa_offset, 8, "r0 cfa off");
  CHECK_EQ(r[0].s.regs[0].kind, SFV_CFI_R_OFFSET, "ra kind");
  CHECK_EQ(r[0].s.regs[0].offset, -8, "ra off");
  CHECK_EQ(r[0].s.regs[1].kind, SFV_CFI_R_UNSPEC, "fp unspec");
  CHECK_EQU(r[1].pc_hi, 0x1004, "r1 hi");
  CHECK_EQ(r[1].s.cfa_offset, 16, "r1 cfa off");
  CHECK_EQ(r[1].s.regs[1].kind, SFV_CFI_R_OFFSET, "fp saved");
  CHECK_EQ(r[1].s.regs[1].offset, -16, "fp off");
  CHECK_EQ(r[2].s.cfa_reg, 6, "r2 cfa rbp");
  CHECK_EQU(r[2].pc_hi, 0x1010, "r2 hi");
  CHECK_EQ(r[3].s.cfa_reg, 7, "r3 cfa rsp");
  CHECK_EQ(r[3].s.cfa_offset, 8, "r3 off");
  CHECK_EQU(r[3].pc_hi, 0x1020, "r3 hi = FDE end");
}

static void test_every_opcode(void) {
  static const uint8_t fi[] = {
      0x02, 2,                 /* advance_loc1 2 -> 0x1002 */
      0x05, 6, 3,              /* offset_extended r6, 3*-8 = -24 */
      0x03, 2, 0,              /* advance_loc2 2 -> 0x1004 */
      0x11, 6, 0x7e,           /* offset_extended_sf r6, -2*-8 = 16 */
      0x04, 4, 0, 0, 0,        /* advance_loc4 4 -> 0x1008 */
      0x0a,                    /* remember_state */
      0x07, 16,                /* undefined r16 */
      0x08, 6,                 /* same_value r6 */
      0x09, 7, 3,              /* register r7 in r3 */
      0x12, 6, 0x7e,           /* def_cfa_sf r6, -2*-8 = 16 */
      0x41,                    /* -> 0x1009 */
      0x0b,                    /* restore_state */
      0x14, 6, 2,              /* val_offset r6, 2*-8 = -16 */
      0x41,                    /* -> 0x100a */
      0x15, 6, 0x01,           /* val_offset_sf r6, 1*-8 = -8 */
      0x13, 0x7c,              /* def_cfa_offset_sf -4*-8 = 32 */
      0x2e, 16,                /* GNU_args_size 16 */
      0x41,                    /* -> 0x100b */
      0x10, 6, 2, 0x76, 0x08,  /* expression r6: breg6 8 */
      0x16, 16, 2, 0x77, 0x00, /* val_expression r16: breg7 0 */
      0x41,                    /* -> 0x100c */
      0x06, 6,                 /* restore_extended r6 -> unspecified */
      0xd0,                    /* restore r16 -> CIE offset -8 */
      0x2f, 6, 4,              /* GNU_negative_offset_extended r6: -(4*-8) = 32 */
      0x0f, 2, 0x77, 0x10,     /* def_cfa_expression breg7 16 */
      0x01, 0x10, 0x00, 0x00, 0x00, /* set_loc (operand patched below) */
      0x00,                    /* nop */
      0x0c, 7, 8,              /* def_cfa r7 8 */
  };
  uint8_t prog[sizeof fi];
  cb b;
  sfv_cfi c;
  sfv_cfi_row r[16];
  sfv_status st;
  unsigned n;
  size_t fde, setloc = 0, i;
  memcpy(prog, fi, sizeof fi);
  for (i = 0; i + 1 < sizeof prog; i++)
    if (prog[i] == 0x01 && prog[i + 1] == 0x10)
      setloc = i + 1;
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zR", 0x1b, 1, -8, 16, cie_x86, sizeof cie_x86);
  fde = b.n;
  cb_fde(&b, 0, 0x1000, 0x20, 1, prog, sizeof prog);
  /* set_loc operand: sdata4 pcrel to 0x1010 (FDE header 4+4+4+4, z len 1) */
  {
    uint64_t field = fde + 17 + setloc;
    uint64_t v = (uint64_t)(0x1010 - (int64_t)(ADDR + field));
    for (i = 0; i < 4; i++)
      b.buf[field + i] = (uint8_t)(v >> (8 * i));
  }
  cb_end(&b);
  c = mk(&b, EM_X86_64);
  n = rows_of(&c, r, 16, 4, &st, NULL);
  CHECK_EQ(st, SFV_END, "end");
  CHECK_EQ(n, 9, "rows");
  CHECK_EQU(r[0].pc_hi, 0x1002, "advance_loc1");
  CHECK_EQ(r[1].s.regs[1].offset, -24, "offset_extended");
  CHECK_EQU(r[1].pc_hi, 0x1004, "advance_loc2");
  CHECK_EQ(r[2].s.regs[1].offset, 16, "offset_extended_sf");
  CHECK_EQU(r[2].pc_hi, 0x1008, "advance_loc4");
  CHECK_EQ(r[3].s.regs[0].kind, SFV_CFI_R_UNDEF, "undefined");
  CHECK_EQ(r[3].s.regs[1].kind, SFV_CFI_R_SAME, "same_value");
  CHECK_EQ(r[3].s.regs[2].kind, SFV_CFI_R_REGISTER, "register");
  CHECK_EQ(r[3].s.regs[2].reg, 3, "register r3");
  CHECK_EQ(r[3].s.cfa_reg, 6, "def_cfa_sf reg");
  CHECK_EQ(r[3].s.cfa_offset, 16, "def_cfa_sf off");
  CHECK_EQ(r[4].s.cfa_reg, 7, "restore_state cfa");
  CHECK_EQ(r[4].s.regs[0].kind, SFV_CFI_R_OFFSET, "restore_state ra");
  CHECK_EQ(r[4].s.regs[1].kind, SFV_CFI_R_VAL_OFFSET, "val_offset");
  CHECK_EQ(r[4].s.regs[1].offset, -16, "val_offset off");
  CHECK_EQ(r[5].s.regs[1].offset, -8, "val_offset_sf");
  CHECK_EQ(r[5].s.cfa_offset, 32, "def_cfa_offset_sf");
  CHECK_EQU(r[5].args_size, 16, "args_size");
  CHECK_EQ(r[6].s.regs[1].kind, SFV_CFI_R_EXPR, "expression");
  CHECK_EQ(r[6].s.regs[0].kind, SFV_CFI_R_VAL_EXPR, "val_expression");
  {
    uint32_t reg = 0;
    int64_t off = 0;
    int deref = 1;
    CHECK(sfv_cfi_expr_simple(&c, r[6].s.regs[1].expr, &reg, &off, &deref));
    CHECK_EQ(reg, 6, "breg6");
    CHECK_EQ(off, 8, "breg6 8");
    CHECK_EQ(deref, 0, "no deref");
  }
  CHECKF(r[7].pc_lo == 0x100c && r[7].pc_hi == 0x1010, "set_loc row [%#llx,%#llx)",
         (unsigned long long)r[7].pc_lo, (unsigned long long)r[7].pc_hi);
  CHECK_EQ(r[7].s.regs[1].kind, SFV_CFI_R_OFFSET, "negative_offset_extended");
  CHECK_EQ(r[7].s.regs[1].offset, 32, "negative_offset_extended value");
  CHECK_EQ(r[7].s.regs[0].kind, SFV_CFI_R_OFFSET, "restore from CIE");
  CHECK_EQ(r[7].s.regs[0].offset, -8, "restore from CIE offset");
  CHECK_EQ(r[7].s.cfa_kind, SFV_CFI_CFA_EXPR, "def_cfa_expression");
  CHECKF(r[8].pc_lo == 0x1010 && r[8].pc_hi == 0x1020 && r[8].s.cfa_kind == SFV_CFI_CFA_REG &&
             r[8].s.cfa_reg == 7 && r[8].s.cfa_offset == 8,
         "def_cfa after set_loc");
}

/* One-instruction FDE programs that must fail with a given reason. */
static void expect_err(const uint8_t *fi, size_t n, unsigned cap, uint16_t machine,
                       sfv_cfi_err want, const char *what) {
  cb b;
  sfv_cfi c;
  sfv_cfi_row r[8];
  sfv_status st;
  sfv_cfi_interp ip;
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zR", 0x1b, 1, -8, 16, cie_x86, sizeof cie_x86);
  cb_fde(&b, 0, 0x1000, 0x20, 1, fi, n);
  c = mk(&b, machine);
  rows_of(&c, r, 8, cap, &st, &ip);
  CHECKF(st != SFV_OK && st != SFV_END && ip.err == want, "%s: status %s err %s", what,
         sfv_status_name(st), sfv_cfi_err_name(ip.err));
}

static void test_errors(void) {
  static const uint8_t deep[] = {0x0a, 0x0a};
  static const uint8_t under[] = {0x0b};
  static const uint8_t expr_then_off[] = {0x0f, 1, 0x9c, 0x0e, 8};
  static const uint8_t bad_op[] = {0x3f};
  static const uint8_t negate[] = {0x2d};
  static const uint8_t long_leb[] = {0x0e, 0x80, 0x80, 0x80, 0x80, 0x80,
                                     0x80, 0x80, 0x80, 0x80, 0x80, 0x01};
  static const uint8_t trunc[] = {0x0c, 7, 0x80}; /* 17 + 3: no padding */
  static const uint8_t big_off[] = {0x80 | 6, 0xff, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0xff, 0x7f};
  expect_err(deep, sizeof deep, 1, EM_X86_64, SFV_CFI_ERR_STACK_OVERFLOW, "stack overflow");
  expect_err(under, sizeof under, 4, EM_X86_64, SFV_CFI_ERR_STACK_UNDERFLOW, "underflow");
  expect_err(expr_then_off, sizeof expr_then_off, 4, EM_X86_64, SFV_CFI_ERR_CFA_NOT_REG,
             "def_cfa_offset on expression");
  expect_err(bad_op, sizeof bad_op, 4, EM_X86_64, SFV_CFI_ERR_OPCODE, "hi_user");
  expect_err(negate, sizeof negate, 4, EM_X86_64, SFV_CFI_ERR_OPCODE,
             "negate_ra_state off AArch64");
  expect_err(long_leb, sizeof long_leb, 4, EM_X86_64, SFV_CFI_ERR_LEB128, "LEB128 > 10 bytes");
  expect_err(trunc, sizeof trunc, 4, EM_X86_64, SFV_CFI_ERR_TRUNCATED, "truncated def_cfa");
  expect_err(big_off, sizeof big_off, 4, EM_X86_64, SFV_CFI_ERR_OVERFLOW, "offset * data_align");
}

static void test_set_loc_backward(void) {
  static const uint8_t fi[] = {0x41, 0x01, 0, 0, 0, 0};
  cb b;
  sfv_cfi c;
  sfv_cfi_row r[4];
  sfv_status st;
  sfv_cfi_interp ip;
  size_t fde, field, i;
  uint64_t v;
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zR", 0x1b, 1, -8, 16, cie_x86, sizeof cie_x86);
  fde = b.n;
  cb_fde(&b, 0, 0x1000, 0x20, 1, fi, sizeof fi);
  field = fde + 17 + 2;
  v = (uint64_t)(0x1000 - (int64_t)(ADDR + field)); /* back to the FDE start, before 0x1001 */
  for (i = 0; i < 4; i++)
    b.buf[field + i] = (uint8_t)(v >> (8 * i));
  c = mk(&b, EM_X86_64);
  CHECK_EQ(rows_of(&c, r, 4, 4, &st, &ip), 1, "one row before set_loc");
  CHECK_EQ(ip.err, SFV_CFI_ERR_LOC_BACKWARD, "set_loc backwards");
  CHECK(st == SFV_E_ENCODING);
}

static void test_negate_ra_state(void) {
  /* paciasp; stp; ... autiasp; ret */
  static const uint8_t cie_a64[] = {0x0c, 31, 0};
  static const uint8_t fi[] = {0x41, 0x2d, 0x41, 0x0e, 16, 0x9d, 2, 0x9e, 1, 0x48, 0x2d};
  cb b;
  sfv_cfi c;
  sfv_cfi_row r[8];
  sfv_status st;
  unsigned n;
  static const uint32_t t64[2] = {30, 29};
  sfv_cfi_iter it;
  sfv_cfi_fde f;
  sfv_cfi_interp ip;
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zRB", 0x1b, 4, -8, 30, cie_a64, sizeof cie_a64);
  cb_fde(&b, 0, 0x1000, 0x40, 1, fi, sizeof fi);
  c = mk(&b, EM_AARCH64);
  sfv_cfi_iter_init(&it, &c);
  CHECK(sfv_cfi_next_fde(&it, &f) == SFV_OK);
  CHECK_EQ(f.cie.bkey, 1, "B augmentation");
  CHECK(sfv_cfi_interp_init(&ip, &c, &f, t64, 2, NULL, 0, NULL) == SFV_OK);
  n = 0;
  while ((st = sfv_cfi_interp_next(&ip, &r[n])) == SFV_OK && n < 7)
    n++;
  CHECK_EQ(n, 4, "rows");
  CHECK_EQ(r[0].s.ra_signed, 0, "before paciasp");
  CHECK_EQ(r[1].s.ra_signed, 1, "after paciasp");
  CHECK_EQ(r[2].s.ra_signed, 1, "body");
  CHECK_EQ(r[2].s.regs[0].offset, -8, "x30 at cfa-8");
  CHECK_EQ(r[3].s.ra_signed, 0, "after autiasp");
  CHECK_EQU(r[2].pc_hi, 0x1028, "code_align 4");
}

static void test_encodings(void) {
  static const struct {
    uint8_t enc;
    int resolvable;
  } e[] = {{0x02, 1}, {0x03, 1}, {0x04, 1}, {0x0b, 1}, {0x0c, 1}, {0x1b, 1}, {0x1c, 1},
           {0x01, 1}, {0x09, 1}, {0x00, 1}, {0x50, 1}, {0x30, 0}, {0x20, 0}, {0x9b, 0},
           {0x40, 0}};
  unsigned i;
  for (i = 0; i < sizeof e / sizeof e[0]; i++) {
    cb b;
    sfv_cfi c;
    sfv_cfi_iter it;
    sfv_cfi_fde f;
    sfv_status st;
    size_t off;
    uint8_t fmt = e[i].enc & 0x0f;
    uint64_t pc = 0x1000;
    cb_init(&b, i & 1, ADDR);
    cb_cie(&b, "zR", e[i].enc, 1, -8, 16, cie_x86, sizeof cie_x86);
    off = b.n;
    cb_un(&b, 4, 0);
    cb_un(&b, 4, b.n - 0);
    if ((e[i].enc & 0x70) == 0x50)
      while ((ADDR + b.n) % 8)
        cb_u8(&b, 0);
    {
      uint64_t v = (e[i].enc & 0x70) == 0x10 ? (uint64_t)((int64_t)pc - (int64_t)(ADDR + b.n)) : pc;
      if (fmt == 0x01 || fmt == 0x09) {
        if (fmt == 0x01)
          cb_uleb(&b, v);
        else
          cb_sleb(&b, (int64_t)v);
        cb_uleb(&b, 0x10);
      } else {
        unsigned sz = fmt == 0x02 || fmt == 0x0a ? 2 : fmt == 0x03 || fmt == 0x0b ? 4 : 8;
        cb_un(&b, sz, v);
        cb_un(&b, sz, 0x10);
      }
    }
    cb_uleb(&b, 0);
    cb_close(&b, off);
    c = mk(&b, EM_X86_64);
    sfv_cfi_iter_init(&it, &c);
    st = sfv_cfi_next_fde(&it, &f);
    CHECKF(st == SFV_OK, "enc %#x: %s %s", e[i].enc, sfv_status_name(st),
           sfv_cfi_err_name(it.err));
    CHECKF(f.pc_ok == e[i].resolvable, "enc %#x: pc_ok %u", e[i].enc, f.pc_ok);
    if (e[i].resolvable)
      CHECKF(f.pc_begin == pc && f.pc_range == 0x10, "enc %#x: [%#llx, +%#llx)", e[i].enc,
             (unsigned long long)f.pc_begin, (unsigned long long)f.pc_range);
    CHECK(sfv_cfi_next_fde(&it, &f) == SFV_END);
  }
}

static void test_debug_frame(void) {
  /* DWARF 4 CIE (id 0xffffffff, version 4, address/segment size), FDE
   * with an absolute CIE offset and absptr range; then a 64-bit entry. */
  cb b;
  sfv_cfi c;
  sfv_cfi_iter it;
  sfv_cfi_fde f;
  size_t off;
  cb_init(&b, 1, 0);
  off = b.n;
  cb_un(&b, 4, 0);
  cb_un(&b, 4, 0xffffffffu);
  cb_u8(&b, 4);
  cb_u8(&b, 0);
  cb_u8(&b, 8);
  cb_u8(&b, 0);
  cb_uleb(&b, 1);
  cb_sleb(&b, -8);
  cb_uleb(&b, 16);
  cb_bytes(&b, cie_x86, sizeof cie_x86);
  cb_close(&b, off);
  off = b.n;
  cb_un(&b, 4, 0);
  cb_un(&b, 4, 0);
  cb_un(&b, 8, 0x401000);
  cb_un(&b, 8, 0x30);
  cb_close(&b, off);
  /* 64-bit DWARF FDE */
  cb_un(&b, 4, 0xffffffffu);
  cb_un(&b, 8, 8 + 8 + 8);
  cb_un(&b, 8, 0);
  cb_un(&b, 8, 0x402000);
  cb_un(&b, 8, 0x40);
  CHECK(sfv_cfi_init(&c, b.buf, b.n, SFV_CFI_DEBUG_FRAME, 1, 8, EM_X86_64, 0) == SFV_OK);
  sfv_cfi_iter_init(&it, &c);
  CHECK(sfv_cfi_next_fde(&it, &f) == SFV_OK);
  CHECK_EQU(f.pc_begin, 0x401000, "debug_frame pc");
  CHECK_EQ(f.cie.version, 4, "v4");
  CHECK(sfv_cfi_next_fde(&it, &f) == SFV_OK);
  CHECK_EQU(f.pc_begin, 0x402000, "64-bit FDE pc");
  CHECK_EQU(f.pc_range, 0x40, "64-bit FDE range");
  CHECK(sfv_cfi_next_fde(&it, &f) == SFV_END);
}

/* .debug_frame rows (corpus/cfi/debug-frame-* are the same shapes for the
 * fuzz_cfi harness): a CIE at 0 (id 0xffffffff; version, augmentation and
 * v4's address and segment sizes varied) and one FDE after it, 8-byte
 * addresses, little-endian.  want: SFV_CFI_ERR_NONE and the FDE's pc, or
 * the first error and its offset. */
#define DF_PC "\x00\x10\x40\x00\x00\x00\x00\x00" "\x40\x00\x00\x00\x00\x00\x00\x00"
static void test_debug_frame_rows(void) {
  static const struct {
    const char *name;
    const char *bytes;
    size_t len;
    sfv_cfi_err want;
    uint64_t err_off;
  } rows[] = {
#define ROW(n, b, e, o) {n, b, sizeof b - 1, e, o}
      ROW("v4 addr 8", "\x0b\0\0\0\xff\xff\xff\xff\x04\0\x08\0\x01\x78\x10"
                       "\x14\0\0\0\0\0\0\0" DF_PC, SFV_CFI_ERR_NONE, 0),
      ROW("v4 addr 2", "\x0b\0\0\0\xff\xff\xff\xff\x04\0\x02\0\x01\x78\x10"
                       "\x14\0\0\0\0\0\0\0" DF_PC, SFV_CFI_ERR_ADDR_SIZE, 12),
      ROW("v4 seg 9", "\x0b\0\0\0\xff\xff\xff\xff\x04\0\x08\x09\x01\x78\x10"
                      "\x14\0\0\0\0\0\0\0" DF_PC, SFV_CFI_ERR_ADDR_SIZE, 12),
      ROW("v4 cut before addr size", "\x06\0\0\0\xff\xff\xff\xff\x04\0"
                                     "\x14\0\0\0\0\0\0\0" DF_PC, SFV_CFI_ERR_TRUNCATED, 10),
      ROW("v4 cut before seg size", "\x07\0\0\0\xff\xff\xff\xff\x04\0\x08"
                                    "\x14\0\0\0\0\0\0\0" DF_PC, SFV_CFI_ERR_TRUNCATED, 11),
      ROW("v4 seg 4", "\x0b\0\0\0\xff\xff\xff\xff\x04\0\x08\x04\x01\x78\x10"
                      "\x18\0\0\0\0\0\0\0\x07\0\0\0" DF_PC, SFV_CFI_ERR_NONE, 0),
      ROW("v4 seg 4, FDE without selector", "\x0b\0\0\0\xff\xff\xff\xff\x04\0\x08\x04\x01\x78\x10"
                                            "\x06\0\0\0\0\0\0\0\x01\x02", SFV_CFI_ERR_TRUNCATED, 23),
      ROW("eh augmentation", "\x13\0\0\0\xff\xff\xff\xff\x01\x65\x68\0\x34\x12\0\0\0\0\0\0\x01\x78\x10"
                             "\x14\0\0\0\0\0\0\0" DF_PC, SFV_CFI_ERR_NONE, 0),
      ROW("eh augmentation cut", "\x0a\0\0\0\xff\xff\xff\xff\x01\x65\x68\0\x12\x34"
                                 "\x14\0\0\0\0\0\0\0" DF_PC, SFV_CFI_ERR_TRUNCATED, 12),
      ROW("v1 FDE cut in pc_begin", "\x09\0\0\0\xff\xff\xff\xff\x01\0\x01\x78\x10"
                                    "\x08\0\0\0\0\0\0\0\x00\x10\x40\x00", SFV_CFI_ERR_TRUNCATED, 21),
      ROW("v1 FDE cut in pc_range", "\x09\0\0\0\xff\xff\xff\xff\x01\0\x01\x78\x10"
                                    "\x10\0\0\0\0\0\0\0\x00\x10\x40\x00\0\0\0\0\x40\0\0\0",
          SFV_CFI_ERR_TRUNCATED, 29),
#undef ROW
  };
  size_t i;
  for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    sfv_cfi c;
    sfv_cfi_iter it;
    sfv_cfi_fde f;
    sfv_status st;
    CHECK(sfv_cfi_init(&c, (const uint8_t *)rows[i].bytes, rows[i].len, SFV_CFI_DEBUG_FRAME, 0,
                       8, EM_X86_64, 0) == SFV_OK);
    sfv_cfi_iter_init(&it, &c);
    st = sfv_cfi_next_fde(&it, &f);
    if (rows[i].want == SFV_CFI_ERR_NONE) {
      CHECKF(st == SFV_OK && f.pc_begin == 0x401000 && f.pc_range == 0x40 &&
                 f.cie.code_align == 1 && f.cie.data_align == -8 && f.cie.ra_reg == 16,
             "debug_frame %s: %s", rows[i].name, sfv_cfi_err_name(it.err));
    } else {
      CHECKF(st != SFV_OK && it.err == rows[i].want && it.err_off == rows[i].err_off,
             "debug_frame %s: %s at %llu", rows[i].name, sfv_cfi_err_name(it.err),
             (unsigned long long)it.err_off);
    }
  }
}

/* Every truncation and every single-byte corruption of a valid section:
 * never a crash (the sanitizer build checks), the iterator always ends,
 * and every row stays inside its FDE's range. */
static void test_truncate_and_flip(void) {
  static const uint8_t fi[] = {0x41, 0x0e, 16, 0x86, 2, 0x0a, 0x43, 0x0d, 6, 0x0b, 0x4c};
  cb b;
  size_t len, pos;
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zPLR", 0x1b, 1, -8, 16, cie_x86, sizeof cie_x86);
  cb_fde(&b, 0, 0x1000, 0x20, 1, fi, sizeof fi);
  cb_fde(&b, 0, 0x1020, 0x20, 1, fi, sizeof fi);
  cb_end(&b);
  for (len = 0; len <= b.n; len++) {
    for (pos = 0; pos <= len; pos++) {
      uint8_t copy[CB_MAX];
      sfv_cfi c;
      sfv_cfi_iter it;
      sfv_cfi_fde f;
      sfv_status st;
      unsigned guard = 0;
      uint64_t budget = 10000;
      memcpy(copy, b.buf, len);
      if (pos < len)
        copy[pos] ^= (uint8_t)(0x5a + pos);
      sfv_cfi_init(&c, copy, len, SFV_CFI_EH_FRAME, 0, 8, EM_X86_64, ADDR);
      sfv_cfi_iter_init(&it, &c);
      while ((st = sfv_cfi_next_fde(&it, &f)) != SFV_END && guard++ < 64) {
        sfv_cfi_interp ip;
        sfv_cfi_state stack[2];
        sfv_cfi_row r;
        if (st != SFV_OK || !f.pc_ok)
          continue;
        CHECK(f.insn_end <= len && f.cie.insn_end <= len);
        sfv_cfi_interp_init(&ip, &c, &f, track, 3, stack, 2, &budget);
        while (sfv_cfi_interp_next(&ip, &r) == SFV_OK)
          CHECK(r.pc_lo < r.pc_hi && r.pc_lo >= f.pc_begin &&
                r.pc_hi <= f.pc_begin + f.pc_range);
      }
      CHECK(guard < 64);
    }
  }
}

static void test_budget(void) {
  static const uint8_t fi[] = {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  cb b;
  sfv_cfi c;
  sfv_cfi_iter it;
  sfv_cfi_fde f;
  sfv_cfi_interp ip;
  sfv_cfi_row r;
  uint64_t budget = 5;
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zR", 0x1b, 1, -8, 16, cie_x86, sizeof cie_x86);
  cb_fde(&b, 0, 0x1000, 0x20, 1, fi, sizeof fi);
  c = mk(&b, EM_X86_64);
  sfv_cfi_iter_init(&it, &c);
  CHECK(sfv_cfi_next_fde(&it, &f) == SFV_OK);
  sfv_cfi_interp_init(&ip, &c, &f, track, 3, NULL, 0, &budget);
  CHECK(sfv_cfi_interp_next(&ip, &r) != SFV_OK);
  CHECK_EQ(ip.err, SFV_CFI_ERR_BUDGET, "budget");
  CHECK_EQU(budget, 0, "spent");
}

static void test_bad_entries(void) {
  cb b;
  sfv_cfi c;
  sfv_cfi_iter it;
  sfv_cfi_fde f;
  size_t off;
  /* CIE pointer past the section start; then a valid FDE still read */
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "zR", 0x1b, 1, -8, 16, cie_x86, sizeof cie_x86);
  off = b.n;
  cb_un(&b, 4, 12);
  cb_un(&b, 4, 0x7fff);
  cb_un(&b, 4, 0);
  cb_un(&b, 4, 0);
  (void)off;
  cb_fde(&b, 0, 0x1000, 0x10, 1, NULL, 0);
  c = mk(&b, EM_X86_64);
  sfv_cfi_iter_init(&it, &c);
  CHECK(sfv_cfi_next_fde(&it, &f) != SFV_OK);
  CHECK_EQ(it.err, SFV_CFI_ERR_CIE_POINTER, "bad CIE pointer");
  CHECK(sfv_cfi_next_fde(&it, &f) == SFV_OK);
  CHECK_EQU(f.pc_begin, 0x1000, "next FDE read");
  /* unknown augmentation without z; bad version */
  cb_init(&b, 0, ADDR);
  cb_cie(&b, "xy", 0, 1, -8, 16, cie_x86, sizeof cie_x86);
  cb_fde(&b, 0, 0x1000, 0x10, 0, NULL, 0);
  c = mk(&b, EM_X86_64);
  sfv_cfi_iter_init(&it, &c);
  CHECK(sfv_cfi_next_fde(&it, &f) != SFV_OK);
  CHECK_EQ(it.err, SFV_CFI_ERR_AUGMENTATION, "augmentation");
  b.buf[8] = 2; /* CIE version 2 */
  sfv_cfi_iter_init(&it, &c);
  CHECK(sfv_cfi_next_fde(&it, &f) != SFV_OK);
  CHECK_EQ(it.err, SFV_CFI_ERR_VERSION, "version");
  /* length past the end */
  cb_init(&b, 0, ADDR);
  cb_un(&b, 4, 100);
  cb_un(&b, 4, 0);
  c = mk(&b, EM_X86_64);
  sfv_cfi_iter_init(&it, &c);
  CHECK(sfv_cfi_next_fde(&it, &f) != SFV_OK);
  CHECK_EQ(it.err, SFV_CFI_ERR_LENGTH, "length");
  CHECK(sfv_cfi_next_fde(&it, &f) == SFV_END);
}

/* LEB128 at the 64-bit edge: 10 bytes hold a uint64/int64; an 11th byte or
 * value bits past bit 63 are SFV_CFI_ERR_LEB128, a cut-off one TRUNCATED. */
static void test_leb128(void) {
  static const struct {
    uint8_t b[12];
    unsigned n;
    int is_signed, ok;
    uint64_t u;
    sfv_cfi_err err;
  } rows[] = {
    {{0x00}, 1, 0, 1, 0, 0},
    {{0xe5, 0x8e, 0x26}, 3, 0, 1, 624485, 0},
    {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, 10, 0, 1, UINT64_MAX, 0},
    {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, 10, 0, 0, 0, SFV_CFI_ERR_LEB128},
    {{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 11, 0, 0, 0, SFV_CFI_ERR_LEB128},
    {{0x80, 0x80}, 2, 0, 0, 0, SFV_CFI_ERR_TRUNCATED},
    {{0x7f}, 1, 1, 1, UINT64_MAX, 0},                       /* -1 */
    {{0xc0, 0xbb, 0x78}, 3, 1, 1, (uint64_t)-123456, 0},
    {{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f}, 10, 1, 1,
     (uint64_t)1 << 63, 0},                                 /* INT64_MIN */
    {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00}, 10, 1, 1, INT64_MAX, 0},
    {{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 11, 1, 0, 0, SFV_CFI_ERR_LEB128},
    {{0xff}, 1, 1, 0, 0, SFV_CFI_ERR_TRUNCATED},
  };
  size_t i;
  for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    sfv_cursor c;
    sfv_cfi_err err = SFV_CFI_ERR_NONE;
    uint64_t u = 0;
    int64_t s = 0;
    int ok;
    cur_init(&c, rows[i].b, 0, rows[i].n, 0);
    ok = rows[i].is_signed ? sfv_cfi_sleb(&c, &s, &err) : sfv_cfi_uleb(&c, &u, &err);
    if (rows[i].is_signed)
      u = (uint64_t)s;
    CHECKF(ok == rows[i].ok, "leb row %zu: ok %d", i, ok);
    if (ok)
      CHECKF(u == rows[i].u && c.pos == rows[i].n, "leb row %zu: %#llx at %llu", i,
             (unsigned long long)u, (unsigned long long)c.pos);
    else
      CHECKF(err == rows[i].err, "leb row %zu: %s", i, sfv_cfi_err_name(err));
  }
}

/* sfv_cfi_err_name: one description per code, in the enum's order. */
static void test_err_names(void) {
  CHECK(strcmp(sfv_cfi_err_name(SFV_CFI_ERR_NONE), "none") == 0);
  CHECK(strcmp(sfv_cfi_err_name(SFV_CFI_ERR_TRUNCATED), "truncated field") == 0);
  CHECK(strcmp(sfv_cfi_err_name(SFV_CFI_ERR_BUDGET), "work budget exhausted") == 0);
  CHECK(strcmp(sfv_cfi_err_name(SFV_CFI_ERR_ADDR_SIZE),
               "unsupported address or segment size") == 0);
  CHECK(strcmp(sfv_cfi_err_name((sfv_cfi_err)(SFV_CFI_ERR_ADDR_SIZE + 1)), "unknown") == 0);
}

int main(void) {
  test_leb128();
  test_prologue();
  test_every_opcode();
  test_errors();
  test_set_loc_backward();
  test_negate_ra_state();
  test_encodings();
  test_debug_frame();
  test_debug_frame_rows();
  test_err_names();
  test_truncate_and_flip();
  test_budget();
  test_bad_entries();
  return t_exit("test_cfi");
}
