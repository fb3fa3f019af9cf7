"""Write the app's icon (game/ui/art.py's ``app_icon``, the window's own) as a Windows .ico file.

    python tools/make_icon.py OUT.ico [--png OUT.png]

The Windows build makes it on every build (build/velotheque.spec calls :func:`write_ico`), so no binary icon is
committed. An .ico holds one picture a size; since Windows Vista each may be a whole PNG file, which is what this
writes: 16, 24, 32, 48, 64, 128 and 256 px, each drawn four times larger and scaled down smoothly (so the small
ones are anti-aliased rather than jagged). Needs only pygame-ce.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

SIZES = (16, 24, 32, 48, 64, 128, 256)
SUPERSAMPLE = 4


def icon_surface(size: int) -> pygame.Surface:
    from game.ui.art import app_icon

    return pygame.transform.smoothscale(app_icon(size * SUPERSAMPLE), (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO container of PNG images (size in pixels -> PNG file): ICONDIR, one ICONDIRENTRY each, the images."""
    header = struct.pack("<HHH", 0, 1, len(pngs))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in sorted(pngs.items()):
        if not 1 <= size <= 256:
            raise ValueError(f"an .ico picture is 1 to 256 px, not {size}")
        side = 0 if size == 256 else size  # 0 stands for 256
        # width, height, colours in palette, reserved, colour planes, bits per pixel, bytes, offset
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def write_ico(path: str | os.PathLike, sizes: tuple[int, ...] = SIZES) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(ico_bytes({size: png_bytes(icon_surface(size)) for size in sizes}))
    return path


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="the .ico file to write")
    parser.add_argument("--png", help="also write the 256 px picture as a PNG here")
    args = parser.parse_args(argv)
    print(write_ico(args.out))
    if args.png:
        pygame.image.save(icon_surface(256), args.png)
        print(args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
