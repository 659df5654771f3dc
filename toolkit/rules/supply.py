"""Supply lines: traced in hexes or in Movement Points, leg by leg, through passable terrain and around enemy
units and zones of control (which friendly units may negate).

A line runs from a unit to a source through one or more :class:`Leg` s in order, each with its own step
cost and limit: Winter War (F) is one leg of five hexes to an HQ and one of ten to a Supply City; Tornio
'44 12.0 a land leg of at most 10 foot MP then a road/rail leg of any length to a depot; A Winter War 12B
a land leg (its length in the Supply Lines Summary; forests and mountains count 2 hexes in the Arctic), a
road leg through friendly hexes only, then rail: unlimited on high-capacity lines, 7 hexes of
low-capacity line in all. :func:`trace_supply` finds the line (a Dijkstra over hex, leg and cost spent on
the leg); :func:`line_filter` is the usual "not through enemy hexes, nor enemy ZOC unless a friendly unit
stands there" test.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Collection, Iterable

from ..records import record
from .board import Board
from .zoc import Zoc

__all__ = ["Leg", "SupplyLine", "line_filter", "trace_supply"]


@record(frozen=True)
class Leg:
    """One element of a supply line: ``step(a, b)`` the cost of the line going from ``a`` into neighbour ``b``
    on this leg (1 for hexes, terrain MP, 0 along an unlimited network; None when this leg cannot go there),
    and its ``limit`` (None: unlimited)."""

    name: str
    step: Callable[[str, str], float | None]
    limit: float | None = None


@record(frozen=True)
class SupplyLine:
    """A traced line: the source reached, the hexes from the unit to it, and the cost spent on each leg."""

    source: str
    path: tuple[str, ...]
    spent: tuple[tuple[str, float], ...]


def line_filter(*, enemy_units: Collection[str], zoc: Zoc | None = None, side: str = "",
                friendly_units: Collection[str] = (), passable: Callable[[str], bool] = lambda h: True,
                zoc_negated_by_friends: bool = True) -> Callable[[str], bool]:
    """Whether a line may enter a hex: passable terrain, no enemy unit, no enemy ZOC unless a friendly unit
    stands there (Winter War Supply (K); Tornio '44 12.0 "unless the hex is contested or occupied by a friendly
    unit": pass ``zoc`` holding only uncontested hexes; A Winter War 12A)."""
    def ok(h: str) -> bool:
        if h in enemy_units or not passable(h):
            return False
        if zoc is not None and zoc.enemy(side, h):
            return zoc_negated_by_friends and h in friendly_units
        return True
    return ok


def trace_supply(board: Board, start: str, legs: Iterable[Leg], is_source: Callable[[str], bool], *,
                 enter: Callable[[str], bool] = lambda h: True,
                 neighbours: Callable[[str], Iterable[str]] | None = None) -> SupplyLine | None:
    """The cheapest supply line from ``start`` to a hex where ``is_source`` holds, or None.

    The line takes the legs in order and may move on to a later leg at any hex (skipping a leg costs nothing):
    within a leg its cost may not exceed the leg's limit. ``enter(hex)`` applies to every hex after ``start``
    (the unit's own hex is where the line begins: Tornio '44 "from the unit (hex exclusive)").
    """
    legs = tuple(legs)
    nbrs = neighbours or board.neighbours
    if is_source(start):
        return SupplyLine(start, (start,), ())
    tie = itertools.count()
    # state: (hex, leg index) -> (cost on the current leg, total cost)
    best: dict[tuple[str, int], float] = {}
    heap: list[tuple[float, float, int, str, int, tuple[str, ...], tuple[tuple[str, float], ...]]] = []
    for i in range(len(legs)):
        best[(start, i)] = 0
        heapq.heappush(heap, (0, 0, next(tie), start, i, (start,), ()))
    while heap:
        total, spent, _, h, i, path, done = heapq.heappop(heap)
        if spent > best.get((h, i), float("inf")):
            continue
        leg = legs[i]
        for n in nbrs(h):
            if n in path or not enter(n):
                continue
            c = leg.step(h, n)
            if c is None:
                continue
            s = spent + c
            if leg.limit is not None and s > leg.limit:
                continue
            record = (*done, (leg.name, s))
            if is_source(n):
                return SupplyLine(n, (*path, n), record)
            for j in range(i, len(legs)):
                key = (n, j)
                cost_here = s if j == i else 0
                if cost_here < best.get(key, float("inf")):
                    best[key] = cost_here
                    heapq.heappush(heap, (total + c, cost_here, next(tie), n, j, (*path, n),
                                          done if j == i else record))
    return None
