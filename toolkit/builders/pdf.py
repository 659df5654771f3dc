"""PDF output: :class:`VectorPdf` (reportlab: vector art placed as forms, live text in the embedded
typeface) and :class:`PdfWriter`, the toolkit's own small writer for raster art.

The raster writer, described below, is kept for sheets printed from pictures (``SheetSpec(art="raster")``).
Both take the same page calls (millimetres from the top-left corner, y down) and give the same bytes for
the same input.


Pillow's own PDF output stores RGB images as JPEG (lossy), so the builders write PDF themselves.
Images are Flate-compressed RGB XObjects (lossless, each stored once however often it is drawn),
lines and cut marks are vector paths. Text is drawn with the toolkit's own typeface as a 1200-dpi
image mask (so it looks the same in every viewer, including one on a machine with no fonts at all),
under an invisible base-14 Helvetica copy of the same text that keeps it searchable and copyable.
Coordinates given to :class:`Page` are millimetres from the page's top-left corner, y down; the
writer converts them to PDF points (y up). The same input gives the same bytes: no dates, no ids.
"""

from __future__ import annotations

import io
import math
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw
from reportlab.pdfgen.canvas import Canvas

from ..fonts import font, printable
from .vector import font_name, new_canvas

__all__ = ["MM", "Page", "PdfWriter", "VectorPage", "VectorPdf"]

MM = 72.0 / 25.4  # PDF points per millimetre
TEXT_DPI = 1200   # resolution of the drawn text


def _num(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pdf_string(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


Colour = tuple[float, float, float]


@dataclass
class Page:
    """One page being drawn; sizes in millimetres, origin top-left, y down."""

    width_mm: float
    height_mm: float
    ops: list[bytes] = field(default_factory=list)
    images: set[str] = field(default_factory=set)
    fonts: set[str] = field(default_factory=set)
    writer: PdfWriter | None = field(default=None, repr=False, compare=False)  # holds the text masks

    def _x(self, x: float) -> str:
        return _num(x * MM)

    def _y(self, y: float) -> str:
        return _num((self.height_mm - y) * MM)

    def image(self, name: str, x: float, y: float, w: float, h: float, rotate180: bool = False,
              clip: tuple[float, float, float, float] | None = None) -> None:
        """Draw image ``name`` (from :meth:`PdfWriter.add_image`) into the box (x, y, w, h).

        ``clip`` (x, y, w, h) limits drawing to a rectangle; ``rotate180`` turns the image half a turn.
        """
        parts = [b"q"]
        if clip is not None:
            cx, cy, cw, ch = clip
            parts.append(f"{self._x(cx)} {self._y(cy + ch)} {_num(cw * MM)} {_num(ch * MM)} re W n".encode())
        if rotate180:
            parts.append(f"{_num(-w * MM)} 0 0 {_num(-h * MM)} {self._x(x + w)} {self._y(y)} cm".encode())
        else:
            parts.append(f"{_num(w * MM)} 0 0 {_num(h * MM)} {self._x(x)} {self._y(y + h)} cm".encode())
        parts.append(f"/{name} Do Q".encode())
        self.ops.append(b" ".join(parts))
        self.images.add(name)

    def lines(self, segments: Iterable[tuple[float, float, float, float]], width_mm: float = 0.1,
              colour: Colour = (0, 0, 0), dash_mm: float | None = None) -> None:
        """Stroke straight segments (x0, y0, x1, y1) with butt caps."""
        body = [f"q {_num(width_mm * MM)} w 0 J {_num(colour[0])} {_num(colour[1])} {_num(colour[2])} RG".encode()]
        if dash_mm:
            body.append(f"[{_num(dash_mm * MM)}] 0 d".encode())
        for x0, y0, x1, y1 in segments:
            body.append(f"{self._x(x0)} {self._y(y0)} m {self._x(x1)} {self._y(y1)} l".encode())
        body.append(b"S Q")
        self.ops.append(b"\n".join(body))

    def text(self, x: float, y: float, text: str, size_pt: float = 8, bold: bool = False,
             colour: Colour = (0, 0, 0)) -> None:
        """Text with its baseline starting at (x, y), ``size_pt`` high (em), regular or bold.

        Drawn in the toolkit's typeface (a text mask, see the module notes) over an invisible Helvetica
        copy; a page made outside a :class:`PdfWriter` gets the Helvetica text only, visible.
        """
        name = "F2" if bold else "F1"
        self.fonts.add(name)
        rgb = f"{_num(colour[0])} {_num(colour[1])} {_num(colour[2])} rg"
        mode = "3 Tr " if self.writer is not None else ""
        self.ops.append(f"BT {mode}/{name} {_num(size_pt)} Tf {rgb} {self._x(x)} {self._y(y)} Td ".encode()
                        + _pdf_string(text) + b" Tj ET")
        if self.writer is None:
            return
        mask, ascent = _text_mask(text, size_pt, bold)
        image = self.writer.add_mask(mask, key=("text", text, size_pt, bold))
        self.images.add(image)
        w, h = mask.width / TEXT_DPI * 25.4, mask.height / TEXT_DPI * 25.4
        top = y - ascent / TEXT_DPI * 25.4
        self.ops.append(f"q {rgb} {_num(w * MM)} 0 0 {_num(h * MM)} {self._x(x)} {self._y(top + h)} cm "
                        f"/{image} Do Q".encode())


def _text_mask(text: str, size_pt: float, bold: bool) -> tuple[Image.Image, int]:
    """``text`` drawn black on white in the toolkit's face at TEXT_DPI as a 1-bit image, and the pixel
    row of its baseline (the image's left edge is where the text starts)."""
    face = font(size_pt / 72 * TEXT_DPI, "bold" if bold else "regular")
    text = printable(text)
    ascent, descent = face.getmetrics()
    width = max(1, math.ceil(face.getlength(text)) + 2)
    image = Image.new("L", (width, ascent + descent), 255)
    ImageDraw.Draw(image).text((0, ascent), text, font=face, fill=0, anchor="ls")
    return image.point(lambda v: 255 if v >= 128 else 0, mode="1"), ascent


class PdfWriter:
    """Collects images and pages, then serialises a complete PDF."""

    def __init__(self, compress_level: int = 6) -> None:
        self._images: dict[str, bytes] = {}
        self._image_keys: dict[object, str] = {}
        self._pages: list[Page] = []
        self.compress_level = compress_level

    def add_image(self, image: Image.Image, key: object | None = None) -> str:
        """Store an image once (by ``key`` when given) and return its resource name."""
        if key is not None and key in self._image_keys:
            return self._image_keys[key]
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        name = f"Im{len(self._images) + 1}"
        data = zlib.compress(rgb.tobytes(), self.compress_level)
        header = (f"<< /Type /XObject /Subtype /Image /Width {rgb.width} /Height {rgb.height} "
                  f"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length {len(data)} >>")
        self._images[name] = header.encode() + b"\nstream\n" + data + b"\nendstream"
        if key is not None:
            self._image_keys[key] = name
        return name

    def add_mask(self, mask: Image.Image, key: object | None = None) -> str:
        """Store a 1-bit stencil (black paints in the fill colour, white is transparent) once."""
        if key is not None and key in self._image_keys:
            return self._image_keys[key]
        bits = mask if mask.mode == "1" else mask.convert("1", dither=Image.Dither.NONE)
        name = f"Im{len(self._images) + 1}"
        data = zlib.compress(bits.tobytes(), self.compress_level)
        header = (f"<< /Type /XObject /Subtype /Image /Width {bits.width} /Height {bits.height} /ImageMask true "
                  f"/BitsPerComponent 1 /Decode [0 1] /Filter /FlateDecode /Length {len(data)} >>")
        self._images[name] = header.encode() + b"\nstream\n" + data + b"\nendstream"
        if key is not None:
            self._image_keys[key] = name
        return name

    def new_page(self, width_mm: float, height_mm: float) -> Page:
        page = Page(width_mm, height_mm, writer=self)
        self._pages.append(page)
        return page

    @property
    def pages(self) -> list[Page]:
        return list(self._pages)

    def to_bytes(self, title: str = "") -> bytes:
        """The whole document."""
        objects: list[bytes] = []  # object n is objects[n - 1]

        def add(body: bytes) -> int:
            objects.append(body)
            return len(objects)

        catalog = add(b"")  # filled in below
        pages_obj = add(b"")
        info = add(b"<< /Producer (wargame-toolkit) /Title " + _pdf_string(title) + b" >>")
        fonts = {"F1": add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
                 "F2": add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold "
                           b"/Encoding /WinAnsiEncoding >>")}
        image_ids = {name: add(body) for name, body in self._images.items()}
        kids = []
        for page in self._pages:
            content = zlib.compress(b"\n".join(page.ops), self.compress_level)
            content_id = add(f"<< /Length {len(content)} /Filter /FlateDecode >>\nstream\n".encode() + content
                             + b"\nendstream")
            xobjects = " ".join(f"/{n} {image_ids[n]} 0 R" for n in sorted(page.images, key=lambda s: int(s[2:])))
            font_refs = " ".join(f"/{n} {fonts[n]} 0 R" for n in sorted(page.fonts))
            resources = f"<< /XObject << {xobjects} >> /Font << {font_refs} >> >>"
            kids.append(add(f"<< /Type /Page /Parent {pages_obj} 0 R /MediaBox [0 0 {_num(page.width_mm * MM)} "
                            f"{_num(page.height_mm * MM)}] /Resources {resources} /Contents {content_id} 0 R >>"
                            .encode()))
        objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_obj} 0 R >>".encode()
        objects[pages_obj - 1] = (f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                                  f"/Count {len(kids)} >>").encode()
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(len(out))
            out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
        for offset in offsets:
            out += f"{offset:010d} 00000 n \n".encode()
        out += (f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R >>\n"
                f"startxref\n{xref}\n%%EOF\n").encode()
        return bytes(out)


DrawFn = Callable[[Canvas], None]


class VectorPage:
    """A page of a :class:`VectorPdf`: the same calls as :class:`Page` (millimetres, top-left origin, y down),
    recorded and replayed onto a reportlab canvas when the document is written."""

    def __init__(self, width_mm: float, height_mm: float, forms: dict[str, tuple[float, float]]) -> None:
        self.width_mm, self.height_mm = width_mm, height_mm
        self.ops: list[DrawFn] = []
        self._forms = forms

    def _y(self, y: float) -> float:
        return (self.height_mm - y) * MM

    def image(self, name: str, x: float, y: float, w: float, h: float, rotate180: bool = False,
              clip: tuple[float, float, float, float] | None = None) -> None:
        """Draw form ``name`` (from :meth:`VectorPdf.add_form`) scaled into the box (x, y, w, h), as
        :meth:`Page.image` draws a picture."""
        form_w, form_h = self._forms[name]
        top = self._y(y)

        def op(c: Canvas) -> None:
            c.saveState()
            if clip is not None:
                cx, cy, cw, ch = clip
                path = c.beginPath()
                path.rect(cx * MM, self._y(cy + ch), cw * MM, ch * MM)
                c.clipPath(path, stroke=0, fill=0)
            if rotate180:
                c.translate((x + w) * MM, top)
                c.scale(-w * MM / form_w, -h * MM / form_h)
            else:
                c.translate(x * MM, top - h * MM)
                c.scale(w * MM / form_w, h * MM / form_h)
            c.doForm(name)
            c.restoreState()

        self.ops.append(op)

    def lines(self, segments: Iterable[tuple[float, float, float, float]], width_mm: float = 0.1,
              colour: Colour = (0, 0, 0), dash_mm: float | None = None) -> None:
        """Stroke straight segments (x0, y0, x1, y1) with butt caps."""
        points = [(x0 * MM, self._y(y0), x1 * MM, self._y(y1)) for x0, y0, x1, y1 in segments]

        def op(c: Canvas) -> None:
            c.saveState()
            c.setLineWidth(width_mm * MM)
            c.setLineCap(0)
            c.setStrokeColorRGB(*colour)
            if dash_mm:
                c.setDash(dash_mm * MM)
            path = c.beginPath()
            for x0, y0, x1, y1 in points:
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
            c.drawPath(path, stroke=1, fill=0)
            c.restoreState()

        self.ops.append(op)

    def text(self, x: float, y: float, text: str, size_pt: float = 8, bold: bool = False,
             colour: Colour = (0, 0, 0)) -> None:
        """Live text in the toolkit's typeface (embedded), baseline starting at (x, y)."""
        name = font_name(font(100, "bold" if bold else "regular"))
        line = printable(text)

        def op(c: Canvas) -> None:
            c.setFillColorRGB(*colour)
            c.setFont(name, size_pt)
            c.drawString(x * MM, self._y(y), line)

        self.ops.append(op)


class VectorPdf:
    """A vector document: shapes drawn once as form XObjects (:meth:`add_form`) and placed on pages that
    take :class:`Page`'s calls. Written by reportlab in invariant mode: the same drawing gives the same bytes."""

    def __init__(self) -> None:
        self._forms: dict[str, tuple[float, float]] = {}
        self._form_draw: dict[str, DrawFn] = {}
        self._form_keys: dict[object, str] = {}
        self._pages: list[VectorPage] = []

    def add_form(self, draw: DrawFn, width_pt: float, height_pt: float, key: object | None = None) -> str:
        """Store a drawing of (0, 0)-(width_pt, height_pt) (y up) once, by ``key`` when given; its name."""
        if key is not None and key in self._form_keys:
            return self._form_keys[key]
        name = f"Fm{len(self._forms) + 1}"
        self._forms[name] = (width_pt, height_pt)
        self._form_draw[name] = draw
        if key is not None:
            self._form_keys[key] = name
        return name

    def new_page(self, width_mm: float, height_mm: float) -> VectorPage:
        page = VectorPage(width_mm, height_mm, self._forms)
        self._pages.append(page)
        return page

    @property
    def pages(self) -> list[VectorPage]:
        return list(self._pages)

    def to_bytes(self, title: str = "") -> bytes:
        out = io.BytesIO()
        first = self._pages[0] if self._pages else VectorPage(210, 297, self._forms)
        canvas = new_canvas(out, first.width_mm * MM, first.height_mm * MM, title)
        for name, (w, h) in self._forms.items():
            canvas.beginForm(name, 0, 0, w, h)
            self._form_draw[name](canvas)
            canvas.endForm()
        for page in self._pages:
            canvas.setPageSize((page.width_mm * MM, page.height_mm * MM))
            for op in page.ops:
                op(canvas)
            canvas.showPage()
        canvas.save()
        return out.getvalue()
