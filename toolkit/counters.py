"""The counter model: ``counters/<slug>.yaml`` loaded and validated into a :class:`CounterSet`.

A counter file lists the sides (nationality colours) and the counter types of one game: one entry
per distinct counter (same faces, same values), with how many copies the game has. The referee reads
it to know each unit's values and type; the builders draw counter art and sheets from it.

Schema (every key not marked optional is required)::

    game: winter-war                 # the game's slug
    title: Winter War (SPI 1972)     # optional
    counter_size: 0.5in              # optional: printed size (in, mm, pt): 0.5in, 5/8in, 16mm
    layout: classic                  # optional: how values are printed: classic | tornio | europa
    values: [attack, defense, movement]   # the game's printed value set, in printed order
    half_mark: H                     # optional: how a 0.5 value is printed (Tornio "H"; default "½")
    top_left: [range]                # optional: values printed in the top-left corner, not the bottom row
    sides:
      finnish: {label: Finnish, short: fin, colour: "#f2efe6", text_colour: "#000000"}
      soviet:  {label: Soviet, short: sov, colour: "#3f5f3a", text_colour: "#ffffff"}
      allied:  {label: Allied, short: all, colour: "#c4dfb4", text_colour: "#000000", mark: A}
    counters:
      - id: fin-6-6-2               # unique; Winter War ids are <short>-<values>
        side: finnish               # a key of sides:
        unit_type: infantry         # see UNIT_TYPES; "infantry+machine_gun" combines symbols
        size: XX                    # optional: XXXXX XXXX XXX XX X III II I ••• •• • (or corps, division, ...)
        values: {attack: 6, defense: 6, movement: 2}   # keys from the file's values: list
        designation: "4"            # optional: printed beside the size
        count: 7                    # optional (default 1): copies in the game
        motorised: wheels           # optional: wheels | track | halftrack (underscored movement)
        front: {boxed: [attack]}    # optional: face extras (see FACE_KEYS)
        back: {values: {attack: 3, defense: 3, movement: 2}}   # optional: the reduced side
        notes: must set up on fortification hexes        # optional

``back`` is absent (or null) when the back is a plain face in the side colour (Winter War's hidden,
face-down side); a mapping gives the back face: any of ``values``, ``unit_type``, ``size``,
``designation``, ``motorised`` overrides the front, plus the face extras (the back keeps the front's
``colour``, ``text_colour``, ``identification`` and ``boxed`` unless it sets them). ``back: {blank: true}``
is the same as no back. Face extras (``FACE_KEYS``): ``label`` (text drawn instead of a symbol, for
markers), ``colour``/``text_colour`` (override the side's), ``boxed`` (value names printed inside a
rectangle: Tornio support factors), ``mark`` (a corner letter, e.g. "A"), ``dot`` (Europa's
self-supporting dot), ``identification`` (small text, Tornio's unit id), ``blank``, ``reduced``.
A value may be a number or a string (a printed "*" or "H"; "H" and "½" load as 0.5).

Errors name the file, the line and the offending value: ``counters/x.yaml line 14: unknown side
'finish' (sides: finnish, soviet)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import field
from pathlib import Path
from typing import Any

from . import data
from . import yamlfile as yf
from .errors import DataFileError, InputError
from .fileio import decode_text, read_bytes
from .records import record

__all__ = [
    "FACE_KEYS",
    "LAYOUTS",
    "SIZES",
    "UNIT_TYPES",
    "CounterSet",
    "CounterType",
    "Face",
    "Side",
    "load_counters",
    "parse_length",
]

#: Unit types with a drawn symbol. Combine with "+": ``infantry+mountain``.
UNIT_TYPES: tuple[str, ...] = (
    "infantry", "cavalry", "armour", "mechanised", "artillery", "ski", "mountain", "engineer",
    "headquarters", "border_guard", "nkvd", "paratroop", "marine", "anti_aircraft", "heavy_anti_aircraft",
    "anti_tank", "machine_gun", "recon", "bicycle", "jaeger", "replacement", "supply", "mortar", "rocket",
    "partisan", "fortification", "naval", "air", "blank", "marker",
)
_TYPE_ALIASES = {
    "armor": "armour", "tank": "armour", "panzer": "armour", "mech": "mechanised", "mechanized": "mechanised",
    "hq": "headquarters", "border_guards": "border_guard", "border": "border_guard", "jager": "jaeger",
    "jäger": "jaeger", "jääkäri": "jaeger", "aa": "anti_aircraft", "aaa": "anti_aircraft", "flak": "anti_aircraft",
    "heavy_aa": "heavy_anti_aircraft", "at": "anti_tank", "antitank": "anti_tank", "mg": "machine_gun",
    "para": "paratroop", "airborne": "paratroop", "ersatz": "replacement", "nachschub": "supply",
    "field_artillery": "artillery", "rocket_artillery": "rocket", "political_police": "nkvd",
}

#: Size marks, largest first; names map to them.
SIZES: tuple[str, ...] = ("XXXXX", "XXXX", "XXX", "XX", "X", "III", "II", "I", "•••", "••", "•")
_SIZE_NAMES = {
    "army_group": "XXXXX", "army": "XXXX", "corps": "XXX", "division": "XX", "brigade": "X",
    "regiment": "III", "battalion": "II", "company": "I", "battery": "I", "platoon": "•••",
    "section": "••", "patrol": "••", "squad": "•",
}
LAYOUTS: tuple[str, ...] = ("classic", "tornio", "europa")
MOTORISED: tuple[str, ...] = ("wheels", "track", "halftrack")
FACE_KEYS: tuple[str, ...] = ("label", "colour", "text_colour", "boxed", "mark", "dot", "identification",
                              "blank", "reduced")
_BACK_OVERRIDES = ("values", "unit_type", "size", "designation", "motorised")
_BACK_INHERITS = ("colour", "text_colour", "identification", "boxed")
_COUNTER_KEYS = {"id", "side", "unit_type", "size", "values", "designation", "count", "motorised", "front",
                 "back", "notes"}
_SIDE_KEYS = {"label", "short", "colour", "text_colour", "mark", "player"}
_TOP_KEYS = {"game", "title", "counter_size", "layout", "values", "half_mark", "top_left", "sides", "counters",
             "notes"}
_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{6})$")
_ID = re.compile(r"^[a-z0-9][a-z0-9_.+-]*$")

Value = int | float | str


@record(frozen=True)
class Side:
    """One side (nationality) of a counter set and its colours."""

    name: str
    label: str
    colour: str          # "#rrggbb" background of its counters
    text_colour: str     # "#rrggbb" of symbols and print
    short: str = ""      # id prefix ("fin", "sov")
    mark: str = ""       # a letter printed on every counter (Winter War Allies: "A")
    player: str = ""     # the player who commands it (default: the side itself)


@record(frozen=True)
class Face:
    """Everything printed on one face of a counter, resolved (back overrides applied)."""

    unit_type: str
    symbols: tuple[str, ...]
    size: str
    values: dict[str, Value]
    designation: str
    motorised: str | None
    colour: str
    text_colour: str
    label: str = ""
    boxed: tuple[str, ...] = ()
    mark: str = ""
    dot: bool = False
    identification: str = ""
    blank: bool = False
    reduced: bool = False


@record(frozen=True)
class CounterType:
    """One distinct counter of a game and how many copies it has."""

    id: str
    side: str
    unit_type: str
    size: str
    values: dict[str, Value]
    front: dict[str, Any] = field(default_factory=dict)
    back: dict[str, Any] | None = None
    designation: str = ""
    count: int = 1
    notes: str = ""
    motorised: str | None = None
    line: int | None = None

    @property
    def symbols(self) -> tuple[str, ...]:
        """The unit type's symbol parts: ``"infantry+mountain"`` -> ``("infantry", "mountain")``."""
        return tuple(self.unit_type.split("+"))

    @property
    def has_back(self) -> bool:
        """True when the back is a printed face (not a plain face in the side colour)."""
        return self.back is not None and not self.back.get("blank", False)


@record(frozen=True)
class CounterSet:
    """All counters of one game."""

    game: str
    sides: dict[str, Side]
    types: dict[str, CounterType]
    value_names: tuple[str, ...] = ("attack", "defense", "movement")
    layout: str = "classic"
    counter_size_mm: float | None = None
    half_mark: str = "½"
    title: str = ""
    source: str = ""
    top_left: tuple[str, ...] = ()

    def __iter__(self) -> Iterator[CounterType]:
        return iter(self.types.values())

    def __len__(self) -> int:
        return len(self.types)

    def __getitem__(self, counter_id: str) -> CounterType:
        try:
            return self.types[counter_id]
        except KeyError:
            raise InputError(f"unknown counter {counter_id!r} in {self.game} counters") from None

    @property
    def total(self) -> int:
        """The number of physical counters (sum of counts)."""
        return sum(t.count for t in self.types.values())

    def face(self, counter: CounterType | str, which: str = "front") -> Face:
        """The resolved front or back face of a counter (a plain back is a blank face)."""
        ct = self[counter] if isinstance(counter, str) else counter
        side = self.sides[ct.side]
        extras: Mapping[str, Any] = ct.front
        unit_type, size, values, designation, motorised = ct.unit_type, ct.size, ct.values, ct.designation, ct.motorised
        if which == "back":
            if not ct.has_back:
                return Face("blank", ("blank",), "", {}, "", None, extras.get("colour", side.colour),
                            extras.get("text_colour", side.text_colour), blank=True)
            assert ct.back is not None
            # what a reduced side keeps from the front unless it says otherwise: its colours, its
            # identification and which values are boxed (Tornio 4.4.2: the Support Factor is printed
            # inside a rectangle on both sides)
            extras = {**{k: v for k, v in ct.front.items() if k in _BACK_INHERITS}, **ct.back}
            unit_type = ct.back.get("unit_type", unit_type)
            size = ct.back.get("size", size)
            values = ct.back.get("values", values)
            designation = ct.back.get("designation", designation)
            motorised = ct.back.get("motorised", motorised)
        elif which != "front":
            raise InputError(f"unknown counter face {which!r} (front or back)")
        return Face(unit_type, tuple(unit_type.split("+")), size, dict(values), designation, motorised,
                    extras.get("colour", side.colour), extras.get("text_colour", side.text_colour),
                    label=str(extras.get("label", "")), boxed=tuple(extras.get("boxed", ())),
                    mark=str(extras.get("mark", side.mark)), dot=bool(extras.get("dot", False)),
                    identification=str(extras.get("identification", "")),
                    # a "blank" unit type with printed values or an identification is a unit whose type is not
                    # known (Tornio '44's OOB units): its values print, with no symbol
                    blank=bool(extras.get("blank", False)) or (unit_type == "blank" and not values
                                                               and not extras.get("identification")
                                                               and not extras.get("label")),
                    reduced=bool(extras.get("reduced", which == "back")))

    def by_values(self, side: str, values: str) -> list[CounterType]:
        """Counters of a side whose printed values read ``values`` ("6-6-2")."""
        return [t for t in self.types.values() if t.side == side and self.values_text(t.values) == values]

    def values_text(self, values: Mapping[str, Value]) -> str:
        """Values joined with "-" in the game's printed order (0.5 as the half mark)."""
        return "-".join(format_value(values[k], self.half_mark) for k in self.value_names if k in values)


def format_value(value: Value, half_mark: str = "½") -> str:
    """A value as printed: 0.5 -> the half mark, 2.0 -> "2"."""
    if isinstance(value, float):
        if value == 0.5:
            return half_mark
        if value.is_integer():
            return str(int(value))
    return str(value)


def parse_length(text: str | float | int, what: str = "length", positive: bool = True) -> float:
    """A printed length in millimetres: ``0.5in``, ``1/2in``, ``5/8"``, ``16mm``, ``12pt``, ``1.2cm``, ``0.1m``.

    With ``positive`` (the default) the length must be more than 0; without it a sign is allowed
    (``-0.5mm``) and the caller checks the range.
    """
    if isinstance(text, int | float) and not isinstance(text, bool):
        raise InputError(f"{what} {text!r} needs a unit (in, mm, cm, m or pt)")
    match = re.fullmatch(r"\s*([+-]?)\s*(\d+(?:\.\d*)?|\.\d+)(?:\s*/\s*(\d+))?\s*(in|inch|\"|mm|cm|m|pt)\s*", str(text))
    if not match:
        raise InputError(f"bad {what} {text!r} (expected e.g. 0.5in, 5/8in, 16mm)")
    denominator = float(match.group(3)) if match.group(3) else 1.0
    if denominator == 0:
        raise InputError(f"bad {what} {text!r} (division by zero)")
    number = float(match.group(2)) / denominator * (-1.0 if match.group(1) == "-" else 1.0)
    unit = match.group(4)
    mm = number * {"in": 25.4, "inch": 25.4, '"': 25.4, "mm": 1.0, "cm": 10.0, "m": 1000.0, "pt": 25.4 / 72}[unit]
    if positive and not 0 < mm < 10000:
        raise InputError(f"bad {what} {text!r} (must be more than 0 and less than 10 m)")
    if not abs(mm) < 10000:
        raise InputError(f"bad {what} {text!r} (must be less than 10 m)")
    return mm


# ---------------------------------------------------------------------------------------------- loading

#: A counter file of a big game is a few thousand nodes; this allows 100 times that (~57 MB of node tree).
COUNTER_LIMITS = yf.Limits(max_depth=16, max_nodes=200_000)
#: the longest counter id: it names files (counter art, module images), which most systems cap at 255 bytes
MAX_ID = 64
_BREAKS = re.compile("\r\n|[\r\x85\u2028\u2029]")

#: the longest printed text (a label, a designation, a value)
MAX_TEXT = 200
#: the most copies of one counter (a sheet of 10,000 counters is already about 40 pages)
MAX_COUNT = 10_000
_Lined = yf.LinedMap


def _resolve_path(path_or_slug: str | Path) -> Path:
    path = Path(path_or_slug)
    if path.exists():  # read_text names a folder, a pipe or a device as such
        return path
    text = str(path_or_slug)
    if isinstance(path_or_slug, Path) or path.suffix or "/" in text or "\\" in text:
        raise InputError(f"counter file not found: {text}")
    return data.counters_path(text)


#: what parsing a counter file depends on (its cache entries are stamped with them)
_PARSER_MODULES = ("counters.py", "yamlfile.py", "records.py", "fileio.py")


def load_counters(path_or_slug: str | Path) -> CounterSet:
    """Load and validate a counter file (a path, or a game slug naming ``counters/<slug>.yaml``).

    A file that parsed cleanly is cached as parsed (:func:`toolkit.terrain.cache.cached_parse`, by its path,
    bytes and the parser's code): reading Winter War's counters took ~16M instructions of a ``wgt check``."""
    from .terrain.cache import cached_parse, store_parse

    path = _resolve_path(path_or_slug)
    raw = read_bytes(path, "counter file")
    found = cached_parse("counters", raw, str(path), _PARSER_MODULES)
    if isinstance(found, CounterSet):
        return found
    cset = parse_counters(decode_text(raw, path), str(path))
    store_parse("counters", raw, str(path), _PARSER_MODULES, cset)
    return cset


def parse_counters(text: str, source: str = "<counters>") -> CounterSet:
    """Validate counter YAML given as text (``source`` names it in errors)."""
    return _Builder(source).build(yf.load_text(text, source, "counter file", COUNTER_LIMITS))


class _Builder:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, message: str, line: int | None) -> DataFileError:
        return DataFileError(message, self.source, line)

    def mapping(self, value: Any, what: str, line: int | None) -> _Lined:
        if not isinstance(value, _Lined):
            raise self.fail(f"{what} must be a mapping, not {_show(value)}", line)
        return value

    def check_keys(self, m: _Lined, allowed: set[str], what: str) -> None:
        for key in m:
            if key not in allowed:
                raise self.fail(f"unknown key {key!r} in {what} (allowed: {', '.join(sorted(allowed))})",
                                m.value_lines.get(key, m.line))

    def text(self, m: _Lined, key: str, what: str, default: str | None = None) -> str:
        if key not in m or m[key] is None:
            if default is None:
                raise self.fail(f"{what} has no {key!r}", m.line)
            return default
        value = m[key]
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise self.fail(f"{what} {key} must be text, not {_show(value)}", m.value_lines[key])
        return self.printable(str(value), f"{what} {key}", m.value_lines[key], multiline=key in ("notes", "label"))

    def printable(self, value: str, what: str, line: int | None, multiline: bool = False) -> str:
        """Text printed on a counter: one line (notes may have several), no control characters, at most
        MAX_TEXT characters (notes 10 times that)."""
        try:
            text = yf.Str(max_len=MAX_TEXT * (10 if multiline else 1), multiline=multiline).check(
                value, self.source, line, what)
        except DataFileError as exc:
            raise self.fail(exc.message, line) from None
        # one spelling of a line break: the drawing splits at "\n" (a label of "\x85", NEL, reached Pillow's
        # text layout whole and failed there: fuzz seed 59)
        return _BREAKS.sub("\n", text) if multiline else text

    def colour(self, m: _Lined, key: str, what: str, default: str | None = None) -> str:
        value = self.text(m, key, what, default)
        if not _COLOUR.match(value):
            raise self.fail(f"bad colour {value!r} for {what} {key} (expected #rrggbb)", m.value_lines.get(key))
        return value.lower()

    def build(self, doc: Any) -> CounterSet:
        top = self.mapping(doc, "counter file", 1)
        self.check_keys(top, _TOP_KEYS, "counter file")
        game = self.text(top, "game", "counter file")
        layout = self.text(top, "layout", "counter file", "classic")
        if layout not in LAYOUTS:
            raise self.fail(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})", top.value_lines["layout"])
        size_mm = None
        if top.get("counter_size") is not None:
            try:
                size_mm = parse_length(top["counter_size"], "counter_size")
            except InputError as exc:
                raise self.fail(str(exc), top.value_lines["counter_size"]) from None
        names = top.get("values", ["attack", "defense", "movement"])
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
            raise self.fail(f"values must be a list of value names, not {_show(names)}", top.value_lines.get("values"))
        for n in names:
            self.printable(n, "value name", top.value_lines.get("values"))
        value_names = tuple(names)
        if len(set(value_names)) != len(value_names):
            raise self.fail(f"duplicate value name in {list(value_names)}", top.value_lines.get("values"))
        self.value_names = value_names
        half_mark = self.text(top, "half_mark", "counter file", "½")
        corner = top.get("top_left", [])
        if not isinstance(corner, list) or any(n not in value_names for n in corner):
            raise self.fail(f"top_left must list value names of {', '.join(value_names)}, not {_show(corner)}",
                            top.value_lines.get("top_left"))

        sides_doc = self.mapping(top.get("sides"), "sides", top.value_lines.get("sides", top.line))
        if not sides_doc:
            raise self.fail("no sides", sides_doc.line)
        sides: dict[str, Side] = {}
        for name, spec in sides_doc.items():
            line = sides_doc.value_lines[name]
            self.printable(name, "side name", line)
            spec = self.mapping(spec, f"side {name!r}", line)
            self.check_keys(spec, _SIDE_KEYS, f"side {name!r}")
            sides[name] = Side(
                name=name, label=self.text(spec, "label", f"side {name!r}", name.title()),
                colour=self.colour(spec, "colour", f"side {name!r}"),
                text_colour=self.colour(spec, "text_colour", f"side {name!r}", "#000000"),
                short=self.text(spec, "short", f"side {name!r}", name[:3]),
                mark=self.text(spec, "mark", f"side {name!r}", ""),
                player=self.text(spec, "player", f"side {name!r}", name))
        self.sides = sides

        entries = top.get("counters")
        if not isinstance(entries, list):
            raise self.fail(f"counters must be a list, not {_show(entries)}", top.value_lines.get("counters", top.line))
        types: dict[str, CounterType] = {}
        for entry in entries:
            ct = self.counter(entry, top.value_lines["counters"])
            if ct.id in types:
                raise self.fail(f"duplicate counter id {ct.id!r} (first on line {types[ct.id].line})", ct.line)
            types[ct.id] = ct
        return CounterSet(game=game, sides=sides, types=types, value_names=value_names, layout=layout,
                          counter_size_mm=size_mm, half_mark=half_mark,
                          title=self.text(top, "title", "counter file", ""), source=self.source,
                          top_left=tuple(corner))

    def unit_type(self, raw: Any, line: int | None) -> str:
        if not isinstance(raw, str) or not raw.strip():
            raise self.fail(f"bad unit type {_show(raw)}", line)
        parts = []
        for part in raw.split("+"):
            key = part.strip().lower().replace(" ", "_").replace("-", "_")
            key = _TYPE_ALIASES.get(key, key)
            if key not in UNIT_TYPES:
                raise self.fail(f"unknown unit type {part.strip()!r} (known: {', '.join(UNIT_TYPES)})", line)
            parts.append(key)
        return "+".join(parts)

    def size(self, raw: Any, line: int | None) -> str:
        if raw is None or raw == "":
            return ""
        text = str(raw).strip().replace("*", "•").replace("..", "••").replace(".", "•")
        text = _SIZE_NAMES.get(text.lower(), text)
        if text.upper() in SIZES:
            return text.upper()
        raise self.fail(f"unknown unit size {raw!r} (known: {' '.join(SIZES)} or a name like division)", line)

    def values(self, raw: Any, line: int | None, what: str) -> dict[str, Value]:
        m = self.mapping(raw, f"{what} values", line)
        out: dict[str, Value] = {}
        for key, value in m.items():
            vline = m.value_lines.get(key, line)
            if key not in self.value_names:
                raise self.fail(f"unknown value {key!r} in {what} (the game's values: "
                                f"{', '.join(self.value_names)})", vline)
            if isinstance(value, bool) or value is None or not isinstance(value, int | float | str):
                raise self.fail(f"bad {key} value {_show(value)} in {what}", vline)
            if isinstance(value, str) and value.strip().upper() in ("H", "½", "1/2"):
                value = 0.5
            elif isinstance(value, str):
                value = self.printable(value, f"{key} value in {what}", vline)
            if isinstance(value, int | float) and not value < 1e9:
                raise self.fail(f"bad {key} value {value!r} in {what} (at most 1e9)", vline)
            if isinstance(value, int | float) and value < 0:
                raise self.fail(f"negative {key} value {value!r} in {what}", vline)
            out[key] = value
        return dict(sorted(out.items(), key=lambda kv: self.value_names.index(kv[0])))

    def motorised(self, raw: Any, line: int | None) -> str | None:
        if raw is None or raw is False:
            return None
        if raw is True:
            return "wheels"
        if raw not in MOTORISED:
            raise self.fail(f"bad motorised {raw!r} (wheels, track or halftrack)", line)
        return str(raw)

    def face_extras(self, m: _Lined, what: str, allow_overrides: bool) -> dict[str, Any]:
        allowed = set(FACE_KEYS) | (set(_BACK_OVERRIDES) if allow_overrides else set())
        self.check_keys(m, allowed, what)
        out: dict[str, Any] = {}
        for key, value in m.items():
            line = m.value_lines[key]
            if key in ("colour", "text_colour"):
                out[key] = self.colour(m, key, what)
            elif key == "boxed":
                if not isinstance(value, list) or any(v not in self.value_names for v in value):
                    raise self.fail(f"boxed must list value names of {', '.join(self.value_names)}, "
                                    f"not {_show(value)}", line)
                out[key] = list(value)
            elif key in ("dot", "blank", "reduced"):
                if not isinstance(value, bool):
                    raise self.fail(f"{key} must be true or false, not {_show(value)}", line)
                out[key] = value
            elif key == "values":
                out[key] = self.values(value, line, what)
            elif key == "unit_type":
                out[key] = self.unit_type(value, line)
            elif key == "size":
                out[key] = self.size(value, line)
            elif key == "motorised":
                out[key] = self.motorised(value, line)
            else:
                out[key] = self.text(m, key, what)
        return out

    def counter(self, entry: Any, list_line: int) -> CounterType:
        m = self.mapping(entry, "counter entry", list_line)
        self.check_keys(m, _COUNTER_KEYS, "counter")
        cid = self.text(m, "id", "counter")
        if not _ID.match(cid) or len(cid) > MAX_ID:
            raise self.fail(f"bad counter id {_show(cid)} (lower-case letters, digits, - _ . +; at most {MAX_ID})",
                            m.value_lines["id"])
        what = f"counter {cid!r}"
        side = self.text(m, "side", what)
        if side not in self.sides:
            raise self.fail(f"unknown side {side!r} (sides: {', '.join(self.sides)})", m.value_lines["side"])
        unit_type = self.unit_type(m.get("unit_type"), m.value_lines.get("unit_type", m.line))
        count = m.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
            raise self.fail(f"bad count {_show(count)} for {what}", m.value_lines.get("count", m.line))
        front: dict[str, Any] = {}
        if m.get("front") is not None:
            front = self.face_extras(self.mapping(m["front"], f"{what} front", m.value_lines["front"]),
                                     f"{what} front", allow_overrides=False)
        back: dict[str, Any] | None = None
        if m.get("back") is not None:
            back = self.face_extras(self.mapping(m["back"], f"{what} back", m.value_lines["back"]),
                                    f"{what} back", allow_overrides=True)
            if back.get("blank") and len(back) == 1:
                back = None
        values = self.values(m.get("values", _empty(m.line)), m.value_lines.get("values", m.line), what)
        for face, face_type, key in ((front, unit_type, "front"), (back or {}, (back or {}).get("unit_type", unit_type),
                                                                    "back")):
            label = face.get("label", "")
            if "\n" in label and (label.count("\n") > 3 or face_type.split("+")[0] not in ("marker", "blank")):
                raise self.fail(f"{what} {key} label: text of several lines is printed on markers only "
                                "(at most 4 lines)", m.value_lines[key])
        return CounterType(
            id=cid, side=side, unit_type=unit_type, size=self.size(m.get("size"), m.value_lines.get("size")),
            values=values, front=front, back=back, designation=self.text(m, "designation", what, ""),
            count=count, notes=self.text(m, "notes", what, ""),
            motorised=self.motorised(m.get("motorised"), m.value_lines.get("motorised")), line=m.line)


def _empty(line: int | None) -> _Lined:
    out = _Lined()
    out.line = line
    return out


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
