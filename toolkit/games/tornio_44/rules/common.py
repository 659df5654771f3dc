"""What every Tornio '44 rule shares: turns (1A-8B), players, unit kinds and strengths, the map's terms
(:class:`TornioBoard`), the chart values the text gives (:data:`KNOWN`), the :class:`Context` of one check,
and :data:`BOOK`, the registry every chapter module adds its rules to.

Turns: a position's ``turn`` counts Game Turns 1..16 (1 = 1A, 2 = 1B, 3 = 2A ... 16 = 8B); odd turns are
Daytime (A), even ones Nighttime (B) (6.1).

Unknown chart values: the Player Aid Card's tables are not printed in the rulebook. Where the text gives a
value (a rule, a clarification, an illustration) it is in :data:`KNOWN` with its citation; any other value
is unknown, and a verdict that needs one is reported as ``not judged: <table> value unknown`` (in the
report's summary, never as a violation) unless the user supplies the value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from ....rules.board import Board
from ....rules.position import Position, Unit
from ....rules.rulebook import RuleBook
from ....rules.zoc import Zoc

__all__ = ["BOOK", "KNOWN", "LAST_TURN", "PHASES", "PLAYERS", "SIDE_ALIASES", "Context", "TornioBoard",
           "enemy_of", "flag", "fr", "player_of", "turn_label"]

PLAYERS = ("finnish", "german")
PHASES = ("setup", "initial", "movement", "combat", "exploitation", "end")
LAST_TURN = 16  # 8B
SIDE_ALIASES = {"fin": "finnish", "finnish": "finnish", "finland": "finnish", "finn": "finnish",
                "ger": "german", "german": "german", "heer": "german", "lw": "german", "luftwaffe": "german",
                "ss": "german", "germany": "german"}

#: chart values the rulebook text gives (table -> key -> value), with where it gives them; everything else
#: on those tables is unknown until a user supplies it (``TornioReferee(charts=...)``)
KNOWN: dict[str, dict[str, tuple[Fraction, str]]] = {
    "18.6 Terrain Effects Table": {
        "move:open_ground": (Fraction(1), "Illustration 6: the cost for Open Ground (1 MP)"),
        "move:town": (Fraction(2), "Illustration 10: pays for the Town/Factory Area hex (2 MPs)"),
        "move:minor_river": (Fraction(1), "Illustration 6: crossing the Minor River (1 MP)"),
        "move:main_road": (Fraction(1, 2), "18.2: it costs 0.5 MP to move along each Main Road hex"),
        "move:transfer_point": (Fraction(1, 2), "17.3: Treat a Transfer Point hex as a Main Road"),
        "combat:forest": (Fraction(-1, 2), "Illustration 9: for defending in a Forest hex (-0.5)"),
        "combat:swamp": (Fraction(-1, 2), "Illustration 12: -0.5 for the Swamp hex"),
        "combat:minor_river": (Fraction(-1), "15.1: a Minor River with a bridge would have a combat modifier of 0 "
                               "instead of -1 (+0.5 for the Engineer unit and +0.5 for the bridge)"),
        "combat:major_river": (Fraction(-2), "22.4: the combat modifier for attacking across a Major River with a "
                               "bridge by any unit would be -1.5 instead of -2"),
    },
    "17.5 Enemy Hex & ZOC Cost Table": {
        "enter_zoc": (Fraction(1), "Illustration 10: for entering an enemy ZOC (1 MP)"),
        "leave_zoc": (Fraction(1), "Illustration 6: pay twice for moving into and out of an enemy ZOC (2 MPs)"),
        "enter_enemy_hex": (Fraction(1), "Illustration 10: for entering an enemy hex (1 MP)"),
    },
}


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


# --- the map's terms ----------------------------------------------------------------------------------

#: map vocabulary (hex terrain, hex tags, hexside features); changing the map's names means changing these
OPEN, FOREST, SWAMP, TOWN, VILLAGE, WATER = "open_ground", "forest", "swamp", "town", "village", "water"
ILLEGAL = "illegal"  # a hex tag (or terrain) no unit may enter (5.1, 18.4)
BUILDINGS = "buildings"  # 18.0 Clarification: buildings count in addition to Open Ground or Forest
MINOR_RIVER, MAJOR_RIVER, BRIDGE = "minor_river", "major_river", "bridge"
MAIN_ROAD, SECONDARY_ROAD, RAILROAD = "main_road", "secondary_road", "railroad"
TRANSFER_POINT = "transfer_point"
MAP_EDGE = "map_edge"  # a hex tag: on the map's edge (28.0, 26.0)

# hexes the rulebook names
TORNIO, KEMI = "1502", "3220"
LANDING_SITES = {"2602": "R", "3917": "A", "3220": "K"}  # 16.2.3, 16.2.1: Röyttä, Ajos, Kemi
VP_EXIT_HEXES = ("0111", "0201", "0401", "1224", "1324")  # 17.2.1, 29.4.1
BRIDGES = ("1603", "2420")  # 15.0: Tornionjoki and Kemijoki River Bridges
ISLAND_HEXES = ("3622", "3722", "3823")  # 28.0: Pirkkiö, Ajossaari, Veitsiluoto


class TornioBoard(Board):
    """The map in Tornio '44's terms: dominant terrain, rivers, roads, legal hexes."""

    def __init__(self, terrain_map: Any) -> None:
        super().__init__(terrain_map)
        self.tmap = terrain_map

    def legal(self, h: str) -> bool:
        """5.1, 18.4: a legal hex is one a unit may move and attack into; water and Illegal Hexes are not."""
        return not (self.terrain(h) in (WATER, ILLEGAL) or self.has(h, ILLEGAL))

    def is_town(self, h: str) -> bool:
        """22.3: Town/Factory Area hexes."""
        return self.terrain(h) == TOWN or self.has(h, TOWN)

    def river(self, a: str, b: str) -> str | None:
        """18.1: the river on the hexside a-b (Minor or Major), None if none."""
        s = self.side(a, b)
        return MAJOR_RIVER if MAJOR_RIVER in s else MINOR_RIVER if MINOR_RIVER in s else None

    def bridged(self, a: str, b: str) -> bool:
        return BRIDGE in self.side(a, b)

    def road(self, a: str, b: str) -> str | None:
        """18.2, 18.3: the best road joining two neighbours (railroads are Secondary Roads)."""
        s = self.side(a, b)
        if MAIN_ROAD in s or (self.has(a, TRANSFER_POINT) or self.has(b, TRANSFER_POINT)):
            return MAIN_ROAD
        if SECONDARY_ROAD in s or RAILROAD in s:
            return SECONDARY_ROAD
        return None

    def on_road(self, h: str) -> bool:
        """14.0, 13.0, 28.0: a road or railroad hex."""
        return any(self.road(h, n) for n in self.neighbours(h))

    def edge(self, h: str) -> bool:
        return self.has(h, MAP_EDGE) or len(self.neighbours(h)) < 6

    def named(self, h: str) -> bool:
        try:
            self.tmap.resolve(h)
        except Exception:
            return False
        return True


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
    board: TornioBoard
    charts: Mapping[str, Mapping[str, Any]]
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

    def value(self, table: str, key: str) -> Fraction | None:
        """A chart value: the user's completed chart first, then what the text gives; None: unknown."""
        user = self.charts.get(table, {})
        if key in user and user[key] is not None:
            return fr(user[key])
        known = KNOWN.get(table, {}).get(key)
        return known[0] if known else None

    def unknown(self, table: str, what: str) -> None:
        note = f"not judged: {table} value unknown ({what})"
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
        return mf - self.broken(u)


#: The Tornio '44 rules, each registered by its chapter module with its section and quoted text.
BOOK: RuleBook[Context] = RuleBook("Tornio '44 (v1.2)")
