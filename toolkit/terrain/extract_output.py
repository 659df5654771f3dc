"""Extraction's outputs: the extracted map (:func:`to_terrain_map`) and the QA picture (:func:`draw_overlay`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .colour import lab_to_rgb, rgb_to_hex
from .overlay import ID_EM as ID_EM
from .overlay import LABEL_EM as LABEL_EM
from .overlay import MAX_OVERLAY_SIDE as MAX_OVERLAY_SIDE
from .overlay import OVERLAY_HEX_PX as OVERLAY_HEX_PX
from .overlay import class_labs as _class_labs
from .overlay import draw_overlay as draw_overlay
from .overlay import overlay_scale as overlay_scale

if TYPE_CHECKING:
    from .extract import Extraction

# --- outputs ---------------------------------------------------------------------------------------

# how the provenance ``wgt map extract`` writes begins ("extracted from scan.png by wgt map extract"): a map's
# provenance that begins otherwise is the user's own text (or a hand-written map's), which re-extraction keeps
EXTRACTED_FROM = "extracted from"


def to_terrain_map(ext: Extraction, *, title: str = "", provenance: str = "", previous: Any = None) -> Any:
    """The extraction as a :class:`~toolkit.terrain.model.TerrainMap`: the dominant terrain of every
    hex (with ``confidence`` when below 0.95 and ``partial`` when the hex is cut by the image edge),
    the hexside features, the legend colours as measured on the scan, and ``meta.review`` naming the
    hexes to check. ``previous`` (the map being re-extracted) keeps its overrides, title, legend
    labels/patterns and other meta, and its provenance unless an extraction wrote it (it begins with
    :data:`EXTRACTED_FROM`: then ``provenance`` replaces it, naming the new scan): re-extraction never
    overwrites hand corrections."""
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
    meta["extraction"] = {f.name: {"tolerance": round(tol, 2), "threshold": round(thr, 4), **_line_style(f)}
                          for f in ext.legend.features for tol, thr in [ext.thresholds.get(f.name, (0.0, 0.0))]}
    if not meta["extraction"]:
        del meta["extraction"]
    overrides = getattr(previous, "overrides", None)
    return TerrainMap(title or getattr(previous, "title", "") or "extracted map",
                      _provenance(provenance, previous), ext.grid, legend, hexes,
                      {k: v for k, v in ext.hexsides.items()}, overrides, meta)


def _line_style(f: Any) -> dict[str, str]:
    """A line feature's colour (the legend's, as given or learned: ``#rrggbb``) and kind (``along``, ``across``) for
    the map's ``meta.extraction``: ``wgt map render`` draws a line its board style does not name (a legend's own
    ``chaussee``) in them (render.py line notes 1). Nothing for other kinds (coast, gap) or a line with no colour."""
    if f.kind not in ("along", "across") or f.lab is None:
        return {}
    return {"colour": rgb_to_hex(lab_to_rgb(f.lab)), "kind": f.kind}


def _provenance(new: str, previous: Any) -> str:
    """The map's provenance: the previous map's when it is the user's own text, else ``new`` (or the previous one
    written by an extraction, when ``new`` is empty)."""
    old = str(getattr(previous, "provenance", "") or "")
    if old and not old.startswith(EXTRACTED_FROM):
        return old
    return new or old
