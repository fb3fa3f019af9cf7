"""The Windows executable's version resource (Properties > Details), made from pyproject.toml.

    python tools/windows_version.py OUT.txt

build/velotheque.spec writes it on every Windows build and passes it to PyInstaller as ``version=``: the text
form PyInstaller reads (``VSVersionInfo(...)``, see PyInstaller's ``utils/win32/versioninfo.py``), so the
product name and version shown by Windows are pyproject's. Pure Python: it runs, and is tested, on Linux too.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = "Vélothèque"
COMMENTS = "Cycling and racing tabletop games at one screen, with friends and bots."
# U.S. English, Unicode (code page 1200): the StringTable's key and the Translation entry
LANGUAGE, CODEPAGE = 0x0409, 1200

_VERSION = re.compile(r"(\d{1,5})(?:\.(\d{1,5}))?(?:\.(\d{1,5}))?(?:\.(\d{1,5}))?(?:[.+-]?[A-Za-z0-9.+-]*)?")


class VersionError(ValueError):
    """pyproject.toml's version cannot be shown by Windows; the message says why."""


def project_version(pyproject_text: str) -> str:
    """The ``version = "..."`` of the ``[project]`` table."""
    in_project = False
    for line in pyproject_text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            in_project = stripped == "[project]"
        elif in_project:
            found = re.fullmatch(r'version\s*=\s*"([^"\\]{1,64})"', stripped)
            if found:
                return found.group(1)
    raise VersionError("pyproject.toml has no version in its [project] table")


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """``"0.1.0"`` -> ``(0, 1, 0, 0)``: Windows keeps four numbers of 0..65535 (a suffix such as ``rc1`` is
    shown in the strings only)."""
    found = _VERSION.fullmatch(version)
    if not found:
        raise VersionError(f"version {version!r} does not start with numbers such as 1.2.3")
    numbers = tuple(int(n) if n is not None else 0 for n in found.groups())
    if any(n > 0xFFFF for n in numbers):
        raise VersionError(f"version {version!r}: Windows takes numbers up to 65535 only")
    return numbers  # type: ignore[return-value]


def version_file_text(version: str) -> str:
    """PyInstaller's text form of a version resource for ``version``."""
    numbers = version_numbers(version)
    strings = {
        "CompanyName": PRODUCT,
        "FileDescription": PRODUCT,
        "FileVersion": version,
        "InternalName": "velotheque",
        "LegalCopyright": "The Vélothèque authors",
        "OriginalFilename": "velotheque.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
        "Comments": COMMENTS,
    }
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
# The version resource of velotheque.exe, written by tools/windows_version.py from pyproject.toml.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers!r},
    prodvers={numbers!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '{LANGUAGE:04X}{CODEPAGE:04X}',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [{LANGUAGE:#06x}, {CODEPAGE}])])
  ]
)
"""


def write_version_file(out: str | Path, pyproject: Path = ROOT / "pyproject.toml") -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(version_file_text(project_version(pyproject.read_text(encoding="utf-8"))), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python tools/windows_version.py OUT.txt", file=sys.stderr)
        return 2
    try:
        print(write_version_file(args[0]))
    except (VersionError, OSError) as exc:
        print(f"windows_version: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
