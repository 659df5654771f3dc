"""Moves traced along a log: each unit's path through one phase, and whether the player's hand left it.

A position says where units stand; a log says how they got there, one step at a time. Along a log, each
unit that moves in a phase carries, in its ``state``:

- ``path``: the hexes it has been set down in during the phase, in order, its hex at the start of the phase
  first and its present hex last (a rulebook's "tracing the path of its movement": the path passes through
  every point the unit was put down on);
- ``moves``: how many separate moves it has made (picked up again after the player's hand had left it),
  written only when more than one;
- ``moved: true``: it has moved and the player's hand has left it (another unit moved since).

A VASSAL drag ends where the piece is dropped; the next drag of the same piece, with no other piece moved in
between, goes on with the same move (the hand has not left it). A step that moves several pieces at once (a
stack) moves each of them. Games read these keys in their referee (Winter War: Movement (C), (G), Zones of
Control); the audit and a game's ``next_step`` both carry them with :func:`carry`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["MOVED", "MOVES", "PATH", "TRACE_KEYS", "carry", "moving"]

PATH = "path"
MOVES = "moves"
MOVED = "moved"
TRACE_KEYS = (PATH, MOVES, MOVED)


def moving(before: Mapping[str, str | None], after: Mapping[str, str | None]) -> set[str]:
    """Units that went from one hex to another between ``before`` and ``after`` (unit id -> hex, None: off
    the map; arrivals and removals are not moves)."""
    return {uid for uid, h in after.items() if h is not None and before.get(uid) not in (None, h)}


def carry(traces: Mapping[str, Mapping[str, Any]], before: Mapping[str, str | None],
          after: Mapping[str, str | None]) -> dict[str, dict[str, Any]]:
    """The trace of every unit of ``after`` once a step has moved it from ``before`` (unit id -> hex):
    ``traces`` is unit id -> its trace keys before the step (absent or empty: not moved yet). Units without
    a trace are left out of the result."""
    now = moving(before, after)
    out: dict[str, dict[str, Any]] = {}
    for uid, hex_id in after.items():
        old = traces.get(uid) or {}
        path = old.get(PATH)
        if uid in now:
            start = before[uid]
            trail = list(path) if isinstance(path, list) and path and path[-1] == start else [start]
            if trail[-1] != hex_id:
                trail.append(hex_id)
            count = int(old.get(MOVES) or 1)
            if old.get(MOVED):  # picked up again after the hand had left it
                count += 1
            new: dict[str, Any] = {PATH: trail}
            if count > 1:
                new[MOVES] = count
            out[uid] = new
        elif path or old.get(MOVED):
            kept = {k: v for k, v in old.items() if k in TRACE_KEYS}
            if now:  # another unit moved: the hand has left this one
                kept[MOVED] = True
            out[uid] = kept
    return out
