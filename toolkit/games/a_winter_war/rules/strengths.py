"""Modified combat strengths (9A): printed values, supply (12D), support (11), surplus artillery (14B), combat
engineers (14A2), the Soviet artillery division that moved (14B1), amphibious landings (38B2b) and the terrain
of the Terrain Effects Chart (9H), whose combat column the rules text does not give: an attack on terrain whose
effect is unknown raises :class:`NotJudged`. Used for the odds of declared attacks (9A, 9B) and overruns (13).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from ....rules.position import Unit
from ...chart_values import NotJudged
from ..combat import artillery_total, coast_defence_strength
from .common import (
    Context,
    attack_of,
    defense_of,
    is_artillery,
    is_combat_engineer,
    is_divisional,
    is_hq,
    is_position_aa,
    re_of,
)

__all__ = ["attack_strength", "coast_level", "combat_effect", "defence_strength", "from_sea", "supported"]


def combat_effect(text: str) -> tuple[Fraction, int]:
    """A Terrain Effects Chart combat cell as (defence multiplier, die modifier): ``x2``, ``x1/2``, ``/2``, ``-1``,
    ``none``, ``no AEC``, or several joined by commas (``x2, -1``)."""
    mult, drm = Fraction(1), 0
    for part in (p.strip() for p in str(text).split(",")):
        if not part or part.lower() in ("none", "no aec"):
            continue
        if part.startswith("x"):
            mult *= Fraction(part[1:])
        elif part.startswith("/"):
            mult /= Fraction(part[1:])
        elif re.fullmatch(r"[-+]\d+", part):
            drm += int(part)
    return mult, drm


def _self_supporting(u: Unit) -> bool:
    return bool(u.value("self_supporting", 0))


def _supports_others(u: Unit) -> bool:
    """11: divisions, artillery and divisional HQs support the unsupported units with them, unless self-supporting."""
    return (is_divisional(u) or is_artillery(u) or is_hq(u)) and not _self_supporting(u)


def supported(u: Unit, company: Sequence[Unit], ctx: Context | None = None) -> bool:
    """11: supported by itself (division, artillery, HQ, a self-supporting unit) or by a supporting unit in
    ``company`` (stacked with it; in attack, in the same attack); combat engineers in a major city, a fort or a
    fortified zone (14A2)."""
    if is_divisional(u) or is_artillery(u) or is_hq(u) or _self_supporting(u):
        return True
    if is_combat_engineer(u) and ctx is not None and u.hex is not None and _fortified(ctx, u.hex):
        return True
    return any(_supports_others(x) for x in company if x is not u)


def _fortified(ctx: Context, hex_id: str) -> bool:
    forts = set(ctx.pos.state.get("forts") or ()) | set(ctx.board.tmap.find(tag="fortification"))
    return ctx.board.major_city(hex_id) or hex_id in forts


def _base(ctx: Context, u: Unit, value: Fraction, company: Sequence[Unit]) -> Fraction:
    if ctx.unsupplied(u):
        value /= 2  # 12D
    if not supported(u, company, ctx):
        value /= 2  # 11
    return value


def coast_level(ctx: Context, hex_id: str) -> Fraction:
    """38A2f: the intrinsic coast defence level of a hex: the Coast Defenses Chart's (the three the examples give),
    or ``state.coast_defences`` (the OB's, as the position states them, a hit level after naval combat); none once
    the Soviet player owns the hex."""
    given = (ctx.pos.state.get("coast_defences") or {}).get(hex_id)
    if given is None and hex_id in ctx.charts.rows("coast"):
        given = ctx.charts.get("coast", hex_id, "level")
    if not given or ctx.owner(hex_id) == "soviet":
        return Fraction(0)
    return Fraction(str(given))


def from_sea(ctx: Context, attackers: Sequence[Unit], target: str) -> bool:
    """38A2f: some attacker attacks from an all-sea/lake hex or across a sea or lake hexside (a bridged strait is
    crossed as land: the Helsinki example quarters the defences against 35:4425 and 35:4525)."""
    for u in attackers:
        if u.hex is None:
            continue
        if not ctx.board.is_land(u.hex):
            return True
        feats = ctx.board.side(u.hex, target)
        if ctx.board.water_side(u.hex, target) in ("sea", "lake") and "bridged" not in feats:
            return True
    return False


def defence_strength(ctx: Context, hex_id: str, defenders: Sequence[Unit], crossed: Sequence[str] = (),
                     attackers: Sequence[Unit] = ()) -> Fraction:
    """The defenders' modified defence: each unit's (halved out of supply, halved unsupported), surplus artillery
    with a total of 1 (14B), an intrinsic coast defence (38A2f: a 1/2 RE artillery unit of 1/2 or 1/4 its level),
    then the terrain of the hex and of ``crossed`` hexside rows of the chart (9H)."""
    arts = [u for u in defenders if is_artillery(u)]
    others = [u for u in defenders if not is_artillery(u) and not is_position_aa(u)]
    total = sum((_base(ctx, u, defense_of(u), defenders) for u in others), Fraction(0))
    non_art_re = sum((re_of(u) for u in others), Fraction(0))
    total += artillery_total([_base(ctx, u, defense_of(u), defenders) for u in arts], non_art_re)
    coast = coast_level(ctx, hex_id)
    if coast:  # its strength as the examples give it, added whole (not as surplus artillery)
        total += coast_defence_strength(coast, from_sea=from_sea(ctx, attackers, hex_id))
    rows = ["major city" if ctx.board.major_city(hex_id) else ctx.board.terrain(hex_id), *crossed]
    for row in rows:
        cell = ctx.charts.value("tec", row, "combat")
        mult, _ = combat_effect(str(cell))
        total *= mult
    return total


def terrain_drm(ctx: Context, hex_id: str, crossed: Sequence[str] = ()) -> int:
    """The die modifiers of the terrain (9H) (:class:`NotJudged` when unknown)."""
    rows = ["major city" if ctx.board.major_city(hex_id) else ctx.board.terrain(hex_id), *crossed]
    return sum(combat_effect(str(ctx.charts.value("tec", r, "combat")))[1] for r in rows)


def attack_strength(ctx: Context, attackers: Sequence[Unit]) -> Fraction:
    """The attackers' modified attack: halved out of supply (12D) or unsupported (11, the support in the same attack
    and stacked with them), a Soviet artillery division that moved this turn halved (14B1), a non-marine unit
    landing from the sea quartered (38B2b), surplus artillery with a total of 1 (14B)."""
    def one(u: Unit) -> Fraction:
        company = [x for x in attackers if x.hex == u.hex]
        value = _base(ctx, u, attack_of(u), company)
        if is_artillery(u) and is_divisional(u) and u.side == "soviet" and u.state.get("moved"):
            value /= 2
        if u.state.get("amphibious") and "marine" not in u.kind.unit_type:
            value /= 4
        return value

    arts = [u for u in attackers if is_artillery(u)]
    others = [u for u in attackers if not is_artillery(u)]
    total = sum((one(u) for u in others), Fraction(0))
    return total + artillery_total([one(u) for u in arts], sum((re_of(u) for u in others), Fraction(0)))


def crossed_rows(ctx: Context, attackers: Sequence[Unit], target: str) -> list[str]:
    """Hexside rows of the chart every attacker crosses (a river attack when all attack across rivers)."""
    rows = []
    if attackers and all(u.hex is not None and "river" in ctx.board.side(u.hex, target) for u in attackers):
        rows.append("river hexside")
    return rows


def safe_odds(ctx: Context, attackers: Sequence[Unit], target: str, defenders: Sequence[Unit],
              what: str) -> tuple[Fraction, Fraction] | None:
    """(attack, defence) or None after noting what is not judged."""
    try:
        return attack_strength(ctx, attackers), defence_strength(ctx, target, defenders,
                                                                 crossed_rows(ctx, attackers, target), attackers)
    except NotJudged as exc:
        ctx.skip(exc, what)
        return None
