"""23.0 Broken Units, 26.0 Motti (isolation), 28.0 Alcohol Depots and intoxicated units."""

from __future__ import annotations

from functools import cache

from ....rules.report import Violation, violation
from ..terrain import ALCOHOL_FORBIDDEN
from .common import BOOK, Context, enemy_of, flag, player_of

__all__ = ["alcohol_depots", "motti_units"]

MOTTI_BROKEN = BOOK.cite("26.0", "A unit in Motti is immediately Broken 1 Level. ... A unit is not Broken for being in "
                         "Motti if, and as long as, the unit is able to trace a supply route to a friendly supply "
                         "depot [13.0].")


def motti_units(ctx: Context) -> set[str]:
    """26.0: units whose hex is totally encircled by enemy units, Illegal Hexes and the map edge. Read as: the
    legal hexes free of enemy units that the unit's hex connects to are not the largest such area of the map
    (the ring "does not need to be adjacent to the unit")."""
    b = ctx.board
    legal = [h for h in b.tmap.ids() if b.legal(h)] if hasattr(b.tmap, "ids") else []

    @cache
    def components(player: str) -> tuple[dict[str, int], int]:
        blocked = ctx.occupied[enemy_of(player)]
        comp: dict[str, int] = {}
        sizes: list[int] = []
        for h in legal:
            if h in comp or h in blocked:
                continue
            n = len(sizes)
            comp[h] = n
            stack, size = [h], 0
            while stack:
                x = stack.pop()
                size += 1
                for y in b.neighbours(x):
                    if y not in comp and y not in blocked and b.legal(y):
                        comp[y] = n
                        stack.append(y)
            sizes.append(size)
        main = max(range(len(sizes)), key=lambda i: sizes[i]) if sizes else -1
        return comp, main

    out = set()
    for u in ctx.units:
        if u.hex in ctx.close_combat:
            continue
        comp, main = components(player_of(u))
        if comp.get(u.hex, main) != main:  # type: ignore[arg-type]
            out.add(u.id)
    return out


@BOOK.rule("23.0", "if a Broken Level on a unit results in that the unit has a (Close) Defense Factor that is less "
           "than 0, it is immediately eliminated and removed from play.")
def below_zero(ctx: Context) -> list[Violation]:
    """23.0: a unit whose (Close) Defense Factor less its Broken Levels (with Motti, 26.0) is below 0 is
    eliminated; one still on the map is a violation."""
    return [violation("23.0", f"{u.id} has a Defense Factor of {float(ctx.defense(u)):g} after {ctx.broken(u)} "
                      "Broken Level(s): it is eliminated", [u.hex], [u.id])
            for u in ctx.units if "unknown_defense" not in u.kind.values and ctx.defense(u) < 0]


# --- 28.0 Alcohol Depots ------------------------------------------------------------------------------

def alcohol_depots(ctx: Context) -> dict[str, str]:
    """``state.alcohol_depots``: hex -> hidden | revealed | spent (28.1 Clarification 2: spent at Hangover)."""
    raw = ctx.state.get("alcohol_depots") or {}
    return {str(h): str(s) for h, s in raw.items()}


@BOOK.rule("28.0", "Each hex must include a road or railroad but may not be on the islands Pirkkiö, Ajossaari, "
           "Veitsiluoto (hexes 3622, 3722 & 3823) or in the hexes 1502 or 3220, or adjacent to a map edge.")
def depot_sites(ctx: Context) -> list[Violation]:
    """28.0: two alcohol depots, each in a friendly (German) hex with a road or railroad, not on the islands, not
    in 1502 or 3220, not on the map edge."""
    depots = alcohol_depots(ctx)
    out = []
    if len(depots) > 2:
        out.append(violation("28.0", f"{len(depots)} alcohol depots; the Germans have two", sorted(depots)))
    b = ctx.board
    for h in sorted(depots):
        why = []
        if not b.on_road(h):
            why.append("no road or railroad")
        if h in ALCOHOL_FORBIDDEN:
            why.append("one of the islands' hexes 3622, 3722, 3823 or the hexes 1502, 3220")
        if b.edge(h):
            why.append("adjacent to a map edge")
        if ctx.turn == 1 and ctx.pos.phase == "setup" and h in ctx.occupied["finnish"]:
            why.append("not a friendly hex")
        if why:
            out.append(violation("28.0", f"an alcohol depot may not be in {h}: {', '.join(why)}", [h]))
    return out


@BOOK.rule("28.1", "All Finnish units that enter an alcohol depot hex become automatically intoxicated even when "
           "entering a revealed hex at a later stage during the Player Turn.")
def intoxication(ctx: Context) -> list[Violation]:
    """28.1: Finnish units in an alcohol depot hex (not yet spent) are intoxicated; only Finnish units ever are
    (German units are never affected)."""
    out = []
    for h, status in sorted(alcohol_depots(ctx).items()):
        if status == "spent" or ctx.pos.phase in ("setup",) or ctx.state.get("mid_move"):
            continue
        sober = [u.id for u in ctx.at(h, "finnish") if not flag(u, "intoxicated") and not flag(u, "hangover")]
        if sober:
            out.append(violation("28.1", f"Finnish units in the alcohol depot hex {h} must be intoxicated",
                                 [h], sober))
    for u in ctx.units:
        if player_of(u) == "german" and (flag(u, "intoxicated") or flag(u, "hangover")):
            out.append(violation("28.0", f"{u.id} is German: German units are never affected by the alcohol depots",
                                 [u.hex], [u.id]))
    return out
