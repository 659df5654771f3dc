"""Printed names in a coloured line's colour are not that line (toolkit/terrain/lines.py, crossings and
_lettered; issue 14): MMP Afrika prints its place names and hex ids in its road's dark brown. The lettering
veto of the black-line tracer (_lettering, ink notes 8) is applied to the colour tracer's crossings."""

from __future__ import annotations

import math
from itertools import pairwise

from PIL import ImageDraw

from toolkit.terrain.extract import extract

from .drawn import blank_board
from .test_lettering import STROKES

SAND = (226, 200, 140)
BROWN = (53, 39, 10)
ROAD = ["0102", "0203", "0303", "0403", "0503", "0603", "0703"]
LEGEND = {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}},
          "features": {"road": {"colour": "#35270a", "kind": "across", "trace": True,
                                "yes": ["0203/0303", "0503/0603"]}}}


def _board(dashed: bool = False):
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 250))
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    if not dashed:
        d.line(pts, fill=BROWN, width=4, joint="curve")
        return lay, grid, im, d
    for (x0, y0), (x1, y1) in pairwise(pts):  # 8 px dashes, 3 px gaps
        n = math.hypot(x1 - x0, y1 - y0)
        for t in range(0, int(n), 11):
            a, b = t / n, min(n, t + 8) / n
            d.line([(x0 + a * (x1 - x0), y0 + a * (y1 - y0)), (x0 + b * (x1 - x0), y0 + b * (y1 - y0))],
                   fill=BROWN, width=4)
    return lay, grid, im, d


def _word(d: ImageDraw.ImageDraw, word: str, centre: tuple[float, float]) -> None:
    """Capitals 20 px tall (two thirds of a hex), 12 px wide, 18 px apart, in 3 px strokes of the road's brown."""
    x0, y0 = centre[0] - len(word) * 18 / 2, centre[1] - 10
    for i, ch in enumerate(word):
        for (u0, v0), (u1, v1) in STROKES[ch]:
            d.line([(x0 + i * 18 + u0 * 12, y0 + v0 * 20), (x0 + i * 18 + u1 * 12, y0 + v1 * 20)], fill=BROWN, width=3)


def _roads(grid, im) -> set[str]:
    ext = extract(im, grid, LEGEND)
    return {k for k, v in ext.hexsides.items() if "road" in v}


def test_a_name_in_the_roads_colour_is_not_a_road():
    """HELLEN across the side 0304/0305, in the brown of a solid road 4 px wide: without the veto five
    sides around it (0205/0304, 0205/0305, 0304/0305, 0304/0405, 0305/0405) are taken for the road (its
    letters, grown to close dash gaps, run on past a hex size; its strokes about as wide as the road's); with
    it, none. The road itself is found exactly along its path."""
    lay, grid, im, d = _board()
    a, b = (lay.hex_to_pixel(grid.hex(i)) for i in ("0304", "0305"))
    _word(d, "HELLEN", ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    assert _roads(grid, im) == {grid.side_key(x, y) for x, y in pairwise(ROAD)}


def test_a_dashed_road_in_a_row_of_dashes_is_not_lettering():
    """The road drawn in 8 px dashes 3 px apart (parts of a letter's size in a row, but long and thin, and
    nearly joined along the line) beside the name: the road is still found on every side, the name on none."""
    lay, grid, im, d = _board(dashed=True)
    a, b = (lay.hex_to_pixel(grid.hex(i)) for i in ("0304", "0305"))
    _word(d, "HELLEN", ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    assert _roads(grid, im) == {grid.side_key(x, y) for x, y in pairwise(ROAD)}
