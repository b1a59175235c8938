#!/bin/bash
# tests/net/federated-table.sh BIERKOPF_CLI (issue 31, "Any server, tested"): a table over
# two federated Prosody servers found by DNS, as servers on the Internet find each other.
# The script runs itself again inside a network and mount namespace of its own
# (`unshare -n -m`): there lo is up (all of 127/8 is the namespace's own), a resolv.conf
# saying "nameserver 127.0.0.1" is bind-mounted over /etc/resolv.conf, dnsmasq answers
# a.localhost -> 127.0.0.2 and b.localhost -> 127.0.0.3 (and nothing else), and two
# Prosody servers listen there, c2s on 5222 and s2s on 5269 each, s2s by dialback.
# The host (`bierkopf-cli table host`) has its account on a, with a computer chair and a
# guest of a; a bot guest and a spectator (`table join --spectate`) have theirs on b.
# Passes when every guest and the spectator print a JSON verdict in which every hand is
# "deal and play verified". Nothing reaches the machine's network or resolver.
# Needs root (namespaces, port 53, 5222, 5269): it fails, saying so, when not root (CI runs
# as root). Every wait is bounded; the namespace and all in it end with the script.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

cli=$1
deals=2
# the TAP plan is printed once, outside; the run inside prints only its verdict
[ -n "${BK_FEDERATED_INSIDE:-}" ] || echo "1..1"
said=
fail () { said=1; echo "not ok 1 federated table: $*"; exit 1; }

if [ -z "${BK_FEDERATED_INSIDE:-}" ]; then
  [ "$(id -u)" = 0 ] ||
    fail "needs root: a network and mount namespace of its own (unshare -n -m), DNS on" \
         "port 53 and XMPP on 5222/5269 in it; CI runs as root"
  for p in unshare ip dnsmasq prosody prosodyctl openssl python3; do
    command -v "$p" > /dev/null ||
      fail "$p is not installed (build-aux/setup.sh installs prosody, dnsmasq-base, iproute2)"
  done
  BK_FEDERATED_INSIDE=1 exec unshare --net --mount --propagation private -- "$0" "$@"
fi

work=$(mktemp -d /tmp/bk-federated-XXXXXX)
pids=()
status=1
cleanup () {
  local rc=$?
  # a step that failed under `set -e` says so too: every run ends with a verdict
  [ "$rc" -eq 0 ] || [ -n "$said" ] || echo "not ok 1 federated table: a step failed ($rc)"
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  for pid in "${pids[@]}"; do
    timeout 10 tail --pid="$pid" -f /dev/null 2> /dev/null || kill -9 "$pid" 2> /dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    for log in "$work"/*.log "$work"/*.out; do
      [ -f "$log" ] || continue
      echo "# --- ${log##*/}"
      tail -n 20 "$log" | sed 's/^/# /'
    done
  fi
  rm -rf "$work"
}
trap cleanup EXIT
# Bash's /dev/tcp: a port that accepts, within SECONDS.
wait_port () {
  local address=$1 port=$2 seconds=$3 i
  for ((i = 0; i < seconds * 10; i++)); do
    (exec 3<> "/dev/tcp/$address/$port") 2> /dev/null && return 0
    sleep 0.1
  done
  return 1
}

ip link set lo up
echo "nameserver 127.0.0.1" > "$work/resolv.conf"
mount --bind "$work/resolv.conf" /etc/resolv.conf
dnsmasq --no-daemon --conf-file=/dev/null --port 53 --listen-address=127.0.0.1 \
  --bind-interfaces --no-resolv --no-hosts --user=root --log-facility=- \
  --address=/a.localhost/127.0.0.2 --address=/b.localhost/127.0.0.3 > "$work/dnsmasq.log" 2>&1 &
pids+=($!)
wait_port 127.0.0.1 53 10 || fail "dnsmasq did not listen on 127.0.0.1:53"

# One Prosody per domain; each trusts both certificates (the clients use either).
for side in a b; do
  domain=$side.localhost
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -keyout "$work/$side.key" -out "$work/$side.crt" -subj "/CN=$domain" \
    -addext "subjectAltName=DNS:$domain,DNS:conference.$domain" 2> /dev/null
done
cat "$work/a.crt" "$work/b.crt" > "$work/cafile.pem"
for side in a b; do
  domain=$side.localhost address=127.0.0.$([ "$side" = a ] && echo 2 || echo 3)
  mkdir -p "$work/$side-data"
  cat > "$work/$side.cfg.lua" <<EOF
-- written by tests/net/federated-table.sh
run_as_root = true
pidfile = "$work/$side.pid"
data_path = "$work/$side-data"
log = { { levels = { min = "info" }, to = "file", filename = "$work/prosody-$side.log" } }
interfaces = { "$address" }
c2s_ports = { 5222 }
s2s_ports = { 5269 }
c2s_direct_tls_ports = {}
s2s_direct_tls_ports = {}
http_ports = {}
https_ports = {}
modules_enabled = { "roster"; "saslauth"; "tls"; "dialback"; "disco"; "ping"; "smacks"; "posix" }
authentication = "internal_hashed"
storage = "internal"
c2s_require_encryption = true
s2s_require_encryption = true
-- self-signed certificates: the servers prove their names by dialback
s2s_secure_auth = false
VirtualHost "$domain"
  ssl = { certificate = "$work/$side.crt"; key = "$work/$side.key"; cafile = "$work/cafile.pem" }
Component "conference.$domain" "muc"
  ssl = { certificate = "$work/$side.crt"; key = "$work/$side.key" }
  restrict_room_creation = false
EOF
done
echo pw > "$work/pw"
for user in host:a guest:a bot:b watcher:b; do
  timeout 20 prosodyctl --config "$work/${user#*:}.cfg.lua" register "${user%:*}" \
    "${user#*:}.localhost" pw > /dev/null 2>&1 || fail "prosodyctl register $user"
done
for side in a b; do
  prosody -F --config "$work/$side.cfg.lua" > "$work/prosody-$side.out" 2>&1 &
  pids+=($!)
done
for address in 127.0.0.2 127.0.0.3; do
  wait_port $address 5222 30 && wait_port $address 5269 30 ||
    fail "Prosody on $address did not open 5222 and 5269 within 30 s"
done

# Made before the jobs start, so that a read never finds them missing.
: > "$work/host.out"
# The host on a: itself and a computer at two seats, a guest of a and a bot of b at two.
# The spectator of b is invited, as a friend watching would be.
timeout 200 "$cli" table host --jid host@a.localhost --password-file "$work/pw" \
  --server 127.0.0.2:5222 --cafile "$work/cafile.pem" --room federated@conference.a.localhost \
  --seats S=heuristic,W=guest@a.localhost,N=heuristic,E=bot@b.localhost --deals $deals \
  --invite watcher@b.localhost --record "$work/table.record" --timeout 180 \
  --game bierkopf > "$work/host.out" 2> "$work/host.log" &
host=$!
pids+=("$host")
invitation=
for ((i = 0; i < 600; i++)); do
  invitation=$(head -n 1 "$work/host.out" || true)
  case $invitation in xmpp:*'?join;password='*) break ;; esac
  kill -0 $host 2> /dev/null || fail "the host ended before its invitation"
  sleep 0.1
done
case $invitation in xmpp:*) ;; *) fail "no invitation from the host within 60 s" ;; esac

timeout 200 "$cli" table join --jid watcher@b.localhost --password-file "$work/pw" \
  --server 127.0.0.3:5222 --cafile "$work/cafile.pem" --room "$invitation" --spectate \
  --timeout 180 > "$work/watcher.out" 2> "$work/watcher.log" &
watcher=$!
timeout 200 "$cli" table join --jid guest@a.localhost --password-file "$work/pw" \
  --server 127.0.0.2:5222 --cafile "$work/cafile.pem" --room "$invitation" --seat W \
  --level heuristic --timeout 180 > "$work/guest.out" 2> "$work/guest.log" &
guest=$!
timeout 200 "$cli" table join --jid bot@b.localhost --password-file "$work/pw" \
  --server 127.0.0.3:5222 --cafile "$work/cafile.pem" --room "$invitation" --seat E \
  --level random --timeout 180 > "$work/bot.out" 2> "$work/bot.log" &
bot=$!
pids+=("$watcher" "$guest" "$bot")

for who in host guest bot watcher; do
  pid=${!who}
  wait "$pid" || fail "$who exited with $? (see its log)"
done

# Every verdict: verified, every hand "deal and play verified".
for who in guest bot watcher; do
  python3 - "$work/$who.out" "$deals" "$who" <<'EOF' || fail "$who: not every hand verified"
import json, sys
verdict = json.load(open(sys.argv[1]))
deals = int(sys.argv[2])
hands = verdict.get("hands", [])
ok = verdict.get("verified") is True and len(hands) == deals and all(
    h.get("hand") == i + 1 and h.get("message") == "deal and play verified"
    for i, h in enumerate(hands))
print("# %s: %s" % (sys.argv[3], " / ".join("hand %s: %s" % (h.get("hand"), h.get("message"))
                                          for h in hands)))
sys.exit(0 if ok else 1)
EOF
done
"$cli" replay "$work/table.record" > "$work/replay.out" || fail "the host's record does not replay"
status=0
echo "ok 1 federated table: host on a.localhost, a bot and a spectator on b.localhost," \
     "$deals hands verified by each"
