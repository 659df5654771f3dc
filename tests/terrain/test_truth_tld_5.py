"""The Longest Day, a FIFTH held-out region nobody tuned on (tests/terrain/truth/heldout/the-longest-day-5.yaml,
RESULTS.md): the truth file (complete, on the board's grid, apart from the other four regions), and the extraction
with the first region's legend unchanged, floors at its first run. The region is BLIND: only its totals are
reported."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth import extract_tld_region
from .test_truth_afrika import assert_floors, assert_region_complete

TRUTH = Path(__file__).parent / "truth"


def test_the_longest_day_5_truth_file():
    """Columns 58-67 x rows 44-55 (120 hexes, Villers-Bocage - Aunay-sur-Odon), the grid and calibration of the first
    region, labelled before any run on it."""
    t = load_truth(TRUTH / "heldout" / "the-longest-day-5.yaml")
    first = load_truth(TRUTH / "the-longest-day.yaml")
    others = [load_truth(TRUTH / "heldout" / f"the-longest-day-{n}.yaml") for n in (2, 3, 4)]
    assert t.grid is not None and first.grid is not None
    assert t.grid.layout is not None and first.grid.layout is not None
    assert t.grid.layout.matrix == first.grid.layout.matrix
    assert t.grid.extent.first_col == 58 and t.grid.extent.last_col == 67
    assert t.grid.extent.first_row == 44 and t.grid.extent.last_row == 55
    for other in (first, *others):
        assert not set(t.hexes) & set(other.hexes)
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"bocage": 91, "forest": 20, "hill": 8, "clear": 1}
    assert t.hexes["6752"] == "clear"
    assert t.symbols == {"town": {"6145", "6249"}}  # the large dots; Odon's (6149) is a medium dot
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 49}
    assert "6046/6145" in t.hexsides["river"]  # under the primary road's bridge box
    assert "6346/6446" not in t.hexsides["river"]  # the lettering "R. Odon", not the river
    assert {k: len(v) for k, v in t.links.items()} == {"road_primary": 7, "road_secondary": 45, "rail": 7}
    assert_region_complete(t)


def test_extract_the_longest_day_5_against_its_truth(boards, tmp_path):
    """The Longest Day's legend, unchanged, on the fifth region; floors at its first run (main 5736287, RESULTS.md):
    hexes 119/120, towns 2/2 with none false, river 49/49, primary 7/7, secondary 44/45 with 1 false, rail 7/7 with
    1 false."""
    out = extract_tld_region(boards, tmp_path, "the-longest-day-5.yaml",
                             "extent: {columns: [58, 67], rows: [44, 55]}",
                             "extent: {columns: [35, 67], rows: [35, 55]}")["truth"]
    assert out["hexes"] == 120 and out["right"] >= 119
    assert out["symbols"]["town"]["true_positives"] >= 2 and out["symbols"]["town"]["found"] <= 2
    floors = {"river": (49, 49, 0), "road_primary": (7, 7, 0), "road_secondary": (45, 44, 1), "rail": (7, 7, 1)}
    assert_floors(out, floors)
