/* check.c - validate one input file and print its diagnostics. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

typedef struct file_run {
  cli_opts *o;
  const char *path;
  int first_diag;
  uint32_t werrors;          /* warnings promoted by --Werror */
} file_run;

static sfv_severity effective(const file_run *fr, sfv_severity s) {
  if (fr->o->werror && s == SFV_SEV_WARNING)
    return SFV_SEV_ERROR;
  return s;
}

static int on_diag(void *ctx, const sfv_diag *d) {
  file_run *fr = ctx;
  char msg[512];
  const sfv_rule_info *ri = sfv_rule_get(d->rule);
  sfv_severity sev = effective(fr, d->severity);
  if (sev != d->severity)
    fr->werrors++;
  sfv_diag_message(d, msg, sizeof msg);
  if (fr->o->format == FMT_JSON) {
    fputs(fr->first_diag ? "\n    {" : ",\n    {", stdout);
    fr->first_diag = 0;
    fputs("\"rule\":", stdout);
    cli_json_str(stdout, ri->id);
    fputs(",\"severity\":", stdout);
    cli_json_str(stdout, sfv_severity_name(sev));
    printf(",\"offset\":%llu", (unsigned long long)d->offset);
    if (d->fde == SFV_NONE)
      fputs(",\"fde\":null", stdout);
    else
      printf(",\"fde\":%lld", (long long)d->fde);
    if (d->fre == SFV_NONE)
      fputs(",\"fre\":null", stdout);
    else
      printf(",\"fre\":%lld", (long long)d->fre);
    printf(",\"found\":%lld,\"expected\":%lld", (long long)d->found,
           (long long)d->expected);
    fputs(",\"message\":", stdout);
    cli_json_str(stdout, msg);
    fputc('}', stdout);
  } else if (!fr->o->quiet) {
    printf("%s: .sframe+0x%llx: %s: %s [%s]\n", fr->path,
           (unsigned long long)d->offset, sfv_severity_name(sev), msg, ri->id);
  }
  return 0;
}

void cli_begin(cli_opts *o) {
  if (o->format == FMT_JSON)
    fputs("{\"files\":[", stdout);
}

void cli_end(cli_opts *o) {
  if (o->format == FMT_JSON)
    fputs("\n]}\n", stdout);
  fflush(stdout);
}

static void json_file_head(cli_opts *o, const char *path, const char *fmt) {
  fputs(o->files_done ? ",\n {\"path\":" : "\n {\"path\":", stdout);
  cli_json_str(stdout, path);
  printf(",\"format\":\"%s\",\"diagnostics\":[", fmt);
  o->files_done++;
}

static int io_error(cli_opts *o, const char *path, const char *what) {
  fprintf(stderr, "sframe-validate: %s: %s\n", path, what);
  if (o->format == FMT_JSON) {
    json_file_head(o, path, "raw");
    fputs("],\"valid\":false,\"error\":", stdout);
    cli_json_str(stdout, what);
    fputc('}', stdout);
  }
  return 2;
}

int cli_check_file(cli_opts *o, const char *path) {
  int fd;
  struct stat st;
  const uint8_t *data = NULL;
  size_t size;
  void *map = NULL;
  void *scratch = NULL;
  sfv_options so;
  sfv_result res;
  sfv_section sec;
  file_run fr;
  int rc;

  fd = open(path, O_RDONLY);
  if (fd < 0)
    return io_error(o, path, strerror(errno));
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return io_error(o, path, "not a regular file");
  }
  size = (size_t)st.st_size;
  if (size > 0) {
    map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
      close(fd);
      return io_error(o, path, strerror(errno));
    }
    data = map;
  }
  close(fd);

  memset(&so, 0, sizeof so);
  so.max_diags = o->max_diags;
  if (o->unrelocated)
    so.flags |= SFV_OPT_UNRELOCATED;
  if (o->have_vma) {
    so.flags |= SFV_OPT_VMA;
    so.vma = o->vma;
  }
  if (size >= SFV_HEADER_SIZE && sfv_open(&sec, data, size) == SFV_OK) {
    so.scratch_size = sfv_scratch_size(sec.fde_avail);
    scratch = malloc(so.scratch_size);
    so.scratch = scratch;
  }

  memset(&fr, 0, sizeof fr);
  fr.o = o;
  fr.path = path;
  fr.first_diag = 1;
  if (o->format == FMT_JSON)
    json_file_head(o, path, "raw");
  sfv_validate(data, size, &so, on_diag, &fr, &res);
  free(scratch);
  if (map != NULL)
    munmap(map, size);

  rc = (res.errors + fr.werrors) > 0 ? 1 : 0;
  if (o->format == FMT_JSON) {
    printf("\n   ],\"valid\":%s,\"errors\":%u,\"warnings\":%u,\"notes\":%u,"
           "\"suppressed\":%u}",
           rc ? "false" : "true", res.errors + fr.werrors,
           res.warnings - fr.werrors, res.notes, res.suppressed);
  } else {
    printf("%s: %s: %u error%s, %u warning%s, %u note%s%s\n", path,
           rc ? "INVALID" : "valid", res.errors + fr.werrors,
           res.errors + fr.werrors == 1 ? "" : "s", res.warnings - fr.werrors,
           res.warnings - fr.werrors == 1 ? "" : "s", res.notes,
           res.notes == 1 ? "" : "s",
           res.suppressed ? " (some diagnostics suppressed)" : "");
  }
  return rc;
}
