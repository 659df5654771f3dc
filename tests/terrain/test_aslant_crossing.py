"""A line crossing a hexside aslant is a crossing (toolkit/terrain/extract_sides.py ``_crossing``): its two
halves show on either side of the side at positions apart, about the rows between them at 45 degrees
(MMP Bastogne's trails, crossing sides at 30-60 degrees: 24 of its 480 trail links were missed)."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 30.0
TAN = (181, 165, 99)
# (hex, its neighbour across a horizontal side, the angle in degrees between the line and that side)
CROSSINGS = [("0203", "0204", 90.0), ("0403", "0404", 90.0), ("0603", "0604", 50.0), ("0205", "0206", 40.0),
             ("0405", "0406", 35.0), ("0605", "0606", 30.0)]


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 7, size=SIZE, image=(400, 460), paper=(255, 255, 255), ink=(120, 120, 120))
    for a, b, angle in CROSSINGS:
        (xa, ya), (xb, yb) = lay.hex_to_pixel(grid.hex(a)), lay.hex_to_pixel(grid.hex(b))
        mx, my = (xa + xb) / 2, (ya + yb) / 2  # the middle of their side (horizontal: flat hexes, one column)
        half = 0.3 * SIZE / math.sin(math.radians(angle))  # 0.3 hex sizes either side of the side, in height
        dx, dy = half * math.cos(math.radians(angle)), half * math.sin(math.radians(angle))
        d.line([(mx - dx, my - dy), (mx + dx, my + dy)], fill=TAN, width=3)
    return im, grid


def test_a_line_crossing_a_side_aslant_is_a_crossing():
    im, grid = _board()
    ext = extract(im, grid, {"terrain": {"open": {"hexes": ["0101", "0801", "0805"]}},
                             "features": {"trail": {"colour": "#b5a563", "kind": "across",
                                                    "yes": ["0203/0204", "0403/0404"]}}})
    found = {k for k, v in ext.hexsides.items() if "trail" in v}
    # the old rule (both halves at one position, give or take one) found the three steepest only (90, 90, 50)
    assert found == {grid.side_key(a, b) for a, b, _ in CROSSINGS}


def test_two_marks_apart_either_side_of_a_side_are_no_crossing():
    """Two dabs of the line's colour on either side of a side, shifted along it as an aslant line's halves
    would be but not joined through the side (lettering, a symbol's parts), are no crossing: an aslant line
    shows in the band's middle too."""
    im, grid = _board()
    lay = grid.layout
    assert lay is not None
    (xa, ya), (xb, yb) = lay.hex_to_pixel(grid.hex("0205")), lay.hex_to_pixel(grid.hex("0204"))
    im.paste((255, 255, 255), (int((xa + xb) / 2) - 10, int((ya + yb) / 2) - 8, int((xa + xb) / 2) + 10,
                               int((ya + yb) / 2) + 8))  # the 40-degree crossing of 0205/0206 is away from here
    mx, my = (xa + xb) / 2, (ya + yb) / 2
    d = ImageDraw.Draw(im)
    d.line([(mx - 10, my), (mx + 10, my)], fill=(120, 120, 120))  # the side's hex line, painted over above
    for sx, sy in ((-3, -5), (3, 5)):  # a dab above the side and one below it, 6 px apart along it
        d.rectangle([mx + sx - 1, my + sy - 1, mx + sx + 1, my + sy + 1], fill=TAN)
    ext = extract(im, grid, {"terrain": {"open": {"hexes": ["0101", "0801", "0805"]}},
                             "features": {"trail": {"colour": "#b5a563", "kind": "across",
                                                    "yes": ["0203/0204", "0403/0404"]}}})
    found = {k for k, v in ext.hexsides.items() if "trail" in v}
    assert grid.side_key("0204", "0205") not in found
    assert found == {grid.side_key(a, b) for a, b, _ in CROSSINGS}
