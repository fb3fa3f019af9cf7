"""Issue 27 (Windows): `main.py --check-files` writes a save, the settings and a points sheet where this system
keeps them, reads them back and removes them, leaving the user's own files as they were; `--report FILE` writes
what a check says to a file (the windowed Windows app has no console), ending with '<check>: ok' or
'<check>: FAILED (exit status N)'. The Windows build runs both under wine (build/windows.sh)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from game.report import Report

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "saves"
HANG = 3600  # a guard against a hung process only, not a timed assert


def run(*args, home: Path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", VELOTHEQUE_HOME=str(home))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=HANG)


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_check_files_writes_reads_back_and_removes_its_files_leaving_the_users_own_alone(tmp_path):
    home = tmp_path / "home"
    (home / "saves").mkdir(parents=True)
    (home / "settings.json").write_text(json.dumps({"undo_window": 2.5, "sound": False}), encoding="utf-8")
    shutil.copyfile(FIXTURES / "velonimo-standard.save.json", home / "saves" / "velonimo.json")
    (home / "saves" / "velonimo~4.damaged-1.json").write_bytes(b"the user's own set-aside copy")
    before = files_in(home)
    report = tmp_path / "report.txt"
    out = run("--check-files", "--report", str(report), home=home)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = report.read_text(encoding="utf-8").splitlines()
    assert lines[-1] == "check-files: ok"
    assert lines[0] == f"user data folder: {home} (set by VELOTHEQUE_HOME)"
    said = "\n".join(lines)
    assert f"settings: written and read back: {home / 'settings.json'}" in said
    assert "saves: 2 Velonimo matches written and resumed: velonimo~2.json, velonimo~3.json" in said
    assert "damaged save: set aside as velonimo~4.damaged-2.json and reported" in said
    assert f"points sheet: exported and read back: {home / 'sheets'}" in said
    assert out.stdout.splitlines() == lines[:-1], "the report holds what was printed, and the verdict"
    assert files_in(home) == before, "only the user's own files remain, byte for byte"


def test_check_files_says_what_failed_in_its_report_and_exits_1(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "sheets").write_text("a file where the pictures folder should be")
    report = tmp_path / "report.txt"
    out = run("--check-files", "--report", str(report), home=home)
    assert out.returncode == 1
    text = report.read_text(encoding="utf-8")
    assert text.splitlines()[-1] == "check-files: FAILED (exit status 1)"
    assert "saves: 2 Velonimo matches written and resumed" in text, "what worked before is reported too"
    assert "Traceback" in text and str(home / "sheets") in text
    assert sorted(p.name for p in (home / "saves").iterdir()) == [], "the saves it wrote were removed all the same"


def test_smoke_report_holds_each_games_line_and_the_verdict(tmp_path):
    report = tmp_path / "smoke.txt"
    out = run("--smoke", "--game", "alameda", "--frames", "30", "--report", str(report), home=tmp_path / "home")
    assert out.returncode == 0, out.stderr[-2000:]
    lines = report.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and lines[0].startswith("alameda: ok in ") and lines[1] == "smoke: ok"


def test_report_goes_with_a_check_and_the_checks_run_one_at_a_time(tmp_path):
    out = run("--report", str(tmp_path / "r.txt"), home=tmp_path / "home")
    assert out.returncode == 2 and "--report goes with --smoke or --check-files" in out.stderr
    assert not (tmp_path / "r.txt").exists()
    out = run("--smoke", "--check-files", home=tmp_path / "home")
    assert out.returncode == 2 and "one at a time" in out.stderr


def test_a_report_that_cannot_be_written_is_said_on_stderr_and_the_status_kept(tmp_path, capsys):
    blocked = tmp_path / "no-such-folder" / "report.txt"
    report = Report(blocked, "smoke")
    report.say("velonimo: ok")
    report.close(0)
    err = capsys.readouterr().err
    assert f"smoke: the report could not be written to {blocked}" in err
    assert not blocked.exists()


def test_a_failed_check_ends_its_report_with_its_exit_status(tmp_path):
    path = tmp_path / "r.txt"
    report = Report(path, "smoke")
    report.say("velonimo: FAILED after 12 frames")
    report.error("Traceback (most recent call last):\n  boom\n")
    report.close(3)
    assert path.read_text(encoding="utf-8").splitlines() == [
        "velonimo: FAILED after 12 frames", "Traceback (most recent call last):", "  boom",
        "smoke: FAILED (exit status 3)"]
