"""Positions: the units on the map at one moment, as a referee sees them (the project's "FEN").

A position comes from a hand-written YAML file (DESIGN.md, "Position") or from a VASSAL save turned
into the same shape by the game's naming. Counter specs ("fin-6-6-2", "finnish 6-6-2") and hex
names ("Viipuri") are resolved by callables the game supplies, so this module knows no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import field
from pathlib import Path
from typing import Any

from .. import yamlfile as yf
from ..errors import DataFileError, ToolkitError
from ..fileio import decode_text, read_bytes
from ..records import record

__all__ = ["POSITION_LIMITS", "UNIT_SCHEMA", "CounterKind", "Position", "Unit", "counter_kinds", "load_position_data",
           "parse_position_text"]

#: A 650-counter position is about 5,000 nodes; this allows 20 times that (~30 MB of node tree).
POSITION_LIMITS = yf.Limits(max_depth=32, max_nodes=100_000)

#: One entry of ``units:``. ``hex`` may be an unquoted number (``2517``) or ``off``/no hex (off the map).
UNIT_SCHEMA = yf.Record({
    "id": yf.Str(numbers=True, max_len=200, allow_empty=False, what="a unit id"),
    "counter": yf.Str(max_len=200, allow_empty=False, what="a counter"),
    "hex": yf.Optional(yf.Union(yf.Str(numbers=True, max_len=200, what="a hex id or place name"), yf.Bool())),
    "state": yf.Optional(yf.MapOf(yf.Plain())),
}, required=("counter",), what="a unit mapping {id, counter, hex}")

#: The keys of a position the engine reads; other top-level keys (``expect``, ``before``, ...) are left
#: to the command or the game. ``state:`` is checked by the game's own schema.
POSITION_SCHEMA = yf.Record({
    "game": yf.Optional(yf.Str(max_len=100, what="a game slug")),
    "turn": yf.Optional(yf.Int(0, 100_000)),
    "player": yf.Optional(yf.Str(numbers=True, max_len=100)),
    "phase": yf.Optional(yf.Str(numbers=True, max_len=100)),
    "units": yf.Optional(yf.ListOf(yf.Plain())),
    "state": yf.Optional(yf.MapOf(yf.Plain())),
}, extra=True, what="a position mapping with game, turn, player, phase and units")


@record(frozen=True)
class CounterKind:
    """A counter type as the rules need it: side, type, size and printed values by name."""

    id: str
    side: str
    unit_type: str
    values: Mapping[str, float]
    size: str = ""
    designation: str = ""

    def value(self, key: str, default: float = 0) -> float:
        return self.values.get(key, default)


def counter_kinds(counters: Iterable[Any], *, side: Callable[[str], str] = lambda s: s,
                  extra: Callable[[Any, dict[str, float]], None] | None = None) -> dict[str, CounterKind]:
    """The :class:`CounterKind` of every counter type of a counter file (``toolkit.counters``), by id: its numeric
    values as floats; ``side`` maps the file's sides to the players' (Tornio '44's Heer/Luftwaffe/SS: German);
    ``extra(counter, values)`` adds a game's own values (a motorised flag, the back's factors)."""
    out = {}
    for ct in counters:
        vals = {k: float(v) for k, v in ct.values.items() if isinstance(v, int | float)}
        if extra is not None:
            extra(ct, vals)
        out[ct.id] = CounterKind(ct.id, side(ct.side), ct.unit_type, vals, ct.size, ct.designation)
    return out


_FRESH: Any = object()  # Unit's state not given: a new empty dict


@record
class Unit:
    """One counter on (or off, ``hex is None``) the map, with its per-unit state (``isolated``, ...)."""

    id: str
    kind: CounterKind
    hex: str | None
    state: dict[str, Any] = field(default_factory=dict)
    line: int | None = None

    def __init__(self, id: str, kind: CounterKind, hex: str | None,
                 state: dict[str, Any] = _FRESH, line: int | None = None) -> None:
        # its own __init__, as the generated one takes its arguments (records.py: a class made in bulk; an audit
        # makes the units of every position it judges)
        self.id = id
        self.kind = kind
        self.hex = hex
        self.state = {} if state is _FRESH else state
        self.line = line

    @property
    def side(self) -> str:
        return self.kind.side

    @property
    def counter(self) -> str:
        return self.kind.id

    def value(self, key: str, default: float = 0) -> float:
        return self.kind.value(key, default)


@record
class Position:
    """A game position: turn, phasing player, phase, units and game-level state."""

    game: str
    turn: int
    player: str
    phase: str
    units: list[Unit]
    state: dict[str, Any] = field(default_factory=dict)
    source: str = "<position>"

    def __post_init__(self) -> None:
        self._index()

    def _index(self) -> None:
        self.by_id: dict[str, Unit] = {u.id: u for u in self.units}
        self.by_hex: dict[str, list[Unit]] = {}
        for u in self.units:
            if u.hex is not None:
                self.by_hex.setdefault(u.hex, []).append(u)

    def reindex(self) -> None:
        """Rebuild the look-ups after units were added, removed or moved."""
        self._index()

    def at(self, hex_id: str) -> list[Unit]:
        """The units in a hex (empty list when none)."""
        return self.by_hex.get(hex_id, [])

    def on_map(self) -> Iterator[Unit]:
        return (u for u in self.units if u.hex is not None)

    def side_units(self, side: str) -> list[Unit]:
        return [u for u in self.units if u.side == side and u.hex is not None]

    def occupied_by(self, side: str) -> set[str]:
        """Hexes holding at least one unit of ``side``."""
        return {h for h, us in self.by_hex.items() if any(u.side == side for u in us)}

    @classmethod
    def from_data(cls, data: Any, *, counter: Callable[[str], CounterKind], hex_of: Callable[[str], str],
                  source: str = "<position>", default_game: str | None = None) -> Position:
        """Build a position from parsed YAML, resolving counter specs and hex names through the game.

        ``counter`` and ``hex_of`` raise a :class:`~toolkit.errors.ToolkitError` for what they do not
        know; the error is re-raised as a :class:`DataFileError` naming the file and line.
        """
        if not isinstance(data, Mapping):
            raise DataFileError("a position is a mapping with game, turn, player, phase and units", source,
                                yf.line_of(data))
        top_line = yf.line_of(data)
        data = POSITION_SCHEMA.check(data, source, top_line, "")
        game = data.get("game") or default_game
        if not isinstance(game, str) or not game:
            raise DataFileError("the position names no game (add `game: <slug>` or pass --game)", source, top_line)
        turn = data.get("turn")
        turn = 1 if turn is None else turn
        player = (data.get("player") or "").strip().lower()
        phase = (data.get("phase") or "").strip().lower()
        raw_units = data.get("units") or []
        units: list[Unit] = []
        seen: set[str] = set()
        for n, raw in enumerate(raw_units, 1):
            line = yf.line_of(raw_units, n - 1) or top_line
            plain = _plain_unit(raw)
            if plain is not None:
                known = _UNITS.get((counter, hex_of, plain))
                if known is not None:  # the same unit read before with the same game: it passed every check
                    if known[0] in seen:
                        raise DataFileError(f"duplicate unit id {known[0]!r}", source, line)
                    seen.add(known[0])
                    units.append(Unit(known[0], known[1], known[2], {}, line))
                    continue
            if not isinstance(raw, Mapping):
                raise DataFileError(f"unit {n} is not a mapping", source, line)
            raw = UNIT_SCHEMA.check(raw, source, line, f"unit {n}")
            uid = str(raw.get("id") or f"u{n}")
            if uid in seen:
                raise DataFileError(f"duplicate unit id {uid!r}", source, line)
            seen.add(uid)
            spec = raw.get("counter")
            if not spec.strip():
                raise DataFileError(f"unit {uid!r} has no counter", source, line)
            try:
                kind = counter(spec)
                where = raw.get("hex")
                # off the map: no hex, or `off` (which YAML 1.1 reads as false when unquoted)
                off = where is None or where is False or (isinstance(where, str) and where.strip().lower() == "off")
                hex_id = None if off else hex_of(str(where))
            except DataFileError:
                raise
            except ToolkitError as exc:
                raise DataFileError(f"unit {uid!r}: {exc}", source, line) from None
            state = raw.get("state") or {}
            units.append(Unit(uid, kind, hex_id, _clean(state), line))
            if plain is not None:
                if len(_UNITS) >= 65536:
                    _UNITS.clear()
                _UNITS[(counter, hex_of, plain)] = (uid, kind, hex_id)
        state = data.get("state") or {}
        return cls(game, turn, player, phase, units, _clean(state), source)

    def moved(self, moves: Mapping[str, str | None]) -> Position:
        """A copy with some units at other hexes (``None``: off the map)."""
        units = [Unit(u.id, u.kind, moves.get(u.id, u.hex) if u.id in moves else u.hex, dict(u.state), u.line)
                 for u in self.units]
        return Position(self.game, self.turn, self.player, self.phase, units, dict(self.state), self.source)


#: (counter, hex_of, unit) -> (id, kind, hex) of a stateless unit given as plain text (pieces of a VASSAL save,
#: :meth:`toolkit.rules.referee.Referee.from_pieces`), once it passed every check: a log's positions repeat
#: most of their units, each read again (schema, counter, hex) for every position judged
_UNITS: dict[tuple[Any, Any, tuple[str, str, str | None]], tuple[str, CounterKind, str | None]] = {}
_UNIT_KEYS = frozenset(("id", "counter", "hex", "state"))


def _plain_unit(raw: Any) -> tuple[str, str, str | None] | None:
    """``(id, counter, hex)`` of a unit given as a plain dict of text with no state (the key of :data:`_UNITS`),
    None for anything else (a YAML mapping with its lines, numbers, state: read and checked in full)."""
    if type(raw) is not dict or not raw.keys() <= _UNIT_KEYS:
        return None
    uid, spec, where, state = raw.get("id"), raw.get("counter"), raw.get("hex"), raw.get("state")
    if type(uid) is not str or not uid or type(spec) is not str or not (where is None or type(where) is str):
        return None
    if state is not None and not (type(state) is dict and not state):
        return None
    return uid, spec, where


def _clean(d: Mapping[str, Any]) -> dict[str, Any]:
    """A plain dict copy of a loaded mapping (lists and mappings inside copied too)."""
    out: dict[str, Any] = {}
    for k, v in d.items():
        out[str(k)] = _clean(v) if isinstance(v, Mapping) else [_clean(x) if isinstance(x, Mapping) else x
                                                                 for x in v] if isinstance(v, list) else v
    return out


#: A position file is a few kilobytes; anything this large is not one.
MAX_POSITION_BYTES = 16 * 1024 * 1024


def load_position_data(path: str | Path) -> Any:
    """Parse a position YAML file (mappings and lists carry their lines: :mod:`toolkit.yamlfile`);
    :class:`DataFileError` if unreadable."""
    p = Path(path)
    raw = read_bytes(p, "position file", MAX_POSITION_BYTES)
    if raw.startswith(b"PK\x03\x04"):
        raise DataFileError("a zip archive, not a position file (a VASSAL save is read by its .vsav or .vlog "
                            "suffix, with --module)", p)
    return parse_position_text(decode_text(raw, p), str(p))


def parse_position_text(text: str, source: str = "<position>") -> Any:
    """Position YAML text as checked data (:func:`toolkit.yamlfile.load_text`)."""
    return yf.load_text(text, source, "position file", POSITION_LIMITS, int_keys=True)

