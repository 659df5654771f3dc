"""A line in the black ink (a dark brown here) whose marked sides the ink's reading misses, the ink taking in the ground
there, is traced in its own colour (toolkit/terrain/extract_sides.py, ``INK_MARKS``; lines.py, ink notes 16): a
dark-brown road over an olive fill within the ink's tolerance (``lines.INK_TOLERANCE``), every band it crosses an area
of the ink - as SPI Atlantic Wall's dark-brown roads over its bocage, whose marked sides the ink's reading never
found."""

from __future__ import annotations

from itertools import pairwise

import pytest

from toolkit.terrain import extract_sides, lines
from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

ROAD = ["0102", "0202", "0302", "0402", "0502", "0602"]  # a solid road across the olive fill
TRACK = ["0105", "0205", "0305", "0405", "0505", "0605"]  # a dashed track on the paper
INK = (80, 66, 44)  # a dark brown ink (Atlantic Wall's roads)
OLIVE = (110, 118, 60)  # some 30 Delta E from the ink: within INK_TOLERANCE (46), beyond DARK_TOLERANCE (25)


def _board(size: float) -> tuple:
    k = size / 30
    lay, grid, im, d = blank_board(size=size, origin=(40 * k, 40 * k), image=(round(440 * k), round(400 * k)),
                                   paper=(250, 248, 240), ink=None)
    for h in grid.hexes():
        if grid.id(h)[2:] in ("01", "02", "03"):
            d.polygon(lay.corners(h), fill=OLIVE)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(120, 100, 80))
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in ROAD], fill=INK, width=max(3, round(4 * k)))
    dashed(d, [lay.hex_to_pixel(grid.hex(i)) for i in TRACK], INK, max(2, round(2 * k)), dash=9 * k, period=12 * k)
    return im, grid


def _legend() -> dict:
    return {"terrain": {"clear": {"hexes": ["0806", "0605", "0704"]}, "bocage": {"hexes": ["0801", "0703", "0401"]}},
            "features": {name: {"colour": "#50422c", "kind": "across", "trace": True,
                                "yes": [f"{a}/{b}" for a, b in list(pairwise(path))[1:4]]}
                         for name, path in (("road", ROAD), ("track", TRACK))}}


@pytest.mark.parametrize("size", [24.0, 30.0, 40.0])
def test_an_ink_line_missing_its_marks_on_a_ground_of_the_ink_is_traced_in_its_colour(size, monkeypatch):
    """The road's bands are areas of the ink (the olive within its tolerance): read in the ink (INK_MARKS off, the old
    code) it finds none of its links, marked or not, at every scale. Traced in its own colour it finds its five links
    and no other. The dashed track on the paper, whose marked bands are no area of the ink, is left to the ink's
    reading where that finds some of its marks (24 and 30 px: the same sides either way); at 40 px the ink finds none
    of them (its dashes shorter than lines.LONG) and it is traced in its colour too (extract_sides.INK_NONE, ink notes
    16): its five links, none false, where the ink's reading found none."""
    im, grid = _board(size)
    ext = extract(im, grid, _legend())
    want = {grid.side_key(a, b) for a, b in pairwise(ROAD)}
    assert {k for k, v in ext.hexsides.items() if "road" in v} == want
    monkeypatch.setattr(extract_sides, "INK_MARKS", False)
    # (and without lines.py ink notes 17: with it the ink's own reading, INK_MARKS off, finds the road in the ink
    # proper where its bands are areas of the ink - at 40 px its five links, none false; the old code read it nowhere)
    monkeypatch.setattr(lines, "INK_PROPER", False)
    old = extract(im, grid, _legend())
    assert not any("road" in v for v in old.hexsides.values())
    track = {k for k, v in ext.hexsides.items() if "track" in v}
    old_track = {k for k, v in old.hexsides.items() if "track" in v}
    if size == 40.0:
        assert track == {grid.side_key(a, b) for a, b in pairwise(TRACK)} and not old_track
    else:
        assert track == old_track
