#!/usr/bin/python3
# tests/e2e/history-kill-watch.py MOMENT PID WAL SAVE TRACE SECONDS: for history-kill.sh,
# kills PID with SIGKILL at MOMENT, polling every 0.2 ms (a shell is too slow to hit the
# 2 ms after a save): "wal" the moment the file WAL changes, "save" right after a save
# (a new line in the save trace TRACE) whose state line says a hand is over (phase 3).
# After SECONDS without the moment it kills anyway. Prints what it killed at.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import signal
import sys
import time

moment, pid = sys.argv[1], int(sys.argv[2])
wal, save, trace = sys.argv[3:6]
limit = float(sys.argv[6])


def stamp(path):
    try:
        st = os.stat(path)
        return (st.st_size, st.st_mtime_ns)
    except OSError:
        return None


def hand_over():
    try:
        with open(save) as f:
            head = "".join(f.readline() for _ in range(4))
    except OSError:
        return False
    return " phase 3 " in head


watched = wal if moment == "wal" else trace
last = stamp(watched)
end = time.monotonic() + limit
how = "time"
while time.monotonic() < end:
    now = stamp(watched)
    if now != last:
        last = now
        if moment == "wal" or hand_over():
            how = moment
            break
    time.sleep(0.0002)
try:
    os.kill(pid, signal.SIGKILL)
except ProcessLookupError:
    how = "gone"
print(how)
