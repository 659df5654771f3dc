"""The review list's "N% of the hex matches no legend colour" (extract._unknown_colour): a hex is listed when over
REVIEW_UNKNOWN of it is of no legend colour, but not for blocks that are a legend line's colour averaged with a
terrain's (a river's band along the hex sides: The Longest Day), nor, where the hex is read as a class whose own
example hexes are over REVIEW_UNKNOWN of such colour, for the colours they hold (MMP Afrika's hills with darker patches
the legend lists no colour for). A patch of a colour nothing explains is still listed, and a line whose colour is a
terrain's too (extract._takes_terrain) explains none."""

from __future__ import annotations

import math

import numpy as np
from PIL import ImageDraw

from toolkit.terrain import extract as ex
from toolkit.terrain.colour import lab_to_rgb, rgb_to_hex, rgb_to_lab
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 40.0
GREEN = (120, 185, 110)
WHITE = (250, 248, 240)
BLUE = (26, 127, 212)
MAGENTA = (200, 40, 160)
SAND = (222, 190, 120)
BROWN = (150, 70, 40)
MOUNTAIN = (150, 90, 70)
RAIL = (190, 50, 110)  # 40 per channel from the mountain's colour: within the masks' 45
HILLS = (180, 195, 140)


def _river_board():
    """Green and white hexes, a blue river band a quarter of the hex wide drawn along every side of three hexes (its
    black edges printed over it, as The Longest Day prints it), and a magenta patch over a third of one hex."""
    lay, grid, im, d = blank_board(9, 7, size=SIZE, image=(620, 640), paper=WHITE)
    for h in grid.hexes():
        if grid.id(h)[:2] in ("05", "06", "07", "08", "09"):
            d.polygon([tuple(p) for p in lay.corners(h)], fill=GREEN, outline=(40, 40, 40))
    for h in ("0303", "0704", "0705"):
        pts = [tuple(p) for p in lay.corners(grid.hex(h))]
        ring = [*pts, pts[0]]
        d.line(ring, fill=BLUE, width=round(0.25 * SIZE), joint="curve")
        for side in (-1, 1):  # its black edges
            k = 1 + side * 0.125 * SIZE / (SIZE * math.sqrt(3) / 2)
            cx, cy = lay.hex_to_pixel(grid.hex(h))
            d.line([(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in ring], fill=(20, 20, 20), width=1)
    x, y = lay.hex_to_pixel(grid.hex("0206"))
    d.ellipse((x - 0.55 * SIZE, y - 0.55 * SIZE, x + 0.55 * SIZE, y + 0.55 * SIZE), fill=MAGENTA)
    legend = {"terrain": {"clear": {"hexes": ["0101", "0102", "0201"]}, "woods": {"hexes": ["0901", "0902", "0801"]}},
              "features": {"river": {"colour": "#1a7fd4", "kind": "along"}}}
    return grid, im, legend


def test_a_rivers_band_is_not_unknown_colour(monkeypatch):
    grid, im, legend = _river_board()
    got = extract(im, grid, legend)
    assert {h: r.terrain for h, r in got.hexes.items() if h in ("0303", "0704", "0705", "0206")} == {
        "0303": "clear", "0704": "woods", "0705": "woods", "0206": "clear"}
    # the river's hexes: a third or more of them is its blue and its mixes with the ground, all legend colours
    assert [h for h in ("0303", "0704", "0705") if got.hexes[h].unknown > 0.25] == ["0303", "0704", "0705"]
    assert got.review() == ["0206"]
    assert got.hexes["0206"].review.endswith("of the hex matches no legend colour")
    # the old reading (every block of no legend terrain): the river's hexes listed too
    monkeypatch.setattr(ex, "UNKNOWN_KNOWN", False)
    old = extract(im, grid, legend)
    assert old.review() == ["0206", "0303", "0704", "0705"]


def _patches_board():
    """Sand and hills hexes; every hills hex (the examples too) holds four brown patches at its rim, 44-46% of the
    hex with their blends, a colour the legend does not list; one sand hex holds them too."""
    lay, grid, im, d = blank_board(9, 7, size=SIZE, image=(620, 640), paper=SAND)
    hills = [grid.id(h) for h in grid.hexes() if grid.id(h)[2:] in ("05", "06", "07")]
    for h in [*hills, "0202"]:
        cx, cy = lay.hex_to_pixel(grid.hex(h))
        if h != "0202":
            d.polygon([tuple(p) for p in lay.corners(grid.hex(h))], fill=HILLS, outline=(40, 40, 40))
        for a in (0, 60, 180, 240):
            x, y = cx + 0.68 * SIZE * math.cos(math.radians(a)), cy + 0.68 * SIZE * math.sin(math.radians(a))
            d.ellipse((x - 0.27 * SIZE, y - 0.27 * SIZE, x + 0.27 * SIZE, y + 0.27 * SIZE), fill=BROWN)
    legend = {"terrain": {"sand": {"hexes": ["0101", "0102", "0201"]}, "hills": {"hexes": ["0105", "0106", "0205"]}}}
    return grid, im, legend, hills


def test_a_colour_the_classes_own_examples_are_printed_with(monkeypatch):
    grid, im, legend, hills = _patches_board()
    got = extract(im, grid, legend)
    assert all(got.hexes[h].terrain == "hills" for h in hills) and got.hexes["0202"].terrain == "sand"
    over = [h for h in hills if got.hexes[h].unknown > 0.25]
    assert over == hills  # every hills hex is over a quarter brown
    # the sand hex with the same patches is listed: sand's examples say nothing of brown
    assert got.review() == ["0202"]
    monkeypatch.setattr(ex, "UNKNOWN_KNOWN", False)
    old = extract(im, grid, legend)
    assert set(old.review()) == {"0202", *over}


def _terrain_coloured_line_board():
    """Clear and mountain hexes and a railway whose colour is within the line masks' tolerance of the mountain's
    (its mask would take the mountain's colour: Stonewall Jackson's Way's red railway); one clear hex holds a patch
    of the railway's colour mixed half and half with the clear (a colour no legend terrain is), a band along a short
    stretch of the railway."""
    lay, grid, im, d = blank_board(9, 7, size=SIZE, image=(620, 640), paper=WHITE)
    for h in grid.hexes():
        if grid.id(h)[:2] in ("07", "08", "09"):
            d.polygon([tuple(p) for p in lay.corners(h)], fill=MOUNTAIN, outline=(40, 40, 40))
    x, y = lay.hex_to_pixel(grid.hex("0304"))
    patch = tuple((a + b) // 2 for a, b in zip(RAIL, WHITE))
    # the patch a band along a short stretch of the railway (a mix is the line's only beside it: review37 M1)
    ends = [(x - 0.8 * SIZE, y), (x + 0.8 * SIZE, y)]
    d.line(ends, fill=patch, width=round(0.6 * SIZE))
    d.line(ends, fill=RAIL, width=round(0.25 * SIZE))
    legend = {"terrain": {"clear": {"hexes": ["0101", "0102", "0201"]},
                          "mountain": {"hexes": ["0901", "0902", "0801"]}},
              "features": {"rail": {"colour": rgb_to_hex(RAIL), "kind": "across"}}}
    return grid, im, legend


def test_a_line_of_a_terrains_colour_explains_no_unknown_colour(monkeypatch):
    grid, im, legend = _terrain_coloured_line_board()
    got = extract(im, grid, legend)
    assert got.hexes["0304"].terrain == "clear" and got.hexes["0304"].unknown > 0.25
    # the patch lies on the railway's mix with the clear, but the railway's colour is the mountain's too: listed
    assert got.review() == ["0304"]
    # were the railway's mixes counted as the line, the patch would not be
    monkeypatch.setattr(ex, "_takes_terrain", lambda line, terrains: False)
    assert extract(im, grid, legend).review() == []


def test_a_colour_on_a_lines_mix_away_from_the_line_is_unknown():
    """review37 M1: a pale-blue lake no class names (55% paper, 45% of the river's blue, three quarters of the hex
    across) lies on the river's mix with the clear, but by no river: listed for its unknown colour (the code before
    read it clear with confidence 1.0 and listed nothing: the user's only word that the legend misses a class). The
    river's own hexes stay off the list."""
    grid, im, legend = _river_board()
    d = ImageDraw.Draw(im)
    x, y = grid.layout.hex_to_pixel(grid.hex("0204"))
    lake = tuple(round(0.55 * w + 0.45 * b) for w, b in zip(WHITE, BLUE))
    d.ellipse((x - 0.75 * SIZE, y - 0.75 * SIZE, x + 0.75 * SIZE, y + 0.75 * SIZE), fill=lake)
    got = extract(im, grid, legend)
    assert got.hexes["0204"].terrain == "clear"
    assert got.review() == ["0204", "0206"]
    assert got.hexes["0204"].review.endswith("of the hex matches no legend colour")


def test_a_classes_own_colour_lets_off_that_colour_only():
    """review37 M2: a hills hex whose examples print brown patches is not listed for the brown, but a magenta disc
    over half of one hills hex (a colour none of the examples holds: a counter, a key box) lists it (the code before
    let a hills hex off every colour)."""
    grid, im, legend, _ = _patches_board()
    d = ImageDraw.Draw(im)
    x, y = grid.layout.hex_to_pixel(grid.hex("0506"))
    d.ellipse((x - 0.6 * SIZE, y - 0.6 * SIZE, x + 0.6 * SIZE, y + 0.6 * SIZE), fill=MAGENTA)
    got = extract(im, grid, legend)
    assert got.hexes["0506"].terrain == "hills"
    assert got.review() == ["0202", "0506"]


def test_hexes_wholly_off_the_image_are_read_as_nothing():
    """review37 C1: a grid wider than the image (its last columns wholly off it, as MAX_OFF_IMAGE allows) - their
    hexes hold no block, and the unknown-colour share is not taken of them (ZeroDivisionError in reviewq's first
    form): read as nothing on the image."""
    lay, grid, im, d = blank_board(9, 7, size=SIZE, image=(330, 640), paper=WHITE)
    for h in grid.hexes():
        if grid.id(h)[:2] in ("03", "04"):
            d.polygon([tuple(p) for p in lay.corners(h)], fill=GREEN, outline=(40, 40, 40))
    legend = {"terrain": {"clear": {"hexes": ["0101", "0102", "0201"]}, "woods": {"hexes": ["0301", "0302", "0401"]}}}
    got = extract(im, grid, legend)
    off = {h: (r.terrain, r.review) for h, r in got.hexes.items() if h.startswith("09")}
    assert off == {f"09{r:02d}": (None, "nothing to classify on the image") for r in range(1, 8)}
    assert {got.hexes[h].terrain for h in got.hexes if h[:2] in ("03", "04")} == {"woods"}


PURPLE = (190, 110, 220)


def _markers_board():
    """Clear and woods hexes; a purple disc (a game's marker, printed over the map whatever its terrain: a colour the
    legend does not list) over a fifth of one example hex of each class (under REVIEW_UNKNOWN: the class's own colour
    rule says nothing of it), a larger one over two other hexes, one clear, one woods (31% and 37% of each hex of no
    legend colour with its blends), and a larger still over a clear hex (92%)."""
    lay, grid, im, d = blank_board(9, 7, size=SIZE, image=(620, 640), paper=WHITE)
    for h in grid.hexes():
        if grid.id(h)[:2] in ("05", "06", "07", "08", "09"):
            d.polygon([tuple(p) for p in lay.corners(h)], fill=GREEN, outline=(40, 40, 40))
    for h, r in (("0102", 0.38), ("0902", 0.38), ("0304", 0.48), ("0705", 0.48), ("0206", 0.85)):
        x, y = lay.hex_to_pixel(grid.hex(h))
        d.ellipse((x - r * SIZE, y - r * SIZE, x + r * SIZE, y + r * SIZE), fill=PURPLE)
    legend = {"terrain": {"clear": {"hexes": ["0101", "0102", "0201"]}, "woods": {"hexes": ["0901", "0902", "0801"]}}}
    return grid, im, legend


def test_a_colour_the_examples_of_two_classes_hold_is_printed_over_the_map(monkeypatch):
    """extract._overprint: a colour no legend terrain has that example hexes of two classes hold is a print over the
    map (D-Day at Omaha Beach's strongpoint crosses and unit markers), not a terrain the legend misses - a hex is
    let off it up to the largest share one example hex holds of it (a fifth: the two hexes with the larger marker
    are not listed), and is listed past that (the clear hex under the largest disc)."""
    grid, im, legend = _markers_board()
    got = extract(im, grid, legend)
    assert {h: got.hexes[h].terrain for h in ("0102", "0902", "0304", "0705", "0206")} == {
        "0102": "clear", "0902": "woods", "0304": "clear", "0705": "woods", "0206": "clear"}
    assert all(got.hexes[h].unknown > 0.3 for h in ("0304", "0705"))
    assert got.review() == ["0206"]
    assert got.hexes["0206"].review == "77% of the hex matches no legend colour"
    # the old reading: every hex with the larger markers listed
    monkeypatch.setattr(ex, "OVERPRINT", 3)
    assert extract(im, grid, legend).review() == ["0206", "0304", "0705"]


def test_a_colour_one_classs_examples_hold_is_not_overprint():
    """The purple marker on a clear example only (the woods examples without it): the colour may be a terrain the
    legend misses by the clear examples - the hexes holding more of it are listed as before (and the woods hex
    0902, no example now: its marker's blends with the green leave 27% of it of no legend colour)."""
    grid, im, legend = _markers_board()
    legend["terrain"]["woods"]["hexes"] = ["0901", "0903", "0801"]
    assert extract(im, grid, legend).review() == ["0206", "0304", "0705", "0902"]


def _line_mixes_every_block(x, lines, protos, spread):
    """extract._line_mixes before review37 C3: every colour measured against every line and prototype."""
    out = np.zeros(x.shape[1], bool)
    if not len(lines) or not x.shape[1]:
        return out
    rgb = lab_to_rgb(x.T)
    lab = x.T.astype(np.float64)
    for line in lines:
        b = lab_to_rgb(np.asarray(line, np.float64))
        for p, tol in zip(protos, spread):
            a = lab_to_rgb(np.asarray(p, np.float64))
            d = b - a
            t = np.clip((rgb - a) @ d / max(float(d @ d), 1e-9), 0.0, 1.0)
            near = rgb_to_lab((a + t[:, None] * d).astype(np.float32)) - lab
            out |= (near * near).sum(axis=1) <= float(tol) ** 2
    return out


def test_the_line_mixes_measured_in_the_curves_box_are_those_of_every_block(monkeypatch):
    """review37 C3: _line_mixes measures only the colours inside the Lab box of each line-terrain curve grown by the
    spread; the same answer as measuring every block - on the river board's blocks (its run's own arguments) and on
    colours drawn about the mixes of three lines with twelve colours, many at the spread's edge."""
    seen = []
    real = ex._line_mixes

    def keep(*args):
        seen.append(args)
        return real(*args)

    monkeypatch.setattr(ex, "_line_mixes", keep)
    grid, im, legend = _river_board()
    extract(im, grid, legend)
    assert seen and seen[0][0].shape[1] > 500
    for args in seen:
        got = real(*args)
        assert got.any() and not got.all()
        assert np.array_equal(got, _line_mixes_every_block(*args))
    rng = np.random.default_rng(1)
    lines = rgb_to_lab(np.array([BLUE, MAGENTA, BROWN], np.float32)).astype(np.float64)
    protos = rgb_to_lab(rng.integers(40, 250, (12, 3)).astype(np.float32))
    spread = rng.uniform(6.0, 20.0, 12)
    n = 20000
    rgbs = rng.uniform(0, 255, (n, 3))
    li, pi, w = rng.integers(0, 3, n // 2), rng.integers(0, 12, n // 2), rng.uniform(0, 1, (n // 2, 1))
    rgbs[:n // 2] = (lab_to_rgb(lines[li]) * w + lab_to_rgb(protos[pi].astype(np.float64)) * (1 - w)
                     + rng.normal(0, 8, (n // 2, 3)))
    x = np.ascontiguousarray(rgb_to_lab(np.clip(rgbs, 0, 255).astype(np.float32)).T)
    got = real(x, lines, protos, spread)
    assert 0.2 < got.mean() < 0.9
    assert np.array_equal(got, _line_mixes_every_block(x, lines, protos, spread))


def test_a_colour_on_a_blend_of_two_terrains_is_no_overprint():
    """extract._on_blends / _overprint (review38 R3): a colour within BLEND_RADIUS of the Lab segment between two
    classes' colours is a mix of two terrains (Stonewall Jackson's Way's painted grounds shade into one another, their
    blends 1-7 Delta E from a segment, held by examples of two or three classes: studied region 2's whole-map list lost
    12 hexes when they were let off as overprint), never a colour printed over the map, whichever examples hold it;
    the purple marker's colour, off every segment, still is. (On a drawn flat-colour board a blend of two grounds is
    read as one of them, never as unknown colour: the guard is tested here on the blocks themselves.)"""
    protos = np.array([rgb_to_lab(np.array([[WHITE]], np.uint8)).reshape(3),
                       rgb_to_lab(np.array([[GREEN]], np.uint8)).reshape(3)])
    purple = rgb_to_lab(np.array([[PURPLE]], np.uint8)).reshape(3)
    mid = protos.mean(axis=0) + np.array([0.0, 0.0, 3.0])  # half way, 3 Delta E off the segment
    x = np.stack([mid, purple]).T
    assert ex._on_blends(x, protos).tolist() == [True, False]
    # the unknown blocks: each colour in an example hex of each class (hexes 0 and 1) and in a third hex (2)
    cols = np.stack([mid, mid, mid, purple, purple, purple]).T
    at = np.array([0, 1, 2, 0, 1, 2])
    codes = ex._lab_bins(cols)
    seen = {"clear": [0], "woods": [1]}
    total = [10, 10, 10]
    blend = ex._on_blends(cols, protos)
    grown, cap = ex._overprint(codes, at, seen, total, blend)
    assert codes[3] in grown and codes[0] not in grown and cap == 0.1
    # without the guard the blend is overprint too
    grown, _cap = ex._overprint(codes, at, seen, total, np.zeros(len(at), bool))
    assert codes[0] in grown and codes[3] in grown
