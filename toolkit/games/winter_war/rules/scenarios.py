"""Optional Rule: Scenario/Special Events: where Allied, paratroop and volunteer units appear, Scenario D's
early Finnish reinforcements, and the paradrop."""

from __future__ import annotations

from ....rules.paths import trace
from ....rules.position import Unit
from ....rules.report import Violation, violation
from ..terrain import FINLAND
from .common import BOOK, Context, flag, player_of
from .supply import open_step

__all__ = ["allied_arrival", "judge_drop", "scenario_d_placement", "special_placements"]

EVENT_F_DROP = BOOK.cite("Special Event F", "It may be \"air dropped\" into Finland on any future Game-Turn provided "
                         "it starts from Leningrad. It can only be air dropped at the conclusion of the Soviet "
                         "Player-Turn.")
SCENARIO_D = BOOK.cite("Scenario D", "The Finnish Player immediately places his reinforcements that are due on Game "
                       "Turn 3 and 4 in any hex in Finland, not in the Soviet's Zone of Control, and to which a line "
                       "of hexes can be traced to Helsinki (of any length), none of which are in the Soviet Player's "
                       "Zone of Control.")
OPTIONAL = BOOK.cite("Optional Rule: Scenario/Special Events", "The occurance of given Scenarios and Special Events "
                     "is triggered by die-rolls performed during the Interphase")


@BOOK.rule("Optional Rule: Scenario/Special Events", "Place the Soviet 3-1-1 Paratroop unit in Leningrad. ... It is "
           "picked up from Leningrad and placed down on any hex in Finland within 6 hexes of Leningrad, but it "
           "cannot land in a Finnish Zone of Control. ... Place a 2-2-2 in Helsinki or Oulu immediately. ... "
           "SCENARIO A: FRENCH/BRITISH ALLIES LAND AT PETSAMO. ... Immediately place two 3-2-2 units on the hex in "
           "Sweden marked with an \"R\".")
def special_placements(ctx: Context) -> list[Violation]:
    """Special Events F (paradrop) and G (volunteers): where the units may appear."""
    out = []
    b = ctx.board
    assert ctx.zoc is not None
    for u in ctx.pos.on_map():
        if u.counter == "sov-3-1-1" and flag(u, "air_dropped"):
            len_hex = b.named.get("Leningrad")
            near = b.within(len_hex, 6) if len_hex else set()
            if not b.in_country(u.hex, FINLAND) or u.hex not in near:  # type: ignore[arg-type]
                out.append(violation("Special Event F", f"paratroop {u.id} must land in Finland within 6 hexes "
                                     "of Leningrad", [u.hex], [u.id]))
            if ctx.zoc.controls("finnish", u.hex):  # type: ignore[arg-type]
                out.append(violation("Special Event F", f"paratroop {u.id} cannot land in a Finnish Zone of "
                                     "Control", [u.hex], [u.id]))
        if ctx.scenario == "D" and player_of(u) == "finnish" and flag(u, "reinforcement") \
                and ctx.pos.phase == "interphase":
            out.extend(scenario_d_placement(ctx, u))
        if u.counter == "sov-3-1-1" and flag(u, "reinforcement") and u.hex != b.named.get("Leningrad"):
            out.append(violation("Special Event F", f"paratroop {u.id} is placed in Leningrad when the event "
                                 "occurs", [u.hex], [u.id]))
        if u.side == "allied" and flag(u, "reinforcement"):
            out.extend(allied_arrival(ctx, u))
        if u.counter == "fin-2-2-2" and flag(u, "reinforcement"):
            allowed = {b.named.get("Helsinki"), b.named.get("Oulu")}
            if u.hex not in allowed:
                out.append(violation("Special Event G", f"volunteer unit {u.id} must be placed in Helsinki or "
                                     "Oulu", [u.hex], [u.id]))
    return out


def allied_arrival(ctx: Context, u: Unit) -> list[Violation]:
    """Where Allied units arrive: Scenario A on Petsamo; B and C on the Swedish "R" hex; E either."""
    b = ctx.board
    petsamo = b.named.get("Petsamo")
    r_hex = next(iter(b.tmap.find(tag="r_hex")), None)
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


