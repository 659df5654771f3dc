"""A Winter War's charts as data: what the rules text (``a-winter-war-europa-rules.txt``, the naval rules and
the errata) gives, each cell with its citation, and "unknown" for what only the printed charts hold.

The game's charts (Terrain Effects Chart, Land Combat Results Table, Air Combat Results Table, ...) are not
in the seeds; the rules quote a few of their cells in examples. Those are filled here and cited, nothing
else is: a user completes the rest in a chart file (``wgt build aids a-winter-war`` prints every table with
``?`` for unknown cells) and passes it with ``--charts FILE`` (:meth:`ChartValues.with_file` checks it).

Turn numbers: Dec I 39 is turn 1, Dec II 39 turn 2, ... Mar I 40 turn 7 (the end, 35A), May II 40 turn 12 (the
last the variable game length allows, 36E); two-week turns (4).
"""

from __future__ import annotations

import re
from fractions import Fraction as F

from ..chart_values import PROHIBITED, ChartValues, Given, TableSpec, parse_choice, parse_mp, parse_number
from .naming import TURNS

__all__ = ["AEC_MODIFIERS", "CHARTS", "COLUMNS", "CONSTRUCTION", "CRT_RESULTS", "DEMOLITION_MP", "LAST_TURN",
           "MP_COLUMNS", "PORTS", "RAIL_CAPACITY", "REPAIR_MP", "TURNS", "default_values"]

#: the last turn on the track: May II 40 (36E)
LAST_TURN = len(TURNS)

# ------------------------------------------------------------------------------------ Terrain Effects Chart

#: movement columns: "one cost for c/m and artillery units, another for other units, and exceptions listed
#: separately. Example: entering a marsh costs 3 MP to an artillery unit, 2 MP to an infantry unit and 1 MP
#: to a ski unit." (6); mountain troops have their own advantages (14D)
MP_COLUMNS = ("c/m and artillery", "other units", "ski", "mountain")
_R6 = "rule 6 example: marsh costs 3 MP to artillery, 2 to infantry, 1 to ski"
_R28 = "rule 28 example: forest in the Arctic 4 MP for infantry, 2 for ski (double the chart)"
_STRAIT = ("rule 6: crossing a frozen narrow strait costs 1 MP in addition (said of any unit, no class named: "
           "the one value is read into every column)")
_ROAD = ("errata: secondary roads in winter cost 1 MP (one value, no class named: read into every column); 7B: "
         "roads cost clear terrain; 6B: a ski unit pays 1/2 MP a road hex in admin movement (halved)")
_FORBID = "rule 6: a unit may not enter a complete lake/sea hex; 27B: complete sea hexsides always forbidden"
TEC_ROWS = ("clear", "rough", "forest", "marsh", "mountain", "major city", "road", "river hexside",
            "frozen narrow strait hexside", "bridged strait hexside", "frozen sea hexside", "lake hexside",
            "sea hexside", "all-sea or all-lake hex")
_tec: dict[tuple[str, str], Given] = {
    ("marsh", "c/m and artillery"): Given(F(3), _R6),
    ("marsh", "other units"): Given(F(2), _R6),
    ("marsh", "ski"): Given(F(1), _R6),
    ("forest", "other units"): Given(F(2), _R28),
    ("forest", "ski"): Given(F(1), _R28),
}
for _c in MP_COLUMNS:
    _tec[("frozen narrow strait hexside", _c)] = Given(F(1), _STRAIT)
    _tec[("road", _c)] = Given(F(1), _ROAD)
    _tec[("sea hexside", _c)] = Given(PROHIBITED, _FORBID)
    _tec[("all-sea or all-lake hex", _c)] = Given(PROHIBITED, _FORBID)
TEC = TableSpec("tec", "Terrain Effects Chart", "9H, 6, 28", "Terrain", (*MP_COLUMNS, "combat"), TEC_ROWS, _tec,
                parse=lambda t: _tec_cell(t),
                what="a cost in MP or P (prohibited); combat: a modifier such as /2, x1/2, -1",
                notes=("Hexside rows: the MP added to the cost of the hex entered (6). In the Arctic (weather zone A) "
                       "every terrain cost except roads and rails is doubled (28).",
                       "Combat column: the effect on the defender's strength or the die roll (9H)."))

def _tec_cell(text: str) -> F | str:
    """A movement cost (MP or P), else a combat effect (``/2``, ``x1/2``, ``-1``, ``no AEC``)."""
    try:
        return parse_mp(text)
    except (ValueError, ZeroDivisionError):
        t = text.strip()
        if re.fullmatch(r"(x\d+(/\d+)?|/\d+|[-+]\d+|no AEC|none)( ?, ?.+)?", t):
            return t
        raise


# -------------------------------------------------------------------------------------------- ZOC costs

ZOC_COSTS = TableSpec("zoc", "ZOC Costs Chart", "6A", "ZOC left", ("c/m and artillery", "other units"),
                      ("normal", "reduced", "anti-partisan"), {}, parse=parse_number, what="a number of MP",
                      notes=("Leaving a hex under enemy ZOC costs additional MP (6A); a reduced ZOC is that of "
                             "an unsupplied unit (5).",))

# ------------------------------------------------------------------------------ Land Combat Results Table

#: "Any attack above 9:1 is resolved at 9:1. Any attack below 1:4 gives an automatic AE" (9B)
COLUMNS = ("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1")
CRT_RESULTS = {"AE": "Attacker Eliminated", "AH": "Attacker Half Eliminated", "AR": "Attacker Retreats",
               "AS": "Attacker Stopped", "DE": "Defender Eliminated", "DH": "Defender Half Eliminated",
               "DR": "Defender Retreats", "HX": "Half Exchange", "EX": "Exchange"}
CRT = TableSpec("crt", "Land Combat Results Table", "9C, 27", "Modified die", COLUMNS,
                tuple(str(d) for d in range(1, 7)), {}, parse=parse_choice(CRT_RESULTS),
                what="a result (AE, AH, AR, AS, DE, DH, DR, HX, EX)", extra_rows=True,
                notes=("Snow is built in: the Europa -1 for snow is already in this table (27).",
                       "Odds are rounded down in the defender's favour to a column (9A); above 9:1 resolved at "
                       "9:1, below 1:4 automatic AE (9B)."))

# ------------------------------------------------------------------------------------- air and AA tables

AIR_RESULTS = ("-", "R", "A", "K")
_EX21 = "rule 21 air combat example"
AIR_COLUMNS = tuple(f"{d:+d}" if d else "0" for d in range(-5, 6))
AIR_COMBAT = TableSpec(
    "air", "Air Combat Results Table", "21B", "2 dice", AIR_COLUMNS, tuple(str(d) for d in range(2, 13)),
    {("5", "-2"): Given("R", _EX21 + " (I-15 at -2 rolls 5: R)"),
     ("8", "+1"): Given("-", _EX21 + " (D.XXI at +1, 9 modified to 8: no effect)"),
     ("7", "-2"): Given("-", _EX21 + " (I-16 at -2 rolls 7: no effect)"),
     ("3", "+2"): Given("K", _EX21 + " (MS.406 at +2, 4 modified to 3: K)"),
     ("7", "-3"): Given("-", _EX21 + " (SB-2bis at -3 rolls 7: no effect)")},
    parse=parse_choice(AIR_RESULTS), what="a result (-, R, A, K)", extra_rows=True, extra_columns=True,
    notes=("Differential = air attack of the firer - air defence of the target, capped to the table (21B); "
           "Finnish and British fighters firing at Soviet air units: -1 to the roll (21B).",))
AA_TABLE = TableSpec("aa", "Anti-Aircraft Fire Table", "22B", "2 dice", ("1", "2", "3", "4", "5", "6"),
                     tuple(str(d) for d in range(2, 13)), {}, parse=parse_choice(AIR_RESULTS),
                     what="a result (-, R, A, K)", extra_rows=True, extra_columns=True,
                     notes=("Column: the AA points committed to the shot (22B).",))
BOMBING = TableSpec("bombing", "Bombardment Table", "20F", "Die", ("1", "5"), tuple(str(d) for d in range(1, 7)),
                    {}, parse=parse_choice(("M", "H")), what="M (miss) or H (hit)", extra_columns=True,
                    notes=("Use the column closest to the committed strength without exceeding it; below 1 the "
                           "attack fails (20F). Column 5 is the one for strength 8 (20F example): no column "
                           "between 6 and 8 exists.", "Bombing strengths are halved in snow (20F, 27)."))
REPAIR = TableSpec("repair", "Air Unit Repair Table", "23", "Unit", ("repaired on",), ("any",), {},
                   parse=parse_number, what="a die roll")

# ----------------------------------------------------------------------------------------- naval tables

_NAVEX = "naval combat example (38C)"
NAVAL_COMBAT = TableSpec(
    "naval", "Naval Combat Results Table", "38C", "Modified die", ("1", "2", "3"), tuple(str(d) for d in range(1, 7)),
    {("5", "2"): Given("H", _NAVEX + ": Kotka's level 2 defences, 4 modified to 5, hit"),
     ("5", "3"): Given("H", _NAVEX + ": BB #1 on the 3 column rolls 5, hit"),
     ("4", "3"): Given("H", _NAVEX + ": BB #2 on the 3 column rolls 4, hit"),
     ("1", "1"): Given("-", _NAVEX + ": the CL on the 1 column rolls 1, no effect")},
    parse=parse_choice(("H", "-")), what="H (hit) or - (no effect)", extra_rows=True, extra_columns=True,
    notes=("Column: the attack strength (an intrinsic coast defence fires at its level, 38A2f).",))
NAVAL_DAMAGE = TableSpec("naval_damage", "Naval Damage Table", "38A1", "Ship type", ("hits to sink",),
                         ("BB", "CA", "CL", "BD", "DD", "river flotilla"),
                         {("CL", "hits to sink"): Given(F(2), _NAVEX + ": a second hit on the CL sinks it")},
                         parse=parse_number, what="a number of hits",
                         notes=("The example's BB #1 and the BD survive two hits: their values exceed 2.",))
PORT_ROWS = ("minor", "standard", "major", "great")
_PORTS = "naval rules 38A2b"
PORT_TABLE = TableSpec("ports", "Port Capacity Table", "38A2b, 29B3", "Port", ("capacity (RE)", "max hits"), PORT_ROWS,
                       {("minor", "capacity (RE)"): Given(F(2), _PORTS), ("minor", "max hits"): Given(F(4), _PORTS),
                        ("standard", "capacity (RE)"): Given(F(4), _PORTS),
                        ("standard", "max hits"): Given(F(6), _PORTS),
                        ("major", "capacity (RE)"): Given(F(8), _PORTS), ("major", "max hits"): Given(F(10), _PORTS),
                        ("great", "capacity (RE)"): Given(F(20), _PORTS),
                        ("great", "max hits"): Given(F(22), _PORTS)},
                       parse=parse_number,
                       notes=("Without the naval rules: a port is inoperative at 10 points of damage and takes at "
                              "most 12 (29B3).", "A ground unit inflicts one hit per 3 MP spent in the hex "
                              "(29B3, 38A2b)."))
PORTS = {r: (int(PORT_TABLE.given[(r, "capacity (RE)")].value), int(PORT_TABLE.given[(r, "max hits")].value))
         for r in PORT_ROWS}
_CD = "naval rules 38A2f examples"
COAST_DEFENCES = TableSpec("coast", "Coast Defenses Chart", "38A2f", "Hex", ("level",),
                           ("35:4521", "35:4526", "35:4613"),
                           {("35:4521", "level"): Given(F(2), _CD + " (Kotka, level 2)"),
                            ("35:4526", "level"): Given(F(3), _CD + " (Helsinki, level 3)"),
                            ("35:4613", "level"): Given(F(1), _CD + " (hex 35:4613, level 1)")},
                           parse=parse_number, what="a level 1..3", extra_rows=False,
                           notes=("The Finnish OB says which intrinsic coast defences are active (38A2f); only the "
                                  "three the examples give are listed.",))

# --------------------------------------------------------------------------------- supply, rail, building

_12B = "12B summary of ranges"
SUPPLY_LINES = TableSpec(
    "supply", "Supply Lines Summary", "12B, 28", "Element", ("normal", "arctic"),
    ("land (hexes)", "road (hexes)", "high-capacity rail (hexes)", "low-capacity rail (hexes)"),
    {("high-capacity rail (hexes)", "normal"): Given("unlimited", _12B),
     ("high-capacity rail (hexes)", "arctic"): Given("unlimited", _12B + ": 'Unlimited on high-capacity railway', "
                                                      "with no Arctic exception (28 says Arctic supply lines are "
                                                      "shorter without giving a rail figure)"),
     ("low-capacity rail (hexes)", "normal"): Given(F(7), _12B + ": 7 hexes of low-capacity line in all")},
    parse=lambda t: "unlimited" if t.strip().lower() == "unlimited" else parse_number(t),
    what="a number of hexes or unlimited",
    notes=("Land: to a road, railway or source, through friendly or enemy hexes; road: to a railway or source, "
           "friendly hexes only; rail: to a source, friendly hexes only (12B). Supply lines in the Arctic are "
           "shorter (28). Snow is built in (27).",))
RAIL_CAPACITY = {"soviet": 15, "finnish": 5}
RAIL_CAPACITY_36G = 30
_7A2 = "7A2"
RAIL = TableSpec("rail", "Rail Capacity and Speed", "7A2, 7A1", "Player", ("capacity (RE per turn)", "hexes per MP"),
                 ("soviet", "finnish", "soviet (36G)"),
                 {("soviet", "capacity (RE per turn)"): Given(F(15), _7A2),
                  ("finnish", "capacity (RE per turn)"): Given(F(5), _7A2),
                  ("soviet (36G)", "capacity (RE per turn)"): Given(F(30), "36G")},
                 parse=parse_number,
                 notes=("Cavalry and c/m units count double, a low-capacity railway doubles again (7A2, 3A).",
                        "Hexes per MP: the Rail Speed Chart (7A1)."))
#: (hex kind, fast) -> turns; "fast": clear, rough (and partially frozen lake for air bases) (14A1)
CONSTRUCTION = {"fort": (2, 4), "permanent air base": (2, 4), "permanent airstrip": (1, 2), "rail upgrade": (2, 2)}
#: MP a construction unit spends to repair one level of damage (14A1)
REPAIR_MP = {"air base": 4, "port": 8, "railway": 8}
#: MP a ground unit spends to inflict damage: a railway (7A3), one point on an air base (17D), one hit on a port
DEMOLITION_MP = {"railway": 2, "air base": 2, "port": 3}
_14A = "14A1"
BUILD = TableSpec("build", "Construction Times", "14A", "Work", ("clear or rough (turns)", "other terrain (turns)"),
                  tuple(CONSTRUCTION),
                  {(k, c): Given(F(v), _14A if k != "rail upgrade" else "14A4")
                   for k, (fast, slow) in CONSTRUCTION.items()
                   for c, v in (("clear or rough (turns)", fast), ("other terrain (turns)", slow))},
                  parse=parse_number,
                  notes=("Air bases and airstrips: a partially frozen lake hex counts as clear (14A1). Repairs: 4 MP "
                         "a point of base damage, 8 a port, 8 a railway; two stacked construction units pay half each "
                         "(14A1a).",))
#: 37B Demolition Summary Table: (unit size in RE, as counted) -> MP to break a railway
_37B = "37B example"
DEMOLITION = TableSpec("demolition", "Demolition Summary Table", "37B", "Unit size", ("railway", "air base", "port"),
                       ("1/2 RE", "1 RE", "2 RE", "3+ RE"),
                       {("1 RE", "railway"): Given(F(3), _37B + ": an ordinary regiment (1 RE) spends 3 MP")},
                       parse=parse_number,
                       notes=("Optional (37B). Engineer units count double their RE.",
                              "2 RE, railway: unknown. The rules text contradicts itself: its example says an "
                              "engineer regiment (1 RE, counted 2 RE) needs only 1 MP, and in the same sentence "
                              "that 3 MP is 'the same cost as a unit of 2+ RE'; neither reading is filled."))

# --------------------------------------------------------------------------- modifiers given in full

#: 36B3: (proportion bounds) -> modifier to the attack roll
AEC_MODIFIERS = {"aec_attack": 1, "aec_defence": -1, "atec_1_7": -1, "atec_1_2": -2, "atec_full": -4}
WINTERISATION = TableSpec("winter", "Winterisation Effects Table", "27A", "Attacker",
                          ("defender < 1/5", "defender 1/5 to 1/2", "defender >= 1/2"),
                          ("< 1/5", "1/5 to 1/2", ">= 1/2"), {}, parse=parse_number, what="a die modifier",
                          notes=("Winterised share = winterised RE / RE engaged (27A).",))

CHARTS = {s.key: s for s in (TEC, ZOC_COSTS, CRT, AIR_COMBAT, AA_TABLE, BOMBING, REPAIR, NAVAL_COMBAT, NAVAL_DAMAGE,
                             PORT_TABLE, COAST_DEFENCES, SUPPLY_LINES, RAIL, BUILD, DEMOLITION, WINTERISATION)}

SEQUENCE_OF_PLAY = ("Initial Phase: supply and isolation, reinforcements and replacements, forts and airfields, "
                    "air unit repair (4A)",
                    "Movement Phase: ground units move, including administrative, road and rail movement (4A, 6, 7)",
                    "Air Phase: air movement, interception, air combat, AA, missions (4A, 16C)",
                    "Combat Phase: isolation, then the phasing player's attacks (4A, 9)",
                    "Exploitation Phase: eligible c/m units move (4A)")


def default_values() -> ChartValues:
    """The charts with only what the rules text gives."""
    return ChartValues(CHARTS)
