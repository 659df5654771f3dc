"""A lone single black line (a railway printed as a broad ladder of rails and ties) beside the hairline black
outlines of printed areas (Seelowe's field rectangles): toolkit/terrain/lines.py ink_crossings, ink notes 13."""

from __future__ import annotations

from itertools import pairwise

import pytest

from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board

BLACK, PAPER = (2, 5, 1), (254, 255, 252)
RAILWAY = ["0701", "0702", "0703", "0704", "0705", "0706"]


def _railway(rail_width: int):
    """A board of 50 px hexes with the railway of RAILWAY drawn down it: two rails 10 px apart, ``rail_width`` px
    thick, with 1 px ties every 3 px across them; and where the rails start and end (y0, y1)."""
    lay, grid, im, d = blank_board(size=50.0, origin=(65.0, 65.0), image=(675, 675), paper=PAPER, ink=(50, 57, 64))
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in RAILWAY]
    (x0, y0), (_, y1) = pts[0], pts[-1]
    for dx in (-5, 5):
        d.line([(x0 + dx, y0), (x0 + dx, y1)], fill=BLACK, width=rail_width)
    for k in range(int(abs(y1 - y0) // 3)):
        y = y0 + 1 + 3 * k
        d.line([(x0 - 6, y), (x0 + 6, y)], fill=BLACK, width=1)
    return lay, grid, im, d, (y0, y1)


def _rail_legend() -> dict[str, object]:
    """The railway the only line feature, black, learned from two of its sides."""
    return {"terrain": {"clear": {"hexes": ["0801", "0806", "0605"]}},
            "features": {"rail": {"colour": "#000000", "kind": "across", "trace": True,
                                  "yes": [f"{a}/{b}" for a, b in list(pairwise(RAILWAY))[1:3]]}}}


def test_hairline_outlines_of_areas_are_not_the_broad_line_learned():
    """The railway (two rails 10 px apart with ties every 3 px across them, 13 px of ink across, on 50 px hexes) is
    the only line feature; west of it the field rectangles are outlined by 1 px black lines that run straight for
    more than a hex and cross sides. The railway's crossings span the side as broadly as its marked examples; the
    outlines' span a pixel or two, under a third of the narrowest example's, and link nothing."""
    lay, grid, im, d, _ = _railway(rail_width=1)
    # the field rectangles: outlined areas a hex or two across over columns 02-05, apart from each other
    ax0, ay0 = lay.hex_to_pixel(grid.hex("0201"))
    ax1, ay1 = lay.hex_to_pixel(grid.hex("0506"))
    xs = [ax0 + 5 + k * (ax1 - ax0 - 10) / 2 for k in range(3)]
    ys = [ay0 + 7 + k * (ay1 - ay0 - 14) / 3 for k in range(4)]
    for xa, xb in pairwise(xs):
        for ya, yb in pairwise(ys):
            d.rectangle([xa + 4, ya + 4, xb - 4, yb - 4], outline=BLACK, width=1)
    ext = extract(im, grid, _rail_legend())
    want = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == want


GREY = (70, 68, 72)  # a hairline in the ink, blurred by the scan into the light ground: inky, not the ink proper


def _ladder_and_plot_outlines():
    """The railway of RAILWAY (2 px rails, 1 px ties) and, down columns 02-05, pairs of field outlines in GREY."""
    lay, grid, im, d, (y0, y1) = _railway(rail_width=2)
    # two field plots side by side with a strip of ground between, each outlined: two hairlines 10 px apart, 2 px of
    # the ink's grey, straight down columns 02-05 across the hexes' top and bottom sides, as broadly as the railway
    for col in ("0201", "0301", "0401", "0501"):
        cx, _ = lay.hex_to_pixel(grid.hex(col))
        for dx in (-5, 5):
            d.line([(cx + 12 + dx, y0), (cx + 12 + dx, y1)], fill=GREY, width=2)
    return lay, grid, im


def test_outlines_blurred_lighter_than_the_broad_line_learned_are_not_it():
    """The railway (two 2 px black rails 10 px apart with ties) is the only line feature; the outlines of two field
    plots side by side, a strip of ground between them, are two hairlines 10 px apart printed in the ink but blurred
    by the scan to a dark grey (inky, not the ink proper), crossing sides as broadly as the railway's rails do
    (ink notes 13's span lets them through). Hardly a pixel of them is the ink proper, against most of the
    railway's: they link nothing, and every railway side is kept."""
    _lay, grid, im = _ladder_and_plot_outlines()
    ext = extract(im, grid, _rail_legend())
    want = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == want


def test_outlines_blurred_lighter_are_read_as_before_without_the_rule(monkeypatch):
    """The same board with DARK_SHARE 0 (the rule off; OUT_THICK 0 too, as each outline is two pixels wide beyond the
    hex line's zone, under the railway's rails, and that rule refuses them as well): the plots' outlines cross sides
    as the railway (what the test above guards against: this board does hold such crossings)."""
    from toolkit.terrain import lines

    monkeypatch.setattr(lines, "DARK_SHARE", 0.0)
    monkeypatch.setattr(lines, "OUT_THICK", 0.0)
    _lay, grid, im = _ladder_and_plot_outlines()
    ext = extract(im, grid, _rail_legend())
    want = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
    got = {k for k, v in ext.hexsides.items() if "rail" in v}
    assert want <= got and len(got - want) >= 3


def _ladder_and_outlines_ending_at_sides():
    """The railway of RAILWAY (2 px rails, 1 px ties) and, in columns 02-05, the outlines of two field plots side by
    side (two 2 px black lines 4 px apart) coming down from each hex's centre of row 02 to its bottom side and ending
    just past it: 7 px beyond the side (the hex line's zone reaches 5 px either way), where the next plot begins."""
    lay, grid, im, d, _ = _railway(rail_width=2)
    for col in ("02", "03", "04", "05"):
        (cx, cy), (_, cy2) = lay.hex_to_pixel(grid.hex(f"{col}02")), lay.hex_to_pixel(grid.hex(f"{col}03"))
        side = (cy + cy2) / 2
        for dx in (-5, 5):
            d.line([(cx + dx, cy), (cx + dx, side + 7)], fill=BLACK, width=2)
    return grid, im


def test_outlines_ending_just_past_a_side_do_not_cross_it():
    """The railway is the only line feature (ink notes 13); four pairs of field outlines, black (the ink proper) and
    as broad across a side as the railway's marked crossings, come down to sides 0X02/0X03 and stop 7 px past them:
    beyond the hex line's zone they show on the far side at its edge only, not out across the band as the railway's
    lines do (their mean thickness out there under OUT_THICK of the railway's). They link nothing; every railway side
    is kept."""
    grid, im = _ladder_and_outlines_ending_at_sides()
    ext = extract(im, grid, _rail_legend())
    want = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == want


def _ladder_and_hairlines_through_blocks():
    """The railway of RAILWAY (2 px rails, 1 px ties) and, in columns 02-05, a 1 px black hairline (a plot's outline)
    straight down each column, crossing its sides; at sides 0X02/0X03 a black block 9 px wide (a house's dark wall)
    lies over it across the hex line, reaching 2 px beyond the hex line's zone (5 px either way) on both sides."""
    lay, grid, im, d, (y0, y1) = _railway(rail_width=2)
    for col in ("02", "03", "04", "05"):
        (cx, cy), (_, cy2) = lay.hex_to_pixel(grid.hex(f"{col}02")), lay.hex_to_pixel(grid.hex(f"{col}03"))
        side = (cy + cy2) / 2
        d.line([(cx + 12, y0), (cx + 12, y1)], fill=BLACK, width=1)
        d.rectangle([cx + 8, side - 7, cx + 16, side + 7], fill=BLACK)
    return grid, im


def test_a_hairline_through_a_block_is_not_as_thick_as_the_railway():
    """The railway is the only line feature (ink notes 13). Where a hairline crosses a side under a black block, the
    crossing spans the side as broadly as the railway's, in the ink proper, and its line runs out across the band on
    both sides; but out there it is a pixel across, where each of the railway's rails, its ties crossing it, is
    three or four: under OUT_THICK of the thinnest marked example's. It links nothing; every railway side is kept."""
    grid, im = _ladder_and_hairlines_through_blocks()
    ext = extract(im, grid, _rail_legend())
    want = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == want


@pytest.mark.parametrize("board", [_ladder_and_outlines_ending_at_sides, _ladder_and_hairlines_through_blocks],
                         ids=["outlines ending past a side", "hairline through a block"])
def test_the_decoys_are_read_as_before_without_the_rule(monkeypatch, board):
    """The same boards with OUT_THICK 0 (the rule off): the four outline pairs' sides, and the four blocked sides, are
    taken for the railway (what the two tests above guard against: the span and ink-proper rules let them through)."""
    # the crossing alone is read here: a link whose hexes hold no other link of it is dropped (_lone_links)
    monkeypatch.setattr(extract_sides, "_lone_links", lambda *a: None)
    from toolkit.terrain import lines

    monkeypatch.setattr(lines, "OUT_THICK", 0.0)
    grid, im = board()
    ext = extract(im, grid, _rail_legend())
    want = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
    decoys = {grid.side_key(f"{c}02", f"{c}03") for c in ("02", "03", "04", "05")}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == want | decoys
