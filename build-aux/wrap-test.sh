#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The exe_wrapper of the valgrind test setup (see the top-level meson.build):
#   wrap-test.sh BUILD_ROOT WRAPPER TEST [ARGS...]
# meson puts a setup's exe_wrapper in front of every test command, scripts included, and
# valgrind must check the test binary, not sh, python3, xvfb-run or dbus-run-session. So:
# - a binary this project built (under BUILD_ROOT) runs under WRAPPER;
# - a script (the UI tests' run-with-display.sh, test-po.sh) runs as it is, with
#   IMTEHAN_TEST_WRAPPER=WRAPPER, for it to put in front of the binary it tests;
# - anything else (python3, a system tool) runs as it is.
# The wrapper's options come from the environment (VALGRIND_OPTS), so that they reach the
# binary however many scripts stand in between.
set -eu

build_root=$1
wrapper=$2
shift 2

if [ "$(head -c 2 "$1" 2>/dev/null)" = '#!' ]; then
  IMTEHAN_TEST_WRAPPER=$wrapper
  export IMTEHAN_TEST_WRAPPER
  exec "$@"
fi
case $1 in
  "$build_root"/*) exec "$wrapper" "$@" ;;
esac
exec "$@"
