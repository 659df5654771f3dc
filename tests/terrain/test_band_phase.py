"""A hexside's band is read the same wherever the map's region begins (extract_sides._boxed). The bands are sampled on
the scale of f-pixel blocks (hexes of 54 px or more: 2 px); they were read on the scan reduced from the region's
corner, so a line a few pixels wide filled a block at one pixel phase of the corner and was mixed with the paper at
another, and every score and everything learned from marked sides moved with it (on SPI Ragnarok the river, wall and
gates flipped with the corner's phase, 73 or 74 of 74, 19 or 20 of 20, 2 or 3 of 3; a user's Afrika legend learned its
track's tolerance 20 or 34 and found 1 or 34 of its 39 sides). Now each sample is the mean of the f x f pixels about
it: a pixel's shift of the region moves every sample with the map. Here a 3 px river on 60 px hexes: the old code
scored its slanted sides 0.875-0.958 or 0.917-1.0 as the corner moved by a pixel; now 1.0 at every phase."""

from __future__ import annotations

import pytest

import toolkit.terrain.extract as ex

from .drawn import blank_board

SIZE = 60.0  # px: bands read at 2 px blocks (size // 27)
RIVER = ["0202/0203", "0203/0303", "0303/0304", "0304/0404", "0404/0405", "0405/0505"]


def _board():
    lay, grid, im, d = blank_board(8, 6, size=SIZE, origin=(70.3, 80.6), image=(820, 740), paper=(244, 238, 214),
                                   ink=(60, 60, 60))
    for key in RIVER:
        a, b = (grid.hex(h) for h in key.split("/"))
        (x0, y0), (x1, y1) = lay.hexside_endpoints(next(sd for sd in grid.hexsides() if {sd.a, sd.b} == {a, b}))
        d.line([(x0, y0), (x1, y1)], fill=(40, 110, 200), width=3)  # a 3 px river on the hexside
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0101", "0606", "0801"]}},
            "features": {"river": {"colour": "#286ec8", "kind": "along"}}}


@pytest.mark.parametrize("shift", [1, 2, 3])
def test_a_thin_river_reads_the_same_at_every_phase_of_the_regions_corner(monkeypatch, shift):
    im, grid = _board()
    base = ex.extract(im, grid, _legend())
    assert {k for k, v in base.hexsides.items() if "river" in v} == set(RIVER)
    # the region's corner moved by ``shift`` px on both axes (its margin widened): the bands' blocks fall elsewhere
    monkeypatch.setattr(ex, "REGION_MARGIN", ex.REGION_MARGIN + shift / SIZE)
    moved = ex.extract(im, grid, _legend())
    assert moved.side_scores == base.side_scores
    assert moved.hexsides == base.hexsides


@pytest.mark.parametrize("f", [2, 16, 17, 40])
def test_a_band_sample_is_the_mean_of_its_blocks_pixels_at_any_block_size(f):
    """extract_sides._boxed sums a sample's f x f pixels: in uint16 a white block of f = 17 (hexes of ~460 px, a big
    map scanned at 400-600 dpi) wrapped to (28, 28, 28). Exact means at every size, uneven pixels included."""
    import numpy as np

    from toolkit.terrain.extract_sides import _boxed

    full = np.full((3 * f, 3 * f, 3), 255, np.uint8)
    full[f:2 * f, f:2 * f] = (10, 128, 250)
    full[f, f] = (0, 0, 0)  # one dark pixel in the middle block
    xs, ys = np.array([0.0, 1.0, 2.0]), np.array([0.0, 1.0, 1.0])
    got = _boxed(full, f, xs, ys)
    n = f * f
    middle = [round(((n - 1) * c) / n) for c in (10, 128, 250)]
    assert got.tolist() == [[255, 255, 255], middle, [255, 255, 255]]
