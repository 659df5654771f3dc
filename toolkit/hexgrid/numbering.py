"""Numbering schemes: printed hex ids <-> offset (column, row) <-> axial hexes.

A scheme knows only how ids are spelled and which offset system they sit on; which ids exist is the
:class:`~toolkit.hexgrid.grid.Grid`'s extent. Schemes serialise to and from the ``numbering`` mapping
of a map file's ``grid:`` block (:meth:`Numbering.to_dict`, :func:`numbering_from_dict`).

Three layers of numbers are involved:

* the **printed** numbers of an id (``"0312"`` -> column 3, row 12; a letter counts ``A`` = 1);
* the **offset** column and row of :class:`~toolkit.hexgrid.coords.OffsetSystem`, in which the
  column grows to the right and the row grows downward (on an unrotated layout). A scheme whose
  columns are numbered right to left (``col_direction="left"``) or whose rows are numbered bottom to
  top (``row_direction="up"``) maps printed ``n`` to offset ``-n``; negation keeps parity, so
  "odd columns sit half a hex lower" still names the printed odd columns;
* the axial :class:`~toolkit.hexgrid.coords.Hex`.

:meth:`Numbering.format` and :meth:`Numbering.parse` work on **offset** coordinates;
:meth:`Numbering.to_offset` and :meth:`Numbering.from_offset` convert printed numbers.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import field
from typing import Any, ClassVar, Literal

from ..errors import GridError, HexIdError
from ..records import record
from .coords import Hex, OffsetSystem

__all__ = [
    "CCRR",
    "SCHEMES",
    "ColDirection",
    "Europa",
    "LetterStyle",
    "Lettered",
    "Numbering",
    "RowDirection",
    "letters_to_number",
    "number_to_letters",
    "numbering_from_dict",
]

ColDirection = Literal["right", "left"]
RowDirection = Literal["down", "up"]
LetterStyle = Literal["repeat", "spreadsheet"]


class Numbering(ABC):
    """How a map spells its hex ids.

    Every scheme has ``offset`` (the :class:`OffsetSystem`), ``col_direction`` (``"right"``: printed
    column numbers grow to the right, ``"left"``: they grow to the left) and ``row_direction``
    (``"down"`` or ``"up"``).

    >>> scheme: Numbering = CCRR(2, 2, col_direction="left")  # column numbers grow to the left
    >>> scheme.scheme, scheme.format(-1, 1), scheme.format(1, 1)
    ('ccrr', '0101', '-0101')
    >>> numbering_from_dict(scheme.to_dict()) == scheme
    True
    """

    scheme: ClassVar[str]
    offset: OffsetSystem
    col_direction: ColDirection = "right"
    row_direction: RowDirection = "down"

    @abstractmethod
    def format(self, col: int, row: int) -> str:
        """The id of offset (col, row); :class:`HexIdError` if this scheme cannot spell it."""

    @abstractmethod
    def parse(self, text: str) -> tuple[int, int]:
        """Offset (col, row) of an id; :class:`HexIdError` if it is not spelled as this scheme's ids."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The ``numbering`` mapping of a map file (always with ``scheme``)."""

    @classmethod
    @abstractmethod
    def from_dict(cls, d: dict[str, Any]) -> Numbering:
        """The scheme from its ``numbering`` mapping; :class:`GridError` for a bad value."""

    @property
    @abstractmethod
    def form(self) -> str:
        """A one-line description of the ids, e.g. ``"CCRR (e.g. '0101')"``, for error messages."""

    # --- printed numbers <-> offset --------------------------------------------------------------

    def to_offset(self, col: int, row: int) -> tuple[int, int]:
        """Offset (col, row) of printed column and row numbers."""
        return (col if self.col_direction == "right" else -col, row if self.row_direction == "down" else -row)

    def from_offset(self, col: int, row: int) -> tuple[int, int]:
        """Printed column and row numbers of offset (col, row) (the inverse of :meth:`to_offset`)."""
        return self.to_offset(col, row)  # negation is its own inverse

    # --- ids <-> hexes ---------------------------------------------------------------------------

    def id_of(self, h: Hex) -> str:
        """The id of axial hex ``h``."""
        return self.format(*self.offset.from_hex(h))

    def hex_of(self, text: str) -> Hex:
        """The axial hex of an id."""
        return self.offset.to_hex(*self.parse(text))

    def _malformed(self, text: object) -> HexIdError:
        shown = repr(text)
        if len(shown) > 60:
            shown = shown[:50] + f"... ({len(str(text))} characters)"
        return HexIdError(f"{shown} is not a hex id of the form {self.form}")


# --- shared helpers ------------------------------------------------------------------------------


def _pad(n: int, digits: int) -> str:
    return f"-{abs(n):0{digits}d}" if n < 0 else f"{n:0{digits}d}"


def number_to_letters(n: int, style: LetterStyle = "repeat") -> str:
    """Letters for ``n >= 1``: ``repeat`` (VASSAL): A..Z, AA, BB, .., ZZ, AAA; ``spreadsheet``:
    A..Z, AA, AB, .., AZ, BA, .., ZZ, AAA."""
    if n < 1:
        raise HexIdError(f"{n} has no letters: lettered numbers start at 1 (A)")
    if style == "repeat":
        return chr(ord("A") + (n - 1) % 26) * ((n - 1) // 26 + 1)
    out = []
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out.append(chr(ord("A") + rem))
    return "".join(reversed(out))


def letters_to_number(text: str, style: LetterStyle = "repeat") -> int:
    """The number of a run of letters (case-insensitive); inverse of :func:`number_to_letters`."""
    s = text.upper()
    if not s or not all("A" <= ch <= "Z" for ch in s):
        raise HexIdError(f"{text!r} is not a run of letters A-Z")
    if style == "repeat":
        if s != s[0] * len(s):
            raise HexIdError(f"{text!r} mixes letters; this map repeats one letter (AA, BB, ..)")
        return (len(s) - 1) * 26 + ord(s[0]) - ord("A") + 1
    n = 0
    for ch in s:
        n = n * 26 + ord(ch) - ord("A") + 1
    return n


def _check_separator(sep: object, scheme: str) -> str:
    if not isinstance(sep, str):
        raise GridError(f"a {scheme} separator is text, not {sep!r}")
    if any(ch.isalnum() or ch in "-/" or ch.isspace() for ch in sep):
        raise GridError(f"a {scheme} separator cannot contain letters, digits, '-', '/' or spaces: {sep!r}")
    return sep


_MAX_PART = 18  # the most digits one part of an id may have (longer is not an id)
_MAX_LETTERS = 1000  # the most letters (repeated letters grow one a 26 columns: "ZZZ...")
MAX_DIGITS = 9  # zero-padding of a printed number; more is a typo, and would make every id that long


def _check_digits(value: object, name: str, scheme: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DIGITS:
        raise GridError(f"{scheme} {name} must be a whole number from 1 to {MAX_DIGITS}, not {value!r}")
    return value


def _check_choice(value: object, name: str, choices: tuple[str, ...], scheme: str) -> None:
    if value not in choices:
        raise GridError(f"{scheme} {name} must be one of {', '.join(map(repr, choices))}, not {value!r}")


def _get(d: dict[str, Any], key: str, default: Any, kind: type) -> Any:
    """``d[key]`` (or ``default``) checked to be of ``kind``, as a GridError naming the key."""
    value = d.get(key, default)
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            try:
                value = int(str(value))
            except ValueError:
                raise GridError(f"numbering {key} must be a whole number, not {value!r}") from None
    elif kind is bool:
        if not isinstance(value, bool):
            raise GridError(f"numbering {key} must be true or false, not {value!r}")
    elif kind is str:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise GridError(f"numbering {key} must be text, not {value!r}")
        value = str(value)
    return value


def _offset_from_dict(d: dict[str, Any], orientation: str = "flat", shifted: str = "odd") -> OffsetSystem:
    try:
        return OffsetSystem(d.get("orientation", orientation), d.get("shifted", shifted))
    except ValueError as exc:
        raise GridError(f"numbering {exc}") from None


def _check_common(self: Numbering) -> None:
    _check_choice(self.col_direction, "col_direction", ("right", "left"), self.scheme)
    _check_choice(self.row_direction, "row_direction", ("down", "up"), self.scheme)
    if not isinstance(self.offset, OffsetSystem):
        raise GridError(f"{self.scheme} offset must be an OffsetSystem, not {self.offset!r}")


def _common_dict(self: Numbering) -> dict[str, Any]:
    out: dict[str, Any] = {"orientation": self.offset.orientation, "shifted": self.offset.shifted}
    if self.col_direction != "right":
        out["col_direction"] = self.col_direction
    if self.row_direction != "down":
        out["row_direction"] = self.row_direction
    return out


def _known_keys(d: dict[str, Any], scheme: str, keys: set[str]) -> None:
    unknown = sorted(set(d) - keys - {"scheme", "orientation", "shifted", "col_direction", "row_direction"})
    if unknown:
        raise GridError(f"unknown {scheme} numbering setting(s): {', '.join(map(str, unknown))}")


# --- CCRR ----------------------------------------------------------------------------------------


@record(frozen=True)
class CCRR(Numbering):
    """Column digits then row digits, zero padded: ``"0101"``, ``"2517"``, ``"10.07"`` with a separator.

    Printed numbers may be negative (``"-0103"``). Without a separator the row always has exactly
    ``row_digits`` digits, so a row that needs more cannot be spelled; the column takes the rest.
    Parsing accepts a column written with more digits than ``col_digits`` needs and, with a
    separator, short parts (``"1.7"``); :meth:`format` gives the canonical spelling.
    ``shifted`` says whether odd- or even-numbered columns (rows, for pointy grids) sit half a hex down
    (right). ``row_first=True`` spells the row first (``"1502"`` = row 15, column 2: Tornio '44), the first
    part then having ``row_digits`` digits.

    >>> ccrr = CCRR(2, 2)
    >>> ccrr.format(3, 4), ccrr.parse("0304"), ccrr.parse("304")
    ('0304', (3, 4), (3, 4))
    >>> ccrr.id_of(ccrr.hex_of("2517"))
    '2517'
    >>> CCRR(row_first=True).parse("1502"), CCRR(row_first=True).format(2, 15)
    ((2, 15), '1502')
    """

    scheme: ClassVar[str] = "ccrr"
    col_digits: int = 2
    row_digits: int = 2
    separator: str = ""
    offset: OffsetSystem = field(default_factory=OffsetSystem)
    col_direction: ColDirection = "right"
    row_direction: RowDirection = "down"
    row_first: bool = False

    def __post_init__(self) -> None:
        _check_digits(self.col_digits, "col_digits", "ccrr")
        _check_digits(self.row_digits, "row_digits", "ccrr")
        _check_separator(self.separator, "ccrr")
        _check_common(self)
        if not isinstance(self.row_first, bool):
            raise GridError(f"ccrr row_first must be true or false, not {self.row_first!r}")
        sep = re.escape(self.separator)
        second = self.col_digits if self.row_first else self.row_digits
        if self.separator:
            pattern = rf"(-?[0-9]{{1,{_MAX_PART}}}){sep}(-?[0-9]{{1,{_MAX_PART}}})"
        else:
            pattern = rf"(-?[0-9]{{1,{_MAX_PART}}})(-?[0-9]{{{second}}})"
        object.__setattr__(self, "_re", re.compile(pattern))

    @property
    def form(self) -> str:
        c, r = "C" * self.col_digits, "R" * self.row_digits
        first, second = (r, c) if self.row_first else (c, r)
        return f"{first}{self.separator}{second} (e.g. {self.format(*self.to_offset(1, 1))!r})"

    def format(self, col: int, row: int) -> str:
        pc, pr = self.from_offset(col, row)
        ctext, rtext = _pad(pc, self.col_digits), _pad(pr, self.row_digits)
        if self.row_first:
            if not self.separator and len(ctext.lstrip("-")) > self.col_digits:
                raise HexIdError(f"column {pc} does not fit the {self.col_digits} column digits of {self.form}")
            return f"{rtext}{self.separator}{ctext}"
        if not self.separator and len(rtext.lstrip("-")) > self.row_digits:
            raise HexIdError(f"row {pr} does not fit the {self.row_digits} row digits of {self.form}")
        return f"{ctext}{self.separator}{rtext}"

    def parse(self, text: str) -> tuple[int, int]:
        m = self._re.fullmatch(text.strip()) if isinstance(text, str) else None  # type: ignore[attr-defined]
        if not m:
            raise self._malformed(text)
        a, b = int(m.group(1)), int(m.group(2))
        return self.to_offset(b, a) if self.row_first else self.to_offset(a, b)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scheme": self.scheme, "col_digits": self.col_digits,
                               "row_digits": self.row_digits}
        if self.separator:
            out["separator"] = self.separator
        if self.row_first:
            out["row_first"] = True
        out.update(_common_dict(self))
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CCRR:
        _known_keys(d, "ccrr", {"col_digits", "row_digits", "separator", "row_first"})
        return cls(col_digits=_get(d, "col_digits", 2, int), row_digits=_get(d, "row_digits", 2, int),
                   separator=_get(d, "separator", "", str), offset=_offset_from_dict(d),
                   col_direction=d.get("col_direction", "right"), row_direction=d.get("row_direction", "down"),
                   row_first=_get(d, "row_first", False, bool))


# --- Europa --------------------------------------------------------------------------------------


@record(frozen=True)
class Europa(Numbering):
    """GDW Europa ids ``NN:XXYY``: the map id (kept as text, ``"35"``), a colon, then two
    ``digits``-digit numbers.

    By default (as on A Winter War's map 35) the first pair names the hexrow and the second the hex
    along that row, and the hex numbers grow toward the west (``col_direction="left"``), so
    ``"35:4526"`` is row 45, column 26. ``row_first=False`` reads the first pair as the column.
    Ids of another map are refused with an error naming both maps.

    >>> europa = Europa()
    >>> europa.parse("35:4526"), europa.id_of(europa.hex_of("35:4526"))
    ((-26, 45), '35:4526')
    """

    scheme: ClassVar[str] = "europa"
    map_id: str = "35"
    row_first: bool = True
    digits: int = 2
    offset: OffsetSystem = field(default_factory=lambda: OffsetSystem("pointy", "odd"))
    col_direction: ColDirection = "left"
    row_direction: RowDirection = "down"

    def __post_init__(self) -> None:
        if not isinstance(self.map_id, str) or not re.fullmatch(r"[0-9A-Za-z]+", self.map_id):
            raise GridError(f"a europa map id is letters or digits, like '35', not {self.map_id!r}")
        if not isinstance(self.row_first, bool):
            raise GridError(f"europa row_first must be true or false, not {self.row_first!r}")
        _check_digits(self.digits, "digits", "europa")
        _check_common(self)
        n = self.digits
        object.__setattr__(self, "_re", re.compile(rf"([0-9A-Za-z]+):([0-9]{{{n}}})([0-9]{{{n}}})"))

    @property
    def form(self) -> str:
        a, b = ("RR", "CC") if self.row_first else ("CC", "RR")
        a, b = a[0] * self.digits, b[0] * self.digits
        return f"{self.map_id}:{a}{b} (e.g. {self.format(*self.to_offset(1, 1))!r})"

    def format(self, col: int, row: int) -> str:
        pc, pr = self.from_offset(col, row)
        limit = 10**self.digits
        if not (0 <= pc < limit and 0 <= pr < limit):
            raise HexIdError(f"column {pc}, row {pr} cannot be spelled as {self.form}")
        first, second = (pr, pc) if self.row_first else (pc, pr)
        return f"{self.map_id}:{first:0{self.digits}d}{second:0{self.digits}d}"

    def parse(self, text: str) -> tuple[int, int]:
        m = self._re.fullmatch(text.strip()) if isinstance(text, str) else None  # type: ignore[attr-defined]
        if not m:
            raise self._malformed(text)
        if m.group(1) != self.map_id:
            raise HexIdError(f"hex {text!r} is on europa map {m.group(1)}, not on this map {self.map_id} "
                             f"(ids of the form {self.form})")
        first, second = int(m.group(2)), int(m.group(3))
        pr, pc = (first, second) if self.row_first else (second, first)
        return self.to_offset(pc, pr)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scheme": self.scheme, "map_id": self.map_id, "row_first": self.row_first,
                               "digits": self.digits}
        out.update(_common_dict(self))
        out.setdefault("col_direction", self.col_direction)  # explicit: it is not the usual "right"
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Europa:
        _known_keys(d, "europa", {"map_id", "row_first", "digits"})
        return cls(map_id=_get(d, "map_id", "35", str), row_first=_get(d, "row_first", True, bool),
                   digits=_get(d, "digits", 2, int), offset=_offset_from_dict(d, "pointy"),
                   col_direction=d.get("col_direction", "left"), row_direction=d.get("row_direction", "down"))


# --- lettered ------------------------------------------------------------------------------------


@record(frozen=True)
class Lettered(Numbering):
    """One part in letters, the other in digits: ``"A1"``, ``"GG10"``, ``"12-C"``.

    ``letters`` says which part is lettered (``"col"`` or ``"row"``); letters count from ``A`` = 1,
    ``style="repeat"`` (VASSAL: .., Z, AA, BB, ..) or ``"spreadsheet"`` (.., Z, AA, AB, ..).
    ``letters_first`` puts the letters before the number (``"A12"``) or after (``"12A"``); the number
    is zero padded to ``digits`` and may be negative; ``separator`` goes between the parts. Parsing
    accepts lower-case letters and unpadded numbers; :meth:`format` gives the canonical spelling.

    >>> lettered = Lettered()
    >>> lettered.parse("AA3"), lettered.parse("c12"), lettered.format(3, 12)
    ((27, 3), (3, 12), 'C12')
    """

    scheme: ClassVar[str] = "lettered"
    letters: Literal["col", "row"] = "col"
    letters_first: bool = True
    style: LetterStyle = "repeat"
    digits: int = 1
    separator: str = ""
    offset: OffsetSystem = field(default_factory=OffsetSystem)
    col_direction: ColDirection = "right"
    row_direction: RowDirection = "down"

    def __post_init__(self) -> None:
        _check_choice(self.letters, "letters", ("col", "row"), "lettered")
        _check_choice(self.style, "style", ("repeat", "spreadsheet"), "lettered")
        if not isinstance(self.letters_first, bool):
            raise GridError(f"lettered letters_first must be true or false, not {self.letters_first!r}")
        _check_digits(self.digits, "digits", "lettered")
        _check_separator(self.separator, "lettered")
        _check_common(self)
        sep = re.escape(self.separator)
        let, num = rf"([A-Za-z]{{1,{_MAX_LETTERS}}})", rf"(-?[0-9]{{1,{_MAX_PART}}})"
        pattern = rf"{let}{sep}{num}" if self.letters_first else rf"{num}{sep}{let}"
        object.__setattr__(self, "_re", re.compile(pattern))

    @property
    def form(self) -> str:
        n = "N" * self.digits
        shape = f"L{self.separator}{n}" if self.letters_first else f"{n}{self.separator}L"
        return f"{shape} with letters for the {self.letters} (e.g. {self.format(*self.to_offset(1, 1))!r})"

    def format(self, col: int, row: int) -> str:
        pc, pr = self.from_offset(col, row)
        lnum, num = (pc, pr) if self.letters == "col" else (pr, pc)
        if lnum < 1:
            raise HexIdError(f"{'column' if self.letters == 'col' else 'row'} {lnum} has no letters "
                             f"(lettered {self.letters}s start at 1 = A)")
        let, digits = number_to_letters(lnum, self.style), _pad(num, self.digits)
        return f"{let}{self.separator}{digits}" if self.letters_first else f"{digits}{self.separator}{let}"

    def parse(self, text: str) -> tuple[int, int]:
        m = self._re.fullmatch(text.strip()) if isinstance(text, str) else None  # type: ignore[attr-defined]
        if not m:
            raise self._malformed(text)
        let, num = (m.group(1), m.group(2)) if self.letters_first else (m.group(2), m.group(1))
        try:
            lnum = letters_to_number(let, self.style)
        except HexIdError:
            raise HexIdError(f"{text!r} is not a hex id of the form {self.form}: {let!r} is not "
                             f"{'a run of one repeated letter' if self.style == 'repeat' else 'letters'}") from None
        pc, pr = (lnum, int(num)) if self.letters == "col" else (int(num), lnum)
        return self.to_offset(pc, pr)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scheme": self.scheme, "letters": self.letters, "letters_first": self.letters_first,
                               "style": self.style, "digits": self.digits}
        if self.separator:
            out["separator"] = self.separator
        out.update(_common_dict(self))
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Lettered:
        _known_keys(d, "lettered", {"letters", "letters_first", "style", "digits", "separator"})
        return cls(letters=d.get("letters", "col"), letters_first=_get(d, "letters_first", True, bool),
                   style=d.get("style", "repeat"), digits=_get(d, "digits", 1, int),
                   separator=_get(d, "separator", "", str), offset=_offset_from_dict(d),
                   col_direction=d.get("col_direction", "right"), row_direction=d.get("row_direction", "down"))


SCHEMES: dict[str, type[Numbering]] = {"ccrr": CCRR, "europa": Europa, "lettered": Lettered}


def numbering_from_dict(d: dict[str, Any]) -> Numbering:
    """A scheme from a map file's ``numbering`` mapping (``scheme`` defaults to ``ccrr``).

    >>> numbering_from_dict({"col_digits": 2, "row_digits": 2}).format(25, 17)
    '2517'
    >>> numbering_from_dict({"scheme": "lettered", "letters": "row"}).format(3, 2)
    'B3'
    """
    if not isinstance(d, dict):
        raise GridError(f"a numbering is a mapping with a scheme, not {d!r}")
    scheme = d.get("scheme", "ccrr")
    cls = SCHEMES.get(scheme) if isinstance(scheme, str) else None
    if cls is None:
        raise GridError(f"unknown numbering scheme {scheme!r} (known: {', '.join(SCHEMES)})")
    return cls.from_dict(d)
