"""Retreats and advances, before combat (Combat (A), (B) and the Combat Procedure) and after it (the
Combat Results Table's Retreating, De and Ex)."""

from __future__ import annotations

from ....rules.position import Position, Unit
from ....rules.report import Violation, violation
from ..terrain import FINLAND
from .common import BOOK, Context, enemy_of, is_blank, is_hq, is_light_finn, player_of
from .movement import prohibition
from .victory import mannerheim_captured
from .zoc import in_enemy_zoc

__all__ = ["judge_advance", "judge_crt_advance", "judge_crt_retreat", "judge_retreat"]

CASE_A = BOOK.cite("Combat (A)", "The Finnish Player may exercise the retreat-before-combat option if the units in "
                   "question are 0-0-3's or 1-1-3's. ... The Soviet Player may retreat before combat if the unit in "
                   "question is a Headquarters unit. ... A unit may retreat a distance of one hex, maximum. ... The "
                   "hex to which the unit retreats may not be in Enemy Zones of Control, nor impassable terrain")
CASE_B = BOOK.cite("Combat (B)", "Any unit, except HQ units, may participate in an advance-before-combat. In an "
                   "advance-before-combat, the Attacker may move any one unit which was adjacent to the defending "
                   "unit that exercised its option to retreat before combat.")
PROC_A = BOOK.cite("Combat Procedure (A)", "The Defender, at his option, may retreat certain unit types which are "
                   "adjacent to the Attacker's units.")
PROC_B = BOOK.cite("Combat Procedure (B)", "the Attacker, at his option, may advance any one of his units which were "
                   "adjacent to Defending units which exercised their option to retreat before combat.")
CRT_RETREAT = BOOK.cite("Combat Results Table", "Units forced to retreat into Enemy Zones of Control or in violation "
                        "of the Stacking limit are eliminated instead. However, a unit can retreat on top of another "
                        "Friendly unit on or below \"row A\" even if in an Enemy Zone of Control. Units may not "
                        "retreat into impassable or prohibited terrain.")
CRT_ADVANCE = BOOK.cite("Combat Results Table", "Attacker may advance one of his Attacking units into the hex "
                        "vacated by the eliminated Defending unit, even if the hex is in another Defending unit's "
                        "Zone of Control.")


def judge_crt_retreat(ctx: Context, u: Unit, dest: str, result: str) -> list[Violation]:
    """Combat Results Table, Retreating (Dr, Ar): one hex, not into enemy ZOC unless onto a friendly unit
    (Zones of Control (D)), not into impassable or prohibited terrain; a unit that cannot is eliminated."""
    out = []
    where = [u.hex, dest]
    rule = "Combat Results Table"
    if dest not in ctx.board.neighbours(u.hex):  # type: ignore[arg-type]
        out.append(violation(rule, f"{u.id} retreated more than one hex after a {result} result ({u.hex} to "
                             f"{dest})", where, [u.id]))
    # CRT, Retreating: "a unit can retreat on top of another Friendly unit on or below 'row A' even if in an
    # Enemy Zone of Control" (Zones of Control (D))
    friendly_there = any(player_of(v) == player_of(u) and not is_blank(v) for v in ctx.pos.at(dest)) \
        and not ctx.board.north_of_row_a(dest)
    if in_enemy_zoc(ctx, player_of(u), dest) and not friendly_there:
        out.append(violation(rule, f"{u.id} may not retreat into an enemy Zone of Control ({dest}) after a "
                             f"{result} result; a unit that cannot retreat is eliminated", where, [u.id]))
    if dest in ctx.occupied[enemy_of(player_of(u))]:
        out.append(violation(rule, f"{u.id} may not retreat into a hex holding enemy units ({dest})", where,
                             [u.id]))
    why = prohibition(ctx, u, dest)
    if why:
        out.append(violation(why[0], f"{u.id} may not retreat into {dest}: {why[1]}", where, [u.id]))
    return out


def judge_crt_advance(ctx: Context, u: Unit, dest: str, vacated: str,
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


def judge_retreat(ctx: Context, u: Unit, dest: str) -> list[Violation]:
    """Combat (A), Retreat Before Combat: who may retreat, one hex, not into enemy ZOC (except onto
    friendly units), not into prohibited terrain; Fortifications (F) after the Mannerheim Line falls."""
    out = []
    where = [u.hex, dest]
    if dest not in ctx.board.neighbours(u.hex):  # type: ignore[arg-type]
        out.append(violation("Combat (A)", f"{u.id} retreated more than one hex ({u.hex} to {dest})", where,
                             [u.id]))
    if u.side == "soviet" and not is_hq(u):
        out.append(violation("Combat (A)", f"{u.id}: only Soviet Headquarters units may retreat before combat",
                             where, [u.id]))
    enemy = enemy_of(player_of(u))
    if not any(player_of(v) == enemy and not is_blank(v) for n in ctx.board.neighbours(u.hex)  # type: ignore[arg-type]
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
        elif not (ctx.board.in_country(u.hex, FINLAND) and ctx.board.north_of_row_a(u.hex)):  # type: ignore[arg-type]
            out.append(violation("Combat (A)", f"{u.id} may retreat before combat only if it begins the retreat "
                                 "within Finland and north of Row A", where, [u.id]))
        elif mannerheim_captured(ctx):
            out.append(violation("Fortifications (F)", f"{u.id} may not retreat before combat: the Soviets hold "
                                 "all four Mannerheim Line hexes", where, [u.id]))
    friendly_there = any(player_of(v) == player_of(u) for v in ctx.pos.at(dest))
    if in_enemy_zoc(ctx, player_of(u), dest) and not friendly_there:
        out.append(violation("Combat (A)", f"{u.id} may not retreat into an enemy Zone of Control ({dest})", where,
                             [u.id]))
    why = prohibition(ctx, u, dest)
    if why:
        out.append(violation(why[0], f"{u.id} may not retreat into {dest}: {why[1]}", where, [u.id]))
    return out


def judge_advance(ctx: Context, u: Unit, dest: str, after: Position,
                  advancers: dict[str, list[str]]) -> list[Violation]:
    """Combat Procedure (B), Advance Before Combat: one unit, not an HQ, one hex, into a hex vacated by
    units that retreated before combat."""
    out = []
    where = [u.hex, dest]
    enemy = enemy_of(player_of(u))
    vacated = dest in ctx.occupied[enemy] and not any(player_of(v) == enemy for v in after.at(dest))
    if dest not in ctx.board.neighbours(u.hex) or not vacated:  # type: ignore[arg-type]
        out.append(violation("Combat Procedure (B)", f"{u.id} may only advance one hex into a hex vacated by a "
                             "retreat before combat", where, [u.id]))
    if is_hq(u):
        out.append(violation("Combat (B)", f"HQ {u.id} may not advance before combat", where, [u.id]))
    advancers.setdefault(dest, []).append(u.id)
    if len(advancers[dest]) > 1:
        out.append(violation("Combat (B)", f"only one unit may advance into {dest}", [dest], advancers[dest]))
    return out


