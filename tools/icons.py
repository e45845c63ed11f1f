"""The app icons (manifest, apple-touch-icon), drawn rather than committed so they always
match web/icons/icon.svg's design: a card with a red diamond on the green baize. Pure standard
library: signed distances give anti-aliased edges, zlib and struct write the PNG. build.py calls
``make_icons`` for every build.

    python tools/icons.py OUT_DIR     # write the four PNGs there
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

FELT = (0x1F, 0x5A, 0x3A)
CARD = (0xFF, 0xFD, 0xF7)
EDGE = (0x8A, 0x7A, 0x62)
RED = (0xB3, 0x17, 0x1F)
# name: (size in px, maskable).  A maskable icon is full-bleed and keeps its
# drawing inside the central 80% circle that every mask leaves visible.
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),  # iOS rounds the corners itself
}


def _rounded_box(px: float, py: float, hw: float, hh: float, r: float) -> float:
    """Signed distance from (px, py) to a rounded box centred on the origin."""
    qx, qy = abs(px) - hw + r, abs(py) - hh + r
    outside = (max(qx, 0.0) ** 2 + max(qy, 0.0) ** 2) ** 0.5
    return outside + min(max(qx, qy), 0.0) - r


def draw_icon(size: int, maskable: bool) -> bytes:
    """The icon as 8-bit RGBA rows (size x size), drawn in unit coordinates."""
    scale = 0.8 if maskable else 1.0
    card_hw, card_hh, card_r = 0.235 * scale, 0.32 * scale, 0.045 * scale
    dia_a, dia_b = 0.15 * scale, 0.215 * scale
    dia_norm = (1 / dia_a ** 2 + 1 / dia_b ** 2) ** 0.5
    px = 1.0 / size

    def cover(d: float) -> float:  # signed distance (units) -> pixel coverage
        return min(1.0, max(0.0, 0.5 - d / px))

    # The drawing is symmetric about both axes: compute one quadrant, mirror it.
    half = (size + 1) // 2
    quad = []
    for j in range(half):
        y = (j + 0.5) / size - 0.5
        row = []
        for i in range(half):
            x = (i + 0.5) / size - 0.5
            bg_a = 1.0 if maskable else cover(_rounded_box(x, y, 0.5, 0.5, 0.19))
            d_card = _rounded_box(x, y, card_hw, card_hh, card_r)
            c_card = cover(d_card)
            c_edge = cover(abs(d_card) - 0.006 * scale) if c_card > 0 else 0.0
            c_dia = cover((abs(x) / dia_a + abs(y) / dia_b - 1) / dia_norm)
            rgb = FELT
            for col, a in ((CARD, c_card), (EDGE, c_edge * 0.8), (RED, c_dia)):
                if a:
                    rgb = tuple(c0 + (c1 - c0) * a for c0, c1 in zip(rgb, col, strict=True))
            row.append(bytes((round(rgb[0]), round(rgb[1]), round(rgb[2]), round(255 * bg_a))))
        quad.append(row)
    rows = []
    for j in range(size):
        q = quad[j if j < half else size - 1 - j]
        left = b"".join(q[: size // 2])
        rows.append(b"\0" + left + b"".join(reversed(q[: half])))
    return b"".join(rows)


def png(size: int, raw: bytes) -> bytes:
    """An RGBA PNG from filtered scanlines (each row starts with filter byte 0)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def make_icons(dest: Path) -> list[Path]:
    """Write the PNG icons into dest (web/icons/ may hold the SVG beside them)."""
    dest.mkdir(parents=True, exist_ok=True)
    made = []
    for name, (size, maskable) in ICONS.items():
        path = dest / name
        path.write_bytes(png(size, draw_icon(size, maskable)))
        made.append(path)
    return made


if __name__ == "__main__":
    for made in make_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "icons")):
        print(made)
