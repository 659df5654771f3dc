"""The QA picture of an extraction (:func:`draw_overlay`), drawn as a palette image.

The scan is resampled to the picture's scale (nearest pixel, after an integer box reduction when shrinking
by 2 or more) and reduced to a few dozen colours chosen from it; every terrain tint is then the same few
dozen colours blended with the terrain's legend colour, so a tinted pixel is its scan colour's index plus an
offset, added to the whole picture in one pass. Text is put together from glyphs rendered once per character
(with two grey levels between paper and ink, so it keeps its anti-aliasing) and copied into place. The
picture is one byte a pixel with long runs: a 19-megapixel picture is written in a fraction of a second,
where the full-colour one took longer to compress than the scan took to decode (issue 14 item 7).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
from PIL import Image, ImageChops, ImageDraw

from .. import fonts
from ..hexgrid import Hexside, Layout
from .colour import lab_to_rgb
from .extract_raster import _hex_corners, _hex_size

if TYPE_CHECKING:
    from .extract import Extraction, HexResult

__all__ = ["ID_EM", "LABEL_EM", "MAX_OVERLAY_SIDE", "OVERLAY_HEX_PX", "draw_overlay", "overlay_scale"]

#: the QA picture is drawn with hexes at least this many pixels from centre to corner (hex ids legible at 100%),
#: scaling a small scan up and shrinking a big one no further than this
OVERLAY_HEX_PX = 48.0
#: the largest side of the QA picture when a small-hexed scan is scaled up to :data:`OVERLAY_HEX_PX`
MAX_OVERLAY_SIDE = 12_000
ID_EM = 0.36  # hex id font size, in hex sizes (centre to corner): digits ~0.23 of the hex high
LABEL_EM = 0.27  # class and confidence font size, in hex sizes
TINT_ALPHA = 170 / 255  # the share of the terrain colour in a hex's tinted middle
MAX_SCAN_COLOURS = 48  # the scan is drawn in at most this many colours (fewer when there are many terrains)
MIN_SCAN_COLOURS = 16  # below this the tints are drawn opaque, so the scan keeps at least this many
PAPER, INK, PURPLE, MAGENTA = (255, 255, 255), (0, 0, 0), (150, 0, 150), (255, 0, 255)


def overlay_scale(image_size: tuple[int, int], hex_size: float, max_side: int = 2400) -> float:
    """The scale of the QA picture: ``max_side`` on its longest side at most, unless that leaves hexes smaller
    than :data:`OVERLAY_HEX_PX`; then the scale giving hexes of that size (up to :data:`MAX_OVERLAY_SIDE`)."""
    longest = max(image_size)
    scale = min(1.0, max_side / longest)
    if hex_size * scale < OVERLAY_HEX_PX:
        scale = max(scale, min(OVERLAY_HEX_PX / hex_size, MAX_OVERLAY_SIDE / longest))
    return scale


def class_labs(ext: Extraction) -> dict[str, tuple[float, float, float]]:
    """Every class a hex may take, with its colour: the legend terrains, then the symbol classes (in
    the colour their symbol was found in)."""
    out = {t.name: t.lab for t in ext.legend.terrains}
    for sc in ext.legend.symbols:
        if sc.terrain:
            rep = ext.symbol_reports.get(sc.name)
            out[sc.name] = rep.colour if rep else (50.0, 0.0, 0.0)
    return out


# --- palette ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Palette:
    """The picture's palette: ``scan`` colours of the scan; for terrain ``k`` (``tints``) the same colours
    blended with the terrain's colour at ``scan * (k + 1)`` on; then paper, two greys and ink (``ink``: four
    increasing indices), two purples and purple (``purple``, paper first), magenta, the feature colours and the
    terrain colours (opaque: the key's swatches, and the tints when there are too many terrains to blend)."""

    rgb: np.ndarray  # (n, 3) uint8
    scan: int
    tints: bool  # tints blended (True) or opaque
    ink: tuple[int, int, int, int]
    purple: tuple[int, int, int, int]
    magenta: int
    feature: dict[str, int]
    terrain: dict[str, int]

    @property
    def paper(self) -> int:
        return self.ink[0]


def _ramp(to: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Two tones between paper and ``to``, then ``to``: anti-aliased text on paper in four levels."""
    return [tuple(round(p + (c - p) * t) for p, c in zip(PAPER, to)) for t in (1 / 3, 2 / 3, 1.0)]  # type: ignore[misc]


def _palette(scan_rgb: np.ndarray, classes: Mapping[str, tuple[int, ...]],
             features: Mapping[str, tuple[int, ...]]) -> _Palette:
    s = len(scan_rgb)
    rows: list[Sequence[int]] = [tuple(int(c) for c in row) for row in scan_rgb]
    tints = s * (len(classes) + 1) + 8 + len(features) + len(classes) <= 256
    if tints:
        scan = scan_rgb.astype(np.float64)
        for col in classes.values():
            blend = scan * (1 - TINT_ALPHA) + np.array(col[:3], np.float64) * TINT_ALPHA
            rows += [tuple(row) for row in np.rint(blend).astype(int).tolist()]
    n = len(rows)
    rows += [PAPER, *_ramp(INK), *_ramp(PURPLE), MAGENTA]
    rows += [tuple(c[:3]) for c in features.values()] + [tuple(c[:3]) for c in classes.values()]
    f0 = n + 8
    return _Palette(np.array(rows, np.uint8), s, tints, (n, n + 1, n + 2, n + 3), (n, n + 4, n + 5, n + 6), n + 7,
                    {k: f0 + i for i, k in enumerate(features)},
                    {k: f0 + len(features) + i for i, k in enumerate(classes)})


def scan_colours(n_classes: int, n_features: int) -> int:
    """How many colours the scan is drawn in: as many as leave room in 256 for a blended copy per terrain
    and the marks' colours, from :data:`MIN_SCAN_COLOURS` to :data:`MAX_SCAN_COLOURS`."""
    fit = (256 - 8 - n_features - n_classes) // (n_classes + 1)
    return max(MIN_SCAN_COLOURS, min(MAX_SCAN_COLOURS, fit))  # below the least, _palette draws opaque tints


def _base(image: Image.Image, size: tuple[int, int], colours: int) -> tuple[Image.Image, np.ndarray]:
    """The scan at ``size`` in at most ``colours`` colours, as (a "P" image of their indices, colours (n, 3)
    uint8): shrunk by whole pixel blocks (averaged) first when at most half the size, then to the pixel
    (nearest)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    n = min(rgb.width // max(1, size[0]), rgb.height // max(1, size[1]))
    if n >= 2:
        rgb = rgb.reduce(n)
    if rgb.size != size:
        rgb = rgb.resize(size, Image.Resampling.NEAREST)
    step = max(1, round((rgb.width * rgb.height / 250_000) ** 0.5))  # choose the colours from ~250,000 pixels
    sample = rgb.resize((max(1, rgb.width // step), max(1, rgb.height // step)), Image.Resampling.NEAREST)
    chosen = sample.quantize(colours, method=Image.Quantize.FASTOCTREE)
    pal = np.array(chosen.getpalette() or [0, 0, 0], np.uint8).reshape(-1, 3)[:colours]
    pal_img = Image.new("P", (1, 1))
    pal_img.putpalette(pal.tobytes())
    return rgb.quantize(palette=pal_img, dither=Image.Dither.NONE), pal


# --- text ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Cell:
    """One character in one ink colour: palette indices over its advance and the font's line height, and the
    rows and columns its ink covers (``bottom``/``right`` exclusive; top > bottom when it has none)."""

    idx: np.ndarray  # (line height, advance) uint8 palette indices
    top: int
    bottom: int
    left: int
    right: int


@cache
def _levels(size: int, weight: fonts.Weight, ch: str) -> np.ndarray:
    """``ch`` drawn from its pen position over its rounded advance and the line's height, as ink levels 0..3."""
    f = fonts.font(size, weight)
    ascent, descent = f.getmetrics()
    im = Image.new("L", (max(1, round(f.getlength(ch))), ascent + descent), 0)
    ImageDraw.Draw(im).text((0, ascent), ch, font=f, fill=255, anchor="ls")
    return ((np.asarray(im, np.uint16) * 3 + 127) // 255).astype(np.uint8)


class _Text:
    """Strings set character by character (no kerning) from glyphs drawn once, at one size and weight, as
    palette indices: paper, two greys and the ink colour (``ramp``) for anti-aliased text on paper."""

    def __init__(self, size: float, weight: fonts.Weight = "regular", keep: bool = True) -> None:
        self.size, self.weight, self.keep = max(1, round(size)), weight, keep
        self._cells: dict[tuple[str, tuple[int, ...]], _Cell] = {}
        self._cache: dict[tuple[str, tuple[int, ...]], np.ndarray] = {}

    def _cell(self, ch: str, ramp: tuple[int, ...]) -> _Cell:
        got = self._cells.get((ch, ramp))
        if got is None:
            lv = _levels(self.size, self.weight, ch)
            rows, cols = np.flatnonzero(lv.any(axis=1)), np.flatnonzero(lv.any(axis=0))
            ink = len(rows) > 0
            got = _Cell(np.asarray(ramp, np.uint8)[lv], int(rows[0]) if ink else lv.shape[0],
                        int(rows[-1]) + 1 if ink else 0, int(cols[0]) if ink else lv.shape[1],
                        int(cols[-1]) + 1 if ink else 0)
            self._cells[(ch, ramp)] = got
        return got

    def patch(self, text: str, ramp: tuple[int, ...]) -> np.ndarray:
        """``text`` as palette indices, cut to its ink and a pixel of paper round it (as far as the line allows)."""
        got = self._cache.get((text, ramp))
        if got is not None:
            return got
        cells = [self._cell(ch, ramp) for ch in fonts.printable(text)] or [self._cell(" ", ramp)]
        x, left, right, top, bottom = 0, 1 << 30, -1, 1 << 30, -(1 << 30)
        for c in cells:
            if c.right:
                if x + c.left < left:
                    left = x + c.left
                if x + c.right > right:
                    right = x + c.right
            if c.top < top:
                top = c.top
            if c.bottom > bottom:
                bottom = c.bottom
            x += c.idx.shape[1]
        if right < 0:  # no ink at all: a paper box the size of the text
            left, right, top, bottom = 0, x, 0, cells[0].idx.shape[0]
        row = cells[0].idx if len(cells) == 1 else np.concatenate([c.idx for c in cells], axis=1)
        out = row[max(0, top - 1):bottom + 1, max(0, left - 1):right + 1]
        if self.keep and len(self._cache) < 4096:
            self._cache[(text, ramp)] = out
        return out


def _put(arr: np.ndarray, patch: np.ndarray, centre: tuple[float, float]) -> None:
    """Copy a patch (palette indices) centred on ``centre`` into ``arr``, cut at its edges."""
    h, w = patch.shape
    x0, y0 = round(centre[0] - w / 2), round(centre[1] - h / 2)
    H, W = arr.shape
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(W, x0 + w), min(H, y0 + h)
    if cx0 < cx1 and cy0 < cy1:
        arr[cy0:cy1, cx0:cx1] = patch[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]


# --- the picture -----------------------------------------------------------------------------------


def draw_overlay(image: Image.Image, ext: Extraction, max_side: int = 2400,
                 timings: dict[str, float] | None = None) -> Image.Image:
    """The QA picture, a palette ("P") image: the scan (scaled by :func:`overlay_scale`, in a few dozen of its
    colours), each hex's middle tinted with its extracted terrain (legend colour; a tint unlike the printed ring
    around it is a miss), and on every hex its id and its class with its confidence, at a size scaled to the hex
    (readable at 100%); hexside features drawn as thick lines (along, coast) or bars (across), hexes to review
    outlined in magenta with why in purple (their dominant terrain and its share), hexes with nothing to
    classify crossed out, and a key of the colours in the top right corner."""
    assert ext.grid.layout is not None
    clock = _Clock(timings)
    scale = overlay_scale(image.size, _hex_size(ext.grid.layout), max_side)
    dims = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    colours = {n: tuple(int(c) for c in lab_to_rgb(lab)) for n, lab in class_labs(ext).items()}
    feat_rgb = {f.name: tuple(int(c) for c in lab_to_rgb(f.lab)) for f in ext.legend.features}
    pic, scan_rgb = _base(image, dims, scan_colours(len(colours), len(feat_rgb)))
    pal = _palette(scan_rgb, colours, feat_rgb)
    clock("scan")
    lay = ext.grid.layout.scaled(scale)
    size = _hex_size(lay)
    grid = ext.grid
    hexes = [grid.hex(h) for h in ext.hexes]
    results = list(ext.hexes.values())

    # tints: the middle 60% of every classified hex, its scan colours moved to the terrain's blended copies
    inner_c = _hex_corners(lay, hexes, 0.6) + 0.5
    # the points flat (x0, y0, x1, ...), as ImageDraw.polygon takes them: no tuple a point. Only Pillow's public
    # API: its internals (ImageDraw.draw.draw_polygon, draw_ink with the ink resolved once) saved ~1 ms here
    inner_flat = inner_c.reshape(-1, 12).tolist()
    if pal.tints:
        marks = Image.new("L", dims, 0)
        d = ImageDraw.Draw(marks)
        offset = {n: pal.scan * (i + 1) for i, n in enumerate(colours)}
        for pts, r in zip(inner_flat, results):
            if r.terrain is not None:
                d.polygon(pts, fill=offset[r.terrain])
        # index + offset, in Pillow (a one-band 8-bit add; the offsets leave no sum above 255)
        pic = ImageChops.add(pic, marks)
    clock("tints")
    d = ImageDraw.Draw(pic)
    if not pal.tints:  # too many terrains for a blended copy of the scan's colours each: opaque tints
        for pts, r in zip(inner_c.tolist(), results):
            if r.terrain is not None:
                d.polygon([tuple(p) for p in pts], fill=pal.terrain[r.terrain])
    ring = max(2, int(size * 0.08))
    outer = (_hex_corners(lay, hexes, 1.0) + 0.5).tolist()
    # review rings inside the hex's edge: a line of width ``ring`` along the hexagon shrunk by half of it
    # (Pillow's wide polygon outline makes a mask the size of the picture for every polygon)
    in_ring = (_hex_corners(lay, hexes, 1.0 - ring / (size * 3 ** 0.5)) + 0.5).tolist()
    outline = pal.ink[3]
    for pts, opts, rpts, r in zip(inner_flat, outer, in_ring, results):
        if r.terrain is not None:
            d.polygon(pts, outline=outline)
        if r.review:
            d.line([tuple(p) for p in rpts + rpts[:1]], fill=pal.magenta, width=ring, joint="curve")
        if r.terrain is None:
            d.line([tuple(opts[0]), tuple(opts[3])], fill=pal.magenta, width=2)
    _draw_features(d, ext, lay, size, pal)
    clock("lines")
    arr = np.asarray(pic).copy()
    clock("to_array")
    _draw_labels(arr, ext, lay, size, pal)
    clock("labels")
    _draw_key(arr, ext, colours, pal)
    out = Image.fromarray(arr, "L")
    out.putpalette(pal.rgb.tobytes())
    clock("key")
    return out


class _Clock:
    """Adds the CPU seconds since its last call to ``timings[name]`` (when there are timings to keep)."""

    def __init__(self, timings: dict[str, float] | None) -> None:
        self.timings, self.t = timings, time.process_time()

    def __call__(self, name: str) -> None:
        if self.timings is not None:
            t = time.process_time()
            self.timings[name] = self.timings.get(name, 0.0) + t - self.t
            self.t = t


def _draw_features(d: ImageDraw.ImageDraw, ext: Extraction, lay: Layout, size: float, pal: _Palette) -> None:
    """Hexside features: thick lines along the side (along, coast, gap), bars across it (across); where a side
    holds several, in the legend's order, the last drawn on top (the same picture in every run)."""
    fw = max(2, int(size * 0.12))
    kinds = {f.name: f.kind for f in ext.legend.features}
    order = {f.name: i for i, f in enumerate(ext.legend.features)}
    for key, feats in ext.hexsides.items():
        a, b = key.split("/")
        ha, hb = ext.grid.hex(a), ext.grid.hex(b)
        # a side's features drawn in the legend's order (the last on top): a frozenset's own order follows the
        # string hash, which Python seeds afresh in each process, so two runs drew shared sides differently
        for fname in sorted(feats, key=order.__getitem__):
            col = pal.feature[fname]
            if kinds[fname] in ("along", "coast", "gap"):
                d.line(lay.hexside_endpoints(Hexside.between(ha, hb)), fill=col, width=fw)
            else:
                pa, pb = lay.hex_to_pixel(ha), lay.hex_to_pixel(hb)
                m = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                d.line([(m[0] + 0.3 * (pa[0] - m[0]), m[1] + 0.3 * (pa[1] - m[1])),
                        (m[0] + 0.3 * (pb[0] - m[0]), m[1] + 0.3 * (pb[1] - m[1]))], fill=col, width=fw)


def _draw_labels(arr: np.ndarray, ext: Extraction, lay: Layout, size: float, pal: _Palette) -> None:
    """Every hex's id above its middle; below it its class and confidence, or (review hexes, in purple) why."""
    ids = _Text(max(11, ID_EM * size), "semibold", keep=False)  # every id is drawn once
    small = _Text(max(10, LABEL_EM * size))
    m = np.array(lay.matrix)
    axial = np.array([(h.q, h.r) for h in (ext.grid.hex(i) for i in ext.hexes)], np.float64).reshape(-1, 2)
    centres = (axial @ m[:, :2].T + m[:, 2]).tolist()
    for (cx, cy), (hid, r) in zip(centres, ext.hexes.items()):
        _put(arr, ids.patch(hid, pal.ink), (cx, cy - 0.45 * size))
        if r.review:
            _put(arr, small.patch(_review_text(r), pal.purple), (cx, cy + 0.45 * size))
        elif r.terrain is not None:
            _put(arr, small.patch(f"{r.terrain[:9]} {r.confidence:.0%}", pal.ink), (cx, cy + 0.45 * size))


def _review_text(r: HexResult) -> str:
    """A review hex's second line: why it is listed, shortly."""
    near = r.review.split()[2] if r.review.startswith("near the ") else ""
    return (f"{(r.terrain or '')[:8]} {r.confidence:.0%}" if r.review.startswith("mixed") else
            f"{(r.terrain or '')[:8]} centre" if r.review.startswith("centre:") else
            f"{near[:8]} {r.fractions.get(near, 0.0):.0%}?" if near else
            f"{r.visible:.0%} on image" if "on the image" in r.review else f"{r.unknown:.0%} unknown")


def _draw_key(arr: np.ndarray, ext: Extraction, colours: Mapping[str, Any], pal: _Palette) -> None:
    """A key in the top right corner: terrain tints with their hex counts, features with their side
    counts, and what the magenta marks mean."""
    n_t, n_f = ext.counts()
    rows: list[tuple[str, int, str]] = [(f"{n} ({n_t.get(n, 0)})", pal.terrain[n], "box") for n in colours]
    rows += [(f"{f.name} ({n_f.get(f.name, 0)} sides)", pal.feature[f.name], "line") for f in ext.legend.features]
    rows.append((f"review ({len(ext.review())})", pal.magenta, "ring"))
    height, width = arr.shape
    px = max(11, min(22, width // 70))
    text = _Text(px)
    patches = [text.patch(t, pal.ink) for t, _, _ in rows]
    line_h = round(px * 1.5)
    kw = max(p.shape[1] for p in patches) + 3 * px
    x0, y0 = width - kw - px, px
    box = (max(0, x0 - px // 2), max(0, y0 - px // 2), width, min(height, y0 + line_h * len(rows) + px // 2 + 1))
    key = Image.fromarray(arr[box[1]:box[3], box[0]:box[2]], "L")
    d = ImageDraw.Draw(key)
    d.rectangle([x0 - px // 2 - box[0], y0 - px // 2 - box[1], x0 + kw - box[0], y0 + line_h * len(rows) + px // 2
                 - box[1]], fill=pal.paper, outline=pal.ink[3])
    for i, (_, col, how) in enumerate(rows):
        y = y0 + i * line_h - box[1]
        sw = [x0 - box[0], y + 2, x0 - box[0] + 2 * px - 4, y + px]
        if how == "box":
            d.rectangle(sw, fill=col, outline=pal.ink[3])
        elif how == "line":
            ym = (sw[1] + sw[3]) / 2
            d.line([(sw[0], ym), (sw[2], ym)], fill=col, width=max(3, px // 4))
        else:
            d.rectangle(sw, outline=col, width=max(2, px // 6))
    arr[box[1]:box[3], box[0]:box[2]] = np.asarray(key)
    for i, p in enumerate(patches):
        y = y0 + i * line_h
        _put(arr, p, (x0 + 2 * px + p.shape[1] / 2, y + px / 2 + 2))
