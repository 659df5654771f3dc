"""Hex lines printed off their calibrated place are not a thin road's path (review41 R5): test_light_road_path's board
with its whole print shifted against the grid, its hex lines 2 or 3 px thin - as thin as the road, so notes 22's path
took them where they lay outside the calibrated band: toolkit/terrain/lines.py, traced notes 24."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageChops, ImageFilter

from toolkit.terrain import lines

from . import test_light_road_path as light
from .drawn import blank_board


def _board(width: int, dx: int):
    """test_light_road_path's board (no specks): 50 px hexes on SJW's yellow, hex lines ``width`` px of the olive, two
    roads in the road's brown and one in the lighter brown down columns 02, 07 and 04 - the whole print shifted
    (dx, dx / 2) px against the grid it is read with, then softened and noised as a scan is."""
    lay, grid, im, d = blank_board(columns=8, size=50.0, origin=(65.0, 65.0), image=(700, 620), paper=light.WASH,
                                   ink=None)
    for h in grid.hexes():
        pts = lay.corners(h)
        for p, q in zip(pts, pts[1:] + pts[:1]):
            d.line([p, q], fill=light.HEXES, width=width)
    for ids, c in ((light.DARK[0], light.ROAD), (light.DARK[1], light.ROAD), (light.PALE, light.LIGHT)):
        x = lay.hex_to_pixel(grid.hex(ids[0]))[0] + 3
        d.line([(x, 0), (x - 6, im.height)], fill=c, width=2)
    im = ImageChops.offset(im, dx, dx // 2)
    im = im.filter(ImageFilter.GaussianBlur(0.6))
    a = np.asarray(im, np.float32) + np.random.default_rng(3).normal(0, 2.0, (im.height, im.width, 3))
    return grid, Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def _roads(grid) -> set[str]:
    return light._links(grid, light.DARK[0]) | light._links(grid, light.DARK[1]) | light._links(grid, light.PALE)


@pytest.mark.parametrize(("width", "dx"), [(3, 4), (3, 5), (2, 5), (2, 6)])
def test_hex_lines_printed_off_their_place_are_not_the_road(width, dx):
    """The hex lines lie 4-6 px (a tenth of a hex) off the calibrated band: notes 22 read them as the road's path
    (main 233af95: at a 5 px shift 4 false links with 3 px lines, 17 with 2 px; at 6 px with 2 px lines 42). A run
    along a side's own direction near it is the hex line's (notes 24): every link of the three roads, none false -
    the pale road too, read straight across the misplaced hex lines it crosses."""
    grid, im = _board(width, dx)
    assert light._found(grid, im) == _roads(grid)


def test_without_the_runs_along_the_sides_they_read_as_the_road(monkeypatch):
    """The old reading (PATH_SIDES off): the misplaced hex lines are paths, and false links read through them."""
    monkeypatch.setattr(lines, "PATH_SIDES", False)
    grid, im = _board(2, 5)
    found = light._found(grid, im)
    assert found >= _roads(grid)
    assert len(found - _roads(grid)) >= 10


@pytest.mark.parametrize("width", [3, 2])
def test_shifted_the_other_way_no_link_is_false(width):
    """Shifted 5 px the other way (-5, -3 px): no false link and both dark roads (main 233af95 read 4 false links with
    3 px hex lines there)."""
    grid, im = _board(width, -5)
    found = light._found(grid, im)
    assert found <= _roads(grid)
    assert found >= light._links(grid, light.DARK[0]) | light._links(grid, light.DARK[1])


@pytest.mark.xfail(strict=True, reason="traced notes 24's trade (review42 R5): the pale road, broken by the noise "
                   "inside a hex, was joined into a path through the misplaced hex lines only; left out as the hex "
                   "line's, its pieces fall short of PATH_REACH (233af95 missed 3 of its 5 links, 4 false)")
def test_shifted_the_other_way_the_pale_road_is_found():
    grid, im = _board(3, -5)
    assert light._found(grid, im) == _roads(grid)
