#!/usr/bin/env python3
# tests/flatpak/check-swapped-modules.py LOG MANIFEST: the local build (build-aux/
# flatpak-local, whose output is LOG) says it swapped exactly the manifest's modules that
# come from a release archive (it cannot download them), each for Debian packages of the
# archive's own version: the app it tests is built on the same library releases as the
# manifest's. build-aux/check-flatpak runs it. Prints an "ok"/"not ok" line.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import re
import sys

LINE = re.compile(r"^flatpak-local: swapped module (\S+) for Debian's (\S+) (\S+) in the "
                  r"Platform and (\S+) (\S+) in the SDK$")


def upstream(debian_version):
    """The upstream part of a Debian version: no epoch, no Debian revision."""
    version = debian_version.split(":", 1)[-1]
    return version.rsplit("-", 1)[0] if "-" in version else version


def main():
    log, manifest = sys.argv[1:]
    # The manifest may hold /* */ comments, which json-glib reads and Python's json does not.
    with open(manifest, encoding="utf-8") as f:
        m = json.loads(re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S))
    archives = {}
    for module in m["modules"]:
        for source in module.get("sources", []):
            if source.get("type") == "archive":
                name = os.path.basename(source["url"])
                found = re.fullmatch(re.escape(module["name"]) + r"-(.+?)\.tar\.\w+", name)
                if not found:
                    sys.exit(f"not ok - the archive {name} of {module['name']} names no version")
                archives[module["name"]] = found.group(1)

    swapped = {}
    with open(log, encoding="utf-8") as f:
        for line in f:
            found = LINE.match(line.rstrip("\n"))
            if found:
                name, platform, platform_version, sdk, sdk_version = found.groups()
                if name in swapped:
                    sys.exit(f"not ok - {name} is swapped twice")
                swapped[name] = ((platform, platform_version), (sdk, sdk_version))

    if sorted(swapped) != sorted(archives):
        sys.exit(f"not ok - the local build swapped {sorted(swapped) or 'no module'}, "
                 f"the manifest's modules from a release archive are {sorted(archives)}")
    said = []
    for name, packages in sorted(swapped.items()):
        for package, version in packages:
            if upstream(version) != archives[name]:
                sys.exit(f"not ok - {name}: the manifest's release is {archives[name]}, "
                         f"Debian's {package} in its place is {version}")
        said.append(f"{name} {archives[name]} for Debian's "
                    + " and ".join(f"{p} {v}" for p, v in packages))
    print("ok - the local build swapped exactly the manifest's modules from a release "
          "archive, each for Debian's packages of its release: " + "; ".join(said))


if __name__ == "__main__":
    main()
