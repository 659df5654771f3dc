"""Find the bundled data: ``maps/`` and ``counters/``.

In a checkout they sit beside the ``toolkit`` package; in an installed wheel they are shipped inside
it as ``toolkit/_data/``. A map argument on the command line is either a path or a game slug.
"""

from __future__ import annotations

from pathlib import Path

from .errors import InputError

__all__ = ["counters_dir", "counters_path", "data_root", "map_path", "maps_dir", "resolve_map"]

_PACKAGE = Path(__file__).resolve().parent


def data_root() -> Path:
    """The folder holding ``maps/`` and ``counters/``: the checkout, or the installed copy."""
    for root in (_PACKAGE.parent, _PACKAGE / "_data"):
        if (root / "maps").is_dir() and (root / "counters").is_dir():
            return root
    raise InputError(f"bundled data not found beside {_PACKAGE} (no maps/ and counters/ folders)")


def maps_dir() -> Path:
    """The bundled ``maps/`` folder."""
    return data_root() / "maps"


def counters_dir() -> Path:
    """The bundled ``counters/`` folder."""
    return data_root() / "counters"


def _bundled(folder: Path, slug: str, what: str, own: str) -> Path:
    path = folder / f"{slug}.yaml"
    if not path.is_file():
        found = _game_folder_file(slug, own)
        if found is not None:
            return found
        known = sorted(p.stem for p in folder.glob("*.yaml"))
        raise InputError(f"no bundled {what} for {slug!r} (bundled: {', '.join(known) or 'none'})")
    return path


def _game_folder_file(slug: str, name: str) -> Path | None:
    """``name`` (``map.yaml``, ``counters.yaml``) in the folder of the game ``slug`` (a game folder on
    ``WGT_GAMES_PATH`` carries its own data), or None."""
    if not slug or "/" in slug or "\\" in slug:
        return None
    from .games import discover  # the game registry, not a game; imported only when the bundled file is missing

    game = discover().get(slug.strip().lower())
    path = game.folder / name if game is not None else None
    return path if path is not None and path.is_file() else None


def map_path(slug: str) -> Path:
    """The bundled map file of a game (or the map.yaml of its game folder)."""
    return _bundled(maps_dir(), slug, "map", "map.yaml")


def counters_path(slug: str) -> Path:
    """The bundled counter file of a game (or the counters.yaml of its game folder)."""
    return _bundled(counters_dir(), slug, "counters", "counters.yaml")


def resolve_map(arg: str) -> Path:
    """A MAP argument: an existing path, else a game slug naming a bundled map."""
    path = Path(arg)
    if path.exists() and not path.is_dir():  # a pipe or device too: the loader refuses it by name
        return path
    if path.suffix or "/" in arg or "\\" in arg:
        raise InputError(f"{arg} is a folder, not a map file" if path.is_dir() else f"map file not found: {arg}")
    return map_path(arg)
