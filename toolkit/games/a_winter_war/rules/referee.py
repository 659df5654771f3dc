"""The A Winter War referee: reads positions (counters of ``counters/a-winter-war.yaml`` or unit specs, hexes
``35:XXYY``) and runs the rules of :data:`.common.BOOK`; with ``--before`` the moves between the two.

Position conventions (the keys are declared in ``schema.py``): ``phase`` one of initial, movement, air,
combat, exploitation; ``player`` the phasing player. A chart file completes the charts' unknown values
(:meth:`AWinterWarReferee.use_charts`); a verdict that needs an unknown value is not given: the report's
summary lists it under ``not_judged`` ("not judged: <table> value unknown").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from ....counters import CounterSet, load_counters
from ....errors import DataFileError, InputError, ToolkitError
from ....rules.position import CounterKind, Position
from ....rules.referee import Referee
from ....rules.report import Report
from ...chart_values import ChartValues
from ..charts import LAST_TURN, default_values
from ..naming import canonical, counter_spec
from ..terrain import AWinterWarBoard
from . import air, combat, construction, movement, nations, naval, rail, retreats, stacking, supply, zoc
from .common import BOOK, PHASES, PLAYERS, SIDE_ALIASES, Context, enemy_of, is_ground, parse_spec, player_of

__all__ = ["AWinterWarReferee"]

#: the keys of ``state`` lists that name units of the position
ID_KEYS = ("attackers", "attacker_losses", "defender_losses", "retreated_before_combat", "unit", "fighter", "ships",
           "cargo")
CHAPTERS = (zoc, stacking, movement, rail, supply, combat, construction, air, naval, nations, retreats)


#: marker pieces of the module (``vassal.py``) and the state each puts on its hex or on the units there
MARKER_STATE = {"Rail break": "broken_rail", "Hit": "damage", "Isolated": "isolated", "Out of supply": "unsupplied",
                "Non-operational": "non_operational", "Finnish control": "owned", "Soviet control": "owned",
                "Soviet corps (normal)": "normal_stacking", "Permanent air base": "air_bases",
                "Permanent airstrip": "airstrips"}


def apply_markers(pos: Position, markers: list[tuple[str, str]]) -> None:
    """The state a save's markers stand for: broken rail (7A3), hits on a port (29B3), isolated and out-of-supply
    units (3F, 12), non-operational air units (16B), ownership (3D), Soviet corps on their normal side (8C), built
    air bases and airstrips (14A1)."""
    st = pos.state
    for name, h in markers:
        key = MARKER_STATE[name]
        if key in ("broken_rail", "air_bases"):
            st.setdefault(key, []).append(h)
        elif key == "damage":
            st.setdefault("port_damage", {})
            st["port_damage"][h] = st["port_damage"].get(h, 0) + 1
        elif key == "airstrips":
            st.setdefault("airstrips", {})
            st["airstrips"][h] = st["airstrips"].get(h, 0) + 1
        elif key == "owned":
            st.setdefault("owned", {})[h] = "finnish" if name.startswith("Finnish") else "soviet"
        else:
            for u in pos.at(h):
                if key == "normal_stacking" and u.side != "soviet":
                    continue
                u.state[key] = True


def counter_kind_of(ct: Any) -> CounterKind:
    """A counter of ``counters/a-winter-war.yaml`` in the referee's terms: a single combat value is attack and
    defence; an air unit's ``3F4`` is air attack, type and air defence (21B); a ship's type is its label (BB,
    CL, ...); an engineer labelled ``combat`` is a combat engineer (14A2); the back's values are the cadre's."""
    vals = {k: float(v) for k, v in ct.values.items() if isinstance(v, int | float)}
    if "combat" in vals:
        vals.setdefault("attack", vals["combat"])
        vals.setdefault("defense", vals["combat"])
    label = str((ct.front or {}).get("label", "")).strip()
    utype = ct.unit_type
    air = re.fullmatch(r"(\d+)([A-Z])(\d+)", str(ct.values.get("air", "")))
    if air:
        vals.update(air_attack=float(air.group(1)), air_defense=float(air.group(3)))
        utype = f"air_{air.group(2)}"
    elif utype == "naval" and label:
        utype = f"ship_{label.upper()}"
    elif utype == "engineer" and label.lower() == "combat":
        utype = "combat_engineer"
    back = getattr(ct, "back", None)
    back_values = getattr(back, "values", None) if back is not None else None
    if isinstance(back_values, dict):
        for key in ("attack", "defense", "combat"):
            if isinstance(back_values.get(key), int | float):
                for k in (("attack", "defense") if key == "combat" else (key,)):
                    vals.setdefault(f"cadre_{k}", float(back_values[key]))
    return CounterKind(ct.id, ct.side, utype, vals, ct.size, ct.designation)


class AWinterWarReferee(Referee):
    slug = "a-winter-war"

    def __init__(self, terrain_map: Any = None, counters: CounterSet | None = None,
                 charts: ChartValues | None = None) -> None:
        self._map = terrain_map
        self._counters = counters
        self.charts = charts or default_values()

    def use_charts(self, path: str | Path) -> None:
        """Complete the charts from a user's chart file (checked line by line: :class:`DataFileError`)."""
        self.charts = self.charts.with_file(path)

    @cached_property
    def board(self) -> AWinterWarBoard:
        if self._map is None:
            from ....data import map_path
            from ....terrain.io import load_map
            self._map = load_map(map_path(self.slug))
        return AWinterWarBoard(self._map)

    @cached_property
    def kinds(self) -> dict[str, CounterKind]:
        try:
            cs = self._counters if self._counters is not None else load_counters(self.slug)
        except ToolkitError:
            return {}
        return {ct.id: counter_kind_of(ct) for ct in cs}

    def counter_kind(self, spec: str) -> CounterKind:
        text = spec.strip()
        return self.kinds.get(text.lower()) or parse_spec(text)

    def from_pieces(self, pieces: Iterable[Mapping[str, Any]], *, turn: int = 1, player: str = "",
                    phase: str = "", source: str = "<save>") -> Position:
        """A position from the pieces of a save (named by counter id, ``vassal.py``); the markers that carry rule
        state become it (:data:`MARKER_STATE`), other pieces are left out."""
        units: list[dict[str, Any]] = []
        markers: list[tuple[str, str]] = []
        for n, p in enumerate(pieces, 1):
            name, where = str(p.get("name", "")), p.get("hex")
            if name.lower() in self.kinds or counter_spec(name) is not None:  # a unit (unknown ids: exit 3)
                units.append({"id": p.get("id") or f"p{n}", "counter": name, "hex": where,
                              "state": dict(p.get("state") or {})})
            elif name in MARKER_STATE and where:
                markers.append((name, self.hex_of(str(where))))
        pos = self.position({"game": self.slug, "turn": turn, "player": player or "soviet",
                             "phase": phase or "movement", "units": units}, source)
        apply_markers(pos, markers)
        return pos

    def hex_of(self, ref: str) -> str:
        text = str(ref).strip()
        try:
            h = canonical(text)
        except ToolkitError:
            h = str(self.board.tmap.resolve(text))
        if h not in self.board.tmap:
            raise InputError(f"hex {h} is not on the map")
        return h

    def position(self, data: Any, source: str = "<position>") -> Position:
        if isinstance(data, Mapping):
            data = {**data, "game": self.slug}
        pos = Position.from_data(data, counter=self.counter_kind, hex_of=self.hex_of, source=source,
                                 default_game=self.slug)
        if pos.phase and pos.phase not in PHASES:
            raise DataFileError(f"unknown phase {pos.phase!r} (phases: {', '.join(PHASES)})", source)
        player = SIDE_ALIASES.get(pos.player, pos.player) if pos.player else "soviet"
        if player not in PLAYERS:
            raise DataFileError(f"unknown player {pos.player!r} (players: finnish, soviet)", source)
        pos.player, pos.phase = player, pos.phase or "movement"
        if not 1 <= pos.turn <= LAST_TURN:
            raise DataFileError(f"turn {pos.turn} is not a game turn (1 Dec I 39 .. {LAST_TURN} May II 40: the war "
                                "may not go beyond May II 40 even with the variable game length, 36E)", source)
        owned = pos.state.get("owned")
        if isinstance(owned, Mapping):
            pos.state["owned"] = {self.hex_of(str(k)): SIDE_ALIASES.get(str(v).lower(), str(v)) for k, v in
                                  owned.items()}
        for u in pos.units:
            if u.state.get("damaged") is not None:
                u.state["damaged"] = self.hex_of(str(u.state["damaged"]))
        for key in ("forts", "broken_rail", "air_bases"):
            if isinstance(pos.state.get(key), list):
                pos.state[key] = [self.hex_of(str(h)) for h in pos.state[key]]
        for key in ("attacks", "construction", "air_missions", "patrol_attacks", "naval_transport", "overruns",
                    "aa_fire"):
            for n, item in enumerate(pos.state.get(key) or (), 1):
                if not isinstance(item, dict):
                    continue
                for k in ("hex", "from", "to"):
                    if item.get(k) is not None:
                        item[k] = self.hex_of(str(item[k]))
                for k in ID_KEYS:
                    refs = item.get(k)
                    for ref in refs if isinstance(refs, list) else [] if refs is None else [refs]:
                        if str(ref) not in pos.by_id:
                            raise DataFileError(f"state.{key} {n}: {k} names {ref!r}, not a unit of the position",
                                                source)
        for key in ("port_damage", "airstrips", "coast_defences"):
            if isinstance(pos.state.get(key), Mapping):
                pos.state[key] = {self.hex_of(str(k)): v for k, v in pos.state[key].items()}
        return pos

    def context(self, position: Position, before: Position | None = None) -> Context:
        return Context(position, self.board, self.charts, before)

    def check(self, position: Position, before: Position | None = None) -> Report:
        ctx = self.context(position, before)
        report = Report(self.slug)
        report.extend(BOOK.run(ctx, "position"))
        if before is not None:
            report.extend(BOOK.run(ctx, "move"))
        isolated = supply.isolated_units(ctx)
        exerting = {i for hexes in ctx.zoc.sources.values() for ids in hexes.values() for i in ids}
        for u in position.units:
            entry: dict[str, Any] = {"hex": u.hex, "counter": u.counter, "side": u.side, "supplied": None,
                                     "in_enemy_zoc": None}
            if u.hex is not None and is_ground(u):
                entry["supplied"] = not ctx.unsupplied(u) and u.id not in isolated
                entry["isolated"] = u.id in isolated
                entry["in_enemy_zoc"] = ctx.zoc.controls(enemy_of(player_of(u)), u.hex)
                entry["zoc"] = u.id in exerting
            report.units[u.id] = entry
        report.summary = {"turn": position.turn, "player": position.player, "phase": position.phase,
                          "not_judged": list(ctx.not_judged)}
        return report
