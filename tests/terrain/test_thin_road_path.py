"""A thin road printed lighter than where it is marked, crossing the sides under the hex lines printed over it
(Stonewall Jackson's Way region 2: its thin roads over the cream paper, a pixel wide at L* 55-65, read nowhere by the
traced method - 3210/3211, 3211/3311, 3214/3215, 3215/3216, 3310/3311 missed): extract_sides.py, band notes 7 - a
thin dark line's crossing read as a path from hex to hex, past the calibrated hex line's band (its place), thin and
continuous across the side (its shape), so a name's broad strokes across a side are no crossing."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import Image, ImageFilter

from toolkit.terrain import extract_sides
from toolkit.terrain.colour import rgb_to_lab
from toolkit.terrain.extract import extract

from .drawn import blank_board

PAPER = (250, 246, 214)  # the cream paper
HEXES = (188, 170, 118)  # the hex lines' olive as the scan prints them thin
ROAD = (118, 98, 34)  # the road's dark brown where marked (the legend's colour)
THIN = (159, 138, 77)  # the road a pixel wide and lighter: L* 58
MARKED = (["0201", "0202", "0203", "0204", "0205", "0206"], ["0701", "0702", "0703", "0704", "0705", "0706"])
FAINT = ["0401", "0402", "0403", "0404", "0405", "0406"]
NAME = ["0501", "0502", "0503", "0504", "0505", "0506"]  # a name's broad strokes across each side: no road


def _board() -> tuple[object, Image.Image]:
    """50 px hexes on the cream paper; roads down columns 02 and 07 2 px wide in the road's brown, one down column 04
    a pixel wide in the lighter brown, each across the whole sheet; three strokes 4 px wide and half a hex long in
    the road's brown across each side of column 05 (a name's letters); the hex lines 3 px of the olive printed over
    them; the whole softened as a scan softens it."""
    lay, grid, im, d = blank_board(columns=8, size=50.0, origin=(65.0, 65.0), image=(700, 620), paper=PAPER, ink=None)
    for ids in (*MARKED, FAINT):
        x = lay.hex_to_pixel(grid.hex(ids[0]))[0] + 3  # down the column a little off its centres, top to bottom
        d.line([(x, 0), (x - 6, im.height)], fill=THIN if ids is FAINT else ROAD, width=1 if ids is FAINT else 2)
    for a, b in pairwise(NAME):
        xa, ya = lay.hex_to_pixel(grid.hex(a))
        my = (ya + lay.hex_to_pixel(grid.hex(b))[1]) / 2
        for dx in (-14, -4, 6):
            d.rectangle([xa + dx, my - 12, xa + dx + 3, my + 12], fill=ROAD)
    for h in grid.hexes():
        pts = lay.corners(h)
        for p, q in zip(pts, pts[1:] + pts[:1]):
            d.line([p, q], fill=HEXES, width=3)
    im = im.filter(ImageFilter.GaussianBlur(0.6))
    a = np.asarray(im, np.float32) + np.random.default_rng(3).normal(0, 2.0, (im.height, im.width, 3))
    return grid, Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def _found(grid, im) -> set[str]:
    legend = {"terrain": {"clear": {"hexes": ["0101", "0306", "0803"]}},
              "features": {"road": {"colour": "#{:02x}{:02x}{:02x}".format(*ROAD), "kind": "across", "trace": True,
                                    "yes": [f"{a}/{b}" for a, b in list(pairwise(MARKED[0]))[1:4]]}}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "road" in v}


def _links(grid, ids: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(ids)}


def test_a_thin_lighter_road_is_read_as_a_path_across_the_hex_line():
    """Every link of the three roads, the thin lighter one too (main 4de64c9 found none of its five), and none of
    the name's sides."""
    grid, im = _board()
    assert _found(grid, im) == _links(grid, MARKED[0]) | _links(grid, MARKED[1]) | _links(grid, FAINT)


def test_without_the_paths_the_thin_road_is_missed(monkeypatch):
    """The old reading (THIN_PATHS off): the marked roads only."""
    monkeypatch.setattr(extract_sides, "THIN_PATHS", False)
    grid, im = _board()
    assert _found(grid, im) == _links(grid, MARKED[0]) | _links(grid, MARKED[1])


def test_read_only_where_the_marked_sides_show_a_path():
    """The rule asks the marked sides first: with the road's marks the thin road's five sides are paths and the
    name's are not; with the name's sides given as the marks (broad strokes, no thin path) nothing is read."""
    grid, im = _board()
    sides = list(grid.hexsides())
    key = [grid.side_key(grid.id(sd.a), grid.id(sd.b)) for sd in sides]
    colour = rgb_to_lab(np.array(ROAD, np.float64))
    marked = [key.index(k) for k in sorted(_links(grid, MARKED[0]))[1:4]]
    named = [key.index(k) for k in sorted(_links(grid, NAME))[1:4]]
    none = np.zeros(len(sides), dtype=bool)
    got = extract_sides._thin_paths(np.asarray(im), grid, sides, colour, [], marked, none)
    assert {key[k] for k in np.flatnonzero(got)} == _links(grid, MARKED[0]) | _links(grid, MARKED[1]) | _links(
        grid, FAINT)
    assert not extract_sides._thin_paths(np.asarray(im), grid, sides, colour, [], named, none).any()
