"""Hex <-> pixel layouts as affine transforms.

A :class:`Layout` maps axial ``(q, r)`` to pixels with ``x = a*q + b*r + c``, ``y = d*q + e*r + f``.
Regular flat-top and pointy-top grids are special cases; a scanned map that is rotated, stretched or
skewed is another affine transform, so the same code serves both. Corners and hexside end points are
centroids of hex centres in axial space, so they are exact under any affine layout.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..errors import GridError
from ..records import record
from .coords import DIRECTIONS, Hex, Hexside, Orientation, corners_axial, cube_round

__all__ = ["Layout"]

SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]


@record(frozen=True, slots=True)
class Layout:
    """Affine map from axial hex coordinates to pixels (y grows downward).

    >>> lay = Layout.regular("flat", 10.0)
    >>> lay.hex_to_pixel(Hex(1, 0))
    (15.0, 8.660254037844386)
    >>> lay.pixel_to_hex(15.2, 8.5)
    Hex(q=1, r=0)
    """

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def __post_init__(self) -> None:
        # plain floats whatever came in (numpy scalars would leak into files as "np.float64(...)")
        for name in ("a", "b", "c", "d", "e", "f"):
            object.__setattr__(self, name, float(getattr(self, name)))
        if not all(math.isfinite(v) for v in (self.a, self.b, self.c, self.d, self.e, self.f)):
            raise GridError(f"a hex layout needs finite numbers, not {self.matrix}")
        det = self.a * self.e - self.b * self.d
        if not math.isfinite(det) or abs(det) < 1e-12:
            raise GridError(f"degenerate hex layout (determinant {det:g}): hexes would have no area")

    # --- construction --------------------------------------------------------------------------

    @classmethod
    def regular(cls, orientation: Orientation, size: float, origin: Point = (0.0, 0.0)) -> Layout:
        """Regular hexes of ``size`` (centre to corner), hex (0,0) at ``origin``."""
        if orientation not in ("flat", "pointy"):
            raise GridError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
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
            values = [float(v) for v in (a, b, c, d, e, f)]
        except (TypeError, ValueError):
            raise GridError(f"a layout matrix is 2 rows of 3 numbers, not {m!r}") from None
        return cls(*values)

    @classmethod
    def fit(cls, pairs: Iterable[tuple[Hex, Point]]) -> Layout:
        """Least-squares affine layout through (hex, pixel) pairs; needs 3 hexes not on one line.

        Solved on coordinates centred on their means, so it stays accurate far from the origin; with
        noisy pixels the result is the affine map minimising the summed squared pixel error (see
        :meth:`residuals` to find a mistyped pair).

        >>> lay = Layout.fit([(Hex(0, 0), (100, 50)), (Hex(1, 0), (130, 67.32)), (Hex(0, 1), (100, 84.64))])
        >>> lay.hex_to_pixel(Hex(2, 2)), lay.pixel_to_hex(160, 155)
        ((160.0, 153.92), Hex(q=2, r=2))
        """
        rows = [(float(h.q), float(h.r), float(x), float(y)) for h, (x, y) in pairs]
        if len(rows) < 3:
            raise GridError(f"fitting a grid needs at least 3 hex centres, got {len(rows)}")
        if not all(math.isfinite(v) for row in rows for v in row):
            raise GridError("fitting a grid needs finite pixel coordinates")
        n = float(len(rows))
        mq, mr = sum(row[0] for row in rows) / n, sum(row[1] for row in rows) / n
        mx, my = sum(row[2] for row in rows) / n, sum(row[3] for row in rows) / n
        cq = [q - mq for q, _, _, _ in rows]
        cr = [r - mr for _, r, _, _ in rows]
        cx = [x - mx for _, _, x, _ in rows]
        cy = [y - my for _, _, _, y in rows]
        sqq = sum(q * q for q in cq)
        srr = sum(r * r for r in cr)
        sqr = sum(q * r for q, r in zip(cq, cr))
        det = sqq * srr - sqr * sqr
        if det <= 1e-9 * max(sqq * srr, 1.0):
            raise GridError("the hex centres given lie on one line; give 3 or more not in a line")
        sqx, srx = sum(q * x for q, x in zip(cq, cx)), sum(r * x for r, x in zip(cr, cx))
        sqy, sry = sum(q * y for q, y in zip(cq, cy)), sum(r * y for r, y in zip(cr, cy))
        a, b = (srr * sqx - sqr * srx) / det, (sqq * srx - sqr * sqx) / det
        d, e = (srr * sqy - sqr * sry) / det, (sqq * sry - sqr * sqy) / det
        return cls(a, b, mx - a * mq - b * mr, d, e, my - d * mq - e * mr)

    def residuals(self, pairs: Iterable[tuple[Hex, Point]]) -> list[float]:
        """Pixel distance from each given pixel to the centre this layout puts its hex at."""
        out = []
        for h, (x, y) in pairs:
            px, py = self.hex_to_pixel(h)
            out.append(math.hypot(px - x, py - y))
        return out

    # --- transforms ----------------------------------------------------------------------------

    @property
    def determinant(self) -> float:
        """``a*e - b*d``: pixel area per hex, negative when the layout mirrors the grid."""
        return self.a * self.e - self.b * self.d

    @property
    def matrix(self) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        """``((a, b, c), (d, e, f))``, the form :meth:`from_matrix` reads."""
        return ((self.a, self.b, self.c), (self.d, self.e, self.f))

    def then(self, m: Sequence[Sequence[float]]) -> Layout:
        """This layout followed by a pixel-space affine ``[[p, q, s], [t, u, v]]``."""
        try:
            (p, q, s), (t, u, v) = m
        except (TypeError, ValueError):
            raise GridError(f"a pixel transform is 2 rows of 3 numbers, not {m!r}") from None
        return Layout(p * self.a + q * self.d, p * self.b + q * self.e, p * self.c + q * self.f + s,
                      t * self.a + u * self.d, t * self.b + u * self.e, t * self.c + u * self.f + v)

    def rotated(self, degrees: float, about: Point = (0.0, 0.0)) -> Layout:
        """Rotated on screen by ``degrees`` (clockwise, since y grows downward) about a pixel."""
        th = math.radians(degrees)
        cs, sn = math.cos(th), math.sin(th)
        cx, cy = about
        return self.then(((cs, -sn, cx - cs * cx + sn * cy), (sn, cs, cy - sn * cx - cs * cy)))

    def scaled(self, sx: float, sy: float | None = None) -> Layout:
        """Scaled on screen by ``sx`` across and ``sy`` (default ``sx``) down, about pixel (0, 0)."""
        sy = sx if sy is None else sy
        return self.then(((sx, 0.0, 0.0), (0.0, sy, 0.0)))

    def translated(self, tx: float, ty: float) -> Layout:
        """Moved on screen by (``tx``, ``ty``) pixels."""
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
        """The hex containing a pixel (a pixel exactly on a side or corner goes to one of the hexes
        there, always the same one)."""
        fq, fr = self.pixel_to_fractional(x, y)
        if not (math.isfinite(fq) and math.isfinite(fr)):
            raise GridError(f"pixel ({x}, {y}) is not a finite point")
        return cube_round(fq, fr)

    def corners(self, h: Hex) -> list[Point]:
        """The six corners of ``h`` in pixels, in order around the hex: corner i lies between the
        neighbours in directions i and i+1 (see :func:`~toolkit.hexgrid.coords.corners_axial`); the
        order is counter-clockwise on screen when :attr:`determinant` is positive, clockwise when the
        layout mirrors the grid."""
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
        return min(math.hypot(*self.step(d)) for d in DIRECTIONS[:3]) / 2

