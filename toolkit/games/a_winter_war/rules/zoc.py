"""Rule 5, Zones of Control, and rule 3D, ownership: who exerts a ZOC into which hex."""

from __future__ import annotations

from collections.abc import Iterator

from ....rules.position import Unit
from ....rules.report import Violation, violation
from ....rules.zoc import Zoc
from .common import BOOK, Context, is_battalion, is_divisional, is_ground, is_hq, is_position_aa, player_of

__all__ = ["exerts", "zones"]

BOOK.cite("5", "All divisional units have a ZOC. Brigades, regiments and cadres have a ZOC only in weather zone A; "
          "outside it they have none. Battalions never have a ZOC.")
BOOK.cite("5", "A unit forbidden to cross a hexside (e.g. frozen sea) exercises no ZOC across it.")
BOOK.cite("14C", "It counts as 1 RE, has heavy equipment and no ZOC.")


def exerts(ctx: Context, u: Unit) -> bool:
    """5: divisions, brigades, regiments and cadres (these only into zone A hexes: :func:`extends`); battalions,
    HQs (14C) and position AA never; a unit that used administrative or rail movement (6B, 7A1) or overran (13)
    lost it; a unit in partisan mode has none in the Arctic (14F2). During the Soviet movement of Dec I 39 the Finns
    exert none outside Finland (34)."""
    if not is_ground(u) or u.hex is None or is_hq(u) or is_position_aa(u) or is_battalion(u):
        return False
    if u.state.get("admin") or u.state.get("rail") or u.state.get("overran") or u.state.get("zoc_lost"):
        return False
    if u.state.get("partisan_mode") and ctx.board.arctic(u.hex):
        return False
    first_move = ctx.pos.turn == 1 and ctx.pos.player == "soviet" and ctx.pos.phase in ("initial", "movement")
    return not (first_move and player_of(u) == "finnish" and ctx.board.country(u.hex) != "finland")


def extends(ctx: Context, u: Unit, a: str, b: str) -> bool:
    """5: no ZOC into a hex or across a hexside the unit may not enter or cross (all-water hexes, open water,
    sea hexsides for all but non-motorised units when frozen); brigades, regiments and cadres "have ZOCs only in
    hexes in weather zone A; they do not have ZOCs in hexes outside this zone" (the game's own wording, read as
    the hexes the ZOC falls in)."""
    from .movement import crossing_allowed, hex_allowed
    if not is_divisional(u) and not ctx.board.arctic(b):
        return False
    return hex_allowed(ctx, u, b) and crossing_allowed(ctx, u, a, b)


def zones(ctx: Context) -> Zoc:
    return Zoc(ctx.board, ctx.pos.on_map(), owner=player_of, exerts=lambda u: exerts(ctx, u),
               extends=lambda u, a, b: extends(ctx, u, a, b))


@BOOK.rule("3D", "Exception: a ZOC alone does not confer control of an enemy city or air base. The hex must be "
           "occupied to take possession of it.")
def zoc_does_not_take_cities(ctx: Context) -> Iterator[Violation]:
    """A position's ``state.owned`` may not give a player an enemy city or air base he never occupied: judged on
    the hexes ``owned`` names whose 1939 owner differs and that no unit of the claimant occupies, when the
    earlier position (``--before``) shows none there either."""
    owned = ctx.pos.state.get("owned") or {}
    for hex_id, who in owned.items():
        if not (ctx.board.city(hex_id) or ctx.board.airbase(hex_id)):
            continue
        native = {"finland": "finnish", "ussr": "soviet"}.get(ctx.board.country(hex_id) or "")
        if who == native or native is None or hex_id in ctx.occupied.get(who, set()):
            continue
        if ctx.before is not None and any(u.hex == hex_id and player_of(u) == who for u in ctx.before.on_map()):
            continue
        yield violation("3D", f"{who} claims the {ctx.board.city(hex_id) or 'air base'} hex {hex_id} without "
                        "occupying it: a ZOC alone does not take an enemy city or air base", [hex_id])
