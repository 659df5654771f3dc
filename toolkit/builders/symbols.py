"""NATO-style unit symbols, size marks and motorised markings, drawn as vector shapes.

Everything is drawn in a frame box through Pillow's ``ImageDraw`` calls: on a (supersampled) image,
which the caller shrinks afterwards so lines come out anti-aliased and crisp at any size (the PNGs), or
on a :class:`~.vector.VectorDraw`, which writes the same shapes as PDF paths (the print sheets). The shapes follow
APP-6 / wargame convention where one exists (infantry X, cavalry diagonal, armour track, artillery
dot, engineer "bridge", anti-tank chevron, anti-aircraft dome, mountain triangle, ski, airborne
canopy, amphibious wave, mortar, rocket, supply bar); types with no APP-6 land symbol use the usual
wargame letters (NKVD, HQ, replacement "R", jäger "J", border guard "BG").
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from ..fonts import CAP_HEIGHT, Weight, font, printable
from .vector import Drawing, VectorDraw

__all__ = ["SYMBOL_DRAWERS", "draw_motorised", "draw_size", "draw_symbol", "symbol_names"]

Box = tuple[float, float, float, float]
Colour = str | tuple[int, int, int]


def text_centered(draw: Drawing, cx: float, cy: float, text: str, height: float, fill: Colour,
                  bold: bool = True, max_width: float | None = None) -> None:
    """Draw ``text`` with its ink box centred on (cx, cy), cap height about ``height`` pixels."""
    size = height / CAP_HEIGHT
    weight: Weight = "bold" if bold else "regular"
    f = font(size, weight)
    text = printable(text)
    if max_width is not None:
        width = draw.textlength(text, font=f)
        if width > max_width > 0:
            f = font(size * max_width / width, weight)
    draw.text((cx, cy), text, font=f, fill=fill, anchor="mm")


def _lw(box: Box) -> int:
    return max(1, round((box[3] - box[1]) * 0.07))


def _infantry(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w = _lw(b)
    d.line([(b[0], b[1]), (b[2], b[3])], fill=fg, width=w)
    d.line([(b[0], b[3]), (b[2], b[1])], fill=fg, width=w)


def _cavalry(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    d.line([(b[0], b[3]), (b[2], b[1])], fill=fg, width=_lw(b))


def _stadium(d: Drawing, box: Box, fg: Colour, width: int, fill: Colour | None = None) -> None:
    radius = (box[3] - box[1]) / 2
    d.rounded_rectangle(box, radius=radius, outline=fg, width=width, fill=fill)


def _armour(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    _stadium(d, (b[0] + 0.17 * w, b[1] + 0.25 * h, b[2] - 0.17 * w, b[3] - 0.25 * h), fg, _lw(b))


def _mechanised(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _infantry(d, b, fg, bg)
    _armour(d, b, fg, bg)


def _dot(d: Drawing, cx: float, cy: float, r: float, fg: Colour) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fg)


def _artillery(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    h = b[3] - b[1]
    _dot(d, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, 0.17 * h, fg)


def _haloed(draw_mark: Callable[[Colour, int], None], b: Box, fg: Colour, bg: Colour) -> None:
    """Draw a modifier twice: first wide in the background colour (a knock-out halo, so the lines it
    crosses stop short of it, as on a printed counter), then in the ink colour."""
    lw = _lw(b)
    draw_mark(bg, 3 * lw)
    draw_mark(fg, lw)


def _ski_mark(d: Drawing, b: Box, colour: Colour, lw: int) -> None:
    """A ski: a runner along the bottom with its tip curled up (APP-6 'arctic')."""
    w, h = b[2] - b[0], b[3] - b[1]
    y = b[3] - 0.2 * h
    x0, x1 = b[0] + 0.25 * w, b[2] - 0.32 * w
    r = 0.14 * h
    d.line([(x0, y), (x1, y)], fill=colour, width=lw)
    d.arc((x1 - r, y - 2 * r, x1 + r, y), start=0, end=90, fill=colour, width=lw)
    d.ellipse((x1 + r - lw / 2, y - r - lw / 2, x1 + r + lw / 2, y - r + lw / 2), fill=colour)


def _ski(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _infantry(d, b, fg, bg)
    _haloed(lambda colour, lw: _ski_mark(d, b, colour, lw), b, fg, bg)


def _mountain(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    cx = (b[0] + b[2]) / 2
    d.polygon([(cx - 0.14 * w, b[3]), (cx + 0.14 * w, b[3]), (cx, b[3] - 0.36 * h)], fill=fg)


def _engineer(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    lw = _lw(b)
    x0, x1 = b[0] + 0.25 * w, b[2] - 0.25 * w
    y0, y1 = b[1] + 0.33 * h, b[3] - 0.3 * h
    d.line([(x0, y0), (x1, y0)], fill=fg, width=lw)
    for x in (x0 + lw / 2, (x0 + x1) / 2, x1 - lw / 2):
        d.line([(x, y0), (x, y1)], fill=fg, width=lw)


def _letters(text: str, scale: float = 0.5) -> Callable[[Drawing, Box, Colour, Colour], None]:
    def draw(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
        w, h = b[2] - b[0], b[3] - b[1]
        text_centered(d, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, text, scale * h, fg, max_width=0.84 * w)
    return draw


def _headquarters(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _letters("HQ", 0.55)(d, b, fg, bg)


def _border_guard(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _infantry(d, b, fg, bg)
    w, h = b[2] - b[0], b[3] - b[1]
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    d.rectangle((cx - 0.2 * w, cy - 0.24 * h, cx + 0.2 * w, cy + 0.24 * h), fill=bg)
    text_centered(d, cx, cy, "BG", 0.36 * h, fg, max_width=0.38 * w)


def _nkvd(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _letters("NKVD", 0.42)(d, b, fg, bg)


def _canopy(d: Drawing, b: Box, colour: Colour, lw: int) -> None:
    """The airborne canopy (APP-6): two arcs side by side, open downwards, on the bottom of the frame."""
    w, h = b[2] - b[0], b[3] - b[1]
    cx, y = (b[0] + b[2]) / 2, b[3] - 0.5 * _lw(b)
    r = min(0.12 * w, 0.26 * h)
    for x in (cx - r, cx + r):
        d.arc((x - r, y - r, x + r, y + r), start=180, end=360, fill=colour, width=lw)


def _paratroop(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _infantry(d, b, fg, bg)
    _haloed(lambda colour, lw: _canopy(d, b, colour, lw), b, fg, bg)


def _marine(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    """Infantry with the amphibious wave across the bottom of the frame."""
    _infantry(d, b, fg, bg)
    w, h = b[2] - b[0], b[3] - b[1]
    x0, x1, y = b[0] + 0.22 * w, b[2] - 0.22 * w, b[3] - 0.2 * h
    pts = [(x0 + t / 40 * (x1 - x0), y + 0.07 * h * math.sin(t / 40 * 4 * math.pi)) for t in range(41)]
    _haloed(lambda colour, lw: d.line(pts, fill=colour, width=lw, joint="curve"), b, fg, bg)


def _dome(d: Drawing, b: Box, fg: Colour) -> None:
    h = b[3] - b[1]
    lw = _lw(b)
    d.arc((b[0] + lw / 2, b[3] - 0.55 * h, b[2] - lw / 2, b[3] + 0.55 * h), start=180, end=360, fill=fg, width=lw)


def _anti_aircraft(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _dome(d, b, fg)


def _heavy_anti_aircraft(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _dome(d, b, fg)
    h = b[3] - b[1]
    _dot(d, (b[0] + b[2]) / 2, b[3] - 0.22 * h, 0.12 * h, fg)


def _anti_tank(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    lw = _lw(b)
    d.line([(b[0], b[3]), ((b[0] + b[2]) / 2, b[1] + lw / 2), (b[2], b[3])], fill=fg, width=lw, joint="curve")


def _arrow_up(d: Drawing, cx: float, y_top: float, y_bottom: float, head: float, fg: Colour,
              lw: int) -> None:
    d.line([(cx, y_bottom), (cx, y_top + head * 0.8)], fill=fg, width=lw)
    d.polygon([(cx, y_top), (cx - head * 0.6, y_top + head), (cx + head * 0.6, y_top + head)], fill=fg)


def _machine_gun(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    """An upward arrow with a cross-bar at its foot (the wargame MG mark), in the top centre."""
    w, h = b[2] - b[0], b[3] - b[1]
    cx, lw = (b[0] + b[2]) / 2, _lw(b)
    top, bottom = b[1] + 0.1 * h, b[1] + 0.5 * h
    d.rectangle((cx - 0.12 * w, top - lw, cx + 0.12 * w, bottom + lw), fill=bg)
    _arrow_up(d, cx, top, bottom, 0.16 * h, fg, lw)
    d.line([(cx - 0.09 * w, bottom), (cx + 0.09 * w, bottom)], fill=fg, width=lw)


def _recon(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _cavalry(d, b, fg, bg)


def _bicycle(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    """Infantry on a bicycle: two wheels joined by a frame bar at the bottom of the frame."""
    _infantry(d, b, fg, bg)
    w, h = b[2] - b[0], b[3] - b[1]
    cx, cy, r = (b[0] + b[2]) / 2, b[3] - 0.22 * h, 0.12 * h

    def mark(colour: Colour, lw: int) -> None:
        for x in (cx - 0.17 * w, cx + 0.17 * w):
            d.ellipse((x - r, cy - r, x + r, cy + r), outline=colour, width=lw, fill=bg)
        d.line([(cx - 0.17 * w + r, cy), (cx + 0.17 * w - r, cy)], fill=colour, width=lw)

    _haloed(mark, b, fg, bg)


def _jaeger(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _infantry(d, b, fg, bg)
    w, h = b[2] - b[0], b[3] - b[1]
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    d.rectangle((cx - 0.14 * w, cy - 0.26 * h, cx + 0.14 * w, cy + 0.26 * h), fill=bg)
    text_centered(d, cx, cy, "J", 0.4 * h, fg)


def _replacement(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _letters("R", 0.55)(d, b, fg, bg)


def _supply(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    h = b[3] - b[1]
    y = b[3] - 0.3 * h
    d.line([(b[0], y), (b[2], y)], fill=fg, width=_lw(b))
    text_centered(d, (b[0] + b[2]) / 2, b[1] + 0.36 * h, "N", 0.36 * h, fg)


def _mortar(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    h = b[3] - b[1]
    cx, lw = (b[0] + b[2]) / 2, _lw(b)
    r = 0.1 * h
    cy = b[3] - 0.2 * h
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fg, width=lw)
    _arrow_up(d, cx, b[1] + 0.12 * h, cy - r, 0.2 * h, fg, lw)


def _rocket(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    cx, lw = (b[0] + b[2]) / 2, _lw(b)
    _dot(d, cx, b[3] - 0.28 * h, 0.13 * h, fg)
    for y in (b[1] + 0.16 * h, b[1] + 0.36 * h):
        d.line([(cx - 0.14 * w, y + 0.16 * h), (cx, y), (cx + 0.14 * w, y + 0.16 * h)], fill=fg, width=lw,
               joint="curve")


def _partisan(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    _letters("P", 0.55)(d, b, fg, bg)


def _fortification(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    y0, y1 = b[1] + 0.35 * h, b[1] + 0.6 * h
    xs = [b[0] + 0.15 * w + i * 0.14 * w for i in range(6)]
    pts: list[tuple[float, float]] = []
    for i, x in enumerate(xs):
        y = y0 if i % 2 else y1
        pts += [(x, y), (x + 0.14 * w, y)]
    d.line(pts[:-1], fill=fg, width=_lw(b))


def _naval(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    cx, lw = (b[0] + b[2]) / 2, _lw(b)
    d.line([(cx, b[1] + 0.15 * h), (cx, b[3] - 0.15 * h)], fill=fg, width=lw)
    d.line([(cx - 0.1 * w, b[1] + 0.3 * h), (cx + 0.1 * w, b[1] + 0.3 * h)], fill=fg, width=lw)
    d.arc((cx - 0.18 * w, b[3] - 0.5 * h, cx + 0.18 * w, b[3] - 0.15 * h), start=0, end=180, fill=fg, width=lw)


def _air(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    cx, cy, lw = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, _lw(b)
    r = 0.17 * w
    d.ellipse((cx - 2 * r, cy - 0.22 * h, cx, cy + 0.22 * h), outline=fg, width=lw)
    d.ellipse((cx, cy - 0.22 * h, cx + 2 * r, cy + 0.22 * h), outline=fg, width=lw)


def _nothing(d: Drawing, b: Box, fg: Colour, bg: Colour) -> None:
    return None


SYMBOL_DRAWERS: dict[str, Callable[[Drawing, Box, Colour, Colour], None]] = {
    "infantry": _infantry, "cavalry": _cavalry, "armour": _armour, "mechanised": _mechanised,
    "artillery": _artillery, "ski": _ski, "mountain": _mountain, "engineer": _engineer,
    "headquarters": _headquarters, "border_guard": _border_guard, "nkvd": _nkvd, "paratroop": _paratroop,
    "marine": _marine, "anti_aircraft": _anti_aircraft, "heavy_anti_aircraft": _heavy_anti_aircraft,
    "anti_tank": _anti_tank, "machine_gun": _machine_gun, "recon": _recon, "bicycle": _bicycle,
    "jaeger": _jaeger, "replacement": _replacement, "supply": _supply, "mortar": _mortar, "rocket": _rocket,
    "partisan": _partisan, "fortification": _fortification, "naval": _naval, "air": _air,
    "blank": _nothing, "marker": _nothing,
}


def symbol_names() -> tuple[str, ...]:
    """Every unit type with a drawer."""
    return tuple(SYMBOL_DRAWERS)


def draw_symbol(draw: Drawing, box: Box, symbols: tuple[str, ...], fg: Colour, bg: Colour,
                frame: bool = True, modifier_fg: Colour | None = None) -> None:
    """The frame and the symbols (drawn in order, so a modifier comes after the main type).

    ``modifier_fg`` colours every symbol after the first (Tornio '44 prints the added unit type, e.g.
    the machine gun or mountain mark, in grey). The symbols are clipped to the frame (on an image: drawn on a
    copy of the frame's area and pasted back), so thick diagonal strokes do not poke out past its corners.
    """
    colours = [fg if i == 0 or modifier_fg is None else modifier_fg for i in range(len(symbols))]
    if isinstance(draw, VectorDraw):
        with draw.clip(box):
            for name, colour in zip(symbols, colours):
                SYMBOL_DRAWERS[name](draw, box, colour, bg)
    else:
        image = draw._image  # the image this ImageDraw paints on
        x0, y0 = math.floor(box[0]), math.floor(box[1])
        x1, y1 = math.ceil(box[2]) + 1, math.ceil(box[3]) + 1
        tile = image.crop((x0, y0, x1, y1))
        tile_draw = ImageDraw.Draw(tile)
        local = (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0)
        for name, colour in zip(symbols, colours):
            SYMBOL_DRAWERS[name](tile_draw, local, colour, bg)
        image.paste(tile, (x0, y0))
    if frame:
        lw = _lw(box)
        draw.rectangle(box, outline=fg, width=lw)


def draw_size(draw: Drawing, cx: float, bottom: float, height: float, size: str, fg: Colour) -> None:
    """A size mark (XXX, III, ••) centred on ``cx`` sitting on ``bottom``, ``height`` pixels tall."""
    if not size:
        return
    lw = max(1, round(height * 0.2))
    widths = {"X": height * 0.8, "I": lw, "•": height * 0.85}
    gap = height * (0.55 if "•" in size else 0.3)
    total = sum(widths[c] for c in size) + gap * (len(size) - 1)
    x = cx - total / 2
    top = bottom - height
    for c in size:
        wdt = widths[c]
        if c == "X":
            draw.line([(x, top), (x + wdt, bottom)], fill=fg, width=lw)
            draw.line([(x, bottom), (x + wdt, top)], fill=fg, width=lw)
        elif c == "I":
            draw.rectangle((x, top, x + wdt, bottom), fill=fg)
        else:
            _dot(draw, x + wdt / 2, top + height / 2, wdt / 2, fg)
        x += wdt + gap


def draw_motorised(draw: Drawing, box: Box, kind: str, fg: Colour) -> float:
    """Wheels, a track or a half-track under the frame; returns the bottom of the marking."""
    w, h = box[2] - box[0], box[3] - box[1]
    lw = _lw(box)
    cx = (box[0] + box[2]) / 2
    top = box[3] + 0.08 * h
    mh = 0.22 * h
    if kind == "wheels":
        r = mh / 2
        for x in (cx - 0.22 * w, cx + 0.22 * w):
            draw.ellipse((x - r, top, x + r, top + mh), outline=fg, width=lw)
    elif kind == "track":
        _stadium(draw, (box[0] + 0.12 * w, top, box[2] - 0.12 * w, top + mh), fg, lw)
    else:  # halftrack: a wheel in front of a short track
        r = mh / 2
        draw.ellipse((box[0] + 0.12 * w, top, box[0] + 0.12 * w + mh, top + mh), outline=fg, width=lw)
        _stadium(draw, (cx - 0.1 * w, top, box[2] - 0.12 * w, top + mh), fg, lw)
    return top + mh
