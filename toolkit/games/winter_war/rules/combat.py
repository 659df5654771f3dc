"""Combat: declared attacks judged and resolved (adjacency, who may attack, each unit once, combined
defence, doubling and halving, the odds limits of the Combat Results Table) and the mandatory Soviet
attacks. Retreats and advances are :mod:`.retreats`."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ....errors import DataFileError, InputError
from ....rules.position import Position, Unit
from ....rules.report import Violation, violation
from ..combat import CombatOutcome, defense_strength, resolve
from ..terrain import FINLAND
from .common import BOOK, Context, flag, is_blank, is_hq, is_nkvd, is_ski_patrol, num, player_of

__all__ = ["attacks", "crt_outcomes", "defense_of", "mandatory", "mandatory_attacks"]

CASE_C = BOOK.cite("Combat (C)", "Only those Friendly units directly adjacent to a given Enemy unit may participate "
                   "in an attack upon that Enemy unit.")
CASE_E = BOOK.cite("Combat (E)", "Modification: Isolated Soviet units, Soviet units which participated in an "
                   "advance-before-combat, and Soviet HQ units may never participate in an attack.")
CASE_F = BOOK.cite("Combat (F)", "No unit may participate in more than one attack per Combat Resolution Segment. No "
                   "unit may be the object of more than one attack per Combat Resolution Segment.")
CASE_H = BOOK.cite("Combat (H)", "Friendly units stacked in the same hex must be treated as one combined Defense "
                   "Strength value when subjected to an attack.")
CASE_N = BOOK.cite("Combat (N)", "Combat Odds are rounded off in favor of the defender to conform to the ratios "
                   "given on the Combat Results Table. For example, an attack of 26 Attack Points against 9 Defense "
                   "Points would be rounded off to a \"2 to 1\" odds situation.")
CASE_P = BOOK.cite("Combat (P)", "Isolated units may not participate in attacks.")
CASE_Q = BOOK.cite("Combat (Q)", "NKVD Units may not attack Finnish units in Finland")
CASE_R = BOOK.cite("Combat (R)", "The result of such an attack is always \"Defender Eliminated.\"")
CASE_S = BOOK.cite("Combat (S)", "Finnish units have their Defense Strength doubled when defending in Finnish "
                   "Cities, or Finnish Fortification hexes ... Soviet units have their Defense Strength doubled when "
                   "defending in Soviet cities. Units of either army have their Defense Strength doubled if all the "
                   "attacking units are attacking through lake or river hex-sides. A unit's Defense Strength can "
                   "never be more than doubled")
SUPPLY_B = BOOK.cite("Supply and Isolation (B)", "Units which are isolated have their Defense Strength cut in half "
                     "(do not round-off any resulting fractions).")
FORT_B = BOOK.cite("Fortifications (B)", "if a combat result in parentheses is shown on the Combat Results Table, "
                   "that combat result takes precedence over the normal combat result.")
CRT_LIMITS = BOOK.cite("Combat Results Table", "odds worse than 1-4 are not permitted")
MOVEMENT_E = BOOK.cite("Movement (E)", "No combat (Enemy or Friendly) may take place during a Movement Phase.")
PROC_B = BOOK.cite("Combat Procedure (B)", "Units which advance before combat may not participate in an attack "
                   "during the Combat Resolution Segment.")
SCENARIO_B = BOOK.cite("Scenario B", "The Soviet Player may not attack these units, nor may they attack Soviet units "
                       "until the Allied units enter a Finnish hex.")


def defense_of(ctx: Context, defenders: list[Unit], attackers: list[Unit]) -> tuple[Fraction, bool, list[str]]:
    """Combined Defense Strength of the defending units (Combat (H), (K), (S); Supply (B)), whether the
    fortified results apply (Fortifications (B)), and notes."""
    b = ctx.board
    total = Fraction(0)
    fortified = False
    notes: list[str] = []
    attacker_hexes = {a.hex for a in attackers}
    for d in defenders:
        if flag(d, "retreated"):
            continue  # Combat (A): units that retreated onto a host do not defend
        h = d.hex
        assert h is not None
        finn = player_of(d) == "finnish"
        doubled = False
        if finn and (h in b.finnish_cities or h in b.fortifications):
            doubled = True
            notes.append(f"{d.id} doubled in a Finnish {'Fortification' if h in b.fortifications else 'City'}")
            if h in b.fortifications:
                fortified = True
        elif not finn and h in b.supply_cities:
            doubled = True
            notes.append(f"{d.id} doubled in a Soviet Supply City")
        adj = [a for a in attacker_hexes if a in b.neighbours(h)]
        if adj and all(b.water_side(a, h) for a in adj) and not doubled:
            doubled = True
            notes.append(f"{d.id} doubled: attacked only through lake or river hexsides")
        iso = d.id in ctx.isolated
        if iso:
            notes.append(f"{d.id} halved: isolated")
        total += defense_strength(d.value("defense"), doubled=doubled, isolated=iso)
    return total, fortified, notes


@BOOK.rule("Combat", "During the Combat Resolution Segment of his Combat Phase, a Player may only attack those Enemy "
           "units to which Friendly units are adjacent. ... The phasing-Player is considered to be the Attacker and "
           "the non-phasing-Player is considered to be the Defender")
def attacks(ctx: Context) -> list[Violation]:
    """Combat: the declared attacks of a Combat Phase (``state.attacks``), judged at the instant of combat
    (the earlier position of a combat-phase move check, else this one). The resolved attacks are left in
    ``ctx.attacks`` for the report's summary."""
    out: list[Violation] = []
    combat_ctx = ctx.combat if ctx.combat is not None else ctx
    ctx.attacks = check_attacks(combat_ctx, out, ctx.pos.state.get("attacks"))
    return out


def check_attacks(ctx: Context, report: list[Violation], raw: Any = None) -> list[dict[str, Any]]:
    """Combat: the declared attacks of a Combat Phase (``raw``, default ``state.attacks``) and the mandatory
    Soviet attacks."""
    if raw is None:
        raw = ctx.state.get("attacks")
    if raw is None:
        return []
    pos, b = ctx.pos, ctx.board
    if pos.phase != "combat":
        # Movement (E): no combat during a Movement Phase; Sequence of Play: combat only in the Combat Phase
        rule = "Movement (E)" if pos.phase == "movement" else "Sequence of Play"
        report.append(violation(rule, f"attacks declared in the {pos.phase} phase; combat takes place "
                             "in the Combat Phase"))
        return []
    if not isinstance(raw, list):
        raise DataFileError("state.attacks must be a list of {attackers, defenders, die}", pos.source)
    attacker_side = pos.player
    used_a: dict[str, int] = {}
    used_d: dict[str, int] = {}
    results = []
    for n, atk in enumerate(raw, 1):
        if not isinstance(atk, Mapping):
            raise DataFileError(f"attack {n} is not a mapping", pos.source)
        try:
            attackers = [pos.by_id[str(i)] for i in atk.get("attackers") or []]
            defenders = [pos.by_id[str(i)] for i in atk.get("defenders") or []]
        except KeyError as exc:
            raise DataFileError(f"attack {n} names unknown unit {exc.args[0]!r}", pos.source) from None
        if not attackers or not defenders:
            raise DataFileError(f"attack {n} needs attackers and defenders", pos.source)
        off = [u.id for u in (*attackers, *defenders) if u.hex is None]
        if off:
            raise DataFileError(f"attack {n}: unit {off[0]!r} is off the map", pos.source)
        for u in attackers:
            if u.id in used_a:
                report.append(violation("Combat (F)", f"{u.id} attacks twice (attacks {used_a[u.id]} and {n})",
                                     [u.hex], [u.id]))
            used_a[u.id] = n
            if player_of(u) != attacker_side:
                report.append(violation("Combat", f"{u.id} is not the phasing player's unit", [u.hex], [u.id]))
            if is_hq(u) and u.side == "soviet":
                report.append(violation("Combat (E)", f"Soviet HQ {u.id} may never attack", [u.hex], [u.id]))
            if u.id in ctx.isolated:
                report.append(violation("Combat (P)", f"{u.id} is isolated and may not attack", [u.hex], [u.id]))
            if u.counter == "sov-3-1-1" and flag(u, "air_dropped"):
                report.append(violation("Special Event F", f"paratroop {u.id} was air dropped this turn and cannot "
                                     "attack until the next Soviet Player-Turn", [u.hex], [u.id]))
            if flag(u, "advanced"):
                report.append(violation("Combat Procedure (B)", f"{u.id} advanced before combat and may not "
                                     "attack", [u.hex], [u.id]))
            for d in defenders:
                if d.hex not in b.neighbours(u.hex):  # type: ignore[arg-type]
                    report.append(violation("Combat (C)", f"{u.id} is not adjacent to {d.id}", [u.hex, d.hex],
                                         [u.id, d.id]))
                elif b.side_blocked(u.hex, d.hex, ctx.turn):  # type: ignore[arg-type]
                    report.append(violation("Terrain Effects Chart", f"{u.id} may not attack {d.id} across a "
                                         "major lake or sea hexside", [u.hex, d.hex], [u.id, d.id]))
                if is_nkvd(u) and b.in_country(d.hex, FINLAND):  # type: ignore[arg-type]
                    report.append(violation("Combat (Q)", f"NKVD {u.id} may not attack units in Finland",
                                         [u.hex, d.hex], [u.id, d.id]))
        for u in attackers + defenders:
            if u.side == "allied" and not b.in_country(u.hex, FINLAND) and ctx.scenario in ("B", "C", "E"):  # type: ignore[arg-type]
                report.append(violation("Scenario B", f"Allied unit {u.id} may not attack or be attacked until it "
                                     "enters a Finnish hex", [u.hex], [u.id]))
        for d in defenders:
            if d.id in used_d:
                report.append(violation("Combat (F)", f"{d.id} is attacked twice (attacks {used_d[d.id]} and {n})",
                                     [d.hex], [d.id]))
            used_d[d.id] = n
            if player_of(d) == attacker_side:
                report.append(violation("Combat", f"{d.id} is the attacker's own unit", [d.hex], [d.id]))
        for h in {d.hex for d in defenders if d.hex is not None}:
            missing = [u.id for u in pos.at(h) if player_of(u) != attacker_side and not is_blank(u)
                       and u not in defenders]
            if missing:
                report.append(violation("Combat (H)", f"the units in {h} defend together; {', '.join(missing)} "
                                     "left out of the attack", [h], missing))
        attack = sum(Fraction(u.value("attack")) for u in attackers)
        defense, fortified, notes = defense_of(ctx, defenders, attackers)
        die = atk.get("die")
        ski_only = all(is_ski_patrol(d) for d in defenders)
        try:
            outcome: CombatOutcome = resolve(attack, defense, fortified=fortified, die=die,
                                             ski_patrols_only=ski_only)
        except InputError as exc:
            raise DataFileError(f"attack {n}: {exc}", pos.source) from None
        if outcome.odds.clamped == "low" and attacker_side == "finnish" and not ski_only:
            # CRT: "odds worse than 1-4 are not permitted - if unavoidable, treat as a 1-4": only the Soviet
            # player's attacks are obligatory (Combat (E)); a voluntary Finnish one is avoidable (Combat (D))
            odds = f"{num(float(attack))} against {num(float(defense))}"
            report.append(violation("Combat Results Table", f"attack {n} is at odds worse than 1-4 ({odds}); "
                                 "the Finnish attack is voluntary and not "
                                 "permitted", [u.hex for u in attackers + defenders],
                                 [u.id for u in attackers + defenders]))
        entry: dict[str, Any] = {"attackers": [u.id for u in attackers],
                                 "defenders": [u.id for u in defenders], **outcome.to_dict()}
        entry["notes"] = notes + list(outcome.notes)
        if outcome.result == "Ex":  # CRT Ex: at least the defenders' basic (not doubled) Defense Strength
            entry["exchange_loss"] = num(sum(d.value("defense") for d in defenders if not flag(d, "retreated")))
        entry.pop("column")
        results.append(entry)
    if attacker_side == "soviet":
        ctx.declared = (dict(used_a), dict(used_d))  # judged by the Combat (E) rule, :func:`mandatory`
    return results


@BOOK.rule("Combat (E)", "The Soviet Player is obligated to attack all Finnish (or Allied) units to which he has "
           "unit adjacent. All Soviet units which are adjacent to Finnish units must participate in an attack.")
def mandatory(ctx: Context) -> list[Violation]:
    """Combat (E), when the Soviet Player's attacks are declared: every adjacent Soviet unit attacks and every
    adjacent Finnish unit is attacked (the exemptions in :func:`mandatory_attacks`)."""
    combat_ctx = ctx.combat if ctx.combat is not None else ctx
    if combat_ctx.declared is None:
        return []
    return mandatory_attacks(combat_ctx, *combat_ctx.declared)


def mandatory_attacks(ctx: Context, used_a: Mapping[str, int], used_d: Mapping[str, int]) -> list[Violation]:
    """Combat (E): every Soviet unit adjacent to Finnish (or Allied) units attacks, and every such
    Finnish unit is attacked - except isolated units, units that advanced before combat and HQs;
    NKVD units may not attack into Finland (Q)."""
    b, pos = ctx.board, ctx.pos
    out = []
    finns = {u.hex for u in pos.on_map() if player_of(u) == "finnish" and not is_blank(u) and not (
        u.side == "allied" and not b.in_country(u.hex, FINLAND))}  # type: ignore[arg-type]
    for u in pos.side_units("soviet"):
        if is_hq(u) or u.id in ctx.isolated or flag(u, "advanced") or u.id in used_a or (
                u.counter == "sov-3-1-1" and flag(u, "air_dropped")):
            continue
        targets = [h for h in b.neighbours(u.hex) if h in finns  # type: ignore[arg-type]
                   and not b.side_blocked(u.hex, h, ctx.turn)  # type: ignore[arg-type]
                   and not (is_nkvd(u) and b.in_country(h, FINLAND))]
        if targets:
            out.append(violation("Combat (E)", f"Soviet unit {u.id} is adjacent to Finnish units and must "
                                 "attack", [u.hex, *targets], [u.id]))
    able = [u for u in pos.side_units("soviet") if not (is_hq(u) or u.id in ctx.isolated or flag(u, "advanced"))]
    for d in pos.on_map():
        if player_of(d) != "finnish" or is_blank(d) or d.id in used_d or flag(d, "retreated"):
            continue
        if d.side == "allied" and not b.in_country(d.hex, FINLAND):  # type: ignore[arg-type]
            continue  # Scenario B: not attacked before entering Finland
        adj = [a for a in able if d.hex in b.neighbours(a.hex)  # type: ignore[arg-type]
               and not b.side_blocked(a.hex, d.hex, ctx.turn)  # type: ignore[arg-type]
               and not (is_nkvd(a) and b.in_country(d.hex, FINLAND))]  # type: ignore[arg-type]
        if adj:
            out.append(violation("Combat (E)", f"{d.id} is adjacent to Soviet units and must be attacked",
                                 [d.hex], [d.id, *(a.id for a in adj)]))
    return out


def crt_outcomes(ctx: Context, after: Position) -> dict[str, tuple[str, str]]:
    """Unit id -> (its attack's result, the defenders' hexes) for the attacks ``after`` declares with a
    die roll (``state.attacks``), resolved on the position at the start of the Combat Phase."""
    raw = after.state.get("attacks")
    out: dict[str, tuple[str, str]] = {}
    if not isinstance(raw, list):
        return out
    pos = ctx.pos
    for atk in raw:
        if not isinstance(atk, Mapping) or atk.get("die") is None:
            continue
        attackers = [pos.by_id[i] for i in atk.get("attackers") or [] if i in pos.by_id]
        defenders = [pos.by_id[i] for i in atk.get("defenders") or [] if i in pos.by_id]
        if not attackers or not defenders or any(u.hex is None for u in attackers + defenders):
            continue
        attack = sum(Fraction(u.value("attack")) for u in attackers)
        defense, fortified, _ = defense_of(ctx, defenders, attackers)
        try:
            result = resolve(attack, defense, fortified=fortified, die=atk["die"],
                             ski_patrols_only=all(is_ski_patrol(d) for d in defenders)).result
        except InputError:
            continue  # reported by check_attacks
        where = " ".join(sorted({d.hex for d in defenders}))  # type: ignore[misc]
        for u in (defenders if result == "Dr" else attackers if result in ("Ar", "De", "Ex") else []):
            out[u.id] = (str(result), where)
    return out


