# SPDX-License-Identifier: MIT
# make demo: compile examples/hello.c with GNU as --gsframe (the system
# toolchain) and run sframe-validate on it: validate, dump, look up main.

.PHONY: demo

$(BUILD)/demo/hello: examples/hello.c
	@mkdir -p $(dir $@)
	gcc -O2 -Wa,--gsframe -o $@ $<

demo: deps all $(BUILD)/demo/hello
	$(BUILD)/sframe-validate $(BUILD)/demo/hello
	$(BUILD)/sframe-validate --dump $(BUILD)/demo/hello
	$(BUILD)/sframe-validate --lookup=0x$$(nm $(BUILD)/demo/hello | awk '$$3 == "main" {print $$1}') $(BUILD)/demo/hello
