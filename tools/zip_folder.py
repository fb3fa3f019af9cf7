"""Zip a folder as one top-level folder inside the archive (what a Windows user unzips and opens).

    python tools/zip_folder.py FOLDER OUT.zip

Files in name order, compressed (deflate, level 9), each with its modification time; directories are implied by
the names. The archive is written next to OUT.zip and renamed over it at the end, so a failed run never leaves
half a zip under the final name. Prints the archive's path and size.
"""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path


def zip_folder(folder: Path, out: Path) -> Path:
    folder, out = Path(folder), Path(out)
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a folder")
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    if not files:
        raise ValueError(f"{folder} holds no file")
    partial = out.with_name(out.name + ".partial")
    try:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in files:
                zf.write(path, Path(folder.name, path.relative_to(folder)).as_posix())
        os.replace(partial, out)
    finally:
        partial.unlink(missing_ok=True)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python tools/zip_folder.py FOLDER OUT.zip", file=sys.stderr)
        return 2
    try:
        out = zip_folder(Path(args[0]), Path(args[1]))
    except (OSError, ValueError) as exc:
        print(f"zip_folder: {exc}", file=sys.stderr)
        return 1
    print(f"{out} ({out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
