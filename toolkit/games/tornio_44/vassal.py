"""Tornio '44 in VASSAL: piece names, palettes, the tracks and the at-start set-up the rules place.

Piece names are the counter ids (``fin-osp``, ``mk-turn``). The Boxes map holds the Game Turn track (the Coup
space, then 1A-8B, each marked Daytime or Nighttime: 6.0, 27.0), the Weather track (12.0), the Finnish VP-track
(0-9 and the Extra VP marker space: 29.0, 29.3) and a Daytime/Nighttime box pair for the day/night marker.

The set-up (30.0 Prepare for Play) places what the rules fix:

* (9a) the TURN marker, Finnish side up, on the Coup space; (9b) the Air Strike marker on the Cloudy space of
  the Weather track; (9c) VPs 20+ on the Extra VP marker space and VPs 0+ on the 4 space (the Os.P units in
  four hexes); (9d) the VP Diff. marker on the 0 space; (9f) the other markers in the Marker Box;
* (10a) the four Os.P units in 2819, 2918, 3621 and 3722 (29.1: 1 VP each, hence the 4 space; 3621's point
  is Ajos's, 3917, which the unit in 3621 brings under Finnish ownership: 10.0, 30.0 (9c));
* (10c) the two Larjo units in Tornio (1502) and Kemi (3220), one each (11.0: "in Tornio (hex 1502) and/or in
  Kemi (hex 3220)"; one each is one of the choices);

(10b) the nine German units start in hexes named only on the German OOB Card (not in the rulebook): they wait in
the German pool, as does every other unit.
"""

from __future__ import annotations

from ...builders.module import Box, MarkerPiece, ModuleSpec, PaletteGroup, SetupPiece
from ...counters import CounterSet

__all__ = ["BOXES", "PLAYERS", "PLAYER_PHASES", "TURNS", "initial_setup", "module_spec"]

PLAYERS = ("Finnish", "German")
#: 6.0: sixteen Game Turns 1A-8B, Daytime (A) and Nighttime (B)
TURNS = tuple(f"{n}{h} ({'Daytime' if h == 'A' else 'Nighttime'})" for n in range(1, 9) for h in "AB")
#: 6.1: the Player Turns of a Game Turn (who is Player 1 is decided by the Initiative Check, 29.2-29.3)
PLAYER_TURNS = PLAYERS  # the order is decided each Game Turn (29.2-29.3); the referee reads Finnish, German
#: 6.1.1 the Phases of a Player Turn (Nighttime has no Exploitation Phase, 6.1.2)
PLAYER_PHASES = ("Initial", "Movement", "Combat", "Exploitation")

COUP_SPACE = "Game Turn: Coup"
BOXES = (
    Box(COUP_SPACE, "track", None, "30.0 (9a): the TURN marker starts on the Coup space"),
    *(Box(f"Game Turn {t}", "track", None, "6.0 Game Turn track 1A-8B") for t in TURNS),
    Box("Daytime", "track", None, "6.1.1 Daytime (A) Game Turn"),
    Box("Nighttime", "track", None, "6.1.2 / 27.0 Nighttime (B) Game Turn"),
    *(Box(f"Weather: {w}", "track", None, "12.0 Weather track") for w in ("Sunny", "Cloudy", "Stormy")),
    *(Box(f"VP track {n}", "track", None, "29.0 Finnish VP-track") for n in range(10)),
    Box("VP track: Extra VP marker space", "track", None, "30.0 (9c)"),
    Box("Marker Box", "eliminated", "Marker", "4.5 / 30.0 (9f): markers not in use (removed markers go back)"),
    Box("Finnish Stacking Marker Boxes", "holding", "Finnish", "7.1, 23.2"),
    Box("German Stacking Marker Boxes", "holding", "German", "7.1, 23.2"),
    Box("Finnish exited", "holding", "Finnish", "17.2: units that exit the map (VP Exit Hexes 17.2.1)"),
    Box("German exited", "holding", "German", "17.2"),
    Box("Transfer Point A", "holding", "German", "17.3 (the map's white hex; its place is printed on the map)"),
    Box("Transfer Point B", "holding", "German", "17.3"),
)

#: where 30.0 puts the markers (counter id -> box)
MARKER_PLACES = {
    "mk-turn": COUP_SPACE,
    "mk-daynight": "Daytime",
    "mk-air-strike": "Weather: Cloudy",
    "mk-vp-20": "VP track: Extra VP marker space",
    "mk-vp-0": "VP track 4",
    "mk-vp-diff": "VP track 0",
}

#: 30.0 (10a), (10c): the units the rules place (counter id -> hexes)
PLACED = {
    "fin-osp": ("2819", "2918", "3621", "3722"),  # 29.1
    "fin-larjo": ("1502", "3220"),  # 11.0
}


def initial_setup(cset: CounterSet) -> tuple[SetupPiece, ...]:
    out: list[SetupPiece] = []
    for ct in cset:
        hexes = PLACED.get(ct.id, ())[: ct.count]
        out.extend(SetupPiece(ct.id, h) for h in hexes)
        if ct.count > len(hexes) and ct.side != "marker":
            out.append(SetupPiece(ct.id, None, ct.count - len(hexes)))
    return tuple(out)


def _markers(cset: CounterSet) -> tuple[MarkerPiece, ...]:
    out = []
    for ct in cset:
        if ct.side != "marker":
            continue
        face = cset.face(ct.id)
        text = face.label.replace("\n", " ") or ct.id
        out.append(MarkerPiece(f"{text} marker", text, "#ffffff", "#000000", ct.count,
                               MARKER_PLACES.get(ct.id, "Marker Box"), ct.notes))
    return tuple(out)


def module_spec(cset: CounterSet) -> ModuleSpec:
    """Tornio '44's module: players, piece names (the counter ids), palettes, tracks, the set-up of 30.0."""
    player_of = {s.name: (s.player or s.name).title() for s in cset.sides.values()}
    palette: dict[str, tuple[PaletteGroup, ...]] = {}
    for side in cset.sides:
        if side == "marker":
            continue
        units = tuple((ct.id, ct.count) for ct in cset if ct.side == side)
        if units:
            palette[side] = (PaletteGroup("Units (OOB Cards; values to be completed)", units),)
    return ModuleSpec(players=PLAYERS, player_of=player_of,
                      piece_names={ct.id: ct.id for ct in cset}, palette=palette,
                      setup=initial_setup(cset), dice=((1, 6), (2, 6)), turns=TURNS, phases=PLAYER_TURNS,
                      player_phases=PLAYER_PHASES, boxes=BOXES, markers=_markers(cset),
                      about="Tornio '44: Tornio-Kemi, 1-8 October 1944, company scale, 1 km a hex. The map is our "
                            "own approximation, not the published map; the units' values are those of the OOB "
                            "Cards, not in the rulebook (counters/tornio-44.yaml marks them ? until completed). "
                            "The set-up places what 30.0 fixes: the markers on their tracks, Os.P in 2819, 2918, "
                            "3621 and 3722, Larjo in Tornio and Kemi; the German units wait in their pool.")
