"""VASSAL's own grids, bit-exact: HexGrid, SquareGrid, RegionGrid, ZonedGrid, Board and Map placement.

Reproduces VASSAL (``VASSAL.build.module.map.boardPicker.board.*``) as specified in
``shared/reference/vassal-formats.md`` §1, including its quirks (float32 hex polygons, the JDK
``Area.contains`` boundary rule, the dx reset quirk, crossed maxRows/maxCols for descending
numbering, the 1-px and one-hex-off name->point discrepancies). Pure Python, no dependencies.

Public API (stable contract; other packages code against these names)::

    from toolkit.hexgrid.vassal import (
        VassalHexGrid, HexGridNumbering, VassalSquareGrid, SquareGridNumbering,
        RegionGrid, Region, ZonedGrid, Zone, Board, PlacedBoard, VassalMap, VassalGrid,
    )

    HexGridNumbering.from_attributes(attrs: Mapping[str, str]) -> HexGridNumbering
    VassalHexGrid.from_attributes(attrs: Mapping[str, str],
                                  numbering: HexGridNumbering | None = None) -> VassalHexGrid
    VassalSquareGrid.from_attributes(attrs: Mapping[str, str],
                                     numbering: SquareGridNumbering | None = None) -> VassalSquareGrid
    RegionGrid(regions: list[Region])            Region(name: str, x: int, y: int)
    ZonedGrid(zones: list[Zone], background: VassalGrid | None = None)
    Zone(name: str, path: list[tuple[int, int]], location_format: str = "$name$", grid=None,
         use_parent_grid: bool = False)

    Every grid (the VassalGrid protocol) has, in board-local pixel coordinates:
        snap(x, y, *, version="3.7") -> tuple[int, int]      # version "3.6" = old hex snapping
        location_name(x, y, container: tuple[int, int]) -> str | None   # None = grid names nothing
        point(name: str, container: tuple[int, int]) -> tuple[int, int]  # raises HexIdError
        to_attributes() -> dict[str, str]                     # written the way VASSAL writes them
    ``container`` is the (width, height) of the board (used only by descending numbering).

    Board(name, width, height, grid=None, magnification=1.0, reversed=False)
        .local(x, y) / .global_(x, y); .snap(x, y, *, version); .location_name(x, y); .point(name)
    PlacedBoard(board: Board, column: int, row: int)
    VassalMap(name, boards: list[PlacedBoard], edge_width=0, edge_height=0)
        .board_at(x, y) -> tuple[PlacedBoard, int, int] | None   # board and point relative to it
        .local(x, y) -> tuple[PlacedBoard, int, int] | None      # board and board-local (grid) point
        .to_map(placed, x, y) -> tuple[int, int]                  # board-local point -> map point
        .origin(placed) -> tuple[int, int]
        .snap(x, y, *, version="3.7") -> tuple[int, int]
        .location_name(x, y) -> str          # VASSAL's "offboard" when no board/grid names the point
        .point(name, board: str | None = None) -> tuple[int, int]   # map coordinates

Hex-specific extras on VassalHexGrid: ``raw_column_row(x, y)``, ``centre(x, y, version=...)``,
``hexside(x, y)``, ``vertex(x, y)``, ``logical(x, y, container)``, ``range(p1, p2, ...)``.

Errors: bad attribute values raise ``GridError``; names a grid cannot read raise ``HexIdError``.

Checked against the real engine (tests/hexgrid/test_vassal_oracle.py): on 28 grid configurations the
location names and the 3.6 snaps of VASSAL 3.6 are reproduced for every one of 800 points each
(near centres and anywhere on or around the board). VASSAL 3.7+ snapping (the default here) follows
3.7's ``hexPoint``: the rectangle candidate and its four neighbours tested with the float32 hex polygon
and ``Area.contains``, in the swapped frame for sideways grids. Notes: a Board's magnification is not
an XML attribute (the engine ignores one), it is set by code; VASSAL names the point it is given,
so name a snapped point to get its hex.
"""

from __future__ import annotations

from ...lazy import lazy_attributes

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from .board import Board, PlacedBoard, VassalMap
    from .grids import Region, RegionGrid, VassalGrid, VassalSquareGrid, Zone, ZonedGrid
    from .hex import VassalHexGrid
    from .numbering import HexGridNumbering, SquareGridNumbering

__all__ = [
    "Board",
    "HexGridNumbering",
    "PlacedBoard",
    "Region",
    "RegionGrid",
    "SquareGridNumbering",
    "VassalGrid",
    "VassalHexGrid",
    "VassalMap",
    "VassalSquareGrid",
    "Zone",
    "ZonedGrid",
]

_WHERE = {"Board": "board", "PlacedBoard": "board", "VassalMap": "board", "Region": "grids", "RegionGrid": "grids",
          "VassalGrid": "grids", "VassalSquareGrid": "grids", "Zone": "grids", "ZonedGrid": "grids",
          "VassalHexGrid": "hex", "HexGridNumbering": "numbering", "SquareGridNumbering": "numbering"}


__getattr__ = lazy_attributes(__name__, _WHERE)
