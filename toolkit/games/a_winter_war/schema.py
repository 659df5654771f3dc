"""What an A Winter War position may hold: the keys its referee reads (``wgt check --schema a-winter-war``).

The referee then checks what needs the map (hex ids ``35:XXYY``, place names) and the counters.
"""

from __future__ import annotations

from ...rules.schema import AnyValue, Bool, Field, Int, ListOf, MapOf, PositionSchema, Record, Scalar, Text
from .charts import CONSTRUCTION, CRT_RESULTS
from .rules.common import PHASES, PLAYERS

__all__ = ["SCHEMA"]

_IDS = ListOf(Scalar(what="a unit id"), what="a list of unit ids")
_HEX = Scalar(what="a hex id (35:XXYY) or place name")
_HEXES = ListOf(_HEX, what="a list of hexes", single=True)
_SIDES = MapOf(Scalar(), what="a mapping of finnish/soviet to a number")
_ATTACK = Record({
    "hex": Field(_HEX, "the attacked hex (9A)", required=True),
    "attackers": Field(_IDS, "the attacking units (9A)", required=True),
    "die": Field(Int(low=1, high=6, what="a die roll 1..6"), "the die rolled"),
    "drm": Field(Int(low=None), "the summed die modifiers"),
    "result": Field(Text(choices=tuple(CRT_RESULTS), fold=True, what="one of " + ", ".join(CRT_RESULTS)),
                    "the result (9C)"),
    "attacker_losses": Field(_IDS, "attacking units lost; an id twice: reduced, then its cadre eliminated (9E)"),
    "defender_losses": Field(_IDS, "defending units lost (9C)"),
    "retreated_before_combat": Field(_IDS, "Finnish ski units and partisans that retreated before combat (9I)"),
}, what="an attack {hex, attackers, result, attacker_losses, defender_losses}")
_MISSIONS = ("interception", "scramble", "escort", "transfer", "staging", "transport", "transport_drop",
             "parachute", "bombing")
_WORK = Record({
    "work": Field(Text(choices=tuple(CONSTRUCTION), what="one of " + ", ".join(CONSTRUCTION)),
                  "what is built (14A1, 14A4)"),
    "hex": Field(_HEX, "where", required=True),
    "unit": Field(Scalar(), "the construction unit", required=True),
    "started": Field(Int(), "the turn the work began (initial phase)"),
    "complete": Field(Bool(), "the work is complete in this position"),
    "begun_now": Field(Bool(), "the work is begun in this position's phase"),
}, what="a work {work, hex, unit, started, complete}")
_MISSION = Record({
    "unit": Field(Scalar(), "the air unit", required=True),
    "mission": Field(Text(choices=_MISSIONS, what="one of " + ", ".join(_MISSIONS)), "the mission (20)",
                     required=True),
    "hex": Field(_HEX, "the target hex", required=True),
    "extended": Field(Bool(), "extended range (24B)"),
    "cargo": Field(_IDS, "land units or supply carried (20E)"),
}, what="an air mission {unit, mission, hex, extended, cargo}")
_PATROL = Record({"fighter": Field(Scalar(), "the fighter", required=True),
                  "hex": Field(_HEX, "the hex of the patrol attack", required=True)},
                 what="a patrol attack {fighter, hex}")
_TRANSPORT = Record({
    "ships": Field(_IDS, "the naval units carrying", required=True),
    "cargo": Field(_IDS, "the units carried", required=True),
    "from": Field(_HEX, "where the cargo embarks"), "to": Field(_HEX, "where it disembarks"),
    "amphibious": Field(Bool(), "an amphibious landing (38B2b)"),
}, what="a naval transport {ships, cargo, from, to, amphibious}")

STATE: dict[str, Field] = {
    "owned": Field(MapOf(Text(), what="a mapping of hex to finnish or soviet"), "who owns a hex (3D) when neither "
                   "occupation nor an uncontested ZOC says"),
    "gulf_frozen": Field(Bool(), "the Gulf of Finland is frozen (27B; default from the turn)"),
    "optional_rules": Field(ListOf(Scalar(), what="rule numbers such as 36G, 37A2", single=True),
                            "optional rules in use (36, 37); 36E, the variable game length, lets the game run "
                            "past Mar I 40 (turn 7) to May II 40 (turn 12)"),
    "attacks": Field(ListOf(_ATTACK, what="a list of attacks"), "the combat phase's attacks (9)"),
    "rail_used": Field(_SIDES, "RE already moved by rail this turn (7A2)"),
    "rail_capacity_hits": Field(_SIDES, "marshalling-yard hits this turn (20F1d)"),
    "broken_rail": Field(_HEXES, "railway hexes broken (7A3)"),
    "forts": Field(_HEXES, "hexes with a fort (14A1, 29A1)"),
    "air_bases": Field(_HEXES, "permanent air bases built (14A1)"),
    "airstrips": Field(MapOf(Int(), what="a mapping of hex to a number"), "permanent airstrips by hex (14A1)"),
    "construction": Field(ListOf(_WORK, what="a list of works"), "works under way or completed (14A)"),
    "air_missions": Field(ListOf(_MISSION, what="a list of missions"), "air missions this air phase (20)"),
    "patrol_attacks": Field(ListOf(_PATROL, what="a list of patrol attacks"), "patrol attacks (19)"),
    "naval_transport": Field(ListOf(_TRANSPORT, what="a list of naval transports"), "naval transport (38B2)"),
    "port_damage": Field(MapOf(Int(), what="a mapping of hex to hits"), "hits on ports (38A2b, 29B3)"),
    "coast_defences": Field(MapOf(Int(), what="a mapping of hex to a level 0..3"),
                            "intrinsic coast defence levels (38A2f; the OB's, or after hits)"),
    "factory_destroyed": Field(Bool(), "the Tampere factory is destroyed (30A3)"),
    "sweden_resists": Field(Bool(), "Sweden resists the Western intervention (31B)"),
    "intervention": Field(Bool(), "the Western intervention is triggered (31)"),
    "overruns": Field(ListOf(Record({"hex": Field(_HEX, "the overrun hex", required=True),
                                     "attackers": Field(_IDS, "the overrunning units", required=True)},
                                    what="an overrun {hex, attackers}"), what="a list of overruns"),
                      "overruns this phase (13)"),
    "aa_fire": Field(ListOf(Record({"hex": Field(_HEX, "where the AA fires", required=True),
                                    "points": Field(Int(), "AA points committed to the shot", required=True),
                                    "unit": Field(Scalar(), "the air unit fired at", required=True)},
                                   what="an AA shot {hex, points, unit}"), what="a list of AA shots"),
                     "AA fire in the mission resolution step (22B)"),
    "sea_supply": Field(Int(), "supply points carried by sea from Murmansk to Petsamo (26A1)"),
    "notes": Field(AnyValue(), "free text, not read"),
}
UNIT_STATE: dict[str, Field] = {
    "unsupplied": Field(Bool(), "out of supply since the initial phase (12B, 12D)"),
    "isolated": Field(Bool(), "isolated at the last check (3F)"),
    "cadre": Field(Bool(), "a division on its cadre side (9E)"),
    "admin": Field(Bool(), "moved by administrative movement this phase (6B)"),
    "rail": Field(Bool(), "moved by rail this phase (7A1)"),
    "rail_low": Field(Bool(), "its rail move used a low-capacity railway (7A2)"),
    "broke_rail": Field(ListOf(_HEX, single=True, what="a hex or list of hexes"), "railway hexes it broke (7A3)"),
    "normal_stacking": Field(Bool(), "a Soviet unit assigned to a corps marker on its normal side (8C)"),
    "partisan_mode": Field(Bool(), "a Finnish partisan in partisan mode (14F2)"),
    "overran": Field(Bool(), "took part in an overrun (13: loses its ZOC)"),
    "zoc_lost": Field(Bool(), "lost its ZOC for another reason (5)"),
    "attacked": Field(Bool(), "attacked in the last combat phase (30B1)"),
    "advanced": Field(Bool(), "advanced after combat (9F2)"),
    "retreated": Field(Bool(), "retreated after combat (9F1)"),
    "continued": Field(Bool(), "kept retreating past the first hex to respect stacking (8B, 9F1)"),
    "naval": Field(Bool(), "moved by naval transport (38B2)"),
    "ski_marked": Field(Bool(), "a Finnish ski unit that spent over half its MP in the movement phase (37A2)"),
    "non_operational": Field(Bool(), "a non-operational air unit (16B)"),
    "damaged": Field(_HEX, "the air base or port hex it damaged this phase (17D, 29B3)"),
    "by_sea": Field(Bool(), "a reinforcement arrived by sea this initial phase (33)"),
    "moved": Field(Bool(), "moved this turn: a Soviet artillery division attacks halved (14B1), a position AA unit "
                   "may not fire (22A3)"),
    "amphibious": Field(Bool(), "landed from the sea this turn (38B2b: attack quartered unless marine)"),
}

SCHEMA = PositionSchema(state=STATE, unit_state=UNIT_STATE, players=PLAYERS, phases=PHASES, before=True,
                        player_hint="finnish or soviet (also fin, sov)",
                        turn_help="the game turn: 1 Dec I 39 .. 7 Mar I 40 (35A), 8 Mar II 40 .. 12 May II 40 only "
                                  "with optional rule 36E (variable game length)")
