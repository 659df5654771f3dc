"""Held-out Winter War positions written from the rulebook text alone (issue 15 item 4), on the 10x10 test map
(tests/rules/minimap.py, whose docstring describes it): each file quotes the rule it applies and states the verdict
decided from that text before the referee was run. Agreement is exact: same ok, same set of rules broken, and
the summary values given.

First run (verdicts written before the referee saw them): 26 of 28 agreed. Both disagreements were errors in the
positions, not the referee: 13 moved a 2-MP unit "directly" from one controlled hex to another, but a detour
through an uncontrolled hex (which (F) itself allows) was in reach, so it now moves the 1-MP paratroop; 28 put a
20-12-2 on 1008, which is two hexes from Leningrad, not four (now 1006, four hexes). The corrected 13 then found a
referee error: an isolated unit moving one hex from one controlled hex to another was cited under Supply and
Isolation (A), whose own text excepts that case ("Except for moving directly from one Enemy controlled hex to
another"): it is Zones of Control (F) (fixed). 28 of 28 now agree.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.games.winter_war.rules import WinterWarReferee
from toolkit.rules import load_position_data

from ..rules.minimap import minimap

HERE = Path(__file__).resolve().parent / "winter_war_heldout"
FILES = sorted(HERE.glob("[0-9][0-9]-*.yaml"))


@pytest.fixture(scope="module")
def ref() -> WinterWarReferee:
    return WinterWarReferee(minimap())


def test_suite_quotes_the_rulebook() -> None:
    book = (Path(__file__).resolve().parents[2] / ".." / "shared" / "seeds" / "winter-war-spi-1972.txt")
    text = " ".join(book.read_text(encoding="utf-8").split()) if book.is_file() else None
    assert len(FILES) >= 20
    for f in FILES:
        head = f.read_text(encoding="utf-8").splitlines()[:3]
        assert head[0].startswith("# rule: ") and head[1].startswith('# quote: "') and \
            head[2].startswith("# expected verdict: "), f.name
        if text is not None:
            assert head[1][len('# quote: "'):-1] in text, f"{f.name}: the quote is not in the rulebook"


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_heldout_position(ref: WinterWarReferee, path: Path) -> None:
    data = load_position_data(path)
    expect = data["expect"]
    pos = ref.position(data, str(path))
    before = ref.position({**data, "units": data["before"]}, f"{path} (before)") if "before" in data else None
    report = ref.check(pos, before)
    got = sorted(set(report.rules()))
    assert (report.ok, got) == (expect["ok"], sorted(set(expect["rules"]))), \
        f"{path.name}: {[v.to_dict() for v in report.violations]}"
    for key, value in (expect.get("summary") or {}).items():
        if key.startswith("__"):
            continue  # the loader's line bookkeeping
        assert report.summary[key] == value, f"{path.name}: summary {key}"
