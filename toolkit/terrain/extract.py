"""Terrain extraction: from a calibrated scan and a legend to per-hex terrain and hexside features.

Pipeline (digitizing.md sections 3-4, measured there):

1. **Ink mask.** Dark pixels (hex lines, numbers, names, symbols; CIELAB ``L*`` below the legend's
   ``ink`` lightness) are left out of every colour average.
2. **Masked local mean.** The scan is averaged over blocks (Pillow ``reduce``, C speed) of non-ink
   pixels only, then box-filtered to about a quarter of a hex: patterned terrain (marsh hatching,
   tree dots, stipple) becomes one stable colour. Block size scales with the hex size, so a 300-dpi
   scan costs little more than a small one.
3. **CIELAB nearest centroid.** Every block is given the legend terrain nearest in Delta E, or
   "unknown" beyond ``max_delta_e``.
4. **Hex-id raster.** Each hex is drawn inset to 85% of its size (keeping out hex lines and the
   colour bleeding across them) with its index into an integer image; one ``np.bincount`` over
   ``hex * classes + class`` gives the class counts of every hex, hence fractions, the dominant
   terrain and a confidence. Hexes cut by the image edge keep their visible fraction (``partial``).
5. **Hexside features.** For every hexside a band is sampled along its middle 80% and across
   +-15% of the hex size; a sample "hits" a feature when it is within the feature's Delta E
   tolerance. ``along`` features (rivers, lake bands drawn on the side) score the fraction of
   positions hit; ``across`` features (roads, railways crossing the side) score the longest run of
   positions where the colour shows on *both* sides of the printed hex line (the band's middle left
   out), near the side's middle, in runs of at most ``MAX_CROSSING`` hex sizes - so a dark railway
   is not confused with the hex lines, nor a road colour with an area of similar terrain. A sample
   counts only for the feature whose colour it is nearest. No ``along`` feature is reported between
   two water hexes, nor between a water and a land hex (that line is the coast) unless it says
   ``on_coast: true``; ``coast`` features are those water|land sides, from the terrain. The legend
   colour is first adapted to the scan (it
   never survives blur, JPEG and the hex line printed over it): from marked example sides
   (``yes``/``no``) when given - colour, tolerance, line width and threshold are then all learned -
   otherwise from the samples that match it best. Thresholds default to sizes relative to the hex.

The result (:class:`Extraction`) becomes a map (:func:`to_terrain_map`) whose ``review:`` list
names the ambiguous hexes, and a QA picture (:func:`draw_overlay`).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageChops, ImageDraw

from .. import fonts, yamlfile
from ..errors import DataFileError, GridError, InputError
from ..hexgrid import Grid, Hex, Layout
from .colour import hex_to_rgb, lab_table, lab_to_rgb, rgb_codes, rgb_to_hex, rgb_to_lab
from .io import _WORD  # a hexside feature name, as the map reader requires
from .legend import normalise
from .rules import Rules, decide, learn
from .symbols import SymbolClass, SymbolReport, find_symbols

__all__ = [
    "Extraction",
    "FeatureClass",
    "HexResult",
    "Legend",
    "TerrainClass",
    "draw_overlay",
    "extract",
    "legend_from_dict",
    "load_legend",
    "to_terrain_map",
]

Progress = Callable[[str], None]
#: A legend is tens of entries, each with a few sample points; 100,000 nodes is ~29 MB of node tree.
LEGEND_LIMITS = yamlfile.Limits(max_depth=16, max_nodes=100_000)
INSET = 1.0  # hexes are measured inside this share of their size
SMOOTH = 0.3  # masked local mean window, in hex sizes
MASK_TOLERANCE = 45  # per RGB channel: pixels this close to an 'across' feature's colour are not terrain
REVIEW_BELOW = 0.6  # a hex whose dominant terrain covers less than this is listed for review
#: the most colour blocks (a block is a hex's tenth, at least a pixel) an image may have: extraction takes about
#: 135 bytes a block at its peak (measured: 1.05 GB for 7.8 million blocks, a white 2800x2800 px scan with hexes
#: of 17 px). A 300-dpi 22x34" scan with half-inch hexes is about 300,000 blocks.
MAX_BLOCKS = 8_000_000
#: a grid may have at most this many times (plus 1,000) the hexes that lie on the image (a scan of one sheet of
#: a four-sheet map is fine; a grid of half a million hexes around a 160-pixel picture is a mistake)
MAX_OFF_IMAGE = 10


# --- legend ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainClass:
    """A legend terrain: its name, its colour in CIELAB, and where that colour came from."""

    name: str
    lab: tuple[float, float, float]
    source: str = "colour"
    water: bool = False


WATER_NAMES = frozenset({"water", "sea", "lake", "ocean"})


@dataclass(frozen=True)
class FeatureClass:
    """A hexside feature: ``kind`` is ``along`` (drawn on the side: rivers) or ``across`` (crossing the
    side: roads, railways). ``tolerance`` is the Delta E for a pixel to count; ``threshold`` the
    score a side needs (``None``: the kind's default). ``yes``/``no`` are marked example sides."""

    name: str
    lab: tuple[float, float, float]
    kind: str = "along"
    tolerance: float | None = None
    threshold: float | None = None
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    on_coast: bool = False
    terrains: tuple[str, ...] = ()
    trace: bool = False  # (across) traced across the whole side (toolkit/terrain/lines.py); the legend's
    # default unless marked yes/no example sides are given (they calibrate the band method)


@dataclass(frozen=True)
class Legend:
    """Terrain colours, hexside features, the ink lightness (L* below it is ink) and the largest
    Delta E at which a colour still counts as a legend terrain."""

    terrains: tuple[TerrainClass, ...]
    features: tuple[FeatureClass, ...] = ()
    ink_lightness: float = 35.0
    max_delta_e: float = 30.0
    symbols: tuple[SymbolClass, ...] = ()  # printed symbols: terrain classes (symbol: true) and features
    priority: tuple[str, ...] = ()  # rule order (terrain rules on when given)
    min_share: Mapping[str, float] = field(default_factory=dict)  # given coverage thresholds
    examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # terrain -> example hexes

    def names(self) -> list[str]:
        return [t.name for t in self.terrains]


def load_legend(path: str | Path) -> dict[str, Any]:
    """Read a legend file (YAML). Its samples (``hexes``/``box``/``points``) are resolved against a
    scan by :func:`legend_from_dict`."""
    p = Path(path)
    data = yamlfile.load_file(p, "legend", limits=LEGEND_LIMITS, bool_keys=True)  # yes: and no: examples
    if not isinstance(data, dict):
        raise DataFileError("a legend is a mapping with 'terrain:' (and optional 'features:', 'ink:')", p)
    data.setdefault("_source", str(p))
    data = normalise(data)
    _check_legend_names(data, p)
    return data


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _check_legend_names(data: Mapping[str, Any], path: Path) -> None:
    """Names the extractor will write into a map and draw on the QA overlay: a terrain name on one line
    with no control characters, a feature name a word (letters, digits, _ or -), as the map reader
    requires of hexside features; else the map written would be one wgt refuses to read back."""
    terrain, features = data.get("terrain"), data.get("features")
    for name in terrain if isinstance(terrain, Mapping) else ():
        if isinstance(name, str) and _CONTROL.search(name):
            raise DataFileError(f"terrain name {name!r} holds a line break or control character", path)
    for name in features if isinstance(features, Mapping) else ():
        if isinstance(name, str) and not _WORD.fullmatch(name):
            raise DataFileError(f"feature name {name!r} is not a word (letters, digits, _ or -)", path)


# --- feature image ---------------------------------------------------------------------------------


@dataclass
class _Features:
    """The masked, smoothed colour image at reduced resolution, in CIELAB, with its pixel mapping."""

    lab: np.ndarray  # (h, w, 3) float32
    valid: np.ndarray  # (h, w) bool: enough non-ink pixels around
    factor: int  # scan pixels per block

    def to_reduced(self, layout: Layout) -> Layout:
        """The layout in reduced-pixel coordinates (reduced pixel j's centre = scan f*j + (f-1)/2)."""
        f = self.factor
        return layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)


def _hex_size(layout: Layout) -> float:
    return math.sqrt(layout.hex_area() / (1.5 * math.sqrt(3.0)))


def _blocks(size: float) -> tuple[int, int, int]:
    """``(pre, f2, f)`` for hexes of ``size`` px: the image is reduced by ``pre``, then by ``f2``; a colour block
    is ``f = pre * f2`` pixels square (about a tenth of a hex). Big hexes (a 300-dpi scan): ink is found and
    colours averaged at a third or half of the resolution first - hex lines and lettering are still several
    pixels wide there, and it cuts the work at full resolution."""
    f = max(1, int(size // 10))
    pre = 3 if f >= 9 else (2 if f >= 6 else 1)
    return pre, f // pre, (f // pre) * pre


def _smooth_radius(size: float, f: int) -> int:
    """The radius, in blocks, of the masked local mean (:func:`_box`)."""
    return max(1, int(SMOOTH * size / f / 2))


def check_image_size(width: int, height: int, grid: Grid) -> float:
    """Refuse, before a pixel is decoded, an image extraction cannot work on with this calibrated grid: hexes
    under 6 px, more than :data:`MAX_BLOCKS` colour blocks counting the margin the colour averaging pads each
    side with (a 1-pixel-high image of 85 million pixels is 4 rows of 9 million blocks: 3.2 GB and 46 s before
    this check), or a grid mostly off the image. Returns the hex size in pixels."""
    if grid.layout is None:
        raise GridError("the grid has no calibration for this image; run 'wgt map calibrate' first")
    layout = grid.layout
    size = _hex_size(layout)
    if size < 6:
        raise InputError(f"hexes of {size:.1f} px are too small to classify (need 6 px or more)")
    _, _, f = _blocks(size)
    pad = 2 * _smooth_radius(size, f) + 1
    blocks = (-(-width // f) + pad) * (-(-height // f) + pad)
    if blocks > MAX_BLOCKS:
        raise InputError(f"a {width}x{height} px image with hexes of {size:.0f} px is {blocks:,} colour "
                         f"blocks, more than the {MAX_BLOCKS:,} extraction works on "
                         f"(~{MAX_BLOCKS * 135 // 2**20} MiB): crop the scan to the map or scan at a lower resolution")
    hexes_all = grid.hexes()
    axial = np.array([(h.q, h.r) for h in hexes_all], dtype=np.float64).reshape(-1, 2)
    m = np.array(layout.matrix)
    centres = axial @ m[:, :2].T + m[:, 2]
    on = int(np.count_nonzero((centres[:, 0] >= 0) & (centres[:, 0] < width)
                              & (centres[:, 1] >= 0) & (centres[:, 1] < height)))
    if on == 0 or len(hexes_all) > MAX_OFF_IMAGE * on + 1000:
        raise InputError(f"only {on:,} of the grid's {len(hexes_all):,} hexes lie on the {width}x{height} "
                         "px image: check the grid's extent and calibration")
    return size


def _feature_image(im: Image.Image, size: float, ink_lightness: float,
                   masked_colours: Sequence[tuple[int, int, int]] = ()) -> _Features:
    pre, f2, f = _blocks(size)
    src = im.reduce(pre) if pre > 1 else im
    # ink: CIELAB L* below the threshold; L* depends on luminance only, so map it to an 8-bit luma cut
    y = ((ink_lightness + 16) / 116) ** 3 if ink_lightness > 8 else ink_lightness / 903.3
    cut = round(255 * (12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055))
    keep = src.convert("L").point(lambda v: 255 if v >= cut else 0)
    if masked_colours:
        # line features drawn over the terrain (roads, railways) are left out like ink: pixels within
        # +-MASK_TOLERANCE of the feature colour in each channel
        bands = src.split()
        for rgb in masked_colours:
            hit: Image.Image | None = None
            for band, c in zip(bands, rgb):
                lo, hi = c - MASK_TOLERANCE, c + MASK_TOLERANCE
                m = band.point(lambda v, lo=lo, hi=hi: 255 if lo <= v <= hi else 0)
                hit = m if hit is None else ImageChops.multiply(hit, m)
            if hit is not None:
                keep = ImageChops.subtract(keep, hit)
        del bands
    masked = Image.new("RGB", src.size, 0)
    masked.paste(src, mask=keep)
    del src
    if f2 > 1:
        masked = masked.reduce(f2)
        keep = keep.reduce(f2)
    s = np.asarray(masked, dtype=np.float32)
    w = np.asarray(keep, dtype=np.float32) / 255.0
    del masked, keep
    # s is the block mean of rgb*keep and w the block mean of keep: their box sums divide to the
    # mean colour of the non-ink pixels around each block
    r = _smooth_radius(size, f)
    ssum = _box(s, r)
    wsum = _box(w, r)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = ssum / wsum[..., None]
    valid = wsum > 0.1 * (2 * r + 1) ** 2
    mean[~valid] = 0
    lab = rgb_to_lab(np.clip(mean, 0, 255).astype(np.float32))
    return _Features(lab, valid, f)


def _masked_colours(legend: Mapping[str, Any] | Legend) -> list[tuple[int, int, int]]:
    """RGB of the features to leave out of terrain colours: 'across' features (roads, railways),
    unless the legend says ``mask: false``; any feature with ``mask: true``."""
    out = []
    if isinstance(legend, Legend):
        for f in legend.features:
            if f.kind == "across":
                r, g, b = (round(v) for v in lab_to_rgb(f.lab))
                out.append((r, g, b))
        return out
    fspec = legend.get("features") or {}
    for v in (fspec.values() if isinstance(fspec, Mapping) else ()):  # a bad 'features:' is reported later
        if isinstance(v, str):
            v = {"colour": v}
        if not isinstance(v, Mapping):
            continue
        want = v.get("mask", v.get("kind", "along") == "across")
        colour = v.get("colour") or v.get("color")
        if want and colour:
            try:
                out.append(hex_to_rgb(str(colour)))
            except InputError:
                continue  # reported when the legend is read
    return out


def _box(a: np.ndarray, r: int) -> np.ndarray:
    """Sum over a (2r+1)^2 window (zero padding) via an integral image, float64 accumulation."""
    pad = [(r + 1, r), (r + 1, r)] + [(0, 0)] * (a.ndim - 2)
    c = np.pad(a.astype(np.float64), pad)
    c = c.cumsum(0).cumsum(1)
    k = 2 * r + 1
    out = c[k:, k:] - c[:-k, k:] - c[k:, :-k] + c[:-k, :-k]
    return out.astype(np.float32)


def _hex_corners(layout: Layout, hexes: Sequence[Hex], inset: float = 1.0) -> np.ndarray:
    """(N, 6, 2) pixel corners of hexes, shrunk towards their centres by ``inset`` (vectorised: under
    an affine layout every hex's corners sit at the same offsets from its centre)."""
    axial = np.array([(h.q, h.r) for h in hexes], dtype=np.float64).reshape(-1, 2)
    m = np.array(layout.matrix)
    centres = axial @ m[:, :2].T + m[:, 2]
    unit = np.array(layout.corners(Hex(0, 0))) - np.array(layout.hex_to_pixel(Hex(0, 0)))
    return centres[:, None, :] + inset * unit[None, :, :]


def _hex_raster(layout_red: Layout, hexes: Sequence[Hex], shape: tuple[int, int], inset: float) -> np.ndarray:
    """Integer image of hex indices (-1 outside every hex), hexes drawn shrunk by ``inset``."""
    h, w = shape
    img = Image.new("I", (w, h), -1)
    d = ImageDraw.Draw(img)
    # Pillow fills the pixel a float coordinate truncates to: +0.5 makes that rounding
    for i, pts in enumerate((_hex_corners(layout_red, hexes, inset) + 0.5).tolist()):
        d.polygon([tuple(p) for p in pts], fill=i)
    return np.asarray(img)


# --- legend resolution against the scan ------------------------------------------------------------


def legend_from_dict(spec: Mapping[str, Any], image: Image.Image | None = None, grid: Grid | None = None,
                     _fi: _Features | None = None) -> Legend:
    """A :class:`Legend` from its file form::

        terrain:
          clear: "#eee6c4"                 # a colour
          forest: {hexes: ["0304", "1210"]}   # sampled inside these hexes of the scan
          marsh: {box: [x0, y0, x1, y1]}       # sampled in a box of the scan (pixels)
          water: {points: [[x, y], ...], water: true}   # sampled at points; a water terrain
        features:
          river: {colour: "#2454be", kind: along, yes: ["0610/0711"], no: ["0101/0102"]}
          road: {colour: "#c8281e", kind: across, tolerance: 25, threshold: 0.03}
          coast: {kind: coast, terrain: [sea]}   # every side between a sea hex and a land hex
        ink: {lightness: 35}                 # CIELAB L* below which a pixel is ink
        max_delta_e: 30

    Samples are read through the same masked, smoothed colour image the classifier uses, so they
    match what it sees (patterns included). ``water: true`` (the default for terrains named water,
    sea, lake or ocean) marks water: no ``along`` feature is reported between two water hexes,
    where hex lines printed over the water look like rivers.
    """
    spec = normalise(spec)
    src = str(spec.get("_source", "legend"))
    terr = spec.get("terrain")
    if not isinstance(terr, Mapping) or not terr:
        raise DataFileError("the legend has no 'terrain:' mapping of terrain -> colour or samples", src)
    ink_l = _ink_lightness(spec)
    max_de = _number(spec.get("max_delta_e", 30.0), "max_delta_e", src, positive=True)
    terrains = []
    symbols: list[SymbolClass] = []
    min_share: dict[str, float] = {}
    examples: dict[str, tuple[str, ...]] = {}
    for name, v in terr.items():
        if isinstance(v, Mapping) and v.get("hexes") is not None:
            examples[str(name)] = _id_list(v["hexes"], f"terrain {name!r} hexes", src)
        if isinstance(v, Mapping) and v.get("min_share") is not None:
            ms = _number(v["min_share"], f"terrain {name!r} min_share", src)
            if not 0 <= ms <= 1:
                raise DataFileError(f"terrain {name!r}: min_share is a share of the hex from 0 to 1, not {ms:g}", src)
            min_share[str(name)] = ms
        if isinstance(v, Mapping) and v.get("symbol"):
            symbols.append(_symbol_class(str(name), v, src, terrain=True))
            continue
        tc = _resolve_terrain(str(name), v, src, image, grid, _fi, ink_l)
        water = v.get("water", tc.name in WATER_NAMES) if isinstance(v, Mapping) else tc.name in WATER_NAMES
        terrains.append(TerrainClass(tc.name, tc.lab, tc.source, bool(water)))
    feats = []
    fspec = spec.get("features") or {}
    if not isinstance(fspec, Mapping):
        raise DataFileError("'features:' is a mapping of feature name -> colour or settings", src)
    for name, v in fspec.items():
        if isinstance(v, str):
            v = {"colour": v}
        kind = str(v.get("kind", "along")) if isinstance(v, Mapping) else "along"
        if kind not in ("along", "across", "coast", "symbol"):
            raise DataFileError(f"feature {name!r}: kind must be 'along', 'across', 'coast' or 'symbol', not {kind!r}",
                                src)
        if kind == "symbol":
            symbols.append(_symbol_class(str(name), v, src, terrain=False))
            continue
        if kind == "coast":
            feats.append(_coast_feature(str(name), v, terrains, src))
            continue
        if not isinstance(v, Mapping) or not (v.get("colour") or v.get("color")):
            raise DataFileError(f"feature {name!r} needs a colour ('#rrggbb')", src)
        rgb = _colour(v.get("colour") or v.get("color"), f"feature {name!r}", src)
        lab = tuple(float(x) for x in rgb_to_lab(np.array(rgb, float)))
        what = f"feature {name!r}"
        feats.append(FeatureClass(str(name), lab, kind,  # type: ignore[arg-type]
                                  _opt_float(v.get("tolerance"), f"{what} tolerance", src),
                                  _opt_float(v.get("threshold"), f"{what} threshold", src),
                                  _id_list(_get(v, "yes"), f"{what} yes", src),
                                  _id_list(_get(v, "no"), f"{what} no", src), bool(v.get("on_coast", False)),
                                  trace=bool(v.get("trace", not (_get(v, "yes") or _get(v, "no"))))))
    names = [t.name for t in terrains] + [sc.name for sc in symbols if sc.terrain]
    prio = spec.get("priority")
    priority: tuple[str, ...] = ()
    if prio is not None:
        priority = _id_list(prio, "priority", src)
        for n in priority:
            if n not in names:
                raise DataFileError(f"priority names {n!r}, which is not a terrain of the legend "
                                    f"({', '.join(names)})", src)
        priority += tuple(n for n in names if n not in priority)
    elif min_share or any(sc.terrain for sc in symbols):
        # no order given: symbol classes first, then classes with a threshold, in legend order
        priority = tuple([sc.name for sc in symbols if sc.terrain] + [n for n in names if n in min_share])
    return Legend(tuple(terrains), tuple(feats), ink_l, max_de, tuple(symbols), priority, min_share, examples)


def _symbol_class(name: str, v: Mapping[str, Any], src: str, terrain: bool) -> SymbolClass:
    what = f"{'terrain' if terrain else 'feature'} {name!r}"
    colour = v.get("colour") or v.get("color")
    return SymbolClass(name, _id_list(v.get("hexes"), f"{what} hexes", src), terrain,
                       _colour(colour, what, src) if colour else None,
                       _opt_float(v.get("tolerance"), f"{what} tolerance", src),
                       _opt_float(v.get("threshold"), f"{what} threshold", src))


COAST_COLOUR = "#23578f"  # how the QA picture draws a coast feature given without a colour


def _coast_feature(name: str, v: Any, terrains: Sequence[TerrainClass], src: str) -> FeatureClass:
    """A ``kind: coast`` feature: every side between a water hex and a land hex, from the terrain;
    ``terrain: [...]`` limits it to the sides of those water terrains (e.g. ``sea`` apart from
    ``lake``)."""
    v = v if isinstance(v, Mapping) else {}
    water = [t.name for t in terrains if t.water]
    names = _id_list(v.get("terrain"), f"feature {name!r} terrain", src) or tuple(water)
    for t in names:
        if t not in water:
            raise DataFileError(f"feature {name!r}: {t!r} is not a water terrain of the legend "
                                f"(water: {', '.join(water) or 'none'})", src)
    if not names:
        raise DataFileError(f"feature {name!r} is a coast, but the legend has no water terrain (water: true)", src)
    rgb = _colour(v.get("colour") or v.get("color") or COAST_COLOUR, f"feature {name!r}", src)
    lab = tuple(float(x) for x in rgb_to_lab(np.array(rgb, float)))
    return FeatureClass(name, lab, "coast", terrains=names)  # type: ignore[arg-type]


def _get(v: Mapping[Any, Any], key: str) -> Any:
    """``v[key]`` for ``yes``/``no``, which YAML 1.1 (PyYAML) reads as the booleans True/False when
    unquoted: ``{yes: [...], no: [...]}`` arrives as ``{True: [...], False: [...]}``."""
    if key in v:
        return v[key]
    return v.get({"yes": True, "no": False}[key])


def _number(v: Any, what: str, src: str, positive: bool = False) -> float:
    """A finite number from a legend field, or a one-line :class:`DataFileError` naming the field."""
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        raise DataFileError(f"{what} must be a number, not {v!r}", src)
    try:
        out = float(v)
    except ValueError:
        raise DataFileError(f"{what} must be a number, not {v!r}", src) from None
    if not math.isfinite(out) or (positive and out <= 0):
        raise DataFileError(f"{what} must be a {'positive ' if positive else ''}finite number, not {v!r}", src)
    return out


def _opt_float(v: Any, what: str = "value", src: str = "legend") -> float | None:
    return None if v is None else _number(v, what, src)


def _id_list(v: Any, what: str, src: str) -> tuple[str, ...]:
    """A list of hex or hexside ids from a legend field (``None`` = empty)."""
    if v is None:
        return ()
    if isinstance(v, str) or not isinstance(v, Sequence):
        raise DataFileError(f"{what} must be a list of ids, not {v!r}", src)
    return tuple(str(s) for s in v)


def _ink_lightness(spec: Mapping[str, Any]) -> float:
    """The legend's ink lightness (CIELAB L*): ``ink: {lightness: L}`` or ``ink: L`` (default 35)."""
    src = str(spec.get("_source", "legend"))
    ink = spec.get("ink")
    if ink is None:
        return 35.0
    raw = ink.get("lightness", 35.0) if isinstance(ink, Mapping) else ink
    out = _number(raw, "ink lightness", src)
    if not 0 <= out <= 100:
        raise DataFileError(f"ink lightness is a CIELAB L* from 0 to 100, not {raw!r}", src)
    return out


def _colour(v: Any, what: str, src: str) -> tuple[int, int, int]:
    try:
        return hex_to_rgb(str(v))
    except InputError:
        raise DataFileError(f"{what}: {v!r} is not a colour of the form '#rrggbb'", src) from None


def _resolve_terrain(name: str, v: Any, src: str, image: Image.Image | None, grid: Grid | None,
                     fi: _Features | None, ink_l: float) -> TerrainClass:
    if isinstance(v, str):
        rgb = _colour(v, f"terrain {name!r}", src)
        return TerrainClass(name, tuple(float(x) for x in rgb_to_lab(np.array(rgb, float))), "colour")  # type: ignore[arg-type]
    if not isinstance(v, Mapping):
        raise DataFileError(f"terrain {name!r}: give a colour '#rrggbb' or a mapping with colour/hexes/box/points", src)
    if v.get("colour") or v.get("color"):
        rgb = _colour(v.get("colour") or v.get("color"), f"terrain {name!r}", src)
        return TerrainClass(name, tuple(float(x) for x in rgb_to_lab(np.array(rgb, float))), "colour")  # type: ignore[arg-type]
    if fi is None or image is None:
        raise DataFileError(f"terrain {name!r} is sampled from the scan; give the image", src)
    h, w = fi.valid.shape
    f = fi.factor
    samples: list[np.ndarray] = []
    if v.get("hexes"):
        _id_list(v["hexes"], f"terrain {name!r} hexes", src)
        if grid is None or grid.layout is None:
            raise DataFileError(f"terrain {name!r} is sampled from hexes; the grid needs a calibration", src)
        lay = fi.to_reduced(grid.layout)
        for hid in v["hexes"]:
            try:
                hx = grid.hex(str(hid))
            except GridError as exc:
                raise DataFileError(f"terrain {name!r}: {exc}", src) from None
            cx, cy = lay.hex_to_pixel(hx)
            rad = 0.5 * _hex_size(lay)
            y0, y1 = max(0, int(cy - rad)), min(h, int(cy + rad) + 1)
            x0, x1 = max(0, int(cx - rad)), min(w, int(cx + rad) + 1)
            if y0 >= y1 or x0 >= x1:
                raise InputError(f"terrain {name!r}: sample hex {hid} is off the image ({image.width}x{image.height})")
            yy, xx = np.mgrid[y0:y1, x0:x1]
            sel = ((xx - cx) ** 2 + (yy - cy) ** 2 <= rad * rad)
            yy, xx = yy[sel], xx[sel]
            ok = fi.valid[yy, xx]
            samples.append(fi.lab[yy[ok], xx[ok]])
        how = "hexes"
    elif v.get("box"):
        try:
            bx0, by0, bx1, by1 = (float(t) for t in v["box"])
        except (TypeError, ValueError):
            raise DataFileError(f"terrain {name!r}: box is [x0, y0, x1, y1]", src) from None
        if not all(math.isfinite(t) for t in (bx0, by0, bx1, by1)):
            raise DataFileError(f"terrain {name!r}: box is [x0, y0, x1, y1] (finite pixel numbers)", src)
        a0, b0 = int(min(bx0, bx1) // f), int(min(by0, by1) // f)
        a1, b1 = int(max(bx0, bx1) // f) + 1, int(max(by0, by1) // f) + 1
        if a0 >= w or b0 >= h or a1 <= 0 or b1 <= 0:
            raise InputError(f"terrain {name!r}: box {list(v['box'])} is off the image ({image.width}x{image.height})")
        blk = fi.lab[max(0, b0):b1, max(0, a0):a1]
        ok = fi.valid[max(0, b0):b1, max(0, a0):a1]
        samples.append(blk[ok])
        how = "box"
    elif v.get("points"):
        if isinstance(v["points"], (str, bytes)) or not isinstance(v["points"], Sequence):
            raise DataFileError(f"terrain {name!r}: points are [x, y] pairs", src)
        for pt in v["points"]:
            try:
                x, y = (float(t) for t in pt)
            except (TypeError, ValueError):
                raise DataFileError(f"terrain {name!r}: points are [x, y] pairs", src) from None
            if not (0 <= x < image.width and 0 <= y < image.height):
                raise InputError(f"terrain {name!r}: point {x:g},{y:g} is off the image ({image.width}x{image.height})")
            j, i = min(w - 1, int(x // f)), min(h - 1, int(y // f))
            win = (slice(max(0, i - 1), i + 2), slice(max(0, j - 1), j + 2))
            samples.append(fi.lab[win][fi.valid[win]])
        how = "points"
    else:
        raise DataFileError(f"terrain {name!r}: give colour, hexes, box or points", src)
    allp = np.concatenate(samples) if samples else np.zeros((0, 3))
    if len(allp) == 0:
        raise InputError(f"terrain {name!r}: its sample area holds no terrain colour (only ink or off the image)")
    lab = np.median(allp, axis=0)
    return TerrainClass(name, (float(lab[0]), float(lab[1]), float(lab[2])), how)


# --- results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HexResult:
    """One hex: dominant terrain (``None`` if nothing on the image could be classified), the share of
    the dominant terrain among classified pixels (``confidence``), all terrain shares, the unknown
    share, the visible part of the hex, and why it needs review (empty if it does not)."""

    terrain: str | None
    confidence: float
    fractions: dict[str, float]
    unknown: float
    visible: float
    review: str = ""


@dataclass
class Extraction:
    """What :func:`extract` found."""

    grid: Grid
    legend: Legend
    hexes: dict[str, HexResult]
    hexsides: dict[str, frozenset[str]]
    symbols: dict[str, set[str]] = field(default_factory=dict)  # symbol -> hexes holding it
    side_scores: dict[str, dict[str, float]] = field(default_factory=dict)  # feature -> side -> score
    thresholds: dict[str, tuple[float, float]] = field(default_factory=dict)  # feature -> (tolerance, threshold)
    timings: dict[str, float] = field(default_factory=dict)
    rules: Rules | None = None  # the terrain rules applied (legend priority), with their check
    symbol_reports: dict[str, SymbolReport] = field(default_factory=dict)

    def review(self) -> list[str]:
        """Ids of the hexes to check by eye, in grid order."""
        return [h for h, r in self.hexes.items() if r.review]


# --- the extractor ---------------------------------------------------------------------------------


def extract(image: Image.Image, grid: Grid, legend: Mapping[str, Any] | Legend, *,
            progress: Progress | None = None, features: bool = True, cast_passes: int = 2) -> Extraction:
    """Classify every hex of ``grid`` (which must carry a calibration) on ``image`` with ``legend``
    (a :class:`Legend`, or its file form, whose samples are then read from this image)."""
    size = check_image_size(image.width, image.height, grid)
    assert grid.layout is not None
    layout = grid.layout
    say = progress or (lambda _m: None)
    t0 = time.perf_counter()
    times: dict[str, float] = {}
    ink_l = legend.ink_lightness if isinstance(legend, Legend) else _ink_lightness(legend)
    say(f"masking ink and averaging colours ({image.width}x{image.height} px, hexes of {size:.0f} px)")
    fi = _feature_image(image, size, ink_l, _masked_colours(legend))
    times["colour"] = time.perf_counter() - t0
    leg = legend if isinstance(legend, Legend) else legend_from_dict(legend, image, grid, fi)
    if not leg.terrains:
        raise InputError("the legend lists no terrain")

    # classify every block, then correct a smooth colour cast (uneven lighting, a yellowed sheet)
    # measured on the confidently classified hexes, and classify again
    t = time.perf_counter()
    say(f"classifying {fi.lab.shape[0] * fi.lab.shape[1]} colour blocks against {len(leg.terrains)} terrains")
    cents = np.array([tc.lab for tc in leg.terrains], dtype=np.float32)
    k = len(cents)
    flat = fi.lab.reshape(-1, 3)
    valid = fi.valid.reshape(-1)
    cls, nearest = _classify(flat, valid, cents, leg.max_delta_e, nearest=True)
    assert nearest is not None
    # every legend colour must match something on the scan
    for j, tc in enumerate(leg.terrains):
        if nearest[j] > leg.max_delta_e:
            raise InputError(f"legend terrain {tc.name!r} ({rgb_to_hex(lab_to_rgb(tc.lab))}) matches nothing on "
                             f"the image (nearest colour is Delta E {nearest[j]:.0f} away, limit {leg.max_delta_e:g})")
    hexes = grid.hexes()
    ids = [grid.id(h) for h in hexes]
    lay_red = fi.to_reduced(layout)
    hid = _hex_raster(lay_red, hexes, fi.valid.shape, INSET).reshape(-1)
    inside = hid >= 0
    hin = hid[inside].astype(np.int64)
    for _ in range(cast_passes):
        field = _cast_field(fi, flat, inside, hin, cls[inside], cents, len(hexes), lay_red, hexes)
        if field is None:
            break
        cls, _ = _classify(flat - field, valid, cents, leg.max_delta_e)
    times["classify"] = time.perf_counter() - t

    # count classes per hex
    t = time.perf_counter()
    counts = np.bincount(hin * (k + 1) + cls[inside], minlength=len(hexes) * (k + 1)).reshape(len(hexes), k + 1)
    vis = _visible(layout, hexes, image.width, image.height)
    expected = (INSET ** 2) * lay_red.hex_area()
    names = leg.names()
    times["hexes"] = time.perf_counter() - t
    symbols_at: dict[str, set[str]] = {}
    found_symbols: dict[str, set[str]] = {}
    sym_reports: dict[str, SymbolReport] = {}
    if leg.symbols:
        t = time.perf_counter()
        say(f"looking for the symbols {', '.join(sc.name for sc in leg.symbols)}")
        found_symbols, sym_reports = find_symbols(image, grid, leg.symbols, [tc.lab for tc in leg.terrains])
        for sname, where in found_symbols.items():
            for h in where:
                symbols_at.setdefault(h, set()).add(sname)
        times["symbols"] = time.perf_counter() - t
    t = time.perf_counter()
    known_all = counts[:, :k].sum(axis=1)
    shares = {hx_id: {names[c]: float(counts[i, c] / known_all[i]) for c in range(k) if counts[i, c]}
              for i, hx_id in enumerate(ids) if known_all[i]}
    rules: Rules | None = None
    if leg.priority:
        sym_terrains = {sc.name for sc in leg.symbols if sc.terrain}
        rules = learn(leg.priority, leg.min_share, {n: v for n, v in leg.examples.items() if n not in sym_terrains},
                      shares, sym_terrains, symbols_at)
    results: dict[str, HexResult] = {}
    for i, hx_id in enumerate(ids):
        row = counts[i]
        known = int(row[:k].sum())
        total = int(row.sum())
        unknown = float(row[k] / total) if total else 1.0
        ruled = decide(rules, shares.get(hx_id, {}), symbols_at.get(hx_id, set())) if rules else None
        by_symbol = rules is not None and ruled in rules.symbol_classes
        if (known == 0 or total < 0.05 * expected) and not by_symbol:
            results[hx_id] = HexResult(None, 0.0, {}, unknown, vis[i], "nothing to classify on the image")
            continue
        fr = row[:k] / max(known, 1)
        j = int(np.argmax(fr))
        conf = float(fr[j])
        fractions = {names[c]: round(float(fr[c]), 4) for c in np.argsort(-fr) if fr[c] > 0}
        why = ""
        if rules is not None and ruled is not None:
            cls_name = ruled
            thr = rules.thresholds.get(ruled)
            share = fractions.get(ruled, 0.0)
            conf = 1.0 if thr is None or ruled in rules.symbol_classes else min(1.0, 0.5 + abs(share - thr))
            near = [n for n, th in rules.thresholds.items() if abs(fractions.get(n, 0.0) - th) < 0.15 * max(th, 0.05)]
            if near:
                n0 = near[0]
                why = f"near the {n0} threshold: {fractions.get(n0, 0.0):.0%} (rule {rules.thresholds[n0]:.0%})"
            results[hx_id] = HexResult(cls_name, round(conf, 4), fractions, round(unknown, 4), round(vis[i], 4), why)
            continue
        if conf < REVIEW_BELOW:
            why = f"mixed: {names[j]} only {conf:.0%}"
        elif unknown > 0.25:
            why = f"{unknown:.0%} of the hex matches no legend colour"
        elif vis[i] < 0.5:
            why = f"only {vis[i]:.0%} of the hex is on the image"
        results[hx_id] = HexResult(names[j], round(conf, 4), fractions, round(unknown, 4), round(vis[i], 4), why)
    times["rules"] = time.perf_counter() - t

    ext = Extraction(grid, leg, results, {}, found_symbols, timings=times, rules=rules, symbol_reports=sym_reports)
    if features and leg.features:
        t = time.perf_counter()
        say(f"sampling {sum(1 for _ in grid.hexsides())} hexsides for {', '.join(f.name for f in leg.features)}")
        _hexsides(image, grid, leg, ext)
        times["hexsides"] = time.perf_counter() - t
    times["total"] = time.perf_counter() - t0
    return ext


def _classify(flat: np.ndarray, valid: np.ndarray, cents: np.ndarray, max_de: float,
              nearest: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """Nearest legend centroid of every block (``len(cents)`` = unknown: too far or mostly ink), and
    (``nearest``) the smallest Delta E from each centroid to any valid block."""
    k = len(cents)
    c = cents.astype(np.float32)
    # |x - c|^2 = |x|^2 - 2 x.c + |c|^2; the |x|^2 term does not change the argmin. Column by column
    # (a 3-wide matrix product goes through BLAS, which is slower here than plain vector arithmetic)
    ft = np.ascontiguousarray(flat.T)
    part = np.empty((flat.shape[0], k), dtype=np.float32)
    for j in range(k):
        part[:, j] = ft[0] * (-2 * c[j, 0]) + ft[1] * (-2 * c[j, 1]) + ft[2] * (-2 * c[j, 2]) + float(c[j] @ c[j])
    cls = np.argmin(part, axis=1)
    xx = ft[0] * ft[0] + ft[1] * ft[1] + ft[2] * ft[2]
    best = np.take_along_axis(part, cls[:, None], axis=1)[:, 0] + xx
    near = None
    if nearest:
        near = (np.sqrt(np.maximum((part[valid] + xx[valid, None]).min(axis=0), 0)) if valid.any()
                else np.full(k, np.inf))
    cls[(best > max_de * max_de) | ~valid] = k
    return cls, near


def _cast_field(fi: _Features, flat: np.ndarray, inside: np.ndarray, hin: np.ndarray, cin: np.ndarray,
                cents: np.ndarray, nhex: int, lay: Layout, hexes: Sequence[Hex]) -> np.ndarray | None:
    """A smooth (linear in x and y) Lab offset field: how far the confidently classified hexes' colours
    sit from their legend colours, across the sheet. ``None`` if too few hexes to measure it."""
    k = len(cents)
    counts = np.bincount(hin * (k + 1) + cin, minlength=nhex * (k + 1)).reshape(nhex, k + 1)
    tot = counts.sum(axis=1)
    dom = np.argmax(counts[:, :k], axis=1)
    conf = counts[np.arange(nhex), dom] / np.maximum(tot, 1)
    good = (conf >= 0.85) & (tot >= 20)
    if good.sum() < 12:
        return None
    # mean colour of each hex's dominant-class blocks
    sel = cin == dom[hin]
    lab_in = flat[inside][sel]
    hsel = hin[sel]
    n = np.bincount(hsel, minlength=nhex).astype(np.float64)
    means: np.ndarray = np.stack([np.bincount(hsel, weights=lab_in[:, c], minlength=nhex) for c in range(3)], axis=1)
    means /= np.maximum(n, 1)[:, None]
    res = (means - cents[dom])[good]
    h, w = fi.valid.shape
    xy = np.array([lay.hex_to_pixel(hx) for hx in hexes])[good]
    design = np.stack([np.ones(len(xy)), xy[:, 0] / w - 0.5, xy[:, 1] / h - 0.5], axis=1)
    keep = np.ones(len(xy), bool)
    coef = np.zeros((3, 3))
    for _ in range(3):
        coef, *_ = np.linalg.lstsq(design[keep], res[keep], rcond=None)
        err = np.linalg.norm(res - design @ coef, axis=1)
        keep = err <= max(3.0, 2.5 * np.median(err[keep]))
    gx = (np.arange(w, dtype=np.float32) / w - 0.5)[None, :, None] * coef[1].astype(np.float32)
    gy = (np.arange(h, dtype=np.float32) / h - 0.5)[:, None, None] * coef[2].astype(np.float32)
    return (coef[0].astype(np.float32) + gx + gy).reshape(-1, 3)


def _visible(layout: Layout, hexes: Sequence[Hex], width: int, height: int) -> list[float]:
    """Fraction of each hex's area inside the image rectangle (scan pixel edges at -0.5 and w-0.5);
    only hexes with a corner outside it are intersected (shapely)."""
    import shapely

    corners = _hex_corners(layout, hexes)
    out = np.ones(len(hexes))
    cut = ((corners[..., 0] < -0.5) | (corners[..., 0] > width - 0.5) | (corners[..., 1] < -0.5)
           | (corners[..., 1] > height - 0.5)).any(axis=1)
    if cut.any():
        polys = shapely.polygons(corners[cut])
        inter = shapely.intersection(polys, shapely.box(-0.5, -0.5, width - 0.5, height - 0.5))
        out[cut] = np.minimum(1.0, shapely.area(inter) / shapely.area(polys))
    return [float(v) for v in out]


# --- hexsides --------------------------------------------------------------------------------------


_ALONG_THRESHOLD = 0.5  # share of positions along the side that must hit
_ACROSS_THRESHOLD = 0.035  # longest run of hits along the side, in hex sizes
_DEFAULT_TOLERANCE = 22.0
MAX_CROSSING = 0.3  # hex sizes: the widest a road or railway crossing a side may look along it
ADAPT_DELTA_E = 40.0  # how far a scanned feature colour may sit from its legend colour and still be adapted to


def _hexsides(image: Image.Image, grid: Grid, leg: Legend, ext: Extraction) -> None:
    assert grid.layout is not None
    size = _hex_size(grid.layout)
    f = max(1, int(size // 27))
    small = image.reduce(f) if f > 1 else image
    arr = np.asarray(small)
    hgt, wid = arr.shape[:2]
    lay = grid.layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    s = _hex_size(lay)
    sides = list(grid.hexsides())
    keys = []
    for sd in sides:
        ia, ib = grid.id(sd.a), grid.id(sd.b)
        keys.append(f"{ia}/{ib}" if ia < ib else f"{ib}/{ia}")
    p0, p1 = _side_ends(lay, sides)
    vec = p1 - p0
    length = np.linalg.norm(vec, axis=1, keepdims=True)
    u = vec / length
    nrm = np.stack([-u[:, 1], u[:, 0]], axis=1)
    na = max(8, round(0.8 * s))
    ta = np.linspace(0.1, 0.9, na)
    hw = max(2, math.ceil(0.15 * s))
    oa = np.arange(-hw, hw + 1, dtype=np.float64)
    xs = p0[:, None, None, 0] + vec[:, None, None, 0] * ta[None, :, None] + nrm[:, None, None, 0] * oa[None, None, :]
    ys = p0[:, None, None, 1] + vec[:, None, None, 1] * ta[None, :, None] + nrm[:, None, None, 1] * oa[None, None, :]
    xi = np.clip(np.rint(xs).astype(np.intp), 0, wid - 1)
    yi = np.clip(np.rint(ys).astype(np.intp), 0, hgt - 1)
    onimg = (xs >= 0) & (xs <= wid - 1) & (ys >= 0) & (ys <= hgt - 1)
    del xs, ys
    # colours by a 6-bit-per-channel lookup table (within ~2 Delta E of exact; 10x faster on the
    # millions of band samples of a full-size scan)
    px = arr[yi, xi]
    code = rgb_codes(px)
    del px
    tab = lab_table()
    lab = (tab[0][code], tab[1][code], tab[2][code])  # L*, a*, b* planes, each (N, na, no) float32
    step = float(length.mean()) * 0.8 / na / s  # hex sizes per along-position
    core = min(hw - 1, max(1, round(0.06 * s)))  # half-width of the band's middle, where the hex line is
    middle = (ta >= 0.25) & (ta <= 0.75)  # where a crossing is looked for
    index = {kk: i for i, kk in enumerate(keys)}
    water = {t.name for t in leg.terrains if t.water}
    wet = {hid for hid, r in ext.hexes.items() if r.terrain in water}
    terrain_of = {hid: r.terrain for hid, r in ext.hexes.items()}
    ta_, tb_ = [terrain_of.get(grid.id(sd.a)) for sd in sides], [terrain_of.get(grid.id(sd.b)) for sd in sides]
    wet_a = np.array([grid.id(sd.a) in wet for sd in sides], dtype=bool)
    wet_b = np.array([grid.id(sd.b) in wet for sd in sides], dtype=bool)
    known = np.array([a is not None and b is not None for a, b in zip(ta_, tb_)], dtype=bool)
    both_water = wet_a & wet_b
    # a line along a side between water and land is the coast (drawn in a blue much like a river's):
    # 'along' features are not looked for there unless they say 'on_coast: true'
    coast_side = known & (wet_a != wet_b)
    found: dict[str, set[str]] = {}
    for feat in leg.features:
        if feat.kind != "coast":
            continue
        for k in np.nonzero(coast_side)[0]:
            if (ta_[k] if wet_a[k] else tb_[k]) in feat.terrains:
                found.setdefault(keys[k], set()).add(feat.name)
    learned: list[tuple[FeatureClass, np.ndarray, list[int], list[int]]] = []
    colours: dict[str, np.ndarray] = {}
    for feat in leg.features:
        if feat.kind == "coast":
            continue
        colour = np.array(feat.lab, np.float32)
        dist = _dist(lab, onimg, colour)
        lowest = float(dist.min()) if dist.size else float("inf")
        if lowest > max(45.0, (feat.tolerance or _DEFAULT_TOLERANCE) * 2):
            raise InputError(f"legend feature {feat.name!r} ({rgb_to_hex(lab_to_rgb(feat.lab))}) matches nothing on "
                             f"the image (nearest colour is Delta E {lowest:.0f} away)")
        yes = [_side_index(grid, index, k2, feat.name) for k2 in feat.yes]
        no = [_side_index(grid, index, k2, feat.name) for k2 in feat.no]
        if yes:
            # the feature's colour as printed and scanned (blurred into the hex line, JPEG-smeared):
            # the median of the best-matching samples along the marked sides, refined twice
            # (a road or railway: off the band's middle, where the hex line is, and near the side's
            # middle, away from the hex lines leaving its ends)
            outer = onimg[yes].copy()
            if feat.kind == "across":
                mid = outer.shape[2] // 2
                outer[:, :, mid - core:mid + core + 1] = False
                outer[:, ~middle] = False
            dy = np.where(outer, dist[yes], np.inf)
            for _ in range(2):
                pick = dy.argmin(axis=2)
                ny = np.take_along_axis(dy, pick[..., None], axis=2)[..., 0]
                got = np.stack([np.take_along_axis(ch[yes], pick[..., None], axis=2)[..., 0] for ch in lab], axis=-1)
                if feat.kind == "along":
                    finite = ny[np.isfinite(ny)]
                    close = ny <= (np.percentile(finite, 50) if finite.size else np.inf)
                else:  # a road crosses a side in a few positions: each side's best two
                    close = ny <= np.sort(ny, axis=1)[:, 1:2]
                colour = np.median(got[close], axis=0).astype(np.float32)
                dy = _dist(tuple(ch[yes] for ch in lab), outer, colour)
            dist = _dist(lab, onimg, colour)
        elif feat.tolerance is None and not _ink_like(feat.lab):
            # no marked sides: adapt the legend colour to the scan - the median of the samples that
            # match it best (the best 0.05%, if they are within ADAPT_DELTA_E of the legend colour)
            finite = dist[np.isfinite(dist)]
            q = float(np.percentile(finite, 0.05)) if finite.size else np.inf
            if q < ADAPT_DELTA_E:
                close = dist <= q
                got = np.array([float(np.median(ch[close])) for ch in lab], dtype=np.float32)
                if float(np.sqrt(((got - colour) ** 2).sum())) < ADAPT_DELTA_E:
                    colour = got
                    dist = _dist(lab, onimg, colour)
        learned.append((feat, dist, yes, no))
        colours[feat.name] = colour
    for i, (feat, dist, yes, no) in enumerate(learned):
        # a sample counts for the feature whose colour it is nearest (a coast line drawn in a darker
        # blue than the rivers is not a river)
        others = [d for j, (_, d, _, _) in enumerate(learned) if j != i]
        if others:
            dist = np.where(dist <= np.minimum.reduce(others), dist, np.inf)
        if feat.kind == "across":
            dist = _crossing(dist, core, middle)
        else:
            dist[both_water | (coast_side & (not feat.on_coast))] = np.inf
        tol, width, thr = _learn(feat, dist, yes, no, step)
        if feat.trace and feat.kind == "across":
            from .lines import crossings

            ink = [(x, y, rep.template) for rep in ext.symbol_reports.values() for x, y in rep.stamps]
            score = crossings(image, grid, sides, [float(c) for c in colours[feat.name]], tol, ink)
            thr = 0.5
        else:
            score = _score(dist, tol, width, feat.kind, step)
        ext.thresholds[feat.name] = (tol, thr)
        ext.side_scores[feat.name] = {keys[k]: round(float(score[k]), 4) for k in range(len(keys)) if score[k] > 0}
        for k in np.nonzero(score >= thr)[0]:
            found.setdefault(keys[k], set()).add(feat.name)
    ext.hexsides = {kk: frozenset(v) for kk, v in sorted(found.items())}




def _side_ends(lay: Layout, sides: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Pixel end points of hexsides (vectorised): a side a|b with b = a + dir[i] runs between the
    corners a + (dir[i] + dir[i-1])/3 and a + (dir[i] + dir[i+1])/3."""
    dirs = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    index = {d: i for i, d in enumerate(dirs)}
    darr = np.array(dirs, dtype=np.float64)
    a = np.array([(sd.a.q, sd.a.r) for sd in sides], dtype=np.float64).reshape(-1, 2)
    i = np.array([index[(sd.b.q - sd.a.q, sd.b.r - sd.a.r)] for sd in sides], dtype=np.intp)
    e1 = a + (darr[i] + darr[(i - 1) % 6]) / 3
    e2 = a + (darr[i] + darr[(i + 1) % 6]) / 3
    m = np.array(lay.matrix)
    return e1 @ m[:, :2].T + m[:, 2], e2 @ m[:, :2].T + m[:, 2]


def _ink_like(lab: Sequence[float]) -> bool:
    """A dark, nearly neutral colour (black railways, grey borders): it looks like the hex lines, so
    it is only learned from marked examples, never adapted on its own."""
    return lab[0] < 45 and math.hypot(lab[1], lab[2]) < 20


def _dist(lab: tuple[np.ndarray, np.ndarray, np.ndarray], onimg: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Delta E of every band sample (side, along, across) to ``colour``, from the L*, a*, b* planes;
    off-image samples infinite."""
    d = np.square(lab[0] - colour[0])
    d += np.square(lab[1] - colour[1])
    d += np.square(lab[2] - colour[2])
    np.sqrt(d, out=d)
    d[~onimg] = np.inf
    return d


def _side_index(grid: Grid, index: Mapping[str, int], key: str, feat: str) -> int:
    try:
        a, b = key.split("/")
        k2 = grid.side_key(a.strip(), b.strip())
    except (ValueError, GridError) as exc:
        why = exc if isinstance(exc, GridError) else "not a hexside a/b"
        raise InputError(f"feature {feat!r} example {key!r}: {why}") from None
    if k2 not in index:
        raise InputError(f"feature {feat!r} example {key!r} is not a hexside of the map")
    return index[k2]


def _crossing(dist: np.ndarray, core: int, middle: np.ndarray) -> np.ndarray:
    """Delta E of a line *crossing* the side at each position along it, (sides, positions, 1): the
    worse of the best samples on either side of the band's middle (``core`` samples each way left
    out), at the ``middle`` positions only (elsewhere infinite). A line along the side - the printed
    hex line, in a dark ink like a railway's - is in the band's middle only, and the hex lines
    leaving the side's end vertices reach into both halves of the band only near its ends; a road or
    railway crossing the side shows on both sides of it."""
    mid = dist.shape[2] // 2
    neg = _near(dist[:, :, : mid - core].min(axis=2))
    pos = _near(dist[:, :, mid + core + 1:].min(axis=2))
    out = np.maximum(neg, pos)
    out[:, ~middle] = np.inf
    return out[:, :, None]


def _near(d: np.ndarray) -> np.ndarray:
    """The smallest of each position and its two neighbours along the side: the two halves of a
    thin (a pixel or two, once reduced) or slightly slanted crossing need not fall at one position."""
    out = d.copy()
    np.minimum(out[:, 1:], d[:, :-1], out=out[:, 1:])
    np.minimum(out[:, :-1], d[:, 1:], out=out[:, :-1])
    return out


def _score(dist: np.ndarray, tol: float, width: int, kind: str, step: float) -> np.ndarray:
    """Per-side score. A position along a side is hit when at least ``width`` samples across the band
    are within ``tol``. ``along``: share of positions hit; ``across``: longest run of consecutive
    hit positions, in hex sizes, among runs no longer than ``MAX_CROSSING`` (a longer run is an area
    of that colour, or a line along the side, not a line crossing it)."""
    hits = (dist < tol).sum(axis=2) >= width
    if kind == "along":
        return hits.mean(axis=1)
    cap = max(1, round(MAX_CROSSING / step))
    run = np.zeros(hits.shape[0], dtype=np.int32)
    best = np.zeros(hits.shape[0], dtype=np.int32)
    for j in range(hits.shape[1] + 1):
        more = hits[:, j] if j < hits.shape[1] else np.zeros(hits.shape[0], dtype=bool)
        ended = ~more & (run <= cap)
        best = np.where(ended, np.maximum(best, run), best)
        run = np.where(more, run + 1, 0)
    return best * step


def _learn(feat: FeatureClass, dist: np.ndarray, yes: list[int], no: list[int], step: float,
           ) -> tuple[float, int, float]:
    """(tolerance, width, threshold) for a feature. Given values win. From marked ``yes`` sides: the
    tolerance that takes in most of their best samples, and the line width (samples across) they
    show at it, so thinner lines of a similar colour (hex lines over water) are not taken for the
    feature; with ``no`` sides too, the threshold half-way between the two. Otherwise defaults."""
    default_thr = _ALONG_THRESHOLD if feat.kind == "along" else _ACROSS_THRESHOLD
    tol = feat.tolerance if feat.tolerance is not None else _DEFAULT_TOLERANCE
    thr = feat.threshold if feat.threshold is not None else default_thr
    width = 1
    if not yes:
        return tol, width, thr
    best = dist[yes].min(axis=2)  # (sides, positions)
    if feat.tolerance is None:
        if feat.kind == "along":
            tol = float(np.clip(np.percentile(best, 90) * 1.5, 12.0, 40.0))
        else:
            tol = float(np.clip(np.median(np.sort(best, axis=1)[:, 1]) * 2.0, 20.0, 40.0))
    if feat.kind == "along":
        widths = (dist[yes] < tol).sum(axis=2)
        width = max(1, round(float(np.median(widths[widths > 0])) * 0.6)) if (widths > 0).any() else 1
    if no and feat.threshold is None:
        margin, lo, hi = _margin(dist, yes, no, tol, width, feat.kind, step)
        if margin <= 0:
            # the marked sides are not told apart this way (e.g. coast lines drawn like rivers):
            # search tolerance and width for the pair that separates them best
            tols = [tol] if feat.tolerance is not None else [float(t) for t in np.arange(6.0, 40.1, 2.0)]
            widths = [1, 2, 3, 4] if feat.kind == "along" else [1]
            best = max(((_margin(dist, yes, no, t, w, feat.kind, step), t, w) for t in tols for w in widths),
                       key=lambda c: c[0][0])
            if best[0][0] > 0:
                (margin, lo, hi), tol, width = best
        if margin > 0:
            thr = (lo + hi) / 2
    return tol, width, thr


def _margin(dist: np.ndarray, yes: list[int], no: list[int], tol: float, width: int, kind: str,
            step: float) -> tuple[float, float, float]:
    """(margin, highest 'no' score, robust lowest 'yes' score) of the marked sides. A marked side where
    the feature hardly shows (under a symbol, off the image) should not drag the threshold down: up
    to a fifth of the 'yes' sides may fall below it."""
    sy = np.sort(_score(dist[yes], tol, width, kind, step))
    lo = float(_score(dist[no], tol, width, kind, step).max())
    hi = float(sy[len(sy) // 5]) if len(sy) >= 5 else float(sy[0])
    return hi - lo, lo, hi


# --- outputs ---------------------------------------------------------------------------------------


def to_terrain_map(ext: Extraction, *, title: str = "", provenance: str = "", previous: Any = None) -> Any:
    """The extraction as a :class:`~toolkit.terrain.model.TerrainMap`: the dominant terrain of every
    hex (with ``confidence`` when below 0.95 and ``partial`` when the hex is cut by the image edge),
    the hexside features, the legend colours as measured on the scan, and ``meta.review`` naming the
    hexes to check. ``previous`` (the map being re-extracted) keeps its overrides, title, provenance,
    legend labels/patterns and other meta: re-extraction never overwrites hand corrections."""
    from .model import HexData, TerrainMap, TerrainType

    hexes: dict[str, Any] = {}
    tags: dict[str, set[str]] = {}
    symbol_terrains = {sc.name for sc in ext.legend.symbols if sc.terrain}
    for sname, where in ext.symbols.items():
        if sname in symbol_terrains:
            continue  # the hex's terrain says it
        for h in where:
            tags.setdefault(h, set()).add(sname)
    for hid, r in ext.hexes.items():
        if r.terrain is None:
            continue
        values: dict[str, Any] = {}
        if r.confidence < 0.95:
            values["confidence"] = round(r.confidence, 3)
            second = [k for k in r.fractions if k != r.terrain]
            if second:
                values["second"] = second[0]
        if r.visible < 0.98:
            values["partial"] = round(r.visible, 3)
        hexes[hid] = HexData(r.terrain, frozenset(tags.get(hid, ())), values=values)
    old_legend = dict(getattr(previous, "legend", {}) or {})
    legend = {}
    water = {t.name for t in ext.legend.terrains if t.water}
    for name, lab in _class_labs(ext).items():
        colour = rgb_to_hex(lab_to_rgb(lab))
        old = old_legend.get(name)
        legend[name] = TerrainType(name, colour, old.label if old else "", old.pattern if old else "",
                                   (old.water if old else False) or name in water)
    meta = dict(getattr(previous, "meta", {}) or {})
    meta["review"] = {h: ext.hexes[h].review for h in ext.review()}
    meta["extraction"] = {f.name: {"tolerance": round(tol, 2), "threshold": round(thr, 4)}
                          for f in ext.legend.features for tol, thr in [ext.thresholds.get(f.name, (0.0, 0.0))]}
    if not meta["extraction"]:
        del meta["extraction"]
    overrides = getattr(previous, "overrides", None)
    return TerrainMap(title or getattr(previous, "title", "") or "extracted map",
                      provenance or getattr(previous, "provenance", ""), ext.grid, legend, hexes,
                      {k: v for k, v in ext.hexsides.items()}, overrides, meta)


def _class_labs(ext: Extraction) -> dict[str, tuple[float, float, float]]:
    """Every class a hex may take, with its colour: the legend terrains, then the symbol classes (in
    the colour their symbol was found in)."""
    out = {t.name: t.lab for t in ext.legend.terrains}
    for sc in ext.legend.symbols:
        if sc.terrain:
            rep = ext.symbol_reports.get(sc.name)
            out[sc.name] = rep.colour if rep else (50.0, 0.0, 0.0)
    return out


def draw_overlay(image: Image.Image, ext: Extraction, max_side: int = 2400) -> Image.Image:
    """The QA picture: the scan (scaled to ``max_side``), each hex's middle tinted with its extracted
    terrain (legend colour; a tint unlike the printed ring around it is a miss), hexside features
    drawn as thick lines (along, coast) or bars (across), hexes to review outlined in magenta with
    their dominant terrain and its share, hexes with nothing to classify crossed out, and a key of
    the colours in the top right corner."""
    assert ext.grid.layout is not None
    scale = min(1.0, max_side / max(image.size))
    base = image.convert("RGB")
    if scale < 1.0:
        base = base.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                           Image.Resampling.BILINEAR)
    lay = ext.grid.layout.scaled(scale)
    over = Image.new("RGBA", base.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(over)
    colours = {n: tuple(int(c) for c in lab_to_rgb(lab)) for n, lab in _class_labs(ext).items()}
    for hid, r in ext.hexes.items():
        h = ext.grid.hex(hid)
        cx, cy = lay.hex_to_pixel(h)
        pts = [(cx + 0.6 * (x - cx), cy + 0.6 * (y - cy)) for x, y in lay.corners(h)]
        if r.terrain is not None:
            d.polygon(pts, fill=(*colours[r.terrain], 170), outline=(0, 0, 0, 200))
        if r.review:
            d.polygon(lay.corners(h), outline=(255, 0, 255, 255), width=max(2, int(_hex_size(lay) * 0.08)))
    feat_rgb = {f.name: tuple(int(c) for c in lab_to_rgb(f.lab)) for f in ext.legend.features}
    fw = max(2, int(_hex_size(lay) * 0.12))
    for key, feats in ext.hexsides.items():
        a, b = key.split("/")
        ha, hb = ext.grid.hex(a), ext.grid.hex(b)
        for fname in feats:
            feat = next(f for f in ext.legend.features if f.name == fname)
            col = (*feat_rgb[fname], 255)
            if feat.kind in ("along", "coast"):
                from ..hexgrid import Hexside

                d.line(lay.hexside_endpoints(Hexside.between(ha, hb)), fill=col, width=fw)
            else:
                pa, pb = lay.hex_to_pixel(ha), lay.hex_to_pixel(hb)
                m = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                d.line([(m[0] + 0.3 * (pa[0] - m[0]), m[1] + 0.3 * (pa[1] - m[1])),
                        (m[0] + 0.3 * (pb[0] - m[0]), m[1] + 0.3 * (pb[1] - m[1]))], fill=col, width=fw)
    size = _hex_size(lay)
    small = fonts.font(max(9, round(size * 0.26)))
    for hid, r in ext.hexes.items():
        cx, cy = lay.hex_to_pixel(ext.grid.hex(hid))
        if r.terrain is None:
            c = lay.corners(ext.grid.hex(hid))
            d.line([c[0], c[3]], fill=(255, 0, 255, 200), width=2)
        elif r.review:
            near = r.review.split()[2] if r.review.startswith("near the ") else ""
            text = (f"{r.terrain[:8]} {r.confidence:.0%}" if r.review.startswith("mixed") else
                    f"{near[:8]} {r.fractions.get(near, 0.0):.0%}?" if near else
                    f"{r.visible:.0%} on image" if "on the image" in r.review else f"{r.unknown:.0%} unknown")
            box = d.textbbox((cx, cy + 0.45 * size), text, font=small, anchor="mm")
            d.rectangle(box, fill=(255, 255, 255, 220))
            d.text((cx, cy + 0.45 * size), text, fill=(150, 0, 150, 255), font=small, anchor="mm")
    _draw_key(d, base.size, ext, colours, feat_rgb)
    out = base.convert("RGBA")
    out.alpha_composite(over)
    return out.convert("RGB")


def _draw_key(d: ImageDraw.ImageDraw, dims: tuple[int, int], ext: Extraction,
              colours: Mapping[str, tuple[int, ...]], feat_rgb: Mapping[str, tuple[int, ...]]) -> None:
    """A key in the top right corner: terrain tints with their hex counts, features with their side
    counts, and what the magenta marks mean."""
    n_t: dict[str, int] = {}
    for r in ext.hexes.values():
        if r.terrain:
            n_t[r.terrain] = n_t.get(r.terrain, 0) + 1
    n_f: dict[str, int] = {}
    for fs in ext.hexsides.values():
        for f in fs:
            n_f[f] = n_f.get(f, 0) + 1
    rows: list[tuple[str, tuple[int, ...], str]] = [(f"{n} ({n_t.get(n, 0)})", colours[n], "box")
                                                     for n in colours]
    rows += [(f"{f.name} ({n_f.get(f.name, 0)} sides)", feat_rgb[f.name], "line") for f in ext.legend.features]
    rows.append((f"review ({len(ext.review())})", (255, 0, 255), "ring"))
    px = max(11, min(22, dims[0] // 70))
    font = fonts.font(px)
    line_h = round(px * 1.5)
    width = max(d.textlength(t, font=font) for t, _, _ in rows) + 3 * px
    x0 = dims[0] - width - px
    y0 = px
    d.rectangle([x0 - px // 2, y0 - px // 2, x0 + width, y0 + line_h * len(rows) + px // 2], fill=(255, 255, 255, 225),
                outline=(0, 0, 0, 255))
    for i, (text, col, how) in enumerate(rows):
        y = y0 + i * line_h
        sw = [x0, y + 2, x0 + 2 * px - 4, y + px]
        if how == "box":
            d.rectangle(sw, fill=(*col[:3], 255), outline=(0, 0, 0, 255))
        elif how == "line":
            ym = (sw[1] + sw[3]) / 2
            d.line([(sw[0], ym), (sw[2], ym)], fill=(*col[:3], 255), width=max(3, px // 4))
        else:
            d.rectangle(sw, outline=(*col[:3], 255), width=max(2, px // 6))
        d.text((x0 + 2 * px, y), text, fill=(0, 0, 0, 255), font=font)
