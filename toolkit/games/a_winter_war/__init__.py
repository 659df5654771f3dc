"""A Winter War (GDW Europa, 1992), with its advanced naval rules.

Declared: identity and counters (``counter_layout`` "europa"), the charts as data (``charts.py``: what the
rules text gives, cited; the rest unknown, completed by a chart file passed with ``--charts``), ``wgt
combat`` (``combat.py``) and the referee (``rules/``, position keys in ``schema.py``); map 35
(``maps/a-winter-war.yaml``, terrain key ``terrain.py``, ids ``naming.py``) and the module (``vassal.py``:
players, pieces named by counter id, the turn tracker of ``naming``). Scoring is not declared: the
rulebook text we have breaks off in "Determining victory".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..base import Game, GameOption

if TYPE_CHECKING:
    from ...builders.aids import ChartTable
    from ...builders.module import ModuleSpec
    from ...counters import CounterSet
    from ...rules.schema import PositionSchema
    from ...vassal.commands import TurnLine
    from ..chart_values import ChartValues
    from .rules import AWinterWarReferee

_RESULTS = ("AE", "AH", "AR", "AS", "DE", "DH", "DR", "HX", "EX")
_TERRAIN = ("clear", "rough", "forest", "marsh", "mountain", "major city")


class AWinterWar(Game):
    slug = "a-winter-war"
    title = "A Winter War"
    publisher = "GDW"
    year = 1992
    rulebook = "a-winter-war-europa-rules.txt"
    aliases = ("awinterwar", "europa-winter-war", "aww")
    sides = ("finnish", "soviet")
    counter_layout = "europa"
    combat_options = (
        GameOption("drm", "Die roll modifiers already summed (winterisation, woodsmanship, AEC/ATEC, terrain).",
                   kind="int", default=0, section="9A"),
        GameOption("result", "A result read from your Land Combat Results Table (the table is not in the rules "
                   "text): its losses are worked out.", kind="choice", choices=_RESULTS, section="9C"),
        GameOption("printed_attack", "Printed attack strengths of the attackers for losses (default: --attack).",
                   kind="text", section="9D"),
        GameOption("printed_defense", "Printed defence strengths of the defenders for losses (default: --defense).",
                   kind="text", section="9D"),
        GameOption("cadres", "Attackers with a cadre side as PRINTED:CADRE, e.g. 5:1,5:1: the least loss steps of "
                   "an exchange.", kind="text", section="9E"),
        GameOption("engineers", "Attacking RE that are combat engineers (with --attacking-re).", kind="number",
                   section="14A2"),
        GameOption("attacking_re", "All attacking RE, artillery included.", kind="number", section="14A2"),
        GameOption("artillery_re", "Attacking artillery RE (not counted for the engineers' 1/7).", kind="number",
                   default=0, section="14A2"),
        GameOption("fort", "The target is a major city, fort or fortified zone (combat engineers' +1).",
                   section="14A2"),
        GameOption("terrain", "The defender's terrain: its Terrain Effects Chart combat effect is reported.",
                   kind="choice", choices=_TERRAIN, section="9H"),
        GameOption("charts", "A completed chart file (YAML/JSON tables) for the values the rules text lacks.",
                   kind="text", section="charts"),
    )

    def chart_values(self, path: str | None = None) -> ChartValues:
        """The charts: what the rules text gives, completed by the chart file ``path`` when given."""
        from .charts import default_values
        values = default_values()
        return values.with_file(path) if path else values

    def referee(self) -> AWinterWarReferee:
        """The rules checker on the bundled map and counters (loaded on first use)."""
        from .rules import AWinterWarReferee
        return AWinterWarReferee()

    def state_schema(self) -> PositionSchema:
        from .schema import SCHEMA
        return SCHEMA

    def combat(self, attack: Sequence[Fraction], defense: Sequence[Fraction], *,  # type: ignore[override]
               die: int | None = None, drm: int = 0, result: str | None = None, printed_attack: str | None = None,
               printed_defense: str | None = None, cadres: str | None = None, engineers: Fraction | None = None,
               attacking_re: Fraction | None = None, artillery_re: Fraction | None = None, fort: bool = False,
               terrain: str | None = None, charts: str | None = None) -> dict[str, Any]:
        """One attack (``wgt combat a-winter-war``); see :mod:`.combat`."""
        from .cli_combat import run
        return run(self.chart_values(charts), attack, defense, die=die, drm=drm or 0, result=result,
                   printed_attack=printed_attack, printed_defense=printed_defense, cadres=cadres,
                   engineers=engineers, attacking_re=attacking_re, artillery_re=artillery_re, fort=fort,
                   terrain=terrain)

    def charts(self) -> list[ChartTable]:
        """Every chart as a player aid table, ``?`` where the rules text gives no value."""
        return self._tables(self.chart_values())

    def charts_from(self, path: str) -> list[ChartTable]:
        """The charts completed from the user's chart file (checked cell by cell, exit 3 naming the line)."""
        return self._tables(self.chart_values(path))

    def _tables(self, values: ChartValues) -> list[ChartTable]:
        from ...builders.aids import ChartTable
        from ..chart_values import table_rows
        from . import charts as data

        tables = [ChartTable.make("Sequence of Play", ("Step", "Phase"),
                                  [(str(i), s) for i, s in enumerate(data.SEQUENCE_OF_PLAY, 1)], kind="sequence",
                                  source="rule 4A")]
        for key, spec in data.CHARTS.items():
            columns, rows, notes = table_rows(values, key)
            kind = {"crt": "crt", "tec": "terrain"}.get(key, "table")
            tables.append(ChartTable.make(spec.title, columns, rows, notes, kind=kind, source=f"rules {spec.section}"))
        return tables

    def module_spec(self, counters: CounterSet) -> ModuleSpec:
        """Players, piece names (the counter ids), palettes, boxes, markers and the turn track (``vassal.py``)."""
        from .vassal import module_spec
        return module_spec(counters)

    def save_state(self, turns: Iterable[TurnLine]) -> dict[str, Any]:
        """``turn``, ``player`` and ``phase`` of a save's turn tracker (``naming.game_state``), in the referee's
        terms (turn 1 = Dec I 39; soviet/finnish; initial ... exploitation)."""
        from .naming import game_state
        return game_state(turns)

    def tracker_path(self, turn: int, player: str, phase: str) -> tuple[int | tuple[int, int], ...]:
        """The turn tracker's (game turn, player turn, phase) item indices (``naming.tracker_path``)."""
        from .naming import tracker_path
        return tracker_path(turn, player, phase)


GAME = AWinterWar()
