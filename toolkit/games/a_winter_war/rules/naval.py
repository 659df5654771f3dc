"""Rules 26 and 38 (advanced naval rules): ports, their capacity and damage (38A2b), beaches (38A2c), ships and
river flotillas (38A2d-e), naval transport (38B2), coast defences (38A2f), naval combat (38C).

Naval transport is ``state.naval_transport``: ``{ships: [ids], cargo: [ids], from: hex, to: hex,
amphibious: bool}``; port damage ``state.port_damage: {hex: hits}``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from ....rules.position import Unit
from ....rules.report import Violation, violation
from ..charts import PORTS
from .common import BOOK, Context, is_artillery, is_divisional, is_hq, is_naval, player_of, re_of

__all__ = ["cargo_capacity", "cargo_re", "heavy_equipment", "port_capacity", "port_hits", "port_operative"]


def port_capacity(kind: str, damage: int = 0) -> int:
    """38A2b: capacity (RE a player turn) less one RE a hit of damage."""
    return max(PORTS[kind][0] - damage, 0)


def port_hits(mp_spent: int) -> int:
    """38A2b, 29B3: one hit of damage for every 3 MP a ground unit spends in the port's hex."""
    return mp_spent // 3


def port_operative(kind: str, damage: int, path_to_open_sea: bool = True) -> bool:
    """38A2b: usable capacity and a path of friendly, unfrozen coastal hexes to the open sea. Example: the major port
    of Turku is inoperative with 8 or more hits (its capacity of 8 used up)."""
    return port_capacity(kind, damage) > 0 and path_to_open_sea


def heavy_equipment(u: Unit) -> bool:
    """3A4: units with supporting arms (11: divisions, artillery, HQs, self-supporting units) have heavy
    equipment; the Unit Identification Chart's own list is not in the text."""
    return is_divisional(u) or is_artillery(u) or is_hq(u) or bool(u.value("self_supporting", 0))


def cargo_re(units: Sequence[Unit], *, amphibious: bool = False) -> Fraction:
    """38B2b: a unit making an amphibious landing counts double its RE size."""
    total = sum((re_of(u) for u in units), Fraction(0))
    return total * 2 if amphibious else total


def cargo_capacity(ships: Sequence[Unit]) -> Fraction:
    """38B2a: each ship carries up to 2 RE, a river flotilla 1 RE; naval units moving together pool them."""
    return sum((Fraction(1) if "flotilla" in s.kind.unit_type.lower() else Fraction(2) for s in ships), Fraction(0))


def _transports(ctx: Context) -> list[dict[str, Any]]:
    return [t for t in ctx.pos.state.get("naval_transport") or () if isinstance(t, dict)]


def _units(ctx: Context, ids: Any) -> list[Unit]:
    return [ctx.pos.by_id[str(i)] for i in ids or () if str(i) in ctx.pos.by_id]


@BOOK.rule("38B2", "Each ship may carry up to 2 REs of cargo. A river flotilla may carry up to 1 RE of cargo. ... A "
           "unit making an amphibious landing counts double its RE size for transport purposes.")
def transport_capacity(ctx: Context) -> Iterator[Violation]:
    for n, t in enumerate(_transports(ctx), 1):
        ships = [s for s in _units(ctx, t.get("ships")) if is_naval(s)]
        cargo = _units(ctx, t.get("cargo"))
        need, room = cargo_re(cargo, amphibious=bool(t.get("amphibious"))), cargo_capacity(ships)
        if need > room:
            yield violation("38B2", f"transport {n}: {float(need):g} RE of cargo for {float(room):g} RE of ships",
                            [str(t.get("to"))], [u.id for u in cargo])
        if t.get("amphibious") and ctx.pos.player != "soviet":
            yield violation("38B2", f"transport {n}: only Soviet units make amphibious landings", [str(t.get("to"))])


@BOOK.rule("38B2", "Units with heavy equipment may not embark/disembark at beaches; only supply points and units "
           "without heavy equipment may.")
def beaches(ctx: Context) -> Iterator[Violation]:
    for n, t in enumerate(_transports(ctx), 1):
        for end in ("from", "to"):
            h = str(t.get(end))
            # 38B2b: an amphibious landing disembarks at the beach ("the rules for regular naval transport to
            # beaches are used"), even in a hex that also has a port
            landing = end == "to" and bool(t.get("amphibious"))
            if h in ctx.board.tmap and (landing or not ctx.board.port(h)):
                for u in _units(ctx, t.get("cargo")):
                    if heavy_equipment(u):
                        yield violation("38B2", f"transport {n}: {u.id} has heavy equipment and may not use the beach "
                                        f"{h}", [h], [u.id])


#: 30A2: the Finnish icebreakers may keep Turku or Helsinki open (which one, the position does not say)
_ICEBREAKER_PORTS = frozenset({"35:4230", "35:4526"})


@BOOK.rule("38A2b", "Each type of port has a capacity, which is the maximum number of REs of cargo (units and "
           "supplies) that may embark/disembark at a port of that type in a player turn. ... A player may use a port "
           "during a turn only if he owns it at the start of his initial phase and the port is operative.")
def port_use(ctx: Context) -> Iterator[Violation]:
    damage = ctx.pos.state.get("port_damage") or {}
    load: dict[str, Fraction] = {}
    for t in _transports(ctx):
        cargo = cargo_re(_units(ctx, t.get("cargo")))
        for end in ("from", "to"):
            h = str(t.get(end))
            if h in ctx.board.tmap and ctx.board.port(h) and not (end == "to" and t.get("amphibious")):
                load[h] = load.get(h, Fraction(0)) + cargo
    for h, used in load.items():
        kind = str(ctx.board.port(h))
        cap = port_capacity(kind, int(damage.get(h, 0)))
        if ctx.owner(h) != ctx.pos.player:
            yield violation("38A2b", f"{ctx.pos.player} uses the port of {h}, which he does not own", [h])
        elif cap == 0:
            yield violation("38A2b", f"the {kind} port of {h} is inoperative ({damage.get(h, 0)} hits)", [h])
        elif ctx.board.sea_frozen(h, ctx.gulf_frozen) and not (ctx.pos.player == "finnish" and h in _ICEBREAKER_PORTS):
            yield violation("38A2b", f"the {kind} port of {h} is inoperative: its sea is frozen, no unfrozen path "
                            "to the open sea", [h])
        elif used > cap:
            yield violation("38A2b", f"{float(used):g} RE embark or disembark at the {kind} port of {h}, capacity "
                            f"{cap} RE", [h])


@BOOK.rule("38A2d", "A ship may not cross land, enter a restricted waters hex, enter a frozen sea hex, or move on "
           "rivers.")
def ships_at_sea(ctx: Context) -> Iterator[Violation]:
    for u in ctx.pos.on_map():
        if not is_naval(u):
            continue
        h = u.hex
        assert h is not None
        if ctx.board.terrain(h) == "sea" and ctx.board.frozen(h, ctx.gulf_frozen):
            yield violation("38A2d", f"{u.id} is in the frozen sea hex {h}", [h], [u.id])
        elif ctx.board.is_land(h) and not ctx.board.coastal(h):
            yield violation("38A2d", f"{u.id} is in {h}, neither a sea nor a coastal hex", [h], [u.id])
        elif "flotilla" in u.kind.unit_type.lower() and ctx.board.terrain(h) == "sea" and ctx.pos.phase == "movement":
            yield violation("38A2e", f"river flotilla {u.id} ends its move in the all-sea hex {h}", [h], [u.id])


def naval_owner_ok(ctx: Context, u: Unit) -> bool:
    return player_of(u) == ctx.pos.player


#: naval rules 1a: the two sea zones and their areas
SEA_ZONES = {"barents_sea": "arctic", "norwegian_sea": "arctic", "white_sea": "arctic", "gulf_of_bothnia": "baltic",
             "gulf_of_finland": "baltic"}


@BOOK.rule("38B2", "A player uses his naval units to transport cargo by sea during his friendly movement phase, "
           "between friendly-owned ports and/or beaches in the same sea zone.")
def transport_route(ctx: Context) -> Iterator[Violation]:
    """Both ends friendly-owned (an amphibious landing goes to an enemy-owned beach, 38B2b), in the same sea zone
    (where the map gives the ends' sea areas), in the movement phase."""
    for n, t in enumerate(_transports(ctx), 1):
        ends = [str(t.get(k)) for k in ("from", "to") if t.get(k) is not None]
        if ctx.pos.phase != "movement":
            yield violation("38B2", f"transport {n} in the {ctx.pos.phase} phase (movement phase only)", ends)
            continue
        for k, h in (("from", t.get("from")), ("to", t.get("to"))):
            if h is None or (k == "to" and t.get("amphibious")) or ctx.board.port(str(h)):
                continue  # ports: 38A2b (owned at the start of the initial phase)
            if ctx.owner(str(h)) != ctx.pos.player:
                yield violation("38B2", f"transport {n}: {h} is not owned by the {ctx.pos.player} player", [str(h)])
        zones = {SEA_ZONES.get(str(ctx.board.value(h, "sea_area", ""))) for h in ends} - {None}
        if len(zones) > 1:
            yield violation("38B2", f"transport {n}: {' and '.join(ends)} are in different sea zones", ends)
