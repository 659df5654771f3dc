"""A fill between two dashed rims whose dashes lie farther apart over a stretch (GMT Next War: Korea's trail: a cream
fill between two dashed dark rims, pale over the marsh and the lowland cream between Gunsan's town, the highway and
Taein's dot). Read by its rims (traced notes 14) its fill counts only where both rims show a dash, so there it is
pieces of a dash each, farther apart than the grown mask closes, each shorter than a line's least reach (``PART``, 0.6
of the hex): no long part of it crossed the sides and the links were missed (Next War: Korea region 2: 1917/2017,
2017/2116, 2120/2221). Such a line takes its short pieces in a row - grown again, a gap twice as wide closed - reaching
PART together as its own (traced notes 21). (The spread's bound, CHAIN_SPREAD, is measured on the real board: at 0.12
of the hex NWK 2's trail reads 1914/1915 false; no drawn patch of the fill's pieces made a part reaching PART here.)"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import Image, ImageFilter

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

TAN = (226, 222, 186)  # the ground, near the trail's cream
LOWLAND = (242, 238, 204)  # the cream ground, the trail's own fill
RIM = (80, 76, 40)
HEX_LINE, HEX_WIDTH = (50, 46, 24), 3
FILL = (240, 236, 200)
NEAR = ["0206", "0205", "0204", "0203"]  # its rims' dashes 10 px every 16: the fill's pieces closed by the grown mask
FAR = ["0203", "0202", "0201"]  # every ``period`` px: farther apart than the grown mask closes
FLATS = {"0105", "0106", "0205", "0206", "0306"}


def _board(period: int = 24, far: bool = True, size: float = 80.0):
    """A trail between dashed rims up column 2 of a tan board (the cream lowland under 0205-0206, where one of its
    marked sides lies; the other on the tan), its fill 5 px between rims of 2 px, their dashes 10 px every 16; from
    0203 on (``far``) every ``period`` px; hexes of ``size`` px."""
    k = size / 80.0
    lay, grid, im, d = blank_board(7, 6, size=size, origin=(-40.0 * k, 20.0 * k), image=(round(900 * k),
                                   round(960 * k)), paper=TAN, ink=None)
    for h in grid.hexes():
        if grid.id(h) in FLATS:
            d.polygon(lay.corners(h), fill=LOWLAND)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=HEX_LINE, width=HEX_WIDTH)
    w = round(5 * k)
    near = [lay.hex_to_pixel(grid.hex(h)) for h in NEAR]
    dashed(d, near, RIM, w + 4, dash=10 * k, period=16 * k)
    d.line(near, fill=FILL, width=w, joint="curve")
    if far:
        pts = [lay.hex_to_pixel(grid.hex(h)) for h in FAR]
        dashed(d, pts, RIM, w + 4, dash=10 * k, period=period * k)
        d.line(pts, fill=FILL, width=w, joint="curve")
    # printed and scanned: edges blended, a scanner's noise
    a = np.asarray(im.filter(ImageFilter.GaussianBlur(0.6)), dtype=np.float64)
    a += np.random.default_rng(5).normal(0.0, 1.5, a.shape)
    return grid, Image.fromarray(np.clip(np.rint(a), 0, 255).astype(np.uint8))


def _links(grid, im):
    legend = {"terrain": {"clear": {"hexes": ["0101", "0301", "0305"]}, "lowland": {"hexes": ["0105", "0106", "0306"]}},
              "features": {"trail": {"colour": "#f0ecc8", "kind": "across", "trace": True, "mask": False,
                                     "yes": [grid.side_key("0206", "0205"), grid.side_key("0204", "0203")]}}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "trail" in v}


def _path_links(grid, *paths):
    return {grid.side_key(a, b) for path in paths for a, b in pairwise(path)}


def test_a_fill_between_far_apart_rim_dashes_is_found():
    """The trail's links on its far-apart dashes (0202/0203, 0201/0202) found, and no side it does not cross (old code:
    both missed)."""
    grid, im = _board()
    found = _links(grid, im)
    assert _path_links(grid, FAR) <= found <= _path_links(grid, NEAR, FAR)


def test_the_row_of_pieces_is_what_finds_them(monkeypatch):
    """With the rule off neither far link is found; the close dashes' links are the same either way."""
    grid, im = _board()
    on = _links(grid, im)
    monkeypatch.setattr(lines, "CHAINS", False)
    off = _links(grid, im)
    assert not off & _path_links(grid, FAR)
    assert off & _path_links(grid, NEAR) == on & _path_links(grid, NEAR)

