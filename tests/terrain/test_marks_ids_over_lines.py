"""A solid road under a fire dot on the side's middle with the hex's id printed over it just past the side (Decision
Games' D-Day at Omaha Beach prints each hex's id sideways inside the hex's west edge, over whatever runs there, and a
zone's half-disc fire dots on the middle of its sides): the road's own pixels between the hex line and the id are a
piece shorter than PART (traced notes 2), cut off by the calibrated hex lines' band and by the id, whose dark digits
in a light halo blend at the working scale into neither the road nor a mark; so no long part of the road ran through
the hex line's zone, even with the dot passed over (traced notes 15), and the link was refused. Where a crossing is
hidden under a mark, the line's own colour counts in the zone however short its piece, at the places the line
crosses only (traced notes 27)."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from toolkit.terrain.extract import extract

from .drawn import ROAD_LEGEND as LEGEND
from .drawn import ROAD_PATH as PATH
from .drawn import road_board, side_dot

# the road's sides with a dot on the west hex's side and an id printed just past the side in the east hex
DOTS = {("0203", "0303"): (230, 30, 40), ("0403", "0503"): (40, 150, 70), ("0603", "0703"): (90, 170, 230)}
# sides the road runs beside but does not cross, dotted and with ids too
OFF = {("0202", "0302"): (230, 30, 40), ("0404", "0504"): (40, 150, 70)}


def _id(d, lay, grid, a: str, b: str, size: float) -> None:
    """The hex id printed sideways in hex ``b`` just past its side with ``a``: dark grey digits in a light halo,
    0.2-0.32 of the hex size past the side and a third of it along the side (Omaha's "0727" over its road)."""
    ends = [p for p in lay.corners(grid.hex(a)) if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6
                                                         for q in lay.corners(grid.hex(b)))]
    mx, my = (ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2
    bx, by = lay.hex_to_pixel(grid.hex(b))
    n = math.hypot(bx - mx, by - my)
    nx, ny = (bx - mx) / n, (by - my) / n  # across the side, into b
    tx, ty = -ny, nx  # along the side

    def quad(u0: float, u1: float, v0: float, v1: float) -> list[tuple[float, float]]:
        return [(mx + nx * u * size + tx * v * size, my + ny * u * size + ty * v * size)
                for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]

    d.polygon(quad(0.2, 0.32, -0.2, 0.2), fill=(240, 240, 235))
    for k in range(4):  # four digits along the side, each a ring of thin dark strokes
        v0 = -0.17 + 0.09 * k
        d.polygon(quad(0.22, 0.30, v0, v0 + 0.06), outline=(85, 85, 85))


def _board(scale: float, dots: dict | None = None):
    lay, grid, im, d, size = road_board(scale)
    for h in grid.hexes():  # the hex lines printed over the road, as the map prints them
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(150, 152, 135))
    for (a, b), colour in (DOTS if dots is None else dots).items():
        # a half-disc on the middle of the side inside hex a, a white mark in it, and b's id past the side
        mx, my, ang, r = side_dot(d, lay, grid, b, a, colour, size)
        cx, cy = mx + 0.45 * r * math.cos(math.radians(ang)), my + 0.45 * r * math.sin(math.radians(ang))
        d.ellipse([cx - 0.2 * r, cy - 0.2 * r, cx + 0.2 * r, cy + 0.2 * r], fill=(255, 255, 255))
        _id(d, lay, grid, a, b, size)
    return grid, im


def _road(ext) -> set[str]:
    return {k for k, v in ext.hexsides.items() if "road" in v}


@pytest.mark.parametrize("scale", [2.0, 2.4, 3.0])
def test_a_road_under_a_dot_and_an_id_past_the_side_is_found_there(scale):
    """The road's seven links exactly, the three under a dot and an id among them, on boards of 80 to 120 px hexes,
    read at the working scale where the id's thin digits blend into their halo (old code, b739b42: 5 links at each
    scale, 0603/0703 and 0703/0803 missing - the three hidden crossings refused)."""
    grid, im = _board(scale)
    assert _road(extract(im, grid, LEGEND)) == {grid.side_key(a, b) for a, b in pairwise(PATH)}


def test_a_dot_and_an_id_beside_no_line_are_no_crossing():
    """Dots and ids on sides the road runs beside but does not cross add no link: the road's links alone."""
    grid, im = _board(2.0, dots={**DOTS, **OFF})
    assert _road(extract(im, grid, LEGEND)) == {grid.side_key(a, b) for a, b in pairwise(PATH)}


# a solid secondary road and a dashed trail in one light grey (Omaha's, 0.5 Delta E apart), dots and ids on the trail
SHARED_ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702", "0802"]
SHARED_TRAIL = ["0105", "0205", "0305", "0405", "0505", "0605", "0705", "0805"]
SHARED_LEGEND = {"terrain": {"open": {"hexes": ["0101", "0606", "0801"]}},
                 "features": {"secondary": {"colour": "#bbbaba", "kind": "across", "trace": True,
                                            "yes": ["0102/0202", "0302/0402", "0502/0602"]},
                              "trail": {"colour": "#bbbab9", "kind": "across", "trace": True,
                                        "yes": ["0105/0205", "0305/0405", "0505/0605"]}}}


def test_a_dash_of_a_line_sharing_the_colour_is_not_the_solid_line_under_a_dot():
    """Where another line shares the colour (a dashed trail in the solid secondary road's grey), a short piece of the
    colour under a dot may be that line's dash: the trail keeps its seven links, the three under a dot and an id
    among them, and the secondary takes none of them (with its own pixels counted there too - OWN_ALONE off - the
    trail lost those three: the secondary's crossings there took them, themselves then dropped as lone links)."""
    from .drawn import dashed

    scale = 2.0
    lay, grid, im, d, size = road_board(scale)
    d.rectangle([0, 0, im.width, im.height], fill=(204, 207, 176))
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(150, 152, 135))
    width = round(0.15 * size)
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in SHARED_ROAD], fill=(187, 186, 186), width=width, joint="curve")
    dashed(d, [lay.hex_to_pixel(grid.hex(h)) for h in SHARED_TRAIL], (187, 186, 185), width, dash=0.2 * size,
           period=0.28 * size)
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(150, 152, 135))
    for (a, b), colour in {("0205", "0305"): (230, 30, 40), ("0405", "0505"): (40, 150, 70),
                           ("0605", "0705"): (90, 170, 230)}.items():
        mx, my, ang, r = side_dot(d, lay, grid, b, a, colour, size)
        cx, cy = mx + 0.45 * r * math.cos(math.radians(ang)), my + 0.45 * r * math.sin(math.radians(ang))
        d.ellipse([cx - 0.2 * r, cy - 0.2 * r, cx + 0.2 * r, cy + 0.2 * r], fill=(255, 255, 255))
        _id(d, lay, grid, a, b, size)
    ext = extract(im, grid, SHARED_LEGEND)
    trail = {grid.side_key(a, b) for a, b in pairwise(SHARED_TRAIL)}
    assert {k for k, v in ext.hexsides.items() if "trail" in v} == trail
    assert not {k for k, v in ext.hexsides.items() if "secondary" in v} & trail


def test_a_textured_ground_of_dark_blobs_and_specks_of_the_colour_is_no_hidden_crossing():
    """A forest of dark blobs (marks: farther from the snow and from the road than the road lies from the snow) and
    specks of the brown road's colour (GMT Red Winter's forest by its brown road): grown together, the specks cross
    sides, and in the zone the blobs and the specks together fill it. Counted only as a mark on one side of the hex
    line and the line's own pixels on the other (a fire dot is a half-disc in one hex), no side of the forest is the
    road's (counted mixed on both sides - notes 27's first form - 17 of its sides were; b739b42 reads none)."""
    import random

    from .drawn import blank_board

    size = 40.0
    lay, grid, im, d = blank_board(8, 6, size=size, origin=(50.0, 50.0), image=(520, 520), paper=(236, 238, 240),
                                   ink=None)
    rng = random.Random(7)
    for h in ["0104", "0204", "0304", "0404", "0504", "0604", "0105", "0205", "0305", "0405", "0505", "0605",
              "0106", "0206", "0306", "0406", "0506", "0606"]:
        cx, cy = lay.hex_to_pixel(grid.hex(h))
        for _ in range(60):  # the trees: dark green blobs
            x, y, r = cx + rng.uniform(-size, size), cy + rng.uniform(-size, size), rng.uniform(0.06, 0.14) * size
            d.ellipse([x - r, y - r, x + r, y + r], fill=rng.choice([(90, 110, 95), (70, 85, 75), (120, 135, 120)]))
        for _ in range(80):  # specks of the road's brown
            x, y, r = cx + rng.uniform(-size, size), cy + rng.uniform(-size, size), rng.uniform(0.02, 0.05) * size
            d.ellipse([x - r, y - r, x + r, y + r], fill=(140, 115, 85))
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(150, 152, 135))
    path = ["0101", "0201", "0301", "0401", "0501", "0601", "0701", "0801"]
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in path], fill=(140, 115, 85), width=round(0.12 * size),
           joint="curve")
    legend = {"terrain": {"snow": {"hexes": ["0703", "0803", "0802"]}, "forest": {"hexes": ["0305", "0405", "0205"]}},
              "features": {"road": {"colour": "#8c7355", "kind": "across", "trace": True,
                                    "yes": ["0101/0201", "0301/0401", "0501/0601"]}}}
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(path)}
