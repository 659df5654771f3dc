"""The base of every game: the contract between a game folder and the rest of the toolkit.

A game is a folder (a Python package) whose ``__init__`` exposes ``GAME``, an instance of a :class:`Game`
subclass: the bundled ones are the subpackages of ``toolkit.games``, more are found in the folders named
by ``WGT_GAMES_PATH`` (see :mod:`toolkit.games`). Adding a game means adding a folder; nothing else is
edited, because everything the command line and the builders need from a game is declared here:

* identity: ``slug``, ``title``, ``publisher``, ``year``, ``rulebook``, ``aliases``, ``sides``;
* data: :meth:`Game.map_path` and :meth:`Game.counters_path` (the game folder's own ``map.yaml`` and
  ``counters.yaml`` when it has them, else the bundled ``maps/<slug>.yaml`` and ``counters/<slug>.yaml``),
  and ``counter_layout`` (how counter values are printed; the counter file must agree);
* ``wgt combat``: :meth:`Game.combat` and ``combat_options``, the game's own modifiers, from which the
  command line builds ``wgt combat SLUG``'s options;
* ``wgt check``: :meth:`Game.referee`, :meth:`Game.state_schema` (the keys a position and its ``state:`` may
  hold) and :meth:`Game.save_state` (the turn, player and phase a VASSAL save's turn tracker stands at);
* ``wgt build``: :meth:`Game.charts` (player aid tables; :meth:`Game.charts_from` with a user's completed
  chart file), :meth:`Game.module_spec` (what the game adds
  to its VASSAL module), :meth:`Game.tracker_path` (the turn tracker for a turn/player/phase) and
  ``scoring`` (the name of the game's points, for the charts).

A game that has no referee, combat results table or charts simply does not override those methods; the
``has_*`` methods report it and the command line says so in one line (exit 3).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from .. import data
from ..errors import InputError, RuleDataError
from ..records import record

if TYPE_CHECKING:
    from ..builders.aids import ChartTable
    from ..builders.module import ModuleSpec
    from ..counters import CounterSet
    from ..rules.referee import Referee
    from ..rules.schema import PositionSchema
    from ..vassal.commands import TurnLine

__all__ = ["RESERVED_COMBAT_OPTIONS", "Game", "GameOption", "Scoring"]

#: the options every ``wgt combat SLUG`` has; a game's own options may not take these names
RESERVED_COMBAT_OPTIONS = frozenset({"attack", "defense", "die", "json", "as_json", "help"})


@record(frozen=True)
class GameOption:
    """One of a game's own ``wgt combat`` options, passed to :meth:`Game.combat` as the keyword ``name``.

    ``kind``: ``flag`` (``--name``, True when given), ``int``, ``number`` (a Fraction: 1.5, 3/2),
    ``choice`` (one of ``choices``) or ``text``. The command line spells ``name`` with dashes
    (``--river-crossing``); ``section`` is the rulebook section the option comes from.
    """

    name: str
    help: str
    kind: Literal["flag", "int", "number", "choice", "text"] = "flag"
    choices: tuple[str, ...] = ()
    default: Any = None
    section: str = ""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "option": self.flag, "kind": self.kind, "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.default is not None and self.kind != "flag":
            out["default"] = self.default
        if self.section:
            out["section"] = self.section
        return out


@record(frozen=True)
class Scoring:
    """How a game keeps score: ``points`` is the name printed on charts ("Soviet VP"), ``side`` the side
    positive points go to (None: each side scores its own), ``note`` a line for the victory charts."""

    points: str
    side: str | None = None
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"points": self.points, "side": self.side, "note": self.note}


class Game:
    """Metadata and hooks of one game. Subclasses set the class variables and override the hooks they have."""

    slug: ClassVar[str]
    title: ClassVar[str]
    publisher: ClassVar[str]
    year: ClassVar[int]
    rulebook: ClassVar[str]  # file name of the rulebook in shared/seeds
    aliases: ClassVar[tuple[str, ...]] = ()
    sides: ClassVar[tuple[str, ...]] = ()
    #: how counter values are printed (``classic``, ``tornio``, ``europa``: toolkit.builders.counter_art)
    counter_layout: ClassVar[str] = "classic"
    #: the game's own ``wgt combat`` options (keywords of :meth:`combat`)
    combat_options: ClassVar[tuple[GameOption, ...]] = ()
    #: the name of the game's points (victory charts), None when the game keeps no points
    scoring: ClassVar[Scoring | None] = None

    # ------------------------------------------------------------------------------------------ the folder

    @property
    def folder(self) -> Path:
        """The game's folder (its package directory)."""
        module = sys.modules[type(self).__module__]
        return Path(module.__file__ or ".").resolve().parent

    def _own_or_bundled(self, name: str, bundled: Any) -> Path:
        own = self.folder / name
        return own if own.is_file() else bundled(self.slug)

    def map_path(self) -> Path:
        """The game folder's ``map.yaml``, else the bundled ``maps/<slug>.yaml`` (:class:`InputError` if none)."""
        return self._own_or_bundled("map.yaml", data.map_path)

    def counters_path(self) -> Path:
        """The game folder's ``counters.yaml``, else the bundled ``counters/<slug>.yaml``."""
        return self._own_or_bundled("counters.yaml", data.counters_path)

    def has_map(self) -> bool:
        return (self.folder / "map.yaml").is_file() or (data.maps_dir() / f"{self.slug}.yaml").is_file()

    def has_counters(self) -> bool:
        return (self.folder / "counters.yaml").is_file() or (data.counters_dir() / f"{self.slug}.yaml").is_file()

    # ---------------------------------------------------------------------------------------------- hooks

    def referee(self) -> Referee:
        """The rules checker of this game (``wgt check``). Games with a referee override this."""
        raise RuleDataError(f"no rules referee for {self.slug} yet")

    def state_schema(self) -> PositionSchema | None:
        """The keys a position, its units and their ``state:`` may hold, with their types (``wgt check
        --schema``); every game with a referee declares one. None: the game has no referee."""
        return None

    def combat(self, attack: Sequence[Fraction], defense: Sequence[Fraction], *, die: int | None = None,
               **options: Any) -> dict[str, Any]:
        """One attack on the game's combat results table (``wgt combat``): a dict with ``attack``,
        ``defense``, ``odds``, ``column`` (die -> result), and with ``die`` given ``die``, ``result`` and
        ``meaning``; optional ``notes`` (lines) and ``exchange_loss``. ``options`` are the keywords of
        ``combat_options``. Games with a CRT override this."""
        raise RuleDataError(f"no combat results table for {self.slug} yet")

    def charts(self) -> list[ChartTable]:
        """The game's player aid tables (``wgt build aids``). Games with charts override this."""
        raise RuleDataError(f"no charts for {self.slug} yet")

    def charts_from(self, path: str) -> list[ChartTable]:
        """The player aid tables with the user's completed chart data (``--charts FILE``): for games whose
        rulebook leaves table values unknown. The file is checked (a one-line :class:`DataFileError`, exit 3)."""
        raise InputError(f"{self.slug} takes no completed chart file (--charts)")

    def module_spec(self, counters: CounterSet) -> ModuleSpec | None:
        """What the game adds to its VASSAL module (players, piece names, palettes, the set-up), given its
        counters; None: the builder's default (palettes by side, no set-up units)."""
        return None

    def save_state(self, turns: Iterable[TurnLine]) -> dict[str, Any]:
        """``turn``/``player``/``phase`` from a VASSAL save's turn tracker lines (only those it holds; an empty
        dict when the game's module has no turn tracker)."""
        return {}

    def tracker_path(self, turn: int, player: str, phase: str) -> tuple[int | tuple[int, int], ...]:
        """The turn tracker's item indices for a turn, player and phase (a save written for a position); a nested
        level is a pair (Winter War's Scenario Interphase)."""
        raise RuleDataError(f"{self.slug} has no turn tracker")

    # -------------------------------------------------------------------------------- what it declares

    def _overrides(self, name: str) -> bool:
        return getattr(type(self), name) is not getattr(Game, name)

    def has_referee(self) -> bool:
        return self._overrides("referee")

    def has_combat(self) -> bool:
        return self._overrides("combat")

    def has_charts(self) -> bool:
        return self._overrides("charts")

    def has_tracker(self) -> bool:
        return self._overrides("tracker_path")

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
                "map": self.has_map(), "counters": self.has_counters(), "referee": self.has_referee(),
                "combat": self.has_combat(), "charts": self.has_charts(), "counter_layout": self.counter_layout,
                "combat_options": [o.to_dict() for o in self.combat_options],
                "scoring": self.scoring.to_dict() if self.scoring else None}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.slug!r}>"
