"""13.0 Supply (depots by turn and owner, routes of 10 Foot MPs then any length of road), 14.0 Replacements and
23.1's night supply check for Broken units."""

from __future__ import annotations

from fractions import Fraction

from ....rules.position import Unit
from ....rules.report import Violation, violation
from ....rules.supply import Leg, trace_supply
from ..terrain import FINNISH_DEPOTS, GERMAN_DEPOTS, VP_EXIT_HEXES
from .common import BOOK, Context, enemy_of, flag, is_combat, player_of, turn_label
from .control import owner
from .movement import bound, step_cost

__all__ = ["depot_reachable", "depots", "supply_status"]

DEPOTS_13_1 = BOOK.cite("13.1", "Hexes 2602, 2918, 3220, 3625 (only from Game Turn 5A onwards), 3722 and 3917 - as "
                        "long as the Finnish player has ownership of the hex [10.0].")
DEPOTS_13_2 = BOOK.cite("13.2", "Hexes 0111, 0201, 0603, 1224, 1324, 1504, 2622 and 3625 (only until Game Turn 4B) - "
                        "as long as the German player has ownership of the hex [10.0].")
CLAR_1 = BOOK.cite("13.0 Clarification 1", "Supply status is always checked for the Phasing Player's units only.")
CLAR_3 = BOOK.cite("13.0 Clarification 3", "Supply is checked only on Daytime (A) Game Turns, not on Nighttime (B) "
                   "Game Turns.")
NIGHT = BOOK.cite("27.3", "Supply is only checked on those units that have a Broken unit marker. The supply route is "
                  "halved to up to 5 Foot (class) Combat Unit MPs [13.0].")
RESTRICTION = BOOK.cite("16.2.2", "The supply depot in the hex may not be used.")
ARRIVAL = BOOK.cite("16.2", "Reinforcements are always in supply on the Game Turn they arrive.")



def depots(ctx: Context, player: str) -> set[str]:
    """13.1, 13.2: the player's depots this turn that he owns (10.0); 16.2.2: not a VP Exit Hex's depot once a
    Finnish unit exited from it (German)."""
    label = turn_label(ctx.turn)
    out = set()
    for h, when in (FINNISH_DEPOTS if player == "finnish" else GERMAN_DEPOTS).items():
        if not when.active(label):
            continue  # 3625: Finnish from 5A, German until 4B
        if player == "german" and h in VP_EXIT_HEXES and h in set(ctx.state.get("finnish_exits") or []):
            continue
        if owner(ctx, h) == player:
            out.add(h)
    return out


def _trace(ctx: Context, u: Unit, limit: Fraction) -> bool | None:
    """Whether ``u`` traces a route of at most ``limit`` Foot MPs to a depot, or to a road/railroad leading to one
    (13.0); None when that depends on an unknown chart value."""
    b = ctx.board
    player = player_of(u)
    sources = depots(ctx, player)
    if not sources or u.hex is None:
        return False
    enemy = ctx.occupied[enemy_of(player)]
    friends = ctx.occupied[player]
    zoc = ctx.zoc

    def enter(h: str) -> bool:
        if h in enemy and h not in friends:
            return False
        if zoc is not None and zoc.enemy(player, h) and not (zoc.controls(player, h) or h in friends):
            return False  # 13.0: not through enemy ZOC unless contested or occupied by a friendly unit
        return b.legal(h)

    results: list[bool] = []
    for unknown in (None, 0.0):
        if results and results[0]:
            return True
        def land(a: str, h: str, unknown: float | None = unknown) -> float | None:
            s = step_cost(ctx, u, a, h, 1, foot=True)  # run 1: no free third Main Road hex for a route
            if s is None or (s[0] < 0 and unknown is None):
                return None
            return bound(s[0], unknown or 0.0)

        legs = (Leg("foot", land, float(limit)), Leg("road", lambda a, h: 0.0 if b.road(a, h) else None))
        results.append(trace_supply(b, u.hex, legs, lambda h: h in sources, enter=enter) is not None)
    return None if results[1] else False


def depot_reachable(ctx: Context, u: Unit) -> bool:
    """26.0: a unit in Motti is not Broken while it can trace a supply route to a friendly depot."""
    return bool(_trace(ctx, u, Fraction(10)))


def supply_status(ctx: Context) -> None:
    """Fill ``ctx.supplied`` for the units the check covers (13.0 Clarifications 1 and 3, 27.3)."""
    if ctx.turn < 3 and ctx.day:
        return  # 13.0: "starting on Game Turn 2A"
    for u in ctx.units:
        if player_of(u) != ctx.pos.player:
            continue
        if not ctx.day and ctx.broken(u) == 0:
            continue  # 27.3: only Broken units at night
        if flag(u, "arrived"):
            ctx.supplied[u.id] = True  # 16.2
            continue
        ok = _trace(ctx, u, Fraction(10 if ctx.day else 5))
        if ok is None:
            ctx.unknown("18.6 Terrain Effects Table", f"the supply route of {u.id}")
        ctx.supplied[u.id] = ok


@BOOK.rule("13.0", "A unit that is unable to draw a supply route is considered to be Broken 1 Level. A unit still out "
           "of supply on the next Game Turn is considered to be Broken 2 Levels")
def out_of_supply(ctx: Context) -> list[Violation]:
    """13.0: on a Daytime turn from 2A, after the Initial Phase, a phasing unit out of supply shows Broken 1 Level
    (Broken 2 when it was already out of supply at the previous check: ``state.unsupplied_before``)."""
    if not ctx.day or ctx.pos.phase in ("setup", "initial"):
        return []
    out = []
    for uid, ok in sorted(ctx.supplied.items()):
        if ok is not False:
            continue
        u = ctx.pos.by_id[uid]
        need = 2 if flag(u, "unsupplied_before") else 1
        level = int(u.state.get("broken", 0) or 0)
        if flag(u, "intoxicated"):
            level = 2
        if level < need:
            out.append(violation("13.0", f"{uid} in {u.hex} cannot trace a supply route and must be Broken {need} "
                                 f"Level{'s' if need > 1 else ''} (it shows {level})", [u.hex], [uid]))
    return out


@BOOK.rule("23.1", "Each Broken Level is in effect until the next friendly Initial Phase when it is removed but only "
           "if the unit is fully supplied [13.0].", scope="move")
def broken_removal(ctx: Context) -> list[Violation]:
    """23.1: in the Initial Phase a Broken Level is removed only from a unit in supply (5 Foot MPs at night), one
    level per Initial Phase."""
    after = ctx.after
    if after is None:
        return []
    out = []
    for v in after.units:
        u = ctx.pos.by_id.get(v.id)
        if u is None or u.hex is None:
            continue
        was, now = int(u.state.get("broken", 0) or 0), int(v.state.get("broken", 0) or 0)
        if now >= was:
            continue
        if ctx.pos.phase != "initial" or player_of(u) != ctx.pos.player:
            out.append(violation("23.1", f"{v.id} goes from Broken {was} to {now} outside its own Initial Phase",
                                 [u.hex], [v.id]))
            continue
        if was - now > 1:
            out.append(violation("23.1", f"{v.id} goes from Broken {was} to {now}: one level a friendly Initial "
                                 "Phase", [u.hex], [v.id]))
        ok = _trace(ctx, u, Fraction(10 if ctx.day else 5))
        if ok is False:
            out.append(violation("23.1", f"{v.id} removes a Broken Level but cannot trace a supply route "
                                 f"({10 if ctx.day else 5} Foot MPs)", [u.hex], [v.id]))
        elif ok is None:
            ctx.unknown("18.6 Terrain Effects Table", f"the supply route of {v.id}")
    return out


@BOOK.rule("14.0", "Both players receive 1 Replacement Point (RP) on every Nighttime (B) Game Turn starting on Game "
           "Turn 2B. Any unbroken Combat Unit (only) in play which is currently on a road or railroad hex and on its "
           "reduced side may be flipped to its frontside. The unit may be adjacent to enemy units, but not in Close "
           "Combat [22.3] or Motti [26.0].", scope="move")
def replacements(ctx: Context) -> list[Violation]:
    """14.0: units flipped from reduced to full between two positions of the Initial Phase: at most one a player a
    Nighttime turn from 2B, each an unbroken Combat Unit on a road or railroad hex, not in Close Combat or Motti."""
    after = ctx.after
    if after is None:
        return []
    flipped = [v for v in after.units if v.id in ctx.pos.by_id and flag(ctx.pos.by_id[v.id], "reduced")
               and not flag(v, "reduced") and v.hex is not None]
    out = []
    if flipped and (ctx.day or ctx.turn < 4 or ctx.pos.phase != "initial"):
        out.append(violation("14.0", "a Replacement Point is placed only in the Initial Phase of a Nighttime turn "
                             "from 2B", [v.hex for v in flipped], [v.id for v in flipped]))
        return out
    if len(flipped) > 1:
        out.append(violation("14.0", f"{len(flipped)} units receive a Replacement Point; a player receives 1 RP a "
                             "Nighttime turn", [v.hex for v in flipped], [v.id for v in flipped]))
    for v in flipped:
        u = ctx.pos.by_id[v.id]
        why = []
        if not is_combat(u):
            why.append("not a Combat Unit")
        if ctx.broken(u) > 0:
            why.append("Broken")
        if not ctx.board.on_road(u.hex):  # type: ignore[arg-type]
            why.append("not on a road or railroad hex")
        if u.hex in ctx.close_combat:
            why.append("in Close Combat")
        if u.id in ctx.motti:
            why.append("in Motti")
        if why:
            out.append(violation("14.0", f"{v.id} may not receive the RP: {', '.join(why)}", [u.hex], [v.id]))
    return out
