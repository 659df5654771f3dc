"""The helpers of the Tornio '44 position suite (see make_positions.py): units, positions and their expectations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GE = "ger engineer 2-3-5"
FIXTURE_COUNT = 0  # positions before this many are on the test map; the rest on the bundled map (set by part 2)

FI = "fin infantry 3-3-5"
GI = "ger infantry 3-4-5"
POSITIONS: list[dict[str, Any]] = []


def u(uid: str, counter: str, hex_id: str | None, **state: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": uid, "counter": counter, "hex": hex_id}
    if state:
        out["state"] = state
    return out


def p(name: str, rule: str, why: str, units: list[dict[str, Any]], *, turn: int = 1, player: str = "finnish",
      phase: str = "movement", state: dict[str, Any] | None = None, before: list[dict[str, Any]] | None = None,
      violations: list[tuple[str, list[str], list[str]]] = (), summary: dict[str, Any] | None = None,
      unit_status: dict[str, Any] | None = None) -> None:
    expect: dict[str, Any] = {"ok": not violations, "rules": sorted({v[0] for v in violations}),
                              "violations": [{"rule": r, "hexes": h, "units": us} for r, h, us in violations]}
    if summary:
        expect["summary"] = summary
    if unit_status:
        expect["units"] = unit_status
    data: dict[str, Any] = {"game": "tornio-44", "turn": turn, "player": player, "phase": phase}
    if state:
        data["state"] = state
    data["expect"] = expect
    data["units"] = units
    if before is not None:
        data["before"] = before
    POSITIONS.append({"name": name, "rule": rule, "why": why, "data": data})


def ten(prefix: str, counter: str, hex_id: str, n: int = 10, **state: Any) -> list[dict[str, Any]]:
    return [u(f"{prefix}{i}", counter, hex_id, **state) for i in range(1, n + 1)]
