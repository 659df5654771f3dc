"""Vector drawing on a reportlab canvas through the subset of Pillow's ``ImageDraw`` the builders use.

The counter art (:mod:`.counter_art`, :mod:`.symbols`) and the player aid tables (:mod:`.aids`) draw
with ``rectangle``, ``line``, ``ellipse``, ``arc``, ``polygon``, ``rounded_rectangle``, ``text`` and
``textlength``. :class:`VectorDraw` takes the same calls and writes PDF paths and live text instead of
pixels, so one piece of drawing code makes both the PNG (Pillow) and the print PDF (vectors, fonts
embedded, text searchable). Coordinates are "units" in a y-down box whose top-left corner and unit size
(in PDF points) are given; Pillow's conventions are kept: a rectangle's ``(x0, y0, x1, y1)`` covers the
pixels x0..x1 inclusive (so it is ``x1 - x0 + 1`` units wide), outlines are drawn inside the shape,
arcs' angles are degrees clockwise from 3 o'clock, text anchors are Pillow's (``la``, ``lm``, ``ls``,
``mm``, ``rm``...).

Text uses the toolkit's typeface (Source Sans Pro, from the ``font-source-sans-pro`` package) registered
with reportlab as TrueType, so it is embedded (subset) in the PDF; a font object without a file (Pillow's
fallback face) prints in Helvetica.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from PIL import ImageColor, ImageDraw, ImageFont
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..fonts import font, font_file, printable

__all__ = ["Drawing", "VectorDraw", "font_name", "new_canvas"]

Point = tuple[float, float]


def new_canvas(target: Any, width_pt: float, height_pt: float, title: str = "") -> Canvas:
    """A reportlab canvas that writes the same bytes for the same drawing (invariant mode: no dates, no ids)."""
    regular = font_file("regular")
    initial = _registered(str(regular)) if regular is not None else "Helvetica"
    # the initial font is named on every page: make it the embedded face, not base-14 Helvetica
    canvas = Canvas(target, pagesize=(width_pt, height_pt), invariant=1, pageCompression=1,
                    initialFontName=initial,  # type: ignore[arg-type]  # typeshed's stub says float; it is a name
                    pdfVersion=(1, 4))
    canvas.setTitle(title)
    canvas.setCreator("wargame-toolkit")
    canvas.setProducer("wargame-toolkit")
    canvas.setAuthor("")
    canvas.setSubject("")
    return canvas


_FILES: dict[str, str] = {}  # registered font name -> its TrueType file


@cache
def _registered(path: str) -> str:
    name = Path(path).stem  # e.g. SourceSansPro-Bold
    pdfmetrics.registerFont(TTFont(name, path))
    _FILES[name] = path
    return name


def font_name(face: Any) -> str:
    """The reportlab font name for a Pillow font object (registering its TrueType file once)."""
    path = getattr(face, "path", None)
    if isinstance(path, str) and path.lower().endswith((".ttf", ".otf")):
        return _registered(path)
    regular = font_file("regular")
    return _registered(str(regular)) if regular is not None else "Helvetica"


@cache
def _metrics(name: str) -> tuple[float, float]:
    """Ascender and descender (positive, below the baseline) as fractions of the em, as Pillow measures them."""
    if name == "Helvetica":
        return 0.718, 0.207
    face = ImageFont.truetype(_FILES[name], 1000)
    ascent, descent = face.getmetrics()
    return ascent / 1000, descent / 1000


def _rgb(colour: Any) -> tuple[float, float, float]:
    if isinstance(colour, str):
        colour = ImageColor.getrgb(colour)
    r, g, b = colour[:3]
    return r / 255, g / 255, b / 255


class VectorDraw:
    """``ImageDraw``-like drawing onto ``canvas`` in a y-down box: unit (0, 0) is at ``origin`` (points from
    the page's top-left corner, y down) and one unit is ``unit`` points. Call :meth:`close` (or use it as a
    context manager) to restore the canvas state."""

    def __init__(self, canvas: Canvas, page_height_pt: float, origin: Point = (0.0, 0.0), unit: float = 1.0,
                 flipped: bool = False) -> None:
        self.canvas = canvas
        self.unit = unit
        canvas.saveState()
        if not flipped:  # the caller already set up a y-down frame (a form): do not flip again
            canvas.translate(origin[0], page_height_pt - origin[1])
            canvas.scale(unit, -unit)
        else:
            canvas.translate(origin[0], origin[1])
            canvas.scale(unit, unit)

    def close(self) -> None:
        self.canvas.restoreState()

    def __enter__(self) -> VectorDraw:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ shapes
    def _paint(self, fill: Any, outline: Any, width: float) -> tuple[bool, bool]:
        c = self.canvas
        if fill is not None:
            c.setFillColorRGB(*_rgb(fill))
        if outline is not None:
            c.setStrokeColorRGB(*_rgb(outline))
            c.setLineWidth(width)
        return fill is not None, outline is not None

    def rectangle(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: float = 1) -> None:
        x0, y0, x1, y1 = _box(xy)
        x1, y1 = x1 + 1, y1 + 1  # Pillow's box is inclusive
        c = self.canvas
        if fill is not None:
            self._paint(fill, None, 0)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        if outline is not None and width > 0:
            self._paint(None, outline, width)
            c.setLineJoin(0)
            h = width / 2
            c.rect(x0 + h, y0 + h, x1 - x0 - width, y1 - y0 - width, stroke=1, fill=0)

    def rounded_rectangle(self, xy: Sequence[Any], radius: float = 0, fill: Any = None, outline: Any = None,
                          width: float = 1) -> None:
        x0, y0, x1, y1 = _box(xy)
        x1, y1 = x1 + 1, y1 + 1
        c = self.canvas
        if fill is not None:
            self._paint(fill, None, 0)
            c.roundRect(x0, y0, x1 - x0, y1 - y0, radius, stroke=0, fill=1)
        if outline is not None and width > 0:
            self._paint(None, outline, width)
            h = width / 2
            c.roundRect(x0 + h, y0 + h, x1 - x0 - width, y1 - y0 - width, max(0.0, radius - h), stroke=1, fill=0)

    def ellipse(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: float = 1) -> None:
        x0, y0, x1, y1 = _box(xy)
        c = self.canvas
        if fill is not None:
            self._paint(fill, None, 0)
            c.ellipse(x0, y0, x1, y1, stroke=0, fill=1)
        if outline is not None and width > 0:
            self._paint(None, outline, width)
            h = width / 2
            c.ellipse(x0 + h, y0 + h, x1 - h, y1 - h, stroke=1, fill=0)

    def arc(self, xy: Sequence[Any], start: float, end: float, fill: Any = None, width: float = 1) -> None:
        x0, y0, x1, y1 = _box(xy)
        h = width / 2
        self._paint(None, fill if fill is not None else (0, 0, 0), width)
        self.canvas.setLineCap(0)
        path = self.canvas.beginPath()
        # typeshed's stub wants whole degrees; reportlab takes any number
        path.arc(x0 + h, y0 + h, x1 - h, y1 - h, startAng=start, extent=(end - start) % 360 or 360)  # type: ignore[arg-type]
        self.canvas.drawPath(path, stroke=1, fill=0)

    def line(self, xy: Sequence[Any], fill: Any = None, width: float = 0, joint: str | None = None) -> None:
        points = _points(xy)
        if len(points) < 2:
            return
        c = self.canvas
        self._paint(None, fill if fill is not None else (0, 0, 0), max(width, 1))
        c.setLineCap(0)
        c.setLineJoin(1 if joint == "curve" else 0)
        path = c.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        c.drawPath(path, stroke=1, fill=0)

    def polygon(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: float = 1) -> None:
        points = _points(xy)
        c = self.canvas
        path = c.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        path.close()
        filled, stroked = self._paint(fill, outline, width)
        c.drawPath(path, stroke=int(stroked), fill=int(filled))

    @contextmanager
    def clip(self, xy: Sequence[Any]) -> Iterator[VectorDraw]:
        """Drawing inside the block is clipped to the rectangle (inclusive, as :meth:`rectangle`)."""
        x0, y0, x1, y1 = _box(xy)
        c = self.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1)
        c.clipPath(path, stroke=0, fill=0)
        try:
            yield self
        finally:
            c.restoreState()

    # ------------------------------------------------------------------ text
    def textlength(self, text: str, font: Any = None) -> float:
        return pdfmetrics.stringWidth(printable(text), font_name(font), _size(font))

    def text(self, xy: Point, text: str, fill: Any = None, font: Any = None, anchor: str = "la",
             rotate: float = 0) -> None:
        """``text`` at ``xy`` with a Pillow anchor; ``rotate`` turns it (degrees anticlockwise) about ``xy``."""
        text = printable(text)
        name, size = font_name(font), _size(font)
        ascent, descent = _metrics(name)
        width = pdfmetrics.stringWidth(text, name, size)
        dx = {"l": 0.0, "m": -width / 2, "r": -width}[anchor[0]]
        dy = {"a": ascent * size, "m": (ascent - descent) * size / 2, "s": 0.0, "d": -descent * size}[anchor[1]]
        c = self.canvas
        c.saveState()
        c.translate(*xy)
        if rotate:
            c.rotate(-rotate)  # y is down: a negative angle turns anticlockwise on the page
        c.translate(dx, dy)
        c.scale(1, -1)
        c.setFillColorRGB(*_rgb(fill if fill is not None else (0, 0, 0)))
        c.setFont(name, size)
        c.drawString(0, 0, text)
        c.restoreState()


def _size(face: Any) -> float:
    if face is None:
        return float(font(10).size)
    return float(getattr(face, "size", 10))


def _box(xy: Sequence[Any]) -> tuple[float, float, float, float]:
    if len(xy) == 2:
        (x0, y0), (x1, y1) = xy
    else:
        x0, y0, x1, y1 = xy
    return float(x0), float(y0), float(x1), float(y1)


def _points(xy: Sequence[Any]) -> list[Point]:
    if xy and isinstance(xy[0], (int, float)):
        return [(float(xy[i]), float(xy[i + 1])) for i in range(0, len(xy) - 1, 2)]
    return [(float(x), float(y)) for x, y in xy]


#: What the shared drawing code draws on: a Pillow image or a PDF canvas.
Drawing = ImageDraw.ImageDraw | VectorDraw
