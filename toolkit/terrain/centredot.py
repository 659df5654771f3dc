"""Printed centre dots (issue 14): whether a map prints a small disc at the centre of its hexes - a tactical map's
mark of its rule that a hex is the terrain under its centre (Squad Leader prints a white dot in every hex, over the
open ground, the roads, the trees and the houses' roofs alike).

The legend's examples cannot tell such a map from a coverage map whose towns are printed small at the hexes' centres
(rules.check_centre: Stonewall Jackson's Way's legend is 3-0 for the centre, its studied region read by the centre
falls 70 -> 66/81); the map itself can. A sample of hexes (:data:`DOT_SAMPLE`, spread over the grid) is looked at
about each calibrated centre: within :data:`DOT_WINDOW` of it, the small discs (radii :data:`DOT_RADII`) lighter, or
darker, than every side of the ring around them, and even inside, are each hex's candidates (:data:`DOT_TOP`, at
distinct places). The print's dot is one mark printed the same in every hex: the candidates of most sampled hexes
agree on it - the same polarity, the same lightness (within :data:`DOT_LIGHTNESS`) and the same place about the
calibrated centre (within :data:`DOT_PLACE`: the print's own offset and the grid's error are the same for neighbouring
hexes, a speck of texture lies anywhere) - on grounds of different lightness (:data:`DOT_GROUNDS`: the same dot
across terrains, not a pattern of one terrain). The map prints centre dots when that mode holds in
:data:`DOT_SHARE` of the sampled hexes or more ("most hexes"); the mode's place may drift over the map as an affine
function of where the hexes lie (:data:`DOT_DRIFT`: a grid calibrated on a part of the map lies off the print beyond
it).

Lightness only (CIELAB L*): a dot is printed white or black on every terrain, and a photograph's or a JPEG's colour
at a 12 px dot is the ground's smeared over it (Squad Leader's white dots read b* 35-42 on its yellow-green ground,
9-14 on its roofs; their L* is 86-91 on both). A dot of another hue at the ground's lightness is not seen.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..hexgrid import Hex, Layout
from .colour import lightness
from .extract_legend import CENTRE_RADIUS
from .extract_raster import _hex_size, _median, _quantile

__all__ = ["CentreDots", "centre_dots", "dot_places"]

#: hexes looked at: enough for a share (a tenth's resolution at a board of a few hundred hexes), few enough to cost
#: nothing against the extraction (48 crops of a few dozen pixels)
DOT_SAMPLE = 48
#: where a dot is looked for about each calibrated centre, a share of the hex size: the disc ``centre: true`` reads
#: (extract_legend.CENTRE_RADIUS) - a dot it holds is the centre the reading means (Squad Leader's dots lie up to 0.11
#: of the hex from its calibrated grid's centres: the print's own offset and the grid's residuals)
DOT_WINDOW = CENTRE_RADIUS
#: the dot's radii tried, shares of the hex size (Squad Leader's dot: 6-7 px on hexes of 166 px, 0.04; its white
#: squares over some roofs 0.09): the disc's mean is read in a square of side 2r+1, each side of its ring in a strip
#: r wide beyond a gap of r/2 (a blurred or JPEG-saved dot's edge)
DOT_RADII = (0.02, 0.03, 0.045, 0.065, 0.09)
#: hexes larger than this (px) are looked at reduced by a whole factor to it or a little more
DOT_WORK = 100.0
#: a candidate's least contrast: its lightness less (or more) than its ring's lightest (darkest) side, less its own
#: spread (standard deviation), in L*: above the photograph's grain (Squad Leader's ground 1-3) and low enough for a
#: white dot on a pale road (5-6 less a spread of 1-2)
DOT_CONTRAST = 2.0
DOT_TOP = 3  # candidates kept per hex, at distinct places (DOT_APART of the hex apart)
DOT_APART = 0.04
DOT_KEEP = 8  # the strongest places of each radius and polarity the distinct ones are chosen from
#: the same dot: its lightness within this of the mode's (L*; Squad Leader's 86-91) and its place within
#: DOT_PLACE of the mode's place (shares of the hex size)
DOT_LIGHTNESS = 6.0
DOT_PLACE = 0.07
#: with this many hexes holding the mode's dot or more, its place may drift over the map (an affine function of where
#: the hexes lie, fitted to them): a grid calibrated on a part of the map drifts away from the print beyond it (Squad
#: Leader region 2's grid, fitted on columns K-P, lies 0.1 of the hex off the dots over columns B-F without its warp)
DOT_DRIFT = 8
#: the dotted hexes' rings (their grounds) spread over at least this much lightness (the 10th to the 90th percentile,
#: L*): the dot lies on more than one terrain
DOT_GROUNDS = 12.0
#: "most hexes": the share of sampled hexes holding the dot for the map to print centre dots
DOT_SHARE = 0.5
#: the share of the first third of the sample under which the rest is not looked at: half of DOT_SHARE (a map whose
#: dots are in most hexes shows them in a quarter of any 16 hexes but by a chance under 1 in 1000: binomial, p 0.5)
DOT_FIRST = 0.25
#: the control: the same hexes looked at with each centre moved this share of the hex size (inside the hex, off its
#: centre's window). A printed centre dot is at the centres only; a pattern printed over the map (a dot screen, a
#: stipple fill) holds a like spot at any place, and the drift's affine fit follows a pattern's phase across the map
#: (review36 R1): the map prints centre dots only where the control's share stays under DOT_FIRST
DOT_CONTROL = 0.45


@dataclass(frozen=True)
class CentreDots:
    """What :func:`centre_dots` saw: ``dotted`` of ``sampled`` hexes hold the mode's dot (``lightness`` L*, ``light``:
    lighter than its ring, else darker; at ``place`` (dx, dy) from the calibrated centre, shares of the hex size, before
    any drift; ``radius``: its disc's, the median of theirs, a share of the hex size; ``drift``: where its place drifts
    over the map, for dx and dy the affine function (c, cx, cy) of where a hex lies in hex sizes, c + cx x + cy y, or
    None: at ``place`` everywhere);
    ``grounds``: the lightness spread of those dots' rings; ``found``: the map prints centre dots."""

    sampled: int
    dotted: int
    lightness: float = 0.0
    light: bool = True
    place: tuple[float, float] = (0.0, 0.0)
    grounds: float = 0.0
    control: int = 0  # hexes of the control (DOT_CONTROL) holding a like spot off the centres: a pattern, not a dot
    radius: float = 0.0
    drift: tuple[tuple[float, float, float], tuple[float, float, float]] | None = None

    @property
    def share(self) -> float:
        return self.dotted / self.sampled if self.sampled else 0.0

    def at(self, x: np.ndarray, y: np.ndarray, size: float) -> tuple[np.ndarray, np.ndarray]:
        """The dot's place (dx, dy, shares of the hex size from the calibrated centre) in the hexes whose centres lie at
        ``x``, ``y`` (pixels of the picture looked at, hexes of ``size`` px)."""
        if self.drift is None:
            return np.full(np.shape(x), self.place[0]), np.full(np.shape(y), self.place[1])
        ax, ay = np.asarray(x, np.float64) / size, np.asarray(y, np.float64) / size
        (c, cx, cy), (d, dx, dy) = self.drift
        return c + cx * ax + cy * ay, d + dx * ax + dy * ay

    @property
    def found(self) -> bool:
        return self.sampled > 0 and self.share >= DOT_SHARE and self.grounds >= DOT_GROUNDS and not self.control

    def said(self) -> str:
        """The evidence in words."""
        if not self.dotted:
            return f"no dot common to the {self.sampled} hexes sampled at their centres"
        kind = "lighter" if self.light else "darker"
        return (f"a dot {kind} than its ring (L* {self.lightness:.0f}) at the centre of {self.dotted} of the "
                f"{self.sampled} hexes sampled ({self.share:.0%}; on grounds {self.grounds:.0f} L* apart)")

    def to_dict(self) -> dict[str, object]:
        return {"found": self.found, "share": round(self.share, 3), "dotted": self.dotted, "sampled": self.sampled,
                "lightness": round(self.lightness, 1), "light": self.light,
                "place": [round(self.place[0], 3), round(self.place[1], 3)], "grounds": round(self.grounds, 1),
                "control": self.control, "radius": round(self.radius, 3)}


def centre_dots(image: Image.Image, layout: Layout, hexes: Sequence[Hex],
                on: tuple[int, int, int, int] | None = None) -> CentreDots:
    """Whether ``image`` prints a dot at the centre of most of ``hexes`` (``layout`` calibrated on it; ``on``: the
    part of the image that is the scan, (x0, y0, x1, y1): hexes whose window reaches beyond it are not sampled)."""
    size, f, s, window, radii, half = _looked_at(layout)
    x0, _y0, x1, _y1 = on if on is not None else (0, 0, image.width, image.height)
    xs, ys, keep = _centres(image, layout, hexes, on, f, half)
    pts = list(zip(xs[keep].tolist(), ys[keep].tolist(), strict=True))
    if len(pts) > DOT_SAMPLE:
        pts = [pts[i] for i in np.linspace(0, len(pts) - 1, DOT_SAMPLE).round().astype(int)]
    if not pts:
        return CentreDots(0, 0)
    # a third of the sample first (every third hex: spread as the whole): a map whose centres share no dot is told
    # from those (the whole sample's cost is paid on a map that may print dots, DOT_FIRST)
    first = _candidates(image, pts[::3], f, half, s, window, radii)
    at = np.asarray(pts) / size  # where each sampled hex lies, in hex sizes (the place's drift over the map)
    seen = _mode(first, at[::3])
    if seen.dotted < DOT_FIRST * seen.sampled:
        return seen
    rest = [i for i in range(len(pts)) if i % 3]
    if rest:
        seen = _mode(np.concatenate([first, _candidates(image, [pts[i] for i in rest], f, half, s, window, radii)]),
                     np.concatenate([at[::3], at[rest]]))
    if seen.found:
        moved = [(x + DOT_CONTROL * size, y) for x, y in pts[::3]]
        inside = [p for p in moved if x0 + half * f <= p[0] < x1 - (half + 1) * f]
        control = _mode(_candidates(image, inside, f, half, s, window, radii), np.asarray(inside) / size) \
            if inside else CentreDots(0, 0)
        if control.dotted >= DOT_FIRST * max(1, control.sampled):
            return dataclasses.replace(seen, control=control.dotted)
    return seen


def dot_places(image: Image.Image, layout: Layout, hexes: Sequence[Hex], dots: CentreDots,
               on: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """Each of ``hexes``' own printed dot, where the map prints ``dots`` (:func:`centre_dots` found): (hexes, 3) - its
    place (dx, dy from the calibrated centre) and its disc's radius, shares of the hex size - the hex's candidate like
    the map's dot (its polarity, its lightness within DOT_LIGHTNESS, its place within DOT_PLACE of where the dot's
    drift puts it) scoring best; NaN where none is or the hex's window reaches beyond the scan (``on``). Looked at as
    the sample was: a few milliseconds a hex, paid where the map's dots were found."""
    size, f, s, window, radii, half = _looked_at(layout)
    xs, ys, keep = _centres(image, layout, hexes, on, f, half)
    px, py = dots.at(xs, ys, size)
    out = np.full((len(hexes), 3), np.nan)
    rows = np.nonzero(keep)[0]
    for b in range(0, len(rows), DOT_SAMPLE):
        part = rows[b:b + DOT_SAMPLE]
        c = _candidates(image, list(zip(xs[part].tolist(), ys[part].tolist(), strict=True)), f, half, s, window, radii)
        like = ((c[..., 1] == (1.0 if dots.light else -1.0)) & (np.abs(c[..., 4] - dots.lightness) <= DOT_LIGHTNESS)
                & (np.hypot(c[..., 2] - px[part, None], c[..., 3] - py[part, None]) <= DOT_PLACE))
        best = np.argmax(np.where(like, c[..., 0], -np.inf), axis=1)
        held = like.any(axis=1)
        out[part[held]] = c[np.nonzero(held)[0], best[held]][:, [2, 3, 6]]
    return out


def _looked_at(layout: Layout) -> tuple[float, int, float, float, list[int], int]:
    """How the hexes' centres are looked at on ``layout``: its hex size (px), the reduction, the hex size there, the
    window's radius, the dot's radii tried and the crop's half side (looked-at pixels)."""
    size = _hex_size(layout)
    f = max(1, round(size / DOT_WORK))
    s = size / f  # the hex size where it is looked at
    window = DOT_WINDOW * s
    radii = sorted({max(1, round(x * s)) for x in DOT_RADII})
    reach = max(2 * r + max(1, r // 2) for r in radii)
    half = math.ceil(window) + reach + 1  # the crop's half side (looked-at pixels)
    return size, f, s, window, radii, half


def _centres(image: Image.Image, layout: Layout, hexes: Sequence[Hex], on: tuple[int, int, int, int] | None, f: int,
             half: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every hex's centre (x, y: hex_to_pixel) and whether its crop lies on the scan (``on``, else the image)."""
    x0, y0, x1, y1 = on if on is not None else (0, 0, image.width, image.height)
    qr = np.array([(h.q, h.r) for h in hexes], np.float64).reshape(-1, 2)
    (a, b, c), (d, e, g) = layout.matrix
    xs, ys = a * qr[:, 0] + b * qr[:, 1] + c, d * qr[:, 0] + e * qr[:, 1] + g
    keep = (xs >= x0 + half * f) & (xs < x1 - (half + 1) * f) & (ys >= y0 + half * f) & (ys < y1 - (half + 1) * f)
    return xs, ys, keep


def _candidates(image: Image.Image, pts: Sequence[tuple[float, float]], f: int, half: int, s: float, window: float,
                radii: Sequence[int]) -> np.ndarray:
    """Each hex's dot candidates about its centre (``pts``): (hexes, DOT_TOP, 7) - score, 1 lighter than its ring
    (-1 darker), dx, dy (shares of the hex size from the centre), its lightness, its ring's, its disc's radius (the
    square of side 2r+1 it is read in: r and half a pixel, a share of the hex size); NaN where a hex has fewer. Every
    hex's crop is read at once (one array), as the integral image's sums over shifted slices."""
    n = (2 * half + 1) * f
    crops = []
    offs = []
    for x, y in pts:
        cx0, cy0 = round(x) - half * f, round(y) - half * f
        crop = image.crop((cx0, cy0, cx0 + n, cy0 + n))
        if crop.mode != "RGB":
            crop = crop.convert("RGB")
        crops.append(np.asarray(crop.reduce(f) if f > 1 else crop))
        # the calibrated centre less the crop's middle pixel's centre, in looked-at pixels
        offs.append(((x - cx0) / f - 0.5 - half, (y - cy0) / f - 0.5 - half))
    rgb = np.stack(crops)
    side = rgb.shape[1]
    light = lightness(rgb).astype(np.float64)
    ii = np.zeros((len(pts), side + 1, side + 1))
    ii[:, 1:, 1:] = light.cumsum(1).cumsum(2)
    sq = np.zeros_like(ii)
    sq[:, 1:, 1:] = (light * light).cumsum(1).cumsum(2)
    off = np.asarray(offs)
    # the dot's lightness is its core's, the smallest disc's at its place, whatever disc found it (a larger disc's
    # mean mixes in its ground's corners: a white dot on a red roof read 86 in a disc of 2 px, 96 in 1 px)
    r0 = radii[0]
    core = np.zeros((len(pts), side, side))
    core[:, r0:side - r0, r0:side - r0] = (ii[:, 2 * r0 + 1:, 2 * r0 + 1:] - ii[:, :side - 2 * r0, 2 * r0 + 1:]
                                           - ii[:, 2 * r0 + 1:, :side - 2 * r0]
                                           + ii[:, :side - 2 * r0, :side - 2 * r0]) / (2 * r0 + 1) ** 2
    rows: list[np.ndarray] = []
    for r in radii:
        g = max(1, r // 2)
        m = 2 * r + g
        span = side - 2 * m  # the positions whose ring lies in the crop: m .. side - m - 1

        area = (2 * r + 1) ** 2
        mean = _boxes(ii, m, span, (-r, r, -r, r)) / area
        spread = np.sqrt(np.maximum(_boxes(sq, m, span, (-r, r, -r, r)) / area - mean ** 2, 0.0))
        strip = r * (2 * r + 1)
        sides = np.stack([_boxes(ii, m, span, (-r, r, -m, -r - g - 1)), _boxes(ii, m, span, (-r, r, r + g + 1, m)),
                          _boxes(ii, m, span, (-m, -r - g - 1, -r, r)),
                          _boxes(ii, m, span, (r + g + 1, m, -r, r))]) / strip
        ring = sides.mean(axis=0)
        centre = core[:, m:m + span, m:m + span]
        ys, xs = np.mgrid[m:m + span, m:m + span]
        dx = (xs - half)[None] - off[:, 0, None, None]
        dy = (ys - half)[None] - off[:, 1, None, None]
        inside = dx ** 2 + dy ** 2 <= window * window
        for pol, score in ((1.0, mean - sides.max(axis=0) - spread), (-1.0, sides.min(axis=0) - mean - spread)):
            sc = np.where(inside & (score >= DOT_CONTRAST), score, -np.inf).reshape(len(pts), -1)
            k = min(DOT_KEEP, sc.shape[1])
            top = np.argpartition(-sc, k - 1, axis=1)[:, :k]
            rows.append(np.stack([np.take_along_axis(sc, top, 1), np.full(top.shape, pol),
                                  np.take_along_axis(dx.reshape(len(pts), -1), top, 1) / s,
                                  np.take_along_axis(dy.reshape(len(pts), -1), top, 1) / s,
                                  np.take_along_axis(centre.reshape(len(pts), -1), top, 1),
                                  np.take_along_axis(ring.reshape(len(pts), -1), top, 1),
                                  np.full(top.shape, (r + 0.5) / s)], axis=-1))
    every = np.concatenate(rows, axis=1)  # (hexes, candidates, 7)
    out = np.full((len(pts), DOT_TOP, 7), np.nan)
    for i, cs in enumerate(every):
        cs = cs[np.isfinite(cs[:, 0])]
        kept = 0
        for c in cs[np.argsort(-cs[:, 0], kind="stable")]:
            if all(math.hypot(c[2] - out[i, j, 2], c[3] - out[i, j, 3]) > DOT_APART for j in range(kept)):
                out[i, kept] = c
                kept += 1
                if kept == DOT_TOP:
                    break
    return out


def _boxes(a: np.ndarray, m: int, span: int, box: tuple[int, int, int, int]) -> np.ndarray:
    """Sums of the integral images ``a`` (hexes, side + 1, side + 1) over the box rows y+t..y+b and columns x+l..x+r
    (``box`` = (t, b, l, r), inclusive) about every position (y, x) from ``m`` to ``m + span - 1``."""
    t, b, lft, rgt = box
    return np.asarray(a[:, m + b + 1:m + b + 1 + span, m + rgt + 1:m + rgt + 1 + span]
                      - a[:, m + t:m + t + span, m + rgt + 1:m + rgt + 1 + span]
                      - a[:, m + b + 1:m + b + 1 + span, m + lft:m + lft + span]
                      + a[:, m + t:m + t + span, m + lft:m + lft + span])


def _mode(cands: np.ndarray, at: np.ndarray) -> CentreDots:
    """The dot most sampled hexes agree on (polarity, lightness, place), and how many hold it: each candidate a
    seed, the hexes holding one like it its members, the mode's dot their median lightness and place, its members
    counted again about it. The best mode's place is then let drift over the map (:data:`DOT_DRIFT`): an affine
    function of where the hexes lie (``at``, hex sizes), fitted to its members and they counted again about it."""
    n = cands.shape[0]
    score, pol, dx, dy, lightness, ring, radius = (cands[..., j] for j in range(7))

    def members(p: float, lt: float, x: np.ndarray | float, y: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        x, y = np.reshape(x, (-1, 1)), np.reshape(y, (-1, 1))  # one place, or each hex's
        like = (pol == p) & (np.abs(lightness - lt) <= DOT_LIGHTNESS) & (np.hypot(dx - x, dy - y) <= DOT_PLACE)
        best = np.argmax(np.where(like, score, -np.inf), axis=1)  # each hex's strongest such candidate
        return like.any(axis=1), best

    out = CentreDots(n, 0)
    found: tuple[float, float, np.ndarray, np.ndarray] | None = None
    for i, j in zip(*np.nonzero(np.isfinite(score)), strict=True):
        held, best = members(pol[i, j], lightness[i, j], dx[i, j], dy[i, j])
        if held.sum() < 2:
            continue
        pick = (np.arange(n)[held], best[held])
        # (finite: a member's candidate is like the seed in lightness and place. extract_raster._median is numpy's
        # median without its NaN check, whose first use imports numpy.ma: ~8 ms of the command's CPU, 50a407f)
        lt = float(_median(lightness[pick]))
        x, y = float(_median(dx[pick])), float(_median(dy[pick]))
        held, best = members(pol[i, j], lt, x, y)
        if held.sum() > out.dotted:
            out = _dots(n, held, best, ring, radius, lt, bool(pol[i, j] > 0), (x, y))
            found = (float(pol[i, j]), lt, held, best)
    if found is None or out.dotted < DOT_DRIFT:
        return out
    p, lt, held, best = found
    mean = at.mean(axis=0)
    basis = np.column_stack([np.ones(n), at - mean])
    for _ in range(2):
        rows = np.arange(n)[held]
        coef, *_ = np.linalg.lstsq(basis[rows], np.column_stack([dx[rows, best[held]], dy[rows, best[held]]]),
                                   rcond=None)
        px, py = (basis @ coef).T
        held2, best2 = members(p, lt, px, py)
        if held2.sum() <= held.sum():
            break
        held, best = held2, best2
        # the fit (its mean taken in): place = c + cx x + cy y at (x, y) in hex sizes
        (c0, d0), (cx, dx1), (cy, dy1) = coef.tolist()
        mx, my = mean.tolist()
        drift = ((c0 - cx * mx - cy * my, cx, cy), (d0 - dx1 * mx - dy1 * my, dx1, dy1))
        out = dataclasses.replace(_dots(n, held, best, ring, radius, lt, p > 0, out.place), drift=drift)
    return out


def _dots(n: int, held: np.ndarray, best: np.ndarray, ring: np.ndarray, radius: np.ndarray, lt: float, light: bool,
          place: tuple[float, float]) -> CentreDots:
    """The mode's report: its members' count, their rings' lightness spread (10th to 90th percentile) and their
    discs' median radius."""
    pick = (np.arange(n)[held], best[held])
    rings = ring[pick]
    grounds = float(_quantile(rings, 0.9) - _quantile(rings, 0.1))  # np.percentile's (numpy's own with a NaN)
    sizes = radius[pick]
    middle = _median(sizes) if np.isfinite(sizes).all() else np.median(sizes)
    return CentreDots(n, int(held.sum()), lt, light, place, grounds, radius=float(middle))
