"""The legend file's forms, checked key by key (issue 14, item 5; documented in docs/legend.md).

:func:`normalise` turns every documented form into the one :func:`~toolkit.terrain.extract.legend_from_dict`
reads, and refuses what it does not know with the file's line: a misspelt section (``hexsides:`` for
``features:``) or setting (``colur:``) is an error, never silently ignored. Forms accepted:

* terrain under ``terrain:``, or (the short form) at the top level when there is no ``terrain:``;
* a terrain as a colour ``"#rrggbb"``, or a mapping with ``colour``/``color``, ``hexes``, ``box``,
  ``points`` or ``sample`` (hex ids, one ``[x, y]`` point, a list of points, or a ``[x0, y0, x1, y1]`` box);
* ``symbol: true`` on a terrain: its ``hexes`` are examples of a printed symbol, found by shape;
* ``min_share`` on a terrain: the least share of the hex it must cover to be chosen (with ``priority``);
* ``priority: [city, forest, clear]``: the order rules are tried in (thresholds learned from examples);
* ``centre: true`` (or ``centre: {radius: 0.2}``): a hex is the class under its centre, read in a small disc there
  (a tactical map's rule: Squad Leader's hex is the terrain under its printed centre dot); without the key, so is a
  map that prints a dot at the centre of most hexes (centredot.py), ``centre: false`` reads every hex whole;
* features under ``features:`` with ``kind`` ``along`` | ``across`` | ``coast`` | ``gap`` | ``symbol``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from .. import yamlfile
from ..errors import DataFileError

__all__ = ["FEATURE_KEYS", "TERRAIN_KEYS", "TOP_KEYS", "normalise"]

TOP_KEYS = ("terrain", "features", "priority", "ink", "max_delta_e", "centre", "note")
TERRAIN_KEYS = ("colour", "color", "hexes", "box", "points", "sample", "water", "symbol", "min_share",
                "tolerance", "threshold")
INK_KEYS = ("lightness",)
CENTRE_KEYS = ("radius",)
FEATURE_KEYS = ("colour", "color", "kind", "tolerance", "threshold", "yes", "no", "on_coast", "mask", "terrain",
                "hexes", "trace", "link", "line")


def _where(block: Any, key: Any) -> str:
    line = (block.key_lines.get(key) if isinstance(block, yamlfile.LinedMap) else None) or yamlfile.line_of(block, key)
    return f"line {line}: " if line else ""


def _check(block: Mapping[Any, Any], allowed: tuple[str, ...], what: str, src: str) -> None:
    for k in block:
        name = {True: "yes", False: "no"}.get(k, k) if isinstance(k, bool) else k
        if name not in allowed:
            raise DataFileError(f"{_where(block, k)}{what}: unknown key {name!r} (known: {', '.join(allowed)})", src)


def _sample(v: Any, what: str, src: str, block: Any) -> dict[str, Any]:
    """``sample:`` as hexes, points or a box."""
    if isinstance(v, str):
        return {"hexes": [v]}
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
        return {"hexes": list(v)}
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int | float) for x in v):
        return {"points": [list(v)]}
    if isinstance(v, list) and len(v) == 4 and all(isinstance(x, int | float) for x in v):
        return {"box": list(v)}
    if isinstance(v, list) and v and all(isinstance(x, list) and len(x) == 2 for x in v):
        return {"points": [list(x) for x in v]}
    raise DataFileError(f"{_where(block, 'sample')}{what}: sample is hex ids, a point [x, y], points "
                        "[[x, y], ...] or a box [x0, y0, x1, y1]", src)


def normalise(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The legend in its long form (see the module docstring); :class:`DataFileError` with the line
    for an unknown key."""
    src = str(spec.get("_source", "legend"))
    out: dict[str, Any] = yamlfile.LinedMap({"_source": src} if "_source" in spec else {})
    if isinstance(spec, yamlfile.LinedMap):  # keep the lines, for errors found later (legend_from_dict)
        out.line, out.key_lines, out.value_lines = spec.line, spec.key_lines, spec.value_lines  # type: ignore[attr-defined]
    if "terrain" in spec:
        for k in spec:
            if k != "_source" and k not in TOP_KEYS:
                raise DataFileError(f"{_where(spec, k)}unknown legend section {k!r}{_did_you_mean(k)} "
                                    f"(known: {', '.join(TOP_KEYS)})", src)
        terrain = spec["terrain"]
    else:  # the short form: terrains at the top level
        terrain = {k: v for k, v in spec.items() if k != "_source" and k not in TOP_KEYS}
        for k, v in terrain.items():
            _misspelt_section(spec, k, v, src)
        if isinstance(spec, yamlfile.LinedMap):
            lined = yamlfile.LinedMap(terrain)
            lined.key_lines = {k: v for k, v in spec.key_lines.items() if k in terrain}
            lined.value_lines = {k: v for k, v in spec.value_lines.items() if k in terrain}
            lined.line = spec.line
            terrain = lined
    for k in TOP_KEYS[1:]:
        if k not in spec:
            continue
        if k == "note":  # free text for the reader of the file (where the samples came from); not used
            if not isinstance(spec[k], str):
                raise DataFileError(f"{_where(spec, k)}note must be text", src)
            continue
        if k == "ink" and isinstance(spec[k], Mapping):
            _check(spec[k], INK_KEYS, "ink", src)
        if k == "centre":
            if isinstance(spec[k], Mapping):
                _check(spec[k], CENTRE_KEYS, "centre", src)
            elif not isinstance(spec[k], bool):
                raise DataFileError(f"{_where(spec, k)}centre is true, false or {{radius: 0.2}} (a share of the hex "
                                    f"size), not {spec[k]!r}", src)
        if k == "priority":
            _check_ids(spec[k], "priority", src, spec, k, ids=False)
        out[k] = spec[k]
    if not isinstance(terrain, Mapping):
        out["terrain"] = terrain  # reported by the reader
        return out
    terr = yamlfile.LinedMap()
    if isinstance(terrain, yamlfile.LinedMap):  # keep the lines, for errors found later (legend_from_dict)
        terr.line, terr.key_lines, terr.value_lines = terrain.line, terrain.key_lines, terrain.value_lines
    for name, v in terrain.items():
        what = f"terrain {name!r}"
        if isinstance(v, Mapping):
            _check(v, TERRAIN_KEYS, what, src)
            _check_flags(v, ("water", "symbol"), what, src)
            _check_ids(v.get("hexes"), f"{what} hexes", src, v, "hexes")
            if "sample" in v and isinstance(v["sample"], list) and any(isinstance(x, int) for x in v["sample"]) \
                    and len(v["sample"]) not in (2, 4):
                _check_ids(v["sample"], f"{what} sample", src, v, "sample")
            v2 = yamlfile.LinedMap({k: x for k, x in v.items() if k != "sample"})
            if isinstance(v, yamlfile.LinedMap):
                v2.line, v2.key_lines, v2.value_lines = v.line, v.key_lines, v.value_lines
            if "sample" in v:
                v2.update(_sample(v["sample"], what, src, v))
            v = v2
        terr[name] = v
    out["terrain"] = terr
    feats = spec.get("features")
    if isinstance(feats, Mapping):
        for name, v in feats.items():
            if isinstance(v, Mapping):
                what = f"feature {name!r}"
                _check(v, FEATURE_KEYS, what, src)
                _check_flags(v, ("on_coast", "mask", "trace"), what, src)
                _check_ids(v.get("hexes"), f"{what} hexes", src, v, "hexes")
    return out


def _did_you_mean(key: Any) -> str:
    """" (did you mean 'terrain'?)" for a key spelt like a legend section (``terrian``, ``Features``), else ''."""
    if not isinstance(key, str):
        return ""
    near = difflib.get_close_matches(key.lower(), TOP_KEYS, n=1, cutoff=0.75)
    return f" (did you mean {near[0]!r}?)" if near else ""


def _misspelt_section(spec: Mapping[Any, Any], key: Any, v: Any, src: str) -> None:
    """A top-level entry of the short form (terrains at the top level) that is a misspelt section: a mapping
    none of whose keys a terrain takes, its values mappings (classes or lines: ``terrian: {clear: {hexes:
    [...]}}``) or its name spelt like a section (``Terrain:``, ``feature:``). Read as a terrain it was refused as
    "terrain 'terrian': unknown key 'clear'", naming a class as the mistake (user46, a stranger's run of
    docs/legend.md). A short-form terrain with one key misspelt (``forest: {colr: ...}``) keeps its own error."""
    if not isinstance(v, Mapping) or not v or any(k in TERRAIN_KEYS for k in v):
        return
    hint = _did_you_mean(key)
    if not hint and not all(isinstance(x, Mapping) for x in v.values()):
        return
    names = ", ".join(str(k) for k in list(v)[:4]) + (", ..." if len(v) > 4 else "")
    raise DataFileError(f"{_where(spec, key)}unknown legend section {key!r}{hint} (known: {', '.join(TOP_KEYS)}): "
                        f"read as a terrain of the short form (terrains at the top level) its keys {names} are none "
                        f"a terrain takes", src)


def _check_flags(block: Mapping[Any, Any], keys: tuple[str, ...], what: str, src: str) -> None:
    """``water:``, ``symbol:``, ``trace:`` ... are true or false (a typo like ``symbol: yes please`` was taken
    as true, ``trace: 0`` as false)."""
    for k in keys:
        if k in block and not isinstance(block[k], bool):
            raise DataFileError(f"{_where(block, k)}{what}: {k} is true or false, not {block[k]!r}", src)


def _check_ids(v: Any, what: str, src: str, block: Any, key: str, ids: bool = True) -> None:
    """A list of hex ids (``ids``) or of names: a number in it is an unquoted id, which YAML has already read
    as a number (``0202`` as the octal 130, ``0101`` as 65); a name is not a number nor given twice."""
    if not isinstance(v, list):
        return
    for x in v:
        if isinstance(x, bool | int | float):
            if ids:
                raise DataFileError(f"{_where(block, key)}{what}: {x!r} is a number: write hex ids in quotes, "
                                    "like \"0202\" (YAML reads 0202 unquoted as the number 130, 0101 as 65)", src)
            raise DataFileError(f"{_where(block, key)}{what}: {x!r} is not a name", src)
    if not ids:
        twice = [x for i, x in enumerate(v) if x in v[:i]]
        if twice:
            raise DataFileError(f"{_where(block, key)}{what} names {twice[0]!r} twice", src)
