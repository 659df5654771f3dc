"""Axial/cube/offset coordinates, neighbours, distance, lines, rings, ranges and hexsides."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.hexgrid.coords import (
    DIRECTIONS,
    Hex,
    Hexside,
    OffsetSystem,
    corners_axial,
    cube_round,
    direction_to,
    distance,
    hex_range,
    line,
    neighbours,
    ring,
    spiral,
)

coord = st.integers(-10_000, 10_000)
hexes = st.builds(Hex, coord, coord)
small = st.integers(-60, 60)
near_hexes = st.builds(Hex, small, small)
systems = st.sampled_from([OffsetSystem(o, s) for o in ("flat", "pointy") for s in ("odd", "even")])


# --- basics --------------------------------------------------------------------------------------


def test_cube_coordinates() -> None:
    h = Hex(3, -5)
    assert h.s == 2
    assert h.cube == (3, -5, 2)
    assert Hex.from_cube(3, -5, 2) == h
    with pytest.raises(ValueError, match="do not sum to 0"):
        Hex.from_cube(1, 1, 1)


def test_arithmetic() -> None:
    assert Hex(1, 2) + Hex(3, -1) == Hex(4, 1)
    assert Hex(1, 2) - Hex(3, -1) == Hex(-2, 3)
    assert Hex(1, -2).scale(3) == Hex(3, -6)
    assert Hex(2, -7).length() == 7


def test_directions_are_six_unit_steps_with_opposites() -> None:
    assert len(set(DIRECTIONS)) == 6
    for i, d in enumerate(DIRECTIONS):
        assert d.length() == 1
        assert d + DIRECTIONS[(i + 3) % 6] == Hex(0, 0)


def test_neighbours_in_direction_order() -> None:
    assert neighbours(Hex(2, 3)) == [Hex(3, 3), Hex(3, 2), Hex(2, 2), Hex(1, 3), Hex(1, 4), Hex(2, 4)]
    assert Hex(2, 3).neighbour(7) == Hex(3, 2)  # modulo 6
    assert Hex(2, 3).neighbour(-1) == Hex(2, 4)


def test_direction_to() -> None:
    assert [direction_to(Hex(0, 0), d) for d in DIRECTIONS] == [0, 1, 2, 3, 4, 5]
    with pytest.raises(ValueError, match="not neighbours"):
        direction_to(Hex(0, 0), Hex(2, 0))


def test_known_distances() -> None:
    assert distance(Hex(0, 0), Hex(0, 0)) == 0
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(-2, 5), Hex(4, -1)) == 6
    assert distance(Hex(0, 0), Hex(2, 3)) == 5


@settings(deadline=None)
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert distance(a, b) == max(abs(x - y) for x, y in zip(a.cube, b.cube))


# --- lines ---------------------------------------------------------------------------------------


@settings(deadline=None)
@given(hexes, hexes)
def test_line_length_and_steps(a: Hex, b: Hex) -> None:
    pts = line(a, b)
    assert len(pts) - 1 == distance(a, b)
    assert pts[0] == a and pts[-1] == b
    for x, y in pairwise(pts):
        assert distance(x, y) == 1


@settings(deadline=None)
@given(near_hexes, near_hexes)
def test_line_hexes_are_those_nearest_the_true_line(a: Hex, b: Hex) -> None:
    """Each line hex is the hex containing the exact sample point, nudged as documented."""
    n = distance(a, b)
    for i, h in enumerate(line(a, b)):
        t = Fraction(i, n) if n else Fraction(0)
        fq = a.q + (b.q - a.q) * t
        fr = a.r + (b.r - a.r) * t
        # the sample point lies in h or on its border: the hexagon |dq-dr|, |dr-ds|, |ds-dq| <= 1
        dq, dr = fq - h.q, fr - h.r
        ds = -dq - dr
        assert max(abs(dq - dr), abs(dr - ds), abs(ds - dq)) <= 1


def test_line_is_deterministic_on_hexside_ties() -> None:
    # (0,0) -> (2,-1) runs exactly along the side between (1,0) and (1,-1): the nudge picks (1,0)
    assert line(Hex(0, 0), Hex(2, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert line(Hex(2, -1), Hex(0, 0)) == [Hex(2, -1), Hex(1, 0), Hex(0, 0)]
    # the choice does not depend on where on the grid the pair is (no float drift far away)
    far = Hex(10**12, -(10**12))
    assert line(far, far + Hex(2, -1)) == [far, far + Hex(1, 0), far + Hex(2, -1)]


@settings(deadline=None)
@given(hexes, hexes)
def test_line_is_symmetric(a: Hex, b: Hex) -> None:
    assert line(b, a) == line(a, b)[::-1]


@settings(deadline=None)
@given(near_hexes, near_hexes, near_hexes)
def test_line_is_translation_invariant(a: Hex, b: Hex, t: Hex) -> None:
    assert line(a + t, b + t) == [h + t for h in line(a, b)]


def test_line_examples() -> None:
    assert line(Hex(0, 0), Hex(0, 0)) == [Hex(0, 0)]
    assert line(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert line(Hex(0, 0), Hex(3, -3)) == [Hex(0, 0), Hex(1, -1), Hex(2, -2), Hex(3, -3)]
    # sample 2 is (2, -1/2, -3/2), a tie between (2, 0) and (2, -1): +2e on r rounds r up to 0
    assert line(Hex(0, 0), Hex(4, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, -1), Hex(4, -1)]
    # no tie: (0,0)->(3,-1) has samples (1, -1/3) and (2, -2/3)
    assert line(Hex(0, 0), Hex(3, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1)]


def test_cube_round() -> None:
    assert cube_round(0.2, 0.1) == Hex(0, 0)
    assert cube_round(0.6, -0.1) == Hex(1, 0)
    assert cube_round(0.45, 0.45) == Hex(0, 1)  # q and r equally far: r is corrected
    assert cube_round(-1.4, 0.3) == Hex(-1, 0)
    assert cube_round(0.5, 0.0) == Hex(1, 0)  # on the side between (0,0) and (1,0): halves round up
    assert cube_round(-0.5, 0.0) == Hex(0, 0)


@settings(deadline=None)
@given(st.integers(-400, 400), st.integers(-400, 400), st.integers(-10**6, 10**6), st.integers(-10**6, 10**6))
def test_cube_round_is_translation_invariant(fq4: int, fr4: int, k: int, m: int) -> None:
    """Quarter-hex points (ties included; exact in floating point) round the same wherever they are."""
    fq, fr = fq4 / 4, fr4 / 4
    h = cube_round(fq, fr)
    assert cube_round(fq + k, fr + m) == h + Hex(k, m)
    dq, dr = fq - h.q, fr - h.r
    assert max(abs(dq - dr), abs(2 * dr + dq), abs(2 * dq + dr)) <= 1  # inside or on the hexagon



@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(-400, 400), st.integers(-400, 400)), min_size=1, max_size=40),
       st.lists(st.tuples(st.floats(-1e4, 1e4), st.floats(-1e4, 1e4)), max_size=40))
def test_cube_round_arrays_is_cube_round(quarters: list[tuple[int, int]], points: list[tuple[float, float]]) -> None:
    """The vectorised form gives cube_round's hex for every point: quarter-hex points (every tie) and any others."""
    import numpy as np

    from toolkit.hexgrid.arrays import cube_round_arrays

    pts = [(a / 4, b / 4) for a, b in quarters] + points
    q, r = cube_round_arrays(np.array([p[0] for p in pts]), np.array([p[1] for p in pts]))
    assert [Hex(int(a), int(b)) for a, b in zip(q, r, strict=True)] == [cube_round(a, b) for a, b in pts]

# --- rings and ranges ----------------------------------------------------------------------------


@settings(deadline=None)
@given(near_hexes, st.integers(0, 12))
def test_ring_size_and_distance(c: Hex, radius: int) -> None:
    hs = ring(c, radius)
    assert len(hs) == max(1, 6 * radius)
    assert len(set(hs)) == len(hs)
    assert all(distance(c, h) == radius for h in hs)
    if radius:
        # walking order: each hex is a neighbour of the next, closing the loop
        assert all(distance(x, y) == 1 for x, y in zip(hs, hs[1:] + hs[:1]))


@settings(deadline=None)
@given(near_hexes, st.integers(0, 12))
def test_hex_range_size_and_contents(c: Hex, radius: int) -> None:
    hs = list(hex_range(c, radius))
    assert len(hs) == 3 * radius * (radius + 1) + 1
    assert len(set(hs)) == len(hs)
    assert all(distance(c, h) <= radius for h in hs)
    assert set(hs) == set(spiral(c, radius))
    # the outer ring is in, the next one out is not
    assert set(ring(c, radius)) <= set(hs)
    assert not set(ring(c, radius + 1)) & set(hs)


def test_ring_order_and_range_order() -> None:
    assert ring(Hex(0, 0), 1) == [Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0)]
    assert ring(Hex(5, 5), 0) == [Hex(5, 5)]
    assert list(hex_range(Hex(0, 0), 1)) == [Hex(-1, 0), Hex(-1, 1), Hex(0, -1), Hex(0, 0), Hex(0, 1),
                                             Hex(1, -1), Hex(1, 0)]
    assert spiral(Hex(0, 0), 1)[0] == Hex(0, 0)


@pytest.mark.parametrize("fn", [ring, spiral, lambda c, r: list(hex_range(c, r))])
def test_negative_radius_is_refused(fn) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="radius"):
        fn(Hex(0, 0), -1)


# --- hexsides ------------------------------------------------------------------------------------


@settings(deadline=None)
@given(near_hexes, st.integers(0, 5))
def test_hexside_canonical_form(h: Hex, d: int) -> None:
    n = h.neighbour(d)
    s = Hexside.between(h, n)
    assert s == Hexside.between(n, h) == Hexside.of(h, d) == Hexside.of(n, d + 3)
    assert s.a < s.b
    assert set(s.hexes()) == {h, n}
    assert s.other(h) == n and s.other(n) == h
    f1, f2 = s.flanking()
    assert {distance(f1, h), distance(f1, n), distance(f2, h), distance(f2, n)} == {1}
    assert f1 != f2


def test_hexside_errors() -> None:
    with pytest.raises(ValueError, match="not neighbours"):
        Hexside.between(Hex(0, 0), Hex(0, 2))
    with pytest.raises(ValueError, match="not on hexside"):
        Hexside.between(Hex(0, 0), Hex(1, 0)).other(Hex(5, 5))


def test_hexside_vertices_are_shared_corners() -> None:
    s = Hexside.between(Hex(0, 0), Hex(1, 0))
    v1, v2 = s.vertices()
    assert v1 == pytest.approx((1 / 3, 1 / 3)) and v2 == pytest.approx((2 / 3, -1 / 3))
    corners_a = {(round(q, 9), round(r, 9)) for q, r in corners_axial(Hex(0, 0))}
    corners_b = {(round(q, 9), round(r, 9)) for q, r in corners_axial(Hex(1, 0))}
    assert {(round(q, 9), round(r, 9)) for q, r in (v1, v2)} == corners_a & corners_b


def test_corners_axial_exact() -> None:
    got = corners_axial(Hex(0, 0))
    want = [(2 / 3, -1 / 3), (1 / 3, -2 / 3), (-1 / 3, -1 / 3), (-2 / 3, 1 / 3), (-1 / 3, 2 / 3), (1 / 3, 1 / 3)]
    assert [v for p in got for v in p] == pytest.approx([v for p in want for v in p])


# --- offset systems ------------------------------------------------------------------------------


@settings(deadline=None)
@given(systems, coord, coord)
def test_offset_axial_offset(system: OffsetSystem, col: int, row: int) -> None:
    assert system.from_hex(system.to_hex(col, row)) == (col, row)


@settings(deadline=None)
@given(systems, hexes)
def test_axial_offset_axial(system: OffsetSystem, h: Hex) -> None:
    assert system.to_hex(*system.from_hex(h)) == h


@settings(deadline=None)
@given(systems, st.integers(-50, 50), st.integers(-50, 50))
def test_offset_neighbours_in_the_same_line(system: OffsetSystem, col: int, row: int) -> None:
    """The next row in a flat column (next column in a pointy row) is always a neighbour."""
    h = system.to_hex(col, row)
    if system.orientation == "flat":
        assert distance(h, system.to_hex(col, row + 1)) == 1
        assert distance(h, system.to_hex(col + 2, row)) == 2
    else:
        assert distance(h, system.to_hex(col + 1, row)) == 1
        assert distance(h, system.to_hex(col, row + 2)) == 2


@pytest.mark.parametrize(
    ("orientation", "shifted", "cell", "axial"),
    [
        ("flat", "odd", (0, 0), Hex(0, 0)),
        ("flat", "odd", (1, 0), Hex(1, 0)),
        ("flat", "odd", (2, 0), Hex(2, -1)),
        ("flat", "odd", (3, 2), Hex(3, 1)),
        ("flat", "odd", (-1, 0), Hex(-1, 1)),
        ("flat", "even", (1, 0), Hex(1, -1)),
        ("flat", "even", (2, 0), Hex(2, -1)),
        ("flat", "even", (-1, 0), Hex(-1, 0)),
        ("pointy", "odd", (0, 1), Hex(0, 1)),
        ("pointy", "odd", (0, 2), Hex(-1, 2)),
        ("pointy", "odd", (0, -1), Hex(1, -1)),
        ("pointy", "even", (0, 1), Hex(-1, 1)),
        ("pointy", "even", (0, 2), Hex(-1, 2)),
        ("pointy", "even", (0, -1), Hex(0, -1)),
    ],
)
def test_offset_exact(orientation: str, shifted: str, cell: tuple[int, int], axial: Hex) -> None:
    system = OffsetSystem(orientation, shifted)  # type: ignore[arg-type]
    assert system.to_hex(*cell) == axial
    assert system.from_hex(axial) == cell


def test_flat_odd_columns_sit_lower() -> None:
    """Odd-shifted flat grid: odd column hex (1, 0) neighbours (0, 0) and (0, 1) (it sits between)."""
    s = OffsetSystem("flat", "odd")
    nb = set(s.to_hex(1, 0).neighbours())
    assert s.to_hex(0, 0) in nb and s.to_hex(0, 1) in nb and s.to_hex(0, -1) not in nb
    e = OffsetSystem("flat", "even")
    nb = set(e.to_hex(1, 0).neighbours())
    assert e.to_hex(0, 0) in nb and e.to_hex(0, -1) in nb and e.to_hex(0, 1) not in nb


def test_offset_system_validates() -> None:
    with pytest.raises(ValueError, match="orientation"):
        OffsetSystem("diagonal")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shifted"):
        OffsetSystem("flat", "both")  # type: ignore[arg-type]
