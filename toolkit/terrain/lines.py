"""Line features that run from hex to hex (roads, railways), traced across the whole hexside
(issue 14, item 3): ``kind: across`` features with ``trace: true`` in the legend.

The band method of :mod:`~toolkit.terrain.extract` looks for a line crossing a side near its middle
in runs no wider than a road. Printed railways and roads cross sides anywhere, at shallow angles, in
dash-dot patterns whose gaps can fall on the side, and in the colour of symbols printed beside them.
Here, at the calibrated working scale (hexes of about 36 px):

1. the pixels of the feature's colour (as adapted to the scan) form a mask, from which the printed
   symbols found in the hexes (their matched templates, grown by ``INK_GROW``) are removed, and whose
   dash gaps are closed by growing it by about 5% of the hex size;
2. along the whole side (6% to 94% of its length) a band reaching 30% of the hex size to each
   side is sampled; the side is crossed when, at some position along it (give or take one), the
   mask shows both beyond the hex line's zone (10% of the hex size) on one side and on the other: a
   line running along the side, or stopping short of it (a symbol's spike), does not;
3. a band mostly of the colour (an area, not a line) never counts; that share is taken from the
   colour itself, before growing: a solid road a fifth of the hex wide, grown, would fill a third of
   the band it crosses (SPI Ragnarok's roads were all refused so);
4. a line is a stroke of one width: the colour's half-width (how many times the ungrown mask, at twice
   the working scale, can be eroded; up to ``THICK_CAP`` of the hex) is read on each side of the hex
   line near where it is crossed, and the thinner of the two is the crossing's. The line's own
   half-width is the upper quartile over the sides it crosses (or over the marked example sides, when
   given): its clearest crossings, as hex lines, symbols and JPEG only make a crossing look thinner.
   A crossing thinner than half of it (rounded up; and never more than a pixel thinner) is refused: a
   texture of the colour's specks, hatching or the light edges of painted stones (SPI Ragnarok's Asgard
   wall beside its solid road), grown together, crosses sides too. Lines a pixel thin (dash-dot
   railways) are thus not judged by width.

The map's hexside ``a/b`` for the feature then means the link from hex a to hex b.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PIL import Image

from ..hexgrid import Grid, Hexside
from .colour import lab_table, rgb_codes
from .symbols import WORK_SIZE, _dilate, _size

__all__ = ["crossings"]

AREA = 0.3  # a band this full of the colour (not grown) is an area, not a line
INK_GROW = 0.08  # symbols are removed with this margin (hex sizes): their tips reach past the template
THICK_CAP = 0.15  # half-widths are measured up to this (hex sizes): wider is as wide as a line gets


def crossings(image: Image.Image, grid: Grid, sides: Sequence[Hexside], colour: Sequence[float], tol: float,
              ink: Sequence[tuple[float, float, np.ndarray]] = (), examples: Sequence[int] = ()) -> np.ndarray:
    """1.0 for each side the feature's line crosses, else 0.0. ``ink``: printed symbols to leave out,
    as (x, y) scan pixel of their centre and their template at the working scale; ``examples``: indices
    into ``sides`` of marked sides the line crosses (its width is learned from them)."""
    assert grid.layout is not None
    size = _size(grid.layout)
    f = max(1, round(size / WORK_SIZE))
    work = image.reduce(f) if f > 1 else image
    lay = grid.layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    s = _size(lay)
    tab = lab_table()
    lut = np.sqrt(((tab - np.asarray(colour, np.float32)[:, None]) ** 2).sum(axis=0)) < tol
    mask = lut[rgb_codes(np.asarray(work.convert("RGB")))]
    h, w = mask.shape
    grow = max(1, round(INK_GROW * s))
    for x, y, template in ink:
        stamp = np.pad(template, grow)
        for _ in range(grow):
            stamp = _dilate(stamp)
        th, tw = stamp.shape
        cx, cy = round((x - (f - 1) / 2) / f), round((y - (f - 1) / 2) / f)
        y0, x0 = cy - th // 2, cx - tw // 2
        ys, xs = max(0, y0), max(0, x0)
        ye, xe = min(h, y0 + th), min(w, x0 + tw)
        if ye > ys and xe > xs:
            mask[ys:ye, xs:xe] &= ~stamp[ys - y0:ye - y0, xs - x0:xe - x0]
    raw = mask
    # half-widths at twice the working scale (hex lines and JPEG make the working scale's too coarse)
    g = max(1, f // 2)
    fine = image.reduce(g) if g > 1 else image
    depth = _depth(lut[rgb_codes(np.asarray(fine.convert("RGB")))], max(2, math.ceil(THICK_CAP * s * f / g)))
    depth = _grey_dilate(depth)  # samples fall f / g fine pixels apart: none misses a stroke's middle
    dh, dw = depth.shape
    kf = f / g
    for _ in range(max(1, round(0.05 * s))):
        mask = _dilate(mask)
    ends = np.array([lay.hexside_endpoints(sd) for sd in sides], dtype=np.float64).reshape(-1, 2, 2)
    p0, vec = ends[:, 0], ends[:, 1] - ends[:, 0]
    length = np.linalg.norm(vec, axis=1, keepdims=True)
    nrm = np.stack([-vec[:, 1], vec[:, 0]], axis=1) / np.maximum(length, 1e-9)
    na = max(12, round(0.9 * s))
    ta = np.linspace(0.06, 0.94, na)
    half = max(3, math.ceil(0.3 * s))
    core = max(1, math.ceil(0.1 * s))
    oa = np.arange(-half, half + 1, dtype=np.float64)
    out = np.zeros(len(sides))
    thick = np.zeros(len(sides), dtype=np.int32)
    for b in range(0, len(sides), 4096):
        sl = slice(b, b + 4096)
        xs = p0[sl, None, None, 0] + vec[sl, None, None, 0] * ta[None, :, None] + nrm[sl, None, None, 0] * oa
        ys = p0[sl, None, None, 1] + vec[sl, None, None, 1] * ta[None, :, None] + nrm[sl, None, None, 1] * oa
        xi, yi = np.rint(xs).astype(np.intp), np.rint(ys).astype(np.intp)
        on = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        band = mask[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)] & on
        neg = _near(band[:, :, : half - core + 1].any(axis=2))
        pos = _near(band[:, :, half + core:].any(axis=2))
        at = neg & pos
        crossed = at.any(axis=1)
        area = (raw[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)] & on).mean(axis=(1, 2))
        out[sl] = crossed & (area < AREA)
        # the half-width on each side of the hex line, near (3 positions) where the line crosses it
        fy = np.clip(np.rint(ys * kf + (kf - 1) / 2), 0, dh - 1).astype(np.intp)
        fx = np.clip(np.rint(xs * kf + (kf - 1) / 2), 0, dw - 1).astype(np.intp)
        d = np.where(on & raw[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)], depth[fy, fx], 0)
        for _ in range(3):
            at = _near(at)
        dn = np.where(at, d[:, :, : half - core + 1].max(axis=2), 0).max(axis=1)
        dp = np.where(at, d[:, :, half + core:].max(axis=2), 0).max(axis=1)
        thick[sl] = np.minimum(dn, dp)
    learn = [i for i in examples if out[i]] or np.nonzero(out)[0].tolist()
    if learn:
        typical = float(np.percentile(thick[learn], 75))
        need = min(typical - 1, math.ceil(typical / 2))
        out[thick < need] = 0.0
    return out


def _grey_dilate(a: np.ndarray) -> np.ndarray:
    """Each value the largest of its 3x3 neighbourhood."""
    out = a.copy()
    np.maximum(out[1:], a[:-1], out=out[1:])
    np.maximum(out[:-1], a[1:], out=out[:-1])
    o2 = out.copy()
    np.maximum(o2[:, 1:], out[:, :-1], out=o2[:, 1:])
    np.maximum(o2[:, :-1], out[:, 1:], out=o2[:, :-1])
    return o2


def _depth(m: np.ndarray, cap: int) -> np.ndarray:
    """How many times each pixel of mask ``m`` survives erosion (3x3), up to ``cap``: its distance to the
    mask's edge (chessboard), the half-width of the stroke it lies in."""
    out = np.zeros(m.shape, dtype=np.int16)
    cur = m
    for _ in range(cap):
        if not cur.any():
            break
        out += cur
        cur = ~_dilate(~cur)
    return out


def _near(a: np.ndarray) -> np.ndarray:
    out = a.copy()
    out[:, 1:] |= a[:, :-1]
    out[:, :-1] |= a[:, 1:]
    return out
