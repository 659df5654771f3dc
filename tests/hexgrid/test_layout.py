"""Affine hex <-> pixel layouts: exact values, round trips on every kind of layout, calibration fits."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from toolkit.errors import GridError
from toolkit.hexgrid.coords import Hex, Hexside, Orientation, corners_axial
from toolkit.hexgrid.layout import Layout

R3 = math.sqrt(3.0)


def _flat(pts: Sequence[tuple[float, float]]) -> list[float]:
    return [v for p in pts for v in p]


def _shoelace(pts: list[tuple[float, float]]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1])) / 2


# --- exact values --------------------------------------------------------------------------------


def test_regular_flat_exact() -> None:
    lay = Layout.regular("flat", 10, (100, 50))
    assert lay.matrix == ((15.0, 0.0, 100.0), (5 * R3, 10 * R3, 50.0))
    assert lay.hex_to_pixel(Hex(0, 0)) == (100.0, 50.0)
    assert lay.hex_to_pixel(Hex(1, 0)) == pytest.approx((115.0, 50 + 5 * R3))
    assert lay.hex_to_pixel(Hex(0, 1)) == pytest.approx((100.0, 50 + 10 * R3))
    h = 5 * R3
    assert _flat(lay.corners(Hex(0, 0))) == pytest.approx(
        _flat([(110, 50), (105, 50 - h), (95, 50 - h), (90, 50), (95, 50 + h), (105, 50 + h)]))


def test_regular_pointy_exact() -> None:
    lay = Layout.regular("pointy", 10)
    assert lay.hex_to_pixel(Hex(1, 0)) == pytest.approx((10 * R3, 0.0))
    assert lay.hex_to_pixel(Hex(0, 1)) == pytest.approx((5 * R3, 15.0))
    w = 5 * R3
    want = [(w, -5), (0, -10), (-w, -5), (-w, 5), (0, 10), (w, 5)]
    assert _flat(lay.corners(Hex(0, 0))) == pytest.approx(_flat(want))
    # corners of another hex are the same shape moved by its centre
    cx, cy = lay.hex_to_pixel(Hex(2, -1))
    assert _flat(lay.corners(Hex(2, -1))) == pytest.approx(_flat([(x + cx, y + cy) for x, y in lay.corners(Hex(0, 0))]))


def test_from_spacing_exact() -> None:
    flat = Layout.from_spacing("flat", 60, 70, (30, 35))
    assert flat.hex_to_pixel(Hex(1, 0)) == (90.0, 70.0)  # odd column half a hex lower
    assert flat.hex_to_pixel(Hex(0, 1)) == (30.0, 105.0)
    pointy = Layout.from_spacing("pointy", 40, 36)
    assert pointy.hex_to_pixel(Hex(0, 1)) == (20.0, 36.0)
    assert pointy.hex_to_pixel(Hex(1, 0)) == (40.0, 0.0)


def test_hexside_endpoints_exact() -> None:
    lay = Layout.regular("flat", 10)
    # the side between (0,0) and its SE neighbour (1,0) runs from the east corner to the lower-right one
    p, q = lay.hexside_endpoints(Hexside.between(Hex(0, 0), Hex(1, 0)))
    assert {(round(x, 9), round(y, 9)) for x, y in (p, q)} == {(10.0, 0.0), (5.0, round(5 * R3, 9))}


def test_measures() -> None:
    lay = Layout.regular("flat", 10)
    assert lay.hex_area() == pytest.approx(3 * R3 / 2 * 100)
    assert lay.inradius() == pytest.approx(5 * R3)
    assert lay.determinant > 0
    assert lay.step(Hex(0, -1)) == pytest.approx((0.0, -10 * R3))


def test_corner_order_is_counter_clockwise_on_screen() -> None:
    for lay in (Layout.regular("flat", 7), Layout.regular("pointy", 7), Layout.from_spacing("flat", 50, 44)):
        assert _shoelace(lay.corners(Hex(3, -2))) < 0  # y down: negative shoelace = counter-clockwise seen
    mirrored = Layout.regular("flat", 7).scaled(-1, 1)
    assert mirrored.determinant < 0
    assert _shoelace(mirrored.corners(Hex(0, 0))) > 0


def test_transforms_exact() -> None:
    lay = Layout.from_spacing("flat", 10, 20)
    assert lay.translated(5, -3).hex_to_pixel(Hex(1, 1)) == (15.0, 27.0)
    assert lay.scaled(2).hex_to_pixel(Hex(1, 1)) == (20.0, 60.0)
    assert lay.scaled(2, 3).hex_to_pixel(Hex(1, 1)) == (20.0, 90.0)
    rot = lay.rotated(90)  # clockwise on screen: +x goes to +y
    assert rot.hex_to_pixel(Hex(1, 0)) == pytest.approx((-10.0, 10.0))
    about = lay.rotated(37, about=lay.hex_to_pixel(Hex(2, 2)))
    assert about.hex_to_pixel(Hex(2, 2)) == pytest.approx(lay.hex_to_pixel(Hex(2, 2)))
    m = ((1.0, 0.5, 3.0), (0.0, 1.0, 4.0))
    assert lay.then(m).hex_to_pixel(Hex(1, 1)) == pytest.approx((10 + 0.5 * 30 + 3, 30 + 4))
    assert Layout.from_matrix(lay.matrix) == lay


def test_pixel_to_hex_exact() -> None:
    lay = Layout.regular("flat", 10, (100, 50))
    assert lay.pixel_to_hex(100, 50) == Hex(0, 0)
    assert lay.pixel_to_hex(109.9, 50) == Hex(0, 0)
    assert lay.pixel_to_hex(110.1, 50) in (Hex(1, 0), Hex(1, -1))
    assert lay.pixel_to_hex(115, 50 + 5 * R3) == Hex(1, 0)
    assert lay.pixel_to_fractional(107.5, 50 + 2.5 * R3) == pytest.approx((0.5, 0.0))


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Layout(1, 2, 0, 2, 4, 0), "degenerate"),
        (lambda: Layout(1, 0, math.nan, 0, 1, 0), "finite"),
        (lambda: Layout(math.inf, 0, 0, 0, 1, 0), "finite"),
        (lambda: Layout.from_spacing("flat", 0, 10), "spacing must be positive"),
        (lambda: Layout.from_spacing("flat", 10, -1), "spacing must be positive"),
        (lambda: Layout.from_spacing("square", 10, 10), "orientation"),  # type: ignore[arg-type]
        (lambda: Layout.regular("square", 10), "orientation"),  # type: ignore[arg-type]
        (lambda: Layout.from_matrix([[1, 2], [3, 4]]), "2 rows of 3"),
        (lambda: Layout.from_matrix([[1, 0, 0], [0, "x", 0]]), "2 rows of 3"),  # type: ignore[list-item]
        (lambda: Layout.regular("flat", 1).then([[1, 0]]), "2 rows of 3"),
        (lambda: Layout.regular("flat", 1).pixel_to_hex(math.nan, 0), "not a finite point"),
        (lambda: Layout.fit([(Hex(0, 0), (0, 0)), (Hex(1, 0), (1, 0))]), "at least 3"),
        (lambda: Layout.fit([(Hex(0, 0), (0, 0)), (Hex(1, 0), (1, 0)), (Hex(2, 0), (2, 0))]), "one line"),
        (lambda: Layout.fit([(Hex(0, 0), (0, 0)), (Hex(1, 0), (1, 0)), (Hex(0, 1), (math.inf, 0))]), "finite"),
    ],
)
def test_bad_layouts_raise_grid_error(build, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(GridError, match=message):
        build()


# --- round trips on every kind of layout ---------------------------------------------------------

finite = st.floats(-5000, 5000, allow_nan=False, allow_infinity=False)
sizes = st.floats(2, 200, allow_nan=False, allow_infinity=False)


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    kind = draw(st.sampled_from(["regular", "spacing", "rotated", "scaled", "skewed", "mirrored", "affine"]))
    orientation: Orientation = draw(st.sampled_from(["flat", "pointy"]))
    origin = (draw(finite), draw(finite))
    base = Layout.regular(orientation, draw(sizes), origin)
    if kind == "regular":
        return base
    if kind == "spacing":
        dx, dy = draw(sizes), draw(sizes)
        return Layout.from_spacing(orientation, dx, dy, origin)
    if kind == "rotated":
        return base.rotated(draw(st.floats(-360, 360)), about=(draw(finite), draw(finite)))
    if kind == "scaled":
        return base.scaled(draw(st.floats(0.2, 5)), draw(st.floats(0.2, 5)))
    if kind == "skewed":
        k = draw(st.floats(-0.6, 0.6))
        return base.then(((1.0, k, 0.0), (0.0, 1.0, 0.0))).rotated(draw(st.floats(-30, 30)))
    if kind == "mirrored":
        return base.scaled(-1, 1).rotated(draw(st.floats(-180, 180)))
    m = [[draw(st.floats(-50, 50)) for _ in range(2)] for _ in range(2)]
    assume(abs(m[0][0] * m[1][1] - m[0][1] * m[1][0]) > 1.0)
    return Layout(m[0][0], m[0][1], origin[0], m[1][0], m[1][1], origin[1])


hex_coords = st.builds(Hex, st.integers(-300, 300), st.integers(-300, 300))


@settings(deadline=None)
@given(layouts(), hex_coords)
def test_centre_round_trip(lay: Layout, h: Hex) -> None:
    assert lay.pixel_to_hex(*lay.hex_to_pixel(h)) == h


@settings(deadline=None)
@given(layouts(), hex_coords, st.integers(0, 5), st.floats(0, 0.97), st.floats(0, 1))
def test_points_inside_the_hex_round_trip(lay: Layout, h: Hex, corner: int, depth: float, along: float) -> None:
    """A point anywhere strictly inside the hex (between the centre and a side, up to 97 % of the way
    out) maps back to the hex."""
    cs = corners_axial(h)
    (q1, r1), (q2, r2) = cs[corner], cs[(corner + 1) % 6]
    eq, er = q1 + (q2 - q1) * along, r1 + (r2 - r1) * along  # a point on the hex's edge
    fq, fr = h.q + (eq - h.q) * depth, h.r + (er - h.r) * depth
    assert lay.pixel_to_hex(*lay.to_pixel(fq, fr)) == h


@settings(deadline=None)
@given(layouts(), hex_coords)
def test_fractional_round_trip(lay: Layout, h: Hex) -> None:
    x, y = lay.hex_to_pixel(h)
    fq, fr = lay.pixel_to_fractional(x, y)
    assert fq == pytest.approx(h.q, abs=1e-6) and fr == pytest.approx(h.r, abs=1e-6)


@settings(deadline=None)
@given(layouts(), hex_coords)
def test_corners_are_shared_with_neighbours(lay: Layout, h: Hex) -> None:
    """Each corner is a corner of both neighbours meeting there, under any affine layout."""
    nb = h.neighbours()
    cs = lay.corners(h)
    for i in range(6):
        assert cs[i] == pytest.approx(lay.corners(nb[i])[(i + 2) % 6], abs=1e-6)
        assert cs[i] == pytest.approx(lay.corners(nb[(i + 1) % 6])[(i + 4) % 6], abs=1e-6)
    area = abs(_shoelace(cs))
    assert area == pytest.approx(lay.hex_area(), rel=1e-6)


# --- fitting -------------------------------------------------------------------------------------


@settings(deadline=None)
@given(layouts())
def test_fit_recovers_an_exact_layout(lay: Layout) -> None:
    pairs = [(h, lay.hex_to_pixel(h)) for h in (Hex(0, 0), Hex(7, -2), Hex(3, 9), Hex(-4, 4), Hex(12, 12))]
    got = Layout.fit(pairs)
    for h in (Hex(0, 0), Hex(20, -20), Hex(-30, 5)):
        assert got.hex_to_pixel(h) == pytest.approx(lay.hex_to_pixel(h), abs=1e-6 * (1 + abs(lay.determinant)))


@settings(deadline=None)
@given(st.sampled_from(["flat", "pointy"]), st.floats(10, 60), st.floats(-20, 20),
       st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1)), min_size=64, max_size=64))
def test_fit_on_noisy_points(orientation: str, size: float, angle: float,
                             noise: list[tuple[float, float]]) -> None:
    """Centres clicked with up to 10 % of the inradius of error on an 8 x 8 block of hexes: the fit
    puts every centre within 3.5 times that error (a Cauchy-Schwarz bound on a least-squares fit of
    64 points) and identifies every hex."""
    true = Layout.regular(orientation, size, (1000, 800)).rotated(angle)  # type: ignore[arg-type]
    delta = 0.1 * true.inradius()
    hs = [Hex(q, r) for q in range(8) for r in range(8)]
    pairs = []
    for h, (nx, ny) in zip(hs, noise):
        x, y = true.hex_to_pixel(h)
        pairs.append((h, (x + nx * delta, y + ny * delta)))
    fitted = Layout.fit(pairs)
    for h in hs:
        fx, fy = fitted.hex_to_pixel(h)
        tx, ty = true.hex_to_pixel(h)
        assert math.hypot(fx - tx, fy - ty) <= 3.5 * delta
        assert fitted.pixel_to_hex(tx, ty) == h
    assert max(fitted.residuals(pairs)) <= 3.5 * delta + math.sqrt(2) * delta


def test_fit_residuals_point_at_a_mistyped_pair() -> None:
    true = Layout.regular("flat", 30, (40, 40))
    pairs = [(Hex(q, r), true.hex_to_pixel(Hex(q, r))) for q in range(5) for r in range(5)]
    pairs[7] = (Hex(9, 9), pairs[7][1])  # one click given the wrong hex
    res = Layout.fit(pairs).residuals(pairs)
    assert res.index(max(res)) == 7


def test_fit_far_from_the_origin_is_accurate() -> None:
    true = Layout.from_spacing("pointy", 51.3, 44.9, (2e6, -3e6))
    base = Hex(100_000, -40_000)
    pairs = [(base + Hex(q, r), true.hex_to_pixel(base + Hex(q, r))) for q in range(3) for r in range(3)]
    got = Layout.fit(pairs)
    assert got.matrix[0][:2] == pytest.approx(true.matrix[0][:2], rel=1e-9)
    assert got.matrix[1][:2] == pytest.approx(true.matrix[1][:2], abs=1e-7)
    assert got.hex_to_pixel(base) == pytest.approx(true.hex_to_pixel(base), abs=1e-4)


def test_layout_holds_plain_floats():
    np = pytest.importorskip("numpy")
    layout = Layout.from_spacing("flat", np.float64(30.0), np.float64(34.5), (np.float64(2.5), np.int64(3)))
    assert all(type(v) is float for row in layout.matrix for v in row)
    assert repr(layout.matrix[0][0]) == "30.0"
