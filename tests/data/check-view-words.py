#!/usr/bin/env python3
# The view's shared code never names a game (issue 22): no file of the shell (src/ui/*.c,
# src/ui/*.h), of the table every game shares (src/ui/table/) nor of what the games share
# to learn (src/ui/learn/: hint, review frame, history, statistics) mentions a game's words,
# types or functions, or includes a game's header. What a game has of its own lives in its
# view's folder (src/ui/bierkopf/, src/ui/herzla/) behind its BkGameView
# (src/ui/bk-game-view.h); the list of games is src/ui/bk-game-views.c, which is exempt.
# "Bierkopf" is also the application's name: its id, its folders, its lock file and the first
# start's "New to Bierkopf?" are not the game's.
#
# PENDING (and LEARN_PENDING for src/ui/learn/) lists the files that still do, each with
# what is left; the check fails when a
# file not listed mentions a game, and when a listed file no longer does (so that the list
# only shrinks).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import pathlib
import re
import sys

# A game's words, in code and comments alike (case does not matter).
WORDS = ["herzla", "bollen", "retour", "spritze", "beddl", "mord", "coaster", "säue"]
# A game's types and functions (case matters).
CODE_WORDS = [r"\bbk_bierkopf_\w+", r"\bBkBierkopf\w*", r"\bBK_BIERKOPF\w*",
              r"\bBK_GAME_BIERKOPF\b", r"\bBK_GAME_HERZLA\b", r"\bBK_CONTRACT_\w+",
              r"\bBkContract\b", r"\bBkHandResult\b", r"\bBkTeam\b", r"\bBK_TEAM_\w+",
              r"\bBkWord\b", r"\bBK_WORD_\w+", r"\bbk_word_\w+", r"\bBkSaid\b",
              r"\bBkSeating\b", r"\bBkHandState\b",
              # Bierkopf the game, not the application
              r'"bierkopf"', r"\bBierkopf's", r"\b(of|in|a|to) Bierkopf\b", r"\bis_bierkopf\b"]
# Where "bierkopf" is the application, not the game.
APP = re.compile(r'io[./]github[./]bierkopf(/Bierkopf)?|"bierkopf\.lock"|session\.bierkopf|'
                 r'_dir \(\), "bierkopf"|GETTEXT_PACKAGE|newer version of Bierkopf|'
                 r'bierkopf-cli|bierkopf\.gresource|New to Bierkopf\?', re.I)

PENDING = {
}

root = pathlib.Path(sys.argv[1])
ui = root / "src" / "ui"
games = set()
for folder in ["src/ui/bierkopf", "src/ui/herzla", "src/engine/bierkopf", "src/engine/herzla",
               "src/engine/ai/bierkopf", "src/engine/ai/herzla"]:
    games |= {p.name for p in (root / folder).glob("*.h")}
words = re.compile("|".join(re.escape(w) for w in WORDS), re.I)
code = re.compile("|".join(CODE_WORDS))
include = re.compile(r'#include "([^"]+)"')

# src/ui/learn/ (the learn helper's part of issue 22): what is left there.
LEARN_PENDING = {
}

# The list of games, and the hooks' header whose comments give each game's example.
EXEMPT = {"bk-game-views.c", "bk-game-view.h"}
shared = [p for p in sorted(ui.glob("*.[ch]")) if p.name not in EXEMPT]
shared += sorted(p for p in (ui / "table").iterdir() if p.is_file())
shared += sorted(p for p in (ui / "learn").iterdir() if p.is_file())
PENDING.update(LEARN_PENDING)
problems = []
for path in shared:
    found = set()
    for line in path.read_text(errors="replace").splitlines():
        line = APP.sub("", line)
        found |= {m.group(0).lower() for m in words.finditer(line)}
        found |= {m.group(0) for m in code.finditer(line)}
        found |= {m.group(1) for m in include.finditer(line) if m.group(1) in games}
    name = str(path.relative_to(ui))
    if found and name not in PENDING:
        problems.append(f"src/ui/{name} names a game: {', '.join(sorted(found))}")
    elif not found and name in PENDING:
        problems.append(f"src/ui/{name} is clean now: remove it from PENDING")
if problems:
    sys.exit("\n".join(problems))
