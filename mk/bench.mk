# make bench: throughput of libsfv (validate MB/s, lookups/s, peak RSS) on
# the largest real-toolchain sections, one per version and architecture,
# plus a synthetic section with 200000 FDEs.  Measurements only: speed is
# never asserted by a test.

.PHONY: bench

$(BUILD)/bench/bench: tests/bench/bench.c $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -O2 -o $@ $< $(BUILD)/libsfv.a

$(BUILD)/bench/big.sframe: tests/bench/make_big.py
	@mkdir -p $(dir $@)
	$(PYTHON) tests/bench/make_big.py $@

bench: $(BUILD)/bench/bench $(BUILD)/bench/big.sframe
	@test -f $(BUILD)/realworld/MANIFEST.tsv || tests/realworld/build-corpus.sh $(BUILD)/realworld
	@files=$$(cd $(BUILD)/realworld && for tc in bookworm trixie sid; do for a in x86_64 aarch64 s390x; do \
	    ls -S $$tc/$$a-*/O2/*-static.sframe $$tc/$$a-*/O2/*.so.sframe 2>/dev/null | head -1; done; done); \
	  $(BUILD)/bench/bench $$(for f in $$files; do echo $(BUILD)/realworld/$$f; done) $(BUILD)/bench/big.sframe
