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
# xvfb-run exits with 5, whatever the test's status, when it cannot remove its temporary
# directory afterwards (seen once with the test suites running in parallel): the test's own
# status is kept in a file, and that is the one returned.
IMTEHAN_TEST_STATUS_FILE=$(mktemp "${TMPDIR:-/tmp}/imtehan-test-status.XXXXXX")
export IMTEHAN_TEST_STATUS_FILE
set +e
xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" dbus-run-session -- \
  sh -c '"$@"; status=$?; echo "$status" > "$IMTEHAN_TEST_STATUS_FILE"; exit "$status"' \
  sh ${wrap:+"$wrap"} "$@"
status=$?
if [ "$status" -eq 5 ] && [ -s "$IMTEHAN_TEST_STATUS_FILE" ]; then
  status=$(cat "$IMTEHAN_TEST_STATUS_FILE")
  echo "run-with-display.sh: xvfb-run could not clean up after itself; the test's status: $status" >&2
fi
rm -f "$IMTEHAN_TEST_STATUS_FILE"
exit "$status"
