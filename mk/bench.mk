# SPDX-License-Identifier: MIT
# make bench: libsfv against GNU libsframe 2.47 / 2.44 and against objdump /
# readelf --sframe, side by side in one run (docs/PERFORMANCE.md).
# Measurements only: speed is never asserted by a test.
#
#   make bench          everything below; the report goes to
#                       build/bench/report.txt, the side-by-side table
#                       (Markdown, tests/bench/table.py) to table.md and
#                       the end of the output, the raw rows to results.tsv,
#                       the chart to build/bench/throughput.svg
#   make bench-lib      only the library table (bench binary)
#   make bench-cli      only the CLI on the whole real corpus
#   make bench-tree     only the whole-tree rows (-r with -j1, -j2 and the
#                       default; tests/bench/tree_bench.sh)
#   make bench-lookup   only the batch lookup (--lookup=@FILE against
#                       separate --lookup=PC runs; tests/bench/lookup_bench.sh)
#   BENCH_QUICK=1       3 repetitions everywhere (a faster, noisier run)
#
# Inputs: the largest section per toolchain/arch of the real corpus
# (tests/realworld/build-corpus.sh), SQLite 3.40 linked statically by each
# toolchain (tests/bench/build-big.sh), synthetic and adversarial sections
# (tests/bench/make_inputs.py).

.PHONY: bench bench-deps bench-lib bench-cli bench-tree bench-lookup bench-inputs

BENCH := $(BUILD)/bench
BENCH_PEERS_ENV := .deps/peers/peers.env
BENCH_QFLAG := $(if $(BENCH_QUICK),-q)

bench-deps:
	@scripts/install-deps.sh base cross peers bench

$(BENCH)/obj/%.o: tests/bench/%.c tests/bench/bench_ls.h tests/bench/bench_util.h src/sfv.h $(SFV_FACES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -O2 -c $< -o $@

# GNU libsframe 2.47 and 2.44 in one binary: tests/bench/peers.sh.
$(BENCH)/bench: $(BENCH)/obj/bench.o $(BENCH)/obj/bench_util.o $(BUILD)/libsfv.a \
    tests/bench/bench_ls.c tests/bench/bench_ls_stub.c tests/bench/peers.sh $(wildcard $(BENCH_PEERS_ENV))
	tests/bench/peers.sh $(BENCH)/peer "$(CC)" > $(BENCH)/peer.args
	$(CC) -O2 -o $@ $(BENCH)/obj/bench.o $(BENCH)/obj/bench_util.o $$(cat $(BENCH)/peer.args) $(BUILD)/libsfv.a

$(BENCH)/inputs/inputs.tsv: tests/bench/make_inputs.py gen/encoder.py gen/model.py
	$(PYTHON) tests/bench/make_inputs.py $(BENCH)/inputs

bench-inputs: bench-deps $(BENCH)/inputs/inputs.tsv
	@test -f $(BUILD)/realworld/MANIFEST.tsv || CORPUS_NO_INSTALL=1 tests/realworld/build-corpus.sh $(BUILD)/realworld
	@test -f $(BENCH)/big/MANIFEST.tsv || tests/bench/build-big.sh $(BENCH)/big

# Library table: the largest ELF file with .sframe per toolchain and arch
# (static links first), the SQLite links, then synthetic and adversarial.
BENCH_REAL = $$(cd $(BUILD)/realworld && for tc in bookworm trixie sid; do for a in x86_64 aarch64 s390x; do \
	  ls -S $$tc/$$a-plain/O2/*-static.sframe $$tc/$$a-plain/O2/*.so.sframe 2>/dev/null | head -1; \
	  done; done | sed 's/\.sframe$$//; s|^|$(BUILD)/realworld/|')
BENCH_BIG = $$(tail -n +2 $(BENCH)/big/MANIFEST.tsv | cut -f1 | sed 's|^|$(BENCH)/big/|')
BENCH_SYN = $$(cut -f1 $(BENCH)/inputs/inputs.tsv | sed 's|^|$(BENCH)/inputs/|')

bench-lib: $(BENCH)/bench bench-inputs
	$(BENCH)/bench $(BENCH_QFLAG) -o $(BENCH)/results.tsv $(BENCH_REAL) $(BENCH_BIG) $(BENCH_SYN) \
	  | tee $(BENCH)/lib.txt

bench-cli: all bench-inputs
	tests/bench/cli_bench.sh $(BUILD)/sframe-validate $(BUILD)/realworld $(BENCH)/big | tee $(BENCH)/cli.txt

# Trees of hard links to the corpus (and the SQLite links) under
# $(BENCH)/trees, made once.
bench-tree: all bench-inputs
	REPS=$(if $(BENCH_QUICK),3,5) tests/bench/tree_bench.sh $(BUILD)/sframe-validate $(BUILD)/realworld $(BENCH)/big \
	  $(BENCH)/trees | tee $(BENCH)/tree.txt

# SQLite's static link by binutils 2.47 (the lookup table's SQLite row).
bench-lookup: all bench-inputs
	REPS=$(if $(BENCH_QUICK),1,3) tests/bench/lookup_bench.sh $(BUILD)/sframe-validate \
	  $$(tail -n +2 $(BENCH)/big/MANIFEST.tsv | cut -f1 | grep sid | head -1 | sed 's|^|$(BENCH)/big/|') \
	  | tee $(BENCH)/lookup.txt

bench: bench-lib bench-cli bench-tree bench-lookup
	tests/bench/plot.sh $(BENCH)/results.tsv $(BENCH)/throughput.svg
	$(PYTHON) tests/bench/table.py $(BENCH)/results.tsv $(BENCH)/cli.txt $(BENCH)/tree.txt \
	  $(BENCH)/lookup.txt | tee $(BENCH)/table.md
	@cat $(BENCH)/lib.txt $(BENCH)/cli.txt $(BENCH)/tree.txt $(BENCH)/lookup.txt \
	  $(BENCH)/table.md > $(BENCH)/report.txt
	@echo "bench: report $(BENCH)/report.txt, table $(BENCH)/table.md, chart $(BENCH)/throughput.svg"

# The CFI comparison (issue 12): sfv_elf_cfi_compare on the largest real
# files (static executables: thousands of .eh_frame FDEs), one per
# toolchain and architecture.
$(BUILD)/bench/bench_cfi: tests/bench/bench_cfi.c $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -O2 -o $@ $< $(BUILD)/libsfv.a

.PHONY: bench-cfi
bench: bench-cfi
bench-cfi: $(BUILD)/bench/bench_cfi
	@test -f $(BUILD)/realworld/MANIFEST.tsv || tests/realworld/build-corpus.sh $(BUILD)/realworld
	@$(BUILD)/bench/bench_cfi $$(cd $(BUILD)/realworld && for tc in bookworm trixie sid; do for a in x86_64 aarch64 s390x; do \
	    ls -S $$tc/$$a-plain/O2/*-static $$tc/$$a-plain/O2/libz.so 2>/dev/null | head -2; done; done | sed 's|^|$(BUILD)/realworld/|')
