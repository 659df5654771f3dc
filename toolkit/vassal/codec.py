"""VASSAL's low-level text codecs: the ``!VCSK`` obfuscation and the ``SequenceEncoder``.

Both follow ``reference/vassal-formats.md`` §2.2 and §2.3 exactly, so that decoding and re-encoding a
real file reproduces it byte for byte.
"""

from __future__ import annotations

import binascii
import codecs
import itertools
from collections.abc import Iterable, Iterator

from ..errors import VassalFormatError

__all__ = [
    "ESC",
    "HEADER",
    "TAB",
    "deobfuscate",
    "join",
    "obfuscate",
    "split",
]

ESC = "\x1b"
TAB = "\t"
HEADER = b"!VCSK"

_HEX_DIGITS = b"0123456789abcdefABCDEF"


def _all_hex(data: bytes | bytearray) -> bool:
    """Whether every byte of ``data`` is a hex digit (the obfuscation key's two digits)."""
    return all(b in _HEX_DIGITS for b in data)
_XOR_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _XOR_TABLES.get(key)
    if table is None:
        table = _XOR_TABLES[key] = bytes(b ^ key for b in range(256))
    return table


def deobfuscate(data: bytes, source: str = "savedGame") -> tuple[str, int | None]:
    """Decode a ``savedGame`` entry: returns ``(text, key)``; ``key`` is ``None`` for plain text.

    Upper- and lower-case hex digits are accepted (VASSAL 2.9 wrote upper case). Raises
    :class:`VassalFormatError` for a truncated or non-hex payload or text that is not UTF-8.
    """
    if data[:5] != HEADER:
        return _utf8(data, source), None
    if len(data) < 7 or not _all_hex(data[5:7]):
        raise VassalFormatError(f"{source}: obfuscation header without a valid key")
    if (len(data) - 7) % 2:
        raise VassalFormatError(f"{source}: obfuscated data is truncated (odd number of hex digits)")
    try:
        raw = binascii.unhexlify(memoryview(data)[7:])  # no copies of the (possibly large) hex text
    except (binascii.Error, ValueError):
        raise VassalFormatError(f"{source}: obfuscated data holds a character that is not a hex digit") from None
    key = int(data[5:7], 16)
    try:  # ASCII text (the usual save): XOR and decode in one pass
        return codecs.charmap_decode(raw, "strict", _ascii_map(key))[0], key
    except UnicodeDecodeError:  # a byte that is not ASCII once XORed: UTF-8 text (or not text at all)
        return _utf8(raw.translate(_xor_table(key)), source), key


def deobfuscate_chunks(chunks: Iterator[bytes]) -> tuple[str, int, bool] | None:
    """:func:`deobfuscate` of a ``savedGame`` read in pieces (:meth:`Archive.read_chunks
    <toolkit.vassal.archive.Archive.read_chunks>`), each decoded as it comes, so that the whole hex text (twice
    the size of the text) is never held: ``(text, key, upper)`` for obfuscated ASCII text (``upper``: upper-case
    hex digits in its first 4,096 bytes, as ``SaveFile.upper_hex`` wants). None for anything else (plain text,
    a bad header, a character that is no hex digit, an odd number of digits, non-ASCII text): the caller then
    reads the whole entry for :func:`deobfuscate`, which decodes it or names the problem."""
    head = b""
    for chunk in chunks:
        head += chunk
        if len(head) >= 4096:
            break
    if head[:5] != HEADER or len(head) < 7 or not _all_hex(head[5:7]):
        return None
    key = int(head[5:7], 16)
    upper = any(0x41 <= b <= 0x46 for b in head[5:4096])
    table = _ascii_map(key)
    parts: list[str] = []
    append, unhex, decode = parts.append, binascii.unhexlify, codecs.charmap_decode
    carry = b""
    try:
        for chunk in itertools.chain((head[7:],), chunks):
            view = memoryview(chunk)
            if carry:  # the odd digit left from the piece before, and this piece's first
                append(decode(unhex(carry + chunk[:1]), "strict", table)[0])
                view = view[1:]
            even = len(view) & ~1
            append(decode(unhex(view[:even]), "strict", table)[0])
            carry = bytes(view[even:])
        if carry:
            return None
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    return "".join(parts), key, upper


def deobfuscate_buffer(data: bytearray) -> tuple[str, int, bool] | None:
    """:func:`deobfuscate_chunks` of a whole ``savedGame`` in a bytearray, hex-decoded in place (each piece's
    bytes written over the digits already read), so that no second buffer of its size is made. None, the buffer
    then spoiled, for anything but obfuscated ASCII text."""
    size = len(data)
    if data[:5] != HEADER or size < 7 or (size - 7) % 2 or not _all_hex(data[5:7]):
        return None
    key = int(data[5:7], 16)
    upper = any(0x41 <= b <= 0x46 for b in data[5:4096])
    view = memoryview(data)
    step = 1 << 20
    unhex = binascii.unhexlify
    at = 0
    try:
        for start in range(7, size, step):
            raw = unhex(view[start:start + step])
            view[at:at + len(raw)] = raw
            at += len(raw)
        text = codecs.charmap_decode(view[:at], "strict", _ascii_map(key))[0]
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    finally:
        view.release()
    return text, key, upper


_ASCII_MAPS: dict[int, str] = {}


def _ascii_map(key: int) -> str:
    """A ``charmap_decode`` table: each byte XOR ``key`` when that is ASCII, else undefined (U+FFFE: an error)."""
    table = _ASCII_MAPS.get(key)
    if table is None:
        table = _ASCII_MAPS[key] = "".join(chr(b ^ key) if b ^ key < 0x80 else "\ufffe" for b in range(256))
    return table


def obfuscate(text: str, key: int | None = 0, *, upper: bool = False) -> bytes:
    """Encode ``text`` as a ``savedGame`` entry with ``key`` (0..255); ``None`` writes plain text.

    ``upper`` writes upper-case hex digits as VASSAL 2.9 did (only to reproduce such files).
    """
    raw = text.encode("utf-8")
    if key is None:
        return raw
    if not 0 <= key <= 255:
        raise ValueError(f"obfuscation key {key} is not a byte")
    digits = raw.translate(_xor_table(key)).hex()
    head = f"{key:02x}"
    if upper:
        digits, head = digits.upper(), head.upper()
    return HEADER + head.encode("ascii") + digits.encode("ascii")


def _utf8(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VassalFormatError(f"{source}: the command text is not utf-8 (byte {exc.start})") from None


def split(text: str | None, delim: str) -> list[str]:
    """Split with ``SequenceEncoder.Decoder`` rules (§2.3).

    A delimiter whose preceding raw character is a backslash is escaped (the backslash is dropped);
    tokens longer than one character that start and end with ``'`` lose those quotes. ``None`` gives
    no tokens, the empty string one empty token.
    """
    if text is None:
        return []
    parts = text.split(delim)
    if "\\" not in text and "'" not in text:
        return parts  # nothing escaped, nothing quoted
    if len(parts) == 1:
        tokens = parts
    else:
        # the delimiter after parts[i] is escaped iff parts[i] (raw) ends with a backslash
        tokens = []
        group: list[str] = []
        last = len(parts) - 1
        for i, part in enumerate(parts):
            if i < last and part.endswith("\\"):
                group.append(part[:-1])
                continue
            if group:
                group.append(part)
                tokens.append(delim.join(group))
                group = []
            else:
                tokens.append(part)
    for i, token in enumerate(tokens):
        if len(token) > 1 and token[0] == "'" and token[-1] == "'":
            tokens[i] = token[1:-1]
    return tokens


def join(items: Iterable[str | None], delim: str) -> str:
    """Join with ``SequenceEncoder`` rules (§2.3): the inverse of :func:`split`.

    Every delimiter inside an element gets one backslash; an element that ends with a backslash, or
    starts and ends with ``'``, is wrapped in single quotes (as ``SequenceEncoder.append`` does; the
    quotes keep a trailing backslash from escaping the next delimiter); ``None`` is an empty element.
    """
    out = []
    escaped = "\\" + delim
    for item in items:
        if not item:
            out.append("")
            continue
        wrap = item[-1] == "\\" or (item[0] == "'" and item[-1] == "'")
        if delim in item:
            item = item.replace(delim, escaped)
        if wrap:
            item = "'" + item + "'"
        out.append(item)
    return delim.join(out)
