"""A river's ford (Roads to Gettysburg, Stonewall Jackson's Way): the navy river drawn along its sides, and at a ford
its water drawn light - a light blue beside the navy, the creeks' colour. Read as an 'along' line of its own, that
light water is a creek along the river's side (Gettysburg 2: 5018/5119 false). Band notes 6: an 'along' line drawn in
a lighter version of another 'along' line's colour is that line's edge where it lies next to it (band notes 2, read
for 'along' lines after their learning), the other line's samples counted in runs as wide as its marked sides show
it (a creek's own thin dark core, or a hex line of a colour near the river's, is no river)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import ImageFilter

from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 40.0
PAPER = (251, 247, 175)
NAVY = (75, 73, 108)  # Stonewall Jackson's Way's river
LIGHT = (142, 161, 180)  # its creeks' light blue


def _path(lay, grid, row: int) -> list[tuple[float, float]]:
    """The zigzag along the lower sides of ``row`` from column 01 to 09."""
    path: list[tuple[float, float]] = []
    for c in range(1, 10):
        bottom = sorted(lay.corners(grid.hex(f"{c:02d}{row:02d}")), key=lambda p: -p[1])[:2]
        path += sorted(bottom)
    return path


def _keys(lay, grid, path) -> list[str]:
    ends = [(round(x), round(y)) for x, y in path]
    out = []
    for a, b in pairwise(ends):
        for sd in grid.hexsides():
            if {tuple(map(round, p)) for p in lay.hexside_endpoints(sd)} == {a, b}:
                out.append(grid.side_key(grid.id(sd.a), grid.id(sd.b)))
    return out


def _board(core: bool = False):
    """A navy river along the lower sides of row 02, its ford's light water beside it along two of them; a light-blue
    creek along the lower sides of row 05 (``core``: with a thin stroke of navy down its middle past its marked
    sides)."""
    lay, grid, im, d = blank_board(columns=9, rows=7, size=SIZE, origin=(SIZE, SIZE),
                                   image=(int(SIZE * 15), int(SIZE * 13)), paper=PAPER, ink=(120, 110, 60))
    river, creek = _path(lay, grid, 2), _path(lay, grid, 5)
    rkeys, ckeys = _keys(lay, grid, river), _keys(lay, grid, creek)
    d.line(river, fill=NAVY, width=9, joint="curve")
    d.line(creek, fill=LIGHT, width=4, joint="curve")
    if core:
        d.line(creek[6:], fill=NAVY, width=2)  # past its marked sides
    fords = []
    for k in (7, 11):  # two sides of the river: the ford's water along the navy's lower edge, over 80% of the side
        (x0, y0), (x1, y1) = river[k], river[k + 1]
        n = np.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / n, (y1 - y0) / n
        ox, oy = -uy * 3.5, ux * 3.5
        if oy < 0:
            ox, oy = -ox, -oy
        a, b = 0.1 * n, 0.9 * n
        d.line([(x0 + ux * a + ox, y0 + uy * a + oy), (x0 + ux * b + ox, y0 + uy * b + oy)], fill=LIGHT, width=4)
        fords.append(rkeys[k])
    assert len(rkeys) == len(ckeys) == 17
    return grid, im.filter(ImageFilter.GaussianBlur(0.8)), rkeys, ckeys, fords


def _legend(rkeys: list[str], ckeys: list[str]) -> dict:
    return {"terrain": {"clear": "#fbf7af"},
            "features": {"river": {"colour": "#4b496c", "kind": "along", "yes": rkeys[1:4]},
                         "creek": {"colour": "#8ea1b4", "kind": "along", "yes": ckeys[1:4]}}}


def _found(ext, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}


def test_a_fords_light_water_beside_the_river_is_no_creek():
    """Every river and creek side, the ford's sides no creek (on the old code both are read as creek)."""
    grid, im, rkeys, ckeys, _ = _board()
    ext = extract(im, grid, _legend(rkeys, ckeys))
    assert _found(ext, "creek") == set(ckeys)
    assert _found(ext, "river") == set(rkeys)


def test_without_the_rule_the_ford_is_read_as_creek(monkeypatch):
    monkeypatch.setattr(extract_sides, "ALONG_EDGES", False)
    grid, im, rkeys, ckeys, fords = _board()
    found = _found(extract(im, grid, _legend(rkeys, ckeys)), "creek")
    assert set(fords) <= found


def test_a_creeks_own_thin_dark_core_is_no_river(monkeypatch):
    """A creek drawn with a 2 px navy stroke down its middle (nearer the river's colour than the creek's): its light
    edges lie next to it, but it is no river - a run thinner than the river's marked sides show it. Counted as the
    river (``_as_wide`` off), the creek is lost there (its marked sides, without the core, keep the rule on)."""
    grid, im, rkeys, ckeys, _ = _board(core=True)
    assert set(ckeys) <= _found(extract(im, grid, _legend(rkeys, ckeys)), "creek")
    monkeypatch.setattr(extract_sides, "_as_wide", lambda mask, width: mask)
    assert not set(ckeys) <= _found(extract(im, grid, _legend(rkeys, ckeys)), "creek")
