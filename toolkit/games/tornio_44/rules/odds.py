"""22.1-22.4 and 22.10 as arithmetic: strengths, the basic odds ratio rounded down in half steps in the
defender's favour, combat modifiers in half steps, the extra die of a half ratio, and the dice each player
rolls (large combats). Used by :mod:`.combat` (declared combats) and by the worked-example tests."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from ....rules.odds import Odds, OddsColumns, parse_ratio

__all__ = ["LADDER", "OddsResult", "basic_odds", "dice_counts", "final_odds", "label_of", "whole_step"]

#: 22.1 (3): "rounded down to the closest whole or half (0.5) odds ratio step, but may never exceed 10:1 or be
#: less than 1:5"
LADDER = OddsColumns.ladder("1-5", "10-1", Fraction(1, 2))


def label_of(odds: Odds | str) -> str:
    """``"3.5-1"`` -> ``"3.5:1"`` (the rulebook's notation)."""
    text = odds.label if isinstance(odds, Odds) else odds
    return text.replace("-", ":")


@dataclass
class OddsResult:
    """The steps of one odds calculation: basic ratio, the modifiers applied (name, steps), the final ratio."""

    attack: Fraction
    defense: Fraction
    basic: str
    modifiers: list[tuple[str, Fraction]] = field(default_factory=list)
    final: str = ""
    half: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"attack": _num(self.attack), "defense": _num(self.defense), "basic": label_of(self.basic),
                "modifiers": [{"modifier": n, "steps": _num(s)} for n, s in self.modifiers],
                "final": label_of(self.final), "half_step": self.half}


def _num(x: Fraction) -> float | int:
    return int(x) if x.denominator == 1 else float(x)


def basic_odds(attack: Fraction, defense: Fraction) -> Odds:
    """22.1 Clarification: always round down to the closest half odds ratio (1:1.5 as soon as the defender is
    stronger)."""
    return LADDER.odds(attack, defense)


def final_odds(attack: Fraction, defense: Fraction, modifiers: list[tuple[str, Fraction]],
               last: list[tuple[str, Fraction]] | None = None) -> OddsResult:
    """22.1 (3), 22.4: the basic ratio moved by every modifier (cumulative, in half steps) and clamped at 1:5 and
    10:1; ``last`` are added "at the very last to the final odds ratio" (31.4.1 HQs)."""
    basic = basic_odds(attack, defense)
    total = sum((s for _, s in modifiers), Fraction(0)) + sum((s for _, s in last or []), Fraction(0))
    final = LADDER.shift_by(basic, total, Fraction(1, 2))
    ratio = parse_ratio(final.label)
    half = (ratio.denominator != 1) if ratio >= 1 else ((1 / ratio).denominator != 1)
    return OddsResult(attack, defense, basic.label, list(modifiers) + list(last or []), final.label, half)


def whole_step(label: str, die: int) -> str:
    """22.1 (3): on a half ratio the owning player's die decides: 1-3 no extra die (the lower whole ratio for the
    owner), 4-6 an extra die (the higher). ``"2.5-1"`` with 3 -> ``"2-1"``; ``"1-1.5"`` with 5 -> ``"1-2"``."""
    a, d = (Fraction(x) for x in label.split("-"))
    extra = die >= 4
    if a != 1 or d == 1:
        a = Fraction(math.ceil(a)) if extra else Fraction(math.floor(a))
    else:
        d = Fraction(math.ceil(d)) if extra else Fraction(math.floor(d))
    return f"{_num(a)}-{_num(d)}"


def dice_counts(label: str, attackers: int, defenders: int) -> tuple[int, int]:
    """22.1 (4): the odds ratio is the number of dice each rolls; 22.10 Large Combats (three or more units each):
    the player with the lowest number in the ratio rolls half the fewest units (rounded up, at most 5) and the
    other keeps the ratio."""
    a, d = (int(Fraction(x)) for x in label.split("-"))
    if attackers >= 3 and defenders >= 3:
        n = min(5, math.ceil(min(attackers, defenders) / 2))
        if a <= d:
            return n, n * d // a if a else n
        return n * a // d, n
    return a, d
