#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test under its own X server (Xvfb) and its own D-Bus session, so that UI tests
# need no desktop and never touch the developer's session.
# IMTEHAN_TEST_WRAPPER (valgrind, set by build-aux/wrap-test.sh in the valgrind test setup)
# goes in front of the test binary only: not of Xvfb or dbus-run-session, nor of a
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

# Xvfb chooses a free display itself and writes its number once it accepts clients
# (-displayfd): a number guessed from lock files, as xvfb-run -a does, races with the servers
# of tests starting at the same moment, and a test may then lose its display to another's.
display_file=$(mktemp "${TMPDIR:-/tmp}/imtehan-display.XXXXXX")
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$display_file" >/dev/null 2>&1 &
xvfb=$!
tries=0
while [ ! -s "$display_file" ] && [ "$tries" -lt 200 ] && kill -0 "$xvfb" 2>/dev/null; do
  sleep 0.05
  tries=$((tries + 1))
done
if [ ! -s "$display_file" ]; then
  echo "run-with-display.sh: Xvfb did not start" >&2
  kill "$xvfb" 2>/dev/null || true
  rm -f "$display_file"
  exit 1
fi
DISPLAY=":$(head -n 1 "$display_file")"
export DISPLAY
unset WAYLAND_DISPLAY XAUTHORITY
rm -f "$display_file"

set +e
dbus-run-session -- ${wrap:+"$wrap"} "$@"
status=$?
kill "$xvfb" 2>/dev/null
wait "$xvfb" 2>/dev/null
exit "$status"
