"""Bundled games, found by discovery: each subpackage exposing ``GAME`` is a game."""

from __future__ import annotations

import importlib
import logging
import pkgutil
from functools import cache

from ..errors import InputError
from .base import Game

__all__ = ["Game", "discover", "game_for_module", "get_game"]

log = logging.getLogger(__name__)


@cache
def discover() -> dict[str, Game]:
    """All games, keyed by slug, in slug order."""
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game
        else:
            log.debug("toolkit.games.%s exposes no GAME; skipped", info.name)
    return dict(sorted(found.items()))


def get_game(name: str) -> Game:
    """A game by slug or alias (case-insensitive)."""
    games = discover()
    key = name.strip().lower()
    if key in games:
        return games[key]
    for game in games.values():
        if key in (a.lower() for a in game.aliases):
            return game
    raise InputError(f"unknown game {name!r} (known: {', '.join(games)})")


def game_for_module(name: str) -> Game | None:
    """The game a VASSAL module is for, from the module's name (its ``moduledata`` name or its
    GameModule ``name``): a game's title, slug or alias, case-insensitive; None if none matches."""
    key = " ".join(name.split()).lower()
    for game in discover().values():
        if key in (game.title.lower(), game.slug, *(a.lower() for a in game.aliases)):
            return game
    return None
