"""The toolkit's typeface: Source Sans Pro (SIL OFL), shipped by the PyPI package
``font-source-sans-pro``, so maps, counters and player aids render the same on every machine,
including one with no system fonts, with the letters Finnish and Swedish names need (ä, ö, å) and
the signs charts use (½, –, ×).

If that package is missing, Pillow's bundled face (>= 10.1) stands in and :func:`printable`
replaces the characters it lacks.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from functools import cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageFont

from .errors import ImageError

__all__ = ["CAP_HEIGHT", "Weight", "font", "font_file", "printable"]

Weight = Literal["regular", "semibold", "bold"]

_FILES: dict[str, str] = {"regular": "SourceSansPro-Regular.ttf", "semibold": "SourceSansPro-Semibold.ttf",
                          "bold": "SourceSansPro-Bold.ttf"}

#: Cap height as a fraction of the font size (Source Sans Pro: 660/1000 em).
CAP_HEIGHT = 0.66


@cache
def font_file(weight: Weight = "regular") -> Path | None:
    """The TrueType file of a weight, or None when the font package is not installed."""
    if weight not in _FILES:
        raise ValueError(f"unknown font weight {weight!r} (known: {', '.join(_FILES)})")
    spec = importlib.util.find_spec("font_source_sans_pro")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "files" / _FILES[weight]
    return path if path.is_file() else None


def font(size: float, weight: Weight = "regular") -> ImageFont.FreeTypeFont:
    """The toolkit's face at ``size`` pixels (em size)."""
    return _font(max(1, round(size)), weight)


@cache
def _font(size: int, weight: Weight) -> ImageFont.FreeTypeFont:
    path = font_file(weight)
    if path is not None:
        return ImageFont.truetype(str(path), size)
    try:
        face = ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has no scalable default font
        raise ImageError("drawing text needs the font-source-sans-pro package or pillow >= 10.1") from None
    if not isinstance(face, ImageFont.FreeTypeFont):
        raise ImageError("drawing text needs pillow built with freetype")
    return face


_FALLBACKS = {"–": "-", "—": "-", "−": "-", "½": "1/2", "¼": "1/4", "¾": "3/4", "×": "x", "•": "*",
              "→": "->", "←": "<-", "≥": ">=", "≤": "<=", "…": "...", "ß": "ss", "Æ": "AE", "æ": "ae",
              "Ø": "O", "ø": "o", "Œ": "OE", "œ": "oe", "\u00a0": " "}


def _glyph_key(f: ImageFont.FreeTypeFont | ImageFont.ImageFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = f.getmask(char)
    return mask.size, Image.Image()._new(mask).tobytes()


@cache
def _has_glyph(face: ImageFont.FreeTypeFont | ImageFont.ImageFont, char: str) -> bool:
    if char in " \n" or char.isascii():
        return True
    return _glyph_key(face, char) != _glyph_key(face, "\uffff")


def printable(text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont | None = None) -> str:
    """``text`` with every character ``face`` (default: the toolkit's own) lacks replaced (dashes ->
    "-", "½" -> "1/2", accented letters -> the bare letter, anything else -> "?"). With Source Sans Pro
    installed, Latin text comes back unchanged."""
    if text.isascii():
        return text
    face = face if face is not None else font(32)
    out = []
    for char in text:
        if _has_glyph(face, char):
            out.append(char)
        elif char in _FALLBACKS:
            out.append(_FALLBACKS[char])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            out.append(base if base and all(_has_glyph(face, c) for c in base) else "?")
    return "".join(out)
