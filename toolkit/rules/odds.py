"""Odds and combat results tables: ratio columns (whole or half steps, :meth:`OddsColumns.ladder`), rounding,
column shifts (whole or in half steps, :meth:`OddsColumns.shift_by`), clamps.

A column is an attacker-to-defender ratio (``1-4`` = 1/4, ``3.5-1`` = 7/2). Odds are rounded in
the defender's favour to the highest column not above the true ratio; games then shift columns
(terrain, Tornio '44's half steps) and clamp at the table's ends. Comparisons use exact fractions.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import field
from fractions import Fraction

from ..errors import InputError, RuleDataError
from ..records import record

__all__ = ["CombatResultsTable", "Odds", "OddsColumns", "parse_ratio"]


def parse_ratio(label: str) -> Fraction:
    """``"2-1"`` -> 2, ``"1-4"`` -> 1/4, ``"3.5:1"`` -> 7/2."""
    text = label.strip().replace(":", "-")
    try:
        a, d = text.split("-")
        return Fraction(a.strip()) / Fraction(d.strip())
    except (ValueError, ZeroDivisionError):
        raise RuleDataError(f"bad odds column {label!r} (expected a ratio such as '2-1')") from None


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


@record(frozen=True)
class Odds:
    """Where an attack falls: the column index and label, the true ratio, and what was clamped."""

    index: int
    label: str
    ratio: Fraction | None  # None when the defence is zero
    clamped: str | None = None  # "low" (worse than the first column), "high" (better than the last)


@record(frozen=True)
class OddsColumns:
    """The ordered odds columns of a CRT (lowest ratio first)."""

    labels: tuple[str, ...]
    ratios: tuple[Fraction, ...] = field(init=False)

    def __post_init__(self) -> None:
        ratios = tuple(parse_ratio(lbl) for lbl in self.labels)
        if not ratios or any(b <= a for a, b in itertools.pairwise(ratios)):
            raise RuleDataError(f"odds columns must rise strictly: {', '.join(self.labels)}")
        object.__setattr__(self, "ratios", ratios)

    def index(self, label: str) -> int:
        try:
            return self.labels.index(label)
        except ValueError:
            raise InputError(f"unknown odds column {label!r} (columns: {', '.join(self.labels)})") from None

    def odds(self, attack: float | Fraction, defense: float | Fraction) -> Odds:
        """Round ``attack``-to-``defense`` down (in the defender's favour) to a column, clamping at the ends."""
        a, d = Fraction(attack), Fraction(defense)
        if a < 0 or d < 0:
            raise InputError(f"combat strengths cannot be negative ({attack} against {defense})")
        top = len(self.labels) - 1
        if d == 0:
            return Odds(top, self.labels[top], None, "high" if a > 0 else None)
        ratio = a / d
        best = -1
        for i, r in enumerate(self.ratios):  # at most a dozen columns: a scan beats bisect's setup
            if r <= ratio:
                best = i
            else:
                break
        if best < 0:
            return Odds(0, self.labels[0], ratio, "low")
        clamped = "high" if best == top and ratio > self.ratios[top] else None
        return Odds(best, self.labels[best], ratio, clamped)

    @classmethod
    def ladder(cls, low: str, high: str, step: Fraction | float = 1) -> OddsColumns:
        """Every column from ``low`` to ``high`` in ``step`` s on both sides of 1-1: whole steps (``1-3, 1-2, 1-1,
        2-1, 3-1``) or half steps (Tornio '44 22.1: ``1-2, 1-1.5, 1-1, 1.5-1, 2-1``), so that rounding down to a
        column is rounding the ratio down "to the closest half" in the defender's favour."""
        st = Fraction(step).limit_denominator(100)
        lo, hi = parse_ratio(low), parse_ratio(high)
        if st <= 0 or lo > 1 or hi < 1:
            raise RuleDataError(f"a ladder runs from a ratio at most 1-1 to one at least 1-1 ({low} .. {high})")
        labels: list[str] = []
        d = 1 / lo
        while d > 1:  # defender's side: 1-d for d = 1/lo down to 1 + step
            labels.append(f"1-{_num(d)}")
            d -= st
        a = Fraction(1)
        while a <= hi:
            labels.append(f"{_num(a)}-1")
            a += st
        return cls(tuple(labels))

    def shift_by(self, odds: Odds, amount: Fraction | float, step: Fraction | float = 1) -> Odds:
        """``odds`` moved by ``amount`` odds-ratio steps of ``step`` each (Tornio '44 22.4: +0.5 for each extra
        hex attacked from, -0.5 for forest; modifiers are cumulative), clamped to the table."""
        n = Fraction(amount).limit_denominator(100) / Fraction(step).limit_denominator(100)
        if n.denominator != 1:
            raise InputError(f"a shift of {amount} is not a whole number of {step} steps")
        return self.shift(odds, int(n))

    def shift(self, odds: Odds, steps: int) -> Odds:
        """``odds`` moved ``steps`` columns (positive: towards the attacker), clamped to the table."""
        i = min(max(odds.index + steps, 0), len(self.labels) - 1)
        return Odds(i, self.labels[i], odds.ratio, odds.clamped)


@record(frozen=True)
class CombatResultsTable:
    """Results by die roll and column, with optional alternative rows (Winter War's fortified results)."""

    columns: OddsColumns
    rows: Mapping[int, Sequence[str]]
    variants: Mapping[str, Mapping[int, Sequence[str | None]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.columns.labels)
        for die, row in self.rows.items():
            if len(row) != n:
                raise RuleDataError(f"crt row {die} has {len(row)} results for {n} columns")
        for name, alt_rows in self.variants.items():
            for die, alt in alt_rows.items():
                if len(alt) != n or die not in self.rows:
                    raise RuleDataError(f"crt variant {name!r} row {die} does not match the table")

    @property
    def dice(self) -> tuple[int, ...]:
        return tuple(sorted(self.rows))

    def result(self, odds: Odds | int, die: int, variant: str | None = None) -> str:
        """The result for a column and die roll; a variant's entry replaces the normal one where it has one."""
        index = odds.index if isinstance(odds, Odds) else odds
        if die not in self.rows:
            lo, hi = min(self.rows), max(self.rows)
            raise InputError(f"die roll {die} is not on the table ({lo}..{hi})")
        if variant is not None:
            if variant not in self.variants:
                raise InputError(f"unknown crt variant {variant!r}")
            alt: str | None = self.variants[variant][die][index]
            if alt is not None:
                return alt
        return self.rows[die][index]

    def column(self, odds: Odds | int, variant: str | None = None) -> dict[int, str]:
        """Every die roll's result in one column."""
        return {die: self.result(odds, die, variant) for die in self.dice}
