"""Player aid cards: chart tables (CRT, terrain effects, turn record, victory points, sequence of play,
scenario and event tables) laid out like a published player aid, as PNG images and a PDF.

The input is a list of :class:`ChartTable` - a small generic format a game exposes (``GAME.charts()``)
or a file gives: a title, column headings, rows of text cells, notes, and optional styling hints. ::

    ChartTable(title="Combat Results Table", source="Combat (rulebook)", kind="crt",
               columns=("Die", "1-4", "1-3", ...), rows=(("1", "Ae", "Ae", ...), ...),
               notes=("Ae: attacker eliminated", ...), cell_colours={"Ae": "#f3c6c0", "De": "#c8e6c0"})

Cells may hold line breaks; long cells wrap to the column width. A table taller than a card is
split over several cards with its heading repeated.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from ..errors import DataFileError, InputError
from ..fileio import atomic_open, atomic_write, ensure_folder
from ..fonts import font, printable
from ..terrain.colour import hex_to_rgb
from .pdf import MM
from .vector import VectorDraw, new_canvas

__all__ = ["CARD_SIZES", "AidStyle", "ChartTable", "Swatch", "aids_pdf", "build_aids", "natural_width", "render_cards",
           "render_table", "terrain_swatches", "with_terrain_swatches",
           "write_aids"]

CARD_SIZES: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4),
                                              "a5": (148.0, 210.0), "card": (127.0, 203.2)}
KINDS = ("table", "crt", "terrain", "turns", "victory", "sequence", "events", "forces")


SWATCH_MARKS = ("", "line", "dashed", "edge", "sawtooth", "square", "ring", "hatch")


@dataclass(frozen=True)
class Swatch:
    """A small hex drawn before a row label (a Terrain Effects Chart's terrain): the hex's ``fill`` and a
    ``mark`` in ``colour`` - "line" (a road or rail through it), "dashed" (a border), "edge" (a hexside
    feature on its lower side), "sawtooth" (a fortification line), "square" (a city), "ring" (a supply
    city), "hatch" (ice), or "" (the fill only). Colours are #rrggbb."""

    fill: str
    mark: str = ""
    colour: str = ""

    def __post_init__(self) -> None:
        if self.mark not in SWATCH_MARKS:
            raise InputError(f"unknown swatch mark {self.mark!r} (known: {', '.join(m for m in SWATCH_MARKS if m)})")
        for colour in (self.fill, self.colour):
            if colour:
                hex_to_rgb(colour)


@dataclass(frozen=True)
class ChartTable:
    """One chart: what a game exposes for its player aids."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    source: str = ""                   # the rulebook section, printed under the title
    kind: str = "table"                # a styling hint: see KINDS
    cell_colours: Mapping[str, str] = field(default_factory=dict)  # cell text (or its first word) -> #rrggbb
    first_column_header: bool = True   # shade the first column like the heading (row labels)
    swatches: Mapping[str, Swatch] = field(default_factory=dict)  # row label -> a swatch printed before it

    def __post_init__(self) -> None:
        if not self.title:
            raise InputError("chart table without a title")
        if not self.columns:
            raise InputError(f"chart {self.title!r} has no columns")
        for i, row in enumerate(self.rows, start=1):
            if len(row) != len(self.columns):
                raise InputError(f"chart {self.title!r} row {i} has {len(row)} cells for {len(self.columns)} columns")
        if self.kind not in KINDS:
            raise InputError(f"chart {self.title!r}: unknown kind {self.kind!r} (known: {', '.join(KINDS)})")

    @classmethod
    def make(cls, title: str, columns: Sequence[Any], rows: Iterable[Sequence[Any]], notes: Iterable[str] = (),
             **options: Any) -> ChartTable:
        """Build from any sequences; cells become text (None -> "—")."""
        return cls(title=title, columns=tuple(str(c) for c in columns),
                   rows=tuple(tuple("—" if c is None else str(c) for c in row) for row in rows),
                   notes=tuple(notes), **options)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<charts>") -> ChartTable:
        """From a mapping with title, columns, rows and optional notes/source/kind/cell_colours."""
        try:
            return cls.make(data["title"], data["columns"], data.get("rows", ()), data.get("notes", ()),
                            source=str(data.get("source", "")), kind=str(data.get("kind", "table")),
                            cell_colours=dict(data.get("cell_colours", {})),
                            first_column_header=bool(data.get("first_column_header", True)),
                            swatches={str(k): Swatch(**v) for k, v in dict(data.get("swatches", {})).items()})
        except (KeyError, TypeError) as exc:
            raise DataFileError(f"bad chart table ({exc})", source) from None
        except InputError as exc:
            raise DataFileError(str(exc), source) from None

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "source": self.source, "kind": self.kind, "columns": list(self.columns),
                "rows": [list(r) for r in self.rows], "notes": list(self.notes),
                "cell_colours": dict(self.cell_colours), "first_column_header": self.first_column_header,
                **({"swatches": {k: {"fill": v.fill, "mark": v.mark, "colour": v.colour}
                                 for k, v in self.swatches.items()}} if self.swatches else {})}


@dataclass(frozen=True)
class AidStyle:
    """Look of the cards: sizes in points (1/72 in), colours #rrggbb."""

    dpi: int = 300
    card: str = "a4"
    landscape: bool = False
    margin_mm: float = 10.0
    body_pt: float = 8.0
    title_pt: float = 11.0
    note_pt: float = 6.5
    accent: str = "#2f4f2f"        # title bars and heading text
    heading_fill: str = "#dfe6d8"
    stripe_fill: str = "#f3f5f0"
    rule: str = "#7a8a78"
    game_title: str = ""

    def card_size(self) -> tuple[float, float]:
        if self.card not in CARD_SIZES:
            raise InputError(f"unknown card size {self.card!r} (known: {', '.join(CARD_SIZES)})")
        w, h = CARD_SIZES[self.card]
        return (h, w) if self.landscape else (w, h)

    def px(self, pt: float) -> int:
        return max(1, round(pt / 72 * self.dpi))


def _wrap(draw: ImageDraw.ImageDraw, text: str, f: Any, width: float) -> list[str]:
    text = printable(text)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = word if not line else f"{line} {word}"
            if draw.textlength(candidate, font=f) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _natural_widths(draw: ImageDraw.ImageDraw, table: ChartTable, f: Any, fb: Any, pad: float
                    ) -> tuple[list[float], list[float]]:
    """Each column's width on one line, and its narrowest (the longest word), padding included."""
    n = len(table.columns)
    natural = [0.0] * n
    minimum = [0.0] * n
    for i in range(n):
        cells = [(table.columns[i], fb)] + [(row[i], fb if i == 0 and table.first_column_header else f)
                                            for row in table.rows]
        for text, face in cells:
            extra = _swatch_room(face) if i == 0 and text in table.swatches else 0.0
            for part in printable(text).split("\n"):
                natural[i] = max(natural[i], draw.textlength(part, font=face) + 2 * pad + extra)
                for word in part.split(" "):
                    minimum[i] = max(minimum[i], draw.textlength(word, font=face) + 2 * pad + extra)
    if table.kind == "crt" and n > 2:  # odds columns all the same width, as printed
        natural[1:] = [max(natural[1:])] * (n - 1)
        minimum[1:] = [max(minimum[1:])] * (n - 1)
    return natural, minimum


def _swatch_room(face: Any) -> float:
    """Width a swatch takes before its label (the hex and a gap), for the label's font."""
    return face.size * 1.9


def natural_width(table: ChartTable, style: AidStyle) -> int:
    """The width (pixels at ``style.dpi``) a table needs to print every cell and its title on one line."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    body = style.px(style.body_pt)
    f, fb = font(body), font(body, "bold")
    pad = body * 0.45
    cells = sum(_natural_widths(probe, table, f, fb, pad)[0])
    title = probe.textlength(printable(table.title), font=font(style.px(style.title_pt), "bold")) + 3 * pad
    source = probe.textlength(printable(table.source), font=font(style.px(style.note_pt))) + 2 * pad
    return round(max(cells, title, source))


def _column_widths(draw: ImageDraw.ImageDraw, table: ChartTable, f: Any, fb: Any, avail: float, pad: float
                   ) -> list[float]:
    n = len(table.columns)
    natural, minimum = _natural_widths(draw, table, f, fb, pad)
    if sum(natural) <= avail:
        extra = avail - sum(natural)
        return [w + extra * w / sum(natural) for w in natural]
    widths = list(natural)
    # shrink the widest columns towards their longest word until the table fits
    for _ in range(60):
        over = sum(widths) - avail
        if over <= 0.5:
            break
        shrinkable = [i for i in range(n) if widths[i] > minimum[i] + 0.5]
        if not shrinkable:
            break
        target = max(widths[i] for i in shrinkable)
        tops = [i for i in shrinkable if widths[i] >= target - 0.5]
        second = max([widths[i] for i in shrinkable if i not in tops] + [0.0])
        step = min(over / len(tops), target - max(second, max(minimum[i] for i in tops)))
        step = max(step, 0.5)
        for i in tops:
            widths[i] = max(minimum[i], widths[i] - step)
    if sum(widths) > avail:  # words too long: scale everything (text may touch the rules)
        widths = [w * avail / sum(widths) for w in widths]
    return widths


class _TableLayout:
    """One table measured for a width (pixels at the style's dpi): its height, and how to draw it with any
    ``ImageDraw``-like object (Pillow for the PNG, :class:`VectorDraw` for the PDF) at an offset."""

    def __init__(self, table: ChartTable, style: AidStyle, width_px: int) -> None:
        probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
        body = style.px(style.body_pt)
        self.table, self.style, self.width = table, style, width_px
        self.f, self.fb = font(body), font(body, "bold")
        self.ft, self.fn = font(style.px(style.title_pt), "bold"), font(style.px(style.note_pt))
        self.pad = pad = body * 0.45
        self.line_h = body * 1.25
        f, fb, fn = self.f, self.fb, self.fn
        self.widths = widths = _column_widths(probe, table, f, fb, width_px, pad)
        self.wrapped_head = [_wrap(probe, c, fb, w - 2 * pad) for c, w in zip(table.columns, widths)]
        label_font = fb if table.first_column_header else f
        self.wrapped_rows = [[_wrap(probe, c, f, w - 2 * pad - (_swatch_room(label_font) if i == 0 and c in
                                                                 table.swatches else 0))
                              for i, (c, w) in enumerate(zip(row, widths))] for row in table.rows]
        self.title_h = style.px(style.title_pt) * 1.7
        self.source_h = fn.size * 1.5 if table.source else 0
        self.head_h = max(len(c) for c in self.wrapped_head) * self.line_h + 2 * pad
        self.row_hs = [max(len(c) for c in row) * self.line_h + 2 * pad for row in self.wrapped_rows]
        self.note_lines = [line for note in table.notes for line in _wrap(probe, note, fn, width_px - 2 * pad)]
        notes_h = (len(self.note_lines) * fn.size * 1.3 + pad) if self.note_lines else 0
        self.height = round(self.title_h + self.source_h + self.head_h + sum(self.row_hs) + notes_h + pad)

    def draw(self, d: Any, ox: float = 0, oy: float = 0) -> None:
        table, style, width_px, pad, line_h = self.table, self.style, self.width, self.pad, self.line_h
        f, fb, ft, fn = self.f, self.fb, self.ft, self.fn
        body = style.px(style.body_pt)
        accent, rule = hex_to_rgb(style.accent), hex_to_rgb(style.rule)
        right = ox + width_px - 1
        d.rectangle((ox, oy, right, oy + self.title_h), fill=accent)
        d.text((ox + pad * 1.5, oy + self.title_h / 2), printable(table.title), font=ft, fill=(255, 255, 255),
               anchor="lm")
        y = oy + self.title_h
        if table.source:
            d.text((ox + width_px - pad, y + self.source_h / 2), printable(table.source), font=fn, fill=rule,
                   anchor="rm")
        y += self.source_h
        top = y
        xs = [float(ox)]
        for w in self.widths:
            xs.append(xs[-1] + w)
        head_h = self.head_h
        d.rectangle((ox, y, right, y + head_h), fill=hex_to_rgb(style.heading_fill))
        # short cells are centred under a centred heading; a column of running text is set flush left,
        # heading included
        centred = [all(len(row[i]) <= 12 and "\n" not in row[i] for row in table.rows) for i in range(len(self.widths))]
        for i, lines in enumerate(self.wrapped_head):
            _cell(d, lines, xs[i], xs[i + 1], y, head_h, fb, accent, line_h, center=centred[i])
        y += head_h
        head_bottom = y
        row_bottoms: list[float] = []
        colours = {k: hex_to_rgb(v) for k, v in table.cell_colours.items()}
        for r, (lines_row, row, rh) in enumerate(zip(self.wrapped_rows, table.rows, self.row_hs)):
            if r % 2 == 1:
                d.rectangle((ox, y, right, y + rh), fill=hex_to_rgb(style.stripe_fill))
            for i, (lines, text) in enumerate(zip(lines_row, row)):
                fill = colours.get(text) or colours.get(text.split(" ")[0].split("(")[0]) if text else None
                if i == 0 and table.first_column_header:
                    fill = fill or hex_to_rgb(style.heading_fill)
                if fill:
                    d.rectangle((xs[i], y, xs[i + 1], y + rh), fill=fill)
                head = i == 0 and table.first_column_header
                x0 = xs[i]
                swatch = table.swatches.get(text) if i == 0 else None
                if swatch is not None:
                    room = _swatch_room(fb if head else f)
                    size = (fb if head else f).size
                    _draw_swatch(d, swatch, x0 + pad + size * 0.75, y + rh / 2, size * 0.75, style)
                    x0 += room
                _cell(d, lines, x0, xs[i + 1], y, rh, fb if head else f, (0, 0, 0) if not head else accent,
                      line_h, center=centred[i] and swatch is None)
            y += rh
            row_bottoms.append(y)
        # the rules go on last, so no cell's fill hides them: hairlines between rows and columns (0.4 pt),
        # a heavier line under the heading and round the table
        hairline, heavy = style.px(0.4), max(style.px(0.4) + 1, round(body / 14))
        for rule_y in row_bottoms[:-1]:
            d.line((ox, rule_y, ox + width_px, rule_y), fill=rule, width=hairline)
        for x in xs[1:-1]:
            d.line((x, top, x, y), fill=rule, width=hairline)
        d.line((ox, head_bottom, ox + width_px, head_bottom), fill=accent, width=heavy)
        d.rectangle((ox, top, right, y), outline=accent, width=heavy)
        y += pad * 0.6
        for line in self.note_lines:
            d.text((ox + pad, y), line, font=fn, fill=(40, 40, 40), anchor="la")
            y += fn.size * 1.3


def _draw_swatch(d: Any, swatch: Swatch, cx: float, cy: float, r: float, style: AidStyle) -> None:
    """A flat-topped hex of circumradius ``r`` centred on (cx, cy), filled and marked as ``swatch`` says."""
    h = r * math.sqrt(3) / 2
    corners = [(cx + r, cy), (cx + r / 2, cy + h), (cx - r / 2, cy + h), (cx - r, cy), (cx - r / 2, cy - h),
               (cx + r / 2, cy - h)]
    d.polygon(corners, fill=hex_to_rgb(swatch.fill))
    colour = hex_to_rgb(swatch.colour) if swatch.colour else (0, 0, 0)
    w = max(1, round(r * 0.16))
    if swatch.mark == "line":
        d.line([(cx - r, cy), (cx + r, cy)], fill=colour, width=w)
    elif swatch.mark == "dashed":
        for k in range(4):
            x = cx - r + k * r / 2
            d.line([(x, cy), (x + r * 0.3, cy)], fill=colour, width=w)
    elif swatch.mark in ("edge", "sawtooth"):
        a, b = corners[1], corners[2]
        d.line([a, b], fill=colour, width=round(w * 1.4))
        if swatch.mark == "sawtooth":
            for k in range(3):
                x = b[0] + (k + 0.5) * (a[0] - b[0]) / 3
                d.polygon([(x - r * 0.13, a[1]), (x + r * 0.13, a[1]), (x, a[1] - r * 0.3)], fill=colour)
    elif swatch.mark == "square":
        q = r * 0.36
        d.rectangle((cx - q, cy - q, cx + q, cy + q), fill=colour, outline=(0, 0, 0), width=max(1, round(r * 0.06)))
    elif swatch.mark == "ring":
        q = r * 0.42
        d.ellipse((cx - q, cy - q, cx + q, cy + q), fill=colour, outline=(0, 0, 0), width=max(1, round(r * 0.06)))
        d.ellipse((cx - q * 0.45, cy - q * 0.45, cx + q * 0.45, cy + q * 0.45), fill=(255, 255, 255))
    elif swatch.mark == "hatch":
        for k in (-1, 0, 1):
            off = k * r * 0.4
            d.line([(cx - h * 0.55 + off, cy + h * 0.55), (cx + h * 0.55 + off, cy - h * 0.55)],
                   fill=colour, width=max(1, round(w * 0.8)))
    d.line(corners + corners[:1], fill=hex_to_rgb(style.rule), width=max(1, round(r * 0.07)), joint="curve")


def terrain_swatches(names: Iterable[str], tmap: Any, render_style: Any = None) -> dict[str, Swatch]:
    """Swatches for a Terrain Effects Chart's rows, taken from the map: a row naming a legend entry (by
    its key or label, any case, singular or plural, "... hex") gets that terrain's colour; a row naming a
    feature the board draws (road, rail, river/lake/sea hexside, border, fortification, city, supply city,
    ice) gets the board's colour for it (:class:`~toolkit.terrain.render.RenderStyle`) on the clear
    terrain's colour. Rows that name neither get no swatch."""
    from ..terrain.render import RenderStyle

    rs = render_style or RenderStyle()
    legend = getattr(tmap, "legend", {})

    def norm(text: str) -> str:
        words = "".join(c.lower() if c.isalnum() else " " for c in text).split()
        return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words)

    by_name: dict[str, Any] = {}
    for key, tt in legend.items():
        for alias in (key, getattr(tt, "label", ""), getattr(tt, "title", "")):
            if alias:
                by_name.setdefault(norm(alias), tt)
    plain = legend.get("clear") or next((t for t in legend.values() if not getattr(t, "water", False)), None)
    base = plain.color if plain is not None else rs.paper

    def under(tag: str) -> str:
        """The colour of the terrain most hexes tagged ``tag`` have (the clear colour when none are)."""
        try:
            found = list(tmap.find(tag=tag))
        except (AttributeError, TypeError, ValueError):
            return base
        counts = Counter(tmap.terrain(h) for h in found)
        return legend[counts.most_common(1)[0][0]].color if counts else base

    out: dict[str, Swatch] = {}
    for name in names:
        n = norm(name)
        tt = by_name.get(n) or by_name.get(n.removesuffix(" hex"))
        if tt is not None:
            out[name] = Swatch(tt.color)
            continue
        words = set(n.replace("railroad", "rail").replace("railway", "rail").split())
        if "hexside" in words and "river" in words:
            out[name] = Swatch(base, "edge", rs.river)
        elif "hexside" in words and words & {"lake", "sea", "coast"}:
            out[name] = Swatch(base, "edge", rs.water_line)
        elif "rail" in words:
            out[name] = Swatch(base, "line", rs.rail)
        elif "road" in words:
            out[name] = Swatch(base, "line", rs.road)
        elif "fortification" in words or "fort" in words:
            out[name] = Swatch(under("fortification"), "sawtooth", rs.fort)
        elif "supply" in words and "city" in words:
            out[name] = Swatch(under("supply_city"), "ring", rs.city)
        elif "city" in words:
            out[name] = Swatch(under("city"), "square", rs.city)
        elif "border" in words:
            out[name] = Swatch(base, "dashed", rs.border)
        elif "ice" in words:
            out[name] = Swatch(under("ice"), "hatch", "#ffffff")
    return out


def with_terrain_swatches(tables: Sequence[ChartTable], tmap: Any) -> list[ChartTable]:
    """``tables`` with each terrain chart (kind "terrain") given swatches from ``tmap`` (see
    :func:`terrain_swatches`) for its row labels; swatches a table already has are kept."""
    out = []
    for table in tables:
        if table.kind == "terrain" and tmap is not None:
            found = terrain_swatches([row[0] for row in table.rows], tmap)
            table = replace(table, swatches={**found, **table.swatches})
        out.append(table)
    return out


def render_table(table: ChartTable, style: AidStyle, width_px: int) -> Image.Image:
    """One table (title bar, heading, rows, notes) as an image ``width_px`` wide."""
    layout = _TableLayout(table, style, width_px)
    image = Image.new("RGB", (width_px, layout.height), (255, 255, 255))
    layout.draw(ImageDraw.Draw(image))
    return image


def _cell(d: ImageDraw.ImageDraw, lines: list[str], x0: float, x1: float, y: float, h: float, f: Any,
          fill: tuple[int, int, int], line_h: float, center: bool) -> None:
    total = len(lines) * line_h
    cy = y + (h - total) / 2 + line_h / 2
    pad = line_h * 0.36
    for line in lines:
        if center:
            d.text(((x0 + x1) / 2, cy), line, font=f, fill=fill, anchor="mm")
        else:
            d.text((x0 + pad, cy), line, font=f, fill=fill, anchor="lm")
        cy += line_h


@dataclass(frozen=True)
class _Card:
    """One card: its tables (measured) and where each goes, in pixels from the card's top-left corner."""

    number: int
    placed: tuple[tuple[_TableLayout, int, int], ...]


def _footer(style: AidStyle, number: int) -> str:
    return printable(f"{style.game_title} - player aid, card {number}" if style.game_title
                     else f"player aid, card {number}")


def _place(tables: Sequence[ChartTable], style: AidStyle) -> list[_Card]:
    """Lay the tables out on cards in the given order, top to bottom, a new card when one is full.

    A table that fits in half the card's width (every cell on one line) takes a half-width column, and
    two such tables in a row sit side by side, as on a printed player aid, instead of each being
    stretched across the card.
    """
    if not tables:
        raise InputError("no charts to lay out")
    w_mm, h_mm = style.card_size()
    width = round(w_mm / 25.4 * style.dpi)
    margin = round(style.margin_mm / 25.4 * style.dpi)
    gap = style.px(10)
    inner_w, inner_h = width - 2 * margin, round(h_mm / 25.4 * style.dpi) - 2 * margin - style.px(12)
    cards: list[list[tuple[_TableLayout, int, int]]] = []
    y = 0
    half_w = (inner_w - gap) // 2
    beside: tuple[int, int] | None = None  # (top, height) of a half-width table with room to its right
    for table in tables:
        half = natural_width(table, style) <= half_w
        for part in _split_to_fit(table, style, half_w if half else inner_w, inner_h):
            if half and beside is not None and cards and beside[0] + part.height <= inner_h:
                top = beside[0]
                cards[-1].append((part, margin + half_w + gap, margin + top))
                y = max(y, top + part.height + gap)
                beside = None
                continue
            if not cards or y + part.height > inner_h:
                cards.append([])
                y = 0
            cards[-1].append((part, margin, margin + y))
            beside = (y, part.height) if half else None
            y += part.height + gap
    return [_Card(n, tuple(placed)) for n, placed in enumerate(cards, start=1)]


def render_cards(tables: Sequence[ChartTable], style: AidStyle | None = None) -> list[Image.Image]:
    """The cards as images (see :func:`_place` for the layout)."""
    style = style or AidStyle()
    w_mm, h_mm = style.card_size()
    width, height = round(w_mm / 25.4 * style.dpi), round(h_mm / 25.4 * style.dpi)
    margin = round(style.margin_mm / 25.4 * style.dpi)
    images = []
    for card in _place(tables, style):
        image = Image.new("RGB", (width, height), (255, 255, 255))
        ImageDraw.Draw(image).text((width - margin, height - margin / 2), _footer(style, card.number),
                                   font=font(style.px(style.note_pt)), fill=hex_to_rgb(style.rule), anchor="rm")
        for part, x, y in card.placed:
            table = Image.new("RGB", (part.width, part.height), (255, 255, 255))
            part.draw(ImageDraw.Draw(table))
            image.paste(table, (x, y))
        images.append(image)
    return images


def _split_to_fit(table: ChartTable, style: AidStyle, width: int, height: int) -> list[_TableLayout]:
    layout = _TableLayout(table, style, width)
    if layout.height <= height or len(table.rows) <= 1:
        return [layout]
    # split the rows in two halves (recursively) and repeat the heading
    half = len(table.rows) // 2
    first = replace(table, rows=table.rows[:half], notes=())
    second = replace(table, title=table.title + " (continued)", rows=table.rows[half:])
    return _split_to_fit(first, style, width, height) + _split_to_fit(second, style, width, height)


def aids_pdf(tables: Sequence[ChartTable], style: AidStyle | None = None) -> bytes:
    """The cards as a vector PDF: filled and ruled paths, live text in the toolkit's typeface (embedded),
    the same layout as the images of :func:`render_cards`. The same tables give the same bytes."""
    style = style or AidStyle()
    w_mm, h_mm = style.card_size()
    w_pt, h_pt = w_mm * MM, h_mm * MM
    k = 72.0 / style.dpi  # points per layout pixel
    width, height = round(w_mm / 25.4 * style.dpi), round(h_mm / 25.4 * style.dpi)
    margin = round(style.margin_mm / 25.4 * style.dpi)
    out = io.BytesIO()
    canvas = new_canvas(out, w_pt, h_pt, title=f"{style.game_title} player aids".strip())
    for card in _place(tables, style):
        with VectorDraw(canvas, h_pt, unit=w_pt / width) as d:
            d.text((width - margin, height - margin / 2), _footer(style, card.number),
                   font=font(style.px(style.note_pt)), fill=hex_to_rgb(style.rule), anchor="rm")
        for part, x, y in card.placed:
            with VectorDraw(canvas, h_pt, origin=(x * k, y * k), unit=k) as d:
                part.draw(d)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def build_aids(tables: Sequence[ChartTable], style: AidStyle | None = None) -> tuple[bytes, list[Image.Image]]:
    """The cards as a vector PDF (:func:`aids_pdf`) and as images (:func:`render_cards`)."""
    style = style or AidStyle()
    return aids_pdf(tables, style), render_cards(tables, style)


def write_aids(tables: Sequence[ChartTable], pdf_path: str | Path, png_dir: str | Path | None = None,
               style: AidStyle | None = None) -> list[Path]:
    """Write the PDF and (when ``png_dir`` is given) ``card-N.png`` plus one ``<n>-<title>.png`` per table."""
    style = style or AidStyle()
    folder = ensure_folder(png_dir) if png_dir is not None else None  # before anything is written
    written = [Path(pdf_path)]
    atomic_write(pdf_path, aids_pdf(tables, style))
    if folder is not None:
        cards = render_cards(tables, style)
        w_mm, _ = style.card_size()
        table_w = round((w_mm - 2 * style.margin_mm) / 25.4 * style.dpi)
        images = [(f"card-{i}.png", card) for i, card in enumerate(cards, start=1)]
        images += [(f"{i:02d}-{_slug(t.title)}.png", render_table(t, style, table_w))
                   for i, t in enumerate(tables, start=1)]
        for name, image in images:
            with atomic_open(folder / name, "wb") as handle:
                image.save(handle, format="PNG")
            written.append(folder / name)
    return written


def _slug(text: str) -> str:
    out = "".join(c.lower() if c.isalnum() else "-" for c in text)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")[:40] or "table"
