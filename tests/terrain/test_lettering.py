"""Printed names are not roads (toolkit/terrain/lines.py, _lettering; issue 14): on the drawn black-lines board
of test_symbols_lines, a name in large capitals (letters 0.67 hex tall, their stems as long and as wide as the
solid road's runs) is printed across hex sides; the roads and the railway with its ties are still found."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import ImageDraw

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .test_black_lines import BLACK, FEATS, _legend, _middle
from .test_symbols_lines import _black_lines_board

# capitals as strokes in a unit box (x right, y down)
STROKES = {"E": [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, .5), (.8, .5)), ((0, 1), (1, 1))],
           "L": [((0, 0), (0, 1)), ((0, 1), (1, 1))], "H": [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, .5), (1, .5))],
           "T": [((0, 0), (1, 0)), ((.5, 0), (.5, 1))], "F": [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, .5), (.8, .5))],
           "N": [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 1))]}


def _word(d: ImageDraw.ImageDraw, word: str, centre: tuple[float, float], height: float, advance: float,
          width: int) -> None:
    x0, y0 = centre[0] - len(word) * advance / 2, centre[1] - height / 2
    for i, ch in enumerate(word):
        for (u0, v0), (u1, v1) in STROKES[ch]:
            d.line([(x0 + i * advance + u0 * 0.6 * height, y0 + v0 * height),
                    (x0 + i * advance + u1 * 0.6 * height, y0 + v1 * height)], fill=BLACK, width=width)


def test_a_name_in_large_capitals_is_not_a_road():
    """FLENTHE, 20 px capitals (hexes of 30 px) in strokes 3 px wide, across the sides 0206/0305 and
    0206/0306: without the lettering check both are taken for the solid road (the stems run straight
    for over half a hex, as wide as it); with it, neither. The two roads and the railway (a thin line
    with ties: short regular marks, but on a long line) are found exactly as before. Left: the word's
    last letters, cut by the hex line 0305/0406 into pieces of unlike sizes, still read as road there."""
    im, grid = _black_lines_board()
    _word(ImageDraw.Draw(im), "FLENTHE", _middle(grid, "0305", "0306"), 20, 18, 3)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    got = {name: {k for k, v in ext.hexsides.items() if name in v} for name in FEATS}
    for name in ("primary", "rail"):
        assert got[name] == {grid.side_key(a, b) for a, b in pairwise(FEATS[name])}, name
    road = {grid.side_key(a, b) for a, b in pairwise(FEATS["secondary"])}
    assert road <= got["secondary"]
    assert grid.side_key("0206", "0305") not in got["secondary"]
    assert grid.side_key("0206", "0306") not in got["secondary"]
    assert got["secondary"] - road <= {grid.side_key("0305", "0406"), grid.side_key("0306", "0406")}


def test_letters_in_a_row_are_lettering_and_a_dashed_line_or_ties_are_not():
    """_lettering on a drawn mask: five letter-sized rings in a row are lettering; a dashed line
    (dashes along the row), a line with ties across it, and a lone dot are not."""
    m = np.zeros((120, 200), dtype=bool)
    for i in range(5):  # letters: 10x12 rings of 3 px strokes, 4 px apart
        x = 10 + 14 * i
        m[10:22, x:x + 10] = True
        m[13:19, x + 3:x + 7] = False
    for i in range(6):  # a dashed line: 10 px dashes, 3 px gaps
        m[50, 10 + 13 * i:20 + 13 * i] = True
    m[90, 10:190] = True  # a line with ties every 8 px
    for x in range(12, 190, 8):
        m[85:96, x] = True
    m[60:66, 150:156] = True  # a dot
    found = lines._lettering(m, m, np.zeros_like(m), 40.0)
    assert found[10:22, 10:80].sum() == m[10:22, 10:80].sum()
    assert not found[40:120].any()
