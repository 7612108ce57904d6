/* SPDX-License-Identifier: MIT */
/* test_schema.c - the typed half of the catalogue (src/sfv_schema.def)
 * against the text half (src/sfv_rules.def): every rule has exactly one
 * schema row; every value a message prints is a named slot; the offset
 * space agrees with sfv_rule_file_offset(); named-enum values have names;
 * {slot:n} prints them. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sfv.h"

static const sfv_rule_id schema_rows[] = {
#define SFV_SCHEMA(E, space, fn, fk, en, ek, an, ak) SFV_R_##E,
#include "common/sfv_schema.def"
#undef SFV_SCHEMA
};

static void one_row_per_rule(void) {
  unsigned seen[SFV_RULE_COUNT] = {0}, i;
  for (i = 0; i < sizeof schema_rows / sizeof schema_rows[0]; i++)
    seen[schema_rows[i]]++;
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++)
    CHECKF(seen[i] == 1, "rule %s has %u schema rows (src/sfv_schema.def)",
           sfv_rule_get((sfv_rule_id)i)->id, seen[i]);
}

static void slots_match_messages(void) {
  static const char *const ph[3] = {"{found", "{expected", "{aux"};
  unsigned i, k;
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++) {
    const sfv_rule_info *ri = sfv_rule_get((sfv_rule_id)i);
    for (k = 0; k < 3; k++) {
      const sfv_slot_info *s = sfv_rule_slot((sfv_rule_id)i, k);
      int printed = strstr(ri->message, ph[k]) != NULL;
      CHECK(s != NULL);
      if (s == NULL)
        continue;
      CHECKF(!printed || s->kind != SFV_KIND_NONE,
             "%s prints %s} but the schema says the slot is unused", ri->id,
             ph[k]);
      CHECKF((s->kind == SFV_KIND_NONE) == (s->name == NULL),
             "%s slot %u: name and kind disagree", ri->id, k);
    }
    CHECKF(sfv_rule_file_offset((sfv_rule_id)i) ==
               (ri->space == SFV_SPACE_FILE),
           "%s: sfv_rule_file_offset() disagrees with the schema's space",
           ri->id);
  }
  CHECK(sfv_rule_slot(SFV_RULE_COUNT, 0) == NULL);
  CHECK(sfv_rule_slot(SFV_R_MAGIC, 3) == NULL);
}

static void enum_names(void) {
  sfv_diag d;
  char buf[256];
  memset(&d, 0, sizeof d);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_SKIP_REASON, 2), "no-scratch") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_SKIP_REASON, 4), "starts-all-zero") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_BYTE_ORDER, SFV_ORDER_BIG), "big") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_ENTITY, SFV_ENTITY_FP), "fp") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_PT_FIELD, SFV_PT_FILESZ), "p_filesz") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_TABLE, SFV_TABLE_SEGMENTS), "program-headers") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_CFI_UNREPR, SFV_UNREPR_CFA_REG), "cfa-register") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_CFI_UNREPR, SFV_UNREPR_RA_PC_SIGNED), "ra-signed-with-pc") == 0);
  CHECK(sfv_slot_value_name(SFV_KIND_E_CFI_UNREPR, 0) == NULL);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_CFI_ERR, SFV_CFI_ERR_OPCODE), "opcode") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_CFI_ERR, SFV_CFI_ERR_ADDR_SIZE), "address-size") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_HDR_FIELD, SFV_HDRF_VERSION), "version") == 0);
  CHECK(strcmp(sfv_slot_value_name(SFV_KIND_E_HDR_FIELD, SFV_HDRF_TABLE_ENC), "table_enc") == 0);
  CHECK(sfv_slot_value_name(SFV_KIND_E_HDR_FIELD, 6) == NULL);
  CHECK(sfv_rule_get(SFV_R_CFI_NOT_REPRESENTABLE)->found.kind == SFV_KIND_E_CFI_UNREPR);
  CHECK(sfv_rule_get(SFV_R_CFI_UNREADABLE)->aux.kind == SFV_KIND_E_CFI_ERR);
  CHECK(sfv_rule_get(SFV_R_CFI_HDR_HEADER)->aux.kind == SFV_KIND_E_HDR_FIELD);
  CHECK(sfv_slot_value_name(SFV_KIND_E_SKIP_REASON, 9) == NULL);
  CHECK(sfv_slot_value_name(SFV_KIND_COUNT, 1) == NULL);
  CHECK(strcmp(sfv_rule_get(SFV_R_CHECKS_SKIPPED)->aux.name, "reason") == 0);
  CHECK(sfv_rule_get(SFV_R_CHECKS_SKIPPED)->aux.kind == SFV_KIND_E_SKIP_REASON);
  CHECK(strcmp(sfv_rule_get(SFV_R_NUM_FRES_MISMATCH)->found.name, "sfh_num_fres") == 0);
  CHECK(strcmp(sfv_rule_get(SFV_R_NUM_FRES_MISMATCH)->expected.name, "fres_in_fdes") == 0);
  CHECK(sfv_rule_get(SFV_R_ELF_TRUNCATED)->space == SFV_SPACE_FILE);
  /* Messages name enum values. */
  d.rule = SFV_R_CHECKS_SKIPPED;
  d.aux = SFV_SKIP_BUDGET;
  sfv_diag_message(&d, buf, sizeof buf);
  CHECKF(strstr(buf, "work-budget") != NULL && strstr(buf, "(reason 3)") != NULL,
         "checks-skipped message: %s", buf);
  d.rule = SFV_R_CFI_NOT_REPRESENTABLE;
  d.found = SFV_UNREPR_CFA_REG;
  d.aux = 0x1060;
  sfv_diag_message(&d, buf, sizeof buf);
  CHECKF(strstr(buf, ": cfa-register (reason 2)") != NULL,
         "cfi-not-representable message: %s", buf);
  d.rule = SFV_R_CFI_UNREADABLE;
  d.found = 0;
  d.aux = SFV_CFI_ERR_OPCODE;
  sfv_diag_message(&d, buf, sizeof buf);
  CHECKF(strstr(buf, ": opcode (reason 8)") != NULL, "cfi-unreadable message: %s", buf);
  d.rule = SFV_R_CFI_HDR_HEADER;
  d.aux = SFV_HDRF_VERSION;
  sfv_diag_message(&d, buf, sizeof buf);
  CHECKF(strstr(buf, "version (field 0)") != NULL, "cfi-hdr-header message: %s", buf);
  d.rule = SFV_R_FRE_SAVE_OFFSET;
  d.found = -12;
  d.aux = SFV_ENTITY_RA;
  sfv_diag_message(&d, buf, sizeof buf);
  CHECKF(strstr(buf, "saves ra at CFA-12") != NULL, "fre-save-offset message: %s",
         buf);
}

int main(void) {
  one_row_per_rule();
  slots_match_messages();
  enum_names();
  return t_exit("test_schema");
}
