"""A thin road printed lighter in places, its colour there nearer the hex lines' olive than its own (Stonewall
Jackson's Way region 2: 14 of its 21 missed road links, 8-21 Delta E from the road's colour, the hex lines' olive
nearer): toolkit/terrain/lines.py, traced notes 22."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import Image, ImageFilter

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import blank_board

WASH = (248, 238, 150)  # SJW's yellow
HEXES = (150, 140, 84)  # the hex lines' olive
ROAD = (118, 98, 34)  # the road's dark brown (the legend's colour)
LIGHT = (158, 142, 76)  # the road printed lighter: nearer the hex lines' olive than its own colour
DARK = (["0201", "0202", "0203", "0204", "0205", "0206"], ["0701", "0702", "0703", "0704", "0705", "0706"])
PALE = ["0401", "0402", "0403", "0404", "0405", "0406"]
SPECKLED = ("0501", "0502", "0503", "0504", "0505", "0506")  # LIGHT specks over these hexes: no road


def _board(specks: bool = True):
    """50 px hexes on the yellow wash, their lines 3 px of the olive; two roads down columns 02 and 07 in the road's
    brown, one down column 04 in the lighter brown, each 2 px and across the whole sheet; 2 px specks of the lighter
    brown over column 05; the whole softened as a scan softens it."""
    lay, grid, im, d = blank_board(columns=8, size=50.0, origin=(65.0, 65.0), image=(700, 620), paper=WASH, ink=None)
    for h in grid.hexes():
        pts = lay.corners(h)
        for p, q in zip(pts, pts[1:] + pts[:1]):
            d.line([p, q], fill=HEXES, width=3)
    for ids, c in ((DARK[0], ROAD), (DARK[1], ROAD), (PALE, LIGHT)):
        x = lay.hex_to_pixel(grid.hex(ids[0]))[0] + 3  # down the column a little off its centres, top to bottom
        d.line([(x, 0), (x - 6, im.height)], fill=c, width=2)
    if specks:
        rng = np.random.default_rng(5)
        for hid in SPECKLED:
            cx, cy = lay.hex_to_pixel(grid.hex(hid))
            for _ in range(60):
                x, y = cx + rng.uniform(-38, 38), cy + rng.uniform(-38, 38)
                d.rectangle([x, y, x + 1, y + 1], fill=LIGHT)
    im = im.filter(ImageFilter.GaussianBlur(0.6))
    a = np.asarray(im, np.float32) + np.random.default_rng(3).normal(0, 2.0, (im.height, im.width, 3))
    return grid, Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def _legend() -> dict[str, object]:
    rgb = "#{:02x}{:02x}{:02x}".format(*ROAD)
    return {"terrain": {"clear": {"hexes": ["0101", "0306", "0803"]}},
            "features": {"road": {"colour": rgb, "kind": "across", "trace": True,
                                  "yes": [f"{a}/{b}" for a, b in list(pairwise(DARK[0]))[1:4]]}}}


def _found(grid, im) -> set[str]:
    ext = extract(im, grid, _legend())
    return {k for k, v in ext.hexsides.items() if "road" in v}


def _links(grid, ids: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(ids)}


def test_a_lighter_stretch_of_a_thin_road_is_traced_as_a_path():
    """The road's colour learned at its marked sides takes in the hex lines' olive, so it is traced in the colour
    nearer it than the hex lines are (extract_sides; traced notes 10), and the lighter road, nearer the olive, was left
    out: the old code (main 9a40ee8) finds the dark roads only. A path of the lighter brown as thin as the road,
    running on a hex size or more off the hex lines, is the road (notes 22): every link of the three roads, and none
    through the specks of the same lighter brown."""
    grid, im = _board()
    found = _found(grid, im)
    assert found == _links(grid, DARK[0]) | _links(grid, DARK[1]) | _links(grid, PALE)


def test_without_the_paths_the_lighter_road_is_missed(monkeypatch):
    """The old reading (PATHS off): the dark roads only."""
    monkeypatch.setattr(lines, "PATHS", False)
    grid, im = _board()
    assert _found(grid, im) == _links(grid, DARK[0]) | _links(grid, DARK[1])
