"""Tornio '44's Player Aid Card tables as data (``charts.yaml`` beside this module).

The rulebook refers to its tables ("See the Player Aid Card") without printing them. ``charts.yaml`` holds
every value the text gives, each cited, and marks every other value ``?`` (unknown). A user who has the card
completes a copy and passes it with ``--charts FILE``: :func:`load_charts` checks it against the bundled
file (same tables, every value the rulebook gives unchanged, every filled value of the right kind) and
reports the first problem as one line naming the file and line (a :class:`DataFileError`, exit 3).

:class:`Charts` answers the rules' questions; a value still unknown comes back as ``None`` and the caller
says "not judged: <table> value unknown" (:func:`not_judged`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from ... import yamlfile as yf
from ...builders.aids import ChartTable
from ...chartfile import CHART_LIMITS, TABLE_SCHEMA
from ...errors import DataFileError

__all__ = [
    "AIR_STRIKE", "BRIDGE_DEMOLITION", "BRIDGE_K", "BUNDLED", "COMBAT_COST", "COUP", "ENEMY_ZOC", "IFS",
    "LARGE_COMBAT", "SEQUENCE", "TERRAIN", "UNKNOWN", "VICTORY_LEVELS", "VICTORY_POINTS", "WEATHER", "Charts",
    "Table", "bundled_charts", "load_charts", "not_judged",
]

BUNDLED = Path(__file__).with_name("charts.yaml")
UNKNOWN = "?"

SEQUENCE = "6.1 Sequence of Play"
ENEMY_ZOC = "17.5 Enemy Hex & ZOC Cost Table"
TERRAIN = "18.6 Terrain Effects Table"
COMBAT_COST = "22.11 Combat Cost Table"
LARGE_COMBAT = "22.10 Large Combats"
COUP = "11.1 Coup Table"
WEATHER = "12.1 Weather Table"
BRIDGE_DEMOLITION = "15.2 Bridge Demolition Results Table"
BRIDGE_K = "15.3 Bridge K Destroyed VP-cost Table"
AIR_STRIKE = "20.3 Air Strike Table"
IFS = "21.7 Indirect Fire Support Table"
VICTORY_LEVELS = "29.5 Victory Levels"
VICTORY_POINTS = "29.4 Victory Points"

#: what a filled cell may say, per table and column (None: any text); rows the user may add (an int key)
_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    (WEATHER, "Weather"): ("Sunny", "Cloudy", "Stormy"),  # 12.0
    (AIR_STRIKE, "Result"): ("No Effect", "Broken 1", "Broken 2"),  # 20.0
    (BRIDGE_DEMOLITION, "Result"): ("Success", "Neither", "Failed"),  # 15.0
    (COUP, "Result"): ("Success", "Failure"),  # 11.0
}
_IFS_RESULTS = ("No Effect", "Broken 1", "Broken 2")  # 21.1
_NUMBER_COLUMNS = {(COUP, "Finnish VP"), (BRIDGE_K, "Finnish VP lost"), (TERRAIN, "MP"), (TERRAIN, "Combat"),
                   (TERRAIN, "Air Strike DRM"), (TERRAIN, "Indirect Fire DRM")}
#: tables whose rows (modified rolls) and, for IFS, columns (Support Factors) the user may extend
_CITATION_COLUMNS = frozenset({"Given by", "Rule"})
_OPEN_ROWS = frozenset({COUP, BRIDGE_DEMOLITION, AIR_STRIKE, IFS})


def not_judged(table: str) -> str:
    """The line a verdict gives when it needs a value the chart data does not have."""
    return f"not judged: {table} value unknown"


@dataclass
class Table:
    """One chart: its cells by row label (the first column) and column head, with the line of each row."""

    title: str
    columns: tuple[str, ...]
    rows: dict[str, tuple[str, ...]]
    raw: dict[str, Any]
    lines: dict[str, int | None] = field(default_factory=dict)

    def cell(self, row: str, column: str) -> str | None:
        """The cell's text, None when unknown (``?``) or absent."""
        cells = self.rows.get(str(row))
        if cells is None or column not in self.columns:
            return None
        text = cells[self.columns.index(column)]
        return None if text == UNKNOWN else text

    def _values(self) -> list[str]:
        """The value cells: not the row label, not the citation columns."""
        keep = [i for i, c in enumerate(self.columns) if i and c not in _CITATION_COLUMNS]
        return [cells[i] for cells in self.rows.values() for i in keep]

    def known(self) -> int:
        return sum(1 for c in self._values() if c != UNKNOWN)

    def unknown(self) -> int:
        return sum(1 for c in self._values() if c == UNKNOWN)


def _number(text: str) -> Fraction | None:
    try:
        return Fraction(text.lstrip("+"))
    except (ValueError, ZeroDivisionError):
        return None


def _read(path: Path) -> dict[str, Table]:
    doc = yf.load_file(path, "chart file", limits=CHART_LIMITS)
    items = doc.get("charts", doc.get("tables")) if isinstance(doc, dict) else doc
    if not isinstance(items, list) or not items:
        raise DataFileError("a chart file holds a list of tables under charts: (title, columns, rows, notes)", path,
                            yf.line_of(doc))
    tables: dict[str, Table] = {}
    for i, item in enumerate(items):
        line = yf.line_of(items, i)
        TABLE_SCHEMA.check(item, str(path), line, f"table {i + 1}")
        title = str(item["title"])
        if title in tables:
            raise DataFileError(f"table {title!r} is given twice", path, line)
        columns = tuple(str(c) for c in item["columns"])
        rows: dict[str, tuple[str, ...]] = {}
        lines: dict[str, int | None] = {}
        raw_rows = item.get("rows") or []
        for j, row in enumerate(raw_rows):
            row_line = yf.line_of(raw_rows, j) or line
            cells = tuple("" if c is None else str(c) for c in row)
            if len(cells) != len(columns):
                raise DataFileError(f"{title}: row has {len(cells)} cells for {len(columns)} columns", path, row_line)
            if cells[0] in rows:
                raise DataFileError(f"{title}: row {cells[0]!r} is given twice", path, row_line)
            rows[cells[0]] = cells
            lines[cells[0]] = row_line
        tables[title] = Table(title, columns, rows, dict(item), lines)
    return tables


@cache
def bundled_tables() -> dict[str, Table]:
    return _read(BUNDLED)


def _check_cell(title: str, column: str, text: str, path: Path, line: int | None) -> None:
    if text == UNKNOWN:
        return
    choices = _CHOICES.get((title, column))
    if choices is not None and text not in choices:
        raise DataFileError(f"{title}: {column} must be one of {', '.join(choices)} or ?, not {text!r}", path, line)
    if title == IFS and column != "Modified dice" and text not in _IFS_RESULTS:
        raise DataFileError(f"{title}: a result must be one of {', '.join(_IFS_RESULTS)} or ?, not {text!r}", path,
                            line)
    if (title, column) in _NUMBER_COLUMNS and _number(text) is None and text != "not allowed":
        raise DataFileError(f"{title}: {column} must be a number or ?, not {text!r}", path, line)
    if (title, column) == (TERRAIN, "Combat") and (n := _number(text)) is not None and (n * 2).denominator != 1:
        raise DataFileError(f"{title}: a combat modifier is whole or half odds ratio steps (22.4), not {text!r}",
                            path, line)


def _check_against_bundled(user: dict[str, Table], path: Path) -> None:
    base = bundled_tables()
    for title, ours in base.items():
        theirs = user.get(title)
        if theirs is None:
            raise DataFileError(f"table {title!r} is missing (the file must hold every table of the bundled "
                                "charts.yaml)", path, 1)
        open_columns = title == IFS
        if theirs.columns[: len(ours.columns)] != ours.columns and not open_columns:
            raise DataFileError(f"{title}: the columns must be {list(ours.columns)}, not {list(theirs.columns)}", path,
                                yf.line_of(theirs.raw, "columns"))
        if open_columns:
            if theirs.columns[0] != ours.columns[0] or not set(ours.columns) <= set(theirs.columns):
                raise DataFileError(f"{title}: the columns must start with {ours.columns[0]!r} and keep "
                                    f"{', '.join(ours.columns[1:])}", path, yf.line_of(theirs.raw, "columns"))
            bad = [c for c in theirs.columns[1:] if not c.isdigit()]
            if bad:
                raise DataFileError(f"{title}: a column is a total Support Factor (a whole number), not {bad[0]!r}",
                                    path, yf.line_of(theirs.raw, "columns"))
        for label, cells in ours.rows.items():
            if label not in theirs.rows:
                raise DataFileError(f"{title}: row {label!r} is missing", path, yf.line_of(theirs.raw, "rows"))
            for col, text in zip(ours.columns, cells):
                given = theirs.rows[label][theirs.columns.index(col)]
                if text != UNKNOWN and given != text:
                    raise DataFileError(f"{title}: {label} {col} is {text!r} in the rulebook, not {given!r}", path,
                                        theirs.lines.get(label))
                if text == UNKNOWN:
                    _check_cell(title, col, given, path, theirs.lines.get(label))
            for col in theirs.columns[1:]:
                if col not in ours.columns:  # an added IFS column
                    _check_cell(title, col, theirs.rows[label][theirs.columns.index(col)], path,
                                theirs.lines.get(label))
        extra = [label for label in theirs.rows if label not in ours.rows]
        if extra and title not in _OPEN_ROWS:
            raise DataFileError(f"{title}: unexpected row {extra[0]!r}", path, theirs.lines.get(extra[0]))
        for label in extra:
            if _number(label) is None or _number(label).denominator != 1:  # type: ignore[union-attr]
                raise DataFileError(f"{title}: an added row is a modified roll (a whole number), not {label!r}", path,
                                    theirs.lines.get(label))
        for label in extra:
            for col, text in zip(theirs.columns[1:], theirs.rows[label][1:]):
                _check_cell(title, col, text, path, theirs.lines.get(label))


def load_charts(path: str | os.PathLike[str] | None = None) -> Charts:
    """The bundled chart data, or a user's completed file checked against it (:class:`DataFileError`)."""
    if path is None:
        return Charts(bundled_tables(), str(BUNDLED))
    p = Path(path)
    if not p.is_file():
        raise DataFileError("chart file not found", p)
    tables = _read(p)
    _check_against_bundled(tables, p)
    return Charts(tables, str(p))


def bundled_charts() -> Charts:
    return load_charts(None)


class Charts:
    """The tables, with the questions the rules ask of them (None: the value is unknown)."""

    def __init__(self, tables: dict[str, Table], source: str) -> None:
        self.tables = tables
        self.source = source

    def table(self, title: str) -> Table:
        return self.tables[title]

    # --- movement --------------------------------------------------------------------------------------
    def terrain_row(self, terrain: str) -> str:
        """The Terrain Effects Table row of a map terrain name or building tag."""
        return {"open": "Open Ground", "forest": "Forest", "swamp": "Swamp", "village": "Village",
                "town": "Town/Factory Area", "factory": "Town/Factory Area", "main_road": "Main Road",
                "secondary_road": "Secondary Road", "railroad": "Secondary Road", "minor_river": "Minor River hexside",
                "major_river": "Major River hexside", "bridge": "Bridge over a river hexside"}.get(terrain, terrain)

    def movement_cost(self, terrain: str) -> Fraction | None:
        """MPs to enter a hex of ``terrain`` (or to move along a road, to cross a river hexside)."""
        row = self.terrain_row(terrain)
        cell = self.tables[TERRAIN].cell(row, "MP")
        if cell == "as Secondary Road":
            return self.movement_cost("secondary_road")
        return None if cell is None else _number(cell)

    def combat_modifier(self, terrain: str) -> Fraction | None:
        """Odds ratio steps for the target hex's terrain or the river/bridge hexside (18.6, 22.4)."""
        cell = self.tables[TERRAIN].cell(self.terrain_row(terrain), "Combat")
        return None if cell is None else _number(cell)

    def fire_drm(self, terrain: str, kind: str) -> int | None:
        """Air Strike (``air``) or Indirect Fire (``ifs``) DRM of the target hex's terrain (20.1, 21.4.2)."""
        column = "Air Strike DRM" if kind == "air" else "Indirect Fire DRM"
        cell = self.tables[TERRAIN].cell(self.terrain_row(terrain), column)
        n = None if cell is None else _number(cell)
        return None if n is None else int(n)

    def zoc_cost(self, situation: str) -> Fraction | None:
        """17.5: ``enter_zoc``, ``leave_zoc``, ``enter_enemy_hex``, ``enter_enemy_town``, ``leave_close_combat``."""
        rows = list(self.tables[ENEMY_ZOC].rows)
        index = ("enter_zoc", "leave_zoc", "enter_enemy_hex", "enter_enemy_town", "leave_close_combat").index(situation)
        cell = self.tables[ENEMY_ZOC].cell(rows[index], "MP")
        return None if cell is None else _number(cell)

    # --- combat ----------------------------------------------------------------------------------------
    def action_cost(self, action: str) -> int:
        """22.11: APs of a combat action (``Step Loss``, ``No Effect``, ``Broken 1 Level``, ...)."""
        cell = self.tables[COMBAT_COST].cell(action, "APs")
        if cell is None:  # pragma: no cover - the rulebook gives every one
            raise KeyError(action)
        return int(cell)

    def large_combat_dice(self, units: int) -> int:
        """22.10.1: dice of the player with the lower odds number, from the fewest units in the combat."""
        cell = self.tables[LARGE_COMBAT].cell(str(min(max(units, 1), 10)), "Dice")
        assert cell is not None
        return int(cell)

    # --- die tables --------------------------------------------------------------------------------------
    def weather(self, die: int) -> str | None:
        return self.tables[WEATHER].cell(str(die), "Weather")

    def coup(self, modified: int) -> tuple[str | None, Fraction | None]:
        t = self.tables[COUP]
        vp = t.cell(str(modified), "Finnish VP")
        return t.cell(str(modified), "Result"), None if vp is None else _number(vp)

    def demolition(self, modified: int) -> str | None:
        return self.tables[BRIDGE_DEMOLITION].cell(str(modified), "Result")

    def bridge_k_cost(self, turn: str) -> Fraction | None:
        cell = self.tables[BRIDGE_K].cell(turn, "Finnish VP lost")
        return None if cell is None else _number(cell)

    def air_strike(self, modified: int) -> str | None:
        return self.tables[AIR_STRIKE].cell(str(modified), "Result")

    def ifs_column(self, support: Fraction) -> str | None:
        """21.1 Clarification: round down to the closest column; None below the first."""
        cols = sorted((int(c) for c in self.tables[IFS].columns[1:]), reverse=True)
        return next((str(c) for c in cols if c <= support), None)

    def ifs(self, support: Fraction, modified: int) -> str | None:
        column = self.ifs_column(support)
        return None if column is None else self.tables[IFS].cell(str(modified), column)

    # --- summary and aids ----------------------------------------------------------------------------------
    def counts(self) -> dict[str, tuple[int, int]]:
        """Per table: (values given, values unknown)."""
        return {t.title: (t.known(), t.unknown()) for t in self.tables.values()}

    def aid_tables(self) -> list[ChartTable]:
        out = []
        for t in self.tables.values():
            notes = list(t.raw.get("notes") or [])
            if t.unknown():
                notes.append(f"? = {t.unknown()} value(s) not in the rulebook (Player Aid Card): complete "
                             "charts.yaml and pass it with --charts.")
            out.append(ChartTable.make(t.title, t.columns, [r for r in t.rows.values()], notes,
                                       source=str(t.raw.get("source", "")), kind=str(t.raw.get("kind", "table"))))
        return out
