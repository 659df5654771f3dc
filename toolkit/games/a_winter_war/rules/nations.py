"""Rules 26A1, 30B3, 33 and 35A: Soviet sea supply to Petsamo, garrisons of captured Finnish cities, foreign aid by
sea, and the game's length (with optional rule 36E)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ....rules.report import Violation, violation
from ..naming import END_TURN, turn_name
from .common import BOOK, Context, is_ground, is_naval, is_position_aa, player_of, re_of

__all__ = ["garrison_needed", "ungarrisoned"]

MURMANSK, PETSAMO = "35:0701", "35:0304"


def garrison_needed(kind: str | None) -> int:
    """30B3: 1 RE per point or reference city, 3 RE per black-dot or major city."""
    return 1 if kind == "reference" else 3


def ungarrisoned(ctx: Context) -> set[str]:
    """Finnish cities the Soviet player owns without the garrison 30B3 requires (position AA does not count):
    Soviet supply may not be traced through them."""
    out: set[str] = set()
    for h, kind in ctx.board.cities.items():
        if ctx.board.country(h) != "finland" or ctx.owner(h) != "soviet":
            continue
        held = sum((re_of(u) for u in ctx.pos.at(h) if is_ground(u) and player_of(u) == "soviet"
                    and not is_position_aa(u)), Fraction(0))
        if held < garrison_needed(kind):
            out.add(h)
    return out


@BOOK.rule("35A", "The game begins with the Soviet turn of Dec. I 39 and ends with the Finnish turn of Mar. I 40.")
def game_length(ctx: Context) -> Iterator[Violation]:
    """Turns after Mar I 40 (8 Mar II 40 .. 12 May II 40) are played only with the variable game length (36E: "at
    the end of each turn after Mar. I 40 the Soviet player rolls a die ... The war may not go beyond the Mai II 40
    turn"); the referee refuses a turn past May II 40 as input."""
    optional = {str(o).upper() for o in ctx.pos.state.get("optional_rules") or ()}
    if ctx.pos.turn > END_TURN and "36E" not in optional:
        yield violation("35A", f"turn {ctx.pos.turn} ({turn_name(ctx.pos.turn)}) is after the Finnish turn of "
                        "Mar I 40 (variable game length, 36E, not in use)")


@BOOK.rule("26A", "During the Soviet movement phase, the player may transport by sea up to 4 supply points between "
           "Murmansk (35:0701) and Petsamo (35:0304). Condition: control Murmansk and Petsamo and be able to trace a "
           "supply line from Murmansk to a Soviet source at the start of the turn. If a Western Intervention (rule 31) "
           "occurs, this capability is immediately lost.")
def soviet_sea_supply(ctx: Context) -> Iterator[Violation]:
    """``state.sea_supply``: supply points carried this Soviet movement phase."""
    points = ctx.pos.state.get("sea_supply")
    if not points:
        return
    if ctx.pos.player != "soviet" or ctx.pos.phase != "movement":
        yield violation("26A", "sea supply to Petsamo moves only in the Soviet movement phase")
    elif ctx.pos.state.get("intervention"):
        yield violation("26A", "the Western intervention has ended Soviet sea supply to Petsamo")
    elif int(points) > 4:
        yield violation("26A", f"{points} supply points by sea to Petsamo (at most 4)", [MURMANSK, PETSAMO])
    elif MURMANSK in ctx.board.tmap and PETSAMO in ctx.board.tmap and \
            (ctx.owner(MURMANSK) != "soviet" or ctx.owner(PETSAMO) != "soviet"):
        yield violation("26A", "sea supply needs Soviet control of Murmansk and Petsamo", [MURMANSK, PETSAMO])


@BOOK.rule("33", "Reinforcements arriving by sea enter any operating Finnish port, except those within 10 hexes of a "
           "Soviet naval unit.")
def sea_reinforcements(ctx: Context) -> Iterator[Violation]:
    """Unit state ``by_sea``: a reinforcement that arrived by sea this initial phase."""
    damage = ctx.pos.state.get("port_damage") or {}
    ships = [u.hex for u in ctx.pos.on_map() if is_naval(u) and u.side == "soviet"]
    for u in ctx.pos.on_map():
        if not u.state.get("by_sea"):
            continue
        h = u.hex
        assert h is not None
        kind = ctx.board.port(h)
        from .naval import port_capacity
        if ctx.pos.phase != "initial" or u.side == "soviet":
            yield violation("33", f"{u.id} arrives by sea outside the Finnish initial phase", [h], [u.id])
        elif not kind or ctx.board.country(h) != "finland" or ctx.owner(h) != "finnish" or \
                port_capacity(kind, int(damage.get(h, 0))) == 0:
            yield violation("33", f"{u.id} arrives by sea at {h}, not an operating Finnish port", [h], [u.id])
        elif any(s is not None and ctx.board.distance(h, s) <= 10 for s in ships):
            yield violation("33", f"{u.id} arrives at {h}, within 10 hexes of a Soviet naval unit", [h], [u.id])


@BOOK.rule("16C", "Air phase activities follow this order")
def air_in_air_phase(ctx: Context) -> Iterator[Violation]:
    """Air missions and patrol attacks belong to the air phase (4A, 16C)."""
    if ctx.pos.phase != "air" and (ctx.pos.state.get("air_missions") or ctx.pos.state.get("patrol_attacks")):
        yield violation("16C", f"air missions are declared in the {ctx.pos.phase} phase, not the air phase")
