#!/usr/bin/python3
# tests/flatpak/secret-portal.py: the portals of xdg-desktop-portal that the app uses, for
# tests/flatpak/flatpak-app-table.sh, on the test's own session bus. xdg-desktop-portal is
# not installed on the test machines (it would also be started by every libadwaita app of
# every other test, which asks the portal for its settings). This stands in for its
# front end only, as xdg-desktop-portal's secret.c does: it owns
# org.freedesktop.portal.Desktop, answers org.freedesktop.portal.Secret's RetrieveSecret
# from a sandboxed app (the app's ID read from the .flatpak-info of its bus connection's
# process, as the portal reads it) by asking the real back end, gnome-keyring-daemon's
# org.freedesktop.impl.portal.Secret (on org.freedesktop.secrets, as its
# gnome-keyring.portal says), to write the app's secret into the app's file descriptor,
# and emits the request's Response. libsecret in the sandbox then keeps the app's
# passwords in a file of the sandbox (~/.var/app/ID/data/keyrings), encrypted with that
# secret: what a Flatpak app does on a desktop with the portal. And the NetworkMonitor
# portal (version 3), answered from the host's GNetworkMonitor as xdg-desktop-portal
# answers it: GLib's network monitor in a sandbox asks it once it finds the portal's name
# (the account reconnects on its changes), and warns if it cannot.
# Prints "ready" once it owns the name; each request is logged on stderr. Ends on SIGTERM
# or when the bus goes.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NODE = Gio.DBusNodeInfo.new_for_xml("""
<node>
  <interface name="org.freedesktop.portal.Secret">
    <method name="RetrieveSecret">
      <arg type="h" name="fd" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
  <interface name="org.freedesktop.portal.NetworkMonitor">
    <signal name="changed"/>
    <method name="GetAvailable"><arg type="b" name="available" direction="out"/></method>
    <method name="GetMetered"><arg type="b" name="metered" direction="out"/></method>
    <method name="GetConnectivity">
      <arg type="u" name="connectivity" direction="out"/>
    </method>
    <method name="GetStatus"><arg type="a{sv}" name="status" direction="out"/></method>
    <method name="CanReach">
      <arg type="s" name="hostname" direction="in"/>
      <arg type="u" name="port" direction="in"/>
      <arg type="b" name="reachable" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>""")
SECRET, NETWORK = NODE.interfaces
VERSIONS = {SECRET.name: 1, NETWORK.name: 3}
PORTAL_PATH = "/org/freedesktop/portal/desktop"


def log(message):
    print("secret-portal: " + message, file=sys.stderr, flush=True)


def app_id_of(connection, sender):
    """The Flatpak ID of the sender's process, as xdg-desktop-portal finds it."""
    (pid,) = connection.call_sync(
        "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
        "GetConnectionUnixProcessID", GLib.Variant("(s)", (sender,)),
        GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, -1, None).unpack()
    info = GLib.KeyFile()
    info.load_from_file("/proc/%d/root/.flatpak-info" % pid, GLib.KeyFileFlags.NONE)
    return info.get_string("Application", "name")


def retrieve_secret(connection, sender, parameters, invocation):
    fd_index, options = parameters.unpack()
    token = options.get("handle_token", "t%d" % GLib.random_int())
    handle = "%s/request/%s/%s" % (PORTAL_PATH, sender[1:].replace(".", "_"), token)
    try:
        app_id = app_id_of(connection, sender)
    except GLib.Error as error:
        log("%s is no sandboxed app: %s" % (sender, error.message))
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotAllowed",
                                     "Not a sandboxed app")
        return
    # The app reads its secret until the pipe's end: no copy of the writing end may stay
    # open here (the incoming message's and the outgoing list's are closed by hand).
    incoming = invocation.get_message().get_unix_fd_list()
    fds = Gio.UnixFDList.new_from_array([incoming.get(fd_index)])
    for fd in incoming.steal_fds():
        os.close(fd)
    invocation.return_value(GLib.Variant("(o)", (handle,)))
    # gnome-keyring writes the app's secret into the fd and answers when it is written.
    try:
        result, _ = connection.call_with_unix_fd_list_sync(
            "org.freedesktop.secrets", PORTAL_PATH, "org.freedesktop.impl.portal.Secret",
            "RetrieveSecret", GLib.Variant("(osha{sv})", (handle, app_id, 0, {})),
            GLib.VariantType("(ua{sv})"), Gio.DBusCallFlags.NONE, -1, fds, None)
    finally:
        for fd in fds.steal_fds():
            os.close(fd)
    response, _ = result.unpack()
    log("RetrieveSecret for %s (%s): response %d" % (app_id, sender, response))

    # Debian 12's libsecret (0.20.5, the local runtime's) subscribes to the request's
    # Response only once the call's reply has come back to it, a main-loop turn later
    # (later versions name the request by a handle_token and subscribe first), and a
    # Response sent before that is lost. xdg-desktop-portal seldom answers that fast; here
    # the Response goes again over 8 s: the app takes the first it hears and unsubscribes.
    def respond():
        connection.emit_signal(sender, handle, "org.freedesktop.portal.Request", "Response",
                               GLib.Variant("(ua{sv})", (response, {})))
        return GLib.SOURCE_REMOVE

    for delay in (0, 200, 500, 1000, 2000, 4000, 8000):
        GLib.timeout_add(delay, respond)


def secret_call(connection, sender, path, interface, method, parameters, invocation):
    try:
        retrieve_secret(connection, sender, parameters, invocation)
    except GLib.Error as error:
        log("RetrieveSecret failed: %s" % error.message)


def network_call(connection, sender, path, interface, method, parameters, invocation):
    monitor = Gio.NetworkMonitor.get_default()
    status = {
        "available": GLib.Variant("b", monitor.get_network_available()),
        "metered": GLib.Variant("b", monitor.get_network_metered()),
        "connectivity": GLib.Variant("u", int(monitor.get_connectivity())),
    }
    if method == "GetStatus":
        invocation.return_value(GLib.Variant("(a{sv})", (status,)))
    elif method == "CanReach":
        invocation.return_value(GLib.Variant("(b)", (True,)))
    else:
        name = method[3:].lower()
        invocation.return_value(GLib.Variant("(%s)" % status[name].get_type_string(),
                                             (status[name].unpack(),)))


def get_property(connection, sender, path, interface, name):
    return GLib.Variant("u", VERSIONS[interface])


def main():
    loop = GLib.MainLoop()
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    connection.register_object(PORTAL_PATH, SECRET, secret_call, get_property, None)
    connection.register_object(PORTAL_PATH, NETWORK, network_call, get_property, None)

    def acquired(_connection, _name):
        print("ready", flush=True)

    def lost(_connection, name):
        log("cannot own %s" % name)
        loop.quit()

    Gio.bus_own_name_on_connection(connection, "org.freedesktop.portal.Desktop",
                                   Gio.BusNameOwnerFlags.DO_NOT_QUEUE, acquired, lost)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
    connection.connect("closed", lambda *_: loop.quit())
    loop.run()


if __name__ == "__main__":
    main()
