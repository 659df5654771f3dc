"""An 'along' line drawn beside the hexsides it marks, not on them (GMT France '40's canals run 0.1-0.2 hex off the
sides, inside one of the two hexes): extract_sides._beside reads such a side's band again centred on the line, if the
line runs about parallel to the side, nearer it than any other side of its hexes, as wide as where it lies on its
sides. A line crossing a side aslant, and a thinner line of the same colour beside a side, mark nothing."""

from __future__ import annotations

import math

import pytest
from PIL import ImageDraw

from toolkit.hexgrid import Grid, Hexside, Layout
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 40.0
BLUE = (0, 150, 195)
APOTHEM = SIZE * math.sqrt(3) / 2


def _inset(lay: Layout, grid: Grid, hid: str, corners: list[int], off: float) -> list[tuple[float, float]]:
    """The corners ``corners`` of hex ``hid`` moved towards its centre so that the polyline through them runs ``off``
    px inside the hex, parallel to its sides."""
    cx, cy = lay.hex_to_pixel(grid.hex(hid))
    k = 1 - off / APOTHEM
    pts = lay.corners(grid.hex(hid))
    return [(cx + (pts[i][0] - cx) * k, cy + (pts[i][1] - cy) * k) for i in corners]


def _board(thin: bool = True) -> tuple[Grid, ImageDraw.ImageDraw, object, dict[str, set[str]]]:
    lay, grid, im, d = blank_board(columns=9, rows=7, size=SIZE, image=(560, 620))
    sides: dict[str, set[str]] = {}
    # the river on its sides (the marked examples): three sides of 0203's outline, 5 px wide
    on = lay.corners(grid.hex("0203"))
    d.line([on[3], on[4], on[5], on[0]], fill=BLUE, width=5)
    d.line([on[3], on[4], on[5], on[0]], fill=(40, 40, 40), width=1)  # the hex line printed over it, as on a map
    sides["on"] = {grid.side_key("0203", grid.id(n)) for n in grid.neighbours(grid.hex("0203"))
                   if set(map(tuple, lay.hexside_endpoints(Hexside.between(grid.hex("0203"), n)))) <=
                   {tuple(on[i]) for i in (3, 4, 5, 0)}}
    # the canal beside three sides of 0605, 0.2 hex inside it, as wide
    canal = _inset(lay, grid, "0605", [1, 2, 3, 4], 0.2 * SIZE)
    d.line(canal, fill=BLUE, width=5)
    sides["beside"] = {grid.side_key("0605", grid.id(n)) for n in grid.neighbours(grid.hex("0605"))
                       if all(min(math.dist(p, q) for q in lay.corners(grid.hex("0605"))[1:5]) < 1
                              for p in lay.hexside_endpoints(Hexside.between(grid.hex("0605"), n)))}
    # a canal crossing the side 0803/0804 aslant through its middle, 45 degrees off it
    (x0, y0), (x1, y1) = lay.hexside_endpoints(Hexside.between(grid.hex("0803"), grid.hex("0804")))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    ux, uy = (x1 - x0) / SIZE, (y1 - y0) / SIZE
    vx, vy = (ux - uy) / math.sqrt(2), (uy + ux) / math.sqrt(2)
    d.line([(mx - vx * 0.6 * SIZE, my - vy * 0.6 * SIZE), (mx + vx * 0.6 * SIZE, my + vy * 0.6 * SIZE)], fill=BLUE,
           width=5)
    # a thin line of the river's blue (2 px: a run, lettering) beside three sides of 0406, 0.2 hex inside it
    if thin:
        d.line(_inset(lay, grid, "0406", [0, 1, 2, 3], 0.2 * SIZE), fill=BLUE, width=2)
    return grid, d, im, sides


@pytest.mark.parametrize("marked", [True, False])
def test_a_river_drawn_beside_its_sides_marks_them(marked):
    """With two of its sides on the outline marked (its colour and width learned there) and without (the legend's
    colour adapted to the scan, the width read where it is found on its sides)."""
    grid, _, im, sides = _board()
    assert len(sides["on"]) == 3 and len(sides["beside"]) == 3
    river = {"colour": "#0096c3", "kind": "along", **({"yes": sorted(sides["on"])[:2]} if marked else {})}
    ext = extract(im, grid, {"terrain": {"clear": "#faf8f0"}, "features": {"river": river}})
    found = {k for k, v in ext.hexsides.items() if "river" in v}
    # the sides it is drawn on and the three it runs beside; not 0803/0804 (crossed aslant) nor 0406's (a thinner
    # line of its colour beside them)
    assert found == sides["on"] | sides["beside"]


def _extract_with(draw, marked: bool) -> tuple[set[str], dict[str, set[str]]]:
    """The river sides found on the board (without its thin line) with ``draw(lay, grid, pen)`` drawn over it, the
    river marked on two sides or not."""
    grid, d, im, sides = _board(thin=False)
    draw(grid.layout, grid, d)
    river = {"colour": "#0096c3", "kind": "along", **({"yes": sorted(sides["on"])[:2]} if marked else {})}
    ext = extract(im, grid, {"terrain": {"clear": "#faf8f0"}, "features": {"river": river}})
    return {k for k, v in ext.hexsides.items() if "river" in v}, sides


def test_art_tinted_near_the_river_colour_beside_a_side_is_not_the_river():
    """A band as wide as the canal beside three sides of 0307, 0.25 hex inside it, in a darker blue 8.5 Delta E from
    the river's (within the 12 learned from the marked sides, never within half of it; its colour mix like the
    examples'): no sample of the river's own colour."""
    def draw(lay, grid, d):
        d.line(_inset(lay, grid, "0307", [5, 0, 1, 2], 0.25 * SIZE), fill=(41, 133, 170), width=5)

    found, sides = _extract_with(draw, marked=True)
    assert found == sides["on"] | sides["beside"]


def test_scattered_marks_of_the_river_colour_beside_a_side_are_not_the_river():
    """Blots of the river's blue, 6 px square, every 7 px beside three sides of 0707, by turns 10 and 18 px inside the
    hex: the colour shows at most positions beside each side, as wide as the river and in its colour, but on no
    straight course (its place across the band 4 px either way of any straight line through them, by turns)."""
    def draw(lay, grid, d):
        cx, cy = lay.hex_to_pixel(grid.hex("0707"))
        pts = lay.corners(grid.hex("0707"))
        for i in (0, 1, 2):
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % 6]
            nx, ny = cx - (x0 + x1) / 2, cy - (y0 + y1) / 2
            nn = math.hypot(nx, ny)
            for j, t in enumerate(range(4, int(SIZE) - 3, 7)):
                off = (10, 18)[j % 2]
                x = x0 + (x1 - x0) * t / SIZE + nx / nn * off
                y = y0 + (y1 - y0) * t / SIZE + ny / nn * off
                d.rectangle([x - 3, y - 3, x + 2, y + 2], fill=BLUE)

    found, sides = _extract_with(draw, marked=True)
    assert found == sides["on"] | sides["beside"]
