"""Extraction's outputs: the extracted map (:func:`to_terrain_map`) and the QA picture (:func:`draw_overlay`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from .. import fonts
from ..hexgrid import Hexside
from .colour import lab_to_rgb, rgb_to_hex

if TYPE_CHECKING:
    from .extract import Extraction, HexResult
from .extract_raster import _hex_size

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


#: the QA picture is drawn with hexes at least this many pixels from centre to corner (hex ids legible at 100%),
#: scaling a small scan up and shrinking a big one no further than this
OVERLAY_HEX_PX = 48.0
#: the largest side of the QA picture when a small-hexed scan is scaled up to :data:`OVERLAY_HEX_PX`
MAX_OVERLAY_SIDE = 12_000
ID_EM = 0.36  # hex id font size, in hex sizes (centre to corner): digits ~0.23 of the hex high
LABEL_EM = 0.27  # class and confidence font size, in hex sizes


def overlay_scale(image_size: tuple[int, int], hex_size: float, max_side: int = 2400) -> float:
    """The scale of the QA picture: ``max_side`` on its longest side at most, unless that leaves hexes smaller
    than :data:`OVERLAY_HEX_PX`; then the scale giving hexes of that size (up to :data:`MAX_OVERLAY_SIDE`)."""
    longest = max(image_size)
    scale = min(1.0, max_side / longest)
    if hex_size * scale < OVERLAY_HEX_PX:
        scale = max(scale, min(OVERLAY_HEX_PX / hex_size, MAX_OVERLAY_SIDE / longest))
    return scale


def draw_overlay(image: Image.Image, ext: Extraction, max_side: int = 2400) -> Image.Image:
    """The QA picture: the scan (scaled by :func:`overlay_scale`), each hex's middle tinted with its extracted
    terrain (legend colour; a tint unlike the printed ring around it is a miss), and on every hex its id and its
    class with its confidence, at a size scaled to the hex (readable at 100%); hexside features drawn as thick
    lines (along, coast) or bars (across), hexes to review outlined in magenta with why in magenta (their
    dominant terrain and its share), hexes with nothing to classify crossed out, and a key of the colours in
    the top right corner."""
    assert ext.grid.layout is not None
    scale = overlay_scale(image.size, _hex_size(ext.grid.layout), max_side)
    base = image.convert("RGB")
    if scale != 1.0:
        base = base.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                           Image.Resampling.BILINEAR)
    lay = ext.grid.layout.scaled(scale)
    size = _hex_size(lay)
    over = Image.new("RGBA", base.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(over)
    colours = {n: tuple(int(c) for c in lab_to_rgb(lab)) for n, lab in _class_labs(ext).items()}
    ring = max(2, int(size * 0.08))
    for hid, r in ext.hexes.items():
        h = ext.grid.hex(hid)
        cx, cy = lay.hex_to_pixel(h)
        pts = [(cx + 0.6 * (x - cx), cy + 0.6 * (y - cy)) for x, y in lay.corners(h)]
        if r.terrain is not None:
            d.polygon(pts, fill=(*colours[r.terrain], 170), outline=(0, 0, 0, 200))
        if r.review:
            d.polygon(lay.corners(h), outline=(255, 0, 255, 255), width=ring)
    feat_rgb = {f.name: tuple(int(c) for c in lab_to_rgb(f.lab)) for f in ext.legend.features}
    fw = max(2, int(size * 0.12))
    for key, feats in ext.hexsides.items():
        a, b = key.split("/")
        ha, hb = ext.grid.hex(a), ext.grid.hex(b)
        for fname in feats:
            feat = next(f for f in ext.legend.features if f.name == fname)
            col = (*feat_rgb[fname], 255)
            if feat.kind in ("along", "coast"):
                d.line(lay.hexside_endpoints(Hexside.between(ha, hb)), fill=col, width=fw)
            else:
                pa, pb = lay.hex_to_pixel(ha), lay.hex_to_pixel(hb)
                m = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                d.line([(m[0] + 0.3 * (pa[0] - m[0]), m[1] + 0.3 * (pa[1] - m[1])),
                        (m[0] + 0.3 * (pb[0] - m[0]), m[1] + 0.3 * (pb[1] - m[1]))], fill=col, width=fw)
    id_font = fonts.font(max(11, ID_EM * size), "semibold")
    small = fonts.font(max(10, LABEL_EM * size))
    for hid, r in ext.hexes.items():
        h = ext.grid.hex(hid)
        cx, cy = lay.hex_to_pixel(h)
        if r.terrain is None:
            c = lay.corners(h)
            d.line([c[0], c[3]], fill=(255, 0, 255, 200), width=2)
        _label(d, (cx, cy - 0.45 * size), hid, id_font, (0, 0, 0, 255))
        if r.review:
            _label(d, (cx, cy + 0.45 * size), _review_text(r), small, (150, 0, 150, 255))
        elif r.terrain is not None:
            _label(d, (cx, cy + 0.45 * size), f"{r.terrain[:9]} {r.confidence:.0%}", small, (0, 0, 0, 255))
    _draw_key(d, base.size, ext, colours, feat_rgb)
    out = base.convert("RGBA")
    out.alpha_composite(over)
    return out.convert("RGB")


def _label(d: ImageDraw.ImageDraw, at: tuple[float, float], text: str, font: Any, fill: tuple[int, ...]) -> None:
    """``text`` centred on ``at`` over a white box."""
    box = d.textbbox(at, text, font=font, anchor="mm")
    d.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), fill=(255, 255, 255, 220))
    d.text(at, text, fill=fill, font=font, anchor="mm")


def _review_text(r: HexResult) -> str:
    """A review hex's second line: why it is listed, shortly."""
    near = r.review.split()[2] if r.review.startswith("near the ") else ""
    return (f"{(r.terrain or '')[:8]} {r.confidence:.0%}" if r.review.startswith("mixed") else
            f"{near[:8]} {r.fractions.get(near, 0.0):.0%}?" if near else
            f"{r.visible:.0%} on image" if "on the image" in r.review else f"{r.unknown:.0%} unknown")


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
