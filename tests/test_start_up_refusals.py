"""Start-up never runs invisibly or on bad arguments (issue 13): without a display the app says so on stderr
and exits non-zero; command-line values are checked for range with a clear message."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_main(tmp_path, *args, **env_changes):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="dummy", VELOTHEQUE_HOME=str(tmp_path), XDG_RUNTIME_DIR=str(tmp_path), **env_changes)
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=3600)


def test_without_a_display_an_x11_start_says_so_on_stderr_and_exits_non_zero(tmp_path):
    out = run_main(tmp_path, SDL_VIDEODRIVER="x11")
    assert out.returncode == 1
    assert "Vélothèque cannot open its window: no display was found" in out.stderr
    assert "Traceback" not in out.stderr


def test_without_a_display_sdl_falling_back_to_an_invisible_driver_is_refused(tmp_path):
    out = run_main(tmp_path)  # no driver asked for: SDL 2 quietly picks "offscreen" here
    assert out.returncode == 1
    assert "cannot open its window: no display was found" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("value,words", [("0", "0 is out of range"), ("-5", "-5 is out of range"),
                                         ("99999999999", "99999999999 is out of range"), ("lots", "'lots' is not a whole number"),
                                         ("1e3", "'1e3' is not a whole number")])
def test_frames_out_of_range_is_refused_with_a_clear_message(tmp_path, value, words):
    out = run_main(tmp_path, "--smoke", "--frames", value, SDL_VIDEODRIVER="dummy")
    assert out.returncode == 2
    assert f"argument --frames: {words}" in out.stderr and "Traceback" not in out.stderr


def test_frame_count_accepts_the_range_it_documents():
    sys.path.insert(0, str(ROOT))
    import main

    assert main.frame_count("1") == 1 and main.frame_count(str(main.MAX_FRAMES)) == main.MAX_FRAMES
