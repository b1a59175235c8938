#!/usr/bin/env bash
# tests/flatpak/flatpak-release.sh [BUILD_FOLDER]: the release as a player gets it and keeps
# it up to date (issue 35). build-aux/check-flatpak runs it after flatpak-e2e.sh; it works
# in BUILD_FOLDER/release-test (default _flatpak/), builds with build-aux/release into
# BUILD_FOLDER/release-work (flatpak-builder's cache kept between runs) and shares the
# runtime's cache of build-aux/flatpak-local.
#
#  1. A throwaway GPG key without passphrase in a GNUPGHOME of its own, and another one;
#     build-aux/release publishes version N (meson.build's) signed with the first into a
#     folder, used as a file:// site.
#  2. The same build published by the other key, with a .flatpakref that names ours: its
#     install is refused (the signature is checked against the key the .flatpakref gives).
#  3. In a private installation (FLATPAK_USER_DIR in the test's folder): install from the
#     site's .flatpakref, whose remote verifies signatures; the app and its runtime come
#     from the site. tests/flatpak/flatpak-e2e.sh then runs on that installation: the
#     permissions, a hand played by keys, the session resumed, German, Japanese, Korean.
#  4. Version N+1 (build-aux/release --version: the same tree, built as a newer version),
#     published into the same repository: `flatpak update` brings it (a new commit, the
#     metainfo of the installed app names N+1); the update is timed three times (back to
#     N with --commit, then forward again), the median printed. The saved session and the
#     history of hands survive: the updated app resumes the same session (same seed, no
#     card lost, nothing found damaged) and the history keeps its hands.
#  5. The bundle installs into another fresh installation, the runtime fetched through the
#     bundle's runtime repository, and its remote verifies our key.
# Prints the repository's and the bundle's size and the update's time as "# figure" lines.
# TAP-like "ok"/"not ok" lines; exits non-zero on the first failure.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
# shellcheck source=tests/flatpak/flatpak-env.sh
source "$here/flatpak-env.sh"

out=${1:-${BK_FLATPAK_DIR:-$src/_flatpak}}
mkdir -p "$out"
out=$(cd "$out" && pwd)
t=$out/release-test
work=$out
rm -rf "$t"
mkdir -p "$t"
bk_flatpak_env "$t" "$t/e2e/home"
bk_flatpak_preflight flatpak ostree gpg xvfb-run dbus-run-session xdotool python3
cache=${BK_FLATPAK_CACHE:-$out/cache}
arch=$(flatpak --default-arch)
app_ref=app/$BK_APP_ID/$arch/master

fail () { echo "not ok - $*"; exit 1; }

# 1. The keys, and version N published.
export GNUPGHOME=$t/gnupg
mkdir -m 700 "$GNUPGHOME"
# gpg starts an agent for the keys: it ends with the test.
trap 'gpgconf --kill gpg-agent 2>/dev/null || true' EXIT
for who in bierkopf other; do
  gpg --batch --quiet --passphrase '' --quick-gen-key "$who test <$who@bierkopf.invalid>" \
    ed25519 sign never 2>>"$t/gpg.log" || { sed 's/^/# /' "$t/gpg.log"; fail "gpg made no key"; }
done
fpr () { gpg --batch --quiet --with-colons --list-secret-keys "$1@bierkopf.invalid" | awk -F: '$1 == "fpr" { print $10; exit }'; }
ours=$(fpr bierkopf) theirs=$(fpr other)
{ [ -n "$ours" ] && [ -n "$theirs" ]; } || fail "no fingerprints of the test keys"
echo "ok - two throwaway keys in $GNUPGHOME"

release () {
  BK_FLATPAK_CACHE=$cache "$src/build-aux/release" --gpg-sign "$ours" --gpg-homedir "$GNUPGHOME" \
    --output "$t/site" --work "$work" "$@" >>"$t/release.log" 2>&1 ||
    { tail -n 30 "$t/release.log" | sed 's/^/# /'; fail "build-aux/release $* failed"; }
}
version=$(sed -n "s/^  version: '\([^']*\)',$/\1/p" "$src/meson.build" | head -n 1)
next=$version.1
start=$SECONDS
release
echo "ok - build-aux/release published $version into $t/site ($((SECONDS - start)) s)"
for f in repo/summary repo/summary.sig bierkopf.flatpakrepo "$BK_APP_ID.flatpakref" \
    bierkopf.flatpak bierkopf.gpg index.html; do
  [ -s "$t/site/$f" ] || fail "the site has no $f"
done
grep -q "^GPGKey=$(base64 -w 0 "$t/site/bierkopf.gpg")\$" "$t/site/$BK_APP_ID.flatpakref" ||
  fail "the .flatpakref does not carry the signing key"
# (ostree show reads no GnuPG home's keyring: the key's ID is compared; the install below
# verifies the signature.)
ostree show --repo="$t/site/repo" "$app_ref" 2>/dev/null | grep -q "key ID ${ours: -16}\$" ||
  fail "the app's commit is not signed with the test's key ${ours: -16}"
echo "ok - the site has the signed repository, .flatpakrepo, .flatpakref, bundle and page"
echo "# figure: repository $(du -sk "$t/site/repo" | cut -f1) KiB (du -sk $t/site/repo)"
echo "# figure: bundle $(du -k "$t/site/bierkopf.flatpak" | cut -f1) KiB (du -k $t/site/bierkopf.flatpak)"

# The languages of po/LINGUAS, as build-aux/flatpak-local sets them: the e2e test speaks
# German, Japanese and Korean from the Locale extension.
flatpak config --user --set languages "en;$(grep -v '^#' "$src/po/LINGUAS" | tr -s ' \n' ';' | sed 's/;$//')"

# 2. A repository signed with another key is refused.
mkdir -p "$t/other"
ostree init --repo="$t/other/repo" --mode=archive-z2
for ref in "$app_ref" "runtime/$BK_PLATFORM_ID/$arch/$BK_RUNTIME_BRANCH"; do
  flatpak build-commit-from --no-update-summary --gpg-sign="$theirs" --gpg-homedir="$GNUPGHOME" \
    --src-repo="$t/site/repo" "$t/other/repo" "$ref" >/dev/null
done
flatpak build-update-repo --gpg-sign="$theirs" --gpg-homedir="$GNUPGHOME" "$t/other/repo" >/dev/null
sed -e "s|^Url=.*|Url=file://$t/other/repo/|" -e '/^RuntimeRepo=/d' \
  -e 's|^SuggestRemoteName=.*|SuggestRemoteName=other|' \
  "$t/site/$BK_APP_ID.flatpakref" >"$t/other/$BK_APP_ID.flatpakref"
# Flatpak 1.14 drops the summary whose signature it cannot check and then says "No such
# ref"; its verbose log says why.
if flatpak install --user --noninteractive --verbose --from "$t/other/$BK_APP_ID.flatpakref" \
    >"$t/refused.log" 2>&1; then
  fail "a repository signed with another key was installed from"
fi
grep -q "Can't check signature: public key not found" "$t/refused.log" ||
  { sed 's/^/# /' "$t/refused.log"; fail "the refusal is not the signature's"; }
flatpak info --user "$BK_APP_ID" >/dev/null 2>&1 && fail "the app is installed after the refusal"
echo "ok - a repository signed with another key is refused: $(grep -m 1 "^error:" "$t/refused.log") ($(grep -m 1 -o "Can't check signature: public key not found" "$t/refused.log"))"
flatpak remote-delete --user --force other >/dev/null 2>&1 || true

# 3. Installed from the .flatpakref, signature checked.
flatpak install --user --noninteractive --from "$t/site/$BK_APP_ID.flatpakref" >"$t/install.log" 2>&1 ||
  { sed 's/^/# /' "$t/install.log"; fail "the install from the .flatpakref failed"; }
remote=$(flatpak info --user --show-origin "$BK_APP_ID")
[ "$(ostree config --repo="$FLATPAK_USER_DIR/repo" get "remote \"$remote\".gpg-verify")" = true ] ||
  fail "the remote $remote does not verify signatures"
[ "$(flatpak info --user --show-origin "$BK_PLATFORM_ID//$BK_RUNTIME_BRANCH")" = "$remote" ] ||
  fail "the runtime did not come from the site"
# The installed version, as flatpak reads it from the app's metainfo (its newest release).
installed_version () {
  flatpak list --user --app --columns=application,version | awk -v id="$BK_APP_ID" '$1 == id { print $2 }'
}
[ "$(installed_version)" = "$version" ] || fail "the installed app is $(installed_version), not $version"
echo "ok - installed from the .flatpakref into a private installation (remote $remote, gpg-verify=true, version $version)"

"$here/flatpak-e2e.sh" "$t" | sed 's/^ok - /ok - e2e: /; s/^not ok - /not ok - e2e: /' ||
  fail "the installed release did not pass tests/flatpak/flatpak-e2e.sh"
var=$HOME/.var/app/$BK_APP_ID
save=$var/data/bierkopf/session.bierkopf
history=$var/data/bierkopf/history.sqlite
hands () {
  python3 - "$history" <<'PY'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
print(db.execute("select count(*) from hands").fetchone()[0])
PY
}
[ -f "$save" ] || fail "no saved session in $save"
[ -f "$history" ] || fail "no history in $history"
seed=$(grep '^seed ' "$save")
plays=$(grep -c '^play ' "$save" || true)
hands_before=$(hands) || fail "the history $history cannot be read"
[ "$hands_before" -ge 1 ] || fail "the history holds no hand after one was played"
echo "ok - before the update: the session ($seed, $plays cards), the history with hands: $hands_before"

# 4. Version N+1 into the same repository; flatpak update brings it.
old=$(flatpak info --user --show-commit "$BK_APP_ID")
start=$SECONDS
release --version "$next"
echo "ok - build-aux/release published $next into the same repository ($((SECONDS - start)) s)"
echo "# figure: repository with two versions $(du -sk "$t/site/repo" | cut -f1) KiB"
times=()
for round in 1 2 3; do
  if [ "$round" -gt 1 ]; then
    flatpak update --user --noninteractive --commit="$old" "$BK_APP_ID" >"$t/downgrade.log" 2>&1 ||
      { sed 's/^/# /' "$t/downgrade.log"; fail "going back to $old failed"; }
  fi
  began=$(date +%s%N)
  flatpak update --user --noninteractive >"$t/update.log" 2>&1 ||
    { sed 's/^/# /' "$t/update.log"; fail "flatpak update failed"; }
  times+=($((($(date +%s%N) - began) / 1000000)))
  new=$(flatpak info --user --show-commit "$BK_APP_ID")
  [ "$new" != "$old" ] || fail "flatpak update (round $round) left the commit at $old"
done
[ "$(installed_version)" = "$next" ] || fail "after the update the app is $(installed_version), not $next"
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
echo "ok - flatpak update brought $next (commit ${old:0:12} -> ${new:0:12})"
echo "# figure: flatpak update $median ms median of ${times[*]} ms (flatpak update --user --noninteractive, file:// repository)"

# The updated app resumes the saved session and keeps the history.
# shellcheck disable=SC2016 # the inner script's own variables
xvfb-run -a -s '-screen 0 1280x800x24 -noreset' dbus-run-session -- bash -c '
  set -u
  export GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
  flatpak run --user "$1" >"$2" 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    window=$(xdotool search --onlyvisible --name "^Bierkopf\$" 2>/dev/null | head -n 1) && [ -n "$window" ] && break
    kill -0 $pid 2>/dev/null || exit 1
    sleep 0.1
  done
  [ -n "$window" ] || { kill $pid; exit 2; }
  sleep 3
  for _ in $(seq 8); do
    if xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | grep -qvx Bierkopf; then
      xdotool windowfocus --sync "$window" 2>/dev/null; xdotool key Return; sleep 1
    fi
    xdotool windowfocus --sync "$window" 2>/dev/null; xdotool key ctrl+q
    for _ in $(seq 30); do kill -0 $pid 2>/dev/null || break 2; sleep 0.1; done
  done
  kill -0 $pid 2>/dev/null && { kill $pid; exit 3; }
  wait $pid' _ "$BK_APP_ID" "$t/updated-app.log" ||
  { tail -n 20 "$t/updated-app.log" | sed 's/^/# /'; fail "the updated app did not start and quit cleanly (exit $?)"; }
grep -qE 'damaged|CRITICAL' "$t/updated-app.log" && fail "the updated app found the save damaged or logged errors"
grep -qxF "$seed" "$save" || fail "the updated app started a new session instead of resuming ($seed)"
plays2=$(grep -c '^play ' "$save" || true)
[ "$plays2" -ge "$plays" ] || fail "the updated app lost cards of the session: $plays2 < $plays"
hands_after=$(hands)
[ "$hands_after" -ge "$hands_before" ] || fail "the history lost hands in the update: $hands_after < $hands_before"
echo "ok - after the update the session is resumed ($seed, $plays2 cards), the history with hands: $hands_after"

# 5. The bundle, into a fresh installation.
export FLATPAK_USER_DIR=$t/bundle-user
mkdir -p "$FLATPAK_USER_DIR"
flatpak install --user --noninteractive --bundle "$t/site/bierkopf.flatpak" >"$t/bundle.log" 2>&1 ||
  { sed 's/^/# /' "$t/bundle.log"; fail "the bundle did not install"; }
[ "$(installed_version)" = "$next" ] || fail "the bundle installed $(installed_version), not $next"
origin=$(flatpak info --user --show-origin "$BK_APP_ID")
[ "$(ostree config --repo="$FLATPAK_USER_DIR/repo" get "remote \"$origin\".gpg-verify")" = true ] ||
  fail "the bundle's remote $origin does not verify signatures"
flatpak remote-ls --user "$origin" >/dev/null 2>"$t/bundle-remote.err" ||
  { sed 's/^/# /' "$t/bundle-remote.err"; fail "the bundle's remote cannot read the signed repository"; }
echo "ok - the bundle installs ($next), with the runtime from the site, and its remote $origin checks our key"
echo "ok - the release installs, refuses another key, updates, keeps the player's session and history"
