#!/usr/bin/python3
# test-a11y.py BIERKOPF: the real game as a screen reader sees it (issue 12). Run under
# dbus-run-session in an X display: starts the game, plays by keys from outside (xdotool:
# Return answers each dialog with its default, the number keys offer cards) and reads the
# AT-SPI tree with dogtail until the menu button, the others' hands and the trick's cards
# have names. On failure the tree is dumped as TAP comments. Then, the app's criticals
# fatal, it asks the app's root for a window past its last, as a reader does whose count
# is older than a dialog just closed (5).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import subprocess
import sys
import tempfile
import time

# dogtail writes its own messages to stdout, which TAP reads: everything but the TAP lines
# goes to stderr.
tap = sys.stdout
if os.environ.get("BK_TAP_FD"):
    tap = os.fdopen(int(os.environ["BK_TAP_FD"]), "w")
sys.stdout = sys.stderr

from dogtail.config import config  # noqa: E402

config.checkForA11y = False
config.logDebugToFile = False
config.logDebugToStdOut = False
config.searchCutoffCount = 3
from dogtail import tree  # noqa: E402

HAND = re.compile(r"^(.+)’s hand, \d+ cards?$")
PLAYED = re.compile(r"^.+, played by (.+)$")


def say(line):
    print(line, file=tap, flush=True)


def walk(node, depth=0, out=None):
    """Every node of the tree below @node as (depth, role, name)."""
    if out is None:
        out = []
    try:
        out.append((depth, node.roleName, node.name))
        children = node.children if depth < 14 else []
    except Exception:  # a node that went away while we read it
        return out
    for child in children:
        walk(child, depth + 1, out)
    return out


def app_root_ask_past_last():
    """Asks the app's AT-SPI root for its child at the index one past its last, as a
    screen reader does that counted the windows before a dialog closed. GTK 4.8 answers
    with the last toplevel's path, NULL (a critical) when that one was never shown.
    Returns the answer's object path, or None when no answer came."""
    from gi.repository import Gio, GLib

    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                "GetAddress", None, GLib.VariantType("(s)"),
                                Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
        Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    root = "/org/a11y/atspi/accessible/root"
    names = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "ListNames", None, None,
                          Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    for name in names:
        if not name.startswith(":"):
            continue
        try:
            app_name = bus.call_sync(name, root, "org.freedesktop.DBus.Properties", "Get",
                                     GLib.Variant("(ss)", ("org.a11y.atspi.Accessible",
                                                           "Name")),
                                     None, Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
            if app_name != "bierkopf":
                continue
            count = bus.call_sync(name, root, "org.freedesktop.DBus.Properties", "Get",
                                  GLib.Variant("(ss)", ("org.a11y.atspi.Accessible",
                                                        "ChildCount")),
                                  None, Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
            answer = bus.call_sync(name, root, "org.a11y.atspi.Accessible",
                                   "GetChildAtIndex", GLib.Variant("(i)", (count,)), None,
                                   Gio.DBusCallFlags.NONE, 5000, None).unpack()
            return answer[0][1]
        except GLib.Error as error:
            print("asked %s: %s" % (name, error.message))
    return None


def find_app(deadline):
    while time.time() < deadline:
        try:
            return tree.root.application("bierkopf")
        except Exception:
            time.sleep(0.5)
    return None


def main():
    app_path = sys.argv[1]
    home = tempfile.mkdtemp(prefix="bierkopf-a11y-")
    env = dict(os.environ)
    env.update({
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "GSETTINGS_BACKEND": "memory",
        "GDK_BACKEND": "x11",
        "LANG": "C.UTF-8",
        "LANGUAGE": "en",
        # a critical ends the app, so that (5) sees it
        "G_DEBUG": "fatal-warnings",
    })
    env.pop("GTK_A11Y", None)  # the real AT-SPI backend, not GTK's test one
    say("1..5")
    # The accessibility bus of this D-Bus session, before the app looks for it.
    launcher = None
    for path in ("/usr/libexec/at-spi-bus-launcher",
                 "/usr/lib/at-spi2-core/at-spi-bus-launcher"):
        if os.path.exists(path):
            launcher = subprocess.Popen([path, "--launch-immediately"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1)
            break
    if launcher is None:
        say("Bail out! at-spi-bus-launcher not found (Debian: at-spi2-core)")
        return 1
    proc = subprocess.Popen([app_path], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    nodes = []
    menu = talk = hands = trick = alive = False
    past_last = None
    try:
        deadline = time.time() + 90
        app = find_app(deadline)
        window = None
        while app is not None and time.time() < deadline:
            nodes = walk(app)
            buttons = [name for _, role, name in nodes if role == "push button"]
            menu = "Main Menu" in buttons
            talk = talk or "What Was Said in This Hand" in buttons
            # Issue 21: each other hand is one element with its owner and its count, and no
            # card is a nameless "Card, face down".
            owners = [m.group(1) for m in map(HAND.match, buttons) if m]
            hands = len(set(owners)) == 3 and len(owners) == 3 and \
                "Card, face down" not in buttons
            trick = any(PLAYED.match(name) for name in buttons)
            if menu and talk and hands and trick:
                break
            # Play on as a person would, from the keyboard.
            if window is None:
                found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name",
                                        "^Bierkopf$"], capture_output=True, text=True)
                window = found.stdout.split()[0] if found.stdout.split() else None
            if window:
                subprocess.run(["xdotool", "windowfocus", "--sync", window],
                               capture_output=True)
                subprocess.run(["xdotool", "key", "Return"], capture_output=True)
                for digit in "12345":
                    subprocess.run(["xdotool", "key", digit], capture_output=True)
            time.sleep(1)
        # 5: a window past the last, asked for; the app answers and lives on
        past_last = app_root_ask_past_last() if app is not None else None
        time.sleep(1)
        alive = proc.poll() is None
    finally:
        # Nothing of ours may outlive the test (test-a11y.sh checks): SIGKILL what does not
        # quit on SIGTERM in time.
        for child in (proc, launcher):
            child.terminate()
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()

    say(("ok" if menu else "not ok") + " 1 the menu button is called Main Menu")
    say(("ok" if hands else "not ok") + " 2 each other hand is one element naming whose it is")
    say(("ok" if trick else "not ok") + " 3 the trick's cards name who played them")
    say(("ok" if talk else "not ok") + " 4 the talk log's button says what it shows")
    answered = alive and past_last is not None and past_last.startswith("/")
    say(("ok" if answered else "not ok") +
        " 5 asked for a window past its last, the app answers (%r) and lives on" % (past_last,))
    if not answered:
        return 1
    if not (menu and talk and hands and trick):
        for depth, role, name in nodes:
            say("# %s[%s] %r" % ("  " * depth, role, name))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
