"""VASSAL's ``HexGrid``: snapping (3.7+ polygon and 3.6 rectangle), naming and name -> point (§1.2-1.9)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from ...errors import GridError
from ._java import (
    bool_str,
    check_spacing,
    color_str,
    double_str,
    f32,
    jfloor,
    jint,
    jround,
    jround_int,
    parse_bool,
    parse_color,
    parse_double,
    parse_int,
)
from .numbering import HexGridNumbering

SQRT3_2 = math.sqrt(3) / 2
DEFAULT_DY = 64.0
DEFAULT_DX = SQRT3_2 * DEFAULT_DY  # 55.42562584220407
VERSIONS = ("3.6", "3.7")

_EVEN_NEIGHBOURS = ((-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD_NEIGHBOURS = ((-1, 0), (-1, 1), (1, 0), (1, 1))


def check_version(version: str) -> None:
    """Raise GridError unless ``version`` is one of the emulated VASSAL versions."""
    if version not in VERSIONS:
        raise GridError(f"unknown vassal snapping version {version!r} (use 3.6 or 3.7)")


def hex_polygon(cx: int, cy: int, dx: float, dy: float) -> list[tuple[int, int]]:
    """The six integer vertices VASSAL 3.7 builds around centre (cx, cy), in float32 arithmetic (§1.4.2)."""
    fx, fy, fdx, fdy = f32(cx), f32(cy), f32(dx), f32(dy)
    r = f32(f32(2.0 * fdx) / 3.0)
    h = f32(0.5 * r)
    v = f32(0.5 * fdy)

    def rnd(a: float, b: float, sub: bool) -> int:
        return math.floor(f32(a - b if sub else a + b) + 0.5)

    left = rnd(fx, r, True)
    right = rnd(fx, r, False) + 1
    lx = rnd(fx, h, True)
    rx = rnd(fx, h, False) + 1
    top = rnd(fy, v, True)
    bottom = rnd(fy, v, False) + 1
    mid = math.floor(fy + 0.5)
    return [(left, mid), (lx, top), (rx, top), (right, mid), (rx, bottom), (lx, bottom)]


def area_contains(poly: list[tuple[int, int]], px: float, py: float) -> bool:
    """JDK ``Area.contains(x, y)`` for a simple integer polygon (half-open bounding box, even-odd rule)."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    if not (min(xs) <= px < max(xs) and min(ys) <= py < max(ys)):
        return False
    crossings = 0
    n = len(poly)
    for i in range(n):
        xa, ya = poly[i]
        xb, yb = poly[(i + 1) % n]
        if ya == yb:
            continue
        if ya > yb:
            xa, ya, xb, yb = xb, yb, xa, ya
        if not ya <= py < yb:
            continue
        if px >= max(xa, xb):
            continue
        if px < min(xa, xb) or px < xa + (py - ya) * (xb - xa) / (yb - ya):
            crossings += 1
    return crossings % 2 == 1


@dataclass(frozen=True)
class VassalHexGrid:
    """VASSAL ``HexGrid`` with every attribute of reference §1.3 (fields use the XML meaning:
    in a sideways grid ``x0``/``dx`` run along screen y)."""

    dx: float = DEFAULT_DX
    dy: float = DEFAULT_DY
    x0: int = 0
    y0: int = 32
    sideways: bool = False
    snap_to: bool = True
    edges_legal: bool = False
    corners_legal: bool = False
    visible: bool = False
    dots_visible: bool = False
    color: tuple[int, int, int, int] | None = (0, 0, 0, 255)
    snapscale: int = 0
    numbering: HexGridNumbering | None = None

    ELEMENT: ClassVar[str] = "VASSAL.build.module.map.boardPicker.board.HexGrid"

    def __post_init__(self) -> None:
        if not (math.isfinite(self.dx) and math.isfinite(self.dy)) or self.dx <= 0 or self.dy <= 0:
            raise GridError(f"hex grid spacing must be positive: dx={self.dx!r} dy={self.dy!r}")

    # -- attributes ------------------------------------------------------------------------------
    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], numbering: HexGridNumbering | None = None) -> VassalHexGrid:
        """Build from XML attributes exactly as VASSAL does: applied in alphabetical order (the DOM's),
        Boolean.valueOf booleans, and the dx reset (dx = √3/2·dy while dx still equals the default)."""
        dx, dy = DEFAULT_DX, DEFAULT_DY
        values: dict[str, object] = {}
        for key in sorted(attrs):
            text = attrs[key]
            what = f"hex grid attribute {key}"
            if key == "dx":
                dx = parse_double(text, what)
            elif key == "dy":
                dy = parse_double(text, what)
                if dx == DEFAULT_DX:
                    dx = SQRT3_2 * dy
            elif key in ("x0", "y0", "snapscale"):
                values[key] = parse_int(text, what)
            elif key in _BOOLS:
                values[_BOOLS[key]] = parse_bool(text)
            elif key == "color":
                values["color"] = parse_color(text, what)
        check_spacing(dx, "hex grid attribute dx (hex width)")
        check_spacing(dy, "hex grid attribute dy (hex height)")
        return cls(dx=dx, dy=dy, numbering=numbering, **values)  # type: ignore[arg-type]

    def to_attributes(self) -> dict[str, str]:
        """Attributes as VASSAL writes them (sorted; no ``snapscale``, which VASSAL never writes)."""
        out = {
            "color": color_str(self.color),
            "cornersLegal": bool_str(self.corners_legal),
            "dotsVisible": bool_str(self.dots_visible),
            "dx": double_str(self.dx),
            "dy": double_str(self.dy),
            "edgesLegal": bool_str(self.edges_legal),
            "sideways": bool_str(self.sideways),
            "snapTo": bool_str(self.snap_to),
            "visible": bool_str(self.visible),
            "x0": str(self.x0),
            "y0": str(self.y0),
        }
        return out

    def with_numbering(self, numbering: HexGridNumbering | None) -> VassalHexGrid:
        """A copy with another numbering."""
        return replace(self, numbering=numbering)

    # -- geometry in the swapped frame -----------------------------------------------------------
    def _swap(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def _centre_of(self, nx: int, ny: int) -> tuple[int, int]:
        cx = jint(self.dx * nx + self.x0)
        if nx % 2 == 0:
            cy = jint(self.dy * ny + self.y0)
        else:
            cy = jint(self.dy * ny + jint(self.dy / 2) + self.y0)
        return cx, cy

    def _candidate(self, x: int, y: int) -> tuple[int, int]:
        nx = jfloor((x - self.x0 + self.dx / 2) / self.dx)
        if nx % 2 == 0:
            ny = jfloor((y - self.y0 + self.dy / 2) / self.dy)
        else:
            ny = jfloor((y - self.y0) / self.dy)
        return nx, ny

    def _hex_centre(self, x: int, y: int, version: str) -> tuple[int, int]:
        nx, ny = self._candidate(x, y)
        centre = self._centre_of(nx, ny)
        if version != "3.6" and not area_contains(hex_polygon(*centre, self.dx, self.dy), x, y):
            for ox, oy in _EVEN_NEIGHBOURS if nx % 2 == 0 else _ODD_NEIGHBOURS:
                other = self._centre_of(nx + ox, ny + oy)
                if area_contains(hex_polygon(*other, self.dx, self.dy), x, y):
                    centre = other
                    break
        if self.snapscale > 0:
            centre = (
                centre[0] + self._scaled(x - centre[0], self.dx),
                centre[1] + self._scaled(y - centre[1], self.dy),
            )
        return centre

    def _scaled(self, d: int, spacing: float) -> int:
        k = self.snapscale
        step = 0.5 * spacing / k
        n = jround(d / step)
        n = max(1 - k, min(k - 1, n))
        return jround(n * 0.5 * spacing / k)  # VASSAL's order: ((n * 0.5) * d) / k

    def _side(self, x: int, y: int) -> tuple[int, int]:
        dx, dy, x0, y0 = self.dx, self.dy, self.x0, self.y0
        n = jfloor((x - x0 + dx / 4) * 2 / dx)
        sx = jint((dx / 2) * n + x0)
        if n % 2 == 0:
            sy = jint((dy / 2) * math.floor((y - y0 + dy / 4) * 2 / dy) + y0)
        else:
            sy = jint((dy / 2) * math.floor((y - y0) * 2 / dy) + jint(dy / 4) + y0)
        return sx, sy

    def _vertex(self, x: int, y: int) -> tuple[int, int]:
        dx, dy, x0, y0 = self.dx, self.dy, self.x0, self.y0
        m = jfloor((y - y0 + dy / 4) * 2 / dy)
        vy = jint((dy / 2) * m + y0)
        if m % 2 == 0:
            vx = jint((2 * dx / 3) * jint(math.floor(x - x0 + dx / 3) * 3 / (2 * dx)) + x0)
        else:
            vx = jint((2 * dx / 3) * jint(math.floor(x - x0 + dx / 3 + dx / 3) * 3 / (2 * dx)) - jint(dx / 3) + x0)
        return vx, vy

    # -- public snapping ---------------------------------------------------------------------------
    def centre(self, x: int, y: int, *, version: str = "3.7") -> tuple[int, int]:
        """Centre of the hex containing board-local (x, y), VASSAL ``snapToHex`` (3.7 polygon or 3.6)."""
        check_version(version)
        sx, sy = self._swap(x, y)
        return self._swap(*self._hex_centre(sx, sy, version))

    def hexside(self, x: int, y: int) -> tuple[int, int]:
        """VASSAL ``snapToHexSide``: nearest hexside midpoint (rectangle formula, §1.4.6)."""
        return self._swap(*self._side(*self._swap(x, y)))

    def vertex(self, x: int, y: int) -> tuple[int, int]:
        """VASSAL ``snapToHexVertex``: nearest vertex (may be 1 px off, §1.4.6)."""
        return self._swap(*self._vertex(*self._swap(x, y)))

    def snap(
        self, x: int, y: int, *, version: str = "3.7", force: bool = False, centre_only: bool = False
    ) -> tuple[int, int]:
        """VASSAL ``HexGrid.snapTo(p, force, centerOnly)`` on a board-local point (§1.4)."""
        check_version(version)
        if not self.snap_to and not force:
            return (x, y)
        sx, sy = self._swap(x, y)
        centre = self._hex_centre(sx, sy, version)
        if centre_only or not (self.edges_legal or self.corners_legal):
            return self._swap(*centre)
        point = (sx, sy)

        def fallback(t: tuple[int, int]) -> tuple[int, int]:
            # with snapscale, snapToHexSide/Vertex return the centre when it is as near (Manhattan)
            if self.snapscale > 0 and _manhattan(centre, point) <= _manhattan(t, point):
                return centre
            return t

        if self.edges_legal and self.corners_legal:
            side = fallback(self._side(sx, sy))
            vert = fallback(self._vertex(sx, sy))
            target = side if _d2(side, point) < _d2(vert, point) else vert
        elif self.edges_legal:
            target = fallback(self._side(sx, sy))
        else:
            target = fallback(self._vertex(sx, sy))
        if _d2(centre, target) <= 2:
            target = centre
        return self._swap(*target)

    # -- naming ----------------------------------------------------------------------------------------
    def raw_column_row(self, x: int, y: int) -> tuple[int, int]:
        """VASSAL ``getRawColumn``/``getRawRow`` (rectangle approximation, §1.5) of a board-local point."""
        sx, sy = self._swap(x, y)
        column = jfloor((sx - self.x0) / self.dx + 0.5)
        n = jround_int((sx - self.x0) / self.dx)
        if n % 2 == 0:
            row = jround_int((sy - self.y0) / self.dy)
        else:
            row = jround_int((sy - self.y0 - self.dy / 2) / self.dy)
        return column, row

    def max_rows_cols(self, container: tuple[int, int]) -> tuple[int, int]:
        """VASSAL's (maxRows, maxCols) — crossed: rows use dx and columns dy (§1.7 step 2)."""
        width, height = container
        return jfloor(height / self.dx + 0.5), jfloor(width / self.dy + 0.5)

    def logical(self, x: int, y: int, container: tuple[int, int]) -> tuple[int, int]:
        """Logical (column, row) that VASSAL's numbering gives a board-local point (offsets not added)."""
        numbering = self.numbering or HexGridNumbering()
        c, r = self.raw_column_row(x, y)
        max_rows, max_cols = self.max_rows_cols(container)
        col, row = c, r
        if numbering.v_descend and self.sideways:
            col = max_rows - col
        if numbering.h_descend and not self.sideways:
            col = max_cols - col
        if numbering.v_descend and not self.sideways:
            row = max_rows - row
        if numbering.h_descend and self.sideways:
            row = max_cols - row
        if numbering.stagger and c % 2 != 0:
            descend = numbering.h_descend if self.sideways else numbering.v_descend
            row += -1 if descend else 1
        return col, row

    def location_name(self, x: int, y: int, container: tuple[int, int]) -> str | None:
        """VASSAL ``HexGrid.locationName`` of a board-local point; None without a numbering.

        VASSAL names the point as given (rectangle rule, §1.5): name a *snapped* point to get its hex.
        """
        if self.numbering is None:
            return None
        return self.numbering.format_name(*self.logical(x, y, container))

    def grid_location(self, x: int, y: int, container: tuple[int, int]) -> str | None:
        """Just ``$gridLocation$`` of a board-local point (no locationFormat)."""
        if self.numbering is None:
            return None
        return self.numbering.grid_location(*self.logical(x, y, container))

    def point(self, name: str, container: tuple[int, int]) -> tuple[int, int]:
        """VASSAL ``HexGridNumbering.getLocation``: board-local point of a location name (not re-snapped;
        reproduces VASSAL's 1-px and one-hex-off discrepancies, §1.8 step 7). Raises HexIdError."""
        numbering = self.numbering or HexGridNumbering()
        col, row = numbering.parse_name(name)
        return self.centre_point(col, row, container)

    def centre_point(self, col: int, row: int, container: tuple[int, int]) -> tuple[int, int]:
        """VASSAL ``getCenterPoint(col, row)`` for a logical column/row (§1.8 step 6)."""
        numbering = self.numbering or HexGridNumbering()
        if numbering.stagger and col % 2 != 0:
            descend = numbering.h_descend if self.sideways else numbering.v_descend
            row += 1 if descend else -1
        max_rows, max_cols = self.max_rows_cols(container)
        if self.sideways:
            if numbering.v_descend:
                col = max_rows - col
            if numbering.h_descend:
                row = max_cols - row
        else:
            if numbering.h_descend:
                col = max_cols - col
            if numbering.v_descend:
                row = max_rows - row
        x = jint(col * self.dx) + self.x0
        if col % 2 == 0:
            y = jint(row * self.dy) + self.y0
        else:
            y = jint(row * self.dy + self.dy / 2) + self.y0
        return self._swap(x, y)

    def range(self, p1: tuple[int, int], p2: tuple[int, int], *, version: str = "3.7") -> int:
        """VASSAL ``HexGrid.range``: hex distance between the hexes of two board-local points (§1.9)."""
        a = self.raw_column_row(*self.snap(*p1, version=version))
        b = self.raw_column_row(*self.snap(*p2, version=version))

        def cube(col: int, row: int) -> tuple[int, int, int]:
            q = col
            r = row - (col - (col & 1)) // 2
            return q, r, -q - r

        qa, ra, sa = cube(*a)
        qb, rb, sb = cube(*b)
        return (abs(qa - qb) + abs(ra - rb) + abs(sa - sb)) // 2


_BOOLS = {
    "sideways": "sideways",
    "snapTo": "snap_to",
    "edgesLegal": "edges_legal",
    "cornersLegal": "corners_legal",
    "visible": "visible",
    "dotsVisible": "dots_visible",
}


def _d2(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _manhattan(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
