"""Two classes printed in one colour, one patterned (woods: light and dark checks) and one flat (fields: the
checks' mean tint), are told apart by their pattern where the legend's examples show it
(toolkit/terrain/pattern.py; extract.py ``_read_patterns``)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex
from toolkit.terrain import pattern

from .drawn import blank_board, read_classes

ORANGE = (231, 122, 60)  # open ground
LIGHT, DARK = (170, 210, 100), (50, 120, 60)  # the woods' checks
FLAT = tuple((a + b) // 2 for a, b in zip(LIGHT, DARK))  # the fields: the checks' mean, (110, 165, 80)
WOODS = {"0302", "0303", "0403", "0702", "0304"}
FIELDS = {"0205", "0505", "0703", "0206", "0404", "0605"}
CHECK = 6  # px


def _board(woods: tuple[tuple[int, int, int], tuple[int, int, int]] = (LIGHT, DARK), noise: float = 3.0
           ) -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=50.0, origin=(60.0, 60.0), image=(700, 640), paper=ORANGE, ink=None)
    checks = Image.new("RGB", im.size, woods[0])
    cd = ImageDraw.Draw(checks)
    for y in range(0, im.height, CHECK):
        for x in range((y // CHECK) % 2 * CHECK, im.width, 2 * CHECK):
            cd.rectangle([x, y, x + CHECK - 1, y + CHECK - 1], fill=woods[1])
    mask = Image.new("L", im.size, 0)
    md = ImageDraw.Draw(mask)
    for h in grid.hexes():
        if grid.id(h) in WOODS:
            md.polygon(lay.corners(h), fill=255)
        elif grid.id(h) in FIELDS:
            d.polygon(lay.corners(h), fill=FLAT)
    im.paste(checks, mask=mask)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    a = np.asarray(im, np.float32) + np.random.default_rng(7).normal(0, noise, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0806", "0801"]}, "woods": {"hexes": ["0302", "0403", "0702"]},
                        "fields": {"hexes": ["0205", "0505", "0703"]}}}


def test_the_flat_tint_of_the_woods_colour_is_fields():
    im, grid = _board()
    got = read_classes(ex.extract(im, grid, _legend(), features=False))
    assert got["woods"] == WOODS
    assert got["fields"] == FIELDS


def test_by_colour_alone_the_fields_are_woods(monkeypatch):
    monkeypatch.setattr(pattern, "MISREAD", -1.0)  # no pair is told apart: the colour reading alone
    monkeypatch.setattr(ex, "TEXTURES", False)  # nor hex by hex (the woods' checks and the fields' flat tint part
    # there too: test_texture_hexes.py)
    im, grid = _board()
    got = read_classes(ex.extract(im, grid, _legend(), features=False))
    assert got["woods"] == WOODS | FIELDS  # one colour: the first class listed takes both


def test_no_pattern_is_measured_where_the_examples_are_read_as_their_own_class(monkeypatch):
    def refuse(*_a: object, **_k: object) -> np.ndarray:
        raise AssertionError("the pattern was measured")

    monkeypatch.setattr(ex, "edge_density", refuse)
    im, grid = _board(woods=((40, 130, 40), (40, 130, 40)))  # flat woods of a colour of their own
    got = read_classes(ex.extract(im, grid, _legend(), features=False))
    assert got["woods"] == WOODS and got["fields"] == FIELDS


def test_two_classes_of_one_colour_and_one_pattern_are_left_to_the_colour():
    im, grid = _board(woods=(FLAT, FLAT))  # the woods drawn flat too: nothing tells them apart
    got = read_classes(ex.extract(im, grid, _legend(), features=False))
    assert got["woods"] == WOODS | FIELDS


def test_the_threshold_lies_halfway_between_the_medians_on_a_log_scale():
    own = np.array([20.0, 30.0, 40.0, 12.0])  # median 25
    other = np.array([4.0, 0.5, 30.0])  # median 4
    t, below, ea, eb = pattern._threshold(own, other)
    assert t == pytest.approx(10.0) and below
    assert (ea, eb) == (0.0, pytest.approx(1 / 3))
    t, below, _, _ = pattern._threshold(np.array([0.0, 0.2]), np.array([9.0]))  # a flat tint counts as FLOOR
    assert t == pytest.approx(3.0) and not below


def test_a_block_moves_once():
    told = [pattern.Told(0, 1, 10.0, True, (0.0, 0.0)), pattern.Told(1, 2, 10.0, True, (0.0, 0.1))]
    cls = np.array([0, 0, 1, 1, 2])
    pattern.read_pairs(told, cls, np.array([5.0, 15.0, 5.0, 15.0, 5.0], np.float32), np.ones(5, bool))
    assert cls.tolist() == [1, 0, 2, 1, 2]


def test_a_window_of_the_pattern_is_the_whole_image_s():
    im, _ = _board()
    shape = (640 // 5 + 1, 700 // 5 + 1)
    whole = pattern.edge_density(im, 50.0, shape, 35.0)
    for win in ((0, 10, 0, 12), (40, 61, 70, 99), (shape[0] - 6, shape[0], shape[1] - 9, shape[1])):
        part = pattern.edge_density(im, 50.0, shape, 35.0, win)
        assert np.array_equal(part, whole[win[0]:win[1], win[2]:win[3]], equal_nan=True)


def test_the_checks_of_the_fields_colour_are_woods():
    """The same board with the fields listed first: the one colour reads as fields, and the checked woods are told
    by their pattern (toward the more patterned class, only blocks whose pattern reads no edge between colours)."""
    im, grid = _board()
    leg = _legend()
    terrain = leg["terrain"]
    assert isinstance(terrain, dict)
    leg["terrain"] = {n: terrain[n] for n in ("open", "fields", "woods")}
    got = ex.extract(im, grid, leg, features=False)
    read = read_classes(got)
    assert read["woods"] == WOODS and read["fields"] == FIELDS, {h: got.hexes[h].fractions for h in WOODS}
