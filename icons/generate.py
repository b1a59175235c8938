#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: The Bierkopf authors
"""Draw Bierkopf's app icon and its symbolic variant as SVG.

This script is the source of the icons; the two SVGs under hicolor/ are its
committed outputs (the build needs no Python). Run it after changing anything:

    python3 icons/generate.py            # rewrites icons/hicolor/…
    python3 icons/generate.py --out DIR  # writes DIR/<app id>.svg and …-symbolic.svg

The app icon follows the GNOME app icon guidelines: a 128 × 128 canvas, flat
shapes in the GNOME palette, a round object with a slight 3D base. It shows a
beer coaster (Bierdeckel) with a wavy rim and the score in pencil lines, and two
fanned cards on it: an Acorn (Eichel) and a Heart (Herz). The symbolic icon is
the same idea at 16 × 16 in one colour: the coaster as a disc with the two
cards cut out of it.

Python 3 standard library only; the output is deterministic. All art is ours.
"""

import argparse
import math
import os

APP_ID = "io.github.bierkopf.Bierkopf"
HERE = os.path.dirname(os.path.abspath(__file__))

# The GNOME palette.
LIGHT_1, LIGHT_2, LIGHT_3, LIGHT_4, LIGHT_5 = "#ffffff", "#f6f5f4", "#deddda", "#c0bfbc", "#9a9996"
DARK_2, DARK_3 = "#5e5c64", "#3d3846"
YELLOW_2, YELLOW_5 = "#f8e45c", "#e5a50a"
RED_3 = "#e01b24"
BROWN_2, BROWN_4, BROWN_5 = "#b5835a", "#865e3c", "#63452c"
SHADOW = "#241f31"
SYMBOLIC = "#2e3436"


def num(value):
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def polygon_path(*polygons):
    return " ".join("M " + " ".join(f"{num(x)},{num(y)}" for x, y in poly) + " Z"
                    for poly in polygons if poly)


# --- The app icon ---------------------------------------------------------------------

def wavy_circle(cx, cy, r, waves=22, depth=0.8):
    """The rim of a coaster: a circle whose radius swings by ±depth, `waves` times."""
    steps = waves * 8
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        rr = r + depth * math.cos(waves * t)
        points.append((cx + rr * math.sin(t), cy - rr * math.cos(t)))
    return polygon_path(points)


def heart(cx, cy, s):
    """A heart about 2s wide, centred on (cx, cy)."""
    def p(dx, dy):
        return f"{num(cx + dx * s)},{num(cy + dy * s)}"
    d = (f"M {p(0, 0.95)} "
         f"C {p(-0.3, 0.65)} {p(-1.05, 0.15)} {p(-1.05, -0.35)} "
         f"C {p(-1.05, -0.8)} {p(-0.7, -1.05)} {p(-0.5, -1.05)} "
         f"C {p(-0.25, -1.05)} {p(-0.05, -0.9)} {p(0, -0.65)} "
         f"C {p(0.05, -0.9)} {p(0.25, -1.05)} {p(0.5, -1.05)} "
         f"C {p(0.7, -1.05)} {p(1.05, -0.8)} {p(1.05, -0.35)} "
         f"C {p(1.05, 0.15)} {p(0.3, 0.65)} {p(0, 0.95)} Z")
    return [f'<path d="{d}" fill="{RED_3}"/>']


def acorn(cx, cy, s):
    """An acorn about 1.7s wide and 2.4s tall, centred on (cx, cy)."""
    def p(dx, dy):
        return f"{num(cx + dx * s)},{num(cy + dy * s)}"
    w = num(0.1 * s)
    return [
        f'<path d="M {p(0, -0.9)} C {p(0, -1.15)} {p(0.1, -1.3)} {p(0.25, -1.38)}" fill="none" '
        f'stroke="{BROWN_5}" stroke-width="{num(0.2 * s)}" stroke-linecap="round"/>',
        f'<path d="M {p(-0.64, -0.15)} C {p(-0.7, 0.5)} {p(-0.3, 0.98)} {p(0, 1.08)} '
        f'C {p(0.3, 0.98)} {p(0.7, 0.5)} {p(0.64, -0.15)} Z" fill="{YELLOW_5}"/>',
        f'<path d="M {p(-0.38, 0.05)} C {p(-0.4, 0.4)} {p(-0.25, 0.65)} {p(-0.1, 0.78)}" '
        f'fill="none" stroke="{YELLOW_2}" stroke-width="{num(0.16 * s)}" stroke-linecap="round"/>',
        f'<path d="M {p(-0.82, -0.1)} C {p(-0.86, -0.75)} {p(-0.42, -0.98)} {p(0, -0.98)} '
        f'C {p(0.42, -0.98)} {p(0.86, -0.75)} {p(0.82, -0.1)} '
        f'C {p(0.4, 0.08)} {p(-0.4, 0.08)} {p(-0.82, -0.1)} Z" fill="{BROWN_4}"/>',
        f'<path d="M {p(-0.55, -0.55)} C {p(-0.2, -0.68)} {p(0.2, -0.68)} {p(0.55, -0.55)}" '
        f'fill="none" stroke="{BROWN_2}" stroke-width="{w}" stroke-linecap="round"/>',
        f'<path d="M {p(-0.68, -0.27)} C {p(-0.25, -0.4)} {p(0.25, -0.4)} {p(0.68, -0.27)}" '
        f'fill="none" stroke="{BROWN_2}" stroke-width="{w}" stroke-linecap="round"/>',
    ]


def card(name, x, y, w, h, angle, pivot, pip):
    """A card with its top left corner at (x, y), turned by angle around the pivot."""
    return [
        f'<g id="{name}" transform="rotate({num(angle)} {num(pivot[0])} {num(pivot[1])})">',
        f'  <rect x="{num(x + 1.5)}" y="{num(y + 3)}" width="{num(w)}" height="{num(h)}" rx="6" '
        f'fill="{SHADOW}" opacity="0.18"/>',
        f'  <rect x="{num(x)}" y="{num(y + 1.5)}" width="{num(w)}" height="{num(h)}" rx="6" '
        f'fill="{LIGHT_4}"/>',
        f'  <rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="6" '
        f'fill="{LIGHT_1}"/>',
        f'  <rect x="{num(x + 4)}" y="{num(y + 4)}" width="{num(w - 8)}" height="{num(h - 8)}" '
        f'rx="3" fill="none" stroke="{LIGHT_3}" stroke-width="1.5"/>',
    ] + ["  " + line for line in pip] + ["</g>"]


def app_icon():
    cx, cy, r, depth = 64, 60, 54, 6
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- SPDX-License-Identifier: GPL-3.0-or-later. Generated by icons/generate.py. -->",
        '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
        "<title>Bierkopf</title>",
        "<defs>",
        '  <linearGradient id="rim" x1="10" x2="118" gradientUnits="userSpaceOnUse">',
        f'    <stop offset="0" stop-color="{LIGHT_5}"/>',
        f'    <stop offset="0.12" stop-color="{LIGHT_4}"/>',
        f'    <stop offset="0.88" stop-color="{LIGHT_4}"/>',
        f'    <stop offset="1" stop-color="{LIGHT_5}"/>',
        "  </linearGradient>",
        "</defs>",
        '<g id="coaster">',
        f'  <path d="{wavy_circle(cx, cy + depth, r)}" fill="url(#rim)"/>',
        f'  <path d="{wavy_circle(cx, cy, r)}" fill="{LIGHT_2}"/>',
        f'  <circle cx="{cx}" cy="{cy}" r="{r - 5}" fill="none" stroke="{YELLOW_5}" '
        'stroke-width="5"/>',
        f'  <circle cx="{cx}" cy="{cy}" r="{r - 11}" fill="none" stroke="{YELLOW_5}" '
        'stroke-width="1.5"/>',
        "</g>",
        '<g id="lines" fill="none" stroke="' + DARK_3 + '" stroke-width="2.2" '
        'stroke-linecap="round">',
    ]
    # Four lines struck through by the fifth, in pencil, below the cards.
    top, bottom = 92, 104
    for i in range(4):
        x = 52 + 6 * i
        lines.append(f'  <path d="M {x} {top} L {x + 1} {bottom}"/>')
    lines.append(f'  <path d="M 48 {bottom - 3} L 75 {top + 2}"/>')
    lines.append("</g>")
    w, h, top = 39, 57, 22
    pivot = (64, 104)
    lines += card("acorn-card", cx - w / 2 - 4, top, w, h, -15, pivot,
                  acorn(cx - 4, top + h / 2 - 1, 12))
    lines += card("heart-card", cx - w / 2 + 4, top, w, h, 13, pivot,
                  heart(cx + 4, top + h / 2, 11))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


# --- The symbolic icon ----------------------------------------------------------------

def rounded_rect(cx, cy, w, h, r, angle, segments=4):
    """A rounded rectangle as a clockwise polygon, centred on (cx, cy), turned by angle."""
    corners = [(w / 2 - r, -h / 2 + r, -90), (w / 2 - r, h / 2 - r, 0),
               (-w / 2 + r, h / 2 - r, 90), (-w / 2 + r, -h / 2 + r, 180)]
    points = []
    for x, y, start in corners:
        for i in range(segments + 1):
            a = math.radians(start + 90 * i / segments)
            points.append((x + r * math.cos(a), y + r * math.sin(a)))
    t = math.radians(angle)
    return [(cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t))
            for x, y in points]


def circle(cx, cy, r, n=48):
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def intersect(subject, clipper):
    """Sutherland–Hodgman: subject ∩ clipper, for a convex clockwise clipper."""
    def inside(p, a, b):
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0

    def crossing(p1, p2, a, b):
        d = (p1[0] - p2[0]) * (a[1] - b[1]) - (p1[1] - p2[1]) * (a[0] - b[0])
        t = ((p1[0] - a[0]) * (a[1] - b[1]) - (p1[1] - a[1]) * (a[0] - b[0])) / d
        return (p1[0] + t * (p2[0] - p1[0]), p1[1] + t * (p2[1] - p1[1]))

    result = subject
    for i, a in enumerate(clipper):
        b = clipper[(i + 1) % len(clipper)]
        points, result = result, []
        if not points:
            break
        previous = points[-1]
        for point in points:
            if inside(point, a, b):
                if not inside(previous, a, b):
                    result.append(crossing(previous, point, a, b))
                result.append(point)
            elif inside(previous, a, b):
                result.append(crossing(previous, point, a, b))
            previous = point
    return result


def symbolic_icon():
    # One even-odd path: the disc; the back card and the front card are holes, and a
    # 1 px strip of the disc stays between them (the back card ∩ the front card grown by
    # the gap is filled again, the front card inside it is a hole again).
    w, h, r, gap, spread, angle, cy = 5.0, 7.4, 1.0, 1.0, 2.2, 20, 8.3
    disc = circle(8, 8, 7.5)
    back = rounded_rect(8 - spread, cy, w, h, r, -angle)
    front = rounded_rect(8 + spread, cy, w, h, r, angle)
    front_grown = rounded_rect(8 + spread, cy, w + 2 * gap, h + 2 * gap, r + gap, angle)
    d = polygon_path(disc, intersect(back, disc), intersect(intersect(back, front_grown), disc),
                     intersect(front, disc))
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- SPDX-License-Identifier: GPL-3.0-or-later. Generated by icons/generate.py. -->",
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">',
        f'  <path d="{d}" fill="{SYMBOLIC}" fill-rule="evenodd"/>',
        "</svg>",
    ]) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write both files into this directory")
    args = parser.parse_args()
    outputs = {
        os.path.join("scalable", "apps", APP_ID + ".svg"): app_icon(),
        os.path.join("symbolic", "apps", APP_ID + "-symbolic.svg"): symbolic_icon(),
    }
    for path, text in outputs.items():
        if args.out:
            target = os.path.join(args.out, os.path.basename(path))
        else:
            target = os.path.join(HERE, "hicolor", path)
        os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        print(target)


if __name__ == "__main__":
    main()
