"""Zones of control: which hexes each side controls, with the game's exceptions as predicates, and what
they cost a move (:class:`ZocCosts`, :func:`zoc_step`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..records import record
from .board import Board
from .position import Unit

__all__ = ["Zoc", "ZocCosts", "zoc_step"]


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
        # a loop, not any() over a generator: this runs for every hex a line or a move tests
        for s, m in self.sources.items():  # noqa: SIM110
            if s != side and hex_id in m:
                return True
        return False

    def enemy_hexes(self, side: str) -> set[str]:
        out: set[str] = set()
        for s, m in self.sources.items():
            if s != side:
                out.update(m)
        return out


@record(frozen=True)
class ZocCosts:
    """What enemy zones of control do to a move, as a game states it.

    ``stop``: a unit entering an enemy-controlled hex ends its move there (Winter War's General Rule);
    ``enter``/``leave``: extra Movement Points to move into / out of an enemy-controlled hex (Tornio '44's
    17.5 table, A Winter War's "leaving a hex under enemy ZOC costs additional MP"; the values are on those
    games' player aids, so a game passes them in); ``zoc_to_zoc``: whether a step straight from one enemy
    controlled hex to another is allowed (Winter War Zones of Control (F): no); ``friendly_negates``: a
    friendly unit in the hex cancels the enemy ZOC there (supply in Winter War (K); A Winter War rail
    movement when the friendly unit has a defence above 0: pass a predicate as ``negated``).
    """

    stop: bool = False
    enter: float = 0
    leave: float = 0
    zoc_to_zoc: bool = True
    friendly_negates: bool = False


def zoc_step(zoc: Zoc, side: str, a: str, b: str, costs: ZocCosts, *,
             negated: Callable[[str], bool] | None = None,
             ignore: Callable[[str, str], bool] | None = None) -> tuple[float, bool] | None:
    """The ZOC part of one step ``a`` -> ``b`` by ``side``: (extra Movement Points, whether the move must stop in
    ``b``), or None when the step is forbidden (ZOC to ZOC where the game forbids it).

    ``negated(hex)`` cancels the enemy ZOC in a hex (a friendly unit there, when the game says so); ``ignore(a,
    b)`` skips ZOC effects for one step (Tornio '44 22.3: leaving a Close Combat hex ignores the ZOC from that
    hex; A Winter War: a unit that may always move one hex).
    """
    if ignore is not None and ignore(a, b):
        return 0, False

    def controlled(h: str) -> bool:
        return zoc.enemy(side, h) and not (negated is not None and negated(h))

    za, zb = controlled(a), controlled(b)
    if za and zb and not costs.zoc_to_zoc:
        return None
    extra = (costs.leave if za else 0) + (costs.enter if zb else 0)
    return extra, bool(zb and costs.stop)
