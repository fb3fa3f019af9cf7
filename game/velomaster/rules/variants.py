"""VeloMaster's one variant, a road race whose options are the level, the course and the finish line, and
the old "level-course" ids kept as aliases (pure).

Levels and courses combine freely (any level on any course), so they are options of one variant rather than
one variant per pair; saves and command lines written with the old ids ("debutant-aurillac") still read, as
the race with those options (:attr:`game.engine.protocol.GameSpec.variant_aliases`).
"""

from __future__ import annotations

from typing import Any

from ...engine.protocol import Config, Option, Variant
from ...engine.words import N_, Words
from .levels import LEVELS, PLAYABLE_LEVELS, Level

VARIANT_ID = "race"
# course name -> the championship it is the road race of; the first is the default course
COURSE_EVENTS = {"salzburg": "Championnat du Monde 2006", "aurillac": "Championnat de France 2007"}
COURSES = {name: f"{name.capitalize()} ({event})" for name, event in COURSE_EVENTS.items()}  # full titles
COURSE_CHOICES = (("salzburg", N_("Salzburg · Worlds 2006")), ("aurillac", N_("Aurillac · French 2007")))
CHAMPION_JERSEY = {"aurillac": "France", "salzburg": "World"}
# how a race of each level plays, for the setup screen (a level without a line here shows its label)
LEVEL_SUMMARIES = {
    "debutant": N_("teams of a leader and a team-mate, 2 dice a turn, entraides, climbs and danger cells"),
    "expert": N_("teams of a leader and three team-mates, a leaders' turn and a team-mates' turn, "
                 "accélérations, feeds, punctures and crashes that hurt"),
    "pro": N_("Expert's race with the Pro rules you choose: physical condition (from 100 %), attacks, risky "
              "descents and braking, collective crashes, stricter feeds, an anti-doping control and a team "
              "classification"),
}


def level_name(level: Level) -> str:
    """"Débutant" from "Niveau Débutant": the level as the Level choice and a race's title name it."""
    name = level.label.removeprefix("Niveau ")
    return Words(name) if name in _LEVEL_NAMES else name


_LEVEL_NAMES = (N_("Débutant"), N_("Expert"), N_("Pro"))
_LEVEL_LABELS = (N_("Niveau Débutant"), N_("Niveau Expert"), N_("Niveau Pro"))


def level_label(level: Level) -> str:
    return Words(level.label) if level.label in _LEVEL_LABELS else level.label


LEVEL_OPTION = Option(
    "level", N_("Level"), PLAYABLE_LEVELS[0], kind="choice",
    choices=tuple((lv, level_name(LEVELS[lv])) for lv in PLAYABLE_LEVELS),
    help=N_("The rulebook's levels: each adds rules to the one before."))
COURSE_OPTION = Option(
    "course", N_("Course"), next(iter(COURSES)), kind="choice", choices=COURSE_CHOICES,
    help=N_("Salzburg: the 2006 world championship road race. Aurillac: the 2007 French championship."))
FINISH_OPTION = Option(
    "finish", N_("Finish line"), 100, kind="choice",
    choices=((100, N_("Full course (ARRIVÉE)")), (66, N_("Shortened: two thirds")), (50, N_("Shortened: half way")),
             (33, N_("Shortened: one third"))),
    help=N_("« ou toute autre ligne décidée par les joueurs en cas de course raccourcie »: summits after "
            "the line do not count."))

# "Niveau Pro": "rien n'oblige à toutes les mettre en place !": each Pro rule is a toggle, all on by default,
# shown once the level is Pro (the engine reads them through Setup.pro, :mod:`.pro`)
PRO_OPTIONS = tuple(
    Option(key, label, True, kind="bool", group=N_("Pro rules"), short=short, help=help_, when=("level", ("pro",)))
    for key, label, short, help_ in (
        ("pro_feed", N_("Pro feeds"), N_("Feeds"),
         N_("« Un arrêt pendant une entraide et/ou une accélération durant son tour de jeu ne peut être compté comme un "
         "arrêt repas (sauf si on reste sur une case repas, à la fin de son tour) ».")),
        ("pro_descents", N_("Risky descents"), N_("Descents"),
         N_("« Si l'on joue un « 6 » et qu'on traverse ou s'arrête sur une case descente … jet d'habileté ».")),
        ("pro_braking", N_("Braking"), N_("Braking"),
         N_("Skill roll « si on décide de ne pas jouer la totalité d'un « 6 » » or « de ne pas prendre la case "
         "supplémentaire en descente ».")),
        ("pro_collective_crashes", N_("Collective crashes"), N_("Pile-ups"),
         N_("« Tous les cyclistes placés derrière lui et sur une case qui touche la sienne doivent immédiatement "
         "effectuer un jet d'habileté ».")),
        ("pro_condition", N_("Physical condition"), N_("Condition"),
         N_("Every rider starts at 100 %, gains and loses condition; tired riders lose the protection, the "
         "accélérations, the entraides; 30 % is abandon. Secret doping and « surmotivé » at the start.")),
        ("pro_attacks", N_("Attacks"), N_("Attacks"),
         N_("« Lancer une attaque »: announced before the roll, 20 % of condition, the sum of 2 d6 as one move.")),
        ("pro_doping_control", N_("Anti-doping control"), N_("Control"),
         N_("« Le vainqueur + 5 cyclistes au hasard » (d20 on the arrival places): over 100 % is exclusion "
         "(needs Physical condition).")),
        ("pro_team_classification", N_("Team classification"), N_("Teams"),
         N_("« Le temps cumulé des 3 premiers vélos de chaque équipe ».")),
    ))

# A stage race ("Course à étapes"): 1 (a single race) to 6 stages; stage 1 runs on the course option, each later
# stage on its own option, by default the other course from the stage before ("alternate"), so a tour alternates
# from whichever course stage 1 has unless a stage's course is chosen.
MAX_STAGES = 6
ALTERNATE = "alternate"
STAGES_OPTION = Option(
    "stages", N_("Stages"), 1, kind="int", minimum=1, maximum=MAX_STAGES,
    help=N_("« Course par étapes »: 1 is a single race; 2 to 6 stages make a tour with cumulative times "
            "(Maillot Or), climbers' points (Maillot Rouge) and a team classification."))
STAGE_COURSE_OPTIONS = tuple(
    Option(f"stage{k}", Words("Stage {k}", k=k), ALTERNATE, kind="choice",
           choices=((ALTERNATE, N_("The other course")),) + COURSE_CHOICES, group=N_("Stage courses"),
           short=Words("Stage {k}", k=k),
           help=Words("The course of stage {k}: the other course from stage {before}'s, or one chosen.", k=k,
                      before=k - 1),
           when=("stages", tuple(range(k, MAX_STAGES + 1))))
    for k in range(2, MAX_STAGES + 1))
# shown from 2 stages, at the levels where a rider can abandon (a crash's gravity: Expert and Pro): at Débutant
# nobody ever abandons, so nobody could be brought back
REPECHAGE_LEVELS = tuple(lv for lv in PLAYABLE_LEVELS if LEVELS[lv].crash_gravity)
REPECHAGE_OPTION = Option(
    "repechage", N_("Repêchage"), True, kind="bool",
    when=(("stages", tuple(range(2, MAX_STAGES + 1))), ("level", REPECHAGE_LEVELS)),
    help=N_("« Repêchage : exceptionnellement lors d'une étape, où après une arrivée on peut repêcher un coureur "
            "malchanceux »: after a stage, the directors vote to bring back one rider who abandoned after a crash."))
TOUR_OPTIONS = (STAGES_OPTION, *STAGE_COURSE_OPTIONS, REPECHAGE_OPTION)

RACE = Variant(
    id=VARIANT_ID, label=N_("Road race"), min_players=2, max_players=8, default_players=4,
    options=(LEVEL_OPTION, COURSE_OPTION, FINISH_OPTION) + PRO_OPTIONS + TOUR_OPTIONS, seat_noun=N_("Team"),
    summary=N_("A championship road race: choose the level and the course. First across the line is champion; "
               "most summit points wins the red jersey."))

VARIANTS: tuple[Variant, ...] = (RACE,)

# The ids of the time when each level and course was a variant: "debutant-salzburg" -> the race with
# level debutant and course salzburg. Every playable level has its pair of ids ("expert-aurillac",
# "pro-salzburg"), as the command line has always named them.
VARIANT_ALIASES: dict[str, tuple[str, tuple[tuple[str, Any], ...]]] = {
    f"{lv}-{course}": (VARIANT_ID, (("course", course), ("level", lv)))
    for lv in PLAYABLE_LEVELS for course in COURSES}


def saved_options(config: Config) -> dict[str, Any]:
    """The options a saved race writes: the level, the course and the finish line always (as every save has),
    the others (the Pro rules, a tour's) only where they differ from their default, so that a race played
    without them saves exactly as it did before they existed (loading fills the defaults in)."""
    defaults = {o.key: o.default for o in RACE.options}
    base = (LEVEL_OPTION.key, COURSE_OPTION.key, FINISH_OPTION.key)
    return {k: v for k, v in config.options if k in base or k not in defaults or v != defaults[k]}


def option_values(config: Config) -> dict[str, Any]:
    """Every option's value in ``config`` (its default where the configuration leaves it out)."""
    return {o.key: config.get(o.key, o.default) for o in RACE.options}


def level_and_course(config: Config) -> tuple[Level, str]:
    """The level and the course name a (validated) configuration races with."""
    level = config.get(LEVEL_OPTION.key, LEVEL_OPTION.default)
    course = config.get(COURSE_OPTION.key, COURSE_OPTION.default)
    if level not in LEVELS or course not in COURSES:
        raise ValueError(f"a VeloMaster race needs a level ({', '.join(LEVELS)}) and a course "
                         f"({', '.join(COURSES)}), not {level!r} and {course!r}")
    return LEVELS[level], course


def race_title(level_id: str, course: str) -> str:
    """"Débutant · Championnat du Monde 2006 · Salzburg": what the race table says it is (Words, the level's name
    said in the language in use where it is drawn)."""
    level = LEVELS.get(level_id)
    name = level_name(level) if level is not None else level_id
    event = COURSE_EVENTS.get(course)
    if event:
        return Words("{level} · {event} · {course}", level=name, event=event, course=course.capitalize())
    return Words("{level} · {course}", level=name, course=course.capitalize())


def stage_count(config: Config) -> int:
    """How many stages the (validated) configuration races: 1 for a single race."""
    stages = config.get(STAGES_OPTION.key, 1)
    return stages if type(stages) is int and 1 <= stages <= MAX_STAGES else 1


def stage_courses(config: Config) -> tuple[str, ...]:
    """The course of each stage: stage 1 the course option; each later stage its own option, or ("alternate")
    the other course from the stage before. Options of stages beyond the count are ignored."""
    courses = [level_and_course(config)[1]]
    names = tuple(COURSES)
    for k in range(2, stage_count(config) + 1):
        chosen = config.get(f"stage{k}", ALTERNATE)
        courses.append(chosen if chosen in COURSES else names[1 - names.index(courses[-1])])
    return tuple(courses)


def stage_config(config: Config, course: str) -> Config:
    """The configuration of one stage's race: the tour's, with ``course`` set to the stage's course."""
    return Config(config.variant, config.players,
                  tuple(sorted((k, course if k == COURSE_OPTION.key else v) for k, v in config.options)))


def race_label(config: Config) -> str:
    """"Débutant – Salzburg": a race's short title; "Tour of 3 stages – Expert" for a stage race."""
    level, course = level_and_course(config)
    stages = stage_count(config)
    if stages > 1:
        return Words("Tour of {n} stages – {level}", n=stages, level=level_name(level))
    return Words("{level} – {course}", level=level_name(level), course=course.capitalize())


def race_summary(config: Config) -> str:
    """What the setup screen says about the chosen level and course (and the stages of a tour)."""
    level, course = level_and_course(config)
    plays = Words(LEVEL_SUMMARIES[level.id]) if level.id in LEVEL_SUMMARIES else level_label(level)
    stages = stage_count(config)
    if stages > 1:
        route = ", ".join(c.capitalize() for c in stage_courses(config))
        return Words("A tour of {n} stages ({route}), {level}: {plays}. Cumulative times make the Maillot Or, "
                     "cumulative summit points the Maillot Rouge, plus a team classification.", n=stages, route=route,
                     level=level_label(level), plays=plays)
    return Words("{course}, {level}: {plays}. First across the line is champion; most summit points wins the red "
                 "jersey.", course=COURSES[course], level=level_label(level), plays=plays)
