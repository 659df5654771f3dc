"""A Winter War charts as data and ``wgt combat a-winter-war``: the worked examples of rules 9C, 9E, 9J, 14A2 and
14B, the 38A2f coast-defence examples, and a user's completed chart file (validated line by line, then used)."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.errors import DataFileError
from toolkit.games.a_winter_war import GAME
from toolkit.games.a_winter_war.charts import PORTS, default_values
from toolkit.games.a_winter_war.combat import (
    artillery_total,
    best_losses,
    coast_defence_strength,
    engineer_bonus,
    exchange_losses,
    mandatory_share,
    resolve,
)
from toolkit.games.chart_values import NotJudged


def invoke(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_9c_15_against_6_half_exchange_and_exchange() -> None:
    # 9C: "an attack of 15 against 6 gives HX; the defender loses 6, the attacker loses at least 3" / EX: 6
    hx = exchange_losses("HX", F(15), F(6))
    ex = exchange_losses("EX", F(15), F(6))
    assert hx == {"eliminated": "defender", "eliminated_strength": 6, "other_side": "attacker",
                  "other_side_loses_at_least": 3}
    assert ex is not None and ex["other_side_loses_at_least"] == 6 and ex["eliminated"] == "defender"
    assert exchange_losses("EX", F(4), F(4))["eliminated"] == "defender"  # a tie: the defender (9C)
    assert exchange_losses("EX", F(3), F(8))["eliminated"] == "attacker"
    assert exchange_losses("DR", F(15), F(6)) is None


def test_9c_through_the_command_line() -> None:
    code, out, _ = invoke("combat", "a-winter-war", "-a", "15", "-d", "6", "--result", "HX", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["odds"], data["result"], data["exchange"]["other_side_loses_at_least"]) == ("2-1", "HX", 3)
    code, out, _ = invoke("combat", "a-winter-war", "-a", "15", "-d", "6", "--result", "EX", "--json")
    assert json.loads(out)["exchange"]["other_side_loses_at_least"] == 6


def test_9e_cadres_two_divisions_lose_six() -> None:
    # two Soviet 5-6 divisions (cadre 1-6) lose 6: one reduced to cadre (5), then the cadre eliminated (1)
    steps = best_losses([("a", F(5), F(1)), ("b", F(5), F(1))], F(6))
    assert steps == [("a", "reduced to cadre", F(5)), ("a", "cadre eliminated", F(1))]
    assert best_losses([("a", F(5), F(1))], F(7)) is None


def test_9j_engineers_take_half_of_an_exchange() -> None:
    # fort attacked with combat engineers, EX: defender loses 8, the attacker as many, 4 of them engineers
    ex = exchange_losses("EX", F(20), F(8))
    assert ex is not None and ex["other_side_loses_at_least"] == 8
    assert mandatory_share(F(8)) == 4


def test_14a2_engineers_one_seventh_without_artillery() -> None:
    assert engineer_bonus(F(1), F(7), target_fortified=True) == 1
    assert engineer_bonus(F(1), F(8), target_fortified=True) == 0
    assert engineer_bonus(F(1), F(9), F(2), target_fortified=True) == 1  # artillery RE not counted
    assert engineer_bonus(F(1), F(7), target_fortified=False) == 0


def test_14b_surplus_artillery_defends_with_one() -> None:
    # 3 Soviet 2-6 artillery brigades + 1 combat engineer regiment 1-6: defence 2 + 1 + 1 = 4
    assert artillery_total([F(2), F(2), F(2)], F(1)) + 1 == 4
    assert artillery_total([F(2), F(2)], F(2)) == 4


def test_38a2f_coast_defence_examples() -> None:
    assert coast_defence_strength(F(1), from_sea=True) == F(1, 2)  # 35:4613 attacked across frozen Ladoga
    assert coast_defence_strength(F(2), from_sea=True) == 1  # Kotka from the island hops
    assert coast_defence_strength(F(3), from_sea=False) == F(3, 4)  # Helsinki over land
    values = default_values()
    assert [values.value("coast", h, "level") for h in ("35:4521", "35:4526", "35:4613")] == [2, 3, 1]


def test_odds_limits_and_unknown_crt() -> None:
    values = default_values()
    low = resolve(F(1), F(5), values, die=6)
    assert (low.odds, low.automatic, low.result) == ("1-4", "AE", "AE")
    high = resolve(F(50), F(1), values, die=1)
    assert high.odds == "9-1" and high.result is None
    assert "not judged: Land Combat Results Table value unknown (Modified die 1, 9-1)" in high.notes
    assert resolve(F(7), F(2), values).odds == "3-1"  # 3.5 rounded down (9A)
    with pytest.raises(NotJudged, match="not judged: Terrain Effects Chart value unknown"):
        values.value("tec", "clear", "other units")


def test_given_values_are_cited() -> None:
    v = default_values()
    assert v.value("tec", "marsh", "c/m and artillery") == 3 and v.value("tec", "marsh", "ski") == 1
    assert "rule 6" in v.cite("tec", "marsh", "ski")
    assert v.value("rail", "soviet", "capacity (RE per turn)") == 15
    assert PORTS["major"] == (8, 10) and PORTS["minor"] == (2, 4)
    assert v.value("naval", "5", "2") == "H" and v.value("air", "5", "-2") == "R"


def _chart_file(tmp_path: Path, body: str) -> Path:
    p = tmp_path / "charts.yaml"
    p.write_text(body, encoding="utf-8")
    return p


CRT_FILE = """\
- title: Land Combat Results Table
  columns: [Modified die, 1-4, 1-3, 1-2, 1-1, 2-1, 3-1, 4-1, 5-1, 6-1, 7-1, 8-1, 9-1]
  rows:
    - ["1", AE, AE, AR, AR, AS, DR, DR, DR, DH, DH, DE, DE]
    - ["4", AE, AR, AS, EX, HX, DR, DR, DH, DE, DE, DE, DE]
    - ["0", AE, AE, AE, AR, AR, AS, AS, DR, DR, DH, DH, DE]
"""


def test_a_completed_chart_file_is_used(tmp_path: Path) -> None:
    # test data only: these results are invented for the test, not the game's table
    path = _chart_file(tmp_path, CRT_FILE)
    values = default_values().with_file(path)
    assert values.value("crt", "4", "2-1") == "HX"
    assert resolve(F(15), F(6), values, die=3, drm=1).result == "HX"
    assert resolve(F(15), F(6), values, die=1, drm=-1).result == "AR"  # an extra row (modified 0)
    code, out, _ = invoke("combat", "a-winter-war", "-a", "15", "-d", "6", "--die", "4", "--charts", str(path),
                          "--json")
    assert code == 0 and json.loads(out)["result"] == "HX"


@pytest.mark.parametrize(("body", "message"), [
    ("- title: Land Combat Results Table\n  columns: [Modified die, 1-4]\n  rows:\n    - [\"1\", XX]\n",
     "line 4: Land Combat Results Table: row '1' column '1-4': 'XX' is not one of AE"),
    ("- title: Terrain Effects Chart\n  columns: [Terrain, ski]\n  rows:\n    - [clear, \"1\"]\n    - [marsh, \"2\"]\n",
     "line 5: Terrain Effects Chart: row 'marsh' column 'ski': '2' disagrees with the rulebook's 1"),
    ("- title: Bogus Table\n  columns: [a]\n", "line 1: table 1: unknown chart 'Bogus Table'"),
    ("- title: Land Combat Results Table\n  columns: [Modified die, 10-1]\n", "unknown column '10-1'"),
    ("- title: Naval Damage Table\n  columns: [Ship type, hits to sink]\n  rows:\n    - [XB, \"3\"]\n",
     "line 4: Naval Damage Table: unknown row 'XB'"),
])
def test_a_bad_chart_file_names_the_line(tmp_path: Path, body: str, message: str) -> None:
    path = _chart_file(tmp_path, body)
    with pytest.raises(DataFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        default_values().with_file(path)
    code, _, err = invoke("combat", "a-winter-war", "-a", "3", "-d", "1", "--charts", str(path))
    assert code == 3 and err.count("\n") == 1


def test_charts_print_every_table_with_unknowns_marked() -> None:
    tables = GAME.charts()
    titles = [t.title for t in tables]
    assert {"Terrain Effects Chart", "Land Combat Results Table", "Air Combat Results Table", "Bombardment Table",
            "Anti-Aircraft Fire Table", "Naval Combat Results Table", "Supply Lines Summary",
            "Rail Capacity and Speed", "Construction Times", "Port Capacity Table"} <= set(titles)
    crt = tables[titles.index("Land Combat Results Table")]
    assert all(cell == "?" for row in crt.rows for cell in row[1:])
    tec = tables[titles.index("Terrain Effects Chart")]
    marsh = next(r for r in tec.rows if r[0] == "marsh")
    assert marsh[1:4] == ("3", "2", "1")


def test_every_rule_quotes_the_rules_text() -> None:
    from toolkit.games.a_winter_war.rules import BOOK

    seeds = Path(__file__).resolve().parents[4] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the seeds (../shared/seeds) are not here")
    text = "\n".join((seeds / f"a-winter-war-europa-{n}.txt").read_text(encoding="utf-8")
                     for n in ("rules", "naval-rules", "overview"))
    assert BOOK.unquoted(text) == []
    assert len(BOOK.sections()) >= 30


def test_build_aids_with_a_completed_chart_file(tmp_path: Path) -> None:
    path = _chart_file(tmp_path, CRT_FILE)
    tables = GAME.charts_from(str(path))
    crt = next(t for t in tables if t.title == "Land Combat Results Table")
    assert crt.rows[3] == ("4", "AE", "AR", "AS", "EX", "HX", "DR", "DR", "DH", "DE", "DE", "DE", "DE")
    assert crt.rows[-1][0] == "0"  # the file's extra row
    bad = _chart_file(tmp_path, "- title: Bogus Table\n  columns: [a]\n")
    with pytest.raises(DataFileError, match="unknown chart 'Bogus Table'"):
        GAME.charts_from(str(bad))


def test_combat_terrain_from_a_chart_file(tmp_path: Path) -> None:
    # test data: forest doubles the defence and gives -1 (not the game's chart)
    path = _chart_file(tmp_path, CRT_FILE + "- title: Terrain Effects Chart\n  columns: [Terrain, combat]\n"
                       "  rows:\n    - [forest, \"x2, -1\"]\n")
    code, out, _ = invoke("combat", "a-winter-war", "-a", "24", "-d", "6", "--terrain", "forest", "--die", "5",
                          "--charts", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and (data["defense"], data["odds"], data["modified_die"], data["result"]) == (12, "2-1", 4, "HX")
    code, out, _ = invoke("combat", "a-winter-war", "-a", "24", "-d", "6", "--terrain", "marsh", "--json")
    data = json.loads(out)
    assert data["odds"] == "4-1"
    assert data["notes"][0] == ("terrain marsh: not judged: Terrain Effects Chart value unknown (Terrain marsh, "
                                "combat); --defense taken as already modified")
