/* SPDX-License-Identifier: MIT */
/* bench.c - libsfv against GNU libsframe, side by side in one run
 * (make bench; docs/PERFORMANCE.md).
 *
 *   bench [-o RESULTS.tsv] [-q] INPUT...
 *
 * INPUT is an ELF file (its SFrame section at its real address: sh_addr of
 * .sframe, or p_vaddr of PT_GNU_SFRAME) or a raw section, optionally
 * FILE@VMA.  Per input, each operation is timed REPS times (every
 * repetition a loop of at least ~20 ms of this thread's CPU time) and
 * reported as min and median:
 *   validate      sfv_validate with scratch / without scratch (diagnostics
 *                 delivered to a counting callback, default cap 1000)
 *   walk          libsfv sfv_open + every FDE + every FRE (like for like)
 *   ls2.47 walk   libsframe sframe_decode + every FDE and FRE + free
 *   ls2.44 walk   the same with binutils 2.44 (v1/v2 without PCREL)
 *   lookup        sfv_find_fre vs sframe_find_fre on one shuffled PC set:
 *                 function starts, middles, last bytes, one past the end
 *                 (next function or a miss), below the first function;
 *                 and the lookup index (sfv_index_find) on the same PCs,
 *                 its build time (ns per FDE) and bytes, its answers
 *                 compared with sfv_find_fre's PC by PC
 * Ratios are ours/theirs on the min (the machine may be shared: only
 * numbers from one run are compared).  Nothing here fails on speed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sfv.h"
#include "bench_ls.h"
#include "bench_util.h"

#define MAX_PCS 100000u
/* PCs x FDEs of a timed linear (unsorted) lookup loop, at most. */
#define LINEAR_WORK 50000000u

typedef struct input {
  const char *path;
  unsigned char *file;       /* whole file (freed at the end) */
  const unsigned char *data; /* the SFrame section */
  size_t size;
  uint64_t vma;
  int elf;
} input;

/* ------------------------------------------------------------ inputs */

static int load_input(const char *arg, input *in) {
  char path[4096];
  const char *at = strrchr(arg, '@');
  size_t n = 0;
  memset(in, 0, sizeof *in);
  if (at != NULL && (size_t)(at - arg) < sizeof path) {
    memcpy(path, arg, (size_t)(at - arg));
    path[at - arg] = '\0';
    in->vma = strtoull(at + 1, NULL, 0);
  } else {
    snprintf(path, sizeof path, "%s", arg);
  }
  in->path = arg;
  in->file = bench_slurp(path, &n);
  if (in->file == NULL)
    return 0;
  in->data = in->file;
  in->size = n;
  if (n >= 4 && memcmp(in->file, "\177ELF", 4) == 0) {
    sfv_elf e;
    if (sfv_elf_open(&e, in->file, n) != SFV_OK || e.sframe_data == NULL)
      return 0;
    in->data = e.sframe_data;
    in->size = e.sframe_len;
    in->vma = e.e_type == 1 /* ET_REL */ ? 0 : e.sframe_addr;
    in->elf = 1;
  }
  return 1;
}

/* ------------------------------------------------------------ operations */

typedef struct vjob {
  const input *in;
  sfv_options opt;
  sfv_result res;
  uint64_t diags;
} vjob;

static int count_diag(void *ctx, const sfv_diag *d) {
  (void)d;
  ++*(uint64_t *)ctx;
  return 0;
}

static void op_validate(void *p) {
  vjob *j = p;
  sfv_validate(j->in->data, j->in->size, &j->opt, count_diag, &j->diags, &j->res);
}

typedef struct wjob {
  const input *in;
  long long sum;
  uint64_t fres;
  int failed;
} wjob;

/* libsfv's decode + walk: what a consumer that trusts the section does. */
static void op_sfv_walk(void *p) {
  wjob *j = p;
  sfv_section sec;
  uint32_t i;
  j->fres = 0;
  if (sfv_open(&sec, j->in->data, j->in->size) != SFV_OK) {
    j->failed = 1;
    return;
  }
  for (i = 0; i < sec.fde_avail; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    sfv_fre r;
    if (sfv_fde_get(&sec, i, &f) != SFV_OK)
      continue;
    j->sum += f.start + f.size + f.info;
    if (sfv_fre_iter_init(&it, &sec, &f, 0) != SFV_OK)
      continue;
    while (sfv_fre_next(&it, &r) == SFV_OK) {
      j->sum += r.start + r.info;
      j->fres++;
    }
  }
}

static void op_ls47_walk(void *p) {
  wjob *j = p;
  j->fres = 0;
  long long s = ls47_decode_walk(j->in->data, j->in->size, &j->fres);
  if (s == -1)
    j->failed = 1;
  j->sum += s;
}

static void op_ls44_walk(void *p) {
  wjob *j = p;
  j->fres = 0;
  long long s = ls44_decode_walk(j->in->data, j->in->size, &j->fres);
  if (s == -1)
    j->failed = 1;
  j->sum += s;
}

typedef struct ljob {
  const sfv_section *sec;
  void *ls;                  /* libsframe decoder */
  int (*ls_find)(void *, int64_t, uint64_t *);
  const uint64_t *pcs;
  size_t npcs;
  uint64_t vma;
  uint64_t found;
} ljob;

static void op_sfv_lookup(void *p) {
  ljob *j = p;
  size_t i;
  for (i = 0; i < j->npcs; i++) {
    sfv_lookup lk;
    j->found += sfv_find_fre(j->sec, j->pcs[i], &lk) == SFV_OK;
  }
}

typedef struct ixjob {
  const sfv_index *ix;
  const uint64_t *pcs;
  size_t npcs;
  uint64_t found;
} ixjob;

/* The lookup index: the compact answer (status, FDE, FRE, rules pointer). */
static void op_ix_lookup(void *p) {
  ixjob *j = p;
  size_t i;
  for (i = 0; i < j->npcs; i++) {
    sfv_index_hit h;
    j->found += sfv_index_find(j->ix, j->pcs[i], &h) == SFV_OK;
  }
}

typedef struct bjob {
  const sfv_section *sec;
  sfv_index ix;
  void *mem;
  size_t cap;
  sfv_status st;
} bjob;

static void op_ix_build(void *p) {
  bjob *j = p;
  j->st = sfv_index_build(&j->ix, j->sec, j->mem, j->cap);
}

/* The index's answers against sfv_find_fre()'s, PC by PC (not timed):
 * status, FDE, FRE, function and FRE start. */
static size_t index_disagreements(const sfv_index *ix, const uint64_t *pcs, size_t n) {
  size_t i, bad = 0;
  for (i = 0; i < n; i++) {
    sfv_lookup lk;
    sfv_index_hit h;
    sfv_status a = sfv_find_fre(ix->sec, pcs[i], &lk), b = sfv_index_find(ix, pcs[i], &h);
    if (a != b || (a == SFV_OK && (h.fde != lk.fde.index || h.fre != lk.fre.index ||
                                   h.func_start != lk.func_start ||
                                   h.fre_start != lk.fre_start)))
      bad++;
  }
  return bad;
}

static void op_ls_lookup(void *p) {
  ljob *j = p;
  size_t i;
  for (i = 0; i < j->npcs; i++) {
    uint64_t key;
    j->found += (uint64_t)j->ls_find(j->ls, (int64_t)(j->pcs[i] - j->vma), &key);
  }
}

/* PC set: per FDE start, middle, last byte, one past the end; one PC below
 * the first function.  At most MAX_PCS (FDEs sampled evenly), shuffled. */
static size_t make_pcs(const sfv_section *sec, uint64_t *pcs) {
  size_t n = 0;
  uint32_t i, step = sec->fde_avail / (MAX_PCS / 4) + 1;
  uint64_t lowest = UINT64_MAX, rnd = 0x9e3779b97f4a7c15u;
  for (i = 0; i < sec->fde_avail && n + 4 <= MAX_PCS; i += step) {
    sfv_fde f;
    uint64_t a;
    if (sfv_fde_get(sec, i, &f) != SFV_OK || f.size == 0 ||
        sfv_fde_func_start(sec, &f, &a) != SFV_OK)
      continue;
    pcs[n++] = a;
    pcs[n++] = a + f.size / 2;
    pcs[n++] = a + f.size - 1;
    pcs[n++] = a + f.size;
    if (a < lowest)
      lowest = a;
  }
  if (n > 0 && lowest > 0 && n < MAX_PCS)
    pcs[n++] = lowest - 1;
  for (i = (uint32_t)n; i > 1; i--) { /* Fisher-Yates, fixed seed */
    uint64_t t;
    uint32_t k;
    rnd ^= rnd << 13;
    rnd ^= rnd >> 7;
    rnd ^= rnd << 17;
    k = (uint32_t)(rnd % i);
    t = pcs[i - 1];
    pcs[i - 1] = pcs[k];
    pcs[k] = t;
  }
  return n;
}

/* Answers compared PC by PC (not timed): found/not found, FRE start, info. */
static size_t lookup_disagreements(const sfv_section *sec, void *ls,
                                   int (*ls_find)(void *, int64_t, uint64_t *),
                                   const uint64_t *pcs, size_t n, uint64_t vma) {
  size_t i, bad = 0;
  for (i = 0; i < n; i++) {
    sfv_lookup lk;
    uint64_t key = 0;
    int ours = sfv_find_fre(sec, pcs[i], &lk) == SFV_OK;
    int theirs = ls_find(ls, (int64_t)(pcs[i] - vma), &key);
    if (ours != theirs ||
        (ours && key != (((uint64_t)lk.fre.start << 8) | lk.fre.info)))
      bad++;
  }
  return bad;
}

/* libsframe aborts on some sections (assertions in sframe_decoder_get_fre
 * and sframe_find_fre): everything the bench will time is run once in a
 * forked child first.  0: it reads the section; 1: it rejects it (decode
 * error); 2: it crashes (signal), and is then not timed. */
static int peer_probe(int v47, const input *in, const uint64_t *pcs, size_t npcs) {
  pid_t pid = fork();
  int status = 0;
  if (pid < 0)
    return 2;
  if (pid == 0) {
    wjob w = {in, 0, 0, 0};
    FILE *quiet = freopen("/dev/null", "w", stderr); /* its assertion text */
    (void)quiet;
    void *ctx;
    size_t i;
    uint64_t key;
    (v47 ? op_ls47_walk : op_ls44_walk)(&w);
    if (w.failed)
      _exit(3);
    ctx = (v47 ? ls47_open : ls44_open)(in->data, in->size);
    for (i = 0; ctx != NULL && i < npcs; i++)
      (void)(v47 ? ls47_find : ls44_find)(ctx, (int64_t)(pcs[i] - in->vma), &key);
    _exit(0);
  }
  if (waitpid(pid, &status, 0) != pid || WIFSIGNALED(status))
    return 2;
  return WEXITSTATUS(status) == 0 ? 0 : 1;
}

static const char *peer_state(int available, int probe) {
  return !available ? "n/a (not linked)"
         : probe == 2 ? "CRASHES on this section (signal in a forked probe): not timed"
                      : "does not read this section";
}

/* ------------------------------------------------------------ one input */

static void bench_input(const input *in, FILE *tsv, int quick) {
  sfv_section sec;
  void *scratch;
  size_t scratch_size;
  vjob vs, vn;
  wjob ws = {0}, w47 = {0}, w44 = {0};
  bstat s_vs, s_vn, s_ws, s_47, s_44;
  double mb = (double)in->size / 1e6;
  uint8_t ver;
  int have47, have44, p47, p44;
  uint64_t *pcs;
  size_t npcs;

  if (sfv_open(&sec, in->data, in->size) != SFV_OK) {
    printf("%s: not a readable SFrame section\n", in->path);
    return;
  }
  ver = sec.hdr.version;
  sfv_set_vma(&sec, in->vma);
  scratch_size = sfv_scratch_size(sec.fde_avail);
  scratch = malloc(scratch_size);

  vs = (vjob){in, {0}, {0}, 0};
  vs.opt.scratch = scratch;
  vs.opt.scratch_size = scratch_size;
  if (in->elf || in->vma != 0) {
    vs.opt.flags = SFV_OPT_VMA;
    vs.opt.vma = in->vma;
  }
  vn = vs;
  vn.opt.scratch = NULL;
  vn.opt.scratch_size = 0;
  ws.in = w47.in = w44.in = in;

  s_vs = bench_time(op_validate, &vs, quick);
  s_vn = bench_time(op_validate, &vn, quick);
  s_ws = bench_time(op_sfv_walk, &ws, quick);
  /* libsframe rejects what it cannot read, and crashes on some of what
   * it can: probe in a child, untimed. */
  pcs = malloc(MAX_PCS * sizeof *pcs);
  npcs = make_pcs(&sec, pcs);
  p47 = p44 = 1;
  if (ls47_available() && ver >= 2)
    p47 = peer_probe(1, in, pcs, npcs);
  if (ls44_available() && ver <= 2 && !(sec.hdr.flags & SFV_F_FDE_FUNC_START_PCREL))
    p44 = peer_probe(0, in, pcs, npcs);
  have47 = p47 == 0;
  have44 = p44 == 0;
  if (have47)
    s_47 = bench_time(op_ls47_walk, &w47, quick);
  if (have44)
    s_44 = bench_time(op_ls44_walk, &w44, quick);

  printf("\n%s\n  SFrame v%u, %zu bytes, %u FDEs, %llu FREs, vma 0x%llx, "
         "%s; diagnostics: %u errors %u warnings %u notes\n",
         in->path, ver, in->size, sec.fde_avail, (unsigned long long)ws.fres,
         (unsigned long long)in->vma,
         sfv_fdes_verified_sorted(&sec) ? "sorted+disjoint (binary search)" : "not sorted (linear lookup)",
         vs.res.errors, vs.res.warnings, vs.res.notes);
  printf("  %-28s %10s %10s %12s %12s\n", "operation", "min", "median",
         "MB/s(min)", "MB/s(med)");
  bench_row("validate (scratch)", &s_vs, mb);
  bench_row("validate (no scratch)", &s_vn, mb);
  bench_row("libsfv open+walk", &s_ws, mb);
  if (have47)
    bench_row("libsframe 2.47 decode+walk", &s_47, mb);
  else
    printf("  %-28s %s\n", "libsframe 2.47 decode+walk", peer_state(ls47_available(), p47));
  if (have44)
    bench_row("libsframe 2.44 decode+walk", &s_44, mb);
  else
    printf("  %-28s %s\n", "libsframe 2.44 decode+walk", peer_state(ls44_available(), p44));
  if (vs.res.errors + vs.res.warnings + vs.res.notes > SFV_DEFAULT_MAX_DIAGS) {
    /* Every diagnostic delivered, none suppressed: the cost of reporting. */
    vjob vu = vs;
    bstat s_vu;
    vu.opt.max_diags = UINT32_MAX;
    s_vu = bench_time(op_validate, &vu, quick);
    bench_row("validate (all diags, scratch)", &s_vu, mb);
    printf("  %-28s %.1f ns per diagnostic delivered\n", "",
           (s_vu.min - s_vs.min) * 1e9 /
               (double)(vs.res.errors + vs.res.warnings + vs.res.notes));
  }
  if (have47)
    printf("  ratio validate(scratch) vs 2.47 walk: %.2fx (min) %.2fx (median)\n",
           s_47.min / s_vs.min, s_47.med / s_vs.med);
  if (have44)
    printf("  ratio validate(scratch) vs 2.44 walk: %.2fx (min) %.2fx (median)\n",
           s_44.min / s_vs.min, s_44.med / s_vs.med);
  if (tsv != NULL) {
    fprintf(tsv, "%s\t%u\t%zu\t%u\t%llu\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g",
            in->path, ver, in->size, sec.fde_avail, (unsigned long long)ws.fres,
            s_vs.min, s_vs.med, s_vn.min, s_vn.med, s_ws.min, s_ws.med,
            have47 ? s_47.min : 0.0, have44 ? s_44.min : 0.0);
  }

  /* Lookups. */
  {
    ljob lo = {&sec, NULL, NULL, pcs, npcs, in->vma, 0};
    ljob lt = lo;
    bstat s_lo, s_lt = {0};
    double ix_ns = 0.0;
    size_t ix_bytes = 0;
    int have_lt = 0;
    uint64_t found;
    const char *peer = "";
    if (npcs == 0) {
      printf("  lookup: no function start resolves to an address: skipped "
             "(vma 0x%llx)\n", (unsigned long long)in->vma);
      if (tsv != NULL)
        fprintf(tsv, "\t0\t0\t0\t0\t0\t%d\t%d\t0\n", p47, p44);
      free(pcs);
      free(scratch);
      return;
    }
    /* The reader of the binutils that wrote the section: 2.44 for v1 and
     * for v2 without the PC-relative flag, when it reads them. */
    if (have47 && !(have44 && ver == 2)) {
      lt.ls = ls47_open(in->data, in->size);
      lt.ls_find = ls47_find;
      peer = "sframe_find_fre 2.47";
    } else if (have44) {
      lt.ls = ls44_open(in->data, in->size);
      lt.ls_find = ls44_find;
      peer = "sframe_find_fre 2.44";
    }
    have_lt = lt.ls != NULL && (sec.hdr.flags & SFV_F_FDE_SORTED);
    /* A linear lookup reads every FDE: keep PCs x FDEs near LINEAR_WORK
     * so that the timed loop stays seconds, not hours (the PC set is
     * shuffled: its head is a fair sample). */
    if (!sfv_fdes_verified_sorted(&sec) && sec.fde_avail > 0 &&
        npcs > LINEAR_WORK / sec.fde_avail) {
      size_t keep = LINEAR_WORK / sec.fde_avail;
      keep = keep < 16 ? 16 : keep;
      if (keep < npcs) {
        printf("  lookup: linear search over %u FDEs: %zu of the %zu PCs\n",
               sec.fde_avail, keep, npcs);
        npcs = keep;
        lo.npcs = lt.npcs = npcs;
      }
    }
    op_sfv_lookup(&lo); /* untimed: how many PCs have an answer */
    found = lo.found;
    s_lo = bench_time(op_sfv_lookup, &lo, quick);
    printf("  lookup, %zu PCs (%s search): sfv_find_fre %.1f ns min, %.1f ns median, "
           "%.1f%% found\n", npcs, sfv_fdes_verified_sorted(&sec) ? "binary" : "linear",
           s_lo.min / (double)npcs * 1e9, s_lo.med / (double)npcs * 1e9,
           100.0 * (double)found / (double)npcs);
    if (have_lt) {
      size_t bad = lookup_disagreements(&sec, lt.ls, lt.ls_find, pcs, npcs, in->vma);
      s_lt = bench_time(op_ls_lookup, &lt, quick);
      printf("  lookup, same PCs: %s %.1f ns min, %.1f ns median; "
             "ratio %.2fx (min) %.2fx (median); answers differ at %zu PCs\n",
             peer, s_lt.min / (double)npcs * 1e9, s_lt.med / (double)npcs * 1e9,
             s_lt.min / s_lo.min, s_lt.med / s_lo.med, bad);
    } else if (lt.ls != NULL) {
      printf("  lookup: libsframe's sframe_find_fre needs SFRAME_F_FDE_SORTED: "
             "not compared\n");
    }
    /* The lookup index (sfv_index_*): build cost, bytes, lookups on the
     * same PCs, answers compared with sfv_find_fre's. */
    {
      bjob bj = {&sec, {0}, NULL, 0, SFV_E_ARG};
      sfv_status zs = sfv_index_size(&sec, &bj.cap);
      ix_ns = 0.0;
      if (zs == SFV_OK && (bj.mem = malloc(bj.cap ? bj.cap : 1)) != NULL) {
        bstat s_ib, s_ix;
        ixjob ij;
        op_ix_build(&bj);
        if (bj.st == SFV_OK) {
          ij = (ixjob){&bj.ix, pcs, npcs, 0};
          s_ib = bench_time(op_ix_build, &bj, quick);
          s_ix = bench_time(op_ix_lookup, &ij, quick);
          ix_ns = s_ix.min / (double)npcs * 1e9;
          ix_bytes = bj.cap;
          printf("  lookup, same PCs: index (sfv_index_find) %.1f ns min, %.1f ns median; "
                 "%.2fx sfv_find_fre", ix_ns, s_ix.med / (double)npcs * 1e9,
                 s_lo.min / s_ix.min);
          if (have_lt)
            printf(", %.2fx %s", s_lt.min / s_ix.min, peer);
          printf("; answers differ at %zu PCs\n",
                 index_disagreements(&bj.ix, pcs, npcs));
          printf("  index build: %.1f us min (%.1f ns per FDE), %zu bytes (%.2fx the section, "
                 "%u functions, %u FRE slots, %u rule entries)\n", s_ib.min * 1e6,
                 sec.fde_avail ? s_ib.min * 1e9 / sec.fde_avail : 0.0, bj.cap,
                 (double)bj.cap / (double)in->size, bj.ix.nfns, bj.ix.nfres, bj.ix.nrules);
        } else {
          printf("  lookup index: build refused (%s): sfv_find_fre only\n",
                 sfv_status_name(bj.st));
        }
        free(bj.mem);
      } else {
        printf("  lookup index: %s: sfv_find_fre only\n", sfv_status_name(zs));
      }
    }
    if (tsv != NULL)
      fprintf(tsv, "\t%zu\t%.6g\t%.6g\t%.6g\t%.6g\t%d\t%d\t%zu\n", npcs,
              s_lo.min / (double)npcs * 1e9, s_lo.med / (double)npcs * 1e9,
              have_lt ? s_lt.min / (double)npcs * 1e9 : 0.0, ix_ns, p47, p44, ix_bytes);
    if (lt.ls != NULL)
      (lt.ls_find == ls47_find ? ls47_close : ls44_close)(lt.ls);
    free(pcs);
  }
  free(scratch);
}

/* -p OP N INPUT: only OP (validate, walk, lookup, index-lookup, ls-lookup), N times, untimed: for
 * profilers (perf record, valgrind --tool=callgrind). */
static int profile(const char *op, long n, const char *arg) {
  input in;
  sfv_section sec;
  long k;
  if (!load_input(arg, &in) || sfv_open(&sec, in.data, in.size) != SFV_OK)
    return 2;
  sfv_set_vma(&sec, in.vma);
  if (strcmp(op, "validate") == 0) {
    vjob j = {&in, {0}, {0}, 0};
    j.opt.scratch_size = sfv_scratch_size(sec.fde_avail);
    j.opt.scratch = malloc(j.opt.scratch_size);
    for (k = 0; k < n; k++)
      op_validate(&j);
    printf("%llu diagnostics\n", (unsigned long long)j.diags);
    free(j.opt.scratch);
  } else if (strcmp(op, "walk") == 0) {
    wjob j = {&in, 0, 0, 0};
    for (k = 0; k < n; k++)
      op_sfv_walk(&j);
  } else if (strcmp(op, "lookup") == 0) {
    uint64_t *pcs = malloc(MAX_PCS * sizeof *pcs);
    ljob j = {&sec, NULL, NULL, pcs, make_pcs(&sec, pcs), in.vma, 0};
    double best = 0;
    for (k = 0; k < n; k++) {
      double t = bench_now();
      op_sfv_lookup(&j);
      t = bench_now() - t;
      if (k == 0 || t < best)
        best = t;
    }
    printf("%llu found, %zu PCs; %.1f ns per lookup (fastest pass of %ld)\n",
           (unsigned long long)j.found, j.npcs,
           best * 1e9 / (double)(j.npcs ? j.npcs : 1), n);
    free(pcs);
  } else if (strcmp(op, "index-lookup") == 0) {
    uint64_t *pcs = malloc(MAX_PCS * sizeof *pcs);
    bjob bj = {&sec, {0}, NULL, 0, SFV_E_ARG};
    ixjob j = {&bj.ix, pcs, make_pcs(&sec, pcs), 0};
    double best = 0;
    if (sfv_index_size(&sec, &bj.cap) != SFV_OK || (bj.mem = malloc(bj.cap)) == NULL ||
        (op_ix_build(&bj), bj.st) != SFV_OK) {
      printf("index: not built\n");
      return 2;
    }
    for (k = 0; k < n; k++) {
      double t = bench_now();
      op_ix_lookup(&j);
      t = bench_now() - t;
      if (k == 0 || t < best)
        best = t;
    }
    printf("%llu found, %zu PCs; %.1f ns per index lookup (fastest pass of %ld)\n",
           (unsigned long long)j.found, j.npcs,
           best * 1e9 / (double)(j.npcs ? j.npcs : 1), n);
    free(bj.mem);
    free(pcs);
  } else if (strcmp(op, "ls-lookup") == 0 && ls47_available()) {
    uint64_t *pcs = malloc(MAX_PCS * sizeof *pcs);
    ljob j = {&sec, ls47_open(in.data, in.size), ls47_find, pcs,
              make_pcs(&sec, pcs), in.vma, 0};
    for (k = 0; k < n && j.ls != NULL; k++)
      op_ls_lookup(&j);
    printf("%llu found\n", (unsigned long long)j.found);
    if (j.ls != NULL)
      ls47_close(j.ls);
    free(pcs);
  } else {
    return 2;
  }
  free(in.file);
  return 0;
}

int main(int argc, char **argv) {
  FILE *tsv = NULL;
  int i, quick = 0, first = 1;
  if (argc == 5 && strcmp(argv[1], "-p") == 0)
    return profile(argv[2], atol(argv[3]), argv[4]);
  for (i = 1; i < argc && argv[i][0] == '-'; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      tsv = fopen(argv[++i], "w");
      if (tsv == NULL) {
        perror(argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "-q") == 0) {
      quick = 1;
    } else {
      fprintf(stderr, "usage: bench [-o RESULTS.tsv] [-q] INPUT[@VMA]...\n");
      return 2;
    }
  }
  if (i >= argc) {
    fprintf(stderr, "usage: bench [-o RESULTS.tsv] [-q] INPUT[@VMA]...\n");
    return 2;
  }
  setvbuf(stdout, NULL, _IOLBF, 0); /* progress through a pipe (tee) */
  bench_print_machine();
  if (tsv != NULL)
    fprintf(tsv, "input\tversion\tbytes\tfdes\tfres\tval_s_min\tval_s_med\t"
                 "valns_s_min\tvalns_s_med\twalk_s_min\twalk_s_med\tls47_s_min\t"
                 "ls44_s_min\tpcs\tlookup_ns_min\tlookup_ns_med\tls_lookup_ns_min\t"
                 "index_lookup_ns_min\tls47_probe\tls44_probe\tindex_bytes\n");
  for (; i < argc; i++) {
    input in;
    if (!load_input(argv[i], &in)) {
      printf("%s: cannot read an SFrame section from it\n", argv[i]);
      free(in.file);
      continue;
    }
    (void)first;
    bench_input(&in, tsv, quick);
    free(in.file);
    first = 0;
  }
  if (tsv != NULL)
    fclose(tsv);
  return 0;
}
