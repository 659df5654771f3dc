"""Classes printed as marks of a colour of their own over other classes' grounds (issue 14: tree symbols over tan,
relief and cream), read by that colour's share of the hex.

A class drawn as symbols on a ground (GMT Next War: Korea's forest: dark green trees over the tan open ground, over
the hills' shaded relief or over the cream lowland) has no colour of its own to the colour reading (extract.py, steps
2-3): its blocks average the marks into the ground, so its learned colour is the marks blended into the ground its
examples lie on, and over another ground the blend lies nearer that ground's class (Next War: Korea's studied region
2: all 16 forest hexes over relief read hills, the one over cream marsh). The marks' own colour is the same over
every ground, and so is the share of the hex they cover (there 9.3-14.2% of every forest hex, 0.4% or less of every
other, the legend's 3 forest examples - over tan, relief and cream - 11.2-14.6%: RESULTS-nwk.md). So, where the
legend's examples show it:

1. **Colour** (:func:`learn_marks`). The pixels of every example hex (at about symbols.WORK_SIZE px a hex: the
   scale follows the hex size; inside ``INSET`` of the hex) are binned in CIELAB cells ``CELL`` Delta E a side. A
   cell is the class's mark colour when it holds ``PRESENT`` of its example hexes' pixels (pooled) or more, and no
   example hex of another class holds more than ``1 / RATIO`` of that of it or of a cell beside it (a colour bordering
   another class's is not the class's own). Never a mark colour: a line's mask (within
   extract_raster.MASK_TOLERANCE of a line feature's colour, per channel: a road or river of that colour through the
   examples or the map is the line's, not the class's), ink (darker than the legend's ink lightness: lettering, hex
   lines) and a colour within ``MODE_RADIUS`` of any colour the colour reading reads by (a class's fill is read by
   colour).
2. **Over other grounds**: the class is read so only when an example's ground - the median of its pixels that are
   neither marks nor ink - lies nearer another class's colour than its own: marks printed over a fill of the class's
   own colour (the synthetic scans' forest: darker tree dots on its green) leave it to the colour reading, which holds.
   (A dotted class, texture.py, whose examples all lie on one ground is left to its dots' reading: extract.py.)
   Nor are strokes marks: a colour lying in the class's examples mostly in parts reaching ``STROKE_REACH`` of the
   hex across (:func:`_strokes`) is a line the legend does not list (a road through every example of a town).
3. **Told apart**: every example of the class covers ``LEAST`` of its hex or more with the marks' colours, and at
   most ``MOST`` (a minority colour), and every other class's example at most ``1 / RATIO`` of the least of them; the
   threshold lies between the class's typical example (the median of its examples' shares) and the others' highest,
   at their geometric mean (that highest counted as at least ``1 / RATIO**2`` of the typical: with none of the colour
   in them, a third of the typical example), and at most the least example (every example is the class). The marks
   cover a hex in about the share of it the class covers, so the bar is a share of the typical example: one thin
   example (fewer trees: the least) no longer lowers it for every hex, where a hex of another class with a patch of
   the class along one side reached it (The Longest Day's majority legend: forest 0.89% from its least example
   2.66%, 0.93% from its typical 2.79%; its blind region 5 lost one hex to the rule - not looked at: smallhex).
   Cross-checked on the examples: each example hex, of every class, lies on its side of the threshold the colour and
   threshold learned from the other examples give (leave one out); a class that fails it is not read so.
4. **Share** (:func:`mark_shares`): each hex's share of the marks' colours, at the same scale and inset.
5. **Read** (extract.py ``_read_marks``): a hex the colour reading decided (not a coverage rule) whose share reaches
   the threshold is the class, whatever its ground; its ground's class is kept as the ground its lines are read on
   (extract_sides). It is listed for review only within extract.NEAR_RULE of the threshold, as a coverage rule's
   hexes are. Below the threshold the colour reading stands (measured: taking a hex read as the class by colour with
   fewer marks to its next class moved only hexes off the labelled regions) - but for a hex read as the class holding
   no more of its marks than the other classes' examples do (``others``): the class's colour is a blend of its marks
   and their ground, no reading of it, and such a hex is read back to the ground the examples print the marks on
   (extract.READ_BACK; blobs.py step 5: RBM Studio's Waterloo Campaign 1815). Not a dotted class (texture.py reads
   its dots).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..hexgrid import Grid
from .colour import lab_table, rgb_codes, rgb_to_lab
from .extract_raster import MASK_TOLERANCE, _hex_raster, _median
from .lines import _long_parts
from .symbols import WORK_SIZE, _size, working_codes
from .texture import _Reader

__all__ = ["Marks", "furthest_marks", "learn_marks", "mark_shares"]

INSET = 0.85  # pixels inside this share of the hex size are read (hex lines left out)
CELL = 10.0  # Delta E: the side of a colour cell (CIELAB L*, a*, b*)
PRESENT = 0.001  # a cell is the class's when it holds this share of its example hexes' pixels (pooled) or more ...
# ... and no other class's example hex holds more than 1 / RATIO of that share of it or of a cell beside it
LEAST = 0.02  # every example of the class: its marks cover this share of the hex or more (a cluster of pixels) ...
MOST = 0.5  # ... and at most this share (a minority colour: a class that fills its hexes with it is read by colour)
RATIO = 3.0  # ... and every other class's example at most 1 / RATIO of the least of them (and see PRESENT)
STROKE_REACH = 0.6  # a part of the marks' colour reaching this share of the hex size across is a stroke ...
STROKES = 0.5  # ... and a colour lying so in more than this share of its pixels is a line's, not marks (_strokes)
MODE_RADIUS = 10.0  # Delta E: a colour this near a class's own colour is the colour reading's, not a mark's


@dataclass(frozen=True)
class Marks:
    """A class read by its marks' colours: ``codes`` (a bool over colour.rgb_codes' 64**3 codes), the threshold on
    their share of a hex, the examples' shares (the class's least, the others' highest), the marks' colour (Lab,
    their cells' centres weighted by the examples' pixels) and the grounds its examples print them on."""

    name: str
    codes: np.ndarray
    threshold: float
    least: float
    others: float
    colour: tuple[float, float, float]
    grounds: tuple[str, ...] = ()  # the classes whose colour its examples' ground is


def _cells(lab: np.ndarray) -> np.ndarray:
    """Each Lab colour's cell index (``CELL`` a side; L* 0-100, a* and b* -128..128)."""
    li = np.clip((lab[0] / CELL).astype(np.int32), 0, 10)
    ai = np.clip(((lab[1] + 130) / CELL).astype(np.int32), 0, 26)
    bi = np.clip(((lab[2] + 130) / CELL).astype(np.int32), 0, 26)
    return (li * 27 + ai) * 27 + bi


NCELLS = 11 * 27 * 27


def _grown(cells: np.ndarray) -> np.ndarray:
    """(n, NCELLS) shares with each cell's and its 26 neighbours' summed (a colour on a cell's edge), axis by axis."""
    a = cells.reshape(len(cells), 11, 27, 27)
    for axis in (1, 2, 3):
        p = np.pad(a, [(1, 1) if i == axis else (0, 0) for i in range(4)])
        n = a.shape[axis]
        a = p.take(range(0, n), axis=axis) + p.take(range(1, n + 1), axis=axis) + p.take(range(2, n + 2), axis=axis)
    return a.reshape(len(cells), NCELLS)


def _code_lab(codes: np.ndarray) -> np.ndarray:
    """(3, n) CIELAB of colour.rgb_codes' ``codes`` (their cells' centres: colour.lab_table's values, without the
    table)."""
    rgb = np.stack([((codes >> s) & 63).astype(np.float32) * 4 + 1.5 for s in (12, 6, 0)], axis=-1)
    return np.ascontiguousarray(rgb_to_lab(rgb).T)


def _excluded(codes: np.ndarray, lab: np.ndarray, lines: Sequence[tuple[int, int, int]], ink_lightness: float,
              colours: Sequence[Sequence[float]]) -> np.ndarray:
    """Which of ``codes`` (colour.rgb_codes; ``lab``: their (3, n) CIELAB) are never a mark colour: a line's mask,
    ink, a class's own colour (module doc, step 1)."""
    out = lab[0] < ink_lightness
    rgb = [((codes >> s) & 63) * 4 + 2 for s in (12, 6, 0)]  # the code's middle (its channels' 4 levels)
    for c in lines:
        out |= ((np.abs(rgb[0] - c[0]) <= MASK_TOLERANCE) & (np.abs(rgb[1] - c[1]) <= MASK_TOLERANCE)
                & (np.abs(rgb[2] - c[2]) <= MASK_TOLERANCE))
    for o in colours:
        out |= (lab[0] - o[0]) ** 2 + (lab[1] - o[1]) ** 2 + (lab[2] - o[2]) ** 2 <= MODE_RADIUS ** 2
    return out


def _grounds(i: int, cells: np.ndarray, cell: np.ndarray, lab: np.ndarray, at: np.ndarray, owner: np.ndarray,
             colours: Mapping[str, Sequence[float]], ink_lightness: float) -> tuple[str, ...]:
    """The class whose colour each example of class ``i`` holds its marks (``cells``) over (module doc, step 2): the
    one nearest the median of its pixels that are neither marks nor ink (``cell``, ``lab``: each example pixel's cell
    and CIELAB, ``at``: its example, ``owner``: each example's class; ``colours``: each class's colour)."""
    names = list(colours)
    cols = np.asarray([colours[k] for k in names], np.float64).reshape(-1, 3)
    out = []
    for e in np.flatnonzero(owner == i):
        px = (at == e) & ~cells[cell] & (lab[0] >= ink_lightness)
        if px.any():
            g = _median(lab[:, px], axis=1)  # (finite: np.median without its numpy.ma import)
            out.append(names[int(np.argmin(((cols - g) ** 2).sum(axis=1)))])
    return tuple(sorted(set(out)))


class _Window(_Reader):
    """Hex windows of the scan at the working scale (colour.rgb_codes), inside the inset hex (texture._Reader's).
    Each hex's window is read once and kept (read only, never written): the marks' and the blobs' learning read the
    same example hexes (extract._read_marks gives both one window)."""

    def __init__(self, image: Image.Image, grid: Grid) -> None:
        super().__init__(image, grid)
        self._squares: dict[str, np.ndarray] = {}

    def codes(self, hex_id: str) -> np.ndarray:
        """The codes of the inset hex's pixels (the scan's edge replicated)."""
        return self.square(hex_id)[self.mask]

    def square(self, hex_id: str) -> np.ndarray:
        """The codes of the hex's square window, (2r+1, 2r+1) (the scan's edge replicated; 0 where off it)."""
        if hex_id not in self._squares:
            a = self.rgb(hex_id)
            self._squares[hex_id] = (np.zeros((2 * self.r + 1, 2 * self.r + 1), np.int32) if a is None else
                                     rgb_codes(a))
        return self._squares[hex_id]


def _learn(own: np.ndarray, other: np.ndarray) -> np.ndarray:
    """The mark cells of a class (module doc, step 1) from its example hexes' cell shares of the colours that may be
    marks ``own`` (n, NCELLS) and the other classes' example hexes' shares of every colour, each cell's summed with
    its neighbours' (:func:`_grown`), ``other`` (m, NCELLS)."""
    if not len(own):
        return np.zeros(NCELLS, bool)
    mean = own.mean(axis=0)
    cells = mean >= PRESENT
    if len(other):
        cells &= other.max(axis=0) * RATIO <= mean
    return cells


def learn_marks(image: Image.Image, grid: Grid, examples: Mapping[str, Sequence[str]],
                colours: Mapping[str, Sequence[float]], lines: Sequence[tuple[int, int, int]],
                ink_lightness: float, reading: Sequence[Sequence[float]] = (),
                window: _Window | None = None) -> list[Marks]:
    """The classes read by their marks' colour (module doc, steps 1-3): ``examples`` (class -> example hexes) of the
    classes ``colours`` (class -> Lab) names; ``lines``: the line features' colours (RGB); ``reading``: every colour
    the colour reading reads blocks by (Lab; the classes' own colours when not given); ``window``: the hex windows
    of ``image`` on ``grid`` (made here when not given)."""
    names = [n for n, hs in examples.items() if n in colours and hs]
    if len(names) < 2:
        return []
    win = _Window(image, grid) if window is None else window
    listed = [(i, h) for i, n in enumerate(names) for h in examples[n]]
    got = [win.codes(h) for _, h in listed]
    owner = np.asarray([i for i, _ in listed])
    at = np.repeat(np.arange(len(got)), [len(c) for c in got])
    codes = np.concatenate(got)
    uniq = np.flatnonzero(np.bincount(codes, minlength=64 ** 3))  # the codes present (np.unique sorts: slower)
    index = np.zeros(64 ** 3, np.int32)
    index[uniq] = np.arange(len(uniq), dtype=np.int32)
    lab = _code_lab(uniq)[:, index[codes]]
    cell = _cells(lab)
    free = ~_excluded(codes, lab, lines, ink_lightness, reading)
    area = max(1, int(win.mask.sum()))
    bins = len(got) * NCELLS
    # each example's shares of the cells, of every colour (whether another class holds a colour, each cell's
    # share summed with its neighbours') and of the colours that may be marks
    y = _grown((np.bincount(at * NCELLS + cell, minlength=bins) / area).astype(np.float32).reshape(-1, NCELLS))
    x = np.bincount(at[free] * NCELLS + cell[free], minlength=bins).reshape(len(got), NCELLS) / area
    out: list[Marks] = []
    every: np.ndarray | None = None  # the cell and whether it may be a mark, of every code (made once one is found)
    for i, n in enumerate(names):
        mine = owner == i
        if mine.sum() < 2:
            continue
        cells = _learn(x[mine], y[~mine])
        if not cells.any():
            continue
        pos, neg = x[mine][:, cells].sum(axis=1), x[~mine][:, cells].sum(axis=1)
        t = _threshold(pos, neg)
        if t is None:
            continue
        grounds = _grounds(i, cells, cell, lab, at, owner, colours, ink_lightness)
        if not set(grounds) - {n}:
            continue  # printed on a fill of its own colour: the colour reading holds it
        if not _cross_checked(x, y, mine):
            continue
        if every is None:
            all_codes = np.arange(64 ** 3, dtype=np.int32)
            tab = lab_table()
            every = np.where(_excluded(all_codes, tab, lines, ink_lightness, reading), -1, _cells(tab))
        member = np.append(cells, False)[every]  # -1: the appended False
        if _strokes(win, [h for (j, h) in listed if j == i], member):
            continue
        centres = np.stack(np.unravel_index(np.flatnonzero(cells), (11, 27, 27)), axis=1) * CELL
        centres += np.array([CELL / 2, CELL / 2 - 130, CELL / 2 - 130])
        w = x[mine][:, cells].sum(axis=0)
        colour = tuple(float(v) for v in (centres * w[:, None]).sum(axis=0) / max(float(w.sum()), 1e-12))
        out.append(Marks(n, member, t, float(pos.min()), float(neg.max()) if len(neg) else 0.0,
                         colour, grounds))  # type: ignore[arg-type]
    return out


def _strokes(win: _Window, hexes: Sequence[str], member: np.ndarray) -> bool:
    """Whether a class's mark colours (``member``: a bool over colour.rgb_codes' codes) lie in its example hexes
    mostly as long strokes - a line the legend does not list (a road or railway through every example of a town),
    not marks: more than ``STROKES`` of their pixels in parts reaching ``STROKE_REACH`` of the hex size across
    (review M1: the colour, not its shape, was counted, and every hex the line crosses took the class)."""
    reach = STROKE_REACH * _size(win.lay)
    total = long = 0
    for h in hexes:
        m = member[win.square(h)] & win.mask
        total += int(m.sum())
        long += int(_long_parts(m, reach).sum()) if m.any() else 0
    return total > 0 and long > STROKES * total


def _cross_checked(x: np.ndarray, y: np.ndarray, mine: np.ndarray) -> bool:
    """Leave one out (module doc, step 3): every example hex (rows of ``x``, ``y``: its cell shares of the colours
    that may be marks, of every colour grown by its neighbours) lies on its side of the threshold the others teach
    (``mine``: the class's)."""
    for e in range(len(x)):
        keep = np.arange(len(x)) != e
        own, other = keep & mine, keep & ~mine
        cells = _learn(x[own], y[other])
        t = _threshold(x[own][:, cells].sum(axis=1), x[other][:, cells].sum(axis=1)) if cells.any() else None
        if t is None or (float(x[e, cells].sum()) >= t) != bool(mine[e]):
            return False
    return True


def _threshold(pos: np.ndarray, neg: np.ndarray) -> float | None:
    """The share between the class's examples ``pos`` and the others' ``neg`` (module doc, step 3), or None."""
    if not len(pos):
        return None
    lo = float(pos.min())
    hi = float(neg.max()) if len(neg) else 0.0
    if lo < LEAST or float(pos.max()) > MOST or hi * RATIO > lo:
        return None
    typical = float(_median(pos))
    return min(lo, math.sqrt(typical * max(hi, typical / RATIO ** 2)))


def furthest_marks(marks: Sequence[Marks], shares: np.ndarray) -> int | None:
    """Which of ``marks`` a hex with these ``shares`` (one a class) takes (module doc, step 5): of the classes whose
    share reaches their threshold, the one reaching furthest past it, as a ratio (review M1b: the first in the
    legend's order took it); None when none reaches."""
    best, at = 1.0, None
    for i, m in enumerate(marks):
        ratio = float(shares[i]) / m.threshold
        if ratio >= best:
            best, at = ratio, i
    return at


def mark_shares(image: Image.Image, grid: Grid, marks: Sequence[Marks]) -> np.ndarray:
    """(len(marks), hexes) the share of each hex (grid.hexes()' order) covered by each class's mark colours (module
    doc, step 4)."""
    assert grid.layout is not None
    f = max(1, round(_size(grid.layout) / WORK_SIZE))
    work = working_codes(image, f)  # the lines' working scale too (review C8)
    lay = grid.layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    hexes = grid.hexes()
    hid = _hex_raster(lay, hexes, work.shape, INSET).reshape(-1) + 1  # 0: in no hex
    codes = work.reshape(-1)
    n = np.maximum(np.bincount(hid, minlength=len(hexes) + 1)[1:], 1).astype(np.float64)
    return np.stack([np.bincount(hid[m.codes[codes]], minlength=len(hexes) + 1)[1:] / n for m in marks])
