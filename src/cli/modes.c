/* SPDX-License-Identifier: MIT */
/* modes.c - the per-file modes besides validation: --dump (objdump's
 * text, src/fmt/dump.c), --lookup=PC and --format=canonical.
 *
 * --dump follows the objdump of the chosen layout where the file has no
 * dumpable section (checked against binutils 2.40, 2.44 and 2.47):
 *  - no section of that name (or SFrame data found only through
 *    PT_GNU_SFRAME): "No NAME section present" and a blank line; 2.47
 *    exits 0, 2.40/2.44 add "FILE: file format not recognized" on stderr
 *    and exit 1;
 *  - an empty section (ld --discard-sframe): only the file line; 2.47 says
 *    "Error: SFrame decode failure: Corrupt SFrame." on stderr and exits 0,
 *    2.40/2.44 as above; in a relocatable file (an empty .sframe in an
 *    assembler's object) 2.47 fails to relocate it instead and prints
 *    "\nCan't get contents for section ''.\n" on stdout (the name is
 *    always empty), exit 0;
 *  - 2.40/2.44 and a header their libsframe refuses (a version or flag it
 *    does not know, e.g. v2 with SFRAME_F_FDE_FUNC_START_PCREL from
 *    clang-22 linked by ld 2.44): only the file line, then as above.
 * --lookup with --format=json prints one document for the whole run:
 *   {"lookups":[{"path":..,"pc":..,"found":..,..},..],"errors":[..]}.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* objdump's layout for a section whose version byte is data[2]. */
static int layout_for(const cli_opts *o, const uint8_t *data, size_t size) {
  if (o->objdump_version != 0)
    return o->objdump_version;
  return data != NULL && size > 2 && data[2] == 1 ? 240 : 247;
}

/* objdump 2.40/2.44 end with bfd_fatal() where 2.47 only warns. */
static int old_objdump_fails(const char *path) {
  cli_err_prefix(path);
  fputs("file format not recognized\n", stderr);
  return 1;
}

int cli_mode_dump(cli_opts *o, const char *path, const sfv_elf *e,
                  const uint8_t *data, size_t size, uint64_t vma) {
  const char *name = o->section_name != NULL ? o->section_name : ".sframe";
  int ver = layout_for(o, data, size), rc;
  int relocatable = e != NULL && e->e_type == SFV_ET_REL;
  uint8_t *copy = NULL;
  fmt_dump_opts dopt;
  uint64_t rows = 0;
  int unrelocated = 0;

  if (e != NULL) {
    fmt_dump_file_header(stdout, path, e);
    if (data == NULL || e->source != SFV_ELF_SRC_SECTION) {
      fputs("No ", stdout);
      fmt_text_str(stdout, name);
      fputs(" section present\n\n", stdout);
      return ver == 247 ? 0 : old_objdump_fails(path);
    }
    if (size == 0) {
      fflush(stdout);
      if (ver != 247)
        return old_objdump_fails(path);
      if (relocatable) {
        fputs("\nCan't get contents for section ''.\n", stdout);
        return 0;
      }
      fputs("sframe-validate: Error: SFrame decode failure: Corrupt SFrame.\n",
            stderr);
      return 0;
    }
    if (ver != 247 && !fmt_dump_header_decodes(data, size, ver)) {
      fflush(stdout);                 /* e.g. 2.44 and v2 with PCREL starts */
      return old_objdump_fails(path);
    }
    fmt_dump_section_title(stdout, name);
  }
  /* objdump 2.47 shows relocatable files with the relocations on the
   * section applied (2.40 and 2.44 show the stored bytes). */
  if (relocatable && ver == 247 && size > 0) {
    copy = malloc(size);
    if (copy == NULL) {
      cli_err_prefix(path);
      fputs("out of memory\n", stderr);
      return 2;
    }
    switch (sfv_elf_relocated_sframe(e, copy, size, NULL)) {
    case SFV_OK: data = copy; break;
    case SFV_E_BUDGET: unrelocated = 1; break; /* shown as stored, said below */
    default: break;
    }
  }
  memset(&dopt, 0, sizeof dopt);
  dopt.objdump_version = ver;
  dopt.vma = vma;
  dopt.max_rows = o->have_dump_rows ? o->dump_rows : fmt_dump_default_rows(size);
  dopt.who = NULL;
  fflush(stdout);
  rc = fmt_dump_section(stdout, data, size, &dopt, &rows);
  free(copy);
  if (rc == 2) {
    fflush(stdout);
    cli_err_prefix(path);
    fprintf(stderr, "--dump stopped after %llu of %llu FRE rows (FDEs share FRE "
            "blocks); --dump-rows=N raises the cap, --dump-rows=0 lifts it\n",
            (unsigned long long)dopt.max_rows, (unsigned long long)rows);
    return 1;
  }
  if (rc == 3) {
    cli_err_prefix(path);
    fprintf(stderr, "--dump: checking the section's %llu FRE rows (FDEs share FRE "
            "blocks) needs more work than --dump-rows=%llu allows; --dump-rows=0 "
            "lifts the cap\n", (unsigned long long)rows,
            (unsigned long long)dopt.max_rows);
    return 1;
  }
  if (unrelocated) {
    cli_err_prefix(path);
    fputs("--dump: the relocations on the section need more work than the "
          "file's budget allows (overlapping relocation tables); it is shown "
          "as stored, not relocated\n", stderr);
    return 1;
  }
  return rc ? 1 : 0;
}

static void lookup_open(cli_opts *o, const char *path) {
  if (o->lookup_list != NULL)
    return;                      /* one line per PC, no document */
  if (o->format == FMT_JSON) {
    fputs(o->lookups_done++ ? ",\n " : "{\"lookups\":[\n ", stdout);
  } else if (o->nfiles > 1) {
    fmt_text_str(stdout, path);
    fputs(":\n", stdout);
  }
}

/* One CFI register rule, in the --lookup text notation. */
static void cfi_rule_text(FILE *out, const sfv_cfi_reg *r) {
  switch (r->kind) {
  case SFV_CFI_R_UNSPEC: fputs("unchanged (no rule)", out); break;
  case SFV_CFI_R_UNDEF: fputs("undefined", out); break;
  case SFV_CFI_R_SAME: fputs("unchanged", out); break;
  case SFV_CFI_R_OFFSET: fprintf(out, "[cfa %c %lld]", r->offset < 0 ? '-' : '+',
                                 r->offset < 0 ? -(long long)r->offset : (long long)r->offset);
    break;
  case SFV_CFI_R_VAL_OFFSET: fprintf(out, "cfa %c %lld", r->offset < 0 ? '-' : '+',
                                     r->offset < 0 ? -(long long)r->offset : (long long)r->offset);
    break;
  case SFV_CFI_R_REGISTER: fprintf(out, "r%u", r->reg); break;
  case SFV_CFI_R_EXPR: fputs("[expression]", out); break;
  default: fputs("expression", out); break;
  }
}

/* The .eh_frame row at pc (SFV_OK), SFV_E_NOT_FOUND, or why not (*err and
 * *at as sfv_elf_cfi_row_at_err() gives them); v holds its scratch
 * (cli_verdict). */
static sfv_status cfi_row(const sfv_elf *elf, const cli_verdict *v, uint64_t pc,
                          sfv_cfi_fde *f, sfv_cfi_row *r, sfv_cfi_err *err,
                          uint64_t *at) {
  *err = SFV_CFI_ERR_NONE;
  *at = 0;
  if (v->cfi_scratch == NULL)
    return SFV_E_NOT_FOUND;       /* no .eh_frame FDE, no scratch */
  return sfv_elf_cfi_row_at_err(elf, v->cfi_scratch, v->cfi_scratch_size, pc, f, r, err,
                                at);
}

/* Why the row could not be had (st not SFV_OK nor SFV_E_NOT_FOUND): the
 * CFI failure when an instruction failed, else the status (a read error). */
static const char *cfi_row_failure(sfv_status st, sfv_cfi_err err) {
  return err != SFV_CFI_ERR_NONE ? sfv_cfi_err_name(err) : sfv_status_name(st);
}

/* --lookup, text, ELF: the .eh_frame row at pc under the SFrame answer. */
static void lookup_cfi_text(FILE *out, const sfv_elf *elf, const cli_verdict *v,
                            uint64_t pc) {
  sfv_cfi_fde f;
  sfv_cfi_row r;
  sfv_cfi_err err;
  uint64_t at;
  sfv_status st = cfi_row(elf, v, pc, &f, &r, &err, &at);
  if (st == SFV_E_NOT_FOUND) {
    fputs("  .eh_frame: no FDE covers the pc\n", out);
    return;
  }
  if (st != SFV_OK) {
    fprintf(out, "  .eh_frame: cannot be interpreted here: %s", cfi_row_failure(st, err));
    if (err != SFV_CFI_ERR_NONE)
      fprintf(out, ": instruction at +0x%llx", (unsigned long long)at);
    fputc('\n', out);
    return;
  }
  fprintf(out, "  .eh_frame fde at +0x%llx: 0x%llx..0x%llx, row 0x%llx..0x%llx\n",
          (unsigned long long)f.offset, (unsigned long long)f.pc_begin,
          (unsigned long long)(f.pc_begin + f.pc_range), (unsigned long long)r.pc_lo,
          (unsigned long long)r.pc_hi);
  if (r.s.cfa_kind == SFV_CFI_CFA_REG)
    fprintf(out, "  cfi cfa = r%u %c %lld\n", r.s.cfa_reg, r.s.cfa_offset < 0 ? '-' : '+',
            r.s.cfa_offset < 0 ? -(long long)r.s.cfa_offset : (long long)r.s.cfa_offset);
  else
    fputs(r.s.cfa_kind == SFV_CFI_CFA_EXPR ? "  cfi cfa = expression\n" : "  cfi cfa = none\n",
          out);
  fprintf(out, "  cfi ra (r%u) = ", f.cie.ra_reg);
  cfi_rule_text(out, &r.s.regs[0]);
  fputs(r.s.ra_signed ? " (signed)\n" : "\n", out);
  fputs("  cfi fp = ", out);
  cfi_rule_text(out, &r.s.regs[1]);
  fputc('\n', out);
}

/* One CFI register rule as JSON: {"rule":KIND[,"offset":N][,"reg":N]}. */
static void cfi_rule_json(FILE *out, const sfv_cfi_reg *r) {
  static const char *const kinds[] = {"unspecified", "undefined", "same", "offset",
                                      "val_offset", "register", "expression",
                                      "val_expression"};
  fprintf(out, "{\"rule\":\"%s\"", r->kind < 8 ? kinds[r->kind] : "expression");
  if (r->kind == SFV_CFI_R_OFFSET || r->kind == SFV_CFI_R_VAL_OFFSET)
    fprintf(out, ",\"offset\":%lld", (long long)r->offset);
  else if (r->kind == SFV_CFI_R_REGISTER)
    fprintf(out, ",\"reg\":%u", r->reg);
  fputc('}', out);
}

/* --lookup, JSON, ELF: the member "cfi" of the lookup object. */
static void lookup_cfi_json(FILE *out, void *ctx) {
  const sfv_elf *elf = ((const void *const *)ctx)[0];
  uint64_t pc = *(const uint64_t *)((const void *const *)ctx)[1];
  const cli_verdict *v = ((const void *const *)ctx)[2];
  sfv_cfi_fde f;
  sfv_cfi_row r;
  sfv_cfi_err err;
  uint64_t at;
  sfv_status st = cfi_row(elf, v, pc, &f, &r, &err, &at);
  if (st != SFV_OK) {
    fprintf(out, ",\"cfi\":{\"found\":false,\"reason\":\"%s\",\"status\":",
            st == SFV_E_NOT_FOUND ? "no-fde" : "uninterpretable");
    fmt_json_str(out, st == SFV_E_NOT_FOUND ? sfv_status_name(st) : cfi_row_failure(st, err));
    if (err != SFV_CFI_ERR_NONE)
      fprintf(out, ",\"insn_offset\":%llu", (unsigned long long)at);
    fputc('}', out);
    return;
  }
  fprintf(out, ",\"cfi\":{\"found\":true,\"fde_offset\":%llu,\"pc_begin\":%llu,"
          "\"pc_end\":%llu,\"row_start\":%llu,\"row_end\":%llu,\"cfa\":",
          (unsigned long long)f.offset, (unsigned long long)f.pc_begin,
          (unsigned long long)(f.pc_begin + f.pc_range), (unsigned long long)r.pc_lo,
          (unsigned long long)r.pc_hi);
  if (r.s.cfa_kind == SFV_CFI_CFA_REG)
    fprintf(out, "{\"kind\":\"register\",\"reg\":%u,\"offset\":%lld}", r.s.cfa_reg,
            (long long)r.s.cfa_offset);
  else
    fprintf(out, "{\"kind\":\"%s\"}", r.s.cfa_kind == SFV_CFI_CFA_EXPR ? "expression" : "none");
  fprintf(out, ",\"ra_column\":%u,\"ra\":", f.cie.ra_reg);
  cfi_rule_json(out, &r.s.regs[0]);
  fprintf(out, ",\"ra_signed\":%s,\"fp\":", r.s.ra_signed ? "true" : "false");
  cfi_rule_json(out, &r.s.regs[1]);
  fputc('}', out);
}

int cli_mode_lookup(cli_opts *o, const char *path, const sfv_elf *elf,
                    const uint8_t *data, size_t size, uint64_t vma,
                    const cli_verdict *v) {
  int rc;
  fmt_lookup_answer a;
  sfv_section sec;
  sfv_status st;
  int json = o->format == FMT_JSON;
  lookup_open(o, path);
  if (data == NULL) {
    cli_err_prefix(path);
    fputs("no SFrame section\n", stderr);
    if (json && o->lookup_list == NULL)
      fmt_lookup_unavailable(stdout, o->lookup_pc, FMT_JSON, path, "no-sframe",
                             "no SFrame section");
    return 1;
  }
  st = sfv_open(&sec, data, size);
  if (st != SFV_OK) {
    cli_err_prefix(path);
    fprintf(stderr, "cannot decode the SFrame section: %s\n", sfv_status_name(st));
    if (json && o->lookup_list == NULL)
      fmt_lookup_unavailable(stdout, o->lookup_pc, FMT_JSON, path, "undecodable",
                             sfv_status_name(st));
    return 1;
  }
  sfv_set_vma(&sec, vma);
  if (o->lookup_list != NULL)
    return cli_lookup_batch(o, &sec, v);
  fmt_lookup_answer_find(&sec, o->lookup_pc, &a);
  {
    const void *ctx[3] = {elf, &o->lookup_pc, v};
    a.validated = 1;
    a.errors = v->errors;
    a.have_first_error = v->have_first;
    a.first_error = v->first;
    rc = fmt_lookup_print(stdout, &sec, &a, json ? FMT_JSON : FMT_TEXT,
                          json ? path : NULL,
                          json && elf != NULL ? lookup_cfi_json : NULL,
                          (void *)ctx) ? 1 : 0;
  }
  if (!json && elf != NULL)
    lookup_cfi_text(stdout, elf, v, o->lookup_pc);
  if (!json)
    fmt_lookup_verdict_text(stdout, &a);
  return rc;
}

void cli_lookup_end(cli_opts *o) {
  fmt_files files;
  if (o->format != FMT_JSON || o->lookup_list != NULL)
    return;
  cli_files(o, &files);
  fputs(o->lookups_done ? "\n]," : "{\"lookups\":[],", stdout);
  fmt_json_io_errors(stdout, &files);
  fputs("}\n", stdout);
}

int cli_mode_canonical(cli_opts *o, const char *path, const uint8_t *data,
                       size_t size) {
  int rc;
  (void)o;
  if (data == NULL) {
    cli_err_prefix(path);
    fputs("no SFrame section\n", stderr);
    return 1;
  }
  fflush(stdout);
  rc = fmt_canonical(stdout, data, size);
  if (rc == 2) {
    cli_err_prefix(path);
    fputs("out of memory\n", stderr);
  }
  return rc;
}
