"""Initial Deployment and the Turn Record / Reinforcement Chart: where the forces start, how many of each
counter may be in play by a Game-Turn, and how arriving units are placed."""

from __future__ import annotations

from ....rules.position import Unit
from ....rules.report import Violation, violation
from .. import charts
from ..terrain import FINLAND, USSR
from .common import BOOK, Context, flag, is_blank

__all__ = ["allowed_counts", "counts", "deployment", "reinforcements_supplied"]

DEPLOY_B = BOOK.cite("Initial Deployment (b)", "No Soviet unit may be deployed in such a way that it would begin the "
                     "game in an isolated state.")
SUPPLY_J = BOOK.cite("Supply and Isolation (J)", "Soviet units may not start the game in an isolated condition.")


@BOOK.rule("Initial Deployment", "The Finnish Player deploys his units face-down on the map, anywhere within Finland "
           "with the following restriction: the Finnish 6-6-2 units must be placed on the Fortification hexes. ... "
           "The Soviet Player deploys his units face-up anywhere within the U.S.S.R. ... (a) The three 20-12-2 units "
           "must be deployed within three hexes of Leningrad. ... the five blank counters removed from the map, and "
           "play begins")
def deployment(ctx: Context) -> list[Violation]:
    """Initial Deployment (and the Finnish/Soviet Initial Forces charts)."""
    out: list[Violation] = []
    b = ctx.board
    if ctx.pos.phase != "setup":
        for u in ctx.pos.on_map():
            if is_blank(u):
                out.append(violation("Initial Deployment", f"blank counter {u.id} is still on the map; the "
                                     "five blanks are removed before play begins", [u.hex], [u.id]))
        return out
    forts = b.fortifications
    leningrad = b.named.get("Leningrad")
    near_leningrad = b.within(leningrad, 3) if leningrad else set()
    for u in ctx.pos.on_map():
        if u.side == "allied":
            out.append(violation("Initial Deployment", f"Allied unit {u.id} is not part of the initial forces",
                                 [u.hex], [u.id]))
        elif u.side == "finnish":
            if not b.in_country(u.hex, FINLAND):  # type: ignore[arg-type]
                out.append(violation("Initial Deployment", f"Finnish unit {u.id} must deploy within Finland",
                                     [u.hex], [u.id]))
            if u.counter == "fin-6-6-2" and u.hex not in forts:
                out.append(violation("Initial Deployment", f"Finnish 6-6-2 {u.id} must be placed on a "
                                     "Fortification hex", [u.hex], [u.id]))
        else:
            if not b.in_country(u.hex, USSR):  # type: ignore[arg-type]
                out.append(violation("Initial Deployment", f"Soviet unit {u.id} must deploy within the U.S.S.R.",
                                     [u.hex], [u.id]))
            if u.counter == "sov-20-12-2" and u.hex not in near_leningrad:
                out.append(violation("Initial Deployment (a)", f"20-12-2 {u.id} must deploy within three hexes "
                                     "of Leningrad", [u.hex, leningrad], [u.id]))
            if u.id in ctx.isolated:
                out.append(violation("Initial Deployment (b)", f"Soviet unit {u.id} would begin the game "
                                     "isolated (Supply and Isolation (J))", [u.hex], [u.id]))
    return out


def allowed_counts(ctx: Context) -> dict[str, int]:
    """How many of each counter may be in play: Initial Forces + reinforcements due so far (Turn
    Record/Reinforcement Chart) + the Scenario/Special Event units."""
    pos = ctx.pos
    allowed: dict[str, int] = {}
    for forces in (charts.FINNISH_INITIAL_FORCES, charts.SOVIET_INITIAL_FORCES):
        for cid, n in forces.items():
            allowed[cid] = allowed.get(cid, 0) + n
    if pos.phase == "setup":
        return allowed
    soviet_upto = pos.turn  # the Soviet Player-Turn comes first in every Game-Turn
    finnish_upto = pos.turn if pos.player == "finnish" else pos.turn - 1
    if ctx.scenario == "D":  # Scenario D (rolled at the end of Game-Turn 1 or 2): turns 3 and 4 early
        finnish_upto = max(finnish_upto, 4)  # the Finns place theirs immediately, in the Interphase
        triggered = int(ctx.state.get("scenario_turn", 0) or 0)
        if (pos.turn > triggered) if triggered else pos.phase != "interphase":
            soviet_upto = max(soviet_upto, 4)  # the Soviets in their ensuing Reinforcement Phase
    for table, upto in ((charts.SOVIET_REINFORCEMENTS, soviet_upto), (charts.FINNISH_REINFORCEMENTS, finnish_upto)):
        for turn, units in table.items():
            if turn <= upto:
                for cid, n in units.items():
                    if ctx.scenario == "E" and cid == "sov-20-12-2" and turn > int(ctx.state.get(
                            "scenario_turn", 0) or 0):
                        continue  # Scenario E: no 20-12-2 reinforcements after the German threat
                    allowed[cid] = allowed.get(cid, 0) + n
    allowed["all-3-2-2"] = {"A": 3, "B": 6, "C": 2, "E": 3}.get(ctx.scenario or "", 0)
    triggered = int(ctx.state.get("scenario_turn", 0) or 0)
    if ctx.scenario == "B" and triggered and (pos.turn, pos.player == "finnish") < (triggered + 1, True):
        allowed["all-3-2-2"] = 2  # Scenario B: two at once, four more in the next Finnish Reinforcement Phase
    allowed["sov-3-1-1"] = 1 if "F" in ctx.events else 0
    allowed["fin-2-2-2"] = 1 if "G" in ctx.events else 0
    return allowed


@BOOK.rule("Turn Record / Reinforcement Chart", "No further Finnish reinforcements arrive after Game-Turn 3. ... "
           "Players may deliberately delay the appearance of some or all of the units which they are to receive in a "
           "given Game-Turn.")
def counts(ctx: Context) -> list[Violation]:
    """Turn Record/Reinforcement Chart: no more units in play than have arrived."""
    allowed = allowed_counts(ctx)
    by_kind: dict[str, list[Unit]] = {}
    for u in ctx.pos.units:
        if u.hex is not None or flag(u, "eliminated"):
            by_kind.setdefault(u.counter, []).append(u)
    out = []
    for cid, units in by_kind.items():
        limit = allowed.get(cid, 0)
        if cid == "fin-blank" and ctx.pos.phase != "setup":
            continue  # reported by Initial Deployment
        if len(units) > limit:
            rule = "Initial Deployment" if ctx.pos.phase == "setup" else "Turn Record / Reinforcement Chart"
            out.append(violation(rule, f"{len(units)} {cid} in play; only {limit} available by Game-Turn "
                                 f"{ctx.pos.turn}", [u.hex for u in units], [u.id for u in units]))
    return out




@BOOK.rule("Sequence of Play (Reinforcement Phase)", "The player refers to the Turn Record/Reinforcement chart and "
           "places the newly arriving units on the map. Units must be placed on the map in a supplied state.")
def reinforcements_supplied(ctx: Context) -> list[Violation]:
    """Sequence of Play A: reinforcements are placed in a supplied state."""
    out = []
    for u in ctx.pos.on_map():
        if ctx.is_arrival(u) and u.id in ctx.isolated:
            out.append(violation("Sequence of Play (Reinforcement Phase)", f"reinforcement {u.id} placed in "
                                 "an isolated state; units must be placed on the map supplied", [u.hex], [u.id]))
    return out
