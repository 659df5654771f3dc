"""Extraction that follows the print: a grid's warp (:mod:`toolkit.hexgrid.warp`) as pixel offsets, and the scan
resampled so that its print lies where the affine calibration puts it.

:func:`offsets` evaluates the field at image pixels: each node's offset (px) weighted by the tent
``(1 - |du|) * (1 - |dv|)``, ``du``/``dv`` the distance from the node's block middle (the mean of its whole block's
hex centres, a short block at the map's end counted whole) in block widths along the map's columns and rows (the
offset numbering's column and row, continuous). The block middles of one grid lie on a regular lattice, so the tents
add up to one between nodes: the field is the bilinear interpolation of the nodes' offsets, zero where no node is
within a block width.

:func:`follow_print` gives the scan the extraction reads: pixel ``p`` of it is the scan's colour at ``p + d(p)``
(the nearest pixel), so every hex centre, hex outline and hexside the extraction samples at ``p`` on the affine grid
reads the print where the warp says it lies. Pixels where the field is zero are copied unchanged, and a grid without a
warp gives the scan itself (byte-identical extraction, no cost).

:func:`warp_from_fit` makes the field from ``wgt map calibrate``'s local check
(:func:`toolkit.terrain.calibrate.local_fit`): the blocks off by :data:`~toolkit.terrain.calibrate.BEND_WARN` of a
hex or more, and the judged blocks beside them (their own measured offsets: the print moves there too), as nodes;
``None`` when no block is off by that much (a flat sheet: its grid gets no warp).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

from ..hexgrid.warp import Warp, WarpNode

if TYPE_CHECKING:
    from ..hexgrid.grid import Grid
    from .calibrate import LocalFit

__all__ = ["follow_print", "from_print", "offsets", "to_print", "warp_from_fit"]


def _lattice(grid: Grid) -> np.ndarray:
    """The 2x3 affine map from image pixel to continuous (column, row) of the grid's offset numbering."""
    lay = grid.layout
    assert lay is not None
    m = np.array(lay.matrix, dtype=np.float64)
    inv = np.linalg.inv(np.vstack([m, [0.0, 0.0, 1.0]]))[:2]  # pixel -> axial (q, r)
    if grid.numbering.offset.orientation == "flat":  # col = q, row = r + q / 2 (up to a constant)
        to_cr = np.array([[1.0, 0.0], [0.5, 1.0]])
    else:  # pointy: col = q + r / 2, row = r
        to_cr = np.array([[1.0, 0.5], [0.0, 1.0]])
    out: np.ndarray = to_cr @ inv
    return out


@functools.lru_cache(maxsize=8)
def _nodes(grid: Grid, warp: Warp) -> tuple[np.ndarray, np.ndarray]:
    """Each node's block middle in continuous (column, row) and its offset (dx, dy) px (made once a grid: every
    :func:`offsets` call, eight of them for one :func:`from_print`, asks again)."""
    lay = grid.layout
    assert lay is not None
    numbering, off = grid.numbering, grid.numbering.offset
    lat = _lattice(grid)
    mids, vals = [], []
    b = warp.block
    for n in warp.nodes:
        (c0, r0), (c1, r1) = numbering.parse(n.first), numbering.parse(n.last)
        # the whole block's cells, also where the map ends inside it (the last, short block of a side): the middle of
        # the hexes on the map lies off the lattice of block middles there, and the tents then added up to more than
        # one (a 4 px warp read 5 px beside a short block)
        cells = [(c, r) for c in range(min(c0, c1), min(c0, c1) + b) for r in range(min(r0, r1), min(r0, r1) + b)]
        px = np.array([lay.hex_to_pixel(off.to_hex(c, r)) for c, r in cells], dtype=np.float64).mean(axis=0)
        mids.append(lat[:, :2] @ px + lat[:, 2])
        vals.append((n.dx, n.dy))
    m, v = np.array(mids, dtype=np.float64).reshape(-1, 2), np.array(vals, dtype=np.float64).reshape(-1, 2)
    m.flags.writeable = v.flags.writeable = False  # shared by every caller (cached)
    return m, v


def offsets(grid: Grid, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The warp's offset (px) at image pixels ``x``, ``y`` (arrays of one shape): shape ``x.shape + (2,)``; zeros
    when the grid has no warp."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    out = np.zeros((*x.shape, 2), dtype=np.float64)
    warp = grid.warp
    if warp is None or not warp.nodes:
        return out
    lat = _lattice(grid)
    u = (lat[0, 0] * x + lat[0, 1] * y + lat[0, 2]) / warp.block
    v = (lat[1, 0] * x + lat[1, 1] * y + lat[1, 2]) / warp.block
    mids, vals = _nodes(grid, warp)
    for (mu, mv), (dx, dy) in zip(mids / warp.block, vals):
        w = np.clip(1.0 - np.abs(u - mu), 0.0, None) * np.clip(1.0 - np.abs(v - mv), 0.0, None)
        out[..., 0] += w * dx
        out[..., 1] += w * dy
    return out


def to_print(grid: Grid, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where points ``x``, ``y`` of the affine grid (a hex centre, a corner) lie on the scan as printed: ``p + d(p)``
    (the pixel :func:`follow_print` reads for ``p``); the points themselves on a grid without a warp."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    d = offsets(grid, x, y)
    return x + d[..., 0], y + d[..., 1]


def from_print(grid: Grid, x: np.ndarray, y: np.ndarray, steps: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """The points of the affine grid whose print lies at ``x``, ``y`` on the scan (:func:`to_print` inverted): ``p``
    with ``p + d(p) = q``, by ``steps`` fixed-point steps ``p = q - d(p)`` from ``p = q`` (d changes by a few pixels
    over a block of hexes, so each step cuts the error by that slope: 8 steps leave far under a thousandth of a
    pixel on a real fold); the points themselves on a grid without a warp."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    px, py = x, y
    if grid.warp is None or not grid.warp.nodes:
        return px, py
    for _ in range(steps):
        d = offsets(grid, px, py)
        px, py = x - d[..., 0], y - d[..., 1]
    return px, py


STRIP = 256  # rows of the field made at once (a box round every fold on an 8000x6000 scan took 0.6 GB in one)


def _boxes(grid: Grid, width: int, height: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple]] | None:
    """For the warp's field on a ``width`` x ``height`` image: the pixel -> (column, row) map, the nodes' middles and
    offsets, and each node's pixel box (x0, y0, x1, y1; end exclusive; a block width around its middle, clipped to
    the image, where its tent may be nonzero), only the boxes on the image; None when no node's box is on it."""
    warp = grid.warp
    if warp is None or not warp.nodes:
        return None
    lat = _lattice(grid)
    back = np.linalg.inv(np.vstack([lat, [0.0, 0.0, 1.0]]))[:2]  # (column, row) -> pixel
    mids, vals = _nodes(grid, warp)
    b = float(warp.block)
    live = []
    for k, (mc, mr) in enumerate(mids):
        c = np.array([(mc + i * b, mr + j * b) for i in (-1, 1) for j in (-1, 1)]) @ back[:, :2].T + back[:, 2]
        x0, y0 = np.floor(c.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(c.max(axis=0)).astype(int) + 2
        box = (max(0, int(x0)), max(0, int(y0)), min(width, int(x1)), min(height, int(y1)))
        if box[2] > box[0] and box[3] > box[1]:
            live.append((k, box))
    return (lat, mids, vals, live) if live else None


def _field_rows(boxes: tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple]], block: int, span: tuple[int, int],
                rows: tuple[int, int]) -> np.ndarray:
    """The warp's offsets on image rows ``rows`` (r0, r1) and columns ``span`` (x0, x1): shape (r1 - r0, x1 - x0,
    2); each node's tent added on its own box only, the nodes in order (the same sums whatever rows are asked)."""
    lat, mids, vals, live = boxes
    (bx0, bx1), (r0, r1) = span, rows
    b = float(block)
    out = np.zeros((r1 - r0, bx1 - bx0, 2), dtype=np.float64)
    for k, (x0, y0, x1, y1) in live:
        y0, y1 = max(y0, r0), min(y1, r1)
        if y1 <= y0:
            continue
        xs = np.arange(x0, x1, dtype=np.float64)[None, :]
        ys = np.arange(y0, y1, dtype=np.float64)[:, None]
        u = (lat[0, 0] * xs + lat[0, 1] * ys + lat[0, 2] - mids[k, 0]) / b
        v = (lat[1, 0] * xs + lat[1, 1] * ys + lat[1, 2] - mids[k, 1]) / b
        w = np.maximum(1.0 - np.abs(u), 0.0) * np.maximum(1.0 - np.abs(v), 0.0)
        out[y0 - r0:y1 - r0, x0 - bx0:x1 - bx0] += w[..., None] * vals[k]
    return out


def follow_print(image: Image.Image, grid: Grid) -> Image.Image:
    """The scan as the extraction reads it on ``grid``: ``image`` itself when the grid has no warp, else a copy whose
    pixel ``p`` is ``image``'s colour at ``p + d(p)`` (the nearest pixel, d the warp's offset) wherever d is not
    zero. The field is made :data:`STRIP` rows at a time."""
    boxes = _boxes(grid, image.width, image.height)
    if boxes is None:
        return image
    assert grid.warp is not None
    live = boxes[3]
    bx0, by0 = min(bx[0] for _, bx in live), min(bx[1] for _, bx in live)
    bx1, by1 = max(bx[2] for _, bx in live), max(bx[3] for _, bx in live)
    src = image if image.mode in ("L", "RGB", "RGBA") else image.convert("RGB")
    a = np.asarray(src)
    out: np.ndarray | None = None
    for r0 in range(by0, by1, STRIP):
        r1 = min(by1, r0 + STRIP)
        d = _field_rows(boxes, grid.warp.block, (bx0, bx1), (r0, r1))
        moved = (d[..., 0] != 0.0) | (d[..., 1] != 0.0)
        if not moved.any():
            continue
        ys, xs = np.nonzero(moved)
        # whole pixels: the print's own pixels, moved; a bilinear blend would thin and pale its 1-2 px lines (on Red
        # Winter bent by a known bump it read 117/120 hexes where whole pixels read 119)
        sx = np.clip(np.rint(xs + bx0 + d[ys, xs, 0]), 0, a.shape[1] - 1).astype(np.intp)
        sy = np.clip(np.rint(ys + r0 + d[ys, xs, 1]), 0, a.shape[0] - 1).astype(np.intp)
        if out is None:
            out = np.array(a, copy=True)
        out[ys + r0, xs + bx0] = a[sy, sx]  # read from the scan as it is, never from rows already moved
    if out is None:
        return image
    return Image.fromarray(out, src.mode)


def warp_from_fit(fit: LocalFit, grid: Grid, block: int, warn: float) -> Warp | None:
    """The warp of ``wgt map calibrate``'s local check on ``grid`` (blocks of ``block`` hexes): the blocks off by
    ``warn`` of a hex spacing or more and the judged blocks beside them (8-neighbourhood) as nodes with their
    measured offsets; None when no block is that far off."""
    if not any(b.fraction >= warn for b in fit.judged):
        return None
    e = grid.extent

    def key(first: str) -> tuple[int, int]:
        c, r = grid.numbering.parse(first)
        return (c - e.first_col) // block, (r - e.first_row) // block

    by_key = {key(b.first): b for b in fit.judged}
    off = {k for k, b in by_key.items() if b.fraction >= warn}
    keep = sorted(k for k in by_key if any((k[0] + i, k[1] + j) in off for i in (-1, 0, 1) for j in (-1, 0, 1)))
    return Warp(block, tuple(WarpNode(by_key[k].first, by_key[k].last, by_key[k].dx, by_key[k].dy) for k in keep))

