"""The games, found by discovery: each game folder (a package exposing ``GAME``) is a game.

The bundled games are the subpackages of ``toolkit.games``. More game folders are found in the folders
listed in the environment variable ``WGT_GAMES_PATH`` (separated by ``os.pathsep``, ``:`` on Unix), or
given to ``wgt --games-path DIR``: each subfolder with an ``__init__.py`` exposing ``GAME`` is a game, as
is a listed folder that is itself such a package. A game folder may carry its own ``map.yaml``,
``counters.yaml`` and any modules it imports with relative imports (``from .rules import ...``), so a
new game is one folder and no edit elsewhere. A slug already taken by an earlier game is skipped with a
warning (the bundled games come first).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from functools import cache
from pathlib import Path

from ..errors import InputError
from ..log import get_logger
from .base import Game, GameOption, Scoring

__all__ = ["GAMES_PATH_ENV", "Game", "GameOption", "Scoring", "discover", "game_for_module", "games_path",
           "get_game"]

log = get_logger(__name__)

#: the environment variable listing folders of extra game folders
GAMES_PATH_ENV = "WGT_GAMES_PATH"
#: the package name extra game folders are imported under (``wgt_games.<folder name>``)
EXTERNAL_PACKAGE = "wgt_games"


def games_path() -> tuple[Path, ...]:
    """The folders ``WGT_GAMES_PATH`` lists (empty entries ignored)."""
    raw = os.environ.get(GAMES_PATH_ENV, "")
    return tuple(Path(p).expanduser() for p in raw.split(os.pathsep) if p.strip())


def discover() -> dict[str, Game]:
    """All games, keyed by slug, in slug order: the bundled ones, then those on ``WGT_GAMES_PATH``."""
    return _discover(games_path())


@cache
def _discover(extra: tuple[Path, ...]) -> dict[str, Game]:
    found: dict[str, Game] = {}
    for name in _bundled():
        module = importlib.import_module(f"{__name__}.{name}")
        _add(found, getattr(module, "GAME", None), module.__name__)
    for folder in extra:
        for package in _game_folders(folder):
            game = getattr(_import_folder(package), "GAME", None)
            if not isinstance(game, Game):  # the README's contract for a game folder: its __init__.py exposes GAME
                got = "no GAME" if game is None else f"a GAME that is a {type(game).__name__}, not a toolkit.games.Game"
                raise InputError(f"game folder {package}: its __init__.py exposes {got}")
            _add(found, game, str(package))
    return dict(sorted(found.items()))


def _bundled() -> list[str]:
    """The subpackages of this package (folders holding an ``__init__.py``), by name: what
    ``pkgutil.iter_modules`` lists as packages, without importing pkgutil (start-up, issue 11)."""
    out: list[str] = []
    for folder in __path__:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            if name.isidentifier() and name not in out and os.path.isfile(os.path.join(folder, name, "__init__.py")):
                out.append(name)
    return out


def _add(found: dict[str, Game], game: object, where: str) -> None:
    if not isinstance(game, Game):
        log.debug("%s exposes no GAME; skipped", where)
    elif game.slug in found:
        log.warning("%s: game %r is already %s; skipped", where, game.slug, type(found[game.slug]).__module__)
    else:
        found[game.slug] = game


def _game_folders(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise InputError(f"{GAMES_PATH_ENV}: {folder} is not a folder")
    if (folder / "__init__.py").is_file():
        return [folder]
    return sorted(p for p in folder.iterdir() if (p / "__init__.py").is_file())


def _import_folder(package: Path) -> object:
    """Import a game folder as the package ``wgt_games.<name>`` (so its relative imports work)."""
    import importlib.machinery
    import importlib.util

    if EXTERNAL_PACKAGE not in sys.modules:
        parent = importlib.util.module_from_spec(importlib.machinery.ModuleSpec(EXTERNAL_PACKAGE, None,
                                                                                 is_package=True))
        parent.__path__ = []
        sys.modules[EXTERNAL_PACKAGE] = parent
    name = EXTERNAL_PACKAGE + "." + re.sub(r"\W", "_", package.name)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    if spec is None or spec.loader is None:  # pragma: no cover - a folder with __init__.py always has one
        raise InputError(f"cannot import the game folder {package}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the user's game folder is input: one line (the traceback with -v)
        del sys.modules[name]
        log.debug("importing %s failed", package, exc_info=True)
        raise InputError(f"game folder {package} cannot be imported: {type(exc).__name__}: {exc}") from None
    return module


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
