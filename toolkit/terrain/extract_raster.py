"""Extraction's image side: the masked, smoothed colour image in CIELAB at block resolution, the size checks
that refuse an image before decoding, and the raster of hex indices (see :mod:`toolkit.terrain.extract`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageChops, ImageDraw

from ..errors import GridError, InputError
from ..hexgrid import Grid, Hex, Layout
from .colour import rgb_to_lab

SMOOTH = 0.3  # masked local mean window, in hex sizes
#: rows of the pre-reduced scan masked and averaged at a time (rounded down to whole blocks)
STRIP_ROWS = 256
MASK_TOLERANCE = 45  # per RGB channel: pixels this close to an 'across' feature's colour are not terrain
#: hex sizes: an area of a line's colour holds a square this wide, a line does not (the hexside bands read 0.15 hex
#: either side of a side and call a band 30% full of the colour an area, lines.AREA: a line is under a tenth of a hex
#: wide). Measured at 1/6, 1/8, 1/10 and 1/14 (real-boards.md, gmask): Stonewall Jackson's Way's mountains are ridges
#: of the railway's brown about a sixth of a hex wide, kept as line-like marks at 1/6 and 1/8. The square is the
#: nearest odd number of pre-reduced pixels to this (an opening's width), so the share it tests moves with the hex
#: size: 3 px at Stonewall Jackson's Way's 38 px hexes (0.08 of a hex), 5 px at Gettysburg's 91 px with pre 2 (0.11),
#: and 1 px - no opening: the thin mask is then the whole mask - under about 20 px. The smallest odd width at or above
#: it (review M2, helper linearea) cost studied Stonewall Jackson's Way 2 two hexes (61 -> 59/81: 5 px there misses its
#: ridges' narrow stretches) and blind region 1 one; not taken. (A line-vs-area bound that holds at every hex size is
#: left: the ridges and a 3 px road at 36 px hexes are both about a tenth.)
LINE_AREA = 1 / 10
# thin printed marks: pixels LINE_DEPTH (8-bit luma) or more darker than the grey closing of the image over a
# square of LINE_WIDTH hex sizes (narrower than it): lines (on a straight run of LINE_LENGTH hex sizes of such
# pixels: outlines of a painted patch, hex lines, lettering's strokes) and specks (the rest: a texture's dots)
LINE_WIDTH = 1 / 12
LINE_LENGTH = 1 / 8
LINE_DEPTH = 20
#: px: specks (:func:`speck_share`) are told where the hex is this size or more, so that the closing's window
#: (LINE_WIDTH) is 3 px or more - a pixel either side of a 1-px speck - and a line's run (LINE_LENGTH) 4 px or more,
#: longer than a speck blurred over its neighbours. A smaller hex's pixels are each repeated (:func:`_speck_up`): no
#: new detail, the windows and runs kept to their share of the hex. Before, the windows were rounded in pixels of
#: the scan: under 24 px the window was 1 px and no speck was told (a 100-150 dpi scan, the GCACW maps at x0.6: 23
#: px, every speck share 0, the speckled class's step off: smallhex), and at 24-28 px a 3-px speck was a line's run
#: (Gettysburg's at x0.6, 27 px: rough's examples 0.011-0.017 against 0.084-0.106 at its scan's 45 px). Every
#: board of the bench is read at 32.5 px or more (after its pre-reduction): unchanged.
SPECK_HEX = 28
#: px: under this (after the pre-reduction) a pixel is repeated 3 times or more, as wide as the closing's 3-px window:
#: no speck is told there (:func:`speck_share` returns zeros without reading the pixels)
SPECK_FLOOR = 14
SPECK_PIXELS = 1 << 24  # repeated pixels read at a time (a strip of block rows: a small-hex scan's memory)
#: the most colour blocks (a block is a hex's tenth, at least a pixel) an image may have: extraction takes about
#: 135 bytes a block at its peak (measured: 1.05 GB for 7.8 million blocks, a white 2800x2800 px scan with hexes
#: of 17 px). A 300-dpi 22x34" scan with half-inch hexes is about 300,000 blocks.
MAX_BLOCKS = 8_000_000
#: a grid may have at most this many times (plus 1,000) the hexes that lie on the image (a scan of one sheet of
#: a four-sheet map is fine; a grid of half a million hexes around a 160-pixel picture is a mistake)
MAX_OFF_IMAGE = 10


# --- feature image ---------------------------------------------------------------------------------


@dataclass
class _Features:
    """The masked, smoothed colour image at reduced resolution, in CIELAB, with its pixel mapping."""

    lab: np.ndarray  # (h, w, 3) float32
    valid: np.ndarray  # (h, w) bool: enough non-ink pixels around
    factor: int  # scan pixels per block
    kept: np.ndarray | None = None  # (h, w) float32: the share of each block's window not ink nor a line's mask

    def to_reduced(self, layout: Layout) -> Layout:
        """The layout in reduced-pixel coordinates (reduced pixel j's centre = scan f*j + (f-1)/2)."""
        f = self.factor
        return layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)


def _hex_size(layout: Layout) -> float:
    return math.sqrt(layout.hex_area() / (1.5 * math.sqrt(3.0)))


def _blocks(size: float) -> tuple[int, int, int]:
    """``(pre, f2, f)`` for hexes of ``size`` px: the image is reduced by ``pre``, then by ``f2``; a colour block
    is ``f = pre * f2`` pixels square (about a tenth of a hex). Big hexes (a 300-dpi scan): ink is found and
    colours averaged at a third or half of the resolution first - hex lines and lettering are still several
    pixels wide there, and it cuts the work at full resolution."""
    f = max(1, int(size // 10))
    pre = 3 if f >= 9 else (2 if f >= 6 else 1)
    return pre, f // pre, (f // pre) * pre


def _smooth_radius(size: float, f: int) -> int:
    """The radius, in blocks, of the masked local mean (:func:`_box`)."""
    return max(1, int(SMOOTH * size / f / 2))


def check_image_size(width: int, height: int, grid: Grid) -> float:
    """Refuse, before a pixel is decoded, an image extraction cannot work on with this calibrated grid: hexes
    under 6 px, more than :data:`MAX_BLOCKS` colour blocks counting the margin the colour averaging pads each
    side with (a 1-pixel-high image of 85 million pixels is 4 rows of 9 million blocks: 3.2 GB and 46 s before
    this check), or a grid mostly off the image. Returns the hex size in pixels."""
    if grid.layout is None:
        raise GridError("the grid has no calibration for this image; run 'wgt map calibrate' first")
    layout = grid.layout
    size = _hex_size(layout)
    if size < 6:
        raise InputError(f"hexes of {size:.1f} px are too small to classify (need 6 px or more)")
    _, _, f = _blocks(size)
    pad = 2 * _smooth_radius(size, f) + 1
    blocks = (-(-width // f) + pad) * (-(-height // f) + pad)
    if blocks > MAX_BLOCKS:
        raise InputError(f"a {width}x{height} px image with hexes of {size:.0f} px is {blocks:,} colour "
                         f"blocks, more than the {MAX_BLOCKS:,} extraction works on "
                         f"(~{MAX_BLOCKS * 135 // 2**20} MiB): crop the scan to the map or scan at a lower resolution")
    hexes_all = grid.hexes()
    axial = np.array([(h.q, h.r) for h in hexes_all], dtype=np.float64).reshape(-1, 2)
    m = np.array(layout.matrix)
    centres = axial @ m[:, :2].T + m[:, 2]
    on = int(np.count_nonzero((centres[:, 0] >= 0) & (centres[:, 0] < width)
                              & (centres[:, 1] >= 0) & (centres[:, 1] < height)))
    if on == 0 or len(hexes_all) > MAX_OFF_IMAGE * on + 1000:
        raise InputError(f"only {on:,} of the grid's {len(hexes_all):,} hexes lie on the {width}x{height} "
                         "px image: check the grid's extent and calibration")
    return size


def _feature_image(im: Image.Image, size: float, ink_lightness: float,
                   masked_colours: Sequence[tuple[int, int, int]] = (),
                   areas: Sequence[Sequence[tuple[int, int]] | None] | None = None) -> _Features:
    return _feature_images(im, size, ink_lightness, masked_colours, areas, whole=False)[0]


def _feature_images(im: Image.Image, size: float, ink_lightness: float,
                    masked_colours: Sequence[tuple[int, int, int]] = (),
                    areas: Sequence[Sequence[tuple[int, int]] | None] | None = None,
                    whole: bool = True) -> tuple[_Features, _Features | None]:
    """The masked, smoothed colour image (:func:`_feature_image`), and with ``whole`` the same with every line's
    mask whole (``areas`` none: what the lines are read against, extract.extract) from the same strips: one
    reduction of the scan, one ink mask and one mask of each line's colour serve both (a second pass over the image
    cost ~0.2 s of CPU on a 6800x4400 scan, review C1)."""
    pre, f2, f = _blocks(size)
    cut = _luma_cut(ink_lightness)
    lut = [255 if v >= cut else 0 for v in range(256)]
    # line features drawn over the terrain (roads, railways) are left out like ink: pixels within
    # +-MASK_TOLERANCE of the feature colour in each channel; of a colour that is a terrain's too (``areas`` gives
    # that terrain's colours, a (low, high) range per channel: extract_legend.line_masks), only its thin marks: where
    # a square LINE_AREA across fits in the mask, the pixels in those colours are the terrain's
    hit_luts = [[[255 if c - MASK_TOLERANCE <= v <= c + MASK_TOLERANCE else 0 for v in range(256)] for c in rgb]
                for rgb in masked_colours]
    area_luts = [None if not o else [[255 if lo <= v <= hi else 0 for v in range(256)] for lo, hi in o]
                 for o in (areas or [None] * len(hit_luts))]
    whole = whole and any(a is not None for a in area_luts)
    square = _odd(LINE_AREA * size / pre)
    # in strips of whole blocks (a block never straddles two): each strip is reduced by ``pre`` (Pillow's reduce of
    # a box on block lines gives the rows of the whole image's), masked, and reduced by ``f2`` at once, so the
    # pre-reduced scan, its masked copy (4 bytes a pixel) and its masks are never all in memory (their fresh
    # pages were most of the command's page faults beyond the decode's); the same pixels, the same block means
    rows = f2 * max(1, STRIP_ROWS // f2) if f2 > 1 else -(-im.height // pre)
    parts: list[list[tuple[Image.Image, Image.Image]]] = [[], []]
    for y0 in range(0, im.height, rows * pre):
        box = (0, y0, im.width, min(im.height, y0 + rows * pre))
        part = (im.reduce(pre, box=box) if pre > 1 else
                im if box == (0, 0, im.width, im.height) else im.crop(box))
        keeps = _keeps(part, lut, hit_luts, area_luts, square, whole)
        for i, keep in enumerate(keeps):
            masked = Image.new("RGB", part.size, 0)
            masked.paste(part, mask=keep)
            if f2 > 1:
                masked = masked.reduce(f2)
                keep = keep.reduce(f2)
            parts[i].append((masked, keep))
        del part
    fi = _means(parts[0], size, f)
    if not whole:
        return fi, None
    full = _means(parts[1], size, f)
    return fi, full


def _means(parts: list[tuple[Image.Image, Image.Image]], size: float, f: int) -> _Features:
    """The colour blocks from the strips of :func:`_feature_images` (each strip's masked colours and mask reduced to
    blocks): the mean colour of the non-ink pixels about each block."""
    s = np.asarray(parts[0][0]) if len(parts) == 1 else np.concatenate([np.asarray(m) for m, _ in parts])
    w = (np.asarray(parts[0][1], dtype=np.float32) if len(parts) == 1 else
         np.concatenate([np.asarray(k, dtype=np.float32) for _, k in parts])) / 255.0
    parts.clear()
    # s is the block mean of rgb*keep and w the block mean of keep: their box sums divide to the
    # mean colour of the non-ink pixels around each block
    r = _smooth_radius(size, f)
    ssum = _box(s, r)  # uint8 -> exact integer sums
    wsum = _box(w, r)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = ssum / wsum[..., None]
    valid = wsum > 0.1 * (2 * r + 1) ** 2
    mean[~valid] = 0
    lab = rgb_to_lab(np.clip(mean, 0, 255).astype(np.float32))
    return _Features(lab, valid, f, wsum / float((2 * r + 1) ** 2))


def _keeps(part: Image.Image, lut: Sequence[int], hit_luts: Sequence[Any], area_luts: Sequence[Any], square: int,
           whole: bool) -> list[Image.Image]:
    """[255 where a pixel of ``part`` (the scan reduced by ``pre``) is averaged into the colours: lighter than the
    ink (``lut``) and not of a line's colour (``hit_luts``), except, of a colour that is a terrain's too
    (``area_luts``), where a ``square`` fits in the line's mask], and with ``whole`` the same with every line's mask
    whole (no area spared): one ink mask and one mask of each line's colour for both (:func:`_feature_images`)."""
    keep = part.convert("L").point(lut)
    full = keep
    if hit_luts:
        bands = part.split()
        for luts, alut in zip(hit_luts, area_luts):
            hit = _banded(bands, luts)
            if whole:
                full = ImageChops.subtract(full, hit)
            if alut is not None:
                hb = np.asarray(hit) > 0
                # where the square fits (an opening; cut at the strip's edges, as _rank cuts its window: a mark
                # wider than half the square lying along a strip's edge may read as an area there)
                area = _rank(_rank(hb, square, np.minimum), square, np.maximum)
                area &= np.asarray(_banded(bands, alut)) > 0
                hit = Image.fromarray((hb & ~area).astype(np.uint8) * np.uint8(255))
            keep = ImageChops.subtract(keep, hit)
    return [keep, full] if whole else [keep]


def _banded(bands: Sequence[Image.Image], luts: Sequence[Sequence[int]]) -> Image.Image:
    """255 where every band's lookup (``luts``, one a band) gives 255: a colour box's mask."""
    hit = bands[0].point(luts[0])
    for band, blut in zip(bands[1:], luts[1:]):
        hit = ImageChops.multiply(hit, band.point(blut))
    return hit


def area_pixels(im: Image.Image, size: float, ink_lightness: float,
                areas: Sequence[tuple[float, float, float] | tuple[float, float, float, float]]) -> np.ndarray:
    """(n, 3) uint8: the pixels :func:`_feature_image` masks and averages (the scan reduced by its first factor, on
    its block lines) inside ``areas``, given in scan pixels as discs ``(cx, cy, r)`` or boxes ``(x0, y0, x1, y1)``,
    less the ink (the same luma cut); a pixel of the reduced scan is in a disc when its centre is."""
    pre = _blocks(size)[0]
    cut = _luma_cut(ink_lightness)
    out = [np.zeros((0, 3), np.uint8)]
    for a in areas:
        if len(a) == 3:
            cx, cy, r = a
            x0, y0, x1, y1 = cx - r, cy - r, cx + r, cy + r
        else:
            x0, y0, x1, y1 = min(a[0], a[2]), min(a[1], a[3]), max(a[0], a[2]), max(a[1], a[3])
        # on the colour step's block lines (its strips start on multiples of ``pre``)
        a0, b0 = max(0, math.floor(x0 / pre) * pre), max(0, math.floor(y0 / pre) * pre)
        a1 = min(im.width // pre * pre, (math.floor(x1 / pre) + 1) * pre)
        b1 = min(im.height // pre * pre, (math.floor(y1 / pre) + 1) * pre)
        if a1 <= a0 or b1 <= b0:
            continue
        part = im.crop((a0, b0, a1, b1))
        if part.mode != "RGB":
            part = part.convert("RGB")
        if pre > 1:
            part = part.reduce(pre)
        rgb = np.asarray(part)
        sel = np.asarray(part.convert("L")) >= cut
        if len(a) == 3:
            yy, xx = np.mgrid[0:rgb.shape[0], 0:rgb.shape[1]]
            px, py = a0 + pre * xx + (pre - 1) / 2, b0 + pre * yy + (pre - 1) / 2
            sel &= (px - cx) ** 2 + (py - cy) ** 2 <= r * r
        out.append(rgb[sel])
    return np.concatenate(out)


def _luma_cut(ink_lightness: float) -> int:
    """The 8-bit luma below which a pixel is ink: CIELAB L* below ``ink_lightness`` (L* depends on luminance
    only, so it maps to one luma)."""
    y = ((ink_lightness + 16) / 116) ** 3 if ink_lightness > 8 else ink_lightness / 903.3
    return round(255 * (12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055))


def _odd(v: float) -> int:
    """The odd integer nearest ``v`` (a window centred on its pixel)."""
    return 2 * math.floor(v / 2) + 1


def _marks(luma: np.ndarray, width: int, length: int, depth: int) -> tuple[np.ndarray, np.ndarray]:
    """Thin dark printed marks in an 8-bit luma image: (dark, lines). Dark: ``depth`` or more darker than the
    image's grey closing over a ``width`` square (a black top-hat: lines and specks narrower than the window);
    lines: the dark pixels on a straight run of ``length`` dark pixels across, down or along a diagonal
    (outlines, hex lines, strokes of lettering; the dots of a texture are shorter)."""
    closed = _rank(_rank(luma, width, np.maximum), width, np.minimum)
    dark = (closed.astype(np.int16) - luma) >= depth
    out = np.zeros_like(dark)
    h, w = dark.shape
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        # e: the pixels where a run of ``length`` starts (every step along it dark); out: every pixel of a run
        ny, nx = h - dy * (length - 1), w - abs(dx) * (length - 1)
        if ny <= 0 or nx <= 0:
            continue
        x0 = abs(dx) * (length - 1) if dx < 0 else 0
        e = dark[:ny, x0:x0 + nx].copy()
        for k in range(1, length):
            e &= dark[k * dy:k * dy + ny, x0 + k * dx:x0 + k * dx + nx]
        for k in range(length):
            out[k * dy:k * dy + ny, x0 + k * dx:x0 + k * dx + nx] |= e
    return dark, out


def speck_share(im: Image.Image, size: float, shape: tuple[int, int],
                window: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """(h, w) float32 for the colour blocks of ``shape`` (:func:`_feature_image`'s, hexes of ``size`` px), or for
    its rows ``r0:r1`` and columns ``c0:c1`` (``window``: the same values, read from the pixels around it only):
    the share of each block's window (the masked mean's) covered by specks - thin dark marks (:func:`_marks`) that
    are not on a line nor beside one: a texture's dots, told at a hex of :data:`SPECK_HEX` px or more (smaller hexes'
    pixels repeated up to it), none under :data:`SPECK_FLOOR` px."""
    pre, f2, f = _blocks(size)
    h, w = shape
    r0, r1, c0, c1 = window or (0, h, 0, w)
    up = _speck_up(size)
    width, length = _odd(LINE_WIDTH * size * up / pre), max(2, round(LINE_LENGTH * size * up / pre))
    if up >= width:
        # a speck of one scan pixel, repeated, is as wide as the closing's window: none can be told (hexes under
        # SPECK_FLOOR px after the pre-reduction: review35 C1 - the repeated pixels were read for nothing)
        return np.zeros((r1 - r0, c1 - c0), np.float32)
    g = f2 * up  # a colour block's side in the pixels the specks are told in
    rows = max(1, SPECK_PIXELS // max(1, (c1 - c0) * g * g))
    if up > 1 and r1 - r0 > rows:  # the repeated pixels a strip of block rows at a time (the same values)
        return np.concatenate([speck_share(im, size, shape, (a, min(r1, a + rows), c0, c1))
                               for a in range(r0, r1, rows)])
    r = _smooth_radius(size, f)
    # the blocks read around the window: its blocks' windows, and the pixels a speck depends on (the closing's
    # two rank filters, a line's run, the pixel beside a line)
    m = r + 1 + -(-((width - 1) + (length - 1) + 1) // g)
    part, blocks_box = _window_part(im, shape, (r0, r1, c0, c1), m, f2, pre)
    if part is None:
        return np.zeros((r1 - r0, c1 - c0), np.float32)
    luma = np.asarray(part.convert("L"))
    if up > 1:  # each pixel repeated (SPECK_HEX)
        luma = np.repeat(np.repeat(luma, up, axis=0), up, axis=1)
    dark, lines = _marks(luma, width, length, LINE_DEPTH)
    specks = dark & ~_rank(lines, 3, np.maximum)  # a line's pixels and those beside it are not specks
    return _window_share(specks, blocks_box, g, r, (r0, r1, c0, c1))


def solid_share(im: Image.Image, size: float, shape: tuple[int, int], ink_lightness: float,
                window: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """(h, w) float32 for the colour blocks of ``shape`` (:func:`_feature_image`'s, hexes of ``size`` px), or for
    its rows ``r0:r1`` and columns ``c0:c1`` (``window``: the same values, read from the pixels around it only): the
    share of each block's window (the masked mean's) covered by solid ink - pixels darker than ``ink_lightness``
    (L*) where a square of :data:`LINE_WIDTH` hex sizes fits among them (an opening): a woods blob's mass of trees, a
    town's block, not the specks a texture is printed as, which are narrower than that square (:func:`speck_share`'s
    window; pattern.py, "a class its colour does not show"). Zeros where that square is under 3 px after the
    pre-reduction (no speck can be told from a solid there)."""
    pre, f2, f = _blocks(size)
    h, w = shape
    r0, r1, c0, c1 = window or (0, h, 0, w)
    width = _odd(LINE_WIDTH * size / pre)
    if width < 3:
        return np.zeros((r1 - r0, c1 - c0), np.float32)
    r = _smooth_radius(size, f)
    # the blocks read around the window: its blocks' windows, and the pixels the opening depends on
    m = r + 1 + -(-(width - 1) // f2)
    part, blocks_box = _window_part(im, shape, (r0, r1, c0, c1), m, f2, pre)
    if part is None:
        return np.zeros((r1 - r0, c1 - c0), np.float32)
    solid = _opening(np.asarray(part.convert("L")) < _luma_cut(ink_lightness), width)
    return _window_share(solid, blocks_box, f2, r, (r0, r1, c0, c1))


def _window_part(im: Image.Image, shape: tuple[int, int], window: tuple[int, int, int, int], m: int, f2: int,
                 pre: int) -> tuple[Image.Image | None, tuple[int, int, int, int]]:
    """The pixels :func:`speck_share` and :func:`solid_share` read for the blocks ``window`` (rows r0:r1, columns
    c0:c1 of the colour blocks of ``shape``, each ``f2`` pixels of the scan reduced ``pre`` times): those blocks and
    ``m`` more all round (within the blocks), the scan reduced - None where no pixel lies there - and those blocks'
    rows and columns (b0, b1, a0, a1)."""
    h, w = shape
    r0, r1, c0, c1 = window
    b0, b1, a0, a1 = max(0, r0 - m), min(h, r1 + m), max(0, c0 - m), min(w, c1 + m)
    right = im.width if a1 == w else min(im.width, a1 * f2 * pre)
    bottom = im.height if b1 == h else min(im.height, b1 * f2 * pre)
    box = (a0 * f2 * pre, b0 * f2 * pre, right, bottom)
    if box[2] <= box[0] or box[3] <= box[1]:
        return None, (b0, b1, a0, a1)
    return (im.reduce(pre, box=box) if pre > 1 else im.crop(box)), (b0, b1, a0, a1)


def _window_share(mask: np.ndarray, blocks_box: tuple[int, int, int, int], g: int, r: int,
                  window: tuple[int, int, int, int]) -> np.ndarray:
    """The share of ``mask`` (read from :func:`_window_part`'s pixels, ``g`` of them a block's side) over each block's
    window (the masked mean's: ``r`` blocks each way), for the blocks ``window`` (r0, r1, c0, c1)."""
    b0, b1, a0, a1 = blocks_box
    r0, r1, c0, c1 = window
    bh, bw = b1 - b0, a1 - a0
    grid = np.zeros((bh * g, bw * g), np.float32)
    hh, ww = min(bh * g, mask.shape[0]), min(bw * g, mask.shape[1])
    grid[:hh, :ww] = mask[:hh, :ww]
    blocks = grid.reshape(bh, g, bw, g).mean(axis=(1, 3))
    out = _box(blocks, r) / (2 * r + 1) ** 2
    return out[r0 - b0:r1 - b0, c0 - a0:c1 - a0]


def _speck_up(size: float) -> int:
    """How many times each pixel of the pre-reduced scan (:func:`_blocks`) is repeated across and down for
    :func:`speck_share` with hexes of ``size`` px: the least whole number making the hex :data:`SPECK_HEX` px or more
    there (1 at every board of the bench)."""
    pre = _blocks(size)[0]
    return max(1, math.ceil(SPECK_HEX * pre / size))


def _rank(a: np.ndarray, width: int, op: np.ufunc) -> np.ndarray:
    """The maximum (``op`` np.maximum) or minimum (np.minimum) of ``a`` over a ``width`` square around each pixel
    (the window cut at the edges), by rows then columns."""
    r = width // 2
    out = a
    for axis in (1, 0):
        src = out
        out = src.copy()
        n = src.shape[axis]
        for k in range(1, r + 1):
            if k >= n:
                break
            lo = [slice(None)] * 2
            hi = [slice(None)] * 2
            lo[axis], hi[axis] = slice(0, n - k), slice(k, n)
            op(out[tuple(lo)], src[tuple(hi)], out=out[tuple(lo)])  # the pixel k after
            op(out[tuple(hi)], src[tuple(lo)], out=out[tuple(hi)])  # the pixel k before
    return out


def _median(a: np.ndarray, axis: int | None = None) -> np.ndarray:
    """``np.median`` of finite values, as numpy computes it (the middle one, or the mean of the middle two in the
    array's own type) without its NaN check, whose first use imports ``numpy.ma`` (~8 ms of a run's CPU)."""
    s = np.sort(a.reshape(-1) if axis is None else a, axis=0 if axis is None else axis)
    n = s.shape[0 if axis is None else axis]
    h = n // 2
    lo, hi = np.take(s, h - 1 if n % 2 == 0 else h, axis=0 if axis is None else axis), np.take(
        s, h, axis=0 if axis is None else axis)
    return (lo + hi) / 2 if n % 2 == 0 else hi


def _quantile(a: np.ndarray, q: float) -> np.ndarray:
    """``np.quantile(a, q)`` (method "linear", a scalar ``q`` in 0..1) of the values of ``a``, as numpy computes
    it (the two neighbouring order statistics, interpolated in the array's own type as its ``_lerp`` does),
    without the ``np.unique`` of its partition, whose first use imports ``numpy.ma`` (~8 ms of a run's CPU).
    ``np.percentile(a, p)`` is ``_quantile(a, p / 100)``. Arrays holding NaN go to numpy."""
    arr = np.asarray(a).reshape(-1)
    n = arr.shape[0]
    if n == 0 or arr.dtype.kind != "f" or np.isnan(arr).any():
        return np.asarray(np.quantile(arr, q))
    vi = (n - 1) * float(q)
    lo = math.floor(vi)
    if vi >= n - 1:
        lo = hi = n - 1
    elif vi < 0:
        lo = hi = 0
    else:
        hi = lo + 1
    part = np.partition(arr, (lo, hi) if hi != lo else lo)
    prev, nxt = part[lo], part[hi]
    gamma = vi - math.floor(vi)
    diff = nxt - prev
    return np.asarray(nxt - diff * (1 - gamma) if gamma >= 0.5 else prev + diff * gamma)


def _box(a: np.ndarray, r: int) -> np.ndarray:
    """Sum over a (2r+1)^2 window (zero padding), as float32: rows then columns of shifted slices, in int32
    for integer input (exact) and float64 otherwise (exact for the masked mean's weights: float32 values in
    0..1, at most a few dozen of them; an integral image gave the same sums from 4 times the memory traffic)."""
    k = 2 * r + 1
    h, w = a.shape[:2]
    c = np.pad(a.astype(np.int32 if a.dtype.kind in "ui" else np.float64), [(r, r), (r, r)] + [(0, 0)] * (a.ndim - 2))
    rows = c[:h] + c[1:1 + h]
    for i in range(2, k):
        rows += c[i:i + h]
    out = rows[:, :w] + rows[:, 1:1 + w]
    for j in range(2, k):
        out += rows[:, j:j + w]
    return out.astype(np.float32)


def _hex_corners(layout: Layout, hexes: Sequence[Hex], inset: float = 1.0) -> np.ndarray:
    """(N, 6, 2) pixel corners of hexes, shrunk towards their centres by ``inset`` (vectorised: under
    an affine layout every hex's corners sit at the same offsets from its centre)."""
    axial = np.array([(h.q, h.r) for h in hexes], dtype=np.float64).reshape(-1, 2)
    m = np.array(layout.matrix)
    centres = axial @ m[:, :2].T + m[:, 2]
    unit = np.array(layout.corners(Hex(0, 0))) - np.array(layout.hex_to_pixel(Hex(0, 0)))
    return centres[:, None, :] + inset * unit[None, :, :]


def _hex_raster(layout_red: Layout, hexes: Sequence[Hex], shape: tuple[int, int], inset: float) -> np.ndarray:
    """Integer image of hex indices (-1 outside every hex), hexes drawn shrunk by ``inset``."""
    h, w = shape
    img = Image.new("I", (w, h), -1)
    d = ImageDraw.Draw(img)
    # Pillow fills the pixel a float coordinate truncates to: +0.5 makes that rounding. The points flat (x0, y0,
    # x1, ...), as ImageDraw.polygon takes them; Pillow's public API only (not its ImageDraw.draw internals)
    poly = d.polygon
    for i, pts in enumerate((_hex_corners(layout_red, hexes, inset) + 0.5).reshape(-1, 12).tolist()):
        poly(pts, fill=i)
    return np.asarray(img)


def _disc_raster(layout_red: Layout, hexes: Sequence[Hex], shape: tuple[int, int], radius: float) -> np.ndarray:
    """Integer image of hex indices (-1 elsewhere): the blocks whose centre lies within ``radius`` (a share of the
    hex size, under 0.866: inside the hex's sides, so no two discs meet) of each hex's centre."""
    h, w = shape
    out = np.full((h, w), -1, np.int32)
    if not hexes:
        return out
    r = radius * _hex_size(layout_red)
    axial = np.array([(hx.q, hx.r) for hx in hexes], dtype=np.float64).reshape(-1, 2)
    m = np.array(layout_red.matrix)
    centres = axial @ m[:, :2].T + m[:, 2]  # (N, 2) x, y in blocks (block j's centre at j)
    n = math.ceil(r) + 1
    dy, dx = np.mgrid[-n:n + 1, -n:n + 1]
    base = np.floor(centres).astype(np.int64)
    xs = base[:, 0:1] + dx.reshape(1, -1)
    ys = base[:, 1:2] + dy.reshape(1, -1)
    keep = (xs - centres[:, 0:1]) ** 2 + (ys - centres[:, 1:2]) ** 2 <= r * r
    keep &= (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    idx = np.broadcast_to(np.arange(len(hexes))[:, None], keep.shape)
    out[ys[keep], xs[keep]] = idx[keep]
    return out


def _opening(m: np.ndarray, size: int) -> np.ndarray:
    """The blocks of the mask ``m`` (h, w) that a ``size`` square fits in wholly with them (a binary opening)."""
    r = size // 2
    h, w = m.shape
    er = np.zeros_like(m)  # erosion: rows, then columns (outside the image counts as empty), ANDed in place
    if w > 2 * r:
        part = er[:, r:w - r]
        part[...] = m[:, :w - 2 * r]
        for i in range(1, size):
            part &= m[:, i:w - 2 * r + i]
    e = np.zeros_like(m)
    if h > 2 * r:
        part = e[r:h - r]
        part[...] = er[:h - 2 * r]
        for i in range(1, size):
            part &= er[i:h - 2 * r + i]
    out = np.zeros_like(m)  # dilation of the erosion
    for i in range(-r, r + 1):
        if i >= 0:
            out[i:] |= e[:h - i]
        else:
            out[:i] |= e[-i:]
    out2 = np.zeros_like(m)
    for i in range(-r, r + 1):
        if i >= 0:
            out2[:, i:] |= out[:, :w - i]
        else:
            out2[:, :i] |= out[:, -i:]
    return out2
