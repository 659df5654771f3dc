"""A thin road printed in the hex lines' own ink, its legend colour the blend of its stroke with the ground:
toolkit/terrain/lines.py crossings, traced notes 11 (Roads to Gettysburg's scan)."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

INK, WASH = (104, 106, 36), (236, 232, 170)
BLEND = tuple(round(0.4 * a + 0.6 * b) for a, b in zip(INK, WASH))  # a thin road's edge: more of the ground
EDGE = tuple(round(0.65 * a + 0.35 * b) for a, b in zip(INK, WASH))  # a hex line's

ROADS = (["0201", "0202", "0203", "0204", "0205", "0206"], ["0501", "0502", "0503", "0504", "0505", "0506"],
         ["0701", "0702", "0703", "0704", "0705", "0706"])


def _board():
    """50 px hexes on a pale wash, their lines 1 px of a dark olive ink with a 1 px blended edge either side (EDGE);
    three roads down columns 02, 05 and 07: 2 px of the same ink, a 1 px edge either side of the hex lines' blend, 2 px
    in every 9 of a lighter one (BLEND, the legend's colour)."""
    lay, grid, im, d = blank_board(columns=8, size=50.0, origin=(65.0, 65.0), image=(700, 620), paper=WASH, ink=None)
    for h in grid.hexes():
        pts = lay.corners(h)
        for p, q in zip(pts, pts[1:] + pts[:1]):
            d.line([p, q], fill=EDGE, width=3)
    for h in grid.hexes():
        pts = lay.corners(h)
        for p, q in zip(pts, pts[1:] + pts[:1]):
            d.line([p, q], fill=INK, width=1)
    for ids in ROADS:
        (x0, y0), (x1, y1) = (lay.hex_to_pixel(grid.hex(i)) for i in (ids[0], ids[-1]))
        n = round(abs(y1 - y0))
        for k in range(0, n, 9):  # 7 px of the hex lines' blend, then 2 of the legend's
            for a, b, c in ((k, k + 7, EDGE), (k + 7, k + 9, BLEND)):
                d.line([(x0, y0 + a), (x0, y0 + min(b, n))], fill=c, width=4)
        d.line([(x0, y0), (x1, y1)], fill=INK, width=2)
    return grid, im


def _legend() -> dict[str, object]:
    rgb = "#{:02x}{:02x}{:02x}".format(*BLEND)
    return {"terrain": {"clear": {"hexes": ["0101", "0406", "0803"]}},
            "features": {"road": {"colour": rgb, "kind": "across", "trace": True,
                                  "yes": [f"{a}/{b}" for a, b in list(pairwise(ROADS[0]))[1:3]]}}}


def test_a_thin_road_in_the_hex_lines_ink_is_traced_off_them():
    """The roads' stroke is the hex lines' ink; the legend gives (and the marked sides teach) its lightest blend with
    the wash, and most of its edge is the hex lines' own blend, nearer their colour than the road's: the old code kept
    those pixels out (traced notes 10's rivals) and the road's colour alone, 2 px in every 9, fell apart - no road
    found. The road's ink at its marked sides lies beyond the tolerance from its colour (a blend): the hex lines stay
    out by their place only, and every road link is found, nothing else."""
    grid, im = _board()
    ext = extract(im, grid, _legend())
    found = {k for k, v in ext.hexsides.items() if "road" in v}
    assert found == {grid.side_key(a, b) for ids in ROADS for a, b in pairwise(ids)}
