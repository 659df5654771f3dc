"""A class printed in parts of different colours (a yellow target hex with a red ring and a grey building drawn
over it) has a median colour none of its parts have: it is read by its commonest colour when that colour is its
own (toolkit/terrain/extract.py ``class_colours``, MODE_*), else by its median as before."""

from __future__ import annotations

import numpy as np
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex

from .drawn import blank_board

ORANGE = (231, 122, 60)  # open ground
YELLOW = (239, 210, 47)  # target hexes
GREY = (200, 194, 185)  # a building drawn over a target hex
RED = (212, 98, 76)  # the target's ring
OLIVE = (165, 175, 90)  # fields
PALE = (208, 195, 87)  # paler, yellower fields
TARGET_EXAMPLES = {"0202", "0504", "0705"}  # yellow, ringed, with a building over most of it
TARGETS = {"0302", "0805"}  # yellow, ringed, no building
FIELD_EXAMPLES = {"0203", "0405", "0603"}
PALE_FIELDS = {"0206", "0306", "0702"}


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=50.0, origin=(60.0, 60.0), image=(700, 640), paper=ORANGE, ink=None)
    for h in grid.hexes():
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        corners = lay.corners(h)
        if hid in TARGET_EXAMPLES | TARGETS:
            d.polygon(corners, fill=RED)
            d.polygon([(x + 0.92 * (cx - x), y + 0.92 * (cy - y)) for cx, cy in corners], fill=YELLOW)
            if hid in TARGET_EXAMPLES:
                d.rectangle([x - 26, y - 26, x - 9, y + 26], fill=GREY)
                d.rectangle([x + 17, y - 26, x + 26, y + 26], fill=RED)
        elif hid in FIELD_EXAMPLES:
            d.polygon(corners, fill=OLIVE)
        elif hid in PALE_FIELDS:
            d.polygon(corners, fill=PALE)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0806", "0404"]}, "fields": {"hexes": sorted(FIELD_EXAMPLES)},
                        "target": {"hexes": sorted(TARGET_EXAMPLES)}}}


def test_a_class_of_several_colours_is_read_by_its_commonest_own_colour():
    """The target examples are yellow (the commonest), grey and red: the target is read by the yellow, and the
    paler fields, nearer the three's median than the fields' olive, stay fields."""
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    found = {h: r.terrain for h, r in got.hexes.items()}
    assert {h for h, c in found.items() if c == "target"} == TARGET_EXAMPLES | TARGETS
    assert {h for h, c in found.items() if c == "fields"} == FIELD_EXAMPLES | PALE_FIELDS


def test_with_the_median_colour_pale_fields_read_as_target(monkeypatch):
    """The old reading (every class by its median): the paler fields are the target's."""
    monkeypatch.setattr(ex, "MODE_BELOW", 0.0)
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    assert all(got.hexes[h].terrain == "target" for h in PALE_FIELDS), got.hexes


def test_the_commonest_colour_must_be_the_class_own():
    """A class whose commonest colour another class has more of (a field's green that is the woods' colour) keeps
    its median; a class whose median is a colour most of its samples have keeps it too."""
    def tc(name: str, labs: list[tuple[float, float, float]], counts: list[int]) -> ex.TerrainClass:
        x = np.repeat(np.array(labs, float), counts, axis=0)
        return ex.TerrainClass(name, tuple(float(v) for v in np.median(x, axis=0)), "hexes", samples=x)

    green, red, pale, grey = (60.0, -35.0, 35.0), (52.0, 45.0, 29.0), (78.0, -10.0, 40.0), (78.0, 0.0, 5.0)
    woods = tc("woods", [green], [60])
    fields = tc("fields", [green, red, pale], [40, 30, 30])
    assert np.allclose(ex.class_colours([woods, fields])[1], fields.lab, atol=1e-4)  # the green is the woods'
    target = tc("target", [(84.0, -5.0, 77.0), grey, red], [45, 35, 20])
    got = ex.class_colours([woods, target])
    assert np.allclose(got[1], (84.0, -5.0, 77.0), atol=1e-3) and np.allclose(got[0], green, atol=1e-4)
