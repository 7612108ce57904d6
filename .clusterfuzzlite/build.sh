#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# ClusterFuzzLite runs the same build as OSS-Fuzz.
exec "$SRC/sframe-validate/fuzz/oss-fuzz/build.sh"
