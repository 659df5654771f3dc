"""Two terrains printed in nearly one colour, one patterned and one flat, told apart by their pattern (issue 14).

A printed map often separates two terrains by pattern, not colour: woods drawn as leaves or checks over a tint
beside plain fields of the tint the leaves average to, hills as hachures beside a flat tint. The colour reading
(extract.py, steps 2-3) averages the pattern away, so one class takes the other's blocks. Only then, and only as
far as the legend's own example hexes show it, the pattern decides:

1. **Confused pair** (by colour, on the examples: costs nothing when there is none). A class ``b`` whose example
   blocks are read by colour as another class ``a`` - ``CONFUSED`` of them or more - is confused with ``a``.
2. **Pattern** (:func:`edge_density`; computed for the example hexes only, and for the whole image only once a
   pair is told apart): the mean difference in luma between non-ink pixels ``STEP`` of the hex size apart, over a
   colour block's window (the colour mean's) - high in a pattern of small light and dark marks (leaves, checks,
   hachures), low in a flat tint, where a lone edge (a patch's boundary, an outline's rim) adds only its length.
   Pixels a few apart, not neighbours: a softer part of the scan blurs neighbouring pixels together, not the two
   sides of a leaf.
3. **Told apart** (learned from the examples): over the example blocks read as ``a``, those of ``a`` and those of
   ``b``, a threshold halfway between their median patterns on a log scale (a paler or blurred print scales the
   pattern; a flat tint counts as ``FLOOR`` at least). The pair is told apart when that threshold misreads at most
   ``MISREAD`` of each; else (art on open ground as patterned as the woods, factories as a field patchwork)
   nothing changes.
4. **Read** (in place, before the hexes are counted): a block read as ``a`` whose pattern lies on ``b``'s side of
   the threshold is ``b``. With several such ``b`` for one ``a``, the best told apart decides first; a block moves
   once.

A board whose example hexes are each read as their own class (the synthetic scans) stops at step 1; one whose
confused examples do not differ so in pattern (The Longest Day's clear hexes with a forest symbol read as forest)
measures the pattern of its example hexes only, and reads every block as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from .extract_raster import _blocks, _box, _luma_cut, _median, _rank, _smooth_radius

__all__ = ["HexPair", "Told", "confused_pairs", "edge_density", "hex_pair_past", "hex_textures", "inner_blocks",
           "learn_hex_pair", "learn_pairs", "learn_speckled", "own_specks", "read_hex_pair", "read_pairs",
           "read_speckled", "speckled_beyond"]

CONFUSED = 0.1  # a class's example blocks read by colour as another class: this share of them or more
STEP = 1 / 16  # the pattern compares pixels this share of the hex size apart (a blurred scan softens
# neighbouring pixels' differences, not those across a leaf or a check)
MISREAD = 0.15  # a pattern threshold tells two classes apart when it misreads at most this share of each
FLOOR = 1.0  # luma levels: a flat tint's pattern is taken as at least this (no finer difference is measured)


@dataclass(frozen=True)
class Told:
    """A confused pair told apart by pattern: blocks read as class ``a`` whose pattern is below ``threshold``
    (``below``; else at or above it) are class ``b``; ``misread``: the examples' shares it misreads (a's, b's)."""

    a: int
    b: int
    threshold: float
    below: bool
    misread: tuple[float, float]


def confused_pairs(cls: np.ndarray, examples: Mapping[int, np.ndarray], k: int) -> list[tuple[int, int]]:
    """``(a, b)``: class ``b``'s example blocks (``examples``: class -> indices of the blocks inside its example
    hexes) read as class ``a`` (``cls``: every block's class by colour; ``k``: unknown) - ``CONFUSED`` or more of
    them - when ``a`` has examples of its own."""
    out = []
    for b, at in examples.items():
        if not len(at):
            continue
        n = np.bincount(cls[at], minlength=k + 1)
        out += [(a, b) for a in range(k) if a != b and a in examples and n[a] >= CONFUSED * len(at)]
    return out


def edge_density(im: Image.Image, size: float, shape: tuple[int, int], ink_lightness: float,
                 window: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """(h, w) float32 for the colour blocks of ``shape`` (extract_raster._feature_image's, hexes of ``size`` px),
    or for its rows ``r0:r1`` and columns ``c0:c1`` (``window``, the same values): the mean absolute luma
    difference (0-255) between pixels ``STEP`` of the hex size apart, across and down, both lighter than the ink,
    over each block's window (the colour mean's); NaN where the window holds no such pair."""
    pre, f2, f = _blocks(size)
    h, w = shape
    r0, r1, c0, c1 = window or (0, h, 0, w)
    r = _smooth_radius(size, f)
    step = max(1, round(STEP * size / pre))
    m = r + 1 + -(-step // f2)  # blocks read around the window: its blocks' windows, and the pairs reaching them
    b0, b1, a0, a1 = max(0, r0 - m), min(h, r1 + m), max(0, c0 - m), min(w, c1 + m)
    box = (a0 * f2 * pre, b0 * f2 * pre, min(im.width, a1 * f2 * pre), min(im.height, b1 * f2 * pre))
    if box[2] <= box[0] or box[3] <= box[1]:
        return np.full((r1 - r0, c1 - c0), np.nan, np.float32)
    part = im.reduce(pre, box=box) if pre > 1 else im.crop(box)
    luma = np.asarray(part.convert("L"), dtype=np.int16)
    hh, ww = luma.shape
    keep = luma >= _luma_cut(ink_lightness)
    diff = np.zeros(((b1 - b0) * f2, (a1 - a0) * f2), np.float32)
    pairs = np.zeros_like(diff)
    for dy, dx in ((0, step), (step, 0)):  # each pixel and the one ``step`` across, then down
        if dy >= hh or dx >= ww:
            continue
        both = keep[dy:, dx:] & keep[:hh - dy, :ww - dx]
        diff[:hh - dy, :ww - dx] += np.abs(luma[dy:, dx:] - luma[:hh - dy, :ww - dx]) * both
        pairs[:hh - dy, :ww - dx] += both
    bh, bw = b1 - b0, a1 - a0
    s = _box(diff.reshape(bh, f2, bw, f2).sum(axis=(1, 3)), r)
    n = _box(pairs.reshape(bh, f2, bw, f2).sum(axis=(1, 3)), r)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = s / n
    return out[r0 - b0:r1 - b0, c0 - a0:c1 - a0]


def _reach(size: float) -> int:
    """How many blocks from a block the pixels its pattern compares lie, at most: its window's radius, and the
    step."""
    pre, f2, f = _blocks(size)
    return _smooth_radius(size, f) + -(-max(1, round(STEP * size / pre)) // f2)


def inner_blocks(cls: np.ndarray, size: float) -> np.ndarray:
    """The blocks (``cls``: (h, w) classes by colour) whose pattern reads only blocks of their own class: every
    block within :func:`_reach` of them is read as it is, so no edge between two classes' colours adds to it;
    flat."""
    width = 2 * _reach(size) + 1
    return (_rank(cls, width, np.maximum) == _rank(cls, width, np.minimum)).reshape(-1)


def _threshold(own: np.ndarray, other: np.ndarray) -> tuple[float, bool, float, float]:
    """The threshold on the pattern between ``own`` (class a's example blocks) and ``other`` (b's, read as a):
    halfway between their medians on a log scale (a blurred or paler print scales the pattern), and the shares
    of the two it misreads: (threshold, b below it, a's share misread, b's)."""
    ma, mb = max(FLOOR, float(_median(own))), max(FLOOR, float(_median(other)))
    t = float(np.sqrt(ma * mb))
    below = mb < ma
    ea = float(np.mean(own < t)) if below else float(np.mean(own >= t))
    eb = float(np.mean(other >= t)) if below else float(np.mean(other < t))
    return t, below, ea, eb


def learn_pairs(pairs: Sequence[tuple[int, int]], cls: np.ndarray, examples: Mapping[int, np.ndarray],
                pattern: np.ndarray, inner: np.ndarray) -> list[Told]:
    """The confused pairs the pattern (:func:`edge_density`, flat like ``cls``) tells apart on the examples' inner
    blocks (``inner``, :func:`inner_blocks`; module doc, step 3), the best told apart first."""
    out = []
    for a, b in pairs:
        own = pattern[examples[a][(cls[examples[a]] == a) & inner[examples[a]]]]
        other = pattern[examples[b][(cls[examples[b]] == a) & inner[examples[b]]]]
        own, other = own[np.isfinite(own)], other[np.isfinite(other)]
        if not len(own) or not len(other):
            continue
        t, below, ea, eb = _threshold(own, other)
        if ea <= MISREAD and eb <= MISREAD:
            out.append(Told(a, b, t, below, (round(ea, 4), round(eb, 4))))
    return sorted(out, key=lambda p: sum(p.misread))


def read_pairs(told: Sequence[Told], cls: np.ndarray, pattern: np.ndarray, inner: np.ndarray) -> None:
    """Blocks read as a pair's ``a`` whose pattern lies on ``b``'s side of its threshold become ``b``, in place
    (module doc, step 4): toward a more patterned ``b`` only inner blocks (``inner``), as an edge between two
    colours adds to the pattern."""
    read = cls.copy()
    free = np.ones(len(cls), bool)
    for p in told:
        with np.errstate(invalid="ignore"):
            side = pattern < p.threshold if p.below else (pattern >= p.threshold) & inner
        move = (read == p.a) & side & free
        cls[move] = p.b
        free &= ~move


# --- hexes told apart by texture (issue 14: painted scans whose classes share a colour) ----------------------------
#
# A painted scan may print several classes in nearly one colour once the ink is left out: a woods blob whose trees
# are mostly ink, rough as olive specks over the rolling ground's yellow (its mean lies between the yellow and the
# woods' green), a mountain as ridges a sixth of a hex wide, so that most colour blocks mix ridge and ground. Their
# example hexes then read as one another by colour, block by block, and no one texture measure tells two of them
# apart block by block either (a block's window is a third of a hex: too few specks, too little of a blob's edge).
# Over a whole hex they part: a woods hex is mostly ink, a rough hex speckled, a mountain's ridges smooth beside the
# woods' leaves. So, where the examples show it:
#
# 1. **Confused pair** (:func:`confused_pairs`, either way round): two classes whose example blocks the colour
#    reading gives to one another.
# 2. **Texture** (:func:`hex_textures`): each hex's measures over its blocks read as either class of the pair or as
#    none (a blob's ink; not the lettering or a town block beside it): the share of them left out as ink or a
#    line's mask, the share covered by specks (extract_raster.speck_share) and their mean pattern
#    (:func:`edge_density`).
# 3. **Told apart** (:func:`learn_hex_pair`): a measure on which every example hex of one class lies on one side and
#    every one of the other on the other, the gap between them ``TEXTURE_GAP`` times their spread within the classes
#    or more (pooled) and the higher side ``TEXTURE_RATIO`` times the lower. The measures are tried in turn:
#    specks, the pattern, the ink share (its own comment says why).
# 4. **Read** (:func:`read_hex_pair`): a hex whose colour reading gives the pair its first two classes, the first
#    covering less than ``TEXTURE_SURE`` of it (a hex the colour reading calls mixed) and the second
#    ``TEXTURE_SHARE`` or more, is the class whose examples its measure reaches (at or beyond the nearest of them;
#    between the two classes' examples the colour reading stands), and is listed for review when its measure lies
#    near that nearest example (:func:`hex_pair_past` under 1 + extract.NEAR_RULE, as a hex moved by its marks or
#    its symbol is): past it by more, the measure parts the hex as it parts the examples.

TEXTURE_SHARE = 0.1  # the second class of a hex's colour reading covers this share of it or more: a contested hex
TEXTURE_SURE = 0.6  # ... and its first less than this (extract.REVIEW_BELOW: a hex the colour reading calls mixed)
TEXTURE_GAP = 1.0  # a measure parts two classes when their example hexes lie this many spreads apart, or more ...
TEXTURE_RATIO = 1.5  # ... and the higher side is this many times the lower (a spread of a few hundredths of a hex
# between a handful of example hexes can be as small as the difference in a few of the hex lines' corners)
#: the least spread of each measure (the ink share, the speck share, the pattern): a hundredth of a hex, a luma level
#: (FLOOR) - a measure all examples share exactly does not make a gap of any width
TEXTURE_FLOOR = (0.01, 0.01, FLOOR, 0.01)


@dataclass(frozen=True)
class HexPair:
    """Two classes told apart hex by hex by ``measure`` (0 ink, 1 specks, 2 pattern, 3 solid ink): their example
    hexes lie at or below ``low`` (the lower class's) and at or above ``high`` (the higher's); ``above``: ``b`` is
    the higher; ``gap``: the examples' gap in spreads."""

    a: int
    b: int
    measure: int
    low: float
    high: float
    above: bool
    gap: float


def hex_textures(kept: np.ndarray, specks: np.ndarray, pattern: np.ndarray, hin: np.ndarray, use: np.ndarray,
                 nhex: int, solid: np.ndarray | None = None) -> np.ndarray:
    """(nhex, 4) each hex's measures over its blocks ``use`` (flat indices; ``hin``: the hex of each; the other
    arrays flat over every block): the mean share of their windows left out (1 - ``kept``), of specks
    (``specks``), their mean pattern (``pattern``, NaN ignored) and the mean share of their windows in solid ink
    (``solid``: extract_raster.solid_share; 0 where not given). NaN where a hex has none."""
    out = np.full((nhex, 4), np.nan)
    with np.errstate(invalid="ignore", divide="ignore"):
        m = np.bincount(hin, minlength=nhex)
        out[:, 0] = np.bincount(hin, weights=1.0 - kept[use], minlength=nhex) / m
        out[:, 1] = np.bincount(hin, weights=specks[use], minlength=nhex) / m
        p = pattern[use]
        f = np.isfinite(p)
        out[:, 2] = np.bincount(hin[f], weights=p[f], minlength=nhex) / np.bincount(hin[f], minlength=nhex)
        out[:, 3] = (np.bincount(hin, weights=solid[use], minlength=nhex) / m) if solid is not None else 0.0 * m
    return out


def learn_hex_pair(a: int, b: int, xa: np.ndarray, xb: np.ndarray) -> HexPair | None:
    """The measure that tells the example hexes of ``a`` (rows of ``xa``) from those of ``b`` (``xb``) apart
    (module section, step 3), or None."""
    xa, xb = xa[np.isfinite(xa).all(axis=1)], xb[np.isfinite(xb).all(axis=1)]
    if len(xa) < 2 or len(xb) < 2:
        return None
    # the first measure that parts them, in this order: specks and the pattern leave lines and ink out by their
    # making; the ink share counts the roads, lettering and hex lines over any class, which the example hexes
    # (picked clean) may not show (Stonewall Jackson's Way's rolling hexes crossed by roads read rough by it)
    for m in (1, 2, 0, 3):
        if m >= xa.shape[1]:  # (measures given without the solid ink)
            continue
        apart = _apart(xa[:, m], xb[:, m], TEXTURE_FLOOR[m])
        if apart is not None:
            return HexPair(a, b, m, *apart)
    return None


def _apart(xa: np.ndarray, xb: np.ndarray, floor: float) -> tuple[float, float, bool, float] | None:
    """Whether one measure parts two classes' example hexes (``xa``, ``xb``: its values, two or more each; ``floor``:
    its least spread and value): every example of one class on one side and every one of the other on the other,
    ``TEXTURE_GAP`` pooled spreads or more apart, the higher side ``TEXTURE_RATIO`` times the lower or more. Returns
    (the lower class's highest, the higher class's lowest, whether ``xb`` is the higher, the gap in spreads), or
    None."""
    res = np.concatenate([xa - xa.mean(), xb - xb.mean()])
    spread = max(float(np.sqrt((res ** 2).sum() / (len(res) - 2))), floor)
    fa, fb = np.maximum(xa, floor), np.maximum(xb, floor)
    above = bool(fb.min() > fa.max())
    lo, hi = (fa.max(), fb.min()) if above else (fb.max(), fa.min())
    gap = float(hi - lo) / spread
    if gap >= TEXTURE_GAP and hi >= TEXTURE_RATIO * lo:
        return float(lo), float(hi), above, gap
    return None


def read_hex_pair(p: HexPair, x: np.ndarray) -> int | None:
    """The class of a hex (measures ``x``) whose measure lies as far as one class's examples, or None (between the
    two: its colour reading stands). The examples are a few clean hexes; a hex past their middle only may be the
    other class crossed by roads, lettering or a patch edge (Next War: Korea's lowland hexes read marsh by their
    specks when the middle decided: studied region 2 60 -> 58/81)."""
    v = max(float(x[p.measure]), TEXTURE_FLOOR[p.measure])
    higher, lower = (p.b, p.a) if p.above else (p.a, p.b)
    return higher if v >= p.high else lower if v <= p.low else None


def hex_pair_past(p: HexPair, x: np.ndarray) -> float:
    """How far a hex (measures ``x``) lies past the examples' bound of the class it is read as (:func:`read_hex_pair`)
    as a ratio, 1.0 at the bound: its measure over ``high``, or ``low`` over its measure."""
    v = max(float(x[p.measure]), TEXTURE_FLOOR[p.measure])
    return v / p.high if v >= p.high else p.low / v


# --- a speckled class's hexes without its specks (issue 14: painted scans, gcacw3) ---------------------------------
#
# Rough ground painted as olive specks over the rolling ground's yellow is read, block by block, as the specks'
# blend with the yellow: a duller yellow. The same blend is what the colour blocks make of a mountain ridge's pale
# fringe, the edge of a woods blob, lettering or a road's light rim over the yellow or the pale clear ground - a
# coarse mix of two colours, where the rough ground is a fine one. So a hex of the mountain, the clear ground or
# the rolling ground can be read as rough by the majority of its colour blocks, sure or mixed, while its blocks read
# as rough hold none of rough's specks. Learned from the legend's example hexes, as the dotted check does for a
# stipple (texture.check_dotted) where the dots' 2-means does not find them (painted specks of many tones):
#
# 1. **Own specks** (:func:`own_specks`): each hex's mean speck share (extract_raster.speck_share) over its blocks
#    read as each class - a class's specks where the colour reading puts it.
# 2. **Speckled beyond** (:func:`speckled_beyond`): class ``c`` is speckled beyond class ``d`` when the specks of
#    their example hexes in their own blocks part them as a pair's measure must (step 3 above: every example of
#    ``c`` above every one of ``d``, ``TEXTURE_GAP`` spreads apart, ``TEXTURE_RATIO`` times), each class over at
#    least two examples holding blocks of it. A field patchwork whose houses are its specks in some examples and
#    not in others (Seelowe's fields: 0.018-0.049 of a hex) is not parted so from water: its blocks without houses
#    are still fields.
# 3. **Read** (:func:`read_speckled`): a hex read as ``c`` by the majority of its colour blocks, whose next class by
#    its shares is ``d`` (``TEXTURE_SHARE`` of it or more: a contested hex) and ``c`` speckled beyond ``d``, whose
#    blocks of ``c`` carry no more specks than ``d``'s examples carry in theirs (they reach ``d``'s examples, as a
#    pair's measure must: between the two the colour reading stands; a hundredth of a hex at least), is ``d``.
# 4. **A block without specks** (extract._speckless, gcacw2): where ``c`` is also printed as a darker ``d`` - one of
#    its colours within extract.BLEND_RADIUS of ``d``'s mix with the ink - its blocks' colour is ``d``'s ground
#    averaged with something darker, and the specks are only one such thing: a name's letters, a village's buildings
#    or a road's soft edge over ``d``'s ground average to the same colour (Stonewall Jackson's Way: rough's ground,
#    the pixels 3 px or more from any dark print, is rolling's yellow, (253,244,151) in rough 2715 and (253,246,152)
#    in rolling 2712; rough's learned #d6c776 is the yellow's mix with its olive specks and equally with black print).
#    Only where ``c``'s examples' ground - the lightest quarter of their pixels, what the specks are printed on - lies
#    nearer ``d``'s colour than ``c``'s own (SJW's rough 3.2 from rolling's, 14.3 from its own): a class with a fill of
#    its own, dotted, whose colour merely lies on that mix (the synthetic scans' mountain: 17.5 from the clear's, 4.3
#    from its own) keeps its blocks between its dots.
#    A block read as ``c`` whose window - the one its colour is the mean of - holds no speck at all owes its colour
#    to such print, and is credited to no class: it is left out of the hex's shares as a line's blocks are. Step 3
#    still measures the hex's blocks of ``c`` by colour, those blocks among them.
# 5. **A block without specks or print** (extract.FLAT, gcacw3): such a block whose window holds no pixel darker than
#    ``c``'s colour (less ``extract.FLAT_BELOW`` luma levels) holds nothing ``d``'s ground could be averaged with into
#    that colour - no speck, no letter, no rim: it is ``d``'s ground itself, its wash painted duller there, and is
#    ``d``'s. Stonewall Jackson's Way region 2's rolling 3309: the wash inside the Little River's loop reads rough by
#    colour with neither specks nor print (half its uncredited blocks' windows' darkest pixels at L* 71.5 or above,
#    rough's colour L* 80; the cut, 12 luma levels below rough's, is about L* 75); left uncredited by step 4, the hex
#    was read by the creek's rims, town's grey (town .44, rolling .16); with them it is rolling. Blocks by letters,
#    roads and villages keep step 4's reading: their windows hold the print (the median darkest pixel L* 19-34 in
#    2708, 3111 and 3512). Cuts from L* 70 to 78 read region 2 the same.


# --- a class its colour does not show (issue 14: painted scans, hex43, hex44) ----------------------------------------
#
# The other way round from the section above: a speckled class's specks can be read by the colour blocks as other
# classes altogether - packed together they are the woods' tint, printed in ink they are left out and the paper
# between them is the ground's - so that the hex's first two classes by colour are neither the class nor a pair whose
# texture asks about it (Gettysburg region 2's rough 5321, 5322: woods .56/.50 and clear, rough .06/0). Read
# (extract._read_unseen, after the pairs of step 4 above), on the hex pairs learned from the examples (step 3, the
# solid ink last):
#
# 1. **Asked**: a hex the colour reading calls mixed (its first class under ``TEXTURE_SURE``), not moved by the
#    pairs, and a class ``c`` not among its first two (the second counted from ``TEXTURE_SHARE``), with a pair learned
#    between ``c`` and its first class.
# 2. **Told**: every pair between ``c`` and either of its first two is told apart by the form of the print
#    (extract.FORMS: the specks, or the solid ink - ink a square of extract_raster.LINE_WIDTH fits in, which specks
#    never are, :func:`extract_raster.solid_share`; not the pattern nor the ink share, which count lettering, hex
#    lines and a line's mask), and the hex's measure over the blocks the pair reads reaches ``c``'s examples
#    (:func:`read_hex_pair`: at or past the nearest of them).
# 3. **A second sign** (hex44; extract._second_form): every one of those pairs says ``c`` by the other form as well -
#    the solid ink for a pair told by specks, the specks for one told by the solid ink: that form parts the two
#    classes' examples (every one of ``c``'s on one side of every one of the other's, each at least the measure's
#    TEXTURE_FLOOR) and the hex lies on ``c``'s side of the middle between their nearest (a ratio: the geometric
#    mean). A form both classes' examples share says nothing: no reading. One form alone was not enough on the
#    sheets: a woods blob whose trees' highlights make specks (Stonewall Jackson's Way's sheet: 4725, 5006, 5306,
#    5826 read rough by specks, their solid ink 0.43, 0.11, 0.02, 0.50 against woods' examples' 0.21-0.65 and rough's
#    0-0.008) and a coast whose shore makes specks (Next War: Korea's 1608, 1908, 1909, 1913, 2105 read marsh: no solid
#    ink in lowland or marsh) - session 43's rule turned ~9 hexes off the labelled regions wrong for 3 right. Where the
#    hex's second class's pair has no second form (5306: woods and rolling, rolling's and rough's examples both
#    without solid ink) the hex is not read either. The pairs of step 4 told apart by the solid ink alone (the
#    measure hex43 added) ask the specks the same way before they move a hex (Gettysburg's 0232, plain rolling
#    ground read woods by colour: no solid ink, and no specks either).
# 4. **Shown**: by more of a pair's measure than the other class's examples hold (specks beyond the ground's) - or,
#    where ``c`` is a class the colour reading does not show (fewer than half of its example hexes read as it first:
#    Gettysburg's rough examples read woods, rolling, woods), by less as well (no solid ink where woods is a blob).
#    Less of a texture alone says only what the hex is not: a mountain hex whose blocks read rough hold fewer specks
#    than rough's examples, as woods's do, and is no woods (Stonewall Jackson's Way 3112).
# 5. One such class only; listed for review within ``NEAR_RULE`` of the examples' bound, as a pair's hex is.
#
# Measured (RESULTS-gettysburg.md): studied Gettysburg 2 77 -> 79/81 (5321, 5322: the solid ink says rough, the
# specks 0.081, 0.096 against woods' examples' 0.019-0.058 and rough's 0.084-0.105 say so too). On the whole sheets
# against main b739b42, outside the labelled regions and the blind ones: Gettysburg 0126, 0631, 5516 woods -> rough
# (specks over the hex, right by eye), 5415, 5433 (specks with a village / a station: unsure); Stonewall Jackson's
# Way, Next War: Korea, Seelowe and Atlantic Wall 4 unchanged. Left: Stonewall Jackson's Way 2's 2714 (rolling and
# town first; no second form between rolling and rough).


def own_specks(specks: np.ndarray, cin: np.ndarray, hin: np.ndarray, nhex: int, k: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """(nhex, k) each hex's mean speck share over its blocks read as each class, and (nhex, k) their counts
    (``specks``: each block inside a hex; ``cin``: its class, ``k`` unknown; ``hin``: its hex). NaN where none."""
    at = hin * (k + 1) + cin
    n = np.bincount(at, minlength=nhex * (k + 1)).reshape(nhex, k + 1)[:, :k]
    s = np.bincount(at, weights=specks, minlength=nhex * (k + 1)).reshape(nhex, k + 1)[:, :k]
    with np.errstate(invalid="ignore", divide="ignore"):
        return s / n, n


def learn_speckled(own: np.ndarray, examples: Mapping[int, Sequence[int]]) -> dict[int, np.ndarray]:
    """Each class's own speck shares over its example hexes (``examples``: class -> hex rows) that hold blocks of it
    (``own``: :func:`own_specks`); classes with fewer than two such examples are left out."""
    out = {}
    for c, rows in examples.items():
        v = own[np.asarray(rows, np.intp), c] if len(rows) else np.empty(0)
        v = v[np.isfinite(v)]
        if len(v) >= 2:
            out[c] = v
    return out


def speckled_beyond(speckled: Mapping[int, np.ndarray], c: int, d: int) -> float | None:
    """How many specks a hex's blocks of ``c`` may hold at most to be ``d`` (``d``'s examples' most, a hundredth of
    a hex at least: ``TEXTURE_FLOOR``) when ``c`` is speckled beyond ``d`` (module section, step 2: the examples'
    own speck shares parted as a pair's measure must part them, ``c`` the higher), else None."""
    if c not in speckled or d not in speckled:
        return None
    apart = _apart(speckled[d], speckled[c], TEXTURE_FLOOR[1])
    return apart[0] if apart is not None and apart[2] else None


def read_speckled(speckled: Mapping[int, np.ndarray], c: int, d: int, own_c: float) -> bool:
    """Whether a hex read as ``c`` whose next class is ``d`` and whose blocks of ``c`` hold ``own_c`` specks is ``d``
    (module section, step 3)."""
    most = speckled_beyond(speckled, c, d)
    return most is not None and bool(np.isfinite(own_c)) and own_c <= most
