#!/bin/sh
# po/de.po must translate every message of the sources, and po/POTFILES.in must list every
# source file with a translatable string.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -rlE '(^|[^A-Za-z0-9_])(N?_|C_|g_dngettext) ?\(' src --include='*.c' | sort > "$tmp/needed"
grep -v '^#' po/POTFILES.in | grep '\.c$' | sort > "$tmp/listed"
missing=$(comm -23 "$tmp/needed" "$tmp/listed")
if [ -n "$missing" ]; then
  echo "po/POTFILES.in misses: $missing"
  exit 1
fi

xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dngettext:2,3 --files-from=po/POTFILES.in --output="$tmp/bierkopf.pot"
msgmerge --quiet --no-fuzzy-matching po/de.po "$tmp/bierkopf.pot" --output-file="$tmp/de.po"
stats=$(LC_ALL=C msgfmt --check --statistics --output-file=/dev/null "$tmp/de.po" 2>&1)
echo "po/de.po: $stats"
case "$stats" in
  *untranslated*|*fuzzy*) exit 1 ;;
esac

# docs/glossary.md: a session is a "Sitzung"; "Runde" at the card table is one deal each
# (Herzla's "Durchgang"), so no message about a session may call it one.
runde=$(msggrep --msgid --ignore-case --regexp='session' po/de.po |
        msggrep --msgstr --regexp='Runde' | grep -c '^msgid' || true)
if [ "$runde" -gt 0 ]; then
  echo "po/de.po calls a session a Runde in $runde messages (docs/glossary.md: Sitzung)"
  exit 1
fi
