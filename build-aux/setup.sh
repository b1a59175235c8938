# build-aux/setup.sh: sourced by build-aux/play and build-aux/check. Installs the Debian
# packages that are missing (with sudo when not root) and configures a build directory.
#
# SPDX-License-Identifier: GPL-3.0-or-later

BUILD_PACKAGES=(
  build-essential meson ninja-build pkg-config gettext python3 libxml2-utils
  libglib2.0-dev libglib2.0-dev-bin libjson-glib-dev libsqlite3-dev
  libgtk-4-dev librsvg2-dev libadwaita-1-dev
  libsecret-1-dev
  # Issue 34, the sounds of the table (build-aux/play runs the app with these): GTK's
  # GStreamer media backend, and the plugins that play a WAV file (wavparse, autoaudiosink;
  # playbin comes with gstreamer1.0-plugins-base). Without them the app is silent, never
  # broken (tests/ui/test-sound.c runs both ways).
  libgtk-4-media-gstreamer gstreamer1.0-plugins-good
)

# python3-dogtail: the AT-SPI test (tests/ui/test-a11y.sh). prosody, libstrophe-dev and
# openssl: the XMPP tests on loopback (a private server with a self-signed certificate).
# fonts-noto-cjk: Japanese and Korean; locales: the money test compiles a locale.
# openbox: the window manager the screenshot tools (tests/ui/*-shots.c) place dialogs with.
# gnome-keyring: the Secret Service the account's tests keep a password in (a private bus);
# libsecret-tools: secret-tool, with which the e2e tests store a player's password there.
TEST_PACKAGES=(
  xvfb xauth dbus at-spi2-core python3-dogtail desktop-file-utils appstream libglib2.0-bin
  flatpak-builder prosody libstrophe-dev openssl
  librsvg2-common fonts-dejavu-core fonts-noto-cjk locales libgl1-mesa-dri xdotool imagemagick
  openbox gnome-keyring libsecret-tools
  clang libclang-rt-14-dev
  mmdebstrap flatpak ostree elfutils bubblewrap debian-archive-keyring
  # issue 35: build-aux/release signs the repository, tests/flatpak/flatpak-release.sh
  # makes throwaway keys
  gnupg
  # issue 31: the net suite on a second server (BK_TEST_SERVER=ejabberd, Debian's 23.01)
  # and tests/net/federated-table.sh (its own network namespace: ip from iproute2, mount,
  # a resolver of its own: dnsmasq; its verdicts read by python3)
  ejabberd dnsmasq-base iproute2 mount python3
)

# Only for build-aux/check --full.
FULL_PACKAGES=(
  valgrind
)

# Installs those of the given packages that are not installed yet.
bk_install () {
  local missing=()
  local package
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0

  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then
      sudo=(sudo)
    else
      echo "build-aux: please install as root: ${missing[*]}" >&2
      return 1
    fi
  fi
  echo "build-aux: installing ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# bk_configure DIR [MESON OPTIONS…]: sets up DIR once, reconfigures it afterwards.
bk_configure () {
  local dir=$1
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@"
  fi
}
