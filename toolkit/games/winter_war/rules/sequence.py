"""Sequence of Play: the moves between two positions of one Player-Turn, each judged by the rule of its
phase (Movement in the Movement Phase; retreats and advances in the Combat Phase; arrivals in the
Reinforcement Phase)."""

from __future__ import annotations

import copy

from ....rules.position import Position, Unit
from ....rules.report import Violation, violation
from ....rules.tracing import TRACE_KEYS, carry
from .combat import crt_outcomes
from .common import BOOK, Context, flag, player_of
from .movement import judge_move, judge_path
from .retreats import judge_advance, judge_crt_advance, judge_crt_retreat, judge_retreat
from .scenarios import judge_drop

__all__ = ["arrivals", "moves", "next_step", "traced"]

MOVEMENT_D = BOOK.cite("Movement (D)", "No Enemy movement is permitted during a Player's Movement Phase.")
MOVEMENT_K_EDGE = BOOK.cite("Movement (K)", "No unit may move off the edge of the map")
REINFORCEMENT = BOOK.cite("Sequence of Play (Reinforcement Phase)", "The player refers to the Turn "
                          "Record/Reinforcement chart and places the newly arriving units on the map.")
INTERPHASE = BOOK.cite("Sequence of Play (Scenario Interphase)", "The Players now roll the die to determine if any "
                       "of the Scenarios will come into force, and if any of the Special events will occur.")

#: units that may appear in the Scenario Interphase: Scenarios A-C and E (Allied 3-2-2s), Special Events F (the
#: paratroop, in Leningrad) and G (the volunteers); Scenario D's Finnish reinforcements are judged by Scenario D
INTERPHASE_ARRIVALS = ("all-3-2-2", "sov-3-1-1", "fin-2-2-2")


def arrivals(before: Position, after: Position) -> set[str]:
    """Units placed on the map between ``before`` and ``after`` (absent or off the map before, on it after) in a
    Reinforcement Phase or the Scenario Interphase: what the arrival rules judge, with no flag needed."""
    if before.phase not in ("reinforcement", "interphase") or before.turn != after.turn:
        return set()
    out = set()
    for u in after.on_map():
        old = before.by_id.get(u.id)
        if old is None or old.hex is None:
            out.add(u.id)
    return out


def next_step(before: Position, after: Position) -> Position:
    """``after`` as the earlier position of the next step of a log: in a Movement Phase each unit carries its
    trace (:mod:`toolkit.rules.tracing`): ``path``, the hexes it was set down in since the start of the phase
    (a drag of the same unit right after its last one goes on with the same move: Movement Procedure, (C));
    ``moved: true`` once another unit has moved since (the Player's hand withdrawn: moving it again breaks
    Movement (G)); ``moves``, the moves it has made when more than one. Other phases start afresh. ``after``
    itself is not changed."""
    same = before.turn == after.turn and before.player == after.player and before.phase == after.phase == "movement"
    traces = carry({u.id: u.state for u in before.units}, {u.id: u.hex for u in before.units},
                   {u.id: u.hex for u in after.units}) if same else {}
    out = copy.copy(after)
    units = []
    for u in after.units:
        state = {k: v for k, v in u.state.items() if k not in TRACE_KEYS}
        state.update(traces.get(u.id, {}))
        if state != u.state:
            u = copy.copy(u)
            u.state = state
        units.append(u)
    out.units = units
    out.reindex()
    return out


def traced(old: Unit, u: Unit) -> list[str]:
    """The hexes ``u`` was set down in this Movement Phase after its start ``old.hex``, in order, its present hex
    last: its own ``path`` (judged from the start of the phase), or the ``path`` of ``old`` (judged step by step
    along a log: ``old`` carries the path so far) with its present hex added; just its present hex without one."""
    own = u.state.get("path")
    if isinstance(own, list) and len(own) > 1 and own[0] == old.hex and own[-1] == u.hex:
        return list(own[1:])
    so_far = old.state.get("path")
    if isinstance(so_far, list) and len(so_far) > 1 and so_far[-1] == old.hex and not flag(old, "moved"):
        return [*so_far[1:], *([u.hex] if u.hex != old.hex else [])]  # type: ignore[list-item]
    return [u.hex] if u.hex != old.hex else []  # type: ignore[list-item]


MOVEMENT_G = BOOK.cite("Movement (G)", "In a given Movement Phase, once a unit has been moved and the Player's hand "
                       "withdrawn from the piece it may not be moved again nor may it re-trace and change its move.")


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
        if arrived and before.phase == "reinforcement" and player_of(u) != before.player:
            out.append(violation("Sequence of Play (Reinforcement Phase)", f"{u.id} arrived in the {before.player} "
                                 f"Reinforcement Phase; each player places his own arriving units in his own",
                                 [u.hex], [u.id]))
            continue
        if arrived and before.phase == "interphase" and u.counter not in INTERPHASE_ARRIVALS and not (
                ctx.scenario == "D" and player_of(u) == "finnish"):
            out.append(violation("Sequence of Play (Scenario Interphase)", f"{u.id} ({u.counter}) entered the map in "
                                 "the Interphase; only Scenario and Special Event units are placed then",
                                 [u.hex], [u.id]))
            continue
        if old is not None and old.hex is not None and u.hex != old.hex and flag(old, "moved") \
                and before.phase == "movement":
            out.append(violation("Movement (G)", f"{u.id} was already moved in this Movement Phase and may not be "
                                 "moved again", [old.hex, u.hex], [u.id]))
            continue
        if old is not None and old.hex is not None and u.hex is not None and before.phase == "movement" \
                and isinstance(u.state.get("moves"), int) and u.state["moves"] > 1:
            out.append(violation("Movement (G)", f"{u.id} was moved again after the Player's hand was withdrawn "
                                 "from it (another unit was moved in between); once moved it may not be moved "
                                 "again", [old.hex], [u.id]))
            continue
        path = traced(old, u) if old is not None and old.hex is not None and u.hex is not None \
            and before.phase == "movement" and player_of(u) == before.player else []
        if old is None or (old.hex == u.hex and not path):
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
        start = old
        so_far = old.state.get("path")
        if u.state.get("path") is None and isinstance(so_far, list) and len(so_far) > 1 and so_far[-1] == old.hex \
                and not flag(old, "moved"):  # step by step: the move began where the path so far began
            start = copy.copy(old)
            start.hex = str(so_far[0])
        if len(path) > 1:
            broke = judge_path(ctx, start, path)
            if broke:
                trail = " -> ".join(broke[2])
                out.append(violation(broke[0], f"{u.id} cannot trace its path {trail}: {broke[1]}",
                                     broke[2], [u.id]))
            continue
        problem = judge_move(ctx, old, u.hex)
        if problem:
            out.append(violation(problem[0], f"{u.id} cannot reach {u.hex} from {old.hex}: {problem[1]}",
                                 [old.hex, u.hex], [u.id]))
    return out
