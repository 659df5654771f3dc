"""Lines on painted maps (issue 14): a traced line printed in another traced line's colours (MMP Afrika's
track in the mid-brown that fills its road between dark-brown edges) is not reported where it is only that
other line (toolkit/terrain/extract_sides.py, _fills); a double line is as wide across as its examples
(lines.py, crossings); a tolerance learned on white paper that takes in the hex lines' colour is kept to
the line's own colour, and the crossing looked for along the whole side (extract_sides.py, _hex_line)."""

from __future__ import annotations

import math
from itertools import pairwise

from PIL import ImageDraw

from toolkit.hexgrid import Hexside
from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board

SAND = (226, 200, 140)
EDGE = (53, 39, 10)
FILL = (125, 99, 24)
ROAD = ["0102", "0203", "0303", "0403", "0503", "0603", "0703"]
TRACK = ["0205", "0305", "0405", "0505", "0605", "0705"]


def _board():
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 250))
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    d.line(pts, fill=EDGE, width=7, joint="curve")
    d.line(pts, fill=FILL, width=3, joint="curve")
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in TRACK], fill=FILL, width=3, joint="curve")
    return grid, im


# the board's road (dark edges, mid-brown fill) and track (mid-brown), each with two marked sides
LINES = {"road": {"colour": "#35270a", "kind": "across", "trace": True, "yes": ["0203/0303", "0503/0603"]},
         "track": {"colour": "#7d6318", "kind": "across", "trace": True, "yes": ["0205/0305", "0505/0605"]}}


def _legend(*features: str) -> dict:
    """A legend of the board's sand and the named lines."""
    return {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}},
            "features": {name: dict(LINES[name]) for name in features}}


def test_a_line_in_another_lines_fill_is_not_reported_there():
    """The road (dark edges, mid-brown between) and the track (a mid-brown line): the track's colour
    crosses every road side too (scores 1 there), and crosses each marked road side while the road crosses
    no marked track side, so where the road crosses a side at the same place the track is not reported.
    Both are found exactly along their own paths."""
    grid, im = _board()
    legend = _legend("road", "track")
    ext = extract(im, grid, legend)
    want = {name: {grid.side_key(a, b) for a, b in pairwise(path)} for name, path in (("road", ROAD),
                                                                                      ("track", TRACK))}
    assert all(ext.side_scores["track"].get(k, 0) >= 0.5 for k in want["road"])
    for name in ("road", "track"):
        assert {k for k, v in ext.hexsides.items() if name in v} == want[name], name


def test_a_double_line_is_as_wide_across_as_its_examples():
    """The road alone in the legend: its dark edges (2 px) are as thin as the relief lines printed in the
    same dark brown (two single 2 px lines, each crossing three sides). Closed over the fill between its
    edges the road is 7 px across where it is marked, and a single line stays 2 px: only the road's
    own sides are found (without the whole-width check, the relief lines' sides too)."""
    grid, im = _board()
    d = ImageDraw.Draw(im)
    lay = grid.layout
    for path in (["0105", "0206", "0306", "0406"], ["0501", "0601", "0702", "0802"]):
        d.line([lay.hex_to_pixel(grid.hex(i)) for i in path], fill=EDGE, width=2)
    legend = _legend("road")
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(ROAD)}



def test_a_double_line_is_filled_as_its_examples():
    """The road alone in the legend, and a double line as wide with the same dark edges but a pale yellow
    between them (a track drawn over brown hills): its whole width is the road's, its fill is not (Delta E
    over 20 from the road's mid-brown, the road's tolerance): only the road's own sides are found (the
    pale-filled line's three sides too without the fill check)."""
    grid, im = _board()
    d = ImageDraw.Draw(im)
    pts = [grid.layout.hex_to_pixel(grid.hex(i)) for i in ("0105", "0206", "0306", "0406")]
    d.line(pts, fill=EDGE, width=7, joint="curve")
    d.line(pts, fill=(240, 225, 160), width=3, joint="curve")
    legend = _legend("road")
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(ROAD)}

TAN = (181, 165, 99)
HEX_BROWN = (158, 123, 58)  # Delta E 17 from the tan: within the tolerance learned for it (20 at least)
PALE = (215, 225, 180)  # the woods' ground, Delta E 26 from the tan
OLIVE = (140, 150, 80)  # the woods' stipple, Delta E 14 from the tan


def _trail_board(pale: tuple[int, int, int] = PALE):
    """White paper, brown hex lines, woods (``pale`` ground, olive stipple) over columns 5-8."""
    import random

    lay, grid, im, d = blank_board(paper=(253, 253, 250), ink=None)
    rnd = random.Random(5)
    for h in grid.hexes():
        if grid.id(h) >= "0500":
            d.polygon(lay.corners(h), fill=pale)
    for _ in range(2200):
        x, y = rnd.uniform(0, 400), rnd.uniform(0, 400)
        if im.getpixel((int(x), int(y))) == pale:
            d.rectangle([x, y, x + 1, y + 1], fill=OLIVE)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=HEX_BROWN)
    return lay, grid, im, d


def _near_end(grid, a: str, b: str, at: float, half: float = 22.0) -> list[tuple[float, float]]:
    """A straight stroke across the side a/b at ``at`` of its length, square to it, ``half`` px each way."""
    (x0, y0), (x1, y1) = grid.layout.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b)))
    cx, cy = x0 + at * (x1 - x0), y0 + at * (y1 - y0)
    n = math.hypot(x1 - x0, y1 - y0)
    nx, ny = -(y1 - y0) / n, (x1 - x0) / n
    return [(cx - half * nx, cy - half * ny), (cx + half * nx, cy + half * ny)]


def test_a_tolerance_taking_in_the_hex_lines_is_kept_to_the_lines_own_colour():
    """A trail learned from marked sides on white paper: its tolerance (20) takes in the brown hex lines'
    colour (17 away) and the woods' olive stipple (14 away). A crossing must then hold a sample nearer
    the tan than the hex lines (within 8.6): the stipple on both sides of a side in the woods is no
    trail (22 such sides found on the old code, which also lost the trail's side 0503/0604 there). And
    with the hex lines leaving a side's ends out of reach, strokes of the trail across two sides at 85% of
    their length are found: the one in the open was missed on the old code (looked for between 25% and
    75% of the side). The trail's sides are found exactly."""
    lay, grid, im, d = _trail_board()
    path = ["0102", "0203", "0303", "0403", "0503", "0604", "0704", "0805"]
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in path], fill=TAN, width=4, joint="curve")
    ends = [("0205", "0206"), ("0705", "0706")]
    for a, b in ends:
        d.line(_near_end(grid, a, b, 0.85), fill=TAN, width=4)
    legend = {"terrain": {"open": {"hexes": ["0101", "0201", "0301"]}, "woods": {"hexes": ["0801", "0802", "0702"]}},
              "features": {"trail": {"colour": "#b5a563", "kind": "across", "yes": ["0203/0303", "0303/0403"]}}}
    ext = extract(im, grid, legend)
    assert ext.thresholds["trail"][0] == 20.0
    want = {grid.side_key(a, b) for a, b in [*pairwise(path), *ends]}
    assert {k for k, v in ext.hexsides.items() if "trail" in v} == want


def test_woods_within_a_tolerance_that_takes_in_the_hex_lines_are_no_area_of_the_line():
    """The same trail, the woods' ground now a yellowish green 17 from the tan: within the tolerance learned
    (20), so the woods' middles were all 'of the trail's colour', an area, and every side between two woods
    hexes refused (the trail's 0503/0604, 0604/0704 and 0704/0805 lost on the old code). Within the line's own
    tolerance (half the hex lines' distance) the woods are no area: the trail's sides are found exactly."""
    lay, grid, im, d = _trail_board((205, 205, 150))
    path = ["0102", "0203", "0303", "0403", "0503", "0604", "0704", "0805"]
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in path], fill=TAN, width=4, joint="curve")
    legend = {"terrain": {"open": {"hexes": ["0101", "0201", "0301"]}, "woods": {"hexes": ["0801", "0802", "0702"]}},
              "features": {"trail": {"colour": "#b5a563", "kind": "across", "yes": ["0203/0303", "0303/0403"]}}}
    ext = extract(im, grid, legend)
    assert ext.thresholds["trail"][0] == 20.0
    want = {grid.side_key(a, b) for a, b in pairwise(path)}
    assert {k for k, v in ext.hexsides.items() if "trail" in v} == want


def test_a_line_in_another_lines_fill_beside_a_patch_of_its_colour_is_still_that_line(monkeypatch):
    """As above, with a short piece of road across the side 0401/0402 near its end (at 82% of its length)
    and a patch of the mid-brown along the rest of that side (a tongue of brown hills beside the road): the
    track's colour crosses there over more positions outside the road's crossing than within it (on the old
    rule, at least half of them within the road's, the track was reported there); any of them within the
    road's crossing makes it the road's print there. Both are found exactly on their paths and that side."""
    # the crossing alone is read here: a link whose hexes hold no other link of it is dropped (_lone_links)
    monkeypatch.setattr(extract_sides, "_lone_links", lambda *a: None)
    grid, im = _board()
    d = ImageDraw.Draw(im)
    stroke = _near_end(grid, "0401", "0402", 0.82, 16.0)
    d.line(stroke, fill=EDGE, width=7)
    d.line(stroke, fill=FILL, width=3)
    (x0, y0), (x1, y1) = grid.layout.hexside_endpoints(Hexside.between(grid.hex("0401"), grid.hex("0402")))
    d.line([(x0 + t * (x1 - x0), y0 + t * (y1 - y0)) for t in (0.15, 0.55)], fill=FILL, width=5)
    legend = _legend("road", "track")
    ext = extract(im, grid, legend)
    side = grid.side_key("0401", "0402")
    assert ext.side_scores["track"].get(side, 0) >= 0.5
    want = {"road": {side} | {grid.side_key(a, b) for a, b in pairwise(ROAD)},
            "track": {grid.side_key(a, b) for a, b in pairwise(TRACK)}}
    for name in ("road", "track"):
        assert {k for k, v in ext.hexsides.items() if name in v} == want[name], name


def test_a_pale_line_is_told_from_the_paper_it_is_printed_on():
    """A light-blue stream (#b5deef, 21 from white) along five hex sides of a white board, hex lines grey:
    the 'along' feature's default tolerance (22) takes in the paper itself: bands and hex middles alike all
    of its colour, no side was a stream (an area of it). Kept to half the paper's distance, the stream is
    found on its own sides, and only there."""
    _, grid, im, d = blank_board(paper=(255, 255, 255), ink=(120, 120, 120))
    path = ["0202", "0302", "0303", "0403", "0404", "0504"]
    sides = list(pairwise(path))
    for a, b in sides:
        d.line(grid.layout.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b))), fill=(181, 222, 239), width=4)
    legend = {"terrain": {"open": {"hexes": ["0101", "0806", "0601"]}},
              "features": {"stream": {"colour": "#b5deef", "kind": "along"}}}
    ext = extract(im, grid, legend)
    assert ext.thresholds["stream"][0] < 11
    assert {k for k, v in ext.hexsides.items() if "stream" in v} == {grid.side_key(a, b) for a, b in sides}


def test_a_line_runs_on_a_house_block_does_not():
    """A dark-red railway (2 px) across the board and, elsewhere, house blocks in the same red (6 x 10 px,
    0.4 hex across) each straddling a hex side, as in MMP Bastogne's towns: the railway is traced
    (no marked sides); only parts of its colour reaching 0.6 hex count, so the blocks' sides are not
    crossings (on the old code each block's side was one). The railway's sides are found exactly."""
    lay, grid, im, d = blank_board(paper=(255, 255, 255), ink=(150, 120, 60))
    red = (126, 24, 31)
    rail = ["0102", "0203", "0303", "0403", "0503", "0603", "0703"]
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in rail], fill=red, width=2)
    blocks = [("0205", "0206"), ("0405", "0406"), ("0605", "0606")]
    for a, b in blocks:
        (x0, y0), (x1, y1) = grid.layout.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b)))
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        d.rectangle([mx - 3, my - 5, mx + 3, my + 5], fill=red)
    legend = {"terrain": {"open": {"hexes": ["0101", "0806", "0601"]}},
              "features": {"rail": {"colour": "#7e181f", "kind": "across"}}}
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == {grid.side_key(a, b) for a, b in pairwise(rail)}


HILLS = (150, 115, 60)  # brown hills: Delta E 12 from the road's mid-brown fill, within its tolerance (20)


def test_the_ground_between_two_lines_is_no_fill():
    """The road alone in the legend, with brown hills (a terrain of the legend) painted over the bottom rows
    and two lines of the road's dark brown 3 px apart drawn across them (a track's edges on the hills, or
    relief contours): closed over the gap they are as wide across as the road, and what lies between them is
    near enough the road's fill; but it is the hills' colour, nearer that ground than the road's fill where
    it is marked, so only the road's own sides are found (the double line's three sides too before)."""
    grid, im = _board()
    d = ImageDraw.Draw(im)
    lay = grid.layout
    for h in grid.hexes():
        if grid.id(h)[2:] in ("05", "06") and grid.id(h) not in TRACK:
            d.polygon(lay.corners(h), fill=HILLS)
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in ("0105", "0206", "0306", "0406")]
    d.line(pts, fill=EDGE, width=7, joint="curve")
    d.line(pts, fill=HILLS, width=3, joint="curve")
    legend = _legend("road")
    legend["terrain"]["hills"] = {"hexes": ["0506", "0606", "0706"]}
    ext = extract(im, grid, legend)
    assert {grid.id(h) for h in grid.hexes() if ext.hexes[grid.id(h)].terrain == "hills"} >= {"0106", "0206", "0306"}
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(ROAD)}

