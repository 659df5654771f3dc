"""Declared position schemas: the keys a position, its units and their ``state:`` may hold.

A game declares what its referee reads as data (key -> type, shape and allowed values); this module
checks a parsed position against it and prints it (``wgt check --schema SLUG``). Unknown keys, wrong
types and wrong shapes are one :class:`~toolkit.errors.DataFileError` naming the file, the line and the key
(``p.yaml line 4: state: unknown key 'scenaro' (did you mean 'scenario'?)``). What needs the game's own
data (a hex name on its map, a side alias) is the referee's check, after this one.

Lines come from the loader: a mapping may carry ``__line__`` (its first line) and ``__lines__`` (key ->
line); :func:`line_of` reads either, so any loader that records them plugs in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, field
from typing import Any

from ..errors import DataFileError
from ..records import record

__all__ = ["AnyValue", "Bool", "Field", "Int", "ListOf", "MapOf", "PositionSchema", "Record", "Scalar", "Spec", "Text",
           "line_of"]

_META = ("__line__", "__lines__")


def line_of(mapping: Any, key: str | None = None) -> int | None:
    """The line of ``key`` in a loaded mapping (else of the mapping itself), None when unknown."""
    if not isinstance(mapping, Mapping):
        return None
    lines = mapping.get("__lines__")
    if key is not None and isinstance(lines, Mapping) and isinstance(lines.get(key), int):
        return int(lines[key])
    keyed = getattr(mapping, "key_lines", None)  # the counter loader's mappings
    if key is not None and isinstance(keyed, Mapping) and isinstance(keyed.get(key), int):
        return int(keyed[key])
    line = mapping.get("__line__", getattr(mapping, "line", None))
    return line if isinstance(line, int) else None


class _Fail(Exception):
    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.message, self.line = message, line


@record(frozen=True)
class _At:
    """Where a value sits: ``prefix`` names its list entry ("attack 1: "), ``path`` its keys ("state.die")."""

    prefix: str = ""
    path: str = ""
    line: int | None = None

    def key(self, key: str, line: int | None) -> _At:
        return _At(self.prefix, f"{self.path}.{key}" if self.path else key, line or self.line)

    def entry(self, label: str, line: int | None) -> _At:
        return _At(f"{self.prefix}{label}: ", "", line or self.line)

    def name(self) -> str:
        return self.path or "the position"

    def fail(self, text: str) -> _Fail:
        return _Fail(f"{self.prefix}{text}", self.line)

    def wrong(self, spec: Spec, value: Any) -> _Fail:
        if spec.error:
            return self.fail(spec.error.format(value=value, path=self.name()))
        return self.fail(f"{self.name()} must be {spec.what}, not {_show(value)}")


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        if not value:
            return "an empty list"
        return "a list" if any(isinstance(x, Mapping | list) for x in value) else repr(value)
    if value is None:
        return "empty"
    return repr(value)


@record(frozen=True, kw_only=True)
class Spec:
    """A value's declared type. ``what`` reads after "must be" ("a whole number"); ``error`` replaces the
    whole message (``{value!r}`` and ``{path}`` are filled in)."""

    what: str = "a value"
    error: str = ""

    def check(self, value: Any, at: _At) -> None:
        raise NotImplementedError

    def type_name(self) -> str:
        return type(self).__name__.lower()

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type_name(), "what": self.what}


@record(frozen=True, kw_only=True)
class AnyValue(Spec):
    """Anything (data the referee does not read)."""

    what: str = "any value"

    def check(self, value: Any, at: _At) -> None:
        return None

    def type_name(self) -> str:
        return "any"


@record(frozen=True, kw_only=True)
class Scalar(Spec):
    """Text or a number (unit ids, hex ids that YAML may read as numbers)."""

    what: str = "text or a number"
    #: also none and false (``hex: off``, which YAML 1.1 reads as false when unquoted)
    off: bool = False

    def check(self, value: Any, at: _At) -> None:
        if self.off and (value is None or value is False):
            return
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise at.wrong(self, value)


@record(frozen=True, kw_only=True)
class Bool(Spec):
    what: str = "true or false"

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, bool):
            raise at.wrong(self, value)


@record(frozen=True, kw_only=True)
class Int(Spec):
    """A whole number from ``low`` to ``high`` (None: no bound)."""

    what: str = "a whole number"
    low: int | None = 0
    high: int | None = None

    def check(self, value: Any, at: _At) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise at.wrong(self, value)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise at.wrong(self, value)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "min": self.low, "max": self.high}


@record(frozen=True, kw_only=True)
class Text(Spec):
    """Text; with ``choices`` one of them (compared without case when ``fold``). ``hint`` names what the
    referee accepts without this check enforcing it (aliases it resolves itself)."""

    what: str = "text"
    choices: tuple[str, ...] = ()
    fold: bool = True
    hint: str = ""

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, str):
            raise at.wrong(self, value)
        if self.choices:
            key = value.strip().lower() if self.fold else value
            if key not in {c.lower() if self.fold else c for c in self.choices}:
                raise at.wrong(self, value)

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if self.choices:
            out["choices"] = list(self.choices)
        if self.hint:
            out["hint"] = self.hint
        return out


@record(frozen=True)
class ListOf(Spec):
    """A list of ``item``s (``single``: one bare item is accepted too); ``label(n, item)`` names an entry in
    errors ("attack 1"), else its index. ``least``: the fewest entries."""

    item: Spec = field(default_factory=Scalar)
    _: KW_ONLY
    what: str = "a list"
    single: bool = False
    least: int = 0
    label: Callable[[int, Any], str] | None = None

    def check(self, value: Any, at: _At) -> None:
        if value is None and not self.least:
            return  # `units:` left empty is no units
        items = [value] if self.single and not isinstance(value, list | Mapping) else value
        if not isinstance(items, list) or len(items) < self.least:
            raise at.wrong(self, value)
        for n, item in enumerate(items, 1):
            if isinstance(self.item, Record):
                label = self.label(n, item) if self.label else f"entry {n}"
                if not isinstance(item, Mapping):
                    raise at.fail(f"{label} must be {self.item.what}, not {_show(item)}")
                self.item.check(item, at.entry(label, line_of(item) or at.line))
            else:
                try:
                    self.item.check(item, at)
                except _Fail:
                    raise at.wrong(self, value) from None

    def type_name(self) -> str:
        return "list"

    def to_dict(self) -> dict[str, Any]:
        out = {**super().to_dict(), "items": self.item.to_dict()}
        if self.single:
            out["single"] = True
        return out


@record(frozen=True)
class MapOf(Spec):
    """A mapping of free keys (hex ids, place names) to ``value``s."""

    value: Spec = field(default_factory=Scalar)
    _: KW_ONLY
    what: str = "a mapping"

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, Mapping):
            raise at.wrong(self, value)
        for key, item in value.items():
            if key not in _META:
                self.value.check(item, at.key(str(key), line_of(value, key)))

    def type_name(self) -> str:
        return "mapping"

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "values": self.value.to_dict()}


@record(frozen=True)
class Field:
    """One key of a :class:`Record`: its type, what it means (citing the rulebook), whether it must be given."""

    spec: Spec
    help: str = ""
    required: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {**self.spec.to_dict(), "help": self.help, "required": self.required}


@record(frozen=True)
class Record(Spec):
    """A mapping with declared keys only: an unknown key is an error (naming the closest known key)."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    _: KW_ONLY
    what: str = "a mapping"

    def check(self, value: Any, at: _At) -> None:
        if value is None:
            return  # `state:` left empty is no state
        if not isinstance(value, Mapping):
            raise at.wrong(self, value)
        for key in value:
            if key in _META:
                continue
            if key not in self.fields:
                import difflib  # only for this message (start-up: ~3M instructions to import)

                close = difflib.get_close_matches(str(key), list(self.fields), n=1, cutoff=0.6)
                hint = f"did you mean {close[0]!r}?" if close else f"known: {', '.join(self.fields) or 'none'}"
                where = _At(at.prefix, "", line_of(value, str(key)) or at.line)
                raise where.fail(f"{at.path + ': ' if at.path else ''}unknown key {key!r} ({hint})")
        for key, spec in self.fields.items():
            if key in value:
                spec.spec.check(value[key], at.key(key, line_of(value, key)))
            elif spec.required:
                raise at.key(key, None).fail(f"{at.key(key, None).name()} is missing ({spec.spec.what})")

    def type_name(self) -> str:
        return "record"

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "keys": {k: f.to_dict() for k, f in self.fields.items()}}


def _unit_label(n: int, item: Any) -> str:
    uid = item.get("id") if isinstance(item, Mapping) else None
    return f"unit {str(uid)!r}" if uid is not None else f"unit {n}"


@record(frozen=True)
class PositionSchema:
    """A game's position schema: the game-level ``state`` keys, the per-unit ``state`` keys, the players and
    phases, and whether a position may carry ``before:`` (the units at the start of the phase). The top-level
    keys and a unit's own keys are the same for every game (DESIGN.md, "Position")."""

    state: Mapping[str, Field]
    unit_state: Mapping[str, Field]
    players: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    before: bool = False
    player_hint: str = ""
    turn_help: str = "the turn"  # how the game counts turns (Tornio '44: Game Turns 1..16 for 1A..8B)

    def unit(self) -> Record:
        return Record(what="a mapping of id, counter, hex and state", fields={
            "id": Field(Scalar(), "the unit's id, unique in the position (default u1, u2, ...)"),
            "counter": Field(Text(what="a counter"), "the counter: its id, or a name the game resolves to one",
                             required=True),
            "hex": Field(Scalar(what="a hex id, a place name, or off", off=True),
                         "the hex id or place name; none or `off`: off the map"),
            "state": Field(Record(self.unit_state, what="a mapping of the unit state keys"), "the unit's state"),
        })

    def position(self) -> Record:
        units = ListOf(self.unit(), what="a list of units ({id, counter, hex, state})", label=_unit_label)
        top: dict[str, Field] = {
            "game": Field(Text(what="a game slug"), "the game (its slug or an alias)"),
            "turn": Field(Int(), self.turn_help),
            "player": Field(Text(hint=self.player_hint or ", ".join(self.players)), "the phasing player"),
            "phase": Field(Text(what="one of " + ", ".join(self.phases), choices=self.phases) if self.phases
                           else Text(), "the phase"),
            "units": Field(units, "the units"),
            "state": Field(Record(self.state, what="a mapping of the game state keys"), "game-level state"),
        }
        if self.before:
            top["before"] = Field(ListOf(self.unit(), what="a list of units (the position at the start of the "
                                         "phase)", label=lambda n, item: "before: " + _unit_label(n, item)),
                                  "the units at the start of the phase: the moves from them are judged too")
        top["expect"] = Field(Record({"ok": Field(Bool(), "the expected verdict"),
                                      "rules": Field(ListOf(Text(), what="a list of rule names"),
                                                     "the rules expected to be broken"),
                                      "units": Field(MapOf(AnyValue(), what="a mapping of unit id to report "
                                                           "entries"), "entries the report gives these units"),
                                      "summary": Field(MapOf(AnyValue()), "entries of the report's summary"),
                                      "violations": Field(ListOf(Record({
                                          "rule": Field(Text(), "the section broken", required=True),
                                          "hexes": Field(ListOf(Scalar()), "the hexes it names"),
                                          "units": Field(ListOf(Scalar()), "the units it names")},
                                          what="a mapping of rule, hexes and units")),
                                          "the exact violations expected (rule, hexes, units)")},
                                     what="a mapping of ok, rules, units and summary"),
                              "the verdict the file expects (read by test suites; the referee ignores it)")
        return Record(top, what="a mapping with game, turn, player, phase, units and state")

    def validate(self, data: Any, source: str) -> None:
        """Check a parsed position (mappings may carry ``__line__``/``__lines__``); one
        :class:`DataFileError` naming ``source``, the line and the key for the first thing wrong."""
        try:
            self.position().check(data, _At(line=line_of(data)))
        except _Fail as exc:
            raise DataFileError(exc.message, source, exc.line) from None

    def to_dict(self) -> dict[str, Any]:
        return {"position": self.position().to_dict()["keys"], "unit": self.unit().to_dict()["keys"],
                "unit_state": {k: f.to_dict() for k, f in self.unit_state.items()},
                "state": {k: f.to_dict() for k, f in self.state.items()}}

    def to_text(self) -> str:
        """The schema as tables: one per level (position, unit, unit state, game state)."""
        parts = []
        for title, fields in (("position (top-level keys)", self.position().fields),
                              ("a unit (each entry of units:" + (" and before:" if self.before else "") + ")",
                               self.unit().fields),
                              ("a unit's state:", self.unit_state), ("the position's state:", self.state)):
            parts.append(title)
            parts.extend(_rows(fields))
            parts.append("")
        return "\n".join(parts).rstrip() + "\n"


def _rows(fields: Mapping[str, Field]) -> list[str]:
    if not fields:
        return ["  (none)"]
    width = max(len(k) for k in fields) + 2
    out = []
    for key, f in fields.items():
        kind = _kind(f.spec)
        out.append(f"  {key:<{width}}{kind}" + (" (required)" if f.required else ""))
        if f.help:
            out.append(f"  {'':<{width}}  {f.help}")
    return out


def _kind(spec: Spec) -> str:
    if isinstance(spec, Text) and spec.hint and not spec.choices:
        return f"{spec.what}: {spec.hint}"
    return spec.what
