"""Rule 7A, Railways: rail movement (7A1), rail capacity (7A2) and breaking railways (7A3, errata)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from fractions import Fraction

from ....rules.position import Unit
from ....rules.report import Violation, violation
from ..charts import RAIL_CAPACITY, RAIL_CAPACITY_36G
from .common import BOOK, Context, defense_of, enemy_of, is_cavalry, is_cm, is_hq, is_position_aa, player_of, re_of
from .movement import moved_units

__all__ = ["rail_path", "rail_re"]


def rail_re(u: Unit, low: bool) -> Fraction:
    """7A2: a unit's RE, doubled for cavalry and c/m (3A3), doubled again on a low-capacity railway."""
    value = re_of(u) * (2 if is_cavalry(u) or is_cm(u) else 1)
    return value * (2 if low else 1)


def rail_path(ctx: Context, u: Unit, a: str, b: str) -> tuple[list[str], bool] | None:
    """The rail route from ``a`` to ``b`` (hexes, whether it uses a low-capacity railway), None when there is none
    along friendly rail hexes that avoids broken rail and enemy ZOC (7A1: unless a friendly unit with a
    defence above 0 holds the hex)."""
    player = player_of(u)
    broken = set(ctx.pos.state.get("broken_rail") or ())
    holders = {x.hex for x in ctx.ground(player) if defense_of(x) > 0 and x.id != u.id}

    def ok(h: str) -> bool:
        if h in broken or ctx.owner(h) not in (player, None):
            return False
        return not ctx.zoc.controls(enemy_of(player), h) or h in holders

    if not ok(a):
        return None
    prev: dict[tuple[str, bool], tuple[str, bool] | None] = {(a, False): None}
    todo = deque([(a, False)])
    while todo:
        h, low = todo.popleft()
        if h == b:
            path = []
            node: tuple[str, bool] | None = (h, low)
            while node is not None:
                path.append(node[0])
                node = prev[node]
            return path[::-1], low
        for n in ctx.board.rail_net.get(h, ()):
            nl = low or ctx.board.rail_side(h, n) == "low"
            if (n, nl) not in prev and ok(n):
                prev[(n, nl)] = (h, low)
                todo.append((n, nl))
    return None


@BOOK.rule("7A1", "Units of the active player may use it only in the movement phase. ... - A unit may not enter/leave "
           "a hex under enemy ZOC. Exception: if a friendly unit with a defensive value greater than 0 occupies the "
           "hex for the whole phase, the ZOC is cancelled for this purpose. - A unit may move only along friendly "
           "rail hexes connected to a complete supply source.", scope="move")
def rail_movement(ctx: Context) -> Iterator[Violation]:
    from .supply import rail_component, sources
    for u, a, b in moved_units(ctx):
        if not u.state.get("rail"):
            continue
        if ctx.pos.phase != "movement":
            yield violation("7A1", f"{u.id} moves by rail in the {ctx.pos.phase} phase", [a, b], [u.id])
            continue
        if player_of(u) != ctx.pos.player:
            yield violation("7A1", f"{u.id} moves by rail in the other player's turn", [a, b], [u.id])
            continue
        found = rail_path(ctx, u, a, b)
        if found is None:
            yield violation("7A1", f"{u.id} has no rail route from {a} to {b} along friendly, unbroken rail hexes "
                            "clear of enemy ZOC", [a, b], [u.id])
            continue
        if not rail_component(ctx, a) & sources(ctx, player_of(u)):
            yield violation("7A1", f"{u.id} moves on a railway not connected to a complete supply source", [a, b],
                            [u.id])


@BOOK.rule("7A2", "Cavalry and c/m units count double. ... Using a low-capacity railway doubles the RE value again "
           "(cumulative). Capacity: USSR = 15 RE/turn, Finland = 5 RE/turn.", scope="move")
def rail_capacity(ctx: Context) -> Iterator[Violation]:
    """The RE moved by rail this turn (``state.rail_used`` before this position, plus the units moved by rail now)
    within the capacity (30 RE for the Soviets under 36G), less marshalling-yard hits (20F1d,
    ``state.rail_capacity_hits``)."""
    optional = {str(o).upper() for o in ctx.pos.state.get("optional_rules") or ()}
    for player in ("soviet", "finnish"):
        cap = Fraction(RAIL_CAPACITY_36G if player == "soviet" and "36G" in optional else RAIL_CAPACITY[player])
        cap -= Fraction(str((ctx.pos.state.get("rail_capacity_hits") or {}).get(player, 0)))
        used = Fraction(str((ctx.pos.state.get("rail_used") or {}).get(player, 0)))
        movers = []
        for u, a, b in moved_units(ctx):
            if u.state.get("rail") and player_of(u) == player:
                found = rail_path(ctx, u, a, b)
                used += rail_re(u, bool(u.state.get("rail_low")) or bool(found and found[1]))
                movers.append(u.id)
        if used > cap:
            yield violation("7A2", f"{player} units moved by rail this turn count {float(used):g} RE, more than the "
                            f"capacity of {float(cap):g} RE", [], movers)


@BOOK.rule("7A3", "A unit may destroy a railway in a hex by spending 2 MP. ... A unit may damage only one "
           "railway hex per movement phase, whatever the number of MP spent.")
def rail_breaking(ctx: Context) -> Iterator[Violation]:
    """Unit state ``broke_rail``: the hexes it broke this phase; HQs (14C), position AA (22A3) and partisans
    (14F2) may not."""
    for u in ctx.ground():
        broke = u.state.get("broke_rail")
        if not broke:
            continue
        hexes = broke if isinstance(broke, list) else [broke]
        if is_hq(u) or is_position_aa(u) or u.state.get("partisan_mode"):
            yield violation("7A3", f"{u.id} may not destroy a railway (HQ 14C, position AA 22A3, partisan 14F2)",
                            [str(h) for h in hexes], [u.id])
        elif len(hexes) > 1:
            yield violation("7A3", f"{u.id} breaks {len(hexes)} railway hexes in one movement phase (errata: one)",
                            [str(h) for h in hexes], [u.id])


@BOOK.rule("17D", "A ground unit may reduce the capacity of a base by spending 2 MP to inflict one point of damage.")
def base_and_port_damage(ctx: Context) -> Iterator[Violation]:
    """Unit state ``damaged``: the air base or port hex it damaged this phase. HQs (14C), position AA (22A3) and
    partisans (14F2) may not; only in the movement and exploitation phases (sequence of play); the hex must hold
    an air base or a port."""
    for u in ctx.ground():
        hex_id = u.state.get("damaged")
        if not hex_id:
            continue
        h = str(hex_id)
        if is_hq(u) or is_position_aa(u) or u.state.get("partisan_mode"):
            yield violation("17D", f"{u.id} may not damage an air base or port (HQ 14C, position AA 22A3, partisan "
                            "14F2)", [h], [u.id])
        elif ctx.pos.phase not in ("movement", "exploitation"):
            yield violation("17D", f"{u.id} damages {h} in the {ctx.pos.phase} phase", [h], [u.id])
        elif h != u.hex or not (ctx.board.airbase(h) or ctx.board.port(h)):
            yield violation("17D", f"{u.id} damages {h}, not an air base or port in its own hex", [h], [u.id])
