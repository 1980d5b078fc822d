"""Draw the program's icon in code (a black spade on a rounded white card) and write it per OS.

    python tools/make_icon.py              # writes assets/icon.png, icon.ico, icon.icns
    python tools/make_icon.py --if-missing # only when one of them is absent (what build.spec does)
    python tools/make_icon.py --out DIR --sheet preview.png

icon.png (256 px) is the Linux icon and the window icon; icon.ico (16-256 px) goes into the
Windows executable; icon.icns (32-1024 px) into the macOS app bundle. The spade is the same
shape the cards use (spades_gui.ui.card_art.draw_suit), so the icon matches the table.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from spades_gui.ui.card_art import draw_suit  # noqa: E402

ASSETS = ROOT / "assets"
FILES = ("icon.png", "icon.ico", "icon.icns")
PNG_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_BMP_MAX = 48  # entries up to this size are plain 32-bit DIBs, larger ones PNG
# (OSType, pixel size) of the PNG entries of an .icns file; '@2x' types reuse the bigger pixels.
ICNS_TYPES = (
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic13", 256),
    (b"ic08", 256),
    (b"ic14", 512),
    (b"ic09", 512),
    (b"ic10", 1024),
)

_FACE = (255, 255, 255)
_EDGE = (120, 120, 128)
_INK = (22, 22, 26)


def draw_icon(size: int) -> pygame.Surface:
    """The icon at size x size pixels: a portrait card with a soft shadow and a big spade."""
    ss = 4 if size <= 256 else 2
    big_n = size * ss
    big = pygame.Surface((big_n, big_n), pygame.SRCALPHA)
    big.fill((*_EDGE, 0))
    card_h = 0.92 * big_n
    card_w = card_h * 0.74
    card = pygame.Rect(0, 0, round(card_w), round(card_h))
    card.center = (big_n // 2, big_n // 2)
    radius = round(card_w * 0.14)
    if size >= 32:  # a soft shadow below and right of the card
        shadow = pygame.Surface((big_n, big_n), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        pygame.draw.rect(
            shadow, (0, 0, 0, 70), card.move(ss * size // 48, ss * size // 32), border_radius=radius
        )
        blur = max(2, size // 12)
        shadow = pygame.transform.smoothscale(shadow, (blur * 4, blur * 4))
        shadow = pygame.transform.smoothscale(shadow, (big_n, big_n))
        big.blit(shadow, (0, 0))
    border = max(ss, round(big_n / 64))
    pygame.draw.rect(big, _EDGE, card, border_radius=radius)
    pygame.draw.rect(
        big, _FACE, card.inflate(-2 * border, -2 * border), border_radius=radius - border
    )
    out = pygame.transform.smoothscale(big, (size, size))
    spade = max(6, round(size * 0.58))
    draw_suit(out, 3, (size // 2, round(size * 0.5)), spade, _INK)
    return out


def png_bytes(surf: pygame.Surface) -> bytes:
    """The surface as a PNG file."""
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def _dib_bytes(surf: pygame.Surface) -> bytes:
    """A 32-bit BGRA DIB with its AND mask, as an .ico entry stores it (rows bottom-up)."""
    w, h = surf.get_size()
    rgba = pygame.image.tobytes(surf, "RGBA", True)  # flipped: bottom row first
    pixels = bytearray(len(rgba))
    pixels[0::4], pixels[1::4], pixels[2::4], pixels[3::4] = (
        rgba[2::4],
        rgba[1::4],
        rgba[0::4],
        rgba[3::4],
    )
    row = ((w + 31) // 32) * 4
    mask = bytearray(row * h)
    for y in range(h):
        for x in range(w):
            if rgba[(y * w + x) * 4 + 3] == 0:
                mask[y * row + x // 8] |= 0x80 >> (x % 8)
    header = struct.pack(
        "<IiiHHIIiiII", 40, w, 2 * h, 1, 32, 0, len(pixels) + len(mask), 0, 0, 0, 0
    )
    return header + bytes(pixels) + bytes(mask)


def ico_bytes(sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """A Windows .ico holding every size (small ones as DIBs, larger as PNG)."""
    images = [
        _dib_bytes(draw_icon(s)) if s <= ICO_BMP_MAX else png_bytes(draw_icon(s)) for s in sizes
    ]
    out = bytearray(struct.pack("<HHH", 0, 1, len(sizes)))
    offset = 6 + 16 * len(sizes)
    for s, data in zip(sizes, images):
        out += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    for data in images:
        out += data
    return bytes(out)


def icns_bytes() -> bytes:
    """A macOS .icns made of PNG entries."""
    cache: dict[int, bytes] = {}
    body = bytearray()
    for kind, s in ICNS_TYPES:
        if s not in cache:
            cache[s] = png_bytes(draw_icon(s))
        body += kind + struct.pack(">I", 8 + len(cache[s])) + cache[s]
    return b"icns" + struct.pack(">I", 8 + len(body)) + bytes(body)


def write_all(out: Path) -> list[Path]:
    """Write icon.png, icon.ico and icon.icns into out; returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    blobs = {
        "icon.png": png_bytes(draw_icon(PNG_SIZE)),
        "icon.ico": ico_bytes(),
        "icon.icns": icns_bytes(),
    }
    paths = []
    for name, data in blobs.items():
        path = out / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def preview_sheet(path: Path) -> None:
    """Every ICO size side by side on light and dark backgrounds, for a look by eye."""
    pad = 12
    width = sum(ICO_SIZES) + pad * (len(ICO_SIZES) + 1)
    sheet = pygame.Surface((width, 2 * (256 + 2 * pad)))
    for row, bg in enumerate(((236, 236, 236), (26, 110, 62))):
        sheet.fill(bg, (0, row * (256 + 2 * pad), width, 256 + 2 * pad))
        x = pad
        for s in ICO_SIZES:
            sheet.blit(draw_icon(s), (x, row * (256 + 2 * pad) + pad + 256 - s))
            x += s + pad
    pygame.image.save(sheet, str(path))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ASSETS, help="folder to write into")
    p.add_argument("--if-missing", action="store_true", help="do nothing if all files exist")
    p.add_argument("--sheet", type=Path, help="also save a preview sheet PNG here")
    args = p.parse_args(argv)
    if args.if_missing and all((args.out / f).is_file() for f in FILES):
        return 0
    for path in write_all(args.out):
        print(f"{path} ({path.stat().st_size} bytes)")
    if args.sheet:
        preview_sheet(args.sheet)
        print(args.sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
