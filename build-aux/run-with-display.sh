#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test under its own X server (Xvfb) and its own D-Bus session, so that UI tests
# need no desktop and never touch the developer's session.
set -e
if [ -n "$IMTEHAN_TEST_HAVE_DISPLAY" ]; then
  exec "$@"
fi
export IMTEHAN_TEST_HAVE_DISPLAY=1
exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" dbus-run-session -- "$@"
