"""Classes printed as small solid symbols of a colour of their own over other classes' grounds (issue 14: a map's
houses), read by the largest blob of that colour in the hex, not by its share - or, when no one blob tells them (a
town of small blocks), by that colour's whole share of the hex (step 2b).

A class whose key says "a house in the hex makes it the class" (Decision Games' D-Day at Omaha Beach: small white
houses, each 2-4% of a hex, on the high ground's olive or the draw's grey) has no colour of its own to the colour
reading: its example hexes average the houses into the olive, and a hex with one or two houses is read as its
ground. Nor is it read by its marks (marks.py): the houses' white lies 9-10 Delta E from the beach's cream, which
holds it in a cell and its neighbours' (the marks' guard: a colour bordering another class's is not the class's
own), and a hex of one house covers less of it than the examples' share (4-5% against 15-19%). What tells the
class is the shape: every example holds a solid part of the colour of a house's size (65-90 px at the working scale,
3-5% of the inset hex; 43-110 px in the house hexes of the studied region), and no other class's example holds one
larger than a few pixels (the beach's cream shading into white: specks; a marker's white: slivers). So, from the
legend's examples:

1. **Colour** (:func:`learn_blobs`). The example pixels (at symbols.WORK_SIZE px a hex, inside the inset hex) are
   binned in CIELAB cells of marks.CELL; a candidate is a cell that holds ``PRESENT`` of the class's example pixels
   (pooled) or more and at most ``1 / marks.RATIO`` of the class's least example's share of it in any other class's
   example hex - the cell itself, not its neighbours (the blob's shape, step 2, tells a colour shading into another
   class's from it). Never a candidate: a line's mask, ink (marks._excluded) or the class's own colour within
   marks.MODE_RADIUS (a class read by its colour). The blob colour is the mean of the class's example pixels in the
   cell, and a pixel is of it when it lies within ``RADIUS`` of it and nearer it than every colour the colour
   reading reads by (the beach's cream, 9 Delta E from the houses' white, stays the beach's).
2. **Told apart** by the largest connected part (8-neighbours) of the colour in each example hex, as a share of the
   inset hex: every example of the class holds one of ``LEAST`` or more and at most ``MOST`` (a symbol, not a fill),
   and every other class's example at most ``1 / marks.RATIO`` of the least. The threshold lies between the class's
   typical example (the median) and the others' largest, at their geometric mean (that largest counted as at least
   ``1 / RATIO**2`` of the typical), and at most the least example: the marks' threshold (marks._threshold) on a
   part's size. Of the ``CANDIDATES`` most common candidates told apart, the one whose least example holds the
   largest part is the class's (a house's solid white, not its thin shadow: symbols.py chooses so too).
2b. **Or by the colour's whole share**, when no one part tells it (a town of small building blocks, each no larger than
   the figures of the ids printed grey in every hex: SPI's Atlantic Wall, whose towns are grey blocks on a patch of the
   clear's own beige over a fifth to a third of the hex, the blocks 0.5-3% of a hex each, the ids' figures in other
   classes' examples up to 1%; the class learned from whole example towns is a blend close to the clear, read clear by
   majority). Of the same candidates, the colour's pixels' share of the inset hex: every example of the class holds
   ``LEAST`` or more and at most ``MOST``, every other class's example at most ``1 / marks.RATIO`` of the least; the
   threshold as in step 2 (marks._threshold on the shares). The candidate whose least example holds the largest share is
   taken; a class told by step 2 is read so, step 2b only when step 2 tells none; every example must also hold a part of
   a symbol's size (``LEAST``), not only dots or hatching - counted with its rim of one working pixel where the scan was
   reduced to the working scale (the reduction blends the rim out of the colour). The marks (marks.py) learn nothing
   from Atlantic Wall's examples (their guard weighs each cell with its neighbours'). A class read by its dots
   (texture.py: the blocks on the clear's beige look like a field of dots on the clear, whose reading decides block by
   block and left the towns clear) is tried by step 2b alone: its dots are no one symbol; and it takes a hex only where
   its dots cover as much as its least example's (extract.py). Atlantic Wall's towns: examples 5.8-17% of the hex, the
   others' examples 1.4% at most, threshold 4.5%; the towns of the studied regions 14-20%, every other hex there 3.4% or
   less.
3. **Over other grounds**: as marks.py, only when an example's ground (its pixels neither of the colour nor ink)
   lies nearer another class's colour than its own - symbols printed over a fill of the class's own colour leave it
   to the colour reading.
4. **Read** (extract.py ``_read_marks``): a hex the colour reading decided, not moved by marks, whose largest part of
   the colour (its share, step 2b) reaches the threshold is the class; its ground's class kept for its lines. Listed
   for review within extract.NEAR_RULE of the threshold. Not where the map also prints the colour as an area - a part
   over ``MOST`` of some hex: the class is then a coverage class whose small prints are a part of a hex, not its
   symbol (a town drawn small at the hexes' centres and as a fill over another hex: test_centre_chosen.py's board
   read every house hex wooden). Omaha's largest part anywhere on its map: 11.6% of a hex.
4b. **Two measures of a dotted class** (extract.py ``_read_marks``, ``CONFIRM``): a class step 2b reads that texture.py
   also reads as dots on another class's colour is measured twice, its colour's whole share (step 2b) and its dots
   (texture.dot_share: small parts of the dots' colour or darker, none joined to or within texture.APART of a larger
   part) - each with its bar, the share's threshold and the least example's dots. Each is blind where the other sees:
   the dots' reading drops blocks joined to a road through the town or beside it (taken for a band's broken edge),
   the share misses blocks printed in another shade. So a hex is the class where one measure reaches its bar and the
   other ``CONFIRM`` (a half) of its own: its share over the threshold with its dots at half the least example's or
   more (SPI's Atlantic Wall's Osmanville, beside the N13 and a dashed road: share 2.1 times the threshold, dots 0.77
   of the least example's), or, on the ground the dots lie on (texture's ``on``), its dots at the least example's
   with its share at half the threshold or more (Isigny, its blocks printed blue-grey 16 Delta E from the examples'
   grey: dots 2.2 times the least example's, share 0.82 of the threshold). Both are listed for review, saying which
   measure fell short. A ground lined in the dots' colour holds neither (test_dotted's lined desert: dots 0.0); a
   hex of a few blocks holds neither bar. Before, each measure's bar was asked alone (the dotted bar under a share
   over the threshold): Atlantic Wall 4's two towns read clear (test_blobs_two_measures.py).
5. **Read back**: a hex the colour reading reads as the class holding no more of its symbols (its largest part, or step
   2b's share) than the other classes' examples do (``others``) is read as the ground the examples print the symbols on
   (one that is a share of the hex; else its next class by colour: a pond of a third class in a hatched open hex is no
   reading of it, review38 RB1), its ground kept for its lines (extract.READ_BACK). The class's colour is the blend of
   its examples' symbols and grounds, no reading of it: RBM Studio's Waterloo Campaign 1815 draws its towns as house
   icons over an engraved old map whose hachures, woods and lettering are open, and every open hex darker than most read
   town by colour - 19 of the 41 open hexes of its studied region 2, 456 town hexes on the map where the game's data has
   135 - each with no house part at all (0.0% against the threshold 1.5%, the open examples' largest 0.05%, the region's
   towns 1.6-5%). The legend's own examples read right by colour (its three open examples are lighter), so chosen.py,
   which reads a class whose colour fails its examples, was never tried, and steps 1-4 only ever added the class. Not a
   dotted class (texture.py reads its dots; a field of lighter dots holds none of the examples' colour).

**blobs notes 1 - ink's rim.** A symbol's part (step 2) is made of the colour's pixels off ink's rim - neither ink
(L* under the legend's ink lightness) nor beside it (one of its 8 neighbours) - in the examples (step 2) and on the
map (step 4): a digital map draws its black print anti-aliased, so the pixel round every letter of a label, every tie
of a railway and every hex line is the ink blended with whatever lies under it - and black blended with a light
ground is a dark colour of the ground's hue.
New Manchuria 1976 (TMCW; user44's stranger's test): its mountain is a brown photo texture learned here by its dark
brown blotches (L* 36, parts of 0.8-2.3% of a hex, the threshold 0.75%), and the rim of black blended with the
clear's beige is that brown: "Changchun", "Harbin", "Mongolia" and a railway's ties through the hexes' centres made
parts of 0.8-0.95% in six clear hexes of the sheet, each read mountain "by a symbol's part" (1921, 2124, 2125 of the
studied region; 2104, 2403, 2422). Off the rim those hexes hold parts of 4 px at most, the mountains' blotches 13-19
px: the texture's own dark brown lies mostly off its darker cores, a rim's never does. A symbol printed solid (a
house, a block) loses only its edge beside an outline; a class whose examples hold no part of a symbol's size off
the rim is not read by its parts (New Manchuria's mountain: read by its colour, as every other mountain hex is). Not
step 2b's share: a class read so may be printed in that very blend (RBM's Waterloo Campaign 1815: its towns' grey is
the black outlines of its house icons blended with their white walls at the working scale, read by its share); taken
out of it too, a town there (3125, region 2) fell under its threshold and read open.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..hexgrid import Grid
from .colour import lab_table
from .extract_raster import _hex_raster, _median
from .marks import MODE_RADIUS, RATIO, Marks, _cells, _code_lab, _excluded, _Window
from .parts import components
from .symbols import _dilate, working_codes

__all__ = ["Blobs", "blob_shares", "blob_shares_reaching", "learn_blobs"]

PRESENT = 0.002  # a candidate cell holds this share of the class's example pixels (pooled) or more
LEAST = 0.008  # every example of the class holds a part of the colour of this share of the hex or more ...
MOST = 0.25  # ... and at most this share (a symbol printed small; a class filling its hexes with it is a fill)
RADIUS = MODE_RADIUS  # Delta E: a pixel of the blob colour lies within this of it (and nearer it than any reading)
CANDIDATES = 3  # candidate cells tried, the most common first


@dataclass(frozen=True)
class Blobs(Marks):
    """A class read by the largest part of its symbols' colour in a hex: marks.Marks' fields, read so - ``codes`` (a
    bool over colour.rgb_codes' 64**3 codes), the threshold on that part's share of the inset hex (not the colour's
    share of the hex), the examples' (the class's least, the others' largest), the colour (Lab) and the grounds its
    examples print the symbols on. ``spread``: read by the colour's whole share of the inset hex instead (module doc,
    step 2b: a cluster of small prints, no one part of which tells it)."""

    spread: bool = False
    ink: float = 0.0  # the legend's ink lightness: pixels beside ink are not of the colour (blobs notes 1)


def _off_rim(codes: np.ndarray, ink_lightness: float) -> np.ndarray:
    """Which pixels of ``codes`` (colour.rgb_codes, 2-D) lie off ink's rim: neither ink (L* under ``ink_lightness``)
    nor one of its 8 neighbours (blobs notes 1)."""
    ink = lab_table()[0][codes] < ink_lightness
    return ~_dilate(ink) if ink.any() else np.ones(codes.shape, bool)


def _largest(member: np.ndarray, mask: np.ndarray) -> int:
    """The size (pixels) of the largest connected part (8-neighbours) of ``member`` inside ``mask``."""
    m = member & mask
    if not m.any():
        return 0
    lab, _ = components(m)
    return int(np.bincount(lab.ravel())[1:].max())


def _grown(member: np.ndarray, mask: np.ndarray) -> int:
    """The size (pixels) of the largest connected part (8-neighbours) of ``member`` inside ``mask`` grown by one
    pixel all round (its 8-neighbours added, inside ``mask``; no other part joined to it): the part with the rim that
    the reduction to the working scale blends out of its colour (step 2b)."""
    m = member & mask
    if not m.any():
        return 0
    lab, _ = components(m)
    one = np.pad(lab == int(np.argmax(np.bincount(lab.ravel())[1:])) + 1, 1)
    h, w = m.shape
    grown = np.zeros((h, w), bool)
    for dy in range(3):
        for dx in range(3):
            grown |= one[dy:dy + h, dx:dx + w]
    return int((grown & mask).sum())


def _sized(sizes: dict[int, int], e: int, member: np.ndarray, mask: np.ndarray) -> int:
    """:func:`_largest` of example ``e``'s window ``member``, kept in ``sizes``: step 2b's check of every example asks
    each candidate colour's examples (step 2 measures its parts off ink's rim: blobs notes 1)."""
    if e not in sizes:
        sizes[e] = _largest(member, mask)
    return sizes[e]


def _member(colour: np.ndarray, tab: np.ndarray, excluded: np.ndarray, reading: np.ndarray,
            nearest: np.ndarray | None = None) -> np.ndarray:
    """Which colour.rgb_codes codes (``tab``: their (3, n) CIELAB) are of the blob ``colour``: within RADIUS of it
    and nearer it than every ``reading`` colour ((k, 3) Lab), not ``excluded`` (module doc, step 1). ``nearest``:
    :func:`_nearest_reading` of ``tab`` and ``reading``, when the caller asks for several colours on one table."""
    d = np.sqrt(((tab - colour[:, None]) ** 2).sum(axis=0))
    out = (d <= RADIUS) & ~excluded
    if len(reading):
        out &= d < (_nearest_reading(tab, reading) if nearest is None else nearest)
    return out


def _nearest_reading(tab: np.ndarray, reading: np.ndarray) -> np.ndarray:
    """Each code's (``tab``: (3, n) CIELAB) least Delta E to the ``reading`` colours ((k, 3), k >= 1): a distance
    under it is under every one of them (:func:`_member`: the same float32 distances, each made once for all the
    candidate colours on one table; speed9)."""
    out = np.sqrt(((tab - np.asarray(reading[0], np.float32)[:, None]) ** 2).sum(axis=0))
    for r in reading[1:]:
        np.minimum(out, np.sqrt(((tab - np.asarray(r, np.float32)[:, None]) ** 2).sum(axis=0)), out=out)
    return out


def learn_blobs(image: Image.Image, grid: Grid, examples: Mapping[str, Sequence[str]],
                colours: Mapping[str, Sequence[float]], lines: Sequence[tuple[int, int, int]],
                ink_lightness: float, reading: Sequence[Sequence[float]] = (),
                skip: frozenset[str] = frozenset(), spread_only: frozenset[str] = frozenset(),
                window: _Window | None = None) -> list[Blobs]:
    """The classes read by their symbols' largest part (module doc, steps 1-3), or by their colour's whole share
    (step 2b): ``examples`` (class -> example hexes) of the classes ``colours`` (class -> Lab) names, less ``skip``
    (read otherwise: by their marks); ``spread_only``: classes tried by their colour's share alone (read by their dots
    too, texture.py: their dots are no one symbol); ``lines``: the line features' colours (RGB); ``reading``: every
    colour the colour reading reads by (Lab; the classes' own colours when not given); ``window``: the hex windows
    of ``image`` on ``grid`` (made here when not given: marks.learn_marks reads the same examples' windows)."""
    names = [n for n, hs in examples.items() if n in colours and hs]
    if len(names) < 2 or all(n in skip or len(examples[n]) < 2 for n in names):
        return []
    win = _Window(image, grid) if window is None else window
    listed = [(i, h) for i, n in enumerate(names) for h in examples[n]]
    squares = [win.square(h) for _, h in listed]
    owner = np.asarray([i for i, _ in listed])
    inside = [s[win.mask] for s in squares]
    # each example's pixels off ink's rim (blobs notes 1): a symbol's part is made of those only
    off = [_off_rim(s, ink_lightness) for s in squares]
    area = max(1, int(win.mask.sum()))
    at = np.repeat(np.arange(len(inside)), [len(c) for c in inside])
    codes = np.concatenate(inside)
    uniq = np.flatnonzero(np.bincount(codes, minlength=64 ** 3))
    index = np.zeros(64 ** 3, np.int32)
    index[uniq] = np.arange(len(uniq), dtype=np.int32)
    lab = _code_lab(uniq)[:, index[codes]]
    cell = _cells(lab)
    lines_ink = _excluded(codes, lab, lines, ink_lightness, ())
    ncells = 11 * 27 * 27
    share = np.bincount(at * ncells + cell, minlength=len(inside) * ncells).reshape(len(inside), ncells) / area
    reading_lab = np.asarray(reading if len(reading) else list(colours.values()), np.float32).reshape(-1, 3)
    # the colours of the example windows (the parts reach the inset hex's edge): a candidate's pixels are judged on
    # these alone, and the whole table of codes made for a class learned only
    present = np.flatnonzero(np.bincount(np.concatenate([s.ravel() for s in squares]), minlength=64 ** 3))
    tab_present = _code_lab(present)
    excl_present = _excluded(present.astype(np.int32), tab_present, lines, ink_lightness, ())
    near_present = _nearest_reading(tab_present, reading_lab) if len(reading_lab) else None
    out: list[Blobs] = []
    for i, n in enumerate(names):
        mine = owner == i
        if n in skip or mine.sum() < 2:
            continue
        own = ~lines_ink & ~_excluded(codes, lab, [], 0.0, [colours[n]])
        x = np.bincount(at[own] * ncells + cell[own], minlength=len(inside) * ncells) / area
        x = x.reshape(len(inside), ncells)
        pooled = x[mine].mean(axis=0)
        ok = (pooled >= PRESENT) & (share[~mine].max(axis=0) * RATIO <= x[mine].min(axis=0))
        # the least example's part, the others' largest, the threshold, the colour and the examples' grounds
        best: tuple[float, float, float, np.ndarray, tuple[str, ...]] | None = None
        spread: tuple[float, float, float, np.ndarray, tuple[str, ...]] | None = None  # the same, by share (2b)
        cands = np.flatnonzero(ok)
        for c in cands[np.argsort(-pooled[cands], kind="stable")][:CANDIDATES].tolist():
            px = mine[at] & (cell == c) & own
            colour = lab[:, px].mean(axis=1).astype(np.float32)
            member = np.zeros(64 ** 3, bool)
            member[present] = _member(colour, tab_present, excl_present, reading_lab, near_present)
            # no part is larger than the pixels of the colour: a class's example short of LEAST of them is none
            counts = np.bincount(at[member[codes]], minlength=len(inside))
            if counts[mine].min() < LEAST * area:
                continue
            sizes: dict[int, int] = {}  # each example's largest part of the colour (steps 2b and 2 ask the same)
            lo_share = float(counts[mine].min()) / area
            if spread is None or lo_share > spread[0]:  # step 2b: the colour's whole share told apart
                t = _threshold(counts[mine] / area, counts[~mine] / area)
                # ... of symbols: every example holds a part of a symbol's size (LEAST), not only dots or hatching (a
                # stipple's dots read so took lined and part-dotted hexes from texture.py's reading: test_dotted)
                # - the part with its rim where the scan was reduced to the working scale (win.f > 1): each
                # working pixel averages f x f of the scan's, so a block's rim pixels are blends of it and its ground,
                # out of the colour, and a block of LEAST is read smaller (test_blobs_spread's board at 2x: hexes of
                # 100 px read at f = 3, the examples' blocks 0.55-0.73% of the hex; 1.0-1.2% at 1x, f = 1)
                # (step 2 measures its part off ink's rim, blobs notes 1: not this one)
                if t is not None and all((_sized(sizes, e, member[squares[e]], win.mask) if win.f == 1 else
                                          _grown(member[squares[e]], win.mask)) >= LEAST * area
                                         for e in np.flatnonzero(mine).tolist()):
                    grounds = _grounds(i, member[codes], lab, at, owner, colours, ink_lightness)
                    if set(grounds) - {n}:
                        spread = (lo_share, float(counts[~mine].max()) / area, t, colour, grounds)
            if n in spread_only:
                continue
            got: list[float] = []
            for e in np.flatnonzero(mine).tolist():  # (stopped at the first example out of LEAST..MOST)
                # (the part off ink's rim: blobs notes 1)
                got.append(_largest(member[squares[e]] & off[e], win.mask) / area)
                if not LEAST <= got[-1] <= MOST or (best is not None and got[-1] <= best[0]):
                    break
            pos = np.asarray(got)
            lo = float(pos.min())
            if len(got) < mine.sum() or lo < LEAST or float(pos.max()) > MOST or (best is not None and lo <= best[0]):
                continue
            grounds = _grounds(i, member[codes], lab, at, owner, colours, ink_lightness)
            if not set(grounds) - {n}:
                continue  # printed on a fill of its own colour: the colour reading holds it
            # the others' largest parts: only where their pixels of the colour could make one moving the threshold or
            # reaching a third of the least (a part is no larger than its pixels), stopped at the first that reaches
            # it (told apart from none)
            neg = [0.0]
            floor = min(lo / RATIO, float(_median(pos)) / RATIO ** 2)  # (under it the threshold does not move)
            for e in np.flatnonzero(~mine).tolist():
                if counts[e] > floor * area:
                    neg.append(_largest(member[squares[e]] & off[e], win.mask) / area)
                    if neg[-1] * RATIO > lo:
                        break
            t = _threshold(pos, np.asarray(neg))
            if t is not None:
                best = (lo, max(neg), t, colour, grounds)
        # a symbol told by its largest part is read so (2); one whose parts are not, by its colour's share (2b)
        chosen, by_share = (best, False) if best is not None else (spread, True)
        if chosen is None:
            continue
        tab = lab_table()
        every = _member(chosen[3], tab, _excluded(np.arange(64 ** 3, dtype=np.int32), tab, lines, ink_lightness, ()),
                        reading_lab)
        out.append(Blobs(n, every, chosen[2], chosen[0], chosen[1], tuple(float(v) for v in chosen[3]),  # type: ignore[arg-type]
                         chosen[4], by_share, ink_lightness))
    return out


def _threshold(pos: np.ndarray, neg: np.ndarray) -> float | None:
    """The part size between the class's examples ``pos`` and the others' ``neg`` (module doc, step 2), or None."""
    lo = float(pos.min())
    hi = float(neg.max()) if len(neg) else 0.0
    if lo < LEAST or float(pos.max()) > MOST or hi * RATIO > lo:
        return None
    typical = float(_median(pos))
    return min(lo, math.sqrt(typical * max(hi, typical / RATIO ** 2)))


def _grounds(i: int, member: np.ndarray, lab: np.ndarray, at: np.ndarray, owner: np.ndarray,
             colours: Mapping[str, Sequence[float]], ink_lightness: float) -> tuple[str, ...]:
    """The class whose colour each example of class ``i`` holds its symbols over (module doc, step 3): the one
    nearest the median of its pixels neither of the colour (``member``, per example pixel) nor ink. ``at``: each
    pixel's example, ascending (each example's pixels together, as learn_blobs lists them)."""
    names = list(colours)
    cols = np.asarray([colours[k] for k in names], np.float64).reshape(-1, 3)
    out = []
    for e in np.flatnonzero(owner == i).tolist():
        # (the example's own pixels, a slice: the same pixels in the same order as a mask over every example's)
        a, b = np.searchsorted(at, [e, e + 1]).tolist()
        px = ~member[a:b] & (lab[0, a:b] >= ink_lightness)
        if px.any():
            g = _median(lab[:, a:b][:, px], axis=1)  # (finite: np.median without its numpy.ma import)
            out.append(names[int(np.argmin(((cols - g) ** 2).sum(axis=1)))])
    return tuple(sorted(set(out)))


def blob_shares(image: Image.Image, grid: Grid, blobs: Sequence[Blobs]) -> np.ndarray:
    """(len(blobs), hexes) the largest part of each class's colour in each hex (grid.hexes()' order), as a share of
    the inset hex, or the colour's whole share for a class read so (``spread``; module doc, step 4); 0 where the hex
    holds fewer pixels of it than the class's threshold."""
    return blob_shares_reaching(image, grid, blobs, ())[0]


def blob_shares_reaching(image: Image.Image, grid: Grid, blobs: Sequence[Blobs],
                         reach: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`blob_shares`, and the same shares down to a part of each class's threshold (``reach``, one a class;
    none: the threshold): step 4b's dots read a hex whose share reaches a part of the threshold. One reading of the
    scan for both: (at the threshold, down to the reach)."""
    assert grid.layout is not None
    win = _Window(image, grid)
    f, r, lay = win.f, win.r, win.lay
    work = working_codes(image, f)
    hexes = grid.hexes()
    area = max(1, int(win.mask.sum()))
    hid = _hex_raster(lay, hexes, work.shape, 1.0).reshape(-1) + 1  # 0: in no hex
    out = np.zeros((len(blobs), len(hexes)))
    low = out.copy() if len(reach) else out
    h, w = work.shape
    off: dict[float, np.ndarray] = {}  # the scan's pixels off ink's rim, per ink lightness (blobs notes 1)
    for k, b in enumerate(blobs):
        if b.ink not in off and not b.spread:
            off[b.ink] = _off_rim(work, b.ink)
        member = b.codes[work] if b.spread else b.codes[work] & off[b.ink]
        count = np.bincount(hid[member.reshape(-1)], minlength=len(hexes) + 1)[1:]
        full = count >= b.threshold * area
        for j in np.flatnonzero(count >= b.threshold * reach[k] * area if len(reach) else full).tolist():
            x, y = lay.hex_to_pixel(hexes[j])
            x0, y0 = round(x) - r, round(y) - r
            if x0 < 0 or y0 < 0 or x0 + 2 * r + 1 > w or y0 + 2 * r + 1 > h:
                m = np.zeros((2 * r + 1, 2 * r + 1), bool)
                sy0, sx0 = max(0, y0), max(0, x0)
                sy1, sx1 = min(h, y0 + 2 * r + 1), min(w, x0 + 2 * r + 1)
                if sy1 > sy0 and sx1 > sx0:
                    m[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = member[sy0:sy1, sx0:sx1]
            else:
                m = member[y0:y0 + 2 * r + 1, x0:x0 + 2 * r + 1]
            low[k, j] = (int((m & win.mask).sum()) if b.spread else _largest(m, win.mask)) / area
            if full[j]:
                out[k, j] = low[k, j]
    return out, low

