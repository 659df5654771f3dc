"""A solid road cut short by the marks printed over it (Decision Games' D-Day at Omaha Beach: a half-disc fire dot on
the middle of a side, and a zone's thick outline crossing the road a third of a hex before that side, in the hex across
from the dot): the road's own pixels from the outline through the hex line's zone to the dot are a piece shorter than a
line's least reach (``PART``, 0.6 of the hex), so notes 15 found no long part of the road running through the zone under
the dot and the link was refused. Its pieces reach as far as the marks
they run into (traced notes 15): the link is found."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest

from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import ROAD_DOTS as DOTS
from .drawn import ROAD_LEGEND as LEGEND
from .drawn import ROAD_PATH as PATH
from .drawn import road_board, side_dot

OUTLINE = (40, 60, 200)  # a zone's outline crossing the road a third of a hex before each dotted side


def _board(scale: float = 1.0, outline: bool = True):
    lay, grid, im, d, size = road_board(scale)
    for (a, b), colour in DOTS.items():
        # a half-disc on the middle of the side, inside hex b, a quarter of the hex across
        mx, my, ang, _r = side_dot(d, lay, grid, a, b, colour, size)
        if outline:
            # across the road in hex a, 0.35 of the hex from the side (the road from it to the dot: under 0.6 of the
            # hex long)
            ux, uy = math.cos(math.radians(ang)), math.sin(math.radians(ang))
            cx, cy = mx - 0.35 * size * ux, my - 0.35 * size * uy
            half = 0.3 * size
            d.line([(cx - half * uy, cy + half * ux), (cx + half * uy, cy - half * ux)], fill=OUTLINE,
                   width=max(2, round(0.08 * size)))
    return grid, im


def _links(grid, im):
    ext = extract(im, grid, LEGEND)
    return {k for k, v in ext.hexsides.items() if "road" in v}


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.5])
def test_a_road_cut_short_between_a_dot_and_an_outline_is_found_under_the_dot(scale):
    """The road's seven links exactly, the three under a dot among them, at hexes of 32 to 60 px (old code: those
    refused: the road's piece between the outline and the dot is shorter than PART)."""
    grid, im = _board(scale)
    assert _links(grid, im) == {grid.side_key(a, b) for a, b in pairwise(PATH)}


def test_the_reach_through_marks_is_what_finds_it(monkeypatch):
    """With the pieces' reach read as before (not through the marks), the link under the last dot is refused (the two
    others are taken back as hidden links between the road's ends: extract_sides._hidden_links); without the outlines
    the road up to each dot is long and every link is found either way (notes 15 as it was). Traced notes 27 (the
    road's own short pieces counted in the zone under a mark) finds that link too: it is off here, to read notes 15's
    reach alone."""
    grid, im = _board()
    monkeypatch.setattr(lines, "MARKS_REACH", False)
    monkeypatch.setattr(lines, "MARKS_OWN", False)
    assert grid.side_key("0603", "0703") not in _links(grid, im)
    grid, im = _board(outline=False)
    assert _links(grid, im) == {grid.side_key(a, b) for a, b in pairwise(PATH)}


def test_the_reach_read_about_the_hidden_sides_is_the_whole_images(monkeypatch):
    """review37 C5: the marks and the line's pieces are read only within PART of the hidden sides' bands (where
    _through_marks reads the pieces), a piece cut by that region's edge taken as long (it runs PART from the band):
    the same pieces at every band sample, the same sides passed and the same links as read over the whole image."""
    grid, im = _board()
    seen: list[tuple[list[bool], list[bool]]] = []
    through = lines._through_marks

    def keep(parts, codes, tab, lay, sides, *rest):
        got = through(parts, codes, tab, lay, sides, *rest)
        _half, _core, batches = lines._bands(lay, sides, parts.shape)
        seen.append(([v for *_b, xi, yi, _on in batches for v in parts[yi, xi].ravel().tolist()], got.tolist()))
        return got

    monkeypatch.setattr(lines, "_through_marks", keep)
    windowed = _links(grid, im)
    by_window, shares = list(seen), []
    seen.clear()
    about = lines._about_bands

    def whole(lay, sides, shape, reach):
        shares.append(float(about(lay, sides, shape, reach).mean()))
        return np.ones(shape[:2], dtype=bool)

    monkeypatch.setattr(lines, "_about_bands", whole)
    assert _links(grid, im) == windowed == {grid.side_key(a, b) for a, b in pairwise(PATH)}
    assert seen == by_window and any(any(p) for p, _g in seen)
    assert shares and max(shares) < 0.5


def test_a_piece_cut_by_the_regions_edge_is_long():
    """(review37 C5) A line 100 px long read in a region 41 px wide about its middle: the piece there touches the
    region's edge inside the image, so it may run on - long, as read over the whole image; a piece wholly inside
    the region and one ending at the image's own edge are measured."""
    m = np.zeros((40, 160), dtype=bool)
    m[20, 10:110] = True  # long: 100 px
    m[5, 0:20] = True  # 20 px, at the image's left edge
    m[30, 70:80] = True  # 10 px, inside the region
    near = np.zeros_like(m)
    near[:, 0:81] = True  # the region: its right edge at column 80
    cut = near & ~lines._eroded(near)
    assert cut[:, 80].all() and not cut[:, :80].any()
    whole = lines._long_parts(m, 80.0)
    got = lines._long_parts(m & near, 80.0, cut=cut)
    assert np.array_equal(got & near, whole & near)
    assert got[20, 40] and not got[5, 5] and not got[30, 75]
    assert not lines._long_parts(m & near, 80.0)[20, 40]  # (71 px of it in the region)
