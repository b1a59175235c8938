#!/usr/bin/env python3
# Checks the app icons: the committed SVGs are exactly what icons/generate.py draws, the
# app icon has the 128 × 128 canvas of the GNOME guidelines, and the symbolic icon is
# 16 × 16 in the one colour GTK recolours (#2e3436), with nothing GTK cannot recolour.
#
# Usage: check-icons.py GENERATOR ICON SYMBOLIC_ICON
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def root_of(path):
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as e:
        failures.append(f"{path}: not well-formed XML: {e}")
        return None


def check_canvas(path, root, size):
    check(root.tag == SVG + "svg", f"{path}: the root is not an SVG element")
    for attr, want in (("width", str(size)), ("height", str(size)),
                       ("viewBox", f"0 0 {size} {size}")):
        check(root.get(attr) == want, f"{path}: {attr} is {root.get(attr)!r}, expected {want!r}")


def main():
    generator, icon, symbolic = sys.argv[1:4]

    with tempfile.TemporaryDirectory(prefix="bk-icons-") as tmp:
        run = subprocess.run([sys.executable, generator, "--out", tmp],
                             capture_output=True, text=True)
        check(run.returncode == 0, f"{generator} failed:\n{run.stderr}")
        for committed in (icon, symbolic):
            fresh = os.path.join(tmp, os.path.basename(committed))
            if os.path.exists(fresh):
                with open(fresh, "rb") as a, open(committed, "rb") as b:
                    check(a.read() == b.read(),
                          f"{committed} differs from what {generator} draws: regenerate it")

    root = root_of(icon)
    if root is not None:
        check_canvas(icon, root, 128)
        check(root.find(f".//{SVG}image") is None, f"{icon}: embeds a raster image")
        check(root.find(f".//{SVG}text") is None, f"{icon}: has text (fonts differ per system)")

    root = root_of(symbolic)
    if root is not None:
        check_canvas(symbolic, root, 16)
        for element in root.iter():
            tag = element.tag.replace(SVG, "")
            check(tag in ("svg", "title", "path", "rect", "circle", "ellipse", "g"),
                  f"{symbolic}: <{tag}> in a symbolic icon")
            for attr in ("fill", "stroke"):
                value = element.get(attr)
                if value is not None and tag != "svg":
                    check(value in ("#2e3436", "none"),
                          f"{symbolic}: {attr}={value!r}, only #2e3436 is recoloured")
            check(element.get("stroke") in (None, "none"),
                  f"{symbolic}: strokes are not recoloured by GTK; use filled paths")
            check(not re.search(r"opacity", " ".join(element.attrib)),
                  f"{symbolic}: opacity in a symbolic icon")

    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print("icons ok")


if __name__ == "__main__":
    main()
