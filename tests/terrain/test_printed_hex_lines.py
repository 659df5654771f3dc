"""Hex lines printed off the calibrated grid (issue 14; toolkit/terrain/lines.py, ink notes 1): a scan of a folded
or warped sheet (Seelowe's paper map) lies up to a tenth of a hex off one affine grid in places; its black hex lines
are then not taken out where the grid says they are, and where two of them meet off their corner, the path they make
crosses the third side there like a black line. They are taken out where they are printed."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

PAPER, BLACK = (250, 248, 240), (10, 10, 10)
RAILWAY = ["0701", "0702", "0703", "0704", "0705", "0706"]


def _board(off: tuple[float, float]):
    """Black hex lines 2 px wide printed ``off`` (dx, dy) px from the grid, and a black railway (a 3 px line with
    ties) down column 07."""
    lay, grid, im, d = blank_board(paper=PAPER, ink=None)
    for h in grid.hexes():
        pts = [(x + off[0], y + off[1]) for x, y in lay.corners(h)]
        d.line(pts + pts[:1], fill=BLACK, width=2)
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in RAILWAY]
    d.line(pts, fill=BLACK, width=3)
    (x0, y0), (_, y1) = pts[0], pts[-1]
    for k in range(int(abs(y1 - y0) // 6)):
        y = y0 + 3 + 6 * k
        d.line([(x0 - 5, y), (x0 + 5, y)], fill=BLACK, width=2)
    return grid, im


def _rail(grid, im) -> set[str]:
    legend = {"terrain": {"clear": {"hexes": ["0101", "0306", "0503"]}},
              "features": {"rail": {"colour": "#000000", "kind": "across", "trace": True,
                                    "yes": ["0702/0703", "0704/0705"]}}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "rail" in v}


def test_hex_lines_printed_off_the_grid_are_no_railway():
    """The hex lines printed 3 px right and 2 px down of the grid (a tenth of the 30 px hex; old code: sides
    crossed where the off lines meet, read as the railway): only the railway's sides."""
    grid, im = _board((3.0, 2.0))
    assert _rail(grid, im) == {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}


def test_hex_lines_on_the_grid_are_as_before():
    """The same board with the hex lines where the grid is: the railway's sides, as before."""
    grid, im = _board((0.0, 0.0))
    assert _rail(grid, im) == {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
