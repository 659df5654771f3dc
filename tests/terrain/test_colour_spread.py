"""A colour block goes to its nearest sampled terrain only within that terrain's learned spread (its colour,
or its colour mixed with another colour the legend lists): a colour the legend does not list (the yellow
band of a route printed over white paper, averaged with the paper) is not taken for the nearest listed one
(toolkit/terrain/extract.py ``_spreads``/``_gate``)."""

from __future__ import annotations

import numpy as np
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex
from toolkit.terrain.colour import rgb_to_lab

from .drawn import blank_board

SIZE = 24.0
PALE_GREEN = (216, 232, 184)
YELLOW = (248, 232, 104)
WOODS = {"0102", "0103", "0202", "0502", "0503", "0603", "0806"}
BAND_ROW = 5  # the band runs along row 5 of columns 2-9


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(10, 8, size=SIZE, origin=(30.0, 30.0), image=(420, 430), paper=(255, 255, 255),
                                   ink=None)
    for h in grid.hexes():
        if grid.id(h) in WOODS:
            d.polygon(lay.corners(h), fill=PALE_GREEN)
    pts = [lay.hex_to_pixel(grid.hex(f"{c:02d}{BAND_ROW:02d}")) for c in range(2, 10)]
    d.line([(pts[0][0], pts[0][1]), (pts[-1][0], pts[0][1])], fill=YELLOW, width=7)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0301", "0408"]}, "woods": {"hexes": ["0102", "0502", "0603"]}},
            "priority": ["woods", "open"], "max_delta_e": 30}


def test_a_band_of_an_unlisted_colour_is_not_the_nearest_terrain():
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    assert {h for h, r in got.hexes.items() if r.terrain == "woods"} == WOODS
    band = [f"{c:02d}{BAND_ROW:02d}" for c in range(3, 9)]
    assert all(got.hexes[h].fractions.get("woods", 0.0) == 0.0 for h in band), \
        {h: got.hexes[h].fractions for h in band}


def test_without_the_spread_the_band_reads_as_woods(monkeypatch):
    """The same board with the gate off (every spread unlimited): the band's blocks, yellow averaged with the
    paper, are nearer the pale green than the white, within Delta E 30."""
    monkeypatch.setattr(ex, "_spreads", lambda terrains, cents, owner, others: np.full(len(terrains), np.inf))
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    band = [f"{c:02d}{BAND_ROW:02d}" for c in range(3, 9)]
    assert sum(got.hexes[h].fractions.get("woods", 0.0) > 0 for h in band) >= 4


def test_mix_distance_and_spread():
    white, green = rgb_to_lab(np.array((255.0, 255, 255))), rgb_to_lab(np.array(PALE_GREEN, float))
    cents = np.array([white, green], np.float32)
    half = rgb_to_lab(np.array([(255 + 216) / 2, (255 + 232) / 2, (255 + 184) / 2]))
    yellow = rgb_to_lab(np.array(YELLOW, float))
    x = np.array([green, half, yellow], np.float32).T
    d = ex._mix_distance(x, 1, cents, np.zeros((0, 3), np.float32))
    assert d[0] == 0.0 and d[1] < 2.5 and d[2] > 30  # a mix with the paper is near the segment, yellow is not
    # a listed feature colour is a mixing partner too
    assert ex._mix_distance(x[:, 2:], 1, cents, np.array([yellow], np.float32))[0] < 1e-3
    tcs = [ex.TerrainClass("open", tuple(white), "hexes", samples=np.array([white] * 9 + [white + 1])),
           ex.TerrainClass("woods", tuple(green), "colour")]
    gates = ex._spreads(tcs, cents, np.arange(2), np.zeros((0, 3), np.float32))
    assert gates[0] == ex.SPREAD_MIN and np.isinf(gates[1])
