#!/usr/bin/env python3
# Checks the Flatpak manifest offline: flatpak-builder parses it under fatal warnings
# (an unknown key is only a warning), and it has the id, runtime, command, permissions,
# key order and build system we promise, and every library module comes from a release
# archive with its sha256 (issue 24: libstrophe, for the network layer the app builds).
# No runtime is needed.
#
# Usage: check-flatpak-manifest.py --flatpak-builder PATH --app-id ID MANIFEST
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# Issue 24: the network, for a table with friends; issue 34: the sound server, for the
# sounds of the table; nothing else.
FINISH_ARGS = ["--share=ipc", "--share=network", "--socket=fallback-x11", "--socket=wayland",
               "--socket=pulseaudio", "--device=dri"]
KEY_ORDER = ["id", "runtime", "runtime-version", "sdk", "command", "finish-args", "cleanup",
             "modules"]

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--flatpak-builder", required=True)
    parser.add_argument("--app-id", required=True)
    parser.add_argument("manifest")
    args = parser.parse_args()
    manifest = os.path.abspath(args.manifest)

    # flatpak-builder writes .flatpak-builder/ into the current directory.
    env = dict(os.environ, G_DEBUG="fatal-warnings")
    with tempfile.TemporaryDirectory(prefix="bk-flatpak-") as tmp:
        run = subprocess.run([args.flatpak_builder, "--show-manifest", manifest], cwd=tmp,
                             env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"flatpak-builder --show-manifest failed ({run.returncode}):\n{run.stderr}")
    if run.stderr.strip():
        sys.exit(f"flatpak-builder --show-manifest warned:\n{run.stderr}")
    shown = json.loads(run.stdout)

    # The key order is only in the file: flatpak-builder prints its own order. The file may
    # hold /* */ comments, as json-glib reads them; Python's json does not.
    with open(manifest, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    pairs = json.loads(text, object_pairs_hook=lambda p: p)
    keys = [key for key, _ in pairs]
    check(keys == KEY_ORDER, f"top-level keys {keys}, expected {KEY_ORDER}")
    check(len(set(keys)) == len(keys), "a top-level key appears twice")

    check(shown.get("id") == args.app_id, f"id is {shown.get('id')!r}, expected {args.app_id!r}")
    check(shown.get("runtime") == "org.gnome.Platform",
          f"runtime is {shown.get('runtime')!r}, expected 'org.gnome.Platform'")
    check(shown.get("sdk") == "org.gnome.Sdk", f"sdk is {shown.get('sdk')!r}")
    check(str(shown.get("runtime-version", "")).isdigit(),
          f"runtime-version {shown.get('runtime-version')!r} is not a stable GNOME release")
    check(shown.get("command") == "bierkopf", f"command is {shown.get('command')!r}")
    check(shown.get("finish-args") == FINISH_ARGS,
          f"finish-args are {shown.get('finish-args')}, expected exactly {FINISH_ARGS}")

    modules = shown.get("modules", [])
    check(len(modules) > 0 and isinstance(modules[-1], dict), "no app module")
    if modules and isinstance(modules[-1], dict):
        app = modules[-1]
        check(app.get("buildsystem") == "meson",
              f"the app module's buildsystem is {app.get('buildsystem')!r}, expected 'meson'")
        check({"type": "dir", "path": ".."}.items() <= (app.get("sources") or [{}])[0].items(),
              "the app module is not built from this tree ({'type': 'dir', 'path': '..'})")
        check(any(o.startswith("-Dbuildtype=") for o in app.get("config-opts", [])),
              "the app module has no -Dbuildtype in config-opts")
        # The Flatpak builds the network layer (-Dnet is on by default).
        check(not any(o.startswith("-Dnet=") for o in app.get("config-opts", [])),
              "the app module sets -Dnet: the Flatpak builds the network layer")

    # Every module before the app is a library from its release archive, pinned by sha256;
    # libstrophe is one of them.
    libraries = [m for m in modules[:-1] if isinstance(m, dict)]
    check("libstrophe" in [m.get("name") for m in libraries], "no libstrophe module")
    for module in libraries:
        sources = module.get("sources") or []
        check(len(sources) == 1 and sources[0].get("type") == "archive"
              and str(sources[0].get("url", "")).startswith("https://")
              and re.fullmatch(r"[0-9a-f]{64}", str(sources[0].get("sha256", ""))),
              f"module {module.get('name')!r} is not one release archive with its sha256")

    # Nothing may reach the network at build time.
    for module in modules:
        if not isinstance(module, dict):
            continue
        for opt in [module.get("build-options", {})] + [shown.get("build-options", {})]:
            check("--share=network" not in opt.get("build-args", []),
                  f"module {module.get('name')!r} builds with network access")

    if failures:
        for failure in failures:
            print(f"{manifest}: {failure}", file=sys.stderr)
        sys.exit(1)
    print(f"{os.path.basename(manifest)}: ok")


if __name__ == "__main__":
    main()
