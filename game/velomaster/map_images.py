"""Check every image a Tiled map refers to before a table tries to draw it (no pygame: plain PNG reading).

A map whose road image or tileset picture is missing, truncated or not a PNG must be refused when
the course loads, in words that name the file, not crash the table when it opens.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from xml.etree import ElementTree

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_SIDE = 16384  # pixels: larger is not a plausible map image
MAX_FILE_BYTES = 64 * 1024 * 1024
# Images whose pixels take more than this are inflated only in part: every chunk's checksum, the header,
# the end marker and the start of the pixel data are still checked (a map's 21 MB road took 60-75 ms to
# inflate whole, on the way to the menu when a VeloMaster race is in progress).
FULL_INFLATE_BYTES = 8 * 1024 * 1024
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type -> samples per pixel
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


class MapImageError(ValueError):
    """An image a map refers to cannot be used; the message names the file and says why."""


ImageRef = tuple[Path, str, "tuple[int, int] | None"]  # (path, what refers to it, declared size or None)


def referenced_images(map_path: Path, root: ElementTree.Element | None = None) -> list[ImageRef]:
    """Every image the map uses: (path, what refers to it, declared size or None), including the
    pictures of external tilesets (``.tsx``, resolved from their own folder). ``root``: the map's XML
    already parsed (:func:`~game.velomaster.tiled.read_map` passes it: the map is read once)."""
    out: list[ImageRef] = []

    def collect(root: ElementTree.Element, folder: Path, owner: str) -> None:
        for parent in root.iter():
            for image in parent.findall("image"):
                source = image.get("source")
                if not source:
                    continue
                kind = {"imagelayer": "image layer", "tileset": "tileset picture"}.get(parent.tag, parent.tag)
                what = f"{owner}{kind} {parent.get('name') or ''}".strip()
                size = None
                if image.get("width") and image.get("height"):
                    try:
                        size = (int(image.get("width", "")), int(image.get("height", "")))
                    except ValueError:
                        size = None
                out.append(((folder / source), what, size))

    if root is None:
        try:
            root = ElementTree.parse(map_path).getroot()
        except (OSError, ElementTree.ParseError) as exc:
            raise MapImageError(f"the map cannot be read ({exc})") from None
    collect(root, map_path.parent, "")
    for tileset in root.findall("tileset"):
        source = tileset.get("source")
        if source:
            tsx = map_path.parent / source
            try:
                collect(ElementTree.parse(tsx).getroot(), tsx.parent, f"{Path(source).name}: ")
            except (OSError, ElementTree.ParseError) as exc:
                raise MapImageError(f"tileset {source!r} cannot be read ({exc})") from None
    return out


def _raw_size(width: int, height: int, bits_per_pixel: int, interlaced: bool) -> int:
    """Bytes of filtered image data a PNG of this shape decompresses to."""
    def rows(w: int, h: int) -> int:
        return 0 if w == 0 or h == 0 else h * (1 + (w * bits_per_pixel + 7) // 8)

    if not interlaced:
        return rows(width, height)
    total = 0
    for x0, y0, dx, dy in ADAM7:
        total += rows((width - x0 + dx - 1) // dx if width > x0 else 0, (height - y0 + dy - 1) // dy if height > y0 else 0)
    return total


# images found whole, by (resolved path, size, modification time): a map's 20 MB road is inflated once
_WHOLE: dict[tuple[str, int, int], tuple[int, int]] = {}


def check_png(path: Path) -> tuple[int, int]:
    """``(width, height)`` of a complete, decodable PNG; raises MapImageError saying what is wrong.

    Walks the chunks (checking each CRC: any damaged byte fails), reads the header, needs the end marker
    (a truncated file fails), and decompresses the image data in slices to check it holds exactly the
    pixels the header announces (images past FULL_INFLATE_BYTES: only the first slice)."""
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
        if key in _WHOLE:
            return _WHOLE[key]
        if stat.st_size > MAX_FILE_BYTES:
            raise MapImageError(f"is too large ({stat.st_size:,} bytes)")
        data = path.read_bytes()
    except FileNotFoundError:
        raise MapImageError("is missing") from None
    except IsADirectoryError:
        raise MapImageError("is a folder, not an image") from None
    except OSError as exc:
        raise MapImageError(f"cannot be read ({exc.strerror or exc})") from None
    if not data.startswith(PNG_SIGNATURE):
        raise MapImageError("is not a PNG image")
    pos, header, ended = len(PNG_SIGNATURE), None, False
    pixel_data: list[bytes] = []
    while pos < len(data) and not ended:
        if pos + 8 > len(data):
            raise MapImageError("is truncated (a chunk header is cut off)")
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc = data[pos + 8 + length:pos + 12 + length]
        if len(body) < length or len(crc) < 4:
            raise MapImageError("is truncated (it ends inside its image data)")
        if zlib.crc32(kind + body) != struct.unpack(">I", crc)[0]:
            raise MapImageError(f"is corrupt (chunk {kind.decode('latin-1')!r} fails its checksum)")
        if kind == b"IHDR":
            if length != 13:
                raise MapImageError("is corrupt (bad header)")
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            if header is None:
                raise MapImageError("is corrupt (image data before the header)")
            pixel_data.append(body)
        elif kind == b"IEND":
            ended = True
        pos += 12 + length
    if header is None:
        raise MapImageError("is corrupt (no header)")
    width, height, depth, colour, _compression, _filter, interlace = header
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise MapImageError(f"has an implausible size ({width} x {height} pixels)")
    if colour not in CHANNELS or depth not in (1, 2, 4, 8, 16):
        raise MapImageError("is corrupt (unknown pixel format)")
    if not ended:
        raise MapImageError("is truncated (no end marker)")
    if not pixel_data:
        raise MapImageError("is corrupt (no image data)")
    expected = _raw_size(width, height, CHANNELS[colour] * depth, interlace == 1)
    inflater, inflated = zlib.decompressobj(), 0
    try:
        if expected > FULL_INFLATE_BYTES:
            if not inflater.decompress(b"".join(pixel_data[:4]), 1 << 16):
                raise MapImageError("is corrupt (its image data is empty)")
        else:
            for chunk in pixel_data:
                while chunk:
                    inflated += len(inflater.decompress(chunk, 1 << 20))
                    chunk = inflater.unconsumed_tail
            inflated += len(inflater.flush())
            if not inflater.eof or inflated != expected:
                raise MapImageError(f"is truncated or corrupt (image data holds {inflated:,} bytes, "
                                    f"{expected:,} expected)")
    except zlib.error:
        raise MapImageError("is corrupt (its image data does not decompress)") from None
    _WHOLE[key] = (width, height)
    return width, height


def check_images(images: list[ImageRef] | tuple[ImageRef, ...]) -> str | None:
    """``None`` if every image (from :func:`referenced_images`) is a whole PNG of the size the map
    declares; else the first problem in words that name the file (for
    :class:`~game.velomaster.tiled.CourseError`)."""
    for path, what, declared in images:
        name = path.name
        try:
            if path.suffix.lower() != ".png":
                raise MapImageError("is not a PNG image (maps here use PNG)")
            size = check_png(path)
        except MapImageError as exc:
            return f"image {name!r} ({what}) {exc}"
        if declared and size != declared:
            return (f"image {name!r} ({what}) is {size[0]} x {size[1]} pixels, but the map says "
                    f"{declared[0]} x {declared[1]}")
    return None
