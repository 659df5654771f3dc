"""``wgt check``: judge a position (and, with ``--before``, the moves into it) by the game's rules."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..errors import InputError
from ..games import game_for_module, get_game
from ..rules.position import Position, load_position_data
from ..rules.referee import Referee
from .main import EXIT_VIOLATIONS
from .options import echo_json, json_opt
from .text import report_text

SAVE_SUFFIXES = (".vsav", ".vlog")


def referee_for(slug: str) -> Referee:
    """The referee of a game (by slug or alias); :class:`InputError` if the game has none yet."""
    return get_game(slug).referee()


def load_any(path: Path, game: str | None, module: Path | None) -> tuple[Referee, Position]:
    """A position from a YAML file or a VASSAL save/log, with the referee of its game."""
    ref, pos, _ = load_with_before(path, game, module)
    return ref, pos


def load_with_before(path: Path, game: str | None, module: Path | None) -> tuple[Referee, Position, Position | None]:
    """:func:`load_any`, plus the position the file itself gives as ``before:`` (a list of the units at the
    start of the phase), if any.

    Saves are read by ``toolkit.vassal`` into pieces (``name``, ``hex``) that the game's VASSAL
    naming turns into counters (:meth:`Referee.from_pieces`), at the turn, player and phase the save's
    turn tracker stands at (the naming's ``game_state`` hook; see :func:`load_checked`).
    """
    ref, pos, before, _ = load_checked(path, game, module)
    return ref, pos, before


def load_checked(path: Path, game: str | None, module: Path | None) -> tuple[Referee, Position, Position | None,
                                                                            str | None]:
    """:func:`load_with_before`, plus a note for the report when a save does not say its turn, player or
    phase (its turn tracker holds no state, or fewer levels): the referee's defaults (Game-Turn 1, the first
    player, Movement) were assumed for what is missing. None for YAML positions and complete saves."""
    if path.is_dir():
        raise InputError(f"{path} is a folder, not a position file")
    if not path.exists():
        raise InputError(f"position file not found: {path}")
    if path.suffix.lower() in SAVE_SUFFIXES:
        if module is None:
            raise InputError(f"{path}: name the VASSAL module with --module to place the pieces on hexes")
        from ..vassal import Module, locate, read_save
        save = read_save(path)
        if game is None:  # the module the save was made with, as its moduledata names it
            name = save.moduledata.name if save.moduledata is not None else ""
            found = game_for_module(name)
            if found is None:
                raise InputError(f"{path}: module {name!r} is not a bundled game; say which game with --game")
            game = found.slug
        ref = referee_for(game)
        opened = Module.open(module)
        # a save read with another game's module puts its pieces on the wrong hexes (or none): a verdict
        # on that would be a wrong verdict, so the referee refuses where `vassal dump` only warns
        wrong = opened.mismatch(save.moduledata, str(path))
        if wrong:
            raise InputError(f"{wrong}; give --module the module it was made with")
        placed = locate(save, opened)
        from ..builders.names import MAIN_MAP  # pools and boxes are named places, not hexes: off the map
        pieces = [{"id": p.id, "name": p.name, "hex": p.hex if p.map == MAIN_MAP else None}
                  for p in placed if p.kind == "piece"]
        state = dict(get_game(game).save_state(save.turns()))
        pos = ref.from_pieces(pieces, source=str(path), **state)
        missing = [k for k in ("turn", "player", "phase") if k not in state]
        note = None
        if not state:
            why = "holds no turn tracker state" if not save.turns() else "has a turn tracker this game does not read"
            note = f"the save {why}: judged as Game-Turn {pos.turn}, {pos.player} player, {pos.phase} phase"
        elif missing:
            assumed = ", ".join(f"{k} {getattr(pos, k)}" for k in missing)
            note = f"the save's turn tracker does not say the {', '.join(missing)}: judged as {assumed}"
        return ref, pos, None, note
    data: Any = load_position_data(path)
    slug = game or (data.get("game") if isinstance(data, dict) else None)
    if not slug:
        raise InputError(f"{path}: the position names no game (add `game: <slug>` or pass --game)")
    ref = referee_for(str(slug))
    schema = get_game(str(slug)).state_schema()
    if schema is not None:  # unknown keys, wrong types and shapes: one error naming the line and key
        schema.validate(data, str(path))
    before = None
    if isinstance(data, dict) and isinstance(data.get("before"), list):
        before = ref.position({**data, "units": data["before"]}, f"{path} (before)")
    return ref, ref.position(data, str(path)), before, None


def print_schema(slug: str, as_json: bool) -> None:
    """``wgt check --schema SLUG``: the keys a position of the game may hold, with their types."""
    game = get_game(slug)
    schema = game.state_schema()
    if schema is None:
        raise InputError(f"no rules referee for {game.slug} yet, so no position schema")
    if as_json:
        echo_json({"game": game.slug, **schema.to_dict()})
        return
    click.echo(f"{game.slug}: the keys a position may hold (any other key is an error)\n")
    click.echo(schema.to_text(), nl=False)


@click.command()
@click.argument("position", type=click.Path(path_type=Path), required=False)
@click.option("--schema", "schema_of", metavar="SLUG",
              help="Print the keys a position of game SLUG (and its units' and its own state:) may hold.")
@click.option("--game", "game", metavar="SLUG", help="The game (default: the position's `game:`).")
@click.option("--module", type=click.Path(path_type=Path),
              help="The VASSAL module of a save: a .vmod, an unpacked module folder or its buildFile.")
@click.option("--before", type=click.Path(path_type=Path), metavar="EARLIER",
              help="The position at the start of the phase: also judge every move from it (a YAML "
              "position may instead list those units under its own `before:`).")
@click.option("--charts", "charts", type=click.Path(path_type=Path), metavar="FILE",
              help="A completed chart file (YAML/JSON tables) for chart values the rules text lacks (games that "
              "take one; `wgt build aids SLUG` prints the tables with ? for unknown values).")
@json_opt
def check(position: Path | None, schema_of: str | None, game: str | None, module: Path | None, before: Path | None,
          charts: Path | None, as_json: bool) -> None:
    """Report every rule POSITION breaks, citing the rulebook (exit 1 if any).

    With --schema SLUG, print instead the keys a position of that game may hold."""
    if schema_of is not None:
        if position is not None:
            raise click.UsageError("give either POSITION or --schema SLUG, not both")
        print_schema(schema_of, as_json)
        return
    if position is None:
        raise click.UsageError("missing argument 'POSITION' (or --schema SLUG)")
    ref, pos, earlier, note = load_checked(position, game, module)
    if charts is not None:
        use = getattr(ref, "use_charts", None)
        if not callable(use):
            raise InputError(f"{ref.slug} takes no chart file (--charts)")
        use(charts)
    if before is not None:
        _, earlier = load_any(before, game or pos.game, module)
    report = ref.check(pos, earlier)
    if note:
        report.summary["note"] = note
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(report_text(report.to_dict()))
    if not report.ok:
        sys.exit(EXIT_VIOLATIONS)
