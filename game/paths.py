"""Where things are: bundled resources (source tree or PyInstaller's _MEIPASS) and user data."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Velotheque"


def resource_root() -> Path:
    """The folder holding assets/, maps/ and docs/ (the repo root, or PyInstaller's bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


def data_dir() -> Path:
    """Per-user data folder for saves and settings; ``VELOTHEQUE_HOME`` overrides it (tests). On Windows the
    roaming one, ``%APPDATA%\\Velotheque`` (saves and settings are small and follow the user to another PC of
    their network); ``~/.local/share/Velotheque`` on Linux, ``~/Library/Application Support/Velotheque`` on macOS."""
    override = os.environ.get("VELOTHEQUE_HOME")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=True))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def pictures_dir(windows: bool = sys.platform == "win32") -> Path:
    """Where pictures the player exports go (made on first use). On Windows the user's Pictures folder,
    ``Pictures\\Velotheque``: Explorer shows it, while the user data folder under AppData is hidden there.
    Elsewhere, and whenever ``VELOTHEQUE_HOME`` is set (tests, ``--smoke``), the "sheets" folder of the user
    data folder. A Pictures folder that cannot be made or written to falls back to the latter too."""
    if windows and not os.environ.get("VELOTHEQUE_HOME"):
        import platformdirs

        try:
            pictures = Path(platformdirs.user_pictures_dir())
            if pictures.is_absolute():
                path = pictures / APP_NAME
                path.mkdir(parents=True, exist_ok=True)
                return path
        except (OSError, ValueError):
            pass
    path = data_dir() / "sheets"
    path.mkdir(parents=True, exist_ok=True)
    return path
