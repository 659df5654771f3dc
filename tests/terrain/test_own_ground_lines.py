"""A traced line printed on a ground of nearly its own colour (issue 14: MMP Afrika's mid-brown track over the
Jebel's brown hills, within the track's tolerance of its colour): there the line is what stands out from the
ground around it, its edges, closed over its fill; a single line of its colour (a relief contour) or two with the
ground between are not it (toolkit/terrain/lines.py, crossings: traced notes 6)."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

SAND = (248, 213, 130)  # the desert (L* 87)
HILLS = (185, 137, 67)  # brown hills: Delta E 11.5 from the track's edges, inside its tolerance (20)
EDGE = (150, 122, 47)  # the track's edges (L* 52.6)
FILL = (188, 160, 87)  # and its fill between them (L* 67)
TRACK = ["0401", "0402", "0403", "0404", "0405", "0406"]


def _board(contours: bool = False):
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 250), size=40.0, image=(600, 560))
    for h in grid.hexes():
        if int(grid.id(h)[2:]) >= 4:
            d.polygon(lay.corners(h), fill=HILLS, outline=(250, 250, 250))
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in TRACK]
    d.line(pts, fill=EDGE, width=7)
    d.line(pts, fill=FILL, width=3)
    if contours:
        # a relief contour in the edges' colour, and two side by side with the hills between them
        d.line([lay.hex_to_pixel(grid.hex(i)) for i in ("0105", "0205", "0305")], fill=EDGE, width=2)
        for off in (-3, 3):
            d.line([(x, y + off) for x, y in (lay.hex_to_pixel(grid.hex(i)) for i in ("0605", "0705", "0805"))],
                   fill=EDGE, width=2)
    return grid, im


def _legend() -> dict:
    return {"terrain": {"desert": {"hexes": ["0101", "0801", "0702"]},
                        "hills": {"hexes": ["0206", "0306", "0704"]}},
            "features": {"track": {"colour": "#7d6318", "kind": "across", "trace": True,
                                   "yes": ["0401/0402", "0402/0403"]}}}


def _found(grid, ext) -> set[str]:
    return {k for k, v in ext.hexsides.items() if "track" in v}


def test_a_line_on_a_ground_of_its_own_colour_is_found_by_its_edges():
    """The track crosses three sides on the hills, where the hills' colour lies within its tolerance: its
    band there is all of its colour (an area, refused before); found now on every side of its path."""
    grid, im = _board()
    ext = extract(im, grid, _legend())
    assert {grid.id(h) for h in grid.hexes() if ext.hexes[grid.id(h)].terrain == "hills"} >= {"0404", "0405", "0406"}
    assert _found(grid, ext) == {grid.side_key(a, b) for a, b in pairwise(TRACK)}


def test_contours_on_a_ground_of_the_lines_colour_are_not_the_line():
    """A single contour in the track's edge colour, and two of them 6 px apart with the hills between (as
    wide across as the track): the first has no fill, the second's middle is the ground's colour, not the
    track's fill where it is marked: neither is the track."""
    grid, im = _board(contours=True)
    ext = extract(im, grid, _legend())
    assert _found(grid, ext) == {grid.side_key(a, b) for a, b in pairwise(TRACK)}
