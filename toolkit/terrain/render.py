"""Draw a map: a board image for a VASSAL module and the picture a person checks the data against.

:func:`render_map` returns the image *and* the :class:`~toolkit.hexgrid.Layout` it drew with (axial hex
-> board pixel), so a module builder can set VASSAL's grid to match exactly, and a checker can find
any hex on the picture.

What is drawn, bottom to top: paper; terrain colours with simple textures (tree marks for ``trees``,
tufts for ``swamp``, peaks for ``mountain``, arcs for ``hills``, waves for ``water``, stipple for
``dots``); grid lines; coasts (a side between a water and a land hex, or a ``sea``/``coast``/``lake``/
``minor_lake`` feature); rivers as wavy lines along their hexsides (``major_river`` wider); roads
(``road``, ``minor_road`` dashed) and rails (``rail``/``railroad``, with cross ties) hex centre to hex
centre, a legend's own lines in the colour the extraction recorded (``chaussee``: line notes 1), with bridge
marks where they cross a river; fortification saw-tooth lines on hexsides and a saw-tooth mark in hexes tagged
``fortification``; city (square), town (circle), ``capital`` (star) and ``port`` (anchor dot) symbols with their
names; hex numbers at the top of each hex; a frame with the title and a legend strip.

Textures keep clear of the hex centre, so the centre pixel of a plain hex is its terrain colour
exactly (the golden tests rely on it).
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from .. import fonts
from ..errors import InputError
from ..hexgrid import Hex, Hexside, Layout
from .colour import hex_to_rgb
from .model import TerrainMap

__all__ = ["DEFAULT_HEX_SIZE", "RenderStyle", "Rendered", "board_layout", "drawn_symbols", "legend_height",
           "render_map"]

Point = tuple[float, float]
RGB = tuple[int, int, int]

MAX_PIXELS = 120_000_000
DEFAULT_HEX_SIZE = 48.0


@dataclass(frozen=True)
class RenderStyle:
    """Colours and switches of a rendering."""

    paper: str = "#f3eedf"
    grid: str = "#4a4a44"
    frame: str = "#2f2f2a"
    number: str = "#3a3a34"
    water_line: str = "#23578f"
    water_fill: str = "#9cc3e6"
    border: str = "#7b2d8b"
    river: str = "#2a6fc0"
    road: str = "#a8401e"
    rail: str = "#1c1c1c"
    fort: str = "#7a1f1f"
    city: str = "#c0322b"
    label: str = "#111111"
    halo: str = "#fbf8ee"
    numbers: bool = True
    #: hex values printed small at the bottom of the hex (e.g. victory points)
    values: tuple[str, ...] = ("vp",)
    #: a hex value holding the fraction of a land hex that is water: tints the hex toward the water colour
    water_fraction: str | None = "water"
    labels: bool = True
    #: rows of hexes the rules name, by tag: outlined in ``row`` and labelled at both ends (Winter War's Row A)
    rows: tuple[tuple[str, str], ...] = (("row_a", "Row A"),)
    row: str = "#d9480f"
    textures: bool = True
    frame_on: bool = True
    legend: bool = True
    #: a TrueType file for text; by default DejaVu Sans when the system has it, else Pillow's bundled
    #: font (which has no accented letters: "Äänislinna" is then drawn "Aanislinna")
    font: str | None = None


class Rendered(NamedTuple):
    """A rendered board and the layout it was drawn with (axial hex -> pixel of ``image``)."""

    image: Image.Image
    layout: Layout


def _darker(rgb: RGB, k: float) -> RGB:
    return tuple(max(0, min(255, round(v * k))) for v in rgb)  # type: ignore[return-value]


def board_layout(m: TerrainMap, hex_size: float, margin: float | None = None,
                 bottom: float = 0.0) -> tuple[Layout, tuple[int, int]]:
    """The regular layout that puts the map's hexes ``margin`` px inside an image, and that image's size.

    ``hex_size`` is centre to corner in pixels; hex spacing follows the grid's orientation.
    """
    if not (hex_size >= 4):
        raise InputError(f"hex size must be at least 4 px, not {hex_size}")
    orientation = m.grid.numbering.offset.orientation
    margin = hex_size * 0.7 if margin is None else margin
    base = Layout.regular(orientation, hex_size)
    xs: list[float] = []
    ys: list[float] = []
    for h in m.grid.hexes():
        for x, y in base.corners(h):
            xs.append(x)
            ys.append(y)
    layout = base.translated(margin - min(xs), margin - min(ys))
    width = math.ceil(max(xs) - min(xs) + 2 * margin)
    height = math.ceil(max(ys) - min(ys) + 2 * margin + bottom)
    return layout, (width, height)


def render_map(m: TerrainMap, hex_size: float = DEFAULT_HEX_SIZE, *, layout: Layout | None = None,
               size: tuple[int, int] | None = None, style: RenderStyle | None = None,
               supersample: int | None = None) -> Rendered:
    """Draw the map with hexes ``hex_size`` px centre to corner (or with a given ``layout`` on an image
    of ``size``, e.g. to overlay a scan's calibration). Returns the image and the layout used."""
    style = style or RenderStyle()
    if layout is None:
        layout, size = board_layout(m, hex_size)
        if size[0] * size[1] > MAX_PIXELS:  # before the legend is planned (its fonts would be absurd too)
            raise InputError(f"board of {size[0]} x {size[1]} px is too large to draw "
                             f"(limit {MAX_PIXELS // 10**6} Mpx)")
        if style.frame_on and style.legend:
            size = (size[0], size[1] + math.ceil(legend_height(m, hex_size, size[0], style)))
    else:
        hex_size = math.sqrt(layout.hex_area() / (1.5 * math.sqrt(3)))
        if size is None:
            pts = [p for h in m.grid.hexes() for p in layout.corners(h)]
            size = (math.ceil(max(x for x, _ in pts) + hex_size * 0.7),
                    math.ceil(max(y for _, y in pts) + hex_size * 0.7))
    width, height = size
    if width <= 0 or height <= 0 or width * height > MAX_PIXELS:
        raise InputError(f"board of {width} x {height} px is too large to draw (limit {MAX_PIXELS // 10**6} Mpx)")
    ss = supersample if supersample is not None else (2 if width * height <= 16_000_000 else 1)
    if ss < 1:
        raise InputError(f"supersample must be 1 or more, not {ss}")
    # pixel (i, j) of the board is centred on (i, j); on the supersampled canvas its ss x ss block is
    # centred on (ss*i + (ss-1)/2, ...); and Pillow truncates float coordinates to pixels, so half a
    # canvas pixel more makes that rounding: the layout is scaled, then moved by (ss-1)/2 + 1/2
    off = ss / 2
    painter = _Painter(m, layout.scaled(ss).translated(off, off), hex_size * ss, (width * ss, height * ss), style, ss)
    painter.draw_all()
    img = painter.img
    if ss > 1:
        img = img.resize((width, height), Image.Resampling.BOX)
    return Rendered(img, layout)


def drawn_symbols(m: TerrainMap, hex_size: float = 12.0, style: RenderStyle | None = None) -> frozenset[str]:
    """The keys (:mod:`.board_legend`) of the symbols :func:`render_map` draws on this map's hexes and
    hexsides (the legend's own swatches not counted): the map drawn once at ``hex_size``, no legend."""
    style = style or RenderStyle()
    layout, size = board_layout(m, hex_size)
    painter = _Painter(m, layout.translated(0.5, 0.5), hex_size, size, style, 1)
    painter.draw_all()
    return painter.on_map


_COAST_FEATURES = frozenset({"sea", "coast", "lake", "minor_lake", "major_lake"})
_MAJOR_WATER = frozenset({"sea", "coast", "lake", "major_lake"})  # drawn as the wide band; minor_lake narrow
_PLACE_KINDS = ("capital", "city", "supply_city", "town", "village")
_RIVERS = {"river": 1.0, "minor_river": 0.75, "major_river": 1.6, "stream": 0.55, "canal": 0.8}
_ROADS = ("road", "minor_road", "major_road", "highway", "track")
_RAILS = ("rail", "railroad", "railway")
#: every hexside feature the board drawing has a style for
DRAWN_FEATURES = frozenset({*_COAST_FEATURES, *_RIVERS, *_ROADS, *_RAILS, "border", "fortification", "fortified"})
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def legend_lines(m: TerrainMap) -> dict[str, tuple[str, tuple[int, int, int]]]:
    """line notes 1 (scan46, user45's S6): the map's line features the board style does not name (a legend's own
    ``chaussee``, ``main_road``) that ``wgt map extract`` recorded with their legend colour and kind in
    ``meta.extraction`` - name -> (kind, rgb): drawn in that colour, an ``across`` line hex centre to hex centre
    (a minor road's width), an ``along`` line on its hexside (a river's width). A map written by hand, or by an
    older extraction, has none: its lines are not drawn, and said so."""
    rec = m.meta.get("extraction") if isinstance(m.meta, dict) else None
    out: dict[str, tuple[str, tuple[int, int, int]]] = {}
    for name, v in (rec.items() if isinstance(rec, dict) else ()):
        if name in DRAWN_FEATURES or not isinstance(v, dict):
            continue
        colour, kind = v.get("colour"), v.get("kind")
        if kind in ("along", "across") and isinstance(colour, str) and _HEX_COLOUR.fullmatch(colour):
            out[str(name)] = (kind, hex_to_rgb(colour))
    return out


def undrawn_features(m: TerrainMap) -> dict[str, int]:
    """The map's hexside features the board drawing has no style for (a legend's own names: main_road,
    road_primary) and no legend colour recorded either (:func:`legend_lines`), each with its count of hexsides,
    in name order."""
    styled = legend_lines(m)
    counts: dict[str, int] = {}
    for feats in m.effective_hexsides().values():
        for f in feats:
            if f not in DRAWN_FEATURES and f not in styled:
                counts[f] = counts.get(f, 0) + 1
    return dict(sorted(counts.items()))


class _Painter:
    def __init__(self, m: TerrainMap, layout: Layout, size: float, dims: tuple[int, int], style: RenderStyle,
                 ss: int) -> None:
        self.m, self.L, self.s, self.style, self.ss = m, layout, size, style, ss
        self.img = Image.new("RGB", dims, style.paper)
        self.d = ImageDraw.Draw(self.img)
        self.hexes = m.grid.hexes()
        self.eff = m.effective_hexes()
        self.sides = m.effective_hexsides()
        self.ids = {h: m.grid.id(h) for h in self.hexes}
        self.legend_lines = legend_lines(m)  # line notes 1: lines drawn in their legend colour
        #: the legend keys of the symbols drawn (see :mod:`.board_legend`)
        self.drawn: set[str] = set()

    # --- helpers -------------------------------------------------------------------------------

    def w(self, k: float) -> int:
        """A line width proportional to the hex size (at least one final pixel)."""
        return max(self.ss, round(self.s * k))

    def font(self, k: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        return _font(self.style.font, max(6, round(self.s * k)))

    def text(self, xy: Point, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, **kw: object) -> None:
        self.d.text(xy, fonts.printable(text, font), font=font, **kw)  # type: ignore[arg-type]

    def centre(self, h: Hex) -> Point:
        return self.L.hex_to_pixel(h)

    def terrain_of(self, h: Hex) -> str | None:
        data = self.eff.get(self.ids[h])
        if data is not None:
            return data.terrain
        return self.m.default_terrain

    def is_water(self, h: Hex) -> bool:
        t = self.terrain_of(h)
        tt = self.m.legend.get(t) if t else None
        return bool(tt and tt.water)

    def side_points(self, key: str) -> tuple[Point, Point, Hex, Hex]:
        a, b = key.split("/")
        ha, hb = self.m.grid.hex(a), self.m.grid.hex(b)
        p0, p1 = self.L.hexside_endpoints(Hexside.between(ha, hb))
        return p0, p1, ha, hb

    # --- layers --------------------------------------------------------------------------------

    def draw_all(self) -> None:
        self.terrain()
        self.grid()
        self.overlays()
        self.coasts()
        self.borders()
        self.rivers()
        self.forts()
        self.lines()
        self.rows()
        self.places()
        if self.style.numbers:
            self.numbers()
        self.on_map = frozenset(self.drawn)  # what the map shows (the legend's swatches come after)
        if self.style.frame_on:
            self.frame()

    def terrain(self) -> None:
        for h in self.hexes:
            t = self.terrain_of(h)
            tt = self.m.legend.get(t) if t else None
            if tt is None:
                continue
            colour = hex_to_rgb(tt.color)
            self.drawn.add(f"terrain:{tt.name}")
            frac = self.water_fraction(h) if not tt.water else 0.0
            if frac > 0:
                colour = self.tinted(colour, frac)
                self.drawn.add("water_tint")
            self.d.polygon(self.L.corners(h), fill=colour)
            if self.style.textures and tt.pattern:
                self.texture(h, tt.pattern, colour)

    def tinted(self, colour: RGB, frac: float) -> RGB:
        """A land colour tinted toward the water colour by the hex's share of water."""
        water = self.water_rgb()
        k = 0.7 * frac
        return tuple(round(c * (1 - k) + w * k) for c, w in zip(colour, water))  # type: ignore[return-value]

    def water_fraction(self, h: Hex) -> float:
        key = self.style.water_fraction
        data = self.eff.get(self.ids[h]) if key else None
        v = data.values.get(key) if data is not None and key else None
        if isinstance(v, int | float) and not isinstance(v, bool):
            return max(0.0, min(1.0, float(v)))
        return 0.0

    def water_rgb(self) -> RGB:
        water = [t for t in self.m.legend.values() if t.water]
        return hex_to_rgb(water[-1].color) if water else hex_to_rgb(self.style.water_fill)

    @staticmethod
    def marks(c: Point, s: float, count: int = 6, radius: float = 0.5, phase: float = 0.0) -> list[Point]:
        """Points around the centre ``c`` of a hex of size ``s`` (never on it)."""
        cx, cy = c
        r = s * radius
        return [(cx + r * math.cos(phase + 2 * math.pi * i / count), cy + r * math.sin(phase + 2 * math.pi * i / count))
                for i in range(count)]

    def texture(self, h: Hex, pattern: str, base: RGB) -> None:
        self.texture_at(self.centre(h), self.s, pattern, base)

    def texture_at(self, c: Point, s: float, pattern: str, base: RGB) -> None:
        """The terrain texture of a hex of size ``s`` centred at ``c`` (also the legend's swatches)."""
        d = self.d
        dark = _darker(base, 0.62)
        marks = functools.partial(self.marks, c, s)
        if pattern == "trees":
            for x, y in marks(6, 0.5, 0.0):
                r = s * 0.085
                d.line([(x, y), (x, y + r * 2.0)], fill=_darker(base, 0.45), width=self.w(0.025))
                d.ellipse([x - r, y - r * 1.4, x + r, y + r * 0.6], fill=_darker(base, 0.72), outline=dark,
                          width=max(1, self.w(0.012)))
        elif pattern == "swamp":
            for x, y in marks(6, 0.5, 0.0):
                r = s * 0.1
                d.line([(x - r * 1.3, y), (x + r * 1.3, y)], fill=dark, width=self.w(0.02))
                for dx in (-0.5, 0.0, 0.5):
                    d.line([(x + dx * r, y), (x + dx * r * 1.8, y - r * 1.1)], fill=dark, width=self.w(0.018))
        elif pattern == "mountain":
            for x, y in marks(3, 0.4, math.pi / 2):
                r = s * 0.2
                tri = [(x - r, y + r * 0.55), (x, y - r * 0.75), (x + r, y + r * 0.55)]
                d.polygon(tri, fill=_darker(base, 0.85))
                d.polygon([(x, y - r * 0.75), (x + r, y + r * 0.55), (x + r * 0.15, y + r * 0.55)],
                          fill=_darker(base, 0.7))
                d.line([*tri[:3]], fill=_darker(base, 0.45), width=self.w(0.02), joint="curve")
        elif pattern == "hills":
            for x, y in marks(4, 0.45, math.pi / 4):
                r = s * 0.14
                d.arc([x - r, y - r * 0.7, x + r, y + r * 0.7], 200, 340, fill=dark, width=self.w(0.025))
        elif pattern == "water":
            for x, y in marks(4, 0.48, math.pi / 4):
                r = s * 0.14
                pts = [(x + r * (t / 6 - 1), y + r * 0.18 * math.sin(t * math.pi / 3)) for t in range(13)]
                d.line(pts, fill=_darker(base, 0.8), width=self.w(0.018), joint="curve")
        elif pattern == "dots":
            for x, y in [*marks(6, 0.5, 0.0), *marks(6, 0.28, math.pi / 6)]:
                r = s * 0.025
                d.ellipse([x - r, y - r, x + r, y + r], fill=dark)

    def grid(self) -> None:
        # an odd width: Pillow centres odd-width lines on their coordinates, even ones half a pixel off
        width = max(1, 2 * int(self.s * 0.03 / 2) + 1)
        for side in self.m.grid.hexsides():
            self.d.line(self.L.hexside_endpoints(side), fill=self.style.grid, width=width)
        # outer edges of edge hexes
        for h in self.hexes:
            for i, n in enumerate(h.neighbours()):
                if n not in self.ids:
                    c = self.L.corners(h)
                    j = _corner_pair(self.L, h, i)
                    self.d.line([c[j[0]], c[j[1]]], fill=self.style.grid, width=width)

    def coasts(self) -> None:
        """Coast lines between water and land hexes; a water feature on a side between two land hexes
        (a strait, a lake shore) is a band of water along the side; between two water hexes, nothing."""
        width = self.w(0.075)
        for side in self.m.grid.hexsides():
            a, b = side
            if self.is_water(a) != self.is_water(b):
                self.d.line(self.L.hexside_endpoints(side), fill=self.style.water_line, width=width)
                self.drawn.add("coast")
        for key, feats in self.sides.items():
            if not feats & _COAST_FEATURES:
                continue
            p0, p1, ha, hb = self.side_points(key)
            if self.is_water(ha) or self.is_water(hb):
                continue
            self.water_side(p0, p1, minor=not feats & _MAJOR_WATER)

    def water_side(self, p0: Point, p1: Point, *, minor: bool) -> None:
        """A water hexside between two land hexes: a band, narrower for a minor lake."""
        k = 0.7 if minor else 1.0
        self.d.line([p0, p1], fill=self.style.water_line, width=self.w(0.16 * k))
        self.d.line([p0, p1], fill=self.style.water_fill, width=self.w(0.1 * k))
        self.drawn.add("water_side:minor" if minor else "water_side:major")

    def borders(self) -> None:
        """``border`` sides: a dash-dot line."""
        w = self.w(0.05)
        for key, feats in self.sides.items():
            if "border" not in feats:
                continue
            p0, p1, _, _ = self.side_points(key)
            _dashed(self.d, p0, p1, self.s * 0.22, self.s * 0.08, self.style.border, w, dot=True)
            self.drawn.add("border")

    def overlays(self) -> None:
        """Hex-level marks from tags: ``ice`` (white hatching)."""
        for h in self.hexes:
            data = self.eff.get(self.ids[h])
            if data is None or "ice" not in data.tags:
                continue
            self.ice(self.centre(h), self.s)

    def ice(self, c: Point, s: float) -> None:
        cx, cy = c
        r = s * 0.62
        for k in (-2, -1, 1, 2):
            off = k * r * 0.32
            self.d.line([(cx - r * 0.55 + off, cy + r * 0.55), (cx + r * 0.55 + off, cy - r * 0.55)],
                        fill="#ffffff", width=self.w(0.035))
        self.drawn.add("ice")

    def rivers(self) -> None:
        for key, feats in self.sides.items():
            kind = next((k for k in _RIVERS if k in feats), None)
            if kind is None:
                continue
            p0, p1, _, _ = self.side_points(key)
            self.river(p0, p1, kind)

    def river(self, p0: Point, p1: Point, kind: str) -> None:
        k = _RIVERS[kind]
        pts = _wave(p0, p1, self.s * 0.07 * k, 1.0)
        w = self.w(0.07 * k)
        self.d.line(pts, fill=self.style.river, width=w, joint="curve")
        for p in (p0, p1):  # round the ends so consecutive sides join smoothly
            r = w / 2
            self.d.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=self.style.river)
        self.drawn.add(f"river:{kind}")

    def forts(self) -> None:
        for key, feats in self.sides.items():
            if "fortification" in feats or "fortified" in feats:
                p0, p1, _, hb = self.side_points(key)
                self.sawtooth(p0, p1, toward=self.centre(hb))
                self.drawn.add("fort_side")
        for h in self.hexes:
            data = self.eff.get(self.ids[h])
            if data is not None and "fortification" in data.tags:
                self.fort_hex(self.centre(h), self.s)

    def fort_hex(self, c: Point, s: float) -> None:
        cx, cy = c
        r = s * 0.55
        self.sawtooth((cx - r * 0.8, cy + r * 0.55), (cx + r * 0.8, cy + r * 0.55), toward=(cx, cy))
        self.drawn.add("fort_hex")

    def sawtooth(self, p0: Point, p1: Point, toward: Point) -> None:
        (x0, y0), (x1, y1) = p0, p1
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy, ux
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if (toward[0] - mx) * nx + (toward[1] - my) * ny < 0:
            nx, ny = -nx, -ny
        self.d.line([p0, p1], fill=self.style.fort, width=self.w(0.04))
        teeth = max(2, round(length / (self.s * 0.2)))
        step = length / teeth
        hgt = self.s * 0.11
        for i in range(teeth):
            a = (x0 + ux * step * (i + 0.15), y0 + uy * step * (i + 0.15))
            b = (x0 + ux * step * (i + 0.85), y0 + uy * step * (i + 0.85))
            tip = (x0 + ux * step * (i + 0.5) + nx * hgt, y0 + uy * step * (i + 0.5) + ny * hgt)
            self.d.polygon([a, tip, b], fill=self.style.fort)

    def lines(self) -> None:
        for key, feats in self.sides.items():
            road = next((f for f in _ROADS if f in feats), None)
            if road is None:
                continue
            _, _, ha, hb = self.side_points(key)
            self.road(self.centre(ha), self.centre(hb), road)
        for key, feats in self.sides.items():
            if not any(f in feats for f in _RAILS):
                continue
            _, _, ha, hb = self.side_points(key)
            self.rail(self.centre(ha), self.centre(hb))
        for key, feats in self.sides.items():  # line notes 1: the legend's own lines, in their colour
            for name in sorted(f for f in feats if f in self.legend_lines):
                p0, p1, ha, hb = self.side_points(key)
                if self.legend_lines[name][0] == "across":
                    self.legend_line(self.centre(ha), self.centre(hb), name)
                else:
                    self.legend_line(p0, p1, name)
        for key, feats in self.sides.items():  # bridges: a road or rail across a river hexside
            if any(f in feats for f in _RIVERS) and any(f in feats for f in (*_ROADS, *_RAILS)):
                p0, p1, ha, hb = self.side_points(key)
                self.bridge(p0, p1)

    def road(self, a: Point, b: Point, kind: str) -> None:
        road_w = self.w(0.085)
        w = road_w if kind in ("road", "major_road", "highway") else max(self.ss, road_w * 2 // 3)
        if kind in ("minor_road", "track"):
            _dashed(self.d, a, b, self.s * 0.16, self.s * 0.09, self.style.road, w)
        else:
            self.d.line([a, b], fill=self.style.road, width=w)
            for p in (a, b):
                r = w / 2
                self.d.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=self.style.road)
        self.drawn.add(f"road:{kind}")

    def legend_line(self, a: Point, b: Point, name: str) -> None:
        """A line the board style does not name, in its legend colour (line notes 1): ``across`` as wide as a
        minor road, ``along`` as a river; round ends, so consecutive sides join."""
        kind, rgb = self.legend_lines[name]
        w = self.w(0.07) if kind == "along" else max(self.ss, self.w(0.085) * 2 // 3)
        self.d.line([a, b], fill=rgb, width=w)
        for p in (a, b):
            r = w / 2
            self.d.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=rgb)
        self.drawn.add(f"line:{name}")

    def rail(self, a: Point, b: Point) -> None:
        rail_w = self.w(0.05)
        self.d.line([a, b], fill=self.style.rail, width=rail_w)
        (x0, y0), (x1, y1) = a, b
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        tie = self.s * 0.1
        n = max(2, round(length / (self.s * 0.22)))
        for i in range(1, n):
            t = i / n
            px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            self.d.line([(px - uy * tie, py + ux * tie), (px + uy * tie, py - ux * tie)], fill=self.style.rail,
                        width=max(self.ss, rail_w * 2 // 3))
        self.drawn.add("rail")

    def bridge(self, p0: Point, p1: Point) -> None:
        (x0, y0), (x1, y1) = p0, p1
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy, ux
        half, off = self.s * 0.2, self.s * 0.09
        for sgn in (-1, 1):
            a = (mx + ux * sgn * off - nx * half, my + uy * sgn * off - ny * half)
            b = (mx + ux * sgn * off + nx * half, my + uy * sgn * off + ny * half)
            self.d.line([a, b], fill="#222222", width=self.w(0.03))
        self.drawn.add("bridge")

    def rows(self) -> None:
        """Rows of hexes the rules name (``style.rows``: tag, label): each hex outlined inside its edge,
        the row's label at both ends."""
        font = self.font(0.27)
        for tag, label in self.style.rows:
            row = sorted((h for h in self.hexes if tag in (d.tags if (d := self.eff.get(self.ids[h])) else ())),
                         key=lambda h: self.centre(h))
            if not row:
                continue
            for h in row:
                self.row_outline(self.L.corners(h))
            self.drawn.add(f"row:{tag}")
            for h, anchor, dx in ((row[0], "rm", -0.3), (row[-1], "lm", 0.3)):
                cx, cy = self.centre(h)
                self.text((cx + self.s * dx, cy - self.s * 0.45), label, font, fill=self.style.row, anchor=anchor,
                          stroke_width=max(1, self.w(0.035)), stroke_fill=self.style.halo)

    def row_outline(self, corners: list[Point]) -> None:
        """A row hex's outline, drawn inside its edge (corners pulled 16% toward the centre)."""
        cx = sum(x for x, _ in corners) / len(corners)
        cy = sum(y for _, y in corners) / len(corners)
        corners = [(cx + (x - cx) * 0.84, cy + (y - cy) * 0.84) for x, y in corners]
        self.d.line([*corners, corners[0]], fill=self.style.row, width=self.w(0.05), joint="curve")

    def places(self) -> None:
        labels: list[tuple[Point, str]] = []
        for h in self.hexes:
            data = self.eff.get(self.ids[h])
            if data is None:
                continue
            cx, cy = self.centre(h)
            tags = data.tags
            kind = next((k for k in _PLACE_KINDS if k in tags), None)
            if kind is not None:
                self.place(cx, cy, kind)
            if "port" in tags:
                self.place(cx, cy, "port")
            if data.name and self.style.labels:
                labels.append(((cx, cy + self.s * 0.42), data.name))
            shown = [k for k in self.style.values if k in data.values]
            if shown:
                self.value_text((cx, cy + self.s * (0.7 if data.name and self.style.labels else 0.55)),
                                " ".join(f"{data.values[k]}" for k in shown))
                self.drawn.update(f"value:{k}" for k in shown)
        for (x, y), text in labels:
            self.label((x, y), text)

    def place(self, cx: float, cy: float, kind: str) -> None:
        """A place symbol: capital (star), city (square), supply city (ringed disc), town (circle), port."""
        r = self.s * 0.17
        if kind == "capital":
            self.d.polygon(_star(cx, cy, r * 1.35, r * 0.6), fill=self.style.city, outline="#000000",
                           width=self.w(0.02))
        elif kind == "city":
            self.d.rectangle([cx - r, cy - r, cx + r, cy + r], fill=self.style.city, outline="#000000",
                             width=self.w(0.025))
        elif kind == "supply_city":
            rr = r * 1.15
            self.d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=self.style.city, outline="#000000",
                           width=self.w(0.025))
            ri = rr * 0.45
            self.d.ellipse([cx - ri, cy - ri, cx + ri, cy + ri], fill="#ffffff")
        elif kind in ("town", "village"):
            rr = r * 0.7
            self.d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill="#ffffff", outline="#000000",
                           width=self.w(0.025))
            kind = "town"
        elif kind == "port":
            px, py = cx + r * 1.6, cy - r * 1.2
            pr = r * 0.45
            self.d.ellipse([px - pr, py - pr, px + pr, py + pr], fill=self.style.water_line)
        self.drawn.add(kind)

    def value_text(self, xy: Point, text: str) -> None:
        self.text(xy, text, self.font(0.2), fill=self.style.fort, anchor="mm", stroke_width=max(1, self.w(0.02)),
                  stroke_fill=self.style.halo)

    def label(self, xy: Point, text: str) -> None:
        self.text(xy, text, self.font(0.27), fill=self.style.label, anchor="mm",
                  stroke_width=max(1, self.w(0.035)), stroke_fill=self.style.halo)
        self.drawn.add("name")

    def numbers(self) -> None:
        font = self.font(0.2)
        flat = self.m.grid.numbering.offset.orientation == "flat"
        for h in self.hexes:
            cx = self.centre(h)[0]
            top = min(y for _, y in self.L.corners(h))
            y = top + self.s * (0.2 if flat else 0.42)
            self.text((cx, y), self.ids[h], font, fill=self.style.number, anchor="mm",
                      stroke_width=max(1, self.w(0.02)), stroke_fill=_terrain_halo(self, h))
            self.drawn.add("hex_number")

    def frame(self) -> None:
        pts = [p for h in self.hexes for p in self.L.corners(h)]
        x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
        x1, y1 = max(x for x, _ in pts), max(y for _, y in pts)
        pad = self.s * 0.3
        H = self.img.size[1]
        self.d.rectangle([x0 - pad, y0 - pad, x1 + pad, y1 + pad], outline=self.style.frame, width=self.w(0.06))
        self.d.rectangle([x0 - pad * 1.6, y0 - pad * 1.6, x1 + pad * 1.6, y1 + pad * 1.6], outline=self.style.frame,
                         width=self.w(0.02))
        if not self.style.legend:
            return
        from .board_legend import draw_legend, plan_legend

        top = y1 + pad * 1.6 + self.s * 0.35
        plan = plan_legend(self.m, self.s / self.ss, (x1 - x0) / self.ss, self.style)
        if top + plan.height * self.ss <= H:
            draw_legend(self, plan, x0, top)


@functools.lru_cache(maxsize=64)
def _font(path: str | None, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The style's font file if it names one, else the toolkit's own face (same on every machine)."""
    if not path:
        return fonts.font(size)
    try:
        return ImageFont.truetype(path, size)
    except OSError:
        raise InputError(f"cannot load font {path}") from None


def _corner_pair(layout: Layout, h: Hex, direction: int) -> tuple[int, int]:
    """Indices of the two corners of ``h`` on its side toward neighbour ``direction``.

    Corner i lies between directions i and i+1 (``corners_axial``), so the side toward direction i
    runs from corner i-1 to corner i.
    """
    return ((direction - 1) % 6, direction)


def _terrain_halo(p: _Painter, h: Hex) -> str:
    t = p.terrain_of(h)
    tt = p.m.legend.get(t) if t else None
    return tt.color if tt else p.style.paper


def _wave(p0: Point, p1: Point, amplitude: float, periods: float) -> list[Point]:
    (x0, y0), (x1, y1) = p0, p1
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return [p0, p1]
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    n = 24
    out = []
    for i in range(n + 1):
        t = i / n
        off = amplitude * math.sin(2 * math.pi * periods * t)
        out.append((x0 + (x1 - x0) * t + nx * off, y0 + (y1 - y0) * t + ny * off))
    return out


def _dashed(d: ImageDraw.ImageDraw, a: Point, b: Point, dash: float, gap: float, fill: str, width: int,
            dot: bool = False) -> None:
    """A dashed line (dash-dot with ``dot``), the pattern centred on the segment."""
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    period = dash + gap + ((width + gap) if dot else 0)
    pos = ((length - dash) % period) / 2 - period if length > dash else 0.0

    def at(t: float) -> Point:
        return (x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length)

    while pos < length:
        start, end = max(0.0, pos), min(length, pos + dash)
        if end > start:
            d.line([at(start), at(end)], fill=fill, width=width)
        if dot:
            c = pos + dash + gap + width / 2
            if 0 <= c <= length:
                cx, cy = at(c)
                r = width / 2
                d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
        pos += period


def _hex_points(c: Point, r: float, flat: bool) -> list[Point]:
    """The corners of a regular hexagon of circumradius ``r`` centred at ``c``."""
    cx, cy = c
    start = 0.0 if flat else math.pi / 6
    return [(cx + r * math.cos(start + i * math.pi / 3), cy + r * math.sin(start + i * math.pi / 3)) for i in range(6)]


def legend_height(m: TerrainMap, hex_size: float, width: float, style: RenderStyle | None = None) -> float:
    """The height in pixels the legend, title, scale and provenance take below a board ``width`` wide."""
    from .board_legend import plan_legend

    style = style or RenderStyle()
    return plan_legend(m, hex_size, width - 2 * hex_size * 0.7, style).height + hex_size * 0.8


def _star(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    return [(cx + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / 5),
             cy - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / 5)) for i in range(10)]
