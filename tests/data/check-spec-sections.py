#!/usr/bin/env python3
# Every rules section that the code or a test cites ("spec B3.6", "H4.2") is explained in the
# project's own rules documents, so that a clean clone explains what its tests check.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
documents = {"B": root / "docs" / "rules-bierkopf.md", "H": root / "docs" / "rules-herzla.md"}
defined = {}
for letter, path in documents.items():
    defined[letter] = set(re.findall(r"\*\*(%s\d+\.\d+)\*\*" % letter, path.read_text()))
    if not defined[letter]:
        sys.exit(f"{path}: no numbered sections found")

cited = {}
for folder in ("src", "tests"):
    for path in sorted((root / folder).rglob("*")):
        if path.suffix not in (".c", ".h", ".py", ".sh", ".ui") or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            for section in re.findall(r"\b([BH][1-7]\.\d+)\b", line):
                cited.setdefault(section, f"{path.relative_to(root)}:{number}")

missing = [f"{section} (cited at {where})" for section, where in sorted(cited.items())
           if section not in defined[section[0]]]
if missing:
    sys.exit("sections cited but not in docs/rules-*.md: " + ", ".join(missing))
print(f"{len(cited)} cited sections, all explained in docs/")
