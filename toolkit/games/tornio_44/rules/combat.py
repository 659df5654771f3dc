"""22.0 Combat: declared combats (``state.attacks``) judged and worked out: who may attack, strengths (close
combat doubling, 18.1.1 halving), the odds ratio in half steps (22.1), modifiers (22.4, 15.1, 27.2, 31.4.1), the
extra die, the dice (22.10), the action points and the combat actions chosen (22.6, 22.9, 28.1)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ....errors import DataFileError, InputError
from ....rules.position import Unit
from ....rules.report import Violation, violation
from ..combat import Attack, resolve
from ..terrain import LAKE, MAJOR_RIVER, OPEN, SEA
from .common import BOOK, Context, enemy_of, flag, has_type, is_combat, is_foot, is_motorised, is_support, player_of

__all__ = ["ACTION_COST", "attacks", "build_attack", "check_actions"]

ACTION_COST = {"step": 4, "no_effect": 1, "broken1": 2, "broken2": 3, "retreat": 2, "panic": 3}  # 22.6.1-22.6.6
ORDER = {"step": 1, "broken1": 2, "broken2": 3, "retreat": 4, "panic": 4}  # 22.9

CLOSE = BOOK.cite("22.3", "All Foot Combat Units (only) in Close Combat double their Combat Factors. A Support Unit "
                  "in Close Combat can only defend and must do so by using its Close Defense Factor [21.3], which is "
                  "also doubled.")
CLOSE_2 = BOOK.cite("22.3 Clarification 2", "All Motorized (class) units may participate in Close Combat but their "
                    "Combat Factors are not doubled.")
MOTOR = BOOK.cite("18.1.1", "The Attack Factor of all Motorized units are halved when attacking across a Major River "
                  "without a bridge.")
RIVER = BOOK.cite("18.1", "If more than half of the number of unit steps in a combat attack across a river hexside "
                  "the combat modifier for the river is used, otherwise not.")
BRIDGE = BOOK.cite("22.4", "A bridge in a hex will always add the odds ratio step in an attack across the river by "
                   "0.5.")
MULTI = BOOK.cite("22.4.1", "each additional hex attacked from will result in one half (0.5) odds ratio step in favor "
                  "for the attacker.")
FLANK = BOOK.cite("22.4.2", "The defender may subtract one half (0.5) odds ratio step for each adjacent hex (maximum "
                  "four hexes) to the target hex that consists of at least one friendly Combat Unit that is also "
                  "adjacent to any of the attacker's hexes in the combat.")
NIGHT = BOOK.cite("27.2", "The attacker must subtract 1 odds ratio step.")
ENGINEER = BOOK.cite("15.1", "An Engineer unit that is actively participating in an attack across a river will reduce "
                     "the combat modifier for the river by half in the combat.")
EXTRA_DIE = BOOK.cite("22.1", "If the final odds ratio is a half odds ratio the owning player rolls a separate die to "
                      "determine if he may use an extra die in the combat. A die roll of 1-3 = No extra die; 4-6 = "
                      "Extra die allowed.")
LARGE = BOOK.cite("22.10", "Use this rule when each player has three or more units of any status actively "
                  "participating in the combat.")
BONUS = BOOK.cite("22.5.1", "The defender may roll an extra die each and every time his previous die roll was a 5 or "
                  "6 during a combat die roll")
ANTITANK_31_1 = BOOK.cite("31.1", "If a Tank, Antitank or Antiaircraft unit is participating in a combat where the "
                          "opposing player has a Tank unit, the opposing player's Tank unit must take the most "
                          "expensive combat action.")
HQ = BOOK.cite("31.4.1", "The HQ bonus is added at the very last to the final odds ratio, see also 22.1.")


BONUS_RANGE = BOOK.cite("31.3", "All Tank, Antitank and Antiaircraft units (both light and heavy) have a combat "
                        "range of two hexes ... but only when the hex between the unit and the target hex is Water or "
                        "Open Ground and free of any units. The Combat Factors for long range fire are halved.")


def long_range(ctx: Context, u: Unit, target: str) -> bool:
    """31.3 (optional): a Tank, Antitank or Antiaircraft unit two hexes from the target, the hex between Water or Open
    Ground and free of any units."""
    if not ctx.optional("31.3") or u.hex is None or not has_type(u, *ANTITANK) or target in ctx.board.neighbours(
            u.hex) or u.hex == target:
        return False
    b = ctx.board
    between = set(b.neighbours(u.hex)) & set(b.neighbours(target))
    return any(((b.terrain(m) == OPEN and not b.is_town(m) and not b.village(m)) or b.terrain(m) in (SEA, LAKE))
               and not ctx.at(m) for m in between)


def _strength(ctx: Context, u: Unit, key: str, target: str, close: bool) -> Fraction:
    """One unit's factor as :func:`..combat.resolve` takes it: printed less Broken Levels (23.0); in Close Combat
    the Broken Levels reduce the doubled factor (22.3: "Any Broken Level will then reduce the strength"), so a
    doubled unit is passed as printed - broken/2; across a Major River without a bridge a motorised attacker is
    halved here (18.1.1), unit by unit."""
    printed = ctx.printed(u, key)
    b = ctx.broken(u)
    if close and (is_support(u) or is_foot(u)):
        return max(printed - Fraction(b, 2), Fraction(0))
    value = max(printed - b, Fraction(0))
    h = u.hex or target
    if key == "attack" and long_range(ctx, u, target):
        value /= 2  # 31.3: "The Combat Factors for long range fire are halved"
    if key == "attack" and not close and h != target and ctx.board.river(h, target) == MAJOR_RIVER \
            and not ctx.board.bridged(h, target) and is_motorised(u):
        value /= 2
    return value


def build_attack(ctx: Context, attackers: list[Unit], defenders: list[Unit], target: str, spec: Mapping[str, Any]
                 ) -> Attack:
    """The combat as :class:`..combat.Attack`: factors (22.1 (2), 21.3, 22.3), the hexes attacked from (22.4.1),
    Defensive Flanking Support (22.4.2), the target's terrain, the river a majority of the steps cross (18.1,
    22.4, 15.1), night (27.2), HQs (31.4.1), units (22.10) and dice."""
    b = ctx.board
    close = target in ctx.close_combat
    doubled = [u for u in attackers if close and is_foot(u)]
    motor = [u for u in attackers if u not in doubled and close]
    plain = [u for u in attackers if not close]
    d_doubled = [d for d in defenders if close and (is_foot(d) or is_support(d))]
    d_motor = [d for d in defenders if close and d not in d_doubled]
    d_plain = [d for d in defenders if not close]
    hexes = sorted({u.hex for u in attackers if u.hex and u.hex != target and not long_range(ctx, u, target)})
    flank = 0
    river, bridge, engineer = "none", False, False
    if not close:
        me = enemy_of(ctx.pos.player)
        flank = len([n for n in b.neighbours(target) if n not in hexes and n not in ctx.close_combat and any(
            is_combat(f) and ctx.defense(f) > 0 for f in ctx.at(n, me)) and any(x in b.neighbours(n) for x in hexes)])
        steps = {u.id: 1 if flag(u, "reduced") else 2 for u in attackers}
        across = {u.id: b.river(u.hex, target) for u in attackers if u.hex}
        crossing = [u for u in attackers if across.get(u.id)]
        if 2 * sum(steps[u.id] for u in crossing) > sum(steps.values()):
            river = "major" if any(across[u.id] == MAJOR_RIVER for u in crossing) else "minor"
            bridge = all(b.bridged(u.hex, target) for u in crossing)  # type: ignore[arg-type]
            engineer = any(has_type(u, "engineer") for u in crossing)
    terrain = "town" if b.is_town(target) else "village" if b.village(target) else b.terrain(target)
    hq = spec.get("hq") or {}
    use_hq = ctx.optional("31.4")
    return Attack(
        [_strength(ctx, u, "attack", target, close) for u in doubled + plain],
        [_strength(ctx, d, "defense", target, close) for d in d_doubled + d_plain],
        [_strength(ctx, u, "attack", target, close) for u in motor],
        [_strength(ctx, d, "defense", target, close) for d in d_motor],
        extra_hexes=min(5, max(0, len(hexes) - 1)), flanking=min(4, flank), terrain=terrain, river=river,
        bridge=bridge, engineer=engineer, night=not ctx.day, close_combat=close,
        hq_attack=int(hq.get("attacker") or 0) if use_hq else 0, hq_defense=int(hq.get("defender") or 0) if use_hq
        else 0, attacker_units=len(attackers), defender_units=len(defenders),
        attacker_dice=[int(x) for x in spec.get("attacker_dice") or []],
        defender_dice=[int(x) for x in spec.get("defender_dice") or []])


def check_actions(ctx: Context, who: str, units: list[Unit], actions: list[Mapping[str, Any]], points: int,
                  sole_one: bool, panicked_by_other: bool) -> list[tuple[str, str]]:
    """22.6, 22.9, 28.1: the combat actions ``who`` chose to spend ``points`` APs; (section, reason) for each
    thing wrong."""
    errors: list[tuple[str, str]] = []
    ids = {u.id for u in units}
    level = {u.id: ctx.broken(u) for u in units}
    steps = {u.id: 1 if flag(u, "reduced") else 2 for u in units}
    spent = 0
    prev = 0
    names = [str(a.get("action")) for a in actions]
    for a in actions:
        act, uid = str(a.get("action")), str(a.get("unit", ""))
        if act not in ACTION_COST:
            errors.append(("22.6", f"unknown combat action {act!r}"))
            continue
        spent += ACTION_COST[act]
        if act == "no_effect":
            if not sole_one or len(actions) > 1:
                errors.append(("22.6.2", "No Effect only on a sole die roll of 1, and alone"))
            if any(flag(u, "intoxicated") for u in units):
                errors.append(("28.1 Clarification 1", "intoxicated units may not choose No Effect"))
            continue
        if act in ("step", "broken1", "broken2") and uid not in ids:
            errors.append(("22.6", f"{act} on {uid!r}, not a unit of this combat"))
            continue
        if len(actions) > 1 and ORDER[act] < prev:
            errors.append(("22.9", f"{act} after a higher-precedence action: the Action Order is Step Loss, "
                           "Broken 1, Broken 2, Retreat or Panic"))
        prev = max(prev, ORDER[act])
        if act != "step" and any(flag(u, "intoxicated") for u in units):
            errors.append(("28.1", "Step Loss is the only combat action intoxicated units may choose"))
        if act == "step":
            steps[uid] -= 1
        elif act == "broken1":
            if level[uid] != 0:
                errors.append(("22.9", f"Broken 1 Level on {uid}, which is not unbroken (22.9 (2))"))
            else:
                level[uid] = 1
        elif act == "broken2":
            if level[uid] != 1:
                errors.append(("22.9", f"Broken 2 Levels on {uid}, which is not Broken 1 Level (22.9 (3))"))
            else:
                level[uid] = 2
        elif act == "panic" and panicked_by_other:
            errors.append(("22.6.6", "a Panic combat action may only be chosen by one player in the same combat"))
    if "retreat" in names and "panic" in names:
        errors.append(("22.9", "Retreat or Panic combat actions, never both (22.9 (4))"))
    eliminated = all(s <= 0 for s in steps.values())
    if spent < points and not eliminated:
        errors.append(("22.1", f"{who} spends {spent} APs of the {points} required (22.1 (5))"))
    return errors


COMBAT_22 = BOOK.cite("22.0", "Combat is optional unless a hex includes units of both players [22.3].")


@BOOK.rule("22.5", "No unit may attack more than once per Combat Phase. ... An attack is only allowed into an "
           "adjacent hex unless the unit is in Close Combat, in which case the unit must attack into its own hex "
           "[22.3]. ... A single hex can be attacked only once per Combat Phase.", scope="combat")
def attacks(ctx: Context) -> list[Violation]:
    """The declared combats of ``state.attacks`` (judged at the start of the Combat Phase: the earlier position of a
    combat-phase move check, else this one); the worked-out combats go to the report's summary."""
    raw = (ctx.after.state if ctx.after is not None else ctx.state).get("attacks")
    if raw is None:
        return []
    out: list[Violation] = []
    pos = ctx.pos
    if pos.phase != "combat":
        return [violation("6.1", f"combats declared in the {pos.phase} phase; combat is resolved in the Combat Phase "
                          "(3d)")]
    used: dict[str, int] = {}
    targets: dict[str, int] = {}
    me = pos.player
    demolishers = {str(d.get("engineer")) for st in (ctx.state, ctx.after.state if ctx.after else {})
                   for d in st.get("demolitions") or []}
    for n, spec in enumerate(raw, 1):
        try:
            attackers = [pos.by_id[str(i)] for i in spec.get("attackers") or []]
        except KeyError as exc:
            raise DataFileError(f"attack {n} names unknown unit {exc.args[0]!r}", pos.source) from None
        target = str(spec.get("target"))
        defenders = ctx.at(target, enemy_of(me))
        if not defenders:
            out.append(violation("5.2", f"attack {n}: target hex {target} holds no enemy unit", [target]))
            continue
        if target in targets:
            out.append(violation("22.5", f"{target} is attacked twice (attacks {targets[target]} and {n})",
                                 [target]))
        targets[target] = n
        for u in attackers:
            where = [u.hex, target]
            if u.id in used:
                out.append(violation("22.5", f"{u.id} attacks twice (attacks {used[u.id]} and {n})", where, [u.id]))
            used[u.id] = n
            if player_of(u) != me:
                out.append(violation("22.1", f"{u.id} is not the attacker's (phasing player's) unit", where, [u.id]))
            if is_support(u):
                out.append(violation("21.3", f"Support Unit {u.id} may not attack: Close Defense Factor may not be "
                                     "used in attack", where, [u.id]))
                continue
            if flag(u, "intoxicated"):
                out.append(violation("28.1", f"{u.id} is intoxicated and may not attack", where, [u.id]))
            if u.id in demolishers:
                out.append(violation("15.0", f"engineer {u.id} attempted a demolition and may not participate in any "
                                     "combat this Player Turn", where, [u.id]))
            if ctx.known(u, "attack", "22.0") and ctx.attack(u) <= 0:
                out.append(violation("22.0", f"{u.id} has an attack strength of {float(ctx.attack(u)):g}: it attacks "
                                     "only with more than 0", where, [u.id]))
            if u.hex in ctx.close_combat and u.hex != target:
                out.append(violation("22.5", f"{u.id} is in Close Combat and must attack into its own hex", where,
                                     [u.id]))
            elif u.hex != target and target not in ctx.board.neighbours(u.hex or target) \
                    and not long_range(ctx, u, target):
                out.append(violation("22.5", f"{u.id} in {u.hex} is not adjacent to {target}", where, [u.id]))
        out.extend(_resolve(ctx, n, spec, attackers, defenders, target))
    for h in sorted(ctx.close_combat - set(targets)):
        if ctx.board.is_town(h):
            out.append(violation("22.0", f"{h} holds units of both players: combat is not optional there (22.3)",
                                 [h], [u.id for u in ctx.at(h)]))
    return out


@BOOK.rule("22.3", "Combat is also allowed within a hex, but only in Town/Factory Area hexes. This is called Close "
           "Combat.")
def close_combat_hexes(ctx: Context) -> list[Violation]:
    """22.3: units of both players share a hex only in a Town/Factory Area hex."""
    return [violation("22.3", f"units of both players share {h}, which is not a Town/Factory Area hex", [h],
                      [u.id for u in ctx.at(h)]) for h in sorted(ctx.close_combat) if not ctx.board.is_town(h)]


def _resolve(ctx: Context, n: int, spec: Mapping[str, Any], attackers: list[Unit], defenders: list[Unit],
             target: str) -> list[Violation]:
    """Work the combat out with :func:`..combat.resolve` (odds, modifiers, half die, dice, APs) and judge the
    combat actions chosen."""
    out: list[Violation] = []
    hexes = [target, *(u.hex for u in attackers)]
    entry: dict[str, Any] = {"attack": n, "target": target, "attackers": [u.id for u in attackers],
                             "defenders": [d.id for d in defenders]}
    ctx.combats.append(entry)
    if any(ctx.attack(u) <= 0 for u in attackers if not is_support(u)) and all(
            ctx.attack(u) <= 0 for u in attackers):
        return out  # 22.0: reported by the caller; nothing to resolve
    half_die = spec.get("half_die")
    attack = build_attack(ctx, attackers, defenders, target, spec)
    factors_known = ctx.known(attackers, "attack", f"attack {n}") & ctx.known(defenders, "defense", f"attack {n}")
    try:
        if not factors_known:
            raise _Unknown
        res = resolve(attack, ctx.charts, None)
        half = res.get("odds") is not None and len(set(res["column"].values())) > 1
        if res.get("odds") is not None and (half_die is not None or not half):
            # a whole ratio needs no die (1 stands for "no die"); a half one the owner's die (22.1 (3))
            res = resolve(attack, ctx.charts, int(half_die) if half and half_die is not None else 1)
    except InputError as exc:
        text = str(exc)
        out.append(violation("22.5.1" if "22.5.1" in text else "22.1", f"attack {n}: {text}", hexes))
        return out
    except _Unknown:
        res = {}
    entry.update({k: res[k] for k in ("attack", "defense", "basic_odds", "odds") if k in res})
    for k in ("result", "dice", "defender_aps", "attacker_aps"):
        if k in res:
            entry["final_odds" if k == "result" else k] = res[k]
    if res.get("verdict"):
        ctx.not_judged.append(f"{res['verdict']} (attack {n} on {target}: the odds and dice)")
    rolled_a = [int(x) for x in spec.get("attacker_dice") or []]
    rolled_d = [int(x) for x in spec.get("defender_dice") or []]
    panic_d = any(str(a.get("action")) == "panic" for a in spec.get("defender_actions") or [])
    if rolled_a and spec.get("defender_actions") is not None:
        for sec, why in check_actions(ctx, "the defender", defenders, spec["defender_actions"], sum(rolled_a),
                                      rolled_a == [1], False):
            out.append(violation(sec, f"attack {n}: {why}", hexes, [d.id for d in defenders]))
        out.extend(_antitank(ctx, n, attackers, spec["defender_actions"], hexes, defenders))
    if rolled_d and spec.get("attacker_actions") is not None:
        for sec, why in check_actions(ctx, "the attacker", attackers, spec["attacker_actions"], sum(rolled_d),
                                      rolled_d == [1], panic_d):
            out.append(violation(sec, f"attack {n}: {why}", hexes, [u.id for u in attackers]))
        out.extend(_antitank(ctx, n, defenders, spec["attacker_actions"], hexes, attackers))
    return out


class _Unknown(Exception):
    """A factor of a unit in the combat is unknown (the OOB Cards): the odds are not judged."""


ANTITANK = ("tank", "armour", "anti_tank", "antitank", "anti_aircraft", "heavy_anti_aircraft")


def _antitank(ctx: Context, n: int, other: list[Unit], actions: list[Mapping[str, Any]], hexes: list[str | None],
              own: list[Unit]) -> list[Violation]:
    """31.1 (optional): against a Tank, Antitank or Antiaircraft unit, a Tank unit takes the most expensive combat
    action (a Step Loss) whenever it takes one."""
    if not ctx.optional("31.1") or not any(has_type(x, *ANTITANK) for x in other):
        return []
    tanks = {u.id for u in own if has_type(u, "tank", "armour")}
    cheaper = sorted({str(a.get("unit")) for a in actions if str(a.get("unit")) in tanks
                      and str(a.get("action")) != "step"})
    return [violation("31.1", f"attack {n}: Tank {t} must take the most expensive combat action (Step Loss)", hexes,
                      [t]) for t in cheaper]
