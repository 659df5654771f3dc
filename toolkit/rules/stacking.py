"""Stacking: how much of one side may share a hex, by count, by points or by RE, per hex, terrain and side.

Three shapes of limit, all behind one ``limit(hex, side)`` callable:

- a total (:class:`StackLimit`) of a ``weight``: 1 a unit for a count (Winter War: two units south of
  Row A, one north; Tornio '44: ten units a player), a printed value for points, RE for Europa-style
  regimental equivalents; units weighing 0 never count (Winter War's Ski Patrols);
- a packing (:class:`SlotLimit`): named slots with capacities and which units each accepts at what
  weight (A Winter War 8A: three units of any size, three more non-divisional units, and two
  non-divisional artillery units OR one divisional artillery unit). A stack is legal when every unit
  can be placed in a slot without overfilling any, found exactly by a small search;
- :class:`LimitTable` picks either per side, terrain, hex tag or a zone function (A Winter War's
  reduced Soviet stacking outside weather zone A, arctic stacking inside it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from fractions import Fraction
from functools import cache

from ..records import record
from .board import Board
from .position import Unit
from .report import Violation, violation

__all__ = ["LimitTable", "Slot", "SlotLimit", "StackLimit", "by_count", "by_value", "check_stacking", "fits_slots"]


@record(frozen=True)
class StackLimit:
    """The limit in one hex for one side: ``value`` (units, points or RE), where it applies, and the rule."""

    value: float
    where: str
    rule: str


@record(frozen=True)
class Slot:
    """One class of room in a hex: ``capacity`` in points; ``weight(unit)`` what a unit takes of it (None: the
    slot does not accept the unit)."""

    name: str
    capacity: float
    weight: Callable[[Unit], float | None]


@record(frozen=True)
class SlotLimit:
    """A packing limit: the units must fit the slots (each unit in one slot)."""

    slots: tuple[Slot, ...]
    where: str
    rule: str

    def describe(self) -> str:
        return " + ".join(f"{s.name} {s.capacity:g}" for s in self.slots)


def by_count(u: Unit) -> float:
    """Every unit weighs 1 (a count)."""
    return 1


def by_value(key: str, default: float = 0) -> Callable[[Unit], float]:
    """A unit weighs its printed ``key`` (points, RE)."""
    def weight(u: Unit) -> float:
        try:
            return float(u.value(key))
        except (KeyError, TypeError, ValueError):
            return default
    return weight


def fits_slots(units: Sequence[Unit], slots: Sequence[Slot]) -> bool:
    """Whether every unit can be placed in one slot without exceeding any slot's capacity (an exact search:
    units are grouped by what they weigh in each slot, and each group's assignment is tried in turn)."""
    profiles: dict[tuple[float | None, ...], int] = {}
    for u in units:
        p = tuple(s.weight(u) for s in slots)
        if all(w is None for w in p):
            return False
        profiles[p] = profiles.get(p, 0) + 1
    groups = sorted(profiles.items(), key=lambda kv: sum(w is not None for w in kv[0]))  # most constrained first
    caps = tuple(Fraction(s.capacity).limit_denominator(1000) for s in slots)

    @cache
    def place(i: int, left: tuple[Fraction, ...], remaining: int) -> bool:
        if i == len(groups):
            return True
        profile, _ = groups[i]
        if remaining == 0:
            return place(i + 1, left, groups[i + 1][1] if i + 1 < len(groups) else 0)
        for k, w in enumerate(profile):
            if w is None:
                continue
            wf = Fraction(w).limit_denominator(1000)
            if wf <= left[k]:
                nxt = (*left[:k], left[k] - wf, *left[k + 1:])
                if place(i, nxt, remaining - 1):
                    return True
        return False

    return place(0, caps, groups[0][1]) if groups else True


@record(frozen=True)
class LimitTable:
    """A ``limit(hex, side)`` from a table: the first rule that applies wins, in the order ``zone`` (a function
    of hex and side, for weather zones or regions), ``by_side_terrain`` ((side, terrain) -> limit),
    ``by_terrain``, ``by_tag`` (a hex tag), ``by_side``, then ``default`` (None: no limit)."""

    board: Board
    default: StackLimit | SlotLimit | None = None
    by_side: Mapping[str, StackLimit | SlotLimit] = field(default_factory=dict)
    by_terrain: Mapping[str, StackLimit | SlotLimit] = field(default_factory=dict)
    by_side_terrain: Mapping[tuple[str, str], StackLimit | SlotLimit] = field(default_factory=dict)
    by_tag: Mapping[str, StackLimit | SlotLimit] = field(default_factory=dict)
    zone: Callable[[str, str], StackLimit | SlotLimit | None] | None = None

    def __call__(self, hex_id: str, side: str) -> StackLimit | SlotLimit | None:
        if self.zone is not None:
            z = self.zone(hex_id, side)
            if z is not None:
                return z
        terrain = self.board.terrain(hex_id)
        if (side, terrain) in self.by_side_terrain:
            return self.by_side_terrain[(side, terrain)]
        if terrain in self.by_terrain:
            return self.by_terrain[terrain]
        for tag in sorted(self.board.tags(hex_id)):
            if tag in self.by_tag:
                return self.by_tag[tag]
        return self.by_side.get(side, self.default)


def check_stacking(by_hex: Mapping[str, Iterable[Unit]], *, owner: Callable[[Unit], str],
                   limit: Callable[[str, str], StackLimit | SlotLimit | None],
                   weight: Callable[[Unit], float] = by_count, noun: str = "units") -> list[Violation]:
    """A violation for every hex where one side's units exceed its ``limit``.

    ``owner`` groups units into sides (Allied units stack as Finnish ones); for a :class:`StackLimit`, ``weight``
    is 1 for a plain count, 0 for units that never count (Winter War ski patrols), points or RE otherwise; a
    :class:`SlotLimit` weighs units itself.
    """
    out: list[Violation] = []
    for hex_id, units in by_hex.items():
        groups: dict[str, list[Unit]] = {}
        for u in units:
            groups.setdefault(owner(u), []).append(u)
        for side, group in groups.items():
            if len(group) < 2 and all(weight(u) <= 1 for u in group):
                continue  # one unit of weight <= 1 never overstacks a limit >= 1
            lim = limit(hex_id, side)
            if lim is None:
                continue
            if isinstance(lim, SlotLimit):
                if not fits_slots(group, lim.slots):
                    out.append(violation(lim.rule, f"{len(group)} {side} {noun} in {hex_id} do not fit the limit "
                                         f"{lim.where} ({lim.describe()})", [hex_id], [u.id for u in group]))
                continue
            total = sum(weight(u) for u in group)
            if total <= lim.value:
                continue
            out.append(violation(lim.rule, f"{total:g} {side} {noun} in {hex_id}; the limit {lim.where} is "
                                 f"{lim.value:g}", [hex_id], [u.id for u in group]))
    return out
