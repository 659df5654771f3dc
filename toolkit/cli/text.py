"""Human output: values as prose and tables, never Python's own ``repr`` (no ``{'a': 1}``, no ``None``).

:func:`report_text` writes a referee report (the ``wgt check --json`` shape) for a terminal: the verdict,
one line per violation, the turn as a sentence, then each summary value as ``Label: value``, with lists
joined, mappings of mappings and lists of mappings as aligned tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["label", "report_text", "table", "value_text"]

_WORDS = {"vp": "VP", "vps": "VPs", "hq": "HQ", "hqs": "HQs", "zoc": "ZOC", "crt": "CRT", "id": "id"}


def label(key: str) -> str:
    """``victory_points`` -> ``Victory points``; ``vp_detail`` -> ``VP detail``."""
    words = [_WORDS.get(w.lower(), w) for w in str(key).replace("-", "_").split("_") if w]
    if not words:
        return str(key)
    first = words[0]
    words[0] = first if first in _WORDS.values() else first[:1].upper() + first[1:]
    return " ".join(words)


def value_text(value: Any) -> str:
    """A value on one line: yes/no, none, numbers without trailing zeros, lists joined with commas,
    mappings as ``key value`` pairs.

    >>> value_text(None), value_text(True), value_text(2.50), value_text(["s1", "s2"]), value_text([])
    ('none', 'yes', '2.5', 's1, s2', 'none')
    >>> value_text({"south of Row A cleared": 50, "Viipuri": -10})
    'south of Row A cleared 50, Viipuri -10'
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items()) or "none"
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return ", ".join(value_text(v) for v in value) or "none"
    return str(value)


def table(rows: Sequence[Mapping[str, Any]], first: str | None = None, indent: str = "    ") -> list[str]:
    """Aligned columns under a header of the keys (in first-seen order); ``first`` names a leading column
    taken from each row's ``first`` key.

    >>> print("\\n".join(table([{"city": "Kandalaksha", "capacity": 20, "load": 12}], indent="")))
    city         capacity  load
    Kandalaksha  20        12
    """
    columns: list[str] = [first] if first else []
    for row in rows:
        columns += [k for k in row if k not in columns]
    cells = [[c.replace("_", " ") for c in columns]]
    cells += [[_cell(row[c]) if c in row else "" for c in columns] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    return [indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]


def _cell(value: Any) -> str:
    """A table cell: as :func:`value_text`, but nothing (None, an empty list) is a dash."""
    text = value_text(value)
    return "-" if text == "none" and not isinstance(value, str) else text


def _is_table(value: Any) -> bool:
    if isinstance(value, Mapping):
        return bool(value) and all(isinstance(v, Mapping) for v in value.values())
    return isinstance(value, Sequence) and not isinstance(value, str | bytes) and bool(value) \
        and all(isinstance(v, Mapping) for v in value)


def _turn_sentence(summary: Mapping[str, Any]) -> str | None:
    parts = []
    if summary.get("turn") is not None:
        parts.append(f"Game-Turn {value_text(summary['turn'])}")
    if summary.get("player"):
        parts.append(f"{value_text(summary['player'])} player")
    if summary.get("phase"):
        parts.append(f"{value_text(summary['phase'])} phase")
    return ", ".join(parts) + "." if parts else None


def report_text(report: Mapping[str, Any]) -> str:
    """A referee report (``Report.to_dict()``) as prose and tables."""
    violations = report.get("violations") or []
    count = len(violations)
    verdict = "ok" if not count else f"{count} violation{'s' if count != 1 else ''}"
    lines = [f"{report.get('game', '?')}: {verdict}"]
    for v in violations:
        where = f" [{', '.join(v.get('hexes') or ())}]" if v.get("hexes") else ""
        who = f" ({', '.join(v.get('units') or ())})" if v.get("units") else ""
        lines.append(f"  {v.get('rule')}: {v.get('message')}{where}{who}")
    summary = dict(report.get("summary") or {})
    sentence = _turn_sentence(summary)
    for key in ("turn", "player", "phase"):
        summary.pop(key, None)
    if sentence or summary:
        lines.append("")
    if sentence:
        lines.append(sentence)
    note = summary.pop("note", None)
    for key, value in summary.items():
        if _is_table(value):
            lines.append(f"{label(key)}:")
            if isinstance(value, Mapping):
                lines += table([{"": k, **v} for k, v in value.items()], first="")
            else:
                lines += table(value)
        else:
            lines.append(f"{label(key)}: {value_text(value)}")
    if note:
        lines.append(f"Note: {value_text(note)}")
    return "\n".join(lines)
