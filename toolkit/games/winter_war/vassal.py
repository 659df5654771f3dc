"""Winter War in VASSAL: piece names the referee reads back, palettes by arrival, the start set-up.

Piece names are "SIDE [KIND] VALUES" (``Finnish 6-6-2``, ``Soviet HQ 0-1-2``, ``Allied 3-2-2``,
``Finnish blank``), which :func:`.naming.counter_spec` turns back into counter ids. Palettes: the
Initial Forces charts, the Turn Record/Reinforcement Chart by Game-Turn, and the units only
Scenarios and Special Events bring in. The start (rulebook "Initial Deployment"): the initial units
deploy "anywhere within Finland" / "anywhere within the U.S.S.R.", with restrictions that tie some of
them to an area, and the set-up places those there:

* "the Finnish 6-6-2 units must be placed on the Fortification hexes": the seven 6-6-2s go one to a
  Fortification hex, the Mannerheim Line first, then the Ladoga line (the eighth hex stays empty);
* "(a) The three 20-12-2 units must be deployed within three hexes of Leningrad": they go on the three
  dry-land U.S.S.R. hexes next to Leningrad nearest the Mannerheim Line (one each, within the Stacking limit),
  and, as "(b) No Soviet unit may be deployed in such a way that it would begin the game in an
  isolated state" and a Soviet unit outside a Supply City needs a Headquarters within five hexes
  (Supply and Isolation (F)), one of the five HQ 0-1-2s goes in Leningrad with them;

every other initial unit deploys freely and waits in its player's pool. Players may move any of them
within their area before play begins.
"""

from __future__ import annotations

from functools import cache

from ...builders.module import (
    Box,
    BulkCommand,
    GameProperty,
    MarkerPiece,
    ModuleSpec,
    PaletteGroup,
    SetupPiece,
)
from ...counters import CounterSet
from ...hexgrid import distance
from . import charts
from .naming import PLAYER_PHASES, PLAYER_TURNS, counter_spec

__all__ = ["initial_setup", "module_spec", "piece_name"]

_SIDE_WORD = {"finnish": "Finnish", "soviet": "Soviet", "allied": "Allied"}
_KIND_WORD = {"headquarters": "HQ", "nkvd": "NKVD", "paratroop": "Para", "artillery": "Art", "armour": "Tank",
              "cavalry": "Cav"}
PLAYERS = PLAYER_TURNS  # the Soviet Player-Turn comes first (Sequence of Play)


def piece_name(cset: CounterSet, counter_id: str) -> str:
    """The VASSAL piece name of a counter ("Soviet HQ 0-1-2"), read back by :func:`.naming.counter_spec`."""
    ct = cset[counter_id]
    values = cset.values_text(ct.values) or "blank"
    kind = _KIND_WORD.get(ct.unit_type.split("+")[0])
    name = " ".join(w for w in (_SIDE_WORD[ct.side], kind, values) if w)
    if counter_spec(name) != ct.id:  # the naming contract the referee relies on
        raise AssertionError(f"piece name {name!r} does not read back as {ct.id}")
    return name


@cache
def _fixed_hexes() -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """(Fortification hexes for the 6-6-2s, hexes for the 20-12-2s, Leningrad) on the bundled map."""
    from ...games import get_game
    from ...terrain.io import load_map

    tmap = load_map(get_game("winter-war").map_path())
    forts = sorted(tmap.find(tag="fortification"), key=lambda h: (tmap.value(h, "fortification") != "mannerheim", h))
    mannerheim = [tmap.grid.hex(h) for h in forts if tmap.value(h, "fortification") == "mannerheim"]
    leningrad = tmap.place("Leningrad")

    def to_front(h: str) -> tuple[bool, int, str]:  # dry land first (not Kronstadt's island), then the nearest
        return bool(tmap.value(h, "water")), min(distance(tmap.grid.hex(h), m) for m in mannerheim), h

    near = sorted((h for h in tmap.neighbours(leningrad) if tmap.value(h, "country") == "ussr"), key=to_front)
    return tuple(forts), tuple(near[:3]), leningrad


def initial_setup() -> tuple[SetupPiece, ...]:
    """The units at the start: 6-6-2s on the Fortification hexes, 20-12-2s next to Leningrad with an HQ
    in Leningrad (rulebook "Initial Deployment"), every other initial unit in its player's pool (hex None).
    Every Finnish unit is placed face-down ("The Finnish Player deploys his units face-down on the map"):
    masked by the Finnish side, the Soviet Player sees only plain backs."""
    forts, near_leningrad, leningrad = _fixed_hexes()
    # Initial Deployment: 6-6-2s on Fortification hexes; (a) 20-12-2s within three hexes of Leningrad,
    # (b) not isolated: an HQ in Leningrad supplies them (Supply and Isolation (F))
    placed = {"fin-6-6-2": forts, "sov-20-12-2": near_leningrad, "sov-0-1-2": (leningrad,)}
    out: list[SetupPiece] = []
    for forces in (charts.FINNISH_INITIAL_FORCES, charts.SOVIET_INITIAL_FORCES):
        for cid, n in forces.items():
            hexes = placed.get(cid, ())[:n]
            masked = cid.startswith("fin-")
            out.extend(SetupPiece(cid, h, masked=masked) for h in hexes)
            if n > len(hexes):
                out.append(SetupPiece(cid, None, n - len(hexes), masked=masked))
    return tuple(out)


#: the holding boxes the rules need (each cites its rule)
BOXES = (
    *(Box(f"Game-Turn {t}", "track", None, "Turn Record") for t in range(1, len(charts.TURNS) + 1)),
    Box("Finnish eliminated", "eliminated", "Finnish", "Combat Results: units eliminated"),
    Box("Soviet eliminated", "eliminated", "Soviet", "Combat Results; Special Event J draws on it"),
    Box("Finnish held back", "holding", "Finnish", "Reinforcements may be delayed (Turn Record)"),
    Box("Soviet held back", "holding", "Soviet", "Reinforcements may be delayed (Turn Record)"),
)

#: the markers the rules use; everything else is shown by the units themselves (flip, mask)
MARKERS = (
    MarkerPiece("Game-Turn marker", "TURN", "#f2e6b8", "#000000", 1, "Game-Turn 1",
                'Turn Record: "Use a coin as a marker to indicate which Game-Turn is being played"'),
    MarkerPiece("Soviet control", "SOV", "#2f4f2f", "#ffffff", 1, None,
                'Definition of "Capture": the Soviets occupy, or were the last to pass through, the objective'),
    MarkerPiece("Finnish control", "FIN", "#f4f1e8", "#000000", 1, None,
                'Definition of "Capture": the Finns occupy, or were the last to pass through, the objective'),
    MarkerPiece("Isolated", "ISOL", "#f0c040", "#000000", 1, None,
                "Supply and Isolation: the units to be designated as isolated are chosen by the Soviet Player"),
)

#: the toolbar buttons for the rules' bulk actions
BULK = (
    BulkCommand("Reveal Finnish units", "hide", '{Player=="Finnish" && ObscuredToOthers==true}',
                "Initial Deployment", "After the Soviet deployment the Finnish units are turned face-up "
                "(the Finnish player presses it)"),
    BulkCommand("Remove blanks", "delete", '{Counter=="fin-blank"}', "Initial Deployment",
                "The five blank counters are removed from the map before play (the Finnish player presses it)"),
    BulkCommand("All units face up", "face_up", '{Counter!=""}', "Combat (B)",
                "Advancing units were flipped face-down (Advance Before Combat): turn every own unit face up"),
)

PROPERTIES = (
    GameProperty("Scenario", "none", "Optional Rule: Scenario/Special Events: the Scenario in force (A-E) or none"),
    GameProperty("SpecialEvents", "", "Optional Rule: the Special Event letters triggered so far (F-L)"),
)


def module_spec(cset: CounterSet) -> ModuleSpec:
    """Winter War's module: players, names, palettes by arrival, the initial set-up."""
    initial = {"finnish": charts.FINNISH_INITIAL_FORCES, "soviet": charts.SOVIET_INITIAL_FORCES}
    reinforcements = {"finnish": charts.FINNISH_REINFORCEMENTS, "soviet": charts.SOVIET_REINFORCEMENTS}
    palette: dict[str, tuple[PaletteGroup, ...]] = {}
    for side in cset.sides:
        scheduled: dict[str, int] = {}
        groups = []
        first = initial.get(side, {})
        if first:
            groups.append(PaletteGroup("Initial forces", tuple(first.items())))
        for cid, n in first.items():
            scheduled[cid] = scheduled.get(cid, 0) + n
        for turn, units in sorted(reinforcements.get(side, {}).items()):
            groups.append(PaletteGroup(f"Game-Turn {turn}", tuple(units.items())))
            for cid, n in units.items():
                scheduled[cid] = scheduled.get(cid, 0) + n
        extra = tuple((ct.id, ct.count - scheduled.get(ct.id, 0)) for ct in cset
                      if ct.side == side and ct.count > scheduled.get(ct.id, 0))
        if extra:
            groups.append(PaletteGroup("Scenarios and Special Events", extra))
        palette[side] = tuple(groups)
    player_of = {s.name: (s.player or s.name).title() for s in cset.sides.values()}
    setup = initial_setup()
    turns = tuple(f"{t} ({dates})" for t, (dates, _) in sorted(charts.TURNS.items()))
    return ModuleSpec(players=PLAYERS, player_of=player_of,
                      piece_names={ct.id: piece_name(cset, ct.id) for ct in cset}, palette=palette, setup=setup,
                      dice=((1, 6),), turns=turns, phases=PLAYERS, player_phases=PLAYER_PHASES,
                      interphase="Scenario Interphase", masked=("Finnish",), boxes=BOXES, markers=MARKERS,
                      bulk=BULK, properties=PROPERTIES,
                      about="Winter War (SPI 1972): the Soviet-Finnish war of 1939-40 at 20 km a hex. "
                            "The map is our own approximation, not the published map. The Initial set-up "
                            "follows Initial Deployment: the 6-6-2s on the Fortification hexes, the 20-12-2s "
                            "next to Leningrad with an HQ in Leningrad (so none begins isolated); every other "
                            "unit waits in its player's pool. Move any of them within their area before play.")
