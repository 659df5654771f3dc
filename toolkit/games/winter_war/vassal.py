"""Winter War in VASSAL: piece names the referee reads back, palettes by arrival, the start set-up.

Piece names are "SIDE [KIND] VALUES" (``Finnish 6-6-2``, ``Soviet HQ 0-1-2``, ``Allied 3-2-2``,
``Finnish blank``), which :func:`.naming.counter_spec` turns back into counter ids. Palettes: the
Initial Forces charts, the Turn Record/Reinforcement Chart by Game-Turn, and the units only
Scenarios and Special Events bring in. The start (rulebook "Initial Deployment"): every initial unit
deploys freely ("anywhere within Finland" / "anywhere within the U.S.S.R.", with restrictions), so
none has a fixed hex; the set-up puts each player's Initial Forces in that player's pool.
"""

from __future__ import annotations

from ...builders.module import ModuleSpec, PaletteGroup, SetupPiece
from ...counters import CounterSet
from . import charts
from .naming import counter_spec

__all__ = ["module_spec", "piece_name"]

_SIDE_WORD = {"finnish": "Finnish", "soviet": "Soviet", "allied": "Allied"}
_KIND_WORD = {"headquarters": "HQ", "nkvd": "NKVD", "paratroop": "Para", "artillery": "Art", "armour": "Tank",
              "cavalry": "Cav"}
PLAYERS = ("Soviet", "Finnish")  # the Soviet Player-Turn comes first (Sequence of Play)


def piece_name(cset: CounterSet, counter_id: str) -> str:
    """The VASSAL piece name of a counter ("Soviet HQ 0-1-2"), read back by :func:`.naming.counter_spec`."""
    ct = cset[counter_id]
    values = cset.values_text(ct.values) or "blank"
    kind = _KIND_WORD.get(ct.unit_type.split("+")[0])
    name = " ".join(w for w in (_SIDE_WORD[ct.side], kind, values) if w)
    if counter_spec(name) != ct.id:  # the naming contract the referee relies on
        raise AssertionError(f"piece name {name!r} does not read back as {ct.id}")
    return name


def module_spec(cset: CounterSet) -> ModuleSpec:
    """Winter War's module: players, names, palettes by arrival, initial forces in the pools."""
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
    setup = tuple(SetupPiece(cid, None, n) for forces in initial.values() for cid, n in forces.items())
    turns = tuple(f"{t} ({dates})" for t, (dates, _) in sorted(charts.TURNS.items()))
    return ModuleSpec(players=PLAYERS, player_of=player_of,
                      piece_names={ct.id: piece_name(cset, ct.id) for ct in cset}, palette=palette, setup=setup,
                      dice=((1, 6),), turns=turns, phases=PLAYERS,
                      about="Winter War (SPI 1972): the Soviet-Finnish war of 1939-40 at 20 km a hex. "
                            "The map is our own approximation, not the published map.")
