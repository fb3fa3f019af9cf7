"""What Windows shows of a built velotheque.exe: Properties > Details (its version strings), its icon, and
whether it opens a console window.

    python tools/exe_resources.py EXE [--version X.Y.Z]

Reads the .exe with pefile (installed with PyInstaller; build/windows.sh runs this with the Windows Python under
wine). Prints one line; exit status 1 if the icon is missing, the program would open a console, or (with
``--version``) the version strings are not that version.
"""

from __future__ import annotations

import argparse
import sys

IMAGE_SUBSYSTEM_WINDOWS_GUI = 2


def version_strings(pe) -> dict[str, str]:
    strings: dict[str, str] = {}
    for info in getattr(pe, "FileInfo", None) or []:
        for block in info:
            for table in getattr(block, "StringTable", []):
                for key, value in table.entries.items():
                    strings[key.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    return strings


def describe(path: str) -> tuple[dict[str, str], bool, bool]:
    """The version strings, whether an icon group is there, whether the program is windowed."""
    import pefile

    pe = pefile.PE(path)
    try:
        kinds = [entry.id for entry in getattr(pe, "DIRECTORY_ENTRY_RESOURCE", None).entries] \
            if hasattr(pe, "DIRECTORY_ENTRY_RESOURCE") else []
        icon = pefile.RESOURCE_TYPE["RT_GROUP_ICON"] in kinds
        windowed = pe.OPTIONAL_HEADER.Subsystem == IMAGE_SUBSYSTEM_WINDOWS_GUI
        return version_strings(pe), icon, windowed
    finally:
        pe.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("exe")
    parser.add_argument("--version")
    args = parser.parse_args(argv)
    strings, icon, windowed = describe(args.exe)
    name = f"{strings.get('ProductName', '?')} {strings.get('ProductVersion', '?')}"
    print(f"{args.exe}: {name}, file version {strings.get('FileVersion', '?')}, "
          f"{'windowed' if windowed else 'OPENS A CONSOLE'}, {'with its icon' if icon else 'NO ICON'}", flush=True)
    wrong_version = args.version is not None and (strings.get("ProductVersion"), strings.get("FileVersion")) != (
        args.version, args.version)
    return 1 if wrong_version or not icon or not windowed else 0


if __name__ == "__main__":
    sys.exit(main())
