"""What a game's referee offers the command line: read a position, judge it (and the moves into it)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .position import Position, load_position_data
from .report import Report

__all__ = ["Referee"]


class Referee(ABC):
    """A game's rules checker. Subclasses resolve counters and places and implement :meth:`check`."""

    slug: str
    #: phases in which a log's moves are traced unit by unit (:mod:`.tracing`: ``path``, ``moves``, ``moved`` in
    #: each unit's state) for this referee to judge each move along its path; none by default
    traced_phases: frozenset[str] = frozenset()

    @abstractmethod
    def position(self, data: Any, source: str = "<position>") -> Position:
        """A position from parsed YAML (see :meth:`Position.from_data`)."""

    @abstractmethod
    def check(self, position: Position, before: Position | None = None) -> Report:
        """Every rule ``position`` breaks (and, with ``before``, every illegal move into it)."""

    def bundled_map(self) -> Any:
        """The game's bundled map (``maps/<slug>.yaml``), for a referee given none."""
        from ..data import map_path
        from ..terrain.cache import load_map  # a cached map loads without the YAML reader
        return load_map(map_path(self.slug))

    def bundled_counters(self) -> Any:
        """The game's bundled counter file, or None when it has none or it cannot be read (a referee may then take
        counters only by the specs it parses)."""
        from ..counters import load_counters
        from ..errors import ToolkitError
        try:
            return load_counters(self.slug)
        except ToolkitError:
            return None

    def load(self, path: str | Path) -> Position:
        """A position from a YAML file."""
        return self.position(load_position_data(path), str(path))

    def from_pieces(self, pieces: Iterable[Mapping[str, Any]], *, turn: int = 1, player: str = "",
                    phase: str = "", source: str = "<save>") -> Position:
        """A position from pieces read out of a VASSAL save: mappings with ``name`` (the piece's name
        under the game's VASSAL naming), ``hex`` (the location name) and optional ``id``/``state``.
        """
        units = [{"id": p.get("id") or f"p{n}", "counter": p["name"], "hex": p.get("hex"),
                  "state": dict(p.get("state") or {})} for n, p in enumerate(pieces, 1)]
        return self.position({"game": self.slug, "turn": turn, "player": player, "phase": phase,
                              "units": units}, source)
