"""Coloured traced lines (issue 14; toolkit/terrain/lines.py, traced notes 9): a line that runs out of the band on
both sides of every marked side does so wherever it crosses. Strokes of its colour running along a side, one each
side of the hex line (a wadi's two outlines, a relief line beside a track running along the side: MMP Afrika), show
beyond the hex line's zone on both sides at the same places, as a crossing does, but followed out from the zone they
stop within a few pixels: no crossing."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

SAND = (236, 214, 160)
BROWN = (120, 92, 24)
TRACK = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]


def _board(along: tuple[str, str] | None):
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 246))
    dashed(d, [lay.hex_to_pixel(grid.hex(i)) for i in TRACK], BROWN, 4)  # as MMP Afrika's track
    if along is not None:
        # two strokes of the track's colour along the whole side, 8 px either side of it (a wadi's outlines)
        (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(grid.side_key(*along)))
        n = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        ux, uy = (x1 - x0) / n, (y1 - y0) / n
        for off in (-8, 8):
            d.line([(x0 - ux * 6 - uy * off, y0 - uy * 6 + ux * off), (x1 + ux * 6 - uy * off, y1 + uy * 6 + ux * off)],
                   fill=BROWN, width=2)
    return grid, im


def _found(grid, im) -> set[str]:
    legend = {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}},
              "features": {"track": {"colour": "#785c18", "kind": "across", "trace": True,
                                     "yes": ["0202/0302", "0502/0602"]}}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "track" in v}


def _sides(grid, path: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(path)}


def test_strokes_along_a_side_either_side_of_it_are_no_crossing():
    """The track's sides are found, and side 0404/0405 (two strokes of its colour along it, 8 px either side) is not
    (old code: found, its strokes showing beyond the hex line's zone on both sides at the same places)."""
    grid, im = _board(("0404", "0405"))
    assert _found(grid, im) == _sides(grid, TRACK)


def test_the_track_alone_is_found_as_before():
    grid, im = _board(None)
    assert _found(grid, im) == _sides(grid, TRACK)
