#!/bin/sh
# SPDX-License-Identifier: MIT
# make check-spdx: every tracked source, script, makefile and generator file
# (C, headers, .def, Python, shell, make, Perl, any file starting with #!)
# carries "SPDX-License-Identifier: MIT" in its first 3 lines.  The
# conformance cases and expect files carry it in conformance/README.md and
# the release tarball instead; corpus/ holds inputs, not sources.
set -eu
missing=0 checked=0
list=$(git ls-files)
for f in $list; do
  case $f in corpus/*|conformance/cases/*|conformance/expect/*) continue ;; esac
  [ -f "$f" ] || continue
  case $f in
    *.c|*.h|*.def|*.py|*.sh|*.mk|*.pl|*.pm|Makefile|*/Makefile) ;;
    *) [ "$(head -c2 "$f")" = '#!' ] || continue ;;
  esac
  checked=$((checked + 1))
  if ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier: MIT'; then
    echo "check-spdx: $f has no 'SPDX-License-Identifier: MIT' line in its first 3 lines" >&2
    missing=$((missing + 1))
  fi
done
[ "$missing" = 0 ] || exit 1
echo "check-spdx: all $checked source files carry SPDX-License-Identifier: MIT"
