"""A symbol's colour learned from example hexes: the colour whose shared marks have body wins over a thin
line drawn through every example at the same place (toolkit/terrain/symbols.py: MMP Bastogne's villages,
each at a road junction, where the road's tan lined up better than the villages' red blocks)."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain import symbols
from toolkit.terrain.extract import extract

SIZE = 30.0
RED, TAN = (126, 24, 31), (181, 165, 99)
VILLAGES = {"0202": [(-4, -3)], "0405": [(2, 3), (-7, -6)], "0703": [(-1, 4)], "0506": [(5, -4)], "0104": [(-6, 2)]}
EXAMPLES = ["0202", "0405", "0703"]


def _board() -> tuple[Image.Image, Grid]:
    lay = Layout.regular("flat", SIZE, (40.0, 40.0))
    grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "odd")), Extent(1, 8, 1, 6), lay)
    im = Image.new("RGB", (400, 400), (250, 248, 240))
    d = ImageDraw.Draw(im)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    for hid, blocks in VILLAGES.items():
        x, y = lay.hex_to_pixel(grid.hex(hid))
        # a road through every village, the same way through the hex's middle
        d.line([(x - 24, y + 1), (x + 24, y + 1)], fill=TAN, width=2)
        for dx, dy in blocks:
            d.rectangle([x + dx, y + dy, x + dx + 5, y + dy + 5], fill=RED)
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0101", "0505", "0804"]},
                        "village": {"hexes": EXAMPLES, "symbol": True}},
            "priority": ["village", "clear"]}


def test_the_symbol_colour_has_body():
    im, grid = _board()
    ext = extract(im, grid, _legend(), features=False)
    rep = ext.symbol_reports["village"]
    assert rep.colour[1] > 30  # the red (a* ~ 41), not the tan (a* ~ -4), whose shared stroke is larger
    assert ext.symbols["village"] == set(VILLAGES)


def test_body_ranks_a_block_over_a_longer_thin_stroke():
    line = np.zeros((2, 48), bool) | True
    block = np.ones((6, 6), bool)
    assert line.sum() > block.sum() and symbols._body(block) > symbols._body(line)
    assert symbols._body(line) == (0, 96) and symbols._body(block) == (16, 36)
