"""Victory Conditions (with the Definition of "Capture"), Fortifications (F) and the Murmansk Defense:
who holds what, the Victory Point score as the position stands, and the Murmansk garrison."""

from __future__ import annotations

from typing import Any

from ....rules.report import Violation, violation
from .. import charts
from ..terrain import FINLAND
from .common import BOOK, Context, flag, is_blank, is_hq, player_of
from .supply import lines, rail_connected

__all__ = ["captured", "mannerheim_captured", "murmansk", "murmansk_garrison", "victory_points"]

CAPTURE = BOOK.cite("Victory Conditions", "For a city or objective to be considered captured by the Soviets, the "
                    "Soviets must occupy, or have been the last to pass through, the objective. They must also be "
                    "able to trace a \"line of communication\" from the objective to Leningrad.")
SCORING = BOOK.cite("Victory Conditions", "At the end of the tenth game-Turn, both Players should simultaneously "
                    "remove any of their units which are in an isolated state.")
FORT_F = BOOK.cite("Fortifications (F)", "If at any time prior to a given Combat Phase the Soviet Player occupies "
                   "(or was the last to occupy or pass through) all four hexes of the Mannerheim Line, then the "
                   "Finnish Player may no longer exercise the option to retreat before combat")
SCENARIO_E = BOOK.cite("Scenario E", "Increase the Soviet Player's victory points to 50 for capturing Petsamo, and "
                       "add 10 Victory Points to the value of each positive objective he captures")


def soviet_loc(ctx: Context) -> set[str]:
    """Hexes from which a Soviet line of communication reaches Leningrad (Victory Conditions,
    "Definition of Capture"): a connected Supply City, or five hexes to an HQ with its ten-hex line."""
    b = ctx.board
    connected = rail_connected(ctx, "soviet")
    out = {c for c in b.supply_cities if c in connected and c not in ctx.occupied["finnish"]}
    hqs = ctx.hq_city
    for u in ctx.pos.side_units("soviet"):
        if u.id in hqs:
            out |= set(lines(ctx, "soviet", [u.hex], max_length=5))  # type: ignore[list-item]
    return out


def finnish_loc_ok(ctx: Context, hex_id: str) -> bool:
    b = ctx.board
    reach = lines(ctx, "finnish", [hex_id])
    return any(b.in_country(h, FINLAND) for h in reach)


def captured(ctx: Context, hex_id: str, by: str, loc: set[str] | None = None) -> bool:
    """Definition of "Capture": occupy, or be the last to pass through, and trace a line of communication."""
    default = "finnish" if ctx.board.in_country(hex_id, FINLAND) else "soviet"
    if ctx.last_occupied(hex_id, default) != by:
        return False
    if by == "soviet":
        return hex_id in (loc if loc is not None else soviet_loc(ctx))
    return finnish_loc_ok(ctx, hex_id)


def mannerheim_captured(ctx: Context) -> bool:
    """Fortifications (F): the Soviets occupy or last passed through all four Mannerheim Line hexes."""
    m = ctx.board.mannerheim
    return bool(m) and all(ctx.last_occupied(h, "finnish") == "soviet" for h in m)


def victory_points(ctx: Context) -> dict[str, Any]:
    """Victory Point Schedule and Victory Levels, as the position stands."""
    b = ctx.board
    loc = soviet_loc(ctx)
    detail: dict[str, int] = {}
    e_bonus = 10 if ctx.scenario == "E" else 0  # Scenario E: +10 on each positive objective
    for h in b.west_of_viipuri:
        if captured(ctx, h, "soviet", loc):
            detail["row west of Viipuri"] = detail.get("row west of Viipuri", 0) + 5
    for name, pts in (("Viipuri", 25), ("Petsamo", 30), ("Oulu", 30)):
        where = b.named.get(name)
        if where and captured(ctx, where, "soviet", loc):
            detail[name] = (50 if name == "Petsamo" and e_bonus else pts + e_bonus)
    m = b.mannerheim
    if m and all(captured(ctx, h, "soviet", loc) for h in m):
        detail["Mannerheim Line"] = 40 + e_bonus
    # Scoring the Game: at the end of the tenth Game-Turn isolated units are removed before counting
    removed = ctx.isolated if ctx.pos.phase == "end" else set()
    finns_south = [u for u in ctx.pos.on_map() if player_of(u) == "finnish" and not is_blank(u)
                   and u.id not in removed and not b.north_of_row_a(u.hex)]  # type: ignore[arg-type]
    if not finns_south and ctx.pos.phase != "setup":
        detail["south of Row A cleared"] = 50
    allied_lost = sum(1 for u in ctx.pos.units if u.side == "allied" and u.hex is None and flag(u, "eliminated"))
    if allied_lost:
        detail["Allied units eliminated"] = 5 * allied_lost
    for city in b.supply_cities:
        if captured(ctx, city, "finnish"):
            name = b.tmap.name(city) or city
            pts = {"Leningrad": -100, "Murmansk": -20}.get(name, -10)
            detail[f"Finns hold {name}"] = pts
    pen = int(ctx.state.get("murmansk_penalties", 0) or 0)
    if pen and not ctx.optional_rule:
        detail["Murmansk Defense"] = -10 * pen
    total = sum(detail.values())
    return {"total": total, "level": charts.victory_level(total), "detail": detail}


@BOOK.rule("Murmansk Defense", "the Soviet Player must keep at least seven combat units (not including Headquarters) "
           "within a five hex radius of Murmansk for the duration of the game after the conclusion of Game-Turn 3. "
           "... NOTE: Do not use this rule when employing the Optional Scenario/Special Event rule.")
def murmansk(ctx: Context) -> list[Violation]:
    """Murmansk Defense: seven combat units (not HQs) within five hexes of Murmansk from Game-Turn 4
    (not with the Optional Scenario/Special Event rule)."""
    pos = ctx.pos
    if (ctx.optional_rule or pos.turn < charts.MURMANSK_FIRST_TURN
            or pos.player != "soviet" or pos.phase not in ("combat", "end")):
        return []
    n, murmansk = murmansk_garrison(ctx)
    if murmansk is None or n >= 7:
        return []
    return [violation("Murmansk Defense", f"only {n} Soviet combat units within five hexes of Murmansk (7 "
                      "required from Game-Turn 4): -10 Victory Points this Player-Turn", [murmansk])]


def murmansk_garrison(ctx: Context) -> tuple[int, str | None]:
    murmansk = ctx.board.named.get("Murmansk")
    if murmansk is None:
        return 0, None
    near = ctx.board.within(murmansk, 5)
    n = sum(1 for u in ctx.pos.side_units("soviet") if u.hex in near and not is_hq(u))
    return n, murmansk


