"""An 'along' line on grounds its marked sides do not show (extract_sides._like_examples, _unseen_grounds): a river
whose three marked sides all lie between two hexes of one terrain (an olive bocage) runs on between hexes of a beige
clear and through a marsh hatched in the river's own blue (SPI Atlantic Wall: the Aure, marked between bocage hexes,
through its marshes by Isigny). The band's colour mix is judged against the examples' only where one of the side's
hexes is of a terrain the examples' hexes hold: elsewhere the band holds another ground, and is always more like
that ground's hexes than like the examples' olive - every side of the river off the bocage was dropped. The
marsh's own sides, hatched but with no river along them, are still none."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from toolkit.terrain.extract import extract

from .drawn import blank_board, line_between_rows

BLUE = (68, 121, 146)
BEIGE = (204, 197, 162)
OLIVE = (162, 154, 90)
BROWN = (150, 120, 90)


def _board(size: float) -> tuple[object, Image.Image, set[str], list[str], dict[str, list[str]]]:
    """Nine columns by six rows of ``size`` px hexes: columns 01-03 bocage (olive), 04-05 clear (beige), 06-09 marsh
    (beige hatched in the river's blue); the river along every side between rows 03 and 04, 5 px wide at 32 px hexes;
    the thin brown hex lines printed over all. Returns the grid, picture, the river's sides, three marked ones (in
    the bocage) and the terrains' example hexes (off the river)."""
    k = size / 32.0
    lay, grid, im, d = blank_board(columns=9, rows=6, size=size, origin=(1.2 * size, 1.2 * size),
                                   image=(round(15 * size), round(12.5 * size)), paper=BEIGE, ink=None)
    terrain = {}
    hatch = Image.new("L", im.size, 0)
    hd = ImageDraw.Draw(hatch)
    for h in grid.hexes():
        hid = grid.id(h)
        c = int(hid[:2])
        terrain[hid] = "bocage" if c <= 3 else "clear" if c <= 5 else "marsh"
        if terrain[hid] == "bocage":
            d.polygon(lay.corners(h), fill=OLIVE)
        elif terrain[hid] == "marsh":
            hd.polygon(lay.corners(h), fill=255)
    lines = Image.new("L", im.size, 0)
    ld = ImageDraw.Draw(lines)
    step, thick = max(4, round(8 * k)), 1
    for y in range(0, im.size[1], step):
        ld.rectangle([0, y, im.size[0], y + thick - 1], fill=255)
    im.paste(BLUE, (0, 0), Image.fromarray((np.asarray(hatch) & np.asarray(lines)).astype(np.uint8)))
    river = line_between_rows(d, lay, grid, 3, BLUE, max(2, round(5 * k)))
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=BROWN)
    marked = sorted(s for s in river if all(int(x[:2]) <= 3 for x in s.split("/")))[:3]
    examples = {"bocage": ["0101", "0206", "0301"], "clear": ["0401", "0506", "0501"],
                "marsh": ["0701", "0806", "0901"]}
    return grid, im, river, marked, examples


@pytest.mark.parametrize("size", [30.0, 36.0, 44.0])
def test_a_river_off_its_examples_ground_is_found(size):
    """Marked on three sides in the bocage, the river is found on all its sides: in the bocage, between clear hexes
    and through the marsh hatched in its blue; no marsh side without it."""
    grid, im, river, marked, examples = _board(size)
    assert len(marked) == 3
    legend = {"terrain": {name: {"hexes": hexes} for name, hexes in examples.items()},
              "features": {"river": {"colour": "#447992", "kind": "along", "yes": marked}}}
    ext = extract(im, grid, legend)
    assert all(ext.hexes[h].terrain == t for t, hs in examples.items() for h in hs)
    found = {k for k, v in ext.hexsides.items() if "river" in v}
    off = {s for s in river if not all(int(x[:2]) <= 3 for x in s.split("/"))}
    assert off and found == river
