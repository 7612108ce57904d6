/* SPDX-License-Identifier: MIT */
/* regression_driver.c - runs files through fuzz harnesses without a fuzzing
 * engine (gcc or clang, any sanitizer).
 *
 *   driver [--suffix=.sframe] FILE|DIR...
 *
 * Directories are walked recursively (sorted, hidden entries skipped);
 * files named *.dict, *.options, *.md, *.zip are not inputs.  --suffix
 * restricts directory walks to names with that suffix (files named
 * explicitly always run).
 *
 * Built once per harness (it calls LLVMFuzzerTestOneInput), or with
 * -DSFV_REPLAY_ALL, where every harness is compiled with its entry point
 * renamed to sfv_fuzz_<name> and each input runs through all of them that
 * were linked in (weak references; missing ones are listed at start).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef int (*fuzz_fn)(const uint8_t *, size_t);

#ifdef SFV_REPLAY_ALL
#define TARGETS(X) X(validate) X(lookup) X(dump) X(diff_libsframe) X(elf) X(cli_file) X(cfi) \
  X(baseline) X(archive) X(diff_libsframe_safe)
#define DECL(n) __attribute__((weak)) int sfv_fuzz_##n(const uint8_t *, size_t);
TARGETS(DECL)
#define ENTRY(n) {#n, sfv_fuzz_##n},
static const struct {
  const char *name;
  fuzz_fn fn;
} targets[] = {TARGETS(ENTRY)};
#define NTARGETS (sizeof targets / sizeof targets[0])
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#endif

static const char *suffix;
static unsigned long files_run;

static int has_suffix(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
}

static int skipped_name(const char *name) {
  return has_suffix(name, ".dict") || has_suffix(name, ".options") ||
         has_suffix(name, ".md") || has_suffix(name, ".zip");
}

static void run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  uint8_t *buf;
  long n;
  if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
      fseek(f, 0, SEEK_SET) != 0) {
    fprintf(stderr, "replay: cannot read %s\n", path);
    exit(2);
  }
  /* Exact-size heap copy, so ASan sees any read past the input. */
  buf = malloc(n > 0 ? (size_t)n : 1u);
  if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "replay: cannot read %s\n", path);
    exit(2);
  }
  fclose(f);
  if (getenv("SFV_REPLAY_VERBOSE"))
    fprintf(stderr, "replay: %s\n", path);
#ifdef SFV_REPLAY_ALL
  {
    /* SFV_REPLAY_ONLY=name runs one harness (to find an input quickly). */
    const char *only = getenv("SFV_REPLAY_ONLY");
    size_t t;
    for (t = 0; t < NTARGETS; t++)
      if (targets[t].fn != NULL && (only == NULL || strcmp(only, targets[t].name) == 0))
        (void)targets[t].fn(buf, (size_t)n);
  }
#else
  (void)LLVMFuzzerTestOneInput(buf, (size_t)n);
#endif
  free(buf);
  files_run++;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_path(const char *path, int top) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "replay: %s: not found\n", path);
    exit(2);
  }
  if (S_ISDIR(st.st_mode)) {
    DIR *d = opendir(path);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    if (d == NULL) {
      fprintf(stderr, "replay: cannot open %s\n", path);
      exit(2);
    }
    while ((e = readdir(d)) != NULL) {
      if (e->d_name[0] == '.')
        continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 64;
        names = realloc(names, cap * sizeof *names);
        if (names == NULL)
          exit(2);
      }
      names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
      if (names[n] == NULL)
        exit(2);
      sprintf(names[n], "%s/%s", path, e->d_name);
      n++;
    }
    closedir(d);
    if (n > 0)
      qsort(names, n, sizeof *names, cmp_str);
    for (i = 0; i < n; i++) {
      run_path(names[i], 0);
      free(names[i]);
    }
    free(names);
    return;
  }
  if (!top && (skipped_name(path) || (suffix != NULL && !has_suffix(path, suffix))))
    return;
  run_file(path);
}

int main(int argc, char **argv) {
  int i;
#ifdef SFV_REPLAY_ALL
  {
    size_t t;
    fputs("replay: harnesses:", stderr);
    for (t = 0; t < NTARGETS; t++)
      fprintf(stderr, " %s%s", targets[t].name, targets[t].fn ? "" : "(NOT LINKED)");
    fputc('\n', stderr);
  }
#endif
  for (i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--suffix=", 9) == 0) {
      suffix = argv[i] + 9;
      continue;
    }
    run_path(argv[i], 1);
  }
  fprintf(stderr, "replay: %lu inputs ran, no failure\n", files_run);
  return 0;
}
