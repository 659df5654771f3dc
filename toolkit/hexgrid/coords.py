"""Hex coordinates: axial/cube values, neighbours, distance, lines, rings, ranges, hexsides, and the
offset (column/row) systems that printed maps use.

Axial ``Hex(q, r)`` is the one identity of a hex; cube ``s = -q - r``. Axial coordinates carry no
orientation: flat-top and pointy-top grids differ only in their :class:`~toolkit.hexgrid.layout.Layout`
and in how offset column/row numbers map to axial (:class:`OffsetSystem`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, Literal, NamedTuple

from ..records import record

__all__ = [
    "DIRECTIONS",
    "Hex",
    "Hexside",
    "OffsetSystem",
    "Orientation",
    "corners_axial",
    "cube_round",
    "direction_to",
    "distance",
    "hex_range",
    "line",
    "neighbours",
    "ring",
    "spiral",
]

Orientation = Literal["flat", "pointy"]


class Hex(NamedTuple):
    """A hex in axial coordinates (cube ``s = -q - r``).

    >>> h = Hex(2, -1)
    >>> h.s, h.cube
    (-1, (2, -1, -1))
    >>> h.neighbours()[:2], h.distance(Hex(0, 0))
    ([Hex(q=3, r=-1), Hex(q=3, r=-2)], 2)
    """

    q: int
    r: int

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (the map cache holds thousands) as tuple.__new__(Hex, (q, r)): loading runs no Python code
        # for a hex, where the named tuple's own __new__ is a Python function (~5M instructions a start-up)
        return (tuple.__new__, (Hex, (self[0], self[1])))

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @property
    def cube(self) -> tuple[int, int, int]:
        """Cube coordinates ``(q, r, s)``."""
        return (self.q, self.r, -self.q - self.r)

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """The hex of cube coordinates; ValueError unless ``q + r + s == 0``."""
        if q + r + s != 0:
            raise ValueError(f"cube coordinates ({q}, {r}, {s}) do not sum to 0")
        return cls(q, r)

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """This hex's vector multiplied by ``k``."""
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The neighbour in ``direction`` (taken modulo 6; see :data:`DIRECTIONS`)."""
        d = DIRECTIONS[direction % 6]
        return Hex(self.q + d.q, self.r + d.r)

    def neighbours(self) -> list[Hex]:
        """The six neighbours in direction order."""
        return [Hex(self.q + d.q, self.r + d.r) for d in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        """Steps to ``other``."""
        return distance(self, other)

    def length(self) -> int:
        """Steps from the origin ``Hex(0, 0)``."""
        return (abs(self.q) + abs(self.r) + abs(self.q + self.r)) // 2


# Axial directions; direction i and i+3 are opposite. On a regular layout (y down) they run
# counter-clockwise on screen: flat-top SE, NE, N, NW, SW, S; pointy-top E, NE, NW, W, SW, SE.
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def neighbours(h: Hex) -> list[Hex]:
    """The six neighbours of ``h`` in direction order."""
    return h.neighbours()


def direction_to(a: Hex, b: Hex) -> int:
    """The direction index from ``a`` to its neighbour ``b``; ValueError if they are not adjacent."""
    d = Hex(b.q - a.q, b.r - a.r)
    try:
        return DIRECTIONS.index(d)
    except ValueError:
        raise ValueError(f"{a} and {b} are not neighbours") from None


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes.

    >>> distance(Hex(0, 0), Hex(3, -1))
    3
    """
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def cube_round(fq: float, fr: float) -> Hex:
    """The hex containing fractional axial coordinates (``fq``, ``fr``).

    Halves round up (toward +infinity) before the usual cube correction, so a point on a side or corner
    goes to the same neighbour wherever it is on the grid.

    >>> cube_round(0.6, 0.3), cube_round(1.4, -0.2)
    (Hex(q=1, r=0), Hex(q=1, r=0))
    """
    fs = -fq - fr
    q, r, s = math.floor(fq + 0.5), math.floor(fr + 0.5), math.floor(fs + 0.5)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included (``distance + 1`` hexes, each a
    neighbour of the one before).

    Computed in exact integer arithmetic. Where the line runs exactly along a hexside, the sample
    points are taken as nudged by an infinitesimal ``(+1, +2, -3)`` epsilon in cube ``(q, r, s)``, so
    the result is deterministic, does not depend on how far from the origin the hexes are, and
    ``line(b, a)`` is ``line(a, b)`` reversed.

    >>> line(Hex(0, 0), Hex(2, -1))
    [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=-1)]
    >>> line(Hex(2, -1), Hex(0, 0)) == line(Hex(0, 0), Hex(2, -1))[::-1]
    True
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    dq, dr = b.q - a.q, b.r - a.r
    out = []
    for i in range(n + 1):
        # sample i is (a*n + (b-a)*i) / n in cube coordinates, nudged by (+e, +2e, -3e)
        vq = a.q * n + dq * i
        vr = a.r * n + dr * i
        out.append(_exact_cube_round(vq, vr, -vq - vr, n))
    return out


def _round_nudged(v: int, n: int, k: int) -> int:
    """round(v/n + k*eps) for an infinitesimal eps > 0 and k != 0."""
    base, rem = divmod(v, n)
    twice = 2 * rem
    if twice > n or (twice == n and k > 0):
        return base + 1
    return base


def _abs_nudged(d: int, k: int) -> tuple[int, int]:
    """|d - k*eps| as a (rational part * n, eps coefficient) pair that compares lexicographically."""
    if d > 0:
        return (d, -k)
    if d < 0:
        return (-d, k)
    return (0, abs(k))


def _exact_cube_round(vq: int, vr: int, vs: int, n: int) -> Hex:
    """cube_round of (vq/n + e, vr/n + 2e, vs/n - 3e) exactly."""
    q, r, s = _round_nudged(vq, n, 1), _round_nudged(vr, n, 2), _round_nudged(vs, n, -3)
    eq, er, es = _abs_nudged(q * n - vq, 1), _abs_nudged(r * n - vr, 2), _abs_nudged(s * n - vs, -3)
    if eq > er and eq > es:
        q = -r - s
    elif er > es:
        r = -q - s
    return Hex(q, r)


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``centre`` (``6 * radius`` of them; radius 0 is the
    centre itself).

    >>> ring(Hex(0, 0), 1)[:3], len(ring(Hex(0, 0), 2))
    ([Hex(q=-1, r=1), Hex(q=0, r=1), Hex(q=1, r=0)], 12)
    """
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [centre]
    out: list[Hex] = []
    h = centre + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbour(side)
    return out


def spiral(centre: Hex, radius: int) -> list[Hex]:
    """The hexes within ``radius`` steps, ring by ring from the centre (each ring as :func:`ring`).

    >>> spiral(Hex(0, 0), 1)[:2], len(spiral(Hex(0, 0), 2))
    ([Hex(q=0, r=0), Hex(q=-1, r=1)], 19)
    """
    if radius < 0:
        raise ValueError("radius must be >= 0")
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(centre, k))
    return out


def hex_range(centre: Hex, radius: int) -> Iterator[Hex]:
    """The hexes within ``radius`` steps of ``centre`` (``3r(r+1)+1`` hexes), in q-then-r order.

    >>> len(list(hex_range(Hex(5, 5), 2))), next(hex_range(Hex(5, 5), 2))
    (19, Hex(q=3, r=5))
    """
    if radius < 0:
        raise ValueError("radius must be >= 0")
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(centre.q + dq, centre.r + dr)


class Hexside(NamedTuple):
    """The side between two neighbouring hexes, identified by the pair of hexes.

    Build it with :meth:`between` or :meth:`of`, which give the canonical form ``a < b`` (tuple
    order), so equal sides compare and hash equal whichever hex they were reached from.
    """

    a: Hex
    b: Hex

    @classmethod
    def between(cls, x: Hex, y: Hex) -> Hexside:
        """The side shared by neighbours ``x`` and ``y``; ValueError if they are not neighbours.

        >>> Hexside.between(Hex(1, 0), Hex(0, 0)) == Hexside.between(Hex(0, 0), Hex(1, 0))
        True
        >>> Hexside.between(Hex(0, 0), Hex(1, 0)).other(Hex(0, 0))
        Hex(q=1, r=0)
        """
        if distance(x, y) != 1:
            raise ValueError(f"{x} and {y} are not neighbours, so they share no hexside")
        return cls(x, y) if x < y else cls(y, x)

    @classmethod
    def of(cls, h: Hex, direction: int) -> Hexside:
        """The side of ``h`` toward its neighbour in ``direction``."""
        n = h.neighbour(direction)
        return cls(h, n) if h < n else cls(n, h)

    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes, ``(a, b)``."""
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        """The hex across this side from ``h``; ValueError if ``h`` is not one of its two hexes."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on hexside {self}")

    def flanking(self) -> tuple[Hex, Hex]:
        """The two hexes that touch both ends of this side (the common neighbours of a and b)."""
        i = direction_to(self.a, self.b)
        return (self.a.neighbour(i - 1), self.a.neighbour(i + 1))

    def vertices(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The side's two end points in fractional axial coordinates (map them with a Layout)."""
        c1, c2 = self.flanking()
        return (_centroid(self.a, self.b, c1), _centroid(self.a, self.b, c2))


def _centroid(*hexes: Hex) -> tuple[float, float]:
    n = len(hexes)
    return (sum(h.q for h in hexes) / n, sum(h.r for h in hexes) / n)


def corners_axial(h: Hex) -> list[tuple[float, float]]:
    """The six corners of ``h`` in fractional axial coordinates, corner i between directions i and
    i+1 (so corner 0 is the east corner of a flat-top hex and the upper-right one of a pointy-top hex,
    and the corners run counter-clockwise on screen under a layout of positive determinant, which every
    regular layout has). A corner is the centroid of the three hexes that meet there, so any affine
    layout maps these to the true corners of the (possibly rotated, stretched or skewed) hex."""
    nb = h.neighbours()
    return [_centroid(h, nb[i], nb[(i + 1) % 6]) for i in range(6)]


@record(frozen=True, slots=True)
class OffsetSystem:
    """Column/row offset coordinates of a printed map.

    ``orientation="flat"``: hexes form vertical columns; ``shifted`` says whether odd or even
    columns sit half a hex lower. ``"pointy"``: horizontal rows; odd or even rows sit half a hex to
    the right. Column ``col`` and row ``row`` are plain integers (a numbering scheme maps printed ids
    to them); axial ``q`` equals ``col`` for flat grids and ``r`` equals ``row`` for pointy grids.

    >>> odd_q = OffsetSystem("flat", "odd")
    >>> odd_q.to_hex(3, 4), odd_q.from_hex(Hex(3, 3))
    (Hex(q=3, r=3), (3, 4))
    """

    orientation: Orientation = "flat"
    shifted: Literal["odd", "even"] = "odd"

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.shifted not in ("odd", "even"):
            raise ValueError(f"shifted must be 'odd' or 'even', not {self.shifted!r}")

    def to_hex(self, col: int, row: int) -> Hex:
        """The axial hex of offset (col, row)."""
        if self.orientation == "flat":
            if self.shifted == "odd":
                return Hex(col, row - (col - (col & 1)) // 2)
            return Hex(col, row - (col + (col & 1)) // 2)
        if self.shifted == "odd":
            return Hex(col - (row - (row & 1)) // 2, row)
        return Hex(col - (row + (row & 1)) // 2, row)

    def from_hex(self, h: Hex) -> tuple[int, int]:
        """Offset (col, row) of axial hex ``h`` (the inverse of :meth:`to_hex`)."""
        q, r = h
        if self.orientation == "flat":
            if self.shifted == "odd":
                return q, r + (q - (q & 1)) // 2
            return q, r + (q + (q & 1)) // 2
        if self.shifted == "odd":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r
