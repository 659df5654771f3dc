"""The Tornio '44 position suite: every YAML in tests/games/tornio_44_positions/ is judged on the hand-made test map
(tests/games/tornio_44/fixture_map.yaml) and must get exactly the violations its ``expect:`` states (section, hexes
and units), plus any unit status and summary values it gives. The files are written by make_positions.py beside
them, from the rulebook; each cites its section."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.games.tornio_44.rules import TornioReferee
from toolkit.games.tornio_44.schema import SCHEMA
from toolkit.rules import load_position_data

HERE = Path(__file__).resolve().parent / "tornio_44_positions"
REAL = Path(__file__).resolve().parent / "tornio_44_real_positions"
FILES = sorted(HERE.glob("[0-9][0-9][0-9]-*.yaml"))
REAL_FILES = sorted(REAL.glob("[0-9][0-9][0-9]-*.yaml"))
FIXTURE = Path(__file__).resolve().parent / "tornio_44" / "fixture_map.yaml"
MAP = Path(__file__).resolve().parents[2] / "maps" / "tornio-44.yaml"

#: the rulebook sections the suite must cover (their positions cite them)
SECTIONS = ("5.4", "7.0", "7.1", "9.0", "10.0", "11.0", "12.0", "13.0", "13.1", "14.0", "15.0", "15.1", "16.1",
            "16.2", "16.2.1", "16.2.2", "16.2.3", "17.0", "17.3", "17.4", "18.1.1", "18.2", "18.4", "19.0", "20.0",
            "21.2", "21.5", "21.6", "22.1", "22.3", "22.5", "22.9", "22.10", "23.0", "23.1", "25.0", "25.1", "26.0",
            "27.1", "27.3", "28.0", "28.1", "29.0", "29.3", "29.5", "31.2")


@pytest.fixture(scope="module")
def ref() -> TornioReferee:
    from toolkit.terrain.io import load_map
    return TornioReferee(load_map(FIXTURE))


@pytest.fixture(scope="module")
def real_ref() -> TornioReferee:
    if not MAP.is_file():
        pytest.skip(f"the bundled Tornio '44 map is not at {MAP}")
    from toolkit.terrain.io import load_map
    return TornioReferee(load_map(MAP))


def subset(expected: Any, actual: Any, where: str) -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            if k.startswith("__"):
                continue
            assert k in actual, f"{where}: no {k!r} in {sorted(actual)}"
            subset(v, actual[k], f"{where}.{k}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert len(actual) == len(expected), f"{where}: {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            subset(e, a, f"{where}[{i}]")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def test_suite_size_citations_and_balance() -> None:
    assert len(FILES) >= 80 and len(REAL_FILES) >= 10
    cited, legal = [], 0
    for f in FILES + REAL_FILES:
        head = f.read_text(encoding="utf-8").splitlines()[:3]
        assert head[0].startswith("# rule: ") and head[2].startswith("# expected verdict: "), f.name
        cited.append(head[0][len("# rule: "):])
        legal += head[2].endswith("legal")
    for section in SECTIONS:
        assert section in cited, f"no position cites {section}"
    assert 0.35 <= legal / len(FILES + REAL_FILES) <= 0.5, f"{legal} legal of {len(FILES + REAL_FILES)}"


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_position(ref: TornioReferee, path: Path) -> None:
    judge(ref, path)


@pytest.mark.parametrize("path", REAL_FILES, ids=[f.stem for f in REAL_FILES])
def test_position_on_the_bundled_map(real_ref: TornioReferee, path: Path) -> None:
    judge(real_ref, path)


def judge(ref: TornioReferee, path: Path) -> None:
    data = load_position_data(path)
    SCHEMA.validate(data, str(path))
    expect = data["expect"]
    pos = ref.position(data, str(path))
    before = ref.position({**data, "units": data["before"]}, f"{path} (before)") if data.get("before") else None
    report = ref.check(pos, before)
    got = sorted((v.rule, tuple(sorted(v.hexes)), tuple(sorted(v.units))) for v in report.violations)
    want = sorted((str(v["rule"]), tuple(sorted(str(h) for h in v.get("hexes") or [])),
                   tuple(sorted(str(x) for x in v.get("units") or []))) for v in expect.get("violations") or [])
    assert report.ok is expect["ok"], f"{path.name}: {[v.to_dict() for v in report.violations]}"
    assert got == want, f"{path.name}: {[v.message for v in report.violations]}"
    assert sorted(set(report.rules())) == sorted(set(expect["rules"]))
    subset(expect.get("units", {}), report.units, "units")
    subset(expect.get("summary", {}), report.summary, "summary")


@pytest.mark.parametrize("name", ["real-tornio-close-combat", "real-stacking-tornio", "real-main-road"])
def test_position_through_the_command_line(name: str) -> None:
    """`wgt check` on positions of the suite on the bundled map (the position's own ``before:`` is the earlier one)."""
    import json

    from click.testing import CliRunner

    from toolkit.cli.main import cli
    from toolkit.games import get_game
    if not get_game("tornio-44").has_map():
        pytest.skip("no bundled Tornio '44 map yet")
    path = next(REAL.glob(f"[0-9][0-9][0-9]-{name}.yaml"))
    expect = load_position_data(path)["expect"]
    r = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert r.exit_code == (0 if expect["ok"] else 1), r.output
    assert sorted({v["rule"] for v in json.loads(r.stdout)["violations"]}) == sorted(set(expect["rules"]))
