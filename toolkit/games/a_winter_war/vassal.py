"""A Winter War in VASSAL: players, piece names, palettes, boxes, markers and the turn track.

Pieces are named by their counter id (``fin-inf-xx-4-5-6``), which the referee reads back as the counter.
Palettes: each side's land, air and naval units (the counters the rules text gives; the OB is not in the
seeds, so there is no initial set-up beyond what the rules themselves place: Murmansk's intrinsic
defence, 30B2). The turn tracker nests game turn (Dec I 39 .. Mar I 40, Rule 35A, then Mar II .. May II 40 for
the variable game length, 36E) > player turn (Soviet, Finnish) > phase (Initial, Movement, Air, Combat,
Exploitation: Rule 4A), so a save says when it was made (:func:`.naming.game_state`).
"""

from __future__ import annotations

from ...builders.module import Box, GameProperty, MarkerPiece, ModuleSpec, PaletteGroup, SetupPiece
from ...counters import CounterSet
from .naming import END_TURN, PHASES, PLAYER_TURNS, TURNS

__all__ = ["BOXES", "MARKERS", "module_spec"]

PLAYER_OF = {"finnish": "Finnish", "volunteers": "Finnish", "wif": "Finnish", "allied": "Finnish", "soviet": "Soviet"}
_GROUPS = (("Land units", lambda t: t not in ("air", "naval")), ("Air units", lambda t: t == "air"),
           ("Naval units", lambda t: t == "naval"))

BOXES = (
    *(Box(t, "track", None, "Rule 35A: game turns" if n <= END_TURN else "Rule 36E: played only with the variable "
          "game length (a Soviet die roll of 1-3 after each turn past Mar I 40)") for n, t in enumerate(TURNS, 1)),
    Box("Aland Islands Holding Box", "holding", None, "3E, 27B: part of Finland; freezes with the Gulf of Finland"),
    Box("Soviet Strategic Reserve", "holding", "Soviet", "3E, 31: part of the Soviet Union"),
    Box("Finnish corps display", "holding", "Finnish", "8C: the units a Finnish or WIF corps marker stands for"),
    Box("Soviet corps display", "holding", "Soviet", "8C: the units a Soviet corps marker stands for"),
    Box("Finnish eliminated", "eliminated", "Finnish", "9, 32C: eliminated units (special replacements)"),
    Box("Soviet eliminated", "eliminated", "Soviet", "9, 32C: eliminated units (special replacements)"),
)

_FIN, _SOV, _NEU = ("#e7edf3", "#000000"), ("#c9694f", "#000000"), ("#f2e6b8", "#000000")
#: the markers the rules use. How many of each the counter sheets hold is not in the seeds: the copies below
#: (other than the one turn, capital and factory marker) are our choice for the module, not the game's mix
MARKERS = (
    MarkerPiece("Game turn", "TURN", *_NEU, 1, TURNS[0], "Rule 35A: the game begins with the Soviet turn of Dec I 39"),
    MarkerPiece("Finnish capital", "CAPITAL", *_FIN, 1, None, "30A1: the Finnish government, at Helsinki (35:4526)"),
    MarkerPiece("Tampere factory", "FACTORY", *_FIN, 1, None, "30A3: a Finnish supply source at 35:3825"),
    MarkerPiece("Fort", "FORT", *_NEU, 12, None, "14A1, 29A1: a fort (destroyed when the enemy takes the hex)"),
    MarkerPiece("Fort under construction", "FORT\nbuilding", *_NEU, 6, None, "14A1: removed if the engineer leaves"),
    MarkerPiece("Permanent air base", "AIR\nBASE", *_NEU, 8, None, "14A1, 17: built by construction units"),
    MarkerPiece("Permanent airstrip", "AIR\nSTRIP", *_NEU, 12, None, "14A1: up to three a hex"),
    MarkerPiece("Hit", "HIT", *_NEU, 30, None, "17D, 29B3, naval 1b and A1: damage to a base, port or ship"),
    MarkerPiece("Rail break", "RAIL\nCUT", *_NEU, 12, None, "7A3, 20F2e: a broken railway"),
    MarkerPiece("Rail upgrade", "RAIL\nUPGR", *_NEU, 4, None, "14A4: a low-volume railway being upgraded"),
    MarkerPiece("Supply points", "SUPPLY", *_NEU, 8, None, "12C3, 20E: air-delivered supply, two initial phases"),
    MarkerPiece("Harassment", "HARASS", *_NEU, 8, None, "20F2d: +1 MP to leave the hex per hit (2 at most)"),
    MarkerPiece("Out of supply", "OUT OF\nSUPPLY", *_NEU, 12, None, "36A: consecutive turns out of supply"),
    MarkerPiece("Isolated", "ISOL", *_NEU, 12, None, "3F: isolated units and hexes"),
    MarkerPiece("Finnish corps", "CORPS", *_FIN, 4, None, "8C: Finnish and WIF corps markers"),
    MarkerPiece("Soviet corps (reduced)", "CORPS\nreduced", *_SOV, 12, None, "8C: reduced-stacking side"),
    MarkerPiece("Soviet corps (normal)", "CORPS\nnormal", *_SOV, 12, None, "8C: normal-stacking (rifle) side"),
    MarkerPiece("Coast defence", "COAST\nDEF", *_FIN, 10, None, "naval 1f: intrinsic coast defences, level 1-3"),
    MarkerPiece("Landing planned", "LANDING", *_SOV, 4, None, "naval 2b: amphibious landings are planned a turn ahead"),
    MarkerPiece("Non-operational", "NON-\nOPER", *_NEU, 12, None, "16B: a non-operational air unit"),
    MarkerPiece("Finnish control", "FIN", *_FIN, 20, None, "3D: ownership of hexes"),
    MarkerPiece("Soviet control", "SOV", *_SOV, 20, None, "3D: ownership of hexes"),
)

PROPERTIES = (
    GameProperty("GulfOfFinland", "open", "27B: open water until the end of the Soviet movement phase of Dec II 39, "
                 "then frozen"),
    GameProperty("Icebreakers", "", "30A2: the port the Finnish icebreakers keep open (Turku or Helsinki)"),
    GameProperty("WesternIntervention", "no", "31A: triggered on 2d6 = 3 at a Finnish initial phase"),
)

#: what the rules themselves place at the start (the OB places the rest)
SETUP = (SetupPiece("sov-murmansk-defence", "35:0701"),)  # 30B2: Murmansk's intrinsic defence


def module_spec(cset: CounterSet) -> ModuleSpec:
    """A Winter War's module: players, pieces named by counter id, palettes, boxes, markers, the turn track."""
    palette: dict[str, tuple[PaletteGroup, ...]] = {}
    for side in cset.sides:
        groups = []
        for title, keep in _GROUPS:
            items = tuple((ct.id, ct.count) for ct in cset if ct.side == side and keep(ct.unit_type))
            if items:
                groups.append(PaletteGroup(title, items))
        palette[side] = tuple(groups)
    player_of = {s.name: PLAYER_OF.get(s.name, (s.player or s.name).title()) for s in cset.sides.values()}
    setup = tuple(p for p in SETUP if p.counter in cset.types)
    return ModuleSpec(players=PLAYER_TURNS, player_of=player_of, piece_names={ct.id: ct.id for ct in cset},
                      palette=palette, setup=setup, dice=((1, 6), (2, 6)), turns=TURNS, phases=PLAYER_TURNS,
                      player_phases=PHASES, boxes=BOXES, markers=MARKERS, properties=PROPERTIES,
                      about="A Winter War (GDW Europa 1992) on our own approximation of Europa map 35, generated "
                            "from public geodata and fitted to the hex ids the rules print; not the published "
                            "map. The pieces are the unit types the rules text gives (the Order of Battle booklet "
                            "is not available: counters/a-winter-war-ob.template.yaml is for the user to "
                            "complete), so the set-up places only Murmansk's intrinsic defence (30B2).")
