#!/usr/bin/env python3
# Installs the build into a temporary DESTDIR, the closest thing to the Flatpak's /app
# tree we can make offline, checks that every expected file is there and validates the
# desktop file, the metainfo and the schemas again at their installed paths.
#
# Usage: check-install.py --meson PATH --build-dir DIR --desktop-file PATH
#          --metainfo PATH --schemas-dir DIR [--tool NAME=PATH…] --expect PATH…
# The paths are the absolute paths under the prefix; a validator without --tool fails.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--meson", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--desktop-file", required=True)
    parser.add_argument("--metainfo", required=True)
    parser.add_argument("--schemas-dir", required=True)
    parser.add_argument("--tool", action="append", default=[])
    parser.add_argument("--expect", action="append", default=[])
    args = parser.parse_args()
    tools = dict(t.split("=", 1) for t in args.tool)

    failures = []
    with tempfile.TemporaryDirectory(prefix="bk-install-") as destdir:
        def staged(path):
            return os.path.join(destdir, os.path.relpath(path, "/"))

        run = subprocess.run([args.meson, "install", "-C", args.build_dir, "--no-rebuild",
                              "--destdir", destdir],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"meson install failed ({run.returncode}):\n{run.stdout}{run.stderr}")

        for path in args.expect:
            if not os.path.isfile(staged(path)):
                failures.append(f"not installed: {path}")
            elif os.path.getsize(staged(path)) == 0:
                failures.append(f"installed but empty: {path}")

        checks = [
            ("desktop-file-validate", [staged(args.desktop_file)]),
            ("appstreamcli", ["validate", "--no-net", "--explain", staged(args.metainfo)]),
            ("glib-compile-schemas", ["--strict", "--dry-run", staged(args.schemas_dir)]),
        ]
        for tool, tool_args in checks:
            if tool not in tools:
                failures.append(f"{tool} was not found when the build was configured")
                continue
            if not os.path.exists(tool_args[-1]):
                continue  # Already reported as not installed.
            check = subprocess.run([tools[tool]] + tool_args, capture_output=True, text=True)
            if check.returncode != 0:
                failures.append(f"{tool} {' '.join(tool_args[:-1])} failed on the installed "
                                f"file:\n{check.stdout}{check.stderr}")

    if failures:
        for failure in failures:
            print(failure, file=sys.stderr)
        sys.exit(1)
    print(f"{len(args.expect)} files installed, desktop file, metainfo and schemas valid")


if __name__ == "__main__":
    main()
