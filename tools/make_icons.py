"""Draw the app icons (build/chq_site/offline/icons/) with the Python standard library only.

Run ``python -m tools.make_icons`` after changing the drawing; the outputs are
committed. One set of shapes (a tank on a brown square, inside the central 80 %
"safe zone" so the square works as a maskable icon) gives the SVG and, sampled
4 x 4 per pixel, the 192 and 512 pixel PNGs.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "chq_site" / "offline" / "icons"

BACKGROUND = (0x79, 0x55, 0x48)  # Material "brown", the site's primary colour
FOREGROUND = (0xF6, 0xEB, 0xD9)

# Shapes in a 24 x 24 box: rectangles (x0, y0, x1, y1, corner radius) and holes.
SOLID = [
    (5.0, 13.5, 19.0, 17.5, 2.0),  # tracks
    (6.0, 11.5, 18.0, 13.9, 0.0),  # hull
    (8.0, 8.3, 13.6, 11.9, 0.8),  # turret
    (13.0, 9.35, 19.6, 10.45, 0.0),  # gun
]
WHEELS = [(x, 15.5, 0.95) for x in (7.0, 9.5, 12.0, 14.5, 17.0)]


def inside(x: float, y: float) -> bool:
    """True where the foreground colour shows, at (x, y) in the 24 x 24 box."""
    for cx, cy, r in WHEELS:
        if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
            return False
    for x0, y0, x1, y1, r in SOLID:
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            continue
        if r == 0:
            return True
        nx = min(max(x, x0 + r), x1 - r)
        ny = min(max(y, y0 + r), y1 - r)
        if (x - nx) ** 2 + (y - ny) ** 2 <= r * r:
            return True
    return False


def png(size: int, samples: int = 4) -> bytes:
    """The icon as an RGB PNG of ``size`` x ``size`` pixels."""
    scale = 24.0 / size
    offsets = [(i + 0.5) / samples for i in range(samples)]
    rows = []
    for py in range(size):
        row = bytearray(b"\x00")  # filter type 0
        for px in range(size):
            hits = sum(
                inside((px + ox) * scale, (py + oy) * scale) for oy in offsets for ox in offsets
            )
            t = hits / (samples * samples)
            row += bytes(round(b + (f - b) * t) for b, f in zip(BACKGROUND, FOREGROUND, strict=True))
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def svg() -> str:
    def hexcolour(rgb: tuple[int, int, int]) -> str:
        return "#" + "".join(f"{c:02x}" for c in rgb)

    def num(v: float) -> str:
        return f"{v:g}"

    shapes = []
    for x0, y0, x1, y1, r in SOLID:
        corner = f' rx="{num(r)}"' if r else ""
        shapes.append(
            f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" height="{num(y1 - y0)}"{corner}/>'
        )
    wheels = "".join(
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"/>' for cx, cy, r in WHEELS
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        f'<rect width="24" height="24" fill="{hexcolour(BACKGROUND)}"/>'
        f'<g fill="{hexcolour(FOREGROUND)}">{"".join(shapes)}</g>'
        f'<g fill="{hexcolour(BACKGROUND)}">{wheels}</g>'
        "</svg>\n"
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(), encoding="utf-8")
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size))
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
