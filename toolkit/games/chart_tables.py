"""Player aid tables from a game's chart data (for the games' own :meth:`~toolkit.games.Game.charts`).

Lives with the games, not the builders: it reads a game package's chart constants by name, which the
command line and the builders never do (they ask the game for its ``charts()``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..builders.aids import ChartTable
from ..counters import CounterSet
from .base import Scoring

__all__ = ["tables_from_module"]


_RESULT_COLOURS = {"Ae": "#f2c4bd", "Ar": "#f8e0c8", "Ne": "#ffffff", "Ex": "#f5f0c0", "Dr": "#d9ecd0",
                   "De": "#bfe0b4", "AE": "#f2c4bd", "AR": "#f8e0c8", "DR": "#d9ecd0", "DE": "#bfe0b4",
                   "EX": "#f5f0c0", "NE": "#ffffff"}


def _unit_label(counter_id: str, counters: CounterSet | None) -> str:
    if counters is not None and counter_id in counters.types:
        ct = counters.types[counter_id]
        text = counters.values_text(ct.values) or ct.unit_type
        if ct.unit_type in ("nkvd", "headquarters") or "paratroop" in ct.unit_type:
            text += {"nkvd": " NKVD", "headquarters": " HQ"}.get(ct.unit_type, " para")
        return text
    return counter_id.split("-", 1)[-1]


def _forces(items: dict[str, int], counters: CounterSet | None) -> str:
    return ", ".join(f"{_unit_label(k, counters)} x{n}" for k, n in items.items())


def tables_from_module(module: Any, counters: CounterSet | None, sides: Sequence[str],
                       scoring: Scoring | None = None) -> list[ChartTable]:
    """Player aid tables from the chart data a game package keeps as module constants (Winter War's
    ``charts``): ``SEQUENCE_OF_PLAY``; a CombatResultsTable ``CRT`` with a ``RESULTS`` legend;
    ``TERRAIN_EFFECTS``; ``TURNS`` with ``<SIDE>_REINFORCEMENTS``; ``<SIDE>_INITIAL_FORCES``; ``VP_SCHEDULE``
    (an entry may carry ``per``, "for each hex", printed after its points) and ``VICTORY_LEVELS``, headed by
    ``scoring.points``; ``SCENARIO_TABLE`` with ``SCENARIOS``; ``SPECIAL_EVENTS`` (and their effects);
    ``SCENARIO_EFFECTS``. What the module lacks is left out."""
    tables: list[ChartTable] = []
    points = scoring.points if scoring is not None else "Points"
    seq = getattr(module, "SEQUENCE_OF_PLAY", None)
    if seq:
        tables.append(ChartTable.make("Sequence of Play", ("Step", "Phase"),
                                      [(str(i), str(s)) for i, s in enumerate(seq, start=1)], kind="sequence",
                                      source="rulebook: Sequence of Play"))
    crt = getattr(module, "CRT", None)
    if crt is not None and hasattr(crt, "columns") and hasattr(crt, "rows"):
        labels = tuple(crt.columns.labels)
        variants = getattr(crt, "variants", {}) or {}
        rows = []
        for die in sorted(crt.rows):
            cells = []
            for i, normal in enumerate(crt.rows[die]):
                alts = [v[die][i] for v in variants.values() if v.get(die) and v[die][i]]
                cells.append(normal + "".join(f" ({a})" for a in alts))
            rows.append((str(die), *cells))
        notes = []
        results = getattr(module, "RESULTS", {})
        if results:
            notes.append("; ".join(f"{k} = {v}" for k, v in results.items()) + ".")
        if variants:
            notes.append("Results in parentheses: " + ", ".join(variants) + " (defender in a fortified hex).")
        notes.append("Odds are rounded in the defender's favour to a listed column.")
        tables.append(ChartTable.make("Combat Results Table", ("Die", *labels), rows, notes, kind="crt",
                                      source="rulebook: Combat", cell_colours=_RESULT_COLOURS))
    tec = getattr(module, "TERRAIN_EFFECTS", None)
    if tec:
        tables.append(ChartTable.make("Terrain Effects Chart", ("Terrain", "Movement", "Combat"),
                                      [(t.name, t.movement, t.combat) for t in tec], kind="terrain",
                                      source="rulebook: Terrain Effects Chart"))
    turns = getattr(module, "TURNS", None)
    if turns:
        reinf = {name.removesuffix("_REINFORCEMENTS").title(): getattr(module, name) for name in dir(module)
                 if name.endswith("_REINFORCEMENTS") and isinstance(getattr(module, name), dict)}
        order = sorted(reinf, key=lambda k: (sides.index(k.lower()) if k.lower() in sides else 99, k))
        rows = []
        for turn, (dates, note) in sorted(turns.items()):
            rows.append((str(turn), dates, *(_forces(reinf[k].get(turn, {}), counters) or "—" for k in order),
                         note or ""))
        tables.append(ChartTable.make("Turn Record / Reinforcements",
                                      ("Turn", "Dates", *(f"{k} reinforcements" for k in order), "Notes"), rows,
                                      kind="turns", source="rulebook: Turn Record / Reinforcement Chart"))
    forces = [n for n in dir(module) if n.endswith("_INITIAL_FORCES")]
    if forces:
        rows = [(n.removesuffix("_INITIAL_FORCES").title(), _forces(getattr(module, n), counters)) for n in
                sorted(forces, key=lambda n: sides.index(n.split("_")[0].lower())
                       if n.split("_")[0].lower() in sides else 99)]
        tables.append(ChartTable.make("Initial Forces", ("Side", "Units"), rows, kind="forces",
                                      source="rulebook: Initial Forces"))
    vps = getattr(module, "VP_SCHEDULE", None)
    if vps:
        vp_rows = [(v.condition, f"{v.points:+d} {getattr(v, 'per', '') or ''}".strip()) for v in vps]
        tables.append(ChartTable.make("Victory Point Schedule", ("Condition", points), vp_rows, kind="victory",
                                      source="rulebook: Victory Conditions",
                                      notes=(scoring.note,) if scoring is not None and scoring.note else (),
                                      first_column_header=False))
    levels = getattr(module, "VICTORY_LEVELS", None)
    if levels:
        rows = []
        previous = None
        for lowest, level in levels:
            rng = f"{lowest}+" if previous is None else (f"{lowest} to {previous - 1}" if lowest > -10**8
                                                         else f"{previous - 1} or less")
            rows.append((rng, level))
            previous = lowest
        tables.append(ChartTable.make("Victory Levels", (points, "Result"), rows, kind="victory",
                                      source="rulebook: Victory Conditions"))
    scen = getattr(module, "SCENARIO_TABLE", None)
    if scen:
        width = max(len(r) for r in scen.values())
        rows = [(str(die), *(c or "·" for c in cells)) for die, cells in sorted(scen.items())]
        names = getattr(module, "SCENARIOS", {})
        tables.append(ChartTable.make("Scenario Table", ("Die", *(f"GT{i}" for i in range(1, width + 1))), rows,
                                      [f"{k}: {v}" for k, v in names.items()] + ["· = no Scenario; roll again next "
                                                                                  "Interphase."],
                                      kind="events", source="rulebook: Scenarios"))
    events = getattr(module, "SPECIAL_EVENTS", None)
    if events:
        effects = getattr(module, "SPECIAL_EVENT_EFFECTS", {})
        rows = [(code, title, effects[code]) if effects else (code, title) for code, title in events.items()]
        tables.append(ChartTable.make("Special Events", ("Code", "Event", "Effect") if effects else ("Code", "Event"),
                                      rows, kind="events", source="rulebook: Special Events"))
    effects = getattr(module, "SCENARIO_EFFECTS", {})
    if effects:
        names = getattr(module, "SCENARIOS", {})
        tables.append(ChartTable.make("Scenarios", ("Code", "Scenario", "Effect"),
                                      [(code, names.get(code, ""), text) for code, text in effects.items()],
                                      kind="events", source="rulebook: Scenarios"))
    return tables
