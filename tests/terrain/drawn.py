"""Blank hex boards for the drawn-image tests of scan extraction: flat hexes numbered CCRR from 0101 (odd
columns shifted), on paper of one colour, with or without the hex lines."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
from PIL import Image, ImageDraw

from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain import texture
from toolkit.terrain.extract import Extraction

Colour = tuple[int, int, int]


def blank_board(columns: int = 8, rows: int = 6, *, size: float = 30.0, origin: tuple[float, float] = (40.0, 40.0),
                image: tuple[int, int] = (400, 400), paper: Colour = (250, 248, 240),
                ink: Colour | None = (40, 40, 40)) -> tuple[Layout, Grid, Image.Image, ImageDraw.ImageDraw]:
    """A ``columns`` x ``rows`` grid of ``size`` px flat hexes centred from ``origin``, its lines drawn in
    ``ink`` (none when None) on an ``image``-sized picture of ``paper``: the layout, grid, picture and a pen."""
    lay = Layout.regular("flat", size, origin)
    grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "odd")), Extent(1, columns, 1, rows), lay)
    im = Image.new("RGB", image, paper)
    d = ImageDraw.Draw(im)
    if ink is not None:
        for h in grid.hexes():
            d.polygon(lay.corners(h), outline=ink)
    return lay, grid, im, d


def corner_ticks(d: ImageDraw.ImageDraw, lay: Layout, hexes, fill: Colour = (45, 55, 30), reach: float = 0.28,
                 width: int = 2) -> None:
    """No hex outlines, only a short tick of each side at every corner of ``hexes``, ``reach`` of the side long (Vae
    Victis' La Garde avance!, user45)."""
    for h in hexes:
        cs = lay.corners(h)
        for i, (x, y) in enumerate(cs):
            for j in (i - 1, i + 1):
                x2, y2 = cs[j % 6]
                d.line([(x, y), (x + reach * (x2 - x), y + reach * (y2 - y))], fill=fill, width=width)


def dashed(d: ImageDraw.ImageDraw, path: list[tuple[float, float]], fill: tuple[int, int, int], width: int,
           dash: float = 24, period: float = 29) -> None:
    """A line along ``path`` of ``dash`` px dashes every ``period`` px, the pattern started afresh at each point (24
    px dashes, 5 px gaps: MMP Afrika's track)."""
    for (x0, y0), (x1, y1) in pairwise(path):
        n = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        t = 0.0
        while t < n:
            a, b = t / n, min(n, t + dash) / n
            d.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)], fill=fill,
                   width=width)
            t += period


def patterned(d: ImageDraw.ImageDraw, path: list[tuple[float, float]], fill: tuple[int, int, int], width: int,
              pattern: tuple[tuple[float, bool], ...]) -> None:
    """A line along ``path`` in ``pattern`` - (length px, drawn) pieces, repeated (a railway's dash-dot) - carried
    on across the path's points."""
    k, left = 0, pattern[0][0]
    for (x0, y0), (x1, y1) in pairwise(path):
        length, at = math.dist((x0, y0), (x1, y1)), 0.0
        while at < length:
            step = min(left, length - at)
            if pattern[k][1]:
                a, b = at / length, (at + step) / length
                d.line([(x0 + a * (x1 - x0), y0 + a * (y1 - y0)), (x0 + b * (x1 - x0), y0 + b * (y1 - y0))],
                       fill=fill, width=width)
            at += step
            left -= step
            if left <= 0:
                k = (k + 1) % len(pattern)
                left = pattern[k][0]


def houses_board(houses: list[str], ring: str, *, ground: tuple[int, int, int], roof: tuple[int, int, int],
                 size: float = 40.0) -> tuple[Layout, Grid, Image.Image, ImageDraw.ImageDraw]:
    """An 8x6 board of ``ground`` with a ``roof`` square half a hex across over each of ``houses``' centres (a tenth
    of the hex: Squad Leader's small houses over the centre dots), and the ``ring`` hex ``roof`` all over but a disc
    of 0.3 of the hex about its centre (a coverage hex of the roof's class whose centre is the ground)."""
    lay, grid, im, d = blank_board(8, 6, size=size, origin=(50.0, 50.0), image=(520, 520), paper=ground)
    for h in houses:
        x, y = lay.hex_to_pixel(grid.hex(h))
        d.rectangle((x - size / 4, y - size / 4, x + size / 4, y + size / 4), fill=roof)
    x, y = lay.hex_to_pixel(grid.hex(ring))
    d.polygon([tuple(p) for p in lay.corners(grid.hex(ring))], fill=roof, outline=(40, 40, 40))
    d.ellipse((x - 0.3 * size, y - 0.3 * size, x + 0.3 * size, y + 0.3 * size), fill=ground)
    return lay, grid, im, d


def side_dot(d: ImageDraw.ImageDraw, lay: Layout, grid: Grid, a: str, b: str, colour: Colour,
             size: float) -> tuple[float, float, float, float]:
    """A half-disc printed on the middle of the side between hexes ``a`` and ``b``, inside ``b``, a quarter of the
    hex (``size``) across (a fire dot printed over a line at a side). Returns the side's middle, the angle (degrees)
    from it towards ``b``'s centre and the disc's radius."""
    ends = [p for p in lay.corners(grid.hex(a)) if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6
                                                         for q in lay.corners(grid.hex(b)))]
    mx, my = (ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2
    bx, by = lay.hex_to_pixel(grid.hex(b))
    r = 0.25 * size
    ang = math.degrees(math.atan2(by - my, bx - mx))
    d.pieslice([mx - r, my - r, mx + r, my + r], ang - 90, ang + 90, fill=colour)
    return mx, my, ang, r


# a grey road across an olive board, hex to hex, with fire dots on three of the sides it crosses (D-Day at Omaha
# Beach's markers printed over its roads: test_marks_over_lines, test_marks_cut_lines)
ROAD_PATH = ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]
ROAD_MARKED = ["0103/0203", "0303/0403", "0503/0603"]
ROAD_DOTS = {("0203", "0303"): (230, 30, 40), ("0403", "0503"): (40, 150, 70), ("0603", "0703"): (90, 170, 230)}
ROAD_LEGEND = {"terrain": {"open": {"hexes": ["0101", "0606", "0801"]}},
               "features": {"road": {"colour": "#9f9f9f", "kind": "across", "trace": True, "yes": ROAD_MARKED}}}


def road_board(scale: float = 1.0) -> tuple[Layout, Grid, Image.Image, ImageDraw.ImageDraw, float]:
    """The road board at ``scale`` (hexes of 40 px at 1.0): the high ground's olive, the hex lines, the primary road's
    grey along ROAD_PATH a fifth of a hex wide; no dots yet. Returns the layout, grid, image, its drawing and the hex
    size."""
    size = 40.0 * scale
    lay, grid, im, d = blank_board(8, 6, size=size, origin=(50.0 * scale, 50.0 * scale),
                                   image=(round(520 * scale), round(520 * scale)), paper=(204, 207, 176), ink=None)
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(150, 152, 135))
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in ROAD_PATH], fill=(159, 159, 159), width=round(0.2 * size),
           joint="curve")
    return lay, grid, im, d, size


def read_classes(got: Extraction) -> dict[str, set[str]]:
    """The hexes an extraction read, by terrain class ("" for a hex read as none)."""
    out: dict[str, set[str]] = {}
    for h, r in got.hexes.items():
        out.setdefault(r.terrain or "", set()).add(h)
    return out


def spy_dotted(monkeypatch) -> list[texture.Dotted]:
    """The dotted classes :func:`toolkit.terrain.extract.extract` finds (texture.dotted_classes, in the order it
    returns them), gathered while ``monkeypatch`` is active: extraction calls it as ever, the list fills."""
    from toolkit.terrain import extract as extract_module

    found: list[texture.Dotted] = []

    def spy(*args, **kwargs):
        out = texture.dotted_classes(*args, **kwargs)
        found.extend(out)
        return out

    monkeypatch.setattr(extract_module, "dotted_classes", spy)
    return found


#: the four hex centres user46 clicked on Roads to Gettysburg's South Map (printed --shifted even): the drawn wavy
#: sheet below is drawn on the regular grid through them, so they are its clicks too
RTG_SOUTH_CENTRES = {"0303": (188.0, 129.0), "5504": (3724.0, 209.0), "0528": (324.0, 2129.0),
                     "5429": (3656.0, 2249.0)}


def wavy_sheet(seed: int = 4, bend_px: float = 20.0, strokes: int = 16000) -> Image.Image:
    """Roads to Gettysburg's South Map drawn (user46's wavy scan, HerrEklund/wasa's SMap.jpg, 3991 x 2657): flat hexes
    68 px apart, rows 80 px, printed --shifted even on the regular grid through :data:`RTG_SOUTH_CENTRES`, every hex
    outlined (2 px, dark olive, on yellow-green paper), its id a dark mark a third of a hex above its centre, and
    the print bent smoothly: four plane waves of random direction (``seed``), summed and scaled to a peak of
    ``bend_px`` px, brought to nothing at the four clicks (tanh of sin^2 across the clicks' box), so the clicks'
    grid lies on the lines near the clicks and drifts off them between (at most 17.5 px, 0.22 of a hex across the
    flats, as drawn; the real scan's lines lie up to 19.8 px off one grid). Over it ``strokes`` dark strokes (the
    scan's roads, streams, woods' edges and names), which put any grid on some ink, as the real scan's do: the
    clicks' grid at the ids scores 31 and 40 grey levels for the two parities (the scan: 17 and 23.5), at the
    centres 83 (47). Blurred by 1 px, as a scan is. Deterministic; about 6 s. Its margins are as thin as the
    scan's: the other parity's reading of user46's centres scores 0.71 of the right one's (the rule's line 0.7;
    the scan 0.85), and the offset found for the ids 2.1 times the clicks' (the rule 2; the scan 2.6)."""
    from PIL import ImageFilter

    num = CCRR(2, 2, offset=OffsetSystem("flat", "even"))
    ext = Extent(1, 60, 1, 35)
    lay = Layout.fit([(Grid(num, ext).hex(k), p) for k, p in RTG_SOUTH_CENTRES.items()])
    grid = Grid(num, ext, lay)
    (x0, y0), (x1, y1) = RTG_SOUTH_CENTRES["0303"], (RTG_SOUTH_CENTRES["5504"][0], RTG_SOUTH_CENTRES["5429"][1])
    rng = np.random.default_rng(seed)
    waves = [(rng.uniform(0.3, 1.6), rng.uniform(-1.2, 1.2), rng.uniform(0, 2 * math.pi), rng.normal(0, 1),
              rng.normal(0, 0.4)) for _ in range(4)]
    us, vs = np.meshgrid(np.linspace(0, 1, 60), np.linspace(0, 1, 40))
    peak = max(abs(sum(a * math.sin(2 * math.pi * (fx * u + fy * v) + ph) for fx, fy, ph, a, _ in waves))
               for u, v in zip(us.ravel()[::7], vs.ravel()[::7]))
    waves = [(fx, fy, ph, a * bend_px / peak, b * bend_px / peak) for fx, fy, ph, a, b in waves]

    def bend(p: tuple[float, float]) -> tuple[float, float]:
        x, y = p
        u, v = (x - x0) / (x1 - x0), (y - y0) / (y1 - y0)
        pin = math.tanh(6 * math.sin(math.pi * u) ** 2) * math.tanh(6 * math.sin(math.pi * v) ** 2)
        dy = sum(a * math.sin(2 * math.pi * (fx * u + fy * v) + ph) for fx, fy, ph, a, _ in waves)
        dx = sum(b * math.sin(2 * math.pi * (fx * u + fy * v) + ph) for fx, fy, ph, _, b in waves)
        return (x + pin * dx, y + pin * dy)

    width, height = 3991, 2657
    im = Image.new("RGB", (width, height), (226, 226, 150))
    d = ImageDraw.Draw(im)
    for h in grid.hexes():
        d.polygon([bend(c) for c in lay.corners(h)], outline=(70, 70, 55), width=2)
    size = math.sqrt(lay.hex_area() / (1.5 * math.sqrt(3.0)))
    ink = np.random.default_rng(1)
    for _ in range(strokes):
        x, y = ink.uniform(0, width), ink.uniform(0, height)
        pts = [(x, y)]
        ang = ink.uniform(0, 2 * math.pi)
        for _ in range(int(ink.integers(2, 6))):
            ang += ink.normal(0, 0.5)
            x, y = x + 25 * math.cos(ang), y + 25 * math.sin(ang)
            pts.append((x, y))
        d.line(pts, fill=tuple(int(c) for c in ink.integers(40, 120, 3)), width=int(ink.integers(1, 4)))
    for h in grid.hexes():
        x, y = bend(lay.hex_to_pixel(h))
        y -= 0.57 * size
        for k in range(4):
            d.rectangle([x - 11 + 6 * k, y - 4, x - 8 + 6 * k, y + 4], fill=(95, 95, 80))
    return im.filter(ImageFilter.GaussianBlur(1.0))


def line_between_rows(d: ImageDraw.ImageDraw, lay: Layout, grid: Grid, upper: int, fill: Colour, width: int
                      ) -> set[str]:
    """Draw a line ``width`` px wide in ``fill`` along every side between row ``upper`` and the row below it (an
    'along' feature winding along the hexsides), and return those sides' keys (review47 R4: written twice before)."""
    sides: set[str] = set()
    for h in grid.hexes():
        if int(grid.id(h)[2:]) != upper:
            continue
        for n in grid.neighbours(h):
            if n in grid and int(grid.id(n)[2:]) == upper + 1:
                key = grid.side_key(grid.id(h), grid.id(n))
                sides.add(key)
                d.line([tuple(p) for p in lay.hexside_endpoints(grid.hexside(key))], fill=fill, width=width)
    return sides
