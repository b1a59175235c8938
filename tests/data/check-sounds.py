#!/usr/bin/env python3
# Checks the sounds of the table (issue 34): the committed WAV files in data/sounds are what
# data/sounds/make-sounds.py makes (a sample may differ by one step, for another libm's
# last bit), each is mono 16 bit, at most 0.7 s long and peaks under half of full scale
# (quiet, and nothing clips), and all of them together are small.
#
# Usage: check-sounds.py GENERATOR SOUNDS_DIR
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import struct
import subprocess
import sys
import tempfile
import wave

generator, folder = sys.argv[1:]
failures = []


def samples(path):
    with wave.open(path, 'rb') as w:
        if w.getnchannels() != 1 or w.getsampwidth() != 2:
            failures.append(f"{path}: not mono 16 bit")
        frames = w.readframes(w.getnframes())
        return w.getframerate(), struct.unpack('<%dh' % (len(frames) // 2), frames)


with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, generator, '--out', tmp], check=True, stdout=subprocess.DEVNULL)
    made = sorted(f for f in os.listdir(tmp) if f.endswith('.wav'))
    committed = sorted(f for f in os.listdir(folder) if f.endswith('.wav'))
    if made != committed:
        failures.append(f"the script makes {made}, data/sounds has {committed}")
    total = 0
    for name in committed:
        path = os.path.join(folder, name)
        total += os.path.getsize(path)
        rate, ours = samples(path)
        seconds = len(ours) / rate
        peak = max(abs(v) for v in ours) / 32767
        print(f"# {name}: {seconds:.3f} s, peak {peak:.3f}")
        if seconds > 0.7:
            failures.append(f"{name}: {seconds:.3f} s long")
        if peak >= 0.5:
            failures.append(f"{name}: peaks at {peak:.3f} of full scale")
        if name in made:
            _, fresh = samples(os.path.join(tmp, name))
            if len(fresh) != len(ours) or any(abs(a - b) > 1 for a, b in zip(fresh, ours)):
                failures.append(f"{name}: not what {os.path.basename(generator)} makes now: "
                                "run it again")
    if total > 200 * 1024:
        failures.append(f"the sounds take {total} bytes")

for failure in failures:
    print(f"not ok - {failure}")
if failures:
    sys.exit(1)
print(f"ok - {len(committed)} sounds as make-sounds.py makes them, quiet and short")
