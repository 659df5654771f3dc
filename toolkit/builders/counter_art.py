"""Counter art: each face of each counter as an image, at any resolution.

A face is drawn at a supersampled scale (vector shapes with Pillow) and box-filtered down, so
lines and digits are crisp and anti-aliased at 100 or 1000 pixels. The layout follows
the game (``CounterSet.layout``):

* ``classic`` (SPI, Winter War rule "Unit Counter example layout"): size mark above the unit-type
  box, designation to the right of the box, "attack-defence-movement" across the bottom.
* ``tornio`` (Tornio '44 §4.4.2): as classic, plus the identification to the left of the box,
  "H" for a half factor, an underscored movement factor and wheels/track marks under the box for
  motorised units (§17.1), support factors inside a rectangle, a darker unit-type box for
  Support Units and the added unit type (the second symbol: machine gun, mountain) in grey.
* ``europa``: as classic, plus the self-supporting dot at the top left (A Winter War 12).

Values named in the file's ``top_left`` (Tornio's support range, Europa's AA value) print small in
the top-left corner instead of in the bottom row.

Reduced (back) faces get a band across the top so they read as reduced at a glance.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw
from reportlab.pdfgen.canvas import Canvas

from ..counters import CounterSet, CounterType, Face, format_value
from ..errors import InputError
from ..fileio import atomic_open, ensure_folder
from ..fonts import CAP_HEIGHT, font, printable
from ..terrain.colour import hex_to_rgb
from .symbols import draw_motorised, draw_size, draw_symbol, text_centered
from .vector import Drawing, VectorDraw

__all__ = ["FACE_UNITS", "contact_sheet", "draw_face_vector", "mm_to_px", "render_face", "write_counter_pngs"]


#: How much darker (towards black) the inside of a Tornio Support Unit's unit-type box is.
SUPPORT_SHADE = 0.22
#: How far towards mid grey Tornio's added unit type symbol (machine gun, mountain) is drawn.
ADDED_TYPE_GREY = 0.6


def mm_to_px(mm: float, dpi: float) -> int:
    """Millimetres to whole pixels at ``dpi`` (at least 1)."""
    return max(1, round(mm / 25.4 * dpi))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def render_face(cset: CounterSet, counter: CounterType | str, which: str = "front", px: int = 150,
                bleed_px: int = 0, supersample: int | None = None) -> Image.Image:
    """One face as an RGB image of ``px + 2*bleed_px`` pixels square; the trim box is the centre ``px``.

    The bleed is the face's background carried past the cut line.
    """
    if px < 8:
        raise InputError(f"counter image of {px} px is too small (at least 8)")
    if px > 8000 or bleed_px < 0 or bleed_px > px:
        raise InputError(f"counter image of {px} px with {bleed_px} px bleed is out of range")
    face = cset.face(counter, which)
    ss = supersample or max(2, min(6, math.ceil(900 / px)))
    size, bleed = px * ss, bleed_px * ss
    bg, fg = hex_to_rgb(face.colour), hex_to_rgb(face.text_colour)
    image = Image.new("RGB", (size + 2 * bleed, size + 2 * bleed), bg)
    draw = ImageDraw.Draw(image)
    _draw_face(draw, face, cset, bleed, bleed, size, bg, fg)
    if ss > 1:  # box-filter the supersampled drawing down: exact size, even anti-aliasing
        image = image.reduce(ss)
    return image


#: The side of a counter in the drawing units of :func:`draw_face_vector` (line widths and font sizes are
#: rounded to whole units, as they are to whole pixels on an image).
FACE_UNITS = 1200


def draw_face_vector(canvas: Canvas, cset: CounterSet, counter: CounterType | str, which: str, size_pt: float,
                     bleed_pt: float = 0.0) -> None:
    """One face as PDF paths and live text on ``canvas``, the same drawing as :func:`render_face`.

    The cut box is (0, 0)-(size_pt, size_pt) in the canvas's current (y-up) coordinates, the background
    runs ``bleed_pt`` past it on every side.
    """
    face = cset.face(counter, which)
    bg, fg = hex_to_rgb(face.colour), hex_to_rgb(face.text_colour)
    canvas.setFillColorRGB(*(c / 255 for c in bg))
    canvas.rect(-bleed_pt, -bleed_pt, size_pt + 2 * bleed_pt, size_pt + 2 * bleed_pt, stroke=0, fill=1)
    b = bleed_pt / size_pt * FACE_UNITS
    with VectorDraw(canvas, size_pt, unit=size_pt / FACE_UNITS) as draw, draw.clip((-b, -b, FACE_UNITS + b - 1,
                                                                                     FACE_UNITS + b - 1)):
        _draw_face(draw, face, cset, 0, 0, FACE_UNITS, bg, fg)


def _draw_face(draw: Drawing, face: Face, cset: CounterSet, ox: float, oy: float, s: float,
               bg: tuple[int, int, int], fg: tuple[int, int, int]) -> None:
    if face.blank:
        return
    if face.reduced:
        draw.rectangle((ox - s, oy - s, ox + 2 * s, oy + 0.075 * s), fill=_mix(bg, fg, 0.45))
    if face.mark:
        text_centered(draw, ox + 0.12 * s, oy + 0.16 * s, face.mark, 0.12 * s, fg)
    corner = [printable(format_value(face.values[n], cset.half_mark)) for n in cset.top_left if n in face.values]
    if corner:
        f = font(0.11 * s / CAP_HEIGHT, "bold")
        draw.text((ox + 0.06 * s, oy + 0.05 * s), " ".join(corner), font=f, fill=fg, anchor="la")
    elif face.dot:
        r = 0.045 * s
        draw.ellipse((ox + 0.08 * s - r, oy + 0.12 * s - r, ox + 0.08 * s + r, oy + 0.12 * s + r), fill=fg)
    if face.label and face.unit_type in ("marker", "blank"):
        _draw_label(draw, face.label, ox, oy, s, fg)
        if face.values:
            _draw_values(draw, face, cset, ox + s / 2, oy + 0.84 * s, s, fg)
        return
    top = 0.22 if face.motorised else 0.27
    frame = (ox + 0.24 * s, oy + top * s, ox + 0.76 * s, oy + (top + 0.34) * s)
    inside = bg
    if cset.layout == "tornio" and (face.boxed or "support" in face.values):
        # Tornio 4.4.2: a Support Unit has "a darker color inside the Unit Type box"
        inside = _mix(bg, (0, 0, 0), SUPPORT_SHADE)
        draw.rectangle(frame, fill=inside)
    # Tornio 4.4.2: "the Added Unit Type Info (in gray color)" - the symbols after the main type (4.4.3)
    added = _mix(fg, (128, 128, 128), ADDED_TYPE_GREY) if cset.layout == "tornio" else None
    draw_symbol(draw, frame, face.symbols, fg, inside, modifier_fg=added)
    draw_size(draw, ox + s / 2, oy + (top - 0.045) * s, 0.085 * s, face.size, fg)
    if face.motorised:
        draw_motorised(draw, frame, face.motorised, fg)
    if face.designation:
        _draw_vertical(draw, face.designation, ox + 0.88 * s, (frame[1] + frame[3]) / 2, 0.1 * s, 0.4 * s, fg)
    if face.identification:
        _draw_vertical(draw, face.identification, ox + 0.12 * s, (frame[1] + frame[3]) / 2, 0.085 * s, 0.42 * s,
                       _mix(fg, bg, 0.25))
    if face.label:
        text_centered(draw, ox + s / 2, oy + 0.09 * s, face.label, 0.07 * s, fg, max_width=0.7 * s)
    if face.values:
        y = oy + (0.845 if face.motorised else 0.83) * s
        _draw_values(draw, face, cset, ox + s / 2, y, s, fg)


def _draw_label(draw: Drawing, label: str, ox: float, oy: float, s: float,
                fg: tuple[int, int, int]) -> None:
    lines = label.split("\n")
    height = min(0.2, 0.55 / len(lines)) * s
    top = oy + 0.42 * s - (len(lines) - 1) * height * 0.75
    for i, line in enumerate(lines):
        text_centered(draw, ox + s / 2, top + i * height * 1.5, line, height, fg, max_width=0.86 * s)


def _draw_vertical(draw: Drawing, text: str, cx: float, cy: float, height: float, max_len: float,
                   fg: tuple[int, int, int]) -> None:
    """Text turned 90° anticlockwise (read from below), centred on (cx, cy)."""
    text = printable(text)
    f = font(height / CAP_HEIGHT, "semibold")
    width = draw.textlength(text, font=f)
    if width > max_len:
        f = font(height / CAP_HEIGHT * max_len / width, "semibold")
        width = max_len
    if isinstance(draw, VectorDraw):
        draw.text((cx, cy), text, font=f, fill=fg, anchor="mm", rotate=90)
        return
    pad = round(height)
    tile = Image.new("L", (math.ceil(width) + 2 * pad, math.ceil(height * 2.2) + 2 * pad), 0)
    ImageDraw.Draw(tile).text((tile.width / 2, tile.height / 2), text, font=f, fill=255, anchor="mm")
    tile = tile.rotate(90, expand=True)
    # the rotated text as a mask painted in fg (Pillow's public bitmap: the same blend as pasting fg through it)
    draw.bitmap((round(cx - tile.width / 2), round(cy - tile.height / 2)), tile, fill=fg)


def _value_tokens(face: Face, cset: CounterSet) -> list[tuple[str, str]]:
    """(text, value name) pairs in printed order, with "-" separators (name "")."""
    tokens: list[tuple[str, str]] = []
    for name in cset.value_names:
        if name not in face.values or name in cset.top_left:
            continue
        if tokens:
            tokens.append(("-", ""))
        tokens.append((printable(format_value(face.values[name], cset.half_mark)), name))
    return tokens


def _draw_values(draw: Drawing, face: Face, cset: CounterSet, cx: float, cy: float, s: float,
                 fg: tuple[int, int, int]) -> None:
    tokens = _value_tokens(face, cset)
    if not tokens:
        return
    cap = 0.17 * s
    f = font(cap / CAP_HEIGHT, "bold")
    widths = [draw.textlength(t, font=f) for t, _ in tokens]
    pad = 0.05 * s
    widths = [w + (2 * pad if name in face.boxed else 0) for w, (_, name) in zip(widths, tokens)]
    total = sum(widths)
    limit = 0.9 * s
    if total > limit:
        f = font(cap / CAP_HEIGHT * limit / total, "bold")
        cap *= limit / total
        pad *= limit / total
        widths = [draw.textlength(t, font=f) + (2 * pad if name in face.boxed else 0) for t, name in tokens]
        total = sum(widths)
    lw = max(1, round(0.022 * s))
    x = cx - total / 2
    moving = "movement" in face.values
    for (text, name), width in zip(tokens, widths):
        mid = x + width / 2
        draw.text((mid, cy), text, font=f, fill=fg, anchor="mm")
        if name in face.boxed:
            draw.rectangle((x + pad / 3, cy - cap * 0.5 - pad * 0.8, x + width - pad / 3, cy + cap * 0.5 + pad * 0.8),
                           outline=fg, width=lw)
        if face.motorised and name == ("movement" if moving else cset.value_names[-1]):
            y = cy + cap * 0.5 + 0.04 * s
            draw.rectangle((x, y, x + width, y + lw), fill=fg)
        x += width


def write_counter_pngs(cset: CounterSet, out_dir: str | Path, px: int = 300, bleed_px: int = 0) -> list[Path]:
    """Every counter type's front and back as ``<id>-front.png`` / ``<id>-back.png`` in ``out_dir``."""
    folder = ensure_folder(out_dir)
    written: list[Path] = []
    for ct in cset:
        for which in ("front", "back"):
            path = folder / f"{ct.id}-{which}.png"
            image = render_face(cset, ct, which, px, bleed_px)
            with atomic_open(path, "wb") as handle:
                image.save(handle, format="PNG", optimize=False)
            written.append(path)
    return written


def contact_sheet(cset: CounterSet, px: int = 120, columns: int = 8) -> Image.Image:
    """Every counter type, front above back, labelled with its id and count: a proof to look at."""
    types = list(cset)
    cell_w, cell_h = px + 16, 2 * px + 40
    rows = max(1, math.ceil(len(types) / columns))
    sheet = Image.new("RGB", (columns * cell_w + 8, rows * cell_h + 8), (255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    label_font = font(11)
    for i, ct in enumerate(types):
        x = 8 + (i % columns) * cell_w
        y = 8 + (i // columns) * cell_h
        for j, which in enumerate(("front", "back")):
            sheet.paste(render_face(cset, ct, which, px), (x, y + j * (px + 4)))
            draw.rectangle((x - 1, y + j * (px + 4) - 1, x + px, y + j * (px + 4) + px), outline=(160, 160, 160))
        draw.text((x, y + 2 * px + 10), printable(f"{ct.id} x{ct.count}"), font=label_font, fill=(0, 0, 0))
    return sheet
