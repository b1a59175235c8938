#!/usr/bin/env python3
# check-metainfo-store.py --appstreamcli PATH --screenshots DIR METAINFO: the metainfo as a
# software centre shows it (issue 35). `appstreamcli validate --pedantic` reports nothing
# but the two findings the app cannot or should not change (its ID has capitals, which
# every installation and setting keeps; <developer>, which this AppStream 0.16 does not know
# yet and 1.0 asks for); a summary of at most 35 characters; brand colours for the light
# and the dark style; an OARS 1.1 rating whose social-chat is intense (free chat between
# players, moderated by nobody); the display's 360 px and the inputs; releases with notes;
# every screenshot with a caption, its image in DIR a PNG of at most 1000x700 pixels.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

ALLOWED = {"cid-contains-uppercase-letter", "unknown-tag developer"}

parser = argparse.ArgumentParser()
parser.add_argument("--appstreamcli", required=True)
parser.add_argument("--screenshots", required=True)
parser.add_argument("metainfo")
args = parser.parse_args()
failures = []

run = subprocess.run([args.appstreamcli, "validate", "--no-net", "--pedantic", args.metainfo],
                     capture_output=True, text=True)
for line in run.stdout.splitlines():
    if line[:3] in ("E: ", "W: ", "I: ", "P: "):
        tag = " ".join(line.split()[2:4]) if "unknown-tag" in line else line.split()[2]
        if tag not in ALLOWED:
            failures.append(f"appstreamcli validate --pedantic: {line}")
if run.returncode != 0:
    failures.append(f"appstreamcli validate --pedantic failed:\n{run.stdout}{run.stderr}")

root = ET.parse(args.metainfo).getroot()
summary = root.findtext("summary") or ""
if not 0 < len(summary) <= 35:
    failures.append(f"the summary has {len(summary)} characters, not 1 to 35: {summary!r}")
schemes = {c.get("scheme_preference") for c in root.findall("branding/color[@type='primary']")}
if schemes != {"light", "dark"}:
    failures.append(f"<branding> has primary colours for {sorted(filter(None, schemes))}, "
                    "not for light and dark")
rating = root.find("content_rating[@type='oars-1.1']")
attributes = {a.get("id"): a.text for a in rating.findall("content_attribute")} if rating is not None else {}
if attributes.get("social-chat") != "intense":
    failures.append("the OARS 1.1 rating does not say social-chat intense (free chat between players)")
if root.findtext("requires/display_length[@compare='ge']") != "360":
    failures.append("<requires> does not say a display of at least 360 px")
controls = {c.text for c in root.findall("recommends/control")} | {c.text for c in root.findall("supports/control")}
if not {"keyboard", "pointing", "touch"} <= controls:
    failures.append(f"the inputs are {sorted(controls)}, not keyboard, pointing and touch")
releases = root.findall("releases/release")
if not releases or any(r.find("description") is None for r in releases):
    failures.append("the releases are missing or without notes")

shots = root.findall("screenshots/screenshot")
if not shots:
    failures.append("no screenshots")
for shot in shots:
    image = shot.findtext("image") or ""
    name = os.path.basename(image)
    if not (shot.findtext("caption") or "").strip():
        failures.append(f"the screenshot {name} has no caption")
    path = os.path.join(args.screenshots, name)
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError as error:
        failures.append(f"the screenshot {name} is not in {args.screenshots}: {error}")
        continue
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        failures.append(f"{path} is not a PNG")
        continue
    width, height = struct.unpack(">II", head[16:24])
    if width > 1000 or height > 700:
        failures.append(f"{path} is {width}x{height}, larger than 1000x700")

for failure in failures:
    print(f"metainfo-store: {failure}", file=sys.stderr)
if failures:
    sys.exit(1)
print(f"metainfo-store: ok ({len(shots)} screenshots, {len(releases)} releases, summary "
      f"{len(summary)} characters)")
