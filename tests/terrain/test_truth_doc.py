"""The truth file format as docs/legend.md writes it: its example loads and scores as the text says."""

from __future__ import annotations

import itertools
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


def test_every_key_a_truth_file_takes_is_in_the_documented_example():
    """A key the loader takes and the docs never show is one a new user cannot find (user43: `unscored:`, the way to
    score a truth of hex classes only, was in no doc)."""
    example = _example()
    missing = sorted(k for k in KNOWN if not re.search(rf"^{k}:", example, re.M) and f"and {k}:" not in example)
    assert missing == []


def test_missed_and_false_sides_are_named(tmp_path):
    """The score names what it counted wrong, in the text and under --json (user43: rail 7 of 11 on Sickle Cut, and
    no word of which 4 sides were missed)."""
    p = tmp_path / "t.yaml"
    p.write_text("truth: 1\nhexes: {'0101': clear, '0102': clear, '0201': clear, '0202': clear}\n"
                 "symbols: {city: ['0102', '0201']}\nlinks: {rail: ['0101/0102', '0102/0202']}\n")
    s = score(load_truth(p), {}, {"city": {"0201", "0202"}},
              {"0101/0102": frozenset({"rail"}), "0101/0201": frozenset({"rail"})}, ["city"], ["rail"])
    assert s.lines == {"rail": (1, 2, 2)} and s.symbols == {"city": (1, 2, 2)}
    d = s.to_dict()
    assert (d["lines"]["rail"]["missed"], d["lines"]["rail"]["false"]) == (["0102/0202"], ["0101/0201"])
    assert (d["symbols"]["city"]["missed"], d["symbols"]["city"]["false"]) == (["0102"], ["0202"])
    text = s.lines_text(listed=True)
    i = text.index("line rail: recall 50.0% (1/2), precision 50.0% (1/2)")
    assert text[i + 1:i + 3] == ["  missed: 0102/0202", "  false: 0101/0201"]
    i = text.index("symbol city: recall 50.0% (1/2), precision 50.0% (1/2)")
    assert text[i + 1:i + 3] == ["  missed: 0102", "  false: 0202"]


def test_the_hexes_read_wrong_are_named_under_the_confusion_with_truth_list(tmp_path):
    """user47 on Paper Wars' 1942: "hexes: 53 of 55 right" and a confusion matrix with two hexes off its diagonal, and
    no word which two (--json had them); --truth-list now names them under the matrix, truth -> found, cut short as
    the other lists; without it the text is as before."""
    from toolkit.terrain.truth import SHOWN

    p = tmp_path / "t.yaml"
    p.write_text("truth: 1\nhexes: {'0101': clear, '0102': clear, '0201': sea, '0202': rough}\n")
    s = score(load_truth(p), {"0101": "clear", "0102": "sea", "0201": "sea", "0202": "clear"})
    text = s.lines_text(listed=True)
    i = text.index("confusion (rows truth, columns found):")
    assert text[i + 5] == "  wrong: 0102 clear->sea 0202 rough->clear"
    assert not any(line.startswith("  wrong:") for line in s.lines_text())
    ids = [f"01{r:02d}" for r in range(1, 31)]
    p.write_text("truth: 1\nhexes: {" + ", ".join(f"'{h}': clear" for h in ids) + "}\n")
    s = score(load_truth(p), dict.fromkeys(ids, "sea"))
    wrong = [line for line in s.lines_text(listed=True) if line.startswith("  wrong: ")]
    assert wrong == ["  wrong: " + " ".join(f"{h} clear->sea" for h in ids[:SHOWN])
                     + f" ... ({30 - SHOWN} more; --json lists all)"]


def test_many_misses_are_cut_short_in_the_text(tmp_path):
    from toolkit.terrain.truth import SHOWN

    ids = [f"01{r:02d}" for r in range(1, 31)]
    pairs = [f"{a}/{b}" for a, b in itertools.pairwise(ids)]
    p = tmp_path / "t.yaml"
    p.write_text("truth: 1\nhexes: {" + ", ".join(f"'{h}': clear" for h in ids) + "}\n"
                 "links: {rail: [" + ", ".join(f"'{k}'" for k in pairs) + "]}\n")
    s = score(load_truth(p), {}, {}, {}, [], ["rail"])
    missed = [line for line in s.lines_text(listed=True) if line.startswith("  missed: ")]
    assert missed == ["  missed: " + " ".join(pairs[:SHOWN]) + f" ... ({29 - SHOWN} more; --json lists all)"]
    assert len(s.to_dict()["lines"]["rail"]["missed"]) == 29


def test_a_symbol_class_missing_from_the_truth_says_why_its_finds_are_false(tmp_path):
    """user43 on Sickle Cut: towns given `symbol: true` in the legend's terrain, their three hexes labelled `town` in
    the truth: the score read 'symbol town: ... precision 0.0% (0/3)' with no word why (no `symbols: town:`)."""
    p = tmp_path / "t.yaml"
    p.write_text("truth: 1\nhexes: {'0101': town, '0102': clear}\n")
    s = score(load_truth(p), {"0101": "town", "0102": "clear"}, {"town": {"0101"}}, {}, ["town"], ["road"])
    assert s.right == 2 and s.symbols == {"town": (0, 1, 0)} and s.lines == {"road": (0, 0, 0)}
    text = s.lines_text()
    assert ("symbol town: recall - (0/0), precision 0.0% (0/1) - town is not in the truth file, so every one found "
            "counts false: list its hexes under symbols:, or name it under unscored:") in text
    assert "line road: recall - (0/0), precision - (0/0)" in text  # nothing found: nothing to explain
    # the finds of an unlabelled name are not listed
    assert not any(line.startswith("  false:") for line in s.lines_text(listed=True))
    d = s.to_dict()
    assert d["symbols"]["town"]["labelled"] is False and d["symbols"]["town"]["false"] == ["0101"]
    p.write_text("truth: 1\nhexes: {'0101': town, '0102': clear}\nunscored: [town, road]\n")
    s = score(load_truth(p), {"0101": "town", "0102": "clear"}, {"town": {"0101"}}, {}, ["town"], ["road"])
    assert s.symbols == {} and s.lines == {} and not any("not in the truth" in line for line in s.lines_text())


def test_the_lists_are_named_in_the_text_only_with_truth_list(tmp_path):
    """--truth-list names the missed and false sides under each line; without it the text gives the counts alone, as
    before (a blind case is read by its totals: review43 R6); --json lists them either way; --truth-list without
    --truth is one line, exit 3."""
    from toolkit.cli.main import cli

    from .test_extract import write_tiny

    d = write_tiny(tmp_path, "legend.yaml")
    p = tmp_path / "t.yaml"
    p.write_text("truth: 1\nhexes: {'0101': clear, '0102': clear}\nlinks: {rail: ['0102/0101']}\n")
    args = ["map", "extract", str(d / "scan.png"), "--grid", str(d / "grid.yaml"), "--legend", str(d / "legend.yaml"),
            "-o", str(tmp_path / "m.yaml"), "--force"]
    plain = CliRunner().invoke(cli, [*args, "--truth", str(p)])
    listed = CliRunner().invoke(cli, [*args, "--truth", str(p), "--truth-list"])
    assert plain.exit_code == listed.exit_code == 0, (plain.output, listed.output)
    assert "line rail: recall 0.0% (0/1), precision - (0/0)\n" in plain.stderr
    assert "missed:" not in plain.stderr
    assert "line rail: recall 0.0% (0/1), precision - (0/0)\n  missed: 0101/0102\n" in listed.stderr
    import json

    got = json.loads(CliRunner().invoke(cli, [*args, "--truth", str(p), "--json"]).stdout)["truth"]["lines"]["rail"]
    assert (got["missed"], got["false"], got["labelled"]) == (["0101/0102"], [], True)
    r = CliRunner().invoke(cli, [*args, "--truth-list"])
    assert (r.exit_code, r.stdout, r.stderr) == (3, "", "wgt: error: --truth-list names what --truth FILE scored "
                                                        "wrong: give --truth FILE\n")


def test_a_truth_id_off_the_grid_or_a_side_of_two_far_hexes_is_one_line_naming_its_line(tmp_path):
    """user44 on Kuningtou: a hex id typed wrong ('1699' on a 15 x 14 map) was scored as a hex read as nothing ('44 of
    46 right', a class '-' in the confusion), a link between two hexes that share no side ('0604/0606') as a link
    never found, and `wgt map tiles --truth` stopped on a link's hex off the map naming no file. Each is now refused
    when the truth is read, naming its line; on the truth's own grid, else on --grid (the one its ids refer to)."""
    from toolkit.cli.main import cli

    from .test_extract import write_tiny

    d = write_tiny(tmp_path, "legend.yaml")
    grid = (d / "grid.yaml").read_text().replace("grid:\n", "", 1)
    args = ["map", "extract", str(d / "scan.png"), "--grid", str(d / "grid.yaml"), "--legend", str(d / "legend.yaml"),
            "-o", str(tmp_path / "m.yaml")]
    p = tmp_path / "t.yaml"
    for own in (True, False):  # the truth's own grid (6 x 5), or none: --grid's
        head = "truth: 1\n" + (f"grid:\n{grid}" if own else "")
        n = head.count("\n")
        whose = "the truth file's grid" if own else "--grid, which its ids refer to"
        p.write_text(head + "hexes:\n  '0101': clear\n  '0799': clear\n")
        with pytest.raises(DataFileError, match=re.escape(f"line {n + 3}: hexes: hex '0799' is not on the map (ids "
                                                          f"run from '0101' to '0605' on {whose})")):
            load_truth(p) if own else _check_on(p, d)
        r = CliRunner().invoke(cli, [*args, "--truth", str(p)])
        assert (r.exit_code, r.stdout) == (3, "") and r.stderr.startswith(f"wgt: error: {p} line {n + 3}: hexes: "
                                                                          "hex '0799' is not on the map"), r.stderr
        assert r.stderr.count("\n") == 1 and not (tmp_path / "m.yaml").exists()
        p.write_text(head + "hexes: {'0101': clear, '0103': clear}\nlinks:\n  rail: ['0101/0103']\n")
        r = CliRunner().invoke(cli, [*args, "--truth", str(p)])
        assert (r.exit_code, r.stderr) == (3, f"wgt: error: {p} line {n + 3}: links 'rail': 0101 and 0103 are not "
                                              "neighbours, so they share no hexside ('0101/0103')\n")
        p.write_text(head + "hexes: {'0101': clear}\nhexsides:\n  river: ['0101/0109']\n")
        r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(tmp_path / "pp"),
                                     "--truth", str(p)])
        assert (r.exit_code, r.stdout) == (3, "") and r.stderr.startswith(
            f"wgt: error: {p} line {n + 3}: hexsides 'river': hex '0109' is not on the map"), r.stderr


def _check_on(p: Path, d: Path) -> None:
    import yaml

    from toolkit.hexgrid import Grid
    from toolkit.terrain.truth import check_ids

    check_ids(load_truth(p), Grid.from_dict(yaml.safe_load((d / "grid.yaml").read_text())["grid"]))


def test_labels_the_legend_does_not_have_are_said(tmp_path):
    """user44 on Kuningtou: a hex labelled 'Land' on a legend of 'land' read as one more hex wrong, and a line
    labelled 'clif' for the legend's 'cliff' as 'recall 0.0% (0/4)' - nothing said either was no name of the
    legend. Each is one warning line (--json: under warnings) before the scores; the scores are unchanged."""
    import json

    from toolkit.cli.main import cli

    from .test_extract import write_tiny

    d = write_tiny(tmp_path, "legend.yaml")
    classes = sorted(yaml_load(d / "legend.yaml")["terrain"])
    first = classes[0]
    p = tmp_path / "t.yaml"
    p.write_text(f"truth: 1\nhexes: {{'0101': {first.capitalize()}, '0102': {first}}}\n"
                 "links: {rial: ['0101/0102']}\nsymbols: {town: []}\nunscored: [bridge]\n")
    args = ["map", "extract", str(d / "scan.png"), "--grid", str(d / "grid.yaml"), "--legend", str(d / "legend.yaml"),
            "-o", str(tmp_path / "m.yaml"), "--truth", str(p)]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    said = [line for line in r.stderr.splitlines() if line.startswith("wgt: warning: --truth:")]
    assert said == [
        f"wgt: warning: --truth: 1 labelled hex has a class the legend does not have, so it counts wrong whatever is "
        f"read: 0101 {first.capitalize()} (the legend's classes: {', '.join(classes)})",
        "wgt: warning: --truth: symbol town is not a symbol of the legend, so nothing of it is found (the legend's "
        "symbols: none): name it as the legend does, or under unscored:",
        "wgt: warning: --truth: line rial is not a line of the legend, so nothing of it is found (the legend's lines: "
        "none): name it as the legend does, or under unscored:"], r.stderr
    got = json.loads(CliRunner().invoke(cli, [*args, "--json", "--force"]).stdout)
    assert [w for w in got["warnings"] if w.startswith("--truth:")] == [s[len("wgt: warning: "):] for s in said]
    assert got["truth"]["hexes"] == 2 and got["truth"]["right"] <= 1  # scored as before
    p.write_text(f"truth: 1\nhexes: {{'0101': {first}, '0102': {first}}}\n")
    r = CliRunner().invoke(cli, [*args, "--force"])
    assert r.exit_code == 0 and "--truth:" not in r.stderr, r.stderr


def yaml_load(p: Path) -> dict:
    import yaml

    return yaml.safe_load(p.read_text())
