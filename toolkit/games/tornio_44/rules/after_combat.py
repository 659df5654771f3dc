"""What units may do after combat, judged between the position at the start of the Combat Phase and a later one:
22.6.5 Retreat, 22.6.6 Panic, 22.8 voluntary retreat, 24.0 Advance After Combat and 24.1 Tank units; and 8.1
Nationality markers, 17.2 units that exited the map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....rules.position import Unit
from ....rules.report import Violation, violation
from ..terrain import OPEN
from .common import ARTILLERY_TYPES, BOOK, Context, enemy_of, flag, has_type, is_marker, player_of

__all__ = ["after_combat", "exited", "nationality_markers"]

RETREAT = BOOK.cite("22.6.5", "A unit cannot retreat into a hex occupied by an enemy unit ... It may not result in "
                    "that a unit would need to enter an Illegal Hex, unhexed area, or exit the map from a non-VP "
                    "Exit Hex.")
PANIC = BOOK.cite("22.6.6", "All units in all of the attacker's hexes (if several was used) must retreat two "
                  "hexes. ... A Panic combat action will always cause all Field and Rocket Artillery units to lose one "
                  "step.")
ZOC_RETREAT = BOOK.cite("22.6.5", "The hex may not be in enemy ZOC unless there are no other alternatives. Retreat is "
                        "allowed to a hex that is contested [9.0].")
BOTH = BOOK.cite("24.0", "If both players abandoned a hex in the combat, neither player may advance.")
VOLUNTARY = BOOK.cite("22.8", "Units that participated in a combat may always retreat (never panic) voluntarily even "
                      "if all APs have already been spent on combat actions.")
TANK = BOOK.cite("24.1", "An unbroken Tank unit (only) may advance one additional hex from the first (abandoned) hex. "
                 "The second hex must be empty from enemy units and either be an Open Ground hex or connected to the "
                 "first hex with a road or railroad. Rivers may be crossed but only if there is a bridge between the "
                 "first hex and the second hex.")


def _chose(spec: Mapping[str, Any], side: str, action: str) -> bool:
    return any(str(a.get("action")) == action for a in spec.get(f"{side}_actions") or [])


@BOOK.rule("24.0", "Units may only advance if they; (1) are currently adjacent to the abandoned hex, (2) participated "
           "in the combat, and (3) are unbroken. No Field or Rocket Artillery units, as well as no friendly units that "
           "retreated or panicked in the combat, may advance.", scope="move")
def after_combat(ctx: Context) -> list[Violation]:
    """Every unit that changed hex in the Combat Phase: a retreat (1 hex) or panic (2 hexes) of a unit in the combat
    (22.6.5, 22.6.6, 22.8), or an advance into the abandoned target hex (24.0; a Tank one hex further, 24.1)."""
    after = ctx.after
    if after is None or ctx.pos.phase != "combat":
        return []
    b = ctx.board
    out: list[Violation] = []
    attacks = list(after.state.get("attacks") or [])
    for v in after.units:
        u = ctx.pos.by_id.get(v.id)
        if u is None or u.hex is None or v.hex == u.hex or is_marker(u) or v.hex is None:
            continue
        start, dest = u.hex, v.hex
        where = [start, dest]
        mine = player_of(u)
        spec, role = _combat_of(ctx, u, attacks)
        if spec is None:
            out.append(violation("6.1", f"{u.id} moves in the Combat Phase without taking part in a combat: units "
                                 "move then only to retreat, panic or advance after combat", where, [u.id]))
            continue
        target = str(spec.get("target"))
        left = {ctx.pos.by_id[str(i)].hex for i in spec.get("attackers") or [] if str(i) in ctx.pos.by_id}
        advance = (role == "attacker" and (dest == target or _tank_second(ctx, u, v, spec))) or (
            role == "defender" and dest in left and dest in b.neighbours(start))
        if advance:
            if dest == target or role == "defender":  # into the abandoned hex (24.0); a Tank's second hex: 24.1
                out.extend(_advance(ctx, u, dest, spec, where))
            continue
        side = "defender" if role == "defender" else "attacker"
        panic = _chose(spec, side, "panic")
        want = 2 if panic else 1
        rule = "22.6.6" if panic else "22.6.5" if _chose(spec, side, "retreat") else "22.8"
        dist = b.distance(start, dest, 8)
        if dist != want:
            out.append(violation(rule, f"{u.id} moves {dist} hex{'es' if dist > 1 else ''}; a "
                                 f"{'panic' if panic else 'retreat'} is {want} hex{'es' if want > 1 else ''}", where,
                                 [u.id]))
        elif dest in _enemy_after(ctx, mine) or not b.legal(dest):
            out.append(violation("22.6.5", f"{u.id} retreats into {dest}: an enemy or Illegal Hex", where, [u.id]))
        elif want == 1 and _zoc_bound(ctx, u, dest):
            free = [n for n in b.neighbours(start) if b.legal(n) and n not in ctx.occupied[enemy_of(mine)]
                    and not _zoc_bound(ctx, u, n)]
            if free:
                out.append(violation("22.6.5", f"{u.id} retreats into enemy ZOC in {dest} while {', '.join(free)} "
                                     "is not in enemy ZOC", where, [u.id]))
    out.extend(_panic_artillery(ctx, attacks))
    return out


def _zoc_bound(ctx: Context, u: Unit, h: str) -> bool:
    """22.6.5: ``h`` is in enemy ZOC and not contested (a friendly ZOC from a unit of another hex there)."""
    assert ctx.zoc is not None
    mine = player_of(u)
    if not ctx.zoc.enemy(mine, h):
        return False
    return not any(ctx.pos.by_id[i].hex != u.hex for i in ctx.zoc.controllers(mine, h))


def _advance(ctx: Context, u: Unit, dest: str, spec: Mapping[str, Any], where: list[str]) -> list[Violation]:
    """24.0: into an abandoned hex, by an unbroken unit of the combat that is not Field or Rocket Artillery; not when
    both players abandoned a hex in the combat."""
    assert ctx.after is not None
    mine = player_of(u)
    why = []
    if dest in _enemy_after(ctx, mine):
        why.append("the hex is not abandoned")
    if ctx.broken(u):
        why.append("it is Broken")
    if has_type(u, *ARTILLERY_TYPES):
        why.append("Field and Rocket Artillery never advance")
    target = str(spec.get("target"))
    attacker = enemy_of(player_of(ctx.at(target)[0])) if ctx.at(target) else ctx.pos.player
    held_after = {w.hex for w in ctx.after.units if w.hex and not is_marker(w) and player_of(w) == attacker}
    starts = {ctx.pos.by_id[str(i)].hex for i in spec.get("attackers") or [] if str(i) in ctx.pos.by_id}
    # the attacker abandoned a hex by a Retreat or Panic, or by elimination (an advance leaves none)
    eliminated = any(str(i) in ctx.after.by_id and ctx.after.by_id[str(i)].hex is None
                     for i in spec.get("attackers") or [])
    attacker_left = bool(starts - held_after) and (
        _chose(spec, "attacker", "retreat") or _chose(spec, "attacker", "panic") or eliminated)
    defender_left = not [w for w in ctx.after.units if w.hex == target and player_of(w) != attacker]
    if attacker_left and defender_left:
        why.append("both players abandoned a hex in the combat")
    if not why:
        return []
    return [violation("24.0", f"{u.id} may not advance into {dest}: {'; '.join(why)}", where, [u.id])]


def _panic_artillery(ctx: Context, attacks: list[Mapping[str, Any]]) -> list[Violation]:
    """22.6.6: "A Panic combat action will always cause all Field and Rocket Artillery units to lose one step"."""
    assert ctx.after is not None
    out = []
    for spec in attacks:
        target = str(spec.get("target"))
        for side, units in (("defender", [w.id for w in ctx.at(target)]),
                            ("attacker", [str(i) for i in spec.get("attackers") or []])):
            if not _chose(spec, side, "panic"):
                continue
            for uid in units:
                u, v = ctx.pos.by_id.get(uid), ctx.after.by_id.get(uid)
                if u is None or not has_type(u, *ARTILLERY_TYPES) or v is None or v.hex is None:
                    continue
                if flag(u, "reduced") or not flag(v, "reduced"):
                    out.append(violation("22.6.6", f"{uid} is Field or Rocket Artillery in a Panic: it loses a step "
                                         "(reduced, or eliminated if it was)", [u.hex, v.hex], [uid]))
    return out


def _tank_second(ctx: Context, u: Unit, v: Unit, spec: Mapping[str, Any]) -> bool:
    """24.1: whether a move is a Tank's advance through the abandoned target hex into a second hex (judged by
    :func:`tank_advance`): an attacking Tank that did not retreat, ending next to the abandoned target hex."""
    target = str(spec.get("target"))
    return bool(has_type(u, "tank", "armour") and v.hex in ctx.board.neighbours(target) and v.hex != target
                and target not in _enemy_after(ctx, player_of(u))
                and not (_chose(spec, "attacker", "retreat") or _chose(spec, "attacker", "panic")))


def _enemy_after(ctx: Context, player: str) -> set[str]:
    assert ctx.after is not None
    return {w.hex for w in ctx.after.units if w.hex and not is_marker(w) and player_of(w) == enemy_of(player)}


def _combat_of(ctx: Context, u: Unit, attacks: list[Mapping[str, Any]]) -> tuple[Mapping[str, Any] | None, str]:
    for spec in attacks:
        if u.id in {str(i) for i in spec.get("attackers") or []}:
            return spec, "attacker"
        if str(spec.get("target")) == u.hex:
            return spec, "defender"
    return None, ""


@BOOK.rule("24.1", "An unbroken Tank unit (only) may advance one additional hex from the first (abandoned) hex.",
           scope="move")
def tank_advance(ctx: Context) -> list[Violation]:
    """24.1: the second hex of a Tank's advance: empty of enemy units, Open Ground or joined to the target hex by a
    road or railroad, across a river only by a bridge; unbroken; not when the enemy panicked (24.0: "only ... into
    the first abandoned hex if the enemy panicked")."""
    after = ctx.after
    if after is None or ctx.pos.phase != "combat":
        return []
    b = ctx.board
    out = []
    for spec in after.state.get("attacks") or []:
        target = str(spec.get("target"))
        for uid in spec.get("attackers") or []:
            u, v = ctx.pos.by_id.get(str(uid)), after.by_id.get(str(uid))
            if u is None or v is None or v.hex in (u.hex, target, None) or not _tank_second(ctx, u, v, spec):
                continue
            second = str(v.hex)
            why = []
            if ctx.broken(u):
                why.append("it is Broken")
            if second in _enemy_after(ctx, player_of(u)):
                why.append("the second hex holds enemy units")
            if not (b.terrain(second) == OPEN and not b.is_town(second) and not b.village(second)) and not b.road(
                    target, second):
                why.append("the second hex is neither Open Ground nor joined by a road or railroad")
            if b.river(target, second) and not b.bridged(target, second):
                why.append("a river without a bridge")
            if _chose(spec, "defender", "panic"):
                why.append("the enemy panicked: only the first abandoned hex")
            if why:
                out.append(violation("24.1", f"Tank {u.id} may not advance on into {second}: {'; '.join(why)}",
                                     [u.hex, target, second], [u.id]))
    return out


@BOOK.rule("8.1", "A Nationality marker is immediately removed from a counter when: (1) an enemy unit is in an "
           "adjacent hex")
def nationality_markers(ctx: Context) -> list[Violation]:
    """8.1: a stack under a Nationality marker (unit ``state.nationality_marker``) has no enemy unit next to it."""
    out = []
    for h in sorted({u.hex for u in ctx.units if flag(u, "nationality_marker") and u.hex}):
        near = [n for n in ctx.board.neighbours(h) if ctx.at(n, enemy_of(player_of(ctx.at(h)[0])))]
        if near:
            out.append(violation("8.1", f"the stack in {h} is under a Nationality marker next to enemy units in "
                                 f"{', '.join(near)}", [h, *near],
                                 [u.id for u in ctx.at(h) if flag(u, "nationality_marker")]))
    return out


@BOOK.rule("8.1", "A Nationality marker is immediately removed from a counter when: ... (2) the unit (all units) "
           "beneath the Nationality marker moves", scope="move")
def nationality_moved(ctx: Context) -> list[Violation]:
    """8.1: a unit that moved is no longer under a Nationality marker."""
    after = ctx.after
    if after is None:
        return []
    return [violation("8.1", f"{v.id} moved from {ctx.pos.by_id[v.id].hex} to {v.hex} and is still under a "
                      "Nationality marker", [ctx.pos.by_id[v.id].hex, v.hex], [v.id])
            for v in after.units if v.id in ctx.pos.by_id and flag(v, "nationality_marker")
            and ctx.pos.by_id[v.id].hex not in (None, v.hex) and v.hex is not None]


@BOOK.rule("17.2", "Units that exit the map are permanently removed from play and may not re-enter the map again at a "
           "later stage.")
def exited(ctx: Context) -> list[Violation]:
    """17.2: a unit marked ``exited`` (or ``eliminated``) is not on the map."""
    return [violation("17.2", f"{u.id} has {'exited the map' if flag(u, 'exited') else 'been eliminated'} and may "
                      "not be on the map", [u.hex], [u.id])
            for u in ctx.units if flag(u, "exited") or flag(u, "eliminated")]
