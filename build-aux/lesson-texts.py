#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes src/lessons/bk-lesson-texts.c: every text of the lessons (data/lessons/*.lesson)
as an N_() entry, so that xgettext finds them (po/POTFILES.in lists the file).

    build-aux/lesson-texts.py SOURCE_ROOT           rewrite the file
    build-aux/lesson-texts.py SOURCE_ROOT --check   exit 1 when it is out of date
"""
import pathlib
import sys

KEYS = ("Title", "Summary", "Text", "Right", "Wrong", "Illegal")


def unescape(value):
    out, i = [], 0
    while i < len(value):
        c = value[i]
        if c == "\\" and i + 1 < len(value):
            out.append({"n": "\n", "t": "\t", "s": " ", "\\": "\\"}.get(value[i + 1],
                                                                     value[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def wrapped(value):
    """The N_() of @value in pieces of at most 100 columns, split after a space."""
    pieces, rest = [], value
    while len(c_string(rest)) > 88:
        cut = rest.rfind(" ", 0, 80)
        cut = cut + 1 if cut > 0 else 80
        pieces.append(rest[:cut])
        rest = rest[cut:]
    pieces.append(rest)
    out = [f"  N_({c_string(pieces[0])}" + ("" if len(pieces) > 1 else "),")]
    for i, piece in enumerate(pieces[1:], 1):
        end = ")," if i == len(pieces) - 1 else ""
        out.append(f"     {c_string(piece)}{end}")
    return out


def texts(path):
    group = None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            group = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        if key.strip() in KEYS:
            yield group, key.strip(), unescape(value.strip())


def generate(root):
    lines = [
        "/* bk-lesson-texts.c: the lessons' texts for xgettext. Written by",
        " * build-aux/lesson-texts.py from the files in data/lessons; do not edit (the",
        " * test test-lessons fails when it is out of date). {GA} is a card: keep it as it is.",
        " *",
        " * SPDX-License-Identifier: GPL-3.0-or-later",
        " */",
        '#include "config.h"',
        "",
        "#include <glib/gi18n-lib.h>",
        "",
        '#include "bk-lesson-texts.h"',
        "",
        "const char * const bk_lesson_texts[] = {",
    ]
    for path in sorted((root / "data" / "lessons").glob("*.lesson")):
        for group, key, value in texts(path):
            lines.append(f"  /* Translators: lesson {path.stem}, [{group}] {key}. "
                         "{XX} is a card's name: keep it. */")
            lines.extend(wrapped(value))
    lines += ["  NULL", "};", ""]
    return "\n".join(lines)


def main():
    root = pathlib.Path(sys.argv[1])
    target = root / "src" / "lessons" / "bk-lesson-texts.c"
    text = generate(root)
    if "--check" in sys.argv[2:]:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print(f"{target} is out of date: run build-aux/lesson-texts.py {root}")
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
