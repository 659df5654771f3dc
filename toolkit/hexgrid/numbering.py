"""Numbering schemes: printed hex ids <-> offset (column, row) <-> axial hexes.

A scheme knows only how ids are spelled and which offset system they sit on; which ids exist is the
:class:`~toolkit.hexgrid.grid.Grid`'s extent. Schemes serialise to and from the ``numbering`` mapping
of a map file's ``grid:`` block (:meth:`Numbering.to_dict`, :func:`numbering_from_dict`).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..errors import GridError, HexIdError
from .coords import Hex, OffsetSystem

__all__ = ["CCRR", "SCHEMES", "Numbering", "numbering_from_dict"]


class Numbering(ABC):
    """How a map spells its hex ids."""

    scheme: ClassVar[str]
    offset: OffsetSystem

    @abstractmethod
    def format(self, col: int, row: int) -> str:
        """The id of offset (col, row)."""

    @abstractmethod
    def parse(self, text: str) -> tuple[int, int]:
        """Offset (col, row) of an id; :class:`HexIdError` if it is not spelled as this scheme's ids."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The ``numbering`` mapping of a map file (always with ``scheme``)."""

    def id_of(self, h: Hex) -> str:
        return self.format(*self.offset.from_hex(h))

    def hex_of(self, text: str) -> Hex:
        return self.offset.to_hex(*self.parse(text))


@dataclass(frozen=True)
class CCRR(Numbering):
    """Column digits then row digits, zero padded: ``"0101"``, ``"2517"``, ``"10.07"`` with a separator.

    ``col`` and ``row`` of the offset system are the printed numbers themselves; ``shifted`` says
    whether odd- or even-numbered columns (rows, for pointy grids) sit half a hex down (right).
    """

    scheme: ClassVar[str] = "ccrr"
    col_digits: int = 2
    row_digits: int = 2
    separator: str = ""
    offset: OffsetSystem = field(default_factory=OffsetSystem)

    def __post_init__(self) -> None:
        if self.col_digits < 1 or self.row_digits < 1:
            raise GridError("ccrr digits must be at least 1")
        if any(ch.isdigit() or ch == "-" for ch in self.separator):
            raise GridError(f"a ccrr separator cannot contain digits or '-': {self.separator!r}")
        sep = re.escape(self.separator)
        if self.separator:
            pattern = rf"(-?\d{{{self.col_digits},}}){sep}(-?\d{{{self.row_digits},}})"
        else:
            pattern = rf"(-?\d{{{self.col_digits},}}?)(-?\d{{{self.row_digits}}})"
        object.__setattr__(self, "_re", re.compile(pattern))

    def format(self, col: int, row: int) -> str:
        return f"{_pad(col, self.col_digits)}{self.separator}{_pad(row, self.row_digits)}"

    def parse(self, text: str) -> tuple[int, int]:
        m = self._re.fullmatch(text.strip()) if isinstance(text, str) else None  # type: ignore[attr-defined]
        if not m:
            raise HexIdError(f"{text!r} is not a hex id of the form {self.format(1, 1)!r}")
        return int(m.group(1)), int(m.group(2))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scheme": self.scheme, "col_digits": self.col_digits,
                               "row_digits": self.row_digits}
        if self.separator:
            out["separator"] = self.separator
        out["orientation"] = self.offset.orientation
        out["shifted"] = self.offset.shifted
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CCRR:
        return cls(col_digits=int(d.get("col_digits", 2)), row_digits=int(d.get("row_digits", 2)),
                   separator=str(d.get("separator", "")),
                   offset=OffsetSystem(d.get("orientation", "flat"), d.get("shifted", "odd")))


def _pad(n: int, digits: int) -> str:
    return f"-{abs(n):0{digits}d}" if n < 0 else f"{n:0{digits}d}"


SCHEMES: dict[str, type[Numbering]] = {"ccrr": CCRR}


def numbering_from_dict(d: dict[str, Any]) -> Numbering:
    """A scheme from a map file's ``numbering`` mapping."""
    scheme = d.get("scheme", "ccrr")
    cls = SCHEMES.get(scheme)
    if cls is None:
        raise GridError(f"unknown numbering scheme {scheme!r} (known: {', '.join(SCHEMES)})")
    return cls.from_dict(d)  # type: ignore[attr-defined]
