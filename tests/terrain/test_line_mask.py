"""A line's mask checked against the terrain examples (extract_legend.line_masks): the colour step leaves every pixel
within +-45 per channel of an 'across' line's colour out of the terrain; a line colour that takes most of some
terrain's example pixels is that terrain's colour too (Roads to Gettysburg's railway, 92% of the mountain's example
pixels; its road, a thin road blended with the wash, 62% of the rough's and 64% of the woods'), and masking it left
those terrains their paper. Such a mask leaves out thin marks of the colour only (the line), not areas of it
(extract_raster.LINE_AREA), and a warning names the line and the terrain."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex
from toolkit.terrain import extract_legend as el
from toolkit.terrain.advice import legend_warnings
from toolkit.terrain.colour import rgb_to_lab
from toolkit.terrain.extract_raster import _feature_image, _feature_images

from .drawn import blank_board

SIZE = 24.0
PAPER = (242, 238, 204)
WASH = (200, 204, 112)  # the fields' flat tint
TREES = (100, 120, 50)  # the woods' blobs on the paper: within 25 per channel of the road's colour
ROAD = (125, 135, 60)
WOODS = {"0203", "0204", "0303", "0502", "0503", "0602", "0805", "0806"}
FIELDS = {"0101", "0102", "0401", "0402", "0707", "0708", "0908", "0807"}
ROAD_ROW = 6  # the road runs along row 6 of columns 1-6 (open ground)


def _board(trees: tuple[int, int, int] = TREES, solid: bool = False) -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(10, 8, size=SIZE, origin=(30.0, 30.0), image=(420, 430), paper=PAPER, ink=None)
    for h in grid.hexes():
        hid = grid.id(h)
        if hid in FIELDS:
            d.polygon(lay.corners(h), fill=WASH)
        if hid in WOODS and solid:  # a flat fill of the trees' colour
            d.polygon(lay.corners(h), fill=trees)
        elif hid in WOODS:  # blobs of trees 11 px across every 12 px over the hex, the paper between
            cx, cy = lay.hex_to_pixel(h)
            for i in range(-2, 3):
                for j in range(-2, 3):
                    x, y = cx + 12 * i, cy + 12 * j
                    if (x - cx) ** 2 + (y - cy) ** 2 <= (0.8 * SIZE) ** 2:
                        d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=trees)
    pts = [lay.hex_to_pixel(grid.hex(f"{c:02d}{ROAD_ROW:02d}")) for c in (1, 6)]
    d.line([(pts[0][0], pts[0][1]), (pts[1][0], pts[0][1])], fill=ROAD, width=3)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0106", "0907", "0601"]}, "fields": {"hexes": ["0101", "0401", "0707"]},
                        "woods": {"hexes": ["0203", "0502", "0805"]}},
            "features": {"road": {"colour": "#7d873c", "kind": "across"}}}


def _read(got: ex.Extraction, name: str) -> set[str]:
    return {h for h, r in got.hexes.items() if r.terrain == name}


def test_a_line_colour_taking_a_terrains_examples_leaves_out_its_thin_marks_only():
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    assert _read(got, "woods") == WOODS
    assert _read(got, "fields") == FIELDS
    (m,) = got.masks
    assert (m.name, m.rgb, m.thin) == ("road", ROAD, True)
    assert all(lo <= c <= hi for c, (lo, hi) in zip(TREES, m.own)), m.own  # the trees' colours are kept
    assert [t for t, _ in m.took] == ["woods"] and 0.5 < m.took[0][1] < 0.8, m.took
    said = [w for w in legend_warnings(got) if w.startswith("line road's colour (#7d873c) takes in")]
    assert len(said) == 1 and "% of woods example pixels" in said[0] and "only its thin marks" in said[0], said


def test_the_whole_mask_leaves_the_woods_the_paper(monkeypatch):
    """The old reading (every mask whole): the woods' trees are left out and its examples read as the paper between
    them - the woods' colour within a Delta E of the open's (34 apart with the thin mask). With the colour cast taken
    whatever it did, every open hex then read woods; since cast notes 1 that field is dropped here (it took the hexes
    farther from their colours) and the two classes, 0.1 apart, part by a hair."""
    monkeypatch.setattr(el, "MASK_TAKES", 1.0)
    im, grid = _board()
    got = ex.extract(im, grid, _legend(), features=False)
    assert not got.masks
    lab = {tc.name: np.array(tc.lab) for tc in got.legend.terrains}
    assert np.linalg.norm(lab["woods"] - lab["open"]) < 1.0
    assert _read(got, "fields") == FIELDS
    assert not [w for w in legend_warnings(got) if w.startswith("line road's colour")]


def test_a_thin_mask_leaves_out_the_line_and_keeps_an_area_of_the_terrains_colours():
    """_feature_image: a 3 px line of the colour is left out either way (its blocks read the paper beside it); a
    square of a colour in the mask a hex across is left out by the whole mask (its blocks hold nothing) and kept by
    the thin one where its colour is the terrain's (its blocks read the colour); a square of another colour in the
    mask (a city's fill of the road's tan, beside a marsh of a pinker ground) is left out still."""
    size = 24.0
    fill = (150, 150, 70)  # within 45 of the road's colour, outside the terrain's range (its green 70-105)
    im = Image.new("RGB", (240, 120), PAPER)
    d = ImageDraw.Draw(im)
    d.line([(0, 30), (239, 30)], fill=ROAD, width=3)
    d.rectangle((100, 60, 140, 100), fill=TREES)
    d.rectangle((180, 60, 220, 100), fill=fill)
    trees = ((90, 110), (110, 130), (40, 60))  # the terrain's colours: around TREES
    whole = _feature_image(im, size, 35.0, [ROAD], [None])
    thin = _feature_image(im, size, 35.0, [ROAD], [trees])
    f = whole.factor
    line, square, other = (30 // f, 60 // f), (80 // f, 120 // f), (80 // f, 200 // f)
    paper, tree = rgb_to_lab(np.array(PAPER, float)), rgb_to_lab(np.array(TREES, float))
    for fi in (whole, thin):
        assert np.abs(fi.lab[line] - paper).max() < 1.0
        assert not fi.valid[other]
    assert not whole.valid[square]
    assert thin.valid[square] and np.abs(thin.lab[square] - tree).max() < 1.0


def test_a_line_crossing_a_terrain_keeps_its_whole_mask():
    """A broad road of the colour over a third of a terrain's examples (under MASK_TAKES): the mask is as before."""
    im, grid = _board(trees=(60, 110, 120))  # trees 65 from the road's colour in red
    lay = grid.layout
    assert lay is not None
    d = ImageDraw.Draw(im)
    for hid in ("0101", "0401", "0707"):
        cx, cy = lay.hex_to_pixel(grid.hex(hid))
        d.rectangle((cx - SIZE, cy - 0.15 * SIZE, cx + SIZE, cy + 0.15 * SIZE), fill=ROAD)
    masks = el.line_masks(_legend(), im, grid, 35.0)
    assert [(m.name, m.thin, m.took) for m in masks] == [("road", False, ())]


def test_without_examples_every_mask_is_whole():
    im, grid = _board()
    spec = {"terrain": {"open": "#f2eecc", "woods": "#64783c"},
            "features": {"road": {"colour": "#7d873c", "kind": "across"}, "river": {"colour": "#2040c0"}}}
    assert [(m.name, m.thin) for m in el.line_masks(spec, im, grid, 35.0)] == [("road", False)]


def test_the_lines_are_read_on_the_ground_the_whole_mask_leaves():
    """With a mask kept to thin marks, the hexside step still reads each terrain's ground as the whole masks leave it
    (TerrainClass.ground: the woods' paper between its trees, as before), while the terrain is read with its trees."""
    im, grid = _board()
    got = ex.extract(im, grid, _legend())
    woods = next(t for t in got.legend.terrains if t.name == "woods")
    paper = rgb_to_lab(np.array(PAPER, float))
    assert woods.ground is not None and np.abs(np.asarray(woods.ground) - paper).max() < 2.0
    assert np.abs(np.asarray(woods.lab) - paper).max() > 20


def test_a_terrain_all_of_the_lines_colour_keeps_its_own_ground():
    """A terrain printed wholly in a line's colour (Next War: Korea's trail, printed in the lowland's cream): the
    whole masks the hexside step reads the grounds with leave its examples nothing. That step refused the legend
    ("terrain 'woods': its sample area holds no terrain colour") though the terrain step read it; the terrain's
    ground is now its own colour, and the road is read."""
    im, grid = _board(solid=True)
    got = ex.extract(im, grid, _legend())
    assert _read(got, "woods") == WOODS
    woods = next(t for t in got.legend.terrains if t.name == "woods")
    assert woods.ground is None
    fields = next(t for t in got.legend.terrains if t.name == "fields")
    assert fields.ground is not None
    road = {k for k, v in got.hexsides.items() if "road" in v}
    assert road == {"0106/0206", "0106/0207", "0206/0207", "0206/0306", "0207/0306", "0306/0406", "0306/0407",
                    "0406/0407", "0406/0506", "0407/0506", "0506/0606", "0506/0607", "0606/0607"}


def test_the_thin_and_whole_masks_from_one_pass_are_the_two_passes():
    """extract_raster._feature_images (review C1): the colour blocks with a mask kept thin and with every mask whole,
    made from the same strips (one reduction, one ink mask, one mask per line colour), are those of the two passes
    it replaces, value for value; extract keeps them both where a mask took a terrain's examples."""
    im, _ = _board()
    d = ImageDraw.Draw(im)
    d.line([(0, 200), (419, 215)], fill=ROAD, width=3)
    trees = ((90, 110), (110, 130), (40, 60))
    for size in (24.0, 60.0):  # one reduction, and two (by 2, then 3) with strips of blocks
        thin, whole = _feature_images(im, size, 35.0, [ROAD, (200, 40, 40)], [trees, None])
        assert whole is not None
        for one, two in ((thin, _feature_image(im, size, 35.0, [ROAD, (200, 40, 40)], [trees, None])),
                         (whole, _feature_image(im, size, 35.0, [ROAD, (200, 40, 40)], [None, None]))):
            assert np.array_equal(one.lab, two.lab) and np.array_equal(one.valid, two.valid)
        assert not np.array_equal(thin.lab, whole.lab)  # the woods' blobs: kept by the thin mask only
    assert _feature_images(im, 24.0, 35.0, [ROAD], [None])[1] is None  # no mask kept thin: no second image
