"""Textured terrain classes (a field of dots on a ground colour, as MMP Afrika's stipple) judged by their
dots, not by their mean colour (issue 14).

A class read by the mean colour of blocks (extract.py, steps 2-3) takes in hexes of its ground colour with a
road, lettering or a town dot: their mean moves toward the dotted class's mean, which lies between the
ground and the dots. A dotted class is told by what it is made of instead:

1. **Is it dotted?** The pixels of its example hexes (at about ``WORK_SIZE`` px a hex, inside ``INSET`` of the
   hex) are split in two colours (2-means in CIELAB). The class is dotted when the minor colour holds ``MINOR``
   (3-50%) of them, lies ``SEPARATION`` Delta E or more from the major one, the major one (the ground) is another
   class's colour (within ``GROUND`` of that distance: the hills' own tone with darker relief is not dots on
   another class) and that class lies no farther from it than the dots move the class's colour (their share times
   their distance from the ground: a field of them on that class's colour mixes in so much; D-Day at Omaha Beach's
   draw, a pale grey fill with slope ladders and fire dots on some hexes, split into its own grey and those marks,
   3.7% at 22 Delta E - a shift of 0.8 - and its ground lay 5.5 Delta E from the town's blended colour: a fill
   with marks on it, not dots on the town; taken so, every draw hex with fewer marks than its examples went to the
   town; MMP Afrika's stipple, 14.8% at 26.5, lies 2.3 from the desert), the class's colour (the examples' mean)
   lies within ``CLOSE`` Delta E of that class's (so a road, a name or a symbol in a hex of the ground class moves
   its colour as far: MMP Afrika's stipple, 5 Delta E from the desert; The Longest Day's forest, 24 from clear, is
   left to the colour reading), and every example holds small blobs of it (connected parts of at most ``CAP``
   times the typical part's size, at least ``LEAST_DOTS`` of the hex): the dots. Roads, names and contour lines of
   that colour are long, so large. The parts are those of the dots' colour and of any darker print of it (within
   ``CONE`` of the ground-to-dots direction: a letter's or a road edge's blurred rim is one part with its ink),
   and a dot lies ``APART`` pixels or more from every part over ``LARGE`` of the hex (the broken edge of a painted
   band or of a marsh outline in about the dots' colour is not a dot).
2. **Where its dots are** (:func:`dot_fields`, before the hexes are counted). A colour block of the class, or of
   its ground's class, is the class when small dark marks cover ``FIELD`` or more of the median share they cover
   in the class's example blocks, over the block's window (the colour mean's): marks darker than the image's grey
   closing, not on a straight run nor beside one (extract_raster.speck_share: a texture's dots, not lines,
   outlines or letters). Else a block of the class goes to its nearest other class by colour: the blocks at the
   edge of a marsh patch, or beside a road, whose colour lies between two others as the dotted class's does, are
   not dots - and a field of sparser or lighter dots than the examples', whose colour is near its ground's, is.
3. **Check** (a class step 2 could not place: its examples hold no such marks). A hex the colour reading gave
   the class (by majority: hexes decided by learned coverage rules are left alone, as their classes may cover a
   small share of a hex) keeps it when its dots cover at least
   ``KEEP`` of the least share of any example (within the examples' range); else it is flagged for review and
   takes the class its shares give once the dotted class's colour blocks go to their nearest other class
   (extract.py ``_Without``): a hex without dots that reads as the class is another colour mixed with ink -
   desert lined by a road, or a marsh patch's edge and the desert round it, whose next class by the hex's
   shares (the marsh) may be neither.

texture notes 1 (bfm4: a dense screen, dithered, printed under names and lines). The 1986 Battle for Moscow
print's defence lines are a light-green dot screen on the cream paper, scanned into a 256-colour GIF: its green
covers 28-40% of an example hex, its dots join one another in the dither (the small parts hold 4-23% of the
green), its examples carry the lines' and names' black, and the paper beside it is itself dither specks.
  a. *The ink first*: where the first split's minor colour is the ink (L* below the legend's ink lightness: lines
     and names) and that split is no field of dots, a second split of the rest (the pixels nearer the major
     colour) is tried with the same checks: the names' and railways' black over the screen is split off first
     (BfM fort: black L* 33, 8% at 58 Delta E from a ground that was the screen's own mean - refused as its own
     fill with marks on it; then cream and green, 49% at 19). A minor colour of the class's own print lighter
     than the ink (the 1993 redraw's red towns, L* 43) is not split past.
  b. *Specks the ground shows as well say nothing*: step 2 places no class whose ground class's examples hold as
     many small dark marks over a block's window (their median) as the field threshold (the paper of a dithered
     scan is specks: BfM's clear examples 0.11 against the screen's own 0.06); step 3 checks it instead.
  c. *Small parts the ground shows as well say nothing either*: step 3 counts the small parts of the dots'
     colour; where the ground classes' examples hold as many (``dot_share``) as the class's least example (BfM:
     the screen's dots join in the dither, its small parts cover 1.6-6.4% of its examples, the paper's specks
     2.0-8.3% of the clear ones), a hex is told by its share of the dots' colour instead (nearer the dots than the
     ground, within half their distance of them: no darker print), and keeps the class from the midpoint between
     the ground classes' examples' highest share and the class's examples' least (BfM: clear examples 0.02-0.12,
     the screen's 0.28-0.40; the clear hexes of the studied region 0.01-0.17, the screen's 0.23-0.40); no check
     where the ground's examples reach that too. (The 1993 redraw's red towns, dotted on the clear and forest,
     whose small parts its grounds' examples do not show, are checked as before.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..hexgrid import Grid
from .colour import rgb_to_lab
from .extract_raster import _median, _quantile
from .parts import components, part_sizes
from .symbols import WORK_SIZE, _dilate, _inset_mask, _size

__all__ = ["Dotted", "check_dotted", "colour_share", "dot_share", "dotted_classes"]

Without = Callable[[str, str], Mapping[str, float]]

INSET = 0.85  # pixels inside this share of the hex size are read (hex lines left out)
MINOR = (0.03, 0.5)  # the dots' share of the examples' pixels
SEPARATION = 12.0  # Delta E between the ground and the dots, at least (was 20: a user's examples in the middle of
# MMP Afrika's stipple field, whose dots the working scale blurs into the sand, split 14.9-21.2 apart, 18.4 together)
CAP = 4.0  # a dot is a connected part of at most this many times the typical part's size (pixels)
LEAST_DOTS = 0.005  # every example's dots cover at least this share of it
KEEP = 1.0  # a hex keeps the class when its dots cover this share of the least example's, or more
CLOSE = 10.0  # checked only when the class's colour lies within this Delta E of its ground's class's colour
LARGE = 0.1  # a part of the dots' colour over this share of the hex is an area or a long line
APART = 2  # pixels (working scale): a dot lies at least this far from any larger part of its colour
CONE = 30.0  # degrees: a darker print of the dots' colour lies within this angle of the ground-to-dots direction
GROUND = 0.3  # the ground lies within this share of the ground-dots distance of another class's colour
FIELD = 0.5  # a colour block lies in a dotted field when its specks cover this share of the examples' (median), or more


@dataclass(frozen=True)
class Dotted:
    """A dotted class: its ground and dot colours (Lab), the largest dot (pixels at the working scale) and
    the least share of an example hex its dots cover."""

    name: str
    ground: tuple[float, float, float]
    dots: tuple[float, float, float]
    cap: int
    least: float
    shares: tuple[float, ...]
    on: tuple[str, ...] = ()  # the classes whose colour is its ground
    # texture notes 1c: each example's share of the dots' colour (``colour_share``), and the ground classes'
    # examples' highest; set where those examples hold as many small parts (``dot_share``) as the class's least
    colour_shares: tuple[float, ...] = ()
    ground_share: float | None = None


class _Reader:
    """Hex windows of the scan at the working scale, as Lab, inside the inset hex."""

    def __init__(self, image: Image.Image, grid: Grid) -> None:
        assert grid.layout is not None
        self.image, self.grid = image, grid
        size = _size(grid.layout)
        self.f = max(1, round(size / WORK_SIZE))
        self.lay = grid.layout.translated(-(self.f - 1) / 2, -(self.f - 1) / 2).scaled(1 / self.f)
        self.r = math.ceil(_size(self.lay))
        self.mask = _inset_mask(self.lay, grid.hexes()[0], self.r, INSET)

    def rgb(self, hex_id: str) -> np.ndarray | None:
        """(2r+1, 2r+1, 3) uint8 RGB around the hex's centre (the scan's edge replicated), or None off the scan."""
        x, y = self.lay.hex_to_pixel(self.grid.hex(hex_id))
        f, r = self.f, self.r
        x0, y0 = (round(x) - r) * f, (round(y) - r) * f
        n = (2 * r + 1) * f
        w, h = self.image.size
        cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(w, x0 + n), min(h, y0 + n)
        if cx1 - cx0 < f or cy1 - cy0 < f:
            return None
        win = self.image.crop((cx0, cy0, cx1, cy1)).convert("RGB")
        if f > 1:
            win = win.reduce(f)
        a = np.asarray(win, dtype=np.uint8)
        top, left = (cy0 - y0) // f, (cx0 - x0) // f
        pad = ((top, 2 * r + 1 - top - a.shape[0]), (left, 2 * r + 1 - left - a.shape[1]), (0, 0))
        return np.pad(a, [(p0, max(0, p1)) for p0, p1 in pad], mode="edge")[:2 * r + 1, :2 * r + 1]

    def lab(self, hex_id: str) -> np.ndarray:
        """(2r+1, 2r+1, 3) Lab around the hex's centre (the scan's edge replicated)."""
        a = self.rgb(hex_id)
        if a is None:
            return np.zeros((2 * self.r + 1, 2 * self.r + 1, 3))
        return rgb_to_lab(a).astype(np.float64)


def _two_colours(px: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """2-means of Lab pixels (N, 3): the major colour, the minor one and the minor's share."""
    c0 = _median(px, axis=0)  # np.median (finite values), without importing numpy.ma
    d = np.linalg.norm(px - c0, axis=1)
    far = px[d >= _quantile(d, 0.9)]  # np.quantile, without importing numpy.ma
    c = np.stack([c0, far.mean(axis=0)])
    lab = np.zeros(len(px), dtype=np.intp)
    for _ in range(30):
        # the nearer centre (the first on ties, as an argmin over both), each distance computed as before
        lab = (np.linalg.norm(px - c[1], axis=1) < np.linalg.norm(px - c[0], axis=1)).astype(np.intp)
        if (lab == 0).all() or (lab == 1).all():
            break
        new = np.stack([px[lab == k].mean(axis=0) for k in range(2)])
        if np.allclose(new, c):
            break
        c = new
    share = float((lab == 1).mean())
    if share > 0.5:
        return c[1], c[0], 1 - share
    return c[0], c[1], share


def _dot_mask(lab: np.ndarray, ground: np.ndarray, dots: np.ndarray) -> np.ndarray:
    """Pixels of the dots' colour, and pixels of a darker print of it (beyond the dots on the way from the ground,
    within ``CONE`` of that direction): the dots' cores, and the ink whose blurred edges pass through the dots'
    colour (letters, road edges), so that an edge is one part with its ink, not a row of small blobs."""
    dg = np.linalg.norm(lab - ground, axis=-1)
    dd = np.linalg.norm(lab - dots, axis=-1)
    axis = dots - ground
    sep = float(np.linalg.norm(axis))
    near = (dd < dg) & (dd < sep / 2)
    if CONE <= 0 or sep == 0:
        return near
    along = (lab - ground) @ (axis / sep)
    across = np.sqrt(np.maximum(dg * dg - along * along, 0.0))
    return near | ((along > sep) & (across < math.tan(math.radians(CONE)) * along))


def dot_share(lab: np.ndarray, inset: np.ndarray, ground: Sequence[float], dots: Sequence[float], cap: int) -> float:
    """The share of the inset hex covered by dots: parts of the dot colour of at most ``cap`` pixels, and no
    nearer than ``APART`` pixels to a larger part (the broken edge of a patch of the dots' colour, as a hills
    band or a marsh outline, is not dots)."""
    labels, _ = components(_dot_mask(lab, np.asarray(ground, float), np.asarray(dots, float)))
    sizes = np.bincount(labels.ravel())
    small = sizes <= cap
    small[0] = False
    if APART > 0:
        large = sizes > LARGE * inset.sum()
        large[0] = False
        near = large[labels]
        for _ in range(APART):  # grown by APART pixels: a (2 APART + 1)-square neighbourhood
            near = _dilate(near)
        small[np.unique(labels[near])] = False
    return float(small[labels][inset].mean())


def colour_share(lab: np.ndarray, inset: np.ndarray, ground: Sequence[float], dots: Sequence[float]) -> float:
    """The share of the inset hex of the dots' colour: nearer the dots than the ground and within half their
    distance of the dots (no darker print: texture notes 1c)."""
    g, d = np.asarray(ground, float), np.asarray(dots, float)
    dd = np.linalg.norm(lab - d, axis=-1)
    near = (dd < np.linalg.norm(lab - g, axis=-1)) & (dd < float(np.linalg.norm(g - d)) / 2)
    return float(near[inset].mean())


def _split(px: np.ndarray, ink_lightness: float | None) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """The examples' pixels split in two (_two_colours), and where the minor colour is the ink (CIELAB L* below
    ``ink_lightness``, the legend's: lines and names), a second split of the pixels nearer the major one too
    (texture notes 1a: the ink first)."""
    ground, dots, share = _two_colours(px)
    out = [(ground, dots, share)]
    if ink_lightness is None or not dots[0] < ink_lightness:
        return out
    rest = px[np.linalg.norm(px - ground, axis=1) < np.linalg.norm(px - dots, axis=1)]
    if 0 < len(rest) < len(px):
        out.append(_two_colours(rest))
    return out


def dotted_classes(reader: _Reader, examples: Mapping[str, Sequence[str]],
                   colours: Mapping[str, Sequence[float]], ink_lightness: float | None = None) -> list[Dotted]:
    """The classes whose example hexes are a field of dots on the colour of another class (``colours``: each
    class's Lab colour; module doc, step 1); with the legend's ``ink_lightness``, past the ink printed over them
    (texture notes 1a)."""
    out = []
    for name, hexes in examples.items():
        if len(hexes) < 2:
            continue
        labs = [reader.lab(h) for h in hexes]
        px = np.concatenate([lab[reader.mask] for lab in labs])
        for ground, dots, share in _split(px, ink_lightness):  # the first split, then past the ink (texture notes 1a)
            d = _dotted(reader, examples, colours, name, labs, ground, dots, share)
            if d is not None:
                out.append(d)
                break
    return out


def _dotted(reader: _Reader, examples: Mapping[str, Sequence[str]], colours: Mapping[str, Sequence[float]],
            name: str, labs: Sequence[np.ndarray], ground: np.ndarray, dots: np.ndarray, share: float
            ) -> Dotted | None:
    """The class ``name`` as dots of colour ``dots`` on ``ground`` (its examples' ``labs``), if every check of
    step 1 holds."""
    sep = float(np.linalg.norm(ground - dots))
    if not (MINOR[0] <= share <= MINOR[1]) or sep < SEPARATION:
        return None
    on = [k for k, c in colours.items() if k != name and float(np.linalg.norm(ground - np.asarray(c, float)))
          <= GROUND * sep]
    if not on:
        return None  # the ground is the class's own colour (shading, relief lines): not dots on another class
    own = np.asarray(colours.get(name, ground), float)
    if min(float(np.linalg.norm(ground - np.asarray(colours[k], float))) for k in on) > share * sep:
        return None  # no other class lies as near the ground as its dots move its colour: its own fill with marks on
        # it (step 1: Omaha Beach's draw, its slope ladders and fire dots taken for dots on the town's blend)
    if min(float(np.linalg.norm(own - np.asarray(colours[k], float))) for k in on) > CLOSE:
        return None  # its colour stands far enough from its ground's class for the colour reading to hold
    # the typical part's size: the median over parts (each pixel weighs 1/size of its part)
    sizes = np.concatenate([part_sizes(_dot_mask(lab, ground, dots))[reader.mask] for lab in labs])
    sizes = sizes[sizes > 0]
    if not len(sizes):
        return None
    order = np.sort(sizes)
    weights = np.cumsum(1.0 / order)
    typical = float(order[np.searchsorted(weights, weights[-1] / 2)])
    cap = max(2, round(CAP * typical))
    g3, d3 = [float(v) for v in ground], [float(v) for v in dots]
    shares = tuple(dot_share(lab, reader.mask, g3, d3, cap) for lab in labs)
    if min(shares) < LEAST_DOTS:
        return None
    # texture notes 1c: where the ground classes' examples hold as many small parts as the class's least, the
    # small parts tell nothing: a hex is told by its share of the dots' colour, against theirs
    grounds = [reader.lab(h) for k in on for h in examples.get(k, ())]
    colour: tuple[float, ...] = ()
    ground_share = None
    if grounds and max(dot_share(lab, reader.mask, g3, d3, cap) for lab in grounds) >= min(shares):
        colour = tuple(colour_share(lab, reader.mask, g3, d3) for lab in labs)
        ground_share = max(colour_share(lab, reader.mask, g3, d3) for lab in grounds)
    return Dotted(name, tuple(float(v) for v in ground), tuple(float(v) for v in dots),  # type: ignore[arg-type]
                  cap, min(shares), shares, tuple(on), colour, ground_share)


def dot_fields(classes: Sequence[Dotted], names: Sequence[str], cls: np.ndarray, colours: np.ndarray,
               cents: np.ndarray, specks: np.ndarray, examples: Mapping[str, np.ndarray]) -> dict[str, float]:
    """Each dotted class is where its dots are (module doc, step 0), in place on the colour blocks' classes ``cls``
    (indices into ``names``; ``len(names)``: unknown): a block of the class or of its ground's class is the class
    when its ``specks`` (the share of its window covered by small dark marks) reach ``FIELD`` of the median over
    the class's example blocks (``examples``: name -> a mask of the blocks inside its example hexes); else a block
    of the class goes to its nearest other class by colour (``colours`` (3, n), ``cents`` (k, 3)). Returns each
    class's field threshold."""
    out: dict[str, float] = {}
    k = len(names)
    for d in classes:
        j = names.index(d.name)
        own = specks[examples[d.name] & (cls == j)]
        if not len(own):
            continue
        thr = FIELD * float(_median(own))
        if thr <= 0:
            continue
        ground = [specks[examples[g]] for g in d.on if g in examples]
        if any(len(gs) and float(_median(gs)) >= thr for gs in ground):
            continue  # texture notes 1b: the ground's own examples hold as many specks (a dithered paper)
        out[d.name] = thr
        field = specks >= thr
        at = np.flatnonzero((cls == j) & ~field)
        others = [c for c in range(k) if c != j]
        if len(at) and others:
            x = colours[:, at]
            dist = np.stack([((x - cents[c].astype(np.float32)[:, None]) ** 2).sum(axis=0) for c in others])
            cls[at] = np.asarray(others)[np.argmin(dist, axis=0)]
        for g in d.on:
            cls[(cls == names.index(g)) & field] = j
    return out


def check_dotted(image: Image.Image, grid: Grid, examples: Mapping[str, Sequence[str]],
                 colours: Mapping[str, Sequence[float]], read: Mapping[str, tuple[str, Mapping[str, float]]],
                 by_colour: Iterable[str], without: Without,
                 dotted: Sequence[Dotted] | None = None) -> dict[str, tuple[str, dict[str, float], str]]:
    """Hexes read as a dotted class by colour whose dots cover less than ``KEEP`` of any example's: hex -> (the
    class by its shares once the dotted class's colour blocks are given to their nearest other class, those
    shares, why). ``read``: hex -> (class, shares); ``by_colour``: the hexes decided by majority;
    ``without(hex, class)``: the hex's shares with that class's blocks given to their nearest other class (the
    blocks of a hex without dots are some other colour mixed with ink: a desert hex lined with a road, or the
    edge of a marsh patch and the desert around it; its next class by shares may be neither)."""
    reader = _Reader(image, grid)
    classes = {d.name: d for d in (dotted_classes(reader, examples, colours) if dotted is None else dotted)}
    out: dict[str, tuple[str, dict[str, float], str]] = {}
    if not classes:
        return out
    for hid in by_colour:
        cls, _ = read[hid]
        d = classes.get(cls)
        if d is None:
            continue
        alt = without(hid, cls)
        if not alt:
            continue
        if d.ground_share is not None:
            # texture notes 1c: by its colour's share - from the midpoint between its ground classes' examples'
            # highest and its own examples' least; no check where the ground's reach its own
            least = min(d.colour_shares)
            if d.ground_share >= least:
                continue
            s = colour_share(reader.lab(hid), reader.mask, d.ground, d.dots)
            if s < (d.ground_share + least) / 2:
                nxt = max(alt, key=lambda k: alt[k])
                out[hid] = (nxt, dict(alt), f"read as {cls} by its colour, but its screen's colour covers {s:.1%} "
                                            f"of it (examples {least:.1%}-{max(d.colour_shares):.1%}, its ground's "
                                            f"up to {d.ground_share:.1%})")
            continue
        s = dot_share(reader.lab(hid), reader.mask, d.ground, d.dots, d.cap)
        if s < KEEP * d.least:
            nxt = max(alt, key=lambda k: alt[k])
            out[hid] = (nxt, dict(alt), f"read as {cls} by its colour, but its dots cover {s:.1%} of it (examples "
                                        f"{min(d.shares):.1%}-{max(d.shares):.1%})")
    return out
