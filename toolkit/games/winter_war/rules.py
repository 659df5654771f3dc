"""The Winter War referee: every rule of the SPI 1972 rulebook that a position or a move can break.

Each check names the rulebook section it enforces (the rulebook's own headings and case letters:
"Stacking (C)", "Zones of Control (G)", "Supply and Isolation (F)", ...), beside the code and in
the ``rule`` of each violation.

Position conventions (beyond DESIGN.md's shape):

* ``phase``: ``setup``, ``reinforcement``, ``movement``, ``combat``, ``interphase`` or ``end``. A
  position in the movement phase is judged as at the end of that phase (Stacking (A)).
* unit ``state``: ``isolated: true`` designates a unit the Soviet player isolates when a Supply
  City's capacity is exceeded (Supply (F)); ``reinforcement: true`` marks a unit placed in this
  Reinforcement Phase; ``advanced: true`` a unit that advanced before combat; ``retreated: true`` a
  unit that retreated before combat onto a host; ``eliminated: true`` a unit off the map;
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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from ...counters import CounterSet, load_counters
from ...errors import DataFileError, InputError, ToolkitError
from ...rules.paths import cheapest, trace
from ...rules.position import CounterKind, Position, Unit
from ...rules.referee import Referee
from ...rules.report import Report, Violation, violation
from ...rules.stacking import StackLimit, check_stacking
from ...rules.zoc import Zoc
from . import charts
from .combat import CombatOutcome, defense_strength, resolve
from .naming import counter_spec
from .terrain import FINLAND, HOME, NORWAY, SWEDEN, USSR, WinterWarBoard

__all__ = ["PHASES", "WinterWarReferee"]

PHASES = ("setup", "reinforcement", "movement", "combat", "interphase", "end")
PLAYERS = ("finnish", "soviet")
SIDE_ALIASES = {"fin": "finnish", "finnish": "finnish", "finland": "finnish", "finn": "finnish",
                "sov": "soviet", "soviet": "soviet", "ussr": "soviet", "russian": "soviet", "red": "soviet",
                "all": "allied", "allied": "allied", "allies": "allied", "ally": "allied"}


def player_of(u: Unit) -> str:
    """Allied units "fight as regular Finnish combat units" (Scenario A): they belong to the Finnish player."""
    return "soviet" if u.side == "soviet" else "finnish"


def enemy_of(player: str) -> str:
    return "finnish" if player == "soviet" else "soviet"


_VALUES: dict[str, tuple[int, int, int]] = {}


def _values(u: Unit) -> tuple[int, int, int]:
    v = _VALUES.get(u.kind.id)
    if v is None:
        v = _VALUES[u.kind.id] = (int(u.value("attack")), int(u.value("defense")), int(u.value("movement")))
    return v


def is_hq(u: Unit) -> bool:
    return "headquarters" in u.kind.unit_type


def is_nkvd(u: Unit) -> bool:
    return "nkvd" in u.kind.unit_type


def is_blank(u: Unit) -> bool:
    return u.kind.unit_type == "blank"


def is_ski_patrol(u: Unit) -> bool:
    """Finnish Ski Patrol units (0-0-3), Stacking (C)."""
    return u.side == "finnish" and _values(u) == (0, 0, 3)


def is_light_finn(u: Unit) -> bool:
    """The Finnish 1-1-3 and 0-0-3 units of Zones of Control (G) and Combat (A)."""
    return u.side == "finnish" and _values(u) in ((1, 1, 3), (0, 0, 3))


def _int(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def _flag(u: Unit, key: str) -> bool:
    return bool(u.state.get(key, False))


@dataclass
class _Ctx:
    """Everything one check derives from a position (built once, shared by every rule)."""

    pos: Position
    board: WinterWarBoard
    isolated: set[str] = field(default_factory=set)
    supply_source: dict[str, str] = field(default_factory=dict)
    city_load: dict[str, dict[str, Any]] = field(default_factory=dict)
    hq_city: dict[str, str] = field(default_factory=dict)
    zoc: Zoc | None = None

    @property
    def turn(self) -> int:
        return self.pos.turn

    @property
    def state(self) -> dict[str, Any]:
        return self.pos.state

    @cached_property
    def occupied(self) -> dict[str, set[str]]:
        """Player -> hexes holding one of his units (blanks do not occupy)."""
        out: dict[str, set[str]] = {"finnish": set(), "soviet": set()}
        for u in self.pos.on_map():
            if not is_blank(u):
                out[player_of(u)].add(u.hex)  # type: ignore[arg-type]
        return out

    @cached_property
    def events(self) -> set[str]:
        ev = self.state.get("events") or []
        return {str(e).upper() for e in (ev if isinstance(ev, list) else [ev])}

    @cached_property
    def scenario(self) -> str | None:
        s = self.state.get("scenario")
        return str(s).upper() if s else None

    @property
    def optional_rule(self) -> bool:
        """Optional Rule: Scenario/Special Events in use (said so, or implied by a Scenario or Special Event)."""
        return bool(self.state.get("optional_scenarios") or self.scenario or self.events)

    def scandinavia_open(self) -> bool:
        return bool(self.state.get("scandinavia_open")) and self.scenario in ("B", "C", "E")

    def last_occupied(self, hex_id: str, default: str) -> str:
        """Who occupies, or was the last to occupy or pass through, a hex (Fortifications (C), Victory)."""
        if hex_id in self.occupied["soviet"]:
            return "soviet"
        if hex_id in self.occupied["finnish"]:
            return "finnish"
        lo = self.state.get("last_occupied") or {}
        for key, who in lo.items():
            if key == hex_id or self._named(key) == hex_id:
                return str(who).lower()
        return default

    def _named(self, key: str) -> str | None:
        try:
            return self.board.tmap.resolve(str(key))
        except ToolkitError:  # not a hex or place of this map
            return None


class WinterWarReferee(Referee):
    """Judges Winter War positions and moves (the rules of ``shared/seeds/winter-war-spi-1972.txt``)."""

    slug = "winter-war"

    def __init__(self, terrain_map: Any = None, counters: CounterSet | None = None) -> None:
        self._map = terrain_map
        self._counters = counters

    # --- data ------------------------------------------------------------------------------------

    @cached_property
    def board(self) -> WinterWarBoard:
        if self._map is None:
            from ...data import map_path
            from ...terrain.io import load_map
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
                from .. import get_game
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
        return pos

    def _validate_state(self, state: Mapping[str, Any], source: str) -> None:
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
                    if not isinstance(ids, list) or not ids:
                        raise DataFileError(f"attack {n}: {key} must be a list of unit ids", source)
                die = atk.get("die")
                if die is not None and (isinstance(die, bool) or die not in charts.CRT.rows):
                    raise DataFileError(f"attack {n}: die roll {die!r} is not on the combat results table (1..6)",
                                        source)

    # --- the whole check -------------------------------------------------------------------------

    def check(self, position: Position, before: Position | None = None) -> Report:
        ctx = self.context(position)
        report = Report(self.slug)
        report.extend(self.check_deployment(ctx))
        report.extend(self.check_counts(ctx))
        report.extend(self.check_stacking(ctx))
        report.extend(self.check_prohibited(ctx))
        report.extend(self.check_supply_rules(ctx))
        report.extend(self.check_special(ctx))
        # Combat: with the position at the start of the Combat Phase, the declared attacks are judged there (the
        # instant of combat); the moves from it are the retreats and advances before and after combat.
        combat_ctx = self.context(before) if before is not None and before.phase == "combat" else ctx
        attacks = self.check_attacks(combat_ctx, report, position.state.get("attacks"))
        report.extend(self.check_murmansk(ctx))
        if before is not None:
            report.extend(self.check_moves(before, position))
        report.units = self.unit_status(ctx)
        vp = self.victory_points(ctx)
        report.summary = {"turn": position.turn, "player": position.player, "phase": position.phase,
                          "isolated": sorted(ctx.isolated), "supply_cities": ctx.city_load,
                          "finnish_retreat_before_combat": not self.mannerheim_captured(ctx),
                          "victory_points": vp["total"], "victory_level": vp["level"], "vp_detail": vp["detail"]}
        if attacks:
            report.summary["attacks"] = attacks
        return report

    def context(self, position: Position) -> _Ctx:
        """Derive ZOC and supply together: isolated units exert no ZOC (Zones of Control (H)), which can
        only free more lines, so the isolated set shrinks to a fixed point."""
        ctx = _Ctx(position, self.board)
        full = ctx.zoc = self._zoc(ctx, set())
        finns_abroad = any(player_of(u) == "finnish" and not is_blank(u) and not self.board.in_country(u.hex, FINLAND)
                           for u in position.on_map())  # type: ignore[arg-type]
        for _ in range(8):
            self._supply(ctx)
            zoc = full.without(ctx.isolated)
            changed = {side for side in ("finnish", "soviet") if zoc.hexes(side) != ctx.zoc.hexes(side)}
            ctx.zoc = zoc
            # Soviet lines depend on Finnish ZOCs; Finnish lines (only for Finns abroad) on Soviet ZOCs
            if "finnish" not in changed and not ("soviet" in changed and finns_abroad):
                break
        return ctx

    # --- zones of control --------------------------------------------------------------------------

    def _zoc(self, ctx: _Ctx, isolated: set[str]) -> Zoc:
        board = self.board
        turn = ctx.turn

        def exerts(u: Unit) -> bool:
            return self.has_zoc(u, isolated)

        def extends(u: Unit, a: str, b: str) -> bool:
            if board.side_blocked(a, b, turn):  # Zones of Control (E): not across major lake or sea
                return False
            if u.side == "soviet":
                if is_nkvd(u) and board.in_country(b, FINLAND):  # Zones of Control (G): NKVD not into Finland
                    return False
                # Fortifications (C), Zones of Control (G): not into fortifications held (last) by Finns
                if b in board.fortifications and ctx.last_occupied(b, "finnish") == "finnish":
                    return False
            return True

        return Zoc(board, ctx.pos.on_map(), owner=player_of, exerts=exerts, extends=extends)

    def has_zoc(self, u: Unit, isolated: set[str]) -> bool:
        """Whether ``u`` exerts a Zone of Control at all (where it reaches is ``_zoc``'s ``extends``)."""
        if u.hex is None or is_blank(u) or u.id in isolated:  # Zones of Control (H), Supply and Isolation (C)
            return False
        if u.side == "soviet" and is_hq(u):  # Zones of Control (G): Soviet HQs never
            return False
        # Zones of Control (G): Finnish 1-1-3 and 0-0-3 units have none when operating in the USSR (and,
        # Scenario B, in Sweden and Norway "the same restrictions as ... in the USSR")
        return not (is_light_finn(u) and self.board.country(u.hex) in (USSR, NORWAY, SWEDEN))

    def in_enemy_zoc(self, ctx: _Ctx, player: str, hex_id: str) -> bool:
        """Zones of Control (B): for movement, enemy ZOC extends into hexes with friendly units."""
        assert ctx.zoc is not None
        return ctx.zoc.controls(enemy_of(player), hex_id)

    # --- supply --------------------------------------------------------------------------------------

    def _passable(self, ctx: _Ctx, hex_id: str) -> bool:
        """Passable terrain for supply lines and lines of communication."""
        b = self.board
        if b.prohibited_terrain(hex_id, ctx.turn) is not None:
            return False
        return not (b.country(hex_id) in (NORWAY, SWEDEN) and not ctx.scandinavia_open())

    def _open(self, ctx: _Ctx) -> Callable[[str], tuple[str, ...]]:
        """Neighbours across crossable hexsides into enterable terrain (lines never cross major lake or sea)."""
        b, turn = self.board, ctx.turn
        return lambda h: b.open_neighbours(h, turn)

    def _line_step(self, ctx: _Ctx, player: str) -> Callable[[str, str], bool]:
        """Supply and Isolation (F)/(G)/(K): lines through passable terrain, free of enemy units and
        of enemy ZOC except where a friendly unit stands."""
        zoc = ctx.zoc
        assert zoc is not None
        enemy = enemy_of(player)
        enemy_hexes = ctx.occupied[enemy]
        friendly = ctx.occupied[player]
        ok: dict[str, bool] = {}

        def enter(a: str, h: str) -> bool:
            v = ok.get(h)
            if v is None:
                v = ok[h] = (h not in enemy_hexes and self._passable(ctx, h)
                             and (h in friendly or not zoc.controls(enemy, h)))
            return v

        return enter

    def rail_connected(self, ctx: _Ctx, player: str) -> set[str]:
        """Rail hexes joined to the player's rail source by rail free of enemy units (ZOC allowed).

        Soviet: Leningrad (Supply (F), Movement (J)). Finnish: any Finnish City in Finnish hands.
        """
        b = self.board
        enemy_hexes = ctx.occupied[enemy_of(player)]
        if player == "soviet":
            sources = [b.named["Leningrad"]] if "Leningrad" in b.named else []
        else:
            sources = [h for h in b.finnish_cities if ctx.last_occupied(h, "finnish") == "finnish"]
        sources = [s for s in sources if s not in enemy_hexes]
        seen = set(sources)
        stack = list(sources)
        while stack:
            h = stack.pop()
            for n in b.rail_net.get(h, ()):
                if n not in seen and n not in enemy_hexes:
                    seen.add(n)
                    stack.append(n)
        return seen

    def _capacity(self, ctx: _Ctx, city: str) -> float:
        cap = self.board.supply_cities[city]
        if city == self.board.named.get("Leningrad"):
            return float("inf")  # Supply (F): Leningrad exceeds the needs of the entire Soviet Army
        # Special Event H: Petrozavodsk supplies 90 (only if a Scenario is already in effect)
        if "H" in ctx.events and ctx.scenario and city == self.board.named.get("Petrozavodsk"):
            return 90
        return cap

    def hq_cities(self, ctx: _Ctx) -> dict[str, str]:
        """HQ id -> the Supply City it draws on (Supply and Isolation (F)): "always the one closest to the
        Headquarters unit" among those its line of at most ten hexes reaches, and "That Supply City must be
        connected to Leningrad by a continuous line of rail hexes": an HQ whose closest city is cut off from
        Leningrad supplies nothing (it may not draw on a more distant city). Ties go to a connected city, then
        to the larger capacity.

        Lines are traced outward from each city (one search per city, not per HQ); a city held by Finnish units,
        or in a Finnish ZOC with no Soviet unit in it, starts no line.
        """
        b = self.board
        connected = self.rail_connected(ctx, "soviet")
        step = self._line_step(ctx, "soviet")
        hq_hexes: dict[str, list[str]] = {}
        for u in ctx.pos.side_units("soviet"):
            if is_hq(u):
                hq_hexes.setdefault(u.hex, []).append(u.id)  # type: ignore[arg-type]
        best: dict[str, tuple[int, bool, float, str]] = {}
        for c in b.supply_cities:
            if c in ctx.occupied["finnish"]:
                continue
            if c not in ctx.occupied["soviet"] and ctx.zoc is not None and ctx.zoc.controls("finnish", c):
                continue
            dist = trace(b, [c], step, max_length=10, neighbours=self._open(ctx))
            key_cap = -self._capacity(ctx, c)
            for h in hq_hexes:
                d = dist.get(h)
                if d is not None:
                    cand = (d, c not in connected, key_cap, c)
                    if h not in best or cand < best[h]:
                        best[h] = cand
        return {uid: best[h][3] for h, ids in hq_hexes.items() if h in best and best[h][3] in connected
                for uid in ids}

    def _supply(self, ctx: _Ctx) -> None:
        """Supply and Isolation: which units are isolated now."""
        b = self.board
        ctx.isolated = set()
        ctx.supply_source = {}
        ctx.city_load = {}
        soviets = [u for u in ctx.pos.side_units("soviet") if not is_blank(u)]
        hq_city = ctx.hq_city = self.hq_cities(ctx)
        connected = self.rail_connected(ctx, "soviet")
        step = self._line_step(ctx, "soviet")
        hq_reach: dict[str, dict[str, int]] = {}
        for u in soviets:
            if u.id in hq_city:
                hq_reach[u.id] = trace(b, [u.hex], step, max_length=5, neighbours=self._open(ctx))  # type: ignore[list-item]
        # candidates: unit -> cities it may draw on (directly in a city, or via an HQ within five hexes)
        load: dict[str, list[Unit]] = {}
        remaining: dict[str, float] = {c: self._capacity(ctx, c) for c in b.supply_cities}
        needy = [u for u in soviets if not (is_hq(u) or is_nkvd(u))]  # Supply (F): HQ and NKVD never isolated
        needy.sort(key=lambda u: (_flag(u, "isolated"), -u.value("attack"), u.id))
        for u in needy:
            options: list[tuple[str, str]] = []
            if u.hex in b.supply_cities and u.hex in connected:
                options.append((u.hex, u.hex))  # type: ignore[arg-type]
            for hq_id, reach in hq_reach.items():
                if u.hex in reach:
                    options.append((hq_city[hq_id], hq_id))
            if not options:
                ctx.isolated.add(u.id)
                continue
            city, via = max(options, key=lambda o: (remaining[o[0]], o[1]))
            load.setdefault(city, []).append(u)
            remaining[city] -= u.value("attack")
            ctx.supply_source[u.id] = via
        # Supply (F): capacity exceeded -> the excess (whole units) isolated, chosen by the Soviet player:
        # the units the position marks isolated first, then the strongest (fewest units isolated).
        for city, units in load.items():
            cap = self._capacity(ctx, city)
            total = sum(u.value("attack") for u in units)
            entry: dict[str, Any] = {"capacity": None if cap == float("inf") else int(cap), "load": _int(total)}
            if total > cap:
                excess = total - cap
                for u in sorted(units, key=lambda u: (not _flag(u, "isolated"), -u.value("attack"), u.id)):
                    if excess <= 0:
                        break
                    ctx.isolated.add(u.id)
                    ctx.supply_source.pop(u.id, None)
                    excess -= u.value("attack")
                entry["overflow"] = _int(total - cap)
            ctx.city_load[b.tmap.name(city) or city] = entry
        # Supply and Isolation (G): Finnish units outside Finland trace any line back into Finland.
        abroad = [u for u in ctx.pos.side_units("finnish") + ctx.pos.side_units("allied")
                  if not is_blank(u) and not b.in_country(u.hex, FINLAND)]  # type: ignore[arg-type]
        if abroad:
            fstep = self._line_step(ctx, "finnish")
            for u in abroad:
                reach = trace(b, [u.hex], fstep, neighbours=self._open(ctx))  # type: ignore[list-item]
                if not any(b.in_country(h, FINLAND) and h not in ctx.occupied["soviet"]
                           and (h in ctx.occupied["finnish"] or not ctx.zoc.controls("soviet", h))  # type: ignore[union-attr]
                           for h in reach):
                    ctx.isolated.add(u.id)

    # --- rules on a position -----------------------------------------------------------------------------

    def check_deployment(self, ctx: _Ctx) -> list[Violation]:
        """Initial Deployment (and the Finnish/Soviet Initial Forces charts)."""
        out: list[Violation] = []
        b = self.board
        if ctx.pos.phase != "setup":
            for u in ctx.pos.on_map():
                if is_blank(u):
                    out.append(violation("Initial Deployment", f"blank counter {u.id} is still on the map; the "
                                         "five blanks are removed before play begins", [u.hex], [u.id]))
            return out
        forts = b.fortifications
        leningrad = b.named.get("Leningrad")
        near_leningrad = b.within(leningrad, 3) if leningrad else set()
        for u in ctx.pos.on_map():
            if u.side == "allied":
                out.append(violation("Initial Deployment", f"Allied unit {u.id} is not part of the initial forces",
                                     [u.hex], [u.id]))
            elif u.side == "finnish":
                if not b.in_country(u.hex, FINLAND):  # type: ignore[arg-type]
                    out.append(violation("Initial Deployment", f"Finnish unit {u.id} must deploy within Finland",
                                         [u.hex], [u.id]))
                if u.counter == "fin-6-6-2" and u.hex not in forts:
                    out.append(violation("Initial Deployment", f"Finnish 6-6-2 {u.id} must be placed on a "
                                         "Fortification hex", [u.hex], [u.id]))
            else:
                if not b.in_country(u.hex, USSR):  # type: ignore[arg-type]
                    out.append(violation("Initial Deployment", f"Soviet unit {u.id} must deploy within the U.S.S.R.",
                                         [u.hex], [u.id]))
                if u.counter == "sov-20-12-2" and u.hex not in near_leningrad:
                    out.append(violation("Initial Deployment (a)", f"20-12-2 {u.id} must deploy within three hexes "
                                         "of Leningrad", [u.hex, leningrad], [u.id]))
                if u.id in ctx.isolated:
                    out.append(violation("Initial Deployment (b)", f"Soviet unit {u.id} would begin the game "
                                         "isolated (Supply and Isolation (J))", [u.hex], [u.id]))
        return out

    def allowed_counts(self, ctx: _Ctx) -> dict[str, int]:
        """How many of each counter may be in play: Initial Forces + reinforcements due so far (Turn
        Record/Reinforcement Chart) + the Scenario/Special Event units."""
        pos = ctx.pos
        allowed: dict[str, int] = {}
        for forces in (charts.FINNISH_INITIAL_FORCES, charts.SOVIET_INITIAL_FORCES):
            for cid, n in forces.items():
                allowed[cid] = allowed.get(cid, 0) + n
        if pos.phase == "setup":
            return allowed
        soviet_upto = pos.turn  # the Soviet Player-Turn comes first in every Game-Turn
        finnish_upto = pos.turn if pos.player == "finnish" else pos.turn - 1
        if ctx.scenario == "D":  # Scenario D (rolled at the end of Game-Turn 1 or 2): turns 3 and 4 early
            finnish_upto = max(finnish_upto, 4)  # the Finns place theirs immediately, in the Interphase
            triggered = int(ctx.state.get("scenario_turn", 0) or 0)
            if (pos.turn > triggered) if triggered else pos.phase != "interphase":
                soviet_upto = max(soviet_upto, 4)  # the Soviets in their ensuing Reinforcement Phase
        for table, upto in ((charts.SOVIET_REINFORCEMENTS, soviet_upto), (charts.FINNISH_REINFORCEMENTS, finnish_upto)):
            for turn, units in table.items():
                if turn <= upto:
                    for cid, n in units.items():
                        if ctx.scenario == "E" and cid == "sov-20-12-2" and turn > int(ctx.state.get(
                                "scenario_turn", 0) or 0):
                            continue  # Scenario E: no 20-12-2 reinforcements after the German threat
                        allowed[cid] = allowed.get(cid, 0) + n
        allowed["all-3-2-2"] = {"A": 3, "B": 6, "C": 2, "E": 3}.get(ctx.scenario or "", 0)
        triggered = int(ctx.state.get("scenario_turn", 0) or 0)
        if ctx.scenario == "B" and triggered and (pos.turn, pos.player == "finnish") < (triggered + 1, True):
            allowed["all-3-2-2"] = 2  # Scenario B: two at once, four more in the next Finnish Reinforcement Phase
        allowed["sov-3-1-1"] = 1 if "F" in ctx.events else 0
        allowed["fin-2-2-2"] = 1 if "G" in ctx.events else 0
        return allowed

    def check_counts(self, ctx: _Ctx) -> list[Violation]:
        """Turn Record/Reinforcement Chart: no more units in play than have arrived."""
        allowed = self.allowed_counts(ctx)
        by_kind: dict[str, list[Unit]] = {}
        for u in ctx.pos.units:
            if u.hex is not None or _flag(u, "eliminated"):
                by_kind.setdefault(u.counter, []).append(u)
        out = []
        for cid, units in by_kind.items():
            limit = allowed.get(cid, 0)
            if cid == "fin-blank" and ctx.pos.phase != "setup":
                continue  # reported by Initial Deployment
            if len(units) > limit:
                rule = "Initial Deployment" if ctx.pos.phase == "setup" else "Turn Record / Reinforcement Chart"
                out.append(violation(rule, f"{len(units)} {cid} in play; only {limit} available by Game-Turn "
                                     f"{ctx.pos.turn}", [u.hex for u in units], [u.id for u in units]))
        return out

    def check_stacking(self, ctx: _Ctx) -> list[Violation]:
        """Stacking: two Friendly units on or south of Row A, one north of it; ski patrols free (C)."""
        if ctx.pos.phase in ("reinforcement",):
            return []  # Stacking (A): applies at the end of the Movement Phase and during Combat
        b = self.board
        petsamo = b.named.get("Petsamo")
        r_hex = next(iter(b.tmap.find(tag="r_hex")), None)

        def weight(u: Unit) -> float:
            if is_ski_patrol(u) or is_blank(u):
                return 0  # Stacking (C); blanks are dummies
            # Scenario A: the landing force stacks on Petsamo freely; Scenario B: on the "R" hex
            if u.side == "allied" and u.hex in (petsamo, r_hex):
                return 0
            return 1

        def limit(hex_id: str, side: str) -> StackLimit:
            if b.north_of_row_a(hex_id):
                return StackLimit(1, "north of Row A", "Stacking")
            return StackLimit(2, "on or south of Row A", "Stacking")

        return check_stacking(ctx.pos.by_hex, owner=player_of, limit=limit, weight=weight)

    def prohibition(self, ctx: _Ctx, u: Unit, hex_id: str) -> tuple[str, str] | None:
        """Why ``u`` may not be in ``hex_id`` (rule, reason), or None: Movement (K), the TEC."""
        b = self.board
        bad = b.prohibited_terrain(hex_id, ctx.turn)
        if bad:
            return "Terrain Effects Chart", f"{bad}: entry prohibited"
        country = b.country(hex_id)
        if country in (NORWAY, SWEDEN):
            r_hex = "r_hex" in b.tags(hex_id)
            if not (ctx.scandinavia_open() or (u.side == "allied" and r_hex and ctx.scenario in ("B", "C", "E"))):
                return "Movement (K)", "no units may enter Norway or Sweden in the Standard Game"
        if is_nkvd(u) and country != USSR:
            return "Movement (K)", "NKVD units may never leave the USSR"
        if u.counter in ("fin-6-6-2", "sov-20-12-2") and b.north_of_row_a(hex_id):
            return "Movement (K)", f"{u.counter[4:]} units may never enter hexes north of Row A"
        return None

    def check_prohibited(self, ctx: _Ctx) -> list[Violation]:
        out = []
        for u in ctx.pos.on_map():
            if is_blank(u):
                continue
            why = self.prohibition(ctx, u, u.hex)  # type: ignore[arg-type]
            if why:
                out.append(violation(why[0], f"{u.id} ({u.counter}) in {u.hex}: {why[1]}", [u.hex], [u.id]))
        return out

    def check_supply_rules(self, ctx: _Ctx) -> list[Violation]:
        """Sequence of Play A: reinforcements are placed in a supplied state."""
        out = []
        for u in ctx.pos.on_map():
            if _flag(u, "reinforcement") and u.id in ctx.isolated:
                out.append(violation("Sequence of Play (Reinforcement Phase)", f"reinforcement {u.id} placed in "
                                     "an isolated state; units must be placed on the map supplied", [u.hex], [u.id]))
        return out

    def check_special(self, ctx: _Ctx) -> list[Violation]:
        """Special Events F (paradrop) and G (volunteers): where the units may appear."""
        out = []
        b = self.board
        assert ctx.zoc is not None
        for u in ctx.pos.on_map():
            if u.counter == "sov-3-1-1" and _flag(u, "air_dropped"):
                len_hex = b.named.get("Leningrad")
                near = b.within(len_hex, 6) if len_hex else set()
                if not b.in_country(u.hex, FINLAND) or u.hex not in near:  # type: ignore[arg-type]
                    out.append(violation("Special Event F", f"paratroop {u.id} must land in Finland within 6 hexes "
                                         "of Leningrad", [u.hex], [u.id]))
                if ctx.zoc.controls("finnish", u.hex):  # type: ignore[arg-type]
                    out.append(violation("Special Event F", f"paratroop {u.id} cannot land in a Finnish Zone of "
                                         "Control", [u.hex], [u.id]))
            if ctx.scenario == "D" and player_of(u) == "finnish" and _flag(u, "reinforcement") \
                    and ctx.pos.phase == "interphase":
                out.extend(self._scenario_d_placement(ctx, u))
            if u.counter == "sov-3-1-1" and _flag(u, "reinforcement") and u.hex != b.named.get("Leningrad"):
                out.append(violation("Special Event F", f"paratroop {u.id} is placed in Leningrad when the event "
                                     "occurs", [u.hex], [u.id]))
            if u.side == "allied" and _flag(u, "reinforcement"):
                out.extend(self._allied_arrival(ctx, u))
            if u.counter == "fin-2-2-2" and _flag(u, "reinforcement"):
                allowed = {b.named.get("Helsinki"), b.named.get("Oulu")}
                if u.hex not in allowed:
                    out.append(violation("Special Event G", f"volunteer unit {u.id} must be placed in Helsinki or "
                                         "Oulu", [u.hex], [u.id]))
        return out

    def _allied_arrival(self, ctx: _Ctx, u: Unit) -> list[Violation]:
        """Where Allied units arrive: Scenario A on Petsamo; B and C on the Swedish "R" hex; E either."""
        b = self.board
        petsamo = b.named.get("Petsamo")
        r_hex = next(iter(b.tmap.find(tag="r_hex")), None)
        where = {"A": {petsamo}, "B": {r_hex}, "C": {r_hex}, "E": {petsamo, r_hex}}.get(ctx.scenario or "")
        if where is None:
            return [violation("Optional Rule: Scenario/Special Events", f"Allied unit {u.id} arrives only with "
                              "Scenario A, B, C or E", [u.hex], [u.id])]
        if u.hex in where:
            return []
        names = " or ".join("Petsamo" if h == petsamo else 'the "R" hex' for h in sorted(h for h in where if h))
        return [violation(f"Scenario {ctx.scenario}", f"Allied unit {u.id} arrives on {names}", [u.hex], [u.id])]

    def _scenario_d_placement(self, ctx: _Ctx, u: Unit) -> list[Violation]:
        """Scenario D: the Finnish Game-Turn 3 and 4 reinforcements are placed at once "in any hex in Finland,
        not in the Soviet's Zone of Control, and to which a line of hexes can be traced to Helsinki (of any
        length), none of which are in the Soviet Player's Zone of Control"."""
        b = self.board
        assert ctx.zoc is not None and u.hex is not None
        helsinki = b.named.get("Helsinki")
        if not b.in_country(u.hex, FINLAND) or ctx.zoc.controls("soviet", u.hex):
            return [violation("Scenario D", f"reinforcement {u.id} must be placed in Finland, not in a Soviet Zone "
                              "of Control", [u.hex], [u.id])]
        enemy = ctx.occupied["soviet"]
        reach = trace(b, [u.hex], lambda a, h: h not in enemy and not ctx.zoc.controls("soviet", h),  # type: ignore[union-attr]
                      targets=[helsinki] if helsinki else [], neighbours=self._open(ctx))
        if helsinki is not None and helsinki not in reach:
            return [violation("Scenario D", f"reinforcement {u.id}: no line of hexes free of Soviet Zones of Control "
                              "from its hex to Helsinki", [u.hex, helsinki], [u.id])]
        return []

    def check_murmansk(self, ctx: _Ctx) -> list[Violation]:
        """Murmansk Defense: seven combat units (not HQs) within five hexes of Murmansk from Game-Turn 4
        (not with the Optional Scenario/Special Event rule)."""
        pos = ctx.pos
        if (ctx.optional_rule or pos.turn < charts.MURMANSK_FIRST_TURN
                or pos.player != "soviet" or pos.phase not in ("combat", "end")):
            return []
        n, murmansk = self.murmansk_garrison(ctx)
        if murmansk is None or n >= 7:
            return []
        return [violation("Murmansk Defense", f"only {n} Soviet combat units within five hexes of Murmansk (7 "
                          "required from Game-Turn 4): -10 Victory Points this Player-Turn", [murmansk])]

    def murmansk_garrison(self, ctx: _Ctx) -> tuple[int, str | None]:
        murmansk = self.board.named.get("Murmansk")
        if murmansk is None:
            return 0, None
        near = self.board.within(murmansk, 5)
        n = sum(1 for u in ctx.pos.side_units("soviet") if u.hex in near and not is_hq(u))
        return n, murmansk

    # --- combat --------------------------------------------------------------------------------------------

    def defense_of(self, ctx: _Ctx, defenders: list[Unit], attackers: list[Unit]) -> tuple[Fraction, bool, list[str]]:
        """Combined Defense Strength of the defending units (Combat (H), (K), (S); Supply (B)), whether the
        fortified results apply (Fortifications (B)), and notes."""
        b = self.board
        total = Fraction(0)
        fortified = False
        notes: list[str] = []
        attacker_hexes = {a.hex for a in attackers}
        for d in defenders:
            if _flag(d, "retreated"):
                continue  # Combat (A): units that retreated onto a host do not defend
            h = d.hex
            assert h is not None
            finn = player_of(d) == "finnish"
            doubled = False
            if finn and (h in b.finnish_cities or h in b.fortifications):
                doubled = True
                notes.append(f"{d.id} doubled in a Finnish {'Fortification' if h in b.fortifications else 'City'}")
                if h in b.fortifications:
                    fortified = True
            elif not finn and h in b.supply_cities:
                doubled = True
                notes.append(f"{d.id} doubled in a Soviet Supply City")
            adj = [a for a in attacker_hexes if a in b.neighbours(h)]
            if adj and all(b.water_side(a, h) for a in adj) and not doubled:
                doubled = True
                notes.append(f"{d.id} doubled: attacked only through lake or river hexsides")
            iso = d.id in ctx.isolated
            if iso:
                notes.append(f"{d.id} halved: isolated")
            total += defense_strength(d.value("defense"), doubled=doubled, isolated=iso)
        return total, fortified, notes

    def check_attacks(self, ctx: _Ctx, report: Report, raw: Any = None) -> list[dict[str, Any]]:
        """Combat: the declared attacks of a Combat Phase (``raw``, default ``state.attacks``) and the mandatory
        Soviet attacks."""
        if raw is None:
            raw = ctx.state.get("attacks")
        if raw is None:
            return []
        pos, b = ctx.pos, self.board
        if pos.phase != "combat":
            # Movement (E): no combat during a Movement Phase; Sequence of Play: combat only in the Combat Phase
            rule = "Movement (E)" if pos.phase == "movement" else "Sequence of Play"
            report.add(violation(rule, f"attacks declared in the {pos.phase} phase; combat takes place "
                                 "in the Combat Phase"))
            return []
        if not isinstance(raw, list):
            raise DataFileError("state.attacks must be a list of {attackers, defenders, die}", pos.source)
        attacker_side = pos.player
        used_a: dict[str, int] = {}
        used_d: dict[str, int] = {}
        results = []
        for n, atk in enumerate(raw, 1):
            if not isinstance(atk, Mapping):
                raise DataFileError(f"attack {n} is not a mapping", pos.source)
            try:
                attackers = [pos.by_id[i] for i in atk.get("attackers") or []]
                defenders = [pos.by_id[i] for i in atk.get("defenders") or []]
            except KeyError as exc:
                raise DataFileError(f"attack {n} names unknown unit {exc.args[0]!r}", pos.source) from None
            if not attackers or not defenders:
                raise DataFileError(f"attack {n} needs attackers and defenders", pos.source)
            for u in attackers:
                if u.id in used_a:
                    report.add(violation("Combat (F)", f"{u.id} attacks twice (attacks {used_a[u.id]} and {n})",
                                         [u.hex], [u.id]))
                used_a[u.id] = n
                if player_of(u) != attacker_side:
                    report.add(violation("Combat", f"{u.id} is not the phasing player's unit", [u.hex], [u.id]))
                if is_hq(u) and u.side == "soviet":
                    report.add(violation("Combat (E)", f"Soviet HQ {u.id} may never attack", [u.hex], [u.id]))
                if u.id in ctx.isolated:
                    report.add(violation("Combat (P)", f"{u.id} is isolated and may not attack", [u.hex], [u.id]))
                if u.counter == "sov-3-1-1" and _flag(u, "air_dropped"):
                    report.add(violation("Special Event F", f"paratroop {u.id} was air dropped this turn and cannot "
                                         "attack until the next Soviet Player-Turn", [u.hex], [u.id]))
                if _flag(u, "advanced"):
                    report.add(violation("Combat Procedure (B)", f"{u.id} advanced before combat and may not "
                                         "attack", [u.hex], [u.id]))
                for d in defenders:
                    if d.hex not in b.neighbours(u.hex):  # type: ignore[arg-type]
                        report.add(violation("Combat (C)", f"{u.id} is not adjacent to {d.id}", [u.hex, d.hex],
                                             [u.id, d.id]))
                    elif b.side_blocked(u.hex, d.hex, ctx.turn):  # type: ignore[arg-type]
                        report.add(violation("Terrain Effects Chart", f"{u.id} may not attack {d.id} across a "
                                             "major lake or sea hexside", [u.hex, d.hex], [u.id, d.id]))
                    if is_nkvd(u) and b.in_country(d.hex, FINLAND):  # type: ignore[arg-type]
                        report.add(violation("Combat (Q)", f"NKVD {u.id} may not attack units in Finland",
                                             [u.hex, d.hex], [u.id, d.id]))
            for u in attackers + defenders:
                if u.side == "allied" and not b.in_country(u.hex, FINLAND) and ctx.scenario in ("B", "C", "E"):  # type: ignore[arg-type]
                    report.add(violation("Scenario B", f"Allied unit {u.id} may not attack or be attacked until it "
                                         "enters a Finnish hex", [u.hex], [u.id]))
            for d in defenders:
                if d.id in used_d:
                    report.add(violation("Combat (F)", f"{d.id} is attacked twice (attacks {used_d[d.id]} and {n})",
                                         [d.hex], [d.id]))
                used_d[d.id] = n
                if player_of(d) == attacker_side:
                    report.add(violation("Combat", f"{d.id} is the attacker's own unit", [d.hex], [d.id]))
            for h in {d.hex for d in defenders if d.hex is not None}:
                missing = [u.id for u in pos.at(h) if player_of(u) != attacker_side and not is_blank(u)
                           and u not in defenders]
                if missing:
                    report.add(violation("Combat (H)", f"the units in {h} defend together; {', '.join(missing)} "
                                         "left out of the attack", [h], missing))
            attack = sum(Fraction(u.value("attack")) for u in attackers)
            defense, fortified, notes = self.defense_of(ctx, defenders, attackers)
            die = atk.get("die")
            ski_only = all(is_ski_patrol(d) for d in defenders)
            try:
                outcome: CombatOutcome = resolve(attack, defense, fortified=fortified, die=die,
                                                 ski_patrols_only=ski_only)
            except InputError as exc:
                raise DataFileError(f"attack {n}: {exc}", pos.source) from None
            if outcome.odds.clamped == "low" and attacker_side == "finnish" and not ski_only:
                # CRT: "odds worse than 1-4 are not permitted - if unavoidable, treat as a 1-4": only the Soviet
                # player's attacks are obligatory (Combat (E)); a voluntary Finnish one is avoidable (Combat (D))
                odds = f"{_int(float(attack))} against {_int(float(defense))}"
                report.add(violation("Combat Results Table", f"attack {n} is at odds worse than 1-4 ({odds}); "
                                     "the Finnish attack is voluntary and not "
                                     "permitted", [u.hex for u in attackers + defenders],
                                     [u.id for u in attackers + defenders]))
            entry: dict[str, Any] = {"attackers": [u.id for u in attackers],
                                     "defenders": [u.id for u in defenders], **outcome.to_dict()}
            entry["notes"] = notes + list(outcome.notes)
            if outcome.result == "Ex":  # CRT Ex: at least the defenders' basic (not doubled) Defense Strength
                entry["exchange_loss"] = _int(sum(d.value("defense") for d in defenders if not _flag(d, "retreated")))
            entry.pop("column")
            results.append(entry)
        if attacker_side == "soviet":
            report.extend(self._mandatory_attacks(ctx, used_a, used_d))
        return results

    def _mandatory_attacks(self, ctx: _Ctx, used_a: Mapping[str, int], used_d: Mapping[str, int]) -> list[Violation]:
        """Combat (E): every Soviet unit adjacent to Finnish (or Allied) units attacks, and every such
        Finnish unit is attacked - except isolated units, units that advanced before combat and HQs;
        NKVD units may not attack into Finland (Q)."""
        b, pos = self.board, ctx.pos
        out = []
        finns = {u.hex for u in pos.on_map() if player_of(u) == "finnish" and not is_blank(u) and not (
            u.side == "allied" and not b.in_country(u.hex, FINLAND))}  # type: ignore[arg-type]
        for u in pos.side_units("soviet"):
            if is_hq(u) or u.id in ctx.isolated or _flag(u, "advanced") or u.id in used_a or (
                    u.counter == "sov-3-1-1" and _flag(u, "air_dropped")):
                continue
            targets = [h for h in b.neighbours(u.hex) if h in finns  # type: ignore[arg-type]
                       and not b.side_blocked(u.hex, h, ctx.turn)  # type: ignore[arg-type]
                       and not (is_nkvd(u) and b.in_country(h, FINLAND))]
            if targets:
                out.append(violation("Combat (E)", f"Soviet unit {u.id} is adjacent to Finnish units and must "
                                     "attack", [u.hex, *targets], [u.id]))
        able = [u for u in pos.side_units("soviet") if not (is_hq(u) or u.id in ctx.isolated or _flag(u, "advanced"))]
        for d in pos.on_map():
            if player_of(d) != "finnish" or is_blank(d) or d.id in used_d or _flag(d, "retreated"):
                continue
            if d.side == "allied" and not b.in_country(d.hex, FINLAND):  # type: ignore[arg-type]
                continue  # Scenario B: not attacked before entering Finland
            adj = [a for a in able if d.hex in b.neighbours(a.hex)  # type: ignore[arg-type]
                   and not b.side_blocked(a.hex, d.hex, ctx.turn)  # type: ignore[arg-type]
                   and not (is_nkvd(a) and b.in_country(d.hex, FINLAND))]  # type: ignore[arg-type]
            if adj:
                out.append(violation("Combat (E)", f"{d.id} is adjacent to Soviet units and must be attacked",
                                     [d.hex], [d.id, *(a.id for a in adj)]))
        return out

    # --- moves between two positions -------------------------------------------------------------------------

    def check_moves(self, before: Position, after: Position) -> list[Violation]:
        """Movement, Zones of Control, rail movement: each unit that changed hex between ``before`` (the
        start of the phase) and ``after`` must have had a legal way there."""
        out: list[Violation] = []
        if before.turn != after.turn or before.player != after.player:
            return [violation("Sequence of Play", f"the positions are in different Player-Turns (turn "
                              f"{before.turn} {before.player}, turn {after.turn} {after.player}); only moves within "
                              "one Player-Turn are judged")]
        ctx = self.context(before)
        moved = [(u, before.by_id.get(u.id)) for u in after.units]
        advancers: dict[str, list[str]] = {}
        crt = self.crt_outcomes(ctx, after) if before.phase == "combat" else {}
        if before.phase == "movement":
            for old in before.on_map():
                if old.id not in after.by_id:
                    out.append(violation("Movement (K)", f"{old.id} is missing after the Movement Phase; no unit may "
                                         "move off the edge of the map (and none is eliminated while moving)",
                                         [old.hex], [old.id]))
        for u, old in moved:
            arrived = u.hex is not None and (old is None or old.hex is None)
            if arrived and before.phase not in ("setup", "reinforcement") and not (
                    before.phase == "interphase" or _flag(u, "air_dropped")):
                out.append(violation("Sequence of Play", f"{u.id} entered the map in the {before.phase} phase; new "
                                     "units are placed in the Reinforcement Phase", [u.hex], [u.id]))
                continue
            if old is None or old.hex == u.hex:
                continue
            if u.counter == "sov-3-1-1" and _flag(u, "air_dropped") and not _flag(old, "air_dropped"):
                out.extend(self.judge_drop(ctx, old, u.hex))  # where it lands: check_special
                continue
            if old.hex is not None and u.hex is None and before.phase == "movement":
                out.append(violation("Movement (K)", f"{u.id} left the map in the Movement Phase; no unit may move off "
                                     "the edge of the map (and none is eliminated while moving)", [old.hex], [u.id]))
                continue
            if old.hex is None or u.hex is None:
                continue  # arrivals and eliminations are judged by counts and supply
            if crt.get(u.id, ("", ""))[0] in ("Dr", "Ar"):  # a retreat the Combat Results Table ordered
                out.extend(self.judge_crt_retreat(ctx, old, u.hex, crt[u.id][0]))
                continue
            if crt.get(u.id, ("", ""))[0] in ("De", "Ex") and player_of(u) == before.player:
                out.extend(self.judge_crt_advance(ctx, old, u.hex, crt[u.id][1], advancers))
                continue
            if player_of(u) != before.player:
                if before.phase == "combat":
                    out.extend(self.judge_retreat(ctx, old, u.hex))
                    continue
                out.append(violation("Movement (D)", f"{u.id} belongs to the non-phasing player and may not move",
                                     [old.hex, u.hex], [u.id]))
                continue
            if before.phase == "combat":
                if any(res == "Dr" and u.hex in where.split() for res, where in crt.values()):
                    out.append(violation("Combat Results Table", f"{u.id} may not advance into {u.hex}: after a "
                                         "Dr result the attacker may not advance", [old.hex, u.hex], [u.id]))
                    continue
                out.extend(self.judge_advance(ctx, old, u.hex, after, advancers))
                continue
            if before.phase != "movement":
                out.append(violation("Sequence of Play", f"{u.id} moved in the {before.phase} phase",
                                     [old.hex, u.hex], [u.id]))
                continue
            problem = self.judge_move(ctx, old, u.hex)
            if problem:
                out.append(violation(problem[0], f"{u.id} cannot reach {u.hex} from {old.hex}: {problem[1]}",
                                     [old.hex, u.hex], [u.id]))
        return out

    def judge_drop(self, ctx: _Ctx, u: Unit, dest: str | None) -> list[Violation]:
        """Special Event F: the paratroop is air dropped "provided it starts from Leningrad", "only ... at the
        conclusion of the Soviet Player-Turn"."""
        out = []
        leningrad = self.board.named.get("Leningrad")
        if u.hex != leningrad:
            out.append(violation("Special Event F", f"paratroop {u.id} is air dropped from {u.hex}; it must start from "
                                 "Leningrad", [u.hex, dest], [u.id]))
        if ctx.pos.player != "soviet" or ctx.pos.phase not in ("combat", "end"):
            out.append(violation("Special Event F", f"paratroop {u.id} can only be air dropped at the conclusion of "
                                 f"the Soviet Player-Turn, not in the {ctx.pos.player} {ctx.pos.phase} phase",
                                 [u.hex, dest], [u.id]))
        return out

    def crt_outcomes(self, ctx: _Ctx, after: Position) -> dict[str, tuple[str, str]]:
        """Unit id -> (its attack's result, the defenders' hexes) for the attacks ``after`` declares with a
        die roll (``state.attacks``), resolved on the position at the start of the Combat Phase."""
        raw = after.state.get("attacks")
        out: dict[str, tuple[str, str]] = {}
        if not isinstance(raw, list):
            return out
        pos = ctx.pos
        for atk in raw:
            if not isinstance(atk, Mapping) or atk.get("die") is None:
                continue
            attackers = [pos.by_id[i] for i in atk.get("attackers") or [] if i in pos.by_id]
            defenders = [pos.by_id[i] for i in atk.get("defenders") or [] if i in pos.by_id]
            if not attackers or not defenders or any(u.hex is None for u in attackers + defenders):
                continue
            attack = sum(Fraction(u.value("attack")) for u in attackers)
            defense, fortified, _ = self.defense_of(ctx, defenders, attackers)
            try:
                result = resolve(attack, defense, fortified=fortified, die=atk["die"],
                                 ski_patrols_only=all(is_ski_patrol(d) for d in defenders)).result
            except InputError:
                continue  # reported by check_attacks
            where = " ".join(sorted({d.hex for d in defenders}))  # type: ignore[misc]
            for u in (defenders if result == "Dr" else attackers if result in ("Ar", "De", "Ex") else []):
                out[u.id] = (str(result), where)
        return out

    def judge_crt_retreat(self, ctx: _Ctx, u: Unit, dest: str, result: str) -> list[Violation]:
        """Combat Results Table, Retreating (Dr, Ar): one hex, not into enemy ZOC unless onto a friendly unit
        (Zones of Control (D)), not into impassable or prohibited terrain; a unit that cannot is eliminated."""
        out = []
        where = [u.hex, dest]
        rule = "Combat Results Table"
        if dest not in self.board.neighbours(u.hex):  # type: ignore[arg-type]
            out.append(violation(rule, f"{u.id} retreated more than one hex after a {result} result ({u.hex} to "
                                 f"{dest})", where, [u.id]))
        # CRT, Retreating: "a unit can retreat on top of another Friendly unit on or below 'row A' even if in an
        # Enemy Zone of Control" (Zones of Control (D))
        friendly_there = any(player_of(v) == player_of(u) and not is_blank(v) for v in ctx.pos.at(dest)) \
            and not self.board.north_of_row_a(dest)
        if self.in_enemy_zoc(ctx, player_of(u), dest) and not friendly_there:
            out.append(violation(rule, f"{u.id} may not retreat into an enemy Zone of Control ({dest}) after a "
                                 f"{result} result; a unit that cannot retreat is eliminated", where, [u.id]))
        if dest in ctx.occupied[enemy_of(player_of(u))]:
            out.append(violation(rule, f"{u.id} may not retreat into a hex holding enemy units ({dest})", where,
                                 [u.id]))
        why = self.prohibition(ctx, u, dest)
        if why:
            out.append(violation(why[0], f"{u.id} may not retreat into {dest}: {why[1]}", where, [u.id]))
        return out

    def judge_crt_advance(self, ctx: _Ctx, u: Unit, dest: str, vacated: str,
                          advancers: dict[str, list[str]]) -> list[Violation]:
        """Combat Results Table (De, Ex): one attacking unit may advance into the hex vacated by the defender,
        even if it is in another defending unit's Zone of Control."""
        out = []
        where = [u.hex, dest]
        if dest not in vacated.split():
            out.append(violation("Combat Results Table", f"{u.id} may advance after combat only into the hex of the "
                                 f"eliminated defender ({vacated.replace(' ', ', ')}), not {dest}", where, [u.id]))
        advancers.setdefault(dest, []).append(u.id)
        if len(advancers[dest]) > 1:
            out.append(violation("Combat Results Table", f"only one attacking unit may advance into {dest}", [dest],
                                 advancers[dest]))
        return out

    def judge_retreat(self, ctx: _Ctx, u: Unit, dest: str) -> list[Violation]:
        """Combat (A), Retreat Before Combat: who may retreat, one hex, not into enemy ZOC (except onto
        friendly units), not into prohibited terrain; Fortifications (F) after the Mannerheim Line falls."""
        out = []
        where = [u.hex, dest]
        if dest not in self.board.neighbours(u.hex):  # type: ignore[arg-type]
            out.append(violation("Combat (A)", f"{u.id} retreated more than one hex ({u.hex} to {dest})", where,
                                 [u.id]))
        if u.side == "soviet" and not is_hq(u):
            out.append(violation("Combat (A)", f"{u.id}: only Soviet Headquarters units may retreat before combat",
                                 where, [u.id]))
        enemy = enemy_of(player_of(u))
        if not any(player_of(v) == enemy and not is_blank(v) for n in self.board.neighbours(u.hex)  # type: ignore[arg-type]
                   for v in ctx.pos.at(n)):
            out.append(violation("Combat Procedure (A)", f"{u.id} is not adjacent to an attacking unit; only units "
                                 "adjacent to the Attacker's units may retreat before combat", where, [u.id]))
        if player_of(u) == "finnish":
            # Combat (A): "The Finnish Player may exercise the retreat-before-combat option if the units in
            # question are 0-0-3's or 1-1-3's. No other Finnish unit may retreat before combat[;] only if the
            # retreating units begin the retreat within Finland and are north of Row A." Read (with
            # Fortifications (F): the option is "with his Ski units or his 1-1-3 infantry units") as: only
            # 0-0-3s and 1-1-3s, and only when they begin the retreat in Finland north of Row A.
            if not is_light_finn(u):
                out.append(violation("Combat (A)", f"{u.id}: only Finnish 0-0-3 and 1-1-3 units may retreat before "
                                     "combat", where, [u.id]))
            elif not (self.board.in_country(u.hex, FINLAND) and self.board.north_of_row_a(u.hex)):  # type: ignore[arg-type]
                out.append(violation("Combat (A)", f"{u.id} may retreat before combat only if it begins the retreat "
                                     "within Finland and north of Row A", where, [u.id]))
            elif self.mannerheim_captured(ctx):
                out.append(violation("Fortifications (F)", f"{u.id} may not retreat before combat: the Soviets hold "
                                     "all four Mannerheim Line hexes", where, [u.id]))
        friendly_there = any(player_of(v) == player_of(u) for v in ctx.pos.at(dest))
        if self.in_enemy_zoc(ctx, player_of(u), dest) and not friendly_there:
            out.append(violation("Combat (A)", f"{u.id} may not retreat into an enemy Zone of Control ({dest})", where,
                                 [u.id]))
        why = self.prohibition(ctx, u, dest)
        if why:
            out.append(violation(why[0], f"{u.id} may not retreat into {dest}: {why[1]}", where, [u.id]))
        return out

    def judge_advance(self, ctx: _Ctx, u: Unit, dest: str, after: Position,
                      advancers: dict[str, list[str]]) -> list[Violation]:
        """Combat Procedure (B), Advance Before Combat: one unit, not an HQ, one hex, into a hex vacated by
        units that retreated before combat."""
        out = []
        where = [u.hex, dest]
        enemy = enemy_of(player_of(u))
        vacated = dest in ctx.occupied[enemy] and not any(player_of(v) == enemy for v in after.at(dest))
        if dest not in self.board.neighbours(u.hex) or not vacated:  # type: ignore[arg-type]
            out.append(violation("Combat Procedure (B)", f"{u.id} may only advance one hex into a hex vacated by a "
                                 "retreat before combat", where, [u.id]))
        if is_hq(u):
            out.append(violation("Combat (B)", f"HQ {u.id} may not advance before combat", where, [u.id]))
        advancers.setdefault(dest, []).append(u.id)
        if len(advancers[dest]) > 1:
            out.append(violation("Combat (B)", f"only one unit may advance into {dest}", [dest], advancers[dest]))
        return out

    def reachable(self, ctx: _Ctx, u: Unit, *, ignore_zoc: bool = False) -> dict[str, float]:
        """Hex -> least Movement Points for ``u`` to end its move there (Movement, Zones of Control, rail).

        ``ignore_zoc`` drops the zones of control (to tell a ZOC stop from a lack of Movement Points).
        """
        b = self.board
        player = player_of(u)
        start = u.hex
        assert start is not None
        turn = ctx.turn
        enemy_units = ctx.occupied[enemy_of(player)]
        home = HOME[u.side]
        isolated = u.id in ctx.isolated
        allowance = 1 if isolated else u.value("movement")  # Supply and Isolation (A)
        # Movement (J) NOTE, Supply and Isolation (L): isolated units may not use rail; Special Event L
        rails_ok = not isolated and not ctx.state.get("rail_inoperative")
        rail_hexes = self.rail_connected(ctx, player) if rails_ok else set()
        ezoc = ctx.zoc.hexes(enemy_of(player)) if ctx.zoc and not ignore_zoc else set()
        # Movement (J): "must detrain upon coming adjacent to an Enemy unit with a Zone of Control" (not a
        # Soviet HQ, an isolated unit, or a Finnish 1-1-3/0-0-3 in the USSR: Zones of Control (G), (H))
        adj_enemy = set() if ignore_zoc else {n for e in ctx.pos.on_map() if player_of(e) != player
                                              and self.has_zoc(e, ctx.isolated)
                                              for n in b.neighbours(e.hex)}  # type: ignore[arg-type]

        def can_enter(a: str, h: str) -> bool:
            return h not in enemy_units and self.prohibition(ctx, u, h) is None  # Movement (F), (K)

        def home_rail(h: str) -> bool:
            return h in rail_hexes and b.in_country(h, home)

        # Scenario B (and C, E via Sweden): "Allied units cannot move by rail until they reach Kemi where they
        # may entrain" (a unit that has been there carries state reached_kemi: true)
        kemi_only = u.side == "allied" and ctx.scenario in ("B", "C", "E") and not _flag(u, "reached_kemi")
        kemi = b.named.get("Kemi")

        def may_entrain(h: str) -> bool:
            return h not in ezoc and (not kemi_only or h == kemi)

        # states: (hex, mode) with mode "foot" or "rail"; costs in Movement Points
        starts: dict[tuple[str, str], float] = {(start, "foot"): 0}
        if home_rail(start) and may_entrain(start):
            starts[(start, "rail")] = 0  # Movement (J): automatically entrained in a home rail hex

        def successors(state: tuple[str, str], cost: float) -> Iterable[tuple[tuple[str, str], float]]:
            h, mode = state
            if mode == "rail":
                yield (h, "foot"), 0  # detrain at will, at no cost
                if h != start and h in adj_enemy:
                    return  # must detrain on coming adjacent to an enemy unit with a ZOC
                for n in b.rail_net.get(h, ()):
                    if home_rail(n) and n not in ezoc and can_enter(h, n):
                        yield (n, "rail"), 0
                return
            if h in ezoc and h != start:
                return  # Zones of Control: stop on entering an enemy controlled hex
            if home_rail(h) and may_entrain(h):
                yield (h, "rail"), 1  # entrain: one Movement Point, not in an enemy ZOC
            for n in b.neighbours(h):
                c = b.entry_cost(h, n, turn)
                if c is None or not can_enter(h, n):
                    continue
                if h == start and start in ezoc and n in ezoc:
                    continue  # Movement (I), Zones of Control (F): not directly from one EZOC hex to another
                yield (n, "foot"), c

        best = cheapest(starts, successors, allowance)
        out: dict[str, float] = {}
        for (h, _mode), c in best.items():
            if c < out.get(h, float("inf")):
                out[h] = c
        # Movement (I): a unit may always move one hex (not from one enemy controlled hex to another)
        for n in b.neighbours(start):
            if n in out or b.entry_cost(start, n, turn) is None or not can_enter(start, n):
                continue
            if start in ezoc and n in ezoc:
                continue
            out[n] = allowance
        return out

    def judge_move(self, ctx: _Ctx, u: Unit, dest: str) -> tuple[str, str] | None:
        """Why ``u`` cannot end its Movement Phase in ``dest`` (rule, reason), or None if it can."""
        reach = self.reachable(ctx, u)
        if dest in reach:
            return None
        b = self.board
        why = self.prohibition(ctx, u, dest)
        if why:
            return why
        if dest in ctx.occupied[enemy_of(player_of(u))]:
            return "Movement (F)", "units may never enter a hex containing Enemy units"
        if u.id in ctx.isolated:
            return "Supply and Isolation (A)", "isolated units may move only one hex"
        if ctx.zoc is not None and u.hex in ctx.zoc.hexes(enemy_of(player_of(u))) and dest in b.neighbours(u.hex) \
                and ctx.zoc.controls(enemy_of(player_of(u)), dest):  # type: ignore[arg-type]
            return "Zones of Control (F)", "moving directly from one enemy controlled hex to another is forbidden"
        if dest in self.reachable(ctx, u, ignore_zoc=True):
            return "Zones of Control", ("units must stop on entering an enemy controlled hex; every path within "
                                        "the Movement Allowance passes through one")
        return "Movement (C)", (f"no path within the Movement Allowance of {u.value('movement'):g} (terrain costs, "
                            "enemy units, zones of control and rail movement considered)")

    # --- capture and victory ---------------------------------------------------------------------------

    def soviet_loc(self, ctx: _Ctx) -> set[str]:
        """Hexes from which a Soviet line of communication reaches Leningrad (Victory Conditions,
        "Definition of Capture"): a connected Supply City, or five hexes to an HQ with its ten-hex line."""
        b = self.board
        connected = self.rail_connected(ctx, "soviet")
        out = {c for c in b.supply_cities if c in connected and c not in ctx.occupied["finnish"]}
        step = self._line_step(ctx, "soviet")
        hqs = ctx.hq_city
        for u in ctx.pos.side_units("soviet"):
            if u.id in hqs:
                out |= set(trace(b, [u.hex], step, max_length=5, neighbours=self._open(ctx)))  # type: ignore[list-item]
        return out

    def finnish_loc_ok(self, ctx: _Ctx, hex_id: str) -> bool:
        b = self.board
        step = self._line_step(ctx, "finnish")
        reach = trace(b, [hex_id], step, neighbours=self._open(ctx))
        return any(b.in_country(h, FINLAND) for h in reach)

    def captured(self, ctx: _Ctx, hex_id: str, by: str, loc: set[str] | None = None) -> bool:
        """Definition of "Capture": occupy, or be the last to pass through, and trace a line of communication."""
        default = "finnish" if self.board.in_country(hex_id, FINLAND) else "soviet"
        if ctx.last_occupied(hex_id, default) != by:
            return False
        if by == "soviet":
            return hex_id in (loc if loc is not None else self.soviet_loc(ctx))
        return self.finnish_loc_ok(ctx, hex_id)

    def mannerheim_captured(self, ctx: _Ctx) -> bool:
        """Fortifications (F): the Soviets occupy or last passed through all four Mannerheim Line hexes."""
        m = self.board.mannerheim
        return bool(m) and all(ctx.last_occupied(h, "finnish") == "soviet" for h in m)

    def victory_points(self, ctx: _Ctx) -> dict[str, Any]:
        """Victory Point Schedule and Victory Levels, as the position stands."""
        b = self.board
        loc = self.soviet_loc(ctx)
        detail: dict[str, int] = {}
        e_bonus = 10 if ctx.scenario == "E" else 0  # Scenario E: +10 on each positive objective
        for h in b.west_of_viipuri:
            if self.captured(ctx, h, "soviet", loc):
                detail["row west of Viipuri"] = detail.get("row west of Viipuri", 0) + 5
        for name, pts in (("Viipuri", 25), ("Petsamo", 30), ("Oulu", 30)):
            where = b.named.get(name)
            if where and self.captured(ctx, where, "soviet", loc):
                detail[name] = (50 if name == "Petsamo" and e_bonus else pts + e_bonus)
        m = b.mannerheim
        if m and all(self.captured(ctx, h, "soviet", loc) for h in m):
            detail["Mannerheim Line"] = 40 + e_bonus
        # Scoring the Game: at the end of the tenth Game-Turn isolated units are removed before counting
        removed = ctx.isolated if ctx.pos.phase == "end" else set()
        finns_south = [u for u in ctx.pos.on_map() if player_of(u) == "finnish" and not is_blank(u)
                       and u.id not in removed and not b.north_of_row_a(u.hex)]  # type: ignore[arg-type]
        if not finns_south and ctx.pos.phase != "setup":
            detail["south of Row A cleared"] = 50
        allied_lost = sum(1 for u in ctx.pos.units if u.side == "allied" and u.hex is None and _flag(u, "eliminated"))
        if allied_lost:
            detail["Allied units eliminated"] = 5 * allied_lost
        for city in b.supply_cities:
            if self.captured(ctx, city, "finnish"):
                name = b.tmap.name(city) or city
                pts = {"Leningrad": -100, "Murmansk": -20}.get(name, -10)
                detail[f"Finns hold {name}"] = pts
        pen = int(ctx.state.get("murmansk_penalties", 0) or 0)
        if pen and not ctx.optional_rule:
            detail["Murmansk Defense"] = -10 * pen
        total = sum(detail.values())
        return {"total": total, "level": charts.victory_level(total), "detail": detail}

    # --- unit status ---------------------------------------------------------------------------------------

    def unit_status(self, ctx: _Ctx) -> dict[str, dict[str, Any]]:
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
