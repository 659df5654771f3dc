"""7.0 Stacking, 9.0 Hex Control & Zone of Control, 10.0 Hex Ownership: who may be where, who controls
and who owns a hex."""

from __future__ import annotations

from ....rules.position import Unit
from ....rules.report import Violation, violation
from ....rules.stacking import StackLimit, check_stacking
from ....rules.zoc import Zoc
from ..terrain import in_ajossaari
from .common import BOOK, Context, enemy_of, flag, is_combat, is_marker, player_of

__all__ = ["build_zoc", "owner", "stacking"]

ZOC_9 = BOOK.cite("9.0", "all Combat Units (only) [4.4.3 & 21.0] also have control of the six surrounding adjacent "
                  "legal hexes, but only during Daytime. This is called Zone of Control (ZOC).")
NIGHT_ZOC = BOOK.cite("27.3", "No units have ZOC, only Hex Control [9.0].")
CLOSE_ZOC = BOOK.cite("22.3", "Both player's units in a Close Combat hex have Hex Control (the hex is contested) but "
                      "no ZOC [9.0].")
DRUNK_ZOC = BOOK.cite("28.1", "they lose their ZOC and they may take no actions (move, attack or support), only "
                      "defend")
STACK_TEMP = BOOK.cite("7.0", "The stacking limit may temporarily be violated during movement. Exception: Not in an "
                       "Overrun [19.0].")


def build_zoc(ctx: Context) -> Zoc:
    """9.0: Combat Units control the six adjacent legal hexes by day (27.3: none at night); not in a Close Combat
    hex (22.3); not intoxicated (28.1). 18.1.1: motorised units have ZOC across Major Rivers too."""
    b = ctx.board

    def exerts(u: Unit) -> bool:
        return (ctx.day and is_combat(u) and u.hex not in ctx.close_combat and not flag(u, "intoxicated")
                and not is_marker(u))

    def extends(u: Unit, a: str, h: str) -> bool:
        return b.legal(h)

    return Zoc(b, ctx.units, owner=player_of, exerts=exerts, extends=extends)


def in_enemy_zoc(ctx: Context, player: str, h: str) -> bool:
    assert ctx.zoc is not None
    return ctx.zoc.controls(enemy_of(player), h)


@BOOK.rule("7.0", "Up to 10 units may be in a single hex, regardless of unit type, unit status or terrain. ... There "
           "is no stacking limit for markers.")
def stacking(ctx: Context) -> list[Violation]:
    """7.0: ten units a player in a hex (22.3: each player a full allotment in a Close Combat hex); markers never
    count; during movement (``state.mid_move``) the limit may be exceeded (7.0), but a position at the end of a
    phase obeys it. Units in a Transfer Point (17.3: any number) are off the map."""
    if ctx.state.get("mid_move"):
        return []

    def limit(h: str, side: str) -> StackLimit | None:
        return StackLimit(10, "in any hex", "7.0")

    return check_stacking(ctx.pos.by_hex, owner=player_of, limit=limit,
                          weight=lambda u: 0 if is_marker(u) else 1)


@BOOK.rule("7.1", "Each Stacking marker may include up to 5 units. ... At least one of the units must be represented "
           "by the Stacking marker [4.4.5].")
def stacking_markers(ctx: Context) -> list[Violation]:
    """7.1, 23.2: units in a Stacking Marker Box (``state.box: I/11``): at most 5, one of them designated I/11."""
    boxes: dict[str, list[Unit]] = {}
    for u in ctx.pos.units:
        box = u.state.get("box")
        if box and not is_marker(u):
            boxes.setdefault(str(box), []).append(u)
    out = []
    for box, units in sorted(boxes.items()):
        ids = [u.id for u in units]
        hexes = sorted({u.hex for u in units if u.hex})
        if len(units) > 5:
            out.append(violation("7.1", f"{len(units)} units in the Stacking Marker Box {box}; the limit is 5",
                                 hexes, ids))
        if not any(u.kind.designation == box for u in units):
            out.append(violation("7.1", f"no unit in the Stacking Marker Box {box} is designated {box}", hexes, ids))
        if len(hexes) > 1:
            out.append(violation("7.1", f"the units of Stacking marker {box} are in several hexes "
                                 f"({', '.join(hexes)})", hexes, ids))
    return out


# --- 10.0 Hex Ownership ---------------------------------------------------------------------------------

def owner(ctx: Context, h: str) -> str:
    """10.0: the player who occupies the hex or was the last to occupy it (``state.owner``); German at the
    start, except hexes Finnish units start in (and 3622 with 3722; Ajossaari with 3621)."""
    occ = [p for p in ("finnish", "german") if h in ctx.occupied[p]]
    recorded = (ctx.state.get("owner") or {}).get(h)
    if len(occ) == 1:
        return occ[0]
    if recorded:
        return str(recorded)
    if h == "3622" and "3722" in ctx.occupied["finnish"]:
        return "finnish"
    if "3621" in ctx.occupied["finnish"] and in_ajossaari(h):
        return "finnish"  # 10.0: a unit in 3621 gives the Finns all of Ajossaari
    return "german"


@BOOK.rule("10.0", "During play, a player has the ownership of a hex that he currently occupies or was the last to "
           "occupy with a unit. ZOC is not enough to gain ownership of a hex or a VP-object [29.0].")
def ownership(ctx: Context) -> list[Violation]:
    """10.0: ``state.owner`` may not give a hex to a player while only the other player's units occupy it."""
    out = []
    for h, who in sorted((ctx.state.get("owner") or {}).items()):
        occ = [p for p in ("finnish", "german") if h in ctx.occupied[p]]
        if len(occ) == 1 and occ[0] != who:
            out.append(violation("10.0", f"state.owner gives {h} to the {who} player, but only {occ[0]} units "
                                 f"occupy it: the occupant owns it", [h], [u.id for u in ctx.at(h)]))
    return out
