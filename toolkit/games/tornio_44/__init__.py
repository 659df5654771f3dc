"""Tornio '44: the Finnish landing at Tornio against the German army, October 1944.

The game's folder: ``terrain.py`` (the map vocabulary the rules use), ``charts.py`` + ``charts.yaml`` (the
Player Aid Card tables as data: what the rulebook gives, the rest unknown until a user supplies the card's
values with ``--charts``), ``combat.py`` (``wgt combat tornio-44``), ``vassal.py`` (the module).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..base import Game, GameOption, Scoring

if TYPE_CHECKING:
    from ...builders.aids import ChartTable
    from ...builders.module import ModuleSpec
    from ...counters import CounterSet
    from ...rules.schema import PositionSchema
    from ...vassal.commands import TurnLine
    from .rules import TornioReferee


class Tornio44(Game):
    slug = "tornio-44"
    title = "Tornio '44"
    publisher = ""  # not named in the rulebook we have (v1.2)
    year = 0
    rulebook = "tornio-44.txt"
    aliases = ("tornio", "tornio44")
    sides = ("finnish", "german")
    counter_layout = "tornio"
    # 6.0: "the game ends ... immediately when the Finnish player has less than 0.5 VP or more than 39.5 VPs [29.0]"
    scoring = Scoring("Finnish VP", side="finnish",
                      note="The game ends at once when the Finnish player has less than 0.5 VP or more than 39.5 VP "
                           "[29.0].")

    combat_options = (
        GameOption("extra_hexes", "Additional hexes attacked from (+0.5 odds each).", "int", default=0,
                   section="22.4.1"),
        GameOption("flanking", "Hexes giving the defender Defensive Flanking Support (-0.5 each, at most 4).", "int",
                   default=0, section="22.4.2"),
        GameOption("terrain", "The target hex's terrain (its 18.6 combat modifier).", "choice",
                   choices=("open", "forest", "swamp", "village", "town"), section="18.6, 22.4"),
        GameOption("river_crossing", "A majority of the attacking steps attack across a river hexside.", "choice",
                   choices=("none", "minor", "major"), default="none", section="18.1, 22.4"),
        GameOption("bridge", "The river hexside has a bridge (+0.5).", section="22.4"),
        GameOption("engineer", "An Engineer unit attacks across the river (river modifier halved).", section="15.1"),
        GameOption("night", "A Nighttime (B) Game Turn (-1 odds).", section="27.2"),
        GameOption("close_combat", "Close Combat in a Town/Factory Area hex (Foot factors doubled).",
                   section="22.3"),
        GameOption("motorized_attack", "The part of --attack from Motorized units (not doubled in Close Combat, "
                   "halved across a Major River without a bridge), e.g. 2+1.", "text", section="18.1.1, 22.3"),
        GameOption("motorized_defense", "The part of --defense from Motorized units (not doubled in Close Combat).",
                   "text", section="22.3"),
        GameOption("hq_attack", "Optional rule: attacking HQs giving +0.5 each, added last.", "int", default=0,
                   section="31.4.1"),
        GameOption("hq_defense", "Optional rule: defending HQs giving -0.5 each, added last.", "int", default=0,
                   section="31.4.1"),
        GameOption("attacker_units", "Attacking units (Large Combat when both sides have 3 or more).", "int",
                   section="22.10"),
        GameOption("defender_units", "Defending units (Large Combat when both sides have 3 or more).", "int",
                   section="22.10"),
        GameOption("attacker_dice", "The attacker's dice, e.g. 1+3: the APs the defender spends.", "text",
                   section="22.1, 22.6"),
        GameOption("defender_dice", "The defender's dice (with any Defender Bonus dice), e.g. 5+2.", "text",
                   section="22.1, 22.5.1"),
        GameOption("charts", "A completed chart file (charts.yaml with the Player Aid Card's values).", "text",
                   section="4.2"),
    )

    def combat(self, attack: Sequence[Fraction], defense: Sequence[Fraction], *,  # type: ignore[override]
               die: int | None = None, extra_hexes: int = 0, flanking: int = 0, terrain: str | None = None,
               river_crossing: str = "none", bridge: bool = False, engineer: bool = False, night: bool = False,
               close_combat: bool = False, motorized_attack: str | None = None, motorized_defense: str | None = None,
               hq_attack: int = 0, hq_defense: int = 0, attacker_units: int | None = None,
               defender_units: int | None = None, attacker_dice: str | None = None, defender_dice: str | None = None,
               charts: str | None = None) -> dict[str, Any]:
        """One combat (``wgt combat tornio-44``): odds step by step, the half-ratio die, dice and APs (22.0)."""
        from .charts import load_charts
        from .combat import Attack, factors, foot_part, resolve, rolls

        mot_a = factors(motorized_attack, "--motorized-attack")
        mot_d = factors(motorized_defense, "--motorized-defense")
        spec = Attack(foot_part(attack, mot_a, "attack"), foot_part(defense, mot_d, "defense"), mot_a, mot_d,
                      extra_hexes, flanking, terrain,
                      (river_crossing or "none").lower(), bridge, engineer, night, close_combat, hq_attack, hq_defense,
                      attacker_units, defender_units, rolls(attacker_dice, "--attacker-dice"),
                      rolls(defender_dice, "--defender-dice"))
        return resolve(spec, load_charts(charts), die)

    def charts(self) -> list[ChartTable]:
        """The Player Aid Card tables (``charts.yaml``): rulebook values cited, the others marked ``?``."""
        from .charts import bundled_charts
        return bundled_charts().aid_tables()

    def charts_from(self, path: str) -> list[ChartTable]:
        """The tables with a user's completed ``charts.yaml`` (checked line by line against the rulebook's values)."""
        from .charts import load_charts
        return load_charts(path).aid_tables()

    def referee(self) -> TornioReferee:
        """The rules checker (``wgt check``) on the bundled map, counters and charts (loaded on first use)."""
        from .rules import TornioReferee
        return TornioReferee()

    def state_schema(self) -> PositionSchema:
        from .schema import SCHEMA
        return SCHEMA

    def save_state(self, turns: Iterable[TurnLine]) -> dict[str, Any]:
        """``turn`` (1..16 from the tracker's Game Turn 1A..8B), ``player`` and ``phase`` (:mod:`.rules.sequence`)."""
        from .rules.sequence import game_state
        return game_state(turns)

    def tracker_path(self, turn: int, player: str, phase: str) -> tuple[int | tuple[int, int], ...]:
        """The turn tracker's (Game Turn 1A..8B, player, phase) item indices (:func:`.rules.sequence.tracker_path`,
        the inverse of :meth:`save_state`)."""
        from .rules.sequence import tracker_path
        return tracker_path(turn, player, phase)

    def module_spec(self, counters: CounterSet) -> ModuleSpec:
        """Tracks (Game Turn 1A-8B with the day/night marker, Weather, VP), palettes and the 30.0 set-up."""
        from .vassal import module_spec
        return module_spec(counters)


GAME = Tornio44()
