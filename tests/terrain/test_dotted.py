"""A dotted class (a field of brown dots on the desert's sand, as MMP Afrika's stipple) is judged by its dots,
not by its mean colour (toolkit/terrain/texture.py): on a drawn board, desert hexes crossed by lines of the
dots' colour average to the dotted class's colour, but hold no dots."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as extract_module
from toolkit.terrain import texture
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 30.0
SAND, BROWN, HILLS = (238, 214, 150), (150, 105, 45), (196, 150, 96)
DOTTED = {"0601", "0602", "0603", "0701", "0702", "0703", "0801", "0802", "0803", "0604", "0704"}
HILL = {"0105", "0106", "0205", "0206", "0305"}
LINED = {"0202", "0303", "0402", "0403", "0502"}  # desert hatched with lines of the dots' brown


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(size=SIZE, image=(440, 420), paper=SAND, ink=None)
    rnd = random.Random(5)
    for h in grid.hexes():
        hid = grid.id(h)
        if hid in HILL:
            d.polygon(lay.corners(h), fill=HILLS)
        x, y = lay.hex_to_pixel(h)
        if hid in DOTTED:  # dots of 2x2 px every 5 px, jittered: 16% of the hex
            for gx in range(-30, 31, 5):
                for gy in range(-30, 31, 5):
                    px, py = x + gx + rnd.randint(-1, 1), y + gy + rnd.randint(-1, 1)
                    d.rectangle([px, py, px + 1, py + 1], fill=BROWN)
        if hid in LINED:
            for dy in range(-16, 17, 4):
                d.line([(x - 24, y + dy), (x + 24, y + dy + 3)], fill=BROWN, width=1)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(255, 255, 255))
    return im, grid


LEGEND = {"terrain": {"desert": {"hexes": ["0101", "0304", "0505"]},
                      "hills": {"hexes": ["0106", "0206", "0105"]},
                      "stipple": {"hexes": ["0602", "0702", "0802"]}}}


@pytest.fixture(scope="module")
def board():
    return _board()


def test_a_dotted_class_is_judged_by_its_dots(board):
    im, grid = board
    ext = extract(im, grid, LEGEND, features=False)
    got = {h: r.terrain for h, r in ext.hexes.items()}
    assert {h for h, c in got.items() if c == "stipple"} == DOTTED
    assert all(got[h] == "desert" for h in LINED)
    assert {h for h, c in got.items() if c == "hills"} == HILL
    assert all("dots cover" in ext.hexes[h].review for h in LINED)


def test_without_the_check_the_lined_desert_reads_as_the_dotted_class(board, monkeypatch):
    im, grid = board
    monkeypatch.setattr(extract_module, "check_dotted", lambda *a, **k: {})
    ext = extract(im, grid, LEGEND, features=False)
    assert all(ext.hexes[h].terrain == "stipple" for h in LINED)


def test_only_dots_on_another_class_make_a_dotted_class(board):
    """Stipple is dotted: its ground is the desert's colour, and its colour (the examples' mean) lies within
    CLOSE of the desert's; flat hills and desert are not. Given a colour far from the desert's (as a forest's
    green trees on white), the colour reading is left alone."""
    import numpy as np

    from toolkit.terrain.colour import rgb_to_lab

    im, grid = board
    reader = texture._Reader(im, grid)
    examples = {k: v["hexes"] for k, v in LEGEND["terrain"].items()}
    mean = np.concatenate([reader.lab(h)[reader.mask] for h in examples["stipple"]]).mean(axis=0)
    colours = {"desert": [float(v) for v in rgb_to_lab(np.array(SAND, float))],
               "hills": [float(v) for v in rgb_to_lab(np.array(HILLS, float))],
               "stipple": [float(v) for v in mean]}
    got = texture.dotted_classes(reader, examples, colours)
    assert [d.name for d in got] == ["stipple"]
    assert got[0].least > texture.LEAST_DOTS
    far = dict(colours, stipple=[colours["desert"][0] - 20, colours["desert"][1], colours["desert"][2]])
    assert texture.dotted_classes(reader, examples, far) == []
