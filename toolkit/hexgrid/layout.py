"""Hex <-> pixel layouts as affine transforms.

A :class:`Layout` maps axial ``(q, r)`` to pixels with ``x = a*q + b*r + c``, ``y = d*q + e*r + f``.
Regular flat-top and pointy-top grids are special cases; a scanned map that is rotated, stretched or
skewed is another affine transform, so the same code serves both. Corners and hexside end points are
centroids of hex centres in axial space, so they are exact under any affine layout.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import GridError
from .coords import Hex, Hexside, Orientation, corners_axial, cube_round

__all__ = ["Layout"]

SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Layout:
    """Affine map from axial hex coordinates to pixels (y grows downward)."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def __post_init__(self) -> None:
        det = self.a * self.e - self.b * self.d
        if not math.isfinite(det) or abs(det) < 1e-12:
            raise GridError(f"degenerate hex layout (determinant {det:g}): hexes would have no area")

    # --- construction --------------------------------------------------------------------------

    @classmethod
    def regular(cls, orientation: Orientation, size: float, origin: Point = (0.0, 0.0)) -> Layout:
        """Regular hexes of ``size`` (centre to corner), hex (0,0) at ``origin``."""
        if orientation == "flat":
            return cls.from_spacing("flat", 1.5 * size, SQRT3 * size, origin)
        return cls.from_spacing("pointy", SQRT3 * size, 1.5 * size, origin)

    @classmethod
    def from_spacing(cls, orientation: Orientation, dx: float, dy: float, origin: Point = (0.0, 0.0)) -> Layout:
        """Hexes whose centres are ``dx`` apart across and ``dy`` apart down.

        Flat: columns are ``dx`` apart, hexes in a column ``dy`` apart. Pointy: hexes in a row are
        ``dx`` apart, rows ``dy`` apart. Hex (0,0) sits at ``origin``.
        """
        if not (dx > 0 and dy > 0):
            raise GridError(f"hex spacing must be positive (dx={dx}, dy={dy})")
        ox, oy = origin
        if orientation == "flat":
            return cls(dx, 0.0, ox, dy / 2, dy, oy)
        if orientation == "pointy":
            return cls(dx, dx / 2, ox, 0.0, dy, oy)
        raise GridError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")

    @classmethod
    def from_matrix(cls, m: Sequence[Sequence[float]]) -> Layout:
        """From a 2x3 matrix ``[[a, b, c], [d, e, f]]``."""
        try:
            (a, b, c), (d, e, f) = m
            return cls(float(a), float(b), float(c), float(d), float(e), float(f))
        except (TypeError, ValueError) as exc:
            raise GridError(f"a layout matrix is 2 rows of 3 numbers, not {m!r}") from exc

    @classmethod
    def fit(cls, pairs: Iterable[tuple[Hex, Point]]) -> Layout:
        """Least-squares affine layout through (hex, pixel) pairs; needs 3 hexes not on one line."""
        rows = [(float(h.q), float(h.r), float(x), float(y)) for h, (x, y) in pairs]
        if len(rows) < 3:
            raise GridError(f"fitting a grid needs at least 3 hex centres, got {len(rows)}")
        # normal equations for [q r 1] @ [a b c]^T = x (and likewise for y)
        sqq = sum(q * q for q, _, _, _ in rows)
        sqr = sum(q * r for q, r, _, _ in rows)
        srr = sum(r * r for _, r, _, _ in rows)
        sq = sum(q for q, _, _, _ in rows)
        sr = sum(r for _, r, _, _ in rows)
        n = float(len(rows))
        ata = [[sqq, sqr, sq], [sqr, srr, sr], [sq, sr, n]]
        atx = [sum(q * x for q, _, x, _ in rows), sum(r * x for _, r, x, _ in rows), sum(x for *_, x, _ in rows)]
        aty = [sum(q * y for q, _, _, y in rows), sum(r * y for _, r, _, y in rows), sum(y for *_, y in rows)]
        try:
            a, b, c = _solve3(ata, atx)
            d, e, f = _solve3(ata, aty)
        except ZeroDivisionError:
            raise GridError("the hex centres given lie on one line; give 3 or more not in a line") from None
        return cls(a, b, c, d, e, f)

    # --- transforms ----------------------------------------------------------------------------

    @property
    def matrix(self) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        return ((self.a, self.b, self.c), (self.d, self.e, self.f))

    def then(self, m: Sequence[Sequence[float]]) -> Layout:
        """This layout followed by a pixel-space affine ``[[p, q, s], [t, u, v]]``."""
        (p, q, s), (t, u, v) = m
        return Layout(p * self.a + q * self.d, p * self.b + q * self.e, p * self.c + q * self.f + s,
                      t * self.a + u * self.d, t * self.b + u * self.e, t * self.c + u * self.f + v)

    def rotated(self, degrees: float, about: Point = (0.0, 0.0)) -> Layout:
        """Rotated on screen by ``degrees`` (clockwise, since y grows downward) about a pixel."""
        th = math.radians(degrees)
        cs, sn = math.cos(th), math.sin(th)
        cx, cy = about
        return self.then(((cs, -sn, cx - cs * cx + sn * cy), (sn, cs, cy - sn * cx - cs * cy)))

    def scaled(self, sx: float, sy: float | None = None) -> Layout:
        sy = sx if sy is None else sy
        return self.then(((sx, 0.0, 0.0), (0.0, sy, 0.0)))

    def translated(self, tx: float, ty: float) -> Layout:
        return self.then(((1.0, 0.0, tx), (0.0, 1.0, ty)))

    # --- hex <-> pixel -------------------------------------------------------------------------

    def to_pixel(self, q: float, r: float) -> Point:
        """Pixel of fractional axial coordinates."""
        return (self.a * q + self.b * r + self.c, self.d * q + self.e * r + self.f)

    def hex_to_pixel(self, h: Hex) -> Point:
        """Pixel of the centre of ``h``."""
        return (self.a * h.q + self.b * h.r + self.c, self.d * h.q + self.e * h.r + self.f)

    def pixel_to_fractional(self, x: float, y: float) -> Point:
        """Fractional axial coordinates of a pixel."""
        det = self.a * self.e - self.b * self.d
        px, py = x - self.c, y - self.f
        return ((self.e * px - self.b * py) / det, (self.a * py - self.d * px) / det)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex containing a pixel."""
        return cube_round(*self.pixel_to_fractional(x, y))

    def corners(self, h: Hex) -> list[Point]:
        """The six corners of ``h`` in pixels, in order around the hex."""
        return [self.to_pixel(q, r) for q, r in corners_axial(h)]

    def hexside_endpoints(self, side: Hexside) -> tuple[Point, Point]:
        """The two pixel end points of a hexside."""
        (q1, r1), (q2, r2) = side.vertices()
        return self.to_pixel(q1, r1), self.to_pixel(q2, r2)

    # --- measures ------------------------------------------------------------------------------

    def step(self, direction: Hex) -> Point:
        """Pixel vector from a hex centre to its neighbour in ``direction``."""
        return (self.a * direction.q + self.b * direction.r, self.d * direction.q + self.e * direction.r)

    def hex_area(self) -> float:
        """Area of one hex in square pixels (hexes tile the plane one per axial unit cell, so it is
        the determinant of the linear part)."""
        return abs(self.a * self.e - self.b * self.d)

    def inradius(self) -> float:
        """Half the smallest centre-to-neighbour distance: the radius of a circle inside every hex
        for a regular or mildly skewed layout."""
        from .coords import DIRECTIONS

        return min(math.hypot(*self.step(d)) for d in DIRECTIONS[:3]) / 2


def _solve3(m: list[list[float]], v: list[float]) -> tuple[float, float, float]:
    """Solve a 3x3 linear system by Gaussian elimination with partial pivoting."""
    a = [[*row, rhs] for row, rhs in zip(m, v)]
    scale = max(abs(x) for row in m for x in row) or 1.0
    for col in range(3):
        pivot = max(range(col, 3), key=lambda i: abs(a[i][col]))
        if abs(a[pivot][col]) < 1e-10 * scale:
            raise ZeroDivisionError
        a[col], a[pivot] = a[pivot], a[col]
        for i in range(col + 1, 3):
            k = a[i][col] / a[col][col]
            for j in range(col, 4):
                a[i][j] -= k * a[col][j]
    x = [0.0, 0.0, 0.0]
    for i in (2, 1, 0):
        x[i] = (a[i][3] - sum(a[i][j] * x[j] for j in range(i + 1, 3))) / a[i][i]
    return x[0], x[1], x[2]
