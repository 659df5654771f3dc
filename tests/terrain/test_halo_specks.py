"""A river printed with a pale halo along it, the halo's grain holding single pixels of a road's tan (GMT France '40's
Dynamo map: its road's pale pink-tan, the rivers' soft shading beside them; region 2 read the road at 1815/1914 and
2017/2116, where the Aa runs along the side and where a stream ends at a corner, with no road there): the specks,
grown together by the dash gaps' closing, crossed the sides the river lies along. A line with a core of its own
colour where marked runs on where it crosses; specks reaching no farther than the line is wide are none -
toolkit/terrain/lines.py, traced notes 26."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import blank_board

PAPER = (240, 234, 205)  # the cream ground
SHADE = (230, 220, 188)  # the halo's shading beside the river
HEX_LINE = (128, 120, 105)  # the grey-brown hex lines, printed over the road
ROAD = (225, 197, 173)  # the road's pale pink-tan (Dynamo's legend)
RIVER = (0, 150, 195)  # the river's blue (Dynamo's legend)
SIZE = 51.0  # Dynamo's hexes at its working scale
ROAD_HEXES = ["0201", "0202", "0203", "0204", "0205", "0206"]  # a road down column 02
RIVER_HEXES = ["0501", "0502", "0503", "0504", "0505", "0506"]  # the river along the east sides of column 05


def _river_sides(grid) -> list[str]:
    """The sides between column 05's hexes and column 06's (the river lies along them)."""
    out = []
    for a in RIVER_HEXES:
        for b in grid.hex(a).neighbours():
            if b in grid and grid.id(b)[:2] == "06":
                out.append(grid.side_key(a, grid.id(b)))
    return sorted(out)


def _board(specks: float = 0.05):
    """8 x 6 hexes of 51 px on the cream; a 4 px road of the tan down ROAD_HEXES; a 9 px blue river along the sides
    between columns 05 and 06 with a shaded halo reaching 9 px either side of it; the hex lines printed over both,
    softened as a scan is; then a ``specks`` share of the halo's pixels turned the road's tan, one pixel each (the
    halo's grain, as JPEG leaves it), and noise."""
    lay, grid, im, d = blank_board(columns=8, rows=6, size=SIZE, origin=(70.0, 70.0), image=(720, 640),
                                   paper=PAPER, ink=None)
    halo = Image.new("L", im.size, 0)
    dh = ImageDraw.Draw(halo)
    river = []
    for key in _river_sides(grid):
        (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(key))
        river.append(((x0, y0), (x1, y1)))
        dh.line([(x0, y0), (x1, y1)], fill=255, width=27)
        for x, y in ((x0, y0), (x1, y1)):
            dh.ellipse((x - 13, y - 13, x + 13, y + 13), fill=255)
    d.bitmap((0, 0), halo, fill=SHADE)
    pts = [lay.hex_to_pixel(grid.hex(h)) for h in ROAD_HEXES]
    pts = [(pts[0][0], 0.0), *pts, (pts[-1][0], float(im.height))]
    d.line(pts, fill=ROAD, width=4, joint="curve")
    for (x0, y0), (x1, y1) in river:
        d.line([(x0, y0), (x1, y1)], fill=RIVER, width=9)
        for x, y in ((x0, y0), (x1, y1)):
            d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=RIVER)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=HEX_LINE)
    im = im.filter(ImageFilter.GaussianBlur(0.5))
    a = np.asarray(im, np.float32).copy()
    rng = np.random.default_rng(5)
    on_halo = (np.asarray(halo) > 0) & (np.abs(a - np.asarray(SHADE, np.float32)).max(axis=2) < 12)
    a[on_halo & (rng.random(on_halo.shape) < specks)] = ROAD
    a += rng.normal(0, 1.5, a.shape)
    return grid, Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def _legend(grid) -> dict[str, object]:
    hexcode = "#{:02x}{:02x}{:02x}".format
    sides = _river_sides(grid)
    return {"terrain": {"clear": {"hexes": ["0102", "0704", "0806"]}},
            "features": {"road": {"colour": hexcode(*ROAD), "kind": "across", "trace": True,
                                  "yes": [grid.side_key(a, b) for a, b in pairwise(ROAD_HEXES[:4])][:3]},
                         "river": {"colour": hexcode(*RIVER), "kind": "along",
                                   "yes": [sides[0], sides[len(sides) // 2], sides[-1]]}}}


def _found(grid, im, name: str) -> set[str]:
    ext = extract(im, grid, _legend(grid))
    return {k for k, v in ext.hexsides.items() if name in v}


def _roads(grid) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(ROAD_HEXES)}


def test_a_river_s_halo_is_no_road():
    """The halo's specks of the road's tan, grown together, lie beyond the hex line's zone on both sides of each side
    the river runs along: read as the road crossing there on main b739b42. Each is a part of a pixel or two, the road's
    own parts where it crosses run on: every road link, none along the river; the river read as before."""
    grid, im = _board()
    assert _found(grid, im, "road") == _roads(grid)
    assert _found(grid, im, "river") == set(_river_sides(grid))


def test_without_it_the_halo_reads_as_road(monkeypatch):
    """The old reading (SPECKS off): the road's links, and sides the river runs along read as road too, with sides
    meeting them at its corners (the halo reaching round them); none away from the river."""
    monkeypatch.setattr(lines, "SPECKS", False)
    grid, im = _board()
    found = _found(grid, im, "road")
    assert found >= _roads(grid)
    false = found - _roads(grid)
    assert false & set(_river_sides(grid))
    assert all({k[:2], k[5:7]} & {"05", "06"} for k in false)


def test_a_clean_halo_changes_nothing(monkeypatch):
    """Without the specks the rule refuses nothing: the same reading with it and without it, every road link."""
    grid, im = _board(specks=0.0)
    with_it = _found(grid, im, "road")
    monkeypatch.setattr(lines, "SPECKS", False)
    assert with_it == _found(grid, im, "road") == _roads(grid)
