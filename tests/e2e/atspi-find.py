#!/usr/bin/python3
# atspi-find.py REGEX SECONDS: prints the first name or text in the AT-SPI tree of the
# running game (on this D-Bus session) that matches REGEX, exit 1 if none does within
# SECONDS. The two-app e2e tests read the host's invitation link this way, as a screen
# reader would, instead of the clipboard (no clipboard tool on these machines).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import re
import sys
import time

import pyatspi

pattern = re.compile(sys.argv[1])
deadline = time.monotonic() + float(sys.argv[2])


def texts(node):
    yield node.name or ""
    try:
        text = node.queryText()
        yield text.getText(0, text.characterCount)
    except NotImplementedError:
        pass


def search(node, depth=0):
    try:
        for value in texts(node):
            match = pattern.search(value)
            if match:
                return match.group(0)
        children = list(node) if depth < 30 else []
    except Exception:  # a node that went away while we read it
        return None
    for child in children:
        found = search(child, depth + 1)
        if found:
            return found
    return None


while time.monotonic() < deadline:
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == "bierkopf":
            found = search(app)
            if found:
                print(found)
                sys.exit(0)
    time.sleep(0.3)
sys.exit(1)
