"""``wgt games``: the games found by discovery (``toolkit/games`` and ``WGT_GAMES_PATH``), with what each has."""

from __future__ import annotations

import click

from ..games import discover
from .options import echo_json, json_opt

#: what a game may offer, as ``wgt games`` names it
_PARTS = ("map", "counters", "referee", "combat", "charts")


@click.command()
@json_opt
def games(as_json: bool) -> None:
    """List the bundled games.

    Also the games on WGT_GAMES_PATH (or --games-path), each with what it offers: map, counters, referee
    (`wgt check`), combat results table (`wgt combat`), charts (`wgt build aids`)."""
    found = discover()
    if as_json:
        echo_json([g.describe() for g in found.values()])
        return
    width = max((len(s) for s in found), default=12) + 2
    for game in found.values():
        origin = " ".join(str(v) for v in (game.publisher, game.year) if v)
        about = game.describe()
        has = [p for p in _PARTS if about[p]]
        click.echo(f"{game.slug:<{width}} {game.title}" + (f" ({origin})" if origin else "")
                   + f": {', '.join(has) if has else 'nothing yet'}")
