#!/usr/bin/env python3
# The core of the engine never names a game (issue 13): no file of src/engine/core/ mentions
# Bierkopf's words of the table talk, its doublings, teams or coasters. What a game has of
# its own lives in its folder (src/engine/bierkopf/, src/engine/herzla/) behind its module
# (src/engine/core/bk-game-module.h).
#
# Nor does any file of the core include a game's header (issue 22): one of a game's folders
# (src/engine/bierkopf/, herzla/, their computer players in ai/bierkopf/ and ai/herzla/) or
# bk-games.h, which has every game's. Whoever uses a game includes its header.
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
# Names of Bierkopf's own code that the core's code (its comments left out, which may
# name a game's rule as an example) must not use either.
CODE_WORDS = ["BkHandState", "bk_hand_state", "BkWord", "BkStep", "BK_STEP", "BkSaid",
              "bk_bierkopf", "bollen", "Bollen", "BK_ACTION_TALK", "BK_ACTION_DOUBLE",
              "ILLEGAL_DOUBLE", "BK_ACTION_BID", "BkHerzla", "trick_view", "->lines", ".lines", "retour", "spritze",
              "BK_N_SEATS"]

PENDING = {}

root = pathlib.Path(sys.argv[1])
pattern = re.compile("|".join(re.escape(word) for word in WORDS))
code_pattern = re.compile("|".join(re.escape(word) for word in CODE_WORDS))
comment = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
core = root / "src" / "engine" / "core"
engine = root / "src" / "engine"
game_headers = {"bk-games.h"}
for folder in ["bierkopf", "herzla", "ai/bierkopf", "ai/herzla"]:
    game_headers |= {path.name for path in (engine / folder).glob("*.h")}
include = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)
problems = []
for path in sorted(core.glob("*.[ch]")):
    text = path.read_text(errors="replace")
    found = sorted({m.group(0) for m in pattern.finditer(text)} |
                   {m.group(0) for m in code_pattern.finditer(comment.sub("", text))})
    if found and path.name not in PENDING:
        problems.append(f"{path.relative_to(root)} mentions {', '.join(found)}")
    elif not found and path.name in PENDING:
        problems.append(f"{path.relative_to(root)} is clean now: remove it from PENDING")
    for name in include.findall(text):
        if pathlib.PurePath(name).name in game_headers:
            problems.append(f"{path.relative_to(root)} includes a game's header, {name}")
if problems:
    sys.exit("\n".join(problems))
