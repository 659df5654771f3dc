"""A short stroke of an 'along' line's colour crossing one side at a shallow angle, no other side of the line at either
end (MMP Bastogne's "Run (in hex)", the key's thinner light-blue line drawn inside hexes, read as a stream on 6 lone
sides), is no side of the line: it runs from one hex into the other (extract_sides._lone_strokes). A river on a run of
sides, and a lone side the river runs along - on its line, or beside it within the band - stay."""

from __future__ import annotations

import math

import pytest

from toolkit.hexgrid import Grid, Hexside

from .drawn import blank_board

SIZE = 40.0
BLUE = (0, 150, 195)


def _side(grid: Grid, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    (x0, y0), (x1, y1) = grid.layout.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b)))
    return (x0, y0), (x1, y1)


def _board(angle: float, off: float = 0.0):
    lay, grid, im, d = blank_board(columns=9, rows=7, size=SIZE, image=(560, 620))
    # the river on three sides of 0203's outline, 5 px wide, the hex line printed over it
    on = lay.corners(grid.hex("0203"))
    d.line([on[3], on[4], on[5], on[0]], fill=BLUE, width=5)
    d.line([on[3], on[4], on[5], on[0]], fill=(40, 40, 40), width=1)
    run = {grid.side_key("0203", grid.id(n)) for n in grid.neighbours(grid.hex("0203"))
           if set(map(tuple, lay.hexside_endpoints(Hexside.between(grid.hex("0203"), n)))) <=
           {tuple(on[i]) for i in (3, 4, 5, 0)}}
    # a lone river side: the river runs along 0605/0606, ``off`` px beside its line, and turns off into 0606 at
    # both ends (a meander)
    (x0, y0), (x1, y1) = _side(grid, "0605", "0606")
    ux, uy = (x1 - x0) / SIZE, (y1 - y0) / SIZE
    nx, ny = -uy, ux
    cx, cy = lay.hex_to_pixel(grid.hex("0606"))
    if (cx - x0) * nx + (cy - y0) * ny < 0:
        nx, ny = -nx, -ny  # towards 0606
    a = (x0 + nx * off, y0 + ny * off)
    b = (x1 + nx * off, y1 + ny * off)
    d.line([(x0 + nx * 0.4 * SIZE - ux * 4, y0 + ny * 0.4 * SIZE - uy * 4), a, b,
            (x1 + nx * 0.4 * SIZE + ux * 4, y1 + ny * 0.4 * SIZE + uy * 4)], fill=BLUE, width=5)
    # the stroke: a hex long, 3 px wide, crossing 0803/0804 through its middle at ``angle`` degrees off it
    (x0, y0), (x1, y1) = _side(grid, "0803", "0804")
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    ux, uy = (x1 - x0) / SIZE, (y1 - y0) / SIZE
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    vx, vy = ux * c - uy * s, uy * c + ux * s
    d.line([(mx - vx * 0.5 * SIZE, my - vy * 0.5 * SIZE), (mx + vx * 0.5 * SIZE, my + vy * 0.5 * SIZE)], fill=BLUE,
           width=3)
    return grid, im, run


@pytest.mark.parametrize("angle", [12.0, 20.0])
@pytest.mark.parametrize("off", [0.0, 3.0])
def test_a_lone_stroke_crossing_a_side_aslant_is_not_the_river(angle, off):
    from toolkit.terrain.extract import extract

    grid, im, run = _board(angle, off)
    ext = extract(im, grid, {"terrain": {"clear": "#faf8f0"}, "features": {"river": {"colour": "#0096c3",
                                                                                      "kind": "along"}}})
    found = {k for k, v in ext.hexsides.items() if "river" in v}
    # the run of three sides and the lone side the river runs along (on its line or 3 px beside it); not
    # 0803/0804, the stroke crossing it
    assert found == run | {grid.side_key("0605", "0606")}


def test_a_marked_lone_side_stays():
    """The stroke's side marked ``yes`` (the user says the river is there): it is kept, as every other rule keeps a
    marked side (the old code dropped it)."""
    from toolkit.terrain.extract import extract

    grid, im, run = _board(20.0)
    ext = extract(im, grid, {"terrain": {"clear": "#faf8f0"}, "features": {"river": {
        "colour": "#0096c3", "kind": "along", "yes": ["0803/0804"]}}})
    found = {k for k, v in ext.hexsides.items() if "river" in v}
    assert found == run | {grid.side_key("0605", "0606"), grid.side_key("0803", "0804")}
