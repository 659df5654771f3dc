"""The referee's verdict: violations (each naming the rulebook section it breaks) and unit status.

The JSON shape is the DESIGN.md contract of ``wgt check --json``::

    {"game": ..., "ok": ..., "violations": [{"rule", "message", "hexes", "units"}],
     "units": {id: {"hex", "supplied", "in_enemy_zoc", ...}}, "summary": {...}}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from typing import Any

from ..records import record

__all__ = ["Report", "Violation"]


@record(frozen=True)
class Violation:
    """One broken rule: ``rule`` is the rulebook's own section name (``"Stacking (C)"``)."""

    rule: str
    message: str
    hexes: tuple[str, ...] = ()
    units: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "hexes": list(self.hexes), "units": list(self.units)}


def violation(rule: str, message: str, hexes: Iterable[str | None] = (), units: Iterable[str] = ()) -> Violation:
    """A :class:`Violation` with de-duplicated, order-preserving hexes and units (``None`` hexes dropped)."""
    return Violation(rule, message, tuple(dict.fromkeys(h for h in hexes if h is not None)),
                     tuple(dict.fromkeys(units)))


@record
class Report:
    """Everything ``wgt check`` says about one position."""

    game: str
    violations: list[Violation] = field(default_factory=list)
    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.violations

    def add(self, v: Violation) -> None:
        self.violations.append(v)

    def extend(self, vs: Iterable[Violation]) -> None:
        self.violations.extend(vs)

    def rules(self) -> list[str]:
        """The distinct rules broken, in report order."""
        return list(dict.fromkeys(v.rule for v in self.violations))

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "ok": self.ok, "violations": [v.to_dict() for v in self.violations],
                "units": self.units, "summary": self.summary}

    def to_text(self) -> str:
        """A human summary: one line per violation, then the summary values."""
        lines = [f"{self.game}: {'ok' if self.ok else f'{len(self.violations)} violation(s)'}"]
        for v in self.violations:
            where = f" [{', '.join(v.hexes)}]" if v.hexes else ""
            who = f" ({', '.join(v.units)})" if v.units else ""
            lines.append(f"  {v.rule}: {v.message}{where}{who}")
        for key, value in self.summary.items():
            lines.append(f"  {key}: {value}")
        return "\n".join(lines)
