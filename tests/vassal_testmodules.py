"""TEST-ONLY helper: write a minimal VASSAL module (.vmod) holding one map, one board and a given grid,
so that the real engine (shared/tools/vassal-oracle) can be asked about that grid.

The grid is given as an element tree of (element name, attributes, children) tuples, so tests can
send VASSAL attribute strings exactly as a module would carry them (including quirky ones).
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from xml.sax.saxutils import quoteattr

Element = tuple[str, Mapping[str, str], Sequence["Element"]]

_PKG = "VASSAL.build.module."
_BOARD = _PKG + "map.boardPicker.board."
HEX_GRID = _BOARD + "HexGrid"
HEX_NUMBERING = _BOARD + "mapgrid.HexGridNumbering"
SQUARE_GRID = _BOARD + "SquareGrid"
SQUARE_NUMBERING = _BOARD + "mapgrid.SquareGridNumbering"
REGION_GRID = _BOARD + "RegionGrid"
REGION = _BOARD + "Region"
ZONED_GRID = _BOARD + "ZonedGrid"
ZONE = _BOARD + "mapgrid.Zone"

MODULEDATA = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<data version="1">
  <version>0.1</version>
  <extra1/>
  <extra2/>
  <VassalVersion>3.6.19</VassalVersion>
  <dateSaved>1700000000000</dateSaved>
  <description/>
  <name>Grid Test</name>
</data>
"""


def element_xml(element: Element, indent: int) -> str:
    """One element (attributes sorted, as VASSAL writes them) with its children, 4-space indented."""
    name, attrs, children = element
    pad = " " * (4 * indent)
    attr_text = "".join(f" {key}={quoteattr(attrs[key])}" for key in sorted(attrs))
    if not children:
        return f"{pad}<{name}{attr_text}/>\n"
    inner = "".join(element_xml(child, indent + 1) for child in children)
    return f"{pad}<{name}{attr_text}>\n{inner}{pad}</{name}>\n"


def png_bytes(width: int, height: int) -> bytes:
    """A small valid grey PNG of the given size (no dependency)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def build_file(
    grid: Element | None,
    *,
    board: Mapping[str, str] | None = None,
    map_attrs: Mapping[str, str] | None = None,
    map_name: str = "Main Map",
) -> str:
    """buildFile.xml text: a module with one map holding one board with ``grid``."""
    board_attrs = {"name": "Board", "reversible": "false"}
    if not (board or {}).get("image"):  # an image board has no width/height/color attributes
        board_attrs.update({"width": "1000", "height": "800", "color": "255,255,255"})
    board_attrs.update(board or {})
    board_el: Element = (_PKG + "map.boardPicker.Board", board_attrs, [grid] if grid is not None else [])
    picker: Element = (
        _PKG + "map.BoardPicker",
        {
            "addColumnText": "Add column",
            "addRowText": "Add row",
            "boardPrompt": "Select board",
            "slotHeight": "125",
            "slotScale": "0.2",
            "slotWidth": "350",
            "title": "Choose Boards",
        },
        [board_el],
    )
    m_attrs = {
        "allowMultiple": "false",
        "backgroundcolor": "255,255,255",
        "buttonName": "Map",
        "edgeHeight": "0",
        "edgeWidth": "0",
        "hotkey": "",
        "icon": "",
        "launch": "false",
        "mapName": map_name,
        "markMoved": "Never",
        "thickness": "3",
    }
    m_attrs.update(map_attrs or {})
    the_map: Element = (_PKG + "Map", m_attrs, [picker, (_PKG + "map.StackMetrics", {}, [])])
    root: Element = (
        "VASSAL.build.GameModule",
        {
            "ModuleOther1": "",
            "ModuleOther2": "",
            "VassalVersion": "3.6.19",
            "description": "",
            "name": "Grid Test",
            "nextPieceSlotId": "1",
            "version": "0.1",
        },
        [
            (_PKG + "BasicCommandEncoder", {}, []),
            # an explicit Documentation keeps VASSAL from adding its default AboutScreen (which needs
            # the wizard library the oracle's engine build lacks)
            (
                _PKG + "Documentation",
                {},
                [
                    (
                        _PKG + "documentation.HelpFile",
                        {"fileName": "/help/Intro.html", "fileType": "resource", "title": "Help"},
                        [],
                    )
                ],
            ),
            the_map,
        ],
    )
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + element_xml(root, 0)


def write_module(
    path: Path,
    grid: Element | None,
    *,
    board: Mapping[str, str] | None = None,
    image_size: tuple[int, int] | None = None,
    map_attrs: Mapping[str, str] | None = None,
    map_name: str = "Main Map",
) -> Path:
    """Write a .vmod with one map/board/grid; with ``image_size`` the board gets a PNG of that size."""
    board_attrs = dict(board or {})
    if image_size is not None:
        board_attrs.setdefault("image", "board.png")
    text = build_file(grid, board=board_attrs, map_attrs=map_attrs, map_name=map_name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("buildFile.xml", text)
        zf.writestr("moduledata", MODULEDATA)
        if image_size is not None:
            zf.writestr("images/" + board_attrs["image"], png_bytes(*image_size))
    return path
