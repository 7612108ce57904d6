#!/usr/bin/perl
# SPDX-License-Identifier: MIT
# debhelper sequence add-on: dh $@ --with sframe-validate, or
# Build-Depends: dh-sequence-sframe-validate.  dh_sframe_validate runs on
# the stripped files, the ones that ship.
use strict;
use warnings;
use Debian::Debhelper::Dh_Lib;

insert_after('dh_strip', 'dh_sframe_validate');

1;
