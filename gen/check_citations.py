#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No invalid case rests on a sentence the suite's README lists as
non-normative (conformance/README.md, "Sentences that carry no verdict").

  gen/check_citations.py README MANIFEST

Exit 1, naming each case, when an invalid case's `spec.quote` contains or
is contained in a listed sentence (whitespace collapsed); exit 2 when the
README has no such list.
"""
import json
import re
import sys

HEADING = "### Sentences that carry no verdict"


def norm(text: str) -> str:
    return " ".join(text.split())


def listed_sentences(readme: str):
    """The bullets `* "..."` of the README's section HEADING."""
    if HEADING not in readme:
        return None
    body = readme.split(HEADING, 1)[1]
    body = re.split(r"\n#{1,3} ", body, 1)[0]
    items = re.split(r"\n\* ", "\n" + body)
    out = []
    for item in items:
        m = re.match(r'\s*"(.+?)"', item, re.S)
        if m:
            out.append(norm(m.group(1)))
    return out


def offending(manifest, sentences):
    bad = []
    for c in manifest["cases"]:
        if c["verdict"] != "invalid":
            continue
        q = norm(c["spec"]["quote"])
        for s in sentences:
            if q in s or s in q:
                bad.append(f"{c['id']}: cites {c['spec']['section']} {s!r}")
    return bad


def main(argv) -> int:
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1]) as fh:
        sentences = listed_sentences(fh.read())
    if not sentences:
        print(f"check_citations: {argv[1]} lists no sentences under {HEADING!r}",
              file=sys.stderr)
        return 2
    with open(argv[2]) as fh:
        bad = offending(json.load(fh), sentences)
    for line in bad:
        print(f"check_citations: invalid case on a non-normative sentence: {line}",
              file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
