"""What a Tornio '44 position may hold: the keys its referee reads (``wgt check --schema tornio-44``), each with
its type and the rulebook section it serves. Conventions: ``turn`` counts Game Turns 1..16 (1 = 1A, 2 = 1B ...
16 = 8B; odd turns are Daytime); see :mod:`.rules.referee` for counters given by their printed values."""

from __future__ import annotations

from ...rules.schema import Bool, Field, Int, ListOf, MapOf, PositionSchema, Record, Scalar, Text
from .rules.common import PHASES, PLAYERS

__all__ = ["SCHEMA"]

_IDS = ListOf(Scalar(what="a unit id"), what="a list of unit ids", least=1)
_DIE = Int(what="a die roll 1..6", low=1, high=6)
_DICE = ListOf(_DIE, what="a list of die rolls 1..6")
_ACTIONS = ListOf(Record({
    "action": Field(Text(what="a combat action", choices=("step", "no_effect", "broken1", "broken2", "retreat",
                                                          "panic")), "the combat action (22.6.1-22.6.6)",
                    required=True),
    "unit": Field(Scalar(what="a unit id"), "the unit it is spent on (Step Loss, Broken 1 or 2 Levels)"),
}, what="a mapping of action and unit"), what="a list of {action, unit}")
_SIDE = Text(what="finnish or german", hint="also fin, ger")

_ATTACK = Record({
    "attackers": Field(_IDS, "the attacking units (22.1 (1))", required=True),
    "target": Field(Scalar(what="a hex id"), "the target hex (5.2)", required=True),
    "half_die": Field(_DIE, "the separate die on a half odds ratio: 1-3 no extra die, 4-6 extra die (22.1 (3))"),
    "attacker_dice": Field(_DICE, "the attacker's dice: their total is the defender's APs (22.1 (4), (5))"),
    "defender_dice": Field(_DICE, "the defender's dice, with any Defender Bonus DR (22.5.1)"),
    "defender_actions": Field(_ACTIONS, "the combat actions the defender spends (22.6, 22.9)"),
    "attacker_actions": Field(_ACTIONS, "the combat actions the attacker spends (22.6, 22.9)"),
    "hq": Field(Record({"attacker": Field(Int(high=2), "attacking HQs"), "defender": Field(Int(high=2),
                                                                                          "defending HQs")}),
                "HQ bonuses (optional rule 31.4.1)"),
}, what="a mapping of attackers, target, dice and actions")
_FIRE = Record({
    "units": Field(_IDS, "the firing Support Units (21.1)", required=True),
    "target": Field(Scalar(what="a hex id"), "the target hex", required=True),
    "die": Field(Int(low=2, high=12), "the two dice rolled (21.1 (2))"),
    "nationality_marker": Field(Bool(), "the target is under a Nationality marker: -1 DRM (8.1)"),
    "hq": Field(Int(high=2), "Support Unit HQs giving +1 DRM (optional rule 31.4.2)"),
}, what="a mapping of units and target")

STATE: dict[str, Field] = {
    "mid_move": Field(Bool(), "the position is in the middle of a move: stacking may be exceeded (7.0)"),
    "weather": Field(Text(what="sunny, cloudy or stormy", choices=("sunny", "cloudy", "stormy")),
                     "the weather of this Daytime Player Turn (12.0)"),
    "owner": Field(MapOf(_SIDE, what="a mapping of hex to finnish or german"),
                   "the last player to occupy a hex, where not German from the start (10.0)"),
    "optional": Field(ListOf(Text(choices=("31.1", "31.2", "31.3", "31.4", "31.5")), what="optional rule numbers"),
                      "the optional rules in use (31.0)"),
    "attacks": Field(ListOf(_ATTACK, what="a list of combats", label=lambda n, _: f"attack {n}"),
                     "the combats of this Combat Phase (22.0)"),
    "fire": Field(ListOf(_FIRE, what="a list of Indirect Fire Supports", label=lambda n, _: f"fire {n}"),
                  "Indirect Fire Supports (21.0)"),
    "air_strikes": Field(ListOf(Record({"target": Field(Scalar(), "the target hex", required=True),
                                        "player": Field(_SIDE, "who strikes (default: the phasing player)"),
                                        "die": Field(_DIE, "the die rolled"),
                                        "nationality_marker": Field(Bool(), "-1 DRM (8.1)")}),
                                what="a list of {target, player, die}"), "Air Strikes this Player Turn (20.0)"),
    "overruns": Field(ListOf(Record({"units": Field(_IDS, "the overrunning units", required=True),
                                     "target": Field(Scalar(), "the target hex", required=True)}),
                             what="a list of {units, target}"), "Overruns this phase (19.0)"),
    "demolitions": Field(ListOf(Record({"engineer": Field(Scalar(), "the Engineer unit", required=True),
                                        "bridge": Field(Scalar(), "1603 or 2420", required=True),
                                        "neither": Field(Int(), "earlier Neither results: +1 DRM each (15.0)"),
                                        "die": Field(_DIE, "the die rolled")}),
                                what="a list of {engineer, bridge}"), "demolition attempts this turn (15.0)"),
    "bridges": Field(MapOf(Text(choices=("intact", "damaged", "destroyed")), what="a mapping of bridge hex to "
                           "intact, damaged or destroyed"), "the bridges' state (15.0: damaged = Achtung! Gefahr!)"),
    "coups": Field(ListOf(Record({"hex": Field(Scalar(), "1502 or 3220", required=True),
                                  "units": Field(_IDS, "the Larjo units", required=True),
                                  "die": Field(_DIE, "the die rolled")}), what="a list of {hex, units, die}"),
                   "the Coups before 1A (11.0)"),
    "coup_failed": Field(Bool(), "a Coup failed: German units may move up to 1/4 of their MF before 1A (11.0)"),
    "landings": Field(ListOf(Scalar(what="a Landing Site hex")), "Landing Sites used so far (16.2.1)"),
    "alarm": Field(Text(choices=("none", "low", "high", "very_high")), "the German Alarm Level (16.2.1)"),
    "finnish_exits": Field(ListOf(Scalar(what="a VP Exit Hex")), "VP Exit Hexes a Finnish unit has exited "
                           "from (16.2.2)"),
    "alcohol_depots": Field(MapOf(Text(choices=("hidden", "revealed", "spent"))), "the German alcohol depots: "
                            "hex -> hidden, revealed or spent (28.0, 28.1 Clarification 2)"),
    "vp": Field(Scalar(what="a number of VPs"), "the Finnish VPs (29.0)"),
    "vp_at_turn_start": Field(Scalar(what="a number of VPs"), "the Finnish VPs when this Game Turn began (29.0)"),
    "vp_gained_last_turn": Field(Scalar(what="a number of VPs"), "Finnish VPs gained last Game Turn (29.3)"),
    "vp_subtracted_last_turn": Field(Scalar(what="a number of VPs"), "VPs the German player subtracted last Game "
                                     "Turn (29.3)"),
}

UNIT_STATE: dict[str, Field] = {
    "reduced": Field(Bool(), "on its reduced side (5.6)"),
    "broken": Field(Int(high=2), "its Broken unit marker: 0, 1 or 2 Levels (23.0)"),
    "intoxicated": Field(Bool(), "under an Intoxic. marker (28.1)"),
    "hangover": Field(Bool(), "under a Hangover marker (28.1)"),
    "moved": Field(Bool(), "moved in this Movement Phase (21.5)"),
    "arrived": Field(Bool(), "arrived this Game Turn: in supply, and moved (16.2)"),
    "attacked": Field(Bool(), "took part in a combat this Player Turn (25.1)"),
    "unsupplied_before": Field(Bool(), "was out of supply at the previous supply check (13.0)"),
    "entered": Field(Scalar(what="a hex id"), "a reinforcement's first hex entered (16.2)"),
    "box": Field(Text(), "the Stacking Marker Box it is in (7.1, 23.2)"),
    "transfer": Field(Text(choices=("A", "B")), "between the Transfer Points, bound for A or B (17.3)"),
    "transfer_started": Field(Int(), "the Game Turn its transfer started (17.3)"),
    "transfer_from": Field(Scalar(what="a hex id"), "the VP Exit Hex it entered the Transfer Point from (17.3, "
                           "16.2.2)"),
    "eliminated": Field(Bool(), "eliminated: off the map (17.2)"),
    "exited": Field(Bool(), "exited the map: off it for good (17.2)"),
    "nationality_marker": Field(Bool(), "under a Nationality marker (8.1)"),
}

SCHEMA = PositionSchema(state=STATE, unit_state=UNIT_STATE, players=PLAYERS, phases=PHASES, before=True,
                        player_hint="finnish or german (also fin, ger)",
                        turn_help="the Game Turn, 1..16: 1 = 1A, 2 = 1B, 3 = 2A ... 16 = 8B (odd: Daytime, even: "
                                  "Nighttime)")
