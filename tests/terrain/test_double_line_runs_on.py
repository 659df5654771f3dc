"""A double line's paper runs on with it (lines.py, traced notes 17), on the board of test_double_line_walls (a road
of two grey walls a pixel wide with the paper between, among specks of its grey, 34 px hexes). Velikie Louki's road was
still read on sides it does not cross where notes 16 found paper between walls: (a) for a moment only - the holes of
a hex id's digits under a side, a corner tick's arms beside a railway's grey dashes, a village's square - a part of
paper a hex or so long, drawn here as a piece of the double line one hex long across a side where no road runs; and
(b) in a fill's grain (level 1's mottle, a quarter of it as dark as the road or darker), whose specks hold a pixel of
paper between them everywhere, drawn here as a mottled fill over six hexes south of the road. A wall is a line
(a dark part reaching WALL_REACH), and the paper crossing a side reaches PAPER_REACH (2 hex sizes): the road's 7 links
exactly, as the old code did not read them."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from toolkit.terrain.extract import extract

from .test_double_line_walls import GREY, SNOW, _board, _links

FILLED = {"0205", "0206", "0207", "0305", "0306", "0307"}  # the fill: south of the road (row 03), off the marked sides
FILL = (221, 225, 227)  # level 1's pale grey, as scanned
MOTTLE = 11.0  # its grain's spread (RGB): L* 82-96, a quarter of it as dark as the road's tolerance or darker
PIECE = ("0605", "0606")  # the side a piece of the double line a hex long crosses
PIECE_LONG = 34.0  # px: the piece's length, a hex size (the board's hexes: 34 px)
VILLAGE = 15  # px: a village's square printed on the road (0.44 of a hex), as Velikie Louki's


def _drawn(seed: int, fill: bool = False, piece: bool = False, villages: tuple[str, ...] = ()) -> tuple:
    """The board with a mottled fill over ``FILLED`` and/or a piece of the double line one hex long across ``PIECE``
    and/or a village's square of the road's grey on each hex of ``villages`` (``VILLAGE`` px across, at its centre)."""
    grid, im = _board(seed)
    lay = grid.layout
    a = np.asarray(im, dtype=np.float64).copy()
    for v in villages:
        x, y = (round(t) for t in lay.hex_to_pixel(grid.hex(v)))
        half = VILLAGE // 2
        a[y - half:y + half + 1, x - half:x + half + 1] = GREY
    if fill:
        m = Image.new("L", im.size, 0)
        for h in grid.hexes():
            if grid.id(h) in FILLED:
                ImageDraw.Draw(m).polygon(lay.corners(h), fill=255)
        on = np.asarray(m) > 0
        rng = np.random.default_rng(seed)
        noise = np.asarray(Image.fromarray(np.clip(128 + rng.normal(0, 40, on.shape), 0, 255).astype(np.uint8)
                                           ).filter(ImageFilter.GaussianBlur(0.6)), dtype=np.float64) - 128
        a[on] = np.asarray(FILL, dtype=np.float64)[None, :] + MOTTLE * (noise[on] / noise[on].std())[:, None]
    if piece:
        (x0, y0), (x1, y1) = (lay.hex_to_pixel(grid.hex(i)) for i in PIECE)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        m = Image.new("L", im.size, 0)
        d = ImageDraw.Draw(m)
        ends = [(mx, my - PIECE_LONG / 2), (mx, my + PIECE_LONG / 2)]  # across the side, at its middle
        d.line(ends, fill=1, width=5)
        d.line(ends, fill=2, width=3)
        at = np.asarray(m)
        a[at == 1] = GREY
        a[at == 2] = SNOW
    return grid, Image.fromarray(np.clip(np.rint(a), 0, 255).astype(np.uint8))


def _found(seed: int, runs: bool = True, through: bool = True, **kw) -> tuple:
    """The road's links read on the drawn board, with traced notes 17 on (``runs``) or off (the old code)."""
    from toolkit.terrain import lines

    grid, im = _drawn(seed, **kw)
    legend = {"terrain": {"clear": {"hexes": ["0101", "0106", "0901"]}},
              "features": {"road": {"colour": "#{:02x}{:02x}{:02x}".format(*GREY), "kind": "across", "trace": True,
                                    "yes": [grid.side_key("0103", "0203"), grid.side_key("0403", "0503"),
                                            grid.side_key("0703", "0803")]}}}
    old = lines.PAPER_RUNS, lines.PAPER_THROUGH
    lines.PAPER_RUNS, lines.PAPER_THROUGH = runs, through
    try:
        ext = extract(im, grid, legend)
    finally:
        lines.PAPER_RUNS, lines.PAPER_THROUGH = old
    return grid, {k for k, v in ext.hexsides.items() if "road" in v}


@pytest.mark.parametrize("seed", [5, 7, 11])
def test_a_piece_of_double_line_a_hex_long_is_no_road(seed):
    """Its paper between walls reaches about a hex, the road's runs on across the board: the road's 7 links exactly;
    the old code read the piece's side too."""
    grid, found = _found(seed, piece=True)
    assert found == _links(grid)
    _grid, old = _found(seed, runs=False, piece=True)
    assert old == _links(grid) | {grid.side_key(*PIECE)}


@pytest.mark.parametrize("seed", [5, 7, 11])
def test_a_fill_s_grain_holds_no_walls(seed):
    """The fill's specks are no walls: the road's 7 links exactly; the old code read the road across sides of the fill
    (its paper between the specks, grown together)."""
    grid, found = _found(seed, fill=True)
    assert found == _links(grid)
    _grid, old = _found(seed, runs=False, fill=True)
    false = old - _links(grid)
    assert _links(grid) <= old and false
    assert all(set(k.split("/")) & FILLED for k in false)


def test_each_half_of_the_rule_is_needed():
    """The paper's reach alone leaves the fill's false sides (seed 5: its grain's paper, between specks, reaches two
    hexes), and the walls as lines alone leave the piece's side (its walls are lines)."""
    from toolkit.terrain import lines

    grid, _im = _drawn(5)
    reach, walls = lines.PAPER_REACH, lines.WALL_REACH
    try:
        lines.WALL_REACH = 0.0
        _g, found = _found(5, fill=True)
        assert found - _links(grid)
        lines.WALL_REACH, lines.PAPER_REACH = walls, lines.PART
        _g, found = _found(5, piece=True)
        assert found == _links(grid) | {grid.side_key(*PIECE)}
    finally:
        lines.PAPER_REACH, lines.WALL_REACH = reach, walls


@pytest.mark.parametrize("villages", [("0503", "0603"), ("0303", "0403")])
@pytest.mark.parametrize("seed", [5, 7])
def test_the_paper_runs_on_through_villages_on_neighbouring_hexes(seed, villages):
    """Two villages' squares of the road's grey on neighbouring hexes of the road break its paper twice a hex apart:
    the paper between them reaches under PAPER_REACH, and without the squares joining the paper's parts the link
    between the two villages was lost (review38 L1; notes 16 alone, PAPER_RUNS off, found it). Every link exactly;
    with the paper not run on through the squares, that link is missed and nothing else changes."""
    grid, found = _found(seed, villages=villages)
    assert found == _links(grid)
    _grid, old = _found(seed, through=False, villages=villages)
    assert old == _links(grid) - {grid.side_key(*villages)}
