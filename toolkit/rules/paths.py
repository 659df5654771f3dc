"""Movement and lines: cheapest paths over any state graph (Dijkstra) and length-limited line tracing.

Movement is modelled as states (a hex, or a hex plus a mode such as "on rail" or "in enemy ZOC")
with the game supplying the successors and their costs, so day/night ZOC costs (Tornio '44),
rail and road movement and ZOC stops all fit one search. Supply and communication lines are
breadth-first traces with a length limit and an ``enter`` predicate (blocked by enemy units and
zones of control, negated by friendly units, as each game says).
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

from .board import Board

__all__ = ["cheapest", "trace"]

S = TypeVar("S", bound=Hashable)


def cheapest(starts: Mapping[S, float], successors: Callable[[S, float], Iterable[tuple[S, float]]],
             budget: float = float("inf"), stop: Callable[[S], bool] | None = None) -> dict[S, float]:
    """The least cost of reaching every state reachable within ``budget`` (Dijkstra).

    ``successors(state, cost_so_far)`` yields ``(next_state, step_cost)``; a step is taken only if the
    total stays within ``budget``. Games that allow "always one hex" yield such steps from a start
    state with a cost of 0 or mark them themselves. ``stop(state)``: the search ends as soon as a state for which
    it holds is reached at its least cost (one destination wanted: the map need not be explored further).
    """
    best: dict[S, float] = dict(starts)
    tie = itertools.count()
    heap = [(c, next(tie), s) for s, c in starts.items()]
    heapq.heapify(heap)
    while heap:
        cost, _, state = heapq.heappop(heap)
        if cost > best.get(state, float("inf")):
            continue
        if stop is not None and stop(state):
            break
        for nxt, step in successors(state, cost):
            total = cost + step
            if total <= budget and total < best.get(nxt, float("inf")):
                best[nxt] = total
                heapq.heappush(heap, (total, next(tie), nxt))
    return best


def trace(board: Board, sources: Iterable[str], enter: Callable[[str, str], bool],
          max_length: int | None = None, targets: Iterable[str] = (),
          neighbours: Callable[[str], Iterable[str]] | None = None) -> dict[str, int]:
    """Line lengths (in hexes) from the nearest source to every hex a line can reach.

    ``enter(from_hex, into_hex)`` says whether a line may step between neighbours. With ``targets``
    the search stops as soon as all of them are reached. ``neighbours`` replaces the board's
    adjacency (a game can pre-filter hexsides no line ever crosses).
    """
    nbrs = neighbours or board.neighbours
    dist: dict[str, int] = {}
    frontier: deque[str] = deque()
    for s in sources:
        if s not in dist:
            dist[s] = 0
            frontier.append(s)
    wanted = set(targets)
    wanted.difference_update(dist)
    stop_early = bool(wanted)
    while frontier:
        h = frontier.popleft()
        d = dist[h]
        if max_length is not None and d >= max_length:
            continue
        for n in nbrs(h):
            if n in dist or not enter(h, n):
                continue
            dist[n] = d + 1
            frontier.append(n)
            if stop_early:
                wanted.discard(n)
                if not wanted:
                    return dist
    return dist
