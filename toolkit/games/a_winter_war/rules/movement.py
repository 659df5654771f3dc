"""Rule 6, Movement (with 28, the Arctic, and 30, the nations' limits): what a unit may enter or cross and what a
move between two positions costs on the Terrain Effects Chart.

The chart's costs are mostly unknown (charts.py): a move is judged on two bounds, the least cost with every
unknown cost at 0 and the cost with unknown steps refused. Beyond the allowance even at the least cost: a
violation; within it with known costs only: legal; between the two: "not judged: Terrain Effects Chart value
unknown". Any unit may always advance one hex it may enter (6).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ....rules.movement import MoveRules, reach
from ....rules.position import Unit
from ....rules.report import Violation, violation
from ...chart_values import PROHIBITED
from .common import (
    BOOK,
    Context,
    enemy_of,
    is_artillery,
    is_cavalry,
    is_cm,
    is_ground,
    is_mountain,
    is_non_motorised,
    is_ski,
    player_of,
)

__all__ = ["crossing_allowed", "hex_allowed", "move_bounds", "mp_column"]

NEUTRAL = ("sweden", "norway", "estonia")
LENINGRAD = "35:5014"
KRONSTADT = "35:4916"


def mp_column(u: Unit) -> str:
    """6: "one cost for c/m and artillery units, another for other units, and exceptions listed separately" (ski,
    mountain troops 14D, 14E)."""
    if is_cm(u) or is_artillery(u):
        return "c/m and artillery"
    if is_ski(u):
        return "ski"
    if is_mountain(u):
        return "mountain"
    return "other units"


def leningrad_hexes(ctx: Context) -> set[str]:
    """30A4: "a Leningrad hex (35:5014 and its adjacent partial hexes)"."""
    out = {LENINGRAD}
    out.update(n for n in ctx.board.neighbours(LENINGRAD) if ctx.board.city(n) == "partial")
    return out


def hex_allowed(ctx: Context, u: Unit, h: str) -> bool:
    """A hex the unit may enter: land (6: "may not enter a forbidden hex (e.g. a complete lake/sea hex)"), not a
    neutral country (30C), Leningrad and Kronstadt not for Finnish and volunteer units (30A4), the USSR not
    for the Western Intervention Force (31C), the Arctic not for cavalry (28)."""
    if not ctx.board.is_land(h):
        return False
    country = ctx.board.country(h)
    if country in NEUTRAL:
        return False
    if player_of(u) == "finnish":
        if u.side == "allied" and country == "ussr":
            return False
        if u.side != "allied" and (h == KRONSTADT or h in leningrad_hexes(ctx)):
            return False
    return not (is_cavalry(u) and ctx.board.arctic(h))


def crossing_allowed(ctx: Context, u: Unit, a: str, b: str) -> bool:
    """27B: complete sea hexsides are forbidden, frozen or not, except that non-motorised units cross frozen sea
    hexsides; lake hexsides only frozen (the Vuoksa never freezes, 29B2); bridged straits are crossed (29B1)."""
    feats = ctx.board.side(a, b)
    if "bridged" in feats:
        return True
    water = ctx.board.water_side(a, b)
    if water is None:
        return True
    frozen = ctx.board.side_frozen(a, b, ctx.gulf_frozen)
    if water == "sea":
        return frozen and is_non_motorised(u)
    if water == "lake":
        return frozen
    return True  # a narrow strait: frozen +1 MP (6); open: its cost is the chart's


def _terrain_cost(ctx: Context, u: Unit, a: str, b: str) -> tuple[Fraction | None, bool]:
    """(cost, known) of stepping from ``a`` into ``b`` off road; None cost: prohibited."""
    col = mp_column(u)
    known = True
    row = ctx.board.terrain(b)
    if ctx.board.major_city(b):
        row = "major city"
    cost = ctx.charts.get("tec", row, col)
    if cost is None:
        known = False
    elif cost == PROHIBITED:
        return None, True
    total = Fraction(cost) if known else Fraction(0)
    if ctx.board.arctic(b):
        total *= 2  # 28: "All Arctic terrain costs double in MP (except roads/rails)"
    feats = ctx.board.side(a, b)
    water = ctx.board.water_side(a, b)
    extras = []
    if water == "strait":
        extras.append("frozen narrow strait hexside" if ctx.board.side_frozen(a, b, ctx.gulf_frozen) else None)
    elif water == "sea":
        extras.append("frozen sea hexside")
    elif water == "lake":
        extras.append("lake hexside")
    if "bridged" in feats:
        extras = ["bridged strait hexside"]
    if "river" in feats:
        extras.append("river hexside")
    for row_name in extras:
        extra = None if row_name is None else ctx.charts.get("tec", row_name, col)
        if extra is None:
            known = False
        elif extra == PROHIBITED:
            return None, True
        else:
            total += Fraction(extra)
    return total, known


def move_bounds(ctx: Context, u: Unit, start: str, *, admin: bool = False) -> tuple[dict[str, float], dict[str, float]]:
    """(least cost with unknown chart values at 0, cost using known values only) to every reachable hex."""
    enemy = enemy_of(player_of(u))
    blocked = ctx.occupied[enemy]
    zoc_col = "c/m and artillery" if mp_column(u) == "c/m and artillery" else "other units"
    road_cost = ctx.charts.get("tec", "road", mp_column(u))

    def make(optimistic: bool) -> MoveRules:
        def step(a: str, b: str) -> float | None:
            if b in blocked or not hex_allowed(ctx, u, b) or not crossing_allowed(ctx, u, a, b):
                return None
            cost, known = _terrain_cost(ctx, u, a, b)
            if cost is None:
                return None
            # 7B: "Railway lines may also be used as roads"
            if ({"road", "rail"} & ctx.board.side(a, b)) and road_cost is not None:
                cost, known = min(cost, Fraction(road_cost)) if known else Fraction(road_cost), True
            if not known and not optimistic:
                return None
            if admin:
                cost /= 2
            if ctx.zoc.controls(enemy, a):
                # 5: the ZOC of an unsupplied unit is reduced; the hex's is reduced when every one is
                reduced = all(ctx.unsupplied(ctx.pos.by_id[i]) for i in ctx.zoc.controllers(enemy, a))
                zoc_cost = ctx.charts.get("zoc", "reduced" if reduced else "normal", zoc_col)
                if zoc_cost is None and not optimistic:
                    return None
                cost += Fraction(zoc_cost or 0)
            return float(cost)
        return MoveRules(step_cost=step)

    low = reach(ctx.board, start, make(True), float("inf"))
    high = reach(ctx.board, start, make(False), float("inf"))
    return low, high


def allowance(ctx: Context, u: Unit) -> Fraction:
    """The unit's MP: halved out of supply (12D); in exploitation a Finnish ski unit has half (37A2)."""
    mp = Fraction(u.value("movement")).limit_denominator(100)
    if ctx.unsupplied(u):
        mp /= 2
    if ctx.pos.phase == "exploitation" and is_ski(u) and not is_cm(u):
        mp /= 2
    return mp


def moved_units(ctx: Context) -> Iterator[tuple[Unit, str, str]]:
    """(unit, from, to) for every ground unit whose hex differs between ``--before`` and this position."""
    if ctx.before is None:
        return
    for u in ctx.pos.on_map():
        b = ctx.before.by_id.get(u.id)
        if b is not None and b.hex is not None and b.hex != u.hex and is_ground(u):
            yield u, b.hex, u.hex  # type: ignore[misc]


BOOK.cite("6", "Any unit may always advance one hex (unless the terrain is forbidden) by spending all its MP, even if "
          "the cost exceeds its potential.")
BOOK.cite("28", "All Arctic terrain costs double in MP (except roads/rails; double the cost from the Terrain Effects "
          "Chart).")
BOOK.cite("12D", "Movement halved.")


@BOOK.rule("6", "A unit may not enter a forbidden hex (e.g. a complete lake/sea hex). In general, a unit may not enter "
           "a hex occupied by the enemy", scope="move")
def move_cost(ctx: Context) -> Iterator[Violation]:
    if ctx.pos.phase not in ("movement", "exploitation"):
        return
    enemy_hexes = {p: ctx.occupied[enemy_of(p)] for p in ("finnish", "soviet")}
    for u, a, b in moved_units(ctx):
        if u.state.get("rail") or u.state.get("naval") or u.state.get("retreated") or u.state.get("advanced"):
            continue
        if b in enemy_hexes[player_of(u)] and not u.state.get("partisan_mode"):
            yield violation("6", f"{u.id} ends its move in {b}, occupied by the enemy", [b], [u.id])
            continue
        if any(x.state.get("partisan_mode") and player_of(x) != player_of(u) for x in ctx.pos.at(b)):
            yield violation("14F", f"{u.id} ends its move in {b} on a unit in partisan mode (pass through only, 14F2)",
                            [b], [u.id])
            continue
        if not hex_allowed(ctx, u, b):
            continue  # the position rules name why (6, 28, 30A4, 30C, 31C)
        if b in ctx.board.neighbours(a) and crossing_allowed(ctx, u, a, b):
            continue  # 6: the one-hex move
        mp = allowance(ctx, u)
        admin = bool(u.state.get("admin"))
        low, high = move_bounds(ctx, u, a, admin=admin)
        if b not in low:
            yield violation("6", f"{u.id} cannot reach {b} from {a}: every route crosses forbidden terrain, a "
                            "forbidden hexside or an enemy unit", [a, b], [u.id])
        elif low[b] > mp:
            yield violation("6", f"{u.id} needs at least {low[b]:g} MP from {a} to {b}, more than its {float(mp):g} "
                            f"MP{' (halved out of supply, 12D)' if ctx.unsupplied(u) else ''}", [a, b], [u.id])
        elif high.get(b, float("inf")) > mp:
            ctx.not_judged.append(f"6: {u.id} {a} to {b}: not judged: Terrain Effects Chart or ZOC Costs Chart "
                                  "value unknown")


@BOOK.rule("6", "A unit may not enter a forbidden hex (e.g. a complete lake/sea hex).")
def forbidden_hex(ctx: Context) -> Iterator[Violation]:
    for u in ctx.ground():
        if not ctx.board.is_land(u.hex):  # type: ignore[arg-type]
            yield violation("6", f"{u.id} is in {u.hex}, an all-water hex", [u.hex], [u.id])


@BOOK.rule("30C", "Unless stated otherwise, no force may enter, cross, overfly or attack a hex of a neutral country.")
def neutral_countries(ctx: Context) -> Iterator[Violation]:
    for u in ctx.ground():
        country = ctx.board.country(u.hex)  # type: ignore[arg-type]
        if country in NEUTRAL:
            yield violation("30C", f"{u.id} is in {u.hex}, in neutral {country.title()}", [u.hex], [u.id])


@BOOK.rule("30A4", "Finnish and foreign volunteer land units may never enter or attack a Leningrad hex (35:5014 and "
           "its adjacent partial hexes) or Kronstadt (35:4916).")
def leningrad_kronstadt(ctx: Context) -> Iterator[Violation]:
    banned = leningrad_hexes(ctx) | {KRONSTADT}
    for u in ctx.ground("finnish"):
        if u.side != "allied" and u.hex in banned:
            yield violation("30A4", f"{u.id} is in {u.hex}, closed to Finnish and volunteer units", [u.hex], [u.id])


@BOOK.rule("31C", "The land units of the Western Intervention Force may never enter or attack a hex of the Soviet "
           "Union.")
def intervention_not_in_ussr(ctx: Context) -> Iterator[Violation]:
    for u in ctx.ground("finnish"):
        if u.side == "allied" and ctx.board.country(u.hex) == "ussr":  # type: ignore[arg-type]
            yield violation("31C", f"Western Intervention unit {u.id} is in the Soviet Union ({u.hex})", [u.hex],
                            [u.id])


@BOOK.rule("28", "Cavalry may not enter/attack a hex in the Arctic.")
def cavalry_arctic(ctx: Context) -> Iterator[Violation]:
    for u in ctx.ground():
        if is_cavalry(u) and ctx.board.arctic(u.hex):  # type: ignore[arg-type]
            yield violation("28", f"cavalry {u.id} is in the Arctic ({u.hex})", [u.hex], [u.id])


@BOOK.rule("6B", "It may not begin the phase adjacent to an enemy unit, nor approach one during the whole phase. - It "
           "may not enter a hex controlled by the enemy. ... - In weather zone A, administrative movement is limited "
           "to roads.", scope="move")
def administrative(ctx: Context) -> Iterator[Violation]:
    if ctx.before is None:
        return
    for u, a, b in moved_units(ctx):
        if not u.state.get("admin"):
            continue
        if ctx.pos.phase != "movement":
            yield violation("6B", f"{u.id} uses administrative movement outside the movement phase", [b], [u.id])
            continue
        enemy = ctx.occupied[enemy_of(player_of(u))]
        if any(n in enemy for n in ctx.board.neighbours(a)) or any(n in enemy for n in ctx.board.neighbours(b)):
            yield violation("6B", f"{u.id} uses administrative movement next to an enemy unit", [a, b], [u.id])
        elif ctx.owner(b) == enemy_of(player_of(u)):
            yield violation("6B", f"{u.id} enters {b}, controlled by the enemy, in administrative movement", [b],
                            [u.id])
        elif ctx.board.arctic(b) and b in ctx.board.neighbours(a) and not ({"road", "rail"} & ctx.board.side(a, b)):
            yield violation("6B", f"{u.id} moves administratively off road in weather zone A", [a, b], [u.id])


@BOOK.rule("4A", "Exploitation phase. Movement of eligible c/m (combat/motorised) units.", scope="move")
def exploitation(ctx: Context) -> Iterator[Violation]:
    """Only c/m units move in the exploitation phase (4A), Finnish ski units too under 37A2 (unless marked for
    more than half their MP in the movement phase); not by rail or administrative movement (sequence of play);
    no c/m in the Arctic (28); no Soviet c/m that began the phase in an enemy ZOC or attacked (30B1)."""
    if ctx.pos.phase != "exploitation" or ctx.before is None:
        return
    optional = {str(o).upper() for o in ctx.pos.state.get("optional_rules") or ()}
    before_ctx = Context(ctx.before, ctx.board, ctx.charts)
    for u, a, b in moved_units(ctx):
        ski_ok = "37A2" in optional and player_of(u) == "finnish" and is_ski(u) and not u.state.get("ski_marked")
        if u.state.get("rail") or u.state.get("admin"):
            yield violation("4A", f"{u.id} uses rail or administrative movement in the exploitation phase", [b], [u.id])
        elif not is_cm(u) and not ski_ok:
            rule = "37A2" if is_ski(u) and player_of(u) == "finnish" and "37A2" in optional else "4A"
            yield violation(rule, f"{u.id} is not an eligible unit but moves in the exploitation phase", [a, b], [u.id])
        elif is_cm(u) and (ctx.board.arctic(a) or ctx.board.arctic(b)):
            yield violation("28", f"c/m unit {u.id} moves in the exploitation phase in the Arctic", [a, b], [u.id])
        elif is_cm(u) and player_of(u) == "soviet" and (u.state.get("attacked") or before_ctx.in_enemy_zoc(u, a)):
            yield violation("30B1", f"Soviet c/m unit {u.id} moves in the exploitation phase after attacking or from "
                            "an enemy ZOC", [a, b], [u.id])


@BOOK.rule("4C", "Unless stated otherwise, no action may be performed outside this sequence.", scope="move")
def ground_units_moved_outside_phases(ctx: Context) -> Iterator[Violation]:
    if ctx.before is None or ctx.pos.phase not in ("initial", "air"):
        return
    for u, a, b in moved_units(ctx):
        yield violation("4C", f"{u.id} moves in the {ctx.pos.phase} phase", [a, b], [u.id])


