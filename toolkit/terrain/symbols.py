"""Printed symbols (villages, towns, cities, fortifications) found from a few marked example hexes,
by template matching at the calibrated scale, so that a hex holding a symbol is found even when the
symbol covers 3% of it (issue 14, item 2).

1. **Colour.** Pixels of the example hexes farther than ``FAR`` (Delta E) from every terrain colour
   are binned coarsely in CIELAB (a bin is in an example when it and the bins around it hold 3 of its
   pixels: a colour printed in a few pixels spreads over bin edges, and how is luck); of the bins found
   in the most examples, the colour whose template (step 2) stands out on the map wins: the fewest of
   the other hexes score half the examples' lowest or more, judged on the ``SAMPLE`` hexes nearest the
   examples (the same on any grid that holds them: the choice does not move with the grid's extent).
   Towns printed on a road, with their name beside them, share the road's and the name's colour too,
   and that template matches all along every road (MMP Afrika: 249 of 420 hexes); the town dot's does
   not. Of the colours that stand out about as well,
   the one whose shared marks have the largest solid part, then size: a road through every example
   at the same place lines up but is thin. A legend may give the colour (as its key prints it): it is
   then moved to the median of the example hexes' pixels within the tolerance of it (the map's print).
   When no candidate stands out (the chosen one's template is matched in more than ``STANDOUT`` of the sample:
   the inks of the names and roads through the examples), the symbol's colour lies nearer a terrain's than
   ``FAR`` on this scan: candidates are looked for again down to ``FAR / NEARER`` from the terrains, among the
   pixels farther than the tolerance from every colour already tried (the inks that failed), up to ``MORE`` of
   them by pixel count, each with a tolerance of at most half its distance to the nearest terrain colour (its
   mask stays nearer it than the ground), and the same choice is made over all. MMP Afrika's town dot (a yellow
   core 4 px across at the working scale, 30-45 Delta E from the sand) under a darker tone curve or JPEG kept
   few pixels beyond FAR, and at 0.6 or 1.5 times the scan's resolution its shades were crowded out of the
   candidates by the dark lettering's: the template became a name or a road (gamma 1.25: 4 of 4 towns at 66
   found; x0.6: 0 of 4 at 6).
2. **Template.** In each example hex the pixels of that colour (inside the hex, away from its edges)
   are cut out; the cut-outs are aligned on the first by the shift of best overlap, and the template
   is what most of them share: a railway or a name that passes one example in another direction is
   not part of the symbol.
   Only the template's main connected parts are kept (stubs of lines crossing the examples alike go).
3. **Matching.** The template is correlated (FFT, a batch of hex windows at a time) with the colour
   mask around every hex: the score at a place is the share of template pixels found there less the
   share of the box around it (padded by ``PAD`` template sizes) that is the colour but not the
   template (a big blob or lettering of the colour is not the symbol). A hex holds the symbol when
   the best score with the symbol's centre inside it reaches the threshold: the given one, else the
   middle of the widest gap in the hexes' scores from half the examples' lowest up to it, over the
   examples and the ``LEARN`` hexes nearest them (the same threshold on any grid that holds them; over
   a whole map the gap rule had fallen to the speckle of a yellower print far from the examples).
   The middle of the marks it matched there (the template's pixels on the colour) must lie inside the hex too:
   a template learned from examples of two houses, matched on one house just beyond the hex's edge, has its
   centre inside the hex (GMT Red Winter's villages); where the best place's marks do not, the best place
   whose marks do counts, if it reaches the threshold (the hex's own smaller house).
4. **Check.** Leave-one-out over the examples: each example is scored with the template of the
   others (with 2 or more examples) and counted found when it reaches the threshold. When that
   misses an example (printed symbols that vary, as a village's blocks: an example scores far less
   against the others' template than against one it is part of), the threshold moves down to the
   middle between those leave-one-out scores and the score only ``1 - OTHERS_Q`` of the other hexes
   (the ``LEARN`` nearest the examples) reach, or to the middle of the gap in the scores widest for the
   score above it (a village's varied prints score evenly down to the edge of the hexes without one,
   where the widest gap in absolute terms is luck: MMP Bastogne's moved with a pixel's shift of the
   scan), whichever is lowest, if lower (and the leave-one-out count is taken at it). Leave-one-out
   matches only those hexes.
5. **Frames.** Straight rows or columns of the colour ``BAND`` hex sizes long or more (a map's frame, a
   border band) are left out of the mask the symbol is learned and found on: MMP Bastogne's dark-red frame
   matched the village template in every hex along it. The places the template matches the colour as printed,
   frame included, are still the report's ``stamps``: what the line tracers leave out of a line's ink.
6. **A terrain's ink.** A symbol may be printed in the ink of a terrain that is none of its examples' ground: the
   original 1986 print of GDW's Battle for Moscow prints its set-up crosses and stars, its towns' squares and its
   railways in the black of Moscow's blot (the legend's city class), and its scan is a dithered palette picture.
   Every pixel of those symbols lay within ``FAR`` of the city's colour but the dither's strays (1-2% of their
   example hexes' pixels unlike the paper: 21, 14 and 88 of 1929, 1589 and 4021), so the colour taken was a stray's
   and the template a speckle (region 2, studied: cross 2/8, star 5/8 at 5/19, town 3/6 - its three examples
   only). Where fewer than ``INK_SHARE`` of the example hexes' pixels unlike their ground (the terrains nearest
   ``GROUND`` of an example's pixels or more) are unlike every terrain too, the symbol's colour is told from the
   ground's alone, each candidate's tolerance at most half its distance to the ground's colours (as the nearer
   look's), and the nearer look is not made again (:func:`_ink_bar`). Elsewhere the share is 0.18 (MMP Afrika's
   town dot) to 1.0: the rule fires on no other case of the bench. Two more follow from one ink: a cross and a star
   printed in it, each found on the other's mark (the star's template covers 0.66-0.72 of a cross), are one symbol -
   two symbols of one ink (each colour within the other's tolerance) found in a hex on the same mark
   (``MARK_SHARE`` of the smaller one's marks shared) leave it to the one scoring higher
   (:func:`_one_mark_one_symbol`); and the towns' squares, learned with the railway's stubs through their
   examples, were left out of the railway's ink stubs and all (rail 42/44 -> 37/44): a symbol whose colour lies
   within its tolerance of a line's hands the tracers only its solid part - where a square ``LINE_AREA`` of a hex
   across fits in its template, as extract_raster tells a terrain's areas from a line's thin marks - or all of it
   where none fits (a cross of bars as thin as a line). Region 2: cross 8/8 at 8/8, star 6/8 at 6/6, town 4/6 at
   4/6, rail 44/44; MMP Bastogne's railway, by villages of its red, 58/59 -> 59/59. Left: BfM's towns (a template
   of a square and its railway's stubs matches a junction with no square, 1201, and Moscow's blot); two stars
   beside names (0504) or a town (0803).
7. **What the examples share against their own ground.** Vae Victis' *La Garde avance!* (a true scan of paper)
   prints its tree icons as a pale cream tuft (``#cadda9``) over a dark-green trunk on the high ground. The cream
   lies within ``FAR`` of every terrain (12 of the pale, 24 of the high ground it is printed on), so it was never a
   candidate; the trunk's green is the ids' ink; the two examples (2810, 2811) share the ochre track down their left
   side and the id's "281" above the icon. The candidate with the most body was the track's ochre, whose mask less
   its straight runs (step 5) left a template of 23 x 1 px: trees 3/9 at 3/4 on the studied region, found at the
   track's fork and bends, and the track's link 2402/2403 lost under their stamps. Now, where the colour is not
   given (and the symbol is not in a terrain's ink, notes 6):
   - the example hexes' ground is the terrain nearest the most of their pixels, and the hexes on it are those of
     the ``SAMPLE`` nearest the examples whose ground is an example's (:func:`_own_ground`; at least ``OWN_LEAST``);
   - **near candidates**: colour cells of ``OWN_BIN`` holding example pixels within ``FAR`` of a terrain, in every
     example and in at most ``OWN_COMMON`` of the hexes on their ground (no printed symbol is in most hexes; the
     ground's own shades, the ids' ink are in all), up to ``OWN_CANDIDATES``, each with a tolerance of at most half
     its distance to the ground's colour, join the candidates (:func:`_own_ground_colours`; La Garde's cream, 83 px
     at 11.9);
   - **a template is what the examples share and the hexes on their ground do not hold at the same place**: a
     place of the consensus that ``OWN_COMMON`` of those hexes' cut-outs hold (an id printed at every hex's top, in the
     symbol's ink) is not the symbol (:func:`_background`; La Garde's dark template lost the ids' digits, 151 ->
     108 px: the trunk and shadow);
   - a candidate in a legend line's colour whose template as it is learned - on its mask less its straight runs
     (step 5, :func:`_banded`) and less that background - is one straight stroke (:func:`is_stroke`, advice notes
     2's test), or nothing, is that line passing the examples alike: it is chosen only when nothing else is (the
     track's 23 px). The candidates are otherwise rated as before, on their whole mask (the banded one rated a
     town dot splitting a road by the road's stubs either side of it: test_symbol_colour).
   La Garde: the trunk's dark green chosen (spread 0.115, body 23; the cream 0.070, body 1 - either finds the
   icons), trees 9/9 at 9/9 and the track 10/12 -> 12/12 (its stamps gone); the 11 icons of the right page found and
   nothing else outside the blind region (the 8 false hexes dropped, judged by eye).
"""

from __future__ import annotations

import contextlib
import contextvars
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw

from ..errors import InputError
from ..hexgrid import Grid, Hex, Layout
from .colour import lab_table, rgb_codes, rgb_to_lab
from .extract_raster import LINE_AREA, _odd, _opening
from .parts import components

__all__ = ["SymbolClass", "SymbolReport", "find_symbols", "one_reduction", "working_codes"]

FAR = 30.0  # Delta E from every terrain colour for a pixel to be symbol-coloured
WORK_SIZE = 36.0  # hexes are matched at about this size (px), the scan reduced to it
INSET = 0.8  # example cut-outs are taken inside this share of the hex size
PAD = 0.5  # the box around the template where the colour counts against a match, in template sizes
PENALTY = 1.0  # the weight of the colour found there
COMMON = 0.5  # a symbol's threshold is never one that more than this share of the hexes reach
OTHERS_Q = 0.95  # the share of the other hexes taken to hold no symbol (when its threshold is set from them)
SAMPLE = 200  # the hexes nearest the examples that tell how a candidate colour's template stands out
SAME = 6.0  # candidate colours closer than this (Delta E) are one
BAND = 1.5  # a straight run of the symbol's colour this many hex sizes long is a frame or a line, not a symbol
LEARN = 1000  # the hexes nearest the examples on which the threshold is set (all of a smaller grid)
NEAR = 2.0  # candidates whose templates are matched by up to this many times the fewest hexes count as equals
# colour cells (10 L* by 10 a* by 10 b*) for what the legend knows; a match whose box holds this share of colours in
# none of them (nor next to one) is on other art
CELLS = (np.linspace(0.0, 100.0, 11), np.linspace(-60.0, 60.0, 13), np.linspace(-60.0, 90.0, 16))
STRANGE = 0.2
LINE_SIDES = 3000  # hexes whose sides' middles tell the printed hex lines' colour
LINE_SHARE = 0.1  # a colour cell holding this share of those middles is the hex lines' (known to _strange)
OUTLINE_SHARE = 0.8  # a symbol is printed outlined when this share of the rings round its parts is one colour
OUTLINED = 0.5  # ... and then a part of its colour is the symbol when this share of its ring is of that colour
STANDOUT = 0.25  # a colour whose template is matched in more than this share of the sample does not stand out
NEARER = 1.5  # ... and the candidates are then looked for down to FAR / NEARER from the terrains
CANDIDATES = 6  # candidate colours, the most common first
MORE = 12  # ... and, looked for again nearer the terrains, as many more
GROUND = 0.25  # (notes 6) a terrain nearest this share of an example hex's pixels is the ground it is printed on
MARK_SHARE = 0.5  # (notes 6) two symbols' matches sharing this share of the smaller one's marks are on one mark
INK_SHARE = 0.1  # (notes 6) ... and a symbol with less than this share of its pixels unlike the ground unlike every
# terrain is printed in a terrain's ink
# (notes 7; advice notes 2) a template whose pixels spread across its long axis less than this share of along it is a
# straight run of a line
STROKE = 0.2
OWN_BIN = 12.0  # (notes 7) the colour cells (Delta E) a symbol's colour near the terrains is looked for in
OWN_LEAST = 8  # (notes 7) ... told against at least this many hexes of its examples' ground
OWN_CANDIDATES = 3  # (notes 7) ... up to this many
OWN_COMMON = 0.5  # (notes 7) a colour, or a place of a template, this share of the hexes on the examples' ground hold
# is theirs, not the symbol's (no printed symbol is in most hexes)


@dataclass(frozen=True)
class SymbolClass:
    """A printed symbol: example hexes holding it; ``terrain``: it is a terrain class of the legend
    (the hex takes it by priority), else it is only reported. ``colour`` (RGB), ``tolerance``
    (Delta E) and ``threshold`` (score) are learned when not given."""

    name: str
    examples: tuple[str, ...]
    terrain: bool = False
    colour: tuple[int, int, int] | None = None
    tolerance: float | None = None
    threshold: float | None = None


@dataclass
class SymbolReport:
    """What was learned for a symbol, and its leave-one-out check over the examples."""

    colour: tuple[float, float, float]
    tolerance: float
    threshold: float
    template_px: int
    example_scores: list[float]
    loo_found: int
    loo_total: int
    scores: dict[str, float] = field(default_factory=dict)
    # scan pixel of each place the template matched the colour as printed (each symbol found, and where it matched
    # a frame of its colour): what the line tracers leave out
    stamps: list[tuple[float, float]] = field(default_factory=list)
    template: np.ndarray = field(default_factory=lambda: np.zeros((1, 1), bool))  # at the working scale
    # where the symbol is printed outlined (_outlined): its outlined parts, at the working scale, and where that
    # starts on the scan and its reduction (x0, y0, f); the colour's other parts (a line of it) are not the symbol
    parts: np.ndarray | None = None
    origin: tuple[int, int, int] = (0, 0, 1)
    # at each stamp, the template's pixels on the colour as printed there: the symbol's own marks (a template learned
    # from examples of two houses matched on one reaches over what lies beside it, a road)
    marks: list[np.ndarray] = field(default_factory=list)


def _size(lay: Layout) -> float:
    return math.sqrt(lay.hex_area() / (1.5 * math.sqrt(3.0)))


#: within :func:`one_reduction`: (id of a scan, factor) -> (the scan, its working-scale colour codes)
_REDUCED: contextvars.ContextVar[dict[tuple[int, int], tuple[Image.Image, Image.Image, np.ndarray]] | None] = \
    contextvars.ContextVar("reduced", default=None)


@contextlib.contextmanager
def one_reduction() -> Iterator[None]:
    """Within it (one extraction run, extract.extract), :func:`working_codes` reduces and codes each scan once at each
    factor: the marks' shares (marks.mark_shares) and every line's reading (lines.crossings, at the working scale and
    at its finer one) read the same region (review C8: each made its own, the whole region reduced and coded once for
    the marks and twice a line). Outside it each call makes its own (a caller may draw on its image between two)."""
    token = _REDUCED.set({})
    try:
        yield
    finally:
        _REDUCED.reset(token)


def working_codes(image: Image.Image, f: int) -> np.ndarray:
    """colour.rgb_codes of ``image`` reduced by ``f`` (the working scale, :data:`WORK_SIZE` px a hex, or a finer
    one), (h, w) int32, read-only; made once per scan and factor within :func:`one_reduction`."""
    return working_scan(image, f)[1]


def working_scan(image: Image.Image, f: int) -> tuple[Image.Image, np.ndarray]:
    """``image`` reduced by ``f`` and its :func:`working_codes`, made once per scan and factor within
    :func:`one_reduction` (review35 C4: the reduced image too - lines._read_colour reduced the scan to its finer scale
    again for every line, where that scale is not the scan's own: hexes of 126 px or more, Squad Leader's 165 px).
    The image is shared: read it, never draw on it."""
    made = _REDUCED.get()
    key = (id(image), f)
    if made is not None and key in made and made[key][0] is image:
        return made[key][1], made[key][2]
    work = image.reduce(f) if f > 1 else image
    codes = rgb_codes(np.asarray(work.convert("RGB")))
    codes.setflags(write=False)  # shared: a write would change every later reader's
    if made is not None:
        made[key] = (image, work, codes)  # the scan kept with its codes: its id is not another's while the run lasts
    return work, codes


def find_symbols(image: Image.Image, grid: Grid, classes: Sequence[SymbolClass],
                 terrain_labs: Sequence[Sequence[float]], line_labs: Sequence[Sequence[float]] = (),
                 loo_stops: bool = False) -> tuple[dict[str, set[str]], dict[str, SymbolReport]]:
    """Hexes holding each symbol (symbol -> hex ids) and what was learned for each. Only the part of
    the scan under the grid's hexes is read, one hex window at a time (memory does not grow with the
    scan). ``loo_stops``: a symbol whose leave-one-out check does not find every example (of two or more) is
    not looked for further - no hex found, its report the colour, threshold, template and that check's alone (a
    caller refusing such a symbol: chosen.py; review37 C9: Roads to Gettysburg's rough and woods, refused so, cost
    its extraction ~2 s of CPU where the rest was read)."""
    assert grid.layout is not None
    if not classes:
        return {}, {}
    size = _size(grid.layout)
    f = max(1, round(size / WORK_SIZE))
    hexes = grid.hexes()
    ids = [grid.id(h) for h in hexes]
    pts = np.array([p for h in hexes for p in grid.layout.corners(h)])
    x0, y0 = max(0, int(pts[:, 0].min()) - 2), max(0, int(pts[:, 1].min()) - 2)
    x1, y1 = min(image.width, int(pts[:, 0].max()) + 3), min(image.height, int(pts[:, 1].max()) + 3)
    if x1 <= x0 or y1 <= y0:
        return {sc.name: set() for sc in classes}, {}
    work = image.crop((x0, y0, x1, y1))
    work = work.reduce(f) if f > 1 else work
    lay = grid.layout.translated(-x0, -y0).translated(-(f - 1) / 2, -(f - 1) / 2).scaled(1 / f)
    codes = rgb_codes(np.asarray(work.convert("RGB")))
    tab = lab_table()
    r = math.ceil(INSET * _size(lay))
    centres = np.array([[round(v) for v in lay.hex_to_pixel(h)] for h in hexes], dtype=np.intp).reshape(-1, 2)
    inset = _inset_mask(lay, hexes[0], r, INSET)
    rw = math.ceil(_size(lay))
    whole = _inset_mask(lay, hexes[0], rw, 1.0)  # where a symbol's centre may be to count for a hex
    index = {hid: i for i, hid in enumerate(ids)}
    grid_codes = _hex_line_codes(codes, lay, hexes)
    band = max(3, round(BAND * _size(lay)))  # a straight run this long is a frame or a line (notes 5)
    line_square = _odd(LINE_AREA * _size(lay))  # a square of a line's width at most (extract_raster)
    found: dict[str, set[str]] = {}
    reports: dict[str, SymbolReport] = {}
    tl = np.array(terrain_labs, dtype=np.float32).reshape(-1, 3)
    # each symbol's colour, tolerance and, per hex found, its score and marks (the scan's pixels): one mark is one
    # symbol (notes 6)
    read: dict[str, tuple[np.ndarray, float, dict[str, tuple[float, set[tuple[int, int]]]]]] = {}
    for sc in classes:
        if not sc.examples:
            raise InputError(f"symbol {sc.name!r} needs example hexes (hexes: [...]) to learn its shape from")
        ex = [grid.hex(h) for h in sc.examples]
        ex_i = [index[grid.id(h)] for h in ex if grid.id(h) in index]
        if len(ex_i) != len(ex):
            raise InputError(f"symbol {sc.name!r}: an example hex is not in the grid's extent")
        tol = sc.tolerance if sc.tolerance is not None else 25.0
        # the hexes near the examples printed on their ground: what the examples share with them at the same place
        # (ids printed at every hex's top) is not the symbol (notes 7)
        sample = _nearest(hexes, ex_i, SAMPLE)
        ex_px, backs, grounds = _own_ground(codes, tab, centres, ex_i, sample, r, inset, tl)
        if sc.colour is not None:
            # as the key's swatch prints it; moved to the scan's print of it in the example hexes
            colour = _adapted(rgb_to_lab(np.array(sc.colour, np.float64)), codes, tab, centres[ex_i], r, inset, tol)
        else:
            # the candidate colour whose template stands out on the map, and of those the one with body
            # (_distinct_colour, _body); a symbol printed in a terrain's ink is told from the ground only (notes 6)
            bar = _ink_bar(codes, tab, centres[ex_i], r, tl)
            cands = _symbol_colours(codes, tab, centres[ex_i], r, bar, sc.name)
            tols = [tol] * len(cands) if len(bar) == len(tl) else [
                min(tol, float(np.sqrt(((bar - c) ** 2).sum(axis=1)).min()) / 2) for c in cands]
            far, far_tols = cands, tols
            if len(bar) == len(tl):
                nearer = _own_ground_colours(codes, tab, ex_px, backs, centres, r, inset, tl, grounds, cands, tol)
                cands = [*cands, *(c for c, _ in nearer)]
                tols = [*tols, *(t for _, t in nearer)]
            colour, spread, tol = _distinct_colour(codes, tab, cands, tols, centres, ex_i, sample, r, inset, rw, whole,
                                                   backs, band, line_labs, line_square)
            if spread > STANDOUT and len(bar) == len(tl):
                # nothing stands out (the inks of the names and roads through the examples): the symbol's colour
                # lies nearer a terrain's than FAR on this scan (a yellow dot on sand under a darker tone curve);
                # looked for again nearer, among the pixels unlike every colour tried, each kept nearer its
                # colour than the ground
                more = [c for c in _symbol_colours(codes, tab, centres[ex_i], r, tl, sc.name, FAR / NEARER, far,
                                                   far_tols[0], MORE)
                        if all(float(np.sqrt(((c - o) ** 2).sum())) >= SAME for o in cands)]
                if more:
                    tols = [*tols, *(min(far_tols[0], float(np.sqrt(((tl - c) ** 2).sum(axis=1)).min()) / 2)
                                     if len(tl) else far_tols[0] for c in more)]
                    colour, spread, tol = _distinct_colour(codes, tab, [*cands, *more], tols, centres, ex_i, sample,
                                                           r, inset, rw, whole, backs, band, line_labs,
                                                           line_square)
        lut = np.sqrt(((tab - np.asarray(colour, np.float32)[:, None]) ** 2).sum(axis=0)) < tol
        printed = lut[codes]
        mask = _without_bands(printed, band)
        crops = [_cut(mask, centres[i], r, inset) for i in ex_i]
        back = _background(mask, centres, backs, r, inset)
        template = _consensus(crops, back)
        if template.sum() < 3:
            raise InputError(f"symbol {sc.name!r}: its example hexes share no mark of one colour; "
                             "give more examples, or its colour")
        best, where = _match_hexes(mask, template, centres, rw, whole)
        ex_scores = [float(best[i]) for i in ex_i]
        # the threshold is set on the examples and the LEARN hexes nearest them (as the colour is chosen on the
        # nearest SAMPLE): the same on any grid that holds them
        near = _nearest(hexes, ex_i, LEARN)
        judge = np.concatenate([np.asarray(ex_i, np.intp), near])
        thr = sc.threshold if sc.threshold is not None else _threshold(best[judge], min(ex_scores))
        if sc.threshold is None and _common(best[near], thr):
            # an example that does not stand out from the other hexes (its mark overprinted by lines, or a hex
            # without the symbol) pulled the threshold down into them: set it on the examples that stand out
            standout = [v for v in ex_scores if v > float(np.quantile(best[near], OTHERS_Q))]
            if standout:
                thr = _threshold(best[judge], min(standout))
        loo = 0
        unseen: list[float] = []  # each example's score with the template of the others
        if len(crops) >= 2:
            for k in range(len(crops)):
                t_k = _consensus(crops[:k] + crops[k + 1:], back)
                if t_k.sum() >= 3:
                    b_k, _ = _match_hexes(mask, t_k, centres[judge], rw, whole)  # examples first
                    others = [float(b_k[j]) for j in range(len(ex_i)) if j != k]
                    thr_k = sc.threshold if sc.threshold is not None else _threshold(b_k, min(others))
                    loo += int(b_k[k] >= thr_k)
                    unseen.append(float(b_k[k]))
        if sc.threshold is None and len(unseen) == len(crops) >= 2 and loo < len(unseen):
            # a symbol printed each its own way: its scores spread evenly down to the edge of the hexes without
            # it, where a gap is widest for its score (the widest gap may be any between two of its prints)
            rel = _threshold(best[judge], min(ex_scores), relative=True)
            low = _unseen_threshold(best[near], unseen)
            low = rel if low is None else min(low, rel)
            if low < thr and not _common(best[near], low):
                thr = low
                loo = sum(1 for v in unseen if v >= thr)
        c3 = (float(colour[0]), float(colour[1]), float(colour[2]))
        if loo_stops and (len(crops) < 2 or loo < len(crops)):
            found[sc.name] = set()
            reports[sc.name] = SymbolReport(c3, tol, float(thr), int(template.sum()), [round(v, 3) for v in ex_scores],
                                            loo, len(crops) if len(crops) >= 2 else 0)
            continue
        # a symbol printed outlined (house blocks ringed in black): its outlined parts, which a line of its colour (a
        # railway in the villages' red) is not, for the line tracers to leave out
        ringed = _outlined(mask, codes, tab, centres[ex_i], r, inset, tl, tol)
        parts = ringed if ringed is not mask else None
        hit = np.nonzero(best >= thr)[0]
        # a match on art the legend does not know (a counter-like disc in colours of no terrain, line or example
        # hex) is not the symbol
        strange = _strange(codes, tab, centres, r, inset, ex_i, [*terrain_labs, *line_labs], hit, where, template,
                           grid_codes)
        # the symbol's own marks where it matched (the template's pixels on its colour) lie in the hex: a template of
        # two houses matched on one house just beyond the hex's edge has its middle inside it, its house not
        inside = _marks_inside(mask, template, centres[hit] + where[hit], where[hit], whole, rw)
        for miss in np.nonzero(~inside)[0].tolist():
            # its best place elsewhere in the hex whose marks do lie in it, if that still reaches the threshold
            i = int(hit[miss])
            maps: list[np.ndarray] = []
            _match_hexes(mask, template, centres[i:i + 1], rw, whole, maps=maps)
            score = maps[0].reshape(-1)
            for j in np.argsort(-score, kind="stable"):
                if score[j] < thr:
                    break
                w = np.array([[j % (2 * rw + 1) - rw, j // (2 * rw + 1) - rw]], dtype=np.intp)
                if _marks_inside(mask, template, centres[i:i + 1] + w, w, whole, rw)[0]:
                    where[i], inside[miss] = w[0], True
                    break
        found[sc.name] = {ids[i] for i, v, ok in zip(hit, strange, inside) if v < STRANGE and ok}
        read[sc.name] = (np.asarray(colour, np.float64), tol, {
            ids[i]: (float(best[i]), _mark_pixels(mask, template, centres[i] + where[i]))
            for i in hit.tolist() if ids[i] in found[sc.name]})
        # what the line tracers leave out of a line's ink: the template matched on the colour as printed, a frame
        # of it included (a frame is no line either; the tracers' own handling of one is not this module's)
        hit_p, where_p = hit, where
        near = _near_change(printed & ~mask, centres, rw + max(template.shape))
        if near.any():  # matched again only in the hexes whose window holds a frame
            best_p, where_p = best.copy(), where.copy()
            best_p[near], where_p[near] = _match_hexes(printed, template, centres[near], rw, whole)
            hit_p = np.nonzero(best_p >= thr)[0]
        stamps = [(x0 + (centres[i, 0] + where_p[i, 0]) * f + (f - 1) / 2,
                   y0 + (centres[i, 1] + where_p[i, 1]) * f + (f - 1) / 2) for i in hit_p]
        th, tw = template.shape
        at = (centres[hit_p] + where_p[hit_p]).reshape(-1, 2)
        # printed in a line's ink (a town's square on its railway junction), the template holds the line's stubs: the
        # symbol's own marks are its part wider than a line (notes 6)
        inked = any(float(np.sqrt(((np.asarray(c, np.float64) - np.asarray(colour)) ** 2).sum())) < tol
                    for c in line_labs)
        own = _solid(template, _odd(LINE_AREA * _size(lay))) if inked else template
        marks = [w[:th, :tw] & own for w in _windows(printed, at, th // 2, tw // 2)] if len(at) else []
        reports[sc.name] = SymbolReport(c3, tol, float(thr), int(template.sum()),
                                        [round(v, 3) for v in ex_scores], loo, len(crops) if len(crops) >= 2 else 0,
                                        {ids[i]: round(float(best[i]), 3) for i in np.nonzero(best > 0)[0]},
                                        [(float(x), float(y)) for x, y in stamps], template, parts, (x0, y0, f),
                                        marks)
    _one_mark_one_symbol(found, read)
    return found, reports


def _solid(template: np.ndarray, square: int) -> np.ndarray:
    """The part of ``template`` where a ``square`` px wide (odd) fits in it (its opening, extract_raster._opening: as
    extract_raster tells a terrain's areas from a line's thin marks, ``LINE_AREA``); all of it where none fits (a
    symbol of strokes as thin as a line: a cross of bars)."""
    o = _opening(template, square) if min(template.shape) >= square else None
    return o if o is not None and o.any() else template


def _mark_pixels(mask: np.ndarray, template: np.ndarray, at: np.ndarray) -> set[tuple[int, int]]:
    """The pixels (x, y on ``mask``) of ``template`` matched at ``at`` (its centre) that are on ``mask``."""
    th, tw = template.shape
    m = _windows(mask, np.asarray(at, np.intp).reshape(1, 2), th // 2, tw // 2)[0][:th, :tw] & template
    ys, xs = np.nonzero(m)
    return set(zip((xs + int(at[0]) - tw // 2).tolist(), (ys + int(at[1]) - th // 2).tolist()))


def _one_mark_one_symbol(found: dict[str, set[str]],
                         read: Mapping[str, tuple[np.ndarray, float, Mapping[str, tuple[float, set[tuple[int, int]]]]]]
                         ) -> None:
    """In place: where two symbols of one ink (each one's colour within the other's tolerance) are found in a hex on
    the same mark (``MARK_SHARE`` of the smaller one's marks are the other's too), the hex holds only the one whose
    template scores it higher (notes 6): a cross and a star printed in one black, whose templates match each other's
    mark well enough."""
    names = list(read)
    for ai, a in enumerate(names):
        for b in names[ai + 1:]:
            (ca, ta, ra), (cb, tb, rb) = read[a], read[b]
            gap = float(np.sqrt(((ca - cb) ** 2).sum()))
            if gap >= ta or gap >= tb:
                continue
            for hid in found[a] & found[b]:
                (sa, ma), (sb, mb) = ra[hid], rb[hid]
                if not ma or not mb or len(ma & mb) < MARK_SHARE * min(len(ma), len(mb)):
                    continue
                found[b if sa >= sb else a].discard(hid)


def _without_bands(mask: np.ndarray, run: int) -> np.ndarray:
    """``mask`` less its pixels on straight rows or columns of ``run`` pixels or more: a map's frame, a border
    band or a straight stretch of a line, longer than any symbol (a thick frame along the map's edge holds the
    symbol's colour in every hex along it)."""
    out = mask.copy()
    for m, view in ((mask, out), (mask.T, out.T)):
        h, w = m.shape
        p = np.zeros((h, w + 2), np.int8)
        p[:, 1:-1] = m
        d = np.diff(p, axis=1)
        ry, rs = np.nonzero(d == 1)
        _, re = np.nonzero(d == -1)
        long = (re - rs) >= run
        if not long.any():
            continue
        marks = np.zeros((h, w + 1), np.int32)
        np.add.at(marks, (ry[long], rs[long]), 1)
        np.add.at(marks, (ry[long], re[long]), -1)
        view[np.cumsum(marks, axis=1, dtype=np.int32)[:, :w] > 0] = False  # int32: not widened (slow)
    return out


def _near_change(changed: np.ndarray, centres: np.ndarray, reach: int) -> np.ndarray:
    """Which of the ``centres`` (x, y) have a pixel of ``changed`` within ``reach`` pixels (in cells of
    ``reach``: within about one to two reaches)."""
    out = np.zeros(len(centres), dtype=bool)
    if not changed.any() or not len(centres):
        return out
    h, w = changed.shape
    ch, cw = -(-h // reach), -(-w // reach)
    full = np.zeros((ch * reach, cw * reach), dtype=bool)
    full[:h, :w] = changed
    cells = _dilate(np.asarray(full.reshape(ch, reach, cw, reach).any(axis=(1, 3)), dtype=bool))
    cy = np.clip(centres[:, 1] // reach, 0, ch - 1)
    cx = np.clip(centres[:, 0] // reach, 0, cw - 1)
    return cells[cy, cx]


def _marks_inside(mask: np.ndarray, template: np.ndarray, at: np.ndarray, where: np.ndarray, whole: np.ndarray,
                  rw: int) -> np.ndarray:
    """For each match of ``template`` centred at ``at`` (x, y on ``mask``; ``where``: that place from its hex's
    centre), whether the middle of its marks (the template's pixels on the mask there) lies within ``whole`` (the
    hex, a (2rw+1)^2 mask around its centre). A match with no marks is judged by its own middle."""
    th, tw = template.shape
    out = np.ones(len(at), dtype=bool)
    if not len(at):
        return out
    for k, w in enumerate(_windows(mask, at.reshape(-1, 2), th // 2, tw // 2)):
        m = w[:th, :tw] & template
        if not m.any():
            continue
        ys, xs = np.nonzero(m)
        px = round(float(where[k, 0]) + float(xs.mean()) - tw // 2)
        py = round(float(where[k, 1]) + float(ys.mean()) - th // 2)
        out[k] = 0 <= px + rw < whole.shape[1] and 0 <= py + rw < whole.shape[0] and bool(whole[py + rw, px + rw])
    return out


def _inset_mask(lay: Layout, h: Hex, r: int, inset: float) -> np.ndarray:
    """The hexagon shrunk to ``inset`` as a (2r+1)^2 mask around a hex centre (the same for every hex
    of an affine layout)."""
    cx, cy = lay.hex_to_pixel(h)
    poly = Image.new("1", (2 * r + 1, 2 * r + 1), 0)
    ImageDraw.Draw(poly).polygon([(r + inset * (x - cx), r + inset * (y - cy)) for x, y in lay.corners(h)], fill=1)
    return np.asarray(poly, dtype=bool)


def _windows(a: np.ndarray, centres: np.ndarray, ry: int, rx: int) -> np.ndarray:
    """(N, 2ry+1, 2rx+1) windows of ``a`` around ``centres`` (x, y), zero beyond its edges."""
    pad = np.pad(a, ((ry, ry), (rx, rx)))
    ys = centres[:, 1][:, None, None] + np.arange(2 * ry + 1)[None, :, None]
    xs = centres[:, 0][:, None, None] + np.arange(2 * rx + 1)[None, None, :]
    ys = np.clip(ys, 0, pad.shape[0] - 1)
    xs = np.clip(xs, 0, pad.shape[1] - 1)
    return pad[ys, xs]


def _cut(mask: np.ndarray, centre: np.ndarray, r: int, inset: np.ndarray) -> np.ndarray:
    """The mask inside the inset hex around ``centre``."""
    return _windows(mask, centre[None, :], r, r)[0] & inset


def _match_hexes(mask: np.ndarray, template: np.ndarray, centres: np.ndarray, r: int, inset: np.ndarray,
                 batch: int = 256, maps: list[np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Best score of each hex: the template placed with its centre anywhere in the inset hex; the score
    is the share of template pixels on the colour less the share of the rest of its box, padded by a
    quarter of its size, that is the colour (away from the template by more than a pixel). ``maps``: a list given
    gets the scores at every place of each hex whose window holds the colour."""
    th, tw = template.shape
    py, px = max(2, round(th * PAD)), max(2, round(tw * PAD))
    big = np.zeros((th + 2 * py, tw + 2 * px), dtype=bool)
    big[py:py + th, px:px + tw] = template
    off = ~_dilate(big)
    bh, bw = big.shape
    ry, rx = r + bh // 2, r + bw // 2
    shape = (2 * ry + 1 + 1, 2 * rx + 1 + 1)
    f_on = np.conj(np.fft.rfft2(big.astype(np.float32), s=shape))
    f_off = np.conj(np.fft.rfft2(off.astype(np.float32), s=shape))
    n_on, n_off = float(big.sum()), max(1.0, float(off.sum()))
    out = np.zeros(len(centres))
    # a window without the colour scores 0 everywhere in the inset hex: its best is 0 at the first place
    first = int(np.argmax(inset.reshape(-1)))
    where = np.tile(np.array([first % (2 * r + 1) - r, first // (2 * r + 1) - r], dtype=np.intp), (len(centres), 1))
    for s in range(0, len(centres), batch):
        # window row i is image row cy - ry + i: the template's top-left at k puts its centre at cy - r + k
        win = _windows(mask, centres[s:s + batch], ry, rx)
        some = np.nonzero(win.reshape(len(win), -1).any(axis=1))[0]  # only these are correlated
        if not len(some):
            continue
        win = win[some]
        fw = np.fft.rfft2(win.astype(np.float32), s=shape)
        hits = np.fft.irfft2(fw * f_on, s=shape)[:, :2 * r + 1, :2 * r + 1] / n_on
        extra = np.fft.irfft2(fw * f_off, s=shape)[:, :2 * r + 1, :2 * r + 1] / n_off
        score = np.where(inset[None], hits - PENALTY * extra, -1.0)
        if maps is not None:  # each hex's scores at every place (a hex without the colour: none given)
            maps.extend(score)
        flat = score.reshape(len(win), -1)
        arg = flat.argmax(axis=1)
        out[s + some] = flat[np.arange(len(win)), arg]
        where[s + some] = np.stack([arg % (2 * r + 1) - r, arg // (2 * r + 1) - r], axis=1)
    return np.clip(out, 0, None), where


def _consensus(crops: Sequence[np.ndarray], back: np.ndarray | None = None) -> np.ndarray:
    """The pixels most aligned cut-outs share (all of one cut-out when it is alone), trimmed to
    their bounding box. Cut-outs are aligned on the first by the shift of best overlap of their
    solid parts (thin lines and lettering eroded away) when every cut-out has some, else of all. ``back``: the share
    of the hexes on the examples' ground holding the colour at each place of the first cut-out (:func:`_background`);
    a place at ``OWN_COMMON`` of them or more is theirs, not the symbol's (notes 7)."""
    if not crops:
        return np.zeros((1, 1), bool)
    solid = [_erode(_erode(c)) for c in crops]
    keys = solid if all(sv.sum() >= 8 for sv in solid) else list(crops)
    ref = keys[0].astype(np.float32)
    acc = crops[0].astype(np.float32)
    n = ref.shape[0]
    lim = n // 3
    for c, kc in zip(crops[1:], keys[1:]):
        corr = np.fft.irfft2(np.fft.rfft2(ref) * np.conj(np.fft.rfft2(kc.astype(np.float32))), s=ref.shape)
        # shifts are circular: only small ones make sense
        best, shift = -1.0, (0, 0)
        for dy in range(-lim, lim + 1):
            for dx in range(-lim, lim + 1):
                v = corr[dy % n, dx % n]
                if v > best:
                    best, shift = v, (dy, dx)
        acc += np.roll(c.astype(np.float32), shift, axis=(0, 1))
    need = 1 if len(crops) == 1 else math.ceil(0.6 * len(crops))
    t = acc >= need
    if back is not None and back.shape == t.shape:
        t &= back < OWN_COMMON
    t = _main_parts(t)
    if not t.any():
        return t[:1, :1]
    ys, xs = np.nonzero(t)
    return t[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _main_parts(m: np.ndarray) -> np.ndarray:
    """The connected parts (8-neighbours) of ``m`` at least a third the size of its largest: the
    symbol, without the stubs of lines that crossed the examples alike."""
    label, n = components(m)
    if n == 0:
        return m
    sizes = np.bincount(label.ravel(), minlength=n + 1)
    keep = sizes >= sizes[1:].max() / 3
    keep[0] = False
    return keep[label]


def _hex_line_codes(codes: np.ndarray, lay: Layout, hexes: Sequence[Hex]) -> np.ndarray:
    """The colour codes at the middles of the hexsides (halfway between two neighbouring hex centres; of every hex
    of a map of fewer than twice ``LINE_SIDES``, else of every n-th, up to ``LINE_SIDES`` to ``2 * LINE_SIDES``
    spread over the map): the printed hex lines, and here and there a road or a river crossing
    a side (:func:`_strange` keeps the colour cells holding ``LINE_SHARE`` of them or more)."""
    step = max(1, len(hexes) // LINE_SIDES)
    h, w = codes.shape
    got = []
    for hx in hexes[::step]:
        cx, cy = lay.hex_to_pixel(hx)
        for d in range(3):
            nx, ny = lay.hex_to_pixel(hx.neighbour(d))
            x, y = round((cx + nx) / 2), round((cy + ny) / 2)
            if 0 <= x < w and 0 <= y < h:
                got.append(int(codes[y, x]))
    return np.asarray(got, dtype=np.intp)


def _strange(codes: np.ndarray, tab: np.ndarray, centres: np.ndarray, r: int, inset: np.ndarray,
             ex_i: Sequence[int], labs: Sequence[Sequence[float]], hit: np.ndarray, where: np.ndarray,
             template: np.ndarray, grid_codes: np.ndarray | None = None) -> np.ndarray:
    """For each hex of ``hit``: the share of the box around its match (the template's, padded by ``PAD``) in
    colours the legend does not know: CIELAB cells (:data:`CELLS`) holding none of the example hexes' pixels, none
    of ``labs`` (the terrains' and lines' colours) and none of ``grid_codes`` (the printed hex lines' colour, art of
    every map: Battle for Moscow's black, printed as its hex lines and round the map, where a fortification in the
    top row reached 0.21-0.30 of it when no example hex held a black id), nor next to one. Beyond the scan's edge
    does not count."""
    cell = _cells(tab)
    shape = tuple(len(e) - 1 for e in CELLS)
    known = np.zeros(int(np.prod(shape)), dtype=bool)
    known[cell[np.concatenate([w[inset] for w in _windows(codes, centres[list(ex_i)], r, r)])]] = True
    if grid_codes is not None and len(grid_codes):
        sides, counts = np.unique(cell[grid_codes], return_counts=True)
        known[sides[counts >= LINE_SHARE * len(grid_codes)]] = True
    known[_cells(np.asarray(labs, np.float32).reshape(-1, 3).T)] = True
    cube = known.reshape(shape)
    for ax in range(3):  # and the cells next to one (a print's spread)
        grown = cube.copy()
        grown[(slice(None),) * ax + (slice(1, None),)] |= cube[(slice(None),) * ax + (slice(None, -1),)]
        grown[(slice(None),) * ax + (slice(None, -1),)] |= cube[(slice(None),) * ax + (slice(1, None),)]
        cube = grown
    odd = ~cube.reshape(-1)[cell]  # per colour code
    th, tw = template.shape
    ry, rx = th // 2 + max(2, round(th * PAD)), tw // 2 + max(2, round(tw * PAD))
    if not len(hit):
        return np.zeros(0)
    at = centres[hit] + where[hit]
    boxes = _windows(codes, at, ry, rx).reshape(len(hit), -1)
    on = _windows(np.ones(codes.shape, dtype=bool), at, ry, rx).reshape(len(hit), -1)  # the scan, not beyond it
    return (odd[boxes] & on).sum(axis=1) / np.maximum(1, on.sum(axis=1))


def _outlined(mask: np.ndarray, codes: np.ndarray, tab: np.ndarray, centres: np.ndarray, r: int, inset: np.ndarray,
              terrain: np.ndarray, tol: float) -> np.ndarray:
    """``mask`` (the symbol's colour) less its parts that are not outlined, where the symbol is printed outlined: in
    the example hexes (``centres``) the ring of pixels just outside its parts is of one colour (the median of those
    rings, within ``tol``, on ``OUTLINE_SHARE`` of them), farther than ``FAR`` from every terrain colour (not the
    ground the symbol is printed on). Then a part of the colour whose ring is less than ``OUTLINED`` of that colour
    (a railway or a frame in the symbol's colour, printed bare) is not the symbol. ``mask`` as it is otherwise."""
    if not mask.any():
        return mask
    label, n = components(mask)
    ring = _dilate(mask) & ~mask
    # each ring pixel belongs to the part next to it (the highest label among its neighbours)
    near = label.copy()
    h, w = mask.shape
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                near[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)] = np.maximum(
                    near[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)],
                    label[max(0, dy):h - max(0, -dy), max(0, dx):w - max(0, -dx)])
    near = np.where(ring, near, 0)
    seen = np.unique(np.concatenate([wl[inset] for wl in _windows(label, centres, r, r)]))
    seen = seen[seen > 0]
    if not len(seen):
        return mask
    at = np.isin(near, seen)
    lab = tab[:, codes[at]].T
    if len(lab) < 3:
        return mask
    edge = np.median(lab, axis=0)
    if len(terrain) and float(np.sqrt(((terrain - edge) ** 2).sum(axis=1)).min()) <= FAR:
        return mask  # the ground around it: not outlined
    like = (np.sqrt(((tab - edge.astype(np.float32)[:, None]) ** 2).sum(axis=0)) < tol)[codes]
    if float(like[at].mean()) < OUTLINE_SHARE:
        return mask
    count = np.bincount(near.ravel(), minlength=n + 1)
    share = np.bincount(near.ravel(), weights=like.ravel().astype(np.float64), minlength=n + 1) / np.maximum(count, 1)
    keep = share >= OUTLINED
    keep[0] = False
    return mask & keep[label]


def _cells(planes: np.ndarray) -> np.ndarray:
    """The :data:`CELLS` cell of each colour of ``planes`` (L*, a*, b* planes: shape (3, N)); beyond the edges, the
    outermost cell."""
    cell = np.zeros(planes.shape[1], dtype=np.intp)
    for plane, edges in zip(planes, CELLS):
        cell = cell * (len(edges) - 1) + np.clip(np.searchsorted(edges, plane, side="right") - 1, 0, len(edges) - 2)
    return cell


def _nearest(hexes: Sequence[Hex], ex_i: Sequence[int], n: int) -> np.ndarray:
    """The indices of the ``n`` hexes nearest the examples (hex steps to the nearest one, then the hex's
    coordinates), examples left out: the same hexes whatever the grid's extent, once it holds them."""
    q = np.array([h.q for h in hexes], dtype=np.int64)
    r = np.array([h.r for h in hexes], dtype=np.int64)
    e = np.asarray(ex_i, np.intp)
    dq, dr = q[:, None] - q[e][None, :], r[:, None] - r[e][None, :]
    steps = ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).min(axis=1)
    steps[e] = -1
    order = np.lexsort((r, q, steps))  # by steps, then q, then r
    return np.sort(order[len(e):len(e) + n])


def _distinct_colour(codes: np.ndarray, tab: np.ndarray, cands: Sequence[np.ndarray], tols: Sequence[float],
                     centres: np.ndarray, ex_i: Sequence[int], others: np.ndarray, r: int, inset: np.ndarray,
                     rw: int, whole: np.ndarray, backs: np.ndarray | None = None, run: int = 0,
                     line_labs: Sequence[Sequence[float]] = (), square: int = 0) -> tuple[np.ndarray, float, float]:
    """Of the candidate colours (each with its tolerance, ``tols``), the one whose template (the examples' shared
    marks of that colour) stands out on the map: its spread, the share of the sample of other hexes (``others``:
    :func:`_nearest`) that score half the examples' lowest or more (where the threshold is looked for), is the
    least, or within ``NEAR`` times it (or 5 points); of those, the one with the most body (:func:`_body`). A road
    or a name that runs through every example, or a colour the ground shares, is matched all over the map; the
    symbol is not. Each template less what the hexes ``backs`` hold at the same place (:func:`_background`); a
    candidate in a line's colour (``line_labs``) whose template less its straight runs of ``run`` px is a stroke no
    ``square`` wide (:func:`is_stroke`) is rated only when no other candidate is (notes 7). Returns (that colour, its
    spread, its tolerance)."""
    wins = [_windows(codes, centres[i][None, :], r, r)[0] for i in ex_i]
    pick = np.concatenate([np.asarray(ex_i, np.intp), others])
    rated: list[tuple[float, tuple[int, int], int]] = []
    strokes: list[tuple[float, tuple[int, int], int]] = []
    lines = np.asarray(line_labs, np.float64).reshape(-1, 3)
    for k, cand in enumerate(cands):
        lut = np.sqrt(((tab - np.asarray(cand, np.float32)[:, None]) ** 2).sum(axis=0)) < tols[k]
        on = lut[codes]
        back = _background(on, centres, backs, r, inset)
        shared = _consensus([lut[w] & inset for w in wins], back)
        if shared.sum() < 3:
            continue
        b, _ = _match_hexes(on, shared, centres[pick], rw, whole)
        low = float(b[:len(ex_i)].min())
        spread = float((b[len(ex_i):] >= low / 2).mean()) if len(others) and low > 0 else 1.0
        rate = (spread, _body(shared), k)
        if run and square and len(lines) and \
                float(np.sqrt(((lines - np.asarray(cand)) ** 2).sum(axis=1)).min()) < tols[k]:
            # in a line's colour: the template it is learned as (its mask less its straight runs, step 5) one
            # straight stroke is that line passing the examples alike (notes 7)
            banded = _banded(lut, codes, centres[np.asarray(ex_i, np.intp)], r, run)
            learned = _consensus([_cut(banded, centres[i], r, inset) for i in ex_i], back)
            if learned.sum() < 3 or is_stroke(learned, square):
                strokes.append(rate)
                continue
        rated.append(rate)
    rated = rated or strokes
    if not rated:
        return cands[0], 1.0, tols[0]
    least = min(v[0] for v in rated)
    near = [v for v in rated if v[0] <= max(NEAR * least, least + 0.05)]
    best = max(near, key=lambda v: (v[1], -v[2]))
    return cands[best[2]], best[0], tols[best[2]]


def _common(others: np.ndarray, thr: float) -> bool:
    """Whether more than ``COMMON`` of the other hexes reach ``thr``: no printed symbol is in most hexes, so
    such a threshold is set in the scores of hexes without it (the speckle of lines and names of its colour)."""
    return bool(len(others)) and float(np.mean(others >= thr)) > COMMON


def _unseen_threshold(others: np.ndarray, unseen: Sequence[float]) -> float | None:
    """A threshold for symbols the template was not made from, when leave-one-out shows the one below
    the examples' own scores misses them (an example scores far less against the others' template
    than against a template it is part of: printed symbols that vary, as a village's blocks do): the
    middle between the lowest such score and the score that only ``1 - OTHERS_Q`` of the other hexes
    reach (most hexes hold no symbol). None when the others reach the lowest unseen score."""
    if not len(others):
        return None
    q = float(np.quantile(others, OTHERS_Q))
    low = min(unseen)
    return (q + low) / 2 if q < low else None


def _adapted(colour: np.ndarray, codes: np.ndarray, tab: np.ndarray, centres: np.ndarray, r: int,
             inset: np.ndarray, tol: float) -> np.ndarray:
    """A given symbol colour (as the key's swatch prints it) moved to the scan: the median colour of the
    example hexes' pixels within ``tol`` of it, when there are any."""
    wins = _windows(codes, centres, r, r)
    sel = np.concatenate([w[inset] for w in wins]) if len(wins) else np.zeros(0, np.int32)
    lab = tab[:, sel].T
    near = lab[np.sqrt(((lab - colour.astype(np.float32)) ** 2).sum(axis=1)) < tol]
    return np.median(near, axis=0).astype(np.float64) if len(near) >= 3 else colour


def _body(shared: np.ndarray) -> tuple[int, int]:
    """How a candidate colour's shared marks rank: their solid part (eroded once, the outside counted as
    empty), then their size."""
    return int(_erode(np.pad(shared, 1)).sum()), int(shared.sum())


def _erode(m: np.ndarray) -> np.ndarray:
    return ~_dilate(~m)


def _dilate(m: np.ndarray) -> np.ndarray:
    out = m.copy()
    out[1:] |= m[:-1]
    out[:-1] |= m[1:]
    o2 = out.copy()
    o2[:, 1:] |= out[:, :-1]
    o2[:, :-1] |= out[:, 1:]
    return o2


def _threshold(best: np.ndarray, lowest_example: float, relative: bool = False) -> float:
    """The middle of the widest gap between hex scores from half the examples' lowest score up to it
    (the scores of hexes without the symbol lie below it, those with it about it); ``relative``: the gap
    widest for the score above it (a gap over a score)."""
    lo = lowest_example / 2
    s = np.sort(best[(best >= lo) & (best <= lowest_example)])
    s = np.concatenate([[lo], s, [lowest_example]])
    gaps = np.diff(s)
    i = int(np.argmax(gaps / np.maximum(s[1:], 1e-9) if relative else gaps))
    return float((s[i] + s[i + 1]) / 2) if gaps[i] > 0 else float(lowest_example * 0.9)


def _ink_bar(codes: np.ndarray, tab: np.ndarray, centres: np.ndarray, r: int, terrain: np.ndarray) -> np.ndarray:
    """The terrain colours a symbol's colour must lie ``FAR`` from (notes 6): every terrain's, or, where most of the
    example hexes' pixels unlike their ground (the terrains nearest ``GROUND`` of an example's pixels or more) are
    like another terrain (the symbol printed in the ink of a terrain that is none of the examples' ground: a city's
    black blot elsewhere), the ground's alone."""
    if not len(terrain):
        return terrain
    ground = np.zeros(len(terrain), dtype=bool)
    dists = []
    for c in centres:
        code = _windows(codes, c[None, :], r, r)[0].reshape(-1)
        dt = np.sqrt(((tab[:, code].T[:, None, :] - terrain[None, :, :]) ** 2).sum(axis=2))
        ground |= np.bincount(dt.argmin(axis=1), minlength=len(terrain)) >= GROUND * len(code)
        dists.append(dt)
    dt = np.concatenate(dists)
    unlike_ground = dt[:, ground].min(axis=1) > FAR
    unlike_all = dt.min(axis=1) > FAR
    if ground.all() or not ground.any() or unlike_all.sum() >= INK_SHARE * unlike_ground.sum():
        return terrain
    return terrain[ground]


def _symbol_colours(codes: np.ndarray, tab: np.ndarray, centres: np.ndarray, r: int, terrain: np.ndarray,
                    name: str, far: float = FAR, tried: Sequence[np.ndarray] = (), tol: float = 0.0,
                    most_n: int = CANDIDATES) -> list[np.ndarray]:
    """Candidate colours of a symbol: colours farther than ``far`` from every terrain found in the most example
    hexes, the most common first, up to ``most_n`` (one candidate per colour: closer than ``SAME`` is the same).
    ``tried``: colours already tried, whose pixels (within ``tol`` of one) are left out; none left is no candidate
    (an error when none were tried)."""
    per: list[np.ndarray] = []
    for c in centres:
        code = _windows(codes, c[None, :], r, r)[0].reshape(-1)
        blk = tab[:, code].T
        if terrain.size:
            d = np.sqrt(((blk[:, None, :] - terrain[None, :, :]) ** 2).sum(axis=2)).min(axis=1)
            blk = blk[d > far]
        if len(tried):
            d = np.sqrt(((blk[:, None, :] - np.asarray(tried, np.float32)[None, :, :]) ** 2).sum(axis=2)).min(axis=1)
            blk = blk[d >= tol]
        per.append(blk)
    bins: dict[tuple[int, int, int], list[int]] = {}
    own: dict[tuple[int, int, int], int] = {}
    near = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1)]
    for k, blk in enumerate(per):
        keys, counts = np.unique(np.floor(blk / 12).astype(np.int32), axis=0, return_counts=True)
        got = dict(zip(map(tuple, keys.tolist()), counts.tolist()))
        for key, c in got.items():
            own[key] = own.get(key, 0) + c
        # a bin is in an example when it and the bins around it hold 3 of its pixels or more: a colour printed
        # in a few pixels spreads over a bin's edge, and how it falls there must not decide (the scan's pixels
        # move with the working blocks)
        for key in got:
            c = sum(got.get((key[0] + a, key[1] + b, key[2] + d), 0) for a, b, d in near)
            if c >= 3:
                bins.setdefault(key, [0] * len(per))[k] = c  # type: ignore[index]
    if not bins:
        if len(tried):
            return []
        raise InputError(f"symbol {name!r}: its example hexes hold no colour unlike the legend terrains; "
                         "give its colour")

    most = max(sum(1 for c in counts if c) for counts in bins.values())
    ranked = sorted(((own[key], key) for key, counts in bins.items() if sum(1 for c in counts if c) == most),
                    reverse=True)
    allp = np.concatenate(per)
    out: list[np.ndarray] = []
    for _, key in ranked:
        centre = (np.array(key, dtype=np.float32) + 0.5) * 12
        near_p = allp[np.sqrt(((allp - centre) ** 2).sum(axis=1)) < 15]
        colour = np.median(near_p, axis=0) if len(near_p) else centre
        # the bins around a colour give about the same colour: one candidate each
        if all(np.sqrt(((colour - o) ** 2).sum()) >= SAME for o in out):
            out.append(colour)
            if len(out) == most_n:
                break
    return out


def _own_ground(codes: np.ndarray, tab: np.ndarray, centres: np.ndarray, ex_i: Sequence[int], others: np.ndarray,
                r: int, inset: np.ndarray, terrain: np.ndarray) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """(notes 7) The examples' ground and the hexes near them printed on it: (each example's inset pixels' colour
    codes, the hexes of ``others`` - the hexes nearest the examples - whose ground is an example's, the examples'
    ground colours). A hex's ground is the terrain nearest the most of its pixels. No hexes when fewer than
    ``OWN_LEAST`` are (nor without terrains)."""
    idx = np.concatenate([np.asarray(ex_i, np.intp), np.asarray(others, np.intp)])
    px = _windows(codes, centres[idx], r, r)[:, inset]  # (hexes, pixels) colour codes
    if not len(terrain) or not len(others):
        return list(px[:len(ex_i)]), np.zeros(0, np.intp), np.zeros((0, 3), np.float32)
    tl = np.asarray(terrain, np.float32)
    seen, inv = np.unique(px, return_inverse=True)
    nearest = np.sqrt(((tab[:, seen].T[:, None, :] - tl[None]) ** 2).sum(axis=2)).argmin(axis=1)
    per = nearest[inv.reshape(px.shape)]
    ground = np.array([int(np.bincount(v, minlength=len(tl)).argmax()) for v in per])
    n = len(ex_i)
    same = np.asarray(others, np.intp)[np.isin(ground[n:], ground[:n])]
    return list(px[:n]), (same if len(same) >= OWN_LEAST else np.zeros(0, np.intp)), tl[np.unique(ground[:n])]


def _own_ground_colours(codes: np.ndarray, tab: np.ndarray, ex_px: Sequence[np.ndarray], same: np.ndarray,
                        centres: np.ndarray, r: int, inset: np.ndarray, terrain: np.ndarray, grounds: np.ndarray,
                        tried: Sequence[np.ndarray], tol: float, most_n: int = OWN_CANDIDATES
                        ) -> list[tuple[np.ndarray, float]]:
    """(notes 7) Candidate colours of a symbol near the terrains' colours, told against its examples' own ground: the
    colour cells (``OWN_BIN`` Delta E a side; a cell is in a hex when it and the cells around it hold 3 of the hex's
    pixels, as :func:`_symbol_colours` counts) that hold the examples' pixels within ``FAR`` of a terrain colour, are
    in every example hex (``ex_px``: their pixels' colour codes) and in no more than ``OWN_COMMON`` of the hexes near
    printed on their ground (``same``, :func:`_own_ground`; no printed symbol is in most hexes). The colour of each
    is the median of the examples' pixels within 15 of the cell's middle; the most common first, up to ``most_n``,
    none within ``SAME`` of another or of ``tried``; each with a tolerance of at most half its distance to the
    examples' ground colours (``grounds``; its mask nearer it than the ground it is printed on)."""
    if not len(same) or not len(terrain) or not len(ex_px):
        return []
    tl = np.asarray(terrain, np.float32)
    shape = (math.ceil(101.0 / OWN_BIN) + 2, math.ceil(256.0 / OWN_BIN) + 2, math.ceil(256.0 / OWN_BIN) + 2)
    lo = np.array([0.0, -128.0, -128.0], np.float32)
    same_px = _windows(codes, centres[same], r, r)[:, inset]
    seen, inv = np.unique(np.concatenate([*ex_px, same_px.reshape(-1)]), return_inverse=True)
    lab = tab[:, seen].T
    cell3 = np.clip(np.floor((lab - lo) / OWN_BIN).astype(np.intp) + 1, 1, np.array(shape) - 2)
    cell = np.ravel_multi_index(tuple(cell3.T), shape)
    near_t = np.sqrt(((lab[:, None, :] - tl[None]) ** 2).sum(axis=2)).min(axis=1) <= FAR
    n_cells = int(np.prod(shape))

    def present(groups: Sequence[np.ndarray]) -> np.ndarray:
        """Per group of code indices (into ``seen``): whether each cell is in it (with the cells around it)."""
        flat = np.concatenate([g_k * 0 + k for k, g_k in enumerate(groups)]) * n_cells if len(groups) else \
            np.zeros(0, np.intp)
        flat = flat + np.concatenate([cell[g] for g in groups])
        h = np.bincount(flat, minlength=len(groups) * n_cells).reshape(len(groups), *shape)
        for ax in (1, 2, 3):  # with the cells around it: a colour printed in a few pixels spreads over a cell's edge
            s = h.copy()
            a, b = [slice(None)] * 4, [slice(None)] * 4
            a[ax], b[ax] = slice(1, None), slice(None, -1)
            s[tuple(a)] += h[tuple(b)]
            s[tuple(b)] += h[tuple(a)]
            h = s
        return np.asarray(h >= 3)

    sizes = np.cumsum([0, *(len(v) for v in ex_px)])
    ex_groups = [inv[sizes[k]:sizes[k + 1]] for k in range(len(ex_px))]
    ex_near = [g[near_t[g]] for g in ex_groups]
    every = present(ex_near).all(axis=0)
    if not every.any():
        return []
    m = same_px.shape[1]
    share = present([inv[sizes[-1] + k * m:sizes[-1] + (k + 1) * m] for k in range(len(same))]).mean(axis=0)
    pool = np.concatenate(ex_near)
    own = np.bincount(cell[pool], minlength=n_cells).reshape(shape)
    keep = every & (share <= OWN_COMMON) & (own >= 3)
    pix = lab[pool]
    out: list[tuple[np.ndarray, float]] = []
    for c in np.argwhere(keep)[np.argsort(-own[keep], kind="stable")]:
        middle = (c.astype(np.float32) - 1 + 0.5) * OWN_BIN + lo
        colour = np.median(pix[np.sqrt(((pix - middle) ** 2).sum(axis=1)) < 15], axis=0).astype(np.float64)
        if all(float(np.sqrt(((colour - o) ** 2).sum())) >= SAME for o in [*tried, *(v for v, _ in out)]):
            out.append((colour, min(tol, float(np.sqrt(((grounds - colour) ** 2).sum(axis=1)).min()) / 2)))
            if len(out) == most_n:
                break
    return out


def _background(mask: np.ndarray, centres: np.ndarray, same: np.ndarray | None, r: int, inset: np.ndarray
                ) -> np.ndarray | None:
    """(notes 7) The share of the hexes ``same`` (:func:`_own_ground`) whose inset cut-out of ``mask`` holds each
    place; None without them."""
    if same is None or not len(same):
        return None
    return np.asarray((_windows(mask, centres[same], r, r) & inset).mean(axis=0))


def _banded(lut: np.ndarray, codes: np.ndarray, at: np.ndarray, reach: int, run: int) -> np.ndarray:
    """(notes 7) ``lut[codes]`` less its straight runs of ``run`` pixels (:func:`_without_bands`, as the symbol's mask
    is), made within ``reach`` of the places ``at`` (x, y) only: a run that reaches them lies in that box up to its
    ``run`` pixels past them, so the mask there is the whole map's. False elsewhere."""
    h, w = codes.shape
    x0, y0 = max(0, int(at[:, 0].min()) - reach - run), max(0, int(at[:, 1].min()) - reach - run)
    x1, y1 = min(w, int(at[:, 0].max()) + reach + run + 1), min(h, int(at[:, 1].max()) + reach + run + 1)
    out = np.zeros((h, w), dtype=bool)
    if x1 > x0 and y1 > y0:
        out[y0:y1, x0:x1] = _without_bands(lut[codes[y0:y1, x0:x1]], run)
    return out


def is_stroke(template: np.ndarray, square: int) -> bool:
    """Whether ``template`` is one straight stroke (advice notes 2, symbols notes 7): no ``square`` px wide fits in
    it (a line's width, ``LINE_AREA`` of a hex at its scale) and its pixels spread across its long axis less than
    ``STROKE`` of along it. La Garde's 23 x 1 px of track 0.0; Battle for Moscow's fortification (in the railway's
    red) 0.47, Europa's ring and Dynamo's town (in their railways' inks) 0.91 and 0.98."""
    t = np.asarray(template, dtype=bool)
    if not t.any() or (min(t.shape) >= square and _opening(t, square).any()):
        return False
    ys, xs = np.nonzero(t)
    spread = np.linalg.eigvalsh(np.cov(np.stack([xs, ys]).astype(np.float64))) if len(xs) > 2 else np.ones(2)
    return math.sqrt(max(float(spread[0]), 0.0) / max(float(spread[1]), 1e-9)) < STROKE
