#!/usr/bin/env python3
# data/sounds/make-sounds.py: synthesizes the sounds of the table (issue 34) from noise and
# sine waves, Python 3's standard library only (wave, math, random). Deterministic: the
# noise comes from a seeded generator, so the same script writes the same bytes.
#
#   python3 data/sounds/make-sounds.py            # rewrites the WAV files next to it
#   python3 data/sounds/make-sounds.py --out DIR  # … into DIR
#   python3 data/sounds/make-sounds.py --check    # prints each file's length and peak
#
# Mono, 16 bit, 22050 Hz: enough for a snap and a chime, and small. Every sound is made
# quiet (its peak well under full scale) and fades in and out, so that none clicks or clips.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import math
import os
import random
import struct
import sys
import wave

RATE = 22050


def silence(seconds):
    return [0.0] * int(RATE * seconds)


def noise(seconds, seed):
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(int(RATE * seconds))]


def lowpass(samples, cutoff):
    """One-pole low-pass; cutoff in Hz, or a function of the sample's index."""
    out, y = [], 0.0
    for i, x in enumerate(samples):
        c = cutoff(i) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2.0 * math.pi * c / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(samples, cutoff):
    low = lowpass(samples, cutoff)
    return [x - y for x, y in zip(samples, low)]


def bandpass(samples, centre, q):
    """A resonant band-pass (the RBJ biquad, constant peak gain)."""
    w = 2.0 * math.pi * centre / RATE
    alpha = math.sin(w) / (2.0 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1.0 + alpha, -2.0 * math.cos(w), 1.0 - alpha
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for x in samples:
        y = (b0 * x + b2 * x2 - a1 * y1 - a2 * y2) / a0
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def envelope(samples, attack, decay):
    """A sharp rise over @attack seconds, then an exponential fall with time constant
    @decay seconds."""
    out = []
    for i, x in enumerate(samples):
        t = i / RATE
        rise = min(1.0, t / attack) if attack > 0 else 1.0
        out.append(x * rise * math.exp(-max(0.0, t - attack) / decay))
    return out


def tone(freq, seconds, decay, partials=((1.0, 1.0),)):
    """A struck tone: sine partials (ratio to @freq, level) under one decay."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        v = sum(level * math.sin(2.0 * math.pi * freq * ratio * t) * math.exp(-t * ratio / decay)
                for ratio, level in partials)
        out.append(v * min(1.0, t / 0.004))
    return out


def mix(*parts):
    """Each part is (start in seconds, samples)."""
    length = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, s in parts:
        offset = int(start * RATE)
        for i, x in enumerate(s):
            out[offset + i] += x
    return out


def finish(samples, peak):
    """Scaled to @peak (of full scale), faded in over 1 ms (a snap keeps its edge) and out
    over 5 ms, so that neither end clicks."""
    top = max(abs(x) for x in samples) or 1.0
    out = [x * peak / top for x in samples]
    fade_in, fade_out = int(RATE * 0.001), int(RATE * 0.005)
    for i in range(fade_in):
        out[i] *= i / fade_in
    for i in range(fade_out):
        out[-1 - i] *= i / fade_out
    return out


# The sounds. Peaks are fractions of full scale: the quietest (a card dealt, heard many
# times a hand) lowest, the chimes at the end of a hand a little louder.

def card_dealt():
    # A card sliding off the pack: a soft, short brush of high noise.
    s = highpass(noise(0.06, 1), 1800)
    s = lowpass(s, 6000)
    return finish(envelope(s, 0.004, 0.014), 0.18)


def card_played():
    # The snap of a card laid down: a crack of band-passed noise over a dull knock.
    crack = envelope(bandpass(noise(0.09, 2), 2600, 1.4), 0.001, 0.010)
    knock = envelope(lowpass(noise(0.09, 3), 400), 0.002, 0.018)
    return finish(mix((0, crack), (0, [0.6 * x for x in knock])), 0.32)


def trick_taken():
    # The trick swept together: a swish whose brightness rises and falls.
    n = int(RATE * 0.22)
    s = lowpass(noise(0.22, 4), lambda i: 700 + 3500 * math.sin(math.pi * i / n))
    s = [x * math.sin(math.pi * i / n) ** 2 for i, x in enumerate(s)]
    return finish(s, 0.24)


def word_said():
    # A word at the table: a small, round wooden tock.
    s = tone(520, 0.13, 0.03, ((1.0, 1.0), (2.76, 0.35)))
    return finish(s, 0.2)


def doubling():
    # Spritze and Retour: two knocks of the knuckles on the table.
    def knock(seed):
        body = tone(140, 0.12, 0.02, ((1.0, 1.0), (2.3, 0.3)))
        click = envelope(lowpass(noise(0.12, seed), 1800), 0.001, 0.006)
        return mix((0, body), (0, [0.7 * x for x in click]))
    return finish(mix((0, knock(5)), (0.13, knock(6))), 0.4)


def strike():
    # A line struck on the beer mat: chalk scratching, grainy, with a rough pulse.
    n = int(RATE * 0.26)
    s = bandpass(noise(0.26, 7), 3400, 2.5)
    rng = random.Random(8)
    grain, out = 1.0, []
    for i, x in enumerate(s):
        if i % 180 == 0:
            grain = rng.uniform(0.35, 1.0)
        shape = math.sin(math.pi * i / n) ** 0.6
        out.append(x * grain * shape)
    return finish(out, 0.22)


def chime(freqs, step, length, peak):
    parts = [(k * step, tone(f, length - k * step, 0.16, ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))))
             for k, f in enumerate(freqs)]
    return finish(mix(*parts), peak)


def hand_won():
    # Three bells rising: C, E, G.
    return chime((1046.5, 1318.5, 1568.0), 0.08, 0.6, 0.3)


def hand_lost():
    # Two low bells falling: E flat to C, softer.
    return chime((622.3, 523.3), 0.12, 0.6, 0.22)


SOUNDS = {
    'card-dealt': card_dealt,
    'card-played': card_played,
    'trick-taken': trick_taken,
    'word-said': word_said,
    'doubling': doubling,
    'strike': strike,
    'hand-won': hand_won,
    'hand-lost': hand_lost,
}


def write(path, samples):
    with wave.open(path, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b''.join(struct.pack('<h', round(max(-1.0, min(1.0, x)) * 32767))
                               for x in samples))


def check(path):
    """Length in seconds and peak (of full scale) of a WAV file as written."""
    with wave.open(path, 'rb') as w:
        frames = w.readframes(w.getnframes())
        rate = w.getframerate()
    values = struct.unpack('<%dh' % (len(frames) // 2), frames)
    peak = max(abs(v) for v in values) / 32767
    return len(values) / rate, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument('--check', action='store_true', help='only report the files')
    args = parser.parse_args()
    total, bad = 0, False
    for name, make in SOUNDS.items():
        path = os.path.join(args.out, name + '.wav')
        if not args.check:
            write(path, make())
        seconds, peak = check(path)
        size = os.path.getsize(path)
        total += size
        print('%-12s %5.3f s  peak %.3f (%5.1f dBFS)  %6d bytes'
              % (name, seconds, peak, 20 * math.log10(peak), size))
        bad |= peak >= 0.5 or seconds > 0.7
    print('total %d bytes' % total)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
