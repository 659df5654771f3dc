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

from .drawn import ROAD_DOTS as DOTS
from .drawn import ROAD_LEGEND as LEGEND
from .drawn import ROAD_PATH as PATH
from .drawn import road_board, side_dot

OFF = {("0202", "0203"): (230, 30, 40), ("0404", "0403"): (40, 150, 70), ("0602", "0603"): (140, 40, 140)}


def _board(scale: float = 1.0, dots: dict | None = None):
    lay, grid, im, d, size = road_board(scale)
    for (a, b), colour in (DOTS if dots is None else dots).items():
        # a half-disc on the middle of the side, inside hex b, a quarter of the hex across, a white mark in it
        mx, my, ang, r = side_dot(d, lay, grid, a, b, colour, size)
        d.ellipse([mx + 0.45 * r * math.cos(math.radians(ang)) - 0.2 * r,
                   my + 0.45 * r * math.sin(math.radians(ang)) - 0.2 * r,
                   mx + 0.45 * r * math.cos(math.radians(ang)) + 0.2 * r,
                   my + 0.45 * r * math.sin(math.radians(ang)) + 0.2 * r], fill=(255, 255, 255))
    return grid, im


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
