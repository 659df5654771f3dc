"""Tornio '44 chart data (toolkit/games/tornio_44/charts.yaml): the values the rulebook gives, the unknowns,
and a user's completed file checked line by line (shared/seeds/tornio-44.txt sections cited)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from toolkit.errors import DataFileError
from toolkit.games.tornio_44 import charts as ch
from toolkit.games.tornio_44.charts import BUNDLED, bundled_charts, load_charts


def line(text: str) -> int:
    """The line of the bundled charts.yaml where ``text`` first appears."""
    whole = BUNDLED.read_text(encoding="utf-8")
    return whole[: whole.index(text)].count("\n") + 1


def test_values_the_rulebook_gives() -> None:
    c = bundled_charts()
    # 22.6.1-22.6.6: Step Loss 4, No Effect 1, Broken 1 Level 2, Broken 2 Levels 3, Retreat 2, Panic 3 APs
    assert [c.action_cost(a) for a in ("Step Loss", "No Effect", "Broken 1 Level", "Broken 2 Levels", "Retreat",
                                       "Panic")] == [4, 1, 2, 3, 2, 3]
    # 22.10.1 Quick Reference Guide: 1=1; 2=1; 3=2; 4=2; 5=3; 6=3; 7=4; 8=4; 9=5; 10=5 (maximum)
    assert [c.large_combat_dice(n) for n in range(1, 12)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5]
    assert c.combat_modifier("forest") == Fraction(-1, 2)  # Illustration 9
    assert c.combat_modifier("swamp") == Fraction(-1, 2)  # Illustration 12
    assert c.combat_modifier("major_river") == -2  # 22.4
    assert c.combat_modifier("minor_river") == -1  # 15.1
    assert c.combat_modifier("bridge") == Fraction(1, 2)  # 22.4
    assert c.movement_cost("open") == 1 and c.movement_cost("minor_river") == 1  # Illustration 6
    assert c.movement_cost("main_road") == Fraction(1, 2)  # 18.2
    assert c.movement_cost("town") == 2  # Illustration 10
    assert (c.zoc_cost("enter_zoc"), c.zoc_cost("leave_zoc"), c.zoc_cost("enter_enemy_hex")) == (1, 1, 1)
    assert c.fire_drm("town", "air") == -2 and c.fire_drm("village", "ifs") == -1  # 20.1, 21.4.2
    assert c.ifs_column(Fraction(5)) == "4" and c.ifs_column(Fraction(12)) == "12"  # 21.1 Clarification, Illus. 8


def test_values_the_rulebook_does_not_give_are_unknown() -> None:
    c = bundled_charts()
    assert c.movement_cost("forest") is None and c.movement_cost("secondary_road") is None
    assert c.movement_cost("railroad") is None  # 18.3: as a Secondary Road, itself unknown
    assert c.combat_modifier("open") is None and c.combat_modifier("village") is None
    assert all(c.weather(d) is None for d in range(1, 7))
    assert c.coup(3) == (None, None) and c.demolition(4) is None and c.air_strike(6) is None
    assert c.bridge_k_cost("3A") is None and c.ifs(Fraction(12), 7) is None
    counts = c.counts()
    assert counts[ch.WEATHER] == (0, 6) and counts[ch.IFS] == (0, 22) and counts[ch.BRIDGE_K] == (0, 16)
    assert counts[ch.COMBAT_COST] == (12, 0)
    assert ch.not_judged(ch.WEATHER) == "not judged: 12.1 Weather Table value unknown"


def completed(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = BUNDLED.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "card.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_completed_file_is_used(tmp_path: Path) -> None:
    path = completed(tmp_path, ('- ["1", "?"]\n  - ["2", "?"]\n  - ["3", "?"]\n  - ["4", "?"]\n  - ["5", "?"]\n'
                                '  - ["6", "?"]\n  notes:\n  - "Rolled',
                                '- ["1", "Stormy"]\n  - ["2", "Cloudy"]\n  - ["3", "?"]\n  - ["4", "?"]\n'
                                '  - ["5", "?"]\n  - ["6", "Sunny"]\n  notes:\n  - "Rolled'),
                     ("[Forest, \"?\", \"-0.5\"", "[Forest, \"2\", \"-0.5\""),
                     ('columns: [Modified dice, "4", "12"]', 'columns: [Modified dice, "2", "4", "12"]'))
    head, ifs = path.read_text(encoding="utf-8").split("- title: 21.7")
    ifs = ifs.replace('- ["2", "?", "?"]', '- ["2", "No Effect", "?", "?"]')
    for r in range(3, 13):
        ifs = ifs.replace(f'- ["{r}", "?", "?"]', f'- ["{r}", "?", "?", "?"]')
    path.write_text(head + "- title: 21.7" + ifs, encoding="utf-8")
    c = load_charts(path)
    assert (c.weather(1), c.weather(6), c.weather(3)) == ("Stormy", "Sunny", None)
    assert c.movement_cost("forest") == 2
    assert c.ifs_column(Fraction(3)) == "2" and c.ifs(Fraction(3), 2) == "No Effect"


@pytest.mark.parametrize(("edit", "message"), [
    (('[Forest, "?", "-0.5"', '[Forest, "?", "-1"'),
     rf"card\.yaml line {line('[Forest, ')}: 18\.6 Terrain Effects Table: Forest Combat is '-0\.5' in the "
     r"rulebook, not '-1'"),
    (('- [Step Loss, "4"', '- [Step Loss, "5"'),
     rf"line {line('[Step Loss, ')}: 22\.11 Combat Cost Table: Step Loss APs is '4' in the rulebook, not '5'"),
    (('- ["1", "?"]\n  - ["2", "?"]\n  - ["3", "?"]\n  - ["4", "?"]\n  - ["5", "?"]\n  - ["6", "?"]\n  notes:\n'
      '  - "Rolled', '- ["1", "Rainy"]\n  - ["2", "?"]\n  - ["3", "?"]\n  - ["4", "?"]\n  - ["5", "?"]\n'
      '  - ["6", "?"]\n  notes:\n  - "Rolled'),
     rf"line {line('- title: 12.1') + 5}: 12\.1 Weather Table: Weather must be one of Sunny, Cloudy, Stormy or "
     r"\?, not 'Rainy'"),
    (('[Village, "?", "?"', '[Village, "?", "-0.3"'),
     rf"line {line('[Village, ')}: 18\.6 Terrain Effects Table: a combat modifier is whole or half odds ratio "
     r"steps \(22\.4\)"),
    (('- [1A, "?"]', '- [1A, "lots"]'),
     rf"line {line('[1A, ')}: 15\.3 Bridge K Destroyed VP-cost Table: Finnish VP lost must be"),
    (("- title: 12.1 Weather Table", "- title: 12.1 Weather"), r"table '12\.1 Weather Table' is missing"),
])
def test_a_wrong_cell_is_one_line_with_its_line(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        load_charts(completed(tmp_path, edit))


def test_bundled_file_passes_its_own_check(tmp_path: Path) -> None:
    assert load_charts(completed(tmp_path)).counts() == bundled_charts().counts()


def test_build_aids_with_a_completed_file(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    card = completed(tmp_path, ('[Forest, "?", "-0.5"', '[Forest, "2", "-0.5"'))
    r = CliRunner().invoke(cli, ["build", "aids", "tornio-44", "--charts", str(card), "-o", str(tmp_path / "a.pdf"),
                                 "--no-png", "--json"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "a.pdf").read_bytes()[:5] == b"%PDF-"
    bad = completed(tmp_path, ('[Forest, "?", "-0.5"', '[Forest, "?", "-1"'))
    r = CliRunner().invoke(cli, ["build", "aids", "tornio-44", "--charts", str(bad), "-o", str(tmp_path / "b.pdf")])
    assert r.exit_code == 3
    assert r.stderr == (f"wgt: error: {bad} line {line('[Forest, ')}: 18.6 Terrain Effects Table: Forest Combat "
                        "is '-0.5' in the rulebook, not '-1'\n")
    r = CliRunner().invoke(cli, ["build", "aids", "winter-war", "--charts", str(card)])
    assert (r.exit_code, r.stderr) == (3, "wgt: error: winter-war takes no completed chart file (--charts)\n")
