"""VASSAL grid numbering: RegularGridNumbering and its hex/square subclasses (reference §1.6-1.8)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self

from ...errors import GridError, HexIdError
from ._java import bool_str, color_str, format_string, format_tokens, parse_bool, parse_color, parse_int

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHA_PART = "-?(?:" + "|".join(f"{c}+" for c in ALPHABET) + ")"
_PKG = "VASSAL.build.module.map.boardPicker.board.mapgrid."


MAX_LEADING = 1000
"""Largest hLeading/vLeading read: a name padded with more zeros than this is no grid anyone drew (VASSAL
would pad with up to that many zeros; ``hLeading="1000000000"`` made a billion-character name)."""
MAX_LETTERS = 1000
"""Longest alphabetic part named: column or row n is n // 26 + 1 repeated letters, so a grid whose spacing is
near 0 (dx="1e-300") names a point with tens of millions of letters; such a point is refused instead."""


def format_part(n: int, kind: str, leading: int) -> str:
    """One part of a grid location (``RegularGridNumbering.getName``): alphabetic A..Z, AA, BB..., or
    decimal padded with ``leading`` zeros while the number is below 10**leading.

    Computed, not looped: the alphabetic part is n // 26 + 1 copies of one letter; the zeros are one for each
    k = leading, leading-1, ... 1 with n < 10**k, that is leading - len(str(n)) + 1 of them."""
    out = ""
    if n < 0:
        out = "-"
        n = -n
    if kind == "A":
        count = n // 26 + 1
        if count > MAX_LETTERS:
            raise HexIdError(f"the grid names this point with {count} letters (more than {MAX_LETTERS}): its "
                             "numbering or hex size is absurd")
        return out + ALPHABET[n % 26] * count
    text = str(n)
    return out + "0" * max(0, min(leading, MAX_LEADING) - len(text) + 1) + text


def parse_part(text: str, kind: str) -> int:
    """Inverse of :func:`format_part` for a part already matched by :func:`part_pattern`."""
    negative = text.startswith("-")
    body = text[1:] if negative else text
    if kind == "A":
        value = 26 * (len(body) - 1) + ALPHABET.index(body[-1])
        return -value if negative else value
    digits = body.lstrip("0") or "0"  # leading zeros are fine in Java, but would trip Python's int() limit
    value = (-1 if negative else 1) * (int(digits) if len(digits) <= 18 else 1 << 63)
    if not -(2**31) <= value <= 2**31 - 1:  # Java's Integer.parseInt refuses it: VASSAL has no such location
        raise HexIdError(f"location part {text[:30]!r}{'...' if len(text) > 30 else ''} is out of range")
    return value


def part_pattern(kind: str, leading: int) -> str:
    """The regex VASSAL uses for one part: ``-?[0-9]{L+1,}`` or a run of one repeated capital letter."""
    if kind == "A":
        return _ALPHA_PART
    return "-?[0-9]{" + str(leading + 1) + ",}"


@dataclass(frozen=True)
class RegularGridNumbering:
    """Attributes shared by VASSAL's hex and square numbering (``RegularGridNumbering``)."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    h_leading: int = 1
    h_off: int = 1
    h_descend: bool = False
    v_type: str = "N"
    v_leading: int = 1
    v_off: int = 1
    v_descend: bool = False
    location_format: str = "$gridLocation$"
    visible: bool = False
    font_size: int = 9
    color: tuple[int, int, int, int] | None = (0, 0, 0, 255)
    rotate_text: int = 0
    h_draw_off: int = 0
    v_draw_off: int = 0

    ELEMENT: ClassVar[str] = ""
    _ATTRS: ClassVar[dict[str, tuple[str, str]]] = {
        # xml name -> (field, kind)
        "first": ("first", "char"),
        "sep": ("sep", "str"),
        "hType": ("h_type", "char"),
        "hLeading": ("h_leading", "int"),
        "hOff": ("h_off", "int"),
        "hDescend": ("h_descend", "bool"),
        "vType": ("v_type", "char"),
        "vLeading": ("v_leading", "int"),
        "vOff": ("v_off", "int"),
        "vDescend": ("v_descend", "bool"),
        "locationFormat": ("location_format", "str"),
        "visible": ("visible", "bool"),
        "fontSize": ("font_size", "int"),
        "color": ("color", "color"),
        "rotateText": ("rotate_text", "int"),
        "hDrawOff": ("h_draw_off", "int"),
        "vDrawOff": ("v_draw_off", "int"),
    }

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str]) -> Self:
        """Build from XML attributes the way VASSAL's ``setAttribute`` reads them (unknown ones ignored)."""
        values: dict[str, object] = {}
        for key in sorted(attrs):
            spec = cls._ATTRS.get(key)
            if spec is None:
                continue
            name, kind = spec
            text = attrs[key]
            what = f"{cls.__name__} attribute {key}"
            if kind == "char":
                if not text:
                    raise GridError(f"{what} is empty")
                values[name] = text[0]
            elif kind == "int":
                values[name] = parse_int(text, what)
                if key in ("hLeading", "vLeading") and values[name] > MAX_LEADING:  # type: ignore[operator]
                    raise GridError(f"{what} {values[name]} is absurd: names would carry up to that many leading "
                                    f"zeros (at most {MAX_LEADING} are read)")
            elif kind == "bool":
                values[name] = parse_bool(text)
            elif kind == "color":
                values[name] = parse_color(text, what)
            else:
                values[name] = text
        return cls(**values)  # type: ignore[arg-type]

    def to_attributes(self) -> dict[str, str]:
        """Attributes as VASSAL writes them (every attribute, sorted by name)."""
        out: dict[str, str] = {}
        for key, (name, kind) in self._ATTRS.items():
            value = getattr(self, name)
            if kind == "int":
                out[key] = str(value)
            elif kind == "bool":
                out[key] = bool_str(value)
            elif kind == "color":
                out[key] = color_str(value)
            else:
                out[key] = value
        return dict(sorted(out.items()))

    # -- naming ---------------------------------------------------------------------------------
    def part_names(self, column: int, row: int) -> tuple[str, str]:
        """(column name, row name) of a logical column/row (0-based, before offsets)."""
        return (
            format_part(column + self.h_off, self.h_type, self.h_leading),
            format_part(row + self.v_off, self.v_type, self.v_leading),
        )

    def grid_location(self, column: int, row: int) -> str:
        """``$gridLocation$`` of a logical column/row."""
        col_name, row_name = self.part_names(column, row)
        if self.first == "H":
            return col_name + self.sep + row_name
        return row_name + self.sep + col_name

    def format_name(self, column: int, row: int) -> str:
        """The full location name (``locationFormat`` applied) of a logical column/row."""
        col_name, row_name = self.part_names(column, row)
        return format_string(
            self.location_format,
            {"gridLocation": self.grid_location(column, row), "row": row_name, "column": col_name},
        )

    def name_regex(self) -> tuple[re.Pattern[str], int | None, int | None]:
        """The regex VASSAL builds from ``locationFormat`` and the group numbers of column and row."""
        col_pat = part_pattern(self.h_type, self.h_leading)
        row_pat = part_pattern(self.v_type, self.v_leading)
        sep = re.escape(self.sep) if self.sep else ""
        regex: list[str] = []
        groups = 0
        col_group: int | None = None
        row_group: int | None = None
        for token, is_property in format_tokens(self.location_format):
            if not is_property:
                regex.append(re.escape(token))
            elif token == "gridLocation":
                if self.first == "H":
                    regex.append(f"({col_pat}){sep}({row_pat})")
                    col_group, row_group = groups + 1, groups + 2
                else:
                    regex.append(f"({row_pat}){sep}({col_pat})")
                    row_group, col_group = groups + 1, groups + 2
                groups += 2
            elif token == "row":
                regex.append(f"({row_pat})")
                groups += 1
                row_group = groups
            elif token == "column":
                regex.append(f"({col_pat})")
                groups += 1
                col_group = groups
        return re.compile("".join(regex)), col_group, row_group

    def parse_name(self, name: str) -> tuple[int, int]:
        """Logical (column, row) of a location name (offsets removed); raises HexIdError."""
        pattern, col_group, row_group = self.name_regex()
        match = pattern.fullmatch(name)
        if match is None or col_group is None or row_group is None:
            raise HexIdError(f"location {name!r} does not match the grid's location format {self.location_format!r}")
        column = parse_part(match.group(col_group), self.h_type) - self.h_off
        row = parse_part(match.group(row_group), self.v_type) - self.v_off
        return column, row


@dataclass(frozen=True)
class HexGridNumbering(RegularGridNumbering):
    """VASSAL ``HexGridNumbering``: RegularGridNumbering plus ``stagger``."""

    stagger: bool = True

    ELEMENT: ClassVar[str] = _PKG + "HexGridNumbering"
    _ATTRS: ClassVar[dict[str, tuple[str, str]]] = {
        **RegularGridNumbering._ATTRS,
        "stagger": ("stagger", "bool"),
    }


@dataclass(frozen=True)
class SquareGridNumbering(RegularGridNumbering):
    """VASSAL ``SquareGridNumbering`` (no stagger)."""

    ELEMENT: ClassVar[str] = _PKG + "SquareGridNumbering"
