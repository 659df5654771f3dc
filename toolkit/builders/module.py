"""A complete VASSAL module for a game, from its data alone (``reference/vassal-formats.md`` §3).

``build_module(game, ...)`` makes, deterministically (same input, same bytes):

* the **board**: the map rendered by :func:`toolkit.terrain.render.render_map` (or a user's scan with
  the map's calibration, resampled square when its grid is turned or sheared) with a ``ZonedGrid``
  whose background ``HexGrid`` + ``HexGridNumbering`` names every hex centre by the map's own hex id
  (:mod:`.module_grid`: flat or pointy tops, any column/row direction, column-row or Europa ids;
  checked at every hex with our bit-exact copy of VASSAL's grid) and whose zones carry a ``Terrain``
  property (the commonest terrain is a map property), so a piece sees its hex's terrain as
  ``$Terrain$`` ("Terrain here", Ctrl+T);
* every **counter** as a piece: a ``Layer`` with front and back (flip: Ctrl+F, reported), the
  ``Unit`` prototype (delete, terrain and flip reports), a nationality prototype (``Side``,
  ``Nationality``, ``Player`` markers) and a unit-type prototype (``Type``, ``Size``), and a
  ``Counter``/``Values`` marker with the counter id; the piece's name is the one the game's referee
  reads back (``Finnish 6-6-2``);
* **palettes** by side and by arrival (initial forces, Game-Turn N, scenarios); one **pool** map per
  player; the **player aids** in a charts window; a **die** button; a **turn track** from the turn
  record; an **inventory**; a **notes** window; a **Documentation** element with a help page;
  ``moduledata``;
* a **set-up save** (``PredefinedSetup``) with units on their fixed hexes and free-deployment units
  in their player's pool, written by :func:`toolkit.vassal.writer.new_save`.

A game tunes all this with a :class:`ModuleSpec` from ``Game.module_spec(counters)``; a game without
one gets :func:`default_spec` (every counter in one palette group per side, no set-up units).
"""

from __future__ import annotations

import html
import io
import math
import tempfile
from collections import Counter as Tally
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree
from PIL import Image, ImageDraw

from ..counters import CounterSet
from ..errors import GridError, ImageError, InputError
from ..fileio import atomic_write
from ..hexgrid import Layout
from ..hexgrid.vassal import VassalHexGrid, Zone, ZonedGrid
from ..terrain.calibrate import open_image
from ..terrain.model import TerrainMap
from ..vassal.buildfile import module_metadata, render_buildfile, vmod_bytes
from ..vassal.codec import join
from ..vassal.module import Module
from ..vassal.traits import Trait, encode_chain
from ..vassal.writer import Placement, new_save
from .aids import AidStyle, ChartTable, render_table
from .counter_art import render_face
from .module_grid import (
    TerrainZone,
    grid_deviation,
    grid_mismatches,
    integral_layout,
    straighten,
    terrain_zones,
    vassal_hex_grid,
)
from .module_play import (
    BOXES_MAP,
    KEYS,
    Box,
    BulkCommand,
    GameProperty,
    MarkerPiece,
    box_layout,
    eliminate_trait,
    marker_image,
    mask_trait,
    render_boxes,
    restrict_trait,
)
from .names import MAIN_MAP

__all__ = [
    "BOXES_MAP",
    "DEFAULT_HEX_PX",
    "MAIN_MAP",
    "Box",
    "BuiltModule",
    "BulkCommand",
    "GameProperty",
    "MarkerPiece",
    "ModuleSpec",
    "PaletteGroup",
    "SetupPiece",
    "board_from_file",
    "board_geometry",
    "build_module",
    "default_spec",
    "pool_map_name",
    "pool_zone_name",
    "position_placements",
    "render_board",
    "write_module",
]

DEFAULT_HEX_PX = 64  # VASSAL's default hex height (flat to flat), as in most modules
BOARD = "Board"
VASSAL_VERSION = "3.6.7"
SETUP_FILE = "setup.vsav"
HELP_PAGE = "help/index.html"

_M = "VASSAL.build.module."
_W = "VASSAL.build.widget."
_GRID = _M + "map.boardPicker.board."


# ------------------------------------------------------------------------------------------ what a game says

@dataclass(frozen=True)
class PaletteGroup:
    """One panel of a side's palette: a title and ``(counter id, copies)`` pairs."""

    title: str
    counters: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SetupPiece:
    """Units of one counter at the start: on ``hex`` (a map hex id), or in their player's pool (None);
    ``masked``: placed face-down, masked by their side (the rules' hidden deployment)."""

    counter: str
    hex: str | None = None
    copies: int = 1
    masked: bool = False


@dataclass(frozen=True)
class ModuleSpec:
    """What a game adds to its module (``Game.module_spec(counters)`` returns one).

    ``players`` are the PlayerRoster sides; ``player_of`` maps a counter side to its player;
    ``piece_names`` maps a counter id to the piece name the game's referee reads back; ``palette``
    maps a counter side to its palette groups; ``dice`` are ``(number, sides)`` buttons; ``turns``
    the names of the game turns, ``phases`` the player turns inside each and ``player_phases`` the phases
    inside each player turn: the turn tracker nests them (Game-Turn > Player-Turn > Phase) as VASSAL
    modules do, so a save's ``TURNTurnTracker0`` line says where in the Sequence of Play it was made;
    ``interphase`` names a step after the Player-Turns of every Game-Turn (a second sub-level of the
    Game-Turn level, which VASSAL visits after the first rolls over).

    Play: ``masked`` are the players whose units carry a Mask owned by their side (hidden deployment;
    every unit is Restricted to its own side's players anyway); ``boxes`` the named holding boxes of
    the Boxes map (each player without an ``eliminated`` box gets "<Player> eliminated"); ``markers``
    the markers the rules use; ``bulk`` the toolbar Global Key Commands; ``properties`` the game's
    module-level global properties (saved with every game)."""

    players: tuple[str, ...]
    player_of: Mapping[str, str]
    piece_names: Mapping[str, str]
    palette: Mapping[str, tuple[PaletteGroup, ...]]
    setup: tuple[SetupPiece, ...] = ()
    dice: tuple[tuple[int, int], ...] = ((1, 6),)
    turns: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    player_phases: tuple[str, ...] = ()
    about: str = ""
    interphase: str = ""
    masked: tuple[str, ...] = ()
    boxes: tuple[Box, ...] = ()
    markers: tuple[MarkerPiece, ...] = ()
    bulk: tuple[BulkCommand, ...] = ()
    properties: tuple[GameProperty, ...] = ()

    def all_boxes(self) -> tuple[Box, ...]:
        """The declared boxes plus an eliminated box for every player that has none."""
        have = {b.player for b in self.boxes if b.kind == "eliminated"}
        extra = tuple(Box(f"{p} eliminated", "eliminated", p, "eliminated units") for p in self.players
                      if p not in have)
        return (*self.boxes, *extra)

    def eliminated_box(self, player: str) -> str:
        """The name of a player's eliminated box."""
        return next(b.name for b in self.all_boxes() if b.kind == "eliminated" and b.player == player)


def default_spec(cset: CounterSet) -> ModuleSpec:
    """A spec from the counters alone: players are the sides' players, pieces are named by id."""
    players: list[str] = []
    player_of = {}
    for side in cset.sides.values():
        player = (side.player or side.name).title()
        player_of[side.name] = player
        if player not in players:
            players.append(player)
    palette = {s: (PaletteGroup("Counters", tuple((ct.id, ct.count) for ct in cset if ct.side == s)),)
               for s in cset.sides}
    return ModuleSpec(tuple(players), player_of, {ct.id: ct.id for ct in cset}, palette)


def pool_map_name(player: str) -> str:
    """The map that holds a player's free-deployment units."""
    return f"{player} Pool"


def pool_zone_name(player: str) -> str:
    """VASSAL's location name of every point of a player's pool map."""
    return f"{player} pool"


# ------------------------------------------------------------------------------------------ the result

@dataclass
class BuiltModule:
    """A module ready to write: the ``.vmod`` bytes, its set-up save, and what went into it."""

    vmod: bytes
    setup: bytes
    grid: VassalHexGrid
    layout: Layout
    board_size: tuple[int, int]
    zones: list[TerrainZone]
    default_terrain: str
    hexes: int
    pieces: int
    setup_pieces: int
    charts: list[str]
    spec: ModuleSpec = field(repr=False)
    straightened: bool = False  # the scan was resampled onto an axis-aligned grid
    followed: int = 0  # the scan was resampled so that its folded print lies on the grid: the warp's blocks

    def summary(self) -> dict[str, Any]:
        """A JSON-ready description (for ``--json`` and the demo)."""
        g = self.grid.to_attributes()
        n = self.grid.numbering.to_attributes() if self.grid.numbering else {}
        return {"board": list(self.board_size), "hexes": self.hexes,
                "grid": {k: g[k] for k in ("dx", "dy", "x0", "y0", "sideways")},
                "numbering": {k: n[k] for k in ("hOff", "vOff", "hLeading", "vLeading", "sep", "stagger")},
                "terrain_zones": len(self.zones), "default_terrain": self.default_terrain,
                "pieces": self.pieces, "setup_pieces": self.setup_pieces, "charts": self.charts,
                "straightened": self.straightened, "print_followed": self.followed, "bytes": len(self.vmod)}


def write_module(built: BuiltModule, path: str | Path) -> None:
    """Write the ``.vmod`` atomically."""
    atomic_write(path, built.vmod)


# ------------------------------------------------------------------------------------------ building

def build_module(title: str, tmap: TerrainMap, cset: CounterSet, spec: ModuleSpec | None = None, *,
                 charts: Sequence[ChartTable] = (), hex_px: float = DEFAULT_HEX_PX,
                 board_image: Image.Image | None = None, board_layout: Layout | None = None,
                 counter_px: int | None = None, version: str = "1.0", description: str = "",
                 about: str = "", keep_scan: bool = False) -> BuiltModule:
    """Build the module of a game from its map, counters, spec and chart tables.

    ``hex_px`` is the rendered hex height (flat to flat) in pixels. With ``board_image`` (a scan, or
    a board already rendered by :func:`render_board`), the board is that image and ``board_layout``
    (default: the map's grid calibration) places the hexes on it; a scan whose grid is turned or
    sheared (VASSAL's HexGrid would stray more than 4% of a hex, or 2 px, from a hex centre) is
    resampled onto a square grid first (:func:`.module_grid.straighten`). A scan placed by the map's grid when that
    grid has a warp (a folded scan, ``wgt map calibrate``) is first read through it
    (:func:`toolkit.terrain.warp.follow_print`): a new image whose print lies where the one affine grid VASSAL
    has puts it, the grid unchanged; ``keep_scan`` keeps the scan as it is. Raises GridError when the
    numbering cannot be expressed.
    """
    spec = spec or default_spec(cset)
    _check_spec(spec, cset, tmap)
    if board_image is None:
        board, layout = render_board(tmap, hex_px)
    else:
        layout = board_layout or tmap.grid.layout  # type: ignore[assignment]
        if layout is None:
            raise InputError("the map has no grid calibration: calibrate the scan first (wgt map calibrate)")
        board = board_image.convert("RGB")
        _check_board_fits(tmap, layout, board.size)
    size = board.size
    straightened = False
    followed = 0
    warp = tmap.grid.warp
    if board_image is not None and warp is not None and warp.nodes and layout == tmap.grid.layout and not keep_scan:
        from ..terrain.warp import follow_print

        # VASSAL has one affine grid: the folded print is moved onto it (the pixels read as the extraction reads them)
        board = follow_print(board, tmap.grid)
        followed = len(warp.nodes)
    try:
        grid = vassal_hex_grid(tmap, layout, size)
        if board_image is not None and grid_deviation(tmap, layout, grid, size) > max(2.0, 0.04 * grid.dy):
            raise GridError("VASSAL's grid strays from the scan's hexes")
    except GridError:
        if board_image is None:
            raise
        board, layout = straighten(board, tmap, layout)  # a turned or sheared scan: resample it square
        grid = vassal_hex_grid(tmap, layout, size)
        straightened = True
    counts = Tally(tmap.terrain(h) for h in tmap.ids())
    default = max(sorted(counts), key=lambda t: counts[t])
    zones = terrain_zones(tmap, layout, default)
    zoned = ZonedGrid([z.zone for z in zones], grid)
    wrong = grid_mismatches(tmap, layout, zoned, size)
    if wrong:  # pragma: no cover - zones use the parent grid, so this would be a bug
        raise AssertionError(f"terrain zones change hex names: {wrong[:3]}")

    files: dict[str, bytes] = {"images/board.png": _png(board)}
    px = counter_px or max(16, round(grid.dy * 0.78))  # counters about 4/5 of a hex (flat to flat)
    for ct in cset:
        for which in ("front", "back"):
            files[f"images/{_image_name(ct.id, which)}"] = _png(render_face(cset, ct, which, px))
    for side in cset.sides.values():  # the mask: the side's plain back, what opponents see of a hidden unit
        if spec.player_of.get(side.name, side.name.title()) in spec.masked:
            files[f"images/{_mask_image(side.name)}"] = _png(Image.new("RGB", (px, px), side.colour))
    for marker in spec.markers:
        files[f"images/{_marker_image_name(marker)}"] = _png(marker_image(marker, px))
    files[f"images/{BOXES_IMAGE}"] = _png(render_boxes(spec.all_boxes(), px, title))
    overlay = _overlay(tmap, layout, size, default)
    files[f"images/{OVERLAY_IMAGE}"] = _png(overlay)
    chart_files: list[tuple[str, str]] = []
    style = AidStyle(dpi=150, game_title=title)
    for n, table in enumerate(charts, 1):
        name = f"chart-{n:02d}-{_slug(table.title)}.png"
        files[f"images/{name}"] = _png(render_table(table, style, 1200))
        chart_files.append((table.title, name))
    files[HELP_PAGE] = _help_page(title, tmap, cset, spec, about or spec.about).encode("utf-8")

    builder = _Tree(title, version, description or f"{title}: built by wargame-toolkit from its map and counters",
                    tmap, cset, spec, grid, zones, default, size, px, chart_files)
    root = builder.build(with_setup=False)
    setup_save, setup_count = _setup_save(root, files, spec, cset, tmap, px, (overlay.width // 2, overlay.height // 2))
    root = builder.build(with_setup=bool(spec.setup))
    if spec.setup:
        files[SETUP_FILE] = setup_save
    vmod = vmod_bytes(render_buildfile(root), module_metadata(root), files)
    return BuiltModule(vmod, setup_save, grid, layout, size, zones, default, len(tmap.ids()), builder.slots,
                       setup_count, [t for t, _ in chart_files], spec, straightened, followed)


def board_geometry(tmap: TerrainMap, hex_px: float = DEFAULT_HEX_PX) -> tuple[Layout, tuple[int, int]]:
    """The layout and image size of the rendered board with hexes ``hex_px`` high (flat to flat): the
    renderer's own layout, moved by under a pixel so that hex centres fall where VASSAL puts them."""
    from ..terrain.render import board_layout, legend_height

    if not 8 <= hex_px <= 400:
        raise InputError(f"hex size of {hex_px:g} px is out of range (8 to 400)")
    size_px = hex_px / math.sqrt(3)
    layout, size = board_layout(tmap, size_px)  # below the hexes: the legend, title, scale and provenance
    size = (size[0], size[1] + math.ceil(legend_height(tmap, size_px, size[0])))
    return integral_layout(tmap, layout), size


def render_board(tmap: TerrainMap, hex_px: float = DEFAULT_HEX_PX) -> tuple[Image.Image, Layout]:
    """The board image of the module (:func:`toolkit.terrain.render.render_map`) and its layout."""
    from ..terrain.render import render_map

    layout, size = board_geometry(tmap, hex_px)
    return render_map(tmap, layout=layout, size=size).image, layout


def _check_board_fits(tmap: TerrainMap, layout: Layout, size: tuple[int, int]) -> None:
    """Every hex centre the calibration gives must be on the board image (else it is another image)."""
    outside = [h for h in tmap.ids()
               if not (0 <= (p := layout.hex_to_pixel(tmap.grid.hex(h)))[0] < size[0] and 0 <= p[1] < size[1])]
    if outside:
        raise ImageError(f"{len(outside)} of {len(tmap.ids())} hex centres of the map's calibration (e.g. "
                         f"{outside[0]}) fall outside the {size[0]}x{size[1]} board image: is it the scan the map "
                         f"was calibrated on?")


def _check_spec(spec: ModuleSpec, cset: CounterSet, tmap: TerrainMap) -> None:
    for cid in spec.piece_names:
        cset[cid]  # InputError for an unknown counter
    for groups in spec.palette.values():
        for g in groups:
            for cid, _ in g.counters:
                cset[cid]
    for piece in spec.setup:
        cset[piece.counter]
        if piece.hex is not None and piece.hex not in tmap.grid:
            raise InputError(f"set-up hex {piece.hex!r} of {piece.counter} is not on the map")
    missing = [ct.id for ct in cset if ct.id not in spec.piece_names]
    if missing:
        raise InputError(f"the module spec names no piece for counters {', '.join(missing[:5])}")


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def _image_name(counter_id: str, which: str) -> str:
    return f"{counter_id}-{which}.png"


BOXES_IMAGE = "boxes.png"
OVERLAY = "Terrain overlay"
OVERLAY_IMAGE = "overlay.png"
OVERLAY_LAYER = "Overlay"


def _overlay(tmap: TerrainMap, layout: Layout, size: tuple[int, int], default: str) -> Image.Image:
    """The terrain overlay: every hex outlined, and the terrain VASSAL reads there (its zone's ``Terrain``)
    written in hexes that are not ``default``; transparent elsewhere; one pixel wider and taller where the
    board's size is odd, so that the piece, centred on its position, lies exactly on the board."""
    from ..fonts import font

    width, height = size[0] + size[0] % 2, size[1] + size[1] % 2
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    first = tmap.grid.hex(tmap.ids()[0])
    face = font(max(7.0, math.dist(layout.hex_to_pixel(first), layout.corners(first)[0]) * 0.32), "bold")
    for hid in tmap.ids():
        h = tmap.grid.hex(hid)
        corners = layout.corners(h)
        draw.line([*corners, corners[0]], fill=(200, 0, 160, 255), width=2)
        terrain = tmap.terrain(hid)
        if terrain != default:
            x, y = layout.hex_to_pixel(h)
            draw.text((x, y), terrain.replace("_", " "), font=face, fill=(120, 0, 100, 255), anchor="mm",
                      stroke_width=2, stroke_fill=(255, 255, 255, 220))
    return image


def _mask_image(side: str) -> str:
    return f"mask-{side}.png"


def _marker_image_name(marker: MarkerPiece) -> str:
    return f"marker-{_slug(marker.name)}.png"


def _zone_attrs(name: str, rect: tuple[int, int, int, int]) -> dict[str, str]:
    """A rectangular Zone with no grid of its own: every point in it is named ``name``."""
    x0, y0, x1, y1 = rect
    return Zone(name, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]).to_attributes()


def _slug(text: str) -> str:
    out = "".join(c.lower() if c.isalnum() else "-" for c in text)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")[:40] or "chart"


# ------------------------------------------------------------------------------------------ piece traits

def _keys(*strokes: str) -> str:
    return join(strokes, ",")


def _marker(props: Mapping[str, str]) -> Trait:
    return Trait("mark;" + join(list(props), ","), join(list(props.values()), ","))


def _report(key: str, fmt: str, description: str) -> Trait:
    return Trait(join(["report", _keys(key), fmt, "", "", description, "false"], ";"), "-1")


def _menu_action(name: str, command: str, key: str) -> Trait:
    """A TriggerAction that only puts a command in the piece's menu (the key goes on to other traits)."""
    return Trait(join(["macro", name, command, key, "", "", "", "false", "", "", "counted", "", "", "", "false", "",
                       "1", "1"], ";"), "")


def _flip_layer(front: str, back: str) -> Trait:
    # the reset (Ctrl+Shift+F, no menu entry) turns the unit face up: the bulk "All units face up"
    fields = ["emb2", "", "2", "", "Flip", "2", "", "", "2", "", "", KEYS["face_up"], "1", "false", "0", "0",
              join([front, back], ","), ",", "true", "Face", "", "", "false", "", "1", "1", "true", "",
              "70,130", "", "", "1.0"]
    return Trait(join(fields, ";"), "1")


def _basic(name: str = "", image: str = "", gpid: str = "") -> Trait:
    return Trait("piece;" + join(["", "", image, name], ";"), join(["null", "0", "0", gpid, "0"], ";"))


def _definition(traits: Sequence[Trait]) -> str:
    ptype, pstate = encode_chain(traits)
    return join(["+", "null", ptype, pstate], "/")


def _prototype(name: str) -> Trait:
    return Trait("prototype;" + name, "")


UNIT_PROTOTYPE = "Unit"


def _unit_traits() -> list[Trait]:
    return [
        _menu_action("Terrain", "Terrain here", "84,130"),
        _report("84,130", "$location$: $Terrain$ ($newPieceName$)", "Report terrain"),
        _report("70,130", "$PlayerName$ flips $newPieceName$ in $location$", "Report flip"),
        Trait("delete;Delete;68,130;", ""),
    ]


def _nationality_name(side: str) -> str:
    return "Nationality " + side.title()


def _type_name(unit_type: str) -> str:
    return "Type " + unit_type


# ------------------------------------------------------------------------------------------ the component tree

def _sub(parent: etree._Element, tag: str, attrs: Mapping[str, str] | None = None,
         text: str | None = None) -> etree._Element:
    el = etree.SubElement(parent, tag, dict(attrs or {}))
    if text is not None:
        el.text = text
    return el


_MAP_ATTRS = {
    "allowMultiple": "false", "backgroundcolor": "255,255,255", "changeFormat": "$message$", "color": "0,0,0",
    "createFormat": "$pieceName$ created in $location$ *", "edgeHeight": "0", "edgeWidth": "0", "hideKey": "",
    "hotkey": "", "markUnmovedHotkey": "", "markUnmovedIcon": "/images/unmoved.gif", "markUnmovedReport": "",
    "markUnmovedText": "", "markUnmovedTooltip": "Mark all pieces on this map as not moved", "moveKey": "",
    "moveToFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
    "moveWithinFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
    "onlyReportChangedLocation": "false", "showKey": "", "thickness": "3"}

_CDV = {
    "borderWidth": "0", "centerAll": "false", "centerText": "false", "combineCounterSummary": "false",
    "counterReportFormat": "", "delay": "700", "description": "", "display": "from top-most layer only",
    "emptyHexReportForma": "$LocationName$", "enableHTML": "false", "extraTextPadding": "0", "fgColor": "0,0,0",
    "fontSize": "9", "graphicsZoom": "1.0", "hotkey": "32,130", "layerList": "", "minDisplayPieces": "2",
    "propertyFilter": "", "showDeck": "false", "showDeckDepth": "1", "showDeckMasked": "false",
    "showMoveSelectde": "false", "showNoStack": "false", "showNonMovable": "false", "showOverlap": "false",
    "showgraph": "true", "showgraphsingle": "false", "showtext": "true", "showtextsingle": "true",
    "stretchWidthSummary": "false", "summaryReportFormat": "$LocationName$", "unrotatePieces": "false",
    "version": "3", "verticalOffset": "0", "verticalTopText": "5", "zoomlevel": "1.0"}

#: the toolbar's log and undo buttons, as VASSAL's module template sets them (new log Alt+W, end log
#: Alt+Shift+W, step through a log with Page Down, server controls Alt+S)
_GLOBAL_OPTIONS = (("newHotKey", "87,520"), ("endHotKey", "87,585"), ("stepIcon", "/images/StepForward16.gif"),
                   ("stepHotKey", "34,0"), ("undoIcon", "/images/Undo16.gif"), ("undoHotKey", None),
                   ("serverControlsIcon", "/images/connect.gif"), ("serverControlsHotKey", "83,520"))

_ZOOMER = {"inButtonText": "", "inIconName": "/images/zoomIn.gif", "inTooltip": "Zoom in", "outButtonText": "",
           "outIconName": "/images/zoomOut.gif", "outTooltip": "Zoom out", "pickButtonText": "",
           "pickIconName": "/images/zoom.png", "pickTooltip": "Select Zoom", "zoomInKey": "",
           "zoomLevels": "0.25,0.333,0.5,0.75,1.0,1.5", "zoomOutKey": "", "zoomPickKey": "", "zoomStart": "4"}


class _Tree:
    """Builds the buildFile component tree (the set-up element optional: the save needs the tree first)."""

    def __init__(self, title: str, version: str, description: str, tmap: TerrainMap, cset: CounterSet,
                 spec: ModuleSpec, grid: VassalHexGrid, zones: list[TerrainZone], default: str,
                 size: tuple[int, int], px: int, charts: list[tuple[str, str]]) -> None:
        self.title, self.version, self.description = title, version, description
        self.tmap, self.cset, self.spec, self.grid, self.zones = tmap, cset, spec, grid, zones
        self.default, self.size, self.px, self.charts = default, size, px, charts
        self.slots = 0

    def build(self, *, with_setup: bool) -> etree._Element:
        self.gpid = 0
        root = etree.Element("VASSAL.build.GameModule", {
            "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
            "description": self.description, "name": self.title, "nextPieceSlotId": "0", "version": self.version})
        _sub(root, _M + "BasicCommandEncoder")
        doc = _sub(root, _M + "Documentation")
        _sub(doc, _M + "documentation.HelpFile", {"fileName": "/help/Intro.html", "fileType": "resource",
                                                  "title": "Vassal Quick Start", "vassalDoc": "vassal"})
        _sub(doc, _M + "documentation.BrowserHelpFile", {"startingPage": HELP_PAGE, "title": f"{self.title} module"})
        roster = _sub(root, _M + "PlayerRoster", {"buttonIcon": "", "buttonKeyStroke": "", "buttonText": "Retire",
                                                  "buttonToolTip": "Switch sides"})
        for player in self.spec.players:
            _sub(roster, "entry", text=player)
        options = _sub(root, _M + "GlobalOptions", {
            "autoReport": "Always", "chatterHTMLSupport": "Never", "disablePieceIndexing": "false",
            "hotKeysOnClosedWindows": "Never", "inventoryForAll": "Always", "minMaxHeap": "0",
            "nonOwnerUnmaskable": "Never", "playerIdFormat": "$PlayerName$",
            "promptString": "Opponents can unmask my pieces", "purgeBlankPropertyPrompts": "true",
            "sendToLocationMoveTrails": "Never", "storeLeadingZeroIntegersAsStrings": "false",
            "centerOnMove": "Use Preferences Setting"})
        for name, value in _GLOBAL_OPTIONS:
            _sub(options, "option", {"name": name}, value)
        for tag in ("Chatter", "KeyNamer"):
            _sub(root, _M + tag)
        props = _sub(root, _M + "properties.GlobalProperties")
        for gp in self.spec.properties:  # the game's own state, saved with every game (GlobalProperty lines)
            _sub(props, _M + "properties.GlobalProperty", {
                "description": gp.description, "initialValue": gp.initial, "isNumeric": "false", "max": "",
                "min": "", "name": gp.name, "wrap": "false"})
        _sub(root, _M + "properties.GlobalTranslatableMessages")
        _sub(root, "VASSAL.i18n.Language")
        self.prototypes(_sub(root, _M + "PrototypesContainer"))
        self.main_map(root)
        for player in self.spec.players:
            self.pool_map(root, player)
        self.boxes_map(root)
        self.palette(root)
        self.chart_window(root)
        for n, sides in self.spec.dice:
            name = f"{n}d{sides}"
            _sub(root, _M + "DiceButton", {
                "addToTotal": "0", "canDisable": "false", "disabledIcon": "", "hotkey": "", "icon": "/images/die.gif",
                "keepCount": "1", "keepDice": "false", "keepOption": ">", "lockAdd": "false", "lockDice": "false",
                "lockPlus": "false", "lockSides": "false", "nDice": str(n), "nSides": str(sides), "name": name,
                "plus": "0", "prompt": "false", "propertyGate": "",
                "reportFormat": "** $name$ = $result$ *** &lt;$PlayerName$&gt;", "reportTotal": "false",
                "sortDice": "false", "text": name, "tooltip": f"Roll {name}"})
        self.turn_tracker(root)
        for player in self.spec.players:  # each side's inventory lists its own units, shown to that side only
            _sub(root, _M + "Inventory", {
                "canDisable": "false", "centerOnPiece": "true", "disabledIcon": "", "drawPieces": "false",
                "foldersOnly": "false", "forwardKeystroke": "true", "groupBy": "CurrentMap,LocationName",
                "hideWhenDisabled": "false", "hotkey": "", "icon": "", "include": f'{{Player=="{player}"}}',
                "launchFunction": "functionHide", "leafFormat": "$PieceName$", "name": f"{player} inventory",
                "nonLeafFormat": "$PropertyValue$", "pieceZoom": "0.33", "pieceZoom2": "0.5", "pieceZoom3": "0.6",
                "propertyGate": "", "refreshHotkey": "", "showMenu": "true", "sides": player,
                "sortFormat": "$PieceName$", "sortPieces": "true", "sorting": "alpha", "text": f"{player} units",
                "tooltip": f"The {player} units by map and location (shown to the {player} side only)",
                "zoomOn": "false"})
        for bulk in self.spec.bulk:
            self.bulk_command(root, bulk)
        _sub(root, _M + "NotesWindow", {"buttonText": "Notes", "hotkey": "", "icon": "",
                                        "tooltip": "Public and private notes, saved with the game"})
        if with_setup:
            _sub(root, _M + "PredefinedSetup", {
                "description": "The start of the game: fixed units on their hexes, the others in each player's pool.",
                "file": SETUP_FILE, "isMenu": "false", "name": "Initial set-up", "useFile": "true"})
        root.set("nextPieceSlotId", str(self.gpid + 1))
        return root

    # -- prototypes and pieces ----------------------------------------------------------------------------
    def prototypes(self, container: etree._Element) -> None:
        def define(name: str, description: str, traits: list[Trait]) -> None:
            _sub(container, _M + "PrototypeDefinition", {"description": description, "name": name},
                 _definition([*traits, _basic()]))

        define(UNIT_PROTOTYPE, "every unit: terrain and flip reports, delete", _unit_traits())
        for side in self.cset.sides.values():
            player = self.spec.player_of.get(side.name, side.name.title())
            own: list[Trait] = [restrict_trait([player])]  # only the owner's side moves it or uses its menu
            if player in self.spec.masked:  # hidden deployment: masked by the side, opponents see the back
                own.append(mask_trait(_mask_image(side.name), f"{side.label} unit"))
            own.append(eliminate_trait(BOXES_MAP, self.spec.eliminated_box(player)))
            own.append(_marker({"Side": side.name, "Nationality": side.label, "Player": player}))
            define(_nationality_name(side.name), side.label, own)
        for unit_type in sorted({ct.unit_type for ct in self.cset}):
            define(_type_name(unit_type), "unit type", [_marker({"Type": unit_type})])

    def piece_traits(self, counter_id: str, gpid: str) -> list[Trait]:
        ct = self.cset[counter_id]
        return [  # the side's prototype outermost: its Restricted Access and Mask cover every other trait
            _prototype(_nationality_name(ct.side)),
            _prototype(UNIT_PROTOTYPE),
            _prototype(_type_name(ct.unit_type)),
            _marker({"Counter": ct.id, "Values": self.cset.values_text(ct.values) or ct.unit_type,
                     **({"Size": ct.size} if ct.size else {})}),
            _flip_layer(_image_name(ct.id, "front"), _image_name(ct.id, "back")),
            _basic(self.spec.piece_names[ct.id], "", gpid),
        ]

    def slot(self, parent: etree._Element, counter_id: str, label: str) -> None:
        self.gpid += 1
        self.slots = self.gpid
        gpid = str(self.gpid)
        size = str(self.px + 8)
        _sub(parent, _W + "PieceSlot", {"entryName": label, "gpid": gpid, "height": size, "width": size},
             _definition(self.piece_traits(counter_id, gpid)))

    def palette(self, root: etree._Element) -> None:
        window = _sub(root, _M + "PieceWindow", {"defaultWidth": "0", "hidden": "false", "hotkey": "", "icon": "",
                                                 "name": "Pieces", "scale": "1.0", "text": "Pieces",
                                                 "tooltip": "Show/Hide the pieces by side and arrival"})
        tabs = _sub(window, _W + "TabWidget", {"entryName": "Forces"})
        for side_name, groups in self.spec.palette.items():
            side = self.cset.sides[side_name]
            listw = _sub(tabs, _W + "ListWidget", {"divider": "160", "entryName": side.label, "height": "260",
                                                    "scale": "1.0", "width": "420"})
            for group in groups:
                units = sum(n for _, n in group.counters)
                title = f"{group.title} ({units} unit{'s' if units != 1 else ''})"
                panel = _sub(listw, _W + "PanelWidget", {"entryName": title, "fixed": "false",
                                                          "nColumns": "6", "scale": "1.0", "vert": "false"})
                for cid, _ in group.counters:
                    self.slot(panel, cid, self.spec.piece_names[cid])
        self.markers_palette(tabs)

    # -- maps -----------------------------------------------------------------------------------------------
    def _map_children(self, m: etree._Element, *, main: bool) -> None:
        _sub(m, _M + "map.StackMetrics", {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "6",
                                          "exSepY": "18", "top": "38,0", "unexSepX": "2", "unexSepY": "4",
                                          "up": "39,0"})
        for tag in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
                    "StackExpander", "PieceMover", "KeyBufferer"):
            _sub(m, _M + "map." + tag)
        if main:
            _sub(m, _M + "map.ImageSaver", {"buttonText": "", "canDisable": "false", "hideWhenDisabled": "false",
                                            "hotkey": "",
                                            "icon": "/images/camera.gif", "propertyGate": "",
                                            "tooltip": "Save map as PNG image"})
            _sub(m, _M + "map.CounterDetailViewer", _CDV)
            _sub(m, _M + "map.Flare", {"circleColor": "255,0,0", "circleScale": "true", "circleSize": "100",
                                       "flareKey": "keyAlt", "flareName": "Map Flare", "flarePulses": "6",
                                       "flarePulsesPerSec": "3", "reportFormat": ""})
        _sub(m, _M + "map.Zoomer", _ZOOMER)
        props = _sub(m, _M + "properties.GlobalProperties")
        if main:
            _sub(props, _M + "properties.GlobalProperty", {
                "description": "terrain of hexes outside every terrain zone", "initialValue": self.default,
                "isNumeric": "false", "max": "", "min": "", "name": "Terrain", "wrap": "false"})
        _sub(m, _M + "map.SelectionHighlighters")
        _sub(m, _M + "map.HighlightLastMoved", {"color": "255,0,0", "enabled": "true", "thickness": "2"})

    def _picker(self, m: etree._Element) -> etree._Element:
        return _sub(m, _M + "map.BoardPicker", {"addColumnText": "Add column", "addRowText": "Add row",
                                                 "boardPrompt": "Select board", "slotHeight": "125",
                                                 "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards"})

    def main_map(self, root: etree._Element) -> None:
        m = _sub(root, _M + "Map", {**_MAP_ATTRS, "buttonName": "Map", "icon": "/images/map.gif", "launch": "false",
                                    "mapName": MAIN_MAP, "markMoved": "Always"})
        board = _sub(self._picker(m), _M + "map.boardPicker.Board", {"image": "board.png", "name": BOARD,
                                                                      "reversible": "false"})
        zoned = _sub(board, _GRID + "ZonedGrid")
        for tz in self.zones:
            zone = _sub(zoned, _GRID + "mapgrid.Zone", tz.zone.to_attributes())
            _sub(zone, _M + "properties.ZoneProperty", {
                "description": "", "initialValue": tz.terrain, "isNumeric": "false", "max": "", "min": "",
                "name": "Terrain", "wrap": "false"})
        hexgrid = _sub(zoned, self.grid.ELEMENT, self.grid.to_attributes())
        assert self.grid.numbering is not None
        _sub(hexgrid, self.grid.numbering.ELEMENT, self.grid.numbering.to_attributes())
        self._map_children(m, main=True)
        # the terrain overlay is a piece on its own layer, under the units; a toolbar button shows or hides it
        layers = _sub(m, _M + "map.LayeredPieceCollection", {"layerOrder": OVERLAY_LAYER, "property": "Layer"})
        _sub(layers, _M + "map.LayerControl", {
            "canDisable": "false", "command": "Switch Layer between Active and Inactive", "disabledIcon": "",
            "hideWhenDisabled": "false", "hotkey": "71,520", "icon": "", "layers": OVERLAY_LAYER, "propertyGate": "",
            "skip": "true", "text": "Terrain overlay", "tooltip": "Show/hide the hex outlines and the terrain VASSAL "
            "reads in each hex (Alt+G)"})

    def pool_map(self, root: etree._Element, player: str) -> None:
        name = pool_map_name(player)
        m = _sub(root, _M + "Map", {**_MAP_ATTRS, "buttonName": name, "icon": "", "launch": "true", "mapName": name,
                                    "markMoved": "Never"})
        width, height = _pool_size(len(_pool_cells(self.spec, self.cset, player)), self.px)
        board = _sub(self._picker(m), _M + "map.boardPicker.Board", {
            "color": "236,232,220", "height": str(height), "image": "", "name": name, "reversible": "false",
            "width": str(width)})
        zoned = _sub(board, _GRID + "ZonedGrid")  # the whole pool is one named place: "<Player> pool"
        _sub(zoned, _GRID + "mapgrid.Zone", _zone_attrs(pool_zone_name(player), (0, 0, width, height)))
        self._map_children(m, main=False)

    def boxes_map(self, root: etree._Element) -> None:
        """The Boxes map: each box a named zone on a board that draws and titles it."""
        m = _sub(root, _M + "Map", {**_MAP_ATTRS, "buttonName": BOXES_MAP, "icon": "", "launch": "true",
                                    "mapName": BOXES_MAP, "markMoved": "Never"})
        board = _sub(self._picker(m), _M + "map.boardPicker.Board", {"image": BOXES_IMAGE, "name": BOXES_MAP,
                                                                      "reversible": "false"})
        zoned = _sub(board, _GRID + "ZonedGrid")
        _, rects = box_layout(self.spec.all_boxes(), self.px)
        for box in self.spec.all_boxes():
            x0, y0, x1, y1 = rects[box.name]
            _sub(zoned, _GRID + "mapgrid.Zone", _zone_attrs(box.name, (x0, y0, x1, y1)))
        self._map_children(m, main=False)

    def bulk_command(self, root: etree._Element, bulk: BulkCommand) -> None:
        """A toolbar Global Key Command sending a unit key to every piece its filter matches (every map)."""
        _sub(root, _M + "GlobalKeyCommand", {
            "buttonHotkey": "", "buttonText": bulk.name, "canDisable": "false", "deckCount": "-1",
            "disabledIcon": "", "filter": bulk.filter, "hideWhenDisabled": "false", "hotkey": KEYS[bulk.action],
            "icon": "", "name": bulk.name, "propertyGate": "",
            "reportFormat": f"* $PlayerName$: {bulk.name}" + (f" ({bulk.rule})" if bulk.rule else ""),
            "reportSingle": "true", "singleMap": "false", "suppressSounds": "false",
            "target": "MODULE|false|MAP|||||0|0||false|||EQUALS||", "tooltip": bulk.tooltip or bulk.name})

    def markers_palette(self, tabs: etree._Element) -> None:
        listw = _sub(tabs, _W + "ListWidget", {"divider": "160", "entryName": "Markers", "height": "260",
                                                "scale": "1.0", "width": "420"})
        panel = _sub(listw, _W + "PanelWidget", {"entryName": "Markers", "fixed": "false", "nColumns": "6",
                                                  "scale": "1.0", "vert": "false"})
        self.gpid += 1
        gpid = str(self.gpid)
        traits = [Trait("immob;nZ;V;R;", ""), _marker({"Layer": OVERLAY_LAYER}), _basic(OVERLAY, OVERLAY_IMAGE, gpid)]
        _sub(panel, _W + "PieceSlot", {"entryName": OVERLAY, "gpid": gpid, "height": "64", "width": "64"},
             _definition(traits))
        self.slots = self.gpid
        for marker in self.spec.markers:
            self.gpid += 1
            self.slots = self.gpid
            gpid = str(self.gpid)
            size = str(self.px + 8)
            traits = [_marker({"Marker": marker.name, **({"Rule": marker.rule} if marker.rule else {})}),
                      _basic(marker.name, _marker_image_name(marker), gpid)]
            _sub(panel, _W + "PieceSlot", {"entryName": marker.name, "gpid": gpid, "height": size, "width": size},
                 _definition(traits))

    # -- charts, turns ------------------------------------------------------------------------------------------
    def chart_window(self, root: etree._Element) -> None:
        if not self.charts:
            return
        window = _sub(root, _M + "ChartWindow", {"hotkey": "", "icon": "", "name": "Charts", "text": "Charts",
                                                 "tooltip": "Player aids"})
        tabs = _sub(window, _W + "TabWidget", {"entryName": "Charts"})
        for title, file_name in self.charts:
            _sub(tabs, _W + "Chart", {"chartName": title, "description": "", "fileName": file_name})

    def turn_tracker(self, root: etree._Element) -> None:
        turns = [t.replace(",", ";") for t in self.spec.turns]
        fmt = "Turn $level1$" + (" - $level2$" if self.spec.phases else "")
        if self.spec.phases and self.spec.player_phases:
            fmt += " - $level3$"
        tracker = _sub(root, _M + "turn.TurnTracker", {
            "buttonText": "Turn", "hotkey": "", "icon": "", "length": "-1", "lengthStyle": "Maximum",
            "name": "Turn", "nexthotkey": "", "plusButtonSize": "22", "prevhotkey": "",
            "reportFormat": "* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$",
            "tooltip": "Turn record", "turnButtonHeight": "22", "turnFormat": fmt})
        if turns:
            level = _sub(tracker, _M + "turn.ListTurnLevel", {
                "configFirst": "false", "configList": "false", "list": ",".join(turns), "name": "Game-Turn",
                "property": "GameTurn", "turnFormat": "$value$"})
        else:
            level = _sub(tracker, _M + "turn.CounterTurnLevel", {
                "incr": "1", "loop": "false", "loopLimit": "-1", "name": "Game-Turn", "property": "GameTurn",
                "start": "1", "turnFormat": "$value$"})
        game_turn = level
        for name, prop, items in (("Player-Turn", "PlayerTurn", self.spec.phases),
                                  ("Phase", "Phase", self.spec.player_phases if self.spec.phases else ())):
            if not items:
                break
            level = _sub(level, _M + "turn.ListTurnLevel", {
                "configFirst": "false", "configList": "false", "list": ",".join(p.replace(",", ";") for p in items),
                "name": name, "property": prop, "turnFormat": "$value$"})
        if self.spec.interphase and self.spec.phases:  # visited after the last Player-Turn's last phase
            _sub(game_turn, _M + "turn.ListTurnLevel", {
                "configFirst": "false", "configList": "false", "list": self.spec.interphase.replace(",", ";"),
                "name": "Interphase", "property": "Interphase", "turnFormat": "$value$"})


# ------------------------------------------------------------------------------------------ pools

def _pool_cells(spec: ModuleSpec, cset: CounterSet, player: str) -> list[str]:
    """The counters in a player's pool, one stack each, in set-up order."""
    out: list[str] = []
    for piece in spec.setup:
        if piece.hex is None and spec.player_of.get(cset[piece.counter].side) == player and piece.counter not in out:
            out.append(piece.counter)
    return out


def _pool_columns(cells: int) -> int:
    return max(1, min(8, cells))


def _pool_size(cells: int, px: int) -> tuple[int, int]:
    step = px + 24
    return _pool_columns(cells) * step + 24, max(1, math.ceil(cells / _pool_columns(cells))) * step + 24


def _pool_point(cells: int, index: int, px: int) -> tuple[int, int]:
    cols, step = _pool_columns(cells), px + 24
    return 12 + step // 2 + (index % cols) * step, 12 + step // 2 + (index // cols) * step


# ------------------------------------------------------------------------------------------ saves

def _setup_save(root: etree._Element, files: Mapping[str, bytes], spec: ModuleSpec, cset: CounterSet,
                tmap: TerrainMap, px: int, overlay_at: tuple[int, int]) -> tuple[bytes, int]:
    """The set-up save for a component tree (the module opened from a temporary folder): units on their
    hexes or in their pools (masked by their side where the spec says so), markers in their boxes, the
    terrain overlay over the board."""
    placements: list[Placement] = []
    with tempfile.TemporaryDirectory(prefix="wgt-module-") as folder:
        base = Path(folder)
        (base / "images").mkdir()
        (base / "buildFile.xml").write_bytes(render_buildfile(root))
        for image in ("images/board.png", f"images/{BOXES_IMAGE}"):
            (base / image).write_bytes(files[image])
        with Module.open(base) as module:
            for piece in spec.setup:
                name = spec.piece_names[piece.counter]
                player = spec.player_of.get(cset[piece.counter].side, "")
                # face-down: the Mask on, owned by the side (options as VASSAL writes them when opponents may
                # never unmask: GlobalOptions nonOwnerUnmaskable=Never)
                states = (("obs;", join([player, "false|0"], ";")),) if piece.masked else ()
                for _ in range(piece.copies):
                    if piece.hex is None:
                        cells = _pool_cells(spec, cset, player)
                        at = _pool_point(len(cells), cells.index(piece.counter), px)
                        placements.append(Placement(name, pool_map_name(player), at, states=states))
                    else:
                        placements.append(Placement(name, MAIN_MAP, tmap.canonical(piece.hex), states=states))
            units = len(placements)
            placements.append(Placement(OVERLAY, MAIN_MAP, overlay_at))
            _, rects = box_layout(spec.all_boxes(), px)
            for marker in spec.markers:
                if marker.box is not None:
                    x0, y0, x1, y1 = rects[marker.box]
                    placements.extend(Placement(marker.name, BOXES_MAP, ((x0 + x1) // 2, (y0 + y1) // 2 + 10))
                                      for _ in range(marker.copies))
            # the turn tracker at its start: the first item of each of its levels
            levels = (1 + bool(spec.phases) + bool(spec.phases and spec.player_phases)) if spec.turns else 0
            save = new_save(module, placements, description="initial set-up", turn=(0,) * levels or None)
            return save.to_bytes(), units


def position_placements(units: Iterable[tuple[str, str, str | None]], spec: ModuleSpec,
                        cset: CounterSet) -> list[Placement]:
    """Placements for ``(unit id, counter id, hex)`` triples on the main map (units off the map, with
    no hex, are left out): feed them to :func:`toolkit.vassal.writer.new_save` with the built module."""
    out = []
    for uid, counter, hex_id in units:
        if hex_id is None:
            continue
        cset[counter]
        out.append(Placement(spec.piece_names[counter], MAIN_MAP, hex_id, id=uid))
    return out


# ------------------------------------------------------------------------------------------ help page

def _help_page(title: str, tmap: TerrainMap, cset: CounterSet, spec: ModuleSpec, about: str) -> str:
    e = html.escape
    rows = "".join(f"<tr><td>{e(t.title)}</td><td>{e(name)}</td></tr>" for name, t in tmap.legend.items())
    sides = "".join(f"<li>{e(s.label)} (played by {e(spec.player_of.get(s.name, s.name))})</li>"
                    for s in cset.sides.values())
    hidden = "".join(f"<li>{e(p)} units are hidden from the other side when masked: <b>Hide from opponent</b> "
                     "(Ctrl+H) turns one face-down or up; the other side sees only a plain back.</li>\n"
                     for p in spec.masked)
    bulk = "".join(f"<li>Toolbar <b>{e(b.name)}</b>: {e(b.tooltip or b.name)}"
                   f"{' (' + e(b.rule) + ')' if b.rule else ''}.</li>\n" for b in spec.bulk)
    return (
        f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{e(title)}</title></head><body>\n"
        f"<h1>{e(title)}</h1>\n<p>{e(about) if about else ''}</p>\n"
        f"<p>Map: {e(tmap.title)}. {e(tmap.provenance or '')}</p>\n"
        "<h2>Using the module</h2>\n<ul>\n"
        "<li>Hexes are named by the map's own hex ids (moves are reported as <i>from -&gt; to</i>).</li>\n"
        "<li>Right-click a unit: <b>Flip</b> (Ctrl+F) turns it over; <b>Terrain here</b> (Ctrl+T) reports the "
        "terrain of its hex; <b>Delete</b> (Ctrl+D).</li>\n"
        "<li>The Pieces window holds every counter by side and by arrival, and the markers; each player's "
        "pool map holds the units still to deploy (load the <i>Initial set-up</i>).</li>\n"
        "<li>Only a unit's own side may move it or use its menu. <b>Eliminate</b> (Ctrl+E) sends it to its "
        "side's eliminated box on the <b>Boxes</b> map, which also holds units held back and the turn record."
        "</li>\n"
        f"{hidden}"
        "<li>Each side's inventory lists its own units and is shown to that side only.</li>\n"
        "<li><b>Terrain overlay</b> (Alt+G) shows or hides the hex outlines and the terrain the module "
        "reads in each hex.</li>\n"
        f"{bulk}"
        "<li>Charts, the die and the turn record (with every phase) are on the toolbar.</li>\n</ul>\n"
        f"<h2>Sides</h2>\n<ul>{sides}</ul>\n"
        f"<h2>Terrain</h2>\n<table border=\"1\"><tr><th>Terrain</th><th>$Terrain$</th></tr>{rows}</table>\n"
        "<p>Built by wargame-toolkit.</p>\n</body></html>\n")


def board_from_file(path: str | Path) -> Image.Image:
    """A scan to use as the board (loaded fully, so a bad file fails here with one line): read by
    :func:`toolkit.terrain.calibrate.open_image`, refusing images over twice Pillow's pixel limit as
    Pillow itself does (a 22x34" map at 400 dpi is over the limit, not over twice it)."""
    try:
        return open_image(path, max_pixels=2 * (Image.MAX_IMAGE_PIXELS or 89_478_485))
    except ImageError as exc:
        raise ImageError(f"board {exc}") from None
