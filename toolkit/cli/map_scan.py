"""``wgt map calibrate | centre | extract``: from a scanned paper map to terrain data.

* ``calibrate IMAGE --point 0101=120,88 --point ...`` fits the grid to the scan and prints (or writes
  with ``-o``) the ``grid:`` block of a map file, with the residual of every clicked point.
* ``centre MAP|GRID HEX ... [--at X,Y]`` prints the scan's pixel of hex centres of a calibrated grid (and the hex at a
  pixel), both as printed: a grid's warp (a folded scan) moves them where its print lies.
* ``extract IMAGE --grid GRID --legend LEGEND -o MAP`` classifies every hex and hexside and writes the
  map file (keeping the ``overrides:`` of an existing one) and, with ``--overlay``, a QA picture.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import re
from pathlib import Path
from typing import Any

import click

from ..errors import DataFileError, GridError, InputError, ToolkitError
from ..fileio import atomic_open, atomic_write, check_folder
from .options import GRID_YAML, MAP_YAML, PNG, Progress, echo_json, json_opt, output_option

__all__ = ["calibrate", "centre", "extract"]

_POINT = re.compile(r"\s*([^=\s]+)\s*=\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*")


def _say(message: str) -> None:
    click.echo(message, err=True)


def _grid_from_file(path: str) -> Any:
    """A Grid from a map file (its ``grid:``), a grid file (the block itself), or a game slug."""
    from ..data import resolve_map
    from ..hexgrid import Grid

    p = Path(path)
    if not p.exists():
        p = resolve_map(path)
    from ..terrain.io import MAP_LIMITS
    from ..yamlfile import load_file

    data = load_file(p, "grid file", limits=MAP_LIMITS)
    if not isinstance(data, dict):
        raise DataFileError("not a map or grid file (expected a mapping)", p)
    block = data.get("grid", data)
    try:
        from ..terrain.io import check_grid

        return check_grid(Grid.from_dict(block))
    except InputError:
        raise
    except ToolkitError as exc:  # GridError and friends: name the file
        raise DataFileError(str(exc), p) from None


_SEP = re.compile(r"-?[0-9]+([^0-9A-Za-z\s/-]+)-?[0-9]+")
_EUROPA = re.compile(r"([0-9A-Za-z]+):([0-9]+)")
_LETTERED = re.compile(r"([A-Za-z]+)([^0-9A-Za-z\s/-]*)(-?[0-9]+)|(-?[0-9]+)([^0-9A-Za-z\s/-]*)([A-Za-z]+)")


def _common(values: list[str], what: str) -> str:
    if len(set(values)) > 1:
        raise InputError(f"the clicked ids disagree on {what} ({', '.join(sorted(set(values)))}): "
                         "check them, or give the numbering options")
    return values[0] if values else ""


def _numbering_grid(numbering: str | None, orientation: str | None, shifted: str, col_digits: int | None,
                    row_digits: int | None, columns: str | None, rows: str | None, row_direction: str = "down",
                    col_direction: str | None = "right", ids: tuple[str, ...] = (), separator: str | None = None,
                    row_first: bool | None = None, letters: str | None = None, letter_style: str | None = None
                    ) -> Any:
    """The grid of ``--numbering`` over ``--columns``/``--rows`` or every id the scheme can spell.

    What the options leave open is read from how the clicked ids are spelled: the scheme (lettered when they
    have letters: ``C12``, ``12C``), a separator between column and row (``14.17``), the digits of each part,
    which part is lettered first, the letter style (``AB`` = spreadsheet), a Europa map id (``35:4526``)."""
    from ..hexgrid import CCRR, Europa, Extent, Grid, Lettered, OffsetSystem

    scheme = (numbering or "").lower()
    if not scheme:
        lettered = [_LETTERED.fullmatch(i) for i in ids]
        scheme = "lettered" if ids and all(lettered) else "ccrr"
    if orientation is None:
        orientation = "pointy" if scheme == "europa" else "flat"
    off = OffsetSystem(orientation, shifted)  # type: ignore[arg-type]
    dirs: dict[str, Any] = {"row_direction": row_direction}
    if col_direction is not None:
        dirs["col_direction"] = col_direction
    try:
        if scheme == "ccrr":
            if separator is None:
                seps = [m.group(1) for m in map(_SEP.fullmatch, ids) if m]
                separator = _common(seps, "the separator") if ids and len(seps) == len(ids) else ""
            rd = 2 if row_digits is None else row_digits
            parts = [i.split(separator, 1) if separator else [i[:-rd], i[-rd:]] for i in ids]
            firsts = [p[0].lstrip("-") for p in parts if len(p) == 2 and p[0].lstrip("-").isdigit()]
            seconds = [p[1].lstrip("-") for p in parts if len(p) == 2 and p[1].lstrip("-").isdigit()]
            first, second = [len(x) for x in firsts], [len(x) for x in seconds]
            rf = bool(row_first)
            if separator and first and second:
                # the zero padding as printed: a part with a leading zero shows it, a 1-digit part its absence;
                # else columns unpadded (14.17, 5.17) and rows padded to 2 (5.05), as such maps print them
                def padding(texts: list[str], default: int) -> int:
                    padded = [len(x) for x in texts if len(x) > 1 and x.startswith("0")]
                    return max(padded) if padded else 1 if any(len(x) == 1 for x in texts) else default

                cd0, rd0 = (padding(seconds, 1), padding(firsts, 2)) if rf else (padding(firsts, 1),
                                                                                  padding(seconds, 2))
                col_digits = cd0 if col_digits is None else col_digits
                row_digits = rd0 if row_digits is None else row_digits
            elif not separator and first and len({len(i.lstrip("-")) for i in ids}) == 1 and col_digits is None:
                col_digits = max(1, min(first))  # "101" = column 1, row 01
            nb: Any = CCRR(2 if col_digits is None else col_digits, 2 if row_digits is None else row_digits,
                           separator, offset=off, row_first=rf, **dirs)
            # with a separator a part may be longer than its digits (column 14 of ids padded to 1 digit)
            longest = max(first + second, default=0) if separator else 0
            cmax = 10 ** max(nb.col_digits, longest) - 1
            rmax = 10 ** max(nb.row_digits, longest) - 1
        elif scheme == "lettered":
            ms = [m for i in ids if (m := _LETTERED.fullmatch(i))]
            lets = [m.group(1) or m.group(6) for m in ms]
            nums = [m.group(3) or m.group(4) for m in ms]
            lead = not ms or all(m.group(1) for m in ms)
            if separator is None:
                separator = _common([m.group(2) if m.group(1) else m.group(5) for m in ms], "the separator")
            if letter_style is None:
                letter_style = "spreadsheet" if any(len(set(x.upper())) > 1 for x in lets) else "repeat"
            digits = row_digits if row_digits is not None else min((len(n.lstrip("-")) for n in nums), default=1)
            nb = Lettered(letters=letters or "col", letters_first=lead, style=letter_style,  # type: ignore[arg-type]
                          digits=digits, separator=separator, offset=off, **dirs)
            cmax = rmax = 26 * 4  # A..ZZZZ in VASSAL's repeat style
            if (letters or "col") == "col":
                rmax = 10 ** max(2, digits) - 1
            else:
                cmax = 10 ** max(2, digits) - 1
        elif scheme == "europa":
            eu = [_EUROPA.fullmatch(i) for i in ids]
            bad = [i for i, m in zip(ids, eu) if not m or len(m.group(2)) % 2]
            if bad:
                raise InputError(f"--numbering europa: {bad[0]!r} is not a Europa id like '35:4526' (map id, a "
                                 "colon, then two numbers of the same digits)")
            found = [m for m in eu if m]
            map_id = _common([m.group(1) for m in found], "the map id") or "35"
            digits = row_digits or col_digits or (len(found[0].group(2)) // 2 if found else 2)
            if col_direction is None:
                dirs["col_direction"] = "left"
            nb = Europa(map_id=map_id, row_first=True if row_first is None else row_first, digits=digits,
                        offset=off, **dirs)
            cmax = rmax = 10 ** digits - 1
        else:
            raise InputError(f"--numbering {numbering!r} is not supported here (ccrr, lettered or europa; "
                             "others with --grid FILE)")
    except GridError as exc:
        raise InputError(f"numbering: {exc}") from None
    first_col = 1 if scheme == "lettered" and (letters or "col") == "col" else 0
    first_row = 1 if scheme == "lettered" and letters == "row" else 0
    col_letters = letter_style if scheme == "lettered" and (letters or "col") == "col" else None
    row_letters = letter_style if scheme == "lettered" and letters == "row" else None
    c0, c1 = _range(columns, "--columns", col_letters) if columns else (first_col, cmax)
    r0, r1 = _range(rows, "--rows", row_letters) if rows else (first_row, rmax)
    if nb.col_direction == "left":
        c0, c1 = -c1, -c0
    if row_direction == "up":
        r0, r1 = -r1, -r0
    return Grid(nb, Extent(c0, c1, r0, r1))


def _extent_grid(grid: Any, text: str) -> Any:
    """``grid`` with the extent of ``--extent FIRST:LAST`` (two corner hex ids)."""
    from ..errors import GridError
    from ..hexgrid import Extent, Grid

    parts = text.split(":")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise InputError(f"--extent takes FIRST:LAST corner hex ids (e.g. 0101:3922), not {text!r}")
    try:
        cells = [grid.numbering.parse(p.strip()) for p in parts]
        cols, rows = sorted(c for c, _ in cells), sorted(r for _, r in cells)
        return Grid(grid.numbering, Extent(cols[0], cols[1], rows[0], rows[1]), grid.layout)
    except GridError as exc:
        raise InputError(f"--extent {text}: {exc}") from None


def _clicked_box(grid: Any, pts: dict[str, tuple[float, float]], layout: Any) -> Any:
    """The grid over the columns and rows the clicked ids span."""
    from ..hexgrid import Extent, Grid

    cells = [grid.numbering.parse(h) for h in pts]
    cols, rows = [c for c, _ in cells], [r for _, r in cells]
    return Grid(grid.numbering, Extent(min(cols), max(cols), min(rows), max(rows)), layout)


#: the most letters one end of --columns/--rows may have (ZZZZZZZZZZZZ: column 312 in the repeat style; in the
#: spreadsheet style far past the extent limit)
MAX_RANGE_LETTERS = 12


def _range(text: str, opt: str, letter_style: str | None = None) -> tuple[int, int]:
    """``FIRST:LAST`` as two numbers; with ``letter_style`` (the lettered part of lettered ids) also as
    printed letters, ``A:X`` = 1:24 (numbers still accepted)."""
    from ..hexgrid.numbering import letters_to_number

    part = r"(-?\d+|[A-Za-z]+)" if letter_style else r"(-?\d+)"
    m = re.fullmatch(rf"\s*{part}\s*[:\-]\s*{part}\s*", text)
    if m and any(len(g) > MAX_RANGE_LETTERS for g in m.groups() if g.isalpha()):
        # 'A:ZZZ...' of thousands of letters took seconds to count and was refused naming a number of as many digits
        raise InputError(f"{opt} {text[:24]}{'...' if len(text) > 24 else ''}: more than {MAX_RANGE_LETTERS} letters "
                         "(no map has that many columns or rows; give numbers)")
    try:
        ends = [int(g) if g.lstrip("-").isdigit() else letters_to_number(g, letter_style)  # type: ignore[arg-type]
                for g in m.groups()] if m else []
    except GridError as exc:
        raise InputError(f"{opt} {text}: {exc}") from None
    if not ends or ends[0] > ends[1]:
        example = "1:30 or A:X" if letter_style else "1:30"
        raise InputError(f"{opt} takes FIRST:LAST (e.g. {example}), not {text!r}")
    return ends[0], ends[1]


def _points(values: tuple[str, ...]) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    for v in values:
        m = _POINT.fullmatch(v)
        if not m:
            raise InputError(f"--point takes HEX=X,Y (e.g. 0101=120.5,88), not {v!r}")
        if m.group(1) in out:
            raise InputError(f"hex {m.group(1)} is given twice with --point")
        out[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    return out


def _reporter(bar: Progress) -> Any:
    """The callback that moves ``bar`` on (None when no bar is drawn: off a terminal, or with -q)."""
    return bar.say if bar.enabled else None


@click.command("calibrate")
@click.argument("image", type=click.Path())
@click.option("--point", "points", multiple=True, metavar="HEX=X,Y",
              help="A clicked hex centre and its printed id (3 or more; repeatable).")
@click.option("--grid", "grid_file", metavar="FILE", help="Take numbering and extent from a map or grid file.")
@click.option("--numbering", type=click.Choice(["ccrr", "lettered", "europa"], case_sensitive=False), default=None,
              help="Numbering scheme when no --grid: ccrr (0312, 14.17), lettered (C12, 12C, AB7) or europa "
                   "(35:4526: map id, row, column); default: lettered when the clicked ids have letters, else ccrr. "
                   "Separator, digits, letter order and style, and Europa's map id are read from the ids.")
@click.option("--separator", default=None, metavar="TEXT",
              help="Between column and row in the ids (14.17); default: read from the clicked ids.")
@click.option("--row-first", is_flag=True, default=None,
              help="The ids give the row first (ccrr: '1701' = row 17, column 1; Europa's default).")
@click.option("--letters", type=click.Choice(["col", "row"]), default=None,
              help="Lettered ids: which part is letters [default: col].")
@click.option("--letter-style", type=click.Choice(["repeat", "spreadsheet"]), default=None,
              help="Lettered ids after Z: AA, BB (repeat, VASSAL) or AA, AB (spreadsheet); default: read from "
                   "the clicked ids (AB = spreadsheet), else repeat.")
@click.option("--orientation", type=click.Choice(["flat", "pointy"]), default=None,
              help="Flat-top or pointy-top hexes [default: flat; europa: pointy].")
@click.option("--shifted", type=click.Choice(["odd", "even"]), default=None,
              help="Which printed columns (rows, pointy) sit half a hex down (right); default: read from the "
                   "clicks and the printed hex lines (refused when the clicks cannot tell: click hexes of both "
                   "parities; odd when the lines are too faint to judge).")
@click.option("--row-direction", type=click.Choice(["down", "up"]), default=None,
              help="Printed row numbers grow down or up the map; default: read from the clicks (else down).")
@click.option("--col-direction", type=click.Choice(["right", "left"]), default=None,
              help="Printed column numbers grow to the right or left; default: read from the clicks (else right).")
@click.option("--col-digits", type=int, default=None,
              help="Digits of the column number (zero padded) [default: 2, or as the clicked ids spell it].")
@click.option("--row-digits", type=int, default=None,
              help="Digits of the row number (lettered: of the number) [default: 2, or as the clicked ids spell it].")
@click.option("--columns", metavar="FIRST:LAST", help="Printed columns of the map: numbers, or a lettered map's "
                                                      "letters (A:X) (default: those on the image).")
@click.option("--rows", metavar="FIRST:LAST", help="Printed rows of the map: numbers, or letters with --letters row "
                                                   "(default: those on the image).")
@click.option("--extent", metavar="FIRST:LAST",
              help="The map's corner hex ids (e.g. 0101:3922); default: the box of the clicked ids "
                   "(click the corner hexes), never the whole image (charts printed beside the map are not terrain).")
@click.option("--auto", is_flag=True, help="Find the grid from the image itself; one --point names a hex, and "
                                          "--extent (or --columns/--rows, or --grid) says where the map ends.")
@click.option("--no-refine", is_flag=True, help="Fit the clicked points only (no line refinement).")
@click.option("--no-warp", is_flag=True,
              help="Write the one affine grid even where the printed lines lie off it (a folded sheet): no warp: "
                   "key, so 'wgt map extract' reads every hex where the affine grid puts it.")
@click.option("--off-map", "off_map_ids", multiple=True, metavar="IDS",
              help="Hexes of the extent that are not on the map (an L-shaped map on a rectangular image, a chart): "
                   "hex ids or FIRST:LAST boxes of columns and rows (0101:1530), comma-separated; repeatable. "
                   "Written as the extent's missing ids.")
@click.option("--on-map", "on_map_ids", multiple=True, metavar="IDS",
              help="Hexes to keep on the map although they show no ink (see --keep-blank); ids or FIRST:LAST boxes.")
@click.option("--keep-blank", is_flag=True,
              help="Keep every hex of the extent. By default hexes that are one flat colour (no printed hex line, "
                   "id or terrain) and are reached from the extent's edge through such hexes - the area beyond the "
                   "map's printed edge, a blank margin - are left out (written as missing) and listed.")
@output_option(kind=GRID_YAML, help="Write the grid block here (YAML).")
@click.option("--max-pixels", type=int, default=None, metavar="N",
              help="Refuse images larger than this (default: Pillow's decompression-bomb limit, ~89 Mpx).")
@json_opt
def calibrate(image: str, points: tuple[str, ...], grid_file: str | None, numbering: str | None,
              separator: str | None, row_first: bool | None, letters: str | None, letter_style: str | None,
              orientation: str | None, shifted: str | None, row_direction: str | None, col_direction: str | None,
              col_digits: int | None, row_digits: int | None, columns: str | None, rows: str | None,
              extent: str | None, auto: bool, no_refine: bool, no_warp: bool, off_map_ids: tuple[str, ...],
              on_map_ids: tuple[str, ...], keep_blank: bool, output: str | None, max_pixels: int | None,
              as_json: bool) -> None:
    """Fit the hex grid to a scan from clicked hex centres, refined on the printed hex lines.

    Which columns are shifted and which way rows and columns are counted are read from the clicks and
    the printed hex lines unless given; a given convention the lines contradict, a click (or id)
    half a hex off, or clicks all off their hexes' centres the same way (on ids printed near the top
    of each hex), is refused naming it. Click 4 or more hex centres spread over the map.

    Hexes of the extent that are not on the map are written as its missing ids: those named with --off-map,
    and those that carry no ink at all (one flat colour: no hex line, id or terrain) reached from the
    extent's edge (beyond the map's printed edge); they are listed, --on-map or --keep-blank keeps them.
    More in docs/calibrate.md."""
    from ..hexgrid import Grid
    from ..terrain.calibrate import (
        Calibration,
        PointResidual,
        auto_layout,
        open_image,
    )
    from ..terrain.calibrate import (
        calibrate as run,
    )

    pts = _points(points)
    if grid_file and any(v is not None for v in (numbering, separator, row_first, letters, letter_style,
                                                   orientation, col_digits, row_digits)):
        raise InputError("--grid FILE gives the numbering: leave out --numbering, --separator, --row-first, "
                         "--letters, --letter-style, --orientation and the digits")
    grid = _grid_from_file(grid_file) if grid_file else _numbering_grid(
        numbering, orientation, shifted or "odd", col_digits, row_digits, columns, rows, row_direction or "down",
        col_direction, tuple(pts), separator, row_first, letters, letter_style)
    given = ["shifted", "row_direction", "col_direction", "orientation", "row_first"] if grid_file else \
        [k for k, v in (("shifted", shifted), ("row_direction", row_direction), ("col_direction", col_direction),
                        ("orientation", orientation), ("row_first", row_first)) if v]
    given_extent = bool(grid_file) or (columns is not None and rows is not None)
    deferred: list[str] = []  # notes said with the report (_say_or_defer)
    if extent is not None:
        if grid_file or columns or rows:
            raise InputError("--extent takes the place of --columns/--rows and of the --grid file's extent: give one")
        given_extent = False  # calibrated on the hexes of the image; the output takes --extent
    if auto and len(pts) == 2:
        raise InputError("--auto takes one --point (which hex is which) or 3 or more (their ids also tell the "
                         "numbering convention), not 2")
    if auto and not pts:
        raise InputError("--auto needs one --point to say which hex is which")
    unknown = {k: words for k, words in (("shifted", "which columns (rows, pointy) are shifted"),
                                         ("row_direction", "which way the rows are counted")) if k not in given}
    if auto and len(pts) == 1 and unknown:
        flags = " and ".join("--" + k.replace("_", "-") for k in unknown)
        raise InputError(f"--auto with one --point cannot tell {' or '.join(unknown.values())}: give {flags}, "
                         "or 3 --point clicks far apart")
    if auto and not (given_extent or extent is not None):
        # the lattice of hex lines runs on under charts and off-map areas: where the map ends is the user's
        raise InputError("--auto finds the grid, not where the map ends: give --extent FIRST:LAST (the map's corner "
                         "hex ids), --columns and --rows, or --grid FILE")
    if not auto and len(pts) < 3:
        raise InputError(f"calibration needs at least 3 --point HEX=X,Y (got {len(pts)}); or use --auto")
    from ..terrain.offmap import parse_cells

    parse_cells(grid, off_map_ids, "--off-map", inside=False)  # mistyped ids are said before the work
    parse_cells(grid, on_map_ids, "--on-map", inside=False)
    if extent is not None:
        # a mistyped --extent is said before the work, alone (user43: '0101-1010' came after the image was read and
        # a numbering line was said)
        _extent_grid(grid, extent)
    with Progress(7 if auto else 4, "calibrate") as bar:
        bar.step("reading the image")
        img = open_image(image, max_pixels, note=_say)
        if auto:
            for hid, xy in pts.items():
                grid.hex(hid)
                if not (0 <= xy[0] < img.width and 0 <= xy[1] < img.height):
                    raise InputError(f"point {hid}={xy[0]:g},{xy[1]:g} is off the image ({img.width}x{img.height} "
                                     "pixels)")
            hid, xy = next(iter(pts.items()))
            h = grid.hex(hid)
            try:
                layout = auto_layout(img, grid.numbering.offset.orientation, (h, xy), progress=_reporter(bar))
            except GridError as exc:
                if len(pts) < 3:
                    raise
                # it said "click 3 or more hex centres instead" to a user who had: the clicks alone fit the grid
                raise GridError(str(exc).split(";")[0] + f"; the {len(pts)} clicks given fit the grid without "
                                "--auto: run again without it") from None
            if len(pts) >= 3:
                # the clicks on the lattice found: their ids tell the numbering convention, as without --auto
                from ..terrain.calibrate import fit_points, to_gray
                from ..terrain.conventions import choose_numbering

                on = {k: layout.hex_to_pixel(layout.pixel_to_hex(*p)) for k, p in pts.items()}
                grid, notes = choose_numbering(to_gray(img), grid, on, given=given)
                for note in notes:
                    _say_or_defer(note, deferred)
                layout = fit_points(grid, on, (img.width, img.height)).layout
            cal = Calibration(layout, [PointResidual(k, p, layout.hex_to_pixel(grid.hex(k))) for k, p in pts.items()],
                              method="auto")
        else:
            bar.step("fitting the clicked points")
            from ..terrain.calibrate import to_gray
            from ..terrain.conventions import choose_numbering

            grid, notes = choose_numbering(to_gray(img), grid, pts, given=given)
            for note in notes:
                _say_or_defer(note, deferred)
            if given_extent:
                cal = run(img, grid, pts, refine=not no_refine, progress=_reporter(bar))
            else:
                cal = _calibrate_open_extent(img, grid, pts, not no_refine, _reporter(bar))
        if given_extent:
            out_grid = Grid(grid.numbering, grid.extent, cal.layout)
        elif extent is not None:
            out_grid = _extent_grid(Grid(grid.numbering, grid.extent, cal.layout), extent)
        else:
            out_grid = _clicked_box(grid, pts, cal.layout)
            e = out_grid.extent
            _say(f"extent: {out_grid.numbering.format(e.first_col, e.first_row)} to "
                 f"{out_grid.numbering.format(e.last_col, e.last_row)}, the box of the clicked ids (click the corner "
                 "hexes or give --extent FIRST:LAST for the whole map)")
        bar.step("finding hexes off the map")
        out_grid, off_report = _leave_off_map(img, out_grid, off_map_ids, on_map_ids, keep_blank, tuple(pts))
        bend_report: dict[str, Any] = {}
        if not no_refine:
            from ..terrain.calibrate import BEND_BLOCK, BEND_WARN
            from ..terrain.warp import warp_from_fit

            bend_report, fit = _bends(img, out_grid)
            warp = None if no_warp else warp_from_fit(fit, out_grid, BEND_BLOCK, BEND_WARN)
            if warp is not None:
                out_grid = dataclasses.replace(out_grid, warp=warp)
                _say(f"recorded the offsets of {len(warp.nodes)} blocks around them as the grid's warp: "
                     "'wgt map extract', 'map centre', 'map edit' and 'build module --board' take the hexes there "
                     "where the print lies (--no-warp: the one grid)")
    for note in deferred:  # the default convention kept: said once the grid is made, never before a refusal
        _say(note)
    report = cal.report()
    report.update(off_report)
    report.update(bend_report)
    text = _grid_text(out_grid)
    if output:
        atomic_write(output, text.encode("utf-8"))
    if as_json:
        report["grid"] = out_grid.to_dict()
        echo_json(report)
    else:
        _say(f"{report['orientation']}-top hexes of {report['size_px']:.3f} px, rotated "
             f"{report['rotation_deg']:.4f} deg, x/y stretch {report['stretch_xy']:.5f}, shear {report['shear']:.5f}")
        for p in report.get("points", []):
            _say(f"  {p['hex']}: clicked {p['clicked'][0]:.1f},{p['clicked'][1]:.1f} -> grid "
                 f"{p['fitted'][0]:.2f},{p['fitted'][1]:.2f}  residual {p['error_px']:.2f} px")
        if "line_rms_px" in report:
            _say(f"  refined on {report['line_samples']} hex-line measurements, rms {report['line_rms_px']:.3f} px")
        if not output:
            click.echo(text, nl=False)


def _say_or_defer(note: str, deferred: list[str]) -> None:
    """A numbering note of calibrate: a convention inferred is said at once; the default kept (which the clicks and
    lines agree with) is said with the report, so a refusal after it is still one line."""
    if "the default, which" in note:
        deferred.append(note)
    else:
        _say(note)


def _bends(img: Any, grid: Any) -> tuple[dict[str, Any], Any]:
    """Where the printed hex lines lie off the fitted grid locally (terrain.calibrate.local_fit, blocks of 4 x 4
    hexes): one warning line naming the blocks off by BEND_WARN of a hex or more, and the blocks that could not be
    followed at all where judged blocks lie around them; the report's ``local_fit``, and the local fit itself."""
    from ..terrain.calibrate import BEND_BLOCK, BEND_WARN, local_fit

    fit = local_fit(img, grid)
    found = fit.judged
    off = [b for b in found if b.fraction >= BEND_WARN]
    out: dict[str, Any] = {"local_fit": {"block_hexes": BEND_BLOCK, "blocks": len(found), "warn_hex": BEND_WARN,
                                         "worst_px": round(found[0].offset_px, 2) if found else None,
                                         "worst_hex": round(found[0].fraction, 3) if found else None,
                                         "off": [b.report() for b in off], "unjudged": len(fit.unjudged)}}
    # unjudged blocks warn alone where none could be judged (the whole grid was refined on lines, no block follows
    # them) or where one lies among judged blocks that move: a chart or the sea has no lines to follow, stays silent
    lost = fit.among if found else len(fit.unjudged)
    lines = ("could not be followed at all (more than 0.17 of a hex off, or no hex lines there: a chart, the sea, "
             "the map's edge)")
    if off:
        k = len(fit.unjudged)
        clause = f"; {k} more block{'s' if k != 1 else ''} {lines}" if k else ""
        more = "".join(f", {_box(b.first, b.last)} {b.offset_px:.1f} px" for b in off[1:6])
        _say(f"wgt: warning: the printed hex lines lie off the grid in {len(off)} of {len(found)} blocks of "
             f"{BEND_BLOCK}x{BEND_BLOCK} hexes, by {off[0].offset_px:.1f} px ({off[0].fraction:.2f} of a hex) in "
             f"hexes {_box(off[0].first, off[0].last)}{more}{', ...' if len(off) > 6 else ''}{clause}: the sheet "
             "was not flat there (a fold, a curl) and one grid cannot follow it; check those hexes with "
             "'wgt map tiles'")
    elif lost:
        _say(f"wgt: warning: the printed hex lines in {lost} of {len(found) + len(fit.unjudged)} blocks of "
             f"{BEND_BLOCK}x{BEND_BLOCK} hexes {lines}, "
             f"{'among blocks that move off the grid' if found else 'and no block could be judged'}: the sheet may "
             "not be flat (a fold, a curl, a wave) and one grid cannot follow it; check the map with 'wgt map tiles'")
    return out, fit


def _box(first: str, last: str) -> str:
    """A block's hexes as ``wgt map tiles --hexes`` takes them: FIRST:LAST, or "FIRST to LAST" for ids that hold a
    colon themselves (Europa's 35:0913)."""
    return f"{first} to {last}" if ":" in first else f"{first}:{last}"


def _leave_off_map(img: Any, grid: Any, off_ids: tuple[str, ...], on_ids: tuple[str, ...], keep_blank: bool,
                   clicked: tuple[str, ...] = ()) -> tuple[Any, dict[str, Any]]:
    """``grid`` with the hexes off the map written as missing (--off-map, and blank hexes reached from the
    extent's edge unless --keep-blank or --on-map), and what was left out, for the report."""
    from ..terrain.offmap import blank_cells, id_ranges, off_map, parse_cells, with_missing

    given = parse_cells(grid, off_ids, "--off-map")
    keep = parse_cells(grid, on_ids, "--on-map")
    clicked_cells = {grid.numbering.parse(h) for h in clicked}
    if given & clicked_cells:
        c = min(given & clicked_cells)
        raise InputError(f"hex {grid.numbering.format(*c)} is clicked and given with --off-map: a clicked hex is on "
                         "the map")
    keep |= clicked_cells
    both = given & keep
    if both:
        c = min(both)
        raise InputError(f"hex {grid.numbering.format(*c)} is given with both --off-map and --on-map")
    out: dict[str, Any] = {}
    blank_off: set[tuple[int, int]] = set()
    if not keep_blank:
        off, inside = off_map(grid, blank_cells(img, grid))
        blank_off = off - keep - given
        if blank_off and set(grid.extent.cells()) <= given | blank_off:  # before the report of what was left out
            raise InputError("every hex of the extent shows no printed hex line, id or terrain (one flat colour)"
                             f"{' or is given with --off-map' if given else ''}: check the image and the extent, or "
                             "give --keep-blank")
        if blank_off:
            runs = id_ranges(grid, blank_off)
            _say(f"left out {len(blank_off)} hexes that show no printed hex line, id or terrain (one flat colour), "
                 f"reached from the extent's edge - off the map: {' '.join(runs[:12])}"
                 f"{' ...' if len(runs) > 12 else ''} (--on-map IDS keeps some, --keep-blank all)")
            out["off_map_blank"] = sorted(grid.numbering.format(*c) for c in blank_off)
        inside -= keep | given  # kept by the user, or left out with --off-map: nothing to check
        if inside:
            runs = id_ranges(grid, inside)
            _say(f"kept {len(inside)} blank hexes inside the map (one flat colour, no hex line): "
                 f"{' '.join(runs[:12])}{' ...' if len(runs) > 12 else ''}; check them (--off-map IDS leaves them out)")
            out["blank_kept"] = sorted(grid.numbering.format(*c) for c in inside)
    if given:
        out["off_map_given"] = sorted(grid.numbering.format(*c) for c in given)
    if given or blank_off:
        grid = with_missing(grid, given | blank_off)
    return grid, out


def _learned_lines(ext: Any) -> list[str]:
    """What the extraction learned from the legend's examples, and how it checks out on them."""
    out = list(ext.rules.describe()) if ext.rules is not None else []
    check = getattr(ext, "centre_check", None)
    line = check.describe() if check is not None else None
    if line:  # the examples lean to reading each hex by its centre, too few to call for it (rules.check_centre)
        out.append(line)
    dots = getattr(ext, "centre_dots", None)
    if dots is not None and dots.found:  # the hexes were read by their centres on the map's printed dots (centredot.py)
        out.append(centre_dots_line(dots, check))
    for name, r in ext.symbol_reports.items():
        loo = (f"; leave-one-out {r.loo_found} of {r.loo_total} examples found" if r.loo_total else "")
        out.append(f"symbol {name}: template of {r.template_px} px from {len(r.example_scores)} example hexes, "
                   f"threshold {r.threshold:.2f}, found in {len(ext.symbols.get(name, ()))} hexes{loo}")
    return out


def centre_dots_line(dots: Any, check: Any) -> str:
    """The info line of a map read by its hexes' centres on its printed dots (``dots``: centredot.CentreDots, found),
    with what its legend's examples said (``check``: rules.CentreCheck or None)."""
    from ..terrain.extract_legend import CENTRE_RADIUS

    if check is None:
        said = "the legend has no example hex to check it on"
    else:
        said = (f"the legend's examples are not against it ({len(check.for_centre)} of {check.examples} read right "
                f"only by the centre, {len(check.for_whole)} only whole)")
    return (f"centre: the map prints {dots.said()} and {said}: each hex is read by the class under its centre (a "
            f"disc of {CENTRE_RADIUS:g} of the hex size), as `centre: true` reads it; say `centre: false` to read "
            "each hex whole")


def _grid_text(grid: Any) -> str:
    """The ``grid:`` block as a map file writes it (ids quoted, one key a line)."""
    from ..terrain.io import flow

    return "grid:\n" + "".join(f"  {k}: {flow(v)}\n" for k, v in grid.to_dict().items())


def _calibrate_open_extent(img: Any, grid: Any, pts: dict[str, tuple[float, float]], refine: bool,
                           progress: Any = None) -> Any:
    """Calibrate when the map's extent is not known: fit the points, then refine on the hexes whose
    centres fall on the image."""
    from ..terrain.calibrate import calibrate as run
    from ..terrain.calibrate import fit_points, grid_covering

    first = fit_points(grid, pts, (img.width, img.height))
    covering = grid_covering(grid, first.layout, img.width, img.height)
    return run(img, covering, pts, refine=refine, progress=progress)


def _block(text: str, key: str) -> tuple[int, int] | None:
    """Start and end (character offsets) of the top-level ``key:`` block of a YAML text: its line and
    every following line that is indented, blank or a comment."""
    m = re.search(rf"^{re.escape(key)}:.*$", text, flags=re.M)
    if m is None:
        return None
    nxt = re.compile(r"^[^\s#]", flags=re.M).search(text, m.end() + 1)
    return m.start(), (nxt.start() if nxt else len(text))


def keep_block(old: str, new: str, key: str, source: str) -> str:
    """``new`` with its top-level ``key:`` block replaced by ``old``'s, byte for byte (comments and
    hand formatting of the overrides survive a re-extraction); checked to read back to the same map."""
    from ..terrain.io import loads_map

    a, b = _block(old, key) or (0, 0), _block(new, key)
    if b is None or a == (0, 0):
        return new
    chunk = old[a[0]:a[1]]
    if not chunk.endswith("\n"):
        chunk += "\n"
    out = new[:b[0]] + chunk + new[b[1]:]
    try:
        same = loads_map(out, source).overrides == loads_map(new, source).overrides
    except DataFileError:
        same = False
    return out if same else new


@click.command("centre")
@click.argument("grid_arg", metavar="MAP|GRID")
@click.argument("hexes", nargs=-1)
@click.option("--at", "points", metavar="X,Y", multiple=True,
              help="Also the hex printed at this pixel of the scan (repeatable).")
@json_opt
def centre(grid_arg: str, hexes: tuple[str, ...], points: tuple[str, ...], as_json: bool) -> None:
    """The scan's pixel of each hex centre under the grid's calibration, and with --at the hex at a pixel.

    Both are positions on the scan as printed: on a grid with a warp (a folded scan, 'wgt map calibrate') a
    hex centre is where the warp puts its print, and a pixel is named by the printed hex it lies in."""
    if not hexes and not points:
        raise InputError("give hex ids, or --at X,Y for the hex at a pixel")
    grid = _grid_from_file(grid_arg)
    if grid.layout is None:
        raise InputError(f"{grid_arg}: the grid has no calibration (run 'wgt map calibrate')")
    at, given = [], []
    for text in points:
        m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*", text)
        if m is None:
            raise InputError(f"--at takes a pixel X,Y (numbers: X across the image, Y down it), not {text!r}")
        at.append((float(m.group(1)), float(m.group(2))))
        given.append(f"{m.group(1)},{m.group(2)}")
    ids = [grid.canonical_id(hid) for hid in hexes]
    xy = [grid.layout.hex_to_pixel(grid.hex(hid)) for hid in ids]
    xs: list[float] = [p[0] for p in xy]
    ys: list[float] = [p[1] for p in xy]
    ax: list[float] = [p[0] for p in at]
    ay: list[float] = [p[1] for p in at]
    if grid.warp is not None and grid.warp.nodes:  # numpy only for a folded scan's grid (a flat one starts faster)
        import numpy as np

        from ..terrain.warp import from_print, to_print

        xs, ys = (a.tolist() for a in to_print(grid, np.array(xs), np.array(ys)))
        ax, ay = (a.tolist() for a in from_print(grid, np.array(ax), np.array(ay)))
    out: list[dict[str, Any]] = [{"hex": hid, "x": round(float(x), 3), "y": round(float(y), 3)}
                                 for hid, x, y in zip(ids, xs, ys)]
    found: list[dict[str, Any]] = []
    for (x, y), fx, fy in zip(at, ax, ay):
        h = grid.layout.pixel_to_hex(float(fx), float(fy))
        found.append({"at": [x, y], "hex": grid.id(h) if h in grid else None})
    if as_json:
        echo_json(out + found if found else out)
    else:
        for d in out:
            click.echo(f"{d['hex']} {d['x']:.3f} {d['y']:.3f}")
        for text, d in zip(given, found):
            click.echo(f"{text} {d['hex'] or 'off the map'}")


@click.command("tiles")
@click.argument("image", type=click.Path())
@click.argument("grid_arg", metavar="MAP|GRID")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--truth", "truth_file", metavar="FILE",
              help="Draw this truth file's labels (classes, symbols, hexsides, links) over the pages, to check them.")
@click.option("--hexes", "only", metavar="IDS", multiple=True,
              help="Only these hexes (the pages are cut around them, in blocks of --per-page from their first "
                   "column and row): ids or FIRST:LAST boxes, comma-separated; repeatable.")
@click.option("--per-page", type=click.IntRange(1, 40), default=8, show_default=True,
              help="Columns and rows of hexes on a page.")
@click.option("--zoom", type=click.FloatRange(0.25, 16), default=2.0, show_default=True,
              help="Enlargement of the scan.")
@click.option("--max-pixels", type=int, default=None, metavar="N",
              help="Refuse images larger than this (default: Pillow's decompression-bomb limit, ~89 Mpx).")
@json_opt
def tiles(image: str, grid_arg: str, folder: str, truth_file: str | None, only: tuple[str, ...], per_page: int,
          zoom: float, max_pixels: int | None, as_json: bool) -> None:
    """Check a calibration, or label a scan by eye: the scan cut into magnified pages (PNG, into FOLDER) with
    the grid's hex outlines dashed over the printed lines and every hex's id at the top of the hex.

    A grid that sits right puts each id in its printed hex and the dashes on the printed hex lines, in
    every corner of the map. With --truth the labels are drawn too (how the truth files in tests/terrain/truth
    were checked)."""
    from ..terrain.calibrate import open_image
    from ..terrain.offmap import parse_cells
    from ..terrain.tiles import write_pages
    from ..terrain.truth import load_truth

    if not math.isfinite(zoom):  # click's FloatRange lets nan through (every comparison with it is false)
        raise InputError(f"--zoom takes a number from 0.25 to 16, not {zoom}")
    check_folder(folder)  # a file in FOLDER's way is said before the scan is read
    grid = _grid_from_file(grid_arg)
    if grid.layout is None:
        raise InputError(f"{grid_arg}: the grid has no calibration (run 'wgt map calibrate')")
    # its ids checked on --grid where it has no grid of its own: one off it stopped the pages naming no file
    truth = load_truth(truth_file, grid) if truth_file else None
    cells = parse_cells(grid, only, "--hexes", inside=True) if only else None
    ids = None if cells is None else {grid.numbering.format(*c) for c in cells}
    img = open_image(image, max_pixels, note=_say)
    written = [str(p) for p in write_pages(img, grid, folder, per_page=per_page, zoom=zoom, only=ids, truth=truth)]
    if as_json:
        echo_json({"pages": written})
    else:
        for p in written:
            click.echo(p)


@click.command("extract")
@click.argument("image", type=click.Path())
@click.option("--grid", "grid_file", required=True, metavar="GRID", help="A calibrated map or grid file.")
@click.option("--legend", "legend_file", required=True, metavar="LEGEND", help="Legend file (YAML).")
@output_option(kind=MAP_YAML, required=True, help="Map file to write.",
               force_help="Replace an existing output file even if it is not of the kind written here, and overwrite "
                          "a map edited by hand since it was extracted (its hand edits are lost: stderr says which).")
@output_option("--overlay", kind=PNG, help="Write a QA picture (PNG) here.")
@click.option("--title", default="", help="Map title (default: kept from -o, else 'extracted map').")
@click.option("--max-pixels", type=int, default=None, metavar="N",
              help="Refuse images larger than this (default: Pillow's decompression-bomb limit, ~89 Mpx).")
@click.option("--truth", "truth_file", metavar="FILE",
              help="A hand-labelled truth file: print accuracy, confusion matrix and feature recall/precision.")
@click.option("--truth-list", "truth_list", is_flag=True,
              help="With --truth: name the hexes read wrong (truth->found) under the confusion matrix, and the missed "
                   "and false hexes and sides under each symbol and line (the first 12 of each; --json always lists "
                   "them all).")
@json_opt
def extract(image: str, grid_file: str, legend_file: str, output: str, overlay: str | None, title: str,
            max_pixels: int | None, truth_file: str | None, truth_list: bool, as_json: bool, force: bool) -> None:
    """Classify every hex and hexside of a calibrated scan into a map file.

    The legend (YAML; docs/legend.md) has terrain: each class a colour "#rrggbb" or a mapping with
    hexes/box/points/sample (read from the scan), optional water: true, min_share: 0.07 (least share of
    the hex) and symbol: true (its hexes are examples of a printed symbol, found by shape);
    priority: [city, forest, clear] (rules, thresholds learned from the example hexes, with a
    leave-one-out accuracy printed); features: along / across / coast / symbol, with colour, yes/no
    example hexsides and (across) trace (default without examples) for lines crossing sides anywhere;
    ink: {lightness: 35}; max_delta_e: 30; centre: true (a hex is the class under its centre, read in a disc of
    0.2 of the hex size, or centre: {radius: 0.15}; without the key every hex is read whole - but by its centre
    where the map prints a dot at the centre of most hexes and the examples are not against it, said in an info line -
    with a warning when the examples read better by the centre; centre: false reads every hex whole, unchecked).
    Unknown keys are errors.

    Extracting over an existing map keeps its overrides: block; a map whose hexes or hexsides were edited
    since it was extracted (wgt map set, side, edit) is refused, as the edits would be lost, unless --force is
    given: then it is overwritten, with one line on stderr saying how many hexes and hexsides that changes and
    which. So is a map holding hexes that wgt map extract did not write (no meta.extracted, a provenance not
    "extracted from ..."). A map that fails to load is refused even with --force (its overrides would be lost)."""
    from ..gcpause import gc_paused, one_shot
    from ..procenv import keep_freed_memory

    if one_shot():
        keep_freed_memory()  # the scan's arrays are allocated and freed by the dozen
    # imports, grid, legend, the per-hex results and the QA picture's text make no reference cycles: the cyclic
    # collector's passes over them (~30 ms of CPU on the 6800x4400 benchmark scan) are pure cost
    with gc_paused():
        if truth_list and not truth_file:
            raise InputError("--truth-list names what --truth FILE scored wrong: give --truth FILE")
        _extract(image, grid_file, legend_file, output, overlay, title, max_pixels, truth_file, as_json, force,
                 truth_list)


_ENTRY = re.compile(r"(?:legend )?(terrain|feature|symbol) '([^']+)'")


def _at_legend_line(exc: InputError, legend: Any, path: str) -> ToolkitError:
    """An error about one legend entry found while reading the scan (a colour matching nothing on it, an
    example side that is no hexside, a symbol without examples), named with the legend file and the entry's
    line, as the errors found reading the legend are."""
    from .. import yamlfile

    m = _ENTRY.match(str(exc))
    if m is None or not isinstance(legend, dict):
        return exc
    kind, name = m.groups()
    sections = {"terrain": ("terrain",), "feature": ("features",), "symbol": ("terrain", "features")}[kind]
    for sec in sections:
        block = legend.get(sec)
        if isinstance(block, yamlfile.LinedMap) and name in block:
            return DataFileError(str(exc), path, block.key_lines.get(name) or yamlfile.line_of(block, name))
    return DataFileError(str(exc), path)


def _edited(m: Any) -> bool:
    """Whether a map's ``hexes:`` or ``hexsides:`` differ from what ``wgt map extract`` wrote there, as its
    ``meta.extracted`` records (no record: not written by the extraction, or before it kept one)."""
    from ..terrain.io import DATA_DIGEST, data_digest

    stamp = m.meta.get("extracted")
    if stamp is None:
        return False
    if isinstance(stamp, str) and stamp.startswith(DATA_DIGEST):
        return bool(stamp != data_digest(m))
    # any other value is either the older digest or was edited by hand
    return bool(stamp != _legacy_digest(m.hexes, m.hexsides))


def _is_stamp(value: Any) -> bool:
    """Whether ``value`` is a meta.extracted stamp wgt map extract writes: toolkit.terrain.io.data_digest's, or
    _legacy_digest's before it."""
    from ..terrain.io import DATA_DIGEST

    return re.fullmatch(rf"(?:{re.escape(DATA_DIGEST)}|sha256:)[0-9a-f]{{16}}", str(value)) is not None


def _not_extracted(m: Any) -> bool:
    """Whether a map holding hexes was not written by ``wgt map extract``: it has no ``meta.extracted`` and its
    provenance is not the extraction's ("extracted from ...", written before the stamp existed too)."""
    from ..terrain.extract_output import EXTRACTED_FROM

    return (m.meta.get("extracted") is None and bool(m.hexes)
            and not str(m.provenance or "").startswith(EXTRACTED_FROM))


def _data_count(m: Any) -> str:
    """"N hexes" or "N hexes and M hexsides" (those with features) of a map."""
    sides = sum(1 for v in m.hexsides.values() if v)
    return " and ".join(x for x in (_count(len(m.hexes), "hex", "hexes"), _count(sides, "hexside", "hexsides")) if x)


# a line "schema: hexmap/..." or a top-level "overrides:": the file is a map (its overrides are a user's work)
_HEXMAP_TEXT = re.compile(r"""^(?:schema:[ \t]*["']?hexmap\b|overrides:)""", re.M)


def _previous_map(output: str, force: bool) -> Any:
    """The map at ``output`` that this extraction replaces (its overrides, labels and meta are kept), or None.
    With ``force`` a file there that is no map at all is replaced whole, as --force promises, with a word; a map
    that fails to load (one bad line) is refused even then: replacing it would drop its ``overrides:``."""
    from ..terrain.io import load_map

    if not Path(output).is_file():
        return None
    if not force:
        return load_map(output)
    try:
        return load_map(output)
    except ToolkitError as exc:
        try:
            text = Path(output).read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        if _HEXMAP_TEXT.search(text):
            raise InputError(f"{exc}; --force does not replace an unreadable map, whose overrides would be lost: "
                             "fix that line or delete the file") from None
        _say(f"wgt: warning: --force: replacing {output}, which is no readable map ({exc}): nothing of it is kept")
        return None


def _overwriting(output: str, previous: Any, new: Any) -> str:
    """The warning when --force writes over hand edits: how many hexes and hexsides change, and which.

    When this extraction writes exactly what the one that wrote the file did (its digest is the file's
    ``meta.extracted``: the same scan, grid and legend), the entries that change are exactly the hand edits lost;
    otherwise they are what differs from this extraction, the hand edits among them."""
    from ..terrain.io import DATA_DIGEST, data_digest, data_entries

    old, got = data_entries(previous), data_entries(new)
    changed = {sec: sorted(k for k in old[sec].keys() | got[sec].keys() if old[sec].get(k) != got[sec].get(k))
               for sec in ("hexes", "hexsides")}
    nh, ns = len(changed["hexes"]), len(changed["hexsides"])
    if not nh and not ns:
        return (f"wgt: warning: --force: {output} was edited by hand since it was extracted, but this extraction "
                "writes the same hexes and hexsides: no edit is lost")
    what = " and ".join(x for x in (_count(nh, "hex", "hexes"), _count(ns, "hexside", "hexsides")) if x)
    ids = changed["hexes"] + changed["hexsides"]
    shown = " ".join(ids[:12]) + (f" ... ({len(ids) - 12} more)" if len(ids) > 12 else "")
    stamp = previous.meta.get("extracted")
    if stamp == (data_digest(new, got) if str(stamp).startswith(DATA_DIGEST) else
                 _legacy_digest(new.hexes, {k: v for k, v in new.hexsides.items() if v})):
        return f"wgt: warning: --force: overwriting {what} edited by hand in {output}: {shown}"
    verb = "differs" if nh + ns == 1 else "differ"
    return (f"wgt: warning: --force: overwriting {output}, edited by hand since it was extracted: {what} {verb} "
            f"from this extraction, the hand edits among them: {shown}")


def _count(n: int, one: str, many: str) -> str:
    return "" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


def _legacy_digest(hexes: Any, hexsides: Any) -> str:
    """``meta.extracted`` as written before 2026-12-05 (polish): a digest of the map's ``hexes:`` and ``hexsides:``
    as read, over the fields' Python reprs ("sha256:..."). Kept so that a map file written then is still known
    unedited; the extraction now writes :func:`toolkit.terrain.io.data_digest` (the same entries, taken in the
    text they are written in, without reading the new map back)."""
    import hashlib

    rows = [f"{hid}|{h.terrain}|{sorted(h.tags)}|{h.name}|{sorted((k, repr(v)) for k, v in h.values.items())}"
            for hid, h in sorted(hexes.items())]
    rows += [f"{key}|{sorted(feats)}" for key, feats in sorted(hexsides.items())]
    return "sha256:" + hashlib.sha256("\n".join(rows).encode("utf-8")).hexdigest()[:16]


def _extract(image: str, grid_file: str, legend_file: str, output: str, overlay: str | None, title: str,
             max_pixels: int | None, truth_file: str | None, as_json: bool, force: bool = False,
             truth_list: bool = False) -> None:
    """``wgt map extract``; ``force``: its --force (replace a file of another kind, overwrite hand edits or a map
    the extraction did not write)."""
    from ..terrain.calibrate import open_image
    from ..terrain.extract import check_image_size, draw_overlay, load_legend, to_terrain_map
    from ..terrain.extract import extract as run
    from ..terrain.extract_output import EXTRACTED_FROM
    from ..terrain.io import dumps_map
    from ..terrain.pngio import write_png

    grid = _grid_from_file(grid_file)
    if grid.layout is None:
        raise InputError(f"{grid_file}: the grid has no calibration (run 'wgt map calibrate')")
    legend = load_legend(legend_file)
    truth = None
    if truth_file:
        from ..terrain.truth import load_truth

        truth = load_truth(truth_file, grid)  # its ids checked on its own grid, else on --grid (they refer to it)
    previous = _previous_map(output, force)
    old_text = Path(output).read_text(encoding="utf-8") if previous is not None else ""
    foreign = previous is not None and _not_extracted(previous)
    if foreign and not force:
        # a hand-written or bundled map (maps/winter-war.yaml) was replaced without a word
        raise InputError(f"{output} was not written by wgt map extract: its {_data_count(previous)} would be "
                         "replaced; write to another file (-o), or give --force to replace them")
    edited = previous is not None and not foreign and _edited(previous)
    garbled = edited and not _is_stamp(previous.meta.get("extracted"))
    if garbled and not force:
        # a meta.extracted value no extraction writes (typed by hand, cut short): whether the data was edited since
        # cannot be told, and calling it "edited with wgt map set" named edits nobody made
        raise InputError(f"{output}: its meta.extracted ({previous.meta.get('extracted')!r}) is not a stamp wgt map "
                         "extract writes, so hand edits to its hexes or hexsides cannot be told: extracting over it "
                         "could lose them; write to another file (-o), delete it or give --force to replace them")
    if edited and not force:
        # hand corrections made with wgt map set / side or the editor go into hexes: and hexsides:, which the
        # extraction rewrites: they were lost without a word
        raise InputError(f"{output}: its hexes or hexsides were edited since wgt map extract wrote it (wgt map "
                         "set, side, edit): extracting over it would lose those edits; write to another file (-o) "
                         "and carry them over, delete it or give --force to drop them")
    # both outputs are opened (as temporary files beside them) before the work and replaced together after it:
    # a folder that does not exist is said at once, and a failure leaves neither written (the map was written,
    # then the command failed on --overlay's folder, exit 3)
    with contextlib.ExitStack() as files:
        map_fh = files.enter_context(atomic_open(output, "wb"))
        overlay_fh = files.enter_context(atomic_open(overlay, "wb")) if overlay else None
        with Progress(4, "extract") as bar:
            bar.step("reading the image")
            # the image's size is checked against the grid before its pixels are decoded
            img = open_image(image, max_pixels, check=lambda w, h: check_image_size(w, h, grid), note=_say)
            try:
                ext = run(img, grid, legend, progress=_reporter(bar))
            except InputError as exc:
                raise _at_legend_line(exc, legend, legend_file) from None
        m = to_terrain_map(ext, title=title, provenance=f"{EXTRACTED_FROM} {Path(image).name} by wgt map extract",
                           previous=previous)
        # meta.extracted: a digest of the hexes and hexsides in the text written for them (made once, for both)
        text = dumps_map(m, digest_key="extracted")
        if edited and not garbled:
            _say(_overwriting(output, previous, m))
        elif garbled or foreign:
            why = (f"whose meta.extracted ({previous.meta.get('extracted')!r}) is no stamp of wgt map extract"
                   if garbled else "which was not written by wgt map extract")
            _say(f"wgt: warning: --force: replacing the {_data_count(previous)} of {output}, {why} (its overrides "
                 "are kept)")
        if previous is not None:
            text = keep_block(old_text, text, "overrides", output)
        map_fh.write(text.encode("utf-8"))
        if overlay_fh is not None:
            # drawn on the scan as the extraction read it: on a warped grid (a folded print) the hex outlines then
            # lie on the print there, as on `wgt map tiles`' pages, not a fold's offset off it
            from ..terrain.warp import follow_print

            pic = draw_overlay(follow_print(img, grid), ext)
            # a scan-sized palette picture, deflated fast (ISA-L level 1; zlib's level 6 took 8.9 s at 19 Mpx)
            write_png(pic, overlay_fh)
    review = ext.review()
    counts, feats = ext.counts()
    from ..terrain.advice import legend_warnings

    warnings = legend_warnings(ext)  # a symbol from one example, one found everywhere, a line on every side ...
    scored = None
    if truth is not None:
        from ..terrain.truth import score

        # every class of the legend is scored: one the truth has no entry for counts all its finds as false
        scored = score(truth, {h: r.terrain for h, r in ext.hexes.items()}, ext.symbols, ext.hexsides,
                       [sc.name for sc in ext.legend.symbols],
                       [f.name for f in ext.legend.features if f.kind in ("along", "across", "coast", "gap")])
        from ..terrain.truth import numbered_otherwise

        # a truth numbering the same printed hexes otherwise (another even-column convention) scored without a word
        mismatch = numbered_otherwise(truth, grid)
        if mismatch is not None:
            warnings = [*warnings, mismatch]
        from ..terrain.truth import names_unknown

        # a label the legend does not have ('Land' for land, a line 'clif') was scored wrong without a word (user44)
        warnings = [*warnings, *names_unknown(
            truth, [*(t.name for t in ext.legend.terrains), *(sc.name for sc in ext.legend.symbols if sc.terrain)],
            [sc.name for sc in ext.legend.symbols],
            [f.name for f in ext.legend.features if f.kind in ("along", "across", "coast", "gap")])]
    if as_json:
        out = {"hexes": len(ext.hexes), "terrain": counts, "hexsides": feats,
               "review": {h: ext.hexes[h].review for h in review},
               "seconds": round(ext.timings.get("total", 0.0), 3), "output": output}
        if scored is not None:
            out["truth"] = scored.to_dict()
        if ext.rules is not None:
            rules_out: dict[str, object] = {
                "priority": ext.rules.priority,
                "thresholds": {k: round(v, 4) for k, v in ext.rules.thresholds.items()},
                "leave_one_out": {"right": ext.rules.loo[0], "examples": ext.rules.loo[1]}}
            if ext.rules.why:  # learned cuts moved off the examples' middle, and why
                rules_out["why"] = dict(ext.rules.why)
            out["rules"] = rules_out
        if warnings:
            out["warnings"] = warnings
        check = getattr(ext, "centre_check", None)
        if check is not None and (check.for_centre or check.for_whole):
            # the examples read over the whole hex and by its centre, where the two disagree (rules.check_centre)
            out["centre"] = {"suggested": check.suggested, "taken": check.taken, "p": round(check.p, 4),
                             "for_centre": [f"{c} {h}" for c, h in check.for_centre],
                             "for_whole": [f"{c} {h}" for c, h in check.for_whole], "examples": check.examples}
        dots = getattr(ext, "centre_dots", None)
        if dots is not None:  # the hexes' centres looked at for a printed dot (centredot.py)
            out["centre_dots"] = dots.to_dict()
        if ext.symbol_reports:
            out["symbols"] = {k: {"hexes": sorted(ext.symbols.get(k, ())), "threshold": round(r.threshold, 3),
                                  "examples": len(r.example_scores),
                                  "leave_one_out": {"found": r.loo_found, "examples": r.loo_total}}
                              for k, r in ext.symbol_reports.items()}
        echo_json(out)
    else:
        for line in _learned_lines(ext):
            _say(line)
        for line in warnings:
            _say(f"wgt: warning: {line}")
        for line in scored.lines_text(listed=truth_list) if scored is not None else ():
            _say(line)
        _say(f"{len(ext.hexes)} hexes: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        if feats:
            _say("hexsides: " + ", ".join(f"{k} {v}" for k, v in sorted(feats.items())))
        # the ids beyond the first 20 were shown as "..." with nothing saying where the rest (and every reason) are
        more = f" ... (all {len(review)} with their reasons: meta.review in {output})" if len(review) > 20 else ""
        _say(f"{len(review)} hexes to review" + (": " + " ".join(review[:20]) + more if review else ""))
        _say(f"wrote {output}" + (f" and {overlay}" if overlay else ""))
