#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: validate-ui.sh FILE.ui...
# Validates GtkBuilder files with gtk4-builder-tool. Exit status: 0 when every file
# validated (or was skipped), 1 when one failed, 77 (skipped, for meson) when every
# file had to be skipped.
#
# What gtk4-builder-tool (GTK 4.8.3) can check, measured on Debian 12:
# - It builds every object, so it needs a display: without one it crashes (SIGSEGV)
#   on the first widget. Run this script under build-aux/run-with-display.sh.
# - It knows GTK types only. Adw objects resolve once libadwaita is preloaded: for an
#   unknown class GtkBuilder looks up "adw_foo_get_type" in the process.
# - A template's parent is looked up by name only, so an Adw parent is unknown until
#   something registered it: the copy we validate first declares one object of the
#   parent class, on the <interface> line so that line numbers stay right.
# - It resolves signal handlers as symbols of its own process, where the app's _cb
#   functions do not exist: the copy names gtk_get_major_version instead (exported by
#   GTK 4, takes no arguments, so any signal may call it), and signal names are still
#   checked. Handler names are checked when the UI tests instantiate the templates.
# - App types (Imtehan*) and the template class's own properties exist only in the
#   app. A file that needs them is skipped, saying so: the UI tests instantiate every
#   template, and a template that does not build fails them.
set -u

tool=${GTK_BUILDER_TOOL:-gtk4-builder-tool}
adw_library=${IMTEHAN_ADW_LIBRARY:-libadwaita-1.so.0}

if [ $# -eq 0 ]; then
  echo "usage: $0 FILE.ui..." >&2
  exit 2
fi

tmpdir=$(mktemp -d) || exit 1
trap 'rm -rf "$tmpdir"' EXIT
trap 'exit 130' INT TERM

failed=0
passed=0
skipped=0
n=0

for file in "$@"; do
  n=$((n + 1))
  copy="$tmpdir/$n-$(basename "$file")"

  # <template class="X" parent="Y">, wherever its attributes and line breaks are.
  template_tag=$(tr '\n' ' ' < "$file" | sed -n 's/.*\(<template[^>]*>\).*/\1/p')
  template_class=$(printf '%s' "$template_tag" | sed -n 's/.*[[:space:]]class="\([^"]*\)".*/\1/p')
  template_parent=$(printf '%s' "$template_tag" | sed -n 's/.*[[:space:]]parent="\([^"]*\)".*/\1/p')

  awk -v parent="$template_parent" '
    !done && parent ~ /^Adw/ && sub(/<interface[^>]*>/, "&<object class=\"" parent "\" id=\"validate_ui_template_parent\"/>") { done = 1 }
    { gsub(/handler="[^"]*"/, "handler=\"gtk_get_major_version\""); print }
  ' "$file" > "$copy" || { echo "FAIL $file: cannot prepare a copy"; failed=$((failed + 1)); continue; }

  if output=$(LD_PRELOAD="$adw_library${LD_PRELOAD:+:$LD_PRELOAD}" "$tool" validate "$copy" 2>&1); then
    echo "ok $file"
    passed=$((passed + 1))
    continue
  fi

  # Report against the real file, not the copy.
  output=$(printf '%s\n' "$output" | awk -v copy="$copy" -v file="$file" '
    { while ((i = index($0, copy)) > 0) $0 = substr($0, 1, i - 1) file substr($0, i + length(copy)); print }')

  case $output in
    *"Invalid object type 'Imtehan"* | *"Invalid type 'Imtehan"* | \
    *"Failed to lookup template parent type"* | \
    *"Invalid property: ${template_class:-//}."* | *"Unknown property: ${template_class:-//}."*)
      echo "SKIP $file: needs app types that gtk4-builder-tool cannot load: $output"
      skipped=$((skipped + 1))
      ;;
    *)
      echo "FAIL $file: $output"
      failed=$((failed + 1))
      ;;
  esac
done

echo "$passed validated, $failed failed, $skipped skipped"
if [ "$failed" -gt 0 ]; then
  exit 1
fi
if [ "$passed" -eq 0 ]; then
  exit 77
fi
exit 0
