"""A wide road with other legend lines printed over it: a railway's black ladder along it for hexes, a river's blue
band across it where it crosses a river side, a bold black name over it: lines.py traced notes 32 (David Rodal's New
Manchuria 1976: its grey road under the railway from Changchun and across the rivers by Harbin, 9/13 links read)."""

from __future__ import annotations

from itertools import pairwise

from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid, Layout
from toolkit.terrain.extract import extract

from .drawn import blank_board

BLACK = (0, 0, 0)
CLEAR = (247, 220, 142)  # New Manchuria's pale yellow
GREY = (153, 153, 153)  # its road (#999999)
BLUE = (140, 178, 216)  # its river (#8cb2d8)
ROAD = [f"{c:02d}04" for c in range(1, 11)]  # along row 04, every column
MARKED = ["0104/0204", "0204/0304", "0304/0404"]  # the road alone, on the clear
UNDER_RAIL = ROAD[4:8]  # 0504-0804: the railway printed along the road
RIVER_SIDE = ("0904", "1004")  # the river's band along this side, over the road crossing it
RAILWAY = [f"05{r:02d}" for r in range(1, 5)] + UNDER_RAIL[1:] + [f"08{r:02d}" for r in range(5, 9)]
RAIL_MARKED = ["0501/0502", "0502/0503", "0805/0806"]  # the railway alone, on the clear
LONE_RIVER = [("0206", "0306"), ("0306", "0307"), ("0307", "0407")]  # a river alone, no road


def _ladder(d: ImageDraw.ImageDraw, path: list[tuple[float, float]]) -> None:
    """A railway along ``path``: two 1 px rails 5 px apart, 2 px ties across them every 6 px reaching a pixel past
    the rails (New Manchuria's)."""
    for (x0, y0), (x1, y1) in pairwise(path):
        n = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        ux, uy = (x1 - x0) / n, (y1 - y0) / n
        px, py = -uy, ux
        for o in (-2.5, 2.5):
            d.line([(x0 + px * o, y0 + py * o), (x1 + px * o, y1 + py * o)], fill=BLACK, width=1)
        t = 3.0
        while t < n:
            cx, cy = x0 + ux * t, y0 + uy * t
            d.line([(cx - px * 3.5, cy - py * 3.5), (cx + px * 3.5, cy + py * 3.5)], fill=BLACK, width=2)
            t += 6.0


def _river(d: ImageDraw.ImageDraw, lay: Layout, grid: Grid, a: str, b: str) -> None:
    """The river's blue band, 7 px wide, along the side between hexes a and b on b's side of it (its middle 3 px into
    b), the black hex line drawn again over its edge (New Manchuria's)."""
    ca, cb = lay.corners(grid.hex(a)), lay.corners(grid.hex(b))
    (x0, y0), (x1, y1) = [p for p in ca if any(abs(p[0] - q[0]) < 0.5 and abs(p[1] - q[1]) < 0.5 for q in cb)]
    bx, by = lay.hex_to_pixel(grid.hex(b))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    n = ((bx - mx) ** 2 + (by - my) ** 2) ** 0.5
    ux, uy = 3 * (bx - mx) / n, 3 * (by - my) / n
    d.line([(x0 + ux, y0 + uy), (x1 + ux, y1 + uy)], fill=BLUE, width=7)
    d.line([(x0, y0), (x1, y1)], fill=BLACK, width=2)


def _board(name: bool = False) -> tuple[Image.Image, Grid]:
    """10 x 8 hexes of 32 px on the clear, the hex lines black; the grey road 10 px wide along ROAD over them; the
    black railway's ladder down column 05, along the road over UNDER_RAIL and down column 08; the river's blue band
    over the road across RIVER_SIDE and alone along LONE_RIVER. ``name``: a bold black name's letters (5 px strokes)
    over the road across 0404/0504 too."""
    lay, grid, im, d = blank_board(10, 8, size=32.0, origin=(40.0, 40.0), image=(520, 520), paper=CLEAR, ink=BLACK)
    centre = {grid.id(h): lay.hex_to_pixel(h) for h in grid.hexes()}
    d.line([centre[h] for h in ROAD], fill=GREY, width=10, joint="curve")
    _ladder(d, [centre[h] for h in RAILWAY])
    for a, b in (RIVER_SIDE, *LONE_RIVER):
        _river(d, lay, grid, a, b)
    if name:
        (xa, ya), (xb, yb) = centre["0404"], centre["0504"]
        x, y = (xa + xb) / 2, (ya + yb) / 2
        for k in (-9, 0, 9):
            d.line([(x + k, y - 10), (x + k, y + 10)], fill=BLACK, width=5)
    return im, grid


def _legend() -> dict[str, object]:
    """The road and the railway marked where each runs alone on the clear; the river along, by its colour."""
    return {"terrain": {"clear": {"hexes": ["0101", "0608", "1002"]}},
            "features": {"river": {"colour": "#8cb2d8", "kind": "along"},
                         "road": {"colour": "#999999", "kind": "across", "trace": True, "yes": MARKED},
                         "rail": {"colour": "#000000", "kind": "across", "trace": True, "yes": RAIL_MARKED}}}


def _found(ext: object, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}  # type: ignore[attr-defined]


def test_the_road_runs_on_under_the_railway():
    """Along UNDER_RAIL the railway's rails and ties cut the road's grey into cells shorter than a line's part, so
    nothing of its own colour ran through the hex line's zone and those links were refused; the grey is seen on both
    sides of each rail and tie, straight across it, no wider than the road: the road runs on under them (traced notes
    32)."""
    im, grid = _board()
    road = _found(extract(im, grid, _legend()), "road")
    assert {grid.side_key(a, b) for a, b in pairwise(UNDER_RAIL)} <= road


def test_the_road_runs_on_under_the_river():
    """Across RIVER_SIDE the river's blue band, printed over the road, hides it in the hex line's zone: the grey on
    both sides of the band, straight across it, runs on (traced notes 32)."""
    im, grid = _board()
    road = _found(extract(im, grid, _legend()), "road")
    assert grid.side_key(*RIVER_SIDE) in road


def test_the_whole_road_and_nothing_else():
    """Every link of the road is read, the railway's and the lone river's sides away from the road are none of it;
    with a bold name over the road as well, the same."""
    for name in (False, True):
        im, grid = _board(name)
        road = _found(extract(im, grid, _legend()), "road")
        assert road == {grid.side_key(a, b) for a, b in pairwise(ROAD)}, name


def test_a_road_given_by_its_colour_alone():
    """No marked side: the road's width is not learned (infinite) and the rule is not read - the run does not fail
    (session 47's first form: 'cannot convert float infinity to integer' on Battle for Moscow) and reads what it read
    before: by its colour alone the road's band on the clear is an area of it (traced notes 3, nothing marked to learn
    it as a line printed wide), and only where the railway's rails and ties take part of it, and across the river,
    is it read."""
    im, grid = _board()
    legend = _legend()
    legend["features"]["road"].pop("yes")  # type: ignore[attr-defined]
    road = _found(extract(im, grid, legend), "road")
    assert road == {grid.side_key(a, b) for a, b in [*pairwise(UNDER_RAIL), RIVER_SIDE]}
