"""MMP SCS Afrika, a SECOND held-out region nobody tuned on (tests/terrain/truth/heldout/afrika-2.yaml,
RESULTS-afrika-2.md): the truth file, and `wgt map extract --truth` on it with the first region's legend
(afrika.legend.yaml) unchanged."""

from __future__ import annotations

from toolkit.terrain.truth import load_truth

from .test_truth_afrika import HELDOUT, assert_floors, assert_region_complete, extract_region

# the truth's grid with the extent widened so that the legend's examples (columns 10-29) and the region are on it
OWN, WIDE = "extent: {columns: [55, 62], rows: [4, 13]}", "extent: {columns: [10, 62], rows: [4, 27]}"


def test_afrika_2_truth_file():
    """Columns 55-62 x rows 04-13 (80 hexes, Qara and the Qattara Depression's edge), the same grid
    calibration as afrika.yaml; only tracks among the lines."""
    t = load_truth(HELDOUT / "afrika-2.yaml")
    first = load_truth(HELDOUT / "afrika.yaml")
    assert t.grid is not None and first.grid is not None
    assert t.grid.layout is not None and first.grid.layout is not None
    assert t.grid.layout.matrix == first.grid.layout.matrix
    assert not set(t.hexes) & set(first.hexes)
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"desert": 62, "stipple": 11, "marsh": 7}
    assert t.symbols == {"town": {"56.05"}}
    assert not t.hexsides
    assert {k: len(v) for k, v in t.links.items()} == {"track": 35}
    assert_region_complete(t)


def test_extract_afrika_2_against_its_truth(boards, tmp_path):
    """Floors measured on the first run (2026-12-05, main b3e07ef, afrika.legend.yaml unchanged): hexes
    65/80 (desert read as marsh 7 times and as stipple 4 times, stipple read as desert 4 times); town 1/1
    found once; track 35/35 with 2 false (no road is labelled here; 4 sides were reported as road)."""
    out = extract_region(boards, tmp_path, "afrika-2.yaml", OWN, WIDE)
    assert out["hexes"] == 80 and out["right"] >= 78  # 65 -> 75 (texture.dot_fields) -> 77 (GROUND_WITH_DOTS)
    # -> 78 (extract._split_inked)
    town = out["symbols"]["town"]
    assert town["in_truth"] == 1 and town["true_positives"] >= 1 and town["found"] <= 1
    v = out["lines"]["track"]
    assert v["in_truth"] == 35 and v["true_positives"] >= 35 and v["found"] - v["true_positives"] <= 2
    # the legend's road and road_main have no entry here (none in the region): scored, every find false
    assert set(out["lines"]) == {"track", "road", "road_main"}
    assert_floors(out, {"road": (0, 0, 0), "road_main": (0, 0, 0)})
