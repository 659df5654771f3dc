"""``wgt combat SLUG``: the odds column of an attack, and its result for a die roll, per the game's CRT.

Each game is a subcommand built from what the game declares (:attr:`toolkit.games.Game.combat_options`), so
``wgt combat winter-war --help`` shows Winter War's modifiers and another game never receives them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import click

from ..errors import InputError
from ..games import discover, get_game
from ..games.base import RESERVED_COMBAT_OPTIONS, Game, GameOption
from .options import echo_json, json_opt

__all__ = ["combat", "strengths"]


MAX_STRENGTH = 1_000_000  # far beyond any counter mix; keeps every ratio finite as a float


def strengths(text: str, what: str) -> list[Fraction]:
    """``"26"``, ``"6+6+2"``, ``"6,4"``, ``"4.5"`` -> the unit strengths."""
    shown = text if len(text) <= 40 else text[:40] + "..."
    parts = text.replace(",", "+").replace(" ", "").split("+")
    if len(text) > 400 or any(not p or len(p) > 20 for p in parts):
        # "1++2", "1+", ",,3": an empty term is a typo, not a zero
        raise InputError(f"{what} {shown!r} is not a number or a sum such as 6+6+2")
    try:
        values = [Fraction(p) for p in parts]
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what} {shown!r} is not a number or a sum such as 6+6+2") from None
    if any(v < 0 for v in values):
        raise InputError(f"{what} {shown!r} must be one or more non-negative numbers")
    if sum(values) > MAX_STRENGTH:
        raise InputError(f"{what} {shown!r} is more than {MAX_STRENGTH:,} strength points")
    return values


class _Number(click.ParamType):
    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Fraction:
        if isinstance(value, Fraction):
            return value
        try:
            return Fraction(str(value).strip())
        except (ValueError, ZeroDivisionError):
            self.fail(f"{value!r} is not a number (4, 1.5, 3/2)", param, ctx)


def _option(opt: GameOption) -> click.Option:
    """A game's declared combat option as a click option."""
    if opt.name in RESERVED_COMBAT_OPTIONS or not opt.name.isidentifier():
        raise InputError(f"combat option {opt.name!r} cannot be a game's own option (reserved or not a name)")
    help_text = opt.help + (f" [{opt.section}]" if opt.section else "")
    if opt.kind == "flag":
        return click.Option([opt.flag, opt.name], is_flag=True, default=False, help=help_text)
    kinds: dict[str, Any] = {"int": int, "number": _Number(), "text": str,
                             "choice": click.Choice(list(opt.choices), case_sensitive=False)}
    if opt.kind not in kinds:
        raise InputError(f"combat option {opt.name!r}: unknown kind {opt.kind!r} (flag, int, number, choice, text)")
    return click.Option([opt.flag, opt.name], type=kinds[opt.kind], default=opt.default,
                        show_default=opt.default is not None, help=help_text)


def _echo(out: dict[str, Any]) -> None:
    line = f"{out['attack']:g} against {out['defense']:g}: {out['odds']}"
    if out.get("die") is not None:
        if out.get("result") is None:  # a results table cell the rulebook does not print: the note says which
            line += f"; die {out['die']}: result not judged"
        else:
            line += f"; die {out['die']}: {out['result']} ({out['meaning']})"
    click.echo(line)
    if out.get("exchange_loss") is not None:
        click.echo(f"  exchange: the attacker removes at least {out['exchange_loss']:g} Attack Strength Points (the "
                   "defenders' basic Defense Strength)")
    for note in out.get("notes", []):
        click.echo(f"  {note}")
    if out.get("die") is None and out.get("column"):
        click.echo("  " + "  ".join(f"{d}:{r}" for d, r in out["column"].items()))


def game_command(game: Game) -> click.Command:
    """``wgt combat SLUG`` for one game: --attack, --defense, the game's own options, --die, --json."""
    own = [_option(o) for o in game.combat_options]

    def run(attack: str, defense: str, die: int | None, as_json: bool, **options: Any) -> None:
        if not game.has_combat():
            raise InputError(f"no combat results table for {game.slug} yet")
        out = game.combat(strengths(attack, "attack"), strengths(defense, "defense"), die=die, **options)
        if as_json:
            echo_json(out)
        else:
            _echo(out)

    params: list[click.Parameter] = [
        click.Option(["--attack", "-a"], required=True, help="Attack strength, or unit strengths joined by + or ,."),
        click.Option(["--defense", "-d"], required=True, help="Defense strength(s) as printed."),
        *own,
        click.Option(["--die"], type=int, help="The die roll: also give the result."),
    ]
    command = json_opt(click.Command(game.slug, params=params, callback=run))
    if game.has_combat():
        command.help = f"The odds column of an attack in {game.title} (and the result for --die)."
        command.short_help = game.title + ("" if own else " (no options of its own)")
    else:
        command.help = (f"{game.title} has no combat results table yet: this command says so and exits 3.")
        command.short_help = f"{game.title}: no combat results table yet"
    return command


#: the options of every game's command that take a value
_VALUE_OPTIONS = frozenset({"-a", "--attack", "-d", "--defense", "--die"})


class CombatGroup(click.Group):
    """One subcommand per discovered game (slugs and aliases); an unknown game is an input error (exit 3)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(discover())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        try:
            return game_command(get_game(name))
        except InputError:
            return None

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """The game may also follow the options (``wgt combat -a 26 -d 9 winter-war``, as before games declared
        their options): the first word naming a game (else the first word) that is not the value of --attack,
        --defense or --die moves to the front."""
        if args and args[0].startswith("-") and not set(args) & {"-h", "--help"}:
            names = {n.lower() for g in discover().values() for n in (g.slug, *g.aliases)}
            free = [i for i, word in enumerate(args) if not word.startswith("-") and args[i - 1] not in _VALUE_OPTIONS]
            if free:  # a game, else the first free word (an unknown game is then one line, exit 3)
                i = next((i for i in free if args[i].lower() in names), free[0])
                args = [args[i], *args[:i], *args[i + 1:]]
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                            list[str]]:
        if args and not args[0].startswith("-"):
            game = get_game(args[0])  # an unknown game is one line and exit 3, as before
            return game.slug, game_command(game), args[1:]
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(slug, game_command(game).get_short_help_str(80)) for slug, game in discover().items()]
        if rows:
            with formatter.section("Games"):
                formatter.write_dl(rows)


@click.group("combat", cls=CombatGroup, subcommand_metavar="GAME --attack A --defense D [GAME OPTIONS] [--die N]")
def combat() -> None:
    """The odds column of an attack in GAME (and the result for --die).

    GAME is a game's slug (see `wgt games`); the attack is judged by that game's combat results table, with
    the options that game declares: see `wgt combat GAME --help`.
    """
