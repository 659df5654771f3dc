"""The Winter War referee: reads positions and runs the rules of :data:`.common.BOOK` over them.

Position conventions (beyond DESIGN.md's shape):

* ``phase``: ``setup``, ``reinforcement``, ``movement``, ``combat``, ``interphase`` or ``end``. A
  position in the movement phase is judged as at the end of that phase (Stacking (A)).
* unit ``state``: ``isolated: true`` designates a unit the Soviet player isolates when a Supply
  City's capacity is exceeded (Supply (F)); ``reinforcement: true`` marks a unit placed in this
  Reinforcement Phase (needed only in a lone position: with an earlier position, a unit off the map
  there and on it here has arrived); ``path: [hex, ...]`` the hexes a unit was set down in this Movement
  Phase, its start first and its hex last: its move is judged along them as one traced path (Movement
  Procedure, (C): the allowance counted over the whole path; Zones of Control: it stops in the first enemy
  controlled hex it enters); ``moved: true`` a unit already moved in this Movement Phase with the Player's
  hand withdrawn (another unit moved since: Movement (G), moving it again is a violation); ``moves: n`` the
  separate moves it made (more than one breaks Movement (G)). :meth:`WinterWarReferee.next_step` and ``wgt
  audit`` carry these along a log (:mod:`toolkit.rules.tracing`: the next drag of the same unit goes on
  with its move; a drag of another unit withdraws the hand);
  ``advanced: true`` a unit that advanced before combat; ``retreated: true`` a unit that retreated
  before combat onto a host; ``eliminated: true`` a unit off the map;
  ``air_dropped: true`` the paratroop unit dropped this turn (Special Event F).
* game ``state``: ``last_occupied: {hex or place: soviet|finnish}`` (who last passed through a
  fortification or objective), ``scenario`` (A-E once triggered) and ``scenario_turn`` (the Game-Turn
  whose Interphase triggered it), ``events`` (Special Event letters),
  ``optional_scenarios: true`` (the Optional Rule is in use: no Murmansk Defense; implied by a
  ``scenario`` or ``events``),
  ``scandinavia_open: true`` (Scenario B/C: the first Allied unit has crossed into Finland),
  ``murmansk_penalties: n`` (Soviet Player-Turns already short of the Murmansk garrison),
  ``attacks: [{attackers: [ids], defenders: [ids], die: n}]`` (the Combat Phase's declared attacks;
  when present, the mandatory Soviet attacks are checked against it), ``rail_inoperative: true``
  (Special Event L: no rail movement this Game-Turn; the rail link for Soviet supply still counts);
  unit ``reached_kemi: true``: an Allied unit that has been at Kemi (Scenario B: it may use rail).
* With a ``before`` position in the Combat Phase, the declared attacks are judged on ``before`` (the
  instant of combat) and each move from it is a retreat or advance: before combat (Combat (A), Procedure
  (B)) or, for units of an attack whose die gives Dr, Ar, De or Ex, after it (Combat Results Table).

Readings where the rulebook text is garbled or silent: Combat (A)'s "No other Finnish unit may retreat
before combat only if the retreating units begin the retreat within Finland and are north of Row A" is
read, with Fortifications (F), as: only 0-0-3s and 1-1-3s, and only from Finland north of Row A. An HQ
draws on the closest Supply City its ten-hex line reaches; if that city is not joined to Leningrad by rail,
the HQ supplies nothing (Supply and Isolation (F), read literally).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from ....counters import CounterSet, load_counters
from ....errors import DataFileError, InputError, ToolkitError
from ....rules.position import CounterKind, Position
from ....rules.referee import Referee
from ....rules.report import Report
from .. import charts
from ..naming import counter_spec
from ..terrain import WinterWarBoard
from . import combat, deployment, movement, retreats, scenarios, sequence, stacking, supply, victory, zoc
from .common import BOOK, PHASES, PLAYERS, SIDE_ALIASES, Context, enemy_of, player_of
from .sequence import arrivals, next_step

__all__ = ["WinterWarReferee"]

# the chapters, in the order their rules run (imported for their registrations)
CHAPTERS = (deployment, stacking, movement, supply, zoc, scenarios, combat, victory, retreats, sequence)


class WinterWarReferee(Referee):
    """Judges Winter War positions and moves (the rules of ``shared/seeds/winter-war-spi-1972.txt``)."""

    slug = "winter-war"
    traced_phases = frozenset({"movement"})

    def __init__(self, terrain_map: Any = None, counters: CounterSet | None = None) -> None:
        self._map = terrain_map
        self._counters = counters

    # --- data ------------------------------------------------------------------------------------

    @cached_property
    def board(self) -> WinterWarBoard:
        if self._map is None:
            from ....data import map_path
            from ....terrain.cache import load_map
            self._map = load_map(map_path(self.slug))
        return WinterWarBoard(self._map)

    @cached_property
    def counters(self) -> CounterSet:
        return self._counters if self._counters is not None else load_counters(self.slug)

    @cached_property
    def kinds(self) -> dict[str, CounterKind]:
        out = {}
        for ct in self.counters:
            vals = {k: float(v) for k, v in ct.values.items() if isinstance(v, int | float)}
            out[ct.id] = CounterKind(ct.id, ct.side, ct.unit_type, vals, ct.size, ct.designation)
        return out

    def counter_kind(self, spec: str) -> CounterKind:
        """A counter id (``fin-6-6-2``) or a "SIDE VALUES" spec (``finnish 6-6-2``, ``Soviet HQ``)."""
        text = spec.strip().lower()
        if text in self.kinds:
            return self.kinds[text]
        named = counter_spec(text)  # "Finnish 6-6-2", "Soviet HQ 0-1-2": the VASSAL piece names
        if named in self.kinds:
            return self.kinds[named]
        parts = text.replace("_", " ").split()
        if len(parts) == 2 and parts[0] in SIDE_ALIASES:  # "soviet hq", "finnish ski", "sov nkvd"
            side = SIDE_ALIASES[parts[0]]
            short = self.counters.sides[side].short if side in self.counters.sides else side[:3]
            rest = {"hq": "0-1-2", "nkvd": "1-1-4", "ski": "0-0-3", "para": "3-1-1"}.get(parts[1], parts[1])
            cid = f"{short}-{rest}"
            if cid in self.kinds:
                return self.kinds[cid]
        raise InputError(f"unknown counter {spec!r} (known: {', '.join(self.kinds)})")

    def from_pieces(self, pieces: Iterable[Mapping[str, Any]], *, turn: int = 1, player: str = "",
                    phase: str = "", source: str = "<save>") -> Position:
        """A position from the pieces of a save, named by our module (:mod:`.naming`); non-units are left out."""
        units = []
        for p in pieces:
            spec = counter_spec(str(p.get("name", "")))
            if spec is not None:
                units.append({**p, "name": spec})
        return super().from_pieces(units, turn=turn, player=player or "soviet", phase=phase or "movement",
                                   source=source)

    def hex_of(self, ref: str) -> str:
        return str(self.board.tmap.resolve(ref))

    def position(self, data: Any, source: str = "<position>") -> Position:
        if isinstance(data, Mapping) and isinstance(data.get("game"), str) and data["game"].strip():
            named = data["game"].strip()
            try:
                from ... import get_game
                slug = get_game(named).slug
            except ToolkitError:
                slug = named
            if slug != self.slug:  # a position of another game judged with --game winter-war
                raise DataFileError(f"the position is for game {named!r}, not {self.slug}", source)
            data = {**data, "game": self.slug}
        pos = Position.from_data(data, counter=self.counter_kind, hex_of=self.hex_of, source=source,
                                 default_game=self.slug)
        if pos.phase and pos.phase not in PHASES:
            raise DataFileError(f"unknown phase {pos.phase!r} (phases: {', '.join(PHASES)})", source)
        if pos.player and SIDE_ALIASES.get(pos.player) not in PLAYERS:
            raise DataFileError(f"unknown player {pos.player!r} (players: finnish, soviet)", source)
        pos.player = SIDE_ALIASES.get(pos.player, pos.player) or "soviet"
        pos.phase = pos.phase or "movement"
        if not 1 <= pos.turn <= charts.LAST_TURN:
            raise DataFileError(f"turn {pos.turn} is not a Game-Turn (1..{charts.LAST_TURN})", source)
        self._validate_state(pos.state, source)
        for u in pos.units:
            path = u.state.get("path")
            if isinstance(path, list):  # the hexes of a traced path, named as the unit's own hex may be
                try:
                    u.state["path"] = [self.hex_of(str(h)) for h in path]
                except ToolkitError as exc:
                    raise DataFileError(f"unit {u.id!r}: state.path: {exc}", source, u.line) from None
        return pos

    def _validate_state(self, state: dict[str, Any], source: str) -> None:
        """The game ``state`` keys this referee reads, with the shapes it needs (a clear error otherwise)."""
        def bad(key: str, what: str) -> DataFileError:
            return DataFileError(f"state.{key} must be {what}, not {state[key]!r}", source)

        lo = state.get("last_occupied")
        if lo is not None:
            if not isinstance(lo, Mapping):
                raise bad("last_occupied", "a mapping of hex or place to soviet or finnish")
            for key, who in lo.items():
                if SIDE_ALIASES.get(str(who).strip().lower()) not in PLAYERS:
                    raise DataFileError(f"state.last_occupied: {key!r} is held by {who!r}, not soviet or finnish",
                                        source)
                try:
                    self.hex_of(str(key))  # an unknown hex or place is an error, not a silent miss
                except ToolkitError as exc:
                    raise DataFileError(f"state.last_occupied: {exc}", source) from None
            state["last_occupied"] = {k: SIDE_ALIASES[str(v).strip().lower()] for k, v in lo.items()}
        for key in ("murmansk_penalties", "scenario_turn"):
            v = state.get(key)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                raise bad(key, "a whole number")
        sc = state.get("scenario")
        if sc is not None and str(sc).upper() not in charts.SCENARIOS:
            raise bad("scenario", f"one of {', '.join(charts.SCENARIOS)}")
        ev = state.get("events")
        if ev is not None:
            letters = ev if isinstance(ev, list) else [ev]
            if any(str(e).upper() not in charts.SPECIAL_EVENTS for e in letters):
                raise bad("events", f"Special Event letters ({', '.join(charts.SPECIAL_EVENTS)})")
        attacks = state.get("attacks")
        if attacks is not None:
            if not isinstance(attacks, list):
                raise bad("attacks", "a list of {attackers, defenders, die}")
            for n, atk in enumerate(attacks, 1):
                if not isinstance(atk, Mapping):
                    raise DataFileError(f"attack {n} is not a mapping", source)
                for key in ("attackers", "defenders"):
                    ids = atk.get(key)
                    if not isinstance(ids, list) or not ids or not all(isinstance(i, str | int) for i in ids):
                        raise DataFileError(f"attack {n}: {key} must be a list of unit ids", source)
                die = atk.get("die")
                if die is not None and (isinstance(die, bool) or not isinstance(die, int)
                                        or die not in charts.CRT.rows):
                    raise DataFileError(f"attack {n}: die roll {die!r} is not on the combat results table (1..6)",
                                        source)

    # --- the whole check -------------------------------------------------------------------------

    def check(self, position: Position, before: Position | None = None) -> Report:
        ctx = self.context(position)
        if before is not None:
            ctx.arrived = arrivals(before, position)
        if before is not None and before.phase == "combat":
            # the declared attacks are judged at the instant of combat: the start of the Combat Phase
            ctx.combat = self.context(before)
        report = Report(self.slug)
        report.extend(BOOK.run(ctx, "position"))
        if before is not None:
            move_ctx = ctx.combat if ctx.combat is not None else self.context(before)
            move_ctx.after = position
            report.extend(BOOK.run(move_ctx, "move"))
        report.units = unit_status(ctx)
        vp = victory.victory_points(ctx)
        report.summary = {"turn": position.turn, "player": position.player, "phase": position.phase,
                          "isolated": sorted(ctx.isolated), "supply_cities": ctx.city_load,
                          "finnish_retreat_before_combat": not victory.mannerheim_captured(ctx),
                          "victory_points": vp["total"], "victory_level": vp["level"], "vp_detail": vp["detail"]}
        if ctx.attacks:
            report.summary["attacks"] = ctx.attacks
        return report

    def next_step(self, before: Position, after: Position) -> Position:
        """``after`` ready to be the earlier position of the next step of a log (:func:`.sequence.next_step`):
        units moved in this Movement Phase carry their ``path``, and ``moved: true`` once the Player's hand has
        left them (Movement (C), (G))."""
        return next_step(before, after)

    def context(self, position: Position) -> Context:
        """Zones of control and supply of ``position`` (:func:`.supply.context`)."""
        return supply.context(self.board, position)

    def reachable(self, ctx: Context, unit: Any, *, ignore_zoc: bool = False) -> dict[str, float]:
        """Hex -> least Movement Points for ``unit`` to end its move there (:func:`.movement.reachable`)."""
        return movement.reachable(ctx, unit, ignore_zoc=ignore_zoc)


def unit_status(ctx: Context) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    assert ctx.zoc is not None
    for u in ctx.pos.units:
        # DESIGN.md's unit status keys on every unit; an off-map unit is neither supplied nor in a ZOC (None)
        entry: dict[str, Any] = {"hex": u.hex, "counter": u.counter, "side": u.side, "supplied": None,
                                 "in_enemy_zoc": None}
        if u.hex is not None:
            entry["supplied"] = u.id not in ctx.isolated
            entry["in_enemy_zoc"] = ctx.zoc.controls(enemy_of(player_of(u)), u.hex)
            if u.id in ctx.supply_source:
                entry["supply_via"] = ctx.supply_source[u.id]
        out[u.id] = entry
    return out


