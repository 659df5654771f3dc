"""A road or railway runs on from hex to hex (extract_sides._lone_links): a link of an 'across' line followed whole
(traced, printed solid where marked) whose two hexes hold no other link of it is a crossing seen alone - a stroke of
the line's colour across one side (a river's pale glow, another road's edge, a large name in a black road's ink) -
and is not reported; a marked side is. The line's own links, a spur of it two links long included, are found as
before. A dashed line is read in pieces (a true link whose neighbours are missed is alone): left as found."""

from __future__ import annotations

import math
from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

SAND = (236, 214, 160)
BROWN = (120, 92, 24)
ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]
SPUR = ["0402", "0403", "0404"]  # a dead end two links long, leaving the road
STROKE = ("0605", "0606")  # a stroke of the road's colour across this side alone


def _board(dash: bool = False):
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 246))
    for path in (ROAD, SPUR):
        if dash:  # MMP Afrika's track: 24 px dashes, 5 px gaps
            dashed(d, [lay.hex_to_pixel(grid.hex(i)) for i in path], BROWN, 4)
        else:
            d.line([lay.hex_to_pixel(grid.hex(i)) for i in path], fill=BROWN, width=4)
    # the stroke: 0.7 of a hex long, as wide as the road, across the side's middle at right angles to it
    (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(grid.side_key(*STROKE)))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    n = math.dist((x0, y0), (x1, y1))
    nx, ny = -(y1 - y0) / n, (x1 - x0) / n
    d.line([(mx - nx * 10.5, my - ny * 10.5), (mx + nx * 10.5, my + ny * 10.5)], fill=BROWN, width=4)
    return grid, im


def _found(grid, im, yes: list[str]) -> set[str]:
    legend = {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}},
              "features": {"road": {"colour": "#785c18", "kind": "across", "trace": True, "yes": yes}}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "road" in v}


def _links(grid, path: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(path)}


def test_a_stroke_of_the_road_colour_across_one_side_alone_is_no_link():
    """The road's links and its spur's, not 0605/0606 (old code: found, the stroke crossing the side as a road
    does)."""
    grid, im = _board()
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _links(grid, ROAD) | _links(grid, SPUR)


def test_a_dashed_line_is_left_as_found(monkeypatch):
    """A dashed track (no marked side crossed unbroken: read in pieces) keeps the link its stroke makes alone - left
    as found by this rule. Traced notes 20 (lines.STROKES, a line in dashes where marked) refuses it: walked along
    its pixels, the stroke runs on 0.7 hex and no farther, where the track's dashes run on from every crossing."""
    from toolkit.terrain import lines

    grid, im = _board(dash=True)
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _links(grid, ROAD) | _links(grid, SPUR)
    monkeypatch.setattr(lines, "STROKES", False)
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _links(grid, ROAD) | _links(grid, SPUR) | {
        grid.side_key(*STROKE)}


def test_a_marked_side_alone_is_a_link():
    grid, im = _board()
    marked = grid.side_key(*STROKE)
    assert _found(grid, im, ["0202/0302", "0502/0602", marked]) == _links(grid, ROAD) | _links(grid, SPUR) | {marked}
