"""Patches outlined in ink told from the same colours drawn on another class's ground (issue 14; seelowe1 notes).

A class printed as a patchwork of outlined patches - field plots with a thin black line round each - and art drawn
in the same colours on another class's ground with no line round it - a tree clump's shadow, a verge along a
railway, a platform on the open ground - read alike by colour (extract.py, steps 2-3): Seelowe's open hexes with
clumps and verges read as fields. Only as far as the legend's own example hexes show it, the outline decides:

1. **Parts** (:func:`parts`). The blocks read as a class ``c`` in one hex (a connected patch of them, 8-neighbours,
   cut at the hex's edge) are a part. Its **outlined share**: of its block pairs (4-neighbours, both in its hex: across
   the hex's edge the printed hex line lies between any two blocks) with a block of the ground ``g`` - a block read
   as ``g`` in a patch of ``g`` at least ``GROUND`` of a hex, the ground and not a speck of its colour among the
   patches - the share with a line of dark pixels between them: at least a block's width of
   pixels (a line across the pair) darker than the level, in the two blocks.
2. **Learned** (:func:`learn`, from the examples alone). A ground ``g`` whose example hexes hold parts read as ``c``
   (its art: ``GROUND`` of a hex at least, all together) where ``c``'s own example hexes hold parts meeting ``g``: at
   each level from the legend's ink lightness up by ``LEVEL_STEP`` to ``LEVEL_SPAN`` above it (a hairline outline
   blurred by the scan is lighter than the ink proper), the gap between the least outlined share of ``c``'s own parts
   and the most of ``g``'s art, over the parts of ``GROUND`` of a hex or more; at the level with the widest gap, if
   it is wider than none, the least own share ``OUTLINED`` or more and the most art share less (a class printed
   outlined, a line along half or more of each patch's edge with the ground, and art that is not), the threshold
   lies halfway. No part of the one side may lie on the other's.
3. **Read** (:func:`read`, in place, before the hexes are counted): a part read as ``c`` whose outlined share is
   under the threshold is ``g``'s.

A legend whose examples hold no part of another class's colour meeting that class's ground learns nothing, and reads
every block as before; the dark pixels are counted over the whole map only once a pair is learned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from .extract_raster import _blocks, _luma_cut
from .parts import components

__all__ = ["GROUND", "LEVEL_SPAN", "LEVEL_STEP", "OUTLINED", "Outlined", "learn", "read"]

GROUND = 0.1  # of a hex: a patch of the ground's colour this large is the ground; the art learned from this much
LEVEL_STEP = 5.0  # CIELAB L*: the dark levels tried, from the legend's ink lightness up ...
LEVEL_SPAN = 20.0  # ... to this far above it
OUTLINED = 0.5  # the examples' own parts are outlined - a line along at least this share of each one's pairs with the
# ground (Red Winter's trees on snow, dark symbols on the frozen lake's white, a third at most: no outline) - and the
# art is not: less than this (Velikie Louki 2's towns and woods, both outlined, .986 and .8 art against 1.0 and .96)
_STRIP = 64  # block rows counted at a time over the whole map


@dataclass(frozen=True)
class Outlined:
    """A class ``c`` printed as outlined patches, told from art in its colours on the ground ``g``: a part of ``c``
    less outlined than ``threshold`` at the dark ``level`` (L*) is ``g``'s. ``own`` and ``art`` are the examples'
    least own and most art shares (the gap)."""

    c: int
    g: int
    level: float
    threshold: float
    own: float
    art: float


def dark_counts(im: Image.Image, size: float, shape: tuple[int, int], levels: Sequence[float],
                window: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """(levels, rows, columns) int32: in each colour block of ``shape`` (extract_raster's blocks of hexes of
    ``size`` px), or of its rows ``r0:r1`` and columns ``c0:c1`` (``window``), how many of its pixels (at the
    resolution the blocks are made from, ``pre``) are darker than each level (L*, as a luma: extract_raster's
    ink mask)."""
    pre, f2, _f = _blocks(size)
    h, w = shape
    r0, r1, c0, c1 = window or (0, h, 0, w)
    out = np.zeros((len(levels), r1 - r0, c1 - c0), np.int32)
    box = (c0 * f2 * pre, r0 * f2 * pre, min(im.width, c1 * f2 * pre), min(im.height, r1 * f2 * pre))
    if box[2] <= box[0] or box[3] <= box[1]:
        return out
    part = im.reduce(pre, box=box) if pre > 1 else im.crop(box)
    luma = np.asarray(part.convert("L"), dtype=np.uint8)
    hh, ww = (r1 - r0) * f2, (c1 - c0) * f2
    pad = np.full((hh, ww), 255, np.uint8)
    pad[:min(hh, luma.shape[0]), :min(ww, luma.shape[1])] = luma[:hh, :ww]
    for i, lv in enumerate(levels):
        out[i] = (pad < _luma_cut(lv)).reshape(r1 - r0, f2, c1 - c0, f2).sum(axis=(1, 3))
    return out


def _ground(cls: np.ndarray, g: int, least: float, within: np.ndarray | None = None) -> np.ndarray:
    """(h, w) bool: the blocks read as ``g`` in a patch (8-neighbours) of at least ``least`` blocks (of the blocks
    ``within``, where given)."""
    mask = cls == g
    if within is not None:
        mask &= within
    lab, n = components(mask)
    if not n:
        return np.zeros(cls.shape, bool)
    big = np.bincount(lab.ravel()) >= least
    big[0] = False
    return big[lab]


@dataclass(frozen=True)
class _Parts:
    """The parts read as one class (module notes 1): ``label`` on the blocks ((h, w), 0 off them, part i + 1), each
    part's ``hexes`` and ``size`` (blocks), and its pairs with the ground as (the part, the two blocks' flat
    indices), for the dark pixels between them to be counted at any level."""

    label: np.ndarray
    hexes: np.ndarray
    size: np.ndarray
    pair_part: np.ndarray
    pair_a: np.ndarray
    pair_b: np.ndarray

    def shares(self, dark: np.ndarray, line: int) -> tuple[np.ndarray, np.ndarray]:
        """Each part's pairs with the ground, and those with a line between (``dark``: each block's dark pixels,
        flat; a pair holding ``line`` or more)."""
        m = len(self.size)
        pairs = np.bincount(self.pair_part, minlength=m)
        on = (dark[self.pair_a] + dark[self.pair_b]) >= line
        return pairs, np.bincount(self.pair_part[on], minlength=m)


def parts(cls: np.ndarray, hid: np.ndarray, c: int, ground: np.ndarray, only: np.ndarray | None = None) -> _Parts:
    """The parts read as ``c`` (``cls``, ``hid``: (h, w) classes and hexes, -1 in none) and their pairs
    (4-neighbours) with ``ground``; ``only``: the hexes whose parts are wanted (all where none)."""
    h, w = cls.shape
    mask = (cls == c) & (hid >= 0)
    if only is not None:
        mask &= np.isin(hid, only)
    lab, _n = components(mask)
    # a part: a patch within one hex (a patch crossing a hex line is one part in each hex)
    flat = lab.ravel()
    on = np.flatnonzero(flat)
    span = int(hid.max()) + 2
    uniq, inv = np.unique(flat[on].astype(np.int64) * span + hid.ravel()[on], return_inverse=True)
    label = np.zeros(h * w, np.int64)
    label[on] = inv + 1
    idx = np.arange(h * w).reshape(h, w)
    label2 = label.reshape(h, w)
    pp, pa, pb = [], [], []
    for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        ys, yt = slice(max(0, -dy), h - max(0, dy)), slice(max(0, dy), h - max(0, -dy))
        xs, xt = slice(max(0, -dx), w - max(0, dx)), slice(max(0, dx), w - max(0, -dx))
        a = label2[ys, xs]
        # a pair within the part's hex: across the hex's edge the printed hex line lies between any two blocks
        sel = (a > 0) & ground[yt, xt] & (hid[yt, xt] == hid[ys, xs])
        pp.append(a[sel] - 1)
        pa.append(idx[ys, xs][sel])
        pb.append(idx[yt, xt][sel])
    return _Parts(label2, uniq % span, np.bincount(inv, minlength=len(uniq)), np.concatenate(pp), np.concatenate(pa),
                  np.concatenate(pb))


def learn(im: Image.Image, size: float, cls: np.ndarray, hid: np.ndarray, examples: Mapping[int, Sequence[int]],
          k: int, ink: float, hex_blocks: float) -> list[Outlined]:
    """The pairs told apart by their outlines (module notes 2) on the example hexes (``examples``: class -> hex
    rows; ``cls``, ``hid``: (h, w) classes and hexes; ``hex_blocks``: a hex's area in blocks; ``ink``: the legend's
    ink lightness)."""
    _pre, f2, f = _blocks(size)
    least = GROUND * hex_blocks
    listed = sorted({h for v in examples.values() for h in v})
    if not listed:
        return []
    # candidates first, from the classes alone: art of c (GROUND of a hex) in g's example hexes, c with examples
    hflat, cflat = hid.ravel(), cls.ravel()
    some = np.flatnonzero(np.isin(hflat, listed))
    cands = []
    for g, ghexes in examples.items():
        counts = np.bincount(cflat[some[np.isin(hflat[some], list(ghexes))]], minlength=k + 1)
        cands += [(c, g) for c in np.flatnonzero(counts[:k] >= least).tolist() if c != g and examples.get(c)]
    if not cands:
        return []
    levels = [ink + LEVEL_STEP * i for i in range(int(LEVEL_SPAN // LEVEL_STEP) + 1)]
    # each example hex read in its own window (a hex size round it: the ground's patches meeting it), the dark
    # pixels of its blocks at every level
    h, w = cls.shape
    reach = -(-int(size) // f)
    rows, cols = np.divmod(some, w)
    windows: dict[int, tuple[tuple[int, int, int, int], np.ndarray]] = {}
    for i in listed:
        sel = hflat[some] == i
        if sel.any():
            rr, cc = rows[sel], cols[sel]
            box = (max(0, int(rr.min()) - reach), min(h, int(rr.max()) + reach + 1),
                   max(0, int(cc.min()) - reach), min(w, int(cc.max()) + reach + 1))
            windows[i] = box, dark_counts(im, size, (h, w), levels, box)
    out = []
    for c, g in cands:
        sizes: dict[str, list[np.ndarray]] = {"own": [], "art": []}
        lined: dict[str, list[list[np.ndarray]]] = {"own": [], "art": []}
        pairs: dict[str, list[np.ndarray]] = {"own": [], "art": []}
        for side, hexes in (("own", examples[c]), ("art", examples[g])):
            for i in hexes:
                if i not in windows:
                    continue
                (r0, r1, c0, c1), dk = windows[i]
                cw, hw = cls[r0:r1, c0:c1], hid[r0:r1, c0:c1]
                ps = parts(cw, np.where(hw == i, hw, -1), c, _ground(cw, g, least))
                big = ps.size >= least
                sizes[side].append(ps.size[big])
                got = [ps.shares(dk[li].ravel(), f2) for li in range(len(levels))]
                pairs[side].append(got[0][0][big])
                lined[side].append([x[1][big] for x in got])
        if not sizes["own"] or not sizes["art"]:
            continue
        own_p, art_p = np.concatenate(pairs["own"]), np.concatenate(pairs["art"])
        o, a = own_p > 0, art_p > 0
        if not o.any() or np.concatenate(sizes["art"])[a].sum() < least:
            continue
        best: Outlined | None = None
        for li, lv in enumerate(levels):
            own_s = np.concatenate([x[li] for x in lined["own"]])[o] / own_p[o]
            art_s = np.concatenate([x[li] for x in lined["art"]])[a] / art_p[a]
            lo, hi = float(own_s.min()), float(art_s.max())
            if lo >= OUTLINED > hi and (best is None or lo - hi > best.own - best.art):
                best = Outlined(c, g, lv, (lo + hi) / 2, lo, hi)
        if best is not None:
            out.append(best)
    return out


def read(im: Image.Image, size: float, cls: np.ndarray, hid: np.ndarray, told: Sequence[Outlined],
         hex_blocks: float) -> int:
    """Module notes 3, in place on ``cls`` ((h, w)): each learned pair's parts under its threshold given its
    ground. Returns how many blocks moved."""
    _pre, f2, _f = _blocks(size)
    h, w = cls.shape
    moved = 0
    for t in told:
        dark = np.zeros((h, w), np.int32)
        for r0 in range(0, h, _STRIP):
            r1 = min(h, r0 + _STRIP)
            dark[r0:r1] = dark_counts(im, size, (h, w), [t.level], (r0, r1, 0, w))[0]
        ps = parts(cls, hid, t.c, _ground(cls, t.g, GROUND * hex_blocks))
        pairs, lined = ps.shares(dark.ravel(), f2)
        under = np.flatnonzero((pairs > 0) & (lined < t.threshold * pairs)) + 1
        if len(under):
            hit = np.isin(ps.label, under)
            cls[hit] = t.g
            moved += int(hit.sum())
    return moved
