"""The map model: terrain per hex, features per hexside, named places and regions.

A :class:`TerrainMap` holds what a map file holds (:mod:`toolkit.terrain.io` reads and writes it):

* ``hexes`` - the detected or hand-made data, one :class:`HexData` per hex id (the ``hexes:`` section);
* ``hexsides`` - features per hexside, keyed by the sorted pair of ids ``"0101/0102"``;
* ``overrides`` - hand corrections that re-extraction never touches: ``{"hexes": {id: {field: value}},
  "hexsides": {key: frozenset}}``.

**How overrides apply.** An override hex entry is a partial hex: each field it gives wins over the same
field of the ``hexes:`` entry - ``terrain`` and ``name`` replace, ``tags`` replaces the whole tag set,
and every other key replaces that one value (a ``null`` value removes it). An override hexside entry
replaces the hexside's whole feature set (``[]`` removes every feature). Every query below
(:meth:`TerrainMap.terrain`, :meth:`TerrainMap.hex`, :meth:`TerrainMap.side_features`, ...) answers with
the overrides applied; ``hexes`` and ``hexsides`` are the raw sections, as written in the file.

**Edits** (:meth:`TerrainMap.set_terrain`, ...) go where they take effect: into the override entry when
one already sets that field, otherwise into ``hexes:``/``hexsides:``. So a hand edit of one hex changes
one line of the file.

Roads and rails are hexside features between the two hexes whose centres they join;
:meth:`TerrainMap.network` and :meth:`TerrainMap.components` follow them.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from typing import Any

from ..errors import DataFileError, HexIdError
from ..hexgrid import Grid
from ..hexgrid.grid import side_key
from ..records import record

__all__ = ["RESERVED_KEYS", "HexData", "TerrainMap", "TerrainType", "fold_name", "side_key"]

#: Keys of a hex line that are not free values.
RESERVED_KEYS = frozenset({"terrain", "tags", "name"})
_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
_WORD = re.compile(r"[^\W\d][\w\-]*")
_SURROGATE = re.compile("[\ud800-\udfff]")  # what Python makes of bytes that are not utf-8 (argv, file names)


def _check_text(value: Any, what: str) -> None:
    """Text that is valid unicode and numbers that are finite: what the map reader reads back."""
    for v in value if isinstance(value, list | tuple) else (value,):
        if isinstance(v, str) and _SURROGATE.search(v):
            raise DataFileError(f"{what} {v!r} is not valid text (it holds bytes that are not utf-8)")
        if isinstance(v, float) and not math.isfinite(v):
            raise DataFileError(f"{what} {v!r} is not a finite number")


@record(frozen=True, slots=True)
class TerrainType:
    """One entry of the legend.

    ``pattern`` asks the renderer for a texture over the colour: ``trees``, ``swamp``, ``mountain``,
    ``hills``, ``dots``, ``water`` or ``""`` (plain). ``water`` marks lake/sea terrain: a side between a
    water hex and a land hex is drawn as coast.
    """

    name: str
    color: str
    label: str = ""
    pattern: str = ""
    water: bool = False

    def __post_init__(self) -> None:
        if not _WORD.fullmatch(self.name):
            raise DataFileError(f"terrain name {self.name!r} must be a word (letters, digits, _ or -)")
        if not isinstance(self.color, str) or not _COLOR.fullmatch(self.color):
            raise DataFileError(f"terrain {self.name!r}: colour {self.color!r} is not of the form '#rrggbb'")

    @property
    def rgb(self) -> tuple[int, int, int]:
        """The colour as an (r, g, b) triple of 0..255."""
        from .colour import hex_to_rgb  # numpy comes with it: only when colours are used

        return hex_to_rgb(self.color)

    @property
    def title(self) -> str:
        """The label, or the name made readable."""
        return self.label or self.name.replace("_", " ").capitalize()


@record(frozen=True, slots=True)
class HexData:
    """One hex: its terrain, tags (``city``, ``fortification``, ...), optional place name, and free
    values (``country``, ``region``, ``vp``, ``supply`` ...: text, numbers, booleans or lists of them)."""

    terrain: str
    tags: frozenset[str] = frozenset()
    name: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.tags, frozenset):
            object.__setattr__(self, "tags", frozenset(self.tags))
        clash = RESERVED_KEYS.intersection(self.values)
        if clash:
            raise DataFileError(f"{sorted(clash)[0]!r} is a hex field, not a value key")

    def value(self, key: str, default: Any = None) -> Any:
        """A free value of this hex, or ``default``."""
        return self.values.get(key, default)

    # pickling (the map cache): the fields as a tuple, restored without the generic per-field look-up
    # dataclasses gives frozen slotted classes (a third of the time of loading a cached map)
    def __getstate__(self) -> tuple[Any, ...]:
        return (self.terrain, self.tags, self.name, self.values)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        put = object.__setattr__
        put(self, "terrain", state[0])
        put(self, "tags", state[1])
        put(self, "name", state[2])
        put(self, "values", state[3])


def _sorted_key(key: str) -> str:
    a, sep, b = str(key).partition("/")
    if not sep:
        raise DataFileError(f"hexside key {key!r} must be a pair of hex ids like '0101/0102'")
    return side_key(a, b)


def fold_name(name: str) -> str:
    """A place name as compared: NFC, case-folded, trimmed."""
    return unicodedata.normalize("NFC", name).casefold().strip()


class TerrainMap:
    """A hex map's terrain data with the queries the rules use and the edits the command line makes."""

    def __init__(self, title: str, provenance: str, grid: Grid, legend: Mapping[str, TerrainType],
                 hexes: Mapping[str, HexData], hexsides: Mapping[str, Iterable[str]] | None = None,
                 overrides: Mapping[str, Any] | None = None, meta: Mapping[str, Any] | None = None,
                 *, default_terrain: str | None = None) -> None:
        self.title = title
        self.provenance = provenance
        self.grid = grid
        self.legend: dict[str, TerrainType] = dict(legend)
        self.hexes: dict[str, HexData] = dict(hexes)
        self.hexsides: dict[str, frozenset[str]] = {_sorted_key(k): frozenset(v) for k, v in (hexsides or {}).items()}
        ov = dict(overrides or {})
        unknown = set(ov) - {"hexes", "hexsides"}
        if unknown:
            raise DataFileError(f"overrides has sections hexes and hexsides only, not {sorted(unknown)[0]!r}")
        self.overrides: dict[str, Any] = {
            "hexes": {k: dict(v) for k, v in (ov.get("hexes") or {}).items()},
            "hexsides": {_sorted_key(k): frozenset(v) for k, v in (ov.get("hexsides") or {}).items()},
        }
        self.meta: dict[str, Any] = dict(meta or {})
        self.default_terrain = default_terrain
        self._cache: dict[str, Any] = {}
        self._idset: tuple[Grid, frozenset[str]] | None = None

    # --- the effective data (overrides applied) ------------------------------------------------

    def _changed(self) -> None:
        self._cache.clear()

    def _effective_hexes(self) -> dict[str, HexData]:
        eff = self._cache.get("hexes")
        if eff is None:
            eff = dict(self.hexes)
            for hid, ov in self.overrides["hexes"].items():
                eff[hid] = _apply_override(eff.get(hid), ov, self.default_terrain, hid)
            self._cache["hexes"] = eff
        return eff

    def _effective_sides(self) -> dict[str, frozenset[str]]:
        eff = self._cache.get("sides")
        if eff is None:
            eff = dict(self.hexsides)
            eff.update(self.overrides["hexsides"])
            eff = {k: v for k, v in eff.items() if v}
            self._cache["sides"] = eff
        return eff

    def effective_hexes(self) -> dict[str, HexData]:
        """Every listed hex with its overrides applied (a copy)."""
        return dict(self._effective_hexes())

    def effective_hexsides(self) -> dict[str, frozenset[str]]:
        """Every hexside that has features, overrides applied (a copy)."""
        return dict(self._effective_sides())

    # --- ids -----------------------------------------------------------------------------------

    def ids(self) -> list[str]:
        """Every hex id of the grid, column by column."""
        return self.grid.ids()

    def canonical(self, hex_id: str) -> str:
        """The id as the map spells it; :class:`HexIdError` if malformed or off the map."""
        if hex_id in self.canonical_ids():
            return hex_id
        return self.grid.canonical_id(str(hex_id))

    def canonical_ids(self) -> frozenset[str]:
        """Every hex id exactly as the map spells it."""
        c = self._idset
        if c is None or c[0] is not self.grid:
            c = self._idset = (self.grid, frozenset(self.grid.ids()))
        return c[1]

    def __contains__(self, hex_id: object) -> bool:
        return isinstance(hex_id, str) and hex_id in self.grid

    def resolve(self, ref: str) -> str:
        """A hex id or a place name -> the canonical hex id; :class:`HexIdError` if it is neither (an id
        spelled as the map's ids but off the map says so, with the range of ids)."""
        try:
            return self.canonical(ref)
        except HexIdError as exc:
            off_map = exc
        try:
            return self.place(ref)
        except HexIdError as exc:
            no_place = exc
        try:
            self.grid.numbering.parse(str(ref))
        except HexIdError:
            raise no_place from None  # not spelled as an id: the place error (with its "did you mean")
        raise off_map from None

    # --- per-hex queries -----------------------------------------------------------------------

    def hex(self, hex_id: str) -> HexData:
        """The hex's data with overrides applied; an on-map hex not listed gets ``default_terrain``."""
        hid = self.canonical(hex_id)
        data = self._effective_hexes().get(hid)
        if data is None:
            if self.default_terrain is None:
                raise HexIdError(f"hex {hid} has no terrain data (it is not listed under hexes:)")
            return HexData(self.default_terrain)
        return data

    def terrain(self, hex_id: str) -> str:
        """The hex's terrain name (overrides applied)."""
        return self.hex(hex_id).terrain

    def tags(self, hex_id: str) -> frozenset[str]:
        """The hex's tags (overrides applied)."""
        return self.hex(hex_id).tags

    def name(self, hex_id: str) -> str | None:
        """The hex's place name, or None."""
        return self.hex(hex_id).name

    def value(self, hex_id: str, key: str, default: Any = None) -> Any:
        """A free value of the hex (``vp``, ``country``, ...), or ``default``."""
        return self.hex(hex_id).values.get(key, default)

    def is_water(self, hex_id: str) -> bool:
        """Whether the hex's terrain is marked ``water`` in the legend."""
        tt = self.legend.get(self.terrain(hex_id))
        return bool(tt and tt.water)

    # --- searches ------------------------------------------------------------------------------

    def find(self, terrain: str | None = None, tag: str | None = None, name: str | None = None,
             **values: Any) -> list[str]:
        """Hex ids (grid order) matching every criterion given; ``name`` matches case-insensitively."""
        eff = self._effective_hexes()
        want = fold_name(name) if name is not None else None
        out = []
        for hid in self.grid.ids():
            h = eff.get(hid)
            if h is None:
                if self.default_terrain is None:
                    continue
                h = HexData(self.default_terrain)
            if terrain is not None and h.terrain != terrain:
                continue
            if tag is not None and tag not in h.tags:
                continue
            if want is not None and (h.name is None or fold_name(h.name) != want):
                continue
            if any(h.values.get(k) != v for k, v in values.items()):
                continue
            out.append(hid)
        return out

    def _names(self) -> dict[str, list[str]]:
        idx = self._cache.get("names")
        if idx is None:
            idx = {}
            for hid, h in self._effective_hexes().items():
                if h.name:
                    idx.setdefault(fold_name(h.name), []).append(hid)
            self._cache["names"] = idx
        return idx

    def places(self) -> dict[str, str]:
        """Place name -> hex id, for every named hex."""
        return {h.name: hid for hid, h in self._effective_hexes().items() if h.name}

    def place(self, name: str) -> str:
        """The hex id of a named place (case-insensitive); :class:`HexIdError` if unknown or ambiguous."""
        ids = self._names().get(fold_name(name), [])
        if len(ids) == 1:
            return ids[0]
        if len(ids) > 1:
            raise HexIdError(f"place {name!r} is ambiguous: hexes {', '.join(sorted(ids))}")
        names = sorted(n for n in self.places())
        import difflib  # only for this message (start-up: ~3M instructions to import)

        close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        shown = repr(name) if len(name) <= 60 else repr(name[:50]) + f"... ({len(name)} characters)"
        raise HexIdError(f"no place named {shown} on the map{hint}")

    def region(self, key: str, value: Any) -> set[str]:
        """Hexes whose value ``key`` equals ``value`` (``region("country", "finland")``)."""
        return {hid for hid, h in self._effective_hexes().items() if h.values.get(key) == value}

    # --- geometry ------------------------------------------------------------------------------

    def neighbours(self, hex_id: str) -> list[str]:
        """On-map neighbours in direction order."""
        g = self.grid
        return [g.id(n) for n in g.neighbours(g.hex(hex_id))]

    def within(self, hex_id: str, n: int) -> list[str]:
        """On-map hexes within ``n`` steps (including the hex itself), nearest first then grid order."""
        g = self.grid
        centre = g.hex(hex_id)
        found = sorted(g.within(centre, n), key=lambda h: (centre.distance(h), g.id(h)))
        return [g.id(h) for h in found]

    def distance(self, a: str, b: str) -> int:
        """Steps between two hexes."""
        return self.grid.hex(a).distance(self.grid.hex(b))

    def side(self, a: str, b: str) -> str:
        """The hexside key of two neighbouring hexes; :class:`HexIdError` if they are not neighbours."""
        return self.grid.side_key(a, b)

    def side_features(self, a: str, b: str) -> frozenset[str]:
        """Features of the hexside between two neighbouring hexes (overrides applied); empty if none."""
        return self._effective_sides().get(self.side(a, b), frozenset())

    def sides_of(self, hex_id: str) -> dict[str, frozenset[str]]:
        """Neighbour id -> features of the shared hexside, for the sides that have features."""
        eff = self._effective_sides()
        hid = self.canonical(hex_id)
        out = {}
        for n in self.neighbours(hid):
            f = eff.get(side_key(hid, n))
            if f:
                out[n] = f
        return out

    def network(self, feature: str) -> dict[str, set[str]]:
        """Hex -> neighbours joined to it by a hexside carrying ``feature`` (``road``, ``rail``...)."""
        key = "net:" + feature
        net = self._cache.get(key)
        if net is None:
            net = {}
            for sk, feats in self._effective_sides().items():
                if feature in feats:
                    a, b = sk.split("/")
                    net.setdefault(a, set()).add(b)
                    net.setdefault(b, set()).add(a)
            self._cache[key] = net
        return {k: set(v) for k, v in net.items()}

    def components(self, feature: str) -> list[set[str]]:
        """Connected pieces of a network, largest first (ties by smallest id)."""
        net = self.network(feature)
        seen: set[str] = set()
        parts = []
        for start in sorted(net):
            if start in seen:
                continue
            part = {start}
            stack = [start]
            while stack:
                for n in net[stack.pop()]:
                    if n not in part:
                        part.add(n)
                        stack.append(n)
            seen |= part
            parts.append(part)
        parts.sort(key=lambda p: (-len(p), min(p)))
        return parts

    # --- edits ---------------------------------------------------------------------------------

    def _check_terrain(self, terrain: str) -> None:
        if terrain not in self.legend:
            raise DataFileError(f"unknown terrain {terrain!r} (legend: {', '.join(self.legend)})")

    def _base(self, hid: str) -> HexData:
        h = self.hexes.get(hid)
        if h is not None:
            return h
        if self.default_terrain is not None:
            return HexData(self.default_terrain)
        return self.hex(hid)  # overridden-only hex, or raises for no data

    def set_terrain(self, hex_id: str, terrain: str) -> None:
        """Set the hex's terrain (a legend name)."""
        hid = self.canonical(hex_id)
        self._check_terrain(terrain)
        ov = self.overrides["hexes"].get(hid)
        if ov is not None and "terrain" in ov:
            ov["terrain"] = terrain
        elif hid in self.hexes:
            self.hexes[hid] = replace(self.hexes[hid], terrain=terrain)
        else:
            self.hexes[hid] = HexData(terrain)
        self._changed()

    def _set_tags(self, hid: str, tags: frozenset[str]) -> None:
        ov = self.overrides["hexes"].get(hid)
        if ov is not None and "tags" in ov:
            ov["tags"] = tags
        else:
            self.hexes[hid] = replace(self._base(hid), tags=tags)
        self._changed()

    def set_tag(self, hex_id: str, tag: str) -> None:
        """Add a tag (a word) to the hex."""
        hid = self.canonical(hex_id)
        if not _WORD.fullmatch(tag):
            raise DataFileError(f"tag {tag!r} must be a word (letters, digits, _ or -)")
        self._set_tags(hid, self.tags(hid) | {tag})

    def remove_tag(self, hex_id: str, tag: str) -> None:
        """Remove a tag from the hex (no error if it has none)."""
        hid = self.canonical(hex_id)
        self._set_tags(hid, self.tags(hid) - {tag})

    def set_name(self, hex_id: str, name: str | None) -> None:
        """Name the hex (surrounding spaces are dropped); ``None`` or a blank name removes the name."""
        hid = self.canonical(hex_id)
        if name is not None:
            _check_text(name, "place name")
            name = name.strip() or None
        if name is not None:
            other = [i for i in self._names().get(fold_name(name), []) if i != hid]
            if other:
                raise DataFileError(f"place name {name!r} is already used by hex {other[0]}")
        ov = self.overrides["hexes"].get(hid)
        if ov is not None and "name" in ov:
            ov["name"] = name
        else:
            self.hexes[hid] = replace(self._base(hid), name=name or None)
        self._changed()

    def set_value(self, hex_id: str, key: str, value: Any) -> None:
        """Set a free value; ``None`` removes it. ``terrain``/``tags``/``name`` go to their setters."""
        if key == "terrain":
            return self.set_terrain(hex_id, value)
        if key == "name":
            return self.set_name(hex_id, value)
        if key == "tags":
            raise DataFileError("tags are set with set_tag/remove_tag, not as a value")
        if not _WORD.fullmatch(key):
            raise DataFileError(f"value key {key!r} must be a word (letters, digits, _ or -)")
        _check_text(value, f"value of {key!r}:")
        hid = self.canonical(hex_id)
        ov = self.overrides["hexes"].get(hid)
        if ov is not None and key in ov:
            ov[key] = value
        else:
            base = self._base(hid)
            values = dict(base.values)
            if value is None:
                values.pop(key, None)
            else:
                values[key] = value
            self.hexes[hid] = replace(base, values=values)
        self._changed()
        return None

    def _set_side(self, a: str, b: str, feats: frozenset[str]) -> None:
        key = self.side(a, b)
        if key in self.overrides["hexsides"]:
            self.overrides["hexsides"][key] = feats
        elif feats:
            self.hexsides[key] = feats
        else:
            self.hexsides.pop(key, None)
        self._changed()

    def add_side_feature(self, a: str, b: str, feature: str) -> None:
        """Add a feature (a word: river, road, rail, ...) to the hexside between two neighbours."""
        if not _WORD.fullmatch(feature):
            raise DataFileError(f"hexside feature {feature!r} must be a word (letters, digits, _ or -)")
        self._set_side(a, b, self.side_features(a, b) | {feature})

    def remove_side_feature(self, a: str, b: str, feature: str) -> None:
        """Remove a feature from the hexside between two neighbours (no error if absent)."""
        self._set_side(a, b, self.side_features(a, b) - {feature})

    # --- checks --------------------------------------------------------------------------------

    def validate(self, source: str | None = None) -> None:
        """Check the whole model (what the loader checks line by line); :class:`DataFileError` if wrong."""
        if self.default_terrain is not None:
            self._check_terrain(self.default_terrain)
        ids = self.canonical_ids()
        for section in (self.hexes, self.overrides["hexes"]):
            for hid in section:
                if hid not in ids:
                    if hid in self.grid:
                        raise DataFileError(f"hex id {hid!r} is not spelled as the map spells it "
                                            f"({self.grid.canonical_id(hid)!r})", source)
                    raise DataFileError(f"hex {hid!r} is not on the grid", source)
        for hid, h in self._effective_hexes().items():
            if h.terrain not in self.legend:
                raise DataFileError(f"hex {hid}: unknown terrain {h.terrain!r}", source)
        for section in (self.hexsides, self.overrides["hexsides"]):
            for key in section:
                a, _, b = key.partition("/")
                if a not in ids or b not in ids:
                    raise DataFileError(f"hexside {key!r}: both hexes must be on the grid, spelled as the map "
                                        "spells them", source)
                if self.grid.hex(a).distance(self.grid.hex(b)) != 1:
                    raise DataFileError(f"hexside {key!r}: hexes {a} and {b} are not neighbours", source)
        seen: dict[str, str] = {}
        for hid, h in self._effective_hexes().items():
            if h.name:
                f = fold_name(h.name)
                if f in seen:
                    raise DataFileError(f"duplicate place name {h.name!r} (hexes {seen[f]} and {hid})", source)
                seen[f] = hid

    def __repr__(self) -> str:
        return f"TerrainMap({self.title!r}, {len(self.hexes)} hexes, {len(self.hexsides)} hexsides)"


def _apply_override(base: HexData | None, ov: Mapping[str, Any], default: str | None, hid: str) -> HexData:
    terrain = ov.get("terrain") or (base.terrain if base else default)
    if terrain is None:
        raise DataFileError(f"override of hex {hid} needs a terrain (the hex is not listed under hexes:)")
    tags = frozenset(ov["tags"] or ()) if "tags" in ov else (base.tags if base else frozenset())
    name = ov.get("name", base.name if base else None)
    values = dict(base.values) if base else {}
    for k, v in ov.items():
        if k in RESERVED_KEYS:
            continue
        if v is None:
            values.pop(k, None)
        else:
            values[k] = v
    return HexData(terrain, tags, name or None, values)

