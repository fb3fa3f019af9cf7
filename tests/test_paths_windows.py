"""Issue 27 (Windows): where the app keeps its files on Windows. Saves and settings go to the roaming user data
folder, %APPDATA%\\Velotheque; exported points sheets to the user's Pictures\\Velotheque, which Explorer shows
(AppData is hidden there), else to the "sheets" folder of the user data. platformdirs' own Windows rules are used
here on Linux, resolving the folders from the environment as platformdirs does without the Windows API."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import platformdirs.windows
import pytest

from game import paths


@pytest.fixture()
def windows(tmp_path, monkeypatch):
    """platformdirs answering as on Windows, with a user profile under tmp_path; VELOTHEQUE_HOME unset."""
    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    monkeypatch.setattr(platformdirs.windows, "_RESOLVE_WIN_FOLDER", platformdirs.windows.get_win_folder_from_env_vars)
    profile = tmp_path / "Users" / "ann"
    monkeypatch.setenv("USERPROFILE", str(profile))
    monkeypatch.setenv("APPDATA", str(profile / "AppData" / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(profile / "AppData" / "Local"))
    monkeypatch.delenv("VELOTHEQUE_HOME")
    return profile


def test_saves_and_settings_go_to_the_roaming_app_data_folder(windows):
    assert paths.data_dir() == windows / "AppData" / "Roaming" / "Velotheque"
    assert paths.saves_dir() == windows / "AppData" / "Roaming" / "Velotheque" / "saves"
    assert paths.saves_dir().is_dir()


def test_exported_pictures_go_to_the_users_pictures_folder_on_windows(windows):
    assert paths.pictures_dir(windows=True) == windows / "Pictures" / "Velotheque"
    assert (windows / "Pictures" / "Velotheque").is_dir()


def test_without_a_usable_pictures_folder_sheets_go_to_the_user_data(windows):
    windows.mkdir(parents=True)
    (windows / "Pictures").write_text("a file where the Pictures folder should be")
    assert paths.pictures_dir(windows=True) == windows / "AppData" / "Roaming" / "Velotheque" / "sheets"


def test_a_relative_pictures_folder_is_not_trusted(windows, monkeypatch):
    monkeypatch.setattr(platformdirs, "user_pictures_dir", lambda: "Pictures")
    assert paths.pictures_dir(windows=True) == windows / "AppData" / "Roaming" / "Velotheque" / "sheets"
    assert not Path("Pictures").exists()


def test_velotheque_home_keeps_everything_in_one_folder_on_windows_too(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path / "home"))
    assert paths.pictures_dir(windows=True) == tmp_path / "home" / "sheets"
    assert paths.pictures_dir(windows=False) == tmp_path / "home" / "sheets"
