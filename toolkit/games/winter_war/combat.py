"""Winter War combat: strengths, doubling and halving, odds rounding and the CRT (rulebook "Combat").

The pure arithmetic lives here so that ``wgt combat winter-war`` and the referee share it.
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import InputError
from ...records import record
from ...rules.odds import Odds
from .charts import COLUMNS, CRT, RESULTS

__all__ = ["CombatOutcome", "defense_strength", "resolve"]


def defense_strength(printed: float | Fraction, *, doubled: bool = False, isolated: bool = False) -> Fraction:
    """One unit's defence in an attack.

    Combat (S): doubled in a Finnish City or Fortification (Finnish/Allied), in a Soviet City (Soviet),
    or when every attacker attacks through lake or river hexsides - "never more than doubled", so
    ``doubled`` is one flag however many cases apply. Supply and Isolation (B): an isolated unit's
    defence is cut in half, "do not round-off any resulting fractions".
    """
    value = Fraction(printed)
    if doubled:
        value *= 2
    if isolated:
        value /= 2
    return value


@record(frozen=True)
class CombatOutcome:
    """The odds of one attack and, with a die roll, its result."""

    attack: Fraction
    defense: Fraction
    odds: Odds
    fortified: bool
    die: int | None
    result: str | None
    notes: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"attack": _num(self.attack), "defense": _num(self.defense), "odds": self.odds.label,
                "ratio": None if self.odds.ratio is None else _num(self.odds.ratio),
                "fortified": self.fortified, "die": self.die, "result": self.result,
                "meaning": RESULTS.get(self.result or "", None), "notes": list(self.notes),
                "column": CRT.column(self.odds, "fortified" if self.fortified else None)}


def _num(x: Fraction) -> float | int:
    return int(x) if x.denominator == 1 else float(x)


def resolve(attack: float | Fraction, defense: float | Fraction, *, fortified: bool = False,
            die: int | None = None, ski_patrols_only: bool = False, landing: bool = False) -> CombatOutcome:
    """Odds and result of one attack with strengths already doubled/halved.

    Combat (N) and the CRT: rounded in the defender's favour to a listed ratio; worse than 1-4 is
    treated as 1-4, better than 6-1 as 6-1. Fortifications (B): against Finnish units in a
    Fortification hex the result in parentheses takes precedence. Combat (R): an attack on ski
    patrols alone is always "Defender Eliminated". Scenario A: in the landing at Petsamo an Ar or Ne
    result counts as Ae (the Soviet defence is doubled by the caller).
    """
    a, d = Fraction(attack), Fraction(defense)
    if a < 0 or d < 0:
        raise InputError(f"combat strengths cannot be negative ({attack} against {defense})")
    if die is not None and die not in CRT.rows:
        raise InputError(f"die roll {die} is not on the combat results table (1..6)")
    odds = COLUMNS.odds(a, d)
    notes: list[str] = []
    if odds.clamped == "low":
        notes.append("odds worse than 1-4 are treated as 1-4 (Combat Results Table)")
    elif odds.clamped == "high":
        notes.append("odds better than 6-1 are treated as 6-1 (Combat Results Table)")
    result = None
    if ski_patrols_only:
        notes.append("an attack on ski patrols is always Defender Eliminated (Combat (R))")
    if die is not None:
        result = "De" if ski_patrols_only else CRT.result(odds, die, "fortified" if fortified else None)
        if landing and result in ("Ar", "Ne"):
            notes.append(f"{result} counts as Ae in the landing at Petsamo (Scenario A)")
            result = "Ae"
    return CombatOutcome(a, d, odds, fortified, die, result, tuple(notes))
