"""A road printed as a wide band (a third of the hex: Squad Leader's grey roads) with the black hex lines printed
over it: the hex lines cut the band's own pixels into pieces a hex long, and a marked side's line was not taken
to run on unbroken (traced notes 7: a part reaching SOLID_REACH hex sizes), so the marked sides - each band an
area of the colour (traced notes 3) - taught nothing and none was found. Across the calibrated hex lines the
pieces are one line (lines.crossings: the hex lines' band bridged where the colour lies on both sides)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from toolkit.terrain.extract import extract

from .drawn import blank_board

GROUND = (200, 195, 100)
ROAD = (217, 206, 181)
INK = (30, 25, 20)
PATH = ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]  # a road across the board, hex to hex


def _board(scale: float, line: int):
    size = 40.0 * scale
    lay, grid, im, d = blank_board(8, 6, size=size, origin=(50.0 * scale, 50.0 * scale),
                                   image=(round(520 * scale), round(520 * scale)), paper=GROUND, ink=None)
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in PATH], fill=ROAD, width=round(0.34 * size), joint="curve")
    for h in grid.hexes():  # the hex lines printed over the road
        d.polygon([tuple(p) for p in lay.corners(h)], outline=INK, width=line)
    return grid, im


@pytest.mark.parametrize("scale, line", [(0.6, 1), (1.0, 2), (1.25, 3), (1.5, 3), (2.0, 5)])
def test_a_wide_band_cut_by_the_hex_lines_is_learned_from_its_marked_sides(scale, line):
    """The road's seven links exactly, at hexes of 24 to 80 px with hex lines 1 to 5 px wide (first code: none - its
    three marked sides read as areas, not learned; c7eca43: none at 50 and 60 px hexes with lines 3 px wide (4-5 px
    dark across a side), the bridge's band as narrow as the calibrated hex lines' GRID_BAND at the working scale)."""
    grid, im = _board(scale, line)
    legend = {"terrain": {"open": {"hexes": ["0101", "0606", "0801"]}},
              "features": {"road": {"colour": "#d9ceb5", "kind": "across", "trace": True,
                                    "yes": ["0203/0303", "0403/0503", "0603/0703"]}}}
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(PATH)}
