"""22.0 Combat: declared combats (``state.attacks``) judged and worked out: who may attack, strengths (close
combat doubling, 18.1.1 halving), the odds ratio in half steps (22.1), modifiers (22.4, 15.1, 27.2, 31.4.1), the
extra die, the dice (22.10), the action points and the combat actions chosen (22.6, 22.9, 28.1)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ....errors import DataFileError
from ....rules.position import Unit
from ....rules.report import Violation, violation
from .common import (
    BOOK,
    MAJOR_RIVER,
    Context,
    enemy_of,
    flag,
    has_type,
    is_combat,
    is_foot,
    is_motorised,
    is_support,
    player_of,
)
from .odds import dice_counts, final_odds, label_of, whole_step

__all__ = ["ACTION_COST", "attacks", "check_actions", "strengths"]

TET = "18.6 Terrain Effects Table"
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
HQ = BOOK.cite("31.4.1", "The HQ bonus is added at the very last to the final odds ratio, see also 22.1.")


def strengths(ctx: Context, attackers: list[Unit], target: str) -> tuple[Fraction, Fraction, list[str]]:
    """22.1 (2): total attack and defense (Close Defense Factors of Support Units, 21.3), with Close Combat
    doubling (22.3) and motorised units halved across a Major River without a bridge (18.1.1)."""
    b = ctx.board
    close = target in ctx.close_combat
    notes = []
    attack = Fraction(0)
    for u in attackers:
        base = ctx.printed(u, "attack")
        if close and is_foot(u) and is_combat(u):
            base *= 2
        a = base - ctx.broken(u)
        h = u.hex or target
        if not close and h != target and b.river(h, target) == MAJOR_RIVER and not b.bridged(h, target) \
                and is_motorised(u):
            a /= 2
            notes.append(f"{u.id} halved: motorised across a Major River without a bridge (18.1.1)")
        attack += max(a, Fraction(0))
    defense = Fraction(0)
    for d in ctx.at(target, enemy_of(ctx.pos.player)):
        base = ctx.printed(d, "defense")
        if (close and is_foot(d)) or (close and is_support(d)):
            base *= 2
        defense += max(base - ctx.broken(d), Fraction(0))
    return attack, defense, notes


def modifiers(ctx: Context, attackers: list[Unit], target: str, spec: Mapping[str, Any]
              ) -> tuple[list[tuple[str, Fraction]], list[tuple[str, Fraction]]] | None:
    """22.4's modifiers (None when one needs an unknown chart value) and the HQ bonus added last (31.4.1)."""
    b = ctx.board
    close = target in ctx.close_combat
    mods: list[tuple[str, Fraction]] = []
    hexes = sorted({u.hex for u in attackers if u.hex != target})  # type: ignore[type-var]
    if len(hexes) > 1:
        mods.append(("multi-hex attack (22.4.1)", Fraction(len(hexes) - 1, 2)))
    if not close:
        me = enemy_of(ctx.pos.player)
        flank = [n for n in b.neighbours(target) if n not in hexes and n not in ctx.close_combat and any(
            is_combat(f) and ctx.defense(f) > 0 for f in ctx.at(n, me)) and any(x in b.neighbours(n) for x in hexes)]
        if flank:
            mods.append(("defensive flanking support (22.4.2)", -Fraction(min(4, len(flank)), 2)))
    terrain = "town" if b.is_town(target) else b.terrain(target)
    tm = ctx.value(TET, f"combat:{terrain}")
    if tm is None:
        ctx.unknown(TET, f"the combat modifier of {terrain}")
        return None
    if tm:
        mods.append((f"{terrain.replace('_', ' ')} (18.6)", tm))
    if not close:
        steps = {u.id: 1 if flag(u, "reduced") else 2 for u in attackers}
        total = sum(steps.values())
        across = {u.id: b.river(u.hex, target) for u in attackers}  # type: ignore[arg-type]
        crossing = [uid for uid, r in across.items() if r]
        if 2 * sum(steps[i] for i in crossing) > total:
            kind = MAJOR_RIVER if any(across[i] == MAJOR_RIVER for i in crossing) else "minor_river"
            rm = ctx.value(TET, f"combat:{kind}")
            if rm is None:
                ctx.unknown(TET, f"the combat modifier of a {kind.replace('_', ' ')}")
                return None
            by_id = {u.id: u for u in attackers}
            if any(has_type(by_id[i], "engineer") for i in crossing):
                rm /= 2  # 15.1
            if all(b.bridged(by_id[i].hex, target) for i in crossing):  # type: ignore[arg-type]
                rm += Fraction(1, 2)  # 22.4
            mods.append((f"{kind.replace('_', ' ')} (18.1)", rm))
    if not ctx.day:
        mods.append(("nighttime (27.2)", Fraction(-1)))
    last = []
    hq = spec.get("hq") or {}
    if ctx.optional("31.4") and (hq.get("attacker") or hq.get("defender")):
        last.append(("HQ bonus (31.4.1)", Fraction(int(hq.get("attacker") or 0) - int(hq.get("defender") or 0), 2)))
    return mods, last


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
            level[uid] = 1
        elif act == "broken2":
            if level[uid] != 1:
                errors.append(("22.9", f"Broken 2 Levels on {uid}, which is not Broken 1 Level (22.9 (3))"))
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
            if ctx.attack(u) <= 0:
                out.append(violation("22.0", f"{u.id} has an attack strength of {float(ctx.attack(u)):g}: it attacks "
                                     "only with more than 0", where, [u.id]))
            if u.hex in ctx.close_combat and u.hex != target:
                out.append(violation("22.5", f"{u.id} is in Close Combat and must attack into its own hex", where,
                                     [u.id]))
            elif u.hex != target and target not in ctx.board.neighbours(u.hex):  # type: ignore[arg-type]
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
    out: list[Violation] = []
    attack, defense, notes = strengths(ctx, attackers, target)
    entry: dict[str, Any] = {"attack": n, "target": target, "attackers": [u.id for u in attackers],
                             "defenders": [u.id for u in defenders], "notes": notes}
    ctx.combats.append(entry)
    if defense == 0 and attack > 0:
        entry["result"] = "defenders eliminated: every unit in the target hex has a Defense Factor of 0 (23.0)"
        return out
    mods = modifiers(ctx, attackers, target, spec)
    if mods is None or defense == 0:
        entry["odds"] = "not judged"
        return out
    res = final_odds(attack, defense, *mods)
    entry.update(res.to_dict())
    label = res.final
    if res.half:
        die = spec.get("half_die")
        if die is None:
            return out
        label = whole_step(label, int(die))
        entry["whole"] = label_of(label)
    large = len(attackers) >= 3 and len(defenders) >= 3
    a_dice, d_dice = dice_counts(label, len(attackers), len(defenders))
    entry["dice"] = {"attacker": a_dice, "defender": d_dice, "large_combat": large}
    rolled_a = [int(x) for x in spec.get("attacker_dice") or []]
    rolled_d = [int(x) for x in spec.get("defender_dice") or []]
    hexes = [target, *(u.hex for u in attackers)]
    if rolled_a and len(rolled_a) != a_dice:
        out.append(violation("22.1", f"attack {n}: the attacker rolls {a_dice} dice at {label_of(label)}, not "
                             f"{len(rolled_a)}", hexes))
    if rolled_d:
        bonus_ok = target not in ctx.close_combat and not all(is_support(d) for d in defenders)
        extra = rolled_d[d_dice:]
        if len(rolled_d) < d_dice or (extra and (not bonus_ok or any(
                rolled_d[d_dice + i - 1] < 5 for i in range(len(extra))))):
            out.append(violation("22.5.1", f"attack {n}: the defender rolls {d_dice} dice at {label_of(label)}, and "
                                 "an extra die only after a 5 or 6 (not in Close Combat or by Support Units alone)",
                                 hexes))
    panic_d = any(str(a.get("action")) == "panic" for a in spec.get("defender_actions") or [])
    if rolled_a and spec.get("defender_actions") is not None:
        entry["defender_aps"] = sum(rolled_a)
        for e in check_actions(ctx, "the defender", defenders, spec["defender_actions"], sum(rolled_a),
                               rolled_a == [1], False):
            out.append(violation(e[0], f"attack {n}: {e[1]}", hexes, [d.id for d in defenders]))
    if rolled_d and spec.get("attacker_actions") is not None:
        entry["attacker_aps"] = sum(rolled_d)
        for e in check_actions(ctx, "the attacker", attackers, spec["attacker_actions"], sum(rolled_d),
                               rolled_d == [1], panic_d):
            out.append(violation(e[0], f"attack {n}: {e[1]}", hexes, [u.id for u in attackers]))
    return out
