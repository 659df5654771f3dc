"""A terrain painted in graded bands of one hue (a relief getting lighter towards its foot, as MMP Afrika's Jebel)
has a median colour (its darker bands') that its lightest band lies far from: where that band covers most of a hex
beside the sand, the band's blocks were read as sand. Each band of such a class is a colour it is read by
(toolkit/terrain/extract.py ``part_colours``, BANDS)."""

from __future__ import annotations

from PIL import Image, ImageFilter

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex

from .drawn import blank_board

SAND = (238, 214, 150)  # desert: Lab 86 -1 35
DARK, MID, LIGHT = (150, 100, 45), (175, 125, 65), (205, 160, 100)  # the hills' bands, darker to lighter
HILLS = {"0302", "0402", "0303"}  # examples: dark at the top, then mid, the light band in the lower 40%
FOOT = {"0205", "0605", "0704"}  # the light band over 60% of the hex (its top), sand below


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=40.0, origin=(50.0, 50.0), image=(560, 520), paper=SAND, ink=None)
    for h in grid.hexes():
        hid = grid.id(h)
        _, y = lay.hex_to_pixel(h)
        corners = [tuple(p) for p in lay.corners(h)]
        if hid in HILLS:
            d.polygon(corners, fill=DARK)
            d.polygon(ex._clip(corners, 1, y - 12, False), fill=MID)
            d.polygon(ex._clip(corners, 1, y + 4, False), fill=LIGHT)
        elif hid in FOOT:
            d.polygon(ex._clip(corners, 1, y + 6, True), fill=LIGHT)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(255, 255, 255))
    return im.filter(ImageFilter.GaussianBlur(0.8)), grid


LEGEND = {"terrain": {"desert": {"hexes": ["0101", "0106", "0501"]}, "hills": {"hexes": sorted(HILLS)}}}


def test_the_lightest_band_of_a_graded_class_is_that_class():
    im, grid = _board()
    got = ex.extract(im, grid, LEGEND, features=False).hexes
    assert {h for h, r in got.items() if r.terrain == "hills"} == HILLS | FOOT, {h: got[h].fractions for h in FOOT}


def test_without_the_bands_the_foot_reads_as_sand(monkeypatch):
    monkeypatch.setattr(ex, "BANDS", False)
    im, grid = _board()
    got = ex.extract(im, grid, LEGEND, features=False).hexes
    assert all(got[h].terrain == "desert" for h in FOOT), {h: got[h].fractions for h in FOOT}
