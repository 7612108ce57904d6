#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates the SFrame conformance suite (standard library only).

  gen/generate.py --out conformance/

Writes OUT/cases/*.sframe, OUT/expect/*.json and OUT/manifest.json from the
generator's own model (gen/model.py); never runs or reads our C code.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gaps import gap_cases  # noqa: E402
from matrix import focused_cases, matrix_cases  # noqa: E402
from mutations import mutation_cases  # noqa: E402
from kernel_cases import kernel_cases, reader_cases  # noqa: E402  (tests/consumers' block)
from writer import write_all  # noqa: E402


def all_cases():
    return (matrix_cases() + focused_cases() + mutation_cases() + gap_cases()
            + kernel_cases() + reader_cases())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="output directory (e.g. conformance/)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    cases = all_cases()
    write_all(args.out, cases)
    print(f"generate.py: {len(cases)} cases written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
