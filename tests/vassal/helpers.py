"""Shared helpers for the VASSAL tests: corpus cases, temporary modules built from corpus build files,
the oracle runner, and the demo module written with our own module writer."""

from __future__ import annotations

import io
import json
import subprocess
import zipfile
from pathlib import Path

from PIL import Image

from tests.conftest import BOARDS, CORPUS, ORACLE
from toolkit.hexgrid.vassal import HexGridNumbering, VassalHexGrid
from toolkit.vassal.buildfile import SlotSpec, minimal_module, module_metadata, render_buildfile, vmod_bytes

FIXTURES = Path(__file__).parent / "fixtures"

# (case name, module parts (corpus files -> zip names), extra files (shared path -> zip name), save file)
CASES = {
    "kassala": ({"rummelsworth__vassal-module-kassala/vmod__buildFile.xml": "buildFile.xml",
                 "rummelsworth__vassal-module-kassala/vmod__moduledata": "moduledata"}, {},
                "rummelsworth__vassal-module-kassala/vmod__Default_Setup.vsav"),
    "tld-scenario": ({"uckelman__tld-mod/buildFile": "buildFile"},
                     {"uckelman__tld-mod/Map_Full.png": "images/Map_Full.png"},
                     "uckelman__tld-mod/scenarios__scenario_1.sav"),
    "tld-log": ({"uckelman__tld-mod/buildFile": "buildFile"},
                {"uckelman__tld-mod/Map_Full.png": "images/Map_Full.png"},
                "uckelman__tld-mod/game__0606-1.log"),
    "pog": ({"Cattlesquat__PathsOfGlory/buildFile.xml": "buildFile.xml",
             "Cattlesquat__PathsOfGlory/moduledata": "moduledata"}, {},
            "Cattlesquat__PathsOfGlory/Classic10-8.vsav"),
    # the same with blank stand-ins for the board images (the real ones are not in the corpus), so that
    # the zones and region grids of the boards name the pieces
    "pog-boards": ({"Cattlesquat__PathsOfGlory/buildFile.xml": "buildFile.xml",
                    "Cattlesquat__PathsOfGlory/moduledata": "moduledata"},
                   {"images/map_classic_vassal.jpg": (5200, 4200), "images/reinforcementsCP2.png": (1700, 800),
                    "images/reinforcementsAP2.png": (1700, 800), "images/permelim.png": (1200, 800),
                    "images/prefs.png": (900, 500)},
                   "Cattlesquat__PathsOfGlory/Classic10-8.vsav"),
    "kassala-board": ({"rummelsworth__vassal-module-kassala/vmod__buildFile.xml": "buildFile.xml",
                       "rummelsworth__vassal-module-kassala/vmod__moduledata": "moduledata"},
                      {"images/Mapboard.png": (2400, 2400)},
                      "rummelsworth__vassal-module-kassala/vmod__Default_Setup.vsav"),
    "zxvt": ({"hurufu__zxvt-vassal-module/buildFile": "buildFile",
              "hurufu__zxvt-vassal-module/moduledata": "moduledata"}, {},
             "hurufu__zxvt-vassal-module/5x5_startup.vlog"),
}


def corpus_saves() -> list[Path]:
    """Every zip save/log of the corpus (MANIFEST order)."""
    out = []
    for line in (CORPUS / "MANIFEST.tsv").read_text().splitlines()[1:]:
        rel = line.split("\t")[0].removeprefix("corpus/")
        path = CORPUS / rel
        if path.is_file() and zipfile.is_zipfile(path):
            out.append(path)
    return out


def build_case_module(case: str, folder: Path) -> Path:
    """Zip the case's corpus build file (+ moduledata, + board image) into ``folder/<case>.vmod``."""
    parts, extras, _ = CASES[case]
    target = folder / f"{case}.vmod"
    if target.exists():
        return target
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for rel, name in parts.items():
            out.write(CORPUS / rel, name)
        for rel, name in extras.items():
            if isinstance(name, tuple):  # a blank stand-in image of that size
                out.writestr(rel, png(*name, mode="1"))
            else:
                out.write(BOARDS / rel, name)
    return target


def case_save(case: str) -> Path:
    return CORPUS / CASES[case][2]


def run_oracle(*args: str, timeout: int = 600) -> dict:
    """Run the oracle; returns its JSON answer (raises RuntimeError when it gives none)."""
    proc = subprocess.run([str(ORACLE), *args], capture_output=True, text=True, timeout=timeout)
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        raise RuntimeError(f"oracle gave no answer: {proc.stderr[-500:]}") from None


def png(width: int, height: int, mode: str = "RGB") -> bytes:
    """A blank PNG (deterministic bytes)."""
    buffer = io.BytesIO()
    Image.new(mode, (width, height), 1 if mode == "1" else (255, 255, 255)).save(buffer, "PNG", optimize=False)
    return buffer.getvalue()


def demo_module_bytes() -> bytes:
    """A small hex module written with our module writer (default VASSAL hex grid, 800x600 board)."""
    grid = VassalHexGrid.from_attributes({"dx": "55.42562584220407", "dy": "64.0", "x0": "0", "y0": "32"})
    numbering = HexGridNumbering.from_attributes({})
    root = minimal_module(
        name="Hex Demo", board_image="board.png", grid=(grid.ELEMENT, grid.to_attributes()),
        numbering=(numbering.ELEMENT, numbering.to_attributes()), sides=["Red", "Blue"],
        pieces=[SlotSpec("1st Infantry", "inf.png", [("delete;Delete;68,130;", "")]),
                SlotSpec("2nd Armour", "arm.png", [("mark;Side", "Blue")])])
    images = {"images/board.png": png(800, 600), "images/inf.png": png(48, 48), "images/arm.png": png(48, 48)}
    return vmod_bytes(render_buildfile(root), module_metadata(root), images)
