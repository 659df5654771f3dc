"""An 'along' line between a hex of its marked sides' terrain and a hex of a terrain they do not show
(extract_sides._unseen_grounds, band notes 9): Paper Wars' *1942* (user47) prints its national borders as a thin
green line along the hexsides, over soft green rough areas not clipped to the hexes and over the cream clear ground;
its three marked sides lay between rough hexes, and three sides of it between a rough hex (its green stopping short of
the side) and a clear one were dropped by the colour-mix check - the band there holds the line and the clear's cream,
more like the clear hex's middle than like the examples' mix (line and rough): border 16 of 20 in the region. A side
with one hex on a ground the examples do not show is now judged as one with both: kept where its band is UNSEEN times
as full of the line's colour as both hexes' middles (it was kept before too where the mix passed)."""

from __future__ import annotations

import pytest
from PIL import Image

from toolkit.terrain.extract import extract

from .drawn import blank_board, line_between_rows

CREAM = (252, 250, 228)
ROUGH = (213, 220, 175)
LINE = (100, 165, 122)
GREY = (150, 150, 140)


def _board(size: float) -> tuple[object, Image.Image, set[str], list[str], dict[str, list[str]]]:
    """Ten columns by six rows of ``size`` px hexes: columns 01-04 rough, columns 05-10 rough in rows 01-02, rough in
    row 03 but for a strip of the clear paper along its lower sides (a painted area not clipped to the hexes), clear in
    rows 04-06; the border along every side between rows 03 and 04 (3 px at 32 px hexes), thin grey hex lines over
    all. Returns the grid, picture, the border's sides, three marked ones (rough on both sides) and the terrains'
    example hexes (off the border)."""
    k = size / 32.0
    lay, grid, im, d = blank_board(columns=10, rows=6, size=size, origin=(1.2 * size, 1.2 * size),
                                   image=(round(17.5 * size), round(13.5 * size)), paper=CREAM, ink=None)
    for h in grid.hexes():
        c, r = int(grid.id(h)[:2]), int(grid.id(h)[2:])
        if c <= 4 or r <= 2:
            d.polygon(lay.corners(h), fill=ROUGH)
        elif r == 3:
            # a rough area not clipped to the hexes: it covers the hex but for a strip of the clear paper along
            # its lower sides, where the border runs
            _, y = lay.hex_to_pixel(h)
            d.polygon([(px, min(py, y + 0.45 * size)) for px, py in lay.corners(h)], fill=ROUGH)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=GREY)
    border = line_between_rows(d, lay, grid, 3, LINE, max(2, round(3 * k)))
    marked = sorted(s for s in border if all(int(x[:2]) <= 4 for x in s.split("/")))[:3]
    examples = {"rough": ["0101", "0601", "0901"], "clear": ["0606", "0806", "1006"]}
    return grid, im, border, marked, examples


@pytest.mark.parametrize("size", [30.0, 36.0])
def test_a_border_between_its_examples_ground_and_another_is_found(size):
    grid, im, border, marked, examples = _board(size)
    assert len(marked) == 3
    legend = {"terrain": {name: {"hexes": hexes} for name, hexes in examples.items()},
              "features": {"border": {"colour": "#64a57a", "kind": "along", "yes": marked}}}
    ext = extract(im, grid, legend)
    assert all(ext.hexes[h].terrain == t for t, hs in examples.items() for h in hs)
    found = {k for k, v in ext.hexsides.items() if "border" in v}
    mixed = {s for s in border if any(int(x[:2]) >= 5 and x[2:] == "04" for x in s.split("/"))}
    assert len(mixed) >= 8 and all({ext.hexes[x].terrain for x in s.split("/")} == {"rough", "clear"} for s in mixed)
    # before: only the sides in columns 01-04 (rough on both sides) were found
    assert found == border
