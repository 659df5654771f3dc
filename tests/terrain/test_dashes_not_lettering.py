"""A dashed road in a dark brown the ink reading takes for the black ink, on clear ground, and names printed in the same
brown crossing hex sides (SPI's Atlantic Wall: its dashed secondary roads and its town names, "Osmanville" printed
sideways, "Isigny" along a hex side, in the roads' brown).

- The ink's reading keeps the ink's long straight lines (lines.LONG): the dashes are shorter, so it finds none of the
  road's marked sides, on a clear ground whose bands are no area of the ink - ink notes 16 (trace the line in its own
  colour) did not fire. It now fires where the ink finds none of the marked sides too (extract_sides.INK_NONE).
- Traced in its colour, the names' letters cross sides: at the traced tolerance their strokes join along the name or
  break into fragments, no row of letters to traced notes 5. A line in dashes where marked is walked along its own
  pixels from the place it crosses a side, dash after dash round its bends, and its walk's ends lie 0.8 hex apart
  with most of the walk on its pixels; a walk over a name stops within a letter or runs over more paper than print
  (traced notes 20, lines.STROKES): the names' crossings are refused, the dashes' kept.
- review39 R3: the first form of notes 20 (the strokes' reach along one fixed way through the place) lost a winding
  dashed road's crossings (sines of 0.35 and 0.7 hex: 1 and 2 of them); the walk turns with the road. And it refused
  MMP Afrika's double-line roads where their edges fork and bend at a crossing (Afrika 3 road 43/45 -> 38/45): a line
  printed solid where marked is left alone - the rule is for dashes."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from PIL import Image, ImageDraw, ImageFont

from toolkit.terrain import extract_sides, lines
from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed
from .test_band_edges import crossed

ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]  # a dashed road on the clear
INK = (83, 68, 52)  # Atlantic Wall's secondary road's brown (L* 29: the ink's)
BEIGE = (214, 204, 164)  # the clear
OLIVE = (150, 150, 90)  # the bocage


def _name(im: Image.Image, text: str, at: tuple[float, float], height: int, turned: bool) -> None:
    """``text`` in the ink, its letters ``height`` px tall, centred at ``at``, turned by 90 degrees if ``turned``."""
    font = ImageFont.load_default(size=height)
    box = font.getbbox(text)
    label = Image.new("L", (box[2] + 4, box[3] + 4), 0)
    ImageDraw.Draw(label).text((2, 2), text, fill=255, font=font)
    if turned:
        label = label.rotate(90, expand=True)
    ink = Image.new("RGB", label.size, INK)
    im.paste(ink, (round(at[0] - label.width / 2), round(at[1] - label.height / 2)), label)


def _ground(size: float) -> tuple:
    """The boards' ground at hexes of ``size`` px: beige paper, a row of olive hexes (row 06), the hex lines; with
    ``k`` the scale against 32 px hexes."""
    k = size / 32
    lay, grid, im, d = blank_board(size=size, origin=(40 * k, 40 * k), image=(round(440 * k), round(400 * k)),
                                   paper=BEIGE, ink=None)
    for h in grid.hexes():
        if grid.id(h)[2:] == "06":
            d.polygon(lay.corners(h), fill=OLIVE)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(150, 120, 90))
    return k, lay, grid, im, d


def _board(size: float) -> tuple:
    k, lay, grid, im, d = _ground(size)
    dashed(d, [lay.hex_to_pixel(grid.hex(i)) for i in ROAD], INK, max(2, round(3 * k)), dash=12 * k, period=16 * k)
    # a name printed sideways across the side between 0304 and 0404, and one along the side between 0504 and 0505
    (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(grid.side_key("0304", "0404")))
    _name(im, "Osmanville", ((x0 + x1) / 2, (y0 + y1) / 2), round(15 * k), turned=True)
    (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(grid.side_key("0504", "0505")))
    _name(im, "Isigny", ((x0 + x1) / 2, (y0 + y1) / 2), round(15 * k), turned=False)
    return im, grid


def _legend() -> dict:
    return {"terrain": {"clear": {"hexes": ["0801", "0804", "0103"]}, "bocage": {"hexes": ["0106", "0306", "0506"]}},
            "features": {"secondary": {"colour": "#534434", "kind": "across", "trace": True,
                                       "yes": [f"{a}/{b}" for a, b in list(pairwise(ROAD))[1:4]]}}}


def _found(ext) -> set[str]:
    return {k for k, v in ext.hexsides.items() if "secondary" in v}


@pytest.mark.parametrize("size", [32.0, 36.0, 40.0, 44.0])
def test_a_dashed_road_in_the_ink_is_traced_and_names_are_not_its_dashes(size):
    im, grid = _board(size)
    want = {grid.side_key(a, b) for a, b in pairwise(ROAD)}
    assert _found(extract(im, grid, _legend())) == want


def test_the_old_code_misses_the_road(monkeypatch):
    # ink notes 16 as it was: fired only where a marked band is an area of the ink - the dashes left to the ink
    monkeypatch.setattr(extract_sides, "INK_NONE", False)
    im, grid = _board(32.0)
    want = {grid.side_key(a, b) for a, b in pairwise(ROAD)}
    assert len(_found(extract(im, grid, _legend())) & want) < len(want) / 2


def test_without_notes_20_the_names_cross_sides(monkeypatch):
    monkeypatch.setattr(lines, "STROKES", False)
    im, grid = _board(32.0)
    want = {grid.side_key(a, b) for a, b in pairwise(ROAD)}
    got = _found(extract(im, grid, _legend()))
    assert got >= want and got - want


def _winding(size: float, amplitude: float) -> tuple:
    """The dashed road straight through its marked sides (0102 to 0502), then winding down the board: a sine of
    ``amplitude`` hex sizes and a wavelength of four times that (review39 R3's board); the truth is every side the
    drawn path crosses."""
    k, lay, grid, im, d = _ground(size)
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD[:5]]
    x0, y0 = pts[-1]
    a = amplitude * size
    for i in range(1, 120):
        y = y0 + i / 119 * 5.0 * size
        pts.append((x0 + a * math.sin(2 * math.pi * (y - y0) / (4 * a)), y))
    dashed(d, pts, INK, max(2, round(3 * k)), dash=12 * k, period=16 * k)
    return im, grid, crossed(grid, lay, [pts])


@pytest.mark.parametrize("size", [32.0, 36.0, 40.0])
@pytest.mark.parametrize("amplitude", [0.35, 0.5, 0.7])
def test_a_winding_dashed_road_keeps_every_crossing(size, amplitude):
    """review39 R3: the walk follows the road round its bends - every side it crosses read, none other (the strokes'
    reach along one way lost 0503/0504 at 0.35 and 0502/0603, 0503/0603 at 0.7, at 36 px)."""
    im, grid, want = _winding(size, amplitude)
    legend = _legend()
    legend["features"]["secondary"]["yes"] = [f"{a}/{b}" for a, b in list(pairwise(ROAD))[1:4]]
    assert _found(extract(im, grid, legend)) == want


FILL = (150, 120, 60)  # a double-line road's mid-brown fill between its dark edges (MMP Afrika)
TRUNK = ["0102", "0202", "0302", "0402", "0502", "0602"]  # the road straight through its marked sides


def _double_road(size: float) -> tuple:
    """MMP Afrika's road: two dark-brown edges a pixel or two thick with a mid-brown fill between, printed solid; it
    bends tightly just before a side (0602 -> 0603 -> 0503) and forks in 0402 (a branch to 0404 through 0403): the
    edges' pieces at those crossings fork and bend - no straight strokes - but run on far."""
    k = size / 32
    lay, grid, im, d = blank_board(size=size, origin=(40 * k, 40 * k), image=(round(440 * k), round(400 * k)),
                                   paper=BEIGE, ink=None)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(150, 120, 90))
    c = {i: lay.hex_to_pixel(grid.hex(i)) for i in ("0403", "0404", "0503", "0603")}
    paths = [[lay.hex_to_pixel(grid.hex(i)) for i in TRUNK] + [c["0603"], c["0503"]], [c["0403"], c["0404"]]]
    paths[1].insert(0, lay.hex_to_pixel(grid.hex("0402")))
    for width, colour in ((round(7 * k), INK), (max(2, round(4 * k)), FILL)):
        for path in paths:
            d.line(path, fill=colour, width=width, joint="curve")
    return im, grid, crossed(grid, lay, paths)


@pytest.mark.parametrize("size", [32.0, 40.0])
def test_a_solid_double_line_road_is_left_alone(size, monkeypatch):
    """A rule for dashes touches no solid line: the double-line road is printed solid where marked (its edges run on
    through its marked sides), so traced notes 20 does not walk it - what is read with the rule is what is read
    without it, every side the road crosses."""
    im, grid, want = _double_road(size)
    legend = {"terrain": {"clear": {"hexes": ["0801", "0804", "0106"]}},
              "features": {"secondary": {"colour": "#534434", "kind": "across", "trace": True,
                                         "yes": [f"{a}/{b}" for a, b in list(pairwise(TRUNK))[1:4]]}}}
    walked = []
    runs_on = lines._runs_on
    monkeypatch.setattr(lines, "_runs_on", lambda *a: walked.append(1) or runs_on(*a))
    got = _found(extract(im, grid, legend))
    assert not walked  # never walked: printed solid where marked
    monkeypatch.setattr(lines, "STROKES", False)
    assert got == _found(extract(im, grid, legend)) == want
