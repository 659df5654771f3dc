"""GeoJSON export of a map: hex polygons with their data, hexside lines with their features, and
road/rail connections hex centre to hex centre. Opens in QGIS and anything that reads GeoJSON.

Coordinates are pixels of a :class:`~toolkit.hexgrid.Layout`: by default the map's own image
calibration when it has one (so the polygons sit on the scan; where its grid has a warp, a folded scan, every point
is moved where the print lies: :func:`toolkit.terrain.warp.to_print`), otherwise the layout of the default
rendered board (:func:`toolkit.terrain.render.board_layout`). Pixel y grows downward; with
``flip_y`` (the default) y is negated so the map appears upright in a GIS. Exterior rings are
counter-clockwise in the output coordinates (RFC 7946).
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..hexgrid import Hexside, Layout
from .model import TerrainMap
from .render import DEFAULT_HEX_SIZE, board_layout

__all__ = ["dumps_geojson", "json_safe", "to_geojson"]

_LINKS = ("road", "minor_road", "major_road", "highway", "track", "rail", "railroad", "railway")
_HEX_KEYS = frozenset({"kind", "id", "terrain", "tags", "name", "overridden"})


def _default_layout(m: TerrainMap) -> Layout:
    if m.grid.layout is not None:
        return m.grid.layout
    return board_layout(m, DEFAULT_HEX_SIZE)[0]


def _on_print(m: TerrainMap, lay: Layout) -> dict[tuple[float, float], tuple[float, float]]:
    """Every corner and centre point of the map's calibration ``lay`` -> where it lies on the scan as printed, when
    the grid has a warp (a folded scan: :func:`toolkit.terrain.warp.to_print`); empty without one."""
    warp = m.grid.warp
    if warp is None or not warp.nodes or lay != m.grid.layout:
        return {}
    import numpy as np

    from .warp import to_print

    pts: set[tuple[float, float]] = set()
    for h in m.grid.hexes():
        pts.update(lay.corners(h))
        pts.add(lay.hex_to_pixel(h))
    for key in m.effective_hexsides():
        a, b = key.split("/")
        pts.update(lay.hexside_endpoints(Hexside.between(m.grid.hex(a), m.grid.hex(b))))
    order = sorted(pts)
    xs, ys = to_print(m.grid, np.array([p[0] for p in order]), np.array([p[1] for p in order]))
    return {p: (float(x), float(y)) for p, x, y in zip(order, xs, ys)}


def to_geojson(m: TerrainMap, layout: Layout | None = None, *, flip_y: bool = True,
               precision: int = 3) -> dict[str, Any]:
    """The map as a GeoJSON FeatureCollection (a plain dict)."""
    lay = layout or _default_layout(m)
    sy = -1.0 if flip_y else 1.0
    moved = _on_print(m, lay) if layout is None else {}

    def pt(p: tuple[float, float]) -> list[float]:
        p = moved.get(p, p)
        return [round(p[0], precision), round(sy * p[1], precision) + 0.0]

    eff = m.effective_hexes()
    overridden = set(m.overrides["hexes"])
    features: list[dict[str, Any]] = []
    for h in m.grid.hexes():
        hid = m.grid.id(h)
        ring = [pt(p) for p in lay.corners(h)]
        if _signed_area(ring) < 0:
            ring.reverse()
        ring.append(ring[0])
        data = eff.get(hid)
        props: dict[str, Any] = {"kind": "hex", "id": hid,
                                 "terrain": data.terrain if data else m.default_terrain,
                                 "tags": ",".join(sorted(data.tags)) if data else "",
                                 "name": data.name if data else None,
                                 "overridden": hid in overridden}
        if data:
            for k, v in sorted(data.values.items()):
                props[f"v_{k}" if k in _HEX_KEYS else k] = json_safe(v)
        features.append({"type": "Feature", "id": hid, "properties": props,
                         "geometry": {"type": "Polygon", "coordinates": [ring]}})
    order = {hid: i for i, hid in enumerate(m.grid.ids())}
    sides = m.effective_hexsides()
    keys = sorted(sides, key=lambda k: (order[k.split("/")[0]], order[k.split("/")[1]]))
    for key in keys:
        a, b = key.split("/")
        ha, hb = m.grid.hex(a), m.grid.hex(b)
        p0, p1 = lay.hexside_endpoints(Hexside.between(ha, hb))
        feats = sorted(sides[key])
        features.append({"type": "Feature", "id": key,
                         "properties": {"kind": "hexside", "id": key, "hexes": f"{a},{b}",
                                        "features": ",".join(feats)},
                         "geometry": {"type": "LineString", "coordinates": [pt(p0), pt(p1)]}})
    for key in keys:
        links = [f for f in sorted(sides[key]) if f in _LINKS]
        if links:
            a, b = key.split("/")
            features.append({"type": "Feature", "id": f"{key}:link",
                             "properties": {"kind": "connection", "id": key, "hexes": f"{a},{b}",
                                            "features": ",".join(links)},
                             "geometry": {"type": "LineString",
                                          "coordinates": [pt(lay.hex_to_pixel(m.grid.hex(a))),
                                                          pt(lay.hex_to_pixel(m.grid.hex(b)))]}})
    return {"type": "FeatureCollection", "name": m.title,
            "properties": {"title": m.title, "provenance": m.provenance,
                           "layout": [list(r) for r in lay.matrix], "flip_y": flip_y,
                           **({"warp": m.grid.warp.to_dict()} if moved and m.grid.warp else {})},
            "features": features}


def dumps_geojson(m: TerrainMap, layout: Layout | None = None, *, flip_y: bool = True) -> str:
    """:func:`to_geojson` as compact text, one feature per line."""
    doc = to_geojson(m, layout, flip_y=flip_y)
    head = json.dumps({k: v for k, v in doc.items() if k != "features"}, ensure_ascii=False)[:-1]
    lines = [json.dumps(f, ensure_ascii=False, separators=(",", ":"), allow_nan=False) for f in doc["features"]]
    return head + ', "features": [\n' + ",\n".join(lines) + "\n]}\n"


def json_safe(v: Any) -> Any:
    """A hex value as standard JSON can hold it: a NaN or infinite number (YAML ``.nan``, ``.inf``)
    becomes null, since JSON has no such numbers (Python would write ``NaN``, which GIS readers refuse)."""
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, list):
        return [json_safe(x) for x in v]
    return v


def _signed_area(ring: list[list[float]]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1])) / 2
