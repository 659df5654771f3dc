"""Every worked example and illustrative statement of the Winter War rulebook (shared/seeds/winter-war-spi-1972.txt)
as a test, each quoting the rulebook. The rulebook's text has no numbered illustrations; these are the passages that
work a case through ("For example", "which means that", "Conceivably", the charts' own notes). Board cases run on
the 10x10 test map (tests/rules/minimap.py); CRT cases through ``wgt combat``'s entry point (``Game.combat``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.winter_war import GAME, charts
from toolkit.games.winter_war.rules import WinterWarReferee
from toolkit.rules import Report
from toolkit.rules.rulebook import normalise_text

from ..rules.minimap import minimap

BOOK = Path(__file__).resolve().parents[2] / ".." / "shared" / "seeds" / "winter-war-spi-1972.txt"
HQ_LEN = ("hq", "sov-0-1-2", "0709")


@pytest.fixture(scope="module")
def ref() -> WinterWarReferee:
    return WinterWarReferee(minimap())


def says(quote: str) -> None:
    """The quote is the rulebook's own text (when the rulebook is at hand)."""
    if BOOK.is_file():
        assert normalise_text(quote) in normalise_text(BOOK.read_text(encoding="utf-8")), quote


def check(ref: WinterWarReferee, units: list[Any], before: list[Any] | None = None, turn: int = 3,
          player: str = "soviet", phase: str = "movement", **state: Any) -> Report:
    def pos(rows: list[Any]):
        return ref.position({"game": "winter-war", "turn": turn, "player": player, "phase": phase, "state": state,
                             "units": [{"id": u[0], "counter": u[1], "hex": u[2]} for u in rows]})
    return ref.check(pos(units), pos(before) if before is not None else None)


def F(x: float) -> Fraction:
    return Fraction(x)


def test_combat_n_26_against_9_is_2_to_1(ref: WinterWarReferee) -> None:
    says("For example, an attack of 26 Attack Points against 9 Defense Points would be rounded off to a \"2 to 1\" "
         "odds situation.")
    assert GAME.combat([F(26)], [F(9)])["odds"] == "2-1"
    # on the board: a 20-12-2 and a 6-4-2 in 0607 attack a 6-6-2 and a 2-2-3 in 0507 with a 1-1-3 in 0608 as one
    # combined Defense Strength (Combat (K)): 26 against 6 + 2 + 1
    units = [HQ_LEN, ("a", "sov-20-12-2", "0607"), ("b", "sov-6-4-2", "0607"), ("f", "fin-6-6-2", "0507"),
             ("g", "fin-2-2-3", "0507"), ("h", "fin-1-1-3", "0608")]
    r = check(ref, units, phase="combat", attacks=[{"attackers": ["a", "b"], "defenders": ["f", "g", "h"]}])
    a = r.summary["attacks"][0]
    assert r.ok and (a["attack"], a["defense"], a["odds"]) == (26, 9, "2-1")


def test_stacking_c_five_ski_patrols_in_one_hex(ref: WinterWarReferee) -> None:
    says("All five Ski Patrol units may be placed in the same hex if desired.")
    units = [(f"s{i}", "fin-0-0-3", "0304") for i in range(5)] + [("a", "fin-1-1-3", "0304")]
    assert check(ref, units, player="finnish").ok  # north of Row A, where one unit is the limit


def test_combat_g_six_stacks_on_one_hex(ref: WinterWarReferee) -> None:
    says("Conceivably, as many as six stacks of units could participate in an attack upon a single Enemy occupied "
         "hex.")
    ring = list(ref.board.neighbours("0605"))  # a Finnish stack in each of the six
    attackers = [(f"f{i}", "fin-2-2-3" if i < 5 else "fin-4-4-2", h) for i, h in enumerate(ring)]
    units = [HQ_LEN, ("s", "sov-2-1-2", "0605"), *attackers]
    r = check(ref, units, player="finnish", phase="combat",
              attacks=[{"attackers": [a[0] for a in attackers], "defenders": ["s"]}])
    assert len(ring) == 6 and r.ok, r.to_text()
    assert r.summary["attacks"][0]["attack"] == 5 * 2 + 4


def test_zoc_d_retreat_onto_a_friendly_unit_in_enemy_zoc(ref: WinterWarReferee) -> None:
    says("which means that a Friendly unit may retreat onto another, adjacent friendly unit even if that hex is "
         "adjacent to an Enemy unit")
    # a Soviet HQ retreats before combat (Combat (A)) from 0606 onto a 2-1-2 in 0707; 0707 is next to the Finn
    before = [HQ_LEN, ("h", "sov-0-1-2", "0606"), ("s", "sov-2-1-2", "0707"), ("f", "fin-2-2-3", "0706")]
    after = [HQ_LEN, ("h", "sov-0-1-2", "0707"), ("s", "sov-2-1-2", "0707"), ("f", "fin-2-2-3", "0706")]
    assert check(ref, after, before, player="finnish", phase="combat").rules() == []
    alone = [HQ_LEN, ("h", "sov-0-1-2", "0605"), ("s", "sov-2-1-2", "0707"), ("f", "fin-2-2-3", "0706")]
    assert check(ref, alone, before, player="finnish", phase="combat").rules() == ["Combat (A)"]


def test_crt_exchange_uses_basic_strengths() -> None:
    says("Attacker removes at least as many Attack Strength Points as the Defender removed in Defense Strength Points "
         "(use basic, not doubled strengths)")
    out = GAME.combat([F(12)], [F(6)], city=True, die=4)  # 12 against 6 doubled: 1-1, die 4: Ex
    assert (out["odds"], out["result"], out["exchange_loss"]) == ("1-1", "Ex", 6)


def test_combat_s_never_more_than_doubled() -> None:
    says("A unit's Defense Strength can never be more than doubled")
    assert GAME.combat([F(12)], [F(6)], fortified=True, river=True)["defense"] == 12


def test_supply_b_halved_without_rounding() -> None:
    says("Units which are isolated have their Defense Strength cut in half (do not round-off any resulting "
         "fractions).")
    assert GAME.combat([F(2)], [F(1)], isolated=True)["defense"] == 0.5


def test_scenario_a_landing_ar_and_ne_are_ae() -> None:
    says("An Ar or an Ne result are treated as an \"Ae\".")
    assert GAME.combat([F(9)], [F(2)], landing=True, die=1)["result"] == "Ae"  # 9 against 4 (doubled): 2-1, Ar
    assert GAME.combat([F(9)], [F(2)], landing=True, die=2)["result"] == "Ae"  # Ne


def test_combat_r_ski_patrols_always_eliminated() -> None:
    says("The result of such an attack is always \"Defender Eliminated.\"")
    assert {GAME.combat([F(1)], [F(0)], ski=True, die=d)["result"] for d in range(1, 7)} == {"De"}


def test_crt_limits() -> None:
    says("odds worse than 1-4 are not permitted")
    says("odds better than 6-1 are treated as 6-1")
    assert GAME.combat([F(1)], [F(9)])["odds"] == "1-4"
    assert GAME.combat([F(61)], [F(10)])["odds"] == "6-1"


@pytest.mark.parametrize(("points", "level"), [
    (101, "Decisive Soviet Victory"), (100, "Substantive Soviet Victory"), (81, "Substantive Soviet Victory"),
    (80, "Marginal Soviet Victory"), (61, "Marginal Soviet Victory"), (60, "Draw (Finnish Moral Victory)"),
    (31, "Draw (Finnish Moral Victory)"), (30, "Finnish Decisive Victory"),
])
def test_victory_levels(points: int, level: str) -> None:
    says("| 81 through 100 | Substantive Soviet Victory |")
    assert charts.victory_level(points) == level


def test_fortifications_e_retaken(ref: WinterWarReferee) -> None:
    says("If the Soviets occupy a Fortification hex and then the Finns retake it, the Finns may once again enjoy the "
         "full benefit of that Fortification.")
    units = [HQ_LEN, ("a", "sov-20-12-2", "0608"), ("f", "fin-2-2-3", "0508")]
    r = check(ref, units, phase="combat", last_occupied={"0508": "soviet"},
              attacks=[{"attackers": ["a"], "defenders": ["f"]}])
    assert r.summary["attacks"][0]["defense"] == 4  # doubled: the Finn holds it again
