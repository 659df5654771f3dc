"""Rule 14A, Engineers: forts, permanent air bases and airstrips, railway upgrades (``state.construction``)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ....rules.report import Violation, violation
from ..charts import CONSTRUCTION
from .common import BOOK, Context, is_engineer

__all__ = ["accelerated_share", "completion_turn", "works"]

FAST_TERRAIN = ("clear", "rough")


def completion_turn(work: str, started: int, terrain: str) -> int:
    """14A1: a fort takes 2 turns on clear or rough terrain, 4 elsewhere; a permanent air base 2 or 4; a permanent
    airstrip 1 or 2 (partially frozen lake: as clear); a railway upgrade 2 (14A4). Example: a fort in forest
    begun in the Finnish initial phase of Dec I 39 (turn 1) is completed in that of Feb I 40 (turn 5)."""
    fast, slow = CONSTRUCTION[work]
    return started + (fast if terrain in FAST_TERRAIN else slow)


def accelerated_share(cost_mp: Fraction, units: int) -> Fraction:
    """14A1a: two stacked construction units pool their work, each paying half the cost; more than two reduce it no
    further. Example: two Soviet 0-5 regiments building a permanent airstrip on clear terrain spend 2.5 MP each."""
    return Fraction(cost_mp) / 2 if units >= 2 else Fraction(cost_mp)


def works(ctx: Context) -> list[dict[str, Any]]:
    return [w for w in ctx.pos.state.get("construction") or () if isinstance(w, dict)]


@BOOK.rule("14A1", "Construction engineers may build a fort (unless the hex already contains one). The unit must be "
           "supplied and starts the work in the initial phase ... A fort on clear or rough terrain takes 2 turns to "
           "build; on other terrain, 4 turns. ... If the unit leaves the hex before completion, the marker is removed.")
def construction(ctx: Context) -> Iterator[Violation]:
    forts = {str(h) for h in ctx.pos.state.get("forts") or ()} | set(ctx.board.tmap.find(tag="fortification"))
    for n, w in enumerate(works(ctx), 1):
        kind = str(w.get("work", "fort"))
        hex_id = str(w.get("hex"))
        unit = ctx.pos.by_id.get(str(w.get("unit")))
        started = int(w.get("started", ctx.pos.turn))
        if kind not in CONSTRUCTION:
            yield violation("14A1", f"work {n}: unknown work {kind!r} ({', '.join(CONSTRUCTION)})", [hex_id])
            continue
        railway = kind == "rail upgrade"
        if unit is None or not (is_engineer(unit) or (railway and "railway_engineer" in unit.kind.unit_type)):
            yield violation("14A1", f"work {n}: {w.get('unit')} is not a construction unit", [hex_id])
            continue
        if kind == "fort" and hex_id in forts and not w.get("complete"):
            yield violation("14A1", f"work {n}: {hex_id} already contains a fort", [hex_id], [unit.id])
        if w.get("complete"):
            due = completion_turn(kind, started, ctx.board.terrain(hex_id))
            if ctx.pos.turn < due:
                yield violation("14A1", f"work {n}: the {kind} begun on turn {started} in {ctx.board.terrain(hex_id)} "
                                f"is complete on turn {ctx.pos.turn}, before turn {due}", [hex_id], [unit.id])
            continue
        if unit.hex != hex_id:
            yield violation("14A1", f"work {n}: {unit.id} has left {hex_id}: the marker is removed", [hex_id],
                            [unit.id])
        elif started == ctx.pos.turn and ctx.pos.phase == "initial" and ctx.unsupplied(unit):
            yield violation("14A1", f"work {n}: {unit.id} is out of supply and may not begin the work", [hex_id],
                            [unit.id])
        elif started == ctx.pos.turn and ctx.pos.phase not in ("initial",) and w.get("begun_now"):
            yield violation("14A1", f"work {n}: work begins only in the initial phase", [hex_id], [unit.id])


@BOOK.rule("14A1", "Up to three airstrips may exist in a hex; at the third, they are replaced by a permanent air base.")
def airstrips(ctx: Context) -> Iterator[Violation]:
    for hex_id, count in (ctx.pos.state.get("airstrips") or {}).items():
        if int(count) > 2:
            yield violation("14A1", f"{hex_id} holds {count} airstrips: at the third they become a permanent air base",
                            [str(hex_id)])
