"""Extraction's legend: terrain and feature classes, reading a legend file, and resolving its samples
against a scan (see :mod:`toolkit.terrain.extract`)."""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from .. import yamlfile
from ..errors import DataFileError, GridError, InputError
from ..hexgrid import Grid
from .colour import hex_to_rgb, lab_to_rgb, rgb_to_lab
from .extract_raster import MASK_TOLERANCE, _blocks, _Features, _hex_size, _median, area_pixels
from .io import _WORD  # a hexside feature name, as the map reader requires
from .legend import normalise
from .symbols import SymbolClass

#: A legend is tens of entries, each with a few sample points; 100,000 nodes is ~29 MB of node tree.
LEGEND_LIMITS = yamlfile.Limits(max_depth=16, max_nodes=100_000)


# --- legend ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainClass:
    """A legend terrain: its name, its colour in CIELAB, and where that colour came from."""

    name: str
    lab: tuple[float, float, float]
    source: str = "colour"
    water: bool = False
    # the sampled colour blocks (n, 3) when sampled from the scan: they give the class's spread
    samples: np.ndarray | None = field(default=None, compare=False, repr=False)
    # the ground a line is printed on in this terrain, where it differs from ``lab``: the examples read with every
    # line's whole mask (extract.extract, when line_masks kept one to thin marks; extract_sides reads it)
    ground: tuple[float, float, float] | None = field(default=None, compare=False)


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
    link: str = ""  # (gap) the 'across' feature that crosses ...
    line: str = ""  # (gap) ... where this 'along' feature breaks off (a road through a gate in a wall)


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
    # ``centre:`` - a hex is the class under its centre, read in a disc of this radius (a share of the hex size) about
    # it; 0: the class of the whole hex (the default)
    centre: float = 0.0
    # whether the legend says it (``centre:`` true, false or a radius); when it does not, the examples are read both
    # ways and the user is warned when they read better by the centre (rules.check_centre)
    centre_said: bool = False
    # terrain -> the hexes its clicked ``points`` lie in (each once): the legend's only hexes of classes sampled by
    # points, read by rules.check_centre as examples of them
    point_hexes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

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



def _masked_colours(legend: Mapping[str, Any] | Legend) -> list[tuple[int, int, int]]:
    """RGB of the features to leave out of terrain colours: 'across' features (roads, railways),
    unless the legend says ``mask: false``; any feature with ``mask: true``."""
    return [rgb for _, rgb in _masked_lines(legend)]


def _masked_lines(legend: Mapping[str, Any] | Legend) -> list[tuple[str, tuple[int, int, int]]]:
    """(name, RGB) of :func:`_masked_colours`' features, in the legend's order."""
    out = []
    if isinstance(legend, Legend):
        for f in legend.features:
            if f.kind == "across":
                r, g, b = (round(v) for v in lab_to_rgb(f.lab))
                out.append((f.name, (r, g, b)))
        return out
    fspec = legend.get("features") or {}
    for name, v in (fspec.items() if isinstance(fspec, Mapping) else ()):  # a bad 'features:' is reported later
        if isinstance(v, str):
            v = {"colour": v}
        if not isinstance(v, Mapping):
            continue
        want = v.get("mask", v.get("kind", "along") == "across")
        colour = v.get("colour") or v.get("color")
        if want and colour:
            try:
                out.append((str(name), hex_to_rgb(str(colour))))
            except InputError:
                continue  # reported when the legend is read
    return out



#: a line's mask that takes more than this share of some terrain's example pixels (the colour step's reading of
#: them: the scan reduced as it reads it, ink left out) takes that terrain's own colour - its examples' median lies
#: in the mask - and left out of the terrain it leaves the class its minority of other pixels (its paper). Roads to
#: Gettysburg's road colour (129,136,53), a 2 px road blended with the wash, took 62% of the rough's and 64% of the
#: woods' example pixels at +-45 and the railway's 92% of the mountain's: 15 of region 2's 81 hexes read wrong.
#: Lines crossing or bordering a terrain of a near colour take less (10-30% on the bench: Battle for Moscow's red
#: railway of its red cities, Afrika's track of the hills, Bastogne's trail of the woods, Seelowe's road of the
#: industry), and there the whole mask keeps what it is for (a 10% share, those masks narrowed, lost 10 of Battle for
#: Moscow's 144 hexes with the majority legend: its railway's red then read as city; Afrika 2 and Seelowe lost hexes)
MASK_TAKES = 0.5
#: the colours such a mask keeps in an area: per channel, this percentile range of the taken terrains' example pixels
#: inside the mask (an area of another colour in the box stays out: France '40's Dynamo, whose road colour takes 82%
#: of its marsh's pinkish ground, fills its city hexes with that tan road colour, and kept there the city hex 2422
#: read clear, 55% to 41%)
OWN_RANGE = (5.0, 95.0)


@dataclass(frozen=True)
class LineMask:
    """How the colour step leaves a line feature out of the terrain: pixels within extract_raster.MASK_TOLERANCE (per
    RGB channel) of ``rgb``; where ``took`` names terrains (with the share of their example pixels the mask takes,
    more than :data:`MASK_TAKES`), the colour is theirs too and only its thin marks are left out (``thin``): areas
    of it in their colours (``own``, per channel the :data:`OWN_RANGE` of their example pixels in the mask) are
    terrain."""

    name: str
    rgb: tuple[int, int, int]
    took: tuple[tuple[str, float], ...] = ()
    own: tuple[tuple[int, int], ...] = ()

    @property
    def thin(self) -> bool:
        return bool(self.took)


def line_masks(spec: Mapping[str, Any] | Legend, image: Image.Image | None = None, grid: Grid | None = None,
               ink_lightness: float = 35.0) -> list[LineMask]:
    """The masks of :func:`_masked_colours`' line colours, each checked against the legend's terrain examples
    (sampled ``hexes``, ``box`` and ``points`` of ``image``, read as the colour step reads them:
    extract_raster.area_pixels): a mask taking more than :data:`MASK_TAKES` of some terrain's example pixels takes
    that terrain's colour too, and is to leave out thin marks of the colour only (a line), not areas of it in that
    terrain's colours (a blob of trees, a painted ridge: extract_raster.LINE_AREA). Without examples (or an image)
    every mask is whole."""
    out = [LineMask(n, c) for n, c in _masked_lines(spec)]
    if isinstance(spec, Legend) or image is None or grid is None or grid.layout is None or not out:
        return out
    spec = normalise(spec)  # a legend given as a mapping by a library caller: its samples in the long form
    examples = _example_pixels(spec, image, grid, ink_lightness)
    checked = []
    for m in out:
        rgb = np.asarray(m.rgb, np.int16)
        share = {t: float(np.mean(np.abs(px.astype(np.int16) - rgb).max(axis=1) <= MASK_TOLERANCE))
                 for t, px in examples.items()}
        took = tuple((t, v) for t, v in share.items() if v > MASK_TAKES)
        own: tuple[tuple[int, int], ...] = ()
        if took:
            px = np.concatenate([examples[t] for t, _ in took])
            px = px[np.abs(px.astype(np.int16) - rgb).max(axis=1) <= MASK_TOLERANCE]
            lo, hi = np.percentile(px, OWN_RANGE[0], axis=0), np.percentile(px, OWN_RANGE[1], axis=0)
            own = tuple((int(a), int(b)) for a, b in zip(lo, hi))
        checked.append(LineMask(m.name, m.rgb, took, own))
    return checked


def _example_pixels(spec: Mapping[str, Any], image: Image.Image, grid: Grid, ink_lightness: float
                    ) -> dict[str, np.ndarray]:
    """Terrain name -> (n, 3) uint8: the non-ink pixels of its sampled examples as the colour step reads them (the
    areas :func:`_resolve_terrain` reads: a disc of half the hex size about each example hex's centre, the box, 3x3
    blocks about each point). Entries the legend's reader would refuse are left out (it says why, later)."""
    assert grid.layout is not None
    size = _hex_size(grid.layout)
    f = _blocks(size)[2]
    terr = spec.get("terrain")
    out: dict[str, np.ndarray] = {}
    for name, v in (terr.items() if isinstance(terr, Mapping) else ()):
        if not isinstance(v, Mapping) or v.get("colour") or v.get("color") or v.get("symbol"):
            continue
        areas: list[tuple[float, ...]] = []
        try:
            if v.get("hexes"):
                for hid in v["hexes"]:
                    cx, cy = grid.layout.hex_to_pixel(grid.hex(str(hid)))
                    areas.append((cx, cy, 0.5 * size))
            elif v.get("box"):
                x0, y0, x1, y1 = (float(t) for t in v["box"])
                if all(math.isfinite(t) for t in (x0, y0, x1, y1)):
                    areas.append((x0, y0, x1, y1))
            elif v.get("points"):
                for pt in v["points"]:
                    x, y = (float(t) for t in pt)
                    j, i = x // f, y // f
                    areas.append(((j - 1) * f, (i - 1) * f, (j + 2) * f - 1, (i + 2) * f - 1))
        except (GridError, TypeError, ValueError):
            continue
        px = area_pixels(image, size, ink_lightness, areas)  # type: ignore[arg-type]
        if len(px):
            out[str(name)] = px
    return out


# --- legend resolution against the scan ------------------------------------------------------------


def legend_from_dict(spec: Mapping[str, Any], image: Image.Image | None = None, grid: Grid | None = None,
                     _fi: _Features | None = None, _scan: tuple[int, int] | None = None) -> Legend:
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
    with _at_line(spec, "max_delta_e"):
        max_de = _number(spec.get("max_delta_e", 30.0), "max_delta_e", src, positive=True)
    terrains: list[TerrainClass] = []
    symbols: list[SymbolClass] = []
    min_share: dict[str, float] = {}
    examples: dict[str, tuple[str, ...]] = {}
    for name, v in terr.items():
        with _at_line(terr, name):
            _terrain_entry(name, v, src, image, grid, _fi, ink_l, terrains, symbols, min_share, examples, _scan)
    feats: list[FeatureClass] = []
    fspec = spec.get("features") or {}
    if not isinstance(fspec, Mapping):
        raise DataFileError("'features:' is a mapping of feature name -> colour or settings", src)
    for name, v in fspec.items():
        with _at_line(fspec, name):
            _feature_entry(name, v, src, fspec, terrains, symbols, feats)
    names = [t.name for t in terrains] + [sc.name for sc in symbols if sc.terrain]
    prio = spec.get("priority")
    priority: tuple[str, ...] = ()
    if prio is not None:
        with _at_line(spec, "priority"):
            priority = _id_list(prio, "priority", src)
            for n in priority:
                if n not in names:
                    raise DataFileError(f"priority names {n!r}, which is not a terrain of the legend "
                                        f"({', '.join(names)})", src)
        priority += tuple(n for n in names if n not in priority)
    elif min_share or any(sc.terrain for sc in symbols):
        # no order given: symbol classes first, then classes with a threshold, in legend order
        priority = tuple([sc.name for sc in symbols if sc.terrain] + [n for n in names if n in min_share])
    return Legend(tuple(terrains), tuple(feats), ink_l, max_de, tuple(symbols), priority, min_share, examples,
                  _centre(spec), spec.get("centre") is not None, _point_hexes(terr, grid))


def _point_hexes(terr: Mapping[str, Any], grid: Grid | None) -> dict[str, tuple[str, ...]]:
    """Terrain -> the hexes of ``grid`` its ``points`` lie in, each once, in the order clicked (points off the grid's
    hexes left out). Read after the points were checked (``_resolve_terrain``)."""
    if grid is None or grid.layout is None:
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for name, v in terr.items():
        if not isinstance(v, Mapping) or not v.get("points") or any(v.get(k) for k in ("symbol", "colour", "color",
                                                                                        "hexes", "box")):
            continue  # sampled otherwise (_resolve_terrain reads a colour, hexes or a box before points)
        ids: list[str] = []
        for x, y in v["points"]:
            h = grid.layout.pixel_to_hex(float(x), float(y))
            if h in grid and grid.id(h) not in ids:
                ids.append(grid.id(h))
        if ids:
            out[str(name)] = tuple(ids)
    return out


@contextlib.contextmanager
def _at_line(block: Any, key: Any) -> Iterator[None]:
    """Errors about one entry of the legend name its line (when the message does not already)."""
    try:
        yield
    except DataFileError as exc:
        line = yamlfile.line_of(block, key) if isinstance(block, yamlfile.LinedMap) else None
        if exc.line is not None or line is None or exc.message.startswith("line "):
            raise
        line = block.key_lines.get(key, line)
        raise DataFileError(exc.message, exc.source, line) from None


class EmptySample(InputError):
    """A sampled terrain whose sample area holds no terrain colour (only ink, masked lines, or off the image)."""


def terrain_grounds(spec: Mapping[str, Any], image: Image.Image, grid: Grid | None, fi: _Features,
                    scan: tuple[int, int] | None = None) -> dict[str, tuple[float, float, float]]:
    """Each sampled terrain's colour read through ``fi`` (the colour image with every line's whole mask: the ground a
    line is printed on, for the hexside step), by name. A terrain whose sample area that image leaves nothing is not
    named: printed wholly in some line's colour (a trail of the lowland's cream), it is its own ground. Any other
    fault is raised (the legend was read once already, so none is expected)."""
    spec = normalise(spec)
    src = str(spec.get("_source", "legend"))
    ink_l = _ink_lightness(spec)
    out: dict[str, tuple[float, float, float]] = {}
    for name, v in (spec.get("terrain") or {}).items():
        if isinstance(v, Mapping) and v.get("symbol"):
            continue
        try:
            tc = _resolve_terrain(str(name), v, src, image, grid, fi, ink_l, scan)
        except EmptySample:  # the sample area emptied by the lines' whole masks
            continue
        out[tc.name] = tc.lab
    return out


def _terrain_entry(name: Any, v: Any, src: str, image: Image.Image | None, grid: Grid | None, _fi: Any,
                   ink_l: float, terrains: list[TerrainClass], symbols: list[SymbolClass],
                   min_share: dict[str, float], examples: dict[str, tuple[str, ...]],
                   scan: tuple[int, int] | None = None) -> None:
    if isinstance(v, Mapping) and v.get("hexes") is not None:
        examples[str(name)] = _id_list(v["hexes"], f"terrain {name!r} hexes", src)
    if isinstance(v, Mapping) and v.get("min_share") is not None:
        ms = _number(v["min_share"], f"terrain {name!r} min_share", src)
        if not 0 <= ms <= 1:
            raise DataFileError(f"terrain {name!r}: min_share is a share of the hex from 0 to 1, not {ms:g}", src)
        min_share[str(name)] = ms
    if isinstance(v, Mapping) and v.get("symbol"):
        symbols.append(_symbol_class(str(name), v, src, terrain=True))
        return
    tc = _resolve_terrain(str(name), v, src, image, grid, _fi, ink_l, scan)
    water = v.get("water", tc.name in WATER_NAMES) if isinstance(v, Mapping) else tc.name in WATER_NAMES
    terrains.append(TerrainClass(tc.name, tc.lab, tc.source, bool(water), tc.samples))


def _feature_entry(name: Any, v: Any, src: str, fspec: Mapping[str, Any], terrains: list[TerrainClass],
                   symbols: list[SymbolClass], feats: list[FeatureClass]) -> None:
    if isinstance(v, str):
        v = {"colour": v}
    kind = str(v.get("kind", "along")) if isinstance(v, Mapping) else "along"
    if kind not in ("along", "across", "coast", "symbol", "gap"):
        raise DataFileError(f"feature {name!r}: kind must be 'along', 'across', 'coast', 'gap' or 'symbol', "
                            f"not {kind!r}", src)
    if kind == "symbol":
        symbols.append(_symbol_class(str(name), v, src, terrain=False))
        return
    if kind == "coast":
        feats.append(_coast_feature(str(name), v, terrains, src))
        return
    if kind == "gap":
        feats.append(_gap_feature(str(name), v, fspec, src))
        return
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


def _gap_feature(name: str, v: Mapping[str, Any], fspec: Mapping[str, Any], src: str) -> FeatureClass:
    """A ``kind: gap`` feature: the sides an ``across`` feature (``link:``) crosses where an ``along``
    feature (``line:``) breaks off - a road through a gate in a wall, over a bridge hiding a river: the
    line's sides meet both ends of the side, which is not itself a side of the line. Found from the
    other two features, after them; drawn in ``colour`` (default: the link's)."""
    got: dict[str, str] = {}
    for key, want in (("link", "across"), ("line", "along")):
        ref = v.get(key)
        other = fspec.get(ref) if isinstance(ref, str) else None
        okind = (other.get("kind", "along") if isinstance(other, Mapping) else "along") if other is not None else None
        if okind != want:
            raise DataFileError(f"feature {name!r} is a gap: '{key}:' names an '{want}' feature of the legend "
                                f"(got {ref!r})", src)
        got[key] = str(ref)
    link = fspec[got["link"]]
    colour = v.get("colour") or v.get("color") or (link if isinstance(link, str) else link.get("colour")
                                                   or link.get("color"))
    rgb = _colour(colour, f"feature {name!r}", src)
    lab = tuple(float(x) for x in rgb_to_lab(np.array(rgb, float)))
    return FeatureClass(name, lab, "gap", link=str(got["link"]), line=str(got["line"]))  # type: ignore[arg-type]


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
    ids = tuple(str(s) for s in v)
    # an id given twice was taken as two examples (user44: a village symbol from '1307', '1307', '1007' learned "from
    # 3 example hexes", 1307 finding itself in the leave-one-out check, and no "fewer than three examples" warning);
    # a side either way round is one side
    seen: set[str] = set()
    for s in ids if what.endswith(("hexes", "yes", "no")) else ():  # (priority says its own)
        key = "/".join(sorted(p.strip() for p in s.split("/")))
        if key in seen:
            raise DataFileError(f"{what}: {s!r} is given twice (each example counts once: give another)", src)
        seen.add(key)
    return ids


#: ``centre: true``: the disc read about each hex's centre, as a share of the hex size (its centre-to-corner radius).
#: A tactical map's rule names the terrain under a printed centre dot; a disc of 0.2 (a fifth of the way to the
#: corners, 33 px on Squad Leader's board of 165 px hexes) holds a dozen colour blocks (a tenth of the hex each), so
#: one block of a stray edge does not decide it, and stays within the small houses drawn over the dot (a quarter to
#: a third of the hex across their roofs)
CENTRE_RADIUS = 0.2
CENTRE_LEAST = 0.1  # a smaller disc would hold less than one colour block
CENTRE_MOST = 0.85  # a larger one would reach past the hex's sides (0.866 of the size from its centre)


def _centre(spec: Mapping[str, Any]) -> float:
    """The legend's ``centre:`` as the disc's radius, a share of the hex size (0: off): ``true`` is
    :data:`CENTRE_RADIUS`, ``{radius: r}`` is r, from :data:`CENTRE_LEAST` to :data:`CENTRE_MOST`."""
    src = str(spec.get("_source", "legend"))
    v = spec.get("centre")
    if v is None or v is False:
        return 0.0
    if v is True:
        return CENTRE_RADIUS
    if not isinstance(v, Mapping):
        with _at_line(spec, "centre"):
            raise DataFileError(f"centre is true, false or {{radius: 0.2}} (a share of the hex size), not {v!r}", src)
    raw = v.get("radius", CENTRE_RADIUS)
    with _at_line(v, "radius"):
        r = _number(raw, "centre radius", src)
        if not CENTRE_LEAST <= r <= CENTRE_MOST:
            raise DataFileError(f"centre radius is a share of the hex size from {CENTRE_LEAST:g} (a colour block is "
                                f"a tenth of the hex) to {CENTRE_MOST:g} (the disc inside the hex's sides), "
                                f"not {raw!r}", src)
    return r


def _ink_lightness(spec: Mapping[str, Any]) -> float:
    """The legend's ink lightness (CIELAB L*): ``ink: {lightness: L}`` or ``ink: L`` (default 35)."""
    src = str(spec.get("_source", "legend"))
    ink = spec.get("ink")
    if ink is None:
        return 35.0
    raw = ink.get("lightness", 35.0) if isinstance(ink, Mapping) else ink
    with _at_line(*((ink, "lightness") if isinstance(ink, Mapping) else (spec, "ink"))):
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
                     fi: _Features | None, ink_l: float, scan: tuple[int, int] | None = None) -> TerrainClass:
    """The terrain class of one legend entry; sampled ones read ``image`` (through ``fi``). ``scan``: the size of the
    scan ``image`` was cut from (the map's region, :func:`.extract._region`), named in the messages (the user's
    image)."""
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
    size = "x".join(map(str, scan or image.size))
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
                raise InputError(f"terrain {name!r}: sample hex {hid} is off the image ({size})")
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
            raise InputError(f"terrain {name!r}: box {list(v['box'])} is off the image ({size})")
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
                raise InputError(f"terrain {name!r}: point {x:g},{y:g} is off the image ({size})")
            j, i = min(w - 1, int(x // f)), min(h - 1, int(y // f))
            win = (slice(max(0, i - 1), i + 2), slice(max(0, j - 1), j + 2))
            samples.append(fi.lab[win][fi.valid[win]])
        how = "points"
    else:
        raise DataFileError(f"terrain {name!r}: give colour, hexes, box or points", src)
    allp = np.concatenate(samples) if samples else np.zeros((0, 3))
    if len(allp) == 0:
        raise EmptySample(f"terrain {name!r}: its sample area holds no terrain colour (only ink or off the image)")
    lab = _median(allp, axis=0)
    return TerrainClass(name, (float(lab[0]), float(lab[1]), float(lab[2])), how, samples=allp)
