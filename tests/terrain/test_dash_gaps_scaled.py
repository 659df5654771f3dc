"""The same dashed line read at two resolutions: its dash gaps are a share of the hex size, the mask's growth that
closes them whole pixels (toolkit/terrain/lines.py, traced notes 13). Battle for Moscow's red dash-dot railway,
read by its colour alone (no marked sides), was grown 2 px at its published 36 px hexes and 1 px at 22 and 27 px
(its scan at 0.6 and 1.5): 51 and 62 of 78 links, 77 as published. Here one drawn map - a red dash-dot line 3 px
wide on hexes of 72 px, its gaps 0.11 of the hex - reduced to hexes of 21.6 px (read as they are, as BfM at 0.6)
and of 56 px (read halved: 28 px): every link at both, none false. The old code (grown round(0.05 x hex) px: 1 at
both) read 6 and 11 of the 16."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PIL import Image, ImageDraw

from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain.extract import extract

from .drawn import patterned

RED, PAPER = (232, 32, 42), (255, 255, 255)
PATHS = (["0102", "0202", "0302", "0402", "0502", "0603", "0703", "0803"],
         ["0105", "0205", "0305", "0405", "0505", "0605"],
         ["0304", "0404", "0504", "0604", "0704"])
# dash, gap, dot, gap (px on the drawn map, hexes of 72 px): gaps 0.11 of the hex
PATTERN = ((22.0, True), (8.0, False), (4.0, True), (8.0, False))


def _board(scale: float) -> tuple[Image.Image, Grid]:
    lay = Layout.regular("flat", 72.0, (120.0, 120.0))
    grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "odd")), Extent(1, 8, 1, 6), lay)
    im = Image.new("RGB", (1080, 900), PAPER)
    d = ImageDraw.Draw(im)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40), width=3)
    for path in PATHS:
        patterned(d, [lay.hex_to_pixel(grid.hex(h)) for h in path], RED, 3, PATTERN)
    w, h = round(im.width * scale), round(im.height * scale)
    small = im.resize((w, h), Image.Resampling.LANCZOS)
    s = w / im.width  # pixel centres: (x + 0.5) * s - 0.5
    lay2 = Layout.regular("flat", 72.0 * s, (120.0 * s + 0.5 * s - 0.5, 120.0 * s + 0.5 * s - 0.5))
    return small, Grid(grid.numbering, grid.extent, lay2)


@pytest.mark.parametrize("scale", [0.3, 0.78])
def test_a_dashed_line_read_by_its_colour_keeps_its_links_at_another_resolution(scale):
    im, grid = _board(scale)
    legend = {"terrain": {"clear": {"hexes": ["0506", "0801", "0606"]}},
              "features": {"rail": {"colour": "#e8202a", "kind": "across"}}}
    ext = extract(im, grid, legend)
    want = {grid.side_key(a, b) for path in PATHS for a, b in pairwise(path)}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == want
