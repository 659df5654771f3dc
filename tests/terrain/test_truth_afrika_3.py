"""MMP SCS Afrika, a THIRD held-out region nobody tuned on (tests/terrain/truth/heldout/afrika-3.yaml): the truth
file only. It was labelled and landed before any extraction was run on the region; this test does not run one."""

from __future__ import annotations

from toolkit.terrain.truth import load_truth

from .test_truth_afrika import HELDOUT, assert_region_complete


def test_afrika_3_truth_file():
    """Columns 31-42 x rows 14-22 (108 hexes: Acroma, El Adem, Sidi Rezegh, Gambut, Bir Hacheim, Bir el Gubi,
    Gabr Saleh, Libyan Omar, Sidi Azeiz), the same grid calibration as afrika.yaml, overlapping neither earlier
    region nor the legend's example hexes (columns 10-16 and 26-29)."""
    t = load_truth(HELDOUT / "afrika-3.yaml")
    first, second = load_truth(HELDOUT / "afrika.yaml"), load_truth(HELDOUT / "afrika-2.yaml")
    assert t.grid is not None and first.grid is not None
    assert t.grid.layout is not None and first.grid.layout is not None
    assert t.grid.layout.matrix == first.grid.layout.matrix
    assert not set(t.hexes) & set(first.hexes) and not set(t.hexes) & set(second.hexes)
    assert all(31 <= int(h.split(".")[0]) <= 42 for h in t.hexes)
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"desert": 106, "stipple": 1, "hills": 1}
    assert t.hexes["33.14"] == "stipple" and t.hexes["42.22"] == "hills"
    assert t.symbols == {"town": {"33.20", "34.22", "36.19", "36.21", "38.21", "39.19", "40.21", "42.18", "42.20"}}
    assert not t.hexsides
    assert {k: len(v) for k, v in t.links.items()} == {"road_main": 6, "road": 45, "track": 46}
    assert_region_complete(t)
