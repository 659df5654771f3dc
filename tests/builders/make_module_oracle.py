"""Record what the real VASSAL engine says about the modules ``wgt build module`` makes.

    python -m tests.builders.make_module_oracle      # needs ../shared/tools/vassal-oracle (about 20 s)

For the Winter War module (default board), a module of the small test map (odd columns low), one
on a synthetic scan of it turned 3 degrees (resampled onto a square grid) and one of a pointy-top
map (VASSAL's sideways grid) and one of a Europa map (``35:RRCC``, numbers growing westward), it
asks the oracle to load the module, to name the map point at every hex centre (one batched call),
and to decode the set-up save (and, for Winter War, the demo's sample position save); and, through
the oracle's Java bridge (``vassal_terrain_probe.py``), the ``Terrain`` property VASSAL gives a piece
on every hex, and (Winter War) the names of twelve points a third of a hex from every centre. The answers go
to ``tests/builders/fixtures/module_oracle.json`` with the grid they were asked about, so
``test_module.py`` checks them without Java.
"""

from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.vassal.helpers import run_oracle

FIXTURE = Path(__file__).parent / "fixtures" / "module_oracle.json"
SMALL_MAP = Path(__file__).parents[1] / "terrain" / "data" / "small.yaml"


def small_module() -> Any:
    """A module of the small test map with the Winter War counters and a few set-up units."""
    from toolkit.builders.module import SetupPiece, build_module, default_spec
    from toolkit.counters import load_counters
    from toolkit.terrain.io import load_map

    cset = load_counters("winter-war")
    spec = replace(default_spec(cset), setup=(SetupPiece("fin-6-6-2", "0503"), SetupPiece("sov-2-1-2", "0604", 2),
                                              SetupPiece("sov-2-1-2", None, 3), SetupPiece("fin-1-1-3", None, 2)))
    return build_module("Small Test", load_map(SMALL_MAP), cset, spec, hex_px=48)


def scan_module() -> Any:
    """A module on a synthetic scan of the small map turned 3 degrees (resampled square for VASSAL)."""
    from toolkit.builders.module import build_module, render_board
    from toolkit.counters import load_counters
    from toolkit.terrain.io import load_map
    from toolkit.terrain.synthetic import scan_of_board

    tmap = load_map(SMALL_MAP)
    board, layout = render_board(tmap, 48)
    scan, scan_layout = scan_of_board(board, layout, degrees=3.0)
    return build_module("Scan Test", tmap, load_counters("winter-war"), board_image=scan, board_layout=scan_layout)


POINTY_MAP = """schema: hexmap/1
title: Pointy test
grid:
  numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: pointy, shifted: odd}
  extent: {columns: [1, 9], rows: [1, 7]}
default_terrain: clear
legend:
  clear: {color: "#eeeeee"}
  forest: {color: "#8fb573", pattern: trees}
hexes:
  "0303": {terrain: forest}
  "0304": {terrain: forest}
"""


EUROPA_MAP = """schema: hexmap/1
title: Europa test
grid:
  numbering: {scheme: europa, map_id: "35", digits: 2}
  extent: {columns: [10, 20], rows: [20, 28]}
default_terrain: clear
legend:
  clear: {color: "#eeeeee"}
"""


def europa_module() -> Any:
    """A module of a GDW Europa map: ids "35:RRCC", pointy tops, hex numbers growing westward."""
    from toolkit.builders.module import build_module
    from toolkit.counters import load_counters
    from toolkit.terrain.io import loads_map

    return build_module("Europa Test", loads_map(EUROPA_MAP), load_counters("winter-war"), hex_px=40)


def pointy_map() -> Any:
    from toolkit.terrain.io import loads_map

    return loads_map(POINTY_MAP)


def pointy_module() -> Any:
    """A module of a pointy-top map (odd rows shifted right): VASSAL's sideways grid."""
    from toolkit.builders.module import build_module
    from toolkit.counters import load_counters

    return build_module("Pointy Test", pointy_map(), load_counters("winter-war"), hex_px=50)


def sample_save(vmod: Path, built: Any) -> bytes:
    """The demo's sample position as a save for ``vmod``."""
    from toolkit.builders.module import position_placements
    from toolkit.cli.demo import sample_position
    from toolkit.counters import load_counters
    from toolkit.games import get_game
    from toolkit.terrain.io import load_map
    from toolkit.vassal import Module
    from toolkit.vassal.writer import new_save

    tmap = load_map(get_game("winter-war").map_path())
    data = sample_position(tmap)
    with Module.open(vmod) as module:
        placements = position_placements(((u["id"], u["counter"], u["hex"]) for u in data["units"]), built.spec,
                                         load_counters("winter-war"))
        return new_save(module, placements, description="sample position").to_bytes()


def centres(built: Any, tmap: Any) -> dict[str, tuple[int, int]]:
    from toolkit.builders.module_grid import hex_centres

    return hex_centres(tmap, built.layout)


def off_centre_points(built: Any, tmap: Any) -> list[tuple[int, int]]:
    """Twelve points a third of a hex height (flat to flat) from every hex centre: towards each corner
    and towards the middle of each side (in hex id order, corners then sides, rounded to the pixel)."""
    import math

    out = []
    third = math.sqrt(3) / 3  # of the centre-to-corner distance: a third of the flat-to-flat height
    for hid in tmap.ids():
        h = tmap.grid.hex(hid)
        cx, cy = built.layout.hex_to_pixel(h)
        corners = built.layout.corners(h)
        mids = [((x1 + x2) / 2, (y1 + y2) / 2) for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1])]
        for x, y in corners:
            out.append((round(cx + (x - cx) * third), round(cy + (y - cy) * third)))
        for x, y in mids:  # the side's middle is sqrt(3)/2 of the corner distance away: go 2/3 of it
            out.append((round(cx + (x - cx) * 2 / 3), round(cy + (y - cy) * 2 / 3)))
    return out


def record(name: str, built: Any, tmap: Any, folder: Path, extra_saves: dict[str, bytes]) -> dict[str, Any]:
    vmod = folder / f"{name}.vmod"
    vmod.write_bytes(built.vmod)
    loaded = run_oracle("load", str(vmod))
    points = centres(built, tmap)
    located = run_oracle("locate", str(vmod), "Main Map", *(f"{x},{y}" for x, y in points.values()))
    decoded = {}
    for label, data in {"setup": built.setup, **extra_saves}.items():
        save = folder / f"{name}-{label}.vsav"
        save.write_bytes(data)
        answer = run_oracle("decode", str(vmod), str(save))
        decoded[label] = {"ok": answer.get("ok"), "commands": answer.get("commands"),
                          "pieces": sorted([p["id"], p["name"], p["class"], p["map"], p["x"], p["y"], p["location"]]
                                           for p in answer.get("pieces", []))}
    grid = built.grid
    return {
        "load": loaded,
        "hexgrid": grid.to_attributes(),
        "numbering": grid.numbering.to_attributes(),
        "board": list(built.board_size),
        "points": [[p["x"], p["y"], p["location"], p["snap"]] for p in located["points"]],
        "hexes": list(points),
        "decoded": decoded,
    }


def terrain_probe(vmod: Path, built: Any, tmap: Any, folder: Path) -> dict[str, Any]:
    """VASSAL's own ``Terrain``, ``LocationName`` and properties of a piece placed on every hex."""
    from tests.builders.vassal_terrain_probe import run
    from tests.conftest import ORACLE
    from toolkit.vassal import Module
    from toolkit.vassal.writer import Placement, new_save

    save = folder / "terrain.vsav"
    name = built.spec.piece_names["fin-1-1-3"]
    pressed = [tmap.find(terrain=t)[0] for t in tmap.legend if tmap.find(terrain=t)]  # one hex of each terrain
    with Module.open(vmod) as module:
        new_save(module, [Placement(name, "Main Map", h, id="t" + h) for h in tmap.ids()]
                 + [Placement(name, "Main Map", h, id="k" + h) for h in pressed]).write(save)
    answer = run(vmod, save, ORACLE.parent)
    keyed = [p for p in answer.get("pieces", []) if p["id"].startswith("k")]
    pieces = [p for p in answer.get("pieces", []) if p["id"].startswith("t")]
    return {"ok": answer.get("ok"), "terrain": {p["id"][1:]: p["Terrain"] for p in pieces},
            "keys": {p["id"][1:]: {"reports": [r.split("CHAT", 1)[-1] if r else r for r in p["reports"]],
                                   "level": p["Face_Level"]} for p in keyed},
            "location": {p["id"][1:]: p["LocationName"] for p in pieces if p["LocationName"] != p["id"][1:]},
            "properties": sorted({(p["Counter"], p["Side"]) for p in pieces})}


def main() -> int:
    from toolkit.cli.module_cmd import build_game_module
    from toolkit.games import get_game
    from toolkit.terrain.io import load_map

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        built = build_game_module("winter-war")
        tmap = load_map(get_game("winter-war").map_path())
        vmod = folder / "winter-war.vmod"
        vmod.write_bytes(built.vmod)
        out["winter-war"] = record("winter-war", built, tmap, folder, {"sample": sample_save(vmod, built)})
        out["winter-war"]["probe"] = terrain_probe(vmod, built, tmap, folder)
        off = off_centre_points(built, tmap)
        located = run_oracle("locate", str(vmod), "Main Map", *(f"{x},{y}" for x, y in off))
        out["winter-war"]["off_centre"] = " ".join(p["location"] for p in located["points"])
        out["small"] = record("small", small_module(), load_map(SMALL_MAP), folder, {})
        out["scan"] = record("scan", scan_module(), load_map(SMALL_MAP), folder, {})
        out["pointy"] = record("pointy", pointy_module(), pointy_map(), folder, {})
        from toolkit.terrain.io import loads_map

        out["europa"] = record("europa", europa_module(), loads_map(EUROPA_MAP), folder, {})
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    probe = out["winter-war"]["probe"]
    tmap = load_map(get_game("winter-war").map_path())
    wrong_terrain = [h for h, t in probe["terrain"].items() if t != tmap.terrain(h)]
    print(f"terrain probe: {len(probe['terrain'])} pieces, {len(wrong_terrain)} see another terrain, "
          f"{len(probe['location'])} another location; properties {probe['properties']}; keys {probe['keys']}")
    for name, rec in out.items():
        wrong = [(h, p[2]) for h, p in zip(rec["hexes"], rec["points"]) if h != p[2]]
        print(f"{name}: load ok={rec['load'].get('ok')}, {len(rec['points'])} hex centres, {len(wrong)} misnamed "
              f"{wrong[:5]}; decoded " + ", ".join(f"{k}: {len(v['pieces'])} pieces ok={v['ok']}"
                                                  for k, v in rec["decoded"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
