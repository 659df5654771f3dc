"""6.1 Sequence of Play as a VASSAL turn tracker reads it: the Game Turn (1A..8B), the Player Turn and the Phase.

The module's turn tracker (``TurnTracker0``) is read as levels: Game Turns 1A, 1B ... 8B (item n is turn n + 1),
then the players, then the phases of :data:`TRACKER_PHASES` (Initial, Movement, Combat, Exploitation: 6.1.1).
:func:`tracker_path` is the inverse: the item indices a save's tracker is set to for a position's turn, player and
phase. The referee's ``setup`` phase (30.0 and the Coup, 11.0: the TURN marker on the Coup space) and ``end`` are
not on the tracker, nor is an Exploitation Phase in a Nighttime (B) Game Turn (6.1.2: Phases [1]-[3] only).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ....errors import InputError, VassalFormatError
from .common import LAST_TURN, PLAYERS, SIDE_ALIASES, turn_label

if TYPE_CHECKING:
    from ....vassal.commands import TurnLine

__all__ = ["TRACKER", "TRACKER_PHASES", "game_state", "tracker_path"]

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


def tracker_path(turn: int, player: str, phase: str) -> tuple[int, int, int]:
    """The tracker's (Game Turn, player, phase) item indices: ``(4, "german", "movement")`` -> ``(3, 1, 1)`` (2B);
    :class:`InputError` for a place the tracker does not hold."""
    if not 1 <= turn <= LAST_TURN:
        raise InputError(f"turn {turn} is not a Game Turn of the turn tracker (1..{LAST_TURN}: 1A..8B, 6.0)")
    who = SIDE_ALIASES.get(str(player).strip().lower())
    if who not in PLAYERS:
        raise InputError(f"player {player!r} is not a player of the turn tracker ({', '.join(PLAYERS)})")
    step = str(phase).strip().lower()
    if step not in TRACKER_PHASES:
        raise InputError(f"phase {phase!r} is not on the turn tracker ({', '.join(TRACKER_PHASES)}: 6.1.1; the "
                         "set-up and the Coup come before Game Turn 1A, 30.0, 11.0)")
    if step == "exploitation" and turn % 2 == 0:
        raise InputError(f"Game Turn {turn_label(turn)} is a Nighttime Game Turn: it has no Exploitation Phase "
                         "(6.1.2)")
    return turn - 1, PLAYERS.index(who), TRACKER_PHASES.index(step)
