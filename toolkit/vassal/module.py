"""VASSAL modules: .vmod zips and unpacked folders (``reference/vassal-formats.md`` §3).

``Module.open(path)`` reads ``buildFile.xml`` (or the legacy ``buildFile``, chosen as VASSAL chooses,
§3.1) and ``moduledata`` with a hardened XML parser, and gives the maps (with their boards and grids,
built with :mod:`toolkit.hexgrid.vassal`), piece slots and prototypes. Board images are opened only when
a board's size is needed, and only their header is read (Pillow; SVG width/height).
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from ..errors import ArchiveError, GridError, ImageError, ToolkitError, VassalFormatError
from ..hexgrid.vassal import (
    Board,
    HexGridNumbering,
    PlacedBoard,
    Region,
    RegionGrid,
    SquareGridNumbering,
    VassalGrid,
    VassalHexGrid,
    VassalMap,
    VassalSquareGrid,
    Zone,
    ZonedGrid,
)
from ..log import get_logger
from .archive import Archive, check_regular
from .save import Metadata
from .xmlsafe import parse_xml

__all__ = ["BoardDef", "DrawPileDef", "MapDef", "Module", "PieceSlot", "Prototype"]

_log = get_logger(__name__)
MAX_BUILDFILE = 256 * 1024 * 1024
MAX_IMAGE = 256 * 1024 * 1024
_MAP_TAGS = ("VASSAL.build.module.Map", "VASSAL.build.module.PrivateMap", "VASSAL.build.module.PlayerHand")


def _short(tag: object) -> str:
    return tag.rsplit(".", 1)[-1] if isinstance(tag, str) else ""


@dataclass(frozen=True)
class PieceSlot:
    """A palette entry: its ``entryName``, ``gpid`` and AddPiece definition text (``+/null/type/state``)."""

    name: str
    gpid: str
    definition: str
    path: tuple[str, ...] = ()  # names of the enclosing piece windows/widgets


@dataclass(frozen=True)
class Prototype:
    """A prototype definition: its name and AddPiece text."""

    name: str
    definition: str


@dataclass
class BoardDef:
    """A Board element of a map's BoardPicker, with its grid (size resolved lazily)."""

    name: str
    attrs: dict[str, str]
    grid: VassalGrid | None
    module: Module = field(repr=False)
    _size: tuple[int, int] | None = field(default=None, repr=False)

    @property
    def image(self) -> str:
        return self.attrs.get("image", "")

    @property
    def size(self) -> tuple[int, int]:
        """Bounds size: image size times magnification, or width/height (0x0 when the image is missing,
        as VASSAL places nothing on a board whose image it cannot find)."""
        if self._size is None:
            board = self.board()
            self._size = (board.width, board.height)
        return self._size

    def board(self, reversed: bool = False) -> Board:
        """The :class:`~toolkit.hexgrid.vassal.Board` for placement."""
        image_size = None
        if self.image:
            image_size = self.module.image_size(self.image) or (0, 0)
        try:
            return Board.from_attributes(self.attrs, self.grid, image_size, reversed)
        except GridError as exc:
            raise VassalFormatError(f"{self.module.source}: board {self.name!r}: {exc}") from None


@dataclass(frozen=True)
class DrawPileDef:
    """A deck's place on a map (``DrawPile``): centre x, y, size, and optional owning board."""

    name: str
    x: int
    y: int
    width: int
    height: int
    owning_board: str = ""


@dataclass
class MapDef:
    """A Map element: its id (``mapName`` or ``MapN``), attributes, boards and decks."""

    id: str
    attrs: dict[str, str]
    boards: dict[str, BoardDef]
    decks: list[DrawPileDef] = field(default_factory=list)

    def deck_at(self, vmap: VassalMap, x: int, y: int) -> str | None:
        """``Map.getDeckNameAt``: the first deck whose box (centred on it, half-open) holds the point."""
        for deck in self.decks:
            dx, dy = deck.x, deck.y
            if deck.owning_board:
                try:
                    ox, oy = vmap.origin(vmap.board_named(deck.owning_board))
                except ToolkitError:
                    continue
                dx, dy = dx + ox, dy + oy
            left, top = dx - deck.width // 2, dy - deck.height // 2
            if left <= x < left + deck.width and top <= y < top + deck.height:
                return deck.name
        return None

    def vassal_map(self, chosen: Sequence[tuple[str, int, int]] | None = None) -> VassalMap:
        """The map's board layout: the chosen ``(board, column, row)`` triples of a save's BoardPicker
        line (a name ending ``/rev`` is reversed); when none is given or none of them exists in this
        module (an old save naming a board since renamed), its first board at (0, 0)."""
        placed = []
        if chosen:
            for name, col, row in chosen:
                reversed_ = name.endswith("/rev")
                base = name[:-4] if reversed_ else name
                bdef = self.boards.get(base)
                if bdef is not None:
                    placed.append(PlacedBoard(bdef.board(reversed_), col, row))
        if not placed and self.boards:
            placed.append(PlacedBoard(next(iter(self.boards.values())).board(), 0, 0))
        try:
            return VassalMap.from_attributes({**self.attrs, "mapName": self.id}, placed)
        except GridError as exc:
            raise VassalFormatError(f"map {self.id!r}: {exc}") from None


class Module:
    """A VASSAL module read from a .vmod zip, an unpacked folder, or a build file alone."""

    def __init__(self, root: etree._Element, *, source: str, archive: Archive | None = None,
                 moduledata: bytes | None = None, build_name: str = "buildFile.xml") -> None:
        self.root = root
        self.source = source
        self.archive = archive
        self.moduledata_bytes = moduledata
        self.build_name = build_name
        self._image_sizes: dict[str, tuple[int, int] | None] = {}
        self.maps: dict[str, MapDef] = {}
        self.piece_slots: list[PieceSlot] = []
        self.prototypes: dict[str, Prototype] = {}
        self.sides: list[str] = []
        self._map_lines: dict[int | None, str] = {}
        self.global_properties: dict[str | None, dict[str, str]] = {}
        """Initial values of global properties: module-level under None, map-level under the map id."""
        self._scan()

    # ---------------------------------------------------------------- opening
    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Module:
        """Open a .vmod (zip), an unpacked module folder, or a ``buildFile(.xml)`` file.

        Raises ArchiveError / VassalFormatError with one line when it is not a module."""
        p = Path(path)
        check_regular(p)
        if p.is_file() and not _is_zip(p):
            data = _read_limited(p)
            moduledata = None
            sibling = p.with_name("moduledata")
            if sibling.is_file():
                moduledata = _read_limited(sibling)
            return cls(_root(data, str(p)), source=str(p), moduledata=moduledata, build_name=p.name)
        if not p.exists():
            raise ArchiveError(f"{p}: no such file or folder")
        archive = Archive(p)
        try:
            names = set(archive.names())
            if "savedGame" in names:
                raise ArchiveError(f"{p}: is a saved game or log, not a module")
            moduledata = archive.read("moduledata") if "moduledata" in names else None
            build = _choose_build_file(names, moduledata, str(p))
            data = archive.read(build, limit=MAX_BUILDFILE)
            return cls(_root(data, f"{p}: {build}"), source=str(p), archive=archive, moduledata=moduledata,
                       build_name=build)
        except BaseException:
            archive.close()
            raise

    def close(self) -> None:
        if self.archive is not None:
            self.archive.close()

    def __enter__(self) -> Module:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- identity
    @property
    def name(self) -> str:
        return self.root.get("name", "")

    @property
    def version(self) -> str:
        return self.root.get("version", "")

    @property
    def vassal_version(self) -> str:
        return self.root.get("VassalVersion", "")

    def mismatch(self, saved: Metadata | None, source: str) -> str | None:
        """A warning when a save or log was not made with this module: its ``moduledata`` names another
        module (VASSAL's load-time check, ``GameState.isSaveMetaDataValid``); None when the names agree or
        the file carries no moduledata."""
        if saved is None or not saved.name or saved.name == self.name:
            return None
        return (f"{source} was made with module {saved.name!r} {saved.version}, not {self.name!r}: "
                "its locations and names may be wrong")

    @property
    def metadata(self) -> Metadata | None:
        if self.moduledata_bytes is None:
            return None
        return Metadata.parse(self.moduledata_bytes, f"{self.source}: moduledata")

    # ---------------------------------------------------------------- structure
    def _scan(self) -> None:
        counter = 0
        for el in self.root.iter():
            tag = el.tag
            if not isinstance(tag, str):
                continue
            short = _short(tag)
            if tag in _MAP_TAGS or (short.endswith("Map") and _has_child(el, "BoardPicker")):
                map_id = el.get("mapName") or f"Map{counter}"
                self._map_lines[el.sourceline] = map_id
                counter += 1
                if map_id not in self.maps:
                    self.maps[map_id] = self._map(el, map_id)
            elif short == "PieceSlot":
                path = tuple(a.get("entryName") or a.get("name") or "" for a in reversed(list(el.iterancestors()))
                             if _short(a.tag) not in ("GameModule", "BasicModule"))
                self.piece_slots.append(PieceSlot(el.get("entryName", ""), el.get("gpid", ""),
                                                  (el.text or "").strip(), path))
            elif short == "PrototypeDefinition":
                name = el.get("name", "")
                self.prototypes.setdefault(name, Prototype(name, (el.text or "").strip()))
            elif short == "GlobalProperty":
                found, container = self._property_container(el)
                if found:
                    values = self.global_properties.setdefault(container, {})
                    values.setdefault(el.get("name", ""), el.get("initialValue", ""))
            elif short == "PlayerRoster":
                self.sides = [(e.text or "").strip() for e in el if _short(e.tag) == "entry"]

    def _property_container(self, el: etree._Element) -> tuple[bool, str | None]:
        """``(True, None)`` for a module-level GlobalProperty, ``(True, map id)`` for a map's, and
        ``(False, None)`` for one on a zone or elsewhere (not modelled)."""
        holder = el.getparent()
        while holder is not None and _short(holder.tag) == "GlobalPropertyFolder":  # 3.7 folders
            holder = holder.getparent()
        owner = holder.getparent() if holder is not None else None
        if owner is None or not isinstance(owner.tag, str):
            return False, None
        short = _short(owner.tag)
        if short in ("GameModule", "BasicModule"):
            return True, None
        if owner.tag in _MAP_TAGS or (short.endswith("Map") and _has_child(owner, "BoardPicker")):
            map_id = owner.get("mapName") or self._map_lines.get(owner.sourceline)
            return (map_id is not None), map_id
        return False, None

    def _map(self, el: etree._Element, map_id: str) -> MapDef:
        boards: dict[str, BoardDef] = {}
        decks = []
        for child in el.iter():
            if _short(child.tag) == "DrawPile":
                try:
                    decks.append(DrawPileDef(child.get("name", ""), int(child.get("x", "0")), int(child.get("y", "0")),
                                             int(child.get("width", "0")), int(child.get("height", "0")),
                                             child.get("owningBoard", "")))
                except ValueError:
                    raise VassalFormatError(f"{self.source}: deck {child.get('name', '')!r} at line "
                                            f"{child.sourceline} has a non-integer position or size") from None
        for picker in el:
            if _short(picker.tag) != "BoardPicker":
                continue
            for b in picker:
                if _short(b.tag) != "Board":
                    continue
                name = b.get("name", "")
                grid = None
                for g in b:
                    grid = self._grid(g) or grid
                    if grid is not None:
                        break
                boards.setdefault(name, BoardDef(name, dict(b.attrib), grid, self))
        return MapDef(map_id, dict(el.attrib), boards, decks)

    def _grid(self, el: etree._Element) -> VassalGrid | None:
        short = _short(el.tag)
        try:
            if short == "HexGrid":
                hex_numbering = next((HexGridNumbering.from_attributes(dict(n.attrib)) for n in el
                                      if _short(n.tag) == "HexGridNumbering"), None)
                return VassalHexGrid.from_attributes(dict(el.attrib), hex_numbering)
            if short == "SquareGrid":
                square_numbering = next((SquareGridNumbering.from_attributes(dict(n.attrib)) for n in el
                                         if _short(n.tag) == "SquareGridNumbering"), None)
                return VassalSquareGrid.from_attributes(dict(el.attrib), square_numbering)
            if short == "RegionGrid":
                regions = [Region.from_attributes(dict(r.attrib)) for r in el if _short(r.tag) == "Region"]
                return RegionGrid.from_attributes(dict(el.attrib), regions)
            if short == "ZonedGrid":
                zones, background = [], None
                for child in el:
                    cs = _short(child.tag)
                    if cs == "Zone":
                        zgrid = None
                        for g in child:
                            zgrid = self._grid(g) or zgrid
                        zones.append(Zone.from_attributes(dict(child.attrib), zgrid))
                    elif cs in ("HexGrid", "SquareGrid", "RegionGrid"):
                        background = self._grid(child)
                return ZonedGrid(zones, background)
        except ToolkitError as exc:
            raise VassalFormatError(f"{self.source}: {short} at line {el.sourceline}: {exc}") from None
        return None

    def map(self, map_id: str) -> MapDef:
        """The map with that id; raises VassalFormatError listing the known ones."""
        found = self.maps.get(map_id)
        if found is None:
            known = ", ".join(repr(m) for m in self.maps) or "none"
            raise VassalFormatError(f"{self.source}: no map named {map_id!r} (maps: {known})")
        return found

    def vassal_map(self, map_id: str, chosen: Sequence[tuple[str, int, int]] | None = None) -> VassalMap:
        return self.map(map_id).vassal_map(chosen)

    def piece_slot(self, name: str) -> PieceSlot:
        """The first piece slot with that entry name (or gpid); raises VassalFormatError."""
        for slot in self.piece_slots:
            if slot.name == name:
                return slot
        for slot in self.piece_slots:
            if slot.gpid == name:
                return slot
        raise VassalFormatError(f"{self.source}: no piece slot named {name!r}")

    # ---------------------------------------------------------------- images
    def image_size(self, name: str) -> tuple[int, int] | None:
        """Pixel size of ``images/<name>`` in the module (None when missing or unreadable)."""
        if name in self._image_sizes:
            return self._image_sizes[name]
        size = None
        if self.archive is not None:
            member = self.archive.find("images/" + name)
            if member is None:
                _log.warning("%s: board image %r is not in the module; like VASSAL, nothing can be placed on "
                             "its board", self.source, name)
            else:
                try:
                    size = _image_size(self.archive.read(member, limit=MAX_IMAGE), name)
                except (ImageError, ArchiveError) as exc:
                    _log.warning("%s: %s; like VASSAL, nothing can be placed on its board", self.source, exc)
        self._image_sizes[name] = size
        return size


def _image_size(data: bytes, name: str) -> tuple[int, int]:
    if name.lower().endswith(".svg") or data.lstrip()[:5] in (b"<?xml", b"<svg "):
        return _svg_size(data, name)
    import warnings

    from PIL import Image, UnidentifiedImageError

    # only the header is read (no pixels are decoded), so Pillow's decompression-bomb limit, which
    # would refuse a legitimately huge board, is lifted for this call
    limit = Image.MAX_IMAGE_PIXELS
    try:
        Image.MAX_IMAGE_PIXELS = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(io.BytesIO(data)) as img:
                return img.size
    except UnidentifiedImageError:
        raise ImageError(f"image {name!r} is not in an image format Pillow reads") from None
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ImageError(f"image {name!r} cannot be read ({exc})") from None
    finally:
        Image.MAX_IMAGE_PIXELS = limit


_LENGTH = re.compile(r"\s*([0-9.]+)\s*(px)?\s*$")


def _svg_size(data: bytes, name: str) -> tuple[int, int]:
    try:
        root = parse_xml(data, f"image {name}")
    except VassalFormatError as exc:
        raise ImageError(str(exc)) from None
    w, h = root.get("width", ""), root.get("height", "")
    mw, mh = _LENGTH.match(w), _LENGTH.match(h)
    if mw and mh:
        return round(float(mw.group(1))), round(float(mh.group(1)))
    box = (root.get("viewBox") or "").replace(",", " ").split()
    if len(box) == 4:
        return round(float(box[2])), round(float(box[3]))
    raise ImageError(f"svg image {name!r} has no usable width/height")


def _has_child(el: etree._Element, short: str) -> bool:
    return any(_short(c.tag) == short for c in el)


def _is_zip(p: Path) -> bool:
    with open(p, "rb") as handle:
        return handle.read(2) == b"PK"


def _read_limited(p: Path) -> bytes:
    with open(p, "rb") as handle:
        data = handle.read(MAX_BUILDFILE + 1)
    if len(data) > MAX_BUILDFILE:
        raise ArchiveError(f"{p}: larger than the {MAX_BUILDFILE} byte limit for a build file")
    return data


def _root(data: bytes, source: str) -> etree._Element:
    root = parse_xml(data, source)
    if _short(root.tag) not in ("GameModule", "BasicModule", "ModuleExtension"):
        raise VassalFormatError(f"{source}: root element {root.tag!r} is not a VASSAL module")
    return root


def _choose_build_file(names: set[str], moduledata: bytes | None, source: str) -> str:
    has_new, has_old = "buildFile.xml" in names, "buildFile" in names
    if not has_new and not has_old:
        raise ArchiveError(f"{source}: not a VASSAL module (no buildFile.xml or buildFile)")
    if has_new and has_old and moduledata is not None:
        version = Metadata.parse(moduledata, f"{source}: moduledata").vassal_version
        return "buildFile" if _version_tuple(version) < (3, 5) else "buildFile.xml"
    return "buildFile.xml" if has_new else "buildFile"


def _version_tuple(text: str) -> tuple[int, ...]:
    nums = [n[:9] for n in re.findall(r"\d+", text)[:2]]
    return tuple(int(n) for n in nums) if nums else (0,)
