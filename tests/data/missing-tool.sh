#!/bin/sh
# Stands in for a validator that meson did not find: the test fails instead of being
# skipped. Usage: missing-tool.sh PROGRAM DEBIAN-PACKAGE
#
# SPDX-License-Identifier: GPL-3.0-or-later
echo "$1 was not found when the build was configured; install the Debian package $2" \
  "(build-aux/setup.sh lists it in TEST_PACKAGES) and reconfigure." >&2
exit 1
