#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs test-atspi.py: the app and the AT-SPI client in their own X server (Xvfb) and their
# own D-Bus session, where org.a11y.Bus (at-spi-bus-launcher) is started on demand.
#
# Usage: tests/atspi/run-atspi-test.sh BUILD_DIR
set -e

here=$(cd "$(dirname "$0")" && pwd)
source_root=$(cd "$here/../.." && pwd)

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
build_dir=$(cd "$1" && pwd)

# Where there is no accessibility bus to be had, the reason: the Flatpak manifest's test
# step (flatpak-builder's build sandbox has no Flatpak portal); the flatpak suite reads the
# installed app over AT-SPI in a real sandbox instead (tests/flatpak/).
if [ -n "${IMTEHAN_TEST_NO_ATSPI-}" ]; then
  echo "1..0 # SKIP $IMTEHAN_TEST_NO_ATSPI"
  exit 0
fi

if [ -z "$IMTEHAN_TEST_HAVE_DISPLAY" ]; then
  for program in xvfb-run dbus-run-session; do
    if ! command -v "$program" >/dev/null 2>&1; then
      echo "1..0 # SKIP $program is not installed"
      exit 0
    fi
  done
  # As build-aux/run-with-display.sh, plus -noreset. Without it Xvfb resets whenever its
  # last client disconnects, and here about one run in seven lost the app at its first
  # launch ("cannot open display"): none in many runs with -noreset.
  # The daemons of the session (at-spi2-registryd says "SpiRegistry daemon is running")
  # write to its stdout, which must stay TAP only: the session gets stderr, the test gets
  # the real stdout as fd 8 (xvfb-run uses fd 3 itself and closes it for its command).
  export IMTEHAN_TEST_HAVE_DISPLAY=1 IMTEHAN_ATSPI_TAP_FD=8
  exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp -noreset" \
    dbus-run-session -- "$0" "$build_dir" 8>&1 1>&2
fi

# The meson test environment turns accessibility off for the in-process UI tests; this test
# needs the app on the accessibility bus.
unset GTK_A11Y NO_AT_BRIDGE

# G_DEBUG (fatal-warnings in the meson test environment) is for the app; the client's
# libatspi warns about things that are no failure of the app, e.g. that GTK 4.8 has no
# AT-SPI cache object ("Error in GetItems").
export IMTEHAN_ATSPI_APP_G_DEBUG="${G_DEBUG-}"
unset G_DEBUG

# Debian's python3-pyatspi is installed for the system Python, which may not be the first
# python3 on PATH.
python=${IMTEHAN_TEST_PYTHON:-/usr/bin/python3}
if [ "${IMTEHAN_ATSPI_TAP_FD-}" = 8 ]; then
  unset IMTEHAN_ATSPI_TAP_FD
  exec "$python" "$here/test-atspi.py" "$build_dir" "$source_root" 1>&8 8>&-
fi
exec "$python" "$here/test-atspi.py" "$build_dir" "$source_root"
