"""Real printed boards with hand-labelled truth (tests/terrain/truth): the truth files themselves,
scoring, the legend's rules and symbols, and `wgt map extract --truth` on Battle for Moscow."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.errors import DataFileError
from toolkit.terrain.legend import normalise
from toolkit.terrain.rules import Rules, _cut, decide
from toolkit.terrain.truth import Truth, load_truth, score

TRUTH = Path(__file__).parent / "truth"
BFM = "rzymek__web-boards/battle-for-moscow_board.gif"


def test_battle_for_moscow_truth_file():
    t = load_truth(TRUTH / "battle-for-moscow.yaml")
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"clear": 108, "forest": 25, "city": 11}
    assert t.hexes["1103"] == "city" and t.hexes["0202"] == "forest" and t.hexes["0101"] == "clear"
    assert {k: len(v) for k, v in t.symbols.items()} == {"city": 11, "fortification": 22}
    assert len(t.hexsides["river"]) == 63 and len(t.links["rail"]) == 81  # 78 between labelled hexes
    assert "0503/0604" in t.hexsides["river"] and "1103/1204" in t.links["rail"]
    assert "1308" in t.excluded["chart"] and "1308" not in t.hexes


def test_score_counts_confusion_and_features():
    t = Truth({"0101": "clear", "0102": "forest", "0103": "city"}, symbols={"city": {"0103"}},
              hexsides={"river": {"0101/0102"}}, links={"rail": {"0102/0103", "0101/0201"}})
    s = score(t, {"0101": "clear", "0102": "clear", "0103": "city"}, {"city": {"0103", "0101"}},
              {"0101/0102": frozenset({"river", "rail"}), "0102/0103": frozenset({"rail"})})
    assert (s.right, s.hexes) == (2, 3)
    assert s.confusion == {"clear": {"clear": 1}, "forest": {"clear": 1}, "city": {"city": 1}}
    assert s.wrong == [("0102", "forest", "clear")]
    assert s.symbols == {"city": (1, 2, 1)}
    # 0101/0201 has an unlabelled end: not scored
    assert s.lines == {"river": (1, 1, 1), "rail": (1, 2, 1)}


def test_rules_priority_and_learned_cut():
    r = Rules(["city", "forest", "clear"], {"forest": 0.07}, frozenset({"city"}))
    assert decide(r, {"clear": 0.9, "forest": 0.1}, set()) == "forest"
    assert decide(r, {"clear": 0.95, "forest": 0.05}, set()) == "clear"
    assert decide(r, {"clear": 0.5, "forest": 0.5}, {"city"}) == "city"
    # the cut separating the examples, in the middle of the widest gap
    assert _cut([0.2, 0.3, 0.5], [0.0, 0.02, 0.05]) == pytest.approx(0.125)


def test_legend_forms_and_unknown_keys():
    short = normalise({"forest": {"color": "#4f7a3a"}, "clear": {"sample": [10, 20]}})
    assert short["terrain"] == {"forest": {"color": "#4f7a3a"}, "clear": {"points": [[10, 20]]}}
    assert normalise({"terrain": {"a": {"sample": ["0101"]}, "b": {"sample": [1, 2, 3, 4]}}})["terrain"] == \
        {"a": {"hexes": ["0101"]}, "b": {"box": [1, 2, 3, 4]}}
    with pytest.raises(DataFileError, match="unknown legend section 'hexsides'"):
        normalise({"terrain": {"a": "#ffffff"}, "hexsides": {}})
    with pytest.raises(DataFileError, match="terrain 'a': unknown key 'colur'"):
        normalise({"terrain": {"a": {"colur": "#ffffff"}}})


def test_unknown_legend_key_names_its_line(tmp_path):
    from toolkit.terrain.extract import load_legend

    p = tmp_path / "legend.yaml"
    p.write_text("terrain:\n  clear: '#ffffff'\nhexsides:\n  river: '#0000ff'\n")
    with pytest.raises(DataFileError, match="line 3: unknown legend section 'hexsides'"):
        load_legend(p)


def test_extract_battle_for_moscow_against_its_truth(boards, tmp_path):
    """Three example hexes per class and symbol: every labelled hex right, every city and
    fortification found; rivers all found; rails (a red dash-dot line in the colour of the cities and
    fortifications, crossing sides anywhere) traced: 77 of the 78 links between labelled hexes, none false
    (76 of 77 with one false before the truth's 1204/1205 was amended, the side found being the truth's error; 75
    before the tracer judged "an area, not a line" on the colour itself rather than the grown mask)."""
    t = load_truth(TRUTH / "battle-for-moscow.yaml")
    from toolkit.cli.map_scan import _grid_text

    grid = tmp_path / "grid.yaml"
    grid.write_text(_grid_text(t.grid))
    r = CliRunner().invoke(cli, ["map", "extract", str(boards / BFM), "--grid", str(grid), "--legend",
                                 str(TRUTH / "battle-for-moscow.legend.yaml"), "-o", str(tmp_path / "m.yaml"),
                                 "--truth", str(TRUTH / "battle-for-moscow.yaml"), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["truth"]["hexes"] == 144 and out["truth"]["right"] == 144
    assert out["truth"]["symbols"]["city"]["recall"] == 1.0 and out["truth"]["symbols"]["city"]["precision"] == 1.0
    assert out["truth"]["symbols"]["fortification"]["true_positives"] == 22
    assert out["truth"]["lines"]["river"]["recall"] == 1.0 and out["truth"]["lines"]["river"]["precision"] == 1.0
    rail = out["truth"]["lines"]["rail"]
    # 1204/1205 added to the truth (the branch south from 1204 into 1205; the file's header): 76/77 at 76/77 -> 77/78 at
    # 77/77
    assert (rail["true_positives"], rail["found"], rail["in_truth"]) == (77, 77, 78)
    assert out["rules"]["priority"] == ["city", "forest", "clear"]
    assert out["rules"]["leave_one_out"] == {"right": 6, "examples": 6}
    assert out["symbols"]["city"]["leave_one_out"] == {"found": 3, "examples": 3}
    from toolkit.terrain.io import load_map

    m = load_map(tmp_path / "m.yaml")  # symbols that are not terrain become tags of their hexes
    assert (m.hexes["0804"].terrain, m.hexes["0804"].tags) == ("city", frozenset({"fortification"}))
    assert sorted(h for h, d in m.hexes.items() if "fortification" in d.tags) == sorted(t.symbols["fortification"])


def test_the_longest_day_truth_file():
    t = load_truth(TRUTH / "the-longest-day.yaml")
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"bocage": 260, "forest": 39, "clear": 22, "hill": 11, "city": 4}
    assert t.symbols == {"town": {"3744", "3848", "4537", "4648", "5439", "5544"}}
    assert len(t.hexsides["river"]) == 109 and "5338/5439" in t.hexsides["river"] and "3843/3942" in t.hexsides["river"]
    # roads by the terrain chart's classes and railways, as links between labelled hexes
    assert {k: len(v) for k, v in t.links.items()} == {"road_primary": 40, "road_secondary": 88, "rail": 31}
    assert "4839/4938" in t.links["road_primary"] and "3543/3643" in t.links["road_primary"]
    assert "4843/4844" in t.links["road_secondary"] and "5439/5538" in t.links["road_secondary"]
    assert "4042/4043" in t.links["rail"] and "5250/5350" in t.links["rail"]
    labelled = set(t.hexes)
    assert all(h in labelled for v in t.links.values() for k in v for h in k.split("/"))


def test_extract_the_longest_day_region_against_its_truth(boards, tmp_path):
    """A 336-hex region of a redrawn paper-style map: terrain, towns (a black dot like the village
    dots and lettering around it) and rivers from a few examples; roads and railways all in the black
    of the names, told apart by shape from three marked sides each (the measured floor: railway
    bridges by the Saint Lo city pattern and big lettering are taken for the secondary road; the
    railway's connector into the city is missed). A straight line broken (the railway under the main
    road at a side, under a name) is joined across the break: rail 27 -> 29 of 31, 28 -> 30 found. Beyond
    a bridge box the railway's width is read along its crossing, not all round the side (the Saint Lo
    city beside the bridge at 4041/4042): rail 29 -> 30 of 31, 30 found. A line running through the hex
    line's zone obliquely (near a corner) crosses: secondary 85 -> 87 of 88, 89 -> 91 found. A double line
    ending at a side with its walls going on beyond (from the Torigny dot; at the Saint Lo city's margin)
    crosses: main road 38 -> 40 of 40, 40 found. A crossing whose line is mostly printed lettering (a row of
    letter-sized parts: lines._lettering) is refused: secondary 91 -> 90 found ("Foret des Blards" at 5039/5138).
    A line ending at a side, nothing of it beyond, links the two hexes (lines._ended): the railway's arrow into
    Saint Lo (4042/4043) and the road ending at the Balleroy town dot on 5438/5439: rail 30 -> 31 of 31,
    secondary 87 -> 88 of 88 (91 found). Left: "St CLAIRE" at 4537/4638, the Saint Lo pattern at 4041/4141,
    4042/4141. Rivers: 105 of 105 until four river sides under the main road's bridge boxes were added to the
    truth (2026-12-05, the held-out regions' and Ragnarok's convention) with the rule that a river hidden under a
    bridge's art runs on beneath it (extract_sides._under_bridges): 109 of 109, none false. A single line crossing a
    river side must run on out from the hex line on both sides (the river's own black centre line does not; lines
    ink notes 12): secondary 91 -> 90 found (4041/4141). A link whose two hexes hold no other link of its line is
    something else of its ink across one side (extract_sides._lone_links): secondary 90 -> 88 found, none false."""
    t = load_truth(TRUTH / "the-longest-day.yaml")
    from toolkit.cli.map_scan import _grid_text

    grid = tmp_path / "grid.yaml"
    grid.write_text(_grid_text(t.grid))
    r = CliRunner().invoke(cli, ["map", "extract", str(boards / "uckelman__tld-mod/Map_Full.png"), "--grid", str(grid),
                                 "--legend", str(TRUTH / "the-longest-day.legend.yaml"), "-o", str(tmp_path / "m.yaml"),
                                 "--truth", str(TRUTH / "the-longest-day.yaml"), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["truth"]["hexes"] == 336 and out["truth"]["right"] == 336
    assert out["truth"]["symbols"]["town"] == {"true_positives": 6, "found": 6, "in_truth": 6, "recall": 1.0,
                                               "precision": 1.0, "missed": [], "false": [], "labelled": True}
    assert out["truth"]["lines"]["river"]["recall"] == 1.0 and out["truth"]["lines"]["river"]["precision"] == 1.0
    lines = out["truth"]["lines"]
    got = {k: (v["true_positives"], v["found"], v["in_truth"]) for k, v in lines.items() if k != "river"}
    assert got == {"road_primary": (40, 40, 40), "road_secondary": (88, 88, 88), "rail": (31, 31, 31)}


def test_the_longest_day_heldout_truth_file():
    """The held-out region (columns 57-68 x rows 30-43, Bayeux to Tilly), labelled before any run on it."""
    t = load_truth(TRUTH / "heldout" / "the-longest-day-2.yaml")
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"clear": 104, "bocage": 58, "forest": 3, "city": 2, "hill": 1}
    assert t.symbols == {"town": {"6339", "6832"}}  # the medium dots (6231, 6430, ...) are not towns
    assert len(t.hexsides["river"]) == 92 and "6334/6435" in t.hexsides["river"]
    assert {k: len(v) for k, v in t.links.items()} == {"road_primary": 17, "road_secondary": 52, "rail": 16}
    # the one correction after the first run (RESULTS.md): the road west of the 6240/6340 bridge
    assert "6140/6240" in t.links["road_secondary"] and "6240/6241" not in t.links["road_secondary"]
    assert t.grid is not None and t.grid.extent.first_col == 57 and t.grid.extent.last_row == 43
    assert not set(t.hexes) & set(load_truth(TRUTH / "the-longest-day.yaml").hexes)


def extract_tld_region(boards: Path, tmp_path: Path, truth: str, own: str, wide: str) -> dict:
    """`wgt map extract --truth --json` of The Longest Day's held-out region ``truth`` (in heldout/) with the
    first region's legend, on the truth's grid with its extent ``own`` widened to ``wide`` (the legend's
    examples lie in the first region); only the region's hexes and sides are scored."""
    from toolkit.cli.map_scan import _grid_text

    t = load_truth(TRUTH / "heldout" / truth)
    assert t.grid is not None
    text = _grid_text(t.grid)
    assert own in text
    grid = tmp_path / "grid.yaml"
    grid.write_text(text.replace(own, wide))
    r = CliRunner().invoke(cli, ["map", "extract", str(boards / "uckelman__tld-mod/Map_Full.png"), "--grid", str(grid),
                                 "--legend", str(TRUTH / "the-longest-day.legend.yaml"), "-o", str(tmp_path / "m.yaml"),
                                 "--truth", str(TRUTH / "heldout" / truth), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_extract_the_longest_day_heldout_against_its_truth(boards, tmp_path):
    """The Longest Day's legends, unchanged, on a region nobody tuned on (heldout/RESULTS.md). The grid
    covers both regions (the legend's examples lie in the first); only the held-out hexes are scored.
    Floors measured on the first run (2026-12-04, one label corrected since): every hex and town right;
    rivers 90/92 (the two under the big road-bridge boxes missed); rail 14/16 (the crossing of the river
    at a bridge box and of a road at the same side, west of Bayeux, missed); primary road 14/17 with 2
    false (roads that stop at the side of Bayeux's city hexes missed; the letters of BAYEUX and a river
    side between two road ends taken for road); secondary 51/52 with 3 false."""
    out = extract_tld_region(boards, tmp_path, "the-longest-day-2.yaml", "extent: {columns: [57, 68], rows: [30, 43]}",
                             "extent: {columns: [35, 68], rows: [30, 50]}")
    assert out["truth"]["hexes"] == 168 and out["truth"]["right"] == 168
    assert out["truth"]["symbols"]["town"] == {"true_positives": 2, "found": 2, "in_truth": 2, "recall": 1.0,
                                               "precision": 1.0, "missed": [], "false": [], "labelled": True}
    lines = out["truth"]["lines"]
    # re-measured after the black-line work (RESULTS.md): rail 15/16, primary 14 with 3 false, secondary 50/52;
    # after lines that end at a side link its hexes (roads drawn up to Bayeux's hexes): primary 17, secondary 51;
    # after two lines crossing one side apart each have their width (lines._apart; 6034/6134): rail 16; after a
    # double line beyond a river side counts as under a bridge box only where it comes nearest across from the
    # side's middle (5933/6033, 6132/6232): primary 1 false; after a double line's walls are as thin as its
    # examples' (BAYEUX's bold strokes, 6232/6233): primary none false; after a river hidden under a bridge's
    # art runs on beneath it (extract_sides._under_bridges: 6334/6435, 6636/6736): river 92/92; after a single line
    # crossing a river side must run on out from the hex line on both sides (lines ink notes 12; 5931/6032, the
    # river's own centre line by Bayeux's pattern): secondary 1 false; after a side of a bridge box read wider than
    # any line (a town dot) is not read for the crossing's width (lines ink notes 5; 6339/6440): secondary 52
    floors = {"river": (92, 0), "rail": (16, 0), "road_primary": (17, 0), "road_secondary": (52, 1)}
    for name, (least_right, most_false) in floors.items():
        v = lines[name]
        assert v["true_positives"] >= least_right, (name, v)
        assert v["found"] - v["true_positives"] <= most_false, (name, v)
    assert {k: v["in_truth"] for k, v in lines.items()} == {"river": 92, "rail": 16, "road_primary": 17,
                                                             "road_secondary": 52}


def test_ragnarok_truth_file():
    """SPI Ragnarok: the whole map, ids printed row first (rows counted from the bottom)."""
    t = load_truth(TRUTH / "ragnarok.yaml")
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"clear": 341, "forest": 110}
    assert t.hexes["1701"] == "forest" and t.hexes["0914"] == "clear" and t.hexes["0127"] == "forest"
    assert t.excluded["offmap"] == ["1627", "1427", "1227", "1027", "0827", "0627", "0427", "0227"]
    assert t.grid is not None and t.grid.layout is not None
    x, y = t.grid.layout.hex_to_pixel(t.grid.hex("0101"))  # bottom left; 1727 top right
    assert (round(x), round(y)) == (79, 1682)
    x, y = t.grid.layout.hex_to_pixel(t.grid.hex("1727"))
    assert (round(x), round(y)) == (3006, 120)
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 74, "wall": 20, "gate": 3, "bridge": 1}
    assert t.hexsides["bridge"] <= t.hexsides["river"] and t.hexsides["bridge"] <= t.links["road"]
    assert t.hexsides["gate"] <= t.links["road"] and not t.hexsides["gate"] & t.hexsides["wall"]
    assert len(t.links["road"]) == 46 and "0101/0102" in t.links["road"] and "1326/1327" in t.links["road"]
    assert not t.symbols


def test_extract_ragnarok_against_its_truth(boards, tmp_path):
    """A genuine 150 ppi scan (paper tone, JPEG) with painted forest whose edge does not follow the
    hexsides, from three example hexes per class. First measurement (2026-12-04), asserted as floors:
    446 of 451 hexes (the two hexes labelled forest at about half forest, 0225 and 0307, read clear; three
    Asgard wall hexes read forest); rivers 73 of 74, 76 found; walls 20 of 20 but 276 found (the wall's
    ochre is also the light green of the painted trees and the road's yellow); roads traced 4 of 46,
    17 found (the band method of the baseline legend finds 43 of 46); gates and the bridge not looked for.
    Then the tracer judged "an area, not a line" on the colour before growing it (general; Battle for
    Moscow's rails 75 -> 76 of 77): roads 46 of 46, 85 found (31 of the 39 false ones at the Asgard wall,
    whose light stones are the road's yellow). Then the tracer refused crossings much thinner than the
    line (its half-width learned from the sides it crosses): roads 46 of 46, 47 found (the one false link
    at the Asgard wall beside a gatehouse). Then an 'along' line had to fill the band along its side at
    least three times as much as the middle of one of the side's hexes: rivers 73 of 74, 73 found (the
    PLAIN OF VIGRID lettering runs through the hexes too); walls 20 of 20, 44 found (the painted trees'
    ochre fills the forest hexes' middles as much); and a side whose colour is more than twice as wide
    across as the line's was refused: walls 44 -> 39 found; and where three sides found meet, one not
    reaching its far end (a spur of the wall's art) was dropped: walls 39 -> 32 found (left: 10 on forest
    edges, 2 by the middle gatehouse). Gates and the bridge then came from the legend's 'gap' features
    (the sides the road crosses where the wall's or the river's sides break off): 3 of 3 and 1 of 1,
    none false. Then three wall sides were marked as examples and a wall side's band had to be more like
    their colour mix than like its own two hexes' (the forest edges' bands are a mix of forest and
    clear): walls 20 of 20, 32 -> 23 found (left: 3 inner sides of the gatehouses); then more like them
    than like the middle of either of its hexes (a gatehouse's planes along its side are the mix of the
    gatehouse hex): walls 23 -> 21 found (left: 0825/0925, by a gatehouse). Then a colour block went to its
    nearest sampled terrain only within that terrain's spread (extract._gate): hexes 446 -> 448. Then a river
    hidden under a bridge's art runs on beneath it where the road crosses (extract_sides._under_bridges; not the
    wall at its gates, whose gatehouses fill the hexes' middles with the wall's colour): rivers 74 of 74, 74 found
    (the bridge side 0718/0719)."""
    t = load_truth(TRUTH / "ragnarok.yaml")
    from toolkit.cli.map_scan import _grid_text

    grid = tmp_path / "grid.yaml"
    grid.write_text(_grid_text(t.grid))
    image = boards / "jzedwards__vassal-hex-n-counters-template/ragnarok_map.jpg"
    r = CliRunner().invoke(cli, ["map", "extract", str(image),
                                 "--grid", str(grid), "--legend", str(TRUTH / "ragnarok.legend.yaml"),
                                 "-o", str(tmp_path / "m.yaml"), "--truth", str(TRUTH / "ragnarok.yaml"), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["truth"]["hexes"] == 451 and out["truth"]["right"] >= 448
    assert out["rules"]["priority"] == ["forest", "clear"]
    lines = out["truth"]["lines"]
    # river 74 found -> 75, wall 20/20 at 21 -> 19/20 at 19, gate 3/3 -> 2/3 when the region's corner is the grid's
    # past the scan's edge (the whole map: before, the paper's edge set the blocks) and a side's band samples are
    # centred on themselves (extract._region, extract_sides._boxed): the old figures were those of one pixel phase (at
    # the other: river 73, wall 19, gate 2); now every phase reads these (benchmarks/results/real-boards.md, region)
    assert lines["river"]["in_truth"] == 74 and lines["river"]["true_positives"] >= 74 and lines["river"]["found"] <= 75
    assert lines["wall"]["true_positives"] >= 19 and lines["wall"]["found"] <= 21
    assert lines["road"]["in_truth"] == 46 and lines["road"]["true_positives"] == 46 and lines["road"]["found"] <= 47
    assert (lines["gate"]["true_positives"], lines["gate"]["found"], lines["gate"]["in_truth"]) == (2, 2, 3)
    assert (lines["bridge"]["true_positives"], lines["bridge"]["found"], lines["bridge"]["in_truth"]) == (1, 1, 1)


def test_score_counts_a_legend_class_the_truth_lacks_as_all_false():
    """A line or symbol class of the legend with no entry in the truth is labelled nowhere in the truth's
    hexes: all its finds between labelled hexes are false (Red Winter's first region has no primary road;
    its 43 sides read as one were left out of the score before); a class in neither is not listed."""
    t = Truth({"0101": "clear", "0102": "clear", "0201": "clear"}, hexsides={"river": {"0101/0102"}})
    found = {"0101/0102": frozenset({"river", "road"}), "0102/0201": frozenset({"road"}),
             "0201/0301": frozenset({"road"})}
    s = score(t, {}, {"town": {"0101", "0901"}}, found, ["town"], ["river", "road"])
    assert s.lines == {"river": (1, 1, 1), "road": (0, 2, 0)}  # 0201/0301: an unlabelled end
    assert s.symbols == {"town": (0, 1, 0)}
    assert score(t, {}, {"town": {"0101"}}, found).lines == {"river": (1, 1, 1)}  # without the legend: as before
    d = s.to_dict()["lines"]["road"]
    assert (d["recall"], d["precision"]) == (None, 0.0)


def test_unscored_names_are_left_out_of_the_score(tmp_path):
    """A truth labelled for its hexes only names the legend's lines (and symbols) it does not label in
    ``unscored:``: they are not scored at all, rather than every side found of them counted false (review37 M3:
    Atlantic Wall's region 3, road 0/0 at 0/4); the others as before; anything but a list refused in one line."""
    t = Truth({"0101": "clear", "0102": "clear", "0201": "clear"}, hexsides={"river": {"0101/0102"}},
              unscored=frozenset({"road", "town"}))
    found = {"0101/0102": frozenset({"river", "road"}), "0102/0201": frozenset({"road"})}
    s = score(t, {}, {"town": {"0101"}}, found, ["town"], ["river", "road"])
    assert s.lines == {"river": (1, 1, 1)} and s.symbols == {}
    f = tmp_path / "t.yaml"
    f.write_text('truth: 1\nhexes: {"0101": clear}\nunscored: [road, river]\n')
    assert load_truth(f).unscored == frozenset({"road", "river"})
    f.write_text('truth: 1\nhexes: {"0101": clear}\nunscored: road\n')
    with pytest.raises(DataFileError, match="'unscored:' is a list of names"):
        load_truth(f)
    # a name both labelled and unscored would drop its labels silently (review37 C11): refused, naming the line
    f.write_text('truth: 1\nhexes: {"0101": clear, "0102": clear}\nhexsides: {river: ["0101/0102"]}\n'
                 'unscored: [road, river]\n')
    with pytest.raises(DataFileError, match="line 4: river both labelled and 'unscored:'"):
        load_truth(f)


def test_extract_truth_scores_a_legend_line_the_truth_lacks(tmp_path):
    """`wgt map extract --truth`: a traced line in the legend that the truth file has no entry for is scored,
    every side found of it false (a drawn board: one red road, a truth listing only the hexes)."""
    from toolkit.cli.map_scan import _grid_text

    from .drawn import blank_board

    lay, grid, im, d = blank_board()
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in ("0102", "0202", "0302", "0402", "0502")], fill=(200, 30, 30),
           width=4)
    im.save(tmp_path / "b.png")
    (tmp_path / "g.yaml").write_text(_grid_text(grid))
    (tmp_path / "l.yaml").write_text('terrain:\n  clear: {hexes: ["0101", "0806", "0504"]}\nfeatures:\n'
                                     '  road: {colour: "#c81e1e", kind: across, trace: true, yes: ["0102/0202"]}\n')
    (tmp_path / "t.yaml").write_text("hexes:\n" + "".join(f"  '{h}': clear\n" for h in
                                                         ("0102", "0202", "0302", "0101", "0201")))
    r = CliRunner().invoke(cli, ["map", "extract", str(tmp_path / "b.png"), "--grid", str(tmp_path / "g.yaml"),
                                 "--legend", str(tmp_path / "l.yaml"), "-o", str(tmp_path / "m.yaml"),
                                 "--truth", str(tmp_path / "t.yaml"), "--json"])
    assert r.exit_code == 0, r.output
    road = json.loads(r.output)["truth"]["lines"]["road"]
    assert (road["true_positives"], road["found"], road["in_truth"]) == (0, 2, 0)


# Battle for Moscow prints ids on its odd columns only: the truth's grid calls the first whole hex of column 2 "0202"
# (its "0201" is the cut hex above it); a new user's grid (calibrated from clicks, 0202 clicked a row lower) called
# it "0201", and `--truth` scored 119 of 144 hexes and 24 of 63 river sides without a word
_BFM_TRUTH_GRID = {"numbering": {"scheme": "ccrr", "col_digits": 2, "row_digits": 2, "orientation": "flat",
                                 "shifted": "odd"},
                   "extent": {"columns": [1, 16], "rows": [1, 11]},
                   "calibration": [[54.0066, -0.0006, -1.3371], [31.2377, 62.4748, -47.7726]]}
_BFM_USER_GRID = {"numbering": {**_BFM_TRUTH_GRID["numbering"], "shifted": "even"},
                  "extent": {"columns": [1, 16], "rows": [1, 11]},
                  "calibration": [[54.01664, -0.00323, -1.39852], [31.24111, 62.48326, 14.66617]]}


def test_a_truth_numbering_the_same_hexes_otherwise_is_said():
    from toolkit.hexgrid import Grid
    from toolkit.terrain.truth import numbered_otherwise

    labelled = {f"{c:02d}{r:02d}": "clear" for c in range(1, 5) for r in range(2, 5)}
    t = Truth(labelled, grid=Grid.from_dict(_BFM_TRUTH_GRID))
    line = numbered_otherwise(t, Grid.from_dict(_BFM_USER_GRID))
    assert line is not None and line.startswith(
        "--truth: the truth file's grid and --grid lie on the same hexes of the scan but name 6 of its 12 labelled "
        "hexes differently (the truth's 0202 is 0201 of --grid, at 107,77), so the scores below compare different "
        "hexes: calibrate with the truth's numbering")
    assert numbered_otherwise(t, Grid.from_dict(_BFM_TRUTH_GRID)) is None  # the same grid
    # the user's grid calibrated with the truth's convention (the calibration as `wgt map calibrate` wrote it)
    same = {**_BFM_TRUTH_GRID, "calibration": [[54.01664, -0.00323, -1.39529], [31.24111, 62.48326, -47.81709]]}
    assert numbered_otherwise(t, Grid.from_dict(same)) is None
    # a truth labelled on another scan of the map (twice the size): its hexes lie elsewhere, nothing can be said
    other = {**_BFM_USER_GRID, "calibration": [[108.03, -0.006, -2.8], [62.48, 124.97, 29.3]]}
    assert numbered_otherwise(t, Grid.from_dict(other)) is None
    assert numbered_otherwise(Truth(labelled), Grid.from_dict(_BFM_USER_GRID)) is None  # a truth without a grid


def test_extract_truth_warns_when_the_truth_numbers_the_hexes_otherwise(tmp_path):
    """`wgt map extract --truth` with a truth whose grid names the same printed hexes otherwise (the other columns
    shifted): one warning line (--json: under warnings), the scores still given; none with the extraction's grid."""
    import yaml

    from toolkit.cli.map_scan import _grid_text

    from .drawn import blank_board

    _lay, grid, im, _d = blank_board()
    im.save(tmp_path / "b.png")
    (tmp_path / "g.yaml").write_text(_grid_text(grid))
    (tmp_path / "l.yaml").write_text('terrain:\n  clear: {hexes: ["0101", "0806", "0504"]}\n')
    g = grid.to_dict()
    other = {**g, "numbering": {**g["numbering"], "shifted": "even"}}
    hexes = {h: "clear" for h in ("0202", "0203", "0302", "0303", "0402", "0403")}

    def run(truth_grid: dict) -> dict:
        (tmp_path / "t.yaml").write_text(yaml.safe_dump({"grid": truth_grid, "hexes": hexes}))
        r = CliRunner().invoke(cli, ["map", "extract", str(tmp_path / "b.png"), "--grid", str(tmp_path / "g.yaml"),
                                     "--legend", str(tmp_path / "l.yaml"), "-o", str(tmp_path / "m.yaml"), "--force",
                                     "--truth", str(tmp_path / "t.yaml"), "--json"])
        assert r.exit_code == 0, r.output
        return json.loads(r.output)

    out = run(other)
    assert out["truth"]["hexes"] == 6
    assert [w for w in out["warnings"] if w.startswith(
        "--truth: the truth file's grid and --grid lie on the same hexes of the scan but name 2 of its 6 labelled "
        "hexes differently (the truth's 0302 is 0301 of --grid")]
    assert not [w for w in run(g).get("warnings", []) if w.startswith("--truth")]
