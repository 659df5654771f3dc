"""A symbol learned from example hexes on another scan of the map: a darker tone curve, a JPEG or another resolution
(toolkit/terrain/symbols.py module notes 1; benchmarks/results/perturb.md).

MMP Afrika's town dot is a yellow core 4 px across at the working scale, 30-45 Delta E from the sand: under a tone
curve of 1.25 most of its pixels fall within ``FAR`` (30) of the sand, and the only colours of the examples farther
from every terrain were the dark inks of the names and roads through them, whose template is matched all over the
map (4 of 4 towns at 66 found). When nothing stands out, the candidates are looked for again nearer the terrains,
each with a tolerance of at most half its distance to the nearest terrain colour."""

from __future__ import annotations

import numpy as np
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import symbols
from toolkit.terrain.colour import rgb_to_lab
from toolkit.terrain.symbols import SymbolClass, find_symbols

from .drawn import blank_board

SAND, ROAD = (238, 214, 150), (60, 42, 10)
DOT = (248, 214, 100)  # 24.8 Delta E from the sand: within FAR of it, beyond FAR / NEARER
TOWNS = {"0202", "0404", "0602", "0305", "0703", "0105"}
EXAMPLES = ("0202", "0404", "0602")


def _lab(rgb: tuple[int, int, int]) -> list[float]:
    return [float(v) for v in rgb_to_lab(np.array(rgb, np.float64))]


def _towns() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(size=30.0, paper=SAND, ink=None)
    for h in grid.hexes():  # a stretch of dark road in the middle of every hex (shorter than a frame's run)
        x, y = lay.hex_to_pixel(h)
        d.line([(x - 18, y), (x + 18, y)], fill=ROAD, width=4)
    for i in TOWNS:  # a yellow dot near the sand's colour, above the road
        x, y = lay.hex_to_pixel(grid.hex(i))
        d.ellipse([x - 5, y - 15, x + 5, y - 5], fill=DOT)
    return im, grid


def test_a_symbol_colour_near_the_ground_is_found_when_nothing_else_stands_out():
    """The dot lies within FAR of the sand: the road's brown, matched in every hex, was the only candidate (the old
    code found 42 of the 48 hexes). Looked for again nearer the sand, the dot's yellow stands out; its tolerance
    (half its distance to the sand, 12.4) keeps the sand out of its mask."""
    im, grid = _towns()
    sand = _lab(SAND)
    found, reports = find_symbols(im, grid, [SymbolClass("town", EXAMPLES)], [sand])
    assert found["town"] == TOWNS
    rep = reports["town"]
    assert rep.colour[0] > 80 and rep.colour[2] > 50  # the dot's yellow (L* 86, b* 59), not the road (L* 19)
    dist = float(np.sqrt(((np.array(rep.colour) - np.array(sand)) ** 2).sum()))
    assert symbols.FAR / symbols.NEARER < dist < symbols.FAR
    assert abs(rep.tolerance - dist / 2) < 1e-3

