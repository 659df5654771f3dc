"""Terrain extraction: from a calibrated scan and a legend to per-hex terrain and hexside features.

Pipeline (digitizing.md sections 3-4, measured there):

0. **The map's region.** Only the grid's hexes and ``REGION_MARGIN`` hex sizes around them are read, every
   reduction counted from that region's corner, which the grid sets (a scan cut nearer the map is padded past its
   edge with the edge's colours): the same map scanned with another margin, or cut from a bigger sheet, reads the
   same.
1. **Ink mask.** Dark pixels (hex lines, numbers, names, symbols; CIELAB ``L*`` below the legend's
   ``ink`` lightness) are left out of every colour average.
2. **Masked local mean.** The scan is averaged over blocks (Pillow ``reduce``, C speed) of non-ink
   pixels only, then box-filtered to about a quarter of a hex: patterned terrain (marsh hatching,
   tree dots, stipple) becomes one stable colour. Block size scales with the hex size, so a 300-dpi
   scan costs little more than a small one.
3. **CIELAB nearest centroid.** Every block is given the legend terrain nearest in Delta E, or
   "unknown" beyond ``max_delta_e``.
4. **Hex-id raster.** Each hex is drawn inset to 85% of its size (keeping out hex lines and the
   colour bleeding across them) with its index into an integer image; one ``np.bincount`` over
   ``hex * classes + class`` gives the class counts of every hex, hence fractions, the dominant
   terrain and a confidence. Hexes cut by the image edge keep their visible fraction (``partial``).
5. **Hexside features.** For every hexside a band is sampled along its middle 80% and across
   +-15% of the hex size; a sample "hits" a feature when it is within the feature's Delta E
   tolerance. ``along`` features (rivers, lake bands drawn on the side) score the fraction of
   positions hit (a line drawn beside its side, about parallel to it, up to 0.3 hex off it and nearer it than
   any other side, as wide as where it lies on its sides, is read with the band centred on it:
   ``extract_sides._beside``); ``across`` features (roads, railways crossing the side) score the longest run of
   positions where the colour shows on *both* sides of the printed hex line (the band's middle left
   out), near the side's middle, in runs of at most ``MAX_CROSSING`` hex sizes - so a dark railway
   is not confused with the hex lines, nor a road colour with an area of similar terrain. A sample
   counts only for the feature whose colour it is nearest. No ``along`` feature is reported between
   two water hexes, nor between a water and a land hex (that line is the coast) unless it says
   ``on_coast: true``; ``coast`` features are those water|land sides, from the terrain. The legend
   colour is first adapted to the scan (it
   never survives blur, JPEG and the hex line printed over it): from marked example sides
   (``yes``/``no``) when given - colour, tolerance, line width and threshold are then all learned -
   otherwise from the samples that match it best. Thresholds default to sizes relative to the hex.

The result (:class:`Extraction`) becomes a map (:func:`to_terrain_map`) whose ``review:`` list
names the ambiguous hexes, and a QA picture (:func:`draw_overlay`).

The steps live in :mod:`.extract_raster` (1-2, 4), :mod:`.extract_legend` (the legend and its samples),
:mod:`.extract_sides` (5) and :mod:`.extract_output` (map and QA picture); their public names are importable
from here.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PIL import Image

from .. import yamlfile
from ..errors import InputError
from ..hexgrid import Grid, Hex, Layout
from .blobs import MOST as BLOB_MOST
from .blobs import Blobs, blob_shares_reaching, learn_blobs
from .centredot import CentreDots, centre_dots, dot_places
from .chosen import choose_symbols, failing, filled
from .colour import lab_to_rgb, rgb_to_hex, rgb_to_lab
from .extract_legend import CENTRE_RADIUS, MASK_TAKES, _ink_lightness, terrain_grounds
from .extract_legend import LEGEND_LIMITS as LEGEND_LIMITS
from .extract_legend import WATER_NAMES as WATER_NAMES
from .extract_legend import FeatureClass as FeatureClass
from .extract_legend import Legend as Legend
from .extract_legend import LineMask as LineMask
from .extract_legend import TerrainClass as TerrainClass
from .extract_legend import _masked_colours as _masked_colours
from .extract_legend import legend_from_dict as legend_from_dict
from .extract_legend import line_masks as line_masks
from .extract_legend import load_legend as load_legend
from .extract_output import draw_overlay as draw_overlay
from .extract_output import overlay_scale as overlay_scale
from .extract_output import to_terrain_map as to_terrain_map
from .extract_raster import (
    MASK_TOLERANCE,
    _blocks,
    _disc_raster,
    _feature_images,
    _Features,
    _hex_corners,
    _hex_raster,
    _median,
    _opening,
    _quantile,
    _smooth_radius,
    solid_share,
    speck_share,
)
from .extract_raster import MAX_BLOCKS as MAX_BLOCKS
from .extract_raster import MAX_OFF_IMAGE as MAX_OFF_IMAGE
from .extract_raster import _feature_image as _feature_image
from .extract_raster import _hex_size as _hex_size
from .extract_raster import check_image_size as check_image_size
from .extract_sides import MAX_CROSSING as MAX_CROSSING
from .extract_sides import _crossing as _crossing
from .extract_sides import _hexsides
from .extract_sides import _ink_like as _ink_like
from .extract_sides import _learn as _learn
from .extract_sides import _score as _score
from .lines import chroma_halved as _chroma_halved
from .marks import Marks, _Window, furthest_marks, learn_marks, mark_shares
from .outline import Outlined
from .outline import learn as learn_outlined
from .outline import read as read_outlined
from .pattern import (
    TEXTURE_FLOOR,
    TEXTURE_SHARE,
    TEXTURE_SURE,
    HexPair,
    Told,
    confused_pairs,
    edge_density,
    hex_pair_past,
    hex_textures,
    inner_blocks,
    learn_hex_pair,
    learn_pairs,
    learn_speckled,
    own_specks,
    read_hex_pair,
    read_pairs,
    read_speckled,
    speckled_beyond,
)
from .rules import CentreCheck, Rules, check_centre, decide, learn, meets
from .symbols import SymbolReport, _dilate, find_symbols, one_reduction
from .texture import KEEP as TEXTURE_KEEP
from .texture import Dotted, _Reader, check_dotted, dot_fields, dot_share, dotted_classes
from .warp import follow_print

__all__ = [
    "Extraction",
    "FeatureClass",
    "HexResult",
    "Legend",
    "TerrainClass",
    "draw_overlay",
    "extract",
    "legend_from_dict",
    "load_legend",
    "to_terrain_map",
]

Progress = Callable[[str], None]
INSET = 1.0  # hexes are measured inside this share of their size
REVIEW_BELOW = 0.6  # a hex whose dominant terrain covers less than this is listed for review
REVIEW_UNKNOWN = 0.25  # a hex more of which than this matches no legend colour is listed for review
NEAR_RULE = 0.15  # ... as is a hex whose share lies within this part of a coverage rule's threshold of it
# a symbol class whose leave-one-out check finds fewer than this share of its examples: every hex it decides is
# listed (_symbol_doubt; gota notes 1)
SYMBOL_LOO_LEAST = 0.5
# a hex read by its colour as a class printed as marks or small symbols over other grounds (marks.py, blobs.py),
# holding no more of them than the other classes' examples do, is read back to the ground its examples print them on
# (_read_marks, blobs.py step 5); False: those readings only add the class
READ_BACK = True
# what "matches no legend colour" leaves out (a module flag only so that tests can read a board without it): blocks
# that are a legend line's colour averaged with a terrain's (_line_mixes), and a class whose own example hexes are
# over REVIEW_UNKNOWN unknown colour (printed with a colour the legend does not list) is not listed for it
UNKNOWN_KNOWN = True
# a hex less than this share of which is of a legend colour is read as nothing, as one less than 5% on the image is:
# the rest is a colour no terrain owns - the flat margin round a printed map, a chart - and a sliver of a colour
# is no reading of the hex. Next War: Korea's hexes over the dark blue margin (0800, 0801, 0922, 4800, 4900: 0-3% of
# a legend colour, the map's edge across a corner) were read water by that sliver, their neighbours wholly in the
# margin nothing (nearbar; RESULTS-nwk.md "off-map hexes"). Only where the rest is unknown as the review counts it
# (UNKNOWN_KNOWN: a line's mix with a terrain, a colour the class's own examples print, a print over the map are let
# off: such a hex is read as before). 0: only a hex with no block of a legend colour
KNOWN_FLOOR = 0.05
MIX_NEXT = 2  # blocks: how far from a block of a line's own colour its mix with a terrain may lie (review37 M1)
# a colour block goes to its nearest sampled terrain only within that terrain's spread: SPREAD_FACTOR times the
# SPREAD_PERCENTILE-th percentile of its own samples' distances (Delta E) to its colour or to its colour mixed
# with another legend terrain's (a block at the edge of a patch averages the two), at least SPREAD_MIN
SPREAD_PERCENTILE = 90.0
SPREAD_FACTOR = 2.0
SPREAD_MIN = 8.0  # Delta E: a few just-noticeable differences (a flat printed tint's samples spread by ~1)
# a class printed in parts of different colours (a yellow hex with a red ring, a runway and buildings drawn over
# it) has a median colour none of its parts have: where fewer than MODE_BELOW of its samples lie within
# MODE_RADIUS (Delta E) of the median, the class is read by its commonest colour - the largest of MODE_CLUSTERS
# k-means clusters of its samples - when that colour is its own (its share of samples within MODE_RADIUS of it is
# larger than every other class's share there: a field's green that is the woods' colour is not), else by the
# median as before
MODE_BELOW = 0.25
MODE_RADIUS = 10.0
MODE_CLUSTERS = 6
# ... and such a class (a patchwork: fields of the woods' green, yellow-green and teal plots with red roofs) is
# also read by each of those clusters holding PART_SHARE of its samples or more that is its own colour: its own
# (as above), farther than MODE_RADIUS from the colour it is read by, and no mix of two other colours it or
# another class is read by, or of its other clusters (the roof, not the brown where a roof is averaged with a plot)
PART_SHARE = 0.08
# a class painted in graded bands of one hue (a relief lighter towards its foot) has a median colour its lightest
# band lies far from, so the blocks where that band meets the next class read as that class: such a class (not a
# patchwork) is also read by each cluster of its samples (as above: MODE_CLUSTERS, PART_SHARE, farther than
# MODE_RADIUS from its colour, its own) that lies on the ramp its samples spread along (within BLEND_RADIUS of the
# line through its colour along their principal axis); a module flag only so that tests can read without it
BANDS = True
BAND_LIGHTNESS = float(np.cos(np.radians(30.0)))  # the ramp lies within 30 degrees of the L* axis
# a dotted class is its ground's class with dots printed over it (texture.py): a hex read by colour as another
# class, which covers less of it than the ground does with and without the dots, is the ground's class or the
# dotted class, whichever covers more (sand with a patch of dots beside a marsh patch is not marsh); a module
# flag only so that tests can read a board without the rule
GROUND_WITH_DOTS = True
# a block read as a third terrain where two others meet and lying on their mix (see _split_blends): within this
# Delta E of the segment between their colours, and not within this share of it from either end
BLEND_RADIUS = 6.0
BLEND_END = 0.2
BLEND_ALIKE = 2  # at most this many of its 8 neighbours read as the same third terrain (a line along the boundary)
# a block darkened by the ink (see _split_inked: a road's fill between its dark edges, a shadow, a dark outline
# blurred into the ground) and read as another terrain is the ground's: lying within BLEND_RADIUS of the mix of the
# ground's colour with the ink (neutral, the legend's ink lightness), INK_NEARER times nearer it than its own
# terrain's colours, in a line of such blocks (an opening by a square of INK_LINE blocks, half a hex, leaves none
# of it), taken from the ground beside it in INK_PASSES steps; a module flag only so that tests can read a board
# without the rule
INKED = True
INK_NEARER = 2.0
INK_LINE = 5
INK_PASSES = 3
# a class printed as outlined patches told from art of its colours on another class's ground (outline.py)
OUTLINES = True
# classes of nearly one colour told apart hex by hex by their texture, where the examples part them (pattern.py); a
# module flag only so that tests can read a board without the rule
TEXTURES = True
# classes printed as marks of a colour of their own over other classes' grounds, read by that colour's share of the
# hex (marks.py); a module flag only so that tests can read a board without the rule
MARKS = True
# a class whose colour readings fail its own examples read by its printed symbol where a template of them finds them
# (chosen.py); a module flag only so that tests can read a board without the rule
SYMBOLS_CHOSEN = True


# --- results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HexResult:
    """One hex: dominant terrain (``None`` if nothing on the image could be classified), the share of
    the dominant terrain among classified pixels (``confidence``), all terrain shares, the unknown
    share, the visible part of the hex, and why it needs review (empty if it does not)."""

    terrain: str | None
    confidence: float
    fractions: dict[str, float]
    unknown: float
    visible: float
    review: str = ""
    # the class whose colour the hex's ground is, where the hex was given another class by what is printed over that
    # ground (its marks, marks.py): the lines are read against this ground (extract_sides)
    ground: str | None = None


@dataclass
class Extraction:
    """What :func:`extract` found."""

    grid: Grid
    legend: Legend
    hexes: dict[str, HexResult]
    hexsides: dict[str, frozenset[str]]
    symbols: dict[str, set[str]] = field(default_factory=dict)  # symbol -> hexes holding it
    side_scores: dict[str, dict[str, float]] = field(default_factory=dict)  # feature -> side -> score
    thresholds: dict[str, tuple[float, float]] = field(default_factory=dict)  # feature -> (tolerance, threshold)
    timings: dict[str, float] = field(default_factory=dict)
    rules: Rules | None = None  # the terrain rules applied (legend priority), with their check
    symbol_reports: dict[str, SymbolReport] = field(default_factory=dict)
    line_styles: dict[str, str] = field(default_factory=dict)  # black line feature -> what it was taken for
    dotted: frozenset[str] = frozenset()  # the classes judged by their dots (texture.py): near their ground's colour
    masks: tuple[LineMask, ...] = ()  # line masks kept to thin marks: they took a terrain's examples (line_masks)
    centre_check: CentreCheck | None = None  # the examples read by the centre and whole (legend without centre:)
    # the hexes' centres looked at for a printed dot (legend without centre:, examples not against: centredot.py);
    # when it is found the hexes were read by their centres
    centre_dots: CentreDots | None = None
    # an 'along' line whose colour and tolerance learned from its marked sides found none of them (band notes 4):
    # feature -> what was learned, why it missed them and how the line was read instead (advice.py prints it)
    unlearned: dict[str, str] = field(default_factory=dict)

    def review(self) -> list[str]:
        """Ids of the hexes to check by eye, in grid order."""
        return [h for h, r in self.hexes.items() if r.review]

    def counts(self) -> tuple[dict[str, int], dict[str, int]]:
        """How many hexes each terrain was given, and how many hexsides each feature was found on."""
        terrain: dict[str, int] = {}
        for r in self.hexes.values():
            if r.terrain:
                terrain[r.terrain] = terrain.get(r.terrain, 0) + 1
        feats: dict[str, int] = {}
        for fs in self.hexsides.values():
            for f in fs:
                feats[f] = feats.get(f, 0) + 1
        return terrain, feats


# --- the extractor ---------------------------------------------------------------------------------


def _samples_followed(legend: Mapping[str, Any], grid: Grid, size: tuple[int, int]) -> Mapping[str, Any]:
    """``legend`` with its terrains' pixel samples (``box``, ``points``: pixels of the scan as the user picked them)
    moved to where the scan the extraction reads (:func:`.warp.follow_print`) shows those pixels: the point ``q``
    goes to ``p`` with ``p + d(p) = q`` (d the warp's offset; two fixed-point steps, d being smooth). They were read
    off the resampled scan at the scan's coordinates, up to the warp's offset (10 px on Seelowe) from the pick.
    Entries that are not well formed are left as they are, for the legend's reader to name."""
    from .warp import from_print

    def moved(x: float, y: float) -> tuple[float, float]:
        fx, fy = from_print(grid, np.array([x]), np.array([y]), steps=2)
        px, py = float(fx[0]), float(fy[0])
        if 0 <= x < size[0] and 0 <= y < size[1]:  # a pick on the image stays on it (off it: the reader says so)
            px, py = min(max(px, 0.0), size[0] - 1.0), min(max(py, 0.0), size[1] - 1.0)
        return round(px, 2), round(py, 2)

    return _samples_mapped(legend, moved)


#: hex sizes: the part of the scan extraction reads is the grid's hexes (their corners) and this much around them.
#: Everything it learns (colour blocks, line masks, symbols, paper and ink) is read there, its pixels counted from that
#: region's corner: a scan of the same map with another margin, or the same map cut from a bigger sheet, reads the
#: same (the reductions to blocks and working scales began at the scan's own corner, so where the paper ended moved
#: every block: Afrika's region 1 read 117 of 120 hexes right on the published scan, 118 on it cut to the extent and
#: two hexes). The margin holds what is read beyond the outer hexsides: the bands across them (0.3 hex), the black
#: lines' cut (1.2), a line's run out of the band, a symbol on an edge hex.
REGION_MARGIN = 1.5


@dataclass(frozen=True)
class _Cut:
    """Where the map's region (:func:`_region`) lies on the scan: ``corner``, the scan pixel of its (0, 0) (negative
    where the region reaches past the scan's edge, the part beyond padded), and ``on``, the region's pixels that are
    the scan's (x0, y0, x1, y1)."""

    corner: tuple[int, int]
    on: tuple[int, int, int, int]


def _run_on(part: Image.Image, left: int, top: int) -> Image.Image:
    """``part`` with ``left`` columns and ``top`` rows before it, each a copy of its first column or row (the edge's
    colours run on: no colour, line or edge that is not on the scan is added, and every block, band and window by the
    edge holds the colours it would hold at the scan's own corner)."""
    w, h = part.size
    out = Image.new(part.mode, (left + w, top + h))
    out.paste(part, (left, top))
    if left:
        out.paste(part.crop((0, 0, 1, h)).resize((left, h), Image.Resampling.NEAREST), (0, top))
    if top:
        out.paste(out.crop((0, top, left + w, top + 1)).resize((left + w, top), Image.Resampling.NEAREST), (0, 0))
    return out


class _RunOn(Image.Image):
    """:func:`_run_on` of ``part``, made only where it is read: a crop or a reduction of a box (the colour step's
    strips, extract_raster._feature_images; the centre dots' and the textures' windows) is made from ``part`` and
    the run-on of that box alone; any other use makes the whole padded image once (:func:`_run_on`). The scan a user
    opens stays in memory for the QA picture, so a whole padded copy beside it was a second full-size image (the
    bench's 6800x4400 command, whose grid runs past the scan's top-left: peak RSS 290 -> 421 MB, minor page faults
    65k -> 83k, and the copy's fill and paste, from 3b8938f). The same pixels (test_region_run_on)."""

    def __init__(self, part: Image.Image, left: int, top: int) -> None:
        super().__init__()
        self._part, self._left, self._top = part, left, top
        self._mode, self._size = part.mode, (left + part.width, top + part.height)

    @property  # type: ignore[override]
    def im(self) -> Any:
        if self._im is None:  # any use but a crop or a box's reduction: the whole padded image, once
            self._im = _run_on(self._part, self._left, self._top).im
        return self._im

    @im.setter
    def im(self, im: Any) -> None:
        self._im = im

    def load(self) -> Any:
        _ = self.im
        return super().load()

    def _lazy(self, box: Any) -> tuple[int, int, int, int] | None:
        """``box`` as ints where it is read from ``part`` (inside the image, not empty, nothing made whole yet)."""
        if self._im is not None or box is None or self.mode not in ("RGB", "L", "RGBX", "CMYK", "YCbCr", "LAB", "HSV"):
            return None
        x0, y0, x1, y1 = (round(v) for v in box)
        if x1 <= x0 or y1 <= y0 or x0 < 0 or y0 < 0 or x1 > self.width or y1 > self.height:
            return None
        return x0, y0, x1, y1

    def crop(self, box: tuple[float, float, float, float] | None = None) -> Image.Image:
        b = self._lazy(box)
        if b is None:
            return super().crop(box)
        x0, y0, x1, y1 = b
        bw, bh = x1 - x0, y1 - y0
        left, top = min(bw, max(0, self._left - x0)), min(bh, max(0, self._top - y0))
        sx, sy = max(0, x0 - self._left), max(0, y0 - self._top)
        out = Image.new(self.mode, (bw, bh), None)  # (no fill: every pixel is written below)
        # as _run_on: the scan's pixels (pasted from the scan, clipped to the box), the columns run on from its first
        # column, then the rows (with those columns) from its first row
        if bw > left and bh > top:
            out.paste(self._part, (left - sx, top - sy))
        if left and bh > top:
            col = self._part.crop((0, sy, 1, y1 - self._top))
            out.paste(col.resize((left, bh - top), Image.Resampling.NEAREST), (0, top))
        if top:
            row = out.crop((0, top, bw, top + 1)) if bh > top else self.crop((x0, self._top, x1, self._top + 1))
            out.paste(row.resize((bw, top), Image.Resampling.NEAREST), (0, 0))
        return out

    def reduce(self, factor: int | tuple[int, int], box: tuple[int, int, int, int] | None = None) -> Image.Image:
        b = self._lazy(box)
        fx, fy = (factor, factor) if isinstance(factor, int) else factor
        if b is None or (fx, fy) == (1, 1):
            return super().reduce(factor, box)
        x0, y0, x1, y1 = b
        lx, ty = min(x1, max(x0, self._left)), min(y1, max(y0, self._top))  # where the scan's pixels begin
        if (lx - x0) % fx or (ty - y0) % fy or lx == x1 or ty == y1:
            return self.crop(b).reduce(factor)  # a box's reduction is that of its crop
        # no block straddles the run-on's edge: the scan's blocks reduced from the scan itself (no copy of it), the
        # run-on's from its own crop
        out = Image.new(self.mode, (-(-(x1 - x0) // fx), -(-(y1 - y0) // fy)), None)
        out.paste(self._part.reduce((fx, fy), (lx - self._left, ty - self._top, x1 - self._left, y1 - self._top)),
                  ((lx - x0) // fx, (ty - y0) // fy))
        if lx > x0:
            out.paste(self.crop((x0, ty, lx, y1)).reduce((fx, fy)), (0, (ty - y0) // fy))
        if ty > y0:
            out.paste(self.crop((x0, y0, x1, ty)).reduce((fx, fy)), (0, 0))
        return out


def _region(image: Image.Image, grid: Grid, legend: Mapping[str, Any] | Legend, size: float
            ) -> tuple[Image.Image, Grid, Mapping[str, Any] | Legend, _Cut]:
    """The part of ``image`` extraction reads (:data:`REGION_MARGIN`; on a warped grid the scan as
    :func:`.warp.follow_print` reads it there), ``grid`` moved onto it, ``legend`` with its pixel samples (``box``,
    ``points``) moved onto it, and where it lies on the scan. Pixel samples off the map's region (a key printed
    beside the map) widen the region to hold them (with the margin): they belong to the scan they were picked on.

    The region's corner is the grid's (its hexes' corners less the margin), wherever the scan's edge lies: a scan cut
    nearer the map than the margin is padded out to it (:func:`_run_on`; made where it is read, :class:`_RunOn`), so
    every reduction keeps the grid's phase (before, the corner stopped at the scan's edge and a scan cut tight to the
    map, every whole board of the bench, read at its paper edge's alignment: the one-pixel block phase moved Red
    Winter's and Afrika's lines; issue 14).
    The hexes counted are those on the scan (a corner's bounding box meets it): a grid running on off the scan (one
    sheet of a bigger map) pads no more than a hex and the margin."""
    assert grid.layout is not None
    hexes = grid.hexes()
    corners = _hex_corners(grid.layout, hexes)
    bmin, bmax = corners.min(axis=1), corners.max(axis=1)
    touch = ((bmax[:, 0] >= 0) & (bmin[:, 0] <= image.width) & (bmax[:, 1] >= 0) & (bmin[:, 1] <= image.height))
    pts = (corners[touch] if touch.any() else corners).reshape(-1, 2)
    extra = [] if isinstance(legend, Legend) else _sample_pixels(legend)
    if len(extra):  # a box reaching beyond the scan's edge is read where it lies on the scan
        on = np.clip(np.asarray(extra, np.float64).reshape(-1, 2), 0, [image.width - 1, image.height - 1])
        pts = np.concatenate([pts, on])
    lo = pts.min(axis=0) - REGION_MARGIN * size
    hi = pts.max(axis=0) + REGION_MARGIN * size
    x0, y0 = math.floor(lo[0]), math.floor(lo[1])
    x1, y1 = min(image.width, math.ceil(hi[0]) + 1), min(image.height, math.ceil(hi[1]) + 1)
    if x1 <= max(0, x0) or y1 <= max(0, y0) or _samples_off(legend, image.width, image.height):
        # no hex near the image (check_image_size refuses most such grids), or a pixel sample off it (the legend's
        # reader says where, on the scan): the whole scan
        x0, y0, x1, y1 = 0, 0, image.width, image.height
    sx0, sy0 = max(0, x0), max(0, y0)  # the part of the region on the scan
    lay = grid.layout
    moved = lay.translated(-x0, -y0)
    if grid.warp is not None and grid.warp.nodes:
        # the print is read where the warp says it lies, up to its largest offset beyond the region
        w = math.ceil(max(math.hypot(n.dx, n.dy) for n in grid.warp.nodes)) + 1
        wx0, wy0 = max(0, sx0 - w), max(0, sy0 - w)
        wx1, wy1 = min(image.width, x1 + w), min(image.height, y1 + w)
        wide = dataclasses.replace(grid, layout=lay.translated(-wx0, -wy0))
        part = follow_print(image.crop((wx0, wy0, wx1, wy1)), wide)
        part = part.crop((sx0 - wx0, sy0 - wy0, x1 - wx0, y1 - wy0))
    else:
        part = image if (sx0, sy0, x1, y1) == (0, 0, image.width, image.height) else image.crop((sx0, sy0, x1, y1))
    if (sx0, sy0) != (x0, y0):
        part = _RunOn(part, sx0 - x0, sy0 - y0)
    if not isinstance(legend, Legend) and (x0, y0) != (0, 0):
        legend = _samples_moved(legend, -x0, -y0)
    cut = _Cut((x0, y0), (sx0 - x0, sy0 - y0, x1 - x0, y1 - y0))
    return part, dataclasses.replace(grid, layout=moved), legend, cut


def _pixel_terrains(legend: Mapping[str, Any]) -> list[tuple[Any, Mapping[str, Any]]]:
    """The legend's terrains sampled by pixels of the scan (``box`` or ``points``; not ``hexes`` nor a colour)."""
    terrain = legend.get("terrain")
    if not isinstance(terrain, Mapping):
        return []
    return [(name, v) for name, v in terrain.items()
            if isinstance(v, Mapping) and not v.get("hexes") and not (v.get("colour") or v.get("color"))
            and (v.get("box") or v.get("points"))]


def _numbers(seq: Any, n: int) -> list[float] | None:
    if isinstance(seq, (str, bytes)) or not isinstance(seq, Sequence) or len(seq) != n:
        return None
    try:
        out = [float(t) for t in seq]
    except (TypeError, ValueError):
        return None
    return out if all(math.isfinite(t) for t in out) else None


def _sample_pixels(legend: Mapping[str, Any]) -> list[tuple[float, float]]:
    """The scan pixels of the legend's pixel samples (a box's two corners, each point); entries that are not well
    formed are left out (the legend's reader names them)."""
    out: list[tuple[float, float]] = []
    for _name, v in _pixel_terrains(legend):
        if v.get("box"):
            box = _numbers(v["box"], 4)
            if box is not None:
                out += [(box[0], box[1]), (box[2], box[3])]
        elif isinstance(v["points"], Sequence) and not isinstance(v["points"], (str, bytes)):
            out += [(xy[0], xy[1]) for pt in v["points"] if (xy := _numbers(pt, 2)) is not None]
    return out


def _samples_off(legend: Mapping[str, Any] | Legend, width: int, height: int) -> bool:
    """True when a pixel sample of ``legend`` lies off a ``width`` x ``height`` scan: a point off it, or a box with no
    pixel on it (one reaching beyond the edge is read where it lies on it)."""
    if isinstance(legend, Legend):
        return False
    for _name, v in _pixel_terrains(legend):
        if v.get("box"):
            box = _numbers(v["box"], 4)
            if box is not None and (max(box[0], box[2]) < 0 or max(box[1], box[3]) < 0
                                    or min(box[0], box[2]) >= width or min(box[1], box[3]) >= height):
                return True
        elif (isinstance(v["points"], Sequence) and not isinstance(v["points"], (str, bytes))
              and any(not (0 <= xy[0] < width and 0 <= xy[1] < height)
                      for pt in v["points"] if (xy := _numbers(pt, 2)) is not None)):
            return True
    return False


def _samples_moved(legend: Mapping[str, Any], dx: int, dy: int) -> Mapping[str, Any]:
    """``legend`` with its pixel samples moved by whole pixels (onto the region :func:`_region` reads)."""
    return _samples_mapped(legend, lambda x, y: (x + dx, y + dy))


def _samples_mapped(legend: Mapping[str, Any], fn: Callable[[float, float], tuple[float, float]]
                    ) -> Mapping[str, Any]:
    """``legend`` with each pixel of its terrains' pixel samples (a box's two corners, each point) mapped by ``fn``;
    entries that are not well formed are left as they are, for the legend's reader to name."""
    mapped: dict[Any, Any] = {}
    for name, v in _pixel_terrains(legend):
        v = _lined_copy(v)
        if v.get("box"):
            box = _numbers(v["box"], 4)
            if box is not None:
                (x0, y0), (x1, y1) = fn(box[0], box[1]), fn(box[2], box[3])
                v["box"] = [x0, y0, x1, y1]
        elif isinstance(v["points"], Sequence) and not isinstance(v["points"], (str, bytes)):
            v["points"] = [list(fn(*xy)) if (xy := _numbers(pt, 2)) is not None else pt for pt in v["points"]]
        mapped[name] = v
    if not mapped:
        return legend
    terrain = _lined_copy(legend["terrain"])
    terrain.update(mapped)
    out = _lined_copy(legend)
    out["terrain"] = terrain
    return out


def _lined_copy(m: Mapping[str, Any]) -> dict[str, Any]:
    """A shallow copy of ``m`` that keeps the lines a legend file gave its keys (the legend's reader names them in
    its messages: moving a sample box onto the region must not lose them)."""
    if isinstance(m, yamlfile.LinedMap):
        out = yamlfile.LinedMap(m)
        out.line, out.key_lines, out.value_lines = m.line, dict(m.key_lines), dict(m.value_lines)
        return out
    return dict(m)


def _on_scan(ext: Extraction, grid: Grid, origin: tuple[int, int]) -> Extraction:
    """``ext`` read on the region :func:`_region` cut, given back on the scan: its grid the scan's, the symbols'
    pixels (where each was found, its outlined parts' corner) the scan's."""
    ext.grid = grid
    ox, oy = origin
    if (ox, oy) != (0, 0):
        for rep in ext.symbol_reports.values():
            rep.stamps = [(x + ox, y + oy) for x, y in rep.stamps]
            rep.origin = (rep.origin[0] + ox, rep.origin[1] + oy, rep.origin[2])
    return ext


def extract(image: Image.Image, grid: Grid, legend: Mapping[str, Any] | Legend, *,
            progress: Progress | None = None, features: bool = True, cast_passes: int = 2,
            chroma_halved: bool | None = None) -> Extraction:
    """Classify every hex of ``grid`` (which must carry a calibration) on ``image`` with ``legend``
    (a :class:`Legend`, or its file form, whose samples are then read from this image). A grid with a warp (a
    folded scan, ``wgt map calibrate``) is read where the warp says the print lies (:func:`.warp.follow_print`).
    ``chroma_halved``: whether the image was a JPEG that stores its colour at half resolution (traced notes 12);
    None reads it from ``image`` itself, which only a JPEG file as opened knows (a crop or ``convert()`` of it, or
    a PNG saved from it, reads as not halved: say True there)."""
    with one_reduction():  # the working scale reduced and coded once for the marks and every line (review C8)
        return _extract(image, grid, legend, progress=progress, features=features, cast_passes=cast_passes,
                        chroma_halved=chroma_halved)


def _extract(image: Image.Image, grid: Grid, legend: Mapping[str, Any] | Legend, *,
             progress: Progress | None = None, features: bool = True, cast_passes: int = 2,
             chroma_halved: bool | None = None) -> Extraction:
    """:func:`extract`."""
    size = check_image_size(image.width, image.height, grid)
    if grid.warp is not None and not isinstance(legend, Legend):
        legend = _samples_followed(legend, grid, image.size)
    scan_grid = grid
    scan_size = (image.width, image.height)  # the user's scan, named in the legend reader's messages
    # a JPEG's chroma at half resolution: a thin line's colour smeared (traced notes 12)
    halved = _chroma_halved(image) if chroma_halved is None else chroma_halved
    # the map's region: every step below reads this part of the scan only, its pixels counted from its corner
    image, grid, legend, cut = _region(image, grid, legend, size)
    assert grid.layout is not None
    layout = grid.layout
    say = progress or (lambda _m: None)
    t0 = time.perf_counter()
    times: dict[str, float] = {}
    ink_l = legend.ink_lightness if isinstance(legend, Legend) else _ink_lightness(legend)
    part = "" if image.size == scan_size else f" of the {scan_size[0]}x{scan_size[1]} px scan: the map's region"
    say(f"masking ink and averaging colours ({image.width}x{image.height} px{part}, hexes of {size:.0f} px)")
    # each line's mask checked against the terrain examples: of a colour that is a terrain's too, thin marks only
    masks = line_masks(legend, image, grid, ink_l)
    # a mask kept to thin marks for the terrain's sake: the lines are read against the colours every line's whole
    # mask leaves (below), made from the same strips of the scan (review C1: it was a second pass over the image)
    fi, full = _feature_images(image, size, ink_l, [m.rgb for m in masks], [m.own if m.thin else None for m in masks],
                               whole=features and not isinstance(legend, Legend) and any(m.took for m in masks))
    times["colour"] = time.perf_counter() - t0
    leg = legend if isinstance(legend, Legend) else legend_from_dict(legend, image, grid, fi, scan_size)
    if not leg.terrains:
        raise InputError("the legend lists no terrain")

    # classify every block, then correct a smooth colour cast (uneven lighting, a yellowed sheet)
    # measured on the confidently classified hexes, and classify again
    t = time.perf_counter()
    say(f"classifying {fi.lab.shape[0] * fi.lab.shape[1]} colour blocks against {len(leg.terrains)} terrains")
    cents = class_colours(leg.terrains)
    k = len(cents)
    ft = np.ascontiguousarray(fi.lab.reshape(-1, 3).T)  # (3, blocks): L*, a*, b* each contiguous
    valid = fi.valid.reshape(-1)
    protos, owner = part_colours(leg.terrains, cents)
    pcls, pnear = _classify(ft, valid, protos, leg.max_delta_e, nearest=True)
    assert pnear is not None
    nearest = pnear[:k]
    # every legend colour must match something on the scan
    for j, tc in enumerate(leg.terrains):
        if nearest[j] > leg.max_delta_e:
            raise InputError(f"legend terrain {tc.name!r} ({rgb_to_hex(lab_to_rgb(tc.lab))}) matches nothing on "
                             f"the image (nearest colour is Delta E {nearest[j]:.0f} away, limit {leg.max_delta_e:g})")
    hexes = grid.hexes()
    ids = [grid.id(h) for h in hexes]
    lay_red = fi.to_reduced(layout)
    hid = _off_scan(_hex_raster(lay_red, hexes, fi.valid.shape, INSET), cut.on, fi.factor).reshape(-1)
    inside = hid >= 0
    hin = hid[inside].astype(np.int64)
    used = ft
    # the blocks' classes read without a field (cast notes 1 judges each field against them), read once for every pass
    bare = _Bare(ft, inside, hin, pcls[inside], protos, len(hexes))
    cin = bare.cls  # the inside blocks' classes the pass's field is fitted to
    for _ in range(cast_passes):
        field = _cast_field(fi, bare, cin, lay_red, hexes)
        if field is None:
            break
        fcls, _ = _classify(field, valid, protos, leg.max_delta_e)
        cast = fcls[inside]
        if CAST_CHECK and not _cast_gain(bare, field, cast) > 0:
            break
        pcls, cin = fcls, cast
        used = field
    others = np.array([f.lab for f in leg.features if f.kind in ("along", "across")], dtype=np.float32).reshape(-1, 3)
    gates = _spreads(leg.terrains, protos, owner, others)
    _gate(used, pcls, protos, others, gates[owner])
    cls = np.append(owner, k)[pcls]  # each colour's class (and unknown)
    _split_blends(used, cls, fi.valid.shape, cents, protos, owner, leg.terrains)
    times["classify"] = time.perf_counter() - t
    measures = _Measures(image, size, fi.valid.shape, leg.ink_lightness)
    if leg.examples:
        t = time.perf_counter()
        if _read_patterns(image, grid, leg, fi, lay_red, cls, size, measures):
            times["pattern"] = time.perf_counter() - t
    dotted: list[Dotted] = []
    every: list[Dotted] = []  # every dotted class (dotted: those whose dots dot_fields could not place)
    grounds: list[tuple[int, list[int]]] = []  # a dotted class and its ground's classes (GROUND_WITH_DOTS)
    dotted_names: frozenset[str] = frozenset()
    if leg.examples:
        t = time.perf_counter()
        every, dotted = _dot_fields(image, grid, leg, fi, lay_red, used, cls, cents, measures)
        dotted_names = frozenset(d.name for d in every)
        grounds = [(leg.names().index(d.name), [leg.names().index(g) for g in d.on]) for d in every]
        times["fields"] = time.perf_counter() - t
    if INKED:
        t = time.perf_counter()
        dots = np.isin(np.arange(k), [g[0] for g in grounds])
        _split_inked(used, cls, fi.valid.shape, cents, protos, owner, others, leg.ink_lightness,
                     _patchworks(leg.terrains) | dots, dots)
        times["inked"] = time.perf_counter() - t
    coloured: np.ndarray | None = None  # the blocks' classes by colour, where _speckless moved some
    if SPECKLESS and leg.examples:
        t = time.perf_counter()
        row = {grid.id(h): i for i, h in enumerate(hexes)}
        # (a dotted class's examples left out, as _read_textures leaves them)
        ex_rows = {leg.names().index(n): [row[h] for h in hs if h in row] for n, hs in leg.examples.items()
                   if n in leg.names() and n not in dotted_names}
        coloured = _speckless(cls, hid, cents, protos, owner, leg.ink_lightness, ex_rows, measures)
        if coloured is not None:
            times["speckless"] = time.perf_counter() - t

    if OUTLINES and leg.examples:
        t = time.perf_counter()
        if _read_outlines(image, layout, leg, cls, hid, fi.valid.shape, ids, size, lay_red.hex_area()):
            times["outlines"] = time.perf_counter() - t

    # count classes per hex
    t = time.perf_counter()
    expected = np.full(len(hexes), (INSET ** 2) * lay_red.hex_area())
    counts = np.bincount(hin * (k + 1) + cls[inside], minlength=len(hexes) * (k + 1)).reshape(len(hexes), k + 1)
    vis = _visible(layout, hexes, cut.on)
    names = leg.names()
    times["hexes"] = time.perf_counter() - t
    symbols_at: dict[str, set[str]] = {}
    found_symbols: dict[str, set[str]] = {}
    sym_reports: dict[str, SymbolReport] = {}
    if leg.symbols:
        t = time.perf_counter()
        say(f"looking for the symbols {', '.join(sc.name for sc in leg.symbols)}")
        found_symbols, sym_reports = find_symbols(image, grid, leg.symbols, [tc.lab for tc in leg.terrains],
                                                   [f.lab for f in leg.features if f.kind in ("along", "across")])
        for sname, where in found_symbols.items():
            for h in where:
                symbols_at.setdefault(h, set()).add(sname)
        times["symbols"] = time.perf_counter() - t
    t = time.perf_counter()
    sym_terrains = {sc.name for sc in leg.symbols if sc.terrain}
    ruled_examples = {n: v for n, v in leg.examples.items() if n not in sym_terrains}
    centre_check: CentreCheck | None = None
    if not leg.centre and not leg.centre_said and (ruled_examples or leg.point_hexes):
        # the legend does not say how a hex is read: its examples are read both ways (rules.check_centre). Without
        # priority rules only the examples' hexes are read; rules learn their cuts' valleys from every hex's shares
        pos = {h: i for i, h in enumerate(ids)}
        need = None if leg.priority else sorted({pos[h] for hs in (*ruled_examples.values(), *leg.point_hexes.values())
                                                 for h in hs if h in pos})
        discs = _disc_counts(cls, lay_red, hexes, fi.valid.shape, CENTRE_RADIUS, cut.on, fi.factor, k, need)
        centre_check = check_centre(leg.priority, leg.min_share, ruled_examples, leg.point_hexes,
                                     _shares(counts, k, names, ids, need),
                                     _shares(np.where(discs.held[:, None], discs.counts, counts), k, names, ids, need),
                                     sym_terrains, symbols_at, CENTRE_RADIUS)
        # not taken on the examples' word: they cannot tell a centre-dot map from a coverage map whose towns are
        # printed small at the hexes' centres (rules.CENTRE_LEVEL); the user is warned and says centre:
    printed: CentreDots | None = None
    if not leg.centre and not leg.centre_said and (centre_check is None or not centre_check.against):
        # the map's own word: a dot printed at the centre of most hexes is a tactical map's mark of its rule (a hex is
        # the terrain under its centre dot: Squad Leader), which a coverage map does not print (centredot.py); taken
        # where the examples are not against it (more of them read right only whole than only by the centre)
        printed = centre_dots(image, layout, hexes, cut.on)
        if printed.found:
            leg = dataclasses.replace(leg, centre=CENTRE_RADIUS)
            if centre_check is not None:
                centre_check = dataclasses.replace(centre_check, taken=True)
    whole: np.ndarray | None = None  # the whole hexes' class counts, where the map's dots chose the centre reading
    dots_red: np.ndarray | None = None
    read_discs: _Discs | None = None
    if printed is not None and printed.found:
        # the centre reading taken on the map's word, not the legend's (review36 R2): each hex's own dot, the map's
        # print of its grid as its hex lines are, is left out of its disc's unknown share (Squad Leader region 2's
        # review list grew 47 -> 66 of 160 with the centre reading, most for the unknown colour at the centres), and
        # a hex it moves from its majority is listed where that reading is weak (below, _moved_by_centre)
        whole = counts.copy()
        read_discs = _disc_counts(cls, lay_red, hexes, fi.valid.shape, leg.centre, cut.on, fi.factor, k)
        # only a disc listed for its unknown colour needs its dot found: leaving the dot out lowers no other's reading
        # (review37 C8: found in every hex, about a millisecond a hex)
        listed = np.nonzero(read_discs.held
                            & (read_discs.counts[:, k] > REVIEW_UNKNOWN * read_discs.counts.sum(axis=1)))[0]
        dots_red = np.full((len(hexes), 3), np.nan)
        if len(listed):
            places = dot_places(image, layout, [hexes[i] for i in listed.tolist()], printed, cut.on)
            size_red = _hex_size(lay_red)
            m = np.array(lay_red.matrix)
            qr = np.array([(hexes[i].q, hexes[i].r) for i in listed.tolist()], np.float64).reshape(-1, 2)
            # the dot's centre on the block raster (block j's centre at j: hex_to_pixel) and its reach there: its
            # disc's radius and a block's half diagonal (a block it touches holds its mix with the ground)
            dots_red[listed] = np.column_stack([qr @ m[:, :2].T + m[:, 2] + places[:, :2] * size_red,
                                                places[:, 2] * size_red + math.sqrt(0.5)])
    if leg.centre:
        def ungated(idx: np.ndarray) -> np.ndarray:
            # the blocks' nearest terrain within the legend's limit, no class's spread applied (_gate's input)
            near, _ = _classify(np.ascontiguousarray(used[:, idx]), valid[idx], protos, leg.max_delta_e)
            return np.append(owner, k)[near]

        hid, counts = _at_centres(hid, counts, cls, lay_red, hexes, fi.valid.shape, leg.centre, cut.on, fi.factor,
                                  expected, dots_red, read_discs, ungated)
        inside = hid >= 0
        hin = hid[inside].astype(np.int64)
    # every hex's shares at once (the per-hex numpy calls were most of this step); the same float64 divisions
    known_all = counts[:, :k].sum(axis=1)
    total_all = counts.sum(axis=1)
    frac = counts[:, :k] / np.maximum(known_all, 1)[:, None]
    cnt_l, frac_l, known_l, total_l = counts.tolist(), frac.tolist(), known_all.tolist(), total_all.tolist()
    best_l = np.argmax(frac, axis=1).tolist() if k else [0] * len(ids)
    order_l = np.argsort(-frac, axis=1).tolist()
    shares = _share_map(ids, names, k, frac_l, cnt_l, known_l)
    rules: Rules | None = None
    if leg.priority:
        rules = learn(leg.priority, leg.min_share, ruled_examples, shares, sym_terrains, symbols_at)
    results: dict[str, HexResult] = {}
    by_colour: list[str] = []  # hexes decided by the majority of their colour blocks (no rule)
    # the hexes of a legend with rules that meet none of them: their majority colour decides, as without rules, so
    # the readings that correct a majority (textures, the dotted check, a class printed as marks over other classes'
    # grounds) read them too. Before, one rule sent every hex through the rules' majority and those readings never
    # ran: Next War: Korea's legend with `mountain: {min_share: 0.4}` added read its forest over relief as hills (its
    # studied region 62/81 against 77/81 without the rule; 79/81 now). Only where the legend has a coverage rule (a
    # `min_share`) and leaves classes out of its rules' order (no `priority:`, which names every class and rules all
    # but the last: there a reading could give a hex only that last class, and learning the marks and symbols for it
    # cost Bastogne's extraction about 0.4 s of 9 s CPU for no change). A legend whose only rules are symbols
    # (`symbol: true`) reads its other hexes by their majority alone, as before: turning the readings on there moved
    # three of GMT Dynamo's polder hexes (region 2, studied) to clear by the dotted check, their dashes covering
    # 6.8-8.0% of them against the examples' 8.1-8.8% (89 -> 86/90; region 1, blind, 87 -> 86/87)
    unruled: dict[str, HexResult] = {}
    read_unruled = rules is not None and bool(rules.thresholds) and any(n not in leg.priority for n in names)
    # the unknown colour the review names, and the classes it is no reason for (UNKNOWN_KNOWN)
    odd, odd_as = _unknown_colour(leg, used, cls, hid, valid, ids, k, cnt_l, total_l, protos, owner, gates,
                                  fi.valid.shape)
    # each hex's blocks hidden under ink or a line's mask (counted in its unknown share), and the share of it under
    # a line of the legend lighter than the ink, read where it matters (extract notes 1)
    hidden = np.bincount(hid[(hid >= 0) & ~valid].astype(np.int64), minlength=len(ids)).tolist()
    under = _UnderLines(image, grid, [m.rgb for m in masks], leg.ink_lightness)
    for i, hx_id in enumerate(ids):
        known, total = known_l[i], total_l[i]
        unknown = cnt_l[i][k] / total if total else 1.0
        met = meets(rules, shares.get(hx_id, {}), symbols_at.get(hx_id, set())) if rules else None
        ruled = met if met is not None or rules is None else decide(rules, shares.get(hx_id, {}), set())
        by_symbol = rules is not None and ruled in rules.symbol_classes
        if (known == 0 or total < 0.05 * expected[i]) and not by_symbol:
            results[hx_id] = HexResult(None, 0.0, {}, unknown, vis[i], "nothing to classify on the image")
            continue
        fr = frac_l[i]
        j = best_l[i]
        for dc, on in grounds if GROUND_WITH_DOTS else ():
            if j != dc and j not in on and fr[dc] + sum(fr[g] for g in on) > fr[j]:
                j = max([dc, *on], key=lambda c: fr[c])  # the ground, with or without dots, covers more
        if (known < KNOWN_FLOOR * total and odd_as.get(names[j], {}).get(i, odd[i]) > 1.0 - KNOWN_FLOOR
                and not by_symbol):
            # almost none of the hex is of a legend colour, and the rest is no colour the review lets off (a line's
            # mix with a terrain, a colour the class's own examples print, a print over the map: UNKNOWN_KNOWN)
            results[hx_id] = HexResult(None, 0.0, {}, unknown, vis[i], "nothing to classify on the image")
            continue
        conf = fr[j]
        fractions = {names[c]: round(fr[c], 4) for c in order_l[i] if fr[c] > 0}
        why = ""
        # (a hex meeting no rule where read_unruled takes the path below as without rules: its majority with a ground
        # and its dots together, that share its confidence, and its review reasons - "mixed", unknown colour, off the
        # image; review36 R0d: it had confidence 1.0 and only the near-threshold reason)
        if rules is not None and ruled is not None and not (met is None and read_unruled):
            cls_name = ruled
            thr = rules.thresholds.get(ruled)
            share = fractions.get(ruled, 0.0)
            conf = 1.0 if thr is None or ruled in rules.symbol_classes else min(1.0, 0.5 + abs(share - thr))
            near = [n for n, th in rules.thresholds.items()
                    if abs(fractions.get(n, 0.0) - th) < NEAR_RULE * max(th, 0.05)]
            if ruled in rules.symbol_classes and ruled in sym_reports:
                # a hex decided by its symbol was never listed (confidence 1.0, no reason: gota notes 1)
                conf, why = _symbol_doubt(ruled, sym_reports[ruled], hx_id)
            elif near:
                n0 = near[0]
                why = f"near the {n0} threshold: {fractions.get(n0, 0.0):.0%} (rule {rules.thresholds[n0]:.0%})"
            results[hx_id] = HexResult(cls_name, round(conf, 4), fractions, round(unknown, 4), round(vis[i], 4), why)
            continue
        if conf < REVIEW_BELOW:
            why = f"mixed: {names[j]} only {conf:.0%}"
        elif (o := odd_as.get(names[j], {}).get(i, odd[i])) > REVIEW_UNKNOWN:
            hid_i = hidden[i] / total if total else 0.0
            why = _unread_why(o, min(hid_i, under.share(hx_id)) if o - hid_i <= REVIEW_UNKNOWN else hid_i,
                              known / total if total else 0.0, fr, order_l[i], names)
        elif vis[i] < 0.5:
            why = f"only {vis[i]:.0%} of the hex is on the image"
        results[hx_id] = HexResult(names[j], round(conf, 4), fractions, round(unknown, 4), round(vis[i], 4), why)
        by_colour.append(hx_id)
        if rules is not None and met is None and read_unruled:
            unruled[hx_id] = results[hx_id]
    times["rules"] = time.perf_counter() - t
    if leg.examples and by_colour and TEXTURES:
        t = time.perf_counter()
        if _read_textures(leg, fi, cls, hid, inside, hin, ids, frac, results, by_colour, dotted_names, measures,
                          coloured):
            times["textures"] = time.perf_counter() - t
    if leg.examples and by_colour:
        t = time.perf_counter()
        without = _Without(used, cls, inside, hin, cents, names, ids, k)
        _check_dotted(image, grid, leg, results, by_colour, without, dotted)
        times["dotted"] = time.perf_counter() - t
        if MARKS and not leg.centre:  # (a hex read by its centre, ``centre:``: the marks' share is the whole hex's)
            t = time.perf_counter()
            read_by = _read_marks(image, grid, leg, protos, results, by_colour, dotted_names, every)
            if read_by:
                times["marks"] = time.perf_counter() - t
            spread = [m.name for m in read_by if isinstance(m, Blobs) and m.spread]
            if spread:  # (review37 C10: a reading learned from the examples alone, said when it is used)
                say(f"reading {', '.join(spread)} by its symbols' colour's share of each hex (blobs.py step 2b: no "
                    f"one symbol tells it)")
        if SYMBOLS_CHOSEN and rules is None and not leg.centre:
            # a class whose colour readings fail its own examples, read by its printed symbol where a template of
            # those examples finds them (chosen.py: Velikie Louki's villages, one small square a hex)
            t = time.perf_counter()
            if _read_chosen(image, grid, leg, results, by_colour, say) is not None:
                times["chosen"] = time.perf_counter() - t  # (the check's cost, a class chosen or not)

    if rules is not None:
        # a hex that failed a class's rule is not given that class by another reading (its marks, its texture): the
        # rule says when a hex is that class
        ruled_classes = set(rules.thresholds) | set(rules.symbol_classes)
        for hx_id, before in unruled.items():
            if results[hx_id].terrain != before.terrain and results[hx_id].terrain in ruled_classes:
                results[hx_id] = before
    if whole is not None:
        _moved_by_centre(results, ids, names, whole, counts, k, leg.centre)
    ext = Extraction(grid, leg, results, {}, found_symbols, timings=times, rules=rules, symbol_reports=sym_reports,
                     dotted=dotted_names, masks=tuple(m for m in masks if m.took), centre_check=centre_check,
                     centre_dots=printed)
    if features and leg.features:
        t = time.perf_counter()
        if full is not None and not isinstance(legend, Legend):
            # a mask kept to thin marks for the terrain's sake: the lines are still read on the ground between
            # them, the examples read with every line's whole mask (as before)
            g = terrain_grounds(legend, image, grid, full, scan_size)
            leg = dataclasses.replace(leg, terrains=tuple(dataclasses.replace(tc, ground=g.get(tc.name))
                                                          for tc in leg.terrains))
            ext.legend = leg
        say(f"sampling {sum(1 for _ in grid.hexsides())} hexsides for {', '.join(f.name for f in leg.features)}")
        _hexsides(image, grid, leg, ext, cut.on, halved)
        times["hexsides"] = time.perf_counter() - t
    times["total"] = time.perf_counter() - t0
    return _on_scan(ext, scan_grid, cut.corner)


@dataclass(frozen=True)
class _Discs:
    """Each hex's disc about its centre (:func:`_disc_counts`): the block raster ``disc`` (flat, hex index or -1),
    the class ``counts`` in each disc, and whether a disc ``held`` any block of a legend terrain."""

    disc: np.ndarray
    counts: np.ndarray
    held: np.ndarray


def _disc_counts(cls: np.ndarray, lay_red: Layout, hexes: Sequence[Hex], shape: tuple[int, int], radius: float,
                 on: tuple[int, int, int, int], f: int, k: int, only: Sequence[int] | None = None) -> _Discs:
    """The class counts of every hex's disc of ``radius`` (a share of the hex size) about its centre; ``only``: of
    those hexes (indices into ``hexes``) alone, the other rows zero."""
    pick = list(hexes) if only is None else [hexes[i] for i in only]
    disc = _off_scan(_disc_raster(lay_red, pick, shape, radius), on, f).reshape(-1)
    if only is not None:
        disc = np.where(disc >= 0, np.append(np.asarray(only, np.int32), -1)[disc], -1).astype(np.int32)
    din = disc >= 0
    dcounts = np.bincount(disc[din].astype(np.int64) * (k + 1) + cls[din],
                          minlength=len(hexes) * (k + 1)).reshape(len(hexes), k + 1)
    return _Discs(disc, dcounts, dcounts[:, :k].sum(axis=1) > 0)


def _shares(counts: np.ndarray, k: int, names: Sequence[str], ids: Sequence[str], only: Sequence[int] | None = None
            ) -> dict[str, dict[str, float]]:
    """Hex id -> class -> share of the hex's known blocks (as :func:`extract` makes them), from ``counts``; ``only``:
    of those hexes (indices) alone."""
    rows = range(len(ids)) if only is None else only
    sub = counts[list(rows)] if only is not None else counts
    known = sub[:, :k].sum(axis=1)
    frac = sub[:, :k] / np.maximum(known, 1)[:, None]
    return _share_map([ids[i] for i in rows], names, k, frac.tolist(), sub.tolist(), known.tolist())


def _share_map(ids: Sequence[str], names: Sequence[str], k: int, frac: Sequence[Sequence[float]],
               cnt: Sequence[Sequence[int]], known: Sequence[int]) -> dict[str, dict[str, float]]:
    """Hex id -> class -> share of the hex's known blocks, for the hexes with any (``frac``, ``cnt``, ``known``: each
    hex's row of shares, of block counts and its known blocks, as lists): the one reading :func:`extract` and the
    centre check (:func:`_shares`) both make."""
    return {h: {names[c]: frac[j][c] for c in range(k) if cnt[j][c]} for j, h in enumerate(ids) if known[j]}


#: a centre disc holding no block within a terrain's learned spread is read by its blocks' nearest terrain within the
#: legend's limit when one terrain is more than half of them (:func:`_at_centres`; a module flag only so that tests
#: can read a board without it)
CENTRE_NEAREST = True


def _at_centres(hid: np.ndarray, counts: np.ndarray, cls: np.ndarray, lay_red: Layout, hexes: Sequence[Hex],
                shape: tuple[int, int], radius: float, on: tuple[int, int, int, int], f: int, expected: np.ndarray,
                dots: np.ndarray | None = None, discs: _Discs | None = None,
                ungated: Callable[[np.ndarray], np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The legend's rule ``centre:``: a hex is the class under its centre, not the class covering most of it - a
    tactical map's rule (Squad Leader's hex is the terrain under its printed centre dot: a house over the dot makes a
    building hex though the ground around it covers more). Each hex is read in the disc of ``radius`` (a share of the
    hex size) about its centre: the terrain most of the disc's known blocks are. A disc holding no block of a legend
    terrain (a road's masked band over the whole of it, a colour no terrain owns, ink) tells nothing of the centre:
    that hex is read whole, as without the rule (Squad Leader: a road is no terrain of its own, and leaves the hex
    its ground's). Returns the block raster ``hid`` (flat) and the class ``counts`` with each
    disc-read hex kept to its disc, and sets ``expected`` (its blocks' area) in place; every later step (shares,
    rules, texture and dotted checks) reads those. The colour cast was measured on whole hexes, as without it.
    ``dots``: each hex's printed centre dot on the block raster (x, y and the reach of its mix, blocks; NaN where it
    is not seen): the unknown blocks it reaches are left out of the disc's counts, as the hex lines' ink is.
    ``discs``: the discs' counts (:func:`_disc_counts` at ``radius``), where already read.
    ``ungated``: the class of given blocks (flat indices) by their nearest legend colour within the legend's limit
    (``max_delta_e``), no class's learned spread applied (:func:`_gate`). A disc holding no block of a legend terrain
    but more than half of whose blocks are nearest one terrain within that limit is that terrain (CENTRE_NEAREST):
    the thing printed at the centre is a colour of that class the examples did not sample, not a colour the legend
    lacks. Squad Leader region 2's house P4, a brighter orange-red roof than the one roof (O8) its wooden points were
    clicked on: its disc's 17 blocks all nearest wooden, Delta E 15.6-17 from it, beyond wooden's spread (8, learned
    on one roof), so read whole before (open, its ground; RESULTS-sl-2.md, "nearbar"). Only the disc's counts are
    so read: its blocks keep their class (unknown) for every later step."""
    k = counts.shape[1] - 1
    if discs is None:
        discs = _disc_counts(cls, lay_red, hexes, shape, radius, on, f, k)
    disc, dcounts, held = discs.disc, discs.counts, discs.held
    din = disc >= 0
    if dots is not None:
        pos = np.nonzero(din & (cls == k))[0]
        at = disc[pos]
        ys, xs = np.divmod(pos, shape[1])
        dot = np.hypot(xs - dots[at, 0], ys - dots[at, 1]) <= dots[at, 2]  # (False where the dot is not seen: NaN)
        dcounts = dcounts.copy()
        dcounts[:, k] -= np.bincount(at[dot], minlength=len(hexes))
    if ungated is not None and CENTRE_NEAREST and not held.all():
        pos_e = np.nonzero(din & ~held[np.maximum(disc, 0)])[0]  # the blocks of the discs holding no known block
        if len(pos_e):
            at_e = disc[pos_e].astype(np.int64)
            near = np.bincount(at_e * (k + 1) + ungated(pos_e),
                               minlength=len(hexes) * (k + 1)).reshape(len(hexes), k + 1)
            take = ~held & (2 * near[:, :k].max(axis=1) > near.sum(axis=1))
            if take.any():
                dcounts = dcounts.copy()
                dcounts[take] = near[take]
                held = held | take
    out = hid.copy()
    out[(hid >= 0) & held[np.maximum(hid, 0)]] = -1  # a disc-read hex: its blocks outside the disc left out
    mine = din & held[np.maximum(disc, 0)]
    out[mine] = disc[mine]
    if dots is not None:
        # the dot's blocks left out of the raster too, as the disc's outside is, so every later step (the textures,
        # the line mixes taken off the unknown share) reads the blocks the counts were taken from (review37 M4)
        out[pos[dot & held[at]]] = -1
    expected[held] = math.pi * (radius * _hex_size(lay_red)) ** 2
    return out, np.where(held[:, None], dcounts, counts)


def _moved_by_centre(results: dict[str, HexResult], ids: Sequence[str], names: Sequence[str], whole: np.ndarray,
                     counts: np.ndarray, k: int, radius: float) -> None:
    """A hex the centre reading, taken on the map's printed centre dots, moved from its majority over the whole hex
    (``whole``: the whole hexes' class counts; ``counts``: as read, the discs' of ``radius``) is listed for review
    only where that reading is weak: the class it gives covers no more of the whole hex than the disc itself does (a
    mark at the centre no larger than the disc - a symbol's edge, a speck - not the terrain the dot lies in). A moved
    hex is otherwise the output expected of a map that prints its rule: listing every one listed 33 of Squad Leader
    region 2's 160 hexes, 10 of its 12 labelled ones right (the lead, to-r7.md: the review list must not grow); its
    two wrong ones, woods and stone at the centre over 2% and 4% of the hex (the disc 4.8%), are the labelled ones
    so listed, the right ones' classes cover 15-50%. The reason names both readings; a reason there already comes
    first. In place on ``results``."""
    known = whole[:, :k].sum(axis=1)
    was = np.where(known > 0, np.argmax(whole[:, :k], axis=1), -1)
    now = np.where(counts[:, :k].sum(axis=1) > 0, np.argmax(counts[:, :k], axis=1), -1)
    mark = math.pi * radius ** 2 / (1.5 * math.sqrt(3.0))  # the disc's share of the hex's area (hex size units)
    for i in np.nonzero((now != was) & (was >= 0))[0].tolist():
        r = results.get(ids[i])
        if r is None or r.terrain is None or r.terrain == names[was[i]] or r.terrain not in names:
            continue
        share = float(whole[i, names.index(r.terrain)]) / float(known[i])
        if share > mark:
            continue
        why = (f"centre: {r.terrain} at its centre (the map's centre dots) but {share:.0%} of the hex, "
               f"{names[was[i]]} over the whole hex")
        results[ids[i]] = dataclasses.replace(r, review=f"{r.review}; {why}" if r.review else why)


def _read_marks(image: Image.Image, grid: Grid, leg: Legend, protos: np.ndarray, results: dict[str, HexResult],
                by_colour: Sequence[str], dotted: frozenset[str] = frozenset(),
                dots: Sequence[Dotted] = ()) -> list[Marks | Blobs]:
    """Classes printed as marks of a colour of their own over other classes' grounds (marks.py), read by that colour's
    share of the hex: a hex the colour reading decided whose share reaches a class's threshold is that class, in place
    on ``results`` (its ground, the class it was read as, kept for the lines: extract_sides). A dotted class
    (``dotted``, texture.py) whose examples lie on one ground is left to its dots' reading, which also tells its dots
    from lines of their colour (marks.py counts the colour, not its shape); one whose examples lie on several grounds
    is read by its marks (the dotted reading knows one ground). Then the classes printed as small solid symbols
    (blobs.py: a map's houses), of those neither read by their marks nor dotted: a hex not moved by its marks
    whose largest part of such a class's colour reaches its threshold is that class, its ground kept so too. A
    dotted class read by its colour's share (blobs.py step 2b) takes a hex only where its dots (texture.dot_share,
    ``dots``: the dotted classes) cover KEEP of its least example's or more: the bar under which texture's check
    (check_dotted) turns a hex read as it back to another class. A hex the colour reading read as a class so read
    (not dotted) holding no more of its marks or symbols than the other classes' examples is read back to the ground
    its examples print them on, one that is a share of the hex, else its next class by colour (READ_BACK: blobs.py
    step 5). Returns the classes so read."""
    colours = {tc.name: tc.lab for tc in leg.terrains}
    lines = [(round(r), round(g), round(b)) for r, g, b in (lab_to_rgb(f.lab).tolist() for f in leg.features)]
    window = _Window(image, grid)  # the examples' windows, read once for the marks and the blobs
    found = [m for m in learn_marks(image, grid, {n: v for n, v in leg.examples.items() if n in colours}, colours,
                                    lines, leg.ink_lightness, protos.tolist(), window)
             if m.name not in dotted or len(m.grounds) > 1]
    # classes printed as small solid symbols (blobs.py: houses), of the classes not read by their marks
    # (a dotted class's dots are no one symbol: it is tried by its colour's whole share alone, blobs.py step 2b - a
    # town of small grey blocks on the clear's beige read as dots on the clear, and by its dots' reading clear)
    marked = frozenset(m.name for m in found)
    symbols = learn_blobs(image, grid, {n: v for n, v in leg.examples.items() if n in colours}, colours, lines,
                          leg.ink_lightness, protos.tolist(), marked, dotted - marked, window)
    if not found and not symbols:
        return []
    row = {grid.id(h): i for i, h in enumerate(grid.hexes())}
    share = mark_shares(image, grid, found) if found else np.zeros((0, len(row)))
    # each class's largest part (or whole share) at its threshold, and a dotted class's share down to CONFIRM of it
    # (step 4b, below): one reading of the scan for both
    dotted_names = {d.name for d in dots}
    parts, low = (blob_shares_reaching(image, grid, symbols, [CONFIRM if b.spread and b.name in dotted_names else 1.0
                                                              for b in symbols])
                  if symbols else (np.zeros((0, len(row))), np.zeros((0, len(row)))))
    if len(symbols):
        # a class whose colour the map also prints as an area (a part over blobs.MOST of a hex) that the colour
        # reading reads as that class is a coverage class, its small prints part of a hex, not the hex's symbol (a
        # town printed small at the hexes' centres and as a fill: test_centre_chosen's ring): not read so. A large
        # part in a hex read as another class (a key's box, a margin, a label of the colour) says nothing of it: one
        # such hex anywhere turned the rule off for the whole map (review36 R0c: test_blobs' board with a white box
        # in one beach hex, 48/48 -> 38/47)
        keep = [k for k, b in enumerate(symbols)
                if not any(parts[k, row[h]] > BLOB_MOST and r.terrain == b.name for h, r in results.items())]
        symbols, parts, low = [symbols[k] for k in keep], parts[keep], low[keep]
    by_dots = {d.name: d for d in dots if any(b.spread and b.name == d.name for b in symbols)}
    reader = _Reader(image, grid) if by_dots else None
    # a dotted class read by its colour's share is read by two measures of the same symbols, each with its bar: the
    # colour's share (blind to blocks printed in another shade) and its dots (blind to blocks joined to a road or
    # beside one): one reaching its bar and the other CONFIRM of its own takes the hex (blobs.py step 4b). The
    # shares of these classes down to CONFIRM of their threshold (``low``, read with ``parts``: the reading above asks
    # the whole threshold, as before)
    dotted_symbols = [b for b in symbols if b.name in by_dots]
    low = low[[k for k, b in enumerate(symbols) if b.name in by_dots]]
    # a class read by its marks or blobs is printed as marks or small symbols over other classes' grounds (marks.py,
    # blobs.py step 3), so its colour - the blend of its examples' symbols and grounds - is no reading of it: a hex the
    # colour reading reads as the class holding no more of its symbols than the other classes' examples do
    # (``others``) is not the class (READ_BACK). Not a dotted class (texture.py): its dots are read by their own
    # reading, whose check turns a hex without them back (_check_dotted), and a field of lighter dots than its
    # examples' holds none of their colour (test_dotted's sparse field)
    mark_of = {m.name: k for k, m in enumerate(found)}
    blob_of = {b.name: k for k, b in enumerate(symbols)}
    for h in by_colour:
        r = results[h]
        if r.terrain is None:
            continue
        k = furthest_marks(found, share[:, row[h]])
        what, half = "its marks", ""
        if k is None:  # (a hex moved by its marks stays so)
            k = furthest_marks(symbols, parts[:, row[h]])
            found_k: Marks | Blobs | None = None if k is None else symbols[k]
            v = 0.0 if k is None else float(parts[k, row[h]])
            # named by its colour, not "a symbol's part": the class may be a terrain whose examples print the
            # colour small (New Manchuria's mountain texture's dark brown), on a legend with no symbol (user44 S8)
            col = "" if found_k is None else rgb_to_hex(lab_to_rgb(np.asarray(found_k.colour, np.float64)))
            what = (f"its {col} prints' share" if isinstance(found_k, Blobs) and found_k.spread else
                    f"a {col} part as its example hexes hold")
        else:
            found_k, v = found[k], float(share[k, row[h]])
        if found_k is not None and r.terrain != found_k.name and found_k.name in by_dots:
            # a dotted class read by its colour's share (blobs.py step 2b): not where its dots, told from lines and
            # areas of their colour (texture.dot_share), cover less than its least example's - the hex texture's
            # check would turn back (a desert lined in the stipple's brown read stipple by the brown's share:
            # test_dotted's lined hexes)
            d = by_dots[found_k.name]
            assert reader is not None
            dots_here = dot_share(reader.lab(h), reader.mask, d.ground, d.dots, d.cap)
            if TEXTURE_KEEP * d.least > dots_here >= CONFIRM * d.least:
                # its share reaches the threshold and its dots CONFIRM of the least example's (blobs.py step 4b:
                # SPI's Atlantic Wall's Osmanville, the blocks beside the N13 and a dashed road taken for a road's
                # broken edge by the dots' reading, 0.77 of the least example's dots, its share 2.1 times the
                # threshold): listed, a reading of one measure at its bar and the other at a part of its own
                half = (f"read as {r.terrain} by colour, {found_k.name} by {what} ({v:.1%} of the hex), its dots "
                        f"{dots_here / d.least:.0%} of its least example's")
            elif dots_here < TEXTURE_KEEP * d.least:
                if dots_here >= REFUSED_DOTS * d.least:
                    # listed, not dropped silently (review38 M1): its colour's share passes the class's threshold, its
                    # dots do not, yet some are there - a packed town's blocks merge into areas, which dot_share does
                    # not count as dots (the spread board at 55 px: two inner towns read clear, unlisted, at 0.44 and
                    # 0.84 of the least example's dots; test_dotted's lined desert, which the bar refuses, at 0.0)
                    why = (f"read as {r.terrain} by colour, {found_k.name} by {what} ({v:.1%} of the hex) but its "
                           f"dots fewer than its examples'")
                    results[h] = dataclasses.replace(r, review=f"{r.review}; {why}" if r.review else why)
                found_k = None
        if found_k is None and what != "its marks" and dotted_symbols:
            # (blobs.py step 4b) the other way round: a hex of a dotted class's ground whose dots cover as much as
            # its least example's and whose colour's share reaches CONFIRM of its threshold is the class (Atlantic
            # Wall's Isigny: its blocks printed blue-grey, 16 Delta E from the examples' grey, so the colour's share
            # is 0.82 of the threshold; its dots 2.2 times the least example's)
            assert reader is not None
            taken = False
            for j, b in enumerate(dotted_symbols):
                d = by_dots[b.name]
                if r.terrain == b.name or r.terrain not in d.on or low[j, row[h]] < CONFIRM * b.threshold:
                    continue
                dots_here = dot_share(reader.lab(h), reader.mask, d.ground, d.dots, d.cap)
                if dots_here >= TEXTURE_KEEP * d.least:
                    v = float(low[j, row[h]])
                    why = (f"read as {r.terrain} by colour, {b.name} by its dots ({dots_here:.1%} of the hex, its "
                           f"colour's share {v / b.threshold:.0%} of the threshold)")
                    results[h] = HexResult(b.name, round(marks_confidence(dots_here, d.least), 4), r.fractions,
                                           r.unknown, r.visible, why, ground=r.terrain)
                    taken = True
                    break
            if taken:
                continue
        if found_k is None and what != "its marks" and READ_BACK and r.ground is None and r.terrain not in dotted:
            # read back (its ground kept: the lines are read as before). RBM Studio's
            # Waterloo Campaign 1815 draws its towns as house icons over an engraved map whose woods, hachures and
            # lettering are open: the town's colour is a darker beige, and every open hex darker than most read town
            # (studied region 2: 19 of 41 open; 456 towns on the map where the game has 135), each with no house
            # part (0.0% against the threshold 1.5%, the open examples' largest 0.05%, the towns' 1.6-5%). Its
            # colour reads the legend's examples right, so no reading of the icons was asked for (chosen.py reads
            # a class whose colour fails them) and the blob reading only ever added the class
            kb, km = blob_of.get(r.terrain), mark_of.get(r.terrain)
            held = ((kb is None or parts[kb, row[h]] > symbols[kb].others)
                    and (km is None or share[km, row[h]] > found[km].others))
            # (to the ground its examples print the symbols on - blobs.py step 3 - where one is known: the next class
            # by colour may be any class a few pixels of the hex are, a pond's water in a hatched open hex)
            grounds = [g for k_, m_ in ((kb, symbols), (km, found)) if k_ is not None for g in m_[k_].grounds
                       if g != r.terrain and g in r.fractions]
            nxt = max((c for c in (grounds or r.fractions) if c != r.terrain), key=lambda c: r.fractions.get(c, 0.0),
                      default=None)
            if not held and nxt is not None:
                # (its review reason kept but the colours' mix: the class is now told by the symbols' absence)
                why = "" if r.review.startswith("mixed:") else results[h].review
                results[h] = HexResult(nxt, round(r.fractions[nxt], 4), r.fractions, r.unknown, r.visible, why,
                                       ground=r.terrain)
            continue
        if found_k is not None and r.terrain != found_k.name:
            m = found_k
            # listed for review near the threshold only, as a coverage rule's hexes are (NEAR_RULE)
            near = v - m.threshold < NEAR_RULE * m.threshold
            why = half or (f"read as {r.terrain} by colour, {m.name} by {what} ({v:.1%} of the hex)" if near else "")
            results[h] = HexResult(m.name, round(marks_confidence(v, m.threshold), 4), r.fractions, r.unknown,
                                   r.visible, why, ground=r.terrain)
    return [*found, *symbols]


def _read_chosen(image: Image.Image, grid: Grid, leg: Legend, results: dict[str, HexResult],
                 by_colour: Sequence[str], say: Progress) -> list[str] | None:
    """The classes chosen to be read by their printed symbol (chosen.py), read so in place on ``results`` over the
    hexes the colour reading decided (``by_colour``): where the template is found (not a hex moved by its marks or a
    blob) the hex is the class, its ground kept for its lines. ``say``: the progress line. Returns the classes so
    read, None where no class's examples were read wrong (nothing was tried)."""
    names = leg.names()
    read = {h: r.terrain for h, r in results.items()}
    # (the examples as the grid spells its ids: "101" is 0101)
    examples = {n: tuple(grid.canonical_id(h) for h in hs if h in grid) for n, hs in leg.examples.items()}
    failed = failing(examples, read, names)
    if not failed:
        return None
    colours = {tc.name: tc.lab for tc in leg.terrains}
    chosen = choose_symbols(image, grid, examples, failed, colours,
                            [f.lab for f in leg.features if f.kind in ("along", "across")])
    read_as: list[str] = []
    for c in chosen:
        if filled(image, grid, c.report, [h for h in by_colour if results[h].terrain == c.name]):
            continue  # a coverage class whose colour the map prints as an area (chosen.py, step 3)
        read_as.append(c.name)
        say(f"{c.name}: {c.failed} of its {len(leg.examples[c.name])} examples read as another class by colour; "
            f"read by its printed symbol (a template of {c.report.template_px} px found in each example with the "
            f"others' template)")
        for h in by_colour:
            r = results[h]
            if r.terrain is None or r.ground is not None:
                continue  # (a hex moved by its marks or a blob stays so)
            if h in c.found and r.terrain != c.name:
                score = c.report.scores.get(h, 0.0)
                near = score - c.report.threshold < NEAR_RULE * c.report.threshold
                why = (f"read as {r.terrain} by colour, {c.name} by its symbol (score {score:.2f}, threshold "
                       f"{c.report.threshold:.2f})") if near else ""
                results[h] = HexResult(c.name, round(marks_confidence(score, c.report.threshold), 4), r.fractions,
                                       r.unknown, r.visible, why, ground=r.terrain)
    return read_as


class _UnderLines:
    """Each hex's share under a line of the legend lighter than the ink (extract notes 1): its pixels (at the working
    scale, inside the inset hex: marks._Window) within MASK_TOLERANCE a channel of such a line's colour - the test the
    line masks make. Not ink: a name, a black railway, a game's dark art are no line's colour the legend gives lighter
    than the ink, and the review counts them unread as before."""

    def __init__(self, image: Image.Image, grid: Grid, lines: Sequence[tuple[int, int, int]],
                 ink_lightness: float) -> None:
        self.rgb = [c for c in lines if float(rgb_to_lab(np.asarray(c, np.float32))[0]) >= ink_lightness]
        self.window = _Window(image, grid) if self.rgb else None

    def share(self, hex_id: str) -> float:
        if self.window is None:
            return 0.0
        a = self.window.rgb(hex_id)
        if a is None:
            return 0.0
        px = a[self.window.mask].astype(np.int16)
        on = np.zeros(len(px), bool)
        for c in self.rgb:
            on |= (np.abs(px - np.asarray(c, np.int16)) <= MASK_TOLERANCE).all(axis=1)
        return float(on.mean()) if len(px) else 0.0


def _unread_why(odd: float, hidden: float, known: float, fr: Sequence[float], order: Sequence[int],
                names: Sequence[str]) -> str:
    """The review reason of a hex more than REVIEW_UNKNOWN of which is unread (``odd``: its share of no legend colour
    as the review counts it, ``hidden`` the part of that share hidden under a line of the legend lighter than the
    ink: its masked blocks, no more than its pixels of such a line's colour, _UnderLines), read by its known
    blocks (``known``: their share of the hex; ``fr``: each class's share of them, ``order`` the classes by it), or
    "" when it is not listed (extract notes 1).

    **extract notes 1 - hidden, not unknown.** A block under ink or a line's mask is counted unread: it hides the
    terrain under it. Its share was reported as "matches no legend colour", which it does not (it is the line's), and
    every hex a broad line crosses was listed for it: New Manchuria 1976's grey road band (#999999, an `across` line
    masked out of the terrain) hides 25-28% of every hex it crosses, and 125 of the 139 hexes listed for review on
    the sheet were road hexes "25-28% of the hex matches no legend colour", every one read right, the three wrong
    hexes lost among them (user44's S7). Leaving the hidden blocks out altogether dropped real doubts off the list
    (Seelowe 1 and Squad Leader 2, one wrong hex each: 15ba327's note). Nor is ink hidden terrain: dark art the
    legend has no colour for (Seelowe's black Balkenkreuz over 0636, the slate roofs of a building over half of 1619,
    review45 R2) is ink to the masks, and a doubt; a first form counting ink as hidden dropped both, and one wrong hex
    of the blind Seelowe 2 with them. So only a line's own colour lighter than the ink is hidden terrain (the road's
    grey, a river's blue), and a hex listed only for what such a line hides
    stays listed where it could change the reading - where the whole unread share, were it all the runner-up's
    colour, would make the runner-up as large as the class read (a town half under a railway and a road) - and is
    said so; where the rest of the hex decides it whatever lies under the line (a road across a clear hex, 74% clear
    and nothing else), it is not listed. A hex whose blocks of no legend colour outside the masks are over
    REVIEW_UNKNOWN on their own is listed as before."""
    if odd - hidden > REVIEW_UNKNOWN:
        return f"{odd:.0%} of the hex matches no legend colour"
    first = fr[order[0]] * known
    second = fr[order[1]] * known if len(order) > 1 else 0.0
    if odd + second < first:
        return ""
    nxt = f", {names[order[1]]} {second:.0%}" if len(order) > 1 and second > 0 else ""
    return (f"{odd:.0%} of the hex is unread ({hidden:.0%} under a line), enough to change its reading "
            f"({names[order[0]]} {first:.0%} of the hex{nxt})")


def _unknown_colour(leg: Legend, used: np.ndarray, cls: np.ndarray, hid: np.ndarray, valid: np.ndarray,
                    ids: Sequence[str], k: int, cnt: Sequence[Sequence[int]], total: Sequence[int],
                    protos: np.ndarray, owner: np.ndarray, gates: np.ndarray, shape: tuple[int, int]
                    ) -> tuple[list[float], dict[str, dict[int, float]]]:
    """Each hex's share that matches no legend colour as the review names it, and, per class, the share a hex read
    as that class is listed by (where it differs). Without UNKNOWN_KNOWN: every block of no legend terrain (class
    ``k``, ink too), and no class's own. ``shape``: the block raster's. With it, two kinds of such blocks match the
    legend after all:
    - a legend line's colour averaged with a terrain's (:func:`_line_mixes`): The Longest Day's river, a blue band on
      the hex sides, left a quarter to a half of 15 of its region 1's bocage and clear hexes unknown under the majority
      legend, every one read right. Not a line lighter than the ink's (left out of the blocks) nor one whose colour is a
      terrain's too (:func:`_takes_terrain`, the legend's own warning for a line mask): its mixes are that terrain's own
      shades as well, no sign of the line - Stonewall Jackson's Way's railway red is the mountain's, and in its studied
      region 2 it explained 7469 of the 23676 such blocks of the listed hexes, the relief's shading, not a railway (the
      check after, on its blind region 1's totals: wrong named 6/7 with the test, 5/7 without). Only beside the line:
      within MIX_NEXT blocks of a block of the line's own colour or masked inside a hex (review37 M1: a pale-blue lake
      no class names, half paper and half the river's blue, lies on that segment anywhere; it was read clear and not
      listed - the user's only word that the legend misses a class);
    - a colour a class's own example hexes are printed with: where one of them is over REVIEW_UNKNOWN such
      colour, the user's examples say the class is printed so (MMP Afrika's hills, darker brown patches the legend
      has no colour for: 77-80% of one example hex; 7 hexes of region 1 listed for it, all read right), and a hex
      read as that class is listed by its unknown blocks of other colours only (review37 M2: not of every colour -
      one example holding a key box or a counter would turn the reason off for the whole class): those within
      PRINT_BIN (Delta E, a cube of Lab and its neighbours) of one of those examples' unknown blocks;
    - a colour the example hexes of two classes or more hold (:func:`_overprint`): printed over the map whatever the
      terrain (a game's markers), up to the largest share of one example hex it takes.
    Ink and a line's masked pixels (an invalid block) hide the terrain under them and still count."""
    odd = [cnt[i][k] / t if t else 1.0 for i, t in enumerate(total)]
    odd_as: dict[str, dict[int, float]] = {}
    if not UNKNOWN_KNOWN:
        return odd, odd_as
    listed = [i for i, v in enumerate(odd) if v > REVIEW_UNKNOWN and total[i]]  # (none: nothing on the image)
    if not listed:
        return odd, odd_as
    lines = [f.lab for f in leg.features if f.kind in ("along", "across") and f.lab[0] >= leg.ink_lightness
             and not _takes_terrain(f.lab, leg.terrains)]
    row = {h: i for i, h in enumerate(ids)}
    # (the example hexes' blocks too, listed or not: the colours printed over the examples of several classes)
    seen = {n: sorted({row[h] for h in hs if h in row}) for n, hs in leg.examples.items()}
    example_rows = sorted({i for v in seen.values() for i in v})
    pick = np.flatnonzero((cls == k) & valid & np.isin(hid, sorted({*listed, *example_rows})))
    mixed = _line_mixes(used[:, pick], lines, protos, np.minimum(gates[owner], leg.max_delta_e))
    if mixed.any():
        # a mix is a line's only beside the line: within MIX_NEXT blocks of a block of the line's own colour or of
        # one masked inside a hex (a road's or railway's masked pixels; not the hex lines' band about the sides,
        # which is ink everywhere)
        core = ~valid & (hid >= 0)
        for ln in lines:
            dl = used - np.asarray(ln, np.float32)[:, None]
            core |= (dl * dl).sum(axis=0) <= float(leg.max_delta_e) ** 2
        near = core.reshape(shape)
        for _ in range(MIX_NEXT):
            near = _dilate(near)
        mixed &= near.reshape(-1)[pick]
    less = np.bincount(hid[pick[mixed]], minlength=len(ids))
    for i in listed:
        odd[i] = (cnt[i][k] - int(less[i])) / total[i]
    rest = pick[~mixed]
    at = hid[rest]
    codes = _lab_bins(used[:, rest])
    # the colours each class's own examples print that the legend does not list (the examples over REVIEW_UNKNOWN)
    owns = {n: [i for i in rows if odd[i] > REVIEW_UNKNOWN] for n, rows in seen.items()}
    # a colour the examples of two classes or more hold, printed over the map whatever its terrain (OVERPRINT)
    # (the blends are measured on the example hexes' blocks alone: _overprint reads no other - review38 R1, ~1.4 s of
    # CPU per 650k unknown blocks of 8 classes otherwise)
    on_ex = np.isin(at, example_rows)
    blend = np.zeros(len(at), bool)
    blend[on_ex] = _on_blends(used[:, rest[on_ex]], protos)
    over = _overprint(codes, at, seen, [total[i] for i in range(len(ids))], blend)
    if over is not None:
        grown_over, cap = over
        at_over = np.isin(codes, grown_over, kind="table")
        took = np.bincount(at[at_over], minlength=len(ids))
        for i in listed:
            odd[i] -= min(int(took[i]), int(cap * total[i])) / total[i]
    else:
        at_over = np.zeros(len(codes), bool)
    for n, own in owns.items():
        if not own:
            continue
        # (the cubes as they come, repeats and all, looked up in a table: np.unique and np.isin's sorting import
        # numpy.ma on their first use, ~8 ms of the command's CPU that 50a407f had saved)
        printed = codes[np.isin(at, own)]
        grown = (printed[:, None] + _BIN_STEPS[None, :]).reshape(-1)
        # (a block let off as overprint is not let off twice)
        off = np.bincount(at[np.isin(codes, grown, kind="table") & ~at_over], minlength=len(ids))
        odd_as[n] = {i: (odd[i] * total[i] - int(off[i])) / total[i] for i in listed if odd[i] > REVIEW_UNKNOWN}
    return odd, odd_as


def _overprint(codes: np.ndarray, at: np.ndarray, seen: dict[str, list[int]], total: Sequence[int],
               blend: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The colours printed over the map whatever the terrain under them, as the examples show them, and how much of a
    hex they may cover: the PRINT_BIN cubes of Lab (``codes``: of the unknown blocks, ``at``: their hexes) held by the
    example hexes (``seen``: each class's, as hex indices) of OVERPRINT classes or more, with their neighbours, and
    the largest share of one example hex (``total``: each hex's blocks) those cubes take. None where there are none.
    Blocks on a mix of two terrains' colours (``blend``: :func:`_on_blends`, measured on the example hexes' blocks, the
    only ones read here) hold no such colour.

    A colour the legend does not list that the user's examples of two different terrains hold is no terrain the
    legend misses (that would be one class's) but a print over the map - a game's markers and set-up symbols, the
    names: D-Day at Omaha Beach's strongpoint crosses and unit markers, 7-15% of its examples of four classes, left
    a quarter to a third of 23 hexes of its region 2 unknown (4 labelled, all read right). A hex is let off those
    colours up to the largest share one example hex holds of them, not more: a lake the legend does not list,
    bordering examples of two classes, still leaves a hex it fills listed (its slivers in those examples are all
    that is let off). A colour where two terrains' colours meet or blend (within BLEND_RADIUS of the Lab segment
    between two of the classes' colours) is no print over the map, whichever examples hold it: Stonewall Jackson's
    Way's painted rolling, clear and rough grounds shade into one another, their blends 1-7 Delta E from a segment,
    in examples of two or three classes each; let off, they took 12 hexes off the list and a wrong hex of the blind
    region 1 (totals: wrong named 6/7 -> 5/7). On D-Day at Omaha Beach's markers it leaves out 291 of 20029 blocks
    and no colour."""
    at, codes = at[~blend], codes[~blend]
    cls_of: dict[int, str] = {}
    for n, rows in seen.items():
        for i in rows:
            cls_of[i] = n if cls_of.get(i, n) == n else ""  # (a hex given as two classes' example tells neither)
    # (np.unique with its counts and np.isin by a table: their plain forms import numpy.ma on first use, ~8 ms)
    per = [np.unique(codes[np.isin(at, [i for i in rows if cls_of[i] == n])], return_counts=True)[0]
           for n, rows in seen.items()]
    if not per:
        return None
    u, c = np.unique(np.concatenate(per), return_counts=True)
    held = u[c >= OVERPRINT]
    if not len(held):
        return None
    grown = np.unique((held[:, None] + _BIN_STEPS[None, :]).reshape(-1), return_counts=True)[0]
    took = np.bincount(at[np.isin(codes, grown, kind="table")], minlength=len(total))
    cap = max((took[i] / total[i] for i in cls_of if cls_of[i] and total[i]), default=0.0)
    return grown, float(cap)


def _on_blends(x: np.ndarray, protos: np.ndarray) -> np.ndarray:
    """Whether each colour of ``x`` (3, n: L*, a*, b*) lies within BLEND_RADIUS (Delta E) of the Lab segment between
    two of ``protos`` (the classes' colours): a mix of two terrains."""
    lab = np.asarray(x, np.float64).T
    out = np.zeros(len(lab), bool)
    ps = np.asarray(protos, np.float64)
    for i in range(len(ps)):
        for j in range(i + 1, len(ps)):
            a, d = ps[i], ps[j] - ps[i]
            t = np.clip((lab - a) @ d / max(float(d @ d), 1e-9), 0.0, 1.0)
            near = a + t[:, None] * d - lab
            out |= (near * near).sum(axis=1) <= BLEND_RADIUS ** 2
    return out


REFUSED_DOTS = 0.1  # a hex the dotted bar refuses is listed where its dots are this share of the least example's
CONFIRM = 0.5  # blobs.py step 4b: a dotted class's colour share or dots at this part of its bar, the other at its bar
OVERPRINT = 2  # classes: a colour no legend terrain has that this many classes' examples hold is printed over the map
PRINT_BIN = 8.0  # Delta E: the cube of Lab a class's own unknown colour is known by (with its 26 neighbours)
_BIN_SPAN = 64  # bins per axis in the code (L* 0..100, a* and b* -256..256 at PRINT_BIN 8)
_BIN_STEPS = np.array([(dl * _BIN_SPAN + da) * _BIN_SPAN + db
                       for dl in (-1, 0, 1) for da in (-1, 0, 1) for db in (-1, 0, 1)], np.int64)


def _lab_bins(x: np.ndarray) -> np.ndarray:
    """Each colour of ``x`` (3, n: L*, a*, b*) as the code of its PRINT_BIN cube of Lab (a neighbour's code is the
    code plus one of _BIN_STEPS)."""
    q = np.floor(np.asarray(x, np.float64) / PRINT_BIN).astype(np.int64)
    half = _BIN_SPAN // 2
    return ((np.clip(q[0], 0, _BIN_SPAN - 1) * _BIN_SPAN + np.clip(q[1] + half, 0, _BIN_SPAN - 1)) * _BIN_SPAN
            + np.clip(q[2] + half, 0, _BIN_SPAN - 1))


def _takes_terrain(line: Sequence[float], terrains: Sequence[TerrainClass]) -> bool:
    """Whether a line's colour (CIELAB) is a terrain's too: more than MASK_TAKES of some terrain's sampled colour
    blocks lie within MASK_TOLERANCE (per RGB channel) of it - the test line_masks makes of a masked line on the
    examples' pixels (the legend's warning "line rail's colour takes in 81% of mountain example pixels"), here on
    the blocks the classes were sampled from, and for every line."""
    rgb = lab_to_rgb(np.asarray(line, np.float64))
    for tc in terrains:
        if tc.samples is None or not len(tc.samples):
            continue
        x = lab_to_rgb(np.asarray(tc.samples, np.float64))
        if float(np.mean(np.abs(x - rgb).max(axis=1) <= MASK_TOLERANCE)) > MASK_TAKES:
            return True
    return False


MIX_SAMPLES = 257  # points of a line-terrain RGB segment whose Lab bound the colours _line_mixes measures


def _line_mixes(x: np.ndarray, lines: Sequence[Sequence[float]], protos: np.ndarray, spread: np.ndarray
                ) -> np.ndarray:
    """Whether each colour of ``x`` (3, n: L*, a*, b*) is a line's colour (``lines``, CIELAB) averaged with a
    terrain's (``protos``, each within its ``spread``, Delta E): a block at a line's edge, the mean of the two
    colours' pixels, lies on the straight segment between them in the scan's RGB (where Pillow averages; in Lab
    that mix is a curve: a blue river's band over green lies up to ~10 Delta E off the Lab segment). Measured as
    the Delta E from the colour to the point of the RGB segment nearest it - only for the colours inside the Lab
    box of that curve grown by the spread (review37 C3: a legend missing a colour over half a large map picks
    ~650k blocks, measured against every line and prototype: seconds). A colour outside it lies further than the
    spread from every point of the curve, so from the one measured: the same answer. The box is that of
    MIX_SAMPLES points of the curve grown by the largest step between two of them (the curve between two points
    lies within that of them)."""
    out = np.zeros(x.shape[1], bool)
    if not len(lines) or not x.shape[1]:
        return out
    rgb = lab_to_rgb(x.T)
    lab = x.T.astype(np.float64)
    steps = np.linspace(0.0, 1.0, MIX_SAMPLES)[:, None]
    for line in lines:
        b = lab_to_rgb(np.asarray(line, np.float64))
        for p, tol in zip(protos, spread):
            a = lab_to_rgb(np.asarray(p, np.float64))
            d = b - a
            curve = rgb_to_lab((a + steps * d).astype(np.float32)).astype(np.float64)
            reach = float(tol) + float(np.sqrt((np.diff(curve, axis=0) ** 2).sum(axis=1)).max())
            box = np.flatnonzero(~out & (lab >= curve.min(axis=0) - reach).all(axis=1)
                                 & (lab <= curve.max(axis=0) + reach).all(axis=1))
            if not len(box):
                continue
            t = np.clip((rgb[box] - a) @ d / max(float(d @ d), 1e-9), 0.0, 1.0)
            near = rgb_to_lab((a + t[:, None] * d).astype(np.float32)) - lab[box]
            out[box[(near * near).sum(axis=1) <= float(tol) ** 2]] = True
    return out


def _symbol_doubt(name: str, rep: SymbolReport, hx_id: str) -> tuple[float, str]:
    """The confidence and review reason of a hex a ``symbol: true`` class takes because its symbol is found there
    (``rep``: what find_symbols learned for it). It had confidence 1.0 and no reason however its symbol was found, so
    no such hex was ever listed: Guns of the Americas' region 2 (studied) read 8 of 49 hexes wrong as city - 6 of them
    the cities' bold black NAMES matched as the marker - and its review list was empty, of 4,176 hexes (gota notes 1;
    heldout/RESULTS-gota.md "gota2"). Listed (docs/legend.md "Symbols"):
    - a hex whose best match lies within NEAR_RULE of the threshold (as a ratio), as a hex a coverage rule, its marks
      or a chosen symbol decides near its bar is;
    - every hex it decides when the symbol's own leave-one-out check - each example looked for with the template of
      the others - found fewer than half its examples (SYMBOL_LOO_LEAST): the template describes none of its
      examples' shapes in common (GotA's three markers, a star in a disc, a numbered disc and a dot, share only
      the black of the names printed beside them: found 1 of 3), so no match of it says the hex holds the symbol.
      A symbol printed each its own way whose check misses one example of three (Bastogne's and Red Winter's
      villages, 2 of 3) is read by its lowered threshold as before.
    The confidence is the match's past the threshold (marks_confidence), under REVIEW_BELOW for both."""
    score = rep.scores.get(hx_id, 0.0)
    conf = marks_confidence(score, rep.threshold) if rep.threshold > 0 else 1.0
    if rep.loo_total >= 2 and rep.loo_found < SYMBOL_LOO_LEAST * rep.loo_total:
        return (min(conf, 0.5), f"read as {name} by a symbol whose template, learned without each example, found "
                                f"{rep.loo_found} of its {rep.loo_total} examples (score {score:.2f}, threshold "
                                f"{rep.threshold:.2f})")
    if score - rep.threshold < NEAR_RULE * rep.threshold:
        return conf, (f"read as {name} by its symbol near the threshold (score {score:.2f}, threshold "
                      f"{rep.threshold:.2f})")
    return conf, ""


def marks_confidence(share: float, threshold: float) -> float:
    """The confidence of a hex given its class by its marks' ``share`` (reaching the class's ``threshold``): 0.5 at
    the threshold, REVIEW_BELOW at NEAR_RULE past it (as a ratio: the hexes listed for review, and only those, are
    under REVIEW_BELOW), 1.0 from 1.75 times the threshold on. Was 0.5 plus the share past the threshold (review
    C13): 0.52-0.6 for every hex (shares of a few hundredths), under REVIEW_BELOW though the hex was not listed."""
    return min(1.0, 0.5 + (REVIEW_BELOW - 0.5) * (share / threshold - 1.0) / NEAR_RULE)


class _Measures:
    """The whole-image texture measures of one run, flat over the colour blocks of ``shape``, each made when first
    asked for and then kept: the speck share (extract_raster.speck_share: _dot_fields, _read_textures) and the
    pattern (pattern.edge_density: _read_patterns, _read_textures). Each is a pass over the whole image."""

    def __init__(self, image: Image.Image, size: float, shape: tuple[int, int], ink_lightness: float) -> None:
        self.image, self.size, self.shape, self.ink = image, size, shape, ink_lightness

    @functools.cached_property
    def specks(self) -> np.ndarray:
        return speck_share(self.image, self.size, self.shape).reshape(-1)

    @functools.cached_property
    def pattern(self) -> np.ndarray:
        return edge_density(self.image, self.size, self.shape, self.ink).reshape(-1)

    @functools.cached_property
    def solid(self) -> np.ndarray:
        return solid_share(self.image, self.size, self.shape, self.ink).reshape(-1)

    def around(self, hexes: Sequence[np.ndarray], pattern: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The speck share, the pattern and the solid ink's share, flat over every block, NaN but at the blocks of
        ``hexes`` (flat indices, an array a hex): each read from the image around that hex alone (the same values as
        the whole image's, made here only where not made yet: a few example hexes cost a small part of a whole-image
        pass). Without ``pattern`` neither the pattern nor the solid ink is read (all NaN)."""
        n = self.shape[0] * self.shape[1]
        out = []
        for name, measure in (("specks", lambda w: speck_share(self.image, self.size, self.shape, w)),
                              ("pattern", lambda w: edge_density(self.image, self.size, self.shape, self.ink, w)),
                              ("solid", lambda w: solid_share(self.image, self.size, self.shape, self.ink, w))):
            if name != "specks" and not pattern:
                out.append(np.full(n, np.nan, np.float32))
                continue
            if name in self.__dict__:  # made already (cached_property keeps it there)
                out.append(self.__dict__[name])
                continue
            a = np.full(n, np.nan, np.float32)
            for blocks in hexes:
                rr, cc = np.divmod(blocks, self.shape[1])
                r0, c0 = int(rr.min()), int(cc.min())
                a[blocks] = measure((r0, int(rr.max()) + 1, c0, int(cc.max()) + 1))[rr - r0, cc - c0]
            out.append(a)
        return out[0], out[1], out[2]


def _read_patterns(image: Image.Image, grid: Grid, leg: Legend, fi: _Features, lay_red: Layout, cls: np.ndarray,
                   size: float, measures: _Measures) -> list[Told]:
    """Two classes of nearly one colour, one patterned (pattern.py): where the legend's example hexes of one are
    read by colour as the other, and the pattern tells them apart on those examples, the blocks read as the one
    on the other's side of the pattern are the other, in place on ``cls``. Returns the pairs so told apart."""
    names = leg.names()
    k = len(names)
    listed = [(names.index(n), h) for n, hexes in leg.examples.items() if n in names for h in hexes]
    if not listed:
        return []
    shape = fi.valid.shape
    at = _hex_raster(lay_red, [grid.hex(h) for _, h in listed], shape, INSET).reshape(-1)
    inside = np.flatnonzero(at >= 0)
    of = np.asarray([c for c, _ in listed])[at[inside]]
    examples = {c: inside[of == c] for c in np.flatnonzero(np.bincount(of)).tolist()}  # (np.unique: numpy.ma)
    pairs = confused_pairs(cls, examples, k)
    if not pairs:
        return []
    # the pattern of the example blocks, hex by hex; of the whole image only once a pair is told apart
    pattern = np.full(shape[0] * shape[1], np.nan, np.float32)
    rows, cols = np.divmod(inside, shape[1])
    for i in np.flatnonzero(np.bincount(at[inside])).tolist():
        sel = at[inside] == i
        rr, cc = rows[sel], cols[sel]
        r0, c0 = int(rr.min()), int(cc.min())
        win = edge_density(image, size, shape, leg.ink_lightness, (r0, int(rr.max()) + 1, c0, int(cc.max()) + 1))
        pattern[inside[sel]] = win[rr - r0, cc - c0]
    inner = inner_blocks(cls.reshape(shape), size)
    told = learn_pairs(pairs, cls, examples, pattern, inner)
    if told:
        read_pairs(told, cls, measures.pattern, inner)
    return told


def _read_outlines(image: Image.Image, layout: Layout, leg: Legend, cls: np.ndarray, hid: np.ndarray,
                   shape: tuple[int, int], ids: Sequence[str], size: float, hex_blocks: float) -> list[Outlined]:
    """A class printed as outlined patches told from art of its colours on another class's ground (outline.py,
    seelowe1 notes): learned from the legend's example hexes, then the parts of the class less outlined than its
    examples' are the ground's, in place on ``cls``. Returns the pairs so told apart."""
    names = leg.names()
    row = {h: i for i, h in enumerate(ids)}
    examples = {names.index(n): [row[h] for h in hexes if h in row] for n, hexes in leg.examples.items()
                if n in names}
    c2, h2 = cls.reshape(shape), hid.reshape(shape)
    told = learn_outlined(image, size, layout, c2, h2, examples, len(names), leg.ink_lightness, hex_blocks)
    if told:
        read_outlined(image, size, layout, c2, h2, told, hex_blocks)
    return told


def _example_blocks(hid: np.ndarray, examples: Mapping[int, Sequence[int]]) -> dict[int, np.ndarray]:
    """Each class's example blocks: the indices (ascending) of the blocks of ``hid`` (each block's hex, -1 in none)
    in its example hexes (``examples``: class -> hex rows), for the classes with examples. The blocks of every
    example hex are found in one pass over the image's blocks, then each class's among them (a pass a class cost
    ~4 ms each on the bench command's 312k blocks)."""
    some = np.flatnonzero(np.isin(hid, sorted({h for v in examples.values() for h in v})))
    return {c: some[np.isin(hid[some], v)] for c, v in examples.items() if v}


def _read_textures(leg: Legend, fi: _Features, cls: np.ndarray, hid: np.ndarray, inside: np.ndarray, hin: np.ndarray,
                   ids: Sequence[str], frac: np.ndarray, results: dict[str, HexResult], by_colour: Sequence[str],
                   dotted: frozenset[str], measures: _Measures, coloured: np.ndarray | None = None) -> list[HexPair]:
    """Classes of nearly one colour told apart hex by hex by their texture (pattern.py, "hexes told apart by
    texture"): where the legend's example hexes of two classes are read by colour as one another and a texture
    measure parts them, a hex the colour reading calls mixed between that pair takes the class whose examples its
    measure reaches, in place on ``results``; then a speckled class's hexes without its specks take their next class
    (:func:`_read_speckled`). Returns the pairs so told apart."""
    names = leg.names()
    k = len(names)
    row = {h: i for i, h in enumerate(ids)}
    examples: dict[int, list[int]] = {}
    for n, hexes in leg.examples.items():
        if n in names and n not in dotted:
            examples.setdefault(names.index(n), []).extend(row[h] for h in hexes if h in row)
    blocks = _example_blocks(hid, examples)
    pairs = sorted({(min(a, b), max(a, b)) for a, b in confused_pairs(cls, blocks, k)})
    if not pairs:
        return []
    kept = fi.kept.reshape(-1) if fi.kept is not None else np.ones(len(cls), np.float32)
    flat = np.flatnonzero(inside)
    # the measures learned on the example hexes, read from around them alone: the whole image's only once a
    # measure parts a pair (review R1: a confused pair no measure parts cost two whole-image passes)
    listed = sorted({h for v in examples.values() for h in v})
    sel = np.flatnonzero(np.isin(hin, listed))  # one pass over the blocks, not one an example (review C6)
    order = sel[np.argsort(hin[sel], kind="stable")]
    cuts = np.flatnonzero(np.diff(hin[order])) + 1
    specks, pattern, solid = measures.around([flat[b] for b in np.split(order, cuts) if len(b)])
    learned = []
    for a, b in pairs:
        # the hexes' measures over the blocks read as either class or as none (a woods blob's ink)
        use = np.isin(cls[inside], [a, b, k])
        x = hex_textures(kept, specks, pattern, hin[use], flat[use], len(ids), solid)
        p = learn_hex_pair(a, b, x[examples[a]], x[examples[b]])
        if p is not None:
            learned.append(p)
    if not learned:
        return []
    specks, pattern = measures.specks, measures.pattern
    # the solid ink's whole-image pass only where a pair is told apart by it
    whole_solid = measures.solid if any(p.measure == 3 for p in learned) else None
    order = np.argsort(-frac, axis=1)[:, :2]
    todo = [row[h] for h in by_colour if results[h].terrain is not None]
    measured = []
    for p in learned:
        a, b = p.a, p.b
        use = np.isin(cls[inside], [a, b, k])
        x = hex_textures(kept, specks, pattern, hin[use], flat[use], len(ids), whole_solid)
        measured.append(x)
        for h in todo:
            first, second = order[h]
            if ({first, second} != {a, b} or frac[h, second] < TEXTURE_SHARE or frac[h, first] >= TEXTURE_SURE
                    or not np.isfinite(x[h]).all()):
                continue
            c = read_hex_pair(p, x[h])
            r = results[ids[h]]
            if c is not None and p.measure == SOLID and not _second_form(p, x, h, c, examples):
                # a pair told apart by the solid ink alone (the measure tried last: hex43) reads a hex only where its
                # specks say so too (pattern.py, "a class its colour does not show", step 3): a plain hex holds no
                # solid ink either (Gettysburg's 0232, rolling, read woods by colour)
                continue
            if c is not None and names[c] != r.terrain:
                # listed for review near the examples' bound only (within NEAR_RULE of it, as a ratio), as a hex moved
                # by its marks or its symbol is; its confidence as theirs (marks_confidence). Past that the texture
                # parts the hex as it parts the examples: D-Day at Omaha Beach's buildings, read highground or draw by
                # colour, their pattern up to 1.7 times the buildings examples' least, were every one listed (18 of
                # region 2's 109)
                past = hex_pair_past(p, x[h])
                why = f"read as {r.terrain} by colour, {names[c]} by its texture" if past < 1 + NEAR_RULE else ""
                results[ids[h]] = HexResult(names[c], round(marks_confidence(past, 1.0), 4), r.fractions, r.unknown,
                                            r.visible, why)
    if UNSEEN:
        def with_solid() -> list[np.ndarray]:
            # the second form of the print, the solid ink, for every pair: its whole-image pass only when a hex is
            # asked (pattern.py, "a class its colour does not show", step 3)
            if whole_solid is not None:
                return measured
            return [hex_textures(kept, specks, pattern, hin[u], flat[u], len(ids), measures.solid)
                    for u in (np.isin(cls[inside], [p.a, p.b, k]) for p in learned)]
        _read_unseen(learned, measured, with_solid, names, ids, frac, order, results, todo, examples)
    # a speckled class's hexes without its specks (pattern.py): on the whole image's speck share, made above
    # (over the blocks read by colour, ``coloured``: those _speckless left uncredited are the hex's blocks of the class
    # this measure is of, as before)
    _read_speckled(names, (cls if coloured is None else coloured)[inside], hin, specks[flat], examples, ids, frac,
                   order, results, todo)
    return learned


#: pattern.py, "a class its colour does not show": a mixed hex whose texture reaches the examples of a class not among
#: its first two classes by colour is that class (a module flag only so that tests can read a board without it)
UNSEEN = True
#: the measures that say what form the print takes (pattern.hex_textures): specks and solid ink
SPECKS, SOLID = 1, 3
FORMS = (SPECKS, SOLID)


def _read_unseen(learned: Sequence[HexPair], measured: Sequence[np.ndarray],
                 with_solid: Callable[[], Sequence[np.ndarray]], names: Sequence[str], ids: Sequence[str],
                 frac: np.ndarray, order: np.ndarray, results: dict[str, HexResult], todo: Sequence[int],
                 examples: Mapping[int, Sequence[int]]) -> None:
    """A hex the colour reading calls mixed is a class that is not among its first two classes by colour where the
    pairs told apart (``learned``, each with its hexes' measures in ``measured``; ``with_solid``: the same with the
    solid ink's share, made only when a hex is asked) between that class and its first two say so: one with its
    first class, and every one with either of them, reaches that class's examples by the form of the print; by more
    of the pair's texture than the other class's examples hold, or, for a class the colour reading does not show
    (fewer than half of its example hexes read as it first), by either side; and every one of those pairs says so by
    the other form of the print as well (:func:`_second_form`) - pattern.py, "a class its colour does not show".
    In place on ``results``; hexes the pairs above moved (no longer read as their first class by colour) are left as
    they are."""
    unseen = {c for c, rows in examples.items() if rows and 2 * sum(int(order[i][0]) == c for i in rows) < len(rows)}
    asked: list[tuple[int, int, list[int], float]] = []  # hex, class, the pairs (indices into learned), how far
    for h in todo:
        first, second = (int(c) for c in order[h])
        r = results[ids[h]]
        if r.terrain != names[first] or frac[h, first] >= TEXTURE_SURE:
            continue
        top = {first, second} if frac[h, second] >= TEXTURE_SHARE else {first}
        ask: dict[int, list[int]] = {}  # a class not in the top: its pairs with the top
        for i, p in enumerate(learned):
            if (p.a in top) != (p.b in top):
                ask.setdefault(p.b if p.a in top else p.a, []).append(i)
        found = []
        for c, told in ask.items():
            pairs = [(learned[i], measured[i][h]) for i in told]
            if (first not in {p.a for p, _ in pairs} | {p.b for p, _ in pairs}
                    or not all(p.measure in FORMS and np.isfinite(v[p.measure]) and read_hex_pair(p, v) == c
                               for p, v in pairs)):
                continue
            if c in unseen or any(c == (p.b if p.above else p.a) for p, _ in pairs):
                found.append((c, told, min(hex_pair_past(p, v) for p, v in pairs)))
        if len(found) == 1:
            asked.append((h, *found[0]))
    if not asked:
        return
    solid = with_solid()
    for h, c, told, past in asked:
        if not all(_second_form(learned[i], solid[i], h, c, examples) for i in told):
            continue
        r = results[ids[h]]
        why = f"read as {r.terrain} by colour, {names[c]} by its texture" if past < 1 + NEAR_RULE else ""
        results[ids[h]] = HexResult(names[c], round(marks_confidence(past, 1.0), 4), r.fractions, r.unknown,
                                    r.visible, why)


def _second_form(p: HexPair, x: np.ndarray, h: int, c: int, examples: Mapping[int, Sequence[int]]) -> bool:
    """Whether the form of the print the pair ``p`` is not told apart by (of :data:`FORMS`: the solid ink for a pair
    told by its specks, the specks for one told by its solid ink) says hex ``h`` is class ``c`` too (``x``: every
    hex's measures over the pair's blocks, the solid ink's share made): every example hex of ``c`` lies on one side
    of every example hex of the pair's other class by it (each at least the measure's floor), and the hex lies on
    ``c``'s side of the middle (a ratio: the geometric mean) between the nearest of them. A measure both classes'
    examples share (no specks in either, no solid ink in either) says nothing: no second sign (pattern.py, "a class
    its colour does not show", step 3)."""
    m = FORMS[0] if p.measure == FORMS[1] else FORMS[1]
    o = p.b if c == p.a else p.a
    floor = TEXTURE_FLOOR[m]
    own = np.maximum(x[list(examples.get(c, ())), m], floor)
    other = np.maximum(x[list(examples.get(o, ())), m], floor)
    v = float(x[h, m])
    if not (len(own) and len(other) and np.isfinite(own).all() and np.isfinite(other).all() and np.isfinite(v)):
        return False
    v = max(v, floor)
    if own.min() > other.max():
        return v >= float(np.sqrt(own.min() * other.max()))
    if own.max() < other.min():
        return v <= float(np.sqrt(own.max() * other.min()))
    return False


def _read_speckled(names: Sequence[str], cin: np.ndarray, hin: np.ndarray, specks: np.ndarray,
                   examples: Mapping[int, Sequence[int]], ids: Sequence[str], frac: np.ndarray, order: np.ndarray,
                   results: dict[str, HexResult], todo: Sequence[int]) -> None:
    """A hex read as a speckled class by colour whose blocks of it hold no more specks than the next class's
    examples hold in theirs is that next class (pattern.py, "a speckled class's hexes without its specks"), in place
    on ``results``; hexes the texture pairs moved are left as they are. Run once a texture measure parts a confused
    pair (the whole image's speck share is made then: a board whose colour reading confuses no examples costs
    nothing)."""
    k = len(names)
    own, _ = own_specks(specks, cin, hin, len(ids), k)
    speckled = learn_speckled(own, examples)
    for h in todo:
        first, second = order[h]
        r = results[ids[h]]
        if (r.terrain != names[first] or frac[h, second] < TEXTURE_SHARE
                or not read_speckled(speckled, first, second, float(own[h, first]))):
            continue
        results[ids[h]] = HexResult(names[second], round(float(frac[h, second]), 4), r.fractions, r.unknown,
                                    r.visible, f"read as {r.terrain} by colour, but its blocks of it hold "
                                    f"{own[h, first]:.1%} specks ({r.terrain}'s examples from "
                                    f"{speckled[first].min():.1%}, {names[second]}'s up to "
                                    f"{speckled[second].max():.1%})")


def _dot_fields(image: Image.Image, grid: Grid, leg: Legend, fi: _Features, lay_red: Layout, blocks: np.ndarray,
                cls: np.ndarray, cents: np.ndarray, measures: _Measures) -> tuple[list[Dotted], list[Dotted]]:
    """The dotted classes of the legend (texture.py), each given the colour blocks where its dots are and only
    those (texture.dot_fields, in place on ``cls``). Returns them all, and those it could not place so (no specks
    in their examples), for the hex-by-hex check (texture.check_dotted)."""
    colours = {tc.name: tc.lab for tc in leg.terrains}  # (a symbol class's examples are not colour blocks)
    classes = dotted_classes(_Reader(image, grid), {n: v for n, v in leg.examples.items() if n in colours}, colours,
                             leg.ink_lightness)
    if not classes:
        return [], []
    specks = measures.specks
    examples = {}
    for d in classes:
        hexes = [grid.hex(h) for h in leg.examples[d.name]]
        examples[d.name] = _hex_raster(lay_red, hexes, fi.valid.shape, INSET).reshape(-1) >= 0
        for g in d.on:  # its ground classes' examples too (texture notes 1b: specks the ground shows as well)
            if g not in examples and leg.examples.get(g):
                examples[g] = _hex_raster(lay_red, [grid.hex(h) for h in leg.examples[g]], fi.valid.shape,
                                          INSET).reshape(-1) >= 0
    placed = dot_fields(classes, leg.names(), cls, blocks, cents, specks, examples)
    return classes, [d for d in classes if d.name not in placed]


def _check_dotted(image: Image.Image, grid: Grid, leg: Legend, results: dict[str, HexResult],
                  by_colour: Sequence[str], without: _Without, dotted: Sequence[Dotted] | None = None) -> None:
    """Hexes whose reading by colour a dotted class decides, and whose dots cover less than any example's, take the
    class their shares give without that class's colour blocks (each to its nearest other class; texture.py)."""
    read = {h: (r.terrain, r.fractions) for h in by_colour if (r := results[h]).terrain is not None}
    colours = {tc.name: tc.lab for tc in leg.terrains}
    for h, (cls, fractions, why) in check_dotted(image, grid, leg.examples, colours, read,  # type: ignore[arg-type]
                                                 list(read), without, dotted).items():
        r = results[h]
        fr = {n: round(v, 4) for n, v in sorted(fractions.items(), key=lambda kv: -kv[1]) if v > 0}
        results[h] = HexResult(cls, fr.get(cls, 0.0), fr, r.unknown, r.visible, why)


class _Without:
    """A hex's class shares with one class's colour blocks given to their nearest other class (the dotted check:
    a dotted class's blocks in a hex without its dots are some other colour, mixed with ink); computed for every
    hex at once, once a class."""

    def __init__(self, colours: np.ndarray, cls: np.ndarray, inside: np.ndarray, hin: np.ndarray,
                 cents: np.ndarray, names: Sequence[str], ids: Sequence[str], k: int) -> None:
        self.colours, self.cls, self.inside, self.hin, self.cents = colours, cls, inside, hin, cents
        self.names, self.row = list(names), {h: i for i, h in enumerate(ids)}
        self.k, self.nhex = k, len(ids)
        self.done: dict[str, np.ndarray] = {}

    def __call__(self, hex_id: str, name: str) -> dict[str, float]:
        if name not in self.done:
            j = self.names.index(name)
            k = self.k
            cin = self.cls[self.inside].copy()
            at = np.flatnonzero(cin == j)
            if len(at) and k > 1:
                x = self.colours[:, np.flatnonzero(self.inside)[at]]
                others = [c for c in range(k) if c != j]
                d = np.stack([((x - self.cents[c].astype(np.float32)[:, None]) ** 2).sum(axis=0) for c in others])
                cin[at] = np.asarray(others)[np.argmin(d, axis=0)]
            counts = np.bincount(self.hin * (k + 1) + cin, minlength=self.nhex * (k + 1)).reshape(self.nhex, k + 1)
            known = counts[:, :k].sum(axis=1)
            self.done[name] = counts[:, :k] / np.maximum(known, 1)[:, None]
        fr = self.done[name][self.row[hex_id]]
        return {self.names[c]: float(fr[c]) for c in range(self.k) if fr[c] > 0}


def _classify(ft: np.ndarray, valid: np.ndarray, cents: np.ndarray, max_de: float,
              nearest: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """Nearest legend centroid of every block (``ft``: its (3, blocks) L*, a*, b*; ``len(cents)`` = unknown: too
    far or mostly ink), and (``nearest``) the smallest Delta E from each centroid to any valid block."""
    k = len(cents)
    c = cents.astype(np.float32)
    # |x - c|^2 = |x|^2 - 2 x.c + |c|^2; the |x|^2 term does not change the argmin. Centroid by centroid, keeping
    # the running least (the first on ties, as argmin) - a 3-wide matrix product goes through BLAS, which is
    # slower here than plain vector arithmetic, and an argmin across a (blocks, k) matrix is slower still. The
    # sums are made in place, term by term in the same order as ``x0 * a + x1 * b + x2 * c + |c|^2`` (the same
    # float32 roundings; session 42: no fresh array a term, a few ms a call on the bench command's 867k blocks)
    n = ft.shape[1]
    tmp = np.empty(n, dtype=np.float32)
    xx = ft[0] * ft[0]
    xx += np.multiply(ft[1], ft[1], out=tmp)
    xx += np.multiply(ft[2], ft[2], out=tmp)
    cls = np.zeros(n, dtype=np.intp)
    best = np.empty(n, dtype=np.float32)
    d = np.empty(n, dtype=np.float32)
    better = np.empty(n, dtype=bool)
    near = np.full(k, np.inf, dtype=np.float32) if nearest else None
    any_valid = bool(valid.any())
    for j in range(k):
        dj = best if j == 0 else d
        np.multiply(ft[0], -2 * c[j, 0], out=dj)
        dj += np.multiply(ft[1], -2 * c[j, 1], out=tmp)
        dj += np.multiply(ft[2], -2 * c[j, 2], out=tmp)
        dj += float(c[j] @ c[j])
        if near is not None and any_valid:
            near[j] = (dj[valid] + xx[valid]).min()
        if j > 0:
            cls[np.less(d, best, out=better)] = j
            np.minimum(best, d, out=best)
    best += xx
    cls[(best > max_de * max_de) | ~valid] = k
    return cls, (np.sqrt(np.maximum(near, 0)) if near is not None and any_valid else near)


def _mix_distance(x: np.ndarray, j: int, cents: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Delta E of each colour of ``x`` (3, n) to terrain ``j``'s colour ``cents[j]`` or to the nearest mix of it
    with another colour the legend lists (``cents`` and the features' ``others``: the segment between the two
    in Lab)."""
    a = cents[j].astype(np.float32)
    dx = x - a[:, None]
    best = np.sqrt((dx * dx).sum(axis=0))
    for i, o in enumerate([*cents, *others]):
        if i == j:
            continue
        d = np.asarray(o, np.float32) - a
        t = np.clip((d @ dx) / float(d @ d), 0.0, 1.0) if float(d @ d) > 0 else np.zeros(x.shape[1], np.float32)
        r = dx - d[:, None] * t[None, :]
        np.minimum(best, np.sqrt((r * r).sum(axis=0)), out=best)
    return best


def class_colours(terrains: Sequence[TerrainClass]) -> np.ndarray:
    """The colour (CIELAB, ``(k, 3)`` float32) each terrain is read by: its median, or its commonest colour (see
    MODE_BELOW)."""
    out = np.array([tc.lab for tc in terrains], dtype=np.float64).reshape(-1, 3)
    samples = [np.asarray(tc.samples, np.float64) if tc.samples is not None and len(tc.samples) else None
               for tc in terrains]

    for j, x in enumerate(samples):
        if x is None or len(x) < 2 * MODE_CLUSTERS or _near(x, out[j]) >= MODE_BELOW:
            continue
        centres, shares = _kmeans(x, MODE_CLUSTERS)
        mode = centres[int(np.argmax(shares))]
        own = _near(x, mode)
        if all(own > _near(y, mode) for i, y in enumerate(samples) if i != j):
            out[j] = mode
    return out.astype(np.float32)


def _kmeans(x: np.ndarray, k: int, rounds: int = 25) -> tuple[np.ndarray, np.ndarray]:
    """``k`` cluster centres of the colours ``x`` (n, 3) and the share of ``x`` nearest each (Lloyd's algorithm
    from a farthest-point start at the median: deterministic)."""
    centres = [_median(x, axis=0)]
    d = np.linalg.norm(x - centres[0], axis=1)
    for _ in range(1, k):
        centres.append(x[int(np.argmax(d))])
        d = np.minimum(d, np.linalg.norm(x - centres[-1], axis=1))
    c = np.asarray(centres, np.float64)
    for _ in range(rounds):
        a = np.argmin(((x[:, None, :] - c[None]) ** 2).sum(axis=2), axis=1)
        new = np.array([x[a == i].mean(axis=0) if (a == i).any() else c[i] for i in range(k)])
        if np.allclose(new, c):
            break
        c = new
    a = np.argmin(((x[:, None, :] - c[None]) ** 2).sum(axis=2), axis=1)
    return c, np.bincount(a, minlength=k) / len(x)


def _spreads(terrains: Sequence[TerrainClass], protos: np.ndarray, owner: np.ndarray, others: np.ndarray
             ) -> np.ndarray:
    """Each terrain's largest Delta E from its colours (``protos`` whose ``owner`` it is, or their mixes,
    :func:`_mix_distance`) at which a block is still that terrain: learned from its samples (see SPREAD_*);
    unlimited for a terrain given as a colour."""
    out = np.full(len(terrains), np.inf)
    for j, tc in enumerate(terrains):
        if tc.samples is not None and len(tc.samples):
            x = np.ascontiguousarray(np.asarray(tc.samples, np.float32).T)
            d = np.min([_mix_distance(x, int(p), protos, others) for p in np.flatnonzero(owner == j)], axis=0)
            out[j] = max(SPREAD_MIN, SPREAD_FACTOR * float(_quantile(d, SPREAD_PERCENTILE / 100)))
    return out


def part_colours(terrains: Sequence[TerrainClass], cents: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The colours blocks are read by - ``cents`` (:func:`class_colours`), then the parts of patchwork classes (see
    PART_SHARE) - and the terrain each stands for (``(n, 3)`` float32, ``(n,)``)."""
    protos = [np.asarray(c, np.float64) for c in cents]
    owner = list(range(len(cents)))
    samples = [np.asarray(tc.samples, np.float64) if tc.samples is not None and len(tc.samples) else None
               for tc in terrains]

    extra: list[tuple[int, np.ndarray]] = []
    for j, (tc, x) in enumerate(zip(terrains, samples)):
        if x is None or len(x) < 2 * MODE_CLUSTERS or _near(x, np.asarray(tc.lab)) >= MODE_BELOW:
            continue
        centres, shares = _kmeans(x, MODE_CLUSTERS)
        big = [c for c, sh in zip(centres, shares) if sh >= PART_SHARE]
        for i, c in enumerate(big):
            if np.linalg.norm(c - cents[j]) <= MODE_RADIUS:
                continue
            own = _near(x, c)
            if not all(own > _near(y, c) for o, y in enumerate(samples) if o != j):
                continue
            if _blend(c, [*protos, *big[:i], *big[i + 1:]]) <= MODE_RADIUS:
                continue
            extra.append((j, c))
    for j, (tc, x) in enumerate(zip(terrains, samples)):  # a class painted in graded bands: each band (BANDS)
        if not BANDS or x is None or len(x) < 2 * MODE_CLUSTERS or _near(x, np.asarray(tc.lab)) < MODE_BELOW:
            continue
        centres, shares = _kmeans(x, MODE_CLUSTERS)
        axis = np.linalg.svd(x - x.mean(axis=0), full_matrices=False)[2][0]  # the ramp its samples spread along
        if abs(axis[0]) < BAND_LIGHTNESS:  # bands of one hue differ in lightness (not a two-colour texture)
            continue
        for c, sh in zip(centres, shares):
            v = c - cents[j]
            off = np.linalg.norm(v - (v @ axis) * axis)  # from the ramp
            if sh < PART_SHARE or np.linalg.norm(v) <= MODE_RADIUS or off > BLEND_RADIUS:
                continue
            own = _near(x, c)
            if all(own > _near(y, c) for o, y in enumerate(samples) if o != j):
                extra.append((j, c))
    for j, c in extra:
        protos.append(c)
        owner.append(j)
    return np.asarray(protos, np.float32), np.asarray(owner, np.intp)


def _patchworks(terrains: Sequence[TerrainClass]) -> np.ndarray:
    """Which terrains are patchworks (see MODE_BELOW: their median colour is near few of their samples)."""
    out = np.zeros(len(terrains), bool)
    for j, tc in enumerate(terrains):
        if tc.samples is not None and len(tc.samples) >= 2 * MODE_CLUSTERS:
            out[j] = _near(np.asarray(tc.samples, np.float64), np.asarray(tc.lab, np.float64)) < MODE_BELOW
    return out


def _near(x: np.ndarray | None, c: np.ndarray) -> float:
    """The share of the samples ``x`` (none: 0) within MODE_RADIUS of the colour ``c``."""
    return float((np.linalg.norm(x - c, axis=1) <= MODE_RADIUS).mean()) if x is not None else 0.0


def _blend(c: np.ndarray, colours: Sequence[np.ndarray]) -> float:
    """Delta E from ``c`` to the nearest mix of two of ``colours`` (the segment between them in Lab)."""
    best = np.inf
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            d = b - a
            t = float(np.clip((c - a) @ d / max(float(d @ d), 1e-9), 0.0, 1.0))
            best = min(best, float(np.linalg.norm(c - a - t * d)))
    return best


def _gate(colours: np.ndarray, cls: np.ndarray, cents: np.ndarray, others: np.ndarray, gates: np.ndarray) -> None:
    """Blocks (``colours`` (3, n), classes ``cls``) farther from their terrain than its spread ``gates`` become
    unknown (class ``len(cents)``), in place: a colour the legend does not list (a yellow band over white
    paper, averaged with it) is not taken for the nearest listed one."""
    k = len(cents)
    # most blocks are within the spread of the colour itself; only the others are measured against the mixes. Each
    # block's squared Delta E to its own colour in one pass over the blocks (the same float32 sum, channel by channel,
    # as a class's blocks gathered and summed: speed9, ~35 -> ~9 ms on the bench command's 867k blocks), its bar the
    # squared spread as the float32 comparison took it (a terrain given as a colour, and unknown, never gated)
    tab = np.zeros((3, k + 1), np.float32)
    tab[:, :k] = cents.astype(np.float32).T
    bar = np.full(k + 1, np.inf, np.float32)
    for j in range(k):
        if np.isfinite(gates[j]):
            bar[j] = np.float32(float(gates[j]) ** 2)
    d2 = np.empty(cls.shape[0], np.float32)
    q = np.empty_like(d2)
    for ch in range(3):
        np.subtract(colours[ch], np.take(tab[ch], cls), out=q if ch else d2)
        if ch:
            np.multiply(q, q, out=q)
            d2 += q
        else:
            np.multiply(d2, d2, out=d2)
    out = np.flatnonzero(d2 > np.take(bar, cls))
    if not len(out):
        return
    x_out, c_out = np.take(colours, out, axis=1), cls[out]
    for j in range(k):
        if not np.isfinite(gates[j]):
            continue
        sel = c_out == j
        if sel.any():
            far = _mix_distance(np.compress(sel, x_out, axis=1), j, cents, others) > gates[j]
            cls[out[sel][far]] = k


_STEPS8 = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]  # a block's 8 neighbours


def _neighbours(cls: np.ndarray, shape: tuple[int, ...], idx: np.ndarray, k: int) -> np.ndarray:
    """The classes of the 8 neighbours (:data:`_STEPS8`) of the blocks ``idx`` (flat indices) of the blocks' classes
    ``cls`` (flat, an (h, w) picture of ``shape``), a neighbour past the picture's edge unknown (``k``): (8,
    len(idx)). Gathered at those blocks alone (no padded copy of the picture: speed9)."""
    h, w = shape[0], shape[1]
    rows, cols = np.divmod(idx, w)
    out = np.empty((8, len(idx)), cls.dtype)
    for s, (dr, dc) in enumerate(_STEPS8):
        r, c = rows + dr, cols + dc
        on = (r >= 0) & (r < h) & (c >= 0) & (c < w)
        out[s] = np.where(on, cls[np.where(on, r * w + c, 0)], k)
    return out


def _neighbour_bits(cls: np.ndarray, shape: tuple[int, ...], k: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Each block's class as a bit (1 << class; the classes ``cls``, flat over ``shape``, at most ``k`` = unknown) and
    the bits of its 8 neighbours' classes ORed (a neighbour past the picture's edge unknown): two flat arrays of the
    least unsigned type that holds k + 1 bits. None beyond 64 bits. One OR a neighbour over the whole picture in that
    small type, where gathering each block's 8 neighbours' classes cost ~40 ms on the bench command's 867k blocks."""
    if k >= 64:
        return None
    dt = next(t for t in (np.uint8, np.uint16, np.uint32, np.uint64) if np.iinfo(t).bits > k)
    h, w = shape[0], shape[1]
    pad = np.full((h + 2, w + 2), 1 << k, dt)
    bit = pad[1:-1, 1:-1]
    np.left_shift(dt(1), cls.reshape(h, w).astype(dt), out=bit)
    near = np.zeros((h, w), dt)
    for dr, dc in _STEPS8:
        near |= pad[1 + dr:h + 1 + dr, 1 + dc:w + 1 + dc]
    return bit.reshape(-1).copy(), near.reshape(-1)


def _split_blends(colours: np.ndarray, cls: np.ndarray, shape: tuple[int, ...], cents: np.ndarray,
                  protos: np.ndarray, owner: np.ndarray, terrains: Sequence[TerrainClass]) -> None:
    """Blocks straddling the meeting of two printed colours, in place: a block read as terrain ``j`` whose
    colour (``colours`` (3, n)) lies within BLEND_RADIUS of the mix of two other terrains ``a`` and ``b`` (the
    segment between their colours ``cents``, not near either end) that both occur among its 8 neighbours, and
    nearer that mix than ``j``'s own colours (``protos`` whose ``owner`` it is) and outside the spread of ``j``'s
    own samples (their SPREAD_PERCENTILE Delta E from those colours: a patchwork or stippled terrain, whose
    examples ARE such mixes, keeps its blocks), and with at most BLEND_ALIKE neighbours of its own terrain (a line
    along the boundary, not the edge of a patch of it), is the average of the two and is given to the nearer of them."""
    k = len(cents)
    if k < 3:
        return
    counts = np.bincount(cls, minlength=k + 1)
    if int((counts[:k] > 0).sum()) < 3:
        return
    # only blocks with a neighbour of another terrain can straddle a boundary: the terrains among their 8 neighbours
    bits = _neighbour_bits(cls, shape, k)
    if bits is not None:
        own_bit, near_bits = bits
        # a neighbour of another class: some bit but its own among its neighbours' (unknown blocks are never split)
        bidx = np.flatnonzero((near_bits != own_bit) & (cls < k))
        if not len(bidx):
            return
        nb = near_bits[bidx]
        one = nb.dtype.type(1)
        near = {t: (nb & (one << nb.dtype.type(t))) != 0 for t in range(k) if counts[t]}
    else:  # (more than 63 classes: each boundary block's neighbours gathered)
        h, w = shape[0], shape[1]
        pad = np.full((h + 2, w + 2), k, cls.dtype)
        pad[1:-1, 1:-1] = cls.reshape(h, w)
        edge = np.zeros((h, w), bool)
        for dr, dc in _STEPS8:
            edge |= pad[1 + dr:h + 1 + dr, 1 + dc:w + 1 + dc] != pad[1:-1, 1:-1]
        bidx = np.flatnonzero(edge.reshape(-1) & (cls < k))
        if not len(bidx):
            return
        nbrs = _neighbours(cls, shape, bidx, k)
        near = {t: (nbrs == t).any(axis=0) for t in range(k) if counts[t]}
    bcls = cls[bidx]
    present = list(near)
    own = np.full(k, np.inf)
    for j, tc in enumerate(terrains):
        if tc.samples is not None and len(tc.samples):
            x = np.asarray(tc.samples, np.float32)
            dd = np.min([np.linalg.norm(x - protos[p], axis=1) for p in np.flatnonzero(owner == j)], axis=0)
            own[j] = float(_quantile(dd, SPREAD_PERCENTILE / 100))
        else:
            own[j] = SPREAD_MIN / SPREAD_FACTOR
    moved: list[tuple[np.ndarray, np.ndarray]] = []  # (blocks, classes), set in this order once every pair is read
    for ia, a in enumerate(present):
        for b in present[ia + 1:]:
            sub = np.flatnonzero(near[a] & near[b] & (bcls != a) & (bcls != b))
            if not len(sub):
                continue
            idx = bidx[sub]
            x = colours[:, idx]
            ca, cb = cents[a].astype(np.float32), cents[b].astype(np.float32)
            d = cb - ca
            dx = x - ca[:, None]
            t = (d @ dx) / max(float(d @ d), 1e-9)
            r = dx - d[:, None] * t[None, :]
            dmix = np.sqrt((r * r).sum(axis=0))
            jj = cls[idx]
            dj = np.full(len(idx), np.inf, np.float32)
            for p in range(len(protos)):
                sel = owner[p] == jj
                if sel.any():
                    q = x[:, sel] - protos[p][:, None]
                    dj[sel] = np.minimum(dj[sel], np.sqrt((q * q).sum(axis=0)))
            hit = ((t > BLEND_END) & (t < 1 - BLEND_END) & (dmix <= BLEND_RADIUS) & (dmix < dj)
                   & (dj > own[jj]))
            if hit.any():  # a thin line along the boundary, not the edge of a patch of its own terrain
                at = idx[hit]
                alike = (_neighbours(cls, shape, at, k) == cls[at][None, :]).sum(axis=0)
                hit[hit] = alike <= BLEND_ALIKE
            moved.append((idx[hit], np.where(t[hit] < 0.5, a, b)))
    for at, to in moved:
        cls[at] = to


# cast notes 1 (session 40, review39 R2, review40 R8): a colour cast is a field over the whole sheet, so taking it out
# brings the hexes nearer their colours. Fitted to the hexes read 85% or more by one colour, it was taken whatever it
# did to the rest: on Velikie Louki region 3's legend 17 hexes of the 320 were, 5 of them the scan's margin below the
# printed map (read marsh, 6-7 Delta E off the marsh's examples) and 3 south-east lakes (4-5 greener than theirs) -
# colours printed apart from their examples, not a cast - and the field tilted a* by +2.7 at the north-west corner,
# where level 1 (0103, 0104) read marsh; it took 267 of the 320 hexes farther from their colour, 53 nearer, 460 Delta E
# farther in all. The field is kept only where the summed distance of every hex read to its dominant colour falls
# (the sum, not a head count: a shade over one edge tilts the flat rest a little farther, the shaded hexes much
# nearer; tests/terrain/test_cast_check.py).
# Each hex is measured on the same blocks with and without the field (session 41): those either reading puts in the
# hex's class read without it. First measured on the blocks the bare reading put there alone, the sum was tilted
# against every field: in a hex of mixed colours those are the blocks nearest the class's colour without the field,
# cut from the class's spread by the bare reading itself, and the field can only take their mean farther. Red Winter
# region 1 with the third user's legend (506 hexes read, 231 of them 85% one colour): the confident hexes 31 Delta E
# nearer, the mixed ones 43 farther, -12 in all and the field dropped - yet it was right there, 4 forest hexes in the
# south-west (D19, E20, E23, F24) read suo without it (118/120 -> 114/120). On the same blocks: +18 (the mixed ones
# 15 farther). Louki 3 -402 and Waterloo 2 -72 (dropped as before: -460, -174), review39's boards -0.2 to -5.7
# (dropped), the cast and the shade over one edge +24 to +109 (kept).
CAST_CHECK = True


class _Bare:
    """The inside blocks (``inside``, of hexes ``hin``) as every cast pass reads them (cast notes 1), made once: where
    they lie among all the blocks, and the bare reading's part of the check (``cls``, the blocks' classes read
    without a field, ``len(cents)`` unknown) - each hex's dominant colour, whether it is read (20 blocks or more),
    which blocks are of it. Each is made when first asked for: a sheet with too few confident hexes for a field
    needs none of them."""

    def __init__(self, ft: np.ndarray, inside: np.ndarray, hin: np.ndarray, cls: np.ndarray, cents: np.ndarray,
                 nhex: int) -> None:
        self.ft, self.inside, self.hin, self.cls, self.cents, self.nhex = ft, inside, hin, cls, cents, nhex

    @functools.cached_property
    def at(self) -> np.ndarray:
        """Each inside block's index among all the blocks."""
        return np.flatnonzero(self.inside)

    @functools.cached_property
    def counts(self) -> np.ndarray:
        """(hexes, classes + 1): the bare reading's blocks of each class in each hex."""
        return self._count(self.cls)

    def counts_of(self, cls: np.ndarray) -> np.ndarray:
        """(hexes, classes + 1): the inside blocks read as ``cls``, of each class in each hex (the bare reading's
        made once)."""
        return self.counts if cls is self.cls else self._count(cls)

    def _count(self, cls: np.ndarray) -> np.ndarray:
        k, nhex = len(self.cents), self.nhex
        return np.bincount(self.hin * (k + 1) + cls, minlength=nhex * (k + 1)).reshape(nhex, k + 1)

    @functools.cached_property
    def read(self) -> np.ndarray:
        """Whether each hex is read (judged): 20 blocks or more."""
        return self.counts.sum(axis=1) >= 20

    @functools.cached_property
    def dom(self) -> np.ndarray:
        """Each hex's dominant colour of the bare reading."""
        return np.argmax(self.counts[:, :len(self.cents)], axis=1)

    @functools.cached_property
    def dom_in(self) -> np.ndarray:
        """Each inside block's hex's dominant colour, -1 (no class) in a hex not read: no block of such a hex is
        taken (its hex's figures are not summed)."""
        return np.where(self.read, self.dom, -1)[self.hin]

    @functools.cached_property
    def bare_dom(self) -> np.ndarray:
        """Whether the bare reading puts each inside block in its hex's dominant colour (its hex read)."""
        return self.cls == self.dom_in


def _cast_field(fi: _Features, blocks: _Bare, cin: np.ndarray, lay: Layout, hexes: Sequence[Hex]) -> np.ndarray | None:
    """The blocks' colours (``blocks.ft``, (3, blocks)) less a smooth (linear in x and y) Lab offset field: how far the
    confidently classified hexes' colours (the inside ``blocks`` read as ``cin``) sit from their legend colours
    (``blocks.cents``), across the sheet. ``None`` if too few hexes to measure it (whether it is kept:
    ``_cast_gain``, cast notes 1)."""
    ft, cents, nhex, hin = blocks.ft, blocks.cents, blocks.nhex, blocks.hin
    k = len(cents)
    counts = blocks.counts_of(cin)
    tot = counts.sum(axis=1)
    dom = np.argmax(counts[:, :k], axis=1)
    conf = counts[np.arange(nhex), dom] / np.maximum(tot, 1)
    good = (conf >= 0.85) & (tot >= 20)
    if good.sum() < 12:
        return None
    # mean colour of each hex's dominant-class blocks
    sel = cin == dom[hin]
    where = blocks.at[sel]
    hsel = hin[sel]
    n = np.bincount(hsel, minlength=nhex).astype(np.float64)
    means: np.ndarray = np.stack([np.bincount(hsel, weights=ft[c][where], minlength=nhex) for c in range(3)], axis=1)
    means /= np.maximum(n, 1)[:, None]
    res = (means - cents[dom])[good]
    h, w = fi.valid.shape
    xy = np.array([lay.hex_to_pixel(hx) for hx in hexes])[good]
    design = np.stack([np.ones(len(xy)), xy[:, 0] / w - 0.5, xy[:, 1] / h - 0.5], axis=1)
    keep = np.ones(len(xy), bool)
    coef = np.zeros((3, 3))
    for _ in range(3):
        coef, *_ = np.linalg.lstsq(design[keep], res[keep], rcond=None)
        err = np.linalg.norm(res - design @ coef, axis=1)
        keep = err <= max(3.0, 2.5 * _median(err[keep]))
    gx = (np.arange(w, dtype=np.float32) / w - 0.5)[:, None] * coef[1].astype(np.float32)  # (w, 3)
    gy = (np.arange(h, dtype=np.float32) / h - 0.5)[:, None] * coef[2].astype(np.float32)  # (h, 3)
    c0 = coef[0].astype(np.float32)
    out = np.empty_like(ft)
    for c in range(3):  # the field (c0 + gx) + gy, channel by channel, taken from the colours (made in ``out``)
        plane = out[c].reshape(h, w)
        np.add((c0[c] + gx[:, c])[None, :], gy[:, c][:, None], out=plane)
        np.subtract(ft[c].reshape(h, w), plane, out=plane)
    return out


def _cast_gain(blocks: _Bare, field: np.ndarray, cast: np.ndarray) -> float:
    """How much nearer their colours in sum (Delta E) the colours less the cast field (``field``, its inside blocks
    read as ``cast``) bring the hexes read than the bare colours (the inside ``blocks`` as the bare reading reads
    them); the field is kept where this is positive (cast notes 1). Each hex (20 blocks or more) is judged against
    its dominant colour of the bare reading, on the same blocks both ways: those either reading puts in that class.
    The blocks of hexes not read are left out (their sums never counted)."""
    nhex = blocks.nhex
    sel = blocks.bare_dom | (cast == blocks.dom_in)
    hsel = blocks.hin[sel]
    n = np.maximum(np.bincount(hsel, minlength=nhex), 1).astype(np.float64)[:, None]
    where = blocks.at[sel]  # (the blocks found once for both colourings)
    bare_sums, cast_sums = (np.stack([np.bincount(hsel, weights=x[c].take(where), minlength=nhex) for c in range(3)],
                                     axis=1) for x in (blocks.ft, field))
    aim = blocks.cents[blocks.dom]
    near = np.zeros(nhex)
    for sums, sign in ((bare_sums, 1.0), (cast_sums, -1.0)):
        near += sign * np.linalg.norm(sums / n - aim, axis=1)
    return float(near[blocks.read].sum())


def _visible(layout: Layout, hexes: Sequence[Hex], on: tuple[int, int, int, int]) -> list[float]:
    """Fraction of each hex's area inside the scan's pixels ``on`` (x0, y0, x1, y1; pixel edges at x0-0.5 and
    x1-0.5); only hexes with a corner outside it are clipped (a convex polygon cut by the rectangle's four edges)."""
    corners = _hex_corners(layout, hexes)
    out = np.ones(len(hexes))
    lo_x, lo_y, hi_x, hi_y = on[0] - 0.5, on[1] - 0.5, on[2] - 0.5, on[3] - 0.5
    cut = ((corners[..., 0] < lo_x) | (corners[..., 0] > hi_x) | (corners[..., 1] < lo_y)
           | (corners[..., 1] > hi_y)).any(axis=1)
    for i in np.flatnonzero(cut).tolist():
        pts = [tuple(p) for p in corners[i].tolist()]
        full = _area(pts)
        for axis, bound, keep_below in ((0, lo_x, False), (0, hi_x, True), (1, lo_y, False), (1, hi_y, True)):
            pts = _clip(pts, axis, bound, keep_below)
        out[i] = min(1.0, _area(pts) / full) if full > 0 else 0.0
    return [float(v) for v in out]


def _off_scan(hid: np.ndarray, on: tuple[int, int, int, int], f: int) -> np.ndarray:
    """Leave out of every hex (-1 on the raster ``hid`` of colour blocks of ``f`` px) the blocks whose middle
    lies before the scan's first pixels ``on[:2]``: the region padded past the scan's edge (:func:`_region`) is read
    for the blocks, bands and windows beside it, never for a hex's share (a hex off the scan reads nothing, as
    before; the region ends at the scan's far edges, its last blocks partly on it)."""
    h, w = hid.shape
    cols = f * np.arange(w) + (f - 1) / 2 < on[0] - 0.5
    rows = f * np.arange(h) + (f - 1) / 2 < on[1] - 0.5
    if not (cols.any() or rows.any()):
        return hid
    hid = hid.copy()
    hid[:, cols] = -1
    hid[rows] = -1
    return hid


def _clip(pts: list[tuple[float, float]], axis: int, bound: float, keep_below: bool) -> list[tuple[float, float]]:
    """The part of a convex polygon on one side of the line ``coordinate[axis] = bound`` (Sutherland-Hodgman)."""
    def inside(p: tuple[float, float]) -> bool:
        return p[axis] <= bound if keep_below else p[axis] >= bound

    out: list[tuple[float, float]] = []
    for j, cur in enumerate(pts):
        prev = pts[j - 1]
        if inside(cur) != inside(prev):
            t = (bound - prev[axis]) / (cur[axis] - prev[axis])
            other = prev[1 - axis] + t * (cur[1 - axis] - prev[1 - axis])
            out.append((bound, other) if axis == 0 else (other, bound))
        if inside(cur):
            out.append(cur)
    return out


def _area(pts: Sequence[tuple[float, float]]) -> float:
    """The area of a simple polygon (shoelace)."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, [*pts[1:], *pts[:1]]))) / 2 if pts else 0.0


#: (pattern.py, "a speckled class's hexes without its specks", step 4) a class printed as its ground's colour with
#: specks over it is not credited with the blocks whose window holds no speck: their colour is the ground's mean with
#: other print's soft edge
SPECKLESS = True
#: (pattern.py, "a speckled class's hexes without its specks", step 5) ... but a block whose window holds no print
#: darker than the class's own colour (nothing its ground could be averaged with) is that ground, painted duller: a
#: pixel this many luma levels (of 255) below the colour's own is print
FLAT = True
FLAT_BELOW = 12.0


def _lightest(measures: _Measures, hid: np.ndarray, rows: Sequence[int], share: float = 0.25) -> np.ndarray:
    """The CIELAB median of the lightest ``share`` of the pixels of the hexes ``rows`` of the block raster ``hid``
    (NaN without any): a speckled texture's ground, the paper between its specks."""
    f = _blocks(measures.size)[2]
    w = measures.shape[1]
    px = []
    for r in rows:
        at = np.flatnonzero(hid == r)
        if not len(at):
            continue
        rr, cc = np.divmod(at, w)
        r0, r1, c0, c1 = int(rr.min()), int(rr.max()) + 1, int(cc.min()), int(cc.max()) + 1
        box = np.asarray(measures.image.crop((c0 * f, r0 * f, c1 * f, r1 * f)).convert("RGB"))
        m = np.zeros((r1 - r0, c1 - c0), bool)
        m[rr - r0, cc - c0] = True
        m = np.repeat(np.repeat(m, f, axis=0), f, axis=1)[:box.shape[0], :box.shape[1]]
        px.append(box[m])
    if not px:
        return np.full(3, np.nan)
    lab = rgb_to_lab(np.concatenate(px))
    light = lab[lab[:, 0] >= _quantile(lab[:, 0], 1 - share)]
    return _median(light, axis=0)


def _on_ground(ground: np.ndarray, a: np.ndarray, own: np.ndarray) -> bool:
    """Whether a class's examples' ground (:func:`_lightest`) is the colour ``a`` rather than its ``own``."""
    return bool(np.linalg.norm(ground - a) < np.linalg.norm(ground - own))


def _speckless(cls: np.ndarray, hid: np.ndarray, cents: np.ndarray, protos: np.ndarray, owner: np.ndarray,
               ink_l: float, examples: Mapping[int, Sequence[int]], measures: _Measures) -> np.ndarray | None:
    """Blocks read as a speckled class that owe their colour to other print, in place on ``cls`` (pattern.py, "a
    speckled class's hexes without its specks", step 4). A class ``c`` one of whose colours (``protos`` it owns)
    lies within BLEND_RADIUS of another class ``a``'s mix with the ink (CIELAB L* ``ink_l``; between BLEND_END of
    either end), and which is speckled beyond ``a`` (pattern.speckled_beyond: its example hexes' blocks of it hold
    more specks than ``a``'s examples' blocks of ``a``; ``examples``: class -> hex rows of ``hid``), is ``a``'s ground
    with specks printed over it - when the lightest quarter of its examples' pixels (their ground) lies nearer
    ``a``'s colour than its own. Its colour is also the mean of ``a``'s ground with the soft edge of any darker print
    over it: a name's letters, a village's buildings, a road's rims. A block read as ``c`` whose window - the one its
    colour is the mean of - holds no speck at all (extract_raster.speck_share) owes its colour to such
    print, not to ``c``'s specks, and is credited to no class (unknown, ``len(cents)``) - unless its window holds no
    pixel darker than ``c``'s colour less FLAT_BELOW luma levels (step 5, FLAT: no print for the ground to be averaged
    with either): then it is ``a``'s ground, its wash painted duller, and is ``a``'s. Returns the classes before (a
    copy) when any block was so read, else None (the whole image's speck share is made only where a pair is)."""
    k = len(cents)
    if k < 2 or not examples:
        return None
    c, _, _, pt, pdist = _ink_mixes(cents, protos, ink_l)
    on = (pdist <= BLEND_RADIUS) & (pt > BLEND_END) & (pt < 1 - BLEND_END)
    # (np.bincount, not np.unique: its first use imports numpy.ma, test_no_numpy_ma)
    pairs = [(a, j) for a in range(k) for j in np.flatnonzero(np.bincount(owner[on[a]], minlength=k)).tolist()
             if j != a]
    if not pairs:
        return None
    # the examples' specks, read around them alone (as _read_textures learns them)
    listed = np.zeros(int(hid.max()) + 2, bool)  # each hex row's, the last for -1 (no hex)
    listed[sorted({h for v in examples.values() for h in v})] = True
    inside = np.flatnonzero(listed[hid])
    if not len(inside):
        return None
    hin = hid[inside].astype(np.int64)
    order = np.argsort(hin, kind="stable")
    cuts = np.flatnonzero(np.diff(hin[order])) + 1
    specks, _, _ = measures.around([inside[part] for part in np.split(order, cuts) if len(part)], pattern=False)
    own, _ = own_specks(specks[inside], cls[inside], hin, int(hid.max()) + 1, k)
    speckled = learn_speckled(own, examples)
    pairs = [(a, j) for a, j in pairs if speckled_beyond(speckled, j, a) is not None]
    if not pairs:
        return None
    # and its examples' ground is ``a``'s: the lightest quarter of their pixels, what the specks are printed on, lies
    # nearer ``a``'s colour than its own (a class with a fill of its own whose colour happens to lie on ``a``'s mix
    # with the ink, dotted over it, is left alone: the synthetic scans' mountain, its ground 17.5 from the clear's
    # colour and 4.3 from its own; SJW's rough 3.2 from rolling's and 14.3 from its own)
    grounds = {j: _lightest(measures, hid, examples[j]) for j in {j for _, j in pairs}}
    pairs = [(a, j) for a, j in pairs if _on_ground(grounds[j], c[a], c[j])]
    if not pairs:
        return None
    whole = measures.specks
    at = np.flatnonzero(np.isin(cls, sorted({j for _, j in pairs})) & (whole == 0))
    if not len(at):
        return None
    before = cls.copy()
    cls[at] = k
    if FLAT:
        # step 5: a block whose window holds no pixel darker than ``c``'s colour (less FLAT_BELOW) holds no print that
        # ``a``'s ground could be averaged with into ``c``'s colour, nor a speck: it is ``a``'s ground itself, its wash
        # painted duller there, and is ``a``'s (SJW region 2's rolling 3309: the wash inside the Little River's loop,
        # read rough by colour, holds neither specks nor print; left uncredited, the creek's rims read as town there)
        # (each ``c`` with the ``a`` whose mix with the ink its colour lies nearest, and that colour of it)
        ground = {j: min((a for a, jj in pairs if jj == j), key=lambda a: float(pdist[a, owner == j].min()))
                  for _, j in pairs}
        darkest = _window_darkest(measures)
        for j, a in ground.items():
            mine = np.flatnonzero(owner == j)
            own = protos[mine[int(np.argmin(pdist[a, mine]))]]
            flat = at[(before[at] == j) & (darkest[at] >= _luma(own) - FLAT_BELOW)]
            cls[flat] = a
    return before


def _luma(lab: np.ndarray) -> float:
    """The luma (ITU-R 601, 0-255: PIL's "L") of a CIELAB colour."""
    r, g, b = (float(v) for v in lab_to_rgb(lab))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _window_darkest(measures: _Measures) -> np.ndarray:
    """Flat over the colour blocks of ``measures.shape``: the least luma (PIL's "L") of the pixels of each block's
    window - the blocks within the masked local mean's radius (extract_raster._smooth_radius) about it, the window
    its colour is the mean of (255 past the image's pixels)."""
    f = _blocks(measures.size)[2]
    h, w = measures.shape
    luma = np.asarray(measures.image.convert("L"))
    hh, ww = min(h, luma.shape[0] // f), min(w, luma.shape[1] // f)
    least = np.full((h, w), 255, np.uint8)
    least[:hh, :ww] = luma[:hh * f, :ww * f].reshape(hh, f, ww, f).min(axis=(1, 3))
    if hh < h and luma.shape[0] > hh * f:  # a last row of blocks partly on the image
        part = luma[hh * f:, :ww * f]
        least[hh, :ww] = part.reshape(part.shape[0], ww, f).min(axis=(0, 2))
    if ww < w and luma.shape[1] > ww * f:
        part = luma[:hh * f, ww * f:]
        least[:hh, ww] = part.reshape(hh, f, part.shape[1]).min(axis=(1, 2))
    if hh < h and ww < w and luma.shape[0] > hh * f and luma.shape[1] > ww * f:  # and the corner block both make
        least[hh, ww] = luma[hh * f:, ww * f:].min()
    r = _smooth_radius(measures.size, f)
    pad = np.pad(least, r, constant_values=255)
    across = pad[:, :w].copy()  # the square's least, rows first, then columns (a minimum is separable)
    for dx in range(1, 2 * r + 1):
        np.minimum(across, pad[:, dx:dx + w], out=across)
    out = across[:h].copy()
    for dy in range(1, 2 * r + 1):
        np.minimum(out, across[dy:dy + h], out=out)
    return out.reshape(-1)


def _ink_mixes(cents: np.ndarray, protos: np.ndarray,
               ink_l: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each terrain's mix with the ink (neutral, CIELAB L* ``ink_l``), for _split_inked and _speckless: the terrains'
    colours ``c`` (k, 3), ``d`` (k, 3) from each to the ink and ``dd`` its squared length; and for each terrain ``a``
    and legend colour ``protos[p]``, ``pt`` (k, protos) where the colour falls along ``a``'s mix (0 at ``a``, 1 at the
    ink, clipped) and ``pdist`` (k, protos) its Delta E from that mix."""
    ink = np.array([ink_l, 0.0, 0.0], np.float32)
    c = cents.astype(np.float32)
    pr = protos.astype(np.float32)
    d = ink[None, :] - c
    dd = np.maximum((d * d).sum(axis=1), 1e-9)
    pd = pr[None, :, :] - c[:, None, :]
    pt = np.clip((pd * d[:, None, :]).sum(axis=2) / dd[:, None], 0.0, 1.0)
    pdist = np.linalg.norm(pd - pt[:, :, None] * d[:, None, :], axis=2)
    return c, d, dd, pt, pdist


def _split_inked(colours: np.ndarray, cls: np.ndarray, shape: tuple[int, ...], cents: np.ndarray,
                 protos: np.ndarray, owner: np.ndarray, others: np.ndarray, ink_l: float,
                 mixed: np.ndarray | None = None, dotted: np.ndarray | None = None) -> None:
    """Blocks darkened by the ink, in place (INKED): a block read as terrain ``j`` whose colour (``colours`` (3, n))
    lies within BLEND_RADIUS of the mix of another terrain ``a``'s colour (``cents``) with the ink (neutral, CIELAB
    L* ``ink_l``), darker than ``a`` and not within BLEND_END of the ink, INK_NEARER times nearer that mix than
    ``j``'s own colours (``protos`` whose ``owner`` it is) and nearer it than ``a``'s mix with any other legend
    colour (the terrains', the line features' ``others``: a block between two terrains is theirs, see
    _split_blends), is ``a`` when ``a`` is among its 8 neighbours - the blocks ``a`` reaches so in INK_PASSES steps,
    and only where such blocks make a line (an opening by a square of INK_LINE blocks leaves none of them: not an
    area, such as a paler part of a marsh). A terrain printed as a darker ``a`` (one of its colours on that mix),
    and a patchwork (``mixed``, see MODE_BELOW: its examples are mixes) or a dotted class, keeps its blocks; a
    dotted class (``dotted``: where its dots are, texture.dot_fields) takes none."""
    k = len(cents)
    n = cls.shape[0]
    if k < 2 or not n:
        return
    # each colour's Delta E to each terrain's mix with the ink; a terrain with a colour on a's mix is printed as a
    # darker a, and is left alone
    c, d, dd, _, pdist = _ink_mixes(cents, protos, ink_l)
    pr = protos.astype(np.float32)
    darker = np.zeros((k, k + 1), bool)
    for a in range(k):
        darker[a, owner[pdist[a] <= BLEND_RADIUS]] = True
        darker[a, a] = darker[a, k] = True
        if mixed is not None:
            darker[a, :k] |= mixed
    # a block can lie within D of a's mix and nearer it than INK_NEARER times D from its own colour only if that
    # colour is within (1 + 1/INK_NEARER) D of the mix: blocks nearer their own colour than the least such
    # distance over a are not looked at (most of a scan)
    reach = np.full(k + 1, np.inf, np.float32)
    for j in range(k):
        far = [pdist[a, owner == j].min() for a in range(k) if not darker[a, j]]
        if far:
            reach[j] = min(far) / (1 + 1 / INK_NEARER)
    first = np.zeros(k + 1, np.intp)
    for p in range(len(pr) - 1, -1, -1):
        first[owner[p]] = p
    # each block's Delta E to its terrain's first colour (to the others below, for the few blocks left)
    # (in place, the classes' colours looked up by np.take: the same float32 arithmetic, ~15 -> ~6 ms on the bench
    # command's 867k blocks, speed9)
    dj2 = np.zeros(n, np.float32)
    q = np.empty(n, np.float32)
    for ch in range(3):
        np.subtract(colours[ch], np.take(pr[first, ch], cls), out=q)
        np.multiply(q, q, out=q)
        dj2 += q
    sel = np.flatnonzero(dj2 > np.take(reach ** 2, cls))
    if not len(sel):
        return
    x = colours[:, sel]
    dj = np.sqrt(dj2[sel])
    for p in range(len(pr)):  # a terrain's other colours
        if p != first[owner[p]]:
            mine = cls[sel] == owner[p]
            q = x[:, mine] - pr[p][:, None]
            dj[mine] = np.minimum(dj[mine], np.sqrt((q * q).sum(axis=0)))
    keep = dj > reach[cls[sel]]
    sel, x, dj = sel[keep], x[:, keep], dj[keep]
    if not len(sel):
        return
    bcls = cls[sel]
    dmix = np.full((k, len(sel)), np.inf, np.float32)
    for a in range(k):
        if dotted is not None and dotted[a]:
            continue
        dx = x - c[a][:, None]
        along = d[a] @ dx
        t = along / dd[a]
        dm = np.sqrt(np.maximum((dx * dx).sum(axis=0) - along * t, 0.0))
        ok = (t > 0) & (t < 1 - BLEND_END) & (dm <= BLEND_RADIUS) & (INK_NEARER * dm < dj) & ~darker[a][bcls]
        if ok.any() and len(c) + len(others) > 1:  # and nearer it than a's mix with another legend colour
            ok &= dm < _mix_distance(x, a, c, others)
        dmix[a, ok] = dm[ok]
    hit = np.isfinite(dmix).any(axis=0)
    sel, dmix = sel[hit], dmix[:, hit]
    if not len(sel):
        return
    h, w = shape[0], shape[1]
    onmix = np.zeros(n, bool)
    onmix[sel] = True
    # a line of such blocks, not an area: those an opening by a square of INK_LINE blocks keeps are left alone
    area = _opening(onmix.reshape(h, w), INK_LINE).reshape(-1)
    keep = ~area[sel]
    sel, dmix = sel[keep], dmix[:, keep]
    onmix[:] = False
    onmix[sel] = True
    for _ in range(INK_PASSES):
        if not len(sel):
            return
        nbrs = _neighbours(cls, shape, sel, k)
        dsub = dmix.copy()
        for a in range(k):
            dsub[a, ~(nbrs == a).any(axis=0)] = np.inf
        to = np.argmin(dsub, axis=0)
        hit = np.isfinite(dsub[to, np.arange(len(sel))])
        if not hit.any():
            return
        cls[sel[hit]] = to[hit]
        sel, dmix = sel[~hit], dmix[:, ~hit]
