"""``wgt combat``: the odds column of an attack, and its result for a die roll, per the game's CRT."""

from __future__ import annotations

from fractions import Fraction

import click

from ..errors import InputError
from ..games import get_game
from .options import echo_json, json_opt


def strengths(text: str, what: str) -> list[Fraction]:
    """``"26"``, ``"6+6+2"``, ``"6,4"``, ``"4.5"`` -> the unit strengths."""
    parts = [p for p in text.replace(",", "+").replace(" ", "").split("+") if p]
    try:
        values = [Fraction(p) for p in parts]
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what} {text!r} is not a number or a sum such as 6+6+2") from None
    if not values or any(v < 0 for v in values):
        raise InputError(f"{what} {text!r} must be one or more non-negative numbers")
    return values


@click.command()
@click.argument("game")
@click.option("--attack", "-a", required=True, help="Attack strength, or unit strengths joined by + or ,.")
@click.option("--defense", "-d", required=True, help="Defense strength(s) as printed.")
@click.option("--fortified", is_flag=True, help="Finnish defenders in a Fortification hex (doubled; results "
              "in parentheses).")
@click.option("--city", is_flag=True, help="Defenders in a Finnish City (Finns) or Soviet Supply City (Soviets).")
@click.option("--river", is_flag=True, help="Every attacker attacks through lake or river hexsides.")
@click.option("--isolated", is_flag=True, help="The defenders are isolated (defense halved).")
@click.option("--ski", is_flag=True, help="The defenders are Finnish ski patrols only (always De).")
@click.option("--landing", is_flag=True, help="Scenario A landing at Petsamo (Soviet defense doubled; Ar/Ne = Ae).")
@click.option("--die", type=int, help="The die roll: also give the result.")
@json_opt
def combat(game: str, attack: str, defense: str, fortified: bool, city: bool, river: bool, isolated: bool,
           ski: bool, landing: bool, die: int | None, as_json: bool) -> None:
    """The odds column of an attack in GAME (and the result for --die)."""
    out = get_game(game).combat(strengths(attack, "attack"), strengths(defense, "defense"), fortified=fortified,
                                city=city, river=river, isolated=isolated, ski=ski, landing=landing, die=die)
    if as_json:
        echo_json(out)
        return
    line = f"{out['attack']:g} against {out['defense']:g}: {out['odds']}"
    if out.get("die") is not None:
        line += f"; die {out['die']}: {out['result']} ({out['meaning']})"
    click.echo(line)
    if out.get("exchange_loss") is not None:
        click.echo(f"  exchange: the attacker removes at least {out['exchange_loss']:g} Attack Strength Points (the "
                   "defenders' basic Defense Strength)")
    for note in out.get("notes", []):
        click.echo(f"  {note}")
    if out.get("die") is None:
        click.echo("  " + "  ".join(f"{d}:{r}" for d, r in out["column"].items()))
