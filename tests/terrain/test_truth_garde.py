"""Vae Victis's "La Garde avance!" (the magazine's Waterloo game), held out (tests/terrain/truth/heldout/garde*.yaml,
RESULTS-garde.md): a TRUE SCAN of the two printed map pages side by side - a white gutter cutting column 22, the
scanner's colour banding, hexes marked only by ticks at their corners, ids printed near the top of each hex; tinted
terrain areas (clear, high ground, a pale hollow), white tree icons, an ochre track and a grey double-line chaussee.
The LEFT page's region (garde.yaml, columns 13-20 x rows 06-13, La Belle Alliance) is BLIND, labelled by stored46
(session 46) before any extraction ran on the left page; the RIGHT page's (garde-2.yaml, columns 24-30 x rows 02-09)
is STUDIED, labelled by session 45's stranger's test (user45). One grid for both pages (user45's calibration) and one
legend, user45's second, with pale's examples moved off garde-2's region (garde.legend.yaml). The truth files, the
legend's placement and the image's fetch into the cache (the map art is Vae Victis's, not in this repository:
``python tests/terrain/truth/heldout/web_boards.py fetch --board garde``, from a clone of
axel18bsm/MapToHexagonalGrid2D named by --git or $WGT_MAPTOHEX_GIT)."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.extract_legend import load_legend
from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import beside, check_region, example_hexes, fetch_fails_in_one_line, fetched_from_clone

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "axel18bsm__MapToHexagonalGrid2D/garde_MapnapPNG.png"
SCAN = ((11, 33), (1, 14))  # columns 11-33 x rows 01-14: both pages, the bench's run


def test_garde_truth_file():
    """The left page's region (BLIND): columns 13-20 x rows 06-13 (64 hexes, all labelled, no pale, no tree icon);
    every link joins two neighbouring labelled hexes; the same grid as the right page's region (one grid for the
    scan: flat-top, even columns half a hex down); the near calls of its header."""
    t = load_truth(HELDOUT / "garde.yaml")
    g = check_region(t, IMAGE, 64)
    num = g.to_dict()["numbering"]
    assert (num["orientation"], num["shifted"]) == ("flat", "even")
    assert _classes(t) == {"clear": 40, "high": 24} and t.hexes["1312"] == "high"  # La Belle Alliance's farm
    assert t.symbols == {"trees": set()}  # scored: none there
    assert {k: len(v) for k, v in t.links.items()} == {"track": 11, "chaussee": 7}
    # the track passes the corner 1907/1807/1908 crossing 1907/1807's tick; it forks inside 1412
    assert "1807/1907" in t.links["track"] and not {"1907/1908", "1807/1908"} & t.links["track"]
    assert {"1313/1412", "1412/1413"} <= t.links["track"] and "1313/1413" not in t.links["track"]
    # the chaussee crosses 1411/1512 just above the corner 1411/1412/1512, and 1812/1913 just below 1812's right one
    assert {"1411/1512", "1812/1913"} <= t.links["chaussee"]
    assert not {"1411/1412", "1412/1512", "1812/1912"} & t.links["chaussee"]
    t2 = load_truth(HELDOUT / "garde-2.yaml")
    assert t2.grid is not None and g.layout.matrix == t2.grid.layout.matrix


def test_garde_2_truth_file():
    """The right page's region (STUDIED, user45's labels unchanged): columns 24-30 x rows 02-09 (56 hexes), on the
    other page from the blind region (not beside it)."""
    t = load_truth(HELDOUT / "garde-2.yaml")
    check_region(t, IMAGE, 56)
    assert _classes(t) == {"clear": 31, "high": 17, "pale": 8}
    assert {k: len(v) for k, v in t.symbols.items()} == {"trees": 9}
    assert {k: len(v) for k, v in t.links.items()} == {"track": 12, "chaussee": 5}
    _, near1 = beside(load_truth(HELDOUT / "garde.yaml"), *SCAN)
    assert not set(t.hexes) & near1


def test_garde_legend_examples_lie_outside_both_regions():
    """No example hex (terrain, symbol, both hexes of each marked side) of garde.legend.yaml is a hex of either
    region, and none lies beside the blind one; all lie on the scan's grid. user45's legend 2 as written but pale's
    examples, moved from 2702, 2803, 2805 (in garde-2's region) to the left page's pale strip, and high's 2611 (a clear
    hex) replaced by 2711; user45's examples beside garde-2's region (clear 3103 and 3110, trees 2810, the sides
    3106/3107 and 3106/3206) are off it and kept."""
    spec = load_legend(HELDOUT / "garde.legend.yaml")
    used = set(example_hexes(spec))
    g, near1 = beside(load_truth(HELDOUT / "garde.yaml"), *SCAN)
    t2 = load_truth(HELDOUT / "garde-2.yaml")
    _, near2 = beside(t2, *SCAN)
    assert used <= set(g.ids())
    assert not used & near1 and not used & set(t2.hexes)
    assert used & near2 == {"3103", "3110", "2810", "3106", "3107"}
    assert spec["terrain"]["pale"]["hexes"] == ["1103", "1104", "1203"]
    assert spec["terrain"]["high"]["hexes"] == ["2711", "2712", "2812"]  # user45's 2611 is a clear hex
    assert spec["terrain"]["clear"]["hexes"] == ["3103", "3203", "3110"]  # user45's
    assert {k: (v["kind"], v.get("colour"), v.get("yes", v.get("hexes"))) for k, v in spec["features"].items()} == {
        "trees": ("symbol", None, ["2810", "2811"]),
        "track": ("across", "#a6882d", ["3203/3204", "3204/3205", "3106/3107"]),
        "chaussee": ("across", "#a5afaf", ["3106/3206", "3206/3307"])}


def test_garde_fetch_fails_in_one_line(tmp_path):
    """With $WGT_MAPTOHEX_GIT naming a folder that is no clone: one line and exit 3 naming the board and how to fetch
    it."""
    fetch_fails_in_one_line(tmp_path, "garde", "WGT_MAPTOHEX_GIT",
                            "La Garde avance! (Vae Victis) map (a scan of both pages; axel18bsm/MapToHexagonalGrid2D)")


def test_garde_fetch_from_the_clone(tmp_path):
    """From a clone of axel18bsm/MapToHexagonalGrid2D holding its commit the image lands in the cache and is the
    recorded blob."""
    record = fetched_from_clone(tmp_path, "garde", "WGT_MAPTOHEX_GIT", IMAGE)
    assert record["size"] == (1376, 968) and record["repo"] == "axel18bsm/MapToHexagonalGrid2D"


def _trees(out: dict) -> tuple[int, int, int]:
    v = out["symbols"]["trees"]
    return v["in_truth"], v["true_positives"], v["found"] - v["true_positives"]


def test_extract_garde_against_its_truth(tmp_path):
    """Floors from the first run that read the left page's region (BLIND: totals only), 2026-12-07 17:09 UTC, branch
    stored46 (main 5a72e45's extraction code), the legend as stored, on the truth's grid widened to the whole scan
    (columns 11-33 x rows 01-14, as the bench runs it): hexes 64/64; track 10/11 none false; chaussee 7/7 none false;
    trees none in the region, 3 false. The same with high's example 2611 -> 2711 (the legend as stored, 18:00 UTC).
    Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "garde", "garde.yaml", "garde.legend.yaml", 33, 14, first=(11, 1))
    assert out["hexes"] == 64 and out["right"] >= 64
    assert set(out["lines"]) == {"track", "chaussee"}
    assert_floors(out, {"track": (11, 10, 0), "chaussee": (7, 7, 0)})
    n, _, false = _trees(out)
    # (trees 3 false -> none, totals only: symbols notes 7, garde47 - the trees learned from the icons' dark trunks, not
    # from the track's stroke)
    assert n == 0 and false == 0


def test_extract_garde_2_against_its_truth(tmp_path):
    """Floors from the right page's region's first stored run (STUDIED), 2026-12-07 17:09 UTC, branch stored46 (main
    5a72e45's extraction code), on the same widened grid: hexes 56/56; chaussee 5/5 none false; track 10/12 none false
    (2402/2403 at the fork, as user45's run; 2403/2404 over the high ground beside a tree icon); trees 3/9 with 1 false.
    user45's run of the right page alone (columns 23-33) read track 11/12 and trees 2/9 at 2/3 with the same legend
    before pale's examples moved, and reads so still; the whole scan with user45's legend unchanged reads as here
    (RESULTS-garde.md). The same with high's example 2611 -> 2711 (the legend as stored, 18:00 UTC). Skipped with the
    reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "garde", "garde-2.yaml", "garde.legend.yaml", 33, 14, first=(11, 1))
    assert out["hexes"] == 56 and out["right"] >= 56
    # (trees 3/9 at 3/4 -> 9/9 at 9/9 and track 10/12 -> 12/12: symbols notes 7, garde47 - the trees learned from the
    # icons' dark trunks and shadows, the ids' digits left out of the template, the track's stroke not taken for them;
    # the track's links no longer under false tree stamps)
    assert_floors(out, {"track": (12, 12, 0), "chaussee": (5, 5, 0)})
    n, right, false = _trees(out)
    assert n == 9 and right == 9 and false == 0
