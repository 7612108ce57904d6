#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_untrusted_print.py [ROOT] - untrusted text reaches output only
through the printers (make check-untrusted-print).

Untrusted text is any string the tool did not write itself: paths, archive
member names, list entries, section and symbol names, anything read from a
baseline.  It is printed only by fmt_text_str / fmt_text_quote (text) and
fmt_json_str / fmt_json_path (JSON, SARIF): src/fmt/utf8.c and
src/fmt/json.c, which this check does not read.

Every other call in src/cli and src/fmt that writes a string -- printf,
fprintf, fputs, puts, fwrite -- is read here, and each string argument (a
%s conversion, fputs/puts/fwrite's data) must be trusted:
  - a string literal, or a conditional between trusted strings;
  - a call or table that yields the tool's own static strings (TRUSTED);
  - or an expression reviewed below (REVIEWED: file, expression, why).
Anything else fails the check with its place, so a new printf of a name
cannot slip in: route it through a printer, or review it here.  A REVIEWED
entry that matches nothing fails too, so the list stays the code's.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRINTERS = {"src/fmt/utf8.c", "src/fmt/json.c"}

# Calls and tables that yield only the tool's own static strings.
TRUSTED = [
    r"sfv_severity_name\(.*\)", r"sfv_rule_get\(.*\)->(id|spec|summary)",
    r"sfv_status_name\(.*\)", r"strerror\(.*\)", r"fmt_bfd_name\(.*\)",
    r"fmt_elf_type_name\(.*\)", r"sarif_level\(.*\)", r"source_name\(.*\)",
    r"fde_type_name\(.*\)", r"sfv_slot_kind_name\(.*\)", r"plural\(.*\)",
    r"pl\(.*\)", r"type_word\(.*\)", r"SFV_VERSION_STRING",
]

# Reviewed variables: (file, expression) -> why the string is the tool's own.
REVIEWED = {
    ("src/cli/baseline.c", "what"): "\"new\" or \"fixed\" (text_ent's callers)",
    ("src/cli/baseline.c", "rule"): "a catalogue id: baseline_load.c refuses others",
    ("src/cli/baseline_load.c", "err"): "a literal, strerror or reader.c's message",
    ("src/cli/output.c", "what"): "I/O error messages: literals, strerror, "
                                  "reader.c's and archive.c's words; names are "
                                  "printed before, by cli_err_prefix",
    ("src/cli/modes.c", "kinds[r->kind]"): "a static table",
    ("src/cli/modes.c", "cfi_row_failure(st, err)"): "sfv_cfi_err_name()'s table or "
                                                       "sfv_status_name()'s literals",
    ("src/fmt/canonical.c", "name"): "a literal key (canonical.c's callers)",
    ("src/fmt/dump.c", "pad"): "spaces",
    ("src/fmt/dump.c", "who"): "fmt_dump_opts.who: a literal of each caller (cli/modes.c: NULL, compat/dump_sframe.c)",
    ("src/fmt/dump.c", "s"): "a flag name from a static table",
    ("src/fmt/dump.c", "prefix"): "a literal",
    ("src/fmt/dump.c", "names[k].name"): "a static table",
    ("src/fmt/dump.c", "row->cfa"): "snprintf of register names and numbers",
    ("src/fmt/dump.c", "row->fp"): "snprintf of register names and numbers",
    ("src/fmt/dump.c", "row->ra"): "snprintf of register names and numbers",
    ("src/fmt/report_json.c", "r->baseline_state"): "\"new\" or \"unchanged\"",
    ("src/fmt/report_sarif.c", "r->baseline_state"): "\"new\" or \"unchanged\"",
    ("src/fmt/summary.c", "name"): "a flag name from a static table",
    ("src/fmt/summary.c", "sev[v]"): "a static table",
    ("src/cli/lookup_batch.c", "what"): "one of bad_line()'s callers' literals",
    ("src/cli/lookup_batch.c", "b->out"): "fmt_lookup_line()'s answers: numbers, the "
        "tool's literals and sfv_status_name() texts; JSON: the verdict members "
        "fmt_lookup_verdict_json() wrote (its strings through fmt_json_str)",
    ("src/cli/tree.c", "in->opt"): "\"--files-from=\", \"--lookup=\" or "
                                   "\"--lookup=@\" (cli_list_open's callers)",
    ("src/cli/jobs.c", "err"): "a worker's captured stderr, already printed "
                               "through the printers in the worker",
    ("src/cli/jobs.c", "out"): "a worker's captured stdout, likewise",
    ("src/cli/main.c", "what"): "an option's name (bad()'s callers)",
    ("src/cli/file_list.c", "what"): "a literal (say()'s callers)",
    ("src/cli/tree.c", "what"): "a literal, strerror or reader.c's message "
                                "(the list's name is printed before, quoted)",
    ("src/fmt/canonical.c", "ri->id"): "a catalogue id",
    ("src/fmt/canonical.c", "buf"): "the canonical JSON, printed to memory "
                                    "first (numbers and literals)",
    ("src/fmt/lookup_print.c", "base"): "a register name from a static table",
    ("src/fmt/lookup_print.c", "name"): "\"cfa\", \"ra\" or \"fp\"",
    ("src/fmt/lookup_print.c", "kinds[r->kind]"): "a static table",
    ("src/fmt/lookup_print.c", "pc_type_name(f)"): "a static table",
    ("src/fmt/lookup_print.c", "reason"): "a literal (modes.c)",
    ("src/fmt/lookup_print.c", "message"): "a literal or sfv_status_name (modes.c)",
    ("src/fmt/report_sarif.c", "TOOL_URI"): "a literal",
    ("src/fmt/report_sarif.c", "SARIF_SCHEMA"): "a literal",
    ("src/fmt/rules_print.c", "slot[k]"): "the schema's slot names",
    ("src/fmt/rules_print.c", "r->id"): "the catalogue",
    ("src/fmt/rules_print.c", "r->spec"): "the catalogue",
    ("src/fmt/rules_print.c", "r->summary"): "the catalogue",
    ("src/fmt/rules_print.c", "vers"): "versions_str: digits",
    ("src/fmt/rules_print.c", "cons"): "consumers_str: the catalogue's names",
}

CALLS = {"printf": 0, "fprintf": 1, "fputs": None, "puts": None, "fwrite": None}
CONV = re.compile(r"%[-+ #0]*(\*|\d+)?(\.(\*|\d+))?(hh|h|ll|l|j|z|t|L)?([diouxXeEfgGcspn%])")


def strip_comments(src):
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            out.append("\n" * src.count("\n", i, j))
            i = j + 2
        elif src.startswith("//", i):
            i = src.find("\n", i)
        elif src[i] in "\"'":
            q, j = src[i], i + 1
            while src[j] != q:
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
        else:
            out.append(src[i])
            i += 1
    return "".join(out)


def split_args(src, i):
    """Arguments of the call whose '(' is at src[i]: (list, end index)."""
    args, depth, cur, j = [], 0, [], i + 1
    while True:
        c = src[j]
        if c in "\"'":
            k = j + 1
            while src[k] != c:
                k += 2 if src[k] == "\\" else 1
            cur.append(src[j:k + 1])
            j = k + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append("".join(cur).strip())
                return args, j
            depth -= 1
        elif c == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
            j += 1
            continue
        cur.append(c)
        j += 1


def literal_text(expr):
    """The text of a literal (adjacent literals and PRI macros joined), or
    None when expr is not one."""
    parts = re.findall(r'"((?:\\.|[^"\\])*)"|(PRI[diouxX]\d+)|(\S)', expr)
    if any(p[2] for p in parts):
        return None
    return "".join(p[0] or "d" for p in parts)


def top_level_split(expr, sep):
    """expr cut at its first sep outside parentheses and literals."""
    depth, k = 0, 0
    while k < len(expr):
        c = expr[k]
        if c in "\"'":
            j = k + 1
            while expr[j] != c:
                j += 2 if expr[j] == "\\" else 1
            k = j + 1
            continue
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == sep and depth == 0:
            return expr[:k], expr[k + 1:]
        k += 1
    return None


def trusted(path, expr):
    expr = expr.strip()
    while expr.startswith("(") and expr.endswith(")") and split_args(expr, 0)[1] == len(expr) - 1:
        expr = expr[1:-1].strip()
    if literal_text(expr) is not None:
        return True
    q = top_level_split(expr, "?")
    if q:
        c = top_level_split(q[1], ":")
        if c:
            return trusted(path, c[0]) and trusted(path, c[1])
    if any(re.fullmatch(t, expr) for t in TRUSTED):
        return True
    if (path, expr) in REVIEWED:
        USED.add((path, expr))
        return True
    return False


USED = set()


def check(path, src):
    bad = []
    for m in re.finditer(r"\b(printf|fprintf|fputs|puts|fwrite)\s*\(", src):
        name = m.group(1)
        line = src.count("\n", 0, m.start()) + 1
        args, _ = split_args(src, m.end() - 1)
        where = f"{path}:{line}: {name}"
        if name in ("fputs", "puts", "fwrite"):
            if not trusted(path, args[0]):
                bad.append(f"{where}: {args[0]}")
            continue
        k = CALLS[name]
        fmt = literal_text(args[k])
        if fmt is None:
            bad.append(f"{where}: format is not a literal: {args[k]}")
            continue
        a = k + 1
        for c in CONV.finditer(fmt):
            if c.group(5) == "%":
                continue
            a += (c.group(1) == "*") + (c.group(3) == "*")
            if c.group(5) == "s" and not trusted(path, args[a]):
                bad.append(f"{where}: %s {args[a]}")
            a += 1
    return bad


def main():
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    bad, n = [], 0
    for f in sorted((root / "src" / "cli").glob("*.c")) + sorted((root / "src" / "fmt").glob("*.c")):
        rel = str(f.relative_to(root))
        if rel in PRINTERS:
            continue
        src = strip_comments(f.read_text())
        n += 1
        bad += check(rel, src)
    bad += [f"{p}: reviewed but not printed: {e}" for p, e in sorted(set(REVIEWED) - USED)]
    if bad:
        print("check-untrusted-print: strings printed outside the printers "
              "(fmt_text_str, fmt_json_str, fmt_json_path) and not reviewed in "
              "tests/tools/check_untrusted_print.py:", file=sys.stderr)
        print("\n".join(bad), file=sys.stderr)
        return 1
    print(f"check-untrusted-print: {n} files of src/cli and src/fmt print "
          "untrusted text only through the printers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
