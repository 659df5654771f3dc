"""Vector -> hex: terrain fractions, dominant terrain, hexside features and line links from geometries.

Everything works in one projected plane (kilometres, or any unit) shared by the geometries and a
:class:`~toolkit.hexgrid.Layout` that places the grid's hexes in that plane. Longitude/latitude data is
brought into the plane with a hand-written projection (:class:`LambertAzimuthal`, no pyproj).

The pieces, each a function of (grid, layout, geometries):

* :func:`hex_polygons` - every hex as a shapely polygon (vectorised).
* :func:`area_fractions` - per hex, the fraction of its area inside each named polygon layer
  (intersection area / hex area; STRtree + shapely 2 array functions).
* :func:`dominant` with a rule (:func:`majority`, :func:`priority`) - the hex's terrain from its fractions.
* :func:`side_coverage` - per hexside, the fraction of the side's length inside a polygon layer
  (coasts: a side "totally covered by sea" has coverage ~1).
* :func:`crossed_sides` - hexsides whose centre-to-centre segment a line crosses (rivers).
* :func:`line_links` - the hexes a line (rail, road) passes through, and the links between consecutive
  ones (hex-centre to hex-centre, as games draw them).
* :func:`majority_region` - region (country) membership by the largest area share.

**River rule.** A river is put on the hexside between hexes A and B when the river line crosses the
straight segment from A's centre to B's centre: a unit moving from A to B would have to cross it. A
river that runs along a hexside without crossing that segment is not put there; a river crossing the
same segment twice (a meander) still makes one river hexside. :func:`snapped_sides` offers the other
classic rule (each piece of river goes to the hexside nearest to it) for maps drawn that way.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ..errors import GridError, InputError
from ..hexgrid import Grid, Hex, Layout
from ..hexgrid.arrays import cube_round_arrays
from ..hexgrid.coords import DIRECTIONS, cube_round, line

__all__ = [
    "DominanceRule",
    "LambertAzimuthal",
    "area_fractions",
    "crossed_sides",
    "dominant",
    "hex_polygons",
    "line_links",
    "majority",
    "majority_region",
    "priority",
    "side_coverage",
    "side_segments",
    "snapped_sides",
]

EARTH_RADIUS_KM = 6371.0

Fractions = Mapping[str, float]
#: A rule that names a hex's terrain from its fractions (terrain -> share of the hex area, 0..1).
DominanceRule = Callable[[Fractions], str]


# ================================================================================================
# projection
# ================================================================================================


@dataclass(frozen=True)
class LambertAzimuthal:
    """Lambert azimuthal equal-area projection of a sphere, centred on ``(lon0, lat0)`` degrees.

    ``forward`` gives ``(x, y)`` in kilometres with x to the east and, when ``y_down`` (the default),
    y to the SOUTH so that the plane reads like an image (north up) and a pixel-style
    :class:`~toolkit.hexgrid.Layout` applies unchanged. Areas are true (equal-area), shapes are good
    within ~1000 km of the centre: right for one country at 20 km a hex.
    """

    lon0: float
    lat0: float
    radius: float = EARTH_RADIUS_KM
    y_down: bool = True

    def forward(self, lon: np.ndarray | float, lat: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        """Projected ``(x, y)`` of longitude/latitude in degrees (scalars or arrays)."""
        lam = np.radians(np.asarray(lon, dtype=float) - self.lon0)
        phi = np.radians(np.asarray(lat, dtype=float))
        p0 = math.radians(self.lat0)
        cos_c = math.sin(p0) * np.sin(phi) + math.cos(p0) * np.cos(phi) * np.cos(lam)
        if np.any(cos_c <= -1.0 + 1e-12):
            raise InputError("a point at the antipode of the projection centre cannot be projected")
        k = np.sqrt(2.0 / (1.0 + cos_c))
        x = self.radius * k * np.cos(phi) * np.sin(lam)
        y = self.radius * k * (math.cos(p0) * np.sin(phi) - math.sin(p0) * np.cos(phi) * np.cos(lam))
        return x, (-y if self.y_down else y)

    def inverse(self, x: np.ndarray | float, y: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        """Longitude/latitude in degrees of projected points."""
        x = np.asarray(x, dtype=float)
        y = -np.asarray(y, dtype=float) if self.y_down else np.asarray(y, dtype=float)
        rho = np.hypot(x, y)
        p0 = math.radians(self.lat0)
        with np.errstate(invalid="ignore", divide="ignore"):
            c = 2.0 * np.arcsin(np.clip(rho / (2.0 * self.radius), -1.0, 1.0))
            sin_c, cos_c = np.sin(c), np.cos(c)
            ratio = np.where(rho > 0, y * sin_c / np.where(rho > 0, rho, 1.0), 0.0)
            phi = np.arcsin(np.clip(cos_c * math.sin(p0) + ratio * math.cos(p0), -1.0, 1.0))
            lam = np.arctan2(x * sin_c, rho * math.cos(p0) * cos_c - y * math.sin(p0) * sin_c)
        return np.degrees(lam) + self.lon0, np.degrees(phi)

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        """One point (degrees) -> plane (x east, y north or south as configured), in the radius's units."""
        x, y = self.forward(lon, lat)
        return float(x), float(y)

    def geometry(self, geom: BaseGeometry) -> BaseGeometry:
        """A shapely geometry of ``(lon, lat)`` coordinates, projected (vectorised over all its points)."""

        def fn(coords: np.ndarray) -> np.ndarray:
            x, y = self.forward(coords[:, 0], coords[:, 1])
            return np.column_stack([x, y])

        return shapely.transform(geom, fn)

    def to_dict(self) -> dict[str, object]:
        """The projection's settings as a map file's ``meta.georef`` keeps them."""
        return {"projection": "lambert-azimuthal-equal-area", "lon0": self.lon0, "lat0": self.lat0,
                "radius_km": self.radius, "y": "south" if self.y_down else "north"}


# ================================================================================================
# hexes and hexsides as geometry
# ================================================================================================


def _axial(grid: Grid) -> tuple[list[str], np.ndarray]:
    ids = grid.ids()
    qr = np.array([tuple(grid.hex(i)) for i in ids], dtype=float).reshape(-1, 2)
    return ids, qr


def _to_plane(layout: Layout, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return layout.a * q + layout.b * r + layout.c, layout.d * q + layout.e * r + layout.f


# corner i of a hex = centroid of the hex and its neighbours i and i+1 (exact under any affine layout)
_CORNERS = np.array([((DIRECTIONS[i].q + DIRECTIONS[(i + 1) % 6].q) / 3.0,
                      (DIRECTIONS[i].r + DIRECTIONS[(i + 1) % 6].r) / 3.0) for i in range(6)])


def hex_polygons(grid: Grid, layout: Layout) -> tuple[list[str], Any]:
    """Every hex id of the grid (grid order) and its polygon under ``layout`` (array of shapely Polygons)."""
    ids, qr = _axial(grid)
    q = qr[:, 0:1] + _CORNERS[None, :, 0]
    r = qr[:, 1:2] + _CORNERS[None, :, 1]
    x, y = _to_plane(layout, q, r)
    rings = np.stack([x, y], axis=-1)
    return ids, shapely.polygons(rings)


def hex_centres(grid: Grid, layout: Layout) -> tuple[list[str], np.ndarray]:
    """Every hex id and its centre ``(n, 2)`` in the plane."""
    ids, qr = _axial(grid)
    x, y = _to_plane(layout, qr[:, 0], qr[:, 1])
    return ids, np.column_stack([x, y])


def side_segments(grid: Grid, layout: Layout) -> tuple[list[str], Any, Any]:
    """Every hexside of the grid: keys ``"a/b"``, the side segments (LineStrings along the shared edge)
    and the centre-to-centre segments (LineStrings from a's centre to b's centre)."""
    keys: list[str] = []
    ends: list[tuple[float, float, float, float]] = []
    links: list[tuple[float, float, float, float]] = []
    for side in grid.hexsides():
        a, b = grid.id(side.a), grid.id(side.b)
        keys.append(f"{a}/{b}" if a < b else f"{b}/{a}")
        (x1, y1), (x2, y2) = layout.hexside_endpoints(side)
        ends.append((x1, y1, x2, y2))
        (cx1, cy1), (cx2, cy2) = layout.hex_to_pixel(side.a), layout.hex_to_pixel(side.b)
        links.append((cx1, cy1, cx2, cy2))
    e = np.array(ends, dtype=float).reshape(-1, 2, 2)
    c = np.array(links, dtype=float).reshape(-1, 2, 2)
    return keys, shapely.linestrings(e), shapely.linestrings(c)


# ================================================================================================
# areas
# ================================================================================================


def _parts(geom: BaseGeometry | Iterable[BaseGeometry]) -> np.ndarray:
    """Polygonal or linear parts of a geometry (or of several) as a flat array, empties dropped."""
    if isinstance(geom, BaseGeometry):
        geoms = [geom]
    else:
        geoms = list(geom)
    parts = shapely.get_parts(np.asarray(geoms, dtype=object)) if geoms else np.empty(0, dtype=object)
    return parts[~shapely.is_empty(parts)] if len(parts) else parts


_TILE_VERTICES = 200
_TILE_SHIFT = 0.3819660112501051  # tiles start at an irrational fraction of a tile: no hexside lies on a tile edge


def _tiled(parts: np.ndarray, tile: float) -> np.ndarray:
    """Parts with many vertices cut into ``tile``-sized squares (rectangle clipping), so that each
    hex or hexside meets only small pieces. The pieces partition each part, so areas and lengths sum
    back exactly (up to a segment lying on a tile edge, which the shifted origin makes vanishing)."""
    if len(parts) == 0 or tile <= 0:
        return parts
    big = shapely.get_num_coordinates(parts) > _TILE_VERTICES
    if not big.any():
        return parts
    out = [parts[~big]]
    for g in parts[big]:
        x0, y0, x1, y1 = g.bounds
        ox, oy = x0 - _TILE_SHIFT * tile, y0 - _TILE_SHIFT * tile
        nx, ny = math.ceil((x1 - ox) / tile), math.ceil((y1 - oy) / tile)
        shapely.prepare(g)
        pieces = [shapely.clip_by_rect(g, ox + i * tile, oy + j * tile, ox + (i + 1) * tile, oy + (j + 1) * tile)
                  for i in range(nx) for j in range(ny)]
        arr = shapely.get_parts(np.asarray(pieces, dtype=object))
        out.append(arr[~shapely.is_empty(arr)])
    return np.concatenate(out)


def _overlap_sums(targets: np.ndarray, parts: np.ndarray, measure: Callable[[np.ndarray], np.ndarray],
                  tile: float = 0.0) -> np.ndarray:
    """Per target geometry, the summed ``measure`` of its intersections with ``parts`` (cut into tiles
    of size ``tile`` first when they are large)."""
    out = np.zeros(len(targets))
    if len(parts) == 0 or len(targets) == 0:
        return out
    parts = _tiled(parts, tile)
    tree = shapely.STRtree(parts)
    ti, pi = tree.query(targets, predicate="intersects")
    if len(ti) == 0:
        return out
    inter = shapely.intersection(targets[ti], parts[pi])
    np.add.at(out, ti, measure(inter))
    return out


def area_fractions(grid: Grid, layout: Layout, layers: Mapping[str, BaseGeometry | Iterable[BaseGeometry]],
                   *, remainder: str | None = None, ndigits: int | None = None) -> dict[str, dict[str, float]]:
    """Per hex id, ``{layer: fraction of the hex's area inside that layer}`` (zero shares left out).

    Layers are (multi)polygons in the layout's plane; each layer's parts should not overlap each other
    (overlaps are counted twice). With ``remainder`` the share not covered by any layer is reported
    under that name (clipped at 0). ``ndigits`` rounds the fractions.
    """
    ids, polys = hex_polygons(grid, layout)
    area = layout.hex_area()
    tile = 8.0 * layout.inradius()
    if area <= 0:
        raise GridError("the layout gives hexes no area")
    shares: dict[str, np.ndarray] = {}
    for name, geom in layers.items():
        shares[name] = np.clip(_overlap_sums(polys, _parts(geom), shapely.area, tile) / area, 0.0, 1.0)
    out: dict[str, dict[str, float]] = {}
    total = np.zeros(len(ids))
    for arr in shares.values():
        total += arr
    for i, hid in enumerate(ids):
        d: dict[str, float] = {}
        for name, arr in shares.items():
            if arr[i] > 0:
                d[name] = float(arr[i])
        if remainder is not None:
            rest = max(0.0, 1.0 - float(total[i]))
            if rest > 0:
                d[remainder] = rest
        if ndigits is not None:
            d = {k: round(v, ndigits) for k, v in d.items()}
        out[hid] = d
    return out


def majority_region(grid: Grid, layout: Layout, regions: Mapping[str, BaseGeometry | Iterable[BaseGeometry]],
                    *, min_share: float = 0.0) -> dict[str, str]:
    """Per hex id, the region with the largest share of the hex's area (ties: the region listed first).

    Hexes where no region reaches more than ``min_share`` are left out.
    """
    fr = area_fractions(grid, layout, regions)
    order = {name: i for i, name in enumerate(regions)}
    out = {}
    for hid, d in fr.items():
        if not d:
            continue
        name, share = max(d.items(), key=lambda kv: (kv[1], -order[kv[0]]))
        if share > min_share:
            out[hid] = name
    return out


# ================================================================================================
# dominance rules
# ================================================================================================


def majority(order: Sequence[str] = (), default: str = "clear") -> DominanceRule:
    """The terrain covering the largest share of the hex; ties go to the terrain earliest in ``order``
    (then alphabetical). An empty hex gets ``default``."""
    rank = {name: i for i, name in enumerate(order)}

    def rule(fractions: Fractions) -> str:
        items = [(k, v) for k, v in fractions.items() if v > 0]
        if not items:
            return default
        best = max(v for _, v in items)
        tied = [k for k, v in items if math.isclose(v, best, rel_tol=0, abs_tol=1e-9)]
        return min(tied, key=lambda k: (rank.get(k, len(rank)), k))

    return rule


def priority(levels: Sequence[tuple[str, float]], default: str = "clear") -> DominanceRule:
    """The first terrain in ``levels`` whose share reaches its threshold; else ``default``.

    A game rule such as "a hex with any mountain in it is a mountain hex; a hex partly land is land"
    is ``priority([("mountain", 0.01), ("land", 0.05), ...])``.
    """
    lv = list(levels)

    def rule(fractions: Fractions) -> str:
        for name, threshold in lv:
            if fractions.get(name, 0.0) >= threshold:
                return name
        return default

    return rule


def dominant(fractions: Mapping[str, Fractions], rule: DominanceRule) -> dict[str, str]:
    """Per hex id, the terrain the rule picks from its fractions."""
    return {hid: rule(fr) for hid, fr in fractions.items()}


# ================================================================================================
# hexsides
# ================================================================================================


def side_coverage(grid: Grid, layout: Layout, geom: BaseGeometry | Iterable[BaseGeometry]) -> dict[str, float]:
    """Per hexside key, the fraction of the side's length inside the polygon layer (non-zero only)."""
    keys, sides, _ = side_segments(grid, layout)
    lengths = shapely.length(sides)
    covered = _overlap_sums(sides, _parts(geom), shapely.length, 8.0 * layout.inradius()) / lengths
    return {k: float(min(1.0, c)) for k, c in zip(keys, covered) if c > 0}


def crossed_sides(grid: Grid, layout: Layout, lines: BaseGeometry | Iterable[BaseGeometry]) -> set[str]:
    """Hexside keys whose centre-to-centre segment the lines cross (the river rule, see the module doc)."""
    keys, _, links = side_segments(grid, layout)
    parts = _parts(lines)
    if len(parts) == 0:
        return set()
    tree = shapely.STRtree(parts)
    li, _ = tree.query(links, predicate="intersects")
    return {keys[i] for i in np.unique(li)}


def snapped_sides(grid: Grid, layout: Layout, lines: BaseGeometry | Iterable[BaseGeometry], *,
                  step: float | None = None, min_share: float = 0.5) -> set[str]:
    """The "nearest hexside" river rule: sample the lines every ``step`` (default a tenth of the hex
    spacing), give each sample's length to the hexside nearest to it, and keep the sides that received
    at least ``min_share`` of their own length."""
    keys, sides, _ = side_segments(grid, layout)
    spacing = 2.0 * layout.inradius()
    step = step or spacing / 10.0
    pts = _sample(lines, step)
    if len(pts) == 0:
        return set()
    tree = shapely.STRtree(sides)
    _, si = tree.query_nearest(shapely.points(pts), all_matches=False, return_distance=False)
    got = np.zeros(len(keys))
    np.add.at(got, si, step)
    lengths = shapely.length(sides)
    return {keys[i] for i in np.nonzero(got >= min_share * lengths)[0]}


def _sample(lines: BaseGeometry | Iterable[BaseGeometry], step: float) -> np.ndarray:
    """Points every ``step`` along every line part (the first at half a step)."""
    out = []
    for part in _parts(lines):
        n = int(shapely.length(part) // step)
        if n <= 0:
            continue
        d = (np.arange(n) + 0.5) * step
        out.append(shapely.get_coordinates(shapely.line_interpolate_point(part, d)))
    return np.concatenate(out) if out else np.empty((0, 2))


def line_links(grid: Grid, layout: Layout, lines: BaseGeometry | Iterable[BaseGeometry], *,
               step: float | None = None, min_run: float = 0.0) -> tuple[set[str], set[str]]:
    """The hexes each line passes through and the hexside keys joining consecutive ones.

    Each line part is sampled every ``step`` (default a twentieth of the hex spacing) and mapped to
    hexes; a hex the line only clips for less than ``min_run`` (plane units) of its length is skipped,
    so a rail grazing a hex corner does not zig-zag through it. Consecutive hexes that are not
    neighbours (the line jumped a corner) are joined through the hexes of the hex line between them.
    Only on-map hexes are kept.
    """
    spacing = 2.0 * layout.inradius()
    step = step or spacing / 20.0
    hexes: set[str] = set()
    links: set[str] = set()
    for part in _parts(lines):
        length = float(shapely.length(part))
        n = max(2, math.ceil(length / step) + 1)
        pts = shapely.get_coordinates(shapely.line_interpolate_point(part, np.linspace(0.0, length, n)))
        fq, fr = _fractional(layout, pts[:, 0], pts[:, 1])
        cells = _onto_grid(grid, _cube_round(fq, fr), fq, fr)
        seq = _runs(cells, length / (n - 1), min_run)
        path: list[Hex] = []
        for h in seq:
            if path and h.distance(path[-1]) > 1:
                path.extend(line(path[-1], h)[1:-1])
            if not path or h != path[-1]:
                path.append(h)
        for h in path:
            if h in grid:
                hexes.add(grid.id(h))
        for a, b in itertools.pairwise(path):
            if a in grid and b in grid and a.distance(b) == 1:
                ia, ib = grid.id(a), grid.id(b)
                links.add(f"{ia}/{ib}" if ia < ib else f"{ib}/{ia}")
    return hexes, links


def _fractional(layout: Layout, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    det = layout.a * layout.e - layout.b * layout.d
    px, py = x - layout.c, y - layout.f
    return (layout.e * px - layout.b * py) / det, (layout.a * py - layout.d * px) / det


_NUDGES = ((1e-7, 0.0), (-1e-7, 0.0), (0.0, 1e-7), (0.0, -1e-7), (1e-7, -1e-7), (-1e-7, 1e-7))


def _onto_grid(grid: Grid, cells: list[Hex], fq: np.ndarray, fr: np.ndarray) -> list[Hex]:
    """Samples off the map but on (within rounding noise of) the side of a hex on the map go to that
    hex, so a line drawn along the map edge stays on the map instead of flickering off it."""
    out = list(cells)
    for i, h in enumerate(cells):
        if h in grid:
            continue
        for dq, dr in _NUDGES:
            alt = cube_round(float(fq[i]) + dq, float(fr[i]) + dr)
            if alt in grid:
                out[i] = alt
                break
    return out


def _cube_round(fq: np.ndarray, fr: np.ndarray) -> list[Hex]:
    """Vectorised :func:`toolkit.hexgrid.cube_round`, with the same tie rule, as hexes."""
    q, r = cube_round_arrays(fq, fr)
    return [Hex(int(a), int(b)) for a, b in zip(q, r)]


def _runs(cells: list[Hex], step: float, min_run: float) -> list[Hex]:
    """Collapse consecutive samples into hexes, dropping interior runs shorter than ``min_run``."""
    runs: list[tuple[Hex, int]] = []
    for h in cells:
        if runs and runs[-1][0] == h:
            runs[-1] = (h, runs[-1][1] + 1)
        else:
            runs.append((h, 1))
    if min_run <= 0 or len(runs) <= 2:
        return [h for h, _ in runs]
    keep = [runs[0][0]]
    for h, count in runs[1:-1]:
        if count * step >= min_run:
            keep.append(h)
    keep.append(runs[-1][0])
    return keep
