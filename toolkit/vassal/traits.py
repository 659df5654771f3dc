"""Piece trait chains (``reference/vassal-formats.md`` §2.7).

A piece's *type* and *state* are TAB-nested chains, outermost trait first and the ``BasicPiece``
(``piece;``), ``Stack`` (``stack``) or ``Deck`` (``deck;``) innermost. :func:`decode_chain` turns them
into a list of :class:`Trait` objects; the common traits are typed subclasses with readable fields,
every other trait (module-specific classes too) is a plain :class:`Trait` that keeps its own type and
state verbatim, so :func:`encode_chain` reproduces the original strings exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import VassalFormatError
from ..hexgrid.vassal._java import java_int
from .codec import TAB, join, split

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from typing import ClassVar

__all__ = [
    "BasicPiece",
    "Clone",
    "Deck",
    "Delete",
    "DynamicProperty",
    "Embellishment",
    "Hideable",
    "Label",
    "Marker",
    "Obscurable",
    "Prototype",
    "Report",
    "Restricted",
    "SendTo",
    "Stack",
    "Trait",
    "TriggerAction",
    "decode_chain",
    "decode_chain_shared",
    "encode_chain",
    "piece_name",
    "piece_properties",
]


class Trait:
    """One layer of a piece: its own ``type`` and ``state`` strings (without the inner layers).

    ``_json`` is free for a reader's text of the layer, kept with the state it was made from (``wgt vassal
    dump`` keeps each shared layer's JSON there: :func:`decode_chain_shared`)."""

    __slots__ = ("_fields", "_json", "_sfields", "state", "type")
    kind: ClassVar[str] = "trait"
    prefixes: ClassVar[tuple[str, ...]] = ()

    def __init__(self, type: str, state: str = "") -> None:
        self.type = type
        self.state = state
        self._json: tuple[str, str] | None = None

    def _state(self) -> list[str]:
        """The own state split on ``;`` (cached per state value)."""
        cached: tuple[str, list[str]] | None = getattr(self, "_sfields", None)
        if cached is None or cached[0] is not self.state:
            cached = self._sfields = (self.state, split(self.state, ";"))
        return cached[1]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.type!r}, {self.state!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trait) and (self.type, self.state) == (other.type, other.state)

    __hash__ = None  # type: ignore[assignment]

    @property
    def prefix(self) -> str:
        """The class-selecting prefix: the type up to its first ``;`` (or the whole type)."""
        head, sep, _ = self.type.partition(";")
        return head + sep

    def fields(self) -> list[str]:
        """The own-type fields after the prefix (``SequenceEncoder`` ``;``)."""
        cached: tuple[str, list[str], bool] | None = getattr(self, "_fields", None)
        if cached is None or cached[0] is not self.type or not cached[2]:
            cached = self._fields = (self.type, split(self.type, ";")[1:], True)
        return list(cached[1])

    def field(self, index: int, default: str = "") -> str:
        cached: tuple[str, list[str], bool] | None = getattr(self, "_fields", None)
        if cached is None or cached[0] is not self.type:
            cached = self._first_fields()
        f = cached[1]
        if index < len(f):
            return f[index]
        if cached[2]:  # all of them
            return default
        f = self.fields()  # past the first six: all of them
        return f[index] if index < len(f) else default

    def _first_fields(self) -> tuple[str, list[str], bool]:
        """The type's first six fields, from the type split only that far when no delimiter among them is escaped
        (a macro's type holds tens of fields more, escaped and nested, that :meth:`fields` would split and
        unescape, where its description reads three: Paths of Glory has 436 distinct macro layers); else all."""
        parts = self.type.split(";", 7)
        if len(parts) == 8 and "\\" not in [p[-1:] for p in parts[:7]]:  # each followed by an unescaped ';'
            cached = self._fields = (self.type, [p[1:-1] if len(p) > 1 and p[0] == "'" and p[-1] == "'" else p
                                                 for p in parts[1:7]], False)
        else:
            cached = self._fields = (self.type, split(self.type, ";")[1:], True)
        return cached
    def name_of(self, inner: str) -> str:
        """This layer's contribution to the piece name, given the inner layers' name."""
        return inner

    def describe(self) -> dict[str, object]:
        """A JSON-ready summary (``trait`` plus the readable fields of typed traits)."""
        out: dict[str, object] = {"trait": self.kind if self.kind != "trait" else self.prefix.rstrip(";")}
        out.update(self._details())
        return out

    def _details(self) -> dict[str, object]:
        return {}


class BasicPiece(Trait):
    """``piece;cloneKey;deleteKey;image;name`` / state ``map;x;y;gpid;n;k1;v1;...`` (§2.7.2)."""

    __slots__ = ()
    kind = "basic"
    prefixes = ("piece;",)

    @property
    def image(self) -> str:
        return self.field(2)

    @property
    def name(self) -> str:
        return self.field(3)

    @property
    def map(self) -> str | None:
        s = self._state()
        return None if not s or s[0] in ("", "null") else s[0]

    @property
    def xy(self) -> tuple[int, int]:
        s = self._state()
        return _int(s, 1), _int(s, 2)

    @property
    def gpid(self) -> str:
        s = self._state()
        return s[3] if len(s) > 3 else ""

    @property
    def properties(self) -> dict[str, str]:
        """Persistent properties (3.4+), in file order."""
        s = self._state()
        n = _int(s, 4)
        out = {}
        # BasicPiece.setState: put(nextToken(""), nextToken("")) count times; past the end of the fields every
        # entry reads as "" -> "", so one such entry gives the mapping the count claims (a mutated save may
        # claim 2147483647 properties)
        for i in range(min(n, max(0, (len(s) - 5 + 1) // 2) + 1)):
            j = 5 + 2 * i
            out[s[j] if j < len(s) else ""] = s[j + 1] if j + 1 < len(s) else ""
        return out

    def name_of(self, inner: str) -> str:
        return self.name

    def _details(self) -> dict[str, object]:
        x, y = self.xy
        return {"name": self.name, "image": self.image, "map": self.map, "x": x, "y": y, "gpid": self.gpid,
                "properties": self.properties}

    @staticmethod
    def make(name: str, image: str = "", *, map: str | None = None, x: int = 0, y: int = 0, gpid: str = "",
             properties: dict[str, str] | None = None) -> BasicPiece:
        """A new BasicPiece (3.4+ state with a property count)."""
        props = properties or {}
        state = [map or "null", str(x), str(y), gpid, str(len(props))]
        for k, v in props.items():
            state += [k, v]
        return BasicPiece("piece;" + join(("", "", image, name), ";"), join(state, ";"))

    def moved(self, map: str | None, x: int, y: int) -> BasicPiece:
        """A copy with another map and position (properties kept)."""
        s = self._state() + [""] * max(0, 3 - len(self._state()))
        s[0], s[1], s[2] = map or "null", str(x), str(y)
        return BasicPiece(self.type, join(s, ";"))


class Stack(Trait):
    """``stack`` / state ``map;x;y;id1;...;idN[;@@layer]`` (§2.7.3)."""

    __slots__ = ()
    kind = "stack"
    prefixes = ("stack",)

    @property
    def map(self) -> str | None:
        s = self._state()
        return None if not s or s[0] in ("", "null") else s[0]

    @property
    def xy(self) -> tuple[int, int]:
        """Position; (0, 0) when the stack is on no map (VASSAL then reads x, y as unknown ids)."""
        s = self._state()
        if not s or s[0] in ("", "null"):
            return 0, 0
        return _int(s, 1), _int(s, 2)

    @property
    def children(self) -> list[str]:
        """Ids of the stacked pieces, bottom first."""
        s = self._state()
        return [t for t in s[3:] if t and not t.startswith("@@")]

    @property
    def layer(self) -> int | None:
        s = split(self.state, ";")
        return java_int(s[-1][2:]) if len(s) > 3 and s[-1].startswith("@@") else None

    def name_of(self, inner: str) -> str:
        return ""

    def _details(self) -> dict[str, object]:
        x, y = self.xy
        return {"map": self.map, "x": x, "y": y, "pieces": self.children}

    @staticmethod
    def make(map: str, x: int, y: int, children: Sequence[str], layer: int | None = -1) -> Stack:
        fields = [map, str(x), str(y), *children]
        if layer is not None:
            fields.append(f"@@{layer}")
        return Stack("stack", join(fields, ";"))


class Deck(Trait):
    """``deck;...`` / state ``map;x;y;faceDown;ids(,)`` (§2.7.3)."""

    __slots__ = ()
    kind = "deck"
    prefixes = ("deck;",)

    @property
    def deck_name(self) -> str:
        return self.field(12)

    @property
    def map(self) -> str | None:
        s = self._state()
        return None if not s or s[0] in ("", "null") else s[0]

    @property
    def xy(self) -> tuple[int, int]:
        s = split(self.state, ";")
        return _int(s, 1), _int(s, 2)

    @property
    def children(self) -> list[str]:
        s = split(self.state, ";")
        return [t for t in split(s[4], ",") if t] if len(s) > 4 else []

    def name_of(self, inner: str) -> str:
        return ""

    def _details(self) -> dict[str, object]:
        x, y = self.xy
        return {"name": self.deck_name, "map": self.map, "x": x, "y": y, "pieces": self.children}


class Embellishment(Trait):
    """``emb2;`` Layer: images and level names; state = 1-based active level, negative when off."""

    __slots__ = ()
    kind = "layer"
    prefixes = ("emb2;", "emb;")

    @property
    def layer_name(self) -> str:
        return self.field(18)

    @property
    def images(self) -> list[str]:
        return split(self.field(15), ",")

    @property
    def level_names(self) -> list[str]:
        return split(self.field(16), ",")

    @property
    def value(self) -> int:
        """VASSAL's ``value``: the 1-based level, negative when inactive. From the state's first
        ``;`` field (old saves write ``1;``), -1 when that is no number; a piece without state (a
        palette definition) starts inactive only when the layer has an activate key."""
        if not self.state:
            if self.type.startswith("emb2;"):
                return -1 if self.field(2) else 1
            return 1
        return _parse_int(split(self.state, ";")[0], -1)

    @property
    def level(self) -> int:
        """The 1-based current level (its absolute value when inactive)."""
        return abs(self.value) or 1

    @property
    def active(self) -> bool:
        return self.value > 0

    def name_of(self, inner: str) -> str:
        value = self.value
        names = self.level_names
        cname = names[value - 1] if 0 < value <= len(names) else ""
        if not cname:
            return inner
        parts = split(cname, "+")
        if len(parts) > 1:
            return inner + parts[1] if parts[0] == "" else parts[0] + inner
        return parts[0]

    def _details(self) -> dict[str, object]:
        names = self.level_names
        level = self.level
        return {"name": self.layer_name, "level": level, "active": self.active,
                "level_name": names[level - 1] if 0 < level <= len(names) else "", "levels": len(self.images)}


class Marker(Trait):
    """``mark;`` fixed properties: keys and values are ``,``-lists."""

    __slots__ = ("_props",)
    kind = "marker"
    prefixes = ("mark;",)

    @property
    def properties(self) -> dict[str, str]:
        return dict(self.shared_properties())

    def shared_properties(self) -> dict[str, str]:
        """:attr:`properties`, made once while the type and state stay the same (a marker layer is shared by
        the pieces of a type, and read for each): read it, do not change it."""
        cached: tuple[str, str, dict[str, str]] | None = getattr(self, "_props", None)
        if cached is None or cached[0] is not self.state or cached[1] is not self.type:
            keys = split(self.type[5:], ",")
            values = split(self.state, ",")
            cached = self._props = (self.state, self.type,
                                    {k: (values[i] if i < len(values) else "") for i, k in enumerate(keys)})
        return cached[2]

    def _details(self) -> dict[str, object]:
        return {"properties": self.properties}


class DynamicProperty(Trait):
    """``PROP;name;...`` a dynamic property; state = its current value."""

    __slots__ = ()
    kind = "dynamic-property"
    prefixes = ("PROP;",)

    @property
    def key(self) -> str:
        return self.field(0)

    @property
    def value(self) -> str:
        return self.state

    def _details(self) -> dict[str, object]:
        return {"name": self.key, "value": self.value}


class Label(Trait):
    """``label;`` text label; state = the label text."""

    __slots__ = ()
    kind = "label"
    prefixes = ("label;",)

    @property
    def text(self) -> str:
        return self.state

    @property
    def name_format(self) -> str:
        return self.field(11, "$pieceName$ ($label$)")

    def name_of(self, inner: str) -> str:
        if not self.state:
            return inner
        return self.name_format.replace("$pieceName$", inner).replace("$label$", self.state)

    def _details(self) -> dict[str, object]:
        return {"text": self.text, "name": self.field(16)}


class Obscurable(Trait):
    """``obs;`` mask; state ``obscuredBy;...`` (``null`` when visible)."""

    __slots__ = ()
    kind = "mask"
    prefixes = ("obs;",)

    @property
    def obscured_by(self) -> str | None:
        first = split(self.state, ";")[0] if self.state else ""
        return None if first in ("", "null") else first

    @property
    def mask_name(self) -> str:
        return self.field(4)

    def _details(self) -> dict[str, object]:
        return {"obscured_by": self.obscured_by, "mask_name": self.mask_name}


class Hideable(Trait):
    """``hide;`` invisible; state = the hiding player's id or ``null``."""

    __slots__ = ()
    kind = "invisible"
    prefixes = ("hide;",)

    @property
    def hidden_by(self) -> str | None:
        return None if self.state in ("", "null") else self.state

    def _details(self) -> dict[str, object]:
        return {"hidden_by": self.hidden_by}


class Prototype(Trait):
    """``prototype;name[;params]`` (only in module definitions; saves hold expanded traits)."""

    __slots__ = ()
    kind = "prototype"
    prefixes = ("prototype;",)

    @property
    def name(self) -> str:
        return self.field(0)

    def _details(self) -> dict[str, object]:
        return {"name": self.name}


class _Command(Trait):
    __slots__ = ()

    @property
    def command(self) -> str:
        return self.field(0)

    @property
    def key(self) -> str:
        return self.field(1)

    def _details(self) -> dict[str, object]:
        return {"command": self.command, "key": self.key}


class Delete(_Command):
    __slots__ = ()
    kind = "delete"
    prefixes = ("delete;",)


class Clone(_Command):
    __slots__ = ()
    kind = "clone"
    prefixes = ("clone;",)


class SendTo(_Command):
    """``sendto;`` send to location; state = the 'back' map and position."""

    __slots__ = ()
    kind = "send-to"
    prefixes = ("sendto;",)

    def _details(self) -> dict[str, object]:
        return {"command": self.command, "key": self.key, "map": self.field(2), "board": self.field(3),
                "x": self.field(4), "y": self.field(5)}


class Report(Trait):
    """``report;keys;format;...`` report action."""

    __slots__ = ()
    kind = "report"
    prefixes = ("report;",)

    def _details(self) -> dict[str, object]:
        return {"format": self.field(1)}


class TriggerAction(Trait):
    """``macro;name;command;key;...`` trigger action (macro)."""

    __slots__ = ()
    kind = "trigger"
    prefixes = ("macro;",)

    def _details(self) -> dict[str, object]:
        return {"name": self.field(0), "command": self.field(1), "key": self.field(2)}


class Restricted(Trait):
    """``restrict;sides;...`` restricted access; state = the owning player."""

    __slots__ = ()
    kind = "restricted"
    prefixes = ("restrict;",)

    @property
    def sides(self) -> list[str]:
        return [s for s in split(self.field(0), ",") if s]

    def _details(self) -> dict[str, object]:
        return {"sides": self.sides, "owner": self.state}


class _Named(Trait):
    __slots__ = ()

    def _details(self) -> dict[str, object]:
        return {"name": self.field(0)}


class CalculatedProperty(_Named):
    __slots__ = ()
    kind = "calculated-property"
    prefixes = ("calcProp;",)


class BasicName(Trait):
    """``basicName;name`` (3.7 'Basic Name'): replaces the inner name."""

    __slots__ = ()
    kind = "basic-name"
    prefixes = ("basicName;",)

    def name_of(self, inner: str) -> str:
        return self.field(0) or inner

    def _details(self) -> dict[str, object]:
        return {"name": self.field(0)}


_CLASSES: dict[str, type[Trait]] = {}
for _cls in (BasicPiece, Stack, Deck, Embellishment, Marker, DynamicProperty, Label, Obscurable, Hideable,
             Prototype, Delete, Clone, SendTo, Report, TriggerAction, Restricted, CalculatedProperty, BasicName):
    for _p in _cls.prefixes:
        _CLASSES[_p] = _cls


def make_trait(type: str, state: str = "") -> Trait:
    """The typed :class:`Trait` for an own type (plain :class:`Trait` when the prefix is unknown)."""
    head, sep, _ = type.partition(";")
    cls = _CLASSES.get(head + sep) or _CLASSES.get(head, Trait) if sep else _CLASSES.get(type, Trait)
    return cls(type, state)


_BACKSLASHES = ["\\" * k for k in range(200)]


def _layers(text: str) -> list[str] | None:
    """One-pass split of a TAB chain, or None when it needs the level-by-level decoder.

    The separator below depth k is the first later TAB preceded by exactly k backslashes (one more per
    nesting level, §2.7.1); a TAB with more backslashes is content of the current layer, written with
    k + 1 extra backslashes that level-by-level decoding would remove. When no layer starts with a
    quote (so no level strips quotes) this gives exactly what splitting level by level gives, in
    linear instead of quadratic time."""
    parts = text.split("\t")
    if len(parts) == 1:
        return None if text[:1] == "'" else parts
    end = len(parts) - 1
    if end < len(_BACKSLASHES) - 1 and "'" not in text:
        # the usual chain: no TAB inside a layer's own text, so part k ends with exactly k backslashes (the
        # separator's); checked and cut by comprehensions instead of the loop below
        if len(text) > 120 * end:  # long layers (a piece's type): two endswith per part
            bs = _BACKSLASHES
            if all([p.endswith(bs[k]) and not p.endswith(bs[k + 1]) for k, p in enumerate(parts[:end])]):
                return [parts[0], *[p[:-k] for k, p in enumerate(parts[1:end], 1)], parts[end]]
        else:  # short ones (a state: mostly the separators' backslashes): cut, then checked at once in C
            out = [parts[0], *[p[:-k] for k, p in enumerate(parts[1:end], 1)], parts[end]]
            joined = "\t".join(out)
            # what was cut is k characters of part k (shorter parts lose fewer), all backslashes exactly when
            # the count of backslashes falls by 0 + 1 + ... + (end - 1); no layer but the last ends with one
            if "\\\t" not in joined and text.count("\\") - joined.count("\\") == end * (end - 1) // 2:
                return out
    out = []
    segment: list[str] = []
    depth = 0
    content = False
    escape = ""  # the separator's backslashes at this depth; one more marks a TAB inside the layer
    more = "\\"
    for part in parts[:-1]:
        # endswith compares memory; str.rstrip("\\") tested each of the millions of backslashes one by one
        if part.endswith(more):  # a TAB inside the current layer's own text
            segment.append(part)
            content = True
            continue
        if depth:
            if not part.endswith(escape):
                return None
            stripped = part[:-depth]
        else:
            stripped = part
        if segment:
            segment.append(stripped)
            token = "\t".join(segment)
            segment = []
        else:
            token = stripped
        if token[:1] == "'":
            return None
        if content:
            token = token.replace(more + "\t", "\t")
            content = False
        out.append(token)
        depth += 1
        escape, more = more, more + "\\"
    segment.append(parts[-1])
    last = "\t".join(segment)
    if last[:1] == "'":
        return None
    if content:
        last = last.replace(more + "\t", "\t")
    out.append(last)
    return out


#: the layers of a full type with the class of each, by type: the pieces of a save share a few hundred types
#: (Paths of Glory: 431 of 2,222 pieces, 4.8 KB each on average), each split once (the lists are only read)
_TYPE_LAYERS: dict[str, tuple[list[str], list[type[Trait]]] | None] = {}
_MEMO_SIZE = 4096


def _type_layers(type: str) -> tuple[list[str], list[type[Trait]]] | None:
    try:
        return _TYPE_LAYERS[type]
    except KeyError:
        pass
    if len(_TYPE_LAYERS) >= _MEMO_SIZE:
        _TYPE_LAYERS.clear()
    layers = _layers(type)
    if layers is None:
        found = _TYPE_LAYERS[type] = None
    else:
        known = _CLASS_OF.get  # the class of a layer seen before without a call (most are: types share layers)
        found = _TYPE_LAYERS[type] = (layers, [known(t) or _class_of(t) for t in layers])
    return found


#: the class of each layer type seen (piece types share most of their layers)
_CLASS_OF: dict[str, type[Trait]] = {}


def _class_of(type: str) -> type[Trait]:
    """``make_trait(type).__class__``, without making the trait."""
    try:
        return _CLASS_OF[type]
    except KeyError:
        pass
    if len(_CLASS_OF) >= 4 * _MEMO_SIZE:
        _CLASS_OF.clear()
    head, sep, _ = type.partition(";")
    cls = _CLASS_OF[type] = _CLASSES.get(head + sep) or _CLASSES.get(head, Trait) if sep else _CLASSES.get(type, Trait)
    return cls


def decode_chain(type: str, state: str) -> list[Trait]:
    """Split a full type and state into traits, outermost first (§2.7.1)."""
    types = _type_layers(type)
    states = _layers(state)
    if types is not None and states is not None:
        n = len(states)
        return [cls(t, states[k] if k < n else "") for k, (t, cls) in enumerate(zip(*types))]
    return _decode_chain_by_level(type, state)


#: per full type, for :func:`decode_chain_shared`: the layer types, their classes, per layer but the innermost the
#: Trait objects already made by their state (one dict per distinct layer type: piece types share layers), and
#: the outer layers already made by the text of their states (the state less the innermost layer's)
_SHARED: dict[str, tuple[list[str], list[type[Trait]], list[dict[str, Trait]], dict[str, list[Trait]]] | None] = {}
_BY_LAYER: dict[str, dict[str, Trait]] = {}


def decode_chain_shared(type: str, state: str) -> list[Trait]:
    """:func:`decode_chain`, with every layer but the innermost shared between the chains decoded so far: a
    layer of the same type and state is the same object (the 55,110 layers of Paths of Glory's 2,222 pieces
    are 4,124 distinct ones), and pieces of one type whose states differ only in the innermost layer's (its
    map and position) share the list of their outer layers' states, found by that text alone. For readers:
    a shared layer must not be changed (the innermost, the piece's position, is the chain's own)."""
    try:
        found = _SHARED[type]
    except KeyError:
        if len(_SHARED) >= _MEMO_SIZE:
            _SHARED.clear()
            _BY_LAYER.clear()
        layers = _type_layers(type)
        if layers is None:
            found = _SHARED[type] = None
        else:
            by_layer = _BY_LAYER.get
            found = _SHARED[type] = (layers[0], layers[1], [
                m if (m := by_layer(t)) is not None else _BY_LAYER.setdefault(t, {}) for t in layers[0][:-1]], {})
    if found is None:
        return _decode_chain_by_level(type, state)
    types, classes, made, outers = found
    last = len(types) - 1
    cut = state.rfind("\t")
    if cut >= 0:
        # the states of the outer layers end at the last TAB when the innermost state holds none (the usual
        # case: map;x;y;...); a chain split once with this text before it gave exactly these outer layers
        outer = outers.get(state[:cut])
        if outer is not None and state[cut + 1:cut + 2] != "'":
            return [*outer, classes[last](types[last], state[cut + 1:])]
    states = _layers(state)
    if states is None:
        return _decode_chain_by_level(type, state)
    n = len(states)
    if n <= last:
        states = states + [""] * (last + 1 - n)
    # a layer made before by its type and state, else made now (a Trait is always true)
    out = [m.get(s) or m.setdefault(s, c(t, s)) for m, c, t, s in zip(made, classes, types, states)]
    if cut >= 0 and n == last + 1 and states[last] == state[cut + 1:]:
        if len(outers) >= _MEMO_SIZE:
            outers.clear()
        outers[state[:cut]] = out[:]
    out.append(classes[last](types[last], states[last]))
    return out


MAX_SLOW_WORK = 100_000_000  # characters the level-by-level decoder may scan for one chain


def _decode_chain_by_level(type: str, state: str) -> list[Trait]:
    traits: list[Trait] = []
    work = 0
    while True:
        work += len(type) + len(state)
        if work > MAX_SLOW_WORK:
            raise VassalFormatError(f"a piece's trait chain is nested too deeply to decode ({len(traits)} layers)")
        t = split(type, TAB)
        s = split(state, TAB)
        own_state = s[0] if s else ""
        if len(t) < 2:
            traits.append(make_trait(t[0] if t else "", own_state))
            return traits
        traits.append(make_trait(t[0], own_state))
        type = t[1] if len(t) == 2 else join(t[1:], TAB)
        state = s[1] if len(s) == 2 else join(s[1:], TAB) if len(s) > 2 else ""


def encode_chain(traits: Sequence[Trait]) -> tuple[str, str]:
    """The full ``(type, state)`` of a chain (inverse of :func:`decode_chain`)."""
    if not traits:
        raise ValueError("a trait chain needs at least its innermost piece")
    t, s = traits[-1].type, traits[-1].state
    for trait in reversed(traits[:-1]):
        t = join((trait.type, t), TAB)
        s = join((trait.state, s), TAB)
    return t, s


def piece_name(traits: Sequence[Trait]) -> str:
    """The piece's name as VASSAL's ``getName()`` builds it from the inner piece outwards
    (layer level names with ``+`` prefixes/suffixes, labels, basic names), from the stored states only:
    label texts are not evaluated and layers keep their stored level. For names that follow properties
    (``$property$`` labels, layers that follow an expression) use :class:`toolkit.vassal.properties.PieceView`."""
    name = ""
    for trait in reversed(traits):
        name = trait.name_of(name)
    return name


def piece_properties(traits: Iterable[Trait]) -> dict[str, str]:
    """Marker, dynamic and persistent properties of a chain (outer traits win)."""
    out: dict[str, str] = {}
    for trait in traits:
        if isinstance(trait, Marker):
            for k, v in trait.shared_properties().items():
                out.setdefault(k, v)
        elif isinstance(trait, DynamicProperty):
            out.setdefault(trait.key, trait.value)
        elif isinstance(trait, BasicPiece):
            for k, v in trait.properties.items():
                out.setdefault(k, v)
    return out


def _int(fields: Sequence[str], i: int) -> int:
    """``SequenceEncoder.Decoder.nextInt(0)`` on field ``i``: ``Integer.parseInt`` of the token, 0 past the end
    or where Java throws (a coordinate of 5,000 digits, or 2147483648, reads as 0, as in BasicPiece.setState)."""
    if i >= len(fields):
        return 0
    text = fields[i]
    if 0 < len(text) < 10 and text.isascii() and text.isdigit():  # java_int's usual case, without two calls
        return int(text)
    return _parse_int(text, 0)


def _parse_int(text: str, default: int) -> int:
    """``Integer.parseInt(text)``, ``default`` where Java throws NumberFormatException."""
    value = java_int(text)
    return default if value is None else value
