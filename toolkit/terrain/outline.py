"""Patches outlined in ink told from the same colours drawn on another class's ground (issue 14; seelowe1-3;
"outline notes 1-5" below).

A class printed as a patchwork of outlined patches - field plots with a thin black line round each - and art drawn
in the same colours on another class's ground with no line round it - a tree clump's shadow, a verge along a
railway, a platform on the open ground - read alike by colour (extract.py, steps 2-3): Seelowe's open hexes with
clumps and verges read as fields. Only as far as the legend's own example hexes show it, the outline decides:

1. **A line between two blocks** (:func:`lined`, seelowe2). The pixels across a pair of neighbouring blocks, a row
   at a time from the one block into the other (and that run's length + 1 px on past each end): a row holds a
   line where a run of ``LINE_WIDE`` of a hex's size or fewer pixels (3 px on Seelowe's 50 px hexes) is each darker by
   the depth or more than the lightest pixel within that reach before it and the lightest after it - a thin dark
   line with light on both sides, not the edge of a dark patch nor a wider band, and thin across the row (a tree
   trunk or a branch crossing the boundary runs along the row: it is long there). The pair holds a line where
   ``ALONG`` of its rows clear of the hex line hold one, each linked to the next or the last by line pixels a pixel
   apart (a line along the boundary, not a speck). **The printed hex line is left out**: the calibrated grid puts
   every hex's edge (:func:`edge_distance`), and how far the hex line's ink reaches in from it is measured on the
   example hexes (:func:`grid_reach`); those pixels are neither line nor light, and a pair whose rows cross them
   between its blocks is not counted. (seelowe1 counted dark pixels in the two blocks: the hex line passed for an
   outline (review40 R11), and so did Red Winter's tree trunks at the woods' edge.)
2. **Parts** (:func:`parts`). The blocks read as a class ``c`` in one hex (a connected patch of them, 8-neighbours,
   cut at the hex's edge) are a part. Its **outlined share**: of its block pairs (4-neighbours, both in its hex) with
   a block of the ground ``g`` - a block read as ``g`` in a patch of ``g`` at least ``GROUND`` of a hex, the ground
   and not a speck of its colour among the patches - counted (1.), the share holding a line. A part is judged only
   where its counted pairs reach ``EDGE`` of a hex's perimeter (too little of its edge seen otherwise).
3. **Learned** (:func:`learn`, from the examples alone). A ground ``g`` whose example hexes hold parts read as ``c``
   (its art: ``GROUND`` of a hex at least, all together) where ``c``'s own example hexes hold parts meeting ``g``: at
   each depth of ``DEPTHS`` (luma), the gap between the least outlined share of ``c``'s own parts and the most of
   ``g``'s art, over the parts of ``GROUND`` of a hex or more judged (2.); at the depth with the widest gap, the least
   own share ``OUTLINED`` or more and the most art share less (a class printed outlined, a line along half or more
   of each patch's edge with the ground, and art that is not), and the two ``GAP`` apart or more (the examples part
   them clearly, not by the noise of a textured print), and the own parts' inside no more than ``INSIDE`` as lined
   as their edge (5.), the threshold lies halfway.
4. **Read** (:func:`read`, in place, before the hexes are counted): a part read as ``c``, judged (2.), whose outlined
   share is under the threshold is ``g``'s.

5. **An outline lies on the edge only** (seelowe3; review41 R9). A class drawn as a texture of lines - woods as
   dense 45-degree hatching - has thin dark lines, linked row to row, across its pairs with the ground as it has
   everywhere: its edge reads as outlined (test_texture_hexes' hatched woods: .875 of each part's pairs at 8 luma,
   the art .0) and its parts less lined than that went to the ground. So the own parts' **inside** is measured alike:
   the pairs (4-neighbours) of two blocks whose 8 neighbours all lie in the part, by the same line measure (1.) at
   the same depth. Pooled over the own parts judged, the share of inside pairs lined must be under ``INSIDE`` of the
   share of edge pairs lined - an outline lines the edge and leaves the inside plain (Seelowe's plots .09 inside,
   .80 at the edge, at 32 luma: a line between two plots of a part is inside), hatching lines both alike (.96 and
   .90). Where the examples show no inside at all nothing is learned: the outline is not told from a texture then.

A legend whose examples hold no part of another class's colour meeting that class's ground learns nothing, and reads
every block as before; the map's pixels are read (its luma) only once a pair is learned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..hexgrid import Layout
from ..hexgrid.arrays import cube_round_arrays
from .extract_raster import _blocks, _luma_cut
from .parts import components

__all__ = ["ALONG", "DEPTHS", "EDGE", "GAP", "GRID_INK", "GRID_REACH", "GROUND", "INSIDE", "LINE_WIDE", "OUTLINED",
           "Outlined",
           "edge_distance", "grid_reach", "learn", "lined", "profiles", "read"]

GROUND = 0.1  # of a hex: a patch of the ground's colour this large is the ground; the art learned from this much
DEPTHS = (8, 12, 16, 24, 32, 48)  # luma: how much darker than the pixels on both sides a line is, the depths tried
GRID_INK = 20.0  # CIELAB L*: the hex line's ink, this far above the legend's ink lightness or darker
OUTLINED = 0.5  # the examples' own parts are outlined - a line along at least this share of each one's pairs with the
# ground - and the art is not: less than this (Velikie Louki 2's towns and woods, both outlined, .986 and .8 art
# against 1.0 and .96)
GAP = 0.3  # the examples part the two clearly: the own parts' least share this far above the art's most or more
# (Seelowe .66; the pairs of noise it refuses: NWK 2's textured clear and mountain .09, Velikie Louki's towns .014)
LINE_WIDE = 0.06  # of a hex's size: a line is this thin across or thinner (3 px on Seelowe's 50 px hexes)
ALONG = 0.6  # of a pair's pixel rows clear of the hex line: a line found in this many, each linked to the next
GRID_REACH = 0.3  # of the inradius: the hex line's ink measured this far in from the hex's edge
INSIDE = 0.5  # an outline lies on the edge only: the own parts' inside pairs lined less than this share of their edge
# pairs' rate (outline notes 5; Seelowe's plots .09 against .80, test_outline's drawn plots .08 against .67; hatching,
# which lines the inside as much as the edge: test_texture_hexes' woods .96 against .90)
EDGE = 0.2  # of a hex's perimeter (in blocks): a part is judged where its pairs with the ground counted reach this many


@dataclass(frozen=True)
class Outlined:
    """A class ``c`` printed as outlined patches, told from art in its colours on the ground ``g``: a part of ``c``
    less outlined than ``threshold`` with lines ``depth`` (luma) darker than their sides is ``g``'s. ``own`` and
    ``art`` are the examples' least own and most art shares (the gap); ``grid``: the printed hex line's reach in px
    from the calibrated hex edge (its pixels are no line's, outline notes 1); ``inside`` and ``edge``: the own parts'
    inside and edge pairs' shares lined, pooled (outline notes 5)."""

    c: int
    g: int
    depth: int
    threshold: float
    own: float
    art: float
    grid: float
    inside: float = 0.0
    edge: float = 0.0


def edge_distance(layout: Layout, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Each pixel's (``xs``, ``ys``: pixel columns and rows, any shape; the pixel's middle) distance in px to the
    nearest hex edge of the calibrated ``layout``: in fractional cube coordinates from the nearest hex's centre, the
    largest of |q - r|, |r - s|, |s - q| is 0 at the centre and 1 on every edge, linear on the way."""
    det = layout.a * layout.e - layout.b * layout.d
    px, py = xs + 0.5 - layout.c, ys + 0.5 - layout.f
    q = (layout.e * px - layout.b * py) / det
    r = (layout.a * py - layout.d * px) / det
    s = -q - r
    rq, rr = cube_round_arrays(q, r)
    q, r, s = q - rq, r - rr, s - (-rq - rr)
    m = np.maximum(np.maximum(np.abs(q - r), np.abs(r - s)), np.abs(s - q))
    return (1.0 - m) * layout.inradius()


def grid_reach(dark: np.ndarray, dist: np.ndarray, inradius: float) -> float:
    """How far (px) the printed hex line's ink reaches in from the calibrated hex edge: ``dark`` (bool) and ``dist``
    (:func:`edge_distance`) of the same pixels, in half-pixel bins out to ``GRID_REACH`` of the inradius; the bins
    from the edge whose dark share lies above halfway between the nearest bin's and the far half's median, and a
    pixel more (the line's blurred edge and the calibration's error)."""
    top = max(2.0, GRID_REACH * inradius)
    sel = dist < top
    nb = int(top * 2) + 1
    b = np.minimum((dist[sel] * 2).astype(np.int64), nb - 1)
    n = np.bincount(b, minlength=nb)
    share = np.bincount(b, weights=dark[sel], minlength=nb) / np.maximum(n, 1)
    far = share[nb // 2:][n[nb // 2:] > 0]
    base = float(np.median(far)) if len(far) else 0.0
    peak = float(share[:2].max())
    cut = base + (peak - base) / 2
    k = 0
    while k < nb and n[k] and share[k] > cut:
        k += 1
    return k / 2 + 1.0


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
    """The parts read as one class (outline notes 2): ``label`` on the blocks ((h, w), 0 off them, part i + 1), each
    part's ``hexes`` and ``size`` (blocks), and its pairs with the ground as (the part, the two blocks' flat
    indices), for a line between them to be looked for at any level; ``inner_*`` alike, its inside pairs (module
    notes 5: two blocks whose 8 neighbours are all the part's)."""

    label: np.ndarray
    hexes: np.ndarray
    size: np.ndarray
    pair_part: np.ndarray
    pair_a: np.ndarray
    pair_b: np.ndarray
    inner_part: np.ndarray
    inner_a: np.ndarray
    inner_b: np.ndarray

    def shares(self, counted: np.ndarray, found: np.ndarray, inner: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Each part's pairs with the ground (``inner``: its inside pairs) counted (``counted``: per pair, enough of
        its rows off the hex line), and those with a line between (``found``, per pair)."""
        m = len(self.size)
        part = self.inner_part if inner else self.pair_part
        return np.bincount(part[counted], minlength=m), np.bincount(part[counted & found], minlength=m)


def profiles(luma: np.ndarray, a: np.ndarray, b: np.ndarray, w: int, f: int, pad: int,
             origin: tuple[int, int] = (0, 0)) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pixels round each pair of 4-neighbour blocks (``a``, ``b``: flat indices on blocks ``w`` wide, of ``f``
    px of ``luma`` each; ``origin``: the blocks' first pixel (x, y) on ``luma``): (pairs, f + 2 ``pad`` rows,
    2 f + 2 ``pad`` along) luma values, each row running from the one block into the other across their boundary,
    ``pad`` px on past each end and ``pad`` rows more each side along it, and the pixels' columns and rows (x, y) on
    ``luma`` (a pixel off it: luma 255, its coordinates clipped)."""
    ra, ca = np.divmod(a, w)
    rb, cb = np.divmod(b, w)
    flat = (ra == rb)[:, None, None]  # side by side: rows along x; else one above the other: columns along y
    r0, c0 = np.minimum(ra, rb)[:, None, None], np.minimum(ca, cb)[:, None, None]
    across = np.arange(-pad, f + pad)[None, :, None]
    along = np.arange(-pad, 2 * f + pad)[None, None, :]
    x = np.where(flat, c0 * f + along, c0 * f + across) + origin[0]
    y = np.where(flat, r0 * f + across, r0 * f + along) + origin[1]
    h, wd = luma.shape
    on = (x >= 0) & (x < wd) & (y >= 0) & (y < h)
    xc, yc = np.clip(x, 0, wd - 1), np.clip(y, 0, h - 1)
    return np.where(on, luma[yc, xc], 255).astype(np.int16), xc, yc


def _thin(p: np.ndarray, off: np.ndarray, depth: int, wide: int) -> np.ndarray:
    """The pixels of ``p`` (luma, along its last axis; ``off``: pixels neither line nor light) on a thin dark line
    across that axis: in a run of ``wide`` px or fewer each darker by ``depth`` or more than the lightest pixel within
    ``wide`` + 1 before it and the lightest after it."""
    reach = wide + 1
    lit = np.where(off, -1, p).astype(np.int16)
    before = np.full(p.shape, -1, np.int16)
    after = np.full(p.shape, -1, np.int16)
    for k in range(1, reach + 1):
        np.maximum(before[..., k:], lit[..., :-k], out=before[..., k:])
        np.maximum(after[..., :-k], lit[..., k:], out=after[..., :-k])
    dip = (np.minimum(before, after) - p >= depth) & ~off
    fwd = np.zeros(p.shape, np.int16)
    bwd = np.zeros(p.shape, np.int16)
    fwd[..., 0] = dip[..., 0]
    for x in range(1, p.shape[-1]):
        fwd[..., x] = (fwd[..., x - 1] + 1) * dip[..., x]
    bwd[..., -1] = dip[..., -1]
    for x in range(p.shape[-1] - 2, -1, -1):
        bwd[..., x] = (bwd[..., x + 1] + 1) * dip[..., x]
    return dip & (fwd + bwd - 1 <= wide)


def lined(p: np.ndarray, off: np.ndarray, depth: int, wide: int) -> tuple[np.ndarray, np.ndarray]:
    """Module notes 1 on ``p`` ((pairs, rows, along) luma, :func:`profiles` with ``pad`` = ``wide`` + 1; ``off``: the
    same shape, the hex line's pixels, neither line nor light): per pair, whether it is counted (half its rows or
    more clear of ``off`` between the two blocks' far ends) and whether a line runs between its blocks - in
    ``ALONG`` of its counted rows a pixel of a thin dark line (:func:`_thin`, across the rows or along them: a line
    ``wide`` px across at any angle is that thin one way or the other), each such row linked to the next or the
    last by line pixels a pixel apart at most (a line along the boundary, not a speck or a branch across it)."""
    n, mm, ln = p.shape
    pad = wide + 1
    line = _thin(p, off, depth, wide)
    line = line[:, pad:mm - pad, pad:ln - pad]
    m = mm - 2 * pad
    known = np.logical_not(np.any(off[:, pad:mm - pad, pad:ln - pad], axis=-1))
    line &= known[:, :, None]
    near = line.copy()
    near[:, :, 1:] |= line[:, :, :-1]
    near[:, :, :-1] |= line[:, :, 1:]
    link = (line[:, :-1] & near[:, 1:]).any(-1)
    joined = np.zeros((n, m), bool)
    joined[:, :-1] |= link
    joined[:, 1:] |= link
    k = known.sum(1)
    counted = 2 * k >= m
    return counted, counted & (joined.sum(1) >= ALONG * k)


def parts(cls: np.ndarray, hid: np.ndarray, c: int, ground: np.ndarray, only: np.ndarray | None = None) -> _Parts:
    """The parts read as ``c`` (``cls``, ``hid``: (h, w) classes and hexes, -1 in none), their pairs
    (4-neighbours) with ``ground`` and their inside pairs (outline notes 5); ``only``: the hexes whose parts are wanted
    (all where none)."""
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
    # its inside: the blocks whose 8 neighbours are all the part's, and the pairs (4-neighbours) of two of them
    pad = np.pad(label2, 1)
    inside = label2 > 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            inside &= pad[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] == label2
    ip, ia, ib = [], [], []
    for dy, dx in ((0, 1), (1, 0)):
        a, b = inside[:h - dy, :w - dx], inside[dy:, dx:]
        sel = a & b
        ip.append(label2[:h - dy, :w - dx][sel] - 1)
        ia.append(idx[:h - dy, :w - dx][sel])
        ib.append(idx[dy:, dx:][sel])
    return _Parts(label2, uniq % span, np.bincount(inv, minlength=len(uniq)), np.concatenate(pp), np.concatenate(pa),
                  np.concatenate(pb), np.concatenate(ip), np.concatenate(ia), np.concatenate(ib))


def _found(luma: np.ndarray, pa: np.ndarray, pb: np.ndarray, w: int, f: int, layout: Layout,
           origin: tuple[int, int], grid: float, depths: Sequence[int],
           wide: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each of ``depths``: each pair of blocks (``pa``, ``pb``: flat indices on blocks ``w`` wide) counted and
    lined (:func:`lined`), its pixels within ``grid`` px of a hex edge (the printed hex line) left out; in chunks of
    pairs."""
    n = len(pa)
    out = [(np.zeros(n, bool), np.zeros(n, bool)) for _ in depths]
    step = max(1, 1_000_000 // ((f + 2 * wide + 2) * (2 * f + 2 * wide + 2)))
    for i in range(0, n, step):
        p, x, y = profiles(luma, pa[i:i + step], pb[i:i + step], w, f, wide + 1, origin)
        off = edge_distance(layout, x.astype(np.float64), y.astype(np.float64)) < grid
        for (counted, found), depth in zip(out, depths, strict=True):
            counted[i:i + step], found[i:i + step] = lined(p, off, depth, wide)
    return out


def _least_pairs(size: float, f: int) -> float:
    """The pairs with the ground a part needs to be judged: ``EDGE`` of a hex's perimeter (six sides of ``size`` px),
    in ``f``-pixel blocks, one at least."""
    return max(1.0, EDGE * 6 * size / f)


def learn(im: Image.Image, size: float, layout: Layout, cls: np.ndarray, hid: np.ndarray,
          examples: Mapping[int, Sequence[int]], k: int, ink: float, hex_blocks: float) -> list[Outlined]:
    """The pairs told apart by their outlines (outline notes 3) on the example hexes (``examples``: class -> hex
    rows; ``cls``, ``hid``: (h, w) classes and hexes; ``hex_blocks``: a hex's area in blocks; ``ink``: the legend's
    ink lightness; ``layout``: the calibrated grid on ``im``'s pixels)."""
    _pre, _f2, f = _blocks(size)
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
    wide = max(1, round(LINE_WIDE * size))
    # each example hex read in its own window (a hex size round it: the ground's patches meeting it), its pixels
    h, w = cls.shape
    reach = -(-int(size) // f)
    rows, cols = np.divmod(some, w)
    windows: dict[int, tuple[tuple[int, int, int, int], np.ndarray]] = {}
    darks, dists = [], []
    ink_cut = _luma_cut(ink + GRID_INK)
    for i in listed:
        sel = hflat[some] == i
        if sel.any():
            rr, cc = rows[sel], cols[sel]
            box = (max(0, int(rr.min()) - reach), min(h, int(rr.max()) + reach + 1),
                   max(0, int(cc.min()) - reach), min(w, int(cc.max()) + reach + 1))
            px = (box[2] * f, box[0] * f, min(im.width, box[3] * f), min(im.height, box[1] * f))
            if px[2] <= px[0] or px[3] <= px[1]:
                continue
            luma = np.asarray(im.crop(px).convert("L"), dtype=np.uint8)
            windows[i] = box, luma
            ys, xs = np.mgrid[px[1]:px[3], px[0]:px[2]]
            darks.append((luma < ink_cut).ravel())
            dists.append(edge_distance(layout, xs.ravel().astype(np.float64), ys.ravel().astype(np.float64)))
    if not windows:
        return []
    grid = grid_reach(np.concatenate(darks), np.concatenate(dists), layout.inradius())
    out = []
    for c, g in cands:
        sizes: dict[str, list[np.ndarray]] = {"own": [], "art": []}
        lined_: dict[str, list[list[np.ndarray]]] = {"own": [], "art": []}
        pairs: dict[str, list[np.ndarray]] = {"own": [], "art": []}
        # the own parts' inside (outline notes 5): per part, its inside pairs counted, and lined at each depth
        in_n: list[np.ndarray] = []
        in_lined: list[list[np.ndarray]] = []
        for side, hexes in (("own", examples[c]), ("art", examples[g])):
            for i in hexes:
                if i not in windows:
                    continue
                (r0, r1, c0, c1), luma = windows[i]
                cw, hw = cls[r0:r1, c0:c1], hid[r0:r1, c0:c1]
                ps = parts(cw, np.where(hw == i, hw, -1), c, _ground(cw, g, least))
                big = ps.size >= least
                sizes[side].append(ps.size[big])
                lay = layout.translated(-c0 * f, -r0 * f)
                got = [ps.shares(cn, fd) for cn, fd in _found(luma, ps.pair_a, ps.pair_b, c1 - c0, f, lay, (0, 0),
                                                              grid, DEPTHS, wide)]
                pairs[side].append(got[0][0][big])
                lined_[side].append([x[1][big] for x in got])
                if side == "own":
                    ins = [ps.shares(cn, fd, inner=True) for cn, fd in _found(luma, ps.inner_a, ps.inner_b, c1 - c0,
                                                                              f, lay, (0, 0), grid, DEPTHS, wide)]
                    in_n.append(ins[0][0][big])
                    in_lined.append([x[1][big] for x in ins])
        if not sizes["own"] or not sizes["art"]:
            continue
        own_p, art_p = np.concatenate(pairs["own"]), np.concatenate(pairs["art"])
        edge = _least_pairs(size, f)
        o, a = own_p >= edge, art_p >= edge
        if not o.any() or np.concatenate(sizes["art"])[a].sum() < least:
            continue
        best: Outlined | None = None
        inner_n = int(np.concatenate(in_n)[o].sum())
        for li, lv in enumerate(DEPTHS):
            own_l = np.concatenate([x[li] for x in lined_["own"]])[o]
            own_s = own_l / own_p[o]
            art_s = np.concatenate([x[li] for x in lined_["art"]])[a] / art_p[a]
            lo, hi = float(own_s.min()), float(art_s.max())
            # the edge's share and the inside's, pooled over the own parts judged
            on_edge = float(own_l.sum() / own_p[o].sum())
            inside = float(np.concatenate([x[li] for x in in_lined])[o].sum() / max(inner_n, 1))
            if (lo >= OUTLINED > hi and lo - hi >= GAP and inner_n and inside < INSIDE * on_edge
                    and (best is None or lo - hi > best.own - best.art)):
                best = Outlined(c, g, lv, (lo + hi) / 2, lo, hi, grid, inside, on_edge)
        if best is not None:
            out.append(best)
    return out


def read(im: Image.Image, size: float, layout: Layout, cls: np.ndarray, hid: np.ndarray, told: Sequence[Outlined],
         hex_blocks: float) -> int:
    """Module notes 4, in place on ``cls`` ((h, w)): each learned pair's parts under its threshold given its
    ground. Returns how many blocks moved."""
    if not told:
        return 0
    _pre, _f2, f = _blocks(size)
    luma = np.asarray(im.convert("L"), dtype=np.uint8)
    wide = max(1, round(LINE_WIDE * size))
    moved = 0
    for t in told:
        ps = parts(cls, hid, t.c, _ground(cls, t.g, GROUND * hex_blocks))
        ((counted, found),) = _found(luma, ps.pair_a, ps.pair_b, cls.shape[1], f, layout, (0, 0), t.grid,
                                     [t.depth], wide)
        pairs, lined_ = ps.shares(counted, found)
        under = np.flatnonzero((pairs >= _least_pairs(size, f)) & (lined_ < t.threshold * pairs)) + 1
        if len(under):
            hit = np.isin(ps.label, under)
            cls[hit] = t.g
            moved += int(hit.sum())
    return moved
