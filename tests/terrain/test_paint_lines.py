"""Lines on painted maps (issue 14): a traced line printed in another traced line's colours (MMP Afrika's
track in the mid-brown that fills its road between dark-brown edges) is not reported where it is only that
other line (toolkit/terrain/extract_sides.py, _fills)."""

from __future__ import annotations

from itertools import pairwise

from PIL import ImageDraw

from toolkit.terrain.extract import extract

from .drawn import blank_board

SAND = (226, 200, 140)
EDGE = (53, 39, 10)
FILL = (125, 99, 24)
ROAD = ["0102", "0203", "0303", "0403", "0503", "0603", "0703"]
TRACK = ["0205", "0305", "0405", "0505", "0605", "0705"]


def _board():
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 250))
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    d.line(pts, fill=EDGE, width=7, joint="curve")
    d.line(pts, fill=FILL, width=3, joint="curve")
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in TRACK], fill=FILL, width=3, joint="curve")
    return grid, im


def test_a_line_in_another_lines_fill_is_not_reported_there():
    """The road (dark edges, mid-brown between) and the track (a mid-brown line): the track's colour
    crosses every road side too (scores 1 there), and crosses each marked road side while the road crosses
    no marked track side, so where the road crosses a side at the same place the track is not reported.
    Both are found exactly along their own paths."""
    grid, im = _board()
    legend = {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}},
                           "features": {"road": {"colour": "#35270a", "kind": "across", "trace": True,
                                                 "yes": ["0203/0303", "0503/0603"]},
                                        "track": {"colour": "#7d6318", "kind": "across", "trace": True,
                                                  "yes": ["0205/0305", "0505/0605"]}}}
    ext = extract(im, grid, legend)
    want = {name: {grid.side_key(a, b) for a, b in pairwise(path)} for name, path in (("road", ROAD),
                                                                                      ("track", TRACK))}
    assert all(ext.side_scores["track"].get(k, 0) >= 0.5 for k in want["road"])
    for name in ("road", "track"):
        assert {k for k, v in ext.hexsides.items() if name in v} == want[name], name


def test_a_double_line_is_as_wide_across_as_its_examples():
    """The road alone in the legend: its dark edges (2 px) are as thin as the relief lines printed in the
    same dark brown (two single 2 px lines, each crossing three sides). Closed over the fill between its
    edges the road is 7 px across where it is marked, and a single line stays 2 px: only the road's
    own sides are found (without the whole-width check, the relief lines' sides too)."""
    grid, im = _board()
    d = ImageDraw.Draw(im)
    lay = grid.layout
    for path in (["0105", "0206", "0306", "0406"], ["0501", "0601", "0702", "0802"]):
        d.line([lay.hex_to_pixel(grid.hex(i)) for i in path], fill=EDGE, width=2)
    legend = {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}},
              "features": {"road": {"colour": "#35270a", "kind": "across", "trace": True,
                                    "yes": ["0203/0303", "0503/0603"]}}}
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(ROAD)}
