"""TEST-ONLY: a module whose one map has three boards with different grids, and a log that moves pieces and
changes the map's boards three times (one board for another, two boards side by side, one reversed), the
way a log of a game that switches boards mid-way reads. Written with our own writers."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from toolkit.hexgrid.vassal import HexGridNumbering, SquareGridNumbering, VassalHexGrid, VassalSquareGrid
from toolkit.vassal import Module
from toolkit.vassal.buildfile import SlotSpec, minimal_module, module_metadata, render_buildfile, write_vmod
from toolkit.vassal.logwriter import LogWriter
from toolkit.vassal.writer import Placement, new_save

_B = "VASSAL.build.module.map.boardPicker."
HEX = _B + "board.HexGrid"
HEXN = _B + "board.mapgrid.HexGridNumbering"
SQ = _B + "board.SquareGrid"
SQN = _B + "board.mapgrid.SquareGridNumbering"


def _hex(x0: str, y0: str, dy: str, **numbering: str) -> tuple[dict[str, str], dict[str, str]]:
    grid = VassalHexGrid.from_attributes({"x0": x0, "y0": y0, "dy": dy})
    num = HexGridNumbering.from_attributes(numbering)
    return grid.to_attributes(), num.to_attributes()


def write_board_module(path: Path) -> Path:
    g, n = _hex("30", "40", "60", hOff="1", vOff="1")
    root = minimal_module(name="Board Change Test", version="1.0", vassal_version="3.6.19", board_name="North",
                          board_size=(600, 500), grid=(HEX, g), numbering=(HEXN, n),
                          pieces=[SlotSpec("Red"), SlotSpec("Blue"), SlotSpec("Green")])
    picker = next(el for el in root.iter() if el.tag.endswith("map.BoardPicker"))
    south = etree.SubElement(picker, _B + "Board", {"color": "255,255,255", "height": "400", "name": "South",
                                                     "reversible": "true", "width": "700"})
    g2, n2 = _hex("10", "25", "50", hType="A", hOff="0", vOff="10", sep="-", first="V")
    etree.SubElement(etree.SubElement(south, HEX, g2), HEXN, n2)
    west = etree.SubElement(picker, _B + "Board", {"color": "255,255,255", "height": "450", "name": "West",
                                                    "reversible": "false", "width": "450"})
    sq = VassalSquareGrid.from_attributes({"x0": "0", "y0": "0", "dx": "75", "dy": "75"}).to_attributes()
    sn = SquareGridNumbering.from_attributes({"hType": "A", "vOff": "1"}).to_attributes()
    etree.SubElement(etree.SubElement(west, SQ, sq), SQN, sn)
    write_vmod(path, render_buildfile(root), module_metadata(root))
    return path


def write_board_log(vmod: Path, out: Path) -> Path:
    """Steps: 1-4 moves on North; 5 board change to South; 6-9 moves; 10 board change to South (reversed)
    beside West; 11-15 moves across both; 16 board change back to North; 17-18 moves, 19 a piece added."""
    with Module.open(vmod) as module:
        save = new_save(module, [Placement("Red", "Main Map", "0303"), Placement("Blue", "Main Map", "0505"),
                                 Placement("Green", "Main Map", (300, 260))])
        w = LogWriter(module, save)
        red, blue, green = (str(1700000000000 + i) for i in range(3))
        for pid, xy in ((red, (100, 100)), (blue, (220, 330)), (green, (410, 95)), (red, (250, 250))):
            w.move(pid, xy)
        w.set_boards("Main Map", [("South", 0, 0)])
        for pid, xy in ((red, (120, 60)), (blue, (640, 380)), (green, (333, 222)), (blue, (45, 300))):
            w.move(pid, xy)
        w.set_boards("Main Map", [("South/rev", 0, 0), ("West", 1, 0)])
        for pid, xy in ((red, (100, 100)), (green, (760, 120)), (blue, (1000, 400)), (red, (690, 30)),
                        (green, (30, 390))):
            w.move(pid, xy)
        w.set_boards("Main Map", [("North", 0, 0)])
        for pid, xy in ((red, (180, 180)), (green, (500, 420))):
            w.move(pid, xy)
        w.add("Red", (77, 333), "Main Map")
        w.save().write(out)
    return out
