"""Actions other than combat: 15.0 demolitions, 19.0 Overruns, 20.0 Air Strikes, 21.0 Indirect Fire Support.
Each is declared in the position's ``state`` and judged; the die modifiers and columns are worked out for the
summary, and a result that needs an unknown table is "not judged"."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ....rules.report import Violation, violation
from ..charts import AIR_STRIKE as AIR_TABLE
from ..charts import BRIDGE_DEMOLITION as DEMOLITION_TABLE
from ..charts import BUNDLED, IFS
from ..terrain import BRIDGES, TOWN, VILLAGE
from .common import BOOK, Context, enemy_of, flag, has_type, is_support, player_of

__all__ = ["air_strike", "demolitions", "fire_column", "indirect_fire", "overruns"]


FIRE_TABLE = IFS
#: 21.1 Clarification and Illustration 8: the table has "4" and "12" columns, and none for 5
FIRE_COLUMNS = {4: "21.1 Clarification", 12: "Illustration 8"}
NOT_COLUMNS = {5: "21.1 Clarification: a total of 5 uses the \"4\" column"}

MOVED = BOOK.cite("21.5", "If the Support Unit moved during the Movement Phase in the current Player Turn, the "
                  "Support Factor of the unit is halved. Retain any fractions.")
TARGET = BOOK.cite("5.2", "A target hex must always contain at least one enemy unit (or a bridge [15.0 & 20.0]).")
ARRIVED = BOOK.cite("16.2 Clarification", "all Support Units have a penalty due to movement [21.5] on the Game Turn "
                    "they arrive, no matter what.")
SPOTTER = BOOK.cite("21.4.1", "If no friendly unit is in an adjacent hex to the target hex of an Indirect Fire "
                    "Support, there will be a -2 DRM on the 21.7 Indirect Fire Support Table.")
FIRE_TERRAIN = BOOK.cite("21.4.2", "An Indirect Fire Support into a Town/Factory Area hex will generate a -2 DRM, and "
                         "into a Forest or Village hex a -1 DRM on the 21.7 Indirect Fire Support Table.")
AIR_DRM = BOOK.cite("20.1", "An Air Strike into a Town/Factory Area hex will generate a -2 DRM, on a Nationality "
                    "marker [8.1], or into a Forest or Village hex a -1 DRM on the 20.3 Air Strike Table.")
HQ_SUPPORT = BOOK.cite("31.4.2", "Each Support Unit HQ may give a +1 DRM on the 21.7 Indirect Fire Support Table, but "
                       "no more than two Support Unit HQs may give a DRM per Indirect Fire Support.")
FIRE_COLUMN = BOOK.cite("21.1 Clarification", "Round down to the closest column on the 21.7 Indirect Fire Support "
                        "Table. Example: If the total Support Factor (strength) is 5, use the \"4\" column on the "
                        "table.")


def _terrain_drm(ctx: Context, h: str, kind: str) -> int:
    """20.1, 21.4.2: Town/Factory Area -2; Forest or Village -1 ("Buildings in a Forest hex is still a -1 DRM")."""
    b = ctx.board
    if b.is_town(h):
        return ctx.charts.fire_drm(TOWN, kind) or 0
    drms = [ctx.charts.fire_drm(b.terrain(h), kind) or 0]
    if b.village(h):
        drms.append(ctx.charts.fire_drm(VILLAGE, kind) or 0)
    return min(drms)


def fire_column(total: Fraction, charts_columns: list[int] | None = None) -> int | None:
    """21.1 Clarification: round the total Support Factor down to a column; None when the columns the text gives
    cannot tell (a user's completed table gives them all)."""
    if charts_columns:
        fit = [c for c in charts_columns if c <= total]
        return max(fit) if fit else None
    f = math.floor(total)
    while f >= 0:
        if f in FIRE_COLUMNS:
            return f
        if f not in NOT_COLUMNS:
            return None
        f -= 1
    return None


@BOOK.rule("21.6", "No Support Unit may take part in more than one Indirect Fire Support per Combat Phase. Each "
           "Indirect Fire Support must be directed against the units occupying a single hex.", scope="combat")
def indirect_fire(ctx: Context) -> list[Violation]:
    """21.0-21.6: ``state.fire: [{units, target, die}]``: Support Units within range (21.2), each once a phase, not
    into or out of a Close Combat hex (22.3), not intoxicated (28.1); the factor (21.5 halved if moved), column
    (21.1 Clarification) and DRMs (21.4, 8.1, 27.3, 31.4.2) go to the summary."""
    src = ctx.after.state if ctx.after is not None else ctx.state
    raw = src.get("fire")
    if not raw:
        return []
    out: list[Violation] = []
    if ctx.pos.phase != "combat":
        return [violation("6.1", f"Indirect Fire Support in the {ctx.pos.phase} phase; it is resolved in the "
                          "Combat Phase (3b, 3c)")]
    b = ctx.board
    used: dict[str, int] = {}
    for n, spec in enumerate(raw, 1):
        target = str(spec.get("target"))
        units = [ctx.pos.by_id[str(i)] for i in spec.get("units") or [] if str(i) in ctx.pos.by_id]
        shooter = player_of(units[0]) if units else ctx.pos.player
        if not ctx.at(target, enemy_of(shooter)):
            out.append(violation("5.2", f"fire {n}: target hex {target} holds no enemy unit", [target]))
        if target in ctx.close_combat:
            out.append(violation("22.3", f"fire {n}: no Indirect Fire Support into the Close Combat hex {target}",
                                 [target], [u.id for u in units]))
        total = Fraction(0)
        unknown = False
        for u in units:
            where = [u.hex, target]
            if not is_support(u):
                out.append(violation("21.0", f"fire {n}: {u.id} is not a Support Unit", where, [u.id]))
                continue
            if u.id in used:
                out.append(violation("21.6", f"{u.id} fires twice (fire {used[u.id]} and {n})", where, [u.id]))
            used[u.id] = n
            if flag(u, "intoxicated"):
                out.append(violation("28.1", f"{u.id} is intoxicated and may not support", where, [u.id]))
            if u.hex in ctx.close_combat:
                out.append(violation("22.3", f"fire {n}: {u.id} is in a Close Combat hex", where, [u.id]))
            rng = u.value("range", 0)
            dist = b.distance(u.hex, target) if u.hex else 99  # type: ignore[arg-type]
            if ctx.known(u, "range", f"fire {n}") and dist > rng:  # 21.2: the range is printed (OOB Card)
                out.append(violation("21.2", f"fire {n}: {target} is {dist} hexes from {u.id}, beyond its range of "
                                     f"{rng:g}", where, [u.id]))
            if not ctx.known(u, "support", f"fire {n}"):
                unknown = True
            f = max(ctx.support(u), Fraction(0))
            if flag(u, "moved") or flag(u, "arrived"):
                f /= 2
            total += f
        drm = _terrain_drm(ctx, target, "ifs")
        if not any(n2 in ctx.occupied[shooter] for n2 in b.neighbours(target)):
            drm -= 2
        if spec.get("nationality_marker"):
            drm -= 1
        if not ctx.day:
            drm -= 1
        hqs = int(spec.get("hq") or 0)
        if hqs and ctx.optional("31.4"):
            drm += min(2, hqs)
        cols = [int(c) for c in ctx.charts.table(IFS).columns[1:]]
        col = None if unknown else fire_column(total, cols if ctx.charts.source != str(BUNDLED) else None)
        entry: dict[str, Any] = {"fire": n, "target": target, "support": None if unknown else float(total),
                                 "column": col, "drm": drm}
        if col is None and not unknown:
            ctx.unknown(FIRE_TABLE, f"the column for a total of {float(total):g}")
        if spec.get("die") is not None:
            ctx.unknown(FIRE_TABLE, f"the result of fire {n}")
        ctx.combats.append(entry)
    return out


@BOOK.rule("20.0", "One Air Strike is allowed per Player Turn and only by the Phasing Player. An Air Strike is allowed "
           "on Sunny weather Daytime (A) Game Turns (only) from Game Turn 2A onwards.", scope="combat")
def air_strike(ctx: Context) -> list[Violation]:
    """20.0-20.2, 31.2: ``state.air_strikes: [{target, player}]``."""
    src = ctx.after.state if ctx.after is not None else ctx.state
    raw = src.get("air_strikes")
    if not raw:
        return []
    out = []
    if len(raw) > 1:
        out.append(violation("20.0", f"{len(raw)} Air Strikes in one Player Turn; one is allowed",
                             [str(s.get("target")) for s in raw]))
    for spec in raw:
        target = str(spec.get("target"))
        who = str(spec.get("player") or ctx.pos.player)
        why = []
        if who != ctx.pos.player:
            why.append("only the Phasing Player")
        if not ctx.day or ctx.turn < 3:
            why.append("only on Daytime turns from 2A")
        elif (ctx.state.get("weather") or "cloudy") != "sunny":
            why.append("only in Sunny weather")
        if why:
            out.append(violation("20.0", f"no Air Strike on {target}: {', '.join(why)}", [target]))
        bridge = target in BRIDGES and who == "german"
        if bridge and ctx.at(target, who):
            out.append(violation("20.2", f"no friendly units may be in the bridge hex {target}", [target],
                                 [u.id for u in ctx.at(target, who)]))
        if not bridge and not ctx.at(target, enemy_of(who)):
            out.append(violation("5.2", f"Air Strike target {target} holds no enemy unit", [target]))
        if target in ctx.close_combat:
            out.append(violation("22.3", f"no Air Strike into the Close Combat hex {target}", [target]))
        if who == "finnish" and ctx.optional("31.2") and any(
                has_type(u, "anti_aircraft", "heavy_anti_aircraft") for u in ctx.at(target, "german")):
            out.append(violation("31.2", f"a Finnish Air Strike may not take place in {target}: a German "
                                 "Antiaircraft unit is there", [target]))
        drm = -2 if bridge else _terrain_drm(ctx, target, "air") - (1 if spec.get("nationality_marker") else 0)
        ctx.combats.append({"air_strike": target, "drm": drm})
        if spec.get("die") is not None:
            ctx.unknown(DEMOLITION_TABLE if bridge else AIR_TABLE, f"the result of the Air Strike on {target}")
    return out


@BOOK.rule("19.0", "Overruns are allowed both during the Movement Phase and the Exploitation Phase on Daytime (A) Game "
           "Turns only. ... The Phasing Player may attempt to make an Overrun when its units are in an adjacent hex "
           "to an enemy unit giving an odds ratio of at least 10:1 in favor of the Phasing Player. Overruns are "
           "allowed in all terrain types except in Town/Factory Area hexes.", scope="combat")
def overruns(ctx: Context) -> list[Violation]:
    """19.0: ``state.overruns: [{units, target}]``, judged on the position before the Overrun: at least 10:1 (Attack
    Factors against Defense and Close Defense Factors), Daytime, Movement or Exploitation Phase, not into a
    Town/Factory Area hex, at most 10 units (19.0 Clarification 2), none intoxicated (28.1)."""
    src = ctx.after.state if ctx.after is not None else ctx.state
    out: list[Violation] = []
    for n, spec in enumerate(src.get("overruns") or [], 1):
        target = str(spec.get("target"))
        units = [ctx.pos.by_id[str(i)] for i in spec.get("units") or [] if str(i) in ctx.pos.by_id]
        ids = [u.id for u in units]
        where = [target, *(u.hex for u in units)]
        if not ctx.day:
            out.append(violation("27.3", f"overrun {n}: No Overruns are allowed at night", where, ids))
        if ctx.pos.phase not in ("movement", "exploitation"):
            out.append(violation("19.0", f"overrun {n} in the {ctx.pos.phase} phase", where, ids))
        if ctx.board.is_town(target):
            out.append(violation("19.0", f"overrun {n}: not allowed into the Town/Factory Area hex {target}", where,
                                 ids))
        if len(units) > 10:
            out.append(violation("19.0 Clarification 2", f"overrun {n}: {len(units)} units; no more than 10 take "
                                 "part", where, ids))
        for u in units:
            if flag(u, "intoxicated"):
                out.append(violation("28.1", f"{u.id} is intoxicated and may not conduct an Overrun", where, [u.id]))
            if is_support(u):
                out.append(violation("19.0", f"Support Unit {u.id} takes part in an Overrun only as the Non-Phasing "
                                     "Player's defender", where, [u.id]))
        enemies = ctx.at(target, enemy_of(ctx.pos.player))
        if not (ctx.known(units[:10], "attack", f"overrun {n}") & ctx.known(enemies, "defense", f"overrun {n}")):
            continue
        attack = sum((max(ctx.attack(u), Fraction(0)) for u in units[:10]), Fraction(0))
        defense = sum((max(ctx.defense(d), Fraction(0)) for d in ctx.at(target, enemy_of(ctx.pos.player))),
                      Fraction(0))
        ctx.combats.append({"overrun": n, "target": target, "attack": float(attack), "defense": float(defense)})
        if defense > 0 and attack < 10 * defense:
            out.append(violation("19.0", f"overrun {n}: {float(attack):g} against {float(defense):g} is less than "
                                 "10:1", where, ids))
    return out


@BOOK.rule("15.0", "Each unbroken German Engineer unit (only) may make one demolition attempt per Game Turn and only "
           "on the Tornionjoki (hex 1603) and/or Kemijoki (hex 2420) River Bridges (marked on the map). ... No other "
           "units may be in the hex during an attempt.")
def demolitions(ctx: Context) -> list[Violation]:
    """15.0: ``state.demolitions: [{engineer, bridge, die}]`` in the German Initial Phase: unbroken German Engineer
    units in the bridge hex, alone there, one attempt each a Game Turn, on an intact or damaged bridge; the DRM
    (night -1, enemy ZOC -1, +1 for each Neither) goes to the summary."""
    out: list[Violation] = []
    seen: set[str] = set()
    bridges: Mapping[str, Any] = ctx.state.get("bridges") or {}
    for n, spec in enumerate(ctx.state.get("demolitions") or [], 1):
        uid, bridge = str(spec.get("engineer")), str(spec.get("bridge"))
        u = ctx.pos.by_id.get(uid)
        if u is None:
            continue
        where = [u.hex, bridge]
        why = []
        if player_of(u) != "german" or not has_type(u, "engineer"):
            why.append("only German Engineer units")
        if ctx.broken(u):
            why.append("the engineer is Broken")
        if bridge not in BRIDGES:
            why.append("only the bridges in 1603 and 2420")
        elif bridges.get(bridge) == "destroyed":
            why.append("the bridge is destroyed; bridges cannot be repaired")
        if ctx.pos.phase == "initial":  # where it stands during the attempt (it may not move afterwards)
            if u.hex != bridge:
                why.append(f"the engineer is in {u.hex}, not the bridge hex")
            others = [x.id for x in ctx.at(bridge) if x.id != uid]
            if others and u.hex == bridge:
                why.append(f"other units are in the hex ({', '.join(others)})")
        if uid in seen:
            why.append("one attempt per Game Turn")
        if ctx.pos.player != "german" or ctx.pos.phase == "setup":
            why.append("attempted in the German Initial Phase (6.1: 1e)")
        seen.add(uid)
        if why:
            out.append(violation("15.0", f"demolition {n} by {uid}: {'; '.join(why)}", where, [uid]))
        drm = int(spec.get("neither") or 0) - (0 if ctx.day else 1)
        if ctx.zoc is not None and u.hex and ctx.zoc.controls("finnish", u.hex):
            drm -= 1
        ctx.combats.append({"demolition": n, "bridge": bridge, "drm": drm})
        if spec.get("die") is not None:
            ctx.unknown(DEMOLITION_TABLE, f"the result of demolition {n}")
    return out
