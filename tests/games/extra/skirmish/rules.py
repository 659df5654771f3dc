"""Skirmish's referee: stacking (two units a hex, one in a storm); disrupted units may not attack."""

from __future__ import annotations

from typing import Any

from toolkit.counters import load_counters
from toolkit.errors import DataFileError, InputError
from toolkit.rules.position import CounterKind, Position
from toolkit.rules.referee import Referee
from toolkit.rules.report import Report, violation
from toolkit.rules.stacking import StackLimit, check_stacking
from toolkit.terrain.io import load_map


class SkirmishReferee(Referee):
    def __init__(self, game: Any) -> None:
        self.slug = game.slug
        self.tmap = load_map(game.map_path())
        self.counters = load_counters(game.counters_path())

    def counter_kind(self, spec: str) -> CounterKind:
        ct = self.counters.types.get(spec.strip().lower())
        if ct is None:
            raise InputError(f"unknown counter {spec!r} (known: {', '.join(self.counters.types)})")
        return CounterKind(ct.id, ct.side, ct.unit_type, {k: float(v) for k, v in ct.values.items()}, ct.size)

    def position(self, data: Any, source: str = "<position>") -> Position:
        pos = Position.from_data(data, counter=self.counter_kind, hex_of=lambda ref: str(self.tmap.resolve(ref)),
                                 source=source, default_game=self.slug)
        if pos.phase and pos.phase not in ("movement", "combat"):
            raise DataFileError(f"unknown phase {pos.phase!r} (phases: movement, combat)", source)
        return pos

    def check(self, position: Position, before: Position | None = None) -> Report:
        report = Report(self.slug)
        storm = position.state.get("weather") == "storm"
        limit = StackLimit(1 if storm else 2, "in a storm" if storm else "in clear weather", "Stacking")
        report.extend(check_stacking(position.by_hex, owner=lambda u: u.side, limit=lambda h, s: limit,
                                     weight=lambda u: 1))
        attackers = {str(a) for a in position.state.get("attackers") or ()}
        for u in position.on_map():
            if u.state.get("disrupted") and position.phase == "combat" and u.id in attackers:
                report.add(violation("Disruption", f"disrupted unit {u.id} attacks", [u.hex], [u.id]))
        for u in position.units:
            report.units[u.id] = {"hex": u.hex, "counter": u.counter, "side": u.side}
        return report
