"""Counter sheets as a print-ready PDF: exact counter size, bleed, cut marks, duplex registration.

Layout. Counters sit in a grid of ``counter_mm`` cells (``spacing_mm`` apart; 0 = abutting, one
shared cut between neighbours) centred on the page. Each face is drawn twice: first with its bleed
(the background carried ``bleed_mm`` past the cut), then clipped to its exact cut box, so bleed
shows only round the outside of the block (or round each counter when the spacing allows). Cut
marks are vector ticks on every cut line, outside the block: they start ``mark_gap_mm`` beyond the
bleed (so a mark never prints on the bleed, cf. Countersheets issue #65) and are ``mark_length_mm``
long.

Backs. ``duplex="long"`` (the default: flip on the long edge) puts each page of fronts on an odd
page and its backs on the next page, with the grid mirrored left-right, so the back of the counter
at (x, y) prints at (W - x - s, y); ``"short"`` mirrors top-bottom instead (on a landscape page the
long edge is the top, so the two swap). ``back_offset_mm`` =
(dx, dy) shifts everything on the back pages (art and marks) to cancel a printer's drift: measure
how far the backs land from the fronts, pass the opposite. ``"fold"`` prints fronts on the top half
and backs on the bottom half, mirrored about the fold line and turned half a turn, so folding the
sheet along the dashed line and gluing gives a double-sided sheet from a one-sided printer.
``"none"`` prints fronts only. Counters with a plain back print their side's colour there.
``calibration=True`` adds a page pair with vernier scales: print it duplex, hold it to the light,
and read the back offset to add, to 0.1 mm (:func:`calibration_scales`).

Images are embedded losslessly (Flate) at ``dpi`` (300 by default); the cut boxes are exact in
the PDF's vector coordinates whatever the pixel rounding.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..counters import CounterSet, CounterType
from ..errors import InputError
from ..fileio import atomic_write
from .counter_art import draw_face_vector, mm_to_px, render_face
from .pdf import MM, Page, PdfWriter, VectorPage, VectorPdf

__all__ = ["PAGE_SIZES", "SheetLayout", "SheetSpec", "back_transform", "build_sheets", "calibration_pages",
           "calibration_scales", "layout_sheet", "write_sheets"]

PAGE_SIZES: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4),
                                              "a3": (297.0, 420.0), "legal": (215.9, 355.6)}
DUPLEX = ("long", "short", "fold", "none")
ARTS = ("vector", "raster")


@dataclass(frozen=True)
class SheetSpec:
    """How to print: all lengths in millimetres."""

    counter_mm: float = 12.7
    page: str = "a4"
    landscape: bool = False
    margin_mm: float = 8.0
    bleed_mm: float = 1.0
    spacing_mm: float = 0.0
    mark_gap_mm: float = 1.0
    mark_length_mm: float = 4.0
    mark_width_mm: float = 0.1
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    dpi: int = 300
    marks_on_backs: bool = True
    label: bool = True
    calibration: bool = False  # add a front/back page pair with vernier scales to measure duplex drift
    art: str = "vector"  # "vector": paths and live text; "raster": each face a lossless picture at ``dpi``

    def page_size(self) -> tuple[float, float]:
        w, h = PAGE_SIZES[self.page]
        return (h, w) if self.landscape else (w, h)

    def check(self) -> None:
        """Raise InputError naming the first impossible setting."""
        if self.page not in PAGE_SIZES:
            raise InputError(f"unknown page size {self.page!r} (known: {', '.join(PAGE_SIZES)})")
        if self.art not in ARTS:
            raise InputError(f"unknown art {self.art!r} (known: {', '.join(ARTS)})")
        if self.duplex not in DUPLEX:
            raise InputError(f"unknown duplex mode {self.duplex!r} (known: {', '.join(DUPLEX)})")
        if not 3.0 <= self.counter_mm <= 100.0:
            raise InputError(f"counter size {self.counter_mm:g} mm is out of range (3 to 100 mm)")
        for name in ("margin_mm", "bleed_mm", "spacing_mm", "mark_gap_mm", "mark_length_mm"):
            value = getattr(self, name)
            if not 0 <= value <= 50 or math.isnan(value):
                raise InputError(f"{name.removesuffix('_mm').replace('_', ' ')} {value:g} mm is out of range (0 to 50)")
        if not 0 < self.mark_width_mm <= 2:
            raise InputError(f"cut mark width {self.mark_width_mm:g} mm is out of range")
        if not 72 <= self.dpi <= 2400:
            raise InputError(f"dpi {self.dpi} is out of range (72 to 2400)")
        if any(abs(v) > 20 or math.isnan(v) for v in self.back_offset_mm):
            raise InputError(f"back offset {self.back_offset_mm} mm is out of range (at most 20 mm)")


@dataclass(frozen=True)
class SheetLayout:
    """Where the cells go on a page (front side): top-left corner of cell (col, row), in mm."""

    columns: int
    rows: int
    left: float
    top: float
    pitch: float
    counter: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def cell(self, index: int) -> tuple[float, float]:
        col, row = index % self.columns, index // self.columns
        return self.left + col * self.pitch, self.top + row * self.pitch

    def cut_lines(self, rows: int) -> tuple[list[float], list[float]]:
        """x of every vertical cut and y of every horizontal cut for a block of ``rows`` rows."""
        xs: list[float] = []
        ys: list[float] = []
        for lines, count, start in ((xs, self.columns, self.left), (ys, rows, self.top)):
            for i in range(count):
                a = start + i * self.pitch
                for v in (a, a + self.counter):
                    if not lines or abs(lines[-1] - v) > 1e-9:
                        lines.append(v)
        return xs, ys


def layout_sheet(spec: SheetSpec) -> SheetLayout:
    """The grid that fits the page with room for bleed and cut marks (fronts only, top half if folding)."""
    spec.check()
    width, height = spec.page_size()
    border = spec.margin_mm + spec.bleed_mm + spec.mark_gap_mm + spec.mark_length_mm
    usable_w = width - 2 * border
    usable_h = height - 2 * border
    if spec.duplex == "fold":
        usable_h = height / 2 - border - (spec.bleed_mm + spec.mark_gap_mm + spec.mark_length_mm)
    pitch = spec.counter_mm + spec.spacing_mm
    columns = math.floor((usable_w + spec.spacing_mm) / pitch + 1e-9)
    rows = math.floor((usable_h + spec.spacing_mm) / pitch + 1e-9)
    if columns < 1 or rows < 1:
        raise InputError(f"a {spec.counter_mm:g} mm counter does not fit on a {spec.page} page with these margins")
    block_w = columns * pitch - spec.spacing_mm
    block_h = rows * pitch - spec.spacing_mm
    left = (width - block_w) / 2
    top = border if spec.duplex == "fold" else (height - block_h) / 2
    if spec.duplex == "fold":
        top = height / 2 - (spec.bleed_mm + spec.mark_gap_mm + spec.mark_length_mm) - block_h
    return SheetLayout(columns, rows, left, top, pitch, spec.counter_mm)


def _counter_list(cset: CounterSet) -> list[CounterType]:
    out: list[CounterType] = []
    for ct in cset:
        out.extend([ct] * ct.count)
    return out


def build_sheets(cset: CounterSet, spec: SheetSpec, progress: Callable[[int, int], None] | None = None) -> bytes:
    """The counter sheets of ``cset`` as PDF bytes."""
    return _build(cset, spec, progress)[0]


def _build(cset: CounterSet, spec: SheetSpec, progress: Callable[[int, int], None] | None) -> tuple[bytes, int]:
    spec.check()
    grid = layout_sheet(spec)
    width, height = spec.page_size()
    counters = _counter_list(cset)
    if not counters:
        raise InputError(f"{cset.source or cset.game}: no counters to print")
    writer: PdfWriter | VectorPdf
    if spec.art == "raster":
        writer = PdfWriter()
        px = mm_to_px(spec.counter_mm, spec.dpi)
        bleed_px = math.ceil(spec.bleed_mm / 25.4 * spec.dpi) if spec.bleed_mm > 0 else 0
        bleed = bleed_px * spec.counter_mm / px  # the image's bleed in mm: the cut box is exact
    else:
        writer = VectorPdf()
        bleed = spec.bleed_mm
    size_pt, bleed_pt = spec.counter_mm * MM, bleed * MM

    names: dict[tuple[str, str], str] = {}

    def face_image(ct: CounterType, which: str) -> str:
        key = (ct.id, which)
        if key not in names:
            if isinstance(writer, PdfWriter):
                names[key] = writer.add_image(render_face(cset, ct, which, px, bleed_px), key)
            else:
                def draw(canvas: Canvas, ct: CounterType = ct, which: str = which) -> None:
                    canvas.translate(bleed_pt, bleed_pt)
                    draw_face_vector(canvas, cset, ct, which, size_pt, bleed_pt)
                names[key] = writer.add_form(draw, size_pt + 2 * bleed_pt, size_pt + 2 * bleed_pt, key)
        return names[key]

    sheets = [counters[i:i + grid.per_page] for i in range(0, len(counters), grid.per_page)]
    done = 0
    s = spec.counter_mm
    for number, chunk in enumerate(sheets, start=1):
        rows = math.ceil(len(chunk) / grid.columns)
        cells = [(ct, *grid.cell(i), _bleed_box(i, len(chunk), grid, spec)) for i, ct in enumerate(chunk)]
        xs, ys = grid.cut_lines(rows)
        front = writer.new_page(width, height)
        _draw_faces(front, [(face_image(ct, "front"), x, y, box) for ct, x, y, box in cells], spec, bleed,
                    _identity, False)
        _draw_marks(front, xs, ys, grid, rows, spec, _identity)
        if spec.label:
            front.text(spec.margin_mm, spec.margin_mm * 0.6,
                       f"{cset.title or cset.game} - counters, sheet {number} of {len(sheets)}, fronts "
                       f"({s:g} mm)", 7)
        backs = [(face_image(ct, "back"), x, y, box) for ct, x, y, box in cells] if spec.duplex != "none" else []
        to_back = back_transform(spec)
        if spec.duplex == "fold":
            fold_y = height / 2
            _draw_faces(front, backs, spec, bleed, to_back, True)
            _draw_marks(front, xs, ys, grid, rows, spec, to_back)
            front.lines([(spec.margin_mm, fold_y, width - spec.margin_mm, fold_y)], 0.15, (0.4, 0.4, 0.4), dash_mm=2)
            if spec.label:
                front.text(spec.margin_mm, fold_y - 1.0, "fold here, backs to backs", 6, colour=(0.4, 0.4, 0.4))
        elif spec.duplex in ("long", "short"):
            back = writer.new_page(width, height)
            dx, dy = spec.back_offset_mm
            _draw_faces(back, backs, spec, bleed, to_back, False)
            if spec.marks_on_backs:
                _draw_marks(back, xs, ys, grid, rows, spec, to_back)
            if spec.label:
                back.text(spec.margin_mm, height - spec.margin_mm * 0.4,
                          f"{cset.title or cset.game} - counters, sheet {number} of {len(sheets)}, backs "
                          f"(duplex: flip on {spec.duplex} edge; back offset {dx:g}, {dy:g} mm)", 7)
        done += len(chunk)
        if progress is not None:
            progress(done, len(counters))
    if spec.calibration and spec.duplex in ("long", "short"):
        calibration_pages(writer, spec)
    return writer.to_bytes(title=f"{cset.title or cset.game} counters"), len(writer.pages)


VERNIER_STEPS = 10  # the vernier reads 0.1 mm steps up to +-1 mm


def calibration_scales(spec: SheetSpec) -> dict[str, dict[str, object]]:
    """Where the calibration scales sit (front-page mm) and what each main tick reads.

    Each scale has a main scale on the front (ticks 1 mm apart, index -10..10) and a vernier on the back
    (ticks 0.9 mm apart). Held against the light, the back tick that lines up with a front tick names the
    correction: ``reading[k]`` is what to ADD to the back offset (mm) when they meet at main tick k.
    """
    width, height = spec.page_size()
    cx, cy = width / 2, height / 2
    to_back = back_transform(SheetSpec(**{**spec.__dict__, "back_offset_mm": (0.0, 0.0)}))
    jx = 1 if to_back(1, 0)[0] - to_back(0, 0)[0] > 0 else -1   # +1: x not mirrored on the back
    jy = 1 if to_back(0, 1)[1] - to_back(0, 0)[1] > 0 else -1
    ks = range(-VERNIER_STEPS, VERNIER_STEPS + 1)
    return {
        "x": {"baseline": cy - 20.0, "zero": cx, "reading": {k: round(-jx * 0.1 * k, 3) for k in ks}},
        "y": {"baseline": cx - 20.0, "zero": cy, "reading": {k: round(-jy * 0.1 * k, 3) for k in ks}},
    }


def calibration_pages(writer: PdfWriter | VectorPdf, spec: SheetSpec) -> None:
    """A front page with main scales and a back page with verniers, to read the duplex drift to 0.1 mm."""
    width, height = spec.page_size()
    scales = calibration_scales(spec)
    to_back = back_transform(spec)
    front, back = writer.new_page(width, height), writer.new_page(width, height)
    ks = range(-VERNIER_STEPS, VERNIER_STEPS + 1)
    main_x: list[tuple[float, float, float, float]] = []
    vern_x: list[tuple[float, float, float, float]] = []
    main_y: list[tuple[float, float, float, float]] = []
    vern_y: list[tuple[float, float, float, float]] = []
    bx, zx = scales["x"]["baseline"], scales["x"]["zero"]
    by, zy = scales["y"]["baseline"], scales["y"]["zero"]
    assert isinstance(bx, float) and isinstance(zx, float) and isinstance(by, float) and isinstance(zy, float)
    for k in ks:
        long_tick = 5.0 if k % 5 == 0 else 3.0
        main_x.append((zx + k, bx - long_tick, zx + k, bx))
        vern_x.append((zx + 0.9 * k, bx, zx + 0.9 * k, bx + long_tick))
        main_y.append((by - long_tick, zy + k, by, zy + k))
        vern_y.append((by, zy + 0.9 * k, by + long_tick, zy + 0.9 * k))
    front.lines(main_x + main_y, 0.08)
    mapped = []
    for x0, y0, x1, y1 in vern_x + vern_y:
        a, b = to_back(x0, y0)
        c, d = to_back(x1, y1)
        mapped.append((a, b, c, d))
    back.lines(mapped, 0.08)
    readings_x = scales["x"]["reading"]
    readings_y = scales["y"]["reading"]
    assert isinstance(readings_x, dict) and isinstance(readings_y, dict)
    for k in (-10, -5, 0, 5, 10):
        front.text(zx + k - 1.5, bx - 6.5, f"{readings_x[k]:+.1f}" if k else "0", 6)
        front.text(by - 14, zy + k + 0.8, f"{readings_y[k]:+.1f}" if k else "0", 6)
    front.text(spec.margin_mm, spec.margin_mm + 4, "Duplex calibration: print this page pair double-sided "
               f"(flip on the {spec.duplex} edge), hold it against a light.", 8, bold=True)
    front.text(spec.margin_mm, spec.margin_mm + 9, "Find where a back tick meets a front tick on each scale; "
               "ADD the number there to --back-offset (X from the horizontal scale, Y from the vertical one).", 7)
    front.text(spec.margin_mm, spec.margin_mm + 13, f"Printed with back offset {spec.back_offset_mm[0]:g}, "
               f"{spec.back_offset_mm[1]:g} mm. Each tick is 0.1 mm; the scales read up to 1 mm.", 7)
    front.text(zx + 12, bx - 1, "X", 8, bold=True)
    front.text(by - 6, zy + 13, "Y", 8, bold=True)


Transform = Callable[[float, float], tuple[float, float]]
Box = tuple[float, float, float, float]


def _identity(x: float, y: float) -> tuple[float, float]:
    return x, y


def back_transform(spec: SheetSpec) -> Transform:
    """Where a point of the front page lands on the page (or half page) that carries the backs, in mm.

    Turning the sheet over about a vertical edge mirrors x: (W - x + dx, y + dy); about a horizontal
    edge mirrors y: (x + dx, H - y + dy). The long edge is vertical on a portrait page and horizontal
    on a landscape one. fold: (x, H - y); none: unchanged.
    """
    width, height = spec.page_size()
    dx, dy = spec.back_offset_mm
    if spec.duplex in ("long", "short"):
        if (spec.duplex == "long") == (width <= height):
            return lambda x, y: (width - x + dx, y + dy)
        return lambda x, y: (x + dx, height - y + dy)
    if spec.duplex == "fold":
        return lambda x, y: (x, height - y)
    return _identity


def _map_box(transform: Transform, box: Box) -> Box:
    """A front-page rectangle (x, y, w, h) as it lands on another page."""
    x, y, w, h = box
    ax, ay = transform(x, y)
    bx, by = transform(x + w, y + h)
    return min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay)


def _bleed_box(index: int, count: int, grid: SheetLayout, spec: SheetSpec) -> Box:
    """The cell grown by the bleed on the sides that face the outside of the block (or a gap wide enough)."""
    x, y = grid.cell(index)
    b, s = spec.bleed_mm, spec.counter_mm
    if spec.spacing_mm >= 2 * b:
        return x - b, y - b, s + 2 * b, s + 2 * b
    col, row = index % grid.columns, index // grid.columns
    left = b if col == 0 else 0.0
    top = b if row == 0 else 0.0
    right = b if col == grid.columns - 1 or index + 1 >= count else 0.0
    bottom = b if index + grid.columns >= count else 0.0
    return x - left, y - top, s + left + right, s + top + bottom


def _draw_faces(page: Page | VectorPage, faces: list[tuple[str, float, float, Box]], spec: SheetSpec, bleed: float,
                transform: Transform, rotate: bool) -> None:
    """Each face (its art carries ``bleed`` mm past the cut) clipped to its bleed box."""
    s = spec.counter_mm
    for name, x, y, box in faces:
        cx, cy, _, _ = _map_box(transform, (x, y, s, s))
        page.image(name, cx - bleed, cy - bleed, s + 2 * bleed, s + 2 * bleed, rotate180=rotate,
                   clip=_map_box(transform, box) if bleed else (cx, cy, s, s))


def _draw_marks(page: Page | VectorPage, xs: list[float], ys: list[float], grid: SheetLayout, rows: int,
                spec: SheetSpec, transform: Transform) -> None:
    """Cut ticks outside the block (beyond bleed + gap), mapped through ``transform`` (front -> this page)."""
    top, bottom = grid.top, grid.top + rows * grid.pitch - spec.spacing_mm
    left, right = grid.left, grid.left + grid.columns * grid.pitch - spec.spacing_mm
    near = spec.bleed_mm + spec.mark_gap_mm
    far = near + spec.mark_length_mm
    segments = []
    for x in xs:
        segments.append((x, top - far, x, top - near))
        segments.append((x, bottom + near, x, bottom + far))
    for y in ys:
        segments.append((left - far, y, left - near, y))
        segments.append((right + near, y, right + far, y))
    mapped = []
    for x0, y0, x1, y1 in segments:
        a, b = transform(x0, y0)
        c, d = transform(x1, y1)
        mapped.append((a, b, c, d))
    page.lines(mapped, spec.mark_width_mm)


def write_sheets(cset: CounterSet, spec: SheetSpec, path: str | Path,
                 progress: Callable[[int, int], None] | None = None) -> int:
    """Build the sheets and write them atomically to ``path``; returns the number of pages."""
    data, pages = _build(cset, spec, progress)
    atomic_write(path, data)
    return pages
