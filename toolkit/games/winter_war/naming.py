"""Winter War's VASSAL naming: which piece of a save is which counter.

A piece named by our module carries the counter id (``fin-6-6-2``) or "SIDE VALUES" (``Finnish
6-6-2``, ``Soviet 20-12-2``, ``Allied 3-2-2``); stacks of several copies are pieces of their own.
Anything else (markers, decks, map furniture) is not a unit and is left out of the position.

The module's turn tracker follows the Sequence of Play: Game-Turn (1..10, the Turn Record) > Player-Turn
(Soviet, then Finnish) > Phase (Reinforcement, Movement, Combat), then the Scenario Interphase (a second
level nested in the Game-Turn, which VASSAL visits after the Finnish Combat Phase). :func:`tracker_path` gives the
tracker's item indices for a (turn, player, phase) and :func:`game_state` reads them back from a save's
``TURNTurnTracker0`` line, so a save tells the referee when it was made.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...errors import InputError, VassalFormatError

if TYPE_CHECKING:  # the save reader is imported when a save is read: checking a YAML position needs none
    from ...vassal.commands import TurnLine

__all__ = ["PIECE_NAME", "PLAYER_PHASES", "PLAYER_TURNS", "counter_spec", "game_state", "tracker_path"]

#: The Player-Turns of a Game-Turn, in order (Sequence of Play: the Soviet Player-Turn comes first)
PLAYER_TURNS = ("Soviet", "Finnish")
#: The Phases of a Player-Turn, in order (Sequence of Play)
PLAYER_PHASES = ("Reinforcement", "Movement", "Combat")
TRACKER = "TurnTracker0"
#: the referee's phase name of the Scenario Interphase (Sequence of Play C), after both Player-Turns
INTERPHASE = "interphase"

#: "fin-6-6-2", "Finnish 6-6-2", "Soviet HQ 0-1-2", "sov 20-12-2 (7th Army)"
PIECE_NAME = re.compile(
    r"^\s*(?P<side>fin|finnish|sov|soviet|all|allied)[\s-]+(?:[a-z]+\s+)?(?P<values>\d+-\d+-\d+|blank)\b",
    re.IGNORECASE)

_SHORT = {"fin": "fin", "finnish": "fin", "sov": "sov", "soviet": "sov", "all": "all", "allied": "all"}


def counter_spec(piece_name: str) -> str | None:
    """The counter id a piece name stands for, or None when the piece is not a unit."""
    m = PIECE_NAME.match(piece_name or "")
    if not m:
        return None
    return f"{_SHORT[m.group('side').lower()]}-{m.group('values').lower()}"


def tracker_path(turn: int, player: str, phase: str) -> tuple[int | tuple[int, int], ...]:
    """The turn tracker's item indices (Game-Turn, Player-Turn, Phase) for a referee's turn, player and phase
    (``8, "soviet", "combat"`` -> ``(7, 0, 2)``); the Scenario Interphase (Sequence of Play C), the Game-Turn
    level's second nested level, is ``((turn - 1, 1), 0)`` whoever the player; :class:`InputError` for a place
    the tracker has none for (set-up)."""
    players = [p.lower() for p in PLAYER_TURNS]
    phases = [p.lower() for p in PLAYER_PHASES]
    if turn < 1:
        raise InputError(f"turn {turn} is not a Game-Turn of the turn tracker")
    if phase.lower() == INTERPHASE:
        return (turn - 1, 1), 0
    if player.lower() not in players:
        raise InputError(f"player {player!r} is not a Player-Turn of the turn tracker ({', '.join(players)})")
    if phase.lower() not in phases:
        raise InputError(f"phase {phase!r} is not a phase of the turn tracker "
                         f"({', '.join([*phases, INTERPHASE])})")
    return turn - 1, players.index(player.lower()), phases.index(phase.lower())


def game_state(turns: Iterable[TurnLine]) -> dict[str, Any]:
    """The ``turn``, ``player`` and ``phase`` a save's turn tracker stands at (only those it holds: an empty
    dict when the save has no ``TURNTurnTracker0`` line, no ``phase`` from a module without the Phase level);
    :class:`VassalFormatError` for a state that is no place on the tracker."""
    line = next((t for t in turns if t.tracker == TRACKER), None)
    if line is None:
        return {}
    from ...vassal.save import TrackerState

    tracker = TrackerState.parse(line.state)
    path = tracker.path()
    out: dict[str, Any] = {}
    if path:
        if path[0] < 0:
            raise VassalFormatError(f"turn tracker: Game-Turn item {path[0]} is no Game-Turn")
        out["turn"] = path[0] + 1
    game_turn = tracker.levels[tracker.current_level] if 0 <= tracker.current_level < len(tracker.levels) else None
    if game_turn is not None and game_turn.sub_level == 1 and len(game_turn.children) == 2:
        out["phase"] = INTERPHASE  # the Game-Turn's second nested level: the Scenario Interphase
        return out
    for key, items, index in (("player", PLAYER_TURNS, 1), ("phase", PLAYER_PHASES, 2)):
        if len(path) > index:
            if not 0 <= path[index] < len(items):
                raise VassalFormatError(f"turn tracker: {key} item {path[index]} is not one of {', '.join(items)}")
            out[key] = items[path[index]].lower()
    return out
