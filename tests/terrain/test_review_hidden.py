"""A hex more than REVIEW_UNKNOWN of which is hidden under a line's mask is listed for review only where what is
hidden could change its reading (extract notes 1): a broad grey road band (an `across` line, masked out of the
terrain) across clear hexes hides about a quarter of each, and every such hex was listed "25-28%
of the hex matches no legend colour" - New Manchuria 1976's 125 road hexes of its 139 listed (user44 S7), every one
read right. A hex where the band hides enough to change the reading (a town under two roads meeting) is listed, and
said so. Ink is no line's colour: dark art the legend has no colour for (a slate roof, a black cross) hides nothing
and is listed as before (review45 R2: Seelowe's 0636 and 1619 dropped by the first form, which counted ink as
hidden)."""

from __future__ import annotations

from toolkit.terrain.colour import rgb_to_hex
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 32.0
TAN = (247, 217, 138)  # the clear
GREY = (153, 153, 153)  # the road band
TOWN = (100, 100, 100)  # the town's fill (over 45 a channel from the road's grey: the road's mask takes none of it)
SEA = (70, 150, 190)
SLATE = (40, 46, 52)  # dark art (L* ~18, under the ink lightness): no line's colour
ROAD_ROW = ("0104", "0204", "0304", "0404", "0504", "0604", "0704")  # the band's hexes, through their centres


def _board():
    lay, grid, im, d = blank_board(9, 7, size=SIZE, image=(480, 460), paper=TAN, ink=None)
    for h in grid.hexes():
        hid = grid.id(h)
        fill = TOWN if hid in ("0102", "0202", "0602", "0806", "0905") else SEA if hid[:2] == "09" else TAN
        d.polygon([tuple(p) for p in lay.corners(h)], fill=fill)
    # a band two thirds of the hex across through the centres of a row of hexes, and a second one down column 04
    # across it at 0404, a hex half town: what the bands hide could change its reading
    x, y = lay.hex_to_pixel(grid.hex("0404"))
    d.rectangle([x - SIZE, y - SIZE, x + SIZE, y], fill=TOWN)
    pts = [lay.hex_to_pixel(grid.hex(h)) for h in ROAD_ROW]
    d.line([(pts[0][0] - SIZE, pts[0][1]), *pts], fill=GREY, width=round(0.65 * SIZE))
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in ("0401", "0402", "0403", "0404", "0405", "0406")], fill=GREY,
           width=round(0.65 * SIZE))
    x, y = lay.hex_to_pixel(grid.hex("0206"))  # a dark slate block over half a clear hex, no line
    d.rectangle([x - 0.6 * SIZE, y - 0.55 * SIZE, x + 0.6 * SIZE, y + 0.5 * SIZE], fill=SLATE)
    for h in grid.hexes():
        d.polygon([tuple(p) for p in lay.corners(h)], outline=(0, 0, 0))
    legend = {"terrain": {"clear": {"hexes": ["0101", "0301", "0507"]},
                          "town": {"hexes": ["0102", "0202", "0602"]},
                          "sea": {"hexes": ["0901", "0902", "0903"]}},
              "features": {"road": {"colour": rgb_to_hex(GREY), "kind": "across"}}}
    return grid, im, legend


def test_a_road_band_across_clear_hexes_is_no_doubt():
    grid, im, legend = _board()
    got = extract(im, grid, legend)
    crossed = ["0204", "0304", "0504", "0604", "0402", "0403", "0405"]  # a band through the middle
    assert {h: got.hexes[h].terrain for h in crossed} == dict.fromkeys(crossed, "clear")
    assert all(got.hexes[h].unknown > 0.25 for h in crossed)  # hidden, counted unread
    assert not set(got.review()) & set(crossed)


def test_a_hex_whose_hidden_part_could_change_its_reading_is_listed():
    grid, im, legend = _board()
    got = extract(im, grid, legend)
    r = got.hexes["0404"]
    assert "0404" in got.review() and "enough to change its reading" in r.review and "under a line)" in r.review


def test_dark_art_is_no_line_and_stays_listed():
    grid, im, legend = _board()
    got = extract(im, grid, legend)
    r = got.hexes["0206"]
    assert r.terrain == "clear" and r.unknown > 0.25
    assert "0206" in got.review() and r.review.endswith("of the hex matches no legend colour")
