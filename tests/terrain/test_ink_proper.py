"""A lone black line (a railway drawn as a ladder of two rails and ties, in the ink of the hex lines and names) on a
digital map whose mountain texture holds dark blotches, and whose names are bold black lettering: lines.py
ink_crossings, ink notes 17 (David Rodal's New Manchuria 1976: the railway read on 734 sides of the sheet outside the
blind region, 133 of them its own)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from toolkit.hexgrid import Grid
from toolkit.terrain.extract import extract

from .drawn import blank_board

BLACK = (0, 0, 0)
CLEAR = (247, 220, 142)  # New Manchuria's pale yellow
ROCK = (150, 133, 101)  # the mountain texture's light brown
BLOTCH = (88, 77, 55)  # its dark blotches: about L* 33, chroma 14 - within the ink's tolerance, not the ink proper
MOUNTAIN = {f"{c:02d}{r:02d}" for c in range(4, 8) for r in range(1, 9)}
RAILWAY = [f"02{r:02d}" for r in range(1, 9)]  # down column 02, on clear ground: the marked sides
OVER_ROCK = [f"05{r:02d}" for r in range(2, 8)]  # down column 05, over the mountain
NAMED = ("0903", "0905")
BLUR, SHARE = 3.0, 0.4  # a bold name across each of these hexes' bottom sides


def _ladder(d: ImageDraw.ImageDraw, x: float, y0: float, y1: float) -> None:
    """A railway down x from y0 to y1: two 1 px rails 4 px apart, 2 px ties between them every 5 px (narrow across a
    side: ink notes 13's span, for a broad line, is not read)."""
    for dx in (-2, 2):
        d.line([(x + dx, y0), (x + dx, y1)], fill=BLACK, width=1)
    y = y0 + 2
    while y < y1 - 1:
        d.line([(x - 2, y), (x + 2, y)], fill=BLACK, width=2)
        y += 5


def _board() -> tuple[Image.Image, Grid]:
    """10 x 8 hexes of 32 px: clear, and columns 04-07 a brown rock texture strewn with dark blotches (ellipses 14-22
    px long, 5-8 px wide, any way round); the black ladder of RAILWAY down column 02 and of OVER_ROCK down column 05;
    bold black lettering (5 px strokes, a name's letters) across the bottom sides of NAMED; the hex lines black, drawn
    last."""
    lay, grid, im, d = blank_board(10, 8, size=32.0, origin=(40.0, 40.0), image=(520, 520), paper=CLEAR, ink=None)
    rng = np.random.default_rng(46)
    for h in grid.hexes():
        if grid.id(h) in MOUNTAIN:
            d.polygon(lay.corners(h), fill=ROCK)
    rock = Image.new("L", im.size, 0)
    dr = ImageDraw.Draw(rock)
    for h in grid.hexes():
        if grid.id(h) in MOUNTAIN:
            dr.polygon(lay.corners(h), fill=255)
    # the blotches: a smooth random field (noise blurred by BLUR px) above its SHARE quantile - irregular patches,
    # joined here and there, as a photograph of rock
    noise = Image.fromarray((rng.random((im.height, im.width)) * 255).astype(np.uint8)).filter(
        ImageFilter.GaussianBlur(BLUR))
    field = np.asarray(noise, np.float32)
    blot = np.where(field > np.quantile(field, 1 - SHARE), 255, 0).astype(np.uint8)
    im.paste(Image.new("RGB", im.size, BLOTCH), (0, 0), Image.fromarray(blot & np.asarray(rock)))
    d = ImageDraw.Draw(im)
    for line in (RAILWAY, OVER_ROCK):
        (x, y0), (_, y1) = lay.hex_to_pixel(grid.hex(line[0])), lay.hex_to_pixel(grid.hex(line[-1]))
        _ladder(d, x, y0, y1)
    for hid in NAMED:
        h = grid.hex(hid)
        cx, cy = lay.hex_to_pixel(h)
        side = cy + 27.7  # the bottom side
        for k in range(4):  # four letters, an upright N-like shape each, 11 px apart
            x0 = cx - 22 + 11 * k
            d.line([(x0, side - 9), (x0, side + 9)], fill=BLACK, width=5)
            d.line([(x0, side - 9), (x0 + 7, side + 9)], fill=BLACK, width=5)
            d.line([(x0 + 7, side - 9), (x0 + 7, side + 9)], fill=BLACK, width=5)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=BLACK)
    return im, grid


def _legend() -> dict[str, object]:
    """The railway the only line, black, marked at three of its sides on the clear."""
    return {"terrain": {"clear": {"hexes": ["0101", "0806", "0308"]},
                        "mountain": {"hexes": ["0401", "0603", "0708"]}},
            "features": {"rail": {"colour": "#000000", "kind": "across", "trace": True,
                                  "yes": [f"{a}/{b}" for a, b in list(pairwise(RAILWAY))[1:4]]}}}


def _lettered(grid: Grid) -> set[str]:
    """The hexes of columns 08-10, where the names are printed (no railway)."""
    return {grid.id(h) for h in grid.hexes() if int(grid.id(h)[:2]) >= 8}


def _found(ext: object, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}  # type: ignore[attr-defined]


def test_a_texture_of_ink_dark_blotches_is_no_railway():
    """The railway is the only line in the ink; the mountain's blotches lie within the ink's tolerance (46 Delta E
    of black) and run straight as far as a line, but hardly a pixel of them is the ink proper, where the railway's
    rails and ties are all of it: no mountain side but the railway's own is taken for it (ink notes 17)."""
    im, grid = _board()
    rail = _found(extract(im, grid, _legend()), "rail")
    theirs = {grid.side_key(a, b) for line in (RAILWAY, OVER_ROCK) for a, b in pairwise(line)}
    rock = {k for k in rail if set(k.split("/")) & MOUNTAIN}
    assert rock <= theirs


def test_the_railway_over_the_blotches_is_read_in_the_ink_proper():
    """Over the mountain the blotches about the railway fill the band with the ink's tolerance (an area, no line),
    and the ladder's own rails and ties, the ink proper, still run straight across each side: read so, every side of
    the railway over the rock is found (ink notes 17)."""
    im, grid = _board()
    rail = _found(extract(im, grid, _legend()), "rail")
    assert {grid.side_key(a, b) for a, b in pairwise(OVER_ROCK)} <= rail


def test_bold_lettering_thicker_than_the_rails_is_no_railway():
    """A name's letters, 5 px strokes of the ink proper, cross the sides about the bottom of NAMED as straight as a
    line; the railway's strokes where marked are a pixel or two: the letters' solid ink is no stroke of it, and
    without it nothing crosses those sides (ink notes 17)."""
    im, grid = _board()
    rail = _found(extract(im, grid, _legend()), "rail")
    assert not {k for k in rail if set(k.split("/")) & _lettered(grid)}
    assert {grid.side_key(a, b) for a, b in pairwise(RAILWAY)} <= rail


def test_the_rules_off_read_the_blotches_and_letters_as_before(monkeypatch):
    """With INK_PROPER off (the rules of ink notes 17 not read) the same board's blotches and letters cross sides as
    the railway: what the tests above guard against."""
    from toolkit.terrain import lines

    monkeypatch.setattr(lines, "INK_PROPER", False)
    im, grid = _board()
    rail = _found(extract(im, grid, _legend()), "rail")
    theirs = {grid.side_key(a, b) for line in (RAILWAY, OVER_ROCK) for a, b in pairwise(line)}
    assert len({k for k in rail if set(k.split("/")) & MOUNTAIN} - theirs) >= 3
    assert {k for k in rail if set(k.split("/")) & _lettered(grid)}
