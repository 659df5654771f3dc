"""Lines drawn as a fill between two dark rims (lines.py, traced notes 16): GMT Next War: Korea's grey road between
two black rims, its cream trail between two dashed rims, its red highway between dark rims. The road's grey is also
the shaded relief's and the trail's cream is near the tan ground's: read by its colour alone, the road is an area over
the relief and found at none of its marked sides, the trail is found on the ground everywhere. Read as the fill
between two rims learned from the marked sides (rim darkness, the gap between the rims), each is found where it runs,
and the fill's colour still tells road from trail from highway."""

from __future__ import annotations

import dataclasses
import random
from itertools import pairwise

import numpy as np
import pytest
from PIL import Image, ImageFilter

from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

TAN = (226, 222, 186)  # the ground, near the trail's cream
RELIEF = ((177, 174, 126), (164, 159, 128), (150, 146, 112))  # the relief's olive, the road's grey among them
RIM = (45, 42, 20)
HEX_LINE, HEX_WIDTH = (50, 46, 24), 3
ROAD_FILL = (164, 159, 128)
TRAIL_FILL = (240, 236, 200)
HIGHWAY_FILL = (187, 92, 91)
ROAD = ["0102", "0202", "0302", "0402", "0502", "0602"]
TRAIL = ["0104", "0204", "0304", "0404", "0504", "0604"]
HIGHWAY = ["0701", "0702", "0703", "0704", "0705"]
LOWLAND = (242, 238, 204)  # the cream ground, the trail's own fill
FLATS = {f"{c:02d}{r:02d}" for c in (1, 2) for r in (3, 4, 5)}
HILLS = {f"{c:02d}{r:02d}" for c in (4, 5) for r in (1, 2, 3)}


def _board(fill: int = 5, size: float = 80.0):
    """The board, its hexes ``size`` px (the map printed or scanned larger: the lines ``fill`` px as given)."""
    k = size / 80.0
    lay, grid, im, d = blank_board(7, 5, size=size, origin=(-40.0 * k, -60.0 * k), image=(round(900 * k),
                                   round(860 * k)), paper=TAN, ink=None)
    rng = random.Random(5)
    for h in grid.hexes():
        if grid.id(h) in FLATS:
            d.polygon(lay.corners(h), fill=LOWLAND)
        if grid.id(h) in HILLS:  # shaded relief: patches of olive, some in the road's own grey
            d.polygon(lay.corners(h), fill=RELIEF[0])
            cx, cy = lay.hex_to_pixel(h)
            for _ in range(45):
                x, y, r = cx + rng.uniform(-60, 60) * k, cy + rng.uniform(-55, 55) * k, rng.uniform(12, 28) * k
                d.ellipse([x - r, y - r, x + r, y + r], fill=rng.choice(RELIEF[1:]))
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=HEX_LINE, width=HEX_WIDTH)
    centres = {p: [lay.hex_to_pixel(grid.hex(i)) for i in p] for p in map(tuple, (ROAD, TRAIL, HIGHWAY))}
    # the road and the highway: a dark line 4 px wider than the fill over it (``fill`` px; rims of 2 px)
    for path, colour in ((tuple(ROAD), ROAD_FILL), (tuple(HIGHWAY), HIGHWAY_FILL)):
        d.line(centres[path], fill=RIM, width=fill + 4, joint="curve")
        d.line(centres[path], fill=colour, width=fill, joint="curve")
    # the trail: its rims dashed (10 px dashes every 16 px), the cream fill between them
    dashed(d, centres[tuple(TRAIL)], (80, 76, 40), fill + 4, dash=10, period=16)
    d.line(centres[tuple(TRAIL)], fill=TRAIL_FILL, width=fill, joint="curve")
    # printed and scanned: edges blended, a scanner's noise
    a = np.asarray(im.filter(ImageFilter.GaussianBlur(0.6)), dtype=np.float64)
    a += np.random.default_rng(5).normal(0.0, 1.5, a.shape)
    return grid, Image.fromarray(np.clip(np.rint(a), 0, 255).astype(np.uint8))


def _links(grid, path: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(path)}


def _found(rims: bool = True, scale: float = 1.0, fill: int = 5, size: float = 80.0
           ) -> tuple[object, dict[str, set[str]]]:
    from toolkit.terrain import lines

    grid, im = _board(fill, size)
    if scale != 1.0:  # the board scanned at another resolution: the image resampled, the grid with it
        im = im.resize((round(im.width * scale), round(im.height * scale)), Image.Resampling.LANCZOS)
        grid = dataclasses.replace(grid, layout=grid.layout.scaled(scale))
    legend = {"terrain": {"clear": {"hexes": ["0101", "0103", "0305"]}, "hills": {"hexes": ["0401", "0403", "0501"]},
                          "lowland": {"hexes": ["0103", "0105", "0205"]}},
              "features": {
                  "road": {"colour": "#a49f80", "kind": "across", "trace": True, "mask": False,
                           "yes": [grid.side_key("0402", "0502"), grid.side_key("0502", "0602")]},
                  "trail": {"colour": "#f0ecc8", "kind": "across", "trace": True, "mask": False,
                            "yes": [grid.side_key("0104", "0204"), grid.side_key("0404", "0504")]},
                  "highway": {"colour": "#bb5c5b", "kind": "across", "trace": True,
                              "yes": [grid.side_key("0701", "0702"), grid.side_key("0703", "0704")]}}}
    old = getattr(lines, "RIMS", True)
    lines.RIMS = rims
    try:
        ext = extract(im, grid, legend)
    finally:
        lines.RIMS = old
    found: dict[str, set[str]] = {}
    for k, v in ext.hexsides.items():
        for name in v:
            found.setdefault(name, set()).add(k)
    return grid, found


@pytest.mark.parametrize("scale", [0.6, 1.0, 1.5])
def test_lines_between_rims_are_read_by_their_rims(scale):
    """The road, the trail and the highway exactly: each one's links and nothing else, at the board's size and at 0.6
    and 1.5 of it (the hex at the finer scale 48, 80 and 120 px). The rims' slack and clearance are shares of the hex
    size: in pixels (1.5 and 2, the old code) the trail at 0.6, its fill 3 px between rims of a pixel and a half, had
    no pixel 2 px clear of both rims and was found on 3 of its 5 links."""
    grid, found = _found(scale=scale)
    assert found.get("road", set()) == _links(grid, ROAD)
    assert found.get("trail", set()) == _links(grid, TRAIL)
    assert found.get("highway", set()) == _links(grid, HIGHWAY)


def test_read_by_their_colour_alone_they_are_not(monkeypatch):
    """With the rim reading off (the old code): the trail is found nowhere (its marked side on the cream ground is an
    area of its colour) and the road over the relief is missed, its colour read on the trail's edges instead - where
    the trail's dashed rims blend into specks of the road's colour (traced notes 26 off: b739b42's reading)."""
    from toolkit.terrain import lines

    monkeypatch.setattr(lines, "SPECKS", False)
    grid, found = _found(rims=False)
    assert found.get("trail", set()) == set()
    assert found.get("road", set()) == {grid.side_key("0102", "0202"), grid.side_key("0202", "0302"),
                                        grid.side_key("0502", "0602"), grid.side_key("0104", "0204"),
                                        grid.side_key("0204", "0304"), grid.side_key("0304", "0404")}


def test_read_by_their_colour_alone_the_trail_s_edges_are_specks():
    """The same with traced notes 26: the road read by its colour (solid at one marked side, not at the other) no
    longer takes the trail's rims' blended edges - parts of its colour shorter than it is wide - for it on the three
    sides of the trail's path; the road over the relief is still missed (the rims read it)."""
    grid, found = _found(rims=False)
    assert found.get("trail", set()) == set()
    assert found.get("road", set()) == {grid.side_key("0102", "0202"), grid.side_key("0202", "0302"),
                                        grid.side_key("0502", "0602")}


def _rim_gaps_by_steps(dark, most, clear=1):
    """The rims' gaps searched step by step from every pixel (the first code of lines._rim_gaps, 88aa8eb)."""
    import math

    from toolkit.terrain.lines import _shifted_slices

    best = np.full(dark.shape, np.inf, np.float32)
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        step = math.hypot(dy, dx)
        cap = int(most / step)
        if cap < 1:
            continue
        fwd = np.full(dark.shape, cap + 1, np.int16)
        bwd = np.full(dark.shape, cap + 1, np.int16)
        for k in range(cap, 0, -1):  # the nearest last: it stands
            got = _shifted_slices(dark.shape, k * dy, k * dx)
            if got is not None:
                to, fr = got
                fwd[to][dark[fr]] = k
            got = _shifted_slices(dark.shape, -k * dy, -k * dx)
            if got is not None:
                to, fr = got
                bwd[to][dark[fr]] = k
        run = (fwd + bwd - 1).astype(np.float32) * step
        ok = (fwd <= cap) & (bwd <= cap) & (fwd >= clear) & (bwd >= clear) & ~dark
        np.minimum(best, np.where(ok & (run <= most), run, np.inf), out=best)
    return best


def test_rim_gaps_as_searched_step_by_step():
    """lines._rim_gaps reads each line's runs from its dark pixels in order; the gaps are exactly those of the search
    step by step from every pixel it replaced: on random masks of every density and shape (one row, one column,
    the image's edges), every most and clearance, and on the drawn board's rims."""
    from toolkit.terrain.colour import lab_table, rgb_codes
    from toolkit.terrain.lines import _rim_gaps

    rng = np.random.default_rng(14)
    for _ in range(1500):
        h, w = (int(v) for v in rng.integers(1, 40, 2))
        dark = rng.random((h, w)) < rng.random()
        most = float(rng.uniform(0.0, 20.0)) if rng.random() < 0.8 else np.float64(rng.uniform(0.0, 20.0))
        clear = int(rng.integers(0, 4))
        assert np.array_equal(_rim_gaps(dark, most, clear), _rim_gaps_by_steps(dark, most, clear)), (h, w, most, clear)
    _grid, im = _board()
    dark = lab_table()[0][rgb_codes(np.asarray(im.convert("RGB")))] < 60.0
    for most, clear in ((12.8, 1), (7.5, 2), (5.5, 3)):
        assert np.array_equal(_rim_gaps(dark, most, clear), _rim_gaps_by_steps(dark, most, clear))


def test_the_clearance_from_the_rims_is_a_pixel_at_any_hex_size(monkeypatch):
    """review35 C7: a fill's pixel touching a rim is their blend, and that blend is made by the pixel grid (a sensor's
    or a reduction's pixel averaging both inks), a pixel wide whether the hexes are 80 or 120 px: the pixel touching
    each rim is left out (clearance 2) at both sizes - the old clearance, 2/80 of the hex, was 3 px at 120 px hexes
    (1.5x Next War: Korea's: 2 more false trail links there) - and none is where the fill would keep fewer pixels clear
    of both blends than the blends take (a gap of 3 px: clearance 1). Each line is still read exactly."""
    from toolkit.terrain import lines

    got: list[int] = []
    real = lines._rims

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        r = real(*args, **kwargs)
        if r is not None:
            got.append(r[3])
        return r

    monkeypatch.setattr(lines, "_rims", spy)
    for size in (80.0, 120.0):
        got.clear()
        grid, found = _found(size=size)
        assert got and set(got) == {2}, (size, got)
        for name, path in (("road", ROAD), ("trail", TRAIL), ("highway", HIGHWAY)):
            assert found.get(name, set()) == _links(grid, path), (size, name)
    got.clear()
    _found(size=120.0, fill=3)
    assert 1 in got
