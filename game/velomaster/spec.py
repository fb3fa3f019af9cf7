"""The VeloMaster game spec: variants, new states, saves and views for bots.

Pure apart from the injected ``course_source`` (a callable ``name -> Course``): the registry passes
:func:`game.velomaster.courses.bundled`, tests may pass any function returning a Course.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..engine.protocol import Config, GameSpec, State, View
from ..engine.rng import seed_state
from ..engine.words import N_, Words
from . import bots, hard_bot, tour_bots  # noqa: F401  (hard_bot registers Hard's bot kind)
from .course import Course, short_summit
from .rules import (
    ACTION_TYPES,
    STATE_VERSION,
    VARIANT_ALIASES,
    VARIANTS,
    Geo,
    Setup,
    VelomasterState,
    VelomasterView,
    level_and_course,
    race_label,
    race_summary,
    state_from_dict,
)
from .rules.pro import pro_rules
from .rules.tour import T_RACE, TourPlan, TourState
from .rules.tour_actions import TOUR_ACTION_TYPES
from .rules.variants import (
    COURSE_EVENTS,
    REPECHAGE_OPTION,
    option_values,
    stage_config,
    stage_count,
    stage_courses,
)


class VelomasterSpec(GameSpec):
    id = "velomaster"
    name = "VeloMaster"
    tagline = N_("Lead your riders over the Aurillac and Salzburg courses: climbs, descents, crashes.")
    players_text = N_("2–8 players · 2 or 4 riders each")
    start_words = N_("Start the race")
    restart_words = N_("a new start order")
    variants = VARIANTS
    variant_aliases = VARIANT_ALIASES  # "debutant-aurillac": the race with level and course set (old saves)
    action_types = ACTION_TYPES + TOUR_ACTION_TYPES  # a tour's decisions between stages
    state_version = STATE_VERSION
    # 2: three Débutant readings fixed (issue 16): equal times broken by the climbers' ranking (and the
    # champion heads the time ranking), a pair with one bike already helped still gives the other bike its
    # half, a crash in the entraide opening one's own turn costs that turn only. Replayed under these rules,
    # most rules-1 races meet an entraide or a turn they did not have (248 of 300 seeded random races
    # could not replay): rules-1 saves are refused and set aside.
    # 3: the rulebook read again (docs/rules/velomaster.md, "Rules versions and saves"): at Expert a crash costs
    # exactly the rider's own missed turns, entraides open the turn of the phase's riders, "4.2.1." is read on each
    # roll apart (2 players: the neutral bikes roll apart), a neutral bike's crash costs its player only, neutral
    # bikes vote with their player, a shared team rolls 1 + 2 dice; at Pro the control comes before the stage-end
    # gains, a win gains once, a tour's jerseys are the general classification's, a leader's two 1s are a double 1;
    # riders on the road are timed in players' turns. Of 60 seeded random Expert and Pro races (2 to 6 players, some
    # tours) saved with rules 2 after 50 to 1,500 moves, 59 cannot be replayed under these rules (the one that can,
    # 54 moves in, reaches the same position): rules-2 saves are refused and set aside.
    rules_version = 3
    levels = bots.LEVELS

    def __init__(self, course_source: Callable[[str], Course]):
        self.course_source = course_source
        self._geos: dict[str, Geo] = {}
        self._setups: dict[Config, Setup] = {}
        self._plans: dict[Config, TourPlan] = {}

    # ------------------------------------------------------------------ courses and setups

    def geo(self, course_name: str) -> Geo:
        geo = self._geos.get(course_name)
        if geo is None:
            geo = self._geos[course_name] = Geo(self.course_source(course_name))
        return geo

    def course(self, course_name: str) -> Course:
        return self.geo(course_name).course

    def setup(self, config: Config) -> Setup:
        su = self._setups.get(config)
        if su is None:
            su = self._setups[config] = Setup(config, self.geo(level_and_course(config)[1]))
        return su

    skip_words = N_("Skip to the end of the race")

    def out_of_play(self, state: State, seat: int) -> bool:
        """Every rider the seat moves has crossed the line or left the race (until the next stage of a tour)."""
        riders = [r for r in state.view(None).riders if r.seat == seat]
        return bool(riders) and all(r.status in ("finished", "abandoned") for r in riders)

    def progress(self, state: State) -> str:
        view = state.view(None)
        where = Words("the start") if view.round <= 0 else Words("round {n}", n=view.round)
        tour = getattr(view, "tour", None)
        if tour is not None:
            return Words("stage {stage} of {stages}, {where}", stage=tour.stage, stages=tour.stages, where=where)
        return where

    def config_label(self, config: Config) -> str:
        return race_label(self.validate_config(config))

    def config_summary(self, config: Config) -> str:
        return race_summary(self.validate_config(config))

    # ------------------------------------------------------------------ protocol

    def tour_plan(self, config: Config) -> TourPlan:
        """The stages of a (validated) tour configuration: each stage's race is the tour's configuration with the
        stage's course."""
        plan = self._plans.get(config)
        if plan is None:
            courses = stage_courses(config)
            setups = tuple(self.setup(stage_config(config, course)) for course in courses)
            repechage = bool(config.get(REPECHAGE_OPTION.key, REPECHAGE_OPTION.default))
            # (shown at Expert and Pro only: at Débutant nobody abandons, the option is ignored)
            plan = self._plans[config] = TourPlan(config, courses, setups,
                                                  repechage and REPECHAGE_OPTION.shown(option_values(config)))
        return plan

    def new_state(self, config: Config, seed: int) -> VelomasterState | TourState:
        """A race; with 2 stages or more, a tour (:class:`TourState`) starting its first stage."""
        config = self.validate_config(config)
        if stage_count(config) > 1:
            return TourState.start(self.tour_plan(config), seed)
        return VelomasterState.initial(self.setup(config), seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> VelomasterState | TourState:
        if not isinstance(data, Mapping):
            raise ValueError("a VeloMaster state must be an object")
        version = data.get("version")
        if not isinstance(version, int) or version > STATE_VERSION:
            raise ValueError(f"unsupported VeloMaster state version {version!r}")
        for key in ("variant", "players"):
            if key not in data:
                raise ValueError(f"the saved VeloMaster race has no {key!r}")
        config = self.validate_config(Config.from_dict(data))  # the variant, players and options
        if stage_count(config) > 1:
            if "tour" not in data:
                raise ValueError("the saved VeloMaster tour has no 'tour' records")
            return TourState.from_dict(data, self.tour_plan(config))
        return state_from_dict(data, self.setup(config))

    def resumes_rules(self, version: int, config: Config) -> bool:
        """Rules 3 changed Expert and Pro only (and the times of riders still on the road, counted when a race
        ends): a Débutant race or tour saved with rules 2 replays move for move into the same position (40 of 40
        seeded random Débutant races and 2-stage tours of 2 to 6 players, saved after 50 to 1,500 moves, checked
        against the rules-2 code), so it resumes; an Expert or Pro one is refused."""
        if super().resumes_rules(version, config):
            return True
        try:
            level, _course = level_and_course(self.validate_config(config))
        except ValueError:
            return False
        return version == 2 and level.id == "debutant"

    def proper_names(self, config: Config) -> tuple[str, ...]:
        """The courses, their championships and the summits of every course (a tour may race both)."""
        names = ["HC"]
        for course_name, event in COURSE_EVENTS.items():
            names += [course_name.capitalize(), event]
            try:
                names += [name for summit in self.course(course_name).summits
                          for name in (summit.name, short_summit(summit.name))]  # (narrow columns: "Vézac")
            except (OSError, ValueError):  # a damaged map: nothing more to name
                pass
        return tuple(names)

    def has_hidden_information(self, config: Config) -> bool:
        """At Pro with the physical condition played, each seat keeps secrets (its riders' exact condition, doping,
        riding clean): hot-seat hands the screen over between humans. Below Pro, or without the condition, every
        seat sees everything."""
        try:
            config = self.validate_config(config)
            level, _course = level_and_course(config)
        except ValueError:
            return False
        return level.pro_rules and pro_rules(config, True).condition

    def determinize(self, view: View, rng_state: int) -> VelomasterState:
        """A race (or tour) consistent with ``view``, with fresh dice; at Pro the other seats' secrets are drawn,
        plausible and consistent with the public facts (:func:`.rules.pro_view.imagine`). ``view(None)``, a
        spectator's, has every seat's drawn."""
        if not isinstance(view, VelomasterView):
            raise TypeError("determinize needs a VeloMaster view")
        config = self.validate_config(Config(view.variant, view.players, view.options))
        if view.tour is not None:
            return TourState.from_view(view, self.tour_plan(stage_config(config, view.tour.courses[0])), seed_state(rng_state))
        return VelomasterState.from_view(view, self.setup(config), seed_state(rng_state))

    def determinize_leg(self, view: View, rng_state: int) -> State:
        """As :meth:`determinize`; in a tour's repêchage vote the others' votes are taken back."""
        tour = getattr(view, "tour", None)
        if tour is not None and tour.step == "repechage":
            config = self.validate_config(Config(view.variant, view.players, view.options))
            plan = self.tour_plan(stage_config(config, tour.courses[0]))
            return TourState.from_view(view, plan, seed_state(rng_state), leg=True)
        return self.determinize(view, rng_state)

    def evaluate(self, state: State, seat: int) -> float:
        if isinstance(state, TourState):
            return tour_bots.evaluate(state, seat)
        return bots.evaluate(state, seat)  # type: ignore[arg-type]

    def rollout_action(self, state: State, seat: int, rng: Any):
        if isinstance(state, TourState) and state.phase != T_RACE:
            return rng.choice(state.legal_actions(seat))
        return bots.rollout_action(getattr(state, "race", state), seat, rng)  # type: ignore[arg-type]

    def bot_choice(self, view: View, seat: int, legal) -> Any:
        """The tour's decisions between stages (:mod:`.tour_bots`) and Pro's stage-start pick
        (:func:`.bots.prepare_choice`) are taken by rule, not searched."""
        return bots.prepare_choice(legal) or tour_bots.choose(view, seat, legal)
