"""Extraction's hexside features: band sampling along and across every hexside, with colour, tolerance and
threshold adapted to the scan or learned from marked example sides (see :mod:`toolkit.terrain.extract`).

The band method of ``across`` lines (not traced: :mod:`toolkit.terrain.lines`) - the *band notes*, cited as "band
notes N":

1. corners: a crossing is looked for in the side's middle half (``middle``: 25% to 75% of its length), away from the
   printed hex lines leaving its two end vertices, which reach into both halves of the band there in a dark ink like
   a railway's. A line whose tolerance, learned from marked ``yes`` sides, leaves out the hex lines' colour (it is
   farther from their colour than that: :func:`_hex_line`) is looked for along the whole band (10% to 90%), as a line
   whose tolerance is cut to leave them out already is: the hex lines are then no crossing of it anywhere. A stream
   crossing a side in its last fifth, beside a corner, was missed (RBM Studio's Waterloo, region 2: 4 of its 11
   stream links, 5-13 px from a corner on 68 px sides). The band's ends lie beyond the other two sides meeting at that
   corner (they leave it at 120 degrees), so such a crossing is not read on the neighbour sides: a line crossing one
   side a tenth of its length or more from the corner shows in the bands of the other two on one half only (drawn
   test: a stream crossing sides at 12% and 16% of their length from a corner, at 70-110 degrees, read there and on
   no neighbour side; at 8%, some 4 px from the corner, partly, as before: the band starts at 10%).
2. edges: a line drawn in a lighter version of another line's colour - its colour within its tolerance (the one its
   crossings are read by: half the hex lines' distance where the one learned takes in their colour) of that colour
   mixed with white (each at least ``EDGE_WHITE`` of the mix, in sRGB), nearer it than the other colour itself
   (:func:`_lighter_version`) - is that other line's edge where it lies next to it: a band sample of it next
   to (along, across or aslant) one of the other line's (within that line's own tolerance, nearer its colour than any
   other line's) is not counted for it. Waterloo's rivers are a wide dark-blue band edged in white; the blend of the
   two along the band's edges is its stream's light blue, and where the river winds across a side (or runs along it
   and turns off near a corner) its edge crossed the side as a stream would: region 1 (BLIND) read 10 stream sides
   where none is (totals only; along the river by session 38's look at the run); on the rest of the map outside
   region 1, 23 of the 25 stream sides found on no stream hex of the game's data were river sides (none with the
   rule, nor the 32 the whole band of note 1 would add). A stream running into the river loses only the samples
   touching it.
3. dither: a scan saved as a palette picture (a GIF: 256 colours at most in each part, mixed pixel by pixel to make
   the tones between them) draws a line's one printed colour as a speckle of several palette colours, each pixel
   far from the line's colour while its neighbourhood's mean is near it. Such a scan - at most ``DITHER_COLOURS``
   colours in all, and at least ``DITHER_SHARE`` of its pixels differing from the next one along the row (the dither;
   a drawing saved in a palette has flat areas) - has its lines read on the dither smoothed (:func:`undithered`):
   each pixel the mean of the pixels of its 3 x 3 square within ``DITHER_STEP`` of it in RGB - the widest step a
   dither makes between two colours of a coarse palette (five levels a channel: 64 apart, 111 across a cell's
   diagonal; the web's six: 88), nearer than an ink's edge on the paper (a grey river 210 from the cream, black 370).
   An ink's edge is not blurred across (a name's black letters on the paper make no grey between), while the palette
   colours dithered for one print are averaged back to it. The original 1986 print of GDW's Battle for Moscow,
   scanned as two 256-colour GIF halves stitched into one sheet (each half in its own palette; 276 colours, 71% of
   its pixels differing from the next): its river, a grey dithered over the west half's many greys, found on 13 of
   36 sides (none of the 17 west of the seam), and its railways, printed in the east half's coarse palette as
   (96,96,64), (96,64,64) and (64,64,64), found on 17 of 44 links (none east of the seam); on the dither smoothed
   31/36 and 42/44, none false (region 2, studied). Measured there: a plain 3 x 3 mean found 30/36 with two false
   rivers (the names Smolensk and Moscow along a side blurred to the river's grey); steps of 75-130 find 31 or 32 of
   the 36 and none false, 60-70 lose the river (8/36: the west's dithered greys lie up to ~70 apart). The bench's
   palette drawings (the 1993 Battle for Moscow GIF, The Longest Day, Bastogne: 214-254 colours, flat areas) and its
   JPEG scans are read as before. Both bounds were read off this one scan (its west greys dithered up to ~70 apart;
   its river 210 from the cream): 120 lies between them by the coarse-palette argument above, and is checked on no
   other dithered scan. The rule fires on any dithered palette export, not only a stitched GIF (review42 R6: a drawn
   board exported in 256 adaptive colours with noise fires every time; a pale 2-3 px stream 60-112 RGB from the paper
   read 17/17, none false, either way).
   Only the lines are read so: the hexes and the symbols read the scan as it is (the whole sheet smoothed by a 3 x 3
   mean, the legend refused its crosses' examples: no colour of their own left).
4. unlearned: an 'along' line's colour is learned from its marked ``yes`` sides' bands (the median of their best
   samples) and its tolerance from how near those samples come to it, cut to half the colour's distance from the
   nearest land terrain's where it takes that in (:func:`_ground_tolerance`). A line drawn beside its sides, not on
   them, lies mostly outside their bands (0.15 of a hex either way): user43's Kassala (a 1980 book's hand-drawn map)
   prints its trench as dark teeth standing on the side and an orange band beyond them, 0.1-0.3 of a hex off it. Its
   bands hold the teeth, the paper and the orange's edge, and the colour learned from two marked sides was their
   blend (#b97f3f, 20 from the orange), 10 from the brown of two land terrains: a tolerance of 5.1, which found none
   of the marked sides nor any other (0/9; 4 marked sides 0/9 too), where the legend's colour alone finds 9/9 (the
   line re-centred beside its sides, :func:`_beside`). The marks must never make the line vanish: where the colour and
   tolerance learned from them find none of them (their bands' score at the threshold learned, the band re-centred
   where it finds none, :func:`_marked_found`), the line is read as without marks - the legend's colour adapted to
   the scan (:func:`_adapted`), the default tolerance, width and threshold - if that finds more of them; the marks
   still judge it wherever else the band method takes them (their colour mix, their width, the lone strokes kept).
   Either way the user is told what was learned, why it missed and how the line was read (``Extraction.unlearned``,
   printed by advice.py). Only when none is found: a learned reading that finds some of its marks is kept, and an
   ``across`` line (its crossings learned in the band's middle or traced) is not judged so. Drawn test
   (test_trench_beside.py): teeth on seven sides and an orange band 0.19-0.31 hex off them, two or four marked: 0 of
   7 found before (tolerance 3.7 or 7.3, cut by a brown terrain 7.5 and 14.6 from the learned blends), 7 of 7 now.
5. transparent: a painted map prints its creeks as a transparent ink: over the paper of another terrain the ink's
   colour is that paper's darkened by it, not the colour its marked sides show. Roads to Gettysburg's creek, marked at
   Carlisle over the cream clear paper, is a blue (42,2,-24) there and a teal (40,-16,3) over the yellow-green rolling
   paper, 33 Delta E off - beyond the tolerance learned (24.6): Beaver Creek's loop and most creeks over rolling hexes
   were missed (Gettysburg 2, studied: 19/27). In linear light each channel of an ink printed over a paper is the
   paper's times the ink's transmittance; the transmittance is the colour learned over the marked sides' ground (the
   median of their hexes' ground colours) divided by that ground (:func:`_transmittance`), and over another side's
   ground it predicts the ink's colour there (35,-10,0 over rolling: 9 from the teal). An 'along' line with marked
   sides counts a band sample for it where it lies within its tolerance of the colour predicted over either of the
   side's two hexes' grounds too (:func:`_over_grounds`), as in each hex's middle over its own ground (``interior``:
   a middle full of it is an area). Only over a paper: a ground ``OVER_PAPER`` (L* 75) light or lighter - not a
   blob's or a relief's mean, over which an ink shows on the paper between, not on that colour - ``OVER_LIGHTER``
   lighter than the line, and no lighter than the marked sides' ground (the transmittance is not guessed beyond what
   it showed); a sample another line's colour lies as near as the prediction, or a land terrain's colour, is theirs
   (an ink over a yellow paper darkens towards a woods' green); and a prediction within the line's tolerance of
   another line drawn on the sides is not read over that paper (Guns of the Americas' grey-blue river, predicted over
   its tan paper, is its grey-olive ridges' colour: read so, +207 river sides on its sheet, 11 of 12 sampled the
   ridges; now +10); and not where a marked side lies over one darker paper and shows the colour learned rather than
   the one predicted there (by ``OVER_SHOWN`` or more apart): the marks show an opaque paint (GotA's river, marked
   over cream and over light tan, the same flat grey-blue over both: read as transparent, +16 lake and bay shores
   and 4 true river sides lost on its sheet - review44 R13; now its sheet is read as before, every side). Marks over
   one paper (Gettysburg's creek, all over the clear) show nothing either way. And only for an ink passing
   ``OVER_PASSES`` (a tenth)
   of its paper's light or more (Y), and no lighter than its paper in any channel: a thick paint, as Stonewall
   Jackson's Way's and Gettysburg's rivers (0.07, 0.02), prints its own colour over every paper - read so, SJW's
   river was found along the edges of woods blobs over the yellow paper (+66 river sides on the North Map, 6 of a
   12-side sample false) - and SJW's light-blue creek, bluer than its marked sides' paper, is an opaque paint (read
   with the transmittance clipped, 2 more of SJW 2's creek sides were found, by a blend the model does not explain).
   Learned on the marked sides' own bands as before (the predictions change no tolerance, width or threshold).
   Gettysburg 2 creek 19/27 -> 22/27 at 22/23; drawn test test_creek_over_paper.py (the creek's sides over the
   rolling paper missed on the old code).
6. edges along: band notes 2 for an 'along' line - a line drawn in a lighter version of another 'along' line's
   colour (:func:`_lighter_version`, within its own tolerance) is that line's edge where it touches it. Roads to
   Gettysburg draws a ford as the navy river's water paling to a light blue, the creeks' colour, beside the navy:
   read as the creek, the river's side at the ford was a creek side too (Gettysburg 2: 5018/5119 false). A band
   sample of the lighter line within its tolerance next to (along, across or aslant) one of the other line's, and
   every sample within its tolerance in the run across the band going on from it (:func:`_edge_runs`: a ford's light
   water is wider than a blend), is not counted for it - read after learning (its tolerance, width and threshold are
   its marks' as before: read before, a dark speck beside a marked side moved the creek's tolerance 24.6 -> 29.7),
   and in the band re-centred on a line beside its side (:func:`_beside`, ``edged``) too. The other line's samples
   (within its tolerance, its colour the nearest) count only in runs across as wide as its marked sides show it
   (:func:`_as_wide`): Gettysburg's dark hex lines and a creek's own dark core come within the river's tolerance
   (21) and, counted, took two true creek sides (5422/5423, 5719/5720) with them. A creek running into the river
   loses only its samples touching it. The area test (:func:`_along_only`: a colour much wider across than the line is
   an area) still reads the colour as printed: the sheet's dark grey margin, within the river's tolerance and as wide,
   cut a creek-coloured area along it into creek-wide strips, 4 false creek sides on Gettysburg's sheet (review45
   R7; judged on the band as printed and on the band read, re-centred by :func:`_beside` or not, both: the margin's
   sides are re-centred - R9). Not where it would refuse one of the line's own marked sides found without
   it: the marks show the line drawn touching the other (Velikie Louki's light-blue river, a lighter version of its
   darker stream's blue, lost its three marked sides on Louki 2's sheet). Not caught: Stonewall Jackson's Way's
   fords, whose white-blue water fills the river's whole width (no navy as wide as the river's marks beside it):
   2808/2909 and 3508/3509 stay false. Gettysburg 2 creek 22/23 -> 22/22; drawn test test_ford_beside_river.py (the
   ford's sides read as creek on the old code).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from PIL import Image

from ..errors import GridError, InputError
from ..hexgrid import Grid, Hex, Layout
from .colour import lab_table, lab_to_rgb, linear_to_srgb, rgb_codes, rgb_to_hex, rgb_to_lab, srgb_to_linear

if TYPE_CHECKING:
    from .extract import Extraction
from .extract_legend import FeatureClass, Legend
from .extract_raster import _hex_size
from .parts import components
from .symbols import _dilate

# --- hexsides --------------------------------------------------------------------------------------


_ALONG_THRESHOLD = 0.5  # share of positions along the side that must hit
_ACROSS_THRESHOLD = 0.035  # longest run of hits along the side, in hex sizes
_DEFAULT_TOLERANCE = 22.0
MAX_CROSSING = 0.3  # hex sizes: the widest a road or railway crossing a side may look along it
INK_MARKS = True  # a black-ink line whose marked sides the ink's long lines miss: traced in its own colour
INK_NONE = True  # (ink notes 16) ... also where the marked bands are no area of the ink but it finds none of them
ADAPT_DELTA_E = 40.0  # how far a scanned feature colour may sit from its legend colour and still be adapted to
INTERIOR = 0.4  # hex sizes: the disc around a hex's centre where its own texture is read
WIDER = 2.0  # an 'along' side whose colour is this many times wider across than the line's is an area crossing it
WIDER_SLACK = 2  # (WIDER) and at least this many samples wider: one sample more on each edge is the line's own
SPUR_END = 0.15  # share of a side at its far end a spur from a crowded vertex leaves empty
AREA_SHARE = 0.5  # an 'across' colour filling this share of both hexes' middles is an area there, not a line
FILL_EXAMPLES = 2  # a traced line crossing this many (and all) of another's marked sides may be its fill
DARKER_RIMS = True  # (traced notes 19) a lighter line at a darker one's place, in its rims' colour: the darker's rim
RIM_END = 0.2  # (traced notes 19) a rim's blend holds this share of the line's ink and of the ground at least (as
# extract.BLEND_END: the mixes of two colours within a fifth of either end are that colour, not a blend)
CONTRAST = 3.0  # an 'along' line is this many times denser in the band than inside one of its two hexes
UNSEEN = 2.0  # ... and on grounds its marked sides do not show, this many times denser than inside both hexes
UNDER_END = 0.25  # share of a side at each end where an 'along' line hidden under a bridge's art still shows
BESIDE = 0.3  # hex sizes: how far off its side an 'along' line drawn beside it may run and still mark it (_beside)
PARALLEL = 0.6  # ... running along it: its distance from the side changes by at most this share of the side's length
AS_WIDE = 1.25  # ... at least this many times as wide as where it lies on its sides (samples across within
# tolerance), where the hex line printed over it hides part of it (Bastogne's stream there: 2 samples at 1.5x, a
# 'Run (in hex)' beside a side 2, the stream beside one 3)
CORE = 0.5  # ... and in its own colour (within this share of its tolerance) along as much of the side as it must show
COURSE = 0.5  # ... on a straight course: its place across the band off the course by at most this share of a half-band
SEGMENT_REACH = 0.5  # hex sizes: how far a crossing of the centres' segment is followed (_segment_crossings)
SEGMENT_TURN = 90.0  # degrees: ... the line leaving that disc at two places at least this far apart round it
SEGMENT_END = 0.1  # share of the segment at each centre where no crossing is read (the hexes' middles)
SEGMENT_MIDDLE = 0.01  # ... where neither hex's middle (INTERIOR) holds more than this share of the line's colour
SEGMENT_RUN = 2.0  # ... a crossing at most this many times the line's width long on the segment (at 30 degrees or more)
CHUNK = 1024  # sides sampled at a time in the wide band of _beside (memory)
CORNERS = True  # (band notes 1) a crossing whose learned tolerance leaves out the hex lines: read along the whole side
UNDITHER = True  # (band notes 3) a dithered palette scan's lines read on the dither smoothed
DITHER_COLOURS = 1024  # (band notes 3) a scan of at most this many colours is a palette's (four 256-colour GIFs)
DITHER_SHARE = 0.5  # (band notes 3) ... dithered where at least this share of its pixels differ from the next in a row
DITHER_STEP = 120.0  # (band notes 3) RGB: the widest step of a dither between two palette colours (a coarse palette's)
EDGES = True  # (band notes 2) a lighter version of another line's colour, next to that line, is its edge
ALONG_EDGES = True  # (band notes 6) ... and of an 'along' line's, next to that line, is its edge too
EDGE_WHITE = 0.1  # (band notes 2) the least share of white (and of the colour) in a mix that is a lighter version
OVER_GROUNDS = True  # (band notes 5) an 'along' line's ink over other grounds: its colour there a transparent ink's
OVER_PASSES = 0.1  # (band notes 5) ... an ink passing this share of its marked sides' paper's light at least (Y)
OVER_PAPER = 75.0  # (band notes 5) L*: ... a ground this light at least (a wash on the paper, not a blob's or relief's)
OVER_LIGHTER = 10.0  # (band notes 5) L*: a ground an ink shows on is at least this much lighter than the line
OVER_SHOWN = 5.0  # (band notes 5) Delta E: a marked side over a darker paper tells a transparent ink from an opaque
# paint where the ink's predicted colour there differs from its colour learned by this much (JPEG noise and print)
UNLEARNED = True  # (band notes 4) an 'along' line learned from marked sides it then finds none of: read without them
# the colour mix of a band or a hex's middle: a histogram over CIELAB cells 20 L* by 10 a* by 12.5 b* wide
# (about a colour tolerance, so JPEG noise and print variation move a sample by a cell at most)
MIX_EDGES = (np.linspace(0.0, 100.0, 6), np.linspace(-40.0, 40.0, 9), np.linspace(-20.0, 80.0, 9))


def _hexsides(image: Image.Image, grid: Grid, leg: Legend, ext: Extraction,
              on: tuple[int, int, int, int] | None = None, halved: bool = False) -> None:
    """Every hexside's features on ``image`` into ``ext``; ``on``: the image's pixels that are the scan's (x0, y0,
    x1, y1; extraction's region is padded past the scan's edge, ``extract._region``): band samples off them are off
    the image. ``halved``: the scan's file keeps its chroma at a lower resolution (lines.chroma_halved)."""
    assert grid.layout is not None
    image = undithered(image)  # a palette scan's dither smoothed (band notes 3)
    size = _hex_size(grid.layout)
    f = max(1, int(size // 27))
    # the bands are read at the scale of f-pixel blocks, each sample the mean of the f x f pixels centred on it
    # (:func:`_boxed`), not of the blocks of the scan reduced from the region's corner: a pixel's shift of the map
    # moves every sample with it (read on fixed blocks, Ragnarok's river, wall and gates flipped with the corner's
    # pixel phase: 73 or 74 of 74, 19 or 20 of 20, 2 or 3 of 3; issue 14)
    full = np.asarray(image)
    hgt, wid = -(-image.height // f), -(-image.width // f)  # the band's scale: f-pixel blocks
    lay = grid.layout.translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    s = _hex_size(lay)
    sides = list(grid.hexsides())
    keys = []
    for sd in sides:
        ia, ib = grid.id(sd.a), grid.id(sd.b)
        keys.append(f"{ia}/{ib}" if ia < ib else f"{ib}/{ia}")
    p0, p1 = _side_ends(lay, sides)
    vec = p1 - p0
    length = np.linalg.norm(vec, axis=1, keepdims=True)
    u = vec / length
    nrm = np.stack([-u[:, 1], u[:, 0]], axis=1)
    na = max(8, round(0.8 * s))
    ta = np.linspace(0.1, 0.9, na)
    hw = max(2, math.ceil(0.15 * s))
    oa = np.arange(-hw, hw + 1, dtype=np.float64)
    sx0, sy0 = (on[0] / f, on[1] / f) if on is not None else (0, 0)  # the scan's first pixels, reduced

    def sample(xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The RGB colours and on-scan flags of band samples at ``xs``, ``ys``."""
        return _boxed(full, f, xs, ys), (xs >= sx0) & (xs <= wid - 1) & (ys >= sy0) & (ys <= hgt - 1)

    # colours by a 6-bit-per-channel lookup table (within ~2 Delta E of exact; 10x faster on the
    # millions of band samples of a full-size scan)
    px, onimg = sample(*_band_points(p0, vec, nrm, ta, oa[None, None, :]))
    code = rgb_codes(px)
    del px
    tab = lab_table()
    lab = (tab[0][code], tab[1][code], tab[2][code])  # L*, a*, b* planes, each (N, na, no) float32
    step = float(length.mean()) * 0.8 / na / s  # hex sizes per along-position
    core = min(hw - 1, max(1, round(0.06 * s)))  # half-width of the band's middle, where the hex line is
    middle = (ta >= 0.25) & (ta <= 0.75)  # where a crossing is looked for
    index = {kk: i for i, kk in enumerate(keys)}
    water = {t.name for t in leg.terrains if t.water}
    wet = {hid for hid, r in ext.hexes.items() if r.terrain in water}
    terrain_of = {hid: r.terrain for hid, r in ext.hexes.items()}
    ta_, tb_ = [terrain_of.get(grid.id(sd.a)) for sd in sides], [terrain_of.get(grid.id(sd.b)) for sd in sides]
    wet_a = np.array([grid.id(sd.a) in wet for sd in sides], dtype=bool)
    wet_b = np.array([grid.id(sd.b) in wet for sd in sides], dtype=bool)
    known = np.array([a is not None and b is not None for a, b in zip(ta_, tb_)], dtype=bool)
    both_water = wet_a & wet_b
    # a line along a side between water and land is the coast (drawn in a blue much like a river's):
    # 'along' features are not looked for there unless they say 'on_coast: true'
    coast_side = known & (wet_a != wet_b)
    # the terrain colour of each side's two hexes (NaN where unknown): the ground a traced line is printed on
    tlab = {t.name: tuple(float(v) for v in (t.ground or t.lab)) for t in leg.terrains}
    nan3 = (math.nan, math.nan, math.nan)
    # (a hex given a class by the marks printed over its ground, marks.py: that ground's class)
    ground_of = {hid: r.ground or r.terrain for hid, r in ext.hexes.items()}
    ga_, gb_ = [ground_of.get(grid.id(sd.a)) for sd in sides], [ground_of.get(grid.id(sd.b)) for sd in sides]
    grounds = np.array([[tlab.get(a or "", nan3), tlab.get(b or "", nan3)] for a, b in zip(ga_, gb_)],
                       dtype=np.float64).reshape(len(sides), 2, 3)
    found: dict[str, set[str]] = {}
    for feat in leg.features:
        if feat.kind != "coast":
            continue
        for k in np.nonzero(coast_side)[0]:
            if (ta_[k] if wet_a[k] else tb_[k]) in feat.terrains:
                found.setdefault(keys[k], set()).add(feat.name)
    learned: list[tuple[FeatureClass, np.ndarray, list[int], list[int]]] = []
    per_side: dict[str, list[np.ndarray | None]] = {}
    colours: dict[str, np.ndarray] = {}
    for feat in leg.features:
        if feat.kind in ("coast", "gap"):
            continue
        colour = np.array(feat.lab, np.float32)
        dist = _dist(lab, onimg, colour)
        lowest = float(dist.min()) if dist.size else float("inf")
        if lowest > max(45.0, (feat.tolerance or _DEFAULT_TOLERANCE) * 2):
            raise InputError(f"legend feature {feat.name!r} ({rgb_to_hex(lab_to_rgb(feat.lab))}) matches nothing on "
                             f"the image (nearest colour is Delta E {lowest:.0f} away)")
        yes = [_side_index(grid, index, k2, feat.name) for k2 in feat.yes]
        no = [_side_index(grid, index, k2, feat.name) for k2 in feat.no]
        if yes:
            # the feature's colour as printed and scanned (blurred into the hex line, JPEG-smeared):
            # the median of the best-matching samples along the marked sides, refined twice
            # (a road or railway: off the band's middle, where the hex line is, and near the side's
            # middle, away from the hex lines leaving its ends)
            outer = onimg[yes].copy()
            if feat.kind == "across":
                mid = outer.shape[2] // 2
                outer[:, :, mid - core:mid + core + 1] = False
                outer[:, ~middle] = False
            dy = np.where(outer, dist[yes], np.inf)
            for _ in range(2):
                pick = dy.argmin(axis=2)
                ny = np.take_along_axis(dy, pick[..., None], axis=2)[..., 0]
                got = np.stack([np.take_along_axis(ch[yes], pick[..., None], axis=2)[..., 0] for ch in lab], axis=-1)
                if feat.kind == "along":
                    finite = ny[np.isfinite(ny)]
                    close = ny <= (np.percentile(finite, 50) if finite.size else np.inf)
                else:  # a road crosses a side in a few positions: each side's best two
                    close = ny <= np.sort(ny, axis=1)[:, 1:2]
                colour = np.median(got[close], axis=0).astype(np.float32)
                dy = _dist(tuple(ch[yes] for ch in lab), outer, colour)
            if feat.kind == "along":
                # (band notes 5) each marked side's own colour of the line: whether it changes over their papers
                per_side[feat.name] = [np.median(got[k][close[k]], axis=0) if close[k].any() else None
                                       for k in range(len(yes))]
            dist = _dist(lab, onimg, colour)
        elif feat.tolerance is None and not _ink_like(feat.lab):
            colour, dist = _adapted(lab, onimg, colour, dist)
        learned.append((feat, dist, yes, no))
        colours[feat.name] = colour
    # (band notes 4) an 'along' line whose colour and tolerance learned from its marked sides find none of them in
    # their bands (nor beside them): read as without marks where that finds some of them - the user's marks never
    # make the line vanish - and say so (Extraction.unlearned, advice.py)
    unlearned: set[str] = set()
    for i, (feat, dist, yes, no) in enumerate(learned):
        if not (UNLEARNED and feat.kind == "along" and yes and feat.tolerance is None):
            continue
        off = both_water | (coast_side & (not feat.on_coast))
        rival = [np.asarray(colours[f.name], np.float32) for j, (f, _, _, _) in enumerate(learned) if j != i]
        others = [d for j, (_, d, _, _) in enumerate(learned) if j != i]
        mine = _marked_found(feat, _nearest_of(dist, others), yes, no, step, leg, colours[feat.name], off, rival,
                             sample, tab, p0, vec, nrm, length, ta, hw, math.ceil(BESIDE * s), lab, onimg)
        if mine[0] > 0:
            continue
        colour = np.array(feat.lab, np.float32)
        dist_a = _dist(lab, onimg, colour)
        if not _ink_like(feat.lab):
            colour, dist_a = _adapted(lab, onimg, colour, dist_a)
        plain = _marked_found(feat, _nearest_of(dist_a, others), yes, no, step, leg, colour, off, rival, sample,
                              tab, p0, vec, nrm, length, ta, hw, math.ceil(BESIDE * s), lab, onimg, learn=False)
        ext.unlearned[feat.name] = _unlearned_text(feat, leg, colours[feat.name], mine[1], colour, plain)
        if plain[0] > mine[0]:
            learned[i] = (feat, dist_a, yes, no)
            colours[feat.name] = colour
            unlearned.add(feat.name)
    # traced black features (roads and railways in the ink of the hex lines and names): told apart by
    # shape, each ink's features together (toolkit/terrain/lines.py, ink_crossings)
    groups: list[tuple[np.ndarray, list[tuple[str, list[int]]]]] = []
    for feat, _, yes, _ in learned:
        if not (feat.trace and feat.kind == "across" and _black_ink(feat.lab)):
            continue
        c = np.array(feat.lab, np.float32)  # as given: a thin line's examples can teach the paper's colour
        for gc, members in groups:
            if float(np.sqrt(((gc - c) ** 2).sum())) < 15.0:
                members.append((feat.name, yes))
                break
        else:
            groups.append((c, [(feat.name, yes)]))
    inked = {name for _, members in groups for name, _ in members}
    # each side's two end vertices, as numbers shared by the sides meeting there
    vkeys: dict[tuple[int, int], int] = {}
    vertex_ids = np.array([[vkeys.setdefault((round(2 * float(x)), round(2 * float(y))), len(vkeys))
                            for x, y in (a, b)] for a, b in zip(p0, p1)], dtype=np.intp).reshape(-1, 2)
    # the middles of the hexes (each hex's own texture), sampled once
    hexes = grid.hexes()
    hindex = {(hx.q, hx.r): j for j, hx in enumerate(hexes)}
    side_hexes = np.array([(hindex[(sd.a.q, sd.a.r)], hindex[(sd.b.q, sd.b.r)]) for sd in sides], dtype=np.intp)
    side_hexes = side_hexes.reshape(-1, 2)
    rad = max(2, round(INTERIOR * s))
    gy, gx = np.mgrid[-rad:rad + 1, -rad:rad + 1]
    disc = gx * gx + gy * gy <= rad * rad
    centres = np.array([lay.hex_to_pixel(hx) for hx in hexes], dtype=np.float64).reshape(-1, 2)
    fx, fy = centres[:, 0:1] + gx[disc][None, :], centres[:, 1:2] + gy[disc][None, :]
    cx, cy = np.rint(fx).astype(np.intp), np.rint(fy).astype(np.intp)
    # the scan's own pixels: never the pad past its edge (extract._region), as the bands' ``onimg``
    cin = (fx >= sx0) & (cx < wid) & (fy >= sy0) & (cy < hgt)
    ccode = rgb_codes(_boxed(full, f, fx, fy))
    clab = (tab[0][ccode], tab[1][ccode], tab[2][ccode])
    cdist = [_dist(clab, cin, np.asarray(colours[f.name], np.float32)) for f, _, _, _ in learned]
    # (band notes 5) the grounds of the hexes (their middles' paper) and every land terrain's colours (its own and
    # its ground's, where read): an 'along' line's ink read over other papers
    hex_grounds = np.array([tlab.get(ground_of.get(grid.id(hx)) or "", nan3) for hx in hexes],
                           dtype=np.float64).reshape(-1, 3)
    land = np.array([c for t in leg.terrains if not t.water for c in {tuple(t.lab), tuple(t.ground or t.lab)}],
                    dtype=np.float64).reshape(-1, 3)

    def interior(i: int, tol: float) -> np.ndarray:
        """Each hex's share of its middle in feature i's colour (nearest to it of the features')."""
        d = cdist[i]
        if len(cdist) > 1:
            d = np.where(d <= np.minimum.reduce([c for j, c in enumerate(cdist) if j != i]), d, np.inf)
        return (d < tol).sum(axis=1) / np.maximum(1, cin.sum(axis=1))

    traced: dict[str, tuple[np.ndarray, np.ndarray, list[int]]] = {}
    # the tolerance each traced line's own colour is traced with (cut to half the hex lines' distance in trace, below;
    # traced notes 19 asks whether a darker line's rims fall within it)
    traced_tol: dict[str, float] = {}
    # the lines followed whole from hex to hex (_lone_links): traced in their colour and printed solid where marked,
    # or in the ink (its long straight lines, breaks joined)
    followed: set[str] = set()
    halfwidths: dict[str, np.ndarray] = {}
    # each 'along' line: where it shows along each side, its share of the band and of the fuller hex middle
    shown: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    # the black-ink lines' band distances (their index and the distances with the crossing's test): read by their
    # own colour below where the ink misses their marked sides (INK_MARKS)
    deferred: dict[str, tuple[int, np.ndarray]] = {}

    def trace(i: int, feat: Any, tol: float, yes: list[int]) -> np.ndarray:
        """Feature ``i``'s line traced across the sides in its own colour (lines.crossings): its scores, with what it
        records (followed whole, where it crosses, its half-widths)."""
        from .lines import crossings

        loose: tuple[float, Sequence[float], list[Sequence[float]]] | None = None
        if feat.tolerance is None and yes:
            hl = _hex_line(learned[i][1], core, middle)
            if tol >= hl:
                # the tolerance learned from marked sides takes in the printed hex lines' colour (a tan trail
                # with dark rims: 40, the brown hex lines 29 from its tan): its mask then holds every hex line,
                # grown over the band, and each crossing reads as an area and is refused. Traced, the line is
                # the colour nearer it than the hex lines are (as the band method's strict test, below); off
                # the hex lines, as far as the tolerance learned where nearer it than theirs (lines.py, traced
                # notes 10: a thin railway over a road or a river's halo)
                told = [*tlab.values(), *([float(c) for c in v] for k, v in colours.items() if k != feat.name)]
                loose = (tol, _hex_line_colour(learned[i][1], lab, core, middle), told)
                tol = hl / 2

        # the symbols' own marks where they matched (not the whole template: its other house may lie on the line)
        ink = [(x, y, m) for rep in ext.symbol_reports.values() for (x, y), m in zip(rep.stamps, rep.marks)]
        # the outlined parts of a symbol printed in the line's colour (a village's house blocks ringed in black,
        # straddling sides by a railway of their red) are the symbol's, not the line's
        art = [(rep.parts, rep.origin) for rep in ext.symbol_reports.values() if rep.parts is not None and
               float(np.sqrt(((np.asarray(rep.colour) - colours[feat.name]) ** 2).sum())) < rep.tolerance]
        where: list[np.ndarray] = []
        thick: list[np.ndarray] = []
        printed: list[bool] = []
        rivals = [[float(c) for c in v] for k, v in colours.items() if k != feat.name]
        traced_tol[feat.name] = tol
        # the 'along' lines' colours: their ink in nearly this line's colour is theirs (lines.py, traced notes 25)
        alongs = [[float(c) for c in colours[f.name]] for f, _, _, _ in learned if f.kind == "along"
                  and f.name != feat.name]
        score = crossings(image, grid, sides, [float(c) for c in colours[feat.name]], tol, ink, yes, where,
                          grounds, thick, art, rivals, loose, halved, printed, alongs)
        if printed and printed[0]:
            followed.add(feat.name)
        traced[feat.name] = (score, where[0], yes)
        halfwidths[feat.name] = thick[0]
        return score

    def nearest(i: int) -> np.ndarray:
        """Feature i's band distances where its colour is the nearest of the features' (elsewhere infinite)."""
        return _nearest_of(learned[i][1], [d for j, (_, d, _, _) in enumerate(learned) if j != i])

    def own_learned(j: int) -> tuple[float, int]:
        """Feature j's tolerance and width as the loop below learns them (before a line beside its side is looked
        for)."""
        feat, _, yes, no = learned[j]
        dist = nearest(j)
        if feat.kind == "across":
            dist = _crossing(dist, core, middle)
        else:
            dist[both_water | (coast_side & (not feat.on_coast))] = np.inf
        tol, width, _ = _learn(feat, dist, [] if feat.name in unlearned else yes, no, step)
        if feat.kind == "along" and feat.tolerance is None:
            tol = _ground_tolerance(leg, colours[feat.name], tol)
        return tol, width

    def own_tolerance(j: int) -> float:
        """Feature j's tolerance as the loop below learns it (before a line beside its side is looked for)."""
        return own_learned(j)[0]

    for i, (feat, dist, yes, no) in enumerate(learned):
        # a sample counts for the feature whose colour it is nearest (a coast line drawn in a darker
        # blue than the rivers is not a river)
        dist = nearest(i)
        if feat.kind == "across":
            if EDGES and not feat.trace:
                # a lighter version of another line's colour, next to that line: its edge, not this line (band
                # notes 2: the river's white-edged band reads as the stream's light blue along its edge); "within
                # its tolerance": the one its crossings are read by (half the hex lines' distance where the one
                # learned takes in their colour, below)
                own = _learn(feat, _crossing(dist, core, middle), yes, no, step)[0]
                hl = _hex_line(learned[i][1], core, middle)
                if feat.tolerance is None and own >= hl:
                    own = hl / 2
                for j, (other, _, _, _) in enumerate(learned):
                    if j != i and other.kind in ("along", "across") and _lighter_version(
                            colours[feat.name], colours[other.name], own):
                        dist = _off_edges(dist, nearest(j) < own_tolerance(j))
            near = dist
            dist = _crossing(dist, core, middle)
        else:
            dist[both_water | (coast_side & (not feat.on_coast))] = np.inf
        if feat.name in inked:
            deferred[feat.name] = (i, dist)
            continue  # below, once the rivers are known
        # (band notes 4: a line read as without marks learns nothing from them; its marked sides still judge it)
        tol, width, thr = _learn(feat, dist, [] if feat.name in unlearned else yes, no, step)
        if feat.kind == "along" and feat.tolerance is None:
            # a tolerance that takes in a land terrain's colour (Bastogne's light-blue stream, 21 from the
            # white of its open ground, tolerance 22): the line's colour is evidence only nearer it than that
            # ground (water is left out: a river is printed in the blue of the lakes it joins)
            tol = _ground_tolerance(leg, colours[feat.name], tol)
        if OVER_GROUNDS and feat.kind == "along" and yes and feat.tolerance is None and feat.name not in unlearned:
            # (band notes 5) a painted line's transparent ink over a darker paper than its marked sides': the colour
            # it takes there counts too, in the band and in each hex's middle, where no other line's colour lies
            # nearer (learned on the marks' own ground: the tolerance, width and threshold are the marks')
            c = np.asarray(colours[feat.name], np.float32)
            other_along = np.array([colours[f.name] for f, _, _, _ in learned if f.kind == "along"
                                    and f.name != feat.name], dtype=np.float64).reshape(-1, 3)
            transmit = _transmittance(c, grounds, yes)
            if transmit is not None and not _opaque(c, grounds, yes, per_side.get(feat.name, [])):
                level = _marks_level(grounds, yes)
                over = _over_grounds(lab, onimg, c, grounds, transmit, level, land, other_along, tol)
                over[both_water | (coast_side & (not feat.on_coast))] = np.inf
                dist = np.minimum(dist, _nearest_of(over, [d for j, (_, d, _, _) in enumerate(learned) if j != i]))
                oc = _over_dist(clab, _printed_over(transmit, hex_grounds, c, level, other_along, tol), land)
                oc[~cin] = np.inf
                cdist[i] = np.minimum(cdist[i], oc)
        edged: list[tuple[np.ndarray, float, int]] = []
        printed = dist  # the line's colour as printed, before band notes 6 takes a darker line's edges out of it
        if ALONG_EDGES and feat.kind == "along":
            # (band notes 6) band notes 2 for an 'along' line: a lighter version of another line's colour next to
            # that line is its edge (a navy river's light rim, its ford's white water), not this line - read after
            # learning (the marks' tolerance, width and threshold are learned as before), in the side's band and in
            # a band re-centred on a line beside the side (_beside)
            for j, (other, _, _, _) in enumerate(learned):
                if j != i and other.kind == "along" and _lighter_version(colours[feat.name], colours[other.name],
                                                                          tol):
                    # the other line's samples within its tolerance, in runs across as wide as its marked sides
                    # show it: a thinner stroke nearer its colour (this line's own dark core, a hex line) is not it
                    otol, owidth = own_learned(j)
                    edged_dist = _edge_runs(dist, _as_wide(nearest(j) < otol, owidth), tol)
                    if yes and ((_score(edged_dist[yes], tol, width, "along", step) < thr)
                                & (_score(dist[yes], tol, width, "along", step) >= thr)).any():
                        # a marked side it would refuse: the marks show this line drawn touching the other one
                        # (Velikie Louki's light river along its darker stream's colour), not its edge
                        continue
                    dist = edged_dist
                    edged.append((np.asarray(colours[other.name], np.float32), otol, owidth))
        before_beside = dist
        if feat.kind == "along" and BESIDE > 0:
            # a line drawn beside its side, not on it (France '40's canals, 0.1-0.2 hex off and aslant): its band
            # is read again centred on the line where it runs, if the line runs there nearer that side than any
            # other of its hexes' sides (_beside)
            rival = [np.asarray(colours[f.name], np.float32) for j, (f, _, _, _) in enumerate(learned) if j != i]
            dist, lab_f, onimg_f, reach = _beside(sample, tab, p0, vec, nrm, length, ta, hw, math.ceil(BESIDE * s),
                                           np.asarray(colours[feat.name], np.float32), rival, tol, width, thr,
                                           dist, lab, onimg, both_water | (coast_side & (not feat.on_coast)),
                                           step, yes, edged)
        else:
            lab_f, onimg_f, reach = lab, onimg, dist
        if feat.trace and feat.kind == "across":
            score = trace(i, feat, tol, yes)
            thr = 0.5
        else:
            hl = _hex_line(learned[i][1], core, middle) if feat.kind == "across" else float("inf")
            own = tol  # the tolerance within which a sample is the line's colour
            # a line crossing aslant (_crossing) must show in the band's middle too, nearer its colour than the
            # hex lines are; looked for only with the tolerance learned from marked sides (the default one takes in
            # nearby colours: SPI Ragnarok's ochre wall stones beside its yellow road pair up across a side) and
            # not in a dark ink, whose lettering and symbols fill both halves of many bands
            centre = min(tol, hl / 2) if yes and not _ink_like(feat.lab) else None
            if feat.tolerance is None and tol >= hl:
                # the tolerance learned takes in the printed hex lines' colour (Bastogne's trail, learned on
                # white paper: its tan within 36 of the olive of the woods' stipple and the brown hex lines):
                # a crossing must hold a sample nearer the line's colour than the hex lines' (its blurred
                # edges, within the tolerance learned, carry on its run), and with the hex lines leaving the
                # side's ends no longer taken, it is looked for along the whole side, not only its middle
                strict = own = hl / 2
                whole = np.ones_like(middle)
                score = np.maximum.reduce([
                    _score(dist, tol, width, feat.kind, step, strict),
                    _score(_crossing(near, core, middle, aslant=centre), tol, width, feat.kind, step, strict),
                    _score(_crossing(near, core, whole), strict, width, feat.kind, step),
                    _score(_crossing(near, core, whole, aslant=centre), strict, width, feat.kind, step)])
            else:
                # the tolerance learned from marked sides does not take in the hex lines' colour either: those leaving
                # the side's ends are not the line, and it is looked for along the whole side, as above (band notes
                # 1: a stream crossing a side near its corner, in its last fifth)
                span = np.ones_like(middle) if CORNERS and feat.kind == "across" and centre is not None else middle
                score = _score(dist if span is middle else _crossing(near, core, span), tol, width, feat.kind, step)
                if feat.kind == "across" and centre is not None:
                    score = np.maximum(score, _score(_crossing(near, core, span, aslant=centre), tol, width,
                                                     feat.kind, step))
            if feat.kind == "across":
                # the colour fills both hexes' middles: an area of it (woods within a faint line's wide
                # tolerance), not a line crossing between them; within the line's own tolerance, when the
                # one learned takes in the hex lines (Bastogne's pale woods are 24 from its trail's tan)
                area = interior(i, own) >= AREA_SHARE
                score = np.where(area[side_hexes[:, 0]] & area[side_hexes[:, 1]], 0.0, score)
            if feat.kind == "along":
                # (band notes 6) the area test reads the colour as printed: an area of it cut by a darker line's
                # edge taken out is still an area (Gettysburg's grey margin, read as the river, left creek-wide strips)
                area_dist = dist
                if printed is not before_beside:
                    # the sides read in a band re-centred on a line beside them (_beside) keep that band
                    area_dist = printed.copy()
                    moved = np.any(dist != before_beside, axis=(1, 2))
                    area_dist[moved] = dist[moved]
                area = _along_only(score, area_dist, tol, interior(i, tol), side_hexes, thr, yes)
                if printed is not before_beside:
                    # ... and an area on the printed band too is one (a re-centred side is judged on both:
                    # Gettysburg's grey margin sides are re-centred - review45 R9)
                    area = np.minimum(area, _along_only(score, printed, tol, interior(i, tol), side_hexes, thr, yes))
                score = area
                if yes:
                    # a side on a ground none of the marked sides shows (SPI Atlantic Wall's river, marked between
                    # bocage hexes, on through clear ground and a marsh hatched in its own blue; 1942's border beside
                    # the clear paper, band notes 9): its band's mix is that other ground's, not the examples', and is
                    # judged by how much fuller of the colour it is than both hexes' middles instead (_like_examples,
                    # UNSEEN)
                    inside = interior(i, tol)[side_hexes].max(axis=1)
                    unseen = _unseen_grounds(ta_, tb_, yes) & ((dist < tol).mean(axis=(1, 2)) >= UNSEEN * inside)
                    score = _like_examples(score, lab_f, onimg_f, clab, cin, side_hexes, yes, unseen)
                score = _no_spurs(score, reach, tol, width, thr, vertex_ids)
                # a stroke of its colour crossing one side alone, aslant (Bastogne's "Run (in hex)"), is no side of it
                score = _lone_strokes(score, dist, tol, width, thr, vertex_ids, ta, core, yes)
                if yes and SEGMENT_REACH > 0:
                    # a side is the pair of hexes the line parts: a line winding off its sides crosses the segment
                    # between the two centres inside a hex (_segment_crossings)
                    rival = [np.asarray(colours[f.name], np.float32) for j, (f, _, _, _) in enumerate(learned)
                             if j != i]
                    middles = interior(i, tol)
                    off_middles = (middles <= SEGMENT_MIDDLE)[side_hexes].all(axis=1)
                    score = _segment_crossings(score, sample, tab, centres, side_hexes, no,
                                               np.asarray(colours[feat.name], np.float32), rival, tol,
                                               _line_width(dist, yes, tol), thr, s,
                                               both_water | (coast_side & (not feat.on_coast)) | ~off_middles)
                # where it shows along each side, how full of it the band is and each hex's middle
                seen = dist < tol
                shown[feat.name] = (seen.sum(axis=2) >= width, seen.mean(axis=(1, 2)),
                                    interior(i, tol)[side_hexes].max(axis=1))
        ext.thresholds[feat.name] = (tol, thr)
        ext.side_scores[feat.name] = {keys[k]: round(float(score[k]), 4) for k in range(len(keys)) if score[k] > 0}
        for k in np.nonzero(score >= thr)[0]:
            found.setdefault(keys[k], set()).add(feat.name)
    # the black-ink lines found (name -> score, None: crossed anywhere along the side, marked sides)
    inked_lines: dict[str, tuple[np.ndarray, np.ndarray | None, list[int]]] = {}
    if groups:
        # a road or railway crossing a river side may be drawn over a bridge box there
        from .lines import INK_TOLERANCE, ink_crossings

        along = {f.name for f in leg.features if f.kind in ("along", "coast")}
        bridged = np.array([bool(found.get(kk, set()) & along) for kk in keys], dtype=bool)
        ink = [(x, y, rep.template) for rep in ext.symbol_reports.values() for x, y in rep.stamps]
        # the marked sides of the lines traced in their own colour (ink notes 15: the lighter line beside a lone ink)
        beside: list[list[int]] = [yes for feat, _, yes, _ in learned if feat.trace and feat.kind == "across" and yes
                                   and feat.name not in inked]
        for gc, members in groups:
            areal: dict[str, np.ndarray] = {}
            by_shape, taken = ink_crossings(image, grid, sides, [float(v) for v in gc], members, ink, bridged, beside,
                                            areal)
            marked = dict(members)
            for name in list(by_shape):
                yes = marked[name]
                if not (INK_MARKS and yes and name in deferred and not (by_shape[name][yes] >= 0.5).all()
                        and (areal.get(name, np.zeros(0, bool)).any()
                             or (INK_NONE and not (by_shape[name][yes] >= 0.5).any()))):
                    continue
                # the ink's long straight lines miss some of the line's own marked sides where a marked band is an area
                # of the ink (a dark-brown road whose ink tolerance takes in the dark olive fill it runs over, every
                # band it crosses an area of the ink), or miss all of them (INK_NONE: a dashed road on clear ground,
                # its dashes shorter than LONG; ink notes 16): the line is then traced in its own colour, as a coloured
                # line is (lines.crossings, learned from the same marked sides), where that finds more of them - the
                # reading should at least find what the user marked (SPI Atlantic Wall: its solid and dashed roads,
                # one dark brown, 0 and 1 of 3 marked sides found in the ink)
                i, dist = deferred[name]
                feat, _, _, no = learned[i]
                tol, _width, _thr = _learn(feat, dist, yes, no, step)
                by_colour = trace(i, feat, tol, yes)
                if (by_colour[yes] >= 0.5).sum() > (by_shape[name][yes] >= 0.5).sum():
                    del by_shape[name]
                    taken.pop(name, None)
                    ext.thresholds[name] = (tol, 0.5)
                    ext.side_scores[name] = {keys[k]: round(float(by_colour[k]), 4) for k in range(len(keys))
                                             if by_colour[k] > 0}
                    for k in np.nonzero(by_colour >= 0.5)[0]:
                        found.setdefault(keys[k], set()).add(name)
                else:
                    # the ink's reading stands: the traced one is not kept
                    traced.pop(name, None)
                    halfwidths.pop(name, None)
                    followed.discard(name)
            ext.line_styles.update(taken)
            for name, score in by_shape.items():
                followed.add(name)
                inked_lines[name] = (score, None, marked[name])
                ext.thresholds[name] = (INK_TOLERANCE, 0.5)
                ext.side_scores[name] = {keys[k]: round(float(score[k]), 4) for k in range(len(keys)) if score[k] > 0}
                for k in np.nonzero(score >= 0.5)[0]:
                    found.setdefault(keys[k], set()).add(name)
    _fills(traced, {**traced, **inked_lines}, keys, found)
    _told_apart(leg, index, {name: (halfwidths[name], t[2]) for name, t in traced.items()}, found)
    _exclusive(leg, found)
    _lone_links(followed, leg, found)
    if DARKER_RIMS:  # after the lone links: a link beside the darker line's is not left alone by it
        _darker_rims(traced, colours, traced_tol, list(tlab.values()), keys, found)
    _hidden_links(followed, leg, grid, found, colours, ext.thresholds)
    _gaps(leg, keys, vertex_ids, found)
    _under_bridges(leg, keys, vertex_ids, shown, found)
    ext.hexsides = {kk: frozenset(v) for kk, v in sorted(found.items())}


def _side_set(keys: Sequence[str]) -> set[tuple[str, ...]]:
    return {tuple(sorted(str(k).split("/"))) for k in keys}


def _lone_links(followed: set[str], leg: Legend, found: dict[str, set[str]]) -> None:
    """A road or railway runs on from hex to hex: a link of a line ``followed`` whole - traced in its colour and
    printed solid where marked (lines.crossings, traced notes 7), or traced in the ink (lines.ink_crossings) - whose
    two hexes hold no other link of it is a crossing seen alone: something else of its colour across one side (a
    river's pale glow in a pink road's tint, the edge of a road of another class in a grey one's tolerance, a field's
    outline or a large name in a black line's ink, a trail's dark edges read as a road). It is not reported; a marked
    ``yes`` side stays (the legend says the line crosses there). A dashed line (MMP Afrika's tracks), a line read by
    the band method near the side's middle, or one without marked sides is read in pieces: a true link whose
    neighbours are missed is alone there (Afrika's tracks lost 1 of region 1's and 3 of blind regions 3 and 5's
    links so), and is left as found. In place."""
    for feat in leg.features:
        if feat.kind != "across" or feat.name not in followed:
            continue
        links = [kk for kk, names in found.items() if feat.name in names]
        held: dict[str, int] = {}
        for kk in links:
            for hid in kk.split("/"):
                held[hid] = held.get(hid, 0) + 1
        marked = _side_set(feat.yes)
        for kk in links:
            a, _, b = kk.partition("/")
            if held[a] == 1 and held[b] == 1 and tuple(sorted((a, b))) not in marked:
                found[kk].discard(feat.name)
                if not found[kk]:
                    del found[kk]


def _turn(d0: int, d1: int) -> int:
    """The turn from hex direction ``d0`` to ``d1`` (indices of hexgrid.coords.DIRECTIONS, 60 degrees apart, in
    order round the hex), in steps of 60 degrees: -2..3 (3: back the way it came)."""
    return (d1 - d0 + 2) % 6 - 2


def _hidden_links(followed: set[str], leg: Legend, grid: Grid, found: dict[str, set[str]],
                  colours: Mapping[str, np.ndarray], thresholds: Mapping[str, tuple[float, float]]) -> None:
    """A road or railway runs on from hex to hex: where a line ``followed`` whole (as :func:`_lone_links`) ends in
    two neighbouring hexes - each holding one link of it, to two other hexes - and the path through them keeps its
    heading (turning by at most one side's step, 60 degrees, at each of the two and by at most that in all: a
    straight line drawn across hexes zigzags so), the line runs on across the side between them, hidden there: a
    symbol printed over it (GMT Red Winter's road number disc at O20/O21), a village's houses crowding it (Bastogne's
    road through Gives, 14.31/15.32, the houses taken out of the ink with their margin), a town's art or another line
    printed over it, a shallow crossing near a corner. The side is a link of the line, unless the
    legend marks it ``no``, or another line of its colour (within its tolerance) is found there: the two are not told
    apart by colour, and the crossing seen is that line's (a user's legend giving Bastogne's road the trail's tan read
    5 trail sides so). Two ends meeting at a junction or a town each turn away (Next War: Korea's roads ending
    at a highway: their path turns by 120 degrees or more); a hex ending with more than one such neighbour is left
    as found. A dashed line or one read by the band method is read in pieces: its ends are not the line's (not
    joined). In place."""
    from ..hexgrid.coords import direction_to

    for feat in leg.features:
        if feat.kind != "across" or feat.name not in followed:
            continue
        ends: dict[str, list[str]] = {}
        for kk, names in found.items():
            if feat.name in names:
                a, _, b = kk.partition("/")
                ends.setdefault(a, []).append(b)
                ends.setdefault(b, []).append(a)
        hexes = {h: grid.hex(h) for h, nb in ends.items() if len(nb) == 1}
        refused = _side_set(feat.no)
        own = np.asarray(colours.get(feat.name, feat.lab), np.float32)
        tol = thresholds.get(feat.name, (0.0, 0.0))[0]
        alike = {g.name for g in leg.features if g.kind == "across" and g.name != feat.name and float(np.sqrt(
            ((np.asarray(colours.get(g.name, g.lab), np.float32) - own) ** 2).sum())) <= tol}
        # each end's neighbours looked up among the ends (review35 C9: every end against every end was O(ends^2)
        # Python steps, and a line read in many pieces has hundreds of ends); the pairs are the same
        at: dict[Hex, list[str]] = {}
        for h, hh in hexes.items():
            at.setdefault(hh, []).append(h)
        pairs: list[tuple[str, str]] = []
        for a, ha in hexes.items():
            for b in sorted(b for nb in ha.neighbours() for b in at.get(nb, ())):
                if a >= b or tuple(sorted((a, b))) in refused or found.get(grid.side_key(a, b), set()) & alike:
                    continue
                hb = hexes[b]
                x, y = grid.hex(ends[a][0]), grid.hex(ends[b][0])
                if x == y:
                    continue
                t1 = _turn(direction_to(x, ha), direction_to(ha, hb))
                t2 = _turn(direction_to(ha, hb), direction_to(hb, y))
                if abs(t1) <= 1 and abs(t2) <= 1 and abs(t1 + t2) <= 1:
                    pairs.append((a, b))
        times = Counter(h for p in pairs for h in p)  # (was a scan of every pair for each end: O(ends^2) too)
        many = {h for h, n in times.items() if n > 1}
        for a, b in pairs:
            if a not in many and b not in many:
                found.setdefault(grid.side_key(a, b), set()).add(feat.name)


def _exclusive(leg: Legend, found: dict[str, set[str]]) -> None:
    """A feature whose ``no:`` example sides are sides another feature marks ``yes:`` is, by the legend, not
    reported where that other feature is found (a trail printed in the tan that also fills a road between
    its black edges: the road's examples marked 'no' for the trail). In place."""
    pairs = [(f.name, g.name) for f in leg.features for g in leg.features
             if f is not g and f.no and g.yes and _side_set(f.no) & _side_set(g.yes)]
    # two features each marking the other's examples 'no' (two greys told apart): the legend ranks neither
    pairs = [(a, b) for a, b in pairs if (b, a) not in pairs]
    if not pairs:
        return
    for kk in list(found):
        names = found[kk]
        for loser, winner in pairs:
            if loser in names and winner in names:
                names.discard(loser)
        if not names:
            del found[kk]


def _told_apart(leg: Legend, index: Mapping[str, int], traced: Mapping[str, tuple[np.ndarray, list[int]]],
                found: dict[str, set[str]]) -> None:
    """Two traced lines each marking the other's examples ``no:`` are two lines the legend tells apart (GMT Red
    Winter's main road, 9 px of grey, and its primary road, 7 px of a darker grey: each colour's tolerance takes in
    the other road). A side both are found crossing goes to the one whose marked sides its crossing looks like:
    by the half-widths both colours measure there (lines.crossings, traced notes 4: each colour's own stroke, the
    other's in it or not), nearer the median of one line's marked sides than of the other's. Equally near, both
    stay (:func:`_exclusive` ranks neither). Done only where those half-widths tell the marked sides themselves
    apart (each nearer its own line's median). ``traced``: name -> (half-width at each side, marked sides).
    In place."""
    names = [f.name for f in leg.features]
    for f in leg.features:
        for g in leg.features:
            if names.index(g.name) <= names.index(f.name) or f.name not in traced or g.name not in traced:
                continue
            if not (_side_set(f.no) & _side_set(g.yes) and _side_set(g.no) & _side_set(f.yes)):
                continue
            (wf, yf), (wg, yg) = traced[f.name], traced[g.name]
            if not yf or not yg:
                continue
            vec = np.stack([wf, wg], axis=1).astype(np.float64)
            cf, cg = np.median(vec[yf], axis=0), np.median(vec[yg], axis=0)
            # > 0: a side's half-widths lie nearer f's marked sides; < 0: nearer g's
            nearer = np.linalg.norm(vec - cg, axis=1) - np.linalg.norm(vec - cf, axis=1)
            if not ((nearer[yf] > 0).all() and (nearer[yg] < 0).all()):
                continue
            for kk, got in found.items():
                if f.name in got and g.name in got:
                    side = nearer[index[kk]]
                    if side > 0:
                        got.discard(g.name)
                    elif side < 0:
                        got.discard(f.name)


def _fills(traced: Mapping[str, tuple[np.ndarray, np.ndarray, list[int]]],
           lines: Mapping[str, tuple[np.ndarray, np.ndarray | None, list[int]]], keys: Sequence[str],
           found: dict[str, set[str]]) -> None:
    """A traced line whose colour is part of another line's print (Afrika's track: the mid-brown
    fill between its road's dark edges; its road: the dark edges of the white main road; Bastogne's trail: the
    tan between the black edges of a road traced in the ink): it crosses
    every marked example side of the other (at least ``FILL_EXAMPLES`` of them) while the other crosses
    none of its own. It is not reported where the other crosses the same
    side at the same place (any of its positions along the side within the other's, give or take one: a
    crossing of its colour there is the other's print, joined perhaps by an area of its colour beside it,
    as Afrika's road meets the hills' brown): there it is part of the other. A line traced in the ink
    (:func:`~toolkit.terrain.lines.ink_crossings`) gives no positions: where it crosses, anywhere on the side
    is its place. ``traced``: the coloured traced lines, name -> (score, positions crossed along each side,
    marked example sides); ``lines``: the lines whose fill they may be, the same (positions None: the whole
    side). In place."""
    from .lines import _near

    for fill, (fscore, fwhere, fyes) in traced.items():
        for line, (lscore, lwhere, lyes) in lines.items():
            if line == fill or len(lyes) < FILL_EXAMPLES or (fscore[lyes] < 0.5).any() or \
                    (fyes and (lscore[fyes] >= 0.5).any()):
                continue
            if lwhere is None:
                inside = np.ones(len(fscore), dtype=np.int64)
            else:
                inside = (fwhere & _near(lwhere)).sum(axis=1)
            for k in np.nonzero((fscore >= 0.5) & (lscore >= 0.5) & (inside > 0))[0]:
                names = found.get(keys[int(k)])
                if names is not None and fill in names and line in names:
                    names.discard(fill)


def _darker_rims(traced: Mapping[str, tuple[np.ndarray, np.ndarray, list[int]]], colours: Mapping[str, np.ndarray],
                 tolerance: Mapping[str, float], grounds: Sequence[Sequence[float]], keys: Sequence[str],
                 found: dict[str, set[str]]) -> None:
    """(traced notes 19) A darker line's rims are the blend of its ink with the ground beside it - anti-aliased
    edges, a thin stretch blurred, a plate printed a pixel wider: where a lighter traced line's colour lies within the
    tolerance its own colour is traced with (``tolerance``: cut to half the hex lines' distance where the one learned
    takes them in) of that blend (the mixes of the darker line's colour and a terrain's holding at least ``RIM_END``
    of each: :func:`_on_segment`), and nearer it than any other darker line's blend, the rims read as the lighter line
    wherever the darker one runs (Stonewall Jackson's Way: its thin dark-brown road's colour is 6.4 Delta E from the
    black-brown pike's blend with the yellow wash, inside the road's 8.2, and the road was read on 3 of region 2's
    pike links, 95 of the North Map's). Not a line of its own beside the darker one (France '40 Dynamo's pale road,
    10.6 from its grey railway's blend with the clear ground, outside the road's 6.8: the two run side by side across
    the same sides, and both are kept). A side both cross at the same place (as :func:`_fills`: any of the lighter
    line's positions along the side within the darker's, give or take one) is the darker line's only; a side marked
    ``yes`` for the lighter line stays. Not where the darker line crosses any of the lighter one's marked sides (its
    reading takes in the lighter line itself: which is which is not told there; :func:`_fills` reads the lighter
    line found on all the darker's marked sides). A darker line traced in the ink gives no positions and is left
    alone. Run after :func:`_lone_links`: a link of the lighter line beside the darker line's is not left alone by
    it. ``traced``: name -> (score, positions crossed along each side, marked sides); ``colours``: each line's
    L*a*b* as learned; ``tolerance``: the Delta E each traced line's colour is traced with; ``grounds``: the
    terrains' L*a*b*. In place."""
    from .lines import _near

    for light, (fscore, fwhere, fyes) in traced.items():
        if light not in tolerance:
            continue
        c_light = np.asarray(colours[light], np.float64)
        # the darker line whose rims' blend lies nearest the lighter line's colour (Roads to Gettysburg's olive road
        # is 5 Delta E from its black pike's blend with the rough ground, 11 from the red railway's: the railway's
        # rims are not what reads as the road there)
        near = {dark: min((_on_segment(c_light, np.asarray(c, np.float64), np.asarray(g, np.float64))
                           for g in grounds), default=float("inf"))
                for dark, c in colours.items() if dark != light and float(c[0]) < float(c_light[0])}
        dark = min(near, key=lambda n: near[n], default=None)
        if dark is None or near[dark] > tolerance[light] or dark not in traced:
            continue
        lscore, lwhere, _lyes = traced[dark]
        if fyes and (lscore[fyes] >= 0.5).any():
            continue
        same = (fwhere & _near(lwhere)).sum(axis=1) > 0
        marked = np.zeros(len(fscore), dtype=bool)
        marked[list(fyes)] = True
        for k in np.nonzero((fscore >= 0.5) & (lscore >= 0.5) & same & ~marked)[0]:
            names = found.get(keys[int(k)])
            if names is not None and light in names and dark in names:
                names.discard(light)


def _on_segment(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    """The Delta E from colour ``p`` to the mixes of colours ``a`` and ``b`` that hold at least ``RIM_END`` of each
    (its nearest point on the segment between them), or infinity where that point lies nearer either end: a colour
    that is mostly the ground or mostly the line is no blend of the two (traced notes 19)."""
    d = b - a
    t = float(np.dot(p - a, d) / max(float(np.dot(d, d)), 1e-9))
    if not RIM_END <= t <= 1.0 - RIM_END:
        return float("inf")
    return float(np.linalg.norm(p - (a + t * d)))


def _ground_tolerance(leg: Legend, colour: np.ndarray, tol: float) -> float:
    """An 'along' line's tolerance ``tol`` halved to half its colour's distance from the nearest land terrain's where
    it takes that in (the caller's rule)."""
    ground = _nearest_ground(leg, colour)[1]
    return ground / 2 if tol >= ground else tol


def _nearest_ground(leg: Legend, colour: np.ndarray) -> tuple[str, float]:
    """The land terrain whose colour (its ground's, where read) is nearest ``colour`` (L*a*b*), and its Delta E."""
    return min(((t.name, float(np.sqrt(((np.asarray(t.ground or t.lab) - colour) ** 2).sum())))
                for t in leg.terrains if not t.water), key=lambda nd: nd[1], default=("", float("inf")))


def _nearest_of(dist: np.ndarray, others: Sequence[np.ndarray]) -> np.ndarray:
    """``dist`` (a feature's band distances) where its colour is the nearest of the features' (``others``: the other
    features' distances), elsewhere infinite."""
    return np.where(dist <= np.minimum.reduce(others), dist, np.inf) if others else dist


def _adapted(lab: tuple[np.ndarray, np.ndarray, np.ndarray], onimg: np.ndarray, colour: np.ndarray,
             dist: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A feature's legend ``colour`` (L*a*b*; ``dist``: the band samples' distances to it) adapted to the scan where
    no marked side teaches it: the median of the samples that match it best (the best 0.05%, if they are within
    ``ADAPT_DELTA_E`` of the legend colour), with the distances to it; else the two as given."""
    finite = dist[np.isfinite(dist)]
    q = float(np.percentile(finite, 0.05)) if finite.size else np.inf
    if q < ADAPT_DELTA_E:
        close = dist <= q
        got = np.array([float(np.median(ch[close])) for ch in lab], dtype=np.float32)
        if float(np.sqrt(((got - colour) ** 2).sum())) < ADAPT_DELTA_E:
            return got, _dist(lab, onimg, got)
    return colour, dist


def _marked_found(feat: FeatureClass, dist: np.ndarray, yes: list[int], no: list[int], step: float, leg: Legend,
                  colour: np.ndarray, off: np.ndarray, rivals: Sequence[np.ndarray], sample: Any, tab: np.ndarray,
                  p0: np.ndarray, vec: np.ndarray, nrm: np.ndarray, length: np.ndarray, ta: np.ndarray, hw: int,
                  wp: int, lab: tuple[np.ndarray, np.ndarray, np.ndarray], onimg: np.ndarray, learn: bool = True,
                  ) -> tuple[int, float]:
    """(band notes 4) How many of an 'along' feature's marked sides ``yes`` its band reading finds - the band's score
    (:func:`_score`) at the threshold, with the band re-centred on a line beside its side (:func:`_beside`) where the
    band alone finds none - and the tolerance it reads them with: learned from them (``learn``) or the default, cut
    as the caller cuts it (:func:`_ground_tolerance`). ``dist``: the band's distances to ``colour`` (the nearest of
    the features'); ``off``: sides where the feature is not looked for."""
    dist = np.where(off[:, None, None], np.inf, dist)
    tol, width, thr = _learn(feat, dist, yes if learn else [], no, step)
    tol = _ground_tolerance(leg, colour, tol)
    hit = int((_score(dist[yes], tol, width, "along", step) >= thr).sum())
    if hit == 0 and wp > 0:
        dist = _beside(sample, tab, p0, vec, nrm, length, ta, hw, wp, colour, rivals, tol, width, thr, dist, lab,
                       onimg, off, step, yes)[0]
        hit = int((_score(dist[yes], tol, width, "along", step) >= thr).sum())
    return hit, tol


def _unlearned_text(feat: FeatureClass, leg: Legend, mine: np.ndarray, tol: float, plain: np.ndarray,
                    found: tuple[int, float]) -> str:
    """(band notes 4) What the user is told of an 'along' line whose colour ``mine`` and tolerance ``tol`` learned
    from its marked sides find none of them, and of its reading as without marks (``plain``: its colour; ``found``:
    the marked sides it finds and its tolerance)."""
    given = np.asarray(feat.lab, np.float64)
    ground, de = _nearest_ground(leg, mine)
    cut = f", cut to half its Delta E {de:.1f} from terrain {ground}'s colour" if tol < _DEFAULT_TOLERANCE and \
        abs(tol - de / 2) < 1e-6 else ""
    n = len(feat.yes)
    head = (f"{feat.name}: the colour learned from its {n} yes: sides ({rgb_to_hex(lab_to_rgb(mine))}, Delta E "
            f"{float(np.sqrt(((np.asarray(mine, np.float64) - given) ** 2).sum())):.0f} from the legend's "
            f"{rgb_to_hex(lab_to_rgb(feat.lab))}) with the tolerance learned from them ({tol:.1f}{cut}) finds none "
            "of them: their bands hold the line's blend with what lies beside it (a line drawn beside its sides, or "
            "sides it does not run along)")
    if found[0] == 0:
        return head + (f"; read without them ({rgb_to_hex(lab_to_rgb(plain))}, tolerance {found[1]:.1f}) it finds none "
                       "either: the learned reading is kept")
    return (head + f"; read as without them instead, where the legend's colour as on the scan "
            f"({rgb_to_hex(lab_to_rgb(plain))}) and tolerance {found[1]:.1f} find {found[0]} of them in their bands "
            "(give the line's colour from a pixel of the line itself, or mark sides it runs along)")


def _lighter_version(colour: np.ndarray, other: np.ndarray, tol: float) -> bool:
    """Whether ``colour`` (L*a*b*) is a lighter version of ``other``'s (band notes 2): the nearest to it of ``other``
    mixed with white (in sRGB, as a print's anti-aliased edge or a scan blurs a line into white paper; each at least
    ``EDGE_WHITE`` of the mix) lies within ``tol`` of it and nearer it than ``other`` itself. RBM Studio's Waterloo:
    its stream's light blue is 14 from the river's dark blue a third white, 31 from the river's own (tolerance 20); a
    yellow road beside an ochre wall (SPI Ragnarok) is nearest the wall's colour unmixed: no lighter version of it."""
    share = np.linspace(EDGE_WHITE, 1.0 - EDGE_WHITE, 81)[:, None]  # the white's share of each mix
    rgb = lab_to_rgb(np.asarray(other, np.float64))
    mixes = rgb_to_lab(rgb * (1.0 - share) + 255.0 * share)
    near = float(np.sqrt(((mixes - np.asarray(colour, np.float64)) ** 2).sum(axis=1)).min())
    return near < min(tol, float(np.sqrt(((np.asarray(other, np.float64) - colour) ** 2).sum())))


def _off_edges(dist: np.ndarray, other: np.ndarray) -> np.ndarray:
    """``dist`` (band samples: sides, along, across) infinite at every sample next to one of ``other`` (along,
    across or aslant; band notes 2): a lighter version of another line's colour there is that line's edge."""
    grown = other.copy()
    grown[:, 1:] |= other[:, :-1]
    grown[:, :-1] |= other[:, 1:]
    wide = grown.copy()
    wide[:, :, 1:] |= grown[:, :, :-1]
    wide[:, :, :-1] |= grown[:, :, 1:]
    return np.where(wide, np.inf, dist)


def _edge_runs(dist: np.ndarray, other: np.ndarray, tol: float) -> np.ndarray:
    """``dist`` (band samples: sides, along, across) infinite over every run across the band of samples within
    ``tol`` one of which lies next to one of ``other`` (band notes 6; next to as in :func:`_off_edges`): a lighter
    version of another 'along' line's colour touching that line is its edge or its ford's water, as far across as it
    goes on from there."""
    mine = dist < tol
    edge = np.isinf(_off_edges(np.zeros(dist.shape, np.float32), other)) & mine
    for _ in range(dist.shape[2]):
        more = edge.copy()
        more[:, :, 1:] |= edge[:, :, :-1]
        more[:, :, :-1] |= edge[:, :, 1:]
        more &= mine
        if (more == edge).all():
            break
        edge = more
    return np.where(edge, np.inf, dist)


def _as_wide(mask: np.ndarray, width: int) -> np.ndarray:
    """``mask`` (band samples: sides, along, across) kept only in runs across at least ``width`` samples long (band
    notes 6: an 'along' line as wide as its marked sides show it, not a thinner stroke of a colour near its)."""
    n = mask.shape[2]
    if width <= 1:
        return mask
    if width > n:
        return np.zeros_like(mask)
    core = mask[:, :, :n - width + 1].copy()
    for k in range(1, width):
        core &= mask[:, :, k:n - width + 1 + k]
    out = np.zeros_like(mask)
    for k in range(width):
        out[:, :, k:n - width + 1 + k] |= core
    return out


def _hex_line(d: np.ndarray, core: int, middle: np.ndarray) -> float:
    """The Delta E from a colour of the printed hex lines: over every side, the median of the nearest
    sample in the band's middle (``core`` samples each way) at the ``middle`` positions. ``d``: the
    band's samples' distances (sides, along, across)."""
    mid = d.shape[2] // 2
    near = d[:, middle, mid - core:mid + core + 1].min(axis=2)
    near = near[np.isfinite(near)]
    return float(np.median(near)) if near.size else float("inf")


def _hex_line_colour(d: np.ndarray, lab: tuple[np.ndarray, np.ndarray, np.ndarray], core: int,
                     middle: np.ndarray) -> list[float]:
    """The printed hex lines' L*a*b* colour: over every side, the median of the samples :func:`_hex_line` takes (the
    nearest to a feature's colour, ``d``, in the band's middle at the ``middle`` positions)."""
    mid = d.shape[2] // 2
    sub = d[:, middle, mid - core:mid + core + 1]
    pick = sub.argmin(axis=2)[..., None]
    ok = np.isfinite(np.take_along_axis(sub, pick, axis=2)[..., 0])
    return [float(np.median(np.take_along_axis(ch[:, middle, mid - core:mid + core + 1], pick, axis=2)[..., 0][ok]))
            if ok.any() else math.nan for ch in lab]


def _gaps(leg: Legend, keys: Sequence[str], vertex_ids: np.ndarray, found: dict[str, set[str]]) -> None:
    """``gap`` features (:func:`~toolkit.terrain.extract_legend._gap_feature`): a side the link crosses,
    not itself a side of the line, whose two end vertices the line's sides both meet."""
    for feat in leg.features:
        if feat.kind != "gap":
            continue
        has = np.array([feat.line in found.get(kk, ()) for kk in keys], dtype=bool)
        met = np.zeros(int(vertex_ids.max()) + 1 if vertex_ids.size else 0, dtype=bool)
        met[vertex_ids[has].ravel()] = True
        for k, kk in enumerate(keys):
            if feat.link in found.get(kk, ()) and not has[k] and met[vertex_ids[k]].all():
                found[kk].add(feat.name)




def _under_bridges(leg: Legend, keys: Sequence[str], vertex_ids: np.ndarray,
                   shown: Mapping[str, tuple[np.ndarray, np.ndarray, np.ndarray]], found: dict[str, set[str]]) -> None:
    """An ``along`` line (a river) hidden on a side by the art of a bridge drawn over it, where a road or
    railway crosses it, runs on beneath: a side an ``across`` feature crosses, not found as the line, is the
    line's where the line's sides found meet both its end vertices, its colour shows within ``UNDER_END`` of
    both ends of the side (it runs up to the art from both ends) and the band is at least ``CONTRAST`` times as
    full of it as the middle of each of its two hexes: the art hiding it is the crossing's, drawn between the
    hexes, not a building of the line's colour standing in them (a gatehouse where a road passes a wall, whose
    stones reach both ends of the side too, is no wall). ``shown``: for each line, the positions along each side
    where it shows, the share of each side's band in its colour and the larger of its two hexes' middles'
    shares. In place; the sides found so far are those looked at (one pass)."""
    across = {f.name for f in leg.features if f.kind == "across"}
    if not across or not shown:
        return
    crossed = np.array([bool(found.get(kk, set()) & across) for kk in keys], dtype=bool)
    if not crossed.any():
        return
    nv = int(vertex_ids.max()) + 1 if vertex_ids.size else 0
    for name, (hits, band, inside) in shown.items():
        has = np.array([name in found.get(kk, ()) for kk in keys], dtype=bool)
        met = np.zeros(nv, dtype=bool)
        met[vertex_ids[has].ravel()] = True
        n = hits.shape[1]
        m = max(1, round(UNDER_END * n))
        ends = hits[:, :m].any(axis=1) & hits[:, n - m:].any(axis=1)
        own = band >= CONTRAST * inside
        for k in np.nonzero(crossed & ~has & met[vertex_ids].all(axis=1) & ends & own)[0].tolist():
            found[keys[k]].add(name)


def undithered(image: Image.Image) -> Image.Image:
    """``image`` with its dither smoothed, where it is a dithered palette scan; else ``image`` itself (band notes 3):
    each pixel the mean of those of its 3 x 3 square (itself among them) within the dither's step of it in RGB."""
    if not UNDITHER:
        return image
    if image.width < 3 or image.height < 3 or image.mode not in ("P", "PA", "RGB", "RGBA"):
        return image  # (a grey scan's few values are its scanner's, no palette's)
    # the share of pixels differing from the next along a row, on 512 rows at most (in the picture's own mode: a
    # palette picture's indices, read without making its colours)
    rows = np.asarray(image.resize((image.width, min(image.height, 512)), Image.Resampling.NEAREST))
    differ = rows[:, 1:] != rows[:, :-1]
    if differ.ndim == 3:
        differ = differ.any(axis=2)
    if differ.mean() < DITHER_SHARE:  # flat areas: a drawing saved in a palette, not a dither
        return image
    if image.mode not in ("P", "PA") and image.getcolors(DITHER_COLOURS) is None:
        return image  # more colours than a few palettes hold: no palette scan (the count stops past them)
    a = np.asarray(image.convert("RGB")).astype(np.int32)
    h, w = a.shape[:2]
    most = DITHER_STEP ** 2
    pad = np.pad(a, ((1, 1), (1, 1), (0, 0)), mode="edge")
    total = np.zeros_like(a)
    count = np.zeros((h, w, 1), np.int32)
    for dy in range(3):
        for dx in range(3):
            b = pad[dy:dy + h, dx:dx + w]
            near = (((b - a) ** 2).sum(axis=2, keepdims=True) <= most)
            total += np.where(near, b, 0)
            count += near
    return Image.fromarray(((2 * total + count) // (2 * count)).astype(np.uint8), "RGB")


def _boxed(full: np.ndarray, f: int, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The RGB colours (uint8, ``xs.shape + (3,)``) of samples at ``xs``, ``ys`` on the scale of ``f``-pixel blocks
    (block j's middle at pixel f j + (f - 1) / 2 of ``full``, the image's (h, w, 3) pixels): each the mean of the
    ``f`` x ``f`` pixels about the sample, wherever it falls (on a block of the lattice: that block's mean, as a
    reduction by ``f`` reads it), clipped to the image."""
    h, w = full.shape[:2]
    x0 = np.clip(np.rint(f * xs).astype(np.intp), 0, max(0, w - f))
    y0 = np.clip(np.rint(f * ys).astype(np.intp), 0, max(0, h - f))
    if f == 1:
        return full[y0, x0]
    acc = np.zeros((*xs.shape, full.shape[2]), np.uint32)  # f x f bytes: past uint16 from f = 17 (a 460 px hex)
    for dy in range(min(f, h)):
        for dx in range(min(f, w)):
            acc += full[y0 + dy, x0 + dx]
    n = min(f, h) * min(f, w)
    return ((acc + n // 2) // n).astype(np.uint8)


def _side_ends(lay: Layout, sides: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Pixel end points of hexsides (vectorised): a side a|b with b = a + dir[i] runs between the
    corners a + (dir[i] + dir[i-1])/3 and a + (dir[i] + dir[i+1])/3."""
    dirs = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    index = {d: i for i, d in enumerate(dirs)}
    darr = np.array(dirs, dtype=np.float64)
    a = np.array([(sd.a.q, sd.a.r) for sd in sides], dtype=np.float64).reshape(-1, 2)
    i = np.array([index[(sd.b.q - sd.a.q, sd.b.r - sd.a.r)] for sd in sides], dtype=np.intp)
    e1 = a + (darr[i] + darr[(i - 1) % 6]) / 3
    e2 = a + (darr[i] + darr[(i + 1) % 6]) / 3
    m = np.array(lay.matrix)
    return e1 @ m[:, :2].T + m[:, 2], e2 @ m[:, :2].T + m[:, 2]


def _band_points(p0: np.ndarray, vec: np.ndarray, nrm: np.ndarray, ta: np.ndarray, off: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The x and y (sides, positions, offsets) of band samples of the sides whose end ``p0``, vector ``vec`` and unit
    normal ``nrm`` are given: at ``ta`` of the side's length, ``off`` px off it (broadcast to that shape)."""
    xs = p0[:, None, None, 0] + vec[:, None, None, 0] * ta[None, :, None] + nrm[:, None, None, 0] * off
    ys = p0[:, None, None, 1] + vec[:, None, None, 1] * ta[None, :, None] + nrm[:, None, None, 1] * off
    return xs, ys


def _sampled(sample: Any, tab: np.ndarray, p0: np.ndarray, vec: np.ndarray, nrm: np.ndarray, ta: np.ndarray,
             off: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """The L*, a*, b* planes and on-image flags of band samples (rows, positions, offsets) of the sides whose end
    ``p0``, vector ``vec`` and unit normal ``nrm`` are given: at ``ta`` of the side's length, ``off`` px off it
    (``off`` broadcast to (rows, positions, offsets)), read by ``sample(xs, ys)`` (colours, on-image flags)."""
    px, onimg = sample(*_band_points(p0, vec, nrm, ta, off))
    code = rgb_codes(px)
    return (tab[0][code], tab[1][code], tab[2][code]), onimg


def _beside(sample: Any, tab: np.ndarray, p0: np.ndarray, vec: np.ndarray, nrm: np.ndarray, length: np.ndarray,
            ta: np.ndarray, hw: int, wp: int, colour: np.ndarray, rivals: Sequence[np.ndarray], tol: float,
            width: int, thr: float, dist: np.ndarray, lab: tuple[np.ndarray, np.ndarray, np.ndarray],
            onimg: np.ndarray, off: np.ndarray, step: float, yes: Sequence[int],
            edged: Sequence[tuple[np.ndarray, float, int]] = (),
            ) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray, np.ndarray]:
    """An 'along' line drawn beside its side: (dist, lab, onimg, reach), the first three with the band of such
    sides re-centred on the line, ``reach`` the distances :func:`_no_spurs` reads the line's reach in.

    A printed river or canal may run beside the hexside it marks, not on it (GMT France '40 draws its canals 0.1-0.2
    hex off the sides and aslant): the side's band (half-width ``hw``) then holds the line's edge or nothing. Each
    side is read in a band ``wp`` wider either way, only where a sample is nearer that side than any other side of
    its two hexes (the rhombus of the two centres and the side's ends: at position t along the side, up to
    sqrt(3)/2 of its length times 1 - |2t - 1| off it). Where the line's colour shows there (``width`` samples within
    ``tol``, nearer it than the ``rivals``' colours) at ``thr`` of the positions or more, its place across the band
    at each position (the mean offset of its samples) is fitted by a straight line (twice, the second time without
    the positions more than ``COURSE`` of a half-band off the first). The line runs along the side when it shows on
    that straight course at ``thr`` of the positions (not scattered: a forest edge's highlights in a wall's ochre),
    the course is about parallel to the side (its distance from the side changes by at most ``PARALLEL`` of the
    side's length: a line crossing the side aslant crosses it, it does not mark it), and, in the band sampled again
    centred on that course (the shift at most ``wp``), the line is wider than where it is found on its sides, under
    the hex line printed over it (the median count of samples across within ``tol``, at least ``AS_WIDE`` times the
    median over the sides the band finds, or the marked ones among them: a thinner line of the colour -
    Bastogne's "Run (in hex)" beside its streams, lettering - is another line) and shows its own colour (a sample
    within ``CORE`` of ``tol``) at ``thr`` of the positions (art whose tints come within the tolerance is not the
    line). The re-centred band then
    replaces the side's band where that scores higher (:func:`_score`) and the band did not reach ``thr``: every
    later test of an 'along' line reads the line as if it were on the side, and a side its band finds is read as
    before (the sides an art's colour crosses, WIDER, the colour mix, stay tested on their own band). Where the
    line runs so beside a side its band finds, its reach to the side's ends (:func:`_no_spurs`) is read along the
    line: a canal beside two sides meeting at a vertex where a third joins turns off a few pixels short of the
    side's far end, not half-way. ``off``: sides where the feature is not looked for (both hexes water, a coast).
    ``edged``: (colour, tolerance, width) of each line this one is a lighter version of (band notes 6): in the
    re-centred band too, a sample next to that line's (as wide as its width, its colour the nearest) is not this
    line's."""
    n, na = dist.shape[:2]

    found = _score(dist, tol, width, "along", step) >= thr
    learn = [k for k in yes if found[k]] or np.nonzero(found)[0].tolist()
    if not learn:
        return dist, lab, onimg, dist  # the line is found on no side: nothing tells its width
    typical = float(np.median(_across(dist[learn], tol)))
    ow = np.arange(-hw - wp, hw + wp + 1, dtype=np.float64)
    zone = (math.sqrt(3.0) / 2) * length[:, 0:1] * (1 - np.abs(2 * ta - 1))[None, :]  # (sides, positions)
    shift = np.zeros((n, na), dtype=np.float64)
    cand = np.zeros(n, dtype=bool)
    # Delta E to the line's colour of every colour code (:func:`rgb_codes`), infinite where another line's colour
    # is nearer: one look-up per sample of the wide band
    codes = _dist((tab[0], tab[1], tab[2]), np.ones(tab.shape[1], dtype=bool), colour)
    for r in rivals:
        codes[codes > _dist((tab[0], tab[1], tab[2]), np.ones(tab.shape[1], dtype=bool), r)] = np.inf
    for c0 in range(0, n, CHUNK):
        rows = slice(c0, min(n, c0 + CHUNK))
        px, won = sample(*_band_points(p0[rows], vec[rows], nrm[rows], ta, ow))
        d = codes[rgb_codes(px)]
        hit = (d < tol) & won & (np.abs(ow)[None, None, :] <= zone[rows][:, :, None])
        cnt = hit.sum(axis=2)
        has = (cnt >= width) & ~off[rows, None]
        share = has.mean(axis=1)
        m = np.where(has, (hit * ow[None, None, :]).sum(axis=2) / np.maximum(cnt, 1), 0.0)
        w = has.astype(np.float64)
        for _ in range(2):
            sw = np.maximum(w.sum(axis=1, keepdims=True), 1e-9)
            tm = (w * ta[None, :]).sum(axis=1, keepdims=True) / sw
            mm = (w * m).sum(axis=1, keepdims=True) / sw
            var = (w * (ta[None, :] - tm) ** 2).sum(axis=1, keepdims=True)
            b = (w * (ta[None, :] - tm) * (m - mm)).sum(axis=1, keepdims=True) / np.maximum(var, 1e-9)
            fit = mm + b * (ta[None, :] - tm)
            w = w * (np.abs(m - fit) <= COURSE * hw)
        shift[rows] = np.clip(np.rint(fit), -wp, wp)
        parallel = np.abs(b[:, 0]) <= PARALLEL * length[rows, 0]
        kept = w.mean(axis=1)  # the positions where it shows on that straight course
        cand[rows] = (share >= thr) & (kept >= thr) & parallel & np.any(shift[rows] != 0, axis=1)
    rows_c = np.nonzero(cand)[0]
    if not rows_c.size:
        return dist, lab, onimg, dist
    oa = np.arange(-hw, hw + 1, dtype=np.float64)
    slab, son = _sampled(sample, tab, p0[rows_c], vec[rows_c], nrm[rows_c], ta,
                         oa[None, None, :] + shift[rows_c][:, :, None])
    sd = _dist(slab, son, colour)
    raw = sd.copy()
    for r in rivals:
        sd[sd > _dist(slab, son, r)] = np.inf
    for oc, otol, owidth in edged:
        do = _dist(slab, son, oc)
        theirs = (do < otol) & (do <= raw)
        for r in rivals:
            if not np.array_equal(r, oc):
                theirs &= do <= _dist(slab, son, r)
        sd = _edge_runs(sd, _as_wide(theirs, owidth), tol)
    before = _score(dist[rows_c], tol, width, "along", step)
    good = _score(sd, tol, width, "along", step) > before
    good &= _across(sd, tol) >= AS_WIDE * typical  # (NaN: nowhere, never)
    good &= ((sd < CORE * tol).sum(axis=2) > 0).mean(axis=1) >= thr
    reach = dist.copy()
    reach[rows_c[good]] = sd[good]
    better = good & (before < thr)
    if not better.any():
        return dist, lab, onimg, reach
    take = rows_c[better]
    dist = dist.copy()
    dist[take] = sd[better]
    lab = (lab[0].copy(), lab[1].copy(), lab[2].copy())
    for p, q in zip(lab, slab):
        p[take] = q[better]
    onimg = onimg.copy()
    onimg[take] = son[better]
    return dist, lab, onimg, reach


def _ink_like(lab: Sequence[float]) -> bool:
    """A dark, nearly neutral colour (black railways, grey borders): it looks like the hex lines, so
    it is only learned from marked examples, never adapted on its own."""
    return lab[0] < 45 and math.hypot(lab[1], lab[2]) < 20


# lightest L* of a line taken as black ink (printed black, anti-aliased and scanned: L* 0-25); a darker
# grey than that, printed as a tint of its own (GMT Red Winter's primary road, L* 41), is a colour
BLACK_INK_L = 30.0


def _black_ink(lab: Sequence[float]) -> bool:
    """A line in the black ink of the hex lines and names: traced by shape (lines.ink_crossings); a neutral grey
    lighter than ``BLACK_INK_L`` is traced as a coloured line (lines.crossings) with its own colour."""
    return _ink_like(lab) and lab[0] < BLACK_INK_L


def _dist(lab: tuple[np.ndarray, np.ndarray, np.ndarray], onimg: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Delta E of every band sample (side, along, across) to ``colour``, from the L*, a*, b* planes;
    off-image samples infinite."""
    d = np.square(lab[0] - colour[0])
    d += np.square(lab[1] - colour[1])
    d += np.square(lab[2] - colour[2])
    np.sqrt(d, out=d)
    d[~onimg] = np.inf
    return d


def _transmittance(colour: np.ndarray, grounds: np.ndarray, yes: Sequence[int]) -> np.ndarray | None:
    """(band notes 5) The transmittance (linear light, per channel, 0..1) of a transparent ink whose colour over the
    marked sides ``yes`` is ``colour``: each channel the colour's over their ground's - the median of their hexes'
    ground colours (``grounds`` (side, 2, L*a*b*), NaN where unknown); None where that ground is unknown, or no paper
    (:func:`_paper`)."""
    marked = grounds[list(yes)].reshape(-1, 3)
    marked = marked[np.isfinite(marked).all(axis=1)]
    if not marked.size:
        return None
    ground = np.median(marked, axis=0)
    if not _paper(ground[None, :], colour, float(ground[0]))[0]:
        return None
    if _luminance(colour) < OVER_PASSES * _luminance(ground):
        return None  # an ink passing under OVER_PASSES of the paper's light: a thick paint, its own colour anywhere
    transmit = (srgb_to_linear(lab_to_rgb(np.asarray(colour, np.float64)))
                / np.maximum(srgb_to_linear(lab_to_rgb(ground)), 1e-6))
    if transmit.max() > 1.0:
        return None  # lighter than its paper in a channel: no transparent ink over it (an opaque paint's)
    return np.asarray(transmit)


def _opaque(colour: np.ndarray, grounds: np.ndarray, yes: Sequence[int],
            shown: Sequence[np.ndarray | None]) -> bool:
    """(band notes 5) Whether the marked sides show the line an opaque paint: a marked side both of whose hexes lie on
    one paper darker than the marks' ground (:func:`_marks_level`), over which a transparent ink would change its
    colour by ``OVER_SHOWN`` or more, shows the line's colour there (``shown``, each marked side's own) nearer the
    colour learned than that predicted (Guns of the Americas' flat grey-blue river, marked over cream and over light
    tan, the same grey-blue over both)."""
    transmit = _transmittance(colour, grounds, yes)
    if transmit is None:
        return False
    level = _marks_level(grounds, yes)
    for k, seen in zip(yes, shown):
        a, b = grounds[k]
        if seen is None or not (np.isfinite(a).all() and np.allclose(a, b)) or a[0] >= level:
            continue
        printed = _printed_over(transmit, a[None, :], colour, level, np.zeros((0, 3)), 0.0)[0]
        if not np.isfinite(printed).all() or float(np.linalg.norm(printed - colour)) < OVER_SHOWN:
            continue
        if float(np.linalg.norm(seen - colour)) <= float(np.linalg.norm(seen - printed)):
            return True
    return False


def _luminance(lab: np.ndarray) -> float:
    """CIE Y (0..1) of an L*a*b* colour."""
    fy = (float(lab[0]) + 16) / 116
    return fy ** 3 if fy ** 3 > 216 / 24389 else (116 * fy - 16) / (24389 / 27)


def _paper(grounds: np.ndarray, colour: np.ndarray, marked: float) -> np.ndarray:
    """(band notes 5) Which ``grounds`` (L*a*b*, NaN where unknown) a transparent ink of ``colour`` is read over: a
    paper's wash (L* ``OVER_PAPER`` or more: not a blob's or a relief's mean), ``OVER_LIGHTER`` lighter than the line
    at least, and no lighter than ``marked`` (the marked sides' ground's L*: over a lighter paper the ink's
    transmittance, learned on a darker one, would be guessed beyond what it showed)."""
    with np.errstate(invalid="ignore"):
        return np.asarray(np.isfinite(grounds).all(axis=1) & (grounds[:, 0] >= OVER_PAPER)
                          & (grounds[:, 0] >= colour[0] + OVER_LIGHTER) & (grounds[:, 0] <= marked + 1e-6))


def _printed_over(transmit: np.ndarray, grounds: np.ndarray, colour: np.ndarray, marked: float,
                  others: np.ndarray, tol: float) -> np.ndarray:
    """(band notes 5) The colour (L*a*b*) an ink of ``transmit`` takes over each of ``grounds`` (M, 3): in linear
    light each channel the ground's times the ink's transmittance; NaN where the ground is no paper for it
    (:func:`_paper`), and where that colour lies within ``tol`` (the line's tolerance) of another line drawn on the
    sides (``others`` (K, 3)): the two could not be told apart over that paper (Guns of the Americas' grey-blue river
    over its tan paper is its grey-olive ridges' colour)."""
    out = np.full(grounds.shape, np.nan)
    ok = _paper(grounds, colour, marked)
    if ok.any():
        out[ok] = rgb_to_lab(linear_to_srgb(transmit[None, :] * srgb_to_linear(lab_to_rgb(grounds[ok]))))
    if len(others):
        with np.errstate(invalid="ignore"):
            near = np.sqrt(np.square(out[:, None, :] - others[None, :, :]).sum(axis=2)).min(axis=1) < tol
        out[near] = np.nan
    return out


def _marks_level(grounds: np.ndarray, yes: Sequence[int]) -> float:
    """(band notes 5) The L* of the marked sides' ground (the median of their hexes' ground colours)."""
    marked = grounds[list(yes)].reshape(-1, 3)
    return float(np.median(marked[np.isfinite(marked).all(axis=1)], axis=0)[0])


def _over_dist(lab: tuple[np.ndarray, np.ndarray, np.ndarray], printed: np.ndarray,
               terrains: np.ndarray) -> np.ndarray:
    """Delta E of samples (rows of ``lab``'s planes: (M, ...)) to each row's colour ``printed`` (M, 3); infinite
    where that is NaN, and where a land terrain's colour (``terrains`` (K, 3)) lies as near the sample or nearer (an
    ink over a yellow paper darkens toward the green a woods' trees are painted in: such a sample is the woods')."""
    shape = (-1,) + (1,) * (lab[0].ndim - 1)
    d = np.zeros(lab[0].shape, np.float32)
    for c in range(3):
        d += np.square(lab[c] - printed[:, c].astype(np.float32).reshape(shape))
    np.sqrt(d, out=d)
    for t in terrains.astype(np.float32):
        dt = np.square(lab[0] - t[0])
        dt += np.square(lab[1] - t[1])
        dt += np.square(lab[2] - t[2])
        np.sqrt(dt, out=dt)
        d[dt <= d] = np.inf
    d[~np.isfinite(printed).all(axis=1)] = np.inf
    return d


def _over_grounds(lab: tuple[np.ndarray, np.ndarray, np.ndarray], onimg: np.ndarray, colour: np.ndarray,
                  grounds: np.ndarray, transmit: np.ndarray, level: float, terrains: np.ndarray, others: np.ndarray,
                  tol: float) -> np.ndarray:
    """(band notes 5) Delta E of every band sample to the line's colour as printed by an ink of ``transmit``
    (:func:`_transmittance`; ``level``: the marks' ground's L*, :func:`_marks_level`) over its side's two grounds (the
    nearer; infinite where neither is a paper for it, :func:`_paper`, or another line drawn on the sides of
    ``others`` lies within ``tol`` of it, :func:`_printed_over`)."""
    out = np.minimum(_over_dist(lab, _printed_over(transmit, grounds[:, 0], colour, level, others, tol), terrains),
                     _over_dist(lab, _printed_over(transmit, grounds[:, 1], colour, level, others, tol), terrains))
    out[~onimg] = np.inf
    return out


def _side_index(grid: Grid, index: Mapping[str, int], key: str, feat: str) -> int:
    try:
        a, b = key.split("/")
        k2 = grid.side_key(a.strip(), b.strip())
    except (ValueError, GridError) as exc:
        why = exc if isinstance(exc, GridError) else "not a hexside a/b"
        raise InputError(f"feature {feat!r} example {key!r}: {why}") from None
    if k2 not in index:
        raise InputError(f"feature {feat!r} example {key!r} is not a hexside of the map")
    return index[k2]


def _crossing(dist: np.ndarray, core: int, middle: np.ndarray, aslant: float | None = None) -> np.ndarray:
    """Delta E of a line *crossing* the side at each position along it, (sides, positions, 1): the
    worse of the best samples on either side of the band's middle (``core`` samples each way left
    out), at the ``middle`` positions only (elsewhere infinite). A line along the side - the printed
    hex line, in a dark ink like a railway's - is in the band's middle only, and the hex lines
    leaving the side's end vertices reach into both halves of the band only near its ends; a road or
    railway crossing the side shows on both sides of it. ``aslant``: a line crossing the side at a slant
    shows in the two halves at positions apart (MMP Bastogne's trails, crossing sides at 30-60 degrees: 24
    of its 480 trail links were missed); the halves up to ``core`` positions either side of a position
    count for it too (their midpoint is where the line crosses), a shift of twice ``core``, about the rows
    between the halves' nearest samples at 45 degrees. Scored beside the straight crossing, not instead
    (its runs along the side may be longer than a crossing's, near other marks of the colour)."""
    mid = dist.shape[2] // 2
    neg = _near(dist[:, :, : mid - core].min(axis=2))
    pos = _near(dist[:, :, mid + core + 1:].min(axis=2))
    out = np.maximum(neg, pos)
    if aslant is not None:
        centre = _near(dist[:, :, mid - core:mid + core + 1].min(axis=2)) < aslant
        for d in range(1, min(core, (out.shape[1] - 1) // 2) + 1):
            pair = np.minimum(np.maximum(neg[:, :-2 * d], pos[:, 2 * d:]), np.maximum(neg[:, 2 * d:], pos[:, :-2 * d]))
            out[:, d:-d] = np.minimum(out[:, d:-d], np.where(centre[:, d:-d], pair, np.inf))
    out[:, ~middle] = np.inf
    return out[:, :, None]


def _near(d: np.ndarray) -> np.ndarray:
    """The smallest of each position and its two neighbours along the side: the two halves of a
    thin (a pixel or two, once reduced) or slightly slanted crossing need not fall at one position."""
    out = d.copy()
    np.minimum(out[:, 1:], d[:, :-1], out=out[:, 1:])
    np.minimum(out[:, :-1], d[:, 1:], out=out[:, :-1])
    return out


def _along_only(score: np.ndarray, dist: np.ndarray, tol: float, inside: np.ndarray,
                side_hexes: np.ndarray, thr: float, yes: Sequence[int]) -> np.ndarray:
    """An 'along' score kept only where the line belongs to the side, not to its hexes: the band along
    the side must be at least ``CONTRAST`` times as full of the colour as the middle of one of the side's
    two hexes. A colour the hexes' own terrain is textured with (painted trees' highlights in a wall's
    ochre), or lettering running through the hexes (a blue name in a river's blue), fills their middles
    about as much as the band. And a side where the colour is more than ``WIDER`` times as wide across
    the band as the line's own width (the median over the marked examples, or over the sides found where
    that is wider; and ``WIDER_SLACK`` samples wider) is an area crossing the side (a wide wall's art where
    the sides leave its vertices), not the line."""
    fill = (dist < tol).mean(axis=(1, 2))
    own = np.minimum(inside[side_hexes[:, 0]], inside[side_hexes[:, 1]])
    score = np.where(fill >= CONTRAST * own, score, 0.0)
    # how wide the colour is across the band where it shows (median over the positions along the side)
    wide = np.zeros(len(score))
    some = np.nonzero(score > 0)[0]
    if some.size:
        wide[some] = _across(dist[some], tol)
    learn = [k for k in yes if score[k] >= thr] or np.nonzero(score >= thr)[0].tolist()
    if learn:
        # widths are counts of samples: a line's soft edges take one more or one fewer on each side with the
        # pixel phase, so a few examples can all read on the narrow side (Dynamo 2 rescaled x0.8: its three marked
        # river sides 1, 1 and 3 samples wide, and 58 of its 60 river sides cut as wider than twice 1): the line's
        # width is the examples' median or, where wider, the sides found's; and an area is WIDER_SLACK samples
        # wider too
        found = score >= thr
        typical = max(float(np.median(wide[learn])), float(np.median(wide[found])) if found.any() else 0.0)
        score = np.where((wide > WIDER * typical) & (wide > typical + WIDER_SLACK), 0.0, score)
    return score


def _across(d: np.ndarray, tol: float) -> np.ndarray:
    """Each side's width across its band: the median count of samples within ``tol`` over the positions where the
    colour shows (NaN where it shows nowhere)."""
    c = (d < tol).sum(axis=2).astype(np.float64)
    c[c == 0] = np.nan
    out = np.full(len(d), np.nan)
    some = ~np.isnan(c).all(axis=1)
    out[some] = np.nanmedian(c[some], axis=1)
    return out


def _mix(lab: tuple[np.ndarray, np.ndarray, np.ndarray], ok: np.ndarray) -> np.ndarray:
    """Colour mixes (:data:`MIX_EDGES`): rows of ``lab``'s planes (rows, ...) with ``ok`` samples, each a
    histogram summing to 1 (all zeros for a row with no sample)."""
    rows = ok.shape[0]
    cells = [len(e) - 1 for e in MIX_EDGES]
    idx = np.zeros(ok.shape, dtype=np.intp)
    for plane, edges, n in zip(lab, MIX_EDGES, cells):
        idx = idx * n + np.clip(np.searchsorted(edges, plane, side="right") - 1, 0, n - 1)
    total = int(np.prod(cells))
    flat = (idx + total * np.arange(rows).reshape((-1,) + (1,) * (ok.ndim - 1)))[ok]
    h = np.bincount(flat, minlength=rows * total).reshape(rows, total).astype(np.float64)
    return h / np.maximum(1.0, h.sum(axis=1, keepdims=True))


def _alike(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """How alike colour mixes are, row by row: the Bhattacharyya coefficient (1 the same mix, 0 no colour
    in common)."""
    return np.sqrt(a * b).sum(axis=-1)


def _unseen_grounds(ta: Sequence[str | None], tb: Sequence[str | None], yes: Sequence[int]) -> np.ndarray:
    """Each side whose two hexes' terrains (``ta``, ``tb``) are both known and one of them (or both) is no terrain of
    the marked sides' (``yes``) hexes: grounds the examples' colour mix was not learned on (:func:`_like_examples`).

    **band notes 9 (user47, session 47) - one unseen ground is enough.** Only sides with BOTH hexes off the marked
    sides' terrains were judged by how full of the line their band is; a side between a hex of the marks' terrain and
    one of another was judged by the examples' colour mix, and where the marked terrain is a painted area stopping
    short of the side (Paper Wars' *1942*: soft green rough areas not clipped to the hexes, the green border marked on
    three sides between rough hexes) its band holds the line and the other hex's ground only - more like that hex's
    middle than like the examples' line-and-rough mix - and was dropped: three rough/clear sides of the border's 20 in
    the region (16 -> 19 of 20, none false; a drawn board, tests/terrain/test_border_one_ground_unseen.py: 10 of 19
    sides -> 19). Such a side is now kept where its band passes the UNSEEN test (the caller's; or the mix, as before):
    a band as full of the line's colour in one hex's middle (an area of its colour reaching the side) still fails."""
    seen = {t for k in yes for t in (ta[k], tb[k])}
    return np.array([a is not None and b is not None and (a not in seen or b not in seen) for a, b in zip(ta, tb)],
                    dtype=bool)


def _like_examples(score: np.ndarray, lab: tuple[np.ndarray, np.ndarray, np.ndarray], onimg: np.ndarray,
                   clab: tuple[np.ndarray, np.ndarray, np.ndarray], cin: np.ndarray, side_hexes: np.ndarray,
                   yes: Sequence[int], unseen: np.ndarray | None = None) -> np.ndarray:
    """An 'along' feature printed as art (a stone wall: ochre stones, dark mortar, pale highlights) looks
    like its marked example sides as a whole, not only in the one colour its score counts. A side kept
    must have a band whose colour mix (:func:`_mix`) is more like the examples' (their mean) than like the
    mix of the middle of either of its own two hexes: what fills the band then belongs to the side, not to
    a hex's terrain or art reaching it. A clear hex beside painted trees whose highlights brush the
    feature's colour along the side has a band of the forest hex's colours; a building in one hex (a
    gatehouse) whose flat planes reach along its side has a band like that hex's middle. Used only when
    every example passes it with the mix learned from the others (leave-one-out); with a single example
    there is nothing to check it by, and it is not used. ``unseen``: the sides kept without it - on grounds the
    examples do not show (a hex of a terrain the marked sides' hexes do not hold, :func:`_unseen_grounds`) the band
    holds that other ground and is always more like its hexes' middles than like the examples' (SPI Atlantic Wall's
    river, marked between olive bocage hexes: every side of it between clear hexes or through the marsh, hatched in
    its own blue, was dropped - region 4's river 1 of 8); such a side is kept where its band is ``UNSEEN`` times as
    full of the colour as both hexes' middles (the caller's test), so that an area of the colour reaching the side
    from one hex (a hatched marsh's edge beside a clear hex), as full in that hex's middle, is still none."""
    ex = sorted(set(yes))
    if len(ex) < 2:
        return score
    some = np.nonzero(score > 0)[0]
    rows = np.union1d(some, ex)
    band = _mix((lab[0][rows], lab[1][rows], lab[2][rows]), onimg[rows])
    at = {int(k): j for j, k in enumerate(rows)}
    used, pair = np.unique(side_hexes[rows], return_inverse=True)  # only the hexes of these sides
    hexes = _mix((clab[0][used], clab[1][used], clab[2][used]), cin[used])
    pair = pair.reshape(-1, 2)
    to_own = np.maximum(_alike(band, hexes[pair[:, 0]]), _alike(band, hexes[pair[:, 1]]))
    ref = band[[at[k] for k in ex]]
    for j, k in enumerate(ex):  # leave-one-out: each example against the mix of the others
        if _alike(band[at[k]], np.delete(ref, j, axis=0).mean(axis=0)) <= to_own[at[k]]:
            return score
    keep = _alike(band, ref.mean(axis=0)) > to_own
    if unseen is not None:
        keep |= unseen[rows]
    out = score.copy()
    out[rows[~keep]] = 0.0
    return out


def _no_spurs(score: np.ndarray, dist: np.ndarray, tol: float, width: int, thr: float,
              vertex_ids: np.ndarray) -> np.ndarray:
    """Where three sides found meet at a vertex, one that does not reach its other end (no hit in the
    last ``SPUR_END`` of it) is a spur, dropped: the line passes the vertex along the two others, and a
    wide drawing of it (a wall's art) reaches part way along the third. Three lines meeting (rivers
    joining) each run the length of their sides; a line turning away mid-side meets no third side."""
    on = score >= thr
    if not on.any():
        return score
    hits = (dist < tol).sum(axis=2) >= width
    n = hits.shape[1]
    m = max(1, round(SPUR_END * n))
    reach = np.stack([hits[:, :m].any(axis=1), hits[:, n - m:].any(axis=1)], axis=1)  # near end 0, end 1
    count = np.bincount(vertex_ids[on].ravel(), minlength=int(vertex_ids.max()) + 1)
    three = count[vertex_ids] >= 3  # (sides, 2): a crowded vertex at that end
    spur = on & ((three[:, 0] & ~reach[:, 1]) | (three[:, 1] & ~reach[:, 0]))
    return np.where(spur, 0.0, score)


def _lone_strokes(score: np.ndarray, dist: np.ndarray, tol: float, width: int, thr: float,
                  vertex_ids: np.ndarray, ta: np.ndarray, core: int, yes: Sequence[int] = ()) -> np.ndarray:
    """A side found alone - no other side of the line meets it at either end - that its line crosses aslant is
    dropped: its place across the band (the mean offset of its samples within ``tol`` at each position where it
    shows), fitted by a straight course over those positions, lies beyond the hex line's zone (``core`` samples
    either way of the side's line) at the first and the last of them, on opposite sides. Such a line runs from one
    of the two hexes into the other, it does not part them. A river or stream marks a run of sides; a short stroke of
    its colour alone - MMP Bastogne's "Run (in hex)", the key's thinner light-blue line drawn inside hexes - crossing
    a side at a shallow angle fills half the band's positions and was read as a stream on 6 such sides (2 more lie
    along a side near the band's edge, as a wide river beside its side does: they stay). A river
    turning off at both ends of one side into the hexes beside it (The Longest Day's meanders: two lone true sides),
    or running along its side off its line (a wide river or creek of a painted scan), stays on one side of the line
    or on it. (Dropping every lone side lost those; the line's width does not tell a run from a stream: the hex line
    printed over a stream splits it.) ``dist``: the band as the later tests read it (re-centred on a line drawn
    beside its side, :func:`_beside`). ``yes``: the marked sides, which stay (the legend says the line is there)."""
    on = score >= thr
    if not on.any():
        return score
    count = np.bincount(vertex_ids[on].ravel(), minlength=int(vertex_ids.max()) + 1)
    lone = on & (count[vertex_ids] == 1).all(axis=1)
    lone[list(yes)] = False
    across = np.arange(dist.shape[2], dtype=np.float64) - dist.shape[2] // 2
    score = score.copy()
    for k in np.nonzero(lone)[0].tolist():
        near = dist[k] < tol
        shows = near.sum(axis=1) >= width
        if shows.sum() < 2:
            continue
        t = ta[shows]
        place = (near[shows] * across[None, :]).sum(axis=1) / near[shows].sum(axis=1)
        slope, at0 = np.polyfit(t, place, 1)
        first, last = at0 + slope * t[0], at0 + slope * t[-1]
        if min(abs(first), abs(last)) > core and first * last < 0:
            score[k] = 0.0
    return score


def _score(dist: np.ndarray, tol: float, width: int, kind: str, step: float,
           sure: float | None = None) -> np.ndarray:
    """Per-side score. A position along a side is hit when at least ``width`` samples across the band
    are within ``tol``. ``along``: share of positions hit; ``across``: longest run of consecutive
    hit positions, in hex sizes, among runs no longer than ``MAX_CROSSING`` (a longer run is an area
    of that colour, or a line along the side, not a line crossing it); with ``sure``, only runs with
    a position hit within that stricter tolerance count."""
    hits = (dist < tol).sum(axis=2) >= width
    if kind == "along":
        return hits.mean(axis=1)
    cap = max(1, round(MAX_CROSSING / step))
    run = np.zeros(hits.shape[0], dtype=np.int32)
    best = np.zeros(hits.shape[0], dtype=np.int32)
    strong = None if sure is None else np.pad((dist < sure).sum(axis=2) >= width, ((0, 0), (0, 1)))
    held = np.zeros(hits.shape[0], dtype=bool)
    for j in range(hits.shape[1] + 1):
        more = hits[:, j] if j < hits.shape[1] else np.zeros(hits.shape[0], dtype=bool)
        ended = ~more & (run <= cap)
        if strong is not None:
            ended &= held
            held = more & (held | strong[:, j])
        best = np.where(ended, np.maximum(best, run), best)
        run = np.where(more, run + 1, 0)
    return best * step


_FAR = 1e9  # a Delta E no colour is: _learn's stand-in for a sample no nearer this line than another's


def _learn(feat: FeatureClass, dist: np.ndarray, yes: list[int], no: list[int], step: float,
           ) -> tuple[float, int, float]:
    """(tolerance, width, threshold) for a feature. Given values win. From marked ``yes`` sides: the
    tolerance that takes in most of their best samples, and the line width (samples across) they
    show at it, so thinner lines of a similar colour (hex lines over water) are not taken for the
    feature; with ``no`` sides too (not for a traced line: its crossings are read whole), the threshold half-way
    between the two. Otherwise defaults."""
    default_thr = _ALONG_THRESHOLD if feat.kind == "along" else _ACROSS_THRESHOLD
    tol = feat.tolerance if feat.tolerance is not None else _DEFAULT_TOLERANCE
    thr = feat.threshold if feat.threshold is not None else default_thr
    width = 1
    if not yes:
        return tol, width, thr
    best = dist[yes].min(axis=2)  # (sides, positions)
    # a sample nearer another feature's colour is inf (the caller's); numpy's percentile interpolates two of them
    # to NaN (inf - inf), and a NaN tolerance reads nothing and is written to the map's meta: a large finite
    # distance stands for them instead, so where the marked sides show none of the line's colour (marked off its
    # band: the run warns that none of them is found) the tolerance is the widest, as where some of them do not
    best = np.where(np.isfinite(best), best, _FAR)
    if feat.tolerance is None:
        if feat.kind == "along":
            tol = float(np.clip(np.percentile(best, 90) * 1.5, 12.0, 40.0))
        else:
            tol = float(np.clip(np.median(np.sort(best, axis=1)[:, 1]) * 2.0, 20.0, 40.0))
    if feat.kind == "along":
        widths = (dist[yes] < tol).sum(axis=2)
        width = max(1, round(float(np.median(widths[widths > 0])) * 0.6)) if (widths > 0).any() else 1
    if no and feat.threshold is None and not (feat.trace and feat.kind == "across"):
        # (a traced line is not: its crossings are whole lines, score 1 or 0, told from another line by their widths
        # (_told_apart); a tolerance searched to part a few marked sides' band samples, taken at one reduction phase,
        # flips with a pixel's shift of the scan (GMT Red Winter's main road: 6 or 20), and so does all it reads)
        margin, lo, hi = _margin(dist, yes, no, tol, width, feat.kind, step)
        if margin <= 0:
            # the marked sides are not told apart this way (e.g. coast lines drawn like rivers):
            # search tolerance and width for the pair that separates them best
            tols = [tol] if feat.tolerance is not None else [float(t) for t in np.arange(6.0, 40.1, 2.0)]
            widths = [1, 2, 3, 4] if feat.kind == "along" else [1]
            best = max(((_margin(dist, yes, no, t, w, feat.kind, step), t, w) for t in tols for w in widths),
                       key=lambda c: c[0][0])
            if best[0][0] > 0:
                (margin, lo, hi), tol, width = best
        if margin > 0:
            thr = (lo + hi) / 2
    return tol, width, thr


def _margin(dist: np.ndarray, yes: list[int], no: list[int], tol: float, width: int, kind: str,
            step: float) -> tuple[float, float, float]:
    """(margin, highest 'no' score, robust lowest 'yes' score) of the marked sides. A marked side where
    the feature hardly shows (under a symbol, off the image) should not drag the threshold down: up
    to a fifth of the 'yes' sides may fall below it."""
    sy = np.sort(_score(dist[yes], tol, width, kind, step))
    lo = float(_score(dist[no], tol, width, kind, step).max())
    hi = float(sy[len(sy) // 5]) if len(sy) >= 5 else float(sy[0])
    return hi - lo, lo, hi



def _line_width(dist: np.ndarray, yes: Sequence[int], tol: float) -> float:
    """An 'along' line's width at its marked sides: the median count of band samples across within ``tol``."""
    across = (dist[yes] < tol).sum(axis=2)
    return float(np.median(across[across > 0])) if (across > 0).any() else 1.0


def _segment_crossings(score: np.ndarray, sample: Any, tab: np.ndarray, centres: np.ndarray,
                       side_hexes: np.ndarray, no: Sequence[int], colour: np.ndarray, rivals: Sequence[np.ndarray],
                       tol: float, width: float, thr: float, s: float, off: np.ndarray) -> np.ndarray:
    """An 'along' line that parts two hexes away from their side: the side's score raised to ``thr``.

    A river or creek side is the pair of hexes the line separates: it crosses the segment joining their centres (the
    rule the labelled truths state; for a line printed on the side, that side). A painted map's creeks and rivers
    wind off the sides, through the hexes they part (Roads to Gettysburg's creeks cross the segment 0.3-0.4 of the way
    along it, Stonewall Jackson's Way's Goose Creek at its fords): the side's band (0.15 hex either way) holds the
    line along too few of its positions. Read for a side not found, not marked ``no``, not ``off`` (water on both
    sides, a coast; and, by the caller, a side one of whose hexes holds over ``SEGMENT_MIDDLE`` of the colour in its
    middle: the colour printed there otherwise - SPI Ragnarok's city wall, whose art fills the hexes it rings, crossed
    their centres' segments all round the city), sharing a hex with a side the line is found on (it runs on from
    there), whose centres' segment, outside ``SEGMENT_END`` of it at each centre,
    holds a run of the line's colour (within ``tol``, nearer it than ``rivals``) at most ``SEGMENT_RUN`` times its
    ``width`` long (the line crosses it, not runs along it from one centre to the other), where the line goes through:
    its samples connected to the run's middle (8-neighbours, gaps of a sample bridged: the hex lines printed over it)
    leave the disc of ``SEGMENT_REACH`` hex about it at two places (separate arcs of its rim, each at its mean
    heading) at least ``SEGMENT_TURN`` apart round it. A
    name or a blot of its colour stops inside the disc; a line ending inside the hex leaves it once. In place of
    ``score`` a new array; ``centres`` the hexes' centres and ``s`` the hex size, on the bands' scale."""

    def line(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        px, on = sample(xs, ys)
        code = rgb_codes(px)
        lab = (tab[0][code], tab[1][code], tab[2][code])
        d = _dist(lab, on, colour)
        ok = d < tol
        for r in rivals:
            ok &= d <= _dist(lab, on, r)
        return ok

    found = score >= thr
    held = np.zeros(len(centres), dtype=bool)
    held[side_hexes[found].ravel()] = True
    ask = ~found & ~off & (held[side_hexes[:, 0]] | held[side_hexes[:, 1]])
    ask[list(no)] = False
    cand = np.nonzero(ask)[0]
    out = score.copy()
    if not cand.size:
        return out
    ca, cb = centres[side_hexes[cand, 0]], centres[side_hexes[cand, 1]]
    n = math.ceil(float(np.linalg.norm(cb - ca, axis=1).max())) + 1  # a sample a block at most
    t = np.linspace(0.0, 1.0, n)
    xs = ca[:, None, 0] + (cb - ca)[:, None, 0] * t[None, :]
    ys = ca[:, None, 1] + (cb - ca)[:, None, 1] * t[None, :]
    on_segment = line(xs, ys)
    rad = max(3, round(SEGMENT_REACH * s))
    gy, gx = np.mgrid[-rad:rad + 1, -rad:rad + 1]
    rr = np.hypot(gx, gy)
    disc, rim = rr <= rad, rr >= rad - 1.5
    angle = np.arctan2(gy, gx)
    for j, k in enumerate(cand):
        row = on_segment[j]
        if not row.any():
            continue
        edges = np.flatnonzero(np.diff(np.concatenate([[0], row.astype(np.int8), [0]])))
        for a, b in zip(edges[::2], edges[1::2]):
            m = (a + b - 1) // 2
            if not SEGMENT_END <= t[m] <= 1 - SEGMENT_END or b - a > SEGMENT_RUN * width:
                continue
            w = line(xs[j, m] + gx, ys[j, m] + gy)
            bridged = w.copy()
            bridged[1:] |= w[:-1]
            bridged[:-1] |= w[1:]
            bridged[:, 1:] |= w[:, :-1]
            bridged[:, :-1] |= w[:, 1:]
            bridged &= disc
            comp = np.zeros_like(bridged)
            comp[rad, rad] = True
            for _ in range(4 * rad):
                wide = _dilate(comp) & bridged  # 8-neighbours
                if (wide == comp).all():
                    break
                comp = wide
            # the places it leaves the disc: the separate arcs of the rim it meets (review35 C8: two rim pixels
            # 90 degrees apart were also one blot or water edge meeting the rim along one arc of 90 degrees or
            # more), each at its pixels' mean heading
            arcs, n = components(comp & rim)
            if n < 2:
                continue
            turn = np.exp(1j * angle)
            leaves = np.angle(np.array([turn[arcs == i].mean() for i in range(1, n + 1)]))
            apart = np.abs(leaves[:, None] - leaves[None, :])
            if float(np.degrees(np.minimum(apart, 2 * np.pi - apart).max())) >= SEGMENT_TURN:
                out[k] = max(out[k], thr)
                break
    return out
