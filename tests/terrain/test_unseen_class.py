"""A class the colour reading does not show (toolkit/terrain/pattern.py, "a class its colour does not show";
extract.py ``_read_unseen``, ``_second_form``): rough ground printed as dark olive specks packed over the open
ground's yellow is read by its colour blocks as woods (the specks' blend is the woods' tint), the rest of the hex
clear - rough third or absent, so no pair of its first two classes asks about rough. The pair (woods, rough),
told apart by specks on the legend's examples, reaches rough's examples; and the other form of the print, the
solid ink, says rough too: woods' examples hold trees a square of ink fits in, rough's and these hexes none. Both
signs: the hex is rough. A hex with the same specks between woods' solid trees (a woods blob whose texture makes
specks: Stonewall Jackson's Way's 4725, 5006, 5306, 5826 read rough by hex43's specks alone) is told woods by the
solid ink and stays woods. The painted Gettysburg scan's rough hexes 5321, 5322 so read woods (RESULTS-gettysburg.md,
"a class its colour does not show")."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid, Hex, Layout
from toolkit.terrain import extract as ex
from toolkit.terrain import pattern

from .drawn import blank_board, read_classes

YELLOW = (236, 224, 140)  # the paper: open ground
CREAM = (246, 242, 226)  # clear ground
SPECK = (95, 110, 45)  # an olive
SECOND = (150, 70, 50)  # rough's examples' specks, a red-brown print of them
DARK = (85, 100, 38)  # the region's rough specks: a darker olive (lighter than the ink)
INK = (30, 36, 20)  # the trees' ink (darker than the legend's ink lightness)
WOODS_TINT = tuple(round(0.44 * s + 0.56 * y) for s, y in zip(SPECK, YELLOW, strict=True))
WOODS = {"0202", "0203", "0602", "0405"}
ROUGH_EXAMPLES = {"0705", "0804", "0305"}
CLEAR = {"0102", "0502", "0806"}
UNSEEN = {"0404", "0503", "0603"}  # rough: packed dark specks over the hex's right part, clear ground on the left
BLOB = {"0302", "0605"}  # woods: the same specks between solid trees of ink, clear ground on the left
ROUGH = ROUGH_EXAMPLES | UNSEEN
FILL = 0.85  # a class's print covers this share of its hex (the hex lines left clear)
SIZE = 45.0
CUT = -0.35  # the print's left edge in the UNSEEN and BLOB hexes, from the centre, in hex sizes


def _shrunk(lay: Layout, h: Hex, f: float) -> list[tuple[float, float]]:
    cx, cy = lay.hex_to_pixel(h)
    return [(cx + f * (x - cx), cy + f * (y - cy)) for x, y in lay.corners(h)]


def _right_of(pts: list[tuple[float, float]], cut: float) -> list[tuple[float, float]]:
    """The part of a convex polygon right of x = ``cut``."""
    out = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        if x0 >= cut:
            out.append((x0, y0))
        if (x0 >= cut) != (x1 >= cut):
            out.append((cut, y0 + (cut - x0) / (x1 - x0) * (y1 - y0)))
    return out


def _lattice(d: ImageDraw.ImageDraw, inside: np.ndarray, step: int, colour: tuple[int, int, int],
             right_of: float | None = None) -> None:
    """2 px specks every ``step`` px across and down where ``inside`` (and right of an x)."""
    h, w = inside.shape
    for y in range(0, h - 1, step):
        for x in range(0, w - 1, step):
            if inside[y, x] and inside[y + 1, x + 1] and (right_of is None or x >= right_of):
                d.rectangle((x, y, x + 1, y + 1), fill=colour)


def _trees(d: ImageDraw.ImageDraw, rng: np.random.Generator, inside: np.ndarray, n: int,
           right_of: float | None = None) -> None:
    """``n`` trees of ink 9 px across (solid ink) at random where ``inside`` (and right of an x)."""
    ys, xs = np.nonzero(inside)
    if right_of is not None:
        ys, xs = ys[xs >= right_of], xs[xs >= right_of]
    for _ in range(n):
        i = rng.integers(len(xs))
        d.ellipse((xs[i] - 4, ys[i] - 4, xs[i] + 4, ys[i] + 4), fill=INK)


def _board(seed: int = 5) -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=SIZE, origin=(55.0, 55.0), image=(640, 560), paper=YELLOW, ink=None)
    rng = np.random.default_rng(seed)
    for h in grid.hexes():
        hid = grid.id(h)
        pts = _shrunk(lay, h, FILL)
        mask = Image.new("L", im.size, 0)
        ImageDraw.Draw(mask).polygon(pts, fill=255)
        inside = np.asarray(mask) > 0
        cx, cy = lay.hex_to_pixel(h)
        cut = cx + CUT * SIZE
        if hid in WOODS:
            # the woods' tint, with trees in the olive and the red-brown (so neither colour is rough's own to the
            # marks' reading, marks.py, and some of woods' blocks read rough: the pair is learned) and trees of ink
            d.polygon(pts, fill=WOODS_TINT)
            ys, xs = np.nonzero(inside)
            for colour, n in ((SPECK, 12), (SECOND, 20)):
                for _ in range(n):
                    i = rng.integers(len(xs))
                    d.ellipse((xs[i] - 3, ys[i] - 3, xs[i] + 3, ys[i] + 3), fill=colour)
            _trees(d, rng, inside, 14)
        elif hid in ROUGH_EXAMPLES:
            _lattice(d, inside, 4, SECOND)
            d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=WOODS_TINT)  # a patch of the woods' tint
        elif hid in CLEAR:
            d.polygon(pts, fill=CREAM)
        elif hid in UNSEEN | BLOB:
            d.polygon(lay.corners(h), fill=CREAM)
            d.polygon(_right_of(pts, cut), fill=YELLOW)
            _lattice(d, inside, 3, DARK, right_of=cut)
            if hid in BLOB:
                _trees(d, rng, inside, 8, right_of=cut)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(90, 90, 60))
    a = np.asarray(im, np.float32) + rng.normal(0, 2.0, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0501", "0801"]},
                        "woods": {"hexes": ["0202", "0602", "0405"]},
                        "rough": {"hexes": sorted(ROUGH_EXAMPLES)},
                        "clear": {"hexes": sorted(CLEAR)}}}


def test_a_class_not_among_a_hexs_colours_is_read_by_both_forms_of_its_print():
    for seed in (5, 6, 7):
        im, grid = _board(seed)
        got = ex.extract(im, grid, _legend(), features=False)
        read = read_classes(got)
        assert read["rough"] == ROUGH, seed
        assert read["woods"] == WOODS | BLOB, seed
        assert read["clear"] == CLEAR, seed
        for h in UNSEEN | BLOB:
            r = got.hexes[h]
            # the colour reading's first two classes are woods and clear, rough not among them: a mixed hex
            first, second = sorted(r.fractions, key=lambda n: -r.fractions[n])[:2]
            assert (first, second) == ("woods", "clear") and r.fractions["woods"] < ex.TEXTURE_SURE, (seed, h)


def test_without_the_rule_the_hexes_read_as_their_colours(monkeypatch):
    """The old code: the hexes whose colours are woods and clear, rough third, read woods."""
    monkeypatch.setattr(ex, "UNSEEN", False)
    for seed in (5, 6, 7):
        im, grid = _board(seed)
        read = read_classes(ex.extract(im, grid, _legend(), features=False))
        assert read["rough"] == ROUGH_EXAMPLES and read["woods"] >= UNSEEN | BLOB, seed


def test_specks_alone_read_a_woods_blob_as_rough(monkeypatch):
    """Without the second sign (hex43's rule: the specks alone) the blob hexes, whose trees stand among the specks,
    read rough too - the woods blobs of Stonewall Jackson's Way's sheet."""
    monkeypatch.setattr(ex, "_second_form", lambda *a: True)
    im, grid = _board(5)
    read = read_classes(ex.extract(im, grid, _legend(), features=False))
    assert read["rough"] == ROUGH | BLOB


# the unit tests below: classes 0 open, 1 woods, 2 rough; rows of x: 0 the hex asked, 1 open's example, 2 woods',
# 3 rough's; columns: the ink share, the specks, the pattern, the solid ink
NAMES = ["open", "woods", "rough"]
EXAMPLES = {0: [1], 1: [2], 2: [3]}


def _x(hex_: Sequence[float], open_: Sequence[float] = (0.1, 0.01, 10.0, 0.3),
       woods: Sequence[float] = (0.3, 0.02, 20.0, 0.4), rough: Sequence[float] = (0.2, 0.3, 10.0, 0.0)) -> np.ndarray:
    return np.array([hex_, open_, woods, rough], dtype=float)


def _mixed(first: str = "open") -> dict[str, ex.HexResult]:
    return {"h": ex.HexResult(first, 0.5, {"open": 0.5, "woods": 0.4}, 0.0, 1.0, "mixed")}


def _read(pairs: list[pattern.HexPair], x: np.ndarray, frac: list[float], order: list[int],
          examples: dict[int, list[int]] = EXAMPLES, first: str = "open") -> str | None:
    results = _mixed(first)
    frac_a = np.array([frac] + [[0.0, 0.0, 0.0]] * 3)
    order_a = np.array([order] + [[i - 1, 0] for i in range(1, 4)])
    ex._read_unseen(pairs, [x] * len(pairs), lambda: [x] * len(pairs), NAMES, ["h", "1", "2", "3"], frac_a,
                    order_a, results, [0], examples)
    return results["h"].terrain


WOODS_ROUGH = pattern.HexPair(1, 2, 1, 0.02, 0.2, True, 3.0)  # woods below rough by specks
OPEN_ROUGH = pattern.HexPair(0, 2, 1, 0.02, 0.2, True, 3.0)  # open below rough by specks


def test_no_pair_with_the_first_class_no_reading():
    """A pair with the hex's second class alone says nothing: its first class's own texture is not compared."""
    x = _x([0.1, 0.3, 10.0, 0.0])
    assert _read([WOODS_ROUGH], x, [0.5, 0.4, 0.1], [0, 1]) == "open"
    assert _read([WOODS_ROUGH, OPEN_ROUGH], x, [0.5, 0.4, 0.1], [0, 1]) == "rough"


def test_a_pair_of_another_measure_or_one_reading_the_first_class_keeps_the_colour_reading():
    for pairs, hex_ in (
            # rough told from woods by the pattern (not the print's form): no reading
            ([OPEN_ROUGH, pattern.HexPair(1, 2, 2, 5.0, 20.0, True, 3.0)], [0.1, 0.3, 30.0, 0.0]),
            # the specks reach rough from open, but woods' pair reads the hex as woods (solid ink: a blob)
            ([OPEN_ROUGH, pattern.HexPair(1, 2, 3, 0.05, 0.3, False, 3.0)], [0.1, 0.3, 10.0, 0.5]),
            # the specks lie between open's examples and rough's: no reading
            ([OPEN_ROUGH], [0.1, 0.1, 10.0, 0.0])):
        assert _read(pairs, _x(hex_), [0.5, 0.4, 0.1], [0, 1]) == "open"


def test_the_second_form_must_say_so_too():
    """The specks reach rough from open; the solid ink (open's example 0.3, rough's none) says rough where the hex
    holds less than the middle between them (a ratio: sqrt(0.01 * 0.3) = 0.055), not where it holds more (a woods
    blob's trees among the specks)."""
    for solid, read in ((0.0, "rough"), (0.04, "rough"), (0.07, "open"), (0.3, "open")):
        assert _read([OPEN_ROUGH], _x([0.1, 0.3, 10.0, solid]), [0.5, 0.05, 0.1], [0, 1]) == read, solid


def test_a_form_both_classes_examples_share_is_no_second_sign():
    """Neither open's nor rough's examples hold solid ink (Stonewall Jackson's Way's rolling and rough, Next War:
    Korea's lowland and marsh, whose shoreline's rim made specks): the specks alone read nothing."""
    x = _x([0.1, 0.3, 10.0, 0.0], open_=[0.1, 0.01, 10.0, 0.0])
    assert _read([OPEN_ROUGH], x, [0.5, 0.05, 0.1], [0, 1]) == "open"


def test_every_pair_with_the_first_two_needs_the_second_form():
    """Woods first, open second: woods' pair has both signs, open's no solid ink to tell (a woods blob over part of
    a hex among speckled ground, whose blob is too light for the ink - Stonewall Jackson's Way's 5306): no reading."""
    x = _x([0.1, 0.3, 10.0, 0.0], open_=[0.1, 0.01, 10.0, 0.0])
    frac = [0.3, 0.5, 0.1]
    assert _read([WOODS_ROUGH, OPEN_ROUGH], x, frac, [1, 0], first="woods") == "woods"
    x = _x([0.1, 0.3, 10.0, 0.0])  # open's examples with solid ink: both pairs have their second sign
    assert _read([WOODS_ROUGH, OPEN_ROUGH], x, frac, [1, 0], first="woods") == "rough"


def test_a_pair_told_by_the_solid_ink_asks_the_specks():
    """A pair told apart by the solid ink asks the specks: a plain hex (no solid ink, no specks) is not rough
    (Gettysburg's 0232, rolling ground read woods by colour; its grey margins)."""
    p = pattern.HexPair(1, 2, 3, 0.05, 0.3, False, 3.0)  # woods above rough by solid ink
    x = _x([0.1, 0.3, 10.0, 0.0])
    assert ex._second_form(p, x, 0, 2, EXAMPLES)
    x = _x([0.1, 0.01, 10.0, 0.0])
    assert not ex._second_form(p, x, 0, 2, EXAMPLES)
    assert ex._second_form(p, _x([0.1, 0.01, 10.0, 0.5]), 0, 1, EXAMPLES)  # ... and woods: fewer specks


def test_absence_reads_only_a_class_the_colour_does_not_show():
    """By less of a measure than the first class's examples hold (no solid ink, where woods is a blob of it) the hex
    is read as the other class only when the colour reading does not show that class: fewer than half of its example
    hexes read as it first (Gettysburg's rough, whose examples read woods, rolling, woods)."""
    p = pattern.HexPair(1, 2, 3, 0.05, 0.3, False, 3.0)  # woods (1) above rough (2) by solid ink
    x = np.array([[0.2, 0.3, 10.0, 0.02], [0.2, 0.01, 10.0, 0.4], [0.2, 0.3, 10.0, 0.0], [0.2, 0.3, 10.0, 0.0]])
    examples = {1: [1], 2: [2, 3]}
    frac = np.array([[0.3, 0.55, 0.15]] + [[0.1, 0.3, 0.6]] * 3)
    for first_of_examples, read in ((1, "rough"), (2, "woods")):  # rough's examples (rows 2-3) read woods / rough
        order = np.array([[1, 0], [1, 0]] + [[first_of_examples, 0]] * 2)
        results = {"0": ex.HexResult("woods", 0.55, {"woods": 0.55, "open": 0.3}, 0.0, 1.0, "mixed")}
        ex._read_unseen([p], [x], lambda: [x], NAMES, ["0", "1", "2", "3"], frac, order, results, [0], examples)
        assert results["0"].terrain == read


def test_solid_share_tells_a_blob_from_specks():
    from toolkit.terrain.extract_raster import _blocks, solid_share
    # a blob of ink 20 px across on the left, 2 px specks of ink 2 px apart on the right (as much ink a block)
    im = Image.new("RGB", (240, 120), YELLOW)
    d = ImageDraw.Draw(im)
    d.ellipse((20, 20, 100, 100), fill=INK)
    for y in range(20, 100, 4):
        for x in range(140, 220, 4):
            d.rectangle((x, y, x + 1, y + 1), fill=INK)
    size = 40.0
    f = _blocks(size)[2]
    s = solid_share(im, size, (-(-im.height // f), -(-im.width // f)), 35.0)
    w = s.shape[1]
    blob, specks = float(s[:, : w // 2].max()), float(s[:, w // 2:].max())
    assert blob > 0.5 and specks == 0.0


def test_solid_share_of_a_window_is_the_whole_images():
    from toolkit.terrain.extract_raster import _blocks, solid_share
    im, _ = _board()
    f = _blocks(SIZE)[2]
    shape = (-(-im.height // f), -(-im.width // f))
    whole = solid_share(im, SIZE, shape, 35.0)
    part = solid_share(im, SIZE, shape, 35.0, (10, 30, 20, 50))
    assert np.allclose(part, whole[10:30, 20:50])


def test_learn_hex_pair_tries_the_solid_ink_last():
    # woods and rough alike in specks, pattern and the ink share, parted by solid ink only (Gettysburg's examples:
    # their ink share 0.85-0.94 and 0.59-0.62, under TEXTURE_RATIO apart)
    woods = np.array([[0.9, 0.05, 30.0, 0.45], [0.85, 0.06, 28.0, 0.5], [0.94, 0.04, 31.0, 0.4]])
    rough = np.array([[0.6, 0.07, 30.0, 0.03], [0.62, 0.06, 32.0, 0.05], [0.59, 0.08, 29.0, 0.02]])
    p = pattern.learn_hex_pair(0, 1, woods, rough)
    assert p is not None and p.measure == 3 and not p.above
    # a pair another measure parts keeps it (the specks, tried first)
    rough[:, 1] = [0.2, 0.22, 0.25]
    p = pattern.learn_hex_pair(0, 1, woods, rough)
    assert p is not None and p.measure == 1
