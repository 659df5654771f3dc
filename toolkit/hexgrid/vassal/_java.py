"""Java semantics needed for bit-exact VASSAL emulation (float32, Math.round, Double.toString, parsing)."""

from __future__ import annotations

import math
import struct
import unicodedata
from collections.abc import Iterator

from ...errors import GridError
from ...lazy import pattern

_F32 = struct.Struct("<f")
_INT = pattern(r"[+-]?[0-9]+")
_DOUBLE = pattern(r"[+-]?(NaN|Infinity|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)[fFdD]?")


def f32(value: float) -> float:
    """Round a double to the nearest 32-bit float (Java ``(float)`` cast: beyond the float range, infinity)."""
    try:
        return float(_F32.unpack(_F32.pack(value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


def jround(value: float) -> int:
    """Java ``Math.round``: the nearest integer, ties towards positive infinity (exact, no v+0.5 error)."""
    base = math.floor(value)
    return int(base) + 1 if value - base >= 0.5 else int(base)


def jround_int(value: float) -> int:
    """Java ``(int) Math.round(double)``: the long result (saturating at the long range; NaN gives 0) cut to
    its low 32 bits, as the ``(int)`` cast of a long does (a far point gives a small wrapped number)."""
    if value != value:
        return 0
    if math.isinf(value) or abs(value) >= 2.0**63:
        r = 2**63 - 1 if value > 0 else -(2**63)
    else:
        r = jround(value)
    return ((r + 2**31) % 2**32) - 2**31


def jint(value: float) -> int:
    """Java ``(int)`` cast of a double: truncation toward zero, saturating at the int range."""
    if value != value:
        return 0
    if value >= 2147483647:
        return 2147483647
    if value <= -2147483648:
        return -2147483648
    return int(value)


def jfloor(value: float) -> int:
    """``(int) Math.floor(value)``."""
    return jint(math.floor(value)) if math.isfinite(value) else jint(value)


def parse_bool(text: str) -> bool:
    """Java ``Boolean.valueOf``: only a case-insensitive "true" is true."""
    return text.lower() == "true"


def java_int(text: str) -> int | None:
    """Java ``Integer.parseInt``: an optional sign, then decimal digits (any Unicode decimal digit, as
    ``Character.digit`` reads them; any number of leading zeros) making a 32-bit int; None where Java throws
    NumberFormatException (blanks, underscores, nothing, out of range: a 5,000-digit number is None)."""
    if 0 < len(text) < 10 and text.isascii() and text.isdigit():  # the usual case: up to 9 ASCII digits
        return int(text)
    body = text[1:] if text[:1] in ("+", "-") else text
    if not body or not body.isdecimal():
        return None
    if not body.isascii():
        body = "".join(str(unicodedata.decimal(c)) for c in body)
    digits = body.lstrip("0") or "0"
    if len(digits) > 10:
        return None
    value = -int(digits) if text[0] == "-" else int(digits)
    return value if -(2**31) <= value < 2**31 else None


def parse_int(text: str, what: str) -> int:
    """Java ``Integer.valueOf`` (no blanks, optional sign); raises GridError naming ``what``."""
    value = java_int(text)
    if value is not None:
        return value
    if _INT().fullmatch(text):
        raise GridError(f"{what} is out of the int range: {_clip(text)!r}")
    raise GridError(f"{what} is not an integer: {_clip(text)!r}")


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else f"{text[:n]}... ({len(text)} characters)"


def parse_double(text: str, what: str) -> float:
    """Java ``Double.valueOf`` for decimal strings (blanks trimmed, optional f/d suffix)."""
    stripped = text.strip()
    if not _DOUBLE().fullmatch(stripped):
        raise GridError(f"{what} is not a number: {text!r}")
    if stripped[-1] in "fFdD" and not stripped.endswith("Infinity"):
        stripped = stripped[:-1]
    return float(stripped.replace("Infinity", "inf"))


MIN_SPACING, MAX_SPACING = 1e-3, 1e7


def check_spacing(value: float, what: str) -> float:
    """A grid's hex or square size, refused when no board could be drawn with it: not a finite number, or
    below a thousandth of a pixel or above ten million pixels (VASSAL would take ``dx="1e-300"`` and
    name points with tens of millions of letters, or ``dy="1e300"`` and overflow its float arithmetic)."""
    if math.isfinite(value) and value > 0 and not MIN_SPACING <= value <= MAX_SPACING:  # the grids refuse the rest
        raise GridError(f"{what} is {value!r}: a grid spacing must be between {MIN_SPACING:g} and "
                        f"{MAX_SPACING:g} pixels")
    return value


def double_str(value: float) -> str:
    """Java ``String.valueOf(double)`` (shortest round-trip digits, as in JDK 19+).

    1e-3 <= |v| < 1e7 is written in plain notation with at least one fractional digit (``64.0``),
    anything else in computerized scientific notation (``1.0E7``, ``5.0E-5``).
    """
    if value != value:
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    sign = "-" if value < 0 else ""
    digits, exponent = _shortest_digits(abs(value))
    # value = 0.d1d2d3... * 10**exponent
    magnitude = abs(value)
    if 1e-3 <= magnitude < 1e7:
        if exponent <= 0:
            return f"{sign}0.{'0' * -exponent}{digits}"
        if exponent >= len(digits):
            return f"{sign}{digits}{'0' * (exponent - len(digits))}.0"
        return f"{sign}{digits[:exponent]}.{digits[exponent:]}"
    mantissa = digits[0] + "." + (digits[1:] or "0")
    return f"{sign}{mantissa}E{exponent - 1}"


def _shortest_digits(value: float) -> tuple[str, int]:
    """Shortest decimal digits d1d2... and exponent e with value == 0.d1d2... * 10**e."""
    text = repr(value)
    mant, _, exp = text.partition("e")
    exp_value = int(exp) if exp else 0
    whole, _, frac = mant.partition(".")
    digits = (whole + frac).lstrip("0")
    leading_zeros = len(whole + frac) - len((whole + frac).lstrip("0"))
    exponent = len(whole) - leading_zeros + exp_value
    digits = digits.rstrip("0") or "0"
    return digits, exponent


def bool_str(value: bool) -> str:
    """Java ``String.valueOf(boolean)``."""
    return "true" if value else "false"


def parse_color(text: str, what: str) -> tuple[int, int, int, int] | None:
    """VASSAL ``ColorConfigurer.stringToColor``: ``r,g,b`` or ``r,g,b,a``; empty/"null" is no colour."""
    if text == "" or text == "null":
        return None
    parts = text.split(",")
    if len(parts) not in (3, 4):
        raise GridError(f"{what} is not a colour 'r,g,b': {text!r}")
    values = [parse_int(p.strip(), what) for p in parts]
    if any(not 0 <= v <= 255 for v in values):
        raise GridError(f"{what} has a component outside 0..255: {text!r}")
    return (values[0], values[1], values[2], values[3] if len(values) == 4 else 255)


def color_str(color: tuple[int, int, int, int] | None) -> str:
    """VASSAL ``ColorConfigurer.colorToString`` (alpha only when not opaque)."""
    if color is None:
        return ""
    r, g, b, a = color
    return f"{r},{g},{b}" if a == 255 else f"{r},{g},{b},{a}"


def split_dollar(text: str) -> list[str]:
    """VASSAL ``SequenceEncoder.Decoder(text, '$')`` tokens (``\\$`` is an escaped literal dollar)."""
    if text == "":
        return []
    tokens: list[str] = []
    current: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] == "$":
            current.append("$")
            i += 2
            continue
        if ch == "$":
            tokens.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    tokens.append("".join(current))
    return tokens


def format_tokens(fmt: str) -> Iterator[tuple[str, bool]]:
    """The non-empty tokens of a ``FormattedString`` format, each with whether it names a property.

    Tokens alternate literal / property (``"A$x$B"``: ``A`` literal, ``x`` property, ``B`` literal); a
    final unterminated property token is literal.
    """
    tokens = split_dollar(fmt)
    last = len(tokens) - 1
    for index, token in enumerate(tokens):
        if token:
            yield token, index % 2 == 1 and index != last


def format_string(fmt: str, values: dict[str, str | None], *, unknown_as_name: bool = False) -> str:
    """VASSAL ``FormattedString.getText`` with only the given properties defined.

    Tokens alternate literal / property; a final unterminated property token is literal; a null
    property contributes nothing. An unknown property contributes nothing in a grid numbering's
    format, but its own name in a Zone's format (``unknown_as_name``; both observed on the 3.6 engine,
    where a Zone asks its map for other properties).
    """
    out: list[str] = []
    for token, is_property in format_tokens(fmt):
        if not is_property:
            out.append(token)
        else:
            if token in values:
                value = values[token]
                if value is not None:
                    out.append(value)
            elif unknown_as_name:
                out.append(token)
    return "".join(out)
