"""The truth file format as docs/legend.md writes it: its example loads and scores as the text says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.errors import DataFileError
from toolkit.terrain.truth import _KEYS as KNOWN
from toolkit.terrain.truth import load_truth, score

DOC = Path(__file__).resolve().parents[2] / "docs" / "legend.md"


def _example() -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(r"A truth file is YAML:\n\n```yaml\n(.*?)```", text, re.S)
    assert m, "docs/legend.md lost its truth file example"
    return m.group(1)


def test_the_documented_example_loads(tmp_path):
    p = tmp_path / "t.yaml"
    p.write_text(_example())
    t = load_truth(p)
    assert t.hexes == {"0101": "clear", "0202": "forest"}
    assert t.symbols == {"city": {"0205", "0307"}}
    assert t.hexsides == {"river": {"0503/0604"}} and t.links == {"rail": {"0205/0206"}}
    assert t.excluded == {"chart": ["1308"]}
    assert t.grid is not None and len(t.grid.ids()) == 176 and t.grid.id(t.grid.hex("0202")) == "0202"


def test_scoring_follows_the_documented_rules(tmp_path):
    """Symbols only in labelled hexes, sides only between labelled hexes, a legend line the truth does not list
    counts its finds as false, a truth line the legend lacks is scored with nothing found; side keys either way."""
    p = tmp_path / "t.yaml"
    p.write_text("truth: 1\nhexes: {'0101': clear, '0102': forest, '0201': clear}\nsymbols: {city: ['0102']}\n"
                 "links: {rail: ['0102/0101']}\nhexsides: {river: ['0101/0201']}\n")
    s = score(load_truth(p), {"0101": "clear", "0102": "clear", "0201": "clear"}, {"city": {"0102", "0909"}},
              {"0101/0102": frozenset({"rail", "road"}), "0102/0909": frozenset({"road"})}, ["city"],
              ["rail", "road"])
    assert (s.right, s.hexes) == (2, 3) and s.wrong == [("0102", "forest", "clear")]
    assert s.symbols == {"city": (1, 1, 1)}
    assert s.lines == {"rail": (1, 1, 1), "river": (0, 0, 1), "road": (0, 1, 0)}


def test_an_unknown_key_names_its_line(tmp_path):
    p = tmp_path / "t.yaml"
    p.write_text(_example() + "hexside:\n  river: []\n")
    with pytest.raises(DataFileError, match=r"line \d+: unknown key 'hexside'"):
        load_truth(p)


def test_an_unknown_key_is_exit_3_through_the_cli(tmp_path):
    from toolkit.cli.main import cli

    from .test_extract import write_tiny

    d = write_tiny(tmp_path, "legend.yaml")
    p = tmp_path / "t.yaml"
    p.write_text("truth: 1\nhexes: {}\nbogus: 1\n")
    r = CliRunner().invoke(cli, ["map", "extract", str(d / "scan.png"), "--grid", str(d / "grid.yaml"), "--legend",
                                 str(d / "legend.yaml"), "-o", str(tmp_path / "m.yaml"), "--truth", str(p)])
    assert r.exit_code == 3 and r.stdout == ""
    assert r.stderr == f"wgt: error: {p} line 3: unknown key 'bogus' (known: {', '.join(sorted(KNOWN))})\n"
    assert not (tmp_path / "m.yaml").exists()
