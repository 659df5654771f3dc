"""The board's VASSAL grid: a HexGrid + HexGridNumbering whose location names are the map's hex ids,
and terrain zones that carry a ``Terrain`` property (``reference/vassal-formats.md`` §1, §3.4).

:func:`vassal_hex_grid` derives VASSAL's ``dx``, ``dy``, ``x0``, ``y0``, ``sideways`` and the
numbering (offsets, leading zeros, separator, stagger) from the layout a board was drawn with (or a
scan's calibration) and the map's numbering, then checks the result with our bit-exact copy of
VASSAL's grid at every hex centre (:func:`grid_mismatches`). :func:`terrain_zones` turns the hexes
of each terrain into polygons (holes joined by a doubled bridge edge, which the even-odd rule of
``java.awt.Polygon`` cancels) so a piece in a hex sees the hex's terrain as ``$Terrain$``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import GridError
from ..hexgrid import Layout
from ..hexgrid.numbering import CCRR, Europa
from ..hexgrid.vassal import Board, HexGridNumbering, PlacedBoard, VassalHexGrid, VassalMap, Zone, ZonedGrid
from ..terrain.model import TerrainMap

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["TerrainZone", "anchor_cell", "grid_deviation", "grid_mismatches", "hex_centres", "integral_layout",
           "straighten", "terrain_zones", "vassal_hex_grid", "vassal_map"]


def integral_layout(tmap: TerrainMap, layout: Layout) -> Layout:
    """``layout`` moved by less than a pixel so that VASSAL's grid origin (the centre of raw column 0,
    row 0: :func:`anchor_cell`) falls on a whole pixel; VASSAL's integer ``x0``/``y0`` then put every
    hex centre where the board shows it (within VASSAL's own truncation to whole pixels)."""
    col, row = anchor_cell(tmap, layout)
    x, y = layout.hex_to_pixel(tmap.grid.numbering.offset.to_hex(col, row))
    return layout.translated(round(x) - x, round(y) - y)


def _frame(tmap: TerrainMap) -> tuple[bool, list[int], list[int]]:
    """(sideways, VASSAL-column index, VASSAL-row index of every hex): VASSAL's columns are our columns
    (flat tops) or our rows (pointy tops, a "sideways" grid, where VASSAL swaps x and y)."""
    numbering = tmap.grid.numbering
    sideways = numbering.offset.orientation == "pointy"
    cells = [numbering.parse(h) for h in tmap.ids()]
    majors = [r if sideways else c for c, r in cells]
    minors = [c if sideways else r for c, r in cells]
    return sideways, majors, minors


def _centre_fn(tmap: TerrainMap, layout: Layout, sideways: bool) -> Callable[[int, int], tuple[float, float]]:
    offset = tmap.grid.numbering.offset

    def centre(major: int, minor: int) -> tuple[float, float]:
        col, row = (minor, major) if sideways else (major, minor)
        x, y = layout.hex_to_pixel(offset.to_hex(col, row))
        return (y, x) if sideways else (x, y)

    return centre


def anchor_cell(tmap: TerrainMap, layout: Layout) -> tuple[int, int]:
    """Offset (column, row) of the hex at VASSAL's raw column 0, row 0: the first row of the first
    unshifted column at or before the map's first (VASSAL shifts odd raw columns by half a hex)."""
    sideways, majors, minors = _frame(tmap)
    m_first, n_first = min(majors), min(minors)
    centre = _centre_fn(tmap, layout, sideways)
    m0 = m_first if centre(m_first + 1, n_first)[1] > centre(m_first, n_first)[1] else m_first - 1
    return (n_first, m0) if sideways else (m0, n_first)


def _clean(v: float) -> float:
    """A spacing with float noise removed (47.99999999999999 -> 48.0), so VASSAL's truncation to
    whole pixels does not lose one."""
    r = round(v, 6)
    return r if abs(v - r) < 1e-9 else v


def hex_centres(tmap: TerrainMap, layout: Layout) -> dict[str, tuple[int, int]]:
    """Every hex id -> its centre on the board, rounded to the pixel."""
    out = {}
    for hid in tmap.ids():
        x, y = layout.hex_to_pixel(tmap.grid.hex(hid))
        out[hid] = (round(x), round(y))
    return out


def vassal_hex_grid(tmap: TerrainMap, layout: Layout, board_size: tuple[int, int]) -> VassalHexGrid:
    """The VASSAL HexGrid (with numbering) that names every hex centre of ``layout`` by its map id.

    Geometry: VASSAL's raw column 0 is an unshifted column (a row, on pointy-top maps, where VASSAL's
    grid is "sideways") through the first hex; ``dx``/``dy`` are the board's own hex spacings. The
    numbering: column-row ids (``0101``, ``10.07``) and Europa ids (``35:4526``, as a location format
    ``35:$gridLocation$``), ascending or descending (``hDescend``/``vDescend`` with offsets that
    cancel VASSAL's board-size-dependent count), with VASSAL's leading zeros and separator.

    Raises GridError when VASSAL's grid cannot express the layout (rotated or skewed scans, numbering
    schemes VASSAL cannot spell) - naming the first hexes that would come out wrong.
    """
    numbering = tmap.grid.numbering
    if isinstance(numbering, CCRR):
        digits = (numbering.col_digits, numbering.row_digits)
        col_first, sep, fmt = not numbering.row_first, numbering.separator, "$gridLocation$"
    elif isinstance(numbering, Europa):
        digits = (numbering.digits, numbering.digits)
        col_first, sep, fmt = not numbering.row_first, "", f"{numbering.map_id}:$gridLocation$"
    else:
        raise GridError(f"a VASSAL hex grid cannot spell {numbering.form} hex ids (only column-row numbers)")
    sideways = _frame(tmap)[0]
    ids = tmap.ids()
    cells = [numbering.parse(h) for h in ids]
    centre = _centre_fn(tmap, layout, sideways)
    a_col, a_row = anchor_cell(tmap, layout)
    m0, n_first = (a_row, a_col) if sideways else (a_col, a_row)
    x_a, y_a = centre(m0, n_first)
    dx = _clean((centre(m0 + 2, n_first)[0] - x_a) / 2)
    dy = _clean(centre(m0, n_first + 1)[1] - y_a)
    if not (dx > 0 and dy > 0):
        raise GridError("the board's hex layout runs right-to-left or bottom-up: VASSAL's hex grid cannot follow it")
    base = VassalHexGrid(dx=dx, dy=dy, x0=round(x_a), y0=round(y_a), sideways=sideways, snap_to=True, visible=False)
    # printed numbers of every hex: VASSAL's column part is our major index, its row part our minor one
    printed = [numbering.from_offset(c, r) for c, r in cells]
    major_printed = [pr if sideways else pc for pc, pr in printed]
    minor_printed = [pc if sideways else pr for pc, pr in printed]
    major_digits, minor_digits = (digits[1], digits[0]) if sideways else digits
    first = "H" if col_first != sideways else "V"  # the id's first part is VASSAL's column part?
    points = list(hex_centres(tmap, layout).values())
    grid = None
    for h_descend in (False, True):
        for v_descend in (False, True):
            probe = base.with_numbering(HexGridNumbering(h_descend=h_descend, v_descend=v_descend, stagger=False))
            logical = [probe.logical(x, y, board_size) for x, y in points]
            h_offs = {p - lc for p, (lc, _) in zip(major_printed, logical)}
            v_offs = {p - lr for p, (_, lr) in zip(minor_printed, logical)}
            if len(h_offs) == 1 and len(v_offs) == 1:
                grid = base.with_numbering(HexGridNumbering(
                    first=first, sep=sep, h_type="N", h_leading=major_digits - 1, h_off=h_offs.pop(),
                    h_descend=h_descend, v_type="N", v_leading=minor_digits - 1, v_off=v_offs.pop(),
                    v_descend=v_descend, location_format=fmt, stagger=False, visible=False))
                break
        if grid is not None:
            break
    if grid is None:
        raise GridError(f"VASSAL's hex grid cannot follow this board's layout: no numbering of its columns and "
                        f"rows gives the {len(ids)} hex ids; is the scan rotated or skewed?")
    wrong = grid_mismatches(tmap, layout, grid, board_size)
    if wrong:
        sample = ", ".join(f"{h} -> {n}" for h, n in wrong[:3])
        raise GridError(f"VASSAL's hex grid cannot follow this board's layout: {len(wrong)} of {len(ids)} hex "
                        f"centres would be misnamed ({sample}); is the scan rotated or skewed?")
    return grid


def vassal_map(grid: VassalHexGrid | ZonedGrid, board_size: tuple[int, int], name: str = "Main Map",
               board: str = "Board") -> VassalMap:
    """A one-board VASSAL map with the grid, as the module will have it."""
    return VassalMap(name, [PlacedBoard(Board(board, board_size[0], board_size[1], grid), 0, 0)])


def grid_mismatches(tmap: TerrainMap, layout: Layout, grid: VassalHexGrid | ZonedGrid,
                    board_size: tuple[int, int]) -> list[tuple[str, str]]:
    """``(hex id, VASSAL's name)`` for every hex whose centre VASSAL would name otherwise."""
    vmap = vassal_map(grid, board_size)
    out = []
    for hid, (x, y) in hex_centres(tmap, layout).items():
        name = vmap.location_name(x, y)
        if name != hid:
            out.append((hid, name))
    return out


def straighten(image: Image.Image, tmap: TerrainMap, layout: Layout) -> tuple[Image.Image, Layout]:
    """A scan resampled so that its hexes sit on a regular, axis-aligned grid that VASSAL's HexGrid can
    follow (a turned, sheared or unevenly stretched calibration), and that grid's layout.

    The new hexes have about the scan's mean hex size (a whole, even number of pixels high) and keep
    the map's middle hex where it was; the image keeps its size (what the turn moves off the sheet is
    white)."""
    from PIL import Image as PILImage

    size = math.sqrt(layout.hex_area() / (1.5 * math.sqrt(3)))
    # hexes a whole, even number of pixels high (flat to flat): VASSAL's whole-pixel centres, and its
    # half-hex shift of odd columns, then fall exactly on the board's hex centres along that axis
    size = max(2, 2 * round(size * math.sqrt(3) / 2)) / math.sqrt(3)
    target = Layout.regular(tmap.grid.numbering.offset.orientation, size)
    ids = tmap.ids()
    middle = tmap.grid.hex(ids[len(ids) // 2])
    (x_src, y_src), (x_new, y_new) = layout.hex_to_pixel(middle), target.hex_to_pixel(middle)
    target = integral_layout(tmap, target.translated(x_src - x_new, y_src - y_new))
    # output pixel -> hex (target inverse) -> scan pixel (calibration): one affine for Pillow
    a, b, c, d, e, f = target.a, target.b, target.c, target.d, target.e, target.f
    det = a * e - b * d
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    m11 = layout.a * ia + layout.b * id_
    m12 = layout.a * ib + layout.b * ie
    m21 = layout.d * ia + layout.e * id_
    m22 = layout.d * ib + layout.e * ie
    off_x = layout.c - (m11 * c + m12 * f)
    off_y = layout.f - (m21 * c + m22 * f)
    # Pillow maps output pixel centres (x + 0.5) to continuous input coordinates (pixel k spans [k, k+1));
    # our layouts put pixel k's centre at k
    data = (m11, m12, off_x + 0.5 - 0.5 * (m11 + m12), m21, m22, off_y + 0.5 - 0.5 * (m21 + m22))
    flat = image.convert("RGB").transform(image.size, PILImage.Transform.AFFINE, data,
                                          resample=PILImage.Resampling.BILINEAR, fillcolor=(255, 255, 255))
    return flat, target


def grid_deviation(tmap: TerrainMap, layout: Layout, grid: VassalHexGrid, board_size: tuple[int, int]) -> float:
    """The largest distance (pixels) between a hex centre of the board and the centre VASSAL snaps a
    piece to in that hex: how far VASSAL's regular grid strays from the board's hexes."""
    vmap = vassal_map(grid, board_size)
    worst = 0.0
    for hid in tmap.ids():
        x, y = layout.hex_to_pixel(tmap.grid.hex(hid))
        sx, sy = vmap.snap(round(x), round(y))
        worst = max(worst, math.hypot(sx - x, sy - y))
    return worst


@dataclass(frozen=True)
class TerrainZone:
    """A zone of the board and the terrain it carries."""

    zone: Zone
    terrain: str


def terrain_zones(tmap: TerrainMap, layout: Layout, default: str) -> list[TerrainZone]:
    """One zone per connected area of each terrain but ``default`` (which the map itself carries),
    in legend order, each using the parent grid so location names stay the hex ids."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    by_terrain: dict[str, list[Polygon]] = {}
    for hid in tmap.ids():
        terrain = tmap.terrain(hid)
        if terrain == default:
            continue
        corners = [(round(x), round(y)) for x, y in layout.corners(tmap.grid.hex(hid))]
        by_terrain.setdefault(terrain, []).append(Polygon(corners))
    order = list(tmap.legend) + sorted(t for t in by_terrain if t not in tmap.legend)
    out: list[TerrainZone] = []
    for terrain in order:
        polys = by_terrain.get(terrain)
        if not polys:
            continue
        merged = unary_union(polys)
        parts = sorted(getattr(merged, "geoms", [merged]), key=lambda p: (p.bounds[1], p.bounds[0]))
        label = tmap.legend[terrain].title if terrain in tmap.legend else terrain
        for n, part in enumerate(parts, 1):
            path = _keyhole(part)
            if len(path) < 3:
                continue
            name = label if n == 1 else f"{label} {n}"
            zone = Zone(name=name, path=path, location_format="$gridLocation$", use_parent_grid=True)
            out.append(TerrainZone(zone, terrain))
    return out


def _ring(coords: Sequence[tuple[float, float]]) -> list[tuple[int, int]]:
    pts = [(round(x), round(y)) for x, y in coords]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    out: list[tuple[int, int]] = []
    for p in pts:  # drop repeats (corners that rounded together)
        if out and out[-1] == p:
            continue
        out.append(p)
    return out


def _keyhole(poly: object) -> list[tuple[int, int]]:
    """One path for a polygon with holes: the outer ring, then each hole reached and left along the
    same bridge edge from the first outer vertex (even-odd filling leaves the holes empty)."""
    outer = _ring(list(poly.exterior.coords))  # type: ignore[attr-defined]
    if not outer:
        return []
    path = list(outer)
    anchor = outer[0]
    for interior in poly.interiors:  # type: ignore[attr-defined]
        hole = _ring(list(interior.coords))
        if len(hole) < 3:
            continue
        path += [anchor, *hole, hole[0]]
    return path
