"""Supply and Isolation: Soviet supply through Headquarters to Supply Cities joined to Leningrad by rail,
Finnish supply outside Finland, and the :func:`context` every check starts from (zones of control and
isolation derived together)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from ....rules.paths import trace
from ....rules.position import Position, Unit
from ....rules.supply import line_filter
from ..charts import ICE_TURNS
from ..terrain import FINLAND, NORWAY, SWEDEN, WinterWarBoard
from .common import BOOK, Context, enemy_of, flag, is_blank, is_hq, is_nkvd, num, player_of
from .zoc import build_zoc

__all__ = ["capacity", "compute_supply", "context", "hq_cities", "line_step", "lines", "open_step", "passable",
           "rail_connected"]

GENERAL = BOOK.cite("Supply and Isolation", "Soviet units which cannot establish a proper supply line to such a city "
                    "are considered to be isolated. ... Finnish units in Finland can never be isolated.")
CASE_F = BOOK.cite("Supply and Isolation (F)", "The Soviet unit must be directly in a Supply City or within five "
                   "hexes of a Soviet Headquarters unit. This five-hex distance must be traced through passable "
                   "terrain, free of Finnish units or their Zones of Control. ... That Headquarters unit must itself "
                   "be able to trace a line of passable hexes no more than ten hexes in length, to a Soviet Supply "
                   "City. ... The Supply City to be used (if more than one is within ten hexes of the Headquarters "
                   "unit) is always the one closest to the Headquarters unit. ... If the Supply Capacity of the city "
                   "is exceeded, the excess Attack Strength Points (in terms of whole units) are isolated. ... That "
                   "Supply City must be connected to Leningrad by a continuous line of rail hexes, free of Finnish "
                   "units (but not necessarily free of Finnish Zones of Control). ... NKVD units and Headquarters "
                   "units; such units can never be isolated.")
CASE_G = BOOK.cite("Supply and Isolation (G)", "Finnish units operating outside of Finland can become isolated if "
                   "they cannot trace a continuous line of hexes, through passable terrain, back to any point within "
                   "Finland which is free of Soviet units or their Zones of Control.")
CASE_K = BOOK.cite("Supply and Isolation (K)", "When tracing Supply lines, the presence of Friendly units negates "
                   "the effect of Enemy Zones of Control in the hex occupied by the Friendly unit.")
EVENT_H = BOOK.cite("Special Event H", "Soviet's increase the supply capacity of Petrozadovsk to 90 Attack Combat "
                    "Strength Points for the remainder of the game. However, consider this result as \"no special "
                    "event\" if a Scenario is not already in effect.")


def passable(ctx: Context, hex_id: str) -> bool:
    """Passable terrain for supply lines and lines of communication."""
    b = ctx.board
    scandinavia = ctx.scandinavia_open()
    key = (hex_id, ctx.turn in ICE_TURNS, scandinavia)  # all it depends on (the board keeps the answers)
    found = b.passable_memo.get(key)
    if found is None:
        found = b.passable_memo[key] = b.prohibited_terrain(hex_id, ctx.turn) is None and not (
            b.country(hex_id) in (NORWAY, SWEDEN) and not scandinavia)
    return found


def open_step(ctx: Context) -> Callable[[str], tuple[str, ...]]:
    """Neighbours across crossable hexsides into enterable terrain (lines never cross major lake or sea)."""
    b, turn = ctx.board, ctx.turn
    return lambda h: b.open_neighbours(h, turn)


def line_step(ctx: Context, player: str) -> Callable[[str, str], bool]:
    """Supply and Isolation (F)/(G)/(K): lines through passable terrain, free of enemy units and
    of enemy ZOC except where a friendly unit stands (the generic :func:`toolkit.rules.supply.line_filter`)."""
    assert ctx.zoc is not None
    test = line_filter(enemy_units=ctx.occupied[enemy_of(player)], zoc=ctx.zoc, side=player,
                       friendly_units=ctx.occupied[player], passable=lambda h: passable(ctx, h))
    ok: dict[str, bool] = {}

    def enter(a: str, h: str) -> bool:
        v = ok.get(h)
        if v is None:
            v = ok[h] = test(h)
        return v

    return enter


#: at most this many lines are kept on the board (a long-running process judging unrelated positions)
LINE_MEMO = 4096


def lines(ctx: Context, player: str, sources: list[str], max_length: int | None = None,
          targets: Collection[str] = ()) -> dict[str, int]:
    """:func:`toolkit.rules.paths.trace` of ``player``'s lines (:func:`line_step`, :func:`open_step`) from
    ``sources``, kept on the board by all it reads: the hexes enemy units or enemy ZOC without a friendly unit
    close, the ice season and whether Scandinavia is open (passable terrain, hexsides), the length limit and
    the targets; of a line of limited length, only the blocked hexes a line could reach were none blocked (the
    line's area). Positions of one game share most lines (an audit judges the same lines again and again). The
    answer is shared: read it, do not change it."""
    b = ctx.board
    assert ctx.zoc is not None
    zk = (player, ctx.zoc)
    blocked = ctx.line_blocks.get(zk)
    if blocked is None:
        blocked = ctx.line_blocks[zk] = frozenset(
            ctx.occupied[enemy_of(player)] | (ctx.zoc.enemy_hexes(player) - ctx.occupied[player]))
    ice, scandinavia = ctx.turn in ICE_TURNS, ctx.scandinavia_open()
    memo = b.line_memo
    if max_length is not None:  # only the blocked hexes within reach of an unblocked line matter
        area_key = ("area", tuple(sources), max_length, ice, scandinavia)
        area: frozenset[str] | None = memo.get(area_key)
        if area is None:
            area = memo[area_key] = frozenset(trace(b, sources, lambda a, h: passable(ctx, h), max_length=max_length,
                                                    neighbours=open_step(ctx)))
        blocked = blocked & area
    key = ("line", player, tuple(sources), max_length, frozenset(targets), ice, scandinavia, blocked)
    found: dict[str, int] | None = memo.get(key)
    if found is None:
        if len(memo) >= LINE_MEMO:
            memo.clear()
        found = memo[key] = trace(b, sources, line_step(ctx, player), max_length=max_length, targets=targets,
                                  neighbours=open_step(ctx))
    return found


def rail_connected(ctx: Context, player: str) -> set[str]:
    """Rail hexes joined to the player's rail source by rail free of enemy units (ZOC allowed).

    Soviet: Leningrad (Supply (F), Movement (J)). Finnish: any Finnish City in Finnish hands.
    """
    b = ctx.board
    enemy_hexes = ctx.occupied[enemy_of(player)]
    if player == "soviet":  # all it reads: the Finnish-held hexes (kept on the board)
        key = ("rail", frozenset(enemy_hexes))
        found: set[str] | None = b.line_memo.get(key)
        if found is None:
            if len(b.line_memo) >= LINE_MEMO:
                b.line_memo.clear()
            found = b.line_memo[key] = _rail_connected(b, enemy_hexes, player)
        return set(found)
    return _rail_connected(b, enemy_hexes, player, ctx)


def _rail_connected(b: WinterWarBoard, enemy_hexes: set[str], player: str, ctx: Context | None = None) -> set[str]:
    if player == "soviet":
        sources = [b.named["Leningrad"]] if "Leningrad" in b.named else []
    else:
        assert ctx is not None
        sources = [h for h in b.finnish_cities if ctx.last_occupied(h, "finnish") == "finnish"]
    sources = [s for s in sources if s not in enemy_hexes]
    seen = set(sources)
    stack = list(sources)
    while stack:
        h = stack.pop()
        for n in b.rail_net.get(h, ()):
            if n not in seen and n not in enemy_hexes:
                seen.add(n)
                stack.append(n)
    return seen


def capacity(ctx: Context, city: str) -> float:
    cap = ctx.board.supply_cities[city]
    if city == ctx.board.named.get("Leningrad"):
        return float("inf")  # Supply (F): Leningrad exceeds the needs of the entire Soviet Army
    # Special Event H: Petrozavodsk supplies 90 (only if a Scenario is already in effect)
    if "H" in ctx.events and ctx.scenario and city == ctx.board.named.get("Petrozavodsk"):
        return 90
    return cap


def hq_cities(ctx: Context) -> dict[str, str]:
    """HQ id -> the Supply City it draws on (Supply and Isolation (F)): "always the one closest to the
    Headquarters unit" among those its line of at most ten hexes reaches, and "That Supply City must be
    connected to Leningrad by a continuous line of rail hexes": an HQ whose closest city is cut off from
    Leningrad supplies nothing (it may not draw on a more distant city). Ties go to a connected city, then
    to the larger capacity.

    Lines are traced outward from each city (one search per city, not per HQ); a city held by Finnish units,
    or in a Finnish ZOC with no Soviet unit in it, starts no line.
    """
    b = ctx.board
    hq_hexes: dict[str, list[str]] = {}
    for u in ctx.pos.side_units("soviet"):
        if is_hq(u):
            hq_hexes.setdefault(u.hex, []).append(u.id)  # type: ignore[arg-type]
    if not hq_hexes:
        return {}
    connected = rail_connected(ctx, "soviet")
    best: dict[str, tuple[int, bool, float, str]] = {}
    for c in b.supply_cities:
        if c in ctx.occupied["finnish"]:
            continue
        if c not in ctx.occupied["soviet"] and ctx.zoc is not None and ctx.zoc.controls("finnish", c):
            continue
        # only the HQs' hexes are read: the search ends once it has reached them all
        dist = lines(ctx, "soviet", [c], max_length=10, targets=hq_hexes)
        key_cap = -capacity(ctx, c)
        for h in hq_hexes:
            d = dist.get(h)
            if d is not None:
                cand = (d, c not in connected, key_cap, c)
                if h not in best or cand < best[h]:
                    best[h] = cand
    return {uid: best[h][3] for h, ids in hq_hexes.items() if h in best and best[h][3] in connected
            for uid in ids}


def compute_supply(ctx: Context) -> None:
    """Supply and Isolation: which units are isolated now."""
    b = ctx.board
    ctx.isolated = set()
    ctx.supply_source = {}
    ctx.city_load = {}
    soviets = [u for u in ctx.pos.side_units("soviet") if not is_blank(u)]
    hq_city = ctx.hq_city = hq_cities(ctx)
    connected = rail_connected(ctx, "soviet")
    hq_reach: dict[str, dict[str, int]] = {}
    for u in soviets:
        if u.id in hq_city:
            hq_reach[u.id] = lines(ctx, "soviet", [u.hex], max_length=5)  # type: ignore[list-item]
    # candidates: unit -> cities it may draw on (directly in a city, or via an HQ within five hexes)
    load: dict[str, list[Unit]] = {}
    remaining: dict[str, float] = {c: capacity(ctx, c) for c in b.supply_cities}
    needy = [u for u in soviets if not (is_hq(u) or is_nkvd(u))]  # Supply (F): HQ and NKVD never isolated
    needy.sort(key=lambda u: (flag(u, "isolated"), -u.value("attack"), u.id))
    for u in needy:
        options: list[tuple[str, str]] = []
        if u.hex in b.supply_cities and u.hex in connected:
            options.append((u.hex, u.hex))  # type: ignore[arg-type]
        for hq_id, reach in hq_reach.items():
            if u.hex in reach:
                options.append((hq_city[hq_id], hq_id))
        if not options:
            ctx.isolated.add(u.id)
            continue
        city, via = max(options, key=lambda o: (remaining[o[0]], o[1]))
        load.setdefault(city, []).append(u)
        remaining[city] -= u.value("attack")
        ctx.supply_source[u.id] = via
    # Supply (F): capacity exceeded -> the excess (whole units) isolated, chosen by the Soviet player:
    # the units the position marks isolated first, then the strongest (fewest units isolated).
    for city, units in load.items():
        cap = capacity(ctx, city)
        total = sum(u.value("attack") for u in units)
        entry: dict[str, Any] = {"capacity": None if cap == float("inf") else int(cap), "load": num(total)}
        if total > cap:
            excess = total - cap
            for u in sorted(units, key=lambda u: (not flag(u, "isolated"), -u.value("attack"), u.id)):
                if excess <= 0:
                    break
                ctx.isolated.add(u.id)
                ctx.supply_source.pop(u.id, None)
                excess -= u.value("attack")
            entry["overflow"] = num(total - cap)
        ctx.city_load[b.tmap.name(city) or city] = entry
    # Supply and Isolation (G): Finnish units outside Finland trace any line back into Finland.
    abroad = [u for u in ctx.pos.side_units("finnish") + ctx.pos.side_units("allied")
              if not is_blank(u) and not b.in_country(u.hex, FINLAND)]  # type: ignore[arg-type]
    if abroad:
        for u in abroad:
            reach = lines(ctx, "finnish", [u.hex])  # type: ignore[list-item]
            if not any(b.in_country(h, FINLAND) and h not in ctx.occupied["soviet"]
                       and (h in ctx.occupied["finnish"] or not ctx.zoc.controls("soviet", h))  # type: ignore[union-attr]
                       for h in reach):
                ctx.isolated.add(u.id)


def context(board: WinterWarBoard, position: Position) -> Context:
    """Derive ZOC and supply together: isolated units exert no ZOC (Zones of Control (H)), which can
    only free more lines, so the isolated set shrinks to a fixed point."""
    ctx = Context(position, board)
    full = ctx.zoc = build_zoc(ctx, set())
    finns_abroad = any(player_of(u) == "finnish" and not is_blank(u)
                       and not ctx.board.in_country(u.hex, FINLAND)  # type: ignore[arg-type]
                       for u in position.on_map())
    for _ in range(8):
        compute_supply(ctx)
        zoc = full.without(ctx.isolated)
        changed = {side for side in ("finnish", "soviet") if zoc.hexes(side) != ctx.zoc.hexes(side)}
        ctx.zoc = zoc
        # Soviet lines depend on Finnish ZOCs; Finnish lines (only for Finns abroad) on Soviet ZOCs
        if "finnish" not in changed and not ("soviet" in changed and finns_abroad):
            break
    return ctx

