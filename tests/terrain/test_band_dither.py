"""A scan saved as a palette picture - a GIF, each half of the sheet in its own palette, the tones between its colours
dithered pixel by pixel - has its lines read on the dither smoothed (extract_sides.undithered, band notes 3): each pixel
the mean of its 3 x 3 square's pixels within a coarse palette's step of it, so an ink's edge is not blurred across.
The original 1986 print of GDW's Battle for Moscow, two 256-colour GIF halves stitched (region 2, studied): river 13/36
-> 31/36, rail 17/44 -> 42/44, none false either way.

Drawn here: a grey river along twenty sides and a dark railway across eleven, on cream paper with thin grey hex lines,
the west half dithered in the web's 216 colours, the east half in a coarser palette of five levels a channel. The old
code found 13 of the river's 20 sides and 3 false (its dithered greys beyond the tolerance learned, the hex lines'
dither within it); now all 20 and the 11 railway links, nothing else."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from PIL import Image

from toolkit.terrain import extract_sides as es

from .drawn import blank_board

SIZE = 49.0  # px (the 1986 print's hexes on its scan)
PAPER = (246, 246, 234)
RIVER = (120, 122, 121)
RAIL = (76, 75, 76)
RIVER_PAIRS = [("0102", "0202"), ("0202", "0203"), ("0203", "0303"), ("0303", "0304"), ("0304", "0404"),
               ("0404", "0405"), ("0405", "0505"), ("0505", "0506"), ("0506", "0606"), ("0606", "0607"),
               ("0607", "0707"), ("0707", "0706"), ("0706", "0806"), ("0806", "0805"), ("0805", "0905"),
               ("0905", "0904"), ("0904", "1004"), ("1004", "1003"), ("1003", "1103"), ("1103", "1102")]


def _palette(levels: list[list[int]]) -> Image.Image:
    """A fixed palette picture: every mix of the given channel levels."""
    cols = [(r, g, b) for r in levels[0] for g in levels[1] for b in levels[2]]
    p = Image.new("P", (1, 1))
    p.putpalette([v for c in cols for v in c] + [0] * (768 - 3 * len(cols)))
    return p


def _two_palettes(im: Image.Image) -> Image.Image:
    """``im`` as a stitched GIF scan: the west half dithered in the web's colours, the east half in five levels."""
    w, h = im.size
    out = Image.new("RGB", im.size)
    for x0, x1, levels in ((0, w // 2, [[0, 51, 102, 153, 204, 255]] * 3), (w // 2, w, [[0, 64, 128, 192, 255]] * 3)):
        half = im.crop((x0, 0, x1, h)).quantize(palette=_palette(levels), dither=Image.Dither.FLOYDSTEINBERG)
        out.paste(half.convert("RGB"), (x0, 0))
    return out


def _board():
    lay, grid, im, d = blank_board(12, 7, size=SIZE, origin=(60.0, 50.0), image=(940, 720), paper=PAPER,
                                   ink=(165, 160, 165))
    river = set()
    for a, b in RIVER_PAIRS:
        ha, hb = grid.hex(a), grid.hex(b)
        (x0, y0), (x1, y1) = lay.hexside_endpoints(next(s for s in grid.hexsides() if {s.a, s.b} == {ha, hb}))
        d.line([(x0, y0), (x1, y1)], fill=RIVER, width=4)
        river.add(grid.side_key(a, b))
    row = [f"{c:02d}01" if c % 2 else f"{c:02d}02" for c in range(1, 13)]  # a railway through the first row's hexes
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in row], fill=RAIL, width=5)
    rail = [grid.side_key(a, b) for a, b in pairwise(row)]
    return grid, _two_palettes(im), sorted(river), rail


def test_a_two_palette_gif_scans_river_and_railway():
    from toolkit.terrain.extract import extract

    grid, scan, river, rail = _board()
    legend = {"terrain": {"clear": {"hexes": ["0105", "0604", "1005", "1206"]}},
              "features": {"rail": {"colour": "#4c4b4c", "kind": "across", "trace": True,
                                    "yes": [rail[1], rail[2], rail[8]]},
                           "river": {"colour": "#787a79", "kind": "along",
                                     "yes": [river[2], river[14], river[16]]}}}
    ext = extract(scan, grid, legend)
    # the old code: river 13 of 20 at 13/16, rail 11/11
    assert {k for k, v in ext.hexsides.items() if "river" in v} == set(river)
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == set(rail)


def test_the_dither_is_averaged_and_an_inks_edge_kept():
    # two palette colours 32 apart in each channel, mixed in a checkerboard (the tone between them), beside black
    # letters' ink on the paper
    a = np.zeros((40, 40, 3), np.uint8)
    yy, xx = np.mgrid[0:40, 0:40]
    a[:, :20] = np.where(((yy + xx) % 2 == 0)[:, :20, None], (96, 96, 64), (64, 64, 96))
    a[:, 20:] = PAPER
    a[10:30, 30:34] = (20, 20, 20)
    out = np.asarray(es.undithered(Image.fromarray(a)))
    assert np.abs(out[2:-2, 2:18].astype(int) - (80, 80, 80)).max() <= 4  # the tone, not its two colours
    assert (out[10:30, 30:34] == (20, 20, 20)).all()  # the ink is not mixed with the paper ...
    assert (out[:, 22:29] == PAPER).all() and (out[:, 35:] == PAPER).all()  # ... nor the paper with the ink


@pytest.mark.parametrize("kind", ["flat", "many"])
def test_no_palette_dither_no_change(kind):
    """A drawing saved in a palette (flat areas: the bench's 1993 Battle for Moscow GIF, The Longest Day, Bastogne)
    and a scan of many colours (a JPEG) are read as they are: the same picture back."""
    if kind == "flat":
        _, _, im, d = blank_board(8, 6, size=30.0, image=(400, 400))
        d.line([(0, 100), (400, 120)], fill=(30, 90, 200), width=4)
    else:
        rng = np.random.default_rng(3)
        im = Image.fromarray(rng.integers(0, 256, (200, 300, 3), dtype=np.uint8))
    assert es.undithered(im) is im
