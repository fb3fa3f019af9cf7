"""Write the committed save fixtures: a save made by today's version, some moves into a match, for every
registered game and every variant, plus the position it must resume to.

    .venv/bin/python tools/make_save_fixtures.py            # write tests/fixtures/saves/
    .venv/bin/python tools/make_save_fixtures.py --check    # say which fixtures today's code would change

For each game and variant it writes ``tests/fixtures/saves/<game>-<variant>.save.json`` (the data
the autosave writes, indented for review) and ``<game>-<variant>.state.json`` (the recorded position: ``state.to_dict()``
after replaying the moves, with the number of moves and the rules version).

tests/test_saves_fixtures.py loads every save through the real loader and compares it with the recorded
position: a change that silently turns an old save into a different game fails that test. Regenerate
only on purpose (a new rules version, with ``resumable_rules_versions`` or a refusal for the old saves),
never to make that test pass. Before regenerating for a refused rules version, copy one save of the old
version (with its ``.state.json``) into ``tests/fixtures/saves/old-rules/``: this tool never writes
there, and the test checks those saves are refused in plain words.

``tests/fixtures/saves/velomaster/`` keeps two races saved when VeloMaster's level and course were
variant ids ("debutant-salzburg", "debutant-aurillac"): written by this tool then, never rewritten, they
check that old ids still load and replay (tests/test_velomaster_variant_options.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame

from game.engine.match import Match, Seat  # noqa: E402
from game.registry import ENGINES_IN_PROGRESS, GAMES  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "saves"
NAMES = ("Ann", "Bob", "Chloé", "Dario", "Eddy", "Fausto", "Gino", "Hinault", "Ilse", "Jeannie", "Kiki", "Léon")
COLOURS = ((220, 70, 60), (70, 130, 200), (90, 170, 110), (240, 195, 50), (150, 100, 200), (240, 140, 50),
           (230, 120, 170), (60, 190, 200), (150, 100, 60), (235, 235, 235), (120, 120, 120), (40, 40, 40))
MOVES = {"velomaster": 60}  # a match some moves in: past the opening, far from the end
DEFAULT_MOVES = 24
SEED = 424242


def play(game_id: str, variant_id: str) -> Match:
    """A match of ``variant_id`` played MOVES moves in by a seeded random player (who acts, and what)."""
    spec = GAMES[game_id]
    config = spec.default_config(variant_id)
    seats = [Seat(NAMES[i], "human" if i == 0 else "normal", COLOURS[i]) for i in range(config.players)]
    match = Match(spec, config, SEED, seats)
    rng = random.Random(f"{game_id}/{variant_id}")
    moves = MOVES.get(game_id, DEFAULT_MOVES)
    while len(match.steps) < moves and not match.is_over():
        seat = rng.choice(sorted(match.to_act()))
        actions = match.state.legal_actions(seat)
        match.act(seat, rng.choice(list(actions)))
    if match.is_over():
        raise SystemExit(f"{game_id}/{variant_id} ended before {moves} moves: pick fewer moves")
    return match


def records() -> dict[str, tuple[dict, dict]]:
    out = {}
    for spec in GAMES.values():
        for variant in spec.variants:
            match = play(spec.id, variant.id)
            position = {"game": spec.id, "variant": variant.id, "rules_version": spec.rules_version,
                        "moves": len(match.steps), "state": match.state.to_dict()}
            out[f"{spec.id}-{variant.id}"] = (match.to_save(), json.loads(json.dumps(position)))
    return out


# Mille Bornes keeps one more position than the generic ones (each variant, above): four in teams with a
# Coup Fourré question open, in its own folder, checked by tests/test_millebornes_saves.py.
MILLE_BORNES = FIXTURES / "millebornes"
MILLE_BORNES_CASES = (("millebornes-coup-fourre", "teams", 4, 20, True),)


def mille_bornes_records() -> dict[str, tuple[dict, dict]]:
    """Mille Bornes matches played by a seeded random player: ``moves`` moves in, or (``asked``) on until
    a Coup Fourré question is open after at least that many."""
    spec = ENGINES_IN_PROGRESS.get("millebornes") or GAMES["millebornes"]
    out = {}
    for name, variant_id, players, moves, asked in MILLE_BORNES_CASES:
        config = spec.default_config(variant_id, players)
        seats = [Seat(NAMES[i], "human" if i == 0 else "normal", COLOURS[i]) for i in range(players)]
        match = Match(spec, config, SEED, seats)
        rng = random.Random(name)
        while not match.is_over() and (len(match.steps) < moves or asked and match.state.phase_name != "asked"):
            seat = rng.choice(sorted(match.to_act()))
            match.act(seat, rng.choice(list(match.state.legal_actions(seat))))
        if match.is_over():
            raise SystemExit(f"{name} ended before its position: pick fewer moves")
        position = {"game": spec.id, "variant": variant_id, "rules_version": spec.rules_version,
                    "moves": len(match.steps), "state": match.state.to_dict()}
        out[name] = (match.to_save(), json.loads(json.dumps(position)))
    return out


def layout(data: dict, indent: str = "") -> str:
    """JSON for review: one line per key, one line per move, nested objects opened one level."""
    def one(value) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)

    lines = []
    for key, value in sorted(data.items()):
        if key == "actions":
            moves = f",\n{indent}  ".join(one(a) for a in value)
            lines.append(f"{indent} {one(key)}: [\n{indent}  {moves}\n{indent} ]")
        elif isinstance(value, dict) and value and not indent:
            lines.append(f"{indent} {one(key)}: {layout(value, indent + ' ')}")
        else:
            lines.append(f"{indent} {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + f"\n{indent}}}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    args = parser.parse_args(argv)
    FIXTURES.mkdir(parents=True, exist_ok=True)
    MILLE_BORNES.mkdir(parents=True, exist_ok=True)
    changed = 0
    found = [(FIXTURES, name, record) for name, record in records().items()]
    found += [(MILLE_BORNES, name, record) for name, record in mille_bornes_records().items()]
    for folder, name, (save, position) in found:
        for suffix, data in ((".save.json", save), (".state.json", position)):
            path = folder / f"{name}{suffix}"
            text = layout(data) + "\n"
            if args.check:
                same = path.exists() and json.loads(path.read_text(encoding="utf-8")) == json.loads(text)
                if not same:
                    changed += 1
                    print(f"would change: {path.relative_to(ROOT)}")
            else:
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
