"""A feature the legend marks 'no' on another feature's 'yes' sides is not reported where that other is
found (toolkit/terrain/extract_sides.py ``_exclusive``): a trail printed in the tan that also fills a
road between its black edges is not reported along the road."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid
from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 30.0
TAN, BLACK = (181, 165, 99), (35, 31, 32)
ROAD = ["0103", "0203", "0303", "0403", "0503", "0603", "0703"]
TRAIL = ["0106", "0206", "0306", "0406", "0506", "0606", "0706"]


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 7, size=SIZE, image=(400, 460), paper=(255, 255, 255), ink=(120, 120, 120))
    road = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    d.line(road, fill=BLACK, width=9)
    d.line(road, fill=TAN, width=5)
    trail = [lay.hex_to_pixel(grid.hex(i)) for i in TRAIL]
    for (x0, y0), (x1, y1) in pairwise(trail):
        for j in range(0, 10, 2):  # dashes
            a, b = j / 10, (j + 1) / 10
            d.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                   fill=TAN, width=4)
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0801", "0805"]}},
            "features": {"road": {"colour": "#231f20", "kind": "across", "trace": True,
                                  "yes": ["0203/0303", "0403/0503"]},
                         "trail": {"colour": "#b5a563", "kind": "across", "yes": ["0206/0306", "0406/0506"],
                                   "no": ["0203/0303", "0403/0503"]}}}


def _found(grid: Grid, ext: object, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}  # type: ignore[attr-defined]


@pytest.mark.parametrize("rule", [True, False])
def test_a_trail_in_the_roads_tan_is_not_reported_along_the_road(rule, monkeypatch):
    if not rule:
        monkeypatch.setattr(extract_sides, "_exclusive", lambda leg, found: None)
    im, grid = _board()
    ext = extract(im, grid, _legend())
    road = {grid.side_key(a, b) for a, b in pairwise(ROAD)}
    trail = {grid.side_key(a, b) for a, b in pairwise(TRAIL)}
    assert _found(grid, ext, "road") == road
    if rule:
        assert _found(grid, ext, "trail") == trail
    else:  # without the rule the road's tan is a trail too
        assert _found(grid, ext, "trail") & road


def test_an_area_of_the_trails_colour_is_not_crossed_by_it():
    """A patch of a colour within the trail's tolerance filling hexes (Bastogne's pale woods within the
    faint trail's wide tolerance) is an area there: no trail between two hexes it fills."""
    im, grid = _board()
    d = ImageDraw.Draw(im)
    lay = grid.layout
    assert lay is not None
    patch = ["0601", "0602", "0701", "0702", "0801", "0802"]
    for hid in patch:
        d.polygon(lay.corners(grid.hex(hid)), fill=(200, 192, 130))
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(120, 120, 120))
    ext = extract(im, grid, _legend())
    inside = {grid.side_key(a, b) for a in patch for b in patch
              if a < b and grid.hex(a).distance(grid.hex(b)) == 1}
    trail = {grid.side_key(a, b) for a, b in pairwise(TRAIL)}
    assert _found(grid, ext, "trail") == trail
    assert not _found(grid, ext, "trail") & inside


def test_two_features_marking_each_others_examples_no_rank_neither():
    """Two greys each given the other's examples as 'no' (Red Winter's main and primary roads): the legend ranks
    neither, so a side both are found on keeps both (old code: the one listed first was dropped, by legend order)."""
    from types import SimpleNamespace

    main = SimpleNamespace(name="main", yes=["0101/0102"], no=["0201/0202"])
    primary = SimpleNamespace(name="primary", yes=["0201/0202"], no=["0101/0102"])
    trail = SimpleNamespace(name="trail", yes=[], no=["0101/0102"])
    leg = SimpleNamespace(features=[main, primary, trail])
    found = {"0301/0302": {"main", "primary"}, "0401/0402": {"main", "trail"}}
    extract_sides._exclusive(leg, found)  # type: ignore[arg-type]
    assert found == {"0301/0302": {"main", "primary"}, "0401/0402": {"main"}}
