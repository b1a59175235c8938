#!/usr/bin/env python3
# Herzla's contract words are written once (issue 22): the bids' and contracts' names
# (Beddl, Mord, Weiter under the translation context "contract") are spelled in
# src/engine/herzla/bk-herzla.c by bk_herzla_contract_name(), and every bid, badge, hint
# and review asks it. A second spelling elsewhere in src/ fails, so that the words cannot
# drift apart again.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import pathlib
import re
import sys

OWNER = "src/engine/herzla/bk-herzla.c"
# A contract's word alone as a translatable string, in any context or none.
SPELLED = re.compile(r'\b(?:N?C_|NC_|_|N_)\s*\(\s*(?:"[^"]*"\s*,\s*)?"(Beddl|Mord|Weiter|weiter)"\s*\)')

root = pathlib.Path(sys.argv[1])
problems = []
owned = 0
for path in sorted((root / "src").rglob("*.[ch]")):
    name = str(path.relative_to(root))
    for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        for match in SPELLED.finditer(line):
            if name == OWNER:
                owned += 1
            else:
                problems.append(f"{name}:{number}: spells the contract word "
                                f"\"{match.group(1)}\": ask bk_herzla_contract_name()")
if owned != 3:
    problems.append(f"{OWNER} spells {owned} contract words, not Beddl, Mord and Weiter")
if problems:
    sys.exit("\n".join(problems))
