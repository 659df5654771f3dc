"""A traced line whose colour lies near the printed hex lines' (MMP Bastogne's trail: a tan band, 5 px, with darker
rims, on brown hex lines 22 Delta E from its tan). The tolerance learned from its marked sides (there 40) took in the
hex lines, and the woods' olive too: on Bastogne its crossings read as areas or as a line on a ground of its own colour
(lines.py notes 6) and were refused (a new user's legend, trail `trace: true`: 181 of 480 links); here, with the hex
lines 12.9 from the tan and 4 px wide, within the tolerance learned (20), they are traced as the trail (sides it never
crosses). Traced, the line is now the colour nearer it than the hex lines are (toolkit/terrain/extract_sides.py, as the
band method's strict test)"""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

WIDTH = 4  # px: the hex lines, in the tan's tolerance, fill a third of each band
PAPER, HEXLINE = (255, 255, 255), (165, 135, 65)  # the hex lines 12.9 from the tan
RIM, TAN = (148, 132, 82), (181, 165, 99)
PATH = ["0102", "0202", "0302", "0402", "0502", "0603", "0703", "0803"]
OTHER = ["0105", "0205", "0305", "0405"]  # a second trail, unmarked


def _board():
    lay, grid, im, d = blank_board(columns=8, rows=6, size=30.0, image=(400, 400), paper=PAPER, ink=None)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=HEXLINE, width=WIDTH)
    for path in (PATH, OTHER):
        pts = [lay.hex_to_pixel(grid.hex(h)) for h in path]
        d.line(pts, fill=RIM, width=7, joint="curve")
        d.line(pts, fill=TAN, width=5, joint="curve")
    return im, grid


def test_a_tan_line_near_the_hex_lines_colour_is_traced():
    im, grid = _board()
    links = list(pairwise(PATH))
    legend = {"terrain": {"open": {"hexes": ["0506", "0801", "0606"]}},
              "features": {"trail": {"colour": "#b5a563", "kind": "across", "trace": True,
                                     "yes": [f"{a}/{b}" for a, b in links[1:4]]}}}
    ext = extract(im, grid, legend)
    want = {grid.side_key(a, b) for path in (PATH, OTHER) for a, b in pairwise(path)}
    assert {k for k, v in ext.hexsides.items() if "trail" in v} == want
