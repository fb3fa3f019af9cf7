"""``python -m game.simulate GAME [--variant V] [--players P] [--option KEY=VALUE | --KEY [VALUE]]...
[--games N] [--seed S] [--bots L1,L2,...]``

``python -m game.simulate GAME --tables [--sample N] [--steps S] [--speed instant|fast|normal] [--language en|fr|pseudo]``
plays the
game's real table instead (see :mod:`game.tablerun`).

``V`` is a variant's id or an old id the game still reads (``velomaster --variant debutant-aurillac`` is
``--variant race --level debutant --course aurillac``).

Plays N full games through the protocol with bots, checking the invariants at every step
(see :mod:`game.engine.invariants`). Seats are rotated between games so no level keeps the
first seat. The last line printed is one JSON object; exit 1 on any violation.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import defaultdict

from .engine import invariants as inv
from .engine.bots import make_bot
from .engine.protocol import LEVELS, Config, ConfigError, GameSpec, Variant
from .registry import ENGINES

_YES = {"yes", "true", "on", "1"}
_NO = {"no", "false", "off", "0"}


def parse_option(variant: Variant, text: str) -> tuple[str, object]:
    """``KEY=VALUE`` from the command line, read as the variant's option schema says (a whole number,
    yes/no, or one of the choices by value or label) and checked by ``Option.validate``; ConfigError
    in plain words otherwise."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key:
        raise ConfigError(f"--option {text!r}: write it as KEY=VALUE, e.g. --option rounds=3")
    options = {o.key: o for o in variant.options}
    option = options.get(key)
    if option is None:
        known = ", ".join(options) or "none"
        raise ConfigError(f"{variant.label} has no option {key!r} (its options: {known})")
    value: object = raw
    if option.kind == "bool":
        if raw.lower() not in _YES | _NO:
            raise ConfigError(f"{option.label} ({key}): expected yes or no, not {raw!r}")
        value = raw.lower() in _YES
    elif option.kind == "int":
        try:
            value = int(raw)
        except ValueError:
            raise ConfigError(f"{option.label} ({key}): expected a whole number, not {raw!r}") from None
    elif option.kind == "choice":
        found = [v for v, label in option.choices if str(v) == raw or label.lower() == raw.lower()]
        if not found:
            listed = ", ".join(f"{v} ({label})" for v, label in option.choices)
            raise ConfigError(f"{option.label} ({key}): must be one of {listed}, not {raw!r}")
        value = found[0]
    return key, option.validate(value)


def option_flags(variant: Variant, words: list[str]) -> list[str]:
    """The variant's options written as flags (``--hand-size 3``, ``--breakaway``, ``--rest=no``) turned
    into ``KEY=VALUE`` texts; a word that is no option of the variant is refused in plain words."""
    keys = {o.key: o for o in variant.options}
    texts: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        name, sep, value = word.partition("=")
        key = name[2:].replace("-", "_") if name.startswith("--") else ""
        if key not in keys:
            known = ", ".join("--" + k.replace("_", "-") for k in keys) or "none"
            raise ConfigError(f"unknown argument {word!r} ({variant.label}'s option flags: {known})")
        if not sep:
            following = words[i + 1] if i + 1 < len(words) else None
            if following is not None and not following.startswith("--"):
                value = following
                i += 1
            elif keys[key].kind == "bool":
                value = "yes"
            else:
                raise ConfigError(f"--{name[2:]} needs a value")
        texts.append(f"{key}={value}")
        i += 1
    return texts


def build_config(game: GameSpec, variant: Variant | str, players: int, option_texts: list[str]) -> Config:
    """The variant's default config for ``players`` with the ``--option`` texts applied, validated by the game.
    ``variant`` may be an old id the game keeps as an alias ("debutant-aurillac"): its option values are
    the defaults, and a text contradicting them is refused in plain words."""
    name = variant if isinstance(variant, str) else variant.id
    schema = game.variant(name)
    options = dict(game.default_config(name, players).options)
    for text in option_texts:
        key, value = parse_option(schema, text)
        options[key] = value
    return game.validate_config(Config(name, players, tuple(sorted(options.items()))))


def play_one(game: GameSpec, config: Config, seed: int, levels: list[str], checks: str = "full") -> dict:
    """One seeded game with the given bot level per seat. Returns winners, actions and timings."""
    bots = [make_bot(game, seat, level) for seat, level in enumerate(levels)]
    order = random.Random(seed)  # which awaited seat answers first, when several are
    checker = random.Random(seed ^ 0x5EED)  # the any-order check's own choices (light and full runs agree)
    state = game.new_state(config, seed)
    history = []
    think_ms: dict[str, list[float]] = defaultdict(list)
    step = 0
    limit = 200_000
    while not state.is_over():
        where = f"{game.id}/{config.variant} seed {seed} step {step}"
        if checks == "full":
            inv.check_state(game, state, where)
            if step % 7 == 0:
                inv.check_round_trip(game, state, where)
                inv.check_views(game, state, where)
            inv.check_any_order(game, state, lambda s, legal: checker.choice(legal), where)
            if step % 3 == 0:
                inv.check_secret_choices(game, state, checker.choice, where)
        awaited = state.to_act()
        seat = awaited[0] if len(awaited) == 1 else order.choice(awaited)
        legal = state.legal_actions(seat)
        if not legal:
            raise inv.InvariantError(f"{where}: seat {seat} has no legal action")
        t0 = time.perf_counter()
        action = bots[seat].start(state.view(seat), legal, seed * 1_000_003 + step).run()
        think_ms[levels[seat]].append((time.perf_counter() - t0) * 1000)
        if checks == "full":
            state, _ = inv.checked_apply(game, state, seat, action, where)
        else:
            state, _ = state.apply(seat, action)
        history.append((seat, action))
        step += 1
        if step > limit:
            raise inv.InvariantError(f"{game.id} seed {seed}: no end after {limit} actions")
    where = f"{game.id}/{config.variant} seed {seed} end"
    inv.check_state(game, state, where)
    if checks == "full":
        inv.check_round_trip(game, state, where)
        inv.check_replay(game, config, seed, history, state, where)
    result = state.result()
    return {"winners": result.winners, "actions": len(history), "think_ms": think_ms, "result": result}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.simulate", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(ENGINES))
    parser.add_argument("--variant")
    parser.add_argument("--players", type=int)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting from the variant's options (repeatable): a whole number, yes/no, "
                             "or a choice by value or label")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random", help="levels per seat, comma separated: " + ",".join(LEVELS))
    parser.add_argument("--checks", choices=("full", "light"), default="full",
                        help="light: only legality and end-of-game checks (for long strength runs)")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--tables", action="store_true",
                        help="play the game's REAL table headless instead (humans and bots, every option value "
                             "at least once, privacy, undo and text checked at every frame; see game.tablerun)")
    parser.add_argument("--sample", type=int, help="--tables: run only this many of the set-ups")
    parser.add_argument("--language", choices=("en", "fr", "pseudo"), default="en",
                        help="--tables: the app's language; pseudo reports every plain-English word drawn (a "
                             "string that did not go through the catalogue)")
    parser.add_argument("--steps", type=int, default=300, help="--tables: stop a run after this many moves")
    parser.add_argument("--speed", choices=("instant", "fast", "normal"), default="instant",
                        help="--tables: animation speed (normal draws every animation; slower)")
    parser.add_argument("--frames", metavar="DIR",
                        help="--tables: save the screen at each human decision and hand-off in DIR (PNGs, to look at)")
    args, extra = parser.parse_known_args(argv)

    if args.frames and not args.tables:
        parser.error("--frames goes with --tables")
    if args.tables:
        if extra:
            parser.error(f"--tables takes no option flags: {' '.join(extra)}")
        from .tablerun import main_tables  # pygame: only when the tables are asked for

        if args.frames:
            os.makedirs(args.frames, exist_ok=True)
        return main_tables(args.game, args.sample, args.steps, args.seed, args.speed, args.quiet, args.language,
                           args.frames)
    game = ENGINES[args.game]
    try:
        name = args.variant or game.variants[0].id  # a variant's id, or an old id kept as an alias
        variant = game.variant(name)
        players = args.players or variant.default_players
        config = build_config(game, name, players, args.option + option_flags(variant, extra))
    except ConfigError as exc:
        parser.error(str(exc))
    levels = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        parser.error(f"--bots lists {len(levels)} levels for {players} players")
    for level in levels:
        game.bot_level(level)

    wins: dict[str, float] = defaultdict(float)
    seat_games: dict[str, int] = defaultdict(int)
    think: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    actions = 0
    t0 = time.perf_counter()
    for g in range(args.games):
        seat_levels = [levels[(i + g) % players] for i in range(players)]
        seed = args.seed + g
        try:
            out = play_one(game, config, seed, seat_levels, args.checks)
        except Exception as exc:  # a violation or a crash: report and go on with the next game
            errors.append(f"seed {seed}: {type(exc).__name__}: {exc}")
            print(f"VIOLATION {errors[-1]}", file=sys.stderr)
            continue
        actions += out["actions"]
        for level in seat_levels:
            seat_games[level] += 1
        for seat in out["winners"]:
            wins[seat_levels[seat]] += 1 / len(out["winners"])
        for level, times in out["think_ms"].items():
            think[level].extend(times)
        if not args.quiet:
            print(f"game {g + 1}/{args.games} seed {seed}: winners {[seat_levels[w] for w in out['winners']]}"
                  f" ({out['actions']} actions)", file=sys.stderr)
    seconds = time.perf_counter() - t0
    played = args.games - len(errors)
    summary = {
        "game": game.id,
        "variant": variant.id,
        "players": players,
        "options": dict(config.options),
        "bots": levels,
        "games": args.games,
        "errors": len(errors),
        "seconds": round(seconds, 3),
        "games_per_s": round(played / seconds, 2) if seconds else None,
        "actions_per_s": round(actions / seconds, 1) if seconds else None,
        "win_rate": {lv: round(wins[lv] / seat_games[lv], 4) for lv in sorted(seat_games)},
        "think_ms_p95": {lv: round(sorted(t)[int(0.95 * (len(t) - 1))], 2) for lv, t in sorted(think.items()) if t},
    }
    print(json.dumps(summary))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
