"""Odds columns and combat results tables (toolkit.rules.odds)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import InputError, RuleDataError
from toolkit.rules.odds import CombatResultsTable, OddsColumns, parse_ratio

WW = OddsColumns(("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"))
HALF = OddsColumns(("1-2", "1-1", "1.5-1", "2-1", "2.5-1", "3-1", "3.5-1", "4-1"))  # Tornio-style half steps


@pytest.mark.parametrize(("attack", "defense", "label"), [
    (26, 9, "2-1"),   # Combat (N): the rulebook's own example
    (27, 9, "3-1"),
    (9, 9, "1-1"),
    (8, 9, "1-2"),
    (3, 9, "1-3"),
    (2, 9, "1-4"),    # worse than 1-4: treated as 1-4
    (1, 9, "1-4"),
    (59, 10, "5-1"),
    (60, 10, "6-1"),
    (200, 1, "6-1"),  # better than 6-1: treated as 6-1
    (5, 0, "6-1"),
])
def test_rounding_in_defenders_favour(attack: int, defense: int, label: str) -> None:
    assert WW.odds(attack, defense).label == label


def test_clamps_are_reported() -> None:
    assert WW.odds(2, 9).clamped == "low"
    assert WW.odds(1, 4).clamped is None
    assert WW.odds(61, 10).clamped == "high"
    assert WW.odds(60, 10).clamped is None
    assert WW.odds(0, 0).clamped is None


def test_fractional_defense_is_exact() -> None:
    # an isolated 1-defence unit defends at 1/2: 1 against 1/2 is exactly 2-1
    assert WW.odds(1, Fraction(1, 2)).label == "2-1"
    assert WW.odds(Fraction(3, 2), 3).label == "1-2"


def test_half_steps_and_shifts() -> None:
    o = HALF.odds(22, 6)  # Tornio '44 illustration 12: 22 / 6 = 3.66 -> 3.5:1
    assert o.label == "3.5-1"
    assert HALF.shift(o, -2).label == "2.5-1"
    assert HALF.shift(o, 5).label == "4-1"
    assert HALF.shift(o, -20).label == "1-2"


def test_parse_ratio() -> None:
    assert parse_ratio("1-4") == Fraction(1, 4)
    assert parse_ratio("3.5:1") == Fraction(7, 2)
    with pytest.raises(RuleDataError):
        parse_ratio("two to one")
    with pytest.raises(RuleDataError):
        OddsColumns(("2-1", "1-1"))


def test_negative_strength_is_bad_input() -> None:
    with pytest.raises(InputError):
        WW.odds(-1, 3)


def test_crt_variant_falls_back_to_normal_result() -> None:
    crt = CombatResultsTable(OddsColumns(("1-1", "2-1")), rows={1: ("Ae", "De"), 2: ("Ne", "Dr")},
                             variants={"fortified": {1: (None, "Ex"), 2: (None, None)}})
    assert crt.result(1, 1) == "De"
    assert crt.result(1, 1, "fortified") == "Ex"
    assert crt.result(0, 1, "fortified") == "Ae"
    assert crt.column(1) == {1: "De", 2: "Dr"}
    with pytest.raises(InputError):
        crt.result(0, 7)
    with pytest.raises(RuleDataError):
        CombatResultsTable(OddsColumns(("1-1", "2-1")), rows={1: ("Ae",)})


@given(st.integers(0, 500), st.integers(1, 500))
def test_column_never_exceeds_true_ratio(attack: int, defense: int) -> None:
    o = WW.odds(attack, defense)
    if o.clamped != "low":
        assert WW.ratios[o.index] <= Fraction(attack, defense)
    if o.index + 1 < len(WW.ratios):
        assert WW.ratios[o.index + 1] > Fraction(attack, defense)
