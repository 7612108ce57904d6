#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Batch lookup (issue 29 item 5): sframe-validate --lookup=- against N
# separate --lookup=PC runs, end to end, on one ELF file (SQLite's static
# link when `make bench` built it).
#
#   tests/bench/lookup_bench.sh SFRAME_VALIDATE ELF_FILE
#
# PCS (default 1000000) PCs spread evenly over the section's functions (the
# lowest to the highest function start of --dump's listing... read here
# from the first and last "pc 0x" answers of a probe), shuffled with a
# fixed seed, are written once; --lookup=- reads them from a file, output
# to /dev/null, text and JSON Lines, REPS passes (default 3), min.  The
# separate runs take the first SINGLE (default 200) PCs, one process each.
# GNU libsframe's sframe_find_fre on the same section is `make bench-lib`'s
# lookup column (library calls, no process, no printing).
# Measurements only.
set -euo pipefail
SFV=$1 ELF=$2
PCS=${PCS:-1000000} SINGLE=${SINGLE:-200} REPS=${REPS:-3}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The functions' range, from the JSON answers at their starts: the FDE
# starts come from --dump's "func idx" lines.
"$SFV" --dump "$ELF" 2>/dev/null | sed -n 's/.*func idx \[[0-9]*\]: pc = \(0x[0-9a-f]*\), size = \([0-9]*\) bytes.*/\1 \2/p' >"$TMP/fdes"
[ -s "$TMP/fdes" ] || { echo "lookup_bench: no FDE listed for $ELF" >&2; exit 1; }
python3 - "$TMP/fdes" "$PCS" >"$TMP/pcs" <<'PY'
import random, sys
fdes = [(int(a, 16), int(b)) for a, b in (l.split() for l in open(sys.argv[1]))]
n = int(sys.argv[2])
rnd = random.Random(29)
out = []
for i in range(n):
    start, size = fdes[rnd.randrange(len(fdes))]
    out.append(f"{start + rnd.randrange(max(size, 1)):#x}\n")
sys.stdout.write("".join(out))
PY
now() { date +%s%N; }
best() { printf '%s\n' "$@" | sort -n | head -1; }
declare -A T
for ((r = 0; r < REPS; r++)); do
    for fmt in text json; do
        t0=$(now)
        "$SFV" --format=$fmt --lookup=@"$TMP/pcs" "$ELF" >/dev/null 2>&1 || true
        T[$fmt]="${T[$fmt]:-} $(( $(now) - t0 ))"
    done
done
head -n "$SINGLE" "$TMP/pcs" | while read -r pc; do
    printf '%q --lookup=%s %q >/dev/null 2>&1\n' "$SFV" "$pc" "$ELF"
done >"$TMP/single.sh"
ts=()
for ((r = 0; r < REPS; r++)); do
    t0=$(now); bash "$TMP/single.sh" || true; ts+=($(( $(now) - t0 )))
done
# shellcheck disable=SC2086
text=$(best ${T[text]}) json=$(best ${T[json]}) single=$(best "${ts[@]}")
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo
echo "Batch lookup on $ELF, $PCS PCs, $REPS passes, load average $load:"
awk -v p="$PCS" -v s="$SINGLE" -v t="$text" -v j="$json" -v o="$single" 'BEGIN{
  printf "  --lookup=@FILE text        %8.3f s  %12.0f PCs/s\n", t/1e9, p/(t/1e9);
  printf "  --lookup=@FILE json lines  %8.3f s  %12.0f PCs/s\n", j/1e9, p/(j/1e9);
  printf "  --lookup=PC, %d runs      %8.3f s  %12.0f PCs/s\n", s, o/1e9, s/(o/1e9) }'
echo "RESULT lookup file=$ELF pcs=$PCS single=$SINGLE text=$text json=$json single_ns=$single load=${load// /,}"
