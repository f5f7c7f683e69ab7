#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `meson install` into a DESTDIR gives a tree whose binary runs from there and finds its
# schema, translations, icons, desktop file, metainfo and quiz. Prints TAP.
#   test-install.sh BUILD_ROOT PREFIX APP_ID
set -u
build=${1:?}; prefix=${2:?}; app_id=${3:?}
dest=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; rm -rf "$dest"' EXIT
pid=""
n=0; fail=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; }
# What the app printed, as TAP comments: a line of its own would not be TAP.
app_log () { sed -e 's/^/# /' "$dest/app.log"; }
check_file () { if [ -s "$root/$1" ]; then ok "installs $1"; else not_ok "installs $1"; fi; }

if meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >"$dest.log" 2>&1; then
  ok "meson install --destdir"
else
  not_ok "meson install --destdir: $(tail -5 "$dest.log")"
fi
rm -f "$dest.log"
root=$dest$prefix

check_file bin/imtehan
check_file "share/glib-2.0/schemas/io.github.imtehan.Imtehan.gschema.xml"
check_file share/locale/ur/LC_MESSAGES/imtehan.mo
check_file "share/applications/$app_id.desktop"
check_file "share/metainfo/$app_id.metainfo.xml"
check_file "share/icons/hicolor/scalable/apps/$app_id.svg"
check_file "share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
check_file share/imtehan/quizzes/zero-sharded-optimizers.quiz

if grep -q '^Name\[ur\]=' "$root/share/applications/$app_id.desktop" 2>/dev/null; then
  ok "the desktop file carries the Urdu name"
else
  not_ok "the desktop file carries the Urdu name"
fi

# Run the installed binary. The schema is compiled as gnome.post_install() would; the
# catalogs are looked up under DESTDIR, since the binary's compiled-in path is the final one.
glib-compile-schemas "$root/share/glib-2.0/schemas"
data_home=$(mktemp -d -p "$dest")
GSETTINGS_SCHEMA_DIR="$root/share/glib-2.0/schemas" GSETTINGS_BACKEND=memory \
  XDG_DATA_DIRS="$root/share:/usr/share" XDG_DATA_HOME="$data_home" \
  IMTEHAN_LOCALEDIR="$root/share/locale" LANGUAGE=ur LC_ALL=C.UTF-8 GSK_RENDERER=cairo \
  GTK_A11Y=none G_DEBUG= "$root/bin/imtehan" >"$dest/app.log" 2>&1 &
pid=$!

# The window's title is "Imtehan" translated: seeing "امتحان" proves the schema loaded
# (the app aborts without it) and the Urdu catalog was found.
found=""
for _ in $(seq 1 100); do
  if xwininfo -root -tree 2>/dev/null | grep -q '"امتحان": ("imtehan"'; then found=ur; break; fi
  if xwininfo -root -tree 2>/dev/null | grep -q '"Imtehan": ("imtehan"'; then found=en; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if [ "$found" = ur ]; then
  ok "the installed app opens its window, in Urdu"
else
  not_ok "the installed app opens its window, in Urdu (saw: ${found:-nothing})"
  app_log
fi
if kill -0 "$pid" 2>/dev/null; then
  ok "the installed app keeps running"
else
  wait "$pid"
  not_ok "the installed app keeps running (it ended with status $?)"
  app_log
fi

echo "1..$n"
exit $fail
