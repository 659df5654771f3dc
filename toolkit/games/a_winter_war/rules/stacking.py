"""Rule 8, Stacking: three units of any size, three more non-divisional units, and two non-divisional or one
divisional artillery unit (8A); the reduced limit of Soviet forces outside weather zone A and the arctic
limit in it; position AA never counts (22A3), nor the intrinsic defence of Murmansk (30B2)."""

from __future__ import annotations

from collections.abc import Iterator

from ....rules.position import Unit
from ....rules.report import Violation
from ....rules.stacking import Slot, SlotLimit, check_stacking
from .common import BOOK, Context, is_artillery, is_divisional, is_ground, is_position_aa, player_of

__all__ = ["limit_for"]


def _slots(any_units: int, non_div: int, art: int, div_art: bool, where: str) -> SlotLimit:
    def art_weight(u: Unit) -> float | None:
        if not is_artillery(u):
            return None
        if is_divisional(u):
            return 2 if div_art else None
        return 1

    slots = (Slot("any", any_units, lambda u: 1),
             Slot("non-divisional", non_div, lambda u: None if is_divisional(u) else 1),
             Slot("artillery", 2 if div_art else art, art_weight))
    return SlotLimit(slots, where, "8A")


#: 8A: "Three units of any size/type, Three additional non-divisional units, Two non-divisional artillery units
#: OR one divisional artillery unit"
NORMAL = _slots(3, 3, 2, True, "for normal stacking")
#: "Reduced stacking. Applies to Soviet forces outside weather zone A": 2 + 2 + 1 non-divisional artillery
REDUCED = _slots(2, 2, 1, False, "for Soviet reduced stacking")
#: "Arctic stacking. In weather zone A": 1 + 1 + 1 non-divisional artillery
ARCTIC = _slots(1, 1, 1, False, "for arctic stacking (weather zone A)")


def limit_for(ctx: Context, hex_id: str, player: str, units: list[Unit] | None = None) -> SlotLimit:
    """The limit of a hex for a player: arctic in weather zone A; Soviet units outside it reduced unless every
    one is assigned to a corps marker on its normal side (8C, unit state ``normal_stacking``)."""
    if ctx.board.arctic(hex_id):
        return ARCTIC
    if player == "soviet":
        group = units if units is not None else [u for u in ctx.pos.at(hex_id) if player_of(u) == "soviet"]
        if not all(u.state.get("normal_stacking") for u in group):
            return REDUCED
    return NORMAL


def counted(u: Unit) -> bool:
    """Units that count: not position AA (22A3), partisans passed through (14F2) or Murmansk's intrinsic defence
    (30B2 "it does not count for stacking")."""
    return is_ground(u) and not is_position_aa(u) and not u.state.get("partisan_mode") and "murmansk" not in u.counter


@BOOK.rule("8A", "A hex may contain: - Three units of any size/type, - Three additional non-divisional units, - Two "
           "non-divisional artillery units OR one divisional artillery unit.")
def stacking_limit(ctx: Context) -> Iterator[Violation]:
    """8B: checked at the end of each phase; the initial phase lets reinforcements exceed it until the end of the
    following movement phase. Units passing through partisans (14F2) and position AA (22A3) do not count."""
    if ctx.pos.phase == "initial":
        return
    by_hex: dict[str, list[Unit]] = {}
    for u in ctx.pos.on_map():
        if counted(u):
            by_hex.setdefault(u.hex, []).append(u)  # type: ignore[arg-type]
    yield from check_stacking(by_hex, owner=player_of,
                              limit=lambda h, side: limit_for(ctx, h, side, [u for u in by_hex[h]
                                                                             if player_of(u) == side]))
