"""The game around the units: 11.0 the Coup, 12.0 Weather, 16.1 at-start units and 16.2.1 Alarm Levels, 17.2/17.3
exits and Transfer Points, 29.0 Victory Points, levels and initiative, 6.0 the end of the game, 31.0 optional rules."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....rules.report import Violation, violation
from ..terrain import ALARM_LEVELS, COUP_HEXES, KEMI, OSP_START_HEXES, TORNIO, TRANSFER_EXITS
from .common import BOOK, Context, fr, player_of

__all__ = ["alarm_level", "coup_drm", "initiative", "victory_level"]

COUP_TABLE = "11.1 Coup Table"
WEATHER_TABLE = "12.1 Weather Table"
ALARM_NAMES = {0: "none", 1: "low", 2: "high", 3: "very_high"}  # 16.2.1
OPTIONAL_RULES = ("31.1", "31.2", "31.3", "31.4", "31.5")

SETUP_30 = BOOK.cite("30.0", "(10a) Four Finnish units of Os.P in three or four hexes, see above in \"(9c)\". ... "
                     "(10c) Two Finnish units of Larjo, which are used in the Coup(s) and placed in Tornio and/or "
                     "Kemi [11.0].")
END_6 = BOOK.cite("6.0", "The game ends when all sixteen Game Turns (1A-8B) have been played OR immediately when the "
                  "Finnish player has less than 0.5 VP or more than 39.5 VPs [29.0].")


def coup_drm(hex_id: str, larjo_units: int) -> int:
    """11.0: -1 for a Coup in Kemi, -1 if a Coup includes only one Larjo unit; cumulative."""
    return (-1 if hex_id == KEMI else 0) + (-1 if larjo_units == 1 else 0)


@BOOK.rule("11.0", "On the first Initiative Check, before the game actually begins, a Coup takes place in Tornio (hex "
           "1502) and/or in Kemi (hex 3220) by the two Finnish units of Larjo. Roll one die per Coup and consult the "
           "11.1 Coup Table. There is a -1 DRM for a Coup in Kemi, and if a Coup includes only one Larjo unit.")
def coups(ctx: Context) -> list[Violation]:
    """11.0: ``state.coups: [{hex, units, die}]`` on turn 1A before the game: in 1502 or 3220, by the two Larjo units
    (at most two in all), each unit in its Coup hex; the DRM goes to the summary; the result is on the 11.1 Coup
    Table (not printed)."""
    raw = ctx.state.get("coups") or []
    out = []
    if raw and (ctx.turn != 1 or ctx.pos.phase != "setup"):
        out.append(violation("11.0", "a Coup takes place on the first Initiative Check, before the game begins "
                             "(turn 1A, setup)"))
    used: list[str] = []
    for spec in raw:
        h = str(spec.get("hex"))
        ids = [str(i) for i in spec.get("units") or []]
        used.extend(ids)
        if h not in (TORNIO, KEMI):
            out.append(violation("11.0", f"a Coup in {h}: only in Tornio (1502) or Kemi (3220)", [h], ids))
        for uid in ids:
            u = ctx.pos.by_id.get(uid)
            if u is not None and u.hex != h:
                out.append(violation("11.0", f"Larjo unit {uid} is in {u.hex}, not the Coup hex {h}", [u.hex, h],
                                     [uid]))
        ctx.combats.append({"coup": h, "drm": coup_drm(h, len(ids))})
        if spec.get("die") is not None:
            ctx.unknown(COUP_TABLE, f"the result of the Coup in {h}")
    if len(used) > 2 or len(set(used)) != len(used):
        out.append(violation("11.0", f"the Coups use {len(used)} Larjo units; there are two, each in one Coup",
                             [], used))
    return out


@BOOK.rule("12.0", "The weather is determined on all Daytime (A) Player Turns, starting on Game Turn 2A. Game Turn 1A "
           "is always Cloudy.")
def weather(ctx: Context) -> list[Violation]:
    """12.0: Game Turn 1A is Cloudy; 27.3: no Weather Check at night (no ``weather`` to judge)."""
    w = ctx.state.get("weather")
    if w is not None and ctx.turn == 1 and w != "cloudy" and ctx.pos.phase != "setup":
        return [violation("12.0", f"Game Turn 1A is always Cloudy, not {w}")]
    return []


def alarm_level(landings: list[str]) -> int:
    """16.2.1: Röyttä Low, Ajos High, Kemi Very High; the highest used so far."""
    rank = {v: k for k, v in ALARM_NAMES.items()}
    return max((rank[ALARM_LEVELS[str(h)]] for h in landings if str(h) in ALARM_LEVELS), default=0)


@BOOK.rule("16.2.1", "An Alarm Level can increase during play but never decrease.")
def alarm(ctx: Context) -> list[Violation]:
    """16.2.1: ``state.alarm`` is the level of the Landing Sites used (``state.landings``), never lower."""
    used = [str(h) for h in ctx.state.get("landings") or []]
    level = alarm_level(used)
    stated = ctx.state.get("alarm")
    if stated is None:
        return []
    inv = {v: k for k, v in ALARM_NAMES.items()}
    if inv.get(str(stated), 0) < level:
        return [violation("16.2.1", f"the Alarm Level is {stated}, but Naval Landings in "
                          f"{', '.join(used)} raised it to {ALARM_NAMES[level]}", used)]
    return []


@BOOK.rule("16.1", "Note: No German units may start the game in the same hex as a Finnish unit.")
def at_start(ctx: Context) -> list[Violation]:
    """16.1: at set-up no German unit shares a hex with a Finnish unit. (The OOB Cards' start hexes are not in the
    rulebook: left to the players.)"""
    if ctx.pos.phase != "setup" or ctx.turn != 1:
        return []
    out = [violation("16.1", f"German units start in {h}, with a Finnish unit", [h], [u.id for u in ctx.at(h)])
           for h in sorted(ctx.close_combat)]
    for u in ctx.units:  # 30.0 (10a), (10c): the Finnish units the rulebook places
        where = {"Larjo": COUP_HEXES, "Os.P": OSP_START_HEXES}.get(u.kind.designation)
        if where is not None and player_of(u) == "finnish" and u.hex not in where:
            out.append(violation("30.0", f"{u.id} of {u.kind.designation} starts in {u.hex}, not in "
                                 f"{' or '.join(sorted(where))}", [u.hex], [u.id]))
    return out


@BOOK.rule("17.3", "Only German units may use these Transfer Points and as long as the Transfer Point is not blocked "
           "by a Finnish unit [16.2.2]. ... From Game Turn 8A onwards, no new transfers are allowed and any ongoing "
           "transfers must be finished.")
def transfers(ctx: Context) -> list[Violation]:
    """17.3: ``state.transfer`` on a unit (it is between the Transfer Points): German, not from 8A (turn 15) on for
    a new transfer (``state.transfer_started`` turn), not through a point a Finnish unit blocks."""
    out = []
    for u in ctx.pos.units:
        t = u.state.get("transfer")
        if not t:
            continue
        if player_of(u) != "german":
            out.append(violation("17.3", f"{u.id} is Finnish: only German units may use the Transfer Points", [],
                                 [u.id]))
        started = int(u.state.get("transfer_started") or ctx.turn)
        if started >= 15:
            out.append(violation("17.3", f"{u.id} starts a transfer on {started}: none from Game Turn 8A", [],
                                 [u.id]))
        elif ctx.turn > started + 2 or (ctx.turn == started + 2 and ctx.pos.phase in ("combat", "exploitation")
                                        and ctx.pos.player == "german"):
            out.append(violation("17.3", f"{u.id} entered a Transfer Point on Game Turn {started} and must exit it "
                                 "(enter a map hex) on the next Game Turn", [], [u.id]))
    blocked = [h for h in TRANSFER_EXITS if h in set(ctx.state.get("finnish_exits") or [])
               or h in ctx.occupied["finnish"]]
    for u in ctx.pos.units:
        start = str(u.state.get("transfer_from"))
        if u.state.get("transfer") and player_of(u) == "german" and start in blocked:
            out.append(violation("17.3", f"{u.id} transfers from {start}, blocked by a Finnish unit [16.2.2]",
                                 [start], [u.id]))
    return out


# --- 29.0 How to Win -----------------------------------------------------------------------------------

def victory_level(vp: Fraction) -> str:
    """29.5: the level of a Finnish VP total."""
    if vp <= 0:
        return "German Major Victory"
    if vp <= Fraction(17, 2):
        return "German Minor Victory"
    if vp <= Fraction(43, 2):
        return "Stalemate"
    if vp <= Fraction(79, 2):
        return "Finnish Minor Victory"
    return "Finnish Major Victory"


def initiative(finnish_gained: Fraction, german_subtracted: Fraction) -> dict[str, Any]:
    """29.3: the VP difference of the last Game Turn decides who has the initiative (at most 9 on the track; 0: a
    die roll, 29.2)."""
    diff = fr(finnish_gained) - fr(german_subtracted)
    side = "finnish" if diff > 0 else "german" if diff < 0 else None
    shown = min(abs(diff), Fraction(9))
    return {"vp_diff": float(shown), "vp_diff_side": side, "initiative": side or "die roll"}


@BOOK.rule("29.1", "The Finnish player will start the game with 3-4 VPs already gained, 1 VP each for hexes 2819, "
           "2918, 3621 & 3722, see the Finnish OOB Card.")
def starting_vp(ctx: Context) -> list[Violation]:
    """29.1, 30.0 (9c): at set-up, before any Coup is rolled, the Finnish VPs (``state.vp``) are one for each of
    2819, 2918, 3621 and 3722 a Finnish unit holds (3621's is the point "gained for Ajos", 3917, whose island a unit
    in 3621 makes Finnish: 10.0, 30.0 (9c); the map's one VP object for it is on 3917)."""
    vp = ctx.state.get("vp")
    if vp is None or ctx.turn != 1 or ctx.pos.phase != "setup" or any(
            c.get("die") is not None for c in ctx.state.get("coups") or []):
        return []
    held = [h for h in OSP_START_HEXES if h in ctx.occupied["finnish"]]
    if fr(vp) != len(held):
        return [violation("29.1", f"the Finnish player starts with {len(held)} VPs (one for each of "
                          f"{', '.join(held) or 'none of 2819, 2918, 3621, 3722'}), not {float(fr(vp)):g}", held)]
    return []


@BOOK.rule("29.0", "The game ends immediately when the VP-level is less than 0.5 VP or more than 39.5 VPs.")
def game_over(ctx: Context) -> list[Violation]:
    """29.0, 6.0: a position played on after the VP level left 0.5-39.5 (``state.vp`` at an earlier turn's end is
    ``state.vp_at_turn_start``)."""
    vp = ctx.state.get("vp_at_turn_start")
    if vp is None:
        return []
    v = fr(vp)
    if v < Fraction(1, 2) or v > Fraction(79, 2):
        return [violation("29.0", f"the game ended when the Finnish VPs reached {float(v):g}; it is not played on")]
    return []


def summary(ctx: Context) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if ctx.state.get("vp") is not None:
        vp = fr(ctx.state["vp"])
        out["victory_points"] = float(vp)
        out["victory_level"] = victory_level(vp)
    gained, lost = ctx.state.get("vp_gained_last_turn"), ctx.state.get("vp_subtracted_last_turn")
    if gained is not None or lost is not None:
        out.update(initiative(fr(gained or 0), fr(lost or 0)))
    used = [str(h) for h in ctx.state.get("landings") or []]
    if used:
        out["alarm_level"] = ALARM_NAMES[alarm_level(used)]
    return out
