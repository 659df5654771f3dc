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

    SLUG is a bundled game (winter-war, tornio-44, a-winter-war) or a path to a counter file.
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
@json_opt
def aids_cmd(source: str, out_file: str | None, png_dir: str | None, no_png: bool, card: str, landscape: bool,
             dpi: int, as_json: bool) -> None:
    """Player aid cards of SOURCE: a game slug, or a YAML/JSON file holding a list of chart tables."""
    name, title, tables = load_charts(source)
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

def load_charts(source: str) -> tuple[str, str, list[ChartTable]]:
    """(name, title, tables) from a chart file (YAML/JSON list of tables) or a game slug."""
    path = Path(source)
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
    """A game's charts: ``GAME.charts()`` when the game has it, else read from its ``charts`` module.

    The fallback reads the chart data a game package keeps as module constants (Winter War's
    ``toolkit.games.winter_war.charts``): a CombatResultsTable ``CRT`` with a ``RESULTS`` legend,
    ``TERRAIN_EFFECTS``, ``TURNS`` with ``*_REINFORCEMENTS``, ``VP_SCHEDULE``, ``VICTORY_LEVELS``,
    ``SCENARIO_TABLE``, ``SCENARIOS``, ``SPECIAL_EVENTS``, ``*_INITIAL_FORCES``, ``SEQUENCE_OF_PLAY``.
    A ``VP_SCHEDULE`` entry may carry ``per`` ("for each hex", "per unit"), printed after its points.
    """
    return with_terrain_swatches(_game_tables(game), _game_map(game))


def _game_map(game: Any) -> Any:
    """The game's bundled map (the terrain chart's swatches take its colours), or None."""
    has_map = getattr(game, "has_map", None)
    if not callable(has_map) or not has_map():
        return None
    try:
        return load_map(game.map_path())
    except (InputError, DataFileError):
        return None


def _game_tables(game: Any) -> list[ChartTable]:
    method = getattr(game, "charts", None)
    if callable(method):
        return [t if isinstance(t, ChartTable) else ChartTable.from_dict(t, game.slug) for t in method()]
    module = game.package_module("charts")
    if module is None:
        raise InputError(f"game {game.slug!r} has no chart data (no charts() and no "
                         f"{type(game).__module__}.charts)")
    try:
        counters: CounterSet | None = load_counters(game.slug)
    except (InputError, DataFileError):
        counters = None
    tables = _charts_from_module(module, counters, list(getattr(game, "sides", ())))
    if not tables:
        raise InputError(f"game {game.slug!r}: no chart tables found in {module.__name__}")
    return tables


_RESULT_COLOURS = {"Ae": "#f2c4bd", "Ar": "#f8e0c8", "Ne": "#ffffff", "Ex": "#f5f0c0", "Dr": "#d9ecd0",
                   "De": "#bfe0b4", "AE": "#f2c4bd", "AR": "#f8e0c8", "DR": "#d9ecd0", "DE": "#bfe0b4",
                   "EX": "#f5f0c0", "NE": "#ffffff"}


def _unit_label(counter_id: str, counters: CounterSet | None) -> str:
    if counters is not None and counter_id in counters.types:
        ct = counters.types[counter_id]
        text = counters.values_text(ct.values) or ct.unit_type
        if ct.unit_type in ("nkvd", "headquarters") or "paratroop" in ct.unit_type:
            text += {"nkvd": " NKVD", "headquarters": " HQ"}.get(ct.unit_type, " para")
        return text
    return counter_id.split("-", 1)[-1]


def _forces(items: dict[str, int], counters: CounterSet | None) -> str:
    return ", ".join(f"{_unit_label(k, counters)} x{n}" for k, n in items.items())


def _charts_from_module(module: Any, counters: CounterSet | None, sides: list[str]) -> list[ChartTable]:
    tables: list[ChartTable] = []
    seq = getattr(module, "SEQUENCE_OF_PLAY", None)
    if seq:
        tables.append(ChartTable.make("Sequence of Play", ("Step", "Phase"),
                                      [(str(i), str(s)) for i, s in enumerate(seq, start=1)], kind="sequence",
                                      source="rulebook: Sequence of Play"))
    crt = getattr(module, "CRT", None)
    if crt is not None and hasattr(crt, "columns") and hasattr(crt, "rows"):
        labels = tuple(crt.columns.labels)
        variants = getattr(crt, "variants", {}) or {}
        rows = []
        for die in sorted(crt.rows):
            cells = []
            for i, normal in enumerate(crt.rows[die]):
                alts = [v[die][i] for v in variants.values() if v.get(die) and v[die][i]]
                cells.append(normal + "".join(f" ({a})" for a in alts))
            rows.append((str(die), *cells))
        notes = []
        results = getattr(module, "RESULTS", {})
        if results:
            notes.append("; ".join(f"{k} = {v}" for k, v in results.items()) + ".")
        if variants:
            notes.append("Results in parentheses: " + ", ".join(variants) + " (defender in a fortified hex).")
        notes.append("Odds are rounded in the defender's favour to a listed column.")
        tables.append(ChartTable.make("Combat Results Table", ("Die", *labels), rows, notes, kind="crt",
                                      source="rulebook: Combat", cell_colours=_RESULT_COLOURS))
    tec = getattr(module, "TERRAIN_EFFECTS", None)
    if tec:
        tables.append(ChartTable.make("Terrain Effects Chart", ("Terrain", "Movement", "Combat"),
                                      [(t.name, t.movement, t.combat) for t in tec], kind="terrain",
                                      source="rulebook: Terrain Effects Chart"))
    turns = getattr(module, "TURNS", None)
    if turns:
        reinf = {name.removesuffix("_REINFORCEMENTS").title(): getattr(module, name) for name in dir(module)
                 if name.endswith("_REINFORCEMENTS") and isinstance(getattr(module, name), dict)}
        order = sorted(reinf, key=lambda k: (sides.index(k.lower()) if k.lower() in sides else 99, k))
        rows = []
        for turn, (dates, note) in sorted(turns.items()):
            rows.append((str(turn), dates, *(_forces(reinf[k].get(turn, {}), counters) or "—" for k in order),
                         note or ""))
        tables.append(ChartTable.make("Turn Record / Reinforcements",
                                      ("Turn", "Dates", *(f"{k} reinforcements" for k in order), "Notes"), rows,
                                      kind="turns", source="rulebook: Turn Record / Reinforcement Chart"))
    forces = [n for n in dir(module) if n.endswith("_INITIAL_FORCES")]
    if forces:
        rows = [(n.removesuffix("_INITIAL_FORCES").title(), _forces(getattr(module, n), counters)) for n in
                sorted(forces, key=lambda n: sides.index(n.split("_")[0].lower())
                       if n.split("_")[0].lower() in sides else 99)]
        tables.append(ChartTable.make("Initial Forces", ("Side", "Units"), rows, kind="forces",
                                      source="rulebook: Initial Forces"))
    vps = getattr(module, "VP_SCHEDULE", None)
    if vps:
        vp_rows = [(v.condition, f"{v.points:+d} {getattr(v, 'per', '') or ''}".strip()) for v in vps]
        tables.append(ChartTable.make("Victory Point Schedule", ("Condition", "Soviet VP"), vp_rows, kind="victory",
                                      source="rulebook: Victory Conditions",
                                      notes=("Positive points go to the Soviet Player; see the rules for "
                                             "\"capture\".",), first_column_header=False))
    levels = getattr(module, "VICTORY_LEVELS", None)
    if levels:
        rows = []
        previous = None
        for lowest, level in levels:
            rng = f"{lowest}+" if previous is None else (f"{lowest} to {previous - 1}" if lowest > -10**8
                                                         else f"{previous - 1} or less")
            rows.append((rng, level))
            previous = lowest
        tables.append(ChartTable.make("Victory Levels", ("Soviet VP", "Result"), rows, kind="victory",
                                      source="rulebook: Victory Conditions"))
    scen = getattr(module, "SCENARIO_TABLE", None)
    if scen:
        width = max(len(r) for r in scen.values())
        rows = [(str(die), *(c or "·" for c in cells)) for die, cells in sorted(scen.items())]
        names = getattr(module, "SCENARIOS", {})
        tables.append(ChartTable.make("Scenario Table", ("Die", *(f"GT{i}" for i in range(1, width + 1))), rows,
                                      [f"{k}: {v}" for k, v in names.items()] + ["· = no Scenario; roll again next "
                                                                                  "Interphase."],
                                      kind="events", source="rulebook: Scenarios"))
    events = getattr(module, "SPECIAL_EVENTS", None)
    if events:
        effects = getattr(module, "SPECIAL_EVENT_EFFECTS", {})
        rows = [(code, title, effects[code]) if effects else (code, title) for code, title in events.items()]
        tables.append(ChartTable.make("Special Events", ("Code", "Event", "Effect") if effects else ("Code", "Event"),
                                      rows, kind="events", source="rulebook: Special Events"))
    effects = getattr(module, "SCENARIO_EFFECTS", {})
    if effects:
        names = getattr(module, "SCENARIOS", {})
        tables.append(ChartTable.make("Scenarios", ("Code", "Scenario", "Effect"),
                                      [(code, names.get(code, ""), text) for code, text in effects.items()],
                                      kind="events", source="rulebook: Scenarios"))
    return tables


# ``module`` and ``all`` live in module_cmd.py (registered here)
from .module_cmd import all_cmd, module_cmd  # noqa: E402

build_group.add_command(module_cmd)
build_group.add_command(all_cmd)
