"""Tornio '44: the independent held-out positions (tests/games/tornio_heldout/, written from the rulebook alone).

Each position's verdict is in ``expected.yaml``: ``legal`` (no violation, nothing left not judged),
``illegal`` (a violation citing one of ``sections``, or a subsection of one) or ``not judged`` (no violation,
a "not judged" line naming one of ``sections``); ``units`` gives unit statuses the rulebook implies.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from toolkit.cli.main import cli

HERE = Path(__file__).parent / "tornio_heldout"
EXPECTED: dict = yaml.safe_load((HERE / "expected.yaml").read_text(encoding="utf-8"))

# Referee bugs found by these positions and not fixed yet: name -> the bug (xfail, strict).
OPEN_BUGS: dict[str, str] = {}


def _check(path: Path) -> dict:
    r = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.output)


def _cites(rule: str, sections: list[str]) -> bool:
    return any(rule == s or rule.startswith(s + " ") for s in sections)


def _params() -> list:
    out = []
    for name in EXPECTED:
        marks = [pytest.mark.xfail(strict=True, reason=OPEN_BUGS[name])] if name in OPEN_BUGS else []
        out.append(pytest.param(name, id=name, marks=marks))
    return out


def test_every_position_has_a_verdict() -> None:
    files = {p.stem for p in HERE.glob("[0-9]*.yaml")}
    assert files == set(EXPECTED)
    assert len(files) >= 60


@pytest.mark.parametrize("name", _params())
def test_heldout_verdict(name: str) -> None:
    e = EXPECTED[name]
    d = _check(HERE / f"{name}.yaml")
    rules = [v["rule"] for v in d["violations"]]
    not_judged = d.get("summary", {}).get("not_judged", [])
    if e["verdict"] == "legal":
        assert not rules and not not_judged, (rules, not_judged)
    elif e["verdict"] == "illegal":
        assert any(_cites(r, e["sections"]) for r in rules), (e["sections"], rules)
    else:
        assert not rules, rules
        assert any(s in line for line in not_judged for s in e["sections"]), (e["sections"], not_judged)
    for uid, status in (e.get("units") or {}).items():
        for key, value in status.items():
            assert d["units"][uid][key] == value, (uid, key, d["units"][uid][key])
