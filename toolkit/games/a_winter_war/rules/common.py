"""What every A Winter War rule shares: unit classes and sizes (3A), the players, the :class:`Context` of one
check, and :data:`BOOK`, the registry the chapter modules add their rules to.

A unit is a counter of ``counters/a-winter-war.yaml`` or, since the OB is not in the seeds, a spec written
in the position: ``SIDE SIZE TYPE VALUES [cadre VALUES]``, e.g. ``soviet XX rifle 5-5-3 cadre 1-1-3``,
``finnish III ski 1-8*`` (``*``: self-supporting), ``finnish - aa 2`` (position AA: an AA value only),
``finnish air F 3-4-6`` (fighter: air attack, air defence, movement), ``soviet ship BB``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from ....errors import InputError
from ....rules.position import CounterKind, Position, Unit
from ....rules.rulebook import RuleBook
from ....rules.zoc import Zoc
from ...chart_values import ChartValues, NotJudged
from ..terrain import AWinterWarBoard

__all__ = ["BOOK", "PHASES", "PLAYERS", "SIDE_ALIASES", "Context", "enemy_of", "parse_spec", "player_of", "re_of"]

PHASES = ("initial", "movement", "air", "combat", "exploitation")
PLAYERS = ("finnish", "soviet")
SIDE_ALIASES = {"fin": "finnish", "finnish": "finnish", "finland": "finnish", "sov": "soviet", "soviet": "soviet",
                "ussr": "soviet", "wa": "allied", "allied": "allied", "swe": "swedish", "swedish": "swedish"}
SIZES = ("II", "III", "X", "XX", "XXX", "XXXX", "-")
_CM = ("armour", "armor", "tank", "motorised", "motorized", "mechanised", "mot", "engineer_tank")


def player_of(u: Unit) -> str:
    """Foreign volunteers and the Western Intervention Force are the Finnish player's (3B)."""
    return "soviet" if u.side == "soviet" else "finnish"


def enemy_of(player: str) -> str:
    return "finnish" if player == "soviet" else "soviet"


def parse_spec(spec: str) -> CounterKind:
    """A unit written in the position (module docstring); :class:`InputError` for anything else."""
    words = spec.strip().split()
    if len(words) < 3 or words[0].lower() not in SIDE_ALIASES:
        raise InputError(f"unknown counter {spec!r} (a counter id, or SIDE SIZE TYPE VALUES such as "
                         "'soviet XX rifle 5-5-3')")
    side = SIDE_ALIASES[words[0].lower()]
    size = words[1].upper()
    if size in ("AIR", "SHIP"):
        kind = size.lower()
        values: dict[str, float] = {}
        utype = f"{kind}_{words[2].upper()}"
        if kind == "air" and len(words) > 3:
            nums = [float(x) for x in words[3].split("-")]
            values = dict(zip(("air_attack", "air_defense", "movement"), nums))
            for w in words[4:]:
                key, _, v = w.partition("=")
                values[key] = float(Fraction(v))
        return CounterKind(spec.strip(), side, utype, values, kind)
    if size not in SIZES:
        raise InputError(f"counter {spec!r}: size {words[1]!r} is not one of {', '.join(SIZES)}, air or ship")
    utype = words[2].lower()
    rest = words[3:]
    if not rest:
        raise InputError(f"counter {spec!r} has no values")
    vals = _values(rest[0], spec)
    if "cadre" in rest:
        i = rest.index("cadre")
        cad = _values(rest[i + 1] if i + 1 < len(rest) else "", spec)
        vals.update({f"cadre_{k}": v for k, v in cad.items() if k in ("attack", "defense")})
    return CounterKind(spec.strip(), side, utype, vals, "" if size == "-" else size)


def _values(text: str, spec: str) -> dict[str, float]:
    self_sup = text.endswith("*")
    parts = text.rstrip("*").split("-")
    try:
        nums = [float(Fraction(p)) for p in parts]
    except (ValueError, ZeroDivisionError):
        raise InputError(f"counter {spec!r}: values {text!r} are not A-D-M or C-M") from None
    if len(nums) == 3:
        out = {"attack": nums[0], "defense": nums[1], "movement": nums[2]}
    elif len(nums) == 2:
        out = {"attack": nums[0], "defense": nums[0], "movement": nums[1]}
    elif len(nums) == 1:
        out = {"aa": nums[0], "attack": 0, "defense": 0, "movement": 0}
    else:
        raise InputError(f"counter {spec!r}: values {text!r} are not A-D-M or C-M")
    if self_sup:
        out["self_supporting"] = 1
    return out


# ------------------------------------------------------------------------------------- unit classes (3A)

def utype(u: Unit) -> str:
    return u.kind.unit_type.lower()


def is_air(u: Unit) -> bool:
    return u.kind.size == "air" or utype(u).startswith("air")


def is_naval(u: Unit) -> bool:
    return u.kind.size == "ship" or utype(u).startswith(("ship", "flotilla", "naval"))


def is_ground(u: Unit) -> bool:
    return not is_air(u) and not is_naval(u)


def is_hq(u: Unit) -> bool:
    return "hq" in utype(u).split("+") or "headquarters" in utype(u)


def is_position_aa(u: Unit) -> bool:
    """22A3: no combat value and no unit size, only an AA value."""
    return ("aa" in utype(u) or "anti_aircraft" in utype(u)) and not u.kind.size


def is_divisional(u: Unit) -> bool:
    """3A1: the division or corps symbol, except HQs; a division on its cadre side is a non-divisional unit
    ("brigades, regiments, cadres and battalions")."""
    return u.kind.size in ("XX", "XXX") and not is_hq(u) and not u.state.get("cadre")


def is_battalion(u: Unit) -> bool:
    return u.kind.size == "II"


def is_artillery(u: Unit) -> bool:
    return "artillery" in utype(u)


def is_cm(u: Unit) -> bool:
    return any(t in utype(u) for t in _CM)


def is_non_motorised(u: Unit) -> bool:
    return not is_artillery(u) and not is_cm(u)


def is_cavalry(u: Unit) -> bool:
    return "cavalry" in utype(u)


def is_ski(u: Unit) -> bool:
    """14E: any unit bearing a ski or partisan symbol."""
    return "ski" in utype(u) or "partisan" in utype(u)


def is_mountain(u: Unit) -> bool:
    return "mountain" in utype(u)


def is_engineer(u: Unit) -> bool:
    """Construction units (14A1): engineers of every kind except railway engineers."""
    t = utype(u)
    return "engineer" in t and "railway" not in t


def is_combat_engineer(u: Unit) -> bool:
    return "combat_engineer" in utype(u) or "engineer_tank" in utype(u)


def re_of(u: Unit) -> Fraction:
    """3A3: 1/2 RE a battalion or position AA point, 1 a brigade, regiment or cadre (and an HQ, 14C), 3 a
    divisional unit."""
    if is_position_aa(u):
        return Fraction(u.value("aa", 1)) / 2
    if is_battalion(u):
        return Fraction(1, 2)
    if is_divisional(u):
        return Fraction(3)
    return Fraction(1)


def attack_of(u: Unit) -> Fraction:
    key = "cadre_attack" if u.state.get("cadre") else "attack"
    return Fraction(u.value(key)).limit_denominator(100)


def defense_of(u: Unit) -> Fraction:
    key = "cadre_defense" if u.state.get("cadre") else "defense"
    return Fraction(u.value(key)).limit_denominator(100)


# ------------------------------------------------------------------------------------------ the context

@dataclass
class Context:
    """What one check derives from a position, shared by every rule."""

    pos: Position
    board: AWinterWarBoard
    charts: ChartValues
    before: Position | None = None
    not_judged: list[str] = field(default_factory=list)

    def skip(self, exc: NotJudged, what: str) -> None:
        """Record a verdict the charts cannot give ("not judged: <table> value unknown")."""
        line = f"{what}: {exc}"
        if line not in self.not_judged:
            self.not_judged.append(line)

    @cached_property
    def gulf_frozen(self) -> bool:
        """27B: the Gulf of Finland freezes at the end of the Soviet movement phase of Dec II 39 (turn 2)."""
        given = self.pos.state.get("gulf_frozen")
        if given is not None:
            return bool(given)
        if self.pos.turn > 2:
            return True
        return self.pos.turn == 2 and not (self.pos.player == "soviet" and self.pos.phase in ("initial", "movement"))

    def ground(self, player: str | None = None) -> list[Unit]:
        return [u for u in self.pos.on_map() if is_ground(u) and (player is None or player_of(u) == player)]

    @cached_property
    def occupied(self) -> dict[str, set[str]]:
        """Player -> hexes holding his ground units (units in partisan mode do not count: 14F2)."""
        out: dict[str, set[str]] = {"finnish": set(), "soviet": set()}
        for u in self.ground():
            if not u.state.get("partisan_mode"):
                out[player_of(u)].add(u.hex)  # type: ignore[arg-type]
        return out

    def unsupplied(self, u: Unit) -> bool:
        return bool(u.state.get("unsupplied") or u.state.get("isolated"))

    @cached_property
    def zoc(self) -> Zoc:
        from .zoc import zones
        return zones(self)

    def in_enemy_zoc(self, u: Unit, hex_id: str | None = None) -> bool:
        h = hex_id or u.hex
        return h is not None and self.zoc.controls(enemy_of(player_of(u)), h)

    def owner(self, hex_id: str) -> str | None:
        """3D: occupied, else an uncontested ZOC, else ``state.owned`` / the country of 1939 (34)."""
        occ = [p for p in PLAYERS if hex_id in self.occupied[p]]
        if len(occ) == 1:
            return occ[0]
        owned = self.pos.state.get("owned") or {}
        declared = owned.get(hex_id)
        contested = [p for p in PLAYERS if self.zoc.controls(p, hex_id)]
        protected = bool(self.board.city(hex_id) or self.board.airbase(hex_id))
        if len(contested) == 1 and not protected:
            return contested[0]
        if declared:
            return SIDE_ALIASES.get(str(declared).lower(), str(declared))
        country = self.board.country(hex_id)
        return {"finland": "finnish", "ussr": "soviet"}.get(country or "")


def unit_kind(ctx: Context, uid: str) -> Unit | None:
    return ctx.pos.by_id.get(uid)


def charts_value(ctx: Context, what: str, key: str, row: str, column: str) -> Any:
    """A chart value, or None after recording that ``what`` is not judged."""
    try:
        return ctx.charts.value(key, row, column)
    except NotJudged as exc:
        ctx.skip(exc, what)
        return None


_HEX = re.compile(r"^(35:)?\d{4}$")

#: The A Winter War rules, each registered by its chapter module with its section and quoted text.
BOOK: RuleBook[Context] = RuleBook("A Winter War (GDW Europa 1992) with the advanced naval rules")
