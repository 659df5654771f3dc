"""An up-slope hexside printed as a thick brown line ON the side with long hachures below it, and a road in nearly
the slope's brown (David Rodal's Bussaco 1810, region 2: the path's 9 false links were the slope lines and the
hachures read as the road crossing): the along line's strokes are its ink, not the road's - toolkit/terrain/lines.py,
traced notes 25."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest
from PIL import Image, ImageFilter

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import blank_board

GROUND = (200, 200, 134)  # the tan ground (measured between its specks)
SLOPE = (139, 111, 80)  # the slope line's and its hachures' brown (the legend's, measured on the map)
CORE = (168, 130, 88)  # the road's light-brown core (the legend's)
EDGE = (104, 78, 52)  # the road's dark edges
ROAD = ["0301", "0302", "0303", "0304", "0305", "0306"]  # down column 03, across the ridge
ROAD2 = ["0601", "0602", "0603", "0604", "0605", "0606"]  # down column 06, across the ridge too
SIZE = 68.0  # Bussaco's hexes (68 px radius): read at half the scale, the finer scale the scan's own


def _ridge(grid) -> list[tuple[str, str]]:
    """The sides between row 03 and row 04 (upper hex, lower hex): the ridge, a zigzag across the board."""
    out = []
    for a in grid.hexes():
        ia = grid.id(a)
        if ia[2:] != "03":
            continue
        for b in a.neighbours():
            if b in grid and grid.id(b)[2:] == "04":
                out.append((ia, grid.id(b)))
    return sorted(out)


def _board(over: bool = False):
    """8 x 6 hexes of 68 px on the tan ground; the ridge's sides a 14 px line of the slope's brown ON the side (mostly
    on its upper side, as on the map) with 6 px hachures every 10 px fanning out below it, 0.6-1.1 hex long (those
    by a side's ends cross the lower hexes' sides there); two roads (an 8 px core of the light brown between 3 px dark
    edges) down columns 03 and 06, across the ridge - the first printed over the slope, the second under it when
    ``over`` (the hachures printed over the road, as on the map by Busaco); softened and noised as a scan is. No hex
    lines: Bussaco's, a pixel of near-black, read 20 or more from the road's colour in the bands; drawn and softened
    here they read nearer, and the road's tolerance is cut to half that (extract_sides; traced notes 10), under the
    slope's distance from it - the board would not be Bussaco's case."""
    lay, grid, im, d = blank_board(columns=8, rows=6, size=SIZE, origin=(80.0, 80.0), image=(960, 860),
                                   paper=GROUND, ink=None)

    def road(ids: list[str]) -> None:
        pts = [lay.hex_to_pixel(grid.hex(h)) for h in ids]
        pts = [(pts[0][0], 0.0), *pts, (pts[-1][0], float(im.height))]
        d.line(pts, fill=EDGE, width=14, joint="curve")
        d.line(pts, fill=CORE, width=8, joint="curve")

    def slope() -> None:
        rng = np.random.default_rng(7)
        for a, b in _ridge(grid):
            (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(f"{a}/{b}"))
            cx, cy = lay.hex_to_pixel(grid.hex(b))
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            n = math.hypot(cx - mx, cy - my)
            ux, uy = (cx - mx) / n, (cy - my) / n  # down the slope: towards the lower hex
            # the line ON the side, lying mostly on its upper side (2 px below it, 12 px above)
            band = [(x0 + ux * 2, y0 + uy * 2), (x1 + ux * 2, y1 + uy * 2), (x1 - ux * 12, y1 - uy * 12),
                    (x0 - ux * 12, y0 - uy * 12)]
            d.polygon(band, fill=SLOPE)
            for x, y in ((x0, y0), (x1, y1)):
                d.ellipse((x - ux * 5 - 7, y - uy * 5 - 7, x - ux * 5 + 7, y - uy * 5 + 7), fill=SLOPE)
            # the hachures fanning out below it, 6 px wide, 0.6-1.1 hex long: those by the side's ends cross the
            # lower hexes' sides there
            length = math.hypot(x1 - x0, y1 - y0)
            for t in np.arange(6.0, length - 3.0, 10.0):
                px, py = x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length
                turn = math.radians(40.0) * (2 * t / length - 1) * (-1 if (x1 - x0) * uy - (y1 - y0) * ux > 0 else 1)
                vx = ux * math.cos(turn) - uy * math.sin(turn)
                vy = ux * math.sin(turn) + uy * math.cos(turn)
                reach = SIZE * rng.uniform(0.6, 1.1)
                d.line([(px, py), (px + vx * reach, py + vy * reach)], fill=SLOPE, width=6)

    road(ROAD)
    if over:
        road(ROAD2)
        slope()
        # and below the ridge, a hachure over the road just where it crosses each side (as by Busaco, 1116/1215)
        for a, b in pairwise(ROAD2[3:]):
            (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(f"{a}/{b}"))
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            d.line([(mx - 0.45 * SIZE, my - 0.26 * SIZE), (mx + 0.45 * SIZE, my + 0.26 * SIZE)], fill=SLOPE, width=6)
    else:
        slope()
        road(ROAD2)
    road(ROAD)
    im = im.filter(ImageFilter.GaussianBlur(0.6))
    a = np.asarray(im, np.float32) + np.random.default_rng(3).normal(0, 2.0, (im.height, im.width, 3))
    return grid, Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def _legend(grid) -> dict[str, object]:
    ridge = sorted(grid.side_key(a, b) for a, b in _ridge(grid))
    hexcode = "#{:02x}{:02x}{:02x}".format
    return {"terrain": {"clear": {"hexes": ["0101", "0506", "0802"]}},
            "features": {"path": {"colour": hexcode(*CORE), "kind": "across", "trace": True,
                                  "yes": ["0301/0302", "0305/0306", "0601/0602"]},
                         "slope": {"colour": hexcode(*SLOPE), "kind": "along",
                                   "yes": [ridge[0], ridge[len(ridge) // 2 + 1], ridge[-1]]}}}


def _found(grid, im, name: str) -> set[str]:
    ext = extract(im, grid, _legend(grid))
    return {k for k, v in ext.hexsides.items() if name in v}


def _links(grid, ids: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(ids)}


def _roads(grid) -> set[str]:
    return _links(grid, ROAD) | _links(grid, ROAD2)


def _ridge_keys(grid) -> set[str]:
    return {grid.side_key(a, b) for a, b in _ridge(grid)}


@pytest.mark.parametrize("over", [False, True])
def test_the_slopes_and_their_hachures_are_no_road(over):
    """The road's colour learned at its marked sides (tolerance 20) takes in the slope's brown (12 from it): main
    8fd0e56 read the slope line on the side and the hachures crossing the lower hexes' sides as the road crossing
    them (17 false links). The along line's strokes, nearer its colour than the road's, are its ink (notes 25): both
    roads' every link and none false - the road printed under the hachures too (they are passed over as symbols are);
    the ridge read as the slope."""
    grid, im = _board(over)
    ext = extract(im, grid, _legend(grid))
    assert {k for k, v in ext.hexsides.items() if "path" in v} == _roads(grid)
    assert {k for k, v in ext.hexsides.items() if "slope" in v} == _ridge_keys(grid)


def test_without_it_the_slopes_read_as_road(monkeypatch):
    """The old reading (ALONG_INK off): the roads, and the slope sides and the sides the hachures cross as road."""
    monkeypatch.setattr(lines, "ALONG_INK", False)
    grid, im = _board()
    found = _found(grid, im, "path")
    assert found >= _roads(grid)
    false = found - _roads(grid)
    assert len(false) >= 10
    assert false & _ridge_keys(grid)  # the slope line ON the side
    assert false - _ridge_keys(grid)  # the hachures crossing the lower hexes' sides


def test_a_line_of_another_colour_is_not_left_out():
    """Only an along line in nearly the road's colour (within its tolerance) is left out of it: a blue river's along
    colour is no part of the road's reading (the rule reads nothing)."""
    from toolkit.terrain.colour import rgb_to_lab

    lab = lines.lab_table()
    road = [float(v) for v in rgb_to_lab(np.array(CORE, float))]
    river = [float(v) for v in rgb_to_lab(np.array((1, 0, 127), float))]
    dtab = np.sqrt(((lab - np.asarray(road, np.float32)[:, None]) ** 2).sum(axis=0))
    codes = np.zeros((4, 4), np.int32)
    assert lines._along_ink(codes, lab, dtab, dtab < 20.0, road, 20.0, [river], lambda: np.zeros((4, 4), bool)) is None

