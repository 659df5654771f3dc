"""A scan of the same map with another margin, or the same map cut from a bigger sheet, reads the same
(toolkit/terrain/extract.py ``REGION_MARGIN``; calibrate's local check judges the lines' polarity on the map's own
hexes). Extraction reduced the scan to colour blocks and to its lines' working scales from the scan's own corner, so
where the paper happened to end moved every block (MMP Afrika's region 1 read 117 of 120 hexes right on the
published scan, 118 cut to the grid's extent and two hexes; its track 32/39 at 32/34 and 36/39 at 36/41); and the
local check judged whether the hex lines are darker or lighter than the paper on hexes anywhere on the image. Here a
small map (stippled, wooded and clear hexes, a dashed brown track, red town rings) is printed on a bigger sheet whose
rest is another map's dark paint with light hex lines; the map is read from the whole sheet and from two cuts of it
(other margins, corners at pixels no block size divides): every hex's shares, every side's score and every symbol
the same."""

from __future__ import annotations

import dataclasses
import math
from itertools import pairwise

import numpy as np
from PIL import Image

from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain.calibrate import local_fit
from toolkit.terrain.extract import extract

from .drawn import dashed

SIZE = 60.0  # px: colour blocks of 6 px (reduced by 2, then 3), lines read at half the scale
PAPER, INK = (246, 240, 222), (40, 40, 40)
WOODS, SAND = (92, 150, 80), (222, 196, 140)
BROWN, RED = (120, 72, 30), (225, 30, 36)
DARK, LIGHT = (70, 60, 110), (235, 235, 240)  # the rest of the sheet: another map's paint, its hex lines light
TRACK = ["0102", "0202", "0302", "0403", "0503", "0604", "0704", "0805"]
TOWNS = ["0203", "0505", "0702", "0304"]
WOODED = ["0101", "0201", "0601", "0701", "0106", "0206", "0306", "0805", "0806"]
STIPPLED = ["0404", "0405", "0504", "0604", "0605"]


def _sheet() -> tuple[Image.Image, Grid]:
    """The map (columns 1-8, rows 1-6) on a 1500 x 1300 px sheet, another map's hexes all round it."""
    lay = Layout.regular("flat", SIZE, (423.0, 371.0))
    num = CCRR(2, 2, offset=OffsetSystem("flat", "odd"))
    grid = Grid(num, Extent(1, 8, 1, 6), lay)
    im = Image.new("RGB", (1500, 1300), DARK)
    from PIL import ImageDraw

    d = ImageDraw.Draw(im)
    around = Grid(num, Extent(-6, 16, -6, 14), lay)
    for h in around.hexes():  # the rest of the sheet: light hex lines on dark paint
        d.polygon(lay.corners(h), outline=LIGHT, width=2)
    rng = np.random.default_rng(5)
    for h in grid.hexes():
        hid = grid.id(h)
        fill = WOODS if hid in WOODED else SAND if hid in STIPPLED else PAPER
        d.polygon(lay.corners(h), fill=fill)
        if hid in STIPPLED:  # a stipple of dark dots on the sand: blocks of it average by where they fall
            x, y = lay.hex_to_pixel(h)
            for dx, dy in rng.uniform(-40, 40, (90, 2)).tolist():
                if abs(dx) + abs(dy) < 48:
                    d.ellipse([x + dx - 1.5, y + dy - 1.5, x + dx + 1.5, y + dy + 1.5], fill=(60, 50, 30))
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=INK, width=2)
    dashed(d, [lay.hex_to_pixel(grid.hex(h)) for h in TRACK], BROWN, 5, dash=30, period=37)
    for hid in TOWNS:
        x, y = lay.hex_to_pixel(grid.hex(hid))
        d.ellipse([x - 12, y - 12, x + 12, y + 12], outline=RED, width=4)
    return im, grid


def _cut(im: Image.Image, grid: Grid, box: tuple[int, int, int, int]) -> tuple[Image.Image, Grid]:
    assert grid.layout is not None
    return im.crop(box), dataclasses.replace(grid, layout=grid.layout.translated(-box[0], -box[1]))


def _legend() -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0103", "0802", "0303"]},
                        "woods": {"hexes": ["0101", "0601", "0806"]},
                        "stipple": {"hexes": ["0404", "0504", "0605"]},
                        "town": {"symbol": True, "hexes": ["0203", "0505", "0702"]}},
            "features": {"track": {"colour": "#78481e", "kind": "across", "trace": True,
                                   "yes": ["0102/0202", "0503/0604"]}}}


# the map's hexes span x 453-1203, y 423-1099 on the sheet; the region read is 90 px (1.5 hex sizes) beyond: two cuts
# with other margins (2-3 hex sizes, 95-101 px), their corners at pixels 1-5 past the sheet's 6-px blocks of the region
CUTS = ((271, 287, 1356, 1229), (358, 325, 1302, 1193))


def test_the_map_reads_the_same_from_the_sheet_and_from_cuts_of_it():
    sheet, grid = _sheet()
    whole = extract(sheet, grid, _legend())
    assert {h: r.terrain for h, r in whole.hexes.items()} == {
        grid.id(h): ("town" if grid.id(h) in TOWNS else "woods" if grid.id(h) in WOODED else
                     "stipple" if grid.id(h) in STIPPLED else "clear") for h in grid.hexes()}
    assert whole.symbols["town"] == set(TOWNS)
    track = {grid.side_key(a, b) for a, b in pairwise(TRACK)}
    assert {k for k, v in whole.hexsides.items() if "track" in v} == track
    for box in CUTS:
        im, g = _cut(sheet, grid, box)
        ext = extract(im, g, _legend())
        assert ext.hexes == whole.hexes  # every hex's terrain, shares, unknown share, visible part and review
        assert ext.hexsides == whole.hexsides
        assert ext.side_scores == whole.side_scores
        assert ext.symbols == whole.symbols
        assert ext.grid is g  # given back on the scan it read: the symbols' pixels are the cut's
        rep, rep0 = ext.symbol_reports["town"], whole.symbol_reports["town"]
        assert [(round(x + box[0], 6), round(y + box[1], 6)) for x, y in rep.stamps] == [
            (round(x, 6), round(y, 6)) for x, y in rep0.stamps]


def test_the_local_check_judges_the_lines_on_the_maps_own_hexes():
    sheet, grid = _sheet()
    whole = local_fit(sheet, grid)
    # every block of the map judged on its dark lines, on the grid they were drawn on (the old code judged the
    # polarity on hexes anywhere on the sheet: light lines, and followed the paper between the map's lines)
    assert len(whole.judged) == 2 and not whole.unjudged  # (rows 5-6: too few sides to judge)
    assert max(b.fraction for b in whole.judged) < 0.02
    for box in CUTS:
        cut = local_fit(*_cut(sheet, grid, box))
        assert [(b.first, b.last, b.samples) for b in cut.judged] == [(b.first, b.last, b.samples)
                                                                      for b in whole.judged]
        assert [round(b.offset_px, 6) for b in cut.judged] == [round(b.offset_px, 6) for b in whole.judged]


def test_a_sample_hex_off_the_scan_is_named_with_the_scans_size():
    """The legend is read on the map's region, but its messages name the user's scan: its size, not the region's."""
    import pytest

    from toolkit.errors import InputError

    sheet, grid = _sheet()
    assert grid.layout is not None
    off = dataclasses.replace(grid, layout=grid.layout.translated(-1000, 0))  # columns 1-5 off the sheet's left
    with pytest.raises(InputError) as err:
        extract(sheet, off, _legend(), features=False)
    assert str(err.value) == "terrain 'clear': sample hex 0103 is off the image (1500x1300)"


def test_a_sample_box_beyond_the_scans_edge_keeps_the_maps_region():
    """A legend box drawn out to the scan's edge and past it is read where it lies on the scan: the region keeps its
    corner on the grid (the old code read the whole scan from its own corner for it); a box wholly off the scan is
    left to the legend's reader, which names it on the scan (the whole scan is read)."""
    from toolkit.terrain.extract import _region

    sheet, grid = _sheet()
    plain = _region(sheet, grid, _legend(), SIZE)[3].corner
    assert plain == (363, 332)  # the map's hex corners less 1.5 hex sizes
    beyond = {**_legend(), "terrain": {**_legend()["terrain"], "paint": {"box": [1400, 1200, 1600, 1400]}}}
    part, _, moved, cut = _region(sheet, grid, beyond, SIZE)
    assert cut.corner == plain and part.size == (1500 - 363, 1300 - 332)
    assert moved["terrain"]["paint"]["box"] == [1400 - 363, 1200 - 332, 1600 - 363, 1400 - 332]
    off = {**_legend(), "terrain": {**_legend()["terrain"], "paint": {"box": [1600, 100, 1700, 200]}}}
    assert _region(sheet, grid, off, SIZE)[3].corner == (0, 0)


def test_a_grid_refined_from_clicks_over_the_map_follows_the_maps_lines():
    """Clicks holding every hex of the map: the refinement judges the lines' polarity on the map's own hexes (its dark
    lines), not on hexes anywhere on the sheet (the light lines of the other map around it)."""
    from toolkit.terrain.calibrate import refine_from_clicks, to_gray

    sheet, grid = _sheet()
    assert grid.layout is not None
    true = grid.layout
    hexes = list(grid.hexes())
    off = true.translated(4.0, -3.0)  # the clicks' fit: a few pixels off
    clicks = [off.hex_to_pixel(grid.hex(h)) for h in ("0101", "0801", "0106", "0806")]
    lay, _, _ = refine_from_clicks(to_gray(sheet), off, hexes, clicks)
    worst = max(math.dist(lay.hex_to_pixel(h), true.hex_to_pixel(h)) for h in hexes)
    # measured 0.91 px (Pillow's 2 px outlines are drawn inside each polygon, each hex's a pixel beside its
    # neighbour's); the old code judged the sheet's light lines and stayed where the clicks put it: 4.52 px
    assert worst < 1.5, worst


# cuts nearer the map than the region's margin (25-30 px of the 90 px): the old code began the region at the cut's edge,
# so each of these six read at its own block phase (of the 48 hexes, 15-20 kept the shares the first cut read)
TIGHT = tuple((453 - 30 + k, 423 - 25 + 2 * k % 6, 1203 + 30, 1099 + 25) for k in range(6))


def test_a_scan_cut_nearer_than_the_margin_reads_at_the_grids_phase():
    """The region's corner is the grid's even where the scan's edge comes nearer (the part past the edge padded with
    the edge's own colours): cut tight to the map at six phases of its 6-px blocks, the map reads as from the whole
    sheet - every hex's shares, every side's score, every symbol."""
    from toolkit.terrain.extract import _region

    sheet, grid = _sheet()
    whole = extract(sheet, grid, _legend())
    for box in TIGHT:
        im, g = _cut(sheet, grid, box)
        ext = extract(im, g, _legend())
        assert ext.hexes == whole.hexes
        assert ext.hexsides == whole.hexsides
        assert ext.side_scores == whole.side_scores
        assert ext.symbols == whole.symbols
        cut = _region(im, g, _legend(), SIZE)[3]
        assert cut.corner == (363 - box[0], 332 - box[1])  # past the cut's edge: the sheet's region corner
        assert cut.on == (box[0] - 363, box[1] - 332, box[2] - 363, box[3] - 332)  # the cut's own pixels


def test_hexes_off_the_scan_read_nothing_and_are_counted_as_before():
    """A grid running on past the scan's edge (columns 1-2 cut off): the padding beyond the edge is never a hex's
    share - the hexes off the scan read nothing, those the edge cuts keep the part on it (as the old code read them);
    the padding reaches no further than the hexes on the scan and the margin."""
    from toolkit.terrain.extract import _region

    sheet, grid = _sheet()
    im, g = _cut(sheet, grid, (600, 287, 1356, 1229))  # the cut's edge at x 600: column 1 (453-573) off it
    cut = _region(im, g, _legend(), SIZE)[3]
    assert cut.corner[0] < 0 and cut.on[0] == -cut.corner[0]
    assert cut.on[0] <= math.ceil(2 * SIZE + 1.5 * SIZE)  # no more than a hex and the margin past the edge
    legend = {**_legend(), "terrain": {**_legend()["terrain"], "clear": {"hexes": ["0802", "0303", "0705"]},
                                       "woods": {"hexes": ["0601", "0806", "0306"]}}}
    ext = extract(im, g, legend, features=False)
    for hid in ("0101", "0103", "0106"):
        assert ext.hexes[hid].terrain is None and ext.hexes[hid].visible == 0.0
    assert 0 < ext.hexes["0201"].visible < 1 and ext.hexes["0201"].terrain == "woods"
    assert ext.hexes["0303"].visible == 1.0
