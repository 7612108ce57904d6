/* SPDX-License-Identifier: MIT */
/* mutator_libfuzzer.c - LLVMFuzzerCustomMutator: the structure-aware SFrame
 * mutator (sframe_model.c) half of the time, libFuzzer's byte-level
 * mutations otherwise (raw corruption still finds decoder corner cases).
 * ELF files (elf harness) get the SFrame bytes they carry mutated in place.
 * Linked into the libFuzzer builds of every harness; set
 * SFV_FUZZ_NO_CUSTOM_MUTATOR in the environment to compare without it.
 */
#include <stdlib.h>
#include <string.h>

#include "sframe_model.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);

/* ELF input: mutate the SFrame bytes in place (same length, zero padded),
 * so the container stays intact.  Returns 0 when there is nothing to do. */
static size_t mutate_in_elf(uint8_t *data, size_t size, uint64_t seed) {
  static uint8_t buf[1 << 16];
  sfv_elf elf;
  size_t off, len, n;
  if (size < 4 || memcmp(data, "\x7f" "ELF", 4) != 0 ||
      sfv_elf_open(&elf, data, size) != SFV_OK || elf.sframe_data == NULL ||
      elf.sframe_len == 0 || elf.sframe_len > sizeof buf)
    return 0;
  off = (size_t)(elf.sframe_data - data);
  len = elf.sframe_len;
  memcpy(buf, data + off, len);
  n = sframe_structured_mutate(buf, len, len, seed);
  if (n == 0)
    return 0;
  memset(buf + n, 0, len - n);
  memcpy(data + off, buf, len);
  return size;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed) {
  static int disabled = -1;
  if (disabled < 0)
    disabled = getenv("SFV_FUZZ_NO_CUSTOM_MUTATOR") != NULL;
  if (!disabled && (seed & 1u) && (seed & 2u) && mutate_in_elf(data, size, seed) != 0)
    return size;
  if (!disabled && (seed & 1u)) {
    size_t n = sframe_structured_mutate(data, size, max_size,
                                        (uint64_t)seed * 0x9e3779b97f4a7c15ull);
    if (n > 0)
      return n;
  }
  return LLVMFuzzerMutate(data, size, max_size);
}
