"""A dashed line cut short by small marks printed over it (Decision Games' D-Day at Omaha Beach: fire dots over its
dashed trails; GMT Next War: Korea: a trail between a junction and a town): its piece across a side, between a mark a
third of a hex before the side and one just past it, is shorter than a line's least reach (``PART``, 0.6 of the hex),
so no long part of it crossed the side and the link was missed. A line broken where marked reaches through the small
marks printed over it to a long part of itself (traced notes 18): the links are found. Strokes of its colour joined by
a mark to no long part of it stay specks."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

PATH = ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]
MARKED = ["0103/0203", "0303/0403", "0503/0603"]
CUT = [("0203", "0303"), ("0603", "0703")]  # sides with a dot just past them and another a third of a hex before
LEGEND = {"terrain": {"open": {"hexes": ["0101", "0606", "0801"]}},
          "features": {"trail": {"colour": "#8c8c8c", "kind": "across", "trace": True, "yes": MARKED}}}
DOTS = [(230, 30, 40), (40, 90, 200)]
BEFORE, PAST, RADIUS = 0.32, 0.08, 0.1  # hex sizes: the dots' near edges from the side, along the line; their radius
SPECK = 0.3  # hex sizes: how far a stroke of the trail's grey beside a dot away from the trail reaches from the side


def _middle(lay, grid, a: str, b: str) -> tuple[float, float]:
    ends = [p for p in lay.corners(grid.hex(a)) if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6
                                                         for q in lay.corners(grid.hex(b)))]
    return (ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2


def _board(scale: float = 1.0, dots: bool = True, specks: bool = False):
    """A grey dashed trail hex to hex along row 3 of an olive board (dashes 0.2 of the hex every 0.28, a tenth of the
    hex wide); ``dots``: two dots on it about each CUT side; ``specks``: a dot on the side 0405/0505 with a stroke of
    the trail's grey either side of it."""
    size = 40.0 * scale
    lay, grid, im, d = blank_board(8, 6, size=size, origin=(50.0 * scale, 50.0 * scale),
                                   image=(round(520 * scale), round(520 * scale)), paper=(204, 207, 176), ink=None)
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(150, 152, 135))
    pts = [lay.hex_to_pixel(grid.hex(h)) for h in PATH]
    dashed(d, pts, (140, 140, 140), max(2, round(0.1 * size)), dash=0.2 * size, period=0.28 * size)
    if dots:
        for (a, b), colour in zip(CUT, DOTS):
            mx, my = _middle(lay, grid, a, b)
            (ax, ay), (bx, by) = lay.hex_to_pixel(grid.hex(a)), lay.hex_to_pixel(grid.hex(b))
            n = math.dist((ax, ay), (bx, by))
            ux, uy = (bx - ax) / n, (by - ay) / n
            r = RADIUS * size
            for t in (-BEFORE - RADIUS, PAST + RADIUS):
                cx, cy = mx + t * size * ux, my + t * size * uy
                d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    if specks:
        # across the side 0405/0505, away from the trail: a dot on its middle and a stroke of the trail's grey from
        # each side of the dot out into each hex, each stroke shorter than PART, the three together longer
        mx, my = _middle(lay, grid, "0405", "0505")
        (ax, ay), (bx, by) = lay.hex_to_pixel(grid.hex("0405")), lay.hex_to_pixel(grid.hex("0505"))
        n = math.dist((ax, ay), (bx, by))
        ux, uy = (bx - ax) / n, (by - ay) / n
        r = RADIUS * size
        d.ellipse((mx - r, my - r, mx + r, my + r), fill=DOTS[0])
        for sign in (-1, 1):
            p0 = (mx + sign * 0.08 * size * ux, my + sign * 0.08 * size * uy)
            p1 = (mx + sign * SPECK * size * ux, my + sign * SPECK * size * uy)
            d.line([p0, p1], fill=(140, 140, 140), width=max(2, round(0.1 * size)))
    return grid, im


def _links(grid, im):
    ext = extract(im, grid, LEGEND)
    return {k for k, v in ext.hexsides.items() if "trail" in v}


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.25, 1.5])
def test_a_dashed_line_cut_short_between_two_dots_is_found(scale):
    """The trail's seven links exactly, the two cut between dots among them, at hexes of 32 to 60 px (old code: those
    two missed at every scale)."""
    grid, im = _board(scale)
    assert _links(grid, im) == {grid.side_key(a, b) for a, b in pairwise(PATH)}


def test_the_reach_through_marks_is_what_finds_them(monkeypatch):
    """With the rule off the two cut sides are missed; without the dots every link is found either way."""
    monkeypatch.setattr(lines, "MARKS_CUT", False)
    grid, im = _board()
    assert _links(grid, im) == {grid.side_key(a, b) for a, b in pairwise(PATH) if (a, b) not in CUT}
    grid, im = _board(dots=False)
    assert _links(grid, im) == {grid.side_key(a, b) for a, b in pairwise(PATH)}


def test_strokes_joined_by_a_dot_away_from_the_line_are_no_line():
    """Two strokes of the trail's grey, each shorter than PART, meet a dot on a side away from the trail (hexes of 60
    px): together with the dot they reach PART, but they are joined by it to no long part of the trail, and the side
    is no link (joined through the dot alone, the side read as a trail link)."""
    grid, im = _board(1.5, specks=True)
    assert _links(grid, im) == {grid.side_key(a, b) for a, b in pairwise(PATH)}
