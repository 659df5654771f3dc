"""Solid coloured lines (issue 14; toolkit/terrain/lines.py, traced notes 7): specks of a line's colour grown
together (a forest's trees in a grey road's tone, the blend along the edge of two fills) cross sides like a
line; where the line's marked examples are crossed by its own pixels, not grown, a crossing that is not so is
refused. A dotted line marked as such is judged as before."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board, dashed

SNOW = (242, 244, 246)
GREY = (115, 117, 121)
ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]
SPECKS = ["0104", "0204", "0304", "0404", "0504", "0604", "0704"]


def _board(dotted_road: bool = False):
    lay, grid, im, d = blank_board(paper=SNOW, ink=(200, 204, 210))
    road = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    specks = [lay.hex_to_pixel(grid.hex(i)) for i in SPECKS]
    for path, dotted in ((road, dotted_road), (specks, True)):
        if not dotted:
            d.line(path, fill=GREY, width=4, joint="curve")
            continue
        for (x0, y0), (x1, y1) in pairwise(path):  # 2 px specks 4 px apart: grown, they join into a line
            n = int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 // 4)
            for k in range(n):
                x, y = x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n
                d.rectangle([x - 1, y - 1, x, y], fill=GREY)
    return grid, im


def _legend(yes: list[str]) -> dict:
    return {"terrain": {"snow": {"hexes": ["0801", "0806", "0101"]}},
            "features": {"road": {"colour": "#73757a", "kind": "across", "trace": True, "yes": yes}}}


def _found(grid, im, yes: list[str]) -> set[str]:
    ext = extract(im, grid, _legend(yes))
    return {k for k, v in ext.hexsides.items() if "road" in v}


def _sides(grid, path: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(path)}


def test_specks_grown_together_are_no_solid_line():
    """A solid grey road, two sides marked, and a row of grey specks of its colour crossing other sides: grown,
    the specks cross as a line as thick as the road's (old code: every speck side found too); the road's own
    pixels run through the hex line's zone at its examples, the specks' do not: only the road's sides."""
    grid, im = _board()
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _sides(grid, ROAD)


def test_a_dotted_line_marked_so_is_still_found():
    """The same specks marked as the line (a dotted road, and the solid road drawn dotted too): its examples
    are not solid, nothing is refused so: both dotted paths are found."""
    grid, im = _board(dotted_road=True)
    assert _found(grid, im, ["0204/0304", "0504/0604"]) == _sides(grid, ROAD) | _sides(grid, SPECKS)


def test_a_long_dashed_line_is_not_taken_for_a_solid_one():
    """A grey road of 24 px dashes and 5 px gaps (MMP Afrika's track: dashes well under a hex long): its own
    pixels may run through the band at its marked sides, but no run reaches ``SOLID_REACH`` hex sizes, so it is
    not judged solid and the sides where a gap falls on the hex line are still found (all of them)."""
    lay, grid, im, d = blank_board(paper=SNOW, ink=(200, 204, 210))
    dashed(d, [lay.hex_to_pixel(grid.hex(i)) for i in ROAD], GREY, 4)
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _sides(grid, ROAD)


def _solid_road():
    """The solid grey road (4 px) along ROAD, and where it crosses 0302/0402 (not marked): the middle of its leg
    between those hexes' centres and the unit vector along it."""
    lay, grid, im, d = blank_board(paper=SNOW, ink=(200, 204, 210))
    path = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    d.line(path, fill=GREY, width=4, joint="curve")
    (x0, y0), (x1, y1) = path[2], path[3]
    n = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    return grid, im, d, ((x0 + x1) / 2, (y0 + y1) / 2), ((x1 - x0) / n, (y1 - y0) / n)


def test_a_solid_line_between_its_bridge_walls_is_no_area():
    """The solid road, and at one side it crosses (0302/0402, not marked) a bridge: two walls in the road's grey
    and as thin, 6 px either side of it along the crossing. The band there is over ``AREA`` of the colour (old
    code: an area, the side lost); its own pixels run through the hex line's zone no thicker than where marked:
    the line itself, found."""
    grid, im, d, (mx, my), (ux, uy) = _solid_road()
    for side in (-6, 6):
        cx, cy = mx - uy * side, my + ux * side
        d.line([(cx - ux * 12, cy - uy * 12), (cx + ux * 12, cy + uy * 12)], fill=GREY, width=3)
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _sides(grid, ROAD)


def _wide_road_board():
    """A grey road band 11 px wide (a third of the hex: Seelowe's 25-30 px road on 93 px hexes) along ROAD, on white
    paper whose hex lines are a 1 px grey of the road's tone (black lines blended into light ground)."""
    lay, grid, im, d = blank_board(paper=SNOW, ink=(128, 130, 134))
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in ROAD], fill=GREY, width=11, joint="curve")
    return grid, im


def test_a_road_band_wider_than_the_band_share_is_learned_from_its_examples():
    """The wide road's marked sides are each over ``AREA`` full of its grey, its own pixels unbroken through the
    band (old code: the examples refused as an area, the road's width learned from whatever else crossed: the
    thin grey hex lines; the road lost and hex sides found): a wide line, learned from; its sides found, and the
    hex lines, thinner than its examples, refused."""
    grid, im = _wide_road_board()
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _sides(grid, ROAD)


def test_a_solid_line_with_blobs_of_its_colour_touching_it_is_no_area():
    """The solid road (4 px), and at one side it crosses (0302/0402, not marked) four round blobs of its grey
    (radius 3: trees in the road's tone, GMT Red Winter's forest beside its grey road), 2 px either way of the
    side along the road and touching it on both flanks. The band is over ``AREA`` of the colour; the widest disc
    of it there (road and blobs, half-width 4) is more than a pixel over the examples' (2), so the old code took
    it for an area and lost the side. Along its run through the band the stroke is as wide as where marked (the
    blobs widen it only at a few distances from the hex line): the line itself, found."""
    grid, im, d, (mx, my), (ux, uy) = _solid_road()
    for along in (-2, 2):
        for beside in (-4, 4):
            cx, cy = mx + ux * along - uy * beside, my + uy * along + ux * beside
            d.ellipse([cx - 3, cy - 3, cx + 3, cy + 3], fill=GREY)
    assert _found(grid, im, ["0202/0302", "0502/0602"]) == _sides(grid, ROAD)


def _screened_road_board(width: int = 11, ink: tuple[int, int, int] = (128, 130, 134)):
    """The wide road band of :func:`_wide_road_board` (or a road ``width`` px wide on hex lines of ``ink``), its
    middle stretch (hexes 0302-0502) printed through a screen: a pinhole of the paper every 3 px each way across the
    band, as a scan of a halftone tint shows it."""
    lay, grid, im, d = blank_board(paper=SNOW, ink=ink)
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in ROAD], fill=GREY, width=width, joint="curve")
    (x0, _), (x1, _) = lay.hex_to_pixel(grid.hex("0302")), lay.hex_to_pixel(grid.hex("0502"))
    px = im.load()
    assert px is not None
    for x in range(int(x0), int(x1) + 1):
        for y in range(im.height):
            if x % 3 == 0 and y % 3 == 0 and px[x, y] == GREY:
                px[x, y] = SNOW
    return grid, im


def test_a_wide_road_printed_through_a_screen_keeps_its_width():
    """Where the wide road (marked where printed clean, learned from as a line printed wide) is printed through a
    screen (paper pinholes every 3 px), its stroke erodes away in one or two steps: read so, its half-width is under
    half its marked examples' and its crossings there were refused as specks grown together (old code: 0302/0402 and
    0402/0502 lost). For a line printed wide a pinhole (a pixel off the colour whose four neighbours are all on it)
    is filled before the width is read: every road side found, the hex lines refused."""
    grid, im = _screened_road_board()
    assert _found(grid, im, ["0102/0202", "0602/0702"]) == _sides(grid, ROAD)


def test_a_screened_road_is_refused_without_the_pinholes_filled(monkeypatch):
    """The same board with the pinholes left (PINHOLES off): the screened crossings are refused, as the test
    above guards against."""
    from toolkit.terrain import lines

    monkeypatch.setattr(lines, "PINHOLES", False)
    grid, im = _screened_road_board()
    got = _found(grid, im, ["0102/0202", "0602/0702"])
    assert got < _sides(grid, ROAD) and {grid.side_key("0302", "0402"), grid.side_key("0402", "0502")} - got


def test_a_narrow_screened_road_is_read_as_before(monkeypatch):
    """A narrow road (4 px, marked sides not an area of its colour) with the same pinholes over its middle stretch:
    not a line printed wide, so its widths are read as before - the same sides with the rule on and off."""
    from toolkit.terrain import lines

    grid, im = _screened_road_board(width=4, ink=(200, 204, 210))
    on = _found(grid, im, ["0102/0202", "0602/0702"])
    monkeypatch.setattr(lines, "PINHOLES", False)
    assert on == _found(grid, im, ["0102/0202", "0602/0702"])


def test_a_screened_wide_road_clean_in_one_stretch_keeps_its_width_along_its_run():
    """The wide road printed through the screen everywhere but around side 0302/0402 (speckle comes and goes along a
    scanned road), marked where screened. Every crossing of a band this full of its grey is judged by its width along
    its run (traced notes 7) against the examples'; read on the mask as it is, the examples' runs stop at the first
    pinhole and the clean stretch, read whole, was over a pixel wider: taken for an area, the side lost. With the
    pinholes filled for both (traced notes 4) the road is one width everywhere: every road side found, the hex lines
    refused."""
    lay, grid, im, d = blank_board(paper=SNOW, ink=(128, 130, 134))
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in ROAD], fill=GREY, width=11, joint="curve")
    (x0, _), (x1, _) = lay.hex_to_pixel(grid.hex("0302")), lay.hex_to_pixel(grid.hex("0402"))
    px = im.load()
    for x in range(im.width):
        if x0 + 6 <= x <= x1 - 6:
            continue
        for y in range(im.height):
            if x % 3 == 0 and y % 3 == 0 and px[x, y] == GREY:
                px[x, y] = SNOW
    assert _found(grid, im, ["0102/0202", "0602/0702"]) == _sides(grid, ROAD)
