"""A map's grid: its numbering, which hexes exist (the extent), and an optional image calibration."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..errors import GridError, HexIdError
from .coords import Hex, Hexside, hex_range
from .layout import Layout
from .numbering import CCRR, Numbering, numbering_from_dict

__all__ = ["Extent", "Grid"]


@dataclass(frozen=True)
class Extent:
    """Offset columns ``first_col..last_col`` by rows ``first_row..last_row`` (inclusive), less the
    ``missing`` (col, row) cells (e.g. the short columns of a staggered map edge)."""

    first_col: int
    last_col: int
    first_row: int
    last_row: int
    missing: frozenset[tuple[int, int]] = frozenset()

    def __post_init__(self) -> None:
        if self.last_col < self.first_col or self.last_row < self.first_row:
            raise GridError(f"empty extent: columns {self.first_col}..{self.last_col}, "
                            f"rows {self.first_row}..{self.last_row}")

    def cells(self) -> Iterator[tuple[int, int]]:
        for col in range(self.first_col, self.last_col + 1):
            for row in range(self.first_row, self.last_row + 1):
                if (col, row) not in self.missing:
                    yield col, row

    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        col, row = cell
        return (self.first_col <= col <= self.last_col and self.first_row <= row <= self.last_row
                and (col, row) not in self.missing)


@dataclass(frozen=True)
class Grid:
    """Numbering + extent + optional calibration (the affine layout from hex to image pixels)."""

    numbering: Numbering = field(default_factory=CCRR)
    extent: Extent = field(default_factory=lambda: Extent(1, 10, 1, 10))
    layout: Layout | None = None

    # --- ids and hexes -------------------------------------------------------------------------

    @cached_property
    def _by_hex(self) -> dict[Hex, str]:
        off = self.numbering.offset
        return {off.to_hex(c, r): self.numbering.format(c, r) for c, r in self.extent.cells()}

    @cached_property
    def _by_id(self) -> dict[str, Hex]:
        return {i: h for h, i in self._by_hex.items()}

    def __len__(self) -> int:
        return len(self._by_hex)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Hex):
            return item in self._by_hex
        if isinstance(item, str):
            return item in self._by_id
        return False

    def ids(self) -> list[str]:
        """Every hex id, column by column."""
        return list(self._by_id)

    def hexes(self) -> list[Hex]:
        return list(self._by_hex)

    def hex(self, hex_id: str) -> Hex:
        """The hex of an id on this map; :class:`HexIdError` if it is malformed or off the map."""
        h = self._by_id.get(hex_id)
        if h is not None:
            return h
        h = self.numbering.hex_of(str(hex_id))  # raises for a malformed id
        canonical = self._by_hex.get(h)
        if canonical is None:
            e = self.extent
            raise HexIdError(f"hex {hex_id!r} is not on the map (columns {e.first_col}..{e.last_col}, "
                             f"rows {e.first_row}..{e.last_row})")
        return h

    def id(self, h: Hex) -> str:
        """The id of a hex on this map; :class:`HexIdError` if it is off the map."""
        try:
            return self._by_hex[h]
        except KeyError:
            raise HexIdError(f"{h} is not on the map") from None

    def canonical_id(self, hex_id: str) -> str:
        """The id as this map spells it (``"101"`` -> ``"0101"`` where the scheme allows)."""
        return self._by_hex[self.hex(hex_id)]

    def neighbours(self, h: Hex) -> list[Hex]:
        """Neighbours of ``h`` that are on the map, in direction order."""
        return [n for n in h.neighbours() if n in self._by_hex]

    def within(self, h: Hex, radius: int) -> list[Hex]:
        """Hexes on the map within ``radius`` steps of ``h``."""
        return [n for n in hex_range(h, radius) if n in self._by_hex]

    def hexsides(self) -> Iterator[Hexside]:
        """Every hexside between two hexes of the map, once."""
        for h in self._by_hex:
            for n in h.neighbours()[:3]:
                if n in self._by_hex:
                    yield Hexside.between(h, n)

    def side_key(self, a: str, b: str) -> str:
        """The map-file key of the hexside between two hex ids: the sorted pair ``"0101/0102"``."""
        ha, hb = self.hex(a), self.hex(b)
        if ha.distance(hb) != 1:
            raise HexIdError(f"hexes {a} and {b} are not neighbours, so they share no hexside")
        ia, ib = self._by_hex[ha], self._by_hex[hb]
        return f"{ia}/{ib}" if ia < ib else f"{ib}/{ia}"

    # --- serialisation -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The ``grid:`` block of a map file."""
        e = self.extent
        out: dict[str, Any] = {
            "numbering": self.numbering.to_dict(),
            "extent": {"columns": [e.first_col, e.last_col], "rows": [e.first_row, e.last_row]},
        }
        if e.missing:
            out["extent"]["missing"] = sorted(self.numbering.format(c, r) for c, r in e.missing)
        if self.layout is not None:
            out["calibration"] = [list(row) for row in self.layout.matrix]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Grid:
        if not isinstance(d, dict):
            raise GridError("a grid block is a mapping with numbering and extent")
        numbering = numbering_from_dict(dict(d.get("numbering") or {}))
        ext = d.get("extent") or {}
        try:
            (c0, c1), (r0, r1) = ext["columns"], ext["rows"]
        except (KeyError, TypeError, ValueError):
            raise GridError("grid extent needs columns: [first, last] and rows: [first, last]") from None
        missing = frozenset(numbering.parse(str(i)) for i in ext.get("missing") or ())
        extent = Extent(int(c0), int(c1), int(r0), int(r1), missing)
        cal = d.get("calibration")
        layout = Layout.from_matrix(cal) if cal is not None else None
        return cls(numbering, extent, layout)
