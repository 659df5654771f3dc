"""The board's legend: every symbol the renderer draws on a map, with the map's title, scale and provenance.

:func:`symbols` says, from the map data alone, which symbols :func:`toolkit.terrain.render.render_map` will
draw (terrain colours and textures, the water tint of land hexes partly water, ice, coasts, water
hexsides, rivers, borders, named rows such as Row A, fortifications, roads, rails, bridges, place
symbols, place names, printed values such as victory points, hex numbers), each with its legend label;
the renderer records what it actually draws under the same keys (``_Painter.drawn``), so a test can hold
the two equal. :func:`plan_legend` lays the legend out below the map (title; scale and size; provenance
wrapped to the width; a grid of swatches with labels) and :func:`draw_legend` draws each swatch with the
renderer's own drawing code.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import fonts
from .colour import hex_to_rgb

if TYPE_CHECKING:
    from .model import TerrainMap
    from .render import RenderStyle, _Painter

__all__ = ["LegendPlan", "Symbol", "draw_legend", "plan_legend", "scale_text", "symbols"]

_RIVER_LABELS = {"river": "River", "minor_river": "Minor river", "major_river": "Major river", "stream": "Stream",
                 "canal": "Canal"}
_ROAD_LABELS = {"road": "Road", "minor_road": "Minor road", "major_road": "Major road", "highway": "Highway",
                "track": "Track"}
_PLACE_LABELS = {"capital": "Capital", "city": "City", "supply_city": "Supply city", "town": "Town", "port": "Port"}
_VALUE_LABELS = {"vp": "Victory points", "supply_capacity": "Supply capacity"}


@dataclass(frozen=True)
class Symbol:
    """One legend entry: the renderer's key for the symbol and the label the legend prints."""

    key: str
    label: str


def symbols(m: TerrainMap, style: RenderStyle) -> list[Symbol]:
    """The symbols the renderer draws for this map and style, in legend order."""
    from .render import _COAST_FEATURES, _MAJOR_WATER, _PLACE_KINDS, _RAILS, _RIVERS, _ROADS, legend_lines

    styled = legend_lines(m)  # a legend's own lines, drawn in their colour (render.py line notes 1)
    eff = m.effective_hexes()
    sides = m.effective_hexsides()
    grid = m.grid
    ids = {h: grid.id(h) for h in grid.hexes()}

    def terrain(hid: str) -> str | None:
        data = eff.get(hid)
        return data.terrain if data is not None else m.default_terrain

    def water(hid: str) -> bool:
        t = terrain(hid)
        tt = m.legend.get(t) if t else None
        return bool(tt and tt.water)

    keys: set[str] = set()
    used = {terrain(hid) for hid in ids.values()}
    for hid in ids.values():
        data = eff.get(hid)
        tt = m.legend.get(terrain(hid) or "")
        if data is None:
            continue
        v = data.values.get(style.water_fraction) if style.water_fraction else None
        if tt is not None and not tt.water and isinstance(v, int | float) and not isinstance(v, bool) and v > 0:
            keys.add("water_tint")
        if "ice" in data.tags:
            keys.add("ice")
        if "fortification" in data.tags:
            keys.add("fort_hex")
        kind = next((k for k in _PLACE_KINDS if k in data.tags), None)
        if kind is not None:
            keys.add("town" if kind == "village" else kind)
        if "port" in data.tags:
            keys.add("port")
        if data.name and style.labels:
            keys.add("name")
        keys.update(f"value:{k}" for k in style.values if k in data.values)
        keys.update(f"row:{tag}" for tag, _ in style.rows if tag in data.tags)
    if any(water(ids[a]) != water(ids[b]) for a, b in grid.hexsides()):
        keys.add("coast")
    for key, feats in sides.items():
        a, b = key.split("/")
        if feats & _COAST_FEATURES and not water(a) and not water(b):
            keys.add("water_side:major" if feats & _MAJOR_WATER else "water_side:minor")
        if "border" in feats:
            keys.add("border")
        river = next((k for k in _RIVERS if k in feats), None)
        if river is not None:
            keys.add(f"river:{river}")
        if "fortification" in feats or "fortified" in feats:
            keys.add("fort_side")
        road = next((f for f in _ROADS if f in feats), None)
        if road is not None:
            keys.add(f"road:{road}")
        if any(f in feats for f in _RAILS):
            keys.add("rail")
        keys.update(f"line:{f}" for f in feats if f in styled)
        if river is not None and any(f in feats for f in (*_ROADS, *_RAILS)):
            keys.add("bridge")
    if style.numbers:
        keys.add("hex_number")
    out = [Symbol(f"terrain:{name}", tt.title) for name, tt in m.legend.items() if name in used]
    order = ["water_tint", "ice", "coast", "water_side:major", "water_side:minor",
             *(f"river:{k}" for k in _RIVERS), "border", *(f"row:{t}" for t, _ in style.rows), "fort_hex",
             "fort_side", *(f"road:{k}" for k in _ROADS), "rail", *(f"line:{k}" for k in sorted(styled)), "bridge",
             "capital", "city", "supply_city", "town",
             "port", "name", *(f"value:{k}" for k in style.values), "hex_number"]
    rows = dict(style.rows)
    for key in order:
        if key in keys:
            out.append(Symbol(key, _label(key, rows)))
    return out


def _label(key: str, rows: dict[str, str]) -> str:
    kind, _, arg = key.partition(":")
    fixed = {"water_tint": "Land hex partly water (tinted)", "ice": "Ice", "coast": "Coast",
             "water_side:major": "Sea or major lake hexside", "water_side:minor": "Minor lake hexside",
             "border": "Border", "fort_hex": "Fortification hex", "fort_side": "Fortified hexside", "rail": "Railway",
             "bridge": "Bridge", "name": "Place name", "hex_number": "Hex number"}
    if key in fixed:
        return fixed[key]
    if kind == "river":
        return _RIVER_LABELS.get(arg, arg)
    if kind == "road":
        return _ROAD_LABELS.get(arg, arg)
    if kind == "row":
        return rows.get(arg, arg)
    if kind == "value":
        return _VALUE_LABELS.get(arg, arg.replace("_", " ").capitalize())
    if kind == "line":
        return arg.replace("_", " ").capitalize()
    return _PLACE_LABELS.get(key, key)


def scale_text(m: TerrainMap) -> str:
    """The map's scale from its georeference (``meta.georef``: the km of one hex step), or that it has none."""
    georef: Any = m.meta.get("georef") if isinstance(m.meta, dict) else None
    try:
        (a, _, _), (c, _, _) = georef["layout"]
        step = math.hypot(float(a), float(c))  # one step along the axial q axis, in the georef's units
        units = str(georef.get("units", ""))
    except (TypeError, KeyError, ValueError):
        return "Scale: not recorded in the map data"
    if units == "km":
        return f"Scale: one hex = {step:g} km ({step / 1.609344:.1f} mi) centre to centre"
    return f"Scale: one hex = {step:g} {units} centre to centre"


@dataclass(frozen=True)
class LegendPlan:
    """The legend laid out for a width (pixels at the board's own scale, hex size ``s``)."""

    s: float
    header: tuple[tuple[str, float, str], ...]  # (text, font size, weight) lines
    entries: tuple[Symbol, ...]
    columns: int
    cell: float
    row: float
    height: float
    sample_value: str


def plan_legend(m: TerrainMap, s: float, width: float, style: RenderStyle) -> LegendPlan:
    """Lay the legend out in ``width`` pixels for hexes of size ``s`` (centre to corner)."""
    entries = tuple(symbols(m, style))
    title_size, line_size, label_size = s * 0.45, s * 0.27, s * 0.3
    lines: list[tuple[str, float, str]] = [(m.title, title_size, "bold")]
    size = f"{len(m.ids())} hexes"
    lines.append((f"{scale_text(m)}. {size}.", line_size, "regular"))
    if m.provenance:
        face = fonts.font(line_size)
        for line in _wrap(f"Provenance: {m.provenance}", face, width):
            lines.append((line, line_size, "regular"))
    face = fonts.font(label_size)
    widest = max((face.getlength(e.label) for e in entries), default=0.0)
    cell = s * 0.9 + s * 0.25 + widest + s * 0.5
    columns = max(1, int(width // cell)) if entries else 1
    rows = math.ceil(len(entries) / columns)
    row = s * 0.95
    height = sum(size * 1.35 for _, size, _ in lines) + s * 0.3 + rows * row
    values = [str(d.values[k]) for d in m.effective_hexes().values() for k in style.values if k in d.values]
    sample = Counter(values).most_common(1)[0][0] if values else "5"
    return LegendPlan(s, tuple(lines), entries, columns, cell, row, height, sample)


def _wrap(text: str, face: Any, width: float) -> list[str]:
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and face.getlength(trial) > width:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    return out


def draw_legend(p: _Painter, plan: LegendPlan, x0: float, top: float) -> None:
    """Draw the planned legend with the painter (its canvas scale ``p.ss``) from ``(x0, top)``."""
    from .render import _dashed, _hex_points

    k = p.ss
    y = top
    for text, size, weight in plan.header:
        face = fonts.font(size * k, weight)  # type: ignore[arg-type]
        p.text((x0, y + size * k * 0.675), text, face, fill=p.style.frame, anchor="lm")
        y += size * 1.35 * k
    y += plan.s * 0.3 * k
    label_face = fonts.font(plan.s * 0.3 * k)
    box = plan.s * 0.9 * k
    r = box * 0.5
    land = _land_colour(p)
    water = p.water_rgb()
    flat = p.m.grid.numbering.offset.orientation == "flat"
    for i, entry in enumerate(plan.entries):
        cx = x0 + (i % plan.columns) * plan.cell * k + box / 2
        cy = y + (i // plan.columns) * plan.row * k + box / 2
        a, b = (cx - r, cy), (cx + r, cy)
        kind, _, arg = entry.key.partition(":")
        hexagon = _hex_points((cx, cy), r * 0.95, flat)
        if kind == "terrain":
            tt = p.m.legend[arg]
            colour = hex_to_rgb(tt.color)
            p.d.polygon(hexagon, fill=colour, outline=p.style.grid)
            if p.style.textures and tt.pattern:
                p.texture_at((cx, cy), r, tt.pattern, colour)
        elif kind == "water_tint":
            p.d.polygon(hexagon, fill=p.tinted(land, 0.5), outline=p.style.grid)
        elif kind == "ice":
            p.d.polygon(hexagon, fill=water, outline=p.style.grid)
            p.ice((cx, cy), r)
        elif kind == "coast":
            p.d.rectangle([cx - r, cy - r * 0.7, cx, cy + r * 0.7], fill=land)
            p.d.rectangle([cx, cy - r * 0.7, cx + r, cy + r * 0.7], fill=water)
            p.d.line([(cx, cy - r * 0.7), (cx, cy + r * 0.7)], fill=p.style.water_line, width=p.w(0.075))
        elif kind == "water_side":
            p.d.rectangle([cx - r, cy - r * 0.7, cx + r, cy + r * 0.7], fill=land)
            p.water_side(a, b, minor=arg == "minor")
        elif kind == "river":
            p.river(a, b, arg)
        elif kind == "border":
            _dashed(p.d, a, b, p.s * 0.22, p.s * 0.08, p.style.border, p.w(0.05), dot=True)
        elif kind == "row":
            p.d.polygon(hexagon, fill=land, outline=p.style.grid)
            p.row_outline(hexagon)
        elif kind == "fort_hex":
            p.d.polygon(hexagon, fill=land, outline=p.style.grid)
            p.fort_hex((cx, cy), r)
        elif kind == "fort_side":
            p.sawtooth((cx - r, cy + r * 0.2), (cx + r, cy + r * 0.2), toward=(cx, cy - r))
        elif kind == "road":
            p.road(a, b, arg)
        elif kind == "rail":
            p.rail(a, b)
        elif kind == "line":
            p.legend_line(a, b, arg)
        elif kind == "bridge":
            p.river((cx, cy - r), (cx, cy + r), "river")
            p.rail(a, b)
            p.bridge((cx, cy - r), (cx, cy + r))
        elif kind in ("capital", "city", "supply_city", "town", "port"):
            p.place(cx - (r * 0.5 if kind == "port" else 0), cy + (r * 0.3 if kind == "port" else 0), kind)
        elif kind == "name":
            p.label((cx, cy), "Name")
        elif kind == "value":
            p.value_text((cx, cy), plan.sample_value)
        elif kind == "hex_number":
            p.text((cx, cy), "0101", p.font(0.2), fill=p.style.number, anchor="mm")
        p.text((cx + box / 2 + plan.s * 0.25 * k, cy), entry.label, label_face, fill=p.style.frame, anchor="lm")


def _land_colour(p: _Painter) -> tuple[int, int, int]:
    """The colour of the map's commonest land terrain (the swatches' background)."""
    counts = Counter(p.terrain_of(h) for h in p.hexes)
    for name, _ in counts.most_common():
        tt = p.m.legend.get(name) if name else None
        if tt is not None and not tt.water:
            return hex_to_rgb(tt.color)
    return hex_to_rgb(p.style.paper)
