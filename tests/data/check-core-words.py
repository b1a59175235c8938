#!/usr/bin/env python3
# The core of the engine never names a game (issue 13): no file of src/engine/core/ mentions
# Bierkopf's words of the table talk, its doublings, teams or coasters. What a game has of
# its own lives in its folder (src/engine/bierkopf/, src/engine/herzla/) behind its module
# (src/engine/core/bk-game-module.h).
#
# PENDING lists the core files that still do, each with what is left; the check fails when
# a file not listed mentions one of the words, and when a listed file no longer does (so
# that the list only shrinks).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import pathlib
import re
import sys

WORDS = ["BK_WORD", "BkTeam", "lines_left", "dots", "carry", "Spritze", "Retour"]

PENDING = {
    # The view's questions still offer Bierkopf's words and doublings by name; the module
    # should list each seat's options with their labels.
    "bk-game-query.c": "Bierkopf's talk, Spritze and Retour options",
    "bk-game-query.h": "Bierkopf's talk, Spritze and Retour options",
}

root = pathlib.Path(sys.argv[1])
pattern = re.compile("|".join(re.escape(word) for word in WORDS))
core = root / "src" / "engine" / "core"
problems = []
for path in sorted(core.glob("*.[ch]")):
    found = sorted({m.group(0) for m in pattern.finditer(path.read_text(errors="replace"))})
    if found and path.name not in PENDING:
        problems.append(f"{path.relative_to(root)} mentions {', '.join(found)}")
    elif not found and path.name in PENDING:
        problems.append(f"{path.relative_to(root)} is clean now: remove it from PENDING")
if problems:
    sys.exit("\n".join(problems))
