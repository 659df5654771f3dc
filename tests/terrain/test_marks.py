"""A class printed as marks of a colour of its own over other classes' grounds - dark green tree symbols over the
tan open ground and over the olive relief, as GMT Next War: Korea prints its forest - is read by that colour's share
of the hex, whatever its ground (toolkit/terrain/marks.py; extract.py ``_read_marks``)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex
from toolkit.terrain import marks

from .drawn import blank_board, read_classes

TAN = (219, 215, 178)  # the open ground
RELIEF = (177, 174, 126)  # the hills' light olive relief
TREE = (66, 116, 64)  # the forest's trees: dark green, on either ground
BLUE = (90, 140, 210)  # water
ON_TAN = {"0203", "0302", "0304"}  # forest hexes over the tan ground
ON_RELIEF = {"0603", "0702", "0605", "0704"}  # ... and over the relief
WATER = {"0106", "0206"}


def _ground(col: int) -> tuple[int, int, int]:
    return TAN if col <= 4 else RELIEF  # columns 1-4 open ground, 5-8 relief


def _board(trees: tuple[int, int, int] = TREE, road: bool = False, thin: frozenset[str] = frozenset(),
           patch: frozenset[str] = frozenset()) -> tuple[Image.Image, Grid]:
    """The board; ``thin``: forest hexes whose trees stand on every other point of the lattice (half as many);
    ``patch``: hexes of their ground with trees along their right side only (a tenth of the hex or so)."""
    lay, grid, im, d = blank_board(8, 6, size=50.0, origin=(60.0, 60.0), image=(700, 640), paper=TAN, ink=None)
    for h in grid.hexes():
        hid = grid.id(h)
        d.polygon(lay.corners(h), fill=BLUE if hid in WATER else _ground(int(hid[:2])))
    rng = np.random.default_rng(7)
    for h in grid.hexes():
        if grid.id(h) not in ON_TAN | ON_RELIEF | patch:
            continue
        cx, cy = lay.hex_to_pixel(h)
        for k, (gx, gy) in enumerate((gx, gy) for gx in range(-40, 41, 13) for gy in range(-40, 41, 13)):
            # trees on a jittered lattice inside the hex, 3-4 px across
            if (grid.id(h) in thin and k % 2) or (grid.id(h) in patch and gx < 25):
                continue
            x, y = cx + gx + rng.uniform(-3, 3), cy + gy + rng.uniform(-3, 3)
            if abs(y - cy) < 0.8 * 43 and abs(x - cx) + 0.58 * abs(y - cy) < 0.8 * 50:
                r = rng.uniform(1.6, 2.4)
                d.ellipse([x - r, y - r, x + r, y + r], fill=trees)
    if road:  # a road of the trees' own colour across the open ground and the relief
        d.line([(20, 320), (680, 320)], fill=trees, width=4)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    rng = np.random.default_rng(5)
    a = np.asarray(im, np.float32) + rng.normal(0, 2.0, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend(**features: object) -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0101", "0105", "0402"]},
                        "hills": {"hexes": ["0801", "0806", "0503"]},
                        "forest": {"hexes": ["0304", "0605"]},  # one over each ground
                        "water": {"hexes": ["0106", "0206"]}},
            **({"features": features} if features else {})}


def _want(grid: Grid) -> dict[str, set[str]]:
    every = {grid.id(h) for h in grid.hexes()}
    forest = ON_TAN | ON_RELIEF
    return {"forest": forest, "water": WATER,
            "clear": {h for h in every - forest - WATER if int(h[:2]) <= 4},
            "hills": {h for h in every - forest - WATER if int(h[:2]) > 4}}


def test_trees_over_two_grounds_are_forest():
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    assert read_classes(got) == _want(grid)
    # the hexes over the relief keep the relief as the ground their lines are read on
    assert {h for h, r in got.hexes.items() if r.ground == "hills"} == ON_RELIEF


def test_by_colour_alone_the_trees_read_as_their_ground(monkeypatch):
    # the old reading: the trees' blend with either ground lies nearer that ground's class than the forest's colour
    # (the median of its examples' blocks over both grounds): no hex is forest
    monkeypatch.setattr(ex, "MARKS", False)
    im, grid = _board()
    got = read_classes(ex.extract(im, grid, _legend(), features=False))
    want = _want(grid)
    assert "forest" not in got
    assert got["clear"] == want["clear"] | ON_TAN
    assert got["hills"] == want["hills"] | ON_RELIEF


def test_the_marks_learned_from_the_examples():
    im, grid = _board()
    colours = {"clear": (86.0, -2.0, 18.0), "hills": (70.0, -3.0, 25.0), "forest": (77.0, -8.0, 20.0),
               "water": (57.0, -3.0, -35.0)}
    ex_hexes = {k: v["hexes"] for k, v in _legend()["terrain"].items()}  # type: ignore[union-attr]
    got = marks.learn_marks(im, grid, ex_hexes, colours, [], 35.0)
    assert [m.name for m in got] == ["forest"]
    m = got[0]
    assert m.others == 0.0 and 0.05 < m.least < 0.2
    assert m.others < m.threshold < m.least


def test_a_class_with_a_fill_of_its_own_is_left_to_the_colour_reading():
    # trees printed on the forest's own green fill: its ground is its own colour, the colour reading holds it
    im, grid = _board()
    lay = grid.layout
    assert lay is not None
    d = ImageDraw.Draw(im)
    for h in grid.hexes():
        if grid.id(h) in ON_TAN | ON_RELIEF:
            cx, cy = lay.hex_to_pixel(h)
            d.polygon([(cx + 0.97 * (x - cx), cy + 0.97 * (y - cy)) for x, y in lay.corners(h)], fill=(126, 176, 96))
    colours = {"clear": (86.0, -2.0, 18.0), "hills": (70.0, -3.0, 25.0), "forest": (67.0, -28.0, 33.0),
               "water": (57.0, -3.0, -35.0)}
    ex_hexes = {k: v["hexes"] for k, v in _legend()["terrain"].items()}  # type: ignore[union-attr]
    assert marks.learn_marks(im, grid, ex_hexes, colours, [], 35.0) == []


def test_marks_of_a_lines_colour_are_not_read():
    # a road printed in the trees' colour: that colour is the line's as well, and is left to the colour reading
    im, grid = _board(road=True)
    road = {"road": {"colour": "#427440", "kind": "across"}}
    got = ex.extract(im, grid, _legend(**road), features=False)
    assert not any(r.ground for r in got.hexes.values())


def test_marks_darker_than_the_ink_are_not_read():
    # trees printed as dark as the lettering: ink, not a mark colour
    im, grid = _board(trees=(25, 45, 25))
    colours = {"clear": (86.0, -2.0, 18.0), "hills": (70.0, -3.0, 25.0), "forest": (77.0, -8.0, 20.0),
               "water": (57.0, -3.0, -35.0)}
    ex_hexes = {k: v["hexes"] for k, v in _legend()["terrain"].items()}  # type: ignore[union-attr]
    assert marks.learn_marks(im, grid, ex_hexes, colours, [], 35.0) == []


@pytest.mark.parametrize("scale", [0.6, 1.5])
def test_the_share_scales_with_the_hex(scale):
    im, grid = _board()
    im = im.resize((round(im.width * scale), round(im.height * scale)), Image.Resampling.LANCZOS)
    assert grid.layout is not None
    grid = dataclasses.replace(grid, layout=grid.layout.scaled(scale))
    assert read_classes(ex.extract(im, grid, _legend(), features=False)) == _want(grid)


RED = (200, 40, 40)


def _unlisted_road() -> tuple[Image.Image, Grid, dict[str, object]]:
    """The board with a red road the legend does not list down column 02, and a town whose two example hexes are
    crossed by a piece of it (review M1: towns sit on roads; users list some of a map's lines)."""
    im, grid = _board()
    lay = grid.layout
    assert lay is not None
    d = ImageDraw.Draw(im)
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in ("0201", "0202", "0203", "0204", "0205")], fill=RED, width=4)
    for h in ("0401", "0405", "0101"):
        x, y = lay.hex_to_pixel(grid.hex(h))
        d.line([(x - 40, y), (x + 40, y)], fill=RED, width=4)
    leg = _legend()
    terrain = leg["terrain"]
    assert isinstance(terrain, dict)
    terrain["town"] = {"hexes": ["0401", "0405"]}
    return im, grid, leg


def test_a_line_the_legend_does_not_list_is_not_marks():
    """The road's red is every town example's and no other example's, 2-4% of each hex: counted by colour alone it
    was learned as the town's marks and the five hexes of column 02 and 0101 read town (0203, trees over tan, too:
    the first class in the legend's order took it). Its pixels lie in strokes across the hex, not in marks."""
    im, grid, leg = _unlisted_road()
    got = ex.extract(im, grid, leg, features=False)
    assert [got.hexes[h].terrain for h in ("0201", "0202", "0204", "0205", "0101")] == ["clear"] * 5
    assert got.hexes["0203"].terrain == "forest"
    assert {h for h, r in got.hexes.items() if r.terrain == "town"} <= {"0401", "0405"}


def test_the_class_reaching_furthest_past_its_threshold_takes_the_hex():
    """Two classes whose marks both reach their thresholds in a hex: the one further past its own, whatever the
    legend's order (review M1b); none when neither reaches."""
    town = marks.Marks("town", np.zeros(1, bool), 0.01, 0.03, 0.0, (40.0, 60.0, 40.0))
    forest = marks.Marks("forest", np.zeros(1, bool), 0.02, 0.06, 0.0, (40.0, -30.0, 20.0))
    assert marks.furthest_marks([town, forest], np.array([0.012, 0.08])) == 1  # 1.2x town's, 4x forest's
    assert marks.furthest_marks([town, forest], np.array([0.05, 0.03])) == 0  # 5x town's, 1.5x forest's
    assert marks.furthest_marks([town, forest], np.array([0.009, 0.019])) is None
    assert marks.furthest_marks([town, forest], np.array([0.01, 0.0])) == 0  # at the threshold: reached


def _thin_legend() -> dict[str, object]:
    leg = _legend()
    terrain = leg["terrain"]
    assert isinstance(terrain, dict)
    terrain["forest"] = {"hexes": ["0304", "0605", "0302"]}  # 0302: a thin example, half the trees
    return leg


def test_a_thin_example_does_not_lower_the_bar():
    """Forest's examples: two typical (their trees cover 10.5% and 9.9% of the hex) and a thin one (4.4%); 0404, a
    clear hex with trees along its right side (1.8%), is clear under the majority rule. The threshold was a third of
    the least example, 1.5%: 0404 read forest. Now a third of the typical example (the median), 3.3%, at most the
    least: 0404 clear, every forest hex forest (the thin one included)."""
    im, grid = _board(thin=frozenset({"0302"}), patch=frozenset({"0404"}))
    got = ex.extract(im, grid, _thin_legend(), features=False)
    assert read_classes(got) == _want(grid)
    colours = {"clear": (86.0, -2.0, 18.0), "hills": (70.0, -3.0, 25.0), "forest": (77.0, -8.0, 20.0),
               "water": (57.0, -3.0, -35.0)}
    ex_hexes = {k: v["hexes"] for k, v in _thin_legend()["terrain"].items()}  # type: ignore[union-attr]
    (m,) = marks.learn_marks(im, grid, ex_hexes, colours, [], 35.0)
    share = marks.mark_shares(im, grid, [m])[0, [grid.id(h) for h in grid.hexes()].index("0404")]
    assert round(m.least, 3) == 0.044 and round(m.threshold, 3) == 0.033 and m.least / 3 < share < m.threshold


def test_threshold_between_the_typical_example_and_the_others():
    # a third of the typical example when the others hold none; never over the least example
    assert marks._threshold(np.array([0.09, 0.054, 0.095]), np.zeros(3)) == pytest.approx(0.03)
    assert marks._threshold(np.array([0.09, 0.054, 0.095]), np.array([0.01])) == pytest.approx((0.09 * 0.01) ** 0.5)
    assert marks._threshold(np.array([0.03, 0.2, 0.2]), np.zeros(2)) == 0.03  # the least example is the class
    assert marks._threshold(np.array([0.09, 0.02]), np.array([0.01])) is None  # an other example over a third of it


def test_a_hex_read_by_its_marks_is_under_review_below_only_when_listed():
    """A hex moved by its marks has a confidence below REVIEW_BELOW exactly when it is listed for review (within
    NEAR_RULE of the threshold). It was 0.5 plus the share past the threshold: 0.52-0.6 and none listed (review
    C13; the thin example 0302 0.53)."""
    for board, leg in ((_board(), _legend()), (_board(thin=frozenset({"0302"})), _thin_legend())):
        got = ex.extract(*board, leg, features=False)
        moved = {h: r for h, r in got.hexes.items() if r.ground is not None}
        assert moved
        assert all((r.confidence < ex.REVIEW_BELOW) == bool(r.review) for r in moved.values())
    assert got.hexes["0302"].confidence > 0.7 and not got.hexes["0302"].review
    assert ex.marks_confidence(0.02, 0.02) == 0.5 and ex.marks_confidence(0.1, 0.02) == 1.0
    assert ex.marks_confidence(0.0230001, 0.02) > ex.REVIEW_BELOW > ex.marks_confidence(0.0229999, 0.02)


def test_the_working_scale_is_reduced_once_a_run(monkeypatch):
    """The marks' shares and the lines' reading read the same working scale of the same region: it is reduced and
    coded once a run (symbols.one_reduction; review C8: mark_shares made its own, and so did each line)."""
    from toolkit.terrain import lines, symbols

    shapes: list[tuple[int, ...]] = []
    real = symbols.rgb_codes

    def counted(px: np.ndarray) -> np.ndarray:
        shapes.append(px.shape[:2])
        return real(px)

    for module in (symbols, marks, lines):
        monkeypatch.setattr(module, "rgb_codes", counted)
    im, grid, leg = _unlisted_road()
    leg["features"] = {"road": {"colour": "#c82828", "kind": "across", "trace": True}}
    got = ex.extract(im, grid, leg)
    assert {h for h, r in got.hexes.items() if r.terrain == "forest"} == ON_TAN | ON_RELIEF  # the marks were read
    whole = max(shapes, key=lambda s: s[0] * s[1])
    assert shapes.count(whole) == 1
    # outside a run each call makes its own (a caller may draw on its image between two)
    a = symbols.working_codes(im, 2)
    assert a is not symbols.working_codes(im, 2)
    with symbols.one_reduction():
        b = symbols.working_codes(im, 2)
        assert b is symbols.working_codes(im, 2) and np.array_equal(a, b)
        assert symbols.working_codes(im.copy(), 2) is not b


def test_the_finer_scale_is_reduced_once_a_run(monkeypatch):
    """Hexes of 130 px (the working scale a quarter of the scan, the lines' finer scale a half: Squad Leader's 165 px
    hexes): the half-scale image is made once a run for every line (review35 C4: lines._read_colour reduced the whole
    scan again for each line; its codes were already made once), and the lines read as before."""
    from itertools import pairwise

    lay, grid, im, d = blank_board(columns=5, rows=4, size=130.0, origin=(140.0, 130.0), image=(1100, 1000),
                                   paper=TAN)
    paths = {"road": ["0102", "0202", "0302", "0402", "0502"], "rail": ["0103", "0203", "0303", "0403", "0503"]}
    for path, ink in zip(paths.values(), ((200, 40, 40), (40, 40, 200))):
        d.line([lay.hex_to_pixel(grid.hex(i)) for i in path], fill=ink, width=12)
    halves: list[tuple[int, int]] = []  # the sizes of the images halved (the region read: the grid's hexes)
    real = Image.Image.reduce

    def counted(self: Image.Image, factor: int | tuple[int, int], box: object = None) -> Image.Image:
        if factor == 2:
            halves.append(self.size)
        return real(self, factor) if box is None else real(self, factor, box)  # type: ignore[arg-type]

    monkeypatch.setattr(Image.Image, "reduce", counted)
    leg = {"terrain": {"open": {"colour": "#dbd7b2"}}, "features": {
        "road": {"colour": "#c82828", "kind": "across", "trace": True},
        "rail": {"colour": "#2828c8", "kind": "across", "trace": True}}}
    got = ex.extract(im, grid, leg)
    for name, path in paths.items():
        assert {k for k, v in got.hexsides.items() if name in v} == {grid.side_key(a, b) for a, b in pairwise(path)}
    assert len(halves) == 1
