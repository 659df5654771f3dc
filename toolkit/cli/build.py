"""``wgt build``: counter art, counter sheets and player aid cards (``module`` and ``all`` come later)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..builders.aids import CARD_SIZES, AidStyle, ChartTable, with_terrain_swatches, write_aids
from ..builders.counter_art import contact_sheet, mm_to_px, write_counter_pngs
from ..builders.sheets import PAGE_SIZES, SheetSpec, write_sheets
from ..counters import CounterSet, load_counters
from ..errors import DataFileError, InputError
from ..fileio import atomic_open, ensure_folder
from ..terrain.io import load_map
from .options import FOLDER, LENGTH, PDF, AliasOption, echo_json, json_opt, output_option, progress

__all__ = ["build_group", "game_charts"]


class Offset(click.ParamType):
    """DX,DY in millimetres (signed)."""

    name = "dx,dy"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        try:
            dx, dy = (float(v) for v in str(value).split(","))
        except ValueError:
            self.fail(f"expected DX,DY in millimetres (e.g. 0.4,-0.2), not {value!r}", param, ctx)
        return dx, dy



def _counters(arg: str) -> CounterSet:
    return load_counters(arg)


@click.group("build")
def build_group() -> None:
    """Build printable components: counter art, counter sheets, player aid cards.

    SLUG is a game (see `wgt games`) or a path to a counter file.
    """


@build_group.command("counters")
@click.argument("slug")
@output_option("-o", "--output", "out_dir", kind=FOLDER, aliases=("--out",),
               help="Folder (default build/SLUG/counters).")
@click.option("--dpi", type=click.IntRange(36, 2400), default=300, show_default=True, help="Resolution.")
@click.option("--size", type=LENGTH, help="Counter size (0.5in, 5/8in, 16mm; default: the game's, else 0.5in).")
@click.option("--px", type=click.IntRange(8, 8000), help="Image size in pixels (overrides --dpi; e.g. 75 for VASSAL).")
@click.option("--bleed", type=LENGTH, default=0.0, show_default=True, help="Bleed round each image (mm or unit).")
@json_opt
def counters_cmd(slug: str, out_dir: str | None, dpi: int, size: float | None, px: int | None, bleed: float,
                 as_json: bool) -> None:
    """Every counter of SLUG (a game or a counter file), both faces, as PNG, plus a contact sheet."""
    cset = _counters(slug)
    size_mm = size if size is not None else cset.counter_size_mm or 12.7
    if not size_mm > 0:
        raise InputError(f"counter size {size_mm:g} mm must be more than 0")
    if bleed < 0:
        raise InputError(f"bleed {bleed:g} mm must not be negative")
    if px is not None:
        dpi = max(1, round(px / size_mm * 25.4))
    else:
        px = mm_to_px(size_mm, dpi)
    if px > 8000:
        raise InputError(f"{size_mm:g} mm at {dpi} dpi is {px} px: too large (at most 8000)")
    if px < 8:
        raise InputError(f"{size_mm:g} mm at {dpi} dpi is {px} px: too small (at least 8)")
    folder = ensure_folder(Path(out_dir or Path("build") / cset.game / "counters"))
    written = write_counter_pngs(cset, folder, px, mm_to_px(bleed, dpi) if bleed else 0)
    proof = folder / "contact.png"
    with atomic_open(proof, "wb") as handle:
        contact_sheet(cset, min(px, 160)).save(handle, format="PNG")
    result = {"game": cset.game, "folder": str(folder), "images": len(written), "pixels": px,
              "size_mm": round(size_mm, 3), "dpi": dpi, "contact_sheet": str(proof)}
    if as_json:
        echo_json(result)
    else:
        click.echo(f"{len(written)} counter images ({px} px, {size_mm:g} mm at {dpi} dpi) in {folder}; "
                   f"proof: {proof}")


@build_group.command("sheets")
@click.argument("slug")
@output_option("-o", "--output", "out_file", kind=PDF, aliases=("--out",),
               help="PDF (default build/SLUG/sheets.pdf).")
@click.option("--size", type=LENGTH, help="Counter size (0.5in, 5/8in, 16mm; default: the game's, else 0.5in).")
@click.option("--page", type=click.Choice(sorted(PAGE_SIZES)), default="a4", show_default=True)
@click.option("--landscape", is_flag=True, help="Turn the page.")
@click.option("--margin", type=LENGTH, default=8.0, show_default=True, help="Page margin (mm or unit).")
@click.option("--bleed", type=LENGTH, default=1.0, show_default=True, help="Bleed past the cut (mm or unit).")
@click.option("--spacing", type=LENGTH, default=0.0, show_default=True, help="Space between counters (0: abutting).")
@click.option("--mark-gap", type=LENGTH, default=1.0, show_default=True, help="Gap between bleed and cut marks.")
@click.option("--mark-length", type=LENGTH, default=4.0, show_default=True, help="Cut mark length.")
@click.option("--duplex", type=click.Choice(["long", "short", "fold", "none"]), default="long", show_default=True,
              help="Backs on the next page flipped on the long/short edge, on the same page to fold, or none.")
@click.option("--back-offset", type=Offset(), default="0,0", show_default=True,
              help="Shift the back pages by DX,DY mm to cancel a printer's drift.")
@click.option("--no-back-marks", is_flag=True, help="No cut marks on the back pages.")
@click.option("--calibration", is_flag=True, help="Add a page pair with vernier scales to measure the back offset.")
@click.option("--raster", is_flag=True, help="Print each face as a picture at --dpi instead of vector art.")
@click.option("--dpi", type=click.IntRange(150, 1200), default=300, show_default=True,
              help="Picture resolution (with --raster).")
@json_opt
def sheets_cmd(slug: str, out_file: str | None, size: float | None, page: str, landscape: bool, margin: float,
               bleed: float, spacing: float, mark_gap: float, mark_length: float, duplex: str,
               back_offset: tuple[float, float], no_back_marks: bool, calibration: bool, raster: bool, dpi: int,
               as_json: bool) -> None:
    """Print-ready counter sheets of SLUG (a game or a counter file) as PDF."""
    cset = _counters(slug)
    counter_mm = size if size is not None else cset.counter_size_mm or 12.7
    spec = SheetSpec(counter_mm=counter_mm, page=page, landscape=landscape,
                     margin_mm=margin, bleed_mm=bleed, spacing_mm=spacing, mark_gap_mm=mark_gap,
                     mark_length_mm=mark_length, duplex=duplex, back_offset_mm=back_offset, dpi=dpi,
                     marks_on_backs=not no_back_marks, calibration=calibration,
                     art="raster" if raster else "vector")
    spec.check()
    path = Path(out_file or Path("build") / cset.game / "sheets.pdf")
    ensure_folder(path.parent)
    pages = write_sheets(cset, spec, path)
    result = {"game": cset.game, "file": str(path), "pages": pages, "counters": cset.total,
              "counter_mm": round(spec.counter_mm, 3), "page": page, "duplex": duplex, "dpi": dpi,
              "back_offset_mm": list(back_offset), "art": spec.art}
    if as_json:
        echo_json(result)
    else:
        art = f"pictures at {dpi} dpi" if raster else "vector art"
        click.echo(f"{path}: {cset.total} counters of {spec.counter_mm:g} mm on {pages} {page} pages "
                   f"(duplex {duplex}, {art})")


@build_group.command("aids")
@click.argument("source")
@output_option("-o", "--output", "out_file", kind=PDF, aliases=("--out",),
               help="PDF (default build/SLUG/aids.pdf).")
@output_option("--png-dir", kind=FOLDER, help="Also write PNGs here (default: beside the PDF).")
@click.option("--no-png", is_flag=True, help="Write the PDF only.")
@click.option("--page", "--card", "card", cls=AliasOption, hidden_aliases=("--card",),
              type=click.Choice(list(CARD_SIZES)), default="a4", show_default=True, help="Card size.")
@click.option("--landscape", is_flag=True)
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True)
@click.option("--charts", "charts_file", help="The game's chart data completed by you (a game whose tables the "
              "rulebook leaves partly unknown checks it and uses it).")
@json_opt
def aids_cmd(source: str, out_file: str | None, png_dir: str | None, no_png: bool, card: str, landscape: bool,
             dpi: int, as_json: bool, charts_file: str | None = None) -> None:
    """Player aid cards of SOURCE: a game slug, or a YAML/JSON file holding a list of chart tables."""
    name, title, tables = load_charts(source, charts_file)
    if not as_json:
        progress(f"{len(tables)} charts: {', '.join(t.title for t in tables)}")
    path = Path(out_file or Path("build") / name / "aids.pdf")
    ensure_folder(path.parent)
    pngs = None if no_png else Path(png_dir or path.with_suffix(""))
    style = AidStyle(dpi=dpi, card=card, landscape=landscape, game_title=title)
    written = write_aids(tables, path, pngs, style)
    result = {"source": source, "file": str(path), "tables": [t.title for t in tables],
              "pngs": [str(p) for p in written[1:]]}
    if as_json:
        echo_json(result)
    else:
        click.echo(f"{path}: player aids" + (f"; {len(written) - 1} PNGs in {pngs}" if pngs else ""))


# ------------------------------------------------------------------------------------------- chart data

def load_charts(source: str, charts_file: str | None = None) -> tuple[str, str, list[ChartTable]]:
    """(name, title, tables) from a chart file (YAML/JSON list of tables) or a game slug; ``charts_file``: the
    game's chart data completed by the user (:meth:`toolkit.games.Game.charts_from`)."""
    path = Path(source)
    if charts_file is not None:
        from ..games import get_game

        if path.exists() or path.suffix or "/" in source:
            raise InputError("--charts completes a game's charts: give a game slug, not a chart file")
        game = get_game(source)
        return game.slug, game.title, with_terrain_swatches(
            [t if isinstance(t, ChartTable) else ChartTable.from_dict(t, charts_file)
             for t in game.charts_from(charts_file)], _game_map(game))
    if path.exists():
        from ..chartfile import load_chart_tables

        tables = [ChartTable.from_dict(item, str(path)) for item in load_chart_tables(path)]
        return path.stem, path.stem, tables
    if path.suffix or "/" in source:
        raise InputError(f"chart file not found: {source}")
    from ..games import get_game

    game = get_game(source)
    return game.slug, game.title, game_charts(game)


def game_charts(game: Any) -> list[ChartTable]:
    """A game's player aid tables, from its ``charts()`` (tables or mappings of title, columns, rows, notes),
    the terrain chart's swatches coloured from the game's map; a game without charts says so (an input
    error, exit 3)."""
    return with_terrain_swatches(_game_tables(game), _game_map(game))


def _game_map(game: Any) -> Any:
    """The game's map (the terrain chart's swatches take its colours), or None."""
    has_map = getattr(game, "has_map", None)
    if not callable(has_map) or not has_map():
        return None
    try:
        return load_map(game.map_path())
    except (InputError, DataFileError):
        return None


def _game_tables(game: Any) -> list[ChartTable]:
    has = getattr(game, "has_charts", None)
    if callable(has) and not has():
        raise InputError(f"game {game.slug!r} has no charts yet")
    return [t if isinstance(t, ChartTable) else ChartTable.from_dict(t, game.slug) for t in game.charts()]


# ``module`` and ``all`` live in module_cmd.py (registered here)
from .module_cmd import all_cmd, module_cmd  # noqa: E402

build_group.add_command(module_cmd)
build_group.add_command(all_cmd)
