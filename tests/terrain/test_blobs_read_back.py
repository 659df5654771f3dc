"""A town drawn as clusters of small house icons over a patterned ground that is no terrain - an engraved old map's
hachures, woods and lettering under a modern game map (RBM Studio's Waterloo Campaign 1815: its key makes a hex
with a cluster of houses town, and every other hex open). The town's colour, learned from its example hexes, is a
blend of the icons and the ground: a darker beige than the open's. An open hex darker than most - dense hachures, a
word of lettering - lies nearer that blend than the open's light paper and the colour reading reads it town. The
open examples are light and read open, the town examples read town, so no reading of the icons is asked for by the
examples (chosen.py reads a class whose colour fails them), and the icons' reading (blobs.py) only ever added the
class. Read back: a hex read as such a class by colour holding no more of its icons than the other classes' examples
do is its next class by colour (extract.py ``_read_marks``, READ_BACK)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex

from .drawn import blank_board

PAPER = (226, 216, 196)  # the old map's paper: open
INK = (120, 96, 78)  # its engraving's brown: hachures and lettering, not terrain
ROOF = (196, 52, 40)  # the houses' red roofs
WALL = (70, 60, 56)  # their dark outlines
TOWNS = {"0202": 7, "0304": 6, "0503": 7}  # the legend's town examples: clusters of houses
FEW = {"0105": 3, "0406": 3, "0601": 3, "0705": 3}  # small towns: two or three houses
HATCHED = {"0102", "0203", "0305", "0402", "0404", "0605", "0702", "0804"}  # open, darker than most: dense hachures
LETTERED = {"0501", "0606"}  # open under a word of the engraving's big lettering
BOUNDARY = (176, 64, 52)  # the engraving's boundaries: a red 15 Delta E from the roofs'
BOUNDED = {"0101", "0802", "0302", "0703"}  # open hexes a boundary crosses, two of them the open examples


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=50.0, origin=(60.0, 60.0), image=(700, 640), paper=PAPER, ink=None)
    engraved = Image.new("RGB", im.size, PAPER)  # the engraving, each hex's own drawn within it
    e = ImageDraw.Draw(engraved)
    rng = np.random.default_rng(11)
    for h in grid.hexes():
        hid = grid.id(h)
        cx, cy = lay.hex_to_pixel(h)
        e.rectangle([0, 0, im.width, im.height], fill=PAPER)
        if hid in HATCHED:  # short strokes down the slopes, 3 px apart, over the whole hex
            for x in range(-44, 45, 3):
                for y0 in range(-44, 40, 9):
                    e.line([(cx + x, cy + y0), (cx + x + 1, cy + y0 + 6)], fill=INK, width=1)
        elif hid in LETTERED:  # a word of engraved capitals, 14 px tall, thick strokes
            for k in range(5):
                lx = cx - 38 + 16 * k
                e.rectangle([lx, cy - 10, lx + 3, cy + 10], fill=INK)
                e.rectangle([lx, cy - 10, lx + 11, cy - 7], fill=INK)
                e.rectangle([lx + 8, cy - 10, lx + 11, cy + 10], fill=INK)
                e.rectangle([lx, cy + 7, lx + 11, cy + 10], fill=INK)
        else:  # elsewhere a light scatter of the engraving (fields' dots)
            for _ in range(40):
                x, y = rng.uniform(-36, 36, 2)
                e.point((cx + x, cy + y), fill=INK)
        if hid in BOUNDED:  # a dashed boundary across the hex
            for x in range(-44, 40, 10):
                e.line([(cx + x, cy + x * 0.3), (cx + x + 6, cy + (x + 6) * 0.3)], fill=BOUNDARY, width=2)
        mask = Image.new("L", im.size, 0)
        ImageDraw.Draw(mask).polygon(lay.corners(h), fill=255)
        im.paste(engraved, (0, 0), mask)
        n = TOWNS.get(hid, FEW.get(hid, 0))
        spots = [(-26, -20), (0, -24), (-22, 2), (6, -2), (-8, 18), (16, 16), (20, -14)]
        for gx, gy in spots[:n]:  # a house: a red roof 10 x 8 px in a dark outline
            d.rectangle([cx + gx, cy + gy, cx + gx + 10, cy + gy + 8], fill=ROOF, outline=WALL)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(170, 170, 170))
    a = np.asarray(im, np.float32) + np.random.default_rng(5).normal(0, 2.0, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0303", "0802"]}, "town": {"hexes": sorted(TOWNS)}}}


def _want(grid: Grid) -> dict[str, str]:
    return {grid.id(h): "town" if grid.id(h) in TOWNS or grid.id(h) in FEW else "open" for h in grid.hexes()}


def _read(monkeypatch, read_back: bool, blobs: bool) -> tuple[dict[str, str], dict[str, str | None]]:
    """The board's classes and grounds, with or without the read-back; ``blobs``: with the marks' reading refusing
    the roofs, so that the blob reading (blobs.py: the largest part of the roofs' red) learns the town, as on
    Waterloo Campaign 1815 (where the marks' guard refuses its houses)."""
    monkeypatch.setattr(ex, "READ_BACK", read_back)
    if blobs:
        monkeypatch.setattr(ex, "learn_marks", lambda *a, **k: [])
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False).hexes
    return {h: r.terrain or "" for h, r in got.items()}, {h: r.ground for h, r in got.items()}


@pytest.mark.parametrize("blobs", [False, True], ids=["marks", "blobs"])
def test_a_dark_open_hex_without_houses_is_read_back_to_open(monkeypatch, blobs):
    got, ground = _read(monkeypatch, True, blobs)
    assert got == _want(_board()[1])
    # read back with the ground their colour was read as (their lines are read as before); the towns keep the open
    # ground their houses stand on
    assert {h for h, g in ground.items() if g == "town"} == HATCHED
    assert {h for h, g in ground.items() if g == "open"} == set(FEW) | set(TOWNS)


@pytest.mark.parametrize("blobs", [False, True], ids=["marks", "blobs"])
def test_without_the_read_back_the_hatched_hexes_read_town(monkeypatch, blobs):
    # the old reading: the town's colour reads every densely hatched hex town (the lettered ones stay open here by
    # their share of paper), and the houses only add the small towns
    got, _ = _read(monkeypatch, False, blobs)
    want = _want(_board()[1])
    assert {h for h in got if got[h] != want[h]} == HATCHED
    assert {h for h in FEW if got[h] == "town"} == set(FEW)


def test_read_back_to_the_ground_the_symbols_are_printed_on():
    """review38 RB1: a hex read back (no house part) goes to the ground the class's examples print their symbols on,
    not to its next class by colour, which may be a class of a few pixels: a hatched open hex holding a small pond of
    a third class (water, 4.5% of the hex) read water at confidence 0.045, unlisted; it is open."""
    im, grid = _board()
    lay = grid.layout
    d = ImageDraw.Draw(im)
    for hid in ("0806", "0706", "0805"):
        d.polygon(lay.corners(grid.hex(hid)), fill=(60, 100, 190))
    x, y = lay.hex_to_pixel(grid.hex("0404"))
    d.ellipse([x + 8, y + 3, x + 30, y + 25], fill=(60, 100, 190))
    leg = _legend()
    leg["terrain"]["water"] = {"hexes": ["0806", "0706", "0805"]}
    r = ex.extract(im, grid, leg, features=False).hexes["0404"]
    assert r.fractions["water"] > r.fractions["open"]
    assert (r.terrain, r.ground) == ("open", "town")


def test_read_back_where_the_ground_is_no_share_of_the_hex():
    """A hex read as the town by colour, holding no house, and none of it the open ground the town's examples print
    their houses on (a hex filled with the town examples' own mean colour): the ground cannot be read back to (none of
    the hex is of it), so the hex is read as its colours say - the read-back asked the ground's share and stopped the
    whole extraction with KeyError (The Longest Day's majority legends, found by the whole bench)."""
    im, grid = _board()
    lay = grid.layout
    a = np.asarray(im)
    m = Image.new("L", im.size, 0)
    for hid in TOWNS:
        ImageDraw.Draw(m).polygon(lay.corners(grid.hex(hid)), fill=255)
    mean = tuple(np.rint(a[np.asarray(m) > 0].mean(axis=0)).astype(int).tolist())
    cx, cy = lay.hex_to_pixel(grid.hex("0404"))
    grown = [(cx + 1.2 * (x - cx), cy + 1.2 * (y - cy)) for x, y in lay.corners(grid.hex("0404"))]
    ImageDraw.Draw(im).polygon(grown, fill=mean)  # the hex and its rim, so no block of it holds the paper
    r = ex.extract(im, grid, _legend(), features=False).hexes["0404"]
    assert "open" not in r.fractions
    assert r.terrain == "town"
