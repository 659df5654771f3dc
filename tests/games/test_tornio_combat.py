"""``wgt combat tornio-44`` (rulebook 22.0-22.11, shared/seeds/tornio-44.txt): the worked examples, step by step."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.games import get_game
from toolkit.games.tornio_44.combat import basic_position, label

GAME = get_game("tornio-44")


def combat(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["combat", "tornio-44", *args])
    return r.exit_code, r.stdout, r.stderr


def test_illustration_12_step_by_step() -> None:
    """Illustration 12: five Finnish units, Attack Factors 22, against the German unit B, Defense Factor 6."""
    code, out, _ = combat("-a", "22", "-d", "6", "--extra-hexes", "2", "--flanking", "1", "--terrain", "swamp",
                          "--river-crossing", "minor", "--die", "3", "--attacker-dice", "1+3", "--defender-dice", "1",
                          "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["notes"] == [
        # "22 ÷ 6 = 3.66:1. This is rounded down to the closest half odds ratio step which is 3.5:1"
        "22 ÷ 6 = 3.67:1, rounded down to the closest half odds ratio step: 3.5:1 [22.1, 22.1 Clarification]",
        "+1 for 2 additional hex(es) attacked from [22.4.1]",  # "+1 odds ratio step for the two additional hexes"
        "-0.5 for Defensive Flanking Support from 1 hex(es) [22.4.2]",  # "-0.5 ... from unit A"
        "-0.5 for Swamp [18.6 Terrain Effects Table]",  # "-0.5 for the Swamp hex"
        "-1 for Minor River, a majority of the attacking steps across it [18.1]",  # "a further -1 odds ratio step"
        "final odds ratio 2.5:1",  # "The odds ratio is 2.5:1."
        "a half odds ratio: the attacker rolls a die, 1-3 no extra die (2:1), 4-6 an extra die (3:1) [22.1 (3)]",
        "die 3: final odds ratio 2:1",  # "A 3 is rolled which will give a final odds ratio of 2:1."
        "the attacker rolls 2 dice (first), the defender 1 [22.1 (4)]",  # "The Finnish player rolls two dice."
        "attacker dice 1+3 = 4: the defender spends 4 APs [22.1 (5)]",  # "1+3 = 4. The German player must spend 4 APs"
        "one unit on its front, unbroken: Broken 1 Level + Retreat = 4 APs; Broken 1 Level + Panic = 5 APs; "
        "Broken 1 Level + Broken 2 Levels = 5 APs; Step Loss = 4 APs [22.11 Combat Cost Table, 22.9]",
        "defender dice 1 = 1: the attacker spends 1 AP [22.1 (5)]",  # "The German player then rolls one die ... 1"
        "the attacker may spend 1 AP on No Effect (a sole die roll of 1) [22.6.2]",  # "spends 1 AP on No Effect"
    ]
    assert (doc["basic_odds"], doc["odds"], doc["result"]) == ("3.5:1", "2.5:1", "2:1")
    assert doc["dice"] == {"attacker": 2, "defender": 1}
    assert (doc["defender_aps"], doc["attacker_aps"]) == (4, 1)
    # "(1) Broken 1 + Retreat = 4 APs; (2) Broken 1 + Broken 2 = 5 APs; (3) Broken 1 + Panic = 5 APs; (4) One Step
    # Loss = 4 APs"
    assert sorted(doc["defender_choices"]) == sorted([
        "Broken 1 Level + Retreat = 4 APs", "Broken 1 Level + Broken 2 Levels = 5 APs",
        "Broken 1 Level + Panic = 5 APs", "Step Loss = 4 APs"])
    assert doc["column"] == {"1": "2:1", "2": "2:1", "3": "2:1", "4": "3:1", "5": "3:1", "6": "3:1"}


@pytest.mark.parametrize(("attack", "defense", "expected"), [
    (22, 6, "3.5:1"),  # Illustration 12
    (8, 4, "2:1"),  # Illustration 9: "The basic odds ratio is 2:1"
    (20, 2, "10:1"),  # Illustration 7: "exactly 10:1"
    (4, 4, "1:1"),
    (4, 5, "1:1.5"),  # 22.1 Clarification: "as soon as the defender is stronger ... 1:1.5"
    (4, 6, "1:1.5"),
    (4, 7, "1:2"),  # "more than one and a half times (up to two times) stronger ... 1:2"
    (4, 8, "1:2"),
    (4, 9, "1:2.5"),  # "more than two times (up to two and a half times) ... 1:2.5"
])
def test_basic_odds_clarification_22_1(attack: int, defense: int, expected: str) -> None:
    assert label(basic_position(Fraction(attack), Fraction(defense))) == expected


def test_illustration_9_forest_and_two_hexes() -> None:
    """Illustration 9: 6 + 2 = 8 against 4 is 2:1; +0.5 for two hexes, -0.5 for the Forest hex."""
    out = GAME.combat([Fraction(6), Fraction(2)], [Fraction(4)], extra_hexes=1, terrain="forest")
    assert (out["basic_odds"], out["odds"]) == ("2:1", "2:1")


@pytest.mark.parametrize(("options", "odds"), [
    ({"river_crossing": "major", "bridge": True}, "1.5:1"),  # 22.4: Major River with a bridge -1.5, not -2
    ({"river_crossing": "major"}, "1:1"),
    ({"river_crossing": "minor", "bridge": True, "engineer": True}, "3:1"),  # 15.1: 0 instead of -1
    ({"river_crossing": "minor", "engineer": True}, "2.5:1"),
    ({"night": True}, "2:1"),  # 27.2: subtract 1 odds ratio step
    ({"hq_attack": 1}, "3.5:1"),  # 31.4.1 (optional): +0.5, added at the very last
])
def test_river_bridge_engineer_night(options: dict[str, object], odds: str) -> None:
    assert GAME.combat([Fraction(9)], [Fraction(3)], **options)["odds"] == odds  # type: ignore[arg-type]


def test_clamped_to_10_1_and_1_5_after_the_modifiers() -> None:
    """22.1 (3): the FINAL odds ratio may never exceed 10:1 or be less than 1:5."""
    assert GAME.combat([Fraction(30)], [Fraction(2)], night=True)["odds"] == "10:1"  # 15:1 - 1 = 14:1 -> 10:1
    assert GAME.combat([Fraction(1)], [Fraction(9)], night=True)["odds"] == "1:5"


def test_half_ratio_in_the_defenders_favour_is_the_defenders_die() -> None:
    out = GAME.combat([Fraction(4)], [Fraction(5)], die=5)  # 1:1.5: the defender's extra die on 4-6 -> 1:2
    assert (out["odds"], out["result"], out["dice"]) == ("1:1.5", "1:2", {"attacker": 1, "defender": 2})
    assert GAME.combat([Fraction(4)], [Fraction(5)], die=2)["result"] == "1:1"


def test_large_combat_example_22_10() -> None:
    """22.10.1: final 2:1, defender 5 units, attacker 7: the defender rolls three dice, the attacker six."""
    out = GAME.combat([Fraction(8)], [Fraction(4)], die=1, attacker_units=7, defender_units=5)
    assert out["dice"] == {"attacker": 6, "defender": 3}


def test_defender_bonus_die_after_a_5_or_6() -> None:
    """22.5.1: the defender may roll an extra die each time his previous die was a 5 or 6."""
    out = GAME.combat([Fraction(4)], [Fraction(2)], die=1, defender_dice="6+5+2")
    assert out["attacker_aps"] == 13
    code, _, err = combat("-a", "4", "-d", "2", "--die", "1", "--defender-dice", "3+2")
    assert (code, err) == (3, "wgt: error: --defender-dice: a Defender Bonus die follows a 5 or 6 only [22.5.1]\n")


def test_close_combat_doubles_foot_not_motorized() -> None:
    """22.3 and Clarification 2: Foot Combat Units double their Combat Factors; Motorized units do not. The
    motorized factors are the part of --attack (--defense) from Motorized units: 5 = 3 Foot + 2 Motorized."""
    out = GAME.combat([Fraction(5)], [Fraction(4)], close_combat=True, motorized_attack="2")
    assert (out["attack"], out["defense"]) == (8.0, 8.0)
    out = GAME.combat([Fraction(3), Fraction(2)], [Fraction(4)], close_combat=True, motorized_defense="1+H")
    assert (out["attack"], out["defense"]) == (10.0, 6.5)
    code, text, _ = combat("-a", "6", "-d", "3", "--motorized-attack", "6", "--close-combat")
    assert code == 0 and text.startswith("6 against 6: 1:1")  # all Motorized: nothing doubles but the defence


def test_an_unknown_value_is_not_judged() -> None:
    out = GAME.combat([Fraction(6)], [Fraction(2)], terrain="open", die=4)
    assert out["odds"] is None and out["result"] is None
    assert out["meaning"] == "not judged: 18.6 Terrain Effects Table value unknown"
    code, text, _ = combat("-a", "6", "-d", "2", "--terrain", "village", "--die", "4")
    assert code == 0 and "not judged: 18.6 Terrain Effects Table value unknown" in text


def test_a_completed_chart_file_decides(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from toolkit.games.tornio_44.charts import BUNDLED

    card = tmp_path / "card.yaml"
    card.write_text(BUNDLED.read_text(encoding="utf-8").replace('[Open Ground, "1", "?"', '[Open Ground, "1", "0"'),
                    encoding="utf-8")
    code, out, _ = combat("-a", "6", "-d", "2", "--terrain", "open", "--charts", str(card), "--json")
    assert code == 0 and json.loads(out)["odds"] == "3:1"
    card.write_text(BUNDLED.read_text(encoding="utf-8").replace('[Open Ground, "1", "?"', '[Open Ground, "1", "x"'),
                    encoding="utf-8")
    code, _, err = combat("-a", "6", "-d", "2", "--charts", str(card))
    row = BUNDLED.read_text(encoding="utf-8").split("[Open Ground, ")[0].count("\n") + 1
    assert code == 3 and err == (f"wgt: error: {card} line {row}: 18.6 Terrain Effects Table: Combat must be a "
                                 "number or ?, not 'x'\n")


@pytest.mark.parametrize(("args", "message"), [
    (("-a", "0", "-d", "2"), "a combat needs an attack strength more than 0 [22.0]"),  # 22.0 example (2 - 2 = 0)
    (("-a", "4", "-d", "2", "--flanking", "5"), "--flanking: at most four hexes give Defensive Flanking Support"),
    (("-a", "4", "-d", "2", "--die", "7"), "--die is a die roll 1-6, not 7"),
    (("-a", "4", "-d", "2", "--attacker-dice", "x"), "--attacker-dice: 'x' is not die rolls such as 1+3"),
    # dice are checked with or without --die (4.6: six-sided dice)
    (("-a", "6", "-d", "3", "--attacker-dice", "1+9"), "--attacker-dice: die rolls are 1-6, not 1+9"),
    (("-a", "6", "-d", "3", "--die", "2", "--defender-dice", "0"), "--defender-dice: die rolls are 1-6, not 0"),
    (("-a", "2", "-d", "3", "--motorized-attack", "50"),
     "--motorized-attack 50 is more than the whole attack 2 (it is the part of --attack from Motorized units)"),
    (("-a", "2", "-d", "3", "--motorized-defense", "3+H"),
     "--motorized-defense 3.5 is more than the whole defense 3 (it is the part of --defense from Motorized units)"),
])
def test_bad_input_is_one_line(args: tuple[str, ...], message: str) -> None:
    code, _, err = combat(*args)
    assert code == 3 and err.startswith("wgt: error: " + message) and err.count("\n") == 1
