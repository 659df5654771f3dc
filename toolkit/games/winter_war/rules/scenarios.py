"""Optional Rule: Scenario/Special Events: where Allied, paratroop and volunteer units appear, Scenario D's
early Finnish reinforcements, and the paradrop."""

from __future__ import annotations

from ....rules.paths import trace
from ....rules.position import Unit
from ....rules.report import Violation, violation
from .. import charts
from ..terrain import FINLAND
from .common import BOOK, Context, flag, player_of
from .supply import open_step

__all__ = ["allied_arrival", "allied_arrivals", "judge_drop", "paratroop", "replacements", "scenario_d",
           "scenario_d_placement", "scenario_table", "volunteers"]

EVENT_F_DROP = BOOK.cite("Special Event F", "It may be \"air dropped\" into Finland on any future Game-Turn provided "
                         "it starts from Leningrad. It can only be air dropped at the conclusion of the Soviet "
                         "Player-Turn.")
OPTIONAL = BOOK.cite("Optional Rule: Scenario/Special Events", "The occurance of given Scenarios and Special Events "
                     "is triggered by die-rolls performed during the Interphase")


@BOOK.rule("Special Event F", "Place the Soviet 3-1-1 Paratroop unit in Leningrad. ... It is picked up from "
           "Leningrad and placed down on any hex in Finland within 6 hexes of Leningrad, but it cannot land in a "
           "Finnish Zone of Control.")
def paratroop(ctx: Context) -> list[Violation]:
    """Special Event F: the paratroop appears in Leningrad, and lands in Finland within six hexes of it, out of
    Finnish zones of control."""
    out = []
    b = ctx.board
    assert ctx.zoc is not None
    leningrad = b.named.get("Leningrad")
    for u in ctx.pos.on_map():
        if u.counter != "sov-3-1-1":
            continue
        if flag(u, "air_dropped"):
            near = b.within(leningrad, 6) if leningrad else set()
            if not b.in_country(u.hex, FINLAND) or u.hex not in near:  # type: ignore[arg-type]
                out.append(violation("Special Event F", f"paratroop {u.id} must land in Finland within 6 hexes "
                                     "of Leningrad", [u.hex], [u.id]))
            if ctx.zoc.controls("finnish", u.hex):  # type: ignore[arg-type]
                out.append(violation("Special Event F", f"paratroop {u.id} cannot land in a Finnish Zone of "
                                     "Control", [u.hex], [u.id]))
        if ctx.is_arrival(u) and u.hex != leningrad:
            out.append(violation("Special Event F", f"paratroop {u.id} is placed in Leningrad when the event "
                                 "occurs", [u.hex], [u.id]))
    return out


@BOOK.rule("Special Event G", "Place a 2-2-2 in Helsinki or Oulu immediately.")
def volunteers(ctx: Context) -> list[Violation]:
    """Special Event G: the volunteers appear in Helsinki or Oulu."""
    b = ctx.board
    allowed = {b.named.get("Helsinki"), b.named.get("Oulu")}
    return [violation("Special Event G", f"volunteer unit {u.id} must be placed in Helsinki or Oulu", [u.hex],
                      [u.id])
            for u in ctx.pos.on_map() if u.counter == "fin-2-2-2" and ctx.is_arrival(u) and u.hex not in allowed]


@BOOK.rule("Special Event J", "The Soviet Player may add one 2-1-2 to his reinforcements during his next Reinforcement "
           "Phase. The unit must come from eliminated units, however.", scope="move")
def replacements(ctx: Context) -> list[Violation]:
    """Special Event J: a unit eliminated earlier (``eliminated: true``, off the map) comes back into play only as
    this replacement: one Soviet 2-1-2, placed in a Soviet Reinforcement Phase once the event has occurred.
    Judged on the Reinforcement Phase's arrivals (a unit appearing in another phase breaks the Sequence of Play)."""
    before, after = ctx.pos, ctx.after
    assert after is not None
    if before.phase != "reinforcement":
        return []
    out = []
    back = 0
    for u in after.on_map():
        old = before.by_id.get(u.id)
        if old is None or old.hex is not None or not flag(old, "eliminated"):
            continue
        back += 1
        why = ("Special Event J has not occurred" if "J" not in ctx.events else
               "only a Soviet 2-1-2 comes back" if u.counter != "sov-2-1-2" else
               "it comes back in the Soviet Reinforcement Phase" if before.player != "soviet" else
               "only one 2-1-2 comes back" if back > 1 else None)
        if why:
            out.append(violation("Special Event J", f"{u.id} ({u.counter}) was eliminated; an eliminated unit comes "
                                 f"back only as Special Event J's replacement: {why}", [u.hex], [u.id]))
    return out


@BOOK.rule("Scenarios", "If no Soviet unit is in Petsamo, the three units may be placed in a stack on Petsamo ... "
           "Immediately place two 3-2-2 units on the hex in Sweden marked with an \"R\". ... Place two 3-2-2's on "
           "the \"R\" space ... They may either be landed at Petsamo (in which case also follow the applicable "
           "Scenario A rules for landing), or they may cross into Finland from Sweden (follow Scenario B rules).")
def allied_arrivals(ctx: Context) -> list[Violation]:
    """Scenarios A, B, C, E: where the Allied units arrive (each violation cites the Scenario in play)."""
    out: list[Violation] = []
    for u in ctx.pos.on_map():
        if u.side == "allied" and ctx.is_arrival(u):
            out.extend(allied_arrival(ctx, u))
    return out


@BOOK.rule("Scenario D", "The Finnish Player immediately places his reinforcements that are due on Game Turn 3 and 4 "
           "in any hex in Finland, not in the Soviet's Zone of Control")
def scenario_d(ctx: Context) -> list[Violation]:
    """Scenario D: the early Finnish reinforcements placed in the Interphase."""
    if ctx.scenario != "D" or ctx.pos.phase != "interphase":
        return []
    out: list[Violation] = []
    for u in ctx.pos.on_map():
        if player_of(u) == "finnish" and ctx.is_arrival(u):
            out.extend(scenario_d_placement(ctx, u))
    return out


def allied_arrival(ctx: Context, u: Unit) -> list[Violation]:
    """Where Allied units arrive: Scenario A on Petsamo; B and C on the Swedish "R" hex; E either."""
    b = ctx.board
    petsamo = b.named.get("Petsamo")
    r_hex = b.r_hex  # (a search of the whole map: the board keeps it)
    where = {"A": {petsamo}, "B": {r_hex}, "C": {r_hex}, "E": {petsamo, r_hex}}.get(ctx.scenario or "")
    if where is None:
        return [violation("Optional Rule: Scenario/Special Events", f"Allied unit {u.id} arrives only with "
                          "Scenario A, B, C or E", [u.hex], [u.id])]
    if u.hex in where:
        return []
    names = " or ".join("Petsamo" if h == petsamo else 'the "R" hex' for h in sorted(h for h in where if h))
    return [violation(f"Scenario {ctx.scenario}", f"Allied unit {u.id} arrives on {names}", [u.hex], [u.id])]


def scenario_d_placement(ctx: Context, u: Unit) -> list[Violation]:
    """Scenario D: the Finnish Game-Turn 3 and 4 reinforcements are placed at once "in any hex in Finland,
    not in the Soviet's Zone of Control, and to which a line of hexes can be traced to Helsinki (of any
    length), none of which are in the Soviet Player's Zone of Control"."""
    b = ctx.board
    assert ctx.zoc is not None and u.hex is not None
    helsinki = b.named.get("Helsinki")
    if not b.in_country(u.hex, FINLAND) or ctx.zoc.controls("soviet", u.hex):
        return [violation("Scenario D", f"reinforcement {u.id} must be placed in Finland, not in a Soviet Zone "
                          "of Control", [u.hex], [u.id])]
    enemy = ctx.occupied["soviet"]
    reach = trace(b, [u.hex], lambda a, h: h not in enemy and not ctx.zoc.controls("soviet", h),  # type: ignore[union-attr]
                  targets=[helsinki] if helsinki else [], neighbours=open_step(ctx))
    if helsinki is not None and helsinki not in reach:
        return [violation("Scenario D", f"reinforcement {u.id}: no line of hexes free of Soviet Zones of Control "
                          "from its hex to Helsinki", [u.hex, helsinki], [u.id])]
    return []


def judge_drop(ctx: Context, u: Unit, dest: str | None) -> list[Violation]:
    """Special Event F: the paratroop is air dropped "provided it starts from Leningrad", "only ... at the
    conclusion of the Soviet Player-Turn"."""
    out = []
    leningrad = ctx.board.named.get("Leningrad")
    if u.hex != leningrad:
        out.append(violation("Special Event F", f"paratroop {u.id} is air dropped from {u.hex}; it must start from "
                             "Leningrad", [u.hex, dest], [u.id]))
    if ctx.pos.player != "soviet" or ctx.pos.phase not in ("combat", "end"):
        out.append(violation("Special Event F", f"paratroop {u.id} can only be air dropped at the conclusion of "
                             f"the Soviet Player-Turn, not in the {ctx.pos.player} {ctx.pos.phase} phase",
                             [u.hex, dest], [u.id]))
    return out




def rolls_before(ctx: Context) -> range:
    """The Game-Turns whose Scenario Interphase has been played by this position: every Game-Turn before this one,
    and this one too once its Interphase is under way; never the tenth ("except the tenth")."""
    last = ctx.turn if ctx.pos.phase in ("interphase", "end") else ctx.turn - 1
    return range(1, min(last, charts.LAST_TURN - 1) + 1)


@BOOK.rule("Optional Rule: Scenario/Special Events", "At the end of each Game-turn (except the tenth) the Finnish "
           "Player rolls the die once and consults the Scenario Table (which is built into his Time Record track), "
           "cross-indexing the die result with the appropriate Game-Turn.")
def scenario_table(ctx: Context) -> list[Violation]:
    """The Scenario in play must be one the Scenario Table gives on a Game-Turn whose Interphase has been played
    (``scenario_turn`` when the position says which); Special Events need an Interphase played too."""
    out: list[Violation] = []
    turns = rolls_before(ctx)
    letter = ctx.scenario
    if letter:
        said = ctx.state.get("scenario_turn")
        candidates = [said] if said else list(turns)
        possible = [t for t in candidates if t in turns and any(charts.scenario_for(t, die) == letter
                                                                 for die in charts.SCENARIO_TABLE)]
        if not possible:
            on = {t: sorted({charts.scenario_for(t, d) or "" for d in charts.SCENARIO_TABLE} - {""})
                  for t in range(1, charts.LAST_TURN)}
            given = [t for t, letters in on.items() if letter in letters]
            when = f"the Interphase of Game-Turn {said}" if said else (
                f"the Interphases played before this position (Game-Turns {turns.start}-{turns.stop - 1})"
                if len(turns) else "no Interphase yet")
            out.append(violation("Optional Rule: Scenario/Special Events", f"Scenario {letter} cannot have come "
                                 f"into force in {when}: the Scenario Table gives it only at the end of Game-Turn "
                                 f"{', '.join(map(str, given))}"))
    if ctx.events and not len(turns):
        out.append(violation("Optional Rule: Scenario/Special Events", "Special Events "
                             f"{', '.join(sorted(ctx.events))} before any Scenario Interphase: the Soviet Player "
                             "rolls for them at the end of each Game-Turn"))
    return out
