"""Turn an X window dump (`xwd -root`, 24/32-bit TrueColor) into a PNG, optionally cropped.

    xwd -root -silent | python tools/xwd_png.py OUT.png [--crop X,Y,W,H]

tools/build-windows.sh uses it for screenshots of the Windows program's real window on Xvfb.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HEADER_FIELDS = 25  # CARD32s in XWDFileHeader, before the window name


def to_png(data: bytes, out: str, crop: tuple[int, int, int, int] | None) -> tuple[int, int]:
    """Write the dump's image to `out`; its (width, height) before cropping."""
    import pygame

    fields = struct.unpack_from(">25I", data)
    header_size, version, fmt, depth, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    ncolors = fields[19]
    if version != 7 or fmt != 2 or bits_per_pixel not in (24, 32) or depth not in (24, 32):
        raise ValueError(f"not a 24/32-bit ZPixmap dump (format {fmt}, {bits_per_pixel} bpp)")
    step = bits_per_pixel // 8
    start = header_size + ncolors * 12
    raw = b"".join(
        data[start + y * bytes_per_line : start + y * bytes_per_line + width * step]
        for y in range(height)
    )
    # The fourth byte of a 32-bit pixel is padding, not alpha: keep R, G and B only.
    rgb = bytearray(width * height * 3)
    if byte_order == 0:  # LSBFirst: B, G, R (, X) in memory
        r, g, b = 2, 1, 0
    else:  # MSBFirst: (X,) R, G, B
        r, g, b = step - 3, step - 2, step - 1
    rgb[0::3], rgb[1::3], rgb[2::3] = raw[r::step], raw[g::step], raw[b::step]
    surface = pygame.image.frombuffer(bytes(rgb), (width, height), "RGB")
    if crop is not None:
        surface = surface.subsurface(pygame.Rect(crop))
    pygame.image.save(surface, out)
    return width, height


def main(argv: list[str] | None = None) -> int:
    """Read the dump from standard input, write the PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--crop", help="X,Y,W,H of the part to keep")
    args = parser.parse_args(argv)
    crop = tuple(int(v) for v in args.crop.split(",")) if args.crop else None
    try:
        to_png(sys.stdin.buffer.read(), args.out, crop)  # type: ignore[arg-type]
    except (ValueError, struct.error) as e:
        print(f"xwd_png.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
