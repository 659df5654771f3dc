"""An 'along' line winding off its sides through the hexes it parts (the creeks of Roads to Gettysburg's painted
scan cross the segment between two centres 0.3-0.4 of the way along it, inside a hex): a side is the pair of hexes
the line separates, so where the line crosses that segment, away from the side's band, and goes on through
(extract_sides._segment_crossings), the side is the line's. A blot of its colour across such a segment, a line not
running on from a side found, and a side marked ``no`` are not."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid, Layout
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 40.0
BLUE = (0, 150, 195)
HEX = "0504"
INK = (40, 40, 40)


def _arc(a: tuple[float, float], b: tuple[float, float], towards: tuple[float, float], depth: float,
         n: int = 24) -> list[tuple[float, float]]:
    """A bow from ``a`` to ``b`` bulging ``depth`` px towards the point ``towards`` at its middle (a parabola)."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    nx, ny = -uy / math.hypot(ux, uy), ux / math.hypot(ux, uy)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if (towards[0] - mx) * nx + (towards[1] - my) * ny < 0:
        nx, ny = -nx, -ny
    pts = []
    for i in range(n + 1):
        t = i / n
        off = depth * (1 - (2 * t - 1) ** 2)
        pts.append((a[0] + ux * t + nx * off, a[1] + uy * t + ny * off))
    return pts


def _side_of(lay: Layout, grid: Grid, hid: str, i: int, j: int) -> str:
    """The key of the side of ``hid`` between its corners ``i`` and ``j``."""
    pts = lay.corners(grid.hex(hid))
    mid = ((pts[i][0] + pts[j][0]) / 2, (pts[i][1] + pts[j][1]) / 2)
    c = lay.hex_to_pixel(grid.hex(hid))
    other = (2 * mid[0] - c[0], 2 * mid[1] - c[1])
    return grid.side_key(hid, grid.id(lay.pixel_to_hex(*other)))


def _board(blot: bool = True, wind: float = 0.4, pond: bool = False) -> tuple[Grid, Image.Image, dict[str, Any]]:
    lay, grid, im, d = blank_board(columns=9, rows=7, size=SIZE, image=(560, 620))
    pts = lay.corners(grid.hex(HEX))
    centre = lay.hex_to_pixel(grid.hex(HEX))
    pen = ImageDraw.Draw(im)
    # the creek along four sides of HEX's outline, 4 px wide, the hex line printed over it; between corners 2 and 3
    # it winds into HEX, ``wind`` of a hex off the side at its middle (0.4: off the side's band and off a course
    # beside it, which the old reading missed; clear of HEX's middle, INTERIOR 0.4 hex about its centre)
    straight = [[pts[0], pts[1], pts[2]], [pts[3], pts[4], pts[5]]]
    for run in straight:
        pen.line(run, fill=BLUE, width=4)
    pen.line(_arc(pts[2], pts[3], centre, wind * SIZE), fill=BLUE, width=4)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=INK)
    sides = {"on": {_side_of(lay, grid, HEX, i, i + 1) for i in (0, 1, 3, 4)},
             "wound": _side_of(lay, grid, HEX, 2, 3), "blotted": _side_of(lay, grid, HEX, 5, 0)}
    if blot:
        # a blot of the creek's blue (a name's letter, a pond) across the segment from HEX's centre to the hex beyond
        # the side between corners 5 and 0, 0.3 of the way along it: it goes nowhere
        mid = ((pts[5][0] + pts[0][0]) / 2, (pts[5][1] + pts[0][1]) / 2)
        bx, by = centre[0] + 0.6 * (mid[0] - centre[0]), centre[1] + 0.6 * (mid[1] - centre[1])
        pen.ellipse([bx - 4, by - 4, bx + 4, by + 4], fill=BLUE)
    if pond:
        # a pond of the creek's blue in HEX's middle: the colour is printed there otherwise than as the line
        pen.ellipse([centre[0] - 7, centre[1] - 7, centre[0] + 7, centre[1] + 7], fill=BLUE)
    return grid, im, sides


def _found(grid: Grid, im: Image.Image, **creek: Any) -> set[str]:
    ext = extract(im, grid, {"terrain": {"clear": "#faf8f0"}, "features": {"creek": {
        "colour": "#0096c3", "kind": "along", **creek}}})
    return {k for k, v in ext.hexsides.items() if "creek" in v}


def test_a_creek_winding_through_a_hex_parts_it_from_the_next():
    grid, im, sides = _board()
    marked = sorted(sides["on"])[:2]
    # the four sides it runs along, and the side whose centres' segment it crosses inside HEX (the old code: not
    # that one, the creek is off the side's band); not the side whose segment the blot lies across
    assert _found(grid, im, yes=marked) == sides["on"] | {sides["wound"]}


def test_without_marked_sides_or_marked_no_the_wound_side_is_not_read():
    grid, im, sides = _board()
    # the rule reads the line's width at its marked sides: without them, as before
    assert _found(grid, im) == sides["on"]
    marked = sorted(sides["on"])[:2]
    assert _found(grid, im, yes=marked, no=[sides["wound"]]) == sides["on"]


def test_the_line_s_colour_in_a_hex_s_middle_is_not_read_so():
    """HEX's middle holds the creek's colour (a pond; Ragnarok's city wall, whose art fills the hexes it rings, crossed
    their centres' segments all round the city): a crossing there is not read as the line parting the hexes."""
    grid, im, sides = _board(pond=True)
    assert sides["wound"] not in _found(grid, im, yes=sorted(sides["on"])[:2])


def test_a_creek_ending_inside_the_hex_parts_nothing(monkeypatch):
    """The bow cut short past its middle, off the corners (a creek's head inside HEX): it crosses the segment but
    leaves the disc about the crossing at one place only, so the rule adds nothing (what the sides' bands read of it
    is the old reading's)."""
    import toolkit.terrain.extract_sides as es

    lay, grid, im, d = blank_board(columns=9, rows=7, size=SIZE, image=(560, 620), ink=None)
    pts = lay.corners(grid.hex(HEX))
    centre = lay.hex_to_pixel(grid.hex(HEX))
    d.line([pts[0], pts[1], pts[2]], fill=BLUE, width=4)
    d.line([pts[3], pts[4], pts[5]], fill=BLUE, width=4)
    d.line(_arc(pts[2], pts[3], centre, 0.4 * SIZE)[4:15], fill=BLUE, width=4)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=INK)
    on = {_side_of(lay, grid, HEX, i, i + 1) for i in (0, 1, 3, 4)}
    got = _found(grid, im, yes=sorted(on)[:2])
    assert on <= got
    monkeypatch.setattr(es, "SEGMENT_REACH", 0.0)
    assert _found(grid, im, yes=sorted(on)[:2]) == got


def test_a_pond_meeting_the_disc_along_one_arc_leaves_it_at_one_place():
    """review35 C8: a pond of the creek's blue larger than the disc followed about a crossing (SEGMENT_REACH, half a
    hex), fed by a short stub that crosses the centres' segment of a side beyond the creek and ends there: the stub
    and pond meet the disc's rim along ONE arc of about 100 degrees (the pond's edge), so the line leaves the disc at
    one place and the side is not the creek's. The old code read two rim pixels of that one arc 90 degrees apart as
    two places and took the side."""
    grid, im, sides = _board(blot=False)
    lay = grid.layout
    a, b = sorted(sides["on"])[0].split("/")
    beyond = grid.hex(b if a == HEX else a)
    far = beyond + (beyond - grid.hex(HEX))  # the next hex on, away from the creek
    c, c2 = lay.hex_to_pixel(beyond), lay.hex_to_pixel(far)
    length = math.dist(c, c2)
    ux, uy = (c2[0] - c[0]) / length, (c2[1] - c[1]) / length
    # the stub crosses the segment 0.35 of the way along it, 3 px past it on one side, and runs square to it into the
    # pond: 24 px across, its centre 32 px off the segment (it meets a 20 px disc about the crossing over ~97 degrees)
    px, py = c[0] + 0.35 * length * ux, c[1] + 0.35 * length * uy
    qx, qy = px - 32 * uy, py + 32 * ux
    pen = ImageDraw.Draw(im)
    pen.ellipse([qx - 24, qy - 24, qx + 24, qy + 24], fill=BLUE)
    pen.line([(px + 3 * uy, py - 3 * ux), (qx, qy)], fill=BLUE, width=4)
    side = grid.side_key(grid.id(beyond), grid.id(far))
    got = _found(grid, im, yes=sorted(sides["on"])[:2])
    assert side not in got
    assert got == sides["on"] | {sides["wound"]}
