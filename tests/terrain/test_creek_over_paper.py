"""A painted map's creek is a transparent ink (Avalon Hill's Roads to Gettysburg): over the cream of its marked sides
it is a blue, over the yellow-green paper of the rolling hexes that blue darkened to a teal - in linear light each
channel the paper's times the ink's transmittance. Read by the colour learned at its marked sides, the creek is
missed wherever it runs over the other paper (Gettysburg 2: Beaver Creek's loop, 33 Delta E from the learned blue).
Band notes 5: an 'along' line's colour over each side's paper, from the transmittance its marked sides teach, counts
too - over a paper no lighter than theirs, where no other line's or land terrain's colour lies as near."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 40.0
CLEAR, ROLLING = (251, 247, 175), (203, 209, 90)  # Gettysburg's cream and its rolling yellow-green
CREEK = (79, 102, 138)  # the creek's blue over the cream (its marked sides')
LEGEND_TERRAIN = {"clear": "#fbf7af", "rolling": "#cbd15a"}


def _linear(c: np.ndarray) -> np.ndarray:
    c = c / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(lin: np.ndarray) -> np.ndarray:
    c = np.clip(lin, 0.0, 1.0)
    return 255.0 * np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)


def _board() -> tuple[object, Image.Image, list[str]]:
    """Columns 01-04 cream, 05-09 the rolling paper; a creek printed as a transparent ink along the lower sides of
    row 04 from column 01 to 09 (the ink multiplied onto the paper); blurred as a scan is. The creek's sides in
    order."""
    lay, grid, im, d = blank_board(columns=9, rows=7, size=SIZE, origin=(SIZE, SIZE),
                                   image=(int(SIZE * 15), int(SIZE * 13)), paper=CLEAR, ink=None)
    for h in grid.hexes():
        d.polygon(lay.corners(h), fill=ROLLING if grid.id(h)[:2] >= "05" else CLEAR)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(60, 62, 30))
    path: list[tuple[float, float]] = []
    for c in range(1, 10):
        bottom = sorted(lay.corners(grid.hex(f"{c:02d}04")), key=lambda p: -p[1])[:2]
        path += sorted(bottom)
    mask = Image.new("L", im.size, 0)
    ImageDraw.Draw(mask).line(path, fill=255, width=4, joint="curve")
    px = np.asarray(im, dtype=np.float64)
    transmit = _linear(np.array(CREEK, float)) / _linear(np.array(CLEAR, float))
    on = np.asarray(mask) > 0
    px[on] = _srgb(_linear(px[on]) * transmit)
    im = Image.fromarray(np.rint(px).astype(np.uint8))
    ends = [(round(x), round(y)) for x, y in path]
    sides = []
    for a, b in pairwise(ends):
        for sd in grid.hexsides():
            e = {tuple(map(round, p)) for p in lay.hexside_endpoints(sd)}
            if e == {a, b}:
                sides.append(grid.side_key(grid.id(sd.a), grid.id(sd.b)))
    assert len(sides) == len(ends) - 1 == 17
    return grid, im.filter(ImageFilter.GaussianBlur(0.8)), sides


def _legend(sides: list[str]) -> dict:
    # three sides marked over the cream, as the Gettysburg legend marks its creek at Carlisle
    return {"terrain": LEGEND_TERRAIN,
            "features": {"creek": {"colour": "#4f668a", "kind": "along", "yes": sides[1:4]}}}


def _found(ext) -> set[str]:
    return {k for k, v in ext.hexsides.items() if "creek" in v}


def test_a_transparent_creek_over_another_paper_is_found():
    """Every side of the creek, over the cream and over the rolling paper, none false (on the old code the sides
    over the rolling paper - the creek's teal there, 30 Delta E from its blue - are missed)."""
    grid, im, sides = _board()
    ext = extract(im, grid, _legend(sides))
    assert _found(ext) == set(sides)


def test_without_the_rule_the_creek_over_the_other_paper_is_missed(monkeypatch):
    """OVER_GROUNDS off: the old reading - the creek over the cream only."""
    monkeypatch.setattr(extract_sides, "OVER_GROUNDS", False)
    grid, im, sides = _board()
    found = _found(extract(im, grid, _legend(sides)))
    over_rolling = {s for s in sides if s.split("/")[0] >= "05" and s.split("/")[1] >= "05"}
    assert found <= set(sides) and not (found & over_rolling)


def test_a_thick_or_opaque_paint_is_not_read_so():
    """A navy ink passing under a tenth of its paper's light (OVER_PASSES) is a thick paint whose colour is its own
    anywhere (the rivers of Roads to Gettysburg and Stonewall Jackson's Way); a light blue bluer than its paper
    (Stonewall Jackson's Way's creek over the rough paper: more light than the paper in the blue channel) is an opaque
    paint, no transparent ink over it. No transmittance is learned for either; for the creek's blue over the cream
    it is."""
    cream = np.array([[[96.0, -9.0, 35.0], [96.0, -9.0, 35.0]]])
    assert extract_sides._transmittance(np.array([15.0, 10.0, -23.0]), cream, [0]) is None
    assert extract_sides._transmittance(np.array([65.0, -2.0, -12.0]),
                                        np.array([[[80.0, -6.0, 42.0], [80.0, -6.0, 42.0]]]), [0]) is None
    transmit = extract_sides._transmittance(np.array([43.0, 1.0, -23.0]), cream, [0])
    assert transmit is not None and 0.05 < transmit.min() < transmit.max() < 1.0


def test_marks_over_a_darker_paper_showing_the_same_colour_make_it_opaque():
    """Marked sides over two papers (Guns of the Americas' grey-blue river over cream and over light tan): where the
    one over the darker paper shows the very colour learned, not the colour a transparent ink would take there, the
    line is an opaque paint and is not read over other papers; where it shows the predicted colour, or every mark lies
    over one paper (Roads to Gettysburg's creek), nothing says so."""
    cream, tan = [97.0, -5.0, 15.0], [85.0, 2.0, 40.0]
    grounds = np.array([[cream, cream], [cream, cream], [tan, tan]])
    grey_blue = np.array([71.0, 0.0, -3.0])
    assert extract_sides._opaque(grey_blue, grounds, [0, 1, 2], [grey_blue, grey_blue, grey_blue])
    transmit = extract_sides._transmittance(grey_blue, grounds, [0, 1, 2])
    assert transmit is not None
    over_tan = extract_sides._printed_over(transmit, np.array([tan]), grey_blue, 97.0, np.zeros((0, 3)), 0.0)[0]
    assert np.linalg.norm(over_tan - grey_blue) > extract_sides.OVER_SHOWN
    assert not extract_sides._opaque(grey_blue, grounds, [0, 1, 2], [grey_blue, grey_blue, over_tan])
    assert not extract_sides._opaque(grey_blue, grounds[:2], [0, 1], [grey_blue, grey_blue])
