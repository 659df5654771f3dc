"""Zones of control: which hexes each side controls, with the game's exceptions as predicates."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .board import Board
from .position import Unit

__all__ = ["Zoc"]


class Zoc:
    """The zones of control of every side in a position.

    ``exerts(unit)`` says whether a unit has a ZOC at all (HQs, isolated units, ski units abroad ...);
    ``extends(unit, from_hex, into_hex)`` whether it reaches one adjacent hex (sea hexsides,
    fortifications, borders ...). ``owner(unit)`` groups units into the sides that oppose each other.
    """

    def __init__(self, board: Board, units: Iterable[Unit], *, owner: Callable[[Unit], str],
                 exerts: Callable[[Unit], bool], extends: Callable[[Unit, str, str], bool]) -> None:
        self.board = board
        self.sources: dict[str, dict[str, list[str]]] = {}  # side -> hex -> ids of units controlling it
        for u in units:
            if u.hex is None or not exerts(u):
                continue
            side_map = self.sources.setdefault(owner(u), {})
            for n in board.neighbours(u.hex):
                if extends(u, u.hex, n):
                    side_map.setdefault(n, []).append(u.id)

    def without(self, unit_ids: set[str]) -> Zoc:
        """The same zones less those of some units (isolated units lose theirs), without recomputing."""
        out = Zoc.__new__(Zoc)
        out.board = self.board
        out.sources = {}
        for side, m in self.sources.items():
            kept: dict[str, list[str]] = {}
            for h, ids in m.items():
                left = [i for i in ids if i not in unit_ids] if unit_ids else ids
                if left:
                    kept[h] = left
            out.sources[side] = kept
        return out

    def controls(self, side: str, hex_id: str) -> bool:
        """Whether ``side`` has a unit whose ZOC covers ``hex_id``."""
        return hex_id in self.sources.get(side, {})

    def controllers(self, side: str, hex_id: str) -> list[str]:
        return self.sources.get(side, {}).get(hex_id, [])

    def hexes(self, side: str) -> set[str]:
        return set(self.sources.get(side, {}))

    def enemy(self, side: str, hex_id: str) -> bool:
        """Whether any side other than ``side`` controls ``hex_id``."""
        return any(hex_id in m for s, m in self.sources.items() if s != side)

    def enemy_hexes(self, side: str) -> set[str]:
        out: set[str] = set()
        for s, m in self.sources.items():
            if s != side:
                out.update(m)
        return out
