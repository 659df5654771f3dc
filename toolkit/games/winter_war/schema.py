"""What a Winter War position may hold: the keys its referee reads (``wgt check --schema winter-war``).

Declared from the referee's position conventions (``rules.py``): the game ``state`` and the unit ``state``
keys, each with its type and the rulebook section it serves. The referee checks what needs the map or
its aliases (a hex or place name, "fin" for "finnish") after this schema has checked keys, types and shapes.
"""

from __future__ import annotations

from ...rules.schema import Bool, Field, Int, ListOf, MapOf, PositionSchema, Record, Scalar, Text
from . import charts

__all__ = ["PHASES", "PLAYERS", "SCHEMA"]

PHASES = ("setup", "reinforcement", "movement", "combat", "interphase", "end")
PLAYERS = ("finnish", "soviet")

_IDS = ListOf(Scalar(what="a unit id"), what="a list of unit ids", least=1)
_DIE_ROLLS = f"{min(charts.CRT.rows)}..{max(charts.CRT.rows)}"
_ATTACK = Record({
    "attackers": Field(_IDS, "the attacking units (Combat (C))", required=True),
    "defenders": Field(_IDS, "the defending units: every unit of the hex (Combat (H))", required=True),
    "die": Field(Int(what=f"a die roll {_DIE_ROLLS}", low=min(charts.CRT.rows), high=max(charts.CRT.rows),
                     error="die roll {value!r} is not on the combat results table (" + _DIE_ROLLS + ")"),
                 "the die rolled: the result on the Combat Results Table"),
}, what="a mapping of attackers, defenders and die")

STATE: dict[str, Field] = {
    "scenario": Field(Text(what="one of " + ", ".join(charts.SCENARIOS), choices=tuple(charts.SCENARIOS)),
                      "the Scenario in play once triggered (Scenarios)"),
    "scenario_turn": Field(Int(), "the Game-Turn whose Scenario Interphase triggered it (Scenarios)"),
    "events": Field(ListOf(Text(choices=tuple(charts.SPECIAL_EVENTS)), single=True,
                           what="Special Event letters (" + ", ".join(charts.SPECIAL_EVENTS) + ")"),
                    "the Special Events that have happened (Special Events)"),
    "optional_scenarios": Field(Bool(), "the Optional Rule is in use: no Murmansk Defense (implied by a scenario "
                                "or events)"),
    "scandinavia_open": Field(Bool(), "Scenario B/C: the first Allied unit has crossed into Finland"),
    "murmansk_penalties": Field(Int(), "Soviet Player-Turns already short of the Murmansk garrison "
                                "(Murmansk Defense)"),
    "last_occupied": Field(MapOf(Text(what="soviet or finnish", hint="also fin, sov, ..."),
                                 what="a mapping of hex or place to soviet or finnish"),
                           "who last passed through a fortification or objective hex (Victory Conditions)"),
    "attacks": Field(ListOf(_ATTACK, what="a list of {attackers, defenders, die}", label=lambda n, _: f"attack {n}"),
                     "the Combat Phase's declared attacks; when given, the mandatory Soviet attacks are checked "
                     "against them (Combat (E))"),
    "rail_inoperative": Field(Bool(), "Special Event L: no rail movement this Game-Turn"),
}

UNIT_STATE: dict[str, Field] = {
    "isolated": Field(Bool(), "a unit the Soviet player isolates when a Supply City's capacity is exceeded "
                      "(Supply and Isolation (F))"),
    "reinforcement": Field(Bool(), "placed in this Reinforcement Phase"),
    "moved": Field(Bool(), "already moved in this Movement Phase and the Player's hand withdrawn: it may not move "
                   "again (Movement (G))"),
    "path": Field(ListOf(Scalar(what="a hex"), what="a list of hexes"),
                  "the hexes it was set down in this Movement Phase, its hex at the start of the phase first and its "
                  "hex last: its move is judged along them (Movement Procedure, (C), Zones of Control)"),
    "moves": Field(Int(), "separate moves it made this Movement Phase (more than one breaks Movement (G))"),
    "advanced": Field(Bool(), "advanced before combat (Combat (A))"),
    "retreated": Field(Bool(), "retreated before combat onto a host (Combat (A))"),
    "eliminated": Field(Bool(), "eliminated: off the map"),
    "air_dropped": Field(Bool(), "the paratroop unit dropped this turn (Special Event F)"),
    "reached_kemi": Field(Bool(), "an Allied unit that has been at Kemi: it may use rail (Scenario B)"),
}

SCHEMA = PositionSchema(state=STATE, unit_state=UNIT_STATE, players=PLAYERS, phases=PHASES, before=True,
                        player_hint="finnish or soviet (also fin, sov, ...)")
