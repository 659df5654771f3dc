"""The base of every bundled game.

A game is a subpackage of ``toolkit.games`` whose ``__init__`` exposes ``GAME``, an instance of a
:class:`Game` subclass. Adding a game means adding a folder; nothing else is edited.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from .. import data
from ..errors import RuleDataError

if TYPE_CHECKING:
    from fractions import Fraction

    from ..rules.referee import Referee

__all__ = ["Game"]


class Game:
    """Metadata and hooks of one game. Subclasses set the class variables and override hooks."""

    slug: ClassVar[str]
    title: ClassVar[str]
    publisher: ClassVar[str]
    year: ClassVar[int]
    rulebook: ClassVar[str]  # file name of the rulebook in shared/seeds
    aliases: ClassVar[tuple[str, ...]] = ()
    sides: ClassVar[tuple[str, ...]] = ()

    def map_path(self) -> Path:
        return data.map_path(self.slug)

    def counters_path(self) -> Path:
        return data.counters_path(self.slug)

    def has_map(self) -> bool:
        return (data.maps_dir() / f"{self.slug}.yaml").is_file()

    def has_counters(self) -> bool:
        return (data.counters_dir() / f"{self.slug}.yaml").is_file()

    def referee(self) -> Referee:
        """The rules checker of this game (``wgt check``). Games with a referee override this."""
        raise RuleDataError(f"no rules referee for {self.slug} yet")

    def combat(self, attack: Sequence[Fraction], defense: Sequence[Fraction], **options: Any) -> dict[str, Any]:
        """One attack on the game's combat results table (``wgt combat``): the odds column, and the
        result when ``die`` is given. Games with a CRT override this; ``options`` are the game's own
        modifiers (terrain, fortification, ...)."""
        raise RuleDataError(f"no combat results table for {self.slug} yet")

    def has_referee(self) -> bool:
        return type(self).referee is not Game.referee

    def module_spec(self, counters: Any) -> Any:
        """What the game adds to its VASSAL module (a ``toolkit.builders.module.ModuleSpec``), given its
        ``CounterSet``: ``module_spec(counters)`` of the game package's ``vassal`` module when it has one,
        else None (the builder's default: palettes by side, no set-up units)."""
        make = getattr(self.package_module("vassal"), "module_spec", None)
        return make(counters) if callable(make) else None

    def package_module(self, name: str) -> ModuleType | None:
        """The game package's submodule ``name`` (``vassal``, ``naming``, ``charts``), or None when the
        package has none; an import that fails inside that module is not hidden."""
        full = f"{type(self).__module__}.{name}"
        try:
            return importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:
                raise
            return None

    def describe(self) -> dict[str, Any]:
        return {"slug": self.slug, "title": self.title, "publisher": self.publisher, "year": self.year,
                "aliases": list(self.aliases), "sides": list(self.sides), "rulebook": self.rulebook,
                "map": self.has_map(), "counters": self.has_counters(), "referee": self.has_referee()}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.slug!r}>"
