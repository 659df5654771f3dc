"""Stacking: two Friendly units a hex on or south of Row A, one north of it; Ski Patrols never count."""

from __future__ import annotations

from ....rules.position import Unit
from ....rules.report import Violation
from ....rules.stacking import StackLimit, check_stacking
from .common import BOOK, Context, is_blank, is_ski_patrol, player_of

__all__ = ["stacking"]

CASE_A = BOOK.cite("Stacking (A)", "Stacking limitations apply at the end of the Movement Phase and all during the "
                   "Combat Phase.")
CASE_C = BOOK.cite("Stacking (C)", "Finnish Ski Patrol units (0-0-3) never count against stacking limits, and may be "
                   "stacked freely with other Finnish units anywhere on the map.")
SCENARIO_A = BOOK.cite("Scenario A", "the three units may be placed in a stack on Petsamo, on top of any Finnish "
                       "unit that may be there. ... The Allied units fight as regular Finnish combat units and must "
                       "observe the stacking rule in all hexes other than Petsamo.")
SCENARIO_B = BOOK.cite("Scenario B", "Immediately place two 3-2-2 units on the hex in Sweden marked with an \"R\". "
                       "... Note that the units must unstack after their arrival in Finland.")


@BOOK.rule("Stacking", "In any hex that is on, or south of, Row A, as many as two Friendly units may be placed in a "
           "single hex. On any hex north of Row A, only one Friendly unit may be placed in a single hex.")
def stacking(ctx: Context) -> list[Violation]:
    """Stacking: two Friendly units on or south of Row A, one north of it; ski patrols free (C)."""
    if ctx.pos.phase in ("reinforcement",):
        return []  # Stacking (A): applies at the end of the Movement Phase and during Combat
    b = ctx.board
    petsamo = b.named.get("Petsamo")
    r_hex = b.r_hex  # (a search of the whole map: the board keeps it)

    def weight(u: Unit) -> float:
        if is_ski_patrol(u) or is_blank(u):
            return 0  # Stacking (C); blanks are dummies
        # Scenario A: the landing force stacks on Petsamo freely; Scenario B: on the "R" hex
        if u.side == "allied" and u.hex in (petsamo, r_hex):
            return 0
        return 1

    def limit(hex_id: str, side: str) -> StackLimit:
        if b.north_of_row_a(hex_id):
            return StackLimit(1, "north of Row A", "Stacking")
        return StackLimit(2, "on or south of Row A", "Stacking")

    return check_stacking(ctx.pos.by_hex, owner=player_of, limit=limit, weight=weight)
