"""Rule 12, Supply, and 3F, Isolation: sources (12C), lines that avoid enemy units and unoccupied enemy ZOCs
(12A), and isolation: no land line of any length to a complete source (3F).

The Supply Lines Summary's land and road lengths are not in the rules text, so "out of supply" is the
players' declaration (unit state ``unsupplied``) unless a chart file gives them; isolation needs no chart and
is judged: a unit's ``isolated`` state must agree with the map at the initial and combat phases (3F).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ....rules.position import Unit
from ....rules.report import Violation, violation
from .common import BOOK, Context, enemy_of, player_of
from .movement import NEUTRAL

__all__ = ["isolated_units", "rail_component", "sources"]

TAMPERE = "35:3825"
SWEDISH_SOURCES = ("35:1533", "35:2333")
NARVIK = "35:0126"


def rail_component(ctx: Context, start: str) -> set[str]:
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in ctx.board.rail_net.get(h, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def sources(ctx: Context, player: str) -> set[str]:
    """12C complete sources: Soviet, every USSR railway hex on the southern map edge; Finnish, the Tampere factory
    (not destroyed, joined by railway to an operating major Finnish port), Storuman 35:1533 and 35:2333 while
    Sweden does not resist (31B), Narvik once the intervention is triggered (12C1c)."""
    b = ctx.board
    if player == "soviet":
        return {h for h in b.tmap.find(tag="south_edge") if b.country(h) == "ussr" and b.rail_net.get(h)}
    out: set[str] = set()
    if TAMPERE in b.tmap and not ctx.pos.state.get("factory_destroyed") and ctx.owner(TAMPERE) == "finnish":
        damage = ctx.pos.state.get("port_damage") or {}
        ports = [h for h in rail_component(ctx, TAMPERE) if b.port(h) in ("major", "great")
                 and b.country(h) == "finland" and ctx.owner(h) == "finnish" and int(damage.get(h, 0)) < 10]
        if ports:
            out.add(TAMPERE)
    if not ctx.pos.state.get("sweden_resists"):
        out.update(h for h in (*SWEDISH_SOURCES, *b.tmap.find(tag="swedish_source")) if h in b.tmap)
    if ctx.pos.state.get("intervention") and NARVIK in b.tmap:
        out.add(NARVIK)
    return out


def _passable(ctx: Context, player: str, h: str) -> bool:
    """12A: not an enemy hex, not an enemy ZOC without a friendly unit, not a forbidden hex."""
    if h in ctx.occupied[enemy_of(player)] or not ctx.board.is_land(h):
        return False
    country = ctx.board.country(h)
    if country in NEUTRAL and not (player == "finnish" and country == "sweden"):
        return False
    return not (ctx.zoc.controls(enemy_of(player), h) and h not in ctx.occupied[player])


def _side_ok(ctx: Context, a: str, b: str) -> bool:
    water = ctx.board.water_side(a, b)
    if water is None or "bridged" in ctx.board.side(a, b):
        return True
    return ctx.board.side_frozen(a, b, ctx.gulf_frozen) or water == "strait"


def reachable_from_sources(ctx: Context, player: str) -> set[str]:
    """Every hex a land line of any length joins to a complete source of ``player`` (3F); Soviet lines do not pass
    through a captured Finnish city without its garrison (30B3)."""
    from .nations import ungarrisoned
    start = sources(ctx, player)
    closed = ungarrisoned(ctx) if player == "soviet" else set()
    seen = {h for h in start if h in ctx.board.tmap}
    todo = deque(seen)
    while todo:
        h = todo.popleft()
        if h not in start and (not _passable(ctx, player, h) or h in closed):
            continue
        for n in ctx.board.neighbours(h):
            if n not in seen and _side_ok(ctx, h, n):
                seen.add(n)
                todo.append(n)
    return seen


def isolated_units(ctx: Context) -> set[str]:
    """Units with no land line to a complete source (3F); units in partisan mode never are (14F2)."""
    out: set[str] = set()
    for player in ("finnish", "soviet"):
        joined = reachable_from_sources(ctx, player)
        for u in ctx.ground(player):
            if u.state.get("partisan_mode"):
                continue
            if u.hex not in joined:
                out.add(u.id)
    return out


@BOOK.rule("3F", "A unit or hex is isolated if no land supply line (of any length) can be traced to a complete supply "
           "source of the player concerned (see rule 12). Isolation is checked twice per player turn: at the start "
           "of the initial phase and of the combat phase.")
def isolation_status(ctx: Context) -> Iterator[Violation]:
    """At the initial and combat phases a unit's ``isolated`` state must be what the map says."""
    if ctx.pos.phase not in ("initial", "combat"):
        return
    found = isolated_units(ctx)
    for u in ctx.ground():
        marked = bool(u.state.get("isolated"))
        if marked != (u.id in found):
            what = "has no land line to a complete source but is not marked isolated" if not marked else \
                "is marked isolated but a land line joins it to a complete source"
            yield violation("3F", f"{u.id} in {u.hex} {what}", [u.hex], [u.id])


def supplied(u: Unit) -> bool:
    return not (u.state.get("unsupplied") or u.state.get("isolated"))


@BOOK.rule("12B", "Supply is checked at each initial phase. A unit out of supply at the start of a turn remains out "
           "of supply for the whole turn.", scope="move")
def supply_kept(ctx: Context) -> Iterator[Violation]:
    """Between two positions of one player turn after the initial phase, a unit out of supply stays so."""
    if ctx.before is None or ctx.before.phase == "initial" or ctx.before.turn != ctx.pos.turn:
        return
    for u in ctx.pos.on_map():
        b = ctx.before.by_id.get(u.id)
        if b is not None and not supplied(b) and b.state.get("unsupplied") and not u.state.get("unsupplied"):
            yield violation("12B", f"{u.id} was out of supply this turn and is now in supply", [u.hex], [u.id])


def player_units(ctx: Context, player: str) -> list[Unit]:
    return [u for u in ctx.ground() if player_of(u) == player]


def _limit(ctx: Context, row: str, column: str, optimistic: bool) -> float | None:
    """A Supply Lines Summary length: None for unlimited; an unknown one is unlimited (optimistic) or 0."""
    value = ctx.charts.get("supply", row, column)
    if value is None:
        return None if optimistic else 0
    return None if value == "unlimited" else float(value)


def supply_line(ctx: Context, u: Unit, optimistic: bool) -> bool:
    """12B: a land element (to a road, railway or source, through any hex 12A allows), then road (friendly hexes),
    then rail (friendly hexes, unlimited on high-capacity lines, 7 hexes of low-capacity line in all) to a complete
    source. Lengths from the Supply Lines Summary (the Arctic column in weather zone A, 28)."""
    from ....rules.supply import Leg, trace_supply
    player = player_of(u)
    col = "arctic" if ctx.board.arctic(u.hex) else "normal"  # type: ignore[arg-type]
    friendly = lambda h: ctx.owner(h) == player  # noqa: E731

    def land(a: str, b: str) -> float | None:
        return 1 if _side_ok(ctx, a, b) else None

    def road(a: str, b: str) -> float | None:
        return 1 if {"road", "rail"} & ctx.board.side(a, b) and friendly(b) else None

    def rail(a: str, b: str) -> float | None:
        kind = ctx.board.rail_side(a, b)
        if kind is None or not friendly(b):
            return None
        return 1 if kind == "low" else 0

    legs = [Leg("land", land, _limit(ctx, "land (hexes)", col, optimistic)),
            Leg("road", road, _limit(ctx, "road (hexes)", col, optimistic)),
            Leg("rail", rail, _limit(ctx, "low-capacity rail (hexes)", col, optimistic))]
    srcs = sources(ctx, player)
    line = trace_supply(ctx.board, u.hex, legs, lambda h: h in srcs,  # type: ignore[arg-type]
                        enter=lambda h: _passable(ctx, player, h) or h in srcs)
    return line is not None


@BOOK.rule("12B", "Supply is traced from the unit to a source, via three elements: land, road, rail.")
def supply_status(ctx: Context) -> Iterator[Violation]:
    """At the initial phase a unit's ``unsupplied`` (or ``isolated``) state must agree with its supply line when the
    Supply Lines Summary decides it: no line even with unknown lengths unlimited, or a line with them at 0; in
    between "not judged". Partisans in partisan mode are always supplied (14F2)."""
    if ctx.pos.phase != "initial":
        return
    isolated = isolated_units(ctx)
    for u in ctx.ground():
        if u.state.get("partisan_mode"):
            continue
        declared = not supplied(u)
        col = "arctic" if ctx.board.arctic(u.hex) else "normal"  # type: ignore[arg-type]
        unlimited_land = _limit(ctx, "land (hexes)", col, True) is None
        # with an unlimited land element the optimistic line is the isolation test's (3F), already traced
        possible = u.id not in isolated if unlimited_land else supply_line(ctx, u, optimistic=True)
        if not possible:
            if not declared:
                yield violation("12B", f"{u.id} in {u.hex} has no supply line but is not marked unsupplied", [u.hex],
                                [u.id])
        elif supply_line(ctx, u, optimistic=False):
            if declared:
                yield violation("12B", f"{u.id} in {u.hex} is marked unsupplied but traces a supply line", [u.hex],
                                [u.id])
        else:
            ctx.not_judged.append(f"12B: {u.id}: not judged: Supply Lines Summary value unknown")
