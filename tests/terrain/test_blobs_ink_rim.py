"""A symbol's part is made of its colour off ink's rim (blobs notes 1): a digital map draws its black print
anti-aliased, so the pixels round a railway's ties and a label's letters are the ink blended with the ground under
them, and black blended with a light ground is a dark colour of that ground's hue - the colour of a class printed as
dark blotches or symbols over it. New Manchuria 1976 (user44): its mountain texture's dark brown is black blended
with the clear's beige, and a label or a railway through a clear hex's centre made it mountain "by a symbol's part"
(1921, 2124, 2125 of the studied region; six clear hexes of the sheet). Here: dark olive huts (the blend of black
and the high ground's olive, solid, no outline) over the olive and the draw, a railway and a bar of lettering drawn
black, anti-aliased, through the centres of olive and draw hexes with no hut."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from toolkit.hexgrid import Grid
from toolkit.terrain import blobs

from .drawn import blank_board

OLIVE = (199, 206, 174)  # the high ground
DRAW = (226, 223, 213)  # the draw's pale grey
HUT = tuple(round(0.45 * c) for c in OLIVE)  # black blended with the olive: L* ~40, over the ink lightness (35)
TOWNS = {"0202": OLIVE, "0304": OLIVE, "0503": DRAW}  # the legend's examples of huts
FEW = {"0102": 1, "0302": 1, "0402": 1, "0604": 2}  # one or two huts: the class
INKED = ("0204", "0206", "0405", "0602")  # a railway or lettering through the centre, no hut: their ground
UP = 4  # the ink drawn at UP times the scale and reduced: anti-aliased, as a digital map's


def _ground(hid: str) -> tuple[int, int, int]:
    return OLIVE if int(hid[:2]) <= 3 else DRAW


def _board() -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=50.0, origin=(60.0, 60.0), image=(700, 640), paper=OLIVE, ink=None)
    for h in grid.hexes():
        d.polygon(lay.corners(h), fill=_ground(grid.id(h)))
    for h in grid.hexes():
        hid = grid.id(h)
        cx, cy = lay.hex_to_pixel(h)
        if hid in TOWNS:
            for k, (gx, gy) in enumerate(((-24, -20), (2, -22), (-20, 2), (6, 0), (-8, 18), (14, 16))):
                d.rectangle([cx + gx, cy + gy, cx + gx + 9 + k % 3 * 2, cy + gy + 7 + k % 2 * 3], fill=HUT)
        elif hid in FEW:
            for gx, gy in ((-12, -10), (6, 8))[:FEW[hid]]:
                d.rectangle([cx + gx, cy + gy, cx + gx + 10, cy + gy + 8], fill=HUT)
    # the black print, drawn large on a mask and reduced: its rim pixels are black blended with the ground
    ink = Image.new("L", (im.width * UP, im.height * UP), 0)
    di = ImageDraw.Draw(ink)
    for hid in INKED:
        cx, cy = (v * UP for v in lay.hex_to_pixel(grid.hex(hid)))
        if hid in ("0204", "0405"):  # a railway down through the centre, aslant: two rails and their ties
            for dx in (-5, 5):
                di.line([(cx + dx * UP - 12 * UP, cy - 45 * UP), (cx + dx * UP + 12 * UP, cy + 45 * UP)], fill=255,
                        width=round(1.5 * UP))
            for t in range(-40, 41, 9):
                x = cx + t * UP * 12 / 45
                di.line([(x - 8 * UP, cy + t * UP - 2 * UP), (x + 8 * UP, cy + t * UP + 2 * UP)], fill=255,
                        width=round(1.6 * UP))
        else:  # lettering: heavy strokes across the centre
            for k in range(5):
                x0 = cx - 34 * UP + k * 14 * UP
                di.line([(x0, cy + 9 * UP), (x0 + 5 * UP, cy - 9 * UP)], fill=255, width=4 * UP)
                di.line([(x0 + 5 * UP, cy - 9 * UP), (x0 + 10 * UP, cy + 9 * UP)], fill=255, width=4 * UP)
    # (softened by a pixel, as a map drawn and scaled is: New Manchuria's blends lie 1-2 px round its print)
    cover = np.asarray(ink.reduce(UP).filter(ImageFilter.GaussianBlur(1.0)), np.float32)[..., None] / 255.0
    a = np.asarray(im, np.float32) * (1.0 - cover)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(200, 60, 60))
    lines = np.asarray(im, np.float32)
    red = np.all(lines == np.array((200, 60, 60), np.float32), axis=-1)
    a[red] = lines[red]
    rng = np.random.default_rng(5)
    a = a + rng.normal(0, 1.5, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend() -> dict[str, object]:
    return {"terrain": {"highground": {"hexes": ["0101", "0103", "0305"]},
                        "draw": {"hexes": ["0501", "0606", "0401"]},
                        "huts": {"hexes": sorted(TOWNS)}}}


def _want(grid: Grid) -> dict[str, str]:
    return {grid.id(h): ("huts" if grid.id(h) in TOWNS or grid.id(h) in FEW else
                         "highground" if _ground(grid.id(h)) == OLIVE else "draw") for h in grid.hexes()}


def test_the_rim_of_black_print_is_no_part_of_a_symbol():
    """The huts are learned by their parts (the ink's rim holds none of a hut's size), and a railway or lettering
    through a hex with no hut makes no part: the hexes they cross are their ground (before: each held a part of the
    blend colour over the threshold)."""
    im, grid = _board()
    colours = {"highground": (81.0, -5.0, 14.0), "draw": (89.5, -0.5, 4.5), "huts": (78.0, -5.0, 12.0)}
    ex_hexes = {k: v["hexes"] for k, v in _legend()["terrain"].items()}  # type: ignore[union-attr]
    got = blobs.learn_blobs(im, grid, ex_hexes, colours, [], 35.0)
    assert [b.name for b in got] == ["huts"] and not got[0].spread
    parts = blobs.blob_shares(im, grid, got)[0]
    ids = [grid.id(h) for h in grid.hexes()]
    assert {ids[i] for i in np.flatnonzero(parts >= got[0].threshold)} == set(TOWNS) | set(FEW)
