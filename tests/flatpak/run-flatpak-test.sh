#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The meson suite 'flatpak': builds flatpak/io.github.imtehan.Imtehan.json against a
# stand-in GNOME runtime made from the Debian 13 root of build-aux/newer-stack, installs it
# for a test user and takes it through its paces in the sandbox (test-flatpak.py says what).
# Needs root and about ten minutes, so a plain `meson test` leaves it out:
#   meson test -C _build --suite flatpak
#
# Usage: tests/flatpak/run-flatpak-test.sh SOURCE_ROOT BUILD_ROOT
# Environment: IMTEHAN_NEWER_ROOT (the Debian 13 root, as build-aux/newer-stack),
# IMTEHAN_FLATPAK_CACHE (where the stand-in runtime is kept, default next to the root),
# IMTEHAN_FLATPAK_SHOTS (screenshots, default BUILD_ROOT/meson-logs/flatpak/shots),
# IMTEHAN_FLATPAK_KEEP=1 (keep the run's work folder for a look afterwards).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 2 ]; then
  echo "usage: $0 SOURCE_ROOT BUILD_ROOT" >&2
  exit 2
fi

if [ "$(id -u)" != 0 ]; then
  echo "1..0 # SKIP needs root: it makes a test user, mounts in a namespace of its own and installs packages"
  exit 0
fi

# What the host needs, all from Debian's mirror. flatpak-builder strips with eu-strip
# (elfutils); the portals and fuse3 (fusermount3) give the sandbox its file chooser and
# documents; xdotool types, imagemagick's import takes the screenshots, pyatspi reads the
# window as a screen reader would.
packages="flatpak flatpak-builder elfutils bubblewrap ostree fuse3 xdg-desktop-portal
  xdg-desktop-portal-gtk xdotool imagemagick x11-utils xvfb xauth dbus dbus-x11 at-spi2-core
  python3 python3-gi python3-pyatspi fontconfig util-linux passwd"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "# installing:$missing"
  {
    apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
  } >&2 || {
    echo "1..1"
    echo "not ok 1 - the host packages install from Debian's mirror:$missing"
    exit 1
  }
fi

# Everything runs in a mount and a PID namespace of its own: the mounts (FUSE, tmpfs) and
# every process started (X servers, D-Bus daemons, portals, sandboxes) go away with it, also
# when the run is killed (--kill-child). Its first process is a shell, which reaps the
# processes that the daemons leave behind; the driver handles SIGTERM and cleans up.
# The system Python, which has Debian's python3-gi and python3-pyatspi.
exec unshare --mount --pid --fork --kill-child --mount-proc --propagation private \
  /bin/sh -c '/usr/bin/python3 "$@" & wait $!' sh "$here/test-flatpak.py" "$@"
