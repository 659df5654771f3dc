"""Tornio '44 combat (22.0): odds ratios in half steps, combat modifiers, the half-ratio die, dice and APs.

There is no combat results table: the odds ratio says how many dice each player rolls (22.1 (4)) and the
total of a player's dice is the Action Points his opponent spends on combat actions (22.1 (5), 22.6).

Odds are kept as a *position* on the odds line, in half steps: ``a:1`` is ``a`` (a >= 1) and ``1:d`` is ``2 - d``,
so that one half step down from 1:1 is 1:1.5 and from 1.5:1 is 1:1 (22.4: modifiers are whole or half odds
ratio steps). The basic ratio is rounded DOWN to the closest half step for the defender (22.1 Clarification:
"as soon as the defender is stronger ... the basic odds ratio cannot be 1:1 but is instead 1:1.5"); the final
one "may never exceed 10:1 or be less than 1:5" (22.1 (3)).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

from ...errors import InputError
from .charts import COMBAT_COST, TERRAIN, Charts, not_judged

__all__ = ["HIGH", "LOW", "Attack", "basic_position", "factors", "label", "resolve", "rolls"]

HIGH = Fraction(10)  # 22.1 (3): never more than 10:1
LOW = 2 - Fraction(5)  # ... nor less than 1:5 (position -3)
HALF = Fraction(1, 2)


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def label(pos: Fraction) -> str:
    """The odds ratio at a position: ``2.5:1``, ``1:1.5``."""
    return f"{_num(pos)}:1" if pos >= 1 else f"1:{_num(2 - pos)}"


def basic_position(attack: Fraction, defense: Fraction) -> Fraction:
    """22.1 and its Clarification: the basic odds ratio, rounded down to a half step for the defender."""
    if defense == 0:
        return HIGH
    if attack == 0:
        return LOW
    if attack >= defense:
        return Fraction(math.floor(2 * attack / defense), 2)
    return 2 - Fraction(math.ceil(2 * defense / attack), 2)


def factors(text: str | None, what: str) -> list[Fraction]:
    """``"2+1"``, ``"H"`` (4.4.2: H = 0.5) -> factors."""
    if not text:
        return []
    out = []
    for part in text.replace(",", "+").replace(" ", "").split("+"):
        try:
            value = HALF if part.upper() == "H" else Fraction(part)
        except (ValueError, ZeroDivisionError):
            raise InputError(f"{what}: {text!r} is not factors such as 2+1 or H") from None
        if value < 0:
            raise InputError(f"{what}: factors are not negative ({text!r})")
        out.append(value)
    return out


def foot_part(whole: Sequence[Fraction], motorized: Sequence[Fraction], what: str) -> list[Fraction]:
    """The Foot units' factors of a whole --attack (--defense) of which ``motorized`` is the Motorized units' part
    (22.3: only Foot factors double in Close Combat)."""
    if not motorized:
        return list(whole)
    total, mot = sum(whole, Fraction(0)), sum(motorized, Fraction(0))
    if mot > total:
        raise InputError(f"--motorized-{what} {_num(mot)} is more than the whole {what} {_num(total)} (it is the part "
                         f"of --{what} from Motorized units)")
    return [total - mot]


def rolls(text: str | None, what: str) -> list[int]:
    """``"1+3"`` -> [1, 3]."""
    if not text:
        return []
    try:
        out = [int(p) for p in text.replace(",", "+").replace(" ", "").split("+")]
    except ValueError:
        raise InputError(f"{what}: {text!r} is not die rolls such as 1+3") from None
    if any(not 1 <= d <= 6 for d in out):  # six-sided dice (4.6), checked with or without --die
        raise InputError(f"{what}: die rolls are 1-6, not {text}")
    return out


def dice_of(pos: Fraction) -> tuple[int, int]:
    """22.1 (4): a final ratio a:d -> the attacker rolls a dice, the defender d."""
    return (int(pos), 1) if pos >= 1 else (1, int(2 - pos))


@dataclass
class Attack:
    """What ``wgt combat tornio-44`` is told about one combat."""

    attack: Sequence[Fraction]
    defense: Sequence[Fraction]
    motorized_attack: Sequence[Fraction] = ()
    motorized_defense: Sequence[Fraction] = ()
    extra_hexes: int = 0
    flanking: int = 0
    terrain: str | None = None
    river: str = "none"
    bridge: bool = False
    engineer: bool = False
    night: bool = False
    close_combat: bool = False
    hq_attack: int = 0
    hq_defense: int = 0
    attacker_units: int | None = None
    defender_units: int | None = None
    attacker_dice: Sequence[int] = ()
    defender_dice: Sequence[int] = ()
    notes: list[str] = field(default_factory=list)


def _strengths(a: Attack) -> tuple[Fraction, Fraction, list[str]]:
    steps = []
    foot_a, foot_d = sum(a.attack, Fraction(0)), sum(a.defense, Fraction(0))
    mot_a, mot_d = sum(a.motorized_attack, Fraction(0)), sum(a.motorized_defense, Fraction(0))
    if a.close_combat:  # 22.3: Foot Combat Units double their Combat Factors; Motorized do not (Clarification 2)
        foot_a, foot_d = 2 * foot_a, 2 * foot_d
        steps.append("Close Combat: Foot Combat Units' factors doubled, Motorized not [22.3, 22.3 Clarification 2]")
    if a.river == "major" and not a.bridge and mot_a:  # 18.1.1
        mot_a = mot_a / 2
        steps.append("Motorized Attack Factors halved across a Major River without a bridge [18.1.1]")
    return foot_a + mot_a, foot_d + mot_d, steps


def _modifiers(a: Attack, charts: Charts) -> tuple[list[tuple[Fraction, str]], list[str]]:
    """(odds steps with their reasons, the tables whose unknown values a verdict needs)."""
    mods: list[tuple[Fraction, str]] = []
    unknown: list[str] = []
    if not 0 <= a.extra_hexes <= 5:
        raise InputError("--extra-hexes: an attack comes from at most six hexes, so 0 to 5 additional [22.4.1]")
    if not 0 <= a.flanking <= 4:
        raise InputError("--flanking: at most four hexes give Defensive Flanking Support [22.4.2]")
    if a.close_combat and (a.extra_hexes or a.flanking or a.river != "none"):
        raise InputError("a Close Combat is fought inside one hex: no additional hexes, flanking or river [22.3, "
                         "22.4.2]")
    if a.extra_hexes:
        mods.append((HALF * a.extra_hexes, f"{a.extra_hexes} additional hex(es) attacked from [22.4.1]"))
    if a.flanking:
        mods.append((-HALF * a.flanking, f"Defensive Flanking Support from {a.flanking} hex(es) [22.4.2]"))
    if a.terrain:
        m = charts.combat_modifier(a.terrain)
        if m is None:
            unknown.append(TERRAIN)
        elif m:
            mods.append((m, f"{charts.terrain_row(a.terrain)} [{TERRAIN}]"))
    if a.river != "none":
        m = charts.combat_modifier(f"{a.river}_river")
        if m is None:
            unknown.append(TERRAIN)
        else:
            name = "Minor" if a.river == "minor" else "Major"
            if a.engineer:  # 15.1: the Engineer halves the river modifier ("+0.5 for the Engineer unit ...")
                m = m / 2
            if a.bridge:  # 22.4: "A bridge ... will always add the odds ratio step ... by 0.5"
                m += HALF
            what = f"{name} River" + (" with a bridge [22.4]" if a.bridge else "") + (
                " and an Engineer unit [15.1]" if a.engineer else "")
            mods.append((m, f"{what}, a majority of the attacking steps across it [18.1]"))
    if a.night:
        mods.append((Fraction(-1), "Nighttime (B) Game Turn [27.2]"))
    return mods, unknown


def resolve(a: Attack, charts: Charts, die: int | None = None) -> dict[str, Any]:
    """The whole combat, step by step (22.1-22.10): odds, the half-ratio die, dice, APs and combat actions."""
    att, dfn, steps = _strengths(a)
    if att <= 0:
        raise InputError("a combat needs an attack strength more than 0 [22.0]")
    basic = basic_position(att, dfn)
    if dfn == 0:  # 23.0
        steps.append("every defender has a (Close) Defense Factor of 0: automatically eliminated by an attack "
                     "with an Attack Factor greater than 0 [23.0]")
    ratio = f"{_num(att)} ÷ {_num(dfn)} = {float(att / dfn):.2f}:1" if dfn else f"{_num(att)} against 0"
    steps.append(f"{ratio}, rounded down to the closest half odds ratio step: {label(basic)} [22.1, 22.1 "
                 "Clarification]")
    mods, unknown = _modifiers(a, charts)
    pos = basic
    for amount, why in mods:
        pos += amount
        steps.append(f"{'+' if amount > 0 else ''}{_num(amount)} for {why}")
    out: dict[str, Any] = {"attack": float(att), "defense": float(dfn), "basic_odds": label(basic)}
    if unknown:
        out.update(odds=None, column={}, notes=[*steps, not_judged(unknown[0])], verdict=not_judged(unknown[0]))
        if die is not None:
            out.update(die=die, result=None, meaning=not_judged(unknown[0]))
        return out
    clamped = min(max(pos, LOW), HIGH)
    steps.append(f"final odds ratio {label(clamped)}" + ("" if clamped == pos else
                                                        " (never above 10:1 nor below 1:5) [22.1]"))
    hq = HALF * a.hq_attack - HALF * a.hq_defense  # 31.4.1: "added at the very last to the final odds ratio"
    if hq:
        clamped = min(max(clamped + hq, LOW), HIGH)
        steps.append(f"{'+' if hq > 0 else ''}{_num(hq)} for HQ bonus (optional) [31.4.1]: {label(clamped)}")
    out["odds"] = label(clamped)
    half = clamped.denominator == 2
    lower, upper = clamped - HALF, clamped + HALF
    if half:  # 22.1 (3): the owning player rolls: 1-3 no extra die, 4-6 extra die
        owner = "attacker" if clamped > 1 else "defender"
        without, with_extra = (lower, upper) if owner == "attacker" else (upper, lower)
        out["column"] = {d: label(without if d <= 3 else with_extra) for d in range(1, 7)}
        steps.append(f"a half odds ratio: the {owner} rolls a die, 1-3 no extra die ({label(without)}), 4-6 an "
                     f"extra die ({label(with_extra)}) [22.1 (3)]")
    else:
        out["column"] = {d: label(clamped) for d in range(1, 7)}
    if die is None:
        out["notes"] = steps
        return out
    if not 1 <= die <= 6:
        raise InputError(f"--die is a die roll 1-6, not {die}")
    final = (without if die <= 3 else with_extra) if half else clamped
    if half:
        steps.append(f"die {die}: final odds ratio {label(final)}")
    att_n, def_n = dice_of(final)
    if a.attacker_units is not None and a.defender_units is not None and min(a.attacker_units,
                                                                             a.defender_units) >= 3:
        k = charts.large_combat_dice(min(a.attacker_units, a.defender_units))  # 22.10.1
        att_n, def_n = (k * att_n, k) if att_n >= def_n else (k, k * def_n)
        steps.append(f"Large Combat: fewest units {min(a.attacker_units, a.defender_units)} -> {k} dice for the lower "
                     "number of the odds ratio [22.10.1]")
    meaning = f"the attacker rolls {att_n} {'die' if att_n == 1 else 'dice'} (first), the defender {def_n} [22.1 (4)]"
    steps.append(meaning)
    out.update(die=die, result=label(final), meaning=meaning, dice={"attacker": att_n, "defender": def_n})
    _action_points(a, charts, att_n, def_n, steps, out)
    out["notes"] = steps
    return out


def _action_points(a: Attack, charts: Charts, att_n: int, def_n: int, steps: list[str], out: dict[str, Any]) -> None:
    for who, rolled, wanted, spender in (("attacker", a.attacker_dice, att_n, "defender"),
                                         ("defender", a.defender_dice, def_n, "attacker")):
        if not rolled:
            continue
        if any(not 1 <= d <= 6 for d in rolled):
            raise InputError(f"--{who}-dice: die rolls are 1-6, not {'+'.join(map(str, rolled))}")
        bonus = who == "defender" and not a.close_combat  # 22.5.1 Defender Bonus DR
        base = list(rolled[:wanted])
        if len(base) < wanted:
            raise InputError(f"--{who}-dice: the {who} rolls {wanted} dice, {len(rolled)} given")
        extra = list(rolled[wanted:])
        if extra and not bonus:
            raise InputError(f"--{who}-dice: the {who} rolls {wanted} dice, {len(rolled)} given")
        if extra:  # each extra die follows a 5 or 6 [22.5.1]
            earned = sum(1 for d in base if d >= 5)
            for d in extra:
                if earned <= 0:
                    raise InputError("--defender-dice: a Defender Bonus die follows a 5 or 6 only [22.5.1]")
                earned += (1 if d >= 5 else 0) - 1
        aps = sum(rolled)
        out[f"{spender}_aps"] = aps
        steps.append(f"{who} dice {'+'.join(map(str, rolled))} = {aps}: the {spender} spends {aps} AP"
                     f"{'' if aps == 1 else 's'} [22.1 (5)]")
        if len(rolled) == 1 and rolled[0] == 1:
            steps.append(f"the {spender} may spend 1 AP on No Effect (a sole die roll of 1) [22.6.2]")
        opts = single_unit_choices(aps, charts)
        out[f"{spender}_choices"] = opts
        if opts:
            steps.append(f"one unit on its front, unbroken: {'; '.join(opts)} [{COMBAT_COST}, 22.9]")


_ORDER = ("Step Loss", "Broken 1 Level", "Broken 2 Levels", "Retreat", "Panic")  # 22.9 Action Order


def single_unit_choices(aps: int, charts: Charts) -> list[str]:
    """22.6 / 22.9 for one unbroken unit on its front: each set of combat actions, in Action Order, that spends
    at least ``aps`` APs and none of which could be left out (Illustration 12's alternatives)."""
    if aps <= 1:
        return []  # 1 AP: No Effect on a sole 1 (22.6.2), said above
    cost = {name: charts.action_cost(name) for name in _ORDER}
    found = []
    for steps, b1, b2, last in product((0, 1), (0, 1), (0, 1), (None, "Retreat", "Panic")):
        if b2 and not b1:  # 22.9 (3): Broken 2 Levels on Broken 1 Level units only
            continue
        actions = ["Step Loss"] * steps + ["Broken 1 Level"] * b1 + ["Broken 2 Levels"] * b2 + ([last] if last else [])
        if not actions:
            continue
        total = sum(cost[x] for x in actions)
        if total >= aps and all(total - cost[x] < aps for x in actions):
            found.append(f"{' + '.join(actions)} = {total} APs")
    return found
