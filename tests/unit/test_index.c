/* SPDX-License-Identifier: MIT */
/* test_index.c - the lookup index (sfv_index_*) against sfv_find_fre() on
 * every section the tests have: the conformance cases (the generator's
 * sections), tests/findings, the lookup fuzz corpus, tests/unit/data, and
 * the real-toolchain corpus (build/realworld, its linked ELF files at
 * their own addresses) when it is built.  At each section's PCs of
 * interest (index_check.h) the index gives sfv_find_fre()'s status and
 * every field, or its build refuses with SFV_E_UNINDEXABLE.  Real linked
 * output must index.  The synthetic random sections (sorted, shuffled,
 * MASK, v1, FREs out of order) are test_lookup.c's.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "index_check.h"
#include "sfv.h"

typedef struct tally {
  unsigned files, indexed, refused;
} tally;

static unsigned char *slurp_all(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  unsigned char *p = NULL;
  long len;
  *n = 0;
  if (f == NULL)
    return NULL;
  if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
    p = malloc((size_t)len + 1u);
    if (p != NULL && fread(p, 1, (size_t)len, f) == (size_t)len)
      *n = (size_t)len;
  }
  fclose(f);
  return p;
}

/* One section at vma: indexed or refused, never anything else. */
static sfv_status one(const unsigned char *data, size_t n, uint64_t vma, const char *ctx,
                      tally *t) {
  sfv_section sec;
  sfv_status st;
  if (sfv_open(&sec, data, n) != SFV_OK)
    return SFV_E_ARG;
  sfv_set_vma(&sec, vma);
  st = index_check(&sec, NULL, 0, ctx);
  t->indexed += st == SFV_OK;
  t->refused += st == SFV_E_UNINDEXABLE;
  return st;
}

/* Every regular file of a flat directory, as a raw section at vma 0 and
 * at 0x400000. */
static void dir_sections(const char *dir, tally *t) {
  DIR *d = opendir(dir);
  struct dirent *e;
  CHECKF(d != NULL, "%s: cannot open", dir);
  if (d == NULL)
    return;
  while ((e = readdir(d)) != NULL) {
    char path[1024];
    size_t n;
    unsigned char *data;
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    data = slurp_all(path, &n);
    if (data == NULL)
      continue;
    t->files++;
    (void)one(data, n, 0, path, t);
    (void)one(data, n, 0x400000, path, t);
    free(data);
  }
  closedir(d);
}

/* The linked files of the real corpus, at their section's address. */
static void realworld(const char *root, tally *t) {
  char path[2200], line[1024];
  FILE *m;
  snprintf(path, sizeof path, "%s/MANIFEST.tsv", root);
  m = fopen(path, "r");
  if (m == NULL) {
    printf("test_index: LOUD SKIP: %s not built (tests/realworld/build-corpus.sh): "
           "real-toolchain sections not indexed here\n", root);
    return;
  }
  while (fgets(line, sizeof line, m) != NULL) {
    char *tab = strchr(line, '\t'), *kind;
    size_t n;
    unsigned char *data;
    sfv_elf elf;
    if (tab == NULL || strncmp(line, "path\t", 5) == 0)
      continue;
    *tab = '\0';
    kind = strchr(tab + 1, '\t');
    kind = kind ? strchr(kind + 1, '\t') : NULL;
    if (kind == NULL || strncmp(kind + 1, "o\t", 2) == 0)
      continue; /* relocatable: starts await the link */
    snprintf(path, sizeof path, "%s/%s", root, line);
    data = slurp_all(path, &n);
    CHECKF(data != NULL, "%s: listed, not readable", path);
    if (data == NULL)
      continue;
    if (sfv_elf_open(&elf, data, n) == SFV_OK && elf.sframe_data != NULL) {
      t->files++;
      CHECK_EQ(one(elf.sframe_data, elf.sframe_len, elf.sframe_addr, path, t), SFV_OK,
               path);
    }
    free(data);
  }
  fclose(m);
}

int main(int argc, char **argv) {
  static const char *dirs[] = {"conformance/cases", "tests/findings", "corpus/lookup",
                               "tests/unit/data"};
  tally t = {0, 0, 0};
  unsigned i;
  index_check_limits(256, 16);
  for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
    dir_sections(dirs[i], &t);
  CHECKF(t.files > 900, "only %u section files", t.files);
  CHECKF(t.indexed > t.files, "only %u of %u indexed", t.indexed, 2 * t.files);
  realworld(argc > 1 ? argv[1] : "build/realworld", &t);
  printf("test_index: %u files, %u indexed, %u refused (SFV_E_UNINDEXABLE)\n", t.files,
         t.indexed, t.refused);
  return t_exit("test_index");
}
