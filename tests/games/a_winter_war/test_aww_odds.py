"""Odds, results and overruns once a chart file gives what the rules text lacks (9A, 9B, 11, 12D, 13, 14B, 14G).
The chart below is TEST DATA written for these tests, not A Winter War's printed charts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.a_winter_war.rules import AWinterWarReferee
from toolkit.games.a_winter_war.rules.strengths import combat_effect
from toolkit.terrain.io import load_map

HERE = Path(__file__).resolve().parent
_COLUMNS = ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1"]
#: test data, written as JSON (a chart file may be JSON): a TEC combat column and three rows of a table
CHART = json.dumps([
    {"title": "Terrain Effects Chart", "columns": ["Terrain", "combat"],
     "rows": [["clear", "none"], ["forest", "x2"], ["rough", "x2, -1"]]},
    {"title": "Land Combat Results Table", "columns": ["Modified die", *_COLUMNS],
     "rows": [["1", *["AE", "AE", "AR", "AR", "AR", "AS", "DR", "DR", "DR", "DH", "DH", "DE"]],
              ["2", *["AE", "AR", "AR", "AS", "DR", "DR", "DR", "DH", "DH", "DE", "DE", "DE"]],
              ["3", *["AR", "AR", "AS", "DR", "DR", "HX", "EX", "DH", "DE", "DE", "DE", "DE"]]]},
    {"title": "Supply Lines Summary", "columns": ["Element", "normal", "arctic"],
     "rows": [["land (hexes)", "2", "1"], ["road (hexes)", "3", "2"]]},
])


@pytest.fixture(scope="module")
def ref(tmp_path_factory: pytest.TempPathFactory) -> AWinterWarReferee:
    path = tmp_path_factory.mktemp("charts") / "charts.json"
    path.write_text(CHART, encoding="utf-8")
    r = AWinterWarReferee(load_map(HERE / "maps" / "isthmus.yaml"))
    r.use_charts(path)
    return r


def judge(ref: AWinterWarReferee, units: list[dict[str, Any]], state: dict[str, Any], phase: str = "combat",
          player: str = "soviet") -> tuple[list[str], list[str]]:
    pos = ref.position({"turn": 3, "player": player, "phase": phase, "units": units, "state": state})
    report = ref.check(pos)
    return [f"{v.rule}: {v.message}" for v in report.violations], report.summary["not_judged"]


def test_combat_effect_cells() -> None:
    assert combat_effect("x2, -1") == (2, -1) and combat_effect("/2") == (0.5, 0) and combat_effect("none") == (1, 0)


def test_a_result_is_checked_against_the_table(ref: AWinterWarReferee) -> None:
    units = [{"id": "a", "counter": "soviet XX rifle 5-5-3", "hex": "35:4318", "state": {"normal_stacking": True}},
             {"id": "b", "counter": "soviet XX rifle 5-5-3", "hex": "35:4318", "state": {"normal_stacking": True}},
             {"id": "f", "counter": "finnish XX infantry 4-5-6", "hex": "35:4418"}]
    # 10 against 5 doubled in rough (x2): 10 to 10, 1-1; die 3 with the rough -1: modified 2: AS
    assert judge(ref, units, {"attacks": [{"hex": "35:4418", "attackers": ["a", "b"], "die": 3, "result": "AS"}]}) \
        == ([], [])
    got, _ = judge(ref, units, {"attacks": [{"hex": "35:4418", "attackers": ["a", "b"], "die": 3, "result": "DR"}]})
    assert got == ["9A: attack 1: 10 against 10 at 1-1, die 3 gives AS, not DR"]


def test_below_one_to_four_is_attacker_eliminated(ref: AWinterWarReferee) -> None:
    units = [{"id": "a", "counter": "soviet III rifle 1-1-3", "hex": "35:4318", "state": {"unsupplied": True}},
             {"id": "f", "counter": "finnish XX infantry 4-5-6", "hex": "35:4418"}]
    # an unsupported, unsupplied regiment: 1/4 against 10: below 1:4, AE whatever the die
    got, _ = judge(ref, units, {"attacks": [{"hex": "35:4418", "attackers": ["a"], "die": 3, "result": "AR"}]})
    assert got == ["9B: attack 1: 0.25 against 10 is below 1:4 gives AE, not AR"]


def test_political_police_turn_dr_into_ex(ref: AWinterWarReferee) -> None:
    units = [{"id": "f1", "counter": "finnish XX infantry 8-5-6", "hex": "35:4517"},
             {"id": "f2", "counter": "finnish XX infantry 8-5-6", "hex": "35:4517"},
             {"id": "s", "counter": "soviet XX rifle 5-5-3", "hex": "35:4617"},
             {"id": "p", "counter": "soviet III police 1-4*", "hex": "35:4617"}]
    # 16 against 6 (5 + 1) in clear: 2-1; die 2: DR, which political police turn into EX (14G)
    attack = {"hex": "35:4617", "attackers": ["f1", "f2"], "die": 2}
    assert judge(ref, units, {"attacks": [{**attack, "result": "EX"}]}, player="finnish") == ([], [])
    got, _ = judge(ref, units, {"attacks": [{**attack, "result": "DR"}]}, player="finnish")
    assert got == ["14G: attack 1: 16 against 6 at 2-1, die 2 gives EX, not DR"]


def test_unknown_terrain_is_not_judged(ref: AWinterWarReferee) -> None:
    units = [{"id": "a", "counter": "soviet XX rifle 5-5-3", "hex": "35:4514"},
             {"id": "f", "counter": "finnish XX infantry 4-5-6", "hex": "35:4515"}]
    got, skipped = judge(ref, units, {"attacks": [{"hex": "35:4515", "attackers": ["a"], "die": 1, "result": "AE"}]})
    assert got == []
    assert skipped == ["9A: attack 1: not judged: Terrain Effects Chart value unknown (Terrain marsh, combat)"]


def test_overrun_needs_ten_to_one(ref: AWinterWarReferee) -> None:
    base = [{"id": "f", "counter": "finnish II ski 1-8", "hex": "35:4418"}]
    # a battalion: 1 halved unsupported, doubled in rough (test chart): 1; ten to one needs 10
    four = [{"id": f"t{i}", "counter": "soviet X tank 1-1-8*", "hex": "35:4318"} for i in range(4)]
    got, _ = judge(ref, [*base, *four], {"overruns": [{"hex": "35:4418", "attackers": [f"t{i}" for i in range(4)]}]},
                   phase="movement")
    assert got[-1] == "13: overrun 1: 4 against 1 is below 10:1"
    five = [*four[:2], {"id": "t4", "counter": "soviet X tank 8-1-8*", "hex": "35:4318"}]
    got, _ = judge(ref, [*base, *five], {"overruns": [{"hex": "35:4418", "attackers": ["t0", "t1", "t4"]}]},
                   phase="movement")
    assert [g for g in got if g.startswith("13")] == []


def test_supply_lines_with_the_summary(ref: AWinterWarReferee) -> None:
    # test chart: land 2 hexes, road 3; 35:4418 is next to the railway at Viipuri, 35:3814 five hexes from any
    near = {"id": "f", "counter": "finnish III infantry 1-2-6", "hex": "35:4418"}
    far = {"id": "g", "counter": "finnish III infantry 1-2-6", "hex": "35:3814"}
    got, skipped = judge(ref, [near, far], {}, phase="initial", player="finnish")
    assert got == ["12B: g in 35:3814 has no supply line but is not marked unsupplied"] and skipped == []
    got, _ = judge(ref, [{**near, "state": {"unsupplied": True}}, {**far, "state": {"unsupplied": True}}], {},
                   phase="initial", player="finnish")
    assert got == ["12B: f in 35:4418 is marked unsupplied but traces a supply line"]
