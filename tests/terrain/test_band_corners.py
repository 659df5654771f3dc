"""A line read by the band method whose tolerance, learned from its marked sides, leaves out the hex lines' colour is
looked for along the whole side, not only its middle half (extract_sides, band notes 1): a stream crossing a side in
its last fifth, beside a corner (RBM Studio's Waterloo, region 2: 4 of its 11 stream links, 5-13 px from a corner on
68 px sides), was missed. The old code found none of the four strokes' sides below. The neighbour sides meeting at that
corner are not read: each stroke crosses its side only, and nothing else is found."""

from __future__ import annotations

import math

import pytest

from toolkit.hexgrid import Hexside

from .drawn import blank_board
from .test_band_edges import SIZE, STREAM, H, W, crossed, rendered

LEGEND = {"terrain": {"open": "#d8cebe"}, "features": {
    "stream": {"colour": "#0fafdc", "kind": "across", "yes": ["0201/0202", "0202/0203", "0203/0204"]}}}


def _board(at: float, angle: float):
    lay, grid, _, _ = blank_board(columns=8, rows=6, size=SIZE, origin=(50.0, -40.0), image=(W, H), ink=None)
    # the marked stream down column 02, across its sides' middles
    (sx, sy), ey = lay.hex_to_pixel(grid.hex("0201")), lay.hex_to_pixel(grid.hex("0205"))[1]
    lines = [[(sx + 0.12 * SIZE * math.sin(i / 3), sy + (ey - sy) * i / 40) for i in range(41)]]
    # four strokes a hex and a half long, each crossing its side ``at`` of its length from one end, ``angle`` degrees
    # off it (the sides of two orientations, from either end)
    strokes = {}
    for a, b, flip in (("0502", "0503", False), ("0602", "0702", True), ("0404", "0504", False),
                       ("0705", "0706", True)):
        (x0, y0), (x1, y1) = lay.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b)))
        if flip:
            (x0, y0), (x1, y1) = (x1, y1), (x0, y0)
        px, py = x0 + (x1 - x0) * at, y0 + (y1 - y0) * at
        ux, uy = (x1 - x0) / SIZE, (y1 - y0) / SIZE
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        vx, vy = ux * c - uy * s, uy * c + ux * s
        stroke = [(px - vx * 0.75 * SIZE, py - vy * 0.75 * SIZE), (px + vx * 0.75 * SIZE, py + vy * 0.75 * SIZE)]
        strokes[grid.side_key(a, b)] = stroke
        lines.append(stroke)
    _, _, im = rendered([(ln, STREAM, 0.07, 0.03) for ln in lines])
    return grid, im, crossed(grid, lay, lines[:1]), strokes, lay


@pytest.mark.parametrize("at", [0.12, 0.16])
@pytest.mark.parametrize("angle", [70.0, 90.0, 110.0])
def test_a_stream_crossing_near_a_corner(at, angle):
    from toolkit.terrain.extract import extract

    grid, im, marked, strokes, lay = _board(at, angle)
    # each stroke crosses its own side only (6-9 px from the corner on 54 px sides)
    for side, stroke in strokes.items():
        assert crossed(grid, lay, [stroke]) == {side}
    ext = extract(im, grid, LEGEND)
    found = {k for k, v in ext.hexsides.items() if "stream" in v}
    # the old code: the marked stream's four sides only
    assert found == marked | set(strokes)
