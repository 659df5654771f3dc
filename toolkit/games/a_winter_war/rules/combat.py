"""Rule 9, Combat, on the attacks a position declares (``state.attacks``): who may attack which hex, from where
and how often (9, 9B, 8B, 9G, 28, 30A4, 31C), and what an exchange costs each side (9C, 9D, 9E).

An attack is ``{hex: target, attackers: [ids], result: HX, attacker_losses: [ids], defender_losses: [ids]}``;
a unit listed twice in a loss list was reduced to its cadre and the cadre then eliminated (9E).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ....rules.position import Unit
from ....rules.report import Violation, violation
from ....rules.stacking import fits_slots
from ...chart_values import NotJudged
from ..combat import ODDS, exchange_losses
from .common import (
    BOOK,
    Context,
    attack_of,
    defense_of,
    enemy_of,
    is_air,
    is_artillery,
    is_cavalry,
    is_divisional,
    is_ground,
    is_naval,
    player_of,
)
from .movement import KRONSTADT, crossing_allowed, leningrad_hexes
from .stacking import counted, limit_for
from .strengths import crossed_rows, safe_odds, terrain_drm

__all__ = ["attacks", "loss_value"]

#: Q&A (29B2): "Attacks across hexsides 4516/4515 and 4614/4715 are forbidden."
VUOKSA_NO_ATTACK = ({"35:4516", "35:4515"}, {"35:4614", "35:4715"})


def attacks(ctx: Context) -> list[dict[str, Any]]:
    raw = ctx.pos.state.get("attacks") or []
    return [a for a in raw if isinstance(a, dict)]


def _units(ctx: Context, ids: Any) -> list[Unit]:
    return [ctx.pos.by_id[str(i)] for i in ids or () if str(i) in ctx.pos.by_id]


def loss_value(units: list[Unit], side: str) -> Fraction:
    """9D/9E: printed strengths (the attacker's attack, the defender's defence); a unit listed twice was reduced
    (its full strength) and its cadre then eliminated (the cadre's strength). Air and naval units never count
    (9D, 38B1)."""
    total = Fraction(0)
    seen: set[str] = set()
    key = "attack" if side == "attacker" else "defense"
    for u in units:
        if is_air(u) or is_naval(u):
            continue
        if u.id in seen:
            total += Fraction(u.value(f"cadre_{key}")).limit_denominator(100)
        else:
            total += attack_of(u) if side == "attacker" else defense_of(u)
        seen.add(u.id)
    return total


@BOOK.rule("9", "During the combat phase, the units of the active player may attack adjacent enemy units.")
def who_attacks(ctx: Context) -> Iterator[Violation]:
    if not attacks(ctx):
        return
    if ctx.pos.phase != "combat":
        yield violation("9", f"attacks are declared in the {ctx.pos.phase} phase, not the combat phase")
        return
    for n, atk in enumerate(attacks(ctx), 1):
        target = str(atk.get("hex", ""))
        for u in _units(ctx, atk.get("attackers")):
            # where it attacked from: its hex at the start of the phase when given (it may have advanced since)
            was = ctx.before.by_id[u.id] if ctx.before is not None and u.id in ctx.before.by_id else u
            if player_of(u) != ctx.pos.player or not is_ground(u):
                yield violation("9", f"attack {n}: {u.id} is not a unit of the active player", [u.hex], [u.id])
            elif was.hex is not None and target not in ctx.board.neighbours(was.hex):
                yield violation("9", f"attack {n}: {u.id} in {was.hex} is not adjacent to {target}", [was.hex, target],
                                [u.id])
        # the hex as it stood when attacked: at the start of the phase when given (a DR defender has left it)
        held = list(ctx.pos.at(target)) + (list(ctx.before.at(target)) if ctx.before is not None else [])
        if not any(player_of(d) == enemy_of(ctx.pos.player) for d in held if is_ground(d)):
            yield violation("9", f"attack {n}: {target} holds no enemy unit", [target])


@BOOK.rule("9B", "No unit may attack/be attacked more than once per phase. - No attack may target a forbidden hex nor "
           "cross a forbidden hexside.")
def attack_restrictions(ctx: Context) -> Iterator[Violation]:
    if ctx.pos.phase != "combat":
        return
    seen_units: dict[str, int] = {}
    seen_hexes: dict[str, int] = {}
    for n, atk in enumerate(attacks(ctx), 1):
        target = str(atk.get("hex", ""))
        if target in seen_hexes:
            yield violation("9B", f"attack {n}: {target} was already attacked (attack {seen_hexes[target]})", [target])
        seen_hexes.setdefault(target, n)
        for u in _units(ctx, atk.get("attackers")):
            if u.id in seen_units:
                yield violation("9B", f"attack {n}: {u.id} already attacked (attack {seen_units[u.id]})", [u.hex],
                                [u.id])
            seen_units.setdefault(u.id, n)
            if u.hex is None or target not in ctx.board.neighbours(u.hex):
                continue
            if not ctx.board.is_land(target) or not crossing_allowed(ctx, u, u.hex, target) or \
                    {u.hex, target} in VUOKSA_NO_ATTACK:
                yield violation("9B", f"attack {n}: {u.id} attacks {target} across a forbidden hexside or into a "
                                "forbidden hex", [u.hex, target], [u.id])


@BOOK.rule("8B", "The stacking limit of a hex also determines how many units may attack it, or overrun it, from each "
           "adjacent hex.")
def attackers_per_hex(ctx: Context) -> Iterator[Violation]:
    if ctx.pos.phase != "combat":
        return
    for n, atk in enumerate(attacks(ctx), 1):
        target = str(atk.get("hex", ""))
        by_hex: dict[str, list[Unit]] = {}
        for u in _units(ctx, atk.get("attackers")):
            if u.hex is not None and counted(u):
                by_hex.setdefault(u.hex, []).append(u)
        for h, group in by_hex.items():
            lim = limit_for(ctx, target, ctx.pos.player, group)
            if not fits_slots(group, lim.slots):
                yield violation("8B", f"attack {n}: {len(group)} units attack {target} from {h}, more than the "
                                f"target hex's limit {lim.where}", [h, target], [u.id for u in group])


@BOOK.rule("9G", "A unit with attack strength 0 may not attack alone, but may take part in an allied attack")
def zero_strength_attack(ctx: Context) -> Iterator[Violation]:
    if ctx.pos.phase != "combat":
        return
    for n, atk in enumerate(attacks(ctx), 1):
        units = _units(ctx, atk.get("attackers"))
        if units and all(attack_of(u) == 0 for u in units):
            yield violation("9G", f"attack {n}: only units of attack strength 0 attack", [str(atk.get("hex"))],
                            [u.id for u in units])


@BOOK.rule("30A4", "Finnish and foreign volunteer land units may never enter or attack a Leningrad hex (35:5014 and "
           "its adjacent partial hexes) or Kronstadt (35:4916).")
def attack_leningrad(ctx: Context) -> Iterator[Violation]:
    banned = leningrad_hexes(ctx) | {KRONSTADT}
    for n, atk in enumerate(attacks(ctx), 1):
        if str(atk.get("hex")) not in banned:
            continue
        for u in _units(ctx, atk.get("attackers")):
            if player_of(u) == "finnish" and u.side != "allied":
                yield violation("30A4", f"attack {n}: {u.id} attacks {atk.get('hex')}", [str(atk.get("hex"))], [u.id])


@BOOK.rule("28", "Cavalry may not enter/attack a hex in the Arctic.")
def cavalry_attack_arctic(ctx: Context) -> Iterator[Violation]:
    for n, atk in enumerate(attacks(ctx), 1):
        target = str(atk.get("hex"))
        if target in ctx.board.tmap and ctx.board.arctic(target):
            for u in _units(ctx, atk.get("attackers")):
                if is_cavalry(u):
                    yield violation("28", f"attack {n}: cavalry {u.id} attacks {target} in the Arctic", [target],
                                    [u.id])


@BOOK.rule("9C", "HX (Half Exchange): the side with the lower printed strength is eliminated (or the defender in case "
           "of a tie). ... On the opposing side, eliminate units for a loss of at least half the strength eliminated "
           "on the first side. ... EX (Exchange): ... On the opposing side, eliminate units for a loss at least equal "
           "to that of the eliminated side.")
def exchange(ctx: Context) -> Iterator[Violation]:
    """With ``result: HX|EX`` and the loss lists, the losses are checked on printed strengths (9D), cadres counted
    in full (9E)."""
    for n, atk in enumerate(attacks(ctx), 1):
        result = str(atk.get("result", "")).upper()
        if result not in ("HX", "EX") or "attacker_losses" not in atk:
            continue
        target = str(atk.get("hex"))
        attackers = [u for u in _units(ctx, atk.get("attackers")) if is_ground(u)]
        defenders = [u for u in ctx.pos.at(target) if is_ground(u) and player_of(u) != ctx.pos.player]
        a_printed = sum((attack_of(u) for u in attackers), Fraction(0))
        d_printed = sum((defense_of(u) for u in defenders), Fraction(0))
        ex = exchange_losses(result, a_printed, d_printed)
        assert ex is not None
        lost = {"attacker": loss_value(_units(ctx, atk.get("attacker_losses")), "attacker"),
                "defender": loss_value(_units(ctx, atk.get("defender_losses")), "defender")}
        loser, other = ex["eliminated"], ex["other_side"]
        full = a_printed if loser == "attacker" else d_printed
        if lost[loser] < full:
            yield violation("9C", f"attack {n}: {result}: the {loser} (lower printed strength) must be eliminated "
                            f"({float(full):g}), not {float(lost[loser]):g}", [target])
        need = Fraction(str(ex["other_side_loses_at_least"]))
        if lost[other] < need:
            yield violation("9C", f"attack {n}: {result}: the {other} loses {float(lost[other]):g}, at least "
                            f"{float(need):g} is due", [target])


@BOOK.rule("9F", "Advances. Attacking units may immediately enter the vacated hex, within the stacking limit. ... "
           "Defenders may never advance after combat.", scope="move")
def advances(ctx: Context) -> Iterator[Violation]:
    """Unit state ``advanced``: only attackers advance (9F2); a Soviet artillery division never does (14B1 errata),
    nor the fortified zone unit (29A2)."""
    if ctx.pos.phase != "combat" or ctx.before is None:
        return
    for u in ctx.pos.on_map():
        if not u.state.get("advanced"):
            continue
        if player_of(u) != ctx.pos.player:
            yield violation("9F", f"defending unit {u.id} advances after combat", [u.hex], [u.id])
        elif is_artillery(u) and is_divisional(u) and u.side == "soviet":
            yield violation("14B", f"Soviet artillery division {u.id} advances after combat (errata 14B1)", [u.hex],
                            [u.id])
        elif "fortified_zone" in u.kind.unit_type:
            yield violation("29A", f"fortified zone unit {u.id} advances after combat (29A2)", [u.hex], [u.id])


def _police(units: list[Unit]) -> bool:
    return any("police" in u.kind.unit_type.lower() for u in units)


def expected_result(ctx: Context, n: int, atk: dict[str, Any]) -> tuple[str | None, str, str]:
    """The result the Land Combat Results Table gives an attack with its die (9A, 9B), after the political police
    conversions (14G); (None, why) when not judged."""
    target = str(atk.get("hex"))
    attackers = [u for u in _units(ctx, atk.get("attackers")) if is_ground(u)]
    defenders = [u for u in ctx.pos.at(target) if is_ground(u) and player_of(u) != ctx.pos.player]
    strengths = safe_odds(ctx, attackers, target, defenders, f"9A: attack {n}")
    if strengths is None:
        return None, "terrain", "9A"
    a, d = strengths
    odds = ODDS.odds(a, d)
    if odds.clamped == "low":
        return "AE", f"{float(a):g} against {float(d):g} is below 1:4", "9B"
    die = atk.get("die")
    if die is None:
        return None, "no die", "9A"
    try:
        drm = int(atk.get("drm", 0)) + terrain_drm(ctx, target, crossed_rows(ctx, attackers, target))
        result = str(ctx.charts.value("crt", str(int(die) + drm), odds.label))
    except NotJudged as exc:
        ctx.skip(exc, f"9A: attack {n}")
        return None, "table", "9A"
    section = "9A"
    if result == "AR" and any(_police([x for x in attackers if x.hex == u.hex]) for u in attackers):
        result, section = "AS", "14G"  # "An attack with AR becomes AS if it comes from a hex containing police"
    if result == "DR" and _police(defenders):
        result, section = "EX", "14G"  # "A defence with DR becomes EX if the hex contains political police"
    return result, f"{float(a):g} against {float(d):g} at {odds.label}, die {die}", section


BOOK.cite("9B", "Any attack below 1:4 gives an automatic AE (Attacker Eliminated) result.")


@BOOK.rule("9A", "Calculate the attacker:defender strength ratio. Round down, in favour of the defender, to match a "
           "column of the Combat Results Table.")
def attack_result(ctx: Context) -> Iterator[Violation]:
    """A declared ``result`` must be the table's (with the attack's ``die`` and ``drm``; 14G conversions); an attack
    below 1:4 is AE whatever the die. Terrain or table values the rules text lacks: not judged."""
    if ctx.pos.phase != "combat":
        return
    for n, atk in enumerate(attacks(ctx), 1):
        if atk.get("result") is None:
            continue
        want, why, rule = expected_result(ctx, n, atk)
        got = str(atk["result"]).upper()
        if want is not None and want != got:
            yield violation(rule, f"attack {n}: {why} gives {want}, not {got}", [str(atk.get("hex"))])


@BOOK.rule("9I", "Finnish ski units and partisans (see rules 14E and 14F) may attempt a retreat before combat.")
def retreat_before_combat(ctx: Context) -> Iterator[Violation]:
    from .common import is_ski
    for n, atk in enumerate(attacks(ctx), 1):
        for u in _units(ctx, atk.get("retreated_before_combat")):
            if u.side != "finnish" or not is_ski(u):
                yield violation("9I", f"attack {n}: {u.id} may not retreat before combat (Finnish ski units and "
                                "partisans only)", [u.hex], [u.id])


@BOOK.rule("13", "They must have a total attack strength allowing at least a 10:1 ratio against the defenders. ... A "
           "unit with defence 0 may be overrun at 12:1 by any unit with attack greater than 0.")
def overruns(ctx: Context) -> Iterator[Violation]:
    """``state.overruns``: ``{hex, attackers}`` in the movement or exploitation phase; units in partisan mode neither
    make nor suffer overruns (14F2)."""
    for n, ov in enumerate(ctx.pos.state.get("overruns") or (), 1):
        target = str(ov.get("hex"))
        units = _units(ctx, ov.get("attackers"))
        defenders = [u for u in ctx.pos.at(target) if is_ground(u) and player_of(u) != ctx.pos.player]
        if ctx.pos.phase not in ("movement", "exploitation"):
            yield violation("13", f"overrun {n} in the {ctx.pos.phase} phase", [target])
            continue
        if any(u.state.get("partisan_mode") for u in [*units, *defenders]):
            yield violation("13", f"overrun {n}: units in partisan mode make or suffer no overrun (14F2)", [target])
            continue
        if any(u.hex is None or target not in ctx.board.neighbours(u.hex) for u in units):
            yield violation("13", f"overrun {n}: every overrunning unit must be next to {target}", [target])
            continue
        if defenders and all(defense_of(d) == 0 for d in defenders):
            if not any(attack_of(u) > 0 for u in units):
                yield violation("13", f"overrun {n}: no unit with attack above 0", [target])
            continue
        strengths = safe_odds(ctx, units, target, defenders, f"13: overrun {n}")
        if strengths is not None and strengths[0] < 10 * strengths[1]:
            yield violation("13", f"overrun {n}: {float(strengths[0]):g} against {float(strengths[1]):g} is below "
                            "10:1", [target], [u.id for u in units])
