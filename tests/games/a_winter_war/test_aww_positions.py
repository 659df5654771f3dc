"""The A Winter War position suite: every YAML in ``positions/`` (written by ``make_positions.py``) is judged on
the fixture map ``maps/isthmus.yaml`` and must get exactly the verdict its ``expect:`` states: ok, the sections
broken, and the unit status and summary values it names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.games.a_winter_war import GAME
from toolkit.games.a_winter_war.rules import AWinterWarReferee
from toolkit.rules import load_position_data
from toolkit.terrain.io import load_map

HERE = Path(__file__).resolve().parent
FILES = sorted((HERE / "positions").glob("*.yaml"))


@pytest.fixture(scope="module")
def ref() -> AWinterWarReferee:
    return AWinterWarReferee(load_map(HERE / "maps" / "isthmus.yaml"))


def subset(expected: Any, actual: Any, where: str) -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            if str(k).startswith("__"):
                continue
            assert k in actual, f"{where}: no {k!r} in {sorted(actual)}"
            subset(v, actual[k], f"{where}.{k}")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def test_suite_size_and_balance() -> None:
    assert len(FILES) >= 100
    legal = 0
    for f in FILES:
        head = f.read_text(encoding="utf-8").splitlines()[:3]
        assert head[0].startswith("# rule: ") and head[2].startswith("# expected verdict: "), f.name
        legal += head[2] == "# expected verdict: legal"
    assert 0.35 <= legal / len(FILES) <= 0.5


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_position(ref: AWinterWarReferee, path: Path) -> None:
    data = load_position_data(path)
    GAME.state_schema().validate(data, str(path))
    expect = data["expect"]
    pos = ref.position(data, str(path))
    before = ref.position({**data, "units": data["before"]}, f"{path} (before)") if data.get("before") else None
    report = ref.check(pos, before)
    got = [(v.rule, v.message) for v in report.violations]
    assert sorted(set(report.rules())) == sorted(set(expect["rules"])), f"{path.name}: {got}"
    assert report.ok is expect["ok"], f"{path.name}: {got}"
    subset(expect.get("units", {}), report.units, "units")
    subset(expect.get("summary", {}), report.summary, "summary")
