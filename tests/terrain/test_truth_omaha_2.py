"""Decision Games' *D-Day at Omaha Beach*, its alternative map (2014): region 2
(tests/terrain/truth/heldout/omaha-2.yaml, RESULTS-omaha-2.md), STUDIED: Vierville-sur-Mer and Hamel-au-Pretre,
columns 25-34 x rows 06-11 of the image whose region 1 (columns 07-15 x rows 10-18, test_truth_omaha.py) is BLIND,
labelled by the same rule and read with the same legend, omaha.legend.yaml, none of whose examples lies in or beside
it. The image's fetch into the cache: ``python tests/terrain/truth/heldout/web_boards.py fetch --board omaha``."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import beside, placed

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "HerrEklund__wasa/omaha_Board_MainAlternate.jpg"
BOARD = ((1, 36), (5, 20))  # columns 01-36 x rows 05-20: the calibrated map, the bench's run


def test_omaha_2_truth_file():
    """Columns 25-34 x rows 06-11 less 0834 (beside the legend's woods example 0835): 59 hexes, all labelled, on
    region 1's grid; every link joins two neighbouring labelled hexes; the rule's near calls and the crossings read on
    crops."""
    t = load_truth(HELDOUT / "omaha-2.yaml")
    assert t.image == IMAGE and t.grid is not None and t.grid.layout is not None
    g = t.grid
    assert {g.id(h) for h in g.hexes()} == set(t.hexes) | {"0834"} and t.excluded == {"legend-examples": ["0834"]}
    assert len(t.hexes) == 59
    assert _classes(t) == {"highground": 26, "bocage": 15, "buildings": 12, "draw": 3, "beach": 2, "woods": 1}
    assert not t.symbols and not t.hexsides
    assert {k: len(v) for k, v in t.links.items()} == {"road": 17, "secondary": 5, "trail": 18}
    for keys in t.links.values():
        for k in keys:
            a, b = k.split("/")
            assert a in t.hexes and b in t.hexes and g.hex(b) in g.hex(a).neighbours(), k
    assert not t.links["road"] & t.links["secondary"] and not t.links["secondary"] & t.links["trail"]
    assert not t.links["road"] & t.links["trail"]

    def centre(hid: str) -> tuple[int, ...]:
        return tuple(round(v) for v in g.layout.hex_to_pixel(g.numbering.offset.to_hex(*g.numbering.parse(hid))))

    # region 1's grid (its four clicks), cut to this region: two of the clicks' centres as region 1's test reads them
    wide, _ = beside(t, *BOARD)
    assert tuple(round(v) for v in wide.layout.hex_to_pixel(wide.hex("1314"))) == (1571, 1361)
    assert (centre("1125"), centre("0634")) == ((2799, 1559), (3860, 2052))
    # near calls: 1130's centre between two woods patches (its fill), 0931's under a patch; the draw's top 0731 (the
    # mined road, no house) and 0627 (the draw's grey under the sand's stipple); houses on the draw's grey; zone hexes
    # and strongpoints by the fill inside their outline
    near = ("1130", "0931", "0731", "0627", "0725", "0630", "1125", "0728", "0629", "0732")
    assert {h: t.hexes[h] for h in near} == {
        "1130": "highground", "0931": "woods", "0731": "draw", "0627": "draw", "0725": "buildings",
        "0630": "buildings", "1125": "bocage", "0728": "bocage", "0629": "highground", "0732": "highground"}
    # the trail from 1024 turns solid inside 0925 (a secondary link out of it); the road down the draw turns orange (the
    # mined road) at 0830/0731; the primary road crosses 1026/1126 and 0928/1027 near, not through, the corners
    assert "0825/0925" in t.links["secondary"] and "0731/0830" not in t.links["road"]
    assert {"1026/1126", "0928/1027", "0830/0930", "1029/1130"} <= t.links["road"]
    assert not {"1025/1126", "0927/0928", "1026/1125"} & t.links["road"]
    assert {"0832/0932", "1030/1131", "0632/0732", "0632/0733"} <= t.links["trail"]


def test_omaha_2_lies_apart_from_region_1_and_the_legend():
    """No example hex or side of omaha.legend.yaml is a hex of region 2 or beside it (the legend region 1 uses, read
    unchanged here), and no hex of region 2 is a hex of region 1 or beside it."""
    t, g, hexes, points = placed(HELDOUT, "omaha-2.yaml", "omaha.legend.yaml", BOARD)
    assert not points and len(hexes) == 35
    _, near1 = beside(load_truth(HELDOUT / "omaha.yaml"), *BOARD)
    _, near2 = beside(t, *BOARD)
    assert not near1 & near2
    # every neighbour of every example hex stays out of the region, too (0834, beside 0835, is the excluded one)
    assert not {g.id(n) for h in hexes for n in g.neighbours(g.hex(h)) if n in g} & set(t.hexes)


def test_extract_omaha_2_against_its_truth(tmp_path):
    """Region 2 (STUDIED), the legend as written (region 1's), on the truth's grid widened to the calibrated map
    (columns 01-36 x rows 05-20, as the bench runs it; no warp). First run (09:37 UTC, main 7fd0a83): hexes 47/59;
    road 8/17 and secondary 0/5 none false (13 links read as trail), trail 11/18 with 14 false. With the draw no
    longer taken for dots on the town (texture.py step 1) and the marks printed over a solid line's crossing passed
    over (lines.py, traced notes 15): hexes 51/59 (the houses left: 8 building hexes read as their fill); road
    11/17, secondary 3/5, none false; trail 10/18 with 7 false (0932/1032 lost: the secondary, taken where a trail's
    dash runs through the zone under a fire dot and then dropped as a lone link, removed it as its fill). With a class
    printed as small solid symbols read by its largest part (blobs.py: one house makes the hex buildings): hexes
    59/59, the lines unchanged. With a solid line's pieces cut short by marks reaching through them (lines.py, traced
    notes 15, lines7): road 12/17 and secondary 5/5, none false; trail 10/18 with 5 false. With a dashed line's pieces
    cut short by small marks reaching through them to a long part of it (lines.py, traced notes 18, lines8): trail
    13/18 with 5 false. With a solid line's own colour counted in the zone under a mark however short its piece (the
    road under a fire dot with the hex's id printed over it just past the side: lines.py, traced notes 27, omaha5):
    road 17/17 none false; trail 13/18 with 2 false (the road's edges' false trail links 0627/0628, 0726/0727,
    0831/0832 gone; 0929/0930, 1029/1030 left). Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "omaha", "omaha-2.yaml", "omaha.legend.yaml", 36, 20, first=(1, 5))
    assert out["hexes"] == 59 and out["right"] >= 59
    assert set(out["lines"]) == {"road", "secondary", "trail"}
    assert_floors(out, {"road": (17, 17, 0), "secondary": (5, 5, 0), "trail": (18, 13, 2)})
