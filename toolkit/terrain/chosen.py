"""A legend class read by its printed symbol (symbols.py's template) when the colour readings fail its own examples,
chosen from those examples - without the user writing ``symbol: true`` (issue 14: a map's villages).

Vae Victis' Velikie Louki prints a village as one small dark square (about 1.5% of a hex) on the snow, with its name.
Its example hexes average to a blend a little darker than the snow, and the colour reading reads most of them as
clear ("mixed: clear only 49-51%"); the marks and blobs readings (marks.py, blobs.py) learn no colour of it, since the
squares' dark grey-green is also the town's building blocks' (the town's example holds far more of it: a colour
another class's example holds a third as much of is not the class's). A template of the squares (symbols.py) tells
them: with ``symbol: true`` the legend's three village examples give a template that finds each of them with the
others' template (leave-one-out 3 of 3), one of the 14 other classes' examples, and every village of the studied
region (27/30 -> 30/30). A user who gives example hexes should not have to know to say so. So, after the colour
reading and the readings that correct it (textures, dots, marks, blobs: extract.py), for a class of the legend
read by its colour:

1. **Its colour fails its examples**: ``FAILED`` of its example hexes or more (at least ``LEAST_EXAMPLES`` of them)
   are read as another class. A class that its colour (or its marks, blobs or texture) reads right on its own
   examples is left to them: the symbol reading is tried only where those readings fail the only hexes whose class
   the user gave (whichever reading failed them: Velikie Louki's village is also a dotted class to texture.py, its
   square a dot on the snow, and its examples read clear all the same). Not on a map read by its centres
   (``centre:``: the marks are not read there either), nor with a legend's priority rules (they say how a hex is
   read).
2. **A template finds them** (symbols.find_symbols with the class as a ``symbol: true`` class, against every other
   class's colour): the leave-one-out check finds every example (each with the template of the others: the symbol
   is what they share, not one example's art), every example is found, and at most ``OTHERS`` of the other
   classes' examples are (a template of a class's fill, names or lines matches the others' examples too; Velikie
   Louki's village template matches one of 14, a forest hex beside a village), and less than ``OTHER_CLASS`` of any
   one class's (a template that finds the town's examples is the town's blocks as much as the villages' squares:
   it would read every town hex as a village). First on the legend's examples and
   the hexes about the class's (within ``RING``: the ground the symbol must stand out from), where the template must
   also be small - at most blobs.MOST of the hex, a symbol printed in it, not a fill - then on the whole grid, which
   reads the hexes. The first check costs a few dozen hexes' matching where the whole grid's costs thousands: Roads
   to Gettysburg's rough (speckles) and woods (blobs of trees), whose examples all read as another class, cost
   10.4 s and 18.1 s of CPU on its 1881 hexes, refused; among their examples and the hexes about them 1.3 s and
   1.7 s (the rough's leave-one-out 0 of 3 there as on the grid; the woods' 1 of 3, its template 1640 px, half a
   hex, where about them within two steps it finds 3 of 3 and only its size refuses it).
3. **Read so**: a hex the colour reading decided where the template is found is the class (its ground kept for its
   lines, as the marks' hexes; not a hex moved by its marks or a blob). A hex the colour reading reads as the class
   keeps it where the template is not found: ``symbol: true`` would read it as its next class, and measured so (with
   a first form of step 2 that chose Roads to Gettysburg's woods too) the woods hex 5318 of its studied region 2
   (woods by 90% of its colour, its trees no blob of the examples' shape) went to town, and Velikie Louki's region 1
   (blind, totals) read 75/81 against 76 kept. The symbol is not given to the line tracers (``stamps``): a class so
   chosen moves hexes, not lines. Not where the map also prints the symbol's colour as an area the colour reading
   reads as the class - a connected part over blobs.MOST of such a hex (:func:`filled`): the class is then a
   coverage class whose small prints are a part of a hex, not its symbol, as blobs.py reads it (test_centre_chosen's
   coverage board: houses a tenth of the hex at the five wooden examples' centres, and a hex wooden all over but
   its centre; the examples read open, and the template of the houses read every house hex wooden).

On the real boards (whole real_boards, 48 cases): Velikie Louki's village is chosen - region 2 (studied) 27/30 ->
30/30, region 1 (blind, totals) 72 -> 76/81 - and nothing else moves. Tried and refused by step 2: Roads to
Gettysburg's rough and woods (the rough's examples read woods or rolling by colour, the woods' every one rolling),
Stonewall Jackson's Way's town (leave-one-out 0 of 3 among its examples), MMP Afrika's stipple (0 of 3). Measured and
not kept: the whole grid's check alone chose the Gettysburg woods too (region 1, blind, 75 -> 77/81; region 2,
studied, 77/81 as before) at 18 s of CPU more on that board, and tried its rough for 10 s.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..errors import GridError, HexIdError, InputError
from ..hexgrid import Extent, Grid
from .blobs import MOST, _largest
from .colour import lab_table
from .symbols import WORK_SIZE, SymbolClass, SymbolReport, _inset_mask, _size, _windows, find_symbols, working_codes

__all__ = ["Chosen", "choose_symbols", "failing", "filled"]

LEAST_EXAMPLES = 2  # a class needs this many example hexes (leave-one-out needs two)
FAILED = 0.5  # ... and this share of them or more read as another class, for its symbol reading to be tried
RING = 1  # the first check reads the examples and the hexes within this many steps of the class's examples
OTHERS = 0.25  # the template may be found in at most this share of the other classes' examples ...
OTHER_CLASS = 0.5  # ... and in less than this share of any one other class's


@dataclass(frozen=True)
class Chosen:
    """A class chosen to be read by its symbol: the hexes its template is found in and what symbols.py learned."""

    name: str
    found: frozenset[str]
    report: SymbolReport
    failed: int  # its examples read as another class


def failing(examples: Mapping[str, Sequence[str]], read: Mapping[str, str | None], candidates: Sequence[str]
            ) -> dict[str, int]:
    """The ``candidates`` (class names) whose examples the readings fail (module doc, step 1): class -> how many of
    its examples ``read`` (hex -> class) gives another class (an example read as nothing - at the image's edge, with
    nothing to classify - is not counted: review37 C9)."""
    out: dict[str, int] = {}
    for n in candidates:
        hs = [h for h in examples.get(n, ()) if read.get(h) is not None]  # (not read at all: off the image)
        if len(hs) < LEAST_EXAMPLES:
            continue
        wrong = sum(1 for h in hs if read[h] != n)
        if wrong and wrong >= FAILED * len(hs):
            out[n] = wrong
    return out


def choose_symbols(image: Image.Image, grid: Grid, examples: Mapping[str, Sequence[str]],
                   failed: Mapping[str, int], colours: Mapping[str, Sequence[float]],
                   line_labs: Sequence[Sequence[float]]) -> list[Chosen]:
    """Of the classes ``failed`` (class -> its examples read wrong: :func:`failing`), those whose template of their
    examples passes step 2 of the module doc, first among the legend's examples alone, then on ``grid``; ``colours``:
    every class's colour (Lab), the others' the ground the symbol is told from; ``line_labs``: the lines' colours."""
    out: list[Chosen] = []
    every = [h for hs in examples.values() for h in hs]
    for n in failed:
        mine = tuple(examples[n])
        others = {k: hs for k, hs in examples.items() if k != n}
        terrain = [c for k, c in colours.items() if k != n]
        # among the examples and the hexes about the class's first (cheap: a hundred hexes, not the map's thousands)
        try:
            judged = _only(grid, [*every, *(grid.id(x) for h in mine for x in grid.within(grid.hex(h), RING))])
        except (GridError, HexIdError):
            continue
        if _symbol(image, judged, n, mine, others, terrain, line_labs, small=True, loo_stops=True) is None:
            continue
        got = _symbol(image, grid, n, mine, others, terrain, line_labs)
        if got is not None:
            out.append(Chosen(n, frozenset(got[0]), got[1], failed[n]))
    return out


def _symbol(image: Image.Image, grid: Grid, name: str, mine: Sequence[str], by_class: Mapping[str, Sequence[str]],
            terrain: Sequence[Sequence[float]], line_labs: Sequence[Sequence[float]], small: bool = False,
            loo_stops: bool = False) -> tuple[set[str], SymbolReport] | None:
    """The hexes of ``grid`` the template of class ``name``'s examples ``mine`` is found in and its report, where it
    passes step 2 of the module doc (``by_class``: the other classes' examples; ``terrain``: their colours;
    ``small``: and the template is no larger than ``blobs.MOST`` of the hex), else None. ``loo_stops``: find_symbols
    stops at a failed leave-one-out, refused here either way (review37 C9: the hexes not matched for nothing)."""
    try:
        found, reports = find_symbols(image, grid, [SymbolClass(name, tuple(mine), terrain=True)], terrain, line_labs,
                                      loo_stops=loo_stops)
    except InputError:
        return None  # no colour of its examples unlike the other classes', or no shared mark: no symbol
    rep, hit = reports.get(name), found.get(name, set())
    others = [h for hs in by_class.values() for h in hs]
    if rep is None or rep.loo_total < LEAST_EXAMPLES or rep.loo_found < rep.loo_total:
        return None  # an example the others' template does not find: not one symbol
    if any(h not in hit for h in mine):
        return None
    if sum(1 for h in others if h in hit) > OTHERS * len(others):
        return None  # its template is the others' art too (a fill, a name, a line through every example)
    for hs in by_class.values():
        if hs and sum(1 for h in hs if h in hit) >= OTHER_CLASS * len(hs):
            return None  # the art of another class (a town's blocks of the villages' colour)
    if small:
        assert grid.layout is not None
        f = max(1, round(_size(grid.layout) / WORK_SIZE))
        if rep.template_px > MOST * grid.layout.hex_area() / f ** 2:
            return None  # a fill of the hex, not a symbol printed small in it
    return hit, rep


def filled(image: Image.Image, grid: Grid, report: SymbolReport, hexes: Sequence[str]) -> bool:
    """Whether the symbol's colour (``report``'s, within its tolerance) makes a connected part over blobs.MOST of one
    of ``hexes`` (the hexes the colour reading reads as the class): the map prints it as an area of the class, a
    coverage class whose small prints are a part of a hex, not its symbol (module doc, step 3)."""
    if not hexes:
        return False
    assert grid.layout is not None
    f = max(1, round(_size(grid.layout) / WORK_SIZE))
    lay = grid.layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    tab = lab_table()
    lut = np.sqrt(((tab - np.asarray(report.colour, np.float32)[:, None]) ** 2).sum(axis=0)) < report.tolerance
    member = lut[working_codes(image, f)]
    r = math.ceil(_size(lay))
    inside = _inset_mask(lay, grid.hex(hexes[0]), r, 1.0)
    centres = np.array([[round(v) for v in lay.hex_to_pixel(grid.hex(h))] for h in hexes], np.intp)
    area = max(1, int(inside.sum()))
    return any(_largest(w, inside) > MOST * area for w in _windows(member, centres, r, r))


def _only(grid: Grid, ids: Sequence[str]) -> Grid:
    """``grid`` with only the hexes ``ids`` (the legend's examples): its other cells missing."""
    cells = {grid.numbering.parse(h) for h in ids if h in grid}
    c0, c1 = min(c for c, _ in cells), max(c for c, _ in cells)
    r0, r1 = min(r for _, r in cells), max(r for _, r in cells)
    gone = frozenset((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)) - cells
    return Grid(grid.numbering, Extent(c0, c1, r0, r1, gone), grid.layout)
