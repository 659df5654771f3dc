"""A dotted class (a field of brown dots on the desert's sand, as MMP Afrika's stipple) is judged by its dots,
not by its mean colour (toolkit/terrain/texture.py): on a drawn board, desert hexes crossed by lines of the
dots' colour average to the dotted class's colour, but hold no dots."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as extract_module
from toolkit.terrain import extract_raster, texture
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 30.0
SAND, BROWN, HILLS = (238, 214, 150), (150, 105, 45), (196, 150, 96)
DOTTED = {"0601", "0602", "0603", "0701", "0702", "0703", "0801", "0802", "0803", "0604", "0704"}
HILL = {"0105", "0106", "0205", "0206", "0305"}
LINED = {"0202", "0303", "0402", "0403", "0502"}  # desert hatched with lines of the dots' brown


def _dots(d: ImageDraw.ImageDraw, x: float, y: float, step: int, rnd: random.Random) -> None:
    """Brown dots of 2x2 px every ``step`` px over a hex centred on (x, y), each jittered by a pixel."""
    for gx in range(-30, 31, step):
        for gy in range(-30, 31, step):
            px, py = x + gx + rnd.randint(-1, 1), y + gy + rnd.randint(-1, 1)
            d.rectangle([px, py, px + 1, py + 1], fill=BROWN)


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(size=SIZE, image=(440, 420), paper=SAND, ink=None)
    rnd = random.Random(5)
    for h in grid.hexes():
        hid = grid.id(h)
        if hid in HILL:
            d.polygon(lay.corners(h), fill=HILLS)
        x, y = lay.hex_to_pixel(h)
        if hid in DOTTED:  # dots of 2x2 px every 5 px, jittered: 16% of the hex
            _dots(d, x, y, 5, rnd)
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


def test_a_dotted_class_is_judged_by_its_dots(board, monkeypatch):
    """With the dotted fields (texture.dot_fields), the lined desert holds (almost) no block of the dotted class;
    without them, the hex-by-hex check (texture.check_dotted) turns it back to desert, saying so."""
    im, grid = board
    ext = extract(im, grid, LEGEND, features=False)
    got = {h: r.terrain for h, r in ext.hexes.items()}
    assert {h for h, c in got.items() if c == "stipple"} == DOTTED
    # (0502 keeps the blocks along its edge with a dotted hex: their window reaches its dots)
    assert all(got[h] == "desert" and ext.hexes[h].fractions.get("stipple", 0) < 0.06 for h in LINED)
    assert {h for h, c in got.items() if c == "hills"} == HILL
    monkeypatch.setattr(extract_module, "dot_fields", lambda *a, **k: {})
    ext = extract(im, grid, LEGEND, features=False)
    got = {h: r.terrain for h, r in ext.hexes.items()}
    assert {h for h, c in got.items() if c == "stipple"} == DOTTED
    assert all(got[h] == "desert" and "dots cover" in ext.hexes[h].review for h in LINED)


def test_without_the_check_the_lined_desert_reads_as_the_dotted_class(board, monkeypatch):
    im, grid = board
    monkeypatch.setattr(extract_module, "check_dotted", lambda *a, **k: {})
    monkeypatch.setattr(extract_module, "dot_fields", lambda *a, **k: {})
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


MARSH = (150, 170, 150)
MARSHY = {"0303", "0402", "0502"}  # desert lined with brown, its lower fifth a marsh patch
MARSH_FULL = {"0105", "0106", "0205"}


def _desert_board(more: Callable[[ImageDraw.ImageDraw, str, float, float, random.Random], None]
                  ) -> tuple[Image.Image, Grid]:
    """Sand with the full marsh hexes and the dotted hexes, then ``more(draw, id, x, y, rnd)`` for each hex (in
    the same pass, so the dots and its random draws interleave as they always did), then white hex lines."""
    lay, grid, im, d = blank_board(size=SIZE, image=(440, 420), paper=SAND, ink=None)
    rnd = random.Random(5)
    for h in grid.hexes():
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        if hid in MARSH_FULL:
            d.polygon(lay.corners(h), fill=MARSH)
        if hid in DOTTED:
            _dots(d, x, y, 5, rnd)
        more(d, hid, x, y, rnd)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(255, 255, 255))
    return im, grid


def _marsh_board() -> tuple[Image.Image, Grid]:
    def marshy(d: ImageDraw.ImageDraw, hid: str, x: float, y: float, rnd: random.Random) -> None:
        if hid in MARSHY:
            d.rectangle([x - 30, y + 12, x + 30, y + 30], fill=MARSH)  # the lower fifth
            for dy in range(-22, 5, 4):
                d.line([(x - 24, y + dy), (x + 24, y + dy + 3)], fill=BROWN, width=1)

    return _desert_board(marshy)


def test_a_dotted_reading_without_dots_goes_to_the_colours_its_blocks_are_nearest(monkeypatch):
    """A desert hex lined with the dots' brown over two thirds, marsh over the lower fifth, reads as the dotted
    class by its colour blocks, the marsh second: without dots, the dotted class's blocks are desert with brown
    lines, and the hex is desert (taking the next class by the hex's shares said marsh). The hex-by-hex check
    (without the dotted fields, which give the same classes)."""
    im, grid = _marsh_board()
    legend = {"terrain": {"desert": {"hexes": ["0101", "0304", "0505"]},
                          "marsh": {"hexes": sorted(MARSH_FULL)},
                          "stipple": {"hexes": ["0602", "0702", "0802"]}}}
    fields = extract(im, grid, legend, features=False)
    monkeypatch.setattr(extract_module, "dot_fields", lambda *a, **k: {})
    ext = extract(im, grid, legend, features=False)
    assert {h: r.terrain for h, r in fields.hexes.items()} == {h: r.terrain for h, r in ext.hexes.items()}
    for h in sorted(MARSHY):
        r = ext.hexes[h]
        assert r.terrain == "desert", (h, r)
        assert r.fractions["desert"] > r.fractions["marsh"] > 0
        assert "dots cover" in r.review
    assert {h for h, r in ext.hexes.items() if r.terrain == "stipple"} == DOTTED
    assert {h for h, r in ext.hexes.items() if r.terrain == "marsh"} == MARSH_FULL


INK = (60, 40, 10)  # a darker print of the dots' brown: names and hex ids
LETTERED = {"0303", "0402", "0403", "0502"}


def _lettered_board() -> tuple[Image.Image, Grid]:
    """Sparse dots (2x2 px every 8 px), and desert hexes with three rows of dark lettering, the picture blurred
    as a print and its scan blur it: the letters' edges pass through the dots' brown."""
    lay, grid, im, d = blank_board(size=SIZE, image=(440, 420), paper=SAND, ink=None)
    rnd = random.Random(5)
    font = ImageFont.load_default(size=12)
    for h in grid.hexes():
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        if hid in DOTTED:
            _dots(d, x, y, 8, rnd)
        if hid in LETTERED:
            for dy in (-18, -4, 10):
                d.text((x - 22, y + dy), "28.35", fill=INK, font=font)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(255, 255, 255))
    return im.filter(ImageFilter.GaussianBlur(0.6)), grid


def test_the_blurred_edges_of_darker_lettering_are_not_dots(monkeypatch):
    """Lettering darker than the dots, in their hue, reads as the dotted class by its colour; the blurred edges of
    its strokes are small parts of the dots' colour. Taken with their darker ink (texture.CONE) they are one part
    with the letter, too large for a dot, and the hexes are desert; without it (CONE 0) they passed as dots. No
    dotted hex is lost."""
    im, grid = _lettered_board()
    legend = {"terrain": {"desert": {"hexes": ["0101", "0304", "0505"]},
                          "stipple": {"hexes": ["0602", "0702", "0802"]}}}
    fields = extract(im, grid, legend, features=False)
    assert all(fields.hexes[h].terrain == "desert" for h in LETTERED)  # the dotted fields: no specks in letters
    monkeypatch.setattr(extract_module, "dot_fields", lambda *a, **k: {})  # the hex-by-hex check's part
    ext = extract(im, grid, legend, features=False)
    for h in sorted(LETTERED):
        assert ext.hexes[h].terrain == "desert", (h, ext.hexes[h])
        assert "dots cover" in ext.hexes[h].review
    monkeypatch.setattr(texture, "CONE", 0.0)
    old = extract(im, grid, legend, features=False)
    assert all(old.hexes[h].terrain == "stipple" for h in LETTERED)
    stipple = {h for h, r in ext.hexes.items() if r.terrain == "stipple"}
    assert stipple == {h for h, r in old.hexes.items() if r.terrain == "stipple"} - LETTERED
    assert {"0602", "0702", "0802"} <= stipple


def test_the_dot_mask_takes_a_darker_print_of_the_dots_colour_only_in_its_hue():
    """The mask's darker print lies beyond the dots on the way from the ground, within CONE degrees: a darker
    brown is in it, black (off that direction by more) and a colour nearer the ground are not."""
    import numpy as np

    from toolkit.terrain.colour import rgb_to_lab

    ground, dots = rgb_to_lab(np.array(SAND, float)), rgb_to_lab(np.array(BROWN, float))
    px = rgb_to_lab(np.array([[INK, (0, 0, 0), (200, 170, 110), BROWN, SAND]], float))
    assert texture._dot_mask(px, ground, dots).tolist() == [[True, False, False, True, False]]


def test_specks_at_the_broken_edge_of_an_area_of_the_dots_colour_are_not_dots(monkeypatch):
    """A hills band in about the dots' brown, its edge broken into specks (as a scan's JPEG breaks a painted
    band's edge), beside a few dots on open sand: only the specks APART pixels or more from every part over
    LARGE of the hex count. With APART 0 the edge's specks counted too; small parts near another small part (a
    dot beside a dot) still count."""
    import numpy as np

    from toolkit.terrain.colour import rgb_to_lab

    im = Image.new("RGB", (61, 61), SAND)
    d = ImageDraw.Draw(im)
    d.rectangle([0, 0, 24, 60], fill=BROWN)  # the band: a part of 25 x 61 px
    for y in range(2, 60, 4):  # its broken edge: 2x2 specks 1 px off it
        d.rectangle([26, y, 27, y + 1], fill=BROWN)
    dots = [(40, 10), (50, 20), (40, 30), (50, 40), (40, 50), (43, 50)]  # the last two 1 px apart
    for x, y in dots:
        d.rectangle([x, y, x + 1, y + 1], fill=BROWN)
    lab = rgb_to_lab(np.asarray(im, dtype=np.float64))
    ground, brown = rgb_to_lab(np.array(SAND, float)), rgb_to_lab(np.array(BROWN, float))
    inset = np.ones((61, 61), bool)
    share = texture.dot_share(lab, inset, ground, brown, cap=4)
    assert share == pytest.approx(len(dots) * 4 / 61 ** 2)
    monkeypatch.setattr(texture, "APART", 0)
    assert texture.dot_share(lab, inset, ground, brown, cap=4) == pytest.approx((len(dots) + 15) * 4 / 61 ** 2)


LIGHT = (196, 160, 100)  # a lighter brown: a sparser print of the dots, barely moving the hex's mean colour
SPARSE = {"0203", "0303", "0204"}  # a field of lighter dots, 2x2 px every 6 px
PATCHED = {"0401", "0402", "0406"}  # desert with a marsh patch outlined in dark olive over 45% of it
OLIVE = (80, 90, 60)


def _field_board() -> tuple[Image.Image, Grid]:
    def fields(d: ImageDraw.ImageDraw, hid: str, x: float, y: float, rnd: random.Random) -> None:
        if hid in SPARSE:
            for gx in range(-30, 31, 6):
                for gy in range(-30, 31, 6):
                    px, py = x + gx + rnd.randint(-1, 1), y + gy + rnd.randint(-1, 1)
                    d.rectangle([px, py, px + 1, py + 1], fill=LIGHT)
        if hid in PATCHED:
            d.rounded_rectangle([x - 22, y - 1, x + 22, y + 24], radius=6, fill=MARSH, outline=OLIVE, width=2)

    return _desert_board(fields)


FIELD_LEGEND = {"terrain": {"desert": {"hexes": ["0101", "0304", "0505"]},
                            "marsh": {"hexes": sorted(MARSH_FULL)},
                            "stipple": {"hexes": ["0602", "0702", "0802"]}}}


def test_a_dotted_class_is_where_its_dots_are(monkeypatch):
    """A dotted class's colour blocks count only where its dots are, and a block of its ground's colour where they
    are counts for it (texture.dot_fields): a field of lighter, sparser dots (its mean colour the desert's) is the
    dotted class; the mixed blocks along a marsh patch's outlined edge, whose colour lies between the desert's and
    the marsh's as the dotted class's does, are not dots, and a desert hex with a marsh patch over 40% of it is
    desert. On the old reading (no fields), the sparse field read as desert and the patched hexes as marsh: their
    edge blocks went to the dotted class, splitting the desert's share."""
    im, grid = _field_board()
    ext = extract(im, grid, FIELD_LEGEND, features=False)
    got = {h: r.terrain for h, r in ext.hexes.items()}
    assert {h for h, c in got.items() if c == "stipple"} == DOTTED | SPARSE
    assert {h for h, c in got.items() if c == "marsh"} == MARSH_FULL
    assert all(got[h] == "desert" for h in PATCHED)
    monkeypatch.setattr(extract_module, "dot_fields", lambda *a, **k: {})
    monkeypatch.setattr(extract_module, "GROUND_WITH_DOTS", False)  # (which alone gives the patched hexes desert)
    old = extract(im, grid, FIELD_LEGEND, features=False)
    assert all(old.hexes[h].terrain == "desert" for h in SPARSE)
    assert all(old.hexes[h].terrain == "marsh" for h in PATCHED)


def test_lines_are_long_runs_of_dark_marks_and_dots_are_not():
    """extract_raster._marks, as speck_share uses it: a 2 px line (any of the four directions) is a line; 2x2 dots
    4 px apart are dark marks but no line; a dark area wider than the window is neither."""
    import numpy as np

    im = Image.new("L", (60, 60), 220)
    d = ImageDraw.Draw(im)
    d.line([(5, 10), (50, 10)], fill=120, width=2)
    d.line([(5, 20), (30, 45)], fill=120, width=2)
    for x in range(36, 56, 4):
        for y in range(22, 42, 4):
            d.rectangle([x, y, x + 1, y + 1], fill=120)
    d.rectangle([5, 50, 25, 58], fill=120)
    dark, lines = extract_raster._marks(np.asarray(im), 5, 7, 20)
    assert lines[10, 5:51].all() and lines[30, 14:17].any()
    assert dark[22:42, 36:56].any() and not lines[22:42, 36:56].any()
    assert not dark[52:57, 8:22].any() and not lines[52:57, 8:22].any()



SPLIT = {"0302", "0502"}  # marsh over the left part, sand in the middle, dots over the right
M, D = -4, 14  # the marsh's right edge and the dots' left edge, from the hex's centre (px)


def _split_board() -> tuple[Image.Image, Grid]:
    def split(d: ImageDraw.ImageDraw, hid: str, x: float, y: float, rnd: random.Random) -> None:
        if hid in SPLIT:
            d.rectangle([x - 30, y - 30, x + M, y + 30], fill=MARSH)
            for gx in range(D, 31, 5):
                for gy in range(-30, 31, 5):
                    px, py = x + gx + rnd.randint(-1, 1), y + gy + rnd.randint(-1, 1)
                    d.rectangle([px, py, px + 1, py + 1], fill=BROWN)

    return _desert_board(split)


def test_sand_with_and_without_dots_outweighs_a_marsh_patch(monkeypatch):
    """A hex whose marsh patch covers more of it than its plain sand or its dotted sand each, but less than the
    two together, is the sand's: the dotted class is sand with dots over it (extract.GROUND_WITH_DOTS); desert,
    which covers more than the dots. Without the rule it was marsh."""
    im, grid = _split_board()
    legend = {"terrain": {"desert": {"hexes": ["0101", "0304", "0505"]},
                          "marsh": {"hexes": sorted(MARSH_FULL)},
                          "stipple": {"hexes": ["0602", "0702", "0802"]}}}
    ext = extract(im, grid, legend, features=False)
    for h in sorted(SPLIT):
        r = ext.hexes[h]
        assert r.fractions["marsh"] > r.fractions["desert"] > r.fractions["stipple"] > 0.1, (h, r.fractions)
        assert r.fractions["desert"] + r.fractions["stipple"] > r.fractions["marsh"]
        assert r.terrain == "desert", (h, r)
    assert {h for h, r in ext.hexes.items() if r.terrain == "stipple"} == DOTTED
    assert {h for h, r in ext.hexes.items() if r.terrain == "marsh"} == MARSH_FULL
    monkeypatch.setattr(extract_module, "GROUND_WITH_DOTS", False)
    ext = extract(im, grid, legend, features=False)
    assert all(ext.hexes[h].terrain == "marsh" for h in SPLIT)


@functools.cache
def _speckled() -> Image.Image:
    """A grey-green sheet 1003 x 857 px (no multiple of a block) with dots of 1-3 px, lines and lettering-like
    strokes in every direction, to its edges."""
    rng = np.random.default_rng(3)
    im = Image.fromarray((rng.normal(180, 6, (857, 1003, 3))).clip(0, 255).astype(np.uint8))
    d = ImageDraw.Draw(im)
    for _ in range(2500):
        x, y, r = int(rng.integers(0, 1003)), int(rng.integers(0, 857)), int(rng.integers(0, 2))
        d.ellipse([x - r, y - r, x + r, y + r], fill=(40, 60, 40))
    for _ in range(60):
        x, y = int(rng.integers(-50, 1050)), int(rng.integers(-50, 900))
        d.line([(x, y), (x + int(rng.integers(-200, 200)), y + int(rng.integers(-200, 200)))], fill=(30, 30, 30),
               width=int(rng.integers(1, 4)))
    return im


@settings(max_examples=25, deadline=None)
@given(size=st.sampled_from([25.0, 50.0, 95.0]), r0=st.integers(0, 1000), c0=st.integers(0, 1000),
       dr=st.integers(1, 60), dc=st.integers(1, 60))
def test_a_window_of_the_speck_share_is_the_whole_image_s(size, r0, c0, dr, dc):
    """extract_raster.speck_share over a window (the texture step's example hexes) gives the whole image's values
    there exactly, at any hex size (reduced by 1, 2 or 3 first), the image's edges included."""
    im = _speckled()
    f = extract_raster._blocks(size)[2]
    shape = (-(-im.height // f), -(-im.width // f))
    whole = extract_raster.speck_share(im, size, shape)
    r0, c0 = r0 * (shape[0] - 1) // 1000, c0 * (shape[1] - 1) // 1000  # anywhere, to the bottom and right edges
    win = (r0, min(shape[0], r0 + dr), c0, min(shape[1], c0 + dc))
    assert np.array_equal(extract_raster.speck_share(im, size, shape, win), whole[win[0]:win[1], win[2]:win[3]])
