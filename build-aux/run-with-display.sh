#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test under its own X server (Xvfb) and its own D-Bus session, so that UI tests
# need no desktop and never touch the developer's session.
# IMTEHAN_TEST_WRAPPER (valgrind, set by build-aux/wrap-test.sh in the valgrind test setup)
# goes in front of the test binary only: not of xvfb-run or dbus-run-session, nor of a
# script such as test-install.sh.
set -e
wrap=""
if [ -n "${IMTEHAN_TEST_WRAPPER:-}" ] && [ "$(head -c 2 "$1" 2>/dev/null)" != '#!' ]; then
  wrap=$IMTEHAN_TEST_WRAPPER
fi
if [ -n "${IMTEHAN_TEST_HAVE_DISPLAY:-}" ]; then
  exec ${wrap:+"$wrap"} "$@"
fi
export IMTEHAN_TEST_HAVE_DISPLAY=1
exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" dbus-run-session -- ${wrap:+"$wrap"} "$@"
