"""A Winter War's names: Europa hex ids ``35:XXYY``, the turns and phases of the turn tracker.

**Hex ids** (Rule 2 "The hexes are numbered and identified by map number and hex number (e.g. 35:2420)").
The first pair names the *hexrow* (rows run west-east and are counted from the north edge: Murmansk
35:0701, Leningrad 35:5014; Rule 27B and the naval rules' "4100 hexrow"), the second the hex along the
row, counted from the east edge so that it grows toward the west (Murmansk 35:0701, Narvik 35:0126).
Hexes are pointy-topped and the odd rows sit half a hex east of the even rows: the only offset under
which every adjacency the rules print holds (27B: 35:4919-4819-4820-4721/4621-4521 or 4522; the naval
coast-defence example: 35:4713 and 35:4714 both next to 35:4613; the Q&A: 35:4614/4715 and 4614/4714 are
hexsides). One printed path does not fit any offset: Rule 30A2's Helsinki route lists 35:4628 then
35:4727, two hexes apart here (with the other offset most of the list above would fail instead).

The rules also write ids without the map number ("hexes 35:0201, 0301, and 0302", "hexside 35:4317/4316"):
:func:`canonical` accepts both spellings.

**Pieces**: the module names each unit piece by its counter id (``fin-inf-xx-4-5-6``, ``sov-air-i16``,
``fv-ski-x-rvv1``; the user's OB entries ``ob-...``); markers and map furniture have other names
("Fort", "Terrain overlay"). :func:`counter_spec` tells them apart when a save is read.

**Sequence** (Sequence of Play A, Rule 35A): game turns of half a month from Dec I 39 (the Soviet
player turn first), each with the Soviet then the Finnish player turn, each of the five phases
Initial, Movement, Air, Combat, Exploitation. The game ends with the Finnish Mar I 40 turn (35A: turn 7,
:data:`END_TURN`); with the variable game length (optional rule 36E: "at the end of each turn after Mar. I 40
the Soviet player rolls a die ... The war may not go beyond the Mai II 40 turn") it may run on to May II 40
(turn 12), so the track holds the twelve turns and the referee refuses turns 8-12 unless 36E is in use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...errors import HexIdError, InputError, VassalFormatError
from ...hexgrid import Europa, OffsetSystem

if TYPE_CHECKING:
    from ...vassal.commands import TurnLine

__all__ = ["END_TURN", "MAP_ID", "NUMBERING", "PHASES", "PLAYER_TURNS", "RULE_HEXES", "TURNS", "canonical",
           "counter_spec", "game_state", "hex_id", "hex_number", "hexrow", "tracker_path", "turn_name"]

MAP_ID = "35"
#: Europa map 35: ``35:RRHH``, pointy tops, odd rows half a hex east, hex numbers growing west
NUMBERING = Europa(map_id=MAP_ID, row_first=True, digits=2, offset=OffsetSystem("pointy", "odd"),
                   col_direction="left", row_direction="down")

#: ids the rulebooks print, with where they print them (the map's georeference control points)
RULE_HEXES: dict[str, tuple[str, str]] = {
    "Helsinki": ("35:4526", "20F2g, 30A1"),
    "Tampere": ("35:3825", "12C1a, 30A3"),
    "Turku": ("35:4230", "29B3; naval rules 1b"),
    "Viipuri": ("35:4517", "geodata reference (map 35)"),
    "Kotka": ("35:4521", "27B; naval combat example"),
    "Leningrad": ("35:5014", "30A4"),
    "Kronstadt": ("35:4916", "30A4; naval combat example"),
    "Murmansk": ("35:0701", "30B2"),
    "Petsamo": ("35:0304", "12C2"),
    "Kirkenes": ("35:0205", "3E, 12C2"),
    "Narvik": ("35:0126", "3E, 12C1c"),
    "Kautokeino": ("35:0118", "3E"),
    "Storuman": ("35:1533", "12C1b"),
    "Kemito": ("35:4430", "3E"),
    "Lavan": ("35:4819", "27B"),
    "Tytar": ("35:4820", "27B"),
    "Suur": ("35:4721", "27B (Suur is 35:4721/4621)"),
}

#: game turns (Sequence of Play: one game turn is half a month): Dec I 39 .. Mar I 40 (35A), then the turns
#: the variable game length may add up to "the Mai II 40 turn" (36E; the seed's French "Mai" is May)
TURNS = ("Dec I 39", "Dec II 39", "Jan I 40", "Jan II 40", "Feb I 40", "Feb II 40", "Mar I 40", "Mar II 40",
         "Apr I 40", "Apr II 40", "May I 40", "May II 40")
#: the last turn without 36E: "ends with the Finnish turn of Mar. I 40" (35A)
END_TURN = TURNS.index("Mar I 40") + 1
#: the player turns of a game turn, in order (Sequence of Play: the Soviet player turn first)
PLAYER_TURNS = ("Soviet", "Finnish")
#: the phases of a player turn, in order (Rule 4A)
PHASES = ("Initial", "Movement", "Air", "Combat", "Exploitation")
TRACKER = "TurnTracker0"
#: a unit piece's name: a counter id of counters/a-winter-war.yaml or of the user's OB file
PIECE_NAME = re.compile(r"^(?:fin|sov|fv|wif|ob)-[a-z0-9][a-z0-9_.+-]*$")


def counter_spec(piece_name: str) -> str | None:
    """The counter id a piece name stands for (the module names units by counter id), None for a marker or
    anything else that is not a unit."""
    name = (piece_name or "").strip()
    return name if PIECE_NAME.match(name) else None


def hex_id(row: int, number: int) -> str:
    """The id of the hex ``number`` of hexrow ``row``: ``hex_id(45, 26)`` -> ``"35:4526"``."""
    return NUMBERING.format(*NUMBERING.to_offset(number, row))


def canonical(text: str) -> str:
    """``"35:4526"`` or ``"4526"`` (the rules' short form) -> ``"35:4526"``; :class:`HexIdError` otherwise."""
    s = str(text).strip()
    if ":" not in s and len(s) == 4 and s.isdigit():
        s = f"{MAP_ID}:{s}"
    NUMBERING.parse(s)
    return s


def hexrow(hex_id_: str) -> int:
    """The hexrow of an id (``"35:4100"`` -> 41): rows count from the north edge."""
    return NUMBERING.parse(canonical(hex_id_))[1]


def hex_number(hex_id_: str) -> int:
    """The hex's number along its row (``"35:4526"`` -> 26): numbers grow toward the west."""
    return NUMBERING.from_offset(*NUMBERING.parse(canonical(hex_id_)))[0]


def turn_name(turn: int) -> str:
    """``1`` -> ``"Dec I 39"``; :class:`InputError` for a turn not on the track."""
    if not 1 <= turn <= len(TURNS):
        raise InputError(f"turn {turn} is not a game turn of A Winter War (1-{len(TURNS)}: {TURNS[0]} to {TURNS[-1]}, "
                         f"the last with the variable game length, 36E)")
    return TURNS[turn - 1]


def tracker_path(turn: int, player: str, phase: str) -> tuple[int, ...]:
    """The turn tracker's item indices (game turn, player turn, phase): ``(3, "finnish", "air")`` -> ``(2, 1, 2)``."""
    turn_name(turn)
    players = [p.lower() for p in PLAYER_TURNS]
    phases = [p.lower() for p in PHASES]
    if player.lower() not in players:
        raise InputError(f"player {player!r} is not a player turn of the turn tracker ({', '.join(players)})")
    if phase.lower() not in phases:
        raise InputError(f"phase {phase!r} is not a phase of the turn tracker ({', '.join(phases)})")
    return turn - 1, players.index(player.lower()), phases.index(phase.lower())


def game_state(turns: Iterable[TurnLine]) -> dict[str, Any]:
    """``turn``, ``player`` and ``phase`` a save's ``TURNTurnTracker0`` line stands at (only those it holds);
    :class:`VassalFormatError` for a place that is not on the track."""
    line = next((t for t in turns if t.tracker == TRACKER), None)
    if line is None:
        return {}
    from ...vassal.save import TrackerState

    path = TrackerState.parse(line.state).path()
    out: dict[str, Any] = {}
    for key, items, index in (("turn", TURNS, 0), ("player", PLAYER_TURNS, 1), ("phase", PHASES, 2)):
        if len(path) > index:
            if not 0 <= path[index] < len(items):
                raise VassalFormatError(f"turn tracker: {key} item {path[index]} is not one of {', '.join(items)}")
            out[key] = path[index] + 1 if key == "turn" else items[path[index]].lower()
    return out


def _check_ids() -> None:  # the printed ids must spell as this numbering spells them
    for name, (hid, _) in RULE_HEXES.items():
        try:
            canonical(hid)
        except HexIdError as exc:  # pragma: no cover - a typo in the table above
            raise AssertionError(f"{name}: {exc}") from None


_check_ids()
