"""``wgt vassal``: look inside VASSAL saves, logs and modules; name map points the way VASSAL does."""

from __future__ import annotations

import re
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import HexIdError, InputError
from .options import ZIP, echo_json, json_opt, output_argument
from .vassal_dump import check_exists, dump_data, file_kind, stream_json

if TYPE_CHECKING:
    from ..vassal.module import Module
    from ..vassal.save import SaveFile


@click.group("vassal")
def vassal_group() -> None:
    """VASSAL saves (.vsav), logs (.vlog) and modules (.vmod)."""


@vassal_group.command("dump")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--module", "module_path", type=click.Path(path_type=Path), help="The module (.vmod or folder): "
              "adds boards and VASSAL location names.")
@click.option("--steps", is_flag=True, help="For a log: also list every logged step with its piece changes.")
@click.option("--step", "at_step", metavar="N|last", help="For a log: the pieces after logged step N (0: when "
              "logging began, the default; last: after the last step).")
@json_opt
def dump(file: Path, module_path: Path | None, steps: bool, at_step: str | None, as_json: bool) -> None:
    """The pieces of a save or log, or the contents of a module (maps, boards, grids, piece slots) or of
    a moduledata/savedata file (told apart by content, not by name).

    \b
    One line per piece, stack and deck: id, kind, name, map@x,y, then with
    --module the VASSAL location name and the stack or deck holding it.
    With --json each piece has: id; kind (piece, stack, deck); name (as VASSAL
    names it: layer levels, labels with their $property$ / {expression} text
    evaluated); map, x, y (pixels; a stacked piece is where its stack is);
    board, location (VASSAL's name of the point: hex, zone or deck, "offboard"
    off every board or grid) and hex (that name, null when off board), both
    null without --module; stack (the stack or deck holding it); side (from a
    side-like property or restricted-access trait, else null); traits (each
    decoded: layers with level and level name, labels, markers, dynamic
    properties, masks, prototypes, commands; unknown traits by their prefix).
    Also: players, the boards each map chose, the obfuscation key, and for a
    log the number of logged steps (with --steps each step's commands).
    """
    from ..vassal import read_save  # the module reader (lxml) only when a module is given
    check_exists(file)  # as json_dump (the fast path) does
    kind = file_kind(file)
    if kind == "module":
        from ..vassal import Module

        with Module.open(file) as opened:
            _dump_module(opened, as_json)
        return
    if kind == "metadata":
        _dump_metadata(file, as_json)
        return
    save = read_save(file)
    wanted = _step_number(at_step, save) if at_step is not None else 0
    module: Module | None = None
    if module_path is not None:
        from ..vassal import Module

        module = Module.open(module_path)
    warning = module.mismatch(save.moduledata, str(file)) if module is not None else None
    if warning:
        click.echo(f"wgt: warning: {warning}", err=True)
    try:
        data, pieces, step_list = dump_data(file, save, module, wanted, steps, warning)
    finally:
        if module is not None:
            module.close()
    if as_json:
        from ..gcpause import gc_paused

        with gc_paused():  # a JSON text per distinct trait, no cycles
            stream_json(data, pieces)
        return
    counts: dict[str, int] = data["counts"]  # type: ignore[assignment]
    click.echo(f"{file}: {'log' if save.is_log else 'save'}, {_count(counts['piece'], 'piece')}, "
               f"{_count(counts['stack'], 'stack')}, {_count(counts['deck'], 'deck')}"
               + (f", {len(save.log_steps())} logged steps" if save.is_log else "")
               + (f" (after step {wanted})" if wanted else ""))
    for p in pieces:
        where = f"{p.map}@{p.x},{p.y}" if p.map else "-"
        loc = f" {p.location}" if p.location is not None else ""
        stack = f" in {p.stack}" if p.stack else ""
        side = f" [{p.side}]" if p.side else ""
        click.echo(f"{p.id}\t{p.kind}\t{p.name}\t{where}{loc}{stack}{side}")
    for entry in step_list:
        commands: list[str] = entry["commands"]  # type: ignore[assignment]
        click.echo(f"step {entry['step']}: " + "; ".join(commands) + (" (undo)" if entry["undo"] else ""))


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _step_number(text: str, save: SaveFile) -> int:
    count = len(save.log_steps())
    if text.strip().lower() == "last":
        return count
    try:
        number = int(text)
    except ValueError:
        raise InputError(f"--step {text!r} is not a step number or 'last'") from None
    if not 0 <= number <= count:
        raise InputError(f"--step {number}: {save.source} has {count} logged steps (0..{count})")
    return number


def _dump_metadata(path: Path, as_json: bool) -> None:
    from ..vassal.save import Metadata

    limit = 1 << 20  # a moduledata file is a few hundred bytes
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"{path}: larger than the {limit} byte limit for a metadata file")
    meta = Metadata.parse(data, str(path))
    if as_json:
        echo_json({"file": str(path), "name": meta.name, "version": meta.version,
                   "vassal_version": meta.vassal_version, "date_saved": meta.date_saved,
                   "description": meta.description})
        return
    click.echo(f"{path}: metadata of {meta.name!r} {meta.version} (VASSAL {meta.vassal_version})"
               + (f", saved {_when(meta.date_saved)}" if meta.date_saved else "")
               + (f": {meta.description}" if meta.description else ""))


def _dump_module(module: Module, as_json: bool) -> None:
    maps: list[dict[str, Any]] = []
    for mdef in module.maps.values():
        boards: list[dict[str, Any]] = []
        for b in mdef.boards.values():
            grid = type(b.grid).__name__ if b.grid is not None else None
            boards.append({"name": b.name, "image": b.image, "grid": grid, "size": list(b.size)})
        maps.append({"id": mdef.id, "boards": boards, "decks": [d.name for d in mdef.decks]})
    data = {"name": module.name, "version": module.version, "vassal_version": module.vassal_version,
            "build_file": module.build_name, "sides": module.sides, "maps": maps,
            "piece_slots": [{"name": s.name, "gpid": s.gpid} for s in module.piece_slots],
            "prototypes": list(module.prototypes)}
    if as_json:
        echo_json(data)
        return
    click.echo(f"{module.source}: module {module.name!r} {module.version} (VASSAL {module.vassal_version}, "
               f"{module.build_name}), {len(module.piece_slots)} piece slots, {len(module.prototypes)} prototypes")
    for m in maps:
        click.echo(f"map {m['id']!r}")
        for b in m["boards"]:
            size = f"{b['size'][0]}x{b['size'][1]} px" if all(b["size"]) else "of unknown size (no image)"
            click.echo(f"  board {b['name']!r} {size}, " + _GRID_WORDS.get(b["grid"], f"grid {b['grid']}"))


_GRID_WORDS = {None: "no grid", "VassalHexGrid": "hex grid", "VassalSquareGrid": "square grid",
               "ZonedGrid": "zoned grid", "RegionGrid": "region grid"}


def _when(saved: Any) -> str:
    """A save time as VASSAL writes it (milliseconds since 1970) as a UTC date; other text as it is."""
    from datetime import datetime

    try:
        return datetime.fromtimestamp(int(saved) / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (TypeError, ValueError, OverflowError, OSError):
        return str(saved)


def _xy(text: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise InputError(f"point {text!r} is not X,Y")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        raise InputError(f"point {text!r} is not two integers X,Y") from None


@vassal_group.command("locate")
@click.argument("vmod", type=click.Path(path_type=Path))
@click.argument("map_name", metavar="MAP")
@click.argument("points", nargs=-1, required=True, metavar="X,Y...")
@click.option("--board", "boards", multiple=True, metavar="NAME[@COL,ROW]",
              help="Boards of the map (default: its first board at 0,0).")
@click.option("--vassal-version", "version", type=click.Choice(["3.6", "3.7"]), default="3.7", show_default=True,
              help="Hex snapping rules of this VASSAL version (3.7 changed snapping near hex edges).")
@json_opt
def locate_cmd(vmod: Path, map_name: str, points: tuple[str, ...], boards: tuple[str, ...], version: str,
               as_json: bool) -> None:
    """VASSAL's location name (and snap point) of map points."""
    from ..vassal import Module

    xys = [_xy(p) for p in points]
    chosen = _boards(boards)
    with Module.open(vmod) as module:
        if chosen:
            from ..vassal.writer import check_boards

            check_boards(module, map_name, chosen)
        vmap = module.vassal_map(map_name, chosen)
        rows: list[dict[str, Any]] = []
        mdef = module.map(map_name)
        for x, y in xys:
            deck = mdef.deck_at(vmap, x, y)
            rows.append({"x": x, "y": y, "location": deck if deck is not None else vmap.location_name(x, y),
                         "snap": list(vmap.snap(x, y, version=version))})
    if as_json:
        echo_json({"map": map_name, "points": rows})
        return
    for r in rows:
        click.echo(f"{r['x']},{r['y']}\t{r['location']}\t{r['snap'][0]},{r['snap'][1]}")


@vassal_group.command("centre")
@click.argument("vmod", type=click.Path(path_type=Path))
@click.argument("map_name", metavar="MAP")
@click.argument("names", nargs=-1, required=True, metavar="HEX...")
@click.option("--board", "boards", multiple=True, metavar="NAME[@COL,ROW]",
              help="Boards of the map (default: its first board at 0,0).")
@json_opt
def centre_cmd(vmod: Path, map_name: str, names: tuple[str, ...], boards: tuple[str, ...], as_json: bool) -> None:
    """The map point of each named location (hex) - the inverse of ``locate``."""
    from ..vassal import Module

    chosen = _boards(boards)
    with Module.open(vmod) as module:
        if chosen:
            from ..vassal.writer import check_boards

            check_boards(module, map_name, chosen)
        vmap = module.vassal_map(map_name, chosen)
        rows: list[dict[str, Any]] = []
        for name in names:
            x, y = vmap.point(name)
            if vmap.board_at(x, y) is None:
                raise HexIdError(f"location {name!r} lies off the boards of map {map_name!r} (at {x},{y})")
            rows.append({"name": name, "x": x, "y": y})
    if as_json:
        echo_json({"map": map_name, "points": rows})
        return
    for r in rows:
        click.echo(f"{r['name']}\t{r['x']},{r['y']}")


def _boards(specs: tuple[str, ...]) -> list[tuple[str, int, int]] | None:
    if not specs:
        return None
    out = []
    for spec in specs:
        name, sep, where = spec.rpartition("@")
        if not sep:
            out.append((spec, 0, 0))
            continue
        col, row = _xy(where)
        if not (0 <= col < 2**31 and 0 <= row < 2**31):  # VASSAL reads them with Integer.parseInt
            raise InputError(f"--board {spec!r}: the column and row of a board are whole numbers from 0 to "
                             f"{2**31 - 1}")
        out.append((name, col, row))
    return out


@vassal_group.command("setup")
@click.argument("vmod", type=click.Path(path_type=Path))
@output_argument("out", kind=ZIP)
@click.argument("placements", nargs=-1, required=True, metavar="PIECE@WHERE...")
@click.option("--map", "map_name", help="The map to place on (default: the module's first map).")
@click.option("--board", "boards", multiple=True, metavar="NAME[@COL,ROW]",
              help="The map's boards (repeat for several; default: its first board at 0,0): location names are "
              "found on them and the save shows them.")
def setup_cmd(vmod: Path, out: str, placements: tuple[str, ...], map_name: str | None,
              boards: tuple[str, ...]) -> None:
    """Write a new save OUT with palette pieces at named locations or map points. WHERE is a location name
    as the grid names it (it may hold commas: ``"1st Infantry@0302"``, ``"1ME@A,3"``), or a map point
    written ``px:X,Y`` (``"1st Infantry@px:110,96"``). Prototypes are expanded and pieces sharing a point
    are stacked."""
    from ..vassal import Module
    from ..vassal.writer import Placement, check_boards, new_save

    with Module.open(vmod) as module:
        if map_name is None:
            if not module.maps:
                raise InputError(f"{vmod}: the module has no map")
            map_name = next(iter(module.maps))
        chosen = _boards(boards)
        if chosen:
            check_boards(module, map_name, chosen)
        vmap = module.vassal_map(map_name, chosen)
        items = []
        for spec in placements:
            piece, sep, where = spec.rpartition("@")
            if not sep or not piece or not where:
                raise InputError(f"placement {spec!r} is not PIECE@LOCATION or PIECE@px:X,Y")
            at: str | tuple[int, int]
            if where.startswith("px:"):
                at = _xy(where[3:])
            else:
                at = where
                try:
                    vmap.point(where)
                except HexIdError:
                    hint = f" (for the map point write {piece}@px:{where})" if re.fullmatch(
                        r"\s*-?\d+\s*,\s*-?\d+\s*", where) else ""
                    raise HexIdError(f"placement {spec!r}: no board of map {map_name!r} names a location "
                                     f"{where!r}{hint}") from None
            items.append(Placement(piece, map_name, at))
        save = new_save(module, items, boards={map_name: chosen} if chosen else None)
    save.write(Path(out))
    click.echo(f"wrote {out}: {len(items)} pieces on map {map_name!r}")
