"""Coloured traced lines (issue 14; toolkit/terrain/lines.py, traced notes 9): a line of the railway's colour printed
ALONG the hex lines (Avalon Hill's red-dashed county borders on the Stonewall Jackson's Way scan, in the colour box of
its red railroad) lies in the hex line's zone; only its edges, grown to close its dash gaps, reach past the zone's edges
on both sides, and followed out from there it stops at once on both. It is no crossing of the railway, which runs out of
the band on both sides wherever it crosses."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

PAPER = (236, 222, 150)
RED = (188, 110, 79)
TRACK = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]


def _border_sides(grid) -> list:
    """The sides between rows 4 and 5 of columns 2-7 (hexes of rows <= 4 on one side, >= 5 on the other)."""
    out = []
    for sd in grid.hexsides():
        a, b = grid.id(sd.a), grid.id(sd.b)
        ca, ra, cb, rb = int(a[:2]), int(a[2:]), int(b[:2]), int(b[2:])
        if 2 <= ca <= 7 and 2 <= cb <= 7 and (ra <= 4) != (rb <= 4) and {ra, rb} & {4, 5} == {ra, rb}:
            out.append(sd)
    return out


def _board(border: bool):
    lay, grid, im, d = blank_board(paper=PAPER, ink=(110, 110, 60))
    # the railway: a solid 2 px red line through the hexes' centres
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in TRACK]
    d.line(pts, fill=RED, width=2)
    if border:
        # the border: 3 px dashes of the same red on the hex lines, a pixel off them (as printed)
        for sd in _border_sides(grid):
            (x0, y0), (x1, y1) = lay.hexside_endpoints(sd)
            dashed(d, [(x0, y0 + 1), (x1, y1 + 1)], RED, 3, dash=7, period=10)
    return grid, im


def _found(grid, im) -> set[str]:
    legend = {"terrain": {"open": {"hexes": ["0801", "0806", "0101"]}},
              "features": {"rail": {"colour": "#bc6e4f", "kind": "across", "trace": True,
                                    "yes": ["0202/0302", "0502/0602"]}}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "rail" in v}


def _sides(grid, path: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(path)}


def test_a_border_along_the_hex_lines_is_no_railway():
    """The railway's six links are found and none of the border's sides (old code: the railway's six and border sides
    where its dashes' grown edges reached past the hex line's zone on both sides)."""
    grid, im = _board(True)
    assert _found(grid, im) == _sides(grid, TRACK)


def test_the_railway_alone_is_found_as_before():
    grid, im = _board(False)
    assert _found(grid, im) == _sides(grid, TRACK)
