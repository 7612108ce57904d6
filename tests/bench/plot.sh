#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Chart of `make bench`: throughput (MB/s, from the min time) against
# section size, libsfv validation vs GNU libsframe decode + walk.
#
#   tests/bench/plot.sh RESULTS.tsv OUT.svg
#
# Points: every input of RESULTS.tsv (bench -o); libsframe 2.47 where it
# reads the section, else 2.44.  gnuplot comes from scripts/install-deps.sh
# bench; without it the chart is skipped with a message (the table stands).
set -euo pipefail
tsv=$1 out=$2
command -v gnuplot >/dev/null || { echo "plot: gnuplot missing (scripts/install-deps.sh bench): no chart" >&2; exit 0; }
dat=$(mktemp)
trap 'rm -f "$dat"' EXIT
# bytes, ours MB/s, libsframe MB/s (0 = does not read it), synthetic?
awk -F'\t' 'NR > 1 && $6 > 0 {
    ls = $12 > 0 ? $12 : $13
    # synthetic: the v3 size series (a line); other synth-* inputs: points
    kind = ($1 ~ /synth-v3-[0-9]+[KM]\./) ? "synthetic" : ($1 ~ /synth-/) ? "synthother" : \
           ($1 ~ /adv-/) ? "adversarial" : "real"
    printf "%s %.3f %.3f %s\n", $3, $3 / $6 / 1e6, (ls > 0 ? $3 / ls / 1e6 : -1), kind
}' "$tsv" | sort -k4,4 -k1,1n >"$dat"  # kinds apart: a line is not cut by other kinds' points
gnuplot <<GP
set terminal svg size 900,600 font "sans,12" background "white"
set output "$out"
set title "SFrame section throughput (min of repetitions, one run)"
set xlabel "section size (bytes)"
set ylabel "MB/s"
set logscale xy
set grid
set key outside below maxrows 4
set yrange [10:2000]
set arrow from graph 0, first 1000 to graph 1, first 1000 nohead dt 2 lc rgb "#555555"
set label "issue 11 target: 1 GB/s" at graph 0.02, first 1150 tc rgb "#555555"
plot "$dat" using 1:(strcol(4) eq "real" ? \$2 : 1/0) with points pt 7 ps 1.2 lc rgb "#1f77b4" title "libsfv validate, real sections", \
     "$dat" using 1:(strcol(4) eq "synthetic" ? \$2 : 1/0) with linespoints pt 5 lc rgb "#2ca02c" title "libsfv validate, synthetic", \
     "$dat" using 1:(strcol(4) eq "synthother" ? \$2 : 1/0) with points pt 5 lc rgb "#2ca02c" title "libsfv validate, synthetic v2 64M / 200000 FDEs", \
     "$dat" using 1:(strcol(4) eq "adversarial" ? \$2 : 1/0) with points pt 9 ps 1.3 lc rgb "#ff7f0e" title "libsfv validate, adversarial", \
     "$dat" using 1:(\$3 > 0 && strcol(4) eq "real" ? \$3 : 1/0) with points pt 6 ps 1.2 lc rgb "#d62728" title "libsframe decode+walk, real", \
     "$dat" using 1:(\$3 > 0 && strcol(4) eq "synthetic" ? \$3 : 1/0) with linespoints pt 4 lc rgb "#9467bd" title "libsframe decode+walk, synthetic", \
     "$dat" using 1:(\$3 > 0 && strcol(4) eq "synthother" ? \$3 : 1/0) with points pt 4 lc rgb "#9467bd" notitle
GP
echo "plot: wrote $out"
