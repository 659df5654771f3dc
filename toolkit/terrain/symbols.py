"""Printed symbols (villages, towns, cities, fortifications) found from a few marked example hexes,
by template matching at the calibrated scale, so that a hex holding a symbol is found even when the
symbol covers 3% of it (issue 14, item 2).

1. **Colour.** The symbol's colour is the colour its example hexes share that no legend terrain
   has: pixels farther than ``FAR`` (Delta E) from every terrain colour are binned coarsely in
   CIELAB, and the bin found in the most examples (then with the most pixels) wins; a chromatic bin
   beats a dark neutral one (names and hex lines are black in every hex). A legend may give it.
2. **Template.** In each example hex the pixels of that colour (inside the hex, away from its edges)
   are cut out; the cut-outs are aligned on the first by the shift of best overlap, and the template
   is what most of them share: a railway or a name that passes one example in another direction is
   not part of the symbol.
3. **Matching.** The template is correlated with the colour mask of the whole (reduced) scan by
   FFT: the score at a place is the share of template pixels found there (within a pixel) less the
   share of the template's box that is the colour but not the template (a big blob of the colour is
   not the symbol). A hex holds the symbol when its best score reaches the threshold: the given one,
   else the middle of the widest gap in the hexes' scores below the examples' lowest.
4. **Check.** Leave-one-out over the examples: each example is scored with the template of the
   others (with 2 or more examples) and counted found when it reaches the threshold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw

from ..errors import InputError
from ..hexgrid import Grid, Layout
from .colour import rgb_to_lab

__all__ = ["SymbolClass", "SymbolReport", "find_symbols"]

FAR = 30.0  # Delta E from every terrain colour for a pixel to be symbol-coloured
WORK_SIZE = 36.0  # hexes are matched at about this size (px), the scan reduced to it
INSET = 0.8  # example cut-outs and matches are taken inside this share of the hex size


@dataclass(frozen=True)
class SymbolClass:
    """A printed symbol: example hexes holding it; ``terrain``: it is a terrain class of the legend
    (the hex takes it by priority), else it is only reported. ``colour`` (RGB), ``tolerance``
    (Delta E) and ``threshold`` (score) are learned when not given."""

    name: str
    examples: tuple[str, ...]
    terrain: bool = False
    colour: tuple[int, int, int] | None = None
    tolerance: float | None = None
    threshold: float | None = None


@dataclass
class SymbolReport:
    """What was learned for a symbol, and its leave-one-out check over the examples."""

    colour: tuple[float, float, float]
    tolerance: float
    threshold: float
    template_px: int
    example_scores: list[float]
    loo_found: int
    loo_total: int
    scores: dict[str, float] = field(default_factory=dict)


def _size(lay: Layout) -> float:
    return math.sqrt(lay.hex_area() / (1.5 * math.sqrt(3.0)))


def find_symbols(image: Image.Image, grid: Grid, classes: Sequence[SymbolClass],
                 terrain_labs: Sequence[Sequence[float]]) -> tuple[dict[str, set[str]], dict[str, SymbolReport]]:
    """Hexes holding each symbol (symbol -> hex ids) and what was learned for each."""
    assert grid.layout is not None
    if not classes:
        return {}, {}
    size = _size(grid.layout)
    f = max(1, round(size / WORK_SIZE))
    work = image.reduce(f) if f > 1 else image
    lay = grid.layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    lab = rgb_to_lab(np.asarray(work.convert("RGB")))
    hexes = grid.hexes()
    ids = [grid.id(h) for h in hexes]
    raster = _raster(lay, hexes, lab.shape[:2], INSET)
    found: dict[str, set[str]] = {}
    reports: dict[str, SymbolReport] = {}
    tl = np.array(terrain_labs, dtype=np.float32).reshape(-1, 3)
    for sc in classes:
        if not sc.examples:
            raise InputError(f"symbol {sc.name!r} needs example hexes (hexes: [...]) to learn its shape from")
        ex = [grid.hex(h) for h in sc.examples]
        colour = (rgb_to_lab(np.array(sc.colour, np.float64)) if sc.colour is not None
                  else _symbol_colour(lab, lay, ex, tl, sc.name))
        dist = np.sqrt(((lab - np.asarray(colour, np.float32)) ** 2).sum(axis=2))
        tol = sc.tolerance if sc.tolerance is not None else 25.0
        mask = dist < tol
        crops = [_cut(mask, lay, h) for h in ex]
        template = _consensus(crops)
        if template.sum() < 3:
            raise InputError(f"symbol {sc.name!r}: its example hexes share no mark of one colour; "
                             "give more examples, or its colour")
        score = _match(mask, template)
        best = _per_hex(score, raster, len(hexes))
        index = {hid: i for i, hid in enumerate(ids)}
        ex_scores = [float(best[index[grid.id(h)]]) for h in ex]
        thr = sc.threshold if sc.threshold is not None else _threshold(best, min(ex_scores))
        loo = 0
        if len(crops) >= 2:
            for i in range(len(crops)):
                t_i = _consensus(crops[:i] + crops[i + 1:])
                if t_i.sum() >= 3:
                    s_i = _match(mask, t_i)
                    b_i = _per_hex(s_i, raster, len(hexes))
                    others = [float(b_i[index[grid.id(h)]]) for j, h in enumerate(ex) if j != i]
                    thr_i = sc.threshold if sc.threshold is not None else _threshold(b_i, min(others))
                    loo += int(b_i[index[grid.id(ex[i])]] >= thr_i)
        found[sc.name] = {ids[i] for i in np.nonzero(best >= thr)[0]}
        c3 = (float(colour[0]), float(colour[1]), float(colour[2]))
        reports[sc.name] = SymbolReport(c3, tol, float(thr), int(template.sum()),
                                        [round(s, 3) for s in ex_scores], loo, len(crops) if len(crops) >= 2 else 0,
                                        {ids[i]: round(float(best[i]), 3) for i in np.nonzero(best > 0)[0]})
    return found, reports


def _raster(lay: Layout, hexes: Sequence, shape: tuple[int, int], inset: float) -> np.ndarray:
    h, w = shape
    img = Image.new("I", (w, h), -1)
    d = ImageDraw.Draw(img)
    for i, hx in enumerate(hexes):
        cx, cy = lay.hex_to_pixel(hx)
        d.polygon([(cx + inset * (x - cx) + 0.5, cy + inset * (y - cy) + 0.5) for x, y in lay.corners(hx)], fill=i)
    return np.asarray(img)


def _window(lay: Layout, h: object) -> tuple[int, int, int]:
    cx, cy = lay.hex_to_pixel(h)  # type: ignore[arg-type]
    return round(cx), round(cy), math.ceil(INSET * _size(lay))


def _cut(mask: np.ndarray, lay: Layout, h: object) -> np.ndarray:
    """The mask in a square of the hex's inset radius around its centre, outside the inset hex
    cleared (zero beyond the image)."""
    cx, cy, r = _window(lay, h)
    out = np.zeros((2 * r + 1, 2 * r + 1), dtype=bool)
    y0, x0 = cy - r, cx - r
    ys, xs = max(0, y0), max(0, x0)
    ye, xe = min(mask.shape[0], cy + r + 1), min(mask.shape[1], cx + r + 1)
    if ye > ys and xe > xs:
        out[ys - y0:ye - y0, xs - x0:xe - x0] = mask[ys:ye, xs:xe]
    # keep the inset hexagon only (flat or pointy: the corners of the hex around the centre)
    poly = Image.new("1", out.shape[::-1], 0)
    cxy = lay.hex_to_pixel(h)  # type: ignore[arg-type]
    ImageDraw.Draw(poly).polygon([(r + INSET * (x - cxy[0]), r + INSET * (y - cxy[1]))
                                  for x, y in lay.corners(h)], fill=1)  # type: ignore[arg-type]
    return out & np.asarray(poly, dtype=bool)


def _consensus(crops: Sequence[np.ndarray]) -> np.ndarray:
    """The pixels most aligned cut-outs share (all of one cut-out when it is alone), trimmed to
    their bounding box."""
    if not crops:
        return np.zeros((1, 1), bool)
    ref = crops[0].astype(np.float32)
    acc = ref.copy()
    n = ref.shape[0]
    lim = n // 3
    for c in crops[1:]:
        cf = c.astype(np.float32)
        corr = np.fft.irfft2(np.fft.rfft2(ref) * np.conj(np.fft.rfft2(cf)), s=ref.shape)
        # shifts are circular: only small ones make sense
        best, shift = -1.0, (0, 0)
        for dy in range(-lim, lim + 1):
            for dx in range(-lim, lim + 1):
                v = corr[dy % n, dx % n]
                if v > best:
                    best, shift = v, (dy, dx)
        acc += np.roll(cf, shift, axis=(0, 1))
    need = 1 if len(crops) == 1 else math.ceil(0.6 * len(crops))
    t = acc >= need
    if not t.any():
        return t[:1, :1]
    ys, xs = np.nonzero(t)
    return t[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _dilate(m: np.ndarray) -> np.ndarray:
    out = m.copy()
    out[1:] |= m[:-1]
    out[:-1] |= m[1:]
    o2 = out.copy()
    o2[:, 1:] |= out[:, :-1]
    o2[:, :-1] |= out[:, 1:]
    return o2


def _correlate(a: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Sum of ``a`` under ``t`` placed with its centre at each pixel (zero beyond the image)."""
    th, tw = t.shape
    h, w = a.shape
    sh, sw = h + th, w + tw
    fa = np.fft.rfft2(a.astype(np.float32), s=(sh, sw))
    ft = np.fft.rfft2(t[::-1, ::-1].astype(np.float32), s=(sh, sw))
    full = np.fft.irfft2(fa * ft, s=(sh, sw))
    oy, ox = th // 2, tw // 2
    return full[oy:oy + h, ox:ox + w]


def _match(mask: np.ndarray, template: np.ndarray) -> np.ndarray:
    """Share of template pixels on the colour (within a pixel) less the share of the rest of its box,
    padded by a quarter of its size, that is the colour (away from the template by more than a pixel)."""
    th, tw = template.shape
    py, px = max(2, th // 4), max(2, tw // 4)
    big = np.zeros((th + 2 * py, tw + 2 * px), dtype=bool)
    big[py:py + th, px:px + tw] = template
    near = _dilate(big)
    off = ~near
    hits = _correlate(mask, big) / float(template.sum())
    extra = _correlate(mask, off) / max(1.0, float(off.sum()))
    return hits - extra


def _per_hex(score: np.ndarray, raster: np.ndarray, n: int) -> np.ndarray:
    best = np.full(n, -1.0)
    ok = raster >= 0
    np.maximum.at(best, raster[ok], score[ok])
    return np.clip(best, 0, None)


def _threshold(best: np.ndarray, lowest_example: float) -> float:
    """The middle of the widest gap between hex scores from a third of the examples' lowest score up
    to it (the scores of hexes without the symbol lie below it, those with it about it)."""
    lo = lowest_example / 3
    s = np.sort(best[(best >= lo) & (best <= lowest_example)])
    s = np.concatenate([[lo], s, [lowest_example]])
    gaps = np.diff(s)
    i = int(np.argmax(gaps))
    return float((s[i] + s[i + 1]) / 2) if gaps[i] > 0 else float(lowest_example * 0.9)


def _symbol_colour(lab: np.ndarray, lay: Layout, examples: Sequence, terrain: np.ndarray, name: str) -> np.ndarray:
    """The colour the example hexes share that no terrain has (see the module docstring)."""
    per: list[np.ndarray] = []
    for h in examples:
        cx, cy, r = _window(lay, h)
        blk = lab[max(0, cy - r):cy + r + 1, max(0, cx - r):cx + r + 1].reshape(-1, 3)
        if terrain.size:
            d = np.sqrt(((blk[:, None, :] - terrain[None, :, :]) ** 2).sum(axis=2)).min(axis=1)
            blk = blk[d > FAR]
        per.append(blk)
    bins: dict[tuple[int, int, int], list[int]] = {}
    for k, blk in enumerate(per):
        keys, counts = np.unique(np.floor(blk / 12).astype(np.int32), axis=0, return_counts=True)
        for key, c in zip(map(tuple, keys.tolist()), counts.tolist()):
            if c >= 3:
                bins.setdefault(key, [0] * len(per))[k] += c  # type: ignore[index]
    if not bins:
        raise InputError(f"symbol {name!r}: its example hexes hold no colour unlike the legend terrains; "
                         "give its colour")

    def rank(item: tuple[tuple[int, int, int], list[int]]) -> tuple[int, int, int]:
        (L, a, b), counts = item
        centre = (np.array([L, a, b]) + 0.5) * 12
        chroma = int(math.hypot(centre[1], centre[2]) >= 20)
        return sum(1 for c in counts if c), chroma, sum(counts)

    key, _ = max(bins.items(), key=rank)
    centre = (np.array(key, dtype=np.float32) + 0.5) * 12
    allp = np.concatenate(per)
    near = allp[np.sqrt(((allp - centre) ** 2).sum(axis=1)) < 15]
    return np.median(near, axis=0) if len(near) else centre
