"""Skirmish: the game-contract test game (not a published game).

Everything the toolkit needs from a game lives in this folder: the map (``map.yaml``), the counters
(``counters.yaml``), the combat results table and options, the position schema, the referee (``rules.py``,
reached with a relative import) and the charts. ``tests/games/test_contract.py`` copies this folder alone to
a temporary folder, points ``WGT_GAMES_PATH`` at it and runs every ``wgt`` command on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from toolkit.games import Game, GameOption, Scoring
from toolkit.rules.odds import CombatResultsTable, OddsColumns
from toolkit.rules.schema import Bool, Field, ListOf, PositionSchema, Scalar, Text

COLUMNS = OddsColumns(("1-2", "1-1", "2-1", "3-1"))
CRT = CombatResultsTable(COLUMNS, {1: ("AE", "AR", "DR", "DE"), 2: ("AR", "AR", "DR", "DE"),
                                   3: ("AR", "EX", "DR", "DR"), 4: ("NE", "EX", "EX", "DR"),
                                   5: ("NE", "NE", "AR", "EX"), 6: ("NE", "NE", "NE", "AR")})
MEANING = {"AE": "attacker eliminated", "AR": "attacker retreats", "NE": "no effect", "EX": "exchange",
           "DR": "defender retreats", "DE": "defender eliminated"}
PHASES = ("movement", "combat")

SCHEMA = PositionSchema(
    state={"weather": Field(Text(what="clear or storm", choices=("clear", "storm")),
                            "storm: one unit a hex (the stacking limit is 2 in clear weather)"),
           "attackers": Field(ListOf(Scalar(what="a unit id"), what="a list of unit ids"),
                              "the units attacking in this Combat Phase")},
    unit_state={"disrupted": Field(Bool(), "a disrupted unit may not attack")},
    players=("red", "blue"), phases=PHASES)


class Skirmish(Game):
    slug = "skirmish"
    title = "Skirmish"
    publisher = "wargame-toolkit tests"
    year = 2026
    rulebook = ""
    aliases = ("skirmish-test",)
    sides = ("red", "blue")
    counter_layout = "classic"
    scoring = Scoring("Red VP", side="red", note="Red scores the Crossroads' 5 VP while it holds it.")
    combat_options = (
        GameOption("terrain", "The defender's terrain: woods shifts one column left.", kind="choice",
                   choices=("clear", "woods"), default="clear"),
        GameOption("shift", "Further column shifts (positive: towards the attacker).", kind="int", default=0),
    )

    def referee(self) -> Any:
        from .rules import SkirmishReferee
        return SkirmishReferee(self)

    def state_schema(self) -> PositionSchema:
        return SCHEMA

    def combat(self, attack: Sequence[Fraction], defense: Sequence[Fraction], *, die: int | None = None,
               terrain: str = "clear", shift: int = 0) -> dict[str, Any]:
        a, d = sum(attack, Fraction(0)), sum(defense, Fraction(0))
        odds = COLUMNS.shift(COLUMNS.odds(a, d), shift - (1 if terrain == "woods" else 0))
        out: dict[str, Any] = {"attack": float(a), "defense": float(d), "odds": odds.label,
                               "column": {str(k): v for k, v in CRT.column(odds).items()}, "notes": []}
        if die is not None:
            result = CRT.result(odds, die)
            out.update(die=die, result=result, meaning=MEANING[result])
        return out

    def charts(self) -> list[Any]:
        return [{"title": "Combat Results Table", "kind": "crt", "columns": ["Die", *COLUMNS.labels],
                 "rows": [[str(die), *CRT.rows[die]] for die in CRT.dice],
                 "notes": ["; ".join(f"{k} = {v}" for k, v in MEANING.items()) + "."]},
                {"title": "Sequence of Play", "kind": "sequence", "columns": ["Step", "Phase"],
                 "rows": [[str(n), p.title()] for n, p in enumerate(PHASES, 1)]}]


GAME = Skirmish()
