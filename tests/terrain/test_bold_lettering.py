"""A large name in bold letters is not a road (toolkit/terrain/lines.py, _lettering, ``LETTER_BOLD``; issue 14).

A bold letter's strokes are a few pixels thick, so its stems and bowls run as straight as the linear opening that
keeps a line's ink: every piece of a large bold name lies on "long straight runs", and a part mostly on them was
taken for a piece of a line, never a letter. MMP Bastogne's place names (bold serif, 0.6-0.9 hex tall) were read
as its black-edged road across six hexsides (Bastogne, Mageret). A part that is not thin and has most of its pixels
inside its strokes is a letter candidate even on long runs; the thin pieces of a line (a road's walls cut by the
hex lines) and the hairline outlines of house blocks still are not."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from toolkit import fonts
from toolkit.hexgrid import Hexside
from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import blank_board

BROWN, TAN, BLACK = (166, 124, 41), (181, 165, 99), (35, 31, 32)
ROAD = ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]


def test_bold_letters_on_long_runs_are_lettering_thin_pieces_and_outlines_are_not():
    """_lettering on a drawn mask whose every pixel is on a long straight run (as a bold name's are after the
    linear opening): five bold rings in a row (strokes 5 px) are lettering; five rings of the same size in a 1 px
    outline (house blocks outlined in the ink) and a row of long thin bars (a road's wall cut by hex lines) are
    not. The old code took none of them for letters."""
    m = np.zeros((140, 220), dtype=bool)
    for i in range(5):  # bold letters: 16x20 rings of 5 px strokes, 4 px apart
        x = 10 + 20 * i
        m[10:30, x:x + 16] = True
        m[15:25, x + 5:x + 11] = False
    for i in range(5):  # outlined blocks: the same rings, 1 px thick
        x = 10 + 20 * i
        m[50:70, x:x + 16] = True
        m[51:69, x + 1:x + 15] = False
    for i in range(4):  # a wall in pieces: 30x2 bars, 4 px apart
        m[100:102, 10 + 34 * i:40 + 34 * i] = True
    found = lines._lettering(m, m, m.copy(), 40.0)
    assert found[10:30, 10:110].sum() == m[10:30, 10:110].sum()
    assert not found[40:].any()


def _board(word: str = "Bogne", dx: float = 0.0) -> tuple:
    """Bastogne-like: brown hex lines, a tan road between black edges along row 03, and ``word`` in bold letters 0.8
    hex sizes tall across the sides below 0405/0505, its middle ``dx`` px right of that side's."""
    lay, grid, im, d = blank_board(8, 6, size=36.0, image=(490, 436), paper=(255, 255, 255), ink=None)
    for h in grid.hexes():
        c = lay.corners(h)
        d.line(c + c[:1], fill=BROWN, width=2)
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    d.line(pts, fill=BLACK, width=8, joint="curve")
    d.line(pts, fill=TAN, width=4, joint="curve")
    (xa, ya), (xb, yb) = lay.hexside_endpoints(Hexside.between(grid.hex("0405"), grid.hex("0505")))
    d.text(((xa + xb) / 2 + dx, (ya + yb) / 2), word, fill=BLACK, font=fonts.font(1.8 * 36, "bold"), anchor="mm")
    return im, grid


def test_a_large_bold_name_is_not_the_black_road():
    """The road (the one black feature, learned from two marked sides) is found on all its links; the bold name's
    lowercase letters across 0304/0305, 0305/0406 and 0505/0606 are not taken for it (the old code found all three
    and 0304/0405). Left: the "B" alone at the word's start, cut by a hex line into pieces unlike its neighbours,
    still crosses 0304/0405 as road."""
    im, grid = _board()
    leg = {"terrain": {"clear": {"hexes": ["0801", "0806", "0605"]}},
           "features": {"road": {"colour": "#231f20", "kind": "across", "trace": True,
                                 "yes": [f"{a}/{b}" for a, b in list(pairwise(ROAD))[2:4]]}}}
    ext = extract(im, grid, leg)
    got = {k for k, v in ext.hexsides.items() if "road" in v}
    road = {grid.side_key(a, b) for a, b in pairwise(ROAD)}
    assert road <= got
    assert got - road <= {grid.side_key("0304", "0405")}


def test_a_bold_name_cut_by_the_hex_lines_band_is_still_lettering():
    """"Mageret" in the same bold letters, 8 px left of the middle of side 0405/0505 (as MMP Bastogne's names lie
    across its brown hex lines). The calibrated hex lines' band is taken out of the ink before the lettering is read,
    and where it runs through a letter it leaves stems and bowls unlike their neighbours: no row of letters, and the
    old code read the name as the road across five sides (0205/0206, 0206/0305, 0304/0305, 0305/0406, 0505/0606). The
    ink proper is read for lettering as printed too (the hex lines are not in it): no side of the name is road."""
    im, grid = _board("Mageret", -8.0)
    leg = {"terrain": {"clear": {"hexes": ["0801", "0806", "0605"]}},
           "features": {"road": {"colour": "#231f20", "kind": "across", "trace": True,
                                 "yes": [f"{a}/{b}" for a, b in list(pairwise(ROAD))[2:4]]}}}
    ext = extract(im, grid, leg)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(ROAD)}
