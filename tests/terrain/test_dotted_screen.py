"""A dense dot screen, dithered, with names and railways printed over it (toolkit/terrain/texture.py, texture
notes 1): the 1986 Battle for Moscow print's defence lines are a light-green screen on the cream paper, scanned
into a 256-colour GIF - its green covers 28-40% of a hex and its dots join in the dither, the examples carry the
black of the lines' names and of railways, and the paper beside it is itself dither specks. Its town hexes (a
black square, railways and a name on a paper the west half's palette prints darker) lie nearer the screen's mean
colour than the paper's, and were read as the screen. The board below draws that; the old code (main e95865a)
reads every town hex as the screen. Each part of the rule is needed on it: without 1a (the old code) the screen is
no dotted class and the towns read fort; without 1b every clear hex is taken into the screen's field by the
paper's specks; without 1c five of the ten screen hexes, whose joined dots leave few small parts, read clear."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from toolkit.terrain import texture
from toolkit.terrain.extract import extract

from .drawn import blank_board, spy_dotted

SIZE = 30.0
CREAM, GREEN, GREY, BLACK = (255, 251, 240), (192, 220, 192), (192, 192, 192), (60, 60, 60)
BLOT = (95, 95, 95)  # the city's blot: CIELAB L* 40, as the print's Moscow
# the darker paper of the print's town hexes (their blocks' median L* 90.9, a* -2.1, b* 5.6; one of its palette colours)
WEST_SPECKS = ((232, 229, 216), (226, 230, 214), (225, 233, 227))
SCREEN = {"0501", "0502", "0503", "0601", "0602", "0603", "0604", "0701", "0702", "0703"}
SCREEN_EXAMPLES = ("0501", "0602", "0701")  # each with a black name or railway across it
TOWNS = {"0104", "0204", "0304", "0205"}  # clear: a black square, railways and a name on the darker paper
CITY = {"0806", "0805"}  # a city's dark blot (Moscow's)
CLEAR_EXAMPLES = ("0101", "0201", "0801", "0403")


def _board():
    lay, grid, _, _ = blank_board(size=SIZE, image=(440, 420), paper=CREAM, ink=None)
    hexes = grid.hexes()
    where = Image.new("L", (440, 420), 0)  # each pixel's hex (its index + 1; 0 off the grid)
    pen = ImageDraw.Draw(where)
    for i, h in enumerate(hexes):
        pen.polygon(lay.corners(h), fill=i + 1)
    at = np.asarray(where)
    rng = np.random.default_rng(7)
    a = np.empty((420, 440, 3), np.uint8)
    a[:] = CREAM
    a[rng.random(at.shape) < 0.10] = GREEN  # the paper: cream with a tenth of single green specks (dithered)
    for i, h in enumerate(hexes):
        hid, inside = grid.id(h), at == i + 1
        if hid in SCREEN:  # the screen: 2x2 green dots that join over the paper's specks, and a few grey points
            dots = np.zeros(at.shape, bool)
            ys, xs = np.nonzero(inside)
            pick = rng.choice(len(ys), size=int(0.10 * len(ys)), replace=False)
            for dy in (0, 1):
                for dx in (0, 1):
                    dots[np.minimum(ys[pick] + dy, 419), np.minimum(xs[pick] + dx, 439)] = True
            a[dots & inside] = GREEN
            a[inside & (rng.random(at.shape) < 0.04)] = GREY
        if hid in TOWNS:  # the darker paper: the cream with the palette's grey-green specks
            dark = inside & (rng.random(at.shape) < 0.8)
            a[dark] = np.asarray(WEST_SPECKS, np.uint8)[rng.integers(0, 3, at.shape)][dark]
    im = Image.fromarray(a)
    d = ImageDraw.Draw(im)
    for h in hexes:
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        if hid in CITY:
            d.polygon(lay.corners(h), fill=BLOT)
        if hid in TOWNS:  # a black square, two railways through it and a name above it
            d.rectangle([x - 4, y - 4, x + 4, y + 4], fill=BLACK)
            d.line([(x - SIZE, y + 8), (x, y)], fill=BLACK, width=3)
            d.line([(x, y), (x + 6, y + SIZE)], fill=BLACK, width=3)
            for k in range(5):  # a name: five letters' strokes
                d.rectangle([x - 14 + 6 * k, y - 16, x - 11 + 6 * k, y - 9], fill=BLACK)
        if hid in SCREEN_EXAMPLES:  # a name and a railway across the example
            for k in range(5):
                d.rectangle([x - 14 + 6 * k, y + 8, x - 12 + 6 * k, y + 14], fill=BLACK)
            d.line([(x - SIZE / 2, y - 6), (x + SIZE / 2, y - 2)], fill=BLACK, width=2)
    for h in hexes:
        d.polygon(lay.corners(h), outline=(150, 150, 150))
    return im, grid


LEGEND = {"terrain": {"clear": {"hexes": list(CLEAR_EXAMPLES)},
                      "fort": {"hexes": list(SCREEN_EXAMPLES)},
                      "city": {"hexes": ["0806"]}}}


def test_a_dithered_screen_under_names_reads_only_where_its_green_is(monkeypatch):
    """Every screen hex reads fort and every other hex its class (old code: the four town hexes read fort too - the
    screen, whose examples split first into the names' black and the rest, was no dotted class, and the towns'
    darker paper and ink lie nearer the screen's mean colour than the paper's); the screen is dotted past the ink:
    green dots on the cream."""
    found = spy_dotted(monkeypatch)
    im, grid = _board()
    ext = extract(im, grid, LEGEND)
    got = {grid.id(h): ext.hexes[grid.id(h)].terrain for h in grid.hexes()}
    assert {h for h, c in got.items() if c == "fort"} == SCREEN
    assert {h for h, c in got.items() if c == "city"} == CITY
    assert [d.name for d in found] == ["fort"]
    assert found[0].dots[1] < -10 < found[0].ground[1]  # the green (a* -13), not the ink, on the cream


def test_the_ink_is_split_off_first_only_where_it_is_the_ink():
    """texture notes 1a: the second split is tried only where the first split's minor colour is darker than the
    legend's ink lightness; a minor colour of the class's own print (the 1993 redraw's red towns, L* 43) is not
    split past."""
    rng = np.random.default_rng(3)
    cream, green, ink = (98.6, -0.5, 5.7), (84.4, -13.1, 9.7), (25.0, 0.0, 0.0)
    px = np.concatenate([np.tile(cream, (560, 1)), np.tile(green, (360, 1)), np.tile(ink, (80, 1))])
    px = px + rng.normal(0, 0.5, px.shape)
    first, second = texture._split(px, 35.0)
    assert first[1][0] < 30 and abs(first[2] - 0.08) < 0.01  # the ink, 8%
    assert second[1][1] < -10 and abs(second[2] - 360 / 920) < 0.02  # then the green on the cream
    assert len(texture._split(px, 20.0)) == 1  # an ink lightness below it: the minor is no ink
    red = np.concatenate([np.tile(cream, (890, 1)), np.tile((43.1, 54.5, 36.6), (110, 1))]) + rng.normal(0, 0.5,
                                                                                                          (1000, 3))
    assert len(texture._split(red, 35.0)) == 1
