"""Where two printed colours meet, the colour blocks straddling the boundary average into a third colour: woods'
green beside open orange ground gives an olive that a third terrain (fields) is printed in. Those blocks, lying on
the mix of two terrains that both occur beside them and outside the third terrain's own spread, are split between
the two rather than counted as the third (toolkit/terrain/extract.py ``_split_blends``)."""

from __future__ import annotations

from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex

from .drawn import blank_board

ORANGE = (231, 122, 60)  # open ground
GREEN = (92, 165, 86)  # woods
OLIVE = (170, 150, 75)  # fields: near the mix of the two
WOODS = {"0302", "0403", "0702"}
FIELDS = {"0205", "0505", "0703"}
HALF = {"0404", "0605"}  # the left 60% woods, the rest open ground


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=50.0, origin=(60.0, 60.0), image=(700, 640), paper=ORANGE, ink=None)
    for h in grid.hexes():
        hid = grid.id(h)
        x, _ = lay.hex_to_pixel(h)
        if hid in WOODS:
            d.polygon(lay.corners(h), fill=GREEN)
        elif hid in FIELDS:
            d.polygon(lay.corners(h), fill=OLIVE)
        elif hid in HALF:
            d.polygon(ex._clip([tuple(p) for p in lay.corners(h)], 0, x + 10, True), fill=GREEN)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0806", "0102"]}, "woods": {"hexes": sorted(WOODS)},
                        "fields": {"hexes": sorted(FIELDS)}}}


def test_blocks_on_a_boundary_are_not_a_third_terrain():
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    assert {h for h, r in got.hexes.items() if r.terrain == "fields"} == FIELDS
    assert {h for h, r in got.hexes.items() if r.terrain == "woods"} == WOODS | HALF
    # the old code read 7-17% of each of these as fields (56% in all), now 5-16% (39%)
    shares = [got.hexes[h].fractions.get("fields", 0.0) for h in sorted(WOODS | HALF)]
    assert sum(shares) < 0.45, shares
    assert all(got.hexes[h].fractions["fields"] > 0.95 for h in FIELDS)


def test_without_the_split_the_boundary_is_read_as_fields(monkeypatch):
    monkeypatch.setattr(ex, "_split_blends", lambda *a: None)
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    shares = [got.hexes[h].fractions.get("fields", 0.0) for h in sorted(WOODS | HALF)]
    assert min(shares) > 0.06 and sum(shares) > 0.5, shares
