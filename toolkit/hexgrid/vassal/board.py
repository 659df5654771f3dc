"""VASSAL boards and their placement on a map (reference §1.1): map point <-> board-local point."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...errors import GridError, HexIdError
from ._java import bool_str, jround, parse_int
from .grids import VassalGrid
from .hex import check_version

OFFBOARD = "offboard"  # VASSAL's Map.offboard resource (English)


@dataclass(frozen=True)
class Board:
    """A VASSAL ``Board``: ``width``/``height`` are its bounds on the map (already magnified when they
    come from an image), ``reversed`` turns it 180°."""

    name: str
    width: int = 500
    height: int = 500
    grid: VassalGrid | None = None
    magnification: float = 1.0
    reversed: bool = False

    def __post_init__(self) -> None:
        if self.width < 0 or self.height < 0:
            raise GridError(f"board {self.name!r} has a negative size {self.width}x{self.height}")
        if not math.isfinite(self.magnification) or self.magnification <= 0:
            raise GridError(f"board {self.name!r} has a bad magnification {self.magnification!r}")

    @classmethod
    def from_attributes(
        cls,
        attrs: Mapping[str, str],
        grid: VassalGrid | None = None,
        image_size: tuple[int, int] | None = None,
        reversed: bool = False,
        magnification: float = 1.0,
    ) -> Board:
        """Build from Board XML attributes. With an ``image`` attribute the size is ``image_size``
        times ``magnification`` (rounded); without one, the ``width``/``height`` attributes (default 500).

        Magnification is not an XML attribute (VASSAL's Board reads only name, image, reversible,
        width, height, color; a ``magnification`` attribute is ignored, as the 3.6 engine confirms):
        it is set by code, so it is a parameter here. ``reversed`` comes from the game's board setup.
        """
        name = attrs.get("name", "")
        if attrs.get("image"):
            if image_size is None:
                raise GridError(f"board {name!r} has image {attrs['image']!r}: its size is needed")
            width, height = image_size
            if magnification != 1.0:
                width, height = jround(magnification * width), jround(magnification * height)
        else:
            width = parse_int(attrs.get("width", "500"), "board attribute width")
            height = parse_int(attrs.get("height", "500"), "board attribute height")
        return cls(name, width, height, grid, magnification, reversed)

    def to_attributes(self, image: str = "", reversible: bool = False) -> dict[str, str]:
        """Board attributes (VASSAL omits width/height when there is an image; magnification and
        reversal are not attributes)."""
        out = {"image": image, "name": self.name, "reversible": bool_str(reversible)}
        if not image:
            out["width"] = str(self.width)
            out["height"] = str(self.height)
        return dict(sorted(out.items()))

    @property
    def size(self) -> tuple[int, int]:
        """Bounds size (the grid's container size)."""
        return (self.width, self.height)

    def local(self, x: int, y: int) -> tuple[int, int]:
        """``Board.localCoordinates``: un-reverse, then divide by magnification (rounded)."""
        if self.reversed:
            x, y = self.width - x, self.height - y
        if self.magnification != 1.0:
            x, y = jround(x / self.magnification), jround(y / self.magnification)
        return x, y

    def global_(self, x: int, y: int) -> tuple[int, int]:
        """``Board.globalCoordinates``: magnify (rounded), then reverse."""
        if self.magnification != 1.0:
            x, y = jround(x * self.magnification), jround(y * self.magnification)
        if self.reversed:
            x, y = self.width - x, self.height - y
        return x, y

    def snap(self, x: int, y: int, *, version: str = "3.7") -> tuple[int, int]:
        """``Board.snapTo`` of a point relative to the board's corner."""
        check_version(version)
        if self.grid is None:
            return (x, y)
        return self.global_(*self.grid.snap(*self.local(x, y), version=version))

    def location_name(self, x: int, y: int) -> str | None:
        """``Board.locationName`` of a point relative to the board's corner (None: grid names nothing)."""
        if self.grid is None:
            return None
        return self.grid.location_name(*self.local(x, y), self.size)

    def point(self, name: str) -> tuple[int, int]:
        """Point (relative to the board's corner) of a location name; raises HexIdError."""
        if self.grid is None:
            raise HexIdError(f"board {self.name!r} has no grid to find {name!r}")
        return self.global_(*self.grid.point(name, self.size))


@dataclass(frozen=True)
class PlacedBoard:
    """A board at (column, row) of a map's board layout (the BoardPicker's ``x y``)."""

    board: Board
    column: int = 0
    row: int = 0


@dataclass(frozen=True)
class VassalMap:
    """A VASSAL ``Map``'s board layout: boards by column/row plus the edge buffer (and, optionally, the
    positions of its decks, whose names ``Map.locationName`` reports first)."""

    name: str
    boards: Sequence[PlacedBoard]
    edge_width: int = 0
    edge_height: int = 0
    decks: Sequence[tuple[str, int, int]] = ()  # (name, x, y) of each DrawPile, in map coordinates

    def __post_init__(self) -> None:
        for placed in self.boards:
            if placed.column < 0 or placed.row < 0:
                raise GridError(f"board {placed.board.name!r} at a negative column/row {placed.column},{placed.row}")

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], boards: Sequence[PlacedBoard]) -> VassalMap:
        """Build from Map XML attributes (``mapName``, ``edgeWidth``, ``edgeHeight``)."""
        return cls(
            attrs.get("mapName", ""),
            list(boards),
            parse_int(attrs.get("edgeWidth", "0") or "0", "map attribute edgeWidth"),
            parse_int(attrs.get("edgeHeight", "0") or "0", "map attribute edgeHeight"),
        )

    def origin(self, placed: PlacedBoard) -> tuple[int, int]:
        """Map coordinates of the board's top-left corner (``Map.setBoardBoundaries``): the edge plus the widths
        of the cells left of it in its row and the heights of those above it in its column, a cell's size being
        that of the last board placed there (empty cells add 0). Summed over the boards, not over the cells, so
        a board at column 10^9 costs no more than one at column 1."""
        widths: dict[int, int] = {}
        heights: dict[int, int] = {}
        for other in self.boards:
            if other.row == placed.row and other.column < placed.column:
                widths[other.column] = other.board.width
            if other.column == placed.column and other.row < placed.row:
                heights[other.row] = other.board.height
        return self.edge_width + sum(widths.values()), self.edge_height + sum(heights.values())

    def board_at(self, x: int, y: int) -> tuple[PlacedBoard, int, int] | None:
        """``Map.findBoard``: the first board whose bounds (half-open) hold the point, and the point
        relative to that board's corner."""
        for placed in self.boards:
            ox, oy = self.origin(placed)
            if ox <= x < ox + placed.board.width and oy <= y < oy + placed.board.height:
                return placed, x - ox, y - oy
        return None

    def local(self, x: int, y: int) -> tuple[PlacedBoard, int, int] | None:
        """Board and board-local (grid-frame) point of a map point: ``board_at`` then
        ``Board.localCoordinates`` (un-reversed, un-magnified); None off every board."""
        found = self.board_at(x, y)
        if found is None:
            return None
        placed, bx, by = found
        return (placed, *placed.board.local(bx, by))

    def to_map(self, placed: PlacedBoard, x: int, y: int) -> tuple[int, int]:
        """Map point of a board-local (grid-frame) point on ``placed`` (``globalCoordinates`` + origin)."""
        gx, gy = placed.board.global_(x, y)
        ox, oy = self.origin(placed)
        return gx + ox, gy + oy

    def board_named(self, name: str) -> PlacedBoard:
        """The placed board with that name; raises HexIdError."""
        for placed in self.boards:
            if placed.board.name == name:
                return placed
        raise HexIdError(f"map {self.name!r} has no board named {name!r}")

    def snap(self, x: int, y: int, *, version: str = "3.7") -> tuple[int, int]:
        """``Map.snapTo``: snap on the board under the point; a result that lands on another board is
        snapped again there; a result 1 px outside every board is pulled back onto the first board."""
        check_version(version)
        found = self.board_at(x, y)
        if found is None:
            return (x, y)
        placed, bx, by = found
        ox, oy = x - bx, y - by
        sx, sy = placed.board.snap(bx, by, version=version)
        sx, sy = sx + ox, sy + oy
        landed = self.board_at(sx, sy)
        if landed is not None and landed[0] is not placed:
            other, lx, ly = landed
            lox, loy = sx - lx, sy - ly
            rx, ry = other.board.snap(lx, ly, version=version)
            sx, sy = rx + lox, ry + loy
        if self.board_at(sx, sy) is None:
            sx, sy = sx - ox, sy - oy
            w, h = placed.board.width, placed.board.height
            if sx == w:
                sx = w - 1
            elif sx == -1:
                sx = 0
            if sy == h:
                sy = h - 1
            elif sy == -1:
                sy = 0
            sx, sy = sx + ox, sy + oy
        return sx, sy

    def location_name(self, x: int, y: int) -> str:
        """``Map.locationName`` of a map point: the name of a deck standing exactly there, else the
        board's grid name, else "offboard"."""
        for deck, dx, dy in self.decks:
            if (dx, dy) == (x, y):
                return deck
        found = self.board_at(x, y)
        if found is None:
            return OFFBOARD
        placed, bx, by = found
        name = placed.board.location_name(bx, by)
        return OFFBOARD if name is None else name

    def point(self, name: str, board: str | None = None) -> tuple[int, int]:
        """Map point of a location name: on the named board, or the first board whose grid knows it."""
        candidates = [self.board_named(board)] if board is not None else list(self.boards)
        for placed in candidates:
            try:
                bx, by = placed.board.point(name)
            except HexIdError:
                continue
            ox, oy = self.origin(placed)
            return bx + ox, by + oy
        raise HexIdError(f"no board of map {self.name!r} knows location {name!r}")


__all__ = ["OFFBOARD", "Board", "PlacedBoard", "VassalMap"]
