"""A traced line printed in a mid/dark neutral grey (GMT Red Winter's primary road, #5f605f, L* 41), not in the
black ink of the hex lines and names, is traced as a coloured line with its own colour (lines.crossings), not
by shape as black ink (lines.ink_crossings: a grey within ``INK_TOLERANCE`` of black takes in every dark grey
mark of the map: the marks where hex lines meet, shore blends)."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract
from toolkit.terrain.extract_sides import _black_ink, _ink_like

from .drawn import blank_board

SNOW = (242, 244, 246)
GREY = (95, 96, 95)
ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]
MARKED = ["0104", "0204", "0304", "0404", "0504", "0604", "0704", "0105", "0305", "0505", "0705"]


def _board():
    lay, grid, im, d = blank_board(paper=SNOW, ink=(200, 204, 210))
    road = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    d.line(road, fill=GREY, width=6, joint="curve")
    for h in MARKED:  # a short thick tick in the road's grey on each corner, along the hex lines meeting there
        cs = lay.corners(grid.hex(h))
        for k, (x, y) in enumerate(cs):
            for nx, ny in (cs[k - 1], cs[(k + 1) % len(cs)]):
                d.line([(x, y), (x + (nx - x) * 0.3, y + (ny - y) * 0.3)], fill=GREY, width=5)
    return grid, im


def _legend() -> dict:
    return {"terrain": {"snow": {"hexes": ["0801", "0806", "0101"]}},
            "features": {"road": {"colour": "#5f605f", "kind": "across", "trace": True,
                                  "yes": ["0202/0302", "0502/0602"]}}}


def test_grey_is_ink_like_but_not_black_ink():
    assert _ink_like((40.6, 0.0, 0.5)) and not _black_ink((40.6, 0.0, 0.5))
    assert _black_ink((0.0, 0.0, 0.0)) and _black_ink((12.2, 1.0, 1.8))  # TLD's black, Bastogne's #231f20


def test_a_dark_grey_road_is_not_found_at_dark_vertex_marks():
    """A 6 px road in #5f605f and 5 px ticks of its grey at the corners of other hexes, lying along the hex lines:
    only the road's sides are found (old code, tracing it as black ink: 43 sides at the ticks too)."""
    grid, im = _board()
    ext = extract(im, grid, _legend())
    found = {k for k, v in ext.hexsides.items() if "road" in v}
    assert found == {grid.side_key(a, b) for a, b in pairwise(ROAD)}
