"""GeoJSON export: reads back (shapely, and GDAL's ogrinfo when installed) with the same hexes."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import shape

from toolkit.errors import DataFileError
from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain import TerrainMap, TerrainType, load_map
from toolkit.terrain.geojson import dumps_geojson, to_geojson
from toolkit.terrain.render import board_layout

SMALL = Path(__file__).parent / "data" / "small.yaml"


@pytest.fixture(scope="module")
def small() -> TerrainMap:
    return load_map(SMALL)


def kinds(doc: dict, kind: str) -> list[dict]:
    return [f for f in doc["features"] if f["properties"]["kind"] == kind]


def test_reads_back_with_shapely(small: TerrainMap) -> None:
    doc = json.loads(dumps_geojson(small))
    hexes = kinds(doc, "hex")
    assert [f["id"] for f in hexes] == small.grid.ids()
    polys = [shape(f["geometry"]) for f in hexes]
    s = 48.0
    assert all(p.is_valid and p.exterior.is_ccw for p in polys)
    assert [p.area for p in polys] == pytest.approx([1.5 * math.sqrt(3) * s * s] * 48, abs=0.2)
    union = shapely.union_all(polys)
    assert union.geom_type == "Polygon" and union.area == pytest.approx(sum(p.area for p in polys))
    # centres: the default board layout, y negated
    lay = board_layout(small, s)[0]
    x, y = lay.hex_to_pixel(small.grid.hex("0605"))
    c = polys[small.grid.ids().index("0605")].centroid
    assert (c.x, c.y) == pytest.approx((x, -y), abs=1e-3)


def test_properties(small: TerrainMap) -> None:
    doc = to_geojson(small)
    by_id = {f["id"]: f["properties"] for f in doc["features"]}
    assert by_id["0202"] == {"kind": "hex", "id": "0202", "terrain": "clear", "tags": "city,port", "name": "Viipuri",
                             "overridden": False, "country": "finland", "supply": 3, "vp": 5}
    assert by_id["0806"]["terrain"] == "forest" and by_id["0806"]["overridden"] is True
    sides = kinds(doc, "hexside")
    assert len(sides) == len(small.effective_hexsides()) == 20
    assert by_id["0505/0605"] == {"kind": "hexside", "id": "0505/0605", "hexes": "0505,0605", "features": "river,road"}
    assert by_id["0505/0605:link"]["features"] == "road"
    assert len(kinds(doc, "connection")) == 12  # 6 road + 6 rail hexsides


def test_hexside_lines_lie_on_the_shared_polygon_edge(small: TerrainMap) -> None:
    doc = to_geojson(small)
    polys = {f["id"]: shape(f["geometry"]) for f in kinds(doc, "hex")}
    for f in kinds(doc, "hexside"):
        a, b = f["properties"]["hexes"].split(",")
        shared = polys[a].intersection(polys[b])
        assert shape(f["geometry"]).equals_exact(shared, 1e-3) or shape(f["geometry"]).reverse().equals_exact(
            shared, 1e-3)


def test_given_layout_without_flip(small: TerrainMap) -> None:
    lay = Layout.regular("flat", 10.0)
    doc = to_geojson(small, lay, flip_y=False)
    ring = doc["features"][0]["geometry"]["coordinates"][0]
    assert len(ring) == 7 and ring[0] == ring[-1]
    c = shape(doc["features"][0]["geometry"]).centroid
    assert (c.x, c.y) == pytest.approx(lay.hex_to_pixel(small.grid.hex("0101")), abs=1e-3)
    assert doc["properties"]["layout"] == [list(r) for r in lay.matrix]


@pytest.mark.skipif(shutil.which("ogrinfo") is None, reason="GDAL's ogrinfo is not installed (apt install gdal-bin)")
def test_gdal_reads_it(small: TerrainMap, tmp_path: Path) -> None:
    path = tmp_path / "small.geojson"
    path.write_text(dumps_geojson(small), encoding="utf-8")
    out = subprocess.run(["ogrinfo", "-ro", "-q", str(path), "-sql",
                          "SELECT COUNT(*) AS n FROM \"Test map\" WHERE kind = 'hex'"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert "n (Integer) = 48" in out


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["flat", "pointy"]), st.sampled_from(["odd", "even"]), st.integers(1, 5), st.integers(1, 5),
       st.floats(5, 60), st.floats(-30, 30))
def test_hex_polygons_tile_the_map_under_any_layout(orientation: str, shifted: str, cols: int, rows: int,
                                                   size: float, angle: float) -> None:
    grid = Grid(CCRR(offset=OffsetSystem(orientation, shifted)), Extent(1, cols, 1, rows))  # type: ignore[arg-type]
    m = TerrainMap("t", "", grid, {"clear": TerrainType("clear", "#ffffff")}, {}, default_terrain="clear")
    lay = Layout.regular(orientation, size).rotated(angle, (3.0, 4.0))  # type: ignore[arg-type]
    doc = to_geojson(m, lay, flip_y=False, precision=9)
    polys = [shape(f["geometry"]) for f in kinds(doc, "hex")]
    assert len(polys) == cols * rows
    area = 1.5 * math.sqrt(3) * size * size
    assert all(p.is_valid and p.area == pytest.approx(area, rel=1e-6) for p in polys)
    assert shapely.union_all(polys).area == pytest.approx(area * len(polys), rel=1e-6)  # no overlaps
    for f, p in zip(kinds(doc, "hex"), polys):
        assert grid.id(lay.pixel_to_hex(p.centroid.x, p.centroid.y)) == f["id"]


def test_nan_and_infinite_values_are_written_as_null_standard_json() -> None:
    small = load_map(SMALL)
    for value in (float("nan"), float("-inf"), [1.0, float("inf")]):  # a map refuses them (its reader would)
        with pytest.raises(DataFileError, match="is not a finite number"):
            small.set_value("0204", "vp", value)
    # put past the check, the writer still writes standard JSON
    small.hexes["0204"] = replace(small.hexes["0204"], values={"vp": float("nan"), "ratio": float("-inf"),
                                                               "list": [1.0, float("inf")]})
    small._changed()
    text = dumps_geojson(small)

    def refuse(constant: str) -> None:
        raise AssertionError(f"non-standard JSON constant {constant}")

    doc = json.loads(text, parse_constant=refuse)
    props = next(f["properties"] for f in doc["features"] if f["id"] == "0204")
    assert (props["vp"], props["ratio"], props["list"]) == (None, None, [1.0, None])
