"""A solid road with a game's markers printed over it where it crosses the hex lines (Decision Games' D-Day at Omaha
Beach: half-disc "fire dots" of a zone's colour on the middle of a hex's sides, over everything): the road's own
pixels stop at the dot, so its crossing there did not run through the hex line's zone (traced notes 7) and the
thinner side of it - under the dot - was no stroke of the road's width (notes 4): every link with a dot was refused.
A mark printed over the line is passed over, and the width read on the side it does not hide (traced notes 15)."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from toolkit.terrain.extract import extract

from .drawn import blank_board, side_dot

GROUND = (204, 207, 176)  # the high ground's olive
ROAD = (159, 159, 159)  # the primary road's grey
LINES = (150, 152, 135)
PATH = ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]  # a road across the board, hex to hex
DOTS = {("0203", "0303"): (230, 30, 40), ("0403", "0503"): (40, 150, 70), ("0603", "0703"): (90, 170, 230)}
MARKED = ["0103/0203", "0303/0403", "0503/0603"]
OFF = {("0202", "0203"): (230, 30, 40), ("0404", "0403"): (40, 150, 70), ("0602", "0603"): (140, 40, 140)}


def _board(scale: float = 1.0, dots: dict | None = None):
    size = 40.0 * scale
    lay, grid, im, d = blank_board(8, 6, size=size, origin=(50.0 * scale, 50.0 * scale),
                                   image=(round(520 * scale), round(520 * scale)), paper=GROUND, ink=None)
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=LINES)
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in PATH], fill=ROAD, width=round(0.2 * size), joint="curve")
    for (a, b), colour in (DOTS if dots is None else dots).items():
        # a half-disc on the middle of the side, inside hex b, a quarter of the hex across, a white mark in it
        mx, my, ang, r = side_dot(d, lay, grid, a, b, colour, size)
        d.ellipse([mx + 0.45 * r * math.cos(math.radians(ang)) - 0.2 * r,
                   my + 0.45 * r * math.sin(math.radians(ang)) - 0.2 * r,
                   mx + 0.45 * r * math.cos(math.radians(ang)) + 0.2 * r,
                   my + 0.45 * r * math.sin(math.radians(ang)) + 0.2 * r], fill=(255, 255, 255))
    return grid, im


LEGEND = {"terrain": {"open": {"hexes": ["0101", "0606", "0801"]}},
          "features": {"road": {"colour": "#9f9f9f", "kind": "across", "trace": True, "yes": MARKED}}}


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.5])
def test_a_road_under_markers_printed_on_the_sides_is_found_there(scale):
    """The road's seven links exactly, the three under a dot among them, at hexes of 32 to 60 px (old code: the four
    marked and dot-free ones only)."""
    grid, im = _board(scale)
    ext = extract(im, grid, LEGEND)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(PATH)}


def test_a_mark_beside_no_line_is_no_crossing():
    """Dots on sides the road runs beside but does not cross add no link: the road's links alone."""
    grid, im = _board(dots={**DOTS, **OFF})
    ext = extract(im, grid, LEGEND)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(PATH)}
