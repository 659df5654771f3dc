"""A dotted class whose dots are light or sparse (a user's examples in the middle of MMP Afrika's stipple field:
the dots' colour, split from the sand at the working scale, Delta E 15-18 from it) is still judged by its dots
(toolkit/terrain/texture.py, SEPARATION): on the old gate of 20 its examples were not dotted, the class was read by
its mean colour, 3.3 from the desert's, and 12 of a region's desert hexes took it (MMP Afrika region 1, a user's
legend: 102/120 -> 115/120)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import texture
from toolkit.terrain.colour import rgb_to_lab
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 30.0
SAND, FAINT = (238, 214, 150), (196, 166, 100)  # the dots Delta E ~16 from the sand
DOTTED = {"0601", "0602", "0603", "0701", "0702", "0703", "0801", "0802", "0803", "0604", "0704"}
LINED = {"0202", "0303", "0402", "0403", "0502"}  # desert hatched with lines of the dots' colour


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(size=SIZE, image=(440, 420), paper=SAND, ink=None)
    rnd = random.Random(5)
    for h in grid.hexes():
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        if hid in DOTTED:  # dots of 2x2 px every 5 px, jittered by a pixel
            for gx in range(-30, 31, 5):
                for gy in range(-30, 31, 5):
                    px, py = x + gx + rnd.randint(-1, 1), y + gy + rnd.randint(-1, 1)
                    d.rectangle([px, py, px + 1, py + 1], fill=FAINT)
        if hid in LINED:
            for dy in range(-16, 17, 4):
                d.line([(x - 24, y + dy), (x + 24, y + dy + 3)], fill=FAINT, width=1)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(255, 255, 255))
    return im, grid


LEGEND = {"terrain": {"desert": {"hexes": ["0101", "0304", "0505"]},
                      "stipple": {"hexes": ["0602", "0702", "0802"]}}}


@pytest.fixture(scope="module")
def board():
    return _board()


def test_faint_dots_are_dots(board):
    im, grid = board
    reader = texture._Reader(im, grid)
    examples = {k: v["hexes"] for k, v in LEGEND["terrain"].items()}
    px = np.concatenate([reader.lab(h)[reader.mask] for h in examples["stipple"]])
    ground, dots, _ = texture._two_colours(px)
    sep = float(np.linalg.norm(ground - dots))
    assert texture.SEPARATION <= sep < 20.0  # below the old gate
    colours = {"desert": [float(v) for v in rgb_to_lab(np.array(SAND, float))],
               "stipple": [float(v) for v in px.mean(axis=0)]}
    assert [d.name for d in texture.dotted_classes(reader, examples, colours)] == ["stipple"]


def test_faint_dotted_hexes_and_lined_desert(board):
    im, grid = board
    ext = extract(im, grid, LEGEND, features=False)
    got = {h: r.terrain for h, r in ext.hexes.items()}
    assert "stipple" in ext.dotted
    assert {h for h, c in got.items() if c == "stipple"} == DOTTED
    assert all(got[h] == "desert" for h in LINED)
