"""The map as the rules see it: a read-only view with cached neighbours, features and distances.

:class:`Board` wraps anything shaped like the terrain model (:class:`MapLike`: ``terrain``, ``tags``,
``value``, ``side_features``, ``neighbours``, ``place``) and memoises the answers the referee asks
thousands of times per check, so rules code can call it freely.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from typing import Any, Protocol, runtime_checkable

from ..errors import InputError

__all__ = ["Board", "MapLike"]

_NONE: frozenset[str] = frozenset()


@runtime_checkable
class MapLike(Protocol):
    """What the rules need of a map (``toolkit.terrain.model.TerrainMap`` provides it)."""

    def terrain(self, hex_id: str) -> str: ...

    def tags(self, hex_id: str) -> Collection[str]: ...

    def value(self, hex_id: str, key: str) -> Any: ...

    def side_features(self, a: str, b: str) -> Collection[str]: ...

    def neighbours(self, hex_id: str) -> Iterable[str]: ...

    def place(self, name: str) -> str: ...


class Board:
    """A memoising view of a map. Hex ids are the map's own strings."""

    def __init__(self, terrain_map: MapLike) -> None:
        self.map = terrain_map
        self._nb: dict[str, tuple[str, ...]] = {}
        self._sides: dict[tuple[str, str], frozenset[str]] = {}
        self._tags: dict[str, frozenset[str]] = {}
        self._terrain: dict[str, str] = {}
        self._values: dict[tuple[str, str], Any] = {}
        self._dist: dict[str, dict[str, int]] = {}
        self._sides_loaded: bool | None = None

    # --- cached look-ups -------------------------------------------------------------------------

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        nb = self._nb.get(hex_id)
        if nb is None:
            nb = self._nb[hex_id] = tuple(self.map.neighbours(hex_id))
        return nb

    def terrain(self, hex_id: str) -> str:
        t = self._terrain.get(hex_id)
        if t is None:
            t = self._terrain[hex_id] = self.map.terrain(hex_id)
        return t

    def tags(self, hex_id: str) -> frozenset[str]:
        t = self._tags.get(hex_id)
        if t is None:
            t = self._tags[hex_id] = frozenset(self.map.tags(hex_id))
        return t

    def has(self, hex_id: str, tag: str) -> bool:
        return tag in self.tags(hex_id)

    def value(self, hex_id: str, key: str, default: Any = None) -> Any:
        k = (hex_id, key)
        if k not in self._values:
            try:
                self._values[k] = self.map.value(hex_id, key)
            except KeyError:
                self._values[k] = None
        v = self._values[k]
        return default if v is None else v

    def side(self, a: str, b: str) -> frozenset[str]:
        """Features of the hexside between neighbours ``a`` and ``b`` (order does not matter)."""
        k = (a, b) if a < b else (b, a)
        f = self._sides.get(k)
        if f is None:
            if self._bulk_sides():
                return self._sides.get(k, _NONE)
            f = self._sides[k] = frozenset(self.map.side_features(a, b))
        return f

    def _bulk_sides(self) -> bool:
        """Load every featured hexside at once when the map can list them (``effective_hexsides``);
        afterwards a side missing from the table has no features."""
        if self._sides_loaded is None:
            listing = getattr(self.map, "effective_hexsides", None)
            self._sides_loaded = False
            if callable(listing):
                for key, feats in listing().items():
                    a, _, b = key.partition("/")
                    self._sides[(a, b) if a < b else (b, a)] = frozenset(feats)
                self._sides_loaded = True
        return self._sides_loaded

    def place(self, name: str) -> str:
        return self.map.place(name)

    # --- distances -------------------------------------------------------------------------------

    def distances(self, start: str, radius: int) -> dict[str, int]:
        """Hex distance (steps over the map, ignoring terrain) from ``start`` to every hex within ``radius``."""
        cached = self._dist.get(start)
        if cached is not None and cached.get("", -1) >= radius:
            return {h: d for h, d in cached.items() if h and d <= radius}
        out = {start: 0}
        frontier = deque([start])
        while frontier:
            h = frontier.popleft()
            d = out[h]
            if d == radius:
                continue
            for n in self.neighbours(h):
                if n not in out:
                    out[n] = d + 1
                    frontier.append(n)
        self._dist[start] = {**out, "": radius}
        return out

    def within(self, start: str, radius: int) -> set[str]:
        return set(self.distances(start, radius))

    def distance(self, a: str, b: str, limit: int = 64) -> int:
        """Steps from ``a`` to ``b`` (at most ``limit``; :class:`InputError` beyond it)."""
        d = self.distances(a, limit).get(b)
        if d is None:
            raise InputError(f"hexes {a} and {b} are more than {limit} hexes apart")
        return d
