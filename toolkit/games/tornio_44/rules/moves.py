"""Moves between two positions (``wgt check --before``): 17.0 movement allowances, 16.2 arrivals and Naval
Landings, 25.0 Exploitation, and who may move at all (5.4, 15.0, 28.1)."""

from __future__ import annotations

from fractions import Fraction

from ....rules.position import Position, Unit
from ....rules.report import Violation, violation
from ..charts import TERRAIN as TET
from ..terrain import LANDING_COSTS, LANDING_SITES, MAIN_ROAD, TRANSFER_EXITS
from .common import BOOK, OOB, Context, enemy_of, flag, has_type, is_combat, is_marker, is_support, player_of
from .control import in_enemy_zoc
from .movement import _terrain_cost, judge_move

__all__ = ["moves"]

PHASING = BOOK.cite("5.4", "During the Finnish Player Turn the Finnish player is the Phasing Player, while the German "
                    "player is the Non-Phasing Player.")
LANDING_COST = BOOK.cite("16.2.3", "A Naval Landing into hex 2602 costs 1 MP and into hexes 3220 or 3917 3 MPs. The "
                         "cost is doubled for Support Units, Antitank units and for the Tank unit.")
FIRST_HEX = BOOK.cite("16.2", "The first map edge hex or a Landing Site hex [16.2.3] entered by a unit is always "
                      "counted in the movement cost in addition to any possible enemy ZOC cost [17.5].")
DELAYED = BOOK.cite("16.2", "if a hex is occupied by an enemy unit, the reinforcements are delayed until a Game Turn "
                    "when the hex is clear of enemy units.")
EXPLOIT = BOOK.cite("25.0", "During the Exploitation Phase on Daytime (A) Game Turns, Combat Units (not Support "
                    "Units) may move a second time.")
EXPLOIT_1 = BOOK.cite("25.1", "The Combat Unit may not have participated in any combat that Player Turn. ... The "
                      "Combat Unit may not currently be (start the Exploitation Phase) in enemy ZOC.")
DRUNK = BOOK.cite("28.1", "they may take no actions (move, attack or support), only defend")
DEMOLISH = BOOK.cite("15.0", "The Engineer unit may not move or participate in any combat during that Player Turn.")
NIGHT_LANDING = BOOK.cite("27.3", "No Naval Landings are allowed [16.2.3].")
STORM = BOOK.cite("12.0", "During Stormy weather, neither Air Strikes nor any Naval Landings are allowed.")
RESTRICTION = BOOK.cite("16.2.2", "German reinforcements may no longer arrive from hex 0111, 0201, 0401, 1224 or 1324 "
                        "if any Finnish unit has exited the map from that hex, also called a VP Exit Hex [17.2.1].")
LANDING_OCC = BOOK.cite("16.2.3", "The Finnish player may make Naval Landings into three Landing Site hexes as long "
                        "as they are not currently occupied by enemy units")


TRANSFER_OUT = BOOK.cite("17.3", "The unit must end its movement in a Transfer Point during a Game Turn in order to "
                        "continue its movement on the next friendly Player Turn by moving out to an adjacent map hex "
                        "from the other (or the same) Transfer Point. ... Treat a Transfer Point hex as a Main Road.")


def _from_transfer_point(ctx: Context, u: Unit, uid: str, dest: str, entered: str) -> list[Violation]:
    """17.3: a German unit leaving a Transfer Point enters one of the map hexes next to the Transfer Points (0111,
    1224: 16.2.2), not one a Finnish unit blocks; its first hex costs a Main Road step when a road leads there (the
    Transfer Point is a Main Road hex), else the hex's terrain. Legal when one entry allows the move."""
    exits = [entered] if entered else [h for h in TRANSFER_EXITS if ctx.board.legal(h)]
    verdicts: list[tuple[str, str] | str | None] = []
    for entry in exits:
        if entry in ctx.occupied["finnish"] or entry in set(ctx.state.get("finnish_exits") or []):
            verdicts.append(("17.3", f"{uid} leaves the Transfer Point into {entry}, blocked by a Finnish unit"))
            continue
        c = ctx.charts.movement_cost(MAIN_ROAD) if ctx.board.on_road(entry) else _terrain_cost(ctx, entry)
        if c is None:
            verdicts.append("not judged")
            continue
        verdicts.append(judge_move(ctx, u, entry, dest, c + _entry_zoc(ctx, "german", entry)))
    if any(x is None for x in verdicts) or not verdicts:
        return []
    if "not judged" in verdicts:
        ctx.unknown(TET, f"the move of {uid} from the Transfer Point to {dest}")
        return []
    rule, why = next(x for x in verdicts if isinstance(x, tuple))
    return [violation(rule, f"{uid} from the Transfer Point: {why}", [*exits, dest], [uid])]  # every entry fails


def _entry_zoc(ctx: Context, who: str, h: str) -> Fraction:
    """16.2: the first hex entered is counted "in addition to any possible enemy ZOC cost" (17.5)."""
    if ctx.day and in_enemy_zoc(ctx, who, h):
        return ctx.charts.zoc_cost("enter_zoc") or Fraction(0)
    return Fraction(0)


def landing_cost(u: Unit, h: str) -> Fraction:
    """16.2.3: 1 MP into 2602, 3 MPs into 3220 or 3917; doubled for Support, Antitank and Tank units."""
    cost = Fraction(LANDING_COSTS[h])
    if is_support(u) or has_type(u, "anti_tank", "antitank", "tank", "armour"):
        cost *= 2
    return cost


@BOOK.rule("17.0", "All units may move up to the limit of their Movement Factor (MF), reduced by any Broken Level "
           "[23.0]. ... A unit pays Movement Points (MPs) for each hex entered.", scope="move")
def moves(ctx: Context) -> list[Violation]:
    """Every unit that changed hex between ``ctx.pos`` (the earlier position) and ``ctx.after``."""
    after: Position | None = getattr(ctx, "after", None)
    if after is None or ctx.pos.phase not in ("movement", "exploitation", "setup"):
        return []
    out: list[Violation] = []
    demolishers = {str(d.get("engineer")) for d in ctx.state.get("demolitions") or []} | {
        str(d.get("engineer")) for d in after.state.get("demolitions") or []}
    exited_by_finns = set(ctx.state.get("finnish_exits") or [])
    overrun = {str(o.get("target")) for o in after.state.get("overruns") or []}
    if overrun and ctx.zoc is not None:  # 19.0: the overrun units are eliminated; their ZOC goes with them
        ctx.zoc = ctx.zoc.without({e.id for h in overrun for e in ctx.at(h, enemy_of(ctx.pos.player))})
    for v in after.units:
        if is_marker(v):
            continue
        u = ctx.pos.by_id.get(v.id)
        start = u.hex if u is not None else None
        dest = v.hex
        if start == dest or dest is None:
            continue
        unit = u if u is not None else v
        who = player_of(unit)
        if ctx.pos.phase == "setup":
            if start is None:
                continue  # placed at set-up (16.1)
            if who != "german" or (not ctx.state.get("coup_failed") and not after.state.get("coup_failed")):
                out.append(violation("11.0", f"{v.id} moves before the game: only German units, alerted by a "
                                     "failed Coup, may (a quarter of their MF)", [start, dest], [v.id]))
                continue
        elif who != ctx.pos.player:
            out.append(violation("5.4", f"{v.id} is the non-phasing player's unit and may not move in the "
                                 f"{ctx.pos.player} player's {ctx.pos.phase} phase", [start, dest], [v.id]))
            continue
        if flag(unit, "intoxicated"):
            out.append(violation("28.1", f"{v.id} is intoxicated and may take no actions (move, attack or support)",
                                 [start, dest], [v.id]))
            continue
        if v.id in demolishers:
            out.append(violation("15.0", f"engineer {v.id} attempted a demolition and may not move this Player Turn",
                                 [start, dest], [v.id]))
        first = Fraction(0)
        if start is None:  # an arrival (16.2)
            if ctx.pos.phase != "movement":
                out.append(violation("16.2", f"{v.id} enters play outside the Movement Phase (6.1: 2a)", [dest],
                                     [v.id]))
                continue
            if u is not None and u.state.get("transfer"):
                out.extend(_from_transfer_point(ctx, unit, v.id, dest, str(v.state.get("entered") or "")))
                continue
            entry = str(v.state.get("entered") or (dest if dest in LANDING_SITES and who == "finnish" else ""))
            if not entry:
                ctx.unknown(OOB, f"the entry hex of {v.id} (give it as its state entered)")
                continue
            if who == "finnish" and entry in LANDING_SITES:
                if not ctx.day:
                    out.append(violation("27.3", f"{v.id} lands at {entry} on a Nighttime turn", [entry], [v.id]))
                elif ctx.state.get("weather") == "stormy":
                    out.append(violation("12.0", f"{v.id} lands at {entry} in Stormy weather", [entry], [v.id]))
                if entry in ctx.occupied["german"]:
                    out.append(violation("16.2.3", f"Landing Site {entry} is occupied by enemy units", [entry],
                                         [v.id]))
                first = landing_cost(unit, entry) + _entry_zoc(ctx, who, entry)
            else:
                if entry in ctx.occupied[enemy_of(who)]:
                    out.append(violation("16.2", f"{v.id} arrives in {entry}, occupied by enemy units: the "
                                         "reinforcement is delayed until the hex is clear of them", [entry], [v.id]))
                if who == "german" and entry in exited_by_finns:
                    out.append(violation("16.2.2", f"German reinforcement {v.id} arrives from {entry}, a VP Exit Hex "
                                         "a Finnish unit has exited from", [entry], [v.id]))
                c = _terrain_cost(ctx, entry)
                if c is None:
                    ctx.unknown(TET, f"the movement cost of {v.id}'s first hex {entry}")
                    continue
                first = c + _entry_zoc(ctx, who, entry)
            start = entry
        if ctx.pos.phase == "exploitation":
            if not ctx.day:
                out.append(violation("25.0", "there is no Exploitation Phase on a Nighttime turn", [start, dest],
                                     [v.id]))
                continue
            if not is_combat(unit):
                out.append(violation("25.0", f"{v.id} is a Support Unit: only Combat Units move in the Exploitation "
                                     "Phase", [start, dest], [v.id]))
                continue
            if flag(unit, "attacked"):
                out.append(violation("25.1", f"{v.id} participated in combat this Player Turn and may not exploit",
                                     [start, dest], [v.id]))
                continue
            overrunning = any(unit.id in o.get("units", []) for o in after.state.get("overruns") or [])
            if in_enemy_zoc(ctx, who, start) and not overrunning:
                out.append(violation("25.1", f"{v.id} starts the Exploitation Phase in enemy ZOC", [start, dest],
                                     [v.id]))
                continue
        if not ctx.known(unit, "movement", f"its move from {start} to {dest}"):
            continue
        why = judge_move(ctx, unit, start, dest, first)
        if why == "not judged":
            ctx.unknown(TET, f"the move of {v.id} from {start} to {dest}")
        elif isinstance(why, tuple):
            out.append(violation(why[0], f"{v.id}: {why[1]}", [start, dest], [v.id]))
    return out

