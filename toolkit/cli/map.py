"""``wgt map``: look up, edit, draw and export a map's terrain data.

MAP is a path to a map file or a game slug (``winter-war`` = the bundled ``maps/winter-war.yaml``).
Edits rewrite the file atomically and touch only the lines they change.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import yaml

from ..data import resolve_map
from ..errors import InputError
from ..fileio import atomic_open, atomic_write
from .main import LazyGroup
from .options import (
    GEOJSON,
    LAYOUT_YAML,
    PNG,
    SQRT3,
    echo_json,
    hex_px_option,
    is_terminal,
    json_opt,
    output_option,
    progress,
)

if TYPE_CHECKING:
    from ..terrain.model import TerrainMap

__all__ = ["map_group"]


@click.group(name="map", cls=LazyGroup, lazy={"calibrate": "map_scan:calibrate", "centre": "map_scan:centre",
                                              "extract": "map_scan:extract", "tiles": "map_scan:tiles",
                                              "edit": "map_edit:edit"})
def map_group() -> None:
    """Map terrain data: find, show, set, side, render, export, calibrate, centre, tiles, extract, edit."""


def _load(arg: str) -> tuple[TerrainMap, Path]:
    from ..terrain.io import load_map

    path = resolve_map(arg)
    return load_map(path), path


def _not_the_map(output: str, map_path: Path) -> None:
    """Refuse an output file that is the map file itself (a slip that would replace the map's data)."""
    out = Path(output)
    if out.exists() and out.resolve() == map_path.resolve():
        raise InputError(f"output {output} is the map file itself: give another file name")


#: the default board: hexes 48 px centre to corner, 83.1 px across the flats
DEFAULT_HEX_PX = 48.0 * SQRT3
MIN_HEX_PX = 7.0  # 4 px centre to corner: smaller hexes have no room for their number


def _centre_to_corner(hex_px: float) -> float:
    """The renderer's hex size (centre to corner) of hexes ``hex_px`` across the flats, checked (a one-line
    input error otherwise); rounded to 1e-9 px so that the old ``--hex-size S`` gives exactly S back."""
    if not hex_px >= MIN_HEX_PX:  # also NaN
        raise InputError(f"--hex-px {hex_px:g} is too small: hexes are at least {MIN_HEX_PX:g} px across the flats")
    return round(hex_px / SQRT3, 9)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def _shown(v: Any) -> str:
    """A value for a terminal line: control characters (a newline, an escape sequence) as ``\\xNN``."""
    return _CONTROL.sub(lambda c: f"\\x{ord(c.group()):02x}", str(v))


def _echo_hex(d: dict[str, Any]) -> None:
    """A hex as JSON (a NaN or infinite value becomes null: JSON has no such numbers)."""
    from ..terrain.geojson import json_safe

    echo_json({**d, "values": {k: json_safe(v) for k, v in d["values"].items()}})


def _hex_json(m: TerrainMap, hid: str) -> dict[str, Any]:
    h = m.hex(hid)
    return {"hex": hid, "terrain": h.terrain, "tags": sorted(h.tags), "name": h.name,
            "values": dict(sorted(h.values.items())),
            "neighbours": m.neighbours(hid),
            "hexsides": {n: sorted(f) for n, f in m.sides_of(hid).items()},
            "overridden": hid in m.overrides["hexes"]}


@map_group.command("find")
@click.argument("map_arg", metavar="MAP")
@click.option("--terrain", help="Terrain name from the map's legend.")
@click.option("--tag", help="A hex tag (city, fortification, ...).")
@click.option("--name", help="A place name (case-insensitive).")
@click.option("--value", "values", multiple=True, metavar="K=V", help="A value to match (repeatable): country=finland.")
@json_opt
def find(map_arg: str, terrain: str | None, tag: str | None, name: str | None, values: tuple[str, ...],
         as_json: bool) -> None:
    """The hex ids that match every criterion given, in map order."""
    m, _ = _load(map_arg)
    if terrain is not None and terrain not in m.legend:
        raise InputError(f"unknown terrain {terrain!r} (legend: {', '.join(m.legend)})")
    crit = dict(_parse_kv(v) for v in values)
    ids = m.find(terrain=terrain, tag=tag, name=name, **crit)
    if as_json:
        echo_json(ids)
    else:
        for hid in ids:
            click.echo(hid)


@map_group.command("show")
@click.argument("map_arg", metavar="MAP")
@click.argument("hex_ref", metavar="HEX")
@json_opt
def show(map_arg: str, hex_ref: str, as_json: bool) -> None:
    """One hex (an id or a place name): terrain, tags, values, neighbours, hexside features."""
    m, _ = _load(map_arg)
    hid = m.resolve(hex_ref)
    d = _hex_json(m, hid)
    if as_json:
        _echo_hex(d)
        return
    title = f"{hid}  {d['terrain']}" + (f"  {_shown(d['name'])}" if d["name"] else "")
    click.echo(title + ("  (overridden)" if d["overridden"] else ""))
    if d["tags"]:
        click.echo(f"  tags: {', '.join(d['tags'])}")
    for k, v in d["values"].items():
        click.echo(f"  {k}: {_shown(v)}")
    click.echo(f"  neighbours: {' '.join(d['neighbours'])}")
    for n, feats in d["hexsides"].items():
        click.echo(f"  side {n}: {', '.join(feats)}")


@map_group.command("set")
@click.argument("map_arg", metavar="MAP")
@click.argument("hex_ref", metavar="HEX")
@click.option("--terrain", help="New terrain (a legend name).")
@click.option("--tag", "tags", multiple=True, metavar="+X/-X", help="Add (+city) or remove (-city) a tag; repeatable.")
@click.option("--set", "sets", multiple=True, metavar="K=V",
              help="Set a value (vp=5, country=finland, name=Viipuri); an empty V removes it; repeatable.")
@click.option("--new", "new", is_flag=True,
              help="The +TAG names may be new to this map (a tag on none of its hexes and no standard one - city, "
                   "town, port, ... - is refused as a misspelling without it).")
@json_opt
def set_cmd(map_arg: str, hex_ref: str, terrain: str | None, tags: tuple[str, ...], sets: tuple[str, ...],
            new: bool, as_json: bool) -> None:
    """Edit one hex in place (atomically; one line of the file changes).

    A new --terrain drops the extractor's confidence and second (they were about the terrain it read). A tag on
    none of the map's hexes and not a standard one (city, town, village, capital, port, fortification, ...) is
    refused, the file untouched, naming the map's tags nearest spelling first; --new adds it as a new tag."""
    from ..terrain.io import edit_map
    from ..terrain.names import STANDARD_TAGS, known_tags, unknown_name

    if terrain is None and not tags and not sets:
        raise InputError("nothing to change: give --terrain, --tag or --set")
    tag_ops = []
    for t in tags:
        if len(t) < 2 or t[0] not in "+-":
            raise InputError(f"--tag takes +TAG or -TAG, not {t!r}")
        tag_ops.append((t[0], t[1:]))
    kvs = [_parse_kv(s) for s in sets]
    path = resolve_map(map_arg)
    warnings: list[str] = []

    def change(m: TerrainMap) -> dict[str, Any]:
        hid = m.resolve(hex_ref)
        own = known_tags(m)
        for op, tag in tag_ops:
            if new and (op == "+" or ("+", tag) in tag_ops):
                continue
            why = unknown_name(tag, "tag", own, STANDARD_TAGS,
                               "nothing changed (--new adds a new tag)" if op == "+" else "nothing changed")
            if why:  # a misspelt tag (+ctiy, -prot): refused before any change
                raise InputError(f"{hid}: {why}")
        if terrain is not None:
            was = m.hex(hid).terrain if hid in m.effective_hexes() else None
            m.set_terrain(hid, terrain)
            if was is not None and was != terrain:  # "K4: suo confidence=0.528 second=forest" kept the
                for k in ("confidence", "second"):   # extractor's word on the lake it read
                    if k in m.hex(hid).values:
                        m.set_value(hid, k, None)
        had = m.tags(hid) if hid in m.effective_hexes() else frozenset()
        for op, tag in tag_ops:
            if op == "-" and tag not in had and ("+", tag) not in tag_ops:
                warnings.append(f"{hid} had no tag {tag!r} to remove (it has: {', '.join(sorted(had)) or 'none'})")
            (m.set_tag if op == "+" else m.remove_tag)(hid, tag)
        for k, v in kvs:
            m.set_value(hid, k, v)
        return _hex_json(m, hid)

    d = edit_map(path, change)
    if as_json:
        _echo_hex(d)
    else:
        click.echo(f"{d['hex']}: {d['terrain']}" + (f" [{', '.join(d['tags'])}]" if d["tags"] else "")
                   + (f" {_shown(d['name'])}" if d["name"] else "")
                   + "".join(f" {k}={_shown(v)}" for k, v in d["values"].items()))
    for w in warnings:
        click.echo(f"wgt: warning: {w}", err=True)


@map_group.command("side")
@click.argument("map_arg", metavar="MAP")
@click.argument("hex_a", metavar="HEX")
@click.argument("hex_b", metavar="[HEX]", required=False)
@click.option("--add", "adds", multiple=True, metavar="F", help="Add a feature (river, road, rail, ...); repeatable.")
@click.option("--remove", "removes", multiple=True, metavar="F", help="Remove a feature; repeatable.")
@click.option("--new", "new", is_flag=True,
              help="The --add names may be new to this map (a name it does not use, its legend did not read and "
                   "the board has no style for is refused as a misspelling without it).")
@json_opt
def side(map_arg: str, hex_a: str, hex_b: str | None, adds: tuple[str, ...], removes: tuple[str, ...], new: bool,
         as_json: bool) -> None:
    """Show or edit the hexside between two neighbouring hexes: two ids (0101 0102) or the side as the
    map file and the legend's examples write it (0101/0102).

    A feature name the map does not know (on none of its hexsides, not one of its legend's lines, not a standard
    name such as river, road, rail) is refused, the file untouched, naming the map's features nearest spelling
    first; --new adds it as a new feature."""
    from ..terrain.names import known_side_features, standard_side_features, unknown_name

    if hex_b is None:
        given = hex_a
        hex_a, sep, hex_b = given.partition("/")
        if not sep or not hex_a or not hex_b or "/" in hex_b:
            raise InputError(f"give the hexside as two hex ids (0101 0102) or as 0101/0102, not {given!r}")
    path = resolve_map(map_arg)

    warnings: list[str] = []

    def change(m: TerrainMap) -> tuple[str, list[str]]:
        a, b = m.resolve(hex_a), m.resolve(hex_b)
        key = m.side(a, b)
        own, standard = known_side_features(m), standard_side_features() if adds or removes else frozenset()
        for f, how in ([(f, "nothing changed (--new adds a new feature)") for f in adds if not new]
                       + [(f, "nothing changed") for f in removes if f not in adds]):
            why = unknown_name(f, "hexside feature", own, standard, how)
            if why:  # a misspelt name (--add rivr, --remove raod): refused before any change
                raise InputError(f"{key}: {why}")
        have = m.side_features(a, b)
        for f in adds:
            m.add_side_feature(a, b, f)
        for f in removes:
            if f not in have and f not in adds:
                warnings.append(f"{key} had no {f!r} to remove (it has: {', '.join(sorted(have)) or 'none'})")
            m.remove_side_feature(a, b, f)
        return key, sorted(m.side_features(a, b))

    if adds or removes:
        from ..terrain.io import edit_map

        key, feats = edit_map(path, change)
    else:
        from ..terrain.io import load_map

        key, feats = change(load_map(path))
    if as_json:
        echo_json({"hexside": key, "features": feats})
    else:
        click.echo(f"{key}: {', '.join(feats) if feats else '(none)'}")
    for w in warnings:
        click.echo(f"wgt: warning: {w}", err=True)


@map_group.command("render")
@click.argument("map_arg", metavar="MAP")
@output_option(kind=PNG, required=True, help="PNG file to write.")
@hex_px_option(None, f"Hex size in pixels across the flats (default {DEFAULT_HEX_PX:g}).", legacy_hex_size=True)
@click.option("--dpi", type=float, default=None,
              help="Print resolution; with --hex-inches sets the hex size (default 0.5 in across flats).")
@click.option("--hex-inches", type=float, default=0.5, show_default=True,
              help="Printed hex width across the flats, used with --dpi.")
@click.option("--no-numbers", is_flag=True, help="Leave out the hex numbers.")
@click.option("--no-labels", is_flag=True, help="Leave out place names.")
@click.option("--plain", is_flag=True, help="Colours only: no textures.")
@click.option("--no-frame", is_flag=True, help="No frame, title or legend.")
@output_option("--layout-out", kind=LAYOUT_YAML, help="Also write the layout used (YAML).")
@json_opt
def render(map_arg: str, output: str, hex_px: float | None, dpi: float | None, hex_inches: float,
           no_numbers: bool, no_labels: bool, plain: bool, no_frame: bool, layout_out: str | None,
           as_json: bool) -> None:
    """Draw the map as a board image (PNG), usable as a VASSAL board and to check the data by eye."""
    from ..terrain.render import DRAWN_FEATURES, RenderStyle, render_map, undrawn_features

    m, map_path = _load(map_arg)
    for target in (output, layout_out):
        if target:
            _not_the_map(target, map_path)
    if dpi is not None:
        if dpi <= 0 or hex_inches <= 0:
            raise InputError("--dpi and --hex-inches must be positive")
        if hex_px is not None:
            raise InputError("give --hex-px or --dpi, not both")
        hex_px = dpi * hex_inches
    size = DEFAULT_HEX_PX / SQRT3 if hex_px is None else _centre_to_corner(hex_px)
    across = size * SQRT3
    style = RenderStyle(numbers=not no_numbers, labels=not no_labels, textures=not plain, frame_on=not no_frame)
    if is_terminal():
        progress(f"drawing {len(m.grid)} hexes at {size:.1f} px ...")
    img, layout = render_map(m, size, style=style)
    out = Path(output)
    if out.suffix.lower() != ".png":
        raise InputError(f"render writes PNG: give an output ending in .png, not {output}")
    with atomic_open(out, "wb") as fh:
        kw: dict[str, Any] = {"dpi": (dpi, dpi)} if dpi else {}
        img.save(fh, format="PNG", optimize=False, **kw)
    info = {"output": str(out), "width": img.width, "height": img.height, "hex_size": round(size, 4),
            "hex_px": round(across, 4), "layout": [list(r) for r in layout.matrix]}
    if layout_out:
        atomic_write(layout_out, yaml.safe_dump({"layout": info["layout"], "hex_size": info["hex_size"],
                                                 "hex_px": info["hex_px"], "width": img.width, "height": img.height},
                                                sort_keys=False))
    missing = undrawn_features(m)
    if as_json:
        info["not_drawn"] = missing
        echo_json(info)
    else:
        click.echo(f"wrote {out} ({img.width} x {img.height} px, hexes {across:.2f} px across the flats)")
    if missing and not as_json:
        # a legend's own feature names (main_road, road_primary) were left off the board without a word
        shown = ", ".join(f"{f} ({n} side{'s' if n != 1 else ''})" for f, n in missing.items())
        click.echo(f"wgt: warning: not drawn, no style for these hexside features: {shown}; drawn are "
                   f"{', '.join(sorted(DRAWN_FEATURES))}", err=True)


@map_group.command("export")
@click.argument("map_arg", metavar="MAP")
@click.option("--format", "fmt", type=click.Choice(["geojson"]), default="geojson", show_default=True)
@output_option(kind=GEOJSON, required=True, help="File to write.")
@hex_px_option(None, "Use the layout of a board rendered with hexes this many pixels across the flats (default: "
                     "the map's calibration if it has one, else the default board).", legacy_hex_size=True)
@click.option("--georef", is_flag=True,
              help="Use the map's georeference (meta.georef.layout: axial hex -> projected x, y-south).")
@click.option("--no-flip", is_flag=True, help="Keep pixel y downward (default: negated, upright in a GIS).")
def export(map_arg: str, fmt: str, output: str, hex_px: float | None, georef: bool, no_flip: bool) -> None:
    """Export hex polygons with their data and hexside lines with their features."""
    from ..hexgrid import Layout
    from ..terrain.geojson import dumps_geojson
    from ..terrain.render import board_layout

    m, map_path = _load(map_arg)
    _not_the_map(output, map_path)
    if georef and hex_px is not None:
        raise InputError("give --hex-px or --georef, not both")
    layout = board_layout(m, _centre_to_corner(hex_px))[0] if hex_px is not None else None
    if georef:
        matrix = (m.meta.get("georef") or {}).get("layout") if isinstance(m.meta.get("georef"), dict) else None
        if matrix is None:
            raise InputError("this map has no georeference (meta.georef.layout)")
        layout = Layout.from_matrix(matrix)
    text = dumps_geojson(m, layout, flip_y=not no_flip)
    atomic_write(output, text.encode("utf-8"))
    click.echo(f"wrote {output} ({len(m.grid)} hexes)")


_INT = re.compile(r"-?(0|[1-9][0-9]*)")
_FLOAT = re.compile(r"-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?")


def _parse_kv(text: str) -> tuple[str, Any]:
    """``K=V``: V is an integer, a finite decimal number, true/false, or else text ("0101" and "1e400"
    stay text); an empty V means remove."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise InputError(f"expected KEY=VALUE, not {text!r}")
    if raw == "":
        return key, None
    if _INT.fullmatch(raw):
        # the map reader refuses integers past 64 bits: saving one would write what wgt cannot read back
        if len(raw) > 20 or not -(2**63) <= int(raw) < 2**63:
            raise InputError(f"{key}: integer {raw[:20]}... does not fit in 64 bits" if len(raw) > 20
                             else f"{key}: integer {raw} does not fit in 64 bits")
        return key, int(raw)
    if _FLOAT.fullmatch(raw) and not re.fullmatch(r"-?0[0-9]+", raw) and math.isfinite(float(raw)):
        return key, float(raw)
    if raw in ("true", "false"):
        return key, raw == "true"
    return key, raw
