"""Synthetic "scans" of hex maps with exact ground truth, for tests, benchmarks and the demo.

:func:`random_terrain` invents a map (regions of terrain that follow hexsides, free-form blobs that
cut across hexes, rivers along hexsides, roads from centre to centre). :func:`render_scan` draws it
the way a printed map looks after a trip through a scanner: terrain colours shifted off the legend
and lit unevenly, patterns (tree dots, marsh hatching, stipple, ridges), dark hex lines, hex numbers
and place names over the terrain, the whole grid rotated and stretched, then blurred, noised and
JPEG-compressed. The :class:`Truth` keeps the true layout (hex -> pixel in the scan) and, for every
hex, the true fraction of each terrain over the part of the hex that is on the image.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .. import fonts
from ..hexgrid import CCRR, Extent, Grid, Hex, Hexside, Layout, OffsetSystem

__all__ = ["FEATURES", "PALETTE", "SyntheticMap", "Truth", "degrade", "random_terrain", "render_scan", "scan_of_board",
           "scan_of_map"]

# terrain -> (nominal legend colour, pattern)
PALETTE: dict[str, tuple[tuple[int, int, int], str]] = {
    "clear": ((238, 230, 196), ""),
    "forest": ((126, 176, 96), "trees"),
    "rough": ((206, 172, 124), "stipple"),
    "marsh": ((226, 232, 214), "hatch"),
    "mountain": ((168, 146, 128), "ridges"),
    "water": ((152, 200, 236), ""),
}
# hexside feature -> (nominal colour, width in hex sizes, kind)
FEATURES: dict[str, tuple[tuple[int, int, int], float, str]] = {
    "river": ((36, 84, 190), 0.12, "along"),
    "road": ((200, 40, 30), 0.07, "across"),
}
INK = (38, 34, 30)
NAMES = ["Vitebsk", "Orsha", "Smolensk", "Roslavl", "Vyazma", "Kaluga", "Tula", "Bryansk", "Gomel", "Mogilev",
         "Polotsk", "Nevel", "Velizh", "Dukhov", "Yelnya", "Rzhev"]


@dataclass
class SyntheticMap:
    """A map to draw: grid (with its numbering and extent), per-hex base terrain, free-form blobs
    (axial centre, radii in hex sizes, angle, terrain), rivers (hexsides), roads (hexsides crossed)."""

    grid: Grid
    base: dict[Hex, str]
    blobs: list[tuple[tuple[float, float], float, float, float, str]] = field(default_factory=list)
    rivers: set[Hexside] = field(default_factory=set)
    roads: set[Hexside] = field(default_factory=set)
    towns: list[Hex] = field(default_factory=list)


@dataclass
class Truth:
    """Ground truth of a synthetic scan."""

    layout: Layout  # hex -> scan pixel, exactly
    grid: Grid  # the map's grid with ``layout`` as its calibration
    terrains: list[str]
    fractions: dict[str, dict[str, float]]  # hex id -> terrain -> fraction of the hex's on-image area
    visible: dict[str, float]  # hex id -> fraction of the hex's area on the image
    hexsides: dict[str, frozenset[str]]  # "a/b" -> features

    def majority(self, hex_id: str) -> tuple[str, float]:
        fr = self.fractions[hex_id]
        name = max(fr, key=lambda k: fr[k])
        return name, fr[name]


def random_terrain(cols: int = 20, rows: int = 14, seed: int = 0, *, blobs_per_100: float = 12,
                   rivers: int | None = None, roads: int | None = None, orientation: str = "flat",
                   shifted: str = "odd") -> SyntheticMap:
    """A random map of ``cols`` x ``rows`` hexes numbered CCRR from 0101; ``shifted`` says which
    printed columns (rows, pointy) sit half a hex down (right)."""
    rng = random.Random(seed)
    numbering = CCRR(offset=OffsetSystem(orientation, shifted))  # type: ignore[arg-type]
    grid = Grid(numbering, Extent(1, cols, 1, rows))
    hexes = grid.hexes()
    names = list(PALETTE)
    # regions: nearest of a few random seeds, weighted toward clear
    weights = {"clear": 5, "forest": 3, "rough": 2, "marsh": 1.5, "mountain": 1.5, "water": 1.2}
    nseeds = max(4, len(hexes) // 9)
    seeds = [(rng.choice(hexes), rng.choices(names, [weights[n] for n in names])[0]) for _ in range(nseeds)]
    base = {h: min(seeds, key=lambda s: (h.distance(s[0]), s[0]))[1] for h in hexes}
    blobs = []
    for _ in range(int(len(hexes) * blobs_per_100 / 100)):
        h = rng.choice(hexes)
        cq, cr = h.q + rng.uniform(-0.6, 0.6), h.r + rng.uniform(-0.6, 0.6)
        rx, ry = rng.uniform(0.35, 1.4), rng.uniform(0.3, 1.0)
        blobs.append(((cq, cr), rx, ry, rng.uniform(0, 180), rng.choices(names, [weights[n] for n in names])[0]))
    hs = set(hexes)
    interior = [s for s in grid.hexsides()]
    n_rivers = rivers if rivers is not None else max(1, len(hexes) // 60)
    river_sides: set[Hexside] = set()
    for _ in range(n_rivers):
        side = rng.choice(interior)
        for _ in range(rng.randint(5, 14)):
            if base[side.a] == "water" or base[side.b] == "water":
                break  # a river ends where it reaches open water (a side along it is the coast)
            river_sides.add(side)
            # step to a side sharing an end vertex: (a, c) or (b, c) with c flanking
            c = rng.choice(side.flanking())
            nxt = Hexside.between(rng.choice(side.hexes()), c)
            if c not in hs or nxt in river_sides:
                break
            side = nxt
    n_roads = roads if roads is not None else max(1, len(hexes) // 50)
    road_sides: set[Hexside] = set()
    for _ in range(n_roads):
        h = rng.choice(hexes)
        d = rng.randrange(6)
        for _ in range(rng.randint(4, 12)):
            d = (d + rng.choice((-1, 0, 0, 1))) % 6
            n = h.neighbour(d)
            if n not in hs:
                break
            road_sides.add(Hexside.between(h, n))
            h = n
    towns = rng.sample(hexes, max(1, len(hexes) // 40))
    return SyntheticMap(grid, base, blobs, river_sides, road_sides, towns)


def _pattern_tile(kind: str, s: float, rng: np.random.Generator) -> np.ndarray:
    """A tileable 0/255 pattern mask for a terrain style at hex size ``s`` px."""
    n = max(8, round(s * 0.8))
    tile = Image.new("L", (n, n), 0)
    d = ImageDraw.Draw(tile)
    if kind == "trees":
        for _ in range(3):
            x, y, r = rng.uniform(0, n), rng.uniform(0, n), max(1.0, 0.05 * s)
            d.ellipse([x - r, y - r, x + r, y + r], fill=255)
    elif kind == "stipple":
        for _ in range(int(n * n / max(20, 0.6 * s))):
            x, y = rng.integers(0, n, 2)
            d.point((int(x), int(y)), fill=255)
    elif kind == "hatch":
        step = max(4, round(0.22 * s))
        w = max(1, round(0.035 * s))
        for y in range(0, n, step):
            for x0 in range(0, n, step * 2):
                d.line([(x0, y), (x0 + step, y)], fill=255, width=w)
    elif kind == "ridges":
        step = max(5, round(0.4 * s))
        w = max(1, round(0.03 * s))
        for y in range(step // 2, n, step):
            for x0 in range(0, n, step):
                d.line([(x0, y + step // 4), (x0 + step // 2, y - step // 4), (x0 + step, y + step // 4)],
                       fill=255, width=w)
    return np.asarray(tile)


def render_scan(m: SyntheticMap, size: float = 36.0, *, rotation: float = 0.7, stretch: float = 1.004,
                margin: float = 0.5, seed: int = 0, blur: float = 0.8, noise: float = 6.0, jpeg_quality: int = 85,
                colour_shift: float = 8.0, cast: float = 0.05, text: bool = True, supersample: int = 3,
                ) -> tuple[Image.Image, Truth]:
    """Draw ``m`` as a degraded scan with hexes of ``size`` px (centre to corner).

    The grid is rotated ``rotation`` degrees and stretched ``stretch`` in x; the image ends
    ``margin`` hex sizes beyond the outermost hex centres, so edge hexes are cut (partial hexes).
    Terrain colours are shifted by up to ``colour_shift`` (RGB units) from :data:`PALETTE` and lit by
    a smooth ``cast`` (+-fraction) gradient. Everything is drawn ``supersample`` times larger and
    reduced (an odd factor keeps Pillow's wide lines centred to a few hundredths of a pixel; 2 and 4
    leave a bias of ~0.1 px on slanted lines). Returns the RGB image and its :class:`Truth`.
    """
    rng = np.random.default_rng(seed)
    orient = m.grid.numbering.offset.orientation
    base_layout = Layout.regular(orient, size).rotated(rotation).scaled(stretch, 1.0)
    pts = np.array([base_layout.hex_to_pixel(h) for h in m.grid.hexes()])
    lo = pts.min(axis=0) - margin * size
    hi = pts.max(axis=0) + margin * size
    width, height = math.ceil(hi[0] - lo[0]), math.ceil(hi[1] - lo[1])
    layout = base_layout.translated(-lo[0], -lo[1])
    grid = Grid(m.grid.numbering, m.grid.extent, layout)
    k = max(1, int(supersample))
    # drawing layout: hi-res pixel centre X maps to scan coordinate (X - (k-1)/2) / k; Pillow draws a
    # float coordinate at the pixel it truncates to, hence the extra half pixel (rounding)
    draw_layout = layout.scaled(k).translated((k - 1) / 2 + 0.5, (k - 1) / 2 + 0.5)
    W, H = width * k, height * k
    names = list(PALETTE)
    index = {n: i for i, n in enumerate(names)}
    hexes = m.grid.hexes()

    # --- class raster (truth) and hex-id raster -----------------------------------------------------
    cls = Image.new("L", (W, H), 255)
    dc = ImageDraw.Draw(cls)
    for h in hexes:
        dc.polygon(draw_layout.corners(h), fill=index[m.base[h]])
    for (cq, cr), rx, ry, ang, name in m.blobs:
        cx, cy = draw_layout.to_pixel(cq, cr)
        pts_b = []
        for i in range(24):
            t = 2 * math.pi * i / 24
            wob = 1 + 0.18 * math.sin(3 * t + ang)
            ex, ey = rx * size * k * math.cos(t) * wob, ry * size * k * math.sin(t) * wob
            a = math.radians(ang)
            pts_b.append((cx + ex * math.cos(a) - ey * math.sin(a), cy + ex * math.sin(a) + ey * math.cos(a)))
        dc.polygon(pts_b, fill=index[name])
    hid = Image.new("I", (W, H), -1)
    dh = ImageDraw.Draw(hid)
    for i, h in enumerate(hexes):
        dh.polygon(draw_layout.corners(h), fill=i)
    cls_arr = np.asarray(cls)
    hid_arr = np.asarray(hid).astype(np.int64)
    inside = (hid_arr >= 0) & (cls_arr < 255)
    nk = len(names)
    counts = np.bincount(hid_arr[inside] * nk + cls_arr[inside].astype(np.int64),
                         minlength=len(hexes) * nk).reshape(len(hexes), nk)
    del hid_arr, hid, inside
    full_area = layout.hex_area() * k * k
    fractions: dict[str, dict[str, float]] = {}
    visible: dict[str, float] = {}
    for i, h in enumerate(hexes):
        tot = counts[i].sum()
        hid_s = m.grid.id(h)
        visible[hid_s] = float(min(1.0, tot / full_area))
        if tot:
            fractions[hid_s] = {names[j]: float(counts[i, j] / tot) for j in range(nk) if counts[i, j]}

    # --- colours ------------------------------------------------------------------------------------
    shifted = {n: tuple(int(np.clip(c + rng.uniform(-colour_shift, colour_shift), 0, 255)) for c in PALETTE[n][0])
               for n in names}
    lut: list[int] = []
    for n in names:
        lut.extend(shifted[n])
    lut.extend([255, 255, 255] * (256 - len(names)))
    pal = cls.copy()
    pal.putpalette(lut)
    img = pal.convert("RGB")
    del pal
    pattern_colour = {"trees": (40, 78, 36), "stipple": (120, 90, 60), "hatch": (70, 120, 200),
                      "ridges": (90, 70, 60)}
    for n in names:
        kind = PALETTE[n][1]
        if not kind:
            continue
        tile = _pattern_tile(kind, size * k, rng)
        reps = (H // tile.shape[0] + 1, W // tile.shape[1] + 1)
        pat = Image.fromarray(np.tile(tile, reps)[:H, :W])
        where = cls.point(lambda v, j=index[n]: 255 if v == j else 0)
        img.paste(pattern_colour[kind], mask=ImageChops.multiply(pat, where))
        del pat, where

    d = ImageDraw.Draw(img)
    sk = size * k
    # rivers along hexsides, with round joins
    vcol, vw, _ = FEATURES["river"]
    wv = _odd(vw * sk)
    for side in m.rivers:
        p, q = draw_layout.hexside_endpoints(side)
        d.line([p, q], fill=vcol, width=wv)
        for x, y in (p, q):
            d.ellipse([x - wv / 2, y - wv / 2, x + wv / 2, y + wv / 2], fill=vcol)
    # roads: centre to centre across each road hexside, over the rivers (bridges)
    rcol, rw, _ = FEATURES["road"]
    for side in m.roads:
        ca, cb = draw_layout.hex_to_pixel(side.a), draw_layout.hex_to_pixel(side.b)
        d.line([ca, cb], fill=rcol, width=_odd(rw * sk))
    # hex lines
    lw = _odd(0.035 * sk)
    for side in _all_sides(hexes):
        d.line(draw_layout.hexside_endpoints(side), fill=INK, width=lw)
    if text:
        font = fonts.font(max(6, int(0.28 * sk)))
        for h in hexes:
            x, y = draw_layout.hex_to_pixel(h)
            d.text((x, y - 0.62 * sk), m.grid.id(h), fill=INK, font=font, anchor="mm")
        big = fonts.font(max(6, int(0.35 * sk)))
        for i, h in enumerate(m.towns):
            x, y = draw_layout.hex_to_pixel(h)
            r = 0.12 * sk
            d.ellipse([x - r, y - r, x + r, y + r], fill=INK)
            d.text((x, y + 0.3 * sk), NAMES[i % len(NAMES)], fill=INK, font=big, anchor="mm")
    if k > 1:
        img = img.reduce(k)
        if img.size != (width, height):
            img = img.crop((0, 0, width, height))

    img = degrade(img, seed=seed, blur=blur, noise=noise, jpeg_quality=jpeg_quality, cast=cast)

    sides: dict[str, set[str]] = {}
    for side in m.rivers:
        sides.setdefault(grid.side_id(side), set()).add("river")
    for side in m.roads:
        sides.setdefault(grid.side_id(side), set()).add("road")
    truth = Truth(layout, grid, names, fractions, visible, {k2: frozenset(v) for k2, v in sorted(sides.items())})
    return img, truth


def degrade(img: Image.Image, *, seed: int = 0, blur: float = 0.8, noise: float = 6.0, jpeg_quality: int = 85,
            cast: float = 0.05) -> Image.Image:
    """What a scanner does to a clean picture: Gaussian ``blur`` (px), a smooth colour ``cast``
    (each channel's gain varies linearly across the sheet by up to +-``cast``), Gaussian ``noise``
    (RGB units) and JPEG compression at ``jpeg_quality`` (0 = none)."""
    rng = np.random.default_rng(seed)
    prng = random.Random(seed)
    width, height = img.size
    if blur > 0:
        img = img.filter(ImageFilter.GaussianBlur(blur))
    arr = np.asarray(img.convert("RGB")).astype(np.int16)
    if cast > 0:
        gx = np.linspace(-1, 1, width, dtype=np.float32)[None, :]
        gy = np.linspace(-1, 1, height, dtype=np.float32)[:, None]
        for c in range(3):
            ax, ay = prng.uniform(-cast / 2, cast / 2), prng.uniform(-cast / 2, cast / 2)
            gain = (1 + ax * gx + ay * gy) * 256
            arr[..., c] = (arr[..., c] * gain.astype(np.int32) >> 8).astype(np.int16)
    if noise > 0:
        # one noise field per row block to keep memory flat on big images
        for y0 in range(0, height, 1024):
            blk = arr[y0:y0 + 1024]
            blk += rng.normal(0, noise, blk.shape).astype(np.int16)
    np.clip(arr, 0, 255, out=arr)
    img = Image.fromarray(arr.astype(np.uint8))
    del arr
    if jpeg_quality:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=jpeg_quality)
        buf.seek(0)
        img = Image.open(buf)
        img.load()
        img = img.convert("RGB")
    return img


def scan_of_map(m: object, size: float = 40.0, *, rotation: float = 0.7, stretch: float = 1.004,
                margin: float = 0.5, seed: int = 0, **degrade_args: float) -> tuple[Image.Image, Layout]:
    """A degraded "scan" of a real map file (a :class:`~toolkit.terrain.model.TerrainMap`) drawn by
    :func:`toolkit.terrain.render.render_map` with a rotated, stretched layout; returns the image and
    the true layout (hex -> scan pixel). The map's own data is the ground truth."""
    from .render import RenderStyle, render_map

    grid = m.grid  # type: ignore[attr-defined]
    orient = grid.numbering.offset.orientation
    base = Layout.regular(orient, size).rotated(rotation).scaled(stretch, 1.0)
    pts = np.array([p for h in grid.hexes() for p in (base.hex_to_pixel(h),)])
    lo = pts.min(axis=0) - margin * size
    hi = pts.max(axis=0) + margin * size
    layout = base.translated(-lo[0], -lo[1])
    dims = (math.ceil(hi[0] - lo[0]), math.ceil(hi[1] - lo[1]))
    # a printed map paints each hex its terrain: no tint for the share of water a land hex holds
    style = RenderStyle(frame_on=False, legend=False, water_fraction=None)
    # render_map puts hex centres on pixel centres (it rounds where Pillow would truncate)
    img = render_map(m, layout=layout, size=dims, style=style, supersample=1).image  # type: ignore[arg-type]
    return degrade(img, seed=seed, **degrade_args), layout  # type: ignore[arg-type]


def scan_of_board(board: Image.Image, layout: Layout, *, degrees: float = 0.7, seed: int = 0,
                  **degrade_args: float) -> tuple[Image.Image, Layout]:
    """An existing board image as a scanner returns it: turned ``degrees`` clockwise about its centre
    (corners filled white) and degraded; returns the scan and the layout of its hexes on it."""
    about = (board.width / 2, board.height / 2)
    turned = board.convert("RGB").rotate(-degrees, resample=Image.Resampling.BILINEAR, center=about,
                                         fillcolor=(255, 255, 255))
    return degrade(turned, seed=seed, **degrade_args), layout.rotated(degrees, about)  # type: ignore[arg-type]


def _odd(width: float) -> int:
    """The odd pixel width nearest ``width``: Pillow centres odd-width lines on their coordinates but
    shifts even widths by half a pixel, which would bias the ground truth."""
    return max(1, 2 * int(width / 2) + 1)


def _all_sides(hexes: Sequence[Hex]) -> set[Hexside]:
    """Every side of every hex (map-edge sides too, as on a printed map)."""
    out = set()
    for h in hexes:
        for n in h.neighbours():
            out.add(Hexside.between(h, n))
    return out


def legend_for(truth: Truth, per_terrain: int = 3, min_purity: float = 0.97, seed: int = 0) -> dict:
    """A legend a user could write for a synthetic scan: each terrain sampled from a few pure, whole
    hexes (as a user picks swatches), hexside features by their nominal colours and kinds."""
    rng = random.Random(seed)
    terrain: dict[str, Any] = {}
    for name in truth.terrains:
        pure = sorted(h for h, fr in truth.fractions.items()
                      if fr.get(name, 0) >= min_purity and truth.visible.get(h, 0) > 0.99)
        if pure:
            terrain[name] = {"hexes": rng.sample(pure, min(per_terrain, len(pure)))}
            if name == "water":
                terrain[name]["water"] = True
        else:
            terrain[name] = "#{:02x}{:02x}{:02x}".format(*PALETTE[name][0])
    feats = {n: {"colour": "#{:02x}{:02x}{:02x}".format(*c), "kind": kind} for n, (c, _, kind) in FEATURES.items()}
    return {"terrain": terrain, "features": feats}


__all__ += ["legend_for"]
