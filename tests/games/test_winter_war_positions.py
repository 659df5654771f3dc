"""The Winter War position suite: every YAML in tests/games/winter_war_positions/ is judged on the
bundled map and must get the verdict its ``expect:`` states (ok, the rules broken, unit status and
summary values). The files are written by make_positions.py beside them; each cites its rule.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.winter_war.rules import WinterWarReferee
from toolkit.rules import load_position_data

HERE = Path(__file__).resolve().parent / "winter_war_positions"
FILES = sorted([*HERE.glob("[0-9][0-9]-*.yaml"), *HERE.glob("[0-9][0-9][0-9]-*.yaml")])
MAP = Path(os.environ.get("WGT_WINTER_WAR_MAP", Path(__file__).resolve().parents[2] / "maps" / "winter-war.yaml"))

#: rule sections of the rulebook the suite must cover (the position comments cite them)
SECTIONS = ("Sequence of Play", "Movement", "Zones of Control", "Stacking", "Combat", "Supply and Isolation",
            "Murmansk Defense", "Fortifications", "Initial Deployment", "Victory", "Terrain Effects Chart",
            "Turn Record / Reinforcement Chart", "Scenario", "Special Event", "Optional Rule")


@pytest.fixture(scope="module")
def ref() -> WinterWarReferee:
    if not MAP.is_file():
        pytest.skip(f"the bundled Winter War map is not at {MAP} yet")
    from toolkit.terrain.io import load_map
    return WinterWarReferee(load_map(MAP))


def subset(expected: Any, actual: Any, where: str) -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            if k.startswith("__"):
                continue  # the loader's line bookkeeping
            assert k in actual, f"{where}: no {k!r} in {sorted(actual)}"
            subset(v, actual[k], f"{where}.{k}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert len(actual) == len(expected), f"{where}: {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            subset(e, a, f"{where}[{i}]")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def test_suite_size_and_citations() -> None:
    assert len(FILES) >= 60
    cited = []
    for f in FILES:
        head = f.read_text(encoding="utf-8").splitlines()[:3]
        assert head[0].startswith("# rule: ") and head[2].startswith("# expected verdict: "), f.name
        cited.append(head[0])
    for section in SECTIONS:
        assert any(section in c for c in cited), f"no position cites {section}"


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_position(ref: WinterWarReferee, path: Path) -> None:
    data = load_position_data(path)
    expect = data["expect"]
    pos = ref.position(data, str(path))
    before = None
    if data.get("before") is not None:
        before = ref.position({**data, "units": data["before"]}, f"{path} (before)")
    report = ref.check(pos, before)
    broken = report.rules()
    assert report.ok is expect["ok"], f"{path.name}: {[v.to_dict() for v in report.violations]}"
    assert sorted(set(broken)) == sorted(set(expect["rules"])), f"{path.name}: {[v.message for v in report.violations]}"
    subset(expect.get("units", {}), report.units, "units")
    subset(expect.get("summary", {}), report.summary, "summary")


@pytest.mark.parametrize("name", ["01-stacking-three-south", "40-move-zoc-stop", "74-setup-legal"])
def test_position_through_the_command_line(ref: WinterWarReferee, name: str) -> None:
    import json

    from click.testing import CliRunner

    from toolkit.cli.main import cli
    path = HERE / f"{name}.yaml"
    expect = load_position_data(path)["expect"]
    r = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert r.exit_code == (0 if expect["ok"] else 1)
    assert sorted({v["rule"] for v in json.loads(r.stdout)["violations"]}) == sorted(set(expect["rules"]))


def test_allies_entrain_only_at_kemi(ref: WinterWarReferee) -> None:
    """Scenario B: "Allied units cannot move by rail until they reach Kemi where they may entrain". From Tornio
    (rail, next to Kemi) a 3-2-2 walks to Kemi (1 MP) and entrains (1 MP): it reaches Oulu but not a hex
    beyond it; from Kemi itself, or once it has been there, it rides and walks on."""
    board = ref.board
    tornio, kemi, oulu = (board.tmap.place(n) for n in ("Tornio", "Kemi", "Oulu"))
    assert kemi in board.neighbours(tornio) and kemi in board.rail_net[tornio]
    beyond = next(n for n in board.neighbours(oulu) if board.tmap.terrain(n) == "clear" and
                  "rail" not in board.tags(n) and not board.side(oulu, n) and board.in_country(n, "finland"))

    def rules(start: str, dest: str, **state: Any) -> list[str]:
        data = {"game": "winter-war", "turn": 5, "player": "finnish", "phase": "movement",
                "state": {"scenario": "B", "scandinavia_open": True},
                "units": [{"id": "x", "counter": "all-3-2-2", "hex": dest, "state": state}]}
        before = {**data, "units": [{"id": "x", "counter": "all-3-2-2", "hex": start, "state": state}]}
        return ref.check(ref.position(data), ref.position(before)).rules()

    assert rules(tornio, oulu) == []
    assert rules(tornio, beyond) == ["Scenario B"]
    assert rules(kemi, beyond) == []
    assert rules(tornio, beyond, reached_kemi=True) == []
