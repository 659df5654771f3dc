"""Charts a rulebook refers to but does not print: the structure, the values the text gives (each with its
citation) and "unknown" for the rest, completed from a user's chart file.

A :class:`TableSpec` is one chart: its row and column labels, the cells the rulebook text gives
(:class:`Given`, value and citation) and how a cell is read (``parse``). A :class:`ChartValues` holds every
chart of a game with what a user's file adds (:meth:`ChartValues.with_file`): the file is the same YAML/JSON
list of tables ``wgt build aids`` reads (title, columns, rows), so a printed aid with its ``?`` cells filled
in is a completed chart file. Each cell is checked (its line named, exit 3): a known table title, known
columns, known rows (or, where the table allows, whole numbers such as modified die rolls), a readable
value, and no disagreement with a value the rulebook gives.

Rules code asks :meth:`ChartValues.value`; an unknown cell raises :class:`NotJudged`, whose message is the
referee's "not judged: <table> value unknown" line. Nothing here knows a game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import yamlfile as yf
from ..chartfile import TABLE_SCHEMA, chart_file_items
from ..errors import DataFileError, ToolkitError

__all__ = ["PROHIBITED", "ChartValues", "Given", "NotJudged", "TableSpec", "parse_choice", "parse_mp",
           "parse_number", "table_rows"]

#: a movement cell: the terrain or hexside may not be entered / crossed
PROHIBITED = "P"
#: how an unknown cell is printed (and left in a completed file)
UNKNOWN_MARK = "?"


class NotJudged(ToolkitError):
    """A verdict needs a chart value the rulebook text does not give (and no chart file supplied it)."""


@dataclass(frozen=True)
class Given:
    """A cell the rulebook text gives, with where it says so."""

    value: Any
    cite: str


def parse_number(text: str) -> Fraction:
    """``"3"``, ``"1/2"``, ``"1.5"``, ``"+1"`` -> a Fraction (ValueError otherwise)."""
    return Fraction(text.strip().lstrip("+"))


def parse_mp(text: str) -> Fraction | str:
    """A movement cost: a number of MP or ``P`` (prohibited)."""
    t = text.strip()
    if t.upper() == PROHIBITED:
        return PROHIBITED
    value = parse_number(t)
    if value < 0:
        raise ValueError("a cost cannot be negative")
    return value


def parse_choice(choices: Iterable[str]) -> Callable[[str], str]:
    """A parser accepting one of ``choices`` (case-insensitive), returned as spelt in ``choices``."""
    by = {c.upper(): c for c in choices}

    def parse(text: str) -> str:
        got = by.get(text.strip().upper())
        if got is None:
            raise ValueError(f"one of {', '.join(by.values())}")
        return got
    return parse


def show(value: Any) -> str:
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else str(value)
    return str(value)


@dataclass(frozen=True)
class TableSpec:
    """One chart: ``rows`` x ``columns`` cells, the ``given`` ones cited, read by ``parse``."""

    key: str
    title: str
    section: str
    row_head: str
    columns: tuple[str, ...]
    rows: tuple[str, ...]
    given: Mapping[tuple[str, str], Given] = field(default_factory=dict)
    parse: Callable[[str], Any] = parse_number
    what: str = "a number"
    extra_rows: bool = False  # a completed file may add rows labelled by whole numbers (modified die rolls)
    extra_columns: bool = False  # ... or columns labelled by whole numbers (differentials, AA points)
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for r, c in self.given:
            if r not in self.rows or c not in self.columns:
                raise ValueError(f"{self.title}: given cell ({r}, {c}) is not in the table")

    def citations(self) -> list[str]:
        return list(dict.fromkeys(g.cite for g in self.given.values()))


@dataclass
class ChartValues:
    """Every chart of a game: given cells plus what a completed chart file supplied."""

    specs: Mapping[str, TableSpec]
    supplied: dict[str, dict[tuple[str, str], Any]] = field(default_factory=dict)
    extra_rows: dict[str, list[str]] = field(default_factory=dict)
    extra_columns: dict[str, list[str]] = field(default_factory=dict)
    source: str | None = None

    def spec(self, key: str) -> TableSpec:
        return self.specs[key]

    def rows(self, key: str) -> tuple[str, ...]:
        spec = self.specs[key]
        extra = [r for r in self.extra_rows.get(key, []) if r not in spec.rows]
        return (*spec.rows, *extra)

    def columns(self, key: str) -> tuple[str, ...]:
        spec = self.specs[key]
        extra = [c for c in self.extra_columns.get(key, []) if c not in spec.columns]
        return (*spec.columns, *extra)

    def known(self, key: str, row: str, column: str) -> bool:
        return (row, column) in self.specs[key].given or (row, column) in self.supplied.get(key, {})

    def get(self, key: str, row: str, column: str) -> Any:
        """The cell's value, or None when unknown."""
        spec = self.specs[key]
        g = spec.given.get((row, column))
        if g is not None:
            return g.value
        return self.supplied.get(key, {}).get((row, column))

    def value(self, key: str, row: str, column: str) -> Any:
        """The cell's value; :class:`NotJudged` ("not judged: <table> value unknown") when unknown."""
        v = self.get(key, row, column)
        if v is None:
            spec = self.specs[key]
            raise NotJudged(f"not judged: {spec.title} value unknown ({spec.row_head} {row}, {column})")
        return v

    def cite(self, key: str, row: str, column: str) -> str:
        g = self.specs[key].given.get((row, column))
        if g is not None:
            return g.cite
        return f"chart file {self.source}" if self.get(key, row, column) is not None else "unknown"

    def unknown_count(self) -> dict[str, int]:
        return {k: sum(1 for r in self.rows(k) for c in self.columns(k) if self.get(k, r, c) is None)
                for k in self.specs}

    # --- the user's completed file ---------------------------------------------------------------------

    def with_file(self, path: str | os.PathLike[str]) -> ChartValues:
        """These charts completed from a chart file; :class:`DataFileError` naming the line for a bad cell."""
        p = Path(path)
        doc = chart_file_items(p)
        by_title = {s.title.lower(): s for s in self.specs.values()}
        out = ChartValues(self.specs, {k: dict(v) for k, v in self.supplied.items()},
                          {k: list(v) for k, v in self.extra_rows.items()},
                          {k: list(v) for k, v in self.extra_columns.items()}, str(p))
        for i, raw in enumerate(doc):
            line = yf.line_of(doc, i)
            table = TABLE_SCHEMA.check(raw, str(p), line, f"table {i + 1}")
            spec = by_title.get(str(table["title"]).strip().lower())
            if spec is None:
                raise DataFileError(f"table {i + 1}: unknown chart {table['title']!r} (charts: "
                                    f"{', '.join(s.title for s in self.specs.values())})", p, line)
            out._read_table(spec, table, raw, p, line)
        return out

    def _read_table(self, spec: TableSpec, table: Mapping[str, Any], raw: Any, p: Path, line: int | None) -> None:
        heads = [str(c).strip() for c in table["columns"]]
        if not heads or heads[0].lower() != spec.row_head.lower():
            raise DataFileError(f"{spec.title}: the first column must be {spec.row_head!r}, not "
                                f"{heads[0] if heads else ''!r}", p, line)
        cols = heads[1:]
        for c in cols:
            if c not in spec.columns and not (spec.extra_columns and _whole(c)):
                raise DataFileError(f"{spec.title}: unknown column {c!r} (columns: {', '.join(spec.columns)})", p, line)
            if c not in spec.columns and c not in self.extra_columns.setdefault(spec.key, []):
                self.extra_columns[spec.key].append(c)
        raw_rows = raw.get("rows") if isinstance(raw, Mapping) else None
        cells = self.supplied.setdefault(spec.key, {})
        for n, row in enumerate(table.get("rows") or []):
            row_line = yf.line_of(raw_rows, n) if raw_rows is not None else line
            if not row:
                continue
            label = str(row[0]).strip()
            if label not in spec.rows and not (spec.extra_rows and _whole(label)):
                raise DataFileError(f"{spec.title}: unknown row {label!r} (rows: {', '.join(spec.rows)})", p, row_line)
            if label not in spec.rows and label not in self.extra_rows.setdefault(spec.key, []):
                self.extra_rows[spec.key].append(label)
            if len(row) - 1 > len(cols):
                raise DataFileError(f"{spec.title}: row {label!r} has {len(row) - 1} cells for {len(cols)} columns",
                                    p, row_line)
            for col, cell in zip(cols, row[1:]):
                text = "" if cell is None else str(cell).strip()
                if text in ("", UNKNOWN_MARK):
                    continue
                try:
                    value = spec.parse(text)
                except (ValueError, ZeroDivisionError) as exc:
                    detail = str(exc) if str(exc).startswith("one of") else spec.what
                    raise DataFileError(f"{spec.title}: row {label!r} column {col!r}: {text!r} is not {detail}",
                                        p, row_line) from None
                given = spec.given.get((label, col))
                if given is not None and given.value != value:
                    raise DataFileError(f"{spec.title}: row {label!r} column {col!r}: {text!r} disagrees with the "
                                        f"rulebook's {show(given.value)} ({given.cite})", p, row_line)
                cells[(label, col)] = value


def _whole(label: str) -> bool:
    t = label.strip().lstrip("+-")
    return t.isdigit()


def table_rows(values: ChartValues, key: str) -> tuple[tuple[str, ...], list[tuple[str, ...]], list[str]]:
    """(columns, rows, notes) of one chart for a printed aid: unknown cells as ``?``, the citations as notes."""
    spec = values.spec(key)
    cols = values.columns(key)
    rows = []
    for r in values.rows(key):
        rows.append((r, *(UNKNOWN_MARK if values.get(key, r, c) is None else show(values.get(key, r, c))
                          for c in cols)))
    notes = [*spec.notes]
    cites = spec.citations()
    if cites:
        notes.append("Values given by the rules text: " + "; ".join(cites) + ".")
    if any(UNKNOWN_MARK in row[1:] for row in rows):
        notes.append("? = not printed in the rules text we have: complete it from the game's charts and pass the "
                     "file with --charts.")
    return (spec.row_head, *cols), rows, notes
