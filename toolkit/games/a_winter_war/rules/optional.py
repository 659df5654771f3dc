"""Optional rules used by name in ``state.optional_rules``: 36B armour and anti-tank effects (AEC/ATEC), 37A2
Finnish ski units in exploitation, 37B variable demolition costs. The arithmetic is here; 37A2's movement
restriction is judged in :mod:`.movement`."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...chart_values import ChartValues
from ..charts import AEC_MODIFIERS

__all__ = ["aec_attack_modifier", "atec_modifier", "capability_share", "demolition_mp", "ski_exploitation_mp"]

#: 36B2: RE of capability per RE of the unit
WEIGHT = {"full": Fraction(1), "half": Fraction(1, 2), "nil": Fraction(0)}


def capability_share(units: Sequence[tuple[Fraction, str]]) -> Fraction:
    """36B3: RE with capability / non-neutral RE, where at most twice the RE of full- or half-capability units may
    be neutral; the rest count as without capability (36B restriction on neutrals). ``units``: (RE, full | half
    | neutral | nil)."""
    capable_re = sum((re for re, c in units if c in ("full", "half")), Fraction(0))
    neutral = sum((re for re, c in units if c == "neutral"), Fraction(0))
    allowed = min(neutral, 2 * capable_re)
    counted = sum((re for re, c in units if c != "neutral"), Fraction(0)) + (neutral - allowed)
    if counted == 0:
        return Fraction(0)
    return sum((re * WEIGHT[c] for re, c in units if c in WEIGHT), Fraction(0)) / counted


def aec_attack_modifier(share: Fraction) -> int:
    """36B3: AEC attack at least 1/2: +1."""
    return AEC_MODIFIERS["aec_attack"] if share >= Fraction(1, 2) else 0


def atec_modifier(share: Fraction, attacker_aec: Fraction) -> int:
    """36B3: used when the attacker has AEC of at least 1/2: 1/7 to under 1/2: -1; 1/2 to under 1: -2; 1: -4."""
    if attacker_aec < Fraction(1, 2):
        return 0  # (36B example 1 applies -4 against an attacker at 1/4 AEC: it contradicts the rule's text)
    if share >= 1:
        return AEC_MODIFIERS["atec_full"]
    if share >= Fraction(1, 2):
        return AEC_MODIFIERS["atec_1_2"]
    if share >= Fraction(1, 7):
        return AEC_MODIFIERS["atec_1_7"]
    return 0


def ski_exploitation_mp(movement: Fraction, *, supplied: bool = True) -> Fraction:
    """37A2: a Finnish ski unit moves in the exploitation phase with half its movement allowance: a 1-8 ski regiment
    has 4 MP if supplied, 2 if not; it is marked (and may not) if it spent more than half in the movement phase."""
    mp = Fraction(movement) / 2
    return mp if supplied else mp / 2


def ski_marked(movement: Fraction, spent: Fraction, *, supplied: bool = True) -> bool:
    """37A2: marked when it spends more than half its MP (half of the supplied 8 is 4)."""
    allowance = Fraction(movement) if supplied else Fraction(movement) / 2
    return Fraction(spent) > allowance / 2


def demolition_mp(values: ChartValues, size_re: Fraction, *, engineer: bool, target: str = "railway") -> Fraction:
    """37B: the MP a unit of a size spends for one level of damage; engineers count double their RE. An ordinary
    regiment (1 RE) breaks a railway for 3 MP; an engineer regiment (counted 2 RE) is not judged until a chart file
    gives the 2 RE row, which the text contradicts itself on (raises NotJudged where the Demolition Summary Table
    is unknown)."""
    counted = Fraction(size_re) * (2 if engineer else 1)
    row = "1/2 RE" if counted <= Fraction(1, 2) else "1 RE" if counted <= 1 else "2 RE" if counted <= 2 else "3+ RE"
    return Fraction(values.value("demolition", row, target))
