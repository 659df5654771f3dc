"""A thin road printed lighter in places, its colour there nearer a terrain's than its own (Stonewall Jackson's Way
region 2: the road by Landmark and by Aldie's creek, nearer the rough ground's olive, the mountains' orange or the
woods' grey-green than the road's brown): a terrain is an area, which the path's shape refuses, and no rival to the
path's pixels - toolkit/terrain/lines.py, traced notes 24."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageFilter

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from . import test_light_road_path as light
from .drawn import blank_board

TOWN = (174, 161, 101)  # a terrain's colour 8 Delta E from the lighter road's, which lies 17 from the road's
TOWNS = ("0101", "0103", "0302", "0804")  # filled in it, off the roads


def _board(woods: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None, blur: float = 0.6):
    """test_light_road_path's board (the two dark roads, the lighter one, the specks of its colour over column 05)
    with four hexes filled in TOWN under their hex lines; ``woods`` (its fill, its 2 px edge's colour): a block of
    it over columns 06-08 below 0603's centre (test_path_terrain_edge); the whole softened by ``blur``."""
    lay, grid, im, d = blank_board(columns=8, size=50.0, origin=(65.0, 65.0), image=(700, 620), paper=light.WASH,
                                   ink=None)
    for hid in TOWNS:
        d.polygon(lay.corners(grid.hex(hid)), fill=TOWN)
    if woods is not None:
        cx, cy = lay.hex_to_pixel(grid.hex("0603"))
        d.rectangle([cx - 20, cy + 5, cx + 150, cy + 60], fill=woods[0], outline=woods[1], width=2)
    for h in grid.hexes():
        pts = lay.corners(h)
        for p, q in zip(pts, pts[1:] + pts[:1]):
            d.line([p, q], fill=light.HEXES, width=3)
    for ids, c in ((light.DARK[0], light.ROAD), (light.DARK[1], light.ROAD), (light.PALE, light.LIGHT)):
        x = lay.hex_to_pixel(grid.hex(ids[0]))[0] + 3
        d.line([(x, 0), (x - 6, im.height)], fill=c, width=2)
    rng = np.random.default_rng(5)
    for hid in light.SPECKLED:
        cx, cy = lay.hex_to_pixel(grid.hex(hid))
        for _ in range(60):
            x, y = cx + rng.uniform(-38, 38), cy + rng.uniform(-38, 38)
            d.rectangle([x, y, x + 1, y + 1], fill=light.LIGHT)
    im = im.filter(ImageFilter.GaussianBlur(blur))
    a = np.asarray(im, np.float32) + np.random.default_rng(3).normal(0, 2.0, (im.height, im.width, 3))
    return grid, Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def _read(grid, im):
    legend = light._legend()
    legend["terrain"] = {"clear": {"hexes": ["0306", "0803", "0601"]}, "town": {"hexes": list(TOWNS)}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "road" in v}, {h: ext.hexes[h].terrain for h in TOWNS}


def test_a_terrain_nearer_the_lighter_road_is_no_rival_to_its_path():
    """The lighter road's pixels lie nearer the town's colour than the road's: the old code (main 233af95, its
    terrains rivals to the path's pixels) misses its five links. A terrain is no rival (notes 24): every link of the
    three roads, none through the specks nor the town hexes, and the town hexes still town."""
    grid, im = _board()
    found, towns = _read(grid, im)
    roads = light._links(grid, light.DARK[0]) | light._links(grid, light.DARK[1]) | light._links(grid, light.PALE)
    assert found == roads
    assert set(towns.values()) == {"town"}


def test_with_the_terrains_rivals_the_lighter_road_is_missed(monkeypatch):
    """The old reading (PATH_TERRAINS on): the dark roads only."""
    monkeypatch.setattr(lines, "PATH_TERRAINS", True)
    grid, im = _board()
    assert _read(grid, im)[0] == light._links(grid, light.DARK[0]) | light._links(grid, light.DARK[1])
