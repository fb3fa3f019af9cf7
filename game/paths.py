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
    """Per-user data folder for saves and settings; ``VELOTHEQUE_HOME`` overrides it (tests)."""
    override = os.environ.get("VELOTHEQUE_HOME")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path
