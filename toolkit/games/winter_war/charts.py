"""Winter War's charts and tables as data (rulebook "Charts and Tables" and the map's tracks).

Everything here is transcribed from the rulebook text in ``shared/seeds/winter-war-spi-1972.txt``;
the section each table comes from is named beside it. The Special Event die tables are printed on
the map's Time Record track and are not in the rulebook text, so only the events themselves are here.
"""

from __future__ import annotations

from ...records import record
from ...rules.odds import CombatResultsTable, OddsColumns

__all__ = [
    "COLUMNS",
    "CRT",
    "FINNISH_INITIAL_FORCES",
    "FINNISH_REINFORCEMENTS",
    "ICE_TURNS",
    "LAST_TURN",
    "MURMANSK_FIRST_TURN",
    "RESULTS",
    "SCENARIOS",
    "SCENARIO_EFFECTS",
    "SCENARIO_TABLE",
    "SEQUENCE_OF_PLAY",
    "SOVIET_INITIAL_FORCES",
    "SOVIET_REINFORCEMENTS",
    "SPECIAL_EVENTS",
    "SPECIAL_EVENT_EFFECTS",
    "TERRAIN_EFFECTS",
    "TURNS",
    "VICTORY_LEVELS",
    "VP_SCHEDULE",
    "TerrainEffect",
    "VictoryPoints",
    "scenario_for",
    "victory_level",
]

# --- Sequence of Play ----------------------------------------------------------------------------------
SEQUENCE_OF_PLAY: tuple[str, ...] = (
    "Soviet Player-Turn: Reinforcement Phase (new units placed supplied)",
    "Soviet Player-Turn: Movement Phase",
    "Soviet Player-Turn: Combat Phase (retreat before combat, advance before combat, attacks)",
    "Finnish Player-Turn: Reinforcement Phase",
    "Finnish Player-Turn: Movement Phase",
    "Finnish Player-Turn: Combat Phase (retreat before combat, advance before combat, attacks)",
    "Scenario Interphase (Optional Rule; not after Game-Turn 10): Finnish Scenario roll, Soviet Special Event roll",
    "Advance the Game-Turn marker",
)

# --- Combat Results Table ("Charts and Tables": Combat Results Table) ------------------------------
# Rounded down to the nearest listed ratio; worse than 1-4 is not permitted (if unavoidable, 1-4);
# better than 6-1 is 6-1. The results in parentheses apply against Finnish units in Fortified hexes.
COLUMNS = OddsColumns(("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"))
_ROWS = {
    1: "Ae Ae Ae Ae Ar Ne Ne Dr(Ne) De(Ne)",
    2: "Ae Ae Ae Ar Ne Ne Dr(Ne) De(Ex) De(Ex)",
    3: "Ae Ae Ar Ne Ex Dr(Ne) De(Ex) De(Ex) De(Ex)",
    4: "Ae Ar Ar Ex Dr(Ne) De(Ex) De(Ex) De(Ex) De(Ex)",
    5: "Ae Ar Ne Dr(Ne) De(Ex) De(Ex) De(Ex) De(Ex) De",
    6: "Ae Ne Ne Dr(Ne) De(Ex) De(Ex) De(Ex) De De",
}


def _split(cell: str) -> tuple[str, str | None]:
    if "(" in cell:
        normal, alt = cell.rstrip(")").split("(")
        return normal, alt
    return cell, None


CRT = CombatResultsTable(
    COLUMNS,
    rows={die: tuple(_split(c)[0] for c in row.split()) for die, row in _ROWS.items()},
    variants={"fortified": {die: tuple(_split(c)[1] for c in row.split()) for die, row in _ROWS.items()}},
)

RESULTS = {
    "Ae": "attacker eliminated",
    "Ar": "attacker retreats one hex",
    "Ne": "no effect",
    "Dr": "defender retreats one hex",
    "De": "defender eliminated",
    "Ex": "exchange",
}


# --- Terrain Effects Chart ----------------------------------------------------------------------
@record(frozen=True)
class TerrainEffect:
    """One line of the Terrain Effects Chart: the cost to enter (None: prohibited) and the combat effect."""

    name: str
    movement: str
    combat: str
    cost: int | None = 1
    doubles_defense: str | None = None  # which side's defence is doubled there ("finnish", "soviet", "any")


TERRAIN_EFFECTS: tuple[TerrainEffect, ...] = (
    TerrainEffect("Clear", "One Movement Point (MP) to enter.", "No Effect.", 1),
    TerrainEffect("Road", "One MP to enter if entered through Road hexside.",
                  "No Effect, apply effect of other terrain in hex.", 1),
    TerrainEffect("Railroad", "See Movement, Case \"J\".", "No effect, apply effect of other terrain in hex.", 0),
    TerrainEffect("Finnish City", "Apply cost of other terrain in hex.",
                  "Finnish/Allied units double their Defense Strength.", None, "finnish"),
    TerrainEffect("Soviet Supply City", "Apply cost of other terrain in hex.",
                  "Soviet units double their Defense Strength.", None, "soviet"),
    TerrainEffect("Finnish Fortification", "One MP to enter.",
                  "Finnish/Allied units double their Defense Strength.", 1, "finnish"),
    TerrainEffect("Minor Lake/River hexside", "One additional MP to cross.",
                  "Defense Strength doubled if attacked exclusively through such hexsides.", 1, "any"),
    TerrainEffect("Minor Lake (whole hex)", "Entry prohibited.", "No Effect.", None),
    TerrainEffect("Major Lake or Sea hexside",
                  "Traversing prohibited; may not attack across; Zones of Control do not extend across.", "—", None),
    TerrainEffect("Ice hex", "Two MP to enter; may be entered only during the last three Game-Turns.",
                  "No Effect.", 2),
    TerrainEffect("Mountains", "Entry prohibited.", "No Effect.", None),
    TerrainEffect("Norway and Sweden", "Entry prohibited (Standard Game).", "No Effect.", None),
)


# --- Victory Point Schedule and Victory Levels ------------------------------------------------------
@record(frozen=True)
class VictoryPoints:
    """One line of the Victory Point Schedule (positive: awarded to the Soviet Player)."""

    key: str
    condition: str
    points: int
    per: str = ""  # "each hex", "per unit", ...: the points are awarded that many times


VP_SCHEDULE: tuple[VictoryPoints, ...] = (
    VictoryPoints("west_of_viipuri", "Soviets capture hexes in the row West of Viipuri", 5, "each hex"),
    VictoryPoints("viipuri", "Soviets capture Viipuri", 25),
    VictoryPoints("petsamo", "Soviets capture Petsamo", 30),
    VictoryPoints("oulu", "Soviets capture Oulu", 30),
    VictoryPoints("mannerheim", "Soviets capture all four hexes of the Mannerheim Line", 40),
    VictoryPoints("south_clear", "Soviets eliminate or clear out all Finnish units south of Row A inclusive", 50),
    VictoryPoints("allied_eliminated", "Soviets eliminate one Allied 3-2-2", 5, "per unit"),
    VictoryPoints("soviet_city", "Finns capture a Soviet Supply City (other than Leningrad)", -10),
    VictoryPoints("murmansk_defense", "Soviets have less than 7 combat units within 5 hexes of Murmansk at end "
                  "of their Player-Turn, from Game-Turn 4 onward", -10, "per Soviet Player-Turn"),
    VictoryPoints("murmansk", "Finns capture Murmansk", -20),
    VictoryPoints("leningrad", "Finns capture Leningrad", -100),
)

VICTORY_LEVELS: tuple[tuple[int, str], ...] = (  # (lowest total, level), highest first
    (101, "Decisive Soviet Victory"),
    (81, "Substantive Soviet Victory"),
    (61, "Marginal Soviet Victory"),
    (31, "Draw (Finnish Moral Victory)"),
    (-10**9, "Finnish Decisive Victory"),
)


def victory_level(points: int) -> str:
    """The Victory Levels table: 101+ decisive Soviet ... 30 or less Finnish decisive."""
    for lowest, level in VICTORY_LEVELS:
        if points >= lowest:
            return level
    raise AssertionError("unreachable")  # pragma: no cover


# --- Turn Record / Reinforcement Chart and the forces charts ----------------------------------------
LAST_TURN = 10
ICE_TURNS = frozenset({8, 9, 10})  # Movement (N): Game-Turns Eight, Nine and Ten
MURMANSK_FIRST_TURN = 4  # Murmansk Defense: "after the conclusion of Game-Turn 3"

TURNS: dict[int, tuple[str, str]] = {
    1: ("30 Nov 1939 – 9 Dec", ""),
    2: ("10 Dec – 19 Dec", ""),
    3: ("20 Dec – 29 Dec", ""),
    4: ("30 Dec – 9 Jan 1940", "Murmansk Defense in effect"),
    5: ("10 Jan – 19 Jan", ""),
    6: ("20 Jan – 29 Jan", ""),
    7: ("30 Jan – 9 Feb", ""),
    8: ("10 Feb – 19 Feb", "Ice"),
    9: ("20 Feb – 1 Mar", "Ice"),
    10: ("2 Mar – 12 Mar", "Ice"),
}

FINNISH_INITIAL_FORCES: dict[str, int] = {"fin-4-4-2": 1, "fin-2-2-3": 2, "fin-1-1-3": 10, "fin-6-6-2": 7,
                                          "fin-blank": 5}
SOVIET_INITIAL_FORCES: dict[str, int] = {"sov-0-1-2": 5, "sov-6-4-2": 5, "sov-5-3-3": 1, "sov-2-2-2": 1,
                                         "sov-2-1-2": 18, "sov-2-1-3": 1, "sov-20-12-2": 3, "sov-1-1-4": 5}
FINNISH_REINFORCEMENTS: dict[int, dict[str, int]] = {
    1: {"fin-0-0-3": 5, "fin-1-1-3": 2, "fin-2-2-3": 2},
    2: {"fin-6-6-2": 1},
    3: {"fin-2-2-3": 1, "fin-1-1-3": 2},
}
SOVIET_REINFORCEMENTS: dict[int, dict[str, int]] = {
    1: {"sov-2-1-2": 3},
    2: {"sov-2-1-3": 1},
    3: {"sov-20-12-2": 1, "sov-6-4-2": 1, "sov-0-1-2": 1},
    4: {"sov-20-12-2": 1, "sov-2-1-3": 1, "sov-2-1-2": 3},
    6: {"sov-8-3-2": 1},
    8: {"sov-20-12-2": 1, "sov-8-3-2": 1},
    9: {"sov-12-8-2": 1, "sov-6-4-2": 1, "sov-2-2-3": 1},
    10: {"sov-6-4-2": 2, "sov-2-1-2": 3},
}

# --- Scenario Table and the Scenario/Special Event descriptions (Optional Rule) ----------------------
# die roll -> scenario letter per Game-Turn 1..5 (None: no Scenario), as printed in the rulebook.
SCENARIO_TABLE: dict[int, tuple[str | None, ...]] = {
    1: (None, None, None, None, None),
    2: (None, None, None, None, None),
    3: (None, None, None, None, None),
    4: (None, "C", "A", "A", "A"),
    5: (None, "D", "B", "A", "B"),
    6: ("D", "E", "C", "B", "E"),
}


def scenario_for(turn: int, die: int) -> str | None:
    """The Scenario Table: the letter rolled at the end of ``turn`` (None: no Scenario, or off the table)."""
    row = SCENARIO_TABLE.get(die)
    if row is None or not 1 <= turn <= len(row):
        return None
    return row[turn - 1]


SCENARIOS: dict[str, str] = {
    "A": "French/British Allies land at Petsamo",
    "B": "Allied units cross Sweden and Norway",
    "C": "Scandinavian invasion by the Allies",
    "D": "Better Soviet mobilization",
    "E": "German threat",
}
SPECIAL_EVENTS: dict[str, str] = {
    "F": "Soviet paradrop",
    "G": "Finnish volunteers",
    "H": "Increased Soviet logistics",
    "J": "Increased Soviet replacements",
    "K": "Cease fire",
    "L": "Severe climate conditions",
}

# What each Scenario and Special Event does, in brief (the full text is printed on the map; see the
# rulebook's "Scenarios" and "Special Events"). Player aids print these beside the code letters.
SCENARIO_EFFECTS: dict[str, str] = {
    "A": "3 Allied 3-2-2 land on Petsamo; if Soviet-held, cancel or invade (Soviet defence doubled, Ar/Ne = Ae).",
    "B": "2 Allied 3-2-2 on the R hex now, 4 more next Finnish Reinforcement Phase; rail only from Kemi.",
    "C": "2 Allied 3-2-2 on the R hex, as in B; no more follow.",
    "D": "Soviet GT3-4 reinforcements arrive now; Finnish GT3-4 units placed in Finland; Finns may cease fire "
         "from GT5.",
    "E": "No more Soviet 20-12-2; Soviets remove 12 attack points; 3 Allied 3-2-2 by Petsamo or the R hex; "
         "Petsamo 50 VP, +10 per positive objective.",
}
SPECIAL_EVENT_EFFECTS: dict[str, str] = {
    "F": "Soviet 3-1-1 paratroop placed in Leningrad; may drop within 6 hexes of it at the end of a Soviet "
         "Player-Turn (once per game).",
    "G": "Finnish 2-2-2 volunteers placed in Helsinki or Oulu.",
    "H": "Petrozavodsk supply capacity 90 (only if a Scenario is in effect).",
    "J": "Soviet player may bring back one eliminated 2-1-2 next Reinforcement Phase.",
    "K": "Finnish player may call a cease fire at the end of the next Game-Turn.",
    "L": "Soviets lose 4 attack points (isolated units first); no rail movement next Game-Turn.",
}
