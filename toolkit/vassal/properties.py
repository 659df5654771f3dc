"""Piece properties and names as VASSAL evaluates them (``GamePiece.getProperty`` / ``getName``).

A piece's property is asked of its outermost trait; each trait answers the keys it defines (markers,
dynamic properties, labels' ``TextLabel`` property, layers' ``<name>_Level``/``_Name``/``_Image``/
``_Active``, calculated properties) or passes the question inwards; the BasicPiece answers its built-in
keys (``LocationName``, ``CurrentMap``, ``CurrentBoard``, ``CurrentZone``, ``CurrentX``/``Y``,
``BasicName``, ``PieceName``, ``DeckName``, ``DeckPosition``), then its persistent properties, then the
map's properties (global properties defined on that map, decks' ``<deck>_numPieces``), then the module's
global properties. :class:`GameProperties` holds those two upper levels: the module's initial values,
overridden by the values a save stored (its ``GlobalProperty`` lines).

Names: labels format ``$pieceName$``/``$label$`` with their text evaluated as an expression (old-style
``$property$`` or ``{BeanShell}``, :mod:`toolkit.vassal.expression`); layers that follow a property take
their level from it (``Embellishment.checkPropertyLevel``). An expression this toolkit cannot evaluate
leaves what the file stored (a layer keeps its saved level), as VASSAL does when an expression fails.
Not modelled: zone-level global properties, turn-tracker and player properties (``PlayerSide``...),
deck count expressions other than ``_numPieces``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..recordbase import Record
from .codec import split
from .expression import ExpressionError, evaluate, evaluate_property, java_int
from .traits import (
    BasicName,
    BasicPiece,
    CalculatedProperty,
    Deck,
    DynamicProperty,
    Embellishment,
    Label,
    Marker,
    Trait,
)

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from .module import Module
    from .save import SaveFile

__all__ = ["GameProperties", "PieceView"]

MAX_DEPTH = 16  # nested property/name evaluations before giving up (VASSAL's RecursionLimiter)


class GameProperties(Record):
    """Module-level and per-map properties that pieces fall back on."""

    _fields = ("module", "maps")

    def __init__(self, module: dict[str, str] | None = None, maps: dict[str, dict[str, str]] | None = None) -> None:
        self.module: dict[str, str] = {} if module is None else module
        self.maps: dict[str, dict[str, str]] = {} if maps is None else maps

    @classmethod
    def of(cls, module: Module | None, save: SaveFile | None = None, decks: Sequence[tuple[str, str, int]] = (),
           *, saved_values: bool = True) -> GameProperties:
        """The module's global properties (initial values), the save's stored values over them when
        ``saved_values`` (what VASSAL holds after loading the save; without them, what the engine sees
        when it only decodes the pieces), and ``decks`` as ``(map, deck name, piece count)``."""
        out = cls()
        if module is not None:
            for container, values in module.global_properties.items():
                target = out.module if container is None else out.maps.setdefault(container, {})
                target.update(values)
        if save is not None and saved_values:
            for line in save.global_properties():
                if line.container == "Module":
                    out.module[line.name] = line.value
                elif module is None or line.container in module.maps:
                    out.maps.setdefault(line.container, {})[line.name] = line.value
        for map_id, name, count in decks:
            out.maps.setdefault(map_id, {})[name + "_numPieces"] = str(count)
        return out

    def get(self, map_id: str | None, key: str) -> str | None:
        """``Map.getProperty`` (then the module's) for a piece on ``map_id``; ``GameModule`` off map."""
        if map_id is not None:
            value = self.maps.get(map_id, {}).get(key)
            if value is not None:
                return value
        return self.module.get(key)


def _jtrim(text: str) -> str:
    """Java ``String.trim``: drop characters up to U+0020 at both ends."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


def _string_array(text: str) -> list[str]:
    """``StringArrayConfigurer.stringToArray``: a ``,`` list, none for the empty string."""
    return [] if text == "" else split(text, ",")


#: what a layer's class does for a piece's name (a label, a layer, a basic name, or nothing: 0) and for its
#: properties (0 for nothing), by class: the first of the classes each method below tests a layer against
_LABEL, _LAYER, _BASIC_NAME, _MARKER, _DYNAMIC, _CALCULATED, _BASIC, _DECK = 1, 2, 3, 4, 5, 6, 7, 8
_NAMING: dict[type, int] = {}
_GIVING: dict[type, int] = {}


def _naming(cls: type) -> int:
    kind = _NAMING[cls] = (_LABEL if issubclass(cls, Label) else _LAYER if issubclass(cls, Embellishment)
                           else _BASIC_NAME if issubclass(cls, BasicName) else 0)
    return kind


def _giving(cls: type) -> int:
    kind = _GIVING[cls] = next((k for k, c in ((_MARKER, Marker), (_DYNAMIC, DynamicProperty), (_LABEL, Label),
                                                 (_LAYER, Embellishment), (_CALCULATED, CalculatedProperty),
                                                 (_BASIC, BasicPiece), (_DECK, Deck)) if issubclass(cls, c)), 0)
    return kind


class PieceView:
    """One piece's trait chain (outermost first) with where it is: evaluates its properties and name."""

    def __init__(self, traits: Sequence[Trait], *, map_id: str | None = None, x: int = 0, y: int = 0,
                 board: str | None = None, location: str | None = None, zone: str | None = None,
                 deck: str | None = None, deck_position: int = 0, game: GameProperties | None = None) -> None:
        self.traits = traits
        self.map_id, self.x, self.y = map_id, x, y
        self.board, self.location, self.zone = board, location, zone
        self.deck, self.deck_position = deck, deck_position
        self.game = game
        self._depth = 0
        self._levels: dict[int, int] = {}
        self._names: dict[int, str] = {}  # each layer's name once: a label asks for its inner name twice
        self._texts: dict[int, str] = {}

    # ------------------------------------------------------------------ names
    def name(self, index: int = 0) -> str:
        """``getName()`` of the chain from trait ``index`` inwards (the whole piece by default)."""
        known = self._names.get(index)
        if known is not None:
            return known
        if self._depth > MAX_DEPTH:
            return ""
        self._depth += 1
        try:
            name = self._names[index] = self._name(index)
            return name
        finally:
            self._depth -= 1

    def _name(self, index: int) -> str:
        traits = self.traits
        last = len(traits) - 1
        naming = _NAMING.get  # what the layer's class does for the name, found by one lookup per layer
        while index <= last:
            trait = traits[index]
            kind = naming(trait.__class__)
            if kind is None:
                kind = _naming(trait.__class__)
            if kind:
                if kind == _LABEL:
                    return self._label_name(index, trait)  # type: ignore[arg-type]
                if kind == _LAYER:
                    return self._layer_name(index, trait)  # type: ignore[arg-type]
                return trait.field(0) or self.name(index + 1)  # a basic name
            if index == last:
                return trait.name_of("")
            index += 1
        return ""

    def _label_name(self, index: int, label: Label) -> str:
        inner = self.name(index + 1)
        if not _jtrim(label.state):
            return inner
        fmt = label.name_format.replace("$PieceName$", "$pieceName$")
        props = {"pieceName": inner, "label": self._label_text(index, label)}
        return self._evaluate(fmt, props, fallback=label.name_of(inner))

    def _label_text(self, index: int, label: Label) -> str:
        """``Labeler.getLabel``: the (trimmed) state, minus ``$<its own property>$``, evaluated."""
        known = self._texts.get(index)
        if known is not None:
            return known
        self._texts[index] = value = self._label_text_of(index, label)
        return value

    def _label_text_of(self, index: int, label: Label) -> str:
        text = _jtrim(label.state)
        own = "$" + label.field(15, "TextLabel") + "$"
        while own in text:
            text = text.replace(own, "", 1)
        return self._evaluate(text, {"PieceName": self.name(index + 1)}, fallback=text)

    def _evaluate(self, text: str, props: Mapping[str, str], *, fallback: str) -> str:
        if "$" not in text and not text.strip().startswith("{"):
            return evaluate(text, self.property, props) if text.strip() else ""
        if self._depth > MAX_DEPTH:
            return ""
        self._depth += 1
        try:
            return evaluate(text, self.property, props)
        except (ExpressionError, RecursionError):  # RecursionError: deep expressions nested in each other
            return fallback
        finally:
            self._depth -= 1

    def level(self, index: int) -> int:
        """A layer's signed level (``value``): the stored one, or for a layer that follows a property
        the level its expression gives (``checkPropertyLevel``), keeping the active sign."""
        cached = self._levels.get(index)
        if cached is not None:
            return cached
        layer = self.traits[index]
        assert isinstance(layer, Embellishment)
        value = layer.value
        if layer.type.startswith("emb2;") and layer.field(21) == "true" and layer.field(22):
            self._levels[index] = value  # a follow expression that asks for this layer sees the stored level
            if self._depth <= MAX_DEPTH:
                self._depth += 1
                try:
                    val = evaluate_property(layer.field(22), self.property)
                    first = java_int(layer.field(23, "1"))
                    first = 1 if first is None else first  # nextInt(1)
                    number = java_int(val) if val else first
                    if number is not None:  # else VASSAL reports the error and keeps the level it had
                        v = min(max(number - first + 1, 1), self._level_count(layer))
                        value = v if value > 0 else -v
                except (ExpressionError, RecursionError):
                    pass  # VASSAL reports the error and keeps the level it had
                finally:
                    self._depth -= 1
        self._levels[index] = value
        return value

    @staticmethod
    def _level_count(layer: Embellishment) -> int:
        images = _string_array(layer.field(15))
        names = _string_array(layer.field(16))
        if len(names) == 1 and not images:
            return 1
        return len(images)

    def _layer_names(self, layer: Embellishment) -> list[str]:
        return _string_array(layer.field(16)) if layer.type.startswith("emb2;") else layer.level_names

    def _layer_name(self, index: int, layer: Embellishment) -> str:
        value = self.level(index)
        names = self._layer_names(layer)
        cname = names[value - 1] if 0 < value <= len(names) else ""
        if not cname:
            return self.name(index + 1)
        parts = split(cname, "+")
        if len(parts) > 1:
            inner = self.name(index + 1)
            return inner + parts[1] if parts[0] == "" else parts[0] + inner
        return parts[0]

    # ------------------------------------------------------------- properties
    def property(self, key: str) -> str | None:
        """``getProperty(key)`` of the outermost trait, as text (None when nothing defines it)."""
        return self.property_from(0, key)

    def property_from(self, index: int, key: str) -> str | None:
        if self._depth > MAX_DEPTH:
            return None
        self._depth += 1
        try:
            return self._property(index, key)
        finally:
            self._depth -= 1

    def _property(self, start: int, key: str) -> str | None:
        traits = self.traits
        giving = _GIVING.get  # what the layer's class gives properties by, found by one lookup per layer
        for index in range(start, len(traits)):
            trait = traits[index]
            kind = giving(trait.__class__)
            if kind is None:
                kind = _giving(trait.__class__)
            if not kind:
                continue
            if kind == _MARKER:
                props = trait.shared_properties()  # type: ignore[attr-defined]
                if key in props:
                    return props[key]  # type: ignore[no-any-return]
            elif kind == _DYNAMIC:
                if trait.key == key:  # type: ignore[attr-defined]
                    return trait.value  # type: ignore[attr-defined, no-any-return]
            elif kind == _LABEL:
                if key == trait.field(15, "TextLabel"):
                    return self._label_text(index, trait)  # type: ignore[arg-type]
            elif kind == _LAYER:
                found = self._layer_property(index, trait, key)  # type: ignore[arg-type]
                if found is not None:
                    return found
            elif kind == _CALCULATED:
                if key == trait.field(0):
                    try:
                        return evaluate(trait.field(1), self.property)
                    except (ExpressionError, RecursionError):
                        return ""
            elif kind == _BASIC:
                return self._basic_property(trait, key)  # type: ignore[arg-type]
            else:  # a deck
                return None
        return self.game.get(self.map_id, key) if self.game is not None else None

    def _layer_property(self, index: int, layer: Embellishment, key: str) -> str | None:
        base = layer.layer_name if layer.type.startswith("emb2;") else ""
        if not key.startswith(base) or key[len(base):] not in ("_Image", "_Name", "_Level", "_Active"):
            return None
        suffix = key[len(base):]
        if suffix == "_Active":
            return "true" if layer.value > 0 else "false"
        value = self.level(index)
        if suffix == "_Level":
            return str(value)
        if value <= 0:
            return ""
        items = _string_array(layer.field(15)) if suffix == "_Image" else self._layer_names(layer)
        item = items[abs(value) - 1] if abs(value) <= len(items) else ""
        if suffix == "_Name":
            item = item[1:] if item.startswith("+") else item[:-1] if item.endswith("+") else item
        return item

    def _basic_property(self, basic: BasicPiece, key: str) -> str | None:
        on_map = self.map_id is not None
        if key == "BasicName":
            return basic.name
        if key == "PieceName":
            return self.name(0)
        if key == "LocationName":
            return (self.location or "") if on_map else ""
        if key == "CurrentMap":
            return self.map_id or ""
        if key == "CurrentBoard":
            return (self.board or "") if on_map else ""
        if key == "CurrentZone":
            return (self.zone or "") if on_map else ""
        if key == "CurrentX":
            return str(self.x)
        if key == "CurrentY":
            return str(self.y)
        if key == "DeckName":
            return self.deck or ""
        if key == "DeckPosition":
            return str(self.deck_position) if self.deck else "0"
        persistent = basic.properties
        if key in persistent:
            return persistent[key]
        return self.game.get(self.map_id, key) if self.game is not None else None
