# tests/flatpak/flatpak-env.sh: sourced by build-aux/flatpak-local and
# tests/flatpak/flatpak-e2e.sh. Names the build folder's parts and points every piece of
# Flatpak state into it (the private installation, HOME, the temporary and XDG folders),
# so that building and running the Flatpak never touches the user's own installation.
#
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034

BK_APP_ID=io.github.bierkopf.Bierkopf
BK_MANIFEST=flatpak/$BK_APP_ID.json
# The runtime and SDK made from Debian 12 packages, and the branch both carry.
BK_PLATFORM_ID=io.github.bierkopf.DebianPlatform
BK_SDK_ID=io.github.bierkopf.DebianSdk
BK_RUNTIME_BRANCH=12
# The finish-args of the manifest, and so exactly the permissions of the installed app
# (--socket=pulseaudio: the sounds of the table, issue 34).
BK_FINISH_ARGS=(--share=ipc --share=network --socket=fallback-x11 --socket=wayland
                --socket=pulseaudio --device=dri)

# bk_flatpak_env FOLDER [HOME]: exports the variables that keep Flatpak inside FOLDER.
# HOME defaults to FOLDER/home; the test gives each run a fresh one.
bk_flatpak_env () {
  local dir=$1
  local home=${2:-$1/home}
  mkdir -p "$dir/user" "$dir/system" "$dir/tmp" "$home" "$dir/run"
  chmod 700 "$dir/run"
  export FLATPAK_USER_DIR=$dir/user
  export FLATPAK_SYSTEM_DIR=$dir/system
  export FLATPAK_CONFIG_DIR=$dir/config
  export HOME=$home
  export TMPDIR=$dir/tmp
  export XDG_DATA_HOME=$home/.local/share
  export XDG_CONFIG_HOME=$home/.config
  export XDG_CACHE_HOME=$home/.cache
  export XDG_STATE_HOME=$home/.local/state
  export XDG_RUNTIME_DIR=$dir/run
  export XDG_DATA_DIRS=$dir/user/exports/share:/usr/local/share:/usr/share
  unset XDG_CONFIG_DIRS
}

# bk_flatpak_fail MESSAGE: the check cannot run here; that is a failure, never a skip.
bk_flatpak_fail () {
  echo "flatpak: FAILED: $*" >&2
  exit 1
}

# bk_flatpak_preflight: fails with a clear message when this machine cannot build or run
# a Flatpak: a missing tool, or bubblewrap unable to make a sandbox.
bk_flatpak_preflight () {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null ||
      bk_flatpak_fail "'$tool' is missing (install the Debian packages named in build-aux/check-flatpak)"
  done
  command -v bwrap >/dev/null || bk_flatpak_fail "'bwrap' (bubblewrap) is missing"
  if ! bwrap --unshare-all --die-with-parent --ro-bind / / --proc /proc --dev /dev true 2>"${TMPDIR:-/tmp}/bk-bwrap.err"; then
    bk_flatpak_fail "bubblewrap cannot make a sandbox here (user namespaces disabled? see /proc/sys/kernel/unprivileged_userns_clone, /proc/sys/user/max_user_namespaces, or a container without CAP_SYS_ADMIN): $(cat "${TMPDIR:-/tmp}/bk-bwrap.err")"
  fi
}
