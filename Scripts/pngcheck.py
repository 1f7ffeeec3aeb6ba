#!/usr/bin/env python3
"""Checks a screenshot is not blank, with nothing but Python's standard library.

Usage: pngcheck.py FILE.png [--min-colors N] [--min-ink FRACTION] [--dark] [--has RRGGBB ...]
Decodes the PNG (8-bit RGB or RGBA, any filter), then checks: at least N distinct colours,
at least FRACTION of the pixels differ from the most common one (the background), the
background is dark with --dark (light otherwise), and each --has colour appears (within 24
per channel). Prints what it measured; exits 1 when a check fails.
"""
import argparse
import collections
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, width, height, depth, kind = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        tag = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
        elif tag == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or kind not in (2, 6):
        sys.exit(f"{path}: expected 8-bit RGB or RGBA, got depth {depth}, colour type {kind}")
    bpp = 3 if kind == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, bpp, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("png")
    parser.add_argument("--min-colors", type=int, default=8)
    parser.add_argument("--min-ink", type=float, default=0.01)
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--has", nargs="*", default=[])
    args = parser.parse_args()
    width, height, bpp, rows = decode(args.png)
    counts = collections.Counter()
    for row in rows:
        for x in range(0, len(row), bpp):
            counts[row[x:x + 3]] += 1
    total = width * height
    background, most = counts.most_common(1)[0]
    ink = 1 - most / total
    light = sum(background) / 3 > 128
    print(f"{args.png}: {width}x{height}, {len(counts)} colours, background #{background.hex()}, "
          f"{ink:.1%} of pixels not background")
    ok = True
    if len(counts) < args.min_colors:
        print(f"  FAIL: fewer than {args.min_colors} colours: the page looks blank")
        ok = False
    if ink < args.min_ink:
        print(f"  FAIL: under {args.min_ink:.1%} of the pixels differ from the background")
        ok = False
    if args.dark == light:
        print(f"  FAIL: the background is {'light' if light else 'dark'}, expected {'dark' if args.dark else 'light'}")
        ok = False
    for wanted in args.has:
        rgb = bytes.fromhex(wanted)
        hits = sum(n for c, n in counts.items() if all(abs(c[i] - rgb[i]) <= 24 for i in range(3)))
        print(f"  #{wanted}: {hits} pixels")
        if hits == 0:
            print(f"  FAIL: no pixel near #{wanted}")
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
