"""``wgt games``: the games found by discovery in ``toolkit/games``."""

from __future__ import annotations

import click

from ..games import discover
from .options import echo_json, json_opt


@click.command()
@json_opt
def games(as_json: bool) -> None:
    """List the bundled games."""
    found = discover()
    if as_json:
        echo_json([g.describe() for g in found.values()])
        return
    for game in found.values():
        origin = " ".join(str(v) for v in (game.publisher, game.year) if v)
        click.echo(f"{game.slug:<14} {game.title}" + (f" ({origin})" if origin else ""))
