"""A symbol printed outlined is not a line of its colour (symbols._outlined; lines.crossings ``art``; issue 14).
MMP Bastogne's villages are dark-red house blocks ringed in black, and its railway is the same red printed
bare: where a town's blocks run across a hexside they were read as the railway crossing it (Bastogne, Sibret). When
the rings round the symbol's parts in its example hexes are one colour unlike every terrain's, the parts of its colour
ringed so are the symbol's, and a line of that colour is traced without them."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from toolkit.hexgrid import Hexside
from toolkit.terrain import symbols
from toolkit.terrain.colour import lab_table, rgb_codes, rgb_to_lab
from toolkit.terrain.extract import extract

from .drawn import blank_board

BROWN, RED, BLACK, PAPER = (166, 124, 41), (126, 24, 31), (35, 31, 32), (255, 255, 255)
RAIL = ["0102", "0202", "0302", "0402", "0502", "0602", "0702", "0802"]
TOWN = [(-9, -9, 7, 4), (1, -10, 4, 8), (-10, -2, 4, 9), (-3, 0, 8, 4), (7, -3, 4, 9), (0, 6, 9, 4)]


def _blocks(d, x: float, y: float, rows, outline: tuple[int, int, int] | None = BLACK) -> None:
    """House blocks (dx, dy, width, height) from (x, y), in the red, ringed in ``outline`` (none when None)."""
    for dx, dy, w, h in rows:
        d.rectangle([x + dx, y + dy, x + dx + w, y + dy + h], fill=RED, outline=outline, width=1)


def _board():
    """Brown hex lines on white; a railway in the red (a 2 px line with ties) along row 02; villages of outlined
    blocks in 0204, 0505, 0704 (the legend's examples); and a town of such blocks astride the side 0403/0404,
    below the railway, a hex size long."""
    lay, grid, im, d = blank_board(8, 6, size=36.0, image=(490, 436), paper=PAPER, ink=None)
    for h in grid.hexes():
        c = lay.corners(h)
        d.line(c + c[:1], fill=BROWN, width=2)
    pts = [(x, y + 8) for x, y in (lay.hex_to_pixel(grid.hex(i)) for i in RAIL)]
    d.line(pts, fill=RED, width=2)
    for (xa, ya), (xb, yb) in pairwise(pts):
        for k in range(1, 8):
            x, y = xa + (xb - xa) * k / 8, ya + (yb - ya) * k / 8
            d.line([(x - 2, y - 3), (x + 2, y + 3)], fill=RED, width=1)
    for i in ("0204", "0505", "0704"):
        _blocks(d, *lay.hex_to_pixel(grid.hex(i)), TOWN)
    (xa, ya), (xb, yb) = lay.hexside_endpoints(Hexside.between(grid.hex("0403"), grid.hex("0404")))
    row = [(-22 + 7 * k, -8 + (k % 2) * 2, 5, 9) for k in range(7)] + [(-18 + 8 * k, 4, 6, 4) for k in range(5)]
    _blocks(d, (xa + xb) / 2, (ya + yb) / 2, row)
    return im, grid


def test_a_town_of_outlined_blocks_astride_a_side_is_not_the_railway_of_their_red():
    """The railway (no marked sides: traced) is found on exactly its 7 links; the old code also found the three sides
    the town's blocks run across or beside (0403/0404, 0403/0503, 0404/0503). The villages are found as before."""
    im, grid = _board()
    leg = {"terrain": {"clear": {"hexes": ["0801", "0806", "0605"]},
                       "village": {"hexes": ["0204", "0505", "0704"], "symbol": True, "colour": "#7e181f"}},
           "priority": ["village", "clear"],
           "features": {"rail": {"colour": "#7e181f", "kind": "across"}}}
    ext = extract(im, grid, leg)
    assert ext.symbol_reports["village"].parts is not None
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == {grid.side_key(a, b) for a, b in pairwise(RAIL)}
    assert {"0204", "0505", "0704"} <= ext.symbols["village"]


def _mask_and_codes(outline: tuple[int, int, int] | None):
    """A 60x80 drawing: three blocks in the red (ringed in ``outline``) and a bare line of it; the red's mask, the
    colour codes, and the blocks' centre (the one example)."""
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (80, 60), PAPER)
    d = ImageDraw.Draw(im)
    _blocks(d, 20, 20, [(-8, -8, 6, 5), (1, -8, 5, 9), (-8, 0, 7, 6)], outline)
    d.line([(45, 5), (75, 55)], fill=RED, width=2)
    codes = rgb_codes(np.asarray(im))
    tab = lab_table()
    red = np.asarray(rgb_to_lab(np.array(RED, np.float64)), np.float32)
    mask = (np.sqrt(((tab - red[:, None]) ** 2).sum(axis=0)) < 25.0)[codes]
    return mask, codes, tab, np.array([[20, 20]], dtype=np.intp)


def test_outlined_parts_keep_the_ringed_blocks_and_leave_the_bare_line():
    mask, codes, tab, centres = _mask_and_codes(BLACK)
    r = 14
    inset = np.ones((2 * r + 1, 2 * r + 1), dtype=bool)
    paper = np.asarray([rgb_to_lab(np.array(PAPER, np.float64))], np.float32)
    got = symbols._outlined(mask, codes, tab, centres, r, inset, paper, 25.0)
    assert got is not mask
    assert got[:, :40].sum() == mask[:, :40].sum() > 0  # the blocks
    assert not got[:, 40:].any()  # the bare line


def test_a_symbol_not_outlined_is_left_as_it_is():
    """Blocks printed without a ring (their edge is the paper, a terrain colour): the mask is returned unchanged."""
    mask, codes, tab, centres = _mask_and_codes(None)
    r = 14
    inset = np.ones((2 * r + 1, 2 * r + 1), dtype=bool)
    paper = np.asarray([rgb_to_lab(np.array(PAPER, np.float64))], np.float32)
    assert symbols._outlined(mask, codes, tab, centres, r, inset, paper, 25.0) is mask
