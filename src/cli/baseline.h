/* SPDX-License-Identifier: MIT */
/* baseline.h - --baseline=OLD.json (baseline.c): which diagnostics of
 * this run are new, unchanged, or fixed against a previous run's JSON. */
#ifndef SFV_CLI_BASELINE_H
#define SFV_CLI_BASELINE_H

#include <stdio.h>

#include "cli.h"

/* Reads and indexes OLD.json; NULL after one line on stderr when it cannot
 * be read or is not a --format=json report (exit status 2). */
cli_baseline *cli_baseline_load(const char *path);
void cli_baseline_free(cli_baseline *b);
/* A file of this run begins (its diagnostics follow). */
void cli_baseline_file(cli_baseline *b, const char *path, int idx);
/* The state of one diagnostic of the current file: "new" or "unchanged". */
const char *cli_baseline_diag(cli_baseline *b, const sfv_diag *d,
                              sfv_severity sev);
/* JSON/SARIF: hooks the baseline object / "absent" results into r. */
void cli_baseline_prepare(cli_baseline *b, fmt_report *r, int format);
/* Text: the counts and the new and fixed diagnostics, one per line. */
void cli_baseline_text(cli_baseline *b, FILE *out);
/* The run's exit status given the worst status without a baseline. */
int cli_baseline_status(const cli_baseline *b, int worst);

#endif
