"""Coloured traced lines (issue 14; toolkit/terrain/lines.py, traced notes 28): a line of the colour drawn ALONG a
hexside from corner to corner, over the hex line and wider than its zone (MMP Afrika's wadis: a grey-green fill
outlined in an olive within the track's tolerance, grown into one blob by the dash gaps' closing), shows on both
sides of the hex line's zone all along the side, as a crossing does there; but the part of it met where it crosses
lies within a quarter hex of the hex lines, straddling the side: no crossing. A line crossing a side near a corner
and running on beside the next hex line lies as near the hex lines, but inside one hex: it stays a crossing."""

from __future__ import annotations

import math

import pytest

from toolkit.terrain import lines

from .drawn import blank_board, dashed
from .test_lines_run_out import _found, _sides

SAND = (236, 214, 160)
BROWN = (120, 92, 24)
GREY_GREEN = (170, 176, 140)
WHITE = (250, 250, 246)
TRACK = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]
WADI = ("0404", "0405")  # the side the wadi is drawn along


def _wadi(d, lay, grid, a: str, b: str, half: float, wander: float) -> None:
    """A wadi along side a/b from corner to corner and a little on: a grey-green band 2 x ``half`` px across, its
    olive outlines 2 px wide, its middle wandering ``wander`` px either side of the hex line; the hex line printed
    over it."""
    (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(grid.side_key(a, b)))
    n = math.dist((x0, y0), (x1, y1))
    ux, uy = (x1 - x0) / n, (y1 - y0) / n
    nx, ny = -uy, ux
    ts = [-4 + k * (n + 8) / 24 for k in range(25)]
    mid = [wander * math.sin(2 * math.pi * 1.5 * t / n) for t in ts]

    def at(t: float, o: float) -> tuple[float, float]:
        return x0 + ux * t + nx * o, y0 + uy * t + ny * o

    d.polygon([at(t, m - half) for t, m in zip(ts, mid)] + [at(t, m + half) for t, m in zip(ts[::-1], mid[::-1])],
              fill=GREY_GREEN)
    for side in (-half, half):
        d.line([at(t, m + side) for t, m in zip(ts, mid)], fill=BROWN, width=2)
    d.line([(x0, y0), (x1, y1)], fill=WHITE, width=1)


def _corner_path(lay, grid, off: float = 4.0) -> list[tuple[float, float]]:
    """A track from 0205's middle to beside side 0205/0305 inside 0205, ``off`` px from its hex line, along it to
    near its corner with 0304/0305, across it there, then on beside 0304/0305 inside 0305, ``off`` px from that hex
    line, and into 0305's middle (Afrika 1's main road at 14.25/15.26, Dynamo's railway at 2220/2319: the part
    about the place crossed lies within a quarter hex of the hex lines)."""
    s1 = lay.hexside_endpoints(grid.hexside(grid.side_key("0205", "0305")))
    s2 = lay.hexside_endpoints(grid.hexside(grid.side_key("0304", "0305")))
    v = next(p for p in s1 if any(math.dist(p, q) < 1 for q in s2))  # the corner
    far1 = next(p for p in s1 if math.dist(p, v) > 1)
    far2 = next(p for p in s2 if math.dist(p, v) > 1)
    c2, c5 = lay.hex_to_pixel(grid.hex("0205")), lay.hex_to_pixel(grid.hex("0305"))

    def beside(far: tuple[float, float], into: tuple[float, float], at_v: float, at_far: float,
               ) -> tuple[tuple[float, float], tuple[float, float]]:
        # the side v-far moved ``off`` px towards ``into``, from at_v px past v to at_far px short of far
        n = math.dist(v, far)
        ux, uy = (far[0] - v[0]) / n, (far[1] - v[1]) / n
        nx, ny = -uy, ux
        if (into[0] - v[0]) * nx + (into[1] - v[1]) * ny < 0:
            nx, ny = -nx, -ny
        return ((v[0] + nx * off + ux * at_v, v[1] + ny * off + uy * at_v),
                (far[0] + nx * off - ux * at_far, far[1] + ny * off - uy * at_far))

    near1, start1 = beside(far1, c2, 8, 8)
    near2, end2 = beside(far2, c5, off, off)
    return [c2, start1, near1, near2, end2, c5]


def _board(wadi: tuple[float, float] | None, corner: bool):
    lay, grid, im, d = blank_board(paper=SAND, ink=WHITE)
    dashed(d, [lay.hex_to_pixel(grid.hex(i)) for i in TRACK], BROWN, 4)  # as MMP Afrika's track
    if wadi is not None:
        _wadi(d, lay, grid, *WADI, *wadi)
    if corner:
        dashed(d, _corner_path(lay, grid), BROWN, 4)
    return grid, im


# (half-width, wander) px of the wadi's band at 30 px hexes: 8 px across wandering 4 px, 10 px across wandering 2 px
WADIS = [(4.0, 4.0), (5.0, 2.0)]


@pytest.mark.parametrize("wadi", WADIS)
def test_a_wadi_along_a_side_is_no_crossing(wadi):
    """The track's sides are found, and the side the wadi is drawn along is not (old code: found)."""
    grid, im = _board(wadi, corner=False)
    assert _found(grid, im) == _sides(grid, TRACK)


@pytest.mark.parametrize("wadi", WADIS)
def test_old_code_takes_the_wadi(monkeypatch: pytest.MonkeyPatch, wadi):
    """Without the rule the wadi's side is read as the track: the test above can fail."""
    monkeypatch.setattr(lines, "ON_HEX_LINES", False)
    grid, im = _board(wadi, corner=False)
    assert grid.side_key(*WADI) in _found(grid, im)


def test_a_line_crossing_at_a_corner_and_running_beside_the_next_hex_line_stays_found():
    """The control: a track beside 0205/0305 in 0205, crossing it near its corner and running on beside 0304/0305
    inside 0305, lies as near the hex lines as the wadi does, but in one hex each side of the crossing: still found
    (as on the old code), with the wadi drawn too and refused."""
    grid, im = _board(WADIS[0], corner=True)
    found = _found(grid, im)
    assert grid.side_key("0205", "0305") in found
    assert grid.side_key(*WADI) not in found
    assert _sides(grid, TRACK) <= found


def test_the_straddle_keeps_the_corner_crossing(monkeypatch: pytest.MonkeyPatch):
    """Nearness to the hex lines alone (no straddle asked: session 45's tried form) loses the corner crossing: the
    control above can fail."""
    monkeypatch.setattr(lines, "STRADDLE", 0.0)
    grid, im = _board(WADIS[0], corner=True)
    assert grid.side_key("0205", "0305") not in _found(grid, im)
