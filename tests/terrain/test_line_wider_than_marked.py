"""Coloured traced lines (issue 14; toolkit/terrain/lines.py, traced notes 4): a line is a stroke of one width. A
painted ridge (Avalon Hill's mountains on the Roads to Gettysburg and Stonewall Jackson's Way scans: a brown wash
darkening to its crest) grades through the railway's red-brown on its flanks, and each flank is a band of that colour
crossing the hex lines as a line does, several times as wide as the railway's stroke: a crossing over twice as wide as
the marked sides' is no railway."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from .drawn import blank_board
from .test_border_along_sides import PAPER, RED, TRACK, _found, _sides  # the same railway, legend and reading

CREST = (96, 52, 30)


def _ridge(im: Image.Image, a: tuple[float, float], b: tuple[float, float]) -> Image.Image:
    """A ridge painted along a-b: its crest's dark brown grading to the railway's red 5 px out and to the paper 11 px
    out."""
    px = np.asarray(im, dtype=np.float64).copy()
    h, w = px.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    (ax, ay), (bx, by) = a, b
    vx, vy = bx - ax, by - ay
    t = np.clip(((xx - ax) * vx + (yy - ay) * vy) / (vx * vx + vy * vy), 0.0, 1.0)
    d = np.hypot(xx - (ax + t * vx), yy - (ay + t * vy))
    crest, red = np.asarray(CREST, np.float64), np.asarray(RED, np.float64)
    inner = crest + (red - crest) * np.clip(d / 5.0, 0.0, 1.0)[..., None]
    outer = red + (px - red) * np.clip((d - 5.0) / 6.0, 0.0, 1.0)[..., None]
    px = np.where((d <= 5.0)[..., None], inner, outer)
    return Image.fromarray(np.rint(px).astype(np.uint8))


def _board(ridge: bool):
    lay, grid, im, _d = blank_board(paper=PAPER, ink=(110, 110, 60))
    if ridge:
        # down the board across rows 3-6, between columns 3 and 6, crossing the hex lines there
        im = _ridge(im, lay.hex_to_pixel(grid.hex("0404")), lay.hex_to_pixel(grid.hex("0606")))
    d = ImageDraw.Draw(im)
    # the railway: a solid 2 px red line through the hexes' centres
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in TRACK], fill=RED, width=2)
    return grid, im


def test_a_ridges_flanks_are_no_railway():
    """The railway's six links are found and not the sides 0404/0504 and 0505/0606, which the ridge's flanks cross at
    a half-width of 3 px against the railway's 1 (old code: found). 0404/0405, where a flank's tip, grown to close dash
    gaps, reaches over the side's corner (no stroke of the colour of its own on one side: half-width 0), is not judged
    by this rule; it is a link alone (neither hex holds another railway link), and _lone_links drops it."""
    grid, im = _board(True)
    assert _found(grid, im) == _sides(grid, TRACK)


def test_the_railway_alone_is_found_as_before():
    grid, im = _board(False)
    assert _found(grid, im) == _sides(grid, TRACK)
