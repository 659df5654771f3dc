"""Stacking: how much of one side may share a hex (a count, or RE for Europa), per hex and region."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .position import Unit
from .report import Violation, violation

__all__ = ["StackLimit", "check_stacking"]


@dataclass(frozen=True)
class StackLimit:
    """The limit in one hex for one side: ``value`` (units or RE), where it applies, and the rule."""

    value: float
    where: str
    rule: str


def check_stacking(by_hex: Mapping[str, Iterable[Unit]], *, owner: Callable[[Unit], str],
                   limit: Callable[[str, str], StackLimit | None], weight: Callable[[Unit], float],
                   noun: str = "units") -> list[Violation]:
    """A violation for every hex where one side's total ``weight`` exceeds its ``limit``.

    ``owner`` groups units into sides (Allied units stack as Finnish ones); ``weight`` is 1 for a
    plain count, 0 for units that never count (Winter War ski patrols), RE for Europa.
    """
    out: list[Violation] = []
    for hex_id, units in by_hex.items():
        groups: dict[str, list[Unit]] = {}
        for u in units:
            groups.setdefault(owner(u), []).append(u)
        for side, group in groups.items():
            if len(group) < 2 and all(weight(u) <= 1 for u in group):
                continue  # one unit of weight <= 1 never overstacks a limit >= 1
            total = sum(weight(u) for u in group)
            lim = limit(hex_id, side)
            if lim is None or total <= lim.value:
                continue
            amount = f"{total:g}"
            out.append(violation(lim.rule, f"{amount} {side} {noun} in {hex_id}; the limit {lim.where} is "
                                 f"{lim.value:g}", [hex_id], [u.id for u in group]))
    return out
