"""The Tornio '44 referee: reads positions and runs the rules of :data:`.common.BOOK` over them.

Position conventions (``wgt check --schema tornio-44`` lists every key):

* ``turn``: the Game Turn, 1..16 (1 = 1A, 2 = 1B, ... 16 = 8B); odd turns are Daytime, even ones Nighttime.
* ``phase``: ``setup`` (before 1A: set-up and the Coup), ``initial``, ``movement``, ``combat``, ``exploitation``,
  ``end``. A position in a phase is judged as at its end (stacking, supply markers), unless ``state.mid_move``.
* ``counter``: a counter id of the bundled counter file, or a spec naming side, type and factors, for the units
  the OOB Cards (not in the rulebook) describe: ``fin infantry 3-3-5``, ``ger tank 4-3-10m`` (``m``: motorised,
  17.1; ``H`` is half a factor, 4.4.2), ``ger rocket [8]-1-8m r6`` (a Support Unit: Support Factor in brackets,
  Close Defense Factor, MF, range 21.2), with an optional designation ``@I/11`` (4.4.5).
* A move is judged between two positions (``--before``): the earlier position's zones of control and enemy
  units, the later one's declared actions (``state.attacks``, ``fire``, ``overruns``, ``air_strikes``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from ....counters import CounterSet
from ....errors import DataFileError, InputError, ToolkitError
from ....rules.position import CounterKind, Position, counter_kinds
from ....rules.referee import Referee
from ....rules.report import Report
from ..charts import Charts, bundled_charts, load_charts
from . import after_combat, broken, combat, control, fire, game, movement, moves, supply
from .common import BOOK, LAST_TURN, PHASES, PLAYERS, SIDE_ALIASES, Context, RefereeBoard, player_of, turn_label

__all__ = ["TornioReferee", "parse_spec"]

CHAPTERS = (control, movement, supply, broken, combat, fire, game, moves, after_combat)

_F = r"(?:\d+(?:\.\d+)?h?|h)"  # a factor: 3, 1.5, H (0.5), 1H (1.5)
_SPEC = re.compile(rf"^(?P<side>[a-z]+)\s+(?P<type>[a-z_+]+)\s+(?:\[(?P<support>{_F})\]|(?P<attack>{_F}))-"
                   rf"(?P<defense>{_F})-(?P<move>{_F})(?P<m>m?)(?:\s+r(?P<range>\d+))?(?:\s+@(?P<des>\S+))?$",
                   re.IGNORECASE)


def _factor(text: str) -> float:
    """4.4.2: the letter H is half a factor ("H" = 0.5, "1H" = 1.5)."""
    text = text.lower()
    if text.endswith("h"):
        return float(text[:-1] or 0) + 0.5
    return float(text)


def parse_spec(spec: str) -> CounterKind | None:
    """A counter from its printed values: ``fin infantry 3-3-5``, ``ger tank 4-3-10m``, ``ger rocket [8]-1-8m r6``
    (None when ``spec`` is not one)."""
    m = _SPEC.match(spec.strip())
    if m is None:
        return None
    side = SIDE_ALIASES.get(m["side"].lower())
    if side is None:
        return None
    values: dict[str, float] = {"defense": _factor(m["defense"]), "movement": _factor(m["move"])}
    if m["support"] is not None:
        values["support"] = _factor(m["support"])
        values["range"] = float(m["range"] or 0)
    else:
        values["attack"] = _factor(m["attack"])
    if m["m"]:
        values["motorised"] = 1.0
    return CounterKind(spec.strip(), side, m["type"].lower(), values, "I", m["des"] or "")


class TornioReferee(Referee):
    """Judges Tornio '44 positions and moves (the rules of ``shared/seeds/tornio-44.txt``)."""

    slug = "tornio-44"

    def __init__(self, terrain_map: Any = None, counters: CounterSet | None = None,
                 charts: Charts | None = None) -> None:
        self._map = terrain_map
        self._counters = counters
        self.charts = charts if charts is not None else bundled_charts()

    def use_charts(self, path: Any) -> None:
        """``wgt check --charts FILE``: a completed chart file (checked against the rulebook's values) replaces
        the bundled one, so that fewer verdicts are "not judged"."""
        self.charts = load_charts(path)

    @cached_property
    def board(self) -> RefereeBoard:
        if self._map is None:
            self._map = self.bundled_map()
        return RefereeBoard(self._map)

    @cached_property
    def kinds(self) -> dict[str, CounterKind]:
        cs = self._counters if self._counters is not None else self.bundled_counters()
        if cs is None:
            return {}

        def extra(ct: Any, vals: dict[str, float]) -> None:
            # 4.3: the OOB Cards are not in the rulebook: a factor the counter file marks "?" is unknown
            vals.update({f"unknown_{k}": 1.0 for k, v in ct.values.items() if not isinstance(v, int | float)})
            back = (ct.back or {}).get("values") or {}  # the reduced side's factors, when the file gives them
            vals.update({f"back_{k}": float(v) for k, v in back.items() if isinstance(v, int | float)})
            if getattr(ct, "motorised", None):
                vals["motorised"] = 1.0  # 17.1: underscored MF

        return counter_kinds(cs, side=lambda s: "german" if s in ("heer", "luftwaffe", "ss") else s, extra=extra)

    def counter_kind(self, spec: str) -> CounterKind:
        text = spec.strip()
        if text.lower() in self.kinds:
            return self.kinds[text.lower()]
        kind = parse_spec(text)
        if kind is None:
            raise InputError(f"unknown counter {spec!r}: a counter id, or a spec such as 'fin infantry 3-3-5', "
                             "'ger tank 4-3-10m' or 'ger rocket [8]-1-8m r6'")
        return kind

    def hex_of(self, ref: str) -> str:
        return str(self.board.tmap.resolve(ref))

    def position(self, data: Any, source: str = "<position>") -> Position:
        pos = Position.from_data(data, counter=self.counter_kind, hex_of=self.hex_of, source=source,
                                 default_game=self.slug)
        if pos.game not in (self.slug, "tornio", "tornio44"):
            raise DataFileError(f"the position is for game {pos.game!r}, not {self.slug}", source)
        if pos.phase and pos.phase not in PHASES:
            raise DataFileError(f"unknown phase {pos.phase!r} (phases: {', '.join(PHASES)})", source)
        if pos.player and SIDE_ALIASES.get(pos.player) not in PLAYERS:
            raise DataFileError(f"unknown player {pos.player!r} (players: finnish, german)", source)
        pos.player = SIDE_ALIASES.get(pos.player, pos.player) or "finnish"
        pos.phase = pos.phase or "movement"
        if not 1 <= pos.turn <= LAST_TURN:
            raise DataFileError(f"turn {pos.turn} is not a Game Turn (1..16: 1 = 1A ... 16 = 8B)", source)
        for key in ("owner",):
            for h, who in list((pos.state.get(key) or {}).items()):
                who_n = SIDE_ALIASES.get(str(who).lower())
                if who_n is None:
                    raise DataFileError(f"state.{key}: {h} is held by {who!r}, not finnish or german", source)
                del pos.state[key][h]
                pos.state[key][self._hex(h, source)] = who_n
        self._resolve_state(pos, source)
        return pos

    def _resolve_state(self, pos: Position, source: str) -> None:
        """Hexes named in ``state`` (ids or place names such as Tornio) resolved on the map, and the units its
        declarations name checked against the position: a clear error for anything unknown."""
        st = pos.state
        ids = set(pos.by_id)
        for key, hex_key, unit_keys in (("attacks", "target", ("attackers",)), ("fire", "target", ("units",)),
                                        ("overruns", "target", ("units",)), ("air_strikes", "target", ()),
                                        ("coups", "hex", ("units",)), ("demolitions", "bridge", ("engineer",))):
            for n, spec in enumerate(st.get(key) or [], 1):
                spec[hex_key] = self._hex(spec.get(hex_key), source)
                for uk in unit_keys:
                    named = spec.get(uk)
                    for uid in named if isinstance(named, list) else [named]:
                        if str(uid) not in ids:
                            raise DataFileError(f"state.{key} {n}: unknown unit {uid!r}", source)
        for key in ("landings", "finnish_exits"):
            if st.get(key):
                st[key] = [self._hex(h, source) for h in st[key]]
        for key in ("alcohol_depots", "bridges"):
            if st.get(key):
                st[key] = {self._hex(h, source): v for h, v in st[key].items()}

    def _hex(self, ref: Any, source: str) -> str:
        try:
            return self.hex_of(str(ref))
        except ToolkitError as exc:
            raise DataFileError(str(exc), source) from None

    def context(self, position: Position) -> Context:
        ctx = Context(position, self.board, self.charts)
        ctx.zoc = control.build_zoc(ctx)
        supply.supply_status(ctx)
        return ctx

    def check(self, position: Position, before: Position | None = None) -> Report:
        ctx = self.context(position)
        report = Report(self.slug)
        report.extend(BOOK.run(ctx, "position"))
        combat_ctx = ctx
        if before is not None:
            move_ctx = self.context(before)
            move_ctx.after = position
            report.extend(BOOK.run(move_ctx, "move"))
            # declared actions (combats, fire, Air Strikes, Overruns) are judged on the earlier position, where the
            # units stood when they were made
            combat_ctx = move_ctx
            ctx.not_judged.extend(n for n in move_ctx.not_judged if n not in ctx.not_judged)
        report.extend(BOOK.run(combat_ctx, "combat"))
        if combat_ctx is not ctx:
            ctx.combats = combat_ctx.combats
            ctx.not_judged.extend(n for n in combat_ctx.not_judged if n not in ctx.not_judged)
        report.units = unit_status(ctx)
        report.summary = {"turn": position.turn, "game_turn": turn_label(position.turn),
                          "daytime": ctx.day, "player": position.player, "phase": position.phase,
                          "motti": sorted(ctx.motti), "close_combat": sorted(ctx.close_combat),
                          **game.summary(ctx)}
        if ctx.combats:
            report.summary["actions"] = ctx.combats
        if ctx.not_judged:
            report.summary["not_judged"] = ctx.not_judged
        return report

    def from_pieces(self, pieces: Iterable[Mapping[str, Any]], *, turn: int = 1, player: str = "",
                    phase: str = "", source: str = "<save>") -> Position:
        known = [p for p in pieces if str(p.get("name", "")).strip().lower() in self.kinds]
        return super().from_pieces(known, turn=turn, player=player or "finnish", phase=phase or "movement",
                                   source=source)


def unit_status(ctx: Context) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for u in ctx.pos.units:
        entry: dict[str, Any] = {"hex": u.hex, "counter": u.counter, "side": u.side, "supplied": None,
                                 "in_enemy_zoc": None}
        if u.hex is not None and u in ctx.units:
            entry["supplied"] = ctx.supplied.get(u.id)
            entry["in_enemy_zoc"] = control.in_enemy_zoc(ctx, player_of(u), u.hex)
            entry["broken"] = ctx.broken(u)
            entry["motti"] = u.id in ctx.motti
        out[u.id] = entry
    return out
