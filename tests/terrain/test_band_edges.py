"""A line drawn in a lighter version of another line's colour, next to that line, is that line's edge (extract_sides,
band notes 2): RBM Studio's Waterloo prints its rivers as a wide dark-blue band edged in white, and the blend of the
two along the band's edges is its streams' light blue - where the river winds across a side, or turns off its side near
a corner, its edge crossed the side as a stream (the old code read 4 such sides on the board below, 10 in Waterloo's
blind region 1). Drawn as a render is: at three times the size, reduced (the edges blend)."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np

from toolkit.hexgrid import Grid, Layout
from toolkit.terrain.colour import rgb_to_lab

from .drawn import blank_board

SIZE = 54.0  # px: the bands read on 2-pixel blocks, as Waterloo's 68 px hexes
K = 3  # drawn at this many times the size, then reduced
W, H = 760, 640
PAPER = (216, 206, 190)
HEX_LINE = (150, 140, 128)
RIVER = (24, 114, 181)
STREAM = (15, 175, 220)
LEGEND = {"terrain": {"open": "#d8cebe"}, "features": {
    "river": {"colour": "#1872b5", "kind": "along", "yes": ["0104/0204", "0204/0205", "0204/0304"]},
    "stream": {"colour": "#0fafdc", "kind": "across", "yes": ["0501/0502", "0502/0503", "0503/0504"]}}}

Point = tuple[float, float]


def crossed(grid: Grid, lay: Layout, lines: list[list[Point]]) -> set[str]:
    """The sides the polylines ``lines`` cross (where a segment of one meets a side)."""
    out = set()
    for sd in grid.hexsides():
        (ax, ay), (bx, by) = lay.hexside_endpoints(sd)
        for pts in lines:
            for (px, py), (qx, qy) in pairwise(pts):
                den = (bx - ax) * (qy - py) - (by - ay) * (qx - px)
                if abs(den) < 1e-9:
                    continue
                t = ((px - ax) * (qy - py) - (py - ay) * (qx - px)) / den
                u = ((px - ax) * (by - ay) - (py - ay) * (bx - ax)) / den
                if 0 <= t <= 1 and 0 <= u <= 1:
                    out.add(grid.side_key(grid.id(sd.a), grid.id(sd.b)))
    return out


def rendered(lines: list[tuple[list[Point], tuple[int, int, int], float, float]]):
    """An 8 x 6 board of Waterloo's beige with its grey hex lines and ``lines`` (points, colour, width and white edge
    in hex sizes), drawn at K times the size and reduced: the layout, grid and picture."""
    from PIL import Image, ImageDraw

    lay, grid, _, _ = blank_board(columns=8, rows=6, size=SIZE, origin=(50.0, -40.0), image=(W, H), ink=None)
    big = Image.new("RGB", (W * K, H * K), PAPER)
    d = ImageDraw.Draw(big)
    for h in grid.hexes():
        ring = [(x * K, y * K) for x, y in lay.corners(h)]
        d.line([*ring, ring[0]], fill=HEX_LINE, width=K)
    for pts, colour, width, edge in lines:
        big_pts = [(x * K, y * K) for x, y in pts]
        d.line(big_pts, fill=(255, 255, 255), width=round((width + 2 * edge) * SIZE * K), joint="curve")
        d.line(big_pts, fill=colour, width=round(width * SIZE * K), joint="curve")
    return lay, grid, big.resize((W, H), Image.BOX)


def _board():
    lay, grid, _, _ = blank_board(columns=8, rows=6, size=SIZE, origin=(50.0, -40.0), image=(W, H), ink=None)
    # the river: along three sides of 0204 (its marked sides), then winding east across the hexes
    on = lay.corners(grid.hex("0204"))
    x0, y0 = on[0]
    river = [on[3], on[4], on[5], on[0]] + [(x0 + i * 7.0, y0 + 0.55 * SIZE * math.sin(i * 7.0 / (1.3 * SIZE)))
                                            for i in range(1, 70)]
    # two streams running into it: one from the north (its marked sides), one from the south
    streams = []
    for top, end, sign, off in (("0501", "0504", 1, -0.7), ("0606", "0604", -1, 0.6)):
        (sx, sy), (ex, ey) = lay.hex_to_pixel(grid.hex(top)), lay.hex_to_pixel(grid.hex(end))
        sy += off * SIZE
        streams.append([(sx + (ex - sx) * i / 40 + sign * 0.25 * SIZE * math.sin(i / 3), sy + (ey - sy) * i / 40)
                        for i in range(41)])
    _, _, im = rendered([(river, RIVER, 0.3, 0.05)] + [(s, STREAM, 0.07, 0.03) for s in streams])
    return grid, im, crossed(grid, lay, streams)


def test_the_rivers_white_edge_is_no_stream():
    from toolkit.terrain.extract import extract

    grid, im, streams = _board()
    # the two streams cross five sides, three of them marked, two of them next to the river where they run into it
    assert streams == {"0501/0502", "0502/0503", "0503/0504", "0604/0605", "0605/0606"}
    ext = extract(im, grid, LEGEND)
    found = {k for k, v in ext.hexsides.items() if "stream" in v}
    # the old code: the same five and 0104/0204, 0204/0304 (the river turning off its marked sides near their corners)
    # and 0604/0703, 0703/0804 (winding across them)
    assert found == streams


def test_a_lighter_version():
    """The premise, on the colours: the stream's light blue is the river's dark blue a third white (14 Delta E off,
    tolerance 20); an ochre wall's yellow road (SPI Ragnarok) is nearest the wall's colour unmixed; a colour is no
    lighter version of one of another hue, nor within a tolerance that does not reach the mix."""
    from toolkit.terrain.extract_sides import _lighter_version

    def lab(c):
        return np.asarray(rgb_to_lab(np.asarray(c, np.float64)), np.float64)

    assert _lighter_version(lab(STREAM), lab(RIVER), 20.0)
    assert not _lighter_version(lab(STREAM), lab(RIVER), 12.0)
    assert not _lighter_version(lab(RIVER), lab(STREAM), 20.0)  # darker: no mix with white reaches it
    assert not _lighter_version(lab((0xE8, 0xB8, 0x36)), lab((0xC0, 0xA0, 0x40)), 22.0)
    assert not _lighter_version(lab((230, 120, 120)), lab(RIVER), 20.0)  # a pink beside a blue
