"""6.1 Sequence of Play as a VASSAL turn tracker reads it: the Game Turn (1A..8B), the Player Turn and the Phase.

The module's turn tracker (``TurnTracker0``) is read as levels: Game Turns 1A, 1B ... 8B (item n is turn n + 1),
then the players, then the phases of :data:`TRACKER_PHASES` (Initial, Movement, Combat, Exploitation: 6.1.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ....errors import VassalFormatError
from .common import LAST_TURN, PLAYERS

if TYPE_CHECKING:
    from ....vassal.commands import TurnLine

__all__ = ["TRACKER", "TRACKER_PHASES", "game_state"]

TRACKER = "TurnTracker0"
TRACKER_PHASES = ("initial", "movement", "combat", "exploitation")


def game_state(turns: Iterable[TurnLine]) -> dict[str, Any]:
    """``turn``, ``player`` and ``phase`` (those the tracker holds; {} without one)."""
    line = next((t for t in turns if t.tracker == TRACKER), None)
    if line is None:
        return {}
    from ....vassal.save import TrackerState

    path = TrackerState.parse(line.state).path()
    out: dict[str, Any] = {}
    if path:
        if not 0 <= path[0] < LAST_TURN:
            raise VassalFormatError(f"turn tracker: Game Turn item {path[0]} is not one of 1A..8B")
        out["turn"] = path[0] + 1
    for key, items, index in (("player", PLAYERS, 1), ("phase", TRACKER_PHASES, 2)):
        if len(path) > index:
            if not 0 <= path[index] < len(items):
                raise VassalFormatError(f"turn tracker: {key} item {path[index]} is not one of {', '.join(items)}")
            out[key] = items[path[index]]
    return out
