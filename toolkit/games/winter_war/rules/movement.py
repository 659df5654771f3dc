"""Movement (and the Terrain Effects Chart's movement column): where a unit may be, and where it can go
in one Movement Phase on foot and by rail, stopped by enemy zones of control."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....rules.movement import MoveRules, reach
from ....rules.position import Unit
from ....rules.report import Violation, violation
from ....rules.zoc import ZocCosts, zoc_step
from ..charts import ICE_TURNS
from ..terrain import HOME, NORWAY, SWEDEN, USSR
from .common import BOOK, Context, enemy_of, flag, is_blank, is_nkvd, player_of
from .supply import LINE_MEMO, rail_connected
from .zoc import has_zoc

__all__ = ["can_reach", "enemies_in_one_hex", "judge_move", "judge_path", "prohibited_hexes", "prohibition",
           "reachable"]

CASE_A = BOOK.cite("Movement (A)", "each unit expends one Movement Point of its total Movement Allowance for each "
                   "hex entered. To enter some types of hexes, more than one Movement point is expended.")
CASE_C = BOOK.cite("Movement (C)", "A unit may be moved as many or as few hexes as the owning-Player desires, as "
                   "long as its Movement Allowance is not exceeded in a single Movement Phase.")
CASE_F = BOOK.cite("Movement (F)", "Units may never enter or pass through a hex containing Enemy units.")
CASE_I = BOOK.cite("Movement (I)", "A unit may, unless otherwise indicated, always move one hex, even without being "
                   "able to expend sufficient Movement Points, unless it is moving directly from one Enemy Zone of "
                   "Control to another Enemy Zone of Control.")
CASE_J = BOOK.cite("Movement (J)", "Units may move by rail only within their home country. ... entrain at a cost of "
                   "one additional Movement Point. ... Units may not entrain in an Enemy Zone of Control. ... When "
                   "moving by rail the unit must move along continuously connected rail hexes, free of Enemy units "
                   "or Enemy Zones of control. Units moving by rail must detrain upon coming adjacent to an Enemy "
                   "unit with a Zone of Control. ... Isolated units may not use rail movement.")
CASE_K = BOOK.cite("Movement (K)", "No units may enter Norway or Sweden in the Standard Game. ... NKVD units may "
                   "never leave the USSR. ... Finnish 6-6-2 units and Soviet 20-12-2 units may never enter any of "
                   "the hexes north of Row A.")
CASE_N = BOOK.cite("Movement (N)", "Throughout Game-Turns Eight, Nine and Ten, part of the Gulf of Finland is frozen "
                   "and may be traversed at a cost of two Movement Points per ice hex.")
TEC = BOOK.cite("Terrain Effects Chart", "Minor Lake (whole hex) | Entry prohibited. ... Mountains | Entry "
                "prohibited.")
SUPPLY_A = BOOK.cite("Supply and Isolation (A)", "Units which are isolated may move only one hex per Friendly "
                     "Movement Phase.")
SCENARIO_B_RAIL = BOOK.cite("Scenario B", "Allied units cannot move by rail until they reach Kemi where they may "
                            "entrain.")
EVENT_L = BOOK.cite("Special Event L", "Railroad movement is impossible: Consider railroads to be inoperative for "
                    "this upcoming Game Turn only.")


def prohibition(ctx: Context, u: Unit, hex_id: str) -> tuple[str, str] | None:
    """Why ``u`` may not be in ``hex_id`` (rule, reason), or None: Movement (K), the TEC."""
    b = ctx.board
    bad = b.prohibited_terrain(hex_id, ctx.turn)
    if bad:
        return "Terrain Effects Chart", f"{bad}: entry prohibited"
    country = b.country(hex_id)
    if country in (NORWAY, SWEDEN):
        r_hex = "r_hex" in b.tags(hex_id)
        if not (ctx.scandinavia_open() or (u.side == "allied" and r_hex and ctx.scenario in ("B", "C", "E"))):
            return "Movement (K)", "no units may enter Norway or Sweden in the Standard Game"
    if is_nkvd(u) and country != USSR:
        return "Movement (K)", "NKVD units may never leave the USSR"
    if u.counter in ("fin-6-6-2", "sov-20-12-2") and b.north_of_row_a(hex_id):
        return "Movement (K)", f"{u.counter[4:]} units may never enter hexes north of Row A"
    return None


@BOOK.rule("Movement (K)", "Movement Prohibitions (see also the Terrain Effects Chart) ... Units which are forced "
           "(by combat) to violate any of the above prohibitions are eliminated.")
def prohibited_hexes(ctx: Context) -> list[Violation]:
    """Every unit standing where Movement (K) or the Terrain Effects Chart forbids it (cited by the case broken)."""
    out = []
    for u in ctx.pos.on_map():
        if is_blank(u):
            continue
        why = prohibition(ctx, u, u.hex)  # type: ignore[arg-type]
        if why:
            out.append(violation(why[0], f"{u.id} ({u.counter}) in {u.hex}: {why[1]}", [u.hex], [u.id]))
    return out


@BOOK.rule("Movement (F)", "Units may never enter or pass through a hex containing Enemy units.")
def enemies_in_one_hex(ctx: Context) -> list[Violation]:
    """Units of both players in one hex: no move, retreat, advance or placement can put them there (Movement (F);
    the Combat Results Table's retreats and advances end in empty or friendly hexes). Blanks are not units."""
    out = []
    for hex_id, units in ctx.pos.by_hex.items():
        sides: dict[str, list[str]] = {}
        for u in units:
            if not is_blank(u):
                sides.setdefault(player_of(u), []).append(u.id)
        if len(sides) > 1:
            out.append(violation("Movement (F)", f"Finnish and Soviet units share {hex_id}; units may never enter a "
                                 "hex containing Enemy units", [hex_id], [i for ids in sides.values() for i in ids]))
    return out


def reachable(ctx: Context, u: Unit, *, ignore_zoc: bool = False, rail_zoc: bool = True, rail: str = "rules",
              via: Sequence[str] = (), target: str | None = None) -> dict[str, float]:
    """Hex -> least Movement Points for ``u`` to end its move there (Movement, Zones of Control, rail); with
    ``via``, after passing through those hexes in order (the points of its traced path: Movement Procedure).

    The keywords relax one rule at a time, to tell which rule a move broke: ``ignore_zoc`` drops the zones
    of control altogether; ``rail_zoc=False`` drops them for rail movement only (entraining, riding through,
    detraining next to an enemy: Movement (J)); ``rail`` is ``"rules"`` (Movement (J), Supply and Isolation
    (L), Special Event L, Scenario B's Kemi), ``"any"`` (every rail hex usable, in any country, connected or
    not, by any unit, on any turn) or ``"none"`` (on foot only). ``target``: only whether the move can end in
    that hex is wanted (the search ends once it is reached: :func:`toolkit.rules.movement.reach`).
    """
    return _search(ctx, u, _inputs(ctx, u, ignore_zoc=ignore_zoc, rail_zoc=rail_zoc, rail=rail), via, target)


def can_reach(ctx: Context, u: Unit, dest: str, *, ignore_zoc: bool = False, rail_zoc: bool = True,
              rail: str = "rules", via: Sequence[str] = ()) -> bool:
    """Whether ``u`` can end its move in ``dest`` (:func:`reachable`'s keywords). The search stops once it is
    reached, and the answer is kept on the board by the start, the path, the destination and all else the
    search reads (:func:`_inputs`): judging a log asks the same move of positions that differ elsewhere."""
    found = _inputs(ctx, u, ignore_zoc=ignore_zoc, rail_zoc=rail_zoc, rail=rail)
    key = ("reach", u.hex, tuple(via), dest, found)
    memo = ctx.board.line_memo
    answer: bool | None = memo.get(key)
    if answer is None:
        if len(memo) >= LINE_MEMO:
            memo.clear()
        answer = memo[key] = dest in _search(ctx, u, found, via, dest)
    return answer


def _inputs(ctx: Context, u: Unit, *, ignore_zoc: bool, rail_zoc: bool, rail: str) -> tuple[Any, ...]:
    """Everything a move search of ``u`` reads besides its start, its path and the board: the unit's side,
    counter, NKVD-ness and Movement Allowance (isolation), the ice season, Scandinavia, the Scenario, the
    enemy-held hexes, the rail hexes it may use, the enemy ZOC (on foot and for rail), the hexes next to an
    enemy with a ZOC, the Kemi condition, and the keywords."""
    b = ctx.board
    player = player_of(u)
    isolated = u.id in ctx.isolated
    allowance = 1 if isolated else u.value("movement")  # Supply and Isolation (A)
    # Movement (J) NOTE, Supply and Isolation (L): isolated units may not use rail; Special Event L
    if rail == "any":
        rail_hexes = set(b.rail_net)
    elif rail == "rules" and not isolated and not ctx.state.get("rail_inoperative"):
        rail_hexes = rail_connected(ctx, player)
    else:
        rail_hexes = set()
    ezoc = ctx.zoc.hexes(enemy_of(player)) if ctx.zoc and not ignore_zoc else set()
    # Movement (J): "must detrain upon coming adjacent to an Enemy unit with a Zone of Control" (not a
    # Soviet HQ, an isolated unit, or a Finnish 1-1-3/0-0-3 in the USSR: Zones of Control (G), (H))
    adj_enemy = set() if ignore_zoc or not rail_zoc else {
        n for e in ctx.pos.on_map() if player_of(e) != player and has_zoc(b, e, ctx.isolated)
        for n in b.neighbours(e.hex)}  # type: ignore[arg-type]
    # Scenario B (and C, E via Sweden): "Allied units cannot move by rail until they reach Kemi where they
    # may entrain" (a unit that has been there carries state reached_kemi: true)
    kemi_only = (rail == "rules" and u.side == "allied" and ctx.scenario in ("B", "C", "E")
                 and not flag(u, "reached_kemi"))
    return (u.side, u.counter, is_nkvd(u), allowance, ctx.turn in ICE_TURNS, ctx.scandinavia_open(), ctx.scenario,
            frozenset(ctx.occupied[enemy_of(player)]), frozenset(rail_hexes), frozenset(ezoc), rail_zoc,
            frozenset(adj_enemy), kemi_only, rail, ignore_zoc, ctx.zoc is None)


def _search(ctx: Context, u: Unit, found: tuple[Any, ...], via: Sequence[str], target: str | None
            ) -> dict[str, float]:
    """The move search of :func:`reachable` on what :func:`_inputs` found."""
    (_side, _counter, _nkvd, allowance, _ice, _scandinavia, _scenario, enemy_units, rail_hexes, ezoc, rail_zoc,
     adj_enemy, kemi_only, rail, ignore_zoc, _no_zoc) = found
    b = ctx.board
    player = player_of(u)
    start = u.hex
    assert start is not None
    turn = ctx.turn
    home = HOME[u.side]
    rzoc = ezoc if rail_zoc else frozenset()
    allowed: dict[str, bool] = {}  # hex -> no prohibition for this unit (asked for each step into it)

    def can_enter(a: str, h: str) -> bool:
        if h in enemy_units:  # Movement (F)
            return False
        ok = allowed.get(h)
        if ok is None:
            ok = allowed[h] = prohibition(ctx, u, h) is None  # Movement (K)
        return ok

    def home_rail(h: str) -> bool:
        return h in rail_hexes and (rail == "any" or b.in_country(h, home))

    kemi = b.named.get("Kemi")

    def may_entrain(h: str) -> bool:
        return h not in rzoc and (not kemi_only or h == kemi)

    # Movement (A), (H), (N) and the TEC's entry costs; (J) rail free after entraining for 1 MP (automatically
    # entrained in a home rail hex it starts in); Zones of Control: stop on entering, not ZOC to ZOC (F);
    # Movement (I): always one hex
    rules = MoveRules(step_cost=lambda a, h: b.entry_cost(a, h, turn), rail_cost=0, entrain=1, always_one_hex=True)
    zoc = None if ignore_zoc else ctx.zoc
    return reach(b, start, rules, allowance, can_enter=can_enter,
                 rail_ok=lambda h: home_rail(h) and h not in rzoc, may_entrain=may_entrain,
                 must_detrain=lambda h: h in adj_enemy, start_entrained=True,
                 rail_links=lambda h: b.rail_net.get(h, ()), zoc=zoc, side=player,
                 zoc_costs=ZocCosts(stop=True, zoc_to_zoc=False), via=via, target=target)


def judge_path(ctx: Context, u: Unit, points: Sequence[str]) -> tuple[str, str, list[str]] | None:
    """Why ``u`` (at the start of the Movement Phase) cannot trace a path through ``points`` in order (rule,
    reason, the path up to the first point it cannot reach), or None if it can: one move, its Movement
    Allowance counted over the whole path, stopped by the first enemy zone of control it enters (Movement
    Procedure, (C); Zones of Control). The first point that breaks a rule is named, so a path that goes on
    past it is still the same violation."""
    trail = [u.hex or "", *points]
    points = [p for n, p in enumerate(trail) if n and p != trail[n - 1]]
    if not points or _walks(ctx, u, points) or can_reach(ctx, u, points[-1], via=points[:-1]):
        return None
    for k in range(len(points)):  # the shortest prefix that breaks a rule
        problem = judge_move(ctx, u, points[k], via=points[:k])
        if problem:
            return problem[0], problem[1], [u.hex or "", *points[:k + 1]]
    return None


def _walks(ctx: Context, u: Unit, points: Sequence[str]) -> bool:
    """Whether ``u`` can walk ``points`` hex by hex on foot, each a neighbour of the one before: a legal path
    when it can (the quick test before the search of :func:`reachable`, which also tries rail and other routes
    between the points): no enemy unit or prohibited hex entered (Movement (F), (K), the TEC), the entry costs
    within the Movement Allowance (Movement (A), (C); one hex when isolated: Supply and Isolation (A)), no step
    from one enemy controlled hex into another (Zones of Control (F)) and no step out of an enemy controlled hex
    it entered (Zones of Control)."""
    b = ctx.board
    player = player_of(u)
    enemy = ctx.occupied[enemy_of(player)]
    allowance = 1 if u.id in ctx.isolated else u.value("movement")
    costs = ZocCosts(stop=True, zoc_to_zoc=False)
    spent = 0.0
    here = u.hex
    for n, h in enumerate(points):
        if here is None or h not in b.neighbours(here) or h in enemy or prohibition(ctx, u, h) is not None:
            return False
        step = b.entry_cost(here, h, ctx.turn)
        if step is None:
            return False
        if ctx.zoc is not None:
            zoc = zoc_step(ctx.zoc, player, here, h, costs)
            if zoc is None or (zoc[1] and n < len(points) - 1):
                return False
            spent += zoc[0]
        spent += step
        here = h
    return spent <= allowance


def judge_move(ctx: Context, u: Unit, dest: str, via: Sequence[str] = ()) -> tuple[str, str] | None:
    """Why ``u`` cannot end its Movement Phase in ``dest`` (rule, reason), or None if it can; with ``via``,
    after a traced path through those hexes (each reachable in turn).

    The rule cited is the one whose relaxation would make the move legal, tried in turn: terrain and
    prohibitions, enemy units, isolation, the ZOC-to-ZOC step, rail through or next to enemy zones
    (Movement (J)), the ZOC stop (the General Rule), the rail network and its conditions (Movement (J),
    Special Event L, Scenario B), and last the Movement Allowance (Movement (C)).
    """
    if can_reach(ctx, u, dest, via=via):
        return None
    b = ctx.board
    why = prohibition(ctx, u, dest)
    if why:
        return why
    player = player_of(u)
    if dest in ctx.occupied[enemy_of(player)]:
        return "Movement (F)", "units may never enter a hex containing Enemy units"
    if not via and ctx.zoc is not None and u.hex in ctx.zoc.hexes(enemy_of(player)) \
            and dest in b.neighbours(u.hex) and ctx.zoc.controls(enemy_of(player), dest):  # type: ignore[arg-type]
        # before isolation: Supply and Isolation (A) lets an isolated unit move one hex "Except for moving directly
        # from one Enemy controlled hex to another"
        return "Zones of Control (F)", "moving directly from one enemy controlled hex to another is forbidden"
    if u.id in ctx.isolated:
        return "Supply and Isolation (A)", "isolated units may move only one hex"
    stopped = [h for h in via if ctx.zoc is not None and ctx.zoc.controls(enemy_of(player), h)]
    if stopped:  # set down in an enemy controlled hex and moved on, on foot or by rail
        return "Zones of Control", (f"units must stop on entering an enemy controlled hex ({stopped[0]}) and may "
                                    "not move further in that Movement Phase")
    if can_reach(ctx, u, dest, rail_zoc=False, via=via):
        return "Movement (J)", ("units may not entrain in an Enemy Zone of Control, must move by rail along hexes "
                                "free of Enemy Zones of Control, and must detrain upon coming adjacent to an "
                                "Enemy unit with a Zone of Control")
    if can_reach(ctx, u, dest, ignore_zoc=True, via=via):
        return "Zones of Control", ("units must stop on entering an enemy controlled hex"
                                    + (" and may not move further in that Movement Phase" if via else
                                       "; every path within the Movement Allowance passes through one"))
    if can_reach(ctx, u, dest, rail="any", ignore_zoc=True, via=via):
        if ctx.state.get("rail_inoperative"):
            return "Special Event L", "railroads are inoperative this Game-Turn"
        if u.side == "allied" and ctx.scenario in ("B", "C", "E") and not flag(u, "reached_kemi"):
            return "Scenario B", "Allied units cannot move by rail until they reach Kemi where they may entrain"
        return "Movement (J)", ("rail movement only within the home country, along rail hexes connected to "
                                + ("Leningrad free of Finnish units" if player == "soviet" else
                                   "a Finnish city in Finnish hands free of Soviet units"))
    return "Movement (C)", (f"no path within the Movement Allowance of {u.value('movement'):g} (terrain costs, "
                            "enemy units, zones of control and rail movement considered"
                            + (", counted over the whole traced path)" if via else ")"))
