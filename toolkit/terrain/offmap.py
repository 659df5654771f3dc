"""Hexes of a calibrated grid that are not on the printed map.

A map's extent is a box of columns and rows, but many maps are not boxes: The Longest Day's Normandy is L-shaped on
a rectangular image, the rest filled with a flat grey. Hexes there would be extracted as terrain (the grey read as
city). Two ways to leave them out, both written as the extent's ``missing`` ids (DESIGN.md's grid block):

* the user names them: ``--off-map`` ids, or ``FIRST:LAST`` boxes of columns and rows (:func:`parse_cells`);
* :func:`blank_cells` finds the hexes that carry no ink at all - no printed hex line, no id, no terrain, one flat
  colour over the whole hex and a band around it - and :func:`off_map` keeps those reached from the edge of the
  extent through other blank hexes (the area beyond the map's printed edge, a blank margin). Every printed map hex
  has at least its hex lines (or the terrain's edges) in it, so it is never blank; a hex cut by the map's edge
  holds the edge and is kept. Blank hexes inside the map (not reached from its edge) are only reported.
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Iterable
from typing import Any

import numpy as np
from PIL import Image

from ..errors import GridError, InputError
from ..hexgrid import Extent, Grid

__all__ = ["BLANK_RANGE", "blank_cells", "id_ranges", "off_map", "parse_cells", "with_missing"]

Cell = tuple[int, int]

#: the most a colour channel may vary (0..255) over a hex and a band around it for the hex to count as blank: above
#: the noise of a flat JPEG area or of paper, below any printed line (the faint white hex lines of a painted map
#: differ from the paint beside them by 30 or more)
BLANK_RANGE = 18


def _pool(a: np.ndarray, b: int, op: np.ufunc) -> np.ndarray:
    """``op`` (maximum or minimum) over ``b`` x ``b`` blocks of an (H, W, C) array, then over each block's 3 x 3
    neighbours (so that ink at a block's edge counts in the blocks beside it too): elementwise passes only."""
    hb, wb = a.shape[0] // b, a.shape[1] // b
    rows = a[:hb * b, :wb * b].reshape(hb, b, wb * b, a.shape[2])
    out = rows[:, 0]
    for i in range(1, b):
        out = op(out, rows[:, i])
    cols = out.reshape(hb, wb, b, a.shape[2])
    out = cols[:, :, 0]
    for i in range(1, b):
        out = op(out, cols[:, :, i])
    for axis in (0, 1):  # the 3 x 3 neighbourhood, as two 1-D passes
        g = out.copy()
        if axis == 0:
            g[1:] = op(g[1:], out[:-1])
            g[:-1] = op(g[:-1], out[1:])
        else:
            g[:, 1:] = op(g[:, 1:], out[:, :-1])
            g[:, :-1] = op(g[:, :-1], out[:, 1:])
        out = g
    return out


def blank_cells(image: object, grid: Grid, threshold: float = BLANK_RANGE) -> set[Cell]:
    """The (col, row) cells of ``grid``'s extent whose hex is one flat colour on the image: no channel varies by
    more than ``threshold`` over the hex and a band about a tenth of a hex wide around it. Hexes with under half
    their area on the image are not judged (never blank)."""
    if grid.layout is None:
        raise GridError("the grid has no calibration")
    lay = grid.layout
    off = grid.numbering.offset
    cells = list(grid.extent.cells())
    if not cells:
        return set()
    axial = np.array([tuple(off.to_hex(c, r)) for c, r in cells], dtype=np.int64)
    size = math.sqrt(abs(lay.hex_area()) / (1.5 * math.sqrt(3.0)))
    b = max(2, min(8, int(size / 5)))  # blocks of about a tenth of a hex across
    # only the part of the image under the extent (and a hex around it) is read
    am = np.array(lay.matrix)
    cen = axial @ am[:, :2].T + am[:, 2]
    x0, y0 = (max(0, int(v)) for v in cen.min(axis=0) - 2 * size)
    x1, y1 = (int(v) for v in cen.max(axis=0) + 2 * size)
    if isinstance(image, Image.Image):  # cropped before its pixels are copied out
        x1, y1 = min(x1, image.width), min(y1, image.height)
        image = image.crop((x0, y0, max(x0, x1), max(y0, y1)))
        rgb = np.asarray(image)
    else:
        rgb = np.asarray(image)[y0:max(y0, y1), x0:max(x0, x1)]
    if rgb.ndim == 2:
        rgb = rgb[:, :, None]
    hi = _pool(rgb, b, np.maximum)
    lo = _pool(rgb, b, np.minimum)
    hb, wb = hi.shape[:2]
    if not hb or not wb:
        return set()
    q0, r0 = axial.min(axis=0)
    nq, nr = axial.max(axis=0) - (q0, r0) + 1
    index = np.full((nq, nr), -1, dtype=np.int64)
    index[axial[:, 0] - q0, axial[:, 1] - r0] = np.arange(len(cells))
    # which hex each block's centre lies in (the cube rounding of Layout.pixel_to_hex, vectorised)
    det = lay.a * lay.e - lay.b * lay.d
    xs = (np.arange(wb) + 0.5) * b - 0.5 + x0 - lay.c
    ys = (np.arange(hb) + 0.5) * b - 0.5 + y0 - lay.f
    px = np.broadcast_to(xs[None, :], (hb, wb)).ravel()
    py = np.broadcast_to(ys[:, None], (hb, wb)).ravel()
    fq = (lay.e * px - lay.b * py) / det
    fr = (lay.a * py - lay.d * px) / det
    fs = -fq - fr
    q, r, s = np.floor(fq + 0.5), np.floor(fr + 0.5), np.floor(fs + 0.5)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    first = (dq > dr) & (dq > ds)
    q = np.where(first, -r - s, q)
    r = np.where(~first & (dr > ds), -q - s, r)
    qi, ri = q.astype(np.int64) - q0, r.astype(np.int64) - r0
    ok = (qi >= 0) & (qi < nq) & (ri >= 0) & (ri < nr)
    k = np.full(qi.shape, -1, dtype=np.int64)
    k[ok] = index[qi[ok], ri[ok]]
    sel = np.nonzero(k >= 0)[0]
    k = k[sel]
    n = len(cells)
    top = np.zeros((n, rgb.shape[2]), dtype=np.uint8)
    bottom = np.full((n, rgb.shape[2]), 255, dtype=np.uint8)
    np.maximum.at(top, k, hi.reshape(-1, rgb.shape[2])[sel])
    np.minimum.at(bottom, k, lo.reshape(-1, rgb.shape[2])[sel])
    count = np.bincount(k, minlength=n)
    area = abs(lay.hex_area()) / (b * b)
    flat = (count >= 0.5 * area) & ((top.astype(np.int16) - bottom).max(axis=1) <= threshold)
    return {cells[i] for i in np.nonzero(flat)[0].tolist()}


def off_map(grid: Grid, blank: Iterable[Cell]) -> tuple[set[Cell], set[Cell]]:
    """(off the map, blank inside the map): the blank cells reached from the edge of ``grid``'s extent through
    blank cells (a hex whose neighbour is outside the extent is on its edge), and the other blank cells."""
    blank = set(blank)
    off = grid.numbering.offset
    cells = set(grid.extent.cells())
    to_cell = {off.to_hex(c, r): (c, r) for c, r in cells}
    todo = deque(c for c in blank if any(n not in to_cell for n in off.to_hex(*c).neighbours()))
    seen = set(todo)
    while todo:
        c = todo.popleft()
        for n in off.to_hex(*c).neighbours():
            nc = to_cell.get(n)
            if nc is not None and nc in blank and nc not in seen:
                seen.add(nc)
                todo.append(nc)
    return seen, blank - seen


def parse_cells(grid: Grid, specs: Iterable[str], option: str = "--off-map", inside: bool = True) -> set[Cell]:
    """The cells named by ``specs``: hex ids, or ``FIRST:LAST`` (every column and row of the box between two
    corner ids), several separated by commas or spaces. Cells outside the extent are refused (``inside``)."""
    nb = grid.numbering
    out: set[Cell] = set()
    for spec in specs:
        if not spec.replace(",", " ").split():  # '--hexes ""' named nothing and passed: tiles wrote no page, exit 0
            raise InputError(f"{option} names no hex (give hex ids or FIRST:LAST boxes, e.g. 0101 or 0101:1530)")
        for part in re.sub(r"\s+to\s+", ":", spec.strip()).replace(",", " ").split():
            try:
                pair = _box_ends(nb, part)
            except GridError as exc:
                raise InputError(f"{option} {part}: {exc}") from None
            if pair is None:
                raise InputError(f"{option} takes hex ids or FIRST:LAST boxes (e.g. 0101 or 0101:1530), not {part!r}")
            c0, c1 = sorted(c for c, _ in pair)
            r0, r1 = sorted(r for _, r in pair)
            e = grid.extent
            if not inside:
                continue
            # the extent is checked before the box is listed: a mistyped corner (0101:99999999999999) would
            # otherwise list 10^14 cells, and the command was killed for want of memory
            if not (e.first_col <= c0 and c1 <= e.last_col and e.first_row <= r0 and r1 <= e.last_row):
                raise InputError(f"{option} {part}: not inside the map's extent ({nb.format(e.first_col, e.first_row)}"
                                 f" to {nb.format(e.last_col, e.last_row)})")
            out |= {(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}
    return out


def _box_ends(nb: Any, part: str) -> list[Cell] | None:
    """The two corner cells of ``part``: one id (its own box), or FIRST:LAST split at the colon that ends a whole
    id (a Europa id holds a colon itself: 35:0913:35:1216); None when it is neither shape. Raises the id's
    GridError when ``part`` has the shape of one id or one box but an id does not read."""
    ends = part.split(":")
    if not all(ends):
        return None
    if len(ends) > 1:
        try:
            return [nb.parse(part)] * 2  # a Europa id alone
        except GridError:
            pass
        for i in (i for i, ch in enumerate(part) if ch == ":"):
            try:
                return [nb.parse(part[:i]), nb.parse(part[i + 1:])]
            except GridError:
                continue
        if len(ends) > 2:
            return None
    return [nb.parse(e) for e in ends] * (3 - len(ends))  # one id: the box of that hex alone


def with_missing(grid: Grid, cells: Iterable[Cell]) -> Grid:
    """``grid`` with ``cells`` added to its extent's missing ones (refused when nothing would be left)."""
    e = grid.extent
    missing = frozenset(e.missing | set(cells))
    if all(c in missing for c in Extent(e.first_col, e.last_col, e.first_row, e.last_row).cells()):
        raise InputError("every hex of the extent would be off the map: check --off-map")
    return Grid(grid.numbering, Extent(e.first_col, e.last_col, e.first_row, e.last_row, missing), grid.layout)


def id_ranges(grid: Grid, cells: Iterable[Cell]) -> list[str]:
    """``cells`` as ids and ``FIRST:LAST`` runs down each column (for a message a person can read)."""
    by_col: dict[int, list[int]] = {}
    for c, r in cells:
        by_col.setdefault(c, []).append(r)
    out: list[str] = []
    fmt = grid.numbering.format
    for c in sorted(by_col):
        rows = sorted(by_col[c])
        runs: list[list[int]] = []
        for r in rows:
            if runs and r == runs[-1][1] + 1:
                runs[-1][1] = r
            else:
                runs.append([r, r])
        out.extend(fmt(c, a) if a == b else f"{fmt(c, a)}:{fmt(c, b)}" for a, b in runs)
    return out
