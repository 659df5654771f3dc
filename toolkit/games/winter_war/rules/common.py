"""What every Winter War rule shares: the units' kinds, the two players, and the :class:`Context` one
check derives from a position (occupied hexes, zones of control, supply), plus :data:`BOOK`, the
registry every chapter module adds its rules to.
"""

from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import Any

from ....errors import ToolkitError
from ....records import record
from ....rules.position import Position, Unit
from ....rules.rulebook import RuleBook
from ....rules.zoc import Zoc
from ..terrain import WinterWarBoard

__all__ = [
    "BOOK",
    "PHASES",
    "PLAYERS",
    "SIDE_ALIASES",
    "STATE_KEYS",
    "UNIT_STATE_KEYS",
    "Context",
    "enemy_of",
    "flag",
    "is_blank",
    "is_hq",
    "is_light_finn",
    "is_nkvd",
    "is_ski_patrol",
    "num",
    "player_of",
]


#: the game ``state`` keys the rules read (a position's declared schema must accept each; test_rule_state_keys)
STATE_KEYS = ("attacks", "events", "last_occupied", "murmansk_penalties", "optional_scenarios", "rail_inoperative",
              "scandinavia_open", "scenario", "scenario_turn")
#: the unit ``state`` keys the rules read; ``path``, ``moves`` and ``moved`` (Movement (C), (G)) are carried along a
#: log by ``next_step`` and the audit (:mod:`toolkit.rules.tracing`)
UNIT_STATE_KEYS = ("advanced", "air_dropped", "eliminated", "isolated", "moved", "moves", "path", "reached_kemi",
                   "reinforcement", "retreated")

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


def num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def flag(u: Unit, key: str) -> bool:
    return bool(u.state.get(key, False))


@record
class Context:
    """Everything one check derives from a position (built once, shared by every rule)."""

    pos: Position
    board: WinterWarBoard
    isolated: set[str] = field(default_factory=set)
    supply_source: dict[str, str] = field(default_factory=dict)
    city_load: dict[str, dict[str, Any]] = field(default_factory=dict)
    hq_city: dict[str, str] = field(default_factory=dict)
    zoc: Zoc | None = None
    after: Position | None = None  # the later position of a move check
    attacks: list[dict[str, Any]] = field(default_factory=list)  # resolved attacks (the report's summary)
    combat: Context | None = None  # the position at the instant of combat, when it is an earlier one
    declared: tuple[dict[str, int], dict[str, int]] | None = None  # Soviet attackers and defenders -> attack no.
    arrived: set[str] = field(default_factory=set)  # units placed since the earlier position of a move check
    # (player, zones of control) -> the hexes a line may not enter for units (supply.lines' memo key)
    line_blocks: dict[tuple[str, Zoc], frozenset[str]] = field(default_factory=dict, repr=False, compare=False)

    def is_arrival(self, u: Unit) -> bool:
        """Whether ``u`` was placed on the map in this phase: it was off the map in the earlier position of a
        move check (judged from the two positions), or, in a lone position, carries ``reinforcement: true``."""
        return u.id in self.arrived or flag(u, "reinforcement")

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




#: The Winter War rules, each registered by its chapter module with its section and quoted text.
BOOK: RuleBook[Context] = RuleBook("Winter War (SPI 1972)")

