"""A flat fill with a few marks printed on it is not a dotted class (toolkit/terrain/texture.py, step 1): Decision
Games' D-Day at Omaha Beach draws its draw as a pale grey fill with slope ladders and fire dots on some hexes; the
2-means of its example hexes split that grey (the major colour) from the marks, and the town's colour - white houses
on the olive, blended - lay within the ground's reach, so the draw was taken for dots on the town: every draw hex
without as many marks as its examples was moved to the town. The ground a dotted class's dots lie on is another
class's colour; where it lies nearer the class's own colour than any other's, the class is its own fill."""

from __future__ import annotations

import random

from toolkit.terrain.extract import extract

from .drawn import blank_board, spy_dotted

SIZE = 30.0
OLIVE, PALE, WHITE, MARK = (204, 207, 176), (227, 224, 215), (255, 255, 255), (120, 120, 120)
DRAW = {"0601", "0602", "0603", "0604", "0701", "0702", "0703", "0704"}
MARKED = {"0601", "0602", "0701"}  # the draw's examples, marks on them
TOWN = {"0102", "0103", "0202", "0203"}


def _board():
    lay, grid, im, d = blank_board(size=SIZE, image=(440, 420), paper=OLIVE, ink=None)
    rnd = random.Random(3)
    for h in grid.hexes():
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        if hid in DRAW:
            d.polygon(lay.corners(h), fill=PALE)
        if hid in MARKED:  # dark marks: a slope ladder's rungs, about 5% of the hex
            for k in range(12):
                px, py = x - 15 + 5 * (k % 6), y - 8 + 12 * (k // 6) + rnd.randint(-2, 2)
                d.rectangle([px, py, px + 2, py + 2], fill=MARK)
        if hid in TOWN:  # white houses with a grey shadow, about a third of the hex
            for dx, dy in ((-12, -10), (2, -12), (-8, 4), (6, 2), (-2, 12)):
                d.rectangle([x + dx + 1, y + dy + 1, x + dx + 8, y + dy + 7], fill=MARK)
                d.rectangle([x + dx, y + dy, x + dx + 7, y + dy + 6], fill=WHITE)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(150, 152, 135))
    return im, grid


LEGEND = {"terrain": {"high": {"hexes": ["0105", "0305", "0405"]},
                      "town": {"hexes": ["0102", "0202", "0203"]},
                      "draw": {"hexes": sorted(MARKED)}}}


def test_a_fill_with_marks_on_it_is_not_dots_on_another_class(monkeypatch):
    """Every draw hex reads draw, the five without marks too (old code: the draw taken for dots on the town, its
    ground 0.4 Delta E from its own colour, and 0603, 0604, 0702, 0703, 0704 moved to town by the dots check); the
    town, white houses on the high ground's olive (its ground nearer the high ground's colour than its own), is still
    a dotted class."""
    found = spy_dotted(monkeypatch)
    im, grid = _board()
    ext = extract(im, grid, LEGEND)
    got = {grid.id(h): ext.hexes[grid.id(h)].terrain for h in grid.hexes()}
    assert {h for h, c in got.items() if c == "draw"} == DRAW
    assert [d.name for d in found] == ["town"]
