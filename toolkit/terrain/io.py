"""Map files (``maps/<slug>.yaml``): load with validation that names file, line and value; save with
a dedicated emitter so that a file we wrote loads and saves back byte-identical and editing one hex
changes one line.

The file, section by section (every section but ``title`` and ``grid`` may be left out)::

    schema: hexmap/1
    title: Winter War
    provenance: "our own approximation, drawn from ..."
    grid:
      numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: odd}
      extent: {columns: [1, 30], rows: [1, 20]}
      calibration: [[75.0, 0.0, 40.0], [43.3, 86.6, 30.0]]      # optional: axial hex -> image pixel
      warp: {block: 4, offsets: [{first: "1309", last: "1612", px: [-8.1, 0.6]}]}  # optional (docs/calibrate.md)
    default_terrain: clear                                       # optional: terrain of unlisted hexes
    legend:
      clear: {color: "#eae3c4", label: Clear}
      forest: {color: "#6d9a4f", label: Forest, pattern: trees}
      lake: {color: "#9cc3e6", pattern: water, water: true}
    meta:
      rows: {A: 5}                                               # anything the game wants, one key a line
    hexes:
      "0101": {terrain: forest, tags: [city], name: Viipuri, country: finland, vp: 5}
    hexsides:
      "0101/0102": [river, road]
    overrides:
      hexes:
        "0101": {terrain: clear}
      hexsides:
        "0101/0102": []

Hex ids are always quoted. On save, hexes and hexsides come in grid order (column by column), tags and
features sorted, hex keys in the order ``terrain, tags, name`` then the values sorted by key.
Overrides: see :mod:`toolkit.terrain.model`.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import os
import re
import stat
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not on Windows: edits there rely on the compare-and-swap alone
    fcntl = None  # type: ignore[assignment]

import yaml

from .. import yamlfile as yf
from ..errors import DataFileError, GridError, ToolkitError
from ..fileio import atomic_write, decode_text, read_bytes
from ..hexgrid import Grid
from .cache import MAX_BYTES, load_map
from .model import RESERVED_KEYS, HexData, TerrainMap, TerrainType, fold_name

__all__ = ["DATA_DIGEST", "SCHEMA", "MapChangedError", "MapEdit", "check_grid", "data_digest", "data_entries",
           "digest", "dumps_map", "edit_map", "edit_map_file", "load_map", "loads_map", "save_map"]

SCHEMA = "hexmap/1"
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SECTIONS = ("schema", "title", "provenance", "grid", "default_terrain", "legend", "meta", "hexes",
             "hexsides", "overrides")
_LEGEND_KEYS = ("color", "label", "pattern", "water")
_PATTERNS = frozenset({"", "trees", "swamp", "mountain", "hills", "dots", "water"})
_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_E = yaml.events
_SCALAR_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("null", "bool", "int", "float", "str", "timestamp"))
MAX_DEPTH = 32
#: Winter War's map is 25,000 nodes; a map read through YAML may have 12 times that (~86 MB of node
#: tree). Files in the form dumps_map writes are read line by line, without this limit.
MAP_LIMITS = yf.Limits(max_depth=MAX_DEPTH, max_nodes=300_000)
_WORD = re.compile(r"[^\W\d][\w\-]*")


# ================================================================================================
# loading
# ================================================================================================


#: the largest calibration number (pixels): a hex or an offset of a million pixels is no scan
MAX_CALIBRATION = 1e6


def check_grid(grid: Grid) -> Grid:
    """``grid`` if its calibration (when it has one) is finite and within :data:`MAX_CALIBRATION` pixels,
    else a :class:`GridError` (pixel arithmetic past that overflows later, far from the file)."""
    lay = grid.layout
    if lay is not None:
        values = [v for row in lay.matrix for v in row]
        if not all(math.isfinite(v) and abs(v) <= MAX_CALIBRATION for v in values):
            raise GridError(f"calibration numbers must be finite and at most {MAX_CALIBRATION:g} pixels")
    return grid


def loads_map(text: str, source: str = "<string>") -> TerrainMap:
    """Parse and validate a map from text (``source`` names it in errors).

    A file in the exact form :func:`dumps_map` writes is read by a fast line parser; anything else
    (comments, other spacing, escapes, any error) goes through the YAML reader, which gives the same
    model or the line-numbered error.
    """
    m = _fast_read(text, source)
    return m if m is not None else _Reader(source).read(text)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.constructor = yaml.constructor.SafeConstructor()
        self._nodes: dict[str, yaml.Node] = {}
        self._ids: tuple[Grid, frozenset[str]] | None = None
        #: per entry section ("hexes", "hexsides", "ov_hexes", "ov_hexsides"): where each entry sits
        self.spans: dict[str, _Section] = {}

    def fail(self, node: yaml.Node | None, message: str) -> DataFileError:
        line = node.start_mark.line + 1 if node is not None else None
        return DataFileError(message, self.source, line)

    # --- generic node helpers ------------------------------------------------------------------

    def scalar(self, node: yaml.Node) -> Any:
        """A checked scalar (explicit tags, ranges, dates: :func:`toolkit.yamlfile.scalar`)."""
        return yf.scalar(node, self.source)

    def plain(self, node: yaml.Node) -> Any:
        """Scalars, lists and mappings of them, checked (:func:`toolkit.yamlfile.to_data`)."""
        return yf.to_data(node, self.source)

    def mapping(self, node: yaml.Node, what: str = "this") -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} must be a mapping (key: value)")
        self.tagged(node)
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for knode, vnode in node.value:
            key = yf.key_text(knode, self.source)
            if key in out:
                first = out[key][0].start_mark.line + 1
                raise self.fail(knode, f"duplicate key {key!r} (first at line {first})")
            out[key] = (knode, vnode)
        return out

    def tagged(self, node: yaml.Node) -> None:
        """A list or mapping must carry no tag but its own (``!!set``, ``!!omap``, ``!custom`` are refused)."""
        if node.tag != (_MAP if isinstance(node, yaml.MappingNode) else _SEQ):
            kind = "a mapping" if isinstance(node, yaml.MappingNode) else "a list"
            raise self.fail(node, f"unsupported tag {yf._tag_name(node.tag)} on {kind}")

    def text(self, node: yaml.Node, what: str) -> str:
        v = self.scalar(node)
        if not isinstance(v, str):
            raise self.fail(node, f"{what} must be text, not {node.value!r}")
        return v

    def words(self, node: yaml.Node, what: str) -> frozenset[str]:
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return frozenset()
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, f"{what} must be a list like [a, b]")
        self.tagged(node)
        out = []
        for n in node.value:
            w = self.scalar(n)
            if not isinstance(w, str) or not _WORD.fullmatch(w):
                raise self.fail(n, f"{what}: {n.value!r} is not a word (letters, digits, _ or -)")
            out.append(w)
        return frozenset(out)

    def value(self, node: yaml.Node) -> Any:
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if isinstance(node, yaml.SequenceNode):
            self.tagged(node)
            return [self.scalar(n) for n in node.value]
        raise self.fail(node, "a hex value must be text, a number, true/false or a list of them")

    # --- the document --------------------------------------------------------------------------

    def read(self, text: str) -> TerrainMap:
        root = yf.compose(text, self.source, "map file", MAP_LIMITS)
        if root is None:
            raise DataFileError("empty map file", self.source)
        top = self.mapping(root, "a map file")
        for key, (knode, _) in top.items():
            if key not in _SECTIONS:
                raise self.fail(knode, f"unknown section {key!r} (known: {', '.join(_SECTIONS)})")
        if "schema" in top:
            schema = self.scalar(top["schema"][1])
            if schema != SCHEMA:
                raise self.fail(top["schema"][1], f"unsupported schema {schema!r} (this toolkit reads {SCHEMA})")
        if "title" not in top:
            raise self.fail(root, "a map file needs a title")
        if "grid" not in top:
            raise self.fail(root, "a map file needs a grid section")
        title = self.text(top["title"][1], "title")
        provenance = self.text(top["provenance"][1], "provenance") if "provenance" in top else ""
        gnode = top["grid"][1]
        try:
            grid = check_grid(Grid.from_dict(self.plain(gnode)))
        except DataFileError:  # the loader's own error already names the file and line
            raise
        except (GridError, ValueError, TypeError) as exc:
            raise self.fail(gnode, f"bad grid: {exc}") from None
        legend = self.legend(top["legend"][1]) if "legend" in top else {}
        default = None
        if "default_terrain" in top:
            dnode = top["default_terrain"][1]
            default = self.text(dnode, "default_terrain")
            if default not in legend:
                raise self.fail(dnode, f"unknown terrain {default!r} (legend: {', '.join(legend)})")
        meta = self.plain(top["meta"][1]) if "meta" in top else {}
        if not isinstance(meta, dict):
            raise self.fail(top["meta"][1], "meta must be a mapping")
        hexes = self.hexes(top["hexes"][1], grid, legend, partial=False, section="hexes") if "hexes" in top else {}
        sides = self.sides(top["hexsides"][1], grid, section="hexsides") if "hexsides" in top else {}
        ov_hexes: dict[str, Any] = {}
        ov_sides: dict[str, frozenset[str]] = {}
        if "overrides" in top:
            onode = top["overrides"][1]
            if not (isinstance(onode, yaml.ScalarNode) and onode.tag == "tag:yaml.org,2002:null"):
                ov = self.mapping(onode, "overrides")
                for key, (knode, _) in ov.items():
                    if key not in ("hexes", "hexsides"):
                        raise self.fail(knode, f"overrides has sections hexes and hexsides only, not {key!r}")
                if "hexes" in ov:
                    ov_hexes = self.hexes(ov["hexes"][1], grid, legend, partial=True, section="ov_hexes")
                if "hexsides" in ov:
                    ov_sides = self.sides(ov["hexsides"][1], grid, keep_empty=True, section="ov_hexsides")
        for hid, ovh in ov_hexes.items():
            if "terrain" not in ovh and hid not in hexes and default is None:
                raise self.fail(self._nodes[hid], f"override of hex {hid} needs a terrain "
                                                  "(the hex is not listed under hexes:)")
        m = TerrainMap(title, provenance, grid, legend, hexes, sides, {"hexes": ov_hexes, "hexsides": ov_sides},
                       meta, default_terrain=default)
        self.check_names(m)
        return m

    def legend(self, node: yaml.Node) -> dict[str, TerrainType]:
        out = {}
        for name, (knode, vnode) in self.mapping(node, "legend").items():
            fields = self.mapping(vnode, f"legend entry {name!r}")
            for k, (fk, _) in fields.items():
                if k not in _LEGEND_KEYS:
                    raise self.fail(fk, f"legend entry {name!r}: unknown key {k!r} (known: {', '.join(_LEGEND_KEYS)})")
            if "color" not in fields:
                raise self.fail(knode, f"legend entry {name!r} needs a color")
            pattern = self.text(fields["pattern"][1], "pattern") if "pattern" in fields else ""
            if pattern not in _PATTERNS:
                raise self.fail(fields["pattern"][1], f"unknown pattern {pattern!r} "
                                                      f"(known: {', '.join(sorted(_PATTERNS - {''}))})")
            water = self.scalar(fields["water"][1]) if "water" in fields else False
            if not isinstance(water, bool):
                raise self.fail(fields["water"][1], f"water must be true or false, not {water!r}")
            try:
                out[name] = TerrainType(name, self.text(fields["color"][1], "color"),
                                        self.text(fields["label"][1], "label") if "label" in fields else "",
                                        pattern, water)
            except DataFileError as exc:
                raise self.fail(knode, exc.message) from None
        return out

    def hex_id(self, knode: yaml.Node, key: str, grid: Grid) -> str:
        ids = self._ids
        if ids is None or ids[0] is not grid:
            ids = self._ids = (grid, frozenset(grid.ids()))
        if key in ids[1]:
            return key
        try:
            return grid.canonical_id(key)
        except (GridError, ToolkitError) as exc:
            raise self.fail(knode, str(exc)) from None

    def hexes(self, node: yaml.Node, grid: Grid, legend: Mapping[str, TerrainType], partial: bool,
              section: str) -> dict[str, Any]:
        """``hexes:`` (-> HexData) or ``overrides: hexes:`` (-> partial dicts, partial=True)."""
        span = self.spans[section] = _Section(node)
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return {}
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, "hexes must be a mapping of quoted hex ids")
        self.tagged(node)
        out: dict[str, Any] = {}
        nodes = self._nodes
        lines: dict[str, int] = {}
        fail = self.fail
        for knode, vnode in node.value:
            if not (isinstance(knode, yaml.ScalarNode) and knode.tag == _STR):
                raise fail(knode, f"hex id {knode.value!r} must be quoted (\"{knode.value}\")")
            hid = self.hex_id(knode, knode.value, grid)
            if hid in lines:
                raise fail(knode, f"duplicate hex {hid!r} (first at line {lines[hid]})")
            lines[hid] = knode.start_mark.line + 1
            if not isinstance(vnode, yaml.MappingNode):
                raise fail(vnode, f"hex {hid}: expected {{terrain: ...}}")
            self.tagged(vnode)
            terrain = None
            tags: frozenset[str] | None = None
            name: Any = ...
            values: dict[str, Any] = {}
            seen: set[str] = set()
            for fk, fv in vnode.value:
                if not isinstance(fk, yaml.ScalarNode) or fk.tag != _STR or not _WORD.fullmatch(fk.value):
                    shown = fk.value if isinstance(fk, yaml.ScalarNode) else "a list or mapping"
                    raise fail(fk, f"hex {hid}: key {shown!r} must be a word")
                key = fk.value
                if key in seen:
                    raise fail(fk, f"hex {hid}: duplicate key {key!r}")
                seen.add(key)
                if key == "terrain":
                    if fv.tag != _STR or not isinstance(fv, yaml.ScalarNode):
                        raise fail(fv, f"hex {hid}: terrain must be a legend name, not {getattr(fv, 'value', fv)!r}")
                    terrain = fv.value
                    if terrain not in legend:
                        raise fail(fv, f"hex {hid}: unknown terrain {terrain!r} (legend: {', '.join(legend)})")
                elif key == "tags":
                    tags = self.words(fv, f"hex {hid} tags")
                elif key == "name":
                    name = self.scalar(fv)
                    if name is not None and not isinstance(name, str):
                        raise fail(fv, f"hex {hid}: name must be text, not {fv.value!r} (quote it)")
                    if name == "":
                        name = None
                else:
                    values[key] = self.value(fv)
                    if values[key] is None and not partial:
                        raise fail(fv, f"hex {hid}: value {key!r} is empty (leave the key out)")
            nodes[hid] = knode
            span.add(hid, knode, vnode)
            if partial:
                d = _override_entry(terrain, tags, name, values)
                if not d:
                    raise fail(vnode, f"override of hex {hid} changes nothing")
                out[hid] = d
            else:
                if terrain is None:
                    raise fail(vnode, f"hex {hid} has no terrain")
                out[hid] = HexData(terrain, tags or frozenset(), None if name is ... else name, values)
        return out

    def sides(self, node: yaml.Node, grid: Grid, section: str, keep_empty: bool = False) -> dict[str, frozenset[str]]:
        span = self.spans[section] = _Section(node)
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return {}
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, "hexsides must be a mapping of quoted \"0101/0102\" keys")
        self.tagged(node)
        out: dict[str, frozenset[str]] = {}
        lines: dict[str, int] = {}
        for knode, vnode in node.value:
            raw = knode.value
            if not (isinstance(knode, yaml.ScalarNode) and knode.tag == _STR) or raw.count("/") != 1:
                raise self.fail(knode, f"hexside key {raw!r} must be a quoted pair of hex ids like \"0101/0102\"")
            a, b = raw.split("/")
            a, b = self.hex_id(knode, a.strip(), grid), self.hex_id(knode, b.strip(), grid)
            if grid.hex(a).distance(grid.hex(b)) != 1:
                raise self.fail(knode, f"hexside {raw!r}: hexes {a} and {b} are not neighbours")
            key = f"{a}/{b}" if a < b else f"{b}/{a}"
            if key in lines:
                raise self.fail(knode, f"duplicate hexside {key!r} (first at line {lines[key]})")
            lines[key] = knode.start_mark.line + 1
            span.add(key, knode, vnode)
            feats = self.words(vnode, f"hexside {key}")
            if feats or keep_empty:
                out[key] = feats
        return out

    def check_names(self, m: TerrainMap) -> None:
        seen: dict[str, str] = {}
        nodes = self._nodes
        for hid, h in m.effective_hexes().items():
            if h.name:
                f = fold_name(h.name)
                if f in seen:
                    raise self.fail(nodes.get(hid), f"hex {hid}: duplicate place name {h.name!r} "
                                                    f"(also hex {seen[f]})")
                seen[f] = hid


class _Section:
    """Where the entries of one hexes/hexsides section sit in the text (0-based lines)."""

    def __init__(self, node: yaml.Node) -> None:
        self.block = isinstance(node, yaml.MappingNode) and not node.flow_style
        #: key -> (first line, last line, key column, value end column)
        self.entries: dict[str, tuple[int, int, int, int]] = {}

    def add(self, key: str, knode: yaml.Node, vnode: yaml.Node) -> None:
        if isinstance(vnode, yaml.CollectionNode) and not vnode.flow_style:
            self.block = False  # a block-style value ends where the next entry starts: not one line
        self.entries[key] = (knode.start_mark.line, vnode.end_mark.line, knode.start_mark.column,
                             vnode.end_mark.column)


# ================================================================================================
# the fast path: files in the exact form dumps_map writes
# ================================================================================================


class _Fallback(Exception):
    """The text is not in the canonical form: read it with the YAML reader."""


# anything YAML would read differently from a plain split on "\n" (other line breaks, tabs, a BOM,
# characters YAML refuses): leave it to the YAML reader
_ODD_CLASS = "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
_odd_rx: list[re.Pattern[str]] = []  # compiled on first use: ~4 ms, and a cached map never needs it


def _odd() -> re.Pattern[str]:
    if not _odd_rx:
        _odd_rx.append(re.compile(_ODD_CLASS))
    return _odd_rx[0]
_HEX_LINE = {2: re.compile(r'  "([^"\\]+)": \{(.*)\}'), 4: re.compile(r'    "([^"\\]+)": \{(.*)\}')}
_SIDE_LINE = {2: re.compile(r'  "([^"\\/]+)/([^"\\/]+)": \[([^\[\]{}"]*)\]'),
              4: re.compile(r'    "([^"\\/]+)/([^"\\/]+)": \[([^\[\]{}"]*)\]')}
_ITEM = re.compile(r'([^\W\d][\w\-]*): ("[^"\\]*"|\[[^\[\]{}"]*\]|[^,\[\]{}"]+)(?:, |$)')
_F_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_F_FLOAT = re.compile(r"-?[0-9]+\.[0-9]+(?:e[-+][0-9]+)?")
_LITERALS: dict[str, Any] = {"true": True, "false": False, "null": None}


def _f_scalar(tok: str, cache: dict[str, bool]) -> Any:
    if tok[0] == '"':
        return tok[1:-1]
    if tok in _LITERALS:
        return _LITERALS[tok]
    if _F_INT.fullmatch(tok):
        return int(tok)
    if _F_FLOAT.fullmatch(tok):
        return float(tok)
    ok = cache.get(tok)
    if ok is None:
        ok = cache[tok] = bool(_PLAIN.fullmatch(tok)) and not tok.endswith(" ") and "  " not in tok \
            and _resolves_to_str(tok)
    if not ok:
        raise _Fallback
    return tok


def _f_value(tok: str, cache: dict[str, bool]) -> Any:
    if tok[0] == "[":
        inner = tok[1:-1]
        return [_f_scalar(x, cache) for x in inner.split(", ")] if inner else []
    return _f_scalar(tok, cache)


def _f_words(tok: str, cache: dict[str, bool]) -> frozenset[str]:
    if tok[0] != "[":
        raise _Fallback
    words = _f_value(tok, cache)
    if not all(isinstance(w, str) and _WORD.fullmatch(w) for w in words):
        raise _Fallback
    return frozenset(words)


def _f_hex(body: str, legend: Mapping[str, TerrainType], partial: bool, cache: dict[str, bool]) -> Any:
    pos, end = 0, len(body)
    fields: dict[str, str] = {}
    while pos < end:
        it = _ITEM.match(body, pos)
        if it is None:
            raise _Fallback
        key = it.group(1)
        if key in fields:
            raise _Fallback
        fields[key] = it.group(2)
        pos = it.end()
        if pos < end and body[pos - 2:pos] != ", ":
            raise _Fallback
    if body.endswith(", ") or not fields:
        raise _Fallback
    terrain = fields.pop("terrain", None)
    if terrain is not None:
        terrain = _f_scalar(terrain, cache)
        if not isinstance(terrain, str) or terrain not in legend:
            raise _Fallback
    tags = _f_words(fields.pop("tags"), cache) if "tags" in fields else None
    has_name = "name" in fields
    name = _f_scalar(fields.pop("name"), cache) if has_name else None
    if name is not None and not isinstance(name, str):
        raise _Fallback
    values = {}
    for k, tok in fields.items():
        ok = cache.get(k)
        if ok is None:
            ok = cache[k] = _resolves_to_str(k)
        if not ok:
            raise _Fallback
        v = _f_value(tok, cache)
        if v is None and not partial:
            raise _Fallback
        values[k] = v
    if partial:
        return _override_entry(terrain, tags, (name or None) if has_name else ..., values)
    if terrain is None:
        raise _Fallback
    return HexData(terrain, tags or frozenset(), name or None, values)


def _override_entry(terrain: str | None, tags: frozenset[str] | None, name: Any,
                    values: dict[str, Any]) -> dict[str, Any]:
    """An override hex entry from the fields it gives (``name`` is ``...`` when not given)."""
    d: dict[str, Any] = {}
    if terrain is not None:
        d["terrain"] = terrain
    if tags is not None:
        d["tags"] = tags
    if name is not ...:
        d["name"] = name
    d.update(values)
    return d


def _fast_read(text: str, source: str) -> TerrainMap | None:
    """The map, if ``text`` is exactly in the form :func:`dumps_map` writes and valid; else None."""
    if not text.endswith("\n") or _odd().search(text):
        return None
    lines = text.split("\n")
    lines.pop()
    try:
        i = next(n for n, ln in enumerate(lines) if ln in ("hexes:", "hexes: {}"))
    except StopIteration:
        return None
    try:
        head = _Reader(source).read("\n".join(lines[:i]) + "\n")
    except DataFileError:
        return None
    grid, legend = head.grid, head.legend
    ids = head.canonical_ids()
    cache: dict[str, bool] = {}
    pos = i
    n = len(lines)

    def section(header: str, indent: int) -> tuple[int, int]:
        nonlocal pos
        if pos < n and lines[pos] == " " * (indent - 2) + header + " {}":
            pos += 1
            return pos, pos
        if pos >= n or lines[pos] != " " * (indent - 2) + header:
            raise _Fallback
        start = pos = pos + 1
        prefix = " " * indent + '"'
        while pos < n and lines[pos].startswith(prefix):
            pos += 1
        if pos == start:
            raise _Fallback
        return start, pos

    def hexes(span: tuple[int, int], indent: int, partial: bool) -> dict[str, Any]:
        out: dict[str, Any] = {}
        rx = _HEX_LINE[indent]
        for ln in lines[span[0]:span[1]]:
            mt = rx.fullmatch(ln)
            if mt is None:
                raise _Fallback
            hid = mt.group(1)
            if hid in out or hid not in ids:
                raise _Fallback
            out[hid] = _f_hex(mt.group(2), legend, partial, cache)
        return out

    def sides(span: tuple[int, int], indent: int, keep_empty: bool) -> dict[str, frozenset[str]]:
        out: dict[str, frozenset[str]] = {}
        seen: set[str] = set()
        rx = _SIDE_LINE[indent]
        for ln in lines[span[0]:span[1]]:
            mt = rx.fullmatch(ln)
            if mt is None:
                raise _Fallback
            a, b, inner = mt.groups()
            key = f"{a}/{b}"
            if key in seen or not a < b or a not in ids or b not in ids or grid.hex(a).distance(grid.hex(b)) != 1:
                raise _Fallback
            seen.add(key)
            feats = _f_words(f"[{inner}]", cache)
            if feats or keep_empty:
                out[key] = feats
        return out

    try:
        base = hexes(section("hexes:", 2), 2, False)
        base_sides = sides(section("hexsides:", 2), 2, False)
        if pos >= n or lines[pos] != "overrides:":
            raise _Fallback
        pos += 1
        ov_hexes = hexes(section("hexes:", 4), 4, True)
        ov_sides = sides(section("hexsides:", 4), 4, True)
        if pos != n:
            raise _Fallback
        for hid, ov in ov_hexes.items():
            if "terrain" not in ov and hid not in base and head.default_terrain is None:
                raise _Fallback
    except _Fallback:
        return None
    m = TerrainMap(head.title, head.provenance, grid, legend, base, base_sides,
                   {"hexes": ov_hexes, "hexsides": ov_sides}, head.meta, default_terrain=head.default_terrain)
    names: set[str] = set()
    for h in m.effective_hexes().values():
        if h.name:
            f = fold_name(h.name)
            if f in names:
                return None
            names.add(f)
    return m


# ================================================================================================
# saving
# ================================================================================================

_PLAIN = re.compile(r"[^\W\d][\w\-.' ]*")
# characters a YAML reader refuses or reads as line breaks, written as escapes inside double quotes
_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")


def _resolves_to_str(s: str) -> bool:
    return bool(_Loader.resolve(_Loader, yaml.ScalarNode, s, (True, False)) == _STR)


def q(s: str) -> str:
    """A string as YAML that reads back as exactly that string (plain when safe, else double-quoted)."""
    if _PLAIN.fullmatch(s) and not s.endswith(" ") and "  " not in s and _resolves_to_str(s):
        return s
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(s, ensure_ascii=False))


def _num(v: float) -> str:
    if math.isnan(v):
        return ".nan"
    if math.isinf(v):
        return ".inf" if v > 0 else "-.inf"
    r = repr(v)
    if "e" in r:
        mant, exp = r.split("e")
        if "." not in mant:
            mant += ".0"
        if exp[0] not in "+-":
            exp = "+" + exp
        r = f"{mant}e{exp}"
    elif "." not in r:
        r += ".0"
    return r


def flow(v: Any) -> str:
    """A value in YAML flow style on one line."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return _num(v)
    if isinstance(v, str):
        return q(v)
    if isinstance(v, list | tuple | frozenset | set):
        items = sorted(v) if isinstance(v, frozenset | set) else v
        return "[" + ", ".join(flow(x) for x in items) + "]"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{q(str(k))}: {flow(x)}" for k, x in v.items()) + "}"
    raise DataFileError(f"cannot write value {v!r} of type {type(v).__name__} to a map file")


def _hex_line(hid: str, fields: Mapping[str, Any]) -> str:
    return f'  "{hid}": {flow(fields)}'


def _hex_fields(h: HexData) -> dict[str, Any]:
    d: dict[str, Any] = {"terrain": h.terrain}
    if h.tags:
        d["tags"] = sorted(h.tags)
    if h.name:
        d["name"] = h.name
    for k in sorted(h.values):
        d[k] = h.values[k]
    return d


def _override_fields(ov: Mapping[str, Any]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for k in ("terrain", "tags", "name"):
        if k in ov:
            d[k] = sorted(ov[k] or ()) if k == "tags" else ov[k]
    for k in sorted(set(ov) - RESERVED_KEYS):
        d[k] = ov[k]
    return d


def _orders(m: TerrainMap) -> tuple[Callable[[str], Any], Callable[[str], Any]]:
    order = {hid: i for i, hid in enumerate(m.grid.ids())}
    big = len(order)

    def hex_order(hid: str) -> tuple[int, str]:
        return (order.get(hid, big), hid)

    def side_order(key: str) -> tuple[int, int, str]:
        a, _, b = key.partition("/")
        return (order.get(a, big), order.get(b, big), key)

    return hex_order, side_order


def _header(m: TerrainMap) -> list[str]:
    out: list[str] = [f"schema: {SCHEMA}", f"title: {q(m.title)}"]
    if m.provenance:
        out.append(f"provenance: {q(m.provenance)}")
    out.append("grid:")
    for k, v in m.grid.to_dict().items():
        out.append(f"  {k}: {flow(v)}")
    if m.default_terrain is not None:
        out.append(f"default_terrain: {q(m.default_terrain)}")
    out.append("legend:" if m.legend else "legend: {}")
    for name, t in m.legend.items():
        d: dict[str, Any] = {"color": t.color}
        if t.label:
            d["label"] = t.label
        if t.pattern:
            d["pattern"] = t.pattern
        if t.water:
            d["water"] = True
        out.append(f"  {q(name)}: {flow(d)}")
    if m.meta:
        out.append("meta:")
        for k, v in m.meta.items():
            out.append(f"  {q(str(k))}: {flow(v)}")
    return out


def data_entries(m: TerrainMap) -> dict[str, dict[str, str]]:
    """The ``hexes:`` and ``hexsides:`` entries as :func:`dumps_map` writes them: section -> key -> the entry's
    text after the key (``{terrain: forest}``, ``[river]``). A map read back from that text gives the same."""
    return {
        "hexes": {hid: flow(_hex_fields(h)) for hid, h in m.hexes.items()},
        "hexsides": {k: flow(sorted(v)) for k, v in m.hexsides.items() if v},
    }


def _entries(m: TerrainMap) -> dict[str, dict[str, str]]:
    """Section -> key -> the entry's text after the key (``{terrain: forest}``, ``[river]``)."""
    return {
        **data_entries(m),
        "ov_hexes": {hid: flow(_override_fields(ov)) for hid, ov in m.overrides["hexes"].items()},
        "ov_hexsides": {k: flow(sorted(v)) for k, v in m.overrides["hexsides"].items()},
    }


#: how :func:`data_digest` begins (``meta.extracted`` of a map written by ``wgt map extract``)
DATA_DIGEST = "entries-sha256:"


def data_digest(m: TerrainMap, entries: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """A digest of a map's ``hexes:`` and ``hexsides:`` entries, in the text :func:`dumps_map` writes for them
    (``entries``: :func:`data_entries`, when already made), taken in key order: the same for the map in memory
    and for the map read back from its file, however that file's text was laid out (comments, spacing), and
    different as soon as one hex's terrain, tags, name or value or one hexside's features differ."""
    e = entries if entries is not None else data_entries(m)
    rows = [f'"{k}": {v}' for k, v in sorted(e["hexes"].items())]
    rows.append("hexsides:")
    rows += [f'"{k}": {v}' for k, v in sorted(e["hexsides"].items())]
    return DATA_DIGEST + hashlib.sha256("\n".join(rows).encode("utf-8")).hexdigest()[:16]


def dumps_map(m: TerrainMap, *, digest_key: str | None = None) -> str:
    """The map file text (deterministic: same model, same bytes). With ``digest_key``, ``m.meta[digest_key]`` is
    set to :func:`data_digest` first, from the entries' text as written (made once, for both)."""
    hex_order, side_order = _orders(m)
    e = _entries(m)
    if digest_key is not None:
        m.meta[digest_key] = data_digest(m, e)
    out = _header(m)
    out.append("hexes:" if e["hexes"] else "hexes: {}")
    out.extend(f'  "{hid}": {e["hexes"][hid]}' for hid in sorted(e["hexes"], key=hex_order))
    out.append("hexsides:" if e["hexsides"] else "hexsides: {}")
    out.extend(f'  "{k}": {e["hexsides"][k]}' for k in sorted(e["hexsides"], key=side_order))
    out.append("overrides:")
    out.append("  hexes:" if e["ov_hexes"] else "  hexes: {}")
    out.extend(f'    "{hid}": {e["ov_hexes"][hid]}' for hid in sorted(e["ov_hexes"], key=hex_order))
    out.append("  hexsides:" if e["ov_hexsides"] else "  hexsides: {}")
    out.extend(f'    "{k}": {e["ov_hexsides"][k]}' for k in sorted(e["ov_hexsides"], key=side_order))
    return "\n".join(out) + "\n"


def save_map(m: TerrainMap, path: str | os.PathLike[str]) -> None:
    """Write the map file atomically (the old file stays whole if anything fails)."""
    atomic_write(path, dumps_map(m).encode("utf-8"))


class MapChangedError(DataFileError):
    """The map file changed on disk since the edit read it: nothing was written (no lost update)."""


#: how long an edit waits for another edit of the same map file to finish before giving up
LOCK_TIMEOUT = 15.0


def digest(data: bytes | str) -> str:
    """The sha-256 of a map file's bytes (text is taken as UTF-8): what :func:`edit_map` compares."""
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


@dataclass(frozen=True)
class MapEdit:
    """What :func:`edit_map_file` did: ``change``'s result and the file text before and after."""

    result: Any
    before: str
    after: str

    @property
    def digest_before(self) -> str:
        return digest(self.before)

    @property
    def digest_after(self) -> str:
        return digest(self.after)


def edit_map(path: str | os.PathLike[str], change: Callable[[TerrainMap], Any], *, expect: str | None = None,
             timeout: float = LOCK_TIMEOUT) -> Any:
    """Load the map at ``path``, apply ``change(m)``, validate, and write it back atomically; returns what
    ``change`` returned.

    Only the lines of the hexes and hexsides that changed are rewritten (new entries go in grid order
    beside their neighbours), so comments, blank lines and hand formatting elsewhere survive. When that
    is not possible (a section in flow style or missing, a header change, entries sharing a line) the
    whole file is written in the canonical form instead. Either way the text written is re-read first
    and must give exactly the edited model.

    Concurrent edits never lose data: see :func:`edit_map_file` (a lock, and a compare-and-swap against
    ``expect`` and against writers that do not lock).
    """
    return edit_map_file(path, change, expect=expect, timeout=timeout).result


def edit_map_file(path: str | os.PathLike[str], change: Callable[[TerrainMap], Any], *, expect: str | None = None,
                  timeout: float = LOCK_TIMEOUT) -> MapEdit:
    """:func:`edit_map`, returning the text before and after as well.

    The edit holds an exclusive lock (``flock``) on the map file from the read to the rename, so two
    edits at once (two ``wgt map set``, the browser editor) run one after the other and both land; an
    edit that waited re-reads the file the first one wrote. ``expect`` is the :func:`digest` of the text
    the caller based its change on (the editor's file as it was opened): if the file now differs, the
    edit is refused with :class:`MapChangedError`. Just before the rename the file is checked once more
    (same file, same bytes), which refuses the edit when a program that takes no lock (a text editor,
    ``git checkout``) changed it meanwhile. A lock held longer than ``timeout`` seconds is a one-line
    error. Killed at any moment, the edit leaves the old file or the new one, and the temporary file a
    kill leaves is removed by the next write (:func:`toolkit.fileio.remove_stale_temps`).
    """
    p = Path(path)
    with _locked(p, timeout) as (target, raw, st):
        text = decode_text(raw, p)
        if expect is not None and digest(raw) != expect:
            raise MapChangedError("the map file changed on disk since it was opened; nothing written "
                                  "(reload it to see the other change, then edit again)", p)
        m = loads_map(text, source=str(p))  # readable and valid
        reader = _Reader(str(p))
        reader.read(text)
        before_header, before = _header(m), _entries(m)
        result = change(m)
        m.validate(str(p))
        want = dumps_map(m)
        patched = None
        if _header(m) == before_header:
            patched = _patch(text, reader.spans, before, _entries(m), _orders(m))
        if patched is not None:
            try:
                if dumps_map(loads_map(patched, source=str(p))) != want:
                    patched = None
            except DataFileError:
                patched = None
        out = patched if patched is not None else want
        loads_map(out, source=str(p))  # never write a file we could not read back

        def unchanged() -> None:
            if not _same_file(target, st, raw):
                raise MapChangedError("the map file was changed on disk by another program while this edit "
                                      "was made; nothing written (try again)", p)

        atomic_write(target, out.encode("utf-8"), before_replace=unchanged)
    return MapEdit(result, text, out)


def _same_file(target: Path, st: os.stat_result, raw: bytes) -> bool:
    """Is ``target`` still the file ``st`` describes, holding ``raw``?"""
    try:
        now = os.stat(target)
        if (now.st_dev, now.st_ino, now.st_size, now.st_mtime_ns) != (st.st_dev, st.st_ino, st.st_size,
                                                                         st.st_mtime_ns):
            return False
        with open(target, "rb") as fh:
            return fh.read(len(raw) + 1) == raw
    except OSError:
        return False


@contextlib.contextmanager
def _locked(p: Path, timeout: float) -> Iterator[tuple[Path, bytes, os.stat_result]]:
    """Hold an exclusive lock on the map file ``p`` (the file a symbolic link points to); yields that
    file's path, its bytes and its status, read under the lock. A file replaced (renamed over) while
    this waited for the lock is opened again, so the lock is always on the file the path names."""
    target = Path(os.path.realpath(p))
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            read_bytes(p, "map file", MAX_BYTES)  # its one-line error (missing, unreadable, ...)
            raise DataFileError("cannot open the map file", p) from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                read_bytes(p, "map file", MAX_BYTES)  # a folder, a pipe, a device: its one-line error
                raise DataFileError("not a regular file", p)
            if fcntl is not None:
                while True:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            raise DataFileError(f"another edit has held the map file for over {timeout:g} s; "
                                                "nothing written (try again)", p) from None
                        time.sleep(0.005)
                    except OSError:  # a file system without locks: the compare-and-swap still holds
                        break
                try:
                    now = os.stat(target)
                except FileNotFoundError:
                    continue
                if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
                    continue  # replaced while we waited: lock the new file
                st = os.fstat(fd)
            if st.st_size > MAX_BYTES:
                raise DataFileError(f"map file is larger than {MAX_BYTES // 2**20} MiB ({st.st_size} bytes)", p)
            with open(fd, "rb", closefd=False) as fh:
                raw = fh.read(MAX_BYTES + 1)
            if len(raw) > MAX_BYTES:
                raise DataFileError(f"map file is larger than {MAX_BYTES // 2**20} MiB", p)
            yield target, raw, st
            return
        finally:
            os.close(fd)  # releases the lock


_LINE = re.compile(r"[^\r\n\x85\u2028\u2029]*(?:\r\n|[\r\n\x85\u2028\u2029]|\Z)")
_INDENT = {"hexes": 2, "hexsides": 2, "ov_hexes": 4, "ov_hexsides": 4}


def _patch(text: str, spans: Mapping[str, _Section], before: Mapping[str, Mapping[str, str]],
           after: Mapping[str, Mapping[str, str]], orders: tuple[Callable[[str], Any], Callable[[str], Any]]
           ) -> str | None:
    """``text`` with only the changed entries rewritten, or None when that cannot be done safely."""
    lines = [ln for ln in _LINE.findall(text) if ln]
    edits: list[tuple[int, int, Any, list[str]]] = []  # (first line, lines to drop, key order, new lines)
    for section in ("hexes", "hexsides", "ov_hexes", "ov_hexsides"):
        old, new = before[section], after[section]
        changed = sorted(k for k in {*old, *new} if old.get(k) != new.get(k))
        if not changed:
            continue
        span = spans.get(section)
        if span is None or not span.block:
            return None
        entries = span.entries
        ranges = sorted((first, last) for first, last, _, _ in entries.values())
        if any(a[1] >= b[0] for a, b in itertools.pairwise(ranges)):
            return None  # two entries share a line
        order = orders[0] if section.endswith("hexes") else orders[1]
        for key in changed:
            if key in entries:
                first, last, col, end_col = entries[key]
                if lines[first][:col].strip():
                    return None
                ending = lines[last][len(lines[last].rstrip("\r\n\x85\u2028\u2029")):]
                rest = lines[last].rstrip("\r\n\x85\u2028\u2029")[end_col:]
                if rest.strip() and not rest.lstrip().startswith("#"):
                    return None
                new_lines = [] if key not in new else [f'{" " * col}"{key}": {new[key]}{rest.rstrip()}{ending}']
                edits.append((first, last - first + 1, order(key), new_lines))
            elif key in new:
                if not entries:
                    return None
                before_keys = [k for k in entries if order(k) < order(key)]
                if before_keys:
                    prev = max(before_keys, key=order)
                    at = entries[prev][1] + 1
                    ending = lines[at - 1][len(lines[at - 1].rstrip("\r\n\x85\u2028\u2029")):] or "\n"
                    if not lines[at - 1].endswith(("\n", "\r")):
                        return None
                else:
                    at = min(first for first, _, _, _ in entries.values())
                    ending = lines[at][len(lines[at].rstrip("\r\n\x85\u2028\u2029")):] or "\n"
                col = entries[next(iter(entries))][2]
                edits.append((at, 0, order(key), [f'{" " * col}"{key}": {new[key]}{ending}']))
    # bottom-up; at one line a replacement goes before insertions, and insertions land in key order
    for first, drop, _, new_lines in sorted(edits, key=lambda e: (e[0], e[1], e[2]), reverse=True):
        lines[first:first + drop] = new_lines
    return "".join(lines)
