"""JSON text exactly as the standard json module writes it (``json.dumps`` with its default separators, no
indent), made by the C encoder (``_json``) without importing the json package, whose decoder, scanner and
their regular expressions cost ~1 ms of a ``wgt vassal dump --json`` run (the pywargame benchmark, issue 15).
Where there is no ``_json`` (another Python implementation), the json module itself."""

from __future__ import annotations

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["dumps", "encode_basestring", "encode_basestring_ascii", "encoder"]

try:
    from _json import encode_basestring, encode_basestring_ascii, make_encoder
except ImportError:  # pragma: no cover - CPython has _json
    from json.encoder import encode_basestring, encode_basestring_ascii

    make_encoder = None  # type: ignore[misc, assignment]


def _default(o: object) -> object:
    """``json.JSONEncoder.default``: what is not JSON is an error."""
    raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


def encoder(ensure_ascii: bool = True, check_circular: bool = True) -> Callable[[object], str]:
    """A function giving ``json.dumps(value, ensure_ascii=ensure_ascii, check_circular=check_circular)``: the
    C encoder ``JSONEncoder.encode`` makes on every call, made once. Without ``check_circular`` a value that
    holds itself recurses until Python's recursion limit (as json.dumps does then); only for values built as
    trees."""
    strings = encode_basestring_ascii if ensure_ascii else encode_basestring
    if make_encoder is None:  # pragma: no cover - CPython has _json
        import json

        return json.JSONEncoder(ensure_ascii=ensure_ascii, check_circular=check_circular).encode
    if not check_circular:
        chunks_of = make_encoder(None, _default, strings, None, ": ", ", ", False, False, True)

        def encode(value: object) -> str:
            if isinstance(value, str):
                return strings(value)
            return "".join(chunks_of(value, 0))

        return encode

    def encode_checked(value: object) -> str:
        if isinstance(value, str):
            return strings(value)
        return "".join(make_encoder({}, _default, strings, None, ": ", ", ", False, False, True)(value, 0))

    return encode_checked


def dumps(value: object, ensure_ascii: bool = True) -> str:
    """``json.dumps(value, ensure_ascii=ensure_ascii)``."""
    return encoder(ensure_ascii)(value)
