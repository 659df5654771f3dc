"""A road printed as a wide band (a third of the hex: Squad Leader's grey roads) with the black hex lines printed
over it: the hex lines cut the band's own pixels into pieces a hex long, and a marked side's line was not taken
to run on unbroken (traced notes 7: a part reaching SOLID_REACH hex sizes), so the marked sides - each band an
area of the colour (traced notes 3) - taught nothing and none was found. Across the calibrated hex lines the
pieces are one line (lines.crossings: the hex lines' band bridged where the colour lies on both sides)."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

GROUND = (200, 195, 100)
ROAD = (217, 206, 181)
INK = (30, 25, 20)
SIZE = 40.0
PATH = ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]  # a road across the board, hex to hex


def _board():
    lay, grid, im, d = blank_board(8, 6, size=SIZE, origin=(50.0, 50.0), image=(520, 520), paper=GROUND, ink=None)
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in PATH], fill=ROAD, width=round(0.34 * SIZE), joint="curve")
    for h in grid.hexes():  # the hex lines printed over the road
        d.polygon([tuple(p) for p in lay.corners(h)], outline=INK, width=2)
    return grid, im


def test_a_wide_band_cut_by_the_hex_lines_is_learned_from_its_marked_sides():
    """The road's seven links exactly (old code: none - its three marked sides read as areas, not learned)."""
    grid, im = _board()
    legend = {"terrain": {"open": {"hexes": ["0101", "0606", "0801"]}},
              "features": {"road": {"colour": "#d9ceb5", "kind": "across", "trace": True,
                                    "yes": ["0203/0303", "0403/0503", "0603/0703"]}}}
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(PATH)}
