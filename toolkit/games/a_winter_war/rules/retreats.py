"""Rule 9F1, retreats, judged between the position at the instant of combat (``--before``) and after it: units
with state ``retreated`` moved one hex, to a hex they may enter, outside enemy ZOC when they could; one retreating
into an enemy ZOC is reduced to its cadre or eliminated; Soviet units with political police ignore retreats
(14G); the fortified zone unit is eliminated instead (29A2)."""

from __future__ import annotations

from collections.abc import Iterator

from ....rules.report import Violation, violation
from .common import BOOK, Context, enemy_of, is_ground, player_of
from .movement import crossing_allowed, hex_allowed

__all__: list[str] = []


@BOOK.rule("9F", "Retreats. Units retreat one hex according to these priorities: - To a hex outside enemy ZOC and "
           "respecting stacking. - To a hex outside enemy ZOC but over the stacking limit. - To a hex in enemy ZOC. "
           "In this case, a unit with a cadre is reduced to the cadre, otherwise it is eliminated.", scope="move")
def retreats(ctx: Context) -> Iterator[Violation]:
    if ctx.pos.phase != "combat" or ctx.before is None:
        return
    before = Context(ctx.before, ctx.board, ctx.charts)
    for u in ctx.pos.on_map():
        b = ctx.before.by_id.get(u.id)
        if not u.state.get("retreated") or b is None or b.hex is None or not is_ground(u):
            continue
        a, h = b.hex, u.hex
        assert h is not None
        player = player_of(u)
        enemy_hexes = before.occupied[enemy_of(player)]
        if player == "soviet" and any("police" in x.kind.unit_type.lower() for x in ctx.before.at(a)):
            yield violation("14G", f"{u.id} retreats from {a}, where political police stand: it ignores retreats",
                            [a], [u.id])
            continue
        if "fortified_zone" in u.kind.unit_type:
            yield violation("29A", f"fortified zone unit {u.id} retreats: it is eliminated instead (29A2)", [a],
                            [u.id])
            continue
        if h not in ctx.board.neighbours(a) and not u.state.get("continued"):
            yield violation("9F", f"{u.id} retreats from {a} to {h}, not one hex", [a, h], [u.id])
            continue
        if h in enemy_hexes or not hex_allowed(ctx, u, h) or not crossing_allowed(ctx, u, a, h):
            yield violation("9F", f"{u.id} retreats into {h}, a hex it may not enter", [a, h], [u.id])
            continue
        if not before.zoc.controls(enemy_of(player), h):
            continue
        free = [n for n in ctx.board.neighbours(a) if n not in enemy_hexes and hex_allowed(ctx, u, n)
                and crossing_allowed(ctx, u, a, n) and not before.zoc.controls(enemy_of(player), n)]
        if free:
            yield violation("9F", f"{u.id} retreats into the enemy ZOC in {h} while {', '.join(sorted(free))} "
                            "outside enemy ZOC was open", [a, h], [u.id])
        elif u.value("cadre_attack", -1) < 0 or b.state.get("cadre"):
            yield violation("9F", f"{u.id} retreats into the enemy ZOC in {h}: it is eliminated", [h], [u.id])
        elif not u.state.get("cadre"):
            yield violation("9F", f"{u.id} retreats into the enemy ZOC in {h}: it is reduced to its cadre", [h],
                            [u.id])
