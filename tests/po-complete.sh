#!/bin/sh
# Every language of po/LINGUAS must translate every message of the sources, and
# po/POTFILES.in must list every source file with a translatable string.
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

languages=$(sed 's/#.*//' po/LINGUAS | tr -s ' \n' '\n\n' | grep -v '^$' || true)
if [ -z "$languages" ]; then
  echo "po/LINGUAS names no language"
  exit 1
fi
failed=0
for lang in $languages; do
  if [ ! -f "po/$lang.po" ]; then
    echo "po/LINGUAS names $lang, but po/$lang.po is missing"
    failed=1
    continue
  fi
  msgmerge --quiet --no-fuzzy-matching "po/$lang.po" "$tmp/bierkopf.pot" \
    --output-file="$tmp/$lang.po"
  # --check also checks the format strings and the plural forms against the header.
  if ! stats=$(LC_ALL=C msgfmt --check --statistics --output-file=/dev/null "$tmp/$lang.po" 2>&1); then
    echo "po/$lang.po: $stats"
    failed=1
    continue
  fi
  echo "po/$lang.po: $stats"
  case "$stats" in
    *untranslated*|*fuzzy*) failed=1 ;;
  esac
done
# docs/glossary.md: a session is a "Sitzung"; "Runde" at the card table is one deal each
# (Herzla's "Durchgang"), so no message about a session may call it one.
runde=$(msggrep --msgid --ignore-case --regexp='session' po/de.po |
        msggrep --msgstr --regexp='Runde' | grep -c '^msgid' || true)
if [ "$runde" -gt 0 ]; then
  echo "po/de.po calls a session a Runde in $runde messages (docs/glossary.md: Sitzung)"
  exit 1
fi
exit $failed
