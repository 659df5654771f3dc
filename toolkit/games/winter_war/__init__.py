"""Winter War (SPI 1972): the Soviet-Finnish war of 1939-40 at 20 km a hex."""

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
    from .rules import WinterWarReferee


class WinterWar(Game):
    slug = "winter-war"
    title = "Winter War"
    publisher = "SPI"
    year = 1972
    rulebook = "winter-war-spi-1972.txt"
    aliases = ("winterwar", "ww", "spi-winter-war")
    sides = ("finnish", "soviet")
    counter_layout = "classic"
    scoring = Scoring("Soviet VP", side="soviet",
                      note="Positive points go to the Soviet Player; see the rules for \"capture\".")
    combat_options = (
        GameOption("fortified", "Finnish defenders in a Fortification hex (doubled; results in parentheses).",
                   section="Fortifications (B)"),
        GameOption("city", "Defenders in a Finnish City (Finns) or Soviet Supply City (Soviets).",
                   section="Combat (S)"),
        GameOption("river", "Every attacker attacks through lake or river hexsides.", section="Combat (S)"),
        GameOption("isolated", "The defenders are isolated (defense halved).", section="Supply and Isolation (B)"),
        GameOption("ski", "The defenders are Finnish ski patrols only (always De).", section="Combat (N)"),
        GameOption("landing", "Scenario A landing at Petsamo (Soviet defense doubled; Ar/Ne = Ae).",
                   section="Scenario A"),
    )

    def referee(self) -> WinterWarReferee:
        """The rules checker on the bundled map and counters (loaded on first use)."""
        from .rules import WinterWarReferee
        return WinterWarReferee()

    def state_schema(self) -> PositionSchema:
        from .schema import SCHEMA
        return SCHEMA

    def combat(self, attack: Sequence[Fraction], defense: Sequence[Fraction], *,  # type: ignore[override]
               die: int | None = None, fortified: bool = False, city: bool = False, river: bool = False,
               isolated: bool = False, ski: bool = False, landing: bool = False) -> dict[str, Any]:
        """One attack on the Combat Results Table (``wgt combat winter-war``).

        Defense doubling (Combat (S), Fortifications (B), Scenario A) happens at most once; isolation
        halves (Supply and Isolation (B)). See :func:`.combat.resolve` for the rounding and limits.
        """
        from .combat import defense_strength, resolve
        doubled = fortified or city or river or landing
        total_def = sum((defense_strength(d, doubled=doubled, isolated=isolated) for d in defense), Fraction(0))
        out = resolve(sum(attack, Fraction(0)), total_def, fortified=fortified, die=die, ski_patrols_only=ski,
                      landing=landing)
        result = out.to_dict()
        if out.result == "Ex":  # CRT Ex: the attacker removes at least the basic (not doubled) Defense Strength
            loss = sum(defense, Fraction(0))
            result["exchange_loss"] = int(loss) if loss.denominator == 1 else float(loss)
        return result

    def charts(self) -> list[ChartTable]:
        """The rulebook's charts and tables (``charts.py``) as player aid tables."""
        from ...counters import load_counters
        from ...errors import DataFileError, InputError
        from ..chart_tables import tables_from_module
        from . import charts

        try:
            counters: CounterSet | None = load_counters(self.counters_path())
        except (InputError, DataFileError):
            counters = None
        return tables_from_module(charts, counters, self.sides, self.scoring)

    def module_spec(self, counters: CounterSet) -> ModuleSpec:
        from .vassal import module_spec
        return module_spec(counters)

    def save_state(self, turns: Iterable[TurnLine]) -> dict[str, Any]:
        from .naming import game_state
        return game_state(turns)

    def tracker_path(self, turn: int, player: str, phase: str) -> tuple[int | tuple[int, int], ...]:
        from .naming import tracker_path
        return tracker_path(turn, player, phase)


GAME = WinterWar()
