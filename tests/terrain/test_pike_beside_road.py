"""A lone black line (a pike) beside lines of another colour traced in their own (dark-brown roads) that the ink's
tolerance takes in too: toolkit/terrain/lines.py ink_crossings, ink notes 15 (Roads to Gettysburg's scan)."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

PIKE_INK, ROAD_BROWN, WASH = (20, 16, 6), (80, 70, 40), (236, 232, 170)
PIKE = ["0301", "0302", "0303", "0304", "0305", "0306"]
ROADS = (["0601", "0602", "0603", "0604", "0605", "0606"], ["0801", "0802", "0803", "0804", "0805", "0806"])


def _board():
    """50 px hexes on a pale wash, olive hex lines; the pike down column 03 (4 px of black), two roads down columns
    06 and 08 (2 px of dark brown: within the ink's tolerance of the black, not within its ink proper), and black
    town blocks."""
    lay, grid, im, d = blank_board(columns=9, size=50.0, origin=(65.0, 65.0), image=(760, 620), paper=WASH,
                                   ink=(120, 124, 60))
    for ids, colour, width in ((PIKE, PIKE_INK, 4), (ROADS[0], ROAD_BROWN, 2), (ROADS[1], ROAD_BROWN, 2)):
        (x0, y0), (x1, y1) = (lay.hex_to_pixel(grid.hex(i)) for i in (ids[0], ids[-1]))
        d.line([(x0, y0), (x1, y1)], fill=colour, width=width)
    # town blocks in the ink, in the middles of three hexes: with the pike, the scan's darkest pixels (ink notes 14)
    for i in ("0102", "0105", "0904"):
        x, y = lay.hex_to_pixel(grid.hex(i))
        d.rectangle([x - 12, y - 12, x + 12, y + 12], fill=PIKE_INK)
    return grid, im


def _legend(road_yes: list[str]) -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0101", "0406", "0705"]}},
            "features": {"pike": {"colour": "#14100a", "kind": "across", "trace": True,
                                  "yes": [f"{a}/{b}" for a, b in list(pairwise(PIKE))[1:3]]},
                         "road": {"colour": "#504628", "kind": "across", "trace": True, "yes": road_yes}}}


def _found(ext, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}


def test_a_lone_ink_line_is_not_the_darker_parts_of_a_brown_road_marked_beside_it():
    """The pike is the only line in the ink; the roads' brown lies within the ink's tolerance (46) of its black, so
    every long straight road is a line of the ink too and, with no other ink width to tell it from, was the pike
    (the old code: the pike on both roads' sides as well). The road's marked sides read far less of the ink proper
    than the pike's: the ink's crossings under the midpoint are the road's, and the pike is its own column only."""
    grid, im = _board()
    ext = extract(im, grid, _legend(["0601/0602", "0602/0603"]))
    assert _found(ext, "pike") == {grid.side_key(a, b) for a, b in pairwise(PIKE)}


def test_without_marked_road_sides_the_roads_are_not_the_ink_proper():
    """With the road given no marked sides ink notes 15 does not read (it reads the other line's marked sides), but the
    roads' brown is not the ink proper where the pike's marked sides are (ink notes 17: their share read for narrow
    marked sides too): the pike is its own column only."""
    grid, im = _board()
    ext = extract(im, grid, _legend([]))
    assert _found(ext, "pike") == {grid.side_key(a, b) for a, b in pairwise(PIKE)}


def test_without_marked_road_sides_the_old_reading_takes_the_roads(monkeypatch):
    """With ink notes 17 off as well (INK_PROPER) nothing tells the two apart: the pike is found on the roads too, as
    before."""
    from toolkit.terrain import lines

    monkeypatch.setattr(lines, "INK_PROPER", False)
    grid, im = _board()
    ext = extract(im, grid, _legend([]))
    pike = _found(ext, "pike")
    assert {grid.side_key(a, b) for a, b in pairwise(PIKE)} <= pike
    assert {grid.side_key(a, b) for a, b in pairwise(ROADS[0])} <= pike
