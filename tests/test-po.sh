#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Translations are complete: every file with translatable strings is in POTFILES.in, and
# po/ur.po translates every string the sources have now (not only those of the last
# imtehan-update-po), with nothing fuzzy. Prints TAP.
set -u
top=${1:?usage: test-po.sh SOURCE_ROOT}
cd "$top" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; }

# 1. Every file with translatable strings is listed.
missing=""
for f in $(git ls-files 'src/*.c' 'src/**/*.c' 'ui/*.ui' 'ui/**/*.ui' 'data/*.in' 'data/*.gschema.xml' 2>/dev/null ||
           find src ui data -name '*.c' -o -name '*.ui' -o -name '*.in' -o -name '*.gschema.xml'); do
  if grep -qE '(^|[^A-Za-z0-9_])(N?_|C_|g_dngettext|dngettext) ?\(|translatable="yes"|<summary>|^(Name|GenericName|Comment|Keywords)=|<(name|summary|p|li)>' "$f"; then
    grep -qx "$f" po/POTFILES.in || missing="$missing $f"
  fi
done
if [ -z "$missing" ]; then ok "every file with translatable strings is in po/POTFILES.in"
else not_ok "missing from po/POTFILES.in:$missing"; fi

# 2. Every listed file exists.
gone=""
for f in $(grep -v '^#' po/POTFILES.in | grep -v '^$'); do
  [ -f "$f" ] || gone="$gone $f"
done
if [ -z "$gone" ]; then ok "every file in po/POTFILES.in exists"
else not_ok "listed but missing:$gone"; fi

# 3. A template from the sources as they are now (the glib preset of i18n.gettext).
if xgettext --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
     --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 --keyword=g_dcgettext:2 \
     --flag=g_strdup_printf:1:c-format --flag=g_dngettext:2:pass-c-format --flag=dngettext:2:pass-c-format \
     --files-from=po/POTFILES.in --output="$tmp/now.pot" 2>"$tmp/xgettext.err"; then
  ok "xgettext extracts the strings"
else
  not_ok "xgettext failed: $(cat "$tmp/xgettext.err")"
fi

# 4. ur.po compiles with its format strings and accelerators checked.
if msgfmt --check --check-accelerators=_ -o /dev/null po/ur.po 2>"$tmp/msgfmt.err"; then
  ok "po/ur.po compiles with --check"
else
  not_ok "msgfmt --check: $(cat "$tmp/msgfmt.err")"
fi

# 5-6. Against the current sources: nothing untranslated, nothing fuzzy.
msgmerge --quiet --no-fuzzy-matching po/ur.po "$tmp/now.pot" -o "$tmp/merged.po" 2>/dev/null
stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/merged.po" 2>&1)
untranslated=$(echo "$stats" | sed -n 's/.* \([0-9][0-9]*\) untranslated message.*/\1/p')
if [ -z "$untranslated" ] && echo "$stats" | grep -q "translated message"; then untranslated=0; fi
if [ "${untranslated:-1}" -le 0 ]; then ok "po/ur.po translates every string of the sources"
else
  not_ok "po/ur.po misses $untranslated strings; run: meson compile -C _build imtehan-update-po"
  msgattrib --untranslated --no-obsolete "$tmp/merged.po" | grep '^msgid' | sed 's/^/# /'
fi
stats=$(LC_ALL=C msgfmt --statistics -o /dev/null po/ur.po 2>&1)
fuzzy=$(echo "$stats" | sed -n 's/.* \([0-9][0-9]*\) fuzzy translation.*/\1/p')
if [ -z "$fuzzy" ]; then ok "po/ur.po has no fuzzy entries"
else not_ok "po/ur.po has $fuzzy fuzzy entries"; fi

echo "1..$n"
exit $fail
