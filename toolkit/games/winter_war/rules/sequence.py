"""Sequence of Play: the moves between two positions of one Player-Turn, each judged by the rule of its
phase (Movement in the Movement Phase; retreats and advances in the Combat Phase; arrivals in the
Reinforcement Phase)."""

from __future__ import annotations

from ....rules.report import Violation, violation
from .combat import crt_outcomes
from .common import BOOK, Context, flag, player_of
from .movement import judge_move
from .retreats import judge_advance, judge_crt_advance, judge_crt_retreat, judge_retreat
from .scenarios import judge_drop

__all__ = ["moves"]

MOVEMENT_D = BOOK.cite("Movement (D)", "No Enemy movement is permitted during a Player's Movement Phase.")
MOVEMENT_K_EDGE = BOOK.cite("Movement (K)", "No unit may move off the edge of the map")


@BOOK.rule("Sequence of Play", "Players must strictly follow the Sequence of Play. Any play-action executed out of "
           "sequence constitutes a violation of the rules.", scope="move")
def moves(ctx: Context) -> list[Violation]:
    """Each unit that changed hex between ``ctx.pos`` (the start of the phase) and ``ctx.after`` must have had a
    legal way there: Movement, Zones of Control, rail movement, retreats and advances."""
    before, after = ctx.pos, ctx.after
    assert after is not None
    out: list[Violation] = []
    if before.turn != after.turn or before.player != after.player:
        return [violation("Sequence of Play", f"the positions are in different Player-Turns (turn "
                          f"{before.turn} {before.player}, turn {after.turn} {after.player}); only moves within "
                          "one Player-Turn are judged")]
    moved = [(u, before.by_id.get(u.id)) for u in after.units]
    advancers: dict[str, list[str]] = {}
    crt = crt_outcomes(ctx, after) if before.phase == "combat" else {}
    if before.phase == "movement":
        for gone in before.on_map():
            if gone.id not in after.by_id:
                out.append(violation("Movement (K)", f"{gone.id} is missing after the Movement Phase; no unit may "
                                     "move off the edge of the map (and none is eliminated while moving)",
                                     [gone.hex], [gone.id]))
    for u, old in moved:
        arrived = u.hex is not None and (old is None or old.hex is None)
        if arrived and before.phase not in ("setup", "reinforcement") and not (
                before.phase == "interphase" or flag(u, "air_dropped")):
            out.append(violation("Sequence of Play", f"{u.id} entered the map in the {before.phase} phase; new "
                                 "units are placed in the Reinforcement Phase", [u.hex], [u.id]))
            continue
        if old is None or old.hex == u.hex:
            continue
        if u.counter == "sov-3-1-1" and flag(u, "air_dropped") and not flag(old, "air_dropped"):
            out.extend(judge_drop(ctx, old, u.hex))  # where it lands: check_special
            continue
        if old.hex is not None and u.hex is None and before.phase == "movement":
            out.append(violation("Movement (K)", f"{u.id} left the map in the Movement Phase; no unit may move off "
                                 "the edge of the map (and none is eliminated while moving)", [old.hex], [u.id]))
            continue
        if old.hex is None or u.hex is None:
            continue  # arrivals and eliminations are judged by counts and supply
        if crt.get(u.id, ("", ""))[0] in ("Dr", "Ar"):  # a retreat the Combat Results Table ordered
            out.extend(judge_crt_retreat(ctx, old, u.hex, crt[u.id][0]))
            continue
        if crt.get(u.id, ("", ""))[0] in ("De", "Ex") and player_of(u) == before.player:
            out.extend(judge_crt_advance(ctx, old, u.hex, crt[u.id][1], advancers))
            continue
        if player_of(u) != before.player:
            if before.phase == "combat":
                out.extend(judge_retreat(ctx, old, u.hex))
                continue
            out.append(violation("Movement (D)", f"{u.id} belongs to the non-phasing player and may not move",
                                 [old.hex, u.hex], [u.id]))
            continue
        if before.phase == "combat":
            if any(res == "Dr" and u.hex in where.split() for res, where in crt.values()):
                out.append(violation("Combat Results Table", f"{u.id} may not advance into {u.hex}: after a "
                                     "Dr result the attacker may not advance", [old.hex, u.hex], [u.id]))
                continue
            out.extend(judge_advance(ctx, old, u.hex, after, advancers))
            continue
        if before.phase != "movement":
            out.append(violation("Sequence of Play", f"{u.id} moved in the {before.phase} phase",
                                 [old.hex, u.hex], [u.id]))
            continue
        problem = judge_move(ctx, old, u.hex)
        if problem:
            out.append(violation(problem[0], f"{u.id} cannot reach {u.hex} from {old.hex}: {problem[1]}",
                                 [old.hex, u.hex], [u.id]))
    return out
