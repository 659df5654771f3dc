"""17.0 Movement and 18.0 Terrain (with 15.1 river crossings, 22.3's Close Combat costs, 27.1/27.3 at night):
what a step costs and whether a unit could make a move between two positions.

Costs come from the charts (``charts.yaml``, or a user's completed file); an unknown cost is searched
twice: as 0 (the least it could be) and as impossible. A move found within the allowance when unknown steps are
impossible is legal; a move beyond the allowance even when they are free is a violation; anything between is
reported as "not judged: 18.6 Terrain Effects Table value unknown".
"""

from __future__ import annotations

from fractions import Fraction

from ....rules.paths import cheapest
from ....rules.position import Unit
from ....rules.report import Violation, violation
from ..terrain import MAIN_ROAD, MAJOR_RIVER, SECONDARY_ROAD, SIDE_BRIDGE, TOWN, VILLAGE
from .common import BOOK, Context, enemy_of, has_type, is_motorised, player_of
from .control import in_enemy_zoc

__all__ = ["illegal_hexes", "move_bounds", "step_cost"]

INF = float("inf")

ROAD_18_2 = BOOK.cite("18.2", "Units moving along road hexes ignore other terrain in the hex. This is called Road "
                      "Bonus in the game. In terms of Main Roads, it costs 0.5 MP to move along each Main Road hex "
                      "although every 3rd consecutive Main Road hex entered (in the same Phase) costs 0 (zero) MP.")
RAIL_18_3 = BOOK.cite("18.3", "all units may treat railroads as Secondary Roads in all respects.")
MOTOR_18_1_1 = BOOK.cite("18.1.1", "Motorized units may both attack and have ZOC, but never move, across Major River "
                         "hexsides without a bridge.")
CC_COST = BOOK.cite("22.3", "No Road Bonus [18.2] is allowed into or out of a Close Combat hex. The cost to move out "
                    "of such a hex is always 1 MP in addition to the terrain")
ENGINEER = BOOK.cite("15.1", "When an Engineer unit is on any side of the river, other units pay half the normal "
                     "cost for crossing the river (into or out from the same hex as the Engineer unit) whatever the "
                     "situation.")
NIGHT_ROAD = BOOK.cite("27.3", "Road Bonus is not allowed into a hex that is adjacent to enemy units. Road Bonus is, "
                       "however, allowed out of such a hex [18.2].")
ACHTUNG = BOOK.cite("15.0", "all units pay an additional 2 MPs to enter the hex in addition to the terrain.")
ONE_HEX = BOOK.cite("17.4", "A unit may always move one hex if the unit can pay at least half of the required MPs to "
                    "enter the hex.")


def _terrain_cost(ctx: Context, h: str) -> Fraction | None:
    """18.0: the dominant terrain's cost (18.0 Clarification: buildings in addition); None: unknown."""
    b = ctx.board
    if b.is_town(h):
        return ctx.charts.movement_cost(TOWN)  # Illustration 10: 2 MPs for the Town/Factory Area hex
    cost = ctx.charts.movement_cost(b.terrain(h))
    if cost is not None and b.village(h):
        extra = ctx.charts.movement_cost(VILLAGE)
        return None if extra is None else cost + extra
    return cost


def step_cost(ctx: Context, u: Unit, a: str, h: str, run: int, *, engineers: set[str] | None = None,
              foot: bool = False) -> tuple[Fraction, int] | None:
    """One step a -> h: (cost, main-road run after it); cost -1 - k when a chart value it needs is unknown (k: the
    part of the cost the text gives, owed whatever that value is);
    None when the step is prohibited (Illegal Hex, motorised across a Major River without a bridge, an enemy
    hex other than a Town/Factory Area one)."""
    b = ctx.board
    player = player_of(u)
    if not b.legal(h):
        return None  # 18.4
    if foot:  # a supply route (13.0) is measured in Foot (class) Combat Unit MPs
        engineers = None
    river = b.river(a, h)
    bridge = b.bridged(a, h)
    if river == MAJOR_RIVER and not bridge and is_motorised(u) and not foot:
        return None  # 18.1.1
    enemy_here = h in ctx.occupied[enemy_of(player)]
    overrun = h in overrun_targets(ctx, u)
    if enemy_here and not b.is_town(h) and not overrun:
        return None  # only Close Combat (22.3) or an Overrun (19.0) enters an enemy hex
    leaving_cc = a in ctx.close_combat
    road = b.road(a, h)
    road_ok = road is not None and not leaving_cc and h not in ctx.close_combat and not enemy_here
    if road_ok and not ctx.day and any(n in ctx.occupied[enemy_of(player)] for n in b.neighbours(h)):
        road_ok = False  # 27.3
    cost: Fraction | None
    new_run = 0
    if road_ok and road == MAIN_ROAD:
        new_run = (run + 1) % 3
        cost = Fraction(0) if new_run == 0 else ctx.charts.movement_cost(MAIN_ROAD)
    elif road_ok:
        cost = ctx.charts.movement_cost(SECONDARY_ROAD)
    else:
        cost = _terrain_cost(ctx, h)
    # an unknown chart value leaves the costs the text gives (river, 15.0, 22.3, 17.5 ZOC) owed on top of it
    unknown = cost is None
    cost = cost if cost is not None else Fraction(0)
    if river and not (road_ok and bridge):
        rc = ctx.charts.movement_cost(river if not bridge else SIDE_BRIDGE)
        if rc is None:
            unknown = True
        else:
            if engineers and (a in engineers or h in engineers) and not has_type(u, "engineer"):
                rc /= 2  # 15.1
            cost += rc
    if (ctx.state.get("bridges") or {}).get(h) == "damaged":
        cost += 2  # 15.0 Achtung! Gefahr!
    if leaving_cc:
        cost += ctx.charts.zoc_cost("leave_close_combat") or 1  # 22.3
    if enemy_here and not overrun:
        cost += ctx.charts.zoc_cost("enter_enemy_hex") or 0
        # 22.3: "The cost to move into an enemy Town/Factory Area hex is at least 3 MPs"
        cost = max(cost, ctx.charts.zoc_cost("enter_enemy_town") or Fraction(3))
    elif overrun:
        cost += 1  # 19.0: 1 MP plus any terrain entered
    if ctx.day and ctx.zoc is not None:
        if in_enemy_zoc(ctx, player, h) and not enemy_here and not overrun:
            cost += ctx.charts.zoc_cost("enter_zoc") or 0
        if in_enemy_zoc(ctx, player, a) and not enemy_here:
            cost += ctx.charts.zoc_cost("leave_zoc") or 0
    if unknown:
        return Fraction(-1) - cost, new_run  # the caller tries the unknown part free and impossible
    return cost, new_run


def bound(c: Fraction, unknown: float) -> float:
    """A step cost from :func:`step_cost` with its unknown chart value read as ``unknown`` (INF: impossible,
    0: free); the part the text gives (-1 - c) is paid either way."""
    return unknown + float(-1 - c) if c < 0 else float(c)


def overrun_targets(ctx: Context, u: Unit) -> set[str]:
    """19.0: the target hexes of the Overruns ``u`` takes part in (declared in the later position of a move)."""
    declared = (ctx.after.state if ctx.after is not None else ctx.state).get("overruns") or []
    return {str(o.get("target")) for o in declared if u.id in {str(i) for i in o.get("units") or []}}


def move_bounds(ctx: Context, u: Unit, start: str, dest: str, *, first: Fraction = Fraction(0),
                budget: float = INF, within: float | None = None) -> tuple[float, float]:
    """(least cost with unknown chart values free, least cost with them impossible) from ``start`` to ``dest``;
    ``first``: MPs already spent entering ``start`` (16.2: the first map edge or Landing Site hex). With
    ``within``, the first search is skipped when the second already costs no more than it (its value is then
    returned as 0: the caller only needs the first when the second is beyond ``within``)."""
    engineers = {e.hex for e in ctx.units if has_type(e, "engineer") and player_of(e) == player_of(u)
                 and e.hex is not None}
    overrun = overrun_targets(ctx, u)
    out: list[float] = []
    for unknown in (INF, 0.0):
        if unknown == 0.0 and within is not None and out[0] <= within:
            out.append(0.0)
            break
        def succ(state: tuple[str, int], cost: float, unknown: float = unknown
                 ) -> list[tuple[tuple[str, int], float]]:
            h, run = state
            if h != start and h in ctx.occupied[enemy_of(player_of(u))] and h not in overrun:
                return []  # entering an enemy hex ends the move (Close Combat); after an Overrun it goes on (19.0)
            steps = []
            for n in ctx.board.neighbours(h):
                s = step_cost(ctx, u, h, n, run, engineers=engineers)
                if s is None:
                    continue
                c, r = s
                steps.append(((n, r), bound(c, unknown)))
            return steps
        best = cheapest({(start, 0): float(first)}, succ, budget, stop=lambda st: st[0] == dest)
        out.append(min((c for (h, _), c in best.items() if h == dest), default=INF))
    return out[1], out[0]


def one_hex_cost(ctx: Context, u: Unit, a: str, h: str) -> float | None:
    s = step_cost(ctx, u, a, h, 0)
    if s is None or s[0] < 0:
        return None
    return float(s[0])


def judge_move(ctx: Context, u: Unit, start: str, dest: str, first: Fraction = Fraction(0)
               ) -> tuple[str, str] | str | None:
    """(rule, reason) when ``u`` cannot move from ``start`` to ``dest`` this phase; None when it can; the text
    "not judged" when that needs an unknown chart value."""
    mf = ctx.movement(u)
    through = sorted(overrun_targets(ctx, u) - {start})
    if through and dest != through[0]:
        # 19.0: the units of an Overrun enter its target hex, then may move on (Illustration 7)
        lo1, hi1 = move_bounds(ctx, u, start, through[0], first=first, budget=float(mf))
        lo2, hi2 = move_bounds(ctx, u, through[0], dest, budget=float(mf))
        lo, hi = lo1 + lo2, hi1 + hi2
    else:
        lo, hi = move_bounds(ctx, u, start, dest, first=first, budget=float(mf), within=float(mf))
    if hi <= mf:
        return None
    if dest in ctx.board.neighbours(start) and first == 0 and not through:
        c = one_hex_cost(ctx, u, start, dest)
        if c is not None and mf > 0 and mf >= c / 2:
            return None  # 17.4
    if lo <= mf:
        return "not judged"
    if start == dest:
        return "17.0", f"entering {start} costs {float(first):g} MPs [16.2, 16.2.3]; the unit has {float(mf):g}"
    entered = f" (entering {start} cost {float(first):g} MPs [16.2])" if first else ""
    return "17.0", (f"no path from {start} to {dest} within the unit's {float(mf):g} MPs{entered} (terrain, rivers, "
                    "enemy hexes and ZOC considered)")


@BOOK.rule("18.4", "Units that enter an Illegal Hex are considered to be eliminated and permanently removed from play.")
def illegal_hexes(ctx: Context) -> list[Violation]:
    """18.4, 5.1: no unit stands in an Illegal Hex (or water): one that entered is eliminated."""
    return [violation("18.4", f"{u.id} is in {u.hex}, an Illegal Hex: a unit that enters one is eliminated",
                      [u.hex], [u.id]) for u in ctx.units if not ctx.board.legal(u.hex)]  # type: ignore[arg-type]

