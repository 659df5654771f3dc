"""A class the colour reading does not show (toolkit/terrain/pattern.py, "a class its colour does not show";
extract.py ``_read_unseen``): rough ground printed as olive specks over the open ground's yellow, where the specks
are packed into the woods' tint over part of a hex and printed in ink (no colour of their own) over the rest, is read
by its colour blocks as open and woods - rough third, so no pair of its first two classes asks about rough. Its
specks, over the blocks each pair reads, are rough's and more: the pairs (open, rough) and (woods, rough), told apart
by specks on the legend's examples, both reach rough's examples, and the hex is rough. The painted Gettysburg and
Stonewall Jackson's Way scans' rough hexes so read woods or rolling and town (rough 0.02-0.19 of them:
RESULTS-gettysburg.md, RESULTS-sjw.md, "a class its colour does not show")."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid, Hex, Layout
from toolkit.terrain import extract as ex
from toolkit.terrain import pattern
from toolkit.terrain.extract_raster import _blocks, solid_share

from .drawn import blank_board, read_classes

YELLOW = (236, 224, 140)  # the paper: open ground
SPECK = (95, 110, 45)  # the specks' olive
SECOND = (120, 90, 60)  # rough's examples' specks, a browner print of them
INK = (30, 36, 20)  # specks printed in ink (darker than the legend's ink lightness: no colour to the colour reading)
WOODS_TINT = tuple(round(0.44 * s + 0.56 * y) for s, y in zip(SPECK, YELLOW, strict=True))  # specks packed 2 px apart
WOODS = {"0202", "0203", "0602", "0405"}
ROUGH_EXAMPLES = {"0705", "0804", "0305"}
UNSEEN = {"0404", "0503", "0704", "0104"}  # rough: packed specks over the hex's left part, specks of ink over the rest
ROUGH = ROUGH_EXAMPLES | UNSEEN
FILL = 0.85  # a class's print covers this share of its hex (the hex lines left clear)
SIZE = 45.0


def _shrunk(lay: Layout, h: Hex, f: float) -> list[tuple[float, float]]:
    cx, cy = lay.hex_to_pixel(h)
    return [(cx + f * (x - cx), cy + f * (y - cy)) for x, y in lay.corners(h)]


def _lattice(d: ImageDraw.ImageDraw, inside: np.ndarray, step: int, colour: tuple[int, int, int],
             left_of: float | None = None, right_of: float | None = None) -> None:
    """2 px specks every ``step`` px across and down where ``inside`` (and left of / right of an x)."""
    h, w = inside.shape
    for y in range(0, h - 1, step):
        for x in range(0, w - 1, step):
            if (inside[y, x] and inside[y + 1, x + 1] and (left_of is None or x < left_of)
                    and (right_of is None or x >= right_of)):
                d.rectangle((x, y, x + 1, y + 1), fill=colour)


def _board(seed: int = 5) -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=SIZE, origin=(55.0, 55.0), image=(640, 560), paper=YELLOW, ink=None)
    rng = np.random.default_rng(seed)
    for h in grid.hexes():
        hid = grid.id(h)
        pts = _shrunk(lay, h, FILL)
        mask = Image.new("L", im.size, 0)
        ImageDraw.Draw(mask).polygon(pts, fill=255)
        inside = np.asarray(mask) > 0
        if hid in WOODS:
            # the woods' tint, with trees in both of the specks' colours, wider than a speck (so neither colour is
            # rough's own to the marks' reading, marks.py)
            d.polygon(pts, fill=WOODS_TINT)
            ys, xs = np.nonzero(inside)
            for colour in (SPECK, SECOND):
                for _ in range(12):
                    i = rng.integers(len(xs))
                    d.ellipse((xs[i] - 3, ys[i] - 3, xs[i] + 3, ys[i] + 3), fill=colour)
        elif hid in ROUGH_EXAMPLES:
            _lattice(d, inside, 4, SECOND)
        elif hid in UNSEEN:
            cut = lay.hex_to_pixel(h)[0] + 0.08 * SIZE
            _lattice(d, inside, 3, SPECK, left_of=cut)  # packed: the woods' tint to a colour block
            _lattice(d, inside, 3, INK, right_of=cut)  # in ink: the paper's colour to a colour block
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(90, 90, 60))
    a = np.asarray(im, np.float32) + rng.normal(0, 2.0, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0501", "0801"]},
                        "woods": {"hexes": ["0202", "0602", "0405"]},
                        "rough": {"hexes": sorted(ROUGH_EXAMPLES)}}}


def test_a_class_not_among_a_hexs_colours_is_read_by_its_specks():
    for seed in (5, 6, 7):
        im, grid = _board(seed)
        got = ex.extract(im, grid, _legend(), features=False)
        read = read_classes(got)
        assert read["rough"] == ROUGH, seed
        assert read["woods"] == WOODS, seed
        assert read["open"] == {grid.id(h) for h in grid.hexes()} - ROUGH - WOODS, seed
        for h in UNSEEN:
            r = got.hexes[h]
            # the colour reading's first two classes are open and woods, rough third
            first, second = sorted(r.fractions, key=lambda n: -r.fractions[n])[:2]
            assert {first, second} == {"open", "woods"} and r.fractions["open"] < ex.TEXTURE_SURE, (seed, h)


def test_without_the_rule_the_hexes_read_as_their_colours(monkeypatch):
    """The old code: the hexes whose colours are open and woods, rough third, read open."""
    monkeypatch.setattr(ex, "UNSEEN", False)
    for seed in (5, 6, 7):
        im, grid = _board(seed)
        read = read_classes(ex.extract(im, grid, _legend(), features=False))
        assert read["rough"] == ROUGH_EXAMPLES and read["open"] >= UNSEEN, seed


def test_no_pair_with_the_first_class_no_reading():
    """A pair with the hex's second class alone says nothing: its first class's own texture is not compared."""
    p = pattern.HexPair(1, 2, 1, 0.02, 0.2, True, 3.0)  # woods (1) and rough (2) told apart by specks
    results = {"h": ex.HexResult("open", 0.5, {"open": 0.5, "woods": 0.4}, 0.0, 1.0, "mixed")}
    x = np.array([[0.1, 0.3, 10.0, 0.0]])
    frac = np.array([[0.5, 0.4, 0.1]])
    order = np.array([[0, 1]])
    ex._read_unseen([p], [x], ["open", "woods", "rough"], ["h"], frac, order, results, [0], {})
    assert results["h"].terrain == "open"
    q = pattern.HexPair(0, 2, 1, 0.02, 0.2, True, 3.0)  # ... and with open, the first: rough
    ex._read_unseen([p, q], [x, x], ["open", "woods", "rough"], ["h"], frac, order, results, [0], {})
    assert results["h"].terrain == "rough"


def test_a_pair_of_another_measure_or_one_reading_the_first_class_keeps_the_colour_reading():
    frac = np.array([[0.5, 0.4, 0.1]])
    order = np.array([[0, 1]])
    names = ["open", "woods", "rough"]
    for pairs, x in (
            # rough told from woods by the pattern (not the print's form): no reading
            ([pattern.HexPair(0, 2, 1, 0.02, 0.2, True, 3.0), pattern.HexPair(1, 2, 2, 5.0, 20.0, True, 3.0)],
             np.array([[0.1, 0.3, 30.0, 0.0]])),
            # the specks reach rough from open, but woods' pair reads the hex as woods (solid ink: a blob)
            ([pattern.HexPair(0, 2, 1, 0.02, 0.2, True, 3.0), pattern.HexPair(1, 2, 3, 0.05, 0.3, False, 3.0)],
             np.array([[0.1, 0.3, 10.0, 0.5]])),
            # the specks lie between open's examples and rough's: no reading
            ([pattern.HexPair(0, 2, 1, 0.02, 0.2, True, 3.0)], np.array([[0.1, 0.1, 10.0, 0.0]]))):
        results = {"h": ex.HexResult("open", 0.5, {"open": 0.5, "woods": 0.4}, 0.0, 1.0, "mixed")}
        ex._read_unseen(pairs, [x] * len(pairs), names, ["h"], frac, order, results, [0], {})
        assert results["h"].terrain == "open"


def test_absence_reads_only_a_class_the_colour_does_not_show():
    """By less of a measure than the first class's examples hold (no solid ink, where woods is a blob of it) the hex
    is read as the other class only when the colour reading does not show that class: fewer than half of its example
    hexes read as it first (Gettysburg's rough, whose examples read woods, rolling, woods)."""
    p = pattern.HexPair(1, 2, 3, 0.05, 0.3, False, 3.0)  # woods (1) above rough (2) by solid ink
    names = ["open", "woods", "rough"]
    x = np.array([[0.2, 0.1, 10.0, 0.02]] * 4)
    frac = np.array([[0.3, 0.55, 0.15]] + [[0.1, 0.3, 0.6]] * 3)
    for first_of_examples, read in ((1, "rough"), (2, "woods")):  # rough's examples (rows 1-3) read woods / rough
        order = np.array([[1, 0]] + [[first_of_examples, 0]] * 3)
        results = {"0": ex.HexResult("woods", 0.55, {"woods": 0.55, "open": 0.3}, 0.0, 1.0, "mixed")}
        ex._read_unseen([p], [x], names, ["0", "1", "2", "3"], frac, order, results, [0], {2: [1, 2, 3]})
        assert results["0"].terrain == read


def test_solid_share_tells_a_blob_from_specks():
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
