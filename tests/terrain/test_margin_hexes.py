"""Hexes over the flat margin round a printed map (extract.KNOWN_FLOOR): a hex less than 5% of which is of a legend
colour is read as nothing, as a hex wholly in the margin is - a sliver of the map's edge across its corner is no
reading of it (Next War: Korea's hexes over its dark blue margin, read water by 0-3% of sea; nearbar). A hex more of
which lies on the map is read by that part, as before."""

from __future__ import annotations

import math

import pytest

from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 40.0
TAN = (220, 205, 160)
GREEN = (70, 140, 70)
MARGIN = (1, 109, 173)  # Next War: Korea's dark blue margin round the printed map


def _board():
    """Tan hexes, woods in column 08; the margin over the left of the picture: up to 0.78 of the hex size right of
    column 02's centres in rows 01-03 (a corner of those hexes on the map: about 3% of each), 0.3 in rows 04-07
    (about 30% of each on the map); column 01 wholly in it."""
    lay, grid, im, d = blank_board(9, 7, size=SIZE, image=(640, 640), paper=TAN)
    for h in grid.hexes():
        if grid.id(h).startswith("08"):
            d.polygon([tuple(p) for p in lay.corners(h)], fill=GREEN, outline=(40, 40, 40))
    x2 = lay.hex_to_pixel(grid.hex("0201"))[0]
    y_cut = (lay.hex_to_pixel(grid.hex("0203"))[1] + lay.hex_to_pixel(grid.hex("0204"))[1]) / 2
    d.rectangle((0, 0, x2 + 0.78 * SIZE, y_cut), fill=MARGIN)
    d.rectangle((0, y_cut, x2 + 0.3 * SIZE, 640), fill=MARGIN)
    legend = {"terrain": {"clear": {"hexes": ["0503", "0504", "0605"]}, "woods": {"hexes": ["0801", "0803", "0805"]}}}
    return grid, im, legend


def _corner_share() -> float:
    """The share of a flat hex right of 0.78 of its size from its centre: two triangles of base 0.22 x sqrt 3."""
    return math.sqrt(3) * 0.22 ** 2 / (1.5 * math.sqrt(3))


@pytest.mark.parametrize("floor, corners", [(None, None), (0.0, "clear")])
def test_a_hex_over_the_margin_but_a_sliver_is_read_as_nothing(monkeypatch, floor, corners):
    """Rows 01-03 of column 02 (a corner of about 3% on the map) are nothing, as column 01 wholly in the margin;
    rows 04-07 (about 30% on the map) and every other hex are clear or woods, as drawn. Old code (KNOWN_FLOOR 0:
    only a hex with no legend colour at all is nothing): the corners read clear by their sliver."""
    import toolkit.terrain.extract as extract_mod

    assert 0.02 < _corner_share() < 0.05
    if floor is not None:
        monkeypatch.setattr(extract_mod, "KNOWN_FLOOR", floor)
    grid, im, legend = _board()
    got = extract(im, grid, legend, features=False)
    read = {h: r.terrain for h, r in got.hexes.items()}
    assert {read[f"01{r:02d}"] for r in range(1, 8)} == {None}
    assert {read[f"02{r:02d}"] for r in range(1, 4)} == {corners}
    assert {read[f"02{r:02d}"] for r in range(4, 8)} == {"clear"}
    assert all(read[h] == ("woods" if h.startswith("08") else "clear") for h in read if h[:2] not in ("01", "02"))
