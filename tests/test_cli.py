"""The command-line contract: simulate prints a JSON summary last and fails on violations; --smoke plays
every game through its real scenes; bench prints JSON lines."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
HANG = 3600  # a guard against a hung process only: no test here is timed (a busy machine is slow, not wrong)


def run(*args, timeout=HANG, **extra_env):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra_env)
    env = {k: v for k, v in env.items() if v is not None}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_simulate_prints_a_json_summary_last(game):
    players = GAMES[game].variants[0].default_players
    levels = ",".join(["random", "easy"][i % 2] for i in range(players))
    out = run("-m", "game.simulate", game, "--games", "3", "--seed", "5", "--bots", levels)
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    for key in ("game", "variant", "players", "games", "errors", "seconds", "games_per_s", "actions_per_s",
                "win_rate"):
        assert key in summary
    assert summary["game"] == game and summary["games"] == 3 and summary["errors"] == 0
    seat_games = {lv: summary["bots"].count(lv) * 3 for lv in set(summary["bots"])}
    wins = sum(summary["win_rate"][lv] * n for lv, n in seat_games.items())
    assert wins == pytest.approx(3, abs=0.01), "each game has exactly one win to share"


def test_simulate_rejects_a_wrong_number_of_bot_levels():
    game = sorted(GAMES)[0]
    out = run("-m", "game.simulate", game, "--players", str(GAMES[game].variants[0].default_players),
              "--bots", "easy,hard,normal,random,easy,hard,normal,random,easy,hard,normal,random,easy")
    assert out.returncode == 2 and "levels" in out.stderr


@pytest.mark.parametrize("game_id", list(GAMES))
def test_smoke_plays_each_registered_game_through_its_scenes_and_leaves_no_temporary_folder(tmp_path, game_id):
    """One game per test (the tests run in parallel); CI also runs the packaged executable's whole --smoke."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    frames = "100" if game_id == "velomaster" else "200"  # VeloMaster has six set-ups, each played this long
    out = run("main.py", "--smoke", "--game", game_id, "--frames", frames, timeout=HANG, VELOTHEQUE_HOME=None,
              TMPDIR=str(tmp))
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-3000:]
    assert not list(tmp.iterdir()), f"--smoke left {sorted(p.name for p in tmp.iterdir())} behind"
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert [line.split(":")[0] for line in lines] == [game_id]
    assert all(": ok" in line for line in lines)


def test_smoke_refuses_a_game_it_does_not_know():
    out = run("main.py", "--smoke", "--game", "chess")
    assert out.returncode == 2 and "no such game" in out.stderr


def test_bench_quick_prints_json_lines():
    out = run("-m", "game.bench", "--quick", "--only", "startup,frames,engine,bots", timeout=HANG)
    assert out.returncode == 0, out.stderr[-2000:]
    records = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    metrics = {r["metric"] for r in records}
    assert {"startup_to_menu_ms", "frame_ms", "bot_decision_ms", "engine_random_games_per_s"} <= metrics
    assert not any("error" in r for r in records)
