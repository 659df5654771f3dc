"""A dashed line whose dashes lie farther apart than the grown mask closes (GMT Next War: Korea's trail, a cream fill
counted only between its two dashed rims, pale over the marsh and the lowland cream between Gunsan's town, the highway
and Taein's dot): each piece (a dash or two, grown) is shorter than a line's least reach (``PART``, 0.6 of the hex), so
no long part of it crossed the side and the links were missed (Next War: Korea region 2: 1917/2017, 2017/2116,
2120/2221). A line printed in dashes where marked takes its short pieces in a row - grown again, a gap twice as wide
closed - reaching PART together as its own, and the walk along it (traced notes 20) steps over such gaps there
(traced notes 21). Strokes of its colour as near one another in a patch (a hatching, a texture) are no row: they spread
across as much as along, and stay specks."""

from __future__ import annotations

from itertools import pairwise

import pytest

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import blank_board, patterned

NEAR = ["0301", "0302", "0303", "0304"]  # dashes 0.2 of the hex 0.08 apart, closed by the grown mask: its marked sides
FAR = ["0304", "0305", "0306", "0307"]  # dashes farther apart than the grown mask closes, within twice that
MARKED = ["0301/0302", "0302/0303", "0303/0304"]
LEGEND = {"terrain": {"open": {"hexes": ["0101", "0606", "0801"]}},
          "features": {"trail": {"colour": "#8c8c8c", "kind": "across", "trace": True, "yes": MARKED}}}
GREY = (140, 140, 140)
#: (scale, dash, gap): hexes of 40 and 50 px, the far dashes and their gaps (hex sizes). The gap lies between what the
#: grown mask closes at that scale (DASH_GROW of the hex, rounded, either way, and the corners 8-neighbours join) and
#: twice that; the dash is long enough for the walk to lie mostly on the line's pixels (traced notes 20's cover)
SCALES = [(1.0, 0.4, 0.2), (1.25, 0.3, 0.15)]


def _board(scale: float, dash: float, gap: float, far: bool = True, hatch: bool = False):
    """A grey dashed trail hex to hex down column 3 of an olive board, 0.1 of the hex wide: close dashes from 0301 to
    0304 (its marked sides), from there to 0307 (``far``) ``dash`` long every ``dash + gap``; ``hatch``: about the side
    0605/0606, away from the trail, a patch of strokes of the trail's grey as long and as near one another as those
    along its columns, 0.15 of the hex apart across them (each stroke shorter than PART, the patch wider than PART
    both ways)."""
    size = 40.0 * scale
    lay, grid, im, d = blank_board(8, 8, size=size, origin=(50.0 * scale, 50.0 * scale),
                                   image=(round(520 * scale), round(640 * scale)), paper=(204, 207, 176), ink=None)
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(150, 152, 135))
    width = max(2, round(0.1 * size))
    patterned(d, [lay.hex_to_pixel(grid.hex(h)) for h in NEAR], GREY, width, ((0.2 * size, True), (0.08 * size, False)))
    if far:
        patterned(d, [lay.hex_to_pixel(grid.hex(h)) for h in FAR], GREY, width,
                  ((dash * size, True), (gap * size, False)))
    if hatch:
        (ax, ay), (bx, by) = lay.hex_to_pixel(grid.hex("0605")), lay.hex_to_pixel(grid.hex("0606"))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        for i in range(-3, 4):
            for j in range(-2, 2):
                x, y = mx + i * (0.15 * size + width), my + j * (dash + gap) * size
                d.line([(x, y), (x, y + dash * size)], fill=GREY, width=width)
    return grid, im


def _links(grid, im):
    ext = extract(im, grid, LEGEND)
    return {k for k, v in ext.hexsides.items() if "trail" in v}


def _path_links(grid, *paths):
    return {grid.side_key(a, b) for path in paths for a, b in pairwise(path)}


@pytest.mark.parametrize(("scale", "dash", "gap"), SCALES)
def test_a_dashed_line_whose_dashes_lie_far_apart_is_found(scale, dash, gap):
    """Every link of the trail, the three of its far-apart dashes among them (old code: those three missed)."""
    grid, im = _board(scale, dash, gap)
    assert _links(grid, im) == _path_links(grid, NEAR, FAR)


@pytest.mark.parametrize(("scale", "dash", "gap"), SCALES)
def test_the_row_of_pieces_is_what_finds_them(scale, dash, gap, monkeypatch):
    """With the rule off the far-apart dashes' links are missed (the close dashes' found); with it on and without them,
    the close dashes' links only."""
    grid, im = _board(scale, dash, gap)
    monkeypatch.setattr(lines, "CHAINS", False)
    assert _links(grid, im) == _path_links(grid, NEAR)
    monkeypatch.setattr(lines, "CHAINS", True)
    grid, im = _board(scale, dash, gap, far=False)
    assert _links(grid, im) == _path_links(grid, NEAR)


@pytest.mark.parametrize(("scale", "dash", "gap"), SCALES)
def test_a_patch_of_strokes_is_no_row(scale, dash, gap, monkeypatch):
    """A patch of the trail's strokes about the side 0605/0606, as long and as near one another as the far-apart
    dashes along its columns (0.15 of the hex across), is no link: it spreads across as much as along. Without the
    spread's bound (any part reaching PART a row) a side it spans is read as a link: the bound is what refuses it."""
    grid, im = _board(scale, dash, gap, hatch=True)
    assert _links(grid, im) == _path_links(grid, NEAR, FAR)
    monkeypatch.setattr(lines, "CHAIN_SPREAD", 10.0)
    false = _links(grid, im) - _path_links(grid, NEAR, FAR)
    assert false and false <= {grid.side_key(grid.id(a), grid.id(b)) for a in map(grid.hex, ("0605", "0606"))
                               for b in grid.neighbours(a)}
