"""A map's grid: its numbering, which hexes exist (the extent), and an optional image calibration."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import field
from functools import cached_property
from itertools import repeat
from typing import Any

from ..errors import GridError, HexIdError
from ..records import record
from .coords import Hex, Hexside, hex_range
from .layout import Layout
from .numbering import CCRR, Numbering, numbering_from_dict
from .warp import Warp

__all__ = ["MAX_HEXES", "Extent", "Grid", "side_key"]

#: The most cells an extent may span (a guard against a mistyped extent that would take hours to list).
MAX_HEXES = 1_000_000


def side_key(a: str, b: str) -> str:
    """The map-file key of the hexside between two (canonical) hex ids: the pair sorted as text and
    joined by ``/`` (``"0101/0102"``). The one spelling of that key; :meth:`Grid.side_key`,
    :meth:`Grid.side_id` and :func:`toolkit.terrain.side_key` all come here."""
    return f"{a}/{b}" if a < b else f"{b}/{a}"


@record(frozen=True)
class Extent:
    """Offset columns ``first_col..last_col`` by rows ``first_row..last_row`` (inclusive), less the
    ``missing`` (col, row) cells (e.g. the short columns of a staggered map edge).

    >>> list(Extent(1, 2, 1, 2, missing=frozenset({(2, 2)})).cells())
    [(1, 1), (1, 2), (2, 1)]
    """

    first_col: int
    last_col: int
    first_row: int
    last_row: int
    missing: frozenset[tuple[int, int]] = frozenset()

    def __post_init__(self) -> None:
        if self.last_col < self.first_col or self.last_row < self.first_row:
            raise GridError(f"empty extent: columns {self.first_col}..{self.last_col}, "
                            f"rows {self.first_row}..{self.last_row}")
        cols, rows = self.last_col - self.first_col + 1, self.last_row - self.first_row + 1
        if cols * rows > MAX_HEXES:
            raise GridError(f"extent of {cols} x {rows} hexes is larger than the limit of {MAX_HEXES:,} hexes")

    def cells(self) -> Iterator[tuple[int, int]]:
        """Every (col, row) offset cell of the extent, column by column, less the missing ones."""
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


@record(frozen=True)
class Grid:
    """Numbering + extent + optional calibration (the affine layout from hex to image pixels).

    The :class:`Extent` is in offset coordinates; :meth:`spanning` builds one from two corner ids,
    whichever way the map's numbers run. An id is in the grid (``"0101" in grid``) when :meth:`hex`
    accepts it, so unpadded spellings such as ``"101"`` count too.

    >>> grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "odd")), Extent(1, 10, 1, 8))
    >>> len(grid.ids()), grid.ids()[:3], "304" in grid, "1109" in grid
    (80, ['0101', '0102', '0103'], True, False)
    >>> [grid.id(n) for n in grid.neighbours(grid.hex("0304"))]
    ['0405', '0404', '0303', '0204', '0205', '0305']
    >>> grid.side_key("0304", "0303"), grid.canonical_id("304")
    ('0303/0304', '0304')
    >>> distance(grid.hex("0101"), grid.hex("0304"))
    4
    """

    numbering: Numbering = field(default_factory=CCRR)
    extent: Extent = field(default_factory=lambda: Extent(1, 10, 1, 10))
    layout: Layout | None = None
    #: where the print lies off ``layout`` (a folded or curled scan): every reader of the grid on its scan follows it
    #: (hexgrid.warp, terrain.warp; docs/calibrate.md)
    warp: Warp | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.numbering, Numbering):
            raise GridError(f"a grid's numbering must be a Numbering, not {self.numbering!r}")
        if not isinstance(self.extent, Extent):
            raise GridError(f"a grid's extent must be an Extent, not {self.extent!r}")
        if self.layout is not None and not isinstance(self.layout, Layout):
            raise GridError(f"a grid's layout must be a Layout or None, not {self.layout!r}")
        if self.warp is not None and (not isinstance(self.warp, Warp) or self.layout is None):
            raise GridError(f"a grid's warp must be a Warp on a calibrated grid, or None, not {self.warp!r}")
        if self.warp is not None:
            self._check_warp(self.warp)
        e = self.extent
        for cell in ((e.first_col, e.first_row), (e.first_col, e.last_row), (e.last_col, e.first_row),
                     (e.last_col, e.last_row)):
            try:
                self.numbering.format(*cell)
            except HexIdError as exc:
                raise GridError(f"the grid extent reaches a hex its numbering cannot spell: {exc}") from None

    def _check_warp(self, warp: Warp) -> None:
        """Each warp node is one block of one lattice of ``warp.block`` x ``warp.block`` hexes (``wgt map calibrate``
        counts it from the extent's first column and row; an extent edited since keeps the lattice of the nodes),
        reaching onto the extent, and listed once: so a warp has at most one node a block of the map, and the work of
        reading it is bounded by the map (a hand-made file of a thousand one-hex nodes held ``wgt map centre`` for
        minutes)."""
        e, b = self.extent, warp.block
        seen: set[tuple[int, int]] = set()
        lattice: tuple[int, int] | None = None
        for n in warp.nodes:
            (c0, r0), (c1, r1) = self.numbering.parse(n.first), self.numbering.parse(n.last)
            lo_c, lo_r, hi_c, hi_r = min(c0, c1), min(r0, r1), max(c0, c1), max(r0, r1)
            if hi_c - lo_c >= b or hi_r - lo_r >= b or (lattice is not None and (lo_c % b, lo_r % b) != lattice):
                raise GridError(f"grid warp offset {n.first}:{n.last} is not one block of {b} x {b} hexes on the "
                                "lattice of the others (as 'wgt map calibrate' writes them)")
            lattice = (lo_c % b, lo_r % b)
            if lo_c + b <= e.first_col or lo_c > e.last_col or lo_r + b <= e.first_row or lo_r > e.last_row:
                raise GridError(f"grid warp offset {n.first}:{n.last} lies off the grid's extent")
            key = (lo_c // b, lo_r // b)
            if key in seen:
                # each node's tent is added: a block listed twice was moved twice as far
                raise GridError(f"grid warp offset {n.first}:{n.last} is listed twice")
            seen.add(key)

    @classmethod
    def spanning(cls, numbering: Numbering, first_id: str, last_id: str, *, missing: Iterable[str] = (),
                 layout: Layout | None = None) -> Grid:
        """The rectangle of columns and rows whose opposite corners are ``first_id`` and ``last_id``
        (in either order, whichever way the numbers run), less the ``missing`` ids."""
        c0, r0 = numbering.parse(first_id)
        c1, r1 = numbering.parse(last_id)
        gone = frozenset(numbering.parse(i) for i in missing)
        return cls(numbering, Extent(min(c0, c1), max(c0, c1), min(r0, r1), max(r0, r1), gone), layout)

    # --- pickling (the map cache) -------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        """The fields, and the id index (when built) as three flat columns (ids, q's, r's): loading it
        back builds the two dicts and the hexes in C loops, where pickle made each ``Hex`` and dict entry
        one by one (~12M instructions for Winter War's 3,038 hexes, a quarter of loading the cached map)."""
        state = dict(self.__dict__)
        by_hex = state.pop("_by_hex", None)
        state.pop("_by_id", None)
        if by_hex is not None:
            state["_index"] = (tuple(by_hex.values()), tuple(h[0] for h in by_hex), tuple(h[1] for h in by_hex))
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        index = state.pop("_index", None)
        self.__dict__.update(state)
        if index is not None:
            ids, qs, rs = index
            hexes = list(map(tuple.__new__, repeat(Hex), zip(qs, rs)))
            self.__dict__["_by_hex"] = dict(zip(hexes, ids))
            self.__dict__["_by_id"] = dict(zip(ids, hexes))

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
            if item in self._by_id:
                return True
            try:
                return self.numbering.hex_of(item) in self._by_hex
            except HexIdError:
                return False
        return False

    def ids(self) -> list[str]:
        """Every hex id, by offset column (left to right) then offset row (top to bottom)."""
        return list(self._by_id)

    def hexes(self) -> list[Hex]:
        """Every hex, in the order of :meth:`ids`."""
        return list(self._by_hex)

    def _span(self) -> str:
        e = self.extent
        fmt = self.numbering.format
        return (f"ids run from {fmt(e.first_col, e.first_row)!r} to {fmt(e.last_col, e.last_row)!r}"
                + (f", {len(e.missing)} missing" if e.missing else ""))

    def hex(self, hex_id: str) -> Hex:
        """The hex of an id on this map; :class:`HexIdError` if it is malformed or off the map."""
        if "_by_id" in self.__dict__ and isinstance(hex_id, str):  # the index is built: look the id up
            h = self._by_id.get(hex_id)
            if h is not None:
                return h
        # else parse it: building the index of a whole 100x100 extent to look up a few ids costs 0.1 s
        cell = self.numbering.parse(str(hex_id))  # raises for a malformed id
        if cell not in self.extent:
            raise HexIdError(f"hex {hex_id!r} is not on the map ({self._span()})")
        return self.numbering.offset.to_hex(*cell)

    def id(self, h: Hex) -> str:
        """The id of a hex on this map; :class:`HexIdError` if it is off the map."""
        try:
            return self._by_hex[h]
        except KeyError:
            try:
                would = f" (it would be {self.numbering.id_of(h)!r})"
            except HexIdError:
                would = ""
            raise HexIdError(f"hex q={h.q}, r={h.r}{would} is not on the map ({self._span()})") from None

    def canonical_id(self, hex_id: str) -> str:
        """The id as this map spells it (``"101"`` -> ``"0101"`` where the scheme allows)."""
        return self._by_hex[self.hex(hex_id)]

    def neighbours(self, h: Hex) -> list[Hex]:
        """Neighbours of ``h`` that are on the map, in direction order."""
        return [n for n in h.neighbours() if n in self._by_hex]

    def within(self, h: Hex, radius: int) -> list[Hex]:
        """Hexes on the map within ``radius`` steps of ``h`` (in :func:`hex_range` order)."""
        if radius >= 0 and 3 * radius * (radius + 1) + 1 > len(self._by_hex):
            # a range larger than the map: test each hex of the map instead (same q-then-r order)
            return sorted(n for n in self._by_hex if h.distance(n) <= radius)
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
        return side_key(self._by_hex[ha], self._by_hex[hb])

    def side_id(self, side: Hexside) -> str:
        """The map-file key of a hexside (both hexes on the map): the two ids, sorted as text, joined
        by ``/``."""
        return side_key(self.id(side.a), self.id(side.b))

    def hexside(self, key: str) -> Hexside:
        """The hexside of a key ``"0101/0102"`` (ids in either order, spelled as :meth:`hex` accepts);
        :class:`HexIdError` if it is not two neighbouring hexes of this map."""
        parts = key.split("/") if isinstance(key, str) else []
        if len(parts) != 2:
            raise HexIdError(f"{key!r} is not a hexside key: two hex ids joined by '/', like "
                             f"{self.numbering.format(*self.numbering.to_offset(1, 1))!r}/..")
        ha, hb = self.hex(parts[0].strip()), self.hex(parts[1].strip())
        if ha.distance(hb) != 1:
            raise HexIdError(f"hexside {key!r}: hexes {parts[0]} and {parts[1]} are not neighbours")
        return Hexside.between(ha, hb)

    # --- serialisation -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The ``grid:`` block of a map file. The extent is written in printed column and row numbers
        (``columns: [1, 30]`` whichever way they run; a letter counts A = 1)."""
        e = self.extent
        pc0, pr0 = self.numbering.from_offset(e.first_col, e.first_row)
        pc1, pr1 = self.numbering.from_offset(e.last_col, e.last_row)
        out: dict[str, Any] = {
            "numbering": self.numbering.to_dict(),
            "extent": {"columns": sorted([pc0, pc1]), "rows": sorted([pr0, pr1])},
        }
        if e.missing:
            out["extent"]["missing"] = sorted(self.numbering.format(c, r) for c, r in e.missing)
        if self.layout is not None:
            out["calibration"] = [list(row) for row in self.layout.matrix]
        if self.warp is not None:
            out["warp"] = self.warp.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Grid:
        """The grid of a ``grid:`` block (as :meth:`to_dict` writes it); :class:`GridError` naming the
        bad setting."""
        if not isinstance(d, dict):
            raise GridError("a grid block is a mapping with numbering and extent")
        nd = d.get("numbering") or {}
        if not isinstance(nd, dict):
            raise GridError(f"grid numbering is a mapping like {{scheme: ccrr}}, not {nd!r}")
        numbering = numbering_from_dict(dict(nd))
        ext = d.get("extent") or {}
        try:
            (c0, c1), (r0, r1) = ext["columns"], ext["rows"]
            nums = [int(v) for v in (c0, c1, r0, r1) if not isinstance(v, bool | float)]
            if len(nums) != 4:
                raise ValueError
        except (KeyError, TypeError, ValueError):
            raise GridError("grid extent needs columns: [first, last] and rows: [first, last] "
                            "(whole numbers; a letter counts A = 1)") from None
        for what, first, last in (("columns", nums[0], nums[1]), ("rows", nums[2], nums[3])):
            if first > last:  # a typo's likely mark ([3, -5] for [3, 5]); to_dict writes first to last
                raise GridError(f"grid extent {what} [{first}, {last}] run backwards: the first is more than the last")
        oc0, or0 = numbering.to_offset(nums[0], nums[2])
        oc1, or1 = numbering.to_offset(nums[1], nums[3])
        missing_ids = ext.get("missing") or ()
        if not isinstance(missing_ids, list | tuple):
            raise GridError(f"grid extent missing is a list of hex ids, not {missing_ids!r}")
        missing = frozenset(numbering.parse(str(i)) for i in missing_ids)
        extent = Extent(min(oc0, oc1), max(oc0, oc1), min(or0, or1), max(or0, or1), missing)
        outside = [str(i) for i, cell in zip(missing_ids, (numbering.parse(str(i)) for i in missing_ids))
                   if not (extent.first_col <= cell[0] <= extent.last_col
                           and extent.first_row <= cell[1] <= extent.last_row)]
        if outside:
            raise GridError(f"grid extent missing: hex {outside[0]!r} is not inside the extent")
        cal = d.get("calibration")
        layout = Layout.from_matrix(cal) if cal is not None else None
        wd = d.get("warp")
        if wd is not None and layout is None:
            raise GridError("grid warp needs a calibration: it is an offset from the calibrated grid")
        return cls(numbering, extent, layout, Warp.from_dict(wd, numbering) if wd is not None else None)
