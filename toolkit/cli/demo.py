"""``wgt demo``: the main job on the bundled default game, end to end, into one folder.

Renders the board, makes a synthetic scan of it (turned, blurred, noised, JPEG) and extracts the
terrain back (printing how many hexes came back right), builds counter art, sheets, player aids
and the VASSAL module with its set-up save, then checks a sample position twice - from its YAML
and from a VASSAL save written for it - and prints the report. Needs only the installed package.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import yaml

from ..errors import ToolkitError
from ..fileio import atomic_open, atomic_write, ensure_folder
from .options import FOLDER, Progress, hex_px_option, output_option, progress
from .text import report_text

if TYPE_CHECKING:
    from ..terrain.model import TerrainMap

__all__ = ["SAMPLE_UNITS", "demo", "sample_position"]

GAME = "winter-war"
#: the module board and the scan: hexes this many pixels across the flats
MODULE_HEX_PX = 64
SCAN_HEX_PX = 30
SCAN_DEGREES = 0.7


#: the sample position: (unit id, counter, how to find its hex on the map)
SAMPLE_UNITS: tuple[tuple[str, str, str], ...] = (
    ("f1", "fin-6-6-2", "mannerheim:0"),
    ("f2", "fin-6-6-2", "mannerheim:1"),
    ("f3", "fin-1-1-3", "Viipuri"),
    ("s1", "sov-20-12-2", "east-of:mannerheim:0"),
    ("s2", "sov-0-1-2", "Leningrad"),
    ("s3", "sov-2-1-2", "east-of:mannerheim:1"),
    ("s4", "sov-2-1-2", "east-of:mannerheim:1"),
    ("s5", "sov-2-1-2", "east-of:mannerheim:1"),
)


def sample_position(tmap: TerrainMap) -> dict[str, Any]:
    """A Soviet movement-phase position of Game-Turn 1 on the map (three Soviet units stacked south
    of Row A, so the report has something to say); hexes are found by name and tag, not by id."""
    forts = sorted(h for h in tmap.find(tag="fortification") if tmap.value(h, "fortification") == "mannerheim")
    if len(forts) < 2:
        raise ToolkitError("the map has fewer than two Mannerheim Line hexes")

    def east_of(hex_id: str) -> str:
        options = [n for n in tmap.neighbours(hex_id) if tmap.value(n, "country") == "ussr"
                   and tmap.terrain(n) == "clear"]
        if not options:
            options = [n for n in tmap.neighbours(hex_id) if tmap.terrain(n) == "clear" and n not in forts]
        return sorted(options)[-1]

    def where(spec: str) -> str:
        if spec.startswith("east-of:"):
            return east_of(where(spec[len("east-of:"):]))
        if spec.startswith("mannerheim:"):
            return forts[int(spec.split(":")[1])]
        return tmap.place(spec)

    units = [{"id": uid, "counter": counter, "hex": where(spec)} for uid, counter, spec in SAMPLE_UNITS]
    return {"game": GAME, "turn": 1, "player": "soviet", "phase": "movement", "units": units}


def _accuracy(ext: Any, tmap: TerrainMap) -> tuple[int, int]:
    right = sum(1 for h, r in ext.hexes.items() if r.terrain == tmap.terrain(h))
    return right, len(ext.hexes)


@click.command("demo")
@output_option("-o", "--output", "out_dir", kind=FOLDER, aliases=("--out",), default="build/demo",
               help="Folder for everything the demo makes.  [default: build/demo]")
@hex_px_option(MODULE_HEX_PX, "Board and module hexes: pixels across the flats, 8 to 400.")
def demo(out_dir: str, hex_px: float) -> None:
    """Build and check everything for winter-war: board, scan + extraction, counters, sheets, aids,
    VASSAL module with its set-up save, and a checked sample position."""
    from .module_cmd import check_hex_px

    check_hex_px(hex_px)
    with Progress(7, "demo") as bar:  # a bar on a terminal; elsewhere a line per step
        _demo(out_dir, hex_px, bar)


def _demo(out_dir: str, hex_px: float, bar: Progress) -> None:
    from ..builders.aids import AidStyle, write_aids
    from ..builders.counter_art import contact_sheet, write_counter_pngs
    from ..builders.module import build_module, position_placements, render_board, write_module
    from ..builders.sheets import SheetSpec, write_sheets
    from ..counters import load_counters
    from ..games import get_game
    from ..hexgrid import Grid
    from ..terrain.extract import extract
    from ..terrain.io import load_map
    from ..terrain.synthetic import scan_of_map
    from ..vassal import Module
    from ..vassal.writer import new_save
    from .build import game_charts
    from .check import load_any

    started = time.perf_counter()
    out = ensure_folder(Path(out_dir))
    made: list[tuple[Path, str]] = []
    game = get_game(GAME)

    def step(message: str) -> None:
        if bar.enabled:
            bar.step(message)
        else:
            progress(f"[{time.perf_counter() - started:5.1f}s] {message}")

    step(f"loading the {game.title} map and counters")
    tmap = load_map(game.map_path())
    cset = load_counters(game.slug)

    step(f"rendering the board ({len(tmap.ids())} hexes, {hex_px:g} px each)")
    board, layout = render_board(tmap, hex_px)
    with atomic_open(out / "board.png", "wb") as handle:
        board.save(handle, "PNG")
    made.append((out / "board.png", f"board, {board.width}x{board.height} px"))

    step("making a synthetic scan of a smaller board and extracting the terrain back")
    scan, scan_layout = scan_of_map(tmap, SCAN_HEX_PX, rotation=SCAN_DEGREES, seed=7)
    with atomic_open(out / "scan.jpg", "wb") as handle:
        scan.save(handle, "JPEG", quality=90)
    made.append((out / "scan.jpg", f"synthetic scan, {scan.width}x{scan.height} px, turned {SCAN_DEGREES} degrees"))
    grid = Grid(tmap.grid.numbering, tmap.grid.extent, scan_layout)
    legend = _legend(tmap)
    atomic_write(out / "legend.yaml", yaml.safe_dump(legend, sort_keys=False))
    made.append((out / "legend.yaml", "the legend the extraction used (sample hexes of each terrain)"))
    ext = extract(scan, grid, legend, features=False)
    right, total = _accuracy(ext, tmap)
    accuracy = f"{right}/{total} hexes ({100 * right / total:.1f}%)"
    atomic_write(out / "extracted-terrain.yaml", yaml.safe_dump(
        {"accuracy": accuracy, "hexes": {h: r.terrain for h, r in sorted(ext.hexes.items())}}, sort_keys=False))
    made.append((out / "extracted-terrain.yaml", f"terrain read back from the scan: {accuracy} right"))
    click.echo(f"terrain extraction: {accuracy} match the map")

    step("drawing counters, sheets and player aids")
    written = write_counter_pngs(cset, out / "counters", 150)
    with atomic_open(out / "counters" / "contact.png", "wb") as handle:
        contact_sheet(cset, 120).save(handle, "PNG")
    made.append((out / "counters", f"{len(written)} counter faces + contact.png"))
    pages = write_sheets(cset, SheetSpec(counter_mm=cset.counter_size_mm or 12.7, dpi=150), out / "sheets.pdf")
    made.append((out / "sheets.pdf", f"counter sheets, {pages} pages"))
    tables = game_charts(game)
    aids = write_aids(tables, out / "aids.pdf", out / "aids", AidStyle(dpi=150, game_title=game.title))
    made.append((out / "aids.pdf", f"player aids, {len(tables)} charts (+ {len(aids) - 1} PNGs in aids/)"))

    step("building the VASSAL module and its set-up save")
    built = build_module(game.title, tmap, cset, game.module_spec(cset), charts=tables, board_image=board,
                         board_layout=layout, description=f"{game.title} ({game.publisher} {game.year})")
    vmod = out / f"{GAME}.vmod"
    write_module(built, vmod)
    atomic_write(out / "setup.vsav", built.setup)
    s = built.summary()
    made.append((vmod, f"VASSAL module: {s['hexes']} hexes named by their ids, {s['terrain_zones']} terrain zones, "
                       f"{s['pieces']} palette pieces, {len(s['charts'])} charts"))
    on_map = sum(p.copies for p in built.spec.setup if p.hex is not None)
    made.append((out / "setup.vsav", f"set-up save: {s['setup_pieces']} units, {on_map} on the hexes the rules "
                                     f"give them, the rest in the players' pools"))

    step("building a module on the scan itself (its grid is turned: resampled square for VASSAL)")
    on_scan = build_module(f"{game.title} (scan)", tmap, cset, game.module_spec(cset), charts=tables,
                           board_image=scan, board_layout=scan_layout, hex_px=SCAN_HEX_PX)
    write_module(on_scan, out / f"{GAME}-scan.vmod")
    made.append((out / f"{GAME}-scan.vmod", "VASSAL module on the synthetic scan"
                 + (" (straightened)" if on_scan.straightened else "")))

    step("checking a sample position, from YAML and from a VASSAL save of it")
    data = sample_position(tmap)
    atomic_write(out / "sample-position.yaml", yaml.safe_dump(data, sort_keys=False))
    spec = built.spec
    with Module.open(vmod) as module:
        placements = position_placements(((u["id"], u["counter"], u["hex"]) for u in data["units"]), spec, cset)
        when = game.tracker_path(data["turn"], data["player"], data["phase"])  # the turn tracker set to its turn/phase
        new_save(module, placements, description="sample position", turn=when).write(out / "sample.vsav")
    ref, pos = load_any(out / "sample-position.yaml", None, None)
    report = ref.check(pos)
    _, from_save = load_any(out / "sample.vsav", GAME, vmod)
    again = ref.check(from_save)
    same = report.to_dict() == again.to_dict()
    made.append((out / "sample-position.yaml", "sample position"))
    made.append((out / "sample.vsav", "the sample position as a VASSAL save"))
    click.echo(report_text(report.to_dict()))
    click.echo(f"the save read back gives the same report: {'yes' if same else 'NO'}")
    if not same:
        raise ToolkitError("the sample save read back does not give the same report as its position")

    step("done")
    click.echo(f"made in {out} ({time.perf_counter() - started:.1f} s):")
    for path, what in made:
        click.echo(f"  {path}  - {what}")


def _legend(tmap: TerrainMap) -> dict[str, Any]:
    """Swatches a user would pick: up to three hexes of each terrain whose neighbours share it."""
    terrain: dict[str, Any] = {}
    for name in tmap.legend:
        pure = [h for h in tmap.find(terrain=name)
                if not tmap.tags(h) and not tmap.name(h) and tmap.value(h, "water") is None
                and all(tmap.terrain(n) == name for n in tmap.neighbours(h)) and len(tmap.neighbours(h)) == 6]
        if pure:
            step = max(1, len(pure) // 3)
            terrain[name] = {"hexes": pure[::step][:3]}
        else:
            terrain[name] = tmap.legend[name].color
    return {"terrain": terrain}


