"""What every Tornio '44 rule shares: turns (1A-8B), players, unit kinds and strengths, the map's terms
(:class:`RefereeBoard`, on ``terrain.py``'s vocabulary), the :class:`Context` of one check (with the charts),
and :data:`BOOK`, the registry every chapter module adds its rules to.

Turns: a position's ``turn`` counts Game Turns 1..16 (1 = 1A, 2 = 1B, 3 = 2A ... 16 = 8B); odd turns are
Daytime (A), even ones Nighttime (B) (6.1).

Unknown chart values: the Player Aid Card's tables are not printed in the rulebook. ``charts.yaml`` (read by
:mod:`..charts`) holds what the text gives, cited; any other value is unknown, and a verdict that needs one is
reported as ``not judged: <table> value unknown`` (in the report's summary, never as a violation) unless the
user supplies a completed chart file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from ....rules.position import Position, Unit
from ....rules.rulebook import RuleBook
from ....rules.zoc import Zoc
from ..charts import Charts, not_judged
from ..terrain import TornioBoard

__all__ = ["BOOK", "LAST_TURN", "PHASES", "PLAYERS", "SIDE_ALIASES", "Context", "RefereeBoard", "enemy_of", "flag",
           "fr", "player_of", "turn_label"]

PLAYERS = ("finnish", "german")
PHASES = ("setup", "initial", "movement", "combat", "exploitation", "end")
LAST_TURN = 16  # 8B
SIDE_ALIASES = {"fin": "finnish", "finnish": "finnish", "finland": "finnish", "finn": "finnish",
                "ger": "german", "german": "german", "heer": "german", "lw": "german", "luftwaffe": "german",
                "ss": "german", "germany": "german"}

#: 4.3: the units' factors are on the Order of Battle Cards, not in the rulebook
OOB = "Order of Battle (OOB) Card"


def fr(x: Any) -> Fraction:
    """A value as an exact fraction (counter values may be floats such as 0.5)."""
    return Fraction(x).limit_denominator(1000) if not isinstance(x, Fraction) else x


def turn_label(turn: int) -> str:
    """1 -> "1A", 2 -> "1B", ... 16 -> "8B"."""
    return f"{(turn + 1) // 2}{'A' if turn % 2 else 'B'}"


def player_of(u: Unit) -> str:
    """4.4: German counters are Heer, Luftwaffe or Waffen-SS; all belong to the German player."""
    return "finnish" if u.side == "finnish" else "german"


def enemy_of(player: str) -> str:
    return "german" if player == "finnish" else "finnish"


def flag(u: Unit, key: str) -> bool:
    return bool(u.state.get(key, False))


# --- the map's terms (the vocabulary is ``terrain.py``'s) ---------------------------------------------

class RefereeBoard(TornioBoard):
    """The map with the referee's questions: legal hexes (5.1), Town/Factory Area hexes, the map edge."""

    def legal(self, h: str) -> bool:
        """5.1, 18.4: a hex units may enter (not sea or lake, on the map)."""
        return not self.illegal(h)

    def is_town(self, h: str) -> bool:
        """22.3: a Town/Factory Area hex."""
        return self.town_factory(h)

    def on_road(self, h: str) -> bool:
        """14.0, 28.0: a road or railroad hex (tagged, or joined to a neighbour by a road or railroad)."""
        return super().on_road(h) or any(self.road(h, n) for n in self.neighbours(h))

    def edge(self, h: str) -> bool:
        """26.0, 28.0: a hex on the map edge (tagged, or with fewer than six neighbours)."""
        return self.on_edge(h) or len(self.neighbours(h)) < 6


# --- units --------------------------------------------------------------------------------------------

SUPPORT_TYPES = frozenset({"mortar", "artillery", "field_artillery", "rocket", "rocket_artillery"})
ARTILLERY_TYPES = frozenset({"artillery", "field_artillery", "rocket", "rocket_artillery"})  # 24.0 Field/Rocket


def types(u: Unit) -> set[str]:
    return set(u.kind.unit_type.replace("+", " ").split())


def is_marker(u: Unit) -> bool:
    """4.4.7: markers are never units."""
    return u.side == "marker" or "marker" in types(u)


def is_support(u: Unit) -> bool:
    """4.4.2: Support Units (Mortar, Field and Rocket Artillery) have a Support Factor, no Attack Factor."""
    return bool(types(u) & SUPPORT_TYPES) or "support" in u.kind.values


def is_combat(u: Unit) -> bool:
    return not is_marker(u) and not is_support(u)


def is_motorised(u: Unit) -> bool:
    """17.1: motorised units show an underscored MF and wheels, track or half-track."""
    return bool(u.value("motorised", 0))


def is_foot(u: Unit) -> bool:
    return not is_motorised(u)


def has_type(u: Unit, *names: str) -> bool:
    t = types(u)
    return any(n in t for n in names)


@dataclass
class Context:
    """Everything one check derives from a position (built once, shared by every rule)."""

    pos: Position
    board: RefereeBoard
    charts: Charts
    after: Position | None = None  # the later position of a move check
    zoc: Zoc | None = None
    supplied: dict[str, bool | None] = field(default_factory=dict)  # unit -> in supply (None: not judged)
    not_judged: list[str] = field(default_factory=list)
    combats: list[dict[str, Any]] = field(default_factory=list)

    @property
    def turn(self) -> int:
        return self.pos.turn

    @property
    def day(self) -> bool:
        """6.1: odd Game Turns are Daytime (A), even ones Nighttime (B)."""
        return self.pos.turn % 2 == 1

    @property
    def state(self) -> dict[str, Any]:
        return self.pos.state

    def optional(self, rule: str) -> bool:
        """31.0: optional rules in use (``state.optional: ["31.1", ...]``)."""
        return rule in {str(r) for r in self.state.get("optional") or []}

    def unknown(self, table: str, what: str) -> None:
        note = f"{not_judged(table)} ({what})"
        if note not in self.not_judged:
            self.not_judged.append(note)

    # --- units and hexes -------------------------------------------------------------------------

    @cached_property
    def units(self) -> list[Unit]:
        """Units on the map (markers are not units, 4.4.7)."""
        return [u for u in self.pos.on_map() if not is_marker(u)]

    @cached_property
    def occupied(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {"finnish": set(), "german": set()}
        for u in self.units:
            out[player_of(u)].add(u.hex)  # type: ignore[arg-type]
        return out

    def at(self, h: str, player: str | None = None) -> list[Unit]:
        return [u for u in self.pos.at(h) if not is_marker(u) and (player is None or player_of(u) == player)]

    @cached_property
    def close_combat(self) -> set[str]:
        """22.3: hexes holding units of both players (legal only in Town/Factory Area hexes)."""
        return self.occupied["finnish"] & self.occupied["german"]

    # --- strengths (23.0, 22.3, 4.4.2, designer's note 2) ---------------------------------------

    def broken(self, u: Unit) -> int:
        """The unit's Broken Level: its marker (``state.broken``), Intoxic. = 2 and Hangover = 1 (28.1), plus one in
        Motti (26.0) when it cannot trace supply to a depot."""
        level = int(u.state.get("broken", 0) or 0)
        if flag(u, "intoxicated"):
            level = 2
        elif flag(u, "hangover"):
            level = max(level, 1)
        if u.id in self.motti and not self.motti_supplied.get(u.id, False):
            level += 1
        return level

    @cached_property
    def motti(self) -> set[str]:
        from .broken import motti_units
        return motti_units(self)

    @cached_property
    def motti_supplied(self) -> dict[str, bool]:
        from .supply import depot_reachable
        return {uid: depot_reachable(self, self.pos.by_id[uid]) for uid in self.motti}

    def known(self, units: list[Unit] | Unit, key: str, what: str = "") -> bool:
        """Whether every unit's printed ``key`` is known (the counter file marks the OOB Cards' unknown factors);
        if not, the verdict that needed it is noted as not judged."""
        group = units if isinstance(units, list) else [units]
        missing = [u.id for u in group if f"unknown_{key}" in u.kind.values]
        if missing:
            self.unknown(OOB, f"the {key} factor of {', '.join(missing)}" + (f": {what}" if what else ""))
        return not missing

    def printed(self, u: Unit, key: str) -> Fraction:
        """A printed factor of the side the unit shows: the reduced side is exactly half the front (designer's
        note 2), unless the counter file gives the back (``state.reduced``)."""
        v = fr(u.value(key, 0))
        if flag(u, "reduced"):
            back = u.kind.values.get(f"back_{key}")
            return fr(back) if back is not None else v / 2
        return v

    def attack(self, u: Unit) -> Fraction:
        """22.0, 23.0: Attack Factor less the Broken Levels (Support Units never attack, 21.3)."""
        if is_support(u):
            return Fraction(0)
        return self.printed(u, "attack") - self.broken(u)

    def defense(self, u: Unit) -> Fraction:
        """22.1 (2), 21.3, 23.0: Defense Factor, or a Support Unit's Close Defense Factor, less Broken Levels."""
        return self.printed(u, "defense") - self.broken(u)

    def support(self, u: Unit) -> Fraction:
        return self.printed(u, "support") - self.broken(u)

    def movement(self, u: Unit) -> Fraction:
        """17.0, 23.0, 27.1, 25.1: MF less Broken Levels; halved at night and in the Exploitation Phase."""
        mf = fr(u.value("movement"))  # a step loss halves combat factors only (designer's note 2)
        if not self.day:
            mf /= 2
        if self.pos.phase == "exploitation":
            mf /= 2
        if self.pos.phase == "setup":
            mf /= 4  # 11.0: alerted by a failed Coup, German units move up to a quarter of their MF
        return mf - self.broken(u)


#: The Tornio '44 rules, each registered by its chapter module with its section and quoted text.
BOOK: RuleBook[Context] = RuleBook("Tornio '44 (v1.2)")
