"""VASSAL's other grids: SquareGrid, RegionGrid (named points), ZonedGrid with Zones."""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, runtime_checkable

from ...errors import GridError, HexIdError
from ._java import (
    bool_str,
    check_spacing,
    color_str,
    double_str,
    format_string,
    format_tokens,
    jfloor,
    jint,
    jround,
    parse_bool,
    parse_color,
    parse_double,
    parse_int,
)
from .hex import check_version
from .numbering import SquareGridNumbering

_BOARD = "VASSAL.build.module.map.boardPicker.board."


@runtime_checkable
class VassalGrid(Protocol):
    """What every VASSAL grid offers (board-local pixel coordinates)."""

    def snap(self, x: int, y: int, *, version: str = "3.7") -> tuple[int, int]:
        """VASSAL ``snapTo`` of a board-local point."""
        ...

    def location_name(self, x: int, y: int, container: tuple[int, int]) -> str | None:
        """VASSAL ``locationName``; None when the grid names nothing there."""
        ...

    def point(self, name: str, container: tuple[int, int]) -> tuple[int, int]:
        """VASSAL ``getLocation(name)``; raises HexIdError for a name the grid does not know."""
        ...

    def to_attributes(self) -> dict[str, str]:
        """The element's attributes as VASSAL writes them."""
        ...


# -- SquareGrid -----------------------------------------------------------------------------------

_SQUARE_BOOLS = {
    "snapTo": "snap_to",
    "edgesLegal": "edges_legal",
    "cornersLegal": "corners_legal",
    "visible": "visible",
    "dotsVisible": "dots_visible",
}


@dataclass(frozen=True)
class VassalSquareGrid:
    """VASSAL ``SquareGrid`` ("rectangular grid") with its numbering."""

    dx: float = 48.0
    dy: float = 48.0
    x0: int = 24
    y0: int = 24
    range_option: str = "Metric"
    snap_to: bool = True
    edges_legal: bool = False
    corners_legal: bool = False
    visible: bool = False
    dots_visible: bool = False
    color: tuple[int, int, int, int] | None = (0, 0, 0, 255)
    numbering: SquareGridNumbering | None = None

    ELEMENT: ClassVar[str] = _BOARD + "SquareGrid"

    def __post_init__(self) -> None:
        if not (math.isfinite(self.dx) and math.isfinite(self.dy)) or self.dx <= 0 or self.dy <= 0:
            raise GridError(f"square grid spacing must be positive: dx={self.dx!r} dy={self.dy!r}")

    @classmethod
    def from_attributes(
        cls, attrs: Mapping[str, str], numbering: SquareGridNumbering | None = None
    ) -> VassalSquareGrid:
        """Build from XML attributes as VASSAL's ``SquareGrid.setAttribute`` reads them."""
        values: dict[str, object] = {}
        for key in sorted(attrs):
            text = attrs[key]
            what = f"square grid attribute {key}"
            if key in ("dx", "dy"):
                values[key] = check_spacing(parse_double(text, what), what)
            elif key in ("x0", "y0"):
                values[key] = parse_int(text, what)
            elif key == "range":
                values["range_option"] = text
            elif key in _SQUARE_BOOLS:
                values[_SQUARE_BOOLS[key]] = parse_bool(text)
            elif key == "color":
                values["color"] = parse_color(text, what)
        return cls(numbering=numbering, **values)  # type: ignore[arg-type]

    def to_attributes(self) -> dict[str, str]:
        """Attributes as VASSAL writes them (sorted)."""
        return {
            "color": color_str(self.color),
            "cornersLegal": bool_str(self.corners_legal),
            "dotsVisible": bool_str(self.dots_visible),
            "dx": double_str(self.dx),
            "dy": double_str(self.dy),
            "edgesLegal": bool_str(self.edges_legal),
            "range": self.range_option,
            "snapTo": bool_str(self.snap_to),
            "visible": bool_str(self.visible),
            "x0": str(self.x0),
            "y0": str(self.y0),
        }

    def snap(self, x: int, y: int, *, version: str = "3.7") -> tuple[int, int]:
        """VASSAL ``SquareGrid.snapTo`` (centres, plus edges/corners when legal)."""
        check_version(version)
        if not self.snap_to:
            return (x, y)
        ox = x - self.x0
        oy = y - self.y0
        nx = jround(ox / (0.5 * self.dx))
        ny = jround(oy / (0.5 * self.dy))
        if not (self.corners_legal and self.edges_legal):
            if self.corners_legal:
                if ny % 2 == 0:
                    nx = 2 * jround(ox / self.dx)
                else:
                    nx = 1 + 2 * jround(ox / self.dx - 0.5)
            elif self.edges_legal:
                if ny % 2 == 0:
                    if nx % 2 == 0:
                        nx = 2 * jround(ox / self.dx)
                else:
                    nx = 2 * jround(ox / self.dx)
            else:
                nx = 2 * jround(ox / self.dx)
                ny = 2 * jround(oy / self.dy)
        return (self.x0 + jround(nx * self.dx / 2), self.y0 + jround(ny * self.dy / 2))

    def max_rows_cols(self, container: tuple[int, int]) -> tuple[int, int]:
        """SquareGridNumbering's (maxRows, maxCols): ``(int)(H/dy + 0.5)``, ``(int)(W/dx + 0.5)``."""
        width, height = container
        return jint(height / self.dy + 0.5), jint(width / self.dx + 0.5)

    def logical(self, x: int, y: int, container: tuple[int, int]) -> tuple[int, int]:
        """Logical (column, row): column floors, row *truncates* (VASSAL's getRow uses an int cast)."""
        numbering = self.numbering or SquareGridNumbering()
        col = jfloor((x - self.x0) / self.dx + 0.5)
        row = jint((y - self.y0) / self.dy + 0.5)
        max_rows, max_cols = self.max_rows_cols(container)
        if numbering.h_descend:
            col = max_cols - col
        if numbering.v_descend:
            row = max_rows - row
        return col, row

    def location_name(self, x: int, y: int, container: tuple[int, int]) -> str | None:
        """VASSAL ``SquareGrid.locationName``; None without a numbering."""
        if self.numbering is None:
            return None
        return self.numbering.format_name(*self.logical(x, y, container))

    def point(self, name: str, container: tuple[int, int]) -> tuple[int, int]:
        """VASSAL ``SquareGridNumbering.getLocation`` (``getCenterPoint``, not re-snapped)."""
        if self.numbering is None:
            raise HexIdError(f"location {name!r}: the square grid has no numbering")
        col, row = self.numbering.parse_name(name)
        max_rows, max_cols = self.max_rows_cols(container)
        if self.numbering.v_descend:
            row = max_rows - row
        if self.numbering.h_descend:
            col = max_cols - col
        return jint(col * self.dx + self.x0), jint(row * self.dy + self.y0)

    def range(self, p1: tuple[int, int], p2: tuple[int, int]) -> int:
        """VASSAL ``SquareGrid.range`` ("Metric" = Chebyshev, otherwise Manhattan) in cells."""
        ddx = abs(jfloor((p2[0] - p1[0]) / self.dx + 0.5))
        ddy = abs(jfloor((p2[1] - p1[1]) / self.dy + 0.5))
        return max(ddx, ddy) if self.range_option == "Metric" else ddx + ddy


# -- RegionGrid -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Region:
    """A named point of a RegionGrid (``Region`` element: name, originx, originy)."""

    name: str
    x: int
    y: int

    ELEMENT: ClassVar[str] = _BOARD + "Region"

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str]) -> Region:
        """Build from XML attributes."""
        return cls(
            attrs.get("name", ""),
            parse_int(attrs.get("originx", "0"), "region attribute originx"),
            parse_int(attrs.get("originy", "0"), "region attribute originy"),
        )

    def to_attributes(self) -> dict[str, str]:
        """Attributes as VASSAL writes them."""
        return {"name": self.name, "originx": str(self.x), "originy": str(self.y)}


def _java_point_hash(x: int, y: int) -> int:
    """``java.awt.Point.hashCode`` (Point2D) spread like ``HashMap.hash``."""

    def bits(v: float) -> int:
        return int(struct.unpack("<q", struct.pack("<d", v))[0])

    b = bits(float(x)) ^ ((bits(float(y)) * 31) & 0xFFFFFFFFFFFFFFFF)
    b &= 0xFFFFFFFFFFFFFFFF
    h = (b & 0xFFFFFFFF) ^ ((b >> 32) & 0xFFFFFFFF)
    return h ^ (h >> 16)


@dataclass(frozen=True)
class RegionGrid:
    """VASSAL ``RegionGrid`` ("irregular grid"): named points; snapping goes to the nearest point.

    VASSAL keeps the regions in a ``HashMap<Point, Region>``: a later region at the same point
    replaces an earlier one, and among equally near points the first in the map's iteration order
    wins; both are reproduced.
    """

    regions: Sequence[Region] = ()
    snap_to: bool = True
    visible: bool = False
    font_size: int = 9
    _order: tuple[Region, ...] = field(init=False, repr=False, compare=False)

    ELEMENT: ClassVar[str] = _BOARD + "RegionGrid"

    def __post_init__(self) -> None:
        by_point: dict[tuple[int, int], Region] = {}
        for region in self.regions:
            by_point[(region.x, region.y)] = region
        capacity = 16
        while len(by_point) > capacity * 0.75:
            capacity *= 2
        keys = list(by_point)  # insertion order = order within a bucket
        order = sorted(range(len(keys)), key=lambda i: (_java_point_hash(*keys[i]) & (capacity - 1), i))
        object.__setattr__(self, "_order", tuple(by_point[keys[i]] for i in order))

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], regions: Sequence[Region] = ()) -> RegionGrid:
        """Build from XML attributes (``snapto``, ``visible``: only exactly "true" is true)."""
        return cls(
            regions=list(regions),
            snap_to=attrs.get("snapto", "true") == "true",
            visible=attrs.get("visible", "false") == "true",
            font_size=parse_int(attrs.get("fontsize", "9"), "region grid attribute fontsize"),
        )

    def to_attributes(self) -> dict[str, str]:
        """Attributes as VASSAL writes them."""
        return {"fontsize": str(self.font_size), "snapto": bool_str(self.snap_to), "visible": bool_str(self.visible)}

    def _nearest(self, x: int, y: int) -> Region | None:
        best: Region | None = None
        best_d = math.inf
        for region in self._order:
            d = (x - region.x) ** 2 + (y - region.y) ** 2
            if d < best_d:
                best, best_d = region, d
        return best

    def snap(self, x: int, y: int, *, version: str = "3.7") -> tuple[int, int]:
        """Nearest region point (unchanged when snapping is off or there are no regions)."""
        check_version(version)
        if not self.snap_to:
            return (x, y)
        region = self._nearest(x, y)
        return (x, y) if region is None else (region.x, region.y)

    def location_name(self, x: int, y: int, container: tuple[int, int] = (0, 0)) -> str | None:
        """Name of the nearest region (whether or not snapping is on); None without regions."""
        region = self._nearest(x, y)
        return None if region is None else region.name

    def point(self, name: str, container: tuple[int, int] = (0, 0)) -> tuple[int, int]:
        """Point of the first region with that name (in VASSAL's map order)."""
        for region in self._order:
            if region.name == name:
                return (region.x, region.y)
        raise HexIdError(f"no region named {name!r}")


# -- ZonedGrid ------------------------------------------------------------------------------------


def polygon_contains(path: Sequence[tuple[int, int]], px: float, py: float) -> bool:
    """JDK ``java.awt.Polygon.contains(x, y)`` (bounding box then even-odd crossings)."""
    n = len(path)
    if n <= 2:
        return False
    xs = [p[0] for p in path]
    ys = [p[1] for p in path]
    bx, by = min(xs), min(ys)
    if not (bx <= px < max(xs) and by <= py < max(ys)):
        return False
    hits = 0
    lastx, lasty = path[-1]
    for curx, cury in path:
        if cury == lasty:
            lastx, lasty = curx, cury
            continue
        if curx < lastx:
            if px >= lastx:
                lastx, lasty = curx, cury
                continue
            leftx = curx
        else:
            if px >= curx:
                lastx, lasty = curx, cury
                continue
            leftx = lastx
        if cury < lasty:
            if py < cury or py >= lasty:
                lastx, lasty = curx, cury
                continue
            if px < leftx:
                hits += 1
                lastx, lasty = curx, cury
                continue
            test1 = px - curx
            test2 = py - cury
        else:
            if py < lasty or py >= cury:
                lastx, lasty = curx, cury
                continue
            if px < leftx:
                hits += 1
                lastx, lasty = curx, cury
                continue
            test1 = px - lastx
            test2 = py - lasty
        if test1 < (test2 / (lasty - cury) * (lastx - curx)):
            hits += 1
        lastx, lasty = curx, cury
    return hits % 2 == 1


_PATH_POINT = re.compile(r"\s*(-?[0-9]{1,10})\s*,\s*(-?[0-9]{1,10})\s*")  # Java ints: at most 10 digits


def parse_path(text: str) -> list[tuple[int, int]]:
    """A Zone ``path`` attribute "x,y;x,y;..." as integer points."""
    points: list[tuple[int, int]] = []
    for part in text.split(";"):
        if not part.strip():
            continue
        match = _PATH_POINT.fullmatch(part)
        if match is None:
            raise GridError(f"zone path has a bad point {part[:40]!r} in {text[:60]!r}")
        points.append((int(match.group(1)), int(match.group(2))))
    return points


def path_str(path: Sequence[tuple[int, int]]) -> str:
    """A Zone ``path`` attribute as VASSAL writes it."""
    return ";".join(f"{x},{y}" for x, y in path)


@dataclass(frozen=True)
class Zone:
    """A VASSAL ``Zone``: a named polygon with an optional grid of its own (or the background grid)."""

    name: str
    path: Sequence[tuple[int, int]]
    location_format: str = "$name$"
    grid: VassalGrid | None = None
    use_parent_grid: bool = False
    use_highlight: bool = False
    highlight_property: str = ""

    ELEMENT: ClassVar[str] = _BOARD + "mapgrid.Zone"

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], grid: VassalGrid | None = None) -> Zone:
        """Build from XML attributes (``useParentGrid``: only exactly "true" is true)."""
        return cls(
            name=attrs.get("name", ""),
            path=parse_path(attrs.get("path", "")),
            location_format=attrs.get("locationFormat", "$name$"),
            grid=grid,
            use_parent_grid=attrs.get("useParentGrid", "false") == "true",
            use_highlight=attrs.get("useHighlight", "false") == "true",
            highlight_property=attrs.get("highlightProperty", ""),
        )

    def to_attributes(self) -> dict[str, str]:
        """Attributes as VASSAL writes them (sorted)."""
        return {
            "highlightProperty": self.highlight_property,
            "locationFormat": self.location_format,
            "name": self.name,
            "path": path_str(self.path),
            "useHighlight": bool_str(self.use_highlight),
            "useParentGrid": bool_str(self.use_parent_grid),
        }

    def contains(self, x: int, y: int) -> bool:
        """``java.awt.Polygon.contains`` of the zone's path."""
        return polygon_contains(self.path, x, y)

    def size(self) -> tuple[int, int]:
        """Bounding-box size: the container size of a zone-level grid."""
        if not self.path:
            return (0, 0)
        xs = [p[0] for p in self.path]
        ys = [p[1] for p in self.path]
        return (max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class ZonedGrid:
    """VASSAL ``ZonedGrid``: zones (first containing zone wins) over an optional background grid."""

    zones: Sequence[Zone] = ()
    background: VassalGrid | None = None

    ELEMENT: ClassVar[str] = _BOARD + "ZonedGrid"

    def to_attributes(self) -> dict[str, str]:
        """ZonedGrid has no attributes."""
        return {}

    def _grid_of(self, zone: Zone, container: tuple[int, int]) -> tuple[VassalGrid | None, tuple[int, int]]:
        if zone.use_parent_grid:
            return self.background, container
        return zone.grid, zone.size()

    def find_zone(self, x: int, y: int) -> Zone | None:
        """The first zone whose polygon contains the point."""
        for zone in self.zones:
            if zone.contains(x, y):
                return zone
        return None

    def snap(self, x: int, y: int, *, version: str = "3.7") -> tuple[int, int]:
        """The containing zone's grid snaps (a zone without grid leaves the point); else the background."""
        check_version(version)
        zone = self.find_zone(x, y)
        if zone is not None:
            grid, _ = self._grid_of(zone, (0, 0))
            return (x, y) if grid is None else grid.snap(x, y, version=version)
        return (x, y) if self.background is None else self.background.snap(x, y, version=version)

    def zone_location_name(self, zone: Zone, x: int, y: int, container: tuple[int, int]) -> str:
        """``Zone.locationName``: the zone's locationFormat with $name$ and $gridLocation$."""
        grid, size = self._grid_of(zone, container)
        grid_location = None if grid is None else grid.location_name(x, y, size)
        return format_string(
            zone.location_format, {"name": zone.name, "gridLocation": grid_location}, unknown_as_name=True
        )

    def location_name(self, x: int, y: int, container: tuple[int, int]) -> str | None:
        """VASSAL ``ZonedGrid.locationName``."""
        zone = self.find_zone(x, y)
        if zone is not None:
            return self.zone_location_name(zone, x, y, container)
        return None if self.background is None else self.background.location_name(x, y, container)

    def zone_point(self, zone: Zone, name: str, container: tuple[int, int]) -> tuple[int, int]:
        """``Zone.getLocation``: match the zone's locationFormat, then ask its grid (or the polygon mean)."""
        grid, size = self._grid_of(zone, container)
        regex: list[str] = []
        groups = 0
        for token, is_property in format_tokens(zone.location_format):
            if not is_property:
                regex.append(re.escape(token))
            elif token == "name":
                regex.append(re.escape(zone.name))
            elif token == "gridLocation" and grid is not None:
                regex.append("(.*)")
                groups += 1
        if not regex:
            raise HexIdError(f"zone {zone.name!r} has nothing to match {name!r} against")
        match = re.fullmatch("".join(regex), name, flags=re.DOTALL)
        if match is None:
            raise HexIdError(f"location {name!r} is not in zone {zone.name!r}")
        if groups:
            assert grid is not None
            p = grid.point(match.group(groups), size)
            if not zone.contains(*p):
                raise HexIdError(f"location {name!r} falls outside zone {zone.name!r}")
            return p
        n = len(zone.path)
        if n == 0:
            raise HexIdError(f"zone {zone.name!r} has no path")
        mx = _int_div(sum(p[0] for p in zone.path), n)
        my = _int_div(sum(p[1] for p in zone.path), n)
        if not zone.contains(mx, my):
            return zone.path[0]
        return (mx, my)

    def point(self, name: str, container: tuple[int, int]) -> tuple[int, int]:
        """VASSAL ``ZonedGrid.getLocation``: the first zone that knows the name, else the background."""
        for zone in self.zones:
            try:
                p = self.zone_point(zone, name, container)
            except HexIdError:
                continue
            if zone.contains(*p):
                return p
        if self.background is None:
            raise HexIdError(f"no zone or grid knows location {name!r}")
        return self.background.point(name, container)


def _int_div(a: int, b: int) -> int:
    """Java int division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
