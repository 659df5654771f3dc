"""Rules 16-24, air units: patrol zones and patrol attacks (19), mission ranges (20, 24B), bombing (20F, 24A, 27),
AA fire against defensive support (22B), Estonian bases (30C1). Missions are ``state.air_missions``:
``{unit, mission, hex, extended}``; patrol attacks ``state.patrol_attacks``: ``{fighter, hex}``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from ....rules.position import Unit
from ....rules.report import Violation, violation
from .common import BOOK, Context, is_air, player_of

__all__ = ["bombing_column", "bombing_strength", "defensive_support_aa", "fighter_on_bombing", "mission_range",
           "patrol_radius", "patrol_repels"]

FIGHTER = "F"


def air_type(u: Unit) -> str:
    """The air unit type letter (F fighter, A attack, B bomber, T transport ...)."""
    t = u.kind.unit_type.upper()
    return t.split("_", 1)[1] if "_" in t else t


def movement(u: Unit) -> int:
    return int(u.value("movement"))


def patrol_radius(u: Unit) -> int:
    """19: a Soviet fighter's patrol zone is its own hex; a Finnish or British fighter's extends half its movement
    (rounded down): a D.XXI (movement 6) patrols 3 hexes."""
    return 0 if u.side == "soviet" else movement(u) // 2


def patrol_repels(fighter_attack: float, enemy_defence: float) -> tuple[int, ...]:
    """19: the rolls that repel: a 6 when the fighter is not stronger; 5-6 when stronger but under twice; 4-6 at
    twice or more."""
    if fighter_attack <= enemy_defence:
        return (6,)
    if fighter_attack < 2 * enemy_defence:
        return (5, 6)
    return (4, 5, 6)


def bombing_strength(printed: Fraction, *, extended: bool = False) -> Fraction:
    """20F, 27: printed bombing values are halved in snow; extended range (24B) leaves a third."""
    value = Fraction(printed) / 2
    return value / 3 if extended else value


def bombing_column(strength: Fraction, columns: Sequence[int]) -> int | None:
    """20F: "use the column whose value is closest without exceeding the bombing strength committed"; below 1 the
    attack fails (None). Example: an attack of strength 8 uses column 5."""
    if strength < 1:
        return None
    usable = [c for c in columns if c <= strength]
    return max(usable) if usable else None


def fighter_on_bombing(attack: int, defence: int) -> tuple[int, int]:
    """24A: a type F unit on a bombing mission has its air attack and air defence reduced by 2, never below 1: a
    D.XXI (3F4) bombs with 1 in air attack and 2 in air defence."""
    return max(attack - 2, 1), max(defence - 2, 1)


def defensive_support_aa(aa_by_hex: Sequence[Fraction]) -> Fraction:
    """22B: the AA of the attacking units, summed and divided by the number of hexes they attack from: 3 + 1 + 2 AA
    points from three hexes give AA attacks of 2 points on each defensive support air unit (Viipuri example)."""
    return sum(aa_by_hex, Fraction(0)) / len(aa_by_hex) if aa_by_hex else Fraction(0)


def mission_range(u: Unit, mission: str, *, extended: bool = False) -> int | None:
    """The farthest hex a mission may reach (None: the unit may not fly it): interception half the movement (20A),
    escort, staging, bombing and parachute drops the movement (20C, 20D2, 20E2, 18), transfer three times (20D1),
    regular transport landing twice (20E1); extended range (24B, not fighters) doubles bombing reach and lets
    transports land at three times or drop at twice."""
    mp = movement(u)
    fighter = air_type(u) == FIGHTER
    if mission in ("interception", "scramble", "escort", "patrol") and not fighter:
        return None
    if extended:
        if fighter:
            return None
        return {"bombing": 2 * mp, "transport": 3 * mp, "transport_drop": 2 * mp, "parachute": 2 * mp}.get(mission)
    return {"interception": mp // 2, "escort": mp, "scramble": mp, "staging": mp, "bombing": mp,
            "parachute": mp, "transport_drop": mp, "transfer": 3 * mp, "transport": 2 * mp}.get(mission)


def friendly_base(ctx: Context, hex_id: str, player: str) -> bool:
    """17: an air base (the map's, or a permanent air base or airstrip built: ``state.air_bases``,
    ``state.airstrips``) owned by the player (17C: a captured base is usable at once)."""
    built = {str(h) for h in ctx.pos.state.get("air_bases") or ()} | {str(h) for h in
                                                                     (ctx.pos.state.get("airstrips") or {})}
    return (ctx.board.airbase(hex_id) or hex_id in built) and ctx.owner(hex_id) == player


def _missions(ctx: Context) -> list[dict[str, Any]]:
    return [m for m in ctx.pos.state.get("air_missions") or () if isinstance(m, dict)]


@BOOK.rule("20", "Air units may carry out different missions depending on their type. Each mission specifies which "
           "units may take part in it, when it may be flown and what its effects are.")
def mission_ranges(ctx: Context) -> Iterator[Violation]:
    for n, m in enumerate(_missions(ctx), 1):
        u = ctx.pos.by_id.get(str(m.get("unit")))
        target = str(m.get("hex"))
        mission = str(m.get("mission", ""))
        if u is None or not is_air(u) or u.hex is None:
            yield violation("20", f"mission {n}: {m.get('unit')} is not an air unit on the map")
            continue
        if u.state.get("non_operational"):
            yield violation("16B", f"mission {n}: {u.id} is non-operational and may not fly missions", [u.hex], [u.id])
            continue
        if "movement" not in u.kind.values:
            ctx.not_judged.append(f"20: mission {n}: not judged: {u.id}'s movement is not in the counters")
            continue
        reach = mission_range(u, mission, extended=bool(m.get("extended")))
        if reach is None:
            yield violation("24B" if m.get("extended") else "20", f"mission {n}: {u.id} may not fly {mission}"
                            f"{' at extended range' if m.get('extended') else ''}", [u.hex], [u.id])
            continue
        dist = ctx.board.distance(u.hex, target)
        if dist > reach:
            yield violation("20", f"mission {n}: {target} is {dist} hexes from {u.id}'s base, beyond its {mission} "
                            f"range of {reach}", [u.hex, target], [u.id])
        if mission in ("transfer", "staging", "transport") and not friendly_base(ctx, target, player_of(u)):
            yield violation("20D" if mission != "transport" else "20E", f"mission {n}: {target} is not a friendly air "
                            f"base for {u.id}'s {mission}", [target], [u.id])
        if mission in ("parachute", "transport_drop") and (not ctx.board.is_land(target) or
                                                            ctx.board.terrain(target) in ("forest", "mountain")):
            yield violation("20E", f"mission {n}: no parachute drop in {target} ({ctx.board.terrain(target)})",
                            [target], [u.id])


@BOOK.rule("19", "For Soviet fighters, the zone is limited to the hex they occupy. - For Finnish or British "
           "fighters, it extends to a radius equal to half their movement value (rounded down).")
def patrol_zones(ctx: Context) -> Iterator[Violation]:
    done: set[str] = set()
    for n, p in enumerate(ctx.pos.state.get("patrol_attacks") or (), 1):
        u = ctx.pos.by_id.get(str(p.get("fighter")))
        target = str(p.get("hex"))
        if u is None or not is_air(u) or air_type(u) != FIGHTER or u.hex is None:
            yield violation("19", f"patrol attack {n}: {p.get('fighter')} is not a fighter on the map")
            continue
        if u.id in done:
            yield violation("19", f"patrol attack {n}: {u.id} already made a patrol attack this phase", [u.hex], [u.id])
        done.add(u.id)
        if player_of(u) == ctx.pos.player:
            yield violation("19", f"patrol attack {n}: patrol attacks take place in the opponent's air movement",
                            [u.hex], [u.id])
        if u.state.get("non_operational"):
            yield violation("19", f"patrol attack {n}: {u.id} is not operational", [u.hex], [u.id])
        elif "movement" not in u.kind.values and u.side != "soviet":
            ctx.not_judged.append(f"19: patrol attack {n}: not judged: {u.id}'s movement is not in the counters")
        elif ctx.board.distance(u.hex, target) > patrol_radius(u):
            yield violation("19", f"patrol attack {n}: {target} is outside {u.id}'s patrol zone of "
                            f"{patrol_radius(u)} hexes", [u.hex, target], [u.id])


@BOOK.rule("30C", "Up to 3 Soviet air units may be based in Estonia or carry out missions there each turn.")
def estonian_bases(ctx: Context) -> Iterator[Violation]:
    based = [u for u in ctx.pos.on_map() if is_air(u) and u.side == "soviet" and
             ctx.board.country(u.hex) == "estonia"]  # type: ignore[arg-type]
    if len(based) > 3:
        yield violation("30C", f"{len(based)} Soviet air units are based in Estonia (at most 3)",
                        [u.hex for u in based], [u.id for u in based])


@BOOK.rule("17", "Air units take off and land from bases. When they are not flying, they must be on a friendly base.")
def on_a_base(ctx: Context) -> Iterator[Violation]:
    """Outside the air phase every air unit is on a friendly air base."""
    if ctx.pos.phase == "air":
        return
    for u in ctx.pos.on_map():
        if is_air(u) and not friendly_base(ctx, u.hex, player_of(u)):  # type: ignore[arg-type]
            yield violation("17", f"air unit {u.id} is in {u.hex}, not a friendly air base", [u.hex], [u.id])


@BOOK.rule("20C", "A fighter may escort during the air movement step. It flies to a target hex within the limit of its "
           "movement value, which must contain at least least one friendly unit on a mission other than escort.")
def escorts_and_interceptors(ctx: Context) -> Iterator[Violation]:
    """Escorts go where a friendly unit flies another mission (20C); interceptors where enemy air units fly a
    mission (20A)."""
    missions = _missions(ctx)
    owners = {str(m.get("unit")): player_of(ctx.pos.by_id[str(m.get("unit"))]) for m in missions
              if str(m.get("unit")) in ctx.pos.by_id}
    for n, m in enumerate(missions, 1):
        uid, mission, target = str(m.get("unit")), str(m.get("mission")), str(m.get("hex"))
        if uid not in owners:
            continue
        others = [x for x in missions if str(x.get("hex")) == target and str(x.get("unit")) != uid]
        if mission == "escort" and not any(owners.get(str(x.get("unit"))) == owners[uid] and x.get("mission")
                                           not in ("escort", "interception") for x in others):
            yield violation("20C", f"mission {n}: {uid} escorts {target}, where no friendly unit flies another "
                            "mission", [target], [uid])
        if mission == "interception" and not any(owners.get(str(x.get("unit"))) not in (None, owners[uid])
                                                 for x in others):
            yield violation("20A", f"mission {n}: {uid} intercepts {target}, where no enemy air unit flies a "
                            "mission", [target], [uid])


@BOOK.rule("20E", "A transport may not carry a land unit with heavy equipment; all others may be carried. ... Regular "
           "transport. A transport may carry up to 1 RE of cargo. ... Parachute drop. ... A transport may carry 1/2 "
           "RE of cargo.")
def air_cargo(ctx: Context) -> Iterator[Violation]:
    from .common import re_of
    from .naval import heavy_equipment
    for n, m in enumerate(_missions(ctx), 1):
        cargo = [ctx.pos.by_id[str(i)] for i in m.get("cargo") or () if str(i) in ctx.pos.by_id]
        if not cargo:
            continue
        mission = str(m.get("mission"))
        for c in cargo:
            if heavy_equipment(c):
                yield violation("20E", f"mission {n}: {c.id} has heavy equipment and may not be carried by air (3A4)",
                                [str(m.get("hex"))], [c.id])
        room = Fraction(1, 2) if mission in ("parachute", "transport_drop") else Fraction(1)
        if m.get("extended"):
            room /= 2  # 24B: extended range, half the normal cargo
        load = sum((re_of(c) for c in cargo), Fraction(0))
        if load > room:
            yield violation("20E", f"mission {n}: {float(load):g} RE of cargo, a transport carries {float(room):g}",
                            [str(m.get("hex"))], [c.id for c in cargo])


def aa_available(ctx: Context, hex_id: str, player: str) -> Fraction:
    """22A: the AA points in a hex: combat and position AA units' printed AA (a position AA unit that moved this
    movement phase may not fire, 22A3), one intrinsic light AA point for each HQ and each British or foreign
    volunteer division (22A1), a naval unit's printed AA (22A4)."""
    from .common import is_divisional, is_hq, is_position_aa
    total = Fraction(0)
    for u in ctx.pos.at(hex_id):
        if player_of(u) != player or is_air(u):
            continue
        if is_position_aa(u) and (u.state.get("moved") or u.state.get("rail") or u.state.get("admin")):
            continue
        total += Fraction(u.value("aa", 0)).limit_denominator(100)
        if is_hq(u) or (is_divisional(u) and u.side in ("allied", "swedish")):
            total += 1
    return total


@BOOK.rule("22B", "All the AA strength in a hex may fire at air units on transport or bombing missions in that hex. It "
           "may not fire at other types of missions (e.g. escort, interception). Each point of AA strength may be "
           "used only once per turn.")
def aa_fire(ctx: Context) -> Iterator[Violation]:
    """``state.aa_fire``: ``{hex, points, unit}`` shots of the non-phasing player at an air unit's mission there."""
    missions = {(str(m.get("unit")), str(m.get("hex"))): str(m.get("mission")) for m in _missions(ctx)}
    used: dict[str, Fraction] = {}
    for n, shot in enumerate(ctx.pos.state.get("aa_fire") or (), 1):
        h, target = str(shot.get("hex")), str(shot.get("unit"))
        mission = missions.get((target, h))
        if mission not in ("bombing", "transport", "transport_drop", "parachute"):
            yield violation("22B", f"AA shot {n}: {target} flies no transport or bombing mission in {h}", [h], [target])
        used[h] = used.get(h, Fraction(0)) + Fraction(str(shot.get("points", 0)))
    defender = "finnish" if ctx.pos.player == "soviet" else "soviet"
    for h, pts in used.items():
        have = aa_available(ctx, h, defender)
        if pts > have:
            yield violation("22B", f"{float(pts):g} AA points fire in {h}, which holds {float(have):g}", [h])
