"""Two traced lines the legend tells apart - each marking the other's examples ``no:`` - in two greys whose
colours lie within each other's tolerance (GMT Red Winter's main road, 9 px of #73757a, and its primary road,
7 px of #5f605f): a side both are found crossing goes to the line whose marked sides its half-widths look like
(toolkit/terrain/extract_sides.py ``_told_apart``)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board

SNOW = (242, 244, 246)
MAIN, PRIMARY = (115, 117, 121), (95, 96, 95)
MAIN_ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702", "0802"]
PRIMARY_ROAD = ["0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804"]


def _board():
    lay, grid, im, d = blank_board(8, 5, size=80.0, origin=(90.0, 80.0), image=(1160, 800), paper=SNOW,
                                   ink=(200, 204, 210))
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in MAIN_ROAD], fill=MAIN, width=10, joint="curve")
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in PRIMARY_ROAD], fill=PRIMARY, width=7, joint="curve")
    return grid, im


def _legend() -> dict:
    main_yes, primary_yes = ["0102/0202", "0202/0302"], ["0104/0204", "0204/0304"]
    return {"terrain": {"snow": {"hexes": ["0101", "0801", "0805"]}},
            "features": {"road_main": {"colour": "#73757a", "kind": "across", "trace": True, "yes": main_yes,
                                       "no": primary_yes},
                         "road_primary": {"colour": "#5f605f", "kind": "across", "trace": True,
                                          "yes": primary_yes, "no": main_yes}}}


def _found(grid, ext, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}


def test_two_greys_told_apart_go_to_the_line_whose_width_they_have():
    """Each road's colour finds both roads (old code: both reported on every side of both roads); each side goes
    to the road whose marked sides its half-widths are like."""
    grid, im = _board()
    ext = extract(im, grid, _legend())
    assert _found(grid, ext, "road_main") == {grid.side_key(a, b) for a, b in pairwise(MAIN_ROAD)}
    assert _found(grid, ext, "road_primary") == {grid.side_key(a, b) for a, b in pairwise(PRIMARY_ROAD)}


def test_half_widths_that_do_not_tell_the_examples_apart_decide_nothing():
    """Where the half-widths do not put each marked side nearer its own line's, both lines stay found."""
    from types import SimpleNamespace

    main = SimpleNamespace(name="main", yes=["0101/0102"], no=["0201/0202"])
    primary = SimpleNamespace(name="primary", yes=["0201/0202"], no=["0101/0102"])
    leg = SimpleNamespace(features=[main, primary])
    index = {"0101/0102": 0, "0201/0202": 1, "0301/0302": 2}
    found = {"0301/0302": {"main", "primary"}}
    same = {"main": (np.array([4, 4, 5]), [0]), "primary": (np.array([4, 4, 3]), [1])}
    extract_sides._told_apart(leg, index, same, found)  # type: ignore[arg-type]
    assert found == {"0301/0302": {"main", "primary"}}
    apart = {"main": (np.array([5, 3, 5]), [0]), "primary": (np.array([4, 3, 4]), [1])}
    extract_sides._told_apart(leg, index, apart, found)  # type: ignore[arg-type]
    assert found == {"0301/0302": {"main"}}


def test_a_traced_lines_tolerance_is_not_searched_on_its_marked_sides():
    """The main road's examples and the primary road's (its ``no:`` sides) read by their band samples with a little
    scanner noise: no tolerance of 20 parts them, 6 does, by a few samples (old code: 6.0, GMT Red Winter's main
    road 6 or 20 as the scan's corner moved a pixel, 10 or 15 of its 15 sides). A traced line is read whole and told
    apart by its widths: the tolerance learned from its samples (20) at both corner phases, the same sides."""
    import dataclasses

    from PIL import Image

    grid, im = _board()
    a = np.asarray(im).astype(np.float64) + np.random.default_rng(1).normal(0, 4, (im.height, im.width, 3))
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    for k in (0, 1):  # the map read from its corner and from a pixel in
        g = dataclasses.replace(grid, layout=grid.layout.translated(-k, -k))
        ext = extract(im.crop((k, k, im.width, im.height)), g, _legend())
        assert ext.thresholds["road_main"] == (20.0, 0.5) and ext.thresholds["road_primary"] == (20.0, 0.5)
        assert _found(g, ext, "road_main") == {g.side_key(a, b) for a, b in pairwise(MAIN_ROAD)}
        assert _found(g, ext, "road_primary") == {g.side_key(a, b) for a, b in pairwise(PRIMARY_ROAD)}
