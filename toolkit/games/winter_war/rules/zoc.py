"""Zones of Control: who exerts one, where it reaches (the rulebook's "Zones of Control" chapter, with
Fortifications (C)). Movement and supply apply them (:mod:`.movement`, :mod:`.supply`)."""

from __future__ import annotations

from ....rules.position import Unit
from ....rules.zoc import Zoc
from ..terrain import FINLAND, NORWAY, SWEDEN, USSR, WinterWarBoard
from .common import BOOK, Context, enemy_of, is_blank, is_hq, is_light_finn, is_nkvd, player_of

__all__ = ["build_zoc", "has_zoc", "in_enemy_zoc"]

GENERAL = BOOK.cite("Zones of Control", "The six hexes immediately surrounding a unit constitute that unit's Zone of "
                    "Control. Friendly units must stop their movement upon entering an Enemy controlled hex; they "
                    "may not move further in that Movement Phase.")
CASE_B = BOOK.cite("Zones of Control (B)", "For the purposes of Movement, Enemy Zones of Control do extend into "
                   "hexes occupied by Friendly units.")
CASE_E = BOOK.cite("Zones of Control (E)", "Zones of Control do extend across lake and river hexsides, but not "
                   "across major lake or sea hexsides.")
CASE_F = BOOK.cite("Zones of Control (F)", "They may not, however, move directly into another Enemy controlled hex")
CASE_G = BOOK.cite("Zones of Control (G)", "Finnish 1-1-3 units and 0-0-3 Ski units do not have a Zone of Control "
                   "when operating in the USSR. Soviet HQ units never exert a Zone of Control regardless of which "
                   "country they are in. The Zone of Control of NKVD units does not extend across the border into "
                   "Finland.")
CASE_H = BOOK.cite("Zones of Control (H)", "Isolated units do not exert a Zone of Control.")
CASE_J = BOOK.cite("Zones of Control (J)", "There is no additional Movement cost to enter or leave Enemy or Friendly "
                   "Zones of Control.")
FORT_C = BOOK.cite("Fortifications (C)", "Soviet Zones of Control do not extend into Fortification hexes which are "
                   "occupied by Finnish units or which were last occupied by Finnish units.")


def build_zoc(ctx: Context, isolated: set[str]) -> Zoc:
    """The zones of control of every unit not in ``isolated`` (Zones of Control (E), (G), (H); Fortifications (C))."""
    board = ctx.board
    turn = ctx.turn

    def exerts(u: Unit) -> bool:
        return has_zoc(board, u, isolated)

    def extends(u: Unit, a: str, b: str) -> bool:
        if board.side_blocked(a, b, turn):  # Zones of Control (E): not across major lake or sea
            return False
        if u.side == "soviet":
            if is_nkvd(u) and board.in_country(b, FINLAND):  # Zones of Control (G): NKVD not into Finland
                return False
            # Fortifications (C), Zones of Control (G): not into fortifications held (last) by Finns
            if b in board.fortifications and ctx.last_occupied(b, "finnish") == "finnish":
                return False
        return True

    return Zoc(board, ctx.pos.on_map(), owner=player_of, exerts=exerts, extends=extends)


def has_zoc(board: WinterWarBoard, u: Unit, isolated: set[str]) -> bool:
    """Whether ``u`` exerts a Zone of Control at all (where it reaches is :func:`build_zoc`'s ``extends``)."""
    if u.hex is None or is_blank(u) or u.id in isolated:  # Zones of Control (H), Supply and Isolation (C)
        return False
    if u.side == "soviet" and is_hq(u):  # Zones of Control (G): Soviet HQs never
        return False
    # Zones of Control (G): Finnish 1-1-3 and 0-0-3 units have none when operating in the USSR (and,
    # Scenario B, in Sweden and Norway "the same restrictions as ... in the USSR")
    return not (is_light_finn(u) and board.country(u.hex) in (USSR, NORWAY, SWEDEN))


def in_enemy_zoc(ctx: Context, player: str, hex_id: str) -> bool:
    """Zones of Control (B): for movement, enemy ZOC extends into hexes with friendly units."""
    assert ctx.zoc is not None
    return ctx.zoc.controls(enemy_of(player), hex_id)
