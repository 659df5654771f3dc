"""Chart files (player-aid tables as YAML or JSON): read through the one YAML reader and checked against
:data:`TABLE_SCHEMA`, so every table reaches the builders with text cells of one printable line."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from . import yamlfile as yf
from .errors import DataFileError

__all__ = ["CHART_LIMITS", "TABLE_SCHEMA", "chart_file_items", "load_chart_tables"]

#: A card holds tens of rows; 200,000 values is far past any real chart file (~57 MB of node tree).
CHART_LIMITS = yf.Limits(max_depth=16, max_nodes=200_000)
_CELL = yf.Optional(yf.Str(numbers=True, max_len=200, what="a cell (text or a number)"))
_COLOUR = yf.Str(pattern=r"#[0-9a-fA-F]{6}", what="a colour #rrggbb")
#: One table: a title, its column heads, rows of cells; optional notes, source, kind and colours.
TABLE_SCHEMA = yf.Record({
    "title": yf.Str(max_len=200, allow_empty=False, what="a title"),
    "columns": yf.ListOf(_CELL, min_len=1, max_len=60),
    "rows": yf.Optional(yf.ListOf(yf.ListOf(_CELL, max_len=60), max_len=2000)),
    "notes": yf.Optional(yf.ListOf(yf.Str(max_len=2000, what="a note (one line of text)"), max_len=200)),
    "source": yf.Optional(yf.Str(max_len=200)),
    "kind": yf.Optional(yf.Str(max_len=40)),
    "cell_colours": yf.Optional(yf.MapOf(_COLOUR, max_len=1000)),
    "first_column_header": yf.Optional(yf.Bool()),
}, required=("title", "columns"), what="a table mapping {title, columns, rows, notes}")


def load_chart_tables(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The tables of a chart file (a list of tables, or a mapping holding one under ``charts:`` or
    ``tables:``), each checked against :data:`TABLE_SCHEMA` (nulls left out); a one-line
    :class:`DataFileError` naming file, line and field otherwise. JSON is read as YAML (its flow style)."""
    p = Path(path)
    doc = chart_file_items(p)
    tables = []
    for i, item in enumerate(doc):
        table = TABLE_SCHEMA.check(item, str(p), yf.line_of(doc, i), f"table {i + 1}")
        tables.append({k: v for k, v in table.items() if v is not None})
    return tables


def chart_file_items(path: str | os.PathLike[str]) -> list[Any]:
    """The loaded (unchecked) list of tables of a chart file, with their lines (:mod:`toolkit.yamlfile`)."""
    p = Path(path)
    doc = yf.load_file(p, "chart file", limits=CHART_LIMITS)
    if isinstance(doc, dict):
        doc = doc.get("charts", doc.get("tables"))
    if not isinstance(doc, list) or not doc:
        raise DataFileError("a chart file holds a list of tables (title, columns, rows, notes)", p, yf.line_of(doc))
    return doc
