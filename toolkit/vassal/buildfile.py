"""Writing modules: VASSAL-style ``buildFile.xml`` and a deterministic ``.vmod`` zip (§3.2, §3.6).

``render_buildfile(root)`` serialises an element tree the way VASSAL's ``Builder.writeDocument`` does
(declaration with ``standalone="no"``, 4-space indent, attributes sorted, text inline, TABs raw,
characters outside the BMP as decimal references). ``write_vmod`` zips ``buildFile.xml``,
``moduledata`` and the images with fixed timestamps and a fixed order: the same input gives the same
bytes. ``minimal_module`` builds the component tree of a playable one-map module (§3.6).
"""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lxml import etree

from ..fileio import atomic_write
from .save import metadata_xml

__all__ = ["SlotSpec", "minimal_module", "render_buildfile", "vmod_bytes", "write_vmod"]

_M = "VASSAL.build.module."
_ZIP_TIME = (2000, 1, 1, 0, 0, 0)


def _esc_attr(text: str) -> str:
    return _ncr(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
                .replace("\n", "&#10;").replace("\r", "&#13;"))


def _esc_text(text: str) -> str:
    return _ncr(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def _ncr(text: str) -> str:
    if all(ord(c) < 0x10000 for c in text):
        return text
    return "".join(c if ord(c) < 0x10000 else f"&#{ord(c)};" for c in text)


def render_buildfile(root: etree._Element, *, newline: str = "\n") -> bytes:
    """Serialise like VASSAL: sorted attributes, 4-space indent, inline text, final newline."""
    lines: list[str] = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>']

    def emit(el: etree._Element, depth: int) -> None:
        pad = "    " * depth
        attrs = "".join(f' {k}="{_esc_attr(v)}"' for k, v in sorted(el.attrib.items()))
        kids = [c for c in el if isinstance(c.tag, str)]
        text = (el.text or "").strip()
        if not kids and not text:
            lines.append(f"{pad}<{el.tag}{attrs}/>")
        elif not kids:
            lines.append(f"{pad}<{el.tag}{attrs}>{_esc_text(text)}</{el.tag}>")
        else:
            lines.append(f"{pad}<{el.tag}{attrs}>" + (_esc_text(text) if text else ""))
            for c in kids:
                emit(c, depth + 1)
            lines.append(f"{pad}</{el.tag}>")

    emit(root, 0)
    return (newline.join(lines) + newline).encode("utf-8")


def vmod_bytes(buildfile: bytes, moduledata: bytes, files: Mapping[str, bytes] | None = None) -> bytes:
    """A .vmod zip: ``buildFile.xml``, ``moduledata``, then the other files sorted by name."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        entries = [("buildFile.xml", buildfile), ("moduledata", moduledata), *sorted((files or {}).items())]
        for name, data in entries:
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    return buffer.getvalue()


def write_vmod(path: str | os.PathLike[str], buildfile: bytes, moduledata: bytes,
               files: Mapping[str, bytes] | None = None) -> None:
    """Write a .vmod atomically (deterministic bytes)."""
    atomic_write(path, vmod_bytes(buildfile, moduledata, files))


@dataclass(frozen=True)
class SlotSpec:
    """A piece for the palette: entry name, image file (under images/), and extra trait types/states
    (outermost first) placed over the BasicPiece, e.g. ``[("mark;Side", "Red")]``."""

    name: str
    image: str = ""
    traits: Sequence[tuple[str, str]] = field(default_factory=tuple)


def _sub(parent: etree._Element, tag: str, attrs: Mapping[str, str] | None = None, text: str | None = None
         ) -> etree._Element:
    el = etree.SubElement(parent, tag, {k: v for k, v in (attrs or {}).items()})
    if text is not None:
        el.text = text
    return el


def minimal_module(*, name: str, version: str = "1.0", vassal_version: str = "3.6.7", map_name: str = "Main Map",
                   board_name: str = "Main Board", board_image: str = "", board_size: tuple[int, int] = (500, 500),
                   grid: tuple[str, Mapping[str, str]] | None = None,
                   numbering: tuple[str, Mapping[str, str]] | None = None,
                   sides: Sequence[str] = (), pieces: Sequence[SlotSpec] = ()) -> etree._Element:
    """The component tree of a small playable module (one map, one board, a palette of pieces).

    ``grid`` is ``(element class, attributes)`` such as ``("VASSAL.build.module.map.boardPicker.board.HexGrid",
    grid.to_attributes())``; ``numbering`` likewise for its numbering child."""
    from .codec import TAB, join

    root = etree.Element("VASSAL.build.GameModule", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": vassal_version, "description": "", "name": name,
        "nextPieceSlotId": str(len(pieces) + 1), "version": version})
    _sub(root, _M + "BasicCommandEncoder")
    _sub(root, _M + "Documentation")
    roster = _sub(root, _M + "PlayerRoster", {"buttonIcon": "", "buttonKeyStroke": "", "buttonText": "Retire",
                                              "buttonToolTip": "Switch sides"})
    for side in sides:
        _sub(roster, "entry", text=side)
    _sub(root, _M + "GlobalOptions", {
        "autoReport": "Always", "chatterHTMLSupport": "Never", "disablePieceIndexing": "false",
        "hotKeysOnClosedWindows": "Never", "inventoryForAll": "Always", "minMaxHeap": "0",
        "nonOwnerUnmaskable": "Never", "playerIdFormat": "$PlayerName$",
        "promptString": "Opponents can unmask my pieces",
        "purgeBlankPropertyPrompts": "true", "sendToLocationMoveTrails": "Never",
        "storeLeadingZeroIntegersAsStrings": "false"})
    for tag in ("Chatter", "KeyNamer", "properties.GlobalProperties", "properties.GlobalTranslatableMessages"):
        _sub(root, _M + tag)
    _sub(root, "VASSAL.i18n.Language")
    _sub(root, _M + "PrototypesContainer")
    m = _sub(root, _M + "Map", {
        "allowMultiple": "false", "backgroundcolor": "255,255,255", "buttonName": "Map", "changeFormat": "$message$",
        "color": "0,0,0", "createFormat": "$pieceName$ created in $location$ *", "edgeHeight": "0", "edgeWidth": "0",
        "hideKey": "", "hotkey": "", "icon": "/images/map.gif", "launch": "false", "mapName": map_name,
        "markMoved": "Always", "markUnmovedHotkey": "", "markUnmovedIcon": "/images/unmoved.gif",
        "markUnmovedReport": "", "markUnmovedText": "",
        "markUnmovedTooltip": "Mark all pieces on this map as not moved",
        "moveKey": "", "moveToFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
        "moveWithinFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
        "onlyReportChangedLocation": "false", "showKey": "", "thickness": "3"})
    picker = _sub(m, _M + "map.BoardPicker", {"addColumnText": "Add column", "addRowText": "Add row",
                                              "boardPrompt": "Select board", "slotHeight": "125", "slotScale": "0.2",
                                              "slotWidth": "350", "title": "Choose Boards"})
    battrs = {"image": board_image, "name": board_name, "reversible": "false"}
    if not board_image:
        battrs.update({"width": str(board_size[0]), "height": str(board_size[1]), "color": "255,255,255"})
    board = _sub(picker, _M + "map.boardPicker.Board", battrs)
    if grid is not None:
        g = _sub(board, grid[0], grid[1])
        if numbering is not None:
            _sub(g, numbering[0], numbering[1])
    _sub(m, _M + "map.StackMetrics", {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "6",
                                      "exSepY": "18", "top": "38,0", "unexSepX": "2", "unexSepY": "4", "up": "39,0"})
    for tag in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
                "StackExpander", "PieceMover", "KeyBufferer", "SelectionHighlighters"):
        _sub(m, _M + "map." + tag)
    _sub(m, _M + "properties.GlobalProperties")
    _sub(m, _M + "map.HighlightLastMoved", {"color": "255,0,0", "enabled": "true", "thickness": "2"})
    window = _sub(root, _M + "PieceWindow", {"defaultWidth": "0", "hidden": "false", "hotkey": "", "icon": "",
                                             "name": "Pieces", "scale": "1.0", "text": "Pieces",
                                             "tooltip": "Show/Hide the Pieces window"})
    listw = _sub(window, "VASSAL.build.widget.ListWidget", {"divider": "150", "entryName": "Units", "height": "200",
                                                           "scale": "1.0", "width": "300"})
    for gpid, spec in enumerate(pieces, 1):
        types = [t for t, _ in spec.traits] + ["piece;" + join(("", "", spec.image, spec.name), ";")]
        states = [s for _, s in spec.traits] + [join(("null", "0", "0", str(gpid), "0"), ";")]
        ptype, pstate = types[-1], states[-1]
        for t, s in zip(reversed(types[:-1]), reversed(states[:-1])):
            ptype, pstate = join((t, ptype), TAB), join((s, pstate), TAB)
        _sub(listw, "VASSAL.build.widget.PieceSlot", {"entryName": spec.name, "gpid": str(gpid), "height": "64",
                                                      "width": "64"}, join(("+", "null", ptype, pstate), "/"))
    return root


def module_metadata(root: etree._Element, *, date_saved: int = 0) -> bytes:
    """The ``moduledata`` entry for a component tree (name, version, VassalVersion from its root)."""
    return metadata_xml(version=root.get("version", ""), vassal_version=root.get("VassalVersion", "3.6.7"),
                        date_saved=date_saved, description=root.get("description", ""), name=root.get("name", ""))
