"""Extraction's outputs: the extracted map (:func:`to_terrain_map`) and the QA picture (:func:`draw_overlay`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from .. import fonts
from .colour import lab_to_rgb, rgb_to_hex

if TYPE_CHECKING:
    from .extract import Extraction
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
