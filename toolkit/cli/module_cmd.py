"""``wgt build module`` and ``wgt build all``: a game's VASSAL module (and every other build at once)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from PIL import Image

from ..builders.aids import CARD_SIZES
from ..builders.module import DEFAULT_HEX_PX, BuiltModule, SetupPiece, board_from_file, build_module
from ..builders.sheets import PAGE_SIZES
from ..errors import InputError
from ..fileio import atomic_write, check_folder, ensure_folder
from ..terrain.model import TerrainMap
from .options import FOLDER, LENGTH, ZIP, Progress, echo_json, hex_px_option, json_opt, output_option, progress

__all__ = ["all_cmd", "build_game_module", "check_hex_px", "check_output", "module_cmd",
           "write_output"]


def check_output(path: Path) -> None:
    """Refuse, before any work, an output path that is a folder, or an existing file that is not a zip
    archive (an earlier module or save): a mistyped ``-o`` must not overwrite some other file."""
    if path.is_dir():
        raise InputError(f"output {path} is a folder: give a file name")
    if path.exists():
        if not path.is_file():
            raise InputError(f"output {path} is not a regular file")
        try:
            with path.open("rb") as handle:
                head = handle.read(4)
        except OSError as exc:
            raise InputError(f"cannot write {path} ({exc.strerror or type(exc).__name__})") from None
        if head and head != b"PK\x03\x04":
            raise InputError(f"refusing to overwrite {path}: it is not a VASSAL module or save (remove it first)")
    check_folder(path.parent)


def write_output(path: Path, data: bytes) -> None:
    """Write an output file atomically (after :func:`check_output`); a path that cannot be written is a
    one-line input error."""
    check_output(path)
    ensure_folder(path.parent)
    try:
        atomic_write(path, data)
    except OSError as exc:
        raise InputError(f"cannot write {path} ({exc.strerror or type(exc).__name__})") from None


def build_game_module(slug: str, *, hex_px: float = DEFAULT_HEX_PX, board: str | Path | Image.Image | None = None,
                      map_file: str | Path | TerrainMap | None = None, version: str = "1.0",
                      keep_scan: bool = False) -> BuiltModule:
    """The module of a bundled game: its map (or ``map_file``, a path, slug or map already loaded: e.g. one
    calibrated on the user's scan ``board``, a path or an image already loaded), counters, charts and
    ``module_spec`` hooks. A scan whose map grid has a warp is resampled onto that grid unless ``keep_scan``
    (:func:`~toolkit.builders.module.build_module`)."""
    from ..counters import load_counters
    from ..games import get_game
    from ..terrain.io import load_map
    from .build import game_charts

    game = get_game(slug)
    if isinstance(map_file, TerrainMap):
        tmap = map_file
    elif map_file is not None:
        from ..data import resolve_map

        tmap = load_map(resolve_map(str(map_file)))
    elif not game.has_map():
        raise InputError(f"game {game.slug!r} has no map yet (maps/{game.slug}.yaml)")
    else:
        tmap = load_map(game.map_path())
    cset = load_counters(game.counters_path())
    charts = game_charts(game) if game.has_charts() else []
    image = board_from_file(board) if isinstance(board, str | Path) else board
    spec = game.module_spec(cset)
    if spec is not None and map_file is not None:  # another map: set-up hexes it lacks start in the pools
        off = [p for p in spec.setup if p.hex is not None and p.hex not in tmap.grid]
        if off:
            progress(f"{sum(p.copies for p in off)} set-up units have no hex on this map: they start in the pools")
            spec = replace(spec, setup=tuple(SetupPiece(p.counter, None, p.copies) if p in off else p
                                             for p in spec.setup))
    return build_module(game.title, tmap, cset, spec, charts=charts, hex_px=hex_px,
                        board_image=image, version=version, keep_scan=keep_scan,
                        description=f"{game.title} ({game.publisher} {game.year}), built by wargame-toolkit")


def check_hex_px(hex_px: float) -> None:
    """A module board's hex height must be 8 to 400 pixels (a one-line input error otherwise)."""
    if not 8 <= hex_px <= 400:
        raise InputError(f"--hex-px {hex_px:g} is out of range (8 to 400 pixels)")


@click.command("module")
@click.argument("slug")
@output_option("-o", "--output", "out_file", kind=ZIP, aliases=("--out",),
               help="The .vmod (default build/SLUG/SLUG.vmod).")
@hex_px_option(DEFAULT_HEX_PX, "Board hexes: pixels across the flats (VASSAL's hex height), 8 to 400.")
@click.option("--map", "map_file", metavar="MAP", help="Another map file (path or slug) for the game's counters.")
@click.option("--board", type=click.Path(),
              help="Use this calibrated scan as the board (the map's grid calibration places the hexes).")
@click.option("--keep-scan", is_flag=True,
              help="With --board and a map whose grid has a warp (a folded scan): the scan as it is, not resampled "
                   "so that its print lies on VASSAL's one grid.")
@output_option("--setup-out", kind=ZIP, help="Also write the set-up save here.")
@click.option("--version", "module_version", default="1.0", show_default=True, help="The module's version.")
@json_opt
def module_cmd(slug: str, out_file: str | None, hex_px: float, map_file: str | None, board: str | None,
               keep_scan: bool, setup_out: str | None, module_version: str, as_json: bool) -> None:
    """A complete VASSAL module of the game SLUG, with its set-up save inside.

    The board is the map rendered with hexes --hex-px high, or --board, a scan whose grid the map's
    calibration gives (a turned or sheared scan is resampled square, as VASSAL's grid needs; a folded scan, whose
    grid has a warp, is resampled so that its print lies on the grid: --keep-scan keeps it as it is)."""
    from ..games import get_game

    check_hex_px(hex_px)
    game = get_game(slug)  # bad input is one line, before any progress or work
    if map_file is None and not game.has_map():
        raise InputError(f"game {game.slug!r} has no map yet (maps/{game.slug}.yaml)")
    path = Path(out_file or Path("build") / slug / f"{slug}.vmod")
    check_output(path)
    if setup_out:
        check_output(Path(setup_out))
        if Path(setup_out).resolve() == path.resolve():
            raise InputError(f"--setup-out {setup_out} is the module's own file: give the save another name")
    if keep_scan and board is None:
        raise InputError("--keep-scan keeps a --board scan as it is: give --board SCAN (without it the board is "
                         "rendered from the map)")
    image = board_from_file(board) if board is not None else None
    tmap = None
    if map_file is not None:  # a bad --map is one line too, before the progress line
        from ..data import resolve_map
        from ..terrain.io import load_map

        tmap = load_map(resolve_map(map_file))
    if keep_scan:
        from ..terrain.io import load_map

        if tmap is None:  # the game's own map, loaded once: the module is built from it too (its set-up hexes are
            # all on it, so none goes to the pools)
            tmap = load_map(game.map_path())
        if tmap.grid.warp is None or not tmap.grid.warp.nodes:
            click.echo("wgt: warning: --keep-scan changes nothing: the map's grid has no warp (a flat scan is used as "
                       "it is)", err=True)
    progress(f"building the {slug} module")
    built = build_game_module(slug, hex_px=hex_px, board=image, map_file=tmap, version=module_version,
                              keep_scan=keep_scan)
    write_output(path, built.vmod)
    if setup_out:
        write_output(Path(setup_out), built.setup)
    result: dict[str, Any] = {"game": slug, "file": str(path), **built.summary()}
    if setup_out:
        result["setup"] = setup_out
    if as_json:
        echo_json(result)
    else:
        s = built.summary()
        click.echo(f"{path}: {s['hexes']} hexes on a {s['board'][0]}x{s['board'][1]} board, {s['pieces']} palette "
                   f"pieces, {s['setup_pieces']} set-up units, {len(s['charts'])} charts ({s['bytes']} bytes)"
                   + _resampled(s["print_followed"], s["straightened"]))


def _resampled(followed: int, straightened: bool) -> str:
    """What the module command says it did to the scan ("" when the board is the scan itself)."""
    said = []
    if followed:
        said.append(f"the scan was resampled so that its folded print lies on the map's calibrated grid (the grid's "
                    f"warp, {followed} blocks; the calibration unchanged; --keep-scan: the scan as it is)")
    if straightened:
        said.append("then onto a square grid" if followed else "the scan was resampled onto a square grid")
    return "".join(f"{', ' if i else '; '}{t}" for i, t in enumerate(said))


@click.command("all")
@click.argument("slug")
@output_option("-o", "--output", "out_dir", kind=FOLDER, aliases=("--out",), help="Folder (default build/SLUG).")
@click.option("--page", type=click.Choice([p for p in PAGE_SIZES if p in CARD_SIZES]), default="a4",
              show_default=True, help="Paper of the counter sheets and the player aids (sizes both can print on).")
@click.option("--size", type=LENGTH, help="Counter size (0.5in, 5/8in, 16mm; default: the game's, else 0.5in).")
@click.option("--dpi", type=click.IntRange(150, 1200), default=300, show_default=True,
              help="Resolution of the counter images, sheets and aids.")
@hex_px_option(DEFAULT_HEX_PX, "Module board: hexes this many pixels across the flats, 8 to 400.")
@click.option("--charts", "charts_file", help="The game's chart data completed by you, for the player aids.")
@click.pass_context
def all_cmd(ctx: click.Context, slug: str, out_dir: str | None, page: str, size: float | None, dpi: int,
            hex_px: float, charts_file: str | None = None) -> None:
    """Everything for SLUG: counter art, counter sheets, player aids and the VASSAL module."""
    from ..games import get_game
    from .build import aids_cmd, counters_cmd, sheets_cmd

    check_hex_px(hex_px)
    game = get_game(slug)  # the module needs a game: an unknown one is one line, before any work
    missing = [what for what, has in (("counters", game.has_counters()), ("map", game.has_map())) if not has]
    if missing:  # before any work: the module needs both
        raise InputError(f"game {game.slug!r} has no {' and no '.join(missing)} yet (build all needs counters "
                         "and a map)")
    folder = ensure_folder(Path(out_dir or Path("build") / slug))
    with Progress(4, f"build all {slug}") as bar:
        bar.step("counters")
        ctx.invoke(counters_cmd, slug=slug, out_dir=str(folder / "counters"), size=size, dpi=dpi)
        bar.step("sheets")
        ctx.invoke(sheets_cmd, slug=slug, out_file=str(folder / "sheets.pdf"), size=size, page=page, dpi=dpi)
        if game.has_charts():
            bar.step("aids")
            ctx.invoke(aids_cmd, source=slug, out_file=str(folder / "aids.pdf"), card=page, dpi=dpi,
                       charts_file=charts_file)
        else:
            bar.step(f"aids: {game.slug} has no charts yet; none built")
        bar.step("module")
        ctx.invoke(module_cmd, slug=slug, out_file=str(folder / f"{slug}.vmod"), hex_px=hex_px,
                   setup_out=str(folder / "setup.vsav"))
