"""A lighter line in the colour of a darker line's rims: where the darker line's print spreads into a fringe of the
lighter line's colour (a thin pike's blend with the wash, a brown plate printed wider than the black), the lighter
line was read on the darker one's links (Stonewall Jackson's Way: the thin dark-brown road read on the black-brown
pike's links, 3 of region 2's 5 false road links). toolkit/terrain/extract_sides.py ``_darker_rims``, traced
notes 19."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import ImageFilter

from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board

PIKE_INK, ROAD_BROWN, WASH, RAIL_RED = (35, 27, 10), (123, 103, 34), (248, 233, 126), (188, 110, 79)
PAPER, PALE_ROAD, GREY_RAIL = (245, 240, 225), (225, 197, 173), (113, 117, 92)  # France '40 Dynamo's
PIKE = ["0301", "0302", "0303", "0304", "0305", "0306"]
ROADS = (["0601", "0602", "0603", "0604", "0605", "0606"], ["0801", "0802", "0803", "0804", "0805", "0806"])
RAIL = ["0101", "0102", "0103", "0104", "0105", "0106"]


def _board(rail: bool = False):
    """50 px hexes on the yellow wash, olive hex lines; the pike down column 03 (4 px of black-brown), from 0303 on
    over a 6 px line of the road's brown (its fringe: a pixel either side); two roads down columns 06 and 08 (3 px of
    that brown); (``rail``) a red railway down column 01; blurred a little, as a scan is."""
    lay, grid, im, d = blank_board(columns=9, size=50.0, origin=(65.0, 65.0), image=(760, 620), paper=WASH,
                                   ink=(150, 140, 80))

    def at(i: str) -> tuple[float, float]:
        return lay.hex_to_pixel(grid.hex(i))

    d.line([at("0303"), at(PIKE[-1])], fill=ROAD_BROWN, width=6)
    d.line([at(PIKE[0]), at(PIKE[-1])], fill=PIKE_INK, width=4)
    for ids in ROADS:
        d.line([at(ids[0]), at(ids[-1])], fill=ROAD_BROWN, width=3)
    if rail:
        d.line([at(RAIL[0]), at(RAIL[-1])], fill=RAIL_RED, width=3)
    return grid, im.filter(ImageFilter.GaussianBlur(0.6))


def _legend(rail: bool = False) -> dict[str, object]:
    """The pike marked where it is printed without the fringe (0301-0303), the roads on three sides."""
    features: dict[str, object] = {
        "road": {"colour": "#7b6722", "kind": "across", "trace": True, "yes": ["0601/0602", "0602/0603", "0803/0804"]},
        "pike": {"colour": "#4a3a19", "kind": "across", "trace": True, "yes": ["0301/0302", "0302/0303"]}}
    if rail:
        features["rail"] = {"colour": "#bc6e4f", "kind": "across", "trace": True,
                            "yes": [f"{a}/{b}" for a, b in list(pairwise(RAIL))[1:4]]}
    return {"terrain": {"rolling": {"hexes": ["0405", "0705", "0905"]}}, "features": features}


def _found(ext, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}


def _sides(grid, ids: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(ids)}


def test_the_pike_fringe_is_not_the_road(monkeypatch):
    """The road's brown lies on the pike's blend with the wash: where the pike's fringe is that brown the road was
    read on its links too (the old code, the rule off: 0303/0304, 0304/0305, 0305/0306). Where both cross a side at
    the same place the crossing is the pike's; the roads are read as before."""
    grid, im = _board()
    ext = extract(im, grid, _legend())
    roads = _sides(grid, ROADS[0]) | _sides(grid, ROADS[1])
    assert _found(ext, "pike") == _sides(grid, PIKE)
    assert _found(ext, "road") == roads
    monkeypatch.setattr(extract_sides, "DARKER_RIMS", False)
    old = extract(im, grid, _legend())
    assert _found(old, "road") == roads | _sides(grid, PIKE[2:])
    assert _found(old, "pike") == _sides(grid, PIKE)


def test_a_line_of_another_hue_is_no_rim():
    """The red railway is no blend of the pike's with the wash (nor the road: 25 Delta E and more from every such
    mix): with it on the board the pike's fringe is still the pike's and the railway and the roads keep their links."""
    grid, im = _board(rail=True)
    ext = extract(im, grid, _legend(rail=True))
    assert _found(ext, "rail") == _sides(grid, RAIL)
    assert _found(ext, "road") == _sides(grid, ROADS[0]) | _sides(grid, ROADS[1])
    assert _found(ext, "pike") == _sides(grid, PIKE)


def test_a_road_beside_a_railway_is_its_own_line():
    """A pale road running beside a grey railway across the same sides (France '40 Dynamo): the road's colour is 10
    Delta E and more from the railway's blend with the paper, outside the 7 its own colour is traced with, so the
    railway's rims are not what reads as the road there: both are kept (a first form of the rule, asking the 20 of
    the road's reading instead, dropped the road on every side it shares with the railway: Dynamo's studied region 2
    road 38 -> 30 of 42, its blind region 1 46 -> 43 of 49)."""
    lay, grid, im, d = blank_board(columns=9, size=50.0, origin=(65.0, 65.0), image=(760, 620), paper=PAPER,
                                   ink=(160, 150, 140))

    def at(i: str) -> tuple[float, float]:
        return lay.hex_to_pixel(grid.hex(i))

    (x0, y0), (x1, y1) = at(PIKE[0]), at(PIKE[-1])
    d.line([(x0 - 3, y0), (x1 - 3, y1)], fill=PALE_ROAD, width=5)
    d.line([(x0 + 3, y0), (x1 + 3, y1)], fill=GREY_RAIL, width=3)
    d.line([at(ROADS[0][0]), at(ROADS[0][-1])], fill=PALE_ROAD, width=5)
    d.line([at(ROADS[1][0]), at(ROADS[1][-1])], fill=GREY_RAIL, width=3)
    legend = {"terrain": {"clear": {"hexes": ["0405", "0705", "0905"]}},
              "features": {"road": {"colour": "#e1c5ad", "kind": "across", "trace": True,
                                    "yes": [f"{a}/{b}" for a, b in list(pairwise(ROADS[0]))[:3]]},
                           "rail": {"colour": "#71755c", "kind": "across", "trace": True,
                                    "yes": [f"{a}/{b}" for a, b in list(pairwise(ROADS[1]))[:3]]}}}
    ext = extract(im.filter(ImageFilter.GaussianBlur(0.6)), grid, legend)
    assert _found(ext, "road") == _sides(grid, PIKE) | _sides(grid, ROADS[0])
    assert _found(ext, "rail") == _sides(grid, PIKE) | _sides(grid, ROADS[1])


def test_on_segment():
    """A colour's distance from the mixes of two colours holding a fifth (RIM_END) of each or more; none nearer an
    end than that is a blend of the two."""
    a, b = np.array([20.0, 0.0, 0.0]), np.array([90.0, 0.0, 0.0])
    assert extract_sides._on_segment(np.array([55.0, 3.0, 4.0]), a, b) == 5.0
    assert extract_sides._on_segment(np.array([30.0, 0.0, 0.0]), a, b) == float("inf")  # 1/7 of the way: the line
    assert extract_sides._on_segment(np.array([80.0, 0.0, 0.0]), a, b) == float("inf")  # 6/7: the ground
