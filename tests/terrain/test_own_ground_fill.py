"""On a ground of its own colour a line's fill runs on with it (toolkit/terrain/lines.py, crossings: traced notes 30):
MMP Afrika's mid-brown track over the Jebel's brown hills is read by its edges closed over its fill (traced notes 6),
and a crossing there with no fill between edges on both sides of the hex line is refused. Two relief contours in the
track's edge colour with the hills between them held, a sample beyond the hex line's zone on each side, a speck of the
hills' lighter tone the closing took for the fill (Afrika 1's 18.25/18.26 and 21.26/22.26, Afrika 5's 10.21/9.21): one
pixel of fill on each side was enough. The track's fill runs out through the band; the speck shows at one distance
from the hex line only."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest

from toolkit.hexgrid import Hexside
from toolkit.terrain import lines
from toolkit.terrain.colour import rgb_to_lab

from .drawn import blank_board

SAND = (248, 213, 130)  # the desert (L* 87)
HILLS = (185, 137, 67)  # brown hills: Delta E 11.5 from the track's edges, inside its tolerance on the scan (20)
EDGE = (150, 122, 47)  # the track's edges (L* 52.6), and the relief contours'
FILL = (188, 160, 87)  # the track's fill between them (L* 67): the hills' lighter tone
TRACK = ["0401", "0402", "0403", "0404", "0405", "0406"]
PAIR = ("0605", "0705", "0805")  # two contours 6 px apart on the hills
CROSSED = "0605/0705"


def _board(speck: bool, depth: float = 6.5):
    """The track from the desert (rows 01-03) onto the hills (rows 04-06); two relief contours 3 px wide, 6 px apart,
    across the hills from 0605 to 0805; with ``speck``, a one-pixel stroke of the fill's tone between them ``depth``
    px beyond the side 0605/0705 on each side (the hex line's zone reaches 4 px at this size)."""
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 250), size=40.0, image=(600, 560))
    hills = set()
    for h in grid.hexes():
        if int(grid.id(h)[2:]) >= 4:
            d.polygon(lay.corners(h), fill=HILLS, outline=(250, 250, 250))
            hills.add(grid.id(h))
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in TRACK]
    d.line(pts, fill=EDGE, width=7)
    d.line(pts, fill=FILL, width=3)
    cs = [lay.hex_to_pixel(grid.hex(i)) for i in PAIR]
    (x0, y0), (x1, y1) = cs[0], cs[1]
    length = math.dist(cs[0], cs[1])
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    for off in (-3, 3):
        d.line([(x + nx * off, y + ny * off) for x, y in cs], fill=EDGE, width=3)
    if speck:
        p, q = lay.hexside_endpoints(Hexside.between(grid.hex(PAIR[0]), grid.hex(PAIR[1])))
        sx, sy = q[0] - p[0], q[1] - p[1]
        cos = abs(ux * -sy + uy * sx) / math.hypot(sx, sy)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2  # the pair crosses the side at its middle (centre to centre)
        for sign in (-1, 1):
            cx, cy = mx + ux * sign * depth / cos, my + uy * sign * depth / cos
            d.line([(cx - nx * 2, cy - ny * 2), (cx + nx * 2, cy + ny * 2)], fill=FILL, width=1)
    return grid, im, hills


def _found(speck: bool) -> set[str]:
    """The sides the track is read to cross with the tolerance it has on the Afrika scan (20: the hills within it,
    so traced notes 6 reads it there), marked on the desert."""
    grid, im, hills = _board(speck)
    sides = list(grid.hexsides())
    keys = [grid.side_key(grid.id(s.a), grid.id(s.b)) for s in sides]
    examples = [keys.index(grid.side_key(a, b)) for a, b in (("0401", "0402"), ("0402", "0403"))]

    def lab(c: tuple[int, int, int]) -> np.ndarray:
        return np.asarray(rgb_to_lab(c), dtype=np.float64)

    ground = np.stack([np.stack([lab(HILLS) if grid.id(h) in hills else lab(SAND) for h in (s.a, s.b)])
                       for s in sides])
    out = lines.crossings(im, grid, sides, lab(EDGE).tolist(), 20.0, examples=examples, ground=ground)
    return {keys[i] for i in np.nonzero(out)[0]}


TRACK_SIDES = {f"{a}/{b}" if a < b else f"{b}/{a}" for a, b in pairwise(TRACK)}


def test_contours_with_a_speck_of_the_fill_between_them_are_not_the_line():
    """The speck between the contours shows at one distance from the hex line on each side: no fill running on,
    no crossing (found on main 5a72e45: one pixel of fill a side was the fill). The track is found on the hills."""
    assert _found(speck=True) == TRACK_SIDES


def test_contours_alone_are_not_the_line():
    """Without the speck nothing lies between the contours nearer the track's fill than the hills: refused by
    traced notes 6 as before."""
    assert _found(speck=False) == TRACK_SIDES


def test_one_distance_of_fill_was_taken_before(monkeypatch: pytest.MonkeyPatch):
    """With FILL_DEPTHS 1 (traced notes 6 alone) the speck is taken for the fill and the contours for the track: the
    rule is what refuses them."""
    monkeypatch.setattr(lines, "FILL_DEPTHS", 1)
    assert _found(speck=True) == TRACK_SIDES | {CROSSED}
