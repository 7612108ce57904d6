/* SPDX-License-Identifier: MIT */
/* cfi_corpus.c - runs libsfv's .sframe vs .eh_frame comparison
 * (sfv_cfi_compare) on ELF files, with sections taken by libelf (relocatable
 * files relocated in memory by elf_sections.h), and prints every
 * diagnostic as "PATH: severity rule-id: message" and a summary line:
 *   files F compared C functions N intervals I pc_bytes B cfi_rows R
 *   only_cfi X only_sframe Y mask_skipped M mismatched Z errors E warnings W
 *   notes O
 * Exit status 1 when any diagnostic is an error (or a file cannot be read).
 * Arguments: ELF paths, or "-" to read paths from stdin.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sfv.h"
#include "elf_sections.h"

static unsigned long n_files, n_compared;
static sfv_cfi_compare_result tot;
static int quiet_notes;

typedef struct dctx {
  const char *path;
} dctx;

static int on_diag(void *ctx, const sfv_diag *d) {
  const dctx *c = ctx;
  char msg[512];
  if (quiet_notes && d->severity == SFV_SEV_NOTE)
    return 0;
  sfv_diag_message(d, msg, sizeof msg);
  printf("%s: %s %s: %s\n", c->path, sfv_severity_name(d->severity),
         sfv_rule_get(d->rule)->id, msg);
  return 0;
}

static void do_file(const char *path) {
  int fd = open(path, O_RDONLY);
  Elf *elf;
  GElf_Ehdr eh;
  GElf_Shdr ehsh, sfsh;
  Elf_Data *ehd = NULL, *sfd = NULL;
  size_t ehidx, sfidx;
  sfv_section sec;
  sfv_cfi cfi;
  sfv_cfi_compare_options opt = {0};
  sfv_cfi_compare_result r;
  dctx c = {path};
  void *scratch;

  if (fd < 0 || (elf = elf_begin(fd, ELF_C_READ_MMAP_PRIVATE, NULL)) == NULL ||
      gelf_getehdr(elf, &eh) == NULL) {
    fprintf(stderr, "%s: cannot read ELF\n", path);
    n_errors++;
    if (fd >= 0)
      close(fd);
    return;
  }
  n_files++;
  if (eh.e_type == ET_REL)
    es_layout(elf);
  ehidx = es_find(elf, ".eh_frame", &ehsh, &ehd);
  sfidx = es_find(elf, ".sframe", &sfsh, &sfd);
  if (!ehidx || !sfidx)
    goto out;
  if (eh.e_type == ET_REL) {
    n_errors += es_relocate(elf, &eh, ehidx, ehd, path, 0);
    n_errors += es_relocate(elf, &eh, sfidx, sfd, path,
                            sfd->d_size > 3 && !(((unsigned char *)sfd->d_buf)[3] & 0x4));
  }
  if (sfv_open(&sec, sfd->d_buf, sfd->d_size) != SFV_OK) {
    fprintf(stderr, "%s: .sframe does not open\n", path);
    n_errors++;
    goto out;
  }
  sfv_set_vma(&sec, sfsh.sh_addr);
  sfv_cfi_init(&cfi, ehd->d_buf, ehd->d_size, SFV_CFI_EH_FRAME,
               eh.e_ident[EI_DATA] == ELFDATA2MSB, eh.e_ident[EI_CLASS] == ELFCLASS64 ? 8 : 4,
               eh.e_machine, ehsh.sh_addr);
  opt.scratch_size = sfv_cfi_scratch_size(sec.hdr.num_fdes);
  scratch = malloc(opt.scratch_size);
  opt.scratch = scratch;
  opt.max_diags = 100000;
  if (sfv_cfi_compare(&sec, &cfi, &opt, on_diag, &c, &r) != SFV_OK) {
    fprintf(stderr, "%s: sfv_cfi_compare failed\n", path);
    n_errors++;
  } else {
    n_compared++;
    tot.errors += r.errors;
    tot.warnings += r.warnings;
    tot.notes += r.notes;
    tot.functions += r.functions;
    tot.intervals += r.intervals;
    tot.pc_bytes += r.pc_bytes;
    tot.cfi_rows += r.cfi_rows;
    tot.only_cfi += r.only_cfi;
    tot.only_sframe += r.only_sframe;
    tot.mask_skipped += r.mask_skipped;
    tot.mismatched += r.mismatched;
    if (!r.reverse_checked || !r.complete) {
      fprintf(stderr, "%s: comparison incomplete\n", path);
      n_errors++;
    }
  }
  free(scratch);
out:
  elf_end(elf);
  close(fd);
}

int main(int argc, char **argv) {
  int i;
  elf_version(EV_CURRENT);
  quiet_notes = getenv("CFI_CORPUS_NOTES") == NULL;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-") == 0) {
      char line[4096];
      while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0])
          do_file(line);
      }
    } else {
      do_file(argv[i]);
    }
  }
  printf("files %lu compared %lu functions %u intervals %" PRIu64 " pc_bytes %" PRIu64
         " cfi_rows %" PRIu64 " only_cfi %u only_sframe %u mask_skipped %u mismatched %u"
         " errors %u warnings %u notes %u read_errors %lu\n",
         n_files, n_compared, tot.functions, tot.intervals, tot.pc_bytes, tot.cfi_rows,
         tot.only_cfi, tot.only_sframe, tot.mask_skipped, tot.mismatched, tot.errors,
         tot.warnings, tot.notes, n_errors);
  return tot.errors || n_errors || n_compared == 0 ? 1 : 0;
}
